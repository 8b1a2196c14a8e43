//! Where the greedy AI's best actions tie on the mirrored yard, and how often the tie is
//! between places in different columns (decided by the legal order, west first):
//! `cargo run --release -p fireteam-dice-pool --example ties`.
use fireteam_ai::{Explain, GreedyPolicy, Policy};
use fireteam_dice::SeededSource;
use fireteam_dice_pool::scenario::{setup, DicePoolSchema};
use fireteam_dice_pool::{Action, DicePool};
use fireteam_engine::{Battle, Decision, Evaluate, RuleSystem};
use fireteam_scenario::Loader;

fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
    let loader = Loader::new()
        .schema(&DicePoolSchema)
        .data_dir(root.join("data"));
    let loaded = loader
        .load_path(&root.join("scenarios/dice-pool/yard-mirror.toml"))
        .unwrap_or_else(|d| panic!("{}", d.render_plain()));
    let initial = setup(&loaded).build();
    let rules = DicePool;
    let (mut decisions, mut ties, mut column_ties) = (0, 0, 0);
    let mut shown = 0;
    for i in 0..300u64 {
        let mut policies: Vec<GreedyPolicy<DicePool>> =
            (0..2).map(|s| GreedyPolicy::new(1000 * i + s)).collect();
        let mut dice = SeededSource::new(i);
        let mut battle = Battle::new(&rules, initial.clone()).without_log();
        let mut legal = Vec::new();
        let mut est = Vec::new();
        loop {
            let side = match battle.decision() {
                Decision::Over { .. } => break,
                Decision::Choose { side, .. } => side,
            };
            legal.clear();
            rules.legal_actions(battle.state(), &mut legal);
            if legal.len() > 1 {
                decisions += 1;
                rules.estimate(battle.state(), side, &legal, &mut est);
                let best = est
                    .iter()
                    .flatten()
                    .fold(f64::NEG_INFINITY, |a, &b| a.max(b));
                let top: Vec<usize> = (0..legal.len()).filter(|&k| est[k] == Some(best)).collect();
                if top.len() > 1 {
                    ties += 1;
                    let cols: Vec<_> = top
                        .iter()
                        .filter_map(|&k| match legal[k] {
                            Action::Move { to, .. } => Some(to.col),
                            _ => None,
                        })
                        .collect();
                    if cols.iter().any(|&c| c != cols[0]) {
                        column_ties += 1;
                        if shown < 12 {
                            shown += 1;
                            let s = battle.state();
                            let texts: Vec<String> = top
                                .iter()
                                .map(|&k| rules.action_text(s, &legal[k]))
                                .collect();
                            let units: Vec<String> = s
                                .units
                                .iter()
                                .filter(|u| !u.out)
                                .map(|u| format!("{}@{}", u.name, u.pos))
                                .collect();
                            println!("{:?}  units {:?}", texts, units);
                        }
                    }
                }
            }
            let c = policies[usize::from(side)].choose(
                &rules,
                battle.state(),
                side,
                &legal,
                Explain::No,
            );
            battle.step(&legal[c.index], &mut dice).unwrap();
        }
    }
    println!("{decisions} decisions with a choice, {ties} ties at the top, {column_ties} between moves to different columns");
}
