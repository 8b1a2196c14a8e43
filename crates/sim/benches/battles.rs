//! Battles per second of the batch simulator on the dice-pool demo (two squads of three):
//! random against random and greedy against greedy, on one thread and on every core.
//!
//! Each iteration is one `simulate` call over the same battles (indices `0..runs` of one seed,
//! no narration, no log, no timing), so every iteration does identical work; the throughput
//! criterion prints (`elem/s`) is battles per second. A call also builds its rayon pool, which
//! costs well under 1% of an iteration here.
//!
//! Run with `cargo bench -p fireteam-sim --bench battles` (about four minutes on two cores), or
//! add `-- --quick` for a pass of about a minute (one or two iterations per configuration, so
//! a rougher figure).

use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};
use fireteam_ai::PolicyKind;
use fireteam_dice_pool::{setup, DicePool, State};
use fireteam_sim::{simulate, Side, SimConfig, SimReport};
use std::hint::black_box;
use std::time::Duration;

const SEED: u64 = 2024;

/// Battles per iteration. A random battle takes under 2 ms, so 512 make an iteration of about
/// a second on one thread (and fill one block of the simulator on two threads). A greedy
/// battle scores every legal action by exact enumeration and takes about a second, so 8: few
/// enough for a short run, enough that uneven battle lengths do not leave a thread idle for
/// long.
const RANDOM_RUNS: u64 = 512;
const GREEDY_RUNS: u64 = 8;

/// One thread, and every core when there is more than one.
fn thread_counts() -> Vec<usize> {
    let all = std::thread::available_parallelism().map_or(1, |n| n.get());
    if all > 1 {
        vec![1, all]
    } else {
        vec![1]
    }
}

fn run(initial: &State, sides: &[Side<DicePool>], runs: u64, threads: usize) -> SimReport {
    let config = SimConfig {
        first: 0,
        runs,
        seed: SEED,
        threads,
        max_steps: 10_000,
        timing: false,
    };
    // A battle that fails stops the benchmark rather than being measured as an error path.
    let report = simulate(&DicePool, |_| initial.clone(), sides, &config, |_| {})
        .expect("the demo simulates");
    assert_eq!(report.runs, runs);
    report
}

fn bench_demo(c: &mut Criterion) {
    let initial = setup::demo().build();
    let cases = [
        ("random_vs_random", PolicyKind::Random, RANDOM_RUNS),
        ("greedy_vs_greedy", PolicyKind::Greedy, GREEDY_RUNS),
    ];
    for (name, kind, runs) in cases {
        let sides = [Side::with_kind("Red", kind), Side::with_kind("Blue", kind)];
        let mut group = c.benchmark_group(format!("dice_pool_demo/{name}"));
        group.throughput(Throughput::Elements(runs));
        // Iterations of tens to hundreds of milliseconds: few samples, the same number of
        // iterations in each, so a full run stays short; `--quick` stops sooner still.
        group.sampling_mode(SamplingMode::Flat);
        group.sample_size(10);
        group.warm_up_time(Duration::from_secs(1));
        group.measurement_time(Duration::from_secs(5));
        for threads in thread_counts() {
            group.bench_with_input(
                BenchmarkId::new("threads", threads),
                &threads,
                |b, &threads| b.iter(|| run(&initial, &sides, black_box(runs), threads)),
            );
        }
        group.finish();
    }
}

criterion_group!(benches, bench_demo);
criterion_main!(benches);
