//! # fireteam-ai
//!
//! Policies that play a side of any rule system through the decision protocol of
//! `fireteam-engine`. A policy sees only what the protocol offers — the state, the deciding side
//! and the legal actions — so it never assumes one system's character model.
//!
//! - [`RandomPolicy`]: uniform over the legal actions, from its own generator (never the dice
//!   streams, so an AI's choices cannot shift a single roll).
//! - [`FirstPolicy`]: the first legal action, which each system lists as its most direct one;
//!   deterministic, for benchmarks and exact checks.
//! - [`GreedyPolicy`]: one-ply search on the exact expected value of the system's
//!   [`Evaluate`](fireteam_engine::Evaluate) heuristic, computed by enumerating each action's
//!   dice; past a path budget it samples, and says so. It asks the system for quick
//!   estimates first and resolves only the actions that could be chosen.
//! - [`SearchPolicy`]: plans past one action: it plays greedy's best few on with rollouts of
//!   greedy play and keeps the best on average, within a budget of rollouts per decision.
//!
//! Every policy can explain its choice as a ranked list of actions with scores, so "why did the
//! AI do that" has an answer in the log. Policies are named in scenarios as `ai:<policy>`; see
//! [`registry`].
//!
//! ```
//! use fireteam_ai::PolicyKind;
//! assert_eq!("greedy".parse::<PolicyKind>().unwrap(), PolicyKind::Greedy);
//! let err = "minimax".parse::<PolicyKind>().unwrap_err();
//! assert!(err.to_string().contains("random, greedy, first, search"));
//! ```

mod explain;
mod first;
mod greedy;
mod policy;
mod random;
pub mod registry;
pub mod rng;
mod search;

pub use explain::{Basis, Explanation, Ranked};
pub use first::FirstPolicy;
pub use greedy::GreedyPolicy;
pub use policy::{Choice, Explain, Policy};
pub use random::RandomPolicy;
pub use registry::{build_policy, parse_controller, PolicyError, PolicyKind};
pub use search::SearchPolicy;
