//! Initiative (SK-9, G-13): each side rolls 1d6 plus its leader's Tactics or Strategy, and with
//! two sides the winner chooses to move first or last; or, optionally, every figure makes a DEX
//! check and moves in order of margin (SK-21.1-a).

use crate::combat::ctx::Ctx;
use crate::combat::edex::order_dex;
use crate::event::Event;
use crate::skills;
use crate::state::{FigId, Phase};
use fireteam_engine::{ResolveError, RuleId};
use smallvec::SmallVec;

/// SK-9-d / G-13: each side rolls 1d6 + its leader's Tactics (+1) or Strategy (+2); the
/// highest wins, ties reroll; with two sides the winner chooses to move first or last.
/// SK-21.1-a OPT: every figure makes a DEX check and moves in order of margin.
pub(crate) fn start_turn(ctx: &mut Ctx) -> Result<(), ResolveError> {
    let turn = ctx.s.turn + 1;
    // SK-16.15.3-T1 (3–4): a belt knife or pistol promised last turn is ready now.
    let draws: SmallVec<[(FigId, u8); 2]> = ctx
        .s
        .figures
        .iter()
        .filter(|f| f.hth_draw > 0 && f.in_hth && f.active() && f.ready_slot().is_none())
        .filter(|f| {
            f.weapons[usize::from(f.hth_draw - 1)]
                .is_some_and(|w| w.state == crate::state::WeaponState::Ok)
        })
        .map(|f| (f.id, f.hth_draw - 1))
        .collect();
    ctx.emit(Event::TurnBegan { turn });
    for (fig, slot) in draws {
        ctx.emit(Event::Effect {
            fig,
            effect: crate::event::Effect::DrawnInHth { slot },
            rule: RuleId("SK-16.15.3-T1"),
        });
    }
    // ---- SK-16.15.6-b: those whose two turns held are over roll to break away; one subdued
    // for good may end the battle here (SK-19.2-a), before anything else is rolled.
    crate::attack::hth::break_away(ctx)?;
    if crate::turn::victory::outcome(&ctx.s).is_some() {
        return Ok(());
    }
    // ---- microgravity (SK-17.10-c, G-54): floating figures drift before anyone moves.
    crate::microgravity::drift_all(ctx)?;
    // ---- fire (SK-16.11-f/h): the INT checks not to run and to stay in a burning hex.
    crate::fire::start_of_turn(ctx)?;
    // ---- order of the turn (SK-9-b/c): a surprise settles the initiative; a side that ran
    // last turn is asked whether it runs again before anything is rolled.
    if crate::turn::surprise::start_of_turn(ctx)? || crate::turn::running::ask(ctx) {
        return Ok(());
    }
    roll_initiative(ctx)
}

/// SK-6.5.2-b / SK-6.7.1-a / G-13: the side's leader's Strategy (+2) or Tactics (+1), not
/// added together; a side that names no leader (unit stat `leader`) takes its best figure's.
fn side_bonus(s: &crate::state::State, side: u8) -> i8 {
    let mut b = 0i8;
    let named = s
        .figures
        .iter()
        .any(|f| f.side == side && f.active() && f.leader);
    for f in s
        .figures
        .iter()
        .filter(|f| f.side == side && f.active() && (f.leader || !named))
    {
        let m = f.skills;
        let fb = if skills::has(m, skills::STRATEGY) {
            2
        } else if skills::has(m, skills::TACTICS) {
            1
        } else {
            0
        };
        b = b.max(fb);
    }
    b
}

/// SK-9-b/c: `side` has the initiative without a roll (`rule` says why). With two sides it
/// chooses to move first or last (G-13); with more it moves first and the others roll 1d6
/// plus their bonus for the order after it (ties in side order); with the advanced initiative
/// (SK-21.1-a) its figures move first, in the order of their checks.
pub(crate) fn award(ctx: &mut Ctx, side: u8, rule: RuleId) -> Result<(), ResolveError> {
    if ctx.s.rules.options.advanced_initiative {
        return advanced_initiative(ctx, Some((side, rule)));
    }
    let n = ctx.s.side_count() as u8;
    let mut rolls: SmallVec<[(u8, u8, i8); 4]> = SmallVec::new();
    if n > 2 {
        for x in (0..n).filter(|&x| x != side) {
            let (_, die) = ctx.roll("initiative", 1)?;
            rolls.push((x, die as u8, side_bonus(&ctx.s, x)));
        }
    }
    ctx.emit(Event::Initiative {
        rolls: rolls.clone(),
        winner: Some(side),
        rule,
    });
    if n == 2 {
        ctx.emit(Event::Phase {
            phase: Phase::ChooseOrder { winner: side },
        });
    } else {
        rolls.sort_by(|a, b| {
            (i16::from(b.1) + i16::from(b.2))
                .cmp(&(i16::from(a.1) + i16::from(a.2)))
                .then(a.0.cmp(&b.0))
        });
        let mut sides: SmallVec<[u8; 4]> = SmallVec::new();
        sides.push(side);
        sides.extend(rolls.iter().map(|r| r.0));
        ctx.emit(Event::MoveOrder { sides });
    }
    Ok(())
}

/// SK-9-d / G-13: each side rolls 1d6 + its leader's Tactics or Strategy; the highest wins,
/// ties reroll; or, optionally, the advanced initiative (SK-21.1-a).
pub(crate) fn roll_initiative(ctx: &mut Ctx) -> Result<(), ResolveError> {
    let last = ctx.s.initiative_winner;
    let n = ctx.s.side_count() as u8;
    if ctx.s.rules.options.advanced_initiative {
        return advanced_initiative(ctx, None);
    }
    let bonus: SmallVec<[i8; 4]> = (0..n).map(|side| side_bonus(&ctx.s, side)).collect();
    // Ties roll again (G-13), at most three times; a fourth tie goes to the side that lost the
    // last initiative, else the first side (ours: it keeps exact odds finite, at 1 in 1,296).
    for attempt in 0..4 {
        let mut rolls: SmallVec<[(u8, u8, i8); 4]> = SmallVec::new();
        for side in 0..n {
            let (_, die) = ctx.roll("initiative", 1)?;
            rolls.push((side, die as u8, bonus[usize::from(side)]));
        }
        let best = rolls
            .iter()
            .map(|r| i16::from(r.1) + i16::from(r.2))
            .max()
            .unwrap_or(0);
        let top: SmallVec<[u8; 4]> = rolls
            .iter()
            .filter(|r| i16::from(r.1) + i16::from(r.2) == best)
            .map(|r| r.0)
            .collect();
        let mut winner = (top.len() == 1).then(|| top[0]);
        if winner.is_none() && attempt == 3 {
            winner = top
                .iter()
                .copied()
                .find(|&x| Some(x) != last)
                .or(top.first().copied());
        }
        ctx.emit(Event::Initiative {
            rolls: rolls.clone(),
            winner,
            rule: RuleId("SK-9-d"),
        });
        if let Some(w) = winner {
            if n == 2 {
                ctx.emit(Event::Phase {
                    phase: Phase::ChooseOrder { winner: w },
                });
            } else {
                let mut order: SmallVec<[(u8, i16); 4]> = rolls
                    .iter()
                    .map(|r| (r.0, i16::from(r.1) + i16::from(r.2)))
                    .collect();
                order.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
                ctx.emit(Event::MoveOrder {
                    sides: order.iter().map(|o| o.0).collect(),
                });
            }
            return Ok(());
        }
        if n < 2 {
            ctx.emit(Event::MoveOrder {
                sides: (0..n).collect(),
            });
            return Ok(());
        }
    }
    Ok(())
}

fn advanced_initiative(ctx: &mut Ctx, first: Option<(u8, RuleId)>) -> Result<(), ResolveError> {
    // SK-21.1-a: a DEX check each; order by margin (+ Tactics/Strategy), ties by eDEX, then id.
    // SK-9-b/c: a side that surprised the others, or runs again, moves first.
    let mut scored: SmallVec<[(FigId, i32, i16); 8]> = SmallVec::new();
    for i in 0..ctx.s.figures.len() {
        let f = ctx.s.figures[i].clone();
        if !f.active() {
            continue;
        }
        let (_, total) = ctx.roll("initiative", 3)?;
        let m = f.skills;
        let b = if skills::has(m, skills::STRATEGY) {
            2
        } else if skills::has(m, skills::TACTICS) {
            1
        } else {
            0
        };
        let edex = order_dex(&ctx.s, &f);
        scored.push((i as FigId, i32::from(edex) - total + b, edex));
    }
    let ahead = |f: FigId| first.is_some_and(|(side, _)| ctx.s.fig(f).side == side);
    scored.sort_by(|a, b| {
        ahead(b.0)
            .cmp(&ahead(a.0))
            .then(b.1.cmp(&a.1))
            .then(b.2.cmp(&a.2))
            .then(a.0.cmp(&b.0))
    });
    let sides: SmallVec<[u8; 4]> = (0..ctx.s.side_count() as u8).collect();
    ctx.emit(Event::Initiative {
        rolls: SmallVec::new(),
        winner: scored.first().map(|f| ctx.s.fig(f.0).side),
        rule: first.map_or(RuleId("SK-21.1-a"), |(_, r)| r),
    });
    ctx.emit(Event::MoveOrder { sides });
    ctx.emit(Event::FigureOrder {
        figures: scored.iter().map(|f| f.0).collect(),
    });
    Ok(())
}

/// G-13: the initiative winner's side moves first or last.
pub(crate) fn choose_order(ctx: &mut Ctx, first: bool) -> Result<(), ResolveError> {
    let Phase::ChooseOrder { winner } = ctx.s.phase else {
        return Err(ResolveError::Illegal("no order to choose".into()));
    };
    let mut sides: SmallVec<[u8; 4]> = SmallVec::new();
    let others = (0..ctx.s.side_count() as u8).filter(|&x| x != winner);
    if first {
        sides.push(winner);
        sides.extend(others);
    } else {
        sides.extend(others);
        sides.push(winner);
    }
    ctx.emit(Event::MoveOrder { sides });
    Ok(())
}
