//! The `sk.*` options as the engine reads them: the §21 optional rules and the GAPS.md choices.
//! Names, defaults and the rule or gap each one resolves are in [`crate::schema::OPTIONS`] and
//! `docs/rules/skirmish.md`.

use crate::autoresult::AutoVersion;
use fireteam_scenario::Scenario;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    InitiativeOrder,
    InitiativeWinner,
    DieRoll,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AvoidPenalty {
    Floor,
    Literal,
    ThirteenEightOnly,
}

/// SK-16.8-e, SK-21.6-e: what may blind with a hit in the head.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FlashBlinding {
    /// Any energy weapon (§21.6, the rule that gives the save).
    EnergyWeapons,
    /// Lasers only (§16.8's wording).
    Lasers,
    Off,
}

impl FlashBlinding {
    fn is_default(&self) -> bool {
        *self == FlashBlinding::EnergyWeapons
    }
}

/// SK-16.12-r GM input (G-51): the wind over the battlefield.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Wind {
    Calm,
    /// Clouds drift `wind_drift` hexes a turn toward `wind_direction`.
    Slight,
    /// Clouds are dispersed.
    Strong,
}

impl Wind {
    fn is_calm(&self) -> bool {
        *self == Wind::Calm
    }
}

fn is_zero(v: &u8) -> bool {
    *v == 0
}

fn is_one(v: &u8) -> bool {
    *v == 1
}

fn is_true(v: &bool) -> bool {
    *v
}

// The options added for energy weapons, shields, protective gear and clouds are left out of the
// JSON header while they hold their defaults, so the header of a battle that does not use them
// reads as it did before they existed.
// ---- after the battle (§19)
/// The kind of fight (SK-19-a, a GM input): what the aftermath pays (SK-19.1-c/d, SK-19.2-b,
/// SK-19.3-b) and whether the practice rules hold (SK-19.3-a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ScenarioType {
    /// An interior adventure, a wargame or any other fight (SK-19.4-a, SK-19.5-a): no preset
    /// rewards; the GM awards EP (SK-18-a).
    #[default]
    Adventure,
    /// SK-19.1: 100 ₢ a victor, 25 ₢ a loser, and the arena's EP.
    Arena,
    /// SK-19.2: the victors take the foes' items.
    Duel,
    /// SK-19.3: no armor, practice or stun weapons; 1 EP each.
    Practice,
}

impl ScenarioType {
    /// The option's value (`sk.scenario_type`).
    pub fn id(self) -> &'static str {
        match self {
            ScenarioType::Adventure => "adventure",
            ScenarioType::Arena => "arena",
            ScenarioType::Duel => "duel",
            ScenarioType::Practice => "practice",
        }
    }

    pub fn is_adventure(&self) -> bool {
        *self == ScenarioType::Adventure
    }

    pub fn from_id(id: &str) -> ScenarioType {
        match id {
            "arena" => ScenarioType::Arena,
            "duel" => ScenarioType::Duel,
            "practice" => ScenarioType::Practice,
            _ => ScenarioType::Adventure,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Options {
    pub advanced_initiative: bool,
    pub movement_formula: bool,
    pub nonlethal: bool,
    pub aimed_shots: bool,
    pub quick_shot: bool,
    pub partial_armor: bool,
    pub degraded_armor: bool,
    pub opportunity_fire: bool,
    pub move_and_shoot: bool,
    pub take_a_breather: bool,
    pub auto_numbers: AutoVersion,
    pub punch_str_ladder: bool,
    pub tie_break: TieBreak,
    pub avoid_penalty: AvoidPenalty,
    pub prone_missile_mod: i16,
    pub move_and_shoot_penalty: i16,
    pub shotgun_long_bonus: bool,
    pub quickdraw_separate_roll: bool,
    pub nonlethal_ko_ww: bool,
    pub encumbrance_13_1: bool,
    pub shielding_roll: bool,
    pub armor_and_shielding_exclusive: bool,
    pub hth_disengage_opposed: bool,
    pub ma_cloth_only: bool,
    pub mov_points: bool,
    pub creation_strict: bool,
    /// Dodge and Defend are declared with the movement (default) or at the action slot.
    pub defense_in_movement: bool,
    /// A side loses only when all its figures are dead (SK-19.2-a), not merely out.
    pub victory_dead: bool,
    pub gravity_percent: u16,
    pub microgravity: bool,
    pub complete_darkness: bool,
    // ---- movement over terrain (SK-6.2.9, SK-6.4.1, SK-10.6)
    /// SK-10.6-c: the MOV a jump over a fallen, unconscious or dead figure spends on his hex.
    pub jump_figure_mov: u8,
    /// SK-6.4.1-b, G-56 (GM input): hexes an Acrobat's successful 3d6 DEX check takes off a
    /// jump's width; the book leaves it blank, so 0.
    pub acrobatics_leap: u8,
    /// G-68 (GM input): swimming MOV in deep water, in percent of MOV (rounded up).
    pub swim_mov_percent: u16,
    // ---- fire (§16.11, §16.13)
    /// SK-16.11-h: the INT check to enter or stay applies to every fire hex (default), or only
    /// to the §16.11 burning hexes.
    pub fire_check_every_fire: bool,
    /// G-53 CONFIG: the flame thrower's tank ignites on aimed shots from the rear only.
    pub flame_ignition_aimed_only: bool,
    // ---- energy weapons, shields, protective gear, smoke and gas (§14.3, §16.8, §16.12, §21.6)
    /// SK-16.12-r GM input (G-51): the wind, the hex-side it blows toward (0 = N, clockwise) and
    /// the hexes a slight wind drifts a cloud each turn.
    #[serde(skip_serializing_if = "Wind::is_calm")]
    pub wind: Wind,
    #[serde(skip_serializing_if = "is_zero")]
    pub wind_direction: u8,
    #[serde(skip_serializing_if = "is_one")]
    pub wind_drift: u8,
    /// SK-16.8-e, SK-21.6-e: which weapons may blind with a head hit (with sk.aimed_shots).
    #[serde(skip_serializing_if = "FlashBlinding::is_default")]
    pub flash_blinding: FlashBlinding,
    /// SK-16.12-t: a smoke grenade's cloud is R1 shielding against energy weapons (true), or
    /// only anti-laser smoke is, against lasers (SK-16.8-d, SK-17.4-d).
    #[serde(skip_serializing_if = "is_true")]
    pub smoke_shielding: bool,
    // ---- ranged fire (§12.2, §13.8, §16.6, §16.15.3, §21.5)
    /// G-14 step 4 / G-15: a miss threatens those in the way when its margin is at most the
    /// penalty they caused (default), or, literally, less than it (§12.2's words).
    pub avoid_margin_literal: bool,
    /// G-14 / E-10: against automatic fire the distance is a bonus to avoid (§12.2, default),
    /// or a penalty, as in the John example of §16.6.
    pub auto_avoid_distance_penalty: bool,
    /// G-32: a full-auto sweep's −4 for every target on each roll (default), or a flat −4.
    pub sweep_penalty_flat: bool,
    /// G-39 / G-14: a shot into a brawl rolls to hit at −1 per other member and hits a random
    /// member (SK-16.15.3-g, default), or §13.8's bracketed −4 per member above one, a miss
    /// rolling to avoid the other brawlers.
    pub brawl_fire_13_8: bool,
    /// SK-21.5-e OPT: an engaged figure's shoulderarm fires once and is dropped, or clubs.
    pub engaged_shoulderarms: bool,
    // ---- shots (SK-16.6-a, SK-13.6-b, SK-21.8-d): in the viewer header only when set, so the
    // recorded logs of battles that keep the defaults stay as they were.
    /// SK-16.6-a, G-32: after selective fire's one switch a turn, the new mode has the share of
    /// the turn still unfired (default), or its own count less the shots already fired.
    #[serde(skip_serializing_if = "is_false")]
    pub selective_slots: bool,
    /// SK-13.6-b: automatic fire and shotguns fire in an arc (default), or along the line only.
    #[serde(skip_serializing_if = "is_false")]
    pub arc_line: bool,
    /// SK-21.8-d, G-62: an automatic weapon's opportunity shot is a burst (default), or one
    /// round.
    #[serde(skip_serializing_if = "is_false")]
    pub opportunity_single: bool,
    // ---- order of the turn, awareness, fatigue (§8.3, §9, §21.3)
    /// SK-9-b GM input: the side (an index) that surprises the others on the first turn.
    pub surprise: Option<u8>,
    /// SK-8.3-c, G-69 GM input: engaging figures whose sizes add up to no more than 1/n of a
    /// figure's size cannot engage it (a one-hex human alone and a dragon of seven: 7).
    pub size_ratio: u8,
    /// SK-21.3-h OPT (with `nonlethal`): a turn of melee, Defend or a full run costs 1
    /// nonlethal.
    pub fatigue: bool,
    // ---- microgravity and vacuum (§17.11): GM inputs.
    /// SK-17.11 GM input: the fight is in vacuum (leaks, G-55). Logged only when set, so the
    /// logs of battles in breathable air keep their headers.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub vacuum: bool,
    /// SK-17.11-d GM input: a hostile atmosphere's d6 a turn (0: none; logged only when set).
    #[serde(skip_serializing_if = "no_dice")]
    pub atmosphere_dice: u8,
    // ---- standing up from kneeling (SK-10.7.2-a, SK-10.8.2-a, G-41). Logged only when set.
    /// SK-11.7.1-a read literally: standing up from kneeling takes the whole turn, as from
    /// fallen or prone (default: G-41's Half Move or Ready after it).
    #[serde(skip_serializing_if = "is_false")]
    pub kneeling_stand_up_whole_turn: bool,
    // ---- sword batteries (SK-15.1-a, G-48): in the viewer header only when set.
    /// A sword's battery spends a turn only for a turn the figure struck or Defended, not for
    /// every turn it is in hand (the default).
    #[serde(skip_serializing_if = "is_false")]
    pub sword_battery_when_used: bool,
    // ---- after the battle (§6.5.1, §6.8.1, §19). In the viewer header only when set, so the
    // recorded logs of battles that do not use them stay as they were.
    /// SK-19-a GM input: the kind of fight.
    #[serde(skip_serializing_if = "ScenarioType::is_adventure")]
    pub scenario_type: ScenarioType,
    /// SK-6.5.1-a "any character": healers also treat the foes (default: their own side).
    #[serde(skip_serializing_if = "is_false")]
    pub heal_foes: bool,
    /// SK-19.3-b GM input: the recorded hits that lose a practice (0: no limit).
    #[serde(skip_serializing_if = "is_default_practice_hits")]
    pub practice_hits: u8,
    /// SK-19.3-b GM input: the credits each loser of a practice pays the winners.
    #[serde(skip_serializing_if = "is_no_stake")]
    pub practice_stake: u32,
}

fn no_dice(n: &u8) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// SK-19.3-b: the recorded hits that lose a practice when the scenario agrees on none
/// (INVENTED).
pub const DEFAULT_PRACTICE_HITS: u8 = 3;

fn is_default_practice_hits(n: &u8) -> bool {
    *n == DEFAULT_PRACTICE_HITS
}

fn is_no_stake(n: &u32) -> bool {
    *n == 0
}

impl Default for Options {
    /// The GAPS.md defaults, every optional rule off.
    fn default() -> Self {
        Options {
            advanced_initiative: false,
            movement_formula: false,
            nonlethal: false,
            aimed_shots: false,
            quick_shot: false,
            partial_armor: false,
            degraded_armor: false,
            opportunity_fire: false,
            move_and_shoot: false,
            take_a_breather: true,
            auto_numbers: AutoVersion::A,
            punch_str_ladder: false,
            tie_break: TieBreak::InitiativeOrder,
            avoid_penalty: AvoidPenalty::Floor,
            prone_missile_mod: -3,
            move_and_shoot_penalty: -2,
            shotgun_long_bonus: false,
            quickdraw_separate_roll: false,
            nonlethal_ko_ww: false,
            encumbrance_13_1: false,
            shielding_roll: false,
            armor_and_shielding_exclusive: false,
            hth_disengage_opposed: false,
            ma_cloth_only: false,
            mov_points: false,
            creation_strict: true,
            defense_in_movement: true,
            victory_dead: false,
            gravity_percent: 100,
            microgravity: false,
            complete_darkness: false,
            jump_figure_mov: 3,
            acrobatics_leap: 0,
            swim_mov_percent: 50,
            fire_check_every_fire: true,
            flame_ignition_aimed_only: false,
            wind: Wind::Calm,
            wind_direction: 0,
            wind_drift: 1,
            flash_blinding: FlashBlinding::EnergyWeapons,
            smoke_shielding: true,
            avoid_margin_literal: false,
            auto_avoid_distance_penalty: false,
            sweep_penalty_flat: false,
            brawl_fire_13_8: false,
            engaged_shoulderarms: false,
            selective_slots: false,
            arc_line: false,
            opportunity_single: false,
            scenario_type: ScenarioType::Adventure,
            heal_foes: false,
            practice_hits: DEFAULT_PRACTICE_HITS,
            practice_stake: 0,
            surprise: None,
            size_ratio: 7,
            fatigue: false,
            vacuum: false,
            atmosphere_dice: 0,
            kneeling_stand_up_whole_turn: false,
            sword_battery_when_used: false,
        }
    }
}

impl Options {
    /// The options a loaded scenario sets (every one has a value: the loader fills defaults).
    pub fn from_scenario(s: &Scenario) -> Self {
        let d = Options::default();
        let flag = |n: &str, def: bool| {
            s.option(n)
                .and_then(fireteam_scenario::OptionValue::as_bool)
                .unwrap_or(def)
        };
        let int = |n: &str, def: i64| {
            s.option(n)
                .and_then(fireteam_scenario::OptionValue::as_int)
                .unwrap_or(def)
        };
        let choice = |n: &str| {
            s.option(n)
                .and_then(fireteam_scenario::OptionValue::as_choice)
                .unwrap_or("")
                .to_string()
        };
        Options {
            advanced_initiative: flag("sk.advanced_initiative", d.advanced_initiative),
            movement_formula: flag("sk.movement_formula", d.movement_formula),
            nonlethal: flag("sk.nonlethal", d.nonlethal),
            aimed_shots: flag("sk.aimed_shots", d.aimed_shots),
            quick_shot: flag("sk.quick_shot", d.quick_shot),
            partial_armor: flag("sk.partial_armor", d.partial_armor),
            degraded_armor: flag("sk.degraded_armor", d.degraded_armor),
            opportunity_fire: flag("sk.opportunity_fire", d.opportunity_fire),
            move_and_shoot: flag("sk.move_and_shoot", d.move_and_shoot),
            take_a_breather: flag("sk.take_a_breather", d.take_a_breather),
            auto_numbers: if choice("sk.auto_numbers") == "B" {
                AutoVersion::B
            } else {
                AutoVersion::A
            },
            punch_str_ladder: choice("sk.punch_damage") == "str_ladder",
            tie_break: match choice("sk.tie_break").as_str() {
                "initiative_winner" => TieBreak::InitiativeWinner,
                "die_roll" => TieBreak::DieRoll,
                _ => TieBreak::InitiativeOrder,
            },
            avoid_penalty: match choice("sk.avoid_penalty").as_str() {
                "literal_12_2" => AvoidPenalty::Literal,
                "13_8_only" => AvoidPenalty::ThirteenEightOnly,
                _ => AvoidPenalty::Floor,
            },
            prone_missile_mod: int("sk.prone_missile_mod", -3) as i16,
            move_and_shoot_penalty: int("sk.move_and_shoot_penalty", -2) as i16,
            shotgun_long_bonus: flag("sk.shotgun_long_bonus", d.shotgun_long_bonus),
            quickdraw_separate_roll: choice("sk.quickdraw_model") == "separate_draw_roll_minus2",
            nonlethal_ko_ww: choice("sk.nonlethal_ko") == "ww",
            encumbrance_13_1: choice("sk.encumbrance") == "section_13_1",
            shielding_roll: choice("sk.shielding") == "roll_and_subtract",
            armor_and_shielding_exclusive: flag(
                "sk.armor_and_shielding_exclusive",
                d.armor_and_shielding_exclusive,
            ),
            hth_disengage_opposed: choice("sk.hth_disengage") == "opposed_estr",
            ma_cloth_only: choice("sk.ma_armor") == "cloth_only",
            mov_points: flag("sk.mov_points", d.mov_points),
            creation_strict: choice("sk.creation") != "off",
            defense_in_movement: choice("sk.defense_declared") != "action",
            victory_dead: choice("sk.victory") == "dead",
            gravity_percent: int("sk.gravity_percent", 100).clamp(0, 300) as u16,
            microgravity: flag("sk.microgravity", d.microgravity),
            complete_darkness: flag("sk.complete_darkness", d.complete_darkness),
            jump_figure_mov: int("sk.jump_figure_mov", 3).clamp(1, 10) as u8,
            acrobatics_leap: int("sk.acrobatics_leap", 0).clamp(0, 3) as u8,
            swim_mov_percent: int("sk.swim_mov_percent", 50).clamp(0, 100) as u16,
            fire_check_every_fire: choice("sk.fire_int_check") != "burning_hexes",
            flame_ignition_aimed_only: choice("sk.flame_thrower_ignition") == "aimed_only",
            // ---- energy weapons, shields, protective gear, smoke and gas
            wind: match choice("sk.wind").as_str() {
                "slight" => Wind::Slight,
                "strong" => Wind::Strong,
                _ => Wind::Calm,
            },
            wind_direction: int("sk.wind_direction", 0).clamp(0, 5) as u8,
            wind_drift: int("sk.wind_drift", 1).clamp(1, 6) as u8,
            flash_blinding: match choice("sk.flash_blinding").as_str() {
                "lasers" => FlashBlinding::Lasers,
                "off" => FlashBlinding::Off,
                _ => FlashBlinding::EnergyWeapons,
            },
            smoke_shielding: choice("sk.smoke_shielding") != "anti_laser_only",
            avoid_margin_literal: choice("sk.avoid_margin") == "literal_less_than",
            auto_avoid_distance_penalty: choice("sk.auto_avoid_distance") == "john_example",
            sweep_penalty_flat: choice("sk.sweep_penalty") == "per_roll_flat_-4",
            brawl_fire_13_8: choice("sk.brawl_fire") == "section_13_8",
            engaged_shoulderarms: flag("sk.engaged_shoulderarms", d.engaged_shoulderarms),
            // ---- shots (SK-16.6-a, SK-13.6-b, SK-21.8-d)
            selective_slots: choice("sk.selective_switch") == "slots",
            arc_line: choice("sk.arc_of_fire") == "line",
            opportunity_single: choice("sk.opportunity_burst") == "single",
            scenario_type: ScenarioType::from_id(&choice("sk.scenario_type")),
            heal_foes: choice("sk.medics_heal") == "everyone",
            practice_hits: int("sk.practice_hits", i64::from(DEFAULT_PRACTICE_HITS)).clamp(0, 99)
                as u8,
            practice_stake: int("sk.practice_stake", 0).clamp(0, 1_000_000) as u32,
            surprise: match int("sk.surprise", 0) {
                k @ 1..=8 => Some((k - 1) as u8),
                _ => None,
            },
            size_ratio: int("sk.size_ratio", 7).clamp(2, 50) as u8,
            fatigue: flag("sk.fatigue", d.fatigue),
            vacuum: flag("sk.vacuum", d.vacuum),
            atmosphere_dice: int("sk.atmosphere_dice", 0).clamp(0, 10) as u8,
            kneeling_stand_up_whole_turn: choice("sk.kneeling_stand_up") == "whole_turn",
            sword_battery_when_used: choice("sk.sword_battery") == "when_used",
        }
    }
}
