//! # fireteam-dice-pool
//!
//! The d6 dice-pool system (`shared/rules/dice-pool`): pools of d6 against range difficulties
//! raised by dodge dice, Damage Level against Pain Resistance. Every rule names its `DP-` ID at
//! the code that implements it; `docs/rules/dice-pool.md` is the coverage matrix.
//!
//! The crate follows the page: [`data`] (characters and weapons), [`resolve`] (the rolls),
//! [`system`] (the turn: initiative, movement, actions, defense), [`apply`] (what events do),
//! [`geometry`] (the map at 1 m per hex), and for front ends [`narrate`] and [`present`] (the
//! engine's `Present` and `ActionOdds`).

pub mod action;
pub mod apply;
pub mod data;
mod estimate;
pub mod event;
pub mod geometry;
pub mod narrate;
pub mod odds;
pub mod options;
pub mod present;
pub mod resolve;
pub mod scenario;
pub mod schema;
pub mod setup;
pub mod state;
pub mod system;
mod value;

pub use action::Action;
pub use event::Event;
pub use options::Options;
pub use setup::{Setup, UnitSetup};
pub use state::State;
pub use system::DicePool;
