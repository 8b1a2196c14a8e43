//! A small fixture schema for this crate's tests and documentation examples. It is no rule
//! system: each system's own schema lives in its rules crate (dice-pool's is
//! `fireteam_dice_pool::schema::DicePoolSchema`). The fixture has one of each thing a schema
//! declares, so the loader's checks can be shown on it without any system's vocabulary.

use crate::catalog::Entry;
use crate::schema::{
    CatalogRole, CatalogSpec, FieldError, FieldKind, FieldSpec, OptionSpec, ScenarioSchema,
    StatSpec,
};

/// The fixture schema; its system name is `fixture`.
#[derive(Debug, Clone, Copy, Default)]
pub struct TestSchema;

const OPTIONS: &[OptionSpec] = &[OptionSpec::bool(
    "fx.strict",
    false,
    "FX-G01: ties go to the defender",
)];

const STATS: &[StatSpec] = &[
    StatSpec::required("skill", 0, 10, "FX-01: dice rolled"),
    StatSpec::optional("armor", 0, 5, Some(0), "FX-02: armor"),
];

const GEAR_FIELDS: &[FieldSpec] = &[
    FieldSpec::required(
        "kind",
        FieldKind::Choice(&["tool", "weapon"]),
        "what sort of gear",
    ),
    FieldSpec::optional(
        "damage",
        FieldKind::Int { min: 0, max: 9 },
        "FX-03: damage dice",
    ),
];

const TERRAIN_FIELDS: &[FieldSpec] = &[FieldSpec::optional(
    "cover",
    FieldKind::Int { min: 0, max: 100 },
    "FX-04: cover percent",
)];

const UNIT_FIELDS: &[FieldSpec] = &[FieldSpec::optional(
    "rank",
    FieldKind::Choice(&["private", "sergeant"]),
    "FX-05: who leads",
)];

const CATALOGS: &[CatalogSpec] = &[
    CatalogSpec {
        kind: "gear",
        role: CatalogRole::Equipment,
        fields: GEAR_FIELDS,
        doc: "tools and weapons",
    },
    CatalogSpec {
        kind: "terrain",
        role: CatalogRole::Terrain,
        fields: TERRAIN_FIELDS,
        doc: "map terrain",
    },
];

impl ScenarioSchema for TestSchema {
    fn system(&self) -> &'static str {
        "fixture"
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

    /// A weapon needs its damage.
    fn check_entry(&self, entry: &Entry) -> Vec<FieldError> {
        if entry.text("kind") == Some("weapon") && entry.get("damage").is_none() {
            return vec![FieldError::new("", "a weapon needs 'damage'")
                .with_help("add damage = … to this entry")];
        }
        Vec::new()
    }
}
