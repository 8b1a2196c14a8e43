//! STR above a weapon's minimum (SK-13.2-b, G-35): a throw with up to +3 damage at −1 DEX for
//! each +1. The blow in melee is `melee` with `Strike::Power`; both carry the strike as the
//! attack's maneuver, which `combat::modifiers` and `combat::strike` read.

use crate::action::Strike;
use crate::attack::single_attack;
use crate::combat::ctx::Ctx;
use crate::combat::modifiers::AttackSpec;
use crate::combat::weapon_of;
use crate::event::AttackKind;
use crate::state::FigId;
use fireteam_engine::ResolveError;

/// A throw with `bonus` damage from STR (SK-13.2-b), otherwise as any throw (SK-13.5).
pub(crate) fn power_throw(
    ctx: &mut Ctx,
    fig: FigId,
    target: FigId,
    bonus: u8,
) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let Some(w) = weapon_of(&ctx.s, &f, f.ready).cloned() else {
        return Err(ResolveError::Illegal("nothing in hand".into()));
    };
    let spec = AttackSpec {
        attacker: fig,
        target,
        kind: AttackKind::Thrown,
        slot: f.ready,
        mode: None,
        rounds: 1,
        disengaging: false,
        quick: false,
        aim: None,
        opportunity: None,
        maneuver: Some(Strike::Power(bonus)),
    };
    single_attack(ctx, &spec, &w, false)
}
