//! The dice-pool scenario schema: the options (one per GAPS.md flag), the unit stats, stances
//! and catalog kinds that `fireteam-scenario` checks dice-pool scenarios and `data/dice-pool/`
//! against. `scenario::setup` reads what it admits.

use fireteam_scenario::{
    CatalogRole, CatalogSpec, Entry, FieldError, FieldKind, FieldSpec, OptionSpec, ScenarioSchema,
    StatSpec, Value,
};

/// The dice-pool schema; its system name is `dice-pool`.
#[derive(Debug, Clone, Copy, Default)]
pub struct DicePoolSchema;

const OPTIONS: &[OptionSpec] = &[
    OptionSpec::bool(
        "dp.strictly_greater",
        false,
        "DP-G02: a hit needs total > difficulty",
    ),
    OptionSpec::bool(
        "dp.armor_flat",
        false,
        "DP-G05: Armor Level adds to the PR total",
    ),
    OptionSpec::bool(
        "dp.stun_and_wound_stack",
        false,
        "DP-G06: stunned and wounded is -2",
    ),
    OptionSpec::bool(
        "dp.extra_action_immediate",
        false,
        "DP-G08: the extra action comes at once",
    ),
    OptionSpec::bool(
        "dp.fa_five_bullets_total",
        false,
        "DP-G10: full auto uses 5 bullets a turn",
    ),
    OptionSpec::bool(
        "dp.fast_draw_removes_shot_limit",
        false,
        "DP-G11: a fast draw lifts the one-shot limit",
    ),
    OptionSpec::bool(
        "dp.scope_rating_metres",
        false,
        "DP-G13: scope rating in metres",
    ),
    OptionSpec::bool(
        "dp.parry_uses_melee_skill",
        false,
        "DP-G14: parry dice = melee skill",
    ),
    OptionSpec::bool(
        "dp.shared_defense_pool",
        false,
        "DP-G14: dodge and parry share one pool",
    ),
    OptionSpec::bool(
        "dp.grenade_difficulty_from_thrower_range",
        false,
        "DP-G19: blast difficulty from the throw's range",
    ),
    OptionSpec::bool(
        "dp.reload_takes_whole_turn",
        false,
        "DP-G20: reloading takes the whole turn",
    ),
];

const STATS: &[StatSpec] = &[
    StatSpec::required(
        "dexterity",
        0,
        30,
        "DP-CORE-04, DP-G03: dice, and a flat add to initiative",
    ),
    StatSpec::required("firearms", 0, 30, "DP-G03: shooting skill, in dice"),
    StatSpec::required("melee", 0, 30, "DP-G03: melee skill, in dice"),
    StatSpec::required("throwing", 0, 30, "DP-G03: throwing skill, in dice"),
    StatSpec::required("dodge", 0, 30, "DP-DODGE-01: dodge dice per turn"),
    StatSpec::required("pain_resistance", 0, 30, "DP-DAMAGE-01: PR dice"),
    StatSpec::optional("armor", 0, 30, Some(0), "DP-DAMAGE-02: Armor Level"),
    StatSpec::optional(
        "wound_limit",
        1,
        100,
        Some(10),
        "DP-G06 (invented): wounds at which the fighter is out",
    ),
];

const MODES: FieldKind = FieldKind::Choice(&["SS", "SA", "FA"]);
const METRES: FieldKind = FieldKind::Int {
    min: 0,
    max: 100_000,
};

const WEAPON_FIELDS: &[FieldSpec] = &[
    FieldSpec::required(
        "kind",
        FieldKind::Choice(&["firearm", "melee", "grenade"]),
        "what sort of weapon",
    ),
    FieldSpec::optional(
        "modes",
        FieldKind::List {
            of: &MODES,
            min_len: 1,
            max_len: 3,
        },
        "DP-FIRE-04: allowed fire modes",
    ),
    FieldSpec::required(
        "dl",
        FieldKind::Int { min: 0, max: 30 },
        "DP-G05: Damage Level, in dice",
    ),
    FieldSpec::optional(
        "clip",
        FieldKind::Int { min: 1, max: 1000 },
        "DP-G20: rounds in a full clip",
    ),
    FieldSpec::optional(
        "reload",
        FieldKind::Choice(&["clip", "rounds"]),
        "DP-G20: clip, or 5 rounds per reload",
    ),
    FieldSpec::optional(
        "range_bands",
        FieldKind::List {
            of: &METRES,
            min_len: 4,
            max_len: 4,
        },
        "DP-G04: short, medium, long, extreme limits in metres",
    ),
    FieldSpec::optional(
        "laser_sight",
        FieldKind::Bool,
        "DP-MOD-05: +1 die on non-autofire attacks",
    ),
    FieldSpec::optional("smart", FieldKind::Bool, "DP-MOD-05: +1 die"),
    FieldSpec::optional(
        "scope",
        FieldKind::Int { min: 0, max: 3 },
        "DP-G13: scope rating",
    ),
    FieldSpec::optional(
        "damage_radius",
        FieldKind::Int { min: 1, max: 1000 },
        "DP-G19: blast radius in metres",
    ),
];

const TERRAIN_FIELDS: &[FieldSpec] = &[
    FieldSpec::optional(
        "cover",
        FieldKind::Int { min: 0, max: 100 },
        "DP-TAB-MODIFIERS: cover percent (0, 50, 75, or 100 = cannot be attacked)",
    ),
    FieldSpec::optional(
        "darkness",
        FieldKind::Choice(&["none", "partial", "total"]),
        "DP-TAB-MODIFIERS: darkness",
    ),
    FieldSpec::optional("difficult", FieldKind::Bool, "invented: difficult ground"),
];

/// The target-size rows of DP-TAB-MODIFIERS, as a unit's `size` names them.
pub const SIZES: &[&str] = &["very-small", "small", "human", "large", "very-large"];

const UNIT_FIELDS: &[FieldSpec] = &[FieldSpec::optional(
    "size",
    FieldKind::Choice(SIZES),
    "DP-MOD-04, DP-TAB-MODIFIERS: the size of the unit as a target: very-small (10 cm) -2, small (50 cm) -1, human 0 (the default, DP-G16), large (3 m) +1, very-large (10 m) +2 dice to attacks on it",
)];

const CATALOGS: &[CatalogSpec] = &[
    CatalogSpec {
        kind: "weapon",
        role: CatalogRole::Equipment,
        fields: WEAPON_FIELDS,
        doc: "weapons and grenades (DP-CORE-05)",
    },
    CatalogSpec {
        kind: "terrain",
        role: CatalogRole::Terrain,
        fields: TERRAIN_FIELDS,
        doc: "map terrain (DP-MOD-04 cover and darkness)",
    },
];

impl ScenarioSchema for DicePoolSchema {
    fn system(&self) -> &'static str {
        "dice-pool"
    }

    fn options(&self) -> &[OptionSpec] {
        OPTIONS
    }

    fn stats(&self) -> &[StatSpec] {
        STATS
    }

    fn stances(&self) -> &[&'static str] {
        &["standing", "prone"]
    }

    fn catalogs(&self) -> &[CatalogSpec] {
        CATALOGS
    }

    fn unit_fields(&self) -> &[FieldSpec] {
        UNIT_FIELDS
    }

    /// Firearms need modes, clip, reload and range bands; grenades need range bands and a
    /// radius; bands must not shrink; cover is one of the table's rows.
    fn check_entry(&self, entry: &Entry) -> Vec<FieldError> {
        let mut out = Vec::new();
        let need = |out: &mut Vec<FieldError>, field: &str, why: &str| {
            if entry.get(field).is_none() {
                out.push(
                    FieldError::new("", format!("a {why} needs '{field}'"))
                        .with_help(format!("add {field} = … to this entry")),
                );
            }
        };
        match entry.text("kind") {
            Some("firearm") => {
                for f in ["modes", "clip", "reload", "range_bands"] {
                    need(&mut out, f, "firearm");
                }
            }
            Some("grenade") => {
                for f in ["range_bands", "damage_radius"] {
                    need(&mut out, f, "grenade");
                }
            }
            _ => {}
        }
        if let Some(bands) = entry.get("range_bands").and_then(Value::as_list) {
            let b: Vec<i64> = bands.iter().filter_map(Value::as_int).collect();
            if let Some(i) = (1..b.len()).find(|&i| b[i] < b[i - 1]) {
                out.push(
                    FieldError::new(
                        format!("range_bands[{i}]"),
                        format!(
                            "band {i} ({} m) is shorter than band {} ({} m)",
                            b[i],
                            i - 1,
                            b[i - 1]
                        ),
                    )
                    .with_help(
                        "list the limits from short to extreme, each at least the one before",
                    ),
                );
            }
        }
        if let Some(c) = entry.int("cover") {
            if ![0, 50, 75, 100].contains(&c) {
                out.push(
                    FieldError::new(
                        "cover",
                        format!("cover {c}% is not a row of DP-TAB-MODIFIERS"),
                    )
                    .with_help("use 0, 50, 75, or 100 (full cover: cannot be attacked, DP-G16)"),
                );
            }
        }
        out
    }
}
