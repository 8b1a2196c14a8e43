//! The action options of energy weapons, energy shields, protective gear and smoke and gas
//! (§14.3, §15.1, §16.8, §16.12, §17.5, §21.6), listed after every older option of the action
//! phase: an energy weapon's lower-power shots (SK-16.8-b), the other fuse of a grenade
//! (SK-16.12-g), picking up a burning smoke or gas grenade and throwing it again (SK-16.12-u),
//! the battery pack moved to another weapon (SK-15.1-b), the flashlight (SK-17.5-c) and the gas
//! mask (SK-16.12-v).

use crate::action::{Action, FireMode};
use crate::attack::energy::available;
use crate::data::{Class, GrenadeKind, ItemKind};
use crate::geometry::{engagers_of, in_front};
use crate::legal::action::{may_shoot, may_shoot_at, ready_limit};
use crate::legal::targets::{enemies, shootable};
use crate::state::{FigId, MoveKind, Pos, State};
use smallvec::SmallVec;

/// The options of `id` beyond the ones `legal::action::action_actions` lists in `out` so far.
pub(crate) fn gear_actions(s: &State, id: FigId, out: &mut Vec<Action>) {
    let f = s.fig(id);
    let ready = crate::combat::weapon_of(s, f, f.ready).filter(|_| f.ready_slot().is_some());
    // Most figures have none of this gear: the plain duel pays for nothing here.
    let gear = ItemKind::GasMask.bit() | ItemKind::Flashlight.bit();
    let relevant = ready.is_some_and(|w| w.energy || w.grenade.is_some())
        || f.holding.is_some()
        || f.pack_slot.is_some()
        || f.items & gear != 0
        || crate::cloud::grenade_at(s, f.pos).is_some();
    if !relevant {
        return;
    }
    let engaged = engagers_of(s, f, f.pos) != 0;
    // SK-16.8-b, G-48: an energy weapon's first shot of the turn at lower power, k dice for each
    // k below its full power that the battery holds (a bounded list: one option per size; the
    // later shots then split what is left).
    if let (Some(w), Some(sl), Some(k)) = (ready, f.ready_slot(), f.ready) {
        if w.energy && w.class == Class::Missile && may_shoot(s, f, engaged) {
            let below_full = crate::attack::energy::full_dice(w) - 1;
            let top = power_sizes(below_full, available(f, k, &sl));
            for (t, tf) in enemies(s, f) {
                if may_shoot_at(s, f, engaged, t, tf) {
                    for dice in 1..=top {
                        out.push(Action::Shoot {
                            fig: id,
                            target: t,
                            mode: FireMode::Power { dice },
                        });
                    }
                }
            }
        }
    }
    // SK-16.12-g: every throw of a grenade with a fuse may instead set it for the end of the
    // next movement phase (a molotov has none: it takes effect at once).
    let fused =
        ready.is_some_and(|w| w.grenade.is_some() && w.grenade != Some(GrenadeKind::Molotov));
    if fused {
        let n = out.len();
        for k in 0..n {
            if let Action::Grenade { fig, at } = out[k] {
                if fig == id {
                    out.push(Action::GrenadeNextMovement { fig, at });
                }
            }
        }
    }
    // SK-16.12-u: a burning smoke or gas grenade in the hand is thrown again as a grenade is
    // (not engaged, after at most a Step, at an enemy's hex in front within 2.25 × STR hexes).
    if f.holding.is_some() {
        // At most a Step (SK-25-a).
        let mov = crate::turn::movement::movement_allowance(s, f);
        let step = crate::legal::action::moved_at_most(f, MoveKind::Step, mov);
        if !engaged && step && !f.posture.down() {
            let max = (9 * i32::from(f.st) / 4) as u32;
            let mut seen: SmallVec<[Pos; 8]> = SmallVec::new();
            for (_, tf) in enemies(s, f) {
                if f.pos.distance(tf.pos) <= max && in_front(f, tf.pos) && !seen.contains(&tf.pos) {
                    seen.push(tf.pos);
                    out.push(Action::ThrowAgain {
                        fig: id,
                        at: tf.pos,
                    });
                }
            }
        }
    }
    // SK-16.12-u: picking up the burning grenade in one's hex takes a hand: not with a
    // two-handed weapon ready; within the limits of readying a weapon.
    // SK-21.4-e: nor with the one hand an arm out of use leaves holding a weapon.
    let hand_free = crate::hands::item_hand_free(s, f);
    if f.holding.is_none()
        && hand_free
        && crate::cloud::grenade_at(s, f.pos).is_some()
        && ready_limit(s, f, engaged)
    {
        out.push(Action::PickUpGrenade { fig: id });
    }
    // SK-15.1-b: the battery pack moved to another energy weapon (one turn), within the limits
    // of readying a weapon.
    if f.pack_slot.is_some() && ready_limit(s, f, engaged) {
        for (k, sl) in f.weapons.iter().enumerate() {
            let Some(sl) = sl else { continue };
            let w = &s.rules.weapons[usize::from(sl.weapon)];
            // SK-15.1-a: not to a sword (its battery counts turns, not dice).
            if w.energy && w.rounds > 0 && !w.battery_sword() && f.pack_slot != Some(k as u8) {
                out.push(Action::MovePack {
                    fig: id,
                    slot: k as u8,
                });
            }
        }
    }
    // SK-17.5-c: the flashlight switched on (a hand free: no two-handed weapon ready) or off,
    // within the limits of readying a weapon.
    if f.has_item(ItemKind::Flashlight) && ready_limit(s, f, engaged) {
        if f.light_on {
            out.push(Action::Light { fig: id, on: false });
        } else if hand_free {
            out.push(Action::Light { fig: id, on: true });
        }
    }
    // SK-16.12-v: the gas mask on or off, within the limits of readying a weapon.
    if f.has_item(ItemKind::GasMask) && ready_limit(s, f, engaged) {
        out.push(Action::Mask {
            fig: id,
            on: !f.mask_on,
        });
    }
}

/// The largest lower-power shot on offer: below full power (`below_full`), within the dice the
/// battery holds.
fn power_sizes(below_full: u8, battery: u16) -> u8 {
    below_full.min(battery.min(u16::from(u8::MAX)) as u8)
}

/// SK-16.8-b, SK-12-e: a later shot of an energy weapon this turn, of k dice for each k up to
/// the power left (and the battery), at any target it could shoot.
pub(crate) fn later_power_shots(s: &State, id: FigId, out: &mut Vec<Action>) {
    let f = s.fig(id);
    let (Some(sl), Some(k)) = (f.ready_slot(), f.ready) else {
        return;
    };
    let top = power_sizes(f.power_left, available(f, k, &sl));
    for (t, tf) in enemies(s, f) {
        if shootable(s, f, tf) {
            for dice in 1..=top {
                out.push(Action::Shoot {
                    fig: id,
                    target: t,
                    mode: FireMode::Power { dice },
                });
            }
        }
    }
}
