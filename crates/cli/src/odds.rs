//! `fireteam odds EXPR`: exact distributions and probabilities.

use crate::format::{bar, percent, probability};
use clap::Args;
use fireteam_dice::{
    exact_with, fraction_string, parse, sample, to_f64, Distribution, Limits, Parsed, Sampled,
    DEFAULT_BUDGET,
};
use miette::{IntoDiagnostic, Result};
use serde_json::{json, Value};
use std::io::Write;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  fireteam odds \"3d6\"\n  fireteam odds \"3d6 <= 12\"\n  \
    fireteam odds \"5d6 >= 15 + 2d6\" --json\n  \
    fireteam odds \"let r = 3d6 in if r <= 12 then max(0, (if r == 3 then 3 else if r == 4 then 2 else 1) * 2d6 - 2) else 0\"\n  \
    fireteam odds \"2000d6 > 2000d6 + 10\" --sample 1000000"
)]
pub struct OddsArgs {
    /// The dice expression, e.g. "3d6 + 2" or "d20 + 5 >= 15" (see docs/dice.md)
    pub expr: String,
    /// Print one JSON object instead of a table
    #[arg(long)]
    pub json: bool,
    /// Estimate by sampling this many rolls instead of computing exactly; the result says so
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub sample: Option<u64>,
    /// The seed for --sample
    #[arg(long, default_value_t = 1, requires = "sample")]
    pub seed: u64,
    /// The bound on exact work, in weight operations; larger questions are refused
    #[arg(long, default_value_t = DEFAULT_BUDGET, value_name = "OPS")]
    pub budget: u64,
    /// Always show the exact fraction column, however long the fractions are
    #[arg(long)]
    pub fractions: bool,
}

pub fn run(args: OddsArgs) -> Result<()> {
    let parsed = parse(&args.expr)?;
    let text = if let Some(n) = args.sample {
        let s = sample(&parsed, n, args.seed, |_| {}).map_err(roll_error)?;
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
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}").into_diagnostic()
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
    let probs = d.probabilities();
    let le = d.cumulative_le();
    let ge = d.cumulative_ge();
    let fracs: Vec<String> = probs.iter().map(|(_, p)| fraction_string(p)).collect();
    let frac_width = fracs.iter().map(String::len).max().unwrap_or(1);
    let show_fractions = force_fractions || frac_width <= 30;
    let max_p = probs.iter().map(|(_, p)| to_f64(p)).fold(0.0f64, f64::max);
    let vwidth = probs
        .iter()
        .map(|(v, _)| v.to_string().len())
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
    for (i, (v, p)) in probs.iter().enumerate() {
        let b = bar(to_f64(p) / max_p, 40);
        if show_fractions {
            s.push_str(&format!(
                "  {v:>vwidth$}  {:<fw$}  {:>12}  {:>12}  {:>12}  {b}\n",
                fracs[i],
                probability(p),
                probability(&le[i]),
                probability(&ge[i])
            ));
        } else {
            s.push_str(&format!(
                "  {v:>vwidth$}  {:>12}  {:>12}  {:>12}  {b}\n",
                probability(p),
                probability(&le[i]),
                probability(&ge[i])
            ));
        }
    }
    if !show_fractions {
        s.push_str(&format!(
            "\n  exact fractions are up to {frac_width} characters long: see them with --json or --fractions\n"
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
