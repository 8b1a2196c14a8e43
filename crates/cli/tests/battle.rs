//! The battle commands as a user runs them: demo, run, check, odds --action, sim and replay.

use serde_json::Value;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn fireteam(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fireteam"))
        .current_dir(root())
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn demo_narrates_a_whole_battle_with_rule_ids_and_faces() {
    let o = fireteam(&["demo", "--seed", "2"]);
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    assert!(text.contains("── Turn 1 ──"));
    assert!(text.contains("[DP-INIT-01]"));
    assert!(text.contains("to hit at"), "{text}");
    assert!(text.contains("dice vs"), "{text}");
    assert!(
        text.lines().last().unwrap().starts_with("══ "),
        "the battle ends"
    );
    // The same seed tells the same battle.
    assert_eq!(out(&fireteam(&["demo", "--seed", "2"])), text);
}

#[test]
fn demo_json_is_one_object_per_line_from_header_to_result() {
    let o = fireteam(&["demo", "--seed", "3", "--json"]);
    assert!(o.status.success(), "{}", err(&o));
    let lines: Vec<Value> = out(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["type"], "battle");
    assert_eq!(lines[0]["units"].as_array().unwrap().len(), 6);
    assert_eq!(lines.last().unwrap()["type"], "result");
    assert!(lines.iter().any(|l| l["event"]["event"] == "attack_rolled"));
    assert!(lines.iter().any(|l| l["event"]["event"] == "moved"));
}

#[test]
fn check_accepts_the_shipped_scenarios_and_names_each_problem() {
    let o = fireteam(&[
        "check",
        "scenarios/dice-pool/yard.toml",
        "scenarios/dice-pool/night-alley.toml",
        "scenarios/dice-pool/grenade-court.toml",
    ]);
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(out(&o).lines().filter(|l| l.starts_with("ok: ")).count(), 3);

    let dir = std::env::temp_dir().join(format!("fireteam-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        "system = \"dice-pool\"\nname = \"Bad\"\n[map]\nlegend = { \".\" = \"open\" }\nrows = \"\"\"\n....\n\"\"\"\n[[sides]]\nname = \"Red\"\ncontroller = \"ai:greedy\"\n[[units]]\nname = \"Ana\"\nside = \"Rde\"\nat = [9, 0]\nequipment = [\"DP-PISTL\"]\nstats = { dexterity = 4, firearms = 55, melee = 3, throwing = 4, dodge = 2, pain_resistance = 3 }\n",
    )
    .unwrap();
    let o = fireteam(&["check", bad.to_str().unwrap(), "--data", "data"]);
    assert_eq!(o.status.code(), Some(1));
    let e = err(&o);
    for needle in [
        "bad.toml:13:8: units[0].side",
        "the sides are 'Red'",
        "units[0].at",
        "DP-PISTOL",
        "firearms = 55",
    ] {
        assert!(e.contains(needle), "{needle} missing from:\n{e}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn odds_of_an_action_are_exact_and_sum_to_one() {
    let o = fireteam(&[
        "odds",
        "scenarios/dice-pool/night-alley.toml",
        "--action",
        "shoot Kit -> Ivo with rifle mode=SS shots=1",
        "--json",
    ]);
    assert!(o.status.success(), "{}", err(&o));
    let v: Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["exact"], true);
    let total: f64 = v["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["pf"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-12, "{total}");
    assert!(v["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .any(|x| x["outcome"] == "no effect"));

    let o = fireteam(&[
        "odds",
        "scenarios/dice-pool/night-alley.toml",
        "--action",
        "dance Kit",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("is not a legal action now"), "{}", err(&o));
}

#[test]
fn sim_reports_the_same_for_any_thread_count() {
    let run = |threads: &str| {
        let o = fireteam(&[
            "sim",
            "scenarios/dice-pool/yard.toml",
            "-n",
            "40",
            "--all-sides",
            "random",
            "--threads",
            threads,
            "--json",
        ]);
        assert!(o.status.success(), "{}", err(&o));
        let mut v: Value = serde_json::from_str(&out(&o)).unwrap();
        let obj = v.as_object_mut().unwrap();
        obj.retain(|k, _| !k.contains("time") && !k.contains("per_sec"));
        v
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(one["runs"], 40);
    let sides = one["sides"].as_array().unwrap();
    assert_eq!(sides[0]["name"], "Red");
    let wins: u64 = sides
        .iter()
        .map(|s| s["wins"].as_u64().unwrap())
        .sum::<u64>()
        + one["draws"].as_u64().unwrap();
    assert_eq!(wins, 40);
}

#[test]
fn a_saved_run_replays_with_every_checksum() {
    let dir = std::env::temp_dir().join(format!("fireteam-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("alley.json");
    let o = fireteam(&[
        "run",
        "scenarios/dice-pool/night-alley.toml",
        "--seed",
        "4",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", err(&o));
    let o = fireteam(&["replay", save.to_str().unwrap()]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains("every checksum matches"), "{}", out(&o));
    // A tampered save is caught.
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    let c = v["log"][3]["checksum"].as_u64().unwrap();
    v["log"][3]["checksum"] = Value::from(c ^ 1);
    std::fs::write(&save, v.to_string()).unwrap();
    let o = fireteam(&["replay", save.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("diverges at action 3"), "{}", err(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_human_side_without_a_terminal_stops_cleanly_and_keeps_the_save() {
    let dir = std::env::temp_dir().join(format!("fireteam-human-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("court.json");
    let o = fireteam(&[
        "run",
        "scenarios/dice-pool/grenade-court.toml",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("no more input"), "{}", err(&o));
    assert!(save.exists(), "what was played is saved");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_save_or_log_that_cannot_be_written_is_refused_before_anything_is_played() {
    let dir = std::env::temp_dir().join(format!("fireteam-paths-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let missing = dir.join("no-such-folder/arena.json");
    let o = fireteam(&[
        "run",
        "scenarios/skirmish/arena.toml",
        "--save",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(out(&o).is_empty(), "nothing is played: {}", out(&o));
    assert!(
        err(&o).contains("no-such-folder does not exist"),
        "{}",
        err(&o)
    );
    assert!(
        err(&o).contains("create the folder"),
        "a help line: {}",
        err(&o)
    );
    let o = fireteam(&["demo", "--log", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(out(&o).is_empty(), "nothing is played: {}", out(&o));
    assert!(err(&o).contains("is a folder, not a file"), "{}", err(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn dice_at_the_table_and_a_human_side_share_the_terminal() {
    // The dice prompts and a person's choices read the same input, line by line: each skips
    // the other's lines with a message and goes on. (The dice once held the input for the
    // whole battle and the first choice waited for ever: the deadline catches that.)
    let mut child = Command::new(env!("CARGO_BIN_EXE_fireteam"))
        .current_dir(root())
        .args(["run", "scenarios/dice-pool/grenade-court.toml", "--manual"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let input = "r\nend\n".repeat(300);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("the battle hung with dice at the table and a human side");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let o = child.wait_with_output().unwrap();
    let e = err(&o);
    assert!(e.contains("Enter the"), "the dice were asked for: {e}");
    assert!(e.contains("Your decision for Ned (Blue)"), "{e}");
    assert!(
        e.contains("'r' matches no choice"),
        "the prompt skipped a die: {e}"
    );
}

#[test]
fn scripted_dice_and_scripted_sides_play_exactly() {
    let dir = std::env::temp_dir().join(format!("fireteam-script-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let actions = dir.join("actions.txt");
    std::fs::write(&actions, "end Ned\n").unwrap();
    // Initiative faces: Lea 6, Max 1, Ned 1, Ola 1; then Lea's throw and so on from the list.
    let o = fireteam(&[
        "run",
        "scenarios/dice-pool/grenade-court.toml",
        "--rolls",
        "6,1,1,1",
        "--actions",
        actions.to_str().unwrap(),
    ]);
    // The list runs out after the initiative: a clear error, not a panic.
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    assert!(err(&o).contains("ran out"), "{}", err(&o));
    assert!(
        out(&o).contains("Lea initiative: 1d6 [6] + Dexterity 4 = 10"),
        "{}",
        out(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_battle_resumed_from_a_save_ends_exactly_as_the_uninterrupted_one() {
    let dir = std::env::temp_dir().join(format!("fireteam-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (full, part, resumed) = (
        dir.join("full.json"),
        dir.join("part.json"),
        dir.join("resumed.json"),
    );
    let s = |p: &PathBuf| p.to_str().unwrap().to_string();
    let o = fireteam(&[
        "run",
        "scenarios/dice-pool/night-alley.toml",
        "--seed",
        "5",
        "--save",
        &s(&full),
    ]);
    assert!(o.status.success(), "{}", err(&o));
    let o = fireteam(&[
        "run",
        "scenarios/dice-pool/night-alley.toml",
        "--seed",
        "5",
        "--stop-after",
        "9",
        "--save",
        &s(&part),
    ]);
    assert!(o.status.success(), "{}", err(&o));
    let o = fireteam(&[
        "run",
        "scenarios/dice-pool/night-alley.toml",
        "--resume",
        &s(&part),
        "--save",
        &s(&resumed),
    ]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains("resumed after 9 actions"), "{}", out(&o));
    let log = |p: &PathBuf| -> Value {
        serde_json::from_str::<Value>(&std::fs::read_to_string(p).unwrap()).unwrap()["log"].clone()
    };
    assert_eq!(log(&full), log(&resumed));
    assert!(log(&full).as_array().unwrap().len() > 9);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A script line meant for another side's decision is refused with whose decision it is and
/// what that side may do, never with an empty list. The same for `odds --after`.
#[test]
fn a_refused_script_action_says_whose_decision_it_is_and_what_is_legal() {
    let dir = std::env::temp_dir().join(format!("fireteam-refused-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let court = std::fs::read_to_string(root().join("scenarios/dice-pool/grenade-court.toml"))
        .unwrap()
        .replace("controller = \"ai:greedy\"", "controller = \"script\"")
        .replace("controller = \"human\"", "controller = \"script\"");
    let scenario = dir.join("court.toml");
    std::fs::write(&scenario, court).unwrap();
    let actions = dir.join("actions.txt");
    // Blue's dodge, written where Red's Lea (initiative 6 + 4 = 10) decides first.
    std::fs::write(&actions, "dodge Ned 1\n").unwrap();
    let data = root().join("data");
    let o = fireteam(&[
        "run",
        scenario.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--rolls",
        "6,1,1,1",
        "--actions",
        actions.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    let raw = err(&o);
    let e = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(e.contains("script action 'dodge Ned 1'"), "{e}");
    assert!(e.contains("it is Red's decision, for Lea"), "{e}");
    assert!(e.contains("end Lea"), "{e}");
    assert!(e.contains("throw Lea grenade -> "), "{e}");
    assert!(
        !raw.lines().any(|l| l.trim_end().ends_with("legal now:")),
        "an empty list: {e}"
    );

    // odds: an --after step refused at the wrong decision says the same.
    let o = fireteam(&[
        "odds",
        "scenarios/dice-pool/night-alley.toml",
        "--after",
        "start turn 1; dodge Ivo 1",
        "--action",
        "end Kit",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    let raw = err(&o);
    let e = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(e.contains("--after 'dodge Ivo 1'"), "{e}");
    assert!(e.contains("'s decision, for "), "{e}");
    assert!(e.contains("(and "), "{e}");
    assert!(
        !raw.lines().any(|l| l.trim_end().ends_with("legal now:")),
        "an empty list: {e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_one_action_save_replays_as_one_action_after_one_turn() {
    let dir = std::env::temp_dir().join(format!("fireteam-one-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("one.json");
    let o = fireteam(&[
        "run",
        "scenarios/dice-pool/yard.toml",
        "--stop-after",
        "1",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", err(&o));
    let o = fireteam(&["replay", save.to_str().unwrap()]);
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    assert!(text.contains("replayed 1 action from seed"), "{text}");
    assert!(text.ends_with("after 1 turn\n"), "{text}");
    let o = fireteam(&["check", "scenarios/dice-pool/yard.toml"]);
    assert!(out(&o).contains(" sides, "), "{}", out(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}
