//! The public result of exact evaluation: outcomes with exact probabilities, and their
//! summaries (mean, variance, cumulative probabilities).

use crate::dist::Dist;
use crate::weight;
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};

/// An exact, finite distribution over integers. Probabilities are `weight / total`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Distribution {
    values: Vec<i64>,
    weights: Vec<BigUint>,
    total: BigUint,
}

impl Distribution {
    pub(crate) fn from_dist<W: weight::Weight>(d: &Dist<W>) -> Self {
        Distribution {
            values: d.values.clone(),
            weights: d.weights.iter().map(weight::Weight::to_biguint).collect(),
            total: weight::Weight::to_biguint(&d.total),
        }
    }

    /// Builds a distribution from outcome weights (for tests and other crates). Zero weights are
    /// dropped; outcomes are sorted and merged. `None` when every weight is zero.
    pub fn from_weights(pairs: impl IntoIterator<Item = (i64, BigUint)>) -> Option<Self> {
        let mut map = std::collections::BTreeMap::<i64, BigUint>::new();
        for (v, w) in pairs {
            *map.entry(v).or_default() += w;
        }
        let mut values = Vec::new();
        let mut weights = Vec::new();
        let mut total = BigUint::zero();
        for (v, w) in map {
            if !w.is_zero() {
                total += &w;
                values.push(v);
                weights.push(w);
            }
        }
        (!values.is_empty()).then_some(Distribution {
            values,
            weights,
            total,
        })
    }

    /// The outcomes in ascending order.
    pub fn values(&self) -> &[i64] {
        &self.values
    }

    /// The weight of each outcome, in the order of [`Self::values`].
    pub fn weights(&self) -> &[BigUint] {
        &self.weights
    }

    /// The sum of all weights.
    pub fn total(&self) -> &BigUint {
        &self.total
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    fn ratio(&self, w: &BigUint) -> BigRational {
        BigRational::new(BigInt::from(w.clone()), BigInt::from(self.total.clone()))
    }

    /// The exact probability of each outcome, reduced, in ascending order of outcome.
    pub fn probabilities(&self) -> Vec<(i64, BigRational)> {
        self.values
            .iter()
            .zip(&self.weights)
            .map(|(v, w)| (*v, self.ratio(w)))
            .collect()
    }

    /// P(X = v).
    pub fn probability_of(&self, v: i64) -> BigRational {
        match self.values.binary_search(&v) {
            Ok(i) => self.ratio(&self.weights[i]),
            Err(_) => BigRational::zero(),
        }
    }

    /// P(X ≠ 0): the probability that a condition holds.
    pub fn probability_true(&self) -> BigRational {
        let mut w = BigUint::zero();
        for (v, x) in self.values.iter().zip(&self.weights) {
            if *v != 0 {
                w += x;
            }
        }
        self.ratio(&w)
    }

    /// P(X ≤ v) for each outcome v, in ascending order.
    pub fn cumulative_le(&self) -> Vec<BigRational> {
        let mut acc = BigUint::zero();
        self.weights
            .iter()
            .map(|w| {
                acc += w;
                self.ratio(&acc)
            })
            .collect()
    }

    /// P(X ≥ v) for each outcome v, in ascending order.
    pub fn cumulative_ge(&self) -> Vec<BigRational> {
        let mut acc = BigUint::zero();
        let mut out: Vec<BigRational> = self
            .weights
            .iter()
            .rev()
            .map(|w| {
                acc += w;
                self.ratio(&acc)
            })
            .collect();
        out.reverse();
        out
    }

    /// The exact mean.
    pub fn mean(&self) -> BigRational {
        let mut s = BigInt::zero();
        for (v, w) in self.values.iter().zip(&self.weights) {
            s += BigInt::from(*v) * BigInt::from(w.clone());
        }
        BigRational::new(s, BigInt::from(self.total.clone()))
    }

    /// The exact variance, as (T·Σv²w − (Σvw)²) / T² so only one fraction is reduced.
    pub fn variance(&self) -> BigRational {
        let mut s1 = BigInt::zero();
        let mut s2 = BigInt::zero();
        for (v, w) in self.values.iter().zip(&self.weights) {
            let vw = BigInt::from(*v) * BigInt::from(w.clone());
            s2 += &vw * BigInt::from(*v);
            s1 += vw;
        }
        let t = BigInt::from(self.total.clone());
        BigRational::new(&t * s2 - &s1 * &s1, &t * &t)
    }

    /// The standard deviation, as the nearest float.
    pub fn std_dev(&self) -> f64 {
        to_f64(&self.variance()).sqrt()
    }
}

/// The nearest float to an exact ratio.
pub fn to_f64(r: &BigRational) -> f64 {
    r.to_f64().unwrap_or(f64::NAN)
}

/// Formats a ratio as `n/d`, or `n` when it is an integer (as Python's `Fraction` does).
pub fn fraction_string(r: &BigRational) -> String {
    if r.denom() == &BigInt::from(1) {
        r.numer().to_string()
    } else {
        format!("{}/{}", r.numer(), r.denom())
    }
}
