//! `fireteam odds FILE --action "…"`: the exact outcome distribution of one action in a
//! scenario, computed by the same resolution code that plays it, through the enumerating source.

use crate::scenario_files::{self, Playable, SystemJob};
use fireteam_dice::{enumerate, fraction_string, to_f64, SeededSource, SourceError};
use fireteam_engine::{ActionOdds, Battle, ResolveError};
use miette::{miette, Result};
use serde_json::json;
use std::path::Path;

/// Resolves `action` and every reaction that follows it (each defender assigning `defend`
/// dice, or as many as it has left: [`ActionOdds::reaction`]), until the action is done.
fn resolve_through<R: ActionOdds>(
    rules: &R,
    s: &mut R::State,
    action: &R::Action,
    defend: u8,
    dice: &mut dyn fireteam_dice::DiceSource,
    events: &mut Vec<R::Event>,
) -> Result<(), ResolveError> {
    let mut next = action.clone();
    loop {
        let start = events.len();
        rules.resolve(s, &next, dice, events)?;
        for e in &events[start..] {
            rules.apply(s, e);
        }
        match rules.reaction(s, defend) {
            Some(r) => next = r,
            None => return Ok(()),
        }
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
    let job = Odds {
        file,
        action_text,
        after,
        defend,
        json_out,
        seed: loaded.scenario.seed.unwrap_or(1),
    };
    scenario_files::with_system(&loaded.scenario.system, &loaded, job)
}

/// The odds of one action, for any system.
struct Odds<'a> {
    file: &'a str,
    action_text: &'a str,
    /// Actions to play first, separated by ';'.
    after: Option<&'a str>,
    defend: u8,
    json_out: bool,
    seed: u64,
}

impl SystemJob for Odds<'_> {
    type Output = String;

    fn run<R: Playable>(self, rules: &R, initial: R::State) -> Result<String> {
        let Odds {
            file,
            action_text,
            after,
            defend,
            json_out,
            seed,
        } = self;
        let mut battle = Battle::new(rules, initial);
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
        // What the system plays first when the caller says nothing (dice-pool: the initiative).
        if steps.is_empty() {
            steps = rules.opening(battle.state(), action_text);
        }
        for t in &steps {
            let a = rules.parse_action(battle.state(), t).map_err(|e| {
                miette!(
                    help = crate::play::legal_now(rules, battle.state(), &e.suggestions),
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
            rules,
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
            resolve_through(rules, &mut s, &action, defend, e, &mut events).map_err(
                |err| match err {
                    ResolveError::Dice(d) => d,
                    ResolveError::Illegal(m) => SourceError::Io(m),
                },
            )?;
            Ok(rules.effect(&state, &s))
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
        if let Some(make_up) = rules.roll_make_up(&sample_events, defend) {
            out.push_str(&format!("  roll: {make_up}\n"));
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
}
