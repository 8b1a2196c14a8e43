//! What a rule system tells the loader about itself: its options, unit stats, stances, facings
//! and catalog kinds. The loader is generic; each system crate implements `ScenarioSchema`, so
//! a system's content is checked against that system's own vocabulary and nothing else.

use crate::catalog::{Catalog, Entry};
use crate::scenario::{GridKind, Scenario};

/// A rule system's description of its scenarios and catalogs.
///
/// The slices are usually `const` arrays in the system crate. The two `check_*` hooks let a
/// system add rules the declarative specs cannot say ("a firearm needs `clip`"); their findings
/// are reported with the others, at the place their field path names.
pub trait ScenarioSchema {
    /// The short name scenarios use in `system = "…"`, and the folder of its catalogs.
    fn system(&self) -> &'static str;

    /// Named rule switches with their defaults; each gap resolution is one.
    fn options(&self) -> &[OptionSpec];

    /// The stats a unit must or may have, with their ranges.
    fn stats(&self) -> &[StatSpec];

    /// Allowed `stance` values; the first is the default. Empty: units have no stance.
    fn stances(&self) -> &[&'static str];

    /// How many facings a unit can have on this grid (facings are `0..n`).
    fn facings(&self, grid: GridKind) -> u8 {
        match grid {
            GridKind::Hex => 6,
            GridKind::Square => 8,
        }
    }

    /// The grids this system can be played on.
    fn grids(&self) -> &[GridKind] {
        &[GridKind::Hex, GridKind::Square]
    }

    /// The kinds of catalog entries (`[[weapon]]`, `[[terrain]]`, …) and their fields.
    fn catalogs(&self) -> &[CatalogSpec];

    /// Fields a unit may or must have besides the common ones (`name`, `side`, `at`,
    /// `facing`, `stance`, `equipment`, `stats`), each checked by its spec like a catalog
    /// field (dice-pool: the target `size`). None by default.
    fn unit_fields(&self) -> &[FieldSpec] {
        &[]
    }

    /// Fields the `[map]` section may have besides `grid`, `legend`, `rows` and `elevation`,
    /// each checked by its spec like a catalog field (SKIRMISH: the arena's `escape` hexes).
    /// None by default.
    fn map_fields(&self) -> &[FieldSpec] {
        &[]
    }

    /// Extra checks on one catalog entry that passed its field specs. Field paths are relative
    /// to the entry (`range_bands`, `modes[1]`).
    fn check_entry(&self, _entry: &Entry) -> Vec<FieldError> {
        Vec::new()
    }

    /// Extra checks on a scenario that passed every generic check. Field paths are absolute
    /// (`units[1].equipment`).
    fn check_scenario(&self, _scenario: &Scenario, _catalog: &Catalog) -> Vec<FieldError> {
        Vec::new()
    }
}

/// A finding of a system's own check, placed by its field path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    pub field: String,
    pub message: String,
    pub help: Option<String>,
}

impl FieldError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        FieldError {
            field: field.into(),
            message: message.into(),
            help: None,
        }
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

/// A named option of a rule system, e.g. `dp.strictly_greater` (DP-G02), with its default.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionKind,
    /// What it switches, with the rule or gap ID; shown in help and docs.
    pub doc: &'static str,
}

/// The type, default and range of an option.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum OptionKind {
    Bool {
        default: bool,
    },
    Int {
        default: i64,
        min: i64,
        max: i64,
    },
    Choice {
        default: &'static str,
        choices: &'static [&'static str],
    },
}

impl OptionSpec {
    pub const fn bool(name: &'static str, default: bool, doc: &'static str) -> Self {
        OptionSpec {
            name,
            kind: OptionKind::Bool { default },
            doc,
        }
    }

    pub const fn int(
        name: &'static str,
        default: i64,
        min: i64,
        max: i64,
        doc: &'static str,
    ) -> Self {
        OptionSpec {
            name,
            kind: OptionKind::Int { default, min, max },
            doc,
        }
    }

    pub const fn choice(
        name: &'static str,
        default: &'static str,
        choices: &'static [&'static str],
        doc: &'static str,
    ) -> Self {
        OptionSpec {
            name,
            kind: OptionKind::Choice { default, choices },
            doc,
        }
    }

    /// The value a scenario gets when it does not set the option.
    pub fn default_value(&self) -> OptionValue {
        match self.kind {
            OptionKind::Bool { default } => OptionValue::Bool(default),
            OptionKind::Int { default, .. } => OptionValue::Int(default),
            OptionKind::Choice { default, .. } => OptionValue::Choice(default.to_string()),
        }
    }
}

/// A resolved option value.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum OptionValue {
    Bool(bool),
    Int(i64),
    Choice(String),
}

impl OptionValue {
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            OptionValue::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_int(&self) -> Option<i64> {
        match self {
            OptionValue::Int(i) => Some(*i),
            _ => None,
        }
    }

    pub fn as_choice(&self) -> Option<&str> {
        match self {
            OptionValue::Choice(s) => Some(s),
            _ => None,
        }
    }
}

/// A unit stat: its name, whether a unit must give it, its inclusive range and its default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatSpec {
    pub name: &'static str,
    pub required: bool,
    pub min: i64,
    pub max: i64,
    /// Filled in when an optional stat is absent; `None` leaves it absent.
    pub default: Option<i64>,
    pub doc: &'static str,
}

impl StatSpec {
    pub const fn required(name: &'static str, min: i64, max: i64, doc: &'static str) -> Self {
        StatSpec {
            name,
            required: true,
            min,
            max,
            default: None,
            doc,
        }
    }

    pub const fn optional(
        name: &'static str,
        min: i64,
        max: i64,
        default: Option<i64>,
        doc: &'static str,
    ) -> Self {
        StatSpec {
            name,
            required: false,
            min,
            max,
            default,
            doc,
        }
    }
}

/// What the loader does with a kind of catalog entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CatalogRole {
    /// Units may carry it (`equipment = [...]`).
    Equipment,
    /// Map legends name it. Entries also get `blocks_movement` and `blocks_sight`.
    Terrain,
    /// Neither; the system reads it by id.
    Other,
}

/// One kind of catalog entry: the `[[kind]]` tables of a catalog file.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CatalogSpec {
    pub kind: &'static str,
    pub role: CatalogRole,
    /// The fields besides `id`, `name` and `provenance`, which every entry has.
    pub fields: &'static [FieldSpec],
    pub doc: &'static str,
}

/// One field of a catalog entry.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FieldSpec {
    pub name: &'static str,
    pub kind: FieldKind,
    pub required: bool,
    pub doc: &'static str,
}

impl FieldSpec {
    pub const fn required(name: &'static str, kind: FieldKind, doc: &'static str) -> Self {
        FieldSpec {
            name,
            kind,
            required: true,
            doc,
        }
    }

    pub const fn optional(name: &'static str, kind: FieldKind, doc: &'static str) -> Self {
        FieldSpec {
            name,
            kind,
            required: false,
            doc,
        }
    }
}

/// The type of a catalog field, with its allowed values.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FieldKind {
    Bool,
    Int {
        min: i64,
        max: i64,
    },
    Float {
        min: f64,
        max: f64,
    },
    Text,
    /// One of these strings.
    Choice(&'static [&'static str]),
    /// An array of values of one kind, with `min_len..=max_len` elements.
    List {
        of: &'static FieldKind,
        min_len: usize,
        max_len: usize,
    },
}

/// The fields every terrain entry has besides the system's own: the loader reads
/// `blocks_movement` to refuse units placed inside walls.
pub const TERRAIN_FIELDS: &[FieldSpec] = &[
    FieldSpec::optional(
        "blocks_movement",
        FieldKind::Bool,
        "no unit may enter or stand in it (default false)",
    ),
    FieldSpec::optional(
        "blocks_sight",
        FieldKind::Bool,
        "lines of sight stop at it (default false)",
    ),
];
