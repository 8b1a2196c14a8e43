//! The save of a battle being played, kept current after every action, so that a `save`
//! command, `quit` and Ctrl-C write everything played so far.
//!
//! Ctrl-C cannot reach the battle itself: the main thread may be waiting on the terminal for
//! a person's answer, or inside an AI's search. So the battle's log is copied here one entry
//! per action, behind a lock, and the Ctrl-C handler (its own thread, from the `ctrlc` crate)
//! writes that copy. Every write takes the lock, so the handler never writes while the main
//! thread does, and each is atomic (`Save::write_atomic`): a save is whole or not there.

use crate::terminal::Saves;
use fireteam_engine::{count, LogEntry, Save};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

/// The exit code after Ctrl-C: 128 + SIGINT, as a shell reports a process Ctrl-C ended.
pub const INTERRUPTED: i32 = 130;

struct Kept {
    /// Where saves go: `--save`, or the last `save FILE`.
    path: Option<PathBuf>,
    save: Save,
    /// How to go on from a save, e.g. `fireteam run arena.toml --resume`; None when a battle
    /// cannot be resumed (the demo).
    resume: Option<String>,
}

#[derive(Clone)]
pub struct Keeper {
    kept: Arc<Mutex<Kept>>,
}

impl Keeper {
    /// `save` holds the battle's log so far (a resumed battle's replayed actions); `resume`
    /// is the command that goes on from a save, less the save's path.
    pub fn new(save: Save, path: Option<PathBuf>, resume: Option<String>) -> Self {
        Keeper {
            kept: Arc::new(Mutex::new(Kept { path, save, resume })),
        }
    }

    /// How to go on from the save at `path`, for the messages after quitting.
    pub fn resume_hint(&self, path: &Path) -> String {
        match &self.lock().resume {
            Some(r) => format!(" (go on with `{r} {}`)", path.display()),
            None => String::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Kept> {
        // A panic elsewhere while holding the lock leaves the log whole: keep using it.
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Adds the action just played.
    pub fn record(&self, entry: LogEntry) {
        self.lock().save.log.push(entry);
    }

    pub fn path(&self) -> Option<PathBuf> {
        self.lock().path.clone()
    }

    /// Writes the save to `to` (which, once written, becomes the save file from now on), or to
    /// the save file set. Returns where it went and how many actions it holds; None when no
    /// file is set.
    pub fn write(&self, to: Option<&Path>) -> Result<Option<(PathBuf, usize)>, String> {
        let mut kept = self.lock();
        let Some(path) = to.map(Path::to_path_buf).or_else(|| kept.path.clone()) else {
            return Ok(None);
        };
        kept.save.write_atomic(&path).map_err(|e| e.to_string())?;
        kept.path = Some(path.clone());
        Ok(Some((path, kept.save.log.len())))
    }

    /// On Ctrl-C: write the save when a file is set, say so, and end the process with
    /// [`INTERRUPTED`]. Installed once per process; a second install is ignored.
    pub fn save_on_ctrl_c(&self) {
        let keeper = self.clone();
        let _ = ctrlc::set_handler(move || {
            let said = match keeper.write(None) {
                Ok(Some((p, n))) => format!(
                    "interrupted: saved {} to {}{}",
                    count(n, "action", "actions"),
                    p.display(),
                    keeper.resume_hint(&p)
                ),
                Ok(None) => "interrupted: nothing saved (no --save file)".into(),
                Err(e) => format!("interrupted: {e}"),
            };
            eprintln!("\n{said}");
            // Hold the lock to the end, so the main thread starts no write that exit would cut.
            let _held = keeper.lock();
            std::process::exit(INTERRUPTED);
        });
    }
}

impl Saves for Keeper {
    fn save(&mut self, to: Option<&Path>) -> Result<String, String> {
        match self.write(to)? {
            Some((p, n)) => Ok(format!(
                "saved {} to {}",
                count(n, "action", "actions"),
                p.display()
            )),
            None => Err("no save file: type `save FILE`".into()),
        }
    }

    fn path(&self) -> Option<PathBuf> {
        Keeper::path(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fireteam_engine::toy::Duel;

    #[test]
    fn the_kept_save_holds_every_action_recorded_and_follows_save_as() {
        let dir = std::env::temp_dir().join(format!("fireteam-keep-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let k = Keeper::new(
            Save::new(&Duel::default(), 3, Default::default(), vec![]),
            None,
            None,
        );
        assert_eq!(k.write(None), Ok(None), "no file, no save");
        let entry = |n| LogEntry {
            action: format!("a{n}"),
            checksum: n,
            faces: None,
        };
        k.record(entry(1));
        let first = dir.join("first.json");
        assert_eq!(k.write(Some(&first)), Ok(Some((first.clone(), 1))));
        k.record(entry(2));
        assert_eq!(k.write(None), Ok(Some((first.clone(), 2))));
        // A file that cannot be written is refused and the save file stays as it was.
        let bad = dir.join("no/such/folder.json");
        assert!(k
            .write(Some(&bad))
            .unwrap_err()
            .contains("cannot write the save"));
        assert_eq!(k.path(), Some(first.clone()));
        let back = Save::read(&first).unwrap();
        assert_eq!(back.seed, 3);
        assert_eq!(back.log, vec![entry(1), entry(2)]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
