//! What the sheet reads but never defines: damage codes, hit locations, weapons, armour and
//! cover materials (T3-CORE-05, T3-CORE-07, T3-CORE-08; GAPS T3-G04, T3-G05). The values
//! come from `data/tactical-3d6/`, where every entry says whether the sheet gave it (almost
//! nothing) or it was invented.

use serde::Serialize;
use std::fmt;

/// T3-CORE-05: the damage-type codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum DamageType {
    #[serde(rename = "pi-")]
    SmallPiercing,
    #[serde(rename = "pi")]
    Piercing,
    #[serde(rename = "pi+")]
    LargePiercing,
    #[serde(rename = "pi++")]
    HugePiercing,
    #[serde(rename = "imp")]
    Impaling,
    #[serde(rename = "cr")]
    Crushing,
    #[serde(rename = "cut")]
    Cutting,
    #[serde(rename = "burn")]
    Burning,
    #[serde(rename = "cor")]
    Corrosion,
    #[serde(rename = "fat")]
    Fatigue,
    #[serde(rename = "tox")]
    Toxic,
}

impl DamageType {
    pub const ALL: [DamageType; 11] = [
        DamageType::SmallPiercing,
        DamageType::Piercing,
        DamageType::LargePiercing,
        DamageType::HugePiercing,
        DamageType::Impaling,
        DamageType::Crushing,
        DamageType::Cutting,
        DamageType::Burning,
        DamageType::Corrosion,
        DamageType::Fatigue,
        DamageType::Toxic,
    ];

    pub fn code(self) -> &'static str {
        match self {
            DamageType::SmallPiercing => "pi-",
            DamageType::Piercing => "pi",
            DamageType::LargePiercing => "pi+",
            DamageType::HugePiercing => "pi++",
            DamageType::Impaling => "imp",
            DamageType::Crushing => "cr",
            DamageType::Cutting => "cut",
            DamageType::Burning => "burn",
            DamageType::Corrosion => "cor",
            DamageType::Fatigue => "fat",
            DamageType::Toxic => "tox",
        }
    }

    pub fn from_code(code: &str) -> Option<DamageType> {
        DamageType::ALL.into_iter().find(|t| t.code() == code)
    }

    /// Any size of piercing.
    pub fn is_piercing(self) -> bool {
        matches!(
            self,
            DamageType::SmallPiercing
                | DamageType::Piercing
                | DamageType::LargePiercing
                | DamageType::HugePiercing
        )
    }
}

impl fmt::Display for DamageType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A damage roll: `dice`d6 + `adds`, of a type, with an armour divisor (T3-DAMAGE-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Damage {
    pub dice: u8,
    pub adds: i8,
    pub kind: DamageType,
    /// 1 for none; (2) or (3) on the sheet, any value allowed (T3-G25).
    pub divisor: u8,
}

impl Damage {
    /// Reads the sheet's notation: `7d pi`, `2d+2 pi`, `3d(2) burn`, `1d-1 imp`.
    pub fn parse(text: &str) -> Result<Damage, String> {
        let t = text.trim();
        let (roll, kind) = t
            .rsplit_once(' ')
            .ok_or_else(|| format!("'{t}' needs dice and a type, as in '2d+1 cut'"))?;
        let kind = DamageType::from_code(kind.trim()).ok_or_else(|| {
            format!(
                "'{}' is not a damage type; use one of {}",
                kind.trim(),
                DamageType::ALL.map(|k| k.code()).join(", ")
            )
        })?;
        let roll = roll.trim();
        let (roll, divisor) = match roll.split_once('(') {
            Some((r, d)) => {
                let d = d
                    .strip_suffix(')')
                    .and_then(|d| d.parse::<u8>().ok())
                    .filter(|&d| d >= 1)
                    .ok_or_else(|| format!("'{roll}': an armour divisor is written (2)"))?;
                (r, d)
            }
            None => (roll, 1),
        };
        let (dice, adds) = roll
            .split_once('d')
            .ok_or_else(|| format!("'{roll}' is not a roll like 2d+1"))?;
        let dice: u8 = dice
            .parse()
            .ok()
            .filter(|&n| (1..=30).contains(&n))
            .ok_or_else(|| format!("'{roll}': the number of dice must be 1 to 30"))?;
        let adds: i8 = if adds.is_empty() {
            0
        } else {
            adds.parse()
                .ok()
                .filter(|a: &i8| (-30..=30).contains(a))
                .ok_or_else(|| format!("'{roll}': the adds must be a number such as +2 or -1"))?
        };
        Ok(Damage {
            dice,
            adds,
            kind,
            divisor,
        })
    }
}

impl fmt::Display for Damage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d", self.dice)?;
        if self.adds != 0 {
            write!(f, "{:+}", self.adds)?;
        }
        if self.divisor > 1 {
            write!(f, "({})", self.divisor)?;
        }
        write!(f, " {}", self.kind)
    }
}

/// T3-TAB-HITLOC's locations, with the sides note [3] and the aimed-at side (T3-G28) give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Location {
    Eye,
    Skull,
    Face,
    Neck,
    Torso,
    Vitals,
    Groin,
    RightArm,
    LeftArm,
    RightLeg,
    LeftLeg,
    RightHand,
    LeftHand,
    RightFoot,
    LeftFoot,
}

impl Location {
    pub const ALL: [Location; 15] = [
        Location::Torso,
        Location::Vitals,
        Location::Skull,
        Location::Eye,
        Location::Face,
        Location::Neck,
        Location::Groin,
        Location::RightArm,
        Location::LeftArm,
        Location::RightLeg,
        Location::LeftLeg,
        Location::RightHand,
        Location::LeftHand,
        Location::RightFoot,
        Location::LeftFoot,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Location::Eye => "eye",
            Location::Skull => "skull",
            Location::Face => "face",
            Location::Neck => "neck",
            Location::Torso => "torso",
            Location::Vitals => "vitals",
            Location::Groin => "groin",
            Location::RightArm => "right-arm",
            Location::LeftArm => "left-arm",
            Location::RightLeg => "right-leg",
            Location::LeftLeg => "left-leg",
            Location::RightHand => "right-hand",
            Location::LeftHand => "left-hand",
            Location::RightFoot => "right-foot",
            Location::LeftFoot => "left-foot",
        }
    }

    pub fn from_name(name: &str) -> Option<Location> {
        Location::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The armour group a location belongs to (`data/tactical-3d6/armor.toml` lists groups).
    pub fn group(self) -> &'static str {
        match self {
            Location::Eye => "eyes",
            Location::Skull => "skull",
            Location::Face => "face",
            Location::Neck => "neck",
            Location::Torso => "torso",
            Location::Vitals => "vitals",
            Location::Groin => "groin",
            Location::RightArm | Location::LeftArm => "arms",
            Location::RightLeg | Location::LeftLeg => "legs",
            Location::RightHand | Location::LeftHand => "hands",
            Location::RightFoot | Location::LeftFoot => "feet",
        }
    }

    pub fn is_limb(self) -> bool {
        matches!(
            self,
            Location::RightArm | Location::LeftArm | Location::RightLeg | Location::LeftLeg
        )
    }

    pub fn is_extremity(self) -> bool {
        matches!(
            self,
            Location::RightHand | Location::LeftHand | Location::RightFoot | Location::LeftFoot
        )
    }

    pub fn is_leg_or_foot(self) -> bool {
        matches!(
            self,
            Location::RightLeg | Location::LeftLeg | Location::RightFoot | Location::LeftFoot
        )
    }

    /// One bit per location, for sets of crippled or covered locations.
    pub fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The armour groups, in the order `Armor::dr` keeps them.
pub const ARMOR_GROUPS: [&str; 11] = [
    "eyes", "skull", "face", "neck", "torso", "vitals", "groin", "arms", "legs", "hands", "feet",
];

/// T3-CORE-07, T3-G04: a weapon record.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Weapon {
    pub id: String,
    pub name: String,
    /// The stat (skill) it is used with, e.g. `guns_rifle` or `broadsword`.
    pub skill: String,
    pub melee: bool,
    pub damage: Damage,
    /// Acc `X` of `X+Y` (T3-AIM-01).
    pub acc: i32,
    /// Y of `X+Y`, 0 without a scope (T3-AIM-03).
    pub scope: i32,
    pub adjustable_sight: bool,
    /// 1/2D in yards (T3-RANGE-02); 0 for melee.
    pub half_damage: u32,
    pub max_range: u32,
    pub rof: u32,
    /// Shotgun pellets per shell: 0, 9 or 13 (T3-SHOTGUN-02, T3-G20).
    pub pellets: u32,
    pub shots: u32,
    /// A negative number (T3-G09).
    pub bulk: i32,
    pub rcl: u32,
    /// The attack roll at or above which it malfunctions (T3-MALF-01); 19 for never.
    pub malf: u32,
    pub tl: u32,
    pub revolver: bool,
    pub sawn_off: bool,
    pub mounted: bool,
    pub laser: bool,
    pub aoe: bool,
    pub two_handed: bool,
    pub unbalanced: bool,
    /// Melee reach in yards (INVENTED field; the sheet only says "change target reach").
    pub reach: u32,
    /// Whether a melee weapon can parry (default true for melee).
    pub parry: bool,
    /// T3-DEFENSE-08: a parry with this skill retreats at +3.
    pub fencing: bool,
}

impl Weapon {
    pub fn is_shotgun(&self) -> bool {
        self.pellets > 0
    }
}

/// T3-CORE-08, T3-G05: armour, DR by group of locations.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Armor {
    pub id: String,
    pub name: String,
    pub dr: u32,
    /// Bits over [`ARMOR_GROUPS`].
    pub covers: u16,
}

impl Armor {
    pub fn covers(&self, loc: Location) -> bool {
        let g = ARMOR_GROUPS
            .iter()
            .position(|&g| g == loc.group())
            .expect("every location has a group");
        self.covers & (1 << g) != 0
    }
}

/// T3-DEFENSE-05: a shield or cloak, with its defense bonus (`db`, T3-G30).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Shield {
    pub id: String,
    pub name: String,
    /// `shield` or `cloak`: the skill a block uses (T3-DEFENSE-04).
    pub skill: String,
    pub db: i32,
}

/// T3-TAB-COVERDR: a cover material.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CoverMaterial {
    pub id: String,
    pub name: String,
    /// The typical cover DR.
    pub dr: u32,
    /// DR per cm, as tenths (the lower bound of the printed range, T3-G29).
    pub per_cm_tenths: u32,
    /// `*`: wears down under repeated attacks (T3-COVER-07).
    pub wears: bool,
    /// `**`: glass, destroyed when penetrated and transparent (T3-COVER-08).
    pub glass: bool,
}

/// A piece of gear to ready (T3-TAB-READY): a light item, a heavy one, a pill.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Item {
    pub id: String,
    pub name: String,
    /// The T3-TAB-READY row that readies it.
    pub task: crate::tables::ReadyTask,
    /// Weight in the same unit as BL (T3-READY-03).
    pub weight: u32,
}

/// A kind of ground on the map (`data/tactical-3d6/terrain.toml`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Terrain {
    pub id: String,
    pub name: String,
    pub blocks_sight: bool,
    pub blocks_movement: bool,
    /// T3-MOVE-03: no sprinting across it.
    pub difficult: bool,
    /// T3-COVER-*: the cover a figure in this hex fires from, an index into the cover
    /// materials, and its thickness in cm when known (T3-COVER-06).
    pub cover: Option<usize>,
    pub cover_cm: Option<u32>,
    /// T3-TAB-EXPOSURE: a firing slit.
    pub slit: bool,
    /// T3-BRACE-01: a solid surface a two-handed weapon can rest on.
    pub brace: bool,
    /// T3-FALL-05: a soft surface halves falling damage; a landing site's DR (2 to 10).
    pub soft: bool,
    pub landing_dr: u32,
    /// T3-FALL-03: a fluid a Swimming roll lands in safely.
    pub fluid: bool,
    /// A drawing hint for front ends (`open`, `wall`, `low-wall`, `water`, …).
    pub look: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damage_reads_the_sheets_notation_t3_core_05() {
        let d = Damage::parse("3d(2) burn").unwrap();
        assert_eq!(
            d,
            Damage {
                dice: 3,
                adds: 0,
                kind: DamageType::Burning,
                divisor: 2
            }
        );
        assert_eq!(d.to_string(), "3d(2) burn");
        assert_eq!(Damage::parse("1d-1 imp").unwrap().adds, -1);
        assert_eq!(Damage::parse("2d+2 pi+").unwrap().to_string(), "2d+2 pi+");
        assert!(Damage::parse("2d+2 zap").unwrap_err().contains("pi++"));
        assert!(Damage::parse("2d+2").is_err());
    }
}
