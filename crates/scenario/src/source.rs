//! A file as read: its name, its text and its content hash, with the byte-offset to
//! line-and-column conversion every problem needs.

use crate::hash::content_hash;
use crate::problem::{Diagnostics, Problem, ProblemKind};
use miette::NamedSource;
use std::path::Path;
use std::sync::Arc;

/// One scenario or catalog file. The text is shared (`Arc`) because every problem in the file
/// carries it, so that each can be rendered with its own source excerpt.
#[derive(Debug, Clone)]
pub struct SourceFile {
    name: String,
    text: Arc<str>,
    hash: String,
    /// Byte offset of the start of each line.
    line_starts: Vec<usize>,
}

impl SourceFile {
    /// A file from text already in memory; `name` is how problems will name it.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        let text: String = text.into();
        let hash = content_hash(text.as_bytes());
        Self::with_hash(name.into(), text, hash)
    }

    /// A file from raw bytes, which must be UTF-8 (TOML requires it). The error points at the
    /// first byte that is not.
    pub fn from_bytes(name: impl Into<String>, bytes: &[u8]) -> Result<Self, Diagnostics> {
        let name = name.into();
        match std::str::from_utf8(bytes) {
            Ok(text) => Ok(Self::new(name, text)),
            Err(e) => {
                let lossy = Self::with_hash(
                    name,
                    String::from_utf8_lossy(bytes).into_owned(),
                    content_hash(bytes),
                );
                let at = e.valid_up_to();
                Err(Diagnostics::from(Problem::at(
                    &lossy,
                    ProblemKind::Syntax,
                    at..at + 1,
                    "",
                    "the file is not valid UTF-8".to_string(),
                    "this byte",
                    Some("save the file as UTF-8; TOML files must be UTF-8".to_string()),
                )))
            }
        }
    }

    /// Reads a file from disk; problems name it by `path` as given.
    pub fn read(path: &Path) -> Result<Self, Diagnostics> {
        let name = path.display().to_string();
        match std::fs::read(path) {
            Ok(bytes) => Self::from_bytes(name, &bytes),
            Err(e) => Err(Diagnostics::from(Problem::unplaced(
                ProblemKind::Io,
                name,
                format!("cannot read the file: {e}"),
                Some("check the path and the file's permissions".to_string()),
            ))),
        }
    }

    fn with_hash(name: String, text: String, hash: String) -> Self {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        SourceFile {
            name,
            text: text.into(),
            hash,
            line_starts,
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// FNV-1a 64 of the bytes read, as 16 hex digits; saves record it.
    pub fn content_hash(&self) -> &str {
        &self.hash
    }

    /// The 1-based line and column (in characters, so non-ASCII text counts right) of a byte
    /// offset. Offsets past the end or inside a character are clamped.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = self.floor_boundary(offset);
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts[line];
        let column = self.text[start..offset].chars().count() + 1;
        (line + 1, column)
    }

    /// The largest character boundary at or before `offset`, within the text.
    pub(crate) fn floor_boundary(&self, offset: usize) -> usize {
        let mut o = offset.min(self.text.len());
        while !self.text.is_char_boundary(o) {
            o -= 1;
        }
        o
    }

    pub(crate) fn named_source(&self) -> NamedSource<Arc<str>> {
        NamedSource::new(&self.name, Arc::clone(&self.text)).with_language("TOML")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_are_one_based_and_count_characters() {
        let f = SourceFile::new("x.toml", "ab\nçd = 1\n");
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(2), (1, 3));
        assert_eq!(f.line_col(3), (2, 1));
        // 'ç' is two bytes; 'd' is the second character.
        assert_eq!(f.line_col(5), (2, 2));
        // Inside 'ç' clamps to its start; past the end clamps to the end.
        assert_eq!(f.line_col(4), (2, 1));
        assert_eq!(f.line_col(1000), (3, 1));
    }

    #[test]
    fn invalid_utf8_points_at_the_bad_byte() {
        let d = SourceFile::from_bytes("x.toml", b"a = 1\nb = \xff\n").unwrap_err();
        let p = &d.problems()[0];
        assert_eq!((p.line, p.column), (2, 5));
        assert_eq!(p.kind, ProblemKind::Syntax);
    }
}
