//! `fireteam roll EXPR`: rolls with every face shown, from a seed, a list, or the table.

use crate::format::emit;
use crate::odds::roll_error;
use clap::Args;
use fireteam_dice::{parse, ExprRoller, Rolled};
use miette::Result;
use serde_json::json;
use std::hash::{BuildHasher, Hasher};

#[derive(Args)]
#[command(
    after_help = "Examples:\n  fireteam roll \"3d6\"\n  fireteam roll \"4d6kh3\" --seed 7 --times 6\n  \
    fireteam roll \"3d6 <= 12\" --rolls 4,1,6\n  fireteam roll \"d20 + 5\" --manual"
)]
pub struct RollArgs {
    /// The dice expression, e.g. "3d6 + 2" (see docs/dice.md)
    pub expr: String,
    /// Seed for reproducible rolls; without it a fresh seed is drawn and printed
    #[arg(long)]
    pub seed: Option<u64>,
    /// Roll this many times
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub times: u64,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
    /// Use these faces, in order, instead of random dice (e.g. 4,1,6)
    #[arg(long, value_name = "FACES", conflicts_with_all = ["manual", "seed"])]
    pub rolls: Option<String>,
    /// Ask for each roll's faces at the terminal (dice rolled at the table)
    #[arg(long, conflicts_with = "seed")]
    pub manual: bool,
}

pub fn run(args: RollArgs) -> Result<()> {
    let parsed = parse(&args.expr)?;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let mut source = crate::format::dice_source(args.rolls.as_deref(), args.manual, seed)?;
    let kind = source.kind();
    let mut roller = ExprRoller::new(&parsed);
    let boolean = parsed.is_boolean();
    let mut results = Vec::new();
    for i in 0..args.times {
        source.begin_scope(i);
        let rolled = roller.roll(source.as_mut()).map_err(roll_error)?;
        if args.json {
            results.push(rolled);
        } else {
            let prefix = if args.times > 1 {
                format!("#{}  ", i + 1)
            } else {
                String::new()
            };
            emit(&format!(
                "{prefix}{}",
                describe(&parsed.source, &rolled, boolean)
            ))?;
        }
    }
    if args.json {
        let rolls: Vec<_> = results
            .iter()
            .map(|r| json!({"value": r.value, "terms": r.rolls}))
            .collect();
        let mut obj = json!({"expr": parsed.source, "source": kind, "rolls": rolls});
        if args.rolls.is_none() {
            obj["seed"] = json!(seed);
        }
        emit(&format!("{obj}"))?;
    } else if args.rolls.is_none() && !args.manual {
        eprintln!("seed {seed} (repeat these rolls with --seed {seed})");
    }
    Ok(())
}

/// One roll in words: `3d6 → [4, 1, 6] = 11` for a lone term, or each term then `⇒ value`.
fn describe(source: &str, rolled: &Rolled, boolean: bool) -> String {
    let value = if boolean {
        if rolled.value != 0 {
            "true".to_string()
        } else {
            "false".to_string()
        }
    } else {
        rolled.value.to_string()
    };
    let terms: Vec<String> = rolled.rolls.iter().map(ToString::to_string).collect();
    if rolled.rolls.len() == 1 && rolled.rolls[0].term == source.trim() {
        return terms[0].clone();
    }
    if terms.is_empty() {
        return format!("{source} ⇒ {value}");
    }
    format!("{}  ⇒ {value}", terms.join("; "))
}

/// A seed from the operating system's randomness (through std's randomly keyed hasher).
fn fresh_seed() -> u64 {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(std::process::id().into());
    h.finish() >> 1
}
