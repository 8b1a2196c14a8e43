//! Practice combat (book §19.3): fought with no armor and with practice weapons, stun weapons or
//! bare hands (SK-19.3-a). A practice weapon has a stun weapon's characteristics but does no
//! damage: its hits are recorded instead, and a fighter who collects the agreed number of them
//! (`sk.practice_hits`, a GM input) has lost (SK-19.3-b). What a practice pays is in
//! [`crate::aftermath::rewards`].

use crate::combat::ctx::Ctx;
use crate::combat::weapon_of;
use crate::data::Weapon;
use crate::event::{Effect, Event};
use crate::options::ScenarioType;
use crate::state::FigId;
use fireteam_engine::{ResolveError, RuleId};
use fireteam_scenario::{Catalog, FieldError, Scenario};

/// SK-19.3-a: a practice weapon (catalog `practice = true`).
pub fn is_practice(w: Option<&Weapon>) -> bool {
    w.is_some_and(|w| w.practice)
}

/// SK-19.3-a/b: `hits` hits of `by`'s practice weapon on `target`: recorded, no damage. At the
/// agreed number (`sk.practice_hits`, 0: no limit) he is beaten, out of the fight unhurt.
pub(crate) fn record_hit(
    ctx: &mut Ctx,
    by: FigId,
    target: FigId,
    hits: u8,
) -> Result<(), ResolveError> {
    let t = ctx.s.fig(target);
    if !t.active() || hits == 0 {
        return Ok(());
    }
    let total = t.practice_hits.saturating_add(hits);
    ctx.emit(Event::PracticeHit {
        fig: target,
        by,
        hits: total,
        rule: RuleId("SK-19.3-a"),
    });
    let limit = ctx.s.rules.options.practice_hits;
    if limit > 0 && total >= limit {
        ctx.emit(Event::Effect {
            fig: target,
            effect: Effect::Beaten,
            rule: RuleId("SK-19.3-b"),
        });
    }
    Ok(())
}

/// A hit of the weapon in `by`'s `slot` on `target` outside the roll to hit (a roll to avoid,
/// a shot going on down the line, a defender's automatic blow): when it is a practice weapon,
/// the hit is recorded (SK-19.3-a) and the caller deals no damage. Returns whether it was one.
pub(crate) fn practice_hit(
    ctx: &mut Ctx,
    by: FigId,
    slot: Option<u8>,
    target: FigId,
) -> Result<bool, ResolveError> {
    let att = ctx.s.fig(by);
    if !is_practice(weapon_of(&ctx.s, att, slot)) {
        return Ok(false);
    }
    record_hit(ctx, by, target, 1)?;
    Ok(true)
}

/// Worn armor, which a practice combat is fought without (SK-19.3-a "players wear no armor"):
/// body armor, vests, jackets, helmets, suits, shielding and energy shields. A shield, a
/// parrying dagger or a backpack is carried, not worn, and stays allowed.
const WORN: &[&str] = &[
    "body",
    "vest",
    "jacket",
    "helmet",
    "suit",
    "shielding",
    "energy_shield",
];

/// SK-19.3-a: in a practice combat (`sk.scenario_type = "practice"`), no unit wears armor, and
/// every weapon is a practice or a stun weapon (or none: hand to hand).
pub fn check_scenario(scenario: &Scenario, catalog: &Catalog) -> Vec<FieldError> {
    let kind = scenario
        .option("sk.scenario_type")
        .and_then(|v| v.as_choice())
        .map_or(ScenarioType::Adventure, ScenarioType::from_id);
    if kind != ScenarioType::Practice {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, unit) in scenario.units.iter().enumerate() {
        for id in &unit.equipment {
            let Some(e) = catalog.get(id) else { continue };
            let problem = match e.kind.as_str() {
                "armor" if e.text("kind").is_none_or(|k| WORN.contains(&k)) => Some((
                    format!("{}: '{id}' is armor, and a practice combat is fought without armor (SK-19.3-a)", unit.name),
                    "take the armor off, or make the fight another sk.scenario_type",
                )),
                "weapon" if !e.flag("practice") && !e.flag("stun") => Some((
                    format!(
                        "{}: '{id}' is a real weapon; a practice combat is fought with practice or stun weapons, or hand to hand (SK-19.3-a)",
                        unit.name
                    ),
                    "use a practice weapon (practice-baton, practice-spear, practice-gun) or a stun weapon",
                )),
                _ => None,
            };
            if let Some((message, help)) = problem {
                out.push(FieldError::new(format!("units[{i}].equipment"), message).with_help(help));
            }
        }
    }
    out
}
