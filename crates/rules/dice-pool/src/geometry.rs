//! The battlefield's geometry for dice-pool, on `fireteam-grid`: one flat-topped hex per metre
//! (the scale the rules give in metres), lines of sight through hex centres, and movement with
//! terrain costs. One figure per hex: moving into or through another figure is not allowed.

use crate::action::Gait;
use crate::resolve::{Cover, Darkness, Scatter};
use crate::state::{Board, MoveTable, Pos, State};
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

/// The longest move in metres (a run), which bounds the search.
const MAX_MOVE: i32 = 10;
/// The window's side on a map too large for one board: every cell within 10 m lies within 10
/// columns and 10 rows of the start.
const SIDE: u32 = (2 * MAX_MOVE + 1) as u32;
/// The window's rows, one bit each.
const ROWS: u64 = (1 << SIDE) - 1;
/// Costs 0 to 10.
const LEVELS: usize = MAX_MOVE as usize + 1;
/// The words of a [`Board`].
const WORDS: usize = 8;

/// Which cells the bits of a search's boards stand for. Board column `c` is field column
/// `col0 + c`; its `rows` cells, from field row `row0` on, are the bits from `c × stride` on,
/// and one clear bit follows them (`stride = rows + 1`), so that a step along a column never
/// enters the next one. In (column, row) order, as the bits are.
#[derive(Debug, Clone, Copy)]
struct Frame {
    col0: i32,
    row0: i32,
    cols: u32,
    rows: u32,
    stride: u32,
    /// The words of a board this frame uses.
    words: usize,
    /// Whether this is the whole of a small map, whose table names the cell of each bit.
    whole: bool,
    /// ⌈2¹⁶ / stride⌉: `bit × magic >> 16` is `bit / stride` for every bit of a board (below
    /// 512, with a stride below 64), without a division.
    magic: u32,
}

impl Frame {
    /// The whole of a small map ([`MoveTable::small`]).
    fn map(width: u16, height: u16) -> Frame {
        let stride = u32::from(height) + 1;
        Frame {
            col0: 0,
            row0: 0,
            cols: u32::from(width),
            rows: u32::from(height),
            stride,
            words: (stride * u32::from(width)).div_ceil(64) as usize,
            whole: true,
            magic: (1u32 << 16).div_ceil(stride),
        }
    }

    /// The 21 × 21 cells around `start`, on a larger map.
    fn window(start: Pos) -> Frame {
        Frame {
            col0: i32::from(start.col) - MAX_MOVE,
            row0: i32::from(start.row) - MAX_MOVE,
            cols: SIDE,
            rows: SIDE,
            stride: SIDE + 1,
            words: (SIDE * (SIDE + 1)).div_ceil(64) as usize,
            whole: false,
            magic: (1u32 << 16).div_ceil(SIDE + 1),
        }
    }

    /// The board column and row of bit `bit`.
    fn split(&self, bit: u32) -> (u32, u32) {
        let c = (bit * self.magic) >> 16;
        (c, bit - c * self.stride)
    }

    /// The board column and row of `p`, if the frame holds it.
    fn place(&self, p: Pos) -> Option<(u32, u32)> {
        let c = i32::from(p.col) - self.col0;
        let r = i32::from(p.row) - self.row0;
        (c >= 0 && r >= 0 && (c as u32) < self.cols && (r as u32) < self.rows)
            .then_some((c as u32, r as u32))
    }

    fn bit(&self, c: u32, r: u32) -> u32 {
        c * self.stride + r
    }

    fn pos(&self, c: u32, r: u32) -> Pos {
        // Only cells of the map are ever reached, so both are in range.
        Pos {
            col: (self.col0 + c as i32) as u16,
            row: (self.row0 + r as i32) as u16,
        }
    }
}

fn set(b: &mut [u64], bit: u32) {
    b[(bit / 64) as usize] |= 1 << (bit % 64);
}

fn test(b: &[u64], bit: u32) -> bool {
    b[(bit / 64) as usize] >> (bit % 64) & 1 == 1
}

/// The bits of the window's even columns (`parity` 0) or odd ones (1).
const fn window_columns(parity: u32) -> Board {
    let mut b = [0; WORDS];
    let mut c = parity;
    while c < SIDE {
        let mut r = 0;
        while r <= SIDE {
            let bit = c * (SIDE + 1) + r;
            b[(bit / 64) as usize] |= 1 << (bit % 64);
            r += 1;
        }
        c += 2;
    }
    b
}
const WINDOW_EVEN: Board = window_columns(0);
const WINDOW_ODD: Board = window_columns(1);

/// `a` shifted `s` bits up (towards higher bits), `0 < s < 64`.
#[inline(always)]
fn shl<const N: usize>(a: &[u64; N], s: u32) -> [u64; N] {
    let mut o = [0; N];
    for i in 0..N {
        o[i] = a[i] << s;
        if i > 0 {
            o[i] |= a[i - 1] >> (64 - s);
        }
    }
    o
}

/// `a` shifted `s` bits down, `0 < s < 64`.
#[inline(always)]
fn shr<const N: usize>(a: &[u64; N], s: u32) -> [u64; N] {
    let mut o = [0; N];
    for i in 0..N {
        o[i] = a[i] >> s;
        if i + 1 < N {
            o[i] |= a[i + 1] << (64 - s);
        }
    }
    o
}

/// The cells next to the cells of `f` (odd-q layout: a cell of an even column has its
/// neighbours across a row up and level, an odd column's level and a row down), and some clear
/// bits after columns, which no step cost's set holds. `even` holds the even columns.
#[inline(always)]
fn spread<const N: usize>(f: &[u64; N], even: &[u64; N], stride: u32) -> [u64; N] {
    let (left, right) = (shl(f, stride), shr(f, stride));
    let mut across = [0; N];
    for k in 0..N {
        across[k] = left[k] | right[k];
    }
    let (down, up) = (shl(&across, 1), shr(&across, 1));
    let (below, above) = (shl(f, 1), shr(f, 1));
    let mut out = [0; N];
    for k in 0..N {
        out[k] = below[k] | above[k] | across[k] | (down[k] & even[k]) | (up[k] & !even[k]);
    }
    out
}

/// Where a figure can go this turn: the cheapest cost of every cell within `budget` metres.
///
/// Written here instead of calling `pathfinding` because this runs for every movement decision
/// of every battle. It is Dial's algorithm on bit sets on the stack, so it allocates nothing:
/// a [`Board`] holds the cells column by column (see `Frame`), the whole map on a small map
/// ([`MoveTable::small`], every shipped scenario's) and otherwise the 21 × 21 window around
/// the start (every cell within 10 m lies within 10 columns and 10 rows of it), and one cost
/// level is found for all of them at once, from the neighbours of the earlier levels (the map's
/// [`MoveTable`] gives the cells of each step cost) less the cells reached already and those
/// other figures stand in (one figure per hex).
///
/// The route to a cell ([`Reach::path`]) steps back from it, each time to the cheapest
/// neighbour it can be entered from, the lowest (column, row) among equals; so it is the route
/// Dial's algorithm finds when it scans each cost level in (column, row) order and keeps the
/// first route found, the same on every machine. A route never changes a battle: only where a
/// figure ends matters to the rules.
pub struct Reach {
    start: Pos,
    budget: u8,
    frame: Frame,
    /// `level[c]`: the cells of cost `c`, in the frame's first words. Levels above `top`, and
    /// the words past the frame's, are left from earlier searches.
    level: [Board; LEVELS],
    /// The highest level filled.
    top: usize,
}

/// Column `j` of the window's view of a column-major bit set of the map: the rows
/// `row0..row0 + 21` of field column `col` (rows outside the map read as 0).
fn window_column(bits: &[u64], height: usize, col: usize, row0: i32) -> u64 {
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
    let v = v & ((1u64 << n) - 1);
    v << (lo as i32 - row0)
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
            frame: Frame::window(start),
            level: [[0; WORDS]; LEVELS],
            top: 0,
        }
    }

    /// Makes this the search from `start` within `budget` metres.
    fn search(&mut self, s: &State, start: Pos, budget: u8) {
        self.start = start;
        self.budget = budget;
        self.top = 0;
        self.level[0] = [0; WORDS];
        let f = &s.field;
        if !f.contains(start) {
            self.frame = Frame::window(start);
            return;
        }
        let table = f.move_cache.get(f);
        let small = MoveTable::small(f.width, f.height);
        self.frame = if small {
            Frame::map(f.width, f.height)
        } else {
            Frame::window(start)
        };
        // One copy of the search per number of words, each with loops of fixed length.
        match self.frame.words {
            1 => self.levels::<1>(s, table, small),
            2 => self.levels::<2>(s, table, small),
            3 => self.levels::<3>(s, table, small),
            4 => self.levels::<4>(s, table, small),
            5 => self.levels::<5>(s, table, small),
            6 => self.levels::<6>(s, table, small),
            7 => self.levels::<7>(s, table, small),
            _ => self.levels::<8>(s, table, small),
        }
    }

    /// The search's levels, on boards of `N` words.
    fn levels<const N: usize>(&mut self, s: &State, table: &MoveTable, small: bool) {
        let (start, frame, budget) = (self.start, self.frame, usize::from(self.budget));
        // The cells others stand in.
        let mut occupied = [0u64; N];
        for u in &s.units {
            if u.out || u.pos == start {
                continue;
            }
            if let Some((c, r)) = frame.place(u.pos) {
                set(&mut occupied, frame.bit(c, r));
            }
        }
        // The cells of each step cost the move can pay, less those.
        let mut open = [(0usize, [0u64; N]); LEVELS];
        let mut classes = 0;
        for (class, (cost, bits)) in table.classes.iter().enumerate() {
            let cost = usize::from(*cost);
            if cost > budget {
                break;
            }
            let b = &mut open[classes].1;
            if small {
                b.copy_from_slice(&table.boards[class][..N]);
            } else if let Some(short) = table.columns.get(class) {
                // Window column j is padded column start.col + j of the short map's table.
                let words = &short[usize::from(start.col)..][..SIDE as usize];
                for (j, w) in words.iter().enumerate() {
                    put(b, frame.bit(j as u32, 0), (w >> start.row) & ROWS);
                }
            } else {
                let (col_lo, col_hi) = (
                    (-frame.col0).max(0),
                    (i32::from(s.field.width) - 1 - frame.col0).min(SIDE as i32 - 1),
                );
                for j in col_lo..=col_hi {
                    let col = (frame.col0 + j) as usize;
                    let v = window_column(bits, usize::from(table.height), col, frame.row0);
                    put(b, frame.bit(j as u32, 0), v);
                }
            }
            for k in 0..N {
                b[k] &= !occupied[k];
            }
            open[classes].0 = cost;
            classes += 1;
        }
        let open = &open[..classes];
        let even: [u64; N] = if small {
            table.even[..N].try_into().unwrap_or([0; N])
        } else if start.col.is_multiple_of(2) {
            WINDOW_EVEN[..N].try_into().unwrap_or([0; N])
        } else {
            WINDOW_ODD[..N].try_into().unwrap_or([0; N])
        };
        let mut first = [0u64; N];
        if let Some((c, r)) = frame.place(start) {
            set(&mut first, frame.bit(c, r));
        }
        self.level[0][..N].copy_from_slice(&first);
        let mut reached = first;
        // The neighbours of each level, the last one also kept apart: read back from the
        // array right after it was written, it would wait for the store to land.
        let mut near = [[0u64; N]; LEVELS];
        let mut next = spread(&first, &even, frame.stride);
        near[0] = next;
        // The last level that found a cell: once no step cost can reach past it, stop.
        let mut last = 0;
        for c in 1..=budget {
            let mut found = [0u64; N];
            for (cost, cells) in open {
                if *cost > c {
                    break;
                }
                let from = if *cost == 1 { next } else { near[c - cost] };
                for k in 0..N {
                    found[k] |= from[k] & cells[k];
                }
            }
            let mut any = 0;
            for k in 0..N {
                found[k] &= !reached[k];
                reached[k] |= found[k];
                any |= found[k];
            }
            self.level[c][..N].copy_from_slice(&found);
            if any != 0 {
                last = c;
                next = spread(&found, &even, frame.stride);
            } else {
                next = [0; N];
            }
            near[c] = next;
            if any == 0 && open.last().is_none_or(|(cost, _)| c >= last + cost) {
                break;
            }
        }
        self.top = last;
    }

    /// The cost to reach `p`, if it can be reached.
    pub fn cost(&self, p: Pos) -> Option<u32> {
        let (c, r) = self.frame.place(p)?;
        let bit = self.frame.bit(c, r);
        (0..=self.top.min(usize::from(self.budget)))
            .find(|&k| test(&self.level[k], bit))
            .map(|k| k as u32)
    }

    /// The reachable cells but the start whose cost lies in `costs`, or `None` if there are
    /// none.
    fn union(&self, costs: std::ops::RangeInclusive<u32>) -> Option<Board> {
        let lo = (*costs.start()).max(1) as usize;
        let hi = (*costs.end() as usize)
            .min(self.top)
            .min(usize::from(self.budget));
        if lo > hi {
            return None;
        }
        let mut union: Board = [0; WORDS];
        let words = self.frame.words;
        for level in &self.level[lo..=hi] {
            for k in 0..words {
                union[k] |= level[k];
            }
        }
        Some(union)
    }

    /// Calls `f` with every reachable cell but the start whose cost lies in `costs`, in
    /// (column, row) order.
    pub fn each_cell(&self, costs: std::ops::RangeInclusive<u32>, mut f: impl FnMut(Pos)) {
        let Some(union) = self.union(costs) else {
            return;
        };
        let frame = &self.frame;
        for (word, &w) in union[..frame.words].iter().enumerate() {
            let mut bits = w;
            while bits != 0 {
                let (c, r) = frame.split(word as u32 * 64 + bits.trailing_zeros());
                f(frame.pos(c, r));
                bits &= bits - 1;
            }
        }
    }

    /// Appends `make(cell)` to `out` for every reachable cell but the start whose cost lies in
    /// `costs`, in (column, row) order: [`Reach::each_cell`] for a list, which it grows once.
    /// `s` is the state this search was made on (its map's table names the cell of each bit).
    pub fn extend<T>(
        &self,
        s: &State,
        costs: std::ops::RangeInclusive<u32>,
        out: &mut Vec<T>,
        make: impl FnMut(Pos) -> T,
    ) {
        let Some(union) = self.union(costs) else {
            return;
        };
        let frame = &self.frame;
        let count: u32 = union[..frame.words].iter().map(|w| w.count_ones()).sum();
        let cells: &[Pos] = &s.field.move_cache.get(&s.field).cells;
        if frame.whole {
            // The whole map: each bit's cell is in the map's table.
            out.extend(
                set_bits(union, count)
                    .map(|bit| cells[bit as usize])
                    .map(make),
            );
        } else {
            out.extend(
                set_bits(union, count)
                    .map(|bit| {
                        let (c, r) = frame.split(bit);
                        frame.pos(c, r)
                    })
                    .map(make),
            );
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
        let frame = &self.frame;
        let mut cost = self.cost(goal).filter(|&c| c <= budget)? as usize;
        let (c, r) = frame.place(goal)?;
        let (mut bit, stride) = (frame.bit(c, r), frame.stride);
        let end = frame.words as u32 * 64;
        let mut at = goal;
        let mut back: SmallVec<[Pos; 12]> = SmallVec::new();
        back.push(goal);
        while cost > 0 {
            let before = cost.checked_sub(s.field.terrain_at(at).move_cost.max(1) as usize)?;
            let level = &self.level[before];
            // The neighbours reached at `before`, lowest (column, row) first, which is lowest
            // bit first: the column to the left (an even column's neighbours across are a row
            // up and level, an odd column's level and a row down), the same column, the column
            // to the right. A row before the first or after the last is the clear bit after a
            // column, and a column outside the frame is clear or off the board.
            // Bits before the board wrap round to past its end.
            let up = u32::from(at.col.is_multiple_of(2));
            let left = bit.wrapping_sub(stride + up);
            let right = (bit + stride).wrapping_sub(up);
            let near = [
                left,
                left.wrapping_add(1),
                bit.wrapping_sub(1),
                bit + 1,
                right,
                right + 1,
            ];
            let mut from = None;
            for b in near {
                if b < end && test(level, b) {
                    from = Some(b);
                    break;
                }
            }
            bit = from?;
            let (c, r) = frame.split(bit);
            at = frame.pos(c, r);
            cost = before;
            back.push(at);
        }
        back.reverse();
        Some(back)
    }
}

/// The set bits of `board`, lowest first, as a counted range: `count` is how many there are,
/// so that a list extended with them grows once and no push checks its room.
fn set_bits(board: Board, count: u32) -> impl Iterator<Item = u32> {
    let (mut word, mut bits) = (0, board[0]);
    (0..count).map(move |_| {
        while bits == 0 {
            word += 1;
            bits = board[word];
        }
        let bit = word as u32 * 64 + bits.trailing_zeros();
        bits &= bits - 1;
        bit
    })
}

/// Ors the `rows`-bit column `v` into `b` from bit `at` on.
fn put(b: &mut [u64], at: u32, v: u64) {
    let (w, shift) = ((at / 64) as usize, at % 64);
    b[w] |= v << shift;
    if shift > 0 && w + 1 < b.len() {
        b[w + 1] |= v >> (64 - shift);
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

    const SIDE: usize = super::SIDE as usize;

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
    fn a_bit_splits_into_its_column_and_row_without_a_division() {
        let mut frames = vec![Frame::window(Pos { col: 3, row: 4 })];
        for height in 0..63u16 {
            let width = (512 / (u32::from(height) + 1)) as u16;
            assert!(MoveTable::small(width, height));
            assert!(!MoveTable::small(width + 1, height));
            frames.push(Frame::map(width, height));
        }
        for f in frames {
            for bit in 0..f.words as u32 * 64 {
                assert_eq!(f.split(bit), (bit / f.stride, bit % f.stride), "{f:?}");
            }
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
