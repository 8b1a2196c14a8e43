//! The benchmark duel (`scenarios/skirmish/bench-duel.toml`) solved exactly, independently of
//! the engine's resolution code, and checked against the engine's own play of it.
//!
//! Two identical fighters (STR 10, DEX 12, Sword, a 2d6 "duel blade", no armor) stand adjacent,
//! face to face, and both sides play `ai:first` (the first legal action, every time). The model
//! below is written from the rules and from what `first` picks in the engine's action lists; it
//! calls nothing of the engine's resolution (`resolve`, `combat`, `apply`). The dice tables it
//! uses are its own, cross-checked against `autoresult::classify` and
//! `progression::unarmed_damage` in [`tables_agree_with_the_crate_helpers`].
//!
//! # The turn, as the model plays it
//!
//! * Initiative (SK-9-d): each side rolls 1d6, ties reroll, so each side wins with 1/2; the winner
//!   picks `Order { first: true }` (legal[0]) and moves first.
//! * Movement: a standing figure stands still (legal[0]). A **fallen** figure's first option is
//!   Stand Up (SK-10.7.2-a, SK-11.1-a, G-41): it stands and that is its whole turn, no attack.
//! * Action order (SK-11-c, SK-8.4.3-a): by ordering eDEX = DEX 12, −3 at eSTR ≤ 3 (SK-12.4-b);
//!   the −2 of SK-12.4-d never applies at this moment here (all damage lands in action phases and
//!   that window closes before the next action phase). Ties: the initiative winner first
//!   (movement order). The order is frozen for the turn.
//! * A figure that has fallen this turn does not act (SK-8.4.3-b). Otherwise its first legal
//!   action:
//!   - its weapon lies dropped in its hex: Pick Up (the whole action, SK-11.8.3-a, SK-12.1-d "he
//!     has to pick it up next turn");
//!   - else Attack, with the blade if it is in hand, bare-handed if it is broken (SK-11.3-a).
//! * The roll to hit (SK-12.1): 3d6 against DEX 12, −3 at eSTR ≤ 3 (SK-12.4-b), −2 after 5+ damage
//!   this turn (SK-12.4-d), +4 against a fallen target (SK-10.5-g). 3 hits ×3, 4 ×2, 5 ×1
//!   (SK-12.1-c); 16 misses; 17 drops the weapon, 18 breaks it for good (melee weapon,
//!   SK-12.1-d/f); bare-handed, 17 and 18 do 1d6 to the attacker instead (SK-16.15.1-a).
//!   Otherwise a hit iff roll ≤ target number (SK-12.1-a).
//! * Damage: the blade 2d6 × multiplier; bare hands at STR 10 1d6−3 (SK-16.15.1-T1) × multiplier,
//!   at least 1 against the unarmored (SK-12.3-c). No armor.
//! * Effects (SK-12.4): eSTR = 10 − damage; ≤ 0 dead, 1 unconscious (SK-12.4-c, G-24): the side is
//!   out and the battle ends; 8+ damage in one turn and still standing: falls (SK-12.4-e).
//! * The scenario's `max_rounds = 100`: a battle still running after turn 100 is a draw.
//!
//! The state between turns is, per figure: damage (0..=8 while active), fallen or standing, and
//! the weapon (in hand, dropped in the hex, broken). The chain is pushed forward exactly, turn by
//! turn, for the 100 turns the scenario allows, so the result includes the draw at the limit.
//!
//! Under `first` the +4 against a fallen target (SK-10.5-g) never comes into play in this duel: a
//! figure lies fallen only from its fall to its next movement phase, when it stands up, and no
//! attack falls in that window (its opponent has already acted when it knocks it down, and a
//! bare-handed fumble fells only a figure acting second). The model keeps the rule anyway.
//!
//! Because the two fighters are identical and the initiative is fair, P(A wins) is 1/2 minus half
//! the draw probability; that number alone checks little. The comparison with the engine therefore
//! also covers the asymmetric and detailed figures: whether the winner of the first turn's
//! initiative wins, the mean number of turns, and, as chi-square tests over the exact
//! distribution, the turn the battle ends in with how the loser went out (dead or unconscious),
//! and the winner's damage. With 200,000 battles (about 3 s with the dev profile on two cores)
//! each of these slips in the model was caught when tried: no −2 after 5+ damage, no −3 at
//! eSTR ≤ 3 (to hit, or in the action order), ties to the initiative loser, no fall at 8, a
//! fallen figure still acting, standing up and attacking in one turn, no turn lost picking up a
//! dropped blade, bare hands doing the blade's damage or less than 1, and ×1 instead of ×3 on a 3.

use fireteam_dice::SeededSource;
use fireteam_engine::{Battle, Decision, Outcome, RuleSystem};
use fireteam_scenario::Loader;
use fireteam_skirmish::action::Strike;
use fireteam_skirmish::autoresult::{classify, AutoVersion, ToHit};
use fireteam_skirmish::progression::{unarmed_damage, Damage, StrColumn};
use fireteam_skirmish::schema::SkirmishSchema;
use fireteam_skirmish::state::{Condition, Phase, Posture, WeaponState};
use fireteam_skirmish::{Action, Skirmish, State};
use std::collections::HashMap;
use std::path::PathBuf;

// ------------------------------------------------------------------------------------------
// The scenario's numbers (bench-duel.toml), as the model reads them.

const STR: i32 = 10;
const DEX: i32 = 12;
/// `max_rounds` in the scenario.
const MAX_TURNS: usize = 100;
/// The peer's alternating-attack model (`../shared/peers/bench_mc.py`, g.duel.first_attacker_wins).
const PEER_P_A: f64 = 0.6417;

/// The weapon of a figure between turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Blade {
    InHand,
    /// Lying in the figure's hex after a 17 (SK-12.1-d).
    Dropped,
    /// Broken by an 18 (SK-12.1-f): bare hands for the rest of the battle.
    Broken,
}

const BLADES: [Blade; 3] = [Blade::InHand, Blade::Dropped, Blade::Broken];

/// One figure between turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Fig {
    /// Damage taken, 0..=8 while active (eSTR ≥ 2).
    damage: u8,
    fallen: bool,
    blade: Blade,
}

const ALIVE_DAMAGE: u8 = 8;

impl Fig {
    fn index(self) -> usize {
        let b = BLADES.iter().position(|&x| x == self.blade).unwrap();
        (usize::from(self.damage) * 2 + usize::from(self.fallen)) * 3 + b
    }

    fn from_index(i: usize) -> Fig {
        Fig {
            damage: (i / 6) as u8,
            fallen: (i / 3) % 2 == 1,
            blade: BLADES[i % 3],
        }
    }

    fn estr(self) -> i32 {
        STR - i32::from(self.damage)
    }
}

const FIGS: usize = (ALIVE_DAMAGE as usize + 1) * 2 * 3;
const STATES: usize = FIGS * FIGS;

fn state_index(f: [Fig; 2]) -> usize {
    f[0].index() * FIGS + f[1].index()
}

fn state_from(i: usize) -> [Fig; 2] {
    [Fig::from_index(i / FIGS), Fig::from_index(i % FIGS)]
}

/// How a battle ended, from the model or the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct End {
    winner: usize,
    /// The loser is dead (eSTR ≤ 0), not merely unconscious (eSTR 1).
    loser_dead: bool,
    /// The winner's damage at the end (0..=8).
    winner_damage: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Next {
    Turn(usize),
    Over(End),
}

/// One turn's outcomes from a state, with their probabilities.
type Transitions = Vec<(Next, f64)>;

// ------------------------------------------------------------------------------------------
// Dice tables, written from the rules.

/// Ways to roll each total of `n` d6 (index = total).
fn dice_ways(n: usize) -> Vec<u64> {
    let mut ways = vec![1u64];
    for _ in 0..n {
        let mut next = vec![0u64; ways.len() + 6];
        for (t, &w) in ways.iter().enumerate() {
            for face in 1..=6 {
                next[t + face] += w;
            }
        }
        ways = next;
    }
    ways
}

/// The result of a 3d6 roll to hit (SK-12.1-a/c/d).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Roll {
    Hit(u8),
    Miss,
    /// 17: the weapon is dropped (bare hands: 1d6 to the attacker).
    Drop,
    /// 18: the weapon breaks (bare hands: 1d6 to the attacker).
    Break,
}

fn roll_to_hit(total: i32, target: i32) -> Roll {
    match total {
        3 => Roll::Hit(3),
        4 => Roll::Hit(2),
        5 => Roll::Hit(1),
        16 => Roll::Miss,
        17 => Roll::Drop,
        18 => Roll::Break,
        t if t <= target => Roll::Hit(1),
        _ => Roll::Miss,
    }
}

/// The damage of one hit and its probability: the blade 2d6 × mult; bare hands at STR 9–10
/// 1d6−3 (SK-16.15.1-T1) × mult, at least 1 against an unarmored foe (SK-12.3-c).
fn hit_damage(armed: bool, mult: u8) -> Vec<(u8, f64)> {
    let mut by: HashMap<u8, f64> = HashMap::new();
    if armed {
        let ways = dice_ways(2);
        for (sum, &w) in ways.iter().enumerate() {
            if w > 0 {
                *by.entry(sum as u8 * mult).or_default() += w as f64 / 36.0;
            }
        }
    } else {
        for face in 1..=6u8 {
            let raw = face.saturating_sub(3) * mult;
            *by.entry(raw.max(1)).or_default() += 1.0 / 6.0;
        }
    }
    let mut v: Vec<_> = by.into_iter().collect();
    v.sort_by_key(|x| x.0);
    v
}

/// A turn in progress.
#[derive(Debug, Clone, Copy)]
struct InTurn {
    f: [Fig; 2],
    turn_damage: [u8; 2],
    acted: [bool; 2],
}

/// SK-12.4-a…e: `n` damage to figure `i`; `None` if it is out (and whether it is dead).
fn wound(mut t: InTurn, i: usize, n: u8) -> Result<InTurn, bool> {
    let before = t.turn_damage[i];
    let total = i32::from(t.f[i].damage) + i32::from(n);
    let estr = STR - total;
    if estr <= 1 {
        return Err(estr <= 0);
    }
    t.f[i].damage = total as u8;
    t.turn_damage[i] = before.saturating_add(n);
    if !t.f[i].fallen && before < 8 && t.turn_damage[i] >= 8 {
        t.f[i].fallen = true;
    }
    Ok(t)
}

/// The duel's per-turn transitions, from the rules.
struct Model {
    /// 3d6 totals and their probabilities.
    to_hit: Vec<(i32, f64)>,
    /// (armed, multiplier) → damage and probability.
    damage: HashMap<(bool, u8), Vec<(u8, f64)>>,
}

impl Model {
    fn new() -> Self {
        let ways = dice_ways(3);
        let to_hit = (3..=18)
            .map(|t| (t as i32, ways[t] as f64 / 216.0))
            .collect();
        let mut damage = HashMap::new();
        for armed in [true, false] {
            for mult in 1..=3 {
                damage.insert((armed, mult), hit_damage(armed, mult));
            }
        }
        Model { to_hit, damage }
    }

    /// Every way one turn can go from `start` when side `initiative` wins the initiative.
    fn turn(&self, start: [Fig; 2], initiative: usize) -> Transitions {
        let mut t = InTurn {
            f: start,
            turn_damage: [0; 2],
            acted: [false; 2],
        };
        // Movement: a fallen figure stands up, and that is its turn (G-41).
        for i in 0..2 {
            if t.f[i].fallen {
                t.f[i].fallen = false;
                t.acted[i] = true;
            }
        }
        // Action order: ordering eDEX (−3 at eSTR ≤ 3), ties to the initiative winner.
        let edex = |f: Fig| DEX - if f.estr() <= 3 { 3 } else { 0 };
        let (e0, e1) = (edex(t.f[0]), edex(t.f[1]));
        let first = match e0.cmp(&e1) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Equal => initiative,
        };
        let mut out = HashMap::new();
        self.act(t, [first, 1 - first], 0, 1.0, &mut out);
        let mut v: Vec<_> = out.into_iter().collect();
        v.sort_by_key(|e| format!("{:?}", e.0));
        v
    }

    /// The `k`-th figure of the action order acts (or not), then the rest of the turn.
    fn act(&self, t: InTurn, order: [usize; 2], k: usize, p: f64, out: &mut HashMap<Next, f64>) {
        if k == 2 {
            *out.entry(Next::Turn(state_index(t.f))).or_default() += p;
            return;
        }
        let x = order[k];
        let y = 1 - x;
        // Stood up this turn, or knocked down before its turn (SK-8.4.3-b): no action.
        if t.acted[x] || t.f[x].fallen {
            return self.act(t, order, k + 1, p, out);
        }
        let mut t = t;
        t.acted[x] = true;
        if t.f[x].blade == Blade::Dropped {
            // Pick up the dropped blade: the whole action.
            t.f[x].blade = Blade::InHand;
            return self.act(t, order, k + 1, p, out);
        }
        let armed = t.f[x].blade == Blade::InHand;
        let mut target = DEX;
        if t.f[x].estr() <= 3 {
            target -= 3; // SK-12.4-b
        }
        if t.turn_damage[x] >= 5 {
            target -= 2; // SK-12.4-d
        }
        if t.f[y].fallen {
            target += 4; // SK-10.5-g
        }
        let mut results: Vec<(Roll, f64)> = Vec::new();
        for &(total, q) in &self.to_hit {
            let r = roll_to_hit(total, target);
            match results.iter_mut().find(|e| e.0 == r) {
                Some(e) => e.1 += q,
                None => results.push((r, q)),
            }
        }
        for (r, q) in results {
            let p = p * q;
            match (r, armed) {
                (Roll::Miss, _) => self.act(t, order, k + 1, p, out),
                (Roll::Hit(mult), _) => {
                    for &(n, qd) in &self.damage[&(armed, mult)] {
                        self.go_on(t, wound(t, y, n), y, order, k, p * qd, out);
                    }
                }
                (Roll::Drop, true) => {
                    let mut t = t;
                    t.f[x].blade = Blade::Dropped;
                    self.act(t, order, k + 1, p, out);
                }
                (Roll::Break, true) => {
                    let mut t = t;
                    t.f[x].blade = Blade::Broken;
                    self.act(t, order, k + 1, p, out);
                }
                (Roll::Drop | Roll::Break, false) => {
                    // SK-16.15.1-a: 1d6 to the attacker.
                    for n in 1..=6 {
                        self.go_on(t, wound(t, x, n), x, order, k, p / 6.0, out);
                    }
                }
            }
        }
    }

    /// After figure `hurt` took a wound: the battle ends if it is out, else the turn goes on.
    #[allow(clippy::too_many_arguments)]
    fn go_on(
        &self,
        before: InTurn,
        w: Result<InTurn, bool>,
        hurt: usize,
        order: [usize; 2],
        k: usize,
        p: f64,
        out: &mut HashMap<Next, f64>,
    ) {
        match w {
            Ok(t) => self.act(t, order, k + 1, p, out),
            Err(dead) => {
                let winner = 1 - hurt;
                let end = End {
                    winner,
                    loser_dead: dead,
                    winner_damage: before.f[winner].damage,
                };
                *out.entry(Next::Over(end)).or_default() += p;
            }
        }
    }
}

/// The exact distribution of the battle's end when `first` wins the first turn's initiative
/// (later turns: 1/2 each), pushed forward turn by turn up to the turn limit.
struct Exact {
    /// `ends[t - 1]`: how battles that end in turn `t` end.
    ends: Vec<HashMap<End, f64>>,
    /// Still undecided after the last turn: a draw.
    draw: f64,
}

fn solve(model: &Model, first: usize) -> Exact {
    let start = [Fig {
        damage: 0,
        fallen: false,
        blade: Blade::InHand,
    }; 2];
    let mut cache: Vec<[Option<Transitions>; 2]> = (0..STATES).map(|_| [None, None]).collect();
    let mut dist = vec![0.0f64; STATES];
    dist[state_index(start)] = 1.0;
    let mut ends = Vec::with_capacity(MAX_TURNS);
    for turn in 1..=MAX_TURNS {
        let mut next = vec![0.0f64; STATES];
        let mut ended: HashMap<End, f64> = HashMap::new();
        for s in 0..STATES {
            let m = dist[s];
            if m == 0.0 {
                continue;
            }
            for (w, slot) in cache[s].iter_mut().enumerate() {
                let pw = match turn {
                    1 if w == first => 1.0,
                    1 => 0.0,
                    _ => 0.5,
                };
                if pw == 0.0 {
                    continue;
                }
                let tr = slot.get_or_insert_with(|| model.turn(state_from(s), w));
                for &(n, p) in tr.iter() {
                    match n {
                        Next::Turn(j) => next[j] += m * pw * p,
                        Next::Over(e) => *ended.entry(e).or_default() += m * pw * p,
                    }
                }
            }
        }
        ends.push(ended);
        dist = next;
    }
    Exact {
        ends,
        draw: dist.iter().sum(),
    }
}

// ------------------------------------------------------------------------------------------
// The figures compared.

/// The cell of the first chi-square test: did the first turn's initiative winner win, in which
/// turn (1..=5, 6+) did the battle end, and is the loser dead.
type Cell = (bool, usize, bool);

fn cell(first: usize, end: End, turn: usize) -> Cell {
    (end.winner == first, turn.min(6), end.loser_dead)
}

/// The cell of the second: did the first turn's initiative winner win, and the winner's damage.
type DamageCell = (bool, u8);

/// The exact figures of the duel (the first initiative is fair).
struct Figures {
    p_a: f64,
    p_draw: f64,
    p_first_wins: f64,
    mean_turns: f64,
    var_turns: f64,
    cells: HashMap<Cell, f64>,
    damage_cells: HashMap<DamageCell, f64>,
}

fn exact_figures() -> Figures {
    let model = Model::new();
    let runs = [solve(&model, 0), solve(&model, 1)];
    let mut f = Figures {
        p_a: 0.0,
        p_draw: 0.0,
        p_first_wins: 0.0,
        mean_turns: 0.0,
        var_turns: 0.0,
        cells: HashMap::new(),
        damage_cells: HashMap::new(),
    };
    let mut second_moment = 0.0;
    for (first, ex) in runs.iter().enumerate() {
        f.p_draw += 0.5 * ex.draw;
        let t_draw = MAX_TURNS as f64;
        f.mean_turns += 0.5 * ex.draw * t_draw;
        second_moment += 0.5 * ex.draw * t_draw * t_draw;
        for (t, ended) in ex.ends.iter().enumerate() {
            let turn = t + 1;
            for (&end, &p) in ended {
                let p = 0.5 * p;
                if end.winner == 0 {
                    f.p_a += p;
                }
                if end.winner == first {
                    f.p_first_wins += p;
                }
                f.mean_turns += p * turn as f64;
                second_moment += p * (turn * turn) as f64;
                *f.cells.entry(cell(first, end, turn)).or_default() += p;
                *f.damage_cells
                    .entry((end.winner == first, end.winner_damage))
                    .or_default() += p;
            }
        }
    }
    f.var_turns = second_moment - f.mean_turns * f.mean_turns;
    f
}

// ------------------------------------------------------------------------------------------
// The engine's play of the scenario.

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

fn initial() -> State {
    let root = root();
    let loaded = Loader::new()
        .schema(&SkirmishSchema)
        .data_dir(root.join("data"))
        .load_path(&root.join("scenarios/skirmish/bench-duel.toml"))
        .unwrap_or_else(|d| panic!("bench-duel.toml does not load:\n{}", d.render_plain()));
    fireteam_skirmish::scenario::setup(&loaded).build()
}

/// One battle as the engine plays it with `ai:first` on both sides.
#[derive(Debug, Clone, Copy)]
struct Played {
    first: usize,
    /// `None`: a draw.
    end: Option<End>,
    turns: usize,
}

/// The same step limit as `fireteam_sim::SimConfig::new`.
const MAX_STEPS: u64 = 10_000;

fn play(initial: &State, seed: u64) -> Played {
    let mut battle = Battle::new(&Skirmish, initial.clone()).without_log();
    let mut dice = SeededSource::new(seed);
    let mut legal = Vec::new();
    let mut first = None;
    let outcome = loop {
        match battle.decision() {
            Decision::Over { outcome } => break Some(outcome),
            Decision::Choose { .. } if battle.steps() >= MAX_STEPS => break None,
            Decision::Choose { .. } => {}
        }
        legal.clear();
        Skirmish.legal_actions(battle.state(), &mut legal);
        // ai:first: the first legal action.
        let action = legal[0];
        if let Err(e) = battle.step(&action, &mut dice) {
            panic!("seed {seed}: {action:?}: {e}");
        }
        if first.is_none() {
            first = battle.state().initiative_winner;
        }
    };
    let s = battle.state();
    let end = match outcome {
        Some(Outcome::Winner { side }) => {
            let w = usize::from(side);
            let loser = &s.figures[1 - w];
            assert_ne!(loser.condition, Condition::Active, "seed {seed}");
            Some(End {
                winner: w,
                loser_dead: loser.condition == Condition::Dead,
                winner_damage: s.figures[w].damage as u8,
            })
        }
        _ => None,
    };
    Played {
        first: usize::from(first.expect("an initiative was rolled")),
        end,
        turns: s.turn as usize,
    }
}

/// Plays `n` battles on two threads, battle `i` with dice seed `seed + i`.
fn simulate(n: u64, seed: u64) -> Vec<Played> {
    let initial = initial();
    let threads = 2u64;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let initial = &initial;
                scope.spawn(move || {
                    (k..n)
                        .step_by(threads as usize)
                        .map(|i| (i, play(initial, seed + i)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<(u64, Played)> = handles
            .into_iter()
            .flat_map(|h| h.join().expect("a simulation thread panicked"))
            .collect();
        all.sort_by_key(|e| e.0);
        all.into_iter().map(|e| e.1).collect()
    })
}

/// Pearson's chi-square of `observed` (counts over `n` battles) against `expected`
/// (probabilities); cells expected fewer than 5 times are pooled. Returns the statistic, the
/// degrees of freedom and the critical value at p = 1e-4 (Wilson–Hilferty).
fn chi_square<K: std::hash::Hash + Eq + Copy + std::fmt::Debug>(
    expected: &HashMap<K, f64>,
    observed: &HashMap<K, u64>,
    n: u64,
) -> (f64, usize, f64) {
    for (k, &o) in observed {
        assert!(
            expected.get(k).is_some_and(|&p| p > 0.0),
            "the engine produced {o} battles in cell {k:?}, which the model says cannot happen"
        );
    }
    let n = n as f64;
    let (mut stat, mut cells) = (0.0, 0usize);
    let (mut pool_e, mut pool_o) = (0.0, 0.0);
    for (k, &p) in expected {
        let e = p * n;
        let o = observed.get(k).copied().unwrap_or(0) as f64;
        if e < 5.0 {
            pool_e += e;
            pool_o += o;
        } else {
            stat += (o - e) * (o - e) / e;
            cells += 1;
        }
    }
    if pool_e > 0.0 {
        stat += (pool_o - pool_e) * (pool_o - pool_e) / pool_e;
        cells += 1;
    }
    let df = cells - 1;
    let d = df as f64;
    let z = 3.719; // upper 1e-4 point of the standard normal
    let a = 2.0 / (9.0 * d);
    let crit = d * (1.0 - a + z * a.sqrt()).powi(3);
    (stat, df, crit)
}

// ------------------------------------------------------------------------------------------
// Tests.

#[test]
fn tables_agree_with_the_crate_helpers() {
    // The roll to hit on 3d6 (SK-12.1-a/c/d), for every total and target number in play.
    for target in -2..=20 {
        for total in 3..=18 {
            let c = classify(3, total, target, AutoVersion::A, false).result;
            let mine = match roll_to_hit(total, target) {
                Roll::Hit(mult) => ToHit::Hit {
                    mult,
                    automatic: total <= 5,
                },
                Roll::Miss => ToHit::Miss {
                    automatic: total >= 16,
                },
                Roll::Drop => ToHit::Dropped,
                Roll::Break => ToHit::Broken,
            };
            assert_eq!(c, mine, "3d6 = {total} against {target}");
        }
    }
    // Bare hands at STR 10 (SK-16.15.1-T1): 1d6−3.
    assert_eq!(unarmed_damage(STR, StrColumn::Damage), Damage::new(1, -3));
    // The 3d6 weights.
    let w = dice_ways(3);
    assert_eq!(w.iter().sum::<u64>(), 216);
    assert_eq!((w[3], w[10], w[11], w[18]), (1, 27, 27, 1));
}

#[test]
fn scenario_is_the_duel_the_model_assumes() {
    let s = initial();
    assert_eq!(s.figures.len(), 2);
    assert_eq!(s.rules.max_turns as usize, MAX_TURNS);
    for (i, f) in s.figures.iter().enumerate() {
        assert_eq!(usize::from(f.side), i);
        assert_eq!(
            (i32::from(f.st), i32::from(f.dex)),
            (STR, DEX),
            "figure {}",
            f.id
        );
        assert_eq!(f.posture, Posture::Standing);
        assert_eq!(
            f.ready,
            Some(0),
            "figure {} starts with the blade in hand",
            f.id
        );
        assert!(f.armor.is_none() && f.shield.is_none());
        assert_eq!((f.martial_arts, f.enc_dex), (0, 0));
        let w = &s.rules.weapons[usize::from(f.weapons[0].unwrap().weapon)];
        assert_eq!(w.damage, Some(Damage::new(2, 0)));
        assert_eq!(f.weapons.iter().flatten().count(), 1, "one weapon each");
    }
    let (a, b) = (&s.figures[0], &s.figures[1]);
    assert_eq!(a.pos.distance(b.pos), 1, "adjacent");
    assert!(fireteam_skirmish::geometry::in_front(a, b.pos));
    assert!(fireteam_skirmish::geometry::in_front(b, a.pos));
    assert_eq!(
        fireteam_skirmish::geometry::arc_from(a, b.pos),
        fireteam_grid::Arc::Front
    );
    assert_eq!(
        fireteam_skirmish::geometry::arc_from(b, a.pos),
        fireteam_grid::Arc::Front
    );
}

/// Plays `first` until figure `fig` has a decision in a phase matching `want`, starting from
/// `s`, and returns the legal actions there.
fn first_choices(s: State, fig: u16, want: fn(&Phase) -> bool) -> Vec<Action> {
    let mut battle = Battle::new(&Skirmish, s);
    let mut dice = SeededSource::new(7);
    let mut legal = Vec::new();
    for _ in 0..50 {
        let Decision::Choose { unit, .. } = battle.decision() else {
            break;
        };
        legal.clear();
        Skirmish.legal_actions(battle.state(), &mut legal);
        if unit == Some(fig) && want(&battle.state().phase) {
            return legal;
        }
        battle.step(&legal[0], &mut dice).unwrap();
    }
    panic!("figure {fig} never had the decision looked for");
}

/// What `first` picks in each situation of the duel is the model's policy; this checks each
/// assumption against the engine's action lists, so a change of list order shows up here
/// by name rather than only as a statistical disagreement.
#[test]
fn first_picks_what_the_model_assumes() {
    let movement = |p: &Phase| matches!(p, Phase::Movement { .. });
    let action = |p: &Phase| matches!(p, Phase::Action);
    // The initiative winner moves first.
    let mut battle = Battle::new(&Skirmish, initial());
    let mut dice = SeededSource::new(7);
    battle.step(&Action::StartTurn, &mut dice).unwrap();
    let mut legal = Vec::new();
    Skirmish.legal_actions(battle.state(), &mut legal);
    assert_eq!(legal[0], Action::Order { first: true });
    // Standing, blade in hand: stand still, then attack with the blade.
    let facing_now = initial().figures[0].facing;
    let got = first_choices(initial(), 0, movement);
    assert!(
        matches!(got[0], Action::StandStill { fig: 0, facing, .. } if facing == facing_now),
        "{:?}",
        got[0]
    );
    let got = first_choices(initial(), 0, action);
    assert_eq!(
        got[0],
        Action::Attack {
            fig: 0,
            target: 1,
            strike: Strike::Normal
        }
    );
    // Fallen: stand up (the whole turn).
    let mut s = initial();
    s.figures[0].posture = Posture::Fallen;
    let got = first_choices(s, 0, movement);
    assert_eq!(
        got[0],
        Action::StandUp { fig: 0 },
        "a fallen figure stands up"
    );
    // Blade dropped in the hex after a 17: pick it up.
    let mut s = initial();
    s.figures[0].weapons[0].as_mut().unwrap().state = WeaponState::Dropped;
    s.figures[0].ready = None;
    s.dropped.push(fireteam_skirmish::state::Dropped {
        pos: s.figures[0].pos,
        owner: 0,
        slot: 0,
    });
    let got = first_choices(s, 0, action);
    assert_eq!(
        got[0],
        Action::PickUp { fig: 0 },
        "a dropped blade is picked up"
    );
    // Blade broken after an 18: attack bare-handed.
    let mut s = initial();
    s.figures[0].weapons[0].as_mut().unwrap().state = WeaponState::Broken;
    s.figures[0].ready = None;
    let got = first_choices(s, 0, action);
    assert_eq!(
        got[0],
        Action::Attack {
            fig: 0,
            target: 1,
            strike: Strike::Normal
        },
        "with the blade broken, a punch"
    );
}

#[test]
fn exact_win_rate_matches_the_engine() {
    let ex = exact_figures();
    let total: f64 = ex.cells.values().sum::<f64>() + ex.p_draw;
    assert!((total - 1.0).abs() < 1e-12, "probabilities sum to {total}");
    println!("exact P(A wins)                      = {:.15}", ex.p_a);
    println!(
        "exact P(draw at turn {MAX_TURNS})              = {:.3e}",
        ex.p_draw
    );
    println!(
        "exact P(first initiative winner wins) = {:.15}",
        ex.p_first_wins
    );
    println!(
        "exact mean turns                     = {:.15} (sd {:.6})",
        ex.mean_turns,
        ex.var_turns.sqrt()
    );
    let mut cells: Vec<_> = ex.cells.iter().collect();
    cells.sort_by(|a, b| a.0.cmp(b.0));
    for (c, p) in cells {
        println!(
            "  first initiative winner wins {:5}  turn {}{}  loser {:11}  {p:.6}",
            c.0,
            c.1,
            if c.1 == 6 { "+" } else { " " },
            if c.2 { "dead" } else { "unconscious" }
        );
    }
    // By design the full rules do not give the peer's alternating-attack figure.
    assert!(
        (ex.p_a - PEER_P_A).abs() > 0.05,
        "exact {:.4} is the peer's {PEER_P_A}",
        ex.p_a
    );
    // Identical fighters, fair initiative: 1/2 each, less half the (tiny) draw.
    assert!((ex.p_a - (1.0 - ex.p_draw) / 2.0).abs() < 1e-12);

    let n: u64 = 200_000;
    let played = simulate(n, 0x5eed_0000);
    let nf = n as f64;
    let draws = played.iter().filter(|p| p.end.is_none()).count();
    let a_wins = played
        .iter()
        .filter(|p| p.end.is_some_and(|e| e.winner == 0))
        .count() as f64;
    let first_wins = played
        .iter()
        .filter(|p| p.end.is_some_and(|e| e.winner == p.first))
        .count() as f64;
    let mean_turns = played.iter().map(|p| p.turns as f64).sum::<f64>() / nf;
    let mut cells: HashMap<Cell, u64> = HashMap::new();
    let mut damage_cells: HashMap<DamageCell, u64> = HashMap::new();
    for p in &played {
        if let Some(e) = p.end {
            *cells.entry(cell(p.first, e, p.turns)).or_default() += 1;
            *damage_cells
                .entry((e.winner == p.first, e.winner_damage))
                .or_default() += 1;
        }
    }
    let se = |p: f64| (p * (1.0 - p) / nf).sqrt();
    let z_a = (a_wins / nf - ex.p_a) / se(ex.p_a);
    let z_first = (first_wins / nf - ex.p_first_wins) / se(ex.p_first_wins);
    let z_turns = (mean_turns - ex.mean_turns) / (ex.var_turns / nf).sqrt();
    let (chi, df, crit) = chi_square(&ex.cells, &cells, n);
    let (chi_d, df_d, crit_d) = chi_square(&ex.damage_cells, &damage_cells, n);
    let (p_a, p_first) = (a_wins / nf, first_wins / nf);
    println!("engine, {n} battles (draws {draws}):");
    println!("  P(A wins)                       {p_a:.5} (z {z_a:+.2})");
    println!("  P(first initiative winner wins) {p_first:.5} (z {z_first:+.2})");
    println!("  mean turns                      {mean_turns:.5} (z {z_turns:+.2})");
    println!("  chi-square, winner × turn × loser's state: {chi:.2}, df {df}");
    println!("    (critical at p = 1e-4: {crit:.2})");
    println!("  chi-square, winner × winner's damage: {chi_d:.2}, df {df_d}");
    println!("    (critical at p = 1e-4: {crit_d:.2})");
    assert_eq!(
        draws, 0,
        "the model gives draws probability {:.1e}",
        ex.p_draw
    );
    assert!(z_a.abs() < 4.0, "P(A wins): z = {z_a:.2}");
    assert!(
        z_first.abs() < 4.0,
        "P(first initiative winner wins): z = {z_first:.2}"
    );
    assert!(z_turns.abs() < 4.0, "mean turns: z = {z_turns:.2}");
    assert!(
        chi < crit,
        "winner × turn × loser's state: chi-square {chi:.1} ≥ {crit:.1}"
    );
    assert!(
        chi_d < crit_d,
        "winner's damage: chi-square {chi_d:.1} ≥ {crit_d:.1}"
    );
}
