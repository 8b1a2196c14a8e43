//! A loaded, valid scenario: plain data that a rule system turns into its own battle state.

use crate::schema::OptionValue;
use crate::value::Value;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;

/// A scenario that passed every check.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Scenario {
    pub system: String,
    pub name: String,
    pub description: String,
    /// The default seed; a command-line seed overrides it.
    pub seed: Option<u64>,
    pub max_rounds: Option<u32>,
    /// Every option the system declares, with the scenario's value or the default.
    pub options: BTreeMap<String, OptionValue>,
    pub map: Map,
    pub sides: Vec<Side>,
    pub units: Vec<Unit>,
    /// The file it came from, with its content hash.
    pub file: FileInfo,
}

impl Scenario {
    pub fn option(&self, name: &str) -> Option<&OptionValue> {
        self.options.get(name)
    }

    /// A boolean option's value; false for an unknown name or another type.
    pub fn flag(&self, name: &str) -> bool {
        self.option(name).and_then(OptionValue::as_bool) == Some(true)
    }
}

/// A file's name and FNV-1a 64 content hash (16 hex digits), for saves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileInfo {
    pub name: String,
    pub content_hash: String,
}

/// Hexes or squares. The scenario stores (column, row) offsets as drawn; `fireteam-grid` reads
/// them: flat-topped hexes in the odd-q layout (odd columns drawn half a hex lower), facing 0 =
/// north and clockwise (0..5 on hexes, 0..7 on squares).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GridKind {
    Hex,
    Square,
}

impl GridKind {
    pub fn name(self) -> &'static str {
        match self {
            GridKind::Hex => "hex",
            GridKind::Square => "square",
        }
    }
}

/// A cell by its 0-based column and row in the map's text rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Position {
    pub col: u32,
    pub row: u32,
}

impl Position {
    pub fn new(col: u32, row: u32) -> Self {
        Position { col, row }
    }
}

/// Reads a cell as a person writes it: `14,1`, `14, 1`, `[14, 1]`, `(14,1)` or `14 1`, column
/// first. `None` when the text is not two integers so written.
pub fn parse_cell(text: &str) -> Option<(i64, i64)> {
    let t = text.trim();
    let t = t
        .strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .or_else(|| t.strip_prefix('(').and_then(|r| r.strip_suffix(')')))
        .unwrap_or(t);
    let (col, row) = match t.split_once(',') {
        Some(pair) => pair,
        None => {
            let mut words = t.split_whitespace();
            match (words.next(), words.next(), words.next()) {
                (Some(c), Some(r), None) => (c, r),
                _ => return None,
            }
        }
    };
    Some((col.trim().parse().ok()?, row.trim().parse().ok()?))
}

/// Cells are written `col,row` in every system's messages and action texts.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.col, self.row)
    }
}

/// The battlefield: a rectangle of cells, stored row by row.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Map {
    pub grid: GridKind,
    pub width: u32,
    pub height: u32,
    /// `width * height` cells, row-major.
    pub cells: Vec<Cell>,
    /// The system's own map fields (`ScenarioSchema::map_fields`) that the map gave.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub fields: BTreeMap<String, Value>,
}

impl Map {
    /// A map field of the system, if the map gave it.
    pub fn field(&self, name: &str) -> Option<&Value> {
        self.fields.get(name)
    }

    pub fn cell(&self, at: Position) -> Option<&Cell> {
        if at.col >= self.width || at.row >= self.height {
            return None;
        }
        self.cells
            .get(at.row as usize * self.width as usize + at.col as usize)
    }
}

/// One cell: its terrain (a terrain id of the catalog) and its elevation (0 without an
/// `elevation` picture).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cell {
    pub terrain: String,
    pub elevation: i64,
}

/// Who plays a side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "policy", rename_all = "lowercase")]
pub enum Controller {
    /// An AI policy by name (`ai:greedy` is `Ai("greedy")`); the ai crate resolves the name.
    Ai(String),
    /// A person, at the table or the terminal.
    Human,
    /// Actions come from a script or test, not a live decision.
    Script,
}

impl fmt::Display for Controller {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Controller::Ai(p) => write!(f, "ai:{p}"),
            Controller::Human => f.write_str("human"),
            Controller::Script => f.write_str("script"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Side {
    pub name: String,
    pub controller: Controller,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Unit {
    pub name: String,
    /// Index into `Scenario::sides`.
    pub side: usize,
    pub at: Position,
    pub facing: u8,
    /// The unit's stance, or the system's first stance; `None` if the system has none.
    pub stance: Option<String>,
    /// Every stat the unit gave, plus the defaults of optional stats it left out.
    pub stats: BTreeMap<String, i64>,
    /// Catalog ids, each one known to be an equipment entry.
    pub equipment: Vec<String>,
    /// The system's own unit fields (`ScenarioSchema::unit_fields`) that the unit gave.
    pub fields: BTreeMap<String, Value>,
}

impl Unit {
    /// A unit field of the system, if the unit gave it.
    pub fn field(&self, name: &str) -> Option<&Value> {
        self.fields.get(name)
    }
}
