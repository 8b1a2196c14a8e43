//! The policy trait: how an AI plays a side through the decision protocol.

use crate::explain::Explanation;
use fireteam_engine::{RuleSystem, SideId};

/// Whether the caller wants the ranked reasoning behind a choice. Batch simulation says no, so
/// no action is formatted as text in its hot loop; a logged game says yes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Explain {
    No,
    Yes,
}

/// A policy's answer: which legal action, and, when asked, why.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// The index of the chosen action in the `legal` slice the policy was given.
    pub index: usize,
    pub explanation: Option<Explanation>,
}

/// An AI that decides for a side.
///
/// A policy is built per battle and side (the simulator seeds each one), so it may keep
/// buffers and a generator in `self`. It must be deterministic given its seed and the calls it
/// has seen, because batch results have to be reproducible.
pub trait Policy<R: RuleSystem> {
    /// The registry name of the policy, e.g. `greedy`.
    fn name(&self) -> &'static str;

    /// Chooses one of `legal` (the rule system's legal actions for `side` in `state`, in the
    /// system's order). `legal` must not be empty; the caller checks, since an empty list is
    /// a broken rule system, not a decision.
    fn choose(
        &mut self,
        rules: &R,
        state: &R::State,
        side: SideId,
        legal: &[R::Action],
        explain: Explain,
    ) -> Choice;
}

impl<R: RuleSystem, P: Policy<R> + ?Sized> Policy<R> for Box<P> {
    fn name(&self) -> &'static str {
        (**self).name()
    }

    fn choose(
        &mut self,
        rules: &R,
        state: &R::State,
        side: SideId,
        legal: &[R::Action],
        explain: Explain,
    ) -> Choice {
        (**self).choose(rules, state, side, legal, explain)
    }
}
