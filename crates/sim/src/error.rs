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
    #[error("battle {index} has {got} sides but {expected} were given policies; give one per side, in scenario order")]
    Sides {
        index: u64,
        expected: usize,
        got: usize,
    },
    #[error("cannot start {threads} simulation threads: {message}")]
    Threads { threads: usize, message: String },
    #[error("cannot write a battle record: {0}")]
    Io(#[from] io::Error),
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
