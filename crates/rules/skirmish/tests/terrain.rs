//! Movement over terrain through the engine with forced dice (§10.2–10.6, §17.7–17.9, §6.2.9,
//! §6.4.1, §12.5): jumps over pits and 1 m walls, falls and their damage, climbing a rope,
//! firing into and out of pits, deep water, fallen figures in the way, weapons grabbed on the
//! run, retreats into danger, and the movement rules §10 and §17.1–17.6 checked against hand
//! calculations from the book. Test names carry the rule IDs; G-nn and E-nn are GAPS.md's.
//!
//! Maps run north to south down column 1 (odd-q offset: [1, r] and [1, r + 1] are neighbours),
//! so a move "to [1, 3]" from [1, 0] is a straight line south.

mod common;

use common::*;
use fireteam_skirmish::state::{Dropped, MoveKind, Pos, Posture, WeaponState};
use fireteam_skirmish::Event;

/// STR 10, DEX 12, INT 10: STR + DEX = 22 for a jump (SK-10.2-a, G-56).
const PLAIN: &str = "str = 10, dex = 12, int = 10";
const ACROBAT: &str = "str = 10, dex = 12, int = 10, acrobatics = 1";

fn rows(r: &[&str]) -> Vec<String> {
    r.iter().map(|s| s.to_string()).collect()
}

/// Ash (side A) at [1, 0] facing S and Bay (side B) far off at [5, 6] facing S, on `map`.
fn runner(opts: &[(&str, &str)], map: &[&str], legend: &[(char, &str)], ash: &str) -> Game {
    runner_with(opts, map, legend, unit("Ash", 0, (1, 0), S, &[], ash))
}

fn runner_with(opts: &[(&str, &str)], map: &[&str], legend: &[(char, &str)], ash: Unit) -> Game {
    let bay = unit("Bay", 1, (5, 6), S, &[], PLAIN);
    let mut g = game(opts, &rows(map), legend, &[ash, bay]);
    g.start_turn(0);
    g
}

/// The Jumped events: (from, to, width, effective, rule).
fn jumps(ev: &[Event]) -> Vec<(Pos, Pos, u8, u8, &'static str)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Jumped {
                from,
                to,
                width,
                effective,
                rule,
                ..
            } => Some((*from, *to, *width, *effective, rule.0)),
            _ => None,
        })
        .collect()
}

/// The FellInto events: (at, depth in decimetres, rule).
fn falls(ev: &[Event]) -> Vec<(Pos, u16, &'static str)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::FellInto {
                at, depth_dm, rule, ..
            } => Some((*at, *depth_dm, rule.0)),
            _ => None,
        })
        .collect()
}

fn p(c: i16, r: i16) -> Pos {
    Pos::new(c, r)
}

const PIT2: [&str; 7] = [
    ".......", ".f.....", ".f.....", ".......", ".......", ".......", ".......",
];

// ---- SK-10.2 jumping, SK-17.8-a pits, SK-17.7-f walls, SK-17.9-d gravity

#[test]
fn sk_10_2_a_a_two_hex_pit_takes_two_mov_and_five_dice_against_str_plus_dex() {
    let mut g = runner(&[], &PIT2, &[('f', "foxhole")], PLAIN);
    // [1, 0] over [1, 1] and [1, 2] to [1, 3]: 3 hexes, 3 MOV (no extra MOV for the jump).
    // The save: 5d6 (a 2-hex hole) against STR 10 + DEX 12 = 22; 22 makes it.
    let ev = g.play("Ash moves to [1, 3] facing S", &d5(22));
    assert_eq!(
        checks(&ev),
        [(0, "jump", 5, 22, 22, true, "SK-10.2-a")],
        "5 dice vs 22"
    );
    assert_eq!(jumps(&ev), [(p(1, 0), p(1, 3), 2, 2, "SK-10.2-a")]);
    let a = g.fig("Ash");
    assert_eq!((a.pos, a.moved, a.posture), (p(1, 3), 3, Posture::Standing));
    assert_eq!(a.move_kind, MoveKind::Half, "3 of MOV 10: a Half Move");
}

#[test]
fn sk_10_2_a_a_one_hex_hole_is_two_dice_and_a_three_hex_hole_eight() {
    let one = [".......", ".f.....", ".......", ".......", ".......", ".......", "......."];
    let mut g = runner(&[], &one, &[('f', "foxhole")], PLAIN);
    let ev = g.play("Ash moves to [1, 2] facing S", &[6, 6]);
    // 2d6 = 12 against 22.
    assert_eq!(checks(&ev), [(0, "jump", 2, 12, 22, true, "SK-10.2-a")]);
    let three = [".......", ".f.....", ".f.....", ".f.....", ".......", ".......", "......."];
    let mut g = runner(&[], &three, &[('f', "foxhole")], PLAIN);
    let ev = g.play("Ash moves to [1, 4] facing S", &dn::<8>(22));
    assert_eq!(checks(&ev), [(0, "jump", 8, 22, 22, true, "SK-10.2-a")]);
    assert_eq!(g.fig("Ash").pos, p(1, 4));
    // Four hexes is no jump the book gives dice for: down a corridor between 2 m walls there
    // is no way over.
    let four = ["W.W", "WfW", "WfW", "WfW", "WfW", "W.W", "W.W"];
    let mut g = game(
        &[],
        &rows(&four),
        &[('f', "foxhole"), ('W', "wall-2m")],
        &[
            unit("Ash", 0, (1, 5), N, &[], PLAIN),
            unit("Bay", 1, (1, 6), S, &[], PLAIN),
        ],
    );
    g.start_turn(0);
    assert!(g.can("Ash moves to [1, 4] facing N"), "down into the foxhole");
    assert!(!g.can("Ash moves to [1, 0] facing N"));
}

#[test]
fn sk_10_2_b_a_missed_jump_falls_into_a_random_hex_of_the_pit() {
    let mut g = runner(&[], &PIT2, &[('f', "foxhole")], PLAIN);
    // 5d6 = 23 > 22: he falls in. 1d6 = 4 picks the second of two hexes (1-3 first, 4-6
    // second). A 1 m fall does no damage (G-57: under 5 m nothing).
    let ev = g.play("Ash moves to [1, 3] facing S", &faces(&[&d5(23), &[4]]));
    assert_eq!(checks(&ev), [(0, "jump", 5, 23, 22, false, "SK-10.2-a")]);
    assert_eq!(falls(&ev), [(p(1, 2), 10, "SK-10.2-b")]);
    assert!(damages(&ev).is_empty());
    let a = g.fig("Ash");
    assert_eq!((a.pos, a.posture), (p(1, 2), Posture::Fallen));
    // The move ended where he fell; a 1 m pit is climbed out of by walking next turn.
    g.finish_turn();
    g.start_turn(0);
    g.act("Ash stands up");
    g.finish_turn();
    g.start_turn(0);
    assert!(g.can("Ash moves to [1, 3] facing S"));
}

#[test]
fn sk_10_2_b_a_missed_jump_over_a_one_metre_wall_lands_on_it() {
    let wall = [".......", ".w.....", ".......", ".......", ".......", ".......", "......."];
    let mut g = runner(&[], &wall, &[('w', "wall-1m")], "str = 4, dex = 5, int = 10");
    // 2d6 = 10 against STR 4 + DEX 5 = 9: onto the wall, a 1 m fall (no damage).
    let ev = g.play("Ash moves to [1, 2] facing S", &[5, 5]);
    assert_eq!(checks(&ev), [(0, "jump", 2, 10, 9, false, "SK-10.2-a")]);
    assert_eq!(falls(&ev), [(p(1, 1), 10, "SK-10.2-b")]);
    assert_eq!(g.fig("Ash").posture, Posture::Fallen);
}

#[test]
fn sk_10_2_c_a_deep_pit_grab_the_other_side_and_pull_up() {
    let deep = [".......", ".d.....", ".d.....", ".......", ".......", ".......", "......."];
    let mut g = runner(&[], &deep, &[('d', "pit-deep")], PLAIN);
    // 5d6 = 23 misses; 1d6 = 1: the first hex; grab 3d6 = 12 vs DEX 12 holds; pull up 4d6 = 10
    // vs STR 10 makes it: he is on the far side, [1, 3], and his move ends there.
    let ev = g.play(
        "Ash moves to [1, 3] facing S",
        &faces(&[&d5(23), &[1], &d3(12), &d4(10)]),
    );
    assert_eq!(
        checks(&ev),
        [
            (0, "jump", 5, 23, 22, false, "SK-10.2-a"),
            (0, "grab", 3, 12, 12, true, "SK-10.2-c"),
            (0, "pull-up", 4, 10, 10, true, "SK-10.2-c"),
        ]
    );
    assert_eq!(jumps(&ev), [(p(1, 0), p(1, 3), 2, 2, "SK-10.2-c")]);
    assert!(falls(&ev).is_empty());
    let a = g.fig("Ash");
    assert_eq!((a.pos, a.posture, a.damage), (p(1, 3), Posture::Standing, 0));
}

#[test]
fn sk_10_2_c_a_failed_pull_up_is_one_hit_and_a_fall_into_the_deep_pit() {
    for nonlethal in [false, true] {
        let deep = [".......", ".d.....", ".d.....", ".......", ".......", ".......", "......."];
        let opts: &[(&str, &str)] = if nonlethal {
            &[("sk.nonlethal", "true")]
        } else {
            &[]
        };
        let mut g = runner(opts, &deep, &[('d', "pit-deep")], PLAIN);
        // 5d6 = 23 misses; 1d6 = 6: the second hex; the grab holds (10 vs 12) but the pull-up
        // fails (11 vs STR 10): 1 hit (G-56: fatigue with the nonlethal rules, else lethal),
        // and he falls 3 m into [1, 2] (G-57: no dice under 5 m).
        let ev = g.play(
            "Ash moves to [1, 3] facing S",
            &faces(&[&d5(23), &[6], &d3(10), &d4(11)]),
        );
        let d = damages(&ev);
        assert_eq!(d.len(), 1);
        assert_eq!((d[0].rolled, d[0].armor, d[0].rule), (1, 0, "SK-10.2-c"));
        assert_eq!(falls(&ev), [(p(1, 2), 30, "SK-10.2-b")]);
        let a = g.fig("Ash");
        assert_eq!((a.pos, a.posture), (p(1, 2), Posture::Fallen));
        if nonlethal {
            assert_eq!((a.damage, a.nonlethal), (0, 1));
        } else {
            assert_eq!((a.damage, a.nonlethal), (1, 0));
        }
    }
}

#[test]
fn sk_10_3_a_a_ten_metre_fall_is_2d6_and_armor_stops_no_more_than_two() {
    let shaft = [".......", ".s.....", ".......", ".......", ".......", ".......", "......."];
    let ash = unit("Ash", 0, (1, 0), S, &["steel"], "str = 10, dex = 1, int = 10");
    let mut g = runner_with(&[], &shaft, &[('s', "shaft")], ash);
    // 2d6 = 12 against STR 10 + DEX 1 = 11: a miss over a 10 m shaft. The grab (3d6 = 3 vs DEX
    // 1) fails: 1 hit (unarmored: fatigue is not stopped by armor). The fall, floor(10 / 5) =
    // 2d6 = 3 + 4 = 7, less the steel's 5 capped at 2 (SK-10.3-a): 5. In all 6 damage.
    let ev = g.play(
        "Ash moves to [1, 2] facing S",
        &faces(&[&[6, 6], &[1, 1, 1], &[3, 4]]),
    );
    let d = damages(&ev);
    assert_eq!(d.len(), 2);
    assert_eq!((d[0].rolled, d[0].taken, d[0].rule), (1, 1, "SK-10.2-c"));
    assert_eq!(
        (d[1].expr.as_str(), d[1].rolled, d[1].armor, d[1].taken, d[1].rule),
        ("2d6", 7, 2, 5, "SK-10.3-a")
    );
    assert_eq!(falls(&ev), [(p(1, 1), 100, "SK-10.2-b")]);
    assert_eq!(g.fig("Ash").damage, 6);
}

#[test]
fn sk_17_7_f_a_one_metre_wall_is_jumped_and_a_two_metre_wall_cannot_be() {
    // A corridor down column 1 between 2 m walls: a 1 m wall at [1, 1], a 2 m wall at [1, 3].
    let map = ["W.W", "WwW", "W.W", "WWW", "W.W", "W.W"];
    let mut g = game(
        &[],
        &rows(&map),
        &[('w', "wall-1m"), ('W', "wall-2m")],
        &[
            unit("Ash", 0, (1, 0), S, &[], PLAIN),
            unit("Bay", 1, (1, 5), S, &[], PLAIN),
        ],
    );
    g.start_turn(0);
    assert!(!g.can("Ash moves to [1, 4] facing S"), "walls over 1 m cannot be jumped");
    assert!(!g.can("Ash moves to [1, 1] facing S"), "nobody stops on a 1 m wall");
    // Over the 1 m wall: a 1-hex jump, 2d6 vs 22 (SK-10.2-a "or wall of the same width").
    let ev = g.play("Ash moves to [1, 2] facing S", &[3, 4]);
    assert_eq!(checks(&ev), [(0, "jump", 2, 7, 22, true, "SK-10.2-a")]);
    assert_eq!(jumps(&ev), [(p(1, 0), p(1, 2), 1, 1, "SK-10.2-a")]);
    assert_eq!(g.fig("Ash").pos, p(1, 2));
}

#[test]
fn sk_17_8_a_a_foxhole_one_metre_deep_is_jumped_not_walked_through() {
    let one = [".......", ".f.....", ".......", ".......", ".......", ".......", "......."];
    let mut g = runner(&[], &one, &[('f', "foxhole")], PLAIN);
    // Climbing down into it ends the move there (no roll); crossing it is a jump.
    let ev = g.act("Ash moves to [1, 1] facing S");
    assert!(checks(&ev).is_empty());
    assert_eq!(g.fig("Ash").pos, p(1, 1));
    // A ½ m scrape is walked through like open ground.
    let scrape = [".......", ".h.....", ".......", ".......", ".......", ".......", "......."];
    let mut g = runner(&[], &scrape, &[('h', "scrape")], PLAIN);
    let ev = g.act("Ash moves to [1, 2] facing S");
    assert!(checks(&ev).is_empty() && jumps(&ev).is_empty());
}

#[test]
fn sk_17_9_d_e_12_jump_widths_scale_with_gravity() {
    // E-12: a 2-hex hole at 0.5 g counts as 1 hex (2 dice); at 1.5 g a 2-hex hole counts as
    // round(2 × 1.5) = 3 hexes (8 dice). G-56: round(width × g), at least 1.
    let mut g = runner(&[("sk.gravity_percent", "50")], &PIT2, &[('f', "foxhole")], PLAIN);
    let ev = g.play("Ash moves to [1, 3] facing S", &[6, 6]);
    assert_eq!(checks(&ev), [(0, "jump", 2, 12, 22, true, "SK-10.2-a")]);
    assert_eq!(jumps(&ev), [(p(1, 0), p(1, 3), 2, 1, "SK-10.2-a")]);
    let mut g = runner(&[("sk.gravity_percent", "150")], &PIT2, &[('f', "foxhole")], PLAIN);
    let ev = g.play("Ash moves to [1, 3] facing S", &dn::<8>(22));
    assert_eq!(checks(&ev), [(0, "jump", 8, 22, 22, true, "SK-10.2-a")]);
    assert_eq!(jumps(&ev), [(p(1, 0), p(1, 3), 2, 3, "SK-10.2-a")]);
    // 1 hex at 0.3 g: round(0.3) = 0, at least 1.
    let one = [".......", ".f.....", ".......", ".......", ".......", ".......", "......."];
    let mut g = runner(&[("sk.gravity_percent", "30")], &one, &[('f', "foxhole")], PLAIN);
    let ev = g.play("Ash moves to [1, 2] facing S", &[1, 1]);
    assert_eq!(jumps(&ev), [(p(1, 0), p(1, 2), 1, 1, "SK-10.2-a")]);
}

#[test]
fn sk_6_4_1_b_the_acrobats_leap_is_a_gm_input_off_by_default() {
    // Default (G-56: no leap bonus): an Acrobat jumps a 2-hex pit on 5 dice like anyone.
    let mut g = runner(&[], &PIT2, &[('f', "foxhole")], ACROBAT);
    let ev = g.play("Ash moves to [1, 3] facing S", &d5(20));
    assert_eq!(checks(&ev), [(0, "jump", 5, 20, 22, true, "SK-10.2-a")]);
    // sk.acrobatics_leap = 1: a 3d6 DEX check (10 vs 12) first takes a hex off: 2 dice.
    let mut g = runner(
        &[("sk.acrobatics_leap", "1")],
        &PIT2,
        &[('f', "foxhole")],
        ACROBAT,
    );
    let ev = g.play("Ash moves to [1, 3] facing S", &faces(&[&d3(10), &[6, 6]]));
    assert_eq!(
        checks(&ev),
        [
            (0, "leap", 3, 10, 12, true, "SK-6.4.1-b"),
            (0, "jump", 2, 12, 22, true, "SK-10.2-a")
        ]
    );
    assert_eq!(jumps(&ev), [(p(1, 0), p(1, 3), 2, 1, "SK-10.2-a")]);
    // A failed leap check leaves the width as it is.
    let mut g = runner(
        &[("sk.acrobatics_leap", "1")],
        &PIT2,
        &[('f', "foxhole")],
        ACROBAT,
    );
    let ev = g.play("Ash moves to [1, 3] facing S", &faces(&[&d3(13), &d5(22)]));
    assert_eq!(checks(&ev)[1], (0, "jump", 5, 22, 22, true, "SK-10.2-a"));
}
