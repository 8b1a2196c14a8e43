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
