//! # fireteam-scenario
//!
//! Loads and validates scenario files and content catalogs, for every rule system. A system
//! describes itself through [`ScenarioSchema`] (its options, unit stats, stances, facings and
//! catalog kinds); this crate checks files against that description and returns either a plain
//! [`Scenario`] and [`Catalog`], or [`Diagnostics`] holding *every* problem found, each with
//! file, line, column, field path, message and a suggested fix.
//!
//! It is not a battle state: a rule system turns a `Scenario` into its own state. The format is
//! documented in `docs/scenario.md`.
//!
//! ```
//! use fireteam_scenario::{Loader, SourceFile, testing::TestSchema};
//!
//! let terrain = "[[terrain]]\nid = \"open\"\nprovenance = { invented = \"example\" }\n";
//! let loader = Loader::new()
//!     .schema(&TestSchema)
//!     .catalog_files("fixture", vec![SourceFile::new("terrain.toml", terrain)]);
//! let text = r#"
//! system = "fixture"
//! name = "Duel"
//! [map]
//! legend = { "." = "open" }
//! rows = """
//! ....
//! """
//! [[sides]]
//! name = "Red"
//! controller = "human"
//! [[units]]
//! name = "Ana"
//! side = "Red"
//! at = [9, 0]
//! stats = { skill = 4 }
//! "#;
//! let err = loader.load(&SourceFile::new("duel.toml", text)).unwrap_err();
//! assert_eq!(
//!     err.render_plain(),
//!     "duel.toml:15:6: units[0].at: 9,0 is off the map, which is 4 wide and 1 high \
//!      (help: use a column from 0 to 3 and a row from 0 to 0)\n"
//! );
//! ```

mod catalog;
mod catalog_load;
mod check;
mod hash;
mod loader;
mod parse;
mod problem;
mod reader;
mod scenario;
mod schema;
mod source;
pub mod suggest;
pub mod testing;
mod value;

pub use catalog::{Catalog, Entry, Provenance};
pub use catalog_load::{load_catalog, load_catalog_dir};
pub use hash::content_hash;
pub use loader::{load_scenario, Loaded, Loader};
pub use problem::{Diagnostics, Problem, ProblemKind};
pub use scenario::{
    parse_cell, Cell, Controller, FileInfo, GridKind, Map, Position, Scenario, Side, Unit,
};
pub use schema::{
    CatalogRole, CatalogSpec, FieldError, FieldKind, FieldSpec, OptionKind, OptionSpec,
    OptionValue, ScenarioSchema, StatSpec, TERRAIN_FIELDS,
};
pub use source::SourceFile;
pub use suggest::did_you_mean;
pub use value::Value;
