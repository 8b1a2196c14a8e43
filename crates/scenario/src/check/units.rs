//! `[[units]]`: each unit's side, place, facing, stance, equipment and stats, checked against
//! the map, the sides, the system's schema and its catalog.

use super::map::MapInfo;
use super::sides::SidesInfo;
use super::Context;
use crate::problem::ProblemKind;
use crate::reader::{key_span, span_of, value_span, Expect, FieldPath, Node, Reader, Span};
use crate::scenario::{Position, Unit};
use crate::schema::{CatalogRole, ScenarioSchema};
use crate::suggest::{all_of, closest, did_you_mean};
use std::collections::{BTreeMap, HashMap};

const FIELDS: &[&str] = &[
    "name",
    "side",
    "at",
    "facing",
    "stance",
    "equipment",
    "stats",
];

/// How far from a blocked cell to look for a free one to suggest.
const SUGGEST_RADIUS: i64 = 5;

/// Every unit, if all were read without a problem.
pub(super) fn check(
    r: &mut Reader,
    root: &Node,
    cx: &Context,
    map: Option<&MapInfo>,
    sides: &SidesInfo,
) -> Option<Vec<Unit>> {
    let nodes = r.tables(root, "units", true)?;
    let mut units = Vec::new();
    let mut names: Vec<String> = Vec::new();
    let mut occupied: HashMap<(u32, u32), usize> = HashMap::new();
    let mut all_ok = true;
    for (i, node) in nodes.iter().enumerate() {
        let before = r.problems.len();
        let own = cx.schema.map_or(&[][..], |s| s.unit_fields());
        let allowed: Vec<&str> = FIELDS
            .iter()
            .copied()
            .chain(own.iter().map(|f| f.name))
            .collect();
        r.deny_unknown(node, &allowed);
        let name = r.string(node, "name", true);
        if let Some(n) = &name {
            let path = node.path.key("name");
            if n.value.trim().is_empty() {
                r.report(
                    ProblemKind::BadValue,
                    &n.span,
                    path.as_str(),
                    "the unit name is empty",
                    "empty",
                    Some("give the unit a name, e.g. name = \"Ana\"".into()),
                );
            } else if let Some(first) = names.iter().position(|m| *m == n.value) {
                r.report(
                    ProblemKind::DuplicateName,
                    &n.span,
                    path.as_str(),
                    format!("units[{first}] is already named '{}'", n.value),
                    "used twice",
                    Some("give each unit its own name".into()),
                );
            }
            names.push(n.value.clone());
        } else {
            names.push(String::new());
        }
        let side = side(r, node, sides);
        let at = position(r, node, map, &mut occupied, i, cx);
        let facing = facing(r, node, map, cx);
        let stance = stance(r, node, cx);
        let equipment = equipment(r, node, cx);
        let stats = stats(r, node, cx);
        let mut fields = BTreeMap::new();
        for spec in own {
            if let Some(v) = crate::catalog_load::field(r, node, spec) {
                fields.insert(spec.name.to_string(), v);
            }
        }
        match (
            name,
            side,
            at,
            stance,
            equipment,
            stats,
            r.problems.len() == before,
        ) {
            (
                Some(name),
                Some(side),
                Some(at),
                Some(stance),
                Some(equipment),
                Some(stats),
                true,
            ) => units.push(Unit {
                name: name.value,
                side,
                at,
                facing,
                stance,
                stats,
                equipment,
                fields,
            }),
            _ => all_ok = false,
        }
    }
    all_ok.then_some(units)
}

fn side(r: &mut Reader, node: &Node, sides: &SidesInfo) -> Option<usize> {
    let s = r.string(node, "side", true)?;
    if let Some(i) = sides.index_of(&s.value) {
        return Some(i);
    }
    if !sides.read {
        return None; // `sides` itself is missing or malformed, and reported.
    }
    let names: Vec<&str> = sides.names.iter().map(|(n, _)| n.as_str()).collect();
    let help = match closest(&s.value, names.iter().copied()) {
        Some(c) => format!("did you mean '{c}'?"),
        None if names.is_empty() => {
            format!("define it with a [[sides]] table: name = \"{}\"", s.value)
        }
        None => format!(
            "the sides are {}; or add a [[sides]] table named '{}'",
            all_of(names.iter().copied()),
            s.value
        ),
    };
    r.report(
        ProblemKind::UnknownSide,
        &s.span,
        node.path.key("side").as_str(),
        format!("unknown side '{}'", s.value),
        "no such side",
        Some(help),
    );
    None
}

/// `at = [column, row]` (or a string, `at = "column,row"`): on the map, on a passable cell,
/// and alone in it.
fn position(
    r: &mut Reader,
    node: &Node,
    map: Option<&MapInfo>,
    occupied: &mut HashMap<(u32, u32), usize>,
    index: usize,
    cx: &Context,
) -> Option<Position> {
    let written = node.table.get("at").and_then(|i| Some((i, i.as_str()?)));
    let (col, row, path, span) = match written {
        Some((item, text)) => {
            let (path, span) = (node.path.key("at"), span_of(item, &node.span));
            let Some((col, row)) = crate::scenario::parse_cell(text) else {
                r.report(
                    ProblemKind::WrongType,
                    &span,
                    path.as_str(),
                    format!("'{text}' is not a cell: expected column,row, two integers"),
                    "not column,row",
                    Some(
                        "write at = \"2,3\" or at = [2, 3] for column 2, row 3 (counting from 0)"
                            .into(),
                    ),
                );
                return None;
            };
            (col, row, path, span)
        }
        None => array_position(r, node)?,
    };
    // Without rows there is no map to be on; the map's own problem says so.
    let map = map.filter(|m| !m.rows.is_empty())?;
    placed(r, map, (col, row), &path, &span, occupied, index, cx)
}

/// `at = [column, row]`, two integers.
fn array_position(r: &mut Reader, node: &Node) -> Option<(i64, i64, FieldPath, Span)> {
    let (array, path, span) = r.array(node, "at", true)?;
    let coords: Vec<Option<i64>> = array.iter().map(|v| v.as_integer()).collect();
    let (col, row) = match coords.as_slice() {
        [Some(c), Some(r)] => (*c, *r),
        _ => {
            let found = if array.len() == 2 {
                let bad = array.iter().find(|v| v.as_integer().is_none());
                bad.map_or("an array", |v| crate::reader::value_noun(v))
            } else {
                "an array of the wrong length"
            };
            let bad_span = array
                .iter()
                .find(|v| v.as_integer().is_none())
                .filter(|_| array.len() == 2)
                .map_or(span.clone(), |v| value_span(v, &span));
            r.report(
                ProblemKind::WrongType,
                &bad_span,
                path.as_str(),
                format!("expected [column, row], two integers; found {found}"),
                "not [column, row]",
                Some(
                    "write at = [2, 3] or at = \"2,3\" for column 2, row 3 (counting from 0)"
                        .into(),
                ),
            );
            return None;
        }
    };
    Some((col, row, path, span))
}

/// A unit's cell: on the map, on a passable cell, and alone in it.
#[allow(clippy::too_many_arguments)]
fn placed(
    r: &mut Reader,
    map: &MapInfo,
    (col, row): (i64, i64),
    path: &FieldPath,
    span: &Span,
    occupied: &mut HashMap<(u32, u32), usize>,
    index: usize,
    cx: &Context,
) -> Option<Position> {
    if !map.contains(col, row) {
        let (w, h) = (map.width(), map.height());
        let within = if w == 0 || h == 0 {
            "the map has no cells".to_string()
        } else {
            let row_w = usize::try_from(row)
                .ok()
                .and_then(|r| map.rows.get(r))
                .map_or(w, Vec::len);
            format!(
                "use a column from 0 to {} and a row from 0 to {}",
                row_w.saturating_sub(1),
                h - 1
            )
        };
        r.report(
            ProblemKind::OffMap,
            span,
            path.as_str(),
            format!("{col},{row} is off the map, which is {w} wide and {h} high"),
            "off the map",
            Some(within),
        );
        return None;
    }
    let (c, rw) = (col as u32, row as u32);
    let at = Position::new(c, rw);
    if let Some(&first) = occupied.get(&(c, rw)) {
        r.report(
            ProblemKind::CellTaken,
            span,
            path.as_str(),
            format!("units[{first}] already stands at {at}"),
            "cell taken",
            Some(match free_cell(map, at, occupied, cx) {
                Some(p) => format!("one unit per cell; move this one, e.g. to {p}"),
                None => "one unit per cell; move this one to a free cell".into(),
            }),
        );
        return None;
    }
    if let Some(terrain) = blocked(map, at, cx) {
        r.report(
            ProblemKind::Impassable,
            span,
            path.as_str(),
            format!("{at} is '{terrain}', which blocks movement"),
            "impassable",
            Some(match free_cell(map, at, occupied, cx) {
                Some(p) => format!("place the unit on a passable cell, e.g. {p}"),
                None => "place the unit on a passable cell".into(),
            }),
        );
        return None;
    }
    occupied.insert((c, rw), index);
    Some(at)
}

/// The terrain id at `at` if the catalog says it blocks movement.
fn blocked<'m>(map: &'m MapInfo, at: Position, cx: &Context) -> Option<&'m str> {
    let terrain = map.terrain(at.col as usize, at.row as usize)?;
    let entry = cx.catalog?.get(terrain)?;
    (entry.role == CatalogRole::Terrain && entry.flag("blocks_movement")).then_some(terrain)
}

/// The nearest passable, free cell within a few steps, to suggest.
fn free_cell(
    map: &MapInfo,
    from: Position,
    occupied: &HashMap<(u32, u32), usize>,
    cx: &Context,
) -> Option<Position> {
    let (fc, fr) = (i64::from(from.col), i64::from(from.row));
    let mut best: Option<(i64, Position)> = None;
    for dr in -SUGGEST_RADIUS..=SUGGEST_RADIUS {
        for dc in -SUGGEST_RADIUS..=SUGGEST_RADIUS {
            let (c, r) = (fc + dc, fr + dr);
            if !map.contains(c, r) || (dc == 0 && dr == 0) {
                continue;
            }
            let p = Position::new(c as u32, r as u32);
            if occupied.contains_key(&(p.col, p.row))
                || map.terrain(p.col as usize, p.row as usize).is_none()
                || blocked(map, p, cx).is_some()
            {
                continue;
            }
            let d = dc.abs() + dr.abs();
            if best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, p));
            }
        }
    }
    best.map(|(_, p)| p)
}

fn facing(r: &mut Reader, node: &Node, map: Option<&MapInfo>, cx: &Context) -> u8 {
    let Some(f) = r.int(node, "facing", false) else {
        return 0;
    };
    let Some(schema) = cx.schema else {
        return u8::try_from(f.value).unwrap_or(0);
    };
    let grid = map.map_or(crate::scenario::GridKind::Hex, |m| m.grid);
    let n = schema.facings(grid);
    if (0..i64::from(n)).contains(&f.value) {
        return f.value as u8;
    }
    let help = if n == 0 {
        format!("{} units have no facing; remove it", schema.system())
    } else {
        format!("a {} map has facings 0 to {}", grid.name(), n - 1)
    };
    r.report(
        ProblemKind::FacingRange,
        &f.span,
        node.path.key("facing").as_str(),
        format!("facing {} is out of range", f.value),
        "out of range",
        Some(help),
    );
    0
}

/// The unit's stance, or the system's default; `Some(None)` when the system has no stances.
fn stance(r: &mut Reader, node: &Node, cx: &Context) -> Option<Option<String>> {
    let given = r.string(node, "stance", false);
    let Some(schema) = cx.schema else {
        return Some(given.map(|g| g.value));
    };
    let stances = schema.stances();
    let Some(given) = given else {
        return Some(stances.first().map(|s| s.to_string()));
    };
    if stances.contains(&given.value.as_str()) {
        return Some(Some(given.value));
    }
    let help = if stances.is_empty() {
        format!("{} has no stances; remove it", schema.system())
    } else {
        did_you_mean(&given.value, stances.iter().copied())
    };
    r.report(
        ProblemKind::UnknownStance,
        &given.span,
        node.path.key("stance").as_str(),
        format!("unknown stance '{}'", given.value),
        "no such stance",
        Some(help),
    );
    None
}

/// Catalog ids of equipment entries.
fn equipment(r: &mut Reader, node: &Node, cx: &Context) -> Option<Vec<String>> {
    let Some((array, path, span)) = r.array(node, "equipment", false) else {
        return node.table.get("equipment").is_none().then(Vec::new);
    };
    let mut out = Vec::new();
    let mut ok = true;
    for (i, v) in array.iter().enumerate() {
        let vpath = path.index(i);
        let vspan = value_span(v, &span);
        let Some(id) = v.as_str() else {
            r.wrong_type(&vspan, &vpath, crate::reader::value_noun(v), Expect::Str);
            ok = false;
            continue;
        };
        if let Some(catalog) = cx.catalog {
            if !catalog.broken.contains(id) {
                let message = match catalog.get(id) {
                    Some(e) if e.role == CatalogRole::Equipment => None,
                    Some(e) => Some(format!("'{id}' is a {} entry, not equipment", e.kind)),
                    None => Some(format!("unknown equipment '{id}'")),
                };
                if let Some(message) = message {
                    let ids: Vec<&str> = catalog
                        .with_role(CatalogRole::Equipment)
                        .map(|e| e.id.as_str())
                        .collect();
                    let help = match closest(id, ids.iter().copied()) {
                        Some(c) => format!("did you mean '{c}'?"),
                        None if ids.is_empty() => {
                            format!("the {} catalog has no equipment", catalog.system)
                        }
                        None => format!("the equipment ids are {}", all_of(ids.iter().copied())),
                    };
                    r.report(
                        ProblemKind::UnknownEquipment,
                        &vspan,
                        vpath.as_str(),
                        message,
                        "not in the catalog",
                        Some(help),
                    );
                    ok = false;
                    continue;
                }
            }
        }
        out.push(id.to_string());
    }
    ok.then_some(out)
}

/// The unit's stats: each known, an integer, in range; every required one present; optional
/// ones with a default filled in.
fn stats(r: &mut Reader, node: &Node, cx: &Context) -> Option<BTreeMap<String, i64>> {
    let table = r.table(node, "stats", false);
    let mut out = BTreeMap::new();
    let mut ok = true;
    if let Some(t) = &table {
        for (key, item) in t.table.iter() {
            let path = t.path.key(key);
            let span = span_of(item, &t.span);
            let Some(v) = item.as_integer() else {
                r.wrong_item(&span, &path, item, Expect::Int);
                ok = false;
                continue;
            };
            if let Some(schema) = cx.schema {
                ok &= stat_value(r, schema, t, key, v, &path, &span);
            }
            out.insert(key.to_string(), v);
        }
    } else if node.table.contains_key("stats") {
        ok = false; // Wrong type, already reported.
    }
    let Some(schema) = cx.schema else {
        return ok.then_some(out);
    };
    // A stat that is present but wrong was reported already; it is not also missing.
    let present = |name: &str| table.as_ref().is_some_and(|t| t.table.contains_key(name));
    let missing: Vec<&str> = schema
        .stats()
        .iter()
        .filter(|s| s.required && !present(s.name))
        .map(|s| s.name)
        .collect();
    let stats_malformed = table.is_none() && node.table.contains_key("stats");
    if !missing.is_empty() && !stats_malformed {
        match &table {
            Some(t) => {
                for name in &missing {
                    r.report(
                        ProblemKind::MissingStat,
                        &t.span,
                        t.path.key(name).as_str(),
                        format!("missing stat '{name}'"),
                        "in these stats",
                        Some(format!(
                            "add {name} = <value> here ({})",
                            doc_of(schema, name)
                        )),
                    );
                }
            }
            None => {
                let path = node.path.key("stats");
                r.report(
                    ProblemKind::MissingStat,
                    &node.span,
                    path.as_str(),
                    format!("missing stats {}", all_of(missing.iter().copied())),
                    "in this unit",
                    Some(format!(
                        "add a [units.stats] table with {}",
                        missing
                            .iter()
                            .map(|m| format!("{m} = <value>"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )),
                );
            }
        }
        ok = false;
    }
    for s in schema.stats() {
        if let (false, Some(d)) = (out.contains_key(s.name), s.default) {
            out.insert(s.name.to_string(), d);
        }
    }
    ok.then_some(out)
}

/// Checks one stat against the schema; false when it is wrong (and reported).
fn stat_value(
    r: &mut Reader,
    schema: &dyn ScenarioSchema,
    table: &Node,
    key: &str,
    v: i64,
    path: &FieldPath,
    span: &Span,
) -> bool {
    let specs = schema.stats();
    let Some(spec) = specs.iter().find(|s| s.name == key) else {
        let kspan = key_span(table, key).unwrap_or_else(|| span.clone());
        let names = specs.iter().map(|s| s.name);
        let help = match closest(key, names.clone()) {
            Some(c) => format!("did you mean '{c}'?"),
            None => format!("{}'s stats are {}", schema.system(), all_of(names)),
        };
        r.report(
            ProblemKind::UnknownStat,
            &kspan,
            path.as_str(),
            format!("unknown stat '{key}'"),
            "no such stat",
            Some(help),
        );
        return false;
    };
    if (spec.min..=spec.max).contains(&v) {
        return true;
    }
    r.report(
        ProblemKind::StatRange,
        span,
        path.as_str(),
        format!("{key} = {v} is out of range"),
        "out of range",
        Some(format!(
            "use a value from {} to {} ({})",
            spec.min, spec.max, spec.doc
        )),
    );
    false
}

fn doc_of(schema: &dyn ScenarioSchema, name: &str) -> &'static str {
    schema
        .stats()
        .iter()
        .find(|s| s.name == name)
        .map_or("", |s| s.doc)
}
