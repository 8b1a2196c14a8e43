//! The files the battle map may open: scenarios, saves and `--json` logs inside the folders the
//! server was given, and nowhere else. A path from the page is taken relative to those folders
//! and resolved (symbolic links and `..` included) before it is checked, so no path leads out.

use super::table::{Open, Refusal, Seat, Table};
use crate::scenario_files;
use fireteam_engine::{LogEntry, Save};
use fireteam_scenario::{Controller, Loaded};
use miette::{miette, Result};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// The folders the server may read from, and the one it saves to.
pub struct Roots {
    folders: Vec<PathBuf>,
    saves: PathBuf,
}

impl Roots {
    pub fn new(folders: &[PathBuf], saves: &Path) -> Result<Roots> {
        let canon = |p: &Path| {
            p.canonicalize()
                .map_err(|e| miette!("cannot open the folder {}: {e}", p.display()))
        };
        let saves = canon(saves)?;
        let mut all = Vec::new();
        for f in folders {
            let c = canon(f)?;
            if !all.contains(&c) {
                all.push(c);
            }
        }
        if !all.contains(&saves) {
            all.push(saves.clone());
        }
        Ok(Roots {
            folders: all,
            saves,
        })
    }

    pub fn saves(&self) -> &Path {
        &self.saves
    }

    /// A path the page names, resolved inside one of the folders, or refused.
    pub fn resolve(&self, asked: &str) -> Result<PathBuf, Refusal> {
        let asked_path = Path::new(asked);
        // Relative to each folder, or to the server's working folder (a log names its scenario
        // as `run` was given it); wherever it is found, it must lie inside a folder.
        let candidates: Vec<PathBuf> = if asked_path.is_absolute() {
            vec![asked_path.to_path_buf()]
        } else {
            self.folders
                .iter()
                .map(|f| f.join(asked_path))
                .chain(std::iter::once(asked_path.to_path_buf()))
                .collect()
        };
        for c in candidates {
            if let Ok(real) = c.canonicalize() {
                if self.folders.iter().any(|f| real.starts_with(f)) && real.is_file() {
                    return Ok(real);
                }
                if real.is_file() {
                    return Err(self.outside(asked));
                }
            }
        }
        if asked.split(['/', '\\']).any(|part| part == "..") || asked_path.is_absolute() {
            return Err(self.outside(asked));
        }
        Err(Refusal::new(format!(
            "there is no file '{asked}' in the folders this server opens"
        ))
        .help(self.folders_help()))
    }

    fn outside(&self, asked: &str) -> Refusal {
        Refusal::new(format!(
            "'{asked}' is outside the folders this server opens"
        ))
        .help(self.folders_help())
    }

    fn folders_help(&self) -> String {
        let names: Vec<String> = self
            .folders
            .iter()
            .map(|f| f.display().to_string())
            .collect();
        format!(
            "the server opens files in {}; start it with --dir DIR for another folder",
            names.join(", ")
        )
    }

    /// The scenarios, saves and logs in the folders (two levels deep), by folder.
    pub fn listing(&self) -> Value {
        let mut out = Vec::new();
        for root in &self.folders {
            let mut files = Vec::new();
            collect(root, root, 0, &mut files);
            files.sort();
            out.push(json!({"folder": root.display().to_string(), "files": files}));
        }
        Value::Array(out)
    }

    /// A new save file for a battle of `scenario`: `<stem>.<n>.json`, the first n unused.
    pub fn new_save(&self, scenario: &Path) -> PathBuf {
        let stem = scenario
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "battle".into());
        (1..)
            .map(|n| self.saves.join(format!("{stem}.{n}.json")))
            .find(|p| !p.exists())
            .unwrap_or_else(|| self.saves.join(format!("{stem}.json")))
    }
}

fn collect(root: &Path, dir: &Path, depth: u32, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "target" {
            continue;
        }
        if p.is_dir() && depth < 2 {
            collect(root, &p, depth + 1, out);
        } else if p
            .extension()
            .is_some_and(|x| x == "toml" || x == "json" || x == "jsonl")
        {
            if let Ok(rel) = p.strip_prefix(root) {
                out.push(rel.display().to_string());
            }
        }
    }
}

/// An opened battle, with its scenario's file and text for the setup editor (when the
/// scenario can be read).
pub struct Opened {
    pub table: Box<dyn Table>,
    pub scenario: Option<(PathBuf, String)>,
}

/// Opens a file as a battle: a scenario from its start, a save at its end (to play on) or at
/// its start (`play` false: a replay), a `--json` log as a replay.
pub fn open(
    roots: &Roots,
    data: Option<&Path>,
    path: &Path,
    play: bool,
) -> Result<Opened, Refusal> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Refusal::new(format!("cannot read {}: {e}", path.display())))?;
    if path.extension().is_some_and(|x| x == "toml") {
        let loaded = load(path, data)?;
        return Ok(Opened {
            table: start(roots, &loaded, path)?,
            scenario: Some((path.to_path_buf(), text)),
        });
    }
    let table = open_battle(roots, data, path, &text, play)?;
    Ok(Opened {
        table,
        scenario: None,
    })
}

/// A battle of `loaded` from its start, saved beside the others as `<stem of path>.<n>.json`.
pub fn start(roots: &Roots, loaded: &Loaded, path: &Path) -> Result<Box<dyn Table>, Refusal> {
    let open = Open {
        title: loaded.scenario.name.clone(),
        scenario: path.display().to_string(),
        seed: loaded.scenario.seed.unwrap_or(1),
        seats: seats(loaded)?,
        content_hashes: loaded.content_hashes(),
        save_path: Some(roots.new_save(path)),
        timeline: Vec::new(),
        replay: false,
        verify: true,
    };
    build(loaded, open)
}

/// A save or a `--json` log.
fn open_battle(
    roots: &Roots,
    data: Option<&Path>,
    path: &Path,
    text: &str,
    play: bool,
) -> Result<Box<dyn Table>, Refusal> {
    let first_line = text.lines().next().unwrap_or("");
    if let Ok(head) = serde_json::from_str::<Value>(first_line) {
        if head["type"] == "battle" {
            return open_log(roots, data, path, text, &head);
        }
    }
    let save = Save::parse(text, path).map_err(|e| {
        Refusal::new(format!("{e}"))
            .help("the battle map opens scenarios (.toml), saves and --json logs")
    })?;
    let loaded = crate::replay::scenario_of(&save, path, None, data)
        .map_err(|e| Refusal::new(format!("{}: {e}", path.display())))?;
    let open = Open {
        title: loaded.scenario.name.clone(),
        scenario: loaded.scenario.file.name.clone(),
        seed: save.seed,
        seats: seats(&loaded)?,
        content_hashes: save.content_hashes.clone(),
        save_path: Some(path.to_path_buf()),
        timeline: save.log,
        replay: !play,
        verify: true,
    };
    build(&loaded, open)
}

/// A `--json` log: its header names the scenario and the seed; its event lines give each
/// action in order. Dice from the seed replay it; a log played with dice at the table holds
/// no faces, so its save is the file to open.
fn open_log(
    roots: &Roots,
    data: Option<&Path>,
    path: &Path,
    text: &str,
    head: &Value,
) -> Result<Box<dyn Table>, Refusal> {
    let Some(scenario) = head["scenario"].as_str() else {
        return Err(Refusal::new(format!(
            "{} is a log without the scenario it was played from",
            path.display()
        ))
        .help("logs written by this version name their scenario; open the battle's save instead"));
    };
    if head["dice"].as_str().is_some_and(|d| d != "seeded") {
        return Err(Refusal::new(format!(
            "{} is a log of a battle whose dice did not come from its seed",
            path.display()
        ))
        .help("open the battle's save, which holds every face rolled"));
    }
    // The log names its scenario; it is opened only inside the folders the server was given.
    let scenario_path = roots.resolve(scenario).or_else(|e| {
        path.parent()
            .and_then(|d| d.join(scenario).to_str().map(|p| roots.resolve(p)))
            .unwrap_or(Err(e))
    })?;
    let loaded = load(&scenario_path, data)?;
    let mut timeline: Vec<LogEntry> = Vec::new();
    let mut last_step = None;
    for (n, line) in text.lines().enumerate().skip(1) {
        let v: Value = serde_json::from_str(line).map_err(|e| {
            Refusal::new(format!(
                "{}:{}: not a JSON line: {e}",
                path.display(),
                n + 1
            ))
        })?;
        if v["type"] != "event" {
            continue;
        }
        let step = v["step"].as_u64();
        if step != last_step {
            last_step = step;
            timeline.push(LogEntry {
                action: v["action"].as_str().unwrap_or_default().to_string(),
                checksum: 0,
                faces: None,
            });
        }
    }
    let open = Open {
        title: loaded.scenario.name.clone(),
        scenario: scenario_path.display().to_string(),
        seed: head["seed"].as_u64().unwrap_or(1),
        seats: seats(&loaded)?,
        content_hashes: loaded.content_hashes(),
        save_path: None,
        timeline,
        replay: true,
        verify: false,
    };
    build(&loaded, open)
}

pub fn load(path: &Path, data: Option<&Path>) -> Result<Loaded, Refusal> {
    scenario_files::load(path, data).map_err(|e| {
        Refusal::new(format!("{e}"))
            .help("fix the file, then open it again; `fireteam check FILE` lists the same problems")
    })
}

fn seats(loaded: &Loaded) -> Result<Vec<Seat>, Refusal> {
    loaded
        .scenario
        .sides
        .iter()
        .map(|s| match &s.controller {
            Controller::Human | Controller::Script => Ok(Seat::Human),
            Controller::Ai(p) => Seat::parse(p),
        })
        .collect()
}

fn build(loaded: &Loaded, open: Open) -> Result<Box<dyn Table>, Refusal> {
    scenario_files::with_system(&loaded.scenario.system, loaded, open)
        .map_err(|e| Refusal::new(format!("{e}")))
}
