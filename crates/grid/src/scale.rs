//! `Scale`: how long one cell is, exactly.

use std::fmt;

use crate::frac::Frac;

/// A unit of length on the table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Unit {
    /// Metres (`m`).
    Metre,
    /// Yards (`yd`).
    Yard,
    /// Feet (`ft`).
    Foot,
    /// Inches (`in`).
    Inch,
}

impl Unit {
    /// The unit's symbol: `m`, `yd`, `ft` or `in`.
    pub const fn symbol(self) -> &'static str {
        match self {
            Unit::Metre => "m",
            Unit::Yard => "yd",
            Unit::Foot => "ft",
            Unit::Inch => "in",
        }
    }
}

/// The length of one cell (centre to centre of adjacent cells) as an exact fraction of a unit:
/// 1 m, 4/3 m, 1 yd, 1 in.
///
/// The length is a fraction rather than an `f64` because 4/3 m has no exact binary form, and
/// rules compare ranges with thresholds ("up to 40 m"): 30 hexes at 4/3 m must be exactly 40 m.
/// Use [`Scale::per_cell`] only for display.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Scale {
    num: u32,
    den: u32,
    unit: Unit,
}

impl Scale {
    /// One metre per cell.
    pub const METRE: Scale = Scale::new(1, 1, Unit::Metre);
    /// One yard per cell.
    pub const YARD: Scale = Scale::new(1, 1, Unit::Yard);
    /// One inch per cell.
    pub const INCH: Scale = Scale::new(1, 1, Unit::Inch);

    /// `num / den` units per cell.
    ///
    /// # Panics
    ///
    /// If `num` or `den` is zero.
    pub const fn new(num: u32, den: u32, unit: Unit) -> Scale {
        assert!(num > 0 && den > 0, "a cell's length must be positive");
        Scale { num, den, unit }
    }

    /// The unit.
    pub const fn unit(self) -> Unit {
        self.unit
    }

    /// Units per cell, exactly.
    pub fn per_cell_exact(self) -> Frac {
        Frac::new(i64::from(self.num), i64::from(self.den))
    }

    /// Units per cell, for display.
    pub fn per_cell(self) -> f64 {
        f64::from(self.num) / f64::from(self.den)
    }

    /// The length of `cells` cells in units, exactly.
    pub fn length(self, cells: u32) -> Frac {
        Frac::new(i64::from(cells) * i64::from(self.num), i64::from(self.den))
    }

    /// The length of `cells` cells in units, for display.
    pub fn to_units(self, cells: u32) -> f64 {
        self.length(cells).to_f64()
    }

    /// `units` expressed in cells, exactly (for example a blast radius for
    /// [`circle`](crate::area::circle)).
    pub fn cells(self, units: u32) -> Frac {
        Frac::new(i64::from(units) * i64::from(self.den), i64::from(self.num))
    }

    /// The most whole cells whose length is at most `units`: the range in cells of a rule
    /// written in units.
    pub fn cells_within(self, units: u32) -> u32 {
        let cells = u64::from(units) * u64::from(self.den) / u64::from(self.num);
        u32::try_from(cells).unwrap_or(u32::MAX)
    }
}

impl fmt::Display for Scale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{} {} per cell", self.num, self.unit.symbol())
        } else {
            write!(
                f,
                "{}/{} {} per cell",
                self.num,
                self.den,
                self.unit.symbol()
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_thirds_metre_is_exact() {
        let skirmish = Scale::new(4, 3, Unit::Metre);
        assert_eq!(skirmish.length(30), Frac::integer(40));
        assert_eq!(skirmish.cells_within(40), 30);
        assert_eq!(skirmish.cells_within(39), 29);
        assert_eq!(skirmish.cells(3), Frac::new(9, 4));
        assert_eq!(skirmish.to_string(), "4/3 m per cell");
        assert!((skirmish.to_units(3) - 4.0).abs() < 1e-12);
        assert_eq!(Scale::YARD.cells_within(7), 7);
        assert_eq!(Scale::INCH.to_string(), "1 in per cell");
    }
}
