//! The grouped chooser: a person narrows the legal actions step by step instead of reading a
//! list of a thousand moves. Each step shows one grouping of what is still open, the first that
//! splits it: the unit acting, then the kind of action (`ActionView::kind`), then the cell or
//! target, then the few variants left (facings, guards, fire modes). Any answer narrows: a
//! number from the list shown, a kind, a cell, a unit's name, any words of the action, or the
//! whole action text. One action left is the choice.

use super::input::{self, Piece};
use fireteam_engine::{ActionView, Board, Cell, GridShape, UnitId};
use fireteam_scenario::suggest::edit_distance;
use std::collections::HashSet;

/// One legal action as the chooser sees it: its text and what it does on the board.
#[derive(Debug, Clone)]
pub struct Choice {
    pub text: String,
    pub view: ActionView,
}

/// Where an action goes: the unit it aims at, else its cell, else nowhere in particular.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    Unit(UnitId),
    Cell(Cell),
    Here,
}

impl Choice {
    pub fn place(&self) -> Place {
        match (self.view.target, self.view.cell) {
            (Some(u), _) => Place::Unit(u),
            (None, Some(c)) => Place::Cell(c),
            (None, None) => Place::Here,
        }
    }
}

/// The grouping a menu shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Unit,
    Kind,
    Place,
    Variant,
}

/// One line of a menu: what it stands for, a short detail, and the choices it opens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub label: String,
    pub detail: String,
    pub picks: Vec<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Menu {
    pub level: Level,
    pub entries: Vec<Entry>,
}

/// What an answer did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// The index of the chosen action in the list the chooser was built from.
    Picked(usize),
    Narrowed,
    Back,
    /// Why the answer was refused, with a "did you mean" when one is close.
    Refused(String),
}

/// The choices of one decision, narrowed step by step.
pub struct Chooser<'a> {
    choices: &'a [Choice],
    board: &'a Board,
    /// Per choice: its normal form (see [`input::normal`]) and its words (with its kind's).
    normal: Vec<String>,
    words: Vec<Vec<String>>,
    /// The open choices at each step; the first is every choice.
    stack: Vec<Vec<usize>>,
    /// What each step past the first was narrowed by, for the heading.
    trail: Vec<String>,
}

impl<'a> Chooser<'a> {
    pub fn new(choices: &'a [Choice], board: &'a Board) -> Self {
        let normal = choices.iter().map(|c| input::normal(&c.text)).collect();
        let words = choices
            .iter()
            .map(|c| {
                let mut w = input::words(&c.text);
                w.extend(kind_words(&c.view.kind));
                w
            })
            .collect();
        Chooser {
            choices,
            board,
            normal,
            words,
            stack: vec![(0..choices.len()).collect()],
            trail: Vec::new(),
        }
    }

    /// The choices still open.
    pub fn open(&self) -> &[usize] {
        self.stack.last().map_or(&[], Vec::as_slice)
    }

    /// What the choice was narrowed by so far, e.g. `["move", "13,2"]`.
    pub fn trail(&self) -> &[String] {
        &self.trail
    }

    /// The cells the open choices go to, for the map to mark: only once they are of one kind
    /// (marking every kind's cells at once says nothing) and go to more than one cell.
    pub fn marked_cells(&self) -> Vec<Cell> {
        let open = self.open();
        let one_kind = open
            .iter()
            .all(|&i| self.choices[i].view.kind == self.choices[open[0]].view.kind);
        let mut cells: Vec<Cell> = Vec::new();
        for &i in open {
            if let Some(c) = self.choices[i].view.cell {
                if !cells.contains(&c) {
                    cells.push(c);
                }
            }
        }
        if one_kind && cells.len() > 1 {
            cells
        } else {
            Vec::new()
        }
    }

    /// The menu for the open choices: the first grouping that splits them.
    pub fn menu(&self) -> Menu {
        let open = self.open();
        let units = group(open, |i| self.choices[i].view.unit);
        if units.len() > 1 {
            let entries = units
                .into_iter()
                .map(|(u, picks)| Entry {
                    label: u.map_or_else(|| "(no unit)".into(), |u| self.unit_name(u)),
                    detail: self.kinds_detail(&picks),
                    picks,
                })
                .collect();
            return Menu {
                level: Level::Unit,
                entries,
            };
        }
        let kinds = group(open, |i| self.choices[i].view.kind.as_str());
        if kinds.len() > 1 {
            let entries = kinds
                .into_iter()
                .map(|(k, picks)| Entry {
                    label: kind_name(k),
                    detail: self.places_detail(&picks),
                    picks,
                })
                .collect();
            return Menu {
                level: Level::Kind,
                entries,
            };
        }
        let places = group(open, |i| self.choices[i].place());
        if places.len() > 1 {
            let entries = places
                .into_iter()
                .map(|(p, picks)| self.place_entry(p, picks))
                .collect();
            return Menu {
                level: Level::Place,
                entries,
            };
        }
        Menu {
            level: Level::Variant,
            entries: open
                .iter()
                .map(|&i| Entry {
                    label: self.choices[i].text.clone(),
                    detail: String::new(),
                    picks: vec![i],
                })
                .collect(),
        }
    }

    /// Goes back one step.
    pub fn back(&mut self) -> Answer {
        if self.stack.len() > 1 {
            self.stack.pop();
            self.trail.pop();
            Answer::Back
        } else {
            Answer::Refused("this is the first step: nothing to go back to".into())
        }
    }

    /// Reads one answer (commands such as `help` are the prompt's, not the chooser's).
    pub fn answer(&mut self, text: &str) -> Answer {
        let text = text.trim();
        if text.is_empty() {
            return Answer::Refused("type a choice, or `help`".into());
        }
        // A number picks from the menu shown (a summarised menu counts in the same order).
        if let Ok(k) = text.parse::<usize>() {
            let menu = self.menu();
            return match menu.entries.get(k.wrapping_sub(1)) {
                Some(e) => {
                    let label = e.label.clone();
                    let picks = e.picks.clone();
                    self.narrow_to(picks, label)
                }
                None => Answer::Refused(format!(
                    "{k} is not in the list: choose 1-{}",
                    menu.entries.len()
                )),
            };
        }
        // The whole action text, written any way the docs allow, picks at once from any step.
        let typed = input::normal(text);
        if let Some(i) = self.normal.iter().position(|n| *n == typed) {
            return Answer::Picked(i);
        }
        let pieces = match input::cell_only(text) {
            Some(c) => vec![Piece::Cell(c)],
            None => input::pieces(text),
        };
        // Narrow what is open; failing that, start again from every choice, so a person can
        // change their mind without going back step by step.
        let open = self.open().to_vec();
        let result = match self.narrow(&open, &pieces) {
            Ok(set) => Ok(set),
            Err(first) if self.stack.len() > 1 => {
                let all: Vec<usize> = (0..self.choices.len()).collect();
                match self.narrow(&all, &pieces) {
                    Ok(set) => {
                        self.stack.truncate(1);
                        self.trail.clear();
                        Ok(set)
                    }
                    Err(_) => Err(first),
                }
            }
            Err(e) => Err(e),
        };
        match result {
            Ok(set) if set.as_slice() == self.open() => Answer::Refused(format!(
                "every choice left matches '{text}': pick from the list, or type more"
            )),
            Ok(set) => self.narrow_to(set, text.to_string()),
            Err(why) => {
                // A near miss of a whole action gets that action, written as the system writes it.
                if pieces.len() >= 3 {
                    if let Some(i) = self.nearest_text(&typed) {
                        return Answer::Refused(format!(
                            "'{text}' is not a legal action; did you mean '{}'?",
                            self.choices[i].text
                        ));
                    }
                }
                Answer::Refused(why)
            }
        }
    }

    fn narrow_to(&mut self, set: Vec<usize>, label: String) -> Answer {
        if let [only] = set.as_slice() {
            return Answer::Picked(*only);
        }
        self.stack.push(set);
        self.trail.push(label);
        Answer::Narrowed
    }

    /// The choices of `from` that every piece matches, or why none does.
    fn narrow(&self, from: &[usize], pieces: &[Piece]) -> Result<Vec<usize>, String> {
        let mut set = from.to_vec();
        for piece in pieces {
            let next: Vec<usize> = set
                .iter()
                .copied()
                .filter(|&i| match piece {
                    Piece::Cell(c) => self.choices[i].view.cell == Some(*c),
                    Piece::Word(w) => self.words[i].iter().any(|x| input::word_matches(w, x)),
                })
                .collect();
            if next.is_empty() {
                return Err(match piece {
                    Piece::Cell(c) => self.no_cell(*c, &set),
                    Piece::Word(w) => self.no_word(w, &set),
                });
            }
            set = next;
        }
        Ok(set)
    }

    fn no_cell(&self, c: Cell, set: &[usize]) -> String {
        let b = self.board;
        if c.col < 0 || c.row < 0 || c.col as u32 >= b.width || c.row as u32 >= b.height {
            return format!(
                "{c} is off the board (columns 0-{}, rows 0-{})",
                b.width.saturating_sub(1),
                b.height.saturating_sub(1)
            );
        }
        let nearest = set
            .iter()
            .filter_map(|&i| self.choices[i].view.cell)
            .min_by_key(|&x| (self.distance(c, x), x.row, x.col));
        match nearest {
            Some(n) => format!(
                "no choice goes to {c}; the nearest {} one goes to is {n}",
                self.cell_word()
            ),
            None => format!("no choice goes to {c}"),
        }
    }

    fn no_word(&self, w: &str, set: &[usize]) -> String {
        let mut seen = HashSet::new();
        let candidates: Vec<&str> = set
            .iter()
            .flat_map(|&i| self.words[i].iter().map(String::as_str))
            .filter(|x| seen.insert(*x))
            .collect();
        match near_word(w, &candidates) {
            Some(c) => format!("'{w}' matches no choice; did you mean '{c}'?"),
            None => format!("'{w}' matches no choice left; `help` shows what to type"),
        }
    }

    /// Cells apart on this board: hex steps, square steps (diagonals count one), or the
    /// longer leg on an open table.
    fn distance(&self, a: Cell, b: Cell) -> i32 {
        match self.board.shape {
            GridShape::Hex => input::hex_distance(a, b),
            GridShape::Square | GridShape::Table { .. } => {
                (a.col - b.col).abs().max((a.row - b.row).abs())
            }
        }
    }

    /// The choice whose text is nearest the typed one, if it is near enough to be a slip.
    fn nearest_text(&self, typed: &str) -> Option<usize> {
        let limit = (typed.chars().count() / 4).max(2);
        self.normal
            .iter()
            .enumerate()
            .map(|(i, n)| (edit_distance(typed, n), i))
            .filter(|&(d, _)| d <= limit)
            .min()
            .map(|(_, i)| i)
    }

    fn unit_name(&self, u: UnitId) -> String {
        match self.board.units.iter().find(|x| x.id == u) {
            Some(x) => x.name.clone(),
            None => format!("unit {u}"),
        }
    }

    fn kinds_detail(&self, picks: &[usize]) -> String {
        let kinds = group(picks, |i| self.choices[i].view.kind.as_str());
        let names: Vec<String> = kinds.iter().take(4).map(|(k, _)| kind_name(k)).collect();
        let more = if kinds.len() > 4 { ", …" } else { "" };
        format!(
            "{}{more} ({})",
            names.join(", "),
            count(picks.len(), "choice")
        )
    }

    fn places_detail(&self, picks: &[usize]) -> String {
        let places = group(picks, |i| self.choices[i].place());
        let n = places.len();
        let cells = places.iter().filter(|(p, _)| matches!(p, Place::Cell(_)));
        let targets = places.iter().filter(|(p, _)| matches!(p, Place::Unit(_)));
        let what = match (cells.count(), targets.count()) {
            (_, 1) if n == 1 => match places[0].0 {
                Place::Unit(u) => format!("at {}", self.unit_name(u)),
                _ => unreachable!("one place, a target"),
            },
            _ if n <= 1 => return count(picks.len(), "choice"),
            (0, t) => count(t, "target"),
            (c, 0) => count(c, self.cell_word()),
            _ => count(n, "place"),
        };
        format!("{what}, {}", count(picks.len(), "choice"))
    }

    fn place_entry(&self, p: Place, picks: Vec<usize>) -> Entry {
        let n = count(picks.len(), "choice");
        match p {
            Place::Unit(u) => {
                let view = self.board.units.iter().find(|x| x.id == u);
                let side = view
                    .and_then(|v| self.board.sides.get(usize::from(v.side)))
                    .map(|s| format!(" ({})", s.name))
                    .unwrap_or_default();
                let at = view
                    .and_then(|v| v.at)
                    .map(|c| format!("at {c}, "))
                    .unwrap_or_default();
                Entry {
                    label: format!("{}{side}", self.unit_name(u)),
                    detail: format!("{at}{n}"),
                    picks,
                }
            }
            Place::Cell(c) => {
                let mut detail = Vec::new();
                if let Some(t) = self.board.terrain_at(c) {
                    if t.look != "open" {
                        detail.push(t.name.clone());
                    }
                }
                if let Some(u) = self.board.unit_at(c) {
                    detail.push(u.name.clone());
                }
                detail.push(n);
                Entry {
                    label: c.to_string(),
                    detail: detail.join(", "),
                    picks,
                }
            }
            Place::Here => Entry {
                label: "(in place)".into(),
                detail: n,
                picks,
            },
        }
    }

    /// What the open choices go to: `target`, `hex` (the board's word for a cell) or both.
    pub fn place_noun(&self) -> String {
        let open = self.open();
        let units = open
            .iter()
            .any(|&i| matches!(self.choices[i].place(), Place::Unit(_)));
        let cells = open
            .iter()
            .any(|&i| !matches!(self.choices[i].place(), Place::Unit(_)));
        match (units, cells) {
            (true, false) => "target".into(),
            (false, _) => self.cell_word().into(),
            (true, true) => format!("{} or target", self.cell_word()),
        }
    }

    /// What one cell of this board is called.
    pub fn cell_word(&self) -> &'static str {
        match self.board.shape {
            GridShape::Hex => "hex",
            GridShape::Square => "square",
            GridShape::Table { .. } => "point",
        }
    }
}

/// The word nearest a typed one, if near enough to be a slip: within a third of its length, and
/// two edits for words of four letters or more, so a swapped pair (`mvoe`) is caught. A single
/// letter is too short to guess from, and numbers are no words to suggest.
fn near_word<'w>(typed: &str, words: &[&'w str]) -> Option<&'w str> {
    let n = typed.chars().count();
    if n < 2 {
        return None;
    }
    let limit = (n / 3).max(if n >= 4 { 2 } else { 1 });
    words
        .iter()
        .filter(|w| !w.chars().all(|c| c.is_ascii_digit()))
        .map(|w| (edit_distance(typed, w), *w))
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, w)| w)
}

/// A kind as a person reads it: `stand_still` is "stand still".
pub fn kind_name(kind: &str) -> String {
    kind.replace('_', " ")
}

fn kind_words(kind: &str) -> Vec<String> {
    kind.split(['_', ' '])
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// `1 hex`, `98 hexes`, `12 choices`.
pub fn count(n: usize, word: &str) -> String {
    match (n, word) {
        (1, w) => format!("1 {w}"),
        (n, w) if w.ends_with('x') || w.ends_with('s') => format!("{n} {w}es"),
        (n, w) => format!("{n} {w}s"),
    }
}

/// The members of `items` grouped by `key`, the groups in the order their first member comes.
fn group<K: PartialEq>(items: &[usize], key: impl Fn(usize) -> K) -> Vec<(K, Vec<usize>)> {
    let mut out: Vec<(K, Vec<usize>)> = Vec::new();
    for &i in items {
        let k = key(i);
        match out.iter_mut().find(|(g, _)| *g == k) {
            Some((_, v)) => v.push(i),
            None => out.push((k, vec![i])),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terminal::map::tests::board;
    use fireteam_dice::SeededSource;
    use fireteam_engine::{Battle, Decision, Present, RuleSystem};
    use fireteam_skirmish::Skirmish;
    use std::path::Path;

    fn choice(unit: UnitId, text: &str, kind: &str, cell: [i32; 2], target: Option<u16>) -> Choice {
        Choice {
            text: text.into(),
            view: ActionView {
                unit: Some(unit),
                kind: kind.into(),
                cell: Some(cell.into()),
                target,
                facing: None,
                attack: target.is_some(),
            },
        }
    }

    /// Two units' actions, as a side that picks which unit acts is offered them.
    fn two_units() -> Vec<Choice> {
        vec![
            choice(0, "walk Ana to 1,1", "walk", [1, 1], None),
            choice(0, "walk Ana to 2,1", "walk", [2, 1], None),
            choice(0, "shoot Ana -> Dee mode=SS", "shoot", [1, 0], Some(1)),
            choice(0, "shoot Ana -> Dee mode=SA", "shoot", [1, 0], Some(1)),
            choice(1, "walk Dee to 2,0", "walk", [2, 0], None),
            choice(1, "end Dee", "end", [1, 0], None),
        ]
    }

    #[test]
    fn the_first_grouping_that_splits_the_choices_is_offered() {
        let (c, b) = (two_units(), board());
        let mut ch = Chooser::new(&c, &b);
        let m = ch.menu();
        assert_eq!(m.level, Level::Unit);
        let labels: Vec<(&str, &str)> = m
            .entries
            .iter()
            .map(|e| (e.label.as_str(), e.detail.as_str()))
            .collect();
        assert_eq!(
            labels,
            [
                ("Ana", "walk, shoot (4 choices)"),
                ("Dee", "walk, end (2 choices)")
            ]
        );
        assert_eq!(ch.answer("1"), Answer::Narrowed);
        let m = ch.menu();
        assert_eq!(m.level, Level::Kind);
        assert_eq!(m.entries[1].detail, "at Dee, 2 choices");
        assert_eq!(ch.answer("shoot"), Answer::Narrowed);
        assert_eq!(ch.menu().level, Level::Variant);
        assert_eq!(ch.trail(), ["Ana", "shoot"]);
        assert_eq!(ch.answer("sa"), Answer::Picked(3));
    }

    #[test]
    fn a_name_a_cell_or_words_narrow_from_any_step() {
        let (c, b) = (two_units(), board());
        let mut ch = Chooser::new(&c, &b);
        // Dee is named by Ana's shots and Dee's own actions.
        assert_eq!(ch.answer("DEE"), Answer::Narrowed);
        assert_eq!(ch.open(), [2, 3, 4, 5]);
        assert_eq!(ch.answer("walk"), Answer::Picked(4));
        let mut ch = Chooser::new(&c, &b);
        assert_eq!(ch.answer("[2, 1]"), Answer::Picked(1));
        let mut ch = Chooser::new(&c, &b);
        assert_eq!(ch.answer("walk"), Answer::Narrowed);
        assert_eq!(
            ch.answer("walk"),
            Answer::Refused(
                "every choice left matches 'walk': pick from the list, or type more".into()
            )
        );
        // Past what is open, the answer starts again from every choice.
        assert_eq!(ch.answer("shoot"), Answer::Narrowed);
        assert_eq!(
            (ch.open(), ch.trail()),
            (&[2, 3][..], &["shoot".to_string()][..])
        );
        assert_eq!(ch.back(), Answer::Back);
        assert_eq!(ch.open(), [0, 1, 2, 3, 4, 5]);
        assert_eq!(ch.answer("end"), Answer::Picked(5));
    }

    /// The human arena at Dee's first movement, Blue moving first (seed 1).
    fn arena_at_dees_move() -> (Vec<Choice>, fireteam_engine::Board) {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let loaded = crate::scenario_files::load(
            &root.join("scenarios/skirmish/arena-human.toml"),
            Some(&root.join("data")),
        )
        .unwrap();
        let rules = Skirmish;
        let mut battle = Battle::new(&rules, fireteam_skirmish::scenario::setup(&loaded).build());
        let mut dice = SeededSource::new(1);
        let mut legal = Vec::new();
        loop {
            let Decision::Choose { unit, .. } = battle.decision() else {
                panic!("the battle ended before Dee moved");
            };
            legal.clear();
            rules.legal_actions(battle.state(), &mut legal);
            if unit.is_some_and(|u| rules.unit_name(battle.state(), u) == "Dee") {
                break;
            }
            let first = rules.parse_action(battle.state(), "move first");
            let a = first.unwrap_or_else(|_| legal[0]);
            battle.step(&a, &mut dice).unwrap();
        }
        let s = battle.state();
        let choices = legal
            .iter()
            .map(|a| Choice {
                text: rules.action_text(s, a),
                view: rules.action_view(s, a),
            })
            .collect();
        (choices, rules.board(s))
    }

    #[test]
    fn in_the_arena_a_kind_a_cell_and_two_words_pick_one_of_a_thousand_moves() {
        let (c, b) = arena_at_dees_move();
        assert!(c.len() > 1000, "{}", c.len());
        let mut ch = Chooser::new(&c, &b);
        let m = ch.menu();
        assert_eq!(m.level, Level::Kind);
        let kinds: Vec<&str> = m.entries.iter().map(|e| e.label.as_str()).collect();
        assert_eq!(kinds, ["stand still", "move"]);
        assert_eq!(ch.answer("move"), Answer::Narrowed);
        let m = ch.menu();
        assert_eq!(m.level, Level::Place);
        assert!(m.entries.len() > 100, "{}", m.entries.len());
        assert_eq!(ch.answer("13 2"), Answer::Narrowed);
        assert_eq!(
            ch.menu().entries.len(),
            12,
            "six facings, with and without a dodge"
        );
        assert_eq!(ch.answer("n"), Answer::Narrowed);
        let Answer::Picked(i) = ch.answer("dodges") else {
            panic!("one move is left")
        };
        assert_eq!(
            input::normal(&c[i].text),
            "dee moves to 13,2 facing n and dodges"
        );
    }

    #[test]
    fn in_the_arena_typed_actions_are_forgiven_their_form_and_near_misses_corrected() {
        let (c, b) = arena_at_dees_move();
        let mut ch = Chooser::new(&c, &b);
        let Answer::Picked(i) = ch.answer("DEE MOVES TO (14, 1) FACING N") else {
            panic!("the whole action picks it")
        };
        assert_eq!(input::normal(&c[i].text), "dee moves to 14,1 facing n");
        let Answer::Refused(why) = ch.answer("Dee moves to 14,1 facing NNE") else {
            panic!("no such facing")
        };
        let (said, suggested) = why.split_once("did you mean '").unwrap();
        assert_eq!(
            said,
            "'Dee moves to 14,1 facing NNE' is not a legal action; "
        );
        assert_eq!(input::normal(suggested), "dee moves to 14,1 facing ne'?");
        assert_eq!(
            ch.answer("mvoe"),
            Answer::Refused("'mvoe' matches no choice; did you mean 'move'?".into())
        );
        assert_eq!(
            ch.answer("move 30,2"),
            Answer::Refused("30,2 is off the board (columns 0-17, rows 0-11)".into())
        );
        // Ana's hex is too far for Dee: the nearest hex he can reach is offered instead.
        let Answer::Refused(why) = ch.answer("move 3,3") else {
            panic!("3,3 is out of reach")
        };
        assert!(
            why.starts_with("no choice goes to 3,3; the nearest hex one goes to is "),
            "{why}"
        );
        assert_eq!(ch.open().len(), c.len(), "a refusal narrows nothing");
    }
}
