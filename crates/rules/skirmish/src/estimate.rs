//! Quick estimates of the legal actions for the greedy AI ([`Evaluate::estimate`]): what each
//! is worth without resolving it through the dice.
//!
//! A movement option (stand still, move, shift, crawl) is worth the value of the state with
//! the figure in his new hex and facing, his aim lost if he moved or turned (SK-13.7-b/d). The
//! value is a sum of per-figure terms (`value::signed_harm`, `value::placed`) and a move changes
//! only the mover's, so each option costs one figure's terms, summed in the same order as
//! [`Evaluate::value`]: for a move that rolls no dice the estimate is the exact value,
//! bit for bit. A move that may roll (a footing save, opportunity fire, a jump, a fire hex) is
//! estimated as if every roll went his way; the AI resolves it exactly whenever its estimate
//! leads. Grabbing a dropped weapon on the way (SK-10.4-a/b) is estimated the same way, with
//! the weapon in his hand as the grab leaves it (and the roll of SK-10.4-b made).
//!
//! A single shot or a plain blow is worth the value now plus the harm it is expected to do
//! its target, from the rules' own odds ([`crate::threat::expected_harm`]). Every other action
//! (bursts, grenades, maneuvers, reloading…) has no estimate and the AI looks at it itself.
//!
//! [`Evaluate::estimate`]: fireteam_engine::Evaluate::estimate
//! [`Evaluate::value`]: fireteam_engine::Evaluate::value

use crate::action::{Action, FireMode, Strike};
use crate::combat::ctx::Ctx;
use crate::state::{FigId, Figure, Pos, State};
use crate::terrain::on_the_run::grab;
use crate::value::{placed, signed_harm};
use fireteam_dice::ScriptedSource;
use fireteam_engine::RuleId;
use fireteam_engine::SideId;
use smallvec::SmallVec;

/// One term per figure, in figure order: his signed harm, and his positional term (zero for
/// the enemy and the inactive).
type Terms = SmallVec<[(f64, f64); 16]>;

pub(crate) fn estimate(s: &State, side: SideId, legal: &[Action], out: &mut Vec<Option<f64>>) {
    out.clear();
    let mut terms: Option<Terms> = None;
    // The state the movement options are valued in, the mover put in each place in turn.
    let mut scratch: Option<State> = None;
    // The figure as a grab leaves him, per weapon hex: a handful per decision at most.
    let mut grabbers: SmallVec<[(FigId, Pos, Figure); 2]> = SmallVec::new();
    for action in legal {
        let moved = match *action {
            Action::StandStill { fig, facing, .. } => Some((s.fig(fig), s.fig(fig).pos, facing)),
            Action::Move {
                fig, to, facing, ..
            }
            | Action::Shift {
                fig, to, facing, ..
            }
            | Action::Crawl { fig, to, facing } => Some((s.fig(fig), to, facing)),
            Action::Grab {
                fig,
                at,
                to,
                facing,
                ..
            } => {
                let k = match grabbers.iter().position(|g| (g.0, g.1) == (fig, at)) {
                    Some(k) => k,
                    None => {
                        grabbers.push((fig, at, grabbed(s, fig, at)));
                        grabbers.len() - 1
                    }
                };
                Some((&grabbers[k].2, to, facing))
            }
            Action::Shoot {
                fig,
                target,
                mode: FireMode::Single,
            }
            | Action::Attack {
                fig,
                target,
                strike: Strike::Normal,
            } => {
                out.push(crate::threat::plain_attack(s, fig, target).map(|spec| {
                    let terms = terms.get_or_insert_with(|| per_figure(s, side));
                    total(s, side, terms) + crate::threat::expected_harm(s, &spec)
                }));
                continue;
            }
            _ => None,
        };
        out.push(moved.map(|(f, to, facing)| {
            let terms = terms.get_or_insert_with(|| per_figure(s, side));
            let scratch = scratch.get_or_insert_with(|| s.clone());
            after_move(scratch, side, terms, f, to, facing)
        }));
    }
}

/// [`Evaluate::value`](fireteam_engine::Evaluate::value) from its terms, in its order.
fn total(s: &State, side: SideId, terms: &Terms) -> f64 {
    let mut v = 0.0;
    for t in terms {
        v += t.0;
    }
    for (f, t) in s.figures.iter().zip(terms) {
        if f.side == side && f.active() {
            v += t.1;
        }
    }
    v
}

/// `fig` with the dropped weapon at `at` in his hand, as the grab's events leave him
/// (SK-10.4-a; with the hands freed for it, SK-13.3-a). A grab rolls no dice.
fn grabbed(s: &State, fig: FigId, at: Pos) -> Figure {
    let mut no_dice = ScriptedSource::new(Vec::new());
    let mut events = Vec::new();
    let mut ctx = Ctx::new(s, &mut no_dice, &mut events);
    grab(&mut ctx, fig, at, RuleId("SK-10.4-a"));
    ctx.s.fig(fig).clone()
}

fn per_figure(s: &State, side: SideId) -> Terms {
    s.figures
        .iter()
        .map(|f| {
            let p = if f.side == side && f.active() {
                placed(s, side, f)
            } else {
                0.0
            };
            (signed_harm(s, f, side), p)
        })
        .collect()
}

/// The value of the state with `f` (one of its figures, or a figure of it as an action left him)
/// in `to`, facing `facing`: the sums of
/// [`Evaluate::value`](fireteam_engine::Evaluate::value), in its order, with his terms
/// recomputed.
fn after_move(
    scratch: &mut State,
    side: SideId,
    terms: &Terms,
    f: &Figure,
    to: Pos,
    facing: u8,
) -> f64 {
    let mut g = f.clone();
    // SK-13.7-d: moving ends aiming; SK-13.7-b: so does turning (as `apply` does).
    if g.pos != to || g.facing != facing {
        g.aim_turns = 0;
        g.aim_target = None;
    }
    g.pos = to;
    g.facing = facing;
    let mine = usize::from(f.id);
    let from = f.pos;
    // His terms are read in the state with him moved.
    let was = std::mem::replace(&mut scratch.figures[mine], g);
    let g = &scratch.figures[mine];
    let harm = signed_harm(scratch, g, side);
    let place = if g.side == side && g.active() {
        placed(scratch, side, g)
    } else {
        0.0
    };
    // A foe beside where he stood or where he stands now may have come to close quarters or
    // left them (`value::close_quarters`), which his harm reads: his term is read afresh.
    let mut v = 0.0;
    for (i, t) in terms.iter().enumerate() {
        v += if i == mine {
            harm
        } else {
            let e = &scratch.figures[i];
            if e.side != g.side && (e.pos.distance(to) <= 1 || e.pos.distance(from) <= 1) {
                signed_harm(scratch, e, side)
            } else {
                t.0
            }
        };
    }
    scratch.figures[mine] = was;
    for (i, (f, t)) in scratch.figures.iter().zip(terms).enumerate() {
        if f.side == side && f.active() {
            v += if i == mine { place } else { t.1 };
        }
    }
    v
}
