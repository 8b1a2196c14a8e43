//! From a loaded scenario to a battle: options, catalog entries, map and figures.

use crate::data::{
    Armor, ArmorKind, AttackType, BayonetPair, Breaks, Class, EnergyShieldKind, Footing,
    GrenadeKind, HexFire, ItemKind, Length, Rules, Spread, Terrain, Wall, Weapon,
};
use crate::encumbrance::{effective_load, encumbrance, EncumbranceModel};
use crate::options::Options;
use crate::progression::{Damage, StrColumn};
use crate::schema::parse_damage;
use crate::skills;
use crate::state::{
    Blaze, Condition, Figure, Guard, MoveKind, Phase, Pos, Posture, ShieldAt, Slot, State,
    WeaponState,
};
use fireteam_scenario::{Entry, Loaded, Value};

/// The turn limit when a scenario sets no `max_rounds`.
pub const DEFAULT_MAX_TURNS: u32 = 30;

/// A battle ready to start; [`Setup::build`] gives its first state.
#[derive(Debug, Clone)]
pub struct Setup(pub State);

impl Setup {
    pub fn build(&self) -> State {
        self.0.clone()
    }
}

fn damage(e: &Entry, field: &str) -> Option<Damage> {
    e.text(field)
        .and_then(parse_damage)
        .map(|(d, a)| Damage::new(d, a))
}

pub fn weapon(e: &Entry) -> Weapon {
    let int = |f: &str| e.int(f);
    Weapon {
        id: e.id.clone(),
        name: e.name.clone().unwrap_or_else(|| e.id.clone()),
        class: match e.text("class") {
            Some("thrown") => Class::Thrown,
            Some("missile") => Class::Missile,
            Some("grenade") => Class::Grenade,
            _ => Class::Melee,
        },
        damage: damage(e, "damage"),
        damage_two_handed: damage(e, "damage_two_handed"),
        str_table: match e.text("str_table") {
            Some("damage") => Some(StrColumn::Damage),
            Some("hth") => Some(StrColumn::Hth),
            Some("brass") => Some(StrColumn::Brass),
            Some("club1") => Some(StrColumn::Club1),
            Some("club2") => Some(StrColumn::Club2),
            _ => None,
        },
        str_min: int("str_min").map(|v| v as i16),
        str_one_handed: int("str_one_handed").map(|v| v as i16),
        length: match e.text("length") {
            Some("short") => Length::Short,
            Some("long") => Length::Long,
            _ => Length::Medium,
        },
        hands: int("hands").unwrap_or(1) as u8,
        throwable: e.flag("thrown"),
        skill: e.text("skill").map(str::to_string),
        skill_bit: e.text("skill").map_or(0, skills::bit),
        group: e.text("group").map(str::to_string),
        energy: e.flag("energy"),
        laser: e.flag("laser"),
        gas_action: e.flag("gas_action"),
        cutting: e.flag("cutting"),
        shots: int("shots").unwrap_or(1).clamp(1, 20) as u8,
        bursts: int("bursts").unwrap_or(0).clamp(0, 10) as u8,
        auto: int("auto").unwrap_or(0).clamp(0, 100) as u8,
        rounds: int("rounds").unwrap_or(0).clamp(0, 500) as u16,
        spread: match e.text("spread") {
            Some("wide") => Some(Spread::Wide),
            Some("narrow") => Some(Spread::Narrow),
            Some("slug") => Some(Spread::Slug),
            _ => None,
        },
        effective_range: int("effective_range").map(|v| v as u32),
        grenade: match e.text("grenade") {
            Some("he") => Some(GrenadeKind::He),
            Some("smoke") => Some(GrenadeKind::Smoke),
            Some("tear_gas") => Some(GrenadeKind::TearGas),
            Some("molotov") => Some(GrenadeKind::Molotov),
            Some("incendiary") => Some(GrenadeKind::Incendiary),
            Some("anti_laser") => Some(GrenadeKind::AntiLaser),
            _ => None,
        },
        stun: e.flag("stun"),
        // G-61: clubs, brass knuckles, rocks and fists are bludgeoning, stun weapons stunning.
        attack_type: match e.text("attack_type") {
            Some("bludgeoning") => AttackType::Bludgeoning,
            Some("stunning") => AttackType::Stunning,
            Some("shock") => AttackType::Shock,
            Some(_) => AttackType::Damaging,
            None if e.flag("stun") => AttackType::Stunning,
            None if e.text("group") == Some("club") || e.get("str_table").is_some() => {
                AttackType::Bludgeoning
            }
            None => AttackType::Damaging,
        },
        flaming: e.flag("flaming"),
        provenance: e.provenance.to_string(),
        // ---- weapons and melee
        combination: match e.get("combination") {
            Some(Value::List(items)) => items
                .iter()
                .filter_map(|v| match v {
                    Value::Text(t) => Some(t.clone()),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        },
        dex_penalty: int("dex_penalty").unwrap_or(0) as i16,
        breaks: match e.text("breaks") {
            Some("on_hit") => Breaks::OnHit,
            Some("on_use") => Breaks::OnUse,
            _ => Breaks::Never,
        },
        breaks_parries: e.flag("breaks_parries"),
        // ---- after the battle
        cost: int("cost").map(|v| v.clamp(0, 1_000_000) as u32),
        reload_cost: int("reload_cost").map(|v| v.clamp(0, 1_000_000) as u32),
        practice: e.flag("practice"),
    }
}

pub fn armor(e: &Entry) -> Armor {
    Armor {
        id: e.id.clone(),
        name: e.name.clone().unwrap_or_else(|| e.id.clone()),
        kind: match e.text("kind") {
            Some("vest") => ArmorKind::Vest,
            Some("jacket") => ArmorKind::Jacket,
            Some("helmet") => ArmorKind::Helmet,
            Some("shield") => ArmorKind::Shield,
            Some("backpack") => ArmorKind::Backpack,
            Some("parry") => ArmorKind::Parry,
            Some("suit") => ArmorKind::Suit,
            Some("shielding") => ArmorKind::Shielding,
            Some("energy_shield") => ArmorKind::EnergyShield,
            _ => ArmorKind::Body,
        },
        defense: e.int("defense").unwrap_or(0) as i16,
        dex_penalty: e.int("dex_penalty").unwrap_or(0) as i16,
        mov_penalty: e.int("mov_penalty").unwrap_or(0) as i16,
        r_factor: e.int("r_factor").unwrap_or(0) as u8,
        medieval: e.flag("medieval"),
        fireproof: e.flag("fireproof"),
        shield_type: match e.text("shield_type") {
            Some("force_field") => Some(EnergyShieldKind::ForceField),
            Some("deflector") => Some(EnergyShieldKind::Deflector),
            Some("reflector") => Some(EnergyShieldKind::Reflector),
            _ => None,
        },
        provenance: e.provenance.to_string(),
        // ---- vacuum (§17.11)
        sealed: e.flag("sealed"),
        // ---- after the battle
        cost: e.int("cost").map(|v| v.clamp(0, 1_000_000) as u32),
        repair_cost: e.int("repair_cost").map(|v| v.clamp(0, 1_000_000) as u32),
    }
}

pub fn terrain(e: &Entry) -> Terrain {
    let mut t = Terrain::open(&e.id);
    t.footing = match e.text("footing") {
        Some("broken") => Footing::Broken,
        Some("ice") => Footing::Ice,
        _ => Footing::Firm,
    };
    // SK-17.2-a, SK-17.3-a: water, mud and snow are broken ground, with MOV cuts.
    match e.text("water") {
        Some("ankle") => t.footing = Footing::Broken,
        Some("knee") => {
            t.footing = Footing::Broken;
            t.mov_halved = true;
        }
        Some("deep") => t.deep_water = true,
        _ => {}
    }
    match e.text("mud") {
        Some("ankle") => {
            t.footing = Footing::Broken;
            t.mov_halved = true;
        }
        Some("knee") => {
            t.footing = Footing::Broken;
            t.mov_quartered = true;
        }
        _ => {}
    }
    match e.text("snow") {
        Some("ankle") => {
            t.footing = Footing::Broken;
            t.mov_cut = -4;
        }
        Some("knee") => {
            t.footing = Footing::Broken;
            t.mov_cut = -8;
        }
        _ => {}
    }
    t.wall = match e.text("wall") {
        Some("half") => Wall::Half,
        Some("one") => Wall::One,
        Some("two") => Wall::Two,
        Some("high") => Wall::High,
        _ => Wall::None,
    };
    t.smoke = e.flag("smoke");
    t.dark = e.flag("dark");
    t.handhold = e.flag("handhold");
    t.blocks_movement = e.flag("blocks_movement");
    t.blocks_sight = e.flag("blocks_sight");
    // SK-17.8-a, G-57: a pit's depth in metres, read as decimetres.
    t.pit_dm = match e.get("pit_depth") {
        Some(Value::Float(m)) => (m * 10.0).round().clamp(0.0, 1000.0) as u16,
        Some(Value::Int(m)) => (*m * 10).clamp(0, 1000) as u16,
        _ => 0,
    };
    // SK-16.11-g GM input: a burning hex, or one burned down to hot coals.
    t.fire = match e.text("fire") {
        Some("burning") => Some(HexFire::Burning),
        Some("coals") => Some(HexFire::Coals),
        _ => None,
    };
    t
}

fn mass(e: &Entry) -> f64 {
    match e.get("mass") {
        Some(Value::Float(x)) => *x,
        Some(Value::Int(i)) => *i as f64,
        _ => 0.0,
    }
}

/// The battle a loaded scenario describes.
// ---- microgravity (§17.10-k GM input)
/// The unit field `tether_length`: hexes of tether (0: none).
fn tether_length(u: &fireteam_scenario::Unit) -> u8 {
    match u.field("tether_length") {
        Some(Value::Int(n)) => (*n).clamp(0, 60) as u8,
        _ => 0,
    }
}

/// The unit field `tether_anchor` ([col, row]); the starting hex when it is left out.
fn tether_anchor(u: &fireteam_scenario::Unit) -> Pos {
    if let Some(Value::List(v)) = u.field("tether_anchor") {
        if let [Value::Int(c), Value::Int(r)] = v.as_slice() {
            return Pos::new(*c as i16, *r as i16);
        }
    }
    Pos::new(u.at.col as i16, u.at.row as i16)
}

pub fn setup(loaded: &Loaded) -> Setup {
    let sc = &loaded.scenario;
    let options = Options::from_scenario(sc);
    let mut terrain_list: Vec<Terrain> = Vec::new();
    let mut cells = Vec::with_capacity(sc.map.cells.len());
    for cell in &sc.map.cells {
        let i = match terrain_list.iter().position(|t| t.id == cell.terrain) {
            Some(i) => i,
            None => {
                terrain_list.push(
                    loaded
                        .catalog
                        .get(&cell.terrain)
                        .map_or_else(|| Terrain::open(&cell.terrain), terrain),
                );
                terrain_list.len() - 1
            }
        };
        cells.push(i as u8);
    }
    let mut weapons: Vec<Weapon> = Vec::new();
    let mut bayonets: Vec<BayonetPair> = Vec::new();
    let mut armors: Vec<Armor> = Vec::new();
    let gravity = f64::from(options.gravity_percent) / 100.0;
    let mut figures = Vec::new();
    for u in &sc.units {
        let stat = |n: &str| u.stats.get(n).copied().unwrap_or(0);
        let mut mask = 0u64;
        for name in skills::SKILLS {
            if stat(name) > 0 {
                mask |= skills::bit(name);
            }
        }
        let mut slots: [Option<Slot>; 4] = [None; 4];
        let mut n_slots = 0usize;
        let mut body = None;
        let mut shield = None;
        let mut backpack = false;
        let mut helmet = None;
        let mut energy_shield = None;
        let mut suit = None;
        let mut items = 0u16;
        let mut load = 0.0;
        for id in &u.equipment {
            let Some(e) = loaded.catalog.get(id) else {
                continue;
            };
            load += mass(e);
            if e.kind == "weapon" {
                let wi = match weapons.iter().position(|w| &w.id == id) {
                    Some(i) => i,
                    None => {
                        weapons.push(weapon(e));
                        weapons.len() - 1
                    }
                };
                if n_slots < 4 {
                    slots[n_slots] = Some(Slot {
                        weapon: wi as u16,
                        rounds: weapons[wi].rounds,
                        state: WeaponState::Ok,
                        club_breaks: 0,
                    });
                    n_slots += 1;
                }
            } else if e.kind == "armor" {
                let ai = match armors.iter().position(|a| &a.id == id) {
                    Some(i) => i,
                    None => {
                        armors.push(armor(e));
                        armors.len() - 1
                    }
                };
                match armors[ai].kind {
                    ArmorKind::Shield | ArmorKind::Parry => shield = Some(ai as u16),
                    ArmorKind::Backpack => backpack = true,
                    // SK-21.6, G-26: a helmet is worn beside the body armor, not instead.
                    ArmorKind::Helmet => helmet = Some(ai as u16),
                    // SK-14.3-d: an energy shield and the protective suit worn against its
                    // field, each in its own place.
                    ArmorKind::EnergyShield => energy_shield = Some(ai as u16),
                    ArmorKind::Suit => suit = Some(ai as u16),
                    _ => body = Some(ai as u16),
                }
            } else if e.kind == "item" {
                // SK-15.2-a: what an item does is read where its rule is.
                if let Some(k) = e.text("kind").and_then(ItemKind::from_id) {
                    items |= k.bit();
                }
            }
        }
        // SK-14.1-h, G-26: the full backpack weighs its contents (unit stat `backpack_kg`), and
        // costs −2 DEX rather than −1 when they weigh more than STR kg.
        let contents = if backpack {
            u.stats.get("backpack_kg").copied().unwrap_or(0).max(0)
        } else {
            0
        };
        load += contents as f64;
        let backpack_heavy = contents > stat("str");
        // SK-15.1-b: a battery pack feeds the first energy weapon that runs on a battery (a
        // gun: its dice are shots' worth, so not a sword, SK-15.1-a); it holds two batteries'
        // dice (G-48), or what the scenario says is left in it (SK-15.1-c, GM input: not
        // recharged since the last combat). `battery` likewise sets what is left in the first
        // battery of his weapons (dice for a gun, combat turns for a sword).
        let energy_slot = (0..n_slots).find(|&k| {
            slots[k].is_some_and(|sl| {
                let w = &weapons[usize::from(sl.weapon)];
                w.energy && w.rounds > 0 && w.class == crate::data::Class::Missile
            })
        });
        let battery_slot = (0..n_slots)
            .find(|&k| slots[k].is_some_and(|sl| weapons[usize::from(sl.weapon)].on_battery()));
        if let (Some(k), Some(&left)) = (battery_slot, u.stats.get("battery")) {
            if let Some(sl) = &mut slots[k] {
                sl.rounds = (left.max(0) as u16).min(sl.rounds);
            }
        }
        let pack_slot = energy_slot
            .filter(|_| items & ItemKind::BatteryPack.bit() != 0)
            .map(|k| k as u8);
        let pack_dice = u
            .stats
            .get("battery_pack")
            .map_or(crate::attack::energy::PACK_DICE, |&d| {
                d.clamp(0, i64::from(crate::attack::energy::PACK_DICE)) as u8
            });
        // SK-14.2, SK-17.9-b: encumbrance from the load under this gravity.
        let model = if options.encumbrance_13_1 {
            EncumbranceModel::Section13_1
        } else {
            EncumbranceModel::Section14_2
        };
        let enc = encumbrance(
            effective_load(load, gravity),
            stat("str") as i32,
            stat("weight_training") > 0,
            model,
        );
        // SK-6.5.3 (unit stat `off_hand`): the second weapon listed starts in the other hand,
        // when the first is ready and both may be held in one hand each. SK-13.3-a: a shield
        // starts slung when the hands are full without it.
        let mut ready = (stat("ready") > 0 && n_slots > 0).then_some(0u8);
        // SK-16.3-a, G-06: every knife of the figure makes a bayonet with every rifle it
        // carries; with unit stat `bayonet_fixed` the first such pair is fixed before the
        // battle, and the rifle is what he holds.
        let mut bayonet = None;
        for k in 0..n_slots {
            for r in 0..n_slots {
                let (Some(ks), Some(rs)) = (slots[k], slots[r]) else {
                    continue;
                };
                let (knife, rifle) = (
                    &weapons[usize::from(ks.weapon)],
                    &weapons[usize::from(rs.weapon)],
                );
                if !crate::attack::bayonet::fits(knife, rifle) {
                    continue;
                }
                let w = match crate::attack::bayonet::pair_in(&bayonets, ks.weapon, rs.weapon) {
                    Some(w) => w,
                    None => {
                        let made = crate::attack::bayonet::make(knife, rifle);
                        weapons.push(made);
                        let w = (weapons.len() - 1) as u16;
                        bayonets.push(BayonetPair {
                            knife: ks.weapon,
                            rifle: rs.weapon,
                            weapon: w,
                        });
                        w
                    }
                };
                if stat("bayonet_fixed") > 0 && bayonet.is_none() {
                    bayonet = Some((k as u8, r as u8));
                    if let Some(s) = &mut slots[k] {
                        s.weapon = w;
                    }
                    if ready.is_some() {
                        ready = Some(r as u8);
                    }
                }
            }
        }
        let one_hand = |k: usize| {
            slots[k].is_some_and(|sl| {
                let w = &weapons[usize::from(sl.weapon)];
                w.hands < 2
                    || i64::from(w.str_one_handed.unwrap_or(w.str_min.unwrap_or(0) + 10))
                        <= stat("str")
            })
        };
        // ---- lasting injuries (SK-21.4-e, `aftermath::injuries`): an arm lost in an earlier
        // battle (unit stat `arms = 1`) leaves one hand from the start, as an arm out of use
        // does: no weapon ready that needs both hands, nothing in the other hand, the shield
        // slung. The arm left is his weapon arm; the one lost counts as the other arm.
        let one_arm = stat("arms") == 1;
        if one_arm && ready.is_some_and(|k| !one_hand(usize::from(k))) {
            ready = None;
        }
        let lost_before = if one_arm {
            crate::aftermath::injuries::limb_bit(crate::autoresult::Location::OtherArm)
        } else {
            0
        };
        let off_hand = (!one_arm
            && ready == Some(0)
            && stat("off_hand") > 0
            && n_slots > 1
            && one_hand(0)
            && one_hand(1)
            && bayonet.is_none())
        .then_some(1u8);
        let held = ready.map_or(0, usize::from);
        let shield_at = if one_arm || off_hand.is_some() || (ready.is_some() && !one_hand(held)) {
            ShieldAt::Back
        } else {
            ShieldAt::Hand
        };
        let posture = match u.stance.as_deref() {
            // SK-17.9-c: crushed by more than he can carry, he lies where he is.
            _ if !enc.can_carry() => Posture::Fallen,
            Some("kneeling") => Posture::Kneeling,
            Some("prone") => Posture::Prone,
            _ => Posture::Standing,
        };
        figures.push(Figure {
            id: figures.len() as u16,
            side: u.side as u8,
            pos: Pos::new(u.at.col as i16, u.at.row as i16),
            facing: u.facing % 6,
            posture,
            condition: Condition::Active,
            st: stat("str") as i16,
            dex: stat("dex") as i16,
            int: stat("int") as i16,
            mov: stat("mov").max(1) as i16,
            skills: skills::expand(mask),
            martial_arts: stat("martial_arts").clamp(0, 5) as u8,
            armor: body,
            shield,
            backpack,
            enc_dex: enc.dex_penalty as i16,
            enc_mov: enc.mov_penalty as i16,
            immobile: enc.immobile,
            tiring_load: enc.fatigue(),
            overloaded: !enc.can_carry(),
            weapons: slots,
            ready,
            spare_magazines: stat("rounds_carried").clamp(0, 20) as u8,
            damage: 0,
            nonlethal: 0,
            turn_damage: 0,
            turn_damage_raw: 0,
            shaken_until: 0,
            moved: 0,
            move_kind: MoveKind::StandStill,
            dropped_this_turn: false,
            guard: Guard::None,
            acted: false,
            shots_left: 0,
            next_shot_at: 0,
            shots_fired: 0,
            order_dex: 0,
            aim_target: None,
            aim_turns: 0,
            aiming_now: false,
            in_hth: false,
            hit_by: 0,
            damaged_by: 0,
            charged_by: 0,
            retreated: false,
            stunned: 0,
            turned: false,
            exposed: false,
            breather: false,
            gassed: false,
            hits_taken: 0,
            absorbed: 0,
            overwatch: None,
            crawled: false,
            bipod: stat("bipod") > 0,
            leader: stat("leader") > 0,
            burning: 0,
            tripod: stat("tripod") > 0,
            run_up: 0,
            straight: false,
            trail: [Pos::new(0, 0); 4],
            trail_len: 0,
            first_target: None,
            head_turn: 0,
            arm_out: one_arm,
            arms_out: lost_before,
            leg_down_until: 0,
            leg_out: false,
            floating: false,
            burst_turn: false,
            items,
            // ---- weapons and melee
            off_hand,
            shield_at,
            bayonet,
            hth_draw: 0,
            bayonet_first: false,
            climbed: 0,
            on_fire: Blaze::None,
            fire_ran: false,
            must_run: false,
            must_leave: false,
            rolling: false,
            flammable: stat("flammable") > 0,
            soak_incendiary: false,
            // ---- energy weapons, shields, protective gear, smoke and gas
            backpack_heavy,
            shielding_dice: 0,
            helmet,
            suit,
            energy_shield,
            shield_on: false,
            shield_broken: false,
            shield_declared: 0,
            light_on: false,
            blinded: false,
            mask_on: items & ItemKind::GasMask.bit() != 0,
            holding: None,
            power_left: 0,
            pack_dice: if pack_slot.is_some() { pack_dice } else { 0 },
            pack_slot,
            suppress_at: None,
            suppress_shots: 0,
            // ---- after the battle
            fought: false,
            hurt_by_foe: false,
            last_hurt_by: None,
            downed_by: None,
            practice_hits: 0,
            drained: 0,
            // ---- order of the turn, awareness, fatigue
            size: stat("size").clamp(1, 100) as u8,
            surprised: false,
            ran: false,
            runs: false,
            // SK-10-e, G-72: the unit named in `chases` (checked by the schema).
            chases: u
                .field("chases")
                .and_then(|v| match v {
                    Value::Text(t) => sc.units.iter().position(|o| &o.name == t),
                    _ => None,
                })
                .map(|i| i as u16),
            hidden: stat("hidden") > 0,
            listening: false,
            guard_tested: false,
            exerted: false,
            init_rank: 0,
            // ---- microgravity and vacuum (§17.10-k GM input)
            drift: [0, 0],
            drift_acc: [0, 0],
            tether: tether_length(u),
            tether_anchor: tether_anchor(u),
            tether_damage: 0,
            leaks: 0,
            leaks_new: 0,
            leak_turns: 0,
            patching: false,
            // ---- lasting injuries (§21.4-e)
            limbs_lost: lost_before,
            lost_before,
            limbs_out: 0,
            struck_at: None,
            // ---- hand to hand (§16.15.6)
            held_by: None,
            // ---- shots and fire (SK-16.6-a, SK-16.12-m)
            mode_switched: false,
            fire_stopped: 0,
        });
    }
    // SK-16.3-a: weapons change hands in battle (grabbed on the run, exchanged, taken by
    // disarming), so every knife in play gets its bayonet on every rifle in play, not only on
    // the rifles its first owner carries.
    let base = weapons.len();
    for k in 0..base {
        for r in 0..base {
            let (knife, rifle) = (&weapons[k], &weapons[r]);
            let made_here = bayonets.iter().any(|b| usize::from(b.weapon) == k);
            if made_here
                || !crate::attack::bayonet::fits(knife, rifle)
                || crate::attack::bayonet::pair_in(&bayonets, k as u16, r as u16).is_some()
            {
                continue;
            }
            let made = crate::attack::bayonet::make(knife, rifle);
            weapons.push(made);
            bayonets.push(BayonetPair {
                knife: k as u16,
                rifle: r as u16,
                weapon: (weapons.len() - 1) as u16,
            });
        }
    }
    let armor_ids: Vec<String> = armors.iter().map(|a| a.id.clone()).collect();
    let mut rules = Rules {
        options,
        weapons,
        armor: armors,
        terrain: terrain_list,
        width: sc.map.width as u16,
        height: sc.map.height as u16,
        cells,
        side_names: sc.sides.iter().map(|s| s.name.clone()).collect(),
        names: sc.units.iter().map(|u| u.name.clone()).collect(),
        max_turns: sc.max_rounds.unwrap_or(DEFAULT_MAX_TURNS),
        seed: sc.seed.unwrap_or(1),
        bayonets,
        aftermath: crate::aftermath::Terms::of(loaded, &armor_ids),
        // ---- the arena (§19.1)
        escape: crate::escape::entrances(sc),
        hexes: Default::default(),
    };
    rules.hexes = crate::geometry::HexTable::build(&rules);
    Setup(State {
        // The rules outlive every state of the battle (see `State::rules`).
        rules: Box::leak(Box::new(rules)),
        figures,
        turn: 0,
        phase: Phase::TurnStart,
        side_order: Default::default(),
        move_order: Default::default(),
        act_order: Default::default(),
        dropped: Vec::new(),
        clouds: Vec::new(),
        fires: Vec::new(),
        grenades: Vec::new(),
        initiative_winner: None,
    })
}
