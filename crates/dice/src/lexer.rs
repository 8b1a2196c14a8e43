//! Splits a dice expression into tokens. Dice terms (`3d6`, `d%`, `4d6kh3`) are single tokens,
//! checked against the dice limits here so the error points at the term itself.

use crate::ast::{DiceTerm, Die, Keep, MAX_DICE, MAX_SIDES};
use crate::error::{ExprError, ExprErrorKind, Span};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tok {
    Int(i64),
    Dice(DiceTerm),
    Ident(String),
    Plus,
    Minus,
    Star,
    Slash,
    SlashUp,
    LParen,
    RParen,
    Comma,
    Assign,
    EqEq,
    NotEq,
    Lt,
    Le,
    Gt,
    Ge,
    Eof,
}

impl Tok {
    /// How the token reads in an error message.
    pub fn describe(&self) -> String {
        match self {
            Tok::Int(n) => format!("the number {n}"),
            Tok::Dice(d) => format!("the dice {d}"),
            Tok::Ident(s) => format!("'{s}'"),
            Tok::Plus => "'+'".into(),
            Tok::Minus => "'-'".into(),
            Tok::Star => "'*'".into(),
            Tok::Slash => "'/'".into(),
            Tok::SlashUp => "'/^'".into(),
            Tok::LParen => "'('".into(),
            Tok::RParen => "')'".into(),
            Tok::Comma => "','".into(),
            Tok::Assign => "'='".into(),
            Tok::EqEq => "'=='".into(),
            Tok::NotEq => "'!='".into(),
            Tok::Lt => "'<'".into(),
            Tok::Le => "'<='".into(),
            Tok::Gt => "'>'".into(),
            Tok::Ge => "'>='".into(),
            Tok::Eof => "the end of the expression".into(),
        }
    }
}

#[derive(Debug, Clone)]
pub struct Token {
    pub tok: Tok,
    pub span: Span,
}

/// The longest expression accepted, in bytes; longer input is refused before any work.
pub const MAX_EXPR_LEN: usize = 10_000;

pub fn lex(src: &str) -> Result<Vec<Token>, ExprError> {
    let err = |kind, span, msg: String, label: &str, help: Option<String>| {
        ExprError::new(kind, src, span, msg, label, help)
    };
    if src.len() > MAX_EXPR_LEN {
        return Err(err(
            ExprErrorKind::Syntax,
            Span::new(MAX_EXPR_LEN, src.len()),
            format!(
                "the expression is {} bytes long, more than the limit of {MAX_EXPR_LEN}",
                src.len()
            ),
            "too long from here",
            Some("split the computation into smaller expressions".into()),
        ));
    }
    let bytes = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let one = |tok| Token {
            tok,
            span: Span::new(start, start + 1),
        };
        let two = |tok| Token {
            tok,
            span: Span::new(start, start + 2),
        };
        let next = bytes.get(i + 1).copied();
        match c {
            b'+' => {
                out.push(one(Tok::Plus));
                i += 1;
            }
            b'-' => {
                out.push(one(Tok::Minus));
                i += 1;
            }
            b'*' => {
                out.push(one(Tok::Star));
                i += 1;
            }
            b'/' if next == Some(b'^') => {
                out.push(two(Tok::SlashUp));
                i += 2;
            }
            b'/' => {
                out.push(one(Tok::Slash));
                i += 1;
            }
            b'(' => {
                out.push(one(Tok::LParen));
                i += 1;
            }
            b')' => {
                out.push(one(Tok::RParen));
                i += 1;
            }
            b',' => {
                out.push(one(Tok::Comma));
                i += 1;
            }
            b'=' if next == Some(b'=') => {
                out.push(two(Tok::EqEq));
                i += 2;
            }
            b'=' => {
                out.push(one(Tok::Assign));
                i += 1;
            }
            b'!' if next == Some(b'=') => {
                out.push(two(Tok::NotEq));
                i += 2;
            }
            b'<' if next == Some(b'=') => {
                out.push(two(Tok::Le));
                i += 2;
            }
            b'<' => {
                out.push(one(Tok::Lt));
                i += 1;
            }
            b'>' if next == Some(b'=') => {
                out.push(two(Tok::Ge));
                i += 2;
            }
            b'>' => {
                out.push(one(Tok::Gt));
                i += 1;
            }
            b'0'..=b'9' => {
                let (n, end) = read_number(src, i)?;
                i = end;
                if bytes.get(i) == Some(&b'd') && is_die_size_start(bytes.get(i + 1)) {
                    let (term, end) = read_dice(src, start, Some(n), i)?;
                    out.push(Token {
                        tok: Tok::Dice(term),
                        span: Span::new(start, end),
                    });
                    i = end;
                } else if bytes
                    .get(i)
                    .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_')
                {
                    let end = word_end(bytes, i);
                    let word = &src[i..end];
                    let help = if word == "d" {
                        format!("write the die size after 'd', as in {n}d6")
                    } else {
                        "put an operator or a space between a number and a name".into()
                    };
                    return Err(err(
                        ExprErrorKind::Syntax,
                        Span::new(i, end),
                        format!("unexpected '{word}' right after the number {n}"),
                        "here",
                        Some(help),
                    ));
                } else {
                    let v = i64::try_from(n).map_err(|_| {
                        err(
                            ExprErrorKind::ValueOverflow,
                            Span::new(start, i),
                            format!("the number {n} is too large"),
                            "too large",
                            Some(format!("numbers range up to {}", i64::MAX)),
                        )
                    })?;
                    out.push(Token {
                        tok: Tok::Int(v),
                        span: Span::new(start, i),
                    });
                }
            }
            b'd' if is_die_size_start(next.as_ref()) => {
                let (term, end) = read_dice(src, start, None, i)?;
                out.push(Token {
                    tok: Tok::Dice(term),
                    span: Span::new(start, end),
                });
                i = end;
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let end = word_end(bytes, i);
                out.push(Token {
                    tok: Tok::Ident(src[i..end].to_string()),
                    span: Span::new(start, end),
                });
                i = end;
            }
            _ => {
                let ch = src[i..].chars().next().unwrap_or('?');
                let len = ch.len_utf8();
                let help = match ch {
                    '&' => Some("write 'and' for a logical and".to_string()),
                    '|' => Some("write 'or' for a logical or".to_string()),
                    '!' => Some("write 'not' to negate a condition".to_string()),
                    '%' => Some("'%' only follows 'd', as in d% for percentile dice".to_string()),
                    '[' | '{' => Some("group with round parentheses ( )".to_string()),
                    _ => Some(
                        "expressions use numbers, dice like 3d6, + - * / /^, comparisons, and let/if"
                            .to_string(),
                    ),
                };
                return Err(err(
                    ExprErrorKind::Syntax,
                    Span::new(i, i + len),
                    format!("unexpected character '{ch}'"),
                    "not understood",
                    help,
                ));
            }
        }
    }
    out.push(Token {
        tok: Tok::Eof,
        span: Span::new(src.len(), src.len()),
    });
    Ok(out)
}

fn is_die_size_start(b: Option<&u8>) -> bool {
    matches!(b, Some(b'0'..=b'9') | Some(b'%'))
}

fn word_end(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
        i += 1;
    }
    i
}

/// Reads decimal digits as a u64 (saturating at u64::MAX so that huge counts give a limit error,
/// not a parse failure).
fn read_number(src: &str, start: usize) -> Result<(u64, usize), ExprError> {
    let bytes = src.as_bytes();
    let mut i = start;
    let mut n: u64 = 0;
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        n = n
            .saturating_mul(10)
            .saturating_add(u64::from(bytes[i] - b'0'));
        i += 1;
    }
    Ok((n, i))
}

/// Reads a dice term whose 'd' is at `d_at`; `count` is the number before it, if any.
fn read_dice(
    src: &str,
    start: usize,
    count: Option<u64>,
    d_at: usize,
) -> Result<(DiceTerm, usize), ExprError> {
    let bytes = src.as_bytes();
    let limit = |span: Span, msg: String, help: String| {
        ExprError::new(
            ExprErrorKind::DiceLimit,
            src,
            span,
            msg,
            "this term",
            Some(help),
        )
    };
    let mut i = d_at + 1;
    let die = if bytes.get(i) == Some(&b'%') {
        i += 1;
        Die::Percentile
    } else {
        let (s, end) = read_number(src, i)?;
        let span = Span::new(start, end);
        if s == 0 {
            return Err(limit(
                span,
                "a die needs at least one side (d0 has none)".into(),
                "use d1 or larger, e.g. d6".into(),
            ));
        }
        if s > u64::from(MAX_SIDES) {
            return Err(limit(
                span,
                format!("a d{s} is larger than the largest die, d{MAX_SIDES}"),
                format!("use a die of at most {MAX_SIDES} sides"),
            ));
        }
        i = end;
        Die::Standard(s as u32)
    };
    let n = count.unwrap_or(1);
    if n == 0 {
        return Err(limit(
            Span::new(start, i),
            "0 dice roll nothing".into(),
            "roll at least one die, or write the constant 0".into(),
        ));
    }
    if n > u64::from(MAX_DICE) {
        return Err(limit(
            Span::new(start, i),
            format!("{n} dice is more than the limit of {MAX_DICE} dice in one term"),
            format!("roll at most {MAX_DICE} dice per term"),
        ));
    }
    let mut keep = None;
    if bytes.get(i) == Some(&b'k') {
        let kstart = i;
        let highest = match bytes.get(i + 1) {
            Some(b'h') => true,
            Some(b'l') => false,
            _ => {
                return Err(ExprError::new(
                    ExprErrorKind::Syntax,
                    src,
                    Span::new(kstart, kstart + 1),
                    "'k' must be followed by 'h' (keep highest) or 'l' (keep lowest)",
                    "here",
                    Some(format!(
                        "write e.g. {n}d{}kh{}",
                        die.sides(),
                        n.saturating_sub(1).max(1)
                    )),
                ))
            }
        };
        i += 2;
        let (k, end) = if bytes.get(i).is_some_and(|b| b.is_ascii_digit()) {
            read_number(src, i)?
        } else {
            (1, i)
        };
        i = end;
        let span = Span::new(start, i);
        if k == 0 {
            return Err(limit(
                span,
                "keeping 0 dice keeps nothing".into(),
                "keep at least one die, e.g. kh1".into(),
            ));
        }
        if k > n {
            return Err(limit(
                span,
                format!(
                    "cannot keep {k} of {n} {}",
                    if n == 1 { "die" } else { "dice" }
                ),
                format!("keep at most {n}"),
            ));
        }
        keep = Some(Keep {
            highest,
            count: k as u32,
        });
    }
    if bytes
        .get(i)
        .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
    {
        let end = word_end(bytes, i);
        return Err(ExprError::new(
            ExprErrorKind::Syntax,
            src,
            Span::new(i, end),
            format!("unexpected '{}' after a dice term", &src[i..end]),
            "not part of a dice term",
            Some("dice terms look like 3d6, d%, 4d6kh3 or 2d20kl1".into()),
        ));
    }
    Ok((
        DiceTerm {
            count: n as u32,
            die,
            keep,
        },
        i,
    ))
}
