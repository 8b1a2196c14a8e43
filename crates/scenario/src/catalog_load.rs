//! Loading a system's catalog files: every `[[kind]]` entry checked against the system's
//! `CatalogSpec`, with provenance required and ids unique across all the files.

use crate::catalog::{Catalog, Entry, Provenance};
use crate::parse::parse;
use crate::problem::{Diagnostics, Problem, ProblemKind};
use crate::reader::{resolve_path, Expect, FieldPath, Node, Reader, Span};
use crate::scenario::FileInfo;
use crate::schema::{
    CatalogRole, CatalogSpec, FieldKind, FieldSpec, ScenarioSchema, TERRAIN_FIELDS,
};
use crate::source::SourceFile;
use crate::suggest::did_you_mean;
use crate::value::Value;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// Loads catalog files already read, in the order given.
pub fn load_catalog(
    files: &[SourceFile],
    schema: &dyn ScenarioSchema,
) -> Result<Catalog, Diagnostics> {
    let (catalog, problems) = build_catalog(files, schema);
    if problems.is_empty() {
        Ok(catalog)
    } else {
        Err(Diagnostics::new(problems))
    }
}

/// Loads every `*.toml` file of `dir` (by name order), e.g. `data/dice-pool`.
pub fn load_catalog_dir(dir: &Path, schema: &dyn ScenarioSchema) -> Result<Catalog, Diagnostics> {
    let files = read_dir(dir).map_err(Diagnostics::new)?;
    load_catalog(&files, schema)
}

/// Reads the `*.toml` files of a catalog folder, sorted by name.
pub(crate) fn read_dir(dir: &Path) -> Result<Vec<SourceFile>, Vec<Problem>> {
    let entries = std::fs::read_dir(dir).map_err(|e| {
        vec![Problem::unplaced(
            ProblemKind::Io,
            dir.display().to_string(),
            format!("cannot read the catalog folder: {e}"),
            Some(
                "create it with the system's catalog files, or point the loader at the data folder"
                    .into(),
            ),
        )]
    })?;
    let mut paths: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml") && p.is_file())
        .collect();
    paths.sort();
    let mut files = Vec::new();
    let mut problems = Vec::new();
    for p in paths {
        match SourceFile::read(&p) {
            Ok(f) => files.push(f),
            Err(e) => problems.extend(e.into_problems()),
        }
    }
    if problems.is_empty() {
        Ok(files)
    } else {
        Err(problems)
    }
}

/// Every valid entry of `files`, and every problem. Entries with problems are left out and
/// their ids remembered in `Catalog::broken`.
pub(crate) fn build_catalog(
    files: &[SourceFile],
    schema: &dyn ScenarioSchema,
) -> (Catalog, Vec<Problem>) {
    let mut cx = CatalogBuild {
        schema,
        catalog: Catalog::new(schema.system()),
        seen: HashMap::new(),
        problems: Vec::new(),
    };
    for file in files {
        cx.catalog.add_file(FileInfo {
            name: file.name().to_string(),
            content_hash: file.content_hash().to_string(),
        });
        cx.file(file);
    }
    (cx.catalog, cx.problems)
}

struct CatalogBuild<'s> {
    schema: &'s dyn ScenarioSchema,
    catalog: Catalog,
    /// Where each id was first defined: file and line.
    seen: HashMap<String, (String, usize)>,
    problems: Vec<Problem>,
}

impl CatalogBuild<'_> {
    fn file(&mut self, file: &SourceFile) {
        let doc = match parse(file) {
            Ok(doc) => doc,
            Err(p) => {
                self.problems.push(*p);
                return;
            }
        };
        let mut r = Reader::new(file);
        let root = r.root(doc.as_table());
        let kinds: Vec<&str> = self.schema.catalogs().iter().map(|c| c.kind).collect();
        r.deny_unknown(&root, &kinds);
        for spec in self.schema.catalogs() {
            let Some(nodes) = r.tables(&root, spec.kind, false) else {
                continue;
            };
            for node in nodes {
                self.entry(&mut r, &node, spec);
            }
        }
        self.problems.append(&mut r.problems);
    }

    fn entry(&mut self, r: &mut Reader, node: &Node, spec: &CatalogSpec) {
        let before = r.problems.len();
        let fields = fields_of(spec);
        let mut allowed = vec!["id", "name", "provenance"];
        allowed.extend(fields.iter().map(|f| f.name));
        r.deny_unknown(node, &allowed);

        let id = r.string(node, "id", true);
        if let Some(id) = &id {
            if id.value.trim().is_empty() {
                r.report(
                    ProblemKind::BadValue,
                    &id.span,
                    node.path.key("id").as_str(),
                    "the id is empty",
                    "empty",
                    Some("give the entry a unique id, e.g. id = \"DP-PISTOL\"".into()),
                );
            }
        }
        let name = r.string(node, "name", false).map(|s| s.value);
        let provenance = provenance(r, node, id.as_ref().map(|i| i.value.as_str()));
        let mut values = BTreeMap::new();
        for f in &fields {
            if let Some(v) = field(r, node, f) {
                values.insert(f.name.to_string(), v);
            }
        }

        let Some(id) = id else { return };
        let (line, _) = r.file.line_col(node.span.start);
        if let Some((first_file, first_line)) = self.seen.get(&id.value) {
            r.report(
                ProblemKind::DuplicateId,
                &id.span,
                node.path.key("id").as_str(),
                format!("duplicate id '{}'", id.value),
                "defined again here",
                Some(format!(
                    "the first is at {first_file}:{first_line}; give each entry its own id"
                )),
            );
            return;
        }
        self.seen
            .insert(id.value.clone(), (r.file.name().to_string(), line));
        let (Some(provenance), true) = (provenance, r.problems.len() == before) else {
            self.catalog.broken.insert(id.value);
            return;
        };
        let entry = Entry {
            id: id.value.clone(),
            kind: spec.kind.to_string(),
            role: spec.role,
            name,
            provenance,
            fields: values,
            file: r.file.name().to_string(),
            line,
        };
        let findings = self.schema.check_entry(&entry);
        for f in &findings {
            let span = resolve_path(node.table, &f.field).unwrap_or_else(|| node.span.clone());
            let path = node.path.join(&f.field);
            r.report(
                ProblemKind::SystemCheck,
                &span,
                path.as_str(),
                f.message.clone(),
                "here",
                f.help.clone(),
            );
        }
        if findings.is_empty() {
            self.catalog.insert(entry);
        } else {
            self.catalog.broken.insert(id.value);
        }
    }
}

/// A kind's fields, with the terrain built-ins first unless the system declares them itself.
fn fields_of(spec: &CatalogSpec) -> Vec<FieldSpec> {
    let mut out = Vec::new();
    if spec.role == CatalogRole::Terrain {
        for b in TERRAIN_FIELDS {
            if !spec.fields.iter().any(|f| f.name == b.name) {
                out.push(*b);
            }
        }
    }
    out.extend_from_slice(spec.fields);
    out
}

/// `provenance = { book = "…" }` or `{ invented = "…" }`, with an optional `note`.
fn provenance(r: &mut Reader, node: &Node, id: Option<&str>) -> Option<Provenance> {
    let what = id.map_or_else(|| "this entry".to_string(), |i| format!("'{i}'"));
    let path = node.path.key("provenance");
    if node.table.get("provenance").is_none_or(|i| i.is_none()) {
        r.report(
            ProblemKind::MissingProvenance,
            &node.span,
            path.as_str(),
            format!("{what} has no provenance"),
            "in this entry",
            Some(PROVENANCE_HELP.into()),
        );
        return None;
    }
    let p = r.table(node, "provenance", true)?;
    r.deny_unknown(&p, &["book", "invented", "note"]);
    let book = r.string(&p, "book", false);
    let invented = r.string(&p, "invented", false);
    let note = r.string(&p, "note", false).map(|n| n.value);
    let bad = |r: &mut Reader, span: &Span, message: String, help: &str| {
        r.report(
            ProblemKind::BadProvenance,
            span,
            path.as_str(),
            message,
            "here",
            Some(help.to_string()),
        );
        None
    };
    match (book, invented) {
        (Some(b), None) if b.value.trim().is_empty() => bad(
            r,
            &b.span,
            "book is empty".into(),
            "name the rule or table ID the values come from, e.g. book = \"DP-TAB-RANGE\"",
        ),
        (None, Some(i)) if i.value.trim().is_empty() => bad(
            r,
            &i.span,
            "invented is empty".into(),
            "say where the invention is recorded, e.g. invented = \"DP GAPS Part D\"",
        ),
        (Some(b), None) => Some(Provenance::Book {
            rule: b.value,
            note,
        }),
        (None, Some(i)) => Some(Provenance::Invented {
            reference: i.value,
            note,
        }),
        (Some(_), Some(i)) => bad(
            r,
            &i.span,
            format!("{what} gives both book and invented"),
            "keep one: book when every value is the book's, invented when any is not (say which in note)",
        ),
        (None, None) => bad(
            r,
            &p.span,
            format!("the provenance of {what} gives neither book nor invented"),
            PROVENANCE_HELP,
        ),
    }
}

const PROVENANCE_HELP: &str = "add provenance = { book = \"<rule or table ID>\" } for values from the book, or provenance = { invented = \"<where it is recorded, e.g. DP GAPS Part D>\" }";

/// One field by its spec; `None` when absent or wrong (the problem is recorded).
pub(crate) fn field(r: &mut Reader, node: &Node, spec: &FieldSpec) -> Option<Value> {
    let item = match node.table.get(spec.name) {
        Some(i) if !i.is_none() => i,
        _ => {
            if spec.required {
                r.missing(node, spec.name, expect_of(&spec.kind));
            }
            return None;
        }
    };
    let path = node.path.key(spec.name);
    let span = item.span().unwrap_or_else(|| node.span.clone());
    match item.as_value() {
        Some(v) => convert(r, v, &spec.kind, &path, &span),
        None => {
            r.wrong_item(&span, &path, item, expect_of(&spec.kind));
            None
        }
    }
}

fn expect_of(kind: &FieldKind) -> Expect {
    match kind {
        FieldKind::Bool => Expect::Bool,
        FieldKind::Int { .. } => Expect::Int,
        FieldKind::Float { .. } => Expect::Float,
        FieldKind::Text | FieldKind::Choice(_) => Expect::Str,
        FieldKind::List { .. } => Expect::Array,
    }
}

/// Checks a TOML value against a field kind.
fn convert(
    r: &mut Reader,
    v: &toml_edit::Value,
    kind: &FieldKind,
    path: &FieldPath,
    fallback: &Span,
) -> Option<Value> {
    let span = v.span().unwrap_or_else(|| fallback.clone());
    let out_of_range = |r: &mut Reader, shown: String, min: String, max: String| {
        r.report(
            ProblemKind::BadValue,
            &span,
            path.as_str(),
            format!("{shown} is out of range"),
            "out of range",
            Some(format!("use a value from {min} to {max}")),
        );
        None
    };
    match (kind, v) {
        (FieldKind::Bool, toml_edit::Value::Boolean(b)) => Some(Value::Bool(*b.value())),
        (FieldKind::Int { min, max }, toml_edit::Value::Integer(i)) => {
            let i = *i.value();
            if (*min..=*max).contains(&i) {
                Some(Value::Int(i))
            } else {
                out_of_range(r, i.to_string(), min.to_string(), max.to_string())
            }
        }
        (
            FieldKind::Float { min, max },
            toml_edit::Value::Float(_) | toml_edit::Value::Integer(_),
        ) => {
            let x = v
                .as_float()
                .unwrap_or_else(|| v.as_integer().unwrap_or(0) as f64);
            if x >= *min && x <= *max {
                Some(Value::Float(x))
            } else {
                out_of_range(r, x.to_string(), min.to_string(), max.to_string())
            }
        }
        (FieldKind::Text, toml_edit::Value::String(s)) => Some(Value::Text(s.value().clone())),
        (FieldKind::Choice(choices), toml_edit::Value::String(s)) => {
            let s = s.value();
            if choices.contains(&s.as_str()) {
                Some(Value::Text(s.clone()))
            } else {
                r.report(
                    ProblemKind::BadValue,
                    &span,
                    path.as_str(),
                    format!("'{s}' is not an allowed value"),
                    "not allowed",
                    Some(did_you_mean(s, choices.iter().copied())),
                );
                None
            }
        }
        (
            FieldKind::List {
                of,
                min_len,
                max_len,
            },
            toml_edit::Value::Array(a),
        ) => {
            let mut out = Vec::new();
            let mut ok = true;
            for (i, elem) in a.iter().enumerate() {
                match convert(r, elem, of, &path.index(i), &span) {
                    Some(x) => out.push(x),
                    None => ok = false,
                }
            }
            if !(*min_len..=*max_len).contains(&a.len()) {
                let need = if min_len == max_len {
                    format!("exactly {min_len}")
                } else {
                    format!("{min_len} to {max_len}")
                };
                r.report(
                    ProblemKind::BadValue,
                    &span,
                    path.as_str(),
                    format!("has {} elements; it needs {need}", a.len()),
                    "wrong length",
                    Some(format!("give {need} elements")),
                );
                return None;
            }
            ok.then_some(Value::List(out))
        }
        _ => {
            r.wrong_item(
                &span,
                path,
                &toml_edit::Item::Value(v.clone()),
                expect_of(kind),
            );
            None
        }
    }
}
