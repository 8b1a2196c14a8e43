//! `fireteam bench dice`: times the exact engine on the task set of the peers' benchmark
//! (`shared/peers/bench_exact.py`), so `scripts/bench-dice.py` can put them side by side.

use crate::format::emit;
use clap::{Args, ValueEnum};
use fireteam_dice::{exact, parse};
use miette::{IntoDiagnostic, Result};
use serde_json::json;
use std::time::Instant;

/// The peers' tasks, as fireteam expressions.
pub const TASKS: &[(&str, &str)] = &[
    ("sum10", "10d6"),
    ("sum20", "20d6"),
    ("sum40", "40d6"),
    ("sum100", "100d6"),
    ("h3of4", "4d6kh3"),
    ("h3of10", "10d6kh3"),
    (
        "armor",
        "let r = 3d6 in if r <= 12 then max(0, (if r == 3 then 3 else if r == 4 then 2 else 1) * 2d6 - 2) else 0",
    ),
    ("opposed", "8d6 >= 20 + 2d6"),
];

#[derive(Clone, Copy, ValueEnum)]
pub enum Suite {
    /// Exact distributions: the peers' bench_exact.py tasks
    Dice,
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  fireteam bench dice\n  fireteam bench dice --task sum100 --json"
)]
pub struct BenchArgs {
    /// Which benchmark
    pub suite: Suite,
    /// Run only this task (sum10, sum20, sum40, sum100, h3of4, h3of10, armor, opposed)
    #[arg(long)]
    pub task: Option<String>,
    /// Print one JSON object
    #[arg(long)]
    pub json: bool,
    /// Timed repetitions for the warm figure
    #[arg(long, default_value_t = 21, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub repeats: u32,
}

pub fn run(args: BenchArgs) -> Result<()> {
    let Suite::Dice = args.suite;
    let tasks: Vec<_> = match &args.task {
        None => TASKS.to_vec(),
        Some(t) => {
            let found: Vec<_> = TASKS.iter().filter(|(id, _)| id == t).copied().collect();
            if found.is_empty() {
                let names: Vec<_> = TASKS.iter().map(|(id, _)| *id).collect();
                return Err(miette::miette!(
                    help = format!("the tasks are: {}", names.join(", ")),
                    "unknown benchmark task '{t}'"
                ));
            }
            found
        }
    };
    // An unrelated tiny warm-up, as the peers' cold runs do, so one-time process costs
    // (page faults, allocator start-up) are not billed to the first task.
    exact(&parse("2d4kh1 + 1d4").into_diagnostic()?)?;
    let mut rows = Vec::new();
    for (id, expr) in tasks {
        let parsed = parse(expr)?;
        let t0 = Instant::now();
        let d = exact(&parsed)?;
        let cold = t0.elapsed().as_secs_f64();
        std::hint::black_box(&d);
        let mut times = Vec::with_capacity(args.repeats as usize);
        for _ in 0..args.repeats {
            let t0 = Instant::now();
            // Parsing is part of answering a question, so it is timed too.
            let d = exact(&parse(expr)?)?;
            times.push(t0.elapsed().as_secs_f64());
            std::hint::black_box(&d);
        }
        times.sort_by(f64::total_cmp);
        let warm = times[times.len() / 2];
        rows.push((id, expr, cold, warm, d.len()));
    }
    if args.json {
        let tasks: Vec<_> = rows
            .iter()
            .map(|(id, expr, cold, warm, n)| {
                json!({"task": id, "expr": expr, "cold_time_s": cold, "warm_time_s": warm, "outcomes": n})
            })
            .collect();
        emit(&format!("{}", json!({"suite": "dice", "tasks": tasks})))?;
    } else {
        emit(&format!(
            "{:<8}  {:>12}  {:>12}  expression",
            "task", "cold", "warm"
        ))?;
        for (id, expr, cold, warm, _) in rows {
            emit(&format!(
                "{id:<8}  {:>12}  {:>12}  {expr}",
                human(cold),
                human(warm)
            ))?;
        }
    }
    Ok(())
}

fn human(s: f64) -> String {
    if s < 1e-3 {
        format!("{:.1} µs", s * 1e6)
    } else {
        format!("{:.2} ms", s * 1e3)
    }
}
