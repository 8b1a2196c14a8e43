//! Vacuum and hostile atmospheres (§17.11; G-55): the sealed suit, the leaks a hit through it
//! makes, patching them, and the damage of vacuum or a hostile atmosphere, which no armor
//! stops (SK-14.1-f).
//!
//! Both are GM inputs: `sk.vacuum` (the fight is in vacuum) and `sk.atmosphere_dice` (a
//! hostile atmosphere doing that many d6 a turn, SK-17.11-d: "players decide what it is"). A
//! sealed suit is an armor entry with `sealed = true` (the spacesuit, SK-17.11-a).
//!
//! - A hit whose damage gets through a sealed suit makes a leak (SK-17.11-c) ([`pierced`]).
//! - Patching one leak takes the whole turn (`… patches a leak`, at the movement, like Stand
//!   Up); the leak is closed at the end of the turn if he is still up to it.
//! - At the end of each turn (G-55), while a leak made before this turn is still open, the
//!   count of turns running with a leak goes up by one and he takes that many d6 in vacuum;
//!   in a hostile atmosphere the leak lets in the atmosphere's own dice. Leaks made this turn
//!   do nothing yet ("he must spend all of the next turn patching"). The count starts again
//!   once no such leak is open. However many leaks are open, the damage is the same.
//! - In a hostile atmosphere (not in vacuum), a figure with no sealed suit takes the
//!   atmosphere's dice at the end of every turn. In vacuum every figure must wear a sealed
//!   suit (SK-17.11-a: "one must be wearing … a spacesuit"): the scenario check says so.

use crate::action::Action;
use crate::combat::ctx::Ctx;
use crate::combat::damage::deal_damage;
use crate::event::{Effect, Event};
use crate::progression::Damage;
use crate::state::{Condition, FigId, Figure, State};
use crate::turn::movement::done_moving;
use fireteam_engine::{ResolveError, RuleId};
use fireteam_scenario::{Catalog, FieldError, Scenario};

/// Leaks matter: the fight is in vacuum or a hostile atmosphere.
pub fn hostile(s: &State) -> bool {
    s.rules.options.vacuum || s.rules.options.atmosphere_dice > 0
}

/// The figure wears a sealed suit (SK-17.11-a).
pub fn sealed(s: &State, f: &Figure) -> bool {
    f.armor
        .and_then(|a| s.rules.armor.get(usize::from(a)))
        .is_some_and(|a| a.sealed)
}

/// SK-17.11-c: a hit that did `taken` damage through a sealed suit makes a leak.
pub(crate) fn pierced(ctx: &mut Ctx, fig: FigId, taken: i16) {
    let f = ctx.s.fig(fig);
    if taken <= 0 || !hostile(&ctx.s) || !sealed(&ctx.s, f) || f.condition == Condition::Dead {
        return;
    }
    let (leaks, new) = (f.leaks.saturating_add(1), f.leaks_new.saturating_add(1));
    ctx.emit(Event::Effect {
        fig,
        effect: Effect::Leak { leaks, new },
        rule: RuleId("SK-17.11-c"),
    });
}

/// The movement option of §17.11, after every other one: patching a leak (SK-17.11-c).
pub(crate) fn movement_actions(s: &State, id: crate::state::FigId, out: &mut Vec<Action>) {
    let f = s.fig(id);
    if f.leaks > 0 && hostile(s) && !f.in_hth {
        out.push(Action::Patch { fig: id });
    }
}

/// SK-17.11-c, G-55: he spends the whole turn patching a leak (no movement, no action).
pub(crate) fn patch(ctx: &mut Ctx, fig: FigId) -> Result<(), ResolveError> {
    ctx.emit(Event::Effect {
        fig,
        effect: Effect::Patching,
        rule: RuleId("SK-17.11-c"),
    });
    ctx.emit(Event::Acted { fig });
    done_moving(ctx);
    Ok(())
}

/// The end of the turn (G-55, SK-17.11-d): a patch is finished, open leaks and hostile air do
/// their damage, with no armor (SK-14.1-f).
pub(crate) fn end_of_turn(ctx: &mut Ctx) -> Result<(), ResolveError> {
    if !hostile(&ctx.s) {
        return Ok(());
    }
    let vacuum = ctx.s.rules.options.vacuum;
    let air = ctx.s.rules.options.atmosphere_dice;
    for i in 0..ctx.s.figures.len() {
        let fig = i as FigId;
        let f = ctx.s.figures[i].clone();
        if matches!(f.condition, Condition::Dead | Condition::Lost) {
            continue;
        }
        let mut leaks = f.leaks;
        if f.patching && f.active() && leaks > 0 {
            leaks -= 1;
            ctx.emit(Event::Effect {
                fig,
                effect: Effect::Patched { leaks },
                rule: RuleId("SK-17.11-c"),
            });
        }
        if !sealed(&ctx.s, &f) {
            // SK-17.11-d: no suit in a hostile atmosphere (vacuum needs one: the check).
            if air > 0 && !vacuum {
                air_damage(ctx, fig, air, "SK-17.11-d")?;
            }
            continue;
        }
        // Leaks made before this turn and still open (a patch closes an old one).
        let old = leaks.saturating_sub(f.leaks_new.min(leaks));
        if old > 0 {
            let turns = f.leak_turns.saturating_add(1);
            ctx.emit(Event::Effect {
                fig,
                effect: Effect::LeakTurns { turns },
                rule: RuleId("SK-17.11-c"),
            });
            let dice = if vacuum { turns } else { air };
            air_damage(ctx, fig, dice, "SK-17.11-c")?;
        } else if f.leak_turns > 0 {
            ctx.emit(Event::Effect {
                fig,
                effect: Effect::LeakTurns { turns: 0 },
                rule: RuleId("SK-17.11-c"),
            });
        }
    }
    Ok(())
}

/// `dice` d6 of vacuum or bad air, which no armor stops (SK-14.1-f).
fn air_damage(ctx: &mut Ctx, fig: FigId, dice: u8, rule: &'static str) -> Result<(), ResolveError> {
    if dice == 0 {
        return Ok(());
    }
    deal_damage(
        ctx,
        fig,
        None,
        Damage::new(dice.min(30), 0),
        1,
        0,
        false,
        RuleId(rule),
    )?;
    Ok(())
}

/// SK-17.11-a: in vacuum every unit wears a sealed suit.
pub fn check_scenario(scenario: &Scenario, catalog: &Catalog) -> Vec<FieldError> {
    let mut out = Vec::new();
    if !scenario.flag("sk.vacuum") {
        return out;
    }
    for (i, u) in scenario.units.iter().enumerate() {
        let suited = u.equipment.iter().any(|id| {
            catalog
                .get(id)
                .is_some_and(|e| e.kind == "armor" && e.flag("sealed"))
        });
        if !suited {
            out.push(
                FieldError::new(
                    format!("units[{i}].equipment"),
                    format!("{}: in vacuum one must be wearing a spacesuit", u.name),
                )
                .with_help("add \"spacesuit-armor\" (an armor with sealed = true), SK-17.11-a"),
            );
        }
    }
    out
}
