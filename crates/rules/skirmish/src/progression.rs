//! The Standard Damage Progression (SK-12.6, repeated word for word as SK-16.15.2-a) and the
//! Unarmed Combat Damage table (SK-16.15.1-T1).
//!
//! Every damage expression sits on one ladder of **step values**: `n = 6 × dice + adds`
//! (SK-12.6-T1: 1 → 1 point, 2 → 2 points / 1d6−4, 3 → 1d6−3, … 6 → 1d6, 9 → 1d6+3 / 2d6−3,
//! 10 → 2d6−2, …). Adding a bonus moves along the ladder and the result is written back in
//! ladder form ([`Damage::plus`], G-34).

use serde::Serialize;
use std::fmt;

/// A damage expression `NdS±M` with S = 6, or a plain number of points (`dice == 0`).
///
/// The fields are what the weapon tables print; [`Damage::plus`] is the only arithmetic on it,
/// and it always returns ladder form (SK-12.6-a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Damage {
    /// Number of six-sided dice; 0 for a fixed number of points.
    pub dice: u8,
    /// The fixed amount added to (or, when negative, taken from) the dice.
    pub adds: i16,
}

impl Damage {
    /// `dice`d6 + `adds`, exactly as given (not normalised).
    pub const fn new(dice: u8, adds: i16) -> Self {
        Damage { dice, adds }
    }

    /// A fixed number of points, no dice (the ladder's "0 dice" column, SK-12.6-T1).
    pub const fn points(n: i16) -> Self {
        Damage { dice: 0, adds: n }
    }

    /// SK-12.6-a / SK-12.6-T1: the ladder step value `n = 6 × dice + adds` ("read column k dice
    /// at row +b as n = 6k + b").
    pub fn step(self) -> i32 {
        6 * i32::from(self.dice) + i32::from(self.adds)
    }

    /// SK-12.6-a … SK-12.6-c (G-34): add a bonus (or, when negative, a penalty) and write the
    /// result in ladder form ("a full dice value +1 goes to the top of the next column").
    ///
    /// With `n = step + bonus`:
    /// * `n ≤ 0` → `Damage::points(0)` (G-34; the unarmored minimum of 1, SK-12.3-c, is the
    ///   caller's, after the roll).
    /// * A 0-dice source (points) that lands on step 1 or 2 stays points: "1 point", "2 points"
    ///   (the first form of SK-12.6-a's "2 points / 1d6−4").
    /// * A dice source that lands on step 2 stays a roll: `1d6-4` (the second form of the same
    ///   cell); on step 1 it becomes `1d6-5` (INVENTED in G-34: it keeps a roll).
    /// * Otherwise (`n ≥ 3`) `n = 6k + m` with `k = max(1, ceil((n − 3) / 6))`, `m = n − 6k`, so
    ///   `m` is in −3..=3 and a cusp (k d6+3 / k+1 d6−3) goes to **fewer dice +3**
    ///   (SK-12.6-b "usually the better choice is fewer dice with the bonus").
    ///
    /// `plus(0)` therefore normalises. The ladder does not keep the mean (1d6+7 → 2d6+1, E-08);
    /// that is how the book is written (SK-12.6-e, "wonky").
    ///
    /// Steps beyond 255 dice (n > 1533) saturate at 255 dice with the rest in `adds`; no rule
    /// comes near that.
    pub fn plus(self, bonus: i32) -> Damage {
        let n = self.step().saturating_add(bonus);
        if n <= 0 {
            return Damage::points(0);
        }
        if n <= 2 {
            return if self.dice == 0 {
                Damage::points(n as i16)
            } else if n == 2 {
                Damage::new(1, -4)
            } else {
                Damage::new(1, -5)
            };
        }
        ladder_form(n)
    }

    /// The smallest possible total: every die shows 1 (for points, the points). Raw arithmetic:
    /// `1d6-5` gives −4; the unarmored minimum (SK-12.3-c) and armor are applied by the caller.
    pub fn min(self) -> i32 {
        i32::from(self.dice) + i32::from(self.adds)
    }

    /// The largest possible total: every die shows 6 (for points, the points).
    pub fn max(self) -> i32 {
        6 * i32::from(self.dice) + i32::from(self.adds)
    }
}

/// SK-12.6-T1: step `n ≥ 3` in dice form, `k = max(1, ceil((n − 3) / 6))` dice (G-34).
fn ladder_form(n: i32) -> Damage {
    debug_assert!(n >= 3);
    // ceil((n - 3) / 6) for n - 3 >= 0.
    let k = ((n - 3 + 5) / 6).max(1);
    let k = k.min(i32::from(u8::MAX));
    let m = (n - 6 * k).clamp(i32::from(i16::MIN), i32::from(i16::MAX));
    Damage::new(k as u8, m as i16)
}

impl fmt::Display for Damage {
    /// The tables' own form: `2d6-2`, `1d6`, `3d6+1`; points as a plain number (`4`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.dice == 0 {
            return write!(f, "{}", self.adds);
        }
        write!(f, "{}d6", self.dice)?;
        match self.adds {
            0 => Ok(()),
            a if a > 0 => write!(f, "+{a}"),
            a => write!(f, "{a}"),
        }
    }
}

/// The columns of the Unarmed Combat Damage table (SK-16.15.1-T1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum StrColumn {
    /// "Damage": a regular unarmed attack; also rocks thrown as weapons (SK-16.15.1-b, G-40).
    Damage,
    /// "HTH": bare hands inside HTH combat.
    Hth,
    /// "Brass Knuckles" (in HTH; outside HTH brass knuckles count as clubs, G-39).
    Brass,
    /// "One-Handed Club" (improvised, regular combat; G-40).
    Club1,
    /// "Two-handed Club / Knife HTH".
    Club2,
}

impl StrColumn {
    /// All five columns, in the printed order.
    pub const ALL: [StrColumn; 5] = [
        StrColumn::Damage,
        StrColumn::Hth,
        StrColumn::Brass,
        StrColumn::Club1,
        StrColumn::Club2,
    ];

    /// SK-16.15.1-b, the column offsets printed under the table, in ladder steps over the
    /// "Damage" column: HTH +1, brass knuckles +2, one-handed club +3, two-handed club / knife
    /// in HTH +4 (E-11: every printed cell agrees).
    pub const fn steps(self) -> i32 {
        match self {
            StrColumn::Damage => 0,
            StrColumn::Hth => 1,
            StrColumn::Brass => 2,
            StrColumn::Club1 => 3,
            StrColumn::Club2 => 4,
        }
    }
}

/// SK-16.15.1-T1 (E-11): the ladder step of the "Damage" column for a STR value.
///
/// Printed bands: ≤ 8 → 2, 9–10 → 3, 11–12 → 4, 13–14 → 5, 15–16 → 6, 17–20 → 7, 21–24 → 8,
/// 25–30 → 9. G-02 (INVENTED, marked so there): above 30 the pattern carries on in bands of 6,
/// one step each (31–36 → 10, 37–42 → 11, …). STR below 1 reads the "8 or less" row.
pub fn unarmed_base_step(strength: i32) -> i32 {
    match strength {
        i32::MIN..=8 => 2,
        9..=10 => 3,
        11..=12 => 4,
        13..=14 => 5,
        15..=16 => 6,
        17..=20 => 7,
        21..=24 => 8,
        25..=30 => 9,
        s => 10 + (s - 31) / 6,
    }
}

/// SK-16.15.1-T1 with SK-16.15.1-b (G-02 default `sk.punch_damage = table`): unarmed, rock,
/// brass-knuckle, improvised-club and HTH-knife damage by STR band and column.
///
/// The cell is the band's base step plus the column's offset, written on the ladder from a dice
/// form: the "8 or less" row's Damage cell prints `1d6 – 4` (step 2 as a roll, not "2 points").
/// STR above 30 extends the table (G-02, INVENTED); STR below 1 is the "8 or less" row.
pub fn unarmed_damage(strength: i32, column: StrColumn) -> Damage {
    // Start from the printed dice form of step 2 so the bottom cell stays a roll.
    Damage::new(1, -4).plus(unarmed_base_step(strength) - 2 + column.steps())
}

/// SK-12.6-d (G-02 option `sk.punch_damage = str_ladder`): a punch does the ladder step equal to
/// STR, read from the 0-dice column upwards ("the 0 dice column is simply Strength equal to the
/// listed bonus, … the one die column is equal to 6 plus the bonus"): STR 10 → 2d6−2,
/// STR 14 → 2d6+2 (E-03); STR 1 and 2 → 1 and 2 points; STR ≤ 0 → 0.
pub fn punch_str_ladder(strength: i32) -> Damage {
    Damage::points(0).plus(strength)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sk_12_6_t1_every_printed_cell_is_its_step() {
        // Column k dice, row +b -> step 6k + b, first printed form.
        let printed = [
            (1, "1"),
            (2, "2"),
            (3, "1d6-3"),
            (4, "1d6-2"),
            (5, "1d6-1"),
            (6, "1d6"),
            (7, "1d6+1"),
            (8, "1d6+2"),
            (9, "1d6+3"),
            (10, "2d6-2"),
            (11, "2d6-1"),
            (12, "2d6"),
            (13, "2d6+1"),
            (14, "2d6+2"),
            (15, "2d6+3"),
            (16, "3d6-2"),
            (21, "3d6+3"),
            (22, "4d6-2"),
            (24, "4d6"),
        ];
        for (n, text) in printed {
            assert_eq!(Damage::points(0).plus(n).to_string(), text, "step {n}");
        }
    }
}
