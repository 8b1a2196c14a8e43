//! Footing in microgravity (SK-17.10-b/h, G-54): the save, and floating free when it fails.

use crate::combat::ctx::Ctx;
use crate::combat::edex::order_dex;
use crate::event::{Effect, Event};
use crate::skills;
use crate::state::FigId;
use fireteam_engine::{ResolveError, RuleId};

/// SK-17.10-b / G-54: the microgravity save, 4d6 vs floor((eSTR + eDEX) / 2): −1 die holding a
/// rail or an anchored person, −2 dice with Astrobatics (never below 1), +1 die to recover (SK-17.10-h); prone
/// figures always succeed. Returns whether the figure keeps (or regains) its footing.
pub fn footing_save(ctx: &mut Ctx, fig: FigId, recovering: bool) -> Result<bool, ResolveError> {
    let f = ctx.s.fig(fig).clone();
    if f.posture.down() && !recovering {
        return Ok(true);
    }
    let mut dice: i32 = 4;
    // A rail or handhold in or next to his hex, or a person next to him who is himself so
    // anchored (standing by a rail, not floating).
    let rail_at = |p: crate::state::Pos| {
        ctx.s.terrain(p).is_some_and(|t| t.handhold)
            || (0..6).any(|d| ctx.s.terrain(p.neighbour(d)).is_some_and(|t| t.handhold))
    };
    let anchored_person = ctx.s.figures.iter().any(|o| {
        o.id != f.id && o.active() && !o.floating && o.pos.distance(f.pos) == 1 && rail_at(o.pos)
    });
    let rail = rail_at(f.pos) || anchored_person;
    if rail {
        dice -= 1;
    }
    if skills::has(f.skills, skills::bit("astrobatics")) {
        dice -= 2;
    }
    if recovering {
        dice += 1;
    }
    let target = (f.est() + order_dex(&ctx.s, &f)) / 2;
    ctx.check(
        fig,
        "footing",
        dice.max(1) as u8,
        target,
        RuleId("SK-17.10-b"),
    )
}

/// Loses footing on a failed save (SK-17.10-b).
pub fn microgravity_check(ctx: &mut Ctx, fig: FigId) -> Result<(), ResolveError> {
    if !ctx.s.rules.options.microgravity || ctx.s.fig(fig).floating || !ctx.s.fig(fig).active() {
        return Ok(());
    }
    if !footing_save(ctx, fig, false)? {
        ctx.emit(Event::Effect {
            fig,
            effect: Effect::Floating { on: true },
            rule: RuleId("SK-17.10-b"),
        });
    }
    Ok(())
}
