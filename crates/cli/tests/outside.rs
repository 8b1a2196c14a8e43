//! fireteam run outside the repository, as an installed binary is: scenarios and saves in a
//! folder of their own, with no `data/` folder in sight.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn fireteam_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fireteam"))
        .current_dir(dir)
        .args(args)
        .env_remove("FIRETEAM_DATA")
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Whether `dir` or a folder above it holds a `data/` folder of catalogs.
fn catalogs_above(dir: &Path) -> bool {
    dir.ancestors().any(|d| {
        ["dice-pool", "skirmish"]
            .iter()
            .any(|s| d.join("data").join(s).is_dir())
    })
}

/// A fresh folder outside the repository: under the temporary folder, or another shared one
/// when a `data/` folder sits above the temporary folder (then the test could not tell the
/// built-in catalogs from that folder's).
fn outside(name: &str) -> PathBuf {
    let bases = [
        std::env::temp_dir(),
        PathBuf::from("/var/tmp"),
        PathBuf::from("/dev/shm"),
    ];
    let base = bases
        .iter()
        .find(|b| b.is_dir() && !catalogs_above(b))
        .unwrap_or(&bases[0]);
    let dir = base.join(format!("fireteam-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn copy_in(dir: &Path, scenario: &str) -> String {
    let name = Path::new(scenario)
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    std::fs::copy(root().join(scenario), dir.join(&name)).unwrap();
    name
}

#[test]
fn a_scenario_outside_the_repository_plays_with_the_built_in_catalogs() {
    let dir = outside("built-in");
    let yard = copy_in(&dir, "scenarios/dice-pool/yard.toml");
    let arena = copy_in(&dir, "scenarios/skirmish/arena.toml");
    let o = fireteam_in(&dir, &["check", &yard, &arena]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains("ok: yard.toml"), "{}", out(&o));
    assert!(out(&o).contains("ok: arena.toml"), "{}", out(&o));
    let o = fireteam_in(&dir, &["run", &yard, "--save", "yard.json"]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains(" wins ══"), "{}", out(&o));
    if !catalogs_above(&dir) {
        // The save names the catalogs it was played with: the built-in ones.
        let save: Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("yard.json")).unwrap()).unwrap();
        let files: Vec<&String> = save["content_hashes"].as_object().unwrap().keys().collect();
        assert!(
            files.contains(&&"built-in:data/dice-pool/weapons.toml".to_string()),
            "{files:?}"
        );
    }
    let o = fireteam_in(&dir, &["sim", &arena, "-n", "2"]);
    assert!(o.status.success(), "{}", err(&o));
    let o = fireteam_in(
        &dir,
        &[
            "experience",
            "--str",
            "11",
            "--dex",
            "12",
            "--int",
            "9",
            "--skills",
            "knife",
            "--ep",
            "26",
        ],
    );
    assert!(o.status.success(), "{}", err(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_given_catalog_folder_that_is_missing_is_still_an_error() {
    let dir = outside("missing-data");
    let yard = copy_in(&dir, "scenarios/dice-pool/yard.toml");
    let o = fireteam_in(&dir, &["check", &yard, "--data", "no-such-folder"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        err(&o).contains("cannot read the catalog folder"),
        "{}",
        err(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_built_in_catalogs_are_the_shipped_data_folder() {
    // The binary embeds data/ when it is built (build.rs): the same seed plays the same
    // battle with the embedded catalogs as with the folder.
    let dir = outside("same-data");
    let yard = copy_in(&dir, "scenarios/dice-pool/yard.toml");
    let data = root().join("data");
    let with_folder = fireteam_in(
        &dir,
        &[
            "run",
            &yard,
            "--seed",
            "3",
            "--data",
            data.to_str().unwrap(),
        ],
    );
    let built_in = fireteam_in(&dir, &["run", &yard, "--seed", "3"]);
    assert!(built_in.status.success(), "{}", err(&built_in));
    assert_eq!(out(&with_folder), out(&built_in));
    std::fs::remove_dir_all(&dir).unwrap();
}
