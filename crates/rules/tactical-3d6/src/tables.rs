//! The sheet's tables, as pure lookups: T3-TAB-SPEED, T3-TAB-RANGE, T3-TAB-AUTOFIRE,
//! T3-TAB-HITLOC, T3-TAB-MALF, T3-TAB-WOUNDING with the special damage notes, T3-TAB-FALL,
//! T3-TAB-READY, T3-TAB-POSTURES and T3-TAB-EXPOSURE. Each says which gap resolution it
//! uses where the sheet stops.

use crate::data::{DamageType, Location};
use serde::Serialize;

/// T3-TAB-SPEED with T3-G23: the first row at or above the speed; the rows past 70 yd/s are
/// the INVENTED extension continuing the printed pattern.
pub fn speed_penalty(yards_per_second: u32) -> i32 {
    // T3-TAB-SPEED (printed rows, then T3-G23's invented continuation from 100).
    const ROWS: [(u32, i32); 17] = [
        (2, 0),
        (3, -1),
        (5, -2),
        (7, -3),
        (10, -4),
        (15, -5),
        (20, -6),
        (30, -7),
        (50, -8),
        (70, -9),
        (100, -10),
        (150, -11),
        (200, -12),
        (300, -13),
        (500, -14),
        (700, -15),
        (1000, -16),
    ];
    ROWS.iter()
        .find(|&&(s, _)| yards_per_second <= s)
        .map_or(-16, |&(_, p)| p)
}

/// T3-TAB-RANGE's bands (T3-G24 for the boundaries).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RangeBand {
    Close,
    Short,
    Medium,
    Long,
    Extreme,
}

impl RangeBand {
    pub fn name(self) -> &'static str {
        match self {
            RangeBand::Close => "close",
            RangeBand::Short => "short",
            RangeBand::Medium => "medium",
            RangeBand::Long => "long",
            RangeBand::Extreme => "extreme",
        }
    }
}

/// T3-RANGE-01, T3-TAB-RANGE, T3-G24: the band and its penalty for a range in whole yards.
pub fn range_band(yards: u32) -> (RangeBand, i32) {
    match yards {
        0..=5 => (RangeBand::Close, 0),
        6..=20 => (RangeBand::Short, -3),
        21..=99 => (RangeBand::Medium, -7),
        100..=499 => (RangeBand::Long, -11),
        _ => (RangeBand::Extreme, -15),
    }
}

/// T3-TAB-AUTOFIRE and T3-AUTOFIRE-05: the bonus to hit for a number of shots (or pellets).
/// One shot gets nothing.
pub fn autofire_bonus(shots: u32) -> i32 {
    match shots {
        0..=4 => 0,
        5..=8 => 1,
        9..=12 => 2,
        13..=16 => 3,
        17..=24 => 4,
        25..=49 => 5,
        // "Each x2 +1 more": 50-99 +6, 100-199 +7, …
        n => {
            let mut bonus = 6;
            let mut top = 99u64;
            while u64::from(n) > top {
                bonus += 1;
                top = top * 2 + 1;
            }
            bonus
        }
    }
}

/// The fewest shots of each row of T3-TAB-AUTOFIRE, up to `rof`: the counts where the bonus
/// changes.
pub fn autofire_rows(rof: u32) -> impl Iterator<Item = u32> {
    let mut firsts = vec![2u32, 5, 9, 13, 17, 25];
    let mut n = 50u32;
    while n <= rof {
        firsts.push(n);
        n = n.saturating_mul(2);
    }
    firsts.into_iter().filter(move |&s| s <= rof)
}

/// T3-HITLOC-02, T3-TAB-HITLOC: the penalty for aiming at a location.
pub fn location_penalty(loc: Location) -> i32 {
    match loc {
        Location::Eye => -9,
        Location::Skull => -7,
        Location::Face | Location::Neck => -5,
        Location::Torso => 0,
        Location::Vitals | Location::Groin => -3,
        Location::RightArm | Location::LeftArm | Location::RightLeg | Location::LeftLeg => -2,
        Location::RightHand | Location::LeftHand | Location::RightFoot | Location::LeftFoot => -4,
    }
}

/// T3-HITLOC-05, note [1]: a miss by exactly one at these hits the torso.
pub fn torso_on_miss_by_one(loc: Location) -> bool {
    matches!(
        loc,
        Location::Eye
            | Location::Skull
            | Location::Face
            | Location::Groin
            | Location::Neck
            | Location::Vitals
    )
}

/// T3-HITLOC-06, note [2]: only impaling, piercing and laser attacks may aim at the eye or
/// vitals.
pub fn may_aim_at(loc: Location, kind: DamageType, laser: bool) -> bool {
    match loc {
        Location::Eye | Location::Vitals => {
            kind == DamageType::Impaling || kind.is_piercing() || laser
        }
        _ => true,
    }
}

/// A random location before the side of a hand or foot is known (T3-TAB-HITLOC's Roll
/// column).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rolled {
    At(Location),
    /// Note [3]: roll 1d, 1-3 right, 4-6 left.
    Hand,
    Foot,
}

/// T3-HITLOC-03, T3-TAB-HITLOC: the location a 3d6 roll picks. Eye and Vitals never come up.
pub fn random_location(roll: u32) -> Rolled {
    match roll {
        0..=4 => Rolled::At(Location::Skull),
        5 => Rolled::At(Location::Face),
        6 | 7 => Rolled::At(Location::RightLeg),
        8 => Rolled::At(Location::RightArm),
        9 | 10 => Rolled::At(Location::Torso),
        11 => Rolled::At(Location::Groin),
        12 => Rolled::At(Location::LeftArm),
        13 | 14 => Rolled::At(Location::LeftLeg),
        15 => Rolled::Hand,
        16 => Rolled::Foot,
        _ => Rolled::At(Location::Neck),
    }
}

/// T3-HITLOC-07, note [3].
pub fn side_of(rolled: Rolled, d6: u32) -> Location {
    let right = d6 <= 3;
    match rolled {
        Rolled::At(l) => l,
        Rolled::Hand if right => Location::RightHand,
        Rolled::Hand => Location::LeftHand,
        Rolled::Foot if right => Location::RightFoot,
        Rolled::Foot => Location::LeftFoot,
    }
}

/// T3-TAB-MALF's rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Malfunction {
    /// 3-4 (and 15-18 above TL4): fails to fire; diagnose, then an hour to repair.
    Broken,
    /// 5-8 and 12-14: fails to fire; diagnose, 3 sec to clear. A revolver's next shot is fine.
    Jammed,
    /// 9-11: one shot, then stops; diagnose, 3 sec to clear.
    OneShotThenJam,
    /// 15-18 at TL4 or less: the gunpowder weapon explodes, 1d+2 cr (T3-MALF-04).
    Explodes,
}

/// T3-MALF-02, T3-TAB-MALF: the effect of a 3d6 roll on the table for a weapon of `tl`.
pub fn malfunction(roll: u32, tl: u32) -> Malfunction {
    match roll {
        0..=4 => Malfunction::Broken,
        5..=8 | 12..=14 => Malfunction::Jammed,
        9..=11 => Malfunction::OneShotThenJam,
        // "Otherwise treat as rolling 3" (T3-E05).
        _ if tl <= 4 => Malfunction::Explodes,
        _ => Malfunction::Broken,
    }
}

/// A wounding multiplier in halves (×0.5 is 1, ×1.5 is 3), so injury stays integer.
pub type Halves = u32;

/// T3-DAMAGE-02, T3-TAB-WOUNDING: the multiplier of a damage type, in halves.
pub fn wounding(kind: DamageType) -> Halves {
    match kind {
        DamageType::SmallPiercing => 1,
        DamageType::Burning
        | DamageType::Corrosion
        | DamageType::Crushing
        | DamageType::Fatigue
        | DamageType::Piercing
        | DamageType::Toxic => 2,
        DamageType::Cutting | DamageType::LargePiercing => 3,
        DamageType::Impaling | DamageType::HugePiercing => 4,
    }
}

/// T3-LOCDMG-01..07 with T3-G27: the multiplier at a location, in halves, and the rule that
/// chose it. A location's multiplier replaces the type's (T3-G27 a).
pub fn wounding_at(
    kind: DamageType,
    loc: Location,
    laser_not_aoe: bool,
    extremities_as_limbs: bool,
) -> (Halves, &'static str) {
    use DamageType::*;
    let base = (wounding(kind), "T3-DAMAGE-02");
    match loc {
        Location::Vitals
            if kind == Impaling || kind.is_piercing() || (kind == Burning && laser_not_aoe) =>
        {
            (6, "T3-LOCDMG-01")
        }
        Location::Eye | Location::Skull if kind != Toxic => (
            8,
            if loc == Location::Eye {
                "T3-LOCDMG-02"
            } else {
                "T3-LOCDMG-03"
            },
        ),
        Location::Face if kind == Corrosion => (3, "T3-LOCDMG-04"),
        Location::Neck if kind == Crushing || kind == Corrosion => (3, "T3-LOCDMG-05"),
        Location::Neck if kind == Cutting => (4, "T3-LOCDMG-05"),
        l if (l.is_limb() || (extremities_as_limbs && l.is_extremity()))
            && matches!(kind, Impaling | LargePiercing | HugePiercing) =>
        {
            (2, "T3-LOCDMG-07")
        }
        _ => base,
    }
}

/// T3-FALL-01, T3-TAB-FALL with T3-G38: the damage for a fall, from the row with the largest
/// distance at or below it (the rows past 30 yd are INVENTED, continuing the pattern). Under
/// 1 yd, none. Always crushing.
pub fn fall_damage(yards: u32) -> Option<(u8, i8)> {
    const ROWS: [(u32, u8, i8); 14] = [
        (1, 1, 0),
        (2, 1, 1),
        (3, 1, 2),
        (4, 2, -1),
        (5, 2, 0),
        (10, 3, 0),
        (15, 3, 2),
        (20, 4, 0),
        (25, 4, 2),
        (30, 5, 0),
        (35, 5, 2),
        (40, 6, 0),
        (45, 6, 2),
        (50, 7, 0),
    ];
    ROWS.iter()
        .rev()
        .find(|&&(d, _, _)| d <= yards)
        .map(|&(_, dice, adds)| (dice, adds))
}

/// T3-TAB-READY's rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ReadyTask {
    Draw,
    GrabLight,
    PickUpOneHand,
    PickUpTwoHands,
    OpenDoor,
    FindInContainer,
    FindInPockets,
    Light,
    Sheathe,
    Swallow,
}

impl ReadyTask {
    pub const ALL: [ReadyTask; 10] = [
        ReadyTask::Draw,
        ReadyTask::GrabLight,
        ReadyTask::PickUpOneHand,
        ReadyTask::PickUpTwoHands,
        ReadyTask::OpenDoor,
        ReadyTask::FindInContainer,
        ReadyTask::FindInPockets,
        ReadyTask::Light,
        ReadyTask::Sheathe,
        ReadyTask::Swallow,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ReadyTask::Draw => "draw",
            ReadyTask::GrabLight => "grab",
            ReadyTask::PickUpOneHand => "lift-one-hand",
            ReadyTask::PickUpTwoHands => "lift-two-hands",
            ReadyTask::OpenDoor => "open",
            ReadyTask::FindInContainer => "find-in-container",
            ReadyTask::FindInPockets => "find-in-pockets",
            ReadyTask::Light => "light",
            ReadyTask::Sheathe => "sheathe",
            ReadyTask::Swallow => "swallow",
        }
    }

    pub fn from_name(name: &str) -> Option<ReadyTask> {
        ReadyTask::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// T3-READY-01/02, T3-TAB-READY: how long a task takes, in seconds, or the dice it is rolled
/// on when it starts (`Err(n)`: `n`d seconds).
pub fn ready_time(task: ReadyTask) -> Result<u32, u8> {
    match task {
        ReadyTask::Draw | ReadyTask::GrabLight | ReadyTask::OpenDoor => Ok(1),
        ReadyTask::PickUpOneHand | ReadyTask::Light | ReadyTask::Sheathe | ReadyTask::Swallow => {
            Ok(2)
        }
        ReadyTask::PickUpTwoHands => Ok(4),
        ReadyTask::FindInContainer => Err(2),
        ReadyTask::FindInPockets => Err(1),
    }
}

/// T3-READY-03: the most a task may lift, as a multiple of BL (`None`: no limit).
pub fn lift_limit(task: ReadyTask) -> Option<u32> {
    match task {
        ReadyTask::PickUpOneHand => Some(2),
        ReadyTask::PickUpTwoHands => Some(8),
        _ => None,
    }
}

/// T3-TAB-POSTURES' postures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Posture {
    Standing,
    Sitting,
    Kneeling,
    Crawling,
    Prone,
    FaceUp,
}

impl Posture {
    pub const ALL: [Posture; 6] = [
        Posture::Standing,
        Posture::Sitting,
        Posture::Kneeling,
        Posture::Crawling,
        Posture::Prone,
        Posture::FaceUp,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Posture::Standing => "standing",
            Posture::Sitting => "sitting",
            Posture::Kneeling => "kneeling",
            Posture::Crawling => "crawling",
            Posture::Prone => "prone",
            Posture::FaceUp => "face-up",
        }
    }

    pub fn from_name(name: &str) -> Option<Posture> {
        Posture::ALL.into_iter().find(|p| p.name() == name)
    }

    pub fn lying(self) -> bool {
        matches!(self, Posture::Prone | Posture::FaceUp)
    }
}

/// T3-POSTURE-01, T3-G12: yards of movement a posture allows from a Move (×1/3 rounds up).
pub fn posture_move(p: Posture, full: u32) -> u32 {
    match p {
        Posture::Standing => full,
        Posture::Sitting => 0,
        Posture::Kneeling | Posture::Crawling => full.div_ceil(3),
        Posture::Prone | Posture::FaceUp => 1,
    }
}

/// T3-POSTURE-04: the active-defense modifier of a posture.
pub fn posture_defense(p: Posture) -> i32 {
    match p {
        Posture::Standing => 0,
        Posture::Sitting | Posture::Kneeling => -2,
        Posture::Crawling | Posture::Prone | Posture::FaceUp => -3,
    }
}

/// T3-POSTURE-05, T3-G16: "As Crouched" (Crawling only with `t3.crawling_as_crouched`).
pub fn posture_as_crouched(p: Posture, crawling_as_crouched: bool) -> bool {
    match p {
        Posture::Standing => false,
        Posture::Crawling => crawling_as_crouched,
        _ => true,
    }
}

/// T3-POSTURE-02/03, T3-G15: the postures one Change Posture reaches.
pub fn posture_changes(from: Posture, stand_two_actions_always: bool) -> Vec<Posture> {
    use Posture::*;
    let all = Posture::ALL.iter().copied().filter(|&p| p != from);
    match from {
        // "Sitting, Crawling, or Kneeling" from lying.
        Prone | FaceUp => vec![Sitting, Crawling, Kneeling],
        // T3-G15's flag: standing always takes two actions, so it is never one change from
        // Sitting or Crawling either; Kneeling still stands as a step.
        Sitting | Crawling if stand_two_actions_always => all.filter(|&p| p != Standing).collect(),
        _ => all.collect(),
    }
}

/// T3-TAB-EXPOSURE's firing positions (T3-COVER-01/02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Exposure {
    /// Behind cover and not looking out: nothing exposed (and it cannot see, T3-G13).
    Hidden,
    /// Looking out: skull, face, eyes and neck.
    Looking,
    OneHanded,
    TwoHanded,
    Slit,
}

/// How much of a location is out of cover.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Covered {
    Exposed,
    Partly,
    Fully,
}

/// T3-TAB-EXPOSURE: whether a location is exposed, partly exposed or covered. A one-handed
/// weapon is held in the right hand.
pub fn covered(exposure: Exposure, loc: Location) -> Covered {
    use Location::*;
    let head = matches!(loc, Skull | Face | Eye | Neck);
    match exposure {
        Exposure::Hidden => Covered::Fully,
        Exposure::Looking if head => Covered::Exposed,
        Exposure::OneHanded if head || matches!(loc, RightHand | RightArm) => Covered::Exposed,
        Exposure::TwoHanded if head || matches!(loc, RightHand | RightArm | LeftHand | LeftArm) => {
            Covered::Exposed
        }
        Exposure::TwoHanded if matches!(loc, Torso | Vitals) => Covered::Partly,
        Exposure::Slit if loc == Eye => Covered::Exposed,
        Exposure::Slit if loc == Face => Covered::Partly,
        _ => Covered::Fully,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_3d6_total_has_one_location_and_eye_and_vitals_never_come_up_t3_hitloc_03() {
        let mut seen = std::collections::BTreeSet::new();
        for r in 3..=18 {
            for d in 1..=6 {
                seen.insert(side_of(random_location(r), d));
            }
        }
        assert!(!seen.contains(&Location::Eye) && !seen.contains(&Location::Vitals));
        assert_eq!(seen.len(), 13);
    }

    #[test]
    fn autofire_rows_list_where_the_bonus_changes_t3_autofire_01() {
        assert_eq!(autofire_rows(10).collect::<Vec<_>>(), [2, 5, 9]);
        assert_eq!(
            autofire_rows(100).collect::<Vec<_>>(),
            [2, 5, 9, 13, 17, 25, 50, 100]
        );
        for w in autofire_rows(400).collect::<Vec<_>>().windows(2) {
            assert_eq!(autofire_bonus(w[1]), autofire_bonus(w[0]) + 1, "{w:?}");
            assert_eq!(autofire_bonus(w[1] - 1), autofire_bonus(w[0]));
        }
    }
}
