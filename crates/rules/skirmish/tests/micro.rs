//! Microgravity and vacuum (§17.10, §17.11; G-54, G-55, E-20) through the engine with forced
//! dice: drift from running, pushing off, recoil and hits; walls, people, the tether and the
//! map's edge; turning, firing against the drift and pulling along a tether; leaks, patching,
//! and hostile atmospheres. Each test states the book's numbers and checks the exact events.
//!
//! Drift is counted in quarter-hexes a turn as an axial vector (q, r): a hex-side south is
//! (0, +1), north (0, −1). `[0, 4]` is 1 hex a turn south.

mod common;

use common::*;
use fireteam_dice::ScriptedSource;
use fireteam_engine::{Outcome, RuleSystem};
use fireteam_scenario::{Loader, SourceFile};
use fireteam_skirmish::event::Effect;
use fireteam_skirmish::schema::SkirmishSchema;
use fireteam_skirmish::state::{Condition, FigId, Guard, Phase, Pos};
use fireteam_skirmish::{Action, Event, Skirmish};

/// STR 10, DEX 12, INT 10: the footing save is 4d6 against (10 + 12) / 2 = 11 (SK-17.10-b).
const PLAIN: &str = "str = 10, dex = 12, int = 10";
const GUNNER: &str = "str = 10, dex = 12, int = 10, sidearms = 1";
const MICRO: (&str, &str) = ("sk.microgravity", "true");

/// The drift changes in these events: (figure, velocity, speed in quarter-hexes, hex-side, rule).
fn drifts(events: &[Event]) -> Vec<(FigId, [i8; 2], u8, u8, &'static str)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Drift {
                fig,
                vel,
                speed_q,
                dir,
                rule,
                ..
            } => Some((*fig, *vel, *speed_q, *dir, rule.0)),
            _ => None,
        })
        .collect()
}

/// The drifts of a turn: (figure, hexes passed, quarter-hexes left toward the next).
fn drifted(events: &[Event]) -> Vec<(FigId, Vec<Pos>, [i8; 2])> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Drifted { fig, path, acc, .. } => Some((*fig, path.to_vec(), *acc)),
            _ => None,
        })
        .collect()
}

fn col(c: i16, rows: std::ops::RangeInclusive<i16>) -> Vec<Pos> {
    rows.map(|r| Pos::new(c, r)).collect()
}

/// Plays the rest of the turn with no further choice (standing still, passing, holding fire),
/// giving `end` to the action whose resolution ends the turn (the end-of-turn rolls).
fn pass_turn(g: &mut Game, end: &[i64]) -> Vec<Event> {
    let mut all = Vec::new();
    loop {
        let a = match g.s.phase {
            Phase::TurnStart | Phase::Over => return all,
            Phase::ChooseOrder { .. } => g.legal()[0],
            Phase::Movement { .. } => {
                let id = g.decider().expect("a mover");
                let f = g.s.fig(id);
                Action::StandStill {
                    fig: id,
                    facing: f.facing,
                    guard: Guard::None,
                }
            }
            _ => g
                .legal()
                .into_iter()
                .find(|a| {
                    matches!(
                        a,
                        Action::Pass { .. }
                            | Action::HoldFire { .. }
                            | Action::NoPush { .. }
                            | Action::LetGo { .. }
                    )
                })
                .expect("a way to pass"),
        };
        let mut dice = ScriptedSource::new(Vec::new());
        let mut out = Vec::new();
        let needs = Skirmish.resolve(&g.s, &a, &mut dice, &mut out).is_err();
        all.extend(g.play_action(&a, if needs { end } else { &[] }));
    }
}

/// A scenario's text with extra unit fields added to the unit named `name`.
fn with_fields(text: String, name: &str, fields: &str) -> String {
    text.replace(
        &format!("name = \"{name}\"\n"),
        &format!("name = \"{name}\"\n{fields}\n"),
    )
}

fn tethered(opts: &[(&str, &str)], rows: &[String], units: &[Unit], fields: &str) -> Game {
    let text = with_fields(scenario_toml(opts, rows, &[], units), "Ash", fields);
    Game {
        s: load(&text),
        log: Vec::new(),
    }
}

fn load_errors(text: &str) -> String {
    let loader = Loader::new()
        .schema(&SkirmishSchema)
        .data_dir("../../../data");
    match loader.load(&SourceFile::new("test.toml", text)) {
        Ok(_) => String::new(),
        Err(d) => d.render_plain(),
    }
}

// =============================================================================================
// Drift from running, pushing off, recoil and hits (SK-17.10-c/d/e/f, E-20).
// =============================================================================================

#[test]
fn sk_17_10_c_a_runner_who_loses_his_footing_drifts_on_at_his_running_speed() {
    let ash = unit("Ash", 0, (1, 0), S, &[], PLAIN);
    let bay = unit("Bay", 1, (4, 0), N, &[], PLAIN);
    let mut g = game(&[MICRO], &open(5, 20), &[], &[ash, bay]);
    g.start_turn(0);
    // 5 hexes is more than 3: the save, 4d6 = 20 against 11, fails (SK-17.10-b).
    let ev = g.play("Ash moves to 1,5 facing S", &d4(20));
    assert_eq!(
        effects(&ev),
        [(0, Effect::Floating { on: true }, "SK-17.10-b")]
    );
    // SK-17.10-c: on at 5 hexes a turn = 20 quarter-hexes, south (hex-side 3).
    assert_eq!(drifts(&ev), [(0, [0, 20], 20, S, "SK-17.10-c")]);
    pass_turn(&mut g, &[]);
    // Turn 2, before initiative: five hexes on, nothing left over.
    let ev = g.play("start turn 2", &[6, 1]);
    assert_eq!(drifted(&ev), [(0, col(1, 5..=10), [0, 0])]);
    g.act("move first");
    assert_eq!(g.fig("Ash").pos, Pos::new(1, 10));
}

#[test]
fn sk_17_10_c_e_an_unconscious_floater_drifts_on_slowed_by_the_hit() {
    let ash = unit("Ash", 0, (1, 0), S, &[], PLAIN);
    let bay = unit("Bay", 1, (1, 12), N, &["pistol"], GUNNER);
    // Cal keeps side A in the battle.
    let cal = unit("Cal", 0, (0, 15), N, &[], PLAIN);
    let mut g = game(&[MICRO], &open(3, 16), &[], &[ash, bay, cal]);
    g.start_turn(0);
    g.play("Ash moves to 1,5 facing S", &d4(20));
    g.stand_all();
    g.act("Ash does nothing");
    g.act("Cal does nothing");
    // Bay shoots north at Ash: to hit 6; Bay's own save 8 against 11 (kept); Ash floats
    // already (no save); 5 + 4 = 9 damage: STR 1, unconscious (SK-12.4-c). The hit pushes him
    // ¼ hex north: 20 − 1 = 19 quarter-hexes south.
    let ev = g.play("Bay shoots Ash", &faces(&[&d3(6), &d4(8), &[5, 4]]));
    assert!(effects(&ev).contains(&(0, Effect::Unconscious, "SK-12.4-c")));
    assert_eq!(drifts(&ev), [(0, [0, 19], 19, S, "SK-17.10-e")]);
    pass_turn(&mut g, &[]);
    // A body drifts on: 19 quarter-hexes are 4 hexes and 3 over.
    let ev = g.play("start turn 2", &[6, 1]);
    assert_eq!(drifted(&ev), [(0, col(1, 5..=9), [0, 3])]);
}

#[test]
fn sk_17_10_k_without_a_tether_he_floats_off_the_map_and_never_comes_back() {
    let ash = unit("Ash", 0, (1, 0), S, &[], PLAIN);
    let bay = unit("Bay", 1, (4, 0), N, &[], PLAIN);
    let mut g = game(&[MICRO], &open(5, 20), &[], &[ash, bay]);
    g.start_turn(0);
    g.play("Ash moves to 1,5 facing S", &d4(20));
    pass_turn(&mut g, &[]);
    g.start_turn(0);
    pass_turn(&mut g, &[]);
    g.start_turn(0);
    assert_eq!(g.fig("Ash").pos, Pos::new(1, 15));
    pass_turn(&mut g, &[]);
    // Turn 4: 4 hexes to the last row (19), and the fifth is off the map.
    let ev = g.play("start turn 4", &[6, 1]);
    assert_eq!(drifted(&ev), [(0, col(1, 15..=19), [0, 0])]);
    assert!(effects(&ev).contains(&(0, Effect::FloatedAway, "SK-17.10-k")));
    assert_eq!(g.fig("Ash").condition, Condition::Lost);
    // Side A has no one left in the battle (SK-19.2-a).
    assert!(ev.contains(&Event::BattleOver {
        outcome: Outcome::Winner { side: 1 }
    }));
}

#[test]
fn sk_17_10_d_a_figure_may_let_go_and_float_but_needs_the_save_to_stop() {
    let ash = unit("Ash", 0, (1, 0), S, &[], PLAIN);
    let bay = unit("Bay", 1, (0, 11), N, &[], PLAIN);
    let mut g = game(&[MICRO], &open(3, 12), &[], &[ash, bay]);
    g.start_turn(0);
    assert!(g.can("Ash lets go and floats"));
    assert!(g.can("Ash pushes off to 1,3 and floats"));
    // Floating on purpose takes no save; pushing off 3 hexes he drifts on at 3 a turn.
    let ev = g.play("Ash pushes off to 1,3 and floats", &[]);
    assert!(checks(&ev).is_empty());
    assert_eq!(
        effects(&ev),
        [(0, Effect::Floating { on: true }, "SK-17.10-d")]
    );
    assert_eq!(drifts(&ev), [(0, [0, 12], 12, S, "SK-17.10-d")]);
    pass_turn(&mut g, &[]);
    g.start_turn(0);
    assert_eq!(g.fig("Ash").pos, Pos::new(1, 6));
    // He cannot choose to stop: no walking, no letting go again; only the Stand Up save.
    let texts = g.texts();
    assert!(texts
        .iter()
        .all(|t| !t.contains("moves") && !t.contains("floats")));
    assert!(g.can("Ash stands up"));
    // SK-17.10-h: Stand Up rolls the save with one die more: 5d6 = 11 against 11 succeeds, and
    // the drift ends.
    let ev = g.play("Ash stands up", &d5(11));
    let c = checks(&ev);
    assert_eq!((c[0].2, c[0].3, c[0].4, c[0].5), (5, 11, 11, true));
    assert_eq!(
        effects(&ev),
        [(0, Effect::Floating { on: false }, "SK-17.10-h")]
    );
    assert_eq!(drifts(&ev), [(0, [0, 0], 0, S, "SK-17.10-h")]);
}

#[test]
fn sk_17_10_e_f_e_20_four_quarter_hex_hits_make_one_hex_a_turn_the_way_the_shot_went() {
    // The pistol asks STR 9 in one hand, so 5 in both (SK-13.1-g): two-handed ST 6 or less
    // pushes ¼ hex a turn (SK-17.10-e), one quarter-hex per hit.
    let ash = unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER);
    let bay = unit("Bay", 1, (1, 3), N, &[], "str = 14, dex = 12, int = 10");
    let mut g = game(&[MICRO], &open(3, 12), &[], &[ash, bay]);
    g.reach_actions(0);
    // To hit 6; Ash's own recoil save 8 against 11 (kept); Bay's save 20 against 12 (lost);
    // damage 1 + 1.
    let ev = g.play(
        "Ash shoots Bay",
        &faces(&[&d3(6), &d4(8), &d4(20), &[1, 1]]),
    );
    assert!(roll(&ev).result.is_hit());
    // Shot south, so Bay drifts south (SK-17.10-f): ¼ hex a turn.
    assert_eq!(drifts(&ev), [(1, [0, 1], 1, S, "SK-17.10-e")]);
    let mut quarters = 1;
    let mut at = 3;
    for (turn, acc_after, moves) in [(2, 1, false), (3, 3, false), (4, 2, true)] {
        pass_turn(&mut g, &[]);
        let ev = g.play(&format!("start turn {turn}"), &[6, 1]);
        // The quarter-hexes add up (G-54): 1, then 1 + 2 = 3, then 3 + 3 = 6 = one hex and 2.
        let path = if moves {
            col(1, at..=at + 1)
        } else {
            col(1, at..=at)
        };
        assert_eq!(drifted(&ev), [(1, path, [0, acc_after])], "turn {turn}");
        if moves {
            at += 1;
        }
        g.act("move first");
        g.stand_all();
        // A floating target is not saved for again; each hit adds its quarter-hex.
        let ev = g.play("Ash shoots Bay", &faces(&[&d3(6), &d4(8), &[1, 1]]));
        assert!(roll(&ev).result.is_hit(), "turn {turn}");
        quarters += 1;
        assert_eq!(
            drifts(&ev),
            [(1, [0, quarters as i8], quarters, S, "SK-17.10-e")]
        );
    }
    // E-20: hit by 3 more shots after the first, he moves at one hex a turn.
    assert_eq!(g.fig("Bay").drift, [0, 4]);
    pass_turn(&mut g, &[]);
    let ev = g.play("start turn 5", &[6, 1]);
    assert_eq!(drifted(&ev), [(1, col(1, 4..=5), [0, 2])]);
}

#[test]
fn sk_17_10_f_the_firer_drifts_straight_back_from_his_line_of_fire() {
    // The submachine gun asks STR 9 in both hands: ½ hex a turn per round (SK-17.10-e).
    let ash = unit(
        "Ash",
        0,
        (1, 0),
        S,
        &["submachine-gun"],
        "str = 10, dex = 12, int = 10, shoulderarms = 1",
    );
    let bay = unit("Bay", 1, (1, 3), N, &[], PLAIN);
    let mut g = game(&[MICRO], &open(3, 8), &[], &[ash, bay]);
    g.reach_actions(0);
    // To hit 16 (a miss); Ash's save 20 against 11: he floats, and the round's recoil pushes
    // him north, opposite to the shot.
    let ev = g.play("Ash shoots Bay", &faces(&[&[6, 6, 4], &d4(20)]));
    assert!(!roll(&ev).result.is_hit());
    assert_eq!(
        effects(&ev),
        [(0, Effect::Floating { on: true }, "SK-17.10-b")]
    );
    assert_eq!(drifts(&ev), [(0, [0, -2], 2, N, "SK-17.10-f")]);
}

#[test]
fn sk_17_10_g_a_floater_turns_one_hex_side_a_turn_two_with_astrobatics() {
    for (stats, sides) in [
        (PLAIN, vec!["SE", "S", "SW"]),
        (
            "str = 10, dex = 12, int = 10, astrobatics = 1",
            vec!["NE", "SE", "S", "SW", "NW"],
        ),
    ] {
        let ash = unit("Ash", 0, (1, 1), S, &[], stats);
        let bay = unit("Bay", 1, (0, 5), N, &[], PLAIN);
        let mut g = game(&[MICRO], &open(3, 6), &[], &[ash, bay]);
        g.start_turn(0);
        g.act("Ash lets go and floats");
        pass_turn(&mut g, &[]);
        g.start_turn(0);
        let mut facings: Vec<String> = g
            .texts()
            .into_iter()
            .filter_map(|t| t.strip_prefix("Ash stands facing ").map(str::to_string))
            .collect();
        facings.sort();
        let mut want: Vec<String> = sides.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(facings, want, "{stats}");
    }
}

// =============================================================================================
// What stops a drift (SK-17.10-i/j/k).
// =============================================================================================

#[test]
fn sk_17_10_i_a_wall_stops_him_with_one_hit_per_three_hexes_a_turn() {
    let mut rows = open(3, 12);
    rows[10] = "###".to_string();
    let ash = unit("Ash", 0, (1, 0), S, &[], PLAIN);
    let bay = unit("Bay", 1, (0, 0), N, &[], PLAIN);
    let mut g = game(&[MICRO], &rows, &[('#', "bulkhead")], &[ash, bay]);
    g.start_turn(0);
    g.play("Ash moves to 1,7 facing S", &d4(20));
    // 7 hexes a turn = 28 quarter-hexes.
    assert_eq!(g.fig("Ash").drift, [0, 28]);
    pass_turn(&mut g, &[]);
    // Two hexes on, then the bulkhead at [1, 10]: he stops at [1, 9] and takes
    // floor(7 / 3) = 2 hits, which no armor meets (G-54). Drift comes first, before the
    // initiative; Ash's side ran last turn, so it is asked whether it runs again (SK-9-c).
    let ev = g.play("start turn 2", &[]);
    g.play("A turns to fight", &[6, 1]);
    assert_eq!(drifted(&ev), [(0, col(1, 7..=9), [0, 0])]);
    assert_eq!(drifts(&ev), [(0, [0, 0], 0, S, "SK-17.10-i")]);
    let d = damages(&ev);
    assert_eq!(d.len(), 1);
    assert_eq!(
        (d[0].target, d[0].armor, d[0].taken, d[0].rule),
        (0, 0, 2, "SK-17.10-i")
    );
    // Stopped, but still floating (SK-17.10-j: speed 0 is not footing).
    assert!(g.fig("Ash").floating);
}

#[test]
fn sk_17_10_i_g_54_firing_against_the_drift_slows_it_to_zero() {
    let ash = unit(
        "Ash",
        0,
        (1, 8),
        N,
        &["submachine-gun"],
        "str = 10, dex = 12, int = 10, shoulderarms = 1",
    );
    let bay = unit("Bay", 1, (0, 11), N, &[], PLAIN);
    let mut g = game(&[MICRO], &open(3, 12), &[], &[ash, bay]);
    g.start_turn(0);
    g.act("Ash pushes off to 1,7 and floats");
    g.stand_all();
    // One hex a turn north; each round fired north pushes ½ hex south (SK-17.10-e/i).
    assert_eq!(g.fig("Ash").drift, [0, -4]);
    let ev = g.act("Ash fires against his drift");
    assert!(ev.contains(&Event::Spent {
        fig: 0,
        slot: 0,
        rounds: 1
    }));
    assert_eq!(drifts(&ev), [(0, [0, -2], 2, N, "SK-17.10-i")]);
    pass_turn(&mut g, &[]);
    let ev = g.play("start turn 2", &[6, 1]);
    assert_eq!(drifted(&ev), [(0, col(1, 7..=7), [0, -2])]);
    g.act("move first");
    g.stand_all();
    let ev = g.act("Ash fires against his drift");
    assert_eq!(drifts(&ev), [(0, [0, 0], 0, N, "SK-17.10-i")]);
    pass_turn(&mut g, &[]);
    g.start_turn(0);
    g.stand_all();
    // At rest (still floating): nothing to fire against, and no drift at the turn's start.
    assert!(!g.can("Ash fires against his drift"));
    assert!(g.fig("Ash").floating);
}

/// Ash runs 5 hexes south and floats; Bay stands at [1, 8] in his way.
fn runner_into_bay() -> Game {
    let ash = unit("Ash", 0, (1, 0), S, &[], PLAIN);
    let bay = unit("Bay", 1, (1, 8), N, &[], PLAIN);
    let mut g = game(&[MICRO], &open(3, 16), &[], &[ash, bay]);
    g.start_turn(0);
    g.play("Ash moves to 1,5 facing S", &d4(20));
    pass_turn(&mut g, &[]);
    g
}

#[test]
fn sk_17_10_j_a_floater_into_a_person_who_keeps_his_footing_stops() {
    let mut g = runner_into_bay();
    // Two hexes on, then Bay: his save, 4d6 = 8 against 11, is kept, and Ash stops.
    let ev = g.play("start turn 2", &faces(&[&d4(8), &[6, 1]]));
    assert_eq!(drifted(&ev), [(0, col(1, 5..=7), [0, 0])]);
    let c = checks(&ev);
    assert_eq!((c[0].0, c[0].2, c[0].4, c[0].5), (1, 4, 11, true));
    assert_eq!(drifts(&ev), [(0, [0, 0], 0, S, "SK-17.10-j")]);
    assert!(!g.fig("Bay").floating);
}

#[test]
fn sk_17_10_j_a_person_who_loses_his_footing_floats_on_with_him_at_half_speed() {
    let mut g = runner_into_bay();
    let ev = g.play("start turn 2", &faces(&[&d4(20), &[6, 1]]));
    assert!(effects(&ev).contains(&(1, Effect::Floating { on: true }, "SK-17.10-j")));
    // Both at half of 5 hexes a turn: 10 quarter-hexes.
    assert_eq!(
        drifts(&ev),
        [
            (0, [0, 10], 10, S, "SK-17.10-j"),
            (1, [0, 10], 10, S, "SK-17.10-j")
        ]
    );
    g.act("move first");
    pass_turn(&mut g, &[]);
    // Turn 3: Bay, ahead, drifts first; each goes 2 hexes with 2 quarter-hexes over.
    let ev = g.play("start turn 3", &[6, 1]);
    assert_eq!(
        drifted(&ev),
        [(1, col(1, 8..=10), [0, 2]), (0, col(1, 7..=9), [0, 2])]
    );
}

#[test]
fn sk_17_10_k_a_tether_limits_moves_and_holds_a_drifting_figure() {
    let ash = unit("Ash", 0, (1, 0), S, &["tether"], PLAIN);
    let bay = unit("Bay", 1, (0, 11), N, &[], PLAIN);
    let mut g = tethered(&[MICRO], &open(3, 12), &[ash, bay], "tether_length = 3");
    g.start_turn(0);
    // No move or push-off past 3 hexes from the anchor (his starting hex).
    assert!(g.can("Ash moves to 1,3 facing S"));
    assert!(!g.can("Ash moves to 1,4 facing S"));
    assert!(g.can("Ash pushes off to 1,3 and floats"));
    assert!(!g.can("Ash pushes off to 1,4 and floats"));
    g.act("Ash pushes off to 1,3 and floats");
    pass_turn(&mut g, &[]);
    // Turn 2: [1, 4] is past the tether: he stays at [1, 3] and stops.
    let ev = g.play("start turn 2", &[6, 1]);
    assert_eq!(drifted(&ev), [(0, col(1, 3..=3), [0, 0])]);
    assert_eq!(drifts(&ev), [(0, [0, 0], 0, S, "SK-17.10-k")]);
    g.act("move first");
    // He pulls himself back along the tether at half MOV (5): 3 hexes to the anchor.
    for to in ["1,2", "1,1", "1,0"] {
        assert!(g.can(&format!("Ash pulls himself along his tether to {to}")));
    }
    let ev = g.act("Ash pulls himself along his tether to 1,1");
    let moved: Vec<Vec<Pos>> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Moved { path, .. } => Some(path.to_vec()),
            _ => None,
        })
        .collect();
    assert_eq!(moved, [col(1, 1..=3).into_iter().rev().collect::<Vec<_>>()]);
    assert!(g.fig("Ash").floating);
}

#[test]
fn sk_17_10_k_a_tether_is_hit_at_minus_8_and_parts_at_25_hits() {
    let ash = unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER);
    let bay = unit("Bay", 1, (1, 3), N, &["tether"], PLAIN);
    let text = with_fields(
        scenario_toml(&[], &open(3, 6), &[], &[ash, bay]),
        "Bay",
        "tether_length = 4",
    );
    let mut g = Game {
        s: load(&text),
        log: Vec::new(),
    };
    // Three shots: 12 hits, 12 more (24 of 25), then 2: it parts.
    for (turn, damage, total, cut) in [
        (1, [6, 6], 12, false),
        (2, [6, 6], 24, false),
        (3, [1, 1], 26, true),
    ] {
        if turn > 1 {
            g.finish_turn();
        }
        g.reach_actions(0);
        let ev = g.play("Ash attacks Bay's tether", &faces(&[&[1, 2, 2], &damage]));
        // DEX 12, range 0 at 3 hexes, −8 for the line: 4 to make; 5 is an automatic hit.
        let shot = ev
            .iter()
            .find_map(|e| match e {
                Event::TetherShot {
                    modifiers,
                    target_number,
                    result,
                    ..
                } => Some((modifiers.clone(), *target_number, *result)),
                _ => None,
            })
            .expect("a roll at the tether");
        let ids: Vec<(&str, i32, &str)> =
            shot.0.iter().map(|m| (m.id, m.value, m.rule.0)).collect();
        assert_eq!(ids, [("tether", -8, "SK-17.10-k")]);
        assert_eq!(shot.1, 4);
        assert!(shot.2.is_hit());
        assert!(ev.contains(&Event::TetherHit {
            fig: 1,
            hits: (damage[0] + damage[1]) as i16,
            total,
            cut
        }));
        assert!(ev.contains(&Event::Spent {
            fig: 0,
            slot: 0,
            rounds: 1
        }));
    }
    assert_eq!(g.fig("Bay").tether, 0);
    g.finish_turn();
    g.reach_actions(0);
    assert!(!g.can("Ash attacks Bay's tether"));
}

#[test]
fn sk_17_10_k_a_thrown_axe_may_cut_a_tether() {
    // SK-17.10-k: "a shot or throw" at the tether. A boarding axe is a melee weapon that may be
    // thrown (SK-13-T1): the throw at Bay is offered, so the throw at his tether is too, and it
    // resolves. DEX 12, thrown range −3 at 3 hexes (SK-13.5-b), −8 for the tether: 1 to make;
    // a 5 is an automatic hit. Damage 1d6+2: a 6 is 8 hits of the tether's 25. The axe comes
    // to rest in Bay's hex (SK-12.2-d).
    let ash = unit(
        "Ash",
        0,
        (1, 0),
        S,
        &["boarding-axe"],
        "str = 12, dex = 12, int = 8, axe = 1",
    );
    let bay = unit("Bay", 1, (1, 3), N, &["tether"], PLAIN);
    let text = with_fields(
        scenario_toml(&[MICRO], &open(3, 6), &[], &[ash, bay]),
        "Bay",
        "tether_length = 4",
    );
    let mut g = Game {
        s: load(&text),
        log: Vec::new(),
    };
    g.reach_actions(0);
    assert!(g.texts().iter().any(|t| t.starts_with("Ash throws")));
    let ev = g.play("Ash attacks Bay's tether", &faces(&[&[1, 2, 2], &[6]]));
    let shot = ev
        .iter()
        .find_map(|e| match e {
            Event::TetherShot {
                modifiers,
                target_number,
                result,
                ..
            } => Some((modifiers.clone(), *target_number, *result)),
            _ => None,
        })
        .expect("a roll at the tether");
    let ids: Vec<(&str, i32, &str)> = shot.0.iter().map(|m| (m.id, m.value, m.rule.0)).collect();
    assert_eq!(
        ids,
        [("range", -3, "SK-13.5-b"), ("tether", -8, "SK-17.10-k")]
    );
    assert_eq!(shot.1, 1);
    assert!(shot.2.is_hit());
    assert!(ev.contains(&Event::TetherHit {
        fig: 1,
        hits: 8,
        total: 8,
        cut: false
    }));
    assert!(ev.contains(&Event::Effect {
        fig: 0,
        effect: Effect::WeaponThrown {
            slot: 0,
            to: Pos::new(1, 3)
        },
        rule: fireteam_engine::RuleId("SK-12.2-d"),
    }));
}

#[test]
fn sk_17_10_k_a_tether_is_checked_when_the_scenario_loads() {
    let ash = unit("Ash", 0, (1, 0), S, &[], PLAIN);
    let bay = unit("Bay", 1, (0, 5), N, &[], PLAIN);
    let text = with_fields(
        scenario_toml(&[MICRO], &open(3, 6), &[], &[ash.clone(), bay.clone()]),
        "Ash",
        "tether_length = 2",
    );
    assert!(load_errors(&text).contains("a tether_length but no tether"));
    let mut ash = ash;
    ash.equipment.push("tether".into());
    let text = with_fields(
        scenario_toml(&[MICRO], &open(3, 6), &[], &[ash, bay]),
        "Ash",
        "tether_length = 2\ntether_anchor = [1, 4]",
    );
    assert!(load_errors(&text).contains("past his 2-hex tether"));
}

// =============================================================================================
// Vacuum and hostile atmospheres (SK-17.11-a/c/d, G-55, SK-14.1-f).
// =============================================================================================

/// Ash fires a pistol at Bay 3 hexes south; both wear spacesuits. Bay has STR 14.
fn suited(opts: &[(&str, &str)]) -> Game {
    let ash = unit("Ash", 0, (1, 0), S, &["pistol", "spacesuit-armor"], GUNNER);
    let bay = unit(
        "Bay",
        1,
        (1, 3),
        N,
        &["spacesuit-armor"],
        "str = 14, dex = 12, int = 10",
    );
    let mut g = game(opts, &open(3, 6), &[], &[ash, bay]);
    g.reach_actions(0);
    g
}

#[test]
fn sk_17_11_c_g_55_an_open_leak_costs_1d6_then_2d6_until_it_is_patched() {
    let mut g = suited(&[("sk.vacuum", "true")]);
    // To hit 6; damage 3 + 3 = 6, the suit stops 1 + 1 (R1 against a bullet, G-27): 4 through,
    // so a leak.
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(6), &[3, 3]]));
    assert_eq!(damages(&ev)[0].taken, 4);
    assert_eq!(
        effects(&ev),
        [(1, Effect::Leak { leaks: 1, new: 1 }, "SK-17.11-c")]
    );
    // End of turn 1: the leak was made this turn; he has the next turn to patch it.
    let ev = pass_turn(&mut g, &[]);
    assert!(damages(&ev).is_empty());
    // Turn 2 unpatched: 1d6 (4), no armor (SK-14.1-f).
    g.start_turn(0);
    let ev = pass_turn(&mut g, &[4]);
    assert!(effects(&ev).contains(&(1, Effect::LeakTurns { turns: 1 }, "SK-17.11-c")));
    let d = damages(&ev);
    assert_eq!(
        (
            d[0].target,
            &d[0].expr[..],
            d[0].armor,
            d[0].taken,
            d[0].rule
        ),
        (1, "1d6", 0, 4, "SK-17.11-c")
    );
    // Turn 3 unpatched: 2d6 (1 + 1).
    g.start_turn(0);
    let ev = pass_turn(&mut g, &[1, 1]);
    let d = damages(&ev);
    assert_eq!((&d[0].expr[..], d[0].taken, d[0].total), ("2d6", 2, 10));
    // Turn 4: Bay spends the whole turn patching; the leak is closed at its end, no damage.
    g.start_turn(0);
    g.act("Ash stands facing S");
    let ev = g.act("Bay patches a leak");
    assert!(ev.contains(&Event::Acted { fig: 1 }));
    let ev = pass_turn(&mut g, &[]);
    assert!(damages(&ev).is_empty());
    assert_eq!(
        effects(&ev),
        [
            (1, Effect::Patched { leaks: 0 }, "SK-17.11-c"),
            (1, Effect::LeakTurns { turns: 0 }, "SK-17.11-c")
        ]
    );
    assert_eq!((g.fig("Bay").leaks, g.fig("Bay").leak_turns), (0, 0));
}

#[test]
fn option_sk_vacuum_off_a_hit_through_a_spacesuit_makes_no_leak() {
    let mut g = suited(&[]);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(6), &[3, 3]]));
    assert_eq!(damages(&ev)[0].taken, 4);
    assert!(effects(&ev).is_empty());
    g.finish_turn();
    g.reach_actions(0);
    assert!(!g.texts().iter().any(|t| t.contains("patches")));
}

#[test]
fn sk_17_11_a_in_vacuum_every_figure_must_wear_a_spacesuit() {
    let ash = unit("Ash", 0, (1, 0), S, &["spacesuit-armor"], PLAIN);
    let bay = unit("Bay", 1, (1, 3), N, &["steel"], PLAIN);
    let text = scenario_toml(&[("sk.vacuum", "true")], &open(3, 6), &[], &[ash, bay]);
    let errors = load_errors(&text);
    assert!(
        errors.contains("Bay: in vacuum one must be wearing a spacesuit"),
        "{errors}"
    );
    assert!(!errors.contains("Ash:"), "{errors}");
}

#[test]
fn sk_17_11_d_option_sk_atmosphere_dice_hurts_anyone_without_a_sealed_suit_through_armor() {
    for dice in [0, 2] {
        let n = dice.to_string();
        let ash = unit("Ash", 0, (1, 0), S, &["steel"], PLAIN);
        let bay = unit("Bay", 1, (1, 3), N, &["spacesuit-armor"], PLAIN);
        let mut g = game(&[("sk.atmosphere_dice", &n)], &open(3, 6), &[], &[ash, bay]);
        g.reach_actions(0);
        // 2d6 = 1 + 2 to Ash, whose steel armor does not count (SK-14.1-f); none to Bay.
        let ev = pass_turn(&mut g, &[1, 2]);
        let d = damages(&ev);
        if dice == 0 {
            assert!(d.is_empty());
        } else {
            assert_eq!(d.len(), 1);
            assert_eq!(
                (
                    d[0].target,
                    &d[0].expr[..],
                    d[0].armor,
                    d[0].taken,
                    d[0].rule
                ),
                (0, "2d6", 0, 3, "SK-17.11-d")
            );
        }
    }
}

// =============================================================================================
// The footing save (SK-17.10-b, G-54): its dice and its number.
// =============================================================================================

/// Ash runs 4 hexes (more than 3) with these stats, gear and map; returns his footing check:
/// (dice, target).
fn run_check(stats: &str, gear: &[&str], rows: Vec<String>, faces: &[i64]) -> (u8, i16) {
    let ash = unit("Ash", 0, (1, 0), S, gear, stats);
    let bay = unit("Bay", 1, (0, 9), N, &[], PLAIN);
    let mut g = game(&[MICRO], &rows, &[('r', "rail")], &[ash, bay]);
    g.start_turn(0);
    let ev = g.play("Ash moves to 1,4 facing S", faces);
    let c = checks(&ev);
    assert_eq!(c.len(), 1, "{c:?}");
    assert_eq!(c[0].6, "SK-17.10-b");
    (c[0].2, c[0].4)
}

#[test]
fn sk_17_10_b_g_54_four_dice_against_half_of_estr_plus_edex() {
    // (10 + 12) / 2 = 11 on 4d6.
    assert_eq!(run_check(PLAIN, &[], open(3, 10), &d4(11)), (4, 11));
    // (11 + 12) / 2 = 11.5, rounded down to 11 (G-54).
    assert_eq!(
        run_check("str = 11, dex = 12, int = 10", &[], open(3, 10), &d4(11)),
        (4, 11)
    );
    // The spacesuit's −2 DEX counts (eDEX): (10 + 10) / 2 = 10.
    assert_eq!(
        run_check(PLAIN, &["spacesuit-armor"], open(3, 10), &d4(10)),
        (4, 10)
    );
}

#[test]
fn sk_17_10_b_a_rail_takes_one_die_off_astrobatics_two_and_never_below_one() {
    // A rail next to where he ends the move: 3 dice.
    let mut rail = open(3, 10);
    rail[4] = "r..".to_string();
    assert_eq!(run_check(PLAIN, &[], rail.clone(), &[1, 1, 1]), (3, 11));
    // Astrobatics: 2 dice; with the rail too: 4 − 1 − 2 = 1 die.
    let astro = "str = 10, dex = 12, int = 10, astrobatics = 1";
    assert_eq!(run_check(astro, &[], open(3, 10), &[1, 1]), (2, 11));
    assert_eq!(run_check(astro, &[], rail, &[1]), (1, 11));
}

#[test]
fn sk_17_10_b_holding_a_person_anchored_to_a_rail_takes_one_die_off() {
    // Ash ends at [1, 4] next to Cal at [1, 5], who stands by a rail at [1, 6], two hexes from
    // Ash: Ash holds on to Cal. 3 dice.
    let mut rows = open(3, 10);
    rows[6] = ".r.".to_string();
    let ash = unit("Ash", 0, (1, 0), S, &[], PLAIN);
    let cal = unit("Cal", 0, (1, 5), N, &[], PLAIN);
    let bay = unit("Bay", 1, (2, 9), N, &[], PLAIN);
    let mut g = game(&[MICRO], &rows, &[('r', "rail")], &[ash, cal, bay]);
    g.start_turn(0);
    let ev = g.play("Ash moves to 1,4 facing S", &[1, 1, 1]);
    let c = checks(&ev);
    assert_eq!((c[0].2, c[0].4, c[0].6), (3, 11, "SK-17.10-b"));
    // Without the rail, Cal is no anchor: 4 dice.
    let ash = unit("Ash", 0, (1, 0), S, &[], PLAIN);
    let cal = unit("Cal", 0, (1, 5), N, &[], PLAIN);
    let bay = unit("Bay", 1, (2, 9), N, &[], PLAIN);
    let mut g = game(&[MICRO], &open(3, 10), &[], &[ash, cal, bay]);
    g.start_turn(0);
    let ev = g.play("Ash moves to 1,4 facing S", &[1, 1, 1, 1]);
    assert_eq!(checks(&ev)[0].2, 4);
}

#[test]
fn sk_17_10_b_prone_he_keeps_his_footing_without_a_roll() {
    // Hit by a pistol while prone: no save for Bay (automatic success); Ash, standing, saves.
    let ash = unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER);
    let bay = unit("Bay", 1, (1, 3), N, &[], PLAIN).stance("prone");
    let mut g = game(&[MICRO], &open(3, 6), &[], &[ash, bay]);
    g.reach_actions(0);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(7), &d4(8), &[1, 1]]));
    assert!(roll(&ev).result.is_hit());
    let c = checks(&ev);
    assert_eq!(c.len(), 1, "{c:?}");
    assert_eq!(c[0].0, 0);
    assert!(!g.fig("Bay").floating);
    assert!(drifts(&ev).is_empty());
}
