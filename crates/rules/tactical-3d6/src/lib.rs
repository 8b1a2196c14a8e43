//! # fireteam-tactical-3d6
//!
//! The GURPS-style 3d6 system (`shared/rules/tactical-3d6`): one-second turns, one maneuver
//! each, 3d6 against effective skill, an active defense the target chooses after every hit,
//! then damage through DR with wounding multipliers by hit location, shock, knockdown and stun.
//! Every rule names its `T3-` ID at the code that implements it; `docs/rules/tactical-3d6.md`
//! is the coverage matrix.

pub mod data;
pub mod options;
pub mod tables;

pub use options::Options;
