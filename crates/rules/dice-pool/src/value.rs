//! How good a battle state is for a side, for the greedy AI (the engine's `Evaluate`): harm done
//! minus harm taken, the exact expected harm of an attack waiting for its defense, then, as
//! tie-breakers, cover and closing the distance.

use crate::data::Band;
use crate::geometry;
use crate::odds;
use crate::resolve::{self, AttackKind, BLAST_DICE};
use crate::state::{Pending, Phase, Pos, State, Unit};
use crate::system::{pool_inputs, shot_band, DicePool};
use crate::Action;
use fireteam_engine::{Evaluate, SideId};
use smallvec::SmallVec;
use std::cell::RefCell;

fn harm(u: &Unit) -> f64 {
    if u.out {
        1.0
    } else {
        (f64::from(u.wounds) / f64::from(u.stats.wound_limit.max(1))).min(1.0) * 0.8
            + if u.stunned { 0.05 } else { 0.0 }
    }
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
    let p_hit = odds::p_hit(pool, difficulty, defense, s.opts.strictly_greater);
    let (pr, flat) = if s.opts.armor_flat {
        (target.stats.pain_resistance, target.stats.armor)
    } else {
        (target.stats.pain_resistance + target.stats.armor, 0)
    };
    let wounds = if dl > 0 {
        odds::mean_wounds(dl, pr, flat)
    } else {
        0.0
    };
    let limit = f64::from(target.stats.wound_limit.max(1));
    let room = (limit - f64::from(target.wounds)).max(0.0);
    p_hit * (wounds.min(room) / limit * 0.8 + 0.05)
}

/// The expected harm of the attack waiting for its defense, and the attacker's side. `assigned`
/// is the defense dice the defender has assigned; before he has, he is taken to assign the
/// most he may (2, or what is left, DP-DODGE-02).
fn pending_harm(s: &State, p: &Pending, assigned: Option<u8>) -> (SideId, f64) {
    let defense = |left: i32| assigned.map_or(left.clamp(0, 2), i32::from);
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
                defense(t.dodge_left),
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
            let left = if s.opts.shared_defense_pool {
                t.dodge_left
            } else {
                t.parry_left
            };
            (a.side, expected_harm(s, t, pool, 10, defense(left), w.dl))
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
            for (i, &t) in targets.iter().enumerate() {
                let u = s.unit(t);
                let band = resolve::blast_band(w.damage_radius, geometry::distance(*at, u.pos))
                    .unwrap_or(Band::Long);
                // Only the first target has assigned his dice.
                let dice = if i == 0 {
                    defense(u.dodge_left)
                } else {
                    u.dodge_left.clamp(0, 2)
                };
                let h = expected_harm(s, u, BLAST_DICE, band.difficulty(), dice, w.dl);
                net += if u.side == side { -h } else { h };
            }
            (side, net)
        }
    }
}

/// The value of a state for a side, in parts: harm done minus harm taken with the expected harm
/// of a pending attack (`harm`), and the positional terms as integer sums over the side's units
/// in action ([`Terms`]). [`Parts::total`] is the value. Because the positional sums are
/// integers, a move's value is found from the state before it by replacing the mover's own
/// terms ([`mover_terms`]), and is the same number, bit for bit, as the value of the state
/// after the move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Parts {
    pub harm: f64,
    pub terms: Terms,
    /// The metres the side's units in action have moved this turn.
    pub metres: i64,
}

/// The positional terms of one unit, or their sums over a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Terms {
    /// Its cover from each enemy in action that sees it.
    pub cover: i64,
    /// Its distance to the nearest enemy (0 when none is left).
    pub nearest: i64,
    /// Its distances to every enemy, added up.
    pub spread: i64,
    /// Its row.
    pub row: i64,
}

impl std::ops::Add for Terms {
    type Output = Terms;
    fn add(self, o: Terms) -> Terms {
        Terms {
            cover: self.cover + o.cover,
            nearest: self.nearest + o.nearest,
            spread: self.spread + o.spread,
            row: self.row + o.row,
        }
    }
}

impl std::ops::Sub for Terms {
    type Output = Terms;
    fn sub(self, o: Terms) -> Terms {
        Terms {
            cover: self.cover - o.cover,
            nearest: self.nearest - o.nearest,
            spread: self.spread - o.spread,
            row: self.row - o.row,
        }
    }
}

impl Parts {
    /// Small beside any wound: be in cover from the enemies that see you, and close in on the
    /// nearest enemy, which outweighs hiding so that a battle moves toward a decision.
    ///
    /// Then three tie-breakers, each too small to outweigh what comes before it (a move of up to
    /// 10 m changes them by at most 10⁻⁵ per enemy, 10⁻⁷ and 10⁻⁹, beside 0.003 for one metre
    /// nearer the nearest enemy): closer to the enemies as a whole, then the shorter move
    /// (staying put first), then farther north.
    ///
    /// The AI takes the first of equally valued actions, and the legal moves are listed west to
    /// east, so without them every tie between two places went to the western one: the side
    /// advancing west won ties by moving forward, the other by falling back. On the mirrored
    /// yard that gave the eastern side 0.7% more wins (z = 1.4 either way the sides are
    /// listed, flipping when the moves were listed east to west). The tie-breakers read the
    /// battle the same way from either end, so a map mirrored east to west gives mirrored
    /// choices; only places that mirror each other about the mover's own column, around a
    /// battle that does too, are still told apart by the legal order.
    pub fn total(&self) -> f64 {
        let t = &self.terms;
        self.harm + 0.004 * t.cover as f64
            - 0.003 * t.nearest as f64
            - 1e-6 * t.spread as f64
            - 1e-8 * self.metres as f64
            - 1e-10 * t.row as f64
    }
}

/// The positional terms of a unit of `side` standing at `at`.
pub(crate) fn mover_terms(s: &State, side: SideId, at: Pos) -> Terms {
    let mut nearest = u32::MAX;
    let mut t = Terms {
        row: i64::from(at.row),
        ..Terms::default()
    };
    for e in s.units.iter().filter(|e| e.side != side && !e.out) {
        let d = geometry::distance(at, e.pos);
        nearest = nearest.min(d);
        t.spread += i64::from(d);
        let sight = geometry::sight(s, e.pos, at);
        if sight.clear {
            t.cover += i64::from(sight.cover as u8);
        }
    }
    if nearest != u32::MAX {
        t.nearest = i64::from(nearest);
    }
    t
}

pub(crate) fn parts(s: &State, side: SideId) -> Parts {
    let mut harm_sum = 0.0;
    for u in &s.units {
        if u.side == side {
            harm_sum -= harm(u);
        } else {
            harm_sum += harm(u);
        }
    }
    let pending = match &s.phase {
        Phase::Defense(p) => Some((p, None)),
        Phase::Roll(p, dice) => Some((p, Some(*dice))),
        _ => None,
    };
    if let Some((p, assigned)) = pending {
        let (attacker_side, h) = pending_harm(s, p, assigned);
        harm_sum += if attacker_side == side { h } else { -h };
    }
    Parts {
        harm: harm_sum,
        terms: positional(s, side),
        metres: s
            .units
            .iter()
            .filter(|u| u.side == side && !u.out)
            .map(|u| i64::from(u.metres))
            .sum(),
    }
}

/// The positional sums of `side`: they depend only on the map and where the units in action
/// stand, which the outcomes of one attack share, so the last sums found are kept per thread.
fn positional(s: &State, side: SideId) -> Terms {
    #[derive(PartialEq)]
    struct Key {
        field: u64,
        side: SideId,
        standing: SmallVec<[(Pos, SideId, bool); 16]>,
    }
    thread_local! {
        static LAST: RefCell<Option<(Key, Terms)>> = const { RefCell::new(None) };
    }
    let key = Key {
        field: s.field.move_cache.id(),
        side,
        standing: s.units.iter().map(|u| (u.pos, u.side, u.out)).collect(),
    };
    if let Some(sums) = LAST.with(|l| {
        l.borrow()
            .as_ref()
            .filter(|(k, _)| *k == key)
            .map(|(_, v)| *v)
    }) {
        return sums;
    }
    let mut sums = Terms::default();
    for u in s.units.iter().filter(|u| u.side == side && !u.out) {
        sums = sums + mover_terms(s, side, u.pos);
    }
    LAST.with(|l| *l.borrow_mut() = Some((key, sums)));
    sums
}

impl Evaluate for DicePool {
    fn value(&self, s: &State, side: SideId) -> f64 {
        parts(s, side).total()
    }

    fn estimate(&self, s: &State, side: SideId, legal: &[Action], out: &mut Vec<Option<f64>>) {
        crate::estimate::estimate(s, side, legal, out);
    }
}
