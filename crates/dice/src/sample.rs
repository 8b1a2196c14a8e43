//! Monte Carlo estimates, for questions too large to answer exactly. Results always carry their
//! sample size and standard errors, so an estimate is never mistaken for an exact answer.

use crate::parser::Parsed;
use crate::roll::{ExprRoller, RollError};
use crate::source::{DiceSource, SeededSource};
use std::collections::BTreeMap;

/// A sampled distribution.
#[derive(Debug, Clone, PartialEq)]
pub struct Sampled {
    pub seed: u64,
    pub samples: u64,
    /// Each value seen, with how often, in ascending order of value.
    pub counts: Vec<(i64, u64)>,
    pub mean: f64,
    /// The standard error of the mean.
    pub mean_se: f64,
    pub std_dev: f64,
}

impl Sampled {
    /// The estimated probability of each value with its standard error √(p(1−p)/n).
    pub fn estimates(&self) -> Vec<(i64, f64, f64)> {
        let n = self.samples as f64;
        self.counts
            .iter()
            .map(|&(v, c)| {
                let p = c as f64 / n;
                (v, p, (p * (1.0 - p) / n).sqrt())
            })
            .collect()
    }

    /// The estimated probability that the value is not 0, with its standard error.
    pub fn probability_true(&self) -> (f64, f64) {
        let n = self.samples as f64;
        let c: u64 = self
            .counts
            .iter()
            .filter(|(v, _)| *v != 0)
            .map(|(_, c)| c)
            .sum();
        let p = c as f64 / n;
        (p, (p * (1.0 - p) / n).sqrt())
    }
}

/// Rolls `parsed` `samples` times from `seed`. Sample i reads scope i of the seeded source, so
/// the result is the same on every machine. `progress` is called with the count done so far.
pub fn sample(
    parsed: &Parsed,
    samples: u64,
    seed: u64,
    mut progress: impl FnMut(u64),
) -> Result<Sampled, RollError> {
    let mut source = SeededSource::new(seed);
    let mut roller = ExprRoller::new(parsed);
    let mut counts: BTreeMap<i64, u64> = BTreeMap::new();
    // Welford's running mean and variance: stable for any sample count.
    let (mut mean, mut m2) = (0.0f64, 0.0f64);
    for i in 0..samples {
        source.begin_scope(i);
        let v = roller.roll_value(&mut source)?;
        *counts.entry(v).or_insert(0) += 1;
        let x = v as f64;
        let d = x - mean;
        mean += d / (i + 1) as f64;
        m2 += d * (x - mean);
        if i % 65_536 == 65_535 {
            progress(i + 1);
        }
    }
    progress(samples);
    let var = if samples > 1 {
        m2 / (samples - 1) as f64
    } else {
        0.0
    };
    Ok(Sampled {
        seed,
        samples,
        counts: counts.into_iter().collect(),
        mean,
        mean_se: (var / samples.max(1) as f64).sqrt(),
        std_dev: var.sqrt(),
    })
}
