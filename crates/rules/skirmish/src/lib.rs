//! # fireteam-skirmish
//!
//! SKIRMISH! v2.0 Draft C (`shared/rules/skirmish`): 3d6 (or more) against effective DEX on a
//! hex map with facing and threat zones; a movement phase in initiative order, then an action
//! phase in effective-DEX order. Every rule names its `SK-` ID at the code that implements it;
//! `docs/rules/skirmish.md` is the coverage matrix, and every gap resolution of GAPS.md with a
//! choice is an `sk.*` option ([`options`]).
//!
//! The crate follows the book: [`autoresult`] and [`progression`] (the dice tables), [`turn`]
//! (the turn in the book's order: initiative, movement, actions, forced retreats, the end of the
//! turn), `legal` (each phase's legal actions), `attack` (one module per kind of attack),
//! [`combat`] (rolls to hit, damage, effects), [`fire`] (figures and hexes on fire), [`geometry`]
//! (threat zones, reach, lines of fire), [`hands`] (what a figure holds, and how), [`stealth`]
//! (figures hidden from the enemy, and hearing them), [`character`],
//! [`encumbrance`] and [`experience`] (creation and advancement).
//! [`cloud`] (smoke and gas), [`shield`] (energy shields) and [`light`] (the flashlight) follow
//! §16.12, §14.3 and §17.5; [`practice`] (practice combat), [`escape`] (the arena's entrance
//! hexes) and [`aftermath`] (after the battle: healing, rewards, bills) follow §19, §6.5.1,
//! §6.8.1, §15.1 and §21.7.
//! [`system`] is the `RuleSystem` itself, and `resolve` hands each action to the module of its
//! rule.

pub mod action;
pub mod aftermath;
pub mod apply;
pub mod attack;
pub mod autoresult;
pub mod character;
pub mod cloud;
pub mod combat;
pub mod data;
pub mod encumbrance;
mod estimate;
// ---- the arena (§19.1)
pub mod escape;
pub mod event;
pub mod experience;
pub mod fire;
pub mod geometry;
pub mod hands;
// ---- microgravity and vacuum (§17.10, §17.11)
mod legal;
pub mod light;
pub mod microgravity;
pub mod options;
pub mod practice;
pub mod present;
pub mod progression;
mod readying;
mod resolve;
pub mod scenario;
pub mod schema;
pub mod shield;
pub mod skills;
pub mod state;
pub mod stealth;
pub mod system;
pub mod terrain;
pub mod text;
mod threat;
pub mod turn;
pub mod vacuum;
mod value;
pub mod view;

pub use action::Action;
pub use event::Event;
pub use state::State;
pub use system::Skirmish;
