//! The battle driver: asks the rule system who decides, resolves the chosen action through a
//! dice source, applies the events, and logs the action with a checksum of the new state.

use crate::protocol::{Decision, ResolveError, RuleSystem};
use fireteam_dice::{Dice, DiceSource, Purpose, SourceError, SourceKind};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One logged action: its text, the checksum of the state after it, and, for dice that did not
/// come from the seed (rolled at the table or scripted), the faces rolled, so a replay needs
/// nothing but the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    pub action: String,
    pub checksum: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faces: Option<Vec<i64>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StepError {
    #[error("the battle is over")]
    Over,
    #[error(transparent)]
    Resolve(#[from] ResolveError),
}

/// A battle in progress.
pub struct Battle<'r, R: RuleSystem> {
    rules: &'r R,
    state: R::State,
    log: Vec<LogEntry>,
    keep_log: bool,
    steps: u64,
    events: Vec<R::Event>,
    faces: Vec<i64>,
}

impl<'r, R: RuleSystem> Battle<'r, R> {
    pub fn new(rules: &'r R, state: R::State) -> Self {
        Battle {
            rules,
            state,
            log: Vec::new(),
            keep_log: true,
            steps: 0,
            events: Vec::new(),
            faces: Vec::new(),
        }
    }

    /// Keeps no log: for batch simulation, where formatting every action would cost.
    pub fn without_log(mut self) -> Self {
        self.keep_log = false;
        self
    }

    pub fn rules(&self) -> &'r R {
        self.rules
    }

    pub fn state(&self) -> &R::State {
        &self.state
    }

    pub fn decision(&self) -> Decision {
        self.rules.decision(&self.state)
    }

    /// The number of actions taken so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// Resolves and applies `action`. The dice scope is the action's index, so the seeded
    /// source gives every action its own streams.
    pub fn step(
        &mut self,
        action: &R::Action,
        dice: &mut dyn DiceSource,
    ) -> Result<&[R::Event], StepError> {
        if let Decision::Over { .. } = self.decision() {
            return Err(StepError::Over);
        }
        dice.begin_scope(self.steps);
        let text = self
            .keep_log
            .then(|| self.rules.action_text(&self.state, action));
        self.events.clear();
        let record_faces = self.keep_log && dice.kind() != SourceKind::Seeded;
        self.faces.clear();
        if record_faces {
            let mut rec = Recording {
                inner: dice,
                faces: &mut self.faces,
            };
            self.rules
                .resolve(&self.state, action, &mut rec, &mut self.events)?;
        } else {
            self.rules
                .resolve(&self.state, action, dice, &mut self.events)?;
        }
        for e in &self.events {
            self.rules.apply(&mut self.state, e);
        }
        self.steps += 1;
        if self.keep_log {
            self.log.push(LogEntry {
                action: text.unwrap_or_default(),
                checksum: self.rules.checksum(&self.state),
                faces: record_faces.then(|| self.faces.clone()),
            });
        }
        Ok(&self.events)
    }
}

/// Passes rolls through and keeps their faces.
struct Recording<'a> {
    inner: &'a mut dyn DiceSource,
    faces: &'a mut Vec<i64>,
}

impl DiceSource for Recording<'_> {
    fn roll_into(
        &mut self,
        purpose: &Purpose<'_>,
        dice: Dice,
        faces: &mut Vec<u32>,
    ) -> Result<(), SourceError> {
        self.inner.roll_into(purpose, dice, faces)?;
        self.faces.extend(faces.iter().map(|&f| i64::from(f)));
        Ok(())
    }

    fn roll_total(&mut self, purpose: &Purpose<'_>, dice: Dice) -> Result<i64, SourceError> {
        // The faces are needed for the record, so roll them rather than the total alone.
        let mut faces = Vec::with_capacity(dice.count as usize);
        self.roll_into(purpose, dice, &mut faces)?;
        Ok(faces.iter().map(|&f| i64::from(f)).sum())
    }

    fn begin_scope(&mut self, scope: u64) {
        self.inner.begin_scope(scope);
    }

    fn kind(&self) -> SourceKind {
        self.inner.kind()
    }
}
