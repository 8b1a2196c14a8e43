//! The greedy policy: one ply of expectimax on the rule system's heuristic.
//!
//! For each legal action it resolves the action against a copy of the state through the
//! enumerating dice source, so the score is the exact expectation of
//! [`Evaluate::value`] over every outcome, weighted by its exact probability. Resolution is
//! pure (the engine's first promise), which is what makes this "what if" free of side effects.
//! When an action has more paths than the budget, the score falls back to the mean of seeded
//! samples and is marked as an estimate.
//!
//! Resolving every action is what made the policy slow: a SKIRMISH figure has about 1,200
//! places and facings to move to. So the rule system is first asked for quick estimates
//! ([`Evaluate::estimate`]), and the policy resolves best first: an action without an estimate
//! is always resolved; then, while the best-ranked action is still only an estimate, it is
//! resolved and ranked again by its exact score. An action without an estimate gets a first
//! look: exact within a few paths (`DEFAULT_PROBE_PATHS`), else a few samples, which the full
//! budget replaces if it leads. Enumeration is spent only where it can change the choice, up
//! to `refinements` actions per decision.

use crate::explain::{Basis, Explanation, Ranked};
use crate::policy::{Choice, Explain, Policy};
use crate::rng::derive_seed;
use fireteam_dice::{enumerate, to_f64, DiceSource, SeededSource, SourceError};
use fireteam_engine::{Evaluate, ResolveError, RuleSystem, SideId};
use std::cmp::Ordering;

/// Paths one action may take before its score is sampled instead of enumerated.
pub const DEFAULT_PATH_BUDGET: u64 = 1024;
/// Samples for an action past the path budget.
pub const DEFAULT_SAMPLES: u32 = 128;
/// Estimated actions one decision may resolve before it takes the best score it has.
pub const DEFAULT_REFINEMENTS: usize = 12;
/// Paths a first look at an action without an estimate may walk; past them it is sampled.
pub const DEFAULT_PROBE_PATHS: u64 = 64;
/// Samples of that first look, when the action has more paths: a rough score that the full
/// budget replaces if it ever leads.
pub const DEFAULT_PROBE_SAMPLES: u32 = 8;

/// How hard one scoring tries: a first look, or the full budget.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Effort {
    Probe,
    Full,
}

/// Picks the action with the highest expected [`Evaluate::value`] for the deciding side; ties
/// go to the first in legal order.
pub struct GreedyPolicy<R: RuleSystem> {
    seed: u64,
    path_budget: u64,
    samples: u32,
    refinements: usize,
    probe_paths: u64,
    probe_samples: u32,
    // Reused between actions and decisions, so a long simulation stops allocating.
    events: Vec<R::Event>,
    scratch: Option<R::State>,
    scores: Vec<(f64, Basis)>,
    estimates: Vec<Option<f64>>,
    settled: Vec<bool>,
}

impl<R: RuleSystem> GreedyPolicy<R> {
    /// `seed` only feeds the sampling fallback; exact scores do not depend on it.
    pub fn new(seed: u64) -> Self {
        GreedyPolicy {
            seed,
            path_budget: DEFAULT_PATH_BUDGET,
            samples: DEFAULT_SAMPLES,
            refinements: DEFAULT_REFINEMENTS,
            probe_paths: DEFAULT_PROBE_PATHS,
            probe_samples: DEFAULT_PROBE_SAMPLES,
            events: Vec::new(),
            scratch: None,
            scores: Vec::new(),
            estimates: Vec::new(),
            settled: Vec::new(),
        }
    }

    /// Sets the first look at an action the rule system gives no estimate for: exact within
    /// `paths`, else the mean of `samples` seeded resolutions, refined like an estimate. With
    /// `paths` at or above the path budget every action is scored in full at once.
    pub fn with_probe(mut self, paths: u64, samples: u32) -> Self {
        self.probe_paths = paths;
        self.probe_samples = samples.max(1);
        self
    }

    /// Sets how many estimated actions one decision may resolve (0: trust the estimates).
    /// `usize::MAX` resolves every action that keeps ranking first, which for a system
    /// without estimates is every action anyway.
    pub fn with_refinements(mut self, refinements: usize) -> Self {
        self.refinements = refinements;
        self
    }

    /// Sets how many dice paths an action may have before it is sampled instead.
    pub fn with_path_budget(mut self, paths: u64) -> Self {
        self.path_budget = paths;
        self
    }

    /// Sets how many samples score an action past the path budget (at least 1).
    pub fn with_samples(mut self, samples: u32) -> Self {
        self.samples = samples.max(1);
        self
    }
}

/// Why one enumeration stopped.
enum Probe {
    /// Past the path budget or a dice limit: sample instead.
    TooLarge,
    Failed(ResolveError),
}

impl From<SourceError> for Probe {
    fn from(e: SourceError) -> Self {
        match e {
            SourceError::TooManyPaths { .. } | SourceError::TooManyBranches { .. } => {
                Probe::TooLarge
            }
            other => Probe::Failed(ResolveError::Dice(other)),
        }
    }
}

impl From<ResolveError> for Probe {
    fn from(e: ResolveError) -> Self {
        match e {
            ResolveError::Dice(d) => d.into(),
            other => Probe::Failed(other),
        }
    }
}

/// A value that enumeration can use as an outcome key: `f64` ordered by `total_cmp`, so paths
/// with the same value merge into one outcome.
#[derive(Debug, Clone, Copy)]
struct Value(f64);

impl PartialEq for Value {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Value {}
impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Value {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// Resets the scratch state to `from`, reusing its allocations.
fn reset<'s, S: Clone>(scratch: &'s mut Option<S>, from: &S) -> &'s mut S {
    match scratch {
        Some(s) => {
            s.clone_from(from);
            s
        }
        None => scratch.insert(from.clone()),
    }
}

/// The heuristic after one path (or one sample) of `action`.
fn value_after<R: Evaluate>(
    rules: &R,
    state: &R::State,
    side: SideId,
    action: &R::Action,
    dice: &mut dyn DiceSource,
    events: &mut Vec<R::Event>,
    scratch: &mut Option<R::State>,
) -> Result<f64, ResolveError> {
    events.clear();
    rules.resolve(state, action, dice, events)?;
    let next = reset(scratch, state);
    for e in events.iter() {
        rules.apply(next, e);
    }
    Ok(rules.value(next, side))
}

impl<R: Evaluate> GreedyPolicy<R> {
    /// The expected value of `action` for `side`, exact when the enumeration fits the budget.
    fn score(
        &mut self,
        rules: &R,
        state: &R::State,
        side: SideId,
        index: usize,
        action: &R::Action,
        effort: Effort,
    ) -> (f64, Basis) {
        let (budget, samples) = match effort {
            Effort::Full => (self.path_budget, self.samples),
            Effort::Probe => (
                self.probe_paths.min(self.path_budget),
                self.probe_samples.min(self.samples),
            ),
        };
        let (events, scratch) = (&mut self.events, &mut self.scratch);
        let mut walked = 0u64;
        let exact = enumerate(|dice| -> Result<Value, Probe> {
            walked += 1;
            if walked > budget {
                return Err(Probe::TooLarge);
            }
            Ok(Value(value_after(
                rules, state, side, action, dice, events, scratch,
            )?))
        });
        match exact {
            Ok(e) => {
                // Ascending order of value: a fixed summation order, so the same score on every
                // run.
                let mean = e.outcomes.iter().map(|(v, p)| v.0 * to_f64(p)).sum();
                (mean, Basis::Exact { paths: e.paths })
            }
            Err(Probe::Failed(error)) => failed(error),
            Err(Probe::TooLarge) => self.sample(rules, state, side, index, action, samples),
        }
    }

    /// The mean of `samples` seeded resolutions. The seed comes from the policy's seed,
    /// the state's checksum, the side and the action, so the same question always gets the same
    /// estimate, whatever was asked before.
    fn sample(
        &mut self,
        rules: &R,
        state: &R::State,
        side: SideId,
        index: usize,
        action: &R::Action,
        samples: u32,
    ) -> (f64, Basis) {
        let seed = derive_seed(
            self.seed ^ rules.checksum(state),
            index as u64,
            u64::from(side),
        );
        let mut dice = SeededSource::new(seed);
        // Welford's running mean and squared deviations, in sample order.
        let (mut mean, mut m2) = (0.0f64, 0.0f64);
        for k in 0..samples {
            dice.begin_scope(u64::from(k));
            let v = match value_after(
                rules,
                state,
                side,
                action,
                &mut dice,
                &mut self.events,
                &mut self.scratch,
            ) {
                Ok(v) => v,
                Err(error) => return failed(error),
            };
            let n = f64::from(k + 1);
            let delta = v - mean;
            mean += delta / n;
            m2 += delta * (v - mean);
        }
        let n = f64::from(samples);
        let std_error = if samples > 1 {
            (m2 / (n - 1.0) / n).sqrt()
        } else {
            f64::INFINITY
        };
        (mean, Basis::Estimated { samples, std_error })
    }
}

fn failed(error: ResolveError) -> (f64, Basis) {
    (
        f64::NEG_INFINITY,
        Basis::Failed {
            error: error.to_string(),
        },
    )
}

/// A score as it ranks: NaN (a broken heuristic) ranks with the failures, last.
fn rank_key(score: f64) -> f64 {
    if score.is_nan() {
        f64::NEG_INFINITY
    } else {
        score
    }
}

impl<R: Evaluate> GreedyPolicy<R> {
    /// Scores every legal action (estimates first, best first refinement) and returns the
    /// index of the choice; the scores stay in `self.scores` for [`GreedyPolicy::scores`].
    pub(crate) fn rank(
        &mut self,
        rules: &R,
        state: &R::State,
        side: SideId,
        legal: &[R::Action],
    ) -> usize {
        let mut scores = std::mem::take(&mut self.scores);
        let mut estimates = std::mem::take(&mut self.estimates);
        rules.estimate(state, side, legal, &mut estimates);
        let mut settled = std::mem::take(&mut self.settled);
        scores.clear();
        settled.clear();
        for (i, action) in legal.iter().enumerate() {
            match estimates.get(i).copied().flatten() {
                Some(quick) => {
                    scores.push((quick, Basis::Quick));
                    settled.push(false);
                }
                None => {
                    let probe = self.score(rules, state, side, i, action, Effort::Probe);
                    // A probe that had to sample is only a first look, unless it already had
                    // the full budget.
                    settled.push(match probe.1 {
                        Basis::Estimated { samples, .. } => samples >= self.samples,
                        _ => true,
                    });
                    scores.push(probe);
                }
            }
        }
        // Best first: while the leader is only an estimate, score it in full and rank again.
        let mut index = best(&scores);
        for _ in 0..self.refinements {
            if settled[index] {
                break;
            }
            scores[index] = self.score(rules, state, side, index, &legal[index], Effort::Full);
            settled[index] = true;
            index = best(&scores);
        }
        self.scores = scores;
        self.estimates = estimates;
        self.settled = settled;
        index
    }

    /// The scores of the last ranking, one per legal action, in legal order.
    pub(crate) fn scores(&self) -> &[(f64, Basis)] {
        &self.scores
    }
}

/// The first strictly best score, so ties go to the earliest legal action.
fn best(scores: &[(f64, Basis)]) -> usize {
    let mut index = 0;
    for (i, (s, _)) in scores.iter().enumerate() {
        if rank_key(*s) > rank_key(scores[index].0) {
            index = i;
        }
    }
    index
}

impl<R: Evaluate> Policy<R> for GreedyPolicy<R> {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn choose(
        &mut self,
        rules: &R,
        state: &R::State,
        side: SideId,
        legal: &[R::Action],
        explain: Explain,
    ) -> Choice {
        // A forced move needs no scoring (unless someone asked why).
        if legal.len() == 1 && explain == Explain::No {
            return Choice {
                index: 0,
                explanation: None,
            };
        }
        let index = self.rank(rules, state, side, legal);
        let scores = std::mem::take(&mut self.scores);
        let explanation = (explain == Explain::Yes).then(|| {
            let mut ranked: Vec<Ranked> = scores
                .iter()
                .enumerate()
                .map(|(i, (score, basis))| Ranked {
                    index: i,
                    action: rules.action_text(state, &legal[i]),
                    score: *score,
                    basis: basis.clone(),
                })
                .collect();
            // A stable sort, best first: equal scores keep legal order, so the chosen action
            // (the first of the best) leads.
            // No NaN is left after `rank_key`, so `partial_cmp` is total, and unlike `total_cmp`
            // it ranks -0.0 and 0.0 as the tie the choice above took them for.
            ranked.sort_by(|a, b| {
                rank_key(b.score)
                    .partial_cmp(&rank_key(a.score))
                    .unwrap_or(Ordering::Equal)
            });
            Explanation {
                policy: "greedy",
                measure: "expected value",
                ranked,
            }
        });
        self.scores = scores;
        Choice { index, explanation }
    }
}
