//! The `Cell` and `Direction` traits that hexes and squares share, and `Cells`, a small
//! fixed-capacity list of cells that neighbour queries return without allocating.

use std::fmt::Debug;
use std::hash::Hash;

/// One of a grid's directions, which is also a facing: 6 for hexes ([`HexDir`]), 8 for squares
/// ([`SquareDir`]). Directions are numbered from 0 (north) clockwise as drawn.
///
/// [`HexDir`]: crate::HexDir
/// [`SquareDir`]: crate::SquareDir
pub trait Direction: Copy + Eq + Ord + Hash + Debug + Send + Sync + 'static {
    /// How many directions there are.
    const COUNT: u8;

    /// This direction's number, `0..COUNT`, clockwise from north.
    fn index(self) -> u8;

    /// The direction numbered `i` (taken modulo [`COUNT`](Self::COUNT)).
    fn from_index(i: u8) -> Self;

    /// This direction turned `steps` places clockwise (negative: counter-clockwise).
    fn rotate(self, steps: i32) -> Self {
        let n = i32::from(Self::COUNT);
        // rem_euclid keeps the result in 0..COUNT, which fits a u8.
        let i = (i32::from(self.index()) + steps).rem_euclid(n);
        Self::from_index(i as u8)
    }

    /// Turned one place clockwise (to the figure's right).
    fn turn_right(self) -> Self {
        self.rotate(1)
    }

    /// Turned one place counter-clockwise (to the figure's left).
    fn turn_left(self) -> Self {
        self.rotate(-1)
    }

    /// The opposite direction.
    fn opposite(self) -> Self {
        self.rotate(i32::from(Self::COUNT / 2))
    }
}

/// A cell of a hex or square grid: [`Hex`](crate::Hex) or [`Square`](crate::Square).
///
/// Generic code (lines of sight, maps, paths, areas) works on any `Cell`. The order of cells
/// (`Ord`) is reading order as drawn: row by row from the top, left to right within a row. Every
/// function in this crate that returns a set of cells returns them in that order.
pub trait Cell:
    Copy + Eq + Ord + Hash + Debug + Default + Send + Sync + 'static + sealed::Geometry
{
    /// The grid's direction and facing type.
    type Dir: Direction;

    /// The cell one step away in `dir`.
    fn step(self, dir: Self::Dir) -> Self;

    /// The direction from `self` to `other` if they are adjacent (share an edge, or for squares
    /// also a corner), else `None`.
    fn direction_to(self, other: Self) -> Option<Self::Dir>;
}

/// Up to 8 cells, held inline. Neighbour queries return this so that they never allocate.
#[derive(Clone, Copy, Debug)]
pub struct Cells<C> {
    buf: [C; 8],
    len: u8,
    pos: u8,
}

impl<C: Copy + Default> Cells<C> {
    pub(crate) fn new() -> Self {
        Cells {
            buf: [C::default(); 8],
            len: 0,
            pos: 0,
        }
    }

    pub(crate) fn from_slice(cells: &[C]) -> Self {
        let mut out = Self::new();
        for &c in cells {
            out.push(c);
        }
        out
    }

    pub(crate) fn push(&mut self, c: C) {
        self.buf[usize::from(self.len)] = c;
        self.len += 1;
    }

    /// The cells not yet iterated, as a slice.
    pub fn as_slice(&self) -> &[C] {
        &self.buf[usize::from(self.pos)..usize::from(self.len)]
    }
}

impl<C: Copy> Iterator for Cells<C> {
    type Item = C;

    fn next(&mut self) -> Option<C> {
        if self.pos < self.len {
            let c = self.buf[usize::from(self.pos)];
            self.pos += 1;
            Some(c)
        } else {
            None
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = usize::from(self.len - self.pos);
        (n, Some(n))
    }
}

impl<C: Copy> ExactSizeIterator for Cells<C> {}

/// The exact geometry behind lines, arcs and templates, kept out of the public API.
pub(crate) mod sealed {
    use crate::facing::Bearing;

    /// A strip `-1 <= c0 + s * c1 <= 1` of the parameter `s` along a segment: a cell is the
    /// intersection of its strips (3 for a hex, 2 for a square; the third is then `(0, 0)`).
    #[derive(Clone, Copy, Debug)]
    pub struct Slab {
        pub c0: i64,
        pub c1: i64,
    }

    pub trait Geometry: Sized {
        /// The strips of `cell` along the segment from the centre of `a` to the centre of `b`.
        fn slabs(a: Self, b: Self, cell: Self) -> [Slab; 3];

        /// Every cell that shares an edge or a corner with `self` (6 hexes, 8 squares).
        fn touching(self) -> crate::Cells<Self>;

        /// Where `target` lies relative to a figure at `self` facing direction number `facing`.
        fn bearing(self, facing: u8, target: Self) -> Option<Bearing>;

        /// Whether `target` lies in the narrow cone ahead of `facing` (±30° on hexes, ±45° on
        /// squares, boundaries included). `target != self`.
        fn in_cone(self, facing: u8, target: Self) -> bool;

        /// Squared Euclidean distance between centres, in units of the distance between adjacent
        /// centres, as `num / den`.
        fn euclid2(self, other: Self) -> (i64, i64);
    }
}
