//! Energy weapons, energy shields, protective gear, and smoke and gas clouds, played through the
//! engine with forced dice (SK-14.1, SK-14.3, SK-15.1, SK-16.8, SK-16.12 clouds, SK-17.4,
//! SK-17.5, SK-21.6; G-26, G-27, G-48, G-51, E-14, E-19). Each test checks the exact events
//! against a hand calculation from the book, written in its comment.

mod common;

use common::*;
use fireteam_skirmish::event::Effect;
use fireteam_skirmish::Event;

const PLAIN: &str = "str = 10, dex = 12, int = 10";
const GUNNER: &str = "str = 10, dex = 12, int = 10, sidearms = 1";
const THROWER: &str = "str = 10, dex = 12, int = 10, thrown_weapons = 1";

/// Ash (side A) at [1, 0] facing S with `gear` and `stats`; Bay (side B) at [1, 3] facing N with
/// a pistol; open ground 3 × 8; turn 1 up to Ash's action (Ash acts first: equal eDEX, movement
/// order).
fn thrower(opts: &[(&str, &str)], gear: &[&str], stats: &str) -> Game {
    let mut g = game(
        opts,
        &open(3, 8),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, gear, stats),
            unit("Bay", 1, (1, 3), N, &["pistol"], GUNNER),
        ],
    );
    g.reach_actions(0);
    g
}

/// The clouds as (centre, radius).
fn clouds(g: &Game) -> Vec<(String, u8)> {
    g.s.clouds
        .iter()
        .map(|c| (c.center.to_string(), c.radius))
        .collect()
}

// =============================================================================================
// SK-16.12-g: every grenade but the molotov goes off at the end of the turn it is thrown (or at
// the end of the next movement phase); smoke and tear gas are no exception.
// =============================================================================================

#[test]
fn sk_16_12_g_q_a_smoke_grenade_goes_off_at_the_end_of_the_turn() {
    // The throw: DEX 12 + 2 (Thrown Weapons) − 1 (1 MH) = 13; a 10 lands it on [1, 3]. Nothing
    // smokes yet: the grenade lies live until the end of the turn (SK-16.12-g).
    let mut g = thrower(&[], &["smoke-grenade"], THROWER);
    g.play("Ash throws the Smoke grenade at [1, 3]", &d3(10));
    assert!(
        clouds(&g).is_empty(),
        "no cloud before the fuse: {:?}",
        clouds(&g)
    );
    assert_eq!(g.s.grenades.len(), 1, "a live smoke grenade lies in [1, 3]");
    // Bay's action ends the turn: the grenade goes off, a one-hex cloud (SK-16.12-q: "on the
    // first turn it is one hex"), which does not grow at the end of the turn it formed.
    let ev = g.act("Bay does nothing");
    assert!(
        ev.iter().any(|e| matches!(e, Event::Exploded { .. })),
        "{ev:#?}"
    );
    assert_eq!(clouds(&g), [("[1, 3]".to_string(), 0)]);
    assert!(g.s.grenades.is_empty());
    // Turn 2 is the cloud's first: Bay fires from inside it, −1 for the smoke hex he fires from
    // (SK-17.4-a, G-51) and −2 for standing in smoke (SK-17.4-c).
    g.reach_actions(1);
    let r = roll(&g.play("Bay shoots Ash", &d3(16)));
    r.assert_mod("smoke", -1, "SK-17.4-a");
    r.assert_mod("in-smoke", -2, "SK-17.4-c");
    g.finish_turn();
    // The end of its first turn: one MH (radius 1).
    assert_eq!(clouds(&g), [("[1, 3]".to_string(), 1)]);
}

#[test]
fn sk_16_12_g_s_tear_gas_goes_off_at_the_end_of_the_turn_and_gasses_bay_then() {
    let mut g = thrower(&[], &["tear-gas-grenade"], THROWER);
    g.play("Ash throws the Tear gas grenade at [1, 3]", &d3(10));
    assert!(clouds(&g).is_empty());
    assert!(!g.fig("Bay").gassed);
    let ev = g.act("Bay does nothing");
    assert!(
        effects(&ev).contains(&(1, Effect::Gassed, "SK-16.12-s")),
        "{ev:#?}"
    );
    assert_eq!(clouds(&g), [("[1, 3]".to_string(), 0)]);
}

#[test]
fn sk_16_12_g_o_the_thrower_may_set_the_fuse_for_the_end_of_the_next_movement_phase() {
    // Ash sets the HE grenade for the end of the next movement phase. It lies live through the
    // end of turn 1 and Bay's movement of turn 2; when the movement phase ends, it goes off in
    // Bay's hex: 4d6 (rolled 6), no armor (SK-16.12-o).
    let mut g = thrower(&[], &["he-grenade"], THROWER);
    assert!(g.can("Ash throws the High-explosive (fragmentation) grenade at [1, 3]"));
    g.play(
        "Ash throws the High-explosive (fragmentation) grenade at [1, 3] to go off after the next movement",
        &d3(10),
    );
    let ev = g.act("Bay does nothing");
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Exploded { .. })),
        "{ev:#?}"
    );
    assert_eq!(g.s.grenades.len(), 1);
    g.start_turn(0);
    g.act("Ash stands facing S");
    let ev = g.play("Bay stands facing N", &d4(6));
    let at = |p: fn(&Event) -> bool| ev.iter().position(p).expect("event");
    assert!(
        at(|e| matches!(e, Event::Exploded { .. }))
            < at(|e| matches!(e, Event::ActionOrder { .. })),
        "the grenade goes off as the movement phase ends, before the actions: {ev:#?}"
    );
    let d = damages(&ev);
    assert_eq!((d[0].target, d[0].taken, d[0].rule), (1, 6, "SK-16.12-o"));
    assert!(g.s.grenades.is_empty());
}

#[test]
fn sk_16_12_g_a_molotov_has_no_fuse_to_set() {
    let g = thrower(&[], &["molotov"], THROWER);
    assert!(g.can("Ash throws the Molotov at [1, 3]"));
    assert!(!g.can("Ash throws the Molotov at [1, 3] to go off after the next movement"));
}

#[test]
fn sk_16_12_g_q_a_smoke_grenade_on_the_movement_fuse_smokes_the_next_action_phase() {
    let mut g = thrower(&[], &["smoke-grenade"], THROWER);
    g.play(
        "Ash throws the Smoke grenade at [1, 3] to go off after the next movement",
        &d3(10),
    );
    g.act("Bay does nothing");
    assert!(clouds(&g).is_empty());
    g.reach_actions(1);
    assert_eq!(clouds(&g), [("[1, 3]".to_string(), 0)]);
    let r = roll(&g.play("Bay shoots Ash", &d3(16)));
    r.assert_mod("smoke", -1, "SK-17.4-a");
    r.assert_mod("in-smoke", -2, "SK-17.4-c");
    g.finish_turn();
    // It went off during turn 2, its first turn: a MH from the end of it (SK-16.12-q).
    assert_eq!(clouds(&g), [("[1, 3]".to_string(), 1)]);
}
