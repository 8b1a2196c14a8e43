//! Exact probabilities for the enumerating source's merged subtrees: a fraction of two `u128`s
//! while both fit, and a `BigRational` past them. The fractions are not kept reduced (sums of
//! fractions over one denominator, the common case of d6 subtrees, cost one addition); they are
//! reduced only when a product would overflow, and once at the end.

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Prob {
    Small { num: u128, den: u128 },
    Big(BigRational),
}

impl Prob {
    pub(crate) fn big(&self) -> BigRational {
        match self {
            Prob::Small { num, den } => BigRational::new(BigInt::from(*num), BigInt::from(*den)),
            Prob::Big(r) => r.clone(),
        }
    }

    fn from_big(r: BigRational) -> Prob {
        let (n, d) = (r.numer(), r.denom());
        match (
            n.to_biguint().and_then(|n| n.to_u128()),
            d.to_biguint().and_then(|d| d.to_u128()),
        ) {
            (Some(num), Some(den)) => Prob::Small { num, den },
            _ => Prob::Big(r),
        }
    }

    /// `num / den` from big integers (a path's weights and totals).
    pub(crate) fn from_ratio(num: &BigUint, den: &BigUint) -> Prob {
        match (num.to_u128(), den.to_u128()) {
            (Some(num), Some(den)) => Prob::Small { num, den },
            _ => Prob::from_big(BigRational::new(
                BigInt::from(num.clone()),
                BigInt::from(den.clone()),
            )),
        }
    }

    pub(crate) fn mul(&self, other: &Prob) -> Prob {
        if let (Prob::Small { num: a, den: b }, Prob::Small { num: c, den: d }) = (self, other) {
            if let (Some(num), Some(den)) = (a.checked_mul(*c), b.checked_mul(*d)) {
                return Prob::Small { num, den };
            }
            // Cross-reduce and try again.
            let (g1, g2) = (a.gcd(d).max(1), c.gcd(b).max(1));
            let (a, d) = (a / g1, d / g1);
            let (c, b) = (c / g2, b / g2);
            if let (Some(num), Some(den)) = (a.checked_mul(c), b.checked_mul(d)) {
                return Prob::Small { num, den };
            }
        }
        Prob::from_big(self.big() * other.big())
    }

    pub(crate) fn add_assign(&mut self, other: &Prob) {
        if let (Prob::Small { num: a, den: b }, Prob::Small { num: c, den: d }) = (&*self, other) {
            if b == d {
                if let Some(num) = a.checked_add(*c) {
                    *self = Prob::Small { num, den: *b };
                    return;
                }
            } else {
                let g = b.gcd(d);
                let (bg, dg) = (b / g, d / g);
                if let (Some(den), Some(x), Some(y)) =
                    (b.checked_mul(dg), a.checked_mul(dg), c.checked_mul(bg))
                {
                    if let Some(num) = x.checked_add(y) {
                        *self = Prob::Small { num, den };
                        return;
                    }
                }
            }
        }
        *self = Prob::from_big(self.big() + other.big());
    }

    pub(crate) fn is_zero(&self) -> bool {
        match self {
            Prob::Small { num, .. } => *num == 0,
            Prob::Big(r) => r.is_zero(),
        }
    }
}
