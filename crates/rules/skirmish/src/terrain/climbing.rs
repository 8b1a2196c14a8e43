//! Climbing with a rope (SK-10.3-b, SK-6.4.1-c): a pit over 2 m deep cannot be climbed out of
//! without a rope (SK-10.3-b); with one, and a wall too high to jump (a 2 m wall) can be
//! climbed over. An Acrobat climbs 2 m a turn with no check; anyone else makes a 2d6 DEX check
//! for each metre, 1 m a turn (SK-6.4.1-c; SK-10.3-b's "one meter a turn"). The climb is the
//! figure's movement and, hands on the rope, his action. Progress is kept in metres
//! ([`crate::state::Figure::climbed`]) and lost if he moves off.

use crate::combat::ctx::Ctx;
use crate::data::{ItemKind, Wall};
use crate::event::Event;
use crate::skills;
use crate::state::{FigId, Figure, Pos, State};
use crate::terrain::crossing::{deep_pit, ground, occupied, Occupied};
use fireteam_engine::{ResolveError, RuleId};

/// The height to climb to reach `to`, in metres, if the figure can climb there: out of the
/// deep pit he is in to a free hex beside it, or over a 2 m wall beside him to the free hex
/// beyond it, in a straight line. A rope is needed (SK-10.3-b, SK-6.4.1-c).
pub fn climb_height(s: &State, f: &Figure, to: Pos) -> Option<u8> {
    if !f.has_item(ItemKind::Rope) || !ground(s, to) || occupied(s, to, f.id) != Occupied::Empty {
        return None;
    }
    if deep_pit(s, f.pos) {
        let dm = s.terrain(f.pos).map_or(0, |t| t.pit_dm);
        return (f.pos.distance(to) == 1).then_some(dm.div_ceil(10).min(255) as u8);
    }
    (0..6u8).find_map(|dir| {
        let w = f.pos.neighbour(dir);
        let two = s
            .terrain(w)
            .is_some_and(|t| t.wall == Wall::Two && !t.blocks_sight);
        (two && s.on_map(w) && w.neighbour(dir) == to).then_some(2)
    })
}

/// The hexes a figure could climb to now, in direction order.
pub fn climb_targets(s: &State, f: &Figure, out: &mut smallvec::SmallVec<[Pos; 6]>) {
    for dir in 0..6u8 {
        let n = f.pos.neighbour(dir);
        let to = if deep_pit(s, f.pos) {
            n
        } else {
            n.neighbour(dir)
        };
        if climb_height(s, f, to).is_some() {
            out.push(to);
        }
    }
}

/// A turn of climbing toward `to`.
pub(crate) fn climb(ctx: &mut Ctx, fig: FigId, to: Pos) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let Some(height) = climb_height(&ctx.s, &f, to) else {
        return Err(ResolveError::Illegal(format!(
            "{} cannot climb to {to}",
            ctx.s.name(fig)
        )));
    };
    let rule = RuleId(if deep_pit(&ctx.s, f.pos) {
        "SK-10.3-b"
    } else {
        "SK-6.4.1-c"
    });
    // SK-6.4.1-c: 2 m with Acrobatics; otherwise 1 m on a 2d6 DEX check.
    let gained = if skills::has(f.skills, skills::ACROBATICS) {
        2
    } else if ctx.check(fig, "climb", 2, f.dex, RuleId("SK-6.4.1-c"))? {
        1
    } else {
        0
    };
    let metres = f.climbed.saturating_add(gained).min(height);
    ctx.emit(Event::Climbed {
        fig,
        metres,
        out: (metres >= height).then_some(to),
        rule,
    });
    ctx.emit(Event::Acted { fig });
    crate::turn::movement::done_moving(ctx);
    Ok(())
}
