//! `fireteam serve` over plain HTTP, without a browser: the URL on the first line, the page at
//! `/`, files confined to the folders given, bounded bodies, a save after every action that
//! `fireteam replay` accepts, dice entered at the table, and live change notices.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

struct Server {
    child: Child,
    addr: String,
    saves: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.saves);
    }
}

fn serve(file: &Path, tag: &str) -> Server {
    serve_in(file, tag, &root())
}

/// `fireteam serve FILE`, started in the folder `cwd`.
fn serve_in(file: &Path, tag: &str, cwd: &Path) -> Server {
    let saves = std::env::temp_dir().join(format!("fireteam-serve-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&saves);
    let mut child = Command::new(env!("CARGO_BIN_EXE_fireteam"))
        .args(["serve", "--port", "0", "--no-open", "--saves"])
        .arg(&saves)
        .arg(file)
        .current_dir(cwd)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .trim()
        .strip_prefix("http://")
        .and_then(|a| a.strip_suffix('/'))
        .unwrap_or_else(|| panic!("the first line is the URL: {line}"))
        .to_string();
    Server { child, addr, saves }
}

/// One HTTP/1.1 request; the status and the body.
fn request(s: &Server, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let mut stream = TcpStream::connect(&s.addr).unwrap();
    let body = body.unwrap_or("");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        s.addr,
        body.len()
    )
    .unwrap();
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status: u16 = text[9..12].parse().unwrap();
    let body = text
        .split_once("\r\n\r\n")
        .map(|x| x.1)
        .unwrap_or("")
        .to_string();
    (status, body)
}

fn post(s: &Server, path: &str, body: Value) -> (u16, Value) {
    let (status, text) = request(s, "POST", path, Some(&body.to_string()));
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

fn get(s: &Server, path: &str) -> Value {
    let (status, text) = request(s, "GET", path, None);
    assert_eq!(status, 200, "{path}: {text}");
    serde_json::from_str(&text).unwrap()
}

#[test]
fn the_page_and_its_files_stay_inside_the_folders_given() {
    let s = serve(&root().join("scenarios/dice-pool/yard.toml"), "files");
    let (status, page) = request(&s, "GET", "/", None);
    assert_eq!(status, 200);
    assert!(page.contains("<title>fireteam"), "{page}");
    let (status, js) = request(&s, "GET", "/app.js", None);
    assert_eq!(status, 200);
    assert!(js.contains("function drawBoard"));
    // The scenario on the command line is open, and its folder is listed.
    assert_eq!(get(&s, "/api/games")[0]["id"], 0);
    let files = get(&s, "/api/files");
    assert!(files.to_string().contains("night-alley.toml"), "{files}");
    // A file of that folder opens by its name; nothing outside it does.
    let (status, v) = post(&s, "/api/open", json!({"path": "night-alley.toml"}));
    assert_eq!((status, &v["id"]), (200, &json!(1)), "{v}");
    for outside in ["../skirmish/arena.toml", "/etc/passwd", "../../Cargo.toml"] {
        let (status, v) = post(&s, "/api/open", json!({"path": outside}));
        assert_eq!(status, 400, "{outside}: {v}");
        assert!(
            v["error"].as_str().unwrap().contains("outside the folders"),
            "{outside}: {v}"
        );
        assert!(v["help"].as_str().unwrap().contains("--dir"), "{v}");
    }
    let (status, _) = post(&s, "/api/open", json!({"path": "no-such.toml"}));
    assert_eq!(status, 400);
    // Bodies are bounded.
    let big = format!("{{\"text\": \"{}\"}}", "x".repeat(300 * 1024));
    let (status, _) = request(&s, "POST", "/api/games/0/act", Some(&big));
    assert_eq!(status, 413);
    let (status, v) = post(&s, "/api/games/0/sim", json!({"runs": 0}));
    assert_eq!(status, 400, "{v}");
}

#[test]
fn every_action_is_saved_and_the_save_replays() {
    let s = serve(&root().join("scenarios/dice-pool/yard.toml"), "save");
    let mut v = get(&s, "/api/games/0");
    let save = PathBuf::from(v["save"].as_str().unwrap().to_string());
    for n in 1..=5 {
        let (status, next) = post(&s, "/api/games/0/step", json!({}));
        assert_eq!(status, 200, "{next}");
        v = next;
        assert_eq!(v["steps"], n);
        let saved: Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
        assert_eq!(
            saved["log"].as_array().unwrap().len(),
            n,
            "saved after action {n}"
        );
    }
    let log = get(&s, "/api/games/0/log?from=0");
    assert_eq!(log.as_array().unwrap().len(), 5);
    assert_eq!(log[0]["action"], "start turn 1");
    let out = Command::new(env!("CARGO_BIN_EXE_fireteam"))
        .arg("replay")
        .arg(&save)
        .current_dir(root())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A replay goes back and forth; play resumes only at the end.
    let (_, back) = post(&s, "/api/games/0/goto", json!({"step": 2}));
    assert_eq!(
        (back["step"].clone(), back["steps"].clone()),
        (json!(2), json!(5))
    );
    let (status, refused) = post(&s, "/api/games/0/step", json!({}));
    assert_eq!(status, 400);
    assert!(
        refused["error"].as_str().unwrap().contains("earlier step"),
        "{refused}"
    );
}

#[test]
fn dice_rolled_at_the_table_are_asked_for_and_recorded() {
    let s = serve(&root().join("scenarios/dice-pool/yard.toml"), "table");
    let (_, v) = post(&s, "/api/games/0/mode", json!({"dice": "table"}));
    assert_eq!(v["dice"], "table");
    let (_, v) = post(&s, "/api/games/0/step", json!({}));
    // The opening initiative waits on dice: what, for what, how many.
    let need = &v["need_dice"];
    assert!(need.is_object(), "{v}");
    assert_eq!(v["steps"], 0);
    let needed = need["needed"].as_u64().unwrap();
    assert!(needed >= 1);
    // A face a die cannot show is refused, and nothing is played.
    let (status, refused) = post(&s, "/api/games/0/dice", json!({"faces": [99]}));
    assert_eq!(status, 400, "{refused}");
    // Feed 1s (a face of every die) until the action is played.
    let mut v = get(&s, "/api/games/0");
    if v["need_dice"].is_null() {
        let (_, again) = post(&s, "/api/games/0/step", json!({}));
        v = again;
    }
    for _ in 0..50 {
        if v["steps"] == 1 {
            break;
        }
        let n = v["need_dice"]["needed"].as_u64().unwrap_or(1) as usize;
        let (status, next) = post(&s, "/api/games/0/dice", json!({"faces": vec![1; n]}));
        assert_eq!(status, 200, "{next}");
        v = next;
    }
    assert_eq!(v["steps"], 1, "{v}");
    let saved: Value =
        serde_json::from_str(&std::fs::read_to_string(v["save"].as_str().unwrap()).unwrap())
            .unwrap();
    let faces = saved["log"][0]["faces"].as_array().unwrap();
    assert!(
        !faces.is_empty() && faces.iter().all(|f| f == 1),
        "{faces:?}"
    );
}

#[test]
fn a_watcher_hears_of_every_change() {
    let s = serve(&root().join("scenarios/dice-pool/yard.toml"), "watch");
    let mut stream = TcpStream::connect(&s.addr).unwrap();
    write!(
        stream,
        "GET /api/games/0/watch HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n\r\n",
        s.addr
    )
    .unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(20)))
        .unwrap();
    let mut reader = BufReader::new(stream);
    let mut seen = String::new();
    // The first notice carries the current version (0); a step makes the next.
    let mut stepped = false;
    for _ in 0..200 {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            break;
        }
        seen.push_str(&line);
        if line.starts_with("data: 0") && !stepped {
            stepped = true;
            let (status, _) = post(&s, "/api/games/0/step", json!({}));
            assert_eq!(status, 200);
        }
        if line.starts_with("data: 1") {
            return;
        }
    }
    panic!("no change notice after a step: {seen}");
}

#[test]
fn a_json_log_replays_from_the_scenario_and_seed_it_names() {
    let s = serve(&root().join("scenarios/dice-pool/yard.toml"), "log");
    std::fs::create_dir_all(&s.saves).unwrap();
    let log = s.saves.join("yard.jsonl");
    let run = Command::new(env!("CARGO_BIN_EXE_fireteam"))
        .args([
            "run",
            "scenarios/dice-pool/yard.toml",
            "--seed",
            "4",
            "--stop-after",
            "12",
            "--json",
        ])
        .current_dir(root())
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    std::fs::write(&log, &run.stdout).unwrap();
    let head: Value =
        serde_json::from_str(String::from_utf8_lossy(&run.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(
        (
            head["scenario"].clone(),
            head["seed"].clone(),
            head["dice"].clone()
        ),
        (
            json!("scenarios/dice-pool/yard.toml"),
            json!(4),
            json!("seeded")
        )
    );
    let (status, v) = post(
        &s,
        "/api/open",
        json!({"path": log.display().to_string(), "replay": true}),
    );
    assert_eq!(status, 200, "{v}");
    let id = v["id"].as_u64().unwrap();
    let v = get(&s, &format!("/api/games/{id}"));
    assert_eq!(
        (v["step"].clone(), v["steps"].clone(), v["seed"].clone()),
        (json!(0), json!(12), json!(4))
    );
    assert!(v["save"].is_null(), "a log's replay is not saved");
    // Its last step is the battle `run` played: the same actions, in order.
    let entries = get(&s, &format!("/api/games/{id}/log?from=0"));
    let actions: Vec<&str> = entries
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    // One action per step of the log's event lines.
    let mut by_step: Vec<(u64, String)> = Vec::new();
    for v in String::from_utf8_lossy(&run.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["type"] == "event")
    {
        let step = v["step"].as_u64().unwrap();
        if by_step.last().map(|(s, _)| *s) != Some(step) {
            by_step.push((step, v["action"].as_str().unwrap().to_string()));
        }
    }
    let logged: Vec<&str> = by_step.iter().map(|(_, a)| a.as_str()).collect();
    assert_eq!(actions, logged);
}

/// Every AI-only tactical-3d6 scenario plays to its end on the battle map's server, one AI
/// step at a time, and its save replays.
#[test]
fn the_tactical_3d6_scenarios_play_to_the_end_on_the_battle_map() {
    for name in [
        "fencing-yard",
        "firefight",
        "ambush",
        "bench-duel",
        "mirror",
    ] {
        let file = root().join(format!("scenarios/tactical-3d6/{name}.toml"));
        let s = serve(&file, &format!("t3-{name}"));
        let mut v = get(&s, "/api/games/0");
        assert_eq!(v["system"], "tactical-3d6", "{name}");
        let mut steps = 0;
        while v["over"].is_null() {
            let (status, next) = post(&s, "/api/games/0/step", json!({}));
            assert_eq!(status, 200, "{name}: {next}");
            v = next;
            steps += 1;
            assert!(steps < 3000, "{name}: no end after {steps} steps");
        }
        let save = PathBuf::from(v["save"].as_str().unwrap().to_string());
        let out = Command::new(env!("CARGO_BIN_EXE_fireteam"))
            .arg("replay")
            .arg(&save)
            .current_dir(root())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
