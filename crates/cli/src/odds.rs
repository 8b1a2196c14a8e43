//! `fireteam odds EXPR`: exact distributions and probabilities.

use crate::action_odds::{Effort, DEFAULT_EXACT_PATHS, DEFAULT_SAMPLES, MAX_SAMPLES};
use crate::format::{bar, emit, percent, probability, probability_of_weight};
use clap::Args;
use fireteam_dice::{
    exact_with, fraction_string, parse, sample, to_f64, Distribution, Limits, Parsed, Sampled,
    DEFAULT_BUDGET, MAX_PATHS,
};
use miette::Result;
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::Zero;
use serde_json::{json, Value};

#[derive(Args)]
#[command(
    after_help = "Examples:\n  fireteam odds \"3d6\"\n  fireteam odds \"3d6 <= 12\"\n  \
    fireteam odds \"5d6 >= 15 + 2d6\" --json\n  \
    fireteam odds \"let r = 3d6 in if r <= 12 then max(0, (if r == 3 then 3 else if r == 4 then 2 else 1) * 2d6 - 2) else 0\"\n  \
    fireteam odds \"2000d6 > 2000d6 + 10\" --sample 1000000"
)]
pub struct OddsArgs {
    /// The dice expression, e.g. "3d6 + 2" or "d20 + 5 >= 15" (see docs/dice.md); with
    /// --action, a scenario file
    pub expr: String,
    /// The outcomes of this action in the scenario, exact (or estimated past --exact-paths), e.g.
    /// "shoot Anna -> Ben with pistol mode=SS shots=1"
    #[arg(long, value_name = "ACTION")]
    pub action: Option<String>,
    /// Actions to play first (seeded dice), separated by ';'
    #[arg(long, value_name = "ACTIONS", requires = "action")]
    pub after: Option<String>,
    /// The defense the odds assume: dice-pool's dodge or parry dice every defender assigns;
    /// for tactical-3d6, 0 is the defense the target would choose (the likeliest to succeed)
    /// and N the N-th defense it could choose, as listed
    #[arg(long, default_value_t = 0, requires = "action")]
    pub defend: u8,
    /// The catalog folder, with --action
    #[arg(long, value_name = "DIR", requires = "action")]
    pub data: Option<std::path::PathBuf>,
    /// With --action: the most resolutions to run for exact odds (paths through the dice that
    /// reach the same state are run once, so one resolution stands for many paths); past them
    /// the odds are estimated from --samples seeded resolutions, and say so (0: always
    /// estimate; at most 20000000)
    #[arg(long, value_name = "PATHS", default_value_t = DEFAULT_EXACT_PATHS, requires = "action", value_parser = exact_paths, allow_negative_numbers = true)]
    pub exact_paths: u64,
    /// With --action: how many seeded resolutions an estimate takes (1 to 10000000); each
    /// outcome gets its share with a 95% interval
    #[arg(long, value_name = "N", default_value_t = DEFAULT_SAMPLES, requires = "action", value_parser = samples, allow_negative_numbers = true)]
    pub samples: u64,
    /// Print one JSON object instead of a table
    #[arg(long)]
    pub json: bool,
    /// Estimate by sampling this many rolls instead of computing exactly; the result says so
    /// (for an --action, see --samples)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000), conflicts_with = "action")]
    pub sample: Option<u64>,
    /// The seed for --sample, and for the samples of an --action estimate
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The bound on exact work, in weight operations; larger questions are refused
    #[arg(long, default_value_t = DEFAULT_BUDGET, value_name = "OPS")]
    pub budget: u64,
    /// Always show the exact fraction column, however long the fractions are
    #[arg(long)]
    pub fractions: bool,
}

pub fn run(args: OddsArgs) -> Result<()> {
    if let Some(action) = &args.action {
        let text = crate::action_odds::run(
            &args.expr,
            action,
            args.after.as_deref(),
            args.defend,
            args.data.as_deref(),
            args.json,
            Effort {
                exact_paths: args.exact_paths,
                samples: args.samples,
                seed: args.seed,
            },
        )?;
        return emit(&text);
    }
    let parsed = parse(&args.expr)?;
    let text = if let Some(n) = args.sample {
        let bar = progress_bar(n);
        let s = sample(&parsed, n, args.seed, |done| bar.set_position(done)).map_err(roll_error)?;
        bar.finish_and_clear();
        if args.json {
            sampled_json(&parsed, &s).to_string()
        } else {
            sampled_text(&parsed, &s)
        }
    } else {
        let d = exact_with(
            &parsed,
            Limits {
                budget: args.budget,
            },
        )?;
        if args.json {
            exact_json(&parsed, &d).to_string()
        } else {
            exact_text(&parsed, &d, args.fractions)
        }
    };
    emit(&text)
}

/// `--exact-paths`: a whole number of resolutions, 0 (always estimate) up to the enumerator's
/// own limit.
fn exact_paths(text: &str) -> Result<u64, String> {
    let paths: u64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a whole number of paths (0 to {MAX_PATHS})"))?;
    if paths > MAX_PATHS {
        return Err(format!(
            "{paths} is more than the enumerator walks ({MAX_PATHS} paths); use 0 to {MAX_PATHS}"
        ));
    }
    Ok(paths)
}

/// `--samples`: a whole number of samples, 1 to [`MAX_SAMPLES`].
fn samples(text: &str) -> Result<u64, String> {
    let n: u64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a whole number of samples (1 to {MAX_SAMPLES})"))?;
    match n {
        0 => Err(format!(
            "an estimate needs at least 1 sample (1 to {MAX_SAMPLES})"
        )),
        n if n > MAX_SAMPLES => Err(format!("{n} is more than {MAX_SAMPLES} samples")),
        n => Ok(n),
    }
}

/// A progress bar on standard error for long sampling runs; hidden when stderr is not a
/// terminal, so scripts reading the output see nothing extra.
fn progress_bar(n: u64) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(n);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "sampling {bar:40} {human_pos}/{human_len} rolls ({per_sec}, eta {eta})",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

pub fn roll_error(e: fireteam_dice::RollError) -> miette::Report {
    match e {
        fireteam_dice::RollError::Expr(e) => miette::Report::new(*e),
        fireteam_dice::RollError::Source(e) => miette::Report::new(e),
    }
}

/// The `--json` object for an exact answer. Its keys are a stable interface.
pub fn exact_json(parsed: &Parsed, d: &Distribution) -> Value {
    if parsed.is_boolean() {
        let p = d.probability_true();
        return json!({
            "expr": parsed.source,
            "kind": "probability",
            "exact": true,
            "p": fraction_string(&p),
            "pf": to_f64(&p),
        });
    }
    let le = d.cumulative_le();
    let ge = d.cumulative_ge();
    let outcomes: Vec<Value> = d
        .probabilities()
        .into_iter()
        .enumerate()
        .map(|(i, (v, p))| {
            json!({
                "value": v,
                "p": fraction_string(&p),
                "pf": to_f64(&p),
                "le": fraction_string(&le[i]),
                "ge": fraction_string(&ge[i]),
            })
        })
        .collect();
    let mean = d.mean();
    let var = d.variance();
    json!({
        "expr": parsed.source,
        "kind": "distribution",
        "exact": true,
        "mean": fraction_string(&mean),
        "mean_f": to_f64(&mean),
        "variance": fraction_string(&var),
        "sd": to_f64(&var).sqrt(),
        "outcomes": outcomes,
    })
}

fn exact_text(parsed: &Parsed, d: &Distribution, force_fractions: bool) -> String {
    let mut s = String::new();
    if parsed.is_boolean() {
        let p = d.probability_true();
        s.push_str(&format!("{}\n", parsed.source));
        s.push_str(&format!(
            "  P = {}  ≈ {}  ({})\n  exact\n",
            fraction_string(&p),
            probability(&p),
            percent(&p)
        ));
        return s.trim_end().to_string();
    }
    let mean = d.mean();
    let total = d.total();
    // Fractions are printed when they fit a column: a denominator of at most 14 digits.
    let show_fractions = force_fractions || total.bits() <= 46;
    let fracs: Vec<String> = if show_fractions {
        d.probabilities()
            .iter()
            .map(|(_, p)| fraction_string(p))
            .collect()
    } else {
        Vec::new()
    };
    let frac_width = fracs.iter().map(String::len).max().unwrap_or(1);
    let max_w = d.weights().iter().max().cloned().unwrap_or_default();
    let share = |w: &BigUint| {
        to_f64(&BigRational::new_raw(
            BigInt::from(w.clone()),
            BigInt::from(max_w.clone()),
        ))
    };
    let vwidth = d
        .values()
        .iter()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1)
        .max(5);
    s.push_str(&format!("{}\n", parsed.source));
    s.push_str(&format!(
        "  exact distribution, {} outcome{}; mean {} ≈ {:.6}, sd ≈ {:.6}\n\n",
        d.len(),
        if d.len() == 1 { "" } else { "s" },
        fraction_string(&mean),
        to_f64(&mean),
        d.std_dev()
    ));
    let fw = if show_fractions {
        frac_width.max(11)
    } else {
        0
    };
    if show_fractions {
        s.push_str(&format!(
            "  {:>vwidth$}  {:<fw$}  {:>12}  {:>12}  {:>12}\n",
            "value", "probability", "≈", "P(≤)", "P(≥)"
        ));
    } else {
        s.push_str(&format!(
            "  {:>vwidth$}  {:>12}  {:>12}  {:>12}\n",
            "value", "probability", "P(≤)", "P(≥)"
        ));
    }
    let mut le = BigUint::zero();
    for (i, (v, w)) in d.values().iter().zip(d.weights()).enumerate() {
        let ge = total - &le;
        le += w;
        let b = bar(share(w), 40);
        let p = probability_of_weight(w, total);
        let (le_s, ge_s) = (
            probability_of_weight(&le, total),
            probability_of_weight(&ge, total),
        );
        if show_fractions {
            s.push_str(&format!(
                "  {v:>vwidth$}  {:<fw$}  {p:>12}  {le_s:>12}  {ge_s:>12}  {b}\n",
                fracs[i]
            ));
        } else {
            s.push_str(&format!(
                "  {v:>vwidth$}  {p:>12}  {le_s:>12}  {ge_s:>12}  {b}\n"
            ));
        }
    }
    if !show_fractions {
        s.push_str(&format!(
            "\n  the exact fractions have denominators of {} digits: see them with --json or --fractions\n",
            total.to_string().len()
        ));
    }
    s.trim_end().to_string()
}

fn sampled_json(parsed: &Parsed, s: &Sampled) -> Value {
    if parsed.is_boolean() {
        let (p, se) = s.probability_true();
        return json!({
            "expr": parsed.source,
            "kind": "probability",
            "exact": false,
            "samples": s.samples,
            "seed": s.seed,
            "pf": p,
            "se": se,
        });
    }
    let outcomes: Vec<Value> = s
        .estimates()
        .into_iter()
        .map(|(v, p, se)| json!({"value": v, "pf": p, "se": se}))
        .collect();
    json!({
        "expr": parsed.source,
        "kind": "distribution",
        "exact": false,
        "samples": s.samples,
        "seed": s.seed,
        "mean_f": s.mean,
        "mean_se": s.mean_se,
        "sd": s.std_dev,
        "outcomes": outcomes,
    })
}

fn sampled_text(parsed: &Parsed, s: &Sampled) -> String {
    let mut out = format!(
        "{}\n  ESTIMATE from {} sampled rolls (seed {}), not exact; ± is one standard error\n",
        parsed.source, s.samples, s.seed
    );
    if parsed.is_boolean() {
        let (p, se) = s.probability_true();
        out.push_str(&format!("  P ≈ {p:.6} ± {se:.6}"));
        return out;
    }
    out.push_str(&format!(
        "  mean ≈ {:.6} ± {:.6}, sd ≈ {:.6}\n\n  {:>6}  {:>22}\n",
        s.mean, s.mean_se, s.std_dev, "value", "probability"
    ));
    for (v, p, se) in s.estimates() {
        out.push_str(&format!("  {v:>6}  {p:>10.6} ± {se:<9.6}\n"));
    }
    out.trim_end().to_string()
}
