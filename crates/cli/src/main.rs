//! `fireteam`: exact odds, rolls and battles for tabletop tactical-combat rule systems.

mod action_odds;
mod aftermath;
mod bench;
mod check;
mod experience;
mod format;
mod keep;
mod odds;
mod play;
mod replay;
mod roll;
mod scenario_files;
mod serve;
mod sim;
mod terminal;
mod writable;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "fireteam",
    version,
    about = "Exact odds, rolls and battles for tabletop tactical-combat rule systems",
    long_about = "fireteam plays tabletop tactical-combat rule systems exactly as their books are \
                  written. It answers dice questions exactly, rolls dice with every face shown, \
                  and plays, explains and simulates battles (today: the dice-pool and SKIRMISH! systems). The \
                  dice language is described in docs/dice.md, scenarios in docs/scenario.md.",
    after_help = "Examples:\n  fireteam demo\n  fireteam odds \"3d6 <= 12\"\n  \
                  fireteam run scenarios/dice-pool/yard.toml\n  \
                  fireteam run scenarios/skirmish/bruce-vs-zorgo.toml\n  \
                  fireteam serve scenarios/skirmish/arena-human.toml   # the battle map\n  \
                  fireteam sim scenarios/dice-pool/yard.toml -n 10000\n  \
                  fireteam check scenarios/dice-pool/*.toml"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play the built-in dice-pool battle between two AI squads, narrated
    Demo(play::DemoArgs),
    /// Play a scenario to the end (AI, human or scripted sides)
    Run(play::RunArgs),
    /// The battle map in a browser: play, watch, replay, ask the odds, simulate
    Serve(serve::ServeArgs),
    /// Validate scenario files, reporting every problem
    Check(check::CheckArgs),
    /// Exact odds of a dice expression, or of an action in a scenario (--action)
    Odds(odds::OddsArgs),
    /// Run many battles and report win rates with confidence intervals
    Sim(sim::SimArgs),
    /// Re-run a save and verify its checksums
    Replay(replay::ReplayArgs),
    /// Roll a dice expression, showing every face
    Roll(roll::RollArgs),
    /// Time the dice engine on the benchmark task set
    Bench(bench::BenchArgs),
    /// What a SKIRMISH character's experience points buy: skills, bonuses, attribute points
    Experience(experience::ExperienceArgs),
    /// What a finished SKIRMISH battle leaves each character: healing, credits, EP, spoils, bills
    Aftermath(aftermath::AftermathArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Demo(a) => play::demo(a),
        Command::Run(a) => play::run(a),
        Command::Serve(a) => serve::run(a),
        Command::Check(a) => check::run(a),
        Command::Odds(a) => odds::run(a),
        Command::Sim(a) => sim::run(a),
        Command::Replay(a) => replay::run(a),
        Command::Roll(a) => roll::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Experience(a) => experience::run(a),
        Command::Aftermath(a) => aftermath::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(report) => {
            eprintln!("{report:?}");
            ExitCode::FAILURE
        }
    }
}
