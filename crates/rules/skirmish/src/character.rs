//! Characters as data, checked against the creation rules: attribute points (SK-5.6-a), skill
//! slots and prerequisites (SK-6-c, SK-6-d, with the discounts of SK-6.1.6-a, SK-6.1.8-a,
//! SK-6.2.7-a, SK-6.4.2-a and SK-6.9-b), starting credits (SK-5.6-b), what a figure can carry
//! (SK-13.1-b/c/d, G-26) and its load (SK-14.2-T1, G-25).
//!
//! The pure functions here ([`Known`], [`slot_price`], [`unmet`], [`check_character`]) are shared
//! by the scenario check, the engine and `fireteam experience`.

use crate::encumbrance::{carrying_strength, encumbrance, EncumbranceModel, Load};
use crate::schema::STATS;
use fireteam_scenario::{Catalog, Entry, FieldError, Scenario};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// SK-5.6-a: the attribute points of a new human character.
pub const CREATION_POINTS: i64 = 32;
/// SK-5.6-a: the human minimum of STR, DEX and INT.
pub const HUMAN_MINIMUM: i64 = 8;
/// SK-5.4-a, G-65: a human's MOV.
pub const HUMAN_MOV: i64 = 10;
/// SK-5.6-b: a new character's credits (the schema's default for the `credits` stat).
pub const STARTING_CREDITS: i64 = 200;
/// SK-13.1-b/c: ready weapons (two one-handed or one two-handed) plus two more carried.
pub const CARRIED_WEAPONS: usize = 2;
/// SK-13.1-c: small items (under 1 kg) carried besides the weapons.
pub const SMALL_ITEMS: i64 = 4;

/// The unit stats that are not skills.
pub const NON_SKILL_STATS: &[&str] = &[
    "str",
    "dex",
    "int",
    "mov",
    "ready",
    "credits",
    "rounds_carried",
    "leader",
    "bipod",
    "tripod",
    // ---- weapons and melee
    "off_hand",
    "bayonet_fixed",
    "flammable",
    // ---- energy weapons (SK-15.1-c GM input) and the backpack's contents (SK-14.1-h, G-26)
    "battery",
    "battery_pack",
    "backpack_kg",
    // ---- order of the turn, awareness
    "size",
    "hidden",
    // ---- lasting injuries (SK-21.4-e)
    "arms",
];

/// The skill stats of the schema, in its order; each is the id of a `skill` catalog entry.
pub fn skill_names() -> impl Iterator<Item = &'static str> {
    STATS
        .iter()
        .map(|s| s.name)
        .filter(|n| !NON_SKILL_STATS.contains(n))
}

/// The id of the one levelled skill.
pub const MARTIAL_ARTS: &str = "martial_arts";

/// One Martial Arts level above the first (the catalog entry is Level 1, SK-6.4.4-a).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MartialArtsLevel {
    pub level: u8,
    pub rule: &'static str,
    pub name: &'static str,
    pub slots: u32,
    pub min_int: i32,
    pub min_dex: i32,
}

/// SK-6.6.2-a, SK-6.8.2-a, SK-6.8.3-a, SK-6.8.4-a (= SK-26-T1): Levels 2–5 (5 = Master), each
/// requiring the level below. DEX 13 for Level 2 is SK-26-T1's (§6.6.2 names only Level 1).
pub const MARTIAL_ARTS_LEVELS: [MartialArtsLevel; 4] = [
    MartialArtsLevel {
        level: 2,
        rule: "SK-6.6.2-a",
        name: "Martial Arts Level 2",
        slots: 2,
        min_int: 12,
        min_dex: 13,
    },
    MartialArtsLevel {
        level: 3,
        rule: "SK-6.8.2-a",
        name: "Martial Arts Level 3",
        slots: 2,
        min_int: 14,
        min_dex: 14,
    },
    MartialArtsLevel {
        level: 4,
        rule: "SK-6.8.3-a",
        name: "Martial Arts Level 4",
        slots: 2,
        min_int: 14,
        min_dex: 15,
    },
    MartialArtsLevel {
        level: 5,
        rule: "SK-6.8.4-a",
        name: "Martial Arts Master",
        slots: 3,
        min_int: 14,
        min_dex: 16,
    },
];

/// The highest Martial Arts level (Master).
pub const MARTIAL_ARTS_MAX: u8 = 5;

/// One skill as the catalog gives it (SK-6, SK-26-T1), or one Martial Arts level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skill {
    pub id: String,
    pub name: String,
    /// 1, or the Martial Arts level this step is.
    pub level: u8,
    /// SK-6-c: the listed slot cost, before any discount.
    pub slots: u32,
    /// SK-6-c.
    pub min_int: i32,
    /// SK-6-d attribute prerequisites (0: none).
    pub min_dex: i32,
    pub min_str: i32,
    /// SK-6-d: all of these first.
    pub requires: Vec<String>,
    /// SK-6-d: one of these first.
    pub requires_any: Vec<String>,
    pub discount_with: Vec<String>,
    pub discounted_slots: Option<u32>,
    /// Skills it includes (G-07, SK-6.9.2-a…SK-6.9.6-a).
    pub grants: Vec<String>,
    /// SK-18.1-b.
    pub dex_based: bool,
    pub str_based: bool,
}

impl Skill {
    /// A `skill` catalog entry.
    pub fn from_entry(e: &Entry) -> Skill {
        let list = |f: &str| -> Vec<String> {
            e.get(f)
                .and_then(|v| v.as_list())
                .map(|l| {
                    l.iter()
                        .filter_map(|x| x.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default()
        };
        let int = |f: &str| e.int(f).unwrap_or(0).clamp(0, i64::from(u16::MAX));
        Skill {
            id: e.id.clone(),
            name: e.name.clone().unwrap_or_else(|| e.id.clone()),
            level: 1,
            slots: int("slots") as u32,
            min_int: int("min_int") as i32,
            min_dex: int("min_dex") as i32,
            min_str: int("min_str") as i32,
            requires: list("requires"),
            requires_any: list("requires_any"),
            discount_with: list("discount_with"),
            discounted_slots: e.int("discounted_slots").map(|d| d.max(0) as u32),
            grants: list("grants"),
            dex_based: e.flag("dex_based"),
            str_based: e.flag("str_based"),
        }
    }

    /// Martial Arts at `level` (1–5), from the Level 1 entry and [`MARTIAL_ARTS_LEVELS`]
    /// (SK-6.4.4-a, SK-6.6.2-a, SK-6.8.2-a, SK-6.8.3-a, SK-6.8.4-a). `None` for another skill or
    /// a level out of range.
    pub fn martial_arts_level(&self, level: u8) -> Option<Skill> {
        if self.id != MARTIAL_ARTS || !(1..=MARTIAL_ARTS_MAX).contains(&level) {
            return None;
        }
        if level == 1 {
            let mut s = self.clone();
            s.name = format!("{} Level 1", self.name);
            return Some(s);
        }
        let l = MARTIAL_ARTS_LEVELS[usize::from(level) - 2];
        Some(Skill {
            name: l.name.to_string(),
            level,
            slots: l.slots,
            min_int: l.min_int,
            min_dex: l.min_dex,
            discount_with: Vec::new(),
            discounted_slots: None,
            ..self.clone()
        })
    }

    /// What a character with this skill at `level` has paid for: each Martial Arts level up to
    /// `level`, or the skill itself.
    pub fn steps(&self, level: u8) -> Vec<Skill> {
        if self.id == MARTIAL_ARTS {
            (1..=level.min(MARTIAL_ARTS_MAX))
                .filter_map(|l| self.martial_arts_level(l))
                .collect()
        } else {
            vec![self.clone()]
        }
    }
}

/// The `skill` entry `id` of the catalog.
pub fn skill(catalog: &Catalog, id: &str) -> Option<Skill> {
    catalog
        .get(id)
        .filter(|e| e.kind == "skill")
        .map(Skill::from_entry)
}

/// Every `skill` entry of the catalog, in the schema's stat order, then any others by id.
pub fn skills(catalog: &Catalog) -> Vec<Skill> {
    let mut out: Vec<Skill> = skill_names().filter_map(|n| skill(catalog, n)).collect();
    for e in catalog.entries().filter(|e| e.kind == "skill") {
        if !out.iter().any(|s| s.id == e.id) {
            out.push(Skill::from_entry(e));
        }
    }
    out
}

/// A skill stat with no `skill` entry in the catalog.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownSkill(pub String);

impl fmt::Display for UnknownSkill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the catalog has no skill '{}'", self.0)
    }
}

impl std::error::Error for UnknownSkill {}

/// A character's three attributes (SK-5.1-a, SK-5.2-a, SK-5.3-a).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attributes {
    pub str: i32,
    pub dex: i32,
    pub int: i32,
}

impl Attributes {
    /// From unit stats (a missing attribute reads 0).
    pub fn from_stats(stats: &BTreeMap<String, i64>) -> Attributes {
        let get = |k: &str| stats.get(k).copied().unwrap_or(0).clamp(0, 1000) as i32;
        Attributes {
            str: get("str"),
            dex: get("dex"),
            int: get("int"),
        }
    }

    /// G-58: the total that prices attribute points (STR + DEX + INT; MOV is not one).
    pub fn total(&self) -> i32 {
        self.str + self.dex + self.int
    }
}

/// The skills a character knows: skill id → level (1, or the Martial Arts level).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Known(pub BTreeMap<String, u8>);

impl Known {
    /// The skill stats above 0.
    pub fn from_stats(stats: &BTreeMap<String, i64>) -> Known {
        Known(
            skill_names()
                .filter_map(|n| {
                    let v = stats.get(n).copied().unwrap_or(0);
                    (v > 0).then(|| (n.to_string(), v.clamp(1, 255) as u8))
                })
                .collect(),
        )
    }

    /// The level known (0: not known).
    pub fn level(&self, id: &str) -> u8 {
        self.0.get(id).copied().unwrap_or(0)
    }

    pub fn insert(&mut self, id: &str, level: u8) {
        self.0.insert(id.to_string(), level);
    }

    /// The same without `id`.
    pub fn without(&self, id: &str) -> Known {
        let mut k = self.clone();
        k.0.remove(id);
        k
    }

    /// SK-6-d with G-07 and SK-6.9.2-a…SK-6.9.6-a: known, or included in a known skill's
    /// `grants` (Sword includes Knife; Common Melee Weapons includes Sword, and so Knife).
    pub fn covers(&self, id: &str, catalog: &Catalog) -> bool {
        let mut seen = BTreeSet::new();
        let mut todo: Vec<String> = self.0.keys().cloned().collect();
        while let Some(s) = todo.pop() {
            if s == id {
                return true;
            }
            if seen.insert(s.clone()) {
                if let Some(sk) = skill(catalog, &s) {
                    todo.extend(sk.grants);
                }
            }
        }
        false
    }
}

/// SK-6-c with the discounts SK-6.1.6-a (Polearms 1 with Bayonet), SK-6.1.8-a (Sword 1 with
/// Knife, G-07), SK-6.2.7-a (Small Arms 1 with a component), SK-6.4.2-a (Astrobatics 1 with
/// Acrobatics) and SK-6.9-b (a "Common" group costs its slots less those of the components the
/// character holds, never below 0): the slots `skill` costs a character who knows `known`.
///
/// A `discounted_slots` entry gives the price outright; without one, a `discount_with` list is a
/// group's components, and what the character paid for each (with its own discount) is taken off.
///
/// Neither the skill itself nor a known group that includes it gives a discount (Sword is not 1
/// slot because Common Melee Weapons includes Knife: that group is priced less Sword instead).
pub fn slot_price(skill: &Skill, known: &Known, catalog: &Catalog) -> u32 {
    let mut others = known.without(&skill.id);
    let groups: Vec<String> = others
        .0
        .keys()
        .filter(|k| Known([((*k).clone(), 1)].into()).covers(&skill.id, catalog))
        .cloned()
        .collect();
    for g in groups {
        others.0.remove(&g);
    }
    price(skill, &others, catalog, 0)
}

fn price(skill: &Skill, others: &Known, catalog: &Catalog, depth: u8) -> u32 {
    if skill.discount_with.is_empty() || depth > 4 {
        return skill.slots;
    }
    if let Some(d) = skill.discounted_slots {
        return if skill
            .discount_with
            .iter()
            .any(|c| others.covers(c, catalog))
        {
            d.min(skill.slots)
        } else {
            skill.slots
        };
    }
    let held: u32 = skill
        .discount_with
        .iter()
        .filter(|c| others.level(c) > 0)
        .filter_map(|c| self::skill(catalog, c))
        .map(|c| price(&c, &others.without(&c.id), catalog, depth + 1))
        .sum();
    skill.slots.saturating_sub(held)
}

/// SK-6-c: the slots a character's skills take, each at its price to him (a Martial Arts level
/// counts every level up to it).
pub fn skill_slots(stats: &BTreeMap<String, i64>, catalog: &Catalog) -> Result<u32, UnknownSkill> {
    let known = Known::from_stats(stats);
    let mut total = 0;
    for (id, &level) in &known.0 {
        let s = skill(catalog, id).ok_or_else(|| UnknownSkill(id.clone()))?;
        total += s
            .steps(level)
            .iter()
            .map(|st| slot_price(st, &known, catalog))
            .sum::<u32>();
    }
    Ok(total)
}

/// A prerequisite a character does not meet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unmet {
    /// SK-6-c: INT below the skill's minimum.
    Int { need: i32, have: i32 },
    /// SK-6-d.
    Dex { need: i32, have: i32 },
    /// SK-6-d.
    Str { need: i32, have: i32 },
    /// SK-6-d: a skill that must be known first.
    Skill(String),
    /// SK-6-d: one of these skills must be known first.
    AnyOf(Vec<String>),
}

impl Unmet {
    /// The rule broken.
    pub fn rule(&self) -> &'static str {
        match self {
            Unmet::Int { .. } => "SK-6-c",
            _ => "SK-6-d",
        }
    }
}

impl fmt::Display for Unmet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unmet::Int { need, have } => write!(f, "needs INT {need} (INT is {have})"),
            Unmet::Dex { need, have } => write!(f, "needs DEX {need} (DEX is {have})"),
            Unmet::Str { need, have } => write!(f, "needs STR {need} (STR is {have})"),
            Unmet::Skill(s) => write!(f, "needs {s} first"),
            Unmet::AnyOf(l) => write!(f, "needs one of {} first", l.join(", ")),
        }
    }
}

/// SK-6-c (minimum INT) and SK-6-d (attribute and skill prerequisites): what stops a character
/// with `attrs` who knows `known` from having `skill`. Empty: nothing.
pub fn unmet(skill: &Skill, attrs: &Attributes, known: &Known, catalog: &Catalog) -> Vec<Unmet> {
    let mut out = Vec::new();
    if attrs.int < skill.min_int {
        out.push(Unmet::Int {
            need: skill.min_int,
            have: attrs.int,
        });
    }
    if attrs.dex < skill.min_dex {
        out.push(Unmet::Dex {
            need: skill.min_dex,
            have: attrs.dex,
        });
    }
    if attrs.str < skill.min_str {
        out.push(Unmet::Str {
            need: skill.min_str,
            have: attrs.str,
        });
    }
    let others = known.without(&skill.id);
    for r in &skill.requires {
        if !others.covers(r, catalog) {
            out.push(Unmet::Skill(r.clone()));
        }
    }
    if !skill.requires_any.is_empty()
        && !skill.requires_any.iter().any(|r| others.covers(r, catalog))
    {
        out.push(Unmet::AnyOf(skill.requires_any.clone()));
    }
    out
}

/// The creation rules a scenario has switched on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CreationRules {
    /// `sk.mov_points` (G-65): MOV above 10 is bought with creation points, 1 for 1.
    pub mov_points: bool,
    /// `sk.encumbrance` (G-25).
    pub encumbrance: EncumbranceModel,
    /// `sk.armor_and_shielding_exclusive` (G-26, SK-17.11-b).
    pub armor_and_shielding_exclusive: bool,
}

impl CreationRules {
    pub fn of_scenario(scenario: &Scenario) -> CreationRules {
        CreationRules {
            mov_points: scenario.flag("sk.mov_points"),
            encumbrance: EncumbranceModel::of_scenario(scenario),
            armor_and_shielding_exclusive: scenario.flag("sk.armor_and_shielding_exclusive"),
        }
    }
}

/// One creation rule a character breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Breach {
    /// The rule ID (`SK-6-c`).
    pub rule: &'static str,
    /// The field, relative to the unit: `stats.acrobatics`, `stats`, `equipment`.
    pub field: String,
    pub message: String,
    /// A way to fix it.
    pub help: String,
}

/// A character measured against the creation rules.
#[derive(Debug, Clone, PartialEq)]
pub struct CharacterCheck {
    /// SK-6-c: skill slots used (unknown skills count 0).
    pub slots: u32,
    /// SK-5.6-b: the credits the known prices add up to.
    pub credits_spent: i64,
    /// Equipment ids with no `cost` in the catalog (not counted).
    pub uncosted: Vec<String>,
    /// SK-14.2: the equipment's mass in kg (items without `mass` count 0, G-25).
    pub load_kg: f64,
    pub load: Load,
    /// Every rule broken; empty for a legal character.
    pub breaches: Vec<Breach>,
}

/// Armor kinds of which at most one is worn (SK-13.1-d, G-26: never two armors). The spacesuit
/// is a `body` armor in the catalog; `suit` is the energy shield's protective suit, which is not.
const ARMOR_KINDS: &[&str] = &["body", "vest", "jacket"];

/// Checks a character (its stats and equipment ids) against the creation rules: SK-5.6-a
/// (attribute points and minimums; MOV with G-65), SK-6-c (slots and minimum INT), SK-6-d
/// (prerequisites), SK-5.6-b (credits, with SK-7-a's magazines), SK-13.1-b/c (weapons and small
/// items carried), SK-13.1-d with G-26 (armor worn) and SK-14.2-T1 / SK-13.1-e (load, G-25).
pub fn check_character(
    stats: &BTreeMap<String, i64>,
    equipment: &[String],
    catalog: &Catalog,
    rules: CreationRules,
) -> CharacterCheck {
    let mut out = Vec::new();
    let attrs = Attributes::from_stats(stats);
    check_attributes(stats, rules, &mut out);
    let slots = check_skills(stats, &attrs, catalog, &mut out);
    let (credits_spent, uncosted) = check_credits(stats, equipment, catalog, &mut out);
    check_carrying(stats, equipment, catalog, rules, &mut out);
    let mut load_kg: f64 = items(equipment, catalog)
        .filter_map(|(_, e)| e.get("mass").and_then(|m| m.as_float()))
        .sum();
    // SK-14.1-h: the full backpack weighs its contents (G-26: unit stat `backpack_kg`).
    let backpack = items(equipment, catalog)
        .any(|(_, e)| e.kind == "armor" && e.text("kind") == Some("backpack"));
    if backpack {
        load_kg += stats.get("backpack_kg").copied().unwrap_or(0).max(0) as f64;
    }
    let known = Known::from_stats(stats);
    let load = encumbrance(
        load_kg,
        attrs.str,
        known.covers("weight_training", catalog),
        rules.encumbrance,
    );
    if !load.can_carry() {
        let s = carrying_strength(attrs.str, known.covers("weight_training", catalog));
        let (limit, rule, what) = match rules.encumbrance {
            EncumbranceModel::Section14_2 => (f64::from(s * s), "SK-14.2-T1", "STR²"),
            EncumbranceModel::Section13_1 => (f64::from(5 * s), "SK-13.1-e", "5 × STR"),
        };
        out.push(Breach {
            rule,
            field: "equipment".into(),
            message: format!(
                "the equipment weighs {} kg, more than {what} = {} kg, the most a character \
                 with carrying STR {s} can carry ({rule}, G-25)",
                kg(load_kg),
                kg(limit)
            ),
            help: format!("leave out at least {} kg of equipment", kg(load_kg - limit)),
        });
    }
    CharacterCheck {
        slots,
        credits_spent,
        uncosted,
        load_kg,
        load,
        breaches: out,
    }
}

fn kg(x: f64) -> String {
    let r = (x * 100.0).round() / 100.0;
    format!("{r}")
}

fn stat(stats: &BTreeMap<String, i64>, k: &str) -> i64 {
    stats.get(k).copied().unwrap_or(0)
}

/// SK-5.6-a, SK-5.4-a, G-65.
fn check_attributes(stats: &BTreeMap<String, i64>, rules: CreationRules, out: &mut Vec<Breach>) {
    for (k, name) in [("str", "STR"), ("dex", "DEX"), ("int", "INT")] {
        let v = stat(stats, k);
        if v < HUMAN_MINIMUM {
            out.push(Breach {
                rule: "SK-5.6-a",
                field: format!("stats.{k}"),
                message: format!(
                    "{name} {v} is below the human minimum of {HUMAN_MINIMUM} (SK-5.6-a)"
                ),
                help: format!(
                    "raise {name} to {HUMAN_MINIMUM}, taking the points from the other attributes \
                     (a non-human: set option sk.creation = \"off\")"
                ),
            });
        }
    }
    let mov = stats.get("mov").copied().unwrap_or(HUMAN_MOV);
    let mov_points = if rules.mov_points {
        if mov < HUMAN_MOV {
            out.push(Breach {
                rule: "SK-5.4-a",
                field: "stats.mov".into(),
                message: format!("MOV {mov} is below a human's {HUMAN_MOV} (SK-5.4-a, G-65)"),
                help: format!("set mov = {HUMAN_MOV} or more (each point above {HUMAN_MOV} costs a creation point)"),
            });
        }
        (mov - HUMAN_MOV).max(0)
    } else {
        if mov != HUMAN_MOV {
            out.push(Breach {
                rule: "SK-5.4-a",
                field: "stats.mov".into(),
                message: format!(
                    "MOV {mov}: a human has MOV {HUMAN_MOV}, and creation points buy MOV only \
                     with option sk.mov_points (SK-5.4-a, G-65)"
                ),
                help: format!(
                    "set mov = {HUMAN_MOV}, or turn on option sk.mov_points to buy MOV with points"
                ),
            });
        }
        0
    };
    let (s, d, i) = (stat(stats, "str"), stat(stats, "dex"), stat(stats, "int"));
    let total = s + d + i + mov_points;
    if total != CREATION_POINTS {
        let sum = if mov_points > 0 {
            format!("STR {s} + DEX {d} + INT {i} + MOV points {mov_points} = {total}")
        } else {
            format!("STR {s} + DEX {d} + INT {i} = {total}")
        };
        let diff = CREATION_POINTS - total;
        let fix = if diff > 0 {
            format!(
                "add {diff} point{} to STR, DEX or INT",
                if diff == 1 { "" } else { "s" }
            )
        } else {
            format!(
                "take {} point{} off STR, DEX or INT",
                -diff,
                if diff == -1 { "" } else { "s" }
            )
        };
        out.push(Breach {
            rule: "SK-5.6-a",
            field: "stats".into(),
            message: format!(
                "{sum} attribute points; a new character has exactly {CREATION_POINTS} (SK-5.6-a)"
            ),
            help: format!("{fix} (a veteran or non-human: set option sk.creation = \"off\")"),
        });
    }
}

/// SK-6-c, SK-6-d. Returns the slots used.
fn check_skills(
    stats: &BTreeMap<String, i64>,
    attrs: &Attributes,
    catalog: &Catalog,
    out: &mut Vec<Breach>,
) -> u32 {
    let known = Known::from_stats(stats);
    let mut slots = 0;
    let mut priced: Vec<(String, u32)> = Vec::new();
    for (id, &level) in &known.0 {
        let Some(sk) = skill(catalog, id) else {
            out.push(Breach {
                rule: "SK-6-c",
                field: format!("stats.{id}"),
                message: format!("the catalog has no skill '{id}', so its cost is unknown"),
                help: format!(
                    "add a [[skill]] entry with id = \"{id}\" to data/skirmish/skills.toml"
                ),
            });
            continue;
        };
        if id == MARTIAL_ARTS && level > MARTIAL_ARTS_MAX {
            continue; // the schema's range check reports it
        }
        let steps = sk.steps(level);
        let cost: u32 = steps.iter().map(|st| slot_price(st, &known, catalog)).sum();
        // The Martial Arts levels' minimums only rise: the top level's are the ones to meet.
        if let Some(step) = steps.last() {
            for u in unmet(step, attrs, &known, catalog) {
                let help = match &u {
                    Unmet::Int { need, .. } => {
                        format!("remove {id} (or lower its level), or raise INT to {need}")
                    }
                    Unmet::Dex { need, .. } => {
                        format!("remove {id} (or lower its level), or raise DEX to {need}")
                    }
                    Unmet::Str { need, .. } => format!("remove {id}, or raise STR to {need}"),
                    Unmet::Skill(r) => format!("add {r} = 1, or remove {id}"),
                    Unmet::AnyOf(l) => format!("add one of {} (= 1), or remove {id}", l.join(", ")),
                };
                out.push(Breach {
                    rule: u.rule(),
                    field: format!("stats.{id}"),
                    message: format!("{} {u} ({})", step.name, u.rule()),
                    help,
                });
            }
        }
        slots += cost;
        priced.push((id.clone(), cost));
    }
    let int = attrs.int.max(0) as u32;
    if slots > int {
        priced.sort_by_key(|(_, c)| std::cmp::Reverse(*c));
        let list: Vec<String> = priced
            .iter()
            .filter(|(_, c)| *c > 0)
            .map(|(id, c)| format!("{id} {c}"))
            .collect();
        out.push(Breach {
            rule: "SK-6-c",
            field: "stats.int".into(),
            message: format!("the skills take {slots} slots, more than INT {int} allows (SK-6-c)"),
            help: format!(
                "drop skills worth {} slot{} (slots: {})",
                slots - int,
                if slots - int == 1 { "" } else { "s" },
                list.join(", ")
            ),
        });
    }
    slots
}

/// The equipment entries, in order, with their index.
fn items<'c>(
    equipment: &'c [String],
    catalog: &'c Catalog,
) -> impl Iterator<Item = (usize, &'c Entry)> + 'c {
    equipment
        .iter()
        .enumerate()
        .filter_map(|(i, id)| catalog.get(id).map(|e| (i, e)))
}

/// The first weapon listed: the one that starts ready, whose spare magazines `rounds_carried`
/// counts (SK-12-b, the schema's `ready` and `rounds_carried`).
fn first_weapon<'c>(equipment: &'c [String], catalog: &'c Catalog) -> Option<&'c Entry> {
    items(equipment, catalog)
        .map(|(_, e)| e)
        .find(|e| e.kind == "weapon")
}

/// SK-5.6-b: the known prices against the unit's `credits`. The first weapon's magazines are
/// bought too: the one in it and the spares, `reload_cost × (rounds_carried + 1)` (SK-7-a, E-02:
/// "3 reloads (27 rounds) 3₢" with the third in the gun).
fn check_credits(
    stats: &BTreeMap<String, i64>,
    equipment: &[String],
    catalog: &Catalog,
    out: &mut Vec<Breach>,
) -> (i64, Vec<String>) {
    let budget = stats.get("credits").copied().unwrap_or(STARTING_CREDITS);
    let mut spent = 0;
    let mut uncosted = Vec::new();
    let mut priced = Vec::new();
    for (_, e) in items(equipment, catalog) {
        match e.int("cost") {
            Some(c) => {
                spent += c;
                priced.push(format!("{} {c}₢", e.id));
            }
            None => {
                if !uncosted.contains(&e.id) {
                    uncosted.push(e.id.clone());
                }
            }
        }
    }
    if let Some(w) = first_weapon(equipment, catalog) {
        if let Some(r) = w.int("reload_cost") {
            let mags = stat(stats, "rounds_carried").max(0) + 1;
            spent += r * mags;
            let noun = fireteam_engine::plural(mags, "magazine", "magazines");
            priced.push(format!("{mags} {noun} {}₢", r * mags));
        }
    }
    if spent > budget {
        let mut help = format!(
            "leave out items worth {}₢ or more ({}), or raise credits (SK-19.6 handicap)",
            spent - budget,
            priced.join(", ")
        );
        if !uncosted.is_empty() {
            help.push_str(&format!(
                "; not counted, no cost in the catalog: {}",
                uncosted.join(", ")
            ));
        }
        out.push(Breach {
            rule: "SK-5.6-b",
            field: "equipment".into(),
            message: format!(
                "the equipment costs {spent}₢, {}₢ over the budget of {budget}₢ (SK-5.6-b)",
                spent - budget
            ),
            help,
        });
    }
    (spent, uncosted)
}

/// SK-13.1-b, SK-13.1-c, SK-13.1-d (G-26, G-71), SK-17.11-b.
fn check_carrying(
    stats: &BTreeMap<String, i64>,
    equipment: &[String],
    catalog: &Catalog,
    rules: CreationRules,
    out: &mut Vec<Breach>,
) {
    // Weapons: grenades are small items (under 1 kg, SK-13.1-c); the rest need hands or belt,
    // and so do the items that count as weapons for size: the fire extinguisher (one-handed,
    // SK-16.12-l) and the battery pack (SK-15.1-b).
    let weapons: Vec<&Entry> = items(equipment, catalog)
        .map(|(_, e)| e)
        .filter(|e| {
            (e.kind == "weapon" && e.text("class") != Some("grenade"))
                || (e.kind == "item" && e.get("hands").is_some())
        })
        .collect();
    let two = weapons.iter().filter(|e| e.int("hands") == Some(2)).count();
    let one = weapons.len() - two;
    // SK-13.1-b: in hand, two one-handed or one two-handed; SK-13.1-c: two more carried.
    let in_hand = one.min(2).max(two.min(1));
    let excess = weapons.len().saturating_sub(in_hand + CARRIED_WEAPONS);
    if excess > 0 {
        out.push(Breach {
            rule: "SK-13.1-c",
            field: "equipment".into(),
            message: format!(
                "{} weapons ({} two-handed): a character has at most two one-handed or one \
                 two-handed weapon ready and two more on the belt or slung (SK-13.1-b, SK-13.1-c)",
                weapons.len(),
                two
            ),
            help: format!(
                "leave out {excess} weapon{}",
                if excess == 1 { "" } else { "s" }
            ),
        });
    }
    // SK-13.1-c: four small items; grenades, and the ready weapon's spare magazines or
    // batteries (SK-7-a, G-73).
    let grenades = items(equipment, catalog)
        .filter(|(_, e)| e.kind == "weapon" && e.text("class") == Some("grenade"))
        .count() as i64;
    // Other small items: anything with a mass under 1 kg (SK-13.1-c) that is not carried as a
    // weapon.
    let small = items(equipment, catalog)
        .filter(|(_, e)| {
            e.kind == "item"
                && e.get("hands").is_none()
                && e.get("mass")
                    .and_then(|m| m.as_float())
                    .is_some_and(|m| m < 1.0)
        })
        .count() as i64;
    let spares = match first_weapon(equipment, catalog) {
        Some(w) if w.get("rounds").is_some() => stat(stats, "rounds_carried").max(0),
        _ => 0,
    };
    if grenades + spares + small > SMALL_ITEMS {
        out.push(Breach {
            rule: "SK-13.1-c",
            field: "equipment".into(),
            message: format!(
                "{grenades} grenade{}, {spares} spare magazine{} and {small} other small item{}: \
                 a character carries at most {SMALL_ITEMS} small items (SK-13.1-c)",
                if grenades == 1 { "" } else { "s" },
                if spares == 1 { "" } else { "s" },
                if small == 1 { "" } else { "s" }
            ),
            help: format!(
                "carry {} fewer (grenades, small items, or lower rounds_carried)",
                grenades + spares + small - SMALL_ITEMS
            ),
        });
    }
    // SK-13.1-d, G-26: one armor and one shielding at most, never two armors; one energy shield.
    let kind_of = |e: &Entry| e.text("kind").unwrap_or("").to_string();
    let armor: Vec<(usize, &Entry)> = items(equipment, catalog)
        .filter(|(_, e)| e.kind == "armor")
        .collect();
    let worn = |kinds: &[&str]| -> Vec<(usize, &Entry)> {
        armor
            .iter()
            .filter(|(_, e)| kinds.contains(&kind_of(e).as_str()))
            .copied()
            .collect()
    };
    let bodies = worn(ARMOR_KINDS);
    let shieldings = worn(&["shielding"]);
    let fields = worn(&["energy_shield"]);
    // SK-21.6, SK-14.3-d: one helmet, one protective suit (each has one place on the figure).
    let helmets = worn(&["helmet"]);
    let suits = worn(&["suit"]);
    for (list, what, rule) in [
        (&bodies, "armors", "SK-13.1-d"),
        (&shieldings, "sets of shielding", "SK-13.1-d"),
        (&fields, "energy shields", "SK-13.1-d"),
        (&helmets, "helmets", "SK-21.6-a"),
        (&suits, "protective suits", "SK-14.3-d"),
    ] {
        if list.len() > 1 {
            let ids: Vec<&str> = list.iter().map(|(_, e)| e.id.as_str()).collect();
            out.push(Breach {
                rule,
                field: format!("equipment[{}]", list[1].0),
                message: format!(
                    "{} {what} ({}): a character wears one armor and one shielding at most, \
                     never two armors, one helmet and one protective suit, and carries one energy \
                     shield ({rule}, G-26)",
                    list.len(),
                    ids.join(", ")
                ),
                help: format!("keep one of {}", ids.join(", ")),
            });
        }
    }
    // ---- fire (§16.13): SK-16.13-g: no flame thrower with an energy shield, a backpack or a
    // backpack battery (the battery pack).
    let flamer = items(equipment, catalog)
        .find(|(_, e)| e.kind == "weapon" && e.text("group") == Some("flamer"));
    if let Some((_, ft)) = flamer {
        let clash = items(equipment, catalog).find(|(_, e)| {
            (e.kind == "armor" && matches!(e.text("kind"), Some("energy_shield" | "backpack")))
                || (e.kind == "item" && e.text("kind") == Some("battery_pack"))
        });
        if let Some((k, e)) = clash {
            out.push(Breach {
                rule: "SK-16.13-g",
                field: format!("equipment[{k}]"),
                message: format!(
                    "{} with {}: a flame thrower cannot be worn together with an energy shield, \
                     a backpack or a backpack battery (SK-16.13-g)",
                    ft.id, e.id
                ),
                help: format!("leave out {} or the flame thrower", e.id),
            });
        }
    }
    if rules.armor_and_shielding_exclusive && !bodies.is_empty() && !shieldings.is_empty() {
        out.push(Breach {
            rule: "SK-17.11-b",
            field: format!("equipment[{}]", shieldings[0].0),
            message: format!(
                "{} with {}: with option sk.armor_and_shielding_exclusive, one armor or one \
                 shielding, not both (SK-17.11-b, G-26)",
                bodies[0].1.id, shieldings[0].1.id
            ),
            help: "keep the armor or the shielding, or turn the option off".into(),
        });
    }
}

/// Every unit of a scenario checked against the creation rules, when option `sk.creation` is
/// `strict` (SK-5.6-a, SK-5.6-b, SK-6-c, SK-6-d, SK-13.1-b/c/d, SK-14.2-T1; see
/// [`check_character`]). Field paths are `units[i].stats.<stat>` or `units[i].equipment`.
pub fn check_scenario(scenario: &Scenario, catalog: &Catalog) -> Vec<FieldError> {
    if scenario.option("sk.creation").and_then(|v| v.as_choice()) != Some("strict") {
        return Vec::new();
    }
    let rules = CreationRules::of_scenario(scenario);
    let mut out = Vec::new();
    for (i, unit) in scenario.units.iter().enumerate() {
        let check = check_character(&unit.stats, &unit.equipment, catalog, rules);
        for b in check.breaches {
            out.push(
                FieldError::new(
                    format!("units[{i}].{}", b.field),
                    format!("{}: {}", unit.name, b.message),
                )
                .with_help(b.help),
            );
        }
    }
    out
}
