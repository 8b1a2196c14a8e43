//! `fireteam experience` as a user runs it: EP prices of skills (SK-18.1-a/b), attribute points
//! (SK-18.3-a) and skill bonuses (SK-18.2-a) from data/skirmish, the `--json` contract, and
//! the errors (unknown names with suggestions, prerequisites, not enough EP).

use serde_json::Value;
use std::process::{Command, Output};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data");

fn fireteam(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fireteam"))
        .arg("experience")
        .args(["--data", DATA])
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

/// §7's Bruce without Acrobatics (E-02): STR 11, DEX 12, INT 9.
const BRUCE: &[&str] = &[
    "--str",
    "11",
    "--dex",
    "12",
    "--int",
    "9",
    "--skills",
    "knife,sidearms,swimming,marksmanship",
];

fn with(extra: &[&'static str]) -> Vec<&'static str> {
    BRUCE.iter().chain(extra).copied().collect()
}

#[test]
fn sk_18_1_b_sword_with_knife_is_one_slot_priced_on_dex() {
    // G-07: 1 slot with Knife; SK-18.1-b: DEX 12 > min INT 7: (20 − 12) + 7 = 15 EP.
    let v = json(&with(&["--learn", "sword", "--ep", "26", "--json"]));
    let p = &v["purchases"][0];
    assert_eq!(p["kind"], "learn");
    assert_eq!(p["skill"], "sword");
    assert_eq!(p["price"]["slots"], 1);
    assert_eq!(p["price"]["attribute"], "dex");
    assert_eq!(p["ep"], 15);
    assert_eq!(v["total"], 15);
    assert_eq!(v["left"], 11);
    assert_eq!(v["affordable"], true);
}

#[test]
fn sk_18_3_a_raising_int_twice_from_32_points_costs_20_each() {
    let v = json(&with(&["--raise", "int", "--raise", "int", "--json"]));
    let p = v["purchases"].as_array().unwrap();
    assert_eq!(p.len(), 2);
    assert_eq!(
        (p[0]["new_total"].as_i64(), p[0]["ep"].as_i64()),
        (Some(33), Some(20))
    );
    assert_eq!(
        (p[1]["to"].as_i64(), p[1]["ep"].as_i64()),
        (Some(11), Some(20))
    );
    assert_eq!(v["total"], 40);
    assert_eq!(v["ep"], Value::Null);
    assert_eq!(v["affordable"], Value::Null);
}

#[test]
fn sk_18_2_a_bonus_is_three_ep_per_slot_per_plus_one() {
    // Marksmanship is 3 slots: +2 costs 3 × 3 × 2 = 18.
    let v = json(&with(&["--bonus", "marksmanship:+2", "--json"]));
    assert_eq!(v["purchases"][0]["ep"], 18);
    let o = fireteam(&with(&["--bonus", "knife:+4"]));
    assert!(!o.status.success());
    assert!(stderr(&o).contains("more than +3"), "{}", stderr(&o));
}

#[test]
fn the_listing_prices_every_skill_or_says_why_not() {
    let v = json(&with(&["--json"]));
    let skills = v["skills"].as_array().unwrap();
    let row = |id: &str| skills.iter().find(|s| s["skill"] == id).unwrap().clone();
    assert!(
        skills.iter().all(|s| s["skill"] != "knife"),
        "known skills are not listed"
    );
    assert_eq!(row("sword")["ep"], 15);
    assert_eq!(row("literacy")["ep"], 0);
    let acro = row("acrobatics");
    assert_eq!(acro["learnable"], false);
    assert_eq!(acro["ep"], Value::Null);
    assert_eq!(acro["why_not"][0], "needs INT 10 (INT is 9)");
    assert_eq!(row("martial_arts")["level"], 1);

    let o = fireteam(BRUCE);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("min INT"), "{out}");
    let line = out.lines().find(|l| l.starts_with("acrobatics ")).unwrap();
    assert!(line.contains("needs INT 10 (INT is 9)"), "{line}");
}

#[test]
fn purchases_over_the_ep_available_fail_with_the_shortfall() {
    // Alertness: (20 − 9) + 9 = 20 a slot, 2 slots: 40 EP, 14 more than 26.
    let o = fireteam(&with(&["--learn", "alertness", "--ep", "26"]));
    assert!(!o.status.success());
    assert!(stdout(&o).contains("40"), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(err.contains("not affordable"), "{err}");
    assert!(err.contains("14 short"), "{err}");
}

#[test]
fn unknown_names_and_unmet_prerequisites_are_errors() {
    let o = fireteam(&with(&["--learn", "acrobatic"]));
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("did you mean 'acrobatics'"),
        "{}",
        stderr(&o)
    );
    let o = fireteam(&with(&["--learn", "acrobatics"]));
    assert!(!o.status.success());
    assert!(stderr(&o).contains("needs INT 10"), "{}", stderr(&o));
    let o = fireteam(&with(&["--learn", "knife"]));
    assert!(!o.status.success());
    assert!(stderr(&o).contains("already knows knife"), "{}", stderr(&o));
}
