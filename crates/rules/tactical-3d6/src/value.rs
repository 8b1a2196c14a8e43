//! `Evaluate for Tactical3d6`: the greedy AI's heuristic. A side's value is its fighters' worth
//! less its foes': who is still in the fight and how hurt, what holds them back (stun, shock,
//! lying down, a useless weapon), an attack waiting on its target's defense at its expected
//! harm, and small positional terms (cover, aim built, distance kept or closed).

use crate::combat;
use crate::data::Location;
use crate::state::{distance, Held, Jam, Phase, State};
use crate::system::Tactical3d6;
use crate::tables;
use fireteam_engine::{Evaluate, SideId, UnitId};

/// P(3d6 ≤ v) in 216ths, for the expected harm of a pending attack.
fn p3d6(v: i32) -> f64 {
    const CUM: [u32; 16] = [
        1, 4, 10, 20, 35, 56, 81, 108, 135, 160, 181, 196, 206, 212, 215, 216,
    ];
    if v < 3 {
        0.0
    } else if v >= 18 {
        1.0
    } else {
        f64::from(CUM[(v - 3) as usize]) / 216.0
    }
}

/// A fighter's worth to its side: 1 for being in the fight, up to 1 more for its HP, less
/// what hampers it.
fn worth(s: &State, u: UnitId) -> f64 {
    let f = s.fighter(u);
    let c = s.character(u);
    if f.dead {
        return 0.0;
    }
    if !f.active() {
        return 0.15;
    }
    let hp = f64::from(f.hp.max(-c.hp)) / f64::from(c.hp.max(1));
    let mut v = 1.0 + hp.max(0.0) + 0.3 * hp.min(0.0);
    if f.stunned {
        v -= 0.35;
    }
    v -= 0.04 * f64::from(f.shock_pending.max(f.shock));
    // Each step back up is worth taking: lying is worst, kneeling least bad.
    v -= match f.posture {
        tables::Posture::Standing => 0.0,
        tables::Posture::Kneeling => 0.04,
        tables::Posture::Sitting | tables::Posture::Crawling => 0.08,
        tables::Posture::Prone | tables::Posture::FaceUp => 0.12,
    };
    // A task of several seconds under way is progress toward what it readies, unless it
    // puts away a weapon that still works.
    if let Some(task) = f.task {
        let useless_sheathe = matches!(task.what, crate::state::ReadyWhat::Sheathe { slot }
            if usable(s, u, slot));
        if !useless_sheathe {
            v += 0.15;
        }
    }
    v -= 0.15 * f64::from(f.crippled.count_ones());
    if f.burning > 0 {
        v -= 0.1 * f64::from(f.burning);
    }
    // All-Out Attack leaves no defense until its next turn (T3-MANEUVER-10/11).
    if f.maneuver == crate::state::Maneuver::AllOutAttack {
        v -= 0.12;
    }
    match f.ready_slot() {
        Some(slot) => {
            let g = f.guns[usize::from(slot)];
            let w = s.rules.weapon(u, slot);
            if g.jam != Jam::Ok || (!w.melee && g.shots == 0) {
                v -= 0.3;
            }
        }
        None => {
            let spare = (0..f.guns.len() as u8).any(|slot| {
                f.guns[usize::from(slot)].held == Held::Holstered && usable_when_drawn(s, u, slot)
            });
            v -= if spare { 0.1 } else { 0.4 };
        }
    }
    v
}

/// Whether the weapon in `slot` works and has shots, wherever it is.
fn usable_when_drawn(s: &State, u: UnitId, slot: u8) -> bool {
    let g = s.fighter(u).guns[usize::from(slot)];
    g.jam == Jam::Ok && (s.rules.weapon(u, slot).melee || g.shots > 0)
}

/// Whether the weapon in `slot` is ready and can attack.
fn usable(s: &State, u: UnitId, slot: u8) -> bool {
    s.fighter(u).guns[usize::from(slot)].held == Held::Ready && usable_when_drawn(s, u, slot)
}

/// Small terms for where a fighter stands against its foes.
fn position(s: &State, u: UnitId) -> f64 {
    let f = s.fighter(u);
    if !f.active() {
        return 0.0;
    }
    let side = s.side_of(u);
    let nearest = s
        .units()
        .filter(|&o| s.side_of(o) != side && s.fighter(o).active())
        .map(|o| distance(f.at, s.fighter(o).at))
        .min();
    let Some(nearest) = nearest else {
        return 0.0;
    };
    let mut v = 0.0;
    match f.ready_slot().map(|slot| s.rules.weapon(u, slot)) {
        Some(w) if w.melee => v -= 0.06 * f64::from(nearest.saturating_sub(w.reach)),
        Some(w) => {
            if s.cover_at(f.at).is_some() {
                v += 0.12;
            }
            // Keep out of reach, within a short band.
            if nearest <= 1 {
                v -= 0.05;
            }
            v -= 0.002 * f64::from(nearest.saturating_sub(w.half_damage.clamp(5, 20)));
        }
        None => v -= 0.01 * f64::from(nearest),
    }
    if let Some((t, slot, _, _)) = f.aim {
        if let Some((bonus, _)) = combat::aim_bonus(s, u, t, slot) {
            v += 0.03 * f64::from(bonus);
        }
    }
    // An Evaluate is worth something only against a foe the next attack can reach.
    if let Some((t, n)) = f.evaluate {
        let reach = f
            .ready_slot()
            .map(|slot| s.rules.weapon(u, slot))
            .map_or(1, |w| if w.melee { w.reach + 1 } else { w.max_range });
        if s.fighter(t).active() && distance(f.at, s.fighter(t).at) <= reach {
            v += 0.02 * f64::from(n);
        }
    }
    // Crouching pays only against guns (T3-CROUCH-02).
    let guns_against = s.units().any(|o| {
        s.side_of(o) != side
            && s.fighter(o).active()
            && s.fighter(o)
                .ready_slot()
                .is_some_and(|slot| !s.rules.weapon(o, slot).melee)
    });
    if f.crouching {
        v += if guns_against { 0.01 } else { -0.01 };
    }
    v
}

/// The expected loss of worth of an attack waiting on its target's best defense.
fn pending_harm(s: &State) -> Option<(UnitId, f64)> {
    let Phase::Defend(p) = &s.phase else {
        return None;
    };
    let best = combat::defenses(s, p)
        .into_iter()
        .map(|d| defense_chance(s, p, d))
        .fold(0.0, f64::max);
    Some((p.strike.target, harm_through(s, p, best)))
}

/// The chance a defense succeeds (0 for none).
fn defense_chance(s: &State, p: &crate::state::Pending, d: crate::action::Defense) -> f64 {
    if d == crate::action::Defense::None {
        return 0.0;
    }
    let (base, mods, _) = combat::defense_value(s, p, d);
    p3d6(base + fireteam_engine::Modifier::total(&mods))
}

/// The expected loss of worth of a pending attack through a defense that succeeds with
/// `chance`.
fn harm_through(s: &State, p: &crate::state::Pending, chance: f64) -> f64 {
    let st = &p.strike;
    let w = s.rules.weapon(st.attacker, st.slot);
    let dmg = 3.5 * f64::from(w.damage.dice) + f64::from(w.damage.adds);
    let dr = f64::from(s.location_dr(st.target, st.location));
    let (mult, _) = tables::wounding_at(
        w.damage.kind,
        st.location,
        w.laser && !w.aoe,
        s.rules.options.extremities_as_limbs,
    );
    let injury = ((dmg - dr).max(0.0) * f64::from(mult) / 2.0).max(0.0);
    let hp = f64::from(s.character(st.target).hp.max(1));
    let head = matches!(
        st.location,
        Location::Skull | Location::Eye | Location::Vitals
    );
    let per_hit = (injury / hp).min(1.5) + if head { 0.2 } else { 0.0 };
    per_hit * f64::from(p.hits) * (1.0 - chance)
}

/// Counts of 3d6 totals 3..=18, out of 216.
const COUNTS: [u32; 16] = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1];

/// The expected loss of worth an attack's strike on one target would cause: its hit chance
/// and hits by margin (T3-AUTOFIRE-02) through the target's best defense, at the per-hit harm
/// `pending_harm` uses. A quick estimate for the greedy AI, which resolves the best-ranked
/// actions exactly before choosing.
fn strike_harm(s: &State, st: &crate::state::Strike) -> f64 {
    let (base, mods) = combat::attack_modifiers(s, st);
    let value = base + fireteam_engine::Modifier::total(&mods);
    let w = s.rules.weapon(st.attacker, st.slot);
    let auto = s.rules.options.auto_success_failure;
    let rcl = combat::effective_rcl(s, st).max(1);
    let many = combat::projectiles(s, st) >= 2;
    let most = if w.is_shotgun() && !combat::close_shotgun(s, st) {
        st.shots * w.pellets
    } else {
        st.shots.max(1)
    };
    let mut hits = 0.0;
    for (i, &n) in COUNTS.iter().enumerate() {
        let total = i as i32 + 3;
        if !w.melee && total as u32 >= w.malf {
            continue;
        }
        if !crate::ctx::success(total, value, auto).0 {
            continue;
        }
        let margin = (value - total).max(0) as u32;
        let h = if many {
            (1 + margin / rcl).min(most)
        } else {
            1
        };
        hits += f64::from(n) / 216.0 * f64::from(h);
    }
    if hits == 0.0 {
        return 0.0;
    }
    let p = crate::state::Pending {
        strike: *st,
        hits: 1,
        rcl,
        first: None,
    };
    let best = combat::defenses(s, &p)
        .into_iter()
        .filter(|d| *d != crate::action::Defense::None)
        .map(|d| {
            let (b, m, _) = combat::defense_value(s, &p, d);
            p3d6(b + fireteam_engine::Modifier::total(&m))
        })
        .fold(0.0, f64::max);
    let dmg = if st.kind == crate::state::StrikeKind::AllOutDamage {
        3.5 * f64::from(w.damage.dice) + f64::from(w.damage.adds) + f64::from(w.damage.dice.max(2))
    } else {
        3.5 * f64::from(w.damage.dice) + f64::from(w.damage.adds)
    };
    let dr = f64::from(s.location_dr(st.target, st.location)) / f64::from(w.damage.divisor.max(1));
    let (mult, _) = tables::wounding_at(
        w.damage.kind,
        st.location,
        w.laser && !w.aoe,
        s.rules.options.extremities_as_limbs,
    );
    let injury = (dmg - dr).max(0.0) * f64::from(mult) / 2.0;
    let target = s.fighter(st.target);
    let hp = f64::from(s.character(st.target).hp.max(1));
    // Harm as worth: HP lost, and being taken out once HP runs low.
    let left = f64::from(target.hp.max(0));
    let per_hit = (injury.min(left + hp) / hp) + if injury >= left { 0.5 } else { 0.0 };
    // A successful defense stops one hit (and more by its margin, which this leaves out).
    (hits - best * hits.min(1.0)).max(0.0) * per_hit
}

/// Quick estimates for the attacks among `legal`; the rest are resolved.
fn estimate_attacks(s: &State, side: SideId, legal: &[crate::Action], out: &mut Vec<Option<f64>>) {
    out.clear();
    let base = <Tactical3d6 as Evaluate>::value(&Tactical3d6, s, side);
    // A stepped attack is estimated from where the step ends (one scratch state, reused).
    let mut stepped: Option<State> = None;
    for a in legal {
        let est = match a {
            crate::Action::Attack(spec) => {
                let s: &State = match spec.step {
                    None => s,
                    Some(to) => {
                        let t = stepped.get_or_insert_with(|| s.clone());
                        t.fighters[usize::from(spec.unit)].at = to;
                        t
                    }
                };
                let kind = match spec.mode {
                    crate::action::Mode::Attack => crate::state::StrikeKind::Attack,
                    crate::action::Mode::MoveAndAttack => crate::state::StrikeKind::MoveAndAttack,
                    crate::action::Mode::AllOut(crate::action::AllOut::Hit) => {
                        crate::state::StrikeKind::AllOutHit
                    }
                    crate::action::Mode::AllOut(crate::action::AllOut::Double) => {
                        crate::state::StrikeKind::AllOutDouble
                    }
                    crate::action::Mode::AllOut(crate::action::AllOut::Damage) => {
                        crate::state::StrikeKind::AllOutDamage
                    }
                    crate::action::Mode::AllOut(crate::action::AllOut::Feint) => {
                        crate::state::StrikeKind::AllOutFeint
                    }
                };
                let n = spec.targets.len() as u8;
                let mut harm = 0.0;
                for (i, &(target, shots)) in spec.targets.iter().enumerate() {
                    let st = crate::state::Strike {
                        attacker: spec.unit,
                        target,
                        slot: spec.slot,
                        location: spec.location,
                        shots,
                        targets: n,
                        nth: i as u8,
                        deceptive: spec.deceptive,
                        kind,
                        zone: None,
                    };
                    let h = strike_harm(s, &st);
                    harm += if kind == crate::state::StrikeKind::AllOutDouble {
                        2.0 * h
                    } else {
                        h
                    };
                }
                let all_out = matches!(spec.mode, crate::action::Mode::AllOut(_));
                Some(base + harm - if all_out { 0.12 } else { 0.0 })
            }
            // A defense: the value with this defense's chance in place of the best one's.
            crate::Action::Defend { defense, .. } => match &s.phase {
                Phase::Defend(p) => {
                    let (target, best_harm) = pending_harm(s).unwrap_or((p.strike.target, 0.0));
                    let harm = harm_through(s, p, defense_chance(s, p, *defense));
                    let sign = if s.side_of(target) == side { 1.0 } else { -1.0 };
                    Some(base + sign * (best_harm - harm))
                }
                _ => None,
            },
            _ => None,
        };
        out.push(est);
    }
}

impl Evaluate for Tactical3d6 {
    fn estimate(
        &self,
        s: &State,
        side: SideId,
        legal: &[crate::Action],
        out: &mut Vec<Option<f64>>,
    ) {
        estimate_attacks(s, side, legal, out);
    }

    fn value(&self, s: &State, side: SideId) -> f64 {
        let harm = pending_harm(s);
        let mut v = 0.0;
        for u in s.units() {
            let own = s.side_of(u) == side;
            // A foe's position counts for less than one's own: closing in on each other is
            // the same distance for both, and would otherwise be worth nothing to either.
            let place = position(s, u) * if own { 1.0 } else { 0.3 };
            let mut w = worth(s, u) + place;
            if let Some((t, h)) = harm {
                if t == u {
                    w -= h;
                }
            }
            if own {
                v += w;
            } else {
                v -= w;
            }
        }
        v
    }
}
