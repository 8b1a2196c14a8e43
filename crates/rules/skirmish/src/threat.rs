//! What an attack is worth before it is made, from the rules' own odds: the chance to hit with
//! every DEX adjustment of the attack (`attack_mods`, SK-12.1-b, SK-24-T1…T8) and the automatic
//! results of the dice (SK-12.1, G-01), times the damage the weapon does through the target's
//! armor (SK-12.3, SK-14.1) on the value's scale (`value::harm`: damage over STR, 1.5 for a
//! figure put out of the fight, SK-12.4-c). For the greedy AI: the quick estimate of an attack
//! ([`crate::estimate`]), and the threat a figure poses from where he stands (`value::placed`).
//!
//! It leaves out what only the dice decide later (falls, stun, criticals, the bullets of a
//! burst after the first): a first look, which the AI checks by resolving the action whenever
//! the estimate leads.

use crate::autoresult::{classify, AutoVersion, ToHit};
use crate::combat::armor::armor_value;
use crate::combat::damage::damage_expr;
use crate::combat::modifiers::{attack_mods, AttackSpec};
use crate::combat::strike::target_number;
use crate::combat::weapon_of;
use crate::event::AttackKind;
use crate::state::{FigId, State};
use rustc_hash::FxHashMap;
use std::cell::RefCell;

/// Ways to roll each total on `n` d6, from `n` up (index 0 is the total `n`).
fn sums(n: u8) -> Vec<u64> {
    let mut ways = vec![1u64];
    for _ in 0..n {
        let mut next = vec![0u64; ways.len() + 5];
        for (i, w) in ways.iter().enumerate() {
            for face in 0..6 {
                next[i + face] += w;
            }
        }
        ways = next;
    }
    ways
}

thread_local! {
    // Per thread, since the simulator's threads share nothing: (dice, target, version) → the
    // chances to hit ×1, ×2 and ×3; and the totals of n d6.
    static HIT: RefCell<FxHashMap<(u8, i16, bool), [f64; 3]>> = RefCell::new(FxHashMap::default());
    static SUMS: RefCell<Vec<Vec<u64>>> = const { RefCell::new(Vec::new()) };
}

/// The distribution of `n` d6 (ways per total, from `n` up) and 6^n.
fn with_sums<T>(n: u8, f: impl FnOnce(&[u64], f64) -> T) -> T {
    SUMS.with(|c| {
        let mut c = c.borrow_mut();
        while c.len() <= usize::from(n) {
            let k = c.len() as u8;
            c.push(sums(k));
        }
        f(&c[usize::from(n)], 6f64.powi(i32::from(n)))
    })
}

/// The chances that `dice` d6 against `target` hit with the multiplier ×1, ×2 and ×3
/// (SK-12.1-a…g, G-01: [`classify`]; a Fencer's multipliers are left out).
pub fn hit_chances(dice: u8, target: i16, version: AutoVersion) -> [f64; 3] {
    let key = (dice, target, version == AutoVersion::A);
    if let Some(p) = HIT.with(|h| h.borrow().get(&key).copied()) {
        return p;
    }
    let p = with_sums(dice, |ways, all| {
        let mut p = [0.0; 3];
        for (i, w) in ways.iter().enumerate() {
            let roll = i32::from(dice) + i as i32;
            if let ToHit::Hit { mult, .. } =
                classify(dice, roll, i32::from(target), version, false).result
            {
                p[usize::from(mult.clamp(1, 3)) - 1] += *w as f64 / all;
            }
        }
        p
    });
    HIT.with(|h| h.borrow_mut().insert(key, p));
    p
}

/// The harm (`value::harm`'s scale) one attack of `spec` is expected to add to its target: for
/// a missile spec a single shot (its first bullet).
pub fn expected_harm(s: &State, spec: &AttackSpec) -> f64 {
    let att = s.fig(spec.attacker);
    let tgt = s.fig(spec.target);
    if !tgt.active() {
        return 0.0;
    }
    let (mods, dice, dark) = attack_mods(s, spec);
    let p = hit_chances(
        dice,
        target_number(att.dex, &mods, dark),
        s.rules.options.auto_numbers,
    );
    if p == [0.0; 3] {
        return 0.0;
    }
    let w = weapon_of(s, att, spec.slot);
    let expr = damage_expr(s, att, spec.slot, spec.kind);
    let armor = i32::from(armor_value(s, tgt, att.pos, w));
    // Past a weapon's effective range its damage is halved (as `strike::land` does).
    let halve = w.is_some_and(|w| {
        w.effective_range
            .is_some_and(|er| att.pos.distance(tgt.pos) > er)
    });
    let before = crate::value::harm(s, tgt);
    let st = f64::from(tgt.st.max(1));
    let left = i32::from(tgt.est());
    with_sums(expr.dice, |ways, all| {
        let mut e = 0.0;
        for (m, pm) in p.iter().enumerate() {
            if *pm == 0.0 {
                continue;
            }
            let mut given = 0.0;
            for (i, w) in ways.iter().enumerate() {
                let mut rolled = (i32::from(expr.dice) + i as i32 + i32::from(expr.adds)).max(0);
                if halve {
                    rolled /= 2;
                }
                let mut taken = (rolled * (m as i32 + 1) - armor).max(0);
                // SK-12.3-c: a weapon that can roll 0 does 1 hit to the unarmored.
                if armor == 0 && taken == 0 && expr.min() <= 0 {
                    taken = 1;
                }
                // `harm` is damage over STR while he fights, and 1.5 once he is out of it
                // (STR 1 unconscious, 0 dead: SK-12.4-c).
                let gain = if taken == 0 {
                    0.0
                } else if left - taken <= 1 {
                    1.5 - before
                } else {
                    f64::from(taken) / st
                };
                given += gain * *w as f64 / all;
            }
            e += pm * given;
        }
        e
    })
}

/// The harm (`value::harm`'s scale) `dice`d6 through `armor` is expected to add to `tgt`,
/// whose harm is `before`, as an HE grenade's blast deals it (SK-16.12-o: no roll to hit, no
/// multiplier).
pub fn expected_blast_harm(tgt: &crate::state::Figure, before: f64, dice: u8, armor: i16) -> f64 {
    let st = f64::from(tgt.st.max(1));
    let left = i32::from(tgt.est());
    with_sums(dice, |ways, all| {
        let mut e = 0.0;
        for (i, w) in ways.iter().enumerate() {
            let taken = (i32::from(dice) + i as i32 - i32::from(armor)).max(0);
            let gain = if taken == 0 {
                0.0
            } else if left - taken <= 1 {
                1.5 - before
            } else {
                f64::from(taken) / st
            };
            e += gain * *w as f64 / all;
        }
        e
    })
}

/// The chance that a plain hit of `att`'s ready weapon gets through `tgt`'s armor at all
/// (SK-12.3, SK-14.1): its damage dice, without the ×2 and ×3 of a 3 or 4, above the armor the
/// hit meets from where he stands. An HE grenade's is its 4d6 in the MH it lands in
/// (SK-16.12-o), a molotov's or incendiary's fire always burns. For the value's shots: a gun
/// that cannot hurt a foe is no shot at him.
pub fn penetration(s: &State, att: &crate::state::Figure, tgt: &crate::state::Figure) -> f64 {
    use crate::data::{Class, GrenadeKind};
    let w = weapon_of(s, att, att.ready);
    let (dice, adds) = match w {
        Some(w) if w.class == Class::Grenade => match w.grenade {
            Some(GrenadeKind::He) => (4u8, 0i16),
            Some(GrenadeKind::Molotov | GrenadeKind::Incendiary) => return 1.0,
            _ => return 0.0,
        },
        _ => {
            let kind = match w.map(|w| w.class) {
                Some(Class::Missile) => AttackKind::Missile,
                Some(Class::Thrown) => AttackKind::Thrown,
                _ => AttackKind::Melee,
            };
            let d = damage_expr(s, att, att.ready, kind);
            (d.dice, d.adds)
        }
    };
    let armor = i32::from(armor_value(s, tgt, att.pos, w));
    with_sums(dice, |ways, all| {
        let mut p = 0.0;
        for (i, n) in ways.iter().enumerate() {
            if i32::from(dice) + i as i32 + i32::from(adds) > armor {
                p += *n as f64 / all;
            }
        }
        p
    })
}

/// The spec of a plain attack of `att` on `tgt` with his ready weapon: a single shot with a
/// loaded missile weapon, a blow with a melee one (or bare hands) at a foe next to him.
pub fn plain_attack(s: &State, att: FigId, tgt: FigId) -> Option<AttackSpec> {
    let f = s.fig(att);
    let w = weapon_of(s, f, f.ready);
    let kind = match w.map(|w| w.class) {
        Some(crate::data::Class::Missile) => AttackKind::Missile,
        Some(crate::data::Class::Melee) | None => AttackKind::Melee,
        Some(_) => return None,
    };
    if kind == AttackKind::Melee && f.pos.distance(s.fig(tgt).pos) != 1 {
        return None;
    }
    Some(AttackSpec {
        attacker: att,
        target: tgt,
        kind,
        slot: f.ready,
        mode: (kind == AttackKind::Missile).then_some(crate::action::FireMode::Single),
        rounds: 1,
        disengaging: false,
        quick: false,
        aim: None,
        opportunity: None,
        maneuver: None,
    })
}
