//! A policy's reasoning, ranked, for the log: "why did the AI do that" gets an answer in the
//! same numbers the odds engine gives.

use fireteam_engine::count;
use serde::Serialize;
use std::fmt;

/// Where a score came from, so an estimate is never shown as exact.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "basis", rename_all = "lowercase")]
pub enum Basis {
    /// The exact expectation over every path through the action's dice.
    Exact { paths: u64 },
    /// The mean of seeded samples, because enumeration would have walked too many paths.
    Estimated { samples: u32, std_error: f64 },
    /// The rule system's quick estimate from its own odds ([`fireteam_engine::Evaluate::estimate`]):
    /// the action was not resolved, because its estimate never ranked first.
    Quick,
    /// The mean value after `rollouts` plays of `horizon` more actions (the search policy).
    Rollouts { rollouts: u32, horizon: u32 },
    /// A random policy's chance of picking the action.
    Uniform,
    /// The action failed to resolve (a bug in the rule system); it ranks last.
    Failed { error: String },
}

/// One action in a ranking.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ranked {
    /// Its index among the legal actions.
    pub index: usize,
    /// Its text form, as the log and the CLI write it.
    pub action: String,
    pub score: f64,
    #[serde(flatten)]
    pub basis: Basis,
}

/// The ranked choices of one decision, best first; the chosen action is the first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Explanation {
    pub policy: &'static str,
    /// What the score measures, e.g. `expected value`.
    pub measure: &'static str,
    pub ranked: Vec<Ranked>,
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} ranks by {}:", self.policy, self.measure)?;
        for (place, r) in self.ranked.iter().enumerate() {
            write!(f, "  {:>2}. {}  {:.4}", place + 1, r.action, r.score)?;
            match &r.basis {
                Basis::Exact { paths } => {
                    writeln!(f, " (exact, {})", count(*paths, "path", "paths"))?
                }
                Basis::Estimated { samples, std_error } => writeln!(
                    f,
                    " (estimated from {}, standard error {std_error:.4})",
                    count(*samples, "sample", "samples")
                )?,
                Basis::Quick => writeln!(f, " (quick estimate, not resolved)")?,
                Basis::Rollouts { rollouts, horizon } => writeln!(
                    f,
                    " ({} of {})",
                    count(*rollouts, "rollout", "rollouts"),
                    count(*horizon, "action", "actions")
                )?,
                Basis::Uniform => writeln!(f, " (uniform)")?,
                Basis::Failed { error } => writeln!(f, " (failed: {error})")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_path_one_sample_and_one_rollout_are_singular() {
        let ranked = |basis| Ranked {
            index: 0,
            action: "wait".into(),
            score: 0.0,
            basis,
        };
        let e = Explanation {
            policy: "greedy",
            measure: "expected value",
            ranked: vec![
                ranked(Basis::Exact { paths: 1 }),
                ranked(Basis::Estimated {
                    samples: 1,
                    std_error: 0.0,
                }),
                ranked(Basis::Rollouts {
                    rollouts: 1,
                    horizon: 1,
                }),
            ],
        };
        let text = e.to_string();
        assert!(text.contains("(exact, 1 path)"), "{text}");
        assert!(text.contains("estimated from 1 sample,"), "{text}");
        assert!(text.contains("(1 rollout of 1 action)"), "{text}");
    }
}
