//! The quick shot from the belt (SK-21.5-b, optional, G-21): with empty hands, a short missile
//! weapon, or a thrown weapon with Thrown Weapons, drawn and fired at once at +1 die, or after a
//! separate draw roll at −2.

use crate::action::FireMode;
use crate::attack::single_attack;
use crate::combat::ctx::Ctx;
use crate::combat::edex::order_dex;
use crate::combat::modifiers::AttackSpec;
use crate::combat::weapon_of;
use crate::data::Class;
use crate::event::{AttackKind, Event};
use crate::state::FigId;
use fireteam_engine::{ResolveError, RuleId};

/// A quick shot at `target` with the weapon in `slot`.
pub(crate) fn quick_shot(
    ctx: &mut Ctx,
    fig: FigId,
    target: FigId,
    slot: u8,
) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    // G-21 option: a separate 3d6 vs DEX draw roll first (§20), then −2 to hit.
    if ctx.s.rules.options.quickdraw_separate_roll
        && !ctx.check(
            fig,
            "quick-draw",
            3,
            order_dex(&ctx.s, &f),
            RuleId("SK-21.5-b"),
        )?
    {
        return Ok(());
    }
    ctx.emit(Event::Readied { fig, slot });
    let w = weapon_of(&ctx.s, ctx.s.fig(fig), Some(slot))
        .cloned()
        .expect("drawn weapon");
    let kind = if w.class == Class::Missile {
        AttackKind::Missile
    } else {
        AttackKind::Thrown
    };
    let spec = AttackSpec {
        attacker: fig,
        target,
        kind,
        slot: Some(slot),
        mode: (kind == AttackKind::Missile).then_some(FireMode::Single),
        rounds: 1,
        disengaging: false,
        quick: true,
        aim: None,
        opportunity: None,
        maneuver: None,
    };
    single_attack(ctx, &spec, &w, true)
}
