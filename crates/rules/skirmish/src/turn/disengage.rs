//! Disengaging (SK-11.5, SK-11.8.7-a, G-43): each engaging opponent that has not acted is asked
//! in turn, in action order, whether he strikes the figure as it leaves (SK-11.5-b); then the
//! figure steps away, if it is still standing and the hex is free.

use crate::action::Strike;
use crate::attack::melee::melee;
use crate::combat::ctx::Ctx;
use crate::event::Event;
use crate::geometry::engagers_of;
use crate::state::{FigId, Phase, Pos, Posture, State};
use crate::turn::action_phase::can_act;
use fireteam_engine::ResolveError;

/// A figure disengages to `to` (SK-11.5-a): the first engaging opponent still to act is asked,
/// or, with none, the figure steps away at once.
pub(crate) fn disengage(ctx: &mut Ctx, fig: FigId, to: Pos) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let opp = engagers_of(&ctx.s, &f, f.pos);
    match first_unacted(&ctx.s, opp) {
        Some(o) => ctx.emit(Event::Phase {
            phase: Phase::DisengageReaction {
                mover: fig,
                opponent: o,
                to,
            },
        }),
        None => step_away(ctx, fig, to)?,
    }
    Ok(())
}

/// An opponent's blow at the disengaging figure (SK-11.5-b); then the next opponent is asked.
pub(crate) fn parting_blow(ctx: &mut Ctx, fig: FigId, target: FigId) -> Result<(), ResolveError> {
    melee(ctx, fig, target, Strike::Normal, true)?;
    after_reaction(ctx, fig)
}

fn first_unacted(s: &State, mask: u64) -> Option<FigId> {
    s.act_order
        .iter()
        .copied()
        .find(|&o| mask & (1 << o) != 0 && !s.fig(o).acted && can_act(s.fig(o)))
}

pub(crate) fn after_reaction(ctx: &mut Ctx, fig: FigId) -> Result<(), ResolveError> {
    let Phase::DisengageReaction { mover, to, .. } = ctx.s.phase else {
        return Ok(());
    };
    let m = ctx.s.fig(mover).clone();
    let mut opp = engagers_of(&ctx.s, &m, m.pos);
    opp &= !(1u64 << fig);
    // Every engaging opponent who has not acted may attack (G-43).
    let later = ctx
        .s
        .act_order
        .iter()
        .copied()
        .skip_while(|&o| o != fig)
        .skip(1)
        .find(|&o| opp & (1 << o) != 0 && !ctx.s.fig(o).acted && can_act(ctx.s.fig(o)));
    match later {
        Some(o) => ctx.emit(Event::Phase {
            phase: Phase::DisengageReaction {
                mover,
                opponent: o,
                to,
            },
        }),
        None => {
            ctx.emit(Event::Phase {
                phase: Phase::Action,
            });
            let m = ctx.s.fig(mover);
            if m.active() && m.posture == Posture::Standing && !ctx.s.anyone_at(to) {
                step_away(ctx, mover, to)?;
            }
        }
    }
    Ok(())
}

/// The figure steps away to `to`. Leaving at his action, he meets the opportunity fire of a foe
/// covering the hex he steps into (SK-21.8-b, optional).
fn step_away(ctx: &mut Ctx, fig: FigId, to: Pos) -> Result<(), ResolveError> {
    let before = crate::attack::opportunity::exposed_to(&ctx.s, fig);
    ctx.emit(Event::Disengaged { fig, to });
    crate::attack::opportunity::left_cover(ctx, fig, before)
}
