//! SKIRMISH! rules through the engine with forced dice: every DEX adjustment the engine
//! implements (SK-24-T1…T8), every automatic result of the roll to hit (SK-12.1, SK-5.9.1-c,
//! G-01), every effect of damage (SK-12.3, SK-12.4, SK-12.5) and every option the engine reads,
//! both ways. Test names carry the rule IDs; G-nn and E-nn are GAPS.md's numbers.
//!
//! Each test builds a small scenario (tests/common), plays actions by their text, and checks the
//! exact events: the modifiers with their values and rule IDs, the target number (= DEX + the
//! adjustments, SK-12.1-b), the automatic result, damage, effects and positions.

mod common;

use common::*;
use fireteam_engine::{Decision, Outcome, RuleSystem};
use fireteam_scenario::{Loader, SourceFile};
use fireteam_skirmish::autoresult::ToHit;
use fireteam_skirmish::event::{AttackKind, Effect};
use fireteam_skirmish::schema::SkirmishSchema;
use fireteam_skirmish::state::{Condition, Phase, Pos, Posture, WeaponState};
use fireteam_skirmish::{Event, Skirmish};

/// STR 10, DEX 12, INT 10 with the Sword skill (the duel blade's).
const FIGHTER: &str = "str = 10, dex = 12, int = 10, sword = 1";
/// STR 10, DEX 12, INT 10, no skills.
const PLAIN: &str = "str = 10, dex = 12, int = 10";
/// STR 10, DEX 12, INT 10 with Sidearms (pistols).
const GUNNER: &str = "str = 10, dex = 12, int = 10, sidearms = 1";

const AUTO_HIT: ToHit = ToHit::Hit {
    mult: 1,
    automatic: true,
};
const PLAIN_HIT: ToHit = ToHit::Hit {
    mult: 1,
    automatic: false,
};
const AUTO_MISS: ToHit = ToHit::Miss { automatic: true };
const PLAIN_MISS: ToHit = ToHit::Miss { automatic: false };

fn blade(name: &str, side: u8, at: (i32, i32), facing: u8) -> Unit {
    unit(name, side, at, facing, &["duel-blade"], FIGHTER)
}

/// Ash at [1, 1] and Bay at [1, 2] (Ash's front hex), on open ground unless `rows` say
/// otherwise: turn 1's action phase, side A (Ash) having moved first.
fn duel_on(
    opts: &[(&str, &str)],
    rows: &[String],
    legend: &[(char, &str)],
    ash: Unit,
    bay: Unit,
) -> Game {
    let mut g = game(opts, rows, legend, &[ash, bay]);
    g.reach_actions(0);
    g
}

fn duel(opts: &[(&str, &str)], ash: Unit, bay: Unit) -> Game {
    duel_on(opts, &open(3, 6), &[], ash, bay)
}

/// Ash (side A) at [1, 0] facing S with `gear`, Bay (side B, no gear) `d` hexes south facing N,
/// in turn 1's action phase with Ash to act first.
fn range_on(
    opts: &[(&str, &str)],
    rows: &[String],
    legend: &[(char, &str)],
    gear: &[&str],
    stats: &str,
    d: i32,
    bay: fn(Unit) -> Unit,
) -> Game {
    let ash = unit("Ash", 0, (1, 0), S, gear, stats);
    let b = bay(unit("Bay", 1, (1, d), N, &[], PLAIN));
    let mut g = game(opts, rows, legend, &[ash, b]);
    g.reach_actions(0);
    g
}

fn range(opts: &[(&str, &str)], gear: &[&str], stats: &str, d: i32) -> Game {
    range_on(opts, &open(3, d as usize + 2), &[], gear, stats, d, |u| u)
}

fn same(u: Unit) -> Unit {
    u
}

// =============================================================================================
// 1. DEX adjustments (SK-24-T1 … T8): each in the situation that calls for it.
// =============================================================================================

#[test]
fn sk_12_1_b_front_melee_attack_has_no_adjustment() {
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), blade("Bay", 1, (1, 2), N));
    let r = roll(&g.play("Ash attacks Bay", &d3(16)));
    assert!(r.modifiers.is_empty(), "{:?}", r.ids());
    assert_eq!(
        (r.kind, r.dice, r.target_number),
        (AttackKind::Melee, 3, 12)
    );
}

#[test]
fn sk_10_5_e_side_attack_plus_two() {
    // Bay faces SE: Ash, north of him, is in his side hex.
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), blade("Bay", 1, (1, 2), SE));
    let r = roll(&g.play("Ash attacks Bay", &d3(16)));
    r.assert_mod("side", 2, "SK-10.5-e");
    assert_eq!(r.ids(), ["side"]);
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 14);
}

#[test]
fn sk_10_5_e_rear_attack_plus_four() {
    // Bay faces S: Ash is in his rear hex.
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), blade("Bay", 1, (1, 2), S));
    let r = roll(&g.play("Ash attacks Bay", &d3(16)));
    r.assert_mod("rear", 4, "SK-10.5-e");
    assert_eq!(r.ids(), ["rear"]);
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 16);
}

#[test]
fn sk_10_5_f_kneeling_target_plus_two() {
    let bay = blade("Bay", 1, (1, 2), N).stance("kneeling");
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), bay);
    let r = roll(&g.play("Ash attacks Bay", &d3(16)));
    r.assert_mod("kneeling-target", 2, "SK-10.5-f");
    assert_eq!(r.ids(), ["kneeling-target"]);
    r.assert_adds_up(12);
}

#[test]
fn sk_10_5_g_prone_target_plus_four() {
    let bay = blade("Bay", 1, (1, 2), N).stance("prone");
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), bay);
    let r = roll(&g.play("Ash attacks Bay", &d3(16)));
    r.assert_mod("prone-target", 4, "SK-10.5-g");
    assert_eq!(r.ids(), ["prone-target"]);
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 16);
}

#[test]
fn sk_10_5_f_kneeling_attacker_minus_two() {
    let ash = blade("Ash", 0, (1, 1), S).stance("kneeling");
    let mut g = duel(&[], ash, blade("Bay", 1, (1, 2), N));
    let r = roll(&g.play("Ash attacks Bay", &d3(16)));
    r.assert_mod("kneeling", -2, "SK-10.5-f");
    assert_eq!(r.ids(), ["kneeling"]);
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 10);
}

#[test]
fn sk_10_5_g_prone_figure_cannot_attack_with_a_regular_weapon() {
    let ash = blade("Ash", 0, (1, 1), S).stance("prone");
    let g = duel(&[], ash, blade("Bay", 1, (1, 2), N));
    assert!(!g.can("Ash attacks Bay"), "{:?}", g.texts());
}

#[test]
fn sk_13_4_a_short_weapon_into_the_next_hex_minus_one() {
    let ash = unit(
        "Ash",
        0,
        (1, 1),
        S,
        &["fighting-knife"],
        "str = 10, dex = 12, int = 10, knife = 1",
    );
    let mut g = duel(&[], ash, blade("Bay", 1, (1, 2), N));
    let r = roll(&g.play("Ash attacks Bay", &d3(16)));
    r.assert_mod("short", -1, "SK-13.4-a");
    assert_eq!(r.ids(), ["short"]);
    r.assert_adds_up(12);
}

#[test]
fn sk_6_b_weapon_without_its_skill_minus_four() {
    let ash = unit("Ash", 0, (1, 1), S, &["duel-blade"], PLAIN);
    let mut g = duel(&[], ash, blade("Bay", 1, (1, 2), N));
    let r = roll(&g.play("Ash attacks Bay", &d3(16)));
    r.assert_mod("unskilled", -4, "SK-6-b");
    assert_eq!(r.ids(), ["unskilled"]);
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 8);
}

#[test]
fn sk_6_b_sk_6_1_1_a_a_club_needs_no_skill() {
    let ash = unit("Ash", 0, (1, 1), S, &["club-baton"], PLAIN);
    let mut g = duel(&[], ash, blade("Bay", 1, (1, 2), N));
    let r = roll(&g.play("Ash attacks Bay", &d3(16)));
    assert!(!r.has("unskilled"), "{:?}", r.ids());
    assert_eq!(r.target_number, 12);
}

#[test]
fn sk_13_2_a_str_short_minus_one_per_point_and_damage_minus_one_per_two() {
    // STR 8 with a STR-10 blade: −2 to hit; −1 damage (2d6 → 2d6−1, G-35).
    let ash = unit(
        "Ash",
        0,
        (1, 1),
        S,
        &["duel-blade"],
        "str = 8, dex = 12, int = 10, sword = 1",
    );
    let mut g = duel(&[], ash, blade("Bay", 1, (1, 2), N));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[3, 3]]));
    let r = roll(&ev);
    r.assert_mod("str-short", -2, "SK-13.2-a");
    assert_eq!(r.ids(), ["str-short"]);
    r.assert_adds_up(12);
    assert_eq!(r.result, PLAIN_HIT);
    let d = &damages(&ev)[0];
    assert_eq!((d.expr.as_str(), d.rolled, d.taken), ("2d6-1", 5, 5));
}

#[test]
fn sk_17_1_a_melee_on_broken_ground_minus_two() {
    let rows: Vec<String> = ["...", ".b.", "...", "..."]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut g = duel_on(
        &[],
        &rows,
        &[('b', "broken")],
        blade("Ash", 0, (1, 1), S),
        blade("Bay", 1, (1, 2), N),
    );
    let r = roll(&g.play("Ash attacks Bay", &d3(16)));
    r.assert_mod("footing", -2, "SK-17.1-a");
    assert_eq!(r.ids(), ["footing"]);
    r.assert_adds_up(12);
}

#[test]
fn sk_17_2_a_sk_17_3_a_water_mud_and_snow_are_broken_ground() {
    for terrain in ["water-ankle", "water-knee", "mud-ankle", "snow-knee"] {
        let rows: Vec<String> = ["...", ".w.", "...", "..."]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut g = duel_on(
            &[],
            &rows,
            &[('w', terrain)],
            blade("Ash", 0, (1, 1), S),
            blade("Bay", 1, (1, 2), N),
        );
        let r = roll(&g.play("Ash attacks Bay", &d3(16)));
        r.assert_mod("footing", -2, "SK-17.1-a");
        r.assert_adds_up(12);
    }
}

#[test]
fn sk_17_5_a_melee_in_complete_darkness_minus_eight() {
    let mut g = duel(
        &[("sk.complete_darkness", "true")],
        blade("Ash", 0, (1, 1), S),
        blade("Bay", 1, (1, 2), N),
    );
    let r = roll(&g.play("Ash attacks Bay", &d3(16)));
    r.assert_mod("darkness", -8, "SK-17.5-a");
    assert_eq!(r.ids(), ["darkness"]);
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 4);
}

#[test]
fn sk_17_5_a_melee_against_a_figure_in_a_dark_hex_minus_eight() {
    let rows: Vec<String> = ["...", "...", ".d.", "..."]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut g = duel_on(
        &[],
        &rows,
        &[('d', "dark")],
        blade("Ash", 0, (1, 1), S),
        blade("Bay", 1, (1, 2), N),
    );
    let r = roll(&g.play("Ash attacks Bay", &d3(16)));
    r.assert_mod("darkness", -8, "SK-17.5-a");
    r.assert_adds_up(12);
}

#[test]
fn sk_16_15_3_e_hand_to_hand_plus_four() {
    // Bay kneels, so Ash may attempt HTH (SK-16.15.3-a (2)); reaction die 1: both go down in
    // Bay's hex and drop what is not a knife or pistol (SK-16.15.3-T1, -b).
    let bay = blade("Bay", 1, (1, 2), N).stance("kneeling");
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), bay);
    let ev = g.play("Ash goes hand to hand with Bay", &[1]);
    assert!(
        ev.iter().any(|e| matches!(e, Event::HthBegan { .. })),
        "{ev:#?}"
    );
    assert_eq!(
        g.fig("Ash").pos,
        Pos::new(1, 2),
        "the attacker moves into the hex"
    );
    assert!(g.fig("Ash").in_hth && g.fig("Bay").in_hth);
    assert_eq!(g.fig("Bay").ready, None, "the blade is dropped");
    // Bay, bare-handed in HTH: +4, and nothing else (facing and posture do not count).
    let r = roll(&g.play("Bay attacks Ash", &d3(16)));
    assert_eq!(r.kind, AttackKind::Hth);
    r.assert_mod("hth", 4, "SK-16.15.3-e");
    assert_eq!(r.ids(), ["hth"]);
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 16);
}

#[test]
fn sk_16_15_3_e_outsider_melee_into_hand_to_hand_plus_four() {
    let cal = blade("Cal", 0, (1, 3), N);
    let bay = blade("Bay", 1, (1, 2), N).stance("kneeling");
    let mut g = game(
        &[],
        &open(3, 6),
        &[],
        &[blade("Ash", 0, (1, 1), S), cal, bay],
    );
    g.reach_actions(0);
    g.play("Ash goes hand to hand with Bay", &[1]);
    // Cal stands next to the brawl with a blade: "anyone outside the HTH attacking them with a
    // melee weapon also gets +4 DEX".
    // His miss then rolls to avoid Ash, the other brawler (SK-16.15.3-f): 3, avoided.
    let r = roll(&g.play("Cal attacks Bay", &faces(&[&d3(16), &d3(3)])));
    r.assert_mod("into-hth", 4, "SK-16.15.3-e");
    r.assert_adds_up(12);
}

#[test]
fn sk_6_3_6_a_marksmanship_plus_three() {
    let mut g = range(&[], &["pistol"], &format!("{GUNNER}, marksmanship = 1"), 3);
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    assert_eq!(r.kind, AttackKind::Missile);
    r.assert_mod("marksmanship", 3, "SK-6.3.6-a");
    assert_eq!(r.ids(), ["marksmanship"]);
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 15);
}

#[test]
fn sk_6_3_6_a_marksmanship_only_with_weapons_he_knows() {
    // No Sidearms: the pistol is unskilled (−4) and Marksmanship does not help.
    let mut g = range(&[], &["pistol"], &format!("{PLAIN}, marksmanship = 1"), 3);
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("unskilled", -4, "SK-6-b");
    assert_eq!(r.ids(), ["unskilled"]);
    r.assert_adds_up(12);
}

#[test]
fn sk_13_6_a_missile_range_minus_one_per_two_mh_beyond_two() {
    // Hex distance d → ceil(d / 3) MH (G-16) → −floor((MH − 1) / 2).
    for (d, want) in [
        (2, 0),
        (6, 0),
        (7, -1),
        (12, -1),
        (13, -2),
        (18, -2),
        (19, -3),
    ] {
        let mut g = range(&[], &["pistol"], GUNNER, d);
        let r = roll(&g.play("Ash shoots Bay", &d3(16)));
        if want == 0 {
            assert!(!r.has("range"), "d {d}: {:?}", r.ids());
        } else {
            r.assert_mod("range", want, "SK-13.6-a");
            assert_eq!(r.ids(), ["range"], "d {d}");
        }
        r.assert_adds_up(12);
    }
}

#[test]
fn sk_16_8_c_energy_weapons_take_half_the_range_penalty() {
    // G-16: −floor(missile penalty / 2): 3–4 MH −1 → 0; 5–6 MH −2 → −1; 9–10 MH −4 → −2.
    for (d, want) in [(7, 0), (13, -1), (19, -1), (25, -2)] {
        let mut g = range(&[], &["laser-pistol"], GUNNER, d);
        let r = roll(&g.play("Ash shoots Bay", &d3(16)));
        if want == 0 {
            // Half of −1, rounded in the firer's favour: no adjustment (a 0 record may show it).
            assert!(
                r.modifiers.iter().all(|m| m.value == 0),
                "d {d}: {:?}",
                r.modifiers
            );
        } else {
            r.assert_mod("range", want, "SK-16.8-c");
        }
        r.assert_adds_up(12);
    }
}

#[test]
fn sk_6_2_10_a_sk_13_5_b_thrown_weapons_plus_two_and_minus_one_per_hex() {
    let mut g = range(
        &[],
        &["utility-knife"],
        "str = 10, dex = 12, int = 10, knife = 1, thrown_weapons = 1",
        3,
    );
    let ev = g.play("Ash throws the Utility Knife at Bay", &d3(16));
    let r = roll(&ev);
    assert_eq!(r.kind, AttackKind::Thrown);
    r.assert_mod("thrown-skill", 2, "SK-6.2.10-a");
    r.assert_mod("range", -3, "SK-13.5-b");
    assert_eq!(r.ids(), ["thrown-skill", "range"]);
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 11);
    // SK-12.2-d: the knife leaves his hand.
    assert!(effects(&ev)
        .iter()
        .any(|e| matches!(e.1, Effect::WeaponThrown { slot: 0, .. }) && e.2 == "SK-12.2-d"));
    assert_eq!(g.fig("Ash").ready, None);
}

#[test]
fn sk_12_2_d_a_missed_thrown_weapon_lies_in_the_targets_hex() {
    let mut g = range(
        &[],
        &["utility-knife"],
        "str = 10, dex = 12, int = 10, knife = 1, thrown_weapons = 1",
        3,
    );
    g.play("Ash throws the Utility Knife at Bay", &d3(16));
    assert_eq!(g.s.dropped.len(), 1);
    assert_eq!(g.s.dropped[0].pos, Pos::new(1, 3));
    // So it is not Ash's to pick up where he stands next turn.
    g.finish_turn();
    g.reach_actions(0);
    assert!(!g.can("Ash picks up his weapon"));
}

#[test]
fn sk_13_5_b_thrown_without_the_thrown_weapons_skill() {
    let mut g = range(
        &[],
        &["utility-knife"],
        "str = 10, dex = 12, int = 10, knife = 1",
        4,
    );
    let r = roll(&g.play("Ash throws the Utility Knife at Bay", &d3(16)));
    r.assert_mod("range", -4, "SK-13.5-b");
    assert_eq!(r.ids(), ["range"]);
    r.assert_adds_up(12);
}

#[test]
fn sk_13_5_a_thrown_weapons_skill_is_enough_to_throw() {
    // SK-13.5-a: a weapon may be thrown by a character with the Thrown Weapons skill OR a
    // weapon-specific skill; only without either does the unskilled −4 apply.
    let mut g = range(
        &[],
        &["utility-knife"],
        "str = 10, dex = 12, int = 10, thrown_weapons = 1",
        3,
    );
    let r = roll(&g.play("Ash throws the Utility Knife at Bay", &d3(16)));
    assert!(!r.has("unskilled"), "{:?}", r.ids());
    assert_eq!(r.target_number, 11);
}

#[test]
fn sk_16_12_b_grenade_minus_one_per_mh() {
    let mut g = range(
        &[],
        &["he-grenade"],
        "str = 10, dex = 12, int = 10, thrown_weapons = 1",
        4,
    );
    let ev = g.play(
        "Ash throws the High-explosive (fragmentation) grenade at 1,4",
        &d3(12),
    );
    let r = roll(&ev);
    assert_eq!((r.kind, r.rule), (AttackKind::Grenade, "SK-16.12-d"));
    r.assert_mod("thrown-skill", 2, "SK-6.2.10-a");
    // 4 hexes = 2 MH (G-16).
    r.assert_mod("range", -2, "SK-16.12-b");
    assert_eq!(r.ids(), ["thrown-skill", "range"]);
    r.assert_adds_up(12);
    assert!(ev.iter().any(
        |e| matches!(e, Event::GrenadeLanded { at, scatter: None, .. } if *at == Pos::new(1, 4))
    ));
}

#[test]
fn sk_6_b_sk_16_12_w_grenade_without_thrown_weapons_minus_four() {
    // A 5 always lands on target (SK-16.12-d), so no scatter die is needed.
    let mut g = range(&[], &["he-grenade"], PLAIN, 4);
    let r = roll(&g.play(
        "Ash throws the High-explosive (fragmentation) grenade at 1,4",
        &d3(5),
    ));
    r.assert_mod("unskilled", -4, "SK-6-b");
    r.assert_adds_up(12);
}

#[test]
fn sk_24_t2_g_17_prone_target_minus_three_for_missiles() {
    let mut g = range_on(&[], &open(3, 5), &[], &["pistol"], GUNNER, 3, |u| {
        u.stance("prone")
    });
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("prone-target", -3, "SK-24-T2");
    assert_eq!(r.ids(), ["prone-target"]);
    r.assert_adds_up(12);
}

#[test]
fn sk_24_t2_kneeling_target_minus_two_for_missiles() {
    let mut g = range_on(&[], &open(3, 5), &[], &["pistol"], GUNNER, 3, |u| {
        u.stance("kneeling")
    });
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("kneeling-target", -2, "SK-24-T2");
    assert_eq!(r.ids(), ["kneeling-target"]);
    r.assert_adds_up(12);
}

#[test]
fn sk_13_6_h_missile_weapons_get_no_facing_modifier() {
    // Bay turns his back (faces S, away from Ash): no +4 for a shot.
    let mut g = range_on(&[], &open(3, 5), &[], &["pistol"], GUNNER, 3, |mut u| {
        u.facing = S;
        u
    });
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    assert!(r.modifiers.is_empty(), "{:?}", r.ids());
}

#[test]
fn sk_13_6_g_rifle_fired_after_moving_no_more_than_one_hex_plus_one() {
    let mut g = range(
        &[],
        &["rifle"],
        "str = 10, dex = 12, int = 10, shoulderarms = 1",
        3,
    );
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("stock", 1, "SK-13.6-g");
    assert_eq!(r.ids(), ["stock"]);
    r.assert_adds_up(12);
}

#[test]
fn sk_13_6_g_pistol_fired_prone_plus_one() {
    let ash = unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER).stance("prone");
    let mut g = game(
        &[],
        &open(3, 5),
        &[],
        &[ash, unit("Bay", 1, (1, 3), N, &[], PLAIN)],
    );
    g.reach_actions(0);
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("pistol-prone", 1, "SK-13.6-g");
    assert_eq!(r.ids(), ["pistol-prone"]);
    r.assert_adds_up(12);
}

#[test]
fn sk_17_4_a_smoke_minus_one_per_hex_fired_through() {
    for (rows, want) in [
        (["...", "...", ".s.", "...", "...", "..."], -1),
        (["...", ".s.", ".s.", "...", "...", "..."], -2),
    ] {
        let rows: Vec<String> = rows.iter().map(|s| s.to_string()).collect();
        let mut g = range_on(&[], &rows, &[('s', "smoke")], &["pistol"], GUNNER, 4, same);
        let r = roll(&g.play("Ash shoots Bay", &d3(16)));
        r.assert_mod("smoke", want, "SK-17.4-a");
        assert_eq!(r.ids(), ["smoke"]);
        r.assert_adds_up(12);
    }
}

#[test]
fn sk_17_4_c_standing_in_smoke_minus_two() {
    // G-51: the firer's own smoky hex also counts as a hex fired from (−1), plus −2 for standing
    // in smoke without a gas mask.
    let rows: Vec<String> = [".s.", "...", "...", "...", "..."]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut g = range_on(&[], &rows, &[('s', "smoke")], &["pistol"], GUNNER, 3, same);
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("in-smoke", -2, "SK-17.4-c");
    r.assert_mod("smoke", -1, "SK-17.4-a");
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 9);
}

#[test]
fn sk_17_5_b_missile_in_complete_darkness_dex_is_five() {
    let mut g = range(&[("sk.complete_darkness", "true")], &["pistol"], GUNNER, 3);
    let r = roll(&g.play("Ash shoots Bay", &d3(6)));
    let m = r.m("darkness");
    assert_eq!(m.rule.0, "SK-17.5-b");
    assert_eq!(r.target_number, 5, "DEX is 5, not −5");
    assert_eq!(r.result, PLAIN_MISS);
}

#[test]
fn sk_17_1_a_missile_fired_without_moving_on_broken_ground_no_penalty() {
    let rows: Vec<String> = [".b.", ".b.", "...", "...", "..."]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut g = range_on(&[], &rows, &[('b', "broken")], &["pistol"], GUNNER, 4, same);
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    assert!(!r.has("footing"), "{:?}", r.ids());
}

#[test]
fn sk_17_1_a_missile_fired_after_moving_on_broken_ground_minus_two() {
    let rows: Vec<String> = [".b.", ".b.", "...", "...", "...", "..."]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let ash = unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER);
    let mut g = game(
        &[],
        &rows,
        &[('b', "broken")],
        &[ash, unit("Bay", 1, (1, 5), N, &[], PLAIN)],
    );
    g.start_turn(0);
    g.act("Ash moves to 1,1 facing S");
    g.stand_all();
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("footing", -2, "SK-17.1-a");
    assert_eq!(r.ids(), ["footing"]);
    r.assert_adds_up(12);
}

const ASSAULT: &str = "str = 11, dex = 12, int = 10, shoulderarms = 1";

#[test]
fn sk_16_6_e_burst_plus_one_per_three_rounds() {
    let mut g = range(&[], &["automatic-rifle"], ASSAULT, 3);
    let ev = g.play("Ash fires a burst at Bay", &d3(16));
    let r = roll(&ev);
    r.assert_mod("autofire", 1, "SK-16.6-e");
    r.assert_mod("stock", 1, "SK-13.6-g");
    // SK-16.6-d: a 3-round burst needs no extra STR (floor(2 / 3) = 0).
    assert!(!r.has("str-short"));
    assert_eq!(r.ids(), ["autofire", "stock"]);
    r.assert_adds_up(12);
    assert_eq!(g.fig("Ash").weapons[0].unwrap().rounds, 22);
}

#[test]
fn sk_16_6_e_sk_6_3_2_a_sk_16_6_d_full_auto_bonus_skill_and_recoil() {
    // 13 rounds: +4 (floor(13 / 3)); no Automatic Weapons: −4; recoil needs STR 11 + floor(12 / 3)
    // = 15, four more than Ash has: −4 (SK-16.6-d with SK-13.2-a, counted once, G-35).
    let mut g = range(&[], &["automatic-rifle"], ASSAULT, 3);
    let r = roll(&g.play("Ash fires full auto at Bay", &d3(16)));
    r.assert_mod("autofire", 4, "SK-16.6-e");
    r.assert_mod("no-auto-skill", -4, "SK-6.3.2-a");
    r.assert_mod("str-short", -4, "SK-13.2-a");
    r.assert_mod("stock", 1, "SK-13.6-g");
    assert_eq!(r.modifiers.len(), 4);
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 9);
    assert_eq!(g.fig("Ash").weapons[0].unwrap().rounds, 12);
}

#[test]
fn sk_6_3_2_a_automatic_weapons_skill_removes_the_full_auto_penalty() {
    let mut g = range(
        &[],
        &["automatic-rifle"],
        &format!("{ASSAULT}, automatic_weapons = 1"),
        3,
    );
    let r = roll(&g.play("Ash fires full auto at Bay", &d3(16)));
    assert!(!r.has("no-auto-skill"), "{:?}", r.ids());
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 13);
}

#[test]
fn sk_13_7_c_aiming_one_turn_plus_one_first_shot_only() {
    let mut g = range(&[], &["pistol"], GUNNER, 3);
    g.act("Ash aims at Bay");
    g.finish_turn();
    g.reach_actions(0);
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("aim", 1, "SK-13.7-c");
    assert_eq!(r.ids(), ["aim"]);
    r.assert_adds_up(12);
    // The pistol's second shot of the turn gets no aiming bonus (G-45).
    g.act("Bay does nothing");
    let r2 = roll(&g.play("Ash shoots Bay", &d3(16)));
    assert!(r2.modifiers.is_empty(), "{:?}", r2.ids());
}

#[test]
fn sk_13_7_c_aiming_two_turns_plus_two() {
    let mut g = range(&[], &["pistol"], GUNNER, 3);
    g.act("Ash aims at Bay");
    g.finish_turn();
    g.reach_actions(0);
    g.act("Ash aims at Bay");
    g.finish_turn();
    g.reach_actions(0);
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("aim", 2, "SK-13.7-c");
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 14);
}

#[test]
fn sk_13_7_d_five_hits_cancel_aiming() {
    // Bay aims at Ash; Ash hits him for 6 in the next turn before he fires: the aim is gone.
    let bay = unit("Bay", 1, (1, 3), N, &["pistol"], GUNNER);
    let ash = unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER);
    let mut g = game(&[], &open(3, 5), &[], &[ash, bay]);
    g.reach_actions(0);
    g.act("Ash does nothing");
    g.act("Bay aims at Ash");
    g.finish_turn();
    g.reach_actions(0);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[3, 3]]));
    assert!(
        effects(&ev).contains(&(1, Effect::AimLost, "SK-13.7-d")),
        "{ev:#?}"
    );
    let r = roll(&g.play("Bay shoots Ash", &d3(16)));
    assert!(!r.has("aim"), "{:?}", r.ids());
}

#[test]
fn sk_12_4_b_estr_three_or_less_minus_three() {
    // Turn 1: Ash wounds Bay for 7 (eSTR 3). Turn 2: Bay's −2 of SK-12.4-d is over (E-21), the
    // −3 stays.
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), blade("Bay", 1, (1, 2), N));
    g.play("Ash attacks Bay", &faces(&[&d3(10), &[3, 4]]));
    assert_eq!(g.fig("Bay").est(), 3);
    g.finish_turn();
    g.reach_actions(0);
    // Bay's ordering eDEX is now 9 (SK-8.4.3-a), so Ash acts first.
    assert_eq!(g.decider(), Some(g.id("Ash")));
    g.act("Ash does nothing");
    let r = roll(&g.play("Bay attacks Ash", &d3(16)));
    r.assert_mod("low-str", -3, "SK-12.4-b");
    assert_eq!(r.ids(), ["low-str"]);
    r.assert_adds_up(12);
}

#[test]
fn sk_12_4_d_five_damage_minus_two_on_the_next_roll() {
    let bay = unit(
        "Bay",
        1,
        (1, 2),
        N,
        &["duel-blade"],
        "str = 14, dex = 12, int = 10, sword = 1",
    );
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), bay);
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[3, 3]]));
    assert!(effects(&ev)
        .iter()
        .any(|e| matches!(e.1, Effect::Shaken { .. }) && e.2 == "SK-12.4-d"));
    let r = roll(&g.play("Bay attacks Ash", &d3(16)));
    r.assert_mod("shaken", -2, "SK-12.4-d");
    assert_eq!(r.ids(), ["shaken"]);
    r.assert_adds_up(12);
}

#[test]
fn sk_12_4_d_four_damage_no_penalty() {
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), blade("Bay", 1, (1, 2), N));
    g.play("Ash attacks Bay", &faces(&[&d3(10), &[2, 2]]));
    let r = roll(&g.play("Bay attacks Ash", &d3(16)));
    assert!(r.modifiers.is_empty(), "{:?}", r.ids());
}

#[test]
fn sk_16_12_s_tear_gas_minus_four() {
    // Ash throws tear gas at Bay; it goes off at the end of the turn (SK-16.12-g), and the cloud
    // then covers Bay's hex: he is gassed for the rest of the combat.
    let ash = unit(
        "Ash",
        0,
        (1, 0),
        S,
        &["tear-gas-grenade"],
        "str = 10, dex = 12, int = 10, thrown_weapons = 1",
    );
    let bay = unit("Bay", 1, (1, 3), N, &["pistol"], GUNNER);
    let mut g = game(&[], &open(3, 6), &[], &[ash, bay]);
    g.reach_actions(0);
    g.play("Ash throws the Tear gas grenade at 1,3", &d3(10));
    g.act("Bay does nothing");
    let end: Vec<Event> = g.log.clone();
    assert!(
        effects(&end).contains(&(1, Effect::Gassed, "SK-16.12-s")),
        "{end:#?}"
    );
    assert!(!g.fig("Ash").gassed);
    g.reach_actions(0);
    g.act("Ash does nothing");
    let r = roll(&g.play("Bay shoots Ash", &d3(16)));
    r.assert_mod("tear-gas", -4, "SK-16.12-s");
    r.assert_adds_up(12);
}

#[test]
fn sk_14_1_e_sk_14_2_a_armor_shield_and_encumbrance_dex_penalties() {
    // Heavy Alloy (−4), Tower Shield (−1), and 32.5 kg on STR 10 (3–4 × STR: −1, SK-14.2-T1).
    // With the Shield skill he fights beside the shield (SK-6.1.7-a).
    let ash = unit(
        "Ash",
        0,
        (1, 1),
        S,
        &[
            "duel-blade",
            "combat-shotgun",
            "heavy-alloy",
            "tower-shield",
        ],
        &format!("{FIGHTER}, shield = 1"),
    );
    let mut g = duel(&[], ash, blade("Bay", 1, (1, 2), N));
    assert_eq!(g.fig("Ash").enc_dex, -1);
    // They count for the action order too (SK-8.4.3-a): eDEX 6, so Bay acts first.
    assert_eq!(g.decider(), Some(g.id("Bay")));
    g.act("Bay does nothing");
    let r = roll(&g.play("Ash attacks Bay", &d3(16)));
    r.assert_mod("armor", -4, "SK-14.1-e");
    r.assert_mod("shield", -1, "SK-14.1-e");
    r.assert_mod("encumbrance", -1, "SK-14.2-a");
    assert_eq!(r.ids(), ["armor", "shield", "encumbrance"]);
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 6);
}

/// Ash behind a half-metre wall (the hex next to him), Bay 4 hexes beyond it, both with pistols.
fn over_wall() -> Game {
    let rows: Vec<String> = ["...", ".h.", "...", "...", "...", "..."]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let ash = unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER);
    let bay = unit("Bay", 1, (1, 4), N, &["pistol"], GUNNER);
    let mut g = game(&[], &rows, &[('h', "wall-half")], &[ash, bay]);
    g.reach_actions(0);
    g
}

#[test]
fn sk_13_6_f_firing_from_behind_a_wall_minus_two() {
    // Firing over the wall he stands behind: −2 for leaning out (SK-13.6-f), and the wall
    // supports the weapon, +2 (SK-13.6-g, SK-24-T3: "weapon is supported").
    let mut g = over_wall();
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("leaning", -2, "SK-13.6-f");
    r.assert_mod("rested", 2, "SK-13.6-g");
    assert_eq!(r.ids(), ["rested", "leaning"]);
    r.assert_adds_up(12);
}

#[test]
fn sk_13_6_e_target_firing_over_a_wall_minus_six() {
    // Having fired over the wall, Ash is exposed to Bay's return fire this turn at −6.
    let mut g = over_wall();
    g.play("Ash shoots Bay", &d3(16));
    assert!(g.fig("Ash").exposed);
    let r = roll(&g.play("Bay shoots Ash", &d3(16)));
    r.assert_mod("over-wall", -6, "SK-13.6-e");
    assert_eq!(r.ids(), ["over-wall"]);
    r.assert_adds_up(12);
}

#[test]
fn sk_16_7_b_shotgun_spread_plus_one_near_plus_two_far() {
    // Hunting shotgun, birdshot wide, effective range 6 hexes (G-19): +1 closer than half of it,
    // +2 at half or beyond.
    for (d, want) in [(2, 1), (3, 2), (5, 2)] {
        let mut g = range(
            &[],
            &["hunting-shotgun"],
            "str = 10, dex = 12, int = 10, shotguns = 1",
            d,
        );
        let r = roll(&g.play("Ash shoots Bay", &d3(16)));
        r.assert_mod("spread", want, "SK-16.7-b");
        r.assert_adds_up(12);
    }
}

#[test]
fn sk_12_2_f_g_14_figure_in_the_line_of_fire_penalty() {
    // A friend 2 hexes out (not adjacent, SK-12.2-c) stands between Ash and Bay: his distance
    // modifier is 0, so the G-14 floor (one per figure) gives −1.
    let ash = unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER);
    let cal = unit("Cal", 0, (1, 2), S, &[], PLAIN);
    let mut g = game(
        &[],
        &open(3, 6),
        &[],
        &[ash, cal, unit("Bay", 1, (1, 4), N, &[], PLAIN)],
    );
    g.reach_actions(0);
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("in-the-way", -1, "SK-12.2-f");
    r.assert_adds_up(12);
}

#[test]
fn sk_11_5_b_attack_on_a_disengaging_figure_with_higher_edex() {
    // Bay (DEX 14) disengages from Ash (DEX 12): Ash's free attack is at −2.
    let bay = unit(
        "Bay",
        1,
        (1, 2),
        N,
        &["duel-blade"],
        "str = 10, dex = 14, int = 10, sword = 1",
    );
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), bay);
    assert_eq!(g.decider(), Some(g.id("Bay")));
    g.act("Bay disengages to 1,3");
    let r = roll(&g.play("Ash attacks Bay as he disengages", &d3(16)));
    r.assert_mod("disengaging", -2, "SK-11.5-b");
    r.assert_adds_up(12);
    assert_eq!(g.fig("Bay").pos, Pos::new(1, 3));
}

#[test]
fn sk_17_10_l_regular_weapon_against_a_floating_figure_minus_four() {
    // Microgravity: Cal's pistol hit sends Bay floating (SK-17.10-b: 4d6 vs (10 + 12) / 2 = 11,
    // rolled 20); then Ash's blade against him is at −4.
    let opts = [("sk.microgravity", "true")];
    let cal = unit("Cal", 0, (1, 5), N, &["pistol"], GUNNER);
    let mut g = game(
        &opts,
        &open(3, 7),
        &[],
        &[cal, blade("Ash", 0, (1, 1), S), blade("Bay", 1, (1, 2), N)],
    );
    g.reach_actions(0);
    assert_eq!(g.decider(), Some(g.id("Cal")));
    // To hit 10; Cal's own recoil save 8 (kept); Bay's save 20 (lost); damage 1 + 1.
    let ev = g.play(
        "Cal shoots Bay",
        &faces(&[&d3(10), &d4(8), &d4(20), &[1, 1]]),
    );
    let c = checks(&ev);
    assert_eq!(c.len(), 2, "{c:?}");
    assert_eq!(
        (c[0].0, c[0].2, c[0].4, c[0].5, c[0].6),
        (0, 4, 11, true, "SK-17.10-b")
    );
    assert_eq!((c[1].0, c[1].2, c[1].4, c[1].5), (2, 4, 11, false));
    assert!(g.fig("Bay").floating);
    let r = roll(&g.play("Ash attacks Bay", &d3(16)));
    r.assert_mod("floating", -4, "SK-17.10-l");
    assert_eq!(r.ids(), ["floating"]);
    r.assert_adds_up(12);
}

// =============================================================================================
// 2. Automatic results (SK-12.1-c…g, SK-5.9.1-c, SK-11.4-c/d, SK-16.15.1-a, SK-16.15.4-e/f).
// =============================================================================================

#[test]
fn sk_12_1_c_three_is_a_hit_for_triple_damage_before_armor() {
    let bay = unit("Bay", 1, (1, 2), N, &["duel-blade", "steel"], FIGHTER);
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), bay);
    // Ash's roll 1+1+1; damage 1+1.
    let ev = g.play("Ash attacks Bay", &[1, 1, 1, 1, 1]);
    let r = roll(&ev);
    assert_eq!(
        (r.result, r.rule),
        (
            ToHit::Hit {
                mult: 3,
                automatic: true
            },
            "SK-12.1-c"
        )
    );
    // G-34: the multiplier applies to the rolled total, before armor: 2 × 3 − 5 = 1.
    let d = &damages(&ev)[0];
    assert_eq!((d.rolled, d.mult, d.armor, d.taken), (2, 3, 5, 1));
    assert_eq!(g.fig("Bay").damage, 1);
}

#[test]
fn sk_12_1_c_four_is_a_hit_for_double_damage() {
    let bay = unit("Bay", 1, (1, 2), N, &["duel-blade", "steel"], FIGHTER);
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), bay);
    let ev = g.play("Ash attacks Bay", &[1, 1, 2, 1, 2]);
    assert_eq!(
        roll(&ev).result,
        ToHit::Hit {
            mult: 2,
            automatic: true
        }
    );
    let d = &damages(&ev)[0];
    assert_eq!((d.rolled, d.mult, d.armor, d.taken), (3, 2, 5, 1));
}

#[test]
fn sk_12_1_c_five_hits_whatever_the_target_number() {
    // DEX 3: the target number is 3, yet 4 and 5 hit; 6 is an ordinary miss.
    let weak = "str = 10, dex = 3, int = 10, sword = 1";
    for (total, want, rule) in [
        (5, AUTO_HIT, "SK-12.1-c"),
        (
            4,
            ToHit::Hit {
                mult: 2,
                automatic: true,
            },
            "SK-12.1-c",
        ),
        (6, PLAIN_MISS, "SK-12.1-a"),
    ] {
        let ash = unit("Ash", 0, (1, 1), S, &["duel-blade"], weak);
        let bay = unit(
            "Bay",
            1,
            (1, 2),
            N,
            &["duel-blade"],
            "str = 30, dex = 12, int = 10, sword = 1",
        );
        let mut g = duel(&[], ash, bay);
        // Ash's eDEX 3 puts him after Bay.
        g.act("Bay does nothing");
        let dmg: &[i64] = if want.is_hit() { &[1, 1] } else { &[] };
        let ev = g.play("Ash attacks Bay", &faces(&[&d3(total), dmg]));
        let r = roll(&ev);
        assert_eq!(r.target_number, 3);
        assert_eq!((r.result, r.rule), (want, rule), "roll {total}");
    }
}

#[test]
fn sk_12_1_d_sixteen_misses_whatever_the_target_number() {
    let ash = unit(
        "Ash",
        0,
        (1, 1),
        S,
        &["duel-blade"],
        "str = 10, dex = 20, int = 10, sword = 1",
    );
    let mut g = duel(&[], ash, blade("Bay", 1, (1, 2), N));
    let ev = g.play("Ash attacks Bay", &d3(16));
    let r = roll(&ev);
    assert_eq!(r.target_number, 20);
    assert_eq!((r.result, r.rule), (AUTO_MISS, "SK-12.1-d"));
    assert!(damages(&ev).is_empty() && effects(&ev).is_empty());
    assert_eq!(g.fig("Ash").ready, Some(0));
}

#[test]
fn sk_12_1_d_seventeen_drops_the_weapon_which_can_be_picked_up() {
    let ash = unit(
        "Ash",
        0,
        (1, 1),
        S,
        &["duel-blade"],
        "str = 10, dex = 20, int = 10, sword = 1",
    );
    let mut g = duel(&[], ash, blade("Bay", 1, (1, 2), N));
    let ev = g.play("Ash attacks Bay", &d3(17));
    assert_eq!(
        (roll(&ev).result, roll(&ev).rule),
        (ToHit::Dropped, "SK-12.1-d")
    );
    assert_eq!(
        effects(&ev),
        [(0, Effect::WeaponDropped { slot: 0 }, "SK-12.1-d")]
    );
    let ash = g.fig("Ash");
    assert_eq!(ash.ready, None);
    assert_eq!(ash.weapons[0].unwrap().state, WeaponState::Dropped);
    assert_eq!(g.s.dropped.len(), 1);
    assert_eq!(
        (g.s.dropped[0].pos, g.s.dropped[0].owner),
        (Pos::new(1, 1), 0)
    );
    g.finish_turn();
    // Next turn he picks it up (his first choice, SK-12.1-d "he has to pick it up next turn").
    g.reach_actions(0);
    assert_eq!(g.texts()[0], "Ash picks up his weapon");
    g.act("Ash picks up his weapon");
    let ash = g.fig("Ash");
    assert_eq!(ash.ready, Some(0));
    assert_eq!(ash.weapons[0].unwrap().state, WeaponState::Ok);
    assert!(g.s.dropped.is_empty());
}

#[test]
fn sk_12_1_f_eighteen_breaks_a_melee_weapon_for_good() {
    let ash = unit(
        "Ash",
        0,
        (1, 1),
        S,
        &["duel-blade"],
        "str = 10, dex = 20, int = 10, sword = 1",
    );
    let mut g = duel(&[], ash, blade("Bay", 1, (1, 2), N));
    // No break die for a melee weapon: the faces given are the to-hit roll only.
    let ev = g.play("Ash attacks Bay", &d3(18));
    assert_eq!(roll(&ev).result, ToHit::Broken);
    assert_eq!(
        effects(&ev),
        [(
            0,
            Effect::WeaponBroken {
                slot: 0,
                permanent: true
            },
            "SK-12.1-f"
        )]
    );
    assert_eq!(g.fig("Ash").weapons[0].unwrap().state, WeaponState::Broken);
    assert_eq!(g.fig("Ash").ready, None);
}

#[test]
fn sk_12_1_e_a_broken_missile_weapon_rolls_1d6() {
    // (weapon, die, permanent): gas-action 1 is permanent (the autopistol), other results and
    // non-gas-action firearms are temporary (G-36); energy weapons 1–3 are permanent.
    for (weapon, die, permanent) in [
        ("autopistol", 1, true),
        ("autopistol", 2, false),
        ("pistol", 1, false),
        ("laser-pistol", 3, true),
        ("laser-pistol", 4, false),
    ] {
        let mut g = range(
            &[],
            &[weapon],
            "str = 10, dex = 20, int = 10, sidearms = 1",
            3,
        );
        let ev = g.play("Ash shoots Bay", &faces(&[&d3(18), &[die]]));
        assert_eq!(roll(&ev).result, ToHit::Broken);
        assert_eq!(
            effects(&ev),
            [(0, Effect::WeaponBroken { slot: 0, permanent }, "SK-12.1-e")],
            "{weapon} die {die}"
        );
        let want = if permanent {
            WeaponState::Broken
        } else {
            WeaponState::TemporarilyBroken
        };
        assert_eq!(g.fig("Ash").weapons[0].unwrap().state, want);
        assert_eq!(g.fig("Ash").ready, None);
    }
}

#[test]
fn sk_12_1_f_a_club_breaks_only_on_its_second_eighteen() {
    let ash = unit(
        "Ash",
        0,
        (1, 1),
        S,
        &["club-baton"],
        "str = 10, dex = 20, int = 10",
    );
    let mut g = duel(&[], ash, blade("Bay", 1, (1, 2), N));
    let ev = g.play("Ash attacks Bay", &d3(18));
    assert_eq!(
        effects(&ev),
        [(0, Effect::ClubCracked { slot: 0 }, "SK-12.1-f")]
    );
    let slot = g.fig("Ash").weapons[0].unwrap();
    assert_eq!((slot.state, slot.club_breaks), (WeaponState::Ok, 1));
    assert_eq!(g.fig("Ash").ready, Some(0));
    g.finish_turn();
    g.reach_actions(0);
    let ev = g.play("Ash attacks Bay", &d3(18));
    assert_eq!(
        effects(&ev),
        [(
            0,
            Effect::WeaponBroken {
                slot: 0,
                permanent: true
            },
            "SK-12.1-f"
        )]
    );
    assert_eq!(g.fig("Ash").weapons[0].unwrap().state, WeaponState::Broken);
}

/// Ash (pistol, DEX `dex`) shoots Bay, who stood still and declared Dodge (SK-11.4-a).
fn shoot_at_dodger(opts: &[(&str, &str)], dex: i32) -> Game {
    let ash = unit(
        "Ash",
        0,
        (1, 0),
        S,
        &["pistol"],
        &format!("str = 10, dex = {dex}, int = 10, sidearms = 1"),
    );
    let mut g = game(
        opts,
        &open(3, 5),
        &[],
        &[ash, unit("Bay", 1, (1, 3), N, &[], PLAIN)],
    );
    g.start_turn(0);
    g.act("Ash stands facing S");
    g.act("Bay stands facing N and dodges");
    assert_eq!(g.s.phase, Phase::Action);
    // SK-11.6-a: when Bay's slot comes first (Ash's DEX below 12), he keeps his dodge.
    if g.decider() == Some(g.id("Bay")) {
        g.act("Bay keeps dodging");
    }
    g
}

#[test]
fn sk_11_4_c_sk_5_9_1_c_against_a_dodger_4d6_version_a() {
    // (DEX, 4d6 total, extra faces, result, rule)
    let cases: [(i32, i64, &[i64], ToHit, &str); 9] = [
        (3, 4, &[1, 1], AUTO_HIT, "SK-5.9.1-c"),
        (3, 5, &[1, 1], AUTO_HIT, "SK-5.9.1-c"),
        (3, 6, &[], PLAIN_MISS, "SK-12.1-a"),
        (22, 19, &[1, 1], PLAIN_HIT, "SK-12.1-a"),
        (22, 20, &[], AUTO_MISS, "SK-5.9.1-c"),
        (22, 21, &[], ToHit::Dropped, "SK-5.9.1-c"),
        (22, 22, &[], ToHit::Dropped, "SK-5.9.1-c"),
        (22, 23, &[2], ToHit::Broken, "SK-5.9.1-c"),
        (22, 24, &[2], ToHit::Broken, "SK-5.9.1-c"),
    ];
    for (dex, total, extra, want, rule) in cases {
        let mut g = shoot_at_dodger(&[], dex);
        let ev = g.play("Ash shoots Bay", &faces(&[&d4(total), extra]));
        let r = roll(&ev);
        assert_eq!(r.dice, 4);
        assert_eq!((r.result, r.rule), (want, rule), "DEX {dex} roll {total}");
        // "4 and 5 … have no other effects": no double or triple damage.
        if let Some(d) = damages(&ev).first() {
            assert_eq!(d.mult, 1);
        }
        match want {
            ToHit::Dropped => {
                assert_eq!(g.fig("Ash").weapons[0].unwrap().state, WeaponState::Dropped)
            }
            ToHit::Broken => assert_eq!(
                g.fig("Ash").weapons[0].unwrap().state,
                WeaponState::TemporarilyBroken
            ),
            _ => assert_eq!(g.fig("Ash").weapons[0].unwrap().state, WeaponState::Ok),
        }
    }
}

#[test]
fn sk_12_1_g_g_01_against_a_dodger_4d6_version_b() {
    let b = [("sk.auto_numbers", "\"B\"")];
    let cases: [(i32, i64, &[i64], ToHit, &str); 7] = [
        (3, 4, &[1, 1], AUTO_HIT, "SK-12.1-g"),
        (3, 7, &[1, 1], AUTO_HIT, "SK-12.1-g"),
        (3, 8, &[], PLAIN_MISS, "SK-12.1-a"),
        (22, 20, &[1, 1], PLAIN_HIT, "SK-12.1-a"),
        (22, 21, &[], AUTO_MISS, "SK-12.1-g"),
        (22, 23, &[], AUTO_MISS, "SK-12.1-g"),
        (22, 24, &[], AUTO_MISS, "SK-12.1-g"),
    ];
    for (dex, total, extra, want, rule) in cases {
        let mut g = shoot_at_dodger(&b, dex);
        let ev = g.play("Ash shoots Bay", &faces(&[&d4(total), extra]));
        let r = roll(&ev);
        assert_eq!(r.dice, 4);
        assert_eq!((r.result, r.rule), (want, rule), "DEX {dex} roll {total}");
        // Version B has no drop or break results.
        assert_eq!(g.fig("Ash").weapons[0].unwrap().state, WeaponState::Ok);
    }
}

#[test]
fn sk_11_4_d_against_a_defender_4d6_and_23_breaks_the_blade() {
    let ash = unit(
        "Ash",
        0,
        (1, 1),
        S,
        &["duel-blade"],
        "str = 10, dex = 22, int = 10, sword = 1",
    );
    let mut g = game(&[], &open(3, 5), &[], &[ash, blade("Bay", 1, (1, 2), N)]);
    g.start_turn(0);
    g.act("Ash stands facing S");
    g.act("Bay stands facing N and defends");
    let ev = g.play("Ash attacks Bay", &d4(23));
    let r = roll(&ev);
    assert_eq!((r.dice, r.result, r.rule), (4, ToHit::Broken, "SK-5.9.1-c"));
    assert_eq!(
        effects(&ev),
        [(
            0,
            Effect::WeaponBroken {
                slot: 0,
                permanent: true
            },
            "SK-12.1-f"
        )]
    );
}

#[test]
fn sk_11_4_a_dodge_does_not_work_against_melee() {
    // G-44: Dodge only against ranged attacks. Bay (disengaged) dodges; Ash then steps up to him
    // (a Step into his threat zone counts as a Shift, SK-11.6-b) and attacks: 3d6.
    let mut g = game(
        &[],
        &open(3, 5),
        &[],
        &[blade("Ash", 0, (1, 1), S), blade("Bay", 1, (1, 3), N)],
    );
    g.start_turn(1);
    g.act("Bay stands facing N and dodges");
    g.act("Ash moves to 1,2 facing S");
    // Bay moved first, so his slot comes first at equal eDEX: he keeps his dodge (SK-11.6-a).
    g.act("Bay keeps dodging");
    assert_eq!(g.decider(), Some(0));
    let r = roll(&g.play("Ash attacks Bay", &d3(16)));
    assert_eq!(r.dice, 3);
}

#[test]
fn sk_11_7_8_a_charge_attack_after_a_half_move() {
    // Ash, disengaged when his turn to move comes, charges 2 hexes (≤ Half Move) to Bay, who
    // faces him: the Charge attack of the disengaged list (SK-25-T1 "Attack: Half-Move").
    let mut g = game(
        &[],
        &open(3, 5),
        &[],
        &[blade("Ash", 0, (1, 0), S), blade("Bay", 1, (1, 3), N)],
    );
    g.start_turn(0);
    g.act("Ash moves to 1,2 facing S");
    g.act("Bay stands facing N");
    assert!(g.can("Ash attacks Bay"), "{:?}", g.texts());
}

#[test]
fn sk_16_15_4_e_martial_arts_4_defending_5d6_version_a() {
    let ma4 = "str = 10, dex = 12, int = 14, martial_arts = 4";
    let cases: [(i32, i64, &[i64], ToHit); 4] = [
        (3, 5, &[1, 1], AUTO_HIT),
        (30, 24, &[], AUTO_MISS),
        (30, 27, &[], ToHit::Dropped),
        (30, 29, &[], ToHit::Broken),
    ];
    for (dex, total, extra, want) in cases {
        let ash = unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["duel-blade"],
            &format!("str = 10, dex = {dex}, int = 10, sword = 1"),
        );
        let bay = unit("Bay", 1, (1, 2), N, &[], ma4);
        let mut g = game(&[], &open(3, 5), &[], &[ash, bay]);
        g.start_turn(0);
        g.act("Ash stands facing S");
        g.act("Bay stands facing N and defends");
        // SK-11.6-a: Bay's slot comes first when Ash's DEX is below 12: he keeps defending.
        if g.decider() == Some(g.id("Bay")) {
            g.act("Bay keeps defending");
        }
        let ev = g.play("Ash attacks Bay", &faces(&[&d5(total), extra]));
        let r = roll(&ev);
        assert_eq!(
            (r.dice, r.result, r.rule),
            (5, want, "SK-16.15.4-e"),
            "roll {total}"
        );
    }
}

#[test]
fn sk_16_15_4_f_martial_arts_master_is_attacked_on_4d6() {
    let bay = unit(
        "Bay",
        1,
        (1, 2),
        N,
        &[],
        "str = 10, dex = 16, int = 14, martial_arts = 5",
    );
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), bay);
    // Bay (DEX 16) acts first.
    g.act("Bay does nothing");
    let r = roll(&g.play("Ash attacks Bay", &d4(20)));
    assert_eq!((r.dice, r.result), (4, AUTO_MISS));
}

#[test]
fn sk_16_15_1_a_an_unarmed_fumble_does_1d6_to_the_attacker() {
    for total in [17, 18] {
        let ash = unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["leather"],
            "str = 10, dex = 20, int = 10",
        );
        let mut g = duel(&[], ash, blade("Bay", 1, (1, 2), N));
        let ev = g.play("Ash attacks Bay", &faces(&[&d3(total), &[4]]));
        let r = roll(&ev);
        assert!(matches!(r.result, ToHit::Dropped | ToHit::Broken));
        // G-36: no armor against it, no weapon effect.
        let d = damages(&ev);
        assert_eq!(d.len(), 1);
        assert_eq!(
            (d[0].target, d[0].rolled, d[0].armor, d[0].taken, d[0].rule),
            (0, 4, 0, 4, "SK-16.15.1-a")
        );
        assert!(effects(&ev).is_empty(), "{:?}", effects(&ev));
        assert_eq!(g.fig("Ash").damage, 4);
    }
}

// =============================================================================================
// 3. Damage and its effects (SK-12.3, SK-12.4, SK-12.5, SK-6.3.9/10).
// =============================================================================================

#[test]
fn sk_12_3_b_sk_14_1_a_armor_is_subtracted() {
    let bay = unit("Bay", 1, (1, 2), N, &["duel-blade", "leather"], FIGHTER);
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), bay);
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[3, 3]]));
    let d = &damages(&ev)[0];
    assert_eq!(
        (d.expr.as_str(), d.rolled, d.armor, d.taken, d.rule),
        ("2d6", 6, 2, 4, "SK-12.3-b")
    );
    assert_eq!(g.fig("Bay").damage, 4);
    assert_eq!(g.fig("Bay").est(), 6);
}

#[test]
fn sk_12_3_c_minimum_one_hit_against_an_unarmored_foe() {
    // A STR 10 punch is 1d6−3 (SK-16.15.1-T1): a 2 makes −1, which is 1 hit unarmored …
    let ash = unit("Ash", 0, (1, 1), S, &[], PLAIN);
    let mut g = duel(&[], ash, blade("Bay", 1, (1, 2), N));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[2]]));
    let d = &damages(&ev)[0];
    assert_eq!(
        (d.expr.as_str(), d.rolled, d.armor, d.taken),
        ("1d6-3", 0, 0, 1)
    );
    assert_eq!(g.fig("Bay").damage, 1);
    // … and nothing against armor.
    let ash = unit("Ash", 0, (1, 1), S, &[], PLAIN);
    let bay = unit("Bay", 1, (1, 2), N, &["duel-blade", "leather"], FIGHTER);
    let mut g = duel(&[], ash, bay);
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[2]]));
    assert_eq!(damages(&ev)[0].taken, 0);
    assert_eq!(g.fig("Bay").damage, 0);
}

#[test]
fn sk_12_4_e_eight_damage_after_armor_falls_and_does_not_act() {
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), blade("Bay", 1, (1, 2), N));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[4, 4]]));
    let e = effects(&ev);
    assert!(e.contains(&(1, Effect::Fell, "SK-12.4-e")), "{e:?}");
    assert_eq!(posture(&g, "Bay"), Posture::Fallen);
    // SK-8.4.3-b: knocked down before his turn to act, he does not act; no forced retreat
    // against a fallen figure (SK-12.5-a: "standing enemy"). The turn is over.
    assert_eq!(g.s.phase, Phase::TurnStart);
    assert!(!g.fig("Bay").acted);
    // Next turn his first choice is to stand up (SK-11.1-a), which is his whole turn.
    g.start_turn(0);
    g.act("Ash stands facing S");
    assert_eq!(g.texts()[0], "Bay stands up");
    g.act("Bay stands up");
    assert_eq!(posture(&g, "Bay"), Posture::Standing);
}

#[test]
fn sk_12_4_e_eight_before_armor_dex_check_at_minus_two_success_moves_back() {
    // Steel (5, −3 DEX): 9 rolled, 4 taken. Bay's check: eDEX 9 − 2 = 7; he rolls 7 and stays
    // up, moved one hex straight back from Ash (G-38).
    let bay = unit("Bay", 1, (1, 2), N, &["duel-blade", "steel"], FIGHTER);
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), bay);
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[4, 5], &d3(7)]));
    assert_eq!(damages(&ev)[0].taken, 4);
    let c = checks(&ev);
    assert_eq!(c.len(), 1);
    assert_eq!(
        (c[0].1, c[0].2, c[0].4, c[0].5, c[0].6),
        ("stay-up", 3, 7, true, "SK-12.4-e")
    );
    assert!(effects(&ev).contains(&(1, Effect::MovedBack { to: Pos::new(1, 3) }, "SK-12.4-e")));
    assert_eq!(g.fig("Bay").pos, Pos::new(1, 3));
    assert_eq!(posture(&g, "Bay"), Posture::Standing);
}

#[test]
fn sk_12_4_e_eight_before_armor_failed_check_falls() {
    let bay = unit("Bay", 1, (1, 2), N, &["duel-blade", "steel"], FIGHTER);
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), bay);
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[4, 5], &d3(8)]));
    assert!(!checks(&ev)[0].5);
    assert!(effects(&ev).contains(&(1, Effect::Fell, "SK-12.4-e")));
    assert_eq!(g.fig("Bay").pos, Pos::new(1, 2));
    assert_eq!(posture(&g, "Bay"), Posture::Fallen);
}

#[test]
fn sk_6_4_1_d_acrobatics_removes_the_minus_two_on_the_stay_up_check() {
    let bay = unit(
        "Bay",
        1,
        (1, 2),
        N,
        &["duel-blade", "steel"],
        "str = 10, dex = 12, int = 10, sword = 1, acrobatics = 1",
    );
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), bay);
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[4, 5], &d3(9)]));
    let c = checks(&ev);
    assert_eq!((c[0].4, c[0].5), (9, true));
}

#[test]
fn sk_12_4_c_estr_one_is_unconscious() {
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), blade("Bay", 1, (1, 2), N));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[4, 5]]));
    assert!(effects(&ev).contains(&(1, Effect::Unconscious, "SK-12.4-c")));
    assert_eq!(g.fig("Bay").condition, Condition::Unconscious);
    assert_eq!(g.fig("Bay").est(), 1);
    // Side B has no one left in action (SK-19.1-b): A wins.
    assert_eq!(
        Skirmish.decision(&g.s),
        Decision::Over {
            outcome: Outcome::Winner { side: 0 }
        }
    );
}

#[test]
fn sk_12_4_c_estr_zero_or_less_is_dead() {
    for (a, b, est) in [(5, 5, 0), (6, 6, -2)] {
        let mut g = duel(&[], blade("Ash", 0, (1, 1), S), blade("Bay", 1, (1, 2), N));
        let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[a, b]]));
        assert!(effects(&ev).contains(&(1, Effect::Dead, "SK-12.4-c")));
        assert_eq!(g.fig("Bay").condition, Condition::Dead);
        assert_eq!(g.fig("Bay").est(), est, "damage past 0 still counts (G-24)");
    }
}

#[test]
fn sk_6_3_9_a_tough_one_less_after_armor() {
    let bay = unit(
        "Bay",
        1,
        (1, 2),
        N,
        &["duel-blade", "leather"],
        "str = 14, dex = 12, int = 10, sword = 1, tough = 1",
    );
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), bay);
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[3, 4]]));
    let d = &damages(&ev)[0];
    assert_eq!((d.rolled, d.armor, d.tough, d.taken), (7, 2, 1, 4));
}

#[test]
fn sk_6_3_10_a_g_47_very_tough_two_less_in_all() {
    let bay = unit(
        "Bay",
        1,
        (1, 2),
        N,
        &["duel-blade", "leather"],
        "str = 16, dex = 12, int = 10, sword = 1, tough = 1, very_tough = 1",
    );
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), bay);
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[3, 4]]));
    let d = &damages(&ev)[0];
    assert_eq!((d.rolled, d.armor, d.tough, d.taken), (7, 2, 2, 3));
}

#[test]
fn g_47_tough_comes_after_the_unarmored_minimum() {
    // A punch for −1 against an unarmored Tough figure: 1 hit (SK-12.3-c), then −1: 0.
    let ash = unit("Ash", 0, (1, 1), S, &[], PLAIN);
    let bay = unit(
        "Bay",
        1,
        (1, 2),
        N,
        &["duel-blade"],
        "str = 14, dex = 12, int = 10, sword = 1, tough = 1",
    );
    let mut g = duel(&[], ash, bay);
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[2]]));
    let d = &damages(&ev)[0];
    assert_eq!((d.rolled, d.tough, d.taken), (0, 1, 0));
}

#[test]
fn sk_12_5_a_forced_retreat_without_following() {
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), blade("Bay", 1, (1, 2), N));
    g.play("Ash attacks Bay", &faces(&[&d3(10), &[2, 2]]));
    g.act("Bay does nothing");
    // The Forced Retreats phase (SK-8.4.4-a): Ash hit Bay and took no hit from him.
    assert!(matches!(g.s.phase, Phase::Retreat { .. }));
    assert_eq!(g.decider(), Some(g.id("Ash")));
    let t = g.texts();
    assert_eq!(t[0], "Ash holds his ground");
    assert!(t.contains(&"Ash forces Bay back to 1,3 and follows".to_string()));
    let ev = g.act("Ash forces Bay back to 1,3");
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Pushed { follow: false, .. })));
    assert_eq!(g.fig("Bay").pos, Pos::new(1, 3));
    assert_eq!(g.fig("Ash").pos, Pos::new(1, 1));
    assert_eq!(g.s.phase, Phase::TurnStart);
}

#[test]
fn sk_12_5_b_forced_retreat_and_follow_into_the_vacated_hex() {
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), blade("Bay", 1, (1, 2), N));
    g.play("Ash attacks Bay", &faces(&[&d3(10), &[2, 2]]));
    g.act("Bay does nothing");
    g.act("Ash forces Bay back to 0,3 and follows");
    assert_eq!(g.fig("Bay").pos, Pos::new(0, 3));
    assert_eq!(g.fig("Ash").pos, Pos::new(1, 2));
}

#[test]
fn sk_12_5_a_no_forced_retreat_when_the_enemy_hit_back() {
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), blade("Bay", 1, (1, 2), N));
    g.play("Ash attacks Bay", &faces(&[&d3(10), &[2, 2]]));
    g.play("Bay attacks Ash", &faces(&[&d3(10), &[1, 1]]));
    assert_eq!(g.s.phase, Phase::TurnStart, "no retreat decision");
}

#[test]
fn sk_12_5_a_no_forced_retreat_without_damage() {
    // A hit that armor stops entirely does no damage: no retreat (SK-12.5-a "does damage").
    let bay = unit("Bay", 1, (1, 2), N, &["duel-blade", "steel"], FIGHTER);
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), bay);
    g.play("Ash attacks Bay", &faces(&[&d3(10), &[2, 2]]));
    g.act("Bay does nothing");
    assert_eq!(g.s.phase, Phase::TurnStart);
}

// =============================================================================================
// 4. Options, each both ways (options.rs; the schema's `sk.*`).
// =============================================================================================

#[test]
fn option_sk_punch_damage_table_or_str_ladder_g_02_e_03() {
    for (opt, want) in [(None, "1d6-3"), (Some("\"str_ladder\""), "2d6-2")] {
        let opts: Vec<(&str, &str)> = opt.map(|v| ("sk.punch_damage", v)).into_iter().collect();
        let ash = unit("Ash", 0, (1, 1), S, &[], PLAIN);
        let mut g = duel(&opts, ash, blade("Bay", 1, (1, 2), N));
        let dmg: &[i64] = if want.starts_with('1') { &[4] } else { &[2, 2] };
        let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), dmg]));
        assert_eq!(damages(&ev)[0].expr, want);
    }
}

/// Two STR 10, DEX 12 fighters; A wins the initiative and moves last, so B moves first.
fn tie(opt: Option<&str>) -> Game {
    let opts: Vec<(&str, &str)> = opt.map(|v| ("sk.tie_break", v)).into_iter().collect();
    let mut g = game(
        &opts,
        &open(3, 5),
        &[],
        &[blade("Ash", 0, (1, 1), S), blade("Bay", 1, (1, 2), N)],
    );
    g.play("start turn 1", &[6, 1]);
    g.act("move last");
    assert_eq!(g.decider(), Some(g.id("Bay")));
    g.act("Bay stands facing N");
    g
}

fn action_order(g: &Game) -> Vec<u16> {
    g.log
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::ActionOrder { order } => Some(order.iter().map(|o| o.0).collect()),
            _ => None,
        })
        .expect("an action order")
}

#[test]
fn option_sk_tie_break_initiative_order_g_12() {
    // Default: equal eDEX acts in this turn's movement order, so B (moved first) acts first.
    let mut g = tie(None);
    g.act("Ash stands facing S");
    assert_eq!(action_order(&g), [1, 0]);
    assert_eq!(g.decider(), Some(1));
}

#[test]
fn option_sk_tie_break_initiative_winner_g_12() {
    let mut g = tie(Some("\"initiative_winner\""));
    g.act("Ash stands facing S");
    assert_eq!(action_order(&g), [0, 1]);
}

#[test]
fn option_sk_tie_break_die_roll_g_12() {
    // 1d6 each in movement order (Bay 2, Ash 5): the higher die acts first.
    let mut g = tie(Some("\"die_roll\""));
    g.play("Ash stands facing S", &[2, 5]);
    assert_eq!(action_order(&g), [0, 1]);
    let mut g = tie(Some("\"die_roll\""));
    g.play("Ash stands facing S", &[5, 2]);
    assert_eq!(action_order(&g), [1, 0]);
}

#[test]
fn option_sk_tie_break_die_roll_rerolls_equal_dice_g_12() {
    // Bay 3, Ash 3: roll again; Bay 2, Ash 5: Ash first.
    let mut g = tie(Some("\"die_roll\""));
    g.play("Ash stands facing S", &[3, 3, 2, 5]);
    assert_eq!(action_order(&g), [0, 1]);
}

#[test]
fn option_sk_prone_missile_mod_g_17() {
    for (opt, want) in [(None, -3), (Some("-2"), -2)] {
        let opts: Vec<(&str, &str)> = opt
            .map(|v| ("sk.prone_missile_mod", v))
            .into_iter()
            .collect();
        let mut g = range_on(&opts, &open(3, 5), &[], &["pistol"], GUNNER, 3, |u| {
            u.stance("prone")
        });
        let r = roll(&g.play("Ash shoots Bay", &d3(16)));
        r.assert_mod("prone-target", want, "SK-24-T2");
        r.assert_adds_up(12);
    }
}

/// Ash moves 2 hexes (to [1, 2]) with a rifle; Bay is 6 hexes beyond.
fn moved_two(opts: &[(&str, &str)]) -> Game {
    let ash = unit(
        "Ash",
        0,
        (1, 0),
        S,
        &["rifle"],
        "str = 10, dex = 12, int = 10, shoulderarms = 1",
    );
    let mut g = game(
        opts,
        &open(3, 10),
        &[],
        &[ash, unit("Bay", 1, (1, 8), N, &[], PLAIN)],
    );
    g.start_turn(0);
    g.act("Ash moves to 1,2 facing S");
    g.stand_all();
    g
}

#[test]
fn option_sk_move_and_shoot_off_no_shot_after_two_hexes() {
    // SK-11.7.3-a: Shoot only after One Step.
    let g = moved_two(&[]);
    assert!(!g.can("Ash shoots Bay"), "{:?}", g.texts());
}

#[test]
fn option_sk_move_and_shoot_on_sk_13_6_i_minus_two_and_shots_halved() {
    let mut g = moved_two(&[("sk.move_and_shoot", "true")]);
    let ev = g.play("Ash shoots Bay", &d3(16));
    let r = roll(&ev);
    r.assert_mod("moving", -2, "SK-13.6-i");
    // No stock bonus: he moved more than one hex (SK-13.6-g).
    assert_eq!(r.ids(), ["moving"]);
    r.assert_adds_up(12);
    // Three shots a turn halved to one: no later shot (SK-13.6-i).
    assert_eq!(g.fig("Ash").shots_left, 0);
    assert!(!ev
        .iter()
        .any(|e| matches!(e, Event::Shots { left, .. } if *left > 0)));
}

#[test]
fn option_sk_move_and_shoot_penalty_g_18() {
    let mut g = moved_two(&[
        ("sk.move_and_shoot", "true"),
        ("sk.move_and_shoot_penalty", "-4"),
    ]);
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("moving", -4, "SK-13.6-i");
    r.assert_adds_up(12);
}

/// Ash in leather (−1 DEX, −2 MOV), STR 10, DEX 12, at the top of a long column.
fn mover(opts: &[(&str, &str)]) -> Game {
    let ash = unit("Ash", 0, (1, 0), S, &["duel-blade", "leather"], FIGHTER);
    let bay = blade("Bay", 1, (0, 15), S);
    let mut g = game(opts, &open(3, 16), &[], &[ash, bay]);
    g.start_turn(0);
    g
}

#[test]
fn option_sk_movement_formula_off_mov_minus_armor() {
    // MOV 10, leather −2 (SK-14.1-e): 8 hexes.
    let g = mover(&[]);
    assert!(g.can("Ash moves to 1,8 facing S"));
    assert!(!g.can("Ash moves to 1,9 facing S"));
}

#[test]
fn option_sk_movement_formula_on_sk_21_2_a() {
    // (STR 10 + eDEX 11) / 2 rounded up = 11; armor counts only through its DEX (SK-21.2-b).
    let g = mover(&[("sk.movement_formula", "true")]);
    assert!(g.can("Ash moves to 1,11 facing S"));
    assert!(!g.can("Ash moves to 1,12 facing S"));
}

#[test]
fn option_sk_advanced_initiative_sk_21_1_a() {
    // Every figure rolls 3d6 against DEX; the highest margin moves first: Ash 11 (margin 1),
    // Bay 5 (margin 7). No side roll, no choice of order.
    let mut g = game(
        &[("sk.advanced_initiative", "true")],
        &open(3, 5),
        &[],
        &[blade("Ash", 0, (1, 1), S), blade("Bay", 1, (1, 2), N)],
    );
    let ev = g.play("start turn 1", &faces(&[&d3(11), &d3(5)]));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Initiative { rule, .. } if rule.0 == "SK-21.1-a")));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::FigureOrder { figures } if figures.as_slice() == [1, 0])));
    assert_eq!(g.decider(), Some(1));
    g.stand_all();
    // Equal eDEX: the movement order breaks the tie (G-12).
    assert_eq!(action_order(&g), [1, 0]);
}

#[test]
fn option_sk_advanced_initiative_off_sk_9_d_side_roll() {
    let mut g = game(
        &[],
        &open(3, 5),
        &[],
        &[blade("Ash", 0, (1, 1), S), blade("Bay", 1, (1, 2), N)],
    );
    // 1d6 a side; a tie rolls again (G-13): 3–3, then 2–5: B wins and chooses.
    let ev = g.play("start turn 1", &[3, 3, 2, 5]);
    let inits: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Initiative { winner, rule, .. } => Some((*winner, rule.0)),
            _ => None,
        })
        .collect();
    assert_eq!(inits, [(None, "SK-9-d"), (Some(1), "SK-9-d")]);
    assert_eq!(g.s.phase, Phase::ChooseOrder { winner: 1 });
}

#[test]
fn option_sk_defense_declared_movement() {
    let mut g = game(
        &[],
        &open(3, 5),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER),
            unit("Bay", 1, (1, 3), N, &[], PLAIN),
        ],
    );
    g.start_turn(1);
    assert!(g.can("Bay stands facing N and dodges"));
    g.act("Bay stands facing N");
    g.act("Ash stands facing S");
    // A dodge may still be taken at the figure's slot, as a change from the option intended
    // (SK-11.6-a); declared with the movement, it would have covered him from then on.
    assert_eq!(g.decider(), Some(g.id("Bay")));
    assert!(g.can("Bay dodges"), "{:?}", g.texts());
}

#[test]
fn option_sk_defense_declared_action() {
    // Dodge is the figure's action at its slot; a shot before it is on 3d6, after it on 4d6.
    let opts = [("sk.defense_declared", "\"action\"")];
    let ash = unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER);
    let mut g = game(
        &opts,
        &open(3, 5),
        &[],
        &[ash, unit("Bay", 1, (1, 3), N, &[], PLAIN)],
    );
    g.start_turn(1);
    assert!(
        !g.texts().iter().any(|t| t.contains("dodges")),
        "{:?}",
        g.texts()
    );
    g.stand_all();
    // B moved first, so Bay acts first (tie at eDEX 12).
    assert_eq!(g.decider(), Some(1));
    g.act("Bay dodges");
    let r = roll(&g.play("Ash shoots Bay", &d4(20)));
    assert_eq!(r.dice, 4);

    let mut g = game(
        &opts,
        &open(3, 5),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER),
            unit("Bay", 1, (1, 3), N, &[], PLAIN),
        ],
    );
    g.reach_actions(0);
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    assert_eq!(r.dice, 3, "Bay has not dodged yet");
}

#[test]
fn option_sk_victory_dead_sk_19_2_a() {
    // Bay unconscious: with sk.victory = dead the battle goes on.
    let mut g = duel(
        &[("sk.victory", "\"dead\"")],
        blade("Ash", 0, (1, 1), S),
        blade("Bay", 1, (1, 2), N),
    );
    g.play("Ash attacks Bay", &faces(&[&d3(10), &[4, 5]]));
    assert_eq!(g.fig("Bay").condition, Condition::Unconscious);
    assert!(matches!(Skirmish.decision(&g.s), Decision::Choose { .. }));
    g.finish_turn();
    assert_eq!(g.s.phase, Phase::TurnStart);
}

#[test]
fn option_sk_complete_darkness_off() {
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), blade("Bay", 1, (1, 2), N));
    let r = roll(&g.play("Ash attacks Bay", &d3(16)));
    assert!(!r.has("darkness"));
    let mut g = range(&[], &["pistol"], GUNNER, 3);
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    assert_eq!(r.target_number, 12);
}

#[test]
fn option_sk_shotgun_long_bonus_g_19() {
    // §24.1's +3 at 15 hexes or more replaces §16.7's +1/+2.
    let sg = "str = 10, dex = 12, int = 10, shotguns = 1";
    let opt = [("sk.shotgun_long_bonus", "true")];
    let mut g = range(&opt, &["hunting-shotgun"], sg, 3);
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    assert!(!r.has("spread"), "{:?}", r.ids());
    let mut g = range(&opt, &["hunting-shotgun"], sg, 15);
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("spread", 3, "SK-24-T1");
    r.assert_mod("range", -2, "SK-13.6-a");
    r.assert_adds_up(12);
    let mut g = range(&[], &["hunting-shotgun"], sg, 15);
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("spread", 2, "SK-16.7-b");
}

#[test]
fn option_sk_ma_armor_g_09() {
    // Martial Arts 1 gives +1 bare-handed (SK-16.15.4-b) in leather (DEX −1) by default
    // (§16.15.4), not with sk.ma_armor = cloth_only (§6.4.4).
    let ma = "str = 10, dex = 13, int = 10, martial_arts = 1";
    for (opt, want) in [(None, "1d6-2"), (Some("\"cloth_only\""), "1d6-3")] {
        let opts: Vec<(&str, &str)> = opt.map(|v| ("sk.ma_armor", v)).into_iter().collect();
        let ash = unit("Ash", 0, (1, 1), S, &["leather"], ma);
        let mut g = duel(&opts, ash, blade("Bay", 1, (1, 2), N));
        let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[4]]));
        assert_eq!(damages(&ev)[0].expr, want);
    }
}

#[test]
fn option_sk_microgravity_off_no_footing_save() {
    let mut g = range(&[], &["pistol"], GUNNER, 3);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[1, 1]]));
    assert!(checks(&ev).is_empty());
    assert!(!g.fig("Ash").floating && !g.fig("Bay").floating);
}

#[test]
fn option_sk_microgravity_on_sk_17_10_b_firing_a_recoil_weapon() {
    let mut g = range(&[("sk.microgravity", "true")], &["pistol"], GUNNER, 3);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(16), &d4(12)]));
    let c = checks(&ev);
    assert_eq!(c.len(), 1);
    assert_eq!(
        (c[0].0, c[0].2, c[0].3, c[0].4, c[0].5),
        (0, 4, 12, 11, false)
    );
    assert!(effects(&ev).contains(&(0, Effect::Floating { on: true }, "SK-17.10-b")));
    assert!(g.fig("Ash").floating);
    // A floating figure cannot walk (SK-17.10-g): next turn only turning or Stand Up.
    g.finish_turn();
    g.start_turn(0);
    assert!(
        g.texts().iter().all(|t| !t.contains("moves")),
        "{:?}",
        g.texts()
    );
}

#[test]
fn option_sk_encumbrance_both_models_give_the_same_battle_penalties_up_to_5x() {
    // 57 kg on STR 10 (5.7 × STR): §14.2's 5–7× band and §13.1's "cannot carry" both give
    // −6 MOV and −2 eDEX to the figure.
    for opt in [None, Some("\"section_13_1\"")] {
        let opts: Vec<(&str, &str)> = opt.map(|v| ("sk.encumbrance", v)).into_iter().collect();
        let ash = unit(
            "Ash",
            0,
            (1, 0),
            S,
            &[
                "tower-shield",
                "tower-shield",
                "large-shield",
                "large-shield",
                "padded-cloth",
            ],
            PLAIN,
        );
        let g = game(&opts, &open(3, 8), &[], &[ash, blade("Bay", 1, (0, 7), S)]);
        assert_eq!(
            (g.fig("Ash").enc_dex, g.fig("Ash").enc_mov),
            (-2, -6),
            "{opt:?}"
        );
    }
}

#[test]
fn sk_17_9_c_e_12_at_1_72_g_a_str_10_human_under_section_13_1_is_wholly_incapacitated() {
    // (1.72 − 1) × 70 = 50.4 kg of his own weight is over §13.1's 5 × STR 10 = 50 kg (E-12):
    // "A gravity of 1.72 will completely incapacitate the average (STR 10) human". He lies
    // where he is (fallen), makes no move at all (no 4d6 lift check, no standing up, no crawl)
    // and so never acts (SK-8.4.3-b); a foe's blow meets a prone target (+4, SK-10.5-g).
    let opts = [
        ("sk.gravity_percent", "172"),
        ("sk.encumbrance", "\"section_13_1\""),
    ];
    let mut g = game(
        &opts,
        &open(3, 8),
        &[],
        &[
            unit("Ash", 0, (1, 1), S, &[], PLAIN),
            unit(
                "Bay",
                1,
                (1, 2),
                N,
                &["duel-blade"],
                "str = 30, dex = 12, int = 10, sword = 1",
            ),
        ],
    );
    assert_eq!(g.fig("Ash").posture, Posture::Fallen);
    g.start_turn(0);
    assert_eq!(g.texts(), ["Ash stands facing S"]);
    g.act("Ash stands facing S");
    g.stand_all();
    assert_eq!(g.decider(), Some(g.id("Bay")));
    let r = roll(&g.play("Bay attacks Ash", &faces(&[&d3(10), &[1, 1]])));
    r.assert_mod("prone-target", 4, "SK-10.5-g");
    assert_eq!(r.target_number, 16);
    // Ash's slot never comes: the turn ends with no decision of his.
    assert_eq!(g.s.phase, Phase::TurnStart);
    g.start_turn(0);
    assert_eq!(g.texts(), ["Ash stands facing S"]);
    // Under §14.2 (the default) the same 50.4 kg is the 5–7 × band: he stands and moves, at
    // −6 MOV (G-25).
    let mut g = game(
        &opts[..1],
        &open(3, 8),
        &[],
        &[
            unit("Ash", 0, (1, 1), S, &[], PLAIN),
            blade("Bay", 1, (0, 7), S),
        ],
    );
    assert_eq!(g.fig("Ash").posture, Posture::Standing);
    g.start_turn(0);
    assert!(g.can("Ash moves to 1,3 facing S"), "{:?}", g.texts());
}

#[test]
fn sk_14_2_t1_maximum_lift_allows_only_one_hex() {
    // 75 kg on STR 10: between 7 × STR and STR² = maximum lift: "can move 1 hex with a 4d6
    // eSTR check, otherwise no movement allowed".
    let ash = unit(
        "Ash",
        0,
        (1, 0),
        S,
        &[
            "tower-shield",
            "tower-shield",
            "tower-shield",
            "tower-shield",
            "tower-shield",
        ],
        PLAIN,
    );
    let mut g = game(&[], &open(3, 8), &[], &[ash, blade("Bay", 1, (0, 7), S)]);
    g.start_turn(0);
    assert!(!g.can("Ash moves to 1,2 facing S"), "{:?}", g.texts());
}

#[test]
fn option_sk_gravity_percent_sk_17_9_b() {
    // 1.72 g: (1.72 − 1) × 70 = 50.4 kg of effective load with nothing carried: over 5 × STR 10
    // (E-12) → −2 eDEX, −6 MOV; at 1 g nothing.
    let g = game(
        &[("sk.gravity_percent", "172")],
        &open(3, 8),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &[], PLAIN),
            blade("Bay", 1, (0, 7), S),
        ],
    );
    assert_eq!((g.fig("Ash").enc_dex, g.fig("Ash").enc_mov), (-2, -6));
    let g = game(
        &[],
        &open(3, 8),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &[], PLAIN),
            blade("Bay", 1, (0, 7), S),
        ],
    );
    assert_eq!((g.fig("Ash").enc_dex, g.fig("Ash").enc_mov), (0, 0));
}

/// Two figures far apart under 1.72 g who never fight, for `turns` turns at most: Ash (STR 10)
/// bears (1.72 − 1) × 70 = 50.4 kg of his own weight, the 5–7 × STR band (SK-17.9-b, G-25);
/// Bay (STR 30) bears it easily.
fn laden(turns: u32) -> Game {
    let text = scenario_toml(
        &[("sk.gravity_percent", "172")],
        &open(3, 12),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &[], PLAIN),
            unit("Bay", 1, (1, 11), N, &[], "str = 30, dex = 10, int = 10"),
        ],
    )
    .replace("max_rounds = 60", &format!("max_rounds = {turns}"));
    Game {
        s: load(&text),
        log: Vec::new(),
    }
}

/// The `Fatigued` events of a whole turn played standing still: (figure, amount, rule).
fn tiring_turn(g: &mut Game) -> Vec<(u16, i16, &'static str)> {
    let start = g.log.len();
    g.start_turn(0);
    g.finish_turn();
    g.log[start..]
        .iter()
        .filter_map(|e| match e {
            Event::Fatigued { fig, amount, rule } => Some((*fig, *amount, rule.0)),
            _ => None,
        })
        .collect()
}

#[test]
fn sk_14_2_t1_five_to_seven_times_str_costs_one_str_every_two_minutes() {
    // "5-7x STR in kg: −1 STR every 2 minutes (nonlethal/fatigue). Max of 10 minutes." A turn
    // is 5 s (SK-8.4-a), so 2 minutes are 24 turns: the point is lost at the end of turns 24,
    // 48, 72, 96 and 120, and no more after 10 minutes. It is nonlethal (it lowers his eSTR,
    // never kills), even with the optional nonlethal rules off.
    let mut g = laden(130);
    let ash = g.id("Ash");
    for turn in 1..=130u32 {
        let tired = tiring_turn(&mut g);
        if turn % 24 == 0 && turn <= 120 {
            assert_eq!(tired, [(ash, 1, "SK-14.2-T1")], "turn {turn}");
        } else {
            assert!(tired.is_empty(), "turn {turn}: {tired:?}");
        }
    }
    assert_eq!(g.fig("Ash").nonlethal, 5);
    assert_eq!((g.fig("Ash").est(), g.fig("Ash").damage), (5, 0));
    assert_eq!(g.fig("Bay").nonlethal, 0);
}

#[test]
fn sk_14_2_t1_fatigue_of_the_load_knocks_out_a_figure_at_estr_1() {
    // Ash already down to eSTR 2 (8 lethal) loses his point at the end of turn 24: eSTR 1 is
    // unconscious (SK-12.4-c, G-24), and not dead (it is fatigue, not a wound).
    let mut g = laden(30);
    g.s.figures[0].damage = 8;
    for _ in 1..24 {
        tiring_turn(&mut g);
    }
    let start = g.log.len();
    g.start_turn(0);
    g.finish_turn();
    let fx = effects(&g.log[start..]);
    assert_eq!(fx, [(0, Effect::Unconscious, "SK-12.4-c")]);
    assert_eq!(g.fig("Ash").condition, Condition::Unconscious);
}

#[test]
fn option_sk_avoid_penalty_g_14() {
    // A friend 13 hexes out (MH 5: distance modifier 2) between Ash and Bay at 15: the floor
    // and literal §12.2 readings take 2; §13.8 alone takes 1 (one figure).
    for (opt, want) in [
        (None, -2),
        (Some("\"literal_12_2\""), -2),
        (Some("\"13_8_only\""), -1),
    ] {
        let opts: Vec<(&str, &str)> = opt.map(|v| ("sk.avoid_penalty", v)).into_iter().collect();
        let ash = unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER);
        let cal = unit("Cal", 0, (1, 13), S, &[], PLAIN);
        let mut g = game(
            &opts,
            &open(3, 17),
            &[],
            &[ash, cal, unit("Bay", 1, (1, 15), N, &[], PLAIN)],
        );
        g.reach_actions(0);
        // §13.8 alone has no margin: any miss rolls to avoid Cal (here 3: avoided).
        let dice = if opt == Some("\"13_8_only\"") {
            faces(&[&d3(16), &d3(3)])
        } else {
            d3(16).to_vec()
        };
        let r = roll(&g.play("Ash shoots Bay", &dice));
        r.assert_mod("in-the-way", want, "SK-12.2-f");
        r.assert_adds_up(12);
    }
    // A friend 2 hexes out (distance modifier 0): the literal reading gives no penalty.
    for (opt, want) in [
        (None, Some(-1)),
        (Some("\"literal_12_2\""), None),
        (Some("\"13_8_only\""), Some(-1)),
    ] {
        let opts: Vec<(&str, &str)> = opt.map(|v| ("sk.avoid_penalty", v)).into_iter().collect();
        let ash = unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER);
        let cal = unit("Cal", 0, (1, 2), S, &[], PLAIN);
        let mut g = game(
            &opts,
            &open(3, 6),
            &[],
            &[ash, cal, unit("Bay", 1, (1, 4), N, &[], PLAIN)],
        );
        g.reach_actions(0);
        let dice = if opt == Some("\"13_8_only\"") {
            faces(&[&d3(16), &d3(3)])
        } else {
            d3(16).to_vec()
        };
        let r = roll(&g.play("Ash shoots Bay", &dice));
        match want {
            Some(v) => r.assert_mod("in-the-way", v, "SK-12.2-f"),
            None => assert!(!r.has("in-the-way"), "{:?}", r.ids()),
        }
    }
}

#[test]
fn sk_12_2_g_b_a_near_miss_rolls_to_avoid_the_figures_in_the_way() {
    // Two friends 2 and 3 hexes out (distance modifier 0): penalty 2 by the G-14 floor. Ash
    // misses by 1 (< 2): roll to avoid the nearest first (SK-13.8-c) at eDEX 12 + 0; 15 fails,
    // so Cal is hit (normal damage) and the shot ends.
    let ash = unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER);
    let cal = unit("Cal", 0, (1, 2), S, &[], PLAIN);
    let dee = unit("Dee", 0, (1, 3), S, &[], PLAIN);
    let mut g = game(
        &[],
        &open(3, 7),
        &[],
        &[ash, cal, dee, unit("Bay", 1, (1, 5), N, &[], PLAIN)],
    );
    g.reach_actions(0);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(11), &d3(15), &[1, 1]]));
    let rs = rolls(&ev);
    assert_eq!(rs.len(), 2);
    assert_eq!((rs[0].target_number, rs[0].margin), (10, -1));
    assert!(rs[1].avoid);
    assert_eq!(
        (rs[1].target, rs[1].target_number, rs[1].rule),
        (1, 12, "SK-12.2-b")
    );
    assert!(rs[1].result.is_hit());
    let d = damages(&ev);
    assert_eq!((d.len(), d[0].target, d[0].taken), (1, 1, 2));
    assert_eq!(g.fig("Dee").damage, 0);
}

#[test]
fn sk_12_2_g_a_wide_miss_threatens_nobody_in_the_way() {
    // The same, missed by 3 (more than the penalty 2, G-14 step 4): no roll to avoid.
    let ash = unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER);
    let cal = unit("Cal", 0, (1, 2), S, &[], PLAIN);
    let dee = unit("Dee", 0, (1, 3), S, &[], PLAIN);
    let mut g = game(
        &[],
        &open(3, 7),
        &[],
        &[ash, cal, dee, unit("Bay", 1, (1, 5), N, &[], PLAIN)],
    );
    g.reach_actions(0);
    let ev = g.play("Ash shoots Bay", &d3(13));
    assert_eq!(rolls(&ev).len(), 1);
}

#[test]
fn sk_12_2_g_a_near_miss_rolls_to_avoid_the_figure_in_the_way() {
    // Penalty 2 (Cal at 13 hexes); Bay at 15 hexes is −2 for range (SK-13.6-a), so Ash needs
    // 8; he rolls 9 and misses by 1 (MoF 1 < 2): roll to avoid Cal at eDEX 12 + 2 (his
    // distance, a bonus to avoid, SK-12.2-e); 15 fails, so Cal is hit.
    let ash = unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER);
    let cal = unit("Cal", 0, (1, 13), S, &[], PLAIN);
    let mut g = game(
        &[],
        &open(3, 17),
        &[],
        &[ash, cal, unit("Bay", 1, (1, 15), N, &[], PLAIN)],
    );
    g.reach_actions(0);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(9), &d3(15), &[1, 1]]));
    let rs = rolls(&ev);
    assert_eq!(rs.len(), 2);
    assert_eq!((rs[0].target_number, rs[0].margin), (8, -1));
    assert!(rs[1].avoid);
    assert_eq!(
        (rs[1].target, rs[1].target_number, rs[1].rule),
        (1, 14, "SK-12.2-b")
    );
    assert!(rs[1].result.is_hit());
    let d = damages(&ev);
    assert_eq!((d[0].target, d[0].taken), (1, 2));
}

// =============================================================================================
// State the engine keeps between actions: things a resolution must record as events.
// =============================================================================================

#[test]
fn sk_16_12_g_o_a_grenade_goes_off_at_the_end_of_the_turn() {
    // Ash throws first; Bay's action then ends the turn: the grenade explodes in Bay's hex,
    // 4d6 (rolled 6) to him (SK-16.12-o).
    let mut g = range(
        &[],
        &["he-grenade"],
        "str = 10, dex = 12, int = 10, thrown_weapons = 1",
        4,
    );
    g.play(
        "Ash throws the High-explosive (fragmentation) grenade at 1,4",
        &d3(12),
    );
    assert_eq!(g.s.grenades.len(), 1, "a live grenade lies in 1,4");
    let ev = g.play("Bay does nothing", &d4(6));
    assert!(
        ev.iter().any(|e| matches!(e, Event::Exploded { .. })),
        "{ev:#?}"
    );
    let d = damages(&ev);
    assert_eq!((d[0].target, d[0].taken, d[0].rule), (1, 6, "SK-16.12-o"));
    assert!(g.s.grenades.is_empty());
}

#[test]
fn sk_16_12_o_a_grenade_thrown_by_the_last_to_act_goes_off_at_the_end_of_the_turn() {
    // The same throw when it is the turn's last action: the explosion comes in the same
    // resolution, so it works.
    let ash = unit(
        "Ash",
        0,
        (1, 0),
        S,
        &["he-grenade"],
        "str = 10, dex = 12, int = 10, thrown_weapons = 1",
    );
    let mut g = game(
        &[],
        &open(3, 6),
        &[],
        &[ash, unit("Bay", 1, (1, 4), N, &[], PLAIN)],
    );
    g.reach_actions(1);
    g.act("Bay does nothing");
    let ev = g.play(
        "Ash throws the High-explosive (fragmentation) grenade at 1,4",
        &faces(&[&d3(12), &d4(6)]),
    );
    assert!(ev.iter().any(|e| matches!(e, Event::Exploded { .. })));
    let d = damages(&ev);
    assert_eq!(d.len(), 1, "Ash, 4 hexes away, is outside the blast (G-51)");
    assert_eq!((d[0].target, d[0].taken, d[0].rule), (1, 6, "SK-16.12-o"));
    assert_eq!(g.fig("Bay").damage, 6);
}

#[test]
fn sk_16_12_j_a_fire_burns_down() {
    let ash = unit(
        "Ash",
        0,
        (1, 0),
        S,
        &["molotov"],
        "str = 10, dex = 12, int = 10, thrown_weapons = 1",
    );
    let mut g = game(
        &[],
        &open(3, 6),
        &[],
        &[ash, unit("Bay", 1, (1, 3), N, &[], PLAIN)],
    );
    g.reach_actions(0);
    // The throw (10) lands; Bay, in the hex, keeps clear of the liquid on 4d6 (4 ≤ 12).
    g.play("Ash throws the Molotov at 1,3", &faces(&[&d3(10), &d4(4)]));
    assert_eq!(g.s.fires.len(), 1);
    assert_eq!(g.s.fires[0].turns_left, 12);
    g.finish_turn();
    assert_eq!(g.s.fires[0].turns_left, 11);
}

#[test]
fn sk_16_12_i_k_a_soaked_figure_burns_four_hits_a_turn() {
    // Bay fails the 4d6 (20 > 12): soaked, he takes the molotov's 4 at once and then 4 at the
    // end of every turn (no full body armor). The fire hex under him adds its 4 from the next
    // turn on (SK-16.12-j, G-52: not in the turn it was lit, whose hits came with it).
    let ash = unit(
        "Ash",
        0,
        (1, 0),
        S,
        &["molotov"],
        "str = 10, dex = 12, int = 10, thrown_weapons = 1",
    );
    let mut g = game(
        &[],
        &open(3, 6),
        &[],
        &[
            ash,
            unit("Bay", 1, (1, 3), N, &[], "str = 30, dex = 12, int = 10"),
        ],
    );
    g.reach_actions(0);
    let ev = g.play("Ash throws the Molotov at 1,3", &faces(&[&d3(10), &d4(20)]));
    assert!(effects(&ev)
        .iter()
        .any(|e| e.1 == Effect::Burning { turns: 12 } && e.2 == "SK-16.12-i"));
    assert_eq!(g.fig("Bay").damage, 4);
    g.finish_turn();
    // End of turn 1: 4 for burning.
    assert_eq!(g.fig("Bay").damage, 8);
    assert_eq!(g.fig("Bay").burning, 11);
}

#[test]
fn sk_11_8_2_a_shoot_a_charging_enemy() {
    // Bay, who has not moved, is charged by Ash: he may shoot him once with his ready pistol.
    let bay = unit("Bay", 1, (1, 3), N, &["pistol"], GUNNER);
    let mut g = game(&[], &open(3, 6), &[], &[blade("Ash", 0, (1, 0), S), bay]);
    g.start_turn(0);
    g.act("Ash moves to 1,2 facing S");
    g.act("Bay stands facing N");
    g.act("Ash does nothing");
    assert!(g.can("Bay shoots Ash"), "{:?}", g.texts());
}

#[test]
fn option_sk_creation_strict_or_off_sk_5_6_a() {
    // 60 attribute points: refused by the creation rules (32 points, SK-5.6-a) unless the
    // scenario turns them off.
    let units = [
        unit("Ash", 0, (1, 0), S, &[], "str = 20, dex = 20, int = 20"),
        unit("Bay", 1, (1, 3), N, &[], "str = 10, dex = 12, int = 10"),
    ];
    let loader = Loader::new()
        .schema(&SkirmishSchema)
        .data_dir("../../../data");
    let strict = scenario_toml(&[("sk.creation", "\"strict\"")], &open(3, 5), &[], &units);
    let err = loader
        .load(&SourceFile::new("strict.toml", strict))
        .expect_err("over the creation points");
    assert!(
        err.render_plain().contains("units[0]"),
        "{}",
        err.render_plain()
    );
    let off = scenario_toml(&[("sk.creation", "\"off\"")], &open(3, 5), &[], &units);
    assert!(loader.load(&SourceFile::new("off.toml", off)).is_ok());
}

// =============================================================================================
// Skill groups and attack types that had no test of their own.
// =============================================================================================

#[test]
fn sk_6_9_3_a_common_missile_weapons_covers_bows_crossbows_and_slings() {
    // Each weapon of the group, fired at 3 hexes (1 MH: no range penalty) by DEX 12 and STR 15
    // (above every minimum): with Common Missile Weapons no adjustment (12); without it the
    // unskilled −4 (SK-6-b): 8. A 16 is an automatic miss, so no damage dice follow.
    for weapon in ["longbow", "light-crossbow", "sling"] {
        let mut g = range(
            &[],
            &[weapon],
            "str = 15, dex = 12, int = 10, common_missile = 1",
            3,
        );
        let r = roll(&g.play("Ash shoots Bay", &d3(16)));
        assert!(!r.has("unskilled"), "{weapon}: {:?}", r.ids());
        assert_eq!(r.target_number, 12, "{weapon}");
        let mut g = range(&[], &[weapon], "str = 15, dex = 12, int = 10", 3);
        let r = roll(&g.play("Ash shoots Bay", &d3(16)));
        r.assert_mod("unskilled", -4, "SK-6-b");
        assert_eq!(r.target_number, 8, "{weapon}");
    }
}

#[test]
fn sk_6_9_6_a_thrown_weapons_is_the_common_thrown_group_rock_knife_and_grenade() {
    // G-08, G-51: Thrown Weapons is §6.9.6's group. With it alone (no Knife skill), a knife,
    // a rock and a grenade are all thrown without the unskilled −4, each at +2 (SK-6.2.10-a).
    const THROWER: &str = "str = 10, dex = 12, int = 10, thrown_weapons = 1";
    // Knife and rock at 3 hexes: 12 + 2 − 3 = 11.
    for (weapon, name) in [("utility-knife", "Utility Knife"), ("rock", "Rock")] {
        let mut g = range(&[], &[weapon], THROWER, 3);
        let r = roll(&g.play(&format!("Ash throws the {name} at Bay"), &d3(16)));
        assert_eq!(r.kind, AttackKind::Thrown);
        assert!(!r.has("unskilled"), "{weapon}: {:?}", r.ids());
        r.assert_mod("thrown-skill", 2, "SK-6.2.10-a");
        assert_eq!(r.target_number, 11, "{weapon}");
    }
    // The grenade's skill is Thrown Weapons itself: no −4 (compare
    // `sk_6_b_sk_16_12_w_grenade_without_thrown_weapons_minus_four`). A 5 lands on target.
    let mut g = range(&[], &["he-grenade"], THROWER, 4);
    let r = roll(&g.play(
        "Ash throws the High-explosive (fragmentation) grenade at 1,4",
        &d3(5),
    ));
    assert_eq!(r.kind, AttackKind::Grenade);
    assert!(!r.has("unskilled"), "{:?}", r.ids());
}

#[test]
fn sk_12_a_every_attack_type_is_recorded_with_its_roll() {
    // SK-12-a: melee, missile, thrown, grenade (and hand to hand, in
    // `sk_16_15_3_e_hand_to_hand_plus_four`): each roll says which it is.
    let mut g = duel(&[], blade("Ash", 0, (1, 1), S), blade("Bay", 1, (1, 2), N));
    assert_eq!(
        roll(&g.play("Ash attacks Bay", &d3(16))).kind,
        AttackKind::Melee
    );
    let mut g = range(&[], &["pistol"], GUNNER, 3);
    assert_eq!(
        roll(&g.play("Ash shoots Bay", &d3(16))).kind,
        AttackKind::Missile
    );
    let mut g = range(
        &[],
        &["utility-knife"],
        "str = 10, dex = 12, int = 10, knife = 1",
        3,
    );
    assert_eq!(
        roll(&g.play("Ash throws the Utility Knife at Bay", &d3(16))).kind,
        AttackKind::Thrown
    );
    let mut g = range(
        &[],
        &["he-grenade"],
        "str = 10, dex = 12, int = 10, thrown_weapons = 1",
        4,
    );
    assert_eq!(
        roll(&g.play(
            "Ash throws the High-explosive (fragmentation) grenade at 1,4",
            &d3(5)
        ))
        .kind,
        AttackKind::Grenade
    );
}

// =============================================================================================
// SK-10.7.2-a, SK-10.8.2-a, SK-11.1-a, G-41: standing up. From fallen or prone it is the whole
// turn; from kneeling the figure then Half Moves and takes an action allowed after a Half Move,
// or stays and Readies (engaged: Shifts, or stays and Readies). Option `sk.kneeling_stand_up`.
// =============================================================================================

/// Ash (side A) kneeling at [1, 0] facing S with `gear`; Bay (side B, a blade) at [1, 6] facing
/// N; open ground 8 × 9; turn 1's movement phase, Ash to move first.
fn kneeling(opts: &[(&str, &str)], gear: &[&str], stats: &str) -> Game {
    let mut g = game(
        opts,
        &open(8, 9),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, gear, stats).stance("kneeling"),
            blade("Bay", 1, (1, 6), N),
        ],
    );
    g.start_turn(0);
    g
}

/// The `Moved` events of these events as (kind, hexes moved).
fn moves(ev: &[Event]) -> Vec<(fireteam_skirmish::state::MoveKind, usize)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Moved { kind, path, .. } => Some((*kind, path.len() - 1)),
            _ => None,
        })
        .collect()
}

#[test]
fn sk_10_7_2_a_g_41_from_kneeling_he_stands_up_half_moves_and_charges() {
    use fireteam_skirmish::state::MoveKind;
    let mut g = kneeling(&[], &["duel-blade"], FIGHTER);
    // The options he had are listed first, as before: standing still in each facing.
    assert_eq!(g.texts()[0], "Ash stands facing S");
    // G-41: up, then a Half Move: MOV 10, so 5 hexes at most, and some 5 away.
    let ash = g.s.fig(g.id("Ash")).clone();
    let ups: Vec<u32> = g
        .legal()
        .iter()
        .filter_map(|a| match a {
            fireteam_skirmish::Action::StandUpAndMove { to, .. } => Some(ash.pos.distance(*to)),
            _ => None,
        })
        .collect();
    assert!(!ups.is_empty());
    assert!(ups.iter().all(|&d| (1..=5).contains(&d)), "{ups:?}");
    assert!(ups.contains(&5));
    // Five hexes, into Bay's threat zone (SK-10-d).
    let ev = g.act("Ash stands up and moves to 1,5 facing S");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Posture { posture: Posture::Standing, rule, .. } if rule.0 == "SK-10.7.2-a"
    )));
    assert_eq!(moves(&ev), [(MoveKind::StandUpThenHalf, 5)]);
    assert_eq!(g.fig("Ash").pos, Pos::new(1, 5));
    g.act("Bay stands facing N");
    // His action: a charge attack is allowed after a Half Move (SK-11.7.8-a). Duel blade, DEX 12,
    // no adjustment: a 16 misses outright (SK-12.1-d).
    assert_eq!(g.decider(), Some(g.id("Ash")));
    let r = roll(&g.play("Ash attacks Bay", &d3(16)));
    assert_eq!((r.target_number, r.result), (12, AUTO_MISS));
}

#[test]
fn sk_10_7_2_a_g_41_after_standing_and_moving_only_the_actions_of_a_half_move() {
    // Up and one hex: the stand-up counts as the other half of his movement, so no shot (One
    // Step at most, SK-11.7.3-a) and no Ready (One Pace, SK-11.7.4-a); Dodge and Drop, allowed
    // after a Half Move (SK-11.7.5-a, SK-11.7.6-a), are on offer.
    let mut g = kneeling(&[], &["pistol", "fighting-knife"], GUNNER);
    g.act("Ash stands up and moves to 1,1 facing S");
    g.act("Bay stands facing N");
    assert_eq!(g.decider(), Some(g.id("Ash")));
    let texts = g.texts();
    assert!(
        !texts.iter().any(|t| t.starts_with("Ash shoots")),
        "{texts:?}"
    );
    assert!(
        !texts.iter().any(|t| t.starts_with("Ash readies")),
        "{texts:?}"
    );
    assert!(g.can("Ash dodges") && g.can("Ash kneels"), "{texts:?}");
}

#[test]
fn sk_10_7_2_a_g_41_standing_up_where_he_kneels_leaves_him_a_ready() {
    // Up without moving: his action may only Ready (or change weapons), or nothing; no shot.
    let mut g = kneeling(&[], &["pistol", "fighting-knife"], GUNNER);
    let ev = g.act("Ash stands up");
    assert_eq!(
        moves(&ev),
        [(fireteam_skirmish::state::MoveKind::StandUpThenReady, 0)]
    );
    g.act("Bay stands facing N");
    assert_eq!(g.decider(), Some(g.id("Ash")));
    assert_eq!(
        g.texts(),
        [
            "Ash does nothing",
            "Ash readies the Fighting Knife",
            "Ash readies the Fighting Knife in his other hand"
        ]
    );
    let ev = g.act("Ash readies the Fighting Knife");
    assert!(ev.contains(&Event::Readied { fig: 0, slot: 1 }), "{ev:#?}");
}

#[test]
fn sk_10_8_2_a_g_41_engaged_and_kneeling_he_stands_up_and_shifts_or_readies() {
    use fireteam_skirmish::state::MoveKind;
    // Ash kneels at [1, 1] in Bay's threat zone (Bay at [1, 2] facing N). No Half Move: only a
    // Shift to a hex where Bay still engages him, and after it no action (SK-10.8.2-a).
    let setup = || {
        let mut g = game(
            &[],
            &open(3, 5),
            &[],
            &[
                unit(
                    "Ash",
                    0,
                    (1, 1),
                    S,
                    &["duel-blade", "fighting-knife"],
                    FIGHTER,
                )
                .stance("kneeling"),
                blade("Bay", 1, (1, 2), N),
            ],
        );
        g.start_turn(0);
        g
    };
    let mut g = setup();
    let texts = g.texts();
    assert!(
        !texts.iter().any(|t| t.contains("stands up and moves")),
        "{texts:?}"
    );
    let shifts: Vec<&String> = texts
        .iter()
        .filter(|t| t.starts_with("Ash stands up and shifts to"))
        .collect();
    // Bay's threat zone: [1, 1] and his two front-side hexes [0, 2] and [2, 2] (flat-top odd-q:
    // an odd column's neighbours lie half a row down), both next to Ash; 6 facings each.
    assert_eq!(shifts.len(), 12, "{shifts:?}");
    assert!(g.can("Ash stands up and shifts to 0,2 facing SE"));
    let ev = g.act("Ash stands up and shifts to 0,2 facing SE");
    assert_eq!(moves(&ev), [(MoveKind::StandUpThenShift, 1)]);
    assert_eq!(posture(&g, "Ash"), Posture::Standing);
    g.act("Bay stands facing N");
    // The action phase: Ash has nothing left (SK-11.8.1-a); Bay decides.
    assert_eq!(g.decider(), Some(g.id("Bay")));
    // Or he stands up where he is and readies.
    let mut g = setup();
    g.act("Ash stands up");
    g.act("Bay stands facing N");
    assert_eq!(g.decider(), Some(g.id("Ash")));
    assert!(g
        .texts()
        .iter()
        .all(|t| t == "Ash does nothing" || t.starts_with("Ash readies")));
    assert!(g.can("Ash readies the Fighting Knife"));
}

#[test]
fn sk_11_1_a_g_41_from_prone_standing_up_is_still_the_whole_turn() {
    let mut g = game(
        &[],
        &open(8, 9),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["pistol", "fighting-knife"], GUNNER).stance("prone"),
            blade("Bay", 1, (1, 6), N),
        ],
    );
    g.start_turn(0);
    assert!(!g.texts().iter().any(|t| t.contains("stands up and")));
    let ev = g.act("Ash stands up");
    assert_eq!(
        moves(&ev),
        [(fireteam_skirmish::state::MoveKind::StandUp, 0)]
    );
    g.act("Bay stands facing N");
    assert_ne!(
        g.decider(),
        Some(g.id("Ash")),
        "no action after standing up"
    );
}

#[test]
fn option_sk_kneeling_stand_up_whole_turn_takes_the_turn_from_a_knee_too() {
    // SK-11.7.1-a read literally: "stand up during the turn and do nothing else".
    let whole = [("sk.kneeling_stand_up", "\"whole_turn\"")];
    let mut g = kneeling(&whole, &["pistol", "fighting-knife"], GUNNER);
    assert!(!g.texts().iter().any(|t| t.contains("stands up and")));
    let ev = g.act("Ash stands up");
    assert_eq!(
        moves(&ev),
        [(fireteam_skirmish::state::MoveKind::StandUp, 0)]
    );
    g.act("Bay stands facing N");
    assert_ne!(g.decider(), Some(g.id("Ash")));
    // The default reading (G-41) leaves him a Ready.
    let mut g = kneeling(&[], &["pistol", "fighting-knife"], GUNNER);
    g.act("Ash stands up");
    g.act("Bay stands facing N");
    assert_eq!(g.decider(), Some(g.id("Ash")));
}
