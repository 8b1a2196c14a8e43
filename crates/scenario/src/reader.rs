//! Typed reading of a parsed TOML document. Every getter records a problem, with the field's
//! path and place, when a field is missing, unknown or of the wrong type, then returns `None`
//! and lets the caller go on, so that one pass finds every problem in the file.

use crate::problem::{Problem, ProblemKind};
use crate::source::SourceFile;
use crate::suggest::{all_of, closest};
use std::ops::Range;
use toml_edit::{Array, Item, Table, TableLike, Value};

pub(crate) type Span = Range<usize>;

/// A field path as messages write it: `units[2].stats.dexterity`, `options."dp.x"`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct FieldPath(String);

impl FieldPath {
    pub fn key(&self, key: &str) -> FieldPath {
        let key = if is_bare(key) {
            key.to_string()
        } else {
            format!("{key:?}")
        };
        if self.0.is_empty() {
            FieldPath(key)
        } else {
            FieldPath(format!("{}.{key}", self.0))
        }
    }

    pub fn index(&self, i: usize) -> FieldPath {
        FieldPath(format!("{}[{i}]", self.0))
    }

    /// Appends a path written out already (`stats.dexterity`, `[1].name`), as system checks
    /// give them.
    pub fn join(&self, rel: &str) -> FieldPath {
        if rel.is_empty() {
            self.clone()
        } else if self.0.is_empty() || rel.starts_with('[') {
            FieldPath(format!("{}{rel}", self.0))
        } else {
            FieldPath(format!("{}.{rel}", self.0))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Keys TOML allows without quotes.
fn is_bare(key: &str) -> bool {
    !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// A table (standard or inline) with its path and the span of its header or braces.
#[derive(Clone)]
pub(crate) struct Node<'d> {
    pub table: &'d dyn TableLike,
    pub path: FieldPath,
    pub span: Span,
}

/// A value with its place.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

/// The kinds of value a field can expect, for "wrong type" and "missing" messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Expect {
    Str,
    Int,
    Float,
    Bool,
    Array,
    Table,
    Tables,
}

impl Expect {
    fn noun(self) -> &'static str {
        match self {
            Expect::Str => "a string",
            Expect::Int => "an integer",
            Expect::Float => "a number",
            Expect::Bool => "a boolean",
            Expect::Array => "an array",
            Expect::Table => "a table",
            Expect::Tables => "an array of tables",
        }
    }

    /// A bare value of this kind, for array elements.
    fn value_example(self) -> &'static str {
        match self {
            Expect::Str => "\"…\"",
            Expect::Int => "3",
            Expect::Float => "1.5",
            Expect::Bool => "true",
            Expect::Array => "[ … ]",
            Expect::Table | Expect::Tables => "{ … }",
        }
    }

    /// How to write one, as a help line.
    fn example(self, key: &str, path: &str) -> String {
        match self {
            Expect::Str => format!("{key} = \"…\""),
            Expect::Int => format!("{key} = 3 (a whole number, no quotes)"),
            Expect::Float => format!("{key} = 1.5"),
            Expect::Bool => format!("{key} = true or {key} = false"),
            Expect::Array => format!("{key} = [ … ]"),
            Expect::Table => format!("a [{}] table, or {key} = {{ … }}", strip_indexes(path)),
            Expect::Tables => format!("one [[{}]] table for each", strip_indexes(path)),
        }
    }
}

/// The TOML type of an item, with its article.
pub(crate) fn type_noun(item: &Item) -> &'static str {
    match item {
        Item::None => "nothing",
        Item::Table(_) => "a table",
        Item::ArrayOfTables(_) => "an array of tables",
        Item::Value(v) => value_noun(v),
    }
}

pub(crate) fn value_noun(v: &Value) -> &'static str {
    match v {
        Value::String(_) => "a string",
        Value::Integer(_) => "an integer",
        Value::Float(_) => "a float",
        Value::Boolean(_) => "a boolean",
        Value::Datetime(_) => "a date-time",
        Value::Array(_) => "an array",
        Value::InlineTable(_) => "a table",
    }
}

/// Collects the problems of one file.
pub(crate) struct Reader<'f> {
    pub file: &'f SourceFile,
    pub problems: Vec<Problem>,
    /// The root table's fields. A key after a `[table]` header belongs to that table, a
    /// common TOML slip; when such a key is a root field, the help says so.
    pub top_fields: &'static [&'static str],
}

impl<'f> Reader<'f> {
    pub fn new(file: &'f SourceFile) -> Self {
        Reader {
            file,
            problems: Vec::new(),
            top_fields: &[],
        }
    }

    pub fn report(
        &mut self,
        kind: ProblemKind,
        span: &Span,
        field: &str,
        message: impl Into<String>,
        label: &str,
        help: Option<String>,
    ) {
        self.problems.push(Problem::at(
            self.file,
            kind,
            span.clone(),
            field,
            message.into(),
            label,
            help,
        ));
    }

    /// The document's root table.
    pub fn root<'d>(&self, table: &'d Table) -> Node<'d> {
        Node {
            table,
            path: FieldPath::default(),
            span: 0..0,
        }
    }

    /// Reports every key of `node` that is not in `allowed`, suggesting the closest.
    pub fn deny_unknown(&mut self, node: &Node, allowed: &[&str]) {
        for (key, item) in node.table.iter() {
            if allowed.contains(&key) {
                continue;
            }
            let span = key_span(node, key).unwrap_or_else(|| span_of(item, &node.span));
            let nested = !node.path.as_str().is_empty();
            let help = match closest(key, allowed.iter().copied()) {
                _ if nested && self.top_fields.contains(&key) => format!(
                    "'{key}' is a top-level field, but written after the {} header it belongs to that table; move it above the first [header]",
                    header(&node.path)
                ),
                Some(c) => format!("did you mean '{c}'?"),
                None if allowed.is_empty() => "remove it; this table takes no fields".to_string(),
                None => format!("the fields here are {}", all_of(allowed.iter().copied())),
            };
            self.report(
                ProblemKind::UnknownField,
                &span,
                node.path.key(key).as_str(),
                format!("unknown field '{key}'"),
                "not a field here",
                Some(help),
            );
        }
    }

    /// Reports a missing required field of `node`.
    pub fn missing(&mut self, node: &Node, key: &str, expect: Expect) {
        let path = node.path.key(key);
        let label = if node.path.as_str().is_empty() {
            "in this file"
        } else {
            "in this table"
        };
        self.report(
            ProblemKind::MissingField,
            &node.span,
            path.as_str(),
            format!("missing field '{key}'"),
            label,
            Some(format!("add {}", expect.example(key, path.as_str()))),
        );
    }

    /// Reports a field of the wrong type.
    pub fn wrong_type(&mut self, span: &Span, path: &FieldPath, found: &str, expect: Expect) {
        let key = last_key(path.as_str());
        let help = if path.as_str().ends_with(']') {
            format!("write each element as {}", expect.value_example())
        } else {
            format!("write {}", expect.example(key, path.as_str()))
        };
        self.report(
            ProblemKind::WrongType,
            span,
            path.as_str(),
            format!("expected {}, found {found}", expect.noun()),
            found,
            Some(help),
        );
    }

    /// Reports an item of the wrong type; a number or boolean written in quotes gets the
    /// exact fix.
    pub fn wrong_item(&mut self, span: &Span, path: &FieldPath, item: &Item, expect: Expect) {
        let unquoted = item.as_str().map(str::trim).filter(|s| match expect {
            Expect::Int => s.parse::<i64>().is_ok(),
            Expect::Bool => *s == "true" || *s == "false",
            _ => false,
        });
        if let (Expect::Array, Some(v)) = (expect, item.as_str()) {
            let key = last_key(path.as_str());
            self.report(
                ProblemKind::WrongType,
                span,
                path.as_str(),
                "expected an array, found a string",
                "a string",
                Some(format!("put it in a list: {key} = [{v:?}]")),
            );
            return;
        }
        match unquoted {
            Some(v) => {
                let key = last_key(path.as_str());
                self.report(
                    ProblemKind::WrongType,
                    span,
                    path.as_str(),
                    format!("expected {}, found a string", expect.noun()),
                    "a string",
                    Some(format!("remove the quotes: {key} = {v}")),
                );
            }
            None => self.wrong_type(span, path, type_noun(item), expect),
        }
    }

    /// The item under `key`, if present and not `None`.
    fn item<'d>(
        &mut self,
        node: &Node<'d>,
        key: &str,
        required: bool,
        expect: Expect,
    ) -> Option<(&'d Item, FieldPath, Span)> {
        match node.table.get(key) {
            Some(item) if !item.is_none() => {
                Some((item, node.path.key(key), span_of(item, &node.span)))
            }
            _ => {
                if required {
                    self.missing(node, key, expect);
                }
                None
            }
        }
    }

    pub fn string(&mut self, node: &Node, key: &str, required: bool) -> Option<Spanned<String>> {
        let (item, path, span) = self.item(node, key, required, Expect::Str)?;
        match item.as_str() {
            Some(s) => Some(Spanned {
                value: s.to_string(),
                span,
            }),
            None => {
                self.wrong_type(&span, &path, type_noun(item), Expect::Str);
                None
            }
        }
    }

    pub fn int(&mut self, node: &Node, key: &str, required: bool) -> Option<Spanned<i64>> {
        let (item, path, span) = self.item(node, key, required, Expect::Int)?;
        match item.as_integer() {
            Some(i) => Some(Spanned { value: i, span }),
            None => {
                self.wrong_item(&span, &path, item, Expect::Int);
                None
            }
        }
    }

    /// A sub-table, written either as `[path]` or as `key = { … }`.
    pub fn table<'d>(&mut self, node: &Node<'d>, key: &str, required: bool) -> Option<Node<'d>> {
        let (item, path, span) = self.item(node, key, required, Expect::Table)?;
        match item.as_table_like() {
            Some(table) => Some(Node { table, path, span }),
            None => {
                self.wrong_type(&span, &path, type_noun(item), Expect::Table);
                None
            }
        }
    }

    /// An array of tables, written either as `[[path]]` tables or as `key = [{ … }, …]`.
    pub fn tables<'d>(
        &mut self,
        node: &Node<'d>,
        key: &str,
        required: bool,
    ) -> Option<Vec<Node<'d>>> {
        let (item, path, span) = self.item(node, key, required, Expect::Tables)?;
        match item {
            Item::ArrayOfTables(aot) => Some(
                aot.iter()
                    .enumerate()
                    .map(|(i, t)| Node {
                        table: t as &dyn TableLike,
                        path: path.index(i),
                        span: t.span().unwrap_or_else(|| span.clone()),
                    })
                    .collect(),
            ),
            Item::Value(Value::Array(array)) => {
                let mut nodes = Vec::new();
                for (i, v) in array.iter().enumerate() {
                    let vspan = v.span().unwrap_or_else(|| span.clone());
                    match v.as_inline_table() {
                        Some(t) => nodes.push(Node {
                            table: t as &dyn TableLike,
                            path: path.index(i),
                            span: vspan,
                        }),
                        None => {
                            self.wrong_type(&vspan, &path.index(i), value_noun(v), Expect::Table)
                        }
                    }
                }
                Some(nodes)
            }
            _ => {
                self.wrong_type(&span, &path, type_noun(item), Expect::Tables);
                None
            }
        }
    }

    /// An inline array `key = [ … ]`.
    pub fn array<'d>(
        &mut self,
        node: &Node<'d>,
        key: &str,
        required: bool,
    ) -> Option<(&'d Array, FieldPath, Span)> {
        let (item, path, span) = self.item(node, key, required, Expect::Array)?;
        match item.as_array() {
            Some(a) => Some((a, path, span)),
            None => {
                self.wrong_item(&span, &path, item, Expect::Array);
                None
            }
        }
    }
}

/// The header that opens the table at `path`: `[map]`, `[[sides]]`, `[units.stats]`.
fn header(path: &FieldPath) -> String {
    let p = path.as_str();
    match p
        .strip_suffix(']')
        .and_then(|q| q.rfind('[').map(|i| &q[..i]))
    {
        Some(array) => format!("[[{}]]", strip_indexes(array)),
        None => format!("[{}]", strip_indexes(p)),
    }
}

fn strip_indexes(p: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in p.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// The last key of a path, for examples in help lines.
fn last_key(path: &str) -> &str {
    let tail = path.rsplit('.').next().unwrap_or(path);
    tail.split('[').next().unwrap_or(tail)
}

/// The span of a key of a table, where the parser recorded one.
pub(crate) fn key_span(node: &Node, key: &str) -> Option<Span> {
    node.table.get_key_value(key).and_then(|(k, _)| k.span())
}

/// An item's span, or `fallback` for tables the parser made implicitly.
pub(crate) fn span_of(item: &Item, fallback: &Span) -> Span {
    item.span().unwrap_or_else(|| fallback.clone())
}

/// The span of a value inside an array, or `fallback`.
pub(crate) fn value_span(v: &Value, fallback: &Span) -> Span {
    v.span().unwrap_or_else(|| fallback.clone())
}

/// Where a string value's characters start in the file, when they appear there verbatim (no
/// escapes), so that a problem can point at one character of a map row. `None` otherwise.
pub(crate) fn verbatim_start(text: &str, span: &Span, decoded: &str) -> Option<usize> {
    let raw = text.get(span.clone())?;
    for delim in ["\"\"\"", "'''", "\"", "'"] {
        let n = delim.len();
        if raw.len() >= 2 * n && raw.starts_with(delim) && raw.ends_with(delim) {
            let mut start = span.start + n;
            let mut inner = &raw[n..raw.len() - n];
            if n == 3 {
                // A newline right after the opening delimiter is not part of the string.
                if let Some(rest) = inner.strip_prefix("\r\n") {
                    inner = rest;
                    start += 2;
                } else if let Some(rest) = inner.strip_prefix('\n') {
                    inner = rest;
                    start += 1;
                }
            }
            return (inner == decoded).then_some(start);
        }
    }
    None
}

/// The span of a field path (`units[1].stats.dexterity`) within `root`, as far as the path
/// can be followed; used to place the findings of a system's own checks.
pub(crate) fn resolve_path(root: &dyn TableLike, path: &str) -> Option<Span> {
    let mut cur = Cursor::Table(root, None);
    let mut best = None;
    for seg in segments(path) {
        let next = match (cur, seg) {
            (Cursor::Table(t, _), Segment::Key(k)) => t.get(&k).and_then(Cursor::of_item),
            (Cursor::Value(v), Segment::Key(k)) => v
                .as_inline_table()
                .and_then(|t| t.get(&k))
                .map(Cursor::Value),
            (Cursor::Tables(a), Segment::Index(i)) => a
                .get(i)
                .map(|t| Cursor::Table(t as &dyn TableLike, t.span())),
            (Cursor::Value(v), Segment::Index(i)) => {
                v.as_array().and_then(|a| a.get(i)).map(Cursor::Value)
            }
            _ => None,
        };
        let Some(next) = next else { break };
        best = next.span().or(best);
        cur = next;
    }
    best
}

/// Where `resolve_path` has got to.
#[derive(Clone)]
enum Cursor<'d> {
    Table(&'d dyn TableLike, Option<Span>),
    Tables(&'d toml_edit::ArrayOfTables),
    Value(&'d Value),
}

impl<'d> Cursor<'d> {
    fn of_item(item: &'d Item) -> Option<Cursor<'d>> {
        match item {
            Item::Table(t) => Some(Cursor::Table(t, t.span())),
            Item::ArrayOfTables(a) => Some(Cursor::Tables(a)),
            Item::Value(v) => Some(Cursor::Value(v)),
            Item::None => None,
        }
    }

    fn span(&self) -> Option<Span> {
        match self {
            Cursor::Table(_, span) => span.clone(),
            Cursor::Tables(a) => a.span(),
            Cursor::Value(v) => v.span(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Segment {
    Key(String),
    Index(usize),
}

/// Splits `a.b[2]."c.d"` into keys and indexes.
fn segments(path: &str) -> Vec<Segment> {
    let mut out = Vec::new();
    let mut chars = path.chars().peekable();
    let mut key = String::new();
    while let Some(c) = chars.next() {
        match c {
            '.' => {
                if !key.is_empty() {
                    out.push(Segment::Key(std::mem::take(&mut key)));
                }
            }
            '"' => {
                for c in chars.by_ref() {
                    if c == '"' {
                        break;
                    }
                    key.push(c);
                }
                out.push(Segment::Key(std::mem::take(&mut key)));
            }
            '[' => {
                if !key.is_empty() {
                    out.push(Segment::Key(std::mem::take(&mut key)));
                }
                let mut digits = String::new();
                for c in chars.by_ref() {
                    if c == ']' {
                        break;
                    }
                    digits.push(c);
                }
                if let Ok(i) = digits.parse() {
                    out.push(Segment::Index(i));
                }
            }
            c => key.push(c),
        }
    }
    if !key.is_empty() {
        out.push(Segment::Key(key));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use toml_edit::Document;

    #[test]
    fn paths_quote_keys_that_are_not_bare() {
        let p = FieldPath::default().key("options").key("dp.x");
        assert_eq!(p.as_str(), "options.\"dp.x\"");
        assert_eq!(
            FieldPath::default()
                .key("units")
                .index(2)
                .key("stats")
                .as_str(),
            "units[2].stats"
        );
        assert_eq!(
            FieldPath::default()
                .key("weapon")
                .index(0)
                .join("modes[1]")
                .as_str(),
            "weapon[0].modes[1]"
        );
        assert_eq!(
            header(&FieldPath::default().key("sides").index(3)),
            "[[sides]]"
        );
        assert_eq!(
            header(&FieldPath::default().key("units").index(0).key("stats")),
            "[units.stats]"
        );
    }

    #[test]
    fn field_paths_resolve_to_their_place() {
        let text = "[[units]]\nname = \"A\"\n[[units]]\nname = \"B\"\nstats = { dex = 4 }\ngear = [\"x\", \"y\"]\n";
        let doc = Document::parse(text).unwrap();
        let at = |p: &str| resolve_path(doc.as_table(), p).map(|s| &text[s]);
        assert_eq!(at("units[1].name"), Some("\"B\""));
        assert_eq!(at("units[1].stats.dex"), Some("4"));
        assert_eq!(at("units[1].gear[1]"), Some("\"y\""));
        assert_eq!(
            at("units[1].nothing"),
            Some("[[units]]"),
            "as far as the path goes"
        );
        assert_eq!(at("nothing"), None);
    }

    #[test]
    fn verbatim_strings_map_to_file_offsets_and_escaped_ones_do_not() {
        let text = "a = \"\"\"\n..#\n\"\"\"\nb = \"x\\ty\"\nc = '''\r\nab'''\n";
        let doc = Document::parse(text).unwrap();
        let get = |k: &str| {
            let item = doc.get(k).unwrap();
            (item.span().unwrap(), item.as_str().unwrap().to_string())
        };
        let (span, value) = get("a");
        let start = verbatim_start(text, &span, &value).unwrap();
        assert_eq!(&text[start..start + 3], "..#");
        let (span, value) = get("b");
        assert_eq!(verbatim_start(text, &span, &value), None);
        let (span, value) = get("c");
        let start = verbatim_start(text, &span, &value).unwrap();
        assert_eq!(&text[start..start + 2], "ab");
    }
}
