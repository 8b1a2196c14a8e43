//! The shipped scenarios (`scenarios/tactical-3d6/`): each loads, passes the engine's
//! conformance suite, and the AI plays it to the end.

use fireteam_ai::PolicyKind;
use fireteam_engine::conformance;
use fireteam_scenario::Loader;
use fireteam_sim::{run_battle, BattleResult, Side};
use fireteam_tactical_3d6::schema::Tactical3d6Schema;
use fireteam_tactical_3d6::{setup, State, Tactical3d6};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

pub const SHIPPED: [&str; 6] = [
    "fencing-yard.toml",
    "fencing-yard-human.toml",
    "firefight.toml",
    "ambush.toml",
    "bench-duel.toml",
    "mirror.toml",
];

fn initial(name: &str) -> State {
    let loader = Loader::new()
        .schema(&Tactical3d6Schema)
        .data_dir(root().join("data"));
    let loaded = loader
        .load_path(&root().join("scenarios/tactical-3d6").join(name))
        .unwrap_or_else(|d| panic!("{name}: {}", d.render_plain()));
    setup::setup(&loaded)
}

#[test]
fn every_shipped_scenario_passes_the_conformance_suite() {
    for name in SHIPPED {
        let state = initial(name);
        let report = conformance::check(
            &Tactical3d6,
            |_| state.clone(),
            conformance::Config {
                games: 3,
                max_steps: 120,
                seed: 17,
                enumerated_actions: 6,
                samples: 2000,
                enumeration_paths: conformance::ENUMERATION_PATHS,
            },
        )
        .unwrap_or_else(|e| panic!("{name}: the conformance suite failed: {e}"));
        eprintln!("{name}: {report:?}");
        assert_eq!(report.games, 3, "{name}");
    }
}

#[test]
fn greedy_plays_every_shipped_scenario_to_the_end() {
    for name in SHIPPED {
        let state = initial(name);
        let sides = [
            Side::with_kind("A", PolicyKind::Greedy),
            Side::with_kind("B", PolicyKind::Greedy),
        ];
        for i in 0..1 {
            let r = run_battle(&Tactical3d6, state.clone(), &sides, 3, i, 5000)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            eprintln!("{name}: {r:?}");
            assert!(
                matches!(r.result, BattleResult::Winner(_) | BattleResult::Draw),
                "{name}: battle {i} did not end: {r:?}"
            );
        }
    }
}

/// Prints one greedy battle of a shipped scenario (`T3_SCENARIO=name`, run with --nocapture).
#[test]
#[ignore = "a look at one battle, for people"]
fn print_one_greedy_battle() {
    use fireteam_ai::{Explain, Policy};
    use fireteam_engine::{Battle, Decision, RuleSystem};
    let name = std::env::var("T3_SCENARIO").unwrap_or_else(|_| "fencing-yard.toml".into());
    let state = initial(&name);
    let mut p: Vec<Box<dyn Policy<Tactical3d6>>> = vec![
        PolicyKind::Greedy.build(fireteam_sim::seeds::ai_seed(3, 0, 0)),
        PolicyKind::Greedy.build(fireteam_sim::seeds::ai_seed(3, 0, 1)),
    ];
    let mut battle = Battle::new(&Tactical3d6, state);
    let mut dice = fireteam_dice::SeededSource::new(fireteam_sim::seeds::dice_seed(3, 0));
    let mut legal = vec![];
    for _ in 0..80 {
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
