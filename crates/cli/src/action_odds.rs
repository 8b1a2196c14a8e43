//! `fireteam odds FILE --action "…"`: the exact outcome distribution of one action in a
//! scenario, computed by the same resolution code that plays it, through the enumerating source.

use crate::scenario_files;
use fireteam_dice::{enumerate, fraction_string, to_f64, SeededSource, SourceError};
use fireteam_dice_pool::event::Event;
use fireteam_dice_pool::narrate::pool_line;
use fireteam_dice_pool::state::Phase;
use fireteam_dice_pool::{Action, DicePool, State};
use fireteam_engine::{Battle, ResolveError, RuleSystem};
use miette::{miette, Result};
use serde_json::json;
use std::path::Path;

/// Resolves `action` and every defense decision that follows it (each defender assigning
/// `defend` dice, or as many as it has left), until the acting unit decides again.
fn resolve_through(
    rules: &DicePool,
    s: &mut State,
    action: &Action,
    defend: u8,
    dice: &mut dyn fireteam_dice::DiceSource,
    events: &mut Vec<Event>,
) -> Result<(), ResolveError> {
    let mut next = action.clone();
    loop {
        let start = events.len();
        rules.resolve(s, &next, dice, events)?;
        for e in &events[start..] {
            rules.apply(s, e);
        }
        let Phase::Defense(_) = s.phase else {
            return Ok(());
        };
        let mut legal = Vec::new();
        rules.legal_actions(s, &mut legal);
        next = legal
            .iter()
            .rfind(|a| matches!(a, Action::Defend { dice, .. } if *dice <= defend))
            .cloned()
            .unwrap_or_else(|| legal[0].clone());
    }
}

/// What an action did, in words: who was hurt and how.
fn effect(before: &State, after: &State) -> String {
    let mut parts = Vec::new();
    for (b, a) in before.units.iter().zip(&after.units) {
        let wounds = a.wounds - b.wounds
            + after
                .deferred
                .iter()
                .filter(|(u, _)| after.unit(*u).name == a.name)
                .map(|(_, w)| w)
                .sum::<i32>()
            - before
                .deferred
                .iter()
                .filter(|(u, _)| before.unit(*u).name == b.name)
                .map(|(_, w)| w)
                .sum::<i32>();
        let stunned = (a.stunned && !b.stunned)
            || after
                .deferred
                .iter()
                .any(|(u, _)| after.unit(*u).name == a.name)
                && !before
                    .deferred
                    .iter()
                    .any(|(u, _)| before.unit(*u).name == b.name);
        if wounds > 0 || stunned || (a.out && !b.out) {
            let mut p = format!("{}:", a.name);
            if wounds > 0 {
                p.push_str(&format!(" {wounds:>2} wounds"));
            }
            if a.out && !b.out {
                p.push_str(" out of action");
            } else if stunned {
                p.push_str(" stunned");
            }
            parts.push(p);
        }
    }
    if parts.is_empty() {
        "no effect".into()
    } else {
        parts.join("; ")
    }
}

pub fn run(
    file: &str,
    action_text: &str,
    after: Option<&str>,
    defend: u8,
    data: Option<&Path>,
    json_out: bool,
) -> Result<String> {
    let loaded = scenario_files::load(Path::new(file), data)?;
    let rules = DicePool;
    let seed = loaded.scenario.seed.unwrap_or(1);
    let mut battle = Battle::new(&rules, fireteam_dice_pool::scenario::setup(&loaded).build());
    let mut dice = SeededSource::new(seed);
    let mut played = Vec::new();
    let mut steps: Vec<String> = after
        .map(|a| {
            a.split(';')
                .map(|x| x.trim().to_string())
                .filter(|x| !x.is_empty())
                .collect()
        })
        .unwrap_or_default();
    // A battle opens with the initiative roll; roll it unless the caller asks otherwise.
    if steps.is_empty()
        && battle.state().phase == Phase::TurnStart
        && !action_text.trim().starts_with("start turn")
    {
        steps.push("start turn 1".into());
    }
    for t in &steps {
        let a = rules.parse_action(battle.state(), t).map_err(|e| {
            miette!(
                help = format!("legal now: {}", e.suggestions.join("; ")),
                "--after '{t}': {e}"
            )
        })?;
        battle
            .step(&a, &mut dice)
            .map_err(|e| miette!("--after '{t}': {e}"))?;
        played.push(t.clone());
    }
    let state = battle.state().clone();
    let action = rules.parse_action(&state, action_text).map_err(|e| {
        let mut legal = Vec::new();
        rules.legal_actions(&state, &mut legal);
        let some: Vec<String> = legal
            .iter()
            .take(12)
            .map(|a| rules.action_text(&state, a))
            .collect();
        miette!(
            help = format!(
                "legal now (seed {seed}{}): {}",
                if played.is_empty() {
                    String::new()
                } else {
                    format!(", after {}", played.join("; "))
                },
                if e.suggestions.is_empty() {
                    some.join("; ")
                } else {
                    e.suggestions.join("; ")
                }
            ),
            "{e}"
        )
    })?;
    // One seeded resolution to show the roll's make-up: pool, modifiers and difficulty.
    let mut sample_events = Vec::new();
    let mut probe = state.clone();
    resolve_through(
        &rules,
        &mut probe,
        &action,
        defend,
        &mut SeededSource::new(seed),
        &mut sample_events,
    )
    .map_err(|e| miette!("{e}"))?;
    let odds = enumerate(|e| -> Result<String, SourceError> {
        let mut s = state.clone();
        let mut events = Vec::new();
        resolve_through(&rules, &mut s, &action, defend, e, &mut events).map_err(
            |err| match err {
                ResolveError::Dice(d) => d,
                ResolveError::Illegal(m) => SourceError::Io(m),
            },
        )?;
        Ok(effect(&state, &s))
    })
    .map_err(|e| miette!("{e}"))?;
    if json_out {
        let outcomes: Vec<_> = odds
            .outcomes
            .iter()
            .map(|(o, p)| json!({"outcome": o, "p": fraction_string(p), "pf": to_f64(p)}))
            .collect();
        return Ok(json!({"kind": "action", "scenario": file, "action": action_text, "after": played, "defend": defend, "exact": true, "paths": odds.paths, "outcomes": outcomes}).to_string());
    }
    let mut out = format!("{action_text}\n");
    if !played.is_empty() {
        out.push_str(&format!("  after: {} (seed {seed})\n", played.join("; ")));
    }
    for e in &sample_events {
        if let Event::AttackRolled {
            roll, band, kind, ..
        } = e
        {
            let skill = match kind {
                fireteam_dice_pool::event::AttackKindTag::Melee => "melee",
                fireteam_dice_pool::event::AttackKindTag::Blast => "blast",
                _ => "firearms",
            };
            let make_up = pool_line(skill, roll, *band);
            out.push_str(&format!(
                "  roll: {make_up} (defender assigns up to {defend} dice)\n"
            ));
            break;
        }
    }
    out.push_str(&format!(
        "  exact outcomes ({} paths through the dice):\n",
        odds.paths
    ));
    let width = odds
        .outcomes
        .iter()
        .map(|(o, _)| o.len())
        .max()
        .unwrap_or(8);
    for (o, p) in &odds.outcomes {
        out.push_str(&format!(
            "    {o:<width$}  {:>24}  ≈ {:>9}  {}\n",
            fraction_string(p),
            crate::format::probability(p),
            crate::format::bar(to_f64(p), 30)
        ));
    }
    Ok(out.trim_end().to_string())
}
