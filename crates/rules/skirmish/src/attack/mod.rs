//! The attacks, one module per kind, each following its section of the book: melee, with
//! sweeps, staves, slams, knockdowns and throws (`melee`); missile and thrown weapons (`missile`);
//! the figures a missed shot may hit instead (`stray`); energy weapons' full-power and split
//! shots and their batteries (`energy`); grenades (`grenade`); flame throwers (`flame`); hand to hand
//! (`hth`); STR put into a throw (`power`); two weapons at once (`two_weapons`); a pole arm set against a charge (`set`); bayonets
//! (`bayonet`); what a mono-filament or plasma sword does to a parry (`swords`); and the optional opportunity fire (`opportunity`), aimed attacks (`aimed`) and quick
//! shots (`quick_shot`); selective fire's one switch a turn (`selective`) and the arc of fire of
//! automatic weapons and shotguns (`arc`). Each states the attack as an `AttackSpec` and rolls it with
//! `combat::strike`; `single_attack` is the finish they share.

pub(crate) mod aimed;
pub(crate) mod autofire;
pub mod bayonet;
pub(crate) mod brawl;
pub(crate) mod energy;
pub mod flame;
pub(crate) mod grenade;
pub(crate) mod hth;
pub(crate) mod melee;
pub(crate) mod missile;
pub(crate) mod opportunity;
pub(crate) mod power;
pub(crate) mod quick_shot;
// ---- shots (SK-16.6-a, SK-13.6-b)
pub(crate) mod arc;
pub(crate) mod selective;
pub(crate) mod set;
pub(crate) mod stray;
pub(crate) mod suppression;
pub(crate) mod swords;
pub(crate) mod two_weapons;

use crate::attack::missile::{expose_if_over_wall, spend_shot};
use crate::attack::stray::avoid_rolls;
use crate::combat::ctx::Ctx;
use crate::combat::modifiers::AttackSpec;
use crate::combat::strike::{land, strike, Rolled};
use crate::event::{AttackKind, Effect, Event};
use crate::state::WeaponState;
use fireteam_engine::{ResolveError, RuleId};

/// One attack with the weapon in `spec.slot`, start to finish: the roll and its damage, the
/// ammunition a missile spends (G-73), rolls to avoid after a ranged miss (SK-12.2), and a
/// thrown weapon coming to rest in the target's hex (SK-12.2-d). `expose`: the shot can expose
/// the firer behind a wall (SK-13.6-e).
pub(crate) fn single_attack(
    ctx: &mut Ctx,
    spec: &AttackSpec,
    w: &crate::data::Weapon,
    expose: bool,
) -> Result<(), ResolveError> {
    finish_attack(ctx, spec, w, expose, None)
}

/// `single_attack`, with the roll to hit already made when `rolled` is given (a quick-draw
/// tie rolls both draws first, SK-21.5-c).
pub(crate) fn finish_attack(
    ctx: &mut Ctx,
    spec: &AttackSpec,
    w: &crate::data::Weapon,
    expose: bool,
    rolled: Option<Rolled>,
) -> Result<(), ResolveError> {
    let (fig, target) = (spec.attacker, spec.target);
    if expose && !expose_if_over_wall(ctx, fig, target)? {
        return Ok(());
    }
    let r = match rolled {
        Some(r) => land(ctx, spec, r, spec.rounds)?.result,
        None => strike(ctx, spec)?,
    };
    if let (AttackKind::Missile, Some(slot)) = (spec.kind, spec.slot) {
        spend_shot(ctx, fig, slot, w, 1);
    }
    if spec.kind != AttackKind::Melee && !r.is_hit() {
        avoid_rolls(ctx, spec)?;
    }
    if let (AttackKind::Thrown, Some(slot)) = (spec.kind, spec.slot) {
        if ctx.s.fig(fig).weapons[usize::from(slot)].is_some_and(|w| w.state == WeaponState::Ok) {
            let to = ctx.s.fig(target).pos;
            ctx.emit(Event::Effect {
                fig,
                effect: Effect::WeaponThrown { slot, to },
                rule: RuleId("SK-12.2-d"),
            });
        }
    }
    Ok(())
}
