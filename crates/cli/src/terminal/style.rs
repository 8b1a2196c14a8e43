//! Colour or plain text. The prompt draws on standard error, so colour is used when standard
//! error is a terminal and `NO_COLOR` is unset or empty (no-color.org) and `TERM` is not
//! `dumb`; a pipe or a log file gets plain text.

use std::io::IsTerminal;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    pub colour: bool,
}

/// Foreground colours by their ANSI code, and the attributes the map uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paint {
    Red,
    Green,
    Yellow,
    Blue,
    Magenta,
    Cyan,
    White,
    Grey,
    Bold,
    Dim,
    Reverse,
}

impl Paint {
    fn code(self) -> &'static str {
        match self {
            Paint::Red => "31",
            Paint::Green => "32",
            Paint::Yellow => "33",
            Paint::Blue => "34",
            Paint::Magenta => "35",
            Paint::Cyan => "36",
            Paint::White => "37",
            Paint::Grey => "90",
            Paint::Bold => "1",
            Paint::Dim => "2",
            Paint::Reverse => "7",
        }
    }
}

impl Style {
    #[cfg(test)]
    pub const PLAIN: Style = Style { colour: false };

    /// The style for the terminal this process draws on.
    pub fn detect() -> Style {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
        Style {
            colour: std::io::stderr().is_terminal() && !no_color && !dumb,
        }
    }

    /// `text` in the given paints, or as it is in plain style.
    pub fn paint(self, text: &str, paints: &[Paint]) -> String {
        if !self.colour || paints.is_empty() || text.is_empty() {
            return text.to_string();
        }
        let codes: Vec<&str> = paints.iter().map(|p| p.code()).collect();
        format!("\x1b[{}m{text}\x1b[0m", codes.join(";"))
    }
}

/// A side's colour: the colour its name says when it names one ("Red", "Blue team"), else
/// one of six by its index.
pub fn side_paint(name: &str, index: usize) -> Paint {
    let lower = name.to_lowercase();
    let named = [
        ("red", Paint::Red),
        ("blue", Paint::Blue),
        ("green", Paint::Green),
        ("yellow", Paint::Yellow),
        ("magenta", Paint::Magenta),
        ("purple", Paint::Magenta),
        ("cyan", Paint::Cyan),
        ("white", Paint::White),
    ];
    if let Some((_, p)) = named.iter().find(|(w, _)| lower.contains(w)) {
        return *p;
    }
    const CYCLE: [Paint; 6] = [
        Paint::Red,
        Paint::Blue,
        Paint::Green,
        Paint::Yellow,
        Paint::Magenta,
        Paint::Cyan,
    ];
    CYCLE[index % CYCLE.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_style_adds_nothing_and_colour_wraps_in_one_escape() {
        assert_eq!(Style::PLAIN.paint("D", &[Paint::Red, Paint::Bold]), "D");
        let c = Style { colour: true };
        assert_eq!(
            c.paint("D", &[Paint::Red, Paint::Bold]),
            "\x1b[31;1mD\x1b[0m"
        );
    }

    #[test]
    fn a_side_named_for_a_colour_gets_it() {
        assert_eq!(side_paint("Blue", 0), Paint::Blue);
        assert_eq!(side_paint("Red", 1), Paint::Red);
        assert_eq!(side_paint("West", 1), Paint::Blue);
    }
}
