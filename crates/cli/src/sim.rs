//! `fireteam sim FILE -n N`: many battles, in parallel, the same for any thread count.

use crate::format::emit;
use crate::scenario_files::{self, Playable, SystemJob};
use clap::Args;
use fireteam_ai::{PolicyError, PolicyKind};
use fireteam_engine::count;
use fireteam_scenario::Controller;
use fireteam_sim::{simulate_with, CsvWriter, Side, SimConfig, SimReport, MAX_THREADS};
use miette::{miette, IntoDiagnostic, Result};
use std::path::PathBuf;
use std::sync::Mutex;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  fireteam sim scenarios/dice-pool/yard.toml -n 10000\n  \
    fireteam sim scenarios/dice-pool/yard.toml -n 100000 --threads 2 --json\n  \
    fireteam sim scenarios/dice-pool/night-alley.toml -n 5000 --csv battles.csv\n  \
    fireteam sim scenarios/dice-pool/yard.toml -n 1000 --first 1000   # a shard\n  \
    fireteam sim scenarios/skirmish/arena.toml -n 100 --side Red=search:32 --side Blue=greedy"
)]
pub struct SimArgs {
    /// The scenario file
    pub file: PathBuf,
    /// How many battles
    #[arg(short = 'n', long = "runs", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub runs: u64,
    /// Worker threads, 0 to 256 (0: one per core); results do not depend on it
    #[arg(
        long,
        default_value_t = 0,
        value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=MAX_THREADS as u64)
    )]
    pub threads: usize,
    /// The run's seed (default: the scenario's seed, or 1)
    #[arg(long)]
    pub seed: Option<u64>,
    /// The first battle index, to run one shard of a larger run
    #[arg(long, default_value_t = 0)]
    pub first: u64,
    /// Actions after which an undecided battle counts as a draw
    #[arg(long, default_value_t = 20_000)]
    pub max_steps: u32,
    /// Print the report as one JSON object
    #[arg(long)]
    pub json: bool,
    /// Write one CSV row per battle to this file
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Play human and script sides with this AI policy (random, greedy, first, search[:N])
    #[arg(long, value_name = "POLICY", default_value = "greedy", value_parser = policy)]
    pub stand_in: PolicyKind,
    /// Play every side with this AI policy, whatever the scenario says (e.g. random, as a baseline)
    #[arg(long, value_name = "POLICY", value_parser = policy)]
    pub all_sides: Option<PolicyKind>,
    /// Play one side with this AI policy (repeatable; over --all-sides and the scenario), e.g.
    /// Red=search:32
    #[arg(long = "side", value_name = "SIDE=POLICY", value_parser = side_policy)]
    pub side: Vec<(String, PolicyKind)>,
    /// The catalog folder (default: the `data/` beside or above the scenario, else the built-in
    /// catalogs)
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
}

/// An AI policy named on the command line; an unknown name gets the closest known one.
fn policy(given: &str) -> std::result::Result<PolicyKind, String> {
    given.parse().map_err(|e: PolicyError| {
        let names = PolicyKind::ALL.map(PolicyKind::name);
        match &e {
            PolicyError::Unknown { name } => {
                // "serch:32" is close to "search": compare the name before its rollouts.
                let word = name.split(':').next().unwrap_or(name);
                let help = fireteam_scenario::did_you_mean(word, names.iter().copied());
                format!("{e}\n  help: {help}")
            }
            _ => e.to_string(),
        }
    })
}

/// `SIDE=POLICY`, with the policy checked; the side is checked against the scenario later.
fn side_policy(given: &str) -> std::result::Result<(String, PolicyKind), String> {
    let Some((name, kind)) = given.split_once('=') else {
        return Err("write SIDE=POLICY, e.g. --side Red=greedy".to_string());
    };
    Ok((name.trim().to_string(), policy(kind)?))
}

/// A run's speed: battles per second, or seconds per battle when that is under one.
fn rate(battles_per_sec: f64) -> String {
    if battles_per_sec >= 9.95 {
        format!("{battles_per_sec:.0} battles/s")
    } else if battles_per_sec >= 1.0 {
        format!("{battles_per_sec:.1} battles/s")
    } else {
        format!("{:.1} s/battle", 1.0 / battles_per_sec)
    }
}

pub fn run(args: SimArgs) -> Result<()> {
    if args.first.checked_add(args.runs).is_none() {
        return Err(miette!(
            help = format!(
                "the last battle ends at index {}; use --first {} or lower",
                u64::MAX,
                u64::MAX - args.runs
            ),
            "--first {} with -n {} passes the last battle index",
            args.first,
            args.runs
        ));
    }
    let loaded = scenario_files::load(&args.file, args.data.as_deref())?;
    let seed = args.seed.or(loaded.scenario.seed).unwrap_or(1);
    // Which policy plays each side: --side, then --all-sides, then the scenario.
    let mut chosen: Vec<(String, PolicyKind)> = Vec::new();
    for (name, kind) in &args.side {
        let known: Vec<&str> = loaded
            .scenario
            .sides
            .iter()
            .map(|s| s.name.as_str())
            .collect();
        let Some(side) = known.iter().find(|k| k.eq_ignore_ascii_case(name)) else {
            return Err(miette!(
                help = fireteam_scenario::did_you_mean(name, known.iter().copied()),
                "--side {name}={kind}: the scenario has no side '{name}'; its sides are {}",
                known.join(", ")
            ));
        };
        chosen.push((side.to_string(), *kind));
    }
    let mut sides = Vec::new();
    for s in &loaded.scenario.sides {
        let given = chosen
            .iter()
            .rev()
            .find(|(n, _)| *n == s.name)
            .map(|(_, p)| p);
        let kind = match (given, args.all_sides, &s.controller) {
            (Some(k), _, _) => *k,
            (None, Some(k), _) => k,
            (None, None, Controller::Ai(p)) => {
                p.parse().map_err(|e| miette!("side {}: {e}", s.name))?
            }
            _ => {
                eprintln!(
                    "side {} is {}; in simulation {} plays it",
                    s.name, s.controller, args.stand_in
                );
                args.stand_in
            }
        };
        sides.push((s.name.clone(), kind));
    }
    let job = Sim {
        args: &args,
        sides,
        seed,
    };
    let report = scenario_files::with_system(&loaded.scenario.system, &loaded, job)?;
    if args.json {
        return emit(&report.to_json());
    }
    let mut out = format!(
        "{} — {} from seed {} (battles {}..{})\n",
        loaded.scenario.name,
        count(report.runs, "battle", "battles"),
        seed,
        report.range().start,
        report.range().end
    );
    for (i, s) in report.sides.iter().enumerate() {
        let (lo, hi) = report.ci95(i);
        out.push_str(&format!(
            "  {:<12} wins {:>7}  {:6.2}%  (95% CI {:.2}%–{:.2}%)  casualties {:.2} per battle\n",
            s.name,
            s.wins,
            100.0 * report.win_rate(i),
            100.0 * lo,
            100.0 * hi,
            report.mean_casualties(i)
        ));
    }
    out.push_str(&format!(
        "  draws {} (of which {} stopped at {}); mean rounds {:.2}",
        report.draws,
        report.timeouts,
        count(args.max_steps, "action", "actions"),
        report.mean_rounds()
    ));
    if let Some(bps) = report.battles_per_sec() {
        out.push_str(&format!("; {}", rate(bps)));
    }
    emit(&out)
}

/// The battles of a run, for any system: each side's name and policy, and the run's seed.
struct Sim<'a> {
    args: &'a SimArgs,
    sides: Vec<(String, PolicyKind)>,
    seed: u64,
}

impl SystemJob for Sim<'_> {
    type Output = SimReport;

    fn run<R: Playable>(self, rules: &'static R, initial: R::State) -> Result<SimReport> {
        let Sim { args, sides, seed } = self;
        let sides: Vec<Side<R>> = sides
            .into_iter()
            .map(|(name, kind)| Side::with_kind(name, kind))
            .collect();
        let config = SimConfig {
            first: args.first,
            runs: args.runs,
            seed,
            threads: args.threads,
            max_steps: args.max_steps,
            timing: true,
        };
        let names: Vec<String> = sides.iter().map(|s| s.name.clone()).collect();
        let mut csv = match &args.csv {
            Some(p) => Some(
                CsvWriter::new(
                    std::io::BufWriter::new(
                        std::fs::File::create(p)
                            .map_err(|e| miette!("cannot write {}: {e}", p.display()))?,
                    ),
                    &names,
                )
                .into_diagnostic()?,
            ),
            None => None,
        };
        let bar = indicatif::ProgressBar::new(args.runs);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "battles {bar:40} {human_pos}/{human_len} ({per_sec}, eta {eta})",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        let bar_ref = Mutex::new(&bar);
        let report = simulate_with(
            rules,
            |_| initial.clone(),
            &sides,
            &config,
            |n| {
                if let Ok(b) = bar_ref.lock() {
                    b.inc(n);
                }
            },
            |record| match &mut csv {
                Some(w) => w.write(record),
                None => Ok(()),
            },
        )
        .map_err(|e| miette!("{e}"))?;
        bar.finish_and_clear();
        if let Some(w) = csv {
            w.finish().into_diagnostic()?;
        }
        Ok(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rate_under_one_battle_a_second_is_shown_as_seconds_per_battle() {
        assert_eq!(rate(0.25), "4.0 s/battle");
        assert_eq!(rate(0.4), "2.5 s/battle");
        assert_eq!(rate(2.5), "2.5 battles/s");
        assert_eq!(rate(12_345.6), "12346 battles/s");
    }

    #[test]
    fn a_mistyped_policy_gets_the_closest_name() {
        let e = policy("gredy").unwrap_err();
        assert!(e.contains("unknown AI policy 'gredy'"), "{e}");
        assert!(e.contains("did you mean 'greedy'?"), "{e}");
        let e = policy("serch:32").unwrap_err();
        assert!(e.contains("did you mean 'search'?"), "{e}");
        assert_eq!(policy("search:32"), Ok(PolicyKind::Search { rollouts: 32 }));
    }
}
