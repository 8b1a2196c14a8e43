//! Forgiving reading of what a person types: cells in any of the forms the docs and the
//! narration use (`6,1`, `6, 1`, `[6, 1]`, `(6,1)`, and `6 1` on its own), words compared
//! without regard to case, and action texts compared in one normal form, so a typed action
//! matches whichever way the system writes its coordinates.

use fireteam_engine::Cell;

/// A piece of typed input: a cell, or a word (lowercased).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    Cell(Cell),
    Word(String),
}

/// The input as one cell, when it is nothing but a cell: `6,1`, `6, 1`, `[6, 1]`, `(6,1)` or
/// `6 1`.
pub fn cell_only(text: &str) -> Option<Cell> {
    let t = text.trim();
    let nums: Vec<&str> = t.split_whitespace().collect();
    if let [a, b] = nums.as_slice() {
        if let (Ok(col), Ok(row)) = (a.parse(), b.parse()) {
            return Some(Cell::new(col, row));
        }
    }
    match pieces(t).as_slice() {
        [Piece::Cell(c)] => Some(*c),
        _ => None,
    }
}

/// Splits input into cells and words. A cell is two integers joined by a comma (spaces around
/// it allowed), optionally in brackets or parentheses; every other run of letters, digits,
/// `-`, `_`, `'` or `.` is a word.
pub fn pieces(text: &str) -> Vec<Piece> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if let Some((cell, next)) = cell_at(&chars, i) {
            out.push(Piece::Cell(cell));
            i = next;
            continue;
        }
        let c = chars[i];
        if is_word_char(c) {
            let start = i;
            while i < chars.len() && is_word_char(chars[i]) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            // An arrow's `-` or a lone `.` is punctuation, not a word.
            if word.chars().any(char::is_alphanumeric) {
                out.push(Piece::Word(word.to_lowercase()));
            }
        } else {
            i += 1;
        }
    }
    out
}

/// Letters, digits and the marks inside a word (`fast-draw`, `o'neil`); `=` splits `mode=SA`
/// so `sa` alone finds it.
fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '-' | '.' | '_' | '\'')
}

/// A cell starting at `i`: `[a, b]`, `(a, b)` or `a,b` (spaces around the comma allowed).
/// Returns the cell and the index after it.
fn cell_at(chars: &[char], i: usize) -> Option<(Cell, usize)> {
    let skip_spaces = |mut j: usize| {
        while j < chars.len() && chars[j] == ' ' {
            j += 1;
        }
        j
    };
    let number = |j: usize| -> Option<(i32, usize)> {
        let mut k = j;
        if k < chars.len() && chars[k] == '-' {
            k += 1;
        }
        let digits = k;
        while k < chars.len() && chars[k].is_ascii_digit() {
            k += 1;
        }
        if k == digits || k - digits > 6 {
            return None;
        }
        // A number that runs on into a word (`2nd`) is not half of a cell.
        if k < chars.len() && chars[k].is_alphabetic() {
            return None;
        }
        let s: String = chars[j..k].iter().collect();
        s.parse().ok().map(|n| (n, k))
    };
    // The previous character must not glue this number to a word (`shots=1,2` is not a cell).
    if i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '=') {
        return None;
    }
    let (open, j) = match chars[i] {
        '[' => (Some(']'), skip_spaces(i + 1)),
        '(' => (Some(')'), skip_spaces(i + 1)),
        _ => (None, i),
    };
    let (col, j) = number(j)?;
    let j = skip_spaces(j);
    if chars.get(j) != Some(&',') {
        return None;
    }
    let (row, j) = number(skip_spaces(j + 1))?;
    let j = match open {
        Some(close) => {
            let k = skip_spaces(j);
            if chars.get(k) != Some(&close) {
                return None;
            }
            k + 1
        }
        None => j,
    };
    Some((Cell::new(col, row), j))
}

/// The normal form two action texts are compared in: lowercase, every cell written `col,row`,
/// single spaces.
pub fn normal(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        if let Some((cell, next)) = cell_at(&chars, i) {
            out.push_str(&format!("{},{}", cell.col, cell.row));
            i = next;
        } else {
            out.extend(chars[i].to_lowercase());
            i += 1;
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The words of an action text (lowercased, cells left out), for narrowing by typed words.
pub fn words(text: &str) -> Vec<String> {
    pieces(text)
        .into_iter()
        .filter_map(|p| match p {
            Piece::Word(w) => Some(w),
            Piece::Cell(_) => None,
        })
        .collect()
}

/// Whether a typed word matches a word of a text: the same word, or (three letters or more)
/// the start of it, so `stand` finds `stands` and `dodge` finds `dodges`.
pub fn word_matches(typed: &str, word: &str) -> bool {
    typed == word || (typed.chars().count() >= 3 && word.starts_with(typed))
}

/// Hex distance between two cells of the flat-topped odd-q layout (odd columns half a hex
/// lower), for "the nearest cell you can reach" hints.
pub fn hex_distance(a: Cell, b: Cell) -> i32 {
    let cube = |c: Cell| {
        let x = c.col;
        let z = c.row - (c.col - (c.col & 1)) / 2;
        (x, z, -x - z)
    };
    let (ax, az, ay) = cube(a);
    let (bx, bz, by) = cube(b);
    (ax - bx).abs().max((az - bz).abs()).max((ay - by).abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_documented_cell_form_reads_as_the_same_cell() {
        for t in [
            "6,1",
            "6, 1",
            "[6, 1]",
            "(6,1)",
            "6 1",
            " [6,1] ",
            "( 6 , 1 )",
        ] {
            assert_eq!(cell_only(t), Some(Cell::new(6, 1)), "{t}");
        }
        for t in ["6", "6,", "a,1", "6 1 2", "move 6,1", "2nd,3"] {
            assert_eq!(cell_only(t), None, "{t}");
        }
    }

    #[test]
    fn input_splits_into_cells_and_lowercase_words() {
        assert_eq!(
            pieces("Move [13, 2] N"),
            vec![
                Piece::Word("move".into()),
                Piece::Cell(Cell::new(13, 2)),
                Piece::Word("n".into())
            ]
        );
        // `shots=1` stays a word; `4,3` after an arrow is a cell.
        assert_eq!(
            pieces("shoot Ned -> Lea mode=SS shots=1"),
            ["shoot", "ned", "lea", "mode", "ss", "shots", "1"]
                .iter()
                .map(|w| Piece::Word(w.to_string()))
                .collect::<Vec<_>>()
        );
        assert_eq!(
            pieces("throw Ned grenade -> 2,3"),
            vec![
                Piece::Word("throw".into()),
                Piece::Word("ned".into()),
                Piece::Word("grenade".into()),
                Piece::Cell(Cell::new(2, 3))
            ]
        );
    }

    #[test]
    fn action_texts_compare_in_one_form_whatever_the_cell_style() {
        let want = "dee moves to 14,1 facing n";
        for t in [
            "Dee moves to [14, 1] facing N",
            "dee  moves to 14,1 facing n",
            "DEE MOVES TO (14, 1) FACING N",
            "Dee moves to 14, 1 facing N",
        ] {
            assert_eq!(normal(t), want, "{t}");
        }
    }

    #[test]
    fn typed_words_match_whole_words_or_the_start_of_a_longer_one() {
        assert!(word_matches("stand", "stands"));
        assert!(word_matches("n", "n"));
        assert!(
            !word_matches("n", "ne"),
            "a one-letter facing is not a prefix"
        );
        assert!(!word_matches("shot", "shoots"));
    }

    #[test]
    fn hex_distance_follows_the_odd_q_layout() {
        let c = Cell::new;
        // (1,0) sits half a row below (0,0), so it and (0,1) are neighbours; (1,1) is not.
        assert_eq!(hex_distance(c(0, 0), c(1, 0)), 1);
        assert_eq!(hex_distance(c(0, 0), c(0, 1)), 1);
        assert_eq!(hex_distance(c(0, 0), c(1, 1)), 2);
        // From an odd column, the row below's even neighbours are one away.
        assert_eq!(hex_distance(c(1, 0), c(2, 1)), 1);
        assert_eq!(hex_distance(c(1, 0), c(2, 0)), 1);
        assert_eq!(hex_distance(c(3, 3), c(14, 2)), 11);
    }
}
