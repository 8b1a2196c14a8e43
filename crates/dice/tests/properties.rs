//! Property tests: exactness invariants, keep-highest/lowest against brute force, the exact and
//! enumerating paths against each other, and seeded sampling against the exact mean.

use fireteam_dice::{
    enumerate, exact, parse, ExprErrorKind, ExprRoller, RollError, SeededSource, SourceError,
};
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use proptest::prelude::*;
use std::collections::BTreeMap;

/// Small random expressions of the whole language.
fn expr() -> impl Strategy<Value = String> {
    expr_of(3, 6, true, 4)
}

/// Expressions small enough to enumerate path by path.
fn tiny_expr() -> impl Strategy<Value = String> {
    expr_of(2, 4, false, 3)
}

fn expr_of(
    max_dice: u32,
    max_sides: u32,
    percentile: bool,
    depth: u32,
) -> impl Strategy<Value = String> {
    let mut leaves = vec![
        (-5i64..10).prop_map(|n| n.to_string()).boxed(),
        (1..=max_dice, 1..=max_sides)
            .prop_map(|(n, s)| format!("{n}d{s}"))
            .boxed(),
        (2..=max_dice, 2..=max_sides, any::<bool>())
            .prop_map(|(n, s, h)| format!("{n}d{s}k{}{}", if h { "h" } else { "l" }, n - 1))
            .boxed(),
    ];
    if percentile {
        leaves.push(Just("d%".to_string()).boxed());
    }
    let leaf = proptest::strategy::Union::new(leaves);
    leaf.prop_recursive(depth, 24, 3, |inner| {
        let ops = prop_oneof![
            Just("+"),
            Just("-"),
            Just("*"),
            Just("/"),
            Just("/^"),
            Just("<"),
            Just("<="),
            Just(">"),
            Just(">="),
            Just("=="),
            Just("!="),
            Just("and"),
            Just("or"),
        ];
        prop_oneof![
            (inner.clone(), ops, inner.clone()).prop_map(|(a, o, b)| format!("({a} {o} {b})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("max({a}, {b})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("min({a}, {b})")),
            inner.clone().prop_map(|a| format!("abs({a})")),
            inner.clone().prop_map(|a| format!("(not {a})")),
            inner.clone().prop_map(|a| format!("-({a})")),
            (inner.clone(), inner.clone())
                .prop_map(|(a, b)| format!("(let v = {a} in v * {b} + v)")),
            (inner.clone(), inner.clone(), inner)
                .prop_map(|(c, a, b)| format!("(if {c} then {a} else {b})")),
        ]
    })
}

/// The exact distribution as value → probability, or None where the expression may divide by
/// zero (a correct refusal).
fn exact_map(src: &str) -> Option<BTreeMap<i64, BigRational>> {
    match exact(&parse(src).unwrap()) {
        Ok(d) => Some(d.probabilities().into_iter().collect()),
        Err(e) if e.kind == ExprErrorKind::DivisionByZero => None,
        Err(e) => panic!("`{src}`: {e}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, .. ProptestConfig::default() })]

    #[test]
    fn every_distribution_sums_to_exactly_one(src in expr()) {
        let parsed = parse(&src).unwrap();
        let d = match exact(&parsed) {
            Ok(d) => d,
            Err(e) => {
                prop_assert_eq!(e.kind, ExprErrorKind::DivisionByZero, "{}", src);
                return Ok(());
            }
        };
        let weights: BigUint = d.weights().iter().sum();
        prop_assert_eq!(&weights, d.total());
        prop_assert!(d.weights().iter().all(|w| !w.is_zero()));
        prop_assert!(d.values().windows(2).all(|w| w[0] < w[1]), "values ascend");
        let p: BigRational = d.probabilities().into_iter().map(|(_, p)| p).sum();
        prop_assert!(p.is_one());
    }

    /// Two independent code paths: the exact evaluator, and rolling the expression through the
    /// enumerating source. They must agree on every probability.
    #[test]
    fn enumerating_the_roller_matches_exact_evaluation(src in tiny_expr()) {
        let Some(want) = exact_map(&src) else { return Ok(()) };
        let parsed = parse(&src).unwrap();
        let mut roller = ExprRoller::new(&parsed);
        let got = enumerate(|e| roller.roll_value(e));
        match got {
            Ok(got) => {
                let got: BTreeMap<i64, BigRational> = got.outcomes.into_iter().collect();
                prop_assert_eq!(got, want, "{}", src);
            }
            // Rolling can hit a zero divisor only on paths that exact evaluation also saw.
            Err(RollError::Expr(e)) => prop_assert_eq!(e.kind, ExprErrorKind::DivisionByZero),
            Err(RollError::Source(SourceError::TooManyPaths { .. })) => {}
            Err(e) => prop_assert!(false, "`{}`: {}", src, e),
        }
    }

    #[test]
    fn keep_highest_and_lowest_match_brute_force(n in 1u32..5, s in 1u32..7, k in 1u32..5, highest in any::<bool>()) {
        prop_assume!(k <= n);
        let src = format!("{n}d{s}k{}{k}", if highest { "h" } else { "l" });
        let mut brute: BTreeMap<i64, u64> = BTreeMap::new();
        let total = u64::from(s).pow(n);
        for mut code in 0..total {
            let mut faces: Vec<i64> = (0..n).map(|_| { let f = code % u64::from(s); code /= u64::from(s); f as i64 + 1 }).collect();
            faces.sort_unstable();
            if highest { faces.reverse(); }
            *brute.entry(faces[..k as usize].iter().sum()).or_insert(0) += 1;
        }
        let want: BTreeMap<i64, BigRational> = brute
            .into_iter()
            .map(|(v, c)| (v, BigRational::new(BigInt::from(c), BigInt::from(total))))
            .collect();
        prop_assert_eq!(exact_map(&src).unwrap(), want, "{}", src);
    }

    #[test]
    fn seeded_sample_mean_agrees_with_exact_mean(src in expr(), seed in any::<u64>()) {
        let parsed = parse(&src).unwrap();
        let Ok(d) = exact(&parsed) else { return Ok(()) };
        let mean = d.mean().to_f64().unwrap();
        let sd = d.std_dev();
        let n = 4000u64;
        let s = match fireteam_dice::sample(&parsed, n, seed, |_| {}) {
            Ok(s) => s,
            Err(_) => return Ok(()),
        };
        // Six standard errors: a false alarm about once in 500 million.
        let tolerance = 6.0 * sd / (n as f64).sqrt() + 1e-9;
        prop_assert!((s.mean - mean).abs() <= tolerance,
            "`{}`: sample mean {} vs exact {} (sd {})", src, s.mean, mean, sd);
    }
}

#[test]
fn large_pools_are_exact_with_big_integers() {
    for n in [100u32, 1000] {
        let d = exact(&parse(&format!("{n}d6")).unwrap()).unwrap();
        assert_eq!(d.len() as u32, 5 * n + 1);
        assert_eq!(d.total(), &BigUint::from(6u32).pow(n));
        let w: BigUint = d.weights().iter().sum();
        assert_eq!(&w, d.total());
        // The extremes: all ones and all sixes.
        assert!(d.weights()[0].is_one());
        assert!(d.weights()[d.len() - 1].is_one());
        assert_eq!(
            d.mean(),
            BigRational::new(BigInt::from(7 * n), BigInt::from(2))
        );
        assert_eq!(
            d.variance(),
            BigRational::new(BigInt::from(35 * n), BigInt::from(12))
        );
    }
}

#[test]
fn seeded_sampling_is_reproducible() {
    let p = parse("3d6 + 4d6kh3 + d%").unwrap();
    let a = fireteam_dice::sample(&p, 1000, 42, |_| {}).unwrap();
    let b = fireteam_dice::sample(&p, 1000, 42, |_| {}).unwrap();
    let c = fireteam_dice::sample(&p, 1000, 43, |_| {}).unwrap();
    assert_eq!(a, b);
    assert_ne!(a.counts, c.counts);
    let _ = SeededSource::new(0);
}
