//! `Frac`: an exact fraction, for positions along a line and for radii.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

/// An exact fraction `num / den` with `den > 0`.
///
/// Lines of sight report where they enter and leave each cell as a `Frac` of the way from the
/// viewer's centre (0) to the target's centre (1); circles take their radius as a `Frac` of a
/// cell. Fractions are not reduced: equality and order compare the values exactly (by
/// cross-multiplication in `i128`), so `Frac::new(1, 2) == Frac::new(2, 4)`.
#[derive(Clone, Copy, Debug)]
pub struct Frac {
    num: i64,
    den: i64,
}

impl Frac {
    /// Zero.
    pub const ZERO: Frac = Frac { num: 0, den: 1 };
    /// One.
    pub const ONE: Frac = Frac { num: 1, den: 1 };

    /// The fraction `num / den`.
    ///
    /// # Panics
    ///
    /// If `den` is zero, or if `den` is `i64::MIN` (whose sign cannot be moved to `num`).
    pub const fn new(num: i64, den: i64) -> Frac {
        assert!(den != 0, "a fraction's denominator must not be zero");
        if den < 0 {
            Frac {
                num: -num,
                den: -den,
            }
        } else {
            Frac { num, den }
        }
    }

    /// The whole number `n`.
    pub const fn integer(n: i64) -> Frac {
        Frac { num: n, den: 1 }
    }

    /// The numerator (its sign is the fraction's sign).
    pub const fn num(self) -> i64 {
        self.num
    }

    /// The denominator, always positive.
    pub const fn den(self) -> i64 {
        self.den
    }

    /// The nearest `f64`, for display only.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl PartialEq for Frac {
    fn eq(&self, other: &Frac) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Frac {}

impl PartialOrd for Frac {
    fn partial_cmp(&self, other: &Frac) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Frac {
    fn cmp(&self, other: &Frac) -> Ordering {
        // Both denominators are positive, so cross-multiplying keeps the order; i128 cannot
        // overflow for i64 operands.
        (i128::from(self.num) * i128::from(other.den))
            .cmp(&(i128::from(other.num) * i128::from(self.den)))
    }
}

impl Hash for Frac {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Equal values must hash alike, so hash the reduced form.
        let (mut a, mut b) = (self.num.unsigned_abs(), self.den.unsigned_abs());
        while b != 0 {
            (a, b) = (b, a % b);
        }
        let g = a.max(1);
        (self.num < 0).hash(state);
        (self.num.unsigned_abs() / g).hash(state);
        (self.den.unsigned_abs() / g).hash(state);
    }
}

impl From<i32> for Frac {
    fn from(n: i32) -> Frac {
        Frac::integer(i64::from(n))
    }
}

impl From<u32> for Frac {
    fn from(n: u32) -> Frac {
        Frac::integer(i64::from(n))
    }
}

impl fmt::Display for Frac {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compares_values_not_representations() {
        assert_eq!(Frac::new(1, 2), Frac::new(2, 4));
        assert_eq!(Frac::new(1, -2), Frac::new(-1, 2));
        assert!(Frac::new(1, 3) < Frac::new(1, 2));
        assert!(Frac::new(-1, 2) < Frac::ZERO);
        assert_eq!(Frac::new(3, -4).den(), 4);
        assert_eq!(Frac::new(9, 4).to_string(), "9/4");
        assert_eq!(Frac::from(3u32).to_string(), "3");
    }

    #[test]
    fn extreme_values_do_not_overflow() {
        let big = Frac::new(i64::MAX, 1);
        let tiny = Frac::new(1, i64::MAX);
        assert!(tiny < big);
        assert!(Frac::new(i64::MAX - 1, i64::MAX) < Frac::ONE);
    }
}
