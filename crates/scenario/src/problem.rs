//! Problems found in scenario and catalog files, and the collection of all of them that a load
//! returns. Each problem names its file, line, column and field, says what is wrong, and says how
//! to fix it. `Diagnostics` is a `miette::Diagnostic` whose related diagnostics are the problems,
//! so a terminal shows every one with its source excerpt; `render_plain` is the one-line-per-
//! problem form for tests and scripts.

use crate::source::SourceFile;
use miette::{Diagnostic, LabeledSpan, NamedSource, SourceCode, SourceSpan};
use serde::Serialize;
use std::fmt;
use std::ops::Range;
use std::sync::Arc;

/// What kind of problem, for programs and tests; `code()` is its stable name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProblemKind {
    /// The file cannot be read, or a catalog directory is missing.
    Io,
    /// Not valid TOML (or not UTF-8).
    Syntax,
    /// A field the format does not have.
    UnknownField,
    /// A required field is absent.
    MissingField,
    /// A field has the wrong TOML type.
    WrongType,
    /// A field has the right type but a value the format does not allow.
    BadValue,
    /// `system` names no known rule system.
    UnknownSystem,
    /// `[options]` names an option the system does not have.
    UnknownOption,
    /// An option's value has the wrong type or is out of its range.
    OptionValue,
    /// Map rows of unequal length.
    RaggedRows,
    /// A character in the map rows that the legend does not define.
    UndefinedLegendChar,
    /// A legend names a terrain the catalog does not have.
    UnknownTerrain,
    /// `elevation` does not have the shape of `rows`.
    ElevationShape,
    /// A unit names a side that is not defined.
    UnknownSide,
    /// Two sides, or two units, with one name.
    DuplicateName,
    /// A side's controller is not `ai:<policy>`, `human` or `script`.
    BadController,
    /// A unit stands outside the map.
    OffMap,
    /// Two units in one cell.
    CellTaken,
    /// A unit stands on terrain that blocks movement.
    Impassable,
    /// A unit carries an id the catalog does not have.
    UnknownEquipment,
    /// A stat outside its range.
    StatRange,
    /// A required stat is absent.
    MissingStat,
    /// A stat the system does not have.
    UnknownStat,
    /// A facing outside the system's facings.
    FacingRange,
    /// A stance the system does not have.
    UnknownStance,
    /// A catalog entry without provenance.
    MissingProvenance,
    /// A provenance that is not exactly one of `book` or `invented`.
    BadProvenance,
    /// Two catalog entries with one id.
    DuplicateId,
    /// A check the rule system's schema makes itself.
    SystemCheck,
}

impl ProblemKind {
    /// Every kind, in declaration order.
    pub const ALL: [ProblemKind; 29] = {
        use ProblemKind::*;
        [
            Io,
            Syntax,
            UnknownField,
            MissingField,
            WrongType,
            BadValue,
            UnknownSystem,
            UnknownOption,
            OptionValue,
            RaggedRows,
            UndefinedLegendChar,
            UnknownTerrain,
            ElevationShape,
            UnknownSide,
            DuplicateName,
            BadController,
            OffMap,
            CellTaken,
            Impassable,
            UnknownEquipment,
            StatRange,
            MissingStat,
            UnknownStat,
            FacingRange,
            UnknownStance,
            MissingProvenance,
            BadProvenance,
            DuplicateId,
            SystemCheck,
        ]
    };

    /// The stable kebab-case name, shown as the diagnostic code (`scenario::unknown-field`).
    pub fn code(self) -> &'static str {
        use ProblemKind::*;
        match self {
            Io => "io",
            Syntax => "syntax",
            UnknownField => "unknown-field",
            MissingField => "missing-field",
            WrongType => "wrong-type",
            BadValue => "bad-value",
            UnknownSystem => "unknown-system",
            UnknownOption => "unknown-option",
            OptionValue => "option-value",
            RaggedRows => "ragged-rows",
            UndefinedLegendChar => "undefined-legend-char",
            UnknownTerrain => "unknown-terrain",
            ElevationShape => "elevation-shape",
            UnknownSide => "unknown-side",
            DuplicateName => "duplicate-name",
            BadController => "bad-controller",
            OffMap => "off-map",
            CellTaken => "cell-taken",
            Impassable => "impassable",
            UnknownEquipment => "unknown-equipment",
            StatRange => "stat-range",
            MissingStat => "missing-stat",
            UnknownStat => "unknown-stat",
            FacingRange => "facing-range",
            UnknownStance => "unknown-stance",
            MissingProvenance => "missing-provenance",
            BadProvenance => "bad-provenance",
            DuplicateId => "duplicate-id",
            SystemCheck => "system-check",
        }
    }
}

/// One problem in one file.
#[derive(Debug, Clone)]
pub struct Problem {
    pub kind: ProblemKind,
    /// The file's name as it was given to the loader.
    pub file: String,
    /// 1-based line and column (in characters); 0 when the problem has no place in the file
    /// (it cannot be read).
    pub line: usize,
    pub column: usize,
    /// The field path, as in `units[2].stats.dexterity`; empty for syntax errors.
    pub field: String,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub help: Option<String>,
    /// The short text under the marked span.
    pub label: String,
    /// The byte range in the file.
    pub span: Option<Range<usize>>,
    source: Option<NamedSource<Arc<str>>>,
}

impl Problem {
    /// A problem at a byte range of `file`.
    pub(crate) fn at(
        file: &SourceFile,
        kind: ProblemKind,
        span: Range<usize>,
        field: &str,
        message: String,
        label: &str,
        help: Option<String>,
    ) -> Self {
        let start = file.floor_boundary(span.start);
        let end = file.floor_boundary(span.end.max(start));
        let (line, column) = file.line_col(start);
        Problem {
            kind,
            file: file.name().to_string(),
            line,
            column,
            field: field.to_string(),
            message,
            help,
            label: label.to_string(),
            span: Some(start..end),
            source: Some(file.named_source()),
        }
    }

    /// A problem with no place in a file: it could not be read, or is missing.
    pub(crate) fn unplaced(
        kind: ProblemKind,
        file: String,
        message: String,
        help: Option<String>,
    ) -> Self {
        Problem {
            kind,
            file,
            line: 0,
            column: 0,
            field: String::new(),
            message,
            help,
            label: String::new(),
            span: None,
            source: None,
        }
    }

    /// `file:line:col: field: message (help: …)`, with the parts that are empty left out.
    pub fn render_plain(&self) -> String {
        let mut out = self.file.clone();
        if self.line > 0 {
            out.push_str(&format!(":{}:{}", self.line, self.column));
        }
        out.push_str(": ");
        if !self.field.is_empty() {
            out.push_str(&self.field);
            out.push_str(": ");
        }
        out.push_str(&self.message);
        if let Some(h) = &self.help {
            out.push_str(&format!(" (help: {h})"));
        }
        out
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.field, self.message)
        }
    }
}

impl std::error::Error for Problem {}

impl Diagnostic for Problem {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(format!("scenario::{}", self.kind.code())))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = self.span.as_ref()?;
        let len = span.end.saturating_sub(span.start);
        let label = LabeledSpan::new_with_span(
            Some(self.label.clone()).filter(|l| !l.is_empty()),
            SourceSpan::from((span.start, len)),
        );
        Some(Box::new(std::iter::once(label)))
    }
}

/// Every problem a load found, in file order and, within a file, in the order of their place.
#[derive(Debug, Clone)]
pub struct Diagnostics {
    problems: Vec<Problem>,
}

impl Diagnostics {
    /// Sorts the problems: files in the order they first appear, then by position.
    pub fn new(mut problems: Vec<Problem>) -> Self {
        let mut files: Vec<String> = Vec::new();
        for p in &problems {
            if !files.contains(&p.file) {
                files.push(p.file.clone());
            }
        }
        problems.sort_by_key(|p| {
            let file = files.iter().position(|f| *f == p.file).unwrap_or(0);
            (file, p.span.as_ref().map_or(0, |s| s.start))
        });
        Diagnostics { problems }
    }

    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    pub fn into_problems(self) -> Vec<Problem> {
        self.problems
    }

    pub fn len(&self) -> usize {
        self.problems.len()
    }

    pub fn is_empty(&self) -> bool {
        self.problems.is_empty()
    }

    /// One line per problem, `file:line:col: field: message (help: …)`, each ending in `\n`.
    pub fn render_plain(&self) -> String {
        self.problems
            .iter()
            .map(|p| p.render_plain() + "\n")
            .collect()
    }
}

impl From<Problem> for Diagnostics {
    fn from(p: Problem) -> Self {
        Diagnostics::new(vec![p])
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.problems.len();
        let mut files: Vec<&str> = self.problems.iter().map(|p| p.file.as_str()).collect();
        files.dedup();
        files.sort_unstable();
        files.dedup();
        let what = if n == 1 { "problem" } else { "problems" };
        match files.as_slice() {
            [one] => write!(f, "{n} {what} in {one}"),
            _ => write!(f, "{n} {what} in {} files", files.len()),
        }
    }
}

impl std::error::Error for Diagnostics {}

impl Diagnostic for Diagnostics {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new("scenario::invalid"))
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        Some(Box::new(self.problems.iter().map(|p| p as &dyn Diagnostic)))
    }
}
