//! Parsing a file into a TOML document with spans, and turning a TOML syntax error into a
//! problem. The parser stops at the first syntax error, so a file with one reports only it.

use crate::problem::{Problem, ProblemKind};
use crate::source::SourceFile;
use toml_edit::Document;

/// Parses `file`; the document borrows its text, so spans index into it.
pub(crate) fn parse(file: &SourceFile) -> Result<Document<&str>, Box<Problem>> {
    Document::parse(file.text()).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        let message = e.message().trim().to_string();
        let help = if message.contains("duplicate key") {
            "each key may appear only once in a table; remove or rename one".to_string()
        } else if message.contains("quoted") {
            "put text values in quotes: name = \"Ana\"".to_string()
        } else {
            "fix the TOML syntax here; docs/scenario.md has a complete example".to_string()
        };
        Box::new(Problem::at(
            file,
            ProblemKind::Syntax,
            span,
            "",
            format!("invalid TOML: {message}"),
            "here",
            Some(help),
        ))
    })
}
