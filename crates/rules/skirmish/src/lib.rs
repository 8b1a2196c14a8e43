//! # fireteam-skirmish
//!
//! SKIRMISH! v2.0 Draft C (`shared/rules/skirmish`): 3d6 (or more) against effective DEX on a
//! hex map with facing and threat zones; a movement phase in initiative order, then an action
//! phase in effective-DEX order. Every rule names its `SK-` ID at the code that implements it;
//! `docs/rules/skirmish.md` is the coverage matrix, and every gap resolution of GAPS.md with a
//! choice is an `sk.*` option ([`options`]).

pub mod character;
pub mod schema;
