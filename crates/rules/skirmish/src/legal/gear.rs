//! The action options of energy weapons, energy shields, protective gear and smoke and gas
//! (§14.3, §15.1, §16.8, §16.12, §17.5, §21.6), listed after every older option of the action
//! phase: the other fuse of a grenade (SK-16.12-g), picking up a burning smoke or gas grenade and
//! throwing it again (SK-16.12-u), and the gas mask (SK-16.12-v).

use crate::action::Action;
use crate::data::{GrenadeKind, ItemKind};
use crate::geometry::{engagers_at, in_front};
use crate::legal::action::ready_limit;
use crate::legal::targets::enemies;
use crate::state::{FigId, MoveKind, Pos, State};
use smallvec::SmallVec;

/// The options of `id` beyond the ones `legal::action::action_actions` lists in `out` so far.
pub(crate) fn gear_actions(s: &State, id: FigId, out: &mut Vec<Action>) {
    let f = s.fig(id);
    let engaged = engagers_at(s, f.side, f.pos) != 0;
    let ready = crate::combat::weapon_of(s, f, f.ready).filter(|_| f.ready_slot().is_some());
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
        // At most a Step (SK-25-a), as `moved_at_most(.., Step, ..)` counts it.
        let step = u32::from(f.moved) <= 1 && f.move_kind != MoveKind::StandUp;
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
    let hand_free = ready.is_none_or(|w| w.hands < 2);
    if f.holding.is_none()
        && hand_free
        && ready_limit(s, f, engaged)
        && crate::cloud::grenade_at(s, f.pos).is_some()
    {
        out.push(Action::PickUpGrenade { fig: id });
    }
    // SK-16.12-v: the gas mask on or off, within the limits of readying a weapon.
    if f.has_item(ItemKind::GasMask) && ready_limit(s, f, engaged) {
        out.push(Action::Mask {
            fig: id,
            on: !f.mask_on,
        });
    }
}
