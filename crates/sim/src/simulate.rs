//! The parallel driver. Battles run on a rayon pool of the requested size, in blocks of
//! consecutive indices; each block's records come back in index order and are folded into the
//! report and handed to the row sink in that order. Every sum is an integer, so the report and
//! the CSV are byte for byte the same for 1 thread or 64, and memory stays bounded by a block
//! however many battles run.

use crate::battle::{run_battle, BattleRecord};
use crate::error::SimError;
use crate::report::{SimReport, Timing};
use crate::side::Side;
use fireteam_engine::BattleStats;
use rayon::prelude::*;
use std::io;
use std::time::Instant;

/// Battles per thread in one block: enough to keep every thread busy through uneven battle
/// lengths, few enough that records do not pile up.
const BLOCK_PER_THREAD: u64 = 256;

/// The most worker threads a run may ask for. Far past any core count, and low enough that
/// starting them is quick (a hundred thousand threads take the system minutes, or fail).
pub const MAX_THREADS: usize = 256;

/// What to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SimConfig {
    /// The first battle index: a shard runs `first..first + runs`.
    pub first: u64,
    pub runs: u64,
    pub seed: u64,
    /// Worker threads; 0 means one per core.
    pub threads: usize,
    /// Actions after which an undecided battle stops as a timeout (a draw).
    pub max_steps: u32,
    /// Whether the report carries timing. Off, two runs of the same battles give equal reports.
    pub timing: bool,
}

impl SimConfig {
    /// `runs` battles from index 0 on one thread, a 10,000-action limit, with timing.
    pub fn new(runs: u64, seed: u64) -> Self {
        SimConfig {
            first: 0,
            runs,
            seed,
            threads: 1,
            max_steps: 10_000,
            timing: true,
        }
    }
}

/// Runs `config.runs` battles, battle `i` starting from `make_initial(i)`, and reports. See
/// [`simulate_with`] to receive each battle's record as well.
///
/// `progress(n)` is called from the worker threads with the number of battles just finished
/// (an increment, 1 today), so a progress bar's `inc` fits it.
pub fn simulate<R, F, P>(
    rules: &R,
    make_initial: F,
    sides: &[Side<R>],
    config: &SimConfig,
    progress: P,
) -> Result<SimReport, SimError>
where
    R: BattleStats + Sync,
    F: Fn(u64) -> R::State + Sync,
    P: Fn(u64) + Sync,
{
    simulate_with(rules, make_initial, sides, config, progress, |_| Ok(()))
}

/// As [`simulate`], and hands every battle's record to `each`, in battle index order whatever
/// the thread count (for [`crate::CsvWriter`]). The first error, in index order, stops the run.
pub fn simulate_with<R, F, P, W>(
    rules: &R,
    make_initial: F,
    sides: &[Side<R>],
    config: &SimConfig,
    progress: P,
    mut each: W,
) -> Result<SimReport, SimError>
where
    R: BattleStats + Sync,
    F: Fn(u64) -> R::State + Sync,
    P: Fn(u64) + Sync,
    W: FnMut(&BattleRecord) -> io::Result<()>,
{
    let started = Instant::now();
    if config.threads > MAX_THREADS {
        return Err(SimError::TooManyThreads {
            threads: config.threads,
            limit: MAX_THREADS,
        });
    }
    let Some(end) = config.first.checked_add(config.runs) else {
        return Err(SimError::Range {
            first: config.first,
            runs: config.runs,
        });
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .thread_name(|i| format!("fireteam-sim-{i}"))
        .build()
        .map_err(|e| SimError::Threads {
            threads: config.threads,
            message: e.to_string(),
        })?;
    let names: Vec<String> = sides.iter().map(|s| s.name.clone()).collect();
    let mut report = SimReport::new(config.seed, config.first, &names);
    let block = BLOCK_PER_THREAD * pool.current_num_threads().max(1) as u64;
    let mut start = config.first;
    while start < end {
        let stop = start.saturating_add(block).min(end);
        // An indexed parallel iterator collects in index order, whichever thread ran what.
        let records: Vec<Result<BattleRecord, SimError>> = pool.install(|| {
            (start..stop)
                .into_par_iter()
                .map(|i| {
                    let r = run_battle(
                        rules,
                        make_initial(i),
                        sides,
                        config.seed,
                        i,
                        config.max_steps,
                    );
                    progress(1);
                    r
                })
                .collect()
        });
        for r in records {
            let r = r?;
            report.add(&r);
            each(&r)?;
        }
        start = stop;
    }
    if config.timing {
        report.timing = Some(Timing {
            elapsed_time_s: started.elapsed().as_secs_f64(),
        });
    }
    Ok(report)
}
