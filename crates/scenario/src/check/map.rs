//! `[map]`: the grid kind, the legend from characters to terrain ids, the rows drawn as text,
//! and the optional elevation drawn the same way. Problems in the picture point at the very
//! row or character when the string appears verbatim in the file.

use super::Context;
use crate::catalog::Catalog;
use crate::problem::ProblemKind;
use crate::reader::{key_span, span_of, type_noun, verbatim_start, Expect, Node, Reader, Span};
use crate::scenario::{Cell, GridKind, Map};
use crate::schema::CatalogRole;
use crate::suggest::{all_of, closest, did_you_mean, one_of};
use std::collections::{BTreeMap, HashMap};

/// What the map section yields for the unit checks, even when it has problems.
pub(super) struct MapInfo {
    pub grid: GridKind,
    /// The characters of each row, as drawn (rows may differ in length if that was an error).
    pub rows: Vec<Vec<char>>,
    /// Legend characters whose value is a string: character → terrain id.
    pub legend: HashMap<char, String>,
    /// The finished map, when the section had no problem.
    pub map: Option<Map>,
}

impl MapInfo {
    pub fn contains(&self, col: i64, row: i64) -> bool {
        row >= 0
            && col >= 0
            && usize::try_from(row)
                .ok()
                .and_then(|r| self.rows.get(r))
                .is_some_and(|cells| usize::try_from(col).is_ok_and(|c| c < cells.len()))
    }

    /// The terrain id at a cell, if the cell exists and its character is in the legend.
    pub fn terrain(&self, col: usize, row: usize) -> Option<&str> {
        let c = self.rows.get(row)?.get(col)?;
        self.legend.get(c).map(String::as_str)
    }

    /// The widest row (the width when rows agree).
    pub fn width(&self) -> usize {
        self.rows.iter().map(Vec::len).max().unwrap_or(0)
    }

    pub fn height(&self) -> usize {
        self.rows.len()
    }
}

pub(super) fn check(r: &mut Reader, root: &Node, cx: &Context) -> Option<MapInfo> {
    let node = r.table(root, "map", true)?;
    let before = r.problems.len();
    let own = cx.schema.map_or(&[][..], |s| s.map_fields());
    let allowed: Vec<&str> = ["grid", "legend", "rows", "elevation"]
        .into_iter()
        .chain(own.iter().map(|f| f.name))
        .collect();
    r.deny_unknown(&node, &allowed);
    let mut fields = BTreeMap::new();
    for spec in own {
        if let Some(v) = crate::catalog_load::field(r, &node, spec) {
            fields.insert(spec.name.to_string(), v);
        }
    }
    let grid = grid(r, &node, cx);
    let (defined, legend) = legend(r, &node, cx);
    let rows = Picture::read(r, &node, "rows", true);
    let elevation = Picture::read(r, &node, "elevation", false);

    let cells: Vec<Vec<char>> = rows
        .as_ref()
        .map(|p| p.lines.iter().map(|l| l.text.chars().collect()).collect())
        .unwrap_or_default();
    if let Some(rows) = &rows {
        if rows.lines.is_empty() {
            r.report(
                ProblemKind::BadValue,
                &rows.span,
                "map.rows",
                "the map has no rows",
                "empty",
                Some("draw the map, one line of text per row".into()),
            );
        }
        ragged(r, rows, &cells);
        if let Some(defined) = &defined {
            undefined_chars(r, rows, &cells, defined, &legend);
        }
        if let Some(elevation) = &elevation {
            elevation_shape(r, &cells, elevation);
        }
    }

    let map = (r.problems.len() == before && !cells.is_empty()).then(|| {
        let heights: Vec<Vec<i64>> = elevation
            .as_ref()
            .map(|e| {
                e.lines
                    .iter()
                    .map(|l| {
                        l.text
                            .chars()
                            .map(|c| c.to_digit(10).map_or(0, i64::from))
                            .collect()
                    })
                    .collect()
            })
            .unwrap_or_default();
        let mut out = Vec::new();
        for (ri, row) in cells.iter().enumerate() {
            for (ci, ch) in row.iter().enumerate() {
                out.push(Cell {
                    terrain: legend.get(ch).cloned().unwrap_or_default(),
                    elevation: heights
                        .get(ri)
                        .and_then(|h| h.get(ci))
                        .copied()
                        .unwrap_or(0),
                });
            }
        }
        Map {
            grid,
            width: cells[0].len() as u32,
            height: cells.len() as u32,
            cells: out,
            fields,
        }
    });
    Some(MapInfo {
        grid,
        rows: cells,
        legend,
        map,
    })
}

fn grid(r: &mut Reader, node: &Node, cx: &Context) -> GridKind {
    let Some(g) = r.string(node, "grid", false) else {
        return GridKind::Hex;
    };
    let kind = match g.value.as_str() {
        "hex" => GridKind::Hex,
        "square" => GridKind::Square,
        other => {
            r.report(
                ProblemKind::BadValue,
                &g.span,
                "map.grid",
                format!("unknown grid '{other}'"),
                "not a grid",
                Some(did_you_mean(other, ["hex", "square"])),
            );
            return GridKind::Hex;
        }
    };
    if let Some(schema) = cx.schema {
        if !schema.grids().contains(&kind) {
            r.report(
                ProblemKind::BadValue,
                &g.span,
                "map.grid",
                format!(
                    "{} is not played on a {} grid",
                    schema.system(),
                    kind.name()
                ),
                "not for this system",
                Some(format!(
                    "use {}",
                    one_of(schema.grids().iter().map(|g| g.name()))
                )),
            );
        }
    }
    kind
}

/// The legend: the set of defined characters (`None` when the legend is missing) and the map
/// from character to terrain id for entries whose value is a string.
fn legend(r: &mut Reader, map: &Node, cx: &Context) -> (Option<Vec<char>>, HashMap<char, String>) {
    let mut out = HashMap::new();
    let Some(node) = r.table(map, "legend", true) else {
        return (None, out);
    };
    let mut defined = Vec::new();
    for (key, item) in node.table.iter() {
        let path = node.path.key(key);
        let kspan = key_span(&node, key).unwrap_or_else(|| node.span.clone());
        let mut chars = key.chars();
        let ch = match (chars.next(), chars.next()) {
            (Some(c), None) => c,
            _ => {
                r.report(
                    ProblemKind::BadValue,
                    &kspan,
                    path.as_str(),
                    format!("the legend key \"{key}\" is not a single character"),
                    "one character per terrain",
                    Some("use one character per terrain, e.g. \"#\" = \"wall\"".into()),
                );
                continue;
            }
        };
        defined.push(ch);
        let vspan = span_of(item, &node.span);
        let Some(terrain) = item.as_str() else {
            r.wrong_type(&vspan, &path, type_noun(item), Expect::Str);
            continue;
        };
        if let Some(catalog) = cx.catalog {
            known_terrain(r, catalog, terrain, &vspan, path.as_str());
        }
        out.insert(ch, terrain.to_string());
    }
    (Some(defined), out)
}

/// Reports a terrain id that is not a terrain entry of the catalog.
fn known_terrain(r: &mut Reader, catalog: &Catalog, id: &str, span: &Span, path: &str) {
    if catalog.broken.contains(id) {
        return; // The catalog's own problem says what is wrong with it.
    }
    let message = match catalog.get(id) {
        Some(e) if e.role == CatalogRole::Terrain => return,
        Some(e) => format!("'{id}' is a {} entry, not terrain", e.kind),
        None => format!("unknown terrain '{id}'"),
    };
    let terrains: Vec<&str> = catalog
        .with_role(CatalogRole::Terrain)
        .map(|e| e.id.as_str())
        .collect();
    let help = match closest(id, terrains.iter().copied()) {
        Some(c) => format!("did you mean '{c}'?"),
        None if terrains.is_empty() => format!(
            "the {} catalog has no terrain; add [[terrain]] entries to its data folder",
            catalog.system
        ),
        None => format!("the terrains are {}", all_of(terrains.iter().copied())),
    };
    r.report(
        ProblemKind::UnknownTerrain,
        span,
        path,
        message,
        "not in the catalog",
        Some(help),
    );
}

/// Rows must all be as wide as the most common width.
fn ragged(r: &mut Reader, rows: &Picture, cells: &[Vec<char>]) {
    let Some(width) = common_width(cells) else {
        return;
    };
    for (i, row) in cells.iter().enumerate() {
        let n = row.len();
        if n == width {
            continue;
        }
        let fix = if n < width {
            format!("add {} cell{}", width - n, plural(width - n))
        } else {
            format!("remove {} cell{}", n - width, plural(n - width))
        };
        r.report(
            ProblemKind::RaggedRows,
            &rows.line_span(i),
            "map.rows",
            format!(
                "row {i} has {n} cell{}, the other rows have {width}",
                plural(n)
            ),
            "this row",
            Some(format!("{fix} so that every row is {width} wide")),
        );
    }
}

/// The most common row length (the first seen wins a tie).
fn common_width(cells: &[Vec<char>]) -> Option<usize> {
    let mut counts: Vec<(usize, usize)> = Vec::new();
    for row in cells {
        match counts.iter_mut().find(|(w, _)| *w == row.len()) {
            Some((_, c)) => *c += 1,
            None => counts.push((row.len(), 1)),
        }
    }
    let best = counts.iter().map(|&(_, c)| c).max()?;
    counts.iter().find(|&&(_, c)| c == best).map(|&(w, _)| w)
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Each character used in the rows but not in the legend, once, at its first use.
fn undefined_chars(
    r: &mut Reader,
    rows: &Picture,
    cells: &[Vec<char>],
    defined: &[char],
    legend: &HashMap<char, String>,
) {
    let mut missing: Vec<(char, usize, usize, usize)> = Vec::new();
    for (ri, row) in cells.iter().enumerate() {
        for (ci, &ch) in row.iter().enumerate() {
            if defined.contains(&ch) {
                continue;
            }
            match missing.iter_mut().find(|m| m.0 == ch) {
                Some(m) => m.3 += 1,
                None => missing.push((ch, ri, ci, 1)),
            }
        }
    }
    let mut known: Vec<String> = legend.iter().map(|(c, t)| format!("'{c}' ({t})")).collect();
    known.sort();
    for (ch, ri, ci, count) in missing {
        let times = if count > 1 {
            format!(", used {count} times")
        } else {
            String::new()
        };
        let shown = ch.escape_debug();
        let mut help = format!("add \"{shown}\" = \"<terrain>\" to [map.legend]");
        if !known.is_empty() {
            help.push_str(&format!(", or use one of {}", known.join(", ")));
        }
        r.report(
            ProblemKind::UndefinedLegendChar,
            &rows.char_span(ri, ci),
            "map.rows",
            format!("'{shown}' at {ci},{ri} is not in the legend{times}"),
            "not in the legend",
            Some(help),
        );
    }
}

/// Elevation must have the rows' shape and hold digits.
fn elevation_shape(r: &mut Reader, cells: &[Vec<char>], elev: &Picture) {
    if elev.lines.len() != cells.len() {
        r.report(
            ProblemKind::ElevationShape,
            &elev.span,
            "map.elevation",
            format!(
                "elevation has {} row{}, map.rows has {}",
                elev.lines.len(),
                plural(elev.lines.len()),
                cells.len()
            ),
            "wrong shape",
            Some("draw one elevation digit for each map cell, in the same rows".into()),
        );
    }
    let mut bad: Vec<char> = Vec::new();
    for (i, line) in elev.lines.iter().enumerate() {
        let n = line.text.chars().count();
        if let Some(row) = cells.get(i) {
            if n != row.len() {
                r.report(
                    ProblemKind::ElevationShape,
                    &elev.line_span(i),
                    "map.elevation",
                    format!(
                        "elevation row {i} has {n} cell{}, map row {i} has {}",
                        plural(n),
                        row.len()
                    ),
                    "this row",
                    Some(format!("give row {i} exactly {} digits", row.len())),
                );
            }
        }
        for (ci, ch) in line.text.chars().enumerate() {
            if ch.is_ascii_digit() || bad.contains(&ch) {
                continue;
            }
            bad.push(ch);
            r.report(
                ProblemKind::BadValue,
                &elev.char_span(i, ci),
                "map.elevation",
                format!("'{}' is not an elevation digit", ch.escape_debug()),
                "not a digit",
                Some("use one digit 0-9 per cell".into()),
            );
        }
    }
}

/// A picture drawn in a multi-line string: its lines, and where each starts in the file.
struct Picture {
    lines: Vec<Line>,
    span: Span,
}

struct Line {
    text: String,
    /// Byte offset of the line in the file, when the string is verbatim there.
    start: Option<usize>,
}

impl Picture {
    fn read(r: &mut Reader, node: &Node, key: &str, required: bool) -> Option<Picture> {
        let s = r.string(node, key, required)?;
        let base = verbatim_start(r.file.text(), &s.span, &s.value);
        let mut lines = Vec::new();
        let mut offset = 0;
        for raw in s.value.split('\n') {
            let text = raw.strip_suffix('\r').unwrap_or(raw);
            lines.push(Line {
                text: text.to_string(),
                start: base.map(|b| b + offset),
            });
            offset += raw.len() + 1;
        }
        // The newline before the closing quotes ends the last row; it does not start one.
        if lines.last().is_some_and(|l| l.text.is_empty()) {
            lines.pop();
        }
        Some(Picture {
            lines,
            span: s.span,
        })
    }

    fn line_span(&self, row: usize) -> Span {
        match self.lines.get(row) {
            Some(Line {
                text,
                start: Some(s),
            }) => *s..*s + text.len().max(1),
            _ => self.span.clone(),
        }
    }

    fn char_span(&self, row: usize, col: usize) -> Span {
        let Some(Line {
            text,
            start: Some(s),
        }) = self.lines.get(row)
        else {
            return self.span.clone();
        };
        match text.char_indices().nth(col) {
            Some((b, c)) => s + b..s + b + c.len_utf8(),
            None => self.span.clone(),
        }
    }
}
