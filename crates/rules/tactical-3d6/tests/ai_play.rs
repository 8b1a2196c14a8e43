//! The AI policies play fixture battles to the end.

mod common;

use common::*;
use fireteam_ai::PolicyKind;
use fireteam_sim::{run_battle, Side};
use fireteam_tactical_3d6::{Options, Tactical3d6};

#[test]
fn greedy_plays_a_rifle_against_a_sword_to_the_end() {
    let state = battle(
        vec![alice(), boris()],
        &[(1, 1), (9, 3)],
        Options::default(),
        12,
        5,
    );
    let sides = [
        Side::with_kind("A", PolicyKind::Greedy),
        Side::with_kind("B", PolicyKind::Greedy),
    ];
    let t = std::time::Instant::now();
    let mut wins = [0; 3];
    for i in 0..6 {
        let r = run_battle(&Tactical3d6, state.clone(), &sides, 7, i, 2000).unwrap();
        eprintln!("{r:?}");
        match r.result {
            fireteam_sim::BattleResult::Winner(s) => wins[usize::from(s)] += 1,
            _ => wins[2] += 1,
        }
    }
    eprintln!("{wins:?} in {:?}", t.elapsed());
}
