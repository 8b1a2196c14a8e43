//! The `fireteam` command as a user runs it: outputs, the `--json` contract, and errors.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn fireteam(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fireteam"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn json(args: &[&str]) -> Value {
    let o = fireteam(args);
    assert!(o.status.success(), "{}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("one JSON object")
}

#[test]
fn odds_json_distribution_contract() {
    let v = json(&["odds", "1d6", "--json"]);
    assert_eq!(v["expr"], "1d6");
    assert_eq!(v["kind"], "distribution");
    assert_eq!(v["exact"], true);
    assert_eq!(v["mean"], "7/2");
    let outcomes = v["outcomes"].as_array().unwrap();
    assert_eq!(outcomes.len(), 6);
    for (i, o) in outcomes.iter().enumerate() {
        assert_eq!(o["value"], i as i64 + 1);
        assert_eq!(o["p"], "1/6");
        assert!((o["pf"].as_f64().unwrap() - 1.0 / 6.0).abs() < 1e-15);
    }
    assert_eq!(outcomes[0]["le"], "1/6");
    assert_eq!(outcomes[0]["ge"], "1");
}

#[test]
fn odds_json_probability_contract() {
    let v = json(&["odds", "3d6 <= 12", "--json"]);
    assert_eq!(v["expr"], "3d6 <= 12");
    assert_eq!(v["kind"], "probability");
    assert_eq!(v["exact"], true);
    assert_eq!(v["p"], "20/27");
    assert!((v["pf"].as_f64().unwrap() - 20.0 / 27.0).abs() < 1e-15);
}

#[test]
fn odds_of_the_skirmish_attack_match_the_reference() {
    let v = json(&[
        "odds",
        "let r = 3d6 in if r <= 12 then max(0, (if r == 3 then 3 else if r == 4 then 2 else 1) * 2d6 - 2) else 0",
        "--json",
    ]);
    assert_eq!(v["mean"], "835/216");
    let p0 = &v["outcomes"][0];
    assert_eq!(p0["value"], 0);
    assert_eq!(p0["p"], "181/648");
}

#[test]
fn odds_text_shows_fractions_cumulatives_and_a_histogram() {
    let o = fireteam(&["odds", "2d6"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("mean 7"), "{out}");
    assert!(out.contains("1/6"), "{out}");
    assert!(out.contains("#"), "{out}");
    let seven = out
        .lines()
        .find(|l| l.trim_start().starts_with("7 "))
        .unwrap();
    assert!(
        seven.contains("0.583333") && seven.contains("0.583333"),
        "{seven}"
    );
}

#[test]
fn odds_never_rounds_to_certainty() {
    let o = fireteam(&["odds", "200d6 >= 201", "--json"]);
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_ne!(v["p"], "1");
    let o = fireteam(&["odds", "200d6 >= 201"]);
    let out = stdout(&o);
    assert!(out.contains("1 - ") && out.contains(">99.9999%"), "{out}");
}

#[test]
fn odds_of_a_thousand_dice_are_exact() {
    let v = json(&["odds", "1000d6", "--json"]);
    assert_eq!(v["mean"], "3500");
    assert_eq!(v["outcomes"].as_array().unwrap().len(), 5001);
    let first = v["outcomes"][0]["p"].as_str().unwrap();
    assert!(
        first.starts_with("1/") && first.len() > 700,
        "1/6^1000 in full"
    );
}

#[test]
fn sampling_says_it_is_an_estimate() {
    let v = json(&[
        "odds",
        "3d6 <= 12",
        "--sample",
        "20000",
        "--seed",
        "3",
        "--json",
    ]);
    assert_eq!(v["exact"], false);
    assert_eq!(v["samples"], 20000);
    let p = v["pf"].as_f64().unwrap();
    let se = v["se"].as_f64().unwrap();
    assert!((p - 20.0 / 27.0).abs() < 6.0 * se, "{p} ± {se}");
    let o = fireteam(&["odds", "3d6", "--sample", "1000"]);
    assert!(stdout(&o).contains("ESTIMATE"));
}

#[test]
fn bad_expressions_exit_nonzero_with_the_place_and_a_hint() {
    let o = fireteam(&["odds", "3d6 + * 2"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("3d6 + * 2"), "{err}");
    assert!(err.contains("expected a number, a die or '('"), "{err}");
    assert!(err.contains("help:"), "{err}");
    assert!(stdout(&o).is_empty());

    for (expr, fragment) in [
        ("0d6", "0 dice roll nothing"),
        ("d0", "at least one side"),
        ("1000000000d6", "more than the limit"),
        ("6 / (1d3 - 1)", "division by zero"),
    ] {
        let o = fireteam(&["odds", expr]);
        assert_eq!(o.status.code(), Some(1), "{expr}");
        assert!(stderr(&o).contains(fragment), "{expr}: {}", stderr(&o));
    }
}

#[test]
fn bad_arguments_are_refused_by_the_parser() {
    let o = fireteam(&["odds"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("EXPR"));
    let o = fireteam(&["roll", "3d6", "--times", "0"]);
    assert_eq!(o.status.code(), Some(2));
    let o = fireteam(&["roll", "3d6", "--rolls", "1,2,3", "--seed", "4"]);
    assert_eq!(o.status.code(), Some(2));
    let o = fireteam(&["bench", "dice", "--task", "nope"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("sum100"));
}

#[test]
fn roll_shows_every_face_and_is_reproducible() {
    let a = fireteam(&["roll", "3d6", "--seed", "42"]);
    let b = fireteam(&["roll", "3d6", "--seed", "42"]);
    assert!(a.status.success());
    assert_eq!(stdout(&a), stdout(&b));
    let line = stdout(&a);
    assert!(
        line.starts_with("3d6 → [") && line.contains("] = "),
        "{line}"
    );
    assert!(stderr(&a).contains("--seed 42"));
}

#[test]
fn roll_with_given_faces() {
    let o = fireteam(&["roll", "3d6 + 2", "--rolls", "4,1,6"]);
    assert_eq!(stdout(&o).trim(), "3d6 → [4, 1, 6] = 11  ⇒ 13");
    let o = fireteam(&["roll", "3d6", "--rolls", "4,1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("ran out"), "{}", stderr(&o));
    let o = fireteam(&["roll", "1d6", "--rolls", "7"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("not a face of a d6"), "{}", stderr(&o));
}

#[test]
fn roll_json_lists_each_repetition() {
    let v = json(&["roll", "4d6kh3", "--seed", "9", "--times", "3", "--json"]);
    assert_eq!(v["seed"], 9);
    assert_eq!(v["source"], "seeded");
    let rolls = v["rolls"].as_array().unwrap();
    assert_eq!(rolls.len(), 3);
    for r in rolls {
        let t = &r["terms"][0];
        assert_eq!(t["faces"].as_array().unwrap().len(), 4);
        assert_eq!(
            t["kept"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|k| **k == true)
                .count(),
            3
        );
        assert_eq!(r["value"], t["total"]);
    }
}

#[test]
fn roll_manual_takes_faces_from_the_table() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fireteam"))
        .args(["roll", "3d6 + 1", "--manual"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"9 9 9\n4 1 6\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "3d6 → [4, 1, 6] = 11  ⇒ 12");
    let err = stderr(&o);
    assert!(err.contains("Roll 3d6 for the 3d6 of `3d6 + 1`"), "{err}");
    assert!(err.contains("is not on a d6"), "{err}");
}

#[test]
fn roll_manual_fails_cleanly_without_input() {
    let o = Command::new(env!("CARGO_BIN_EXE_fireteam"))
        .args(["roll", "3d6", "--manual"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no more input"), "{}", stderr(&o));
}

#[test]
fn bench_reports_every_task() {
    let v = json(&["bench", "dice", "--json", "--repeats", "1"]);
    let tasks = v["tasks"].as_array().unwrap();
    assert_eq!(tasks.len(), 8);
    let sum100 = tasks.iter().find(|t| t["task"] == "sum100").unwrap();
    assert_eq!(sum100["outcomes"], 501);
    assert!(sum100["cold_time_s"].as_f64().unwrap() > 0.0);
}
