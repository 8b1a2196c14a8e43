//! The search policy: it plans past one action by playing the battle on.
//!
//! Greedy ranks the legal actions by their expected value one action ahead. Search takes the
//! best few of that ranking (`candidates`) and plays each of them out: it resolves the
//! candidate with seeded dice, then lets a fast greedy policy play every side for `horizon`
//! more actions (or to the end of the battle), and scores the state it reaches with the
//! system's own [`Evaluate::value`]. The rollouts are shared between the candidates by
//! sequential halving: each round gives every candidate left the same number of rollouts and
//! keeps the better half, so most of the budget goes to the actions worth telling apart.
//! This is the rollout algorithm (one step of policy improvement over greedy), chosen over a
//! full Monte Carlo tree because every step of a battle is a chance node with many outcomes,
//! where a tree's nodes are rarely revisited.
//!
//! Rollout `k` of a decision uses the same dice seed for every candidate (common random
//! numbers), so two candidates are compared on the same luck. Everything comes from the
//! policy's seed and the state's checksum: the same battle gets the same choices on every
//! machine. So the budget is counted in rollouts, not in seconds, which would make a battle
//! depend on the speed of the machine; `docs/ai.md` gives the time a rollout takes.
//!
//! It sees only the protocol ([`RuleSystem`], [`Evaluate`]), so it plays any rule system.

use crate::explain::{Basis, Explanation, Ranked};
use crate::greedy::GreedyPolicy;
use crate::policy::{Choice, Explain, Policy};
use crate::rng::derive_seed;
use fireteam_dice::{DiceSource, SeededSource};
use fireteam_engine::{Decision, Evaluate, ResolveError, SideId};

/// Rollouts per decision: at most about half a second a decision in the SKIRMISH arena.
pub const DEFAULT_ROLLOUTS: u32 = 64;
/// Actions each rollout plays after the candidate: about two turns of a 3-against-3 battle.
pub const DEFAULT_HORIZON: u32 = 30;
/// How many of greedy's best actions are searched.
pub const DEFAULT_CANDIDATES: usize = 4;

/// Plays each of greedy's best actions on for a few turns and picks the best on average.
pub struct SearchPolicy<R: Evaluate> {
    seed: u64,
    rollouts: u32,
    horizon: u32,
    candidates: usize,
    /// Ranks the candidates at the root.
    ranker: GreedyPolicy<R>,
    /// Plays every side during the rollouts: greedy on estimates, with little refinement.
    player: GreedyPolicy<R>,
    legal: Vec<R::Action>,
    events: Vec<R::Event>,
}

impl<R: Evaluate> SearchPolicy<R> {
    pub fn new(seed: u64) -> Self {
        SearchPolicy {
            seed,
            rollouts: DEFAULT_ROLLOUTS,
            horizon: DEFAULT_HORIZON,
            candidates: DEFAULT_CANDIDATES,
            ranker: GreedyPolicy::new(seed),
            player: GreedyPolicy::new(derive_seed(seed, 1, 0))
                .with_probe(8, 2)
                .with_refinements(2)
                .with_samples(16),
            legal: Vec::new(),
            events: Vec::new(),
        }
    }

    /// Sets the rollouts per decision (at least 1): the policy's time per decision.
    pub fn with_rollouts(mut self, rollouts: u32) -> Self {
        self.rollouts = rollouts.max(1);
        self
    }

    /// Sets how many actions a rollout plays after the candidate.
    pub fn with_horizon(mut self, horizon: u32) -> Self {
        self.horizon = horizon;
        self
    }

    /// Sets how many of greedy's best actions are searched (at least 1).
    pub fn with_candidates(mut self, candidates: usize) -> Self {
        self.candidates = candidates.max(1);
        self
    }

    /// The value for `side` after playing `action` and then `horizon` actions of greedy play,
    /// with the dice of rollout `k`.
    fn rollout(
        &mut self,
        rules: &R,
        state: &R::State,
        side: SideId,
        action: &R::Action,
        k: u64,
    ) -> Result<f64, ResolveError> {
        let mut dice = SeededSource::new(derive_seed(self.seed ^ rules.checksum(state), k, 2));
        let mut s = state.clone();
        let mut act = action.clone();
        for step in 0..=self.horizon {
            if step > 0 {
                let Decision::Choose { side: who, .. } = rules.decision(&s) else {
                    break;
                };
                self.legal.clear();
                rules.legal_actions(&s, &mut self.legal);
                if self.legal.is_empty() {
                    break;
                }
                let i = self
                    .player
                    .choose(rules, &s, who, &self.legal, Explain::No)
                    .index;
                act = self.legal[i].clone();
            }
            dice.begin_scope(u64::from(step));
            self.events.clear();
            rules.resolve(&s, &act, &mut dice, &mut self.events)?;
            for e in &self.events {
                rules.apply(&mut s, e);
            }
        }
        Ok(rules.value(&s, side))
    }
}

/// One candidate's running total.
struct Tally {
    index: usize,
    greedy: f64,
    sum: f64,
    runs: u32,
    failed: Option<String>,
}

impl Tally {
    fn mean(&self) -> f64 {
        if self.failed.is_some() {
            f64::NEG_INFINITY
        } else if self.runs == 0 {
            self.greedy
        } else {
            self.sum / f64::from(self.runs)
        }
    }
}

impl<R: Evaluate> Policy<R> for SearchPolicy<R> {
    fn name(&self) -> &'static str {
        "search"
    }

    fn choose(
        &mut self,
        rules: &R,
        state: &R::State,
        side: SideId,
        legal: &[R::Action],
        explain: Explain,
    ) -> Choice {
        if legal.len() == 1 && explain == Explain::No {
            return Choice {
                index: 0,
                explanation: None,
            };
        }
        let first = self.ranker.rank(rules, state, side, legal);
        // Greedy's best few, best first (its choice leads; ties keep legal order).
        let mut order: Vec<usize> = (0..legal.len()).collect();
        let scores = self.ranker.scores();
        order.sort_by(|&a, &b| {
            let key = |i: usize| {
                if i == first {
                    f64::INFINITY
                } else {
                    scores[i].0
                }
            };
            key(b).total_cmp(&key(a)).then(a.cmp(&b))
        });
        // Actions greedy scores alike (a facing that changes nothing, the same step with or
        // without a guard that cannot matter) mostly lead to the same battle: the rollouts are
        // spent on actions greedy tells apart, the first of each equal score standing for it.
        let mut picked: Vec<usize> = Vec::with_capacity(self.candidates);
        for &i in &order {
            if picked.len() == self.candidates {
                break;
            }
            if picked.iter().all(|&j| scores[j].0 != scores[i].0) {
                picked.push(i);
            }
        }
        let mut tallies: Vec<Tally> = picked
            .iter()
            .map(|&index| Tally {
                index,
                greedy: scores[index].0,
                sum: 0.0,
                runs: 0,
                failed: None,
            })
            .collect();
        // Sequential halving over the rollout budget.
        let rounds = (usize::BITS - (tallies.len().max(1) - 1).leading_zeros()).max(1);
        let mut alive = tallies.len();
        let mut next_k = 0u64;
        for round in 0..rounds {
            if alive <= 1 {
                break;
            }
            let per = (self.rollouts / (rounds * alive as u32)).max(1);
            for _ in 0..per {
                let k = next_k;
                next_k += 1;
                for t in tallies.iter_mut().take(alive) {
                    if t.failed.is_some() {
                        continue;
                    }
                    match self.rollout(rules, state, side, &legal[t.index], k) {
                        Ok(v) => {
                            t.sum += v;
                            t.runs += 1;
                        }
                        Err(e) => t.failed = Some(e.to_string()),
                    }
                }
            }
            // Keep the better half (a stable sort: ties keep greedy's order).
            tallies[..alive].sort_by(|a, b| b.mean().total_cmp(&a.mean()));
            if round + 1 < rounds {
                alive = alive.div_ceil(2);
            }
        }
        let index = tallies[0].index;
        let explanation = (explain == Explain::Yes).then(|| {
            let ranked = tallies
                .iter()
                .map(|t| Ranked {
                    index: t.index,
                    action: rules.action_text(state, &legal[t.index]),
                    score: t.mean(),
                    basis: match &t.failed {
                        Some(error) => Basis::Failed {
                            error: error.clone(),
                        },
                        None => Basis::Rollouts {
                            rollouts: t.runs,
                            horizon: self.horizon,
                        },
                    },
                })
                .collect();
            Explanation {
                policy: "search",
                measure: "mean value after rollouts of greedy play",
                ranked,
            }
        });
        Choice { index, explanation }
    }
}
