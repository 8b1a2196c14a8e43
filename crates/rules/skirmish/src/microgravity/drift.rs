//! The drift of a turn (SK-17.10-c, G-54) and what stops it: a wall (SK-17.10-i), a person
//! (SK-17.10-j), the tether's length and the map's edge (SK-17.10-k).

use super::{cube, length, nearest_side, set_drift, split, step, tether_reaches, wide, Q};
use crate::combat::ctx::Ctx;
use crate::combat::damage::deal_damage;
use crate::combat::footing::footing_save;
use crate::data::Wall;
use crate::event::{Effect, Event};
use crate::progression::Damage;
use crate::state::{FigId, Pos, State};
use fireteam_engine::{ResolveError, RuleId};
use smallvec::SmallVec;

/// What stops a drift short.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stop {
    None,
    Edge,
    Wall,
    Tether,
    Person(FigId),
}

/// A wall a drifting figure runs into (SK-17.10-i): anything that blocks movement, or a wall
/// of 1 m or more. He floats over pits and low walls.
fn wall_at(s: &State, p: Pos) -> bool {
    s.terrain(p)
        .is_some_and(|t| t.blocks_movement || t.wall >= Wall::One)
}

/// SK-17.10-c, G-54: every floating figure with a drift drifts, at the start of the turn
/// before initiative, whether he is still in action or not (a body drifts too); one held in
/// hand to hand does not. The one furthest along his own drift goes first (then figure
/// order), so two who float on together at the same speed do not run into each other.
pub(crate) fn drift_all(ctx: &mut Ctx) -> Result<(), ResolveError> {
    if !ctx.s.rules.options.microgravity {
        return Ok(());
    }
    let mut order: SmallVec<[(i32, FigId); 8]> = ctx
        .s
        .figures
        .iter()
        .filter(|f| f.floating && f.drift != [0, 0] && !f.in_hth)
        .map(|f| {
            let (p, v) = (f.pos.hex(), cube(wide(f.drift)));
            let p = cube([p.q, p.r]);
            (-(p[0] * v[0] + p[1] * v[1] + p[2] * v[2]), f.id)
        })
        .collect();
    order.sort_unstable();
    for (_, fig) in order {
        // An earlier drift may have stopped or halved this one (SK-17.10-j).
        let f = ctx.s.fig(fig);
        if f.floating && f.drift != [0, 0] && f.condition != crate::state::Condition::Lost {
            drift_one(ctx, fig)?;
        }
    }
    Ok(())
}

/// One figure's drift for the turn: the drift is added to the quarter-hexes he is on the way,
/// and every whole hex of it is a step, the larger of its two hex-side parts first; a wall, a
/// person, the tether's end or the map's edge ends the steps.
fn drift_one(ctx: &mut Ctx, fig: FigId) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let vel = wide(f.drift);
    let speed = length(vel);
    let dir = nearest_side(vel, f.facing);
    let mut acc = [
        i32::from(f.drift_acc[0]) + vel[0],
        i32::from(f.drift_acc[1]) + vel[1],
    ];
    let mut path: SmallVec<[Pos; 12]> = SmallVec::new();
    path.push(f.pos);
    let mut stop = Stop::None;
    // At most 2 × 30 hexes a turn.
    for _ in 0..64 {
        let (i, a, b) = split(acc);
        if a < Q && b < Q {
            break;
        }
        let d = if a >= b { i } else { (i + 1) % 6 };
        let next = path[path.len() - 1].neighbour(d);
        stop = if !ctx.s.on_map(next) {
            // A tethered figure never floats off: his tether holds him at the edge.
            if f.tether > 0 {
                Stop::Tether
            } else {
                Stop::Edge
            }
        } else if wall_at(&ctx.s, next) {
            Stop::Wall
        } else if !tether_reaches(&f, next) {
            Stop::Tether
        } else if let Some(o) = ctx
            .s
            .figures
            .iter()
            .position(|o| o.id != fig && o.pos == next && o.active())
        {
            Stop::Person(o as FigId)
        } else {
            Stop::None
        };
        if stop != Stop::None {
            break;
        }
        let s = step(d);
        acc[0] -= Q * s[0];
        acc[1] -= Q * s[1];
        path.push(next);
    }
    let left = if stop == Stop::None {
        [acc[0] as i8, acc[1] as i8]
    } else {
        [0, 0]
    };
    ctx.emit(Event::Drifted {
        fig,
        path,
        acc: left,
        speed_q: speed.clamp(0, 255) as u8,
        dir,
        rule: RuleId("SK-17.10-c"),
    });
    match stop {
        Stop::None => {}
        // "Normally in such a situation, one could float off and never come back."
        Stop::Edge => ctx.emit(Event::Effect {
            fig,
            effect: Effect::FloatedAway,
            rule: RuleId("SK-17.10-k"),
        }),
        Stop::Wall => {
            // SK-17.10-i, G-54: he stops, taking floor(speed / 3 hexes) hits; no armor
            // (the hits are taken).
            set_drift(ctx, fig, [0, 0], [0, 0], "SK-17.10-i");
            let hits = speed / (3 * Q);
            if hits > 0 {
                deal_damage(
                    ctx,
                    fig,
                    None,
                    Damage::new(0, hits as i16),
                    1,
                    0,
                    false,
                    RuleId("SK-17.10-i"),
                )?;
            }
        }
        // SK-17.10-k: the tether holds him at its length.
        Stop::Tether => set_drift(ctx, fig, [0, 0], [0, 0], "SK-17.10-k"),
        Stop::Person(o) => collide(ctx, fig, o, f.drift)?,
    }
    Ok(())
}

/// SK-17.10-j: he drifts into a person, who makes the footing save (one already floating makes
/// none). Kept: the drifter stops (speed 0, still floating). Lost: both float the drifter's way
/// at half his speed.
fn collide(ctx: &mut Ctx, fig: FigId, o: FigId, vel: [i8; 2]) -> Result<(), ResolveError> {
    let adrift = ctx.s.fig(o).floating;
    if !adrift && footing_save(ctx, o, false)? {
        set_drift(ctx, fig, [0, 0], [0, 0], "SK-17.10-j");
        return Ok(());
    }
    if !adrift {
        ctx.emit(Event::Effect {
            fig: o,
            effect: Effect::Floating { on: true },
            rule: RuleId("SK-17.10-j"),
        });
    }
    // Halved toward zero: speed 0 means stopped, still floating.
    let half = [vel[0] / 2, vel[1] / 2];
    set_drift(ctx, fig, half, [0, 0], "SK-17.10-j");
    set_drift(ctx, o, half, [0, 0], "SK-17.10-j");
    Ok(())
}
