//! `fireteam replay SAVE`: re-runs a save from its scenario and checks every checksum.

use crate::format::emit;
use crate::scenario_files;
use clap::Args;
use fireteam_dice_pool::DicePool;
use fireteam_engine::{Decision, Outcome, Save};
use miette::{miette, Result};
use std::path::PathBuf;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  fireteam run scenarios/dice-pool/yard.toml --save yard.json\n  fireteam replay yard.json"
)]
pub struct ReplayArgs {
    /// The save file
    pub save: PathBuf,
    /// The scenario it was played from (default: the scenario named in the save)
    #[arg(long, value_name = "FILE")]
    pub scenario: Option<PathBuf>,
    /// The catalog folder (default: the `data/` beside or above the scenario)
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
}

pub fn run(args: ReplayArgs) -> Result<()> {
    let save = Save::read(&args.save).map_err(|e| miette!("{e}"))?;
    if save.system != "dice-pool" {
        return Err(miette!(
            "the save is of the system '{}', which this fireteam cannot replay",
            save.system
        ));
    }
    let state = if save.content_hashes.is_empty() {
        // A save of the built-in demo names no files.
        fireteam_dice_pool::setup::demo().build()
    } else {
        let loaded = match &args.scenario {
            Some(p) => scenario_files::load(p, args.data.as_deref())?,
            // The save names its files; the scenario is the one that loads as a scenario (the
            // others are catalogs).
            None => save
                .content_hashes
                .keys()
                .map(PathBuf::from)
                .filter(|p| p.extension().is_some_and(|e| e == "toml") && p.exists())
                .find_map(|p| scenario_files::load(&p, args.data.as_deref()).ok())
                .ok_or_else(|| {
                    miette!(
                        help = "name it with --scenario FILE",
                        "cannot find the scenario this save was played from"
                    )
                })?,
        };
        for (file, hash) in loaded.content_hashes() {
            if let Some(saved) = save.content_hashes.get(&file) {
                if *saved != hash {
                    return Err(miette!(
                        help = "replay with the files the battle was played with",
                        "{file} has changed since the save was written (hash {hash}, the save says {saved})"
                    ));
                }
            }
        }
        fireteam_dice_pool::scenario::setup(&loaded).build()
    };
    let battle = save.replay(&DicePool, state).map_err(|e| miette!("{e}"))?;
    let outcome = match battle.decision() {
        Decision::Over {
            outcome: Outcome::Winner { side },
        } => format!("{} won", battle.state().side_names[usize::from(side)]),
        Decision::Over {
            outcome: Outcome::Draw,
        } => "a draw".to_string(),
        Decision::Choose { .. } => "the battle was still going".to_string(),
    };
    emit(&format!(
        "replayed {} actions from seed {}: every checksum matches; {outcome} after {} turns",
        save.log.len(),
        save.seed,
        battle.state().turn
    ))
}
