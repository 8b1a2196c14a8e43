//! Energy weapons, energy shields, protective gear, and smoke and gas clouds, played through the
//! engine with forced dice (SK-14.1, SK-14.3, SK-15.1, SK-16.8, SK-16.12 clouds, SK-17.4,
//! SK-17.5, SK-21.6; G-26, G-27, G-48, G-51, E-14, E-19). Each test checks the exact events
//! against a hand calculation from the book, written in its comment.

mod common;

use common::*;
use fireteam_skirmish::event::Effect;
use fireteam_skirmish::state::WeaponState;
use fireteam_skirmish::Event;

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

/// In the action phase, every other figure whose slot comes first does nothing until it is
/// `name`'s decision.
fn pass_until(g: &mut Game, name: &str) {
    let id = g.id(name);
    while g.decider() != Some(id) {
        let who = g.decider().expect("someone to act");
        let text = format!("{} does nothing", g.s.name(who));
        g.act(&text);
    }
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
    g.play("Ash throws the Smoke grenade at 1,3", &d3(10));
    assert!(
        clouds(&g).is_empty(),
        "no cloud before the fuse: {:?}",
        clouds(&g)
    );
    assert_eq!(g.s.grenades.len(), 1, "a live smoke grenade lies in 1,3");
    // Bay's action ends the turn: the grenade goes off, a one-hex cloud (SK-16.12-q: "on the
    // first turn it is one hex"), which does not grow at the end of the turn it formed.
    let ev = g.act("Bay does nothing");
    assert!(
        ev.iter().any(|e| matches!(e, Event::Exploded { .. })),
        "{ev:#?}"
    );
    assert_eq!(clouds(&g), [("1,3".to_string(), 0)]);
    assert!(g.s.grenades.is_empty());
    // Turn 2 is the cloud's first: Bay fires from inside it, −1 for the smoke hex he fires from
    // (SK-17.4-a, G-51) and −2 for standing in smoke (SK-17.4-c).
    g.reach_actions(1);
    let r = roll(&g.play("Bay shoots Ash", &d3(16)));
    r.assert_mod("smoke", -1, "SK-17.4-a");
    r.assert_mod("in-smoke", -2, "SK-17.4-c");
    g.finish_turn();
    // The end of its first turn: one MH (radius 1).
    assert_eq!(clouds(&g), [("1,3".to_string(), 1)]);
}

#[test]
fn sk_16_12_g_s_tear_gas_goes_off_at_the_end_of_the_turn_and_gasses_bay_then() {
    let mut g = thrower(&[], &["tear-gas-grenade"], THROWER);
    g.play("Ash throws the Tear gas grenade at 1,3", &d3(10));
    assert!(clouds(&g).is_empty());
    assert!(!g.fig("Bay").gassed);
    let ev = g.act("Bay does nothing");
    assert!(
        effects(&ev).contains(&(1, Effect::Gassed, "SK-16.12-s")),
        "{ev:#?}"
    );
    assert_eq!(clouds(&g), [("1,3".to_string(), 0)]);
}

#[test]
fn sk_16_12_g_o_the_thrower_may_set_the_fuse_for_the_end_of_the_next_movement_phase() {
    // Ash sets the HE grenade for the end of the next movement phase. It lies live through the
    // end of turn 1 and Bay's movement of turn 2; when the movement phase ends, it goes off in
    // Bay's hex: 4d6 (rolled 6), no armor (SK-16.12-o).
    let mut g = thrower(&[], &["he-grenade"], THROWER);
    assert!(g.can("Ash throws the High-explosive (fragmentation) grenade at 1,3"));
    g.play(
        "Ash throws the High-explosive (fragmentation) grenade at 1,3 to go off after the next movement",
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
    assert!(g.can("Ash throws the Molotov at 1,3"));
    assert!(!g.can("Ash throws the Molotov at 1,3 to go off after the next movement"));
}

#[test]
fn sk_16_12_g_q_a_smoke_grenade_on_the_movement_fuse_smokes_the_next_action_phase() {
    let mut g = thrower(&[], &["smoke-grenade"], THROWER);
    g.play(
        "Ash throws the Smoke grenade at 1,3 to go off after the next movement",
        &d3(10),
    );
    g.act("Bay does nothing");
    assert!(clouds(&g).is_empty());
    g.reach_actions(1);
    assert_eq!(clouds(&g), [("1,3".to_string(), 0)]);
    let r = roll(&g.play("Bay shoots Ash", &d3(16)));
    r.assert_mod("smoke", -1, "SK-17.4-a");
    r.assert_mod("in-smoke", -2, "SK-17.4-c");
    g.finish_turn();
    // It went off during turn 2, its first turn: a MH from the end of it (SK-16.12-q).
    assert_eq!(clouds(&g), [("1,3".to_string(), 1)]);
}

// =============================================================================================
// SK-16.12-q: a cloud's life; SK-16.12-r: wind (GM input, G-51).
// =============================================================================================

/// Ash throws a smoke grenade at Bay's hex [1, 3] in turn 1 (a 10 against 13 lands it); it goes
/// off at the end of that turn.
fn smoke_on_bay(opts: &[(&str, &str)], bay_gear: &[&str]) -> Game {
    let mut g = game(
        opts,
        &open(3, 8),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["smoke-grenade"], THROWER),
            unit("Bay", 1, (1, 3), N, bay_gear, GUNNER),
        ],
    );
    g.reach_actions(0);
    g.play("Ash throws the Smoke grenade at 1,3", &d3(10));
    g.act("Bay does nothing");
    assert_eq!(clouds(&g), [("1,3".to_string(), 0)]);
    g
}

#[test]
fn sk_16_12_q_g_51_the_cloud_grows_five_turns_and_clears_two_turns_after() {
    // G-51: one hex in its first turn, then a MH, one ring more a turn while the grenade burns
    // (radius 4 at most); the grenade has burned out after 5 turns and the cloud is gone 2
    // turns later: radii 1, 2, 3, 4, 4, 4 at the ends of turns 2 to 7, gone at the end of 8.
    let mut g = smoke_on_bay(&[], &["pistol"]);
    let mut radii = Vec::new();
    for _ in 2..=8 {
        g.start_turn(0);
        g.finish_turn();
        radii.push(g.s.clouds.first().map(|c| (c.radius, c.age, c.grenade)));
    }
    assert_eq!(
        radii,
        [
            Some((1, 1, true)),
            Some((2, 2, true)),
            Some((3, 3, true)),
            Some((4, 4, true)),
            Some((4, 5, false)),
            Some((4, 6, false)),
            None
        ]
    );
    let gone = g.log.iter().rev().find_map(|e| match e {
        Event::CloudChanged { gone, rule, .. } => Some((*gone, rule.0)),
        _ => None,
    });
    assert_eq!(gone, Some((true, "SK-16.12-q")));
}

#[test]
fn sk_16_12_r_g_51_a_slight_wind_drifts_the_cloud() {
    // sk.wind = "slight", blowing toward S (hex-side 3) at 2 hexes a turn: at the end of turn 2
    // the cloud grows to a MH and its centre drifts from [1, 3] to [1, 5].
    let wind = [
        ("sk.wind", "\"slight\""),
        ("sk.wind_direction", "3"),
        ("sk.wind_drift", "2"),
    ];
    let mut g = smoke_on_bay(&wind, &["pistol"]);
    g.start_turn(0);
    let ev = {
        g.finish_turn();
        g.log.clone()
    };
    assert_eq!(clouds(&g), [("1,5".to_string(), 1)]);
    let last = ev.iter().rev().find_map(|e| match e {
        Event::CloudChanged { rule, gone, .. } => Some((rule.0, *gone)),
        _ => None,
    });
    assert_eq!(last, Some(("SK-16.12-r", false)));
    // Calm (the default): it stays where it formed.
    let mut g = smoke_on_bay(&[], &["pistol"]);
    g.start_turn(0);
    g.finish_turn();
    assert_eq!(clouds(&g), [("1,3".to_string(), 1)]);
}

#[test]
fn sk_16_12_r_g_51_a_slight_wind_blows_a_cloud_off_the_map() {
    // Toward N at 4 hexes a turn: [1, 3] → off the map's top edge; the cloud is gone.
    let wind = [("sk.wind", "\"slight\""), ("sk.wind_drift", "4")];
    let mut g = smoke_on_bay(&wind, &["pistol"]);
    g.start_turn(0);
    g.finish_turn();
    assert!(clouds(&g).is_empty());
}

#[test]
fn sk_16_12_r_a_strong_wind_disperses_the_cloud_after_its_first_turn() {
    // The cloud forms at the end of turn 1 (one hex, so Bay, in it, still fires from smoke in
    // turn 2) and is dispersed at the end of turn 2 without growing.
    let mut g = smoke_on_bay(&[("sk.wind", "\"strong\"")], &["pistol"]);
    g.reach_actions(1);
    let r = roll(&g.play("Bay shoots Ash", &d3(16)));
    r.assert_mod("in-smoke", -2, "SK-17.4-c");
    g.finish_turn();
    assert!(clouds(&g).is_empty());
    let gone = g.log.iter().rev().find_map(|e| match e {
        Event::CloudChanged { gone, rule, .. } => Some((*gone, rule.0)),
        _ => None,
    });
    assert_eq!(gone, Some((true, "SK-16.12-r")));
}

// =============================================================================================
// SK-16.12-v: the gas mask; SK-17.4-c: standing in smoke without one.
// =============================================================================================

#[test]
fn sk_16_12_v_a_gas_mask_keeps_tear_gas_out_and_costs_one_dex() {
    let tear_gas = |bay_gear: &[&str]| {
        let mut g = game(
            &[],
            &open(3, 8),
            &[],
            &[
                unit("Ash", 0, (1, 0), S, &["tear-gas-grenade"], THROWER),
                unit("Bay", 1, (1, 3), N, bay_gear, GUNNER),
            ],
        );
        g.reach_actions(0);
        g.play("Ash throws the Tear gas grenade at 1,3", &d3(10));
        g
    };
    // With the mask on (a figure carrying one starts with it on): no gas, but −1 DEX on every
    // roll (SK-16.12-v), here Bay's shot: DEX 12 − 1 = 11 (so Ash, 12, acts before him).
    let mut g = tear_gas(&["pistol", "gas-mask"]);
    assert!(g.fig("Bay").mask_on);
    let r = roll(&g.play("Bay shoots Ash", &d3(16)));
    r.assert_mod("gas-mask", -1, "SK-16.12-v");
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 11);
    g.finish_turn();
    assert!(
        !g.fig("Bay").gassed,
        "the grenade went off at the end of turn 1"
    );
    // Turn 2, in the cloud: the mask keeps the −2 for standing in smoke off too (SK-17.4-c);
    // the −1 for the smoke hex he fires from stays (SK-17.4-a).
    g.reach_actions(1);
    pass_until(&mut g, "Bay");
    let r = roll(&g.play("Bay shoots Ash", &d3(16)));
    assert!(!r.has("in-smoke"), "{:?}", r.ids());
    assert!(!r.has("tear-gas"));
    r.assert_mod("smoke", -1, "SK-17.4-a");
    r.assert_mod("gas-mask", -1, "SK-16.12-v");
    assert!(!g.fig("Bay").gassed);
    // He takes it off (his action); at the end of the turn he breathes the gas.
    let mut g = tear_gas(&["pistol", "gas-mask"]);
    g.act("Bay does nothing");
    g.reach_actions(1);
    pass_until(&mut g, "Bay");
    let n = g.log.len();
    let ev = g.act("Bay takes off his gas mask");
    assert!(ev.contains(&Event::Mask { fig: 1, on: false }));
    let ev = g.log[n..].to_vec();
    assert!(
        effects(&ev).contains(&(1, Effect::Gassed, "SK-16.12-s")),
        "{ev:#?}"
    );
    // Without a mask: gassed at the end of turn 1.
    let mut g = tear_gas(&["pistol"]);
    let ev = g.act("Bay does nothing");
    assert!(effects(&ev).contains(&(1, Effect::Gassed, "SK-16.12-s")));
}

#[test]
fn sk_16_12_v_the_mask_goes_back_on_as_an_action() {
    let mut g = game(
        &[],
        &open(3, 6),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["pistol", "gas-mask"], GUNNER),
            unit("Bay", 1, (1, 4), N, &["pistol"], GUNNER),
        ],
    );
    g.reach_actions(0);
    pass_until(&mut g, "Ash");
    assert!(!g.can("Ash puts on his gas mask"));
    g.act("Ash takes off his gas mask");
    assert!(!g.fig("Ash").mask_on);
    g.finish_turn();
    g.reach_actions(0);
    g.act("Ash puts on his gas mask");
    assert!(g.fig("Ash").mask_on);
}

// =============================================================================================
// SK-16.12-u: a smoke or gas grenade picked up and thrown again.
// =============================================================================================

#[test]
fn sk_16_12_u_a_burning_smoke_grenade_picked_up_burns_two_hits_a_turn_and_is_thrown_again() {
    let mut g = smoke_on_bay(&[], &["pistol"]);
    // Turn 2: Bay, standing on the grenade, picks it up (his action). The cloud it leaves stops
    // growing and clears 2 turns later.
    g.reach_actions(1);
    assert!(g.can("Bay picks up the burning Smoke grenade"));
    g.act("Bay picks up the burning Smoke grenade");
    assert_eq!(
        g.fig("Bay").holding.map(|h| h.age),
        Some(0),
        "it went off at the end of turn 1 and has not burned a whole turn yet"
    );
    // The end of turn 2: 2 hits in the hand, no armor (SK-16.12-u).
    let ev = {
        let n = g.log.len();
        g.act("Ash does nothing");
        g.log[n..].to_vec()
    };
    let d = damages(&ev);
    assert_eq!(d.len(), 1, "{ev:#?}");
    assert_eq!(
        (d[0].target, d[0].armor, d[0].taken, d[0].rule),
        (1, 0, 2, "SK-16.12-u")
    );
    assert_eq!(g.fig("Bay").holding.map(|h| h.age), Some(1));
    assert_eq!(
        g.s.clouds[0].radius, 0,
        "the cloud left behind does not grow"
    );
    // Turn 3: he throws it at Ash's hex. No Thrown Weapons: DEX 12 − 4 (SK-6-b) − 1 (1 MH,
    // SK-16.12-b) = 7; a 7 lands it on [1, 0]. It is already burning: a one-hex cloud forms
    // there at once, and grows at the end of the turn (it has burned 1 turn of its 5).
    g.reach_actions(1);
    let ev = g.play("Bay throws the burning Smoke grenade at 1,0", &d3(7));
    let r = roll(&ev);
    r.assert_mod("unskilled", -4, "SK-6-b");
    r.assert_mod("range", -1, "SK-16.12-b");
    assert_eq!(r.target_number, 7);
    assert!(g.fig("Bay").holding.is_none());
    assert!(
        clouds(&g).contains(&("1,0".to_string(), 0)),
        "{:?}",
        clouds(&g)
    );
    g.finish_turn();
    // End of turn 3: the old cloud (burned out at pick-up) is gone; the new one is a MH.
    assert_eq!(clouds(&g), [("1,0".to_string(), 1)]);
    assert_eq!(g.s.clouds[0].age, 2);
}

#[test]
fn sk_16_12_u_only_a_jacket_or_body_armor_protects_the_hand() {
    // Body armor (Steel, 5) stops the 2 hits; a vest (Kevlar, 10) stops none of them.
    for (gear, armor, taken) in [("steel", 5, 0), ("kevlar-vest", 0, 2)] {
        let mut g = smoke_on_bay(&[], &["pistol", gear]);
        g.reach_actions(1);
        pass_until(&mut g, "Bay");
        let n = g.log.len();
        g.act("Bay picks up the burning Smoke grenade");
        g.finish_turn();
        let d = damages(&g.log[n..]);
        assert_eq!((d[0].armor, d[0].taken), (armor, taken), "{gear}");
    }
}

#[test]
fn sk_16_12_u_a_two_handed_weapon_leaves_no_hand_to_pick_it_up() {
    let mut g = smoke_on_bay(&[], &["laser-rifle"]);
    g.reach_actions(1);
    assert!(!g.texts().iter().any(|t| t.contains("picks up the burning")));
}

// =============================================================================================
// SK-16.8-b, G-48, E-14: lower-power split shots; SK-15.1: batteries and the battery pack.
// =============================================================================================

const RIFLEMAN: &str = "str = 10, dex = 12, int = 10, shoulderarms = 1";

/// Ash (side A) at [1, 0] facing S with `gear`; Bay (side B) 4 hexes south, unarmed; turn 1 up
/// to Ash's action. At 4 hexes (2 MH) the range costs nothing (SK-13.6-a, halved for energy
/// weapons, SK-16.8-c).
fn laser(opts: &[(&str, &str)], gear: &[&str], stats: &str) -> Game {
    let mut g = game(
        opts,
        &open(3, 6),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, gear, stats),
            unit("Bay", 1, (1, 4), N, &[], "str = 40, dex = 12, int = 10"),
        ],
    );
    g.reach_actions(0);
    g
}

/// The battery dice in Ash's first weapon.
fn battery(g: &Game) -> u16 {
    g.fig("Ash").weapons[0].unwrap().rounds
}

#[test]
fn sk_16_8_b_the_laser_rifle_offers_full_power_and_every_smaller_shot() {
    // SK-16.8-b: up to 6d6, or lower-power shots of whole dice down to 1d6. The list offers the
    // full-power shot first and then one shot of each smaller size (the later shots split what
    // is left), after every older option.
    let g = laser(&[], &["laser-rifle"], RIFLEMAN);
    let t = g.texts();
    let at = |x: &str| {
        t.iter()
            .position(|y| y == x)
            .unwrap_or_else(|| panic!("{x}: {t:?}"))
    };
    assert_eq!(at("Ash shoots Bay"), 0);
    let splits: Vec<&String> = t.iter().filter(|x| x.contains("d6 shot at Bay")).collect();
    assert_eq!(
        splits,
        [
            "Ash fires a 1d6 shot at Bay",
            "Ash fires a 2d6 shot at Bay",
            "Ash fires a 3d6 shot at Bay",
            "Ash fires a 4d6 shot at Bay",
            "Ash fires a 5d6 shot at Bay"
        ]
    );
    assert!(at("Ash does nothing") < at("Ash fires a 1d6 shot at Bay"));
}

#[test]
fn sk_16_8_b_e_14_three_shots_of_2d6_at_later_edex_steps() {
    // E-14: 3 × 2d6 = 6 dice. DEX 12 + 1 (rifle, not moved, SK-13.6-g) = 13 each time.
    let mut g = laser(&[], &["laser-rifle"], RIFLEMAN);
    let ev = g.play("Ash fires a 2d6 shot at Bay", &faces(&[&d3(10), &[3, 4]]));
    let r = roll(&ev);
    assert_eq!(r.target_number, 13);
    let d = damages(&ev);
    assert_eq!((d[0].expr.as_str(), d[0].rolled, d[0].taken), ("2d6", 7, 7));
    // 2 dice of battery spent (G-48); 4 dice of power and 4 shots left, the next at eDEX 11
    // (SK-12-e), so Bay (12) acts first.
    assert!(ev.contains(&Event::Spent {
        fig: 0,
        slot: 0,
        rounds: 2
    }));
    assert!(ev.contains(&Event::PowerLeft { fig: 0, dice: 4 }));
    assert!(ev.contains(&Event::Shots {
        fig: 0,
        left: 4,
        next_at: 11
    }));
    assert_eq!(battery(&g), 46);
    assert_eq!(g.decider(), Some(g.id("Bay")));
    g.act("Bay does nothing");
    // The later shot: any size up to the 4 dice left; no full-power shot.
    let t = g.texts();
    assert_eq!(
        t,
        [
            "Ash fires a 1d6 shot at Bay",
            "Ash fires a 2d6 shot at Bay",
            "Ash fires a 3d6 shot at Bay",
            "Ash fires a 4d6 shot at Bay",
            "Ash holds fire"
        ]
    );
    let ev = g.play("Ash fires a 2d6 shot at Bay", &faces(&[&d3(10), &[1, 1]]));
    assert!(ev.contains(&Event::Shots {
        fig: 0,
        left: 2,
        next_at: 10
    }));
    let ev = g.play("Ash fires a 2d6 shot at Bay", &faces(&[&d3(10), &[6, 6]]));
    assert!(ev.contains(&Event::PowerLeft { fig: 0, dice: 0 }));
    assert!(ev.contains(&Event::Shots {
        fig: 0,
        left: 0,
        next_at: 9
    }));
    assert!(matches!(
        g.s.phase,
        fireteam_skirmish::state::Phase::TurnStart
    ));
    // 7 + 2 + 12 = 21 damage; 6 dice of battery: 48 − 6 = 42.
    assert_eq!(g.fig("Bay").damage, 21);
    assert_eq!(battery(&g), 42);
}

#[test]
fn sk_16_8_b_g_48_the_fixed_bonus_goes_only_to_a_full_power_shot() {
    // Laser pistol 4d6+2: full power rolls 4d6+2; a 3d6 shot and the 1d6 after it have no +2.
    let mut g = laser(&[], &["laser-pistol"], GUNNER);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[1, 1, 1, 1]]));
    let d = damages(&ev);
    assert_eq!((d[0].expr.as_str(), d[0].rolled), ("4d6+2", 6));
    assert!(ev.contains(&Event::Spent {
        fig: 0,
        slot: 0,
        rounds: 4
    }));
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Shots { .. })),
        "full power uses the turn's power: no later shot"
    );
    let mut g = laser(&[], &["laser-pistol"], GUNNER);
    let ev = g.play(
        "Ash fires a 3d6 shot at Bay",
        &faces(&[&d3(10), &[1, 1, 1]]),
    );
    let d = damages(&ev);
    assert_eq!((d[0].expr.as_str(), d[0].rolled), ("3d6", 3));
    g.act("Bay does nothing");
    let ev = g.play("Ash fires a 1d6 shot at Bay", &faces(&[&d3(10), &[5]]));
    assert_eq!(damages(&ev)[0].expr, "1d6");
    assert_eq!(battery(&g), 44);
}

#[test]
fn sk_16_8_b_sk_13_6_i_moving_halves_the_shots_not_the_power() {
    // With sk.move_and_shoot, Ash moves 2 hexes: −2 to hit (SK-13.6-i) and 6 / 2 = 3 shots this
    // turn. After a 1d6 shot 5 dice are left but only 2 shots.
    let mut g = game(
        &[("sk.move_and_shoot", "true")],
        &open(3, 8),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["laser-rifle"], RIFLEMAN),
            unit("Bay", 1, (1, 6), N, &[], "str = 40, dex = 12, int = 10"),
        ],
    );
    g.start_turn(0);
    g.act("Ash moves to 1,2 facing S");
    g.stand_all();
    let ev = g.play("Ash fires a 1d6 shot at Bay", &faces(&[&d3(8), &[2]]));
    roll(&ev).assert_mod("moving", -2, "SK-13.6-i");
    assert!(ev.contains(&Event::PowerLeft { fig: 0, dice: 5 }));
    assert!(ev.contains(&Event::Shots {
        fig: 0,
        left: 2,
        next_at: 11
    }));
}

#[test]
fn g_48_sk_15_1_c_a_battery_short_of_full_power_fires_only_smaller_shots() {
    // GM input (SK-15.1-c): the battery was not recharged and holds 4 dice. A 6d6 shot needs 6
    // (G-48: a shot spends its dice), so only 1d6 to 4d6 are offered.
    let g = laser(&[], &["laser-rifle"], &format!("{RIFLEMAN}, battery = 4"));
    assert_eq!(battery(&g), 4);
    let t = g.texts();
    assert!(!t.contains(&"Ash shoots Bay".to_string()), "{t:?}");
    assert!(t.contains(&"Ash fires a 4d6 shot at Bay".to_string()));
    assert!(!t.contains(&"Ash fires a 5d6 shot at Bay".to_string()));
}

#[test]
fn sk_15_1_b_g_48_the_battery_pack_feeds_the_weapon_first() {
    // The pack holds two batteries (96 dice, G-48) on top of the weapon's 48: a full-power shot
    // draws its 6 dice from the pack.
    let mut g = laser(&[], &["laser-rifle", "battery-pack"], RIFLEMAN);
    assert_eq!(
        (g.fig("Ash").pack_dice, g.fig("Ash").pack_slot),
        (96, Some(0))
    );
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[1; 6]]));
    assert!(ev.contains(&Event::PackSpent { fig: 0, dice: 6 }));
    assert!(!ev.iter().any(|e| matches!(e, Event::Spent { .. })));
    assert_eq!((g.fig("Ash").pack_dice, battery(&g)), (90, 48));
    // A pack with 2 dice left (GM input): 2 from the pack, 4 from the weapon's battery.
    let mut g = laser(
        &[],
        &["laser-rifle", "battery-pack"],
        &format!("{RIFLEMAN}, battery_pack = 2"),
    );
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[1; 6]]));
    assert!(ev.contains(&Event::PackSpent { fig: 0, dice: 2 }));
    assert!(ev.contains(&Event::Spent {
        fig: 0,
        slot: 0,
        rounds: 4
    }));
    assert_eq!((g.fig("Ash").pack_dice, battery(&g)), (0, 44));
    // With an empty weapon battery the pack alone still fires it.
    let g = laser(
        &[],
        &["laser-rifle", "battery-pack"],
        &format!("{RIFLEMAN}, battery = 0"),
    );
    assert!(g.can("Ash shoots Bay"));
}

#[test]
fn sk_15_1_b_the_battery_pack_moves_to_another_weapon_in_one_turn() {
    let mut g = laser(
        &[],
        &["laser-rifle", "laser-pistol", "battery-pack"],
        RIFLEMAN,
    );
    assert_eq!(g.fig("Ash").pack_slot, Some(0));
    let ev = g.act("Ash moves the battery pack to the Laser Pistol");
    assert!(ev.contains(&Event::PackMoved { fig: 0, slot: 1 }));
    assert_eq!(g.fig("Ash").pack_slot, Some(1));
    assert!(g.fig("Ash").acted, "it takes his action");
}

// =============================================================================================
// SK-15.1-a, G-48: the mono-filament and plasma swords run on batteries too.
// =============================================================================================

/// Ash with `sword` in hand (and `more` carried) next to Bay (a blade), facing each other.
fn swordsman(sword: &str, more: &[&str], stats: &str) -> Game {
    let mut gear = vec![sword];
    gear.extend_from_slice(more);
    game(
        &[],
        &open(3, 6),
        &[],
        &[
            unit("Ash", 0, (1, 1), S, &gear, stats),
            unit(
                "Bay",
                1,
                (1, 2),
                N,
                &["duel-blade"],
                "str = 16, dex = 10, int = 10, sword = 1",
            ),
        ],
    )
}

/// The turn played with nobody doing anything; its events.
fn idle_turn(g: &mut Game) -> Vec<Event> {
    let start = g.log.len();
    g.start_turn(0);
    g.finish_turn();
    g.log[start..].to_vec()
}

#[test]
fn sk_15_1_a_g_48_a_sword_in_hand_runs_its_battery_down_a_turn_at_a_time() {
    // G-48 (INVENTED): a mono-filament sword's battery lasts 20 combat turns; a turn counts
    // when the sword is in his hand at its end. Ash starts with 2 turns left (unit stat
    // `battery`) and one spare battery (`rounds_carried`).
    let mut g = swordsman(
        "mono-filament-sword",
        &[],
        "str = 10, dex = 12, int = 10, sword = 1, battery = 2, rounds_carried = 1",
    );
    let sword = |g: &Game| g.fig("Ash").weapons[0].unwrap();
    assert_eq!(sword(&g).rounds, 2);
    let ev = idle_turn(&mut g);
    assert!(ev.contains(&Event::Spent {
        fig: 0,
        slot: 0,
        rounds: 1
    }));
    assert_eq!((sword(&g).rounds, sword(&g).state), (1, WeaponState::Ok));
    // The second turn empties it: the blade is gone.
    let ev = idle_turn(&mut g);
    assert!(
        effects(&ev).contains(&(0, Effect::BatteryDead { slot: 0 }, "SK-15.1-a")),
        "{:?}",
        effects(&ev)
    );
    assert_eq!(
        (sword(&g).rounds, sword(&g).state),
        (0, WeaponState::Drained)
    );
    // Turn 3: he cannot strike with it (nor punch, the hilt in his hand); changing the battery
    // is his first choice and takes his action (SK-15.1-a: "one turn is spent reloading").
    g.reach_actions(0);
    pass_until(&mut g, "Ash");
    assert!(!g.can("Ash attacks Bay"), "{:?}", g.texts());
    assert_eq!(g.texts()[0], "Ash reloads");
    let ev = g.act("Ash reloads");
    assert!(ev.contains(&Event::Reloaded {
        fig: 0,
        slot: 0,
        rounds: 20
    }));
    assert_eq!((sword(&g).rounds, sword(&g).state), (20, WeaponState::Ok));
    assert_eq!(g.fig("Ash").spare_magazines, 0);
    g.finish_turn();
    assert_eq!(sword(&g).rounds, 19);
    // Turn 4: the blade strikes again (12; 10 hits; 3d6+6).
    g.reach_actions(0);
    pass_until(&mut g, "Ash");
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[1, 1, 1]]));
    assert_eq!(damages(&ev)[0].expr, "3d6+6");
}

#[test]
fn option_sk_sword_battery_when_used_spends_only_the_turns_it_strikes() {
    // With `sk.sword_battery = "when_used"` a turn in hand doing nothing spends nothing; a turn
    // in which Ash strikes (12; 3d6 [6, 5, 4] = 15 misses) spends one.
    let mut g = game(
        &[("sk.sword_battery", "\"when_used\"")],
        &open(3, 6),
        &[],
        &[
            unit(
                "Ash",
                0,
                (1, 1),
                S,
                &["plasma-sword"],
                "str = 10, dex = 12, int = 10, sword = 1",
            ),
            unit(
                "Bay",
                1,
                (1, 2),
                N,
                &["duel-blade"],
                "str = 16, dex = 10, int = 10, sword = 1",
            ),
        ],
    );
    let ev = idle_turn(&mut g);
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Spent { .. })),
        "{ev:#?}"
    );
    assert_eq!(g.fig("Ash").weapons[0].unwrap().rounds, 20);
    g.reach_actions(0);
    pass_until(&mut g, "Ash");
    g.play("Ash attacks Bay", &[6, 5, 4]);
    g.finish_turn();
    assert_eq!(g.fig("Ash").weapons[0].unwrap().rounds, 19);
    // By default the idle turn in hand spends one.
    let mut g = swordsman(
        "plasma-sword",
        &[],
        "str = 10, dex = 12, int = 10, sword = 1",
    );
    idle_turn(&mut g);
    assert_eq!(g.fig("Ash").weapons[0].unwrap().rounds, 19);
}

#[test]
fn sk_15_1_a_g_48_a_sword_on_the_belt_keeps_its_battery_and_takes_no_battery_pack() {
    // The plasma sword (an energy weapon, SK-16.10-b) carried while a pistol is in hand spends
    // nothing; a battery pack is plugged into an energy gun, never into a sword (its 96 dice
    // are shots' worth, G-48).
    let mut g = swordsman(
        "pistol",
        &["plasma-sword", "battery-pack"],
        "str = 10, dex = 12, int = 10, sword = 1, sidearms = 1",
    );
    assert_eq!(g.fig("Ash").pack_slot, None);
    let ev = idle_turn(&mut g);
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Spent { .. })),
        "{ev:#?}"
    );
    assert_eq!(g.fig("Ash").weapons[1].unwrap().rounds, 20);
    // In hand it spends: one turn.
    let mut g = swordsman(
        "plasma-sword",
        &[],
        "str = 10, dex = 12, int = 10, sword = 1",
    );
    idle_turn(&mut g);
    assert_eq!(g.fig("Ash").weapons[0].unwrap().rounds, 19);
}

// =============================================================================================
// SK-21.6: helmets, visors and flash goggles (optional rules, with sk.aimed_shots and
// sk.partial_armor).
// =============================================================================================

const AIMED: (&str, &str) = ("sk.aimed_shots", "true");
const PARTIAL: (&str, &str) = ("sk.partial_armor", "true");

/// Ash (side A) at [1, 0] facing S with `gear` and `stats`; Bay (side B) at [1, 3] facing N,
/// STR 40 so that he stays up, with `bay_gear`; turn 1 up to Ash's action.
fn aim_at_bay(opts: &[(&str, &str)], gear: &[&str], stats: &str, bay_gear: &[&str]) -> Game {
    let mut g = game(
        opts,
        &open(3, 6),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, gear, stats),
            unit(
                "Bay",
                1,
                (1, 3),
                N,
                bay_gear,
                "str = 40, dex = 12, int = 10",
            ),
        ],
    );
    g.reach_actions(0);
    pass_until(&mut g, "Ash");
    g
}

#[test]
fn sk_21_6_g_26_a_helmet_is_worn_beside_body_armor_not_instead_of_it() {
    // Bay wears Steel (5) and a Graphite-Epoxy helmet (13). A body hit meets the Steel's 5: the
    // helmet has its own place and does not replace the body armor. Pistol 2d6 rolled 7: 2.
    let mut g = aim_at_bay(
        &[],
        &["pistol"],
        GUNNER,
        &["steel", "graphite-epoxy-helmet"],
    );
    assert!(g.fig("Bay").armor.is_some() && g.fig("Bay").helmet.is_some());
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(8), &[3, 4]]));
    let d = damages(&ev);
    assert_eq!((d[0].rolled, d[0].armor, d[0].taken), (7, 5, 2));
    // And Bay still moves and fights in Steel: −3 DEX (SK-14.1-e), nothing for the helmet.
    let mut m = fireteam_skirmish::event::Mods::new();
    fireteam_skirmish::combat::edex::standing_mods(&g.s, g.fig("Bay"), &mut m);
    assert_eq!(fireteam_engine::Modifier::total(&m), -3);
}

#[test]
fn sk_21_6_b_a_helmet_covers_the_head() {
    // An aimed head shot: pistol, DEX 12 − 6 (SK-21.4-c) = 6, rolled 6; 2d6 rolled 7. Bay wears
    // Heavy Alloy (15) and a steel helmet (5).
    let head = |opts: &[(&str, &str)], bay: &[&str]| {
        let mut g = aim_at_bay(opts, &["pistol"], GUNNER, bay);
        let ev = g.play("Ash shoots Bay in the head", &faces(&[&[2, 2, 2], &[3, 4]]));
        roll(&ev).assert_mod("aimed-shot", -6, "SK-21.4-c");
        let d = damages(&ev);
        (d[0].armor, d[0].taken)
    };
    // With partial armor, the helmet alone covers the head: 7 − 5 = 2 (and −4 DEX next turn).
    assert_eq!(
        head(&[AIMED, PARTIAL], &["heavy-alloy", "steel-helmet"]),
        (5, 2)
    );
    // … and without a helmet nothing does (SK-21.6-b).
    assert_eq!(head(&[AIMED, PARTIAL], &["heavy-alloy"]), (0, 7));
    // Without partial armor, body armor covers the head too, and the better of the two counts.
    assert_eq!(head(&[AIMED], &["heavy-alloy", "steel-helmet"]), (15, 0));
    assert_eq!(head(&[AIMED], &["steel", "graphite-epoxy-helmet"]), (13, 0));
}

#[test]
fn sk_21_6_c_a_helmet_without_a_visor_does_not_stop_an_aimed_thrown_knife() {
    // Ash throws his utility knife at Bay's head from 3 hexes: DEX 16 + 2 (Thrown Weapons,
    // SK-6.2.10-a) − 3 (3 hexes, SK-13.5-b) − 6 (head, SK-21.4-c) = 9; rolled 9. 1d6−1 rolled
    // 3 − 1 = 2. Bay's Graphite-Epoxy helmet (13) without a visor stops nothing; with one, all.
    let ash = "str = 10, dex = 16, int = 10, knife = 1, thrown_weapons = 1";
    let knife = |bay: &[&str]| {
        let mut g = aim_at_bay(&[AIMED, PARTIAL], &["utility-knife"], ash, bay);
        let ev = g.play("Ash strikes at Bay's head", &faces(&[&d3(9), &[3]]));
        let r = roll(&ev);
        assert_eq!(
            (r.kind, r.target_number),
            (fireteam_skirmish::event::AttackKind::Thrown, 9)
        );
        let d = damages(&ev);
        (d[0].armor, d[0].taken)
    };
    assert_eq!(knife(&["graphite-epoxy-helmet"]), (0, 2));
    assert_eq!(knife(&["graphite-epoxy-helmet", "visor"]), (13, 0));
    // A bullet in the head is stopped by the helmet, visor or not.
    let mut g = aim_at_bay(
        &[AIMED, PARTIAL],
        &["pistol"],
        GUNNER,
        &["graphite-epoxy-helmet"],
    );
    let ev = g.play("Ash shoots Bay in the head", &faces(&[&[2, 2, 2], &[3, 4]]));
    assert_eq!(damages(&ev)[0].armor, 13);
}

#[test]
fn sk_16_8_e_sk_21_6_e_a_laser_in_the_head_blinds_on_a_failed_4d6_save() {
    // Laser pistol at Bay's head: DEX 12 − 6 = 6, rolled 6; 4d6+2 rolled 6 against his
    // Graphite-Epoxy helmet (13): no damage, but the flash: 4d6 against his eDEX 12, rolled 13,
    // fails: blinded, −4 DEX for good (SK-21.6-e).
    let mut g = aim_at_bay(
        &[AIMED, PARTIAL],
        &["laser-pistol"],
        GUNNER,
        &["pistol", "graphite-epoxy-helmet"],
    );
    let ev = g.play(
        "Ash shoots Bay in the head",
        &faces(&[&[2, 2, 2], &[1, 1, 1, 1], &d4(13)]),
    );
    assert_eq!(damages(&ev)[0].taken, 0);
    assert_eq!(
        checks(&ev),
        [(1, "not-blinded", 4, 13, 12, false, "SK-21.6-e")]
    );
    assert!(effects(&ev).contains(&(1, Effect::Blinded, "SK-21.6-e")));
    let r = roll(&g.play("Bay shoots Ash", &d3(16)));
    r.assert_mod("blinded", -4, "SK-21.6-e");
    r.assert_adds_up(12);
    // A 12 saves.
    let mut g = aim_at_bay(
        &[AIMED],
        &["laser-pistol"],
        GUNNER,
        &["graphite-epoxy-helmet"],
    );
    let ev = g.play(
        "Ash shoots Bay in the head",
        &faces(&[&[2, 2, 2], &[1, 1, 1, 1], &d4(12)]),
    );
    assert_eq!(
        checks(&ev),
        [(1, "not-blinded", 4, 12, 12, true, "SK-21.6-e")]
    );
    assert!(!g.fig("Bay").blinded);
}

#[test]
fn sk_21_6_d_flash_goggles_or_a_visor_protect_the_eyes() {
    for eyes in ["flash-goggles", "visor"] {
        let mut g = aim_at_bay(
            &[AIMED],
            &["laser-pistol"],
            GUNNER,
            &["graphite-epoxy-helmet", eyes],
        );
        let ev = g.play(
            "Ash shoots Bay in the head",
            &faces(&[&[2, 2, 2], &[1, 1, 1, 1]]),
        );
        assert!(checks(&ev).is_empty(), "{eyes}: {ev:#?}");
    }
}

#[test]
fn option_sk_flash_blinding_energy_weapons_lasers_or_off() {
    // A plasma pistol (5d6+3) in the head: blinding by default (§21.6: energy weapons), not with
    // "lasers" (§16.8); a laser blinds under both; "off" never. (The plasma's 8 before armor
    // calls for Bay's 3d6 to stay up, SK-12.4-e: a 10 against 12 − 2 keeps him up.)
    let plasma = |opts: &[(&str, &str)], extra: &[i64]| {
        let mut g = aim_at_bay(opts, &["plasma-pistol"], GUNNER, &["graphite-epoxy-helmet"]);
        let ev = g.play(
            "Ash shoots Bay in the head",
            &faces(&[&[2, 2, 2], &[1, 1, 1, 1, 1], extra]),
        );
        checks(&ev).iter().filter(|c| c.1 == "not-blinded").count()
    };
    let stay_up = d3(10);
    assert_eq!(plasma(&[AIMED], &faces(&[&stay_up, &d4(20)])), 1);
    assert_eq!(
        plasma(&[AIMED, ("sk.flash_blinding", "\"lasers\"")], &stay_up),
        0
    );
    assert_eq!(
        plasma(&[AIMED, ("sk.flash_blinding", "\"off\"")], &stay_up),
        0
    );
    let laser = |opts: &[(&str, &str)], extra: &[i64]| {
        let mut g = aim_at_bay(opts, &["laser-pistol"], GUNNER, &["graphite-epoxy-helmet"]);
        let ev = g.play(
            "Ash shoots Bay in the head",
            &faces(&[&[2, 2, 2], &[1, 1, 1, 1], extra]),
        );
        checks(&ev).iter().filter(|c| c.1 == "not-blinded").count()
    };
    assert_eq!(
        laser(&[AIMED, ("sk.flash_blinding", "\"lasers\"")], &d4(20)),
        1
    );
    assert_eq!(laser(&[AIMED, ("sk.flash_blinding", "\"off\"")], &[]), 0);
    // A bullet in the head never blinds.
    let mut g = aim_at_bay(&[AIMED], &["pistol"], GUNNER, &["graphite-epoxy-helmet"]);
    let ev = g.play("Ash shoots Bay in the head", &faces(&[&[2, 2, 2], &[3, 4]]));
    assert!(checks(&ev).is_empty());
}

// =============================================================================================
// SK-17.4-b: smoke against lasers; SK-16.12-t, SK-16.8-d, SK-17.4-d: smoke and anti-laser smoke
// as R1 shielding.
// =============================================================================================

/// Ash (side A) at [1, 0] facing S with `gear`; Bay (side B, STR 30) at [1, 4] facing N; the
/// map's `rows` ("s" = smoke terrain); turn 1 up to Ash's action.
fn through(rows: &[&str], gear: &[&str], stats: &str, opts: &[(&str, &str)]) -> Game {
    let rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    let mut g = game(
        opts,
        &rows,
        &[('s', "smoke")],
        &[
            unit("Ash", 0, (1, 0), S, gear, stats),
            unit("Bay", 1, (1, 4), N, &[], "str = 30, dex = 12, int = 10"),
        ],
    );
    g.reach_actions(0);
    g
}

const TWO_SMOKE: [&str; 6] = ["...", ".s.", ".s.", "...", "...", "..."];

#[test]
fn sk_17_4_b_smoke_takes_damage_off_lasers_only() {
    // Two smoke hexes: −2 to hit for everyone (SK-17.4-a). A plasma pistol is no laser: its
    // 5d6+3 stays 5d6+3 (rolled 8: Bay falls, SK-12.4-e).
    let mut g = through(&TWO_SMOKE, &["plasma-pistol"], GUNNER, &[]);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(8), &[1, 1, 1, 1, 1]]));
    roll(&ev).assert_mod("smoke", -2, "SK-17.4-a");
    let d = damages(&ev);
    assert_eq!(
        (d[0].expr.as_str(), d[0].rolled, d[0].taken),
        ("5d6+3", 8, 8)
    );
    // A laser pistol loses 1 a hex: 4d6+2 − 2 = 4d6.
    let mut g = through(&TWO_SMOKE, &["laser-pistol"], GUNNER, &[]);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(8), &[1, 1, 1, 1]]));
    assert_eq!(damages(&ev)[0].expr, "4d6");
}

/// Ash (side A) at [1, 0] facing S with `gear`; Cal (side A) at [0, 0] facing S throws a
/// `grenade` at Bay's hex [1, 4] in turn 1 (DEX 12 + 2 − 2 for 2 MH = 12; a 10 lands it); it goes
/// off at the end of the turn. In turn 2 Bay steps out of the one-hex cloud to [1, 6], so that
/// Ash's line of fire to him crosses it; then it is Ash's action. Bay: STR 40, unarmed. (At 6
/// hexes, 2 MH, the range costs nothing.)
fn clouded(grenade: &str, gear: &[&str], stats: &str, opts: &[(&str, &str)]) -> Game {
    let mut g = game(
        opts,
        &open(3, 8),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, gear, stats),
            unit("Cal", 0, (0, 0), S, &[grenade], THROWER),
            unit("Bay", 1, (1, 4), N, &[], "str = 40, dex = 12, int = 10"),
        ],
    );
    g.reach_actions(0);
    g.act("Ash does nothing");
    let name = g
        .texts()
        .into_iter()
        .find(|t| t.starts_with("Cal throws"))
        .unwrap();
    assert!(name.ends_with("at 1,4"), "{name}");
    g.play(&name, &d3(10));
    g.finish_turn();
    assert_eq!(clouds(&g), [("1,4".to_string(), 0)]);
    g.start_turn(0);
    g.act("Ash stands facing S");
    g.act("Cal stands facing S");
    g.act("Bay moves to 1,6 facing N");
    g
}

/// The `Shielded` records of these events: (target, r, rule).
fn shielded(ev: &[Event]) -> Vec<(u16, u8, &'static str)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Shielded {
                target, r, rule, ..
            } => Some((*target, *r, rule.0)),
            _ => None,
        })
        .collect()
}

#[test]
fn sk_16_12_t_a_smoke_grenade_cloud_is_r1_shielding_against_energy_weapons() {
    // The laser rifle's line crosses the one-hex cloud: −1 to hit (SK-17.4-a), −1 damage for the
    // smoke hex (SK-17.4-b): 6d6 − 1, and R1 (SK-16.12-t) takes a die off: 5d6 − 1.
    let mut g = clouded("smoke-grenade", &["laser-rifle"], RIFLEMAN, &[]);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(8), &[2; 5]]));
    roll(&ev).assert_mod("smoke", -1, "SK-17.4-a");
    assert_eq!(shielded(&ev), [(2, 1, "SK-16.12-t")]);
    let d = damages(&ev);
    assert_eq!((d[0].expr.as_str(), d[0].rolled), ("5d6-1", 9));
    // Option sk.smoke_shielding = "anti_laser_only": the smoke only takes its 1 a hex.
    let mut g = clouded(
        "smoke-grenade",
        &["laser-rifle"],
        RIFLEMAN,
        &[("sk.smoke_shielding", "\"anti_laser_only\"")],
    );
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(8), &[2; 6]]));
    assert!(shielded(&ev).is_empty());
    assert_eq!(damages(&ev)[0].expr, "6d6-1");
}

#[test]
fn sk_16_8_d_sk_17_4_d_anti_laser_smoke_takes_a_die_off_a_laser() {
    // Anti-laser smoke: R1 against lasers whatever sk.smoke_shielding says (SK-16.8-d): the
    // laser rifle's 6d6 − 1 (the smoke hex) loses a die: 5d6 − 1.
    for opts in [
        &[][..],
        &[("sk.smoke_shielding", "\"anti_laser_only\"")][..],
    ] {
        let mut g = clouded("anti-laser-grenade", &["laser-rifle"], RIFLEMAN, opts);
        let ev = g.play("Ash shoots Bay", &faces(&[&d3(8), &[2; 5]]));
        assert_eq!(shielded(&ev), [(2, 1, "SK-16.8-d")]);
        assert_eq!(damages(&ev)[0].expr, "5d6-1");
    }
    // A plasma pistol is no laser: by default the anti-laser cloud is still a smoke grenade's
    // (R1, SK-16.12-t), and with "anti_laser_only" it takes nothing off 5d6+3.
    let mut g = clouded("anti-laser-grenade", &["plasma-pistol"], GUNNER, &[]);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(8), &[1; 4]]));
    assert_eq!(shielded(&ev), [(2, 1, "SK-16.12-t")]);
    assert_eq!(damages(&ev)[0].expr, "4d6+3");
    let mut g = clouded(
        "anti-laser-grenade",
        &["plasma-pistol"],
        GUNNER,
        &[("sk.smoke_shielding", "\"anti_laser_only\"")],
    );
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(8), &[1; 5]]));
    assert!(shielded(&ev).is_empty());
    assert_eq!(damages(&ev)[0].expr, "5d6+3");
    // Nor does a bullet lose anything to it.
    let mut g = clouded("anti-laser-grenade", &["pistol"], GUNNER, &[]);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(8), &[1, 1]]));
    assert!(shielded(&ev).is_empty());
    assert_eq!(damages(&ev)[0].expr, "2d6");
}

#[test]
fn sk_14_3_b_option_roll_and_subtract_rolls_the_clouds_r_too() {
    // sk.shielding = "roll_and_subtract" (SK-14.3-b): the cloud's R1 is 1d6 (a 4) rolled and
    // stopped on top of the armor; the 6d6 − 1 is rolled whole: 6 − 1 = 5, − 4 = 1.
    let mut g = clouded(
        "anti-laser-grenade",
        &["laser-rifle"],
        RIFLEMAN,
        &[("sk.shielding", "\"roll_and_subtract\"")],
    );
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(8), &[4], &[1; 6]]));
    let d = damages(&ev);
    assert_eq!(
        (d[0].expr.as_str(), d[0].rolled, d[0].armor, d[0].taken),
        ("6d6-1", 5, 4, 1)
    );
}

// =============================================================================================
// SK-14.3-d…h, G-27: energy shields.
// =============================================================================================

/// Ash (side A) at [1, 0] facing S with `gear`; Bay (side B, STR 40) at [1, 4] facing N with
/// `bay_gear`; Cal (side B, STR 40) next to him at [0, 4] with `cal_gear`. Turn 1 has begun
/// (side A moves first); Bay writes down his shield's setting next.
fn shielded_bay(gear: &[&str], stats: &str, bay_gear: &[&str], cal_gear: &[&str]) -> Game {
    let mut g = game(
        &[],
        &open(3, 8),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, gear, stats),
            unit(
                "Bay",
                1,
                (1, 4),
                N,
                bay_gear,
                "str = 40, dex = 12, int = 10, sidearms = 1",
            ),
            unit(
                "Cal",
                1,
                (0, 4),
                N,
                cal_gear,
                "str = 40, dex = 12, int = 10",
            ),
        ],
    );
    g.start_turn(0);
    g
}

/// Bay switches his shield on (3d6: a 10 holds) and everyone stands; Ash's action is next.
fn shield_on(g: &mut Game) {
    g.play("Bay switches his energy shield on", &d3(10));
    g.stand_all();
    pass_until(g, "Ash");
}

#[test]
fn sk_14_3_e_g_the_shield_is_set_at_the_start_of_the_turn_and_an_18_breaks_it() {
    let mut g = shielded_bay(&["laser-rifle"], RIFLEMAN, &["deflector"], &[]);
    // SK-14.3-g: before anyone moves, Bay writes down whether his shield is on; keeping it as it
    // is comes first.
    assert!(matches!(
        g.s.phase,
        fireteam_skirmish::state::Phase::Shields { fig: 1 }
    ));
    assert_eq!(
        g.texts(),
        [
            "Bay keeps his energy shield off",
            "Bay switches his energy shield on"
        ]
    );
    // SK-14.3-e: switching it on rolls 3d6; a 10 (not 18) holds.
    let ev = g.play("Bay switches his energy shield on", &d3(10));
    assert!(ev.contains(&Event::ShieldSet { fig: 1, on: true }));
    assert_eq!(
        checks(&ev),
        [(1, "shield-holds", 3, 10, 17, true, "SK-14.3-e")]
    );
    assert!(g.fig("Bay").shield_on);
    assert!(matches!(
        g.s.phase,
        fireteam_skirmish::state::Phase::Movement { .. }
    ));
    g.finish_turn();
    // Next turn: keeping it on rolls nothing.
    g.start_turn(0);
    assert_eq!(
        g.texts(),
        [
            "Bay keeps his energy shield on",
            "Bay switches his energy shield off"
        ]
    );
    let ev = g.act("Bay keeps his energy shield on");
    assert!(checks(&ev).is_empty());
    g.finish_turn();
    g.start_turn(0);
    g.act("Bay switches his energy shield off");
    g.finish_turn();
    // Switched on again: an 18 breaks it, for good; no more settings to write down.
    g.start_turn(0);
    let ev = g.play("Bay switches his energy shield on", &d3(18));
    assert!(ev.contains(&Event::ShieldBroken {
        fig: 1,
        rule: fireteam_engine::RuleId("SK-14.3-e")
    }));
    assert!(!g.fig("Bay").shield_on && g.fig("Bay").shield_broken);
    g.finish_turn();
    g.start_turn(0);
    assert!(matches!(
        g.s.phase,
        fireteam_skirmish::state::Phase::Movement { .. }
    ));
}

#[test]
fn sk_14_3_f_g_27_a_deflector_takes_r_dice_off_an_energy_shot_fired_into_it() {
    // Ash's laser rifle at Bay, whose Deflector (R2) is on: 6d6 − 2 dice = 4d6 (G-27, E-14),
    // rolled 4. DEX 12 + 1 (rifle stock) = 13.
    let mut g = shielded_bay(&["laser-rifle"], RIFLEMAN, &["deflector"], &[]);
    shield_on(&mut g);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[1; 4]]));
    assert_eq!(shielded(&ev), [(1, 2, "SK-14.3-f")]);
    let d = damages(&ev);
    assert_eq!((d[0].expr.as_str(), d[0].taken), ("4d6", 4));
    // A bullet goes through: energy shields stop energy weapons and fire only (SK-14.3-a).
    let mut g = shielded_bay(&["pistol"], GUNNER, &["deflector"], &[]);
    shield_on(&mut g);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[1, 1]]));
    assert!(shielded(&ev).is_empty());
    assert_eq!(damages(&ev)[0].expr, "2d6");
    // So does a shot at Bay while the shield is off.
    let mut g = shielded_bay(&["laser-rifle"], RIFLEMAN, &["deflector"], &[]);
    g.act("Bay keeps his energy shield off");
    g.stand_all();
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[1; 6]]));
    assert!(shielded(&ev).is_empty());
}

#[test]
fn sk_14_3_f_a_force_field_stops_shots_fired_out_of_it_a_deflector_does_not() {
    // Bay fires his laser pistol out of his own field at Ash: 4d6+2. A Force Field (R2) takes 2
    // dice off it (2d6+2); a Deflector lets it out whole.
    for (shield, expr, n) in [("force-field", "2d6+2", 2usize), ("deflector", "4d6+2", 4)] {
        let mut g = shielded_bay(&["pistol"], GUNNER, &["laser-pistol", shield], &[]);
        g.play("Bay switches his energy shield on", &d3(10));
        g.stand_all();
        pass_until(&mut g, "Bay");
        let ev = g.play("Bay shoots Ash", &faces(&[&d3(10), &vec![1; n]]));
        assert_eq!(damages(&ev)[0].expr, expr, "{shield}");
    }
}

#[test]
fn sk_14_3_f_g_27_a_reflector_sends_the_hit_back_at_half_damage() {
    // Ash's laser rifle hits Bay, whose Reflector is on: Bay takes nothing; Ash takes the 6d6
    // (rolled 7) halved, 3, against his own armor (none).
    let mut g = shielded_bay(&["laser-rifle"], RIFLEMAN, &["reflector"], &[]);
    shield_on(&mut g);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[2, 1, 1, 1, 1, 1]]));
    assert!(ev.contains(&Event::Reflected {
        wearer: 1,
        firer: 0,
        target: 1,
        rule: fireteam_engine::RuleId("SK-14.3-f")
    }));
    let d = damages(&ev);
    assert_eq!(d.len(), 1);
    assert_eq!(
        (d[0].target, d[0].rolled, d[0].taken, d[0].rule),
        (0, 3, 3, "SK-14.3-f")
    );
    assert_eq!((g.fig("Ash").damage, g.fig("Bay").damage), (3, 0));
}

#[test]
fn sk_14_3_d_the_field_does_its_r_factor_a_turn_to_those_in_it_without_a_protective_suit() {
    // At the end of the turn the Deflector (R2) does 2 hits to Bay and to Cal next to him, with
    // no armor; Cal in an energy suit takes none; Ash, far off, none.
    let mut g = shielded_bay(&["pistol"], GUNNER, &["deflector"], &[]);
    shield_on(&mut g);
    let n = g.log.len();
    g.finish_turn();
    let d = damages(&g.log[n..]);
    assert_eq!(
        d.iter()
            .map(|d| (d.target, d.armor, d.taken, d.rule))
            .collect::<Vec<_>>(),
        [(1, 0, 2, "SK-14.3-d"), (2, 0, 2, "SK-14.3-d")]
    );
    let mut g = shielded_bay(
        &["pistol"],
        GUNNER,
        &["deflector", "steel"],
        &["energy-suit"],
    );
    shield_on(&mut g);
    let n = g.log.len();
    g.finish_turn();
    let d = damages(&g.log[n..]);
    assert_eq!(
        d.iter()
            .map(|d| (d.target, d.armor, d.taken))
            .collect::<Vec<_>>(),
        [(1, 0, 2)],
        "armor does not stop the field; the suit does"
    );
}

#[test]
fn sk_14_3_h_a_hit_from_the_rear_hex_may_break_the_shield() {
    // Ash stands in Bay's rear hex line ([1, 6], Bay at [1, 4] facing N). His pistol's 2d6
    // rolled 7 gets through whole; 4d6 rolled 7 (≤ 7) breaks the shield, on or off; an 8 holds.
    let rear = |roll: i64| {
        let mut g = game(
            &[],
            &open(3, 8),
            &[],
            &[
                unit("Ash", 0, (1, 6), N, &["pistol"], GUNNER),
                unit(
                    "Bay",
                    1,
                    (1, 4),
                    N,
                    &["deflector"],
                    "str = 40, dex = 12, int = 10",
                ),
            ],
        );
        g.start_turn(0);
        g.act("Bay keeps his energy shield off");
        g.stand_all();
        let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[3, 4], &d4(roll)]));
        (checks(&ev), g.fig("Bay").shield_broken)
    };
    assert_eq!(
        rear(7),
        (vec![(1, "shield-breaks", 4, 7, 7, true, "SK-14.3-h")], true)
    );
    assert_eq!(
        rear(8),
        (
            vec![(1, "shield-breaks", 4, 8, 7, false, "SK-14.3-h")],
            false
        )
    );
    // From the front: no roll.
    let mut g = shielded_bay(&["pistol"], GUNNER, &["deflector"], &[]);
    g.act("Bay keeps his energy shield off");
    g.stand_all();
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[3, 4]]));
    assert!(checks(&ev).is_empty());
}

#[test]
fn sk_14_3_g_the_narration_keeps_the_setting_hidden_until_a_shot_meets_the_shield() {
    use fireteam_skirmish::present::narrate;
    let mut g = shielded_bay(&["laser-rifle"], RIFLEMAN, &["deflector"], &[]);
    let ev = g.play("Bay switches his energy shield on", &d3(10));
    let lines: Vec<String> = ev.iter().filter_map(|e| narrate(&g.s, e)).collect();
    assert_eq!(
        lines,
        ["Bay writes down his energy shield's setting [SK-14.3-g]"]
    );
    g.stand_all();
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[1; 4]]));
    let lines: Vec<String> = ev.iter().filter_map(|e| narrate(&g.s, e)).collect();
    assert!(
        lines.iter().any(|l| l
            == "  Bay's energy shield, a Deflector that is on, takes 2 dice off the shot [SK-14.3-f]"),
        "{lines:#?}"
    );
}

#[test]
fn sk_14_1_e_sk_14_3_d_the_protective_suit_is_worn_beside_armor_and_costs_its_dex() {
    // Steel (−3 DEX) and the Energy Suit (−1, SK-14.1-T1) together: −4, each with its rule.
    let mut g = aim_at_bay(&[], &["pistol", "steel", "energy-suit"], GUNNER, &[]);
    let f = g.fig("Ash").clone();
    assert!(f.armor.is_some() && f.suit.is_some());
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("armor", -3, "SK-14.1-e");
    r.assert_mod("suit", -1, "SK-14.1-e");
    r.assert_adds_up(12);
}

// =============================================================================================
// SK-17.5-c: the flashlight in complete darkness.
// =============================================================================================

const DARK: (&str, &str) = ("sk.complete_darkness", "true");

/// Complete darkness. Ash (side A) at [1, 0] facing S with `gear` and a flashlight; Bay (side B)
/// `d` hexes south with a pistol. Turn 1: Ash switches his flashlight on; turn 2 up to Ash's
/// action.
fn torch(gear: &[&str], stats: &str, d: i32) -> Game {
    let mut gear = gear.to_vec();
    gear.push("flashlight");
    let mut g = game(
        &[DARK],
        &open(3, 14),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &gear, stats),
            unit("Bay", 1, (1, d), N, &["pistol"], GUNNER),
        ],
    );
    g.reach_actions(0);
    let ev = g.act("Ash switches on his flashlight");
    assert!(ev.contains(&Event::Light { fig: 0, on: true }));
    g.finish_turn();
    g.reach_actions(0);
    g
}

#[test]
fn sk_17_5_c_a_flashlight_lifts_the_darkness_for_its_holder_within_3_mh() {
    // In the dark a missile's DEX is 5 (SK-17.5-b). Ash's flashlight points at Bay 4 hexes
    // off: the darkness is lifted, his DEX 12 stands (a 0-valued record says why).
    let mut g = torch(&["pistol"], GUNNER, 4);
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("flashlight", 0, "SK-17.5-c");
    assert_eq!(r.target_number, 12);
    // Beyond 3 MH (10 hexes) it does not reach: DEX 5.
    let mut g = torch(&["pistol"], GUNNER, 10);
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    assert!(!r.has("flashlight"));
    assert_eq!(r.target_number, 5);
    // Without one, DEX 5 too.
    let mut g = game(
        &[DARK],
        &open(3, 8),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER),
            unit("Bay", 1, (1, 4), N, &["pistol"], GUNNER),
        ],
    );
    g.reach_actions(0);
    assert_eq!(roll(&g.play("Ash shoots Bay", &d3(16))).target_number, 5);
}

#[test]
fn sk_17_5_c_anyone_firing_at_the_holder_sees_him() {
    // Bay fires at Ash, whose light shows him, from 10 hexes (beyond the light's own 3 MH): no
    // darkness. DEX 12 − 1 for the range (4 MH: −1 per 2 MH beyond 2, SK-13.6-a) = 11.
    let mut g = torch(&["pistol"], GUNNER, 10);
    pass_until(&mut g, "Bay");
    let r = roll(&g.play("Bay shoots Ash", &d3(16)));
    r.assert_mod("flashlight", 0, "SK-17.5-c");
    r.assert_mod("range", -1, "SK-13.6-a");
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 11);
}

#[test]
fn sk_17_5_c_a_flashlight_lifts_the_minus_eight_of_melee_in_the_dark() {
    let mut g = game(
        &[DARK],
        &open(3, 6),
        &[],
        &[
            unit(
                "Ash",
                0,
                (1, 1),
                S,
                &["broadsword", "flashlight"],
                "str = 12, dex = 12, int = 10, sword = 1",
            ),
            unit("Bay", 1, (1, 2), N, &[], "str = 40, dex = 12, int = 10"),
        ],
    );
    g.reach_actions(0);
    let r = roll(&g.play("Ash attacks Bay", &faces(&[&d3(16)])));
    r.assert_mod("darkness", -8, "SK-17.5-a");
    g.act("Bay does nothing");
    g.reach_actions(0);
    g.act("Ash switches on his flashlight");
    g.act("Bay does nothing");
    g.reach_actions(0);
    let r = roll(&g.play("Ash attacks Bay", &faces(&[&d3(16)])));
    assert!(!r.has("darkness"));
    r.assert_mod("flashlight", 0, "SK-17.5-c");
}

#[test]
fn sk_17_5_c_the_flashlight_needs_a_hand_free() {
    let g = torch(&["pistol"], GUNNER, 4);
    assert!(g.can("Ash switches off his flashlight"));
    // A two-handed weapon ready: it cannot be switched on, and a light left on does nothing.
    let mut g = game(
        &[DARK],
        &open(3, 8),
        &[],
        &[
            unit(
                "Ash",
                0,
                (1, 0),
                S,
                &["laser-rifle", "flashlight"],
                RIFLEMAN,
            ),
            unit("Bay", 1, (1, 4), N, &[], GUNNER),
        ],
    );
    g.reach_actions(0);
    assert!(!g.texts().iter().any(|t| t.contains("flashlight")));
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    assert_eq!(r.target_number, 5);
}

#[test]
fn sk_17_5_c_sk_21_4_e_one_arm_holding_a_pistol_has_no_hand_for_the_flashlight() {
    // A one-armed figure (unit stat `arms = 1`: an arm out of use from the start) with his
    // pistol in his one hand cannot switch the flashlight on; with the pistol on his belt he can.
    let with = |stats: &str| {
        let mut g = game(
            &[DARK],
            &open(3, 8),
            &[],
            &[
                unit("Ash", 0, (1, 0), S, &["pistol", "flashlight"], stats),
                unit("Bay", 1, (1, 4), N, &[], GUNNER),
            ],
        );
        g.reach_actions(0);
        g
    };
    let g = with(&format!("{GUNNER}, arms = 1"));
    assert_eq!(g.fig("Ash").ready, Some(0));
    assert!(!g.can("Ash switches on his flashlight"), "{:?}", g.texts());
    let g = with(&format!("{GUNNER}, arms = 1, ready = 0"));
    assert!(g.can("Ash switches on his flashlight"), "{:?}", g.texts());
    // Two arms, the pistol in one hand: the other holds the light.
    let g = with(GUNNER);
    assert!(g.can("Ash switches on his flashlight"), "{:?}", g.texts());
}

#[test]
fn sk_17_5_c_sk_17_5_a_a_flashlight_lights_its_holders_way_no_footing_roll() {
    // Complete darkness: moving more than half MOV (6 hexes of MOV 10) rolls 3d6 vs DEX 12 to
    // stay up (SK-17.5-a). Ash, his flashlight switched on in turn 1 and pointed where he goes,
    // sees his footing (SK-17.5-c): no roll. Bay far off, out of the way.
    let fresh = || {
        let mut g = game(
            &[DARK],
            &open(3, 14),
            &[],
            &[
                unit("Ash", 0, (1, 0), S, &["flashlight"], GUNNER),
                unit("Bay", 1, (1, 13), N, &["pistol"], GUNNER),
            ],
        );
        g.reach_actions(0);
        g
    };
    let mut g = fresh();
    g.act("Ash switches on his flashlight");
    g.finish_turn();
    g.start_turn(0);
    let ev = g.play("Ash moves to 1,6 facing S", &[]);
    assert!(checks(&ev).is_empty(), "{ev:#?}");
    assert_eq!(
        g.fig("Ash").posture,
        fireteam_skirmish::state::Posture::Standing
    );
    // Left off, the same move rolls: 6 + 6 + 1 = 13 > 12, and he falls where he is.
    let mut g = fresh();
    g.finish_turn();
    g.start_turn(0);
    let ev = g.play("Ash moves to 1,6 facing S", &[6, 6, 1]);
    assert_eq!(checks(&ev), [(0, "footing", 3, 13, 12, false, "SK-17.5-a")]);
    assert_eq!(
        g.fig("Ash").posture,
        fireteam_skirmish::state::Posture::Fallen
    );
}

// =============================================================================================
// Invariants, over random play.
// =============================================================================================

mod invariants {
    use super::*;
    use fireteam_dice::SeededSource;
    use fireteam_engine::RuleSystem;
    use fireteam_skirmish::action::FireMode;
    use fireteam_skirmish::{Action, Skirmish};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// SK-16.8-b, G-48: whatever shots an energy weapon's user picks in a turn, they add up
        /// to no more than its full dice, each is at least 1d6, and the battery (with the pack,
        /// when there is one) loses exactly the dice fired.
        #[test]
        fn sk_16_8_b_g_48_a_turn_never_fires_more_than_full_power(
            picks in proptest::collection::vec(0usize..64, 1..10),
            seed in any::<u64>(),
            pistol in any::<bool>(),
            pack in any::<bool>(),
        ) {
            let (weapon, stats, full) = if pistol {
                ("laser-pistol", GUNNER, 4u32)
            } else {
                ("laser-rifle", RIFLEMAN, 6)
            };
            let mut gear = vec![weapon];
            if pack {
                gear.push("battery-pack");
            }
            let mut g = laser(&[], &gear, stats);
            let charge = |g: &Game| {
                u32::from(g.fig("Ash").weapons[0].unwrap().rounds)
                    + u32::from(g.fig("Ash").pack_dice)
            };
            let start = charge(&g);
            let mut dice = SeededSource::new(seed);
            let mut fired = 0u32;
            for p in picks {
                match g.decider() {
                    Some(0) => {}
                    Some(1) => {
                        g.act("Bay does nothing");
                        continue;
                    }
                    _ => break,
                }
                if g.s.turn != 1 {
                    break;
                }
                let legal: Vec<Action> = g
                    .legal()
                    .into_iter()
                    .filter(|a| matches!(a, Action::Shoot { .. } | Action::HoldFire { .. }))
                    .collect();
                prop_assume!(!legal.is_empty());
                let a = legal[p % legal.len()];
                if let Action::Shoot { mode, .. } = a {
                    let d = match mode {
                        FireMode::Single => full,
                        FireMode::Power { dice } => u32::from(dice),
                        other => panic!("{other:?}"),
                    };
                    prop_assert!(d >= 1);
                    fired += d;
                }
                let mut out = Vec::new();
                Skirmish.resolve(&g.s, &a, &mut dice, &mut out).unwrap();
                for e in &out {
                    Skirmish.apply(&mut g.s, e);
                }
                prop_assert!(Skirmish.invariants(&g.s).is_ok());
            }
            prop_assert!(fired <= full, "fired {fired} of {full}");
            prop_assert_eq!(charge(&g), start - fired);
        }
    }
}

#[test]
fn sk_21_6_a_sk_14_3_d_one_helmet_and_one_protective_suit_a_figure() {
    // The creation check (SK-13.1-d, G-26) with the real catalog: steel, a helmet, an energy
    // suit and a Deflector are one of each; a second helmet is a breach at its place.
    use fireteam_skirmish::character::{check_character, CreationRules};
    let catalog = fireteam_scenario::load_catalog_dir(
        std::path::Path::new("../../../data/skirmish"),
        &fireteam_skirmish::schema::SkirmishSchema,
    )
    .unwrap_or_else(|e| panic!("{}", e.render_plain()));
    let stats: std::collections::BTreeMap<String, i64> = [
        ("str", 10),
        ("dex", 12),
        ("int", 10),
        ("mov", 10),
        ("credits", 10_000),
        ("rounds_carried", 0),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), *v))
    .collect();
    let gear = |ids: &[&str]| ids.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let rules = CreationRules::default();
    let ok = check_character(
        &stats,
        &gear(&["steel", "steel-helmet", "energy-suit", "deflector"]),
        &catalog,
        rules,
    );
    assert!(
        ok.breaches
            .iter()
            .all(|b| b.rule != "SK-21.6-a" && b.rule != "SK-14.3-d" && b.rule != "SK-13.1-d"),
        "{:?}",
        ok.breaches
    );
    let two = check_character(
        &stats,
        &gear(&["steel-helmet", "graphite-epoxy-helmet"]),
        &catalog,
        rules,
    );
    let b: Vec<(&str, &str)> = two
        .breaches
        .iter()
        .map(|b| (b.rule, b.field.as_str()))
        .collect();
    assert!(b.contains(&("SK-21.6-a", "equipment[1]")), "{b:?}");
}

#[test]
fn sk_14_1_h_g_26_a_full_backpack_heavier_than_str_kg_costs_two_dex() {
    // STR 10: contents of 10 kg cost the backpack's −1 DEX; 11 kg, more than STR kg, −2 (G-26).
    // 11 kg and the pistol stay under 2 × STR: no encumbrance penalty (SK-14.2-T1).
    for (kg, dex) in [(10, -1), (11, -2)] {
        let stats = format!("{GUNNER}, backpack_kg = {kg}");
        let mut g = aim_at_bay(&[], &["pistol", "full-backpack"], &stats, &[]);
        let r = roll(&g.play("Ash shoots Bay", &d3(16)));
        r.assert_mod("backpack", dex, "SK-14.1-h");
        assert!(!r.has("encumbrance"));
        r.assert_adds_up(12);
    }
}

// =============================================================================================
// SK-14.1: armor, shields and the parrying dagger against shots from each side.
// =============================================================================================

/// The armor Bay's gear puts against Ash's pistol shot (2d6 rolled 2) from [1, 0], Bay at
/// [1, 3] facing `facing`.
fn armor_facing(bay: &[&str], facing: u8) -> i16 {
    let mut g = game(
        &[],
        &open(3, 6),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER),
            unit(
                "Bay",
                1,
                (1, 3),
                facing,
                bay,
                "str = 40, dex = 12, int = 10",
            ),
        ],
    );
    g.reach_actions(0);
    pass_until(&mut g, "Ash");
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[1, 1]]));
    damages(&ev)[0].armor
}

#[test]
fn sk_14_1_c_g_a_ready_shield_adds_to_body_armor_against_the_front_only() {
    // Leather (2) and a Large Shield (2): a shot from Bay's front meets 2 + 2 = 4 (SK-14.1-c/g,
    // G-26); from his side (Bay facing SE, Ash to the N) or his rear (facing S) only the 2.
    assert_eq!(armor_facing(&["leather", "large-shield"], N), 4);
    assert_eq!(armor_facing(&["leather", "large-shield"], SE), 2);
    assert_eq!(armor_facing(&["leather", "large-shield"], S), 2);
    // SK-14.1-d: a dagger in the left hand parries 1, from the front only.
    assert_eq!(armor_facing(&["dagger"], N), 1);
    assert_eq!(armor_facing(&["dagger"], SE), 0);
    // SK-14.1-h: the full backpack stops 1 from the rear only.
    assert_eq!(armor_facing(&["full-backpack"], S), 1);
    assert_eq!(armor_facing(&["full-backpack"], N), 0);
}

#[test]
fn sk_16_12_s_sk_5_7_a_tear_gas_lowers_dex_itself_so_the_gassed_act_later() {
    // Tear gas is "−4 DEX" for the rest of the combat: the effective DEX (SK-5.7-a) of every
    // roll and of the action order, as a head hit's −4 is (SK-21.4-d). Bay (DEX 12), gassed in
    // turn 1, has eDEX 8 in turn 2 and acts after Ash (DEX 10).
    let mut g = game(
        &[],
        &open(3, 8),
        &[],
        &[
            unit(
                "Ash",
                0,
                (1, 0),
                S,
                &["tear-gas-grenade"],
                "str = 10, dex = 10, int = 10, thrown_weapons = 1",
            ),
            unit("Bay", 1, (1, 3), N, &["pistol"], GUNNER),
        ],
    );
    g.reach_actions(0);
    // Bay (12) acts first: he does nothing; Ash's throw (10 + 2 − 1 = 11, rolled 10) lands.
    g.act("Bay does nothing");
    let ev = g.play("Ash throws the Tear gas grenade at 1,3", &d3(10));
    assert!(effects(&ev).contains(&(1, Effect::Gassed, "SK-16.12-s")));
    g.reach_actions(1);
    let order = g.log.iter().rev().find_map(|e| match e {
        Event::ActionOrder { order } => Some(order.to_vec()),
        _ => None,
    });
    assert_eq!(order, Some(vec![(0, 10), (1, 8)]));
}

#[test]
fn sk_21_7_a_e_19_shielding_wears_out_after_forty_dice_a_point_of_r() {
    // E-19: "R2 shielding will absorb 80 dice"; the spacesuit's R1 lasts 40 dice of energy
    // damage (option sk.degraded_armor). It has taken 39 off already: this laser pistol shot is
    // its 40th die (4d6+2 → 3d6+2), and the next one meets no shielding (4d6+2).
    let degraded = [("sk.degraded_armor", "true")];
    let mut g = aim_at_bay(&degraded, &["laser-pistol"], GUNNER, &["spacesuit-armor"]);
    g.s.figures[1].shielding_dice = 39;
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[1, 1, 1]]));
    assert_eq!(shielded(&ev), [(1, 1, "SK-14.3-c")]);
    assert_eq!(damages(&ev)[0].expr, "3d6+2");
    assert_eq!(g.fig("Bay").shielding_dice, 40);
    g.finish_turn();
    g.reach_actions(0);
    pass_until(&mut g, "Ash");
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[1, 1, 1, 1]]));
    assert!(shielded(&ev).is_empty());
    assert_eq!(damages(&ev)[0].expr, "4d6+2");
    // Without the option it never wears out.
    let mut g = aim_at_bay(&[], &["laser-pistol"], GUNNER, &["spacesuit-armor"]);
    g.s.figures[1].shielding_dice = 500;
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[1, 1, 1]]));
    assert_eq!(damages(&ev)[0].expr, "3d6+2");
}

// =============================================================================================
// SK-16.12-s: tear gas on whoever moves through the cloud.
// =============================================================================================

#[test]
fn sk_16_12_s_a_figure_who_only_walks_through_the_cloud_is_gassed() {
    // Turn 1: Ash's tear gas lands on Cal's hex [1, 3] (12 + 2 − 1 = 13; a 10) and makes a
    // one-hex cloud at the turn's end, which gasses Cal. Turn 2: Cal steps out to [0, 4]; Bay
    // walks north from [1, 5] through [1, 3] to [1, 1], two hexes from the cloud's centre, out
    // of the MH it grows to at the end of the turn. He "moves through the cloud" without a mask
    // (SK-16.12-s): −4 DEX from the moment he enters it.
    let mut g = game(
        &[],
        &open(3, 8),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["tear-gas-grenade"], THROWER),
            unit("Cal", 1, (1, 3), N, &[], GUNNER),
            unit("Bay", 1, (1, 5), N, &[], GUNNER),
        ],
    );
    g.reach_actions(0);
    g.play("Ash throws the Tear gas grenade at 1,3", &d3(10));
    g.finish_turn();
    assert!(g.fig("Cal").gassed && !g.fig("Bay").gassed);
    g.start_turn(1);
    g.act("Cal moves to 0,4 facing N");
    let ev = g.act("Bay moves to 1,1 facing N");
    let bay = g.id("Bay");
    assert!(
        effects(&ev).contains(&(bay, Effect::Gassed, "SK-16.12-s")),
        "{ev:#?}"
    );
    let at = |p: fn(&Event) -> bool| ev.iter().position(p).expect("event");
    assert!(
        at(|e| matches!(e, Event::Moved { .. }))
            < at(|e| matches!(
                e,
                Event::Effect {
                    effect: Effect::Gassed,
                    ..
                }
            ))
    );
    assert!(g.fig("Bay").gassed);
    g.finish_turn();
    assert_eq!(clouds(&g), [("1,3".to_string(), 1)]);
    assert_eq!(g.fig("Bay").pos.to_string(), "1,1");
}
// SK-16.12-b: a grenade is thrown at an area, not at an enemy. Besides each enemy's hex, the
// engine offers a small canonical set of hexes (`legal/area.rs`): every hex next to an enemy,
// and for smoke (a screen) each friend's hex and the hex halfway to each enemy; all in front
// (SK-10.5-d), within 2.25 × STR hexes (SK-16.12-f), on open ground.
// =============================================================================================

/// Ash (side A) at [2, 0] facing S with `gear`; Bay (side B, a pistol) at [2, 6] facing N, and
/// Ash's friend Cal (unarmed) at [0, 1]; open ground 5 × 9; turn 1 up to Ash's action.
fn area(gear: &[&str]) -> Game {
    let mut g = game(
        &[],
        &open(5, 9),
        &[],
        &[
            unit("Ash", 0, (2, 0), S, gear, THROWER),
            unit("Bay", 1, (2, 6), N, &["pistol"], GUNNER),
            unit("Cal", 0, (0, 1), S, &[], "str = 10, dex = 8, int = 10"),
        ],
    );
    g.reach_actions(0);
    pass_until(&mut g, "Ash");
    g
}

/// The hexes a throw of this grenade is offered at, in legal order (end-of-turn fuse).
fn throws_at(g: &Game, grenade: &str) -> Vec<String> {
    let head = format!("Ash throws the {grenade} at ");
    g.texts()
        .iter()
        .filter_map(|t| t.strip_prefix(&head))
        .filter(|t| !t.ends_with("the next movement"))
        .map(str::to_string)
        .collect()
}

#[test]
fn sk_16_12_b_the_area_throws_on_offer_are_the_canonical_hexes() {
    // HE: Bay's hex first (as before), then the hexes next to him, hex-side 0 (N) first and
    // clockwise (flat-top odd-q: an even column's neighbours lie half a row up): all six lie in
    // Ash's front arc, 5 to 7 hexes away (STR 10: 22 at most).
    let g = area(&["he-grenade"]);
    assert_eq!(
        throws_at(&g, "High-explosive (fragmentation) grenade"),
        ["2,6", "2,5", "3,5", "3,6", "2,7", "1,6", "1,5"]
    );
    // Each comes with the other fuse too (SK-16.12-g), after every end-of-turn throw.
    assert!(g.can(
        "Ash throws the High-explosive (fragmentation) grenade at 3,6 to go off after the next movement"
    ));
    // Smoke adds a screen: the hex halfway to Bay ([2, 3], of the five between) and Cal's hex,
    // [0, 1], which lies in Ash's front arc.
    let g = area(&["smoke-grenade"]);
    assert_eq!(
        throws_at(&g, "Smoke grenade"),
        ["2,6", "2,5", "3,5", "3,6", "2,7", "1,6", "1,5", "2,3", "0,1"]
    );
}

#[test]
fn sk_16_12_b_a_smoke_grenade_laid_between_bay_and_ash_screens_bay_shot() {
    // The throw at the empty hex [2, 3], 3 hexes off (1 MH): DEX 12 + 2 (Thrown Weapons) − 1
    // (SK-16.12-b) = 13; a 10 lands it there, with no roll to avoid for anyone (SK-16.12-w).
    let mut g = area(&["smoke-grenade"]);
    let ev = g.play("Ash throws the Smoke grenade at 2,3", &d3(10));
    let r = roll(&ev);
    r.assert_mod("thrown-skill", 2, "SK-6.2.10-a");
    r.assert_mod("range", -1, "SK-16.12-b");
    assert_eq!(r.ids(), ["thrown-skill", "range"]);
    r.assert_adds_up(12);
    assert_eq!(rolls(&ev).len(), 1, "no roll to avoid");
    assert!(ev.iter().any(
        |e| matches!(e, Event::GrenadeLanded { at, scatter: None, .. } if at.to_string() == "2,3")
    ));
    // It goes off at the end of the turn: a one-hex cloud between them (SK-16.12-q).
    g.finish_turn();
    assert_eq!(clouds(&g), [("2,3".to_string(), 0)]);
    // Turn 2: Bay's shot at Ash crosses the smoke: −1 (SK-17.4-a); he does not stand in it, so
    // no −2 (SK-17.4-c).
    g.reach_actions(1);
    pass_until(&mut g, "Bay");
    let r = roll(&g.play("Bay shoots Ash", &d3(16)));
    r.assert_mod("smoke", -1, "SK-17.4-a");
    assert!(!r.has("in-smoke"));
}

#[test]
fn sk_16_12_b_c_an_area_throw_that_misses_scatters_from_the_hex_aimed_at() {
    // At [2, 3] the target number is 13; a 15 misses by 2 (SK-16.12-c): the scatter die 1 is
    // Ash's facing, S (G-51), so it lands 2 hexes south of [2, 3], on [2, 5].
    let mut g = area(&["smoke-grenade"]);
    let ev = g.play(
        "Ash throws the Smoke grenade at 2,3",
        &faces(&[&d3(15), &[1]]),
    );
    let r = roll(&ev);
    assert_eq!((r.target_number, r.margin), (13, -2));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::GrenadeLanded { at, scatter: Some((1, 2)), .. } if at.to_string() == "2,5"
    )));
}

#[test]
fn sk_16_12_b_s_tear_gas_thrown_between_two_foes_gasses_both() {
    // Bay at [1, 4] and Dan at [3, 4], both next to [2, 4] (the flat-top odd-q neighbours of
    // [2, 4] are [1, 4] and [3, 4] among them) and neither in it. The throw: 4 hexes, 2 MH: DEX
    // 12 + 2 − 2 = 12; a 9 lands it. The cloud forms in [2, 4] at the end of turn 1 (one hex:
    // nobody gassed), grows to its MH at the end of turn 2 and gasses both (SK-16.12-q, -s).
    let mut g = game(
        &[],
        &open(5, 7),
        &[],
        &[
            unit("Ash", 0, (2, 0), S, &["tear-gas-grenade"], THROWER),
            unit("Bay", 1, (1, 4), N, &[], GUNNER),
            unit("Dan", 1, (3, 4), N, &[], GUNNER),
        ],
    );
    g.reach_actions(0);
    pass_until(&mut g, "Ash");
    assert!(!g.s.figures.iter().any(|f| f.pos.to_string() == "2,4"));
    let r = roll(&g.play("Ash throws the Tear gas grenade at 2,4", &d3(9)));
    r.assert_mod("range", -2, "SK-16.12-b");
    assert_eq!(r.target_number, 12);
    let n = g.log.len();
    g.finish_turn();
    assert_eq!(clouds(&g), [("2,4".to_string(), 0)]);
    assert!(!effects(&g.log[n..]).iter().any(|e| e.1 == Effect::Gassed));
    let n = g.log.len();
    g.start_turn(0);
    g.finish_turn();
    assert_eq!(clouds(&g), [("2,4".to_string(), 1)]);
    let gassed: Vec<_> = effects(&g.log[n..])
        .into_iter()
        .filter(|e| e.1 == Effect::Gassed)
        .collect();
    assert_eq!(
        gassed,
        [
            (1, Effect::Gassed, "SK-16.12-s"),
            (2, Effect::Gassed, "SK-16.12-s")
        ]
    );
}

#[test]
fn sk_16_12_b_u_a_burning_smoke_grenade_is_thrown_again_at_an_area() {
    // Bay picks up the burning smoke grenade in turn 2 and throws it again in turn 3 at [1, 1],
    // the empty hex next to Ash (2 hexes, 1 MH): DEX 12 − 4 (no Thrown Weapons, SK-6-b) − 1
    // (SK-16.12-b) = 7; a 7 lands it, and being lit it smokes there at once (SK-16.12-u).
    let mut g = smoke_on_bay(&[], &["pistol"]);
    g.reach_actions(1);
    g.act("Bay picks up the burning Smoke grenade");
    g.finish_turn();
    g.reach_actions(1);
    let r = roll(&g.play("Bay throws the burning Smoke grenade at 1,1", &d3(7)));
    r.assert_mod("unskilled", -4, "SK-6-b");
    r.assert_mod("range", -1, "SK-16.12-b");
    assert_eq!(r.target_number, 7);
    assert!(
        clouds(&g).contains(&("1,1".to_string(), 0)),
        "{:?}",
        clouds(&g)
    );
}
