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
/// cells block, and gives cover only if both give it).
pub fn sight(s: &State, a: Pos, b: Pos) -> Sight {
    let f = &s.field;
    let terrain = |h: Hex| pos(h).filter(|p| f.contains(*p)).map(|p| f.terrain_at(p));
    let mut darkness = f
        .ambient_darkness
        .max(f.terrain_at(a).darkness)
        .max(f.terrain_at(b).darkness);
    let mut clear = true;
    let mut last_cover = Cover::None;
    let (from, to) = (hex(a), hex(b));
    for step in line(from, to) {
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
    let before_target_adjacent = line(from, to)
        .last()
        .is_some_and(|st| st.cells().any(|h| h.distance(to) == 1));
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

fn neighbours(s: &State, p: Pos, mover: Pos) -> impl Iterator<Item = (Pos, u32)> + '_ {
    let h = hex(p);
    HexDir::ALL.into_iter().filter_map(move |d| {
        let n = pos(h.step(d))?;
        enterable(s, n, mover).then(|| (n, s.field.terrain_at(n).move_cost.max(1)))
    })
}

/// Every cell `start`'s figure can reach within `budget` metres, in (column, row) order.
pub fn reachable(s: &State, start: Pos, budget: u32) -> Vec<Pos> {
    let mut out: Vec<Pos> =
        pathfinding::prelude::dijkstra_reach(&start, |p| neighbours(s, *p, start))
            .take_while(|r| r.total_cost <= budget)
            .map(|r| r.node)
            .filter(|p| *p != start)
            .collect();
    out.sort_unstable();
    out
}

/// The cheapest path from `start` to `goal` within `budget` metres, both ends included.
pub fn path(s: &State, start: Pos, goal: Pos, budget: u32) -> Option<SmallVec<[Pos; 12]>> {
    let (cells, cost) = pathfinding::prelude::dijkstra(
        &start,
        |p| neighbours(s, *p, start).collect::<SmallVec<[_; 6]>>(),
        |p| *p == goal,
    )?;
    (cost <= budget).then(|| cells.into_iter().collect())
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
