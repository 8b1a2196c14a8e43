//! Hits in a known place (SK-21.4-d/e/f, optional): the damage an arm or a leg can take, and
//! what a hit in the head, an arm or a leg does, a limb lost for good included (kept after the
//! battle, `aftermath::injuries`), with the flash of an energy weapon in the head that may blind
//! (SK-16.8-e, SK-21.6-d/e).

use crate::combat::ctx::Ctx;
use crate::event::{Effect, Event};
use crate::state::{FigId, Posture};
use fireteam_engine::{ResolveError, RuleId};

/// SK-21.4-e/f: damage past 8 on an arm or 18 on a leg passes by.
pub(crate) fn located_cap(l: crate::autoresult::Location) -> i16 {
    use crate::autoresult::Location;
    match l {
        Location::WeaponArm | Location::OtherArm => 8,
        Location::RightLeg | Location::LeftLeg => 18,
        Location::Head => i16::MAX,
    }
}

/// SK-21.4-d/e/f: what a hit in a given place does, by the hits that got through.
pub(crate) fn located_effects(
    ctx: &mut Ctx,
    target: FigId,
    l: crate::autoresult::Location,
    taken: i16,
) -> Result<(), ResolveError> {
    use crate::autoresult::Location;
    let t = ctx.s.fig(target).clone();
    if !t.active() {
        // A hit that knocks him out still costs the limb (the dead lose nothing more).
        if t.condition != crate::state::Condition::Dead {
            limb_lost(ctx, target, l, taken);
        }
        return Ok(());
    }
    let turn = ctx.s.turn;
    match l {
        Location::Head => {
            if taken >= 5 {
                ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::Unconscious,
                    rule: RuleId("SK-21.4-d"),
                });
            } else if taken >= 2 {
                ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::HeadHit { turn: turn + 1 },
                    rule: RuleId("SK-21.4-d"),
                });
            }
            // SK-13.7-d: damage to the head ends aiming.
            let t = ctx.s.fig(target);
            if taken > 0 && t.active() && (t.aim_turns > 0 || t.aiming_now) {
                ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::AimLost,
                    rule: RuleId("SK-13.7-d"),
                });
            }
        }
        Location::WeaponArm | Location::OtherArm => {
            // 3+ on the hand that holds his weapon (the other arm's once the weapon arm is
            // out of use) drops it.
            if l == crate::hands::weapon_hand(&t) && taken >= 3 {
                if let Some(slot) = t.ready_slot().map(|_| t.ready.unwrap_or(0)) {
                    ctx.emit(Event::Effect {
                        fig: target,
                        effect: Effect::WeaponDropped { slot },
                        rule: RuleId("SK-21.4-e"),
                    });
                }
            }
            // 6+ puts that arm out of use, once (a stump or an arm already out loses nothing
            // more), and its hand lets go of what it held.
            let bit = crate::aftermath::injuries::limb_bit(l);
            if taken >= 6 && t.arms_out & bit == 0 {
                ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::ArmOut { arm: l },
                    rule: RuleId("SK-21.4-e"),
                });
                let_go(ctx, target);
            }
        }
        Location::RightLeg | Location::LeftLeg => {
            if taken >= 3 {
                // Down on a knee for the rest of this turn and the next; up on the third.
                ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::LegHit {
                        until: turn + 2,
                        out: taken >= 6,
                    },
                    rule: RuleId("SK-21.4-f"),
                });
            }
            if taken >= 6 && ctx.s.fig(target).posture != Posture::Fallen {
                ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::Fell,
                    rule: RuleId("SK-21.4-f"),
                });
            }
        }
    }
    limb_lost(ctx, target, l, taken);
    Ok(())
}

/// SK-21.4-e "the arm cannot be used": what the hands left can no longer hold. With one hand
/// left, the weapon in it is kept and a shield in hand falls (the hand put out of use held it);
/// with none, the weapon in hand and the other hand's fall too (brass knuckles stay on the
/// fist, SK-16.1-d, of no use), and a knife or pistol he was to draw in hand to hand at the
/// start of next turn (SK-16.15.3-T1, 3–4) stays on his belt: no hand is left to draw it. A
/// two-handed weapon that one hand cannot hold and a second weapon are put away by the `ArmOut`
/// event itself (`apply`).
fn let_go(ctx: &mut Ctx, target: FigId) {
    let f = ctx.s.fig(target).clone();
    let hands = crate::hands::hands_left(&f);
    if hands == 0 && f.hth_draw > 0 {
        ctx.emit(Event::Effect {
            fig: target,
            effect: Effect::DrawCalledOff {
                slot: f.hth_draw - 1,
            },
            rule: RuleId("SK-21.4-e"),
        });
    }
    if hands == 0 {
        for slot in [f.ready, f.off_hand].into_iter().flatten() {
            let Some(sl) = f.weapons[usize::from(slot)] else {
                continue;
            };
            let w = &ctx.s.rules.weapons[usize::from(sl.weapon)];
            if sl.state != crate::state::WeaponState::Dropped && crate::hands::droppable(w) {
                ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::WeaponDropped { slot },
                    rule: RuleId("SK-21.4-e"),
                });
            }
        }
    }
    let f = ctx.s.fig(target);
    let full_hand = hands == 0 || f.ready.is_some();
    if crate::hands::shield_in_hand(f) && full_hand {
        ctx.emit(Event::Hands {
            fig: target,
            off_hand: None,
            shield_at: crate::state::ShieldAt::Ground,
            rule: RuleId("SK-21.4-e"),
        });
    }
}

/// SK-21.4-e "8 or more hits: the arm is lost, permanently"; SK-21.4-f "18 or more hits: the leg
/// is lost permanently". A limb already lost (an arm lost in an earlier battle, the stump now
/// struck) is not lost again.
fn limb_lost(ctx: &mut Ctx, target: FigId, l: crate::autoresult::Location, taken: i16) {
    use crate::aftermath::injuries::{limb_bit, limb_rule, lost_by};
    if !lost_by(l, taken) || ctx.s.fig(target).limbs_lost & limb_bit(l) != 0 {
        return;
    }
    ctx.emit(Event::Effect {
        fig: target,
        effect: Effect::LimbLost { limb: l },
        rule: limb_rule(l),
    });
}

/// SK-16.8-e, SK-21.6-d/e: a figure hit in the head by an energy weapon (option
/// `sk.flash_blinding`: any energy weapon, lasers only, or none) without flash goggles or a visor
/// saves on 4d6 against eDEX or is blinded: −4 DEX for good. Any hit in the head counts, whatever
/// the armor stopped (the flash is not a wound).
pub(crate) fn flash_blinding(
    ctx: &mut Ctx,
    target: FigId,
    l: crate::autoresult::Location,
    w: Option<&crate::data::Weapon>,
) -> Result<(), ResolveError> {
    use crate::data::ItemKind;
    use crate::options::FlashBlinding;
    let Some(w) = w else { return Ok(()) };
    let flashes = match ctx.s.rules.options.flash_blinding {
        FlashBlinding::EnergyWeapons => w.energy,
        FlashBlinding::Lasers => w.laser,
        FlashBlinding::Off => false,
    };
    let t = ctx.s.fig(target).clone();
    let shielded_eyes = t.has_item(ItemKind::FlashGoggles) || t.has_item(ItemKind::Visor);
    if l != crate::autoresult::Location::Head || !flashes || shielded_eyes {
        return Ok(());
    }
    if !t.active() || t.blinded {
        return Ok(());
    }
    let need = crate::combat::edex::order_dex(&ctx.s, &t);
    if !ctx.check(target, "not-blinded", 4, need, RuleId("SK-21.6-e"))? {
        ctx.emit(Event::Effect {
            fig: target,
            effect: Effect::Blinded,
            rule: RuleId("SK-21.6-e"),
        });
    }
    Ok(())
}
