//! `fireteam aftermath SAVE` as a user runs it, and the aftermath `fireteam run` narrates: each
//! character's healing, credits, EP, spoils and bills after a finished SKIRMISH battle
//! (SK-6.5.1-a, SK-19.1-c/d, SK-19.2-b, SK-15.1-c), the `--json` contract, and the errors
//! (a missing, corrupt, unfinished or dice-pool save).

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn data() -> String {
    root().join("data").display().to_string()
}

fn fireteam(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fireteam"))
        .current_dir(root())
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// The error report as one line of words (the report wraps its lines to the terminal).
fn stderr(o: &Output) -> String {
    // The report draws its margin and mark in Unicode or, where the terminal is not known to
    // take it, in ASCII ('|', 'x'): both are dropped.
    String::from_utf8(o.stderr.clone())
        .unwrap()
        .replace(['│', '×'], " ")
        .split_whitespace()
        .filter(|w| !matches!(*w, "|" | "x"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn ok(args: &[&str]) -> String {
    let o = fireteam(args);
    assert!(
        o.status.success(),
        "fireteam {args:?} failed:\n{}",
        stderr(&o)
    );
    stdout(&o)
}

/// A fresh folder for this test's files.
fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("fireteam-aftermath-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A duel for the gear: Ash (Red: a duel blade, a medical kit, Medic) next to Zed (Blue, STR 2:
/// a duel blade, an autopistol, a Kevlar vest, and 2 spare magazines by default). Both sides
/// play `ai:first`, which attacks first.
const DUEL: &str = r#"
system = "skirmish"
name = "A duel for the gear"
seed = 3

[options]
"sk.creation" = "off"
"sk.scenario_type" = "KIND"

[map]
grid = "hex"
legend = { "." = "open" }
rows = """
....
....
....
"""

[[sides]]
name = "Red"
controller = "ai:first"

[[sides]]
name = "Blue"
controller = "ai:first"

[[units]]
name = "Ash"
side = "Red"
at = [1, 1]
facing = 1
equipment = ["duel-blade", "medical-kit"]
stats = { str = 10, dex = 13, int = 14, sword = 1, medic = 1 }

[[units]]
name = "Zed"
side = "Blue"
at = [2, 1]
facing = 4
equipment = ["duel-blade", "autopistol", "kevlar-vest"]
stats = { str = 2, dex = 10, int = 10, sword = 1 }
"#;

/// Plays the duel with forced dice: initiative 1d6 [6] for Red, [1] for Blue; Ash attacks
/// first (eDEX 13; Zed's is 7 under his load), 3d6 [2, 3, 3] = 8 hits; 2d6 [6, 6] = 12 − the
/// vest's 10 = 2 kills Zed (STR 2). Returns the scenario and the save.
fn duel(name: &str, kind: &str) -> (PathBuf, PathBuf) {
    let d = dir(name);
    let scenario = d.join("duel.toml");
    std::fs::write(&scenario, DUEL.replace("KIND", kind)).unwrap();
    let save = d.join("duel.json");
    let out = ok(&[
        "run",
        scenario.to_str().unwrap(),
        "--data",
        &data(),
        "--rolls",
        "6,1,2,3,3,6,6",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(out.contains("Zed is dead [SK-12.4-c]"), "{out}");
    (scenario, save)
}

#[test]
fn sk_19_2_b_the_ledger_of_a_duel_lists_the_spoils_and_their_resale() {
    let (scenario, save) = duel("spoils", "duel");
    let args = |json: bool| {
        let mut v = vec![
            "aftermath".to_string(),
            save.display().to_string(),
            "--scenario".into(),
            scenario.display().to_string(),
            "--data".into(),
            data(),
        ];
        if json {
            v.push("--json".into());
        }
        v
    };
    let text = args(false);
    let out = ok(&text.iter().map(String::as_str).collect::<Vec<_>>());
    // Resale at 75%, rounded down: 130 → 97, 100 → 75, 2 magazines at 1 ₢ → 1.
    for line in [
        "A duel for the gear — a duel [SK-19.2]: Red won after 1 turn (5 actions replayed from seed 3, every checksum matches)",
        "Ash (Red): standing, on the winning side",
        "  won       Zed's duel blade: no price in the catalog [SK-19.2-b]",
        "  won       Zed's Semi-automatic Pistol (autopistol): 130 ₢, resells for 97 ₢ [SK-19.2-b]",
        "  won       Zed's Kevlar Vest: 100 ₢, resells for 75 ₢ [SK-19.2-b]",
        "  won       Zed's 2 spare magazines for the Semi-automatic Pistol (autopistol): 2 ₢, resells for 1 ₢ [SK-19.2-b]",
        "  net       +0 ₢, and items that resell for 173 ₢",
        "Zed (Blue): dead",
        "  nothing   the dead are paid nothing",
    ] {
        assert!(out.lines().any(|l| l == line), "missing '{line}' in:\n{out}");
    }
    let json = args(true);
    let v: Value =
        serde_json::from_str(&ok(&json.iter().map(String::as_str).collect::<Vec<_>>())).unwrap();
    assert_eq!(v["scenario"], "A duel for the gear");
    assert_eq!(v["actions"], 5);
    let ledger = &v["ledger"];
    assert_eq!(ledger["scenario"], "duel");
    assert_eq!(ledger["winner"], "Red");
    assert_eq!(ledger["outcome"]["side"], 0);
    let ash = &ledger["characters"][0];
    assert_eq!(ash["resale_value"], 173);
    assert_eq!(ash["items_won"].as_array().unwrap().len(), 4);
    assert_eq!(ash["items_won"][1]["price"], 130);
    assert_eq!(ash["items_won"][1]["resale"], 97);
    assert_eq!(ledger["characters"][1]["condition"], "dead");
    let events = v["events"].as_array().unwrap();
    assert_eq!(events[0]["type"], "aftermath");
    assert!(events[1..]
        .iter()
        .all(|e| e["type"] == "item_won" && e["rule"] == "SK-19.2-b"));
}

#[test]
fn sk_19_1_c_d_the_same_fight_in_an_arena_pays_a_purse_and_ep_and_run_narrates_it() {
    let (scenario, save) = duel("arena", "arena");
    // The save names its scenario: no --scenario needed.
    let out = ok(&["aftermath", save.to_str().unwrap(), "--data", &data()]);
    // SK-19.1-c: 100 ₢ a victor; SK-19.1-d: took part 1 + won 1 + Zed 1 = 3 EP.
    for line in [
        "A duel for the gear — an arena fight [SK-19.1]: Red won after 1 turn (5 actions replayed from seed 3, every checksum matches)",
        "  credits   +100 ₢ a victor's purse [SK-19.1-c]",
        "  EP        3 = 1 took part + 1 winning side + 1 foe put out of the fight [SK-19.1-d]",
        "  net       +100 ₢",
    ] {
        assert!(out.lines().any(|l| l == line), "missing '{line}' in:\n{out}");
    }
    // `fireteam run` narrates the same aftermath after the result, and writes it as JSON lines
    // of type "aftermath" before the result line.
    let run = |json: bool| -> Vec<String> {
        let mut a: Vec<String> = [
            "run",
            scenario.to_str().unwrap(),
            "--data",
            &data(),
            "--rolls",
            "6,1,2,3,3,6,6",
        ]
        .map(String::from)
        .to_vec();
        if json {
            a.push("--json".into());
        }
        a
    };
    let text = ok(&run(false).iter().map(String::as_str).collect::<Vec<_>>());
    let tail: Vec<&str> = text.lines().rev().take(3).collect();
    assert_eq!(
        tail,
        [
            "Ash earns 3 EP = 1 took part + 1 winning side + 1 foe put out of the fight [SK-19.1-d]",
            "Ash gets 100 ₢ as a victor [SK-19.1-c]",
            "— After the battle: an arena fight [SK-19.1] —",
        ]
    );
    assert!(text.contains("Red wins.\n— After the battle"), "{text}");
    let lines: Vec<Value> = ok(&run(true).iter().map(String::as_str).collect::<Vec<_>>())
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let n = lines.len();
    assert_eq!(lines[n - 1]["type"], "result");
    assert_eq!(lines[n - 4]["type"], "aftermath");
    assert_eq!(lines[n - 4]["event"]["type"], "aftermath");
    assert_eq!(lines[n - 3]["event"]["type"], "credits");
    assert_eq!(lines[n - 3]["event"]["amount"], 100);
    assert_eq!(lines[n - 2]["event"]["type"], "experience");
    assert_eq!(lines[n - 2]["event"]["ep"], 3);
    assert_eq!(lines[n - 5]["type"], "event", "the battle's last event");
}

#[test]
fn aftermath_of_a_missing_or_corrupt_save_is_a_clear_error() {
    let o = fireteam(&["aftermath", "no/such/save.json"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("cannot read the save no/such/save.json"),
        "{}",
        stderr(&o)
    );
    let d = dir("corrupt");
    let bad = d.join("bad.json");
    std::fs::write(&bad, "{ \"format\": \"fireteam-save\",\n  oops }").unwrap();
    let o = fireteam(&["aftermath", bad.to_str().unwrap()]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(
        err.contains("bad.json:2:"),
        "the line of the problem: {err}"
    );
}

#[test]
fn aftermath_of_an_unfinished_battle_says_how_to_finish_it() {
    let d = dir("unfinished");
    let save = d.join("arena.json");
    ok(&[
        "run",
        "scenarios/skirmish/arena.toml",
        "--seed",
        "1",
        "--stop-after",
        "4",
        "--save",
        save.to_str().unwrap(),
    ]);
    let o = fireteam(&["aftermath", save.to_str().unwrap()]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(
        err.contains("is not over (saved after 4 actions): it has no aftermath yet"),
        "{err}"
    );
    assert!(err.contains("--resume"), "{err}");
}

#[test]
fn aftermath_of_a_dice_pool_save_is_refused() {
    let d = dir("dice-pool");
    let save = d.join("yard.json");
    ok(&[
        "run",
        "scenarios/dice-pool/yard.toml",
        "--seed",
        "1",
        "--save",
        save.to_str().unwrap(),
    ]);
    let o = fireteam(&["aftermath", save.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(
        stderr(&o)
            .contains("is a save of the system 'dice-pool', which has nothing after a battle"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn the_shipped_arena_ends_with_its_aftermath() {
    // scenarios/skirmish/arena.toml is an arena fight (sk.scenario_type = "arena"): every
    // living character is paid (SK-19.1-c) and given EP (SK-19.1-d).
    let out = ok(&["run", "scenarios/skirmish/arena.toml", "--seed", "1"]);
    let after: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("— After the battle"))
        .collect();
    assert_eq!(after[0], "— After the battle: an arena fight [SK-19.1] —");
    assert!(
        after.iter().any(|l| l.ends_with("as a victor [SK-19.1-c]")),
        "{out}"
    );
    assert!(
        after
            .iter()
            .any(|l| l.contains("EP") && l.ends_with("[SK-19.1-d]")),
        "{out}"
    );
}

/// SK-21.4-e with `sk.aimed_shots`: Ash (Red, a pistol, DEX 13) shoots Zed (Blue, STR 20, a
/// pistol) three hexes off; the battle lasts one turn.
const ARMS: &str = r#"
system = "skirmish"
name = "An arm for a pistol"
seed = 3
max_rounds = 1

[options]
"sk.creation" = "off"
"sk.aimed_shots" = true

[map]
grid = "hex"
legend = { "." = "open" }
rows = """
...
...
...
...
"""

[[sides]]
name = "Red"
controller = "ai:first"

[[sides]]
name = "Blue"
controller = "ai:first"

[[units]]
name = "Ash"
side = "Red"
at = [1, 0]
facing = 3
equipment = ["pistol"]
stats = { str = 10, dex = 13, int = 10, sidearms = 1 }

[[units]]
name = "Zed"
side = "Blue"
at = [1, 3]
facing = 0
equipment = ["pistol"]
stats = { str = 20, dex = 10, int = 10, sidearms = 1 }
"#;

#[test]
fn sk_21_4_e_sk_5_a_a_lost_arm_stays_lost_an_arm_out_of_use_heals_and_the_next_fight_is_given() {
    // Initiative [6, 1]: Red. Ash shoots twice (ai:first). First: 3d6 [1, 2, 3] = 6 against
    // DEX 13 hits, a natural 6: a critical, 2d6 [5, 5] = 10 the weapon arm; 2d6 [4, 4] = 8 hits:
    // Zed drops his pistol, the arm is out and lost for good, and he falls (8+ hits, SK-12.4-e).
    // Second: [1, 2, 3] = 6 against 13 − 3 (a prone target) hits, a critical [5, 6] = 11 the
    // other arm; [3, 3] = 6 hits: out of use. 14 damage of STR 20: he is still in the fight.
    // The turn limit ends it in a draw.
    let d = dir("arms");
    let scenario = d.join("arms.toml");
    std::fs::write(&scenario, ARMS).unwrap();
    let save = d.join("arms.json");
    let out = ok(&[
        "run",
        scenario.to_str().unwrap(),
        "--data",
        &data(),
        "--rolls",
        "6,1,1,2,3,5,5,4,4,1,2,3,5,6,3,3",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(
        out.contains("  Zed loses his weapon arm for good [SK-21.4-e]"),
        "{out}"
    );
    // `fireteam run` narrates the aftermath: the other arm heals, the weapon arm does not.
    let after: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("— After the battle"))
        .take(4)
        .collect();
    assert_eq!(
        after,
        [
            "— After the battle —",
            "Zed's other arm, out of use, heals before the next combat [SK-21.4-e]",
            "Zed has lost his weapon arm for good: no healing brings it back [SK-21.4-e]",
            "Zed fights his next battle with STR 20, DEX 10, INT 10, MOV 10, one arm (unit stats arms = 1) [SK-5-a]",
        ]
    );
    let text = ok(&["aftermath", save.to_str().unwrap(), "--data", &data()]);
    let zed: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("Zed (Blue)"))
        .collect();
    assert_eq!(
        zed,
        [
            "Zed (Blue): standing",
            "  damage    14 lethal, 0 nonlethal",
            "  lost      his weapon arm for good [SK-21.4-e]",
            "  heals     his other arm, out of use, heals before the next combat [SK-21.4-e]",
            "  next      STR 20, DEX 10, INT 10, MOV 10, one arm (unit stats arms = 1) [SK-5-a]",
        ]
    );
    // The --json contract: per character the losses for good, the limbs that heal, the next
    // fight's attributes and the unit stats to write; the events with their rule IDs.
    let v: Value = serde_json::from_str(&ok(&[
        "aftermath",
        save.to_str().unwrap(),
        "--data",
        &data(),
        "--json",
    ]))
    .unwrap();
    let zed = &v["ledger"]["characters"][1];
    assert_eq!(zed["permanent"][0]["loss"]["kind"], "arm");
    assert_eq!(zed["permanent"][0]["loss"]["arm"], "weapon_arm");
    assert_eq!(zed["permanent"][0]["rule"], "SK-21.4-e");
    assert_eq!(zed["limbs_healed"][0]["limb"], "other_arm");
    assert_eq!(zed["limbs_healed"][0]["rule"], "SK-21.4-e");
    let next = &zed["next_fight"];
    assert_eq!(
        [
            &next["str"],
            &next["dex"],
            &next["int"],
            &next["mov"],
            &next["arms"]
        ],
        [20, 10, 10, 10, 1]
    );
    assert_eq!(zed["next_stats"], serde_json::json!({ "arms": 1 }));
    let ash = &v["ledger"]["characters"][0];
    assert_eq!(ash["next_stats"], serde_json::json!({}));
    assert_eq!(ash["permanent"], serde_json::json!([]));
    let types: Vec<&str> = v["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["type"].as_str().unwrap())
        .collect();
    assert_eq!(
        types,
        ["aftermath", "limb_healed", "permanent_loss", "attributes"]
    );
    assert_eq!(v["events"][3]["next"]["arms"], 1);
    assert_eq!(v["events"][3]["rule"], "SK-5-a");
}
