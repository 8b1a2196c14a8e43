//! What tactical-3d6 scenarios and catalogs may say: the `t3.*` options, the character stats
//! (T3-CORE-06, T3-G03), the postures as stances, the unit fields the sheet reads but does not
//! give (Basic Speed, sex, High Pain Threshold, arms, the GM's exposure), and the catalog kinds
//! `weapon` (T3-G04), `armor` (T3-G05), `shield` (T3-DEFENSE-05), `cover` (T3-TAB-COVERDR),
//! `item` (T3-TAB-READY) and `terrain`. [`crate::catalog::read`] turns the checked entries into
//! the [`crate::data`] types.

use crate::data::{Damage, ARMOR_GROUPS};
use fireteam_scenario::{
    Catalog, CatalogRole, CatalogSpec, Entry, FieldError, FieldKind, FieldSpec, GridKind,
    OptionSpec, Scenario, ScenarioSchema, StatSpec, Value,
};

/// The tactical-3d6 schema; its system name is `tactical-3d6`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Tactical3d6Schema;

/// The skills a weapon can be used with (T3-CORE-06): the stats a `weapon`'s `skill` names.
pub const WEAPON_SKILLS: &[&str] = &[
    "guns_rifle",
    "guns_pistol",
    "guns_smg",
    "guns_shotgun",
    "guns_lmg",
    "guns_musket",
    "beam_weapons",
    "brawling",
    "knife",
    "broadsword",
    "shortsword",
    "spear",
    "axe_mace",
    "boxing",
    "judo",
    "karate",
    "main_gauche",
    "rapier",
    "saber",
    "smallsword",
];

/// Every skill stat (T3-CORE-06, T3-G03): the weapon skills, then the others the sheet rolls
/// against. A character without the skill leaves it out.
pub const SKILLS: &[&str] = &[
    "guns_rifle",
    "guns_pistol",
    "guns_smg",
    "guns_shotgun",
    "guns_lmg",
    "guns_musket",
    "beam_weapons",
    "brawling",
    "knife",
    "broadsword",
    "shortsword",
    "spear",
    "axe_mace",
    "boxing",
    "judo",
    "karate",
    "main_gauche",
    "rapier",
    "saber",
    "smallsword",
    "shield",
    "cloak",
    "acrobatics",
    "armory",
    "soldier",
    "running",
    "swimming",
    "driving",
];

/// The posture names of T3-TAB-POSTURES, standing first (the default stance).
/// (`Posture::name`; a test keeps the two the same.)
pub const STANCES: &[&str] = &[
    "standing", "sitting", "kneeling", "crawling", "prone", "face-up",
];

/// The firing positions of T3-TAB-EXPOSURE, as the `exposure` unit field names them.
pub const EXPOSURES: &[&str] = &["hidden", "looking", "one-handed", "two-handed", "slit"];

/// The T3-TAB-READY rows, as an item's `task` names them.
/// (`ReadyTask::name`; a test keeps the two the same.)
pub const READY_TASKS: &[&str] = &[
    "draw",
    "grab",
    "lift-one-hand",
    "lift-two-hands",
    "open",
    "find-in-container",
    "find-in-pockets",
    "light",
    "sheathe",
    "swallow",
];

const fn skill(name: &'static str, doc: &'static str) -> StatSpec {
    StatSpec::optional(name, 1, 30, None, doc)
}

/// T3-CORE-06, T3-G03: every value the sheet reads is an input; nothing is derived but Dodge,
/// Parry, Block, step and sprint.
const STATS: &[StatSpec] = &[
    StatSpec::required("dx", 1, 30, "T3-G03 Dexterity"),
    StatSpec::required("iq", 1, 30, "T3-G03 Intelligence"),
    StatSpec::required(
        "ht",
        1,
        30,
        "T3-G03 Health: knockdown, consciousness, death checks",
    ),
    StatSpec::required("will", 1, 30, "T3-G03 Will: concentration (Will-3)"),
    StatSpec::required("hp", 1, 200, "T3-G03 Hit Points"),
    StatSpec::required(
        "fp",
        1,
        100,
        "T3-G03 Fatigue Points (sprinting, T3-MOVE-04)",
    ),
    StatSpec::required("move", 0, 40, "T3-G03 Move, yards per second"),
    StatSpec::required("bl", 1, 2000, "T3-G03 Basic Lift (T3-READY-03)"),
    skill("guns_rifle", "T3-CORE-06 Guns (Rifle)"),
    skill("guns_pistol", "T3-CORE-06 Guns (Pistol)"),
    skill("guns_smg", "T3-CORE-06 Guns (SMG)"),
    skill("guns_shotgun", "T3-CORE-06 Guns (Shotgun)"),
    skill("guns_lmg", "T3-CORE-06 Guns (LMG)"),
    skill("guns_musket", "T3-CORE-06 Guns (Musket)"),
    skill("beam_weapons", "T3-CORE-06 Beam Weapons (lasers)"),
    skill("brawling", "T3-CORE-06 Brawling (Melee skill)"),
    skill("knife", "T3-CORE-06 Knife (Melee skill)"),
    skill("broadsword", "T3-CORE-06 Broadsword (Melee skill)"),
    skill("shortsword", "T3-CORE-06 Shortsword (Melee skill)"),
    skill("spear", "T3-CORE-06 Spear (Melee skill)"),
    skill("axe_mace", "T3-CORE-06 Axe/Mace (Melee skill)"),
    skill("boxing", "T3-DEFENSE-08 Boxing (retreating parry +3)"),
    skill("judo", "T3-DEFENSE-08 Judo (retreating parry +3)"),
    skill("karate", "T3-DEFENSE-08 Karate (retreating parry +3)"),
    skill(
        "main_gauche",
        "T3-DEFENSE-08 Main-Gauche (retreating parry +3)",
    ),
    skill("rapier", "T3-DEFENSE-08 Rapier (retreating parry +3)"),
    skill("saber", "T3-DEFENSE-08 Saber (retreating parry +3)"),
    skill(
        "smallsword",
        "T3-DEFENSE-08 Smallsword (retreating parry +3)",
    ),
    skill("shield", "T3-DEFENSE-04 Shield: Block, and Feint's defense"),
    skill("cloak", "T3-DEFENSE-04 Cloak: Block, and Feint's defense"),
    skill(
        "acrobatics",
        "T3-DEFENSE-06, T3-FALL-02 Acrobatics (else DX-6)",
    ),
    skill(
        "armory",
        "T3-MALF-03 Armory (Small Arms): diagnose, clear, repair",
    ),
    skill("soldier", "T3-MALF-03 Soldier: diagnose at -2"),
    skill("running", "T3-MOVE-04 Running (else HT) after sprinting"),
    skill("swimming", "T3-FALL-03 Swimming: landing in a fluid"),
    skill(
        "driving",
        "T3-DEFENSE-11 Driving/Piloting: a vehicle's dodge",
    ),
];

const UNIT_FIELDS: &[FieldSpec] = &[
    FieldSpec::required(
        "basic_speed",
        FieldKind::Float {
            min: 1.0,
            max: 20.0,
        },
        "T3-G03 Basic Speed, a multiple of 0.25 (Dodge T3-DEFENSE-02, turn order T3-G02)",
    ),
    FieldSpec::optional(
        "male",
        FieldKind::Bool,
        "T3-G03 male: the groin's knockdown and shock (T3-LOCDMG-06); default false",
    ),
    FieldSpec::optional(
        "high_pain_threshold",
        FieldKind::Bool,
        "T3-G03 High Pain Threshold: +3 to knockdown rolls (T3-KNOCKDOWN-02); default false",
    ),
    FieldSpec::optional(
        "arms",
        FieldKind::Int { min: 1, max: 8 },
        "T3-G03 number of arms (crippling, T3-CRIPPLE-01); default 2",
    ),
    FieldSpec::optional(
        "ready",
        FieldKind::Text,
        "the id of the weapon in hand at the start; default the first weapon carried",
    ),
    FieldSpec::optional(
        "crouching",
        FieldKind::Bool,
        "T3-CROUCH-01 crouching at the start; default false",
    ),
    FieldSpec::optional(
        "order",
        FieldKind::Int { min: 0, max: 1000 },
        "T3-G02 an explicit place in the turn order (lower acts first) instead of Basic Speed",
    ),
    FieldSpec::optional(
        "exposure",
        FieldKind::Choice(EXPOSURES),
        "T3-COVER-03 GM input: the firing position behind cover, overriding T3-TAB-EXPOSURE's",
    ),
    FieldSpec::optional(
        "distracted",
        FieldKind::Bool,
        "T3-MANEUVER-16 GM input: \"otherwise distracted\" while concentrating; default false",
    ),
    FieldSpec::optional(
        "waiting",
        FieldKind::Int { min: 1, max: 100 },
        "T3-MANEUVER-18: the battle opens with this fighter on Wait, for an enemy within so many yards",
    ),
];

const TEXT: FieldKind = FieldKind::Text;
const FLOAT_CM: FieldKind = FieldKind::Float {
    min: 0.0,
    max: 1000.0,
};
const ARMOR_GROUP: FieldKind = FieldKind::Choice(&ARMOR_GROUPS);
const YARDS: FieldKind = FieldKind::Int {
    min: 1,
    max: 100_000,
};

/// T3-CORE-07, T3-G04: a weapon. Ranged weapons need their numbers (`check_entry`).
const WEAPON_FIELDS: &[FieldSpec] = &[
    FieldSpec::required(
        "skill",
        FieldKind::Choice(WEAPON_SKILLS),
        "T3-CORE-06 the skill stat it is used with",
    ),
    FieldSpec::required(
        "kind",
        FieldKind::Choice(&["melee", "ranged"]),
        "a melee or ranged weapon (T3-MANEUVER-07)",
    ),
    FieldSpec::required(
        "damage",
        TEXT,
        "T3-CORE-05 damage in the sheet's notation: 7d pi, 2d+2 pi, 3d(2) burn, 1d-1 imp",
    ),
    FieldSpec::optional(
        "acc",
        FieldKind::Int { min: 0, max: 20 },
        "T3-AIM-01 Acc, the X of X+Y",
    ),
    FieldSpec::optional(
        "scope",
        FieldKind::Int { min: 0, max: 20 },
        "T3-AIM-03 the Y of Acc X+Y (default 0: no scope)",
    ),
    FieldSpec::optional(
        "adjustable_sight",
        FieldKind::Bool,
        "T3-AIM-04 the scope gives +1 per second of aiming",
    ),
    FieldSpec::optional("half_damage", YARDS, "T3-RANGE-02 1/2D in yards"),
    FieldSpec::optional("max_range", YARDS, "T3-G24 Max range in yards"),
    FieldSpec::optional(
        "rof",
        FieldKind::Int { min: 1, max: 1000 },
        "T3-AUTOFIRE-01 RoF: shots a second",
    ),
    FieldSpec::optional(
        "pellets",
        FieldKind::Int { min: 0, max: 13 },
        "T3-G20 shotgun pellets per shell: 0 (not a shotgun), 9 or 13",
    ),
    FieldSpec::optional(
        "shots",
        FieldKind::Int {
            min: 1,
            max: 10_000,
        },
        "shots in a full weapon",
    ),
    FieldSpec::optional(
        "bulk",
        FieldKind::Int { min: -20, max: 0 },
        "T3-G09 Bulk (negative): ranged Move and Attack",
    ),
    FieldSpec::optional(
        "rcl",
        FieldKind::Int { min: 1, max: 20 },
        "T3-AUTOFIRE-02 Rcl: extra hits per Rcl of margin",
    ),
    FieldSpec::optional(
        "malf",
        FieldKind::Int { min: 3, max: 19 },
        "T3-MALF-01 Malf: malfunctions on this attack roll or higher (default 19, never)",
    ),
    FieldSpec::optional(
        "tl",
        FieldKind::Int { min: 0, max: 12 },
        "T3-TAB-MALF tech level (TL4 or less: gunpowder explodes)",
    ),
    FieldSpec::optional(
        "revolver",
        FieldKind::Bool,
        "T3-TAB-MALF a revolver: the next shot is fine",
    ),
    FieldSpec::optional(
        "sawn_off",
        FieldKind::Bool,
        "T3-SHOTGUN-01 sawn-off: x6 at Close range",
    ),
    FieldSpec::optional(
        "mounted",
        FieldKind::Bool,
        "T3-G21 mounted: suppression fire at +2",
    ),
    FieldSpec::optional(
        "laser",
        FieldKind::Bool,
        "T3-HITLOC-06, T3-LOCDMG-01 a laser: may aim at eye and vitals",
    ),
    FieldSpec::optional(
        "aoe",
        FieldKind::Bool,
        "T3-LOCDMG-01, T3-G27 an area-effect attack (not x3 to the vitals)",
    ),
    FieldSpec::optional(
        "two_handed",
        FieldKind::Bool,
        "T3-BRACE-01, T3-TAB-EXPOSURE held in two hands",
    ),
    FieldSpec::optional(
        "unbalanced",
        FieldKind::Bool,
        "T3-MANEUVER-09 unbalanced: parrying after a feint is unwise",
    ),
    FieldSpec::optional(
        "reach",
        FieldKind::Int { min: 1, max: 10 },
        "INVENTED: a melee weapon's reach in yards (default 1)",
    ),
    FieldSpec::optional(
        "parry",
        FieldKind::Bool,
        "T3-DEFENSE-03 can parry (default true for melee, false for ranged)",
    ),
    FieldSpec::optional(
        "fencing",
        FieldKind::Bool,
        "T3-DEFENSE-08 a Boxing, Judo, Karate, Main-Gauche, Rapier, Saber or Smallsword parry: \
         +3 on a retreat",
    ),
];

/// The fields a ranged weapon must give (T3-G04).
const RANGED_NEEDS: &[&str] = &[
    "acc",
    "half_damage",
    "max_range",
    "rof",
    "shots",
    "bulk",
    "rcl",
    "malf",
    "tl",
];

/// T3-CORE-08, T3-G05: armour, DR over groups of locations.
const ARMOR_FIELDS: &[FieldSpec] = &[
    FieldSpec::required(
        "dr",
        FieldKind::Int { min: 0, max: 200 },
        "T3-G05 DR on every location it covers",
    ),
    FieldSpec::required(
        "locations",
        FieldKind::List {
            of: &ARMOR_GROUP,
            min_len: 1,
            max_len: ARMOR_GROUPS.len(),
        },
        "T3-G05 the groups of locations it covers",
    ),
];

/// T3-DEFENSE-04/05, T3-G30: a shield or cloak.
const SHIELD_FIELDS: &[FieldSpec] = &[
    FieldSpec::required(
        "skill",
        FieldKind::Choice(&["shield", "cloak"]),
        "T3-DEFENSE-04 the skill a block uses",
    ),
    FieldSpec::required(
        "db",
        FieldKind::Int { min: 0, max: 10 },
        "T3-DEFENSE-05, T3-G30 the bonus to all active defenses",
    ),
];

/// T3-TAB-COVERDR: a cover material.
const COVER_FIELDS: &[FieldSpec] = &[
    FieldSpec::required(
        "dr",
        FieldKind::Int { min: 0, max: 1000 },
        "T3-TAB-COVERDR typical Cover DR",
    ),
    FieldSpec::required(
        "per_cm",
        FieldKind::List {
            of: &FLOAT_CM,
            min_len: 1,
            max_len: 2,
        },
        "T3-TAB-COVERDR DR per cm, as printed: one value or a range [low, high] (T3-G29: the \
         low end is used)",
    ),
    FieldSpec::optional(
        "wears",
        FieldKind::Bool,
        "T3-COVER-07 the `*` note: repeated attacks wear its DR down",
    ),
    FieldSpec::optional(
        "glass",
        FieldKind::Bool,
        "T3-COVER-08 the `**` note: destroyed when penetrated, transparent (no -2)",
    ),
];

/// T3-TAB-READY: gear readied by one of its rows.
const ITEM_FIELDS: &[FieldSpec] = &[
    FieldSpec::required(
        "task",
        FieldKind::Choice(READY_TASKS),
        "T3-TAB-READY the row that readies it",
    ),
    FieldSpec::optional(
        "weight",
        FieldKind::Int {
            min: 0,
            max: 100_000,
        },
        "T3-READY-03 weight in the unit of BL (default 0); needed to lift it",
    ),
];

/// Map terrain, besides the loader's `blocks_movement` and `blocks_sight`.
const TERRAIN_FIELDS: &[FieldSpec] = &[
    FieldSpec::optional(
        "difficult",
        FieldKind::Bool,
        "T3-MOVE-03 difficult terrain: no sprinting",
    ),
    FieldSpec::optional(
        "cover",
        TEXT,
        "T3-COVER-05 the id of the [[cover]] a figure in this hex fires from",
    ),
    FieldSpec::optional(
        "cover_cm",
        FieldKind::Int { min: 1, max: 1000 },
        "T3-COVER-06 the cover's thickness in cm (else its typical DR)",
    ),
    FieldSpec::optional(
        "slit",
        FieldKind::Bool,
        "T3-TAB-EXPOSURE the cover is a firing slit",
    ),
    FieldSpec::optional(
        "brace",
        FieldKind::Bool,
        "T3-BRACE-01 a solid surface to rest a two-handed weapon on",
    ),
    FieldSpec::optional(
        "soft",
        FieldKind::Bool,
        "T3-FALL-05 a soft surface: half falling damage",
    ),
    FieldSpec::optional(
        "landing_dr",
        FieldKind::Int { min: 2, max: 10 },
        "T3-FALL-05 a good landing site's DR (soft bed 2 to safety net 10)",
    ),
    FieldSpec::optional(
        "fluid",
        FieldKind::Bool,
        "T3-FALL-03 a fluid: a Swimming roll negates a fall's damage",
    ),
    FieldSpec::optional(
        "look",
        TEXT,
        "a drawing hint for front ends (open, wall, low-wall, water, …)",
    ),
];

const CATALOGS: &[CatalogSpec] = &[
    CatalogSpec {
        kind: "weapon",
        role: CatalogRole::Equipment,
        fields: WEAPON_FIELDS,
        doc: "weapons (T3-CORE-07, T3-G04)",
    },
    CatalogSpec {
        kind: "armor",
        role: CatalogRole::Equipment,
        fields: ARMOR_FIELDS,
        doc: "armour, DR by location (T3-CORE-08, T3-G05)",
    },
    CatalogSpec {
        kind: "shield",
        role: CatalogRole::Equipment,
        fields: SHIELD_FIELDS,
        doc: "shields and cloaks (T3-DEFENSE-04/05, T3-G30)",
    },
    CatalogSpec {
        kind: "item",
        role: CatalogRole::Equipment,
        fields: ITEM_FIELDS,
        doc: "gear to ready (T3-TAB-READY)",
    },
    CatalogSpec {
        kind: "cover",
        role: CatalogRole::Other,
        fields: COVER_FIELDS,
        doc: "cover materials (T3-TAB-COVERDR)",
    },
    CatalogSpec {
        kind: "terrain",
        role: CatalogRole::Terrain,
        fields: TERRAIN_FIELDS,
        doc: "map terrain: cover, bracing, difficult ground, landing sites",
    },
];

impl ScenarioSchema for Tactical3d6Schema {
    fn system(&self) -> &'static str {
        "tactical-3d6"
    }

    fn options(&self) -> &[OptionSpec] {
        crate::options::OPTIONS
    }

    fn stats(&self) -> &[StatSpec] {
        STATS
    }

    fn stances(&self) -> &[&'static str] {
        STANCES
    }

    /// One hex is one yard.
    fn grids(&self) -> &[GridKind] {
        &[GridKind::Hex]
    }

    fn catalogs(&self) -> &[CatalogSpec] {
        CATALOGS
    }

    fn unit_fields(&self) -> &[FieldSpec] {
        UNIT_FIELDS
    }

    fn check_entry(&self, entry: &Entry) -> Vec<FieldError> {
        match entry.kind.as_str() {
            "weapon" => check_weapon(entry),
            "armor" => check_armor(entry),
            "cover" => check_cover(entry),
            "item" => check_item(entry),
            "terrain" => check_terrain(entry),
            _ => Vec::new(),
        }
    }

    fn check_scenario(&self, scenario: &Scenario, catalog: &Catalog) -> Vec<FieldError> {
        let mut out = Vec::new();
        for (i, unit) in scenario.units.iter().enumerate() {
            check_unit(i, unit, catalog, &mut out);
        }
        check_terrain_cover(catalog, &mut out);
        out
    }
}

/// T3-G04: the damage reads; a ranged weapon has its numbers; a shotgun fires 9 or 13
/// pellets; 1/2D is within Max.
fn check_weapon(entry: &Entry) -> Vec<FieldError> {
    let mut out = Vec::new();
    if let Some(text) = entry.text("damage") {
        if let Err(why) = Damage::parse(text) {
            out.push(
                FieldError::new("damage", why)
                    .with_help("write dice, adds, an armour divisor and a type: 7d pi, 2d+2 pi, 3d(2) burn, 1d-1 imp"),
            );
        }
    }
    let ranged = entry.text("kind") == Some("ranged");
    if ranged {
        let missing: Vec<&str> = RANGED_NEEDS
            .iter()
            .copied()
            .filter(|f| entry.get(f).is_none())
            .collect();
        if !missing.is_empty() {
            out.push(
                FieldError::new("", format!("a ranged weapon needs {}", missing.join(", ")))
                    .with_help(format!(
                        "add {} = … to this entry (T3-G04)",
                        missing.join(" = …, ")
                    )),
            );
        }
    }
    if let Some(p) = entry.int("pellets") {
        if ![0, 9, 13].contains(&p) {
            out.push(
                FieldError::new(
                    "pellets",
                    format!("{p} pellets is not a shotgun shell of the sheet"),
                )
                .with_help("use 9 or 13 for a shotgun (T3-SHOTGUN-02, T3-G20), or 0 for none"),
            );
        }
    }
    if entry.flag("sawn_off") && entry.int("pellets").unwrap_or(0) == 0 {
        out.push(
            FieldError::new("sawn_off", "only a shotgun can be sawn off")
                .with_help("give the shotgun pellets = 9 (or 13), or drop sawn_off"),
        );
    }
    if let (Some(half), Some(max)) = (entry.int("half_damage"), entry.int("max_range")) {
        if half > max {
            out.push(
                FieldError::new(
                    "half_damage",
                    format!("1/2D {half} yd is beyond the max range {max} yd"),
                )
                .with_help("1/2D is the first range number, at most the max range (T3-RANGE-02)"),
            );
        }
    }
    if entry.flag("adjustable_sight") && entry.int("scope").unwrap_or(0) == 0 {
        out.push(
            FieldError::new("adjustable_sight", "an adjustable sight needs a scope")
                .with_help("give scope = Y, the Y of Acc X+Y (T3-AIM-04)"),
        );
    }
    if ranged {
        for f in ["reach", "fencing"] {
            if entry.get(f).is_some() {
                out.push(
                    FieldError::new(f, format!("{f} is a melee weapon's"))
                        .with_help(format!("drop {f}, or make the weapon kind = \"melee\"")),
                );
            }
        }
    }
    out
}

/// T3-G05: a group is listed once.
fn check_armor(entry: &Entry) -> Vec<FieldError> {
    let mut out = Vec::new();
    let groups: Vec<&str> = entry
        .get("locations")
        .and_then(Value::as_list)
        .map(|l| l.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    for (i, g) in groups.iter().enumerate() {
        if groups[..i].contains(g) {
            out.push(
                FieldError::new(format!("locations[{i}]"), format!("'{g}' is listed twice"))
                    .with_help("list each group of locations once"),
            );
        }
    }
    out
}

/// T3-TAB-COVERDR: a printed range runs from low to high.
fn check_cover(entry: &Entry) -> Vec<FieldError> {
    let mut out = Vec::new();
    let per_cm: Vec<f64> = entry
        .get("per_cm")
        .and_then(Value::as_list)
        .map(|l| l.iter().filter_map(Value::as_float).collect())
        .unwrap_or_default();
    if per_cm.first().is_some_and(|&x| x <= 0.0) {
        out.push(
            FieldError::new("per_cm[0]", "DR per cm must be more than 0")
                .with_help("write the table's value, e.g. per_cm = [0.2, 0.5] for wood"),
        );
    }
    if let [low, high] = per_cm[..] {
        if high < low {
            out.push(
                FieldError::new(
                    "per_cm[1]",
                    format!("the range {low}-{high} runs backwards"),
                )
                .with_help("write the range low first, as the table prints it: [low, high]"),
            );
        }
    }
    if entry.flag("wears") && entry.flag("glass") {
        out.push(
            FieldError::new("glass", "a material is marked * or **, not both")
                .with_help("T3-TAB-COVERDR marks each material with one note at most"),
        );
    }
    out
}

/// T3-READY-03: what is lifted has a weight.
fn check_item(entry: &Entry) -> Vec<FieldError> {
    let lifted = matches!(
        entry.text("task"),
        Some("lift-one-hand") | Some("lift-two-hands")
    );
    if lifted && entry.get("weight").is_none() {
        return vec![
            FieldError::new("weight", "a heavy item to lift needs its weight").with_help(
                "add weight = … in the unit of BL (T3-READY-03: 2xBL one hand, 8xBL two)",
            ),
        ];
    }
    Vec::new()
}

/// T3-COVER-06: a thickness or a firing slit is of some cover.
fn check_terrain(entry: &Entry) -> Vec<FieldError> {
    let mut out = Vec::new();
    if entry.get("cover").is_none() {
        for f in ["cover_cm", "slit"] {
            if entry.get(f).is_some() {
                out.push(
                    FieldError::new(f, format!("{f} needs a cover"))
                        .with_help("name the cover material: cover = \"brick\" (a [[cover]] id)"),
                );
            }
        }
    }
    out
}

/// T3-G03, T3-G04: a unit can use what it carries.
fn check_unit(
    i: usize,
    unit: &fireteam_scenario::Unit,
    catalog: &Catalog,
    out: &mut Vec<FieldError>,
) {
    let carried = |kind: &str| -> Vec<&Entry> {
        unit.equipment
            .iter()
            .filter_map(|id| catalog.get(id))
            .filter(|e| e.kind == kind)
            .collect()
    };
    let weapons = carried("weapon");
    // T3-G03: absent skill = the character lacks it, and cannot use the weapon.
    let mut named: Vec<&str> = Vec::new();
    for w in &weapons {
        let Some(skill) = w.text("skill") else {
            continue;
        };
        if !unit.stats.contains_key(skill) && !named.contains(&skill) {
            named.push(skill);
            out.push(
                FieldError::new(
                    format!("units[{i}].stats"),
                    format!("{} carries {} but has no {skill} skill", unit.name, w.id),
                )
                .with_help(format!(
                    "add {skill} = <level> to the stats, or leave {} out of the equipment (T3-G03)",
                    w.id
                )),
            );
        }
    }
    if let Some(ready) = unit.field("ready").and_then(Value::as_str) {
        if !weapons.iter().any(|w| w.id == ready) {
            let help = if weapons.is_empty() {
                "carry the weapon in equipment, or drop ready (the unit carries no weapon)"
                    .to_string()
            } else {
                format!(
                    "name one of the weapons it carries: {}",
                    weapons
                        .iter()
                        .map(|w| w.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            out.push(
                FieldError::new(
                    format!("units[{i}].ready"),
                    format!("{} does not carry a weapon '{ready}'", unit.name),
                )
                .with_help(help),
            );
        }
    }
    let shields = carried("shield");
    if shields.len() > 1 {
        out.push(
            FieldError::new(
                format!("units[{i}].equipment"),
                format!(
                    "{} carries {} shields or cloaks ({}); one at most",
                    unit.name,
                    shields.len(),
                    shields
                        .iter()
                        .map(|s| s.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
            .with_help("keep one shield or cloak (T3-DEFENSE-05)"),
        );
    }
    if let Some(speed) = unit.field("basic_speed").and_then(Value::as_float) {
        if (speed * 4.0).fract() != 0.0 {
            out.push(
                FieldError::new(
                    format!("units[{i}].basic_speed"),
                    format!("Basic Speed {speed} is not a multiple of 0.25"),
                )
                .with_help(format!(
                    "use quarters, e.g. {} (T3-G03)",
                    (speed * 4.0).floor() / 4.0
                )),
            );
        } else if !(1.0..=20.0).contains(&speed) {
            out.push(
                FieldError::new(
                    format!("units[{i}].basic_speed"),
                    format!("Basic Speed {speed} is not from 1 to 20"),
                )
                .with_help("use a value from 1 to 20 (T3-G03)"),
            );
        }
    }
}

/// T3-COVER-05: every terrain's cover is a cover material of the catalog.
fn check_terrain_cover(catalog: &Catalog, out: &mut Vec<FieldError>) {
    let covers: Vec<&str> = catalog
        .entries()
        .filter(|e| e.kind == "cover")
        .map(|e| e.id.as_str())
        .collect();
    for t in catalog.with_role(CatalogRole::Terrain) {
        let Some(cover) = t.text("cover") else {
            continue;
        };
        if !covers.contains(&cover) {
            let help = format!(
                "{} (the [[cover]] ids of the catalog)",
                fireteam_scenario::did_you_mean(cover, covers.iter().copied())
            );
            out.push(
                FieldError::new(
                    "map.legend",
                    format!(
                        "terrain '{}' ({}:{}) names cover '{cover}', which is not in the catalog",
                        t.id, t.file, t.line
                    ),
                )
                .with_help(help),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::{Posture, ReadyTask};

    #[test]
    fn stances_are_the_postures_standing_first_t3_tab_postures() {
        let names: Vec<&str> = Posture::ALL.iter().map(|p| p.name()).collect();
        assert_eq!(STANCES, names.as_slice());
        assert_eq!(STANCES[0], "standing");
    }

    #[test]
    fn item_tasks_are_the_rows_of_t3_tab_ready() {
        let names: Vec<&str> = ReadyTask::ALL.iter().map(|t| t.name()).collect();
        assert_eq!(READY_TASKS, names.as_slice());
    }

    #[test]
    fn every_weapon_skill_is_a_skill_stat_and_every_skill_is_optional_t3_g03() {
        for s in WEAPON_SKILLS {
            assert!(SKILLS.contains(s), "{s}");
        }
        for s in SKILLS {
            let spec = STATS.iter().find(|st| st.name == *s).expect(s);
            assert!(!spec.required && spec.default.is_none(), "{s}");
        }
        assert_eq!(STATS.len(), 8 + SKILLS.len());
    }
}
