//! Finding and loading scenario files for the commands, with every problem reported, and the
//! registry of the rule systems fireteam plays.
//!
//! # Adding a system
//!
//! The commands are written once, generic over [`Playable`]; this file is the only place that
//! names each system. A system takes two lines here:
//!
//! 1. its `ScenarioSchema` in [`registered`], so its scenarios load;
//! 2. one arm in [`with_system`], which builds its initial state from a loaded scenario.
//!
//! Its rules crate implements what `Playable` bundles (`RuleSystem`, `Present`, `ActionOdds`,
//! `Evaluate`, `BattleStats`, `Aftermath`).

use fireteam_dice_pool::scenario::DicePoolSchema;
use fireteam_dice_pool::DicePool;
use fireteam_engine::{ActionOdds, Aftermath, BattleStats, Evaluate, Present};
use fireteam_scenario::{Loaded, Loader, SourceFile};
use miette::{miette, Result};
use std::path::{Path, PathBuf};

/// The shipped catalogs, `("<system>/<file>.toml", text)`, built into the binary by build.rs,
/// so that an installed `fireteam` needs no data folder on disk.
const BUILT_IN: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/data.rs"));

/// How messages and saves name a built-in catalog file: `built-in:data/<system>/<file>.toml`.
pub const BUILT_IN_DATA: &str = "built-in:data";

/// The catalog folder: `--data`, else `FIRETEAM_DATA`, else the first `data/` beside the
/// scenario or above it, else `./data`; the last two count only when they hold a catalog of a
/// system fireteam plays (so an unrelated `data/` folder is passed over). `None` when there is
/// no such folder: the built-in catalogs serve.
pub fn data_dir(scenario: &Path, given: Option<&Path>) -> Option<PathBuf> {
    if let Some(d) = given {
        return Some(d.to_path_buf());
    }
    if let Some(d) = std::env::var_os("FIRETEAM_DATA") {
        return Some(PathBuf::from(d));
    }
    let systems = systems();
    let holds_catalogs = |d: &Path| systems.iter().any(|s| d.join(s).is_dir());
    let start = scenario
        .canonicalize()
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf));
    let mut dir = start.as_deref();
    while let Some(d) = dir {
        if holds_catalogs(&d.join("data")) {
            return Some(d.join("data"));
        }
        dir = d.parent();
    }
    Some(PathBuf::from("data")).filter(|d| holds_catalogs(d))
}

/// The built-in catalog files of `system`.
pub fn built_in(system: &str) -> Vec<SourceFile> {
    BUILT_IN
        .iter()
        .filter(|(name, _)| {
            name.strip_prefix(system)
                .is_some_and(|rest| rest.starts_with('/'))
        })
        .map(|(name, text)| SourceFile::new(format!("{BUILT_IN_DATA}/{name}"), *text))
        .collect()
}

/// The loader, with every system's scenario schema registered, reading the catalogs from
/// `data`, or the built-in ones without it.
fn loader(data: Option<PathBuf>) -> Loader<'static> {
    let loader = registered().policies(fireteam_ai::PolicyKind::ALL.iter().map(|k| k.name()));
    match data {
        Some(d) => loader.data_dir(d),
        None => loader
            .systems()
            .into_iter()
            .fold(loader, |l, s| l.catalog_files(s, built_in(s))),
    }
}

/// A loader that knows every system's scenario schema, and nothing else yet.
fn registered() -> Loader<'static> {
    Loader::new()
        .schema(&DicePoolSchema)
        .schema(&fireteam_skirmish::schema::SkirmishSchema)
        .schema(&fireteam_tactical_3d6::schema::Tactical3d6Schema)
}

/// The names of the systems whose scenarios load.
pub fn systems() -> Vec<&'static str> {
    registered().systems()
}

/// Loads a scenario of a system fireteam plays, or returns every problem found.
pub fn load(path: &Path, data: Option<&Path>) -> Result<Loaded> {
    let loader = loader(data_dir(path, data));
    loader
        .load_path(path)
        .map_err(|d| problems(&d, &path.display().to_string()))
}

/// Loads a scenario from text named `name` (the battle map's setup editor), with the catalogs
/// found as for the scenario file `beside`.
pub fn load_text(name: &str, text: &str, beside: &Path, data: Option<&Path>) -> Result<Loaded> {
    let loader = loader(data_dir(beside, data));
    loader
        .load(&SourceFile::new(name, text))
        .map_err(|d| problems(&d, name))
}

/// Every problem of a scenario, one per line with file, line and column, and how many.
fn problems(d: &fireteam_scenario::Diagnostics, name: &str) -> miette::Report {
    let n = d.len();
    miette!(
        "{}{} problem{} in {name}",
        d.render_plain(),
        n,
        if n == 1 { "" } else { "s" },
    )
}

/// Everything the battle commands need of a rule system: playing and showing it (`Present`),
/// the odds of an action (`ActionOdds`), the AI (`Evaluate`, `'static` for its boxed
/// policies), the simulator (`BattleStats`, and `Sync` rules and states for its threads), the
/// battle map (`Send` states, actions and events, to keep a battle between requests) and
/// what follows a finished battle (`Aftermath`). Every system with those traits is `Playable`.
pub trait Playable:
    Present<State: Sync + Send, Action: Send, Event: Send>
    + ActionOdds
    + Evaluate
    + BattleStats
    + Aftermath
    + Sync
    + 'static
{
}

impl<R> Playable for R where
    R: Present<State: Sync + Send, Action: Send, Event: Send>
        + ActionOdds
        + Evaluate
        + BattleStats
        + Aftermath
        + Sync
        + 'static
{
}

/// A command's work for whichever system a scenario or a save names.
///
/// Closures cannot be generic, so a command that plays "any system" is a value of its own type
/// with one generic method: [`with_system`] picks the system by name, builds its initial state
/// and calls `run` with the system's concrete type. A command thus states its work once, and
/// adding a system adds one arm to `with_system`, not one to every command.
pub trait SystemJob {
    type Output;
    /// The work, with the system's rules and the battle's initial state.
    fn run<R: Playable>(self, rules: &'static R, initial: R::State) -> Result<Self::Output>;
}

/// Runs `job` with the rule system named `system` (a scenario's `system`, or the one a save
/// records), starting from the battle `loaded` describes.
pub fn with_system<J: SystemJob>(system: &str, loaded: &Loaded, job: J) -> Result<J::Output> {
    match system {
        "dice-pool" => job.run(
            &DicePool,
            fireteam_dice_pool::scenario::setup(loaded).build(),
        ),
        // SKIRMISH goes here:
        "skirmish" => job.run(
            &fireteam_skirmish::Skirmish,
            fireteam_skirmish::scenario::setup(loaded).build(),
        ),
        "tactical-3d6" => job.run(
            &fireteam_tactical_3d6::Tactical3d6,
            fireteam_tactical_3d6::setup::setup(loaded),
        ),
        other => Err(miette!("fireteam cannot play system '{other}' yet")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A job that says which system it ran with and how many sides the battle has.
    struct Which;

    impl SystemJob for Which {
        type Output = (&'static str, usize);

        fn run<R: Playable>(self, rules: &'static R, initial: R::State) -> Result<Self::Output> {
            Ok((rules.name(), rules.sides(&initial)))
        }
    }

    fn yard() -> Loaded {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        load(
            &root.join("scenarios/dice-pool/yard.toml"),
            Some(&root.join("data")),
        )
        .expect("the shipped scenario loads")
    }

    #[test]
    fn a_scenario_runs_with_the_system_it_names() {
        let loaded = yard();
        assert!(systems().contains(&"dice-pool"));
        let (name, sides) = with_system(&loaded.scenario.system, &loaded, Which).unwrap();
        assert_eq!(name, "dice-pool");
        assert_eq!(sides, loaded.scenario.sides.len());
    }

    #[test]
    fn a_system_without_an_arm_is_refused_by_name() {
        let e = with_system("hellion", &yard(), Which).unwrap_err();
        assert_eq!(e.to_string(), "fireteam cannot play system 'hellion' yet");
    }
}
