//! The scripted source: faces given in advance, for tests with forced dice and for replaying a
//! game whose dice were rolled at the table.

use super::{Dice, DiceSource, Purpose, SourceKind};
use crate::error::SourceError;

#[derive(Debug, Clone)]
pub struct ScriptedSource {
    values: Vec<i64>,
    next: usize,
}

impl ScriptedSource {
    pub fn new(values: impl Into<Vec<i64>>) -> Self {
        ScriptedSource {
            values: values.into(),
            next: 0,
        }
    }

    /// Parses a list such as `4,2,6` or `4 2 6`. The error names the bad entry's position.
    pub fn parse(list: &str) -> Result<Self, String> {
        let mut values = Vec::new();
        for (i, item) in list
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .enumerate()
        {
            let v = item.parse::<i64>().map_err(|_| {
                format!(
                    "value number {} of the dice list, '{item}', is not a whole number; \
                     write faces separated by commas, e.g. 4,2,6",
                    i + 1
                )
            })?;
            values.push(v);
        }
        Ok(ScriptedSource::new(values))
    }

    /// How many values are left.
    pub fn remaining(&self) -> usize {
        self.values.len() - self.next
    }
}

impl DiceSource for ScriptedSource {
    fn roll_into(
        &mut self,
        purpose: &Purpose<'_>,
        dice: Dice,
        faces: &mut Vec<u32>,
    ) -> Result<(), SourceError> {
        faces.clear();
        let n = dice.count as usize;
        if self.remaining() < n {
            return Err(SourceError::ScriptExhausted {
                purpose: purpose.describe(),
                dice: dice.to_string(),
                needed: n - self.remaining(),
                given: self.values.len(),
            });
        }
        for _ in 0..n {
            let v = self.values[self.next];
            if v < 1 || v > i64::from(dice.sides) {
                return Err(SourceError::ScriptOutOfRange {
                    purpose: purpose.describe(),
                    dice: dice.to_string(),
                    value: v,
                    position: self.next + 1,
                    sides: dice.sides,
                });
            }
            faces.push(v as u32);
            self.next += 1;
        }
        Ok(())
    }

    fn kind(&self) -> SourceKind {
        SourceKind::Scripted
    }
}
