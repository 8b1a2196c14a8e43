//! Squares: coordinates, the eight directions, and 4- or 8-neighbour distance.

use std::cmp::Ordering;

use crate::cell::sealed::{Geometry, Slab};
use crate::cell::{Cell, Cells, Direction};
use crate::facing::{Arc, Bearing};
use crate::hex::saturate;

/// A square at column `x`, row `y` (rows go down the page).
///
/// Squares are ordered in reading order: by row, then by column.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Square {
    /// Column, increasing to the right (east).
    pub x: i32,
    /// Row, increasing down the page (south).
    pub y: i32,
}

/// Which squares count as adjacent, and so how distance is counted.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Adjacency {
    /// The four squares sharing an edge; distance is `|dx| + |dy|` (Manhattan).
    Four,
    /// The eight squares sharing an edge or a corner; distance is `max(|dx|, |dy|)`
    /// (Chebyshev: a diagonal step costs the same as a straight one).
    #[default]
    Eight,
}

impl Square {
    /// The square at column `x`, row `y`.
    pub const fn new(x: i32, y: i32) -> Square {
        Square { x, y }
    }

    /// The number of steps between two squares under `adjacency`.
    pub fn distance(self, other: Square, adjacency: Adjacency) -> u32 {
        let dx = (i64::from(other.x) - i64::from(self.x)).abs();
        let dy = (i64::from(other.y) - i64::from(self.y)).abs();
        saturate(match adjacency {
            Adjacency::Four => dx + dy,
            Adjacency::Eight => dx.max(dy),
        })
    }

    /// The square one step away in `dir`.
    pub const fn neighbour(self, dir: SquareDir) -> Square {
        let (dx, dy) = dir.vector();
        Square::new(self.x + dx, self.y + dy)
    }

    /// The adjacent squares under `adjacency`, in direction order (clockwise from north).
    pub fn neighbours(self, adjacency: Adjacency) -> Cells<Square> {
        let dirs: &[SquareDir] = match adjacency {
            Adjacency::Four => &SquareDir::ORTHOGONAL,
            Adjacency::Eight => &SquareDir::ALL,
        };
        let mut out = Cells::new();
        for &d in dirs {
            out.push(self.neighbour(d));
        }
        out
    }
}

impl Ord for Square {
    fn cmp(&self, other: &Square) -> Ordering {
        (self.y, self.x).cmp(&(other.y, other.x))
    }
}

impl PartialOrd for Square {
    fn partial_cmp(&self, other: &Square) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The eight directions of a square grid, numbered 0 to 7 clockwise from north. On a grid
/// with [`Adjacency::Four`] only the even ones (N, E, S, W) are steps and facings.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum SquareDir {
    /// North, `(0, -1)`.
    N = 0,
    /// North-east, `(1, -1)`.
    NE = 1,
    /// East, `(1, 0)`.
    E = 2,
    /// South-east, `(1, 1)`.
    SE = 3,
    /// South, `(0, 1)`.
    S = 4,
    /// South-west, `(-1, 1)`.
    SW = 5,
    /// West, `(-1, 0)`.
    W = 6,
    /// North-west, `(-1, -1)`.
    NW = 7,
}

impl SquareDir {
    /// All eight, in index order.
    pub const ALL: [SquareDir; 8] = [
        SquareDir::N,
        SquareDir::NE,
        SquareDir::E,
        SquareDir::SE,
        SquareDir::S,
        SquareDir::SW,
        SquareDir::W,
        SquareDir::NW,
    ];

    /// The four orthogonal directions, in index order.
    pub const ORTHOGONAL: [SquareDir; 4] = [SquareDir::N, SquareDir::E, SquareDir::S, SquareDir::W];

    /// The step `(dx, dy)` one square in this direction.
    pub const fn vector(self) -> (i32, i32) {
        match self {
            SquareDir::N => (0, -1),
            SquareDir::NE => (1, -1),
            SquareDir::E => (1, 0),
            SquareDir::SE => (1, 1),
            SquareDir::S => (0, 1),
            SquareDir::SW => (-1, 1),
            SquareDir::W => (-1, 0),
            SquareDir::NW => (-1, -1),
        }
    }

    /// Whether this is a diagonal (NE, SE, SW, NW).
    pub const fn is_diagonal(self) -> bool {
        (self as u8) % 2 == 1
    }
}

impl Direction for SquareDir {
    const COUNT: u8 = 8;

    fn index(self) -> u8 {
        self as u8
    }

    fn from_index(i: u8) -> SquareDir {
        SquareDir::ALL[usize::from(i % 8)]
    }
}

impl Cell for Square {
    type Dir = SquareDir;

    fn step(self, dir: SquareDir) -> Square {
        self.neighbour(dir)
    }

    fn direction_to(self, other: Square) -> Option<SquareDir> {
        let d = (other.x - self.x, other.y - self.y);
        SquareDir::ALL.into_iter().find(|dir| dir.vector() == d)
    }
}

fn delta(a: Square, b: Square) -> (i64, i64) {
    (
        i64::from(b.x) - i64::from(a.x),
        i64::from(b.y) - i64::from(a.y),
    )
}

impl Geometry for Square {
    fn slabs(a: Square, b: Square, cell: Square) -> [Slab; 3] {
        // A square is |px - x| <= 1/2 and |py - y| <= 1/2; doubled to stay in integers.
        let (dx, dy) = delta(a, b);
        let (ox, oy) = delta(cell, a);
        [
            Slab {
                c0: 2 * ox,
                c1: 2 * dx,
            },
            Slab {
                c0: 2 * oy,
                c1: 2 * dy,
            },
            Slab { c0: 0, c1: 0 },
        ]
    }

    fn touching(self) -> Cells<Square> {
        self.neighbours(Adjacency::Eight)
    }

    fn bearing(self, facing: u8, target: Square) -> Option<Bearing> {
        if target == self {
            return None;
        }
        let (fx, fy) = SquareDir::from_index(facing).vector();
        let (fx, fy) = (i64::from(fx), i64::from(fy));
        let (vx, vy) = delta(self, target);
        let d = fx * vx + fy * vy;
        // 45° and 135° compare cos² θ = dot² / (|f|² |v|²) with 1/2.
        let twice_d2 = 2 * d * d;
        let ffvv = (fx * fx + fy * fy) * (vx * vx + vy * vy);
        Some(match (d.cmp(&0), twice_d2.cmp(&ffvv)) {
            (Ordering::Greater, Ordering::Greater) => Bearing::Within(Arc::Front),
            (Ordering::Greater, Ordering::Equal) => Bearing::Boundary(Arc::Front, Arc::Side),
            (Ordering::Less, Ordering::Greater) => Bearing::Within(Arc::Rear),
            (Ordering::Less, Ordering::Equal) => Bearing::Boundary(Arc::Side, Arc::Rear),
            _ => Bearing::Within(Arc::Side),
        })
    }

    fn in_cone(self, facing: u8, target: Square) -> bool {
        let (fx, fy) = SquareDir::from_index(facing).vector();
        let (fx, fy) = (i64::from(fx), i64::from(fy));
        let (vx, vy) = delta(self, target);
        let d = fx * vx + fy * vy;
        d > 0 && 2 * d * d >= (fx * fx + fy * fy) * (vx * vx + vy * vy)
    }

    fn euclid2(self, other: Square) -> (i64, i64) {
        let (dx, dy) = delta(self, other);
        (dx * dx + dy * dy, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        let a = Square::new(0, 0);
        let b = Square::new(3, -5);
        assert_eq!(a.distance(b, Adjacency::Eight), 5);
        assert_eq!(a.distance(b, Adjacency::Four), 8);
    }

    #[test]
    fn neighbours_in_direction_order() {
        let c = Square::new(2, 2);
        let four: Vec<_> = c.neighbours(Adjacency::Four).collect();
        assert_eq!(
            four,
            vec![
                Square::new(2, 1),
                Square::new(3, 2),
                Square::new(2, 3),
                Square::new(1, 2)
            ]
        );
        assert_eq!(c.neighbours(Adjacency::Eight).len(), 8);
        assert_eq!(
            c.direction_to(Square::new(1, 1)),
            Some(SquareDir::NW),
            "up-left is north-west"
        );
        assert!(SquareDir::SW.is_diagonal() && !SquareDir::W.is_diagonal());
        assert_eq!(SquareDir::NW.turn_right(), SquareDir::N);
        assert_eq!(SquareDir::E.opposite(), SquareDir::W);
    }
}
