//! `fireteam check FILE…`: validates scenarios and reports every problem at once.

use crate::format::emit;
use crate::scenario_files;
use clap::Args;
use fireteam_engine::count;
use miette::{miette, Result};
use std::path::PathBuf;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  fireteam check scenarios/dice-pool/yard.toml\n  fireteam check scenarios/dice-pool/*.toml"
)]
pub struct CheckArgs {
    /// Scenario files to check
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The catalog folder (default: the `data/` beside or above the scenario, else the built-in
    /// catalogs)
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
}

pub fn run(args: CheckArgs) -> Result<()> {
    let mut failed = 0;
    for f in &args.files {
        match scenario_files::load(f, args.data.as_deref()) {
            Ok(l) => emit(&format!(
                "ok: {} — \"{}\" ({}, {}, {}, {}×{} map)",
                f.display(),
                l.scenario.name,
                l.scenario.system,
                count(l.scenario.sides.len(), "side", "sides"),
                count(l.scenario.units.len(), "unit", "units"),
                l.scenario.map.width,
                l.scenario.map.height
            ))?,
            Err(e) => {
                failed += 1;
                eprintln!("{e}");
            }
        }
    }
    if failed > 0 {
        return Err(miette!(
            "{failed} of {} file(s) have problems",
            args.files.len()
        ));
    }
    Ok(())
}
