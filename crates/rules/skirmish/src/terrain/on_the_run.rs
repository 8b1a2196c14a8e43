//! Grabbing a dropped weapon on the run (SK-10.4-a/b, G-41): a disengaged figure that spends
//! 3 MOV in the weapon's hex always picks it up and may go on moving (SK-10.4-a); one that
//! only moves through the hex (or stops in it) rolls 3d6 vs eDEX when his movement is done,
//! and spends no MOV on it (SK-10.4-b). Either way he takes no other action this turn (G-41
//! reads "no other action" for both). Any dropped weapon may be grabbed: his own back into its
//! slot, another's into a free slot.
//!
//! The legal list offers, for each hex holding a dropped weapon that he can reach, every hex
//! he can reach from there in every facing, by each method: [`grab_routes`].

use crate::combat::ctx::Ctx;
use crate::combat::edex::order_dex;
use crate::event::Event;
use crate::geometry::{path_to, reach, reach_from, Reached};
use crate::state::{FigId, Figure, Pos, State};
use crate::turn::movement::{done_moving, movement_allowance, walk_path};
use fireteam_engine::{ResolveError, RuleId};

/// The MOV the 3-MOV method spends in the hex beyond entering it (SK-10.4-a).
const GRAB_EXTRA: u32 = 2;

/// The dropped weapon in `at` that `f` could take: (owner, owner's slot, slot it goes into).
pub fn grabbable(s: &State, f: &Figure, at: Pos) -> Option<(FigId, u8, u8)> {
    let free = f.weapons.iter().position(Option::is_none).map(|k| k as u8);
    s.dropped.iter().find_map(|d| {
        // A dropped shield is not a weapon to grab (SK-10.4-a names weapons).
        if d.pos != at || d.slot == crate::state::SHIELD_SLOT {
            return None;
        }
        if d.owner == f.id {
            Some((d.owner, d.slot, d.slot))
        } else {
            free.map(|into| (d.owner, d.slot, into))
        }
    })
}

/// The two legs of a grab: the reach to the weapon's hex and the reach on from it, with the
/// MOV spent on the first leg; `None` if the hex is out of reach.
pub fn grab_routes(
    s: &State,
    id: FigId,
    at: Pos,
    spend: bool,
) -> Option<(Vec<Reached>, usize, Vec<Reached>)> {
    let f = s.fig(id);
    let mov = movement_allowance(s, f);
    let first = reach(s, id, mov);
    let k = first
        .iter()
        .position(|e| e.dest && e.pos == at && e.dist > 0)?;
    let used = first[k].dist + if spend { GRAB_EXTRA } else { 0 };
    if used > mov {
        return None;
    }
    let rest = if first[k].stop { 0 } else { mov - used };
    let second = reach_from(s, id, at, rest, true);
    Some((first, k, second))
}

/// Moves to `to` by way of the dropped weapon at `at`, grabbing it (SK-10.4-a with `spend`,
/// SK-10.4-b without).
pub(crate) fn grab_on_the_run(
    ctx: &mut Ctx,
    fig: FigId,
    at: Pos,
    to: Pos,
    facing: u8,
    spend: bool,
) -> Result<(), ResolveError> {
    let illegal = || ResolveError::Illegal(format!("no grab on the way to {to}"));
    let (first, k, second) = grab_routes(&ctx.s, fig, at, spend).ok_or_else(illegal)?;
    let k2 = second
        .iter()
        .position(|e| e.dest && e.pos == to)
        .ok_or_else(illegal)?;
    let f = ctx.s.fig(fig).clone();
    let mov = movement_allowance(&ctx.s, &f);
    let leg1 = path_to(&first, k);
    let leg2 = path_to(&second, k2);
    let d = first[k].dist + second[k2].dist + if spend { GRAB_EXTRA } else { 0 };
    let kind = crate::turn::movement::move_kind(d, mov);
    // G-41: no other action this turn, whichever way.
    ctx.emit(Event::Acted { fig });
    if spend {
        // SK-10.4-a: 3 MOV in the hex, and he always has it.
        let last = leg2.len() == 1;
        let done = walk_path(ctx, fig, &leg1, d, mov, facing, kind, last)?;
        let there = done.is_some_and(|c| !c.fell && c.at + 1 == leg1.len());
        if there {
            ctx.emit(Event::MovSpent {
                fig,
                mov: GRAB_EXTRA as u8,
                rule: RuleId("SK-10.4-a"),
            });
            grab(ctx, fig, at, RuleId("SK-10.4-a"));
            if !last {
                walk_path(ctx, fig, &leg2, d, mov, facing, kind, true)?;
            }
        }
    } else {
        let mut whole: smallvec::SmallVec<[Pos; 12]> = leg1.clone();
        whole.extend(leg2.iter().skip(1).copied());
        let done = walk_path(ctx, fig, &whole, d, mov, facing, kind, true)?;
        let passed = done.is_some_and(|c| c.at + 1 >= leg1.len());
        let g = ctx.s.fig(fig);
        // SK-10.4-b: after his movement, 3d6 vs eDEX; no MOV spent.
        if passed && g.active() {
            let edex = order_dex(&ctx.s, g);
            if ctx.check(fig, "grab", 3, edex, RuleId("SK-10.4-b"))? {
                grab(ctx, fig, at, RuleId("SK-10.4-b"));
            }
        }
    }
    done_moving(ctx);
    Ok(())
}

pub(crate) fn grab(ctx: &mut Ctx, fig: FigId, at: Pos, rule: RuleId) {
    let f = ctx.s.fig(fig).clone();
    if let Some((owner, slot, into)) = grabbable(&ctx.s, &f, at) {
        ctx.emit(Event::Grabbed {
            fig,
            owner,
            slot,
            into,
            at,
            rule,
        });
        // The grabbed weapon is in hand: a weapon that needs both hands empties the other hand
        // and slings the shield, as readying it would (SK-13.3-a).
        crate::readying::free_hands_for(ctx, fig, into);
    }
}
