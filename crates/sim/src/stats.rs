//! Confidence intervals for win rates.

/// The normal quantile for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval for `successes` out of `trials` at normal quantile `z`.
///
/// Wilson rather than the textbook p ± z·√(p(1−p)/n): it stays inside [0, 1], is not empty at
/// 0 or n successes (an AI that won 20 of 20 has not won 100% for certain), and keeps close to
/// its stated coverage for the small samples of a quick balance check. With no trials it is
/// the whole of [0, 1].
pub fn wilson(successes: u64, trials: u64, z: f64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The 95% Wilson interval.
pub fn wilson95(successes: u64, trials: u64) -> (f64, f64) {
    wilson(successes, trials, Z95)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: (f64, f64), b: (f64, f64)) -> bool {
        (a.0 - b.0).abs() < 5e-5 && (a.1 - b.1).abs() < 5e-5
    }

    // Reference values to four places, as published tables and calculators give the Wilson
    // interval (50/100 → [0.4038, 0.5962]).
    #[test]
    fn fifty_of_a_hundred() {
        assert!(
            close(wilson95(50, 100), (0.4038, 0.5962)),
            "{:?}",
            wilson95(50, 100)
        );
    }

    #[test]
    fn none_and_all_of_twenty_are_not_certain() {
        let (lo, hi) = wilson95(0, 20);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.1611).abs() < 5e-5, "{hi}");
        let (lo, hi) = wilson95(20, 20);
        assert!((lo - 0.8389).abs() < 5e-5, "{lo}");
        assert_eq!(hi, 1.0);
    }

    #[test]
    fn eight_of_ten_and_no_trials() {
        assert!(
            close(wilson95(8, 10), (0.4902, 0.9433)),
            "{:?}",
            wilson95(8, 10)
        );
        assert_eq!(wilson95(0, 0), (0.0, 1.0));
    }
}
