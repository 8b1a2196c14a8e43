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
            fireteam_sim::BattleResult::Winner(s) => {
                // The loser's one fighter is out; the winner's is not.
                assert_eq!(r.casualties[usize::from(1 - s)], 1, "{r:?}");
                assert_eq!(r.casualties[usize::from(s)], 0, "{r:?}");
                wins[usize::from(s)] += 1
            }
            fireteam_sim::BattleResult::Draw => {
                assert_eq!(r.rounds, 60, "a draw only at the turn limit: {r:?}");
                wins[2] += 1
            }
            other => panic!("battle {i} did not end: {other:?}"),
        }
    }
    eprintln!("{wins:?} in {:?}", t.elapsed());
    assert!(
        wins[0] + wins[1] >= 4,
        "greedy decides most of these duels: {wins:?}"
    );
}

/// Prints one greedy battle's actions (run with --nocapture to read it).
#[test]
#[ignore = "a look at one battle, for people"]
fn print_one_greedy_battle() {
    use fireteam_ai::{Explain, Policy};
    use fireteam_engine::{Battle, Decision, RuleSystem};
    let state = battle(
        vec![alice(), boris()],
        &[(1, 1), (9, 3)],
        Options::default(),
        12,
        5,
    );
    let mut p: Vec<Box<dyn Policy<Tactical3d6>>> = vec![
        PolicyKind::Greedy.build(fireteam_sim::seeds::ai_seed(7, 2, 0)),
        PolicyKind::Greedy.build(fireteam_sim::seeds::ai_seed(7, 2, 1)),
    ];
    let mut battle = Battle::new(&Tactical3d6, state);
    let mut dice = fireteam_dice::SeededSource::new(fireteam_sim::seeds::dice_seed(7, 2));
    let mut legal = vec![];
    for _ in 0..60 {
        let Decision::Choose { side, .. } = battle.decision() else {
            break;
        };
        legal.clear();
        Tactical3d6.legal_actions(battle.state(), &mut legal);
        let c =
            p[usize::from(side)].choose(&Tactical3d6, battle.state(), side, &legal, Explain::No);
        let a = legal[c.index].clone();
        eprintln!("{}", Tactical3d6.action_text(battle.state(), &a));
        battle.step(&a, &mut dice).unwrap();
    }
}
