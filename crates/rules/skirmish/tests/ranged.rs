//! SKIRMISH! ranged fire through the engine with forced dice: rolls to avoid (§12.2), thrown and
//! missile weapons (§13.5, §13.6), aiming (§13.7), attacking into a melee (§13.8), selective and
//! automatic fire with its sweeps (§16.6), hand-to-hand misses and shots into a brawl
//! (§16.15.3), smoke (§17.4), quick-draw ties and engaged shoulderarms (§21.5), and
//! suppression fire (§21.8). Every number is checked against a hand calculation from the book,
//! written in the comment above it. Test names carry the rule IDs; G-nn and E-nn are GAPS.md's.

mod common;

use common::*;
use fireteam_skirmish::autoresult::ToHit;
use fireteam_skirmish::state::Posture;

/// STR 10, DEX 12, INT 10, no skills.
const PLAIN: &str = "str = 10, dex = 12, int = 10";
/// STR 10, DEX 12, INT 10 with Sidearms (pistols).
const GUNNER: &str = "str = 10, dex = 12, int = 10, sidearms = 1";
/// A big target who does not fall to one bullet: STR 30.
const BIG: &str = "str = 30, dex = 10, int = 10";

const PLAIN_HIT: ToHit = ToHit::Hit {
    mult: 1,
    automatic: false,
};
const PLAIN_MISS: ToHit = ToHit::Miss { automatic: false };

fn rows(map: &[&str]) -> Vec<String> {
    map.iter().map(|s| s.to_string()).collect()
}

// =============================================================================================
// Defects found in review: each test failed on the code before its fix.
// =============================================================================================

#[test]
fn sk_17_4_a_g_51_a_target_standing_in_smoke_is_fired_into() {
    // Bay stands in the only smoke hex, 4 hexes south of Ash. The shot is fired *into* smoke:
    // −1 (SK-17.4-a, G-51 "through, from or into"). Ash needs 12 − 1 = 11; no other
    // adjustment (range 4 hexes = 2 MH: none, SK-13.6-a).
    let map = ["...", "...", "...", "...", ".s.", "..."];
    let mut g = game(
        &[],
        &rows(&map),
        &[('s', "smoke")],
        &[
            unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER),
            unit("Bay", 1, (1, 4), N, &[], BIG),
        ],
    );
    g.reach_actions(0);
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("smoke", -1, "SK-17.4-a");
    assert_eq!(r.ids(), ["smoke"]);
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 11);
}

#[test]
fn sk_17_4_b_g_51_a_laser_loses_one_in_the_targets_smoky_hex() {
    // The laser pistol (4d6+2) into Bay's smoky hex: −1 to hit and −1 damage (SK-17.4-b):
    // 4d6+1, rolled 1+1+1+1 + 1 = 5.
    let map = ["...", "...", "...", "...", ".s.", "..."];
    let mut g = game(
        &[],
        &rows(&map),
        &[('s', "smoke")],
        &[
            unit("Ash", 0, (1, 0), S, &["laser-pistol"], GUNNER),
            unit("Bay", 1, (1, 4), N, &[], BIG),
        ],
    );
    g.reach_actions(0);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(8), &[1, 1, 1, 1]]));
    roll(&ev).assert_mod("smoke", -1, "SK-17.4-a");
    let d = &damages(&ev)[0];
    assert_eq!((d.expr.as_str(), d.rolled, d.taken), ("4d6+1", 5, 5));
}

#[test]
fn sk_12_2_g_g_14_a_lone_figure_in_the_way_can_be_hit() {
    // Cal (Ash's side) stands 2 hexes out, Bay 4 hexes out. Cal's distance modifier is 0 (within
    // 2 MH, SK-13.6-a), so the penalty is G-14's floor: 1 figure → −1, and Ash needs 11.
    // He rolls 12: he misses by 1, a miss the penalty caused (with no one in the way 12 would
    // have hit). Roll to avoid Cal: 3d6 against eDEX 12 + 0 (SK-12.2-g); 15 fails, so Cal takes
    // the pistol's 2d6 (1 + 1 = 2).
    let mut g = game(
        &[],
        &open(3, 6),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER),
            unit("Cal", 0, (1, 2), S, &[], PLAIN),
            unit("Bay", 1, (1, 4), N, &[], PLAIN),
        ],
    );
    g.reach_actions(0);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(12), &d3(15), &[1, 1]]));
    let rs = rolls(&ev);
    assert_eq!(rs.len(), 2, "{rs:#?}");
    rs[0].assert_mod("in-the-way", -1, "SK-12.2-f");
    assert_eq!((rs[0].target_number, rs[0].margin), (11, -1));
    assert!(rs[1].avoid);
    assert_eq!(
        (rs[1].target, rs[1].target_number, rs[1].rule),
        (g.id("Cal"), 12, "SK-12.2-b")
    );
    assert_eq!(rs[1].result, PLAIN_HIT);
    let d = damages(&ev);
    assert_eq!((d.len(), d[0].target, d[0].taken), (1, g.id("Cal"), 2));
}

#[test]
fn sk_13_6_c_g_14_a_foe_behind_the_target_is_rolled_with_his_own_modifiers() {
    // Ash misses Bay (3 hexes) by 3 (15 against 12). The shot goes on to Cid, 5 hexes out
    // behind Bay, and Ash rolls to hit him "with his own modifiers" (G-14 step 5, SK-13.6-c):
    // range 5 hexes = 2 MH: none; no −1 for a new target (it is the same shot, not a second
    // target of the turn, SK-16.6-h) and Bay, already missed, is not "in the way". So 12: a
    // roll of 12 hits Cid, 2d6 = 2.
    let mut g = game(
        &[],
        &open(3, 7),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER),
            unit("Bay", 1, (1, 3), N, &[], PLAIN),
            unit("Cid", 1, (1, 5), N, &[], PLAIN),
        ],
    );
    g.reach_actions(0);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(15), &d3(12), &[1, 1]]));
    let rs = rolls(&ev);
    assert_eq!(rs.len(), 2, "{rs:#?}");
    assert_eq!((rs[0].target, rs[0].result), (g.id("Bay"), PLAIN_MISS));
    assert_eq!((rs[1].target, rs[1].rule), (g.id("Cid"), "SK-13.6-d"));
    assert!(!rs[1].avoid);
    assert!(rs[1].ids().is_empty(), "{:?}", rs[1].ids());
    assert_eq!((rs[1].target_number, rs[1].result), (12, PLAIN_HIT));
    let d = damages(&ev);
    assert_eq!((d[0].target, d[0].taken), (g.id("Cid"), 2));
}

#[test]
fn sk_11_7_3_a_a_figure_that_did_not_move_drops_prone_and_shoots() {
    // E-17 turn 1: both figures drop prone and then shoot (SK-11.7.3-a: "did not move but
    // dropped to prone, kneeling or sitting"). Ash drops prone and is asked again; he may
    // shoot (and do nothing else: SK-11.7.5-a's Drop is then part of the Shoot action). His
    // pistol fired prone is +1 (SK-13.6-g): 13.
    let mut g = game(
        &[],
        &open(3, 6),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER),
            unit("Bay", 1, (1, 4), N, &[], PLAIN),
        ],
    );
    g.reach_actions(0);
    assert!(g.can("Ash drops prone"));
    g.act("Ash drops prone");
    assert_eq!(posture(&g, "Ash"), Posture::Prone);
    assert_eq!(g.decider(), Some(g.id("Ash")));
    assert_eq!(g.texts(), ["Ash shoots Bay", "Ash does nothing"]);
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("pistol-prone", 1, "SK-13.6-g");
    assert_eq!(r.target_number, 13);
}

#[test]
fn sk_11_7_3_a_a_figure_that_moved_a_step_and_drops_does_not_shoot() {
    // SK-11.7.3-a: "moved no more than One Step, or did not move but dropped": a step and a
    // drop is the Drop action alone (SK-11.7.5-a).
    let mut g = game(
        &[],
        &open(3, 7),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER),
            unit("Bay", 1, (1, 5), N, &[], PLAIN),
        ],
    );
    g.start_turn(0);
    g.act("Ash moves to [1, 1] facing S");
    g.stand_all();
    g.act("Ash kneels");
    assert_eq!(g.decider(), Some(g.id("Bay")));
}

#[test]
fn option_sk_avoid_margin_g_14_the_literal_less_than_spares_a_lone_figure() {
    // As above, with §12.2's words taken literally: a miss by 1 is not less than the penalty
    // 1, so Cal is never rolled for; the shot goes on past Bay (nobody there).
    let mut g = game(
        &[("sk.avoid_margin", "\"literal_less_than\"")],
        &open(3, 6),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER),
            unit("Cal", 0, (1, 2), S, &[], PLAIN),
            unit("Bay", 1, (1, 4), N, &[], PLAIN),
        ],
    );
    g.reach_actions(0);
    let ev = g.play("Ash shoots Bay", &d3(12));
    assert_eq!(rolls(&ev).len(), 1);
    assert!(damages(&ev).is_empty());
}

/// E-06: Zork (eDEX 14, the GAPS sketch's figure; Knife skill, so no unskilled penalty)
/// throws a knife at Bruce 6 hexes away; Alice stands 3 hexes out and Chuck beyond Bruce at 9.
fn zork(opts: &[(&str, &str)]) -> Game {
    let mut g = game(
        opts,
        &open(3, 11),
        &[],
        &[
            unit(
                "Zork",
                0,
                (1, 0),
                S,
                &["utility-knife"],
                "str = 10, dex = 14, int = 10, knife = 1",
            ),
            unit("Alice", 0, (1, 3), S, &[], PLAIN),
            unit("Bruce", 1, (1, 6), N, &[], PLAIN),
            unit("Chuck", 0, (1, 9), N, &[], PLAIN),
        ],
    );
    g.reach_actions(0);
    g
}

#[test]
fn e_06_sk_12_2_f_g_zork_alice_bruce_chuck() {
    // To hit Bruce: 14 − 6 (thrown, per hex, SK-13.5-b) − 3 (Alice's distance modifier,
    // SK-12.2-f) = 5. Zork rolls 8: he misses by 3, a roll that would have hit at 8 without
    // Alice (G-14 step 4). Roll to avoid Alice with her +3 (SK-12.2-g): 14 + 3 = 17; 18 fails,
    // and Alice takes the knife's 1d6−1 (4 − 1 = 3). The shot ends there.
    let mut g = zork(&[]);
    let ev = g.play(
        "Zork throws the Utility Knife at Bruce",
        &faces(&[&d3(8), &d3(18), &[4]]),
    );
    let rs = rolls(&ev);
    assert_eq!(rs.len(), 2, "{rs:#?}");
    rs[0].assert_mod("range", -6, "SK-13.5-b");
    rs[0].assert_mod("in-the-way", -3, "SK-12.2-f");
    assert_eq!((rs[0].target_number, rs[0].margin), (5, -3));
    assert!(rs[1].avoid);
    rs[1].assert_mod("avoid-distance", 3, "SK-12.2-e");
    assert_eq!((rs[1].target, rs[1].target_number), (g.id("Alice"), 17));
    let d = damages(&ev);
    assert_eq!((d.len(), d[0].target, d[0].taken), (1, g.id("Alice"), 3));
}

#[test]
fn e_06_sk_12_2_h_chuck_beyond_is_rolled_to_avoid_at_plus_nine() {
    // §12.2 read literally: a miss by 3 is not less than 3, so Alice is safe; the knife goes on
    // past Bruce to Chuck, 9 hexes out: roll to avoid at 14 + 9 = 23 (SK-12.2-h), which any
    // roll makes.
    let mut g = zork(&[("sk.avoid_margin", "\"literal_less_than\"")]);
    let ev = g.play(
        "Zork throws the Utility Knife at Bruce",
        &faces(&[&d3(8), &d3(18)]),
    );
    let rs = rolls(&ev);
    assert_eq!(rs.len(), 2, "{rs:#?}");
    assert!(rs[1].avoid);
    rs[1].assert_mod("avoid-distance", 9, "SK-12.2-e");
    assert_eq!(
        (rs[1].target, rs[1].target_number, rs[1].rule, rs[1].result),
        (g.id("Chuck"), 23, "SK-12.2-h", PLAIN_MISS)
    );
    assert!(damages(&ev).is_empty());
    // SK-12.2-d: the knife lies in Bruce's hex.
    assert!(g.s.dropped.iter().any(|d| d.pos == g.fig("Bruce").pos));
}
