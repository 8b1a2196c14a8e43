//! The catalog as the engine reads it: weapons (SK-13-T1, SK-16.7-T1, GAPS §C), armor
//! (SK-14.1-T1) and terrain (SK-17), plus the battle's fixed conditions. Built once per
//! scenario and shared by every state of the battle.

use crate::options::Options;
use crate::progression::{Damage, StrColumn};
use serde::Serialize;

/// How a weapon attacks (SK-12-a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    Melee,
    Thrown,
    Missile,
    Grenade,
}

/// Weapon length (SK-13.4-a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Length {
    Short,
    Medium,
    Long,
}

/// The grenade types that have rules (SK-16.12, G-51).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GrenadeKind {
    He,
    Smoke,
    TearGas,
    Molotov,
    Incendiary,
    /// Anti-laser smoke (SK-16.8-d, SK-17.4-d): the book names the smoke, not the grenade.
    AntiLaser,
}

/// Shotgun loads (SK-16.7-b/c).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Spread {
    Wide,
    Narrow,
    Slug,
}

/// How damage splits under the optional nonlethal rules (SK-21.3-b).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackType {
    #[default]
    Damaging,
    Bludgeoning,
    Stunning,
    Shock,
}

/// One weapon of the catalog.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Weapon {
    pub id: String,
    pub name: String,
    pub class: Class,
    /// Fixed damage, when the table gives one.
    pub damage: Option<Damage>,
    /// G-05: the two-handed grip's damage.
    pub damage_two_handed: Option<Damage>,
    /// SK-16.15.1-T1: damage read from the STR table instead.
    pub str_table: Option<StrColumn>,
    pub str_min: Option<i16>,
    pub str_one_handed: Option<i16>,
    pub length: Length,
    pub hands: u8,
    /// A melee weapon the table marks "Thrown".
    pub throwable: bool,
    /// The skill stat that covers it; `None`: no skill needed (SK-6-b).
    pub skill: Option<String>,
    /// The skill's bit (crate::skills), 0 without a skill.
    pub skill_bit: u64,
    pub group: Option<String>,
    pub energy: bool,
    /// A laser (SK-16.8-d/e, SK-17.4-b/d): the energy weapons smoke weakens.
    pub laser: bool,
    pub gas_action: bool,
    pub cutting: bool,
    /// Single shots per turn (SK-12-c); 1 for everything that fires once.
    pub shots: u8,
    /// Three-round bursts per turn (SK-16.6-b).
    pub bursts: u8,
    /// Rounds per turn on full automatic (SK-16.6-b).
    pub auto: u8,
    /// Magazine size (G-73); 0: no ammunition tracked.
    pub rounds: u16,
    pub spread: Option<Spread>,
    pub effective_range: Option<u32>,
    pub grenade: Option<GrenadeKind>,
    pub stun: bool,
    pub attack_type: AttackType,
    /// SK-16.11-b: a weapon on fire (the burning torch): +2 damage, and it may set a highly
    /// flammable target alight (SK-16.11-c).
    pub flaming: bool,
    pub provenance: String,
    // ---- weapons and melee (§6.5.3, §16.1)
    /// SK-6.5.3-a: weapon ids or groups it makes a combination with (sword and dagger, …).
    pub combination: Vec<String>,
    /// SK-16.1-e, G-40: an unbalanced improvised item's DEX penalty (GM input; 0 by default).
    pub dex_penalty: i16,
    /// SK-16.1-e, G-40: when an improvised item breaks (GM input; never by default).
    pub breaks: Breaks,
    /// SK-16.10-d, G-50: a weapon that Defends against this one is broken as a weapon (the
    /// mono-filament and plasma swords).
    pub breaks_parries: bool,
    // ---- after the battle (§19.2, §19.3)
    /// The catalog's price and reload price in credits, if it gives them (SK-19.2-b resale).
    pub cost: Option<u32>,
    pub reload_cost: Option<u32>,
    /// SK-19.3-a: a practice weapon: no damage; its hits are recorded (SK-19.3-b).
    pub practice: bool,
}

/// When a weapon breaks besides an 18 (SK-16.1-e, G-40).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Breaks {
    #[default]
    Never,
    /// On any attack that hits.
    OnHit,
    /// On any attack with it, hit or miss.
    OnUse,
}

impl Weapon {
    /// A club breaks only on its second 18 (SK-12.1-f).
    pub fn is_club(&self) -> bool {
        self.group.as_deref() == Some("club")
    }

    pub fn is_group(&self, g: &str) -> bool {
        self.group.as_deref() == Some(g)
    }

    /// SK-15.1-a, G-48: a melee weapon with a battery (`rounds`, counted in combat turns): the
    /// mono-filament and plasma swords.
    pub fn battery_sword(&self) -> bool {
        self.class == Class::Melee && self.rounds > 0
    }

    /// SK-15.1-a: the weapon runs on batteries: an energy weapon with a battery (in dice of
    /// output, G-48), or a battery sword (in combat turns).
    pub fn on_battery(&self) -> bool {
        self.rounds > 0 && (self.energy || self.battery_sword())
    }

    /// Missile and thrown attacks are "ranged": Dodge works against them (SK-11.4-a).
    pub fn ranged(&self) -> bool {
        matches!(self.class, Class::Missile | Class::Thrown)
    }

    /// Muscle-powered weapons lose damage for missing STR (G-35).
    pub fn muscle_powered(&self) -> bool {
        match self.class {
            Class::Melee | Class::Thrown => true,
            Class::Missile => matches!(
                self.group.as_deref(),
                Some("bow") | Some("crossbow") | Some("sling")
            ),
            Class::Grenade => false,
        }
    }
}

/// Where a piece of armor protects (SK-14.1-c/g/h).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ArmorKind {
    Body,
    Vest,
    Jacket,
    Helmet,
    Shield,
    Backpack,
    Parry,
    Suit,
    Shielding,
    EnergyShield,
}

/// The three kinds of energy shield (SK-14.3-f).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EnergyShieldKind {
    /// Stops shots fired into the field and out of it.
    ForceField,
    /// Stops shots fired into the field from outside.
    Deflector,
    /// Sends a shot fired into the field back to its firer at half damage.
    Reflector,
}

impl EnergyShieldKind {
    pub fn name(self) -> &'static str {
        match self {
            EnergyShieldKind::ForceField => "Force Field",
            EnergyShieldKind::Deflector => "Deflector",
            EnergyShieldKind::Reflector => "Reflector",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Armor {
    pub id: String,
    pub name: String,
    pub kind: ArmorKind,
    pub defense: i16,
    pub dex_penalty: i16,
    pub mov_penalty: i16,
    pub r_factor: u8,
    /// SK-16.11-i: medieval-type armor (cloth, leather, plate) protects at half its value when
    /// the wearer is immolated or inside a burning hex, unless fireproofed.
    pub medieval: bool,
    pub fireproof: bool,
    /// An energy shield's kind (SK-14.3-f); `None` for everything else.
    pub shield_type: Option<EnergyShieldKind>,
    pub provenance: String,
    // ---- vacuum (§17.11)
    /// SK-17.11-a/c/d: a sealed suit (the spacesuit): it keeps out vacuum and hostile
    /// atmospheres, and a hit through it makes a leak.
    pub sealed: bool,
    // ---- after the battle (§19.2, §21.7)
    /// The catalog's price in credits, if it gives one (SK-19.2-b resale).
    pub cost: Option<u32>,
    /// SK-21.7-b GM input: an armorer's price for a full repair.
    pub repair_cost: Option<u32>,
}

/// Miscellaneous items (SK-15.2-a). The book gives them no stats; what each one does is in the
/// rule that names it, and a figure carries them as a bit mask ([`ItemKind::bit`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ItemKind {
    /// Rope, 10 m (SK-6.4.1-c climbing, SK-10.3-b deep pits).
    Rope,
    /// SK-17.5-c: lifts darkness for 3 MH where it points.
    Flashlight,
    /// One use; counts as a one-handed weapon for carrying (SK-16.12-l).
    Extinguisher,
    /// SK-16.12-v: protects against tear gas, −1 DEX.
    GasMask,
    /// SK-17.10-k: a tether in microgravity.
    Tether,
    /// SK-21.6-d: a visor against energy-weapon flashes.
    Visor,
    /// SK-21.6-d: flash goggles.
    FlashGoggles,
    /// SK-15.1-b: as much energy as two batteries; counts as a weapon for carrying.
    BatteryPack,
    /// SK-6.5.1-a: a medic needs one to heal.
    MedicalKit,
    /// SK-15.2-a: sandbags (½ m) and entrenching tools; no rule in battle.
    Sandbags,
    EntrenchingTools,
}

impl ItemKind {
    pub const ALL: [ItemKind; 11] = [
        ItemKind::Rope,
        ItemKind::Flashlight,
        ItemKind::Extinguisher,
        ItemKind::GasMask,
        ItemKind::Tether,
        ItemKind::Visor,
        ItemKind::FlashGoggles,
        ItemKind::BatteryPack,
        ItemKind::MedicalKit,
        ItemKind::Sandbags,
        ItemKind::EntrenchingTools,
    ];

    /// The catalog's `kind` value.
    pub fn id(self) -> &'static str {
        match self {
            ItemKind::Rope => "rope",
            ItemKind::Flashlight => "flashlight",
            ItemKind::Extinguisher => "extinguisher",
            ItemKind::GasMask => "gas_mask",
            ItemKind::Tether => "tether",
            ItemKind::Visor => "visor",
            ItemKind::FlashGoggles => "flash_goggles",
            ItemKind::BatteryPack => "battery_pack",
            ItemKind::MedicalKit => "medical_kit",
            ItemKind::Sandbags => "sandbags",
            ItemKind::EntrenchingTools => "entrenching_tools",
        }
    }

    pub fn from_id(id: &str) -> Option<ItemKind> {
        ItemKind::ALL.into_iter().find(|k| k.id() == id)
    }

    /// The figure's bit for this kind ([`crate::state::Figure::items`]).
    pub fn bit(self) -> u16 {
        1 << self as u16
    }
}

/// Wall heights (SK-17.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Wall {
    None,
    Half,
    One,
    Two,
    High,
}

/// Footing and depth effects (SK-17.1 … SK-17.3, SK-17.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Footing {
    Firm,
    /// Broken ground and everything the book treats as it (SK-17.1-a, 17.2-a, 17.3-a).
    Broken,
    Ice,
}

/// One kind of map terrain.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Terrain {
    pub id: String,
    pub footing: Footing,
    pub wall: Wall,
    pub smoke: bool,
    pub dark: bool,
    /// MOV divisor and cut from water, mud and snow (SK-17.2-a, SK-17.3-a).
    pub mov_halved: bool,
    pub mov_quartered: bool,
    pub mov_cut: i16,
    pub deep_water: bool,
    pub handhold: bool,
    pub blocks_movement: bool,
    pub blocks_sight: bool,
    // ---- pits and jumping (SK-10.2, SK-10.3, SK-17.8)
    /// A pit or hole this many decimetres deep (0: none). The depth is map data, a GM input
    /// (G-57); the catalog gives it in metres (`pit_depth`).
    pub pit_dm: u16,
    /// SK-16.11-g GM input: the hex burns (or has burned down to hot coals) all battle.
    pub fire: Option<HexFire>,
}

/// A §16.11 burning hex set by the scenario (terrain `fire`, SK-16.11-g).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HexFire {
    Burning,
    /// Burned down to hot coals: +1d6 (SK-16.11-g).
    Coals,
}

impl Terrain {
    pub fn open(id: &str) -> Self {
        Terrain {
            id: id.to_string(),
            footing: Footing::Firm,
            wall: Wall::None,
            smoke: false,
            dark: false,
            mov_halved: false,
            mov_quartered: false,
            mov_cut: 0,
            deep_water: false,
            handhold: false,
            blocks_movement: false,
            blocks_sight: false,
            pit_dm: 0,
            fire: None,
        }
    }

    /// Cannot be entered by an ordinary step: a wall of 1 m or more, a pit 1 m deep or more
    /// (SK-17.7-f, SK-17.8-a: those are jumped, or climbed down into), or anything that blocks
    /// movement.
    pub fn impassable(&self) -> bool {
        self.blocks_movement || self.wall >= Wall::One || self.pit_dm >= 10
    }

    // ---- pits and jumping (SK-10.2, SK-17.7-f, SK-17.8-a)
    /// Crossed only by a jump (SK-10.2-a): a 1 m wall (SK-17.7-f; higher walls cannot be
    /// jumped) or a pit 1 m deep or more (SK-17.8-a).
    pub fn must_jump(&self) -> bool {
        !self.blocks_movement && (self.wall == Wall::One || self.pit_dm >= 10)
    }

    /// A pit or hole 1 m deep or more (SK-17.8-a).
    pub fn is_pit(&self) -> bool {
        self.pit_dm >= 10
    }

    /// A pit over 2 m deep (SK-10.2-c, SK-10.3-b/c).
    pub fn deep_pit(&self) -> bool {
        self.pit_dm > 20
    }

    /// SK-17.8-a: a pit protects those in it as a wall of its depth would (½ m, 1 m, 2 m;
    /// over 2 m the deep-pit rule SK-10.3-c applies instead).
    pub fn pit_wall(&self) -> Wall {
        match self.pit_dm {
            0..=4 => Wall::None,
            5..=9 => Wall::Half,
            10..=19 => Wall::One,
            20 => Wall::Two,
            _ => Wall::High,
        }
    }
}

/// Everything fixed for a battle: the options, the catalog entries in play and the map.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rules {
    pub options: Options,
    pub weapons: Vec<Weapon>,
    pub armor: Vec<Armor>,
    pub terrain: Vec<Terrain>,
    pub width: u16,
    pub height: u16,
    /// Terrain index per cell, row-major.
    pub cells: Vec<u8>,
    pub side_names: Vec<String>,
    /// The figures' names, by index.
    pub names: Vec<String>,
    pub max_turns: u32,
    /// The scenario's seed (or 1): the seed `odds --action` plays its opening with.
    pub seed: u64,
    // ---- weapons and melee (§16.3)
    /// The bayonets the battle's knives and rifles make (SK-16.3, G-06).
    pub bayonets: Vec<BayonetPair>,
    // ---- after the battle (§15.1, §19.2)
    /// What the aftermath reads beyond the weapons and armor: the items' names and prices and
    /// each figure's backpack ([`crate::aftermath::Terms`]).
    pub aftermath: crate::aftermath::Terms,
    // ---- the arena (§19.1)
    /// SK-19.1-b GM input (`[map] escape`): each entrance hex and the side (0-based) that may
    /// escape through it, in the scenario's order.
    pub escape: Vec<(crate::state::Pos, u8)>,
    /// The map as the movement search reads it ([`crate::geometry::HexTable`]), built from
    /// the fields above by `setup`.
    #[serde(skip)]
    pub hexes: crate::geometry::HexTable,
}

/// A knife fixed to a rifle (SK-16.3-a, G-06): the weapon indexes of the knife, the rifle, and
/// the bayonet weapon made of the two (`attack::bayonet::make`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BayonetPair {
    pub knife: u16,
    pub rifle: u16,
    pub weapon: u16,
}

impl Rules {
    pub fn terrain_at(&self, col: i32, row: i32) -> Option<&Terrain> {
        if col < 0 || row < 0 || col >= i32::from(self.width) || row >= i32::from(self.height) {
            return None;
        }
        let i = row as usize * usize::from(self.width) + col as usize;
        self.terrain.get(usize::from(self.cells[i]))
    }
}
