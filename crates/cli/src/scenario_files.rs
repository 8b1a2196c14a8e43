//! Finding and loading scenario files for the commands, with every problem reported, and the
//! registry of the rule systems fireteam plays.
//!
//! # Adding a system
//!
//! The commands are written once, generic over [`Playable`]; this file is the only place that
//! names each system. A system takes two lines here:
//!
//! 1. its `ScenarioSchema` in [`loader`], so its scenarios load;
//! 2. one arm in [`with_system`], which builds its initial state from a loaded scenario.
//!
//! Its rules crate implements what `Playable` bundles (`RuleSystem`, `Present`, `ActionOdds`,
//! `Evaluate`, `BattleStats`, `Aftermath`).

use fireteam_dice_pool::scenario::DicePoolSchema;
use fireteam_dice_pool::DicePool;
use fireteam_engine::{ActionOdds, Aftermath, BattleStats, Evaluate, Present};
use fireteam_scenario::{Loaded, Loader};
use miette::{miette, Result};
use std::path::{Path, PathBuf};

/// The catalog folder: `--data`, else `FIRETEAM_DATA`, else the first `data/` found beside the
/// scenario or above it, else `./data`.
pub fn data_dir(scenario: &Path, given: Option<&Path>) -> PathBuf {
    if let Some(d) = given {
        return d.to_path_buf();
    }
    if let Some(d) = std::env::var_os("FIRETEAM_DATA") {
        return PathBuf::from(d);
    }
    let start = scenario
        .canonicalize()
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf));
    let mut dir = start.as_deref();
    while let Some(d) = dir {
        if d.join("data").is_dir() {
            return d.join("data");
        }
        dir = d.parent();
    }
    PathBuf::from("data")
}

/// The loader, with every system's scenario schema registered.
fn loader(data: PathBuf) -> Loader<'static> {
    Loader::new()
        .schema(&DicePoolSchema)
        .schema(&fireteam_skirmish::schema::SkirmishSchema)
        .data_dir(data)
        .policies(fireteam_ai::PolicyKind::ALL.iter().map(|k| k.name()))
}

/// The names of the systems whose scenarios load.
pub fn systems() -> Vec<&'static str> {
    loader(PathBuf::from("data")).systems()
}

/// Loads a scenario of a system fireteam plays, or returns every problem found.
pub fn load(path: &Path, data: Option<&Path>) -> Result<Loaded> {
    let loader = loader(data_dir(path, data));
    loader.load_path(path).map_err(|d| {
        let n = d.len();
        miette!(
            "{}{} problem{} in {}",
            d.render_plain(),
            n,
            if n == 1 { "" } else { "s" },
            path.display()
        )
    })
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
