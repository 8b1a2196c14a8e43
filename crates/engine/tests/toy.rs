//! The engine proven on its toy system (`fireteam_engine::toy`): two duellists alternate; an attack rolls 2d6 and hits on
//! 7 or more for 1d6 damage. Small enough to check by hand, rich enough to exercise decisions,
//! dice, events, replays, saves and the conformance suite.

use fireteam_dice::{DiceSource, ScriptedSource, SeededSource};
use fireteam_engine::toy::{start, Action, Duel, Event, State};
use fireteam_engine::{
    conformance, Battle, Decision, Outcome, ResolveError, RuleSystem, Save, SaveError, StepError,
};
use std::collections::BTreeMap;

#[test]
fn forced_dice_give_exact_outcomes() {
    let rules = Duel::default();
    let mut b = Battle::new(&rules, start());
    let mut dice = ScriptedSource::new(vec![4, 3, 6, 1, 1]);
    let events = b.step(&Action::Attack, &mut dice).unwrap().to_vec();
    assert!(matches!(
        events[..],
        [Event::Hit {
            target: 1,
            damage: 6
        }]
    ));
    let events = b.step(&Action::Attack, &mut dice).unwrap().to_vec();
    assert!(matches!(events[..], [Event::Miss { roll: 2 }]));
    assert_eq!(b.state().hp, [10, 4]);
    // Faces from a script are kept in the log, so the replay needs only the log.
    assert_eq!(b.log()[0].faces, Some(vec![4, 3, 6]));
    assert_eq!(b.log()[1].action, "attack");
}

#[test]
fn a_finished_battle_takes_no_more_actions() {
    let rules = Duel::default();
    let mut b = Battle::new(
        &rules,
        State {
            hp: [10, 0],
            turn: 0,
            rounds: 3,
        },
    );
    assert_eq!(
        b.decision(),
        Decision::Over {
            outcome: Outcome::Winner { side: 0 }
        }
    );
    let mut dice = SeededSource::new(1);
    assert_eq!(
        b.step(&Action::Wait, &mut dice).unwrap_err(),
        StepError::Over
    );
}

#[test]
fn the_toy_system_passes_the_conformance_suite() {
    let report = conformance::check(
        &Duel::default(),
        |_| start(),
        conformance::Config::default(),
    )
    .unwrap();
    assert_eq!(report.games, 50);
    assert!(report.finished > 40, "{report:?}");
    assert!(report.enumerations > 0, "{report:?}");
}

#[test]
fn conformance_skips_an_action_with_more_paths_than_its_limit() {
    // An attack has 41 paths: 2d6 by their total (11), and 1d6 of damage after each of the six
    // totals that hit; a wait has one.
    let at = |paths| {
        conformance::check(
            &Duel::default(),
            |_| start(),
            conformance::Config {
                enumeration_paths: paths,
                ..conformance::Config::default()
            },
        )
        .unwrap()
    };
    let within = at(41);
    assert!(within.enumerations > 0, "{within:?}");
    assert_eq!(within.too_large, 0, "{within:?}");
    let past = at(40);
    assert!(past.too_large > 0, "{past:?}");
    // The waits are still enumerated.
    assert!(past.enumerations > 0, "{past:?}");
}

#[test]
fn conformance_catches_a_broken_invariant() {
    struct Broken;
    impl RuleSystem for Broken {
        type State = State;
        type Action = Action;
        type Event = Event;
        fn name(&self) -> &'static str {
            "broken"
        }
        fn version(&self) -> &'static str {
            "0"
        }
        fn decision(&self, s: &State) -> Decision {
            Duel::default().decision(s)
        }
        fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
            Duel::default().legal_actions(s, out)
        }
        fn action_text(&self, s: &State, a: &Action) -> String {
            Duel::default().action_text(s, a)
        }
        fn resolve(
            &self,
            s: &State,
            a: &Action,
            d: &mut dyn DiceSource,
            e: &mut Vec<Event>,
        ) -> Result<(), ResolveError> {
            Duel::default().resolve(s, a, d, e)
        }
        fn apply(&self, s: &mut State, e: &Event) {
            Duel::default().apply(s, e)
        }
        fn checksum(&self, s: &State) -> u64 {
            Duel::default().checksum(s)
        }
        fn invariants(&self, s: &State) -> Result<(), String> {
            if s.rounds > 2 {
                Err("too many rounds".into())
            } else {
                Ok(())
            }
        }
    }
    let err = conformance::check(&Broken, |_| start(), conformance::Config::default()).unwrap_err();
    assert!(err.contains("too many rounds"), "{err}");
}

#[test]
fn saves_are_atomic_and_replay_to_the_same_state() {
    let rules = Duel::default();
    let mut b = Battle::new(&rules, start());
    let mut dice = SeededSource::new(77);
    for _ in 0..6 {
        if let Decision::Over { .. } = b.decision() {
            break;
        }
        b.step(&Action::Attack, &mut dice).unwrap();
    }
    let dir = std::env::temp_dir().join(format!("fireteam-save-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("battle.json");
    let mut hashes = BTreeMap::new();
    hashes.insert("scenario.toml".to_string(), "abc123".to_string());
    let save = Save::new(&rules, 77, hashes, b.log().to_vec());
    save.write_atomic(&path).unwrap();
    // No temporary file is left behind.
    let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(leftovers.len(), 1);
    let back = Save::read(&path).unwrap();
    assert_eq!(back, save);
    let replayed = back.replay(&rules, start()).unwrap();
    assert_eq!(replayed.state().hp, b.state().hp);
    assert_eq!(replayed.log(), b.log());

    // A tampered checksum is caught at the action where it diverges.
    let mut bad = save.clone();
    bad.log[2].checksum ^= 1;
    match bad.replay(&rules, start()) {
        Err(SaveError::Diverged { index: 2, .. }) => {}
        other => panic!("expected a divergence at 2, got {:?}", other.err()),
    }
    // An unknown action names its place in the log.
    let mut bad = save.clone();
    bad.log[1].action = "dance".into();
    match bad.replay(&rules, start()) {
        Err(SaveError::Replay { index: 1, .. }) => {}
        other => panic!("expected a replay error at 1, got {:?}", other.err()),
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn broken_save_files_name_the_line_and_column() {
    let path = std::path::Path::new("broken.json");
    match Save::parse(
        "{\n  \"format\": \"fireteam-save\",\n  \"oops\": 1\n}",
        path,
    ) {
        Err(SaveError::Parse { line: 3, .. }) => {}
        other => panic!("{other:?}"),
    }
    let newer = r#"{"format":"fireteam-save","format_version":99,"system":"x","system_version":"1","content_hashes":{},"seed":1,"log":[]}"#;
    let e = Save::parse(newer, path).unwrap_err();
    assert!(e.to_string().contains("upgrade"), "{e}");
    let e = Save::read(std::path::Path::new("/nonexistent/save.json")).unwrap_err();
    assert!(e.to_string().contains("/nonexistent/save.json"), "{e}");
}

#[test]
fn action_text_errors_suggest_legal_actions() {
    let e = Duel::default().parse_action(&start(), "atack").unwrap_err();
    assert!(e.message.contains("'atack' is not a legal action"));
    assert_eq!(
        Duel::default().parse_action(&start(), "  attack ").unwrap(),
        Action::Attack
    );
}

#[test]
fn a_save_records_its_working_folder_and_version_1_saves_still_read() {
    let save = Save::new(&Duel::default(), 1, BTreeMap::new(), Vec::new());
    let here = std::env::current_dir().unwrap().display().to_string();
    assert_eq!(save.workdir.as_deref(), Some(here.as_str()));
    let old = r#"{"format":"fireteam-save","format_version":1,"system":"duel","system_version":"1","content_hashes":{"a.toml":"01"},"seed":1,"log":[]}"#;
    let back = Save::parse(old, std::path::Path::new("old.json")).unwrap();
    assert_eq!(back.workdir, None);
    assert_eq!(back.content_hashes.len(), 1);
}
