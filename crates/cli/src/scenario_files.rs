//! Finding and loading scenario files for the commands, with every problem reported.

use fireteam_dice_pool::scenario::DicePoolSchema;
use fireteam_scenario::{Loaded, Loader};
use miette::{miette, Result};
use std::path::{Path, PathBuf};

/// The catalog folder: `--data`, else `FIRETEAM_DATA`, else the first `data/` found beside the
/// scenario or above it, else `./data`.
pub fn data_dir(scenario: &Path, given: Option<&Path>) -> PathBuf {
    if let Some(d) = given {
        return d.to_path_buf();
    }
    if let Some(d) = std::env::var_os("FIRETEAM_DATA") {
        return PathBuf::from(d);
    }
    let start = scenario
        .canonicalize()
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf));
    let mut dir = start.as_deref();
    while let Some(d) = dir {
        if d.join("data").is_dir() {
            return d.join("data");
        }
        dir = d.parent();
    }
    PathBuf::from("data")
}

/// Loads a scenario of a system fireteam plays, or returns every problem found.
pub fn load(path: &Path, data: Option<&Path>) -> Result<Loaded> {
    let loader = Loader::new()
        .schema(&DicePoolSchema)
        .data_dir(data_dir(path, data))
        .policies(fireteam_ai::PolicyKind::ALL.iter().map(|k| k.name()));
    loader.load_path(path).map_err(|d| {
        let n = d.len();
        miette!(
            "{}{} problem{} in {}",
            d.render_plain(),
            n,
            if n == 1 { "" } else { "s" },
            path.display()
        )
    })
}
