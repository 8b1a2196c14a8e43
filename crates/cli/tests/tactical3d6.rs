//! The `fireteam` command on the shipped tactical-3d6 scenarios (`scenarios/tactical-3d6/`):
//! they check, play to the end as text and as JSON, save and replay, simulate, and give the
//! exact odds of an attack, the defense the target would choose included.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn fireteam(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fireteam"))
        .current_dir(root())
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn ok(args: &[&str]) -> String {
    let o = fireteam(args);
    assert!(
        o.status.success(),
        "fireteam {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

/// Every `scenarios/tactical-3d6/*.toml`, relative to the repository root.
fn shipped() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(root().join("scenarios/tactical-3d6"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".toml"))
        .map(|n| format!("scenarios/tactical-3d6/{n}"))
        .collect();
    files.sort();
    files
}

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

#[test]
fn check_passes_on_every_shipped_tactical_3d6_scenario() {
    let files = shipped();
    assert!(files.len() >= 6, "{files:?}");
    for f in files {
        ok(&["check", &f]);
    }
}

#[test]
fn every_ai_scenario_runs_to_its_end_saves_and_replays() {
    let tmp = std::env::temp_dir().join(format!("fireteam-t3-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    for f in ai_only() {
        let save = tmp
            .join(Path::new(&f).file_stem().unwrap())
            .with_extension("json");
        let out = ok(&[
            "run",
            &f,
            "--seed",
            "1",
            "--json",
            "--save",
            save.to_str().unwrap(),
        ]);
        let lines: Vec<Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{f}: {e}: {l}")))
            .collect();
        assert_eq!(lines[0]["system"], "tactical-3d6", "{f}");
        assert!(
            lines.iter().any(|l| l["type"] == "result"),
            "{f}: no result line"
        );
        let replayed = ok(&["replay", save.to_str().unwrap()]);
        assert!(!replayed.is_empty(), "{f}");
    }
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn sim_reports_win_rates_for_the_bench_duel() {
    let out = ok(&[
        "sim",
        "scenarios/tactical-3d6/bench-duel.toml",
        "-n",
        "40",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["runs"], 40, "{v}");
    let sides = v["sides"].as_array().unwrap();
    let wins: u64 = sides.iter().map(|s| s["wins"].as_u64().unwrap()).sum();
    assert_eq!(wins + v["draws"].as_u64().unwrap(), 40);
}

#[test]
fn odds_of_an_attack_are_exact_with_the_defense_the_target_would_choose() {
    let out = ok(&[
        "odds",
        "scenarios/tactical-3d6/fencing-yard.toml",
        "--action",
        "attack Inés -> Boris with test rapier at torso",
        "--after",
        "order; move Inés to 3,2; nothing Boris",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(v["exact"], true, "{v}");
    // The probabilities are exact fractions that add up to exactly 1.
    let (mut num, mut den) = (0u128, 1u128);
    for o in v["outcomes"].as_array().unwrap() {
        let p = o["p"].as_str().unwrap();
        let (n, d) = p.split_once('/').unwrap_or((p, "1"));
        let (n, d): (u128, u128) = (n.parse().unwrap(), d.parse().unwrap());
        num = num * d + n * den;
        den *= d;
        let g = gcd(num, den);
        num /= g;
        den /= g;
    }
    assert_eq!((num, den), (1, 1), "{v}");
    assert!(v["outcomes"].as_array().unwrap().len() > 2, "{v}");
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[test]
fn the_human_fencing_yard_asks_ines_and_plays_to_the_end() {
    use std::io::Write;
    // A person who always picks the first choice, defenses included.
    let mut child = Command::new(env!("CARGO_BIN_EXE_fireteam"))
        .current_dir(root())
        .args([
            "run",
            "scenarios/tactical-3d6/fencing-yard-human.toml",
            "--seed",
            "1",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        for _ in 0..20000 {
            if input.write_all(b"1\n").is_err() {
                break; // the battle ended and the pipe closed
            }
        }
    });
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("Inés"), "Inés's side was asked: {err}");
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.contains(" wins") || out.contains("draw"),
        "the battle ended: {}",
        out.lines().rev().take(5).collect::<Vec<_>>().join("\n")
    );
}
