//! Aimed attacks at a body part (SK-21.4-c, optional; SK-24-T4): a shot, throw or blow at the
//! head, an arm or a leg. What a hit there does is in `combat::located`.

use crate::action::FireMode;
use crate::attack::single_attack;
use crate::autoresult::Location;
use crate::combat::ctx::Ctx;
use crate::combat::modifiers::AttackSpec;
use crate::combat::weapon_of;
use crate::data::Class;
use crate::event::AttackKind;
use crate::legal::targets::melee_reach;
use crate::state::FigId;
use fireteam_engine::ResolveError;

/// An attack at `at` with the ready weapon: a blow when the target is in melee reach, else a
/// shot or a throw.
pub(crate) fn aimed_attack(
    ctx: &mut Ctx,
    fig: FigId,
    target: FigId,
    at: Location,
) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let Some(slot) = f.ready else {
        return Err(ResolveError::Illegal("nothing in hand".into()));
    };
    let w = weapon_of(&ctx.s, &f, Some(slot))
        .cloned()
        .expect("ready weapon");
    let d = f.pos.distance(ctx.s.fig(target).pos);
    let kind = match w.class {
        Class::Missile => AttackKind::Missile,
        Class::Melee if d <= 2 && melee_reach(&ctx.s, &f, ctx.s.fig(target)) => AttackKind::Melee,
        _ => AttackKind::Thrown,
    };
    let spec = AttackSpec {
        attacker: fig,
        target,
        kind,
        slot: Some(slot),
        mode: (kind == AttackKind::Missile).then_some(FireMode::Single),
        rounds: 1,
        disengaging: false,
        quick: false,
        aim: Some(at),
        opportunity: None,
        maneuver: None,
    };
    single_attack(ctx, &spec, &w, true)
}
