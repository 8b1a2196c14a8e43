//! Batches of toy duels: greedy beats random with confidence, and the report and CSV are the
//! same for any thread count and any split into shards.

use fireteam_ai::PolicyKind;
use fireteam_engine::toy::{start, Duel, State};
use fireteam_sim::{
    run_battle, simulate, simulate_with, BattleResult, CsvWriter, MergeError, Side, SimConfig,
    SimError, SimReport, Timing,
};
use std::sync::atomic::{AtomicU64, Ordering};

fn sides(red: PolicyKind, blue: PolicyKind) -> Vec<Side<Duel>> {
    vec![Side::with_kind("Red", red), Side::with_kind("Blue", blue)]
}

/// Battles differ a little by index, so a shard that used the wrong index would show.
fn initial(i: u64) -> State {
    let mut s = start();
    s.hp[1] += (i % 3) as i64;
    s
}

fn config(first: u64, runs: u64, threads: usize) -> SimConfig {
    SimConfig {
        first,
        runs,
        seed: 2024,
        threads,
        max_steps: 1000,
        timing: false,
    }
}

/// The report (without timing) and the CSV of a run.
fn run(sides: &[Side<Duel>], config: &SimConfig) -> (SimReport, String) {
    let names: Vec<String> = sides.iter().map(|s| s.name.clone()).collect();
    let mut csv = CsvWriter::new(Vec::new(), &names).unwrap();
    let report = simulate_with(
        &Duel::default(),
        initial,
        sides,
        config,
        |_| {},
        |r| csv.write(r),
    )
    .unwrap();
    (report, String::from_utf8(csv.finish().unwrap()).unwrap())
}

#[test]
fn greedy_beats_random_on_either_side() {
    let (r, _) = run(
        &sides(PolicyKind::Greedy, PolicyKind::Random),
        &config(0, 300, 2),
    );
    let (lo, _) = r.ci95(0);
    assert!(lo > 0.5, "{}", r.to_json());
    let (r, _) = run(
        &sides(PolicyKind::Random, PolicyKind::Greedy),
        &config(0, 300, 2),
    );
    let (lo, _) = r.ci95(1);
    assert!(lo > 0.5, "{}", r.to_json());
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let sides = sides(PolicyKind::Greedy, PolicyKind::Random);
    // 1100 battles: several blocks on one thread, and a partial last block on every count.
    let (one, one_csv) = run(&sides, &config(0, 1100, 1));
    assert_eq!(one.runs, 1100);
    assert_eq!(one_csv.lines().count(), 1101);
    for threads in [2, 4] {
        let (many, many_csv) = run(&sides, &config(0, 1100, threads));
        assert_eq!(many.to_json(), one.to_json(), "{threads} threads");
        assert_eq!(many_csv, one_csv, "{threads} threads");
    }
}

#[test]
fn the_summary_has_the_stable_json_shape() {
    let mut r = SimReport::new(9, 0, &["Red".to_string(), "Blue".to_string()]);
    (r.runs, r.draws, r.timeouts, r.rounds) = (100, 10, 4, 740);
    (r.sides[0].wins, r.sides[0].casualties, r.sides[0].actions) = (50, 120, 3150);
    (r.sides[1].wins, r.sides[1].casualties, r.sides[1].actions) = (40, 80, 2900);
    assert_eq!(
        r.to_json(),
        r#"{
  "runs": 100,
  "seed": 9,
  "sides": [
    {
      "name": "Red",
      "wins": 50,
      "win_rate": 0.5,
      "ci95": [
        0.4038315303659956,
        0.5961684696340044
      ],
      "mean_casualties": 1.2,
      "mean_actions": 31.5
    },
    {
      "name": "Blue",
      "wins": 40,
      "win_rate": 0.4,
      "ci95": [
        0.3094012864324589,
        0.4979974132089382
      ],
      "mean_casualties": 0.8,
      "mean_actions": 29.0
    }
  ],
  "draws": 10,
  "timeouts": 4,
  "mean_rounds": 7.4
}"#
    );
    r.timing = Some(Timing {
        elapsed_time_s: 0.5,
    });
    assert!(r.to_json().ends_with(
        "\"mean_rounds\": 7.4,\n  \"elapsed_time_s\": 0.5,\n  \"battles_per_sec\": 200.0\n}"
    ));
}

#[test]
fn a_run_fills_every_field() {
    let (r, csv) = run(
        &sides(PolicyKind::Greedy, PolicyKind::Random),
        &config(0, 50, 1),
    );
    let v: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
    let red = &v["sides"][0];
    assert_eq!(red["name"], "Red");
    assert_eq!(v["sides"][1]["name"], "Blue");
    assert_eq!(v["runs"], 50);
    assert_eq!(v["seed"], 2024);
    let wins = red["wins"].as_u64().unwrap();
    assert_eq!(red["win_rate"].as_f64().unwrap(), wins as f64 / 50.0);
    let blue_wins = v["sides"][1]["wins"].as_u64().unwrap();
    assert_eq!(wins + blue_wins + v["draws"].as_u64().unwrap(), 50);
    // Every battle has exactly one casualty, the loser, unless it was drawn.
    let casualties = red["mean_casualties"].as_f64().unwrap()
        + v["sides"][1]["mean_casualties"].as_f64().unwrap();
    assert!((casualties - (wins + blue_wins) as f64 / 50.0).abs() < 1e-12);
    assert!(v["mean_rounds"].as_f64().unwrap() > 1.0);
    assert!(v.get("elapsed_time_s").is_none());
    // Every action was some side's choice: the sides' actions add up to the battles' steps.
    let steps: u64 = csv
        .lines()
        .skip(1)
        .map(|row| row.split(',').nth(4).unwrap().parse::<u64>().unwrap())
        .sum();
    assert!(steps > 50);
    assert_eq!(r.sides[0].actions + r.sides[1].actions, steps);
    let mean =
        red["mean_actions"].as_f64().unwrap() + v["sides"][1]["mean_actions"].as_f64().unwrap();
    assert!((mean - steps as f64 / 50.0).abs() < 1e-9);
}

#[test]
fn timing_is_reported_when_asked() {
    let sides = sides(PolicyKind::Random, PolicyKind::Random);
    let timed = SimConfig {
        timing: true,
        ..config(0, 200, 2)
    };
    let done = AtomicU64::new(0);
    let r = simulate(&Duel::default(), initial, &sides, &timed, |n| {
        done.fetch_add(n, Ordering::Relaxed);
    })
    .unwrap();
    assert_eq!(done.load(Ordering::Relaxed), 200);
    let v: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
    assert!(v["elapsed_time_s"].as_f64().unwrap() > 0.0);
    assert!(v["battles_per_sec"].as_f64().unwrap() > 0.0);
    // Without timing, the same battles give the untimed report.
    let (untimed, _) = run(&sides, &config(0, 200, 1));
    assert_eq!(r.without_timing(), untimed);
}

#[test]
fn shards_merge_into_the_single_run() {
    let sides = sides(PolicyKind::Greedy, PolicyKind::Random);
    let (whole, whole_csv) = run(&sides, &config(0, 300, 2));
    let (a, a_csv) = run(&sides, &config(0, 170, 1));
    let (b, b_csv) = run(&sides, &config(170, 130, 4));
    assert_eq!(b.range(), 170..300);

    let mut ab = a.clone();
    ab.merge(&b).unwrap();
    assert_eq!(ab, whole);
    assert_eq!(ab.to_json(), whole.to_json());
    // Either order gives the same.
    let mut ba = b.clone();
    ba.merge(&a).unwrap();
    assert_eq!(ba, whole);
    // The shards' rows, one header dropped, are the whole run's rows.
    let b_rows: String = b_csv.lines().skip(1).map(|l| format!("{l}\n")).collect();
    assert_eq!(format!("{a_csv}{b_rows}"), whole_csv);

    // A shard travels as JSON and merges the same after the trip.
    let wire: SimReport = serde_json::from_str(&serde_json::to_string(&b).unwrap()).unwrap();
    let mut again = a.clone();
    again.merge(&wire).unwrap();
    assert_eq!(again, whole);
}

#[test]
fn shards_that_do_not_fit_are_refused() {
    let sides_ = sides(PolicyKind::Random, PolicyKind::Random);
    let (a, _) = run(&sides_, &config(0, 10, 1));
    let (gap, _) = run(&sides_, &config(20, 10, 1));
    let mut m = a.clone();
    assert_eq!(
        m.merge(&gap),
        Err(MergeError::NotAdjacent {
            a: 0..10,
            b: 20..30
        })
    );
    let (other_seed, _) = run(
        &sides_,
        &SimConfig {
            seed: 1,
            ..config(10, 10, 1)
        },
    );
    assert!(matches!(m.merge(&other_seed), Err(MergeError::Seed { .. })));
    let swapped = vec![Side::random("Blue"), Side::random("Red")];
    let (named, _) = run(&swapped, &config(10, 10, 1));
    let e = m.merge(&named).unwrap_err();
    assert!(e.to_string().contains("different sides"), "{e}");
    // Nothing was changed by the refused merges.
    assert_eq!(m, a);
}

#[test]
fn battles_past_the_step_limit_are_timeouts_and_draws() {
    let sides = sides(PolicyKind::Random, PolicyKind::Random);
    let (r, csv) = run(
        &sides,
        &SimConfig {
            max_steps: 2,
            ..config(0, 40, 2)
        },
    );
    // One attack each cannot take 10 hit points.
    assert_eq!((r.draws, r.timeouts), (40, 40));
    assert_eq!(r.mean_rounds(), 2.0);
    assert!(
        csv.lines().skip(1).all(|l| l.ends_with(",draw,1,2,2,0,0")),
        "{csv}"
    );
}

#[test]
fn drawn_battles_are_draws_but_not_timeouts() {
    // Random play, waiting half the time, reaches the toy's 40-action draw now and then.
    let (r, _) = run(
        &sides(PolicyKind::Random, PolicyKind::Random),
        &config(0, 400, 2),
    );
    assert_eq!(r.timeouts, 0);
    assert!(r.draws > 0, "{}", r.to_json());
    assert_eq!(
        r.sides[0].wins + r.sides[1].wins + r.draws,
        400,
        "{}",
        r.to_json()
    );
}

#[test]
fn one_battle_replays_alone() {
    let sides = sides(PolicyKind::Greedy, PolicyKind::Random);
    let (_, csv) = run(&sides, &config(0, 30, 2));
    let row = csv.lines().nth(1 + 17).unwrap().to_string();
    let r = run_battle(&Duel::default(), initial(17), &sides, 2024, 17, 1000).unwrap();
    let winner = match r.result {
        BattleResult::Winner(0) => "Red",
        BattleResult::Winner(_) => "Blue",
        _ => "draw",
    };
    assert_eq!(
        row,
        format!(
            "17,{winner},0,{},{},{},{}",
            r.rounds, r.steps, r.casualties[0], r.casualties[1]
        )
    );
}

#[test]
fn a_side_count_mismatch_is_an_error_not_a_panic() {
    let three = vec![Side::random("A"), Side::random("B"), Side::random("C")];
    let e = simulate(&Duel::default(), initial, &three, &config(0, 5, 1), |_| {}).unwrap_err();
    assert!(matches!(
        e,
        SimError::Sides {
            index: 0,
            expected: 3,
            got: 2
        }
    ));
    assert!(e.to_string().contains("one per side"), "{e}");
}

#[test]
fn names_from_the_registry_and_errors_listing_them() {
    let side = Side::<Duel>::ai("Red", "greedy").unwrap();
    assert_eq!(side.policy, "greedy");
    let e = Side::<Duel>::ai("Red", "smart").unwrap_err();
    assert!(e.to_string().contains("random, greedy"), "{e}");
}

#[test]
fn a_range_past_the_last_index_is_refused_not_run_empty() {
    let s = sides(PolicyKind::Random, PolicyKind::Random);
    let e = simulate(
        &Duel::default(),
        initial,
        &s,
        &config(u64::MAX, 10, 1),
        |_| {},
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            SimError::Range {
                first: u64::MAX,
                runs: 10
            }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("start lower"), "{e}");
    // The last index itself still runs.
    let r = simulate(
        &Duel::default(),
        initial,
        &s,
        &config(u64::MAX - 1, 1, 1),
        |_| {},
    )
    .unwrap();
    assert_eq!(r.runs, 1);
}

#[test]
fn more_threads_than_the_limit_are_refused_at_once() {
    let s = sides(PolicyKind::Random, PolicyKind::Random);
    let e = simulate(
        &Duel::default(),
        initial,
        &s,
        &config(0, 1, 100_000),
        |_| {},
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            SimError::TooManyThreads {
                threads: 100_000,
                limit: fireteam_sim::MAX_THREADS
            }
        ),
        "{e}"
    );
}
