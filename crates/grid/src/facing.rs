//! Facing arcs: where a target lies relative to a figure's facing, and the front cells.
//!
//! # The rule
//!
//! The arc of a target is decided by the angle θ between the figure's facing and the line from
//! the figure's centre to the target's centre. On hexes the boundaries are the rays through the
//! figure's own hex corners, so a target is in the arc of the hex-side that this line leaves
//! through:
//!
//! | hexes | angle from the facing | adjacent hexes |
//! |---|---|---|
//! | front | \|θ\| < 90° | the faced hex and the two beside it (3) |
//! | side  | 90° < \|θ\| < 150° | 2 |
//! | rear  | \|θ\| > 150° | the hex behind (1) |
//!
//! On squares the boundaries are the diagonals through the corners: front \|θ\| < 45°,
//! side 45° < \|θ\| < 135°, rear \|θ\| > 135°.
//!
//! A target exactly on a boundary (θ = ±90° or ±150° on hexes, ±45° or ±135° on squares, as
//! for the diagonal squares next to a figure facing north) is reported as
//! [`Bearing::Boundary`], and [`arc`] resolves it to the arc nearer the front, so on squares
//! the adjacent cells split 3 front, 4 side, 1 rear. Rules that want the other resolution use
//! [`bearing`] and [`Bearing::resolve`]. All tests are exact integer arithmetic.

use crate::cell::{Cell, Direction};
use crate::hex::{Hex, HexDir};

/// An arc relative to a figure's facing.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Arc {
    /// Ahead.
    Front,
    /// To the left or right.
    Side,
    /// Behind.
    Rear,
}

/// Where a target lies relative to a figure's facing: inside one arc, or exactly on the
/// boundary between two (the nearer-the-front arc first).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Bearing {
    /// Strictly inside an arc.
    Within(Arc),
    /// Exactly on the boundary between two adjacent arcs: `(Front, Side)` or `(Side, Rear)`.
    Boundary(Arc, Arc),
}

/// How a target exactly on an arc boundary is resolved.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Tie {
    /// To the arc nearer the front (the default).
    #[default]
    Frontward,
    /// To the arc nearer the rear.
    Rearward,
}

impl Bearing {
    /// The arc, with boundaries resolved by `tie`.
    pub fn resolve(self, tie: Tie) -> Arc {
        match (self, tie) {
            (Bearing::Within(a), _) => a,
            (Bearing::Boundary(front, _), Tie::Frontward) => front,
            (Bearing::Boundary(_, rear), Tie::Rearward) => rear,
        }
    }

    /// The arc, with boundaries resolved frontward.
    pub fn arc(self) -> Arc {
        self.resolve(Tie::Frontward)
    }
}

/// Where `target` lies for a figure at `from` facing `facing`; `None` if `target == from`.
pub fn bearing<C: Cell>(from: C, facing: C::Dir, target: C) -> Option<Bearing> {
    from.bearing(facing.index(), target)
}

/// The arc `target` is in for a figure at `from` facing `facing`, boundaries resolved
/// frontward; `None` if `target == from`.
pub fn arc<C: Cell>(from: C, facing: C::Dir, target: C) -> Option<Arc> {
    bearing(from, facing, target).map(Bearing::arc)
}

/// The three cells in front of a figure at `pos` facing `facing`: front-left, ahead,
/// front-right. On hexes these are the front hexes (SKIRMISH's threat zone); on squares, the
/// faced square and the two diagonals beside it.
pub fn front_cells<C: Cell>(pos: C, facing: C::Dir) -> [C; 3] {
    [
        pos.step(facing.turn_left()),
        pos.step(facing),
        pos.step(facing.turn_right()),
    ]
}

/// The three front hexes (the threat zone) of a figure at `pos` facing `facing`: front-left,
/// ahead, front-right.
pub fn front_hexes(pos: Hex, facing: HexDir) -> [Hex; 3] {
    front_cells(pos, facing)
}
