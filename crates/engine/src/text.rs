//! Small helpers for the words of narration and messages.

use std::fmt;

/// The noun that goes with `n`: `one` for exactly one, `many` otherwise ("0 dice", "1 die").
pub fn plural<N: PartialEq + From<u8>>(
    n: N,
    one: &'static str,
    many: &'static str,
) -> &'static str {
    if n == N::from(1) {
        one
    } else {
        many
    }
}

/// A count with its noun, "1 wound" or "3 wounds", formatted only when written.
pub fn count<N: PartialEq + From<u8> + fmt::Display + Copy>(
    n: N,
    one: &'static str,
    many: &'static str,
) -> Count<N> {
    Count { n, one, many }
}

/// See [`count`].
#[derive(Debug, Clone, Copy)]
pub struct Count<N> {
    n: N,
    one: &'static str,
    many: &'static str,
}

impl<N: PartialEq + From<u8> + fmt::Display + Copy> fmt::Display for Count<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.n, plural(self.n, self.one, self.many))
    }
}

/// `text` with every cell written one way, `col,row`, and its blanks collapsed: `[14, 1]`,
/// `(14,1)`, `14, 1` and `14 1` all read `14,1`. A cell starts and ends at a word boundary, so
/// `2d6 3` or `3-round` hold none. Two action texts that differ only in how they write a cell
/// have the same canonical form; whether `14 1` was a cell is for the caller to decide, by
/// whether the forms of two legal actions then coincide.
pub fn canonical_cells(text: &str) -> String {
    let s: Vec<char> = text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if i == 0 || !is_word(s[i - 1]) {
            if let Some((col, row, next)) = cell_at(&s, i) {
                out.push_str(&format!("{col},{row}"));
                i = next;
                continue;
            }
        }
        out.push(s[i]);
        i += 1;
    }
    out
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-' || c == '.'
}

/// A cell written at `s[i..]`: its column, row and the index after it.
fn cell_at(s: &[char], i: usize) -> Option<(u64, u64, usize)> {
    let blanks = |mut j: usize| {
        while s.get(j) == Some(&' ') {
            j += 1;
        }
        j
    };
    let number = |j: usize| {
        let end = (j..s.len())
            .find(|&k| !s[k].is_ascii_digit())
            .unwrap_or(s.len());
        let n: String = s[j..end].iter().collect();
        n.parse::<u64>().ok().map(|n| (n, end))
    };
    let close = match s[i] {
        '[' => Some(']'),
        '(' => Some(')'),
        _ => None,
    };
    let mut j = if close.is_some() { blanks(i + 1) } else { i };
    let (col, after) = number(j)?;
    j = blanks(after);
    if s.get(j) == Some(&',') {
        j = blanks(j + 1);
    } else if j == after {
        return None;
    }
    let (row, after) = number(j)?;
    j = after;
    if let Some(c) = close {
        j = blanks(j);
        if s.get(j) != Some(&c) {
            return None;
        }
        j += 1;
    }
    match s.get(j) {
        Some(&c) if is_word(c) => None,
        _ => Some((col, row, j)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_way_of_writing_a_cell_reads_col_row() {
        for given in [
            "walk Anna to 14,1",
            "walk Anna to 14, 1",
            "walk Anna to [14, 1]",
            "walk Anna to (14,1)",
            "walk Anna to ( 14 , 1 )",
            "walk  Anna to 14 1",
        ] {
            assert_eq!(canonical_cells(given), "walk Anna to 14,1", "{given}");
        }
        assert_eq!(
            canonical_cells("Ash moves to [3, 4] facing 2"),
            "Ash moves to 3,4 facing 2"
        );
        // No cells: dice, words with numbers, a lone number.
        for text in ["roll 2d6 3", "a 3-round burst 4", "dodge Ben 0", "x1 2"] {
            assert_eq!(canonical_cells(text), text);
        }
    }

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1u64, "wound", "wounds").to_string(), "1 wound");
        assert_eq!(count(0i64, "wound", "wounds").to_string(), "0 wounds");
        assert_eq!(count(2usize, "die", "dice").to_string(), "2 dice");
        assert_eq!(count(1i32, "die", "dice").to_string(), "1 die");
        assert_eq!(plural(-1i32, "turn", "turns"), "turns");
    }
}
