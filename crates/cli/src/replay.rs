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
    let loaded = scenario_of(
        &save,
        &args.save,
        args.scenario.as_deref(),
        args.data.as_deref(),
    )?;
    // The save's system, not the scenario's, picks the rules (they agree, checked above).
    let system = save.system.clone();
    scenario_files::with_system(&system, &loaded, Replay(save))
}

/// Where a file a save names is now: the name as written (from the working folder), else the
/// same relative name from the save's folder, else from the folder the battle was played in
/// (the save's `workdir`). `None` when none of these exists.
pub fn locate(save: &Save, save_path: &Path, name: &str) -> Option<PathBuf> {
    let named = Path::new(name);
    if named.is_file() {
        return Some(named.to_path_buf());
    }
    if named.is_absolute() {
        return None;
    }
    let beside = save_path.parent().map(|d| d.join(named));
    let played_in = save.workdir.as_ref().map(|w| Path::new(w).join(named));
    [beside, played_in]
        .into_iter()
        .flatten()
        .find(|p| p.is_file())
}

/// Whether a file name of a save is a catalog file rather than a scenario: a built-in one, or
/// one in `data/<system>/`.
fn is_catalog(name: &str) -> bool {
    let p = Path::new(name);
    name.starts_with(scenario_files::BUILT_IN_DATA)
        || p.parent().and_then(Path::parent).and_then(Path::file_name) == Some("data".as_ref())
}

/// A scenario a save names: the name it records, and the file found for it (loaded when it is
/// a scenario of the save's system).
pub struct Recorded {
    pub name: String,
    pub found: Option<(PathBuf, Loaded)>,
}

impl Recorded {
    /// How to name it in a message: its file, where found, and its title.
    pub fn describe(&self) -> String {
        match &self.found {
            Some((p, l)) => format!("{} (\"{}\")", p.display(), l.scenario.name),
            None => self.name.clone(),
        }
    }

    /// The file to give a command, where found, else the name the save records.
    pub fn path(&self) -> String {
        match &self.found {
            Some((p, _)) => p.display().to_string(),
            None => self.name.clone(),
        }
    }
}

/// The scenarios a save names (normally one), each looked for with [`locate`]; those that load
/// as scenarios of the save's system come first.
pub fn recorded_scenarios(save: &Save, save_path: &Path, data: Option<&Path>) -> Vec<Recorded> {
    let mut found: Vec<Recorded> = save
        .content_hashes
        .keys()
        .filter(|n| n.ends_with(".toml"))
        .filter_map(|name| {
            let loaded = locate(save, save_path, name).and_then(|p| {
                scenario_files::load(&p, data)
                    .ok()
                    .filter(|l| l.scenario.system == save.system)
                    .map(|l| (p, l))
            });
            // A catalog file that is not found is no scenario either.
            if loaded.is_none() && is_catalog(name) {
                return None;
            }
            Some(Recorded {
                name: name.clone(),
                found: loaded,
            })
        })
        .collect();
    found.sort_by_key(|r| r.found.is_none());
    found
}

/// The scenario a save was played from: `scenario` when given (it must be of the save's
/// system), else the file the save names that loads as a scenario of its system, looked for
/// from the working folder, the save's folder and the folder it was played in; refused when a
/// file has changed since the save was written.
pub fn scenario_of(
    save: &Save,
    save_path: &Path,
    scenario: Option<&Path>,
    data: Option<&Path>,
) -> Result<Loaded> {
    let (loaded, recorded_as) = match scenario {
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
            (loaded, None)
        }
        None => {
            let mut recorded = recorded_scenarios(save, save_path, data);
            match recorded.first() {
                Some(Recorded { found: Some(_), .. }) => {
                    let r = recorded.swap_remove(0);
                    let (_, loaded) = r.found.expect("checked above");
                    (loaded, Some(r.name))
                }
                _ => {
                    let names: Vec<String> = recorded.iter().map(|r| r.name.clone()).collect();
                    let looked = match save_path.parent().filter(|d| !d.as_os_str().is_empty()) {
                        Some(d) => format!("the working folder and {}", d.display()),
                        None => "the working folder".to_string(),
                    };
                    return Err(miette!(
                        help = "name it with --scenario FILE",
                        "cannot find the scenario this save was played from{}, in {looked}",
                        match names.as_slice() {
                            [] => String::new(),
                            _ => format!(" ({})", names.join(", ")),
                        }
                    ));
                }
            }
        }
    };
    for (file, hash) in loaded.content_hashes() {
        // The scenario found from another folder is checked against the name the save records.
        let recorded = match &recorded_as {
            Some(name) if file == loaded.scenario.file.name => name.as_str(),
            _ => file.as_str(),
        };
        if let Some(saved) = save.content_hashes.get(recorded) {
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

/// Checks that the save at `save_path` continues a battle of `loaded`, the scenario `file`
/// (`run --resume`): the save records this scenario (by its content, wherever the file is now),
/// of the same system, and no catalog file has changed since. A save of another scenario is
/// refused with the one it was played from and the command that resumes it.
pub fn check_resume(
    save: &Save,
    save_path: &Path,
    file: &Path,
    loaded: &Loaded,
    data: Option<&Path>,
) -> Result<()> {
    let this = &loaded.scenario.file;
    let recorded = recorded_scenarios(save, save_path, data);
    let records_this = save.content_hashes.get(&this.name) == Some(&this.content_hash)
        || recorded
            .iter()
            .any(|r| save.content_hashes.get(&r.name) == Some(&this.content_hash));
    if !records_this {
        let canonical = |p: &Path| p.canonicalize().ok();
        let this_file = canonical(file);
        let changed = recorded.iter().any(|r| {
            r.name == this.name
                || r.found
                    .as_ref()
                    .is_some_and(|(p, _)| canonical(p) == this_file)
        });
        if changed {
            return Err(miette!(
                help = "resume with the files the battle was played with",
                "{} has changed since {} was saved",
                file.display(),
                save_path.display()
            ));
        }
        let Some(theirs) = recorded.first() else {
            return Err(miette!(
                help = format!("replay it with: fireteam replay {}", save_path.display()),
                "{} names no scenario (a save of the built-in demo): it cannot resume in {}",
                save_path.display(),
                file.display()
            ));
        };
        return Err(miette!(
            help = format!(
                "resume it with the scenario it was played from: fireteam run {} --resume {}",
                theirs.path(),
                save_path.display()
            ),
            "{} is a battle of the scenario {}, not of {} (\"{}\")",
            save_path.display(),
            theirs.describe(),
            file.display(),
            loaded.scenario.name
        ));
    }
    if save.system != loaded.scenario.system {
        return Err(miette!(
            help = "resume with the scenario the battle was played from",
            "{} is a save of the system '{}', but {} is a '{}' scenario",
            save_path.display(),
            save.system,
            file.display(),
            loaded.scenario.system
        ));
    }
    let hashes = loaded.content_hashes();
    for (name, saved) in &save.content_hashes {
        if hashes.get(name).is_some_and(|h| h != saved) {
            return Err(miette!(
                help = "resume with the files the battle was played with",
                "{name} has changed since {} was saved",
                save_path.display()
            ));
        }
    }
    Ok(())
}

/// Replays a save from the battle's initial state and says how it ended, for any system.
struct Replay(Save);

impl SystemJob for Replay {
    type Output = ();

    fn run<R: Playable>(self, rules: &'static R, initial: R::State) -> Result<()> {
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
