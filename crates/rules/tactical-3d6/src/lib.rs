//! # fireteam-tactical-3d6
//!
//! The GURPS-style 3d6 system (`shared/rules/tactical-3d6`): one-second turns, one maneuver
//! each, 3d6 against effective skill, an active defense the target chooses after every hit,
//! then damage through DR with wounding multipliers by hit location, shock, knockdown and stun.
//! Every rule names its `T3-` ID at the code that implements it; `docs/rules/tactical-3d6.md`
//! is the coverage matrix.
//!
//! The crate follows the sheet: [`tables`] (every table), [`data`] (what the sheet reads but
//! never gives: weapons, armour, cover), [`state`] (characters and fighters), [`maneuver`]
//! (the maneuvers), [`combat`] (the attack checklist: attack, defense, damage, and what
//! follows), [`falling`], [`turn`] (the second and its order), [`legal`] (the choices),
//! [`apply`] (what events do), and [`system`] (the protocol).

pub mod action;
pub mod apply;
pub mod catalog;
pub mod combat;
pub mod ctx;
pub mod data;
pub mod event;
pub mod falling;
pub mod geometry;
pub mod legal;
pub mod maneuver;
pub mod narrate;
pub mod options;
pub mod present;
pub mod schema;
pub mod setup;
pub mod state;
pub mod system;
pub mod tables;
pub mod turn;
mod value;

pub use action::Action;
pub use event::Event;
pub use options::Options;
pub use state::State;
pub use system::Tactical3d6;
