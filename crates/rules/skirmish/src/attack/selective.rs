//! Selective fire (SK-16.6-a, G-32): a weapon with more than one fire mode may switch between
//! them once a turn. The turn's first shot sets its mode (SK-12-e: the later shots come at later
//! eDEX steps); at a later shot the figure may change to another mode once, and that mode fires
//! what is left of the turn. How much is left the book does not say. G-32 only allows the switch
//! ("fire semi-auto shots, then switch once"); ours (option `sk.selective_switch`):
//!
//! * `share_of_turn` (default): the share of the turn still unfired, in the new mode's count,
//!   rounded down. With the Assault Rifle's 4 / 2 / 13, three single shots of four left are ¾ of
//!   the turn: one burst (3 × 2 / 4) or 9 rounds of full auto (3 × 13 / 4); one burst of two
//!   left is two single shots or 6 rounds of full auto.
//! * `slots`: every shot, burst or string takes one of the turn's firing slots; the new mode
//!   has its own count less the slots already used (after one burst, 4 − 1 = 3 single shots;
//!   full auto, one slot a turn, is never left after a shot).

use crate::action::FireMode;
use crate::data::Weapon;
use crate::state::{Figure, State};
use smallvec::SmallVec;

/// The mode this turn's shooting is in: set by its first shot, changed by the switch.
pub(crate) fn turn_mode(f: &Figure) -> FireMode {
    if f.burst_turn {
        FireMode::Burst
    } else {
        FireMode::Single
    }
}

/// A mode's count for a whole turn: single shots (halved after moving more than a hex,
/// SK-13.6-i), bursts, or full auto's rounds (SK-16.6-b).
fn per_turn(f: &Figure, w: &Weapon, mode: FireMode) -> u16 {
    match mode {
        FireMode::Burst => u16::from(w.bursts),
        FireMode::Auto => u16::from(w.auto),
        _ if f.moved > 1 => u16::from((w.shots.max(1) / 2).max(1)),
        _ => u16::from(w.shots.max(1)),
    }
}

/// What `to` has of the turn at a later shot (this one included): single shots, bursts, or
/// full auto's rounds. 0: nothing, so no switch.
pub(crate) fn share(s: &State, f: &Figure, w: &Weapon, to: FireMode) -> u8 {
    let from = turn_mode(f);
    let whole = per_turn(f, w, from);
    let left = u16::from(f.shots_left).min(whole);
    let n = if s.rules.options.selective_slots {
        // Full auto is one slot a turn: its rounds only if that slot is still free.
        let slots = if to == FireMode::Auto {
            1
        } else {
            per_turn(f, w, to)
        };
        let free = slots.saturating_sub(whole - left);
        if to == FireMode::Auto && free > 0 {
            u16::from(w.auto)
        } else {
            free
        }
    } else {
        (left * per_turn(f, w, to)).checked_div(whole).unwrap_or(0)
    };
    n.min(u16::from(u8::MAX)) as u8
}

/// The modes a later shot may switch to (SK-16.6-a), in the order single, burst, full auto:
/// not the turn's own, not once the turn has switched, only those the weapon has, with a
/// share of the turn left and the rounds in the magazine for it (`in_mag`; a weapon that
/// counts no rounds always has them).
pub(crate) fn switches(s: &State, f: &Figure, w: &Weapon, in_mag: u16) -> SmallVec<[FireMode; 2]> {
    let mut out = SmallVec::new();
    if f.mode_switched || w.energy || (w.bursts == 0 && w.auto == 0) {
        return out;
    }
    let loaded = |n: u16| w.rounds == 0 || in_mag >= n;
    let turn = turn_mode(f);
    for mode in [FireMode::Single, FireMode::Burst, FireMode::Auto] {
        let has = match mode {
            FireMode::Burst => w.bursts > 0,
            FireMode::Auto => w.auto > 0,
            _ => true,
        };
        let need = if mode == FireMode::Burst { 3 } else { 1 };
        if mode != turn && has && loaded(need) && share(s, f, w, mode) > 0 {
            out.push(mode);
        }
    }
    out
}
