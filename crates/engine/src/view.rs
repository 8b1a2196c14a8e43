//! A picture of a battle that every front end draws the same way, whatever the system: the
//! board ([`Board`]: grid, terrain, marks such as smoke and fire, units with their facing,
//! posture, wounds and status), what an action does on that board ([`ActionView`]: whose it is,
//! its kind, the cell or unit it points at), and what a selected unit threatens and sees
//! ([`Focus`]).
//!
//! The browser battle map and the terminal map draw only from these records, so a new system
//! appears on both by filling them in; the hints it gives (a terrain's `look`, a mark's
//! `kind`) are plain words a drawing maps to colours, with a neutral default for words it does
//! not know.

use crate::protocol::{SideId, UnitId};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A cell of the board: column and row of the offset layout (hexes: flat-topped, odd-q; squares:
/// x and y), 0-based. On an open table it is a point in the table's units. Written `col,row`,
/// and serialised as `[col, row]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "[i32; 2]", into = "[i32; 2]")]
pub struct Cell {
    pub col: i32,
    pub row: i32,
}

impl Cell {
    pub fn new(col: i32, row: i32) -> Self {
        Cell { col, row }
    }
}

impl From<[i32; 2]> for Cell {
    fn from([col, row]: [i32; 2]) -> Self {
        Cell { col, row }
    }
}

impl From<Cell> for [i32; 2] {
    fn from(c: Cell) -> Self {
        [c.col, c.row]
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.col, self.row)
    }
}

/// The shape of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum GridShape {
    /// Flat-topped hexes in the odd-q offset layout: odd columns sit half a hex lower. Facings
    /// are 0 = north, clockwise: N, NE, SE, S, SW, NW.
    Hex,
    /// Squares; facings 0 = north, clockwise in eighths.
    Square,
    /// An open table measured in `units_per_inch` of an inch; positions are points.
    Table { units_per_inch: u32 },
}

/// One kind of terrain on the board, for the legend and the drawing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerrainView {
    /// The scenario's name for it.
    pub name: String,
    /// One character for text maps (`.` open, `#` wall…).
    pub symbol: char,
    /// A drawing hint: `open`, `wall`, `low-wall`, `water`, `deep-water`, `brush`, `rough`,
    /// `pit`, `dark`, `smoke`, `fire`, `ice`, `building`… (unknown words draw as open ground).
    pub look: String,
    pub blocks_sight: bool,
    pub blocks_movement: bool,
    /// What it does, in short words with rule IDs, for a tooltip.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

/// Something on a cell that changes during the battle: smoke, gas, fire, a dropped weapon, a
/// live grenade.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark {
    pub at: Cell,
    /// A drawing hint: `smoke`, `gas`, `fire`, `item`, `grenade`, `escape`…
    pub kind: String,
    /// What it is, for a tooltip: "smoke (2 turns old)", "Ash's pistol".
    pub label: String,
}

/// One unit as the board shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitView {
    pub id: UnitId,
    pub name: String,
    pub side: SideId,
    /// None when the unit is off the board (fled, lost).
    pub at: Option<Cell>,
    /// 0 = north, clockwise, in the grid's facings; None when the system has no facing.
    pub facing: Option<u8>,
    /// `standing`, `kneeling`, `prone`, `fallen`… (the system's word).
    pub posture: String,
    /// Damage taken, in the system's unit (hits, wounds), and how much the unit can take
    /// before it is out, when the system says.
    pub damage: i32,
    pub damage_max: Option<i32>,
    /// Out of the fight (dead, unconscious, fled…): drawn faded.
    pub out: bool,
    /// Short status words: `dead`, `stunned`, `engaged`, `aiming at Bay`, `hidden`…
    pub status: Vec<String>,
    /// The weapon in hand, if any.
    pub weapon: Option<String>,
    /// Weapons and ammunition as "pistol 5/6", one entry each.
    pub gear: Vec<String>,
}

/// A side as the board shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideView {
    pub name: String,
}

/// The whole board at one moment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    pub shape: GridShape,
    /// In cells (or table units).
    pub width: u32,
    pub height: u32,
    /// The names of the facings, from 0 (empty when the system has no facing).
    pub facings: Vec<String>,
    pub terrain: Vec<TerrainView>,
    /// Index into `terrain` per cell, row-major (`width * height`; empty on an open table).
    pub cells: Vec<u16>,
    pub marks: Vec<Mark>,
    pub sides: Vec<SideView>,
    pub units: Vec<UnitView>,
    pub turn: u32,
    /// What the battle is doing now, in words ("Turn 2: actions", "initiative").
    pub phase: String,
}

impl Board {
    /// The terrain index at a cell, None off the board.
    pub fn terrain_at(&self, c: Cell) -> Option<&TerrainView> {
        if c.col < 0 || c.row < 0 || c.col as u32 >= self.width || c.row as u32 >= self.height {
            return None;
        }
        let i = c.row as usize * self.width as usize + c.col as usize;
        self.cells
            .get(i)
            .and_then(|&t| self.terrain.get(usize::from(t)))
    }

    /// The unit standing at a cell and still in the fight, else any unit there.
    pub fn unit_at(&self, c: Cell) -> Option<&UnitView> {
        let mut here = self.units.iter().filter(|u| u.at == Some(c));
        let first = here.clone().find(|u| !u.out);
        first.or_else(|| here.next())
    }
}

/// What one legal action does on the board: the front end groups actions by unit and kind, and
/// picks one by its cell or target.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionView {
    /// The unit acting, when the action belongs to one.
    pub unit: Option<UnitId>,
    /// The kind, one word for grouping: `move`, `shift`, `shoot`, `attack`, `throw`, `aim`,
    /// `ready`, `reload`, `pass`…
    pub kind: String,
    /// The cell it goes to or aims at.
    pub cell: Option<Cell>,
    /// The unit it aims at.
    pub target: Option<UnitId>,
    /// The facing it ends in, when it sets one.
    pub facing: Option<u8>,
    /// An attack whose odds a player wants to see before committing.
    pub attack: bool,
}

/// What the selected unit threatens and sees.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Focus {
    /// Cells the unit threatens (its zone of control, reach or front arc).
    pub threat: Vec<Cell>,
    /// Cells it can see.
    pub sight: Vec<Cell>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_is_written_col_row_and_serialised_as_a_pair() {
        let c = Cell::new(14, 1);
        assert_eq!(c.to_string(), "14,1");
        assert_eq!(serde_json::to_string(&c).unwrap(), "[14,1]");
        let back: Cell = serde_json::from_str("[14,1]").unwrap();
        assert_eq!(back, c);
    }

    fn board() -> Board {
        let unit = |id: UnitId, at: [i32; 2], out: bool| UnitView {
            id,
            name: format!("u{id}"),
            side: 0,
            at: Some(at.into()),
            facing: None,
            posture: "standing".into(),
            damage: 0,
            damage_max: None,
            out,
            status: vec![],
            weapon: None,
            gear: vec![],
        };
        Board {
            shape: GridShape::Hex,
            width: 2,
            height: 1,
            facings: vec![],
            terrain: vec![
                TerrainView {
                    name: "open".into(),
                    symbol: '.',
                    look: "open".into(),
                    blocks_sight: false,
                    blocks_movement: false,
                    note: String::new(),
                },
                TerrainView {
                    name: "wall".into(),
                    symbol: '#',
                    look: "wall".into(),
                    blocks_sight: true,
                    blocks_movement: true,
                    note: String::new(),
                },
            ],
            cells: vec![0, 1],
            marks: vec![],
            sides: vec![],
            units: vec![unit(0, [0, 0], true), unit(1, [0, 0], false)],
            turn: 1,
            phase: String::new(),
        }
    }

    #[test]
    fn terrain_is_read_row_major_and_nothing_lies_off_the_board() {
        let b = board();
        assert_eq!(b.terrain_at(Cell::new(1, 0)).unwrap().name, "wall");
        assert!(b.terrain_at(Cell::new(2, 0)).is_none());
        assert!(b.terrain_at(Cell::new(-1, 0)).is_none());
    }

    #[test]
    fn the_unit_in_the_fight_is_the_one_shown_on_a_shared_cell() {
        assert_eq!(board().unit_at(Cell::new(0, 0)).unwrap().id, 1);
        assert!(board().unit_at(Cell::new(1, 0)).is_none());
    }
}
