//! Escaping the arena (book §19.1, SK-19.1-b): "Combat continues until all on one side have
//! fallen or escaped through the entrance hexes on the side of the board they started at."
//!
//! The entrance hexes are map data the scenario sets (a GM input: the book draws no arena):
//! `[map] escape = [[column, row, side], …]`, the side by its place in `[[sides]]` (1 = the
//! first). A figure standing on one of his side's entrance hexes may escape as his action: he
//! leaves the board and is out of the battle for good (`Condition::Escaped`), which counts as
//! out for victory (`turn::victory`); an arena pays nothing to a loser who ran away unhurt
//! (SK-19.1-c, `aftermath::rewards`).

use crate::combat::ctx::Ctx;
use crate::event::Event;
use crate::state::{FigId, Figure, Pos, State};
use fireteam_engine::{ResolveError, RuleId};
use fireteam_scenario::{Catalog, FieldError, Scenario, Value};

/// The scenario's entrance hexes and the side (0-based) of each, as `Rules::escape` keeps them.
/// The loader has checked them (`check_scenario`); anything else is skipped.
pub(crate) fn entrances(sc: &Scenario) -> Vec<(Pos, u8)> {
    let Some(Value::List(hexes)) = sc.map.field("escape") else {
        return Vec::new();
    };
    hexes
        .iter()
        .filter_map(|h| match h.as_list()? {
            [Value::Int(c), Value::Int(r), Value::Int(side)] if *side >= 1 => {
                Some((Pos::new(*c as i16, *r as i16), (*side - 1) as u8))
            }
            _ => None,
        })
        .collect()
}

/// Whether `p` is an entrance hex of `side` (SK-19.1-b: "on the side of the board they
/// started at").
pub fn is_entrance(s: &State, side: u8, p: Pos) -> bool {
    s.rules.escape.iter().any(|&(at, x)| at == p && x == side)
}

/// SK-19.1-b: whether the figure may escape now, at his action: he stands on one of his side's
/// entrance hexes, is neither in hand to hand nor engaged (leaving an enemy's threat zone is a
/// Disengage first, SK-11.5), and has moved no more than a Half Move (leaving the board is one
/// more hex of movement, as a charge's last step is: SK-11.7.8-a's limit).
pub(crate) fn may_escape(s: &State, f: &Figure) -> bool {
    if s.rules.escape.is_empty() || f.in_hth || !is_entrance(s, f.side, f.pos) {
        return false;
    }
    let mov = crate::turn::movement::movement_allowance(s, f);
    let moved = u32::from(f.moved);
    crate::geometry::engagers_of(s, f, f.pos) == 0
        && moved <= mov.div_ceil(2)
        && f.move_kind != crate::state::MoveKind::StandUp
}

/// SK-19.1-b: the figure leaves the board through the entrance hex he stands on.
pub(crate) fn escape(ctx: &mut Ctx, fig: FigId) -> Result<(), ResolveError> {
    let at = ctx.s.fig(fig).pos;
    ctx.emit(Event::Acted { fig });
    ctx.emit(Event::Escaped {
        fig,
        at,
        rule: RuleId("SK-19.1-b"),
    });
    Ok(())
}

/// The loader's check of `[map] escape` (SK-19.1-b): each hex on the map and on ground a
/// figure can stand on, and each side a place in `[[sides]]`.
pub(crate) fn check_scenario(sc: &Scenario, catalog: &Catalog) -> Vec<FieldError> {
    let mut out = Vec::new();
    let Some(Value::List(hexes)) = sc.map.field("escape") else {
        return out;
    };
    let sides = sc.sides.len() as i64;
    let names: Vec<String> = sc
        .sides
        .iter()
        .enumerate()
        .map(|(i, x)| format!("{} = '{}'", i + 1, x.name))
        .collect();
    for (k, h) in hexes.iter().enumerate() {
        let path = format!("map.escape[{k}]");
        let Some([Value::Int(c), Value::Int(r), Value::Int(side)]) = h.as_list() else {
            continue;
        };
        let (c, r, side) = (*c, *r, *side);
        if c >= i64::from(sc.map.width) || r >= i64::from(sc.map.height) {
            out.push(
                FieldError::new(
                    path.clone(),
                    format!(
                        "{c},{r} is off the map ({} columns, {} rows)",
                        sc.map.width, sc.map.height
                    ),
                )
                .with_help("give [column, row, side] of a hex on the map, counting from 0"),
            );
            continue;
        }
        if side < 1 || side > sides {
            out.push(
                FieldError::new(
                    path.clone(),
                    format!("side {side}, but the scenario has {sides} sides"),
                )
                .with_help(format!(
                    "name the side by its place in [[sides]]: {}",
                    names.join(", ")
                )),
            );
            continue;
        }
        let terrain = sc
            .map
            .cell(fireteam_scenario::Position {
                col: c as u32,
                row: r as u32,
            })
            .and_then(|cell| catalog.get(&cell.terrain));
        let blocked = terrain.is_some_and(|t| {
            t.flag("blocks_movement")
                || matches!(t.text("wall"), Some("one" | "two" | "high"))
                || t.get("pit_depth")
                    .and_then(Value::as_float)
                    .is_some_and(|d| d >= 1.0)
        });
        if blocked {
            out.push(
                FieldError::new(
                    path,
                    format!(
                        "{c},{r} is {}: no figure can stand there to escape",
                        terrain.map_or("", |t| t.id.as_str())
                    ),
                )
                .with_help("put the entrance on open ground at the edge of the arena"),
            );
        }
    }
    out
}
