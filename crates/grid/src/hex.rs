//! Hexes: axial coordinates, the six directions, distance, neighbours, and the flat-top "odd-q"
//! offset layout used for ASCII maps.

use std::cmp::Ordering;
use std::ops::{Add, Sub};

use crate::cell::sealed::{Geometry, Slab};
use crate::cell::{Cell, Cells, Direction};
use crate::facing::{Arc, Bearing};

/// A hex in axial coordinates `(q, r)`; the third cube coordinate is `s = -q - r`.
///
/// Hexes are flat-topped. `q` is the column. Moving one hex north is `r - 1`, south `r + 1`;
/// see [`HexDir`] for all six. The offset layout ([`Hex::from_offset`]) is "odd-q": columns
/// are drawn left to right, rows top to bottom, and odd columns sit half a hex lower than even
/// ones:
///
/// ```text
///  col: 0   1   2   3
///      0,0     2,0
///          1,0     3,0
///      0,1     2,1
///          1,1     3,1
/// ```
///
/// A `Hex` is also a vector (the difference of two hexes), so `+` and `-` are provided.
/// Hexes are ordered in reading order of that layout: by row, then by column.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Hex {
    /// Axial column coordinate (the offset column).
    pub q: i32,
    /// Axial row coordinate (north is `-1`).
    pub r: i32,
}

impl Hex {
    /// The hex `(0, 0)`.
    pub const ORIGIN: Hex = Hex { q: 0, r: 0 };

    /// The hex with axial coordinates `(q, r)`.
    pub const fn new(q: i32, r: i32) -> Hex {
        Hex { q, r }
    }

    /// The third cube coordinate, `-q - r`.
    pub const fn s(self) -> i32 {
        -self.q - self.r
    }

    /// The hex drawn at `(col, row)` in the odd-q offset layout.
    pub const fn from_offset(col: i32, row: i32) -> Hex {
        // (col - (col & 1)) is even, so the division is exact for negative columns too.
        Hex {
            q: col,
            r: row - (col - (col & 1)) / 2,
        }
    }

    /// This hex's `(col, row)` in the odd-q offset layout.
    pub const fn to_offset(self) -> (i32, i32) {
        (self.q, self.r + (self.q - (self.q & 1)) / 2)
    }

    /// The number of steps between two hexes.
    pub fn distance(self, other: Hex) -> u32 {
        let [x, y, z] = (other - self).cube();
        saturate((x.abs() + y.abs() + z.abs()) / 2)
    }

    /// The adjacent hex in `dir`.
    pub const fn neighbour(self, dir: HexDir) -> Hex {
        let v = dir.vector();
        Hex {
            q: self.q + v.q,
            r: self.r + v.r,
        }
    }

    /// The six adjacent hexes, in direction order (N, NE, SE, S, SW, NW).
    pub fn neighbours(self) -> [Hex; 6] {
        HexDir::ALL.map(|d| self.neighbour(d))
    }

    /// Cube coordinates `[q, s, r]` (the order that makes the dot product Euclidean).
    pub(crate) fn cube(self) -> [i64; 3] {
        [i64::from(self.q), i64::from(self.s()), i64::from(self.r)]
    }
}

pub(crate) fn saturate(n: i64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl Ord for Hex {
    fn cmp(&self, other: &Hex) -> Ordering {
        let (ac, ar) = self.to_offset();
        let (bc, br) = other.to_offset();
        (ar, ac).cmp(&(br, bc))
    }
}

impl PartialOrd for Hex {
    fn partial_cmp(&self, other: &Hex) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for Hex {
    type Output = Hex;
    fn add(self, o: Hex) -> Hex {
        Hex::new(self.q + o.q, self.r + o.r)
    }
}

impl Sub for Hex {
    type Output = Hex;
    fn sub(self, o: Hex) -> Hex {
        Hex::new(self.q - o.q, self.r - o.r)
    }
}

/// The six hex-sides a flat-topped hex faces, numbered 0 to 5 clockwise from north.
///
/// | index | name | axial step `(dq, dr)` |
/// |---|---|---|
/// | 0 | `N`  | `(0, -1)` |
/// | 1 | `NE` | `(1, -1)` |
/// | 2 | `SE` | `(1, 0)` |
/// | 3 | `S`  | `(0, 1)` |
/// | 4 | `SW` | `(-1, 1)` |
/// | 5 | `NW` | `(-1, 0)` |
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum HexDir {
    /// North (up the page).
    N = 0,
    /// North-east.
    NE = 1,
    /// South-east.
    SE = 2,
    /// South.
    S = 3,
    /// South-west.
    SW = 4,
    /// North-west.
    NW = 5,
}

impl HexDir {
    /// All six, in index order.
    pub const ALL: [HexDir; 6] = [
        HexDir::N,
        HexDir::NE,
        HexDir::SE,
        HexDir::S,
        HexDir::SW,
        HexDir::NW,
    ];

    /// The axial step one hex in this direction.
    pub const fn vector(self) -> Hex {
        match self {
            HexDir::N => Hex::new(0, -1),
            HexDir::NE => Hex::new(1, -1),
            HexDir::SE => Hex::new(1, 0),
            HexDir::S => Hex::new(0, 1),
            HexDir::SW => Hex::new(-1, 1),
            HexDir::NW => Hex::new(-1, 0),
        }
    }
}

impl Direction for HexDir {
    const COUNT: u8 = 6;

    fn index(self) -> u8 {
        self as u8
    }

    fn from_index(i: u8) -> HexDir {
        HexDir::ALL[usize::from(i % 6)]
    }
}

impl Cell for Hex {
    type Dir = HexDir;

    fn step(self, dir: HexDir) -> Hex {
        self.neighbour(dir)
    }

    fn direction_to(self, other: Hex) -> Option<HexDir> {
        let d = other - self;
        HexDir::ALL.into_iter().find(|dir| dir.vector() == d)
    }
}

fn dot(a: [i64; 3], b: [i64; 3]) -> i64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

impl Geometry for Hex {
    fn slabs(a: Hex, b: Hex, cell: Hex) -> [Slab; 3] {
        // A hex is the set of points p with |dx - dy|, |dy - dz|, |dz - dx| <= 1, where d is the
        // cube-coordinate offset of p from the hex's centre.
        let a3 = a.cube();
        let d3 = (b - a).cube();
        let h3 = cell.cube();
        let slab = |i: usize, j: usize| Slab {
            c0: (a3[i] - h3[i]) - (a3[j] - h3[j]),
            c1: d3[i] - d3[j],
        };
        [slab(0, 1), slab(1, 2), slab(2, 0)]
    }

    fn touching(self) -> Cells<Hex> {
        Cells::from_slice(&self.neighbours())
    }

    fn bearing(self, facing: u8, target: Hex) -> Option<Bearing> {
        if target == self {
            return None;
        }
        // In cube coordinates the plain dot product is Euclidean (times a constant), so angles
        // are compared exactly: a direction vector has |f|² = 2, and
        // cos² θ = dot² / (2 |v|²).
        let f = HexDir::from_index(facing).vector().cube();
        let v = (target - self).cube();
        let (d, nn) = (dot(f, v), dot(v, v));
        Some(match d.cmp(&0) {
            // |θ| < 90°: through the three front hex-sides.
            Ordering::Greater => Bearing::Within(Arc::Front),
            Ordering::Equal => Bearing::Boundary(Arc::Front, Arc::Side),
            // 150° compares cos² θ with 3/4, that is 2·dot² with 3·|v|².
            Ordering::Less => match (2 * d * d).cmp(&(3 * nn)) {
                Ordering::Greater => Bearing::Within(Arc::Rear),
                Ordering::Equal => Bearing::Boundary(Arc::Side, Arc::Rear),
                Ordering::Less => Bearing::Within(Arc::Side),
            },
        })
    }

    fn in_cone(self, facing: u8, target: Hex) -> bool {
        let f = HexDir::from_index(facing).vector().cube();
        let v = (target - self).cube();
        let (d, nn) = (dot(f, v), dot(v, v));
        // |θ| <= 30°: cos² θ >= 3/4.
        d > 0 && 2 * d * d >= 3 * nn
    }

    fn euclid2(self, other: Hex) -> (i64, i64) {
        let v = (other - self).cube();
        (dot(v, v), 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offset_layout_is_odd_q() {
        assert_eq!(Hex::from_offset(0, 0), Hex::new(0, 0));
        assert_eq!(Hex::from_offset(1, 0), Hex::new(1, 0));
        assert_eq!(Hex::from_offset(2, 0), Hex::new(2, -1));
        assert_eq!(Hex::from_offset(3, 1), Hex::new(3, 0));
        assert_eq!(Hex::from_offset(-1, 0), Hex::new(-1, 1));
        // Odd column 1 sits lower: (1,0) is south-east of (0,0), (1,-1) north-east.
        assert_eq!(
            Hex::from_offset(0, 0).neighbour(HexDir::SE).to_offset(),
            (1, 0)
        );
        assert_eq!(
            Hex::from_offset(0, 0).neighbour(HexDir::NE).to_offset(),
            (1, -1)
        );
        assert_eq!(
            Hex::from_offset(1, 0).neighbour(HexDir::NE).to_offset(),
            (2, 0)
        );
        assert_eq!(
            Hex::from_offset(1, 0).neighbour(HexDir::SE).to_offset(),
            (2, 1)
        );
    }

    #[test]
    fn reading_order() {
        let mut v = [
            Hex::from_offset(1, 0),
            Hex::from_offset(0, 1),
            Hex::from_offset(0, 0),
            Hex::from_offset(2, 0),
        ];
        v.sort();
        let offsets: Vec<_> = v.iter().map(|h| h.to_offset()).collect();
        assert_eq!(offsets, vec![(0, 0), (1, 0), (2, 0), (0, 1)]);
    }

    #[test]
    fn directions() {
        assert_eq!(HexDir::N.turn_right(), HexDir::NE);
        assert_eq!(HexDir::N.turn_left(), HexDir::NW);
        assert_eq!(HexDir::SW.opposite(), HexDir::NE);
        assert_eq!(HexDir::NW.rotate(2), HexDir::NE);
        assert_eq!(HexDir::N.rotate(-7), HexDir::NW);
        for d in HexDir::ALL {
            assert_eq!(HexDir::from_index(d.index()), d);
            assert_eq!(d.vector() + d.opposite().vector(), Hex::ORIGIN);
            assert_eq!(Hex::ORIGIN.direction_to(d.vector()), Some(d));
        }
        assert_eq!(Hex::ORIGIN.direction_to(Hex::new(2, -1)), None);
    }
}
