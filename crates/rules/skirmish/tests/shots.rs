//! Shots through the engine with forced dice: selective fire's one switch a turn (SK-16.6-a,
//! G-32) and the arc of fire of automatic weapons and shotguns (SK-13.6-b). Every number is
//! checked against a hand calculation from the book, written in the comment above it.

mod common;

use common::*;
use fireteam_skirmish::Event;

/// A big target who does not fall to a bullet or two: STR 40.
const BIG: &str = "str = 40, dex = 12, int = 10";
/// Zorgo of E-09: STR 11, DEX 12, with Shoulderarms and Automatic Weapons.
const ZORGO: &str = "str = 11, dex = 12, int = 10, shoulderarms = 1, automatic_weapons = 1";

/// Rounds left in a figure's first weapon.
fn rounds(g: &Game, name: &str) -> u16 {
    g.fig(name).weapons[0].expect("a weapon").rounds
}

// =============================================================================================
// SK-16.6-a, G-32: a selective-fire weapon switches modes once a turn.
// =============================================================================================

/// Zorgo with the Assault Rifle (rate 4 / 2 / 13, 25 rounds) at [1, 0] facing S; John 30 hexes
/// south (10 MH: −4 for range, SK-13.6-a), in turn 1's action phase with Zorgo first.
fn zorgo(opts: &[(&str, &str)]) -> Game {
    let mut g = game(
        opts,
        &open(3, 32),
        &[],
        &[
            unit("Zorgo", 0, (1, 0), S, &["automatic-rifle"], ZORGO),
            unit("John", 1, (1, 30), N, &[], BIG),
        ],
    );
    g.reach_actions(0);
    g
}

#[test]
fn sk_16_6_a_g_32_after_a_single_shot_the_rifle_switches_once_to_full_auto() {
    let mut g = zorgo(&[]);
    // A single shot (a 16 misses) leaves 3 of the turn's 4 semi-automatic shots (SK-12-e).
    g.play("Zorgo shoots John", &d3(16));
    g.act("John does nothing");
    // The later shot: the turn's mode first, holding fire, then the one switch (SK-16.6-a).
    assert_eq!(
        g.texts(),
        [
            "Zorgo shoots John",
            "Zorgo holds fire",
            "Zorgo fires a burst at John",
            "Zorgo fires full auto at John"
        ]
    );
    // G-32 (ours): the rest of the turn in the new mode: 3 of 4 shots are ¾ of the turn, so
    // floor(3 × 13 / 4) = 9 rounds of full auto: +3 automatic fire (SK-16.6-e); recoil needs
    // STR 11 + floor((9 − 1) / 3) = 13, two short: −2 (SK-16.6-d); −4 range, +1 stock.
    // 12 + 3 − 2 − 4 + 1 = 10.
    let ev = g.play("Zorgo fires full auto at John", &d3(16));
    let r = roll(&ev);
    r.assert_mod("autofire", 3, "SK-16.6-e");
    r.assert_mod("str-short", -2, "SK-13.2-a");
    r.assert_mod("range", -4, "SK-13.6-a");
    r.assert_mod("stock", 1, "SK-13.6-g");
    assert_eq!(r.modifiers.len(), 4);
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 10);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::FireModeSwitched { shots: 9, rule, .. } if rule.0 == "SK-16.6-a"
    )));
    // 25 − 1 − 9 = 15 rounds left, and the turn's shooting is over.
    assert_eq!(rounds(&g, "Zorgo"), 15);
    assert_eq!(g.fig("Zorgo").shots_left, 0);
}

#[test]
fn sk_16_6_a_g_32_a_burst_turn_switches_once_to_single_shots() {
    let mut g = zorgo(&[]);
    g.play("Zorgo fires a burst at John", &d3(16));
    g.act("John does nothing");
    assert_eq!(
        g.texts(),
        [
            "Zorgo fires a burst at John",
            "Zorgo holds fire",
            "Zorgo shoots John",
            "Zorgo fires full auto at John"
        ]
    );
    // One of two bursts left is half the turn: floor(1 × 4 / 2) = 2 single shots, this one and
    // one more. A single shot has no automatic fire bonus: 12 − 4 + 1 = 9.
    let ev = g.play("Zorgo shoots John", &d3(16));
    assert_eq!(roll(&ev).target_number, 9);
    assert_eq!(g.fig("Zorgo").shots_left, 1);
    // The one switch is spent: the last shot is a single shot, and nothing else is offered.
    assert_eq!(g.texts(), ["Zorgo shoots John", "Zorgo holds fire"]);
    g.play("Zorgo shoots John", &d3(16));
    // 25 − 3 − 1 − 1.
    assert_eq!(rounds(&g, "Zorgo"), 20);
    assert_eq!(g.fig("Zorgo").shots_left, 0);
}

#[test]
fn sk_16_6_a_option_sk_selective_switch_slots_counts_the_shots_already_fired() {
    // With "slots" each shot, burst or string takes one of the turn's firing slots: after one
    // burst, 4 − 1 = 3 single shots are left (this one and two more); and full auto, one slot
    // a turn, is never left after a shot (1 − 1 = 0), so it is not offered.
    let mut g = zorgo(&[("sk.selective_switch", "\"slots\"")]);
    g.play("Zorgo fires a burst at John", &d3(16));
    g.act("John does nothing");
    assert_eq!(
        g.texts(),
        [
            "Zorgo fires a burst at John",
            "Zorgo holds fire",
            "Zorgo shoots John"
        ]
    );
    g.play("Zorgo shoots John", &d3(16));
    assert_eq!(g.fig("Zorgo").shots_left, 2);
}

#[test]
fn sk_16_6_a_a_switch_to_bursts_needs_a_whole_burst_left_in_the_turn() {
    // Three single shots of four leave a quarter of the turn: floor(1 × 2 / 4) = 0 bursts, and
    // floor(1 × 13 / 4) = 3 rounds of full auto: only full auto is offered.
    let mut g = zorgo(&[]);
    g.play("Zorgo shoots John", &d3(16));
    g.act("John does nothing");
    g.play("Zorgo shoots John", &d3(16));
    g.play("Zorgo shoots John", &d3(16));
    assert_eq!(
        g.texts(),
        [
            "Zorgo shoots John",
            "Zorgo holds fire",
            "Zorgo fires full auto at John"
        ]
    );
    // 3 rounds: +1 automatic fire, no extra recoil (11 + 0): 12 + 1 − 4 + 1 = 10.
    let r = roll(&g.play("Zorgo fires full auto at John", &d3(16)));
    r.assert_mod("autofire", 1, "SK-16.6-e");
    assert!(!r.has("str-short"));
    assert_eq!(r.target_number, 10);
    assert_eq!(rounds(&g, "Zorgo"), 25 - 3 - 3);
}

// =============================================================================================
// SK-13.6-b: automatic weapons and shotguns fire in an arc.
// =============================================================================================

/// Ash at [2, 0] facing S with `gear`; the target Bay two hexes south at [2, 2]; Cal (of
/// `cal_side`) at [3, 3], four hexes from Ash and beside the line past Bay: inside the arc
/// between the lines from Ash's centre through the two hexes that flank Bay at his distance
/// ([1, 1] and [3, 1]), outside the line of fire itself ([2, 3], [2, 4], …).
fn arc_scene(opts: &[(&str, &str)], gear: &str, stats: &str, cal_side: u8) -> Game {
    let mut g = game(
        opts,
        &open(5, 8),
        &[],
        &[
            unit("Ash", 0, (2, 0), S, &[gear], stats),
            unit("Bay", 1, (2, 2), N, &[], BIG),
            unit("Cal", cal_side, (3, 3), N, &[], BIG),
        ],
    );
    g.reach_actions(0);
    g
}

const SHOTGUNNER: &str = "str = 10, dex = 12, int = 10, shotguns = 1";

#[test]
fn sk_13_6_b_a_shotgun_fires_in_an_arc_and_its_miss_goes_on_to_a_foe_beside_the_line() {
    let mut g = arc_scene(&[], "hunting-shotgun", SHOTGUNNER, 1);
    // At Bay (2 hexes, 1 MH: no range penalty) birdshot's spread is +1 (under half its
    // effective range of 6, SK-16.7-b): 13. A 15 misses by 2; nobody is in the way, so the shot
    // goes on past Bay (G-14 step 5) across the arc (SK-13.6-b), to Cal, a foe, rolled against
    // with his own modifiers (SK-13.6-c/d): 4 hexes, spread +2 (half the effective range or
    // more): 14. A 10 hits him for 2d6 = 3 + 4 = 7.
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(15), &d3(10), &[3, 4]]));
    let r = rolls(&ev);
    assert_eq!(r.len(), 2);
    assert_eq!((r[0].target, r[0].target_number), (g.id("Bay"), 13));
    assert_eq!(
        (r[1].target, r[1].target_number, r[1].avoid, r[1].rule),
        (g.id("Cal"), 14, false, "SK-13.6-d")
    );
    r[1].assert_mod("spread", 2, "SK-16.7-b");
    let d = damages(&ev);
    assert_eq!((d[0].target, d[0].taken), (g.id("Cal"), 7));
}

#[test]
fn sk_13_6_b_option_sk_arc_of_fire_line_keeps_a_shotgun_to_its_line() {
    // The same miss under `sk.arc_of_fire = "line"`: nobody is on the line past Bay.
    let mut g = arc_scene(
        &[("sk.arc_of_fire", "\"line\"")],
        "hunting-shotgun",
        SHOTGUNNER,
        1,
    );
    let ev = g.play("Ash shoots Bay", &d3(15));
    assert_eq!(rolls(&ev).len(), 1);
}

#[test]
fn sk_13_6_b_a_slug_or_a_single_rifle_shot_keeps_to_its_line() {
    // A semi-automatic shot of the Assault Rifle is a single bullet: the line only. At Bay 12 + 1
    // (stock) = 13; a 15 misses and hits nobody.
    let mut g = arc_scene(&[], "automatic-rifle", ZORGO, 1);
    let ev = g.play("Ash shoots Bay", &d3(15));
    assert_eq!(rolls(&ev).len(), 1);
}

#[test]
fn sk_13_6_b_a_burst_rolls_to_avoid_a_friend_in_its_arc_past_the_target() {
    // A burst at Bay: 12 + 1 (3 rounds) + 1 (stock) = 14; a 16 misses, and the 3 rounds fly on
    // across the arc to Cal, Ash's friend, rolled to avoid (SK-12.2-h): eDEX 12, distance
    // 4 hexes (2 MH, no modifier: +0), −1 for the 3 rounds' automatic fire (SK-16.6-g): 11. A 10
    // avoids him.
    let mut g = arc_scene(&[], "automatic-rifle", ZORGO, 0);
    let ev = g.play("Ash fires a burst at Bay", &faces(&[&d3(16), &d3(10)]));
    let r = rolls(&ev);
    assert_eq!(r.len(), 2);
    assert_eq!(r[0].target_number, 14);
    assert_eq!(
        (r[1].target, r[1].avoid, r[1].target_number, r[1].bullets),
        (g.id("Cal"), true, 11, 0)
    );
    r[1].assert_mod("avoid-autofire", -1, "SK-16.6-g");
}
