//! The second (T3-CORE-04): the turn order (T3-G02), each fighter's turn with what starts
//! and ends it, and the driver that finishes work left between decisions.

use crate::combat::{self, external_wound};
use crate::ctx::{m, Ctx, R};
use crate::data::DamageType;
use crate::event::Event;
use crate::state::{distance, Cell, Phase, Strike, StrikeKind, Work};
use fireteam_engine::{Outcome, RuleId, UnitId};

/// Finishes work until a decision is needed or the battle is over.
pub fn drive(ctx: &mut Ctx) -> R<()> {
    loop {
        if ctx.awaiting {
            return Ok(());
        }
        if over(ctx) {
            return Ok(());
        }
        match ctx.s.work.last().cloned() {
            Some(w) => {
                ctx.emit(Event::WorkPopped);
                match w {
                    Work::Strike(st) => combat::attack(ctx, st)?,
                    Work::Move { unit, rest } => walk(ctx, unit, rest)?,
                    Work::Choose { unit } => ctx.emit(Event::Await {
                        phase: Phase::Act { unit },
                    }),
                    Work::EndTurn { unit } => end_turn(ctx, unit)?,
                }
            }
            None => next_turn(ctx)?,
        }
    }
}

/// The battle ends when at most one side has a fighter in the fight, or at the turn limit.
fn over(ctx: &mut Ctx) -> bool {
    if ctx.s.phase == Phase::Over {
        return true;
    }
    let sides = ctx.s.sides_standing();
    let outcome = match sides.len() {
        0 => Outcome::Draw,
        1 => Outcome::Winner { side: sides[0] },
        _ => return false,
    };
    ctx.emit(Event::Over { outcome });
    true
}

/// The next fighter in the order begins its turn; a new second begins after the last.
fn next_turn(ctx: &mut Ctx) -> R<()> {
    loop {
        if ctx.s.cursor >= ctx.s.order.len() {
            if ctx.s.turn >= ctx.s.rules.max_turns {
                ctx.emit(Event::Over {
                    outcome: Outcome::Draw,
                });
                return Ok(());
            }
            let turn = ctx.s.turn + 1;
            ctx.emit(Event::SecondBegins { turn });
        }
        let u = ctx.s.order[ctx.s.cursor];
        if !ctx.s.fighter(u).active() {
            ctx.emit(Event::Skipped { unit: u });
            continue;
        }
        begin_turn(ctx, u)?;
        if over(ctx) {
            return Ok(());
        }
        if !ctx.s.fighter(u).active() {
            ctx.emit(Event::TurnEnds { unit: u });
            continue;
        }
        ctx.emit(Event::Await {
            phase: Phase::Act { unit: u },
        });
        return Ok(());
    }
}

/// What starts a fighter's turn: last turn's maneuver stops binding (T3-MANEUVER-01), shock
/// comes into force (T3-SHOCK-01), its zones end (T3-G21), burning clothes burn (T3-G39).
fn begin_turn(ctx: &mut Ctx, u: UnitId) -> R<()> {
    let shock = ctx.s.fighter(u).shock_pending;
    ctx.emit(Event::TurnBegins { unit: u, shock });
    if ctx.s.zones.iter().any(|z| z.shooter == u) {
        ctx.emit(Event::ZonesEnded { shooter: u });
    }
    let burning = ctx.s.fighter(u).burning;
    if burning > 0 {
        // T3-BURN-01/02: 1d−4 (partly) or 1d−1 (wholly) a second, through no DR (T3-G39).
        let (faces, rolled) = ctx.roll("fire", 1)?;
        let (adds, rule) = if burning == 2 {
            (-1, "T3-BURN-02")
        } else {
            (-4, "T3-BURN-01")
        };
        external_wound(
            ctx,
            u,
            faces,
            rolled,
            rolled + adds,
            DamageType::Burning,
            rule,
        )?;
    }
    Ok(())
}

/// What ends a fighter's turn: feints it made last turn lapse (T3-G07).
fn end_turn(ctx: &mut Ctx, u: UnitId) -> R<()> {
    let turn = ctx.s.turn;
    let lapsed: Vec<UnitId> = ctx
        .s
        .units()
        .filter(|&o| {
            ctx.s
                .fighter(o)
                .feinted
                .is_some_and(|(by, _, until)| by == u && until <= turn)
        })
        .collect();
    for o in lapsed {
        ctx.emit(Event::Feinted {
            unit: u,
            target: o,
            penalty: 0,
        });
    }
    ctx.emit(Event::TurnEnds { unit: u });
    Ok(())
}

/// Walks `unit` along `rest`, cell by cell, stopping where a zone attacks it (T3-SUPPRESS-02)
/// or a waiter's trigger fires (T3-MANEUVER-18); the rest of the walk waits as work.
pub fn walk(ctx: &mut Ctx, unit: UnitId, rest: Vec<Cell>) -> R<()> {
    let f = ctx.s.fighter(unit);
    if !f.active() || f.stunned {
        return Ok(());
    }
    let mut path = vec![f.at];
    let sprint = ctx.s.fighter(unit).maneuver == crate::state::Maneuver::Move
        && ctx.s.fighter(unit).moved + rest.len() as u32 > move_allowance(&ctx.s, unit, false);
    for (i, &c) in rest.iter().enumerate() {
        // T3-FALL-01: a drop of more than a yard is a fall; the walk ends there.
        let from = *path.last().expect("the walk starts somewhere");
        let drop = ctx.s.rules.elevation_at(from) - ctx.s.rules.elevation_at(c);
        path.push(c);
        if drop > 1 {
            ctx.emit(Event::Moved { unit, path, sprint });
            return crate::falling::fall(ctx, unit, drop as u32);
        }
        let zone = ctx.s.zones.iter().enumerate().find_map(|(z, zone)| {
            (zone.shooter != unit
                && zone.cells.contains(&c)
                && ctx.s.fighter(unit).zone_hits & (1 << z) == 0
                && zone.hits_left > 0)
                .then_some(z as u8)
        });
        let waiter = ctx.s.units().find(|&w| {
            let fw = ctx.s.fighter(w);
            fw.active()
                && ctx.s.side_of(w) != ctx.s.side_of(unit)
                && fw
                    .wait
                    .is_some_and(|t| distance(fw.at, c) <= u32::from(t.within))
                && crate::geometry::sight(&ctx.s, fw.at, c)
        });
        if zone.is_some() || waiter.is_some() {
            let after: Vec<Cell> = rest[i + 1..].to_vec();
            ctx.emit(Event::Moved { unit, path, sprint });
            if !after.is_empty() {
                ctx.emit(Event::WorkPushed(Work::Move { unit, rest: after }));
            }
            if let Some(z) = zone {
                zone_attack(ctx, z, unit)?;
            } else if let Some(w) = waiter {
                ctx.emit(Event::WaitTriggered {
                    waiter: w,
                    by: unit,
                });
            }
            return Ok(());
        }
    }
    if path.len() > 1 {
        ctx.emit(Event::Moved { unit, path, sprint });
    }
    Ok(())
}

/// T3-SUPPRESS-02/03: a zone's attack on someone who entered it.
pub fn zone_attack(ctx: &mut Ctx, z: u8, target: UnitId) -> R<()> {
    let zone = &ctx.s.zones[usize::from(z)];
    let st = Strike {
        attacker: zone.shooter,
        target,
        slot: zone.slot,
        location: crate::data::Location::Torso,
        shots: zone.bullets,
        targets: 1,
        nth: 0,
        deceptive: 0,
        kind: StrikeKind::Zone,
        zone: Some(z),
    };
    ctx.emit(Event::ZoneHit {
        zone: z,
        unit: target,
        hits: 0,
    });
    combat::attack(ctx, st)
}

/// Yards a fighter may move with a Move maneuver (T3-MANEUVER-03, T3-POSTURE-01, T3-HP-01,
/// and with `sprint` T3-MOVE-02), rounding as T3-G12 says.
pub fn move_allowance(s: &crate::state::State, u: UnitId, sprint: bool) -> u32 {
    let c = s.character(u);
    let f = s.fighter(u);
    let mut mv = c.move_;
    if sprint && f.posture == crate::tables::Posture::Standing {
        mv += c.sprint_bonus();
    }
    let legs = crate::data::Location::RightLeg.bit()
        | crate::data::Location::LeftLeg.bit()
        | crate::data::Location::RightFoot.bit()
        | crate::data::Location::LeftFoot.bit();
    let posture = if f.crippled & legs != 0 && f.posture == crate::tables::Posture::Standing {
        crate::tables::Posture::Crawling
    } else {
        f.posture
    };
    let mut yards = crate::tables::posture_move(posture, mv.max(0) as u32);
    // T3-HP-01: below a third of HP, half Move (rounded up).
    if 3 * f.hp < c.hp {
        yards = yards.div_ceil(2);
    }
    yards
}

/// T3-HP-02, T3-G36: at 0 HP or less, a fighter who does more than Do Nothing rolls HT to
/// stay conscious, at −1 per full multiple of HP below zero. Returns whether it stays awake.
pub fn stay_conscious(ctx: &mut Ctx, u: UnitId) -> R<bool> {
    let f = ctx.s.fighter(u);
    let c = ctx.s.character(u);
    if f.hp > 0 || f.awake_below_zero {
        return Ok(true);
    }
    let mut mods = Vec::new();
    let k = (-f.hp) / c.hp;
    if k > 0 {
        mods.push(m(
            "below-zero",
            "multiples of HP below zero",
            -k,
            "T3-HP-02",
        ));
    }
    let roll = ctx.check(u, "HT (consciousness)", c.ht, mods, RuleId("T3-HP-02"))?;
    let ok = roll.success;
    ctx.emit(Event::Rolled(roll));
    if !ok {
        ctx.emit(Event::Unconscious {
            unit: u,
            rule: RuleId("T3-HP-02"),
        });
    }
    Ok(ok)
}
