//! Forced retreats (SK-8.4.4-a, SK-12.5, G-37): after the action phase, each figure in action
//! order that damaged an adjacent standing enemy in its threat zone this turn, without being hit
//! by it, may push that enemy to a free adjacent hex, following or not, or hold its ground.

use crate::combat::ctx::Ctx;
use crate::event::Event;
use crate::geometry::{self, has_tz};
use crate::legal::targets::enemies;
use crate::state::{FigId, Phase, Pos, Posture, State};
use fireteam_engine::{ResolveError, RuleId};
use smallvec::SmallVec;

pub(crate) fn retreat_victims(s: &State, id: FigId) -> SmallVec<[FigId; 4]> {
    let f = s.fig(id);
    let mut v = SmallVec::new();
    if !f.active() || f.posture.down() || !has_tz(f) {
        return v;
    }
    for (t, tf) in enemies(s, f) {
        // SK-12.5-a / G-37: damaged an adjacent standing enemy in his TZ and took no hit from it.
        if tf.posture == Posture::Standing
            && !tf.retreated
            && !tf.in_hth
            && f.pos.distance(tf.pos) == 1
            && geometry::threatens(f, tf.pos)
            && tf.damaged_by & (1 << id) != 0
            && f.hit_by & (1 << t) == 0
        {
            v.push(t);
        }
    }
    v
}

/// The figure pushes no one; the next figure is asked.
pub(crate) fn hold_ground(ctx: &mut Ctx) -> Result<(), ResolveError> {
    if let Phase::Retreat { next } = ctx.s.phase {
        ctx.emit(Event::Phase {
            phase: Phase::Retreat { next: next + 1 },
        });
    }
    Ok(())
}

/// The figure pushes `victim` to `to`, and follows into the hex he left or not (SK-12.5-a/b).
/// Into a dangerous hex (offered only when no other is free), the victim first rolls 3d6 vs
/// DEX and on a success keeps his place; otherwise he goes in, falling into a pit
/// (SK-12.5-c, G-37).
pub(crate) fn push(
    ctx: &mut Ctx,
    fig: FigId,
    victim: FigId,
    to: Pos,
    follow: bool,
) -> Result<(), ResolveError> {
    let danger = crate::terrain::hazard::dangerous(&ctx.s, to);
    if danger {
        let dex = ctx.s.fig(victim).dex;
        if ctx.check(victim, "hold", 3, dex, RuleId("SK-12.5-c"))? {
            ctx.emit(Event::StoodFast {
                fig: victim,
                rule: RuleId("SK-12.5-c"),
            });
            return Ok(());
        }
    }
    // SK-21.8-b (optional): pushed out of cover "for any reason", the victim (and a pusher who
    // follows) meets the opportunity fire of a foe covering where he ends.
    let before = crate::attack::opportunity::exposed_to(&ctx.s, victim);
    let before_fig = crate::attack::opportunity::exposed_to(&ctx.s, fig);
    ctx.emit(Event::Pushed {
        fig,
        victim,
        to,
        follow,
    });
    if danger && ctx.s.terrain(to).is_some_and(|t| t.is_pit()) {
        crate::terrain::falling::fall_into(ctx, victim, to, RuleId("SK-12.5-c"))?;
    }
    crate::attack::opportunity::left_cover(ctx, victim, before)?;
    if follow {
        crate::attack::opportunity::left_cover(ctx, fig, before_fig)?;
    }
    Ok(())
}
