//! Checking a parsed scenario file section by section. Each section reports its own problems
//! and returns what it could read, so later sections (units need the map and the sides) can
//! still be checked when an earlier one has errors.

mod map;
mod options;
mod sides;
mod units;

use crate::catalog::Catalog;
use crate::problem::{Problem, ProblemKind};
use crate::reader::{resolve_path, Reader};
use crate::scenario::{FileInfo, Scenario};
use crate::schema::ScenarioSchema;
use crate::source::SourceFile;
use crate::suggest::{all_of, closest};
use toml_edit::Document;

/// The top-level fields of a scenario.
const FIELDS: &[&str] = &[
    "system",
    "name",
    "description",
    "seed",
    "max_rounds",
    "options",
    "map",
    "sides",
    "units",
];

/// What the checks know besides the file.
pub(crate) struct Context<'a> {
    /// The schema of the scenario's system, if the system is known.
    pub schema: Option<&'a dyn ScenarioSchema>,
    /// That system's catalog (possibly partial, when it had problems of its own).
    pub catalog: Option<&'a Catalog>,
    /// Every system the loader knows, for "did you mean".
    pub systems: Vec<&'a str>,
    /// Known AI policy names; `None` accepts any well-formed name.
    pub policies: Option<Vec<&'a str>>,
}

/// The `system` value, if the document has a string there; used to pick the schema first.
pub(crate) fn peek_system(doc: &Document<&str>) -> Option<String> {
    doc.get("system")?.as_str().map(str::to_string)
}

/// Checks a scenario document; the scenario only when there was no problem at all.
pub(crate) fn check(
    file: &SourceFile,
    doc: &Document<&str>,
    cx: &Context,
) -> (Option<Scenario>, Vec<Problem>) {
    let mut r = Reader::new(file);
    r.top_fields = FIELDS;
    let root = r.root(doc.as_table());
    r.deny_unknown(&root, FIELDS);

    let system = r.string(&root, "system", true);
    if let Some(s) = &system {
        if cx.schema.is_none_or(|schema| schema.system() != s.value) {
            let help = match closest(&s.value, cx.systems.iter().copied()) {
                Some(c) => format!("did you mean '{c}'?"),
                None => format!(
                    "the known systems are {}",
                    all_of(cx.systems.iter().copied())
                ),
            };
            r.report(
                ProblemKind::UnknownSystem,
                &s.span,
                "system",
                format!("unknown system '{}'", s.value),
                "no such system",
                Some(help),
            );
        }
    }
    // A scenario for another system is not checked against this one's vocabulary.
    let other;
    let cx = if system
        .as_ref()
        .is_some_and(|s| cx.schema.is_some_and(|k| k.system() != s.value))
    {
        other = Context {
            schema: None,
            catalog: None,
            systems: cx.systems.clone(),
            policies: cx.policies.clone(),
        };
        &other
    } else {
        cx
    };
    let name = r.string(&root, "name", true);
    if let Some(n) = &name {
        if n.value.trim().is_empty() {
            r.report(
                ProblemKind::BadValue,
                &n.span,
                "name",
                "the scenario name is empty",
                "empty",
                Some("give the scenario a name, e.g. name = \"Warehouse ambush\"".into()),
            );
        }
    }
    let description = r.string(&root, "description", false);
    let seed = r.int(&root, "seed", false).and_then(|s| {
        if s.value < 0 {
            r.report(
                ProblemKind::BadValue,
                &s.span,
                "seed",
                format!("the seed {} is negative", s.value),
                "negative",
                Some("use a seed from 0 to 9223372036854775807".into()),
            );
            None
        } else {
            Some(s.value as u64)
        }
    });
    let max_rounds = r
        .int(&root, "max_rounds", false)
        .and_then(|m| match u32::try_from(m.value) {
            Ok(v) if v >= 1 => Some(v),
            _ => {
                r.report(
                    ProblemKind::BadValue,
                    &m.span,
                    "max_rounds",
                    format!("max_rounds = {} is out of range", m.value),
                    "out of range",
                    Some(format!(
                        "use a value from 1 to {}, or leave it out for no limit",
                        u32::MAX
                    )),
                );
                None
            }
        });
    let options = options::check(&mut r, &root, cx);
    let map = map::check(&mut r, &root, cx);
    let sides = sides::check(&mut r, &root, cx);
    let units = units::check(&mut r, &root, cx, map.as_ref(), &sides);

    if !r.problems.is_empty() {
        return (None, r.problems);
    }
    let (Some(system), Some(name), Some(map), Some(units)) = (system, name, map, units) else {
        return (None, r.problems);
    };
    let (Some(map), Some(sides)) = (map.map, sides.complete()) else {
        return (None, r.problems);
    };
    let scenario = Scenario {
        system: system.value,
        name: name.value,
        description: description.map(|d| d.value).unwrap_or_default(),
        seed,
        max_rounds,
        options,
        map,
        sides,
        units,
        file: FileInfo {
            name: file.name().to_string(),
            content_hash: file.content_hash().to_string(),
        },
    };
    if let (Some(schema), Some(catalog)) = (cx.schema, cx.catalog) {
        for f in schema.check_scenario(&scenario, catalog) {
            let span = resolve_path(doc.as_table(), &f.field).unwrap_or(0..0);
            r.report(
                ProblemKind::SystemCheck,
                &span,
                &f.field,
                f.message,
                "here",
                f.help,
            );
        }
    }
    if r.problems.is_empty() {
        (Some(scenario), r.problems)
    } else {
        (None, r.problems)
    }
}
