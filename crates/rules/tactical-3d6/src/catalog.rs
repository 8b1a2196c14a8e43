//! A loaded catalog (checked by [`crate::schema::Tactical3d6Schema`]) → the [`crate::data`]
//! records the rules read: weapons (T3-G04), armour (T3-G05), shields and cloaks (T3-G30),
//! cover materials (T3-TAB-COVERDR), gear (T3-TAB-READY) and terrain. Each list is in id order;
//! a terrain's `cover` becomes an index into `cover`.

use crate::data::{Armor, CoverMaterial, Damage, Item, Shield, Terrain, Weapon, ARMOR_GROUPS};
use crate::tables::ReadyTask;
use fireteam_scenario::{Catalog, Entry, Value};

/// Every record of a catalog, by kind, each list in id order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Catalogs {
    pub weapons: Vec<Weapon>,
    pub armor: Vec<Armor>,
    pub shields: Vec<Shield>,
    pub cover: Vec<CoverMaterial>,
    pub items: Vec<Item>,
    pub terrain: Vec<Terrain>,
}

/// Where an id is in [`Catalogs`]: its kind and its place in that kind's list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Index {
    Weapon(usize),
    Armor(usize),
    Shield(usize),
    Cover(usize),
    Item(usize),
    Terrain(usize),
}

/// The records of a checked catalog. Entries the schema admitted always read; defaults for
/// absent fields: scope 0, flags false, Malf 19 (never), reach 1, parry for melee weapons,
/// DR per cm the low end of the printed range (T3-G29).
pub fn read(catalog: &Catalog) -> Catalogs {
    let mut cats = Catalogs::default();
    let mut terrain_cover: Vec<Option<String>> = Vec::new();
    for e in catalog.entries() {
        match e.kind.as_str() {
            "weapon" => {
                if let Some(w) = weapon(e) {
                    cats.weapons.push(w);
                }
            }
            "armor" => cats.armor.push(armor(e)),
            "shield" => cats.shields.push(Shield {
                id: e.id.clone(),
                name: name(e),
                skill: e.text("skill").unwrap_or("shield").to_string(),
                db: int(e, "db", 0) as i32,
            }),
            "cover" => cats.cover.push(cover(e)),
            "item" => {
                if let Some(task) = e.text("task").and_then(ReadyTask::from_name) {
                    cats.items.push(Item {
                        id: e.id.clone(),
                        name: name(e),
                        task,
                        weight: uint(e, "weight", 0),
                    });
                }
            }
            "terrain" => {
                terrain_cover.push(e.text("cover").map(str::to_string));
                cats.terrain.push(terrain(e));
            }
            _ => {}
        }
    }
    for (t, cover) in cats.terrain.iter_mut().zip(terrain_cover) {
        t.cover = cover.and_then(|id| cats.cover.iter().position(|c| c.id == id));
    }
    cats
}

impl Catalogs {
    /// The kind and place of an id.
    pub fn index(&self, id: &str) -> Option<Index> {
        self.weapon_index(id)
            .map(Index::Weapon)
            .or_else(|| self.armor_index(id).map(Index::Armor))
            .or_else(|| self.shield_index(id).map(Index::Shield))
            .or_else(|| self.cover_index(id).map(Index::Cover))
            .or_else(|| self.item_index(id).map(Index::Item))
            .or_else(|| self.terrain_index(id).map(Index::Terrain))
    }

    pub fn weapon_index(&self, id: &str) -> Option<usize> {
        self.weapons.iter().position(|w| w.id == id)
    }

    pub fn armor_index(&self, id: &str) -> Option<usize> {
        self.armor.iter().position(|a| a.id == id)
    }

    pub fn shield_index(&self, id: &str) -> Option<usize> {
        self.shields.iter().position(|s| s.id == id)
    }

    pub fn cover_index(&self, id: &str) -> Option<usize> {
        self.cover.iter().position(|c| c.id == id)
    }

    pub fn item_index(&self, id: &str) -> Option<usize> {
        self.items.iter().position(|i| i.id == id)
    }

    pub fn terrain_index(&self, id: &str) -> Option<usize> {
        self.terrain.iter().position(|t| t.id == id)
    }

    pub fn weapon(&self, id: &str) -> Option<&Weapon> {
        self.weapons.iter().find(|w| w.id == id)
    }

    pub fn armor(&self, id: &str) -> Option<&Armor> {
        self.armor.iter().find(|a| a.id == id)
    }

    pub fn shield(&self, id: &str) -> Option<&Shield> {
        self.shields.iter().find(|s| s.id == id)
    }

    pub fn cover(&self, id: &str) -> Option<&CoverMaterial> {
        self.cover.iter().find(|c| c.id == id)
    }

    pub fn item(&self, id: &str) -> Option<&Item> {
        self.items.iter().find(|i| i.id == id)
    }

    pub fn terrain(&self, id: &str) -> Option<&Terrain> {
        self.terrain.iter().find(|t| t.id == id)
    }
}

fn name(e: &Entry) -> String {
    e.name.clone().unwrap_or_else(|| e.id.clone())
}

fn int(e: &Entry, field: &str, default: i64) -> i64 {
    e.int(field).unwrap_or(default)
}

fn uint(e: &Entry, field: &str, default: u32) -> u32 {
    e.int(field)
        .map_or(default, |v| v.clamp(0, i64::from(u32::MAX)) as u32)
}

/// T3-G04. `None` only for an entry the schema would have refused (bad damage).
fn weapon(e: &Entry) -> Option<Weapon> {
    let melee = e.text("kind") == Some("melee");
    Some(Weapon {
        id: e.id.clone(),
        name: name(e),
        skill: e.text("skill").unwrap_or_default().to_string(),
        melee,
        damage: Damage::parse(e.text("damage")?).ok()?,
        acc: int(e, "acc", 0) as i32,
        scope: int(e, "scope", 0) as i32,
        adjustable_sight: e.flag("adjustable_sight"),
        half_damage: uint(e, "half_damage", 0),
        max_range: uint(e, "max_range", 0),
        rof: uint(e, "rof", 1),
        pellets: uint(e, "pellets", 0),
        shots: uint(e, "shots", 0),
        bulk: int(e, "bulk", 0) as i32,
        rcl: uint(e, "rcl", 1),
        malf: uint(e, "malf", 19),
        tl: uint(e, "tl", 0),
        revolver: e.flag("revolver"),
        sawn_off: e.flag("sawn_off"),
        mounted: e.flag("mounted"),
        laser: e.flag("laser"),
        aoe: e.flag("aoe"),
        two_handed: e.flag("two_handed"),
        unbalanced: e.flag("unbalanced"),
        reach: uint(e, "reach", 1),
        parry: e.get("parry").and_then(Value::as_bool).unwrap_or(melee),
        fencing: e.flag("fencing"),
    })
}

/// T3-G05: the groups as bits over [`ARMOR_GROUPS`].
fn armor(e: &Entry) -> Armor {
    let covers = e
        .get("locations")
        .and_then(Value::as_list)
        .unwrap_or_default()
        .iter()
        .filter_map(Value::as_str)
        .filter_map(|g| ARMOR_GROUPS.iter().position(|&a| a == g))
        .fold(0u16, |bits, g| bits | (1 << g));
    Armor {
        id: e.id.clone(),
        name: name(e),
        dr: uint(e, "dr", 0),
        covers,
    }
}

/// T3-TAB-COVERDR, T3-G29: DR per cm in tenths, from the low end of the printed range.
fn cover(e: &Entry) -> CoverMaterial {
    let low = e
        .get("per_cm")
        .and_then(Value::as_list)
        .and_then(|l| l.first())
        .and_then(|v| v.as_float().or_else(|| v.as_int().map(|i| i as f64)))
        .unwrap_or(0.0);
    CoverMaterial {
        id: e.id.clone(),
        name: name(e),
        dr: uint(e, "dr", 0),
        per_cm_tenths: (low * 10.0).round().max(0.0) as u32,
        wears: e.flag("wears"),
        glass: e.flag("glass"),
    }
}

/// Map terrain; `cover` is filled in by [`read`] once every cover material is known.
fn terrain(e: &Entry) -> Terrain {
    Terrain {
        id: e.id.clone(),
        name: name(e),
        blocks_sight: e.flag("blocks_sight"),
        blocks_movement: e.flag("blocks_movement"),
        difficult: e.flag("difficult"),
        cover: None,
        cover_cm: e
            .int("cover_cm")
            .map(|c| c.clamp(0, i64::from(u32::MAX)) as u32),
        slit: e.flag("slit"),
        brace: e.flag("brace"),
        soft: e.flag("soft"),
        landing_dr: uint(e, "landing_dr", 0),
        fluid: e.flag("fluid"),
        look: e.text("look").unwrap_or(&e.id).to_string(),
    }
}
