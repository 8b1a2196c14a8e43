//! Chases (SK-10-e, G-72): figures move in initiative order, except in a chase, where the
//! character ahead always moves first; the other phases keep their order (eDEX).
//!
//! "If it looks like a chase then it is one": the book leaves the call to the GM, and so does
//! fireteam (G-72's GM input). A unit's field `chases = "Name"` says that it chases that figure
//! for the whole battle. A detection from the map (who ran away from whom last turn) would call
//! two figures running the same way to the same cover a chase, and miss a chase whose quarry
//! stood still to hide, so the scenario says it (and refuses a ring of chases). While both are
//! active, the quarry moves before his pursuer: before the first figure of each turn moves, a
//! pursuer who would move before his quarry waits and moves right after him (one `Chase`
//! event with the new movement order); everyone else keeps the initiative order. With a chain
//! (A chases B, who chases C) C moves before B, and B before A. The initiative order itself
//! (`Figure::init_rank`) is unchanged, and still breaks ties of the action phase (SK-11-c).

use crate::combat::ctx::Ctx;
use crate::event::Event;
use crate::state::{FigId, State};
use fireteam_scenario::{FieldError, Scenario, Value};
use smallvec::SmallVec;

/// The quarry `f` chases in this turn's movement, when both are active.
fn quarry(s: &State, f: FigId) -> Option<FigId> {
    let g = s.fig(f);
    g.chases
        .filter(|&q| g.active() && usize::from(q) < s.figures.len() && s.fig(q).active())
}

/// SK-10-e: puts every quarry ahead of his pursuer in the movement order (before anyone moves
/// this turn). Emits nothing when the order already has every quarry first.
pub(crate) fn order(ctx: &mut Ctx) {
    let s = &ctx.s;
    if !s.figures.iter().any(|f| f.chases.is_some()) {
        return;
    }
    // A stable topological order: always the first figure left whose quarry has moved (or who
    // chases no one). It leaves an order that already puts every quarry first as it is. (A ring,
    // refused by the scenario check, would take its first figure.)
    let mut left: SmallVec<[FigId; 8]> = s.move_order.iter().copied().collect();
    let mut out: SmallVec<[FigId; 8]> = SmallVec::new();
    while !left.is_empty() {
        let k = left
            .iter()
            .position(|&f| quarry(s, f).is_none_or(|q| !left.contains(&q)))
            .unwrap_or(0);
        out.push(left.remove(k));
    }
    if out == s.move_order {
        return;
    }
    let pos = |f: FigId| s.move_order.iter().position(|&x| x == f);
    let chases: SmallVec<[(FigId, FigId); 2]> = s
        .move_order
        .iter()
        .filter_map(|&p| quarry(s, p).map(|q| (q, p)))
        .filter(|&(q, p)| pos(q) > pos(p))
        .collect();
    ctx.emit(Event::Chase { chases, order: out });
}

/// A unit's `chases` names another unit of the scenario, and chases make no ring.
pub(crate) fn check_scenario(scenario: &Scenario) -> Vec<FieldError> {
    let mut out = Vec::new();
    let target = |i: usize| match scenario.units[i].field("chases") {
        Some(Value::Text(name)) => scenario.units.iter().position(|o| &o.name == name),
        _ => None,
    };
    for (i, u) in scenario.units.iter().enumerate() {
        let Some(Value::Text(name)) = u.field("chases") else {
            continue;
        };
        let field = format!("units[{i}].chases");
        if name == &u.name {
            out.push(
                FieldError::new(field, format!("{} cannot chase himself", u.name))
                    .with_help("name the unit he chases, or remove chases"),
            );
        } else if !scenario.units.iter().any(|o| &o.name == name) {
            let names: Vec<&str> = scenario
                .units
                .iter()
                .filter(|o| o.name != u.name)
                .map(|o| o.name.as_str())
                .collect();
            out.push(
                FieldError::new(field, format!("no unit is named '{name}'"))
                    .with_help(format!("name one of the units: {}", names.join(", "))),
            );
        } else {
            // Follow the chain of quarries: back to this unit is a ring.
            let mut at = target(i);
            for _ in 0..scenario.units.len() {
                match at {
                    Some(k) if k == i => {
                        out.push(
                            FieldError::new(
                                field,
                                format!("{} is in a ring of chases (back to himself)", u.name),
                            )
                            .with_help("a chase has one figure ahead; break the ring"),
                        );
                        break;
                    }
                    Some(k) => at = target(k),
                    None => break,
                }
            }
        }
    }
    out
}
