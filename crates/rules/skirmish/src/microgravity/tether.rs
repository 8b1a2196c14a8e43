//! The tether (SK-17.10-k, a GM input: unit fields `tether_length` and `tether_anchor`): how far
//! it reaches, pulling oneself along it at half MOV, shooting or throwing at it at −8 against
//! its ST of 25, and the scenario check.

use super::{line_side, recoil, set_drift};
use crate::combat::ctx::Ctx;
use crate::event::{Effect, Event};
use crate::geometry::engagers_at;
use crate::state::{FigId, Figure, Pos, State};
use crate::turn::movement::{done_moving, move_kind, movement_allowance};
use fireteam_engine::{ResolveError, RuleId};
use fireteam_scenario::{Catalog, FieldError, Scenario, Value};
use smallvec::SmallVec;

/// The tether of `f` reaches `p` (SK-17.10-k).
pub fn tether_reaches(f: &Figure, p: Pos) -> bool {
    f.tether == 0 || f.tether_anchor.distance(p) <= u32::from(f.tether)
}

/// SK-17.10-k: the hexes along the tether toward its anchor, up to half MOV, before a wall or
/// a person.
pub(crate) fn pull_path(s: &State, f: &Figure, out: &mut SmallVec<[Pos; 12]>) {
    out.clear();
    out.push(f.pos);
    if f.tether == 0 {
        return;
    }
    let half = movement_allowance(s, f).div_ceil(2);
    let mut p = f.pos;
    for _ in 0..half {
        if p == f.tether_anchor {
            break;
        }
        let next = p.neighbour(line_side(p, f.tether_anchor, f.facing));
        if !s.passable(next) || s.anyone_at(next) {
            break;
        }
        out.push(next);
        p = next;
    }
}

/// SK-17.10-k: a floater pulls himself along his tether toward its anchor at half MOV,
/// holding the line: his drift stops (he is still floating).
pub(crate) fn pull(ctx: &mut Ctx, fig: FigId, to: Pos) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let mut path = SmallVec::new();
    pull_path(&ctx.s, &f, &mut path);
    let Some(k) = path.iter().position(|&p| p == to).filter(|&k| k > 0) else {
        return Err(ResolveError::Illegal(format!(
            "{} cannot pull himself to {to}",
            ctx.s.name(fig)
        )));
    };
    path.truncate(k + 1);
    let mov = movement_allowance(&ctx.s, &f);
    ctx.emit(Event::Moved {
        fig,
        path,
        facing: f.facing,
        kind: move_kind(k as u32, mov),
        engaged: engagers_at(&ctx.s, f.side, to) != 0,
    });
    if f.drift != [0, 0] || f.drift_acc != [0, 0] {
        set_drift(ctx, fig, [0, 0], [0, 0], "SK-17.10-k");
    }
    done_moving(ctx);
    Ok(())
}

/// SK-17.10-k: a tether's ST against breaking.
pub const TETHER_ST: u8 = 25;

/// SK-17.10-k: a shot (one round) or a throw at the tether where it meets `target`, at −8. The
/// adjustments are the attacker's own (`standing_mods`) and the range; the tethered figure's
/// (Dodge, posture, floating) and cover are not the line's. A hit rolls the weapon's damage
/// against the tether's ST of 25, which it keeps from hit to hit; at 25 it parts. Our reading:
/// an automatic drop or break (a 17 or 18) only misses, and a miss goes nowhere.
pub(crate) fn shoot_tether(ctx: &mut Ctx, fig: FigId, target: FigId) -> Result<(), ResolveError> {
    use crate::event::AttackKind;
    let att = ctx.s.fig(fig).clone();
    let slot = att.ready_slot().and(att.ready);
    let rules = ctx.s.rules;
    let Some(w) = att
        .ready_slot()
        .map(|sl| &rules.weapons[usize::from(sl.weapon)])
        // A melee weapon that may be thrown (the boarding axe) is thrown at it too.
        .filter(|w| w.ranged() || w.throwable)
    else {
        return Err(ResolveError::Illegal(format!(
            "{} has nothing to shoot or throw",
            ctx.s.name(fig)
        )));
    };
    let missile = w.class == crate::data::Class::Missile;
    ctx.emit(Event::Acted { fig });
    let mut mods = crate::event::Mods::new();
    crate::combat::edex::standing_mods(&ctx.s, &att, &mut mods);
    let d = att.pos.distance(ctx.s.fig(target).pos);
    let range = if missile {
        i32::from(crate::geometry::missile_range_penalty(d))
    } else {
        -(d as i32)
    };
    if range != 0 {
        mods.push(fireteam_engine::Modifier::applied(
            "range",
            "range",
            range,
            RuleId(if missile { "SK-13.6-a" } else { "SK-13.5-b" }),
        ));
    }
    mods.push(fireteam_engine::Modifier::applied(
        "tether",
        "a tether: −8 to hit",
        -8,
        RuleId("SK-17.10-k"),
    ));
    let base = att.dex;
    let target_number = base + fireteam_engine::Modifier::total(&mods) as i16;
    let (faces, total) = ctx.roll("to-hit", 3)?;
    let c = crate::autoresult::classify(
        3,
        total,
        i32::from(target_number),
        ctx.s.rules.options.auto_numbers,
        false,
    );
    let result = match c.result {
        r @ crate::autoresult::ToHit::Hit { .. } => r,
        _ => crate::autoresult::ToHit::Miss {
            automatic: total >= 16,
        },
    };
    ctx.emit(Event::TetherShot {
        attacker: fig,
        target,
        weapon_name: w.name.as_str().into(),
        faces,
        total,
        base,
        modifiers: mods,
        target_number,
        result,
        margin: c.margin,
    });
    // SK-17.10-b/e/f: a weapon with recoil kicks as at any other target.
    if missile && w.str_min.is_some() {
        crate::combat::footing::microgravity_check(ctx, fig)?;
        recoil(ctx, fig, target, w, 1);
    }
    if let Some(k) = slot {
        if missile {
            crate::attack::missile::spend_shot(ctx, fig, k, w, 1);
        } else {
            // SK-12.2-d: a thrown weapon comes to rest where it was thrown.
            let to = ctx.s.fig(target).pos;
            ctx.emit(Event::Effect {
                fig,
                effect: Effect::WeaponThrown { slot: k, to },
                rule: RuleId("SK-12.2-d"),
            });
        }
    }
    if let crate::autoresult::ToHit::Hit { mult, .. } = result {
        let kind = if missile {
            AttackKind::Missile
        } else {
            AttackKind::Thrown
        };
        let expr = crate::combat::damage::damage_expr(&ctx.s, &att, slot, kind);
        let (_, sum) = if expr.dice > 0 {
            ctx.roll("damage", expr.dice)?
        } else {
            (crate::event::Faces::new(), 0)
        };
        let hits = ((sum + i32::from(expr.adds)).max(0) * i32::from(mult.max(1))).min(255);
        let so_far = i32::from(ctx.s.fig(target).tether_damage) + hits;
        ctx.emit(Event::TetherHit {
            fig: target,
            hits: hits as i16,
            total: so_far.min(255) as u8,
            cut: so_far >= i32::from(TETHER_ST),
        });
    }
    Ok(())
}

/// SK-17.10-k: a unit with `tether_length` carries the `tether` item, and its anchor is on the
/// map within that length of where it starts.
pub fn check_scenario(scenario: &Scenario, catalog: &Catalog) -> Vec<FieldError> {
    let mut out = Vec::new();
    for (i, u) in scenario.units.iter().enumerate() {
        let anchor = u.field("tether_anchor");
        let Some(Value::Int(len)) = u.field("tether_length") else {
            if anchor.is_some() {
                out.push(
                    FieldError::new(
                        format!("units[{i}].tether_anchor"),
                        format!("{}: a tether anchor without a tether_length", u.name),
                    )
                    .with_help("add tether_length = N (hexes), or drop tether_anchor"),
                );
            }
            continue;
        };
        let carries = u.equipment.iter().any(|id| {
            catalog
                .get(id)
                .is_some_and(|e| e.kind == "item" && e.text("kind") == Some("tether"))
        });
        if !carries {
            out.push(
                FieldError::new(
                    format!("units[{i}].tether_length"),
                    format!("{}: a tether_length but no tether", u.name),
                )
                .with_help("add \"tether\" to the unit's equipment (SK-17.10-k)"),
            );
        }
        if let Some(Value::List(v)) = anchor {
            if let [Value::Int(c), Value::Int(r)] = v.as_slice() {
                let (w, h) = (
                    i64::from(scenario.map.width),
                    i64::from(scenario.map.height),
                );
                let at = Pos::new(u.at.col as i16, u.at.row as i16);
                let a = Pos::new(*c as i16, *r as i16);
                if *c >= w || *r >= h {
                    out.push(
                        FieldError::new(
                            format!("units[{i}].tether_anchor"),
                            format!("{}: the anchor [{c}, {r}] is off the map", u.name),
                        )
                        .with_help(format!("columns 0..{w}, rows 0..{h}")),
                    );
                } else if i64::from(a.distance(at)) > *len {
                    out.push(
                        FieldError::new(
                            format!("units[{i}].tether_anchor"),
                            format!(
                                "{}: the anchor is {} from where he starts, past his {len}-hex tether",
                                u.name,
                                fireteam_engine::count(a.distance(at), "hex", "hexes")
                            ),
                        )
                        .with_help("move the anchor closer or lengthen the tether"),
                    );
                }
            }
        }
    }
    out
}
