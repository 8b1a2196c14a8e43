//! Rolls against a target number with the book's automatic results: the roll to hit on 1–5 dice
//! (SK-12.1, SK-5.9.1-c, SK-11.4-d, SK-16.15.4-e, SK-27-T1; G-01), the grenade throw (SK-16.12-d),
//! knockdown and throw checks (SK-16.15.5-c), opposed rolls (SK-5.9.3-a, G-74), the critical
//! location (SK-21.4-b, G-60) and how badly a weapon breaks (SK-12.1-e, G-36).
//!
//! Everything here is a pure function of rolls already made; the caller rolls the dice.

use fireteam_engine::RuleId;
use serde::Serialize;

/// G-01: which of the book's two statements of the 4d6/5d6 automatic numbers is used
/// (option `sk.auto_numbers`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub enum AutoVersion {
    /// SK-5.9.1-c, SK-11.4-d, SK-16.15.4-e, §27.3–27.4: narrow hit bands, a miss band and
    /// drop/break bands. The default (G-01).
    #[default]
    A,
    /// SK-12.1-g, §27.2: "below 8 / above 20" on 4d6, "below 11 / above 24" on 5d6.
    B,
}

/// The outcome of a roll to hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum ToHit {
    /// A hit; `mult` is the damage multiplier (1, 2, 3); `automatic`: the roll hit whatever the
    /// target number.
    Hit { mult: u8, automatic: bool },
    /// A miss; `automatic`: the roll missed whatever the target number.
    Miss { automatic: bool },
    /// SK-12.1-d: a miss, and the attacker drops the weapon (a dropped-weapon counter in his hex).
    Dropped,
    /// SK-12.1-d: a miss, and the weapon breaks (see [`break_severity`]).
    Broken,
}

impl ToHit {
    /// Whether the attack hit.
    pub fn is_hit(self) -> bool {
        matches!(self, ToHit::Hit { .. })
    }
}

/// A classified roll to hit: the outcome, the rule that decided it, and the margin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Classified {
    pub result: ToHit,
    /// The rule that decided the result (the automatic band, Fencing, or the plain comparison).
    pub rule: RuleId,
    /// SK-5.9.2-a: margin of success = target − roll (negative: margin of failure). Reported as
    /// is, also for automatic results (an automatic hit can have a negative margin).
    pub margin: i32,
}

/// SK-12.1-a (G-15): the plain comparison, hit iff roll ≤ target.
const PLAIN: RuleId = RuleId("SK-12.1-a");
/// SK-12.1-c: 3d6 automatic hits with multipliers.
const AUTO_3D6_HIT: RuleId = RuleId("SK-12.1-c");
/// SK-12.1-d: 3d6 automatic miss, drop, break.
const AUTO_3D6_MISS: RuleId = RuleId("SK-12.1-d");
/// SK-6.4.3-a (G-47): Fencing's multipliers for swords.
const FENCING: RuleId = RuleId("SK-6.4.3-a");
/// SK-5.9.1-c (= SK-11.4-d, §27.3): 4d6 version A.
const AUTO_4D6_A: RuleId = RuleId("SK-5.9.1-c");
/// SK-16.15.4-e (§27.4): 5d6 version A.
const AUTO_5D6_A: RuleId = RuleId("SK-16.15.4-e");
/// SK-12.1-g: version B on 4d6/5d6, and the 2d6 and 1d6 automatic numbers.
const AUTO_B: RuleId = RuleId("SK-12.1-g");

/// A band outcome before the margin is attached.
enum Band {
    Auto(ToHit, RuleId),
    Plain,
}

/// SK-12.1 and G-01: the automatic band a roll of `dice` d6 falls in, if any.
fn band(dice: u8, roll: i32, version: AutoVersion) -> Band {
    use AutoVersion::{A, B};
    let hit = ToHit::Hit {
        mult: 1,
        automatic: true,
    };
    let miss = ToHit::Miss { automatic: true };
    match (dice, version) {
        // SK-12.1-g: 1d6, 1 is an automatic hit (no automatic miss is stated).
        (1, _) if roll == 1 => Band::Auto(hit, AUTO_B),
        // SK-12.1-g: 2d6, 2 hits, 12 misses.
        (2, _) if roll == 2 => Band::Auto(hit, AUTO_B),
        (2, _) if roll == 12 => Band::Auto(miss, AUTO_B),
        // SK-12.1-c: 3 ×3, 4 ×2, 5 ×1.
        (3, _) if (3..=5).contains(&roll) => Band::Auto(
            ToHit::Hit {
                mult: (6 - roll) as u8,
                automatic: true,
            },
            AUTO_3D6_HIT,
        ),
        // SK-12.1-d: 16 miss, 17 drop, 18 break.
        (3, _) if roll == 16 => Band::Auto(miss, AUTO_3D6_MISS),
        (3, _) if roll == 17 => Band::Auto(ToHit::Dropped, AUTO_3D6_MISS),
        (3, _) if roll == 18 => Band::Auto(ToHit::Broken, AUTO_3D6_MISS),
        // SK-5.9.1-c / SK-11.4-d: 4-5 hit (no other effects), 20 miss, 21-22 drop, 23-24 break.
        (4, A) => match roll {
            4..=5 => Band::Auto(hit, AUTO_4D6_A),
            20 => Band::Auto(miss, AUTO_4D6_A),
            21..=22 => Band::Auto(ToHit::Dropped, AUTO_4D6_A),
            23..=24 => Band::Auto(ToHit::Broken, AUTO_4D6_A),
            _ => Band::Plain,
        },
        // SK-12.1-g: below 8 hits, above 20 misses.
        (4, B) => match roll {
            4..=7 => Band::Auto(hit, AUTO_B),
            21..=24 => Band::Auto(miss, AUTO_B),
            _ => Band::Plain,
        },
        // SK-16.15.4-e / §27.4: 5 hit, 24-26 miss, 27-28 drop, 29-30 break.
        (5, A) => match roll {
            5 => Band::Auto(hit, AUTO_5D6_A),
            24..=26 => Band::Auto(miss, AUTO_5D6_A),
            27..=28 => Band::Auto(ToHit::Dropped, AUTO_5D6_A),
            29..=30 => Band::Auto(ToHit::Broken, AUTO_5D6_A),
            _ => Band::Plain,
        },
        // SK-12.1-g: below 11 hits, above 24 misses.
        (5, B) => match roll {
            5..=10 => Band::Auto(hit, AUTO_B),
            25..=30 => Band::Auto(miss, AUTO_B),
            _ => Band::Plain,
        },
        // G-01: 6 or more dice (and 0) have no automatic results.
        _ => Band::Plain,
    }
}

/// SK-12.1-a…g, SK-5.9.1-c, SK-11.4-d, SK-16.15.4-e, SK-6.4.3-a (G-01, G-15, G-47): classify a
/// roll to hit made with `dice` d6 (`roll` = their total) against `target` (the adjusted eDEX).
///
/// * Outside the automatic bands: hit iff `roll ≤ target` (SK-12.1-a, G-15), multiplier 1.
/// * 3d6 (SK-12.1-c/d): 3 hit ×3, 4 hit ×2, 5 hit ×1, all automatic; 16 automatic miss;
///   17 [`ToHit::Dropped`]; 18 [`ToHit::Broken`].
/// * `fencing` (SK-6.4.3-a, G-47; the caller has checked a sword attack by a Fencer with
///   eDEX ≥ 14): on 3d6 a hit on 3–4 is ×3 and on 5–7 is ×2, **replacing** the 3d6 multipliers.
///   3–5 stay automatic hits; 6–7 still need `roll ≤ target`. It has no effect on other dice
///   counts (G-01: no multipliers on 4d6/5d6) or on 16–18.
/// * 4d6 and 5d6 by `version` (G-01). A: 4d6 4–5 hit, 20 miss, 21–22 dropped, 23–24 broken
///   (SK-5.9.1-c); 5d6 5 hit, 24–26 miss, 27–28 dropped, 29–30 broken (SK-16.15.4-e). B
///   (SK-12.1-g): 4d6 4–7 hit, 21–24 miss; 5d6 5–10 hit, 25–30 miss. Never a multiplier.
/// * 2d6: 2 automatic hit, 12 automatic miss; 1d6: 1 automatic hit (SK-12.1-g, both versions).
/// * 6 or more dice: no automatic results (G-01).
///
/// A `roll` that `dice` d6 cannot make is compared plainly (no automatic band matches it).
pub fn classify(
    dice: u8,
    roll: i32,
    target: i32,
    version: AutoVersion,
    fencing: bool,
) -> Classified {
    let margin = target - roll;
    let (result, rule) = match band(dice, roll, version) {
        Band::Auto(ToHit::Hit { .. }, _) if dice == 3 && fencing => (
            ToHit::Hit {
                mult: if roll <= 4 { 3 } else { 2 },
                automatic: true,
            },
            FENCING,
        ),
        Band::Auto(result, rule) => (result, rule),
        Band::Plain if roll <= target => {
            if dice == 3 && fencing && (6..=7).contains(&roll) {
                (
                    ToHit::Hit {
                        mult: 2,
                        automatic: false,
                    },
                    FENCING,
                )
            } else {
                (
                    ToHit::Hit {
                        mult: 1,
                        automatic: false,
                    },
                    PLAIN,
                )
            }
        }
        Band::Plain => (ToHit::Miss { automatic: false }, PLAIN),
    };
    Classified {
        result,
        rule,
        margin,
    }
}

/// Where a thrown grenade lands (SK-16.12-c, SK-16.12-d).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum GrenadeThrow {
    /// It lands in the target hex; `automatic` for 3, 4, 5 ("no other effect").
    OnTarget { automatic: bool },
    /// SK-16.12-c: it lands `hexes` away in a 1d6 direction; `hexes` is the margin of failure,
    /// at least 1 (G-51, also for the automatic misses 16 and 17).
    Scatter { hexes: u32 },
    /// SK-16.12-d: an 18 drops it in the thrower's own hex (it goes off normally, G-51).
    OwnHex,
}

/// SK-16.12-c/d (G-51): classify a grenade throw on 3d6 against `target`. 3, 4, 5 land on
/// target automatically; 16 and 17 are automatic misses that scatter by the real margin of
/// failure (`roll − target`), at least 1 hex; 18 lands in the thrower's own hex; otherwise
/// `roll ≤ target` lands on target and a miss scatters by its margin of failure (E-13).
pub fn classify_grenade(roll: i32, target: i32) -> GrenadeThrow {
    let scatter = || GrenadeThrow::Scatter {
        hexes: (roll - target).max(1) as u32,
    };
    match roll {
        3..=5 => GrenadeThrow::OnTarget { automatic: true },
        16 | 17 => scatter(),
        18 => GrenadeThrow::OwnHex,
        _ if roll <= target => GrenadeThrow::OnTarget { automatic: false },
        _ => scatter(),
    }
}

/// SK-16.15.5-c (knockdowns and throws, and the opposed checks that state the same numbers):
/// a 3d6 check where 3, 4, 5 always succeed and 16, 17, 18 always fail; otherwise success iff
/// `roll ≤ target`. Returns (success, margin), margin = target − roll (SK-5.9.2-a).
pub fn check_with_auto(roll: i32, target: i32) -> (bool, i32) {
    let ok = match roll {
        3..=5 => true,
        16..=18 => false,
        _ => roll <= target,
    };
    (ok, target - roll)
}

/// SK-5.9.3-a with SK-5.9.2-b and G-74: whether the first side (the one who started the
/// contest) wins an opposed roll.
///
/// Each side is ranked by (success, margin): any success ranks above any failure (SK-5.9.2-b),
/// so an automatic success or failure (`ok` from [`check_with_auto`]) outranks margins (G-74);
/// between two successes, or two failures, the higher margin wins (SK-5.9.3-a). Equal ranks go
/// to the defender, the second side: the status quo holds (G-74, INVENTED).
pub fn opposed(first_margin: i32, first_ok: bool, second_margin: i32, second_ok: bool) -> bool {
    (first_ok, first_margin) > (second_ok, second_margin)
}

/// SK-5.9.3-a: the net margin of an opposed roll, the higher margin minus the lower.
pub fn net_margin(first_margin: i32, second_margin: i32) -> i32 {
    (first_margin - second_margin).abs()
}

/// A critical-hit location (SK-21.4-b).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Location {
    RightLeg,
    LeftLeg,
    /// Usually the right arm unless stated otherwise.
    WeaponArm,
    OtherArm,
    Head,
}

/// SK-21.4-b (G-60, OPT `sk.aimed_shots`): whether a roll to hit gives a chance of a critical
/// hit: a **successful** roll on 3 or 4 dice showing 3, 4, 5 or 6 (so 4–6 on 4d6).
pub fn critical_chance(dice: u8, roll: i32, hit: bool) -> bool {
    hit && (dice == 3 || dice == 4) && (3..=6).contains(&roll)
}

/// SK-21.4-b (G-60): the critical location on 2d6: 2–7 no critical; 8 right leg, 9 left leg,
/// 10 weapon arm, 11 other arm, 12 head. Values 2d6 cannot make give `None`.
pub fn critical_location(roll_2d6: i32) -> Option<Location> {
    match roll_2d6 {
        8 => Some(Location::RightLeg),
        9 => Some(Location::LeftLeg),
        10 => Some(Location::WeaponArm),
        11 => Some(Location::OtherArm),
        12 => Some(Location::Head),
        _ => None,
    }
}

/// How badly a broken missile or energy weapon is broken (SK-12.1-e, G-36).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Break {
    /// Unusable for this combat; fixable between combats by anyone with the weapon skill and
    /// tools (SK-12.1-e "other results").
    Temporary,
    /// "Permanently broken": unusable for the rest of the scenario, repairable only by a
    /// Weaponsmith at his shop (G-36 "shop repair").
    Permanent,
}

/// SK-12.1-e (G-36): the 1d6 rolled for a broken **missile or energy** weapon. Energy weapons
/// 1–3 and gas-action weapons 1 → [`Break::Permanent`]; anything else, including missile weapons
/// that are neither energy nor gas-action, → [`Break::Temporary`].
///
/// Not for other weapons (SK-12.1-f): a non-missile weapon is destroyed by the break, and a
/// club by its second break result; the caller keeps the club's count.
pub fn break_severity(die: i32, energy: bool, gas_action: bool) -> Break {
    if (energy && (1..=3).contains(&die)) || (gas_action && die == 1) {
        Break::Permanent
    } else {
        Break::Temporary
    }
}
