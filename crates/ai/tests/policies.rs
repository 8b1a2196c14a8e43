//! The policies on the toy duel: random is uniform and reproducible; greedy scores each action
//! by its exact expected value, explains the ranking, and samples (and says so) past its budget.

use fireteam_ai::{build_policy, Basis, Explain, GreedyPolicy, Policy, PolicyError, RandomPolicy};
use fireteam_engine::toy::{start, Action, Duel};

/// The exact expected gain of one attack from full health: P(2d6 ≥ 7) × E[1d6] = 7/12 × 7/2.
const ATTACK_EV: f64 = 49.0 / 24.0;

fn choices(policy: &mut dyn Policy<Duel>, n: usize) -> Vec<usize> {
    let rules = Duel::default();
    let legal = [Action::Attack, Action::Wait];
    (0..n)
        .map(|_| {
            policy
                .choose(&rules, &start(), 0, &legal, Explain::No)
                .index
        })
        .collect()
}

#[test]
fn random_is_uniform_and_reproducible() {
    let picks = choices(&mut RandomPolicy::new(42), 10_000);
    let attacks = picks.iter().filter(|&&i| i == 0).count();
    // 5000 ± 4 standard deviations (50 each).
    assert!((4800..=5200).contains(&attacks), "{attacks}");
    assert_eq!(picks, choices(&mut RandomPolicy::new(42), 10_000));
    assert_ne!(picks, choices(&mut RandomPolicy::new(43), 10_000));
}

#[test]
fn random_covers_a_longer_list_evenly() {
    let mut rng = fireteam_ai::rng::SplitMix64::new(9);
    let mut counts = [0u32; 6];
    for _ in 0..60_000 {
        counts[rng.below(6)] += 1;
    }
    // 10000 ± 4 standard deviations (about 91 each).
    assert!(
        counts.iter().all(|c| (9636..=10364).contains(c)),
        "{counts:?}"
    );
}

#[test]
fn random_explains_that_every_action_was_as_likely() {
    let mut p = RandomPolicy::new(1);
    let choice = Policy::<Duel>::choose(
        &mut p,
        &Duel::default(),
        &start(),
        0,
        &[Action::Attack, Action::Wait],
        Explain::Yes,
    );
    let e = choice.explanation.unwrap();
    assert_eq!(e.ranked[0].index, choice.index);
    assert!(e
        .ranked
        .iter()
        .all(|r| r.score == 0.5 && r.basis == Basis::Uniform));
}

#[test]
fn greedy_prefers_attacking_by_its_exact_expected_value() {
    let rules = Duel::default();
    let mut greedy = GreedyPolicy::<Duel>::new(7);
    let legal = [Action::Wait, Action::Attack];
    let choice = greedy.choose(&rules, &start(), 0, &legal, Explain::Yes);
    assert_eq!(legal[choice.index], Action::Attack);
    let e = choice.explanation.unwrap();
    assert_eq!(e.policy, "greedy");
    assert_eq!(e.ranked.len(), 2);
    assert_eq!(e.ranked[0].action, "attack");
    assert_eq!(e.ranked[0].index, 1);
    assert!((e.ranked[0].score - ATTACK_EV).abs() < 1e-12, "{e}");
    // 5 misses, then 6 hit totals × 6 damage faces.
    assert_eq!(e.ranked[0].basis, Basis::Exact { paths: 41 });
    assert_eq!(e.ranked[1].action, "wait");
    assert_eq!(e.ranked[1].score, 0.0);
    assert_eq!(e.ranked[1].basis, Basis::Exact { paths: 1 });
    let text = e.to_string();
    assert!(
        text.contains("1. attack  2.0417 (exact, 41 paths)"),
        "{text}"
    );
    assert!(text.contains("2. wait  0.0000 (exact, 1 path)"), "{text}");
}

#[test]
fn greedy_scores_from_the_deciding_sides_view() {
    let rules = Duel::default();
    let mut greedy = GreedyPolicy::<Duel>::new(7);
    let mut s = start();
    s.turn = 1;
    let choice = greedy.choose(&rules, &s, 1, &[Action::Wait, Action::Attack], Explain::Yes);
    assert_eq!(choice.index, 1);
    assert!((choice.explanation.unwrap().ranked[0].score - ATTACK_EV).abs() < 1e-12);
}

#[test]
fn greedy_breaks_ties_by_legal_order() {
    let rules = Duel {
        flat: true,
        ..Duel::default()
    };
    let mut greedy = GreedyPolicy::<Duel>::new(7);
    for legal in [
        [Action::Attack, Action::Wait],
        [Action::Wait, Action::Attack],
    ] {
        let choice = greedy.choose(&rules, &start(), 0, &legal, Explain::Yes);
        assert_eq!(choice.index, 0);
        let ranked = choice.explanation.unwrap().ranked;
        assert_eq!((ranked[0].index, ranked[1].index), (0, 1));
    }
}

#[test]
fn greedy_samples_past_its_budget_and_says_so() {
    let rules = Duel::default();
    let legal = [Action::Attack, Action::Wait];
    let run = |seed| {
        let mut greedy = GreedyPolicy::<Duel>::new(seed)
            .with_path_budget(10)
            .with_samples(2000);
        greedy.choose(&rules, &start(), 0, &legal, Explain::Yes)
    };
    let choice = run(3);
    assert_eq!(choice.index, 0);
    let e = choice.explanation.clone().unwrap();
    let Basis::Estimated { samples, std_error } = e.ranked[0].basis else {
        panic!("attack has 41 paths, past the budget of 10: {e}");
    };
    assert_eq!(samples, 2000);
    // The standard deviation of one attack's gain is about 2.1, so 2000 samples give ~0.047.
    assert!((0.03..0.07).contains(&std_error), "{std_error}");
    assert!(
        (e.ranked[0].score - ATTACK_EV).abs() < 4.0 * std_error,
        "{e}"
    );
    // Waiting has one path and stays exact.
    assert_eq!(e.ranked[1].basis, Basis::Exact { paths: 1 });
    assert!(e.to_string().contains("estimated from 2000 samples"), "{e}");
    // The same seed and state give the same estimate; another seed another.
    assert_eq!(run(3), choice);
    assert_ne!(
        run(4).explanation.unwrap().ranked[0].score,
        e.ranked[0].score
    );
}

#[test]
fn greedy_explains_nothing_unless_asked() {
    let mut greedy = GreedyPolicy::<Duel>::new(1);
    let choice = greedy.choose(
        &Duel::default(),
        &start(),
        0,
        &[Action::Attack, Action::Wait],
        Explain::No,
    );
    assert_eq!(choice.index, 0);
    assert!(choice.explanation.is_none());
}

#[test]
fn the_registry_builds_policies_by_name() {
    let mut greedy = build_policy::<Duel>("greedy", 5).unwrap();
    assert_eq!(greedy.name(), "greedy");
    assert_eq!(choices(greedy.as_mut(), 3), vec![0, 0, 0]);
    let random = build_policy::<Duel>("random", 5).unwrap();
    assert_eq!(random.name(), "random");
    match build_policy::<Duel>("alphazero", 5) {
        Err(e @ PolicyError::Unknown { .. }) => {
            assert!(e.to_string().contains("known policies: random, greedy"))
        }
        _ => panic!("an unknown name must be refused"),
    }
}

#[test]
fn greedy_resolves_an_estimate_only_while_it_leads() {
    // Waiting is worth exactly 0 and an attack 49/24, so the exact choice is to attack.
    let legal = [Action::Wait, Action::Attack];
    let choose = |quick, refinements| {
        let rules = Duel {
            quick: Some(quick),
            ..Duel::default()
        };
        GreedyPolicy::<Duel>::new(7)
            .with_refinements(refinements)
            .choose(&rules, &start(), 0, &legal, Explain::Yes)
    };
    // A wrong estimate that puts waiting first: waiting is resolved (0), the attack then
    // leads on its estimate of 1 and is resolved too, and wins on its exact score.
    let choice = choose((1.0, 5.0), 12);
    assert_eq!(legal[choice.index], Action::Attack);
    let e = choice.explanation.unwrap();
    assert_eq!(e.ranked[0].basis, Basis::Exact { paths: 41 });
    assert!((e.ranked[0].score - ATTACK_EV).abs() < 1e-12, "{e}");
    assert_eq!(e.ranked[1].basis, Basis::Exact { paths: 1 });
    // An estimate that puts the attack far ahead: the attack is resolved and still leads, so
    // waiting is never resolved and is shown as an estimate.
    let e = choose((3.0, -1.0), 12).explanation.unwrap();
    assert_eq!(e.ranked[0].basis, Basis::Exact { paths: 41 });
    assert_eq!(
        (e.ranked[1].score, &e.ranked[1].basis),
        (-1.0, &Basis::Quick)
    );
    assert!(
        e.to_string()
            .contains("wait  -1.0000 (quick estimate, not resolved)"),
        "{e}"
    );
    // With no refinements the estimates alone decide.
    let choice = choose((1.0, 5.0), 0);
    assert_eq!(legal[choice.index], Action::Wait);
    assert_eq!(choice.explanation.unwrap().ranked[0].basis, Basis::Quick);
}

#[test]
fn greedy_probes_an_action_without_an_estimate_and_scores_it_in_full_when_it_leads() {
    // The attack has 41 paths: past a probe of 10 it gets 4 samples first, then, leading,
    // its exact score (41 paths, within the full budget). Waiting has 1 path and is exact.
    let legal = [Action::Attack, Action::Wait];
    let choose = |refinements| {
        GreedyPolicy::<Duel>::new(7)
            .with_probe(10, 4)
            .with_refinements(refinements)
            .choose(&Duel::default(), &start(), 0, &legal, Explain::Yes)
            .explanation
            .unwrap()
    };
    let e = choose(12);
    assert_eq!(e.ranked[0].action, "attack");
    assert_eq!(e.ranked[0].basis, Basis::Exact { paths: 41 });
    assert!((e.ranked[0].score - ATTACK_EV).abs() < 1e-12, "{e}");
    let e = choose(0);
    let attack = e.ranked.iter().find(|r| r.action == "attack").unwrap();
    assert!(
        matches!(attack.basis, Basis::Estimated { samples: 4, .. }),
        "{e}"
    );
}

#[test]
fn search_plays_greedys_best_on_and_keeps_the_better_on_average() {
    use fireteam_ai::SearchPolicy;
    let rules = Duel::default();
    let legal = [Action::Wait, Action::Attack];
    let run = |seed| {
        SearchPolicy::<Duel>::new(seed)
            .with_rollouts(40)
            .with_horizon(6)
            .with_candidates(2)
            .choose(&rules, &start(), 0, &legal, Explain::Yes)
    };
    let choice = run(5);
    // Attacking first is worth more however the next six actions go: each side attacks in
    // turn, and the one who strikes first is ahead on average.
    assert_eq!(legal[choice.index], Action::Attack);
    let e = choice.explanation.clone().unwrap();
    assert_eq!(e.policy, "search");
    assert_eq!(e.ranked.len(), 2);
    // Two candidates: one round of halving, 40 / (1 × 2) = 20 rollouts each.
    for r in &e.ranked {
        assert_eq!(
            r.basis,
            Basis::Rollouts {
                rollouts: 20,
                horizon: 6
            },
            "{e}"
        );
    }
    assert!(e.ranked[0].score > e.ranked[1].score, "{e}");
    assert!(e.to_string().contains("(20 rollouts of 6 actions)"), "{e}");
    // The same seed and state give the same choice and the same means.
    assert_eq!(run(5), choice);
}

#[test]
fn search_with_one_candidate_is_greedys_choice() {
    use fireteam_ai::SearchPolicy;
    let rules = Duel::default();
    let legal = [Action::Wait, Action::Attack];
    let choice = SearchPolicy::<Duel>::new(1).with_candidates(1).choose(
        &rules,
        &start(),
        0,
        &legal,
        Explain::No,
    );
    assert_eq!(legal[choice.index], Action::Attack);
}
