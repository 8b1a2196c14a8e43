//! Grid shapes: a rectangle of hexes or squares with a width and a height, offset `(col, row)`
//! coordinates as drawn in ASCII art, bounds checks, and row-major indexing.

use crate::cell::{Cell, Cells, Direction};
use crate::hex::{Hex, HexDir};
use crate::square::{Adjacency, Square, SquareDir};

/// A rectangular map shape: which cells exist, how they are laid out in rows, and which are
/// adjacent. Implemented by [`HexGrid`] and [`SquareGrid`].
///
/// Offset coordinates `(col, row)` are the cell's place in the ASCII drawing: column `0..width`
/// from the left, row `0..height` from the top. Cells are indexed row-major
/// (`row * width + col`), which is also reading order and the order of [`Cell`]'s `Ord`.
pub trait Grid {
    /// The cell type, [`Hex`] or [`Square`].
    type Cell: Cell;

    /// The number of columns.
    fn width(&self) -> u32;

    /// The number of rows.
    fn height(&self) -> u32;

    /// The cell drawn at `(col, row)`, whether or not it is on the grid.
    fn at_offset(&self, col: i32, row: i32) -> Self::Cell;

    /// The `(col, row)` at which `cell` is drawn, whether or not it is on the grid.
    fn offset_of(&self, cell: Self::Cell) -> (i32, i32);

    /// The number of steps between two cells (they need not be on the grid).
    fn distance(&self, a: Self::Cell, b: Self::Cell) -> u32;

    /// The cells adjacent to `cell` under this grid's adjacency, in direction order, including
    /// any that are off the grid.
    fn neighbours(&self, cell: Self::Cell) -> Cells<Self::Cell>;

    /// The facings a figure may have on this grid, in clockwise order from north.
    fn facings(&self) -> &'static [<Self::Cell as Cell>::Dir];

    /// Whether `cell` is on the grid.
    fn contains(&self, cell: Self::Cell) -> bool {
        let (col, row) = self.offset_of(cell);
        (0..i64::from(self.width())).contains(&i64::from(col))
            && (0..i64::from(self.height())).contains(&i64::from(row))
    }

    /// The cell drawn at `(col, row)` if it is on the grid.
    fn cell(&self, col: i32, row: i32) -> Option<Self::Cell> {
        let cell = self.at_offset(col, row);
        self.contains(cell).then_some(cell)
    }

    /// The row-major index of `cell`, if it is on the grid.
    fn index(&self, cell: Self::Cell) -> Option<usize> {
        if !self.contains(cell) {
            return None;
        }
        let (col, row) = self.offset_of(cell);
        // Both are non-negative and below width and height, which are u32.
        Some(row as usize * self.width() as usize + col as usize)
    }

    /// The cell with row-major index `i`, if there is one.
    fn cell_at_index(&self, i: usize) -> Option<Self::Cell> {
        let w = self.width() as usize;
        if i >= self.len() {
            return None;
        }
        // i < width * height, so both parts fit the u32 sizes and so i32 offsets (checked in
        // the constructors).
        Some(self.at_offset((i % w) as i32, (i / w) as i32))
    }

    /// The number of cells.
    fn len(&self) -> usize {
        self.width() as usize * self.height() as usize
    }

    /// Whether the grid has no cells.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every cell, in reading order.
    fn cells(&self) -> impl Iterator<Item = Self::Cell> + '_
    where
        Self: Sized,
    {
        (0..self.len()).filter_map(move |i| self.cell_at_index(i))
    }

    /// `facing` turned `sides` of this grid's facings clockwise (negative: counter-clockwise).
    /// On hexes and 8-neighbour squares a side is one direction (60° or 45°); on 4-neighbour
    /// squares it is 90°.
    fn turn(&self, facing: <Self::Cell as Cell>::Dir, sides: i32) -> <Self::Cell as Cell>::Dir {
        let per_side = i32::from(<<Self::Cell as Cell>::Dir as Direction>::COUNT)
            / self.facings().len().max(1) as i32;
        facing.rotate(sides * per_side)
    }
}

fn checked_size(width: u32, height: u32) -> (u32, u32) {
    assert!(
        width <= i32::MAX as u32 && height <= i32::MAX as u32,
        "a grid's width and height must fit an i32"
    );
    (width, height)
}

/// A rectangle of flat-topped hexes in the odd-q offset layout (see [`Hex`]).
///
/// A map drawn with pointy-topped hexes is the same grid transposed: read its rows as columns.
/// (Transposing mirrors the map, so clockwise there is counter-clockwise here.)
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct HexGrid {
    width: u32,
    height: u32,
}

impl HexGrid {
    /// A grid `width` columns wide and `height` rows high.
    ///
    /// # Panics
    ///
    /// If either size exceeds `i32::MAX`.
    pub fn new(width: u32, height: u32) -> HexGrid {
        let (width, height) = checked_size(width, height);
        HexGrid { width, height }
    }
}

impl Grid for HexGrid {
    type Cell = Hex;

    fn width(&self) -> u32 {
        self.width
    }

    fn height(&self) -> u32 {
        self.height
    }

    fn at_offset(&self, col: i32, row: i32) -> Hex {
        Hex::from_offset(col, row)
    }

    fn offset_of(&self, cell: Hex) -> (i32, i32) {
        cell.to_offset()
    }

    fn distance(&self, a: Hex, b: Hex) -> u32 {
        a.distance(b)
    }

    fn neighbours(&self, cell: Hex) -> Cells<Hex> {
        Cells::from_slice(&cell.neighbours())
    }

    fn facings(&self) -> &'static [HexDir] {
        &HexDir::ALL
    }
}

/// A rectangle of squares, `x` = column and `y` = row, with 4- or 8-neighbour adjacency.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SquareGrid {
    width: u32,
    height: u32,
    adjacency: Adjacency,
}

impl SquareGrid {
    /// A grid `width` columns wide and `height` rows high.
    ///
    /// # Panics
    ///
    /// If either size exceeds `i32::MAX`.
    pub fn new(width: u32, height: u32, adjacency: Adjacency) -> SquareGrid {
        let (width, height) = checked_size(width, height);
        SquareGrid {
            width,
            height,
            adjacency,
        }
    }

    /// Which squares are adjacent.
    pub fn adjacency(&self) -> Adjacency {
        self.adjacency
    }
}

impl Grid for SquareGrid {
    type Cell = Square;

    fn width(&self) -> u32 {
        self.width
    }

    fn height(&self) -> u32 {
        self.height
    }

    fn at_offset(&self, col: i32, row: i32) -> Square {
        Square::new(col, row)
    }

    fn offset_of(&self, cell: Square) -> (i32, i32) {
        (cell.x, cell.y)
    }

    fn distance(&self, a: Square, b: Square) -> u32 {
        a.distance(b, self.adjacency)
    }

    fn neighbours(&self, cell: Square) -> Cells<Square> {
        cell.neighbours(self.adjacency)
    }

    fn facings(&self) -> &'static [SquareDir] {
        match self.adjacency {
            Adjacency::Four => &SquareDir::ORTHOGONAL,
            Adjacency::Eight => &SquareDir::ALL,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_and_indices() {
        let g = HexGrid::new(4, 3);
        assert_eq!(g.len(), 12);
        assert!(g.contains(Hex::from_offset(3, 2)));
        assert!(!g.contains(Hex::from_offset(4, 0)));
        assert!(!g.contains(Hex::from_offset(0, -1)));
        assert_eq!(g.cell(1, 2), Some(Hex::from_offset(1, 2)));
        assert_eq!(g.cell(1, 3), None);
        assert_eq!(g.index(Hex::from_offset(1, 2)), Some(9));
        assert_eq!(g.cell_at_index(9), Some(Hex::from_offset(1, 2)));
        assert_eq!(g.cell_at_index(12), None);
        let cells: Vec<_> = g.cells().collect();
        let mut sorted = cells.clone();
        sorted.sort();
        assert_eq!(cells, sorted, "cells() is in reading order");
        assert_eq!(cells.len(), 12);
    }

    #[test]
    fn turning_by_sides() {
        let hexes = HexGrid::new(1, 1);
        assert_eq!(hexes.turn(HexDir::N, 1), HexDir::NE);
        assert_eq!(hexes.turn(HexDir::N, -1), HexDir::NW);
        let four = SquareGrid::new(1, 1, Adjacency::Four);
        assert_eq!(four.turn(SquareDir::N, 1), SquareDir::E);
        assert_eq!(four.turn(SquareDir::N, -1), SquareDir::W);
        let eight = SquareGrid::new(1, 1, Adjacency::Eight);
        assert_eq!(eight.turn(SquareDir::N, 1), SquareDir::NE);
        assert_eq!(four.facings().len(), 4);
        assert_eq!(eight.facings().len(), 8);
    }
}
