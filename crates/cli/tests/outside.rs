//! fireteam run outside the repository, as an installed binary is: scenarios and saves in
//! folders of their own, with no `data/` folder in sight, and saves replayed or resumed from
//! another folder than the one they were played in.

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

/// An error as one line of words: miette wraps long lines, with a margin and hyphen breaks.
fn words(o: &Output) -> String {
    err(o)
        .replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace("- ", "-")
}

fn save_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn replay_finds_the_scenario_beside_an_old_save_from_any_folder() {
    let dir = outside("beside");
    let yard = copy_in(&dir, "scenarios/dice-pool/yard.toml");
    let o = fireteam_in(
        &dir,
        &["run", &yard, "--stop-after", "8", "--save", "y.json"],
    );
    assert!(o.status.success(), "{}", err(&o));
    // A version 1 save: no working folder recorded; the save names "yard.toml".
    let mut v = save_json(&dir.join("y.json"));
    let obj = v.as_object_mut().unwrap();
    obj.remove("workdir");
    obj.insert("format_version".into(), Value::from(1));
    assert!(obj["content_hashes"].get("yard.toml").is_some(), "{v}");
    std::fs::write(dir.join("y.json"), v.to_string()).unwrap();
    let save = dir.join("y.json");
    let o = fireteam_in(&root(), &["replay", save.to_str().unwrap()]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains("replayed 8 actions"), "{}", out(&o));
    // Found from elsewhere, the scenario is still checked against the save.
    let text = std::fs::read_to_string(dir.join(&yard)).unwrap();
    std::fs::write(
        dir.join(&yard),
        text.replace("The yard", "The yard, changed"),
    )
    .unwrap();
    let o = fireteam_in(&root(), &["replay", save.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        words(&o).contains("has changed since the save was written"),
        "{}",
        err(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn replay_finds_the_scenario_from_the_folder_the_battle_was_played_in() {
    let dir = outside("played-in");
    std::fs::create_dir_all(dir.join("scenarios")).unwrap();
    std::fs::create_dir_all(dir.join("saves")).unwrap();
    std::fs::copy(
        root().join("scenarios/dice-pool/yard.toml"),
        dir.join("scenarios/yard.toml"),
    )
    .unwrap();
    let o = fireteam_in(
        &dir,
        &[
            "run",
            "scenarios/yard.toml",
            "--stop-after",
            "8",
            "--save",
            "saves/y.json",
        ],
    );
    assert!(o.status.success(), "{}", err(&o));
    // From the saves folder, "scenarios/yard.toml" is neither here nor beside the save.
    let o = fireteam_in(&dir.join("saves"), &["replay", "y.json"]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains("every checksum matches"), "{}", out(&o));
    let o = fireteam_in(&dir.join("saves"), &["aftermath", "y.json"]);
    assert!(!err(&o).contains("cannot find the scenario"), "{}", err(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_save_resumed_in_another_scenario_names_its_own() {
    let dir = outside("wrong-scenario");
    let yard = copy_in(&dir, "scenarios/dice-pool/yard.toml");
    let alley = copy_in(&dir, "scenarios/dice-pool/night-alley.toml");
    let arena = copy_in(&dir, "scenarios/skirmish/arena.toml");
    let o = fireteam_in(
        &dir,
        &["run", &yard, "--stop-after", "8", "--save", "y.json"],
    );
    assert!(o.status.success(), "{}", err(&o));
    for other in [&alley, &arena] {
        let o = fireteam_in(&dir, &["run", other, "--resume", "y.json"]);
        assert_eq!(o.status.code(), Some(1), "{}", out(&o));
        let e = words(&o);
        assert!(
            e.contains("y.json is a battle of the scenario yard.toml (\"The yard\")"),
            "{e}"
        );
        assert!(e.contains(&format!("not of {other}")), "{e}");
        assert!(e.contains("fireteam run yard.toml --resume y.json"), "{e}");
    }
    // Its own scenario resumes, from here or from another folder.
    let o = fireteam_in(
        &dir,
        &["run", &yard, "--resume", "y.json", "--stop-after", "9"],
    );
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains("resumed after 8 actions"), "{}", out(&o));
    let moved = dir.join("elsewhere");
    std::fs::create_dir_all(&moved).unwrap();
    std::fs::copy(dir.join(&yard), moved.join("yard-copy.toml")).unwrap();
    let save = dir.join("y.json");
    let o = fireteam_in(
        &moved,
        &[
            "run",
            "yard-copy.toml",
            "--resume",
            save.to_str().unwrap(),
            "--stop-after",
            "9",
        ],
    );
    assert!(o.status.success(), "{}", err(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}
