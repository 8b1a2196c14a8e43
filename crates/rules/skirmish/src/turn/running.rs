//! Runners (SK-9-c): if every figure on a side did nothing but run last turn, that side always
//! gets the initiative when it runs again; if it turns to fight, the initiative is rolled.
//!
//! "Run" is the book's Full Move (SK-10.7.6-a): a figure ran when it moved more than half its
//! MOV, which leaves it no action but doing nothing (SK-11.7.9-a). `Figure::ran` records it at
//! the start of the next turn. A side ran when it has an active figure and every active figure
//! of it ran. At the start of the turn (after a surprise, which comes first on turn 1), each
//! such side in turn declares whether it runs again (`Phase::Runners`, `X runs again` / `X turns
//! to fight`; fighting first, as declining an optional choice comes first). A declaration binds
//! for the turn: the side's figures may only make running moves (as far as they can, and more
//! than a Half Move whenever they can) and do nothing in the action phase. One side running
//! again has the initiative (`initiative::award`); when several do, the book's rule cannot give
//! it to each, and it is rolled as usual.

use crate::action::Action;
use crate::combat::ctx::Ctx;
use crate::event::Event;
use crate::geometry::with_reach;
use crate::state::{FigId, Phase, Pos, State};
use crate::turn::initiative::{award, roll_initiative};
use crate::turn::movement::movement_allowance;
use fireteam_engine::{ResolveError, RuleId};
use smallvec::SmallVec;

/// SK-9-c: every active figure of `side` (and at least one) ran last turn.
pub(crate) fn side_ran(s: &State, side: u8) -> bool {
    let mut any = false;
    for f in s.figures.iter().filter(|f| f.side == side && f.active()) {
        if !f.ran {
            return false;
        }
        any = true;
    }
    any
}

fn next_runner(s: &State, from: u8) -> Option<u8> {
    (from..s.side_count() as u8).find(|&x| side_ran(s, x))
}

/// At the start of the turn: the first side that ran last turn is asked whether it runs
/// again. Returns whether a side was asked.
pub(crate) fn ask(ctx: &mut Ctx) -> bool {
    match next_runner(&ctx.s, 0) {
        Some(side) => {
            ctx.emit(Event::Phase {
                phase: Phase::Runners { side },
            });
            true
        }
        None => false,
    }
}

/// A side's declaration (SK-9-c); then the next side that ran is asked, or the initiative is
/// settled: the one side running again has it, otherwise it is rolled.
pub(crate) fn declare(ctx: &mut Ctx, side: u8, again: bool) -> Result<(), ResolveError> {
    if ctx.s.phase != (Phase::Runners { side }) {
        return Err(ResolveError::Illegal(format!(
            "{} is not asked whether it runs again",
            ctx.s.rules.side_names[usize::from(side)]
        )));
    }
    ctx.emit(Event::Runs { side, again });
    if let Some(next) = next_runner(&ctx.s, side + 1) {
        ctx.emit(Event::Phase {
            phase: Phase::Runners { side: next },
        });
        return Ok(());
    }
    let running: SmallVec<[u8; 4]> = (0..ctx.s.side_count() as u8)
        .filter(|&x| ctx.s.figures.iter().any(|f| f.side == x && f.runs))
        .collect();
    if running.len() == 1 {
        award(ctx, running[0], RuleId("SK-9-c"))
    } else {
        roll_initiative(ctx)
    }
}

/// SK-9-c: a figure whose side runs again may only make running moves: of its moves, those of
/// more than a Half Move, or, when it cannot go that far, the farthest it can. A figure with no
/// move at all (down, engaged, boxed in) keeps its options.
pub(crate) fn constrain_moves(s: &State, id: FigId, out: &mut Vec<Action>, start: usize) {
    let f = s.fig(id);
    let mov = movement_allowance(s, f);
    with_reach(s, id, f.pos, mov, true, |r| {
        let dists = r.first_dists();
        let dist = |to: Pos| dists.get(to);
        let far = out[start..]
            .iter()
            .filter_map(|a| match a {
                Action::Move { to, .. } => Some(dist(*to)),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        if far == 0 {
            return;
        }
        let need = far.min(mov.div_ceil(2) + 1);
        let mut k = 0;
        out.retain(|a| {
            k += 1;
            k <= start || matches!(a, Action::Move { to, .. } if dist(*to) >= need)
        });
    });
}
