//! The rolls of dice-pool as pure functions of their inputs and a dice source: the attack pool
//! and its modifiers, the attack roll against a difficulty raised by defense dice, damage, and
//! the grenade's scatter and blast. The battle state machine calls these; so do the tests and
//! the odds command, through the enumerating source.

use crate::data::{Band, FireMode};
use crate::options::Options;
use fireteam_dice::{Dice, DiceSource, Key, Purpose, SourceError, SourceKind};
use fireteam_engine::{Modifier, RuleId};
use serde::Serialize;
use smallvec::SmallVec;

/// The faces of one pool, kept inline so a roll allocates nothing.
pub type Faces = SmallVec<[u8; 12]>;
/// The modifiers of one roll, kept inline for the same reason. Every modifier dice-pool knows
/// is a constant ([`MODS`]), so a roll holds references to them: its events stay small to
/// copy, and read (and serialise) as the modifiers themselves.
pub type Modifiers = SmallVec<[&'static Modifier; 10]>;

/// The sum of the applied modifiers.
pub fn total(mods: &Modifiers) -> i32 {
    mods.iter().filter(|m| m.applied).map(|m| m.value).sum()
}

const fn applied(
    id: &'static str,
    label: &'static str,
    value: i32,
    rule: &'static str,
) -> Modifier {
    Modifier {
        id,
        label,
        value,
        rule: RuleId(rule),
        applied: true,
        reason: None,
    }
}

const fn not_applied(
    id: &'static str,
    label: &'static str,
    value: i32,
    rule: &'static str,
    reason: &'static str,
) -> Modifier {
    Modifier {
        id,
        label,
        value,
        rule: RuleId(rule),
        applied: false,
        reason: Some(reason),
    }
}

/// Every modifier of a dice-pool roll, with its rule (DP-TAB-MODIFIERS and the rules it cites).
pub mod mods {
    use super::{applied, not_applied};
    use fireteam_engine::Modifier;

    pub static RUNNING: Modifier = applied("running", "Running", -1, "DP-MOVE-02");
    pub static CRAWLING: Modifier = applied("crawling", "Crawling", -1, "DP-MOVE-03");
    pub static STANDING_UP: Modifier = applied("standing-up", "Standing up", -1, "DP-MOVE-05");
    pub static STUNNED_AND_WOUNDED: Modifier = applied(
        "stunned-and-wounded",
        "Stunned and wounded",
        -2,
        "DP-MOD-03",
    );
    pub static STUNNED_OR_WOUNDED: Modifier =
        applied("stunned-or-wounded", "Stunned or Wounded", -1, "DP-MOD-03");
    pub static DRAWING_FAST: Modifier = not_applied(
        "drawing",
        "Drawing",
        -1,
        "DP-DRAW-01",
        "fast draw succeeded (DP-DRAW-02)",
    );
    pub static DRAWING: Modifier =
        applied("drawing", "Drawing (without fast draw)", -1, "DP-DRAW-01");
    pub static DARKNESS_PARTIAL: Modifier =
        applied("darkness-partial", "Darkness: partial", -1, "DP-MOD-04");
    pub static DARKNESS_TOTAL: Modifier =
        applied("darkness-total", "Darkness: total", -2, "DP-MOD-04");
    pub static COVER_50: Modifier = applied("cover-50", "Cover: 50%", -1, "DP-MOD-04");
    pub static COVER_75: Modifier = applied("cover-75", "Cover: 75%", -2, "DP-MOD-04");
    pub static SIZE_VERY_SMALL: Modifier = applied(
        "size-very-small",
        "Target size: very small",
        -2,
        "DP-MOD-04",
    );
    pub static SIZE_SMALL: Modifier = applied("size-small", "Target size: small", -1, "DP-MOD-04");
    pub static SIZE_LARGE: Modifier = applied("size-large", "Target size: large", 1, "DP-MOD-04");
    pub static SIZE_VERY_LARGE: Modifier =
        applied("size-very-large", "Target size: very large", 2, "DP-MOD-04");
    pub static LASER_SIGHT_AUTOFIRE: Modifier = not_applied(
        "laser-sight",
        "Using laser sight",
        1,
        "DP-MOD-02",
        "only for non-autofire attacks",
    );
    pub static LASER_SIGHT: Modifier = applied("laser-sight", "Using laser sight", 1, "DP-MOD-02");
    pub static SMART: Modifier = applied("smart-weapon", "Using smart weapon", 1, "DP-MOD-05");
    pub static AIMING: Modifier = applied("aiming", "Aiming", 2, "DP-AIM-01");
    pub static FULL_AUTO: Modifier = applied("full-auto", "Full automatic", -2, "DP-FIRE-03");
}

/// What the attacker did or suffers this turn that changes its pool (DP-MOD-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub enum Movement {
    #[default]
    None,
    Walk,
    Run,
    Crawl,
    FallProne,
    StandUp,
}

/// GM inputs for each attack (DP-MOD-04), ordered from least to most.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Serialize)]
pub enum Darkness {
    #[default]
    None,
    Partial,
    Total,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Serialize)]
pub enum Cover {
    #[default]
    None,
    Half,
    ThreeQuarters,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub enum Size {
    VerySmall,
    Small,
    #[default]
    Human,
    Large,
    VeryLarge,
}

/// The kind of attack, for which modifiers apply (DP-MOD-02, DP-G17).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum AttackKind {
    Shot(FireMode),
    Melee,
    Throw,
}

/// Everything the attack pool depends on besides the skill.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct PoolInputs {
    pub movement: Movement,
    pub stunned: bool,
    pub wounded: bool,
    /// Drawing this turn (DP-DRAW-01), and whether a fast draw succeeded (DP-DRAW-02).
    pub drawing: bool,
    pub fast_draw: bool,
    pub aiming: bool,
    pub darkness: Darkness,
    pub cover: Cover,
    pub size: Size,
    pub laser_sight: bool,
    pub smart: bool,
}

/// The movement penalty to "any skill use" this turn (DP-MOVE-02, -03, -05; DP-G16).
pub fn movement_modifier(movement: Movement) -> Option<&'static Modifier> {
    match movement {
        Movement::Run => Some(&mods::RUNNING),
        Movement::Crawl => Some(&mods::CRAWLING),
        Movement::StandUp => Some(&mods::STANDING_UP),
        Movement::None | Movement::Walk | Movement::FallProne => None,
    }
}

/// The stunned-or-wounded penalty (DP-MOD-03; stacking per DP-G06).
pub fn condition_modifier(
    stunned: bool,
    wounded: bool,
    opts: &Options,
) -> Option<&'static Modifier> {
    match (stunned, wounded) {
        (true, true) if opts.stun_and_wound_stack => Some(&mods::STUNNED_AND_WOUNDED),
        (false, false) => None,
        _ => Some(&mods::STUNNED_OR_WOUNDED),
    }
}

/// Every modifier to an attack pool, applied or not, with its rule (DP-MOD-01).
pub fn attack_modifiers(kind: AttackKind, p: &PoolInputs, opts: &Options) -> Modifiers {
    let mut m = Modifiers::new();
    m.extend(movement_modifier(p.movement));
    m.extend(condition_modifier(p.stunned, p.wounded, opts));
    if p.drawing {
        // DP-DRAW-02, DP-G11: a fast-draw success removes the −1, not the one-shot limit.
        m.push(if p.fast_draw {
            &mods::DRAWING_FAST
        } else {
            &mods::DRAWING
        });
    }
    match p.darkness {
        Darkness::None => {}
        Darkness::Partial => m.push(&mods::DARKNESS_PARTIAL),
        Darkness::Total => m.push(&mods::DARKNESS_TOTAL),
    }
    match p.cover {
        Cover::None => {}
        Cover::Half => m.push(&mods::COVER_50),
        Cover::ThreeQuarters => m.push(&mods::COVER_75),
    }
    match p.size {
        Size::Human => {}
        Size::VerySmall => m.push(&mods::SIZE_VERY_SMALL),
        Size::Small => m.push(&mods::SIZE_SMALL),
        Size::Large => m.push(&mods::SIZE_LARGE),
        Size::VeryLarge => m.push(&mods::SIZE_VERY_LARGE),
    }
    let ranged = matches!(kind, AttackKind::Shot(_));
    if p.laser_sight && ranged {
        // DP-MOD-02: the laser sight helps only attacks that are not autofire.
        m.push(if kind == AttackKind::Shot(FireMode::FA) {
            &mods::LASER_SIGHT_AUTOFIRE
        } else {
            &mods::LASER_SIGHT
        });
    }
    if p.smart && ranged {
        m.push(&mods::SMART);
    }
    if p.aiming && ranged {
        m.push(&mods::AIMING);
    }
    if kind == AttackKind::Shot(FireMode::FA) {
        m.push(&mods::FULL_AUTO);
    }
    m
}

/// Who rolls, for the words a person at the table reads ("Kit's attack dice"); formatted only
/// when someone reads it, so simulation pays nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct Who<'a> {
    /// The attacker or the roller.
    pub by: &'a str,
    /// The defender or the target.
    pub against: &'a str,
}

impl Who<'_> {
    /// No names: the purpose reads as its tag alone.
    pub const NONE: Who<'static> = Who {
        by: "",
        against: "",
    };
}

/// "Kit's attack dice against Ivo", or nothing without names.
struct Words<'a>(&'a str, &'a str, &'a str);

impl std::fmt::Display for Words<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Words(name, what, other) = *self;
        if name.is_empty() {
            return Ok(());
        }
        write!(f, "{name}'s {what}")?;
        if !other.is_empty() {
            write!(f, " against {other}")?;
        }
        Ok(())
    }
}

/// Rolls `n` d6 for a pool and sums them (DP-CORE-01, DP-CORE-02, DP-G01).
///
/// Only the sum matters to dice-pool, so the enumerating source is asked for the total and
/// branches on sums. Other sources are asked die by die ([`DiceSource::roll_each`], a dozen
/// dice at a time): the seeded and scripted sources give the same faces as one n-dice request,
/// and this needs no buffer on the heap. A person at the table is asked for the whole pool at
/// once.
pub fn roll_pool(
    dice: &mut dyn DiceSource,
    purpose: &Purpose<'_>,
    n: i32,
) -> Result<(i64, Faces), SourceError> {
    let mut faces = Faces::new();
    if n <= 0 {
        return Ok((0, faces));
    }
    let n = n as u32;
    match dice.kind() {
        SourceKind::Enumerating => Ok((dice.roll_total(purpose, Dice::new(n, 6))?, faces)),
        SourceKind::Manual => {
            let mut v = Vec::with_capacity(n as usize);
            dice.roll_into(purpose, Dice::new(n, 6), &mut v)?;
            faces.extend(v.iter().map(|&f| f as u8));
            Ok((v.iter().map(|&f| i64::from(f)).sum(), faces))
        }
        SourceKind::Seeded | SourceKind::Scripted => {
            let (mut total, mut left) = (0, n as usize);
            let mut rolled = [0u32; 12];
            while left > 0 {
                let some = &mut rolled[..left.min(12)];
                dice.roll_each(purpose, 6, some)?;
                faces.extend(some.iter().map(|&f| f as u8));
                total += some.iter().map(|&f| i64::from(f)).sum::<i64>();
                left -= some.len();
            }
            Ok((total, faces))
        }
    }
}

/// One attack roll with everything a GM or a replay viewer needs to show it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AttackRoll {
    pub skill: i32,
    pub modifiers: Modifiers,
    /// The dice rolled: skill plus the applied modifiers.
    pub pool: i32,
    /// The difficulty before defense dice (DP-TAB-RANGE, or 10 in melee).
    pub base_difficulty: i64,
    /// Dodge or parry dice assigned by the defender (DP-DODGE-02, DP-MELEE-03).
    pub defense_dice: i32,
    pub defense_faces: Faces,
    pub defense_total: i64,
    /// base + defense total (DP-DODGE-03).
    pub difficulty: i64,
    pub faces: Faces,
    pub total: i64,
    /// A pool of 0 or fewer dice fails with no roll (DP-G15).
    pub automatic_failure: bool,
    pub hit: bool,
}

/// Rolls an attack: the defender's dice first (they raise the difficulty), then the pool
/// (DP-SHOOT-01, DP-DODGE-03, DP-MELEE-01/03, DP-GRENADE-01/04/05). Success is total ≥
/// difficulty, or > with `dp.strictly_greater` (DP-G02).
pub fn roll_attack(
    dice: &mut dyn DiceSource,
    who: Who<'_>,
    skill: i32,
    modifiers: Modifiers,
    base_difficulty: i64,
    defense_dice: i32,
    opts: &Options,
) -> Result<AttackRoll, SourceError> {
    let pool = Pool {
        words: "attack dice",
        skill,
        modifiers,
        base_difficulty,
        defense_dice,
    };
    roll_pool_against(dice, who, pool, opts)
}

/// A pool rolled against a difficulty: what the person rolling reads it as ("attack dice",
/// "fast-draw dice"), its skill and modifiers, and the difficulty before defense dice.
struct Pool<'a> {
    words: &'a str,
    skill: i32,
    modifiers: Modifiers,
    base_difficulty: i64,
    defense_dice: i32,
}

fn roll_pool_against(
    dice: &mut dyn DiceSource,
    who: Who<'_>,
    pool: Pool<'_>,
    opts: &Options,
) -> Result<AttackRoll, SourceError> {
    let Pool {
        words: what,
        skill,
        modifiers,
        base_difficulty,
        defense_dice,
    } = pool;
    let pool = skill + total(&modifiers);
    let since = dice.mark();
    let defense_words = Words(who.against, "defense dice", who.by);
    let (defense_total, defense_faces) = roll_pool(
        dice,
        &Purpose::with_detail("defense", &defense_words),
        defense_dice,
    )?;
    let difficulty = base_difficulty + defense_total;
    let automatic_failure = pool <= 0;
    let (total, faces) = if automatic_failure {
        (0, Faces::new())
    } else {
        let words = Words(who.by, what, who.against);
        // The tag stays "attack": the estimator forces its faces by it.
        roll_pool(dice, &Purpose::with_detail("attack", &words), pool)?
    };
    let hit = !automatic_failure
        && if opts.strictly_greater {
            total > difficulty
        } else {
            total >= difficulty
        };
    // The exact odds: every caller reads the roll only for `hit` (the rest goes into events
    // that `apply` reads for `hit` alone), so the totals that hit, and those that miss, merge.
    dice.checkpoint(since, &Key(("attack", hit)))?;
    Ok(AttackRoll {
        skill,
        modifiers,
        pool,
        base_difficulty,
        defense_dice,
        defense_faces,
        defense_total,
        difficulty,
        faces,
        total,
        automatic_failure,
        hit,
    })
}

/// The result of a damage roll (DP-DAMAGE-01): every hit stuns for the round (DP-G07), and
/// PR < DL also wounds by the difference (DP-G22).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DamageRoll {
    pub dl_dice: i32,
    pub dl_faces: Faces,
    pub dl_total: i64,
    /// Pain Resistance dice, plus Armor Level dice by default (DP-DAMAGE-02, DP-G05).
    pub pr_dice: i32,
    pub pr_faces: Faces,
    /// The PR total, including flat armor under `dp.armor_flat`.
    pub pr_total: i64,
    pub wounds: i64,
}

/// Rolls Damage Level against Pain Resistance plus armor (DP-DAMAGE-01, -02, -03).
pub fn roll_damage(
    dice: &mut dyn DiceSource,
    who: Who<'_>,
    dl: i32,
    pain_resistance: i32,
    armor: i32,
    opts: &Options,
) -> Result<DamageRoll, SourceError> {
    let since = dice.mark();
    let dl_words = Words(who.by, "damage dice", who.against);
    let (dl_total, dl_faces) = roll_pool(dice, &Purpose::with_detail("damage", &dl_words), dl)?;
    let pr_dice = if opts.armor_flat {
        pain_resistance
    } else {
        pain_resistance + armor
    };
    let pr_words = Words(who.against, "pain resistance and armor dice", "");
    let (mut pr_total, pr_faces) = roll_pool(
        dice,
        &Purpose::with_detail("pain-resistance", &pr_words),
        pr_dice,
    )?;
    if opts.armor_flat {
        pr_total += i64::from(armor);
    }
    let wounds = (dl_total - pr_total).max(0);
    // The exact odds: callers and `apply` read the roll only for its wounds.
    dice.checkpoint(since, &Key(("damage", wounds)))?;
    Ok(DamageRoll {
        dl_dice: dl,
        dl_faces,
        dl_total,
        pr_dice,
        pr_faces,
        pr_total,
        wounds,
    })
}

/// The Damage Level of an attack: the weapon's, +2 dice on full auto (DP-FIRE-03, DP-DAMAGE-03).
pub fn damage_level(weapon_dl: i32, kind: AttackKind) -> i32 {
    if kind == AttackKind::Shot(FireMode::FA) {
        weapon_dl + 2
    } else {
        weapon_dl
    }
}

/// Where a missed throw lands relative to the aim point (DP-GRENADE-02, DP-G18): 1D6 metres in
/// one of six directions, 1 forward (away from the thrower) … 4 backward, clockwise 60° apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Scatter {
    pub distance_m: i64,
    /// The direction face 1..=6.
    pub direction: i64,
}

pub fn roll_scatter(dice: &mut dyn DiceSource) -> Result<Scatter, SourceError> {
    let distance_m = dice.roll_total(&Purpose::new("scatter-distance"), Dice::new(1, 6))?;
    let direction = dice.roll_total(&Purpose::new("scatter-direction"), Dice::new(1, 6))?;
    Ok(Scatter {
        distance_m,
        direction,
    })
}

/// The difficulty of a blast against a target `distance_m` from the burst (DP-G19): within R/3
/// short, 2R/3 medium, R long; outside R untouched (`None`).
pub fn blast_band(radius_m: u32, distance_m: u32) -> Option<Band> {
    let (d, r) = (u64::from(distance_m) * 3, u64::from(radius_m));
    if d <= r {
        Some(Band::Short)
    } else if d <= 2 * r {
        Some(Band::Medium)
    } else if d <= 3 * r {
        Some(Band::Long)
    } else {
        None
    }
}

/// The dice of a grenade's explosion attack (DP-GRENADE-04).
pub const BLAST_DICE: i32 = 4;

/// Initiative: 1D6 + Dexterity (DP-INIT-01); 10 or more earns an extra action (DP-INIT-04).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Initiative {
    pub die: i64,
    pub dexterity: i32,
    pub total: i64,
    pub extra_action: bool,
}

pub fn roll_initiative(
    dice: &mut dyn DiceSource,
    who: Who<'_>,
    dexterity: i32,
) -> Result<Initiative, SourceError> {
    let words = Words(who.by, "initiative die", "");
    let die = dice.roll_total(&Purpose::with_detail("initiative", &words), Dice::new(1, 6))?;
    let total = die + i64::from(dexterity);
    Ok(Initiative {
        die,
        dexterity,
        total,
        extra_action: total >= 10,
    })
}

/// The fast draw: Dexterity dice against 10, with this turn's penalties (DP-DRAW-02, DP-G11).
pub fn roll_fast_draw(
    dice: &mut dyn DiceSource,
    who: Who<'_>,
    dexterity: i32,
    movement: Movement,
    stunned: bool,
    wounded: bool,
    opts: &Options,
) -> Result<AttackRoll, SourceError> {
    let mut mods = Modifiers::new();
    mods.extend(movement_modifier(movement));
    mods.extend(condition_modifier(stunned, wounded, opts));
    let pool = Pool {
        words: "fast-draw dice",
        skill: dexterity,
        modifiers: mods,
        base_difficulty: 10,
        defense_dice: 0,
    };
    roll_pool_against(dice, who, pool, opts)
}
