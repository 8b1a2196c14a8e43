//! Exact finite distributions over integers with integer weights, and the operations the
//! evaluator needs: independent combination, fast comparisons, and mixtures.

use crate::error::ExprError;
use crate::weight::{Overflow, Weight};
use std::collections::BTreeMap;

/// Why an exact computation stopped: a weight outgrew its type (retry wider), or the
/// expression itself is at fault.
#[derive(Debug)]
pub enum EvalError {
    Overflow,
    Expr(Box<ExprError>),
}

impl From<Overflow> for EvalError {
    fn from(_: Overflow) -> Self {
        EvalError::Overflow
    }
}

impl From<ExprError> for EvalError {
    fn from(e: ExprError) -> Self {
        EvalError::Expr(Box::new(e))
    }
}

/// Outcomes in ascending order, each with a positive weight; probabilities are weight / total.
#[derive(Debug, Clone, PartialEq)]
pub struct Dist<W> {
    pub values: Vec<i64>,
    pub weights: Vec<W>,
    pub total: W,
}

/// The widest dense buffer used to accumulate outcomes; wider spans go to a sorted map.
const MAX_DENSE_SPAN: u64 = 1 << 22;

/// Collects weighted outcomes, densely when their range is compact, sparsely otherwise.
enum Acc<W> {
    Dense { min: i64, buf: Vec<W> },
    Sparse(BTreeMap<i64, W>),
}

impl<W: Weight> Acc<W> {
    fn new(min: i64, max: i64, expected: usize) -> Self {
        let span = (i128::from(max) - i128::from(min) + 1) as u64;
        if span <= MAX_DENSE_SPAN && span <= 8 * expected as u64 + 1024 {
            Acc::Dense {
                min,
                buf: vec![W::zero(); span as usize],
            }
        } else {
            Acc::Sparse(BTreeMap::new())
        }
    }

    #[inline]
    fn add(&mut self, value: i64, w: &W) -> Result<(), Overflow> {
        match self {
            Acc::Dense { min, buf } => buf[(value - *min) as usize].add_assign(w),
            Acc::Sparse(map) => match map.get_mut(&value) {
                Some(slot) => slot.add_assign(w),
                None => {
                    map.insert(value, w.clone());
                    Ok(())
                }
            },
        }
    }

    fn finish(self, total: W) -> Dist<W> {
        let mut values = Vec::new();
        let mut weights = Vec::new();
        match self {
            Acc::Dense { min, buf } => {
                for (i, w) in buf.into_iter().enumerate() {
                    if !w.is_zero() {
                        values.push(min + i as i64);
                        weights.push(w);
                    }
                }
            }
            Acc::Sparse(map) => {
                for (v, w) in map {
                    if !w.is_zero() {
                        values.push(v);
                        weights.push(w);
                    }
                }
            }
        }
        Dist {
            values,
            weights,
            total,
        }
    }
}

impl<W: Weight> Dist<W> {
    pub fn constant(v: i64) -> Self {
        Dist {
            values: vec![v],
            weights: vec![W::one()],
            total: W::one(),
        }
    }

    /// A distribution from consecutive outcomes `min, min+1, …` (zero weights are dropped).
    pub fn from_dense(min: i64, dense: Vec<W>) -> Result<Self, Overflow> {
        let mut total = W::zero();
        let mut values = Vec::with_capacity(dense.len());
        let mut weights = Vec::with_capacity(dense.len());
        for (i, w) in dense.into_iter().enumerate() {
            if !w.is_zero() {
                total.add_assign(&w)?;
                values.push(min + i as i64);
                weights.push(w);
            }
        }
        Ok(Dist {
            values,
            weights,
            total,
        })
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// The single outcome, if the distribution is certain.
    pub fn as_constant(&self) -> Option<i64> {
        (self.values.len() == 1).then(|| self.values[0])
    }

    pub fn min(&self) -> i64 {
        self.values[0]
    }

    pub fn max(&self) -> i64 {
        self.values[self.values.len() - 1]
    }

    /// The weight of outcome `v` (zero when absent).
    pub fn weight_of(&self, v: i64) -> W {
        match self.values.binary_search(&v) {
            Ok(i) => self.weights[i].clone(),
            Err(_) => W::zero(),
        }
    }

    /// Applies `f` to every outcome.
    pub fn map(&self, f: impl Fn(i64) -> Result<i64, EvalError>) -> Result<Self, EvalError> {
        let mut mapped = Vec::with_capacity(self.len());
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        for &v in &self.values {
            let m = f(v)?;
            lo = lo.min(m);
            hi = hi.max(m);
            mapped.push(m);
        }
        let mut acc = Acc::new(lo, hi, self.len());
        for (m, w) in mapped.iter().zip(&self.weights) {
            acc.add(*m, w)?;
        }
        Ok(acc.finish(self.total.clone()))
    }

    /// The distribution of `f(a, b)` for independent `a ~ self`, `b ~ other`. Computes `f` in a
    /// first pass to find the range, so no pair list is stored.
    pub fn combine(
        &self,
        other: &Self,
        f: impl Fn(i64, i64) -> Result<i64, EvalError>,
    ) -> Result<Self, EvalError> {
        let total = self.total.mul(&other.total)?;
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        for &a in &self.values {
            for &b in &other.values {
                let r = f(a, b)?;
                lo = lo.min(r);
                hi = hi.max(r);
            }
        }
        let mut acc = Acc::new(lo, hi, self.len() * other.len());
        for (a, wa) in self.values.iter().zip(&self.weights) {
            for (b, wb) in other.values.iter().zip(&other.weights) {
                acc.add(f(*a, *b)?, &wa.mul(wb)?)?;
            }
        }
        Ok(acc.finish(total))
    }

    /// The distribution of `a + sign*b`, the common case, without the range pass.
    pub fn add_scaled(&self, other: &Self, negate: bool) -> Result<Self, EvalError> {
        let overflow = || EvalError::Overflow;
        let (olo, ohi) = if negate {
            (
                other.max().checked_neg().ok_or_else(overflow)?,
                other.min().checked_neg().ok_or_else(overflow)?,
            )
        } else {
            (other.min(), other.max())
        };
        // Range overflow is checked by the caller through `checked_add` on the endpoints.
        let lo = self.min() + olo;
        let hi = self.max() + ohi;
        let mut acc = Acc::new(lo, hi, self.len() * other.len());
        for (a, wa) in self.values.iter().zip(&self.weights) {
            for (b, wb) in other.values.iter().zip(&other.weights) {
                let v = if negate { a - b } else { a + b };
                acc.add(v, &wa.mul(wb)?)?;
            }
        }
        Ok(acc.finish(self.total.mul(&other.total)?))
    }

    /// P(a OP b) as a 0/1 distribution, in time linear in the two sizes: sweep `b` in order and
    /// read the matching tail sum of `a`.
    pub fn compare(&self, other: &Self, op: Cmp) -> Result<Self, EvalError> {
        let total = self.total.mul(&other.total)?;
        let strict = matches!(op, Cmp::Gt | Cmp::Le);
        let truth = match op {
            Cmp::Eq | Cmp::Ne => {
                let mut eq = W::zero();
                for (b, wb) in other.values.iter().zip(&other.weights) {
                    let wa = self.weight_of(*b);
                    if !wa.is_zero() {
                        eq.add_assign(&wa.mul(wb)?)?;
                    }
                }
                eq
            }
            _ => {
                // suffix[i] = total weight of self.values[i..]
                let mut suffix = vec![W::zero(); self.len() + 1];
                for i in (0..self.len()).rev() {
                    let mut s = suffix[i + 1].clone();
                    s.add_assign(&self.weights[i])?;
                    suffix[i] = s;
                }
                let mut idx = 0;
                let mut sum = W::zero();
                for (b, wb) in other.values.iter().zip(&other.weights) {
                    while idx < self.len()
                        && (self.values[idx] < *b || (strict && self.values[idx] == *b))
                    {
                        idx += 1;
                    }
                    sum.add_assign(&suffix[idx].mul(wb)?)?;
                }
                sum // weight of a >= b (or a > b when strict)
            }
        };
        let mut falsity = total.clone();
        falsity.sub_assign(&truth);
        let (t, f) = match op {
            Cmp::Ge | Cmp::Gt | Cmp::Eq => (truth, falsity),
            Cmp::Lt | Cmp::Le | Cmp::Ne => (falsity, truth),
        };
        let mut values = Vec::with_capacity(2);
        let mut weights = Vec::with_capacity(2);
        if !f.is_zero() {
            values.push(0);
            weights.push(f);
        }
        if !t.is_zero() {
            values.push(1);
            weights.push(t);
        }
        Ok(Dist {
            values,
            weights,
            total,
        })
    }

    /// The mixture Σ pᵢ·Dᵢ where pᵢ = outer weight / Σ outer weights. Brings the parts to a
    /// common denominator (the least common multiple of their totals), then divides out the
    /// common factor of all weights so later steps work on smaller numbers.
    pub fn mix(parts: &[(W, Dist<W>)]) -> Result<Self, EvalError> {
        if parts.len() == 1 {
            return Ok(parts[0].1.clone());
        }
        let mut lcm = W::one();
        let (mut lo, mut hi, mut n) = (i64::MAX, i64::MIN, 0);
        for (_, d) in parts {
            lcm = lcm.lcm(&d.total)?;
            lo = lo.min(d.min());
            hi = hi.max(d.max());
            n += d.len();
        }
        let mut acc = Acc::new(lo, hi, n);
        let mut total = W::zero();
        for (outer, d) in parts {
            let scale = outer.mul(&lcm.div_exact(&d.total))?;
            total.add_assign(&outer.mul(&lcm)?)?;
            for (v, w) in d.values.iter().zip(&d.weights) {
                acc.add(*v, &w.mul(&scale)?)?;
            }
        }
        let mut out = acc.finish(total);
        out.reduce();
        Ok(out)
    }

    /// Divides all weights and the total by their greatest common divisor.
    pub fn reduce(&mut self) {
        let mut g = self.total.clone();
        for w in &self.weights {
            if g == W::one() {
                return;
            }
            g = g.gcd(w);
        }
        if g == W::one() || g.is_zero() {
            return;
        }
        for w in &mut self.weights {
            *w = w.div_exact(&g);
        }
        self.total = self.total.div_exact(&g);
    }

    /// Converts the weights to `BigUint`.
    pub fn widen(&self) -> Dist<num_bigint::BigUint> {
        Dist {
            values: self.values.clone(),
            weights: self.weights.iter().map(Weight::to_biguint).collect(),
            total: self.total.to_biguint(),
        }
    }
}

/// The comparison operators, for [`Dist::compare`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}
