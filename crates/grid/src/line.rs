//! Exact lines between cell centres: every cell the line passes through, in order.
//!
//! # The rule
//!
//! The line is the straight segment from the centre of `from` to the centre of `to`. A cell
//! *intervenes* if the segment passes through its interior; the cells are listed in the order
//! the segment meets them, without `from` and `to`. Where the segment is exactly ambiguous, the
//! step says so instead of picking a side:
//!
//! - [`LineStep::Edge(a, b)`](LineStep::Edge): on hexes, the segment runs exactly along the
//!   hex-side shared by `a` and `b` (this happens when the target lies exactly between two hex
//!   directions, e.g. two columns east on the same row of hexes); on squares, it passes exactly
//!   through the corner where the diagonal squares `a` and `b` touch. Nudging the line one way
//!   or the other would put it through `a` or through `b`.
//! - [`LineStep::Corner(c)`](LineStep::Corner): hexes only. The segment passes through a hex
//!   corner, touching `c` at that single point (for example from axial `(0,0)` to `(4,-5)`).
//!   Nudging the line one way would put it through `c`, the other way not.
//!
//! Nothing is rounded: positions along the segment are exact fractions ([`Frac`]) computed in
//! integers, so a line is the same on every machine, and the line from `b` to `a` is the line
//! from `a` to `b` reversed. [`los`](mod@crate::los) applies the usual rules to the ambiguous steps.
//!
//! Why not the classic "lerp and round" hex line (Red Blob Games, `hexx::Hex::line_to`)? It
//! samples the segment once per hex of distance, so it returns `distance + 1` hexes and can skip
//! a hex whose corner the segment cuts; a book's "the line passes through the hex" means every
//! hex it touches. It also needs a floating-point nudge to break ties.

use crate::cell::Cell;
use crate::frac::Frac;

/// One step of a line: a cell it passes through, or an exactly ambiguous place.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum LineStep<C> {
    /// The line passes through this cell.
    Single(C),
    /// The line runs exactly between these two cells (along their shared hex-side, or through
    /// the corner where two diagonal squares touch). The smaller cell comes first.
    Edge(C, C),
    /// The line touches this hex only at one corner.
    Corner(C),
}

impl<C: Copy> LineStep<C> {
    /// The cells of this step: one, or two for an edge.
    pub fn cells(self) -> impl Iterator<Item = C> {
        let (a, b) = match self {
            LineStep::Single(c) | LineStep::Corner(c) => (c, None),
            LineStep::Edge(a, b) => (a, Some(b)),
        };
        std::iter::once(a).chain(b)
    }
}

/// A line step with where along the line it lies, from 0 (the viewer's centre) to 1 (the
/// target's centre).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Crossing<C> {
    /// The step.
    pub step: LineStep<C>,
    /// Where the line enters the cell(s).
    pub enter: Frac,
    /// Where the line leaves the cell(s); equal to `enter` for a corner.
    pub exit: Frac,
}

/// The cells between the centres of `from` and `to`, in order, without `from` and `to`.
///
/// Allocation-free; see the [module docs](self) for the rule.
pub fn line<C: Cell>(from: C, to: C) -> impl Iterator<Item = LineStep<C>> {
    crossings(from, to).map(|c| c.step)
}

/// Like [`line()`], with where along the line each step lies.
pub fn crossings<C: Cell>(from: C, to: C) -> Crossings<C> {
    let mut it = Crossings {
        from,
        to,
        current: [from; 2],
        current_len: 1,
        t: Frac::ZERO,
        queue: [None; 2],
        done: from == to,
    };
    if !it.done {
        // The segment starts at from's centre, so from's span exists.
        it.t = span(from, to, from).map_or(Frac::ONE, |s| s.hi);
    }
    it
}

/// The iterator returned by [`crossings`].
#[derive(Clone, Debug)]
pub struct Crossings<C> {
    from: C,
    to: C,
    /// The cells of the last step (or `from`).
    current: [C; 2],
    current_len: usize,
    /// Where the last step ends.
    t: Frac,
    /// Steps found but not yet returned (a corner, then the step after it).
    queue: [Option<Crossing<C>>; 2],
    done: bool,
}

/// The part of the segment inside a closed cell.
#[derive(Clone, Copy, Debug)]
struct Span {
    lo: Frac,
    hi: Frac,
}

/// The closed interval of the segment `from`–`to` inside `cell`, if any; and whether the
/// segment only runs along the cell's boundary there.
fn span<C: Cell>(from: C, to: C, cell: C) -> Option<Span> {
    let mut lo = Frac::ZERO;
    let mut hi = Frac::ONE;
    for slab in C::slabs(from, to, cell) {
        if slab.c1 == 0 {
            if slab.c0.abs() > 1 {
                return None;
            }
            continue;
        }
        let (mut s1, mut s2) = (
            Frac::new(-1 - slab.c0, slab.c1),
            Frac::new(1 - slab.c0, slab.c1),
        );
        if s1 > s2 {
            std::mem::swap(&mut s1, &mut s2);
        }
        lo = lo.max(s1);
        hi = hi.min(s2);
    }
    (lo <= hi).then_some(Span { lo, hi })
}

fn ordered<C: Ord>(a: C, b: C) -> (C, C) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

impl<C: Cell> Crossings<C> {
    fn find_next(&mut self) {
        let t = self.t;
        let mut next = [C::default(); 2];
        let mut next_len = 0;
        let mut next_hi = t;
        let mut grazed = [C::default(); 2];
        let mut grazed_len = 0;
        let current = self.current;
        let current = &current[..self.current_len];
        for &cur in current {
            for n in cur.touching() {
                if current.contains(&n)
                    || next[..next_len].contains(&n)
                    || grazed[..grazed_len].contains(&n)
                {
                    continue;
                }
                let Some(s) = span(self.from, self.to, n) else {
                    continue;
                };
                if s.lo <= t && s.hi > t {
                    // The segment goes on into n: one cell, or two along an edge.
                    if next_len < 2 {
                        next[next_len] = n;
                        next_len += 1;
                        next_hi = s.hi;
                    }
                } else if s.lo == t && s.hi == t && grazed_len < 2 {
                    grazed[grazed_len] = n;
                    grazed_len += 1;
                }
            }
        }
        let mut q = 0;
        if grazed_len > 0 {
            let step = if grazed_len == 1 {
                LineStep::Corner(grazed[0])
            } else {
                let (a, b) = ordered(grazed[0], grazed[1]);
                LineStep::Edge(a, b)
            };
            self.queue[q] = Some(Crossing {
                step,
                enter: t,
                exit: t,
            });
            q += 1;
        }
        if next_len == 0 || next[..next_len].contains(&self.to) {
            self.done = true;
        } else {
            let step = if next_len == 1 {
                LineStep::Single(next[0])
            } else {
                let (a, b) = ordered(next[0], next[1]);
                LineStep::Edge(a, b)
            };
            self.queue[q] = Some(Crossing {
                step,
                enter: t,
                exit: next_hi,
            });
            self.current = next;
            self.current_len = next_len;
            self.t = next_hi;
        }
    }

    fn pop(&mut self) -> Option<Crossing<C>> {
        let first = self.queue[0].take();
        if first.is_some() {
            self.queue[0] = self.queue[1].take();
        }
        first
    }
}

impl<C: Cell> Iterator for Crossings<C> {
    type Item = Crossing<C>;

    fn next(&mut self) -> Option<Crossing<C>> {
        if let Some(c) = self.pop() {
            return Some(c);
        }
        if self.done {
            return None;
        }
        self.find_next();
        self.pop()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Hex, Square};

    fn hexes(from: Hex, to: Hex) -> Vec<LineStep<Hex>> {
        line(from, to).collect()
    }

    #[test]
    fn straight_along_a_direction() {
        let steps = hexes(Hex::new(0, 0), Hex::new(0, -3));
        assert_eq!(
            steps,
            vec![
                LineStep::Single(Hex::new(0, -1)),
                LineStep::Single(Hex::new(0, -2))
            ]
        );
        assert!(hexes(Hex::new(0, 0), Hex::new(1, 0)).is_empty());
        assert!(hexes(Hex::new(0, 0), Hex::new(0, 0)).is_empty());
    }

    #[test]
    fn along_a_hex_side() {
        // (2,-1) is due east of (0,0): the line runs along the side between (1,-1) and (1,0).
        let steps: Vec<_> = crossings(Hex::new(0, 0), Hex::new(2, -1)).collect();
        assert_eq!(steps.len(), 1);
        assert_eq!(
            steps[0].step,
            LineStep::Edge(Hex::new(1, -1), Hex::new(1, 0))
        );
        assert_eq!(steps[0].enter, Frac::new(1, 3));
        assert_eq!(steps[0].exit, Frac::new(2, 3));
    }

    #[test]
    fn through_a_corner() {
        let steps = hexes(Hex::new(0, 0), Hex::new(4, -5));
        assert!(
            steps.iter().any(|s| matches!(s, LineStep::Corner(_))),
            "{steps:?}"
        );
    }

    #[test]
    fn square_diagonal_passes_corners() {
        let steps: Vec<_> = line(Square::new(0, 0), Square::new(2, 2)).collect();
        assert_eq!(
            steps,
            vec![
                LineStep::Edge(Square::new(1, 0), Square::new(0, 1)),
                LineStep::Single(Square::new(1, 1)),
                LineStep::Edge(Square::new(2, 1), Square::new(1, 2)),
            ]
        );
    }
}
