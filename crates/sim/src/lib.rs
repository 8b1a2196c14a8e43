//! # fireteam-sim
//!
//! The batch runner: plays many battles of any rule system headlessly, in parallel, with AI
//! policies on every side, and reports win rates with 95% confidence intervals, draws,
//! timeouts, casualties and rounds.
//!
//! - **Deterministic.** Battle `i` of a run seeded `s` takes its dice seed and each side's AI
//!   seed from `(s, i)` alone ([`seeds`]), and results are folded in battle order, so the report
//!   and the CSV are the same for any thread count.
//! - **Shardable.** A run covers battle indices `first..first + runs`; shards of one seed merge
//!   ([`SimReport::merge`]) into exactly the report of one run over their union.
//! - **Quiet.** Battles keep no log and format no text; narration is for single games.

mod battle;
mod csv;
mod error;
mod report;
pub mod seeds;
mod side;
mod simulate;
pub mod stats;

pub use battle::{run_battle, BattleRecord, BattleResult};
pub use csv::CsvWriter;
pub use error::{MergeError, SimError};
pub use report::{SideReport, SimReport, Timing};
pub use side::{PolicyFactory, Side};
pub use simulate::{simulate, simulate_with, SimConfig, MAX_THREADS};
