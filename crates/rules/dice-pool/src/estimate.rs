//! Quick estimates of the legal actions for the greedy AI ([`Evaluate::estimate`]): the expected
//! value after each action, on the scale of [`Evaluate::value`], reckoned from the rules' own
//! odds instead of every path through the dice.
//!
//! - A move rolls nothing and changes only the mover's place and the metres he has moved, so its
//!   value is the state's value with the mover's positional terms replaced by those at the
//!   destination ([`crate::value::mover_terms`]) and the move's cost (from the search the legal
//!   actions made) added: integer sums, so the estimate is the value of the state after the
//!   move, bit for bit, at the cost of one line of sight per enemy.
//! - Any other action that rolls nothing (shots without a fast draw, melee, aim, reload,
//!   prone, stand, end, and the defender's dodge or parry dice, which are rolled in the step
//!   after) is resolved once on a scratch state: its estimate is its value.
//! - An action with dice is resolved once per *outcome class*, through a [`Forced`] source that
//!   answers each roll with the total that gives the class (the lowest or highest faces, or a
//!   chosen total), and the classes are weighted by their exact odds ([`crate::odds`]). A value
//!   depends on an attack's roll only through hit or miss and the wounds it deals, so this is
//!   the exact expectation of the value, summed in another order than the AI's enumeration:
//!   - an attack's roll (`roll`, after the defense): miss, or hit with 0, 1, … wounds up to
//!     the target's room (more wounds than that put him out of action just the same);
//!   - a shot with a fast draw: the draw made or failed (DP-DRAW-02);
//!   - a throw: on target, or missed and scattered by each of the 36 distance and direction
//!     faces (DP-GRENADE-02, DP-G18).
//!
//! The turn start (everyone's initiative) has no estimate; the AI resolves it when it is asked
//! to explain a choice, and otherwise never weighs it, since it is the only legal action (as
//! an attack's roll is).

use crate::action::Gait;
use crate::event::Event;
use crate::odds;
use crate::resolve::Scatter;
use crate::state::{Phase, Pos, Stance, State};
use crate::value::{mover_terms, parts, Parts, Terms};
use crate::{geometry, Action, DicePool};
use fireteam_dice::{Dice, DiceSource, Purpose, SourceError, SourceKind};
use fireteam_engine::{ResolveError, RuleSystem, SideId};
use smallvec::SmallVec;
use std::cell::RefCell;

/// How a [`Forced`] source answers one kind of roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Face {
    /// Every die a 1.
    Low,
    /// Every die a 6.
    High,
    /// This total (within what the dice can show).
    Total(i64),
}

/// A dice source that answers every roll with the total of its class, by purpose tag. It says
/// it enumerates, so pools are asked for their totals. `refuse` answers no roll at all, to
/// play an action that should roll nothing.
#[derive(Debug, Clone, Copy)]
struct Forced {
    refuse: bool,
    defense: Face,
    attack: Face,
    damage: Face,
    pain: Face,
    distance: i64,
    direction: i64,
}

impl Forced {
    const NONE: Forced = Forced {
        refuse: true,
        defense: Face::Low,
        attack: Face::Low,
        damage: Face::Low,
        pain: Face::Low,
        distance: 1,
        direction: 1,
    };

    fn with(defense: Face, attack: Face, damage: Face, pain: Face) -> Forced {
        Forced {
            refuse: false,
            defense,
            attack,
            damage,
            pain,
            ..Forced::NONE
        }
    }
}

impl DiceSource for Forced {
    fn roll_into(
        &mut self,
        _purpose: &Purpose<'_>,
        _dice: Dice,
        _faces: &mut Vec<u32>,
    ) -> Result<(), SourceError> {
        Err(SourceError::TooManyPaths { limit: 0 })
    }

    fn roll_total(&mut self, purpose: &Purpose<'_>, dice: Dice) -> Result<i64, SourceError> {
        let face = match (self.refuse, purpose.tag) {
            (false, "defense") => self.defense,
            (false, "attack") => self.attack,
            (false, "damage") => self.damage,
            (false, "pain-resistance") => self.pain,
            (false, "scatter-distance") => Face::Total(self.distance),
            (false, "scatter-direction") => Face::Total(self.direction),
            _ => return Err(SourceError::TooManyPaths { limit: 0 }),
        };
        let (low, high) = (
            i64::from(dice.count),
            i64::from(dice.count) * i64::from(dice.sides),
        );
        Ok(match face {
            Face::Low => low,
            Face::High => high,
            Face::Total(t) => t.clamp(low, high),
        })
    }

    fn kind(&self) -> SourceKind {
        SourceKind::Enumerating
    }
}

/// The scratch state and event buffer one thread plays classes on.
#[derive(Default)]
struct Scratch {
    state: Option<State>,
    events: Vec<Event>,
}

impl Scratch {
    /// Plays `action` from `s` with `dice` onto the scratch state; the events stay in
    /// `self.events`.
    fn play(
        &mut self,
        s: &State,
        action: &Action,
        mut dice: Forced,
    ) -> Result<&State, ResolveError> {
        self.events.clear();
        DicePool.resolve(s, action, &mut dice, &mut self.events)?;
        if self.state.is_none() {
            self.state = Some(s.clone());
        }
        let next = self.state.as_mut().expect("filled above");
        next.clone_from(s);
        for e in &self.events {
            DicePool.apply(next, e);
        }
        Ok(next)
    }

    /// The value for `side` after `action` played with `dice`.
    fn value(&mut self, s: &State, side: SideId, action: &Action, dice: Forced) -> Option<f64> {
        self.play(s, action, dice)
            .ok()
            .map(|n| parts(n, side).total())
    }
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::default();
}

/// The estimates of `legal` for `side` in `s` (see the module's notes), one per action.
pub(crate) fn estimate(s: &State, side: SideId, legal: &[Action], out: &mut Vec<Option<f64>>) {
    out.clear();
    let base = parts(s, side);
    // What each move costs in metres, from the search its legal actions made (kept per thread).
    let mut metres: SmallVec<[u8; 256]> = SmallVec::new();
    if let Some(&Action::Move { unit, .. }) =
        legal.iter().find(|a| matches!(a, Action::Move { .. }))
    {
        let u = s.unit(unit);
        let budget = match u.stance {
            Stance::Standing => Gait::Run.metres(),
            Stance::Prone => Gait::Crawl.metres(),
        };
        geometry::with_reach(s, u.pos, budget, |r| {
            metres.extend(legal.iter().map(|a| match a {
                Action::Move { to, .. } => r.cost(*to).unwrap_or(0) as u8,
                _ => 0,
            }))
        });
    }
    // The mover's own positional terms where it stands, found once for all its moves.
    let mut from: Option<(u16, Terms)> = None;
    SCRATCH.with(|sc| {
        let sc = &mut *sc.borrow_mut();
        for (i, a) in legal.iter().enumerate() {
            let v = match *a {
                Action::Move { unit, to, .. }
                    if s.phase == Phase::Activation && s.unit(unit).side == side =>
                {
                    let here = match from {
                        Some((u, terms)) if u == unit => terms,
                        _ => {
                            let terms = mover_terms(s, side, s.unit(unit).pos);
                            from = Some((unit, terms));
                            terms
                        }
                    };
                    let there = mover_terms(s, side, to);
                    let moved = metres.get(i).copied().unwrap_or(0);
                    Some(
                        Parts {
                            terms: base.terms - here + there,
                            metres: base.metres - i64::from(s.unit(unit).metres) + i64::from(moved),
                            ..base
                        }
                        .total(),
                    )
                }
                Action::StartTurn => None,
                Action::Roll { .. } => attack(s, side, a, sc),
                Action::Shoot {
                    unit,
                    weapon,
                    fast_draw: true,
                    ..
                } if s.unit(unit).ready != Some(weapon) => fast_draw(s, side, a, sc),
                Action::Throw { unit, at, .. } => throw(s, side, a, sc, s.unit(unit).pos, at),
                _ => sc.value(s, side, a, Forced::NONE),
            };
            out.push(v);
        }
    });
}

/// The first attack roll among the events: (pool, base difficulty, defense dice, automatic
/// failure, hit).
fn attack_roll(events: &[Event]) -> Option<&crate::resolve::AttackRoll> {
    events.iter().find_map(|e| match e {
        Event::AttackRolled { roll, .. } | Event::Thrown { roll, .. } => Some(roll),
        Event::Drew {
            fast_draw: Some(roll),
            ..
        } => Some(roll),
        _ => None,
    })
}

/// The chance that the roll among `events` succeeds, from its pool and difficulty.
fn p_success(s: &State, events: &[Event]) -> Option<f64> {
    let r = attack_roll(events)?;
    Some(if r.automatic_failure {
        0.0
    } else {
        odds::p_hit(
            r.pool,
            r.base_difficulty,
            r.defense_dice,
            s.opts.strictly_greater,
        )
    })
}

/// An attack's roll: miss, or hit with each number of wounds up to the target's room.
fn attack(s: &State, side: SideId, a: &Action, sc: &mut Scratch) -> Option<f64> {
    let Phase::Roll(p, _) = &s.phase else {
        return None;
    };
    let target = crate::system::defender(p);
    // A probe with the best roll for the attacker gives the pool, the difficulty and, on a hit,
    // the damage dice.
    let hit_low = Forced::with(Face::Low, Face::High, Face::Low, Face::Low);
    sc.play(s, a, hit_low).ok()?;
    let p_hit = p_success(s, &sc.events)?;
    let hit = attack_roll(&sc.events)?.hit;
    if (p_hit > 0.0) != hit {
        return None;
    }
    let damage = sc.events.iter().find_map(|e| match e {
        Event::Damaged { roll, .. } => Some((roll.dl_dice, roll.pr_dice, roll.pr_total)),
        _ => None,
    });
    let mut total = 0.0;
    if p_hit < 1.0 {
        let miss = Forced::with(Face::High, Face::Low, Face::Low, Face::Low);
        let v = sc.value(s, side, a, miss)?;
        if attack_roll(&sc.events)?.hit {
            return None;
        }
        total += (1.0 - p_hit) * v;
    }
    if p_hit > 0.0 {
        let (dl, pr, pr_low_total) = damage?;
        // The flat armor points, beyond the dice (dp.armor_flat).
        let flat = (pr_low_total - i64::from(pr)) as i32;
        let t = s.unit(target);
        let room = (t.stats.wound_limit - t.wounds).max(1) as usize;
        let mut on_hit = 0.0;
        let classes = odds::with_wounds(dl, pr, flat, |d| {
            let mut c: SmallVec<[f64; 16]> = SmallVec::new();
            for (w, &p) in d.iter().enumerate() {
                let k = w.min(room);
                if c.len() <= k {
                    c.resize(k + 1, 0.0);
                }
                c[k] += p;
            }
            c
        });
        for (w, &p) in classes.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            let (dmg, pain) = totals_for(dl, pr, flat, w as i64)?;
            let forced = Forced::with(Face::Low, Face::High, Face::Total(dmg), Face::Total(pain));
            let v = sc.value(s, side, a, forced)?;
            let dealt = sc.events.iter().find_map(|e| match e {
                Event::Damaged { roll, .. } => Some(roll.wounds),
                _ => None,
            })?;
            if dealt != w as i64 {
                return None;
            }
            on_hit += p * v;
        }
        total += p_hit * on_hit;
    }
    Some(total)
}

/// A Damage Level total and a Pain Resistance dice total that deal exactly `w` wounds:
/// `max(0, DL − PR − flat) = w`, each within what its dice can show.
fn totals_for(dl: i32, pr: i32, flat: i32, w: i64) -> Option<(i64, i64)> {
    let (dl, pr, flat) = (i64::from(dl), i64::from(pr), i64::from(flat));
    for b in pr..=6 * pr {
        let a = if w == 0 { dl } else { w + b + flat };
        if (dl..=6 * dl).contains(&a) && (a - b - flat).max(0) == w {
            return Some((a, b));
        }
    }
    None
}

/// A shot that tries a fast draw: the draw made (then the shot is declared) or failed (no shot
/// this turn), DP-DRAW-02.
fn fast_draw(s: &State, side: SideId, a: &Action, sc: &mut Scratch) -> Option<f64> {
    let made = sc.value(
        s,
        side,
        a,
        Forced::with(Face::Low, Face::High, Face::Low, Face::Low),
    )?;
    let p = p_success(s, &sc.events)?;
    let failed = if p < 1.0 {
        sc.value(
            s,
            side,
            a,
            Forced::with(Face::Low, Face::Low, Face::Low, Face::Low),
        )?
    } else {
        0.0
    };
    Some(if p > 0.0 { p * made } else { 0.0 } + (1.0 - p) * failed)
}

/// A throw: on target, or missed and scattered 1–6 m in each of the six directions, each of the
/// 36 equally likely; throws that land on the same cell are played once.
fn throw(s: &State, side: SideId, a: &Action, sc: &mut Scratch, by: Pos, at: Pos) -> Option<f64> {
    let on_target = sc.value(
        s,
        side,
        a,
        Forced::with(Face::Low, Face::High, Face::Low, Face::Low),
    )?;
    let p = p_success(s, &sc.events)?;
    let mut total = if p > 0.0 { p * on_target } else { 0.0 };
    if p < 1.0 {
        let mut landed: SmallVec<[(Pos, f64); 36]> = SmallVec::new();
        let mut missed = 0.0;
        for distance in 1..=6 {
            for direction in 1..=6 {
                let cell = geometry::scatter(
                    s,
                    by,
                    at,
                    Scatter {
                        distance_m: distance,
                        direction,
                    },
                );
                let v = match landed.iter().find(|(c, _)| *c == cell) {
                    Some(&(_, v)) => v,
                    None => {
                        let forced = Forced {
                            distance,
                            direction,
                            ..Forced::with(Face::Low, Face::Low, Face::Low, Face::Low)
                        };
                        let v = sc.value(s, side, a, forced)?;
                        landed.push((cell, v));
                        v
                    }
                };
                missed += v;
            }
        }
        total += (1.0 - p) * (missed / 36.0);
    }
    Some(total)
}
