//! The battle state of dice-pool: units with their stats, weapons, position and condition, the
//! turn's initiative order, and what is being decided now.

use crate::data::{Stats, Weapon};
use crate::options::Options;
use crate::resolve::{Cover, Darkness, Movement, Size};
use fireteam_engine::{Checksum, SideId, UnitId};
use serde::Serialize;
use smallvec::SmallVec;
use std::sync::Arc;

/// A cell of the map as drawn: column and row of the ASCII art, 0-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Pos {
    pub col: u16,
    pub row: u16,
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{}", self.col, self.row)
    }
}

/// A kind of terrain and what it does in dice-pool.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Terrain {
    pub name: String,
    pub blocks_sight: bool,
    pub blocks_movement: bool,
    /// Metres of movement to enter one cell (1 for open ground).
    pub move_cost: u32,
    /// Cover for a figure in or right behind it (DP-MOD-04).
    pub cover: Cover,
    /// Darkness for a figure in it, or a line of sight through it (DP-MOD-04).
    pub darkness: Darkness,
}

impl Terrain {
    pub fn open() -> Terrain {
        Terrain {
            name: "open".into(),
            blocks_sight: false,
            blocks_movement: false,
            move_cost: 1,
            cover: Cover::None,
            darkness: Darkness::None,
        }
    }
}

/// The battlefield: a hex grid of 1 m cells (the system's scale), terrain per cell.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Field {
    pub width: u16,
    pub height: u16,
    /// Terrain index per cell, row by row.
    pub cells: Vec<u8>,
    pub terrain: Vec<Terrain>,
    /// A darkness that covers the whole field (night), from the scenario.
    pub ambient_darkness: Darkness,
    /// Lines of sight already traced on this map (see [`SightCache`]).
    #[serde(skip)]
    pub sight_cache: SightCache,
    /// The movement tables of this map, built on first use (see [`MoveCache`]).
    #[serde(skip)]
    pub move_cache: MoveCache,
}

/// What the movement search reads of a map, derived from its terrain once: for each step cost
/// a move can pay (1 to 10 m), the bit set of the cells that cost it to enter, column by column
/// (bit `col × height + row`). Cells that block movement, or cost more than a run, are in none.
#[derive(Debug, Default)]
pub struct MoveTable {
    pub height: u16,
    pub width: u16,
    /// (step cost, bits), by ascending cost.
    pub classes: Vec<(u8, Vec<u64>)>,
    /// On a map at most [`MoveTable::SHORT`] rows high, the same sets one word per column, the
    /// rows shifted up by 10, with 10 empty columns on either side: the 21 rows around row `r`
    /// of column `c` are `(columns[c + 10] >> r) & 0x1f_ffff`, one load and one shift. In the
    /// order of `classes`.
    pub columns: Vec<Vec<u64>>,
    /// On a small map ([`MoveTable::small`]), the same sets for the whole map as one board each:
    /// cell (col, row) at bit `col × (height + 1) + row`, so every column ends with a clear bit.
    /// In the order of `classes`; empty on other maps.
    pub boards: Vec<Board>,
    /// On a small map, the bits of its even columns (odd-q: their neighbours across are a row
    /// up and level).
    pub even: Board,
    /// On a small map, the cell of each bit of its boards, one per bit of the words they use
    /// (the clear bits after columns name no cell and read as 0,0); empty on other maps.
    pub cells: Vec<Pos>,
}

/// A bit set of up to 512 cells, the movement search's unit of work.
pub type Board = [u64; 8];

impl MoveTable {
    /// The tallest map whose columns fit one word each, with 10 empty rows above and below.
    pub const SHORT: u16 = 44;

    /// Whether a map `width` × `height` is small: its columns, each with one clear bit after
    /// its last row, fit in one [`Board`], and a column in less than a word. The search then
    /// works on the whole map instead of a window around the start.
    pub fn small(width: u16, height: u16) -> bool {
        let stride = usize::from(height) + 1;
        stride < 64 && stride * usize::from(width) <= 64 * 8
    }
}

/// The [`MoveTable`] of a field, built on first use by whichever thread asks, and a number that
/// no other field of this process has (a copy gets a new one), which names the map in the
/// movement search's memo.
#[derive(Debug)]
pub struct MoveCache(std::sync::OnceLock<MoveTable>, u64);

impl Default for MoveCache {
    fn default() -> Self {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        MoveCache(
            std::sync::OnceLock::new(),
            NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        )
    }
}

impl MoveCache {
    /// This field's number.
    pub fn id(&self) -> u64 {
        self.1
    }

    pub fn get(&self, f: &Field) -> &MoveTable {
        self.0.get_or_init(|| {
            let (w, h) = (usize::from(f.width), usize::from(f.height));
            let words = (w * h).div_ceil(64);
            let mut classes: Vec<(u8, Vec<u64>)> = Vec::new();
            for col in 0..f.width {
                for row in 0..f.height {
                    let t = f.terrain_at(Pos { col, row });
                    if t.blocks_movement || t.move_cost > 10 {
                        continue;
                    }
                    let cost = t.move_cost.max(1) as u8;
                    let k = match classes.iter().position(|(c, _)| *c == cost) {
                        Some(k) => k,
                        None => {
                            classes.push((cost, vec![0; words]));
                            classes.len() - 1
                        }
                    };
                    let bit = usize::from(col) * h + usize::from(row);
                    classes[k].1[bit / 64] |= 1 << (bit % 64);
                }
            }
            classes.sort_by_key(|(c, _)| *c);
            let columns = if f.height <= MoveTable::SHORT {
                classes
                    .iter()
                    .map(|(_, bits)| {
                        let mut cols = vec![0u64; w + 20];
                        for col in 0..w {
                            for row in 0..h {
                                let bit = col * h + row;
                                if bits[bit / 64] >> (bit % 64) & 1 == 1 {
                                    cols[col + 10] |= 1 << (row + 10);
                                }
                            }
                        }
                        cols
                    })
                    .collect()
            } else {
                Vec::new()
            };
            let small = MoveTable::small(f.width, f.height);
            let stride = h + 1;
            let set = |board: &mut Board, col: usize, row: usize| {
                let bit = col * stride + row;
                board[bit / 64] |= 1 << (bit % 64);
            };
            let boards = if small {
                classes
                    .iter()
                    .map(|(_, bits)| {
                        let mut board = [0; 8];
                        for col in 0..w {
                            for row in 0..h {
                                let bit = col * h + row;
                                if bits[bit / 64] >> (bit % 64) & 1 == 1 {
                                    set(&mut board, col, row);
                                }
                            }
                        }
                        board
                    })
                    .collect()
            } else {
                Vec::new()
            };
            let mut even = [0; 8];
            let mut cells = Vec::new();
            if small {
                for col in (0..w).step_by(2) {
                    for row in 0..stride {
                        set(&mut even, col, row);
                    }
                }
                cells = vec![Pos { col: 0, row: 0 }; (stride * w).div_ceil(64) * 64];
                for col in 0..f.width {
                    for row in 0..f.height {
                        cells[usize::from(col) * stride + usize::from(row)] = Pos { col, row };
                    }
                }
            }
            MoveTable {
                height: f.height,
                width: f.width,
                classes,
                columns,
                boards,
                even,
                cells,
            }
        })
    }
}

/// A copy starts empty: the tables are derived data.
impl Clone for MoveCache {
    fn clone(&self) -> Self {
        MoveCache::default()
    }
}

/// The tables never make two fields differ.
impl PartialEq for MoveCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// Lines of sight depend only on the map, so each pair of cells is traced once and kept: the
/// greedy AI asks for the same lines on every path of every enumeration. Entries are filled on
/// first use by whichever thread asks; two threads filling one entry write the same byte.
/// Maps above [`SightCache::MAX_CELLS`] cells are traced every time.
#[derive(Debug, Default)]
pub struct SightCache(std::sync::OnceLock<Box<[std::sync::atomic::AtomicU8]>>);

impl SightCache {
    pub const MAX_CELLS: usize = 1024;

    /// The table for a map of `cells` cells, allocated on first use.
    pub fn table(&self, cells: usize) -> Option<&[std::sync::atomic::AtomicU8]> {
        if cells > Self::MAX_CELLS {
            return None;
        }
        Some(self.0.get_or_init(|| {
            (0..cells * cells)
                .map(|_| std::sync::atomic::AtomicU8::new(0))
                .collect()
        }))
    }
}

/// A copy starts empty: the cache is derived data.
impl Clone for SightCache {
    fn clone(&self) -> Self {
        SightCache::default()
    }
}

/// The cache never makes two fields differ.
impl PartialEq for SightCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Field {
    pub fn open(width: u16, height: u16) -> Field {
        Field {
            width,
            height,
            cells: vec![0; usize::from(width) * usize::from(height)],
            terrain: vec![Terrain::open()],
            ambient_darkness: Darkness::None,
            sight_cache: SightCache::default(),
            move_cache: MoveCache::default(),
        }
    }

    pub fn contains(&self, p: Pos) -> bool {
        p.col < self.width && p.row < self.height
    }

    pub fn terrain_at(&self, p: Pos) -> &Terrain {
        let i = usize::from(p.row) * usize::from(self.width) + usize::from(p.col);
        &self.terrain[usize::from(self.cells.get(i).copied().unwrap_or(0))]
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Stance {
    Standing,
    Prone,
}

/// One fighter.
#[derive(Debug, PartialEq, Serialize)]
pub struct Unit {
    pub name: Arc<str>,
    pub side: SideId,
    pub stats: Stats,
    pub size: Size,
    pub pos: Pos,
    pub stance: Stance,
    /// Indices into the state's weapon list.
    pub weapons: SmallVec<[u16; 4]>,
    /// Rounds loaded, per weapon (grenades: how many are carried).
    pub loaded: SmallVec<[u16; 4]>,
    /// The weapon in hand (DP-DRAW-01).
    pub ready: Option<u16>,
    pub wounds: i32,
    /// Stunned until the end of the turn (DP-G07).
    pub stunned: bool,
    pub out: bool,
    // This turn:
    pub initiative: i64,
    pub extra_action: bool,
    pub movement: Movement,
    pub moved: bool,
    /// Metres moved this turn, by the terrain's costs (DP-TAB-MOVEMENT).
    pub metres: u8,
    pub actions_left: u8,
    /// Drew a weapon this turn: one shot only (DP-DRAW-01), without penalty after a fast draw.
    pub drew: bool,
    pub fast_draw: bool,
    /// Shots and bursts declared this turn, for the one-shot limit of drawing (DP-DRAW-01).
    pub shots_fired: u8,
    /// Failed a fast draw: cannot shoot this turn (DP-DRAW-02).
    pub draw_failed: bool,
    /// Aimed: +2 dice to the next shot (DP-AIM-01, DP-G12).
    pub aiming: bool,
    pub dodge_left: i32,
    pub parry_left: i32,
}

/// A unit is copied field by field; [`Clone::clone_from`] keeps the name it has when it is the
/// same (the greedy AI refills one scratch state from the real one for every outcome it weighs,
/// and a name's reference count is shared between threads).
impl Clone for Unit {
    fn clone(&self) -> Self {
        Unit {
            name: self.name.clone(),
            side: self.side,
            stats: self.stats,
            size: self.size,
            pos: self.pos,
            stance: self.stance,
            weapons: self.weapons.clone(),
            loaded: self.loaded.clone(),
            ready: self.ready,
            wounds: self.wounds,
            stunned: self.stunned,
            out: self.out,
            initiative: self.initiative,
            extra_action: self.extra_action,
            movement: self.movement,
            moved: self.moved,
            metres: self.metres,
            actions_left: self.actions_left,
            drew: self.drew,
            fast_draw: self.fast_draw,
            shots_fired: self.shots_fired,
            draw_failed: self.draw_failed,
            aiming: self.aiming,
            dodge_left: self.dodge_left,
            parry_left: self.parry_left,
        }
    }

    fn clone_from(&mut self, o: &Self) {
        let Unit {
            name,
            side,
            stats,
            size,
            pos,
            stance,
            weapons,
            loaded,
            ready,
            wounds,
            stunned,
            out,
            initiative,
            extra_action,
            movement,
            moved,
            metres,
            actions_left,
            drew,
            fast_draw,
            shots_fired,
            draw_failed,
            aiming,
            dodge_left,
            parry_left,
        } = self;
        if !Arc::ptr_eq(name, &o.name) {
            *name = o.name.clone();
        }
        *side = o.side;
        *stats = o.stats;
        *size = o.size;
        *pos = o.pos;
        *stance = o.stance;
        copy_small(weapons, &o.weapons);
        copy_small(loaded, &o.loaded);
        *ready = o.ready;
        *wounds = o.wounds;
        *stunned = o.stunned;
        *out = o.out;
        *initiative = o.initiative;
        *extra_action = o.extra_action;
        *movement = o.movement;
        *moved = o.moved;
        *metres = o.metres;
        *actions_left = o.actions_left;
        *drew = o.drew;
        *fast_draw = o.fast_draw;
        *shots_fired = o.shots_fired;
        *draw_failed = o.draw_failed;
        *aiming = o.aiming;
        *dodge_left = o.dodge_left;
        *parry_left = o.parry_left;
    }
}

/// `to = from`, element by element when the lengths agree (they always do between two states
/// of one battle).
fn copy_small(to: &mut SmallVec<[u16; 4]>, from: &SmallVec<[u16; 4]>) {
    if to.len() == from.len() {
        to.copy_from_slice(from);
    } else {
        to.clone_from(from);
    }
}

impl Unit {
    pub fn wounded(&self) -> bool {
        self.wounds > 0
    }

    /// The index of `weapon` in this unit's own list.
    pub fn slot(&self, weapon: u16) -> Option<usize> {
        self.weapons.iter().position(|&w| w == weapon)
    }
}

/// An attack waiting for the defender to assign dodge or parry dice (DP-DODGE-02,
/// DP-MELEE-03, DP-GRENADE-05).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Pending {
    Shot {
        attacker: UnitId,
        target: UnitId,
        weapon: u16,
        mode: crate::data::FireMode,
        /// 1-based number of this shot or burst, and how many were declared.
        shot: u8,
        of: u8,
        aimed: bool,
    },
    Melee {
        attacker: UnitId,
        target: UnitId,
        weapon: u16,
    },
    Blast {
        thrower: UnitId,
        weapon: u16,
        at: Pos,
        /// The throw's own difficulty, for `dp.grenade_difficulty_from_thrower_range`.
        throw_difficulty: i64,
        /// Units still to be attacked by the blast, in order; the first decides now.
        targets: SmallVec<[UnitId; 8]>,
    },
}

/// What is being decided now.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Phase {
    /// The turn starts: initiative is rolled (DP-INIT-01).
    TurnStart,
    /// `order[cursor]` acts, in pass 1 or 2 (DP-G08).
    Activation,
    /// A defender assigns dice to `Pending`.
    Defense(Pending),
    /// The defender has assigned the dice; the attack is rolled next (defense dice, the pool,
    /// and on a hit the damage), a step nobody chooses (DP-DODGE-03, DP-SHOOT-01, DP-MELEE-01,
    /// DP-GRENADE-04, DP-DAMAGE-01).
    Roll(Pending, u8),
    Over,
}

#[derive(Debug, PartialEq, Serialize)]
pub struct State {
    pub opts: Options,
    pub field: Arc<Field>,
    pub weapons: Arc<[Weapon]>,
    pub side_names: Arc<[String]>,
    pub units: Vec<Unit>,
    pub turn: u32,
    pub max_turns: u32,
    pub phase: Phase,
    /// This turn's activation order (DP-INIT-02), by unit id.
    pub order: SmallVec<[UnitId; 16]>,
    pub cursor: usize,
    pub pass: u8,
    /// Wounds and stuns of a simultaneous initiative count, applied when the count ends
    /// (DP-INIT-03, DP-G09): (unit, wounds). Every hit stuns (DP-G07), so each entry also stuns.
    pub deferred: SmallVec<[(UnitId, i32); 8]>,
}

/// [`Clone::clone_from`] reuses the units' buffer and keeps the shared parts (map, catalog,
/// names) it already points to, so refilling a scratch state allocates nothing and touches no
/// reference count.
impl Clone for State {
    fn clone(&self) -> Self {
        State {
            opts: self.opts,
            field: self.field.clone(),
            weapons: self.weapons.clone(),
            side_names: self.side_names.clone(),
            units: self.units.clone(),
            turn: self.turn,
            max_turns: self.max_turns,
            phase: self.phase.clone(),
            order: self.order.clone(),
            cursor: self.cursor,
            pass: self.pass,
            deferred: self.deferred.clone(),
        }
    }

    fn clone_from(&mut self, o: &Self) {
        let State {
            opts,
            field,
            weapons,
            side_names,
            units,
            turn,
            max_turns,
            phase,
            order,
            cursor,
            pass,
            deferred,
        } = self;
        *opts = o.opts;
        if !Arc::ptr_eq(field, &o.field) {
            *field = o.field.clone();
        }
        if !Arc::ptr_eq(weapons, &o.weapons) {
            *weapons = o.weapons.clone();
        }
        if !Arc::ptr_eq(side_names, &o.side_names) {
            *side_names = o.side_names.clone();
        }
        units.clone_from(&o.units);
        *turn = o.turn;
        *max_turns = o.max_turns;
        phase.clone_from(&o.phase);
        order.clone_from(&o.order);
        *cursor = o.cursor;
        *pass = o.pass;
        deferred.clone_from(&o.deferred);
    }
}

impl State {
    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.units[usize::from(id)]
    }

    /// The unit whose activation it is, if any.
    pub fn active(&self) -> Option<UnitId> {
        match self.phase {
            Phase::Activation => self.order.get(self.cursor).copied(),
            _ => None,
        }
    }

    /// Whether the active unit shares its initiative count with another unit acting this pass
    /// (DP-INIT-03): then its wounds and stuns wait for the count to end.
    pub fn in_simultaneous_count(&self) -> bool {
        // During a defense the cursor still points at the unit whose action it is.
        let Some(&me) = self.order.get(self.cursor) else {
            return false;
        };
        let init = self.unit(me).initiative;
        self.order
            .iter()
            .filter(|&&u| self.acts_in_pass(u) && self.unit(u).initiative == init)
            .count()
            > 1
    }

    /// Whether `u` acts in the current pass: everyone in pass 1, the extra actions in pass 2.
    pub fn acts_in_pass(&self, u: UnitId) -> bool {
        let unit = self.unit(u);
        !unit.out && (self.pass == 1 || unit.extra_action)
    }

    pub fn checksum(&self) -> u64 {
        let mut c = Checksum::new();
        c.u64(u64::from(self.turn))
            .u64(self.cursor as u64)
            .u64(u64::from(self.pass));
        hash_phase(&mut c, &self.phase);
        for u in &self.units {
            c.u64(u64::from(u.pos.col))
                .u64(u64::from(u.pos.row))
                .bool(u.stance == Stance::Prone)
                .i64(i64::from(u.wounds))
                .bool(u.stunned)
                .bool(u.out)
                .i64(u.initiative)
                .bool(u.extra_action)
                .bool(u.moved)
                .u64(u64::from(u.metres))
                .u64(u64::from(u.actions_left))
                .bool(u.drew)
                .bool(u.fast_draw)
                .u64(u64::from(u.shots_fired))
                .bool(u.draw_failed)
                .bool(u.aiming)
                .i64(i64::from(u.dodge_left))
                .i64(i64::from(u.parry_left))
                .u64(u.ready.map_or(u64::MAX, u64::from));
            for l in &u.loaded {
                c.u64(u64::from(*l));
            }
        }
        for (u, w) in &self.deferred {
            c.u64(u64::from(*u)).i64(i64::from(*w));
        }
        for o in &self.order {
            c.u64(u64::from(*o));
        }
        c.finish()
    }
}

fn hash_phase(c: &mut Checksum, phase: &Phase) {
    match phase {
        Phase::TurnStart => c.u64(0),
        Phase::Activation => c.u64(1),
        Phase::Over => c.u64(2),
        Phase::Roll(p, dice) => {
            c.u64(6).u64(u64::from(*dice));
            hash_pending(c, p);
            c
        }
        Phase::Defense(p) => hash_pending(c, p),
    };
}

fn hash_pending<'c>(c: &'c mut Checksum, p: &Pending) -> &'c mut Checksum {
    match p {
        Pending::Shot {
            attacker,
            target,
            weapon,
            mode,
            shot,
            of,
            aimed,
        } => c
            .u64(3)
            .u64(u64::from(*attacker))
            .u64(u64::from(*target))
            .u64(u64::from(*weapon))
            .u64(*mode as u64)
            .u64(u64::from(*shot))
            .u64(u64::from(*of))
            .bool(*aimed),
        Pending::Melee {
            attacker,
            target,
            weapon,
        } => c
            .u64(4)
            .u64(u64::from(*attacker))
            .u64(u64::from(*target))
            .u64(u64::from(*weapon)),
        Pending::Blast {
            thrower,
            weapon,
            at,
            throw_difficulty,
            targets,
        } => {
            c.u64(5)
                .u64(u64::from(*thrower))
                .u64(u64::from(*weapon))
                .u64(u64::from(at.col))
                .u64(u64::from(at.row))
                .i64(*throw_difficulty);
            for t in targets {
                c.u64(u64::from(*t));
            }
            c
        }
    }
}
