//! Opportunity fire (SK-21.8, optional): the shot or blow at a foe who moves into a covered hex
//! or next to it, rolled at once with no decision; it spends the cover. The hex is covered as an
//! action (`resolve`), and the move is cut where the foe is shot at (`turn::movement::move_to`).

use crate::action::FireMode;
use crate::attack::missile::{expose_if_over_wall, spend_shot};
use crate::combat::ctx::Ctx;
use crate::combat::modifiers::AttackSpec;
use crate::combat::strike::strike;
use crate::combat::weapon_of;
use crate::data::Class;
use crate::event::{AttackKind, Event};
use crate::state::FigId;
use fireteam_engine::ResolveError;

/// SK-21.8-b/c/d: one shot (or blow) of opportunity fire at a foe that came into the covered
/// hex; it spends the cover.
pub(crate) fn opportunity_shot(
    ctx: &mut Ctx,
    watcher: FigId,
    target: FigId,
    off: u8,
) -> Result<(), ResolveError> {
    ctx.emit(Event::Covering {
        fig: watcher,
        at: None,
    });
    let o = ctx.s.fig(watcher).clone();
    let Some(slot) = o.ready_slot().map(|_| o.ready.unwrap_or(0)) else {
        return Ok(());
    };
    let w = weapon_of(&ctx.s, &o, Some(slot))
        .cloned()
        .expect("ready weapon");
    let kind = match w.class {
        Class::Missile => AttackKind::Missile,
        Class::Melee if o.pos.distance(ctx.s.fig(target).pos) == 1 => AttackKind::Melee,
        Class::Melee if w.throwable => AttackKind::Thrown,
        Class::Thrown => AttackKind::Thrown,
        _ => return Ok(()),
    };
    if kind == AttackKind::Missile
        && w.rounds > 0
        && o.weapons[usize::from(slot)].is_some_and(|s| s.rounds == 0)
    {
        return Ok(());
    }
    let spec = AttackSpec {
        attacker: watcher,
        target,
        kind,
        slot: Some(slot),
        mode: (kind == AttackKind::Missile).then_some(FireMode::Single),
        rounds: 1,
        disengaging: false,
        quick: false,
        aim: None,
        opportunity: Some(off),
        maneuver: None,
    };
    expose_if_over_wall(ctx, watcher, target);
    strike(ctx, &spec)?;
    if kind == AttackKind::Missile {
        spend_shot(ctx, watcher, slot, &w, 1);
    }
    Ok(())
}
