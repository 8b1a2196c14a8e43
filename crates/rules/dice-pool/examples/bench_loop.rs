//! Times the parts of the dice-pool loop on the demo's states: `cargo run --release -p
//! fireteam-dice-pool --example bench_loop`.
use fireteam_dice_pool::{geometry, setup, Action, DicePool};
use fireteam_engine::RuleSystem;
use std::time::Instant;

fn main() {
    let s0 = setup::demo().build();
    let rules = DicePool;
    // Start the turn so a unit is active.
    let mut dice = fireteam_dice::SeededSource::new(1);
    let mut s = s0.clone();
    let mut ev = Vec::new();
    rules
        .resolve(&s, &Action::StartTurn, &mut dice, &mut ev)
        .unwrap();
    for e in &ev {
        rules.apply(&mut s, e);
    }
    let mut out = Vec::new();
    let n = 200_000;
    let t = Instant::now();
    let mut total = 0;
    for _ in 0..n {
        out.clear();
        rules.legal_actions(&s, &mut out);
        total += out.len();
    }
    let el = t.elapsed();
    println!(
        "legal_actions (memo hit): {:.1} ns, {} actions",
        el.as_nanos() as f64 / n as f64,
        total / n
    );
    let u = s.active().unwrap();
    let pos = s.unit(u).pos;
    let t = Instant::now();
    let mut r = 0u32;
    for _ in 0..n {
        let reach = geometry::Reach::new(&s, pos, 10);
        r += reach.cost(pos).unwrap_or(0);
    }
    let el = t.elapsed();
    println!("Reach::new: {:.1} ns {r}", el.as_nanos() as f64 / n as f64);
    let reach = geometry::Reach::new(&s, pos, 10);
    let t = Instant::now();
    let mut c = 0;
    for _ in 0..n {
        reach.each_cell(1..=5, |p| c += p.col as usize);
        reach.each_cell(6..=10, |p| c += p.col as usize);
    }
    let el = t.elapsed();
    println!(
        "each_cell x2: {:.1} ns {c}",
        el.as_nanos() as f64 / n as f64
    );
}
