//! A heuristic value for the greedy AI (section 5 of the issue): wounds and losses first, then
//! small positional terms that encode what a SKIRMISH player knows: stay out of enemy threat
//! zones you cannot fight from (SK-8.3-a), get low or behind a wall when enemies can shoot
//! (SK-17.7, SK-24-T2), keep an aim (SK-13.7-c), and close with the enemy when you carry a
//! melee weapon (or go hand to hand when stronger, SK-16.15.3).

use crate::action::Action;
use crate::data::Class;
use crate::geometry::{self, threatens};
use crate::state::{Figure, Posture, State};
use crate::system::Skirmish;
use fireteam_engine::{Evaluate, SideId};

pub(crate) fn harm(s: &State, f: &Figure) -> f64 {
    if !f.active() {
        return 1.5;
    }
    let st = f64::from(f.st.max(1));
    let mut h = f64::from(f.damage.max(0)) / st;
    if f.posture == Posture::Fallen {
        h += 0.05;
    }
    // Empty hands, or an empty gun, with weapons to hand: a loss until readied or reloaded.
    let empty_gun = f.ready_slot().is_some_and(|sl| sl.rounds == 0)
        && f.ready_slot().is_some_and(|sl| {
            let w = &s.rules.weapons[usize::from(sl.weapon)];
            w.rounds > 0
        });
    if (f.ready_slot().is_none() || empty_gun) && f.weapons.iter().flatten().count() > 0 {
        h += 0.1;
    }
    // ---- SK-6.1.7-a: a weapon he may not fight with (a shield in hand without the Shield
    // skill) is as good as none until the shield is slung.
    if f.ready_slot().is_some() && crate::legal::shield_skill::barred(s, f) {
        h += 0.1;
    }
    h + fire_harm(s, f) / st + practice_harm(s, f)
}

/// ---- after the battle (§19.3): recorded hits of practice weapons, each a step toward the
/// agreed number that loses the practice (SK-19.3-b; a third of a loss with no agreed number).
/// Zero outside a practice.
fn practice_harm(s: &State, f: &Figure) -> f64 {
    if f.practice_hits == 0 {
        return 0.0;
    }
    let limit = match s.rules.options.practice_hits {
        0 => 3,
        n => n,
    };
    1.5 * f64::from(f.practice_hits) / f64::from(limit)
}

/// ---- fire (§16.11, §16.12): the hits fire is about to do him, so that putting a fire out
/// (rolling, an extinguisher, water) or leaving a burning hex is worth something. A soak burns 4
/// a turn (SK-16.12-k); a §16.11 fire its expected dice (limb ½, half 1⅔, whole 3½), counted
/// twice unless he is rolling it out this turn (SK-16.11-d); a fire hex he stands in, what
/// staying costs (SK-16.11-g, SK-16.12-j). Zero for a figure nowhere near a fire.
fn fire_harm(s: &State, f: &Figure) -> f64 {
    use crate::state::Blaze;
    let mut h = if f.burning > 0 { 4.0 } else { 0.0 };
    let blaze = match f.on_fire {
        Blaze::None => 0.0,
        Blaze::Limb => 0.5,
        Blaze::Half => 10.0 / 6.0,
        Blaze::Whole => 3.5,
    };
    h += if f.rolling { blaze } else { 2.0 * blaze };
    h += match crate::fire::hex_fire(s, f.pos) {
        Some(crate::data::HexFire::Burning) => 3.5,
        Some(crate::data::HexFire::Coals) => 7.0,
        None => 0.0,
    };
    if let Some(x) = s.fires.iter().find(|x| x.pos == f.pos) {
        h += if x.incendiary { 8.0 } else { 4.0 };
    }
    h
}

impl Evaluate for Skirmish {
    fn value(&self, s: &State, side: SideId) -> f64 {
        let mut v = 0.0;
        for f in &s.figures {
            v += signed_harm(s, f, side);
        }
        for f in &s.figures {
            if f.side == side && f.active() {
                v += placed(s, side, f);
            }
        }
        v
    }

    fn estimate(&self, s: &State, side: SideId, legal: &[Action], out: &mut Vec<Option<f64>>) {
        crate::estimate::estimate(s, side, legal, out);
    }
}

/// A figure's harm as it counts for `side`: his own side's is a loss, the enemy's a gain.
pub(crate) fn signed_harm(s: &State, f: &Figure, side: SideId) -> f64 {
    if f.side == side {
        -harm(s, f)
    } else {
        harm(s, f)
    }
}

/// What an active figure of `side` gains or loses by where he stands and faces, beyond his
/// harm: the positional terms of the value.
pub(crate) fn placed(s: &State, side: SideId, f: &Figure) -> f64 {
    let mut v = 0.0;
    let w = f
        .ready_slot()
        .map(|sl| &s.rules.weapons[usize::from(sl.weapon)]);
    let melee = w.is_none_or(|w| w.class == Class::Melee);
    // An empty gun is no shot: he wants to reload, or to close in with what else he has.
    let loaded = f
        .ready_slot()
        .is_some_and(|sl| sl.rounds > 0 || s.rules.weapons[usize::from(sl.weapon)].rounds == 0);
    let missile = w.is_some_and(|w| w.class == Class::Missile) && loaded;
    // A shooter wants a clear shot and no enemy in his face (engaged figures may not
    // shoot, SK-11.8-a); an empty hand wants a weapon.
    if missile {
        let engaged = s
            .figures
            .iter()
            .any(|e| e.side != side && e.active() && threatens(e, f.pos));
        if engaged {
            v -= 0.06;
        }
        let shot = s.figures.iter().any(|e| {
            e.side != side
                && e.active()
                && geometry::in_front(f, e.pos)
                && !geometry::sight(s, f.pos, e.pos).0
        });
        if shot {
            // With a shot, closing in only costs range (SK-13.6-a).
            v += 0.05;
            return v;
        }
    }
    let mut nearest = u32::MAX;
    let mut seen_by = 0u32;
    let mut shooters = 0u32;
    for e in s.figures.iter().filter(|e| e.side != side && e.active()) {
        let d = f.pos.distance(e.pos);
        nearest = nearest.min(d);
        let e_missile = e
            .ready_slot()
            .is_some_and(|sl| s.rules.weapons[usize::from(sl.weapon)].class == Class::Missile);
        if e_missile && d > 1 {
            shooters += 1;
            let (blocked, wall) = geometry::sight(s, e.pos, f.pos);
            let hidden = blocked
                || wall.is_some_and(|(w, near_target, near_firer)| {
                    near_target && geometry::wall_hides(w, f.posture, d, near_firer)
                });
            if !hidden {
                seen_by += 1;
            }
        }
        // In an enemy's threat zone without facing him: he gets the flank bonus.
        if threatens(e, f.pos) && !geometry::in_front(f, e.pos) {
            v -= 0.02;
        }
    }
    // Cover from the enemy's guns (SK-17.7, SK-24-T2): hidden from all of them, or low.
    if shooters > 0 {
        if seen_by == 0 {
            v += 0.03;
        } else if f.posture != Posture::Standing {
            v += 0.01;
        }
    }
    if nearest != u32::MAX {
        // Close in to fight: hard with a blade, gently with a gun that has no shot yet
        // (so a hidden enemy is hunted down rather than waited out).
        let pull = if (melee && w.is_some()) || (w.is_some() && !loaded) {
            0.01
        } else {
            0.004
        };
        v -= pull * f64::from(nearest);
    }
    v += 0.01 * f64::from(f.aim_turns.min(2));
    // Hand to hand (SK-16.15.3): +4 to hit both ways and STR-driven damage, so a
    // brawl favours the stronger, the better martial artist and the one with a knife.
    if f.in_hth {
        for e in s
            .figures
            .iter()
            .filter(|e| e.side != side && e.active() && e.in_hth && e.pos == f.pos)
        {
            let edge = f64::from(f.est() - e.est())
                + 2.0 * (f64::from(f.martial_arts) - f64::from(e.martial_arts));
            v += 0.01 * edge.clamp(-5.0, 5.0);
        }
    }
    v
}
