//! What can stop a batch, with enough context to replay the battle that broke.

use std::io;
use std::ops::Range;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum SimError {
    /// A battle could not go on: the rule system offered no legal action, asked a side that
    /// has no policy, or failed to resolve an action it offered.
    #[error("battle {index} (dice seed {dice_seed}) stopped at action {step}: {message}")]
    Battle {
        index: u64,
        dice_seed: u64,
        step: u64,
        message: String,
    },
    #[error("battle {index} has {got} sides but {} given policies; give one per side, in scenario order", plural_were(*expected))]
    Sides {
        index: u64,
        expected: usize,
        got: usize,
    },
    #[error("cannot start {threads} simulation threads: {message}")]
    Threads { threads: usize, message: String },
    /// More threads than [`crate::MAX_THREADS`]: asking the system for them can take minutes.
    #[error(
        "{threads} simulation threads are more than the limit of {limit}; use 0 for one per core"
    )]
    TooManyThreads { threads: usize, limit: usize },
    /// The battle indices `first..first + runs` pass the largest index.
    #[error(
        "battles {first} + {runs} pass the last battle index {}; start lower",
        u64::MAX
    )]
    Range { first: u64, runs: u64 },
    #[error("cannot write a battle record: {0}")]
    Io(#[from] io::Error),
}

/// "1 was", "2 were".
fn plural_were(n: usize) -> String {
    format!("{n} {}", fireteam_engine::plural(n, "was", "were"))
}

/// Why two reports do not merge.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MergeError {
    #[error("the reports come from different seeds ({a} and {b}); only shards of one run merge")]
    Seed { a: u64, b: u64 },
    #[error("the reports have different sides ({a:?} and {b:?})")]
    Sides { a: Vec<String>, b: Vec<String> },
    #[error(
        "battles {a:?} and {b:?} are not adjacent; merge shards in order of their first battle"
    )]
    NotAdjacent { a: Range<u64>, b: Range<u64> },
}
