//! One decision asked of a person: the board, then the grouped choices, read line by line until
//! an action is chosen or the person quits. Reads from any `BufRead` and writes to any `Write`,
//! so tests drive it with forced input.

use super::chooser::{count, Answer, Choice, Chooser, Level, Menu};
use super::map::{self, Overlay};
use super::style::{Paint, Style};
use super::{help, status};
use fireteam_engine::{Board, UnitId};
use miette::{miette, IntoDiagnostic, Result};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// The longest list shown; longer ones are summarised, so no list runs off a screen.
pub const LIST_MAX: usize = 16;

/// What the prompt needs of the game besides the choices: saving it.
pub trait Saves {
    /// Writes the battle so far to `to`, or to the save file already set (`--save`, or the last
    /// `save FILE`); says what it did, or why it could not.
    fn save(&mut self, to: Option<&Path>) -> Result<String, String>;
    /// The save file set, if any.
    fn path(&self) -> Option<PathBuf>;
}

/// One decision to ask.
pub struct Ask<'a> {
    /// Whose decision, e.g. "Dee (Blue)" or "Blue".
    pub who: String,
    pub board: &'a Board,
    pub choices: &'a [Choice],
    pub acting: Option<UnitId>,
}

/// What the person decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reply {
    /// The index of the chosen action.
    Act(usize),
    Quit,
}

/// Shows the board and asks until an action is chosen or the person quits. The end of the
/// input is an error naming whose decision was waiting.
pub fn ask(
    ask: &Ask,
    style: Style,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    saves: &mut dyn Saves,
) -> Result<Reply> {
    let mut chooser = Chooser::new(ask.choices, ask.board);
    let say = |out: &mut dyn Write, lines: &[String]| -> Result<()> {
        for l in lines {
            writeln!(out, "{l}").into_diagnostic()?;
        }
        out.flush().into_diagnostic()
    };
    say(out, &board_lines(ask, style, &[]))?;
    say(out, &menu_lines(ask, style, &chooser))?;
    let mut quit_warned = false;
    loop {
        write!(out, "{}", prompt_text(&chooser.menu(), &chooser)).into_diagnostic()?;
        out.flush().into_diagnostic()?;
        let mut line = String::new();
        if input.read_line(&mut line).into_diagnostic()? == 0 {
            return Err(miette!(
                help = "play a human side at a terminal, or make it ai:greedy",
                "no more input while waiting for the decision for {}",
                ask.who
            ));
        }
        let line = line.trim();
        let (command, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c.to_lowercase(), r.trim()),
            None => (line.to_lowercase(), ""),
        };
        match (command.as_str(), rest) {
            ("", _) => say(out, &menu_lines(ask, style, &chooser))?,
            ("help" | "?", "") => say(out, &help::text(ask.choices))?,
            ("map", "") => say(out, &board_lines(ask, style, &chooser.marked_cells()))?,
            ("status", "") => say(out, &status::lines(ask.board))?,
            ("back" | "undo", "") => match chooser.back() {
                Answer::Refused(why) => say(out, &[format!("  {why}")])?,
                _ => say(out, &menu_lines(ask, style, &chooser))?,
            },
            ("save", file) => {
                let file = file.trim_matches(|c| c == '"' || c == '\'');
                let to = if file.is_empty() && saves.path().is_none() {
                    write!(out, "save to which file? ").into_diagnostic()?;
                    out.flush().into_diagnostic()?;
                    let mut f = String::new();
                    input.read_line(&mut f).into_diagnostic()?;
                    let f = f.trim().to_string();
                    if f.is_empty() {
                        say(out, &["  not saved".to_string()])?;
                        continue;
                    }
                    Some(PathBuf::from(f))
                } else {
                    (!file.is_empty()).then(|| PathBuf::from(file))
                };
                let said = match saves.save(to.as_deref()) {
                    Ok(s) => s,
                    Err(e) => format!("not saved: {e}"),
                };
                say(out, &[format!("  {said}")])?;
            }
            ("quit" | "exit", "") => {
                if saves.path().is_some() || quit_warned {
                    return Ok(Reply::Quit);
                }
                quit_warned = true;
                say(
                    out,
                    &[
                        "  the battle is not saved: type `save FILE` first, or `quit` again to \
                       quit without saving"
                            .to_string(),
                    ],
                )?;
            }
            _ => match chooser.answer(line) {
                Answer::Picked(i) => return Ok(Reply::Act(i)),
                Answer::Narrowed | Answer::Back => say(out, &menu_lines(ask, style, &chooser))?,
                Answer::Refused(why) => say(out, &[format!("  {why}")])?,
            },
        }
    }
}

/// The board, its key and the legend of units, with the acting unit and `marked` set apart.
fn board_lines(ask: &Ask, style: Style, marked: &[fireteam_engine::Cell]) -> Vec<String> {
    let overlay = Overlay {
        acting: ask.acting,
        marked,
    };
    let b = ask.board;
    let mut lines = vec![String::new(), format!("Turn {}, {}", b.turn, b.phase)];
    lines.extend(map::draw(b, style, overlay));
    lines.push(map::key(b, style, overlay));
    lines.extend(map::legend(b, style, overlay));
    lines
}

/// The heading and the menu of what is open: a numbered list of at most [`LIST_MAX`] lines,
/// or a summary of a longer one.
fn menu_lines(ask: &Ask, style: Style, chooser: &Chooser) -> Vec<String> {
    let menu = chooser.menu();
    let mut heading = format!("Your decision for {}", ask.who);
    for t in chooser.trail() {
        heading.push_str(&format!(" › {t}"));
    }
    let n = menu.entries.len();
    let question = match menu.level {
        Level::Unit => "which unit acts?".to_string(),
        Level::Kind => "what kind of action?".to_string(),
        Level::Place => format!("which {}?", chooser.place_noun()),
        Level::Variant => "which one?".to_string(),
    };
    let mut lines = vec![
        String::new(),
        format!("{}: {question}", style.paint(&heading, &[Paint::Bold])),
    ];
    if n <= LIST_MAX {
        let width = menu
            .entries
            .iter()
            .map(|e| e.label.chars().count())
            .max()
            .unwrap_or(0);
        for (i, e) in menu.entries.iter().enumerate() {
            let line = format!("  {:>2}. {:<width$}  {}", i + 1, e.label, e.detail);
            lines.push(line.trim_end().to_string());
        }
        return lines;
    }
    lines.extend(summary(&menu, chooser));
    lines
}

/// A long menu in a few lines: how many, a few examples, and how to pick one.
fn summary(menu: &Menu, chooser: &Chooser) -> Vec<String> {
    let n = menu.entries.len();
    let examples: Vec<&str> = menu
        .entries
        .iter()
        .take(6)
        .map(|e| e.label.as_str())
        .collect();
    let examples = examples.join(" · ");
    match menu.level {
        Level::Place if chooser.place_noun() == "target" => vec![
            format!("  {}: type a name (e.g. {examples} …)", count(n, "target")),
            "  or a number (counting in this order)".to_string(),
        ],
        Level::Place => vec![
            format!(
                "  {}: type one as col,row (e.g. {examples} …),",
                count(n, &chooser.place_noun())
            ),
            "  or `map` to see them marked +".to_string(),
        ],
        Level::Unit | Level::Kind => vec![
            format!("  {n} to choose from: {examples} …"),
            "  type one, or a number (counting in this order)".to_string(),
        ],
        Level::Variant => {
            let mut lines: Vec<String> = menu.entries[..LIST_MAX - 1]
                .iter()
                .enumerate()
                .map(|(i, e)| format!("  {:>2}. {}", i + 1, e.label))
                .collect();
            lines.push(format!(
                "  … and {} more: type words of the one you want to narrow the list",
                n - (LIST_MAX - 1)
            ));
            lines
        }
    }
}

fn prompt_text(menu: &Menu, chooser: &Chooser) -> String {
    let n = menu.entries.len();
    match menu.level {
        Level::Place if n > LIST_MAX => {
            format!("{} (or help, map, back) > ", chooser.place_noun())
        }
        _ => format!("choose 1-{n} (or help, map, back) > "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terminal::map::tests::board;
    use fireteam_engine::{ActionView, Cell};

    struct NoSave(Option<PathBuf>, Vec<Option<PathBuf>>);

    impl Saves for NoSave {
        fn save(&mut self, to: Option<&Path>) -> Result<String, String> {
            if let Some(p) = to {
                self.0 = Some(p.to_path_buf());
            }
            self.1.push(self.0.clone());
            Ok(format!("saved to {}", self.0.as_ref().unwrap().display()))
        }
        fn path(&self) -> Option<PathBuf> {
            self.0.clone()
        }
    }

    fn choice(text: &str, kind: &str, cell: Option<[i32; 2]>, target: Option<u16>) -> Choice {
        Choice {
            text: text.into(),
            view: ActionView {
                unit: Some(1),
                kind: kind.into(),
                cell: cell.map(Cell::from),
                target,
                facing: None,
                attack: target.is_some(),
            },
        }
    }

    fn run(input: &str, choices: &[Choice], saves: &mut NoSave) -> (Result<Reply>, String) {
        let b = board();
        let ask = Ask {
            who: "Dee (Blue)".into(),
            board: &b,
            choices,
            acting: Some(1),
        };
        let mut out = Vec::new();
        let r = super::ask(&ask, Style::PLAIN, &mut input.as_bytes(), &mut out, saves);
        (r, String::from_utf8(out).unwrap())
    }

    fn few() -> Vec<Choice> {
        vec![
            choice("Dee stands facing SW", "stand_still", Some([1, 0]), None),
            choice("Dee moves to [2, 0] facing N", "move", Some([2, 0]), None),
            choice("Dee moves to [2, 0] facing S", "move", Some([2, 0]), None),
            choice("Dee moves to [1, 1] facing N", "move", Some([1, 1]), None),
            choice("Dee shoots at Ana", "shoot", Some([0, 1]), Some(0)),
        ]
    }

    #[test]
    fn the_board_and_the_kinds_come_first_and_commands_answer_in_place() {
        let mut s = NoSave(None, vec![]);
        let (r, out) = run("help\nstatus\nmap\nshoot\n", &few(), &mut s);
        assert_eq!(r.unwrap(), Reply::Act(4));
        assert!(out.contains("     0  1  2  3"), "the board is drawn: {out}");
        assert!(out.contains(">D↙ Dee"), "the legend marks who acts: {out}");
        assert!(
            out.contains("Your decision for Dee (Blue): what kind of action?"),
            "{out}"
        );
        assert!(out.contains("   1. stand still  1 choice"), "{out}");
        assert!(
            out.contains("   2. move         2 hexes, 3 choices"),
            "{out}"
        );
        assert!(out.contains("   3. shoot        at Ana, 1 choice"), "{out}");
        assert!(out.contains("a cell          col,row"), "help: {out}");
        assert!(out.contains("in hand: nothing"), "status: {out}");
    }

    #[test]
    fn a_kind_then_a_cell_then_a_number_picks_one_move() {
        let mut s = NoSave(None, vec![]);
        let (r, out) = run("move\nmap\n(2, 0)\n2\n", &few(), &mut s);
        assert_eq!(r.unwrap(), Reply::Act(2));
        assert!(out.contains("Your decision for Dee (Blue) › move: which hex?"));
        assert!(
            out.contains("+ where this choice can go"),
            "map marks: {out}"
        );
        assert!(out.contains("Your decision for Dee (Blue) › move › (2, 0): which one?"));
        assert!(out.contains("   2. Dee moves to [2, 0] facing S"), "{out}");
    }

    #[test]
    fn refusals_explain_and_suggest_and_the_end_of_input_names_the_decision() {
        let mut s = NoSave(None, vec![]);
        let (r, out) = run("mvoe\n3,3\n9\nback\n", &few(), &mut s);
        let e = r.unwrap_err().to_string();
        assert_eq!(
            e,
            "no more input while waiting for the decision for Dee (Blue)"
        );
        assert!(
            out.contains("'mvoe' matches no choice; did you mean 'move'?"),
            "{out}"
        );
        assert!(
            out.contains("3,3 is off the board (columns 0-3, rows 0-1)"),
            "{out}"
        );
        assert!(out.contains("9 is not in the list: choose 1-3"), "{out}");
        assert!(out.contains("nothing to go back to"), "{out}");
    }

    #[test]
    fn quit_asks_twice_without_a_save_file_and_save_file_sets_one() {
        let mut s = NoSave(None, vec![]);
        let (r, out) = run("quit\nquit\n", &few(), &mut s);
        assert_eq!(r.unwrap(), Reply::Quit);
        assert!(out.contains("the battle is not saved"), "{out}");
        let mut s = NoSave(None, vec![]);
        let (r, out) = run("save\nb.json\nsave\nquit\n", &few(), &mut s);
        assert_eq!(r.unwrap(), Reply::Quit);
        assert!(out.contains("save to which file? "), "{out}");
        assert_eq!(s.1, vec![Some("b.json".into()), Some("b.json".into())]);
        assert!(!out.contains("not saved"), "{out}");
    }

    #[test]
    fn no_list_is_longer_than_a_screen() {
        let mut many = Vec::new();
        for col in 0..4 {
            for row in 0..2 {
                for f in ["N", "NE", "SE", "S", "SW", "NW"] {
                    for guard in ["", " and dodges", " and parries", " and blocks"] {
                        many.push(choice(
                            &format!("Dee moves to [{col}, {row}] facing {f}{guard}"),
                            "move",
                            Some([col, row]),
                            None,
                        ));
                    }
                }
            }
        }
        // 8 hexes, listed; then the 24 ways to move to one: 15 listed and a summary.
        let mut s = NoSave(None, vec![]);
        let (r, out) = run("0 0\n", &many, &mut s);
        assert!(r.is_err());
        assert!(out.contains("   8. 3,1"), "{out}");
        assert!(
            out.contains("  15. Dee moves to [0, 0] facing S and parries"),
            "{out}"
        );
        assert!(out.contains("  … and 9 more: type words"), "{out}");
        let longest = out
            .split('\n')
            .fold((0, 0), |(run, max), l| {
                let listed = l
                    .trim_start()
                    .split_once(". ")
                    .is_some_and(|(n, _)| n.parse::<usize>().is_ok());
                let run = if listed { run + 1 } else { 0 };
                (run, max.max(run))
            })
            .1;
        assert_eq!(longest, LIST_MAX - 1, "{out}");
    }
}
