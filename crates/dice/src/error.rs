//! Errors of the dice crate. Every error that concerns an expression carries the expression and a
//! span, so the CLI can show it with a caret under the place and a hint on how to fix it.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

/// A byte range in a dice expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

impl From<Span> for SourceSpan {
    fn from(s: Span) -> SourceSpan {
        (s.start, s.end.saturating_sub(s.start).max(1)).into()
    }
}

/// What went wrong in an expression, with where and how to fix it.
#[derive(Debug, Error, Diagnostic, Clone, PartialEq, Eq)]
#[error("{message}")]
pub struct ExprError {
    /// The whole expression, for display.
    #[source_code]
    pub source_text: String,
    /// Where in the expression.
    #[label("{label}")]
    pub span: SourceSpan,
    /// One line: what is wrong.
    pub message: String,
    /// The short text under the caret.
    pub label: String,
    /// How to fix it.
    #[help]
    pub help: Option<String>,
    /// What kind of problem this is, for programs.
    pub kind: ExprErrorKind,
}

/// The classes of expression errors; scripts and tests match on these.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExprErrorKind {
    /// The text is not a valid expression.
    Syntax,
    /// A die or pool outside the allowed sizes (`0d6`, `d0`, `1000000000d6`, `4d6kh5`).
    DiceLimit,
    /// A name that no `let` binds.
    UnknownName,
    /// Division by zero, or a divisor that can be zero.
    DivisionByZero,
    /// A value outside the 64-bit integer range.
    ValueOverflow,
    /// The exact distribution would take more work than the stated bound.
    TooComplex,
}

impl ExprError {
    pub fn new(
        kind: ExprErrorKind,
        source_text: &str,
        span: Span,
        message: impl Into<String>,
        label: impl Into<String>,
        help: Option<String>,
    ) -> Self {
        ExprError {
            source_text: source_text.to_string(),
            span: span.into(),
            message: message.into(),
            label: label.into(),
            help,
            kind,
        }
    }

    /// The byte offset of the error in the expression.
    pub fn offset(&self) -> usize {
        self.span.offset()
    }

    /// A plain-text rendering with a caret line, for logs and terminals without colour:
    ///
    /// ```text
    /// error: expected a number, a die or '(' but found '*'
    ///   3d6 + * 2
    ///         ^ here
    /// help: ...
    /// ```
    pub fn render_plain(&self) -> String {
        let start = self.offset().min(self.source_text.len());
        let len = self.span.len().max(1);
        // Count characters, not bytes, so the caret lines up under non-ASCII text too.
        let pad = self.source_text[..start].chars().count();
        let width = self
            .source_text
            .get(start..(start + len).min(self.source_text.len()))
            .map(|s| s.chars().count().max(1))
            .unwrap_or(1);
        let mut out = format!(
            "error: {}\n  {}\n  {}{} {}",
            self.message,
            self.source_text,
            " ".repeat(pad),
            "^".repeat(width),
            self.label
        );
        if let Some(h) = &self.help {
            out.push_str("\nhelp: ");
            out.push_str(h);
        }
        out
    }
}

/// Errors of dice sources: scripted dice that run out or are out of range, manual entries that
/// cannot be read, and enumerations that outgrow their bounds.
#[derive(Debug, Error, Diagnostic, Clone, PartialEq, Eq)]
pub enum SourceError {
    #[error("the scripted dice ran out: {purpose} needs {needed} more value(s) for {dice}, but the script has none left (it held {given})")]
    #[diagnostic(help("add more values to the script, e.g. --rolls 4,2,6,..."))]
    ScriptExhausted {
        purpose: String,
        dice: String,
        needed: usize,
        given: usize,
    },
    #[error("scripted value {value} (value number {position} of the script) is not a face of a d{sides}; {purpose} rolls {dice}")]
    #[diagnostic(help("a d{sides} shows 1 to {sides}"))]
    ScriptOutOfRange {
        purpose: String,
        dice: String,
        value: i64,
        position: usize,
        sides: u32,
    },
    #[error("no more input while asking for {dice} ({purpose})")]
    #[diagnostic(help("type the faces you rolled, or 'r' to let the computer roll"))]
    ManualInputClosed { purpose: String, dice: String },
    #[error("cannot read or write the terminal: {0}")]
    Io(String),
    #[error(
        "enumerating {dice} ({purpose}) needs {branches} branches, more than the limit of {limit}"
    )]
    #[diagnostic(help("roll the pool for its total (roll_total) so the enumeration branches on sums, not on faces"))]
    TooManyBranches {
        purpose: String,
        dice: String,
        branches: u128,
        limit: u128,
    },
    #[error("the rest of this path through the dice is answered by an earlier path that reached the same checkpoint")]
    #[diagnostic(help(
        "only the enumerating source returns this; pass it up like any dice error"
    ))]
    Answered,
    #[error("enumeration found more than {limit} distinct paths")]
    #[diagnostic(help("estimate this resolution by sampling instead"))]
    TooManyPaths { limit: u64 },
    #[error("the resolution code asked for {got} at chance node {depth} where an earlier run asked for {expected}; resolution must be deterministic given the dice")]
    Nondeterministic {
        depth: usize,
        expected: String,
        got: String,
    },
    #[error("{0}")]
    Expr(Box<ExprError>),
}

impl From<ExprError> for SourceError {
    fn from(e: ExprError) -> Self {
        SourceError::Expr(Box::new(e))
    }
}
