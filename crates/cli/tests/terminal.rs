//! A person playing at a terminal: `fireteam run` on the human arena, driven through a
//! pseudo-terminal as a person would drive it. The board is shown, `help`, `map` and `status`
//! answer, no list runs off a screen, the battle is played to its end, and `save`, `quit` and
//! Ctrl-C leave saves that `fireteam replay` accepts. Every wait has a generous timeout and
//! waits for the prompt, never for a time, so a slow machine makes the tests slower, not red.
#![cfg(unix)]

use rexpect::process::WaitStatus;
use rexpect::reader::{Options, ReadUntil, Regex};
use rexpect::session::{spawn_with_options, PtySession};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A minute for each answer: far past what any machine needs, short of hanging CI.
const TIMEOUT_MS: u64 = 60_000;
/// A screen's worth of lines: no numbered list may be longer.
const SCREEN: usize = 20;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fireteam-pty-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `fireteam` with `args` on a new pseudo-terminal, in plain text (`NO_COLOR`) unless `colour`.
fn spawn(args: &[&str], colour: bool) -> PtySession {
    let mut c = Command::new(env!("CARGO_BIN_EXE_fireteam"));
    c.current_dir(root()).args(args).env("TERM", "xterm");
    if colour {
        c.env_remove("NO_COLOR");
    } else {
        c.env("NO_COLOR", "1");
    }
    // Escape codes are kept, so a test sees exactly what the terminal gets.
    let options = Options::new().timeout_ms(Some(TIMEOUT_MS));
    spawn_with_options(c, options).expect("fireteam starts on a pseudo-terminal")
}

/// The reader hands back bytes as chars; put the UTF-8 (arrows, dashes) back together.
fn utf8(s: &str) -> String {
    let bytes: Vec<u8> = s.chars().map(|c| c as u32 as u8).collect();
    String::from_utf8_lossy(&bytes).replace('\r', "")
}

/// Everything shown up to the next prompt, or to the end of the output (then `None`).
fn next_prompt(p: &mut PtySession) -> (String, Option<String>) {
    let prompt = Regex::new(r"\(or help, map, back\) > ").unwrap();
    let (before, matched) = p
        .exp_any(vec![ReadUntil::Regex(prompt), ReadUntil::EOF])
        .expect("a prompt or the end, within the timeout");
    if matched.ends_with("> ") {
        (utf8(&before), Some(utf8(&matched)))
    } else {
        (utf8(&before) + &utf8(&matched), None)
    }
}

/// The longest run of numbered lines (`  12. …`) in `text`.
fn longest_list(text: &str) -> usize {
    let mut run = 0;
    let mut longest = 0;
    for line in text.lines() {
        let numbered = line
            .trim_start()
            .split_once(". ")
            .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        run = if numbered { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    longest
}

fn exit_code(p: &PtySession) -> Option<i32> {
    match p.process().wait().expect("the process is waited for") {
        WaitStatus::Exited(_, code) => Some(code),
        _ => None,
    }
}

fn replays(save: &Path) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_fireteam"))
        .current_dir(root())
        .args(["replay", save.to_str().unwrap()])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        o.status.success(),
        "replay {}: {out}{}",
        save.display(),
        String::from_utf8_lossy(&o.stderr)
    );
    out
}

#[test]
fn a_person_plays_the_arena_to_the_end_with_help_map_and_status() {
    let dir = scratch("play");
    let save = dir.join("arena.json");
    let mut p = spawn(
        &[
            "run",
            "scenarios/skirmish/arena-human.toml",
            "--seed",
            "1",
            "--save",
            save.to_str().unwrap(),
        ],
        false,
    );
    // The board comes before the first decision: column numbers, a unit, the legend.
    let (shown, prompt) = next_prompt(&mut p);
    assert!(prompt.is_some(), "{shown}");
    assert!(
        shown.contains("     0  1  2  3"),
        "the map's columns: {shown}"
    );
    assert!(shown.contains("D↙ Dee  Blue  14,2"), "the legend: {shown}");
    assert!(
        shown.contains("Your decision for Blue: which one?"),
        "{shown}"
    );

    p.send_line("help").unwrap();
    let (shown, _) = next_prompt(&mut p);
    assert!(shown.contains("a cell          col,row"), "{shown}");
    assert!(shown.contains("save [FILE]"), "{shown}");
    p.send_line("status").unwrap();
    let (shown, _) = next_prompt(&mut p);
    assert!(
        shown.contains("in hand: Automatic (assault) rifle; gear: Automatic (assault) rifle 25/25"),
        "{shown}"
    );
    p.send_line("map").unwrap();
    let (shown, _) = next_prompt(&mut p);
    assert!(shown.contains("  2  .     ,"), "{shown}");

    // Blue's figures stand still, facing as they are; the order of movement is the first
    // offered. At most 200 answers: the battle ends long before.
    p.send_line("move first").unwrap();
    let mut answers = 0;
    let mut all = String::new();
    let tail = loop {
        let (shown, prompt) = next_prompt(&mut p);
        assert!(
            longest_list(&shown) <= SCREEN,
            "a list longer than a screen: {shown}"
        );
        all.push_str(&shown);
        if prompt.is_none() {
            break shown;
        }
        answers += 1;
        assert!(answers < 200, "the battle should be over: {shown}");
        let answer = if shown.contains(". stand still") {
            "stand still"
        } else {
            "1"
        };
        p.send_line(answer).unwrap();
    };
    assert!(answers > 3, "Blue was asked more than once: {all}");
    assert!(
        all.contains("› stand still: which one?"),
        "the kind narrowed the list: {all}"
    );
    assert!(tail.contains("saved "), "{tail}");
    assert_eq!(exit_code(&p), Some(0), "{tail}");
    replays(&save);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn save_as_then_quit_leaves_a_save_that_replays_and_resumes() {
    let dir = scratch("quit");
    let save = dir.join("mine.json");
    let mut p = spawn(
        &["run", "scenarios/skirmish/arena-human.toml", "--seed", "1"],
        false,
    );
    let (shown, _) = next_prompt(&mut p);
    assert!(shown.contains("Your decision for Blue"), "{shown}");
    // No --save: `save` asks where.
    p.send_line("save").unwrap();
    p.exp_string("save to which file? ").unwrap();
    p.send_line(save.to_str().unwrap()).unwrap();
    let (shown, _) = next_prompt(&mut p);
    assert!(
        shown.contains("  saved 1 action to "),
        "the turn's start: {shown}"
    );
    // One decision, then an action typed in full with another cell form, then quit. Moving
    // first, Dee's moves do not depend on what Red does.
    p.send_line("move first").unwrap();
    let (shown, _) = next_prompt(&mut p);
    assert!(shown.contains("Your decision for Dee (Blue)"), "{shown}");
    p.send_line("Dee moves to (14, 1) facing N").unwrap();
    let (shown, _) = next_prompt(&mut p);
    assert!(
        shown.contains("  1  .     ,     .     .     =     .     .     D↑"),
        "Dee stands at 14,1 facing N on the map: {shown}"
    );
    p.send_line("quit").unwrap();
    let (tail, prompt) = next_prompt(&mut p);
    assert!(prompt.is_none(), "{tail}");
    assert!(tail.contains("quit after "), "{tail}");
    assert!(tail.contains("--resume"), "it says how to go on: {tail}");
    assert_eq!(exit_code(&p), Some(0), "{tail}");
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(text.contains("\"move first\""), "{text}");
    assert!(
        text.contains("Dee moves to") && text.contains("1") && text.contains("facing N"),
        "{text}"
    );
    replays(&save);
    // The save goes on where it stopped.
    let o = Command::new(env!("CARGO_BIN_EXE_fireteam"))
        .current_dir(root())
        .args([
            "run",
            "scenarios/skirmish/arena-human.toml",
            "--resume",
            save.to_str().unwrap(),
        ])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("resumed after"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ctrl_c_saves_everything_played_and_ends_with_130() {
    let dir = scratch("ctrl-c");
    let save = dir.join("arena.json");
    let mut p = spawn(
        &[
            "run",
            "scenarios/skirmish/arena-human.toml",
            "--seed",
            "1",
            "--save",
            save.to_str().unwrap(),
        ],
        false,
    );
    next_prompt(&mut p);
    p.send_line("2").unwrap(); // move last
    let (shown, _) = next_prompt(&mut p);
    assert!(shown.contains("Your decision for Dee (Blue)"), "{shown}");
    p.send_control('c').unwrap();
    let (tail, prompt) = next_prompt(&mut p);
    assert!(prompt.is_none(), "{tail}");
    assert!(tail.contains("interrupted: saved "), "{tail}");
    assert_eq!(exit_code(&p), Some(130), "{tail}");
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(
        text.contains("\"move last\""),
        "the answer before Ctrl-C is kept: {text}"
    );
    replays(&save);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn at_a_terminal_the_sides_are_in_colour_and_no_color_turns_it_off() {
    let mut p = spawn(
        &["run", "scenarios/skirmish/arena-human.toml", "--seed", "1"],
        true,
    );
    let (shown, _) = next_prompt(&mut p);
    // Dee is Blue: blue and bold.
    assert!(shown.contains("\x1b[34;1mD"), "{shown:?}");
    p.send_line("quit").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
    let mut p = spawn(
        &["run", "scenarios/skirmish/arena-human.toml", "--seed", "1"],
        false,
    );
    p.send_line("quit").unwrap();
    p.send_line("quit").unwrap();
    let all = utf8(&p.exp_eof().unwrap());
    assert!(all.contains("D↙ Dee"), "{all}");
    assert!(!all.contains('\x1b'), "{all:?}");
}
