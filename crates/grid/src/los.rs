//! Line of sight over the exact [`line`](fn@crate::line): is the view blocked, and by what.
//!
//! # The rules
//!
//! A [`LineStep::Single`] cell blocks if the caller says it does. The ambiguous steps follow an
//! [`EdgeRule`]:
//!
//! | step | [`EdgeRule::BothMustBlock`] (default) | [`EdgeRule::EitherBlocks`] |
//! |---|---|---|
//! | `Edge(a, b)` | blocked if `a` and `b` both block | blocked if `a` or `b` blocks |
//! | `Corner(c)` | never blocked (the line can pass beside `c`) | blocked if `c` blocks |
//!
//! That is, the default gives the viewer the benefit of an exactly ambiguous line, the option
//! gives it to the target. The viewer's and target's own cells never block.
//!
//! # Elevation
//!
//! [`los_elevated`] adds heights. The sight line runs from the viewer's eye to the target's
//! eye (absolute heights, in whatever vertical unit the map's elevations use), rising or falling
//! linearly along the segment. A cell with an obstacle top `h` (its elevation plus the height of
//! what stands on it; `None` if nothing in it blocks sight) blocks if `h` is at or above the
//! sight line's height at the middle of the stretch of line inside the cell (exactly, in
//! integers). Ambiguous steps then follow the [`EdgeRule`] as above.

use crate::cell::Cell;
use crate::frac::Frac;
use crate::line::{crossings, Crossing, LineStep};

/// How an exactly ambiguous line step ([`LineStep::Edge`] or [`LineStep::Corner`]) blocks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum EdgeRule {
    /// An edge blocks only if both cells block; a corner never blocks. The default.
    #[default]
    BothMustBlock,
    /// An edge blocks if either cell blocks; a corner blocks if its cell blocks.
    EitherBlocks,
}

impl EdgeRule {
    /// Whether `step` blocks, given which cells block. `blocks` may not be called for every
    /// cell of the step.
    pub fn step_blocks<C: Copy>(
        self,
        step: LineStep<C>,
        mut blocks: impl FnMut(C) -> bool,
    ) -> bool {
        match (step, self) {
            (LineStep::Single(c), _) => blocks(c),
            (LineStep::Edge(a, b), EdgeRule::BothMustBlock) => blocks(a) && blocks(b),
            (LineStep::Edge(a, b), EdgeRule::EitherBlocks) => blocks(a) || blocks(b),
            (LineStep::Corner(_), EdgeRule::BothMustBlock) => false,
            (LineStep::Corner(c), EdgeRule::EitherBlocks) => blocks(c),
        }
    }
}

/// The result of a line-of-sight check.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Los<C> {
    /// Every step between viewer and target, in order from the viewer, including any after the
    /// first blocker.
    pub steps: Vec<LineStep<C>>,
    /// The first step that blocks, if any.
    pub blocker: Option<LineStep<C>>,
}

impl<C> Los<C> {
    /// Whether nothing blocks.
    pub fn is_clear(&self) -> bool {
        self.blocker.is_none()
    }
}

/// Line of sight from `from` to `to` under the default [`EdgeRule::BothMustBlock`].
pub fn los<C: Cell>(from: C, to: C, blocks: impl FnMut(C) -> bool) -> Los<C> {
    los_with(from, to, EdgeRule::default(), blocks)
}

/// Line of sight from `from` to `to` under `rule`.
pub fn los_with<C: Cell>(
    from: C,
    to: C,
    rule: EdgeRule,
    mut blocks: impl FnMut(C) -> bool,
) -> Los<C> {
    collect(crossings(from, to), |x| {
        rule.step_blocks(x.step, &mut blocks)
    })
}

/// The first step that blocks the line from `from` to `to`, if any, without allocating.
pub fn first_blocker<C: Cell>(
    from: C,
    to: C,
    rule: EdgeRule,
    mut blocks: impl FnMut(C) -> bool,
) -> Option<LineStep<C>> {
    crossings(from, to)
        .map(|x| x.step)
        .find(|&step| rule.step_blocks(step, &mut blocks))
}

/// Absolute eye heights for [`los_elevated`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Eyes {
    /// The viewer's eye height.
    pub viewer: i32,
    /// The height of the point seen on the target.
    pub target: i32,
}

/// Line of sight with heights: `top(cell)` is the absolute height of the top of whatever
/// blocks sight in `cell`, or `None` if nothing there does. See the [module docs](self).
pub fn los_elevated<C: Cell>(
    from: C,
    to: C,
    rule: EdgeRule,
    eyes: Eyes,
    mut top: impl FnMut(C) -> Option<i32>,
) -> Los<C> {
    collect(crossings(from, to), |x| {
        rule.step_blocks(x.step, |c| {
            top(c).is_some_and(|h| reaches(h, eyes, x.enter, x.exit))
        })
    })
}

/// Whether a top at height `h` is at or above the sight line at the middle of `[enter, exit]`.
fn reaches(h: i32, eyes: Eyes, enter: Frac, exit: Frac) -> bool {
    // s = (enter + exit) / 2 = n / m; the line's height there is e0 + s * (e1 - e0).
    let (pe, qe) = (i128::from(enter.num()), i128::from(enter.den()));
    let (px, qx) = (i128::from(exit.num()), i128::from(exit.den()));
    let n = pe * qx + px * qe;
    let m = 2 * qe * qx;
    let e0 = i128::from(eyes.viewer);
    let rise = i128::from(eyes.target) - e0;
    (i128::from(h) - e0) * m >= n * rise
}

fn collect<C: Cell>(
    steps: impl Iterator<Item = Crossing<C>>,
    mut blocks: impl FnMut(&Crossing<C>) -> bool,
) -> Los<C> {
    let mut los = Los {
        steps: Vec::new(),
        blocker: None,
    };
    for x in steps {
        if los.blocker.is_none() && blocks(&x) {
            los.blocker = Some(x.step);
        }
        los.steps.push(x.step);
    }
    los
}
