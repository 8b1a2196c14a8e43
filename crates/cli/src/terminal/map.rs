//! The board drawn as text, from the engine's system-independent [`Board`] only.
//!
//! Hexes are flat-topped in the odd-q layout, so odd columns sit half a hex lower. Each hex row
//! takes two text lines: the even columns on the first, the odd columns on the second, half a
//! row lower, just as they lie on the board. Every column is three characters wide, so a
//! column's number stands over its hexes. Rows are numbered on the left for the even columns'
//! line and on the right for the odd columns' line:
//!
//! ```text
//!       0  1  2  3
//!   0   .     .
//!          .    D↙   0
//!   1   .     .
//!          .     .   1
//! ```
//!
//! A hex holds its terrain symbol (the system's, or one by the terrain's look when the system's
//! is a letter: letters are units here), a mark (smoke, fire, a dropped weapon…), a `+` where the
//! choice being made can go, or a unit: its letter and a facing arrow (`D↙`: D faces SW); a
//! unit out of the fight is its small letter and `×`, and `>` stands before the unit acting
//! now. Squares take one line a row; an open table has no cells to draw, only the legend.

use super::style::{side_paint, Paint, Style};
use fireteam_engine::{Board, Cell, GridShape, TerrainView, UnitId, UnitView};
use std::collections::BTreeMap;

/// What to draw besides the board: the unit acting now and the cells to mark with `+`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Overlay<'a> {
    pub acting: Option<UnitId>,
    pub marked: &'a [Cell],
}

/// One letter per unit, unique on the board: its name's first letter, else another of its
/// letters, else any free letter or digit.
pub fn letters(board: &Board) -> BTreeMap<UnitId, char> {
    let mut taken = Vec::new();
    let mut out = BTreeMap::new();
    for u in &board.units {
        let own = u.name.chars().filter(|c| c.is_alphanumeric());
        let spare = ('A'..='Z').chain('0'..='9');
        let letter = own
            .flat_map(char::to_uppercase)
            .chain(spare)
            .find(|c| !taken.contains(c))
            .unwrap_or('?');
        taken.push(letter);
        out.insert(u.id, letter);
    }
    out
}

/// The arrow for a facing, 0 = north, clockwise, in as many steps as the board has facings.
pub fn arrow(board: &Board, facing: Option<u8>) -> char {
    let Some(f) = facing else { return ' ' };
    let f = usize::from(f);
    let arrows: &[char] = match board.facings.len() {
        6 => &['↑', '↗', '↘', '↓', '↙', '↖'],
        8 => &['↑', '↗', '→', '↘', '↓', '↙', '←', '↖'],
        4 => &['↑', '→', '↓', '←'],
        _ => &[],
    };
    arrows.get(f).copied().unwrap_or('·')
}

/// A terrain's symbol: the system's, unless it is a letter, since letters stand for units here;
/// then one by its look.
fn terrain_symbol(t: &TerrainView) -> char {
    if !t.symbol.is_alphabetic() {
        return t.symbol;
    }
    match t.look.as_str() {
        "wall" | "building" => '#',
        "low-wall" => '=',
        "water" | "deep-water" => '~',
        "brush" => '"',
        "rough" => ',',
        "pit" => 'O',
        "dark" => ':',
        "smoke" => '%',
        "fire" => '^',
        "ice" => '-',
        _ => '.',
    }
}

/// The symbol of a mark kind.
fn mark_symbol(kind: &str) -> char {
    match kind {
        "smoke" => '%',
        "gas" => '&',
        "fire" => '^',
        "item" => '*',
        "grenade" => '!',
        "escape" => 'E',
        _ => 'o',
    }
}

fn look_paint(look: &str) -> &'static [Paint] {
    match look {
        "open" => &[Paint::Dim],
        "wall" | "building" => &[Paint::Bold],
        "water" | "deep-water" => &[Paint::Blue],
        "brush" => &[Paint::Green],
        "rough" => &[Paint::Yellow],
        "smoke" | "dark" => &[Paint::Grey],
        "fire" => &[Paint::Red, Paint::Bold],
        "pit" => &[Paint::Magenta],
        "ice" => &[Paint::Cyan],
        _ => &[],
    }
}

fn mark_paint(kind: &str) -> &'static [Paint] {
    match kind {
        "smoke" | "gas" => &[Paint::Grey],
        "fire" | "grenade" => &[Paint::Red, Paint::Bold],
        "item" => &[Paint::Yellow],
        "escape" => &[Paint::Green],
        _ => &[],
    }
}

/// The unit's colour: its side's.
fn unit_paint(board: &Board, u: &UnitView) -> Paint {
    let name = board
        .sides
        .get(usize::from(u.side))
        .map_or("", |s| s.name.as_str());
    side_paint(name, usize::from(u.side))
}

/// One cell, three characters wide.
fn cell_text(
    board: &Board,
    style: Style,
    overlay: Overlay,
    letters: &BTreeMap<UnitId, char>,
    c: Cell,
) -> String {
    if let Some(u) = board.unit_at(c) {
        let letter = letters.get(&u.id).copied().unwrap_or('?');
        let before = if overlay.acting == Some(u.id) {
            '>'
        } else {
            ' '
        };
        if u.out {
            let t = format!("{}×", letter.to_ascii_lowercase());
            return format!("{before}{}", style.paint(&t, &[Paint::Dim]));
        }
        let t = format!("{letter}{}", arrow(board, u.facing));
        let mut paints = vec![unit_paint(board, u), Paint::Bold];
        if overlay.marked.contains(&c) {
            paints.push(Paint::Reverse);
        }
        return format!("{before}{}", style.paint(&t, &paints));
    }
    if overlay.marked.contains(&c) {
        return format!(" {} ", style.paint("+", &[Paint::Green, Paint::Bold]));
    }
    if let Some(m) = board.marks.iter().rev().find(|m| m.at == c) {
        let s = mark_symbol(&m.kind).to_string();
        return format!(" {} ", style.paint(&s, mark_paint(&m.kind)));
    }
    match board.terrain_at(c) {
        Some(t) => format!(
            " {} ",
            style.paint(&terrain_symbol(t).to_string(), look_paint(&t.look))
        ),
        None => "   ".into(),
    }
}

/// The board as text lines (no trailing newline on any).
pub fn draw(board: &Board, style: Style, overlay: Overlay) -> Vec<String> {
    let letters = letters(board);
    let (w, h) = (board.width as i32, board.height as i32);
    let mut lines = Vec::new();
    let mut head = String::from("    ");
    match board.shape {
        GridShape::Table { .. } => {
            lines.push("(an open table: no cells to draw; the units are listed below)".into());
            return lines;
        }
        GridShape::Hex | GridShape::Square => {
            for col in 0..w {
                head.push_str(&format!("{col:>2} "));
            }
            lines.push(head.trim_end().to_string());
        }
    }
    let cell = |c: Cell| cell_text(board, style, overlay, &letters, c);
    for row in 0..h {
        match board.shape {
            GridShape::Hex => {
                let mut even = format!("{row:>3} ");
                let mut odd = String::from("    ");
                for col in 0..w {
                    let c = cell(Cell::new(col, row));
                    if col % 2 == 0 {
                        even.push_str(&c);
                        odd.push_str("   ");
                    } else {
                        even.push_str("   ");
                        odd.push_str(&c);
                    }
                }
                lines.push(even.trim_end().to_string());
                if w > 1 {
                    lines.push(format!("{odd} {row}"));
                }
            }
            _ => {
                let mut line = format!("{row:>3} ");
                for col in 0..w {
                    line.push_str(&cell(Cell::new(col, row)));
                }
                lines.push(line.trim_end().to_string());
            }
        }
    }
    lines
}

/// The key to the symbols on the board: terrain (by symbol, the names that share it), the
/// marks there are, and the overlay's.
pub fn key(board: &Board, style: Style, overlay: Overlay) -> String {
    let mut present = vec![false; board.terrain.len()];
    for &t in &board.cells {
        if let Some(p) = present.get_mut(usize::from(t)) {
            *p = true;
        }
    }
    let mut by_symbol: Vec<(char, Vec<&str>, &str)> = Vec::new();
    for (t, _) in board.terrain.iter().zip(&present).filter(|(_, p)| **p) {
        let symbol = terrain_symbol(t);
        match by_symbol.iter_mut().find(|(s, _, _)| *s == symbol) {
            Some((_, names, _)) => names.push(&t.name),
            None => by_symbol.push((symbol, vec![&t.name], &t.look)),
        }
    }
    let mut parts: Vec<String> = by_symbol
        .into_iter()
        .map(|(s, names, look)| {
            format!(
                "{} {}",
                style.paint(&s.to_string(), look_paint(look)),
                names.join("/")
            )
        })
        .collect();
    let mut kinds: Vec<&str> = Vec::new();
    for m in &board.marks {
        if !kinds.contains(&m.kind.as_str()) {
            kinds.push(&m.kind);
        }
    }
    for k in kinds {
        let s = mark_symbol(k).to_string();
        parts.push(format!("{} {k}", style.paint(&s, mark_paint(k))));
    }
    if !overlay.marked.is_empty() {
        parts.push(format!(
            "{} where this choice can go",
            style.paint("+", &[Paint::Green, Paint::Bold])
        ));
    }
    parts.join("  ")
}

/// One line per unit: letter and arrow, name, side, cell, facing, posture, damage against what
/// it can take, and its status words.
pub fn legend(board: &Board, style: Style, overlay: Overlay) -> Vec<String> {
    let letters = letters(board);
    let rows: Vec<[String; 7]> = board
        .units
        .iter()
        .map(|u| {
            let side = board
                .sides
                .get(usize::from(u.side))
                .map_or_else(|| format!("side {}", u.side), |s| s.name.clone());
            let at =
                u.at.map_or_else(|| "off the board".into(), |c| c.to_string());
            let facing = u
                .facing
                .and_then(|f| board.facings.get(usize::from(f)))
                .cloned()
                .unwrap_or_default();
            let damage = match u.damage_max {
                Some(m) => format!("damage {}/{m}", u.damage),
                None => format!("damage {}", u.damage),
            };
            [
                u.name.clone(),
                side,
                at,
                facing,
                u.posture.clone(),
                damage,
                u.status.join(", "),
            ]
        })
        .collect();
    let width = |k: usize| rows.iter().map(|r| r[k].chars().count()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..6).map(width).collect();
    board
        .units
        .iter()
        .zip(&rows)
        .map(|(u, r)| {
            let letter = letters.get(&u.id).copied().unwrap_or('?');
            let mark = if u.out {
                style.paint(&format!("{}×", letter.to_ascii_lowercase()), &[Paint::Dim])
            } else {
                let t = format!("{letter}{}", arrow(board, u.facing));
                style.paint(&t, &[unit_paint(board, u), Paint::Bold])
            };
            let before = if overlay.acting == Some(u.id) {
                '>'
            } else {
                ' '
            };
            let mut line = format!("{before}{mark} ");
            for (k, w) in widths.iter().enumerate() {
                line.push_str(&format!("{:<w$}  ", r[k]));
            }
            line.push_str(&r[6]);
            line.trim_end().to_string()
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use fireteam_engine::{Mark, SideView};

    pub(crate) fn unit(id: UnitId, name: &str, side: u8, at: [i32; 2], facing: u8) -> UnitView {
        UnitView {
            id,
            name: name.into(),
            side,
            at: Some(at.into()),
            facing: Some(facing),
            posture: "standing".into(),
            damage: 0,
            damage_max: Some(12),
            out: false,
            status: vec![],
            weapon: None,
            gear: vec![],
        }
    }

    /// A 4 × 2 hex board: open ground and one wall, two units and a smoke mark.
    pub(crate) fn board() -> Board {
        let t = |name: &str, symbol, look: &str| TerrainView {
            name: name.into(),
            symbol,
            look: look.into(),
            blocks_sight: false,
            blocks_movement: false,
            note: String::new(),
        };
        Board {
            shape: GridShape::Hex,
            width: 4,
            height: 2,
            facings: ["N", "NE", "SE", "S", "SW", "NW"]
                .map(String::from)
                .to_vec(),
            // A letter for a symbol is left to the units: the wall is drawn by its look.
            terrain: vec![t("open", '.', "open"), t("wall", 'w', "wall")],
            cells: vec![0, 0, 0, 1, 0, 0, 0, 0],
            marks: vec![Mark {
                at: Cell::new(2, 1),
                kind: "smoke".into(),
                label: "smoke".into(),
            }],
            sides: vec![
                SideView { name: "Red".into() },
                SideView {
                    name: "Blue".into(),
                },
            ],
            units: vec![unit(0, "Ana", 0, [0, 1], 2), unit(1, "Dee", 1, [1, 0], 4)],
            turn: 1,
            phase: "movement".into(),
        }
    }

    #[test]
    fn odd_columns_are_drawn_half_a_row_lower_with_rows_numbered_both_sides() {
        let lines = draw(&board(), Style::PLAIN, Overlay::default());
        assert_eq!(
            lines,
            vec![
                "     0  1  2  3",
                "  0  .     .",
                "        D↙    #  0",
                "  1  A↘    %",
                "        .     .  1",
            ]
        );
    }

    #[test]
    fn the_acting_unit_the_marked_cells_and_the_fallen_are_set_apart() {
        let mut b = board();
        b.units[0].out = true;
        let marked = [Cell::new(0, 0), Cell::new(3, 1)];
        let lines = draw(
            &b,
            Style::PLAIN,
            Overlay {
                acting: Some(1),
                marked: &marked,
            },
        );
        assert_eq!(lines[1], "  0  +     .");
        assert_eq!(lines[2], "       >D↙    #  0");
        assert_eq!(lines[3], "  1  a×    %");
        assert_eq!(lines[4], "        .     +  1");
    }

    #[test]
    fn squares_take_one_line_a_row_and_an_open_table_only_its_legend() {
        let mut b = board();
        b.shape = GridShape::Square;
        b.facings = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
            .map(String::from)
            .to_vec();
        let lines = draw(&b, Style::PLAIN, Overlay::default());
        assert_eq!(
            lines,
            ["     0  1  2  3", "  0  .  D↓ .  #", "  1  A→ .  %  ."]
        );
        b.shape = GridShape::Table { units_per_inch: 1 };
        let lines = draw(&b, Style::PLAIN, Overlay::default());
        assert_eq!(lines.len(), 1);
        assert!(lines[0].starts_with("(an open table"));
    }

    #[test]
    fn letters_are_unique_even_when_names_share_an_initial() {
        let mut b = board();
        b.units.push(unit(2, "Ari", 0, [3, 1], 0));
        b.units.push(unit(3, "A", 0, [3, 0], 0));
        let l = letters(&b);
        assert_eq!((l[&0], l[&1], l[&2], l[&3]), ('A', 'D', 'R', 'B'));
    }

    #[test]
    fn the_key_and_the_legend_say_what_every_symbol_and_unit_is() {
        let b = board();
        assert_eq!(
            key(&b, Style::PLAIN, Overlay::default()),
            ". open  # wall  % smoke"
        );
        let mut b = b;
        b.units[1].status = vec!["engaged".into()];
        b.units[1].damage = 3;
        assert_eq!(
            legend(
                &b,
                Style::PLAIN,
                Overlay {
                    acting: Some(1),
                    marked: &[]
                }
            ),
            vec![
                " A↘ Ana  Red   0,1  SE  standing  damage 0/12",
                ">D↙ Dee  Blue  1,0  SW  standing  damage 3/12  engaged",
            ]
        );
    }
}
