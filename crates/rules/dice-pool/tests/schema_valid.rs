//! The dice-pool schema on the scenario loader: valid files load with exactly the expected
//! contents; the catalog in `data/dice-pool` is valid; problems render for people (miette) and
//! for scripts (one line each).

use fireteam_dice_pool::schema::DicePoolSchema;
use fireteam_scenario::{
    load_catalog, load_catalog_dir, load_scenario, CatalogRole, Controller, GridKind, Loader,
    OptionValue, Position, Provenance, SourceFile, Value,
};
use std::collections::BTreeMap;
use std::path::Path;

const DATA: &str = "../../../data";

fn loader() -> Loader<'static> {
    Loader::new().schema(&DicePoolSchema).data_dir(DATA)
}

#[test]
fn the_warehouse_scenario_loads_with_every_field() {
    let loaded = loader()
        .load_path(Path::new("tests/valid/warehouse.toml"))
        .unwrap_or_else(|e| panic!("{}", e.render_plain()));
    let s = &loaded.scenario;
    assert_eq!(s.system, "dice-pool");
    assert_eq!(s.name, "Warehouse ambush");
    assert!(s.description.starts_with("Red waits"));
    assert_eq!(s.seed, Some(42));
    assert_eq!(s.max_rounds, Some(20));

    // Every declared option is present: the one set, and the others at their defaults.
    assert_eq!(s.options.len(), 11);
    assert_eq!(
        s.option("dp.strictly_greater"),
        Some(&OptionValue::Bool(true))
    );
    assert!(s.flag("dp.strictly_greater"));
    assert!(!s.flag("dp.armor_flat"));

    assert_eq!(s.map.grid, GridKind::Hex);
    assert_eq!((s.map.width, s.map.height), (10, 4));
    assert_eq!(s.map.cells.len(), 40);
    let cell = |c, r| s.map.cell(Position::new(c, r)).unwrap();
    assert_eq!(cell(0, 0).terrain, "open");
    assert_eq!(cell(2, 1).terrain, "wall");
    assert_eq!(cell(6, 2).terrain, "low-wall");
    assert_eq!(cell(8, 2).terrain, "smoke");
    assert_eq!(cell(6, 3).terrain, "dark");
    assert_eq!(cell(1, 3).terrain, "rubble");
    assert_eq!(cell(1, 3).elevation, 1);
    assert_eq!(cell(9, 3).elevation, 1);
    assert_eq!(cell(0, 0).elevation, 0);
    assert!(s.map.cell(Position::new(10, 0)).is_none());

    assert_eq!(s.sides.len(), 2);
    assert_eq!(s.sides[0].name, "Red");
    assert_eq!(s.sides[0].controller, Controller::Ai("greedy".into()));
    assert_eq!(s.sides[1].controller, Controller::Human);

    let ana = &s.units[0];
    assert_eq!(ana.name, "Ana");
    assert_eq!(ana.side, 0);
    assert_eq!(ana.at, Position::new(1, 1));
    assert_eq!(ana.facing, 2);
    assert_eq!(ana.stance.as_deref(), Some("prone"));
    assert_eq!(ana.equipment, ["DP-PISTOL", "DP-KNIFE"]);
    let stats: BTreeMap<String, i64> = [
        ("dexterity", 4),
        ("firearms", 5),
        ("melee", 3),
        ("throwing", 4),
        ("dodge", 2),
        ("pain_resistance", 3),
        ("armor", 1),
        ("wound_limit", 10), // the default
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    assert_eq!(ana.stats, stats);

    let ben = &s.units[1];
    assert_eq!(ben.side, 1);
    assert_eq!(ben.at, Position::new(9, 3));
    assert_eq!(ben.facing, 0, "the default facing");
    assert_eq!(ben.stance.as_deref(), Some("standing"), "the first stance");
    assert_eq!(ben.stats["armor"], 0, "the default");
    assert_eq!(ben.stats["wound_limit"], 12);

    // The hashes of the scenario and both catalog files, for saves.
    let hashes = loaded.content_hashes();
    let names: Vec<&str> = hashes.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "../../../data/dice-pool/terrain.toml",
            "../../../data/dice-pool/weapons.toml",
            "tests/valid/warehouse.toml"
        ]
    );
    let text = std::fs::read("tests/valid/warehouse.toml").unwrap();
    assert_eq!(
        hashes["tests/valid/warehouse.toml"],
        fireteam_scenario::content_hash(&text)
    );
    assert!(hashes.values().all(|h| h.len() == 16));
}

#[test]
fn the_dice_pool_catalog_is_valid_and_complete() {
    let catalog = load_catalog_dir(Path::new("../../../data/dice-pool"), &DicePoolSchema)
        .unwrap_or_else(|e| panic!("{}", e.render_plain()));
    let weapons: Vec<&str> = catalog
        .with_role(CatalogRole::Equipment)
        .map(|e| e.id.as_str())
        .collect();
    assert_eq!(
        weapons,
        [
            "DP-GRENADE",
            "DP-KNIFE",
            "DP-PISTOL",
            "DP-REVOLVER",
            "DP-RIFLE",
            "DP-SMART-SMG",
            "DP-UNARMED"
        ]
    );
    let terrain: Vec<&str> = catalog
        .with_role(CatalogRole::Terrain)
        .map(|e| e.id.as_str())
        .collect();
    assert_eq!(
        terrain,
        ["dark", "low-wall", "open", "rubble", "smoke", "wall"]
    );

    // GAPS.md Part D, field by field for two entries.
    let rifle = catalog.get("DP-RIFLE").unwrap();
    assert_eq!(rifle.text("kind"), Some("firearm"));
    assert_eq!(
        rifle.get("modes"),
        Some(&Value::List(vec![
            Value::Text("SS".into()),
            Value::Text("SA".into()),
            Value::Text("FA".into())
        ]))
    );
    assert_eq!(rifle.int("dl"), Some(5));
    assert_eq!(rifle.int("clip"), Some(30));
    assert_eq!(rifle.int("scope"), Some(1));
    assert!(rifle.flag("laser_sight"));
    assert!(!rifle.flag("smart"));
    assert_eq!(
        rifle.provenance,
        Provenance::Invented {
            reference: "DP GAPS Part D".into(),
            note: None
        }
    );
    let grenade = catalog.get("DP-GRENADE").unwrap();
    assert_eq!(grenade.int("damage_radius"), Some(9));
    assert_eq!(grenade.int("dl"), Some(6));

    assert!(catalog.get("wall").unwrap().flag("blocks_movement"));
    assert!(catalog.get("wall").unwrap().flag("blocks_sight"));
    assert!(!catalog.get("low-wall").unwrap().flag("blocks_movement"));
    assert!(matches!(
        catalog.get("low-wall").unwrap().provenance,
        Provenance::Book { ref rule, .. } if rule == "DP-TAB-MODIFIERS"
    ));
    // Every entry says where it comes from (a missing one would not load at all).
    assert!(catalog
        .entries()
        .all(|e| !e.provenance.to_string().is_empty()));
}

#[test]
fn a_catalog_with_provenance_loads_and_one_without_does_not() {
    let with = SourceFile::new(
        "with.toml",
        "[[terrain]]\nid = \"open\"\nprovenance = { book = \"DP-TAB-MODIFIERS\" }\n",
    );
    let catalog = load_catalog(&[with], &DicePoolSchema).unwrap();
    assert_eq!(catalog.len(), 1);
    assert_eq!(catalog.files()[0].name, "with.toml");

    let without = SourceFile::new("without.toml", "[[terrain]]\nid = \"open\"\n");
    let err = load_catalog(&[without], &DicePoolSchema).unwrap_err();
    assert_eq!(
        err.render_plain(),
        "without.toml:1:1: terrain[0].provenance: 'open' has no provenance (help: add provenance = { book = \"<rule or table ID>\" } for values from the book, or provenance = { invented = \"<where it is recorded, e.g. DP GAPS Part D>\" })\n"
    );
}

#[test]
fn in_memory_catalogs_and_load_scenario_work_without_a_data_folder() {
    let terrain = SourceFile::new(
        "terrain.toml",
        "[[terrain]]\nid = \"open\"\nprovenance = { invented = \"test\" }\n",
    );
    let catalog = load_catalog(std::slice::from_ref(&terrain), &DicePoolSchema).unwrap();
    let text = "system = \"dice-pool\"\nname = \"t\"\nunits = []\n[map]\nlegend = { \".\" = \"open\" }\nrows = \"..\"\n[[sides]]\nname = \"A\"\ncontroller = \"script\"\n";
    let file = SourceFile::new("t.toml", text);
    let s = load_scenario(&file, &DicePoolSchema, &catalog).unwrap();
    assert_eq!((s.map.width, s.map.height), (2, 1));
    assert_eq!(s.sides[0].controller, Controller::Script);

    let loaded = Loader::new()
        .schema(&DicePoolSchema)
        .catalog_files("dice-pool", vec![terrain])
        .load(&file)
        .unwrap();
    assert_eq!(loaded.scenario, s);
}

#[test]
fn a_scenario_for_another_system_is_refused_by_load_scenario() {
    let catalog = load_catalog(&[], &DicePoolSchema).unwrap();
    let file = SourceFile::new("t.toml", "system = \"skirmish\"\nname = \"t\"\n");
    let err = load_scenario(&file, &DicePoolSchema, &catalog).unwrap_err();
    let text = err.render_plain();
    assert!(
        text.contains("t.toml:1:10: system: unknown system 'skirmish' (help: the known systems are 'dice-pool')\n"),
        "{text}"
    );
}

#[test]
fn known_policies_are_checked_when_the_loader_has_them() {
    let file = SourceFile::new(
        "p.toml",
        "system = \"dice-pool\"\nname = \"p\"\nunits = []\n[map]\nlegend = { \".\" = \"open\" }\nrows = \".\"\n[[sides]]\nname = \"A\"\ncontroller = \"ai:greedyy\"\n",
    );
    let err = loader()
        .policies(["random", "greedy"])
        .load(&file)
        .unwrap_err();
    assert_eq!(
        err.render_plain(),
        "p.toml:9:14: sides[0].controller: unknown AI policy 'greedyy' (help: did you mean 'ai:greedy'?)\n"
    );
    // Without a list, any well-formed policy name is taken.
    assert!(loader().load(&file).is_ok());
}

#[test]
fn diagnostics_render_every_problem_for_people() {
    use miette::{GraphicalReportHandler, GraphicalTheme};
    let text = std::fs::read_to_string("tests/broken/many_errors.toml").unwrap();
    let err = loader()
        .load(&SourceFile::new("many_errors.toml", text))
        .unwrap_err();
    let mut out = String::new();
    GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(200)
        .render_report(&mut out, &err)
        .unwrap();
    assert!(
        out.contains(&format!("{} problems in many_errors.toml", err.len())),
        "{out}"
    );
    for p in err.problems() {
        assert!(
            out.contains(&p.message),
            "missing {:?} in\n{out}",
            p.message
        );
        assert!(
            out.contains(&format!("many_errors.toml:{}:{}", p.line, p.column)),
            "missing the place of {:?} in\n{out}",
            p.message
        );
    }
    assert!(out.contains("scenario::unknown-field"));
}

const SIZED: &str = r#"system = "dice-pool"
name = "Sized"

[map]
legend = { "." = "open" }
rows = """
........
"""

[[sides]]
name = "Red"
controller = "script"

[[sides]]
name = "Blue"
controller = "script"

[[units]]
name = "Anna"
side = "Red"
at = [1, 0]
equipment = ["DP-PISTOL"]
stats = { dexterity = 4, firearms = 5, melee = 3, throwing = 4, dodge = 2, pain_resistance = 3 }

[[units]]
name = "Truck"
side = "Blue"
at = [6, 0]
size = "large"
stats = { dexterity = 2, firearms = 3, melee = 4, throwing = 2, dodge = 3, pain_resistance = 4 }
"#;

/// A unit's `size` is the target-size row of DP-TAB-MODIFIERS for attacks on it (DP-MOD-04).
/// Anna draws her pistol and shoots the large Truck 5 m away (short, 10): firearms 5, −1
/// drawing, +1 large target = 5 dice; 1+1+1+1+1 = 5 < 10, a miss.
#[test]
fn dp_mod_04_a_scenario_sets_a_units_target_size() {
    use fireteam_dice::ScriptedSource;
    use fireteam_dice_pool::resolve::Size;
    use fireteam_dice_pool::{scenario::setup, DicePool, Event};
    use fireteam_engine::{Battle, RuleSystem};
    let loaded = loader()
        .load(&SourceFile::new("sized.toml", SIZED))
        .unwrap_or_else(|d| panic!("{}", d.render_plain()));
    assert_eq!(
        loaded.scenario.units[1].field("size"),
        Some(&Value::Text("large".into()))
    );
    assert_eq!(loaded.scenario.units[0].field("size"), None);
    let state = setup(&loaded).build();
    assert_eq!(state.unit(0).size, Size::Human, "the default (DP-G16)");
    assert_eq!(state.unit(1).size, Size::Large);
    let mut b = Battle::new(&DicePool, state);
    for (text, faces) in [
        ("start turn 1", vec![6, 1]),
        ("shoot Anna -> Truck with pistol mode=SS shots=1", vec![]),
        ("dodge Truck 0", vec![]),
        ("roll Truck", vec![1, 1, 1, 1, 1]),
    ] {
        let a = DicePool.parse_action(b.state(), text).unwrap();
        let ev = b
            .step(&a, &mut ScriptedSource::new(faces))
            .unwrap()
            .to_vec();
        if let Some(roll) = ev.iter().find_map(|e| match e {
            Event::AttackRolled { roll, .. } => Some(roll.clone()),
            _ => None,
        }) {
            let size = roll
                .modifiers
                .iter()
                .find(|m| m.id == "size-large")
                .unwrap();
            assert_eq!(
                (size.value, size.applied, size.rule.0),
                (1, true, "DP-MOD-04")
            );
            assert_eq!((roll.pool, roll.total, roll.hit), (5, 5, false));
        }
    }
}

#[test]
fn a_bad_size_is_reported_with_file_line_and_field() {
    for (value, expected) in [
        (
            "\"huge\"",
            "sized.toml:29:8: units[1].size: 'huge' is not an allowed value (help: use 'very-small', 'small', 'human', 'large' or 'very-large')\n",
        ),
        (
            "\"larg\"",
            "sized.toml:29:8: units[1].size: 'larg' is not an allowed value (help: did you mean 'large'?)\n",
        ),
        (
            "3",
            "sized.toml:29:8: units[1].size: expected a string, found an integer (help: write size = \"…\")\n",
        ),
    ] {
        let text = SIZED.replace("size = \"large\"", &format!("size = {value}"));
        let err = loader()
            .load(&SourceFile::new("sized.toml", text))
            .unwrap_err();
        assert_eq!(err.render_plain(), expected);
    }
}
