//! Areas and templates: rings, filled areas, rays, cones, arcs and circles.
//!
//! Every function returns only the cells on the grid, in reading order (the order of the
//! cell's `Ord`), except [`ray`], which goes outward from its origin.

use crate::cell::sealed::Geometry;
use crate::cell::{Cell, Direction};
use crate::facing::{arc, Arc};
use crate::frac::Frac;
use crate::grid::Grid;

/// The cells on the grid within `reach` rows and columns of `center`'s offset position that
/// satisfy `keep`, in reading order.
fn scan<G: Grid>(
    grid: &G,
    center: G::Cell,
    reach: u32,
    mut keep: impl FnMut(G::Cell) -> bool,
) -> Vec<G::Cell> {
    let (col, row) = grid.offset_of(center);
    let reach = i64::from(reach);
    let clamp = |v: i64, size: u32| v.clamp(0, i64::from(size) - 1);
    let mut out = Vec::new();
    if grid.is_empty() {
        return out;
    }
    let rows =
        clamp(i64::from(row) - reach, grid.height())..=clamp(i64::from(row) + reach, grid.height());
    for r in rows {
        let cols = clamp(i64::from(col) - reach, grid.width())
            ..=clamp(i64::from(col) + reach, grid.width());
        for c in cols {
            // Clamped to the grid, whose sizes fit an i32.
            let cell = grid.at_offset(c as i32, r as i32);
            if keep(cell) {
                out.push(cell);
            }
        }
    }
    out
}

/// Every cell within `radius` steps of `center` (including `center`): on an unbounded hex grid
/// `3n(n+1)+1` cells, on squares `(2n+1)²` (8-neighbour) or `2n(n+1)+1` (4-neighbour).
pub fn within<G: Grid>(grid: &G, center: G::Cell, radius: u32) -> Vec<G::Cell> {
    // On both kinds of grid a cell n steps away is at most n rows and n columns away.
    scan(grid, center, radius, |c| grid.distance(center, c) <= radius)
}

/// Every cell exactly `radius` steps from `center`: on an unbounded hex grid `6n` cells
/// (1 for `n = 0`), on squares `8n` (8-neighbour) or `4n` (4-neighbour).
pub fn ring<G: Grid>(grid: &G, center: G::Cell, radius: u32) -> Vec<G::Cell> {
    scan(grid, center, radius, |c| grid.distance(center, c) == radius)
}

/// Up to `len` cells in a straight row from `origin` (not included) in direction `dir`,
/// nearest first, stopping at the grid's edge.
pub fn ray<G: Grid>(
    grid: &G,
    origin: G::Cell,
    dir: <G::Cell as Cell>::Dir,
    len: u32,
) -> Vec<G::Cell> {
    let mut out = Vec::new();
    let mut cell = origin;
    for _ in 0..len {
        cell = cell.step(dir);
        if !grid.contains(cell) {
            break;
        }
        out.push(cell);
    }
    out
}

/// A cone template: the cells within `radius` steps of `origin` (not included) whose centres
/// lie within 30° either side of `facing` on hexes, 45° on squares, boundaries included.
///
/// On hexes it holds 1, 3, 3, 5, 5, 7, … cells at distances 1, 2, 3, …: the faced hex, then
/// the hexes on the two corner rays (distance 2, 4, …) and those between.
pub fn cone<G: Grid>(
    grid: &G,
    origin: G::Cell,
    facing: <G::Cell as Cell>::Dir,
    radius: u32,
) -> Vec<G::Cell> {
    scan(grid, origin, radius, |c| {
        c != origin && grid.distance(origin, c) <= radius && origin.in_cone(facing.index(), c)
    })
}

/// The cells within `radius` steps of `origin` (not included) that are in `which` arc of a
/// figure at `origin` facing `facing` (boundaries resolved frontward, as [`arc`]).
pub fn arc_area<G: Grid>(
    grid: &G,
    origin: G::Cell,
    facing: <G::Cell as Cell>::Dir,
    radius: u32,
    which: Arc,
) -> Vec<G::Cell> {
    scan(grid, origin, radius, |c| {
        grid.distance(origin, c) <= radius && arc(origin, facing, c) == Some(which)
    })
}

/// A round blast template: every cell whose centre is at most `radius` from `center`'s centre,
/// measured in cells (the distance between adjacent centres is 1). Use
/// [`Scale::cells`](crate::Scale::cells) for a radius given in units.
pub fn circle<G: Grid>(grid: &G, center: G::Cell, radius: Frac) -> Vec<G::Cell> {
    if radius < Frac::ZERO {
        return Vec::new();
    }
    let (rn, rd) = (i128::from(radius.num()), i128::from(radius.den()));
    // A centre within distance R is within 2R steps (hex centres n steps apart are at least
    // n·√3/2 apart), and so within 2R rows and columns.
    let reach = u32::try_from((2 * (rn / rd + 1)).min(i128::from(u32::MAX))).unwrap_or(u32::MAX);
    scan(grid, center, reach, |c| {
        let (n, d) = center.euclid2(c);
        i128::from(n) * rd * rd <= rn * rn * i128::from(d)
    })
}
