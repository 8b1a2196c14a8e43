//! `fireteam odds --action` merges the paths through the dice that reach the same state and
//! branches on what each roll is read for; its answers are those of walking every path one by
//! one (`FIRETEAM_ODDS_PLAIN=1`), and the arena's burst gives the exact answer recorded before
//! the merging, when it took 7,378,966 resolutions and most of a minute.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The binary's standard output, from the repository root, walking every path when `plain`.
fn odds(args: &[&str], plain: bool) -> String {
    let mut c = Command::new(env!("CARGO_BIN_EXE_fireteam"));
    c.current_dir(root()).args(args).stdin(Stdio::null());
    if plain {
        c.env("FIRETEAM_ODDS_PLAIN", "1");
    } else {
        c.env_remove("FIRETEAM_ODDS_PLAIN");
    }
    let o = c.output().expect("the binary runs");
    assert!(
        o.status.success(),
        "fireteam {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

/// Actions of every shipped scenario whose paths can be walked one by one in a debug build:
/// shots and bursts with rolls for those in the way and past the target, melee attacks and
/// slams, a flame thrower's bursts, moves over jumps and fallen figures, dice-pool shots with
/// their defense and damage.
const CASES: &[(&str, &str)] = &[
    ("scenarios/skirmish/arena.toml", "Cy shoots Fay"),
    (
        "scenarios/skirmish/arena.toml",
        "Bo moves to [2, 1] facing N",
    ),
    ("scenarios/skirmish/bench-duel.toml", "Ash slams Bay"),
    ("scenarios/skirmish/bench-duel.toml", "Bay attacks Ash"),
    (
        "scenarios/skirmish/bruce-vs-zorgo.toml",
        "Zorgo moves to [5, 3] facing N",
    ),
    ("scenarios/skirmish/brushfire.toml", "Vale shoots Kit"),
    ("scenarios/skirmish/brushfire.toml", "Dane shoots Ash"),
    (
        "scenarios/skirmish/brushfire.toml",
        "Pyra fires a large burst in a cone at Dane",
    ),
    (
        "scenarios/skirmish/brushfire.toml",
        "Pyra fires a small burst in a fan at Rook",
    ),
    (
        "scenarios/skirmish/hull.toml",
        "Lee moves to [0, 0] facing N",
    ),
    (
        "scenarios/skirmish/quarry.toml",
        "Gus moves to [11, 4] facing N",
    ),
    ("scenarios/skirmish/quarry.toml", "Hal shoots Ivy"),
    (
        "scenarios/skirmish/skirmish-2v2.toml",
        "Cal moves to [4, 1] facing N",
    ),
    ("scenarios/skirmish/skirmish-2v2.toml", "Ada shoots Cal"),
    (
        "scenarios/skirmish/station.toml",
        "Lee moves to [10, 1] facing N",
    ),
    (
        "scenarios/dice-pool/grenade-court.toml",
        "shoot Ned -> Lea with pistol mode=SA shots=1",
    ),
    (
        "scenarios/dice-pool/night-alley.toml",
        "shoot Kit -> Ivo with rifle mode=SS shots=1",
    ),
];

#[test]
fn merged_odds_equal_the_walk_of_every_path() {
    for (file, action) in CASES {
        for json in [true, false] {
            let mut args = vec!["odds", file, "--action", action];
            if json {
                args.push("--json");
            }
            let merged = odds(&args, false);
            let plain = odds(&args, true);
            assert!(merged.contains("\"exact\":true") || merged.contains("exact outcomes ("));
            assert_eq!(merged, plain, "{file}: {action}");
        }
    }
}

#[test]
fn the_arena_burst_odds_are_the_exact_answer_recorded_before_merging() {
    // Recorded with `--exact-paths 20000000` before the enumeration merged anything: 7,378,966
    // paths and 95 outcomes. The default limit now reaches it exactly, byte for byte.
    let golden =
        std::fs::read_to_string(root().join("crates/cli/tests/golden/odds-arena-burst.json"))
            .unwrap();
    let got = odds(
        &[
            "odds",
            "scenarios/skirmish/arena.toml",
            "--action",
            "Dee fires a burst at Ana",
            "--json",
        ],
        false,
    );
    assert_eq!(got.trim_end(), golden.trim_end());
    assert!(got.contains("\"paths\":7378966"), "{got}");
}
