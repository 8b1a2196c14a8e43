//! The legal choices of each phase: a fighter's maneuvers with their parameters
//! (T3-TAB-MANEUVERS), the target's defenses, a waiter's answers.

use crate::action::{Action, AllOut, AttackSpec, Defense, Mode};
use crate::combat;
use crate::data::Location;
use crate::geometry;
use crate::state::{distance, AllOutDefense, Held, Jam, Phase, ReadyWhat, State};
use crate::tables::{self, Posture};
use crate::turn::move_allowance;
use fireteam_engine::UnitId;

pub fn legal(s: &State, out: &mut Vec<Action>) {
    match &s.phase {
        Phase::Order => out.push(Action::Order),
        Phase::Over => {}
        Phase::Act { unit } => act(s, *unit, out),
        Phase::Defend(p) => {
            out.extend(combat::defenses(s, p).into_iter().map(|d| Action::Defend {
                unit: p.strike.target,
                defense: d,
            }))
        }
        Phase::Triggered { waiter, by } => {
            let f = s.fighter(*waiter);
            attacks(s, *waiter, Mode::Attack, Some(*by), out);
            // T3-G11: a waiter who has defended makes an Attack, not an All-Out Attack.
            if !f.defended {
                for o in [AllOut::Hit, AllOut::Double, AllOut::Feint, AllOut::Damage] {
                    attacks(s, *waiter, Mode::AllOut(o), Some(*by), out);
                }
            }
            feints(s, *waiter, Some(*by), out);
            readies(s, *waiter, out);
            out.push(Action::Pass { unit: *waiter });
        }
    }
}

fn enemies(s: &State, u: UnitId) -> impl Iterator<Item = UnitId> + '_ {
    let side = s.side_of(u);
    s.units()
        .filter(move |&o| s.side_of(o) != side && s.fighter(o).active())
}

fn act(s: &State, u: UnitId, out: &mut Vec<Action>) {
    let f = s.fighter(u);
    if f.moved_to_attack {
        // Move and Attack has moved; now its attack, or none.
        attacks(s, u, Mode::MoveAndAttack, None, out);
        out.push(Action::Pass { unit: u });
        return;
    }
    // T3-STUN-01: a stunned fighter can only Do Nothing.
    if f.stunned {
        out.push(Action::DoNothing { unit: u });
        return;
    }
    // T3-CROUCH-01: crouch (or stand up straight) at the start of the maneuver.
    if !f.crouch_done && f.posture == Posture::Standing {
        out.push(Action::Crouch {
            unit: u,
            down: !f.crouching,
        });
    }
    let legs = Location::RightLeg.bit()
        | Location::LeftLeg.bit()
        | Location::RightFoot.bit()
        | Location::LeftFoot.bit();
    // T3-MOVE-01, T3-POSTURE-02: kneel or rise as the step of a maneuver that has one; the
    // maneuvers without a step are then closed.
    if !f.step_used && f.crippled & legs == 0 {
        match f.posture {
            Posture::Standing => out.push(Action::StepPosture {
                unit: u,
                to: Posture::Kneeling,
            }),
            Posture::Kneeling => out.push(Action::StepPosture {
                unit: u,
                to: Posture::Standing,
            }),
            _ => {}
        }
    }
    if !f.step_used {
        out.push(Action::DoNothing { unit: u });
        // T3-MANEUVER-03, T3-MOVE-02: a Move, sprinting from the second in a row.
        let difficult = s.rules.terrain_at(f.at).is_some_and(|t| t.difficult);
        let sprint = f.maneuver == crate::state::Maneuver::Move && f.moving >= 1 && !difficult;
        let yards = move_allowance(s, u, sprint);
        let mut cells: Vec<crate::state::Cell> = geometry::reach(s, u, yards)
            .into_iter()
            .map(|(c, _)| c)
            .collect();
        // Listed nearest the foe first, with ties by row and by columns from the foe: an order
        // a mirror image of the battle mirrors, so the AI's ties (the first listed) lean the
        // same way for both sides.
        geometry::sort_toward_foes(s, u, &mut cells);
        for to in cells {
            out.push(Action::Move { unit: u, to });
        }
        // T3-MANEUVER-04, T3-POSTURE-02/03.
        let changes =
            tables::posture_changes(f.posture, s.rules.options.stand_up_two_actions_always);
        for to in changes {
            if f.crippled & legs != 0 && matches!(to, Posture::Standing | Posture::Kneeling) {
                continue;
            }
            out.push(Action::ChangePosture { unit: u, to });
        }
    }
    let ranged = f
        .ready_slot()
        .filter(|&slot| usable(s, u, slot) && !s.rules.weapon(u, slot).melee);
    // T3-MANEUVER-05: Aim at a target in sight and range.
    if let Some(slot) = ranged {
        let w = s.rules.weapon(u, slot);
        for t in enemies(s, u) {
            let d = distance(f.at, s.fighter(t).at);
            if d <= w.max_range && geometry::sight(s, f.at, s.fighter(t).at) {
                out.push(Action::Aim { unit: u, target: t });
            }
        }
    }
    // T3-MANEUVER-06.
    for t in enemies(s, u) {
        if geometry::sight(s, f.at, s.fighter(t).at) {
            out.push(Action::Evaluate { unit: u, target: t });
        }
    }
    attacks(s, u, Mode::Attack, None, out);
    for o in [AllOut::Hit, AllOut::Double, AllOut::Feint, AllOut::Damage] {
        attacks(s, u, Mode::AllOut(o), None, out);
    }
    // T3-MANEUVER-11, T3-SUPPRESS-01: at least 5 bullets a zone.
    if let Some(slot) = ranged {
        let w = s.rules.weapon(u, slot);
        let bullets = w.rof.min(f.guns[usize::from(slot)].shots);
        if bullets >= 5 && !w.is_shotgun() {
            // Toward each enemy in sight, and down each of the six hex directions.
            let mut toward: Vec<crate::state::Cell> = enemies(s, u)
                .map(|t| s.fighter(t).at)
                .filter(|&at| geometry::sight(s, f.at, at) && distance(f.at, at) <= w.max_range)
                .collect();
            toward.extend(geometry::far_cells(s, f.at));
            let mut seen = Vec::new();
            for at in toward {
                if !seen.contains(&at) {
                    seen.push(at);
                    out.push(Action::Suppress {
                        unit: u,
                        toward: at,
                        bullets,
                    });
                }
            }
        }
    }
    feints(s, u, None, out);
    if !f.step_used {
        move_and_attack(s, u, out);
    }
    // T3-MANEUVER-14.
    out.push(Action::AllOutDefense {
        unit: u,
        option: AllOutDefense::Dodge,
    });
    if f.ready_slot()
        .is_some_and(|slot| s.rules.weapon(u, slot).melee && s.rules.weapon(u, slot).parry)
    {
        out.push(Action::AllOutDefense {
            unit: u,
            option: AllOutDefense::Parry,
        });
    }
    if s.character(u).shield.is_some() {
        out.push(Action::AllOutDefense {
            unit: u,
            option: AllOutDefense::Block,
        });
    }
    out.push(Action::AllOutDefense {
        unit: u,
        option: AllOutDefense::Double,
    });
    out.push(Action::Concentrate { unit: u });
    readies(s, u, out);
    // T3-MANEUVER-18: Wait, for an enemy coming within reach or a range.
    let mut ranges: Vec<u8> = Vec::new();
    if let Some(slot) = f.ready_slot() {
        let w = s.rules.weapon(u, slot);
        if w.melee {
            ranges.push(w.reach.clamp(1, 255) as u8);
        } else {
            ranges.extend(
                [5u8, 10, 20]
                    .into_iter()
                    .filter(|&r| u32::from(r) <= w.max_range),
            );
        }
    }
    if f.step_used {
        ranges.clear();
    }
    for within in ranges {
        out.push(Action::Wait { unit: u, within });
    }
}

/// Whether the weapon in `slot` can attack now: ready, working, loaded.
fn usable(s: &State, u: UnitId, slot: u8) -> bool {
    let g = s.fighter(u).guns[usize::from(slot)];
    let w = s.rules.weapon(u, slot);
    g.held == Held::Ready && g.jam == Jam::Ok && (w.melee || g.shots > 0)
}

/// The locations an attack with this weapon may aim at (T3-HITLOC-01/06).
fn locations(s: &State, u: UnitId, slot: u8) -> impl Iterator<Item = Location> + '_ {
    let w = s.rules.weapon(u, slot);
    // T3-HITLOC-04: with random locations ruled, a ranged attack names none.
    let random = s.rules.options.random_hit_locations && !w.melee;
    Location::ALL.into_iter().filter(move |&l| {
        tables::may_aim_at(l, w.damage.kind, w.laser) && (!random || l == Location::Torso)
    })
}

/// The shot counts offered: one, each row of T3-TAB-AUTOFIRE up to RoF, and the full RoF
/// (T3-AUTOFIRE-01); shells for a shotgun (T3-SHOTGUN-02).
fn shot_counts(s: &State, u: UnitId, slot: u8) -> Vec<u32> {
    let w = s.rules.weapon(u, slot);
    let left = s.fighter(u).guns[usize::from(slot)].shots;
    let most = w.rof.min(left).max(1);
    if w.is_shotgun() {
        return (1..=most).collect();
    }
    let mut counts = vec![1];
    counts.extend(tables::autofire_rows(most));
    if !counts.contains(&most) {
        counts.push(most);
    }
    counts
}

/// Every attack of `mode` with the ready weapon (against `only`, if given).
fn attacks(s: &State, u: UnitId, mode: Mode, only: Option<UnitId>, out: &mut Vec<Action>) {
    let f = s.fighter(u);
    let Some(slot) = f.ready_slot() else {
        return;
    };
    if !usable(s, u, slot) {
        return;
    }
    let w = s.rules.weapon(u, slot);
    let melee_only = matches!(
        mode,
        Mode::AllOut(AllOut::Double | AllOut::Feint | AllOut::Damage)
    );
    if melee_only && !w.melee {
        return;
    }
    let targets: Vec<UnitId> = enemies(s, u)
        .filter(|&t| only.is_none_or(|o| o == t))
        .collect();
    for &t in &targets {
        let at = s.fighter(t).at;
        let d = distance(f.at, at);
        if w.melee {
            // In reach, or one step out of it (the maneuver's step), T3-MANEUVER-07.
            let step = if d >= 1 && d <= w.reach {
                None
            } else if mode != Mode::MoveAndAttack && !f.step_used && d == w.reach + 1 {
                match geometry::reach(s, u, s.character(u).step() as u32)
                    .into_iter()
                    .map(|(c, _)| c)
                    .find(|&c| (1..=w.reach).contains(&distance(c, at)))
                {
                    Some(c) => Some(c),
                    None => continue,
                }
            } else {
                continue;
            };
            let deceptive: &[u8] = if mode == Mode::Attack {
                &[0, 1, 2]
            } else {
                &[0]
            };
            for loc in locations(s, u, slot) {
                for &dec in deceptive {
                    out.push(Action::Attack(AttackSpec {
                        unit: u,
                        targets: vec![(t, 1)],
                        slot,
                        location: loc,
                        deceptive: dec,
                        mode,
                        step,
                    }));
                }
            }
        } else {
            if d > w.max_range || !geometry::sight(s, f.at, at) {
                continue;
            }
            for loc in locations(s, u, slot) {
                for &n in &shot_counts(s, u, slot) {
                    out.push(Action::Attack(AttackSpec {
                        unit: u,
                        targets: vec![(t, n)],
                        slot,
                        location: loc,
                        deceptive: 0,
                        mode,
                        step: None,
                    }));
                }
            }
        }
    }
    // T3-AUTOFIRE-04: a burst split between two targets, at the torso.
    if !w.melee && mode == Mode::Attack && only.is_none() && !w.is_shotgun() {
        let total = w.rof.min(f.guns[usize::from(slot)].shots);
        if total >= 2 {
            let seen: Vec<UnitId> = targets
                .iter()
                .copied()
                .filter(|&t| {
                    let at = s.fighter(t).at;
                    distance(f.at, at) <= w.max_range && geometry::sight(s, f.at, at)
                })
                .collect();
            for (i, &a) in seen.iter().enumerate() {
                for &b in &seen[i + 1..] {
                    let first = total.div_ceil(2);
                    out.push(Action::Attack(AttackSpec {
                        unit: u,
                        targets: vec![(a, first), (b, total - first)],
                        slot,
                        location: Location::Torso,
                        deceptive: 0,
                        mode,
                        step: None,
                    }));
                }
            }
        }
    }
}

fn feints(s: &State, u: UnitId, only: Option<UnitId>, out: &mut Vec<Action>) {
    let f = s.fighter(u);
    let Some(slot) = f.ready_slot() else {
        return;
    };
    let w = s.rules.weapon(u, slot);
    if !w.melee || !usable(s, u, slot) {
        return;
    }
    for t in enemies(s, u) {
        let d = distance(f.at, s.fighter(t).at);
        if only.is_none_or(|o| o == t) && d >= 1 && d <= w.reach {
            out.push(Action::Feint { unit: u, target: t });
        }
    }
}

/// T3-MANEUVER-12/13: Move and Attack's movement, to a place an attack can be made from:
/// for each enemy, the nearest such cell (ties to the lowest row, then column).
fn move_and_attack(s: &State, u: UnitId, out: &mut Vec<Action>) {
    let f = s.fighter(u);
    let Some(slot) = f.ready_slot() else {
        return;
    };
    if !usable(s, u, slot) {
        return;
    }
    let w = s.rules.weapon(u, slot);
    let cells = geometry::reach(s, u, move_allowance(s, u, false));
    let mut chosen: Vec<crate::state::Cell> = Vec::new();
    for t in enemies(s, u) {
        let at = s.fighter(t).at;
        let best = cells
            .iter()
            .filter(|&&(c, _)| {
                let d = distance(c, at);
                if w.melee {
                    d >= 1 && d <= w.reach
                } else {
                    d <= w.max_range && geometry::sight(s, c, at)
                }
            })
            .min_by_key(|&&(c, cost)| (distance(c, at), cost, c.1, (c.0 - at.0).abs(), c.0));
        if let Some(&(c, _)) = best {
            if !chosen.contains(&c) {
                chosen.push(c);
            }
        }
    }
    for to in chosen {
        out.push(Action::MoveAndAttack { unit: u, to });
    }
}

/// T3-MANEUVER-17, T3-TAB-READY: the tasks a Ready maneuver can work on.
fn readies(s: &State, u: UnitId, out: &mut Vec<Action>) {
    let f = s.fighter(u);
    let c = s.character(u);
    let ready = f.ready_slot();
    for (i, g) in f.guns.iter().enumerate() {
        let slot = i as u8;
        let what = match g.held {
            Held::Holstered if ready.is_none() => Some(ReadyWhat::Draw { slot }),
            Held::Dropped if ready.is_none() && g.dropped_at == f.at => {
                Some(ReadyWhat::PickUp { slot })
            }
            Held::Ready => Some(ReadyWhat::Sheathe { slot }),
            _ => None,
        };
        if let Some(what) = what {
            out.push(Action::Ready { unit: u, what });
        }
        if g.held == Held::Ready {
            match g.jam {
                Jam::Jammed { diagnosed: false } | Jam::Broken { diagnosed: false } => {
                    out.push(Action::Ready {
                        unit: u,
                        what: ReadyWhat::Diagnose { slot },
                    })
                }
                Jam::Jammed { diagnosed: true } => out.push(Action::Ready {
                    unit: u,
                    what: ReadyWhat::Clear { slot },
                }),
                _ => {}
            }
        }
    }
    if f.burning > 0 {
        out.push(Action::Ready {
            unit: u,
            what: ReadyWhat::Extinguish,
        });
    }
    for (i, &item) in c.items.iter().enumerate() {
        if f.items_ready & (1 << i) == 0 {
            let task = s.rules.items[item].task;
            // T3-READY-03: a heavy item within the lifting limit.
            if tables::lift_limit(task)
                .is_some_and(|k| s.rules.items[item].weight > k * c.bl.max(0) as u32)
            {
                continue;
            }
            out.push(Action::Ready {
                unit: u,
                what: ReadyWhat::Item {
                    item: i as u8,
                    task,
                },
            });
        }
    }
}

/// Defenses are listed in `combat::defenses`; this names them for the chooser.
pub fn defense_word(d: Defense) -> &'static str {
    match d {
        Defense::None => "none",
        Defense::Dodge { .. } => "dodge",
        Defense::Dive => "dive",
        Defense::Parry { .. } => "parry",
        Defense::Block { .. } => "block",
    }
}
