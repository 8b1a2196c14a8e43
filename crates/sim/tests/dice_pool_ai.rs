//! The greedy AI on the dice-pool demo: it beats random play, from either side, by a margin
//! whose 95% interval stays above one half.

use fireteam_ai::PolicyKind;
use fireteam_dice_pool::{setup::demo, DicePool};
use fireteam_sim::{simulate, Side, SimConfig};

fn greedy_share(greedy_side: usize, runs: u64) -> (u64, u64, (f64, f64)) {
    let setup = demo();
    let initial = setup.build();
    let sides: Vec<Side<DicePool>> = (0..2)
        .map(|i| {
            if i == greedy_side {
                Side::with_kind(setup.sides[i].clone(), PolicyKind::Greedy)
            } else {
                Side::random(setup.sides[i].clone())
            }
        })
        .collect();
    let mut config = SimConfig::new(runs, 77);
    config.threads = 2;
    config.timing = false;
    let report = simulate(&DicePool, |_| initial.clone(), &sides, &config, |_| {}).unwrap();
    (
        report.sides[greedy_side].wins,
        runs,
        report.ci95(greedy_side),
    )
}

#[test]
fn greedy_beats_random_on_the_demo_from_either_side() {
    for side in [0, 1] {
        let (wins, runs, (lo, _)) = greedy_share(side, 60);
        eprintln!("greedy as side {side}: {wins}/{runs} wins, 95% CI from {lo:.3}");
        assert!(
            lo > 0.5,
            "greedy as side {side}: {wins}/{runs}, CI from {lo:.3}"
        );
    }
}
