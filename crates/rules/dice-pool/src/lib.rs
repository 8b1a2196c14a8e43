//! # fireteam-dice-pool
//!
//! The d6 dice-pool system (`shared/rules/dice-pool`): pools of d6 against range difficulties
//! raised by dodge dice, Damage Level against Pain Resistance. Every rule names its `DP-` ID at
//! the code that implements it; `docs/rules/dice-pool.md` is the coverage matrix.

pub mod data;
pub mod options;
pub mod resolve;

pub use options::Options;
