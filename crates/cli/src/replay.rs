//! `fireteam replay SAVE`: re-runs a save from its scenario and checks every checksum.

use crate::format::emit;
use crate::scenario_files::{self, Playable, SystemJob};
use clap::Args;
use fireteam_dice_pool::DicePool;
use fireteam_engine::{count, Decision, Outcome, Save};
use fireteam_scenario::Loaded;
use miette::{miette, Result};
use std::path::{Path, PathBuf};

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
    /// The catalog folder (default: the `data/` beside or above the scenario, else the built-in
    /// catalogs)
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
}

pub fn run(args: ReplayArgs) -> Result<()> {
    let save = Save::read(&args.save).map_err(|e| miette!("{e}"))?;
    if !scenario_files::systems().contains(&save.system.as_str()) {
        return Err(miette!(
            "the save is of the system '{}', which this fireteam cannot replay",
            save.system
        ));
    }
    if save.content_hashes.is_empty() {
        // A save of the built-in demo (a dice-pool battle) names no files.
        if save.system != "dice-pool" {
            return Err(miette!(
                "the save names no scenario, and '{}' has no built-in battle",
                save.system
            ));
        }
        return Replay(save).run(&DicePool, fireteam_dice_pool::setup::demo().build());
    }
    let loaded = scenario_of(&save, args.scenario.as_deref(), args.data.as_deref())?;
    // The save's system, not the scenario's, picks the rules (they agree, checked above).
    let system = save.system.clone();
    scenario_files::with_system(&system, &loaded, Replay(save))
}

/// The scenario a save was played from: `scenario` when given (it must be of the save's
/// system), else the file the save names that loads as a scenario of its system; refused when
/// a file has changed since the save was written.
pub fn scenario_of(save: &Save, scenario: Option<&Path>, data: Option<&Path>) -> Result<Loaded> {
    let loaded = match scenario {
        Some(p) => {
            let loaded = scenario_files::load(p, data)?;
            if loaded.scenario.system != save.system {
                return Err(miette!(
                    help = "name the scenario the battle was played from",
                    "the save is of the system '{}', but {} is a '{}' scenario",
                    save.system,
                    p.display(),
                    loaded.scenario.system
                ));
            }
            loaded
        }
        // The save names its files; the scenario is the one that loads as a scenario of the
        // save's system (the others are catalogs).
        None => save
            .content_hashes
            .keys()
            .map(PathBuf::from)
            .filter(|p| p.extension().is_some_and(|e| e == "toml") && p.exists())
            .filter_map(|p| scenario_files::load(&p, data).ok())
            .find(|l| l.scenario.system == save.system)
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
    Ok(loaded)
}

/// Replays a save from the battle's initial state and says how it ended, for any system.
struct Replay(Save);

impl SystemJob for Replay {
    type Output = ();

    fn run<R: Playable>(self, rules: &R, initial: R::State) -> Result<()> {
        let save = self.0;
        let battle = save.replay(rules, initial).map_err(|e| miette!("{e}"))?;
        let outcome = match battle.decision() {
            Decision::Over {
                outcome: Outcome::Winner { side },
            } => format!("{} won", rules.side_name(battle.state(), side)),
            Decision::Over {
                outcome: Outcome::Draw,
            } => "a draw".to_string(),
            Decision::Choose { .. } => "the battle was still going".to_string(),
        };
        emit(&format!(
            "replayed {} from seed {}: every checksum matches; {outcome} after {}",
            count(save.log.len(), "action", "actions"),
            save.seed,
            count(rules.rounds(battle.state()), "turn", "turns")
        ))
    }
}
