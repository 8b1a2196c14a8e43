//! What the README tells a user to type stays true.

use std::path::PathBuf;

fn readme() -> String {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::read_to_string(root.join("README.md")).expect("the README")
}

#[test]
fn the_install_command_uses_the_lockfile() {
    // Without --locked, cargo install resolves dependencies afresh and may build versions the
    // workspace was never tested with.
    let text = readme();
    let installs: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with("cargo install"))
        .collect();
    assert!(!installs.is_empty(), "the README says how to install");
    for line in installs {
        assert!(line.contains("--locked"), "{line}");
        assert!(line.contains("--path crates/cli"), "{line}");
    }
}
