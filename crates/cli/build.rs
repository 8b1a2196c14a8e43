//! Embeds the shipped catalogs (`data/<system>/*.toml`) in the binary, so that an installed
//! `fireteam` plays the shipped scenarios with no data folder on disk.

use std::fmt::Write;
use std::path::Path;

fn main() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data");
    println!("cargo:rerun-if-changed={}", data.display());
    let mut files = Vec::new();
    if let Ok(systems) = std::fs::read_dir(&data) {
        for system in systems.flatten().filter(|e| e.path().is_dir()) {
            println!("cargo:rerun-if-changed={}", system.path().display());
            for f in std::fs::read_dir(system.path())
                .into_iter()
                .flatten()
                .flatten()
            {
                let p = f.path();
                if p.extension().is_some_and(|x| x == "toml") && p.is_file() {
                    let name = format!(
                        "{}/{}",
                        system.file_name().to_string_lossy(),
                        f.file_name().to_string_lossy()
                    );
                    files.push((name, p.canonicalize().unwrap_or(p)));
                }
            }
        }
    }
    // Sorted, as the loader reads a folder: the catalog does not depend on the file system.
    files.sort();
    let mut out = String::from("&[\n");
    for (name, path) in &files {
        let _ = writeln!(
            out,
            "    ({name:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    out.push(']');
    let dest = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("data.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
