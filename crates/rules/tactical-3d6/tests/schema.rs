//! The tactical-3d6 schema on the scenario loader: the duel of GAPS Part D loads with every
//! field; `data/tactical-3d6` is valid and `catalog::read` gives exactly the Part D numbers and
//! every row of T3-TAB-COVERDR; broken scenarios and catalog entries give exactly the expected
//! problem, one plain line each.

use fireteam_scenario::{
    load_catalog, load_catalog_dir, CatalogRole, Controller, GridKind, Loaded, Loader, OptionValue,
    Position, Provenance, SourceFile, Value,
};
use fireteam_tactical_3d6::catalog::{self, Catalogs, Index};
use fireteam_tactical_3d6::data::{Damage, Location, Weapon};
use fireteam_tactical_3d6::schema::Tactical3d6Schema;
use fireteam_tactical_3d6::tables::ReadyTask;
use std::path::Path;

const DATA: &str = "../../../data";
const DUEL: &str = "tests/valid/duel.toml";

fn loader() -> Loader<'static> {
    Loader::new().schema(&Tactical3d6Schema).data_dir(DATA)
}

fn duel_text() -> String {
    std::fs::read_to_string(DUEL).unwrap()
}

fn load_duel() -> Loaded {
    loader()
        .load_path(Path::new(DUEL))
        .unwrap_or_else(|e| panic!("{}", e.render_plain()))
}

/// The duel with `from` replaced by `to` (which must occur exactly once), loaded: its
/// problems, one plain line each.
fn broken_duel(from: &str, to: &str) -> String {
    let text = duel_text();
    assert_eq!(text.matches(from).count(), 1, "{from:?}");
    let file = SourceFile::new("duel.toml", text.replace(from, to));
    match loader().load(&file) {
        Ok(_) => "loaded without problems\n".into(),
        Err(e) => e.render_plain(),
    }
}

/// One catalog file on its own, checked: its problems, one plain line each.
fn broken_entry(text: &str) -> String {
    let file = SourceFile::new("bad.toml", text);
    match load_catalog(&[file], &Tactical3d6Schema) {
        Ok(_) => "loaded without problems\n".into(),
        Err(e) => e.render_plain(),
    }
}

fn cats() -> Catalogs {
    catalog::read(&load_duel().catalog)
}

#[test]
fn the_duel_loads_with_every_field_t3_g03() {
    let loaded = load_duel();
    let s = &loaded.scenario;
    assert_eq!(s.system, "tactical-3d6");
    assert_eq!(s.name, "Duel at the farm wall");
    assert_eq!(s.seed, Some(7));
    assert_eq!(s.max_rounds, Some(30));
    // Every t3.* option is there: the one set, the others at their GAPS defaults.
    assert_eq!(
        s.options.len(),
        fireteam_tactical_3d6::options::OPTIONS.len()
    );
    assert_eq!(
        s.option("t3.evaluate_melee_only"),
        Some(&OptionValue::Bool(true))
    );
    assert!(s.flag("t3.auto_success_failure"));
    assert!(!s.flag("t3.crawling_as_crouched"));

    assert_eq!(s.map.grid, GridKind::Hex);
    assert_eq!((s.map.width, s.map.height), (8, 4));
    let cell = |c, r| s.map.cell(Position::new(c, r)).unwrap().terrain.as_str();
    assert_eq!(cell(2, 0), "wall");
    assert_eq!(cell(3, 0), "window");
    assert_eq!(cell(1, 1), "low-wall");
    assert_eq!(cell(1, 3), "sandbag-wall");
    assert_eq!(cell(4, 2), "table");
    assert_eq!(cell(6, 1), "brush");
    assert_eq!(cell(7, 3), "water");
    assert_eq!(s.sides[0].controller, Controller::Ai("greedy".into()));

    let alice = &s.units[0];
    assert_eq!(alice.name, "Alice");
    assert_eq!(alice.stance.as_deref(), Some("kneeling"));
    assert_eq!(alice.equipment, ["TEST-RIFLE", "TEST-PISTOL", "TEST-VEST"]);
    let stats: Vec<(&str, i64)> = alice.stats.iter().map(|(k, v)| (k.as_str(), *v)).collect();
    assert_eq!(
        stats,
        [
            ("acrobatics", 11),
            ("armory", 12),
            ("bl", 20),
            ("brawling", 12),
            ("dx", 12),
            ("fp", 11),
            ("guns_pistol", 13),
            ("guns_rifle", 14),
            ("hp", 10),
            ("ht", 11),
            ("iq", 11),
            ("move", 5),
            ("soldier", 12),
            ("swimming", 11),
            ("will", 11),
        ],
        "a skill left out stays out: absent means the character lacks it"
    );
    assert_eq!(alice.field("basic_speed"), Some(&Value::Float(5.75)));
    assert_eq!(alice.field("male"), Some(&Value::Bool(false)));
    assert_eq!(alice.field("crouching"), Some(&Value::Bool(true)));
    assert_eq!(
        alice.field("exposure"),
        Some(&Value::Text("two-handed".into()))
    );
    assert_eq!(alice.field("ready"), None, "the first weapon by default");

    let boris = &s.units[1];
    assert_eq!(
        boris.stance.as_deref(),
        Some("standing"),
        "the first stance"
    );
    assert_eq!(boris.stats["hp"], 24);
    assert_eq!(boris.stats["broadsword"], 14);
    assert!(!boris.stats.contains_key("guns_rifle"));
    assert_eq!(boris.field("male"), Some(&Value::Bool(true)));
    assert_eq!(boris.field("high_pain_threshold"), Some(&Value::Bool(true)));
    assert_eq!(boris.field("arms"), Some(&Value::Int(2)));
    assert_eq!(
        boris.field("ready"),
        Some(&Value::Text("TEST-SWORD".into()))
    );
    assert_eq!(boris.field("order"), Some(&Value::Int(1)));

    // The scenario and the five catalog files, hashed for saves.
    let names: Vec<String> = loaded.content_hashes().into_keys().collect();
    assert_eq!(names.len(), 6, "{names:?}");
}

#[test]
fn a_square_grid_is_refused_one_hex_is_one_yard() {
    let got = broken_duel("grid = \"hex\"", "grid = \"square\"");
    assert!(got.contains("map.grid"), "{got}");
    assert!(got.contains("hex"), "{got}");
}

#[test]
fn the_catalog_in_data_is_valid_and_every_entry_says_where_it_comes_from() {
    let catalog = load_catalog_dir(Path::new("../../../data/tactical-3d6"), &Tactical3d6Schema)
        .unwrap_or_else(|e| panic!("{}", e.render_plain()));
    let part_d = [
        "TEST-RIFLE",
        "TEST-PISTOL",
        "TEST-REVOLVER",
        "TEST-SMG",
        "TEST-MG",
        "TEST-SHOTGUN",
        "TEST-SAWNOFF",
        "TEST-BIGSHOT",
        "TEST-MUSKET",
        "TEST-LASER",
        "TEST-KNIFE",
        "TEST-SWORD",
        "TEST-VEST",
        "TEST-HELMET",
        "TEST-JACKET",
        "TEST-SHIELD",
        "TEST-CLOAK",
    ];
    for id in part_d {
        let e = catalog.get(id).unwrap_or_else(|| panic!("{id}"));
        assert!(
            matches!(&e.provenance, Provenance::Invented { reference, .. } if reference == "T3 GAPS Part D"),
            "{id}: {}",
            e.provenance
        );
    }
    // Nothing else claims Part D, and every weapon, armour, shield and item is invented: the
    // sheet gives no numbers for them.
    for e in catalog.with_role(CatalogRole::Equipment) {
        assert!(
            matches!(e.provenance, Provenance::Invented { .. }),
            "{}",
            e.id
        );
        if let Provenance::Invented { reference, .. } = &e.provenance {
            assert_eq!(
                reference == "T3 GAPS Part D",
                part_d.contains(&e.id.as_str())
            );
        }
    }
    assert_eq!(catalog.entries().filter(|e| e.kind == "cover").count(), 12);
}

fn part_d_weapon(id: &str, skill: &str, damage: &str) -> Weapon {
    Weapon {
        id: id.into(),
        name: String::new(),
        skill: skill.into(),
        melee: false,
        damage: Damage::parse(damage).unwrap(),
        acc: 0,
        scope: 0,
        adjustable_sight: false,
        half_damage: 0,
        max_range: 0,
        rof: 1,
        pellets: 0,
        shots: 0,
        bulk: 0,
        rcl: 1,
        malf: 19,
        tl: 0,
        revolver: false,
        sawn_off: false,
        mounted: false,
        laser: false,
        aoe: false,
        two_handed: false,
        unbalanced: false,
        reach: 1,
        parry: false,
        fencing: false,
    }
}

/// GAPS Part D's weapon table, row by row: (id, skill, damage, Acc, scope, 1/2D, Max, RoF,
/// pellets, Shots, Bulk, Rcl, Malf, TL).
#[allow(clippy::type_complexity)]
const PART_D: &[(
    &str,
    &str,
    &str,
    i32,
    i32,
    u32,
    u32,
    u32,
    u32,
    u32,
    i32,
    u32,
    u32,
    u32,
)] = &[
    (
        "TEST-RIFLE",
        "guns_rifle",
        "7d pi",
        4,
        2,
        500,
        3000,
        10,
        0,
        30,
        -5,
        2,
        17,
        8,
    ),
    (
        "TEST-PISTOL",
        "guns_pistol",
        "2d+2 pi",
        2,
        0,
        150,
        1900,
        3,
        0,
        15,
        -2,
        2,
        17,
        8,
    ),
    (
        "TEST-REVOLVER",
        "guns_pistol",
        "2d pi+",
        2,
        0,
        120,
        1500,
        3,
        0,
        6,
        -2,
        2,
        16,
        8,
    ),
    (
        "TEST-SMG", "guns_smg", "3d-1 pi", 3, 0, 160, 1900, 13, 0, 30, -4, 2, 17, 8,
    ),
    (
        "TEST-MG", "guns_lmg", "7d pi", 5, 0, 800, 3500, 15, 0, 100, -6, 2, 17, 8,
    ),
    (
        "TEST-SHOTGUN",
        "guns_shotgun",
        "1d+1 pi",
        3,
        0,
        50,
        125,
        2,
        9,
        6,
        -5,
        1,
        17,
        7,
    ),
    (
        "TEST-SAWNOFF",
        "guns_shotgun",
        "1d+1 pi",
        1,
        0,
        50,
        125,
        2,
        9,
        2,
        -3,
        1,
        17,
        7,
    ),
    (
        "TEST-BIGSHOT",
        "guns_shotgun",
        "1d+2 pi",
        3,
        0,
        50,
        125,
        2,
        13,
        4,
        -5,
        1,
        17,
        7,
    ),
    (
        "TEST-MUSKET",
        "guns_musket",
        "4d pi+",
        2,
        0,
        100,
        1500,
        1,
        0,
        1,
        -6,
        4,
        14,
        4,
    ),
    (
        "TEST-LASER",
        "beam_weapons",
        "3d(2) burn",
        4,
        0,
        300,
        900,
        3,
        0,
        20,
        -3,
        1,
        17,
        9,
    ),
];

#[test]
fn catalog_read_gives_exactly_the_part_d_firearms_t3_g04() {
    let cats = cats();
    for &(id, skill, damage, acc, scope, half, max, rof, pellets, shots, bulk, rcl, malf, tl) in
        PART_D
    {
        let got = cats.weapon(id).unwrap_or_else(|| panic!("{id}"));
        // The flags column of Part D.
        let flag = |f: &str| {
            matches!(
                (id, f),
                (
                    "TEST-RIFLE" | "TEST-SMG" | "TEST-SHOTGUN" | "TEST-BIGSHOT" | "TEST-MUSKET",
                    "2h"
                ) | ("TEST-MG", "2h" | "mounted")
                    | ("TEST-SAWNOFF", "2h" | "sawn_off")
                    | ("TEST-REVOLVER", "revolver")
                    | ("TEST-LASER", "laser")
            )
        };
        let want = Weapon {
            name: got.name.clone(),
            acc,
            scope,
            half_damage: half,
            max_range: max,
            rof,
            pellets,
            shots,
            bulk,
            rcl,
            malf,
            tl,
            two_handed: flag("2h"),
            mounted: flag("mounted"),
            sawn_off: flag("sawn_off"),
            revolver: flag("revolver"),
            laser: flag("laser"),
            ..part_d_weapon(id, skill, damage)
        };
        assert_eq!(got, &want, "{id}");
    }
    // TEST-RIFLE in so many words: 7d pi, Acc 4+2, Rcl 2, Malf 17.
    let rifle = cats.weapon("TEST-RIFLE").unwrap();
    assert_eq!(rifle.damage.to_string(), "7d pi");
    assert_eq!(
        (rifle.acc, rifle.scope, rifle.rcl, rifle.malf),
        (4, 2, 2, 17)
    );
    let laser = cats.weapon("TEST-LASER").unwrap();
    assert_eq!((laser.damage.divisor, laser.aoe), (2, false));
    assert!(cats.weapon("TEST-BIGSHOT").unwrap().is_shotgun());
}

#[test]
fn catalog_read_gives_the_melee_weapons_with_their_defaults_t3_g04() {
    let cats = cats();
    let knife = cats.weapon("TEST-KNIFE").unwrap();
    assert_eq!(
        knife,
        &Weapon {
            name: "test knife".into(),
            melee: true,
            parry: true,
            ..part_d_weapon("TEST-KNIFE", "knife", "1d-1 imp")
        }
    );
    let sword = cats.weapon("TEST-SWORD").unwrap();
    assert_eq!(sword.damage.to_string(), "2d+1 cut");
    assert_eq!(sword.skill, "broadsword");
    assert!(sword.melee && sword.unbalanced && sword.parry && !sword.fencing);
    assert_eq!((sword.reach, sword.malf, sword.scope), (1, 19, 0));
    // The invented additions: a fencing rapier (T3-DEFENSE-08) and a spear of reach 2.
    let rapier = cats.weapon("TEST-RAPIER").unwrap();
    assert!(rapier.fencing && rapier.parry && rapier.skill == "rapier");
    assert_eq!(cats.weapon("TEST-SPEAR").unwrap().reach, 2);
    assert!(cats.weapon("TEST-MACE").unwrap().unbalanced);
    // A ranged weapon does not parry unless it says so.
    assert!(!cats.weapon("TEST-PISTOL").unwrap().parry);
    // Every weapon skill is armed by some entry.
    for skill in fireteam_tactical_3d6::schema::WEAPON_SKILLS {
        assert!(
            cats.weapons.iter().any(|w| w.skill == *skill),
            "no weapon for {skill}"
        );
    }
}

#[test]
fn catalog_read_gives_the_part_d_armour_and_shields_t3_g05() {
    let cats = cats();
    let vest = cats.armor("TEST-VEST").unwrap();
    assert_eq!(vest.dr, 12);
    let covered = |a: &fireteam_tactical_3d6::data::Armor| -> Vec<Location> {
        Location::ALL.into_iter().filter(|&l| a.covers(l)).collect()
    };
    assert_eq!(
        covered(vest),
        [Location::Torso, Location::Vitals, Location::Groin]
    );
    let helmet = cats.armor("TEST-HELMET").unwrap();
    assert_eq!((helmet.dr, covered(helmet)), (5, vec![Location::Skull]));
    let jacket = cats.armor("TEST-JACKET").unwrap();
    assert_eq!(jacket.dr, 4);
    assert_eq!(
        covered(jacket),
        [
            Location::Torso,
            Location::Vitals,
            Location::Groin,
            Location::RightArm,
            Location::LeftArm
        ]
    );
    let shield = cats.shield("TEST-SHIELD").unwrap();
    assert_eq!((shield.skill.as_str(), shield.db), ("shield", 2));
    let cloak = cats.shield("TEST-CLOAK").unwrap();
    assert_eq!((cloak.skill.as_str(), cloak.db), ("cloak", 1));
    assert_eq!(cats.index("TEST-CLOAK"), Some(Index::Shield(0)));
    assert_eq!(cats.index("TEST-HELMET"), Some(Index::Armor(0)));
    assert_eq!(cats.index("nothing"), None);
}

#[test]
fn catalog_read_gives_every_row_of_t3_tab_coverdr() {
    let loaded = load_duel();
    let cats = catalog::read(&loaded.catalog);
    // (id, Cover DR, low end of DR per cm in tenths, *, **)
    let rows = [
        ("aluminum", 5, 100, false, false),
        ("brick", 25, 20, true, false),
        ("concrete", 75, 30, true, false),
        ("reinforced-concrete", 100, 40, true, false),
        ("glass", 1, 20, false, true),
        ("bulletproof-glass", 15, 40, false, true),
        ("iron", 5, 100, false, false),
        ("sandbags", 25, 10, false, false),
        ("mild-steel", 20, 200, false, false),
        ("hard-steel", 30, 250, false, false),
        ("stone", 100, 30, true, false),
        ("wood", 3, 2, true, false),
    ];
    assert_eq!(cats.cover.len(), rows.len());
    for (id, dr, tenths, wears, glass) in rows {
        let c = cats.cover(id).unwrap_or_else(|| panic!("{id}"));
        assert_eq!(
            (c.dr, c.per_cm_tenths, c.wears, c.glass),
            (dr, tenths, wears, glass),
            "{id}"
        );
        let e = loaded.catalog.get(id).unwrap();
        assert!(
            matches!(&e.provenance, Provenance::Book { rule, .. } if rule == "T3-TAB-COVERDR"),
            "{id}"
        );
    }
    // The printed upper bounds are kept in the entry.
    assert_eq!(
        loaded
            .catalog
            .get("bulletproof-glass")
            .unwrap()
            .get("per_cm"),
        Some(&Value::List(vec![Value::Float(4.0), Value::Float(8.0)]))
    );
}

#[test]
fn catalog_read_links_terrain_to_its_cover_and_reads_items() {
    let cats = cats();
    let cover_of = |t: &str| {
        cats.terrain(t)
            .unwrap()
            .cover
            .map(|i| cats.cover[i].id.as_str())
    };
    assert_eq!(cover_of("low-wall"), Some("brick"));
    assert_eq!(cover_of("window"), Some("glass"));
    assert_eq!(cover_of("sandbag-wall"), Some("sandbags"));
    assert_eq!(cover_of("open"), None);
    let bunker = cats.terrain("bunker").unwrap();
    assert!(bunker.slit && bunker.brace);
    assert_eq!(bunker.cover_cm, Some(30));
    let wall = cats.terrain("wall").unwrap();
    assert!(wall.blocks_movement && wall.blocks_sight && wall.cover.is_none());
    assert!(cats.terrain("brush").unwrap().difficult);
    assert!(cats.terrain("water").unwrap().fluid);
    let hay = cats.terrain("haystack").unwrap();
    assert!(hay.soft);
    assert_eq!(hay.landing_dr, 2);
    assert_eq!(cats.terrain("low-wall").unwrap().look, "low-wall");

    let crate_ = cats.item("TEST-CRATE").unwrap();
    assert_eq!(
        (crate_.task, crate_.weight),
        (ReadyTask::PickUpTwoHands, 120)
    );
    // One item for each row of T3-TAB-READY.
    for task in ReadyTask::ALL {
        assert!(cats.items.iter().any(|i| i.task == task), "{task:?}");
    }
}

// ---- broken scenarios

#[test]
fn a_carried_weapon_needs_its_skill_t3_g03() {
    assert_eq!(
        broken_duel("guns_rifle = 14\n", ""),
        "duel.toml:43:1: units[0].stats: Alice carries TEST-RIFLE but has no guns_rifle skill (help: add guns_rifle = <level> to the stats, or leave TEST-RIFLE out of the equipment (T3-G03))\n"
    );
}

#[test]
fn basic_speed_is_a_multiple_of_a_quarter_t3_g03() {
    assert_eq!(
        broken_duel("basic_speed = 5.75\nmale = false", "basic_speed = 5.8\nmale = false"),
        "duel.toml:38:15: units[0].basic_speed: Basic Speed 5.8 is not a multiple of 0.25 (help: use quarters, e.g. 5.75 (T3-G03))\n"
    );
}

#[test]
fn basic_speed_is_from_1_to_20_t3_g03() {
    assert_eq!(
        broken_duel("basic_speed = 5.75\nmale = false", "basic_speed = 0.5\nmale = false"),
        "duel.toml:38:15: units[0].basic_speed: 0.5 is out of range (help: use a value from 1 to 20)\n"
    );
}

#[test]
fn basic_speed_is_required_t3_g03() {
    assert_eq!(
        broken_duel("basic_speed = 5.75\nmale = false", "male = false"),
        "duel.toml:31:1: units[0].basic_speed: missing field 'basic_speed' (help: add basic_speed = 1.5)\n"
    );
}

#[test]
fn ready_names_a_weapon_the_unit_carries() {
    assert_eq!(
        broken_duel("ready = \"TEST-SWORD\"", "ready = \"TEST-RIFLE\""),
        "duel.toml:70:9: units[1].ready: Boris does not carry a weapon 'TEST-RIFLE' (help: name one of the weapons it carries: TEST-SAWNOFF, TEST-SWORD)\n"
    );
}

#[test]
fn a_unit_carries_one_shield_at_most_t3_defense_05() {
    assert_eq!(
        broken_duel("\"TEST-SHIELD\", \"TEST-JACKET\"", "\"TEST-SHIELD\", \"TEST-CLOAK\", \"TEST-JACKET\""),
        "duel.toml:65:13: units[1].equipment: Boris carries 2 shields or cloaks (TEST-SHIELD, TEST-CLOAK); one at most (help: keep one shield or cloak (T3-DEFENSE-05))\n"
    );
}

#[test]
fn a_missing_stat_and_an_unknown_posture_are_refused_t3_g03() {
    assert_eq!(
        broken_duel("stance = \"kneeling\"\n", "stance = \"crouching\"\n"),
        "duel.toml:36:10: units[0].stance: unknown stance 'crouching' (help: use 'standing', 'sitting', 'kneeling', 'crawling', 'prone' or 'face-up')\n"
    );
    assert_eq!(broken_duel("bl = 20\n", ""), "duel.toml:43:1: units[0].stats.bl: missing stat 'bl' (help: add bl = <value> here (T3-G03 Basic Lift (T3-READY-03)))\n");
}

#[test]
fn a_terrain_names_a_cover_of_the_catalog_t3_tab_coverdr() {
    let mut files: Vec<SourceFile> = ["armor", "cover", "items", "terrain", "weapons"]
        .iter()
        .map(|f| SourceFile::read(&Path::new(DATA).join(format!("tactical-3d6/{f}.toml"))).unwrap())
        .collect();
    files.push(SourceFile::new(
        "extra.toml",
        "[[terrain]]\nid = \"fence\"\ncover = \"woood\"\nprovenance = { invented = \"test\" }\n",
    ));
    let loader = Loader::new()
        .schema(&Tactical3d6Schema)
        .catalog_files("tactical-3d6", files);
    let err = loader
        .load(&SourceFile::new("duel.toml", duel_text()))
        .unwrap_err();
    assert_eq!(err.render_plain(), "duel.toml:15:10: map.legend: terrain 'fence' (extra.toml:1) names cover 'woood', which is not in the catalog (help: did you mean 'wood'? (the [[cover]] ids of the catalog))\n");
}

// ---- broken catalog entries

const RIFLE: &str = r#"[[weapon]]
id = "X"
skill = "guns_rifle"
kind = "ranged"
damage = "7d pi"
acc = 4
half_damage = 500
max_range = 3000
rof = 10
shots = 30
bulk = -5
rcl = 2
malf = 17
tl = 8
provenance = { invented = "test" }
"#;

#[test]
fn the_test_rifle_alone_is_a_valid_entry_t3_g04() {
    assert_eq!(broken_entry(RIFLE), "loaded without problems\n");
}

#[test]
fn damage_is_in_the_sheets_notation_t3_g04() {
    assert_eq!(
        broken_entry(&RIFLE.replace("7d pi", "7d6 pierce")),
        "bad.toml:5:10: weapon[0].damage: 'pierce' is not a damage type; use one of pi-, pi, pi+, pi++, imp, cr, cut, burn, cor, fat, tox (help: write dice, adds, an armour divisor and a type: 7d pi, 2d+2 pi, 3d(2) burn, 1d-1 imp)\n"
    );
    assert_eq!(broken_entry(&RIFLE.replace("7d pi", "7d")), "bad.toml:5:10: weapon[0].damage: '7d' needs dice and a type, as in '2d+1 cut' (help: write dice, adds, an armour divisor and a type: 7d pi, 2d+2 pi, 3d(2) burn, 1d-1 imp)\n");
}

#[test]
fn a_shotgun_fires_9_or_13_pellets_t3_g04() {
    assert_eq!(
        broken_entry(&RIFLE.replace("tl = 8", "tl = 8\npellets = 7")),
        "bad.toml:15:11: weapon[0].pellets: 7 pellets is not a shotgun shell of the sheet (help: use 9 or 13 for a shotgun (T3-SHOTGUN-02, T3-G20), or 0 for none)\n"
    );
}

#[test]
fn a_ranged_weapon_gives_its_numbers_t3_g04() {
    assert_eq!(
        broken_entry(&RIFLE.replace("rcl = 2\nmalf = 17\n", "")),
        "bad.toml:1:1: weapon[0]: a ranged weapon needs rcl, malf (help: add rcl = …, malf = … to this entry (T3-G04))\n"
    );
}

#[test]
fn half_damage_is_within_max_range_t3_g04() {
    assert_eq!(
        broken_entry(&RIFLE.replace("half_damage = 500", "half_damage = 5000")),
        "bad.toml:7:15: weapon[0].half_damage: 1/2D 5000 yd is beyond the max range 3000 yd (help: 1/2D is the first range number, at most the max range (T3-RANGE-02))\n"
    );
}

#[test]
fn a_weapon_skill_is_a_skill_stat_t3_g03() {
    assert_eq!(
        broken_entry(&RIFLE.replace("guns_rifle", "guns_rilfe")),
        "bad.toml:3:9: weapon[0].skill: 'guns_rilfe' is not an allowed value (help: did you mean 'guns_rifle'?)\n"
    );
}

#[test]
fn armour_covers_groups_of_locations_each_once_t3_g05() {
    let vest = "[[armor]]\nid = \"V\"\ndr = 12\nlocations = [\"torso\", \"vitals\", \"torso\"]\nprovenance = { invented = \"test\" }\n";
    assert_eq!(broken_entry(vest), "bad.toml:4:33: armor[0].locations[2]: 'torso' is listed twice (help: list each group of locations once)\n");
    assert_eq!(
        broken_entry(&vest.replace("\"torso\"]", "\"chest\"]")),
        "bad.toml:4:33: armor[0].locations[2]: 'chest' is not an allowed value (help: use 'eyes', 'skull', 'face', 'neck', 'torso', 'vitals', 'groin', 'arms', 'legs', 'hands' or 'feet')\n"
    );
}

#[test]
fn cover_per_cm_is_one_value_or_a_range_low_first_t3_tab_coverdr() {
    let wood = "[[cover]]\nid = \"w\"\ndr = 3\nper_cm = [0.5, 0.2]\nprovenance = { book = \"T3-TAB-COVERDR\" }\n";
    assert_eq!(broken_entry(wood), "bad.toml:4:16: cover[0].per_cm[1]: the range 0.5-0.2 runs backwards (help: write the range low first, as the table prints it: [low, high])\n");
    assert_eq!(
        broken_entry(&wood.replace("[0.5, 0.2]", "[1, 2, 3]")),
        "bad.toml:4:10: cover[0].per_cm: has 3 elements; it needs 1 to 2 (help: give 1 to 2 elements)\n"
    );
}
