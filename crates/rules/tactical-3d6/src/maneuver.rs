//! The maneuvers (T3-TAB-MANEUVERS, T3-MANEUVER-01..18), resolved.

use crate::action::{Action, AllOut, AttackSpec, Mode};
use crate::combat;
use crate::ctx::{m, Ctx, R};
use crate::event::Event;
use crate::state::{
    AllOutDefense, Held, Jam, Maneuver, Phase, ReadyWhat, Strike, StrikeKind, Task, Work, Zone,
};
use crate::tables::{self, Posture};
use crate::turn::{drive, move_allowance, stay_conscious, walk};
use fireteam_engine::{ResolveError, RuleId, UnitId};

pub fn resolve(ctx: &mut Ctx, action: &Action) -> R<()> {
    match action {
        Action::Order => order(ctx)?,
        Action::Crouch { unit, down } => {
            ctx.emit(Event::Crouched {
                unit: *unit,
                down: *down,
            });
            ctx.emit(Event::Await {
                phase: Phase::Act { unit: *unit },
            });
        }
        Action::StepPosture { unit, to } => {
            ctx.emit(Event::SteppedPosture {
                unit: *unit,
                to: *to,
            });
            ctx.emit(Event::Await {
                phase: Phase::Act { unit: *unit },
            });
        }
        Action::Defend { defense, .. } => {
            let Phase::Defend(p) = ctx.s.phase else {
                return Err(ResolveError::Illegal("no attack to defend against".into()));
            };
            combat::defend(ctx, p, *defense)?;
        }
        Action::Pass { .. } => {}
        _ if matches!(ctx.s.phase, Phase::Triggered { .. }) => triggered(ctx, action)?,
        _ if matches!(ctx.s.phase, Phase::Act { unit } if ctx.s.fighter(unit).moved_to_attack) => {
            // The attack of Move and Attack, after its movement.
            if let Action::Attack(spec) = action {
                strikes(ctx, spec)?;
            }
        }
        _ => maneuver(ctx, action)?,
    }
    drive(ctx)
}

/// T3-G02: the order by Basic Speed, then DX, with one roll-off (3d6, highest first) for
/// those still tied; a scenario's explicit places come first.
fn order(ctx: &mut Ctx) -> R<()> {
    let s = &ctx.s;
    let mut keyed: Vec<(UnitId, i32, i32, i32)> = s
        .units()
        .map(|u| {
            let c = s.character(u);
            (u, s.rules.explicit_order[usize::from(u)], c.speed_q, c.dx)
        })
        .collect();
    let mut rolls = Vec::new();
    for i in 0..keyed.len() {
        let (u, o, sp, dx) = keyed[i];
        let tied = keyed
            .iter()
            .any(|&(v, o2, sp2, dx2)| v != u && o2 == o && sp2 == sp && dx2 == dx);
        if tied {
            let (_, total) = ctx.roll("order roll-off", 3)?;
            rolls.push((u, total as u32));
        }
    }
    let roll_of = |u: UnitId| rolls.iter().find(|r| r.0 == u).map_or(0, |r| r.1);
    keyed.sort_by_key(|&(u, o, sp, dx)| {
        (
            o,
            std::cmp::Reverse(sp),
            std::cmp::Reverse(dx),
            std::cmp::Reverse(roll_of(u)),
            u,
        )
    });
    let order = keyed.into_iter().map(|k| k.0).collect();
    ctx.emit(Event::OrderSet { order, rolls });
    ctx.emit(Event::SecondBegins { turn: 1 });
    Ok(())
}

fn kind_of(action: &Action) -> (Maneuver, Option<AllOutDefense>) {
    match action {
        Action::DoNothing { .. } => (Maneuver::DoNothing, None),
        Action::Move { .. } => (Maneuver::Move, None),
        Action::ChangePosture { .. } => (Maneuver::ChangePosture, None),
        Action::Aim { .. } => (Maneuver::Aim, None),
        Action::Evaluate { .. } => (Maneuver::Evaluate, None),
        Action::Attack(a) => match a.mode {
            Mode::Attack => (Maneuver::Attack, None),
            Mode::AllOut(_) => (Maneuver::AllOutAttack, None),
            Mode::MoveAndAttack => (Maneuver::MoveAndAttack, None),
        },
        Action::Suppress { .. } => (Maneuver::AllOutAttack, None),
        Action::Feint { .. } => (Maneuver::Feint, None),
        Action::MoveAndAttack { .. } => (Maneuver::MoveAndAttack, None),
        Action::AllOutDefense { option, .. } => (Maneuver::AllOutDefense, Some(*option)),
        Action::Concentrate { .. } => (Maneuver::Concentrate, None),
        Action::Ready { .. } => (Maneuver::Ready, None),
        Action::Wait { .. } => (Maneuver::Wait, None),
        _ => (Maneuver::None, None),
    }
}

/// One fighter's maneuver for the second (T3-MANEUVER-01).
fn maneuver(ctx: &mut Ctx, action: &Action) -> R<()> {
    let Some(u) = action.unit() else {
        return Ok(());
    };
    let (kind, aod) = kind_of(action);
    ctx.emit(Event::WorkPushed(Work::EndTurn { unit: u }));
    // T3-HP-02: at 0 HP or less, anything but Do Nothing needs an HT roll first.
    if kind != Maneuver::DoNothing && !stay_conscious(ctx, u)? {
        return Ok(());
    }
    let f = ctx.s.fighter(u);
    // The aim lasts only through Aim and the attack it is for (T3-G14); an Evaluate through
    // more Evaluates and the attack (T3-G06); a Ready task through Ready (T3-G41).
    if f.aim.is_some()
        && !matches!(
            kind,
            Maneuver::Aim | Maneuver::Attack | Maneuver::AllOutAttack
        )
    {
        ctx.emit(Event::AimLost {
            unit: u,
            rule: RuleId("T3-AIM-05"),
        });
    }
    let f = ctx.s.fighter(u);
    let keeps_evaluate = matches!(
        kind,
        Maneuver::Evaluate
            | Maneuver::Attack
            | Maneuver::Feint
            | Maneuver::AllOutAttack
            | Maneuver::MoveAndAttack
    );
    if f.evaluate.is_some() && !keeps_evaluate {
        ctx.emit(Event::EvaluateSpent { unit: u });
    }
    if ctx.s.fighter(u).task.is_some() && kind != Maneuver::Ready {
        ctx.emit(Event::TaskSet {
            unit: u,
            task: None,
        });
    }
    ctx.emit(Event::ManeuverChosen {
        unit: u,
        maneuver: kind,
        aod,
    });
    match action {
        // T3-STUN-01, T3-G33: a stunned fighter rolls HT at the end of its Do Nothing.
        Action::DoNothing { .. } if ctx.s.fighter(u).stunned => {
            let ht = ctx.s.character(u).ht;
            let roll = ctx.check(u, "HT (stun)", ht, vec![], RuleId("T3-STUN-01"))?;
            let ok = roll.success;
            ctx.emit(Event::Rolled(roll));
            if ok {
                ctx.emit(Event::Recovered { unit: u });
            }
        }
        Action::Move { to, .. } => {
            let path = crate::geometry::path(&ctx.s, u, *to)
                .ok_or_else(|| ResolveError::Illegal("no path there".into()))?;
            let sprint = path.len() as u32 - 1 > move_allowance(&ctx.s, u, false);
            if sprint {
                // T3-MOVE-04: every 15 seconds of sprinting, HT or Running, or lose 1 FP.
                let f = ctx.s.fighter(u);
                if (f.sprinted + 1).is_multiple_of(15) {
                    let c = ctx.s.character(u);
                    let best = c.skill("running").unwrap_or(c.ht).max(c.ht);
                    let roll = ctx.check(u, "HT or Running", best, vec![], RuleId("T3-MOVE-04"))?;
                    let ok = roll.success;
                    ctx.emit(Event::Rolled(roll));
                    if !ok {
                        ctx.emit(Event::FatigueLost {
                            unit: u,
                            fp: 1,
                            rule: RuleId("T3-MOVE-04"),
                        });
                    }
                }
            }
            walk(ctx, u, path[1..].to_vec())?;
        }
        Action::ChangePosture { to, .. } => {
            let from = ctx.s.fighter(u).posture;
            let rule = if from.lying() || *to == Posture::Standing {
                "T3-POSTURE-03"
            } else {
                "T3-POSTURE-02"
            };
            ctx.emit(Event::PostureChanged {
                unit: u,
                to: *to,
                rule: RuleId(rule),
            });
        }
        Action::Aim { target, .. } => aim(ctx, u, *target)?,
        Action::Evaluate { target, .. } => {
            let n = match ctx.s.fighter(u).evaluate {
                Some((t, n)) if t == *target => (n + 1).min(3),
                _ => 1,
            };
            ctx.emit(Event::Evaluated {
                unit: u,
                target: *target,
                count: n,
            });
        }
        Action::Attack(spec) => strikes(ctx, spec)?,
        Action::Suppress {
            toward, bullets, ..
        } => suppress(ctx, u, *toward, *bullets)?,
        Action::Feint { target, .. } => feint(ctx, u, *target)?,
        Action::MoveAndAttack { to, .. } => {
            let path = crate::geometry::path(&ctx.s, u, *to)
                .ok_or_else(|| ResolveError::Illegal("no path there".into()))?;
            ctx.emit(Event::WorkPushed(Work::Choose { unit: u }));
            walk(ctx, u, path[1..].to_vec())?;
        }
        Action::AllOutDefense { .. } => {}
        Action::Concentrate { .. } => {
            let n = ctx.s.fighter(u).concentrating + 1;
            ctx.emit(Event::Concentration {
                unit: u,
                seconds: n,
            });
            // T3-MANEUVER-16: a fighter the GM rules distracted rolls Will−3 each second.
            if ctx.s.character(u).distracted {
                combat::distracted(ctx, u)?;
            }
        }
        Action::Ready { what, .. } => ready(ctx, u, *what)?,
        Action::Wait { within, .. } => ctx.emit(Event::WaitSet {
            unit: u,
            within: *within,
        }),
        _ => {}
    }
    Ok(())
}

/// A waiter's answer to its trigger (T3-MANEUVER-18, T3-G11): an Attack, All-Out Attack,
/// Feint or Ready, with no new turn.
fn triggered(ctx: &mut Ctx, action: &Action) -> R<()> {
    let Some(u) = action.unit() else {
        return Ok(());
    };
    let (kind, _) = kind_of(action);
    if kind == Maneuver::AllOutAttack {
        ctx.emit(Event::ManeuverChosen {
            unit: u,
            maneuver: kind,
            aod: None,
        });
    }
    match action {
        Action::Attack(spec) => strikes(ctx, spec),
        Action::Feint { target, .. } => feint(ctx, u, *target),
        Action::Ready { what, .. } => ready(ctx, u, *what),
        _ => Ok(()),
    }
}

/// T3-AIM-01..04, T3-BRACE-01, T3-G13/G14.
fn aim(ctx: &mut Ctx, u: UnitId, target: UnitId) -> R<()> {
    let Some(slot) = ctx.s.fighter(u).ready_slot() else {
        return Ok(());
    };
    let w = ctx.s.rules.weapon(u, slot);
    let f = ctx.s.fighter(u);
    // T3-BRACE-01: a two-handed weapon rested on something solid, or a one-handed weapon
    // held in both hands (no shield or cloak in the other).
    let rest = ctx.s.rules.terrain_at(f.at).is_some_and(|t| t.brace);
    let braced = if w.two_handed {
        rest
    } else {
        ctx.s.character(u).shield.is_none()
    };
    // T3-G13: a second crouched out of sight behind cover builds no aim.
    let hidden = f.crouching && ctx.s.cover_at(f.at).is_some();
    if hidden {
        if f.aim.is_some() {
            ctx.emit(Event::AimLost {
                unit: u,
                rule: RuleId("T3-CROUCH-03"),
            });
        }
        return Ok(());
    }
    let n = match f.aim {
        Some((t, s, n, _)) if t == target && s == slot => n + 1,
        _ => 1,
    };
    ctx.emit(Event::AimBuilt {
        unit: u,
        target,
        slot,
        seconds: n,
        braced,
    });
    Ok(())
}

/// The strikes of an attack, queued in order (T3-AUTOFIRE-04, T3-G08).
fn strikes(ctx: &mut Ctx, spec: &AttackSpec) -> R<()> {
    let u = spec.unit;
    if let Some(step) = spec.step {
        let from = ctx.s.fighter(u).at;
        ctx.emit(Event::Moved {
            unit: u,
            path: vec![from, step],
            sprint: false,
        });
    }
    let kind = match spec.mode {
        Mode::Attack => StrikeKind::Attack,
        Mode::MoveAndAttack => StrikeKind::MoveAndAttack,
        Mode::AllOut(AllOut::Hit) => StrikeKind::AllOutHit,
        Mode::AllOut(AllOut::Double) => StrikeKind::AllOutDouble,
        Mode::AllOut(AllOut::Damage) => StrikeKind::AllOutDamage,
        Mode::AllOut(AllOut::Feint) => StrikeKind::AllOutFeint,
    };
    let n = spec.targets.len() as u8;
    let mut queue: Vec<Strike> = spec
        .targets
        .iter()
        .enumerate()
        .map(|(i, &(target, shots))| Strike {
            attacker: u,
            target,
            slot: spec.slot,
            location: spec.location,
            shots,
            targets: n,
            nth: i as u8,
            deceptive: spec.deceptive,
            kind,
            zone: None,
        })
        .collect();
    if kind == StrikeKind::AllOutDouble {
        // T3-G08: two attacks; the second is a separate one with the same weapon.
        let again = queue[0];
        queue.push(again);
    }
    if kind == StrikeKind::AllOutFeint {
        feint(ctx, u, queue[0].target)?;
    }
    // The shots of a burst split between targets are fired together.
    let total: u32 = spec.targets.iter().map(|t| t.1).sum();
    let w = ctx.s.rules.weapon(u, spec.slot);
    if !w.melee && spec.targets.len() > 1 {
        ctx.emit(Event::ShotsFired {
            unit: u,
            slot: spec.slot,
            shots: total,
        });
    }
    for st in queue.into_iter().rev() {
        ctx.emit(Event::WorkPushed(Work::Strike(st)));
    }
    Ok(())
}

/// T3-MANEUVER-08, T3-G07: the feint's quick contest.
fn feint(ctx: &mut Ctx, u: UnitId, target: UnitId) -> R<()> {
    let Some(slot) = ctx.s.fighter(u).ready_slot() else {
        return Ok(());
    };
    let skill = ctx.s.rules.weapon_skill(u, slot);
    let mut mods = Vec::new();
    let shock = ctx.s.fighter(u).shock;
    if shock > 0 {
        mods.push(m("shock", "shock", -shock, "T3-SHOCK-01"));
    }
    // The contest reads both margins whole.
    let whole = |total: i32, _: bool, _: i32| i64::from(total);
    let mine = ctx.check_reading(u, "feint", skill, mods, RuleId("T3-MANEUVER-08"), &whole)?;
    // The defender's best of Melee skill, Cloak, Shield or DX.
    let t = ctx.s.character(target);
    let tf = ctx.s.fighter(target);
    let mut best = t.dx;
    if let Some(s) = tf.ready_slot() {
        if ctx.s.rules.weapon(target, s).melee {
            best = best.max(ctx.s.rules.weapon_skill(target, s));
        }
    }
    for sk in ["cloak", "shield"] {
        if let Some(v) = t.skill(sk) {
            best = best.max(v);
        }
    }
    let theirs = ctx.check_reading(
        target,
        "resist feint",
        best,
        vec![],
        RuleId("T3-MANEUVER-08"),
        &whole,
    )?;
    let penalty = match (mine.success, theirs.success) {
        (false, _) => 0,
        (true, false) => mine.margin,
        (true, true) => (mine.margin - theirs.margin).max(0),
    };
    ctx.emit(Event::Rolled(mine));
    ctx.emit(Event::Rolled(theirs));
    ctx.emit(Event::Feinted {
        unit: u,
        target,
        penalty,
    });
    Ok(())
}

/// T3-SUPPRESS-01/02, T3-G21: a ranged All-Out Attack's Suppression Fire.
fn suppress(ctx: &mut Ctx, u: UnitId, toward: crate::state::Cell, bullets: u32) -> R<()> {
    let Some(slot) = ctx.s.fighter(u).ready_slot() else {
        return Ok(());
    };
    let w = ctx.s.rules.weapon(u, slot);
    let from = ctx.s.fighter(u).at;
    let cells = crate::geometry::lane(&ctx.s, from, toward, w.max_range);
    let skill = 6 + tables::autofire_bonus(bullets) + if w.mounted { 2 } else { 0 };
    ctx.emit(Event::ShotsFired {
        unit: u,
        slot,
        shots: bullets,
    });
    let index = ctx.s.zones.len() as u8;
    ctx.emit(Event::ZoneSet(Zone {
        shooter: u,
        slot,
        bullets,
        hits_left: bullets,
        skill,
        cells: cells.clone(),
    }));
    // T3-G21 (2)'s flag: those already in the zone are attacked too.
    if ctx.s.rules.options.suppress_attacks_occupants {
        let inside: Vec<UnitId> = ctx
            .s
            .units()
            .filter(|&o| {
                o != u && ctx.s.fighter(o).active() && cells.contains(&ctx.s.fighter(o).at)
            })
            .collect();
        for o in inside.into_iter().rev() {
            ctx.emit(Event::WorkPushed(Work::Strike(Strike {
                attacker: u,
                target: o,
                slot,
                location: crate::data::Location::Torso,
                shots: bullets,
                targets: 1,
                nth: 0,
                deceptive: 0,
                kind: StrikeKind::Zone,
                zone: Some(index),
            })));
            ctx.emit(Event::ZoneHit {
                zone: index,
                unit: o,
                hits: 0,
            });
        }
    }
    Ok(())
}

/// The seconds a Ready task takes (T3-READY-01/02, T3-TAB-READY, T3-MALF-03, T3-BURN-*).
fn task_seconds(ctx: &mut Ctx, u: UnitId, what: ReadyWhat) -> R<u32> {
    Ok(match what {
        ReadyWhat::Draw { .. } | ReadyWhat::PickUp { .. } | ReadyWhat::Diagnose { .. } => 1,
        ReadyWhat::Sheathe { .. } => 2,
        ReadyWhat::Clear { .. } => 3,
        ReadyWhat::Extinguish => {
            if ctx.s.fighter(u).burning == 2 {
                3
            } else {
                1
            }
        }
        ReadyWhat::Item { task, .. } => match tables::ready_time(task) {
            Ok(n) => n,
            Err(dice) => {
                // T3-READY-02: a random time is rolled when the task starts.
                let (_, t) = ctx.roll("ready time", dice)?;
                t.max(1) as u32
            }
        },
    })
}

/// A Ready maneuver: one second of a task (T3-MANEUVER-17, T3-G41).
fn ready(ctx: &mut Ctx, u: UnitId, what: ReadyWhat) -> R<()> {
    let left = match ctx.s.fighter(u).task {
        Some(Task { what: w, left }) if w == what => left,
        _ => task_seconds(ctx, u, what)?,
    };
    let left = left.saturating_sub(1);
    if left > 0 {
        ctx.emit(Event::TaskSet {
            unit: u,
            task: Some(Task { what, left }),
        });
        return Ok(());
    }
    if ctx.s.fighter(u).task.is_some() {
        ctx.emit(Event::TaskSet {
            unit: u,
            task: None,
        });
    }
    let gun = |ctx: &Ctx, slot: u8| ctx.s.fighter(u).guns[usize::from(slot)];
    match what {
        ReadyWhat::Draw { slot } | ReadyWhat::PickUp { slot } => {
            let jam = gun(ctx, slot).jam;
            ctx.emit(Event::WeaponChanged {
                unit: u,
                slot,
                held: Held::Ready,
                jam,
            });
        }
        ReadyWhat::Sheathe { slot } => {
            let jam = gun(ctx, slot).jam;
            ctx.emit(Event::WeaponChanged {
                unit: u,
                slot,
                held: Held::Holstered,
                jam,
            });
        }
        ReadyWhat::Diagnose { slot } | ReadyWhat::Clear { slot } => {
            let diagnose = matches!(what, ReadyWhat::Diagnose { .. });
            let c = ctx.s.character(u);
            let w = ctx.s.rules.weapon(u, slot);
            // T3-MALF-03: Armory+2, IQ-based Guns, or (diagnosis only) Soldier−2.
            let mut best: Option<(i32, &'static str)> = None;
            let mut consider = |v: i32, how: &'static str| {
                if best.is_none_or(|(b, _)| v > b) {
                    best = Some((v, how));
                }
            };
            if let Some(a) = c.skill("armory") {
                consider(a + 2, "Armory+2");
            }
            if let Some(g) = c.skill(&w.skill) {
                consider(g - c.dx + c.iq, "IQ-based Guns");
            }
            if diagnose {
                if let Some(sol) = c.skill("soldier") {
                    consider(sol - 2, "Soldier-2");
                }
            }
            let (value, how) = best.unwrap_or((c.iq - 5, "IQ-5 (no skill)"));
            let what_roll = if diagnose { "diagnose" } else { "clear" };
            let roll = ctx.check(
                u,
                what_roll,
                value,
                vec![m("skill", how, 0, "T3-MALF-03")],
                RuleId("T3-MALF-03"),
            )?;
            let ok = roll.success;
            ctx.emit(Event::Rolled(roll));
            let g = gun(ctx, slot);
            if ok {
                let jam = match (g.jam, diagnose) {
                    (Jam::Jammed { .. }, true) => Jam::Jammed { diagnosed: true },
                    (Jam::Broken { .. }, true) => Jam::Broken { diagnosed: true },
                    (Jam::Jammed { .. }, false) => Jam::Ok,
                    (j, _) => j,
                };
                ctx.emit(Event::WeaponChanged {
                    unit: u,
                    slot,
                    held: g.held,
                    jam,
                });
            }
        }
        ReadyWhat::Extinguish => {
            // T3-BURN-01/02, T3-G39: a DX roll, at the fire's own penalty.
            let level = ctx.s.fighter(u).burning;
            let dx = ctx.s.character(u).dx;
            let (p, rule) = if level == 2 {
                (-3, "T3-BURN-02")
            } else {
                (-2, "T3-BURN-01")
            };
            let roll = ctx.check(
                u,
                "DX (extinguish)",
                dx,
                vec![m("burning", "clothes on fire", p, rule)],
                RuleId(rule),
            )?;
            let ok = roll.success;
            ctx.emit(Event::Rolled(roll));
            if ok {
                ctx.emit(Event::Extinguished { unit: u });
            }
        }
        ReadyWhat::Item { item, .. } => ctx.emit(Event::ItemReadied { unit: u, item }),
    }
    Ok(())
}
