//! What SKIRMISH scenarios and catalogs may say: the `sk.*` options (every optional rule of §21
//! and every GAPS.md choice), the unit stats (attributes and skills), and the catalog kinds
//! (`weapon`, `armor`, `item`, `skill`, `terrain`) with their fields.

use fireteam_scenario::{
    Catalog, CatalogRole, CatalogSpec, Entry, FieldError, FieldKind, FieldSpec, GridKind,
    OptionSpec, Scenario, ScenarioSchema, StatSpec,
};

/// The SKIRMISH scenario schema, registered with the loader.
pub struct SkirmishSchema;

/// Every option: optional rules (`OPT`) off by default, and each GAPS.md choice with its
/// default reading. `docs/rules/skirmish.md` lists them with their rule IDs.
pub const OPTIONS: &[OptionSpec] = &[
    // --- §21 optional rules, each off unless the scenario turns it on.
    OptionSpec::bool(
        "sk.advanced_initiative",
        false,
        "SK-21.1-a OPT: every figure rolls 3d6 vs DEX; movement in order of margin",
    ),
    OptionSpec::bool(
        "sk.movement_formula",
        false,
        "SK-21.2-a OPT: MOV = (current STR + eDEX) / 2, rounded up",
    ),
    OptionSpec::bool(
        "sk.nonlethal",
        false,
        "SK-21.3 OPT: lethal and nonlethal damage, take a breather",
    ),
    OptionSpec::bool(
        "sk.aimed_shots",
        false,
        "SK-21.4 OPT: aimed shots and critical hits",
    ),
    OptionSpec::bool(
        "sk.quick_shot",
        false,
        "SK-21.5 OPT: quick shot from the belt at +1 die",
    ),
    OptionSpec::bool(
        "sk.partial_armor",
        false,
        "SK-21.6 OPT: vests and jackets leave limbs open to aimed shots and criticals",
    ),
    OptionSpec::bool(
        "sk.degraded_armor",
        false,
        "SK-21.7 OPT: armor is useless after absorbing 40 x its value",
    ),
    OptionSpec::bool(
        "sk.opportunity_fire",
        false,
        "SK-21.8 OPT: opportunity and suppression fire at a declared hex",
    ),
    OptionSpec::bool(
        "sk.move_and_shoot",
        false,
        "SK-11.7.7-a OPT: shoot after up to a Half Move (non-bow)",
    ),
    OptionSpec::bool(
        "sk.take_a_breather",
        true,
        "SK-11.7.2-a OPT: with sk.nonlethal, the breather action is offered",
    ),
    // --- GAPS.md contradictions and gaps.
    OptionSpec::choice(
        "sk.auto_numbers",
        "A",
        &["A", "B"],
        "G-01: automatic numbers on 4d6/5d6: A (4-5 hit, 20 miss, 21-22 drop, 23-24 break) or B (§12.1)",
    ),
    OptionSpec::choice(
        "sk.punch_damage",
        "table",
        &["table", "str_ladder"],
        "G-02: unarmed damage from the §16.15.1 table, or STR read on the §12.6 ladder",
    ),
    OptionSpec::choice(
        "sk.tie_break",
        "initiative_order",
        &["initiative_order", "initiative_winner", "die_roll"],
        "G-12: equal ordering eDEX acts in movement order, winner first, or by 1d6",
    ),
    OptionSpec::choice(
        "sk.avoid_penalty",
        "floor",
        &["floor", "literal_12_2", "13_8_only"],
        "G-14: the intervening-character penalty on the roll to hit",
    ),
    OptionSpec::int(
        "sk.prone_missile_mod",
        -3,
        -6,
        0,
        "G-17: missile or thrown attack at a prone target (§24.2 -3; §13.6 -2)",
    ),
    OptionSpec::int(
        "sk.move_and_shoot_penalty",
        -2,
        -6,
        0,
        "G-18: move-and-shoot DEX penalty (-2 with shots halved; -4 as §11.7.7)",
    ),
    OptionSpec::bool(
        "sk.shotgun_long_bonus",
        false,
        "G-19: §24.1's +3 for a shotgun at 15+ hexes instead of §16.7's +1/+2",
    ),
    OptionSpec::choice(
        "sk.quickdraw_model",
        "extra_die",
        &["extra_die", "separate_draw_roll_minus2"],
        "G-21: quick shot as +1 die (§21.5) or a draw roll then -2 (§20, §24.1)",
    ),
    OptionSpec::choice(
        "sk.nonlethal_ko",
        "str_minus_one",
        &["str_minus_one", "ww"],
        "G-24: with sk.nonlethal, unconscious at total damage STR-1, or at STR (W&W)",
    ),
    OptionSpec::choice(
        "sk.encumbrance",
        "section_14_2",
        &["section_14_2", "section_13_1"],
        "G-25: encumbrance bands of §14.2, or §13.1's cap at 5 x STR",
    ),
    OptionSpec::choice(
        "sk.shielding",
        "remove_dice",
        &["remove_dice", "roll_and_subtract"],
        "G-27: shielding removes R dice, or rolls R dice and subtracts",
    ),
    OptionSpec::bool(
        "sk.armor_and_shielding_exclusive",
        false,
        "G-26: one armor or one shielding, not both (§17.11)",
    ),
    OptionSpec::choice(
        "sk.hth_disengage",
        "dex_roll",
        &["dex_roll", "opposed_estr"],
        "G-39: leaving HTH by a 3d6 vs eDEX roll, or an opposed eSTR roll",
    ),
    OptionSpec::choice(
        "sk.ma_armor",
        "dex_penalty_2",
        &["dex_penalty_2", "cloth_only"],
        "G-09: Martial Arts armor limit of §16.15.4, or §6.4.4's cloth only",
    ),
    OptionSpec::bool(
        "sk.mov_points",
        false,
        "G-65: the 32 creation points may also buy MOV (1 point = +1 MOV)",
    ),
    OptionSpec::choice(
        "sk.creation",
        "strict",
        &["strict", "off"],
        "SK-5.6, SK-6-c: check characters against the creation rules, or not (non-humans, veterans)",
    ),
    OptionSpec::choice(
        "sk.defense_declared",
        "movement",
        &["movement", "action"],
        "Dodge/Defend declared with the movement (protect all turn) or at the figure's action slot",
    ),
    OptionSpec::choice(
        "sk.victory",
        "out_of_action",
        &["out_of_action", "dead"],
        "SK-19.2-a: a side loses when all its figures are out (unconscious or dead), or dead",
    ),
    // --- Scenario conditions (GM inputs).
    OptionSpec::int(
        "sk.gravity_percent",
        100,
        0,
        300,
        "SK-17.9-a GM input: gravity in percent of Earth's (100 = 1 g)",
    ),
    OptionSpec::bool(
        "sk.microgravity",
        false,
        "SK-17.10-a GM input: the fight is in microgravity",
    ),
    OptionSpec::bool(
        "sk.complete_darkness",
        false,
        "SK-17.5 GM input: the whole map is in complete darkness",
    ),
    // ---- movement over terrain (SK-6.2.9, SK-6.4.1, SK-10.6)
    OptionSpec::int(
        "sk.jump_figure_mov",
        3,
        1,
        10,
        "SK-10.6-c: MOV spent on a fallen figure's hex jumped over (3; 2 reads the whole jump as 3)",
    ),
    OptionSpec::int(
        "sk.acrobatics_leap",
        0,
        0,
        3,
        "SK-6.4.1-b, G-56 GM input: hexes an Acrobat's 3d6 DEX check takes off a jump (book blank: 0)",
    ),
    OptionSpec::int(
        "sk.swim_mov_percent",
        50,
        0,
        100,
        "SK-6.2.9-a, G-68 GM input: MOV in deep water, percent of MOV rounded up (half suggested)",
    ),
    // --- fire (§16.11, §16.13).
    OptionSpec::choice(
        "sk.fire_int_check",
        "every_fire",
        &["every_fire", "burning_hexes"],
        "SK-16.11-h: the 3d6 INT check to enter or stay in a fire, for every fire hex (molotov, \
         incendiary, flame thrower too) or only the §16.11 burning hexes",
    ),
    OptionSpec::choice(
        "sk.flame_thrower_ignition",
        "any_rear_hit",
        &["any_rear_hit", "aimed_only"],
        "G-53: a flame thrower's tank may ignite on any hit from the rear hex, or on aimed shots only",
    ),
    // --- Energy weapons, shields, protective gear, smoke and gas (§14.3, §16.8, §16.12, §21.6).
    OptionSpec::choice(
        "sk.wind",
        "calm",
        &["calm", "slight", "strong"],
        "SK-16.12-r GM input (G-51): a slight wind drifts clouds, a strong wind disperses them",
    ),
    OptionSpec::int(
        "sk.wind_direction",
        0,
        0,
        5,
        "SK-16.12-r GM input (G-51): the hex-side the wind blows toward, 0 = N, clockwise",
    ),
    OptionSpec::int(
        "sk.wind_drift",
        1,
        1,
        6,
        "SK-16.12-r GM input (G-51): hexes a slight wind drifts a cloud each turn",
    ),
    OptionSpec::choice(
        "sk.flash_blinding",
        "energy_weapons",
        &["energy_weapons", "lasers", "off"],
        "SK-16.8-e, SK-21.6-e: with sk.aimed_shots, a head hit without flash goggles or a visor: 4d6/eDEX or blinded (-4 DEX); by any energy weapon (§21.6), lasers only (§16.8), or never",
    ),
    OptionSpec::choice(
        "sk.smoke_shielding",
        "energy_weapons",
        &["energy_weapons", "anti_laser_only"],
        "SK-16.12-t: a smoke grenade's cloud is R1 shielding against energy weapons fired through it, or only anti-laser smoke is, against lasers (SK-16.8-d, SK-17.4-d)",
    ),
    // --- Ranged fire (§12.2, §13.8, §16.6, §16.15.3, §21.5).
    OptionSpec::choice(
        "sk.avoid_margin",
        "penalty_caused",
        &["penalty_caused", "literal_less_than"],
        "G-14, G-15: a miss threatens those in the way when it missed by at most their penalty, or by less than it (§12.2 literally)",
    ),
    OptionSpec::choice(
        "sk.auto_avoid_distance",
        "bonus",
        &["bonus", "john_example"],
        "G-14, E-10: rolling to avoid against automatic fire, distance is a bonus (§12.2) or a penalty (§16.6's John example)",
    ),
    OptionSpec::choice(
        "sk.sweep_penalty",
        "per_target",
        &["per_target", "per_roll_flat_-4"],
        "G-32: a full-auto sweep is -4 per target on each roll, or a flat -4",
    ),
    OptionSpec::choice(
        "sk.brawl_fire",
        "random_victim",
        &["random_victim", "section_13_8"],
        "G-39: a shot into a brawl: -1 per other member, then a random victim (§16.15.3), or -4 per member above one (§13.8)",
    ),
    OptionSpec::bool(
        "sk.engaged_shoulderarms",
        false,
        "SK-21.5-e OPT: an engaged shoulderarm fires once (two rounds on full auto) and is dropped, or clubs",
    ),
    // ---- shots (SK-16.6-a, SK-13.6-b, SK-21.8-d).
    OptionSpec::choice(
        "sk.selective_switch",
        "share_of_turn",
        &["share_of_turn", "slots"],
        "SK-16.6-a, G-32: after selective fire's one switch a turn, the new mode fires the share \
         of the turn still unfired (3 of 4 single shots left: 9 of 13 rounds), or its own count \
         less the shots already fired",
    ),
    OptionSpec::choice(
        "sk.arc_of_fire",
        "flanks",
        &["flanks", "line"],
        "SK-13.6-b: bursts, full auto and birdshot or buckshot fire in an arc (between the lines \
         through the two hexes flanking the target at its distance), or along the line only",
    ),
    OptionSpec::choice(
        "sk.opportunity_burst",
        "burst",
        &["burst", "single"],
        "SK-21.8-d, G-62: with sk.opportunity_fire, an automatic weapon's opportunity shot is a \
         3-round burst, or a single round",
    ),
    // ---- after the battle (§6.5.1, §6.8.1, §19): GM inputs the aftermath reads.
    OptionSpec::choice(
        "sk.scenario_type",
        "adventure",
        &["adventure", "arena", "duel", "practice"],
        "SK-19-a GM input: the kind of fight, for its rewards (arena SK-19.1-c/d, duel SK-19.2-b, \
         practice SK-19.3-b; an adventure has none preset) and the practice rules (SK-19.3-a)",
    ),
    OptionSpec::choice(
        "sk.medics_heal",
        "own_side",
        &["own_side", "everyone"],
        "SK-6.5.1-a, G-67: after the combat medics and doctors heal their own side, or every \
         character, foes too (\"any character\")",
    ),
    OptionSpec::int(
        "sk.practice_hits",
        3,
        0,
        99,
        "SK-19.3-b GM input: recorded hits of practice weapons that lose a practice combat \
         (agreed by the players; 3 INVENTED; 0: no limit)",
    ),
    OptionSpec::int(
        "sk.practice_stake",
        0,
        0,
        1_000_000,
        "SK-19.3-b GM input: credits each loser of a practice combat pays, shared by the winners",
    ),
    // --- order of the turn, awareness, fatigue (§8.3, §9, §21.3).
    OptionSpec::int(
        "sk.surprise",
        0,
        0,
        8,
        "SK-9-b GM input: the side (1 = the first [[sides]]) that surprises the others: it has \
         the first turn's initiative and their figures no threat zone that turn (0: no surprise)",
    ),
    OptionSpec::int(
        "sk.size_ratio",
        7,
        2,
        50,
        "SK-8.3-c, G-69 GM input: figures whose sizes add up to 1/n of a figure's size or less \
         cannot engage it (7: a one-hex human alone cannot engage a dragon of seven hexes)",
    ),
    OptionSpec::bool(
        "sk.fatigue",
        false,
        "SK-21.3-h OPT (with sk.nonlethal): each turn of melee attack, Defend or full run adds \
         1 nonlethal",
    ),
    // ---- standing up from kneeling (SK-10.7.2-a, SK-10.8.2-a, SK-11.1-a, G-41).
    OptionSpec::choice(
        "sk.kneeling_stand_up",
        "half_move_or_ready",
        &["half_move_or_ready", "whole_turn"],
        "G-41: standing up from kneeling is followed by a Half Move and an action allowed after \
         one, or by a Ready where he stands (engaged: a Shift or a Ready), or it takes the whole \
         turn (SK-11.7.1-a: \"stand up ... and do nothing else\")",
    ),
    // ---- microgravity and vacuum (§17.10, §17.11): GM inputs.
    OptionSpec::bool(
        "sk.vacuum",
        false,
        "SK-17.11 GM input: the fight is in vacuum: every figure wears a sealed suit, and a hit \
         through it makes a leak (G-55: N d6 a turn while a leak is open)",
    ),
    OptionSpec::int(
        "sk.atmosphere_dice",
        0,
        0,
        10,
        "SK-17.11-d GM input: a hostile atmosphere doing this many d6 a turn to anyone not in a \
         sealed suit, and through a leak (0: none)",
    ),
    // ---- sword batteries (SK-15.1-a, G-48)
    OptionSpec::choice(
        "sk.sword_battery",
        "in_hand",
        &["in_hand", "when_used"],
        "SK-15.1-a, G-48: a sword's battery (20 combat turns) spends a turn for every turn it is \
         in hand, or only for a turn it struck or Defended",
    ),
];

/// Attributes, then skills. A skill is a stat: 0 (absent) or 1 (known); Martial Arts is a level.
/// Skill names are the `skill` catalog ids.
pub const STATS: &[StatSpec] = &[
    StatSpec::required("str", 1, 60, "SK-5.1-a Strength"),
    StatSpec::required("dex", 1, 40, "SK-5.2-a Dexterity"),
    StatSpec::required("int", 1, 40, "SK-5.3-a Intelligence"),
    StatSpec::optional("mov", 1, 40, Some(10), "SK-5.4-a Movement (human 10)"),
    StatSpec::optional(
        "ready",
        0,
        1,
        Some(1),
        "1: the first weapon listed starts ready (SK-12-b); 0: nothing in hand",
    ),
    StatSpec::optional(
        "credits",
        0,
        100_000,
        Some(200),
        "SK-5.6-b starting credits for the equipment check (handicaps may add)",
    ),
    StatSpec::optional(
        "rounds_carried",
        0,
        20,
        Some(2),
        "spare magazines or batteries for the ready weapon (G-73, small items)",
    ),
    StatSpec::optional(
        "leader",
        0,
        1,
        Some(0),
        "G-13: the side's leader for initiative",
    ),
    StatSpec::optional(
        "bipod",
        0,
        1,
        Some(0),
        "SK-13.6-g: carries a bipod for his shoulderarm (+3 where it can be set up)",
    ),
    StatSpec::optional(
        "tripod",
        0,
        1,
        Some(0),
        "SK-24-T3: carries a tripod for his shoulderarm (+4 where it can be set up)",
    ),
    // ---- weapons and melee (§6.5.3, §16.3)
    StatSpec::optional(
        "off_hand",
        0,
        1,
        Some(0),
        "SK-6.5.3: 1: the second weapon listed starts in the other hand (both one-handed)",
    ),
    StatSpec::optional(
        "bayonet_fixed",
        0,
        1,
        Some(0),
        "SK-16.3-a: 1: his first knife is fixed to his first rifle before the battle",
    ),
    StatSpec::optional(
        "flammable",
        0,
        1,
        Some(0),
        "SK-16.11-c GM input: doused in gasoline or the like; a flaming weapon sets him alight 50/50",
    ),
    StatSpec::optional(
        "backpack_kg",
        0,
        200,
        None,
        "SK-14.1-h, G-26: kg in the full backpack (its load; -2 DEX when over STR kg)",
    ),
    StatSpec::optional(
        "battery",
        0,
        500,
        None,
        "SK-15.1-c GM input: left in his first weapon's battery (a gun's dice, a sword's turns; default full)",
    ),
    StatSpec::optional(
        "battery_pack",
        0,
        96,
        None,
        "SK-15.1-c GM input: dice left in the battery pack (default 96, two batteries, G-48)",
    ),
    // ---- order of the turn, awareness (§6.3.8, §8.3)
    StatSpec::optional(
        "size",
        1,
        100,
        Some(1),
        "SK-8.3-c GM input: the hexes the creature would cover (a dragon 7); figures stay one \
         hex, and size only decides who can engage it (sk.size_ratio)",
    ),
    StatSpec::optional(
        "hidden",
        0,
        1,
        Some(0),
        "SK-6.3.8 GM input: 1: starts the battle unseen and unheard by the enemy (revealed at \
         once if an enemy can see him)",
    ),
    // ---- lasting injuries (§21.4-e; `aftermath::injuries`)
    StatSpec::optional(
        "arms",
        1,
        2,
        Some(2),
        "SK-21.4-e: arms left after earlier battles; 1: an arm lost for good, he fights one-handed \
         (as with an arm out of use: nothing needing both hands, nothing in the other hand)",
    ),
    skill("axe"),
    skill("bayonet"),
    skill("bow"),
    skill("crossbow"),
    skill("knife"),
    skill("polearms"),
    skill("shield"),
    skill("sword"),
    skill("common_melee"),
    skill("literacy"),
    skill("running"),
    skill("shotguns"),
    skill("shoulderarms"),
    skill("sidearms"),
    skill("small_arms"),
    skill("staff"),
    skill("swimming"),
    skill("thrown_weapons"),
    skill("alertness"),
    skill("automatic_weapons"),
    skill("climbing"),
    skill("enhanced_hearing"),
    skill("expert_swimmer"),
    skill("marksmanship"),
    skill("spacesuit"),
    skill("stealth"),
    skill("tough"),
    skill("very_tough"),
    skill("weight_training"),
    skill("acrobatics"),
    skill("astrobatics"),
    skill("fencing"),
    StatSpec::optional(
        "martial_arts",
        0,
        5,
        Some(0),
        "SK-6.4.4-a…SK-6.8.4-a Martial Arts level (5 = Master)",
    ),
    skill("quick_reflexes"),
    skill("medic"),
    skill("tactics"),
    skill("two_weapon_fighting"),
    skill("expert_stealth"),
    skill("strategy"),
    skill("doctor"),
    skill("common_missile"),
    skill("flame_thrower"),
    skill("machine_gun"),
    skill("grenade_launcher"),
    skill("heavy_weapons"),
    skill("energy_weapons"),
    skill("weapon_master"),
    // ---- weapons and melee: SK-6.9.4-a, the uncommon weapons, each its own skill; their
    // weapons are a GM's catalog entries (G-04).
    skill("blowgun"),
    skill("bola"),
    skill("boomerang"),
    skill("cestus"),
    skill("lasso"),
    skill("naginata"),
    skill("net"),
    skill("sha_ken"),
    skill("spear_thrower"),
];

const fn skill(name: &'static str) -> StatSpec {
    StatSpec::optional(
        name,
        0,
        1,
        Some(0),
        "a skill: 1 if known (see the skill catalog)",
    )
}

static TEXT: FieldKind = FieldKind::Text;

/// The fields a SKIRMISH unit may have besides the common ones.
pub const UNIT_FIELDS: &[FieldSpec] = &[
    // ---- order of the turn (§10)
    FieldSpec::optional(
        "chases",
        FieldKind::Text,
        "SK-10-e, G-72 GM input: the name of the unit this one chases; the one ahead moves first",
    ), // ---- microgravity (§17.10-k GM input)
    FieldSpec::optional(
        "tether_length",
        FieldKind::Int { min: 1, max: 60 },
        "SK-17.10-k GM input: the unit's tether, in hexes (needs the `tether` item)",
    ),
    FieldSpec::optional(
        "tether_anchor",
        FieldKind::List {
            of: &FieldKind::Int { min: 0, max: 1000 },
            min_len: 2,
            max_len: 2,
        },
        "SK-17.10-k GM input: [col, row] where the tether is made fast (default: the unit's `at`)",
    ),
];

// ---- the arena (§19.1)
static ESCAPE_HEX: FieldKind = FieldKind::List {
    of: &FieldKind::Int { min: 0, max: 1000 },
    min_len: 3,
    max_len: 3,
};

/// The fields a SKIRMISH `[map]` may have besides the common ones.
pub const MAP_FIELDS: &[FieldSpec] = &[FieldSpec::optional(
    "escape",
    FieldKind::List {
        of: &ESCAPE_HEX,
        min_len: 1,
        max_len: 64,
    },
    "SK-19.1-b GM input: the arena's entrance hexes, each [column, row, side] (side 1 = the first [[sides]]): a figure of that side standing on one may escape through it",
)];

const WEAPON_FIELDS: &[FieldSpec] = &[
    FieldSpec::required(
        "class",
        FieldKind::Choice(&["melee", "thrown", "missile", "grenade"]),
        "SK-12-a: how it attacks",
    ),
    FieldSpec::optional(
        "damage",
        FieldKind::Text,
        "SK-13-T1 damage, e.g. 2d6-2 (absent: see str_table or grenade)",
    ),
    FieldSpec::optional(
        "damage_two_handed",
        FieldKind::Text,
        "G-05: damage with the two-handed grip",
    ),
    FieldSpec::optional(
        "str_table",
        FieldKind::Choice(&["damage", "hth", "brass", "club1", "club2"]),
        "SK-16.15.1-T1 column for STR-based damage (rocks, brass knuckles, improvised)",
    ),
    FieldSpec::optional(
        "str_min",
        FieldKind::Int { min: 0, max: 60 },
        "SK-13.2-a STR minimum (absent or nil: none)",
    ),
    FieldSpec::optional(
        "str_one_handed",
        FieldKind::Int { min: 0, max: 80 },
        "SK-16.7-T1 STR to fire one-handed",
    ),
    FieldSpec::optional(
        "length",
        FieldKind::Choice(&["short", "medium", "long"]),
        "SK-13.4-a length",
    ),
    FieldSpec::optional(
        "hands",
        FieldKind::Int { min: 1, max: 2 },
        "SK-13.3-a hands",
    ),
    FieldSpec::optional(
        "thrown",
        FieldKind::Bool,
        "SK-13-T1 'Thrown': may be thrown",
    ),
    FieldSpec::optional(
        "skill",
        FieldKind::Text,
        "SK-6.9.1-a the skill that uses it (absent: none needed)",
    ),
    FieldSpec::optional(
        "group",
        FieldKind::Choice(&[
            "knife", "sword", "axe", "club", "polearm", "bow", "crossbow", "sling", "pistol",
            "rifle", "smg", "shotgun", "energy", "grenade", "unarmed", "staff", "flamer",
        ]),
        "weapon family, for rules that name one (rifle stock, pistol prone, sweeps…)",
    ),
    FieldSpec::optional("energy", FieldKind::Bool, "SK-16.8-a energy weapon"),
    FieldSpec::optional(
        "laser",
        FieldKind::Bool,
        "SK-16.8-d, SK-17.4-b/d a laser (an energy weapon that smoke and anti-laser smoke weaken)",
    ),
    FieldSpec::optional(
        "gas_action",
        FieldKind::Bool,
        "SK-12.1-e gas-action firearm (an 18 then 1 on 1d6 is permanent)",
    ),
    FieldSpec::optional(
        "cutting",
        FieldKind::Bool,
        "SK-16.4-a cutting weapon (two-handed ones may sweep)",
    ),
    FieldSpec::optional(
        "shots",
        FieldKind::Int { min: 1, max: 20 },
        "SK-12-c shots per turn (semi-automatic)",
    ),
    FieldSpec::optional(
        "bursts",
        FieldKind::Int { min: 1, max: 10 },
        "SK-16.6-b three-round bursts per turn",
    ),
    FieldSpec::optional(
        "auto",
        FieldKind::Int { min: 1, max: 100 },
        "SK-16.6-b rounds per turn on full automatic",
    ),
    FieldSpec::optional(
        "rounds",
        FieldKind::Int { min: 1, max: 500 },
        "G-73 magazine (or battery dice, G-48; a sword's battery in combat turns, SK-15.1-a)",
    ),
    FieldSpec::optional(
        "reload_cost",
        FieldKind::Int {
            min: 0,
            max: 10_000,
        },
        "cost of a reload in credits",
    ),
    FieldSpec::optional(
        "cost",
        FieldKind::Int {
            min: 0,
            max: 1_000_000,
        },
        "SK-5.5-a price in credits",
    ),
    FieldSpec::optional(
        "mass",
        FieldKind::Float {
            min: 0.0,
            max: 1000.0,
        },
        "mass in kg (SK-14.2)",
    ),
    FieldSpec::optional(
        "spread",
        FieldKind::Choice(&["wide", "narrow", "slug"]),
        "SK-16.7 shotgun load",
    ),
    FieldSpec::optional(
        "effective_range",
        FieldKind::Int { min: 1, max: 1000 },
        "G-19 shotgun effective range in hexes",
    ),
    FieldSpec::optional(
        "grenade",
        FieldKind::Choice(&[
            "he",
            "smoke",
            "tear_gas",
            "molotov",
            "incendiary",
            "anti_laser",
        ]),
        "SK-16.12 grenade type",
    ),
    FieldSpec::optional("stun", FieldKind::Bool, "SK-16.9-a stun weapon"),
    FieldSpec::optional(
        "attack_type",
        FieldKind::Choice(&["damaging", "bludgeoning", "stunning", "shock"]),
        "SK-21.3-b damage type for the nonlethal rules",
    ),
    // ---- weapons and melee (§6.5.3, §16.1)
    FieldSpec::optional(
        "combination",
        FieldKind::List {
            of: &TEXT,
            min_len: 1,
            max_len: 10,
        },
        "SK-6.5.3-a weapon ids or groups it is a combination with (fought together without Two Weapon Fighting)",
    ),
    FieldSpec::optional(
        "dex_penalty",
        FieldKind::Int { min: -10, max: 0 },
        "SK-16.1-e GM input: an unbalanced improvised item's DEX penalty (default 0, G-40)",
    ),
    FieldSpec::optional(
        "breaks_parries",
        FieldKind::Bool,
        "SK-16.10-d a weapon that Defends against it is broken as a weapon (mono-filament and plasma swords, G-50)",
    ),
    FieldSpec::optional(
        "breaks",
        FieldKind::Choice(&["never", "on_hit", "on_use"]),
        "SK-16.1-e GM input: an improvised item that breaks when it hits or whenever used (default never, G-40)",
    ),
    FieldSpec::optional(
        "flaming",
        FieldKind::Bool,
        "SK-16.11-b a weapon on fire (torch): +2 damage, may set a flammable target alight",
    ),
    // ---- after the battle (§19.3)
    FieldSpec::optional(
        "practice",
        FieldKind::Bool,
        "SK-19.3-a practice weapon: a stun weapon's characteristics, no damage; its hits are recorded",
    ),
    FieldSpec::optional(
        "invented_fields",
        FieldKind::List {
            of: &TEXT,
            min_len: 1,
            max_len: 20,
        },
        "fields whose values are INVENTED placeholders (GAPS §C 'I')",
    ),
    FieldSpec::optional(
        "derived_fields",
        FieldKind::List {
            of: &TEXT,
            min_len: 1,
            max_len: 20,
        },
        "fields derived from a worked example or a general rule (GAPS §C 'D', 'Df', 'N')",
    ),
];

const ARMOR_FIELDS: &[FieldSpec] = &[
    FieldSpec::required(
        "kind",
        FieldKind::Choice(&[
            "body",
            "vest",
            "jacket",
            "helmet",
            "shield",
            "backpack",
            "parry",
            "suit",
            "shielding",
            "energy_shield",
        ]),
        "SK-14.1: what it is and where it protects",
    ),
    FieldSpec::optional(
        "defense",
        FieldKind::Int { min: 0, max: 50 },
        "SK-14.1-a hits stopped",
    ),
    FieldSpec::optional(
        "dex_penalty",
        FieldKind::Int { min: -10, max: 0 },
        "SK-14.1-e DEX penalty",
    ),
    FieldSpec::optional(
        "mov_penalty",
        FieldKind::Int { min: -10, max: 0 },
        "SK-14.1-e MOV penalty",
    ),
    FieldSpec::optional(
        "mass",
        FieldKind::Float {
            min: 0.0,
            max: 1000.0,
        },
        "mass in kg",
    ),
    FieldSpec::optional(
        "r_factor",
        FieldKind::Int { min: 0, max: 10 },
        "SK-14.3-b shielding R-factor",
    ),
    FieldSpec::optional(
        "medieval",
        FieldKind::Bool,
        "SK-16.11-i medieval-type armor: half value when immolated or in a burning hex",
    ),
    FieldSpec::optional(
        "fireproof",
        FieldKind::Bool,
        "SK-16.11-i fireproofed: medieval-type armor keeps its full value against fire",
    ),
    // ---- vacuum (§17.11)
    FieldSpec::optional(
        "sealed",
        FieldKind::Bool,
        "SK-17.11-a/c a sealed suit (the spacesuit): keeps out vacuum and hostile atmospheres; \
         a hit through it makes a leak",
    ),
    FieldSpec::optional(
        "shield_type",
        FieldKind::Choice(&["force_field", "deflector", "reflector"]),
        "SK-14.3-f the kind of an energy shield (kind = energy_shield)",
    ),
    FieldSpec::optional(
        "cost",
        FieldKind::Int {
            min: 0,
            max: 1_000_000,
        },
        "price in credits",
    ),
    // ---- after the battle (§21.7)
    FieldSpec::optional(
        "repair_cost",
        FieldKind::Int {
            min: 0,
            max: 1_000_000,
        },
        "SK-21.7-b GM input: an armorer's price to repair it fully (the book: \"(cost?)\")",
    ),
    FieldSpec::optional(
        "invented_fields",
        FieldKind::List {
            of: &TEXT,
            min_len: 1,
            max_len: 20,
        },
        "fields whose values are INVENTED",
    ),
];

const ITEM_FIELDS: &[FieldSpec] = &[
    FieldSpec::required(
        "kind",
        FieldKind::Choice(&[
            "rope",
            "flashlight",
            "extinguisher",
            "gas_mask",
            "tether",
            "visor",
            "flash_goggles",
            "battery_pack",
            "medical_kit",
            "sandbags",
            "entrenching_tools",
        ]),
        "SK-15.2-a: which item (its rule says what it does)",
    ),
    FieldSpec::optional(
        "hands",
        FieldKind::Int { min: 1, max: 2 },
        "counts as a weapon of this many hands for carrying (SK-16.12-l, SK-15.1-b)",
    ),
    FieldSpec::optional(
        "mass",
        FieldKind::Float {
            min: 0.0,
            max: 1000.0,
        },
        "mass in kg; under 1 kg it is a small item (SK-13.1-c)",
    ),
    FieldSpec::optional(
        "cost",
        FieldKind::Int {
            min: 0,
            max: 1_000_000,
        },
        "price in credits",
    ),
    FieldSpec::optional(
        "invented_fields",
        FieldKind::List {
            of: &TEXT,
            min_len: 1,
            max_len: 20,
        },
        "fields whose values are INVENTED",
    ),
];

const SKILL_FIELDS: &[FieldSpec] = &[
    FieldSpec::required("slots", FieldKind::Int { min: 0, max: 10 }, "SK-6-c slots"),
    FieldSpec::required(
        "min_int",
        FieldKind::Int { min: 0, max: 40 },
        "SK-6-c minimum INT",
    ),
    FieldSpec::optional(
        "min_dex",
        FieldKind::Int { min: 0, max: 40 },
        "SK-6-d DEX prerequisite",
    ),
    FieldSpec::optional(
        "min_str",
        FieldKind::Int { min: 0, max: 60 },
        "SK-6-d STR prerequisite",
    ),
    FieldSpec::optional(
        "requires",
        FieldKind::List {
            of: &TEXT,
            min_len: 1,
            max_len: 5,
        },
        "SK-6-d prerequisite skills (all of them)",
    ),
    FieldSpec::optional(
        "requires_any",
        FieldKind::List {
            of: &TEXT,
            min_len: 1,
            max_len: 10,
        },
        "SK-6-d prerequisite skills (any one of them)",
    ),
    FieldSpec::optional(
        "discount_with",
        FieldKind::List {
            of: &TEXT,
            min_len: 1,
            max_len: 5,
        },
        "SK-6.1.6-a, SK-6.9-b skills that lower the cost",
    ),
    FieldSpec::optional(
        "discounted_slots",
        FieldKind::Int { min: 0, max: 10 },
        "the cost with a discounting skill",
    ),
    FieldSpec::optional(
        "grants",
        FieldKind::List {
            of: &TEXT,
            min_len: 1,
            max_len: 10,
        },
        "SK-6.9.2-a…SK-6.9.6-a skills this one includes",
    ),
    FieldSpec::optional(
        "dex_based",
        FieldKind::Bool,
        "SK-18.1-b DEX may replace INT in the EP cost",
    ),
    FieldSpec::optional(
        "str_based",
        FieldKind::Bool,
        "SK-18.1-b STR may replace INT in the EP cost",
    ),
];

const TERRAIN_FIELDS: &[FieldSpec] = &[
    FieldSpec::optional(
        "footing",
        FieldKind::Choice(&["firm", "broken", "ice"]),
        "SK-17.1-a broken ground, SK-17.6-a ice",
    ),
    FieldSpec::optional(
        "water",
        FieldKind::Choice(&["none", "ankle", "knee", "deep"]),
        "SK-17.2-a water depth",
    ),
    FieldSpec::optional(
        "mud",
        FieldKind::Choice(&["none", "ankle", "knee"]),
        "SK-17.3-a mud depth",
    ),
    FieldSpec::optional(
        "snow",
        FieldKind::Choice(&["none", "ankle", "knee"]),
        "SK-17.3-a snow depth",
    ),
    FieldSpec::optional(
        "wall",
        FieldKind::Choice(&["none", "half", "one", "two", "high"]),
        "SK-17.7 wall height: ½ m, 1 m, 2 m, over 2 m",
    ),
    FieldSpec::optional("smoke", FieldKind::Bool, "SK-17.4-a smoke or fog"),
    FieldSpec::optional("dark", FieldKind::Bool, "SK-17.5-a complete darkness"),
    FieldSpec::optional(
        "handhold",
        FieldKind::Bool,
        "SK-17.10-b a rail or handhold (microgravity saves -1 die)",
    ),
    // ---- pits (SK-10.2, SK-10.3, SK-17.8)
    FieldSpec::optional(
        "pit_depth",
        FieldKind::Float {
            min: 0.0,
            max: 100.0,
        },
        "SK-17.8-a, G-57 a pit or hole this many metres deep (1+ jumped; over 2 needs a rope)",
    ),
    FieldSpec::optional(
        "invented_fields",
        FieldKind::List {
            of: &TEXT,
            min_len: 1,
            max_len: 20,
        },
        "fields whose values are INVENTED",
    ),
    FieldSpec::optional(
        "fire",
        FieldKind::Choice(&["burning", "coals"]),
        "SK-16.11-g a burning hex, or one burned down to hot coals (+1d6), all battle",
    ),
];

const CATALOGS: &[CatalogSpec] = &[
    CatalogSpec {
        kind: "weapon",
        role: CatalogRole::Equipment,
        fields: WEAPON_FIELDS,
        doc: "weapons and grenades (SK-13-T1, SK-16.7-T1, GAPS §C)",
    },
    CatalogSpec {
        kind: "armor",
        role: CatalogRole::Equipment,
        fields: ARMOR_FIELDS,
        doc: "armor, shields and shielding (SK-14.1-T1)",
    },
    CatalogSpec {
        kind: "item",
        role: CatalogRole::Equipment,
        fields: ITEM_FIELDS,
        doc: "miscellaneous items (SK-15.2-a): rope, flashlight, extinguisher, gas mask…",
    },
    CatalogSpec {
        kind: "skill",
        role: CatalogRole::Other,
        fields: SKILL_FIELDS,
        doc: "skills (SK-6, SK-26-T1) by their stat name",
    },
    CatalogSpec {
        kind: "terrain",
        role: CatalogRole::Terrain,
        fields: TERRAIN_FIELDS,
        doc: "map terrain (SK-17)",
    },
];

impl ScenarioSchema for SkirmishSchema {
    fn system(&self) -> &'static str {
        "skirmish"
    }

    fn options(&self) -> &[OptionSpec] {
        OPTIONS
    }

    fn stats(&self) -> &[StatSpec] {
        STATS
    }

    fn stances(&self) -> &[&'static str] {
        &["standing", "kneeling", "prone"]
    }

    fn grids(&self) -> &[GridKind] {
        &[GridKind::Hex]
    }

    fn catalogs(&self) -> &[CatalogSpec] {
        CATALOGS
    }

    fn check_entry(&self, entry: &Entry) -> Vec<FieldError> {
        let mut out = Vec::new();
        if entry.kind == "weapon" {
            for field in ["damage", "damage_two_handed"] {
                if let Some(text) = entry.text(field) {
                    if crate::schema::parse_damage(text).is_none() {
                        out.push(
                            FieldError::new(field, format!("'{text}' is not a damage expression"))
                                .with_help("write NdS+M, e.g. 2d6-2, 3d6, 1d6+1, or a number"),
                        );
                    }
                }
            }
            // SK-6.9.1-a, SK-6.9.4-a: a weapon's skill is one of the skill stats.
            if let Some(skill) = entry.text("skill") {
                if crate::skills::bit(skill) == 0 {
                    out.push(
                        FieldError::new("skill", format!("'{skill}' is not a skill")).with_help(
                            match crate::skills::closest(skill) {
                                Some(s) => {
                                    format!("did you mean '{s}'? (the skill stats of the schema)")
                                }
                                None => "name one of the skill stats of the schema".to_string(),
                            },
                        ),
                    );
                }
            }
            let has_damage = entry.get("damage").is_some()
                || entry.get("str_table").is_some()
                || entry.get("grenade").is_some();
            if !has_damage {
                out.push(
                    FieldError::new("", "a weapon needs damage, str_table or grenade")
                        .with_help("add damage = \"1d6\" (or str_table / grenade)"),
                );
            }
        }
        // SK-14.3-f: an energy shield is one of three kinds, each with its R-factor.
        if entry.kind == "armor" && entry.text("kind") == Some("energy_shield") {
            if entry.get("shield_type").is_none() {
                out.push(
                    FieldError::new("shield_type", "an energy shield needs its kind").with_help(
                        "add shield_type = \"force_field\", \"deflector\" or \"reflector\"",
                    ),
                );
            }
            if entry.int("r_factor").unwrap_or(0) == 0 {
                out.push(
                    FieldError::new(
                        "r_factor",
                        "an energy shield needs an R-factor of 1 or more",
                    )
                    .with_help("add r_factor = 2 (SK-14.3-d: also its field's hits a turn)"),
                );
            }
        }
        out
    }

    fn unit_fields(&self) -> &[FieldSpec] {
        UNIT_FIELDS
    }

    // ---- the arena (§19.1): the entrance hexes.
    fn map_fields(&self) -> &[FieldSpec] {
        MAP_FIELDS
    }

    fn check_scenario(&self, scenario: &Scenario, catalog: &Catalog) -> Vec<FieldError> {
        let mut out = crate::character::check_scenario(scenario, catalog);
        // ---- order of the turn, fatigue (§9, §10, §21.3)
        out.extend(crate::turn::surprise::check_scenario(scenario));
        out.extend(crate::turn::chase::check_scenario(scenario));
        out.extend(crate::turn::fatigue::check_scenario(scenario));
        out.extend(crate::microgravity::check_scenario(scenario, catalog));
        out.extend(crate::vacuum::check_scenario(scenario, catalog));
        // ---- after the battle (§19.3): what a practice combat is fought with.
        out.extend(crate::practice::check_scenario(scenario, catalog));
        // ---- the arena (§19.1): the entrance hexes are on the map, on open ground, each of
        // a side.
        out.extend(crate::escape::check_scenario(scenario, catalog));
        out
    }
}

/// Reads a damage expression as the tables write it: `NdS±M` with S = 6, or a plain number
/// (`4` hits). Returns (dice, adds). Spaces and the typographic minus are allowed.
pub fn parse_damage(text: &str) -> Option<(u8, i16)> {
    let t: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| if c == '–' || c == '−' { '-' } else { c })
        .collect();
    if let Ok(n) = t.parse::<i16>() {
        return (n >= 0).then_some((0, n));
    }
    let (dice, rest) = t.split_once("d6")?;
    let dice: u8 = if dice.is_empty() {
        1
    } else {
        dice.parse().ok()?
    };
    let adds: i16 = if rest.is_empty() {
        0
    } else if let Some(r) = rest.strip_prefix('+') {
        r.parse().ok()?
    } else if rest.starts_with('-') {
        rest.parse().ok()?
    } else {
        return None;
    };
    (dice > 0 && dice <= 30).then_some((dice, adds))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damage_expressions_read_as_the_tables_write_them() {
        assert_eq!(parse_damage("2d6-2"), Some((2, -2)));
        assert_eq!(parse_damage("3d6 – 1"), Some((3, -1)));
        assert_eq!(parse_damage("4d6 + 2"), Some((4, 2)));
        assert_eq!(parse_damage("1d6"), Some((1, 0)));
        assert_eq!(parse_damage("4"), Some((0, 4)));
        assert_eq!(parse_damage("2d8"), None);
        assert_eq!(parse_damage("See rules"), None);
    }
}
