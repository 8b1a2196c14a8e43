//! The battlefield's geometry for dice-pool, on `fireteam-grid`: one flat-topped hex per metre
//! (the scale the rules give in metres), lines of sight through hex centres, and movement with
//! terrain costs. One figure per hex: moving into or through another figure is not allowed.

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

fn enterable(s: &State, p: Pos, mover: Pos) -> bool {
    s.field.contains(p)
        && !s.field.terrain_at(p).blocks_movement
        && !s
            .units
            .iter()
            .any(|u| !u.out && u.pos == p && u.pos != mover)
}

/// The longest move in metres (a run), which bounds the search window.
const MAX_MOVE: i32 = 10;
const SIDE: usize = (2 * MAX_MOVE + 1) as usize;
const UNREACHED: u8 = u8::MAX;

/// Where a figure can go this turn, and how: the cheapest cost of every cell within `budget`
/// metres and the direction of the last step into it.
///
/// Written here instead of calling `pathfinding` because this runs for every movement decision
/// of every battle: it is Dial's algorithm over a fixed window on the stack (every cell within
/// 10 m lies within 10 columns and 10 rows of the start), so it allocates nothing. Ties between
/// equal-cost routes go to the first found in (row, column, direction) scan order, the same on
/// every machine.
pub struct Reach {
    start: Pos,
    cost: [u8; SIDE * SIDE],
    step_in: [u8; SIDE * SIDE],
}

impl Reach {
    pub fn new(s: &State, start: Pos, budget: u32) -> Reach {
        let budget = budget.min(MAX_MOVE as u32) as u8;
        let mut r = Reach {
            start,
            cost: [UNREACHED; SIDE * SIDE],
            step_in: [UNREACHED; SIDE * SIDE],
        };
        let Some(si) = r.index(start) else { return r };
        r.cost[si] = 0;
        for c in 0..=budget {
            for i in 0..SIDE * SIDE {
                if r.cost[i] != c {
                    continue;
                }
                let Some(p) = r.pos(i) else { continue };
                let h = hex(p);
                for (d, dir) in HexDir::ALL.iter().enumerate() {
                    let Some(n) = pos(h.step(*dir)) else { continue };
                    let Some(ni) = r.index(n) else { continue };
                    if !enterable(s, n, start) {
                        continue;
                    }
                    let step = s.field.terrain_at(n).move_cost.clamp(1, 255) as u8;
                    let total = c.saturating_add(step);
                    if total <= budget && total < r.cost[ni] {
                        r.cost[ni] = total;
                        r.step_in[ni] = d as u8;
                    }
                }
            }
        }
        r
    }

    fn index(&self, p: Pos) -> Option<usize> {
        let dc = i32::from(p.col) - i32::from(self.start.col) + MAX_MOVE;
        let dr = i32::from(p.row) - i32::from(self.start.row) + MAX_MOVE;
        ((0..SIDE as i32).contains(&dc) && (0..SIDE as i32).contains(&dr))
            .then(|| dc as usize * SIDE + dr as usize)
    }

    fn pos(&self, i: usize) -> Option<Pos> {
        let col = i32::from(self.start.col) + (i / SIDE) as i32 - MAX_MOVE;
        let row = i32::from(self.start.row) + (i % SIDE) as i32 - MAX_MOVE;
        Some(Pos {
            col: u16::try_from(col).ok()?,
            row: u16::try_from(row).ok()?,
        })
    }

    /// The cost to reach `p`, if it can be reached.
    pub fn cost(&self, p: Pos) -> Option<u32> {
        let c = self.cost[self.index(p)?];
        (c != UNREACHED).then_some(u32::from(c))
    }

    /// Every reachable cell but the start with its cost, in (column, row) order.
    pub fn cells(&self) -> impl Iterator<Item = (Pos, u32)> + '_ {
        (0..SIDE * SIDE).filter_map(move |i| {
            let c = self.cost[i];
            if c == UNREACHED || c == 0 {
                return None;
            }
            Some((self.pos(i)?, u32::from(c)))
        })
    }

    /// The cheapest route to `goal`, both ends included.
    pub fn path(&self, goal: Pos) -> Option<SmallVec<[Pos; 12]>> {
        self.cost(goal)?;
        let mut back: SmallVec<[Pos; 12]> = SmallVec::new();
        let mut at = goal;
        back.push(at);
        while at != self.start {
            let d = self.step_in[self.index(at)?];
            let dir = HexDir::ALL[(usize::from(d) + 3) % 6];
            at = pos(hex(at).step(dir))?;
            back.push(at);
        }
        back.reverse();
        Some(back)
    }
}

/// The cheapest path from `start` to `goal` within `budget` metres, both ends included.
pub fn path(s: &State, start: Pos, goal: Pos, budget: u32) -> Option<SmallVec<[Pos; 12]>> {
    Reach::new(s, start, budget).path(goal)
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
