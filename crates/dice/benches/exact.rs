//! Benchmarks of exact evaluation (parse + exact distribution) and of rolling.
//!
//! Run with `cargo bench -p fireteam-dice --bench exact` (add `-- --quick` for a fast pass).

use criterion::{criterion_group, criterion_main, Criterion};
use fireteam_dice::{exact, parse, DiceSource, ExprRoller, SeededSource};
use std::hint::black_box;

/// The SKIRMISH attack: 3d6 of 12 or less hits; a roll of 3 or 4 is a critical for triple or double
/// damage; damage is 2d6 - 2, never below 0.
const SKIRMISH_ATTACK: &str = "let r = 3d6 in if r <= 12 then max(0, (if r == 3 then 3 \
     else if r == 4 then 2 else 1) * 2d6 - 2) else 0";

const EXACT_CASES: &[(&str, &str)] = &[
    ("10d6", "10d6"),
    ("20d6", "20d6"),
    ("40d6", "40d6"),
    ("100d6", "100d6"),
    ("4d6kh3", "4d6kh3"),
    ("10d6kh3", "10d6kh3"),
    ("skirmish_attack", SKIRMISH_ATTACK),
    ("8d6_ge_20_plus_2d6", "8d6 >= 20 + 2d6"),
];

fn bench_exact(c: &mut Criterion) {
    let mut group = c.benchmark_group("exact");
    for &(name, expr) in EXACT_CASES {
        // Fail loudly before measuring rather than benchmarking an error path.
        exact(&parse(expr).expect("benchmark expression parses"))
            .expect("benchmark expression evaluates exactly");
        group.bench_function(name, |b| {
            b.iter(|| {
                let parsed = parse(black_box(expr)).expect("parses");
                exact(&parsed).expect("evaluates")
            })
        });
    }
    group.finish();
}

fn bench_roll(c: &mut Criterion) {
    let mut group = c.benchmark_group("roll");
    for expr in ["3d6", "4d6kh3"] {
        let parsed = parse(expr).expect("benchmark expression parses");
        group.bench_function(expr, |b| {
            let mut roller = ExprRoller::new(&parsed);
            let mut source = SeededSource::new(42);
            let mut scope = 0u64;
            b.iter(|| {
                scope += 1;
                source.begin_scope(scope);
                roller.roll_value(&mut source).expect("rolls")
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_exact, bench_roll);
criterion_main!(benches);
