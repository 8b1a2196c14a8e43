//! How good a battle state is for a side, for the greedy AI (the engine's `Evaluate`): harm done
//! minus harm taken, the exact expected harm of an attack waiting for its defense, then, as
//! tie-breakers, cover and closing the distance.

use crate::data::Band;
use crate::geometry;
use crate::resolve::{self, AttackKind, BLAST_DICE};
use crate::state::{Pending, Phase, State, Unit};
use crate::system::{pool_inputs, shot_band, DicePool};
use fireteam_engine::{Evaluate, SideId};
use std::cell::RefCell;
use std::collections::HashMap;

fn harm(u: &Unit) -> f64 {
    if u.out {
        1.0
    } else {
        (f64::from(u.wounds) / f64::from(u.stats.wound_limit.max(1))).min(1.0) * 0.8
            + if u.stunned { 0.05 } else { 0.0 }
    }
}

/// The questions the AI asks of the dice, as a memo key: P(pool ≥ or > difficulty + defense)
/// and E[max(0, DL dice − PR dice − flat armor)].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Question {
    Hit {
        pool: i32,
        difficulty: i64,
        defense: i32,
        strict: bool,
    },
    Wounds {
        dl: i32,
        pr: i32,
        flat: i32,
    },
}

impl Question {
    /// The question in the dice language (`docs/dice.md`).
    fn expr(self) -> String {
        match self {
            Question::Hit {
                pool,
                difficulty,
                defense,
                strict,
            } => {
                let cmp = if strict { ">" } else { ">=" };
                let defense = if defense > 0 {
                    format!(" + {defense}d6")
                } else {
                    String::new()
                };
                format!("{pool}d6 {cmp} {difficulty}{defense}")
            }
            Question::Wounds { dl, pr, flat } => {
                let pr = if pr > 0 {
                    format!(" - {pr}d6")
                } else {
                    String::new()
                };
                format!("max(0, {dl}d6{pr} - {flat})")
            }
        }
    }
}

thread_local! {
    /// Exact answers by question; the same few recur all battle long, and a key needs no text.
    static MEMO: RefCell<HashMap<Question, f64>> = RefCell::new(HashMap::new());
}

/// The exact mean of a question's expression (a probability for a condition), memoised.
fn exact_mean(q: Question) -> f64 {
    if let Some(v) = MEMO.with(|m| m.borrow().get(&q).copied()) {
        return v;
    }
    let v = fireteam_dice::parse(&q.expr())
        .ok()
        .and_then(|p| fireteam_dice::exact(&p).ok())
        .map_or(0.0, |d| fireteam_dice::to_f64(&d.mean()));
    MEMO.with(|m| m.borrow_mut().insert(q, v));
    v
}

/// The expected harm to `target` of one attack of `pool` dice against `difficulty` raised by
/// the defender's best dice, with damage `dl` dice against its PR and armor dice.
fn expected_harm(
    s: &State,
    target: &Unit,
    pool: i32,
    difficulty: i64,
    defense: i32,
    dl: i32,
) -> f64 {
    if pool <= 0 || target.out {
        return 0.0;
    }
    let p_hit = exact_mean(Question::Hit {
        pool,
        difficulty,
        defense,
        strict: s.opts.strictly_greater,
    });
    let (pr, flat) = if s.opts.armor_flat {
        (target.stats.pain_resistance, target.stats.armor)
    } else {
        (target.stats.pain_resistance + target.stats.armor, 0)
    };
    let wounds = if dl > 0 {
        exact_mean(Question::Wounds { dl, pr, flat })
    } else {
        0.0
    };
    let limit = f64::from(target.stats.wound_limit.max(1));
    let room = (limit - f64::from(target.wounds)).max(0.0);
    p_hit * (wounds.min(room) / limit * 0.8 + 0.05)
}

/// The expected harm of the attack waiting for its defense, and the attacker's side.
fn pending_harm(s: &State, p: &Pending) -> (SideId, f64) {
    match p {
        Pending::Shot {
            attacker,
            target,
            weapon,
            mode,
            shot,
            of,
            aimed,
        } => {
            let a = s.unit(*attacker);
            let t = s.unit(*target);
            let w = &s.weapons[usize::from(*weapon)];
            let kind = AttackKind::Shot(*mode);
            let band = shot_band(s, w, geometry::distance(a.pos, t.pos), *aimed);
            let mods = resolve::attack_modifiers(
                kind,
                &pool_inputs(s, *attacker, *target, *aimed, *weapon),
                &s.opts,
            );
            let pool = a.stats.firearms + resolve::total(&mods);
            let per = expected_harm(
                s,
                t,
                pool,
                band.difficulty(),
                t.dodge_left.clamp(0, 2),
                resolve::damage_level(w.dl, kind),
            );
            (a.side, per * f64::from(of - shot + 1))
        }
        Pending::Melee {
            attacker,
            target,
            weapon,
        } => {
            let a = s.unit(*attacker);
            let t = s.unit(*target);
            let w = &s.weapons[usize::from(*weapon)];
            let mods = resolve::attack_modifiers(
                AttackKind::Melee,
                &pool_inputs(s, *attacker, *target, false, *weapon),
                &s.opts,
            );
            let pool = a.stats.melee + resolve::total(&mods);
            (
                a.side,
                expected_harm(s, t, pool, 10, t.parry_left.clamp(0, 2), w.dl),
            )
        }
        Pending::Blast {
            thrower,
            weapon,
            at,
            targets,
            ..
        } => {
            let side = s.unit(*thrower).side;
            let w = &s.weapons[usize::from(*weapon)];
            let mut net = 0.0;
            for &t in targets {
                let u = s.unit(t);
                let band = resolve::blast_band(w.damage_radius, geometry::distance(*at, u.pos))
                    .unwrap_or(Band::Long);
                let h = expected_harm(
                    s,
                    u,
                    BLAST_DICE,
                    band.difficulty(),
                    u.dodge_left.clamp(0, 2),
                    w.dl,
                );
                net += if u.side == side { -h } else { h };
            }
            (side, net)
        }
    }
}

impl Evaluate for DicePool {
    fn value(&self, s: &State, side: SideId) -> f64 {
        let mut v = 0.0;
        for u in &s.units {
            if u.side == side {
                v -= harm(u);
            } else {
                v += harm(u);
            }
        }
        if let Phase::Defense(p) = &s.phase {
            let (attacker_side, h) = pending_harm(s, p);
            v += if attacker_side == side { h } else { -h };
        }
        // Positional tie-breakers, small beside any wound: be in cover from the enemies that
        // see you, and close in on the nearest enemy, which outweighs hiding so that a battle
        // moves toward a decision.
        for u in s.units.iter().filter(|u| u.side == side && !u.out) {
            let mut nearest = u32::MAX;
            for e in s.units.iter().filter(|e| e.side != side && !e.out) {
                nearest = nearest.min(geometry::distance(u.pos, e.pos));
                let sight = geometry::sight(s, e.pos, u.pos);
                if sight.clear {
                    v += 0.004 * f64::from(sight.cover as u8);
                }
            }
            if nearest != u32::MAX {
                v -= 0.003 * f64::from(nearest);
            }
        }
        v
    }
}
