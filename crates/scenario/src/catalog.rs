//! A loaded, valid catalog: every entry of a system's `data/<system>/*.toml`, by id.

use crate::scenario::FileInfo;
use crate::schema::CatalogRole;
use crate::value::Value;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// Where an entry's values come from. A catalog entry without one is an error: data that
/// cannot say whether it is the book's or ours cannot be trusted in a rules engine.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Provenance {
    /// From the book: `rule` is the rule or table ID (`DP-TAB-MODIFIERS`).
    Book { rule: String, note: Option<String> },
    /// Made up for play or tests: `reference` says where that is recorded
    /// (`DP GAPS Part D`).
    Invented {
        reference: String,
        note: Option<String>,
    },
}

impl fmt::Display for Provenance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Provenance::Book { rule, .. } => write!(f, "book: {rule}"),
            Provenance::Invented { reference, .. } => write!(f, "invented: {reference}"),
        }
    }
}

/// One catalog entry.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Entry {
    pub id: String,
    /// The `[[kind]]` it was declared under (`weapon`, `terrain`).
    pub kind: String,
    pub role: CatalogRole,
    pub name: Option<String>,
    pub provenance: Provenance,
    /// The kind's fields that the entry gives, checked against their specs.
    pub fields: BTreeMap<String, Value>,
    /// Where it is defined, for messages.
    pub file: String,
    pub line: usize,
}

impl Entry {
    pub fn get(&self, field: &str) -> Option<&Value> {
        self.fields.get(field)
    }

    /// A boolean field, false when absent.
    pub fn flag(&self, field: &str) -> bool {
        self.get(field).and_then(Value::as_bool) == Some(true)
    }

    pub fn int(&self, field: &str) -> Option<i64> {
        self.get(field).and_then(Value::as_int)
    }

    pub fn text(&self, field: &str) -> Option<&str> {
        self.get(field).and_then(Value::as_str)
    }
}

/// A system's catalog.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Catalog {
    pub system: String,
    entries: BTreeMap<String, Entry>,
    files: Vec<FileInfo>,
    /// Ids of entries that had problems. A scenario that names one gets no second error
    /// ("unknown equipment") on top of the catalog's own.
    #[serde(skip)]
    pub(crate) broken: BTreeSet<String>,
}

impl Catalog {
    pub(crate) fn new(system: &str) -> Self {
        Catalog {
            system: system.to_string(),
            ..Default::default()
        }
    }

    pub(crate) fn insert(&mut self, entry: Entry) {
        self.entries.insert(entry.id.clone(), entry);
    }

    pub(crate) fn add_file(&mut self, file: FileInfo) {
        self.files.push(file);
    }

    pub fn get(&self, id: &str) -> Option<&Entry> {
        self.entries.get(id)
    }

    /// Every entry, by id.
    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.entries.values()
    }

    /// The entries of one role (all terrain, all equipment).
    pub fn with_role(&self, role: CatalogRole) -> impl Iterator<Item = &Entry> {
        self.entries.values().filter(move |e| e.role == role)
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The files read, in order, with their content hashes.
    pub fn files(&self) -> &[FileInfo] {
        &self.files
    }
}
