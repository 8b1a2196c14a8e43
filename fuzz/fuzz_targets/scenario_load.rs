//! Loads arbitrary bytes as a scenario (with the dice-pool schema and the real
//! `data/dice-pool` catalog) and as a catalog file. Problems are fine; a panic is a bug. The
//! checked invariants:
//!
//! - a load either succeeds or reports at least one problem;
//! - every problem's span lies inside its file, on character boundaries, and its line and
//!   column agree with the span;
//! - a loaded scenario is consistent: `width * height` cells, units on the map, in distinct
//!   cells, and on sides that exist.

#![no_main]

use fireteam_dice_pool::schema::DicePoolSchema;
use fireteam_scenario::{load_catalog, Diagnostics, Loader, SourceFile};
use libfuzzer_sys::fuzz_target;
use std::collections::HashSet;

const WEAPONS: &str = include_str!("../../data/dice-pool/weapons.toml");
const TERRAIN: &str = include_str!("../../data/dice-pool/terrain.toml");

fuzz_target!(|data: &[u8]| {
    let file = match SourceFile::from_bytes("fuzz.toml", data) {
        Ok(f) => f,
        Err(d) => {
            assert!(d.problems()[0].line >= 1);
            return;
        }
    };
    let loader = Loader::new()
        .schema(&DicePoolSchema)
        .policies(["greedy", "random"])
        .catalog_files(
            "dice-pool",
            vec![
                SourceFile::new("weapons.toml", WEAPONS),
                SourceFile::new("terrain.toml", TERRAIN),
            ],
        );
    match loader.load(&file) {
        Ok(loaded) => {
            let s = &loaded.scenario;
            assert_eq!(s.map.cells.len(), (s.map.width * s.map.height) as usize);
            let mut cells = HashSet::new();
            for u in &s.units {
                assert!(s.map.cell(u.at).is_some(), "unit off the map");
                assert!(cells.insert(u.at), "two units in one cell");
                assert!(u.side < s.sides.len(), "unit on a missing side");
            }
        }
        Err(d) => check(&d, &file),
    }
    if let Err(d) = load_catalog(std::slice::from_ref(&file), &DicePoolSchema) {
        check(&d, &file);
    }
});

fn check(d: &Diagnostics, file: &SourceFile) {
    assert!(!d.is_empty(), "a failed load must say why");
    let _ = d.render_plain();
    for p in d.problems() {
        if p.file != file.name() {
            continue;
        }
        let span = p.span.clone().expect("problems in the file have a place");
        assert!(span.start <= span.end && span.end <= file.text().len());
        assert!(file.text().is_char_boundary(span.start));
        assert!(file.text().is_char_boundary(span.end));
        assert_eq!((p.line, p.column), file.line_col(span.start));
    }
}
