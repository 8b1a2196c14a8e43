//! The decision protocol: a rule system says who decides now, offers the legal actions, and
//! resolves a chosen action into events through a dice source. Interrupts and reactions are
//! ordinary decisions: the system simply asks the reacting side next.

use fireteam_dice::{DiceSource, SourceError};
use serde::Serialize;
use std::fmt;
use thiserror::Error;

/// A side of the battle, by its index in the scenario (0-based).
pub type SideId = u8;
/// A unit (figure, vehicle, squad) by its index in the scenario (0-based).
pub type UnitId = u16;

/// Who decides now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Decision {
    /// `side` chooses one of the legal actions; `unit` is the figure it is choosing for, if the
    /// choice belongs to one (a reaction names the reacting unit).
    Choose { side: SideId, unit: Option<UnitId> },
    /// The battle is over.
    Over { outcome: Outcome },
}

/// How a battle ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "result", rename_all = "lowercase")]
pub enum Outcome {
    Winner { side: SideId },
    Draw,
}

/// An action text that names no legal action.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct ActionError {
    pub message: String,
    /// Close legal actions, to suggest.
    pub suggestions: Vec<String>,
}

/// Why resolving an action stopped.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ResolveError {
    /// The dice source could not answer (a script ran out, manual input closed…).
    #[error(transparent)]
    Dice(#[from] SourceError),
    /// The action is not legal in this state.
    #[error("illegal action: {0}")]
    Illegal(String),
}

/// One rule system, plugged into the engine.
///
/// Resolution is pure: [`RuleSystem::resolve`] reads the state and the dice and writes events;
/// [`RuleSystem::apply`] changes the state from one event. So the odds engine and the AI can
/// ask "what if" by resolving against a state without touching it.
pub trait RuleSystem {
    /// The whole battle state. Cloning it must be cheap enough for search.
    type State: Clone;
    /// A choice a side can make; [`RuleSystem::action_text`] gives its readable form.
    type Action: Clone + PartialEq + fmt::Debug;
    /// What happened, complete enough to draw the battle from.
    type Event: Clone + fmt::Debug + Serialize;

    /// The system's short name, e.g. `dice-pool`.
    fn name(&self) -> &'static str;
    /// The version of the rules implementation; saves record it.
    fn version(&self) -> &'static str;

    fn decision(&self, state: &Self::State) -> Decision;

    /// The legal actions now, appended to `out` (cleared by the caller). Each must be distinct
    /// and applicable, and their text forms distinct.
    fn legal_actions(&self, state: &Self::State, out: &mut Vec<Self::Action>);

    /// Resolves `action`, appending the events to `events`.
    fn resolve(
        &self,
        state: &Self::State,
        action: &Self::Action,
        dice: &mut dyn DiceSource,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), ResolveError>;

    /// Applies one event to the state.
    fn apply(&self, state: &mut Self::State, event: &Self::Event);

    /// The readable text form of an action in `state`, used in logs, scripts, the CLI and
    /// tests, e.g. `shoot Ana -> Boris with smg mode=FA`. Distinct legal actions have distinct
    /// texts.
    fn action_text(&self, state: &Self::State, action: &Self::Action) -> String;

    /// Reads an action from its text form; a cell in it may be written `14,1` (as action texts
    /// write cells), `14, 1`, `[14, 1]`, `(14,1)` or, where that names one action, `14 1`.
    fn parse_action(&self, state: &Self::State, text: &str) -> Result<Self::Action, ActionError> {
        let mut legal = Vec::new();
        self.legal_actions(state, &mut legal);
        let wanted = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if let Some(a) = legal.iter().find(|a| self.action_text(state, a) == wanted) {
            return Ok(a.clone());
        }
        // A cell written another way (`[14, 1]`, `(14,1)`, `14 1`), when it names one action.
        let canonical = crate::text::canonical_cells(&wanted);
        let mut same = legal
            .iter()
            .filter(|a| crate::text::canonical_cells(&self.action_text(state, a)) == canonical);
        if let (Some(a), None) = (same.next(), same.next()) {
            return Ok(a.clone());
        }
        let first_word = wanted.split(' ').next().unwrap_or("");
        let suggestions: Vec<String> = legal
            .iter()
            .map(|a| self.action_text(state, a))
            .filter(|t| t.split(' ').next() == Some(first_word))
            .take(5)
            .collect();
        Err(ActionError {
            message: format!("'{text}' is not a legal action now"),
            suggestions,
        })
    }

    /// A stable checksum of the state, the same on every machine (see [`crate::Checksum`]).
    fn checksum(&self, state: &Self::State) -> u64;

    /// Checks the rule invariants (the dead never act, ammunition is conserved, one figure per
    /// hex…); the conformance suite calls it after every action.
    fn invariants(&self, _state: &Self::State) -> Result<(), String> {
        Ok(())
    }
}

/// What batch simulation reports about a battle, beyond who won.
pub trait BattleStats: RuleSystem {
    /// The number of sides in this battle.
    fn sides(&self, state: &Self::State) -> usize;
    /// The side's units that are out of action (dead, unconscious, fled).
    fn casualties(&self, state: &Self::State, side: SideId) -> u32;
    /// Game rounds (turns) played so far.
    fn rounds(&self, state: &Self::State) -> u32;
}

/// A heuristic value of a state for one side, for AI policies: higher is better for `side`.
/// Greedy search takes the expectation of this value over an action's exact outcomes.
pub trait Evaluate: RuleSystem {
    fn value(&self, state: &Self::State, side: SideId) -> f64;

    /// Quick estimates of what each legal action is worth to `side`, on the scale of
    /// [`value`](Evaluate::value): the expected value after the action, reckoned from the
    /// system's own odds without resolving it through the dice. `out` is cleared and gets one
    /// entry per action, `None` where the system has no estimate (the AI then resolves the
    /// action exactly). A system may cache what it computes per situation (say, per
    /// destination hex), since every action of one decision shares the state. The default
    /// has no estimates, so the AI resolves every action.
    fn estimate(
        &self,
        _state: &Self::State,
        _side: SideId,
        legal: &[Self::Action],
        out: &mut Vec<Option<f64>>,
    ) {
        out.clear();
        out.resize(legal.len(), None);
    }
}

/// What a rule system does once a battle is over and before the next: healing, rewards, the
/// bills for what the battle used up. It is resolved from the final state alone, with no dice
/// and no decision, so it is no part of the battle: no action, no log entry, no checksum, and
/// saves and replays are unchanged. A front end that shows a finished battle asks for it and
/// applies its events with [`RuleSystem::apply`] to a copy of the final state; the simulator,
/// the odds and the AI stop at [`Decision::Over`] and never do. The default has nothing to do.
pub trait Aftermath: RuleSystem {
    /// Appends the aftermath of the finished battle `state` to `events` (nothing while the
    /// battle goes on).
    fn aftermath(&self, _state: &Self::State, _events: &mut Vec<Self::Event>) {}
}
