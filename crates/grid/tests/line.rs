//! Exact lines: hand-checked examples, and every line compared with a brute-force oracle that
//! finds the cells by another route (each cell as the points nearer its centre than any
//! neighbour's).

use std::cmp::Ordering;

use fireteam_grid::{
    crossings, line, Cell, Crossing, Direction, Frac, Hex, HexDir, LineStep, Square,
};
use proptest::prelude::*;

/// A fraction for the oracle: (num, den) with den > 0.
#[derive(Clone, Copy, Debug)]
struct Q(i128, i128);

impl Q {
    fn new(n: i128, d: i128) -> Q {
        if d < 0 {
            Q(-n, -d)
        } else {
            Q(n, d)
        }
    }
    fn cmp(self, o: Q) -> Ordering {
        (self.0 * o.1).cmp(&(o.0 * self.1))
    }
    fn eq_frac(self, f: Frac) -> bool {
        self.0 * i128::from(f.den()) == i128::from(f.num()) * self.1
    }
}

/// A geometry for the oracle: points as integer vectors, a Euclidean dot product, and the
/// neighbours whose bisectors bound a cell.
trait Oracle: Cell {
    fn point(self) -> Vec<i128>;
    fn bounding(self) -> Vec<Self>;
    fn around(self, r: i32) -> Vec<Self>;
}

impl Oracle for Hex {
    fn point(self) -> Vec<i128> {
        vec![self.q.into(), self.s().into(), self.r.into()]
    }
    fn bounding(self) -> Vec<Hex> {
        self.neighbours().to_vec()
    }
    fn around(self, r: i32) -> Vec<Hex> {
        let mut v = Vec::new();
        for q in -r..=r {
            for rr in -r..=r {
                v.push(self + Hex::new(q, rr));
            }
        }
        v
    }
}

impl Oracle for Square {
    fn point(self) -> Vec<i128> {
        vec![self.x.into(), self.y.into()]
    }
    fn bounding(self) -> Vec<Square> {
        [(0, -1), (1, 0), (0, 1), (-1, 0)]
            .map(|(dx, dy)| Square::new(self.x + dx, self.y + dy))
            .to_vec()
    }
    fn around(self, r: i32) -> Vec<Square> {
        let mut v = Vec::new();
        for dx in -r..=r {
            for dy in -r..=r {
                v.push(Square::new(self.x + dx, self.y + dy));
            }
        }
        v
    }
}

fn dot(a: &[i128], b: &[i128]) -> i128 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// The closed part `[lo, hi]` of the segment inside `cell`, and whether the segment lies on
/// one of the cell's bisectors throughout (so only runs along its boundary).
fn oracle_span<C: Oracle>(a: C, b: C, cell: C) -> Option<(Q, Q, bool)> {
    let pa = a.point();
    let d: Vec<i128> = b.point().iter().zip(&pa).map(|(x, y)| x - y).collect();
    let h = cell.point();
    let (mut lo, mut hi) = (Q(0, 1), Q(1, 1));
    let mut on_boundary = false;
    for n in cell.bounding() {
        let n = n.point();
        let e: Vec<i128> = n.iter().zip(&h).map(|(x, y)| x - y).collect();
        // |p - h|² <= |p - n|²  <=>  2 p·e - (n·n - h·h) <= 0, with p = a + s d.
        let alpha = 2 * dot(&pa, &e) - (dot(&n, &n) - dot(&h, &h));
        let beta = 2 * dot(&d, &e);
        match beta.cmp(&0) {
            Ordering::Equal => {
                if alpha > 0 {
                    return None;
                }
                if alpha == 0 {
                    on_boundary = true;
                }
            }
            Ordering::Greater => {
                let s = Q::new(-alpha, beta);
                if s.cmp(hi) == Ordering::Less {
                    hi = s;
                }
            }
            Ordering::Less => {
                let s = Q::new(-alpha, beta);
                if s.cmp(lo) == Ordering::Greater {
                    lo = s;
                }
            }
        }
    }
    (lo.cmp(hi) != Ordering::Greater).then_some((lo, hi, on_boundary))
}

/// The expected crossings, by brute force.
fn oracle<C: Oracle>(a: C, b: C, pairs_at_points: bool) -> Vec<(LineStep<C>, Q, Q)> {
    let radius = 2 + a
        .point()
        .iter()
        .zip(b.point())
        .map(|(x, y)| (x - y).abs())
        .max()
        .unwrap() as i32;
    let mut touched: Vec<(C, Q, Q, bool)> = a
        .around(radius)
        .into_iter()
        .filter(|&c| c != a && c != b)
        .filter_map(|c| oracle_span(a, b, c).map(|(lo, hi, bd)| (c, lo, hi, bd)))
        .collect();
    touched.sort_by(|x, y| x.1.cmp(y.1).then(x.2.cmp(y.2)).then(x.0.cmp(&y.0)));
    let mut out = Vec::new();
    let mut i = 0;
    while i < touched.len() {
        let (c, lo, hi, bd) = touched[i];
        let point = lo.cmp(hi) == Ordering::Equal;
        if (point && pairs_at_points) || (!point && bd) {
            let (c2, lo2, hi2, _) = touched[i + 1];
            assert!(lo2.cmp(lo) == Ordering::Equal && hi2.cmp(hi) == Ordering::Equal);
            out.push((LineStep::Edge(c.min(c2), c.max(c2)), lo, hi));
            i += 2;
        } else if point {
            out.push((LineStep::Corner(c), lo, hi));
            i += 1;
        } else {
            out.push((LineStep::Single(c), lo, hi));
            i += 1;
        }
    }
    out
}

fn check<C: Oracle>(a: C, b: C, pairs_at_points: bool) {
    let ours: Vec<Crossing<C>> = crossings(a, b).collect();
    let expected = oracle(a, b, pairs_at_points);
    let same = ours.len() == expected.len()
        && ours
            .iter()
            .zip(&expected)
            .all(|(x, (s, lo, hi))| x.step == *s && lo.eq_frac(x.enter) && hi.eq_frac(x.exit));
    assert!(
        same,
        "{a:?} -> {b:?}\nours:     {ours:?}\nexpected: {expected:?}"
    );
}

fn reversed<C: Cell>(a: C, b: C) -> Vec<Crossing<C>> {
    let one_minus = |f: Frac| Frac::new(f.den() - f.num(), f.den());
    let mut v: Vec<Crossing<C>> = crossings(b, a)
        .map(|x| Crossing {
            step: x.step,
            enter: one_minus(x.exit),
            exit: one_minus(x.enter),
        })
        .collect();
    v.reverse();
    v
}

#[test]
fn every_hex_line_within_ten_matches_the_oracle() {
    let o = Hex::ORIGIN;
    for q in -10..=10 {
        for r in -10..=10 {
            check(o, Hex::new(q, r), false);
        }
    }
}

#[test]
fn every_square_line_within_eight_matches_the_oracle() {
    let o = Square::new(0, 0);
    for x in -8..=8 {
        for y in -8..=8 {
            check(o, Square::new(x, y), true);
        }
    }
}

#[test]
fn a_line_that_cuts_corners_lists_every_hex_it_enters() {
    // The line to (7,-1) passes through 8 hexes between the ends, for a distance of 7: it
    // enters both hexes of columns 3 and 4 that it crosses (a "lerp and round" line, which
    // samples once per hex of distance, lists only 6).
    let steps: Vec<_> = line(Hex::ORIGIN, Hex::new(7, -1)).collect();
    let cells: Vec<Hex> = steps
        .iter()
        .map(|s| match s {
            LineStep::Single(c) => *c,
            other => panic!("unexpected {other:?}"),
        })
        .collect();
    assert_eq!(
        cells,
        vec![
            Hex::new(1, 0),
            Hex::new(2, 0),
            Hex::new(3, -1),
            Hex::new(3, 0),
            Hex::new(4, -1),
            Hex::new(4, 0),
            Hex::new(5, -1),
            Hex::new(6, -1),
        ]
    );
    assert_eq!(Hex::ORIGIN.distance(Hex::new(7, -1)), 7);
}

#[test]
fn lines_along_hex_sides_give_edge_steps() {
    // The six corner directions: between each pair of adjacent hex directions.
    for d in HexDir::ALL {
        let corner = d.vector() + d.turn_right().vector();
        for k in 1..=4 {
            let to = Hex::new(corner.q * k, corner.r * k);
            let steps: Vec<_> = line(Hex::ORIGIN, to).collect();
            // Per corner step: an edge, then (except at the end) the hex centred on the line.
            assert_eq!(steps.len(), (2 * k - 1) as usize, "{d:?} x{k}");
            for (i, s) in steps.iter().enumerate() {
                let j = (i / 2) as i32;
                let here = Hex::new(corner.q * j, corner.r * j);
                if i % 2 == 0 {
                    let a = here.neighbour(d);
                    let b = here.neighbour(d.turn_right());
                    assert_eq!(*s, LineStep::Edge(a.min(b), a.max(b)));
                } else {
                    assert_eq!(
                        *s,
                        LineStep::Single(Hex::new(corner.q * (j + 1), corner.r * (j + 1)))
                    );
                }
            }
        }
    }
    // As drawn, (2,0) is due east of (0,0): the line runs between (1,-1) and (1,0).
    let steps: Vec<_> = line(Hex::from_offset(0, 0), Hex::from_offset(2, 0)).collect();
    assert_eq!(
        steps,
        vec![LineStep::Edge(
            Hex::from_offset(1, -1),
            Hex::from_offset(1, 0)
        )]
    );
}

#[test]
fn a_line_through_a_hex_corner_grazes_one_hex() {
    let steps: Vec<_> = crossings(Hex::ORIGIN, Hex::new(4, -5)).collect();
    let corners: Vec<_> = steps
        .iter()
        .filter(|x| matches!(x.step, LineStep::Corner(_)))
        .collect();
    assert_eq!(corners.len(), 2, "{steps:?}");
    assert_eq!(corners[0].enter, Frac::new(1, 3));
    assert_eq!(corners[1].enter, Frac::new(2, 3));
    assert_eq!(corners[0].enter, corners[0].exit);
}

#[test]
fn straight_square_lines() {
    let steps: Vec<_> = line(Square::new(0, 0), Square::new(3, 0)).collect();
    assert_eq!(
        steps,
        vec![
            LineStep::Single(Square::new(1, 0)),
            LineStep::Single(Square::new(2, 0))
        ]
    );
    let steps: Vec<_> = line(Square::new(0, 0), Square::new(2, 1)).collect();
    assert_eq!(
        steps,
        vec![
            LineStep::Single(Square::new(1, 0)),
            LineStep::Single(Square::new(1, 1))
        ]
    );
}

proptest! {
    #[test]
    fn hex_lines_match_the_oracle(q0 in -30i32..30, r0 in -30i32..30, dq in -14i32..14, dr in -14i32..14) {
        check(Hex::new(q0, r0), Hex::new(q0 + dq, r0 + dr), false);
    }

    #[test]
    fn lines_are_symmetric(q0 in -30i32..30, r0 in -30i32..30, dq in -20i32..20, dr in -20i32..20) {
        let a = Hex::new(q0, r0);
        let b = Hex::new(q0 + dq, r0 + dr);
        let forward: Vec<_> = crossings(a, b).collect();
        prop_assert_eq!(&forward, &reversed(a, b));
        let sa = Square::new(q0, r0);
        let sb = Square::new(q0 + dq, r0 + dr);
        let forward: Vec<_> = crossings(sa, sb).collect();
        prop_assert_eq!(&forward, &reversed(sa, sb));
    }

    #[test]
    fn hex_lines_are_connected_and_long_enough(dq in -20i32..20, dr in -20i32..20) {
        // A line from a hex to itself has no steps to connect.
        prop_assume!((dq, dr) != (0, 0));
        let b = Hex::new(dq, dr);
        let steps: Vec<_> = line(Hex::ORIGIN, b).collect();
        let n = Hex::ORIGIN.distance(b) as usize;
        // At least one step per hex of distance between the ends.
        prop_assert!(steps.len() + 1 >= n);
        // Each step touches the one before it.
        let mut prev = vec![Hex::ORIGIN];
        for s in steps.iter().copied().chain(std::iter::once(LineStep::Single(b))) {
            let cells: Vec<Hex> = s.cells().collect();
            prop_assert!(
                cells.iter().any(|c| prev.iter().any(|p| p.distance(*c) == 1)),
                "{:?} after {:?}", s, prev
            );
            if !matches!(s, LineStep::Corner(_)) {
                prev = cells;
            }
        }
    }
}
