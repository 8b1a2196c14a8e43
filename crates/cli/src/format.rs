//! Number formatting shared by the commands: exact probabilities shown as decimals that never
//! claim certainty they do not have.

use fireteam_dice::to_f64;
use num_bigint::{BigInt, BigUint};
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

/// `probability` for `weight / total`, without reducing the fraction: tables of thousands of
/// huge-denominator rows need only the decimal, and reducing each one would dominate the time.
pub fn probability_of_weight(weight: &BigUint, total: &BigUint) -> String {
    if weight.is_zero() {
        return "0".into();
    }
    if weight == total {
        return "1".into();
    }
    let ratio = |w: &BigUint| {
        to_f64(&BigRational::new_raw(
            BigInt::from(w.clone()),
            BigInt::from(total.clone()),
        ))
    };
    let complement = ratio(&(total - weight));
    let f = ratio(weight);
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

/// Writes a line to standard output. A closed pipe (`fireteam odds 100d6 | head`) is not an
/// error: the reader has all it wanted.
pub fn emit(text: &str) -> miette::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|_| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(miette::miette!("cannot write the output: {e}"))
        }
        _ => Ok(()),
    }
}

/// The dice a command rolls with: the faces of `--rolls`, the terminal for `--manual` (which
/// rolls from `seed` when asked to), or the seed.
pub fn dice_source(
    rolls: Option<&str>,
    manual: bool,
    seed: u64,
) -> miette::Result<Box<dyn fireteam_dice::DiceSource>> {
    use fireteam_dice::{ManualSource, ScriptedSource, SeededSource};
    Ok(if let Some(list) = rolls {
        Box::new(
            ScriptedSource::parse(list)
                .map_err(|m| miette::miette!(help = "e.g. --rolls 4,1,6", "--rolls: {m}"))?,
        )
    } else if manual {
        Box::new(ManualSource::new(
            crate::terminal::StdinLines::default(),
            std::io::stderr(),
            SeededSource::new(seed),
        ))
    } else {
        Box::new(SeededSource::new(seed))
    })
}
