//! Experience points: what new skills (SK-18.1), skill bonuses (SK-18.2) and attribute points
//! (SK-18.3) cost, and what an arena fight (SK-19.1-c/d) or practice combat (SK-19.3-b) pays.
//! Prerequisites still apply when buying with EP (SK-6-c minimum INT, SK-6-d); the starting
//! limit of slots ≤ INT does not (SK-18.1-d). See [`crate::character::unmet`].

use crate::character::{Attributes, Skill, MARTIAL_ARTS};
use serde::Serialize;

/// SK-18.2-a: the largest bonus one skill can have.
pub const MAX_SKILL_BONUS: u8 = 3;
/// SK-18.2-a: EP per slot of the skill for each +1.
pub const BONUS_EP_PER_SLOT: u32 = 3;
/// SK-19.3-b: each character in a practice combat gets 1 EP.
pub const PRACTICE_EP: u32 = 1;
/// SK-19.1-c: credits of each arena victor.
pub const ARENA_VICTOR_CREDITS: u32 = 100;
/// SK-19.1-c: credits of each arena loser, unless he ran away unhurt.
pub const ARENA_LOSER_CREDITS: u32 = 25;

/// SK-18.1-a, SK-18.1-T1 (E-16): EP per slot = (20 − the character's attribute) + the skill's
/// minimum INT. The attribute is INT, or DEX/STR by SK-18.1-b ([`pricing_attribute`]).
pub fn ep_per_slot(attribute: i32, skill_min_int: i32) -> i32 {
    (20 - attribute) + skill_min_int
}

/// Which attribute prices a skill.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Attribute {
    Str,
    Dex,
    Int,
}

impl Attribute {
    pub fn name(self) -> &'static str {
        match self {
            Attribute::Str => "STR",
            Attribute::Dex => "DEX",
            Attribute::Int => "INT",
        }
    }

    /// `str`, `dex` or `int`, any case.
    pub fn parse(s: &str) -> Option<Attribute> {
        match s.to_ascii_lowercase().as_str() {
            "str" => Some(Attribute::Str),
            "dex" => Some(Attribute::Dex),
            "int" => Some(Attribute::Int),
            _ => None,
        }
    }

    pub fn of(self, a: &Attributes) -> i32 {
        match self {
            Attribute::Str => a.str,
            Attribute::Dex => a.dex,
            Attribute::Int => a.int,
        }
    }
}

/// SK-18.1-b with G-58: INT prices a skill, unless the skill is DEX-based (STR-based) and the
/// character's DEX (STR) is higher than both his INT and the skill's minimum INT ("higher than",
/// read literally); then that attribute does.
pub fn pricing_attribute(attrs: &Attributes, skill: &Skill) -> (Attribute, i32) {
    let mut best = (Attribute::Int, attrs.int);
    let mut consider = |on: bool, which: Attribute, v: i32| {
        if on && v > skill.min_int && v > best.1 {
            best = (which, v);
        }
    };
    consider(skill.dex_based, Attribute::Dex, attrs.dex);
    consider(skill.str_based, Attribute::Str, attrs.str);
    best
}

/// What a new skill costs in EP.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SkillPrice {
    /// The slots it costs the character (discounts applied, SK-6-c).
    pub slots: u32,
    /// The attribute in the formula (SK-18.1-b) and its value.
    pub attribute: Attribute,
    pub attribute_value: i32,
    pub per_slot: u32,
    pub ep: u32,
}

/// SK-18.1-a, SK-18.1-b: the EP price of learning `skill` at `slots` slots (its price to this
/// character: [`crate::character::slot_price`]). The formula has no floor; an attribute above
/// 20 + the minimum INT would make it 0 or negative, so each slot costs at least 1 EP (INVENTED
/// floor, unreachable for humans). Whether the character may learn it is
/// [`crate::character::unmet`].
pub fn new_skill_price(attrs: &Attributes, skill: &Skill, slots: u32) -> SkillPrice {
    let (attribute, attribute_value) = pricing_attribute(attrs, skill);
    let per_slot = ep_per_slot(attribute_value, skill.min_int).max(1) as u32;
    SkillPrice {
        slots,
        attribute,
        attribute_value,
        per_slot,
        ep: per_slot * slots,
    }
}

/// SK-18.2-b: the slot cost a bonus is priced on: for a skill with advanced versions, the
/// highest slot cost of the chain the character has (Martial Arts up to his level: 2, or 3 with
/// Master); otherwise the skill's listed slots.
pub fn bonus_slots(skill: &Skill, level: u8) -> u32 {
    if skill.id == MARTIAL_ARTS {
        (1..=level)
            .filter_map(|l| skill.martial_arts_level(l))
            .map(|s| s.slots)
            .max()
            .unwrap_or(skill.slots)
    } else {
        skill.slots
    }
}

/// SK-18.2-a (G-58): raising a skill's bonus from `current` to `target` costs 3 EP × the
/// skill's slots for each +1, to at most +3. `None` when `target` is above +3 or not above
/// `current`.
pub fn skill_bonus_cost(slots: u32, current: u8, target: u8) -> Option<u32> {
    (target <= MAX_SKILL_BONUS && target > current)
        .then(|| BONUS_EP_PER_SLOT * slots * u32::from(target - current))
}

/// SK-18.3-a: one attribute point that brings the character's total attribute points (STR +
/// DEX + INT, G-58) to `new_total`: 5 EP up to 20, 10 for 21–30, 20 for 31–40, 40 for 41–50,
/// 80 for 51–60, "and so on", doubling every 10.
pub fn attribute_point_cost(new_total: i32) -> u32 {
    if new_total <= 20 {
        5
    } else {
        let doublings = ((new_total - 21) / 10).min(26) as u32;
        10u32 << doublings
    }
}

/// SK-18.3-a: raising attributes by `points` in all from a total of `total_before`, one point
/// at a time, each priced by the total it brings the character to.
pub fn raise_cost(total_before: i32, points: u32) -> u32 {
    (1..=points as i32)
        .map(|k| attribute_point_cost(total_before + k))
        .fold(0u32, u32::saturating_add)
}

/// One character's part in an arena fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct ArenaRecord {
    /// Took part in the combat (a coward gets nothing).
    pub took_part: bool,
    /// On the winning side.
    pub won: bool,
    /// Foes he killed or subdued himself.
    pub foes_downed: u32,
    /// Took damage from a foe during the combat.
    pub took_damage: bool,
}

/// SK-19.1-d: arena EP: 1 for taking part ("cowards get nothing", so nothing at all without
/// it), 1 for being on the winning side, 1 per foe he killed or subdued, 1 if he also took
/// damage from a foe.
pub fn arena_ep(r: &ArenaRecord) -> u32 {
    if !r.took_part {
        return 0;
    }
    1 + u32::from(r.won) + r.foes_downed + u32::from(r.took_damage)
}

/// SK-19.1-c: arena credits: each victor 100₢; each loser 25₢, nothing if he ran away unhurt.
pub fn arena_credits(won: bool, ran_away_unhurt: bool) -> u32 {
    if won {
        ARENA_VICTOR_CREDITS
    } else if ran_away_unhurt {
        0
    } else {
        ARENA_LOSER_CREDITS
    }
}

/// SK-19.3-b: practice combat gives each character 1 EP.
pub fn practice_ep() -> u32 {
    PRACTICE_EP
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skill(id: &str, slots: u32, min_int: i32, dex_based: bool, str_based: bool) -> Skill {
        Skill {
            id: id.into(),
            name: id.into(),
            level: 1,
            slots,
            min_int,
            min_dex: 0,
            min_str: 0,
            requires: vec![],
            requires_any: vec![],
            discount_with: vec![],
            discounted_slots: None,
            grants: vec![],
            dex_based,
            str_based,
        }
    }

    fn attrs(str: i32, dex: i32, int: i32) -> Attributes {
        Attributes { str, dex, int }
    }

    /// SK-18.1-T1 as printed: rows character INT 8–16, columns skill minimum INT 7–16; blank
    /// cells (minimum above INT) are 0.
    const TABLE: [[i32; 10]; 9] = [
        [19, 20, 0, 0, 0, 0, 0, 0, 0, 0],
        [18, 19, 20, 0, 0, 0, 0, 0, 0, 0],
        [17, 18, 19, 20, 0, 0, 0, 0, 0, 0],
        [16, 17, 18, 19, 20, 0, 0, 0, 0, 0],
        [15, 16, 17, 18, 19, 20, 0, 0, 0, 0],
        [14, 15, 16, 17, 18, 19, 20, 0, 0, 0],
        [13, 14, 15, 16, 17, 18, 19, 20, 0, 0],
        [12, 13, 14, 15, 16, 17, 18, 19, 20, 0],
        [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
    ];

    #[test]
    fn e16_sk_18_1_t1_every_filled_cell_is_the_sk_18_1_a_formula() {
        let mut cells = 0;
        for (r, row) in TABLE.iter().enumerate() {
            let int = 8 + r as i32;
            for (c, &printed) in row.iter().enumerate() {
                let min = 7 + c as i32;
                if min > int {
                    assert_eq!(printed, 0, "blank cell INT {int} min {min}");
                    continue;
                }
                cells += 1;
                assert_eq!(ep_per_slot(int, min), printed, "INT {int} min {min}");
            }
        }
        // E-16 says "all 55 filled cells", but the printed table has 2 + 3 + … + 10 = 54
        // (SOURCE.txt: 73 numbers = 10 column heads + 9 row heads + 54 cells).
        assert_eq!(cells, 54, "every printed cell");
    }

    #[test]
    fn sk_18_1_a_new_skill_cost_is_per_slot_times_slots() {
        // INT 9 learning Alertness (2 slots, min INT 9): (11 + 9) × 2 = 40.
        let p = new_skill_price(
            &attrs(11, 12, 9),
            &skill("alertness", 2, 9, false, false),
            2,
        );
        assert_eq!((p.attribute, p.per_slot, p.ep), (Attribute::Int, 20, 40));
    }

    #[test]
    fn sk_18_1_b_g_58_dex_replaces_int_only_for_dex_based_skills_above_min_int() {
        let a = attrs(11, 12, 9);
        // Knife (DEX-based, min 7): DEX 12 > 7 and > INT 9: (20 − 12) + 7 = 15.
        let p = new_skill_price(&a, &skill("knife", 1, 7, true, false), 1);
        assert_eq!(
            (p.attribute, p.attribute_value, p.ep),
            (Attribute::Dex, 12, 15)
        );
        // Not DEX-based: INT.
        let p = new_skill_price(&a, &skill("climbing", 1, 9, false, false), 1);
        assert_eq!((p.attribute, p.ep), (Attribute::Int, 20));
        // DEX not higher than the minimum INT: INT (literal "higher than").
        let p = new_skill_price(&attrs(8, 10, 14), &skill("x", 1, 10, true, false), 1);
        assert_eq!((p.attribute, p.ep), (Attribute::Int, 16));
        // DEX lower than INT: max(INT, DEX) = INT.
        let p = new_skill_price(&attrs(8, 11, 13), &skill("x", 1, 7, true, false), 1);
        assert_eq!((p.attribute, p.ep), (Attribute::Int, 14));
        // STR-based: STR 16 prices Tough (min 9): (20 − 16) + 9 = 13 per slot.
        let p = new_skill_price(&attrs(16, 8, 8), &skill("tough", 2, 9, false, true), 2);
        assert_eq!((p.attribute, p.per_slot, p.ep), (Attribute::Str, 13, 26));
        // The invented floor: at least 1 EP per slot.
        let p = new_skill_price(&attrs(8, 40, 8), &skill("x", 1, 7, true, false), 1);
        assert_eq!(p.ep, 1);
    }

    #[test]
    fn sk_18_2_a_bonus_costs_three_ep_per_slot_per_plus_one_up_to_plus_three() {
        assert_eq!(skill_bonus_cost(3, 0, 1), Some(9));
        assert_eq!(skill_bonus_cost(3, 0, 3), Some(27));
        assert_eq!(skill_bonus_cost(2, 1, 3), Some(12));
        assert_eq!(skill_bonus_cost(1, 3, 4), None, "max +3");
        assert_eq!(skill_bonus_cost(1, 2, 2), None);
    }

    #[test]
    fn sk_18_2_b_martial_arts_bonus_uses_the_highest_slot_cost_of_the_chain() {
        let mut ma = skill(MARTIAL_ARTS, 2, 10, true, false);
        ma.min_dex = 13;
        assert_eq!(bonus_slots(&ma, 1), 2);
        assert_eq!(bonus_slots(&ma, 4), 2);
        assert_eq!(bonus_slots(&ma, 5), 3, "Master is 3 slots");
        assert_eq!(bonus_slots(&skill("sword", 2, 7, true, false), 1), 2);
    }

    #[test]
    fn sk_18_3_a_attribute_point_cost_by_the_new_total() {
        let cases = [
            (15, 5),
            (20, 5),
            (21, 10),
            (30, 10),
            (31, 20),
            (33, 20),
            (40, 20),
            (41, 40),
            (50, 40),
            (51, 80),
            (60, 80),
            (61, 160),
            (70, 160),
            (71, 320),
        ];
        for (t, ep) in cases {
            assert_eq!(attribute_point_cost(t), ep, "total {t}");
        }
        // A new 32-point character raising twice: to 33 and 34, 20 each.
        assert_eq!(raise_cost(32, 2), 40);
        // Across a boundary: 29 → 30 (10), → 31 (20).
        assert_eq!(raise_cost(29, 2), 30);
        assert_eq!(raise_cost(32, 0), 0);
    }

    #[test]
    fn sk_19_1_d_arena_ep() {
        let r = ArenaRecord {
            took_part: true,
            won: true,
            foes_downed: 2,
            took_damage: true,
        };
        assert_eq!(arena_ep(&r), 5);
        let r = ArenaRecord {
            took_part: true,
            ..Default::default()
        };
        assert_eq!(arena_ep(&r), 1);
        // Cowards get nothing, even on the winning side.
        let r = ArenaRecord {
            took_part: false,
            won: true,
            ..Default::default()
        };
        assert_eq!(arena_ep(&r), 0);
    }

    #[test]
    fn sk_19_1_c_arena_credits_and_sk_19_3_b_practice_ep() {
        assert_eq!(arena_credits(true, false), 100);
        assert_eq!(arena_credits(true, true), 100);
        assert_eq!(arena_credits(false, false), 25);
        assert_eq!(arena_credits(false, true), 0);
        assert_eq!(practice_ep(), 1);
    }

    #[test]
    fn attribute_names_parse() {
        assert_eq!(Attribute::parse("DEX"), Some(Attribute::Dex));
        assert_eq!(Attribute::parse("int"), Some(Attribute::Int));
        assert_eq!(Attribute::parse("mov"), None);
        assert_eq!(Attribute::Str.of(&attrs(11, 12, 9)), 11);
    }
}
