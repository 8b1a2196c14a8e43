//! The greedy AI against random play in SKIRMISH. The test that runs in CI plays the small
//! yard (`scenarios/skirmish/skirmish-2v2.toml`, two against two): 40 battles with greedy as Red
//! (side 0) and 40 as Blue (side 1); greedy must win more than half of the 80, with the 95%
//! Wilson interval's lower bound above one half. The three-against-three arena
//! (`scenarios/skirmish/arena.toml`), where a greedy battle takes seconds, is the ignored test
//! `greedy_against_random_in_the_arena` (`cargo test --release -p fireteam-sim --test
//! skirmish_ai -- --ignored --nocapture`), run for the figures in the report.
//!
//! A draw counts as a battle greedy did not win.

use fireteam_ai::PolicyKind;
use fireteam_scenario::Loader;
use fireteam_sim::stats::wilson95;
use fireteam_sim::{simulate, Side, SimConfig, SimReport};
use fireteam_skirmish::schema::SkirmishSchema;
use fireteam_skirmish::{scenario, Skirmish};
use std::path::Path;
use std::time::Instant;

fn load(file: &str, turns: u32) -> (Vec<String>, fireteam_skirmish::State) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut loaded = Loader::new()
        .schema(&SkirmishSchema)
        .data_dir(root.join("data"))
        .load_path(&root.join("scenarios/skirmish").join(file))
        .unwrap_or_else(|d| panic!("{}", d.render_plain()));
    loaded.scenario.max_rounds = Some(turns);
    let names = loaded
        .scenario
        .sides
        .iter()
        .map(|s| s.name.clone())
        .collect();
    (names, scenario::setup(&loaded).build())
}

/// `runs` battles with greedy as `greedy_side` and random as the other.
fn greedy_against_random(file: &str, turns: u32, runs: u64, greedy_side: usize) -> SimReport {
    let (names, initial) = load(file, turns);
    let sides: Vec<Side<Skirmish>> = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            if i == greedy_side {
                Side::with_kind(name.clone(), PolicyKind::Greedy)
            } else {
                Side::random(name.clone())
            }
        })
        .collect();
    let mut config = SimConfig::new(runs, 19 + greedy_side as u64);
    config.threads = 2;
    config.timing = false;
    simulate(&Skirmish, |_| initial.clone(), &sides, &config, |_| {}).unwrap()
}

#[test]
fn greedy_beats_random_in_the_yard() {
    greedy_beats_random("skirmish-2v2.toml", 20, 40);
}

/// The arena's own limit of 20 turns is raised to 40: greedy almost never loses to random play,
/// but within 20 turns it often has not yet run down the last random figure.
#[test]
#[ignore = "minutes of greedy search: run in release for the report"]
fn greedy_against_random_in_the_arena() {
    greedy_beats_random("arena.toml", 40, 40);
}

fn greedy_beats_random(file: &str, turns: u32, runs_per_side: u64) {
    let started = Instant::now();
    let mut wins = 0;
    let mut runs = 0;
    for side in [0, 1] {
        let r = greedy_against_random(file, turns, runs_per_side, side);
        let (lo, hi) = r.ci95(side);
        eprintln!(
            "greedy as {} (side {side}) against random: {}/{} wins, {} draws, {} lost; \
             95% CI {lo:.3}–{hi:.3}; mean turns {:.1}; casualties greedy {:.2}, random {:.2}",
            r.sides[side].name,
            r.sides[side].wins,
            r.runs,
            r.draws,
            r.sides[1 - side].wins,
            r.mean_rounds(),
            r.mean_casualties(side),
            r.mean_casualties(1 - side),
        );
        wins += r.sides[side].wins;
        runs += r.runs;
    }
    let (lo, hi) = wilson95(wins, runs);
    eprintln!(
        "{file}: greedy against random, both sides: {wins}/{runs} = {:.3}, 95% CI {lo:.3}–{hi:.3} ({:.0} s)",
        wins as f64 / runs as f64,
        started.elapsed().as_secs_f64()
    );
    assert!(
        2 * wins > runs && lo > 0.5,
        "greedy won {wins}/{runs}, 95% CI from {lo:.3}"
    );
}
