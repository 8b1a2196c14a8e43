//! More SKIRMISH! rules through the engine with forced dice: sweeps (SK-16.4-a, G-47), the
//! staff's disarm and trip (SK-16.5-b/c), jams in automatic fire (SK-16.6-l, G-32), a second
//! target's penalty (SK-16.6-h), pole-arm and bayonet charges (SK-16.2-a, SK-16.3-b, G-46),
//! crawlers attacked as from the rear (SK-10.5-c), lasers through smoke (SK-17.4-b), fire hexes
//! (SK-16.12-j/m, E-15) and opportunity fire ended by moving or turning (SK-21.8-e).
//!
//! Test names carry the rule IDs; G-nn and E-nn are GAPS.md's numbers. Every action is played
//! by its text with exactly the faces it rolls (tests/common checks that none are left over).

mod common;

use common::*;
use fireteam_skirmish::action::Action;
use fireteam_skirmish::autoresult::ToHit;
use fireteam_skirmish::event::Effect;
use fireteam_skirmish::state::{FigId, Guard, Phase, Pos, Posture, ShieldAt, WeaponState};
use fireteam_skirmish::Event;

/// STR 10, DEX 10, INT 10, no skills: a target that acts after the DEX-12 attackers.
const SLOW: &str = "str = 10, dex = 10, int = 10";
/// A sturdier slow target (charges do double damage).
const STURDY: &str = "str = 16, dex = 10, int = 10";
/// STR 10, DEX 12, INT 10 with the Sword skill (the duel blade's).
const FIGHTER: &str = "str = 10, dex = 12, int = 10, sword = 1";
/// STR 10, DEX 12, INT 10 with Sidearms (pistols).
const GUNNER: &str = "str = 10, dex = 12, int = 10, sidearms = 1";
/// STR 10, DEX 12, INT 10 with Shoulderarms (rifles).
const RIFLEMAN: &str = "str = 10, dex = 12, int = 10, shoulderarms = 1";

const PLAIN_HIT: ToHit = ToHit::Hit {
    mult: 1,
    automatic: false,
};
const PLAIN_MISS: ToHit = ToHit::Miss { automatic: false };

fn p(col: i16, row: i16) -> Pos {
    Pos::new(col, row)
}

fn rows(lines: &[&str]) -> Vec<String> {
    lines.iter().map(|s| s.to_string()).collect()
}

/// The figure stands still, facing as it is, with no guard.
fn stand(g: &mut Game, id: FigId) {
    let facing = g.s.fig(id).facing;
    let a = g
        .legal()
        .into_iter()
        .find(|a| {
            matches!(a, Action::StandStill { fig, facing: f, guard }
                if *fig == id && *f == facing && *guard == Guard::None)
        })
        .unwrap_or_else(|| panic!("figure {id} cannot stand still"));
    g.play_action(&a, &[]);
}

/// Plays the movement phase: each figure named in `plan` does its action (with those faces),
/// everyone else stands still. Returns the events of the planned actions.
fn movement(g: &mut Game, plan: &[(&str, &str, &[i64])]) -> Vec<Event> {
    let mut out = Vec::new();
    while let Phase::Movement { .. } = g.s.phase {
        let id = g.decider().expect("a mover");
        match plan.iter().find(|(n, _, _)| g.id(n) == id) {
            Some((_, text, dice)) => out.extend(g.play(text, dice)),
            None => stand(g, id),
        }
    }
    assert_eq!(g.s.phase, Phase::Action, "{:?}", g.s.phase);
    out
}

/// Everyone before `name` in the action phase does nothing (or holds fire).
fn until(g: &mut Game, name: &str) {
    let who = g.id(name);
    while g.decider() != Some(who) {
        let id = g.decider().expect("someone to act");
        let a = g
            .legal()
            .into_iter()
            .find(|a| matches!(a, Action::Pass { fig } | Action::HoldFire { fig } if *fig == id))
            .expect("a way to pass");
        g.play_action(&a, &[]);
    }
}

fn slot_state(g: &Game, name: &str, slot: usize) -> WeaponState {
    g.fig(name).weapons[slot]
        .expect("a weapon in the slot")
        .state
}

// =============================================================================================
// SK-16.4-a / G-47: sweeps with a two-handed cutting weapon.
// =============================================================================================

/// Ash at [1, 1] facing S; his threat zone is [0, 2], [1, 2] and [2, 2].
fn sweep_scene(gear: &str, stats: &str, foes: &[(&str, (i32, i32))]) -> Game {
    let mut units = vec![unit("Ash", 0, (1, 1), S, &[gear], stats)];
    for (name, at) in foes {
        units.push(unit(name, 1, *at, N, &[], "str = 14, dex = 10, int = 10"));
    }
    let mut g = game(&[], &open(4, 6), &[], &units);
    g.reach_actions(0);
    g
}

#[test]
fn sk_16_4_a_g_47_fire_axe_sweeps_every_foe_in_the_threat_zone_at_minus_four() {
    // Bay, Cal and Dan stand in Ash's three front hexes; Eve is in his side hex [0, 1], outside
    // the threat zone.
    let mut g = sweep_scene(
        "fire-axe",
        "str = 12, dex = 12, int = 10, axe = 1",
        &[
            ("Bay", (0, 2)),
            ("Cal", (1, 2)),
            ("Dan", (2, 2)),
            ("Eve", (0, 1)),
        ],
    );
    // The sweep is offered once, named after the first foe in the zone.
    let sweeps: Vec<String> = g
        .texts()
        .into_iter()
        .filter(|t| t.contains("sweeps"))
        .collect();
    assert_eq!(sweeps, ["Ash sweeps at Bay"]);
    // One roll per foe, each at 12 − 4 = 8: Bay 8 hits (2d6: 3 + 4), Cal 9 misses, Dan 7 hits
    // (2d6: 2 + 2).
    let ev = g.play(
        "Ash sweeps at Bay",
        &faces(&[&d3(8), &[3, 4], &d3(9), &d3(7), &[2, 2]]),
    );
    let rs = rolls(&ev);
    let (bay, cal, dan) = (g.id("Bay"), g.id("Cal"), g.id("Dan"));
    assert_eq!(
        rs.iter().map(|r| r.target).collect::<Vec<_>>(),
        [bay, cal, dan]
    );
    for r in &rs {
        r.assert_mod("sweep", -4, "SK-16.4-a");
        assert_eq!(r.ids(), ["sweep"]);
        r.assert_adds_up(12);
        assert_eq!((r.dice, r.target_number), (3, 8));
    }
    assert_eq!(
        rs.iter().map(|r| r.result).collect::<Vec<_>>(),
        [PLAIN_HIT, PLAIN_MISS, PLAIN_HIT]
    );
    let d = damages(&ev);
    assert_eq!(
        d.iter()
            .map(|d| (d.target, d.expr.as_str(), d.rolled, d.taken))
            .collect::<Vec<_>>(),
        [(bay, "2d6", 7, 7), (dan, "2d6", 4, 4)]
    );
    assert_eq!(g.fig("Bay").damage, 7);
    assert_eq!(g.fig("Cal").damage, 0);
    assert_eq!(g.fig("Dan").damage, 4);
    assert_eq!(g.fig("Eve").damage, 0, "the side hex is not swept");
}

#[test]
fn sk_16_4_a_broadsword_two_handed_sweeps_with_its_two_handed_damage() {
    // The Broadsword / Katana has a two-handed damage (2d6+1), so it may sweep.
    let mut g = sweep_scene(
        "broadsword",
        "str = 13, dex = 12, int = 10, sword = 1",
        &[("Bay", (0, 2)), ("Cal", (2, 2))],
    );
    let ev = g.play(
        "Ash sweeps at Bay",
        &faces(&[&d3(8), &[1, 2], &d3(6), &[5, 5]]),
    );
    let rs = rolls(&ev);
    assert_eq!(rs.len(), 2);
    for r in &rs {
        r.assert_mod("sweep", -4, "SK-16.4-a");
        assert_eq!(r.target_number, 8);
        assert_eq!(r.result, PLAIN_HIT);
    }
    let d = damages(&ev);
    assert_eq!(
        d.iter()
            .map(|d| (d.target, d.expr.as_str(), d.rolled, d.taken))
            .collect::<Vec<_>>(),
        [(g.id("Bay"), "2d6+1", 4, 4), (g.id("Cal"), "2d6+1", 11, 11)]
    );
}

#[test]
fn sk_16_4_a_a_lone_foe_in_the_zone_is_swept_at_minus_four_too() {
    let mut g = sweep_scene(
        "fire-axe",
        "str = 12, dex = 12, int = 10, axe = 1",
        &[("Bay", (1, 2))],
    );
    let ev = g.play("Ash sweeps at Bay", &faces(&[&d3(8), &[6, 6]]));
    let r = roll(&ev);
    r.assert_mod("sweep", -4, "SK-16.4-a");
    assert_eq!(r.target_number, 8);
    assert_eq!(damages(&ev)[0].taken, 12);
}

#[test]
fn sk_16_4_a_sk_16_15_4_e_martial_arts_four_sweeps_the_side_hexes_too() {
    // MA4 makes the threat zone 5 hexes (SK-16.15.4-e, G-47): Eve in the side hex [0, 1] is
    // swept; Gus in the rear hex [1, 0] is not.
    let mut g = sweep_scene(
        "fire-axe",
        "str = 12, dex = 12, int = 10, axe = 1, martial_arts = 4",
        &[("Bay", (0, 2)), ("Eve", (0, 1)), ("Gus", (1, 0))],
    );
    // Bay: 12 − 4 = 8, a 9 misses. Eve (facing N, so Ash is at her side, +2): 10, a 10 hits
    // for 2d6 = 1 + 1.
    let ev = g.play("Ash sweeps at Bay", &faces(&[&d3(9), &d3(10), &[1, 1]]));
    let rs = rolls(&ev);
    let (bay, eve) = (g.id("Bay"), g.id("Eve"));
    assert_eq!(rs.iter().map(|r| r.target).collect::<Vec<_>>(), [bay, eve]);
    for r in &rs {
        r.assert_mod("sweep", -4, "SK-16.4-a");
        r.assert_adds_up(12);
    }
    assert_eq!(rs[0].ids(), ["sweep"]);
    assert_eq!((rs[0].target_number, rs[0].result), (8, PLAIN_MISS));
    rs[1].assert_mod("side", 2, "SK-10.5-e");
    assert_eq!((rs[1].target_number, rs[1].result), (10, PLAIN_HIT));
    let d = damages(&ev);
    assert_eq!(
        d.iter().map(|d| (d.target, d.taken)).collect::<Vec<_>>(),
        [(eve, 2)]
    );
    assert_eq!(g.fig("Gus").damage, 0);
}

#[test]
fn sk_16_4_a_no_sweep_without_a_two_handed_cutting_weapon() {
    // A one-handed cutting weapon (the duel blade, the mono-filament sword), a two-handed
    // weapon that does not cut (the sledge hammer, the spear): no sweep.
    for (gear, stats) in [
        ("duel-blade", FIGHTER),
        ("mono-filament-sword", FIGHTER),
        ("sledge-hammer", "str = 14, dex = 12, int = 10, axe = 1"),
        ("spear", "str = 11, dex = 12, int = 10, polearms = 1"),
    ] {
        let g = sweep_scene(gear, stats, &[("Bay", (0, 2)), ("Cal", (1, 2))]);
        assert!(g.can("Ash attacks Bay"), "{gear}: {:?}", g.texts());
        assert!(
            !g.texts().iter().any(|t| t.contains("sweeps")),
            "{gear}: {:?}",
            g.texts()
        );
    }
}

#[test]
fn sk_16_4_a_sk_12_1_d_a_dropped_weapon_ends_the_sweep() {
    // A 17 on the first roll drops the axe (SK-12.1-d): Ash has nothing left to sweep with,
    // so Cal is not attacked.
    let mut g = sweep_scene(
        "fire-axe",
        "str = 12, dex = 12, int = 10, axe = 1",
        &[("Bay", (0, 2)), ("Cal", (2, 2))],
    );
    let ev = g.play("Ash sweeps at Bay", &d3(17));
    let rs = rolls(&ev);
    assert_eq!(rs.len(), 1, "{rs:#?}");
    assert_eq!(rs[0].result, ToHit::Dropped);
    assert_eq!(slot_state(&g, "Ash", 0), WeaponState::Dropped);
    assert_eq!(g.fig("Ash").ready, None);
}

// =============================================================================================
// SK-16.5-b/c: the staff knocks the weapon away or trips.
// =============================================================================================

/// Ash with a staff at [1, 1] facing S; Bay (DEX 11, STR 12) with the duel blade in his front
/// hex, acting after him.
fn staff_duel() -> Game {
    let mut g = game(
        &[],
        &open(3, 6),
        &[],
        &[
            unit(
                "Ash",
                0,
                (1, 1),
                S,
                &["quarterstaff"],
                "str = 11, dex = 12, int = 10, staff = 1",
            ),
            unit(
                "Bay",
                1,
                (1, 2),
                N,
                &["duel-blade"],
                "str = 12, dex = 11, int = 10, sword = 1",
            ),
        ],
    );
    g.reach_actions(0);
    g
}

#[test]
fn sk_16_5_b_staff_disarm_hit_and_failed_dex_save_drops_the_weapon() {
    let mut g = staff_duel();
    // 12 − 4 = 8: an 8 hits; Bay's 3d6 against DEX 11: a 12 fails.
    let ev = g.play(
        "Ash tries to knock the weapon from Bay",
        &faces(&[&d3(8), &d3(12)]),
    );
    let r = roll(&ev);
    r.assert_mod("staff-disarm", -4, "SK-16.5-b");
    assert_eq!(r.ids(), ["staff-disarm"]);
    r.assert_adds_up(12);
    assert_eq!((r.dice, r.target_number, r.result), (3, 8, PLAIN_HIT));
    assert_eq!(r.rule, "SK-16.5-b");
    let bay = g.id("Bay");
    assert_eq!(
        checks(&ev),
        [(bay, "keep-weapon", 3, 12, 11, false, "SK-16.5-b")]
    );
    assert_eq!(
        effects(&ev),
        [(bay, Effect::WeaponDropped { slot: 0 }, "SK-16.5-b")]
    );
    assert!(damages(&ev).is_empty(), "a disarm does no damage");
    assert_eq!(g.fig("Bay").ready, None);
    assert_eq!(slot_state(&g, "Bay", 0), WeaponState::Dropped);
    assert_eq!(g.fig("Bay").posture, Posture::Standing);
}

#[test]
fn sk_16_5_b_staff_disarm_hit_and_made_save_keeps_the_weapon() {
    let mut g = staff_duel();
    let ev = g.play(
        "Ash tries to knock the weapon from Bay",
        &faces(&[&d3(8), &d3(11)]),
    );
    let bay = g.id("Bay");
    assert_eq!(
        checks(&ev),
        [(bay, "keep-weapon", 3, 11, 11, true, "SK-16.5-b")]
    );
    assert!(effects(&ev).is_empty());
    assert_eq!(g.fig("Bay").ready, Some(0));
    assert_eq!(slot_state(&g, "Bay", 0), WeaponState::Ok);
}

#[test]
fn sk_16_5_b_staff_disarm_miss_needs_no_save() {
    let mut g = staff_duel();
    let ev = g.play("Ash tries to knock the weapon from Bay", &d3(9));
    assert_eq!(roll(&ev).result, PLAIN_MISS);
    assert!(checks(&ev).is_empty());
    assert!(effects(&ev).is_empty());
    assert_eq!(g.fig("Bay").ready, Some(0));
}

#[test]
fn sk_16_5_c_staff_trip_hit_and_failed_str_save_falls() {
    let mut g = staff_duel();
    // 12 − 4 = 8: an 8 hits; Bay's 3d6 against STR 12: a 13 fails.
    let ev = g.play("Ash tries to trip Bay", &faces(&[&d3(8), &d3(13)]));
    let r = roll(&ev);
    r.assert_mod("staff-trip", -4, "SK-16.5-c");
    assert_eq!(r.ids(), ["staff-trip"]);
    r.assert_adds_up(12);
    assert_eq!(
        (r.target_number, r.result, r.rule),
        (8, PLAIN_HIT, "SK-16.5-c")
    );
    let bay = g.id("Bay");
    assert_eq!(
        checks(&ev),
        [(bay, "stay-standing", 3, 13, 12, false, "SK-16.5-c")]
    );
    assert_eq!(effects(&ev), [(bay, Effect::Fell, "SK-16.5-c")]);
    assert!(damages(&ev).is_empty(), "a trip does no damage");
    assert_eq!(g.fig("Bay").posture, Posture::Fallen);
    assert_eq!(g.fig("Bay").ready, Some(0), "a trip does not disarm");
}

#[test]
fn sk_16_5_c_staff_trip_hit_and_made_save_stays_up() {
    let mut g = staff_duel();
    let ev = g.play("Ash tries to trip Bay", &faces(&[&d3(8), &d3(12)]));
    let bay = g.id("Bay");
    assert_eq!(
        checks(&ev),
        [(bay, "stay-standing", 3, 12, 12, true, "SK-16.5-c")]
    );
    assert!(effects(&ev).is_empty());
    assert_eq!(g.fig("Bay").posture, Posture::Standing);
}

#[test]
fn sk_16_5_c_staff_trip_miss_needs_no_save() {
    let mut g = staff_duel();
    let ev = g.play("Ash tries to trip Bay", &d3(9));
    assert_eq!(roll(&ev).result, PLAIN_MISS);
    assert!(checks(&ev).is_empty());
    assert_eq!(g.fig("Bay").posture, Posture::Standing);
}

#[test]
fn sk_16_5_b_c_only_a_staff_disarms_or_trips() {
    let g = staff_duel();
    assert!(g.can("Ash tries to knock the weapon from Bay"));
    assert!(g.can("Ash tries to trip Bay"));
    assert!(g.can("Ash attacks Bay"));
    // Bay's duel blade offers neither (his turn comes after Ash's).
    let mut g = staff_duel();
    g.act("Ash does nothing");
    assert!(g.can("Bay attacks Ash"), "{:?}", g.texts());
    assert!(!g.can("Bay tries to knock the weapon from Ash"));
    assert!(!g.can("Bay tries to trip Ash"));
}

#[test]
fn sk_16_5_c_sk_12_1_d_a_seventeen_on_a_trip_drops_the_staff() {
    let mut g = staff_duel();
    let ev = g.play("Ash tries to trip Bay", &d3(17));
    assert_eq!(roll(&ev).result, ToHit::Dropped);
    let ash = g.id("Ash");
    assert_eq!(
        effects(&ev),
        [(ash, Effect::WeaponDropped { slot: 0 }, "SK-12.1-d")]
    );
    assert_eq!(g.fig("Ash").ready, None);
}

// =============================================================================================
// SK-16.6-l / G-32: jams in burst and full auto, cleared by a Ready with the skill.
// =============================================================================================

/// Ash with `gear` at [1, 0] facing S; Bay three hexes south facing N; turn 1's action phase.
fn gunfight(gear: &str, stats: &str) -> Game {
    let mut g = game(
        &[],
        &open(3, 6),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &[gear], stats),
            unit("Bay", 1, (1, 3), N, &[], SLOW),
        ],
    );
    g.reach_actions(0);
    g
}

const AUTO_GUNNER: &str = "str = 13, dex = 12, int = 10, shoulderarms = 1, automatic_weapons = 1";
const SMALL_ARMS: &str = "str = 13, dex = 12, int = 10, small_arms = 1";
const NO_AUTO: &str = "str = 13, dex = 12, int = 10, shoulderarms = 1";

#[test]
fn sk_16_6_l_g_32_an_eighteen_in_a_burst_jams_instead_of_breaking() {
    let mut g = gunfight("submachine-gun", AUTO_GUNNER);
    // No break die: a jam is not a break (SK-12.1-e is not rolled).
    let ev = g.play("Ash fires a burst at Bay", &d3(18));
    assert_eq!(roll(&ev).result, ToHit::Broken);
    let ash = g.id("Ash");
    assert_eq!(
        effects(&ev),
        [(ash, Effect::Jammed { slot: 0 }, "SK-16.6-l")]
    );
    assert!(damages(&ev).is_empty());
    assert_eq!(slot_state(&g, "Ash", 0), WeaponState::Jammed);
    assert_eq!(
        g.fig("Ash").weapons[0].unwrap().rounds,
        27,
        "the burst is spent"
    );
    // The second burst of the turn cannot be fired from a jammed gun.
    assert_eq!(g.decider(), Some(ash));
    assert!(!g.can("Ash fires a burst at Bay"), "{:?}", g.texts());
    assert!(!g.can("Ash shoots Bay"));
    assert!(g.can("Ash holds fire"));
}

#[test]
fn sk_16_6_l_g_32_an_eighteen_in_full_auto_jams() {
    let mut g = gunfight("submachine-gun", AUTO_GUNNER);
    let ev = g.play("Ash fires full auto at Bay", &d3(18));
    let ash = g.id("Ash");
    assert_eq!(
        effects(&ev),
        [(ash, Effect::Jammed { slot: 0 }, "SK-16.6-l")]
    );
    assert_eq!(slot_state(&g, "Ash", 0), WeaponState::Jammed);
    assert_eq!(g.fig("Ash").weapons[0].unwrap().rounds, 20);
}

#[test]
fn sk_16_6_l_g_32_automatic_weapons_clears_the_jam_with_a_ready_action() {
    let mut g = gunfight("submachine-gun", AUTO_GUNNER);
    g.play("Ash fires a burst at Bay", &d3(18));
    g.finish_turn();
    // Next turn the gun is still jammed: no shooting, but a Ready clears it.
    g.reach_actions(0);
    assert_eq!(slot_state(&g, "Ash", 0), WeaponState::Jammed);
    assert!(!g.can("Ash fires a burst at Bay"), "{:?}", g.texts());
    assert!(!g.can("Ash shoots Bay"));
    g.act("Ash readies the Submachine Gun");
    assert_eq!(slot_state(&g, "Ash", 0), WeaponState::Ok);
    assert_eq!(g.fig("Ash").ready, Some(0));
    assert_eq!(g.fig("Ash").weapons[0].unwrap().rounds, 27);
    // Clearing took the action (G-32: one turn); the turn after, he fires again.
    g.finish_turn();
    g.reach_actions(0);
    let r = roll(&g.play("Ash fires a burst at Bay", &d3(16)));
    assert_eq!(r.result, ToHit::Miss { automatic: true });
}

#[test]
fn sk_16_6_l_g_32_small_arms_clears_the_jam_too() {
    let mut g = gunfight("submachine-gun", SMALL_ARMS);
    g.play("Ash fires a burst at Bay", &d3(18));
    g.finish_turn();
    g.reach_actions(0);
    assert!(g.can("Ash readies the Submachine Gun"), "{:?}", g.texts());
    g.act("Ash readies the Submachine Gun");
    assert_eq!(slot_state(&g, "Ash", 0), WeaponState::Ok);
}

#[test]
fn sk_16_6_l_g_32_without_the_skill_the_jam_stays() {
    let mut g = gunfight("submachine-gun", NO_AUTO);
    let ev = g.play("Ash fires a burst at Bay", &d3(18));
    assert_eq!(
        effects(&ev),
        [(g.id("Ash"), Effect::Jammed { slot: 0 }, "SK-16.6-l")]
    );
    g.finish_turn();
    g.reach_actions(0);
    assert!(!g.can("Ash readies the Submachine Gun"), "{:?}", g.texts());
    assert!(!g.texts().iter().any(|t| t.starts_with("Ash fires")));
    assert!(!g.can("Ash shoots Bay"));
    g.act("Ash does nothing");
    g.finish_turn();
    assert_eq!(slot_state(&g, "Ash", 0), WeaponState::Jammed);
}

#[test]
fn sk_16_6_l_sk_12_1_e_a_single_shot_eighteen_still_breaks() {
    // The SMG fired single: the 18 breaks it (1d6 break roll; a 3 on a gas-action weapon is a
    // temporary break, G-36), no jam.
    let mut g = gunfight("submachine-gun", AUTO_GUNNER);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(18), &[3]]));
    let ash = g.id("Ash");
    assert_eq!(
        effects(&ev),
        [(
            ash,
            Effect::WeaponBroken {
                slot: 0,
                permanent: false
            },
            "SK-12.1-e"
        )]
    );
    assert_eq!(slot_state(&g, "Ash", 0), WeaponState::TemporarilyBroken);
    assert_eq!(g.fig("Ash").ready, None);
}

#[test]
fn sk_16_6_l_sk_12_1_e_autopistol_single_shot_eighteen_breaks_for_good_on_a_one() {
    // The autopistol is gas-action: a break die of 1 is a shop repair (G-36).
    let mut g = gunfight("autopistol", GUNNER);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(18), &[1]]));
    let ash = g.id("Ash");
    assert_eq!(
        effects(&ev),
        [(
            ash,
            Effect::WeaponBroken {
                slot: 0,
                permanent: true
            },
            "SK-12.1-e"
        )]
    );
    assert_eq!(slot_state(&g, "Ash", 0), WeaponState::Broken);
    // And a broken weapon cannot be readied, whatever the skills.
    g.finish_turn();
    g.reach_actions(0);
    assert!(!g.texts().iter().any(|t| t.contains("readies")));
}

// =============================================================================================
// SK-16.6-h / G-32: another target in the same turn, −1 per MH from the first.
// =============================================================================================

/// Ash at [2, 0] facing S with `gear`; Bay at [2, 3], Cal at [4, 3] (2 hexes from Bay: 1 MH)
/// and Dan at [6, 3] (4 hexes from Bay: 2 MH), all DEX 8, so Ash's later shots come first.
fn targets(gear: &str, stats: &str) -> Game {
    let foe = "str = 10, dex = 8, int = 10";
    let mut g = game(
        &[],
        &open(8, 6),
        &[],
        &[
            unit("Ash", 0, (2, 0), S, &[gear], stats),
            unit("Bay", 1, (2, 3), N, &[], foe),
            unit("Cal", 1, (4, 3), N, &[], foe),
            unit("Dan", 1, (6, 3), N, &[], foe),
        ],
    );
    g.reach_actions(0);
    assert_eq!(p(2, 3).distance(p(4, 3)), 2);
    assert_eq!(p(2, 3).distance(p(6, 3)), 4);
    assert_eq!(p(4, 3).distance(p(6, 3)), 2);
    g
}

#[test]
fn sk_16_6_h_g_32_rifle_second_and_third_targets_lose_one_per_mh_from_the_first() {
    let mut g = targets("rifle", RIFLEMAN);
    // Shot 1 at Bay: 12 + 1 (rifle, not moved, SK-13.6-g) = 13.
    let r = roll(&g.play("Ash shoots Bay", &d3(15)));
    assert_eq!(r.ids(), ["stock"]);
    assert_eq!((r.target_number, r.result), (13, PLAIN_MISS));
    // Shot 2 at Cal, 1 MH from Bay: −1.
    assert_eq!(g.decider(), Some(g.id("Ash")));
    let r = roll(&g.play("Ash shoots Cal", &d3(15)));
    r.assert_mod("new-target", -1, "SK-16.6-h");
    assert_eq!(r.ids(), ["new-target", "stock"]);
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 12);
    // Shot 3 at Dan: measured from the first target (Bay, 4 hexes: 2 MH), not from Cal (1 MH).
    let r = roll(&g.play("Ash shoots Dan", &d3(15)));
    r.assert_mod("new-target", -2, "SK-16.6-h");
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 11);
}

#[test]
fn sk_16_6_h_autopistol_same_target_again_has_no_penalty() {
    let mut g = targets("autopistol", GUNNER);
    let r = roll(&g.play("Ash shoots Bay", &d3(15)));
    assert!(r.modifiers.is_empty(), "{:?}", r.ids());
    let r = roll(&g.play("Ash shoots Bay", &d3(15)));
    assert!(!r.has("new-target"), "{:?}", r.ids());
    assert_eq!(r.target_number, 12);
    let r = roll(&g.play("Ash shoots Cal", &d3(15)));
    r.assert_mod("new-target", -1, "SK-16.6-h");
    assert_eq!(r.ids(), ["new-target"]);
    assert_eq!(r.target_number, 11);
    // The first target is this turn's: next turn Cal is the first, with no penalty.
    g.finish_turn();
    g.reach_actions(0);
    let r = roll(&g.play("Ash shoots Cal", &d3(15)));
    assert!(r.modifiers.is_empty(), "{:?}", r.ids());
    assert_eq!(r.target_number, 12);
}

// =============================================================================================
// SK-16.2-a / SK-16.3-b / G-46 / G-34: charges with a pole arm or a bayonet.
// =============================================================================================

const SPEARMAN: &str = "str = 11, dex = 12, int = 10, polearms = 1";
/// A Fighting Knife fixed to a Rifle before the battle (SK-16.3-a): the bayonet does the knife's
/// 1d6+1 (G-06).
const BAYONETEER: &str = "str = 11, dex = 12, int = 10, bayonet = 1, bayonet_fixed = 1";
const BAYONET: &[&str] = &["rifle", "fighting-knife"];

/// Ash at `from` facing `facing` with `gear`; Bay (STR 16) at [1, 4] facing N. Ash moves to
/// [1, 3], next to Bay, in turn 1's movement phase; the action phase follows with Ash first.
/// Returns the game and the path Ash moved.
fn charge(gear: &str, stats: &str, from: (i32, i32), facing: u8) -> (Game, Vec<Pos>) {
    charge_with(&[gear], stats, from, facing)
}

fn charge_with(gear: &[&str], stats: &str, from: (i32, i32), facing: u8) -> (Game, Vec<Pos>) {
    let mut g = game(
        &[],
        &open(3, 7),
        &[],
        &[
            unit("Ash", 0, from, facing, gear, stats),
            unit("Bay", 1, (1, 4), N, &[], STURDY),
        ],
    );
    g.start_turn(0);
    let ev = movement(&mut g, &[("Ash", "Ash moves to 1,3 facing S", &[])]);
    let path = ev
        .iter()
        .find_map(|e| match e {
            Event::Moved { path, .. } => Some(path.to_vec()),
            _ => None,
        })
        .expect("Ash moved");
    assert_eq!(g.fig("Ash").pos, p(1, 3));
    assert_eq!(g.decider(), Some(g.id("Ash")));
    (g, path)
}

#[test]
fn sk_16_2_a_g_46_pole_arm_charge_straight_for_three_hexes_doubles_damage() {
    let (mut g, path) = charge("spear", SPEARMAN, (1, 0), S);
    assert_eq!(path, [p(1, 0), p(1, 1), p(1, 2), p(1, 3)]);
    // The spear two-handed: 1d6+1; a 4 → 5, doubled: 10.
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[4]]));
    assert_eq!(roll(&ev).result, PLAIN_HIT);
    let d = &damages(&ev)[0];
    assert_eq!(
        (d.expr.as_str(), d.rolled, d.mult, d.taken),
        ("1d6+1", 5, 2, 10)
    );
    assert_eq!(g.fig("Bay").damage, 10);
}

#[test]
fn sk_16_2_a_g_46_pole_arm_charge_ending_in_another_facing_does_not_double() {
    // The same straight run [1, 0] → [1, 3] due S, but Ash ends it facing SE (Bay, due S, is
    // still in his front): "no facing changes" (SK-16.2-a) fails at the last hex, so the spear
    // does its plain two-handed 1d6+1: 4 + 1 = 5.
    let mut g = game(
        &[],
        &open(3, 7),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["spear"], SPEARMAN),
            unit("Bay", 1, (1, 4), N, &[], STURDY),
        ],
    );
    g.start_turn(0);
    movement(&mut g, &[("Ash", "Ash moves to 1,3 facing SE", &[])]);
    assert_eq!((g.fig("Ash").pos, g.fig("Ash").facing), (p(1, 3), SE));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[4]]));
    let d = &damages(&ev)[0];
    assert_eq!(
        (d.expr.as_str(), d.rolled, d.mult, d.taken),
        ("1d6+1", 5, 1, 5)
    );
    assert!(!g.fig("Ash").straight);
}

#[test]
fn sk_16_2_a_g_46_pole_arm_bent_path_does_not_double() {
    // [0, 1] → [1, 3] is three hexes but not on one line: the last three are not straight.
    let (mut g, path) = charge("spear", SPEARMAN, (0, 1), SE);
    assert_eq!(path.len(), 4, "{path:?}");
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[4]]));
    let d = &damages(&ev)[0];
    assert_eq!((d.rolled, d.mult, d.taken), (5, 1, 5));
}

#[test]
fn sk_16_2_a_g_46_pole_arm_two_straight_hexes_do_not_double() {
    let (mut g, path) = charge("spear", SPEARMAN, (1, 1), S);
    assert_eq!(path, [p(1, 1), p(1, 2), p(1, 3)]);
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[4]]));
    let d = &damages(&ev)[0];
    assert_eq!((d.rolled, d.mult, d.taken), (5, 1, 5));
}

#[test]
fn sk_16_2_a_g_46_pole_arm_a_bend_before_the_last_three_hexes_still_doubles() {
    // [0, 0] → [1, 0] (SE), then three hexes due S.
    let (mut g, path) = charge("spear", SPEARMAN, (0, 0), SE);
    assert_eq!(path, [p(0, 0), p(1, 0), p(1, 1), p(1, 2), p(1, 3)]);
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[4]]));
    let d = &damages(&ev)[0];
    assert_eq!((d.rolled, d.mult, d.taken), (5, 2, 10));
}

#[test]
fn sk_16_2_a_g_34_charge_times_an_automatic_double_is_four_times() {
    // G-34: multipliers multiply: a roll of 4 (×2, SK-12.1-c) on a straight charge (×2) is ×4.
    let (mut g, _) = charge("spear", SPEARMAN, (1, 0), S);
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(4), &[2]]));
    let d = &damages(&ev)[0];
    assert_eq!((d.rolled, d.mult, d.taken), (3, 4, 12));
}

#[test]
fn sk_16_3_b_bayonet_after_three_hexes_doubles_even_on_a_bent_path() {
    // The bayonet needs 3+ hexes moved, not a straight line.
    let (mut g, path) = charge_with(BAYONET, BAYONETEER, (0, 1), SE);
    assert_eq!(path.len(), 4, "{path:?}");
    let ev = g.play("Ash thrusts his bayonet at Bay", &faces(&[&d3(10), &[3]]));
    let d = &damages(&ev)[0];
    assert_eq!(
        (d.expr.as_str(), d.rolled, d.mult, d.taken),
        ("1d6+1", 4, 2, 8)
    );
}

#[test]
fn sk_16_3_b_bayonet_after_two_hexes_does_not_double() {
    let (mut g, _) = charge_with(BAYONET, BAYONETEER, (1, 1), S);
    let ev = g.play("Ash thrusts his bayonet at Bay", &faces(&[&d3(10), &[3]]));
    let d = &damages(&ev)[0];
    assert_eq!((d.rolled, d.mult, d.taken), (4, 1, 4));
}

#[test]
fn sk_16_3_b_sk_21_8_b_a_charge_shot_at_on_the_way_still_doubles() {
    // Bay (pistol) covers [1, 1]; Ash charges [1, 0] → [1, 3] with the bayonet and is shot at
    // (and missed) entering [1, 1]. He still moved 3 hexes before attacking.
    let mut g = game(
        &[OPPORTUNITY],
        &open(3, 7),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, BAYONET, BAYONETEER),
            unit(
                "Bay",
                1,
                (1, 4),
                N,
                &["pistol"],
                "str = 16, dex = 12, int = 10, sidearms = 1",
            ),
        ],
    );
    g.reach_actions(0);
    until(&mut g, "Bay");
    g.act("Bay covers 1,1");
    g.finish_turn();
    g.start_turn(0);
    let ev = movement(&mut g, &[("Ash", "Ash moves to 1,3 facing S", &d3(16))]);
    assert_eq!(roll(&ev).target, g.id("Ash"));
    assert_eq!((g.fig("Ash").pos, g.fig("Ash").moved), (p(1, 3), 3));
    until(&mut g, "Ash");
    let ev = g.play("Ash thrusts his bayonet at Bay", &faces(&[&d3(10), &[3]]));
    let d = &damages(&ev)[0];
    assert_eq!((d.rolled, d.mult, d.taken), (4, 2, 8));
}

#[test]
fn sk_16_2_a_sk_16_3_b_a_sword_charge_does_not_double() {
    let (mut g, _) = charge("duel-blade", FIGHTER, (1, 0), S);
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[2, 2]]));
    let d = &damages(&ev)[0];
    assert_eq!((d.rolled, d.mult, d.taken), (4, 1, 4));
}

// =============================================================================================
// SK-10.5-c: a figure that crawled this turn is attacked as from the rear.
// =============================================================================================

/// Ash (duel blade) at [1, 1] facing S; Bay prone at `bay` facing N.
fn crawler(bay: (i32, i32)) -> Game {
    let mut g = game(
        &[],
        &open(3, 6),
        &[],
        &[
            unit("Ash", 0, (1, 1), S, &["duel-blade"], FIGHTER),
            unit("Bay", 1, bay, N, &[], SLOW).stance("prone"),
        ],
    );
    g.start_turn(0);
    g
}

#[test]
fn sk_10_5_c_a_crawling_figure_is_attacked_as_from_the_rear() {
    let mut g = crawler((1, 3));
    movement(&mut g, &[("Bay", "Bay crawls to 1,2 facing N", &[])]);
    assert_eq!(g.fig("Bay").pos, p(1, 2));
    assert_eq!(g.fig("Bay").posture, Posture::Prone);
    // Ash is in Bay's front hex, but Bay crawled: rear +4, and prone +4 (SK-10.5-g).
    let r = roll(&g.play("Ash attacks Bay", &d3(16)));
    r.assert_mod("rear", 4, "SK-10.5-e");
    r.assert_mod("prone-target", 4, "SK-10.5-g");
    assert_eq!(r.modifiers.len(), 2, "{:?}", r.ids());
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 20);
    // Next turn Bay lies still: his front is his front again.
    g.finish_turn();
    g.reach_actions(0);
    let r = roll(&g.play("Ash attacks Bay", &d3(16)));
    assert_eq!(r.ids(), ["prone-target"]);
    assert_eq!(r.target_number, 16);
}

/// Ash with his blade next to Bay, who lies prone at [1, 3] facing N with a large shield (2) in
/// hand and a full backpack (1, covering the rear, G-26); turn 1's movement.
fn crawler_with_cover() -> Game {
    let mut g = game(
        &[],
        &open(3, 6),
        &[],
        &[
            unit("Ash", 0, (1, 1), S, &["duel-blade"], FIGHTER),
            unit(
                "Bay",
                1,
                (1, 3),
                N,
                &["large-shield", "full-backpack"],
                SLOW,
            )
            .stance("prone"),
        ],
    );
    g.start_turn(0);
    g
}

#[test]
fn sk_10_5_c_a_crawling_figures_shield_covers_nothing_and_his_backpack_covers_every_hex() {
    // Lying still, Bay meets Ash's blow from his front hex with his shield: 2d6 [3, 4] = 7 − 2
    // = 5 (the backpack covers only the rear).
    let mut g = crawler_with_cover();
    movement(&mut g, &[("Bay", "Bay crawls to 1,2 facing N", &[])]);
    assert_eq!(g.fig("Bay").shield_at, ShieldAt::Hand);
    // Crawling, every hex of his is a rear hex when he is attacked (SK-10.5-c): the blow from
    // the front hex meets no shield, which covers the front only, but the backpack, which
    // covers the rear: 7 − 1 = 6. To hit: 12 + rear 4 + prone 4 = 20.
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[3, 4]]));
    let r = roll(&ev);
    r.assert_mod("rear", 4, "SK-10.5-e");
    assert_eq!(r.target_number, 20);
    let d = &damages(&ev)[0];
    assert_eq!((d.rolled, d.armor, d.taken), (7, 1, 6));
    // Next turn he lies still: the shield covers his front again and the backpack does not.
    g.finish_turn();
    g.reach_actions(0);
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[3, 4]]));
    let d = &damages(&ev)[0];
    assert_eq!((d.rolled, d.armor, d.taken), (7, 2, 5));
}

/// The defender's reaction to hand to hand: (die, modifier, result) (SK-16.15.3-T1).
fn melee_reaction(events: &[Event]) -> (u8, i8, u8) {
    events
        .iter()
        .find_map(|e| match e {
            Event::HthReaction {
                die,
                modifier,
                result,
                ..
            } => Some((*die, *modifier, *result)),
            _ => None,
        })
        .expect("a reaction roll")
}

#[test]
fn sk_10_5_c_sk_16_15_3_t1_hand_to_hand_on_a_crawling_figure_is_from_behind() {
    // Ash goes hand to hand with Bay, who crawled into Ash's front hex facing him: Bay's
    // reaction die is rolled as from behind (SK-16.15.3-T1: −2): 6 − 2 = 4, not 6.
    let mut g = crawler_with_cover();
    movement(&mut g, &[("Bay", "Bay crawls to 1,2 facing N", &[])]);
    let ev = g.play("Ash goes hand to hand with Bay", &[6]);
    assert_eq!(melee_reaction(&ev), (6, -2, 4));
    // 3 or 4: hand to hand begins (on a 6 they would have stayed apart).
    assert!(g.fig("Ash").in_hth && g.fig("Bay").in_hth);
}

#[test]
fn sk_10_5_c_a_prone_figure_that_did_not_crawl_keeps_its_front() {
    let mut g = crawler((1, 2));
    movement(&mut g, &[]);
    let r = roll(&g.play("Ash attacks Bay", &d3(16)));
    assert_eq!(r.ids(), ["prone-target"]);
    assert_eq!(r.target_number, 16);
}

// =============================================================================================
// SK-17.4-b: a laser loses 1 damage per smoke hex on the line of fire.
// =============================================================================================

/// Ash at [1, 0] facing S with `gear`; Bay (STR 30) at [1, 4] facing N; `map` rows.
fn smoke_range(map: &[&str], gear: &str, stats: &str) -> Game {
    let mut g = game(
        &[],
        &rows(map),
        &[('s', "smoke")],
        &[
            unit("Ash", 0, (1, 0), S, &[gear], stats),
            unit("Bay", 1, (1, 4), N, &[], "str = 30, dex = 10, int = 10"),
        ],
    );
    g.reach_actions(0);
    g
}

const CLEAR: [&str; 6] = ["...", "...", "...", "...", "...", "..."];
const TWO_SMOKE: [&str; 6] = ["...", ".s.", ".s.", "...", "...", "..."];
const THREE_SMOKE: [&str; 6] = ["...", ".s.", ".s.", ".s.", "...", "..."];

#[test]
fn sk_17_4_b_laser_pistol_loses_one_damage_per_smoke_hex() {
    // Clear air: 4d6+2.
    let mut g = smoke_range(&CLEAR, "laser-pistol", GUNNER);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(8), &[1, 1, 1, 1]]));
    let d = &damages(&ev)[0];
    assert_eq!((d.expr.as_str(), d.rolled, d.taken), ("4d6+2", 6, 6));
    // Two smoke hexes: −2 to hit (SK-17.4-a) and 4d6+2 − 2 = 4d6.
    let mut g = smoke_range(&TWO_SMOKE, "laser-pistol", GUNNER);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(8), &[1, 1, 1, 1]]));
    let r = roll(&ev);
    r.assert_mod("smoke", -2, "SK-17.4-a");
    assert_eq!(r.target_number, 10);
    let d = &damages(&ev)[0];
    assert_eq!((d.expr.as_str(), d.rolled, d.taken), ("4d6", 4, 4));
}

#[test]
fn sk_17_4_b_a_bullet_loses_nothing_in_smoke() {
    let mut g = smoke_range(&TWO_SMOKE, "pistol", GUNNER);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(8), &[1, 1]]));
    roll(&ev).assert_mod("smoke", -2, "SK-17.4-a");
    let d = &damages(&ev)[0];
    assert_eq!((d.expr.as_str(), d.rolled, d.taken), ("2d6", 2, 2));
}

#[test]
fn sk_17_4_b_laser_rifle_through_one_smoke_hex() {
    let map = ["...", "...", ".s.", "...", "...", "..."];
    let mut g = smoke_range(&map, "laser-rifle", RIFLEMAN);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(8), &[1; 6]]));
    let r = roll(&ev);
    r.assert_mod("smoke", -1, "SK-17.4-a");
    let d = &damages(&ev)[0];
    assert_eq!((d.expr.as_str(), d.rolled, d.taken), ("6d6-1", 5, 5));
}

#[test]
fn sk_17_4_b_g_34_laser_rifle_three_smoke_hexes_is_5d6_plus_3() {
    // 6d6 = step 36; −3 → step 33 = 5d6+3 (SK-12.6-a: "fewer dice with the bonus").
    let mut g = smoke_range(&THREE_SMOKE, "laser-rifle", RIFLEMAN);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(8), &[1; 5]]));
    let d = &damages(&ev)[0];
    assert_eq!((d.expr.as_str(), d.rolled, d.taken), ("5d6+3", 8, 8));
}

// =============================================================================================
// SK-16.12-j/m and E-15: fire hexes burn those who cross them or stop in them.
// =============================================================================================

/// Vic (side A, `vic_gear`) at [1, 0] facing S; Dum (side B) at [1, 8]; three molotov throwers
/// of side A on row 10 facing N. In turn 1 each throws at Dum and misses by 4, 5 and 6: the
/// bottles scatter north (die 1 = the thrower's facing, G-51) and light fires at [1, 4],
/// [1, 3] and [1, 2]. Returns the game at the start of turn 2.
fn fire_lane(vic_gear: &[&str]) -> Game {
    let thrower = "str = 10, dex = 12, int = 10";
    let mut g = game(
        &[],
        &open(3, 11),
        &[],
        &[
            unit(
                "Vic",
                0,
                (1, 0),
                S,
                vic_gear,
                "str = 14, dex = 12, int = 10",
            ),
            unit("Dum", 1, (1, 8), N, &[], "str = 10, dex = 8, int = 10"),
            unit("T1", 0, (0, 10), N, &["molotov"], thrower),
            unit("T2", 0, (1, 10), N, &["molotov"], thrower),
            unit("T3", 0, (2, 10), N, &["molotov"], thrower),
        ],
    );
    g.reach_actions(0);
    let mut margins = vec![4i64, 5, 6];
    while g.s.phase == Phase::Action {
        let id = g.decider().expect("someone to act");
        let name = g.s.name(id).to_string();
        if name.starts_with('T') && !g.fig(&name).acted {
            // 12 − 4 (no Thrown Weapons, SK-6-b) − 1 (1 MH, SK-16.12-b) = 7.
            let m = margins.remove(0);
            let ev = g.play(
                &format!("{name} throws the Molotov at 1,8"),
                &faces(&[&d3(7 + m), &[1]]),
            );
            let r = roll(&ev);
            assert_eq!(r.target_number, 7, "{:?}", r.ids());
            assert!(damages(&ev).is_empty(), "nobody near the fire: {ev:#?}");
        } else {
            let a = g
                .legal()
                .into_iter()
                .find(|a| matches!(a, Action::Pass { .. } | Action::HoldFire { .. }))
                .expect("a way to pass");
            g.play_action(&a, &[]);
        }
    }
    let mut fires: Vec<Pos> = g.s.fires.iter().map(|f| f.pos).collect();
    fires.sort();
    assert_eq!(fires, [p(1, 2), p(1, 3), p(1, 4)]);
    assert!(g.s.fires.iter().all(|f| !f.incendiary));
    g.finish_turn();
    assert_eq!(g.fig("Vic").damage, 0);
    g
}

#[test]
fn sk_16_12_j_m_e_15_two_fires_crossed_and_one_stopped_in_add_up_before_armor() {
    // E-15: ran through two fire hexes (2 + 2) and stopped in a third (4), armor stopping 5.
    // The book says "he would take 6 hits"; GAPS E-15 / G-29 correct it to 2 + 2 + 4 − 5 = 3.
    let mut g = fire_lane(&["steel"]);
    g.start_turn(0);
    // 8 before armor, 3 after: a DEX check at −2 to stay up (SK-12.4-e): eDEX 12 − 3 (steel,
    // SK-14.1-e) − 2 = 7; a 6 keeps him up.
    // First the 3d6 INT check to move into fire (SK-16.11-h, `sk.fire_int_check` =
    // "every_fire"): 10 ≤ INT 10.
    let ev = movement(
        &mut g,
        &[(
            "Vic",
            "Vic moves to 1,4 facing S",
            &faces(&[&d3(10), &d3(6)]),
        )],
    );
    let d = damages(&ev);
    assert_eq!(d.len(), 1, "one total, armor once: {d:#?}");
    let vic = g.id("Vic");
    assert_eq!(
        (d[0].target, d[0].rolled, d[0].mult, d[0].armor, d[0].taken),
        (vic, 8, 1, 5, 3)
    );
    assert_eq!(d[0].rule, "SK-16.12-m");
    assert_eq!(g.fig("Vic").damage, 3);
    assert_eq!(
        checks(&ev),
        [
            (vic, "enter-fire", 3, 10, 10, true, "SK-16.11-h"),
            (vic, "stay-up", 3, 6, 7, true, "SK-12.4-e")
        ]
    );
    assert_eq!(g.fig("Vic").posture, Posture::Standing);
    assert_eq!(g.fig("Vic").pos, p(1, 4));
}

#[test]
fn sk_16_12_j_crossing_fires_without_stopping_is_two_hits_each() {
    // Unarmored, through all three fires to [1, 5]: 2 + 2 + 2 = 6.
    let mut g = fire_lane(&[]);
    g.start_turn(0);
    let ev = movement(&mut g, &[("Vic", "Vic moves to 1,5 facing S", &d3(10))]);
    let d = damages(&ev);
    assert_eq!(d.len(), 1);
    assert_eq!((d[0].rolled, d[0].armor, d[0].taken), (6, 0, 6));
    assert_eq!(d[0].rule, "SK-16.12-m");
    assert_eq!(g.fig("Vic").damage, 6);
}

#[test]
fn sk_16_12_j_stopping_in_the_first_fire_is_four_hits() {
    let mut g = fire_lane(&[]);
    g.start_turn(0);
    let ev = movement(&mut g, &[("Vic", "Vic moves to 1,2 facing S", &d3(10))]);
    let d = damages(&ev);
    assert_eq!(d.len(), 1);
    assert_eq!((d[0].rolled, d[0].armor, d[0].taken), (4, 0, 4));
    assert_eq!(g.fig("Vic").damage, 4);
}

// =============================================================================================
// SK-21.8-e (option sk.opportunity_fire): moving or turning ends opportunity fire.
// =============================================================================================

const OPPORTUNITY: (&str, &str) = ("sk.opportunity_fire", "true");

/// Ash with a pistol at [1, 0] facing S covers [1, 3] in turn 1; Bay (DEX 12) at [1, 7] facing
/// N. Returns the game at turn 2's movement phase, side A (Ash) moving first.
fn overwatch() -> Game {
    let mut g = game(
        &[OPPORTUNITY],
        &open(3, 9),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER),
            unit("Bay", 1, (1, 7), N, &[], "str = 10, dex = 12, int = 10"),
        ],
    );
    g.reach_actions(0);
    until(&mut g, "Ash");
    g.act("Ash covers 1,3");
    assert_eq!(g.fig("Ash").overwatch, Some(p(1, 3)));
    g.finish_turn();
    g.start_turn(0);
    assert_eq!(g.decider(), Some(g.id("Ash")));
    g
}

#[test]
fn sk_21_8_b_standing_still_keeps_the_cover_and_the_foe_is_shot() {
    // The control: Ash stands still with the same facing; Bay entering [1, 4], next to the
    // covered hex, is shot at 12 − 2 (SK-21.8-c) − 1 (SK-21.8-f) = 9; a 16 misses.
    let mut g = overwatch();
    let ev = movement(
        &mut g,
        &[
            ("Ash", "Ash stands facing S", &[]),
            ("Bay", "Bay moves to 1,2 facing N", &d3(16)),
        ],
    );
    let r = roll(&ev);
    assert_eq!(r.target, g.id("Bay"));
    r.assert_mod("opportunity", -2, "SK-21.8-c");
    r.assert_mod("off-hex", -1, "SK-21.8-f");
    assert_eq!(r.target_number, 9);
    assert_eq!(g.fig("Ash").overwatch, None, "the cover is spent");
}

#[test]
fn sk_21_8_e_turning_ends_opportunity_fire() {
    let mut g = overwatch();
    let ev = movement(
        &mut g,
        &[
            ("Ash", "Ash stands facing SE", &[]),
            ("Bay", "Bay moves to 1,2 facing N", &[]),
        ],
    );
    assert!(rolls(&ev).is_empty(), "{ev:#?}");
    assert_eq!(g.fig("Ash").overwatch, None);
    assert_eq!(g.fig("Bay").pos, p(1, 2));
    assert_eq!(g.fig("Bay").damage, 0);
}

#[test]
fn sk_21_8_e_moving_ends_opportunity_fire_and_it_may_be_declared_again() {
    let mut g = overwatch();
    let ev = movement(
        &mut g,
        &[
            ("Ash", "Ash moves to 1,1 facing S", &[]),
            ("Bay", "Bay moves to 1,3 facing N", &[]),
        ],
    );
    assert!(rolls(&ev).is_empty(), "{ev:#?}");
    assert_eq!(g.fig("Ash").overwatch, None);
    assert_eq!(g.fig("Bay").pos, p(1, 3));
    // Having moved one hex, he may declare it again in the action phase (SK-21.8-e).
    until(&mut g, "Ash");
    assert!(g.can("Ash covers 1,4"), "{:?}", g.texts());
    g.act("Ash covers 1,4");
    assert_eq!(g.fig("Ash").overwatch, Some(p(1, 4)));
}

#[test]
fn sk_16_2_d_a_jab_after_a_straight_run_is_no_charge() {
    // SK-16.2-c/d: the spear jabs Bay two hexes straight ahead (the hex between is empty) after
    // a straight 3-hex run; a jab never gets the charge's ×2.
    let mut g = game(
        &[],
        &open(3, 8),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["spear"], SPEARMAN),
            unit("Bay", 1, (1, 5), N, &[], STURDY),
        ],
    );
    g.start_turn(0);
    movement(&mut g, &[("Ash", "Ash moves to 1,3 facing S", &[])]);
    assert_eq!(g.fig("Ash").pos, p(1, 3));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[4]]));
    let d = &damages(&ev)[0];
    assert_eq!((d.rolled, d.mult, d.taken), (5, 1, 5));
}

#[test]
fn sk_11_5_b_sk_11_8_4_a_no_parting_shot_with_a_rifle() {
    // Bay, engaged with a rifle in hand, may not strike at Ash as he disengages: the parting
    // blow is a melee attack, and engaged figures attack only with non-missile weapons.
    let mut g = game(
        &[],
        &open(3, 6),
        &[],
        &[
            unit(
                "Ash",
                0,
                (1, 1),
                S,
                &["saber"],
                "str = 11, dex = 12, int = 9, sword = 1",
            ),
            unit(
                "Bay",
                1,
                (1, 2),
                N,
                &["rifle"],
                "str = 11, dex = 11, int = 10, shoulderarms = 1",
            ),
        ],
    );
    g.reach_actions(0);
    g.act("Ash disengages to 1,0");
    let texts = g.texts();
    assert_eq!(texts, ["Bay lets him go"], "{texts:?}");
}

// --- Support, bodies and blind throws (SK-13.6-e/g, SK-24-T2/T3, SK-16.6-c, SK-17.7-e) ------

/// A prone rifleman (or not) at [1, 0] facing S; Bay 4 hexes south; turn 1, Ash to act.
fn rifle_range(stats: &str, prone: bool) -> Game {
    let ash = unit("Ash", 0, (1, 0), S, &["rifle"], stats);
    let ash = if prone { ash.stance("prone") } else { ash };
    let mut g = game(
        &[],
        &open(3, 7),
        &[],
        &[ash, unit("Bay", 1, (1, 4), N, &[], STURDY)],
    );
    g.reach_actions(0);
    g
}

#[test]
fn sk_13_6_g_a_bipod_on_a_prone_rifle_plus_three() {
    let mut g = rifle_range(
        "str = 11, dex = 12, int = 9, shoulderarms = 1, bipod = 1",
        true,
    );
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("bipod", 3, "SK-13.6-g");
    assert!(!r.has("stock"), "supports are not cumulative (SK-24-T3)");
    r.assert_adds_up(12);
}

#[test]
fn sk_24_t3_a_tripod_plus_four_and_no_bipod_standing_in_the_open() {
    let mut g = rifle_range(
        "str = 11, dex = 12, int = 9, shoulderarms = 1, tripod = 1",
        true,
    );
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("tripod", 4, "SK-24-T3");
    // Standing with nothing to set it on, the bipod does nothing: the rifle's stock +1 counts.
    let mut g = rifle_range(
        "str = 11, dex = 12, int = 9, shoulderarms = 1, bipod = 1",
        false,
    );
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    assert!(!r.has("bipod"));
    r.assert_mod("stock", 1, "SK-13.6-g");
}

#[test]
fn sk_16_6_c_a_bipod_halves_the_recoil_penalty() {
    // STR 6 against the rifle's 10: −4; a bipod keeps ceil(4 / 2) = 2 of it (G-22).
    let base = "str = 6, dex = 12, int = 14, shoulderarms = 1";
    let mut g = rifle_range(&format!("{base}, bipod = 1"), true);
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("str-short", -2, "SK-13.2-a");
    let mut g = rifle_range(base, true);
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("str-short", -4, "SK-13.2-a");
}

#[test]
fn sk_24_t2_a_prone_target_behind_a_body_minus_four() {
    // Cal lies dead between Ash and the prone Bay: −4 instead of the prone −3 (not cumulative).
    let ash = unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER);
    let bay = unit("Bay", 1, (1, 4), N, &["pistol"], GUNNER).stance("prone");
    let cal = unit("Cal", 1, (1, 3), N, &[], STURDY);
    let mut g = game(&[], &open(3, 7), &[], &[ash, bay, cal]);
    g.reach_actions(0);
    // Ash kills Cal first: a 3 triples the pistol's 2d6 (6 + 6 → 36). Bay does nothing, and
    // Ash's second shot of the turn (SK-12-e) goes at Bay.
    g.play("Ash shoots Cal", &faces(&[&d3(3), &[6, 6]]));
    assert_eq!(
        g.fig("Cal").condition,
        fireteam_skirmish::state::Condition::Dead
    );
    g.act("Bay does nothing");
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("behind-body", -4, "SK-24-T2");
    assert!(!r.has("prone-target"));
}

#[test]
fn sk_17_7_e_a_grenade_thrown_blind_over_a_high_wall_minus_eight() {
    let rows: Vec<String> = ["...", "...", ".#.", "...", "...", "..."]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let ash = unit(
        "Ash",
        0,
        (1, 0),
        S,
        &["he-grenade"],
        "str = 11, dex = 12, int = 9, thrown_weapons = 1",
    );
    let bay = unit("Bay", 1, (1, 4), N, &[], STURDY);
    let mut g = game(&[], &rows, &[('#', "wall-2m")], &[ash, bay]);
    g.reach_actions(0);
    let r = roll(&g.play(
        "Ash throws the High-explosive (fragmentation) grenade at 1,4",
        &d3(5),
    ));
    r.assert_mod("blind-throw", -8, "SK-17.7-e");
}

#[test]
fn g_13_sk_6_5_2_b_the_named_leaders_tactics_count_not_the_best_figures() {
    // Red names Ada (no Tactics) as leader, so Ben's Tactics does not count: Red 3 + 0 against
    // Blue 3 + 0 is a tie, rolled again. Without a named leader Ben's +1 would have won.
    let ada = unit(
        "Ada",
        0,
        (0, 0),
        S,
        &[],
        "str = 10, dex = 12, int = 10, leader = 1",
    );
    let ben = unit(
        "Ben",
        0,
        (2, 0),
        S,
        &[],
        "str = 10, dex = 11, int = 11, tactics = 1",
    );
    let cal = unit("Cal", 1, (1, 5), N, &[], "str = 10, dex = 12, int = 10");
    let mut g = game(&[], &open(3, 7), &[], &[ada, ben, cal]);
    let ev = g.play("start turn 1", &[3, 3, 5, 2]);
    let rolls: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Initiative { rolls, winner, .. } => Some((rolls.to_vec(), *winner)),
            _ => None,
        })
        .collect();
    assert_eq!(rolls[0].0, [(0, 3, 0), (1, 3, 0)]);
    assert_eq!(rolls[0].1, None);
    assert_eq!(rolls[1].1, Some(0));
}

#[test]
fn sk_24_t2_a_standing_target_behind_a_one_metre_wall_is_half_hidden_minus_four() {
    let rows: Vec<String> = ["...", "...", "...", ".=.", "...", "..."]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let ash = unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER);
    let bay = unit("Bay", 1, (1, 4), N, &[], STURDY);
    let mut g = game(&[], &rows, &[('=', "wall-1m")], &[ash, bay]);
    g.reach_actions(0);
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("half-hidden", -4, "SK-24-T2");
    r.assert_adds_up(12);
    // Kneeling, the same wall hides him completely (SK-17.7-b): no shot at all.
    let ash = unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER);
    let bay = unit("Bay", 1, (1, 4), N, &[], STURDY).stance("kneeling");
    let mut g = game(&[], &rows, &[('=', "wall-1m")], &[ash, bay]);
    g.reach_actions(0);
    assert!(!g.can("Ash shoots Bay"));
}

#[test]
fn sk_15_2_a_items_listed_in_the_equipment_are_carried_into_battle() {
    use fireteam_skirmish::data::ItemKind;
    let g = game(
        &[],
        &open(4, 4),
        &[],
        &[
            unit(
                "Ash",
                0,
                (0, 0),
                S,
                &["rifle", "gas-mask", "flashlight"],
                RIFLEMAN,
            ),
            unit("Bay", 1, (3, 3), N, &["rifle"], RIFLEMAN),
        ],
    );
    let ash = g.s.fig(0);
    assert!(ash.has_item(ItemKind::GasMask));
    assert!(ash.has_item(ItemKind::Flashlight));
    assert!(!ash.has_item(ItemKind::Rope));
    assert_eq!(g.s.fig(1).items, 0);
    // Items are not weapons: the rifle stays the only slot.
    assert_eq!(ash.weapons.iter().flatten().count(), 1);
}
