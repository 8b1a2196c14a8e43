//! The terminal front end for a person playing a side of `fireteam run`: the board drawn as
//! text before each decision, the legal actions offered in groups (unit, kind, cell or target,
//! variant) instead of one flat list, forgiving input, and the commands `help`, `map`,
//! `status`, `back`, `save` and `quit`. It draws only from the engine's system-independent
//! views (`Present::board`, `Present::action_view`), so every rule system plays the same way.
//! The grammar is documented for players in docs/play.md.
//!
//! Everything the prompt shows goes to standard error, as the dice prompts of `--manual` do:
//! standard output keeps the narration, which may be redirected to a file.

pub mod chooser;
pub mod help;
pub mod input;
pub mod map;
pub mod prompt;
pub mod status;
pub mod style;

pub use prompt::{Reply, Saves};

use chooser::Choice;
use fireteam_engine::{Present, SideId, UnitId};
use miette::Result;
use std::io::{BufRead, Read};

/// Asks the person playing `side` to choose among `legal`, for `unit` when the decision is one
/// unit's. Reads the terminal, draws on standard error.
pub fn decide<R: Present>(
    rules: &R,
    state: &R::State,
    side: SideId,
    unit: Option<UnitId>,
    legal: &[R::Action],
    saves: &mut dyn Saves,
) -> Result<Reply> {
    let board = rules.board(state);
    let choices: Vec<Choice> = legal
        .iter()
        .map(|a| Choice {
            text: rules.action_text(state, a),
            view: rules.action_view(state, a),
        })
        .collect();
    let side_name = rules.side_name(state, side);
    let who = match unit {
        Some(u) => format!("{} ({side_name})", rules.unit_name(state, u)),
        None => side_name,
    };
    let ask = prompt::Ask {
        who,
        board: &board,
        choices: &choices,
        acting: unit,
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    prompt::ask(
        &ask,
        style::Style::detect(),
        &mut input,
        &mut std::io::stderr(),
        saves,
    )
}

/// Standard input read one line at a time, holding its lock only while reading that line. The
/// dice typed at the table (`--manual`) and a person's choices both come from the terminal; a
/// reader holding the lock for the whole battle would leave the other waiting for ever.
#[derive(Default)]
pub struct StdinLines {
    line: String,
    pos: usize,
}

impl Read for StdinLines {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for StdinLines {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.pos >= self.line.len() {
            self.line.clear();
            self.pos = 0;
            std::io::stdin().read_line(&mut self.line)?;
        }
        Ok(&self.line.as_bytes()[self.pos..])
    }

    fn consume(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.line.len());
    }
}
