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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1u64, "wound", "wounds").to_string(), "1 wound");
        assert_eq!(count(0i64, "wound", "wounds").to_string(), "0 wounds");
        assert_eq!(count(2usize, "die", "dice").to_string(), "2 dice");
        assert_eq!(count(1i32, "die", "dice").to_string(), "1 die");
        assert_eq!(plural(-1i32, "turn", "turns"), "turns");
    }
}
