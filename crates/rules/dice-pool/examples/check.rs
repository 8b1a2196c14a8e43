//! Checks scenario files against the dice-pool schema and prints every problem with its source
//! drawn (`fireteam check` prints them one line each):
//! `cargo run -p fireteam-dice-pool --example check -- FILE...` (add `--plain` for one line per
//! problem). Run from the workspace root so `data/` is found.

use fireteam_dice_pool::schema::DicePoolSchema;
use fireteam_scenario::Loader;
use miette::{GraphicalReportHandler, GraphicalTheme};
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let plain = args.iter().any(|a| a == "--plain");
    let loader = Loader::new()
        .schema(&DicePoolSchema)
        .data_dir("data")
        .policies(["greedy", "random"]);
    let mut failed = false;
    for path in args.iter().filter(|a| !a.starts_with("--")) {
        match loader.load_path(Path::new(path)) {
            Ok(loaded) => println!(
                "{path}: ok — '{}', {} units on a {}x{} map",
                loaded.scenario.name,
                loaded.scenario.units.len(),
                loaded.scenario.map.width,
                loaded.scenario.map.height
            ),
            Err(diagnostics) => {
                failed = true;
                if plain {
                    print!("{}", diagnostics.render_plain());
                } else {
                    let mut out = String::new();
                    GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
                        .render_report(&mut out, &diagnostics)
                        .expect("rendering to a string cannot fail");
                    print!("{out}");
                }
            }
        }
    }
    std::process::exit(i32::from(failed));
}
