//! The greedy AI's quick estimates (`Evaluate::estimate`) against the exact values it would
//! otherwise compute: for every action that rolls nothing, the estimate is the value after it,
//! bit for bit; for every action with dice, it is the exact expectation of the value over the
//! action's outcomes (the enumeration the AI makes, summed in another order). The states are
//! reached by seeded random play of the shipped scenarios and the demo. A hand calculation
//! checks one attack's roll with forced numbers.

use fireteam_dice::{enumerate_within, to_f64, DiceSource, SeededSource, SourceError};
use fireteam_dice_pool::data::sample;
use fireteam_dice_pool::data::Stats;
use fireteam_dice_pool::scenario::{setup, DicePoolSchema};
use fireteam_dice_pool::setup::{demo, sample_field};
use fireteam_dice_pool::state::{Pos, Stance};
use fireteam_dice_pool::{Action, DicePool, Options, Setup, State, UnitSetup};
use fireteam_engine::{Battle, Decision, Evaluate, ResolveError, RuleSystem, SideId};
use fireteam_scenario::Loader;
use std::cmp::Ordering;

/// A value as an outcome key, ordered by `total_cmp` (as the greedy AI keys them).
#[derive(Debug, Clone, Copy)]
struct Value(f64);
impl PartialEq for Value {
    fn eq(&self, o: &Self) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl Eq for Value {}
impl PartialOrd for Value {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Value {
    fn cmp(&self, o: &Self) -> Ordering {
        self.0.total_cmp(&o.0)
    }
}

enum Stop {
    Dice(SourceError),
    Rules(String),
}
impl From<SourceError> for Stop {
    fn from(e: SourceError) -> Self {
        Stop::Dice(e)
    }
}

/// The value after one path of `action`.
fn value_after(s: &State, side: SideId, action: &Action, dice: &mut dyn DiceSource) -> f64 {
    let mut ev = Vec::new();
    DicePool.resolve(s, action, dice, &mut ev).unwrap();
    let mut next = s.clone();
    for e in &ev {
        DicePool.apply(&mut next, e);
    }
    DicePool.value(&next, side)
}

/// The exact expectation of the value after `action` (its paths, as the greedy AI enumerates
/// them), and how many paths it has; None past `limit` paths.
fn exact(s: &State, side: SideId, action: &Action, limit: u64) -> Option<(f64, u64)> {
    let e = enumerate_within(limit, |dice| -> Result<Value, Stop> {
        let mut ev = Vec::new();
        DicePool
            .resolve(s, action, dice, &mut ev)
            .map_err(|e| match e {
                ResolveError::Dice(d) => Stop::Dice(d),
                other => Stop::Rules(other.to_string()),
            })?;
        let mut next = s.clone();
        for e in &ev {
            DicePool.apply(&mut next, e);
        }
        Ok(Value(DicePool.value(&next, side)))
    });
    match e {
        Ok(e) => Some((
            e.outcomes.iter().map(|(v, p)| v.0 * to_f64(p)).sum(),
            e.paths,
        )),
        Err(Stop::Dice(SourceError::TooManyPaths { .. })) => None,
        Err(Stop::Dice(e)) => panic!("{e}"),
        Err(Stop::Rules(e)) => panic!("{e}"),
    }
}

fn shipped() -> Vec<(String, State)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
    let loader = Loader::new()
        .schema(&DicePoolSchema)
        .data_dir(root.join("data"));
    let mut out = vec![("demo".to_string(), demo().build())];
    for entry in std::fs::read_dir(root.join("scenarios/dice-pool")).unwrap() {
        let path = entry.unwrap().path();
        let loaded = loader
            .load_path(&path)
            .unwrap_or_else(|d| panic!("{}", d.render_plain()));
        out.push((path.display().to_string(), setup(&loaded).build()));
    }
    out
}

#[test]
fn estimates_are_the_values_of_actions_that_roll_nothing_and_the_exact_expectations_of_the_rest() {
    let (mut deterministic, mut chance, mut moves) = (0u64, 0u64, 0u64);
    for (name, initial) in shipped() {
        for seed in 0..4u64 {
            let mut b = Battle::new(&DicePool, initial.clone()).without_log();
            let mut dice = SeededSource::new(seed);
            let mut pick = seed;
            let mut legal = Vec::new();
            let mut est = Vec::new();
            while let Decision::Choose { side, .. } = b.decision() {
                let s = b.state();
                legal.clear();
                DicePool.legal_actions(s, &mut legal);
                DicePool.estimate(s, side, &legal, &mut est);
                assert_eq!(est.len(), legal.len());
                // Every move is checked at the first decisions of a battle, then a sample.
                let every = if b.steps() < 40 { 1 } else { 7 };
                for (i, (a, e)) in legal.iter().zip(&est).enumerate() {
                    let text = DicePool.action_text(s, a);
                    let Some(e) = *e else {
                        assert!(
                            matches!(a, Action::StartTurn),
                            "{name}: no estimate for {text}"
                        );
                        continue;
                    };
                    if matches!(a, Action::Move { .. }) && i % every != 0 {
                        continue;
                    }
                    let Some((want, paths)) = exact(s, side, a, 200_000) else {
                        continue;
                    };
                    if paths == 1 {
                        // Rolls nothing: the same number, bit for bit.
                        let v = value_after(s, side, a, &mut SeededSource::new(0));
                        assert_eq!(e.to_bits(), v.to_bits(), "{name}, seed {seed}: {text}");
                        assert_eq!(e.to_bits(), want.to_bits(), "{name}, seed {seed}: {text}");
                        deterministic += 1;
                        moves += u64::from(matches!(a, Action::Move { .. }));
                    } else {
                        assert!(
                            (e - want).abs() <= 1e-9 * want.abs().max(1.0),
                            "{name}, seed {seed}: {text}: estimate {e}, exact {want} over {paths} paths"
                        );
                        chance += 1;
                    }
                }
                pick = pick
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let a = legal[(pick >> 33) as usize % legal.len()].clone();
                b.step(&a, &mut dice).unwrap();
            }
        }
    }
    eprintln!("{deterministic} actions without dice ({moves} moves), {chance} with dice");
    assert!(deterministic > 5_000 && moves > 3_000 && chance > 300);
}

/// Anna (melee 3, the knife in hand) stabs Ben next to her, who has no Pain Resistance, no armor
/// and a wound limit of 10, and assigns no parry dice. The roll is 3d6 against 10, and the knife's
/// DL 2 deals 2d6 wounds.
#[test]
fn a_rolls_estimate_is_its_expected_value_by_hand() {
    let unit = |name: &str, side, stats, col, weapons: Vec<u16>| UnitSetup {
        name: name.into(),
        side,
        stats,
        size: Default::default(),
        pos: Pos { col, row: 1 },
        stance: Stance::Standing,
        weapons,
    };
    let ben = Stats {
        pain_resistance: 0,
        armor: 0,
        wound_limit: 10,
        ..sample::ben()
    };
    let setup = Setup {
        options: Options::default(),
        field: sample_field(&["......", "......", "......"]),
        weapons: vec![sample::knife()],
        sides: vec!["Red".into(), "Blue".into()],
        units: vec![
            unit("Anna", 0, sample::anna(), 1, vec![0]),
            unit("Ben", 1, ben, 2, vec![0]),
        ],
        max_turns: 5,
    };
    let mut state = setup.build();
    state.units[0].ready = Some(0);
    let mut b = Battle::new(&DicePool, state);
    let play = |b: &mut Battle<'_, DicePool>, text: &str, faces: Vec<i64>| {
        let a = DicePool.parse_action(b.state(), text).unwrap();
        b.step(&a, &mut fireteam_dice::ScriptedSource::new(faces))
            .unwrap();
    };
    // Anna 6 + 4 = 10, Ben 1 + 2 = 3: Anna acts alone at her count (no deferred wounds).
    play(&mut b, "start turn 1", vec![6, 1]);
    play(&mut b, "melee Anna -> Ben with knife", vec![]);
    play(&mut b, "parry Ben 0", vec![]);
    let s = b.state();
    let mut legal = Vec::new();
    DicePool.legal_actions(s, &mut legal);
    assert_eq!(DicePool.action_text(s, &legal[0]), "roll Ben");
    let mut est = Vec::new();
    DicePool.estimate(s, 0, &legal, &mut est);

    // P(3d6 ≥ 10) = 135/216: the sums 10..18 are made 27+27+25+21+15+10+6+3+1 ways.
    let p = 135.0 / 216.0;
    // 2d6 wounds: 2..12 made 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1 ways in 36.
    let ways = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0];
    // Anna's value: Ben's harm, plus her positional terms: open ground (no cover), Ben 1 m away
    // (−0.003 for the nearest, −10⁻⁶ for all enemies), row 1 (−10⁻¹⁰); once Ben is out of
    // action no enemy is left, and only her row counts.
    let row = -1e-10;
    let miss = -0.003 - 1e-6 + row;
    let mut hit = 0.0;
    for (k, w) in ways.iter().enumerate() {
        let wounds = (k + 2) as f64;
        hit += w / 36.0
            * if wounds >= 10.0 {
                1.0 + row
            } else {
                miss + wounds / 10.0 * 0.8 + 0.05
            };
    }
    let by_hand = (1.0 - p) * miss + p * hit;
    let e = est[0].expect("an estimate of the roll");
    assert!((e - by_hand).abs() < 1e-12, "{e} against {by_hand}");
    let (exact, paths) = exact(s, 0, &legal[0], 100_000).unwrap();
    assert!((e - exact).abs() < 1e-12, "{e} against the exact {exact}");
    assert!(paths > 10);
}
