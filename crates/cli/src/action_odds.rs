//! `fireteam odds FILE --action "…"`: the exact outcome distribution of one action in a
//! scenario, computed by the same resolution code that plays it, through the enumerating source;
//! or, when the action has more paths through its dice than `--exact-paths`, an estimate from
//! seeded samples of the same resolution, labelled as one, with a 95% interval per outcome.

use crate::scenario_files::{self, Playable, SystemJob};
use fireteam_dice::{
    enumerate_plain_within, enumerate_within, fraction_string, to_f64, DiceSource, SeededSource,
    SourceError,
};
use fireteam_engine::{ActionOdds, Battle, ResolveError};
use fireteam_sim::stats::wilson95;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use miette::{miette, Result};
use serde_json::json;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

/// The resolutions `odds --action` runs for exact odds before it estimates instead
/// (`--exact-paths`). The enumeration merges the paths that reach the same state (the rule code's
/// checkpoints) and branches on what each roll is read for (a check's success, a roll to hit's
/// result and bullets), so a resolution run stands for many paths through the dice: the arena's
/// burst ("Dee fires a burst at Ana") covers its 7,378,966 paths in 1,073 runs. Measured in a
/// release build on a 2-core machine, a run takes 5 to 15 µs; an action past the limit, such
/// as a full-auto sweep across four figures with hundreds of thousands of distinct outcomes,
/// gives up after about 2 s.
pub const DEFAULT_EXACT_PATHS: u64 = 100_000;
/// The seeded resolutions of an estimate (`--samples`): 0.25 s for the full-auto string above,
/// and a 95% interval no wider than ±0.7 percentage points on any outcome.
pub const DEFAULT_SAMPLES: u64 = 20_000;
/// The most samples `--samples` takes.
pub const MAX_SAMPLES: u64 = 10_000_000;

/// How the odds of an action are computed.
#[derive(Debug, Clone, Copy)]
pub struct Effort {
    /// The most paths walked for exact odds; past them, or at 0, the odds are estimated.
    pub exact_paths: u64,
    /// The seeded resolutions of an estimate.
    pub samples: u64,
    /// The seed of the estimate's dice (sample i rolls in scope i).
    pub seed: u64,
}

/// Resolves `action` and every reaction that follows it (each defender assigning `defend`
/// dice, or as many as it has left: [`ActionOdds::reaction`]), until the action is done.
fn resolve_through<R: ActionOdds>(
    rules: &R,
    s: &mut R::State,
    action: &R::Action,
    defend: u8,
    dice: &mut dyn DiceSource,
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
    effort: Effort,
) -> Result<String> {
    let loaded = scenario_files::load(Path::new(file), data)?;
    run_loaded(&loaded, file, action_text, after, defend, json_out, effort)
}

/// [`run`] for a scenario already loaded (the battle map's setup editor loads one from text);
/// `file` is how the answer names it.
pub fn run_loaded(
    loaded: &fireteam_scenario::Loaded,
    file: &str,
    action_text: &str,
    after: Option<&str>,
    defend: u8,
    json_out: bool,
    effort: Effort,
) -> Result<String> {
    let job = Odds {
        file,
        action_text,
        after,
        defend,
        json_out,
        seed: loaded.scenario.seed.unwrap_or(1),
        effort,
    };
    scenario_files::with_system(&loaded.scenario.system, loaded, job)
}

/// The odds of one action, for any system.
struct Odds<'a> {
    file: &'a str,
    action_text: &'a str,
    /// Actions to play first, separated by ';'.
    after: Option<&'a str>,
    defend: u8,
    json_out: bool,
    /// The scenario's seed, for the actions played first.
    seed: u64,
    effort: Effort,
}

impl SystemJob for Odds<'_> {
    type Output = String;

    fn run<R: Playable>(self, rules: &'static R, initial: R::State) -> Result<String> {
        let Odds {
            file,
            action_text,
            after,
            defend,
            json_out,
            seed,
            effort,
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
        let answer = answer(rules, &state, &action, defend, seed, effort)?;
        if json_out {
            let mut v = answer.json(action_text, defend, effort);
            if let Some(m) = v.as_object_mut() {
                m.insert("scenario".into(), json!(file));
                m.insert("after".into(), json!(played));
            }
            return Ok(v.to_string());
        }
        let mut out = format!("{action_text}\n");
        if !played.is_empty() {
            out.push_str(&format!("  after: {} (seed {seed})\n", played.join("; ")));
        }
        if let Some(make_up) = &answer.make_up {
            out.push_str(&format!("  roll: {make_up}\n"));
        }
        match &answer.odds {
            Answered::Exact(odds) => {
                out.push_str(&format!(
                    "  exact outcomes ({} through the dice):\n",
                    fireteam_engine::count(odds.paths, "path", "paths")
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
            }
            Answered::Estimate { counts, why } => {
                let n = effort.samples;
                out.push_str(&format!(
                    "  ESTIMATE, not exact: estimated from {} (seed {}); {why}\n",
                    fireteam_engine::count(n, "sample", "samples"),
                    effort.seed
                ));
                out.push_str(
                    "  each outcome: the samples that showed it, their share, and its 95% interval (Wilson)\n",
                );
                let width = counts.keys().map(String::len).max().unwrap_or(8);
                for (o, &count) in counts {
                    let (lo, hi) = wilson95(count, n);
                    out.push_str(&format!(
                        "    {o:<width$}  {:>9}  ≈ {:>8}  95% [{}, {}]  {}\n",
                        count,
                        share(count, n),
                        bound(lo),
                        bound(hi),
                        crate::format::bar(count as f64 / n as f64, 30)
                    ));
                }
            }
        }
        Ok(out.trim_end().to_string())
    }
}

/// The odds of one action in one state: what its roll is made of, and its outcomes, exact or
/// estimated. `odds --action` prints it; the battle map shows it before an attack is committed.
pub struct Answer {
    /// One line on the roll's make-up (skill, modifiers with rule IDs, dice), when the system
    /// gives one.
    pub make_up: Option<String>,
    pub odds: Answered,
}

/// The outcomes of an [`Answer`].
pub enum Answered {
    Exact(fireteam_dice::Enumerated<String>),
    /// Seeded samples per outcome, and why the odds are not exact.
    Estimate {
        counts: BTreeMap<String, u64>,
        why: String,
    },
}

impl Answer {
    /// The JSON of `odds --action --json`, without the scenario and the actions played first.
    pub fn json(&self, action_text: &str, defend: u8, effort: Effort) -> serde_json::Value {
        match &self.odds {
            Answered::Exact(odds) => {
                let outcomes: Vec<_> = odds
                    .outcomes
                    .iter()
                    .map(|(o, p)| json!({"outcome": o, "p": fraction_string(p), "pf": to_f64(p)}))
                    .collect();
                json!({"kind": "action", "action": action_text, "defend": defend, "roll": self.make_up, "exact": true, "paths": odds.paths, "outcomes": outcomes})
            }
            Answered::Estimate { counts, why } => {
                let n = effort.samples;
                let outcomes: Vec<_> = counts
                    .iter()
                    .map(|(o, &count)| {
                        let (lo, hi) = wilson95(count, n);
                        json!({"outcome": o, "count": count, "p": count as f64 / n as f64, "ci95": [lo, hi]})
                    })
                    .collect();
                json!({"kind": "action", "action": action_text, "defend": defend, "roll": self.make_up, "exact": false, "why": why, "exact_paths": effort.exact_paths, "samples": n, "seed": effort.seed, "outcomes": outcomes})
            }
        }
    }
}

/// The odds of `action` in `state`: exact within `effort.exact_paths`, else estimated. `seed`
/// rolls the one resolution that shows the roll's make-up.
pub fn answer<R: ActionOdds>(
    rules: &R,
    state: &R::State,
    action: &R::Action,
    defend: u8,
    seed: u64,
    effort: Effort,
) -> Result<Answer> {
    // One seeded resolution to show the roll's make-up: pool, modifiers and difficulty.
    let mut sample_events = Vec::new();
    let mut probe = state.clone();
    resolve_through(
        rules,
        &mut probe,
        action,
        defend,
        &mut SeededSource::new(seed),
        &mut sample_events,
    )
    .map_err(|e| miette!("{e}"))?;
    let make_up = rules.roll_make_up(&sample_events, defend);
    let odds = match exact(rules, state, action, defend, effort.exact_paths)? {
        Exactly::Odds(odds) => Answered::Exact(odds),
        Exactly::Not(why) => Answered::Estimate {
            counts: estimate(rules, state, action, defend, effort)?,
            why,
        },
    };
    Ok(Answer { make_up, odds })
}

/// The exact odds, or why there are none.
enum Exactly {
    Odds(fireteam_dice::Enumerated<String>),
    /// Why the odds are estimated, in words that end the sentence "estimated from N samples; …".
    Not(String),
}

/// Enumerates the outcomes of `action` within `limit` paths.
fn exact<R: ActionOdds>(
    rules: &R,
    state: &R::State,
    action: &R::Action,
    defend: u8,
    limit: u64,
) -> Result<Exactly> {
    if limit == 0 {
        return Ok(Exactly::Not(
            "--exact-paths 0 asks for no exact odds".to_string(),
        ));
    }
    let mut progress = Progress::new(
        limit,
        "enumerating {bar:40} {human_pos} of at most {human_len} paths ({per_sec})",
    );
    let mut walked = 0u64;
    let mut events = Vec::new();
    let resolve = |e: &mut fireteam_dice::Enumerator| -> Result<String, SourceError> {
        walked += 1;
        progress.at(walked);
        let mut s = state.clone();
        events.clear();
        resolve_through(rules, &mut s, action, defend, e, &mut events).map_err(
            |err| match err {
                ResolveError::Dice(d) => d,
                ResolveError::Illegal(m) => SourceError::Io(m),
            },
        )?;
        Ok(rules.effect(state, &s))
    };
    // FIRETEAM_ODDS_PLAIN=1 walks every path through the dice one by one, with no merging: the
    // reference the merged odds are tested against (same outcomes, probabilities and paths).
    let odds = if std::env::var_os("FIRETEAM_ODDS_PLAIN").is_some_and(|v| v == "1") {
        enumerate_plain_within(limit, resolve)
    } else {
        enumerate_within(limit, resolve)
    };
    progress.done();
    match odds {
        Ok(odds) => Ok(Exactly::Odds(odds)),
        Err(SourceError::TooManyPaths { limit }) => Ok(Exactly::Not(format!(
            "the exact odds pass {} through the dice (--exact-paths)",
            fireteam_engine::count(limit, "path", "paths")
        ))),
        Err(e @ SourceError::TooManyBranches { .. }) => Ok(Exactly::Not(format!(
            "the exact odds cannot be enumerated: {e}"
        ))),
        Err(e) => Err(miette!("{e}")),
    }
}

/// How often each outcome came up in `effort.samples` seeded resolutions of `action`. Sample i
/// rolls in scope i of `SeededSource::new(effort.seed)`, so the same seed gives the same counts
/// on every machine.
fn estimate<R: ActionOdds>(
    rules: &R,
    state: &R::State,
    action: &R::Action,
    defend: u8,
    effort: Effort,
) -> Result<BTreeMap<String, u64>> {
    let mut dice = SeededSource::new(effort.seed);
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    let mut progress = Progress::new(
        effort.samples,
        "sampling {bar:40} {human_pos}/{human_len} resolutions ({per_sec}, eta {eta})",
    );
    let mut events = Vec::new();
    for i in 0..effort.samples {
        progress.at(i);
        dice.begin_scope(i);
        let mut s = state.clone();
        events.clear();
        resolve_through(rules, &mut s, action, defend, &mut dice, &mut events)
            .map_err(|e| miette!("sample {i} (seed {}): {e}", effort.seed))?;
        *counts.entry(rules.effect(state, &s)).or_insert(0) += 1;
    }
    progress.done();
    Ok(counts)
}

/// A sample share as a short decimal that never reads as certain unless every sample agreed.
fn share(count: u64, n: u64) -> String {
    if count == n {
        return "all".into();
    }
    let p = count as f64 / n as f64;
    if p < 1e-4 {
        return format!("{p:.1e}");
    }
    let s = format!("{p:.4}");
    if s == "1.0000" {
        ">0.9999".into()
    } else {
        s
    }
}

/// An interval bound, to four places (small ones in scientific notation).
fn bound(x: f64) -> String {
    if x == 0.0 || x == 1.0 {
        return format!("{x}");
    }
    if x < 1e-4 {
        return format!("{x:.1e}");
    }
    format!("{x:.4}")
}

/// A progress bar on standard error, drawn only once the work has taken more than half a
/// second and only when standard error is a terminal, so quick answers and scripts see nothing.
struct Progress {
    bar: ProgressBar,
    start: Instant,
    shown: bool,
}

impl Progress {
    fn new(len: u64, template: &str) -> Self {
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Progress {
            bar,
            start: Instant::now(),
            shown: false,
        }
    }

    fn at(&mut self, pos: u64) {
        // Every 1,024th call (a mask, not `is_multiple_of`, which needs Rust 1.87).
        if pos & 1023 != 0 {
            return;
        }
        if !self.shown && self.start.elapsed() > Duration::from_millis(500) {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
        self.bar.set_position(pos);
    }

    fn done(&self) {
        self.bar.finish_and_clear();
    }
}
