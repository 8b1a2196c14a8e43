//! Counts the greedy AI's decisions on the demo by kind, with the time each kind takes:
//! `cargo run --release -p fireteam-dice-pool --example greedy_decisions`.
use fireteam_ai::{Explain, GreedyPolicy, Policy};
use fireteam_dice::SeededSource;
use fireteam_dice_pool::state::Phase;
use fireteam_dice_pool::{setup, DicePool};
use fireteam_engine::{Battle, Decision, RuleSystem};
use std::collections::BTreeMap;
use std::time::Instant;

fn main() {
    let rules = DicePool;
    let initial = setup::demo().build();
    let battles: u64 = std::env::args().nth(1).map_or(30, |a| a.parse().unwrap());
    let mut by_kind: BTreeMap<String, (u64, f64)> = BTreeMap::new();
    let t0 = Instant::now();
    for i in 0..battles {
        let mut policies: Vec<GreedyPolicy<DicePool>> =
            (0..2).map(|s| GreedyPolicy::new(1000 * i + s)).collect();
        let mut dice = SeededSource::new(i);
        let mut battle = Battle::new(&rules, initial.clone()).without_log();
        let mut legal = Vec::new();
        loop {
            let side = match battle.decision() {
                Decision::Over { .. } => break,
                Decision::Choose { side, .. } => side,
            };
            legal.clear();
            rules.legal_actions(battle.state(), &mut legal);
            let kind = match &battle.state().phase {
                Phase::Defense(_) => format!("defense, {} options", legal.len()),
                Phase::Activation => {
                    let u = battle.state().active().unwrap();
                    if battle.state().unit(u).moved {
                        "activation, moved".to_string()
                    } else {
                        "activation, may move".to_string()
                    }
                }
                Phase::TurnStart => "turn start".into(),
                Phase::Roll(..) => "roll".into(),
                Phase::Over => "over".into(),
            };
            let t = Instant::now();
            let c = policies[usize::from(side)].choose(
                &rules,
                battle.state(),
                side,
                &legal,
                Explain::No,
            );
            let e = by_kind.entry(kind).or_default();
            e.0 += 1;
            e.1 += t.elapsed().as_secs_f64();
            battle.step(&legal[c.index], &mut dice).unwrap();
        }
    }
    let total = t0.elapsed().as_secs_f64();
    println!(
        "{battles} battles, {:.2} ms per battle",
        total * 1000.0 / battles as f64
    );
    for (k, (n, t)) in by_kind {
        println!(
            "  {k:<28} {:>6.1} per battle, {:>8.1} µs each, {:>6.2} ms per battle",
            n as f64 / battles as f64,
            t * 1e6 / n as f64,
            t * 1000.0 / battles as f64
        );
    }
}
