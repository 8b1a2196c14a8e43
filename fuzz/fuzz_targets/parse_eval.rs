//! Parses arbitrary text as a dice expression; for every expression that parses, evaluates it
//! exactly (with a small budget, so no input can hang) and rolls it with a seeded and a scripted
//! source. Errors are fine; a panic is a bug. The checked invariants:
//!
//! - the exact distribution is exact: its weights sum to its total, its outcomes ascend;
//! - a roll can only give an outcome the exact distribution gives a nonzero weight.

#![no_main]

use fireteam_dice::{exact_with, parse, roll, Limits, ScriptedSource, SeededSource};
use libfuzzer_sys::fuzz_target;

/// Small enough that no expression takes long, even in an instrumented build.
const BUDGET: u64 = 2_000_000;

/// Reduced fractions for hundreds of thousands of outcomes cost more than the evaluation itself;
/// compute them only for distributions up to this size, to keep the fuzzer fast.
const MAX_OUTCOMES_FOR_PROBABILITIES: usize = 10_000;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(parsed) = parse(text) else {
        return;
    };

    let dist = exact_with(&parsed, Limits { budget: BUDGET }).ok();
    if let Some(dist) = &dist {
        let sum = sum_weights(dist.weights());
        assert_eq!(
            &sum,
            dist.total(),
            "weights of `{text}` sum to {sum}, but the total is {}",
            dist.total()
        );
        assert_eq!(
            dist.values().len(),
            dist.weights().len(),
            "`{text}`: values and weights differ in length"
        );
        assert!(
            dist.values().windows(2).all(|w| w[0] < w[1]),
            "`{text}`: outcomes do not strictly ascend"
        );
        if dist.len() <= MAX_OUTCOMES_FOR_PROBABILITIES {
            let _ = dist.probabilities();
        }
    }

    let seeded = roll(&parsed, &mut SeededSource::new(0x5eed));
    let scripted = roll(
        &parsed,
        &mut ScriptedSource::new(vec![1, 6, 3, 20, 2, 4, 100, 5]),
    );
    if let Some(dist) = &dist {
        for rolled in [&seeded, &scripted].into_iter().flatten() {
            let v = rolled.value;
            let possible = dist
                .values()
                .binary_search(&v)
                .is_ok_and(|i| dist.weights()[i] != Default::default());
            assert!(
                possible,
                "`{text}` rolled {v}, which its exact distribution says is impossible"
            );
        }
    }
});

/// Sums the weights in their own big-integer type (so this crate need not name it).
fn sum_weights<W>(weights: &[W]) -> W
where
    W: for<'a> std::iter::Sum<&'a W>,
{
    weights.iter().sum()
}
