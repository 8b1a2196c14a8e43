//! The manual source: asks a person for the faces they rolled at the table, says what the roll
//! is for, checks the entry, and rolls for them on request.

use super::{Dice, DiceSource, Purpose, SeededSource, SourceKind};
use crate::error::SourceError;
use std::io::{BufRead, Write};

pub struct ManualSource<R, W> {
    input: R,
    output: W,
    fallback: SeededSource,
    /// How many times the person asked for a computer roll; each gets its own scope.
    asked: u64,
}

impl<R: BufRead, W: Write> ManualSource<R, W> {
    /// `fallback` rolls when the person types `r`.
    pub fn new(input: R, output: W, fallback: SeededSource) -> Self {
        ManualSource {
            input,
            output,
            fallback,
            asked: 0,
        }
    }

    fn say(&mut self, text: &str) -> Result<(), SourceError> {
        self.output
            .write_all(text.as_bytes())
            .and_then(|_| self.output.flush())
            .map_err(|e| SourceError::Io(e.to_string()))
    }
}

/// Reads an entry: faces separated by spaces or commas. On a d10, 0 reads as 10, as the die is
/// printed. Returns a message for the person when the entry is not valid.
pub(crate) fn parse_faces(line: &str, dice: Dice) -> Result<Vec<u32>, String> {
    let items: Vec<&str> = line
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .collect();
    if items.len() != dice.count as usize {
        return Err(format!(
            "expected {} face(s) for {dice}, got {}",
            dice.count,
            items.len()
        ));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let v: i64 = s
                .parse()
                .map_err(|_| format!("face {} ('{s}') is not a number", i + 1))?;
            let v = if dice.sides == 10 && v == 0 { 10 } else { v };
            if v < 1 || v > i64::from(dice.sides) {
                return Err(format!(
                    "face {} ({v}) is not on a d{}: faces run from 1 to {}",
                    i + 1,
                    dice.sides,
                    dice.sides
                ));
            }
            Ok(v as u32)
        })
        .collect()
}

impl<R: BufRead, W: Write> DiceSource for ManualSource<R, W> {
    fn roll_into(
        &mut self,
        purpose: &Purpose<'_>,
        dice: Dice,
        faces: &mut Vec<u32>,
    ) -> Result<(), SourceError> {
        let what = purpose.describe();
        let example: Vec<String> = (0..dice.count.min(3))
            .map(|i| (1 + i * 2 % dice.sides.max(1)).min(dice.sides).to_string())
            .collect();
        loop {
            self.say(&format!(
                "Roll {dice} for {what}.\n  Enter the {} face(s), e.g. '{}', or 'r' to roll for you: ",
                dice.count,
                example.join(" ")
            ))?;
            let mut line = String::new();
            let n = self
                .input
                .read_line(&mut line)
                .map_err(|e| SourceError::Io(e.to_string()))?;
            if n == 0 {
                return Err(SourceError::ManualInputClosed {
                    purpose: what,
                    dice: dice.to_string(),
                });
            }
            let entry = line.trim();
            if entry.eq_ignore_ascii_case("r") || entry.eq_ignore_ascii_case("roll") {
                self.asked += 1;
                self.fallback.begin_scope(self.asked);
                self.fallback.roll_into(purpose, dice, faces)?;
                let shown: Vec<String> = faces.iter().map(u32::to_string).collect();
                self.say(&format!("  rolled [{}]\n", shown.join(", ")))?;
                return Ok(());
            }
            match parse_faces(entry, dice) {
                Ok(v) => {
                    faces.clear();
                    faces.extend(v);
                    return Ok(());
                }
                Err(msg) => self.say(&format!("  {msg}; try again.\n"))?,
            }
        }
    }

    fn kind(&self) -> SourceKind {
        SourceKind::Manual
    }
}
