//! Fixtures: the INVENTED characters and weapons of GAPS.md Part D, built in code, on a small
//! open map, so a test sets up exactly the situation it checks.
#![allow(dead_code)]

use fireteam_dice::ScriptedSource;
use fireteam_engine::RuleSystem;
use fireteam_tactical_3d6::data::{Armor, Damage, Location, Shield, Terrain, Weapon};
use fireteam_tactical_3d6::state::{Character, Fighter, Gun, Held, Jam, Phase, Rules, State};
use fireteam_tactical_3d6::{Action, Event, Options, Tactical3d6};
use smallvec::SmallVec;

pub fn weapon(id: &str, damage: &str) -> Weapon {
    Weapon {
        id: id.into(),
        name: id.to_lowercase(),
        skill: "guns_rifle".into(),
        melee: false,
        damage: Damage::parse(damage).unwrap(),
        acc: 0,
        scope: 0,
        adjustable_sight: false,
        half_damage: 0,
        max_range: 0,
        rof: 1,
        pellets: 0,
        shots: 0,
        bulk: 0,
        rcl: 1,
        malf: 19,
        tl: 8,
        revolver: false,
        sawn_off: false,
        mounted: false,
        laser: false,
        aoe: false,
        two_handed: false,
        unbalanced: false,
        reach: 1,
        parry: false,
        fencing: false,
    }
}

/// TEST-RIFLE: 7d pi, Acc 4+2, 500/3000, RoF 10, Shots 30, Bulk −5, Rcl 2, Malf 17.
pub fn rifle() -> Weapon {
    Weapon {
        acc: 4,
        scope: 2,
        half_damage: 500,
        max_range: 3000,
        rof: 10,
        shots: 30,
        bulk: -5,
        rcl: 2,
        malf: 17,
        two_handed: true,
        ..weapon("TEST-RIFLE", "7d pi")
    }
}

/// TEST-PISTOL: 2d+2 pi, Acc 2, 150/1900, RoF 3, Shots 15, Bulk −2, Rcl 2, Malf 17.
pub fn pistol() -> Weapon {
    Weapon {
        skill: "guns_pistol".into(),
        acc: 2,
        half_damage: 150,
        max_range: 1900,
        rof: 3,
        shots: 15,
        bulk: -2,
        rcl: 2,
        malf: 17,
        ..weapon("TEST-PISTOL", "2d+2 pi")
    }
}

/// TEST-SHOTGUN: 1d+1 pi, Acc 3, 50/125, RoF 2, 9 pellets, Shots 6, Bulk −5, Rcl 1.
pub fn shotgun() -> Weapon {
    Weapon {
        skill: "guns_shotgun".into(),
        acc: 3,
        half_damage: 50,
        max_range: 125,
        rof: 2,
        pellets: 9,
        shots: 6,
        bulk: -5,
        rcl: 1,
        malf: 17,
        tl: 7,
        two_handed: true,
        ..weapon("TEST-SHOTGUN", "1d+1 pi")
    }
}

/// TEST-SWORD: 2d+1 cut, melee, unbalanced.
pub fn sword() -> Weapon {
    Weapon {
        skill: "broadsword".into(),
        melee: true,
        unbalanced: true,
        parry: true,
        ..weapon("TEST-SWORD", "2d+1 cut")
    }
}

/// TEST-KNIFE: 1d-1 imp, melee.
pub fn knife() -> Weapon {
    Weapon {
        skill: "knife".into(),
        melee: true,
        parry: true,
        ..weapon("TEST-KNIFE", "1d-1 imp")
    }
}

pub fn open() -> Terrain {
    Terrain {
        id: "open".into(),
        name: "open".into(),
        blocks_sight: false,
        blocks_movement: false,
        difficult: false,
        cover: None,
        cover_cm: None,
        slit: false,
        brace: false,
        soft: false,
        landing_dr: 0,
        fluid: false,
        look: "open".into(),
    }
}

/// A character of Part D with the given weapons (skill for each) and no armour.
pub fn character(name: &str, side: u8) -> Character {
    Character {
        name: name.into(),
        side,
        dx: 12,
        iq: 11,
        ht: 11,
        will: 11,
        hp: 10,
        fp: 11,
        speed_q: 23,
        move_: 5,
        bl: 20,
        male: false,
        high_pain_threshold: false,
        arms: 2,
        weapons: vec![],
        dr: [0; 15],
        shield: None,
        items: vec![],
        skills: vec![],
        exposure: None,
        distracted: false,
    }
}

/// T3-TEST-ALICE: DX 12, IQ 11, HT 11, HP 10, Basic Speed 5.75, Move 5; rifle 14, pistol 13.
pub fn alice() -> Character {
    Character {
        weapons: vec![(0, 14), (1, 13)],
        skills: vec![
            ("guns_rifle".into(), 14),
            ("guns_pistol".into(), 13),
            ("brawling".into(), 12),
            ("acrobatics".into(), 11),
            ("armory".into(), 12),
            ("soldier".into(), 12),
            ("swimming".into(), 11),
        ],
        ..character("Alice", 0)
    }
}

/// T3-TEST-BORIS: DX 11, IQ 10, HT 12, HP 24, Basic Speed 5.75, Move 5, male, High Pain
/// Threshold; Broadsword 14, Shield 12; TEST-JACKET (DR 4 torso, vitals, groin, arms).
pub fn boris() -> Character {
    let mut dr = [0u32; 15];
    for l in [
        Location::Torso,
        Location::Vitals,
        Location::Groin,
        Location::RightArm,
        Location::LeftArm,
    ] {
        dr[l as usize] = 4;
    }
    Character {
        dx: 11,
        iq: 10,
        ht: 12,
        will: 10,
        hp: 24,
        fp: 12,
        bl: 39,
        male: true,
        high_pain_threshold: true,
        weapons: vec![(2, 14)],
        dr,
        shield: Some((0, 12)),
        skills: vec![
            ("broadsword".into(), 14),
            ("shield".into(), 12),
            ("running".into(), 12),
        ],
        ..character("Boris", 1)
    }
}

/// TEST-LASER: 3d(2) burn, Acc 4, 300/900, RoF 3, Shots 20, Bulk −3, Rcl 1, laser.
pub fn laser() -> Weapon {
    Weapon {
        skill: "beam_weapons".into(),
        acc: 4,
        half_damage: 300,
        max_range: 900,
        rof: 3,
        shots: 20,
        bulk: -3,
        rcl: 1,
        malf: 17,
        tl: 9,
        laser: true,
        ..weapon("TEST-LASER", "3d(2) burn")
    }
}

/// A dart for small piercing (test-only, INVENTED).
pub fn dart() -> Weapon {
    Weapon {
        melee: true,
        skill: "knife".into(),
        ..weapon("TEST-DART", "1d pi-")
    }
}

/// A club for crushing (test-only, INVENTED).
pub fn club() -> Weapon {
    Weapon {
        melee: true,
        skill: "axe_mace".into(),
        parry: true,
        ..weapon("TEST-CLUB", "2d cr")
    }
}

/// TEST-MUSKET: 4d pi+, Acc 2, 100/1500, RoF 1, Shots 1, Bulk −6, Rcl 4, Malf 14, TL4.
pub fn musket() -> Weapon {
    Weapon {
        skill: "guns_musket".into(),
        acc: 2,
        half_damage: 100,
        max_range: 1500,
        rof: 1,
        shots: 1,
        bulk: -6,
        rcl: 4,
        malf: 14,
        tl: 4,
        two_handed: true,
        ..weapon("TEST-MUSKET", "4d pi+")
    }
}

/// The weapons the fixtures index: 0 rifle, 1 pistol, 2 sword, 3 knife, 4 shotgun, 5 laser,
/// 6 dart, 7 club, 8 musket.
pub fn weapons() -> Vec<Weapon> {
    vec![
        rifle(),
        pistol(),
        sword(),
        knife(),
        shotgun(),
        laser(),
        dart(),
        club(),
        musket(),
    ]
}

pub fn shields() -> Vec<Shield> {
    vec![Shield {
        id: "TEST-SHIELD".into(),
        name: "shield".into(),
        skill: "shield".into(),
        db: 2,
    }]
}

pub fn armor() -> Vec<Armor> {
    vec![]
}

pub fn fighter(c: &Character, rules_weapons: &[Weapon], at: (i16, i16)) -> Fighter {
    let guns: SmallVec<[Gun; 4]> = c
        .weapons
        .iter()
        .enumerate()
        .map(|(i, &(w, _))| Gun {
            held: if i == 0 { Held::Ready } else { Held::Holstered },
            shots: rules_weapons[w].shots,
            jam: Jam::Ok,
            dropped_at: at,
        })
        .collect();
    Fighter::new(at, c.hp, c.fp, guns)
}

/// A battle of `chars` at `places` on an open map `w`×`h`, with options, ready to start.
pub fn battle(
    chars: Vec<Character>,
    places: &[(i16, i16)],
    options: Options,
    w: i32,
    h: i32,
) -> State {
    battle_on(chars, places, options, Field::open(w, h), weapons())
}

/// The ground of a test battle: terrain kinds, one per cell, elevations, cover materials.
pub struct Field {
    pub w: i32,
    pub h: i32,
    pub terrain: Vec<Terrain>,
    pub cells: Vec<u16>,
    pub elevation: Vec<i32>,
    pub cover: Vec<fireteam_tactical_3d6::data::CoverMaterial>,
}

impl Field {
    pub fn open(w: i32, h: i32) -> Field {
        Field {
            w,
            h,
            terrain: vec![open()],
            cells: vec![0; (w * h) as usize],
            elevation: vec![0; (w * h) as usize],
            cover: vec![],
        }
    }

    /// Puts terrain kind `t` (added if new) at `(col, row)`.
    pub fn set(&mut self, at: (i32, i32), t: Terrain) {
        let i = match self.terrain.iter().position(|x| x.id == t.id) {
            Some(i) => i,
            None => {
                self.terrain.push(t);
                self.terrain.len() - 1
            }
        };
        self.cells[(at.1 * self.w + at.0) as usize] = i as u16;
    }
}

/// A battle on a given field with given weapons.
pub fn battle_on(
    chars: Vec<Character>,
    places: &[(i16, i16)],
    options: Options,
    field: Field,
    weapons: Vec<Weapon>,
) -> State {
    let (w, h) = (field.w, field.h);
    let fighters = chars
        .iter()
        .zip(places)
        .map(|(c, &at)| fighter(c, &weapons, at))
        .collect();
    let n = chars.len();
    let rules = Rules {
        title: "test".into(),
        options,
        weapons,
        armor: armor(),
        shields: shields(),
        cover: field.cover,
        items: vec![],
        terrain: field.terrain,
        width: w,
        height: h,
        cells: field.cells,
        elevation: field.elevation,
        sides: vec!["A".into(), "B".into()],
        characters: chars,
        explicit_order: vec![i32::MAX; n],
        max_turns: 60,
    };
    State {
        rules: Box::leak(Box::new(rules)),
        fighters,
        turn: 0,
        order: vec![],
        cursor: 0,
        phase: Phase::Order,
        work: vec![],
        zones: vec![],
        wear: vec![],
    }
}

/// Plays `text` with scripted `faces`; panics with the legal actions if it is not legal.
pub fn play(s: &mut State, text: &str, faces: &[i64]) -> Vec<Event> {
    let r = Tactical3d6;
    let a: Action = r.parse_action(s, text).unwrap_or_else(|e| {
        let mut legal = vec![];
        r.legal_actions(s, &mut legal);
        let texts: Vec<String> = legal.iter().map(|a| r.action_text(s, a)).collect();
        panic!("{e}: legal are\n{}", texts.join("\n"))
    });
    let mut dice = ScriptedSource::new(faces.to_vec());
    let mut events = vec![];
    r.resolve(s, &a, &mut dice, &mut events)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    for e in &events {
        r.apply(s, e);
    }
    assert!(dice.remaining() == 0, "{text}: faces left over");
    r.invariants(s).unwrap();
    events
}

/// The checks rolled, in order.
pub fn checks(events: &[Event]) -> Vec<&fireteam_tactical_3d6::event::Check> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Rolled(c) => Some(c),
            Event::AttackRolled { check, .. } => Some(check),
            _ => None,
        })
        .collect()
}
