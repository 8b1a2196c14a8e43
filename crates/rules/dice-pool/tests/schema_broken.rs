//! The corpus of broken files: each `tests/broken/NAME.toml` (scenarios) and
//! `tests/broken_catalogs/NAME.toml` (catalogs) must produce exactly the problems in
//! `NAME.expected`, one plain line each. Together they must cover every problem kind.
//!
//! After a deliberate change of wording, regenerate with `UPDATE_EXPECT=1 cargo test -p
//! fireteam-dice-pool --test schema_broken` and review the diff.

use fireteam_dice_pool::schema::DicePoolSchema;
use fireteam_scenario::{load_catalog, Diagnostics, Loader, ProblemKind, SourceFile};
use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

/// Runs `load` on every `.toml` in `dir` and compares with its `.expected`; returns the kinds
/// of problem seen.
fn corpus(
    dir: &str,
    load: impl Fn(&SourceFile) -> Result<(), Diagnostics>,
) -> BTreeSet<ProblemKind> {
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut kinds = BTreeSet::new();
    let mut failures = Vec::new();
    let mut paths: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no files in {dir}");
    for path in paths {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let file = SourceFile::new(name.clone(), fs::read_to_string(&path).unwrap());
        let got = match load(&file) {
            Ok(()) => format!("{name}: loaded without problems\n"),
            Err(d) => {
                kinds.extend(d.problems().iter().map(|p| p.kind));
                d.render_plain()
            }
        };
        let expected_path = path.with_extension("expected");
        if update {
            fs::write(&expected_path, &got).unwrap();
            continue;
        }
        let expected = fs::read_to_string(&expected_path).unwrap_or_default();
        if got != expected {
            failures.push(format!(
                "== {}\n-- expected:\n{expected}-- got:\n{got}",
                path.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    kinds
}

fn scenarios() -> BTreeSet<ProblemKind> {
    let loader = Loader::new()
        .schema(&DicePoolSchema)
        .data_dir("../../../data");
    corpus("tests/broken", |f| loader.load(f).map(|_| ()))
}

fn catalogs() -> BTreeSet<ProblemKind> {
    corpus("tests/broken_catalogs", |f| {
        load_catalog(std::slice::from_ref(f), &DicePoolSchema).map(|_| ())
    })
}

#[test]
fn broken_scenarios_give_exactly_the_expected_problems() {
    scenarios();
}

#[test]
fn broken_catalogs_give_exactly_the_expected_problems() {
    catalogs();
}

#[test]
fn the_corpus_covers_every_problem_kind() {
    let mut seen = scenarios();
    seen.extend(catalogs());
    // Io has no file content to show; `missing_files_are_reported` covers it.
    let missing: Vec<_> = ProblemKind::ALL
        .iter()
        .filter(|k| **k != ProblemKind::Io && !seen.contains(k))
        .collect();
    assert!(missing.is_empty(), "no broken file shows {missing:?}");
}

#[test]
fn missing_files_are_reported() {
    let loader = Loader::new()
        .schema(&DicePoolSchema)
        .data_dir("no-such-data");
    let err = loader
        .load_path(Path::new("tests/no-such.toml"))
        .unwrap_err();
    assert_eq!(err.problems()[0].kind, ProblemKind::Io);
    assert!(err
        .render_plain()
        .starts_with("tests/no-such.toml: cannot read the file: "));

    let file = SourceFile::new("ok.toml", "system = \"dice-pool\"\n");
    let err = loader.load(&file).unwrap_err();
    let text = err.render_plain();
    assert!(
        text.contains("no-such-data/dice-pool: cannot read the catalog folder: "),
        "{text}"
    );
}

#[test]
fn catalog_problems_come_with_the_scenario_and_are_not_repeated() {
    // The rifle's entry is broken; the scenario names it, and is told once, by the catalog.
    let weapons = SourceFile::new(
        "weapons.toml",
        "[[weapon]]\nid = \"DP-RIFLE\"\nkind = \"firearm\"\ndl = 5\n",
    );
    let terrain = SourceFile::new(
        "terrain.toml",
        "[[terrain]]\nid = \"open\"\nprovenance = { invented = \"t\" }\n",
    );
    let scenario = SourceFile::new(
        "s.toml",
        "system = \"dice-pool\"\nname = \"s\"\n[map]\nlegend = { \".\" = \"open\" }\nrows = \"..\"\n[[sides]]\nname = \"A\"\ncontroller = \"human\"\n[[units]]\nname = \"Ana\"\nside = \"A\"\nat = [0, 0]\nequipment = [\"DP-RIFLE\"]\nstats = { dexterity = 4, firearms = 5, melee = 3, throwing = 4, dodge = 2, pain_resistance = 3 }\n",
    );
    let err = Loader::new()
        .schema(&DicePoolSchema)
        .catalog_files("dice-pool", vec![weapons, terrain])
        .load(&scenario)
        .unwrap_err();
    assert_eq!(
        err.render_plain(),
        "weapons.toml:1:1: weapon[0].provenance: 'DP-RIFLE' has no provenance (help: add provenance = { book = \"<rule or table ID>\" } for values from the book, or provenance = { invented = \"<where it is recorded, e.g. DP GAPS Part D>\" })\n"
    );
}
