//! tactical-3d6 against the engine's conformance suite: legal actions unique and resolvable,
//! text forms that parse back, invariants after every action, replays and saves that reproduce
//! every checksum, and enumerated odds that sum to 1 and agree with sampling.

mod common;

use common::*;
use fireteam_engine::conformance;
use fireteam_tactical_3d6::{Options, Tactical3d6};

#[test]
fn a_rifle_against_a_sword_passes_the_conformance_suite() {
    let mut b = boris();
    b.weapons = vec![(2, 14), (3, 12)];
    let state = battle(
        vec![alice(), b],
        &[(1, 1), (5, 2)],
        Options::default(),
        8,
        5,
    );
    let report = conformance::check(
        &Tactical3d6,
        |_| state.clone(),
        conformance::Config {
            games: 20,
            max_steps: 200,
            seed: 3,
            enumerated_actions: 20,
            samples: 2000,
            enumeration_paths: conformance::ENUMERATION_PATHS,
        },
    )
    .unwrap_or_else(|e| panic!("the conformance suite failed: {e}"));
    eprintln!("{report:?}");
    assert_eq!(report.games, 20);
}
