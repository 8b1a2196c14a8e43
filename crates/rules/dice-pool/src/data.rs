//! Character and weapon data as the page reads them (DP-CORE-04, DP-CORE-05). The page defines
//! none of these values; their meaning follows DP-G03, DP-G04 and DP-G05.

use serde::Serialize;

/// A fighter's values (DP-CORE-04, DP-G03): non-negative integers, read as numbers of dice
/// except Dexterity, which is also a flat add for initiative (DP-INIT-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Stats {
    pub dexterity: i32,
    pub firearms: i32,
    pub melee: i32,
    pub throwing: i32,
    pub dodge: i32,
    pub pain_resistance: i32,
    /// Armor Level (DP-DAMAGE-02).
    pub armor: i32,
    /// INVENTED (DP-G06): wounds at which the fighter is out of action.
    pub wound_limit: i32,
}

/// Fire modes (DP-TAB-FIREMODES).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum FireMode {
    /// Single Shot: one shot per turn (DP-FIRE-01).
    SS,
    /// Semi Automatic: two shots per turn (DP-FIRE-02).
    SA,
    /// Full Automatic: two bursts per turn, −2 dice, DL +2 (DP-FIRE-03).
    FA,
}

impl FireMode {
    pub fn name(self) -> &'static str {
        match self {
            FireMode::SS => "SS",
            FireMode::SA => "SA",
            FireMode::FA => "FA",
        }
    }

    /// Shots (or bursts) per turn.
    pub fn shots(self) -> u8 {
        match self {
            FireMode::SS => 1,
            FireMode::SA | FireMode::FA => 2,
        }
    }

    pub fn parse(s: &str) -> Option<FireMode> {
        match s {
            "SS" => Some(FireMode::SS),
            "SA" => Some(FireMode::SA),
            "FA" => Some(FireMode::FA),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum WeaponKind {
    Firearm,
    Melee,
    Grenade,
}

/// How a firearm is reloaded (DP-RELOAD-01, DP-G20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Reload {
    /// A detachable clip, refilled completely.
    Clip,
    /// Loaded round by round, 5 per reload (an SS firearm).
    Rounds,
}

/// A weapon (DP-CORE-05). Catalog entries carry their provenance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Weapon {
    pub id: String,
    pub name: String,
    pub kind: WeaponKind,
    /// Allowed fire modes (DP-FIRE-04).
    pub modes: Vec<FireMode>,
    /// Damage Level, in dice (DP-G05).
    pub dl: i32,
    pub clip: u32,
    pub reload: Reload,
    /// Range-band limits in metres: short, medium, long, extreme (DP-G04).
    pub range_bands: [u32; 4],
    pub laser_sight: bool,
    pub smart: bool,
    /// Scope rating (DP-G13), 0 for none.
    pub scope: u32,
    /// Blast radius in metres for grenades (DP-G19).
    pub damage_radius: u32,
    /// Where the entry comes from: "book: DP-…" or "invented: DP GAPS Part D".
    pub provenance: String,
}

impl Weapon {
    pub fn allows(&self, mode: FireMode) -> bool {
        self.modes.contains(&mode)
    }
}

/// Range bands (DP-TAB-RANGE).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum Band {
    Short,
    Medium,
    Long,
    Extreme,
}

impl Band {
    /// DP-TAB-RANGE: the difficulty number of each band.
    pub fn difficulty(self) -> i64 {
        match self {
            Band::Short => 10,
            Band::Medium => 15,
            Band::Long => 20,
            Band::Extreme => 30,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Band::Short => "short",
            Band::Medium => "medium",
            Band::Long => "long",
            Band::Extreme => "extreme",
        }
    }

    fn from_index(i: usize) -> Band {
        [Band::Short, Band::Medium, Band::Long, Band::Extreme][i.min(3)]
    }

    fn index(self) -> usize {
        self as usize
    }

    /// Moves the band `steps` closer, never below Short (DP-SCOPE-01, DP-G13).
    pub fn closer(self, steps: u32) -> Band {
        Band::from_index(self.index().saturating_sub(steps as usize))
    }
}

/// The range band of a shot at `distance_m` metres (DP-SHOOT-02, DP-G04): `None` beyond the
/// extreme limit, where no shot is allowed.
pub fn band_of(bands: [u32; 4], distance_m: u32) -> Option<Band> {
    bands
        .iter()
        .position(|&limit| distance_m <= limit)
        .map(Band::from_index)
}

/// Invented sample data (dice-pool GAPS.md Part D), for tests and the built-in demo. Catalog
/// files in `data/dice-pool/` carry the same entries for scenarios.
pub mod sample {
    use super::*;

    const INVENTED: &str = "invented: dice-pool GAPS.md Part D";

    fn base(id: &str, name: &str, kind: WeaponKind, dl: i32) -> Weapon {
        Weapon {
            id: id.into(),
            name: name.into(),
            kind,
            modes: Vec::new(),
            dl,
            clip: 0,
            reload: Reload::Clip,
            range_bands: [0; 4],
            laser_sight: false,
            smart: false,
            scope: 0,
            damage_radius: 0,
            provenance: INVENTED.into(),
        }
    }

    fn firearm(
        id: &str,
        name: &str,
        modes: &[FireMode],
        dl: i32,
        clip: u32,
        bands: [u32; 4],
    ) -> Weapon {
        Weapon {
            modes: modes.to_vec(),
            clip,
            range_bands: bands,
            ..base(id, name, WeaponKind::Firearm, dl)
        }
    }

    pub fn pistol() -> Weapon {
        use FireMode::*;
        firearm("DP-PISTOL", "pistol", &[SS, SA], 3, 12, [10, 25, 50, 100])
    }

    pub fn revolver() -> Weapon {
        Weapon {
            reload: Reload::Rounds,
            ..firearm(
                "DP-REVOLVER",
                "revolver",
                &[FireMode::SS],
                4,
                6,
                [10, 25, 50, 100],
            )
        }
    }

    pub fn rifle() -> Weapon {
        use FireMode::*;
        Weapon {
            laser_sight: true,
            scope: 1,
            ..firearm(
                "DP-RIFLE",
                "rifle",
                &[SS, SA, FA],
                5,
                30,
                [50, 150, 300, 600],
            )
        }
    }

    pub fn smart_smg() -> Weapon {
        use FireMode::*;
        Weapon {
            smart: true,
            ..firearm(
                "DP-SMART-SMG",
                "smart SMG",
                &[SA, FA],
                3,
                40,
                [15, 40, 80, 150],
            )
        }
    }

    pub fn knife() -> Weapon {
        base("DP-KNIFE", "knife", WeaponKind::Melee, 2)
    }

    pub fn unarmed() -> Weapon {
        base("DP-UNARMED", "unarmed", WeaponKind::Melee, 1)
    }

    pub fn grenade() -> Weapon {
        Weapon {
            range_bands: [5, 10, 20, 30],
            damage_radius: 9,
            ..base("DP-GRENADE", "grenade", WeaponKind::Grenade, 6)
        }
    }

    pub fn anna() -> Stats {
        Stats {
            dexterity: 4,
            firearms: 5,
            melee: 3,
            throwing: 4,
            dodge: 2,
            pain_resistance: 3,
            armor: 1,
            wound_limit: 10,
        }
    }

    pub fn ben() -> Stats {
        Stats {
            dexterity: 2,
            firearms: 3,
            melee: 4,
            throwing: 2,
            dodge: 3,
            pain_resistance: 4,
            armor: 0,
            wound_limit: 10,
        }
    }

    pub fn cara() -> Stats {
        Stats {
            dexterity: 6,
            firearms: 6,
            melee: 2,
            throwing: 3,
            dodge: 4,
            pain_resistance: 2,
            armor: 2,
            wound_limit: 10,
        }
    }
}
