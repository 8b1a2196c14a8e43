//! The loader on the fixture schema (`testing::TestSchema`): a valid file loads with every
//! default filled in, problems come all at once with file, line, column and field, catalogs
//! come from memory or a folder, and diagnostics render for people and for scripts. Each rule
//! system tests its own schema in its crate (dice-pool: `tests/schema_broken.rs` there).

use fireteam_scenario::testing::TestSchema;
use fireteam_scenario::{
    load_catalog, load_scenario, CatalogRole, Controller, Loader, OptionValue, Position,
    ProblemKind, SourceFile,
};
use std::path::Path;

const GEAR: &str = r#"[[gear]]
id = "rope"
kind = "tool"
provenance = { invented = "fixture" }

[[gear]]
id = "club"
kind = "weapon"
damage = 2
provenance = { invented = "fixture" }
"#;

const TERRAIN: &str = r#"[[terrain]]
id = "open"
provenance = { invented = "fixture" }

[[terrain]]
id = "wall"
blocks_movement = true
blocks_sight = true
provenance = { invented = "fixture" }
"#;

fn loader() -> Loader<'static> {
    Loader::new()
        .schema(&TestSchema)
        .policies(["greedy", "random"])
        .catalog_files(
            "fixture",
            vec![
                SourceFile::new("gear.toml", GEAR),
                SourceFile::new("terrain.toml", TERRAIN),
            ],
        )
}

const VALID: &str = r##"system = "fixture"
name = "Courtyard"
seed = 7

[options]
"fx.strict" = true

[map]
legend = { "." = "open", "#" = "wall" }
rows = """
..#.
....
"""

[[sides]]
name = "Red"
controller = "ai:greedy"

[[sides]]
name = "Blue"
controller = "script"

[[units]]
name = "Ana"
side = "Red"
at = [0, 0]
stance = "prone"
rank = "sergeant"
equipment = ["club", "rope"]
stats = { skill = 4, armor = 1 }

[[units]]
name = "Ben"
side = "Blue"
at = [3, 1]
stats = { skill = 2 }
"##;

#[test]
fn a_valid_scenario_loads_with_every_default() {
    let loaded = loader()
        .load(&SourceFile::new("court.toml", VALID))
        .unwrap_or_else(|d| panic!("{}", d.render_plain()));
    let s = &loaded.scenario;
    assert_eq!(
        (s.system.as_str(), s.name.as_str()),
        ("fixture", "Courtyard")
    );
    assert_eq!(s.option("fx.strict"), Some(&OptionValue::Bool(true)));
    assert_eq!((s.map.width, s.map.height), (4, 2));
    assert_eq!(s.map.cell(Position::new(2, 0)).unwrap().terrain, "wall");
    assert_eq!(s.sides[0].controller, Controller::Ai("greedy".into()));
    assert_eq!(s.sides[1].controller, Controller::Script);
    assert_eq!(s.units[0].stance.as_deref(), Some("prone"));
    assert_eq!(s.units[0].equipment, ["club", "rope"]);
    assert_eq!(s.units[1].stance.as_deref(), Some("standing"), "the first");
    assert_eq!(s.units[1].stats["armor"], 0, "the default");
    // The system's own unit field, given by Ana and left out by Ben.
    assert_eq!(
        s.units[0].field("rank"),
        Some(&fireteam_scenario::Value::Text("sergeant".into()))
    );
    assert_eq!(s.units[1].field("rank"), None);
    let gear: Vec<&str> = loaded
        .catalog
        .with_role(CatalogRole::Equipment)
        .map(|e| e.id.as_str())
        .collect();
    assert_eq!(gear, ["club", "rope"]);
    assert_eq!(
        loaded.content_hashes().keys().collect::<Vec<_>>(),
        ["court.toml", "gear.toml", "terrain.toml"]
    );
}

#[test]
fn every_problem_of_a_file_is_reported_at_once() {
    let broken = VALID
        .replace("\"fx.strict\" = true", "\"fx.strickt\" = true")
        .replace("at = [3, 1]", "at = [2, 0]")
        .replace("stats = { skill = 2 }", "stats = { skill = 12, luck = 1 }")
        .replace("stance = \"prone\"", "stance = \"kneeling\"")
        .replace("rank = \"sergeant\"", "rank = \"sergent\"");
    let err = loader()
        .load(&SourceFile::new("court.toml", broken))
        .unwrap_err();
    let kinds: Vec<ProblemKind> = err.problems().iter().map(|p| p.kind).collect();
    for k in [
        ProblemKind::UnknownOption,
        ProblemKind::UnknownStance,
        ProblemKind::Impassable,
        ProblemKind::StatRange,
        ProblemKind::UnknownStat,
    ] {
        assert!(kinds.contains(&k), "no {k:?} in\n{}", err.render_plain());
    }
    let text = err.render_plain();
    assert!(
        text.contains("court.toml:28:8: units[0].rank: 'sergent' is not an allowed value (help: did you mean 'sergeant'?)"),
        "{text}"
    );
    assert!(
        text.contains("court.toml:36:19: units[1].stats.skill: skill = 12 is out of range (help: use a value from 0 to 10 (FX-01: dice rolled))"),
        "{text}"
    );
}

#[test]
fn a_systems_entry_check_is_reported_at_the_entry() {
    let gear = SourceFile::new(
        "gear.toml",
        "[[gear]]\nid = \"axe\"\nkind = \"weapon\"\nprovenance = { invented = \"fixture\" }\n",
    );
    let err = load_catalog(&[gear], &TestSchema).unwrap_err();
    assert_eq!(
        err.render_plain(),
        "gear.toml:1:1: gear[0]: a weapon needs 'damage' (help: add damage = … to this entry)\n"
    );
}

#[test]
fn missing_files_are_reported() {
    let loader = Loader::new().schema(&TestSchema).data_dir("no-such-data");
    let err = loader
        .load_path(Path::new("tests/no-such.toml"))
        .unwrap_err();
    assert_eq!(err.problems()[0].kind, ProblemKind::Io);
    assert!(err
        .render_plain()
        .starts_with("tests/no-such.toml: cannot read the file: "));

    let file = SourceFile::new("ok.toml", "system = \"fixture\"\n");
    let text = loader.load(&file).unwrap_err().render_plain();
    assert!(
        text.contains("no-such-data/fixture: cannot read the catalog folder: "),
        "{text}"
    );
}

#[test]
fn catalog_problems_come_with_the_scenario_and_are_not_repeated() {
    // The club's entry is broken; the scenario names it, and is told once, by the catalog.
    let gear = SourceFile::new(
        "gear.toml",
        "[[gear]]\nid = \"club\"\nkind = \"weapon\"\ndamage = 2\n",
    );
    let err = Loader::new()
        .schema(&TestSchema)
        .catalog_files(
            "fixture",
            vec![gear, SourceFile::new("terrain.toml", TERRAIN)],
        )
        .load(&SourceFile::new(
            "court.toml",
            VALID.replace(", \"rope\"", ""),
        ))
        .unwrap_err();
    assert_eq!(
        err.render_plain(),
        "gear.toml:1:1: gear[0].provenance: 'club' has no provenance (help: add provenance = { book = \"<rule or table ID>\" } for values from the book, or provenance = { invented = \"<where it is recorded, e.g. DP GAPS Part D>\" })\n"
    );
}

#[test]
fn load_scenario_refuses_another_system() {
    let catalog = load_catalog(&[], &TestSchema).unwrap();
    let file = SourceFile::new("t.toml", "system = \"skirmish\"\nname = \"t\"\n");
    let text = load_scenario(&file, &TestSchema, &catalog)
        .unwrap_err()
        .render_plain();
    assert!(
        text.contains("t.toml:1:10: system: unknown system 'skirmish' (help: the known systems are 'fixture')\n"),
        "{text}"
    );
}

#[test]
fn known_policies_are_checked_when_the_loader_has_them() {
    let text = VALID.replace("ai:greedy", "ai:greedyy");
    let err = loader()
        .load(&SourceFile::new("court.toml", text.clone()))
        .unwrap_err();
    assert_eq!(
        err.render_plain(),
        "court.toml:17:14: sides[0].controller: unknown AI policy 'greedyy' (help: did you mean 'ai:greedy'?)\n"
    );
    // Without a list, any well-formed policy name is taken.
    let open = Loader::new().schema(&TestSchema).catalog_files(
        "fixture",
        vec![
            SourceFile::new("gear.toml", GEAR),
            SourceFile::new("terrain.toml", TERRAIN),
        ],
    );
    assert!(open.load(&SourceFile::new("court.toml", text)).is_ok());
}

#[test]
fn diagnostics_render_every_problem_for_people() {
    use miette::{GraphicalReportHandler, GraphicalTheme};
    let broken = VALID
        .replace(
            "name = \"Courtyard\"",
            "name = \"Courtyard\"\ncolour = \"red\"",
        )
        .replace("side = \"Blue\"", "side = \"Bleu\"");
    let err = loader()
        .load(&SourceFile::new("court.toml", broken))
        .unwrap_err();
    let mut out = String::new();
    GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(200)
        .render_report(&mut out, &err)
        .unwrap();
    assert!(
        out.contains(&format!("{} problems in court.toml", err.len())),
        "{out}"
    );
    for p in err.problems() {
        assert!(
            out.contains(&p.message),
            "missing {:?} in\n{out}",
            p.message
        );
        assert!(
            out.contains(&format!("court.toml:{}:{}", p.line, p.column)),
            "missing the place of {:?} in\n{out}",
            p.message
        );
    }
    assert!(out.contains("scenario::unknown-field"));
}

#[test]
fn a_unit_cell_may_be_written_as_text_col_row() {
    for written in ["\"3,1\"", "\"3, 1\"", "\"[3, 1]\"", "\"(3,1)\"", "\"3 1\""] {
        let text = VALID.replace("at = [3, 1]", &format!("at = {written}"));
        let loaded = loader()
            .load(&SourceFile::new("court.toml", text))
            .unwrap_or_else(|d| panic!("{written}: {}", d.render_plain()));
        assert_eq!(
            loaded.scenario.units[1].at,
            Position::new(3, 1),
            "{written}"
        );
    }
    let text = VALID.replace("at = [3, 1]", "at = \"3;1\"");
    let err = loader()
        .load(&SourceFile::new("court.toml", text))
        .unwrap_err()
        .render_plain();
    assert!(
        err.contains("'3;1' is not a cell: expected column,row"),
        "{err}"
    );
    // Messages write cells col,row.
    let text = VALID.replace("at = [3, 1]", "at = [0, 0]");
    let err = loader()
        .load(&SourceFile::new("court.toml", text))
        .unwrap_err()
        .render_plain();
    assert!(err.contains("units[0] already stands at 0,0"), "{err}");
}
