//! Number formatting shared by the commands: exact probabilities shown as decimals that never
//! claim certainty they do not have.

use fireteam_dice::to_f64;
use num_rational::BigRational;
use num_traits::{One, Zero};

/// A probability as a short decimal. Exactly 0 and 1 print as `0` and `1`; anything else never
/// does: a value within 1e-6 of 1 prints as `1 - 3.2e-9`, and a tiny one in scientific notation.
pub fn probability(p: &BigRational) -> String {
    if p.is_zero() {
        return "0".into();
    }
    if p.is_one() {
        return "1".into();
    }
    let complement = to_f64(&(BigRational::one() - p));
    let f = to_f64(p);
    if complement < 1e-6 {
        return format!("1 - {complement:.2e}");
    }
    if f < 1e-6 {
        return format!("{f:.2e}");
    }
    format!("{f:.6}")
}

/// A probability as a percentage with the same honesty rules as [`probability`].
pub fn percent(p: &BigRational) -> String {
    if p.is_zero() {
        return "0%".into();
    }
    if p.is_one() {
        return "100%".into();
    }
    let f = to_f64(p) * 100.0;
    let complement = 100.0 - f;
    if complement < 1e-4 {
        return ">99.9999%".into();
    }
    if f < 1e-4 {
        return "<0.0001%".into();
    }
    format!("{f:.4}%")
}

/// A text bar of `width` cells for a share of the largest value.
pub fn bar(share: f64, width: usize) -> String {
    let cells = (share * width as f64).round() as usize;
    let cells = if share > 0.0 { cells.max(1) } else { 0 };
    "#".repeat(cells.min(width))
}
