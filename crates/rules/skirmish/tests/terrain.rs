//! Movement over terrain through the engine with forced dice (§10.2–10.6, §17.7–17.9, §6.2.9,
//! §6.4.1, §12.5): jumps over pits and 1 m walls, falls and their damage, climbing a rope,
//! firing into and out of pits, deep water, fallen figures in the way, weapons grabbed on the
//! run, retreats into danger, and the movement rules §10 and §17.1–17.6 checked against hand
//! calculations from the book. Test names carry the rule IDs; G-nn and E-nn are GAPS.md's.
//!
//! Maps run north to south down column 1 (odd-q offset: [1, r] and [1, r + 1] are neighbours),
//! so a move "to 1,3" from [1, 0] is a straight line south.

mod common;

use common::*;
use fireteam_skirmish::event::Effect;
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
    let ev = g.play("Ash moves to 1,3 facing S", &d5(22));
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
    let one = [
        ".......", ".f.....", ".......", ".......", ".......", ".......", ".......",
    ];
    let mut g = runner(&[], &one, &[('f', "foxhole")], PLAIN);
    let ev = g.play("Ash moves to 1,2 facing S", &[6, 6]);
    // 2d6 = 12 against 22.
    assert_eq!(checks(&ev), [(0, "jump", 2, 12, 22, true, "SK-10.2-a")]);
    let three = [
        ".......", ".f.....", ".f.....", ".f.....", ".......", ".......", ".......",
    ];
    let mut g = runner(&[], &three, &[('f', "foxhole")], PLAIN);
    let ev = g.play("Ash moves to 1,4 facing S", &dn::<8>(22));
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
    assert!(g.can("Ash moves to 1,4 facing N"), "down into the foxhole");
    assert!(!g.can("Ash moves to 1,0 facing N"));
}

#[test]
fn sk_10_2_b_a_missed_jump_falls_into_a_random_hex_of_the_pit() {
    let mut g = runner(&[], &PIT2, &[('f', "foxhole")], PLAIN);
    // 5d6 = 23 > 22: he falls in. 1d6 = 4 picks the second of two hexes (1-3 first, 4-6
    // second). A 1 m fall does no damage (G-57: under 5 m nothing).
    let ev = g.play("Ash moves to 1,3 facing S", &faces(&[&d5(23), &[4]]));
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
    assert!(g.can("Ash moves to 1,3 facing S"));
}

#[test]
fn sk_10_2_b_a_missed_jump_over_a_one_metre_wall_lands_on_it() {
    let wall = [
        ".......", ".w.....", ".......", ".......", ".......", ".......", ".......",
    ];
    let mut g = runner(
        &[],
        &wall,
        &[('w', "wall-1m")],
        "str = 4, dex = 5, int = 10",
    );
    // 2d6 = 10 against STR 4 + DEX 5 = 9: onto the wall, a 1 m fall (no damage).
    let ev = g.play("Ash moves to 1,2 facing S", &[5, 5]);
    assert_eq!(checks(&ev), [(0, "jump", 2, 10, 9, false, "SK-10.2-a")]);
    assert_eq!(falls(&ev), [(p(1, 1), 10, "SK-10.2-b")]);
    assert_eq!(g.fig("Ash").posture, Posture::Fallen);
}

#[test]
fn sk_10_2_c_a_deep_pit_grab_the_other_side_and_pull_up() {
    let deep = [
        ".......", ".d.....", ".d.....", ".......", ".......", ".......", ".......",
    ];
    let mut g = runner(&[], &deep, &[('d', "pit-deep")], PLAIN);
    // 5d6 = 23 misses; 1d6 = 1: the first hex; grab 3d6 = 12 vs DEX 12 holds; pull up 4d6 = 10
    // vs STR 10 makes it: he is on the far side, [1, 3], and his move ends there.
    let ev = g.play(
        "Ash moves to 1,3 facing S",
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
    assert_eq!(
        (a.pos, a.posture, a.damage),
        (p(1, 3), Posture::Standing, 0)
    );
}

#[test]
fn sk_10_2_c_a_failed_pull_up_is_one_hit_and_a_fall_into_the_deep_pit() {
    for nonlethal in [false, true] {
        let deep = [
            ".......", ".d.....", ".d.....", ".......", ".......", ".......", ".......",
        ];
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
            "Ash moves to 1,3 facing S",
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
    let shaft = [
        ".......", ".s.....", ".......", ".......", ".......", ".......", ".......",
    ];
    let ash = unit(
        "Ash",
        0,
        (1, 0),
        S,
        &["steel"],
        "str = 10, dex = 1, int = 10",
    );
    let mut g = runner_with(&[], &shaft, &[('s', "shaft")], ash);
    // 2d6 = 12 against STR 10 + DEX 1 = 11: a miss over a 10 m shaft. The grab (3d6 = 3 vs DEX
    // 1) fails: 1 hit (unarmored: fatigue is not stopped by armor). The fall, floor(10 / 5) =
    // 2d6 = 3 + 4 = 7, less the steel's 5 capped at 2 (SK-10.3-a): 5. In all 6 damage.
    let ev = g.play(
        "Ash moves to 1,2 facing S",
        &faces(&[&[6, 6], &[1, 1, 1], &[3, 4]]),
    );
    let d = damages(&ev);
    assert_eq!(d.len(), 2);
    assert_eq!((d[0].rolled, d[0].taken, d[0].rule), (1, 1, "SK-10.2-c"));
    assert_eq!(
        (
            d[1].expr.as_str(),
            d[1].rolled,
            d[1].armor,
            d[1].taken,
            d[1].rule
        ),
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
    assert!(
        !g.can("Ash moves to 1,4 facing S"),
        "walls over 1 m cannot be jumped"
    );
    assert!(
        !g.can("Ash moves to 1,1 facing S"),
        "nobody stops on a 1 m wall"
    );
    // Over the 1 m wall: a 1-hex jump, 2d6 vs 22 (SK-10.2-a "or wall of the same width").
    let ev = g.play("Ash moves to 1,2 facing S", &[3, 4]);
    assert_eq!(checks(&ev), [(0, "jump", 2, 7, 22, true, "SK-10.2-a")]);
    assert_eq!(jumps(&ev), [(p(1, 0), p(1, 2), 1, 1, "SK-10.2-a")]);
    assert_eq!(g.fig("Ash").pos, p(1, 2));
}

#[test]
fn sk_17_8_a_a_foxhole_one_metre_deep_is_jumped_not_walked_through() {
    let one = [
        ".......", ".f.....", ".......", ".......", ".......", ".......", ".......",
    ];
    let mut g = runner(&[], &one, &[('f', "foxhole")], PLAIN);
    // Climbing down into it ends the move there (no roll); crossing it is a jump.
    let ev = g.act("Ash moves to 1,1 facing S");
    assert!(checks(&ev).is_empty());
    assert_eq!(g.fig("Ash").pos, p(1, 1));
    // A ½ m scrape is walked through like open ground.
    let scrape = [
        ".......", ".h.....", ".......", ".......", ".......", ".......", ".......",
    ];
    let mut g = runner(&[], &scrape, &[('h', "scrape")], PLAIN);
    let ev = g.act("Ash moves to 1,2 facing S");
    assert!(checks(&ev).is_empty() && jumps(&ev).is_empty());
}

#[test]
fn sk_17_9_d_e_12_jump_widths_scale_with_gravity() {
    // E-12: a 2-hex hole at 0.5 g counts as 1 hex (2 dice); at 1.5 g a 2-hex hole counts as
    // round(2 × 1.5) = 3 hexes (8 dice). G-56: round(width × g), at least 1.
    let mut g = runner(
        &[("sk.gravity_percent", "50")],
        &PIT2,
        &[('f', "foxhole")],
        PLAIN,
    );
    let ev = g.play("Ash moves to 1,3 facing S", &[6, 6]);
    assert_eq!(checks(&ev), [(0, "jump", 2, 12, 22, true, "SK-10.2-a")]);
    assert_eq!(jumps(&ev), [(p(1, 0), p(1, 3), 2, 1, "SK-10.2-a")]);
    let mut g = runner(
        &[("sk.gravity_percent", "150")],
        &PIT2,
        &[('f', "foxhole")],
        PLAIN,
    );
    let ev = g.play("Ash moves to 1,3 facing S", &dn::<8>(22));
    assert_eq!(checks(&ev), [(0, "jump", 8, 22, 22, true, "SK-10.2-a")]);
    assert_eq!(jumps(&ev), [(p(1, 0), p(1, 3), 2, 3, "SK-10.2-a")]);
    // 1 hex at 0.3 g: round(0.3) = 0, at least 1.
    let one = [
        ".......", ".f.....", ".......", ".......", ".......", ".......", ".......",
    ];
    let mut g = runner(
        &[("sk.gravity_percent", "30")],
        &one,
        &[('f', "foxhole")],
        PLAIN,
    );
    let ev = g.play("Ash moves to 1,2 facing S", &[1, 1]);
    assert_eq!(jumps(&ev), [(p(1, 0), p(1, 2), 1, 1, "SK-10.2-a")]);
}

#[test]
fn sk_6_4_1_b_the_acrobats_leap_is_a_gm_input_off_by_default() {
    // Default (G-56: no leap bonus): an Acrobat jumps a 2-hex pit on 5 dice like anyone.
    let mut g = runner(&[], &PIT2, &[('f', "foxhole")], ACROBAT);
    let ev = g.play("Ash moves to 1,3 facing S", &d5(20));
    assert_eq!(checks(&ev), [(0, "jump", 5, 20, 22, true, "SK-10.2-a")]);
    // sk.acrobatics_leap = 1: a 3d6 DEX check (10 vs 12) first takes a hex off: 2 dice.
    let mut g = runner(
        &[("sk.acrobatics_leap", "1")],
        &PIT2,
        &[('f', "foxhole")],
        ACROBAT,
    );
    let ev = g.play("Ash moves to 1,3 facing S", &faces(&[&d3(10), &[6, 6]]));
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
    let ev = g.play("Ash moves to 1,3 facing S", &faces(&[&d3(13), &d5(22)]));
    assert_eq!(checks(&ev)[1], (0, "jump", 5, 22, 22, true, "SK-10.2-a"));
}

// ---- SK-10.3-b climbing out of a deep pit, SK-6.4.1-c climbing with a rope

/// Climbed events: (metres, out, rule).
fn climbs(ev: &[Event]) -> Vec<(u8, Option<Pos>, &'static str)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Climbed {
                metres, out, rule, ..
            } => Some((*metres, *out, rule.0)),
            _ => None,
        })
        .collect()
}

const DEEP1: [&str; 7] = [
    ".......", ".d.....", ".......", ".......", ".......", ".......", ".......",
];

fn in_pit(equipment: &[&str], stats: &str) -> Game {
    runner_with(
        &[],
        &DEEP1,
        &[('d', "pit-deep")],
        unit("Ash", 0, (1, 1), S, equipment, stats),
    )
}

#[test]
fn sk_10_3_b_a_pit_over_two_metres_cannot_be_climbed_out_of_without_a_rope() {
    let g = in_pit(&[], "str = 10, dex = 10, int = 10");
    let moves: Vec<String> = g
        .texts()
        .into_iter()
        .filter(|t| t.contains("moves") || t.contains("climbs"))
        .collect();
    assert!(moves.is_empty(), "{moves:?}");
}

#[test]
fn sk_10_3_b_sk_6_4_1_c_with_a_rope_one_metre_a_turn_on_a_2d6_dex_check() {
    let mut g = in_pit(&["rope"], "str = 10, dex = 10, int = 10");
    // Turn 1: 2d6 = 10 vs DEX 10: up 1 m of 3.
    let ev = g.play("Ash climbs toward 1,2", &[4, 6]);
    assert_eq!(checks(&ev), [(0, "climb", 2, 10, 10, true, "SK-6.4.1-c")]);
    assert_eq!(climbs(&ev), [(1, None, "SK-10.3-b")]);
    assert!(g.fig("Ash").acted, "hands on the rope: no action");
    g.finish_turn();
    // Turn 2: 11 fails: still 1 m.
    g.start_turn(0);
    let ev = g.play("Ash climbs toward 1,2", &[5, 6]);
    assert_eq!(climbs(&ev), [(1, None, "SK-10.3-b")]);
    g.finish_turn();
    for (turn, metres) in [(3, 2u8), (4, 3)] {
        g.start_turn(0);
        let ev = g.play("Ash climbs toward 1,2", &[1, 1]);
        let out = (metres == 3).then_some(p(1, 2));
        assert_eq!(climbs(&ev), [(metres, out, "SK-10.3-b")], "turn {turn}");
        g.finish_turn();
    }
    assert_eq!(g.fig("Ash").pos, p(1, 2));
}

#[test]
fn sk_6_4_1_c_an_acrobat_climbs_two_metres_a_turn_with_no_check() {
    let mut g = in_pit(&["rope"], ACROBAT);
    let ev = g.act("Ash climbs toward 1,0");
    assert_eq!(climbs(&ev), [(2, None, "SK-10.3-b")]);
    g.finish_turn();
    g.start_turn(0);
    let ev = g.act("Ash climbs toward 1,0");
    assert_eq!(climbs(&ev), [(3, Some(p(1, 0)), "SK-10.3-b")]);
    assert_eq!(g.fig("Ash").pos, p(1, 0));
}

#[test]
fn sk_6_4_1_c_a_two_metre_wall_is_climbed_with_a_rope() {
    let wall = [
        ".......", ".W.....", ".......", ".......", ".......", ".......", ".......",
    ];
    // Without a rope there is no way over.
    let g = runner(&[], &wall, &[('W', "wall-2m")], PLAIN);
    assert!(!g.can("Ash climbs toward 1,2"));
    // An Acrobat with a rope: 2 m in one turn, over to [1, 2].
    let ash = unit("Ash", 0, (1, 0), S, &["rope"], ACROBAT);
    let mut g = runner_with(&[], &wall, &[('W', "wall-2m")], ash);
    let ev = g.act("Ash climbs toward 1,2");
    assert_eq!(climbs(&ev), [(2, Some(p(1, 2)), "SK-6.4.1-c")]);
    // Anyone else: 1 m a turn on 2d6 vs DEX.
    let ash = unit("Ash", 0, (1, 0), S, &["rope"], PLAIN);
    let mut g = runner_with(&[], &wall, &[('W', "wall-2m")], ash);
    let ev = g.play("Ash climbs toward 1,2", &[6, 6]);
    assert_eq!(checks(&ev), [(0, "climb", 2, 12, 12, true, "SK-6.4.1-c")]);
    assert_eq!(climbs(&ev), [(1, None, "SK-6.4.1-c")]);
}

// ---- SK-10.3-c firing into and out of a deep pit, SK-17.8-a pits protect as walls

/// Ash with a ready pistol at `ash` facing S, Bay in column 1 at `bay` (in the `pit` terrain
/// at [1, 3]) facing N, also armed: the action phase of turn 1. Side by side, the one fired at
/// turns his back so that the firer is not engaged (SK-11.8.2-a).
fn pit_duel(pit: &str, ash: (i32, i32), bay: (i32, i32), bay_stance: Option<&'static str>) -> Game {
    pit_duel_facing(pit, (ash, S), (bay, N), bay_stance)
}

fn pit_duel_facing(
    pit: &str,
    (ash, ash_facing): ((i32, i32), u8),
    (bay, bay_facing): ((i32, i32), u8),
    bay_stance: Option<&'static str>,
) -> Game {
    let map = [
        ".......", ".......", ".......", ".p.....", ".......", ".......",
    ];
    let stats = "str = 10, dex = 12, int = 10, sidearms = 1, ready = 1";
    let mut b = unit("Bay", 1, bay, bay_facing, &["autopistol"], stats);
    if let Some(st) = bay_stance {
        b = b.stance(st);
    }
    let a = unit("Ash", 0, ash, ash_facing, &["autopistol"], stats);
    let mut g = game(&[], &rows(&map), &[('p', pit)], &[a, b]);
    g.reach_actions(0);
    g
}

#[test]
fn sk_10_3_c_a_deep_pit_is_fired_into_only_from_next_to_it() {
    let g = pit_duel("pit-deep", (1, 0), (1, 3), None);
    assert!(!g.can("Ash shoots Bay"), "3 hexes off");
    let g = pit_duel_facing("pit-deep", ((1, 2), S), ((1, 3), S), None);
    assert!(g.can("Ash shoots Bay"), "from the next hex");
}

#[test]
fn sk_10_3_c_one_in_a_deep_pit_fires_only_into_a_next_hex_at_ground_level() {
    let mut g = pit_duel("pit-deep", (1, 0), (1, 3), None);
    g.act("Ash does nothing");
    assert!(!g.can("Bay shoots Ash"), "3 hexes off");
    let mut g = pit_duel_facing("pit-deep", ((1, 2), N), ((1, 3), N), None);
    g.act("Ash does nothing");
    assert!(g.can("Bay shoots Ash"));
    // Not into a hex below ground level: a second deep pit hex beside him.
    let map = [
        ".......", ".......", ".......", ".pp....", ".......", ".......",
    ];
    let stats = "str = 10, dex = 12, int = 10, sidearms = 1, ready = 1";
    let a = unit("Ash", 0, (2, 3), SW, &["autopistol"], stats);
    let b = unit("Bay", 1, (1, 3), SE, &["autopistol"], stats);
    let mut g = game(&[], &rows(&map), &[('p', "pit-deep")], &[a, b]);
    g.reach_actions(0);
    assert!(
        !g.texts().iter().any(|t| t == "Ash shoots Bay"),
        "{:?}",
        g.texts()
    );
}

#[test]
fn sk_17_8_a_a_foxhole_protects_as_a_one_metre_wall() {
    // SK-17.7-b: a 1 m wall hides kneeling and prone figures, not standing ones, and not from
    // a firer next to it (SK-17.7-d).
    let g = pit_duel("foxhole", (1, 0), (1, 3), Some("kneeling"));
    assert!(!g.can("Ash shoots Bay"));
    let g = pit_duel("foxhole", (1, 0), (1, 3), None);
    assert!(g.can("Ash shoots Bay"));
    let g = pit_duel_facing("foxhole", ((1, 2), S), ((1, 3), S), Some("kneeling"));
    assert!(g.can("Ash shoots Bay"));
    // A 2 m pit hides even a standing figure (SK-17.7-c).
    let g = pit_duel("pit-2m", (1, 0), (1, 3), None);
    assert!(!g.can("Ash shoots Bay"));
    // A ½ m scrape hides a prone figure from 3 hexes (SK-17.7-a/d).
    let g = pit_duel("scrape", (1, 0), (1, 3), Some("prone"));
    assert!(!g.can("Ash shoots Bay"));
}

#[test]
fn sk_17_8_a_a_prone_figure_cannot_fire_out_of_a_foxhole() {
    // SK-17.7-b: prone figures cannot fire over a 1 m wall; kneeling ones can.
    let mut g = pit_duel("foxhole", (1, 0), (1, 3), Some("prone"));
    g.act("Ash does nothing");
    assert!(!g.texts().iter().any(|t| t.starts_with("Bay shoots")));
    let mut g = pit_duel("foxhole", (1, 0), (1, 3), Some("kneeling"));
    g.act("Ash does nothing");
    assert!(g.can("Bay shoots Ash"));
}

// ---- SK-6.2.9-a swimming, SK-17.2-a deep water

fn swimmer(opts: &[(&str, &str)], equipment: &[&str], stats: &str) -> Game {
    let map = [
        ".w.....", ".......", ".......", ".......", ".......", ".......", ".......",
    ];
    let ash = unit("Ash", 0, (1, 0), S, equipment, stats);
    let bay = unit("Bay", 1, (5, 6), S, &[], PLAIN);
    game(opts, &rows(&map), &[('w', "water-deep")], &[ash, bay])
}

#[test]
fn sk_6_2_9_a_without_swimming_a_3d6_dex_check_every_turn_or_drown() {
    for nonlethal in [false, true] {
        let opts: &[(&str, &str)] = if nonlethal {
            &[("sk.nonlethal", "true")]
        } else {
            &[]
        };
        let mut g = swimmer(opts, &[], PLAIN);
        g.reach_actions(0);
        // G-56: no attacks in deep water: doing nothing is all he may do.
        assert_eq!(g.texts(), ["Ash does nothing"]);
        g.act("Ash does nothing");
        // The end of the turn: 3d6 = 13 vs DEX 12 fails; 1d6 = 4 (G-68: nonlethal with the
        // optional rules, lethal without).
        let ev = g.play("Bay does nothing", &faces(&[&d3(13), &[4]]));
        assert_eq!(checks(&ev), [(0, "swim", 3, 13, 12, false, "SK-6.2.9-a")]);
        let d = damages(&ev);
        assert_eq!((d[0].rolled, d[0].rule), (4, "SK-6.2.9-a"));
        let a = g.fig("Ash");
        if nonlethal {
            assert_eq!((a.damage, a.nonlethal), (0, 4));
        } else {
            assert_eq!((a.damage, a.nonlethal), (4, 0));
        }
        // Next turn, 12 makes it: no damage.
        g.reach_actions(0);
        g.act("Ash does nothing");
        let ev = g.play("Bay does nothing", &d3(12));
        assert_eq!(checks(&ev), [(0, "swim", 3, 12, 12, true, "SK-6.2.9-a")]);
        assert!(damages(&ev).is_empty());
    }
}

#[test]
fn sk_6_2_9_a_a_swimmer_makes_no_roll_and_encumbrance_lowers_the_check() {
    let mut g = swimmer(&[], &[], "str = 10, dex = 12, int = 10, swimming = 1");
    g.reach_actions(0);
    g.act("Ash does nothing");
    let ev = g.act("Bay does nothing");
    assert!(checks(&ev).is_empty());
    // Steel armor and a large shield (10 + 10 kg) on STR 5 are 4 × STR, an encumbrance DEX
    // penalty (−1, SK-14.2-T1): the check is against DEX + it ("encumbrance reduces this
    // directly", G-68).
    let mut g = swimmer(
        &[],
        &["steel", "large-shield"],
        "str = 5, dex = 12, int = 10",
    );
    let pen = g.fig("Ash").enc_dex;
    assert!(pen < 0, "encumbered: {pen}");
    g.reach_actions(0);
    // His eDEX is the lower: Bay acts first.
    g.act("Bay does nothing");
    let ev = g.play("Ash does nothing", &d3(3));
    assert_eq!(
        checks(&ev),
        [(0, "swim", 3, 3, 12 + pen, true, "SK-6.2.9-a")]
    );
}

#[test]
fn sk_6_2_9_a_g_68_swimming_mov_is_half_mov_by_default() {
    // MOV 10 in deep water: 5 (half, rounded up); sk.swim_mov_percent = 100: 10.
    let mut g = swimmer(&[], &[], PLAIN);
    g.start_turn(0);
    assert!(g.can("Ash moves to 1,5 facing S"));
    assert!(!g.can("Ash moves to 1,6 facing S"));
    let mut g = swimmer(&[("sk.swim_mov_percent", "100")], &[], PLAIN);
    g.start_turn(0);
    assert!(g.can("Ash moves to 1,6 facing S"));
}

// ---- SK-10.6-b/c fallen figures in the way

/// A corridor down column 1 between 2 m walls: Ash at [1, 0] facing S, Cal (his side) lying
/// prone at [1, 1], Bay (the enemy) at [1, 5] facing S.
fn corridor(opts: &[(&str, &str)], ash: &str) -> Game {
    let map = ["W.W", "W.W", "W.W", "W.W", "W.W", "W.W"];
    let mut g = game(
        opts,
        &rows(&map),
        &[('W', "wall-2m")],
        &[
            unit("Ash", 0, (1, 0), S, &[], ash),
            unit("Cal", 0, (1, 1), S, &[], PLAIN).stance("prone"),
            unit("Bay", 1, (1, 5), S, &[], PLAIN),
        ],
    );
    g.start_turn(0);
    g
}

#[test]
fn sk_10_6_b_moving_into_a_fallen_figures_hex_and_stopping_3d6_vs_dex() {
    // 3d6 = 12 vs DEX 12: he keeps his feet (SK-5.9-a: a check succeeds on its number).
    let mut g = corridor(&[], PLAIN);
    let ev = g.play("Ash moves to 1,1 facing S", &d3(12));
    assert_eq!(checks(&ev), [(0, "balance", 3, 12, 12, true, "SK-10.6-b")]);
    assert_eq!(
        (g.fig("Ash").pos, g.fig("Ash").posture),
        (p(1, 1), Posture::Standing)
    );
    // 13 fails: he falls there.
    let mut g = corridor(&[], PLAIN);
    let ev = g.play("Ash moves to 1,1 facing S", &d3(13));
    assert_eq!(effects(&ev), [(0, Effect::Fell, "SK-10.6-b")]);
    assert_eq!(g.fig("Ash").posture, Posture::Fallen);
    // An Acrobat rolls one die fewer (SK-6.4.1-a: keeping his balance).
    let mut g = corridor(&[], ACROBAT);
    let ev = g.play("Ash moves to 1,1 facing S", &[6, 6]);
    assert_eq!(checks(&ev), [(0, "balance", 2, 12, 12, true, "SK-10.6-b")]);
}

#[test]
fn sk_10_6_c_jumping_over_a_fallen_figure_costs_3_mov_and_the_same_roll() {
    let mut g = corridor(&[], PLAIN);
    // [1, 0] over Cal's hex to [1, 2]: 3 MOV for his hex + 1 = 4 MOV, and 3d6 vs DEX 12.
    let ev = g.play("Ash moves to 1,2 facing S", &d3(9));
    assert_eq!(checks(&ev), [(0, "balance", 3, 9, 12, true, "SK-10.6-c")]);
    assert_eq!(jumps(&ev), [(p(1, 0), p(1, 2), 1, 1, "SK-10.6-c")]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::MovSpent { mov: 2, rule, .. } if rule.0 == "SK-10.6-c"
    )));
    assert_eq!((g.fig("Ash").pos, g.fig("Ash").moved), (p(1, 2), 4));
    // A miss: he falls where he lands.
    let mut g = corridor(&[], PLAIN);
    let ev = g.play("Ash moves to 1,2 facing S", &d3(14));
    assert_eq!(effects(&ev), [(0, Effect::Fell, "SK-10.6-c")]);
    assert_eq!(
        (g.fig("Ash").pos, g.fig("Ash").posture),
        (p(1, 2), Posture::Fallen)
    );
    // MOV 3 is not enough; with sk.jump_figure_mov = 2 (the whole jump 3 MOV) it is.
    let g = corridor(&[], "str = 10, dex = 12, int = 10, mov = 3");
    assert!(!g.can("Ash moves to 1,2 facing S"));
    let mut g = corridor(
        &[("sk.jump_figure_mov", "2")],
        "str = 10, dex = 12, int = 10, mov = 3",
    );
    g.play("Ash moves to 1,2 facing S", &d3(9));
    assert_eq!(g.fig("Ash").moved, 3);
}

// ---- SK-10.4 grabbing a dropped weapon on the run

/// Ash on open ground with a duel blade lying at [1, 2] (his own, or Cal's).
fn dropped(own: bool) -> Game {
    let map = ["......."; 12];
    let ash_eq: &[&str] = if own { &["duel-blade"] } else { &[] };
    let mut g = game(
        &[],
        &rows(&map),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, ash_eq, PLAIN),
            unit("Cal", 0, (4, 0), S, &["duel-blade"], PLAIN),
            unit("Bay", 1, (5, 6), S, &[], PLAIN),
        ],
    );
    let owner = if own { 0 } else { 1 };
    let f = &mut g.s.figures[owner];
    f.weapons[0].as_mut().unwrap().state = WeaponState::Dropped;
    f.ready = None;
    g.s.dropped.push(Dropped {
        pos: p(1, 2),
        owner: owner as u16,
        slot: 0,
    });
    g.start_turn(0);
    g
}

fn grabbed(ev: &[Event]) -> Vec<(u16, u8, u8, &'static str)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Grabbed {
                owner,
                slot,
                into,
                rule,
                ..
            } => Some((*owner, *slot, *into, rule.0)),
            _ => None,
        })
        .collect()
}

#[test]
fn sk_10_4_a_three_mov_in_the_hex_always_picks_it_up_and_he_moves_on() {
    let mut g = dropped(true);
    // 2 hexes to it, 3 MOV there (2 beyond entering), 2 more: 6 MOV; no roll.
    let ev = g.act("Ash grabs the weapon at 1,2 (3 MOV) and moves to 1,4 facing S");
    assert_eq!(grabbed(&ev), [(0, 0, 0, "SK-10.4-a")]);
    let a = g.fig("Ash");
    assert_eq!((a.pos, a.moved, a.ready), (p(1, 4), 6, Some(0)));
    assert_eq!(a.weapons[0].unwrap().state, WeaponState::Ok);
    assert!(g.s.dropped.is_empty());
    // G-41: no other action this turn.
    assert!(a.acted);
    // MOV 10: at most 8 hexes by this method.
    let g = dropped(true);
    assert!(!g.can("Ash grabs the weapon at 1,2 (3 MOV) and moves to 1,9 facing S"));
    assert!(g.can("Ash grabs the weapon at 1,2 (3 MOV) and moves to 1,8 facing S"));
}

#[test]
fn sk_10_4_b_moving_through_the_hex_3d6_vs_edex_after_the_move() {
    let mut g = dropped(true);
    let ev = g.play(
        "Ash grabs the weapon at 1,2 on the run and moves to 1,4 facing S",
        &d3(12),
    );
    assert_eq!(checks(&ev), [(0, "grab", 3, 12, 12, true, "SK-10.4-b")]);
    assert_eq!(grabbed(&ev), [(0, 0, 0, "SK-10.4-b")]);
    let a = g.fig("Ash");
    assert_eq!(
        (a.pos, a.moved, a.ready, a.acted),
        (p(1, 4), 4, Some(0), true)
    );
    // 13 misses it: the weapon stays, and still no other action.
    let mut g = dropped(true);
    let ev = g.play(
        "Ash grabs the weapon at 1,2 on the run and moves to 1,10 facing S",
        &d3(13),
    );
    assert!(grabbed(&ev).is_empty());
    assert_eq!(g.s.dropped.len(), 1);
    assert!(g.fig("Ash").acted);
}

#[test]
fn sk_10_4_a_another_figures_weapon_goes_into_a_free_slot() {
    let mut g = dropped(false);
    let ev = g.act("Ash grabs the weapon at 1,2 (3 MOV) and moves to 1,2 facing S");
    assert_eq!(grabbed(&ev), [(1, 0, 0, "SK-10.4-a")]);
    assert!(g.fig("Cal").weapons[0].is_none());
    assert_eq!(g.fig("Ash").ready, Some(0));
    assert!(g.fig("Ash").weapons[0].is_some());
}

// ---- SK-12.5-c retreating into danger

/// Bay boxed in at [1, 1] by 2 m walls with only [1, 2] (`hole`) free, his back to Ash; Ash has
/// hit him (2d6 = 6 with a duel blade from behind) and Bay has done nothing: the forced
/// retreat is next.
fn boxed(hole: &str, open_side: bool) -> Game {
    let r1 = if open_side { "..W" } else { "W.W" };
    let map = ["W.W", r1, "WhW", "W.W"];
    let fighter = "str = 10, dex = 12, int = 10, sword = 1";
    let mut g = game(
        &[],
        &rows(&map),
        &[('W', "wall-2m"), ('h', hole)],
        &[
            unit(
                "Ash",
                0,
                (1, 0),
                S,
                &["duel-blade"],
                &format!("{fighter}, ready = 1"),
            ),
            unit("Bay", 1, (1, 1), S, &["duel-blade"], fighter),
        ],
    );
    g.reach_actions(0);
    // 3d6 = 10 hits (DEX 12, +4 from the rear); 2d6 = 3 + 3 = 6 damage.
    g.play("Ash attacks Bay", &faces(&[&d3(10), &[3, 3]]));
    g.act("Bay does nothing");
    g
}

#[test]
fn sk_12_5_c_the_only_hex_is_deep_water_3d6_vs_dex_not_to_retreat() {
    let mut g = boxed("water-deep", false);
    let pushes: Vec<String> = g.texts();
    assert!(pushes.contains(&"Ash forces Bay back to 1,2".to_string()));
    // 3d6 = 12 vs DEX 12: he keeps his place.
    let ev = g.play("Ash forces Bay back to 1,2", &d3(12));
    assert_eq!(checks(&ev), [(1, "hold", 3, 12, 12, true, "SK-12.5-c")]);
    assert!(ev.iter().any(|e| matches!(e, Event::StoodFast { .. })));
    assert_eq!(g.fig("Bay").pos, p(1, 1));
}

#[test]
fn sk_12_5_c_a_failed_roll_falls_into_the_pit() {
    let mut g = boxed("foxhole", false);
    let ev = g.play("Ash forces Bay back to 1,2", &d3(13));
    assert_eq!(falls(&ev), [(p(1, 2), 10, "SK-12.5-c")]);
    let b = g.fig("Bay");
    assert_eq!((b.pos, b.posture), (p(1, 2), Posture::Fallen));
}

#[test]
fn sk_12_5_c_dangerous_hexes_are_offered_only_when_no_other_is_free() {
    let g = boxed("foxhole", true);
    let t = g.texts();
    assert!(
        t.contains(&"Ash forces Bay back to 0,1".to_string()),
        "{t:?}"
    );
    assert!(!t.iter().any(|x| x.contains("1,2")), "{t:?}");
}

// ---- §10 and §17.1–17.6 against hand calculations

#[test]
fn sk_10_d_a_move_stops_on_entering_an_enemy_threat_zone() {
    use fireteam_skirmish::geometry::{engagers_at, reach};
    let map = ["......."; 7];
    let mut g = game(
        &[],
        &rows(&map),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &[], PLAIN),
            unit("Bay", 1, (1, 3), N, &[], PLAIN),
        ],
    );
    g.start_turn(0);
    // No path goes on from a hex in Bay's threat zone.
    let r = reach(&g.s, 0, 10);
    for e in &r {
        if e.parent != u16::MAX {
            let from = r[usize::from(e.parent)].pos;
            assert_eq!(engagers_at(&g.s, 0, from), 0, "{e:?} goes on from {from}");
        }
    }
    // [1, 2] is his front hex: the move ends there, engaged.
    let ev = g.act("Ash moves to 1,2 facing S");
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Moved { engaged: true, .. })));
}

#[test]
fn sk_10_b_mov_cut_to_one_or_less_still_moves_one_hex() {
    // MOV 8 in knee-deep snow: 8 − 8 = 0 (SK-17.3-a), still 1 hex.
    let map = [
        ".s.....", ".......", ".......", ".......", ".......", ".......", ".......",
    ];
    let g = runner(
        &[],
        &map,
        &[('s', "snow-knee")],
        "str = 10, dex = 12, int = 10, mov = 8",
    );
    assert!(g.can("Ash moves to 1,1 facing S"));
    assert!(!g.can("Ash moves to 1,2 facing S"));
}

#[test]
fn sk_10_c_a_prone_figure_crawls_two_hexes_and_does_not_walk() {
    let ash = unit("Ash", 0, (1, 0), S, &[], PLAIN).stance("prone");
    let mut g = runner_with(&[], &["......."; 7], &[], ash);
    assert!(g.can("Ash crawls to 1,2 facing S"));
    assert!(!g.can("Ash crawls to 1,3 facing S"));
    assert!(!g.texts().iter().any(|t| t.contains("moves")));
    g.act("Ash crawls to 1,2 facing S");
    assert_eq!(g.fig("Ash").posture, Posture::Prone, "he stays down");
}

#[test]
fn sk_10_5_b_only_drop_stand_up_and_fire_change_position() {
    // A kneeling figure has no walking move: it moves only by standing up first (SK-10.7.2-a,
    // G-41); a standing one that moves stays standing.
    let ash = unit("Ash", 0, (1, 0), S, &[], PLAIN).stance("kneeling");
    let g = runner_with(&[], &["......."; 7], &[], ash);
    assert!(!g.texts().iter().any(|t| t.starts_with("Ash moves")));
    assert!(g.can("Ash stands up and moves to 1,1 facing S"));
    let mut g = runner(&[], &["......."; 7], &[], PLAIN);
    g.act("Ash moves to 1,3 facing S");
    assert_eq!(g.fig("Ash").posture, Posture::Standing);
    g.stand_all();
    // Drop (SK-11.7.5-a) makes him kneel; Stand Up (SK-10.7.2-a) gets him up.
    let ev = g.act("Ash kneels");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Posture { posture: Posture::Kneeling, rule, .. } if rule.0 == "SK-11.7.5-a"
    )));
    g.finish_turn();
    g.start_turn(0);
    let ev = g.act("Ash stands up");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Posture { posture: Posture::Standing, rule, .. } if rule.0 == "SK-10.7.2-a"
    )));
}

#[test]
fn sk_5_9_a_an_attribute_check_succeeds_on_its_number_and_fails_one_above() {
    // 3d6 ≤ the attribute: the fallen-figure check at DEX 12 (SK-10.6-b).
    for (total, ok) in [(3, true), (12, true), (13, false), (18, false)] {
        let mut g = corridor(&[], PLAIN);
        let ev = g.play("Ash moves to 1,1 facing S", &d3(total));
        assert_eq!(
            checks(&ev),
            [(0, "balance", 3, total as i32, 12, ok, "SK-10.6-b")]
        );
    }
}

#[test]
fn sk_6_e_skills_are_fixed_for_the_battle() {
    let mut g = runner(&[], &["......."; 7], &[], ACROBAT);
    let skills = g.fig("Ash").skills;
    assert!(fireteam_skirmish::skills::has(
        skills,
        fireteam_skirmish::skills::ACROBATICS
    ));
    for _ in 0..3 {
        g.stand_all();
        g.finish_turn();
        g.start_turn(0);
        assert_eq!(g.fig("Ash").skills, skills);
    }
    // Nothing in the battle offers to learn or drop a skill.
    assert!(!g
        .texts()
        .iter()
        .any(|t| t.contains("learn") || t.contains("skill")));
}

#[test]
fn sk_6_4_1_a_an_acrobat_rolls_one_die_fewer_on_ice_and_in_the_dark() {
    // SK-17.6-a: more than 5 hexes onto ice: 3 dice; an Acrobat 2 (SK-6.4.1-a).
    let map = [
        ".......", ".......", ".......", ".......", ".......", ".......", ".i.....",
    ];
    for (stats, dice) in [(PLAIN, 3u8), (ACROBAT, 2)] {
        let mut g = runner(&[], &map, &[('i', "ice")], stats);
        let faces: Vec<i64> = vec![1; usize::from(dice)];
        let ev = g.play("Ash moves to 1,6 facing S", &faces);
        assert_eq!(
            checks(&ev),
            [(0, "footing", dice, i32::from(dice), 12, true, "SK-17.6-a")]
        );
    }
    // SK-17.5-a: more than half MOV in complete darkness: 3 dice; an Acrobat 2.
    for (stats, dice) in [(PLAIN, 3u8), (ACROBAT, 2)] {
        let mut g = runner(
            &[("sk.complete_darkness", "true")],
            &["......."; 7],
            &[],
            stats,
        );
        let faces: Vec<i64> = vec![1; usize::from(dice)];
        let ev = g.play("Ash moves to 1,6 facing S", &faces);
        assert_eq!(
            checks(&ev),
            [(0, "footing", dice, i32::from(dice), 12, true, "SK-17.5-a")]
        );
    }
}

// ---- invariants of the reach over terrain (property tests)

mod reach_properties {
    use super::*;
    use fireteam_dice::ScriptedSource;
    use fireteam_engine::RuleSystem;
    use fireteam_skirmish::geometry::{path_to, reach};
    use fireteam_skirmish::terrain::crossing::{obstacle, occupied, pit, Occupied};
    use fireteam_skirmish::{Action, Skirmish};
    use proptest::prelude::*;

    const KINDS: [(char, &str); 6] = [
        ('.', "open"),
        ('f', "foxhole"),
        ('w', "wall-1m"),
        ('W', "wall-2m"),
        ('d', "pit-deep"),
        ('~', "water-deep"),
    ];

    fn battle(cells: &[u8], cal: (i32, i32)) -> Game {
        // Ash at [0, 0] and Bay at [5, 5] stand on open ground; Cal lies somewhere.
        let mut rows = Vec::new();
        for r in 0..6 {
            let mut row = String::new();
            for c in 0..6 {
                let k = if (c, r) == (0, 0) || (c, r) == (5, 5) || (c, r) == cal {
                    0
                } else {
                    usize::from(cells[(r * 6 + c) as usize]) % KINDS.len()
                };
                row.push(KINDS[k].0);
            }
            rows.push(row);
        }
        let legend: Vec<(char, &str)> = KINDS[1..].to_vec();
        let mut g = game(
            &[],
            &rows,
            &legend,
            &[
                unit("Ash", 0, (0, 0), SE, &[], PLAIN),
                unit("Cal", 0, (cal.0, cal.1), S, &[], PLAIN).stance("prone"),
                unit("Bay", 1, (5, 5), S, &[], PLAIN),
            ],
        );
        g.start_turn(0);
        g
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Every hex the reach offers is reached by a path of neighbouring hexes within MOV
        /// that never passes a standing figure, ends on ground or down in a pit up to 2 m,
        /// passes over only obstacles and fallen figures, and the move there, every check
        /// made, gets him there.
        #[test]
        fn every_offered_move_is_a_real_path_and_gets_there(
            cells in proptest::collection::vec(0u8..12, 36),
            cal in (1i32..5, 1i32..5),
        ) {
            let g = battle(&cells, cal);
            let s = &g.s;
            let r = reach(s, 0, 10);
            for (k, e) in r.iter().enumerate() {
                let path = path_to(&r, k);
                prop_assert_eq!(path[0], Pos::new(0, 0));
                prop_assert!(e.dist as usize >= path.len() - 1 && e.dist <= 10);
                for w in path.windows(2) {
                    prop_assert_eq!(w[0].distance(w[1]), 1);
                }
                for q in &path[1..] {
                    prop_assert!(occupied(s, *q, 0) != Occupied::Up);
                }
                if e.dest && k > 0 {
                    let down_in = pit(s, e.pos)
                        && !s.terrain(e.pos).unwrap().deep_pit();
                    prop_assert!(!obstacle(s, e.pos) || down_in, "{:?}", e);
                } else if !e.dest {
                    prop_assert!(
                        obstacle(s, e.pos) || occupied(s, e.pos, 0) == Occupied::Down,
                        "{:?}", e
                    );
                }
            }
            // Play a few of the moves with every die a 1: every check passes.
            for e in r.iter().filter(|e| e.dest).skip(1).step_by(7) {
                let a = Action::Move {
                    fig: 0,
                    to: e.pos,
                    facing: 0,
                    guard: fireteam_skirmish::state::Guard::None,
                };
                let mut dice = ScriptedSource::new(vec![1i64; 64]);
                let mut out = Vec::new();
                Skirmish.resolve(s, &a, &mut dice, &mut out).unwrap();
                let mut after = s.clone();
                for ev in &out {
                    Skirmish.apply(&mut after, ev);
                }
                prop_assert_eq!(after.fig(0).pos, e.pos);
                prop_assert!(Skirmish.invariants(&after).is_ok());
            }
        }
    }
}

// ---- §10.7 move options and §17.1–17.6 footing and MOV, against the book's numbers

#[test]
fn sk_10_7_3_a_to_sk_10_7_6_a_step_pace_half_and_full_moves() {
    // MOV 9: a Step is 1 hex, a Pace 2, a Half Move up to ceil(9 / 2) = 5, a Full Move 9.
    for (to, kind) in [
        (1, MoveKind::Step),
        (2, MoveKind::Pace),
        (5, MoveKind::Half),
        (6, MoveKind::Full),
        (9, MoveKind::Full),
    ] {
        let mut g = runner(
            &[],
            &["......."; 11],
            &[],
            "str = 10, dex = 12, int = 10, mov = 9",
        );
        g.act(&format!("Ash moves to [1, {to}] facing S"));
        assert_eq!(g.fig("Ash").move_kind, kind, "{to} hexes");
    }
    let g = runner(
        &[],
        &["......."; 11],
        &[],
        "str = 10, dex = 12, int = 10, mov = 9",
    );
    assert!(!g.can("Ash moves to 1,10 facing S"));
}

#[test]
fn sk_17_2_a_sk_17_3_a_water_mud_and_snow_cut_mov() {
    // MOV 10 from a hex of: knee-deep water ½ → 5; ankle-deep mud ½ rounded up → 5; knee-deep
    // mud ¼ rounded up → 3 (G-56); ankle-deep snow −4 → 6.
    for (terrain, mov) in [
        ("water-knee", 5),
        ("mud-ankle", 5),
        ("mud-knee", 3),
        ("snow-ankle", 6),
        ("water-ankle", 10),
    ] {
        let map = [
            ".x.....", ".......", ".......", ".......", ".......", ".......", ".......", ".......",
            ".......", ".......", ".......", ".......",
        ];
        let g = runner(&[], &map, &[('x', terrain)], PLAIN);
        assert!(
            g.can(&format!("Ash moves to [1, {mov}] facing S")),
            "{terrain}"
        );
        assert!(
            !g.can(&format!("Ash moves to [1, {}] facing S", mov + 1)),
            "{terrain}"
        );
    }
}

#[test]
fn sk_17_1_b_more_than_half_mov_on_broken_ground_3d6_vs_dex_minus_2() {
    // 6 hexes of MOV 10 ending on broken ground: 3d6 vs DEX 12 − 2 = 10; 11 falls. An Acrobat
    // rolls 2d6 (SK-6.4.1-d).
    let map = [
        ".......", ".......", ".......", ".......", ".......", ".......", ".b.....",
    ];
    let mut g = runner(&[], &map, &[('b', "broken")], PLAIN);
    // He falls "somewhere in this path, roll randomly": the 6 hexes entered in sixths, 1d6 = 2
    // picks the second, [1, 2].
    let ev = g.play("Ash moves to 1,6 facing S", &faces(&[&d3(11), &[2]]));
    assert_eq!(checks(&ev), [(0, "footing", 3, 11, 10, false, "SK-17.1-b")]);
    assert_eq!(falls(&ev), [(p(1, 2), 0, "SK-17.1-b")]);
    let a = g.fig("Ash");
    assert_eq!((a.pos, a.posture), (p(1, 2), Posture::Fallen));
    // 1d6 = 6: the last hex, where he ended.
    let mut g = runner(&[], &map, &[('b', "broken")], PLAIN);
    let ev = g.play("Ash moves to 1,6 facing S", &faces(&[&d3(11), &[6]]));
    assert_eq!(effects(&ev), [(0, Effect::Fell, "SK-17.1-b")]);
    assert_eq!(g.fig("Ash").pos, p(1, 6));
    let mut g = runner(&[], &map, &[('b', "broken")], ACROBAT);
    let ev = g.play("Ash moves to 1,6 facing S", &[5, 5]);
    assert_eq!(checks(&ev), [(0, "footing", 2, 10, 10, true, "SK-17.1-b")]);
    // Half MOV (5) or less: no roll.
    let map = [
        ".......", ".......", ".......", ".......", ".......", ".b.....", ".......",
    ];
    let mut g = runner(&[], &map, &[('b', "broken")], PLAIN);
    assert!(checks(&g.act("Ash moves to 1,5 facing S")).is_empty());
}

#[test]
fn sk_17_6_a_g_56_anyone_standing_or_moving_on_ice_rolls() {
    // G-56: "5 MOV or less" = moved 0–5 hexes, standing included: 2d6 vs DEX; more than 5: 3d6.
    let ice: Vec<String> = vec!["iiiiiii".to_string(); 8];
    let ice: Vec<&str> = ice.iter().map(String::as_str).collect();
    let mut g = runner(&[], &ice, &[('i', "ice")], PLAIN);
    let ev = g.play("Ash stands facing S", &[6, 6]);
    assert_eq!(checks(&ev), [(0, "footing", 2, 12, 12, true, "SK-17.6-a")]);
    let mut g = runner(&[], &ice, &[('i', "ice")], PLAIN);
    let ev = g.play("Ash moves to 1,3 facing S", &[6, 6]);
    assert_eq!(checks(&ev), [(0, "footing", 2, 12, 12, true, "SK-17.6-a")]);
    let mut g = runner(&[], &ice, &[('i', "ice")], PLAIN);
    // A fall "somewhere in his path, roll randomly": 1d6 = 1, the first of the 6 hexes.
    let ev = g.play("Ash moves to 1,6 facing S", &faces(&[&d3(13), &[1]]));
    assert_eq!(checks(&ev), [(0, "footing", 3, 13, 12, false, "SK-17.6-a")]);
    assert_eq!(falls(&ev), [(p(1, 1), 0, "SK-17.6-a")]);
    // Standing still, he falls where he stands (no roll for the hex): 2d6 = 11 vs DEX 10.
    let ash = unit("Ash", 0, (1, 0), S, &[], "str = 10, dex = 10, int = 10");
    let mut g = runner_with(&[], &ice, &[('i', "ice")], ash);
    let ev = g.play("Ash stands facing S", &[5, 6]);
    assert_eq!(effects(&ev), [(0, Effect::Fell, "SK-17.6-a")]);
    // SK-17.6-b: one who is prone, kneeling or crawling cannot fall.
    let ash = unit("Ash", 0, (1, 0), S, &[], PLAIN).stance("kneeling");
    let mut g = runner_with(&[], &ice, &[('i', "ice")], ash);
    assert!(checks(&g.act("Ash stands facing S")).is_empty());
    let ash = unit("Ash", 0, (1, 0), S, &[], PLAIN).stance("prone");
    let mut g = runner_with(&[], &ice, &[('i', "ice")], ash);
    assert!(checks(&g.act("Ash crawls to 1,2 facing S")).is_empty());
}

#[test]
fn sk_10_5_c_one_who_picked_up_a_weapon_on_the_run_is_attacked_as_from_the_rear() {
    let map = ["......."; 8];
    let fighter = "str = 10, dex = 12, int = 10, sword = 1";
    let mut g = game(
        &[],
        &rows(&map),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["duel-blade"], fighter),
            unit(
                "Bay",
                1,
                (1, 5),
                N,
                &["duel-blade"],
                &format!("{fighter}, ready = 1"),
            ),
        ],
    );
    let f = &mut g.s.figures[0];
    f.weapons[0].as_mut().unwrap().state = WeaponState::Dropped;
    f.ready = None;
    g.s.dropped.push(Dropped {
        pos: p(1, 4),
        owner: 0,
        slot: 0,
    });
    g.start_turn(0);
    // He stops in the weapon's hex, in Bay's front hex, and rolls for it: 3d6 = 9 vs 12.
    g.play(
        "Ash grabs the weapon at 1,4 on the run and moves to 1,4 facing S",
        &d3(9),
    );
    g.stand_all();
    // Bay attacks him face to face: as from the rear, +4 (SK-10.5-c, SK-10.5-e).
    let r = roll(&g.play("Bay attacks Ash", &d3(17)));
    r.assert_mod("rear", 4, "SK-10.5-e");
    r.assert_adds_up(12);
}

#[test]
fn sk_10_2_the_narration_says_what_a_jump_and_a_fall_did_with_their_rules() {
    use fireteam_skirmish::present::narrate;
    let mut g = runner(&[], &PIT2, &[('f', "foxhole")], PLAIN);
    let before = g.s.clone();
    let ev = g.play("Ash moves to 1,3 facing S", &faces(&[&d5(23), &[4]]));
    let lines: Vec<String> = ev.iter().filter_map(|e| narrate(&before, e)).collect();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("jump check: 5d6") && l.contains("[SK-10.2-a]")),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "  Ash falls 1.0 m into 1,2 [SK-10.2-b]"),
        "{lines:#?}"
    );
    let mut g = runner(&[], &PIT2, &[('f', "foxhole")], PLAIN);
    let ev = g.play("Ash moves to 1,3 facing S", &d5(10));
    let lines: Vec<String> = ev.iter().filter_map(|e| narrate(&g.s, e)).collect();
    assert!(
        lines
            .iter()
            .any(|l| l == "  Ash jumps from 1,0 over 2 hexes to 1,3 [SK-10.2-a]"),
        "{lines:#?}"
    );
}

#[test]
fn sk_17_8_a_a_bad_pit_depth_is_reported_with_file_line_and_field() {
    use fireteam_scenario::{Loader, SourceFile};
    use fireteam_skirmish::schema::SkirmishSchema;
    let bad = r#"
[[terrain]]
id = "open"
provenance = { invented = "test" }

[[terrain]]
id = "chasm"
pit_depth = -3
provenance = { invented = "test" }
"#;
    let loader = Loader::new()
        .schema(&SkirmishSchema)
        .catalog_files("skirmish", vec![SourceFile::new("pits.toml", bad)]);
    let text = scenario_toml(
        &[],
        &open(3, 3),
        &[],
        &[unit("Ash", 0, (1, 1), S, &[], PLAIN)],
    );
    let err = match loader.load(&SourceFile::new("test.toml", &text)) {
        Ok(_) => panic!("a negative pit depth loaded"),
        Err(d) => d.render_plain(),
    };
    assert!(
        err.contains("pits.toml:8:") && err.contains("pit_depth"),
        "{err}"
    );
}

#[test]
fn sk_10_3_b_an_engaged_figure_in_a_deep_pit_is_offered_no_shift_over_its_rim() {
    // Bay stands at the rim, facing Ash in the pit: Ash is engaged (SK-10.8), and an engaged
    // figure may only stand or shift one hex. Every neighbour is ground above a pit over 2 m
    // deep, which no step climbs out of (SK-10.3-b): no shift is offered, as none would resolve.
    let ash = unit("Ash", 0, (1, 1), S, &[], PLAIN);
    let bay = unit("Bay", 1, (1, 2), N, &[], PLAIN);
    let mut g = game(&[], &rows(&DEEP1), &[('d', "pit-deep")], &[ash, bay]);
    g.start_turn(0);
    let texts = g.texts();
    assert!(
        texts.iter().any(|t| t.starts_with("Ash stands")),
        "{texts:?}"
    );
    let shifts: Vec<&String> = texts.iter().filter(|t| t.contains("shifts")).collect();
    assert!(shifts.is_empty(), "{shifts:?}");
}

#[test]
fn sk_10_3_b_g_41_a_kneeling_figure_in_a_deep_pit_stands_up_but_shifts_nowhere() {
    // As above, kneeling: standing up from the knee while engaged allows a Shift (G-41,
    // SK-10.8.2-a), but no step leaves a pit over 2 m deep (SK-10.3-b).
    let ash = unit("Ash", 0, (1, 1), S, &[], PLAIN).stance("kneeling");
    let bay = unit("Bay", 1, (1, 2), N, &[], PLAIN);
    let mut g = game(&[], &rows(&DEEP1), &[('d', "pit-deep")], &[ash, bay]);
    g.start_turn(0);
    let texts = g.texts();
    assert!(texts.iter().any(|t| t == "Ash stands up"), "{texts:?}");
    let shifts: Vec<&String> = texts.iter().filter(|t| t.contains("shifts")).collect();
    assert!(shifts.is_empty(), "{shifts:?}");
}
