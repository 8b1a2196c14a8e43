//! The batch report. It keeps integer counts and totals only, so shards merge exactly and the
//! result does not depend on the order battles finished in; rates, means and intervals are
//! computed from the counts when asked.

use crate::battle::{BattleRecord, BattleResult};
use crate::error::MergeError;
use crate::stats::wilson95;
use serde::{Deserialize, Serialize};

/// One side's counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideReport {
    pub name: String,
    pub wins: u64,
    /// Casualties summed over all battles.
    pub casualties: u64,
    /// Actions the side chose, summed over all battles (0 in shards written before it was
    /// counted).
    #[serde(default)]
    pub actions: u64,
}

/// How long a run took. Kept apart from the counts because it differs between runs of the same
/// battles, and tests compare reports without it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Timing {
    /// Wall-clock seconds; for merged shards, the sum of theirs (machine time, not wall time).
    pub elapsed_time_s: f64,
}

/// The counts of a run over battles `first..first + runs`.
///
/// Its serde form (every count, `first` included) is how a shard travels to the machine that
/// merges; [`SimReport::to_json`] is the summary people and tools read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimReport {
    pub first: u64,
    pub runs: u64,
    pub seed: u64,
    /// In scenario order.
    pub sides: Vec<SideReport>,
    /// Every battle without a winner, timeouts included.
    pub draws: u64,
    /// Battles stopped by the step limit.
    pub timeouts: u64,
    /// Rounds summed over all battles.
    pub rounds: u64,
    pub timing: Option<Timing>,
}

impl SimReport {
    /// An empty report for battles starting at `first`.
    pub fn new(seed: u64, first: u64, side_names: &[String]) -> Self {
        SimReport {
            first,
            runs: 0,
            seed,
            sides: side_names
                .iter()
                .map(|name| SideReport {
                    name: name.clone(),
                    wins: 0,
                    casualties: 0,
                    actions: 0,
                })
                .collect(),
            draws: 0,
            timeouts: 0,
            rounds: 0,
            timing: None,
        }
    }

    /// Counts one battle (the next in order).
    pub fn add(&mut self, r: &BattleRecord) {
        self.runs += 1;
        match r.result {
            BattleResult::Winner(side) => {
                if let Some(s) = self.sides.get_mut(usize::from(side)) {
                    s.wins += 1;
                }
            }
            BattleResult::Draw => self.draws += 1,
            BattleResult::Timeout => {
                self.draws += 1;
                self.timeouts += 1;
            }
        }
        for (s, c) in self.sides.iter_mut().zip(&r.casualties) {
            s.casualties += u64::from(*c);
        }
        for (s, a) in self.sides.iter_mut().zip(&r.actions) {
            s.actions += u64::from(*a);
        }
        self.rounds += u64::from(r.rounds);
    }

    /// The same report with no timing, to compare runs.
    pub fn without_timing(mut self) -> Self {
        self.timing = None;
        self
    }

    /// The battles this report covers.
    pub fn range(&self) -> std::ops::Range<u64> {
        self.first..self.first + self.runs
    }

    pub fn win_rate(&self, side: usize) -> f64 {
        ratio(self.sides[side].wins, self.runs)
    }

    /// The 95% Wilson interval of the side's win rate.
    pub fn ci95(&self, side: usize) -> (f64, f64) {
        wilson95(self.sides[side].wins, self.runs)
    }

    pub fn mean_casualties(&self, side: usize) -> f64 {
        ratio(self.sides[side].casualties, self.runs)
    }

    /// The actions the side chose per battle.
    pub fn mean_actions(&self, side: usize) -> f64 {
        ratio(self.sides[side].actions, self.runs)
    }

    pub fn mean_rounds(&self) -> f64 {
        ratio(self.rounds, self.runs)
    }

    pub fn battles_per_sec(&self) -> Option<f64> {
        self.timing
            .filter(|t| t.elapsed_time_s > 0.0)
            .map(|t| self.runs as f64 / t.elapsed_time_s)
    }

    /// Adds a shard of the same run. The shards must be adjacent (either may come first), so
    /// that the merged report still covers one range `first..first + runs`; merge many shards
    /// in order of their first battle. Counts add exactly, so merging shards gives the report
    /// of one run over their union.
    pub fn merge(&mut self, other: &SimReport) -> Result<(), MergeError> {
        if self.seed != other.seed {
            return Err(MergeError::Seed {
                a: self.seed,
                b: other.seed,
            });
        }
        let names = |r: &SimReport| r.sides.iter().map(|s| s.name.clone()).collect::<Vec<_>>();
        if names(self) != names(other) {
            return Err(MergeError::Sides {
                a: names(self),
                b: names(other),
            });
        }
        let empty = self.runs == 0 || other.runs == 0;
        if !empty && self.range().end != other.first && other.range().end != self.first {
            return Err(MergeError::NotAdjacent {
                a: self.range(),
                b: other.range(),
            });
        }
        if self.runs == 0 || (other.runs > 0 && other.first < self.first) {
            self.first = other.first;
        }
        self.runs += other.runs;
        for (s, o) in self.sides.iter_mut().zip(&other.sides) {
            s.wins += o.wins;
            s.casualties += o.casualties;
            s.actions += o.actions;
        }
        self.draws += other.draws;
        self.timeouts += other.timeouts;
        self.rounds += other.rounds;
        self.timing = match (self.timing, other.timing) {
            (Some(a), Some(b)) => Some(Timing {
                elapsed_time_s: a.elapsed_time_s + b.elapsed_time_s,
            }),
            _ => None,
        };
        Ok(())
    }

    /// The summary in its stable JSON shape, sides in scenario order:
    ///
    /// ```json
    /// {"runs": N, "seed": S,
    ///  "sides": [{"name": "...", "wins": k, "win_rate": 0.61, "ci95": [0.60, 0.62],
    ///             "mean_casualties": 1.2, "mean_actions": 31.5}, ...],
    ///  "draws": d, "timeouts": t, "mean_rounds": 7.4,
    ///  "elapsed_time_s": 1.5, "battles_per_sec": 6.7e5}
    /// ```
    ///
    /// The two timing fields are left out when the report has no timing.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.summary())
            .unwrap_or_else(|_| unreachable!("a summary of numbers and names always serialises"))
    }

    fn summary(&self) -> Summary<'_> {
        Summary {
            runs: self.runs,
            seed: self.seed,
            sides: (0..self.sides.len())
                .map(|i| {
                    let (lo, hi) = self.ci95(i);
                    SideSummary {
                        name: &self.sides[i].name,
                        wins: self.sides[i].wins,
                        win_rate: self.win_rate(i),
                        ci95: [lo, hi],
                        mean_casualties: self.mean_casualties(i),
                        mean_actions: self.mean_actions(i),
                    }
                })
                .collect(),
            draws: self.draws,
            timeouts: self.timeouts,
            mean_rounds: self.mean_rounds(),
            elapsed_time_s: self.timing.map(|t| t.elapsed_time_s),
            battles_per_sec: self.battles_per_sec(),
        }
    }
}

/// A mean that is 0, not NaN, over no battles, so the JSON never holds `null` for a number.
fn ratio(total: u64, runs: u64) -> f64 {
    if runs == 0 {
        0.0
    } else {
        total as f64 / runs as f64
    }
}

#[derive(Serialize)]
struct Summary<'a> {
    runs: u64,
    seed: u64,
    sides: Vec<SideSummary<'a>>,
    draws: u64,
    timeouts: u64,
    mean_rounds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    elapsed_time_s: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    battles_per_sec: Option<f64>,
}

#[derive(Serialize)]
struct SideSummary<'a> {
    name: &'a str,
    wins: u64,
    win_rate: f64,
    ci95: [f64; 2],
    mean_casualties: f64,
    mean_actions: f64,
}
