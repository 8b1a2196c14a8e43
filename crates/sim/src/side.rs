//! A side of a simulated battle: its name for the report and how to build its AI.

use fireteam_ai::{Policy, PolicyError, PolicyKind, RandomPolicy};
use fireteam_engine::{Evaluate, RuleSystem};
use std::fmt;
use std::sync::Arc;

/// Builds a side's policy for one battle from that battle's AI seed. Shared by all threads.
pub type PolicyFactory<R> = Arc<dyn Fn(u64) -> Box<dyn Policy<R>> + Send + Sync>;

/// One side, in scenario order.
pub struct Side<R: RuleSystem> {
    /// The side's name, as the report and the CSV show it.
    pub name: String,
    /// What plays it, e.g. `greedy`; for messages.
    pub policy: String,
    factory: PolicyFactory<R>,
}

impl<R: RuleSystem> Side<R> {
    /// A side played by any policy; `factory` gets the battle's AI seed for this side.
    pub fn new(
        name: impl Into<String>,
        policy: impl Into<String>,
        factory: impl Fn(u64) -> Box<dyn Policy<R>> + Send + Sync + 'static,
    ) -> Self {
        Side {
            name: name.into(),
            policy: policy.into(),
            factory: Arc::new(factory),
        }
    }

    /// A side played by [`RandomPolicy`], which works for every rule system.
    pub fn random(name: impl Into<String>) -> Self {
        Side::new(name, "random", |seed| Box::new(RandomPolicy::new(seed)))
    }

    /// A fresh policy for one battle.
    pub fn build(&self, seed: u64) -> Box<dyn Policy<R>> {
        (self.factory)(seed)
    }
}

impl<R: Evaluate + 'static> Side<R> {
    /// A side played by a registry policy.
    pub fn with_kind(name: impl Into<String>, kind: PolicyKind) -> Self {
        Side::new(name, kind.name(), move |seed| kind.build(seed))
    }

    /// A side played by the policy named `policy` (`random`, `greedy`); the error lists the
    /// known names.
    pub fn ai(name: impl Into<String>, policy: &str) -> Result<Self, PolicyError> {
        Ok(Side::with_kind(name, policy.parse()?))
    }
}

impl<R: RuleSystem> Clone for Side<R> {
    fn clone(&self) -> Self {
        Side {
            name: self.name.clone(),
            policy: self.policy.clone(),
            factory: Arc::clone(&self.factory),
        }
    }
}

impl<R: RuleSystem> fmt::Debug for Side<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Side")
            .field("name", &self.name)
            .field("policy", &self.policy)
            .finish_non_exhaustive()
    }
}
