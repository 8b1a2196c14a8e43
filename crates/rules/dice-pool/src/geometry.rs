//! The battlefield's geometry for dice-pool, on `fireteam-grid`: one flat-topped hex per metre
//! (the scale the rules give in metres), lines of sight through hex centres, and movement with
//! terrain costs. One figure per hex: moving into or through another figure is not allowed.

use crate::action::Gait;
use crate::resolve::{Cover, Darkness, Scatter};
use crate::state::{Pos, State};
use fireteam_grid::{line, Cell, EdgeRule, Hex, HexDir, LineStep};
use smallvec::SmallVec;

pub fn hex(p: Pos) -> Hex {
    Hex::from_offset(i32::from(p.col), i32::from(p.row))
}

fn pos(h: Hex) -> Option<Pos> {
    let (c, r) = h.to_offset();
    Some(Pos {
        col: u16::try_from(c).ok()?,
        row: u16::try_from(r).ok()?,
    })
}

/// Distance in hexes, which is metres at this scale.
pub fn distance(a: Pos, b: Pos) -> u32 {
    hex(a).distance(hex(b))
}

/// What a line of sight from one cell to another passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sight {
    pub clear: bool,
    /// Cover of the target: its own cell's, or a cell right before it on the line
    /// (DP-MOD-04; a suggestion the GM can override).
    pub cover: Cover,
    /// The darkest of the field, both ends, and every cell the line passes (smoke).
    pub darkness: Darkness,
}

/// The line of sight from `a` to `b` (grid rule: an exactly ambiguous edge blocks only if both
/// cells block, and gives cover only if both give it). Traced once per pair of cells per map.
pub fn sight(s: &State, a: Pos, b: Pos) -> Sight {
    let f = &s.field;
    let n = usize::from(f.width) * usize::from(f.height);
    let index = |p: Pos| usize::from(p.row) * usize::from(f.width) + usize::from(p.col);
    let Some(table) = f
        .sight_cache
        .table(n)
        .filter(|_| f.contains(a) && f.contains(b))
    else {
        return trace(s, a, b);
    };
    let slot = &table[index(a) * n + index(b)];
    let packed = slot.load(std::sync::atomic::Ordering::Relaxed);
    if packed != 0 {
        return unpack(packed);
    }
    let seen = trace(s, a, b);
    slot.store(pack(seen), std::sync::atomic::Ordering::Relaxed);
    seen
}

/// One byte, never 0: 1 + clear + 2·cover + 8·darkness.
fn pack(s: Sight) -> u8 {
    1 + u8::from(s.clear) + 2 * s.cover as u8 + 8 * s.darkness as u8
}

fn unpack(v: u8) -> Sight {
    let v = v - 1;
    let cover = match (v >> 1) & 3 {
        0 => Cover::None,
        1 => Cover::Half,
        _ => Cover::ThreeQuarters,
    };
    let darkness = match v >> 3 {
        0 => Darkness::None,
        1 => Darkness::Partial,
        _ => Darkness::Total,
    };
    Sight {
        clear: v & 1 == 1,
        cover,
        darkness,
    }
}

/// The line of sight traced afresh, without the cache.
pub fn trace(s: &State, a: Pos, b: Pos) -> Sight {
    let f = &s.field;
    let terrain = |h: Hex| pos(h).filter(|p| f.contains(*p)).map(|p| f.terrain_at(p));
    let mut darkness = f
        .ambient_darkness
        .max(f.terrain_at(a).darkness)
        .max(f.terrain_at(b).darkness);
    let mut clear = true;
    let mut last_cover = Cover::None;
    let (from, to) = (hex(a), hex(b));
    let mut last_step = None;
    for step in line(from, to) {
        last_step = Some(step);
        if EdgeRule::BothMustBlock.step_blocks(step, |h| terrain(h).is_some_and(|t| t.blocks_sight))
        {
            clear = false;
        }
        last_cover = match step {
            LineStep::Single(h) => terrain(h).map_or(Cover::None, |t| t.cover),
            LineStep::Edge(x, y) => {
                let cx = terrain(x).map_or(Cover::None, |t| t.cover);
                let cy = terrain(y).map_or(Cover::None, |t| t.cover);
                cx.min(cy)
            }
            LineStep::Corner(_) => last_cover,
        };
        if let LineStep::Single(h) = step {
            if let Some(t) = terrain(h) {
                darkness = darkness.max(t.darkness);
            }
        }
    }
    // Only a cell adjacent to the target shelters it.
    let before_target_adjacent =
        last_step.is_some_and(|st| st.cells().any(|h| h.distance(to) == 1));
    let cover = f.terrain_at(b).cover.max(if before_target_adjacent {
        last_cover
    } else {
        Cover::None
    });
    Sight {
        clear,
        cover,
        darkness,
    }
}

/// The longest move in metres (a run), which bounds the search window.
const MAX_MOVE: i32 = 10;
/// The window's side: every cell within 10 m lies within 10 columns and 10 rows of the start.
const SIDE: usize = (2 * MAX_MOVE + 1) as usize;
/// The window's rows, one bit each.
const ROWS: u32 = (1 << SIDE) - 1;
/// Costs 0 to 10.
const LEVELS: usize = MAX_MOVE as usize + 1;
const CENTRE: usize = MAX_MOVE as usize;

/// Where a figure can go this turn: the cheapest cost of every cell within `budget` metres.
///
/// Written here instead of calling `pathfinding` because this runs for every movement decision
/// of every battle. It is Dial's algorithm on bit sets, over a fixed window on the stack (every
/// cell within 10 m lies within 10 columns and 10 rows of the start), so it allocates nothing:
/// each window column is one word, bit `i` the row `start.row + i − 10`, and one cost level is
/// found for the whole window at once, from the neighbours of the earlier levels (the map's
/// [`MoveTable`](crate::state::MoveTable) gives the cells of each step cost) less the cells
/// reached already and those other figures stand in (one figure per hex).
///
/// The route to a cell ([`Reach::path`]) steps back from it, each time to the cheapest
/// neighbour it can be entered from, the lowest (column, row) among equals; so it is the route
/// Dial's algorithm finds when it scans each cost level in (column, row) order and keeps the
/// first route found, the same on every machine. A route never changes a battle: only where a
/// figure ends matters to the rules.
pub struct Reach {
    start: Pos,
    budget: u8,
    /// `level[c][j + 1]`: the cells of cost `c` in window column `j` (field column
    /// `start.col + j − 10`). Levels above `top` are left from earlier searches.
    level: [Columns; LEVELS],
    /// The highest level filled.
    top: usize,
}

/// Column `j` of the window's view of a column-major bit set of the map: the rows
/// `row0..row0 + 21` of field column `col` (rows outside the map read as 0).
fn window_column(bits: &[u64], height: usize, col: usize, row0: i32) -> u32 {
    let lo = row0.max(0) as usize;
    let hi = (row0 + SIDE as i32).min(height as i32);
    if hi as usize <= lo {
        return 0;
    }
    let n = hi as usize - lo;
    let first = col * height + lo;
    let (word, shift) = (first / 64, first % 64);
    let mut v = bits[word] >> shift;
    if shift + n > 64 {
        v |= bits[word + 1] << (64 - shift);
    }
    let v = (v as u32) & ((1u32 << n) - 1);
    v << (lo as i32 - row0)
}

/// The window's columns as words, column `j` at index `j + 1`, with empty columns around them
/// so that every column has one on each side, and every loop over them has one fixed length
/// (which the compiler turns into vector instructions).
type Columns = [u32; PADDED];
const PADDED: usize = SIDE + 3;

/// All ones at the even padded columns, and at the odd ones.
const EVEN_K: Columns = {
    let mut a = [0; PADDED];
    let mut k = 0;
    while k < PADDED {
        if k % 2 == 0 {
            a[k] = u32::MAX;
        }
        k += 1;
    }
    a
};
const ODD_K: Columns = {
    let mut a = [0; PADDED];
    let mut k = 1;
    while k < PADDED {
        a[k] = u32::MAX;
        k += 2;
    }
    a
};

/// The cells next to the cells of `f` (odd-q layout: a cell of an even column has its
/// neighbours across a row up and level, an odd column's level and a row down). `even[k]` is
/// all ones where padded column `k` is an even column of the map.
fn spread(f: &Columns, even: &Columns, out: &mut Columns) {
    for k in 1..PADDED - 1 {
        let across = f[k - 1] | f[k + 1];
        let tilted = (across << 1 & even[k]) | (across >> 1 & !even[k]);
        out[k] = (f[k] << 1 | f[k] >> 1 | across | tilted) & ROWS;
    }
}

/// What a search depends on besides the map: the start, the budget, and where every figure in
/// action stands.
#[derive(PartialEq)]
struct Key {
    /// The map's number ([`crate::state::MoveCache::id`]).
    field: u64,
    start: Pos,
    budget: u8,
    standing: SmallVec<[Pos; 16]>,
}

thread_local! {
    /// The last search made on this thread. A move's resolution asks for the search its legal
    /// actions made just before, and the greedy AI asks it for every move it weighs.
    static LAST: std::cell::RefCell<(Option<Key>, Reach)> =
        std::cell::RefCell::new((None, Reach::empty(Pos { col: 0, row: 0 })));
}

/// Calls `f` with the search from `start` within `budget` metres ([`Reach::new`]), which it
/// makes only when it is not the search made last on this thread: a search is a function of the
/// map, the start, the budget and where the figures in action stand, so this gives what
/// [`Reach::new`] would.
pub fn with_reach<T>(s: &State, start: Pos, budget: u32, f: impl FnOnce(&Reach) -> T) -> T {
    let budget = budget.min(MAX_MOVE as u32) as u8;
    let mut standing: SmallVec<[Pos; 16]> = SmallVec::new();
    standing.extend(s.units.iter().filter(|u| !u.out).map(|u| u.pos));
    let key = Key {
        field: s.field.move_cache.id(),
        start,
        budget,
        standing,
    };
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        if last.0.as_ref() != Some(&key) {
            last.1.search(s, start, budget);
            last.0 = Some(key);
        }
        f(&last.1)
    })
}

impl Reach {
    /// The search from `start` within `budget` metres.
    pub fn new(s: &State, start: Pos, budget: u32) -> Reach {
        let mut r = Reach::empty(start);
        r.search(s, start, budget.min(MAX_MOVE as u32) as u8);
        r
    }

    fn empty(start: Pos) -> Reach {
        Reach {
            start,
            budget: 0,
            level: [[0; PADDED]; LEVELS],
            top: 0,
        }
    }

    /// Makes this the search from `start` within `budget` metres.
    fn search(&mut self, s: &State, start: Pos, budget: u8) {
        let r = self;
        r.start = start;
        r.budget = budget;
        r.top = 0;
        r.level[0] = [0; PADDED];
        let budget = usize::from(budget);
        let f = &s.field;
        if !f.contains(start) {
            return;
        }
        let table = f.move_cache.get(f);
        let (col0, row0) = (
            i32::from(start.col) - MAX_MOVE,
            i32::from(start.row) - MAX_MOVE,
        );
        let (col_lo, col_hi) = (
            (-col0).max(0) as usize,
            (i32::from(f.width) - 1 - col0).min(SIDE as i32 - 1) as usize,
        );
        // Padded column k is field column start.col + k − 11: even where k and start.col differ
        // in parity.
        let even = if start.col.is_multiple_of(2) {
            &ODD_K
        } else {
            &EVEN_K
        };
        // The cells of each step cost in the window, without the cells others stand in.
        let mut occupied: Columns = [0; PADDED];
        for u in &s.units {
            if u.out || u.pos == start {
                continue;
            }
            if let Some((j, i)) = r.window(u.pos) {
                occupied[j + 1] |= 1 << i;
            }
        }
        let mut open: SmallVec<[(usize, Columns); 2]> = SmallVec::new();
        for (class, (cost, bits)) in table.classes.iter().enumerate() {
            let cost = usize::from(*cost);
            if cost > budget {
                break;
            }
            let mut cols: Columns = [0; PADDED];
            if let Some(short) = table.columns.get(class) {
                // Window column j is padded column start.col + j of the short map's table.
                let words = &short[usize::from(start.col)..usize::from(start.col) + SIDE];
                for (c, w) in cols[1..=SIDE].iter_mut().zip(words) {
                    *c = (w >> start.row) as u32 & ROWS;
                }
            } else {
                for j in col_lo..=col_hi {
                    let col = (col0 + j as i32) as usize;
                    cols[j + 1] = window_column(bits, usize::from(table.height), col, row0);
                }
            }
            for k in 0..PADDED {
                cols[k] &= !occupied[k];
            }
            open.push((cost, cols));
        }
        r.level[0][CENTRE + 1] = 1 << CENTRE;
        let mut reached = r.level[0];
        let mut near = [[0u32; PADDED]; LEVELS];
        spread(&r.level[0], even, &mut near[0]);
        // The last level that found a cell: once no step cost can reach past it, stop.
        let mut last = 0;
        for c in 1..=budget {
            let mut found: Columns = [0; PADDED];
            for (cost, cols) in &open {
                if *cost > c {
                    break;
                }
                let from = &near[c - cost];
                for k in 0..PADDED {
                    found[k] |= from[k] & cols[k];
                }
            }
            let mut any = 0;
            for k in 0..PADDED {
                found[k] &= !reached[k];
                reached[k] |= found[k];
                any |= found[k];
            }
            r.level[c] = found;
            if any != 0 {
                last = c;
                spread(&r.level[c], even, &mut near[c]);
            } else {
                near[c] = [0; PADDED];
                if open.last().is_none_or(|(cost, _)| c >= last + cost) {
                    break;
                }
            }
        }
        r.top = last;
    }

    /// The window column and row bit of `p`, if it lies in the window.
    fn window(&self, p: Pos) -> Option<(usize, u32)> {
        let dc = i32::from(p.col) - i32::from(self.start.col) + MAX_MOVE;
        let dr = i32::from(p.row) - i32::from(self.start.row) + MAX_MOVE;
        ((0..SIDE as i32).contains(&dc) && (0..SIDE as i32).contains(&dr))
            .then_some((dc as usize, dr as u32))
    }

    fn pos(&self, j: usize, i: u32) -> Pos {
        // Only cells of the map are ever reached, so both are in range.
        Pos {
            col: (i32::from(self.start.col) + j as i32 - MAX_MOVE) as u16,
            row: (i32::from(self.start.row) + i as i32 - MAX_MOVE) as u16,
        }
    }

    /// The cost to reach `p`, if it can be reached.
    pub fn cost(&self, p: Pos) -> Option<u32> {
        let (j, i) = self.window(p)?;
        (0..=self.top.min(usize::from(self.budget)))
            .find(|&c| self.level[c][j + 1] >> i & 1 == 1)
            .map(|c| c as u32)
    }

    /// Calls `f` with every reachable cell but the start whose cost lies in `costs`, in
    /// (column, row) order.
    pub fn each_cell(&self, costs: std::ops::RangeInclusive<u32>, mut f: impl FnMut(Pos)) {
        let lo = (*costs.start()).max(1) as usize;
        let hi = (*costs.end() as usize)
            .min(self.top)
            .min(usize::from(self.budget));
        if lo > hi {
            return;
        }
        let mut union: Columns = [0; PADDED];
        for level in &self.level[lo..=hi] {
            for k in 0..PADDED {
                union[k] |= level[k];
            }
        }
        for (j, &bits) in union[1..=SIDE].iter().enumerate() {
            for i in Bits(bits) {
                f(self.pos(j, i));
            }
        }
    }

    /// Every reachable cell but the start with its cost, in (column, row) order.
    pub fn cells(&self) -> Vec<(Pos, u32)> {
        let mut out = Vec::new();
        self.each_cell(1..=MAX_MOVE as u32, |p| {
            out.push((p, self.cost(p).unwrap_or(0)))
        });
        out
    }

    /// The cheapest route to `goal` within `budget` metres, both ends included.
    pub fn path(&self, s: &State, goal: Pos, budget: u32) -> Option<SmallVec<[Pos; 12]>> {
        let mut cost = self.cost(goal).filter(|&c| c <= budget)? as usize;
        let (mut j, mut i) = self.window(goal)?;
        let mut back: SmallVec<[Pos; 12]> = SmallVec::new();
        back.push(goal);
        while cost > 0 {
            let at = self.pos(j, i);
            let before = cost.checked_sub(s.field.terrain_at(at).move_cost.max(1) as usize)?;
            let level = &self.level[before];
            let has = |j: usize, i: u32| j < SIDE && i < SIDE as u32 && level[j + 1] >> i & 1 == 1;
            // The neighbours reached at `before`, lowest (column, row) first: the column to the
            // left (an even column's neighbours across are a row up and level, an odd column's
            // level and a row down), the same column, the column to the right.
            let across = if at.col.is_multiple_of(2) {
                [i.wrapping_sub(1), i]
            } else {
                [i, i + 1]
            };
            let from = across
                .iter()
                .map(|&r| (j.wrapping_sub(1), r))
                .chain([(j, i.wrapping_sub(1)), (j, i + 1)])
                .chain(across.iter().map(|&r| (j + 1, r)))
                .find(|&(c, r)| has(c, r))?;
            (j, i) = from;
            cost = before;
            back.push(self.pos(j, i));
        }
        back.reverse();
        Some(back)
    }
}

/// The set bits of a word, lowest first.
struct Bits(u32);

impl Iterator for Bits {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let b = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(b)
    }
}

/// The cheapest path from `start` to `goal` within `budget` metres, both ends included.
///
/// A move's resolution calls this right after the legal actions searched from the same place,
/// so it reads that run's search (its costs within `budget` are the same).
pub fn path(s: &State, start: Pos, goal: Pos, budget: u32) -> Option<SmallVec<[Pos; 12]>> {
    // A walk's legal actions come from the run's search.
    let search = if budget == Gait::Walk.metres() {
        Gait::Run.metres()
    } else {
        budget
    };
    with_reach(s, start, search, |r| r.path(s, goal, budget))
}

/// Where a missed throw lands (DP-GRENADE-02, DP-G18): from the aim point, `distance_m` hexes
/// in the direction of die face 1 = forward (the hex direction closest to thrower → aim), each
/// further face 60° clockwise. A throw that would leave the map stops at its edge.
pub fn scatter(s: &State, thrower: Pos, aim: Pos, sc: Scatter) -> Pos {
    let v = hex(aim) - hex(thrower);
    let cube = |h: Hex| [i64::from(h.q), i64::from(h.r), i64::from(h.s())];
    let dot = |a: [i64; 3], b: [i64; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    // The direction most aligned with the throw (cube coordinates keep angles); ties go to the
    // lower direction index so the result is the same everywhere.
    let forward = HexDir::ALL
        .iter()
        .enumerate()
        .max_by_key(|(i, d)| (dot(cube(d.vector()), cube(v)), std::cmp::Reverse(*i)))
        .map_or(0, |(i, _)| i);
    let dir = HexDir::ALL[(forward + (sc.direction.clamp(1, 6) as usize - 1)) % 6];
    let mut at = aim;
    for _ in 0..sc.distance_m {
        match pos(hex(at).step(dir)).filter(|p| s.field.contains(*p)) {
            Some(p) => at = p,
            None => break,
        }
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::{demo, sample_field};
    use std::sync::Arc;

    /// The search as first written: Dial's algorithm scanning the whole window at each cost, in
    /// (column, row, direction) order, keeping the first route found. The bit-set search must
    /// give the same costs and the same routes.
    fn reference(s: &State, start: Pos, budget: u32) -> Vec<(Pos, u32, Vec<Pos>)> {
        let budget = budget.min(MAX_MOVE as u32) as u8;
        let index = |p: Pos| {
            let dc = i32::from(p.col) - i32::from(start.col) + MAX_MOVE;
            let dr = i32::from(p.row) - i32::from(start.row) + MAX_MOVE;
            ((0..SIDE as i32).contains(&dc) && (0..SIDE as i32).contains(&dr))
                .then(|| dc as usize * SIDE + dr as usize)
        };
        let at = |i: usize| {
            let col = i32::from(start.col) + (i / SIDE) as i32 - MAX_MOVE;
            let row = i32::from(start.row) + (i % SIDE) as i32 - MAX_MOVE;
            Some(Pos {
                col: u16::try_from(col).ok()?,
                row: u16::try_from(row).ok()?,
            })
        };
        let enterable = |p: Pos| {
            s.field.contains(p)
                && !s.field.terrain_at(p).blocks_movement
                && !s
                    .units
                    .iter()
                    .any(|u| !u.out && u.pos == p && u.pos != start)
        };
        let mut cost = [u8::MAX; SIDE * SIDE];
        let mut step_in = [u8::MAX; SIDE * SIDE];
        let Some(si) = index(start) else {
            return Vec::new();
        };
        cost[si] = 0;
        for c in 0..=budget {
            for i in 0..SIDE * SIDE {
                if cost[i] != c {
                    continue;
                }
                let Some(p) = at(i) else { continue };
                for (d, dir) in HexDir::ALL.iter().enumerate() {
                    let Some(n) = pos(hex(p).step(*dir)) else {
                        continue;
                    };
                    let Some(ni) = index(n) else { continue };
                    if !enterable(n) {
                        continue;
                    }
                    let step = s.field.terrain_at(n).move_cost.clamp(1, 255) as u8;
                    let total = c.saturating_add(step);
                    if total <= budget && total < cost[ni] {
                        cost[ni] = total;
                        step_in[ni] = d as u8;
                    }
                }
            }
        }
        let mut out = Vec::new();
        for (i, &c) in cost.iter().enumerate() {
            if c == u8::MAX || c == 0 {
                continue;
            }
            let goal = at(i).unwrap();
            let mut path = vec![goal];
            let mut p = goal;
            while p != start {
                let d = step_in[index(p).unwrap()];
                p = pos(hex(p).step(HexDir::ALL[(usize::from(d) + 3) % 6])).unwrap();
                path.push(p);
            }
            path.reverse();
            out.push((goal, u32::from(c), path));
        }
        out
    }

    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            (z ^ (z >> 31)) % n
        }
    }

    #[test]
    fn the_bit_set_search_finds_the_costs_and_routes_of_dials_scan() {
        let mut rng = Rng(7);
        let base = demo().build();
        let legend = ['.', '.', '.', '#', 'h', '~', 'r', 'r'];
        let (mut cells, mut routes) = (0, 0);
        for case in 0..300 {
            // Some maps too tall for the short maps' one word per column.
            let tall = if case % 4 == 0 { 70 } else { 30 };
            let (w, h) = (1 + rng.below(30) as usize, 1 + rng.below(tall) as usize);
            let rows: Vec<String> = (0..h)
                .map(|_| {
                    (0..w)
                        .map(|_| legend[rng.below(legend.len() as u64) as usize])
                        .collect()
                })
                .collect();
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let mut s = base.clone();
            s.field = Arc::new(sample_field(&rows));
            for u in &mut s.units {
                u.pos = Pos {
                    col: rng.below(w as u64) as u16,
                    row: rng.below(h as u64) as u16,
                };
                u.out = rng.below(5) == 0;
            }
            // The memo must see every figure that moved, fell or stood up since.
            for _ in 0..3 {
                let u = 1 + rng.below(s.units.len() as u64 - 1) as usize;
                s.units[u].pos = Pos {
                    col: rng.below(w as u64) as u16,
                    row: rng.below(h as u64) as u16,
                };
                s.units[u].out = rng.below(3) == 0;
                let start = s.units[0].pos;
                let budget = [2, 5, 10][rng.below(3) as usize];
                let want: Vec<(Pos, u32)> = reference(&s, start, budget)
                    .iter()
                    .map(|(p, c, _)| (*p, *c))
                    .collect();
                assert_eq!(with_reach(&s, start, budget, Reach::cells), want);
            }
            let start = s.units[0].pos;
            for budget in [2, 5, 10] {
                let want = reference(&s, start, budget);
                let reach = Reach::new(&s, start, budget);
                let got: Vec<(Pos, u32)> = reach.cells();
                let want_cells: Vec<(Pos, u32)> = want.iter().map(|(p, c, _)| (*p, *c)).collect();
                assert_eq!(got, want_cells, "case {case}, budget {budget}: {rows:?}");
                cells += got.len();
                for (goal, _, route) in &want {
                    routes += usize::from(route.len() > 3);
                    assert_eq!(
                        reach.path(&s, *goal, budget).unwrap().to_vec(),
                        *route,
                        "case {case}, budget {budget}, to {goal}: {rows:?}"
                    );
                }
            }
        }
        assert!(
            cells > 20_000 && routes > 5_000,
            "{cells} cells, {routes} long routes"
        );
    }
}
