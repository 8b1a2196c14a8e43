//! Standing up from kneeling (SK-10.7.2-a, SK-10.8.2-a, SK-11.1-a, G-41). From fallen or prone,
//! Stand Up is the whole turn (`turn::movement::stand_up`). From kneeling the book lets the
//! figure "either then do a Half Move or Change Weapons" (SK-10.7.2-a), engaged "only shift or
//! change weapons" (SK-10.8.2-a); G-41 reads it as one Stand Up turn with either
//!
//! * a Half Move, then an action allowed after a Half Move (`MoveKind::StandUpThenHalf`: the
//!   stand-up counts as the other half, so no shot after One Step and no Ready after One Pace);
//! * or standing where he is, then a Ready or change of weapons (`MoveKind::StandUpThenReady`);
//! * engaged, a Shift and nothing more (`MoveKind::StandUpThenShift`), or standing where he is
//!   and a Ready.
//!
//! Option `sk.kneeling_stand_up = "whole_turn"` reads SK-11.7.1-a literally instead: standing up
//! from kneeling, too, is the whole turn.

use crate::action::Action;
use crate::combat::ctx::Ctx;
use crate::event::Event;
use crate::geometry::with_reach;
use crate::state::{FigId, Figure, Guard, MoveKind, Pos, Posture, State};
use crate::turn::movement::{move_option, movement_allowance};
use fireteam_engine::{ResolveError, RuleId};

/// G-41: whether `f`, getting up now, has the kneeling figure's choices (a Half Move or Shift,
/// or a Ready) rather than the whole turn.
pub(crate) fn from_the_knee(s: &State, f: &Figure) -> bool {
    f.posture == Posture::Kneeling && !s.rules.options.kneeling_stand_up_whole_turn
}

/// G-41: the kneeling figure's Stand Up with a move, after his other movement options: every
/// hex within a Half Move (MOV halved, rounded up, SK-10.7.5-a), or engaged (`engaged`: the foes
/// engaging him) every adjacent hex where they all still engage him (a Shift, SK-10.8.3-a); in
/// every facing. No guard is declared with it: a Dodge is his action if he wants one.
pub(crate) fn stand_up_actions(s: &State, f: &Figure, engaged: u64, out: &mut Vec<Action>) {
    if !from_the_knee(s, f) {
        return;
    }
    let id = f.id;
    let mut push = |to: Pos, shift: bool| {
        for facing in 0..6u8 {
            out.push(Action::StandUpAndMove {
                fig: id,
                to,
                facing,
                shift,
            });
        }
    };
    if engaged != 0 {
        for p in crate::legal::movement::shift_hexes(s, f, engaged) {
            push(p, true);
        }
    } else {
        let half = movement_allowance(s, f).div_ceil(2);
        with_reach(s, id, f.pos, half, true, |r| {
            for e in r.entries.iter().skip(1).filter(|e| e.dest) {
                push(e.pos, false);
            }
        });
    }
}

/// G-41: he stands up (SK-10.7.2-a; engaged SK-10.8.2-a), then moves up to a Half Move to `to`,
/// or shifts there (`shift`), which ends his turn.
pub(crate) fn stand_up_and_move(
    ctx: &mut Ctx,
    fig: FigId,
    to: Pos,
    facing: u8,
    shift: bool,
) -> Result<(), ResolveError> {
    if !from_the_knee(&ctx.s, ctx.s.fig(fig)) {
        return Err(ResolveError::Illegal(format!(
            "{} is not kneeling",
            ctx.s.name(fig)
        )));
    }
    let rule = if shift { "SK-10.8.2-a" } else { "SK-10.7.2-a" };
    ctx.emit(Event::Posture {
        fig,
        posture: Posture::Standing,
        rule: RuleId(rule),
    });
    if shift {
        // SK-10.8.2-a: "can only shift or change weapons": the shift is all.
        ctx.emit(Event::Acted { fig });
    }
    let kind = if shift {
        MoveKind::StandUpThenShift
    } else {
        MoveKind::StandUpThenHalf
    };
    move_option(ctx, fig, to, facing, Guard::None, Some(kind))
}

/// G-41: the actions allowed after standing up where he knelt: a Ready or change of weapons
/// (SK-11.7.4-a: readying, reloading (G-73), picking up, the other hand and the shield, an
/// exchange, a bayonet), or nothing. The rest of `out` from `start` is struck out.
pub(crate) fn ready_only(s: &State, id: FigId, out: &mut Vec<Action>, start: usize) {
    if s.fig(id).move_kind != MoveKind::StandUpThenReady {
        return;
    }
    let mut k = 0;
    out.retain(|a| {
        k += 1;
        k <= start
            || matches!(
                a,
                Action::Pass { .. }
                    | Action::Ready { .. }
                    | Action::Reload { .. }
                    | Action::PickUp { .. }
                    | Action::ReadyOffHand { .. }
                    | Action::ReadyShield { .. }
                    | Action::ReadyDropShield { .. }
                    | Action::PickUpShield { .. }
                    | Action::SlingShield { .. }
                    | Action::Exchange { .. }
                    | Action::FixBayonet { .. }
                    | Action::UnfixBayonet { .. }
            )
    });
}
