//! The map at one yard per hex (T3-CORE-04's units are yards), on `fireteam-grid`: distance,
//! sight, movement ranges and paths, suppression lanes, and steps away from a foe.

use crate::state::{distance, hex, Cell, State};
use fireteam_engine::UnitId;
use fireteam_grid::{first_blocker, line, Cell as _, Direction, Grid, HexDir, HexGrid};

fn grid(s: &State) -> HexGrid {
    HexGrid::new(s.rules.width as u32, s.rules.height as u32)
}

fn cell_of(h: fireteam_grid::Hex) -> Cell {
    let (c, r) = h.to_offset();
    (c as i16, r as i16)
}

/// The facing (0 = north, clockwise) from one hex to a neighbour.
pub fn facing_toward(from: Cell, to: Cell) -> Option<u8> {
    hex(from).direction_to(hex(to)).map(|d| d.index())
}

/// The facing that looks most nearly from `from` toward `to`.
pub fn facing_at(from: Cell, to: Cell) -> u8 {
    let a = hex(from);
    let b = hex(to);
    HexDir::ALL
        .into_iter()
        .min_by_key(|d| a.neighbour(*d).distance(b))
        .map_or(0, |d| d.index())
}

/// Whether a line of sight from `a` to `b` is clear of sight-blocking terrain (the cells
/// between them; the ends never block).
pub fn sight(s: &State, a: Cell, b: Cell) -> bool {
    if a == b {
        return true;
    }
    let (ha, hb) = (hex(a), hex(b));
    first_blocker(ha, hb, fireteam_grid::EdgeRule::default(), |c| {
        c != ha
            && c != hb
            && s.rules
                .terrain_at(cell_of(c))
                .is_some_and(|t| t.blocks_sight)
    })
    .is_none()
}

/// Whether `unit` may stand in `c`: on the map, not blocked, no one else alive there.
pub fn free(s: &State, unit: UnitId, c: Cell) -> bool {
    s.rules.terrain_at(c).is_some_and(|t| !t.blocks_movement)
        && !s
            .units()
            .any(|o| o != unit && !s.fighter(o).dead && s.fighter(o).at == c)
}

/// Whether a step from `a` to `b` (neighbours) may be taken: one yard, no climbing more than
/// a yard (a drop of more is a fall, T3-FALL-01).
fn step_ok(s: &State, unit: UnitId, _a: Cell, b: Cell) -> bool {
    free(s, unit, b)
}

/// Every cell `unit` can reach within `yards`, with the yards it costs, in reading order.
pub fn reach(s: &State, unit: UnitId, yards: u32) -> Vec<(Cell, u32)> {
    let g = grid(s);
    let start = hex(s.fighter(unit).at);
    let r = fireteam_grid::reachable(&g, start, u64::from(yards), |a, b| {
        step_ok(s, unit, cell_of(a), cell_of(b)).then_some(1)
    });
    r.iter()
        .filter(|&(c, _)| c != start)
        .map(|(c, cost)| (cell_of(c), cost as u32))
        .collect()
}

/// The path `unit` takes to `to` (the grid's documented tie rule), from its own cell.
pub fn path(s: &State, unit: UnitId, to: Cell) -> Option<Vec<Cell>> {
    let g = grid(s);
    fireteam_grid::shortest_path(&g, hex(s.fighter(unit).at), hex(to), |a, b| {
        step_ok(s, unit, cell_of(a), cell_of(b)).then_some(1)
    })
    .map(|p| p.cells.into_iter().map(cell_of).collect())
}

/// The free neighbours of `unit`'s cell that are farther from `foe` (a Retreat,
/// T3-DEFENSE-08, or a Dive for Cover's step, T3-DEFENSE-09), lowest first.
pub fn steps_away(s: &State, unit: UnitId, foe: Cell) -> Vec<Cell> {
    let at = s.fighter(unit).at;
    let d0 = distance(at, foe);
    let mut out: Vec<Cell> = hex(at)
        .neighbours()
        .into_iter()
        .map(cell_of)
        .filter(|&c| free(s, unit, c) && distance(c, foe) > d0)
        .collect();
    // The farthest first; ties by row, then by columns from the foe, so a mirrored battle
    // steps the mirrored way.
    out.sort_unstable_by_key(|&c| {
        (
            std::cmp::Reverse(distance(c, foe)),
            c.1,
            (c.0 - foe.0).abs(),
            c.0,
        )
    });
    out
}

/// Sorts `cells` for `unit`: nearest its nearest active foe first, then by row, then by
/// columns from that foe (mirror-invariant keys), then by column.
pub fn sort_toward_foes(s: &State, unit: UnitId, cells: &mut [Cell]) {
    let side = s.side_of(unit);
    let at = s.fighter(unit).at;
    let foe = s
        .units()
        .filter(|&o| s.side_of(o) != side && s.fighter(o).active())
        .map(|o| s.fighter(o).at)
        .min_by_key(|&c| (distance(at, c), c.1, (c.0 - at.0).abs(), c.0));
    if let Some(foe) = foe {
        cells.sort_unstable_by_key(|&c| (distance(c, foe), c.1, (c.0 - foe.0).abs(), c.0));
    }
}

/// T3-SUPPRESS-01, T3-G21: the lane of a Suppression Fire zone: every hex the line from the
/// shooter toward `toward`, carried on to `max` yards or the map's edge, passes through or
/// runs along (both hexes of an edge: the lane is 2 yards wide where the line is ambiguous,
/// and the hexes it crosses otherwise). The shooter's own hex is not in it.
pub fn lane(s: &State, from: Cell, toward: Cell, max: u32) -> Vec<Cell> {
    let g = grid(s);
    let a = hex(from);
    let b = hex(toward);
    let d = b - a;
    let n = a.distance(b).max(1) as i32;
    // Carry the line on: the far end is `from` + k·(toward − from) for the smallest k that
    // leaves the map or passes max range.
    let mut k = 1;
    while k < 64 {
        let end = fireteam_grid::Hex::new(a.q + d.q * k, a.r + d.r * k);
        if !g.contains(end) || (n * k) as u32 >= max {
            break;
        }
        k += 1;
    }
    let end = fireteam_grid::Hex::new(a.q + d.q * k, a.r + d.r * k);
    let mut cells: Vec<Cell> = Vec::new();
    for step in line(a, end) {
        for c in step.cells() {
            if c != a && g.contains(c) && a.distance(c) <= max {
                let cc = cell_of(c);
                if !cells.contains(&cc) {
                    cells.push(cc);
                }
            }
        }
    }
    cells.sort_unstable_by_key(|&(c, r)| (r, c));
    cells
}

/// The farthest cell of the map down each of the six hex directions from `from` (none where
/// the first step leaves the map), for a suppression lane along a direction.
pub fn far_cells(s: &State, from: Cell) -> Vec<Cell> {
    let g = grid(s);
    let mut out = Vec::new();
    for dir in HexDir::ALL {
        let mut h = hex(from);
        let mut last = None;
        loop {
            let next = h.neighbour(dir);
            if !g.contains(next) {
                break;
            }
            h = next;
            last = Some(cell_of(h));
        }
        if let Some(c) = last {
            out.push(c);
        }
    }
    out
}

/// The six neighbours of a cell that lie on the map, lowest first.
pub fn neighbours(s: &State, c: Cell) -> Vec<Cell> {
    let g = grid(s);
    let mut out: Vec<Cell> = hex(c)
        .neighbours()
        .into_iter()
        .filter(|&h| g.contains(h))
        .map(cell_of)
        .collect();
    out.sort_unstable_by_key(|&(c, r)| (r, c));
    out
}
