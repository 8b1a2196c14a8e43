//! What the battle's wounds leave after it (book §5, §21.4-e/f, §21.6-e): "some severe injuries
//! may permanently reduce [the attributes]" (SK-5-a).
//!
//! - An arm put out of use by 6+ hits on it, or a leg by 6+, is useless "until it heals between
//!   combats" (SK-21.4-e/f): it heals ([`Event::LimbHealed`]).
//! - An arm hit for 8+ is lost for good (SK-21.4-e); a leg hit for 18+ is lost for good, and his
//!   MOV is 4 "for any other combats" (SK-21.4-f); a figure blinded by an energy weapon's flash
//!   keeps "the permanent disability of −4 DEX" (SK-21.6-e). Each is a [`Event::PermanentLoss`],
//!   followed by his attributes for the next fight ([`Event::Attributes`], SK-5-a).
//!
//! Nothing heals a lost limb or sight: the medics' and doctors' points (SK-6.5.1-a, SK-6.8.1-a)
//! heal damage only. The dead are left out. The battle records the losses as they happen
//! (`Effect::LimbLost`, `Effect::Blinded`; a hit that knocks him out still costs the limb) and the
//! limbs put out of use (`Figure::limbs_out`, kept by `aftermath::record`).
//!
//! What the losses mean in a later fight is fireteam's reading (the book gives only the numbers);
//! the report gives the unit stats to write for it ([`NextFight::changed_stats`]):
//! - **One arm** (unit stat `arms = 1`): he fights as with an arm out of use (SK-21.4-e) from the
//!   start: one hand, so no weapon that needs both hands at his STR (SK-13.3-b), nothing in the
//!   other hand, the shield slung on his back. The arm he has left is his weapon arm; a hit placed
//!   on his "other arm" strikes the stump and costs nothing more. No arm left is not playable:
//!   `arms` is 1 or 2.
//! - **MOV 4** is his MOV attribute (unit stat `mov`): armor and load still lower it. A figure
//!   already slower keeps his MOV, and a second leg lost leaves it at 4, the book's one number.
//! - **−4 DEX** lowers his DEX attribute (unit stat `dex`, §5 "reduce them"), to 1 at the least.
//!   It is no standing "blinded" modifier in the next battle, so a later flash may blind him again.

use crate::autoresult::Location;
use crate::event::Event;
use crate::state::{Condition, Figure, State};
use fireteam_engine::RuleId;
use serde::Serialize;
use std::collections::BTreeMap;

/// SK-21.4-e: the hits on an arm that lose it.
pub const ARM_LOST: i16 = 8;
/// SK-21.4-f: the hits on a leg that lose it.
pub const LEG_LOST: i16 = 18;
/// SK-21.4-f: MOV "permanently reduced to 4 for any other combats".
pub const ONE_LEG_MOV: i16 = 4;
/// SK-21.6-e: "the permanent disability of −4 DEX".
pub const BLINDED_DEX: i16 = 4;

/// The limbs, in the order the report lists them.
pub const LIMBS: [Location; 4] = [
    Location::WeaponArm,
    Location::OtherArm,
    Location::RightLeg,
    Location::LeftLeg,
];

/// A limb's bit in `Figure::limbs_lost`, `lost_before` and `limbs_out`.
pub const fn limb_bit(l: Location) -> u8 {
    1 << (l as u8)
}

pub const ARMS: u8 = limb_bit(Location::WeaponArm) | limb_bit(Location::OtherArm);
pub const LEGS: u8 = limb_bit(Location::RightLeg) | limb_bit(Location::LeftLeg);

pub fn is_arm(l: Location) -> bool {
    matches!(l, Location::WeaponArm | Location::OtherArm)
}

/// The rule of what a hit does to this limb: SK-21.4-e for an arm, SK-21.4-f for a leg.
pub fn limb_rule(l: Location) -> RuleId {
    if is_arm(l) {
        RuleId("SK-21.4-e")
    } else {
        RuleId("SK-21.4-f")
    }
}

/// SK-21.4-e/f: whether `taken` hits in this place lose it for good (8+ on an arm, 18+ on a
/// leg; the head is never lost).
pub fn lost_by(l: Location, taken: i16) -> bool {
    match l {
        Location::WeaponArm | Location::OtherArm => taken >= ARM_LOST,
        Location::RightLeg | Location::LeftLeg => taken >= LEG_LOST,
        Location::Head => false,
    }
}

/// The limb in words: "weapon arm", "left leg".
pub fn limb_name(l: Location) -> &'static str {
    match l {
        Location::WeaponArm => "weapon arm",
        Location::OtherArm => "other arm",
        Location::RightLeg => "right leg",
        Location::LeftLeg => "left leg",
        Location::Head => "head",
    }
}

/// What a character lost for good.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Loss {
    /// SK-21.4-e: an arm (8+ hits on it).
    Arm { arm: Location },
    /// SK-21.4-f: a leg (18+ hits on it): MOV 4 in any later combat.
    Leg { leg: Location },
    /// SK-21.6-e: blinded by an energy weapon's flash: −4 DEX.
    Sight,
}

impl Loss {
    pub fn rule(self) -> RuleId {
        match self {
            Loss::Arm { .. } => RuleId("SK-21.4-e"),
            Loss::Leg { .. } => RuleId("SK-21.4-f"),
            Loss::Sight => RuleId("SK-21.6-e"),
        }
    }
}

/// A character's attributes for his next fight (SK-5-a): STR, DEX, INT, MOV, and the arms he
/// has left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct NextFight {
    pub str: i16,
    pub dex: i16,
    pub int: i16,
    pub mov: i16,
    pub arms: u8,
}

impl NextFight {
    /// "STR 10, DEX 8, INT 10, MOV 4, one arm".
    pub fn describe(&self) -> String {
        let arms = match self.arms {
            2 => "two arms",
            1 => "one arm",
            _ => "no arm left (not playable: unit stat arms is 1 or 2)",
        };
        format!(
            "STR {}, DEX {}, INT {}, MOV {}, {arms}",
            self.str, self.dex, self.int, self.mov
        )
    }

    /// The unit stats to write for the next battle, those that differ from the ones he fought
    /// this battle with: `arms` (SK-21.4-e), `dex` (SK-21.6-e), `mov` (SK-21.4-f).
    pub fn changed_stats(&self, f: &Figure) -> BTreeMap<&'static str, i64> {
        let mut m = BTreeMap::new();
        if self.dex != f.dex {
            m.insert("dex", i64::from(self.dex));
        }
        if self.mov != f.mov {
            m.insert("mov", i64::from(self.mov));
        }
        if self.arms != arms_left(f.lost_before) {
            m.insert("arms", i64::from(self.arms));
        }
        m
    }
}

/// The unit stats to write, as a scenario has them: "arms = 1, dex = 8, mov = 4".
pub fn stats_text(stats: &BTreeMap<&'static str, i64>) -> String {
    stats
        .iter()
        .map(|(k, v)| format!("{k} = {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn arms_left(lost: u8) -> u8 {
    2 - (lost & ARMS).count_ones() as u8
}

/// SK-5-a: what `f`'s wounds leave him for the next fight: −4 DEX if he was blinded
/// (SK-21.6-e), MOV 4 if he lost a leg in it (SK-21.4-f), one arm fewer for each arm lost
/// (SK-21.4-e).
pub fn next_fight(f: &Figure) -> NextFight {
    let leg_lost = f.limbs_lost & !f.lost_before & LEGS != 0;
    NextFight {
        str: f.st,
        dex: if f.blinded {
            (f.dex - BLINDED_DEX).max(1)
        } else {
            f.dex
        },
        int: f.int,
        mov: if leg_lost {
            f.mov.min(ONE_LEG_MOV)
        } else {
            f.mov
        },
        arms: arms_left(f.limbs_lost),
    }
}

/// For each living character: the limbs put out of use that heal (SK-21.4-e/f), each loss he
/// keeps for good (SK-21.4-e/f, SK-21.6-e), and then, if he has any, his attributes for the next
/// fight (SK-5-a).
pub fn assess(s: &State, out: &mut Vec<Event>) {
    for f in s.figures.iter().filter(|f| f.condition != Condition::Dead) {
        for limb in LIMBS {
            let b = limb_bit(limb);
            if f.limbs_out & b != 0 && f.limbs_lost & b == 0 {
                out.push(Event::LimbHealed {
                    fig: f.id,
                    limb,
                    rule: limb_rule(limb),
                });
            }
        }
        let mark = out.len();
        for limb in LIMBS {
            if f.limbs_lost & !f.lost_before & limb_bit(limb) == 0 {
                continue;
            }
            let loss = if is_arm(limb) {
                Loss::Arm { arm: limb }
            } else {
                Loss::Leg { leg: limb }
            };
            out.push(Event::PermanentLoss {
                fig: f.id,
                loss,
                rule: loss.rule(),
            });
        }
        if f.blinded {
            out.push(Event::PermanentLoss {
                fig: f.id,
                loss: Loss::Sight,
                rule: Loss::Sight.rule(),
            });
        }
        if out.len() > mark {
            out.push(Event::Attributes {
                fig: f.id,
                next: next_fight(f),
                rule: RuleId("SK-5-a"),
            });
        }
    }
}
