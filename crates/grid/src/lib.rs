//! Map geometry for fireteam: hex and square grids, distance, facing arcs, exact lines of sight,
//! areas and templates, and movement paths.
//!
//! # What it is, and is not
//!
//! This crate answers geometric questions the same way every time: how far, which way, in which
//! arc, which cells a line crosses, what lies within a radius, how cheaply a cell can be reached.
//! It knows nothing of figures, rules or terrain meaning: terrain is the rule system's own type
//! `T` in [`Map<G, T>`], and what blocks sight or what a step costs is asked of callbacks. It does
//! not draw maps (the offset layout below is only how ASCII maps are read).
//!
//! Everything is exact integer arithmetic (no floating point in any decision), so a replay gives
//! the same answers on every machine. Every set of cells comes back in reading order, and every
//! tie (equally cheap paths, a target on an arc boundary, a line along a hex-side) is settled by
//! a documented rule or reported to the caller.
//!
//! # Conventions
//!
//! - **Hexes** are flat-topped, in axial coordinates [`Hex`]`{ q, r }` (cube `s = -q - r`).
//!   ASCII maps use the **odd-q** offset layout: `col = q`, `row = r + (q - (q & 1)) / 2`; odd
//!   columns are drawn half a hex lower. A pointy-topped map is the same grid transposed.
//! - **Squares** are [`Square`]`{ x, y }`, `x` to the right, `y` down the page, with 4- or
//!   8-neighbour adjacency ([`Adjacency`]).
//! - **Directions** are numbered from 0 = north, clockwise as drawn: hexes N, NE, SE, S, SW, NW
//!   ([`HexDir`], 0..5); squares N, NE, E, SE, S, SW, W, NW ([`SquareDir`], 0..7). A direction is
//!   also a facing.
//! - **Order**: cells sort in reading order (by row, then column, of the offset layout).
//! - **Scale**: a [`Map`] carries an exact [`Scale`] (1 m, 4/3 m, 1 yd, 1 in per cell).
//!
//! # Modules
//!
//! | module | what |
//! |---|---|
//! | [`hex`], [`square`] | coordinates, directions, distance, neighbours |
//! | [`grid`] | [`HexGrid`], [`SquareGrid`]: width, height, offset conversion, bounds |
//! | [`facing`] | arcs (front / side / rear) and front cells |
//! | [`area`] | rings, filled areas, rays, cones, arcs and circles |
//! | [`line`](mod@line) | the exact cells between two centres, with edge and corner cases |
//! | [`los`](mod@los) | line of sight, with edge rules and elevation |
//! | [`map`] | [`Map<G, T>`]: terrain, elevation, scale |
//! | [`path`] | cheapest paths and movement ranges (using the `pathfinding` crate) |
//!
//! # Example
//!
//! ```
//! use fireteam_grid::{arc, los, Arc, Grid, Hex, HexDir, HexGrid, LineStep};
//!
//! let grid = HexGrid::new(10, 10);
//! let me = Hex::from_offset(2, 2);
//! let foe = Hex::from_offset(2, 6);
//! assert_eq!(grid.distance(me, foe), 4);
//! assert_eq!(arc(me, HexDir::N, foe), Some(Arc::Rear));
//!
//! let wall = Hex::from_offset(2, 4);
//! let sight = los(me, foe, |c| c == wall);
//! assert_eq!(sight.blocker, Some(LineStep::Single(wall)));
//! ```

pub mod area;
mod cell;
pub mod facing;
mod frac;
pub mod grid;
pub mod hex;
pub mod line;
pub mod los;
pub mod map;
pub mod path;
mod scale;
pub mod square;

pub use cell::{Cell, Cells, Direction};
pub use facing::{arc, bearing, front_cells, front_hexes, Arc, Bearing, Tie};
pub use frac::Frac;
pub use grid::{Grid, HexGrid, SquareGrid};
pub use hex::{Hex, HexDir};
pub use line::{crossings, line, Crossing, Crossings, LineStep};
pub use los::{first_blocker, los, los_elevated, los_with, EdgeRule, Eyes, Los};
pub use map::{Map, MapError};
pub use path::{reachable, shortest_path, Path, Reach};
pub use scale::{Scale, Unit};
pub use square::{Adjacency, Square, SquareDir};
