//! Saves: the ruleset and its version, the content hashes of the scenario and catalogs, the
//! seed, and the action log. Not a dump of memory, so a save outlives changes to the state's
//! layout; loading one replays the log and checks every checksum.

use crate::battle::{Battle, LogEntry};
use crate::protocol::RuleSystem;
use fireteam_dice::{DiceSource, ScriptedSource, SeededSource};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The format tag and version written in every save. Version 2 adds `workdir`; version 1
/// saves, without it, read as before. (A fireteam that reads only version 1 then says to
/// upgrade, rather than that it does not know the field.)
pub const FORMAT: &str = "fireteam-save";
pub const FORMAT_VERSION: u32 = 2;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Save {
    pub format: String,
    pub format_version: u32,
    pub system: String,
    pub system_version: String,
    /// Content hashes of the scenario and catalogs, by file name.
    pub content_hashes: BTreeMap<String, String>,
    /// The working folder the relative file names of `content_hashes` started from, so that a
    /// replay from another folder finds them (absent in version 1 saves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub workdir: Option<String>,
    pub seed: u64,
    pub log: Vec<LogEntry>,
}

#[derive(Debug, Error)]
pub enum SaveError {
    #[error("cannot write the save {path}: {message}")]
    Write { path: PathBuf, message: String },
    #[error("cannot read the save {path}: {message}")]
    Read { path: PathBuf, message: String },
    #[error("{path}:{line}:{column}: {message}")]
    Parse {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{path}: {message}")]
    Mismatch { path: PathBuf, message: String },
    #[error("the replay diverges at action {index} ('{action}'): checksum {got:016x}, the save says {expected:016x}")]
    Diverged {
        index: usize,
        action: String,
        expected: u64,
        got: u64,
    },
    #[error("action {index} of the log, '{action}', cannot be replayed: {message}")]
    Replay {
        index: usize,
        action: String,
        message: String,
    },
}

impl Save {
    pub fn new<R: RuleSystem>(
        rules: &R,
        seed: u64,
        content_hashes: BTreeMap<String, String>,
        log: Vec<LogEntry>,
    ) -> Self {
        Save {
            format: FORMAT.into(),
            format_version: FORMAT_VERSION,
            system: rules.name().into(),
            system_version: rules.version().into(),
            content_hashes,
            workdir: std::env::current_dir()
                .ok()
                .map(|d| d.display().to_string()),
            seed,
            log,
        }
    }

    /// Writes the save atomically: to a temporary file beside `path`, flushed to disk, then
    /// renamed over it. A crash leaves either the old save or the new one, never half of one.
    pub fn write_atomic(&self, path: &Path) -> Result<(), SaveError> {
        let err = |e: std::io::Error| SaveError::Write {
            path: path.to_path_buf(),
            message: e.to_string(),
        };
        let text = serde_json::to_string_pretty(self).map_err(|e| SaveError::Write {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
        let dir = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
        let result = (|| {
            let mut f = std::fs::File::create(&tmp)?;
            f.write_all(text.as_bytes())?;
            f.write_all(b"\n")?;
            f.sync_all()?;
            std::fs::rename(&tmp, path)
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result.map_err(err)
    }

    pub fn read(path: &Path) -> Result<Save, SaveError> {
        let text = std::fs::read_to_string(path).map_err(|e| SaveError::Read {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
        Self::parse(&text, path)
    }

    pub fn parse(text: &str, path: &Path) -> Result<Save, SaveError> {
        let save: Save = serde_json::from_str(text).map_err(|e| SaveError::Parse {
            path: path.to_path_buf(),
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        })?;
        if save.format != FORMAT {
            return Err(SaveError::Mismatch {
                path: path.to_path_buf(),
                message: format!("this is not a fireteam save (format '{}')", save.format),
            });
        }
        if save.format_version > FORMAT_VERSION {
            return Err(SaveError::Mismatch {
                path: path.to_path_buf(),
                message: format!(
                    "the save has format version {}, newer than this fireteam reads ({FORMAT_VERSION}); upgrade fireteam",
                    save.format_version
                ),
            });
        }
        Ok(save)
    }

    /// Replays the log from `initial`, checking the checksum after every action, and returns the
    /// battle where the save left it. Seeded actions use the save's seed; actions whose faces
    /// were recorded use those faces.
    pub fn replay<'r, R: RuleSystem>(
        &self,
        rules: &'r R,
        initial: R::State,
    ) -> Result<Battle<'r, R>, SaveError> {
        let mut battle = Battle::new(rules, initial);
        let mut seeded = SeededSource::new(self.seed);
        for (index, entry) in self.log.iter().enumerate() {
            let replay_err = |message: String| SaveError::Replay {
                index,
                action: entry.action.clone(),
                message,
            };
            let action = rules
                .parse_action(battle.state(), &entry.action)
                .map_err(|e| replay_err(e.to_string()))?;
            let mut scripted;
            let dice: &mut dyn DiceSource = match &entry.faces {
                Some(f) => {
                    scripted = ScriptedSource::new(f.clone());
                    &mut scripted
                }
                None => &mut seeded,
            };
            battle
                .step(&action, dice)
                .map_err(|e| replay_err(e.to_string()))?;
            let got = battle.log()[index].checksum;
            if got != entry.checksum {
                return Err(SaveError::Diverged {
                    index,
                    action: entry.action.clone(),
                    expected: entry.checksum,
                    got,
                });
            }
        }
        Ok(battle)
    }
}
