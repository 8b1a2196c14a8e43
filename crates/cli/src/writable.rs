//! Output paths checked before a battle starts, so a save or a log that cannot be written is
//! reported at once, not after an hour of play.

use miette::{miette, Result};
use std::path::Path;

/// Checks that `path` (given with `flag`, e.g. `--save`) can be written: it is not a folder,
/// its folder exists, and a file can be made there. Leaves nothing behind.
pub fn check(path: &Path, flag: &str) -> Result<()> {
    let shown = path.display();
    if path.is_dir() {
        return Err(miette!(
            help = format!(
                "give {flag} a file name, e.g. {flag} {}",
                path.join("battle.json").display()
            ),
            "{flag} {shown} is a folder, not a file"
        ));
    }
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !dir.is_dir() {
        return Err(miette!(
            help = format!(
                "create the folder {} first, or give {flag} another path",
                dir.display()
            ),
            "{flag} {shown}: the folder {} does not exist",
            dir.display()
        ));
    }
    // Saves are written beside the target and renamed over it, so the folder must take a new
    // file; a log is written in place, so an existing one must open for writing.
    let probe = dir.join(format!(".fireteam-probe-{}", std::process::id()));
    let made = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe);
    match made {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
        }
        Err(e) => {
            return Err(miette!(
                help = format!("give {flag} a path in a folder you can write to"),
                "{flag} {shown}: cannot write in {}: {e}",
                dir.display()
            ))
        }
    }
    if path.exists() {
        std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| {
                miette!(
                    help = format!("give {flag} another path, or make {shown} writable"),
                    "{flag} {shown} cannot be written: {e}"
                )
            })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_a_missing_folder_and_a_fine_path_are_told_apart() {
        let dir = std::env::temp_dir().join(format!("fireteam-writable-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let e = check(&dir, "--save").unwrap_err().to_string();
        assert!(e.ends_with("is a folder, not a file"), "{e}");
        let e = check(&dir.join("no/such/x.json"), "--log")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("the folder") && e.ends_with("does not exist"),
            "{e}"
        );
        let fine = dir.join("x.json");
        check(&fine, "--save").unwrap();
        assert!(!fine.exists(), "the check leaves nothing behind");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
