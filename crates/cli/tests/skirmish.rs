//! The `fireteam` command on the shipped SKIRMISH! scenarios (`scenarios/skirmish/`): they
//! check, play to the end as text and as JSON, simulate, and give the exact odds of an attack.

use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs the binary from the repository root, so scenario paths are written as a user writes
/// them.
fn fireteam(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fireteam"))
        .current_dir(root())
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn ok(args: &[&str]) -> String {
    let o = fireteam(args);
    assert!(
        o.status.success(),
        "fireteam {}: {}",
        args.join(" "),
        stderr(&o)
    );
    stdout(&o)
}

/// Every `scenarios/skirmish/*.toml`, as paths relative to the repository root.
fn shipped() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(root().join("scenarios/skirmish"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".toml"))
        .map(|n| format!("scenarios/skirmish/{n}"))
        .collect();
    files.sort();
    files
}

/// The scenarios whose sides are all AI, which `run` plays without a person.
fn ai_only() -> Vec<String> {
    shipped()
        .into_iter()
        .filter(|f| {
            !std::fs::read_to_string(root().join(f))
                .unwrap()
                .contains("controller = \"human\"")
        })
        .collect()
}

/// The last line of a text battle before its aftermath (healing, rewards, bills): "<side>
/// wins." or "The battle is a draw."
fn result_line(out: &str) -> &str {
    out.lines()
        .take_while(|l| !l.starts_with("— After the battle"))
        .last()
        .unwrap_or("")
}

fn is_result_line(line: &str) -> bool {
    line == "The battle is a draw." || line.strip_suffix(" wins.").is_some_and(|s| !s.is_empty())
}

#[test]
fn check_passes_on_every_shipped_skirmish_scenario() {
    let files = shipped();
    for expected in [
        "arena-human.toml",
        "arena.toml",
        "bench-duel.toml",
        "brushfire.toml",
        "bruce-vs-zorgo.toml",
        "hull.toml",
        "practice.toml",
        "station.toml",
    ] {
        assert!(
            files.iter().any(|f| f.ends_with(expected)),
            "{expected} is shipped"
        );
    }
    let mut args = vec!["check"];
    args.extend(files.iter().map(String::as_str));
    let out = ok(&args);
    for f in &files {
        assert!(
            out.lines()
                .any(|l| l.starts_with(&format!("ok: {f} ")) && l.contains("(skirmish,")),
            "{f}: {out}"
        );
    }
}

#[test]
fn the_bench_duel_runs_to_a_winner() {
    let out = ok(&["run", "scenarios/skirmish/bench-duel.toml", "--seed", "1"]);
    assert!(out.contains("— Turn 1 —"), "{out}");
    assert!(out.contains("[SK-12.1-a]"), "rolls name their rule: {out}");
    let last = result_line(&out);
    assert!(last == "A wins." || last == "B wins.", "{out}");
}

#[test]
fn every_ai_scenario_runs_to_its_end_with_seed_1() {
    for f in ai_only() {
        let out = ok(&["run", &f, "--seed", "1"]);
        let last = result_line(&out);
        assert!(is_result_line(last), "{f} ends with '{last}'");
        if let Some(side) = last.strip_suffix(" wins.") {
            let text = std::fs::read_to_string(root().join(&f)).unwrap();
            assert!(
                text.contains(&format!("name = \"{side}\"")),
                "{f}: the winner '{side}' is a side"
            );
        }
    }
}

#[test]
fn run_json_has_a_skirmish_header_events_and_a_result() {
    for f in [
        "scenarios/skirmish/bench-duel.toml",
        "scenarios/skirmish/bruce-vs-zorgo.toml",
    ] {
        let out = ok(&["run", f, "--seed", "1", "--json"]);
        let lines: Vec<Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).expect("every line is one JSON object"))
            .collect();
        let head = &lines[0];
        assert_eq!(head["system"], "skirmish", "{f}");
        assert_eq!(head["grid"]["kind"], "hex", "{f}");
        assert!(head["title"].as_str().unwrap().contains(f), "{f}");
        assert!(head["units"].as_array().unwrap().len() >= 2, "{f}");
        assert!(head["map"]["width"].as_u64().unwrap() > 0, "{f}");
        let events = &lines[1..lines.len() - 1];
        assert!(!events.is_empty(), "{f}");
        for e in events {
            assert_eq!(e["type"], "event", "{f}: {e}");
            assert!(e["action"].is_string() && e["step"].is_u64(), "{f}: {e}");
        }
        assert_eq!(events[0]["action"], "start turn 1", "{f}");
        assert_eq!(events[0]["event"]["type"], "turn_began", "{f}");
        let result = lines.last().unwrap();
        assert_eq!(result["type"], "result", "{f}");
        assert!(result["turns"].as_u64().unwrap() >= 1, "{f}");
        assert!(result["actions"].as_u64().unwrap() > 1, "{f}");
    }
}

#[test]
fn run_json_of_the_bench_duel_is_the_recorded_battle() {
    // The same battle as the rule crate's golden log (crates/rules/skirmish/tests/golden/),
    // played there without the command line: the CLI adds nothing and loses nothing.
    let out = ok(&[
        "run",
        "scenarios/skirmish/bench-duel.toml",
        "--seed",
        "1",
        "--json",
    ]);
    let golden = std::fs::read_to_string(
        root().join("crates/rules/skirmish/tests/golden/bench-duel.first.seed1.jsonl"),
    )
    .unwrap();
    // `run` names the battle and adds what a replay of the log needs.
    let strip_title = |l: &str| {
        let mut v: Value = serde_json::from_str(l).unwrap();
        for added in ["title", "scenario", "seed", "dice"] {
            v.as_object_mut().unwrap().remove(added);
        }
        v
    };
    let (got, want): (Vec<&str>, Vec<&str>) = (out.lines().collect(), golden.lines().collect());
    assert_eq!(strip_title(got[0]), strip_title(want[0]));
    let head: Value = serde_json::from_str(got[0]).unwrap();
    assert_eq!(head["scenario"], "scenarios/skirmish/bench-duel.toml");
    assert_eq!(
        (head["seed"].as_u64(), head["dice"].as_str()),
        (Some(1), Some("seeded"))
    );
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(&want).enumerate().skip(1) {
        assert_eq!(g, w, "line {}", i + 1);
    }
}

#[test]
fn the_human_arena_asks_blue_and_plays_to_the_end() {
    // Without input, the human side's first decision fails cleanly.
    let o = fireteam(&["run", "scenarios/skirmish/arena-human.toml", "--seed", "1"]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains("Your decision for Blue: which one?"), "{err}");
    assert!(
        err.contains("no more input while waiting for the decision for Blue"),
        "{err}"
    );
    assert!(!err.contains("for you"), "the side is named: {err}");
    assert!(!err.contains('\x1b'), "a pipe gets plain text: {err:?}");
    // A person who always picks the first choice.
    let mut child = Command::new(env!("CARGO_BIN_EXE_fireteam"))
        .current_dir(root())
        .args(["run", "scenarios/skirmish/arena-human.toml", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        for _ in 0..5000 {
            if input.write_all(b"1\n").is_err() {
                break; // the battle ended and the pipe closed
            }
        }
    });
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(is_result_line(result_line(&out)), "{out}");
    assert!(stderr(&o).contains("choose 1-"), "Blue was asked");
}

#[test]
fn sim_json_reports_win_rates_with_intervals() {
    let out = ok(&[
        "sim",
        "scenarios/skirmish/bench-duel.toml",
        "-n",
        "50",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["runs"], 50);
    let sides = v["sides"].as_array().unwrap();
    assert_eq!(sides.len(), 2);
    assert_eq!(sides[0]["name"], "A");
    assert_eq!(sides[1]["name"], "B");
    let wins: u64 = sides.iter().map(|s| s["wins"].as_u64().unwrap()).sum();
    assert_eq!(wins + v["draws"].as_u64().unwrap(), 50);
    for s in sides {
        let (lo, hi) = (
            s["ci95"][0].as_f64().unwrap(),
            s["ci95"][1].as_f64().unwrap(),
        );
        let rate = s["win_rate"].as_f64().unwrap();
        assert!(lo <= rate && rate <= hi, "{s}");
    }
    // The duel is symmetric: neither side wins every battle.
    assert!(
        sides.iter().all(|s| s["wins"].as_u64().unwrap() < 50),
        "{v}"
    );
    // Results depend on the seed only, not on the threads.
    let again = ok(&[
        "sim",
        "scenarios/skirmish/bench-duel.toml",
        "-n",
        "50",
        "--json",
        "--threads",
        "1",
    ]);
    let w: Value = serde_json::from_str(&again).unwrap();
    assert_eq!(v["sides"], w["sides"]);
}

#[test]
fn odds_of_an_attack_in_the_bench_duel_are_exact() {
    // The opening (initiative, movement) is played from the scenario's seed until the attack
    // is legal; `--after` names the same actions explicitly.
    let after = "start turn 1; move first; Bay stands facing SW; Ash stands facing NE";
    let implicit: Value = serde_json::from_str(&ok(&[
        "odds",
        "scenarios/skirmish/bench-duel.toml",
        "--action",
        "Bay attacks Ash",
        "--json",
    ]))
    .unwrap();
    let explicit: Value = serde_json::from_str(&ok(&[
        "odds",
        "scenarios/skirmish/bench-duel.toml",
        "--action",
        "Bay attacks Ash",
        "--after",
        after,
        "--json",
    ]))
    .unwrap();
    assert_eq!(implicit["outcomes"], explicit["outcomes"]);
    assert_eq!(implicit["kind"], "action");
    assert_eq!(implicit["exact"], true);
    let outcomes: BTreeMap<String, String> = implicit["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["outcome"].as_str().unwrap().to_string(),
                o["p"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    // SK-12.1-a, G-01: 3d6 against eDEX 12; 13–16 miss, 17 drops the weapon, 18 breaks it.
    assert_eq!(outcomes["miss"], "13/54");
    assert_eq!(outcomes["Bay: weapon dropped"], "1/72");
    assert_eq!(outcomes["Bay: weapon broken"], "1/216");
    // Hits: 2d6, tripled on a 3 and doubled on a 4 (SK-12.1-b/c), no armor. The same
    // distribution from the dice language, an independent exact engine.
    let reference: Value = serde_json::from_str(&ok(&[
        "odds",
        "let r = 3d6 in if r <= 12 then (if r == 3 then 3 else if r == 4 then 2 else 1) * 2d6 else 0",
        "--json",
    ]))
    .unwrap();
    let mut by_damage: BTreeMap<u64, String> = BTreeMap::new();
    for (text, p) in &outcomes {
        if let Some(rest) = text.strip_prefix("Ash:") {
            let n: u64 = rest.split_whitespace().next().unwrap().parse().unwrap();
            assert!(by_damage.insert(n, p.clone()).is_none(), "{text}");
            // SK-12.4-c/e: 8 or more in a turn fells; out at STR 1, dead at 0 (STR 10).
            assert_eq!(text.contains("fallen"), n >= 8, "{text}");
            assert_eq!(text.contains("dead"), n >= 10, "{text}");
            assert_eq!(text.contains("unconscious"), n == 9, "{text}");
        }
    }
    let expected: BTreeMap<u64, String> = reference["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["value"].as_u64().unwrap() > 0)
        .map(|o| {
            (
                o["value"].as_u64().unwrap(),
                o["p"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(by_damage, expected);
    // The text form shows the roll's make-up and the paths.
    let text = ok(&[
        "odds",
        "scenarios/skirmish/bench-duel.toml",
        "--action",
        "Bay attacks Ash",
    ]);
    assert!(text.contains("roll: 3d6 vs eDEX"), "{text}");
    assert!(text.contains("paths through the dice"), "{text}");
    assert!(text.contains("13/54"), "{text}");
}

#[test]
fn odds_refuses_an_action_that_is_never_legal() {
    let o = fireteam(&[
        "odds",
        "scenarios/skirmish/bench-duel.toml",
        "--action",
        "Bay attacks Nobody",
    ]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("not a legal action"), "{}", stderr(&o));
}

/// The arena's automatic rifle on full automatic: every bullet rolls down the line (SK-16.6),
/// far more paths than any exact limit, and some 6,000 resolutions even when equal states
/// merge. The tests' limit is low, to keep a debug build quick.
const FULL_AUTO: [&str; 4] = [
    "odds",
    "scenarios/skirmish/arena.toml",
    "--action",
    "Dee fires full auto at Ana",
];

#[test]
fn odds_of_a_full_auto_string_are_estimated_and_say_so() {
    let args = [
        &FULL_AUTO[..],
        &["--exact-paths", "500", "--samples", "3000"],
    ]
    .concat();
    let text = ok(&args);
    assert!(text.contains("roll: 3d6 vs eDEX"), "{text}");
    assert!(
        text.contains(
            "ESTIMATE, not exact: estimated from 3000 samples (seed 1); the exact odds pass 500 \
             paths through the dice"
        ),
        "{text}"
    );
    assert!(text.contains("95% ["), "{text}");
    assert!(!text.contains("exact outcomes"), "{text}");
    assert!(!text.contains("paths through the dice):"), "{text}");

    let json_args = [&args[..], &["--json"]].concat();
    let v: Value = serde_json::from_str(&ok(&json_args)).unwrap();
    assert_eq!(v["kind"], "action");
    assert_eq!(v["exact"], false);
    assert_eq!(v["samples"], 3000);
    assert_eq!(v["seed"], 1);
    assert_eq!(v["exact_paths"], 500);
    assert!(v.get("paths").is_none(), "{v}");
    let outcomes = v["outcomes"].as_array().unwrap();
    assert!(outcomes.len() > 5, "{v}");
    let (mut count, mut total) = (0, 0.0);
    for o in outcomes {
        let p = o["p"].as_f64().expect("p is a decimal");
        let ci = o["ci95"].as_array().unwrap();
        let (lo, hi) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
        assert!(0.0 < lo && lo < p && p < hi && hi < 1.0, "{o}");
        assert!(
            (p - o["count"].as_f64().unwrap() / 3000.0).abs() < 1e-12,
            "{o}"
        );
        count += o["count"].as_u64().unwrap();
        total += p;
    }
    assert_eq!(count, 3000);
    assert!((total - 1.0).abs() < 1e-9, "{total}");
    assert!(outcomes.iter().any(|o| o["outcome"] == "miss"), "{v}");
    assert!(
        outcomes
            .iter()
            .any(|o| o["outcome"].as_str().unwrap().contains("2 hits")),
        "several bullets hit: {v}"
    );

    // The same seed gives the same estimate; another seed another.
    assert_eq!(ok(&json_args), ok(&json_args));
    let other: Value =
        serde_json::from_str(&ok(&[&json_args[..], &["--seed", "2"]].concat())).unwrap();
    assert_eq!(other["seed"], 2);
    assert_ne!(other["outcomes"], v["outcomes"]);
}

#[test]
fn odds_of_a_single_shot_stay_exact() {
    // The same rifle on a single shot: one roll to hit, then the damage, within the default
    // limit.
    let args = [
        "odds",
        "scenarios/skirmish/arena.toml",
        "--action",
        "Dee shoots Ana",
    ];
    let v: Value = serde_json::from_str(&ok(&[&args[..], &["--json"]].concat())).unwrap();
    assert_eq!(v["exact"], true);
    assert!(v["paths"].as_u64().unwrap() > 1000, "{v}");
    assert!(v.get("samples").is_none(), "{v}");
    let outcomes = v["outcomes"].as_array().unwrap();
    assert!(outcomes
        .iter()
        .all(|o| o["p"].as_str().unwrap().contains('/') || o["p"] == "1"));
    let text = ok(&args);
    assert!(text.contains("exact outcomes ("), "{text}");
    assert!(!text.contains("ESTIMATE"), "{text}");
    // Below the resolutions it takes (a few dozen, equal states merged), the same shot is
    // estimated instead.
    let text = ok(&[&args[..], &["--exact-paths", "2", "--samples", "500"]].concat());
    assert!(
        text.contains("estimated from 500 samples (seed 1); the exact odds pass 2 paths"),
        "{text}"
    );
}

#[test]
fn an_estimate_agrees_with_the_exact_odds() {
    // The bench duel's attack, estimated (--exact-paths 0) and exact: every exact probability
    // is within five standard errors of its estimate, and every sampled outcome is possible.
    let args = [
        "odds",
        "scenarios/skirmish/bench-duel.toml",
        "--action",
        "Bay attacks Ash",
        "--json",
    ];
    let exact: Value = serde_json::from_str(&ok(&args)).unwrap();
    let estimate: Value = serde_json::from_str(&ok(&[
        &args[..],
        &["--exact-paths", "0", "--samples", "20000"],
    ]
    .concat()))
    .unwrap();
    assert_eq!(exact["exact"], true);
    assert_eq!(estimate["exact"], false);
    assert_eq!(estimate["exact_paths"], 0);
    let sampled: BTreeMap<String, f64> = estimate["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["outcome"].as_str().unwrap().to_string(),
                o["p"].as_f64().unwrap(),
            )
        })
        .collect();
    let n = 20000.0;
    let mut seen = 0;
    for o in exact["outcomes"].as_array().unwrap() {
        let p = o["pf"].as_f64().unwrap();
        let q = sampled
            .get(o["outcome"].as_str().unwrap())
            .copied()
            .unwrap_or(0.0);
        seen += usize::from(q > 0.0);
        let tolerance = 5.0 * (p * (1.0 - p) / n).sqrt() + 1.0 / n;
        assert!((p - q).abs() <= tolerance, "{o}: sampled {q}");
    }
    assert_eq!(seen, sampled.len(), "an outcome sampled that is impossible");
    let text = ok(&[&args[..4], &["--exact-paths", "0", "--samples", "100"]].concat());
    assert!(
        text.contains(
            "estimated from 100 samples (seed 1); --exact-paths 0 asks for no exact odds"
        ),
        "{text}"
    );
}

#[test]
fn odds_refuse_bad_samples_and_path_limits() {
    for (flag, value, says) in [
        ("--samples", "0", "an estimate needs at least 1 sample"),
        (
            "--samples",
            "many",
            "'many' is not a whole number of samples",
        ),
        ("--samples", "-5", "'-5' is not a whole number of samples"),
        (
            "--samples",
            "10000001",
            "10000001 is more than 10000000 samples",
        ),
        ("--exact-paths", "-1", "'-1' is not a whole number of paths"),
        (
            "--exact-paths",
            "1e6",
            "'1e6' is not a whole number of paths",
        ),
        (
            "--exact-paths",
            "20000001",
            "20000001 is more than the enumerator walks (20000000 paths)",
        ),
    ] {
        let o = fireteam(&[&FULL_AUTO[..], &[flag, value]].concat());
        assert!(!o.status.success(), "{flag} {value}");
        let e = stderr(&o);
        assert!(e.contains(flag) && e.contains(says), "{flag} {value}: {e}");
        assert!(stdout(&o).is_empty(), "{flag} {value}");
    }
    // Both belong to an action's odds; a dice expression samples with --sample.
    let o = fireteam(&["odds", "3d6", "--samples", "100"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--action"), "{}", stderr(&o));
    let o = fireteam(&[&FULL_AUTO[..], &["--sample", "100"]].concat());
    assert!(!o.status.success());
    assert!(stderr(&o).contains("cannot be used with"), "{}", stderr(&o));
}

/// The random policy plays every legal action sooner or later, so it finds an action the
/// legal list offers and the resolution then refuses (a thrown axe at a tether, a shift over a
/// deep pit's rim): the simulator stops on such an action with an error. Every shipped
/// scenario plays 3,000 random battles without one.
#[test]
fn random_battles_meet_no_offered_action_that_is_refused() {
    for f in shipped() {
        let out = ok(&[
            "sim",
            &f,
            "-n",
            "3000",
            "--all-sides",
            "random",
            "--threads",
            "2",
            "--json",
        ]);
        let v: Value = serde_json::from_str(&out).expect("one JSON object");
        assert_eq!(v["runs"], 3000, "{f}");
    }
}
