//! The greedy AI's quick estimates (`Evaluate::estimate`) against the value they stand for.
//!
//! A movement option that rolls no dice is estimated from the mover's terms of the value, and
//! those of the foes beside where he stood and where he goes (`estimate::after_move`): that
//! must be the value of the state the move leaves, bit for bit, or greedy would rank moves by
//! something other than its heuristic. Random play of every shipped scenario reaches the
//! states; every estimated action there is resolved with no dice to spare, and those that roll
//! none are compared.

use fireteam_dice::{DiceSource, ScriptedSource, SeededSource};
use fireteam_engine::{Decision, Evaluate, RuleSystem};
use fireteam_scenario::Loader;
use fireteam_skirmish::schema::SkirmishSchema;
use fireteam_skirmish::{scenario, Action, Skirmish, State};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

fn initial(name: &str) -> State {
    let loaded = Loader::new()
        .schema(&SkirmishSchema)
        .data_dir(root().join("data"))
        .load_path(&root().join("scenarios/skirmish").join(name))
        .unwrap_or_else(|d| panic!("{name}: {}", d.render_plain()));
    scenario::setup(&loaded).build()
}

/// SplitMix64, for the random play (the engine's own streams are not needed here).
fn next(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays `games` random games of `steps` actions; at each decision compares the estimate of
/// every movement option that rolls no dice with the value after it. Returns how many were
/// compared.
fn check(name: &str, games: u64, steps: usize) -> usize {
    let rules = Skirmish;
    let start = initial(name);
    let mut compared = 0;
    let (mut legal, mut estimates, mut events) = (Vec::new(), Vec::new(), Vec::new());
    for game in 0..games {
        let mut s = start.clone();
        let mut dice = SeededSource::new(game);
        let mut rng = game ^ 0xA5A5;
        for step in 0..steps {
            let Decision::Choose { side, .. } = rules.decision(&s) else {
                break;
            };
            legal.clear();
            rules.legal_actions(&s, &mut legal);
            rules.estimate(&s, side, &legal, &mut estimates);
            for (a, est) in legal.iter().zip(&estimates) {
                let Some(est) = est else { continue };
                let moving = matches!(
                    a,
                    Action::StandStill { .. }
                        | Action::Move { .. }
                        | Action::Shift { .. }
                        | Action::Crawl { .. }
                        | Action::Grab { .. }
                );
                if !moving {
                    continue;
                }
                events.clear();
                let mut none = ScriptedSource::new(Vec::new());
                if rules.resolve(&s, a, &mut none, &mut events).is_err() {
                    continue; // it rolls dice: estimated as if every roll went his way
                }
                let mut after = s.clone();
                for e in &events {
                    rules.apply(&mut after, e);
                }
                let exact = rules.value(&after, side);
                assert_eq!(
                    est.to_bits(),
                    exact.to_bits(),
                    "{name}, game {game}, step {step}: `{}` is estimated at {est}, worth {exact}",
                    rules.action_text(&s, a)
                );
                compared += 1;
            }
            let pick = &legal[(next(&mut rng) % legal.len() as u64) as usize];
            dice.begin_scope(step as u64);
            events.clear();
            rules
                .resolve(&s, pick, &mut dice, &mut events)
                .expect("a legal action resolves");
            for e in &events {
                rules.apply(&mut s, e);
            }
        }
    }
    compared
}

#[test]
fn a_move_that_rolls_no_dice_is_estimated_at_its_value_bit_for_bit() {
    let mut total = 0;
    for name in [
        "arena.toml",
        "bruce-vs-zorgo.toml",
        "skirmish-2v2.toml",
        "quarry.toml",
        "station.toml",
        "brushfire.toml",
        "hull.toml",
        "practice.toml",
    ] {
        let n = check(name, 3, 120);
        assert!(n > 100, "{name}: only {n} moves compared");
        total += n;
    }
    eprintln!("{total} estimates compared");
}
