//! `fireteam`: exact odds and rolls for tabletop tactical-combat rule systems.

mod bench;
mod format;
mod odds;
mod roll;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "fireteam",
    version,
    about = "Exact odds, rolls and battles for tabletop tactical-combat rule systems",
    long_about = "fireteam plays tabletop tactical-combat rule systems exactly as their books are \
                  written. Today it answers dice questions exactly and rolls dice with every face \
                  shown; the dice language is described in docs/dice.md.",
    after_help = "Examples:\n  fireteam odds \"3d6 <= 12\"\n  fireteam odds \"4d6kh3\" --json\n  \
                  fireteam roll \"3d6 + 2\" --seed 42\n  fireteam roll \"d%\" --manual"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The exact distribution of a dice expression, or the probability of a condition
    Odds(odds::OddsArgs),
    /// Roll a dice expression, showing every face
    Roll(roll::RollArgs),
    /// Time the dice engine on the benchmark task set
    Bench(bench::BenchArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Odds(a) => odds::run(a),
        Command::Roll(a) => roll::run(a),
        Command::Bench(a) => bench::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(report) => {
            eprintln!("{report:?}");
            ExitCode::FAILURE
        }
    }
}
