//! Surprise (SK-9-b, SK-8.1-b, SK-6.3.1-a; G-41): a side that surprises the others gets the
//! initiative, and a surprised figure has no threat zone.
//!
//! Surprise is a GM input: option `sk.surprise` names the side that surprises the others at
//! the start of the battle. The book gives surprise two effects and no length; fireteam reads
//! them as lasting the first turn:
//! - the surprising side has the first turn's initiative without a roll (SK-9-b): with two
//!   sides it chooses to move first or last, as any winner does (G-13);
//! - every figure of the other sides is surprised through the first turn and has no threat zone
//!   (SK-8.1-b, G-41): foes may walk past it, and it engages no one. It moves and acts as usual
//!   otherwise (the book takes nothing else from it), and the surprise is over at the end of
//!   the first turn;
//! - a surprised figure with Alertness rolls 3d6 against INT to notice the ambush before it is
//!   attacked (SK-6.3.1-a); on a success he is not surprised. His side still loses the
//!   initiative: the surprise is the side's.

use crate::combat::ctx::Ctx;
use crate::event::Event;
use crate::skills;
use crate::state::FigId;
use fireteam_engine::{ResolveError, RuleId};
use fireteam_scenario::{FieldError, Scenario};

const ALERTNESS: u64 = skills::bit("alertness");

/// At the start of the first turn, with `sk.surprise` set: the other sides' figures are
/// surprised, those with Alertness may notice the ambush, and the surprising side has the
/// initiative. Returns whether the initiative is settled.
pub(crate) fn start_of_turn(ctx: &mut Ctx) -> Result<bool, ResolveError> {
    let Some(side) = ctx.s.rules.options.surprise else {
        return Ok(false);
    };
    if ctx.s.turn != 1 || usize::from(side) >= ctx.s.side_count() {
        return Ok(false);
    }
    for i in 0..ctx.s.figures.len() {
        let f = &ctx.s.figures[i];
        if f.side != side && f.active() {
            ctx.emit(Event::Surprised {
                fig: i as FigId,
                on: true,
                rule: RuleId("SK-9-b"),
            });
        }
    }
    // SK-6.3.1-a: a 3d6 INT check to notice an ambush before being attacked.
    for i in 0..ctx.s.figures.len() {
        let f = ctx.s.figures[i].clone();
        if f.surprised && skills::has(f.skills, ALERTNESS) {
            let fig = i as FigId;
            if ctx.check(fig, "notice-ambush", 3, f.int, RuleId("SK-6.3.1-a"))? {
                ctx.emit(Event::Surprised {
                    fig,
                    on: false,
                    rule: RuleId("SK-6.3.1-a"),
                });
            }
        }
    }
    crate::turn::initiative::award(ctx, side, RuleId("SK-9-b"))?;
    Ok(true)
}

/// The end of the first turn ends the surprise (SK-8.1-b: the threat zones are back).
pub(crate) fn end_of_turn(ctx: &mut Ctx) {
    for i in 0..ctx.s.figures.len() {
        if ctx.s.figures[i].surprised {
            ctx.emit(Event::Surprised {
                fig: i as FigId,
                on: false,
                rule: RuleId("SK-8.1-b"),
            });
        }
    }
}

/// `sk.surprise` must name one of the scenario's sides.
pub(crate) fn check_scenario(scenario: &Scenario) -> Vec<FieldError> {
    let k = scenario
        .option("sk.surprise")
        .and_then(|v| v.as_int())
        .unwrap_or(0);
    let n = scenario.sides.len() as i64;
    if k > n {
        let names: Vec<String> = scenario
            .sides
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{} = '{}'", i + 1, s.name))
            .collect();
        return vec![FieldError::new(
            "options.\"sk.surprise\"",
            format!("sk.surprise = {k}, but the scenario has {n} sides"),
        )
        .with_help(format!(
            "name the surprising side by its place in [[sides]]: {}; or 0 for no surprise",
            names.join(", ")
        ))];
    }
    Vec::new()
}
