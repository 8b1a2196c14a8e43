//! Shots through the engine with forced dice: selective fire's one switch a turn (SK-16.6-a,
//! G-32), the arc of fire of automatic weapons and shotguns (SK-13.6-b), opportunity fire's
//! triggers in the action phase and its burst (SK-21.8-b/d, G-62), and what shielding and the
//! optional attack types do to hits that come from no roll to hit: bystanders, blasts and
//! reactions (SK-14.3-a, G-27; SK-21.3-b, G-61). Every number is checked against a hand
//! calculation from the book, written in the comment above it.

mod common;

use common::*;
use fireteam_skirmish::state::{FigId, Pos};
use fireteam_skirmish::Event;

/// A big target who does not fall to a bullet or two: STR 40.
const BIG: &str = "str = 40, dex = 12, int = 10";
/// Zorgo of E-09: STR 11, DEX 12, with Shoulderarms and Automatic Weapons.
const ZORGO: &str = "str = 11, dex = 12, int = 10, shoulderarms = 1, automatic_weapons = 1";

fn p(col: i16, row: i16) -> Pos {
    Pos::new(col, row)
}

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

// =============================================================================================
// SK-21.8-b/d, G-62 (optional): opportunity fire in the action phase, and its burst.
// =============================================================================================

const OPPORTUNITY: (&str, &str) = ("sk.opportunity_fire", "true");
const GUNNER: &str = "str = 10, dex = 12, int = 10, sidearms = 1";
/// DEX 13: they act before Ash, whose cover lasts until he acts again.
const CLUBBER: &str = "str = 12, dex = 13, int = 10";
const QUICK_BIG: &str = "str = 40, dex = 13, int = 10";

/// Ash at [1, 0] facing S with `gear` covers [1, 3]. Bay (side B) at [1, 5] facing N is engaged
/// by Cal (Ash's side) at [1, 6] facing N behind him with a club. Turn 2's action phase: Cal
/// acts first, then Bay (DEX 13, Cal's side won the initiative), then Ash (DEX 12).
fn covered(opts: &[(&str, &str)], gear: &str, stats: &str) -> Game {
    let mut all = vec![OPPORTUNITY];
    all.extend_from_slice(opts);
    let mut g = game(
        &all,
        &open(3, 10),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &[gear], stats),
            unit("Cal", 0, (1, 6), N, &["club-baton"], CLUBBER),
            unit("Bay", 1, (1, 5), N, &[], QUICK_BIG),
        ],
    );
    g.reach_actions(0);
    g.act("Cal does nothing");
    g.act("Bay does nothing");
    g.act("Ash covers 1,3");
    g.finish_turn();
    g.reach_actions(0);
    g
}

#[test]
fn sk_21_8_b_a_foe_who_disengages_next_to_the_covered_hex_is_shot_at_his_action() {
    let mut g = covered(&[], "pistol", GUNNER);
    g.act("Cal does nothing");
    // Bay disengages to [1, 4], next to the covered hex; Cal has acted, so nobody strikes him
    // as he goes (SK-11.5-b). Leaving at his action he meets Ash's opportunity fire at once
    // (SK-21.8-b): 12 − 2 (opportunity, SK-21.8-c) − 1 (a hex off the covered one,
    // SK-21.8-f) = 9; a 16 misses. The cover is spent. The shot goes on past Bay (G-14 step 5)
    // to Cal, Ash's friend 6 hexes off (2 MH, no distance modifier), rolled to avoid at 12; a 10
    // misses him.
    let ev = g.play("Bay disengages to 1,4", &faces(&[&d3(16), &d3(10)]));
    let all = rolls(&ev);
    assert_eq!(
        (all[1].target, all[1].avoid, all[1].target_number),
        (g.id("Cal"), true, 12)
    );
    let r = roll(&ev);
    assert_eq!((r.attacker, r.target), (g.id("Ash"), g.id("Bay")));
    r.assert_mod("opportunity", -2, "SK-21.8-c");
    r.assert_mod("off-hex", -1, "SK-21.8-f");
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 9);
    assert_eq!(g.fig("Ash").overwatch, None);
    assert_eq!(g.fig("Bay").pos, p(1, 4));
}

#[test]
fn sk_21_8_b_a_foe_pushed_next_to_the_covered_hex_in_a_forced_retreat_is_shot() {
    let mut g = covered(&[], "pistol", GUNNER);
    // Cal clubs Bay from behind; a 4 always hits (SK-12.1-c) and does him damage, so Cal may
    // push him after the action phase (SK-12.5-a).
    let ev = g.play("Cal attacks Bay", &faces(&[&d3(4), &[1]]));
    assert!(damages(&ev)[0].taken > 0);
    g.act("Bay does nothing");
    // Ash covers the hex again, and keeps it past his action (SK-21.8-e).
    g.act("Ash covers 1,3");
    // The forced retreat: Cal pushes Bay north to [1, 4], next to the covered hex: Ash's
    // opportunity shot at 12 − 2 − 1 = 9 (as above); a 16 misses, and Cal, past him, avoids it
    // with a 10.
    let ev = g.play("Cal forces Bay back to 1,4", &faces(&[&d3(16), &d3(10)]));
    let r = roll(&ev);
    assert_eq!(
        (r.attacker, r.target, r.target_number),
        (g.id("Ash"), g.id("Bay"), 9)
    );
    assert_eq!(g.fig("Bay").pos, p(1, 4));
}

#[test]
fn sk_21_8_b_a_foe_rising_over_a_wall_to_fire_leaves_cover_and_is_shot_first() {
    // Bay kneels behind a 1 m wall ([1, 3]), which hides him from Ash 4 hexes off (SK-17.7-b).
    // Ash covers Bay's hex. At his action Bay rises over the wall to shoot Ash: he has left
    // cover (SK-21.8-b), and Ash's opportunity shot comes first, at 12 − 2 (opportunity) − 6
    // (a target firing over a wall, SK-13.6-e) = 4; a 16 misses. Then Bay's own shot: 12; a 16
    // misses too.
    let map = ["...", "...", "...", ".#.", "...", "..."];
    let mut g = game(
        &[OPPORTUNITY],
        &map.iter().map(|r| r.to_string()).collect::<Vec<_>>(),
        &[('#', "wall-1m")],
        &[
            unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER),
            unit("Bay", 1, (1, 4), N, &["pistol"], GUNNER).stance("kneeling"),
        ],
    );
    g.reach_actions(0);
    assert!(!g.can("Ash shoots Bay"), "the wall hides Bay");
    g.act("Ash covers 1,4");
    let ev = g.play("Bay shoots Ash", &faces(&[&d3(16), &d3(16)]));
    let r = rolls(&ev);
    assert_eq!(r.len(), 2);
    assert_eq!((r[0].attacker, r[0].target), (g.id("Ash"), g.id("Bay")));
    r[0].assert_mod("opportunity", -2, "SK-21.8-c");
    r[0].assert_mod("over-wall", -6, "SK-13.6-e");
    r[0].assert_adds_up(12);
    assert_eq!(r[0].target_number, 4);
    assert_eq!((r[1].attacker, r[1].target), (g.id("Bay"), g.id("Ash")));
    assert_eq!(g.fig("Ash").overwatch, None);
}

#[test]
fn sk_21_8_b_a_missed_opportunity_shot_goes_on_past_the_foe() {
    // Bay walks into [1, 4] and is shot at 12 − 2 − 1 = 9; Dan, his friend, stands at [1, 8] on
    // the line past him. A 15 misses by 6 with nobody in the way, so the shot goes on (G-14
    // step 5) to Dan, rolled against with his own modifiers (SK-13.6-c/d): 8 hexes, 3 MH: −1
    // (SK-13.6-a): 11; a 16 misses him too.
    let mut g = game(
        &[OPPORTUNITY],
        &open(3, 10),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER),
            unit("Bay", 1, (1, 5), N, &[], BIG),
            unit("Dan", 1, (1, 8), N, &[], BIG),
        ],
    );
    g.reach_actions(0);
    g.act("Ash covers 1,3");
    g.finish_turn();
    g.start_turn(1);
    let ev = g.play("Bay moves to 1,4 facing N", &faces(&[&d3(15), &d3(16)]));
    let r = rolls(&ev);
    assert_eq!(r.len(), 2);
    assert_eq!((r[0].target, r[0].target_number), (g.id("Bay"), 9));
    assert_eq!((r[1].target, r[1].rule), (g.id("Dan"), "SK-13.6-d"));
    r[1].assert_mod("range", -1, "SK-13.6-a");
}

#[test]
fn sk_21_8_d_g_62_an_automatic_weapon_fires_a_burst_at_opportunity() {
    // Ash with the Assault Rifle covers [1, 3]; Bay walks into [1, 4]. G-62: one shot, a
    // 3-round burst: 12 − 2 − 1 + 1 (3 rounds, SK-16.6-e) + 1 (stock) = 11; a 16 misses. Three
    // rounds are spent.
    let mut g = game(
        &[OPPORTUNITY],
        &open(3, 10),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["automatic-rifle"], ZORGO),
            unit("Bay", 1, (1, 5), N, &[], BIG),
        ],
    );
    g.reach_actions(0);
    g.act("Ash covers 1,3");
    g.finish_turn();
    g.start_turn(1);
    let ev = g.play("Bay moves to 1,4 facing N", &d3(16));
    let r = roll(&ev);
    r.assert_mod("autofire", 1, "SK-16.6-e");
    assert_eq!(r.target_number, 11);
    assert_eq!(rounds(&g, "Ash"), 22);
}

#[test]
fn sk_21_8_d_option_sk_opportunity_burst_single_fires_one_round() {
    // `sk.opportunity_burst = "single"`: a single shot, 12 − 2 − 1 + 1 = 10, one round.
    let mut g = game(
        &[OPPORTUNITY, ("sk.opportunity_burst", "\"single\"")],
        &open(3, 10),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["automatic-rifle"], ZORGO),
            unit("Bay", 1, (1, 5), N, &[], BIG),
        ],
    );
    g.reach_actions(0);
    g.act("Ash covers 1,3");
    g.finish_turn();
    g.start_turn(1);
    let ev = g.play("Bay moves to 1,4 facing N", &d3(16));
    let r = roll(&ev);
    assert!(!r.has("autofire"));
    assert_eq!(r.target_number, 10);
    assert_eq!(rounds(&g, "Ash"), 24);
}

// =============================================================================================
// SK-14.3-a, G-27: shielding against every hit, not only the target's of a roll to hit.
// =============================================================================================

/// The damage events in `ev`: (target, rolled, armor, taken, nonlethal, rule).
fn hurts(ev: &[Event]) -> Vec<(FigId, i32, i16, i16, i16, &'static str)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Damage {
                target,
                rolled,
                armor,
                taken,
                nonlethal,
                rule,
                ..
            } => Some((*target, *rolled, *armor, *taken, *nonlethal, rule.0)),
            _ => None,
        })
        .collect()
}

#[test]
fn sk_14_3_a_g_27_a_bystander_hit_on_a_roll_to_avoid_meets_his_shielding() {
    // Ash shoots Bay 4 hexes south; Cal, in a spacesuit (body armor 1 with R1 shielding), stands
    // in the way at [1, 2]. The penalty for him is the larger of his distance modifier (2
    // hexes: 0) and his number (1): −1, so 11. A 12 misses by 1, within it: roll to avoid Cal at
    // eDEX 12 + 0 (distance) = 12; a 13 fails, and the bullet hits Cal: 2d6 = 3 + 4 = 7 against
    // his armor 1 and, G-27, the R1 shielding's 1 hit against a weapon that is not an energy
    // weapon: 7 − 2 = 5.
    let mut g = game(
        &[],
        &open(3, 6),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER),
            unit("Cal", 1, (1, 2), N, &["spacesuit-armor"], BIG),
            unit("Bay", 1, (1, 4), N, &[], BIG),
        ],
    );
    g.reach_actions(0);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(12), &d3(13), &[3, 4]]));
    assert_eq!(roll(&ev).target_number, 11);
    assert_eq!(hurts(&ev), [(g.id("Cal"), 7, 2, 5, 0, "SK-12.2-b")]);
}

#[test]
fn sk_14_3_a_g_27_a_grenade_blast_meets_the_shielding_too() {
    // An HE grenade on Bay's hex (4 hexes, 2 MH: 12 + 2 Thrown Weapons − 2 = 12; a 10 lands
    // there) goes off at the end of the turn: 4d6 = 1 + 2 + 3 + 4 = 10 against his spacesuit's
    // armor 1 and its R1 shielding's 1 hit (G-27): 8.
    let mut g = game(
        &[],
        &open(3, 6),
        &[],
        &[
            unit(
                "Ash",
                0,
                (1, 0),
                S,
                &["he-grenade"],
                "str = 10, dex = 12, int = 10, thrown_weapons = 1",
            ),
            unit("Bay", 1, (1, 4), N, &["spacesuit-armor"], BIG),
        ],
    );
    g.reach_actions(0);
    g.play(
        "Ash throws the High-explosive (fragmentation) grenade at 1,4",
        &d3(10),
    );
    let ev = g.play("Bay does nothing", &[1, 2, 3, 4]);
    assert_eq!(hurts(&ev), [(g.id("Bay"), 10, 2, 8, 0, "SK-16.12-o")]);
}

#[test]
fn sk_14_3_a_g_27_the_hth_reactions_free_hit_meets_the_attackers_shielding() {
    // Ash, in a spacesuit (body armor 1, R1 shielding), tries hand to hand with the kneeling Bay
    // (Martial Arts 1): die 6 + 1 = 7, Bay's automatic hit with his bare hands
    // (SK-16.15.3-T1). It meets Ash's armor 1 and, G-27, his shielding's 1 hit: 2. (Ash's DEX
    // 14 less the suit's 2 lets him act first.)
    let mut g = game(
        &[],
        &open(3, 4),
        &[],
        &[
            unit(
                "Ash",
                0,
                (1, 1),
                S,
                &["spacesuit-armor"],
                "str = 40, dex = 14, int = 10",
            ),
            unit(
                "Bay",
                1,
                (1, 2),
                N,
                &[],
                "str = 10, dex = 12, int = 10, martial_arts = 1",
            )
            .stance("kneeling"),
        ],
    );
    g.reach_actions(0);
    let ev = g.play("Ash goes hand to hand with Bay", &[6, 6]);
    let h = hurts(&ev);
    assert_eq!(h.len(), 1);
    let (target, rolled, armor, taken, _, rule) = h[0];
    assert_eq!((target, armor, rule), (g.id("Ash"), 2, "SK-16.15.3-T1"));
    assert_eq!(taken, (rolled as i16 - 2).max(0));
}

// =============================================================================================
// SK-21.3-b, G-61 (optional nonlethal damage): the attack type of hits with no roll to hit.
// =============================================================================================

const NONLETHAL: (&str, &str) = ("sk.nonlethal", "true");

#[test]
fn sk_21_3_b_g_61_a_thrown_rock_that_hits_a_bystander_is_bludgeoning() {
    // Ash throws a rock at Bay 4 hexes south; Cal stands in the way 2 hexes off. Thrown: 12 + 2
    // (Thrown Weapons) − 4 (range, a hex each) − 2 (the larger of Cal's distance, 2, and his
    // number, 1) = 8. A 10 misses by 2, within it: roll to avoid Cal at 12 + 2 = 14; a 15 hits
    // him. The rock does the Damage column for STR 10, 1d6−3 (SK-16.1-c, SK-16.15.1-T1): a 6 is
    // 3, and the rock is bludgeoning (G-61): a third (1) lethal, 2 nonlethal.
    let mut g = game(
        &[NONLETHAL],
        &open(3, 6),
        &[],
        &[
            unit(
                "Ash",
                0,
                (1, 0),
                S,
                &["rock"],
                "str = 10, dex = 12, int = 10, thrown_weapons = 1",
            ),
            unit("Cal", 1, (1, 2), N, &[], BIG),
            unit("Bay", 1, (1, 4), N, &[], BIG),
        ],
    );
    g.reach_actions(0);
    let ev = g.play(
        "Ash throws the Rock at Bay",
        &faces(&[&d3(10), &d3(15), &[6]]),
    );
    assert_eq!(roll(&ev).target_number, 8);
    let h = hurts(&ev);
    assert_eq!(h.len(), 1);
    assert_eq!((h[0].0, h[0].1, h[0].3, h[0].4), (g.id("Cal"), 3, 1, 2));
    assert_eq!(g.fig("Cal").nonlethal, 2);
}

#[test]
fn sk_21_3_b_g_61_the_hth_reactions_free_hit_with_bare_hands_is_bludgeoning() {
    // Ash tries hand to hand with the kneeling Bay (SK-16.15.3-a (2)); Bay's Martial Arts 1 is
    // one level above Ash's: die 6 + 1 = 7, and Bay gets an automatic hit with his bare hands
    // (SK-16.15.3-T1): the unarmed damage for STR 10, +1 for Martial Arts 1 (SK-16.15.4-b). Bare
    // hands are bludgeoning (G-61): a third of it lethal, the rest nonlethal.
    let mut g = game(
        &[NONLETHAL],
        &open(3, 4),
        &[],
        &[
            unit("Ash", 0, (1, 1), S, &[], BIG),
            unit(
                "Bay",
                1,
                (1, 2),
                N,
                &[],
                "str = 10, dex = 12, int = 10, martial_arts = 1",
            )
            .stance("kneeling"),
        ],
    );
    g.reach_actions(0);
    let ev = g.play("Ash goes hand to hand with Bay", &[6, 6]);
    let h = hurts(&ev);
    assert_eq!(h.len(), 1);
    let (target, rolled, _, lethal, nonlethal, rule) = h[0];
    assert_eq!((target, rule), (g.id("Ash"), "SK-16.15.3-T1"));
    assert_eq!(
        (lethal, nonlethal),
        (rolled as i16 / 3, rolled as i16 - rolled as i16 / 3)
    );
    assert!(nonlethal > 0);
}

#[test]
fn sk_21_3_b_g_61_an_unarmed_fumble_is_bludgeoning() {
    // Ash punches Bay and rolls an 18: 1d6 to himself (SK-16.15.1-a), from his own fist, so
    // bludgeoning (G-61): a 6 is 2 lethal and 4 nonlethal.
    let mut g = game(
        &[NONLETHAL],
        &open(3, 4),
        &[],
        &[
            unit("Ash", 0, (1, 1), S, &[], BIG),
            unit("Bay", 1, (1, 2), N, &[], BIG),
        ],
    );
    g.reach_actions(0);
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(18), &[6]]));
    assert_eq!(hurts(&ev), [(g.id("Ash"), 6, 0, 2, 4, "SK-16.15.1-a")]);
}
