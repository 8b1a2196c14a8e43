//! `fireteam sim` refuses what it cannot run, at once and with the reason.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs the binary, killing it (and failing) if it has not finished within a minute.
fn fireteam(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fireteam"))
        .current_dir(root())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("fireteam {} still runs after a minute", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const YARD: &str = "scenarios/dice-pool/yard.toml";

#[test]
fn an_unreasonable_thread_count_is_refused_with_the_range() {
    let o = fireteam(&["sim", YARD, "-n", "10", "--threads", "100000"]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("0..=256"), "{}", err(&o));
    assert!(out(&o).is_empty());
}

#[test]
fn a_first_battle_near_the_integer_limit_is_refused_not_run_empty() {
    let o = fireteam(&["sim", YARD, "--first", "18446744073709551615", "-n", "10"]);
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    let e = err(&o);
    assert!(e.contains("passes the last battle index"), "{e}");
    assert!(e.contains("18446744073709551605 or lower"), "{e}");
    // The highest first battle that fits still runs.
    let o = fireteam(&["sim", YARD, "--first", "18446744073709551605", "-n", "10"]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains("10 battles from seed"), "{}", out(&o));
}

#[test]
fn an_unknown_stand_in_policy_is_refused_with_the_closest_name() {
    // yard.toml has no human side: the stand-in would never play, and is checked all the same.
    let o = fireteam(&["sim", YARD, "-n", "2", "--stand-in", "gredy"]);
    assert_eq!(o.status.code(), Some(2), "{}", out(&o));
    let e = err(&o);
    assert!(e.contains("unknown AI policy 'gredy'"), "{e}");
    assert!(e.contains("did you mean 'greedy'?"), "{e}");
    let o = fireteam(&["sim", YARD, "-n", "2", "--all-sides", "randon"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("did you mean 'random'?"), "{}", err(&o));
    let o = fireteam(&["sim", YARD, "-n", "2", "--side", "Red=frst"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("did you mean 'first'?"), "{}", err(&o));
}

#[test]
fn one_battle_is_one_battle() {
    let o = fireteam(&["sim", YARD, "-n", "1", "--max-steps", "1"]);
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    assert!(text.contains("1 battle from seed"), "{text}");
    assert!(text.contains("stopped at 1 action)"), "{text}");
}
