//! The battle: what never changes (`Rules`, one per loaded scenario, leaked so every state of
//! every thread holds a plain `&'static`), the characters (`Character`, T3-CORE-06, T3-G03),
//! and what changes second by second (`Fighter`, `Phase`, `State`).

use crate::data::{Armor, CoverMaterial, Item, Location, Shield, Terrain, Weapon};
use crate::options::Options;
use crate::tables::{Exposure, Posture, ReadyTask};
use fireteam_engine::{SideId, UnitId};
use fireteam_grid::Hex;
use serde::Serialize;
use smallvec::SmallVec;

/// A character's numbers (T3-CORE-06). The sheet derives only Dodge, Parry, Block, step and
/// sprint from them (T3-G03); everything else is given.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Character {
    pub name: String,
    pub side: SideId,
    pub dx: i32,
    pub iq: i32,
    pub ht: i32,
    pub will: i32,
    pub hp: i32,
    pub fp: i32,
    /// Basic Speed × 4 (it comes in quarters).
    pub speed_q: i32,
    pub move_: i32,
    pub bl: i32,
    pub male: bool,
    pub high_pain_threshold: bool,
    pub arms: i32,
    /// Weapons carried: indices into `Rules::weapons`, with the skill each is used at.
    pub weapons: Vec<(usize, i32)>,
    /// DR worn at each location, in `Location` order (T3-CORE-08).
    pub dr: [u32; 15],
    /// The shield or cloak carried, with its block skill (T3-DEFENSE-04/05).
    pub shield: Option<(usize, i32)>,
    /// Items to ready (T3-TAB-READY).
    pub items: Vec<usize>,
    /// Skills the rules read by name (acrobatics, running, swimming, armory, soldier, …).
    pub skills: Vec<(String, i32)>,
    /// The GM's firing position from cover (T3-COVER-03), if given.
    pub exposure: Option<Exposure>,
    /// The GM rules it "otherwise distracted" while it concentrates (T3-MANEUVER-16).
    pub distracted: bool,
}

impl Character {
    pub fn skill(&self, name: &str) -> Option<i32> {
        self.skills.iter().find(|(n, _)| n == name).map(|&(_, v)| v)
    }

    /// T3-DEFENSE-02, T3-G30: Dodge = floor(Basic Speed) + 3.
    pub fn dodge(&self) -> i32 {
        self.speed_q / 4 + 3
    }

    /// T3-MOVE-01: a step is Move / 10, rounded up.
    pub fn step(&self) -> i32 {
        (self.move_ + 9) / 10
    }

    /// T3-MOVE-02, T3-G12: the sprint bonus, max(1, floor(0.2 × Move)).
    pub fn sprint_bonus(&self) -> i32 {
        (self.move_ / 5).max(1)
    }
}

/// One battle's fixed part: options, catalogs, map, sides and characters.
#[derive(Debug)]
pub struct Rules {
    pub title: String,
    pub options: Options,
    pub weapons: Vec<Weapon>,
    pub armor: Vec<Armor>,
    pub shields: Vec<Shield>,
    pub cover: Vec<CoverMaterial>,
    pub items: Vec<Item>,
    pub terrain: Vec<Terrain>,
    pub width: i32,
    pub height: i32,
    /// Terrain index per cell, row-major.
    pub cells: Vec<u16>,
    /// Elevation in yards per cell, row-major (for falls, T3-FALL-01).
    pub elevation: Vec<i32>,
    pub sides: Vec<String>,
    pub characters: Vec<Character>,
    /// Each character's explicit place in the turn order (T3-G02), `i32::MAX` for none.
    pub explicit_order: Vec<i32>,
    pub max_turns: u32,
}

impl Rules {
    pub fn index(&self, c: Cell) -> Option<usize> {
        (c.0 >= 0 && c.1 >= 0 && i32::from(c.0) < self.width && i32::from(c.1) < self.height)
            .then(|| c.1 as usize * self.width as usize + c.0 as usize)
    }

    pub fn terrain_at(&self, c: Cell) -> Option<&Terrain> {
        self.index(c)
            .map(|i| &self.terrain[usize::from(self.cells[i])])
    }

    pub fn elevation_at(&self, c: Cell) -> i32 {
        self.index(c).map_or(0, |i| self.elevation[i])
    }

    pub fn character(&self, u: UnitId) -> &Character {
        &self.characters[usize::from(u)]
    }

    pub fn weapon(&self, unit: UnitId, slot: u8) -> &Weapon {
        &self.weapons[self.character(unit).weapons[usize::from(slot)].0]
    }

    pub fn weapon_skill(&self, unit: UnitId, slot: u8) -> i32 {
        self.character(unit).weapons[usize::from(slot)].1
    }
}

/// A cell of the map, `(col, row)` in the odd-q offset layout, 1 yard across.
pub type Cell = (i16, i16);

pub fn hex(c: Cell) -> Hex {
    Hex::from_offset(i32::from(c.0), i32::from(c.1))
}

pub fn distance(a: Cell, b: Cell) -> u32 {
    hex(a).distance(hex(b))
}

/// The maneuver a fighter last chose (T3-TAB-MANEUVERS); its Defenses cell binds until the
/// fighter's next turn (T3-MANEUVER-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum Maneuver {
    None,
    DoNothing,
    Move,
    ChangePosture,
    Aim,
    Evaluate,
    Attack,
    Feint,
    AllOutAttack,
    MoveAndAttack,
    AllOutDefense,
    Concentrate,
    Ready,
    Wait,
}

impl Maneuver {
    pub fn name(self) -> &'static str {
        match self {
            Maneuver::None => "none",
            Maneuver::DoNothing => "Do Nothing",
            Maneuver::Move => "Move",
            Maneuver::ChangePosture => "Change Posture",
            Maneuver::Aim => "Aim",
            Maneuver::Evaluate => "Evaluate",
            Maneuver::Attack => "Attack",
            Maneuver::Feint => "Feint",
            Maneuver::AllOutAttack => "All-Out Attack",
            Maneuver::MoveAndAttack => "Move and Attack",
            Maneuver::AllOutDefense => "All-Out Defense",
            Maneuver::Concentrate => "Concentrate",
            Maneuver::Ready => "Ready",
            Maneuver::Wait => "Wait",
        }
    }
}

/// T3-MANEUVER-14: the All-Out Defense option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum AllOutDefense {
    Dodge,
    Parry,
    Block,
    Double,
}

impl AllOutDefense {
    pub fn name(self) -> &'static str {
        match self {
            AllOutDefense::Dodge => "dodge",
            AllOutDefense::Parry => "parry",
            AllOutDefense::Block => "block",
            AllOutDefense::Double => "double",
        }
    }
}

/// A weapon's condition after a malfunction (T3-TAB-MALF, T3-G22).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum Jam {
    Ok,
    /// Fails to fire until diagnosed and cleared (3 sec).
    Jammed {
        diagnosed: bool,
    },
    /// Needs an hour's repair (3-4): out of this fight once diagnosed.
    Broken {
        diagnosed: bool,
    },
}

/// Where a weapon is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum Held {
    Ready,
    Holstered,
    Dropped,
}

/// A weapon a fighter owns, and its state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Hash)]
pub struct Gun {
    pub held: Held,
    pub shots: u32,
    pub jam: Jam,
    /// Where it lies when dropped (T3-KNOCKDOWN-03).
    pub dropped_at: Cell,
}

/// A task of several Ready seconds under way (T3-READY-01, T3-G41).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Hash)]
pub struct Task {
    pub what: ReadyWhat,
    /// Seconds still to spend after the current one.
    pub left: u32,
}

/// What a Ready maneuver works on (T3-MANEUVER-17, T3-TAB-READY).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Hash)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum ReadyWhat {
    /// Draw a holstered weapon (1 sec).
    Draw { slot: u8 },
    /// Sheathe the ready weapon (2 sec).
    Sheathe { slot: u8 },
    /// Pick up a dropped weapon of one's own from this hex (a light item, 1 sec).
    PickUp { slot: u8 },
    /// Diagnose a malfunction (T3-MALF-03).
    Diagnose { slot: u8 },
    /// Clear a diagnosed jam: 3 sec, then a roll (T3-MALF-03).
    Clear { slot: u8 },
    /// Put out burning clothes (T3-BURN-01/02).
    Extinguish,
    /// Ready an item by its T3-TAB-READY row.
    Item { item: u8, task: ReadyTask },
}

/// The Wait maneuver's structured trigger (T3-MANEUVER-18, T3-G11): an enemy comes within
/// `within` yards, in sight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Hash)]
pub struct Trigger {
    pub within: u8,
}

/// A fighter in the battle: what changes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Hash)]
pub struct Fighter {
    pub at: Cell,
    /// 0 = north, clockwise; drawn only (the sheet has no facing rules).
    pub facing: u8,
    pub posture: Posture,
    pub crouching: bool,
    /// Current HP (T3-HP-*).
    pub hp: i32,
    pub fp: i32,
    pub conscious: bool,
    pub dead: bool,
    pub mortal_wound: bool,
    pub stunned: bool,
    /// Shock taken since the fighter's last turn, applied during its next (T3-SHOCK-01), as
    /// a positive number.
    pub shock_pending: i32,
    /// Shock in force this turn (a penalty of this size).
    pub shock: i32,
    /// The cap on pending shock, 4 or 8 (T3-SHOCK-03).
    pub shock_cap: i32,
    pub maneuver: Maneuver,
    pub aod: Option<AllOutDefense>,
    /// An active defense rolled since the start of its last turn.
    pub defended: bool,
    /// Parries since the start of its last turn (T3-DEFENSE-03).
    pub parries: u8,
    /// Retreated since the start of its last turn (T3-G31).
    pub retreated: bool,
    /// Dodge and Drop against this foe until its next turn (T3-DEFENSE-07).
    pub dropped_against: Option<UnitId>,
    /// A feint's penalty on defenses against the feinter, until the end of the feinter's
    /// next turn (T3-MANEUVER-08, T3-G07): (feinter, penalty, the turn it lapses after).
    pub feinted: Option<(UnitId, i32, u32)>,
    /// Consecutive Aim seconds: (target, weapon slot, seconds, braced) (T3-AIM-*).
    pub aim: Option<(UnitId, u8, u32, bool)>,
    /// Consecutive Evaluates: (target, count) (T3-MANEUVER-06).
    pub evaluate: Option<(UnitId, u32)>,
    /// Consecutive Move maneuvers (T3-MOVE-02), and seconds spent sprinting (T3-MOVE-04).
    pub moving: u32,
    pub sprinted: u32,
    /// Yards moved in its last turn (T3-SPEED-01, T3-G23).
    pub moved_last: u32,
    /// Yards moved this turn so far.
    pub moved: u32,
    /// Its weapons, in `Character::weapons` order.
    pub guns: SmallVec<[Gun; 4]>,
    /// Its items readied (bits over `Character::items`).
    pub items_ready: u32,
    pub task: Option<Task>,
    pub concentrating: u32,
    pub wait: Option<Trigger>,
    /// Burning clothes: 0 none, 1 partly, 2 wholly (T3-BURN-01/02); extinguish progress.
    pub burning: u8,
    pub extinguish: u8,
    /// Crippled and destroyed locations (bits of `Location::bit`).
    pub crippled: u16,
    pub destroyed: u16,
    /// Death checks already made, by multiple of HP (T3-HP-03).
    pub death_checks: u8,
    /// It woke with negative HP and rolls no more to stay conscious until injured (T3-G36).
    pub awake_below_zero: bool,
    /// Took its free crouch this turn (T3-CROUCH-01).
    pub crouch_done: bool,
    /// Spent its maneuver's step on kneeling or rising (T3-MOVE-01, T3-POSTURE-02).
    pub step_used: bool,
    /// Move and Attack: it has moved and now attacks.
    pub moved_to_attack: bool,
    /// Zones it was attacked from this turn (T3-G21: once per zone per turn).
    pub zone_hits: u16,
    /// Attacks that got through to it and defenses it made that stopped an attack whole, over
    /// the battle: what lets the odds tell a miss from a parry and a hit the armour stopped.
    pub hits_taken: u16,
    pub defenses_made: u16,
}

impl Fighter {
    /// A fighter as a battle opens: standing, unhurt, with `hp` and `fp` and its weapons, no
    /// maneuver yet. Setup and tests change what their scenario says otherwise.
    pub fn new(at: Cell, hp: i32, fp: i32, guns: SmallVec<[Gun; 4]>) -> Fighter {
        Fighter {
            at,
            facing: 0,
            posture: Posture::Standing,
            crouching: false,
            hp,
            fp,
            conscious: true,
            dead: false,
            mortal_wound: false,
            stunned: false,
            shock_pending: 0,
            shock: 0,
            shock_cap: 4,
            maneuver: Maneuver::None,
            aod: None,
            defended: false,
            parries: 0,
            retreated: false,
            dropped_against: None,
            feinted: None,
            aim: None,
            evaluate: None,
            moving: 0,
            sprinted: 0,
            moved_last: 0,
            moved: 0,
            guns,
            items_ready: 0,
            task: None,
            concentrating: 0,
            wait: None,
            burning: 0,
            extinguish: 0,
            crippled: 0,
            destroyed: 0,
            death_checks: 0,
            awake_below_zero: false,
            crouch_done: false,
            step_used: false,
            moved_to_attack: false,
            zone_hits: 0,
            hits_taken: 0,
            defenses_made: 0,
        }
    }

    /// Still in the fight: alive and awake.
    pub fn active(&self) -> bool {
        self.conscious && !self.dead
    }

    pub fn ready_slot(&self) -> Option<u8> {
        self.guns
            .iter()
            .position(|g| g.held == Held::Ready)
            .map(|i| i as u8)
    }
}

/// A Suppression Fire zone (T3-SUPPRESS-01/02, T3-G21): cells of a 2-yard lane from the
/// shooter, until the shooter's next turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Hash)]
pub struct Zone {
    pub shooter: UnitId,
    pub slot: u8,
    pub bullets: u32,
    /// Hits still available from its bullets (T3-G21 (3)).
    pub hits_left: u32,
    /// The zone's attack skill before the shooter's own effective skill against a target.
    pub skill: i32,
    pub cells: Vec<Cell>,
}

/// Wear on the cover of a cell (T3-COVER-07, T3-G29).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Hash)]
pub struct Wear {
    pub at: Cell,
    /// Damage from burn/cor/cr/cut/pi++ attacks, and from imp/pi-/pi/pi+ attacks.
    pub heavy: u32,
    pub light: u32,
    /// Glass broken (T3-COVER-08).
    pub broken: bool,
}

/// One attack waiting on the target's active defense (T3-DEFENSE-01, T3-CHECKLIST-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Hash)]
pub struct Pending {
    pub strike: Strike,
    /// Hits scored by the attack roll.
    pub hits: u32,
    /// The Rcl a defense's margin is counted in (T3-G17).
    pub rcl: u32,
    /// A first defense already failed under All-Out Defense (double) (T3-G10).
    pub first: Option<DefenseKind>,
}

/// The three active defenses (T3-DEFENSE-02..04).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Hash)]
#[serde(rename_all = "lowercase")]
pub enum DefenseKind {
    Dodge,
    Parry,
    Block,
}

/// What an attack is, before its roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Hash)]
pub struct Strike {
    pub attacker: UnitId,
    pub target: UnitId,
    pub slot: u8,
    pub location: Location,
    /// Shots fired at this target (1 for a single shot or melee).
    pub shots: u32,
    /// Targets the burst was split between (T3-AUTOFIRE-04).
    pub targets: u8,
    /// This target's place among them, from 0.
    pub nth: u8,
    /// Deceptive Attack levels (−2 to hit and −1 to defend each, T3-DECEPTIVE-01).
    pub deceptive: u8,
    pub kind: StrikeKind,
    /// The attack comes from a Suppression Fire zone (its index), at a random location.
    pub zone: Option<u8>,
}

/// The maneuver an attack is made under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum StrikeKind {
    Attack,
    /// All-Out Attack, melee +4 or ranged +1 (T3-MANEUVER-10/11).
    AllOutHit,
    /// All-Out Attack, melee: attack twice (this is one of the two).
    AllOutDouble,
    /// All-Out Attack, melee: +max(2, dice) damage (T3-G08).
    AllOutDamage,
    /// All-Out Attack, melee: the attack after a free feint.
    AllOutFeint,
    MoveAndAttack,
    /// A Suppression Fire zone's attack on someone entering it.
    Zone,
}

/// Work left to do once a decision in the middle of an action is made: the rest of a move
/// interrupted by a zone or a Wait, or more strikes of one maneuver.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Hash)]
pub enum Work {
    Strike(Strike),
    /// The rest of a move, cell by cell.
    Move {
        unit: UnitId,
        rest: Vec<Cell>,
    },
    /// Move and Attack has moved: the fighter now chooses its attack.
    Choose {
        unit: UnitId,
    },
    /// The actor's maneuver is over: end its turn.
    EndTurn {
        unit: UnitId,
    },
}

/// Whose decision it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Hash)]
#[serde(tag = "phase", rename_all = "kebab-case")]
pub enum Phase {
    /// The roll-off that settles ties in the turn order, once per combat (T3-G02).
    Order,
    /// A fighter's turn: one maneuver (T3-MANEUVER-01).
    Act {
        unit: UnitId,
    },
    /// The target of a successful attack chooses its active defense (T3-DEFENSE-01).
    Defend(Pending),
    /// A waiting fighter's trigger fired (T3-MANEUVER-18): it acts, or lets it pass.
    Triggered {
        waiter: UnitId,
        by: UnitId,
    },
    Over,
}

/// The whole battle at one moment.
#[derive(Debug, Clone, Serialize)]
pub struct State {
    #[serde(skip)]
    pub rules: &'static Rules,
    pub fighters: Vec<Fighter>,
    /// The second being played, from 1.
    pub turn: u32,
    /// The turn order (T3-G02) and whose turn it is in it.
    pub order: Vec<UnitId>,
    pub cursor: usize,
    pub phase: Phase,
    /// Work to finish after the current decision, last first.
    pub work: Vec<Work>,
    pub zones: Vec<Zone>,
    pub wear: Vec<Wear>,
}

impl State {
    pub fn fighter(&self, u: UnitId) -> &Fighter {
        &self.fighters[usize::from(u)]
    }

    pub fn character(&self, u: UnitId) -> &'static Character {
        let rules: &'static Rules = self.rules;
        rules.character(u)
    }

    pub fn side_of(&self, u: UnitId) -> SideId {
        self.rules.character(u).side
    }

    pub fn units(&self) -> impl Iterator<Item = UnitId> + '_ {
        (0..self.fighters.len()).map(|i| i as UnitId)
    }

    pub fn unit_at(&self, c: Cell) -> Option<UnitId> {
        self.units()
            .find(|&u| self.fighter(u).at == c && !self.fighter(u).dead)
    }

    /// Sides with a fighter still in the fight.
    pub fn sides_standing(&self) -> SmallVec<[SideId; 4]> {
        let mut sides: SmallVec<[SideId; 4]> = SmallVec::new();
        for u in self.units() {
            let s = self.side_of(u);
            if self.fighter(u).active() && !sides.contains(&s) {
                sides.push(s);
            }
        }
        sides
    }

    /// The fighter whose maneuver is under way (the owner of the current turn).
    pub fn actor(&self) -> Option<UnitId> {
        self.order.get(self.cursor).copied()
    }

    pub fn wear_at(&self, c: Cell) -> Option<&Wear> {
        self.wear.iter().find(|w| w.at == c)
    }

    /// The cover material of a cell, unless broken (T3-COVER-08).
    pub fn cover_at(&self, c: Cell) -> Option<(&'static CoverMaterial, &'static Terrain)> {
        let rules: &'static Rules = self.rules;
        let t = rules.terrain_at(c)?;
        let m = &rules.cover[t.cover?];
        if self.wear_at(c).is_some_and(|w| w.broken) {
            return None;
        }
        Some((m, t))
    }

    pub fn location_dr(&self, u: UnitId, loc: Location) -> u32 {
        self.character(u).dr[loc as usize]
    }
}
