//! Exact integer weights for distributions. Evaluation first runs with `u128` weights, which
//! need no allocation; if any count overflows it runs again with `BigUint`, which never does.
//! One generic evaluator serves both, so the fast path and the exact fallback cannot disagree.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};

/// A count overflowed `u128`; the caller retries with `BigUint`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overflow;

pub trait Weight: Clone + PartialEq + std::fmt::Debug {
    fn zero() -> Self;
    fn one() -> Self;
    fn from_u64(v: u64) -> Self;
    fn is_zero(&self) -> bool;
    fn add_assign(&mut self, rhs: &Self) -> Result<(), Overflow>;
    /// `self -= rhs`; callers guarantee `self >= rhs`.
    fn sub_assign(&mut self, rhs: &Self);
    fn mul(&self, rhs: &Self) -> Result<Self, Overflow>;
    fn gcd(&self, rhs: &Self) -> Self;
    /// Exact division; callers guarantee `rhs` divides `self`.
    fn div_exact(&self, rhs: &Self) -> Self;
    fn to_biguint(&self) -> BigUint;
    /// How many 64-bit words the value spans, to scale the work budget.
    fn words(&self) -> usize;

    fn lcm(&self, rhs: &Self) -> Result<Self, Overflow> {
        if self == rhs {
            return Ok(self.clone());
        }
        self.div_exact(&self.gcd(rhs)).mul(rhs)
    }
}

impl Weight for u128 {
    fn zero() -> Self {
        0
    }
    fn one() -> Self {
        1
    }
    fn from_u64(v: u64) -> Self {
        u128::from(v)
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
    #[inline]
    fn add_assign(&mut self, rhs: &Self) -> Result<(), Overflow> {
        *self = self.checked_add(*rhs).ok_or(Overflow)?;
        Ok(())
    }
    #[inline]
    fn sub_assign(&mut self, rhs: &Self) {
        *self -= *rhs;
    }
    #[inline]
    fn mul(&self, rhs: &Self) -> Result<Self, Overflow> {
        self.checked_mul(*rhs).ok_or(Overflow)
    }
    fn gcd(&self, rhs: &Self) -> Self {
        Integer::gcd(self, rhs)
    }
    fn div_exact(&self, rhs: &Self) -> Self {
        self / rhs
    }
    fn to_biguint(&self) -> BigUint {
        BigUint::from(*self)
    }
    fn words(&self) -> usize {
        1
    }
}

impl Weight for BigUint {
    fn zero() -> Self {
        Zero::zero()
    }
    fn one() -> Self {
        One::one()
    }
    fn from_u64(v: u64) -> Self {
        BigUint::from(v)
    }
    fn is_zero(&self) -> bool {
        Zero::is_zero(self)
    }
    #[inline]
    fn add_assign(&mut self, rhs: &Self) -> Result<(), Overflow> {
        *self += rhs;
        Ok(())
    }
    #[inline]
    fn sub_assign(&mut self, rhs: &Self) {
        *self -= rhs;
    }
    #[inline]
    fn mul(&self, rhs: &Self) -> Result<Self, Overflow> {
        Ok(self * rhs)
    }
    fn gcd(&self, rhs: &Self) -> Self {
        Integer::gcd(self, rhs)
    }
    fn div_exact(&self, rhs: &Self) -> Self {
        self / rhs
    }
    fn to_biguint(&self) -> BigUint {
        self.clone()
    }
    fn words(&self) -> usize {
        (self.bits() as usize).div_ceil(64).max(1)
    }
}
