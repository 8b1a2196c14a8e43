//! `Map<G, T>`: one terrain value per cell, optional elevations, and a scale.

use crate::frac::Frac;
use crate::grid::Grid;
use crate::los::{los_elevated, los_with, EdgeRule, Eyes, Los};
use crate::path::{reachable, shortest_path, Path, Reach};
use crate::scale::Scale;

/// An error reading a map drawn as text.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum MapError {
    /// The drawing has the wrong number of rows.
    #[error("the map has {found} rows, expected {expected}")]
    Rows {
        /// Rows in the drawing.
        found: usize,
        /// The grid's height.
        expected: u32,
    },
    /// A row has the wrong number of cells.
    #[error("row {row} has {found} cells, expected {expected}")]
    Columns {
        /// The row (from 0).
        row: usize,
        /// Cells in that row.
        found: usize,
        /// The grid's width.
        expected: u32,
    },
    /// A character names no terrain.
    #[error("row {row}, column {col}: unknown terrain {ch:?}")]
    Terrain {
        /// The row (from 0).
        row: usize,
        /// The column (from 0).
        col: usize,
        /// The character.
        ch: char,
    },
}

/// A grid with a terrain value `T` for every cell (your rule system's terrain type), an
/// optional elevation per cell, and a [`Scale`].
///
/// Cells are stored row-major; [`Map::iter`] goes in reading order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Map<G: Grid, T> {
    grid: G,
    scale: Scale,
    terrain: Vec<T>,
    elevation: Option<Vec<i32>>,
}

impl<G: Grid, T> Map<G, T> {
    /// A map with `terrain(cell)` in every cell and no elevations.
    pub fn from_fn(grid: G, scale: Scale, terrain: impl FnMut(G::Cell) -> T) -> Self {
        let terrain = grid.cells().map(terrain).collect();
        Map {
            grid,
            scale,
            terrain,
            elevation: None,
        }
    }

    /// A map filled with `fill`.
    pub fn filled(grid: G, scale: Scale, fill: T) -> Self
    where
        T: Clone,
    {
        Self::from_fn(grid, scale, |_| fill.clone())
    }

    /// A map read from a drawing: one line per row, one character per cell (as the offset
    /// layout draws it), `terrain` naming each character's terrain. Leading and trailing blank
    /// lines are ignored.
    pub fn parse(
        grid: G,
        scale: Scale,
        text: &str,
        mut terrain: impl FnMut(char) -> Option<T>,
    ) -> Result<Self, MapError> {
        let lines: Vec<&str> = text.trim_matches('\n').lines().collect();
        if lines.len() != grid.height() as usize {
            return Err(MapError::Rows {
                found: lines.len(),
                expected: grid.height(),
            });
        }
        let mut cells = Vec::with_capacity(grid.len());
        for (row, line) in lines.iter().enumerate() {
            let found = line.chars().count();
            if found != grid.width() as usize {
                return Err(MapError::Columns {
                    row,
                    found,
                    expected: grid.width(),
                });
            }
            for (col, ch) in line.chars().enumerate() {
                cells.push(terrain(ch).ok_or(MapError::Terrain { row, col, ch })?);
            }
        }
        Ok(Map {
            grid,
            scale,
            terrain: cells,
            elevation: None,
        })
    }

    /// The grid.
    pub fn grid(&self) -> &G {
        &self.grid
    }

    /// The scale.
    pub fn scale(&self) -> Scale {
        self.scale
    }

    /// The terrain of `cell`, if it is on the map.
    pub fn get(&self, cell: G::Cell) -> Option<&T> {
        self.grid.index(cell).map(|i| &self.terrain[i])
    }

    /// The terrain of `cell`, mutably, if it is on the map.
    pub fn get_mut(&mut self, cell: G::Cell) -> Option<&mut T> {
        self.grid.index(cell).map(|i| &mut self.terrain[i])
    }

    /// Sets the terrain of `cell`; returns `false` (and changes nothing) if it is off the map.
    pub fn set(&mut self, cell: G::Cell, terrain: T) -> bool {
        match self.get_mut(cell) {
            Some(t) => {
                *t = terrain;
                true
            }
            None => false,
        }
    }

    /// The elevation of `cell` (0 where none was set), if it is on the map.
    pub fn elevation(&self, cell: G::Cell) -> Option<i32> {
        let i = self.grid.index(cell)?;
        Some(self.elevation.as_ref().map_or(0, |e| e[i]))
    }

    /// Sets the elevation of `cell`; returns `false` (and changes nothing) if it is off the map.
    pub fn set_elevation(&mut self, cell: G::Cell, height: i32) -> bool {
        let Some(i) = self.grid.index(cell) else {
            return false;
        };
        let len = self.grid.len();
        self.elevation.get_or_insert_with(|| vec![0; len])[i] = height;
        true
    }

    /// Whether any elevation has been set.
    pub fn has_elevation(&self) -> bool {
        self.elevation.is_some()
    }

    /// Every cell with its terrain, in reading order.
    pub fn iter(&self) -> impl Iterator<Item = (G::Cell, &T)> + '_ {
        self.grid.cells().zip(self.terrain.iter())
    }

    /// The distance in cells.
    pub fn distance(&self, a: G::Cell, b: G::Cell) -> u32 {
        self.grid.distance(a, b)
    }

    /// The distance in the scale's units, exactly.
    pub fn distance_units(&self, a: G::Cell, b: G::Cell) -> Frac {
        self.scale.length(self.distance(a, b))
    }

    /// Line of sight: `blocks(cell, terrain)` says whether a cell blocks. Cells off the map
    /// (a line along the map's edge can touch them) never block.
    pub fn los(
        &self,
        from: G::Cell,
        to: G::Cell,
        rule: EdgeRule,
        mut blocks: impl FnMut(G::Cell, &T) -> bool,
    ) -> Los<G::Cell> {
        los_with(from, to, rule, |c| {
            self.get(c).is_some_and(|t| blocks(c, t))
        })
    }

    /// Line of sight with elevation. `eyes` are heights above the viewer's and target's ground;
    /// `obstacle(cell, terrain)` is the height above its ground of whatever in the cell blocks
    /// sight, or `None` if nothing does (return `Some(0)` for bare ground that should block when
    /// it rises to the line). Cells off the map never block.
    pub fn los_elevated(
        &self,
        from: G::Cell,
        to: G::Cell,
        rule: EdgeRule,
        eyes: Eyes,
        mut obstacle: impl FnMut(G::Cell, &T) -> Option<i32>,
    ) -> Los<G::Cell> {
        let ground = |c| i64::from(self.elevation(c).unwrap_or(0));
        let absolute = |c, above: i32| clamp_i32(ground(c) + i64::from(above));
        let eyes = Eyes {
            viewer: absolute(from, eyes.viewer),
            target: absolute(to, eyes.target),
        };
        los_elevated(from, to, rule, eyes, |c| {
            let t = self.get(c)?;
            obstacle(c, t).map(|h| absolute(c, h))
        })
    }

    /// The cheapest path on this map; see [`shortest_path`].
    pub fn path(
        &self,
        start: G::Cell,
        goal: G::Cell,
        cost: impl Fn(G::Cell, G::Cell) -> Option<u32>,
    ) -> Option<Path<G::Cell>> {
        shortest_path(&self.grid, start, goal, cost)
    }

    /// Every cell reachable within `budget`; see [`reachable`].
    pub fn reachable(
        &self,
        start: G::Cell,
        budget: u64,
        cost: impl Fn(G::Cell, G::Cell) -> Option<u32>,
    ) -> Reach<G::Cell> {
        reachable(&self.grid, start, budget, cost)
    }
}

fn clamp_i32(v: i64) -> i32 {
    v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}
