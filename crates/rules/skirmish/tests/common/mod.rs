//! Shared helpers for the SKIRMISH! engine tests: small scenarios written as TOML, loaded with the
//! real catalog (`data/skirmish`), and a driver that plays actions by their text with forced dice
//! (`ScriptedSource`: each roll takes the next faces in order). Every `play` checks that the
//! action used exactly the faces given, so a test also pins down which rolls were made.

#![allow(dead_code)]

use fireteam_dice::ScriptedSource;
use fireteam_engine::{Decision, Modifier, RuleSystem};
use fireteam_scenario::{Loader, SourceFile};
use fireteam_skirmish::autoresult::ToHit;
use fireteam_skirmish::event::{AttackKind, Effect};
use fireteam_skirmish::schema::SkirmishSchema;
use fireteam_skirmish::state::{FigId, Figure, Phase, Posture};
use fireteam_skirmish::{Action, Event, Skirmish, State};

/// One figure of a test scenario.
#[derive(Debug, Clone)]
pub struct Unit {
    pub name: String,
    pub side: u8,
    pub at: (i32, i32),
    pub facing: u8,
    pub stance: Option<&'static str>,
    pub equipment: Vec<String>,
    pub stats: String,
}

/// A figure: `stats` is the inside of the TOML inline table, e.g. `"str = 10, dex = 12, int = 10"`.
pub fn unit(
    name: &str,
    side: u8,
    at: (i32, i32),
    facing: u8,
    equipment: &[&str],
    stats: &str,
) -> Unit {
    Unit {
        name: name.to_string(),
        side,
        at,
        facing,
        stance: None,
        equipment: equipment.iter().map(|s| s.to_string()).collect(),
        stats: stats.to_string(),
    }
}

impl Unit {
    pub fn stance(mut self, s: &'static str) -> Self {
        self.stance = Some(s);
        self
    }
}

/// Facings (SK-10.5-a), clockwise from north.
pub const N: u8 = 0;
pub const NE: u8 = 1;
pub const SE: u8 = 2;
pub const S: u8 = 3;
pub const SW: u8 = 4;
pub const NW: u8 = 5;

/// A map of open ground, `width` × `height`.
pub fn open(width: usize, height: usize) -> Vec<String> {
    vec![".".repeat(width); height]
}

/// The scenario text. `options` are (name, TOML value) pairs; `"sk.creation" = "off"` is added
/// unless the test sets it. `legend` adds to `"." = "open"`.
pub fn scenario_toml(
    options: &[(&str, &str)],
    rows: &[String],
    legend: &[(char, &str)],
    units: &[Unit],
) -> String {
    let mut t = String::from(
        "system = \"skirmish\"\nname = \"test\"\nseed = 7\nmax_rounds = 60\n\n[options]\n",
    );
    if !options.iter().any(|(k, _)| *k == "sk.creation") {
        t.push_str("\"sk.creation\" = \"off\"\n");
    }
    for (k, v) in options {
        t.push_str(&format!("\"{k}\" = {v}\n"));
    }
    t.push_str("\n[map]\ngrid = \"hex\"\nlegend = { \".\" = \"open\"");
    for (c, id) in legend {
        t.push_str(&format!(", \"{c}\" = \"{id}\""));
    }
    t.push_str(" }\nrows = \"\"\"\n");
    for r in rows {
        t.push_str(r);
        t.push('\n');
    }
    t.push_str("\"\"\"\n\n[[sides]]\nname = \"A\"\ncontroller = \"ai:first\"\n\n[[sides]]\nname = \"B\"\ncontroller = \"ai:first\"\n");
    for u in units {
        t.push_str(&format!(
            "\n[[units]]\nname = \"{}\"\nside = \"{}\"\nat = [{}, {}]\nfacing = {}\n",
            u.name,
            if u.side == 0 { "A" } else { "B" },
            u.at.0,
            u.at.1,
            u.facing
        ));
        if let Some(st) = u.stance {
            t.push_str(&format!("stance = \"{st}\"\n"));
        }
        let eq: Vec<String> = u.equipment.iter().map(|e| format!("\"{e}\"")).collect();
        t.push_str(&format!("equipment = [{}]\n", eq.join(", ")));
        t.push_str(&format!("stats = {{ {} }}\n", u.stats));
    }
    t
}

/// Loads a scenario text with the real catalog and builds its first state.
pub fn load(text: &str) -> State {
    let loader = Loader::new()
        .schema(&SkirmishSchema)
        .data_dir("../../../data");
    let file = SourceFile::new("test.toml", text);
    match loader.load(&file) {
        Ok(loaded) => fireteam_skirmish::scenario::setup(&loaded).build(),
        Err(d) => panic!("scenario does not load:\n{}\n{text}", d.render_plain()),
    }
}

/// A battle driven by action texts.
pub struct Game {
    pub s: State,
    /// Every event so far.
    pub log: Vec<Event>,
}

pub fn game(
    options: &[(&str, &str)],
    rows: &[String],
    legend: &[(char, &str)],
    units: &[Unit],
) -> Game {
    Game {
        s: load(&scenario_toml(options, rows, legend, units)),
        log: Vec::new(),
    }
}

impl Game {
    pub fn id(&self, name: &str) -> FigId {
        self.s
            .rules
            .names
            .iter()
            .position(|n| n == name)
            .unwrap_or_else(|| panic!("no figure {name}")) as FigId
    }

    pub fn fig(&self, name: &str) -> &Figure {
        self.s.fig(self.id(name))
    }

    pub fn legal(&self) -> Vec<Action> {
        let mut v = Vec::new();
        Skirmish.legal_actions(&self.s, &mut v);
        v
    }

    /// The legal actions as text.
    pub fn texts(&self) -> Vec<String> {
        self.legal()
            .iter()
            .map(|a| Skirmish.action_text(&self.s, a))
            .collect()
    }

    /// Whether `text` names a legal action (cells written any way `parse_action` reads).
    pub fn can(&self, text: &str) -> bool {
        Skirmish.parse_action(&self.s, text).is_ok()
    }

    /// Resolves and applies a legal action with exactly these faces; returns its events.
    pub fn play_action(&mut self, a: &Action, faces: &[i64]) -> Vec<Event> {
        let mut dice = ScriptedSource::new(faces.to_vec());
        let mut out = Vec::new();
        let text = Skirmish.action_text(&self.s, a);
        if let Err(e) = Skirmish.resolve(&self.s, a, &mut dice, &mut out) {
            panic!("'{text}' with faces {faces:?}: {e}\nevents: {out:#?}");
        }
        assert_eq!(
            dice.remaining(),
            0,
            "'{text}' left faces unused of {faces:?}; events: {out:#?}"
        );
        for e in &out {
            Skirmish.apply(&mut self.s, e);
        }
        Skirmish
            .invariants(&self.s)
            .unwrap_or_else(|e| panic!("after '{text}': {e}"));
        self.log.extend(out.iter().cloned());
        out
    }

    /// Plays the action with this text (it must be legal) with exactly these faces.
    pub fn play(&mut self, text: &str, faces: &[i64]) -> Vec<Event> {
        let a = match Skirmish.parse_action(&self.s, text) {
            Ok(a) => a,
            Err(e) => panic!(
                "'{text}' is not legal now ({:?}); legal:\n{}",
                e.suggestions,
                self.texts().join("\n")
            ),
        };
        self.play_action(&a, faces)
    }

    /// Plays an action that rolls nothing.
    pub fn act(&mut self, text: &str) -> Vec<Event> {
        self.play(text, &[])
    }

    /// The figure whose decision it is.
    pub fn decider(&self) -> Option<FigId> {
        match Skirmish.decision(&self.s) {
            Decision::Choose { unit, .. } => unit,
            Decision::Over { .. } => None,
        }
    }

    /// Starts a turn: side `winner` wins the initiative (1d6 each: 6 against 1) and moves first.
    pub fn start_turn(&mut self, winner: u8) {
        assert!(
            matches!(self.s.phase, Phase::TurnStart),
            "{:?}",
            self.s.phase
        );
        let faces = if winner == 0 { [6, 1] } else { [1, 6] };
        let text = format!("start turn {}", self.s.turn + 1);
        self.play(&text, &faces);
        self.act("move first");
    }

    /// Every figure to move stands still, facing as it is, with no guard, until the action
    /// phase begins.
    pub fn stand_all(&mut self) {
        while let Phase::Movement { .. } = self.s.phase {
            let id = self.decider().expect("a mover");
            let f = self.s.fig(id).clone();
            let a = self
                .legal()
                .into_iter()
                .find(|a| {
                    matches!(a, Action::StandStill { fig, facing, guard }
                        if *fig == id && *facing == f.facing
                        && *guard == fireteam_skirmish::state::Guard::None)
                })
                .unwrap_or_else(|| panic!("figure {} cannot stand still", f.id));
            self.play_action(&a, &[]);
        }
    }

    /// A new turn that side `winner` wins and moves first in, everyone standing still: the
    /// action phase is next.
    pub fn reach_actions(&mut self, winner: u8) {
        self.start_turn(winner);
        self.stand_all();
        assert_eq!(self.s.phase, Phase::Action, "{:?}", self.s.phase);
    }

    /// Plays out the rest of the turn with no further action: passes, holds fire, declines
    /// forced retreats and reactions.
    pub fn finish_turn(&mut self) {
        loop {
            match self.s.phase {
                Phase::TurnStart | Phase::Over => return,
                Phase::ChooseOrder { .. } => {
                    self.act("move first");
                }
                Phase::Runners { .. } => {
                    let a = self.legal()[0];
                    self.play_action(&a, &[]);
                }
                Phase::Movement { .. } => self.stand_all(),
                _ => {
                    let a = self
                        .legal()
                        .into_iter()
                        .find(|a| {
                            matches!(
                                a,
                                Action::Pass { .. }
                                    | Action::HoldFire { .. }
                                    | Action::NoPush { .. }
                                    | Action::LetGo { .. }
                                    | Action::KeepGuard { .. }
                                    | Action::Run { again: false, .. }
                            )
                        })
                        .expect("a way to pass");
                    self.play_action(&a, &[]);
                }
            }
        }
    }
}

/// A roll to hit as the engine recorded it.
#[derive(Debug, Clone)]
pub struct Roll {
    pub attacker: FigId,
    pub target: FigId,
    pub kind: AttackKind,
    pub dice: u8,
    pub total: i32,
    pub base: i16,
    pub modifiers: Vec<Modifier>,
    pub target_number: i16,
    pub result: ToHit,
    pub rule: &'static str,
    pub margin: i32,
    pub bullets: u8,
    pub avoid: bool,
}

impl Roll {
    /// The modifier with this id (panics with the list if absent).
    pub fn m(&self, id: &str) -> &Modifier {
        self.modifiers
            .iter()
            .find(|m| m.id == id)
            .unwrap_or_else(|| panic!("no modifier '{id}' in {:#?}", self.modifiers))
    }

    pub fn has(&self, id: &str) -> bool {
        self.modifiers.iter().any(|m| m.id == id)
    }

    /// Asserts a modifier's value and rule ID.
    pub fn assert_mod(&self, id: &str, value: i32, rule: &str) {
        let m = self.m(id);
        assert_eq!((m.value, m.rule.0), (value, rule), "modifier '{id}'");
        assert!(m.applied, "modifier '{id}' not applied");
    }

    /// The sum of the applied modifiers.
    pub fn sum(&self) -> i32 {
        Modifier::total(&self.modifiers)
    }

    /// The target number is the base DEX plus every adjustment (SK-12.1-b).
    pub fn assert_adds_up(&self, dex: i16) {
        assert_eq!(self.base, dex, "base DEX");
        assert_eq!(
            i32::from(self.target_number),
            i32::from(dex) + self.sum(),
            "target number = DEX + adjustments: {:#?}",
            self.modifiers
        );
    }

    /// The ids of the modifiers, in order.
    pub fn ids(&self) -> Vec<&'static str> {
        self.modifiers.iter().map(|m| m.id).collect()
    }
}

/// Every roll to hit (and roll to avoid) in these events.
pub fn rolls(events: &[Event]) -> Vec<Roll> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Roll {
                attacker,
                target,
                kind,
                dice,
                total,
                base,
                modifiers,
                target_number,
                result,
                rule,
                margin,
                bullets,
                avoid,
                ..
            } => Some(Roll {
                attacker: *attacker,
                target: *target,
                kind: *kind,
                dice: *dice,
                total: *total,
                base: *base,
                modifiers: modifiers.to_vec(),
                target_number: *target_number,
                result: *result,
                rule: rule.0,
                margin: *margin,
                bullets: *bullets,
                avoid: *avoid,
            }),
            _ => None,
        })
        .collect()
}

/// The one roll to hit in these events.
pub fn roll(events: &[Event]) -> Roll {
    let r: Vec<Roll> = rolls(events).into_iter().filter(|r| !r.avoid).collect();
    assert_eq!(r.len(), 1, "expected one roll to hit: {events:#?}");
    r.into_iter().next().unwrap()
}

/// A damage event as recorded.
#[derive(Debug, Clone, PartialEq)]
pub struct Dmg {
    pub target: FigId,
    pub rolled: i32,
    pub mult: u8,
    pub armor: i16,
    pub tough: i16,
    pub taken: i16,
    pub total: i16,
    pub expr: String,
    pub rule: &'static str,
}

pub fn damages(events: &[Event]) -> Vec<Dmg> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Damage {
                target,
                expr,
                rolled,
                mult,
                armor,
                tough,
                taken,
                total,
                rule,
                ..
            } => Some(Dmg {
                target: *target,
                rolled: *rolled,
                mult: *mult,
                armor: *armor,
                tough: *tough,
                taken: *taken,
                total: *total,
                expr: expr.to_string(),
                rule: rule.0,
            }),
            _ => None,
        })
        .collect()
}

/// The effects in these events: (figure, effect, rule).
pub fn effects(events: &[Event]) -> Vec<(FigId, Effect, &'static str)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Effect { fig, effect, rule } => Some((*fig, *effect, rule.0)),
            _ => None,
        })
        .collect()
}

/// The checks (non-attack rolls) in these events: (figure, what, dice, total, target, success,
/// rule).
pub fn checks(events: &[Event]) -> Vec<(FigId, &'static str, u8, i32, i16, bool, &'static str)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Check {
                fig,
                what,
                dice,
                total,
                target,
                success,
                rule,
                ..
            } => Some((*fig, *what, *dice, *total, *target, *success, rule.0)),
            _ => None,
        })
        .collect()
}

/// Three faces that sum to `t` (3..=18), for a 3d6 roll.
pub fn d3(t: i64) -> [i64; 3] {
    dn::<3>(t)
}

/// Four faces that sum to `t` (4..=24).
pub fn d4(t: i64) -> [i64; 4] {
    dn::<4>(t)
}

/// Five faces that sum to `t` (5..=30).
pub fn d5(t: i64) -> [i64; 5] {
    dn::<5>(t)
}

/// Two faces that sum to `t` (2..=12).
pub fn d2(t: i64) -> [i64; 2] {
    dn::<2>(t)
}

/// `K` faces summing to `t`, filled greedily with sixes.
pub fn dn<const K: usize>(t: i64) -> [i64; K] {
    let k = K as i64;
    assert!((k..=6 * k).contains(&t), "{K}d6 cannot roll {t}");
    let mut out = [1i64; K];
    let mut rest = t - k;
    for f in out.iter_mut() {
        let add = rest.min(5);
        *f += add;
        rest -= add;
    }
    out
}

/// Concatenates groups of faces.
pub fn faces(groups: &[&[i64]]) -> Vec<i64> {
    groups.iter().flat_map(|g| g.iter().copied()).collect()
}

pub fn posture(g: &Game, name: &str) -> Posture {
    g.fig(name).posture
}
