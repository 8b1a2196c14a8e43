//! Whole dice-pool turns with forced dice: initiative, activation order, draws, dodge dice,
//! damage, simultaneous ties, the extra action, grenades, and the end of the battle. Then the
//! conformance suite on the built-in demo.

use fireteam_dice::ScriptedSource;
use fireteam_dice_pool::data::{sample, FireMode};
use fireteam_dice_pool::event::Event;
use fireteam_dice_pool::setup::{demo, sample_field};
use fireteam_dice_pool::state::{Phase, Pos, Stance};
use fireteam_dice_pool::{Action, DicePool, Options, Setup, State, UnitSetup};
use fireteam_engine::{conformance, Battle, Decision, Outcome, RuleSystem};

fn duel(ben_pos: Pos) -> Setup {
    let unit = |name: &str, side, stats, pos, weapons: Vec<u16>| UnitSetup {
        name: name.into(),
        side,
        stats,
        size: Default::default(),
        pos,
        stance: Stance::Standing,
        weapons,
    };
    Setup {
        options: Options::default(),
        field: sample_field(&[
            "............",
            "............",
            "............",
            "............",
        ]),
        weapons: vec![sample::pistol(), sample::knife(), sample::grenade()],
        sides: vec!["Red".into(), "Blue".into()],
        units: vec![
            unit(
                "Anna",
                0,
                sample::anna(),
                Pos { col: 1, row: 1 },
                vec![0, 1, 2],
            ),
            unit("Ben", 1, sample::ben(), ben_pos, vec![0, 1]),
        ],
        max_turns: 5,
    }
}

/// Plays `text`; a defense (`dodge`, `parry`) is followed by its roll, the step nobody chooses,
/// with the same dice, and the events of both are returned.
fn step(b: &mut Battle<'_, DicePool>, text: &str, dice: &mut ScriptedSource) -> Vec<Event> {
    let action = DicePool
        .parse_action(b.state(), text)
        .unwrap_or_else(|e| panic!("{e}: {:?}", e.suggestions));
    let mut ev = b.step(&action, dice).unwrap().to_vec();
    if matches!(action, Action::Defend { .. }) {
        let mut legal = Vec::new();
        DicePool.legal_actions(b.state(), &mut legal);
        assert!(
            matches!(legal[..], [Action::Roll { .. }]),
            "a defense is rolled next: {legal:?}"
        );
        ev.extend_from_slice(b.step(&legal[0], dice).unwrap());
    }
    ev
}

fn legal_texts(s: &State) -> Vec<String> {
    let mut v = Vec::new();
    DicePool.legal_actions(s, &mut v);
    v.iter().map(|a| DicePool.action_text(s, a)).collect()
}

#[test]
fn dp_init_02_higher_initiative_acts_first_and_dp_init_04_earns_a_second_pass() {
    let setup = duel(Pos { col: 6, row: 1 });
    let mut b = Battle::new(&DicePool, setup.build());
    // Anna: 6 + Dex 4 = 10 (extra action); Ben: 1 + Dex 2 = 3.
    let mut dice = ScriptedSource::new(vec![6, 1]);
    let ev = step(&mut b, "start turn 1", &mut dice);
    assert!(matches!(ev[3], Event::OrderSet { ref order } if order.as_slice() == [0, 1]));
    assert_eq!(
        b.decision(),
        Decision::Choose {
            side: 0,
            unit: Some(0)
        }
    );
    step(&mut b, "end Anna", &mut dice);
    assert_eq!(
        b.decision(),
        Decision::Choose {
            side: 1,
            unit: Some(1)
        }
    );
    let ev = step(&mut b, "end Ben", &mut dice);
    // DP-G08: Anna's extra action comes in a second pass.
    assert!(
        matches!(ev.last(), Some(Event::Activated { unit: 0, pass: 2 })),
        "{ev:?}"
    );
    assert_eq!(b.state().unit(0).actions_left, 1);
    let ev = step(&mut b, "end Anna", &mut dice);
    assert!(matches!(ev.last(), Some(Event::TurnEnded { turn: 1 })));
    assert_eq!(b.state().phase, Phase::TurnStart);
}

#[test]
fn dp_shoot_01_a_drawn_pistol_shot_with_dodge_dice_and_damage() {
    let setup = duel(Pos { col: 6, row: 1 }); // 5 m: short range
    let mut b = Battle::new(&DicePool, setup.build());
    let mut dice = ScriptedSource::new(vec![6, 1]);
    step(&mut b, "start turn 1", &mut dice);
    // Drawing allows one shot (DP-DRAW-01), so only shots=1 is offered.
    let legal = legal_texts(b.state());
    assert!(legal.contains(&"shoot Anna -> Ben with pistol mode=SS shots=1".to_string()));
    assert!(legal.contains(&"shoot Anna -> Ben with pistol mode=SA shots=1 fast-draw".to_string()));
    assert!(!legal.iter().any(|t| t.contains("shots=2")), "{legal:?}");
    step(
        &mut b,
        "shoot Anna -> Ben with pistol mode=SS shots=1",
        &mut dice,
    );
    // Ben decides his dodge dice: up to 2 of his 3.
    assert_eq!(
        legal_texts(b.state()),
        vec!["dodge Ben 0", "dodge Ben 1", "dodge Ben 2"]
    );
    // Dodge 1 die: 2 → difficulty 12. Anna's pool: firearms 5 − 1 drawing = 4 dice: 6+3+2+1 = 12.
    // Damage: pistol DL 3: 5+5+4 = 14 against Ben's PR 4 + armor 0: 1+2+3+2 = 8 → 6 wounds.
    let mut dice = ScriptedSource::new(vec![2, 6, 3, 2, 1, 5, 5, 4, 1, 2, 3, 2]);
    let ev = step(&mut b, "dodge Ben 1", &mut dice);
    let roll = ev
        .iter()
        .find_map(|e| match e {
            Event::AttackRolled { roll, .. } => Some(roll.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        (roll.pool, roll.difficulty, roll.total, roll.hit),
        (4, 12, 12, true)
    );
    assert_eq!(roll.modifiers[0].rule.0, "DP-DRAW-01");
    assert_eq!(b.state().unit(1).wounds, 6);
    assert!(b.state().unit(1).stunned, "DP-G07: every hit stuns");
    assert_eq!(b.state().unit(1).dodge_left, 2);
    assert_eq!(b.state().unit(0).loaded[0], 11, "one round spent");
    assert_eq!(b.state().phase, Phase::Activation);
    assert_eq!(dice.remaining(), 0);
}

#[test]
fn dp_init_03_tied_initiative_fights_simultaneously() {
    let setup = duel(Pos { col: 2, row: 1 }); // adjacent: melee
    let mut state = setup.build();
    state.units[0].ready = Some(1); // the knife in hand: no drawing penalty
    let mut b = Battle::new(&DicePool, state);
    // Anna 4 + 4 = 8, Ben 6 + 2 = 8: a tie, whose order the dice draw (DP-G09): a d2 showing 2
    // keeps Anna first.
    let mut dice = ScriptedSource::new(vec![4, 6, 2]);
    let ev = step(&mut b, "start turn 1", &mut dice);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::TieOrdered { count: 8, order, draws, .. } if order[..] == [0, 1] && draws[..] == [2]
    )));
    // Anna stabs Ben: parry 0; melee 3 dice − 0: 6+6+6 = 18 ≥ 10; knife DL 2: 6+6 vs Ben PR 4: 1+1+1+1.
    step(&mut b, "melee Anna -> Ben with knife", &mut dice);
    let mut dice = ScriptedSource::new(vec![6, 6, 6, 6, 6, 1, 1, 1, 1]);
    let ev = step(&mut b, "parry Ben 0", &mut dice);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Damaged { deferred: true, .. })));
    // The wounds wait: Ben still fights at full strength in the same count.
    assert_eq!(b.state().unit(1).wounds, 0);
    step(&mut b, "end Anna", &mut dice);
    assert_eq!(b.state().unit(1).wounds, 0);
    assert_eq!(
        b.decision(),
        Decision::Choose {
            side: 1,
            unit: Some(1)
        }
    );
    let ev = step(&mut b, "end Ben", &mut dice);
    assert!(
        ev.iter().any(|e| matches!(e, Event::CountResolved { .. })),
        "{ev:?}"
    );
    assert_eq!(b.state().unit(1).wounds, 8);
}

/// No unit of a tie is first for being listed first: a d2 showing 1 puts Ben first, and over
/// every face of three tied units' dice each of the six orders comes once.
#[test]
fn dp_g09_the_dice_draw_the_order_of_a_tie() {
    let setup = duel(Pos { col: 2, row: 1 });
    let mut b = Battle::new(&DicePool, setup.build());
    let mut dice = ScriptedSource::new(vec![4, 6, 1]);
    step(&mut b, "start turn 1", &mut dice);
    assert_eq!(b.state().order[..], [1, 0]);
    assert_eq!(b.state().active(), Some(1));

    let mut three = demo();
    three.units.truncate(3);
    for u in &mut three.units {
        u.stats.dexterity = 4;
    }
    three.units[2].side = 1;
    let state = three.build();
    let e = fireteam_dice::enumerate(|d| -> Result<Vec<u16>, fireteam_dice::SourceError> {
        let mut ev = Vec::new();
        DicePool
            .resolve(&state, &Action::StartTurn, d, &mut ev)
            .map_err(|e| match e {
                fireteam_engine::ResolveError::Dice(d) => d,
                other => panic!("{other}"),
            })?;
        let mut s = state.clone();
        for e in &ev {
            DicePool.apply(&mut s, e);
        }
        // The order within the three-way ties only.
        Ok(
            if s.units
                .iter()
                .all(|u| u.initiative == s.units[0].initiative)
            {
                s.order.to_vec()
            } else {
                Vec::new()
            },
        )
    })
    .unwrap();
    let orders: Vec<_> = e.outcomes.iter().filter(|(o, _)| !o.is_empty()).collect();
    assert_eq!(orders.len(), 6);
    assert!(orders.windows(2).all(|w| w[0].1 == w[1].1), "{orders:?}");
}

/// One explosion attacks everyone in its radius (DP-GRENADE-03): when the thrower's blast takes
/// out the last fighter of each side, the battle is a draw, whichever is rolled first. (The
/// battle used to end at the first of them, the unit listed first, and the other side won.)
#[test]
fn dp_grenade_03_a_blast_rolls_every_target_before_the_battle_is_decided() {
    let mut setup = duel(Pos { col: 3, row: 1 });
    for u in &mut setup.units {
        u.stats.wound_limit = 1;
    }
    let mut b = Battle::new(&DicePool, setup.build());
    let mut dice = ScriptedSource::new(vec![6, 1]);
    step(&mut b, "start turn 1", &mut dice);
    // 2 m: short (10). Throwing 4 dice: 6+6+6+6 = 24, on target. Both are within 9 m.
    let mut dice = ScriptedSource::new(vec![6, 6, 6, 6]);
    step(&mut b, "throw Anna grenade -> 3,1", &mut dice);
    // Anna, 2 m from the burst: short (10); 4 dice 24 hit; DL 6: 36 against PR 3 + armor 1: 4.
    let mut dice = ScriptedSource::new(vec![6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1]);
    let ev = step(&mut b, "dodge Anna 0", &mut dice);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::OutOfAction { unit: 0, .. })));
    assert!(
        !ev.iter().any(|e| matches!(e, Event::BattleEnded { .. })),
        "{ev:?}"
    );
    // Ben still faces the blast he stood in.
    let mut dice = ScriptedSource::new(vec![6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1]);
    let ev = step(&mut b, "dodge Ben 0", &mut dice);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::OutOfAction { unit: 1, .. })));
    assert_eq!(
        b.decision(),
        Decision::Over {
            outcome: Outcome::Draw
        }
    );
}

#[test]
fn dp_g06_wounds_at_the_limit_end_the_battle() {
    let mut setup = duel(Pos { col: 2, row: 1 });
    setup.units[1].stats.wound_limit = 3;
    let mut state = setup.build();
    state.units[0].ready = Some(1);
    let mut b = Battle::new(&DicePool, state);
    let mut dice = ScriptedSource::new(vec![6, 1]);
    step(&mut b, "start turn 1", &mut dice);
    step(&mut b, "melee Anna -> Ben with knife", &mut dice);
    let mut dice = ScriptedSource::new(vec![6, 6, 6, 6, 6, 1, 1, 1, 1]);
    let ev = step(&mut b, "parry Ben 0", &mut dice);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::OutOfAction { unit: 1, .. })));
    assert_eq!(
        b.decision(),
        Decision::Over {
            outcome: Outcome::Winner { side: 0 }
        }
    );
}

#[test]
fn dp_move_walk_run_crawl_and_stance() {
    let setup = duel(Pos { col: 10, row: 3 });
    let mut b = Battle::new(&DicePool, setup.build());
    let mut dice = ScriptedSource::new(vec![6, 1]);
    step(&mut b, "start turn 1", &mut dice);
    let legal = legal_texts(b.state());
    assert!(legal.contains(&"walk Anna to 6,1".to_string()));
    assert!(
        !legal.contains(&"walk Anna to 7,1".to_string()),
        "6 m is beyond a walk"
    );
    assert!(legal.contains(&"run Anna to 7,1".to_string()));
    let ev = step(&mut b, "run Anna to 7,1", &mut dice);
    assert!(matches!(&ev[0], Event::Moved { path, .. } if path.len() == 7));
    assert_eq!(b.state().unit(0).pos, Pos { col: 7, row: 1 });
    // Moved this turn: no second movement.
    assert!(!legal_texts(b.state())
        .iter()
        .any(|t| t.starts_with("walk") || t.starts_with("prone")));
}

#[test]
fn dp_grenade_a_missed_throw_scatters_and_the_blast_asks_each_target() {
    let setup = duel(Pos { col: 7, row: 1 });
    let mut b = Battle::new(&DicePool, setup.build());
    let mut dice = ScriptedSource::new(vec![6, 1]);
    step(&mut b, "start turn 1", &mut dice);
    // 6 m: medium (15). Throwing 4 dice: 1+1+1+1 = 4, a miss. Scatter 2 m, face 4 = backward.
    let mut dice = ScriptedSource::new(vec![1, 1, 1, 1, 2, 4]);
    let ev = step(&mut b, "throw Anna grenade -> 7,1", &mut dice);
    let landed = ev
        .iter()
        .find_map(|e| match e {
            Event::Thrown { landed, .. } => Some(*landed),
            _ => None,
        })
        .unwrap();
    // The throw runs due east along the row, exactly between the NE and SE hex directions; the
    // tie goes to the lower direction (NE), so "backward" is SW: two hexes SW of 7,1 is 5,2.
    assert_eq!(landed, Pos { col: 5, row: 2 });
    // Radius 9: both are in the blast; Anna (nearest the list order) decides first.
    assert!(matches!(
        b.decision(),
        Decision::Choose { unit: Some(0), .. }
    ));
    assert_eq!(b.state().unit(0).loaded[2], 0, "the grenade is spent");
}

#[test]
fn dp_fire_02_semi_auto_fires_two_shots_each_dodged_separately() {
    let setup = duel(Pos { col: 6, row: 1 });
    let mut state = setup.build();
    state.units[0].ready = Some(0); // pistol in hand: no draw
    let mut b = Battle::new(&DicePool, state);
    let mut dice = ScriptedSource::new(vec![6, 1]);
    step(&mut b, "start turn 1", &mut dice);
    step(
        &mut b,
        "shoot Anna -> Ben with pistol mode=SA shots=2",
        &mut dice,
    );
    // First shot: no dodge; 5 dice of 1 = 5 < 10, a miss.
    let mut dice = ScriptedSource::new(vec![1, 1, 1, 1, 1]);
    let ev = step(&mut b, "dodge Ben 0", &mut dice);
    assert!(matches!(
        ev.last(),
        Some(Event::AttackDeclared { shot: 2, of: 2, .. })
    ));
    let mut dice = ScriptedSource::new(vec![1, 1, 1, 1, 1]);
    let ev = step(&mut b, "dodge Ben 0", &mut dice);
    assert!(matches!(ev.last(), Some(Event::ActionDone { unit: 0 })));
    assert_eq!(b.state().unit(0).loaded[0], 10);
    let _ = FireMode::SA;
}

#[test]
fn dice_pool_passes_the_conformance_suite() {
    let setup = demo();
    let report = conformance::check(
        &DicePool,
        |_| setup.build(),
        conformance::Config {
            games: 4,
            max_steps: 150,
            enumerated_actions: 3,
            samples: 400,
            ..conformance::Config::default()
        },
    )
    .unwrap();
    assert_eq!(report.games, 4);
    assert!(report.actions_checked > 100, "{report:?}");
}

#[test]
fn the_demo_plays_to_the_end_with_random_choices() {
    let setup = demo();
    let mut b = Battle::new(&DicePool, setup.build());
    let mut dice = fireteam_dice::SeededSource::new(3);
    let mut legal = Vec::new();
    let mut pick = 0usize;
    while let Decision::Choose { .. } = b.decision() {
        legal.clear();
        DicePool.legal_actions(b.state(), &mut legal);
        pick = (pick * 31 + 7) % legal.len().max(1);
        let a = legal[pick].clone();
        b.step(&a, &mut dice).unwrap();
        assert!(b.steps() < 5000, "the battle must end");
    }
    assert!(b.state().turn <= 12);
    let _ = Action::StartTurn;
}

#[test]
fn the_shipped_scenarios_load_and_play_to_the_end() {
    use fireteam_dice_pool::scenario::{setup, DicePoolSchema};
    use fireteam_scenario::Loader;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
    let loader = Loader::new()
        .schema(&DicePoolSchema)
        .data_dir(root.join("data"));
    let mut seen = 0;
    for entry in std::fs::read_dir(root.join("scenarios/dice-pool")).unwrap() {
        let path = entry.unwrap().path();
        let loaded = loader
            .load_path(&path)
            .unwrap_or_else(|d| panic!("{}", d.render_plain()));
        let setup = setup(&loaded);
        assert_eq!(setup.units.len(), loaded.scenario.units.len());
        let mut b = Battle::new(&DicePool, setup.build());
        let mut dice = fireteam_dice::SeededSource::new(1);
        let mut legal = Vec::new();
        while let Decision::Choose { .. } = b.decision() {
            legal.clear();
            DicePool.legal_actions(b.state(), &mut legal);
            let a = legal[(b.steps() as usize * 7) % legal.len()].clone();
            b.step(&a, &mut dice).unwrap();
        }
        seen += 1;
    }
    assert!(seen >= 3);
}

#[test]
fn dp_g11_the_fast_draw_flag_lifts_the_one_shot_limit() {
    let texts = |opts: Options| {
        let mut setup = duel(Pos { col: 6, row: 1 });
        setup.options = opts;
        let mut b = Battle::new(&DicePool, setup.build());
        step(&mut b, "start turn 1", &mut ScriptedSource::new(vec![6, 1]));
        legal_texts(b.state())
    };
    let plain = texts(Options::default());
    assert!(!plain.iter().any(|t| t.contains("shots=2")), "{plain:?}");
    let lifted = texts(Options {
        fast_draw_removes_shot_limit: true,
        ..Options::default()
    });
    assert!(lifted.contains(&"shoot Anna -> Ben with pistol mode=SA shots=2 fast-draw".to_string()));
    assert!(!lifted.contains(&"shoot Anna -> Ben with pistol mode=SA shots=2".to_string()));
}

#[test]
fn cached_lines_of_sight_equal_freshly_traced_ones() {
    use fireteam_dice_pool::geometry::{sight, trace};
    let s = demo().build();
    let cells: Vec<Pos> = (0..s.field.height)
        .flat_map(|row| (0..s.field.width).map(move |col| Pos { col, row }))
        .collect();
    let mut blocked = 0;
    for _ in 0..2 {
        // The second round reads every answer from the cache.
        for &a in &cells {
            for &b in &cells {
                let t = trace(&s, a, b);
                assert_eq!(sight(&s, a, b), t, "{a} -> {b}");
                blocked += usize::from(!t.clear);
            }
        }
    }
    assert!(blocked > 0, "the demo's walls block some lines");
}

#[test]
fn a_battle_without_two_sides_standing_ends_at_once() {
    let mut setup = duel(Pos { col: 6, row: 1 });
    setup.units.clear();
    let mut b = Battle::new(&DicePool, setup.build());
    step(&mut b, "start turn 1", &mut ScriptedSource::new(vec![]));
    assert_eq!(
        b.decision(),
        Decision::Over {
            outcome: Outcome::Draw
        }
    );
    let mut setup = duel(Pos { col: 6, row: 1 });
    setup.units.truncate(1);
    let mut b = Battle::new(&DicePool, setup.build());
    step(&mut b, "start turn 1", &mut ScriptedSource::new(vec![]));
    assert_eq!(
        b.decision(),
        Decision::Over {
            outcome: Outcome::Winner { side: 0 }
        }
    );
}

/// Anna draws her pistol and shoots once in her first action; her initiative of 10 earns her an
/// extra action (DP-INIT-04), in a second pass by default or at once with
/// `dp.extra_action_immediate` (DP-G08). Either way she has drawn this turn, so she may make no
/// second shot (DP-DRAW-01: "only one shot that combat turn").
#[test]
fn dp_draw_01_a_drawn_weapon_fires_once_a_turn_even_with_the_extra_action() {
    for immediate in [false, true] {
        let mut setup = duel(Pos { col: 6, row: 1 }); // 5 m: short, difficulty 10
        setup.options.extra_action_immediate = immediate;
        let mut b = Battle::new(&DicePool, setup.build());
        // Initiative: Anna 6 + Dex 4 = 10 (extra action), Ben 1 + Dex 2 = 3.
        step(&mut b, "start turn 1", &mut ScriptedSource::new(vec![6, 1]));
        step(
            &mut b,
            "shoot Anna -> Ben with pistol mode=SS shots=1",
            &mut ScriptedSource::new(vec![]),
        );
        // No dodge dice; firearms 5 − 1 drawing = 4 dice: 1+1+1+1 = 4 < 10, a miss.
        let mut dice = ScriptedSource::new(vec![1, 1, 1, 1]);
        let ev = step(&mut b, "dodge Ben 0", &mut dice);
        let roll = ev
            .iter()
            .find_map(|e| match e {
                Event::AttackRolled { roll, .. } => Some(roll.clone()),
                _ => None,
            })
            .unwrap();
        assert_eq!((roll.pool, roll.total, roll.hit), (4, 4, false));
        if !immediate {
            step(&mut b, "end Anna", &mut dice);
            step(&mut b, "end Ben", &mut dice);
            assert_eq!(b.state().pass, 2, "the second pass (DP-G08)");
        }
        assert_eq!(b.state().active(), Some(0));
        assert_eq!(
            b.state().unit(0).actions_left,
            1,
            "the extra action is there"
        );
        let legal = legal_texts(b.state());
        assert!(
            !legal.iter().any(|t| t.starts_with("shoot")),
            "immediate={immediate}: {legal:?}"
        );
        assert!(legal.contains(&"end Anna".to_string()), "{legal:?}");
        // The shot cannot be forced through the protocol either, and the refusal names the rule.
        let second = Action::Shoot {
            unit: 0,
            target: 1,
            weapon: 0,
            mode: FireMode::SS,
            shots: 1,
            fast_draw: false,
        };
        let err = b
            .step(&second, &mut ScriptedSource::new(vec![]))
            .unwrap_err();
        assert!(err.to_string().contains("DP-DRAW-01"), "{err}");
    }
}

#[test]
fn a_cell_in_an_action_may_be_written_any_of_the_usual_ways() {
    let setup = duel(Pos { col: 10, row: 3 });
    let mut b = Battle::new(&DicePool, setup.build());
    step(&mut b, "start turn 1", &mut ScriptedSource::new(vec![6, 1]));
    let walk = DicePool
        .parse_action(b.state(), "walk Anna to 6,1")
        .unwrap();
    for text in [
        "walk Anna to 6, 1",
        "walk Anna to [6, 1]",
        "walk Anna to (6,1)",
        "walk Anna to 6 1",
        "walk  Anna to  [ 6 , 1 ]",
    ] {
        assert_eq!(
            DicePool.parse_action(b.state(), text),
            Ok(walk.clone()),
            "{text}"
        );
    }
    assert!(DicePool.parse_action(b.state(), "walk Anna to 61").is_err());
    assert_eq!(Pos { col: 14, row: 1 }.to_string(), "14,1");
}
