//! One battle at the battle map, for any system: the timeline of actions with the board at any
//! step (play goes on at the end; a replay moves back and forth), who sits at each side, the
//! dice (seeded, or entered at the table), the narration log with every event, the odds of an
//! action, and the save written after every action.
//!
//! [`Table`] is what the web layer sees: JSON in and out, no system's types. [`Game`] is the
//! one implementation, generic over the system, built by [`Open`] through `with_system`.

use crate::action_odds::{self, Effort};
use crate::scenario_files::{Playable, SystemJob};
use fireteam_ai::{Explain, PolicyKind};
use fireteam_dice::{ScriptedSource, SeededSource, SourceError};
use fireteam_engine::{Battle, Decision, LogEntry, Outcome, ResolveError, Save, StepError, UnitId};
use fireteam_sim::{simulate_with, Side, SimConfig};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// A request the battle refuses, with what to do instead.
#[derive(Debug)]
pub struct Refusal {
    pub message: String,
    pub help: Option<String>,
}

impl Refusal {
    pub fn new(message: impl Into<String>) -> Self {
        Refusal {
            message: message.into(),
            help: None,
        }
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

/// Who chooses for a side at the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    /// A person, clicking.
    Human,
    Ai(PolicyKind),
}

impl Seat {
    pub fn parse(text: &str) -> Result<Seat, Refusal> {
        let t = text.trim().to_ascii_lowercase();
        if t == "human" || t == "script" {
            return Ok(Seat::Human);
        }
        let policy = t.strip_prefix("ai:").unwrap_or(&t);
        policy.parse::<PolicyKind>().map(Seat::Ai).map_err(|e| {
            Refusal::new(format!("seat '{text}': {e}"))
                .help("a seat is 'human' or an AI policy such as 'ai:greedy'")
        })
    }

    fn name(self) -> String {
        match self {
            Seat::Human => "human".into(),
            Seat::Ai(k) => format!("ai:{}", k.name()),
        }
    }
}

/// What the battle map asks of one battle.
pub trait Table: Send {
    /// Everything the page draws now: title, board, whose decision, the legal actions when a
    /// person decides, the step and the timeline's length, seats, dice, the save.
    fn view(&self) -> Value;
    /// The log from entry `from` on: per action, its narration and its events.
    fn log(&self, from: usize) -> Value;
    /// What a unit threatens and sees.
    fn focus(&self, unit: UnitId) -> Result<Value, Refusal>;
    /// A person's action, by its text.
    fn act(&mut self, text: &str) -> Result<(), Refusal>;
    /// The AI plays the decision now, if it is an AI's.
    fn step_ai(&mut self) -> Result<(), Refusal>;
    /// Faces rolled at the table for the roll the battle waits on.
    fn give_dice(&mut self, faces: &[u32]) -> Result<(), Refusal>;
    /// Dice rolled by the software (false) or at the table (true).
    fn set_table_dice(&mut self, table: bool);
    fn set_seat(&mut self, side: usize, seat: Seat) -> Result<(), Refusal>;
    /// The odds of an action now, as `odds --action --json` gives them, each defender putting up
    /// `defend` dice (as `--defend`).
    fn odds(&self, text: &str, defend: u8) -> Result<Value, Refusal>;
    /// Moves the board to step `step` of the timeline (a replay).
    fn goto(&mut self, step: usize) -> Result<(), Refusal>;
    /// Cuts the timeline at the step shown, so play goes on from there.
    fn play_from_here(&mut self);
    /// A job that runs `runs` battles of this scenario from its start with the seats' AI
    /// (people played by greedy), to run off the lock.
    fn simulation(&self, runs: u64) -> Box<dyn FnOnce() -> Result<Value, Refusal> + Send>;
}

/// What opening a battle needs besides the system and its initial state.
pub struct Open {
    pub title: String,
    /// The scenario file, as shown.
    pub scenario: String,
    pub seed: u64,
    pub seats: Vec<Seat>,
    pub content_hashes: BTreeMap<String, String>,
    /// Where the battle is saved after every action (None for a read-only replay of a log).
    pub save_path: Option<PathBuf>,
    /// The timeline to start with (a save's or a log's actions), shown at its end.
    pub timeline: Vec<LogEntry>,
    /// Start as a replay: the board at step 0, moving through the timeline.
    pub replay: bool,
    /// Check the timeline's checksums (a save's); a `--json` log has none.
    pub verify: bool,
}

impl SystemJob for Open {
    type Output = Box<dyn Table>;

    fn run<R: Playable>(
        self,
        rules: &'static R,
        initial: R::State,
    ) -> miette::Result<Self::Output> {
        let mut g = Game {
            rules,
            initial: initial.clone(),
            battle: Battle::new(rules, initial),
            timeline: Vec::new(),
            at: 0,
            log: Vec::new(),
            open: self,
            table_dice: false,
            faces: Vec::new(),
            need: None,
            error: None,
        };
        let timeline = std::mem::take(&mut g.open.timeline);
        g.load_timeline(timeline)
            .map_err(|r| miette::miette!("{}", r.message))?;
        if g.open.replay {
            g.goto(0).map_err(|r| miette::miette!("{}", r.message))?;
        }
        Ok(Box::new(g))
    }
}

/// The roll the battle waits on when dice are rolled at the table.
struct Need {
    action: String,
    purpose: String,
    dice: String,
    needed: usize,
}

struct Game<R: Playable> {
    rules: &'static R,
    initial: R::State,
    /// The battle at step `at` of the timeline.
    battle: Battle<'static, R>,
    /// Every action played, with its checksum and any faces rolled at the table.
    timeline: Vec<LogEntry>,
    at: usize,
    /// Per timeline entry: its narration and events.
    log: Vec<Value>,
    open: Open,
    table_dice: bool,
    /// Faces entered at the table for the action waiting on them.
    faces: Vec<u32>,
    need: Option<Need>,
    /// The last save that could not be written, shown on the page.
    error: Option<String>,
}

impl<R: Playable> Game<R> {
    /// Plays `entries` from the start, narrating each, and shows the board at their end.
    fn load_timeline(&mut self, entries: Vec<LogEntry>) -> Result<(), Refusal> {
        self.battle = Battle::new(self.rules, self.initial.clone());
        self.timeline.clear();
        self.log.clear();
        for (i, e) in entries.iter().enumerate() {
            let action = self
                .rules
                .parse_action(self.battle.state(), &e.action)
                .map_err(|err| {
                    Refusal::new(format!("action {i} of the timeline, '{}': {err}", e.action))
                })?;
            let item = self.play(&action, e.faces.as_deref())?;
            if self.open.verify && self.battle.log().last().map(|l| l.checksum) != Some(e.checksum)
            {
                return Err(Refusal::new(format!(
                    "the replay diverges at action {i} ('{}'): the checksum differs from the save's",
                    e.action
                ))
                .help("open the save with the scenario and catalogs it was played with"));
            }
            self.log.push(item);
        }
        self.timeline = self.battle.log().to_vec();
        self.at = self.timeline.len();
        Ok(())
    }

    /// Plays one action with the given faces (a table roll, or a save's) or the seed, and
    /// returns its log entry. The battle is unchanged when it fails.
    fn play(&mut self, action: &R::Action, faces: Option<&[i64]>) -> Result<Value, Refusal> {
        let rules = self.rules;
        let step = self.battle.steps();
        let decision = self.battle.decision();
        let text = rules.action_text(self.battle.state(), action);
        let result = match faces {
            Some(f) => {
                let mut d = ScriptedSource::new(f.to_vec());
                self.battle.step(action, &mut d).map(<[_]>::to_vec)
            }
            None => {
                let mut d = SeededSource::new(self.open.seed);
                self.battle.step(action, &mut d).map(<[_]>::to_vec)
            }
        };
        let events = result.map_err(|e| Refusal::new(format!("'{text}': {e}")))?;
        let state = self.battle.state();
        let lines: Vec<String> = events
            .iter()
            .filter_map(|e| rules.narrate(state, e))
            .collect();
        let side = match decision {
            Decision::Choose { side, .. } => Some(rules.side_name(state, side)),
            Decision::Over { .. } => None,
        };
        Ok(json!({"step": step, "side": side, "action": text, "lines": lines, "events": events}))
    }

    /// Plays a chosen action at the end of the timeline, with the dice of the table or the
    /// seed, then saves.
    fn commit(&mut self, action: R::Action) -> Result<(), Refusal> {
        if self.at != self.timeline.len() {
            return Err(
                Refusal::new("the board shows an earlier step of the battle")
                    .help("go to the last step, or press 'play from here' to cut the battle there"),
            );
        }
        let text = self.rules.action_text(self.battle.state(), &action);
        if self.table_dice {
            let faces: Vec<i64> = self.faces.iter().map(|&f| i64::from(f)).collect();
            let mut d = ScriptedSource::new(faces);
            // Resolution is pure: a try that runs out of faces changes nothing, so it is simply
            // tried again with more.
            let mut probe = Battle::new(self.rules, self.battle.state().clone());
            match probe.step(&action, &mut d) {
                Err(StepError::Resolve(ResolveError::Dice(SourceError::ScriptExhausted {
                    purpose,
                    dice,
                    needed,
                    ..
                }))) => {
                    self.need = Some(Need {
                        action: text,
                        purpose,
                        dice,
                        needed,
                    });
                    return Ok(());
                }
                Err(StepError::Resolve(ResolveError::Dice(e))) => {
                    // A face out of range: drop the faces entered for this action and ask again.
                    self.faces.clear();
                    self.need = None;
                    return Err(Refusal::new(format!("{e}")).help("enter faces the dice can show"));
                }
                Err(e) => return Err(Refusal::new(format!("'{text}': {e}"))),
                Ok(_) => {}
            }
            let faces: Vec<i64> = self.faces.drain(..).map(i64::from).collect();
            self.need = None;
            let item = self.play(&action, Some(&faces))?;
            self.log.push(item);
        } else {
            let item = self.play(&action, None)?;
            self.log.push(item);
        }
        self.timeline = self.battle.log().to_vec();
        self.at = self.timeline.len();
        self.save();
        Ok(())
    }

    /// Writes the save atomically; a failure is shown on the page, and play goes on.
    fn save(&mut self) {
        let Some(path) = &self.open.save_path else {
            return;
        };
        let save = Save::new(
            self.rules,
            self.open.seed,
            self.open.content_hashes.clone(),
            self.timeline.clone(),
        );
        self.error = save.write_atomic(path).err().map(|e| e.to_string());
    }

    fn legal(&self) -> Vec<(R::Action, String)> {
        let mut legal = Vec::new();
        self.rules.legal_actions(self.battle.state(), &mut legal);
        legal
            .into_iter()
            .map(|a| {
                let t = self.rules.action_text(self.battle.state(), &a);
                (a, t)
            })
            .collect()
    }

    fn find(&self, text: &str) -> Result<R::Action, Refusal> {
        self.rules
            .parse_action(self.battle.state(), text)
            .map_err(|e| {
                let r = Refusal::new(format!("{e}"));
                if e.suggestions.is_empty() {
                    r
                } else {
                    r.help(format!("legal now: {}", e.suggestions.join("; ")))
                }
            })
    }
}

impl<R: Playable> Table for Game<R> {
    fn view(&self) -> Value {
        let rules = self.rules;
        let s = self.battle.state();
        let decision = self.battle.decision();
        let (deciding, over) = match decision {
            Decision::Choose { side, unit } => (
                json!({"side": side, "side_name": rules.side_name(s, side), "unit": unit,
                       "unit_name": unit.map(|u| rules.unit_name(s, u)),
                       "seat": self.open.seats.get(usize::from(side)).map(|x| x.name())}),
                Value::Null,
            ),
            Decision::Over { outcome } => (
                Value::Null,
                json!({"outcome": outcome, "winner": match outcome {
                    Outcome::Winner { side } => Some(rules.side_name(s, side)),
                    Outcome::Draw => None,
                }}),
            ),
        };
        let at_end = self.at == self.timeline.len();
        let human = matches!(decision, Decision::Choose { side, .. }
            if self.open.seats.get(usize::from(side)) == Some(&Seat::Human));
        let legal: Vec<Value> = if human && at_end && self.need.is_none() {
            self.legal()
                .iter()
                .map(|(a, t)| json!({"text": t, "view": rules.action_view(s, a)}))
                .collect()
        } else {
            Vec::new()
        };
        let sides: Vec<Value> = (0..rules.sides(s))
            .map(|i| {
                json!({"name": rules.side_name(s, i as u8),
                       "seat": self.open.seats.get(i).map(|x| x.name()),
                       "casualties": rules.casualties(s, i as u8)})
            })
            .collect();
        json!({
            "system": rules.name(),
            "title": self.open.title,
            "scenario": self.open.scenario,
            "seed": self.open.seed,
            "board": rules.board(s),
            "decision": deciding,
            "over": over,
            "legal": legal,
            "step": self.at,
            "steps": self.timeline.len(),
            "turn": rules.rounds(s),
            "sides": sides,
            "dice": if self.table_dice { "table" } else { "software" },
            "need_dice": self.need.as_ref().map(|n| json!({"action": n.action, "purpose": n.purpose, "dice": n.dice, "needed": n.needed, "given": self.faces})),
            "save": self.open.save_path.as_ref().map(|p| p.display().to_string()),
            "save_error": self.error,
        })
    }

    fn log(&self, from: usize) -> Value {
        Value::Array(self.log.iter().skip(from).cloned().collect())
    }

    fn focus(&self, unit: UnitId) -> Result<Value, Refusal> {
        let s = self.battle.state();
        if usize::from(unit) >= self.rules.board(s).units.len() {
            return Err(Refusal::new(format!("there is no unit {unit}")));
        }
        Ok(json!(self.rules.focus(s, unit)))
    }

    fn act(&mut self, text: &str) -> Result<(), Refusal> {
        if self.need.is_some() {
            return Err(Refusal::new("the battle waits on dice rolled at the table")
                .help("enter the faces first"));
        }
        if let Decision::Choose { side, .. } = self.battle.decision() {
            if self.open.seats.get(usize::from(side)) != Some(&Seat::Human) {
                return Err(Refusal::new(format!(
                    "it is {}'s decision, and an AI plays that side",
                    self.rules.side_name(self.battle.state(), side)
                ))
                .help("press 'AI step', or make the side human"));
            }
        }
        let action = self.find(text)?;
        self.commit(action)
    }

    fn step_ai(&mut self) -> Result<(), Refusal> {
        if self.need.is_some() {
            return Err(Refusal::new("the battle waits on dice rolled at the table")
                .help("enter the faces first"));
        }
        let Decision::Choose { side, .. } = self.battle.decision() else {
            return Err(Refusal::new("the battle is over"));
        };
        let kind = match self.open.seats.get(usize::from(side)) {
            Some(Seat::Ai(k)) => *k,
            _ => {
                return Err(Refusal::new(format!(
                    "it is {}'s decision, and a person plays that side",
                    self.rules.side_name(self.battle.state(), side)
                )))
            }
        };
        let legal: Vec<R::Action> = self.legal().into_iter().map(|(a, _)| a).collect();
        // The same choice `run` makes: the policy is built from (seed, action number, side).
        let index = if legal.len() == 1 {
            0
        } else {
            let mut p = kind.build::<R>(fireteam_ai::rng::derive_seed(
                self.open.seed,
                self.battle.steps(),
                u64::from(side) + 1,
            ));
            p.choose(self.rules, self.battle.state(), side, &legal, Explain::No)
                .index
        };
        let action = legal
            .get(index)
            .cloned()
            .ok_or_else(|| Refusal::new("the AI found no legal action"))?;
        self.commit(action)
    }

    fn give_dice(&mut self, faces: &[u32]) -> Result<(), Refusal> {
        let Some(need) = self.need.take() else {
            return Err(Refusal::new("no roll is waiting for dice"));
        };
        self.faces.extend_from_slice(faces);
        let action = self.find(&need.action)?;
        self.commit(action)
    }

    fn set_table_dice(&mut self, table: bool) {
        self.table_dice = table;
        if !table {
            self.faces.clear();
            if let Some(need) = self.need.take() {
                // The waiting action is rolled by the software instead.
                if let Ok(a) = self.find(&need.action) {
                    let _ = self.commit(a);
                }
            }
        }
    }

    fn set_seat(&mut self, side: usize, seat: Seat) -> Result<(), Refusal> {
        let n = self.open.seats.len();
        let slot =
            self.open.seats.get_mut(side).ok_or_else(|| {
                Refusal::new(format!("there is no side {side} (the battle has {n})"))
            })?;
        *slot = seat;
        Ok(())
    }

    fn odds(&self, text: &str, defend: u8) -> Result<Value, Refusal> {
        let action = self.find(text)?;
        let effort = Effort {
            exact_paths: action_odds::DEFAULT_EXACT_PATHS,
            samples: action_odds::DEFAULT_SAMPLES,
            seed: self.open.seed,
        };
        let answer = action_odds::answer(
            self.rules,
            self.battle.state(),
            &action,
            defend,
            self.open.seed,
            effort,
        )
        .map_err(|e| Refusal::new(format!("{e}")))?;
        Ok(answer.json(text, defend, effort))
    }

    fn goto(&mut self, step: usize) -> Result<(), Refusal> {
        if step > self.timeline.len() {
            return Err(Refusal::new(format!(
                "the battle has {} actions; there is no step {step}",
                self.timeline.len()
            )));
        }
        let mut b = Battle::new(self.rules, self.initial.clone());
        for (i, e) in self.timeline[..step].iter().enumerate() {
            let a = self
                .rules
                .parse_action(b.state(), &e.action)
                .map_err(|err| Refusal::new(format!("action {i}: {err}")))?;
            let r = match &e.faces {
                Some(f) => b.step(&a, &mut ScriptedSource::new(f.clone())).map(|_| ()),
                None => b
                    .step(&a, &mut SeededSource::new(self.open.seed))
                    .map(|_| ()),
            };
            r.map_err(|err| Refusal::new(format!("action {i} '{}': {err}", e.action)))?;
        }
        self.battle = b;
        self.at = step;
        Ok(())
    }

    fn play_from_here(&mut self) {
        self.timeline.truncate(self.at);
        self.log.truncate(self.at);
        self.open.replay = false;
        self.save();
    }

    fn simulation(&self, runs: u64) -> Box<dyn FnOnce() -> Result<Value, Refusal> + Send> {
        let rules = self.rules;
        let initial = self.initial.clone();
        let names: Vec<String> = (0..rules.sides(&initial))
            .map(|i| rules.side_name(&initial, i as u8))
            .collect();
        let kinds: Vec<PolicyKind> = self
            .open
            .seats
            .iter()
            .map(|s| match s {
                Seat::Ai(k) => *k,
                Seat::Human => PolicyKind::Greedy,
            })
            .collect();
        let seed = self.open.seed;
        Box::new(move || {
            let sides: Vec<Side<R>> = names
                .iter()
                .zip(&kinds)
                .map(|(n, k)| Side::with_kind(n.clone(), *k))
                .collect();
            let config = SimConfig {
                first: 0,
                runs,
                seed,
                threads: 0,
                max_steps: 20_000,
                timing: false,
            };
            let report = simulate_with(
                rules,
                |_| initial.clone(),
                &sides,
                &config,
                |_| {},
                |_| Ok(()),
            )
            .map_err(|e| Refusal::new(format!("{e}")))?;
            let mut v: Value = serde_json::from_str(&report.to_json())
                .map_err(|e| Refusal::new(format!("{e}")))?;
            if let Some(m) = v.as_object_mut() {
                m.insert(
                    "policies".into(),
                    json!(kinds.iter().map(|k| k.name()).collect::<Vec<_>>()),
                );
            }
            Ok(v)
        })
    }
}
