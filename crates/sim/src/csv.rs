//! Per-battle rows for `--csv FILE`, in battle order, for any spreadsheet or dataframe.

use crate::battle::{BattleRecord, BattleResult};
use std::io::{self, Write};

/// Writes one header, then one row per battle:
/// `battle,winner,timeout,rounds,steps,casualties_<side>…`, where `winner` is the winning
/// side's name or `draw`, and `timeout` is 1 for a draw by the step limit.
pub struct CsvWriter<W: Write> {
    out: W,
    sides: Vec<String>,
}

impl<W: Write> CsvWriter<W> {
    /// Writes the header for `sides` (names in scenario order). Give it a buffered writer.
    pub fn new(mut out: W, sides: &[String]) -> io::Result<Self> {
        out.write_all(b"battle,winner,timeout,rounds,steps")?;
        for name in sides {
            out.write_all(b",")?;
            field(&mut out, &format!("casualties_{name}"))?;
        }
        out.write_all(b"\n")?;
        Ok(CsvWriter {
            out,
            sides: sides.to_vec(),
        })
    }

    pub fn write(&mut self, r: &BattleRecord) -> io::Result<()> {
        write!(self.out, "{},", r.index)?;
        match r.result {
            BattleResult::Winner(side) => match self.sides.get(usize::from(side)) {
                Some(name) => field(&mut self.out, name)?,
                None => write!(self.out, "side {side}")?,
            },
            BattleResult::Draw | BattleResult::Timeout => self.out.write_all(b"draw")?,
        }
        let timeout = u8::from(r.result == BattleResult::Timeout);
        write!(self.out, ",{timeout},{},{}", r.rounds, r.steps)?;
        for c in &r.casualties {
            write!(self.out, ",{c}")?;
        }
        self.out.write_all(b"\n")
    }

    /// Flushes and gives the writer back.
    pub fn finish(mut self) -> io::Result<W> {
        self.out.flush()?;
        Ok(self.out)
    }
}

/// A field, quoted when it holds a comma, a quote or a line break (RFC 4180).
fn field(out: &mut impl Write, text: &str) -> io::Result<()> {
    if text.contains([',', '"', '\n', '\r']) {
        write!(out, "\"{}\"", text.replace('"', "\"\""))
    } else {
        out.write_all(text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_name_the_winner_and_quote_awkward_names() {
        let sides = vec!["Red".to_string(), "Blue, \"the\" best".to_string()];
        let mut w = CsvWriter::new(Vec::new(), &sides).unwrap();
        for (index, result) in [
            (0, BattleResult::Winner(1)),
            (1, BattleResult::Draw),
            (2, BattleResult::Timeout),
        ] {
            w.write(&BattleRecord {
                index,
                result,
                rounds: 3,
                steps: 6,
                casualties: vec![1, 0],
                actions: vec![3, 3],
            })
            .unwrap();
        }
        let text = String::from_utf8(w.finish().unwrap()).unwrap();
        assert_eq!(
            text,
            "battle,winner,timeout,rounds,steps,casualties_Red,\"casualties_Blue, \"\"the\"\" best\"\n\
             0,\"Blue, \"\"the\"\" best\",0,3,6,1,0\n\
             1,draw,0,3,6,1,0\n\
             2,draw,1,3,6,1,0\n"
        );
    }
}
