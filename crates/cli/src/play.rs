//! `fireteam demo` and `fireteam run FILE`: a battle played to the end, narrated turn by turn
//! or written as JSON events, with AI, human or scripted sides and dice from a seed, a list or
//! the table.

use crate::format::emit;
use crate::keep::Keeper;
use crate::scenario_files::{self, Playable, SystemJob};
use crate::terminal::{self, Reply};
use clap::Args;
use fireteam_ai::{Explain, Policy, PolicyKind};
use fireteam_dice_pool::DicePool;
use fireteam_engine::{count, Battle, Decision, Outcome, Save};
use fireteam_scenario::Controller;
use miette::{miette, IntoDiagnostic, Result};
use serde_json::json;
use std::collections::{BTreeMap, VecDeque};
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Args, Clone)]
pub struct PlayArgs {
    /// Seed for the dice (default: the scenario's seed, or 1)
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print the events as JSON lines (a header, one line per event, a result) instead of text
    #[arg(long, conflicts_with = "log")]
    pub json: bool,
    /// Also write the JSON event lines to this file
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// Use these dice faces in order instead of seeded dice (e.g. 4,2,6)
    #[arg(long, value_name = "FACES", conflicts_with = "manual")]
    pub rolls: Option<String>,
    /// Ask for every roll at the terminal (dice rolled at the table)
    #[arg(long)]
    pub manual: bool,
    /// Write a save (seed and action log) here when the battle ends or stops, on `quit` and on
    /// Ctrl-C
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Show each AI decision's ranked choices
    #[arg(long)]
    pub explain: bool,
    /// Actions for `script` sides, one per line
    #[arg(long, value_name = "FILE")]
    pub actions: Option<PathBuf>,
    /// Stop after this many actions (with --save, to continue later with run --resume)
    #[arg(long, value_name = "N")]
    pub stop_after: Option<u64>,
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  fireteam run scenarios/dice-pool/yard.toml\n  \
    fireteam run scenarios/dice-pool/yard.toml --seed 9 --json > battle.jsonl\n  \
    fireteam run scenarios/dice-pool/grenade-court.toml   # Blue is yours\n  \
    fireteam run scenarios/dice-pool/night-alley.toml --manual --save alley.json"
)]
pub struct RunArgs {
    /// The scenario file
    pub file: PathBuf,
    #[command(flatten)]
    pub play: PlayArgs,
    /// The catalog folder (default: the `data/` beside or above the scenario)
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Continue the battle saved here (it replays and checks the log first)
    #[arg(long, value_name = "SAVE")]
    pub resume: Option<PathBuf>,
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  fireteam demo\n  fireteam demo --seed 3 --explain\n  fireteam demo --json | head"
)]
pub struct DemoArgs {
    #[command(flatten)]
    pub play: PlayArgs,
}

/// The help of a refused action: whose decision it is, and what that side may do now. The
/// parser's suggestions (legal actions that start with the refused one's verb) are listed when
/// there are some; otherwise one example of each legal verb, with how many more share it, so the
/// list is never empty while the battle goes on.
pub fn legal_now<R: Playable>(rules: &R, state: &R::State, suggestions: &[String]) -> String {
    let whose = match rules.decision(state) {
        Decision::Over { .. } => return "the battle is over: no action is legal".into(),
        Decision::Choose {
            side,
            unit: Some(u),
        } => format!(
            "it is {}'s decision, for {}",
            rules.side_name(state, side),
            rules.unit_name(state, u)
        ),
        Decision::Choose { side, unit: None } => {
            format!("it is {}'s decision", rules.side_name(state, side))
        }
    };
    if !suggestions.is_empty() {
        return format!("{whose}; legal now: {}", suggestions.join("; "));
    }
    let mut legal = Vec::new();
    rules.legal_actions(state, &mut legal);
    // (verb, first action with it, how many share it), in the order the system lists them.
    let mut verbs: Vec<(String, String, usize)> = Vec::new();
    for a in &legal {
        let text = rules.action_text(state, a);
        let verb = text.split(' ').next().unwrap_or("").to_string();
        match verbs.iter_mut().find(|(v, _, _)| *v == verb) {
            Some((_, _, n)) => *n += 1,
            None => verbs.push((verb, text, 1)),
        }
    }
    let list: Vec<String> = verbs
        .into_iter()
        .map(|(verb, text, n)| match n {
            1 => text,
            _ => format!("{text} (and {} more '{verb}')", n - 1),
        })
        .collect();
    format!("{whose}; legal now: {}", list.join("; "))
}

/// Who chooses for a side.
enum Chooser {
    /// Built afresh for every decision from (seed, action number, side), so a battle resumed
    /// from a save chooses exactly as the uninterrupted one would have.
    Ai(PolicyKind),
    Human,
    Script,
}

/// Checks `--save` and `--log` before anything is played.
fn check_outputs(args: &PlayArgs) -> Result<()> {
    if let Some(p) = &args.save {
        crate::writable::check(p, "--save")?;
    }
    if let Some(p) = &args.log {
        crate::writable::check(p, "--log")?;
    }
    Ok(())
}

pub fn demo(args: DemoArgs) -> Result<()> {
    check_outputs(&args.play)?;
    let setup = fireteam_dice_pool::setup::demo();
    let seed = args.play.seed.unwrap_or(1);
    let choosers = (0..setup.sides.len())
        .map(|_| Chooser::Ai(PolicyKind::Greedy))
        .collect();
    Play {
        title: "Demo: the yard (built in; dice-pool, invented sample characters)",
        choosers,
        seed,
        args: &args.play,
        content_hashes: BTreeMap::new(),
        resume: None,
        file: None,
    }
    .run(&DicePool, setup.build())
}

pub fn run(args: RunArgs) -> Result<()> {
    check_outputs(&args.play)?;
    let loaded = scenario_files::load(&args.file, args.data.as_deref())?;
    let resume = match &args.resume {
        Some(p) => {
            let save = Save::read(p).map_err(|e| miette!("{e}"))?;
            crate::replay::check_resume(&save, p, &args.file, &loaded, args.data.as_deref())?;
            Some(save)
        }
        None => None,
    };
    // A resumed battle keeps its seed: every action's dice come from (seed, action number).
    let seed = resume
        .as_ref()
        .map(|s| s.seed)
        .or(args.play.seed)
        .or(loaded.scenario.seed)
        .unwrap_or(1);
    let mut choosers = Vec::new();
    for side in &loaded.scenario.sides {
        choosers.push(match &side.controller {
            Controller::Ai(p) => {
                let kind: PolicyKind = p.parse().map_err(|e| miette!("side {}: {e}", side.name))?;
                Chooser::Ai(kind)
            }
            Controller::Human => Chooser::Human,
            Controller::Script => Chooser::Script,
        });
    }
    let title = format!("{} ({})", loaded.scenario.name, args.file.display());
    let job = Play {
        title: &title,
        choosers,
        seed,
        args: &args.play,
        content_hashes: loaded.content_hashes(),
        resume,
        file: Some(&args.file),
    };
    scenario_files::with_system(&loaded.scenario.system, &loaded, job)
}

/// One battle to play to the end, for any system: who chooses for each side, the dice and
/// where the output goes.
struct Play<'a> {
    title: &'a str,
    choosers: Vec<Chooser>,
    seed: u64,
    args: &'a PlayArgs,
    /// For the save.
    content_hashes: BTreeMap<String, String>,
    /// A save to replay (checking every checksum) before play goes on.
    resume: Option<Save>,
    /// The scenario file, for the hint on how to go on from a save; None for the demo.
    file: Option<&'a Path>,
}

impl SystemJob for Play<'_> {
    type Output = ();

    fn run<R: Playable>(self, rules: &'static R, state: R::State) -> Result<()> {
        let Play {
            title,
            mut choosers,
            seed,
            args,
            content_hashes,
            resume,
            file,
        } = self;
        let mut log_file = match &args.log {
            Some(p) => Some(std::io::BufWriter::new(
                std::fs::File::create(p)
                    .map_err(|e| miette!("cannot write the log {}: {e}", p.display()))?,
            )),
            None => None,
        };
        let mut script: VecDeque<String> = match &args.actions {
            Some(p) => std::fs::read_to_string(p)
                .map_err(|e| miette!("cannot read the actions file {}: {e}", p.display()))?
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(String::from)
                .collect(),
            None => VecDeque::new(),
        };
        let mut dice = crate::format::dice_source(args.rolls.as_deref(), args.manual, seed)?;
        let mut head = rules.header(&state, title);
        // What a replay of the log needs: the scenario (as it was named, so the same command
        // writes the same log on every machine), the seed, and whether the dice came from it.
        if let Some(m) = head.as_object_mut() {
            if let Some(f) = file {
                m.insert("scenario".into(), json!(f.display().to_string()));
            }
            m.insert("seed".into(), json!(seed));
            let dice = match (&args.rolls, args.manual) {
                (Some(_), _) => "scripted",
                (None, true) => "manual",
                (None, false) => "seeded",
            };
            m.insert("dice".into(), json!(dice));
        }
        let write_json = |v: &serde_json::Value,
                          log: &mut Option<std::io::BufWriter<std::fs::File>>|
         -> Result<()> {
            if args.json {
                emit(&v.to_string())?;
            }
            if let Some(f) = log {
                writeln!(f, "{v}").into_diagnostic()?;
            }
            Ok(())
        };
        write_json(&head, &mut log_file)?;
        let text = !args.json;
        if text {
            emit(&format!("{title}\nseed {seed}"))?;
            for line in rules.roster(&state) {
                emit(&format!("  {line}"))?;
            }
        }
        let mut battle = match &resume {
            Some(save) => {
                let b = save.replay(rules, state).map_err(|e| miette!("{e}"))?;
                if text {
                    emit(&format!(
                        "resumed after {} actions (every checksum matches)",
                        b.steps()
                    ))?;
                }
                b
            }
            None => Battle::new(rules, state),
        };
        // The save, kept current after every action for `save`, `quit` and Ctrl-C.
        let mut keeper = Keeper::new(
            Save::new(rules, seed, content_hashes, battle.log().to_vec()),
            args.save.clone(),
            file.map(|f| format!("fireteam run {} --resume", f.display())),
        );
        let human = choosers.iter().any(|c| matches!(c, Chooser::Human));
        if human || args.save.is_some() {
            keeper.save_on_ctrl_c();
        }
        let mut quit = false;
        let mut legal = Vec::new();
        let result = loop {
            let Decision::Choose { side, unit } = battle.decision() else {
                break Ok(());
            };
            if args.stop_after.is_some_and(|n| battle.steps() >= n) {
                break Ok(());
            }
            legal.clear();
            rules.legal_actions(battle.state(), &mut legal);
            let index = if legal.len() == 1 {
                0
            } else {
                match &mut choosers[usize::from(side)] {
                    Chooser::Ai(kind) => {
                        let mut p = kind.build::<R>(fireteam_ai::rng::derive_seed(
                            seed,
                            battle.steps(),
                            u64::from(side) + 1,
                        ));
                        let explain = if args.explain {
                            Explain::Yes
                        } else {
                            Explain::No
                        };
                        let choice = p.choose(rules, battle.state(), side, &legal, explain);
                        if let (Some(x), true) = (&choice.explanation, text) {
                            emit(&format!("  [AI] {x}"))?;
                        }
                        choice.index
                    }
                    Chooser::Human => {
                        match terminal::decide(
                            rules,
                            battle.state(),
                            side,
                            unit,
                            &legal,
                            &mut keeper,
                        ) {
                            Ok(Reply::Act(i)) => i,
                            Ok(Reply::Quit) => {
                                quit = true;
                                break Ok(());
                            }
                            Err(e) => break Err(e),
                        }
                    }
                    Chooser::Script => {
                        let Some(line) = script.pop_front() else {
                            break Err(miette!(
                                help = "give the script side's actions with --actions FILE, one per line",
                                "the script for side {} ran out of actions",
                                rules.side_name(battle.state(), side)
                            ));
                        };
                        let a = rules.parse_action(battle.state(), &line).map_err(|e| {
                            miette!(
                                help = legal_now(rules, battle.state(), &e.suggestions),
                                "script action '{line}': {e}"
                            )
                        });
                        match a {
                            Ok(a) => legal.iter().position(|x| *x == a).unwrap_or(0),
                            Err(e) => break Err(e),
                        }
                    }
                }
            };
            let action = legal[index].clone();
            let action_text = rules.action_text(battle.state(), &action);
            let step = battle.steps();
            let events = match battle.step(&action, dice.as_mut()) {
                Ok(ev) => ev.to_vec(),
                Err(e) => break Err(miette!("action {step} '{action_text}': {e}")),
            };
            if let Some(entry) = battle.log().last() {
                keeper.record(entry.clone());
            }
            for e in &events {
                if text {
                    if let Some(line) = rules.narrate(battle.state(), e) {
                        emit(&line)?;
                    }
                }
                write_json(
                    &json!({"type": "event", "step": step, "action": action_text, "event": e}),
                    &mut log_file,
                )?;
            }
        };
        let outcome = match battle.decision() {
            Decision::Over { outcome } => Some(outcome),
            Decision::Choose { .. } => None,
        };
        // What follows a finished battle (SKIRMISH: healing, rewards, bills): resolved from the
        // final state, narrated after the last action and written before the result line. It
        // is no part of the battle, so the save and the replay do not hold it.
        if outcome.is_some() {
            let mut after = Vec::new();
            rules.aftermath(battle.state(), &mut after);
            let mut state = battle.state().clone();
            for e in &after {
                rules.apply(&mut state, e);
                if text {
                    if let Some(line) = rules.narrate(&state, e) {
                        emit(&line)?;
                    }
                }
                write_json(&json!({"type": "aftermath", "event": e}), &mut log_file)?;
            }
        }
        let result_json = json!({
            "type": "result",
            "outcome": outcome,
            "winner": match outcome { Some(Outcome::Winner { side }) => Some(rules.side_name(battle.state(), side)), _ => None },
            "turns": rules.rounds(battle.state()),
            "actions": battle.steps(),
        });
        write_json(&result_json, &mut log_file)?;
        if let Some(f) = &mut log_file {
            f.flush().into_diagnostic()?;
        }
        // The save is written even when the battle stopped early, so nothing played is lost:
        // to --save, or to the file a person's last `save FILE` named.
        let saved = keeper.write(None).map_err(|e| miette!("{e}"))?;
        if let (Some((p, n)), true) = (&saved, text) {
            emit(&format!(
                "saved {} to {}",
                count(*n, "action", "actions"),
                p.display()
            ))?;
        }
        if quit {
            let hint = match &saved {
                Some((p, _)) => keeper.resume_hint(p),
                None => " without saving".into(),
            };
            eprintln!(
                "quit after {}{hint}",
                count(battle.steps(), "action", "actions")
            );
        }
        result
    }
}
