//! A loaded scenario → the battle's first state: `Rules` (leaked once per scenario, so every
//! state holds a plain `&'static`), the characters (T3-G03), and the fighters as they start.

use crate::catalog::{self, Catalogs};
use crate::data::Location;
use crate::options::Options;
use crate::state::{Character, Fighter, Gun, Held, Jam, Maneuver, Phase, Rules, State};
use crate::tables::{Exposure, Posture};
use fireteam_scenario::{Loaded, Value};
use smallvec::SmallVec;

/// The turn limit when a scenario gives none (seconds).
pub const DEFAULT_MAX_TURNS: u32 = 60;

/// The first state of the battle a loaded (and checked) scenario describes.
pub fn setup(loaded: &Loaded) -> State {
    let sc = &loaded.scenario;
    let cats: Catalogs = catalog::read(&loaded.catalog);
    let options = Options::from_scenario(sc);
    let map = &sc.map;
    let mut cells = Vec::with_capacity(map.cells.len());
    let mut elevation = Vec::with_capacity(map.cells.len());
    for cell in &map.cells {
        let i = cats
            .terrain
            .iter()
            .position(|t| t.id == cell.terrain)
            .unwrap_or(0);
        cells.push(i as u16);
        elevation.push(cell.elevation as i32);
    }
    let mut characters = Vec::new();
    let mut fighters = Vec::new();
    let mut explicit_order = Vec::new();
    for u in &sc.units {
        let stat = |n: &str| u.stats.get(n).copied().unwrap_or(0) as i32;
        let mut weapons = Vec::new();
        let mut shield = None;
        let mut items = Vec::new();
        let mut dr = [0u32; 15];
        for id in &u.equipment {
            if let Some(i) = cats.weapons.iter().position(|w| &w.id == id) {
                let skill = stat(&cats.weapons[i].skill);
                weapons.push((i, skill));
            } else if let Some(i) = cats.armor.iter().position(|a| &a.id == id) {
                // Layers of armour add up (T3-G05: DR by location, default 0).
                for loc in Location::ALL {
                    if cats.armor[i].covers(loc) {
                        dr[loc as usize] += cats.armor[i].dr;
                    }
                }
            } else if let Some(i) = cats.shields.iter().position(|s| &s.id == id) {
                let skill = stat(&cats.shields[i].skill);
                shield = Some((i, skill));
            } else if let Some(i) = cats.items.iter().position(|it| &it.id == id) {
                items.push(i);
            }
        }
        let speed = u
            .field("basic_speed")
            .and_then(|v| v.as_float().or_else(|| v.as_int().map(|i| i as f64)))
            .unwrap_or(5.0);
        let exposure = u
            .field("exposure")
            .and_then(Value::as_str)
            .and_then(|e| match e {
                "hidden" => Some(Exposure::Hidden),
                "looking" => Some(Exposure::Looking),
                "one-handed" => Some(Exposure::OneHanded),
                "two-handed" => Some(Exposure::TwoHanded),
                "slit" => Some(Exposure::Slit),
                _ => None,
            });
        let skills = crate::schema::SKILLS
            .iter()
            .filter_map(|&n| u.stats.get(n).map(|&v| (n.to_string(), v as i32)))
            .collect();
        let ready_id = u.field("ready").and_then(Value::as_str);
        let ready_slot = match ready_id {
            Some(id) => weapons.iter().position(|&(i, _)| cats.weapons[i].id == id),
            None => (!weapons.is_empty()).then_some(0),
        };
        let guns: SmallVec<[Gun; 4]> = weapons
            .iter()
            .enumerate()
            .map(|(slot, &(i, _))| Gun {
                held: if Some(slot) == ready_slot {
                    Held::Ready
                } else {
                    Held::Holstered
                },
                shots: cats.weapons[i].shots,
                jam: Jam::Ok,
                dropped_at: (u.at.col as i16, u.at.row as i16),
            })
            .collect();
        let hp = stat("hp");
        let posture = u
            .stance
            .as_deref()
            .and_then(Posture::from_name)
            .unwrap_or(Posture::Standing);
        characters.push(Character {
            name: u.name.clone(),
            side: u.side as u8,
            dx: stat("dx"),
            iq: stat("iq"),
            ht: stat("ht"),
            will: stat("will"),
            hp,
            fp: stat("fp"),
            speed_q: (speed * 4.0).round() as i32,
            move_: stat("move"),
            bl: stat("bl"),
            male: u.field("male").and_then(Value::as_bool).unwrap_or(false),
            high_pain_threshold: u
                .field("high_pain_threshold")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            arms: u.field("arms").and_then(Value::as_int).unwrap_or(2) as i32,
            weapons,
            dr,
            shield,
            items,
            skills,
            exposure,
            distracted: u
                .field("distracted")
                .and_then(Value::as_bool)
                .unwrap_or(false),
        });
        explicit_order.push(
            u.field("order")
                .and_then(Value::as_int)
                .map_or(i32::MAX, |o| o as i32),
        );
        let at = (u.at.col as i16, u.at.row as i16);
        let waiting = u.field("waiting").and_then(Value::as_int);
        fighters.push(Fighter {
            facing: u.facing,
            posture,
            crouching: u
                .field("crouching")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            maneuver: if waiting.is_some() {
                Maneuver::Wait
            } else {
                Maneuver::None
            },
            // T3-MANEUVER-18: a scenario may open with a fighter already waiting (an ambush).
            wait: waiting.map(|y| crate::state::Trigger {
                within: y.clamp(1, 255) as u8,
            }),
            ..Fighter::new(at, hp, stat("fp"), guns)
        });
    }
    let rules = Rules {
        title: sc.name.clone(),
        options,
        weapons: cats.weapons,
        armor: cats.armor,
        shields: cats.shields,
        cover: cats.cover,
        items: cats.items,
        terrain: cats.terrain,
        width: map.width as i32,
        height: map.height as i32,
        cells,
        elevation,
        sides: sc.sides.iter().map(|s| s.name.clone()).collect(),
        characters,
        explicit_order,
        max_turns: sc.max_rounds.unwrap_or(DEFAULT_MAX_TURNS),
    };
    State {
        rules: Box::leak(Box::new(rules)),
        fighters,
        turn: 0,
        order: Vec::new(),
        cursor: 0,
        phase: Phase::Order,
        work: Vec::new(),
        zones: Vec::new(),
        wear: Vec::new(),
    }
}
