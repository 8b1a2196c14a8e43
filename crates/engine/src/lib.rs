//! # fireteam-engine
//!
//! What the five rule systems share: the "who decides now" protocol, typed modifier records,
//! the battle driver that resolves actions through a dice source and logs them, replays with a
//! checksum after every action, atomic saves, and the conformance suite every system runs.
//!
//! It is not a character model: each system brings its own state, actions and events through
//! [`RuleSystem`]. See `docs/ARCHITECTURE.md` for how each system's turn structure maps onto
//! the protocol.

pub mod battle;
pub mod checksum;
pub mod conformance;
pub mod modifier;
pub mod present;
pub mod protocol;
pub mod save;
pub mod text;
pub mod toy;
pub mod view;

pub use battle::{Battle, LogEntry, StepError};
pub use checksum::Checksum;
pub use modifier::{Modifier, RuleId};
pub use present::{ActionOdds, Present};
pub use protocol::{
    ActionError, Aftermath, BattleStats, Decision, Evaluate, Outcome, ResolveError, RuleSystem,
    SideId, UnitId,
};
pub use save::{Save, SaveError};
/// The JSON library of [`Present::header`], for systems that have no direct dependency on it.
pub use serde_json;
pub use text::{count, plural};
pub use view::{ActionView, Board, Cell, Focus, GridShape, Mark, SideView, TerrainView, UnitView};
