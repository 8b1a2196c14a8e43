//! From a loaded scenario file to a battle: the scenario's options, map, catalog entries and
//! units become a [`Setup`].

use crate::data::{FireMode, Reload, Stats, Weapon, WeaponKind};
use crate::options::{Options, OPTIONS};
use crate::resolve::{Cover, Darkness, Size};
use crate::setup::{Setup, UnitSetup};
use crate::state::{Field, Pos, Stance, Terrain};
use fireteam_scenario::{Entry, Loaded, Value};

/// The dice-pool scenario schema, here too under the path the command line registers it by.
pub use crate::schema::DicePoolSchema;

/// The default number of turns when a scenario sets no `max_rounds`.
pub const DEFAULT_MAX_TURNS: u32 = 12;

fn int(e: &Entry, field: &str, default: i64) -> i64 {
    e.int(field).unwrap_or(default)
}

fn weapon(e: &Entry) -> Weapon {
    let kind = match e.text("kind") {
        Some("melee") => WeaponKind::Melee,
        Some("grenade") => WeaponKind::Grenade,
        _ => WeaponKind::Firearm,
    };
    let modes = e
        .get("modes")
        .and_then(Value::as_list)
        .map(|l| {
            l.iter()
                .filter_map(|v| v.as_str().and_then(FireMode::parse))
                .collect()
        })
        .unwrap_or_default();
    let mut bands = [0u32; 4];
    if let Some(l) = e.get("range_bands").and_then(Value::as_list) {
        for (i, v) in l.iter().take(4).enumerate() {
            bands[i] = v.as_int().unwrap_or(0).clamp(0, i64::from(u32::MAX)) as u32;
        }
    }
    Weapon {
        id: e.id.clone(),
        name: e.name.clone().unwrap_or_else(|| e.id.clone()),
        kind,
        modes,
        dl: int(e, "dl", 1) as i32,
        clip: int(e, "clip", 0) as u32,
        reload: if e.text("reload") == Some("rounds") {
            Reload::Rounds
        } else {
            Reload::Clip
        },
        range_bands: bands,
        laser_sight: e.flag("laser_sight"),
        smart: e.flag("smart"),
        scope: int(e, "scope", 0) as u32,
        damage_radius: int(e, "damage_radius", 0) as u32,
        provenance: e.provenance.to_string(),
    }
}

fn terrain_from(e: &Entry) -> Terrain {
    let cover = int(e, "cover", 0);
    Terrain {
        name: e.id.clone(),
        // Full cover (DP-G16 (5)): the target cannot be attacked, so nothing sees through it.
        blocks_sight: e.flag("blocks_sight") || cover >= 100,
        blocks_movement: e.flag("blocks_movement"),
        move_cost: if e.flag("difficult") { 2 } else { 1 },
        cover: match cover {
            75.. => Cover::ThreeQuarters,
            50.. => Cover::Half,
            _ => Cover::None,
        },
        darkness: match e.text("darkness") {
            Some("total") => Darkness::Total,
            Some("partial") => Darkness::Partial,
            _ => Darkness::None,
        },
    }
}

/// The battle a loaded scenario describes.
pub fn setup(loaded: &Loaded) -> Setup {
    let sc = &loaded.scenario;
    let mut options = Options::default();
    for (name, _, _) in OPTIONS {
        options.set(name, sc.flag(name));
    }
    let mut terrain: Vec<Terrain> = Vec::new();
    let mut cells = Vec::with_capacity(sc.map.cells.len());
    for cell in &sc.map.cells {
        let i = match terrain.iter().position(|t| t.name == cell.terrain) {
            Some(i) => i,
            None => {
                terrain.push(
                    loaded
                        .catalog
                        .get(&cell.terrain)
                        .map_or_else(Terrain::open, terrain_from),
                );
                terrain.len() - 1
            }
        };
        cells.push(i as u8);
    }
    let mut weapons: Vec<Weapon> = Vec::new();
    let units = sc
        .units
        .iter()
        .map(|u| {
            let stat = |n: &str| u.stats.get(n).copied().unwrap_or(0) as i32;
            let ids = u
                .equipment
                .iter()
                .filter_map(|id| {
                    let e = loaded.catalog.get(id)?;
                    let i = match weapons.iter().position(|w| &w.id == id) {
                        Some(i) => i,
                        None => {
                            weapons.push(weapon(e));
                            weapons.len() - 1
                        }
                    };
                    Some(i as u16)
                })
                .collect();
            UnitSetup {
                name: u.name.clone(),
                side: u.side as u8,
                stats: Stats {
                    dexterity: stat("dexterity"),
                    firearms: stat("firearms"),
                    melee: stat("melee"),
                    throwing: stat("throwing"),
                    dodge: stat("dodge"),
                    pain_resistance: stat("pain_resistance"),
                    armor: stat("armor"),
                    wound_limit: u.stats.get("wound_limit").map_or(10, |v| *v as i32),
                },
                // DP-MOD-04: the target size, human unless the scenario says otherwise.
                size: match u.field("size").and_then(Value::as_str) {
                    Some("very-small") => Size::VerySmall,
                    Some("small") => Size::Small,
                    Some("large") => Size::Large,
                    Some("very-large") => Size::VeryLarge,
                    _ => Size::Human,
                },
                pos: Pos {
                    col: u.at.col as u16,
                    row: u.at.row as u16,
                },
                stance: if u.stance.as_deref() == Some("prone") {
                    Stance::Prone
                } else {
                    Stance::Standing
                },
                weapons: ids,
            }
        })
        .collect();
    Setup {
        options,
        field: Field {
            width: sc.map.width as u16,
            height: sc.map.height as u16,
            cells,
            terrain,
            ambient_darkness: Darkness::None,
            sight_cache: Default::default(),
            move_cache: Default::default(),
        },
        weapons,
        sides: sc.sides.iter().map(|s| s.name.clone()).collect(),
        units,
        max_turns: sc.max_rounds.unwrap_or(DEFAULT_MAX_TURNS),
    }
}
