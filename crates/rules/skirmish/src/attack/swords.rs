//! Plasma and mono-filament swords (SK-16.10-d, G-50): any weapon that Defends against one,
//! hit or miss, is broken as a weapon: it can still Defend, but no longer attack. A plasma sword
//! Defending against a plasma sword is spared. Both run on batteries (SK-15.1-a, G-48).

use crate::combat::ctx::Ctx;
use crate::combat::modifiers::AttackSpec;
use crate::combat::weapon_of;
use crate::event::{AttackKind, Effect, Event};
use crate::geometry::in_front;
use crate::state::{Guard, WeaponState};
use fireteam_engine::RuleId;

/// After a melee attack with `spec`: the weapons the target Defended with, if the attacker's
/// weapon breaks parries. Defend uses whatever is in his hands (both weapons: "parry with
/// both", G-44); a parry with the other weapon (SK-6.5.3-b) uses that one only.
pub(crate) fn parries_broken(ctx: &mut Ctx, spec: &AttackSpec, guard: Guard) {
    if !matches!(spec.kind, AttackKind::Melee | AttackKind::Hth) {
        return;
    }
    let att = ctx.s.fig(spec.attacker).clone();
    let Some(sword) = weapon_of(&ctx.s, &att, spec.slot).cloned() else {
        return;
    };
    if !sword.breaks_parries {
        return;
    }
    let t = ctx.s.fig(spec.target).clone();
    if !in_front(&t, att.pos) {
        return;
    }
    let slots: [Option<u8>; 2] = match guard {
        Guard::Defend => [t.ready, t.off_hand],
        Guard::Parry => [t.off_hand, None],
        _ => return,
    };
    for slot in slots.into_iter().flatten() {
        let Some(sl) = t.weapons[usize::from(slot)] else {
            continue;
        };
        let w = &ctx.s.rules.weapons[usize::from(sl.weapon)];
        // G-50: a plasma sword against a plasma sword (the same energy blade) is spared.
        let spared = sword.energy && w.id == sword.id;
        if sl.state == WeaponState::Ok && !spared {
            ctx.emit(Event::Effect {
                fig: spec.target,
                effect: Effect::BrokenAsWeapon { slot },
                rule: RuleId("SK-16.10-d"),
            });
        }
    }
}

/// SK-15.1-a, G-48: "all energy weapons and mono-filament swords run on batteries"; a sword's
/// battery lasts 20 combat turns (G-48, INVENTED; the catalog's `rounds`). The book gives no
/// unit, so which turns count is option `sk.sword_battery`: by default a turn counts for a
/// sword in the hand (main or other) of a figure in action at the end of the turn, the blade
/// being on while he holds it ready; with `"when_used"` only a turn in which he struck a blow
/// or Defended (`Figure::exerted`). One on the belt spends nothing. When the battery is flat
/// the sword has no blade (`WeaponState::Drained`) until a new battery is put in: a reload, one
/// turn (SK-15.1-a), from the spares he carries.
pub(crate) fn battery_turn(ctx: &mut Ctx) {
    let when_used = ctx.s.rules.options.sword_battery_when_used;
    for i in 0..ctx.s.figures.len() {
        let f = &ctx.s.figures[i];
        if !f.active() || (when_used && !f.exerted) {
            continue;
        }
        let fig = i as crate::state::FigId;
        for slot in [f.ready, f.off_hand].into_iter().flatten() {
            let f = ctx.s.fig(fig);
            let Some(sl) = f.weapons[usize::from(slot)] else {
                continue;
            };
            let w = &ctx.s.rules.weapons[usize::from(sl.weapon)];
            if sl.state != WeaponState::Ok || !w.battery_sword() || sl.rounds == 0 {
                continue;
            }
            ctx.emit(Event::Spent {
                fig,
                slot,
                rounds: 1,
            });
            if sl.rounds == 1 {
                ctx.emit(Event::Effect {
                    fig,
                    effect: Effect::BatteryDead { slot },
                    rule: RuleId("SK-15.1-a"),
                });
            }
        }
    }
}
