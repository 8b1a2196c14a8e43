//! The `first` policy: always the first legal action. Each system lists its most direct action
//! first (SKIRMISH: attack before anything else, stand still before moving, decline optional
//! reactions), so this plays the plain "everyone attacks every turn" fight a benchmark or an
//! exact check needs: deterministic, and as cheap as a policy can be.

use crate::explain::{Basis, Explanation, Ranked};
use crate::policy::{Choice, Explain, Policy};
use fireteam_engine::{RuleSystem, SideId};

#[derive(Debug, Clone, Copy, Default)]
pub struct FirstPolicy;

impl<R: RuleSystem> Policy<R> for FirstPolicy {
    fn name(&self) -> &'static str {
        "first"
    }

    fn choose(
        &mut self,
        rules: &R,
        state: &R::State,
        _side: SideId,
        legal: &[R::Action],
        explain: Explain,
    ) -> Choice {
        let explanation = (explain == Explain::Yes).then(|| Explanation {
            policy: "first",
            measure: "list order (the system lists its most direct action first)",
            ranked: (0..legal.len())
                .map(|i| Ranked {
                    index: i,
                    action: rules.action_text(state, &legal[i]),
                    score: if i == 0 { 1.0 } else { 0.0 },
                    basis: Basis::Uniform,
                })
                .collect(),
        });
        Choice {
            index: 0,
            explanation,
        }
    }
}
