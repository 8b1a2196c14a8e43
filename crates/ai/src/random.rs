//! The random policy: a baseline opponent and the conformance-style fuzzer of a rule system.

use crate::explain::{Basis, Explanation, Ranked};
use crate::policy::{Choice, Explain, Policy};
use crate::rng::SplitMix64;
use fireteam_engine::{RuleSystem, SideId};

/// Picks uniformly among the legal actions with its own SplitMix64 generator. Seed it per
/// battle and side (the simulator does, with [`crate::rng::derive_seed`]); it never touches
/// the dice streams.
#[derive(Debug, Clone)]
pub struct RandomPolicy {
    rng: SplitMix64,
}

impl RandomPolicy {
    pub fn new(seed: u64) -> Self {
        RandomPolicy {
            rng: SplitMix64::new(seed),
        }
    }
}

impl<R: RuleSystem> Policy<R> for RandomPolicy {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(
        &mut self,
        rules: &R,
        state: &R::State,
        _side: SideId,
        legal: &[R::Action],
        explain: Explain,
    ) -> Choice {
        let index = self.rng.below(legal.len());
        let explanation = (explain == Explain::Yes).then(|| {
            // Every action had the same chance; the chosen one leads, the rest keep their order.
            let chance = 1.0 / legal.len() as f64;
            let order = std::iter::once(index).chain((0..legal.len()).filter(|&i| i != index));
            Explanation {
                policy: "random",
                measure: "chance of being picked",
                ranked: order
                    .map(|i| Ranked {
                        index: i,
                        action: rules.action_text(state, &legal[i]),
                        score: chance,
                        basis: Basis::Uniform,
                    })
                    .collect(),
            }
        });
        Choice { index, explanation }
    }
}
