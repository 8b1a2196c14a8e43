//! The movement phase (SK-8.4.2-a, SK-10): a figure's MOV this turn, the movement options
//! (stand still, move, shift, crawl, stand up: SK-10-c, SK-10.7, SK-10.8), Dodge or Defend
//! declared with the movement (SK-11.4), and what a move runs into: opportunity fire at a
//! covered hex (SK-21.8-b), the terrain and fallen figures crossed (jumps and their falls,
//! `terrain::crossing`, SK-10.2, SK-10.6), fire hexes (SK-16.11-g/h, SK-16.12-m; `crate::fire`), footing on broken ground,
//! ice, in the dark and in microgravity (SK-17.1-b, SK-17.5-a, SK-17.6-a, SK-17.10), swimming
//! MOV in deep water (G-68), and the lift-and-move check (SK-14.2-T1).

use crate::attack::opportunity::opportunity_shot;
use crate::combat::ctx::Ctx;
use crate::combat::edex::order_dex;
use crate::combat::footing::{footing_save, microgravity_check};
use crate::combat::modifiers::dark;
use crate::event::{Effect, Event};
use crate::geometry::{self, engagers_of};
use crate::skills;
use crate::state::{FigId, Figure, Guard, MoveKind, Phase, Pos, Posture, State};
use crate::terrain::crossing::{cross, Crossed};
use crate::terrain::falling::fall_on_path;
use fireteam_engine::{ResolveError, RuleId};
use smallvec::SmallVec;

/// Whether a figure takes a movement decision (SK-11.9-a: none in HTH).
pub(crate) fn can_move(f: &Figure) -> bool {
    f.active() && !f.in_hth && f.stunned == 0
}

/// MOV this turn (SK-10-a, SK-21.2-a, SK-14.1-e, G-25, SK-17.2/17.3, SK-10-b).
pub fn movement_allowance(s: &State, f: &Figure) -> u32 {
    let opts = &s.rules.options;
    let mut mov = if opts.movement_formula {
        (i32::from(f.est()) + i32::from(order_dex(s, f)) + 1) / 2
    } else {
        i32::from(f.mov)
    };
    let armor_pen = f
        .armor
        .and_then(|a| s.rules.armor.get(usize::from(a)))
        .map_or(0, |a| a.mov_penalty);
    if !opts.movement_formula {
        // G-25: armor and encumbrance MOV penalties do not add; the largest applies.
        mov += i32::from(armor_pen.min(f.enc_mov));
    }
    // SK-14.2-T1: at maximum lift (or over the §13.1 cap) one hex at most, on a 4d6 eSTR check.
    if f.immobile {
        return 1;
    }
    if let Some(t) = s.terrain(f.pos) {
        if t.mov_quartered {
            mov = (mov + 3) / 4;
        } else if t.mov_halved {
            mov = (mov + 1) / 2;
        }
        mov += i32::from(t.mov_cut);
        // G-68 (GM input): swimming in deep water.
        if t.deep_water {
            mov = crate::terrain::swimming::swimming_mov(s, mov);
        }
    }
    mov.max(1) as u32
}

pub(crate) fn move_kind(d: u32, mov: u32) -> MoveKind {
    match d {
        0 => MoveKind::StandStill,
        1 => MoveKind::Step,
        2 => MoveKind::Pace,
        _ if d <= mov.div_ceil(2) => MoveKind::Half,
        _ => MoveKind::Full,
    }
}

/// Stand still, turning to any facing (SK-10.5-a, SK-10.7.1-a, SK-10.8.1-a), with a guard declared
/// with the movement.
pub(crate) fn stand_still(
    ctx: &mut Ctx,
    fig: FigId,
    facing: u8,
    guard: Guard,
) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig);
    if f.facing != facing {
        ctx.emit(Event::Faced { fig, facing });
    }
    let here = [ctx.s.fig(fig).pos];
    ice_footing(ctx, fig, 0, &here)?;
    declare_guard(ctx, fig, guard);
    done_moving(ctx);
    Ok(())
}

/// A move within MOV (SK-10.7.3-a..SK-10.7.6-a), or a shift of one hex while engaged (`kind`
/// `Shift`, SK-10.8.3-a), with a guard declared with the movement.
pub(crate) fn move_option(
    ctx: &mut Ctx,
    fig: FigId,
    to: Pos,
    facing: u8,
    guard: Guard,
    kind: Option<MoveKind>,
) -> Result<(), ResolveError> {
    move_to(ctx, fig, to, facing, kind)?;
    declare_guard(ctx, fig, guard);
    done_moving(ctx);
    Ok(())
}

/// A crawl of up to 2 hexes, staying down (SK-10-c).
pub(crate) fn crawl(ctx: &mut Ctx, fig: FigId, to: Pos, facing: u8) -> Result<(), ResolveError> {
    move_to(ctx, fig, to, facing, Some(MoveKind::Crawl))?;
    done_moving(ctx);
    Ok(())
}

/// Stand Up while floating in microgravity: the footing save at +1 die (SK-17.10-h).
pub(crate) fn regain_footing(ctx: &mut Ctx, fig: FigId) -> Result<(), ResolveError> {
    // SK-17.10-h: the Stand Up option with the save at +1 die.
    if footing_save(ctx, fig, true)? {
        ctx.emit(Event::Effect {
            fig,
            effect: Effect::Floating { on: false },
            rule: RuleId("SK-17.10-h"),
        });
        crate::microgravity::at_rest(ctx, fig);
    }
    ctx.emit(Event::Acted { fig });
    done_moving(ctx);
    Ok(())
}

/// Stand Up where he is: from fallen or prone the whole turn (SK-10.7.2-a, SK-11.1-a, G-41);
/// from kneeling his action may still Ready (G-41, `turn::standing`).
pub(crate) fn stand_up(ctx: &mut Ctx, fig: FigId) -> Result<(), ResolveError> {
    // SK-10.7.2-a / SK-11.1-a / G-41: one Stand Up turn; with a leg out or still down
    // from a leg hit (SK-21.4-f), only up to a knee.
    let g = ctx.s.fig(fig);
    let knee = g.leg_out || ctx.s.turn < g.leg_down_until;
    // ---- G-41: up from kneeling, he keeps a Ready or change of weapons for his action.
    let ready = !knee && crate::turn::standing::from_the_knee(&ctx.s, g);
    ctx.emit(Event::Posture {
        fig,
        posture: if knee {
            Posture::Kneeling
        } else {
            Posture::Standing
        },
        rule: RuleId(if knee { "SK-21.4-f" } else { "SK-10.7.2-a" }),
    });
    ctx.emit(Event::Moved {
        fig,
        path: SmallVec::from_slice(&[ctx.s.fig(fig).pos]),
        facing: ctx.s.fig(fig).facing,
        kind: if ready {
            MoveKind::StandUpThenReady
        } else {
            MoveKind::StandUp
        },
        engaged: false,
    });
    if !ready {
        ctx.emit(Event::Acted { fig });
    }
    done_moving(ctx);
    Ok(())
}

fn declare_guard(ctx: &mut Ctx, fig: FigId, guard: Guard) {
    if guard != Guard::None {
        ctx.emit(Event::Guarded { fig, guard });
        // A set pole arm is the figure's action (SK-16.2-b). Dodge and Defend are too
        // (SK-11.4-e), but the figure keeps them at its slot or changes them for another
        // option (SK-11.6-a, `turn::changing`); a parry with the other weapon leaves the main
        // one its attack at the figure's slot (SK-6.5.3-b).
        if guard == Guard::Set {
            ctx.emit(Event::Acted { fig });
        }
    }
}

/// SK-17.6-a, G-56: a standing figure on ice, having moved `d` hexes (0 standing still),
/// rolls 2d6 vs DEX, 3d6 if he moved more than 5, one die fewer with Acrobatics (SK-6.4.1-a),
/// or falls; the prone, kneeling and crawling cannot fall (SK-17.6-b).
fn ice_footing(ctx: &mut Ctx, fig: FigId, d: u32, path: &[Pos]) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig);
    let on_ice = ctx
        .s
        .terrain(f.pos)
        .is_some_and(|t| t.footing == crate::data::Footing::Ice);
    if !on_ice || f.posture != Posture::Standing || !f.active() {
        return Ok(());
    }
    let acro = skills::has(f.skills, skills::ACROBATICS);
    let dice = if d > 5 { 3 } else { 2 } - u8::from(acro);
    let dex = f.dex;
    if !ctx.check(fig, "footing", dice, dex, RuleId("SK-17.6-a"))? {
        // "falls down somewhere in his path, roll randomly to see where".
        fall_on_path(ctx, fig, path, RuleId("SK-17.6-a"))?;
    }
    Ok(())
}

pub(crate) fn done_moving(ctx: &mut Ctx) {
    if let Phase::Movement { next } = ctx.s.phase {
        ctx.emit(Event::Phase {
            phase: Phase::Movement { next: next + 1 },
        });
    }
}

fn move_to(
    ctx: &mut Ctx,
    fig: FigId,
    to: Pos,
    facing: u8,
    kind: Option<MoveKind>,
) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let mov = movement_allowance(&ctx.s, &f);
    let budget = match kind {
        Some(MoveKind::Shift) => 1,
        Some(MoveKind::Crawl) => 2,
        // ---- G-41: up from kneeling, a Half Move or a Shift.
        Some(MoveKind::StandUpThenHalf) => mov.div_ceil(2),
        Some(MoveKind::StandUpThenShift) => 1,
        _ => mov,
    };
    let walking = kind != Some(MoveKind::Crawl);
    let Some((mut path, mut d)) = geometry::route_to(&ctx.s, fig, f.pos, budget, walking, to)
    else {
        return Err(ResolveError::Illegal(format!(
            "{} cannot reach {to}",
            ctx.s.name(fig)
        )));
    };
    if f.immobile && !ctx.check(fig, "lift-and-move", 4, f.est(), RuleId("SK-14.2-T1"))? {
        return Ok(());
    }
    // ---- fire (SK-16.11-h): the INT check to move into a burning hex; a failure stops the
    // move before it.
    let kept = crate::fire::nerve(ctx, fig, &path)?;
    if kept < path.len() {
        path.truncate(kept);
        d = (kept - 1) as u32;
    }
    let kind = kind.unwrap_or_else(|| move_kind(d, mov));
    walk_path(ctx, fig, &path, d, mov, facing, kind, true)?;
    Ok(())
}

/// Moves along `path` (MOV spent `d`): opportunity fire on the way (SK-21.8-b), the terrain
/// crossed ([`cross`]: jumps, fallen figures), fire hexes (SK-16.12-m) and, when `finish`, the
/// checks made at the end of a move (SK-17.10-b, SK-17.1-b, SK-17.5-a, SK-17.6-a). Returns
/// where the figure ended, or `None` if opportunity fire stopped him.
#[allow(clippy::too_many_arguments)]
pub(crate) fn walk_path(
    ctx: &mut Ctx,
    fig: FigId,
    path: &[Pos],
    d: u32,
    mov: u32,
    facing: u8,
    kind: MoveKind,
    finish: bool,
) -> Result<Option<Crossed>, ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let to = path[path.len() - 1];
    let engaged_at_end = engagers_of(&ctx.s, &f, to);
    // SK-21.8-b (optional): a foe entering a covered hex, or one next to it (SK-21.8-f), is
    // shot at once; the move stops if he falls or is out.
    let mut start = 0usize;
    if ctx.s.rules.options.opportunity_fire {
        for i in 1..path.len() {
            let p = path[i];
            // A hex jumped over is not entered: no shot at a figure in the air (SK-10.2-a).
            let last = i + 1 == path.len();
            if !last && crate::terrain::crossing::in_the_air(&ctx.s, fig, p) {
                continue;
            }
            let watcher = ctx
                .s
                .figures
                .iter()
                .position(|o| crate::attack::opportunity::covers(&ctx.s, o, f.side, p));
            // SK-21.8-g: suppression fire at a foe entering the suppressed hex.
            let suppressors = crate::attack::suppression::suppressors(ctx, f.side, p);
            if watcher.is_none() && suppressors.is_empty() {
                continue;
            }
            ctx.emit(Event::Moved {
                fig,
                path: path[start..=i].iter().copied().collect(),
                facing,
                kind,
                engaged: false,
            });
            start = i;
            if let Some(o) = watcher {
                let off = ctx.s.figures[o].overwatch.map_or(0, |h| h.distance(p)) as u8;
                opportunity_shot(ctx, o as FigId, fig, off)?;
            }
            for o in suppressors {
                let m = ctx.s.fig(fig);
                if !m.active() || m.posture == Posture::Fallen {
                    break;
                }
                crate::attack::suppression::fire_into(ctx, o, fig)?;
            }
            let m = ctx.s.fig(fig);
            if !m.active() || m.posture == Posture::Fallen {
                return Ok(None);
            }
        }
    }
    // SK-10.2, SK-10.6: the terrain and figures crossed, with their checks.
    let crossed = cross(ctx, fig, path, start, facing, kind, engaged_at_end != 0)?;
    let whole = &path[..=crossed.at];
    // ---- fire (SK-16.11-g, SK-16.12-j/m): the fire hexes crossed and the one stopped in.
    crate::fire::crossing(ctx, fig, whole)?;
    // SK-16.12-s: tear gas on the way.
    crate::cloud::breathed_on_the_way(ctx, fig, whole);
    if !finish || crossed.fell {
        return Ok(Some(crossed));
    }
    let to = path[crossed.at];
    // SK-17.10-b: moving more than 3 hexes in microgravity.
    if d > 3 {
        microgravity_check(ctx, fig)?;
        // ---- microgravity (SK-17.10-c): lost running, he drifts on the way he ran.
        if !f.floating {
            crate::microgravity::ran_adrift(ctx, fig, &path[..=crossed.at], d);
        }
    }
    // SK-17.1-b, SK-17.5-a, SK-17.6-a: bad footing or darkness when moving more than half.
    let half = mov.div_ceil(2);
    let on_ice = ctx
        .s
        .terrain(to)
        .is_some_and(|t| t.footing == crate::data::Footing::Ice);
    if on_ice {
        // SK-17.6-a, G-56: on ice anyone standing rolls, whatever he moved.
        ice_footing(ctx, fig, d, &path[..=crossed.at])?;
    } else if d > half {
        let t = ctx.s.terrain(to).cloned();
        let acro = skills::has(f.skills, skills::ACROBATICS);
        // SK-17.5-c: a lit flashlight in his hand shows him his way.
        let dark =
            dark(&ctx.s, ctx.s.fig(fig)) && !crate::light::lights_way(&ctx.s, ctx.s.fig(fig));
        let (need, dice, rule) = match t.as_ref().map(|t| t.footing) {
            Some(crate::data::Footing::Broken) => {
                (f.dex - 2, if acro { 2 } else { 3 }, "SK-17.1-b")
            }
            // SK-6.4.1-a: an Acrobat rolls one die fewer to keep his footing.
            _ if dark => (f.dex, 3 - u8::from(acro), "SK-17.5-a"),
            _ => (0, 0, ""),
        };
        if dice > 0 && !ctx.check(fig, "footing", dice, need, RuleId(rule))? {
            // SK-17.1-b: he falls somewhere in his path (SK-17.5-a: where he is).
            if rule == "SK-17.1-b" {
                fall_on_path(ctx, fig, &path[..=crossed.at], RuleId(rule))?;
            } else {
                ctx.emit(Event::Effect {
                    fig,
                    effect: Effect::Fell,
                    rule: RuleId(rule),
                });
            }
        }
    }
    // SK-16.2-b: a pole arm set against a charge strikes the charger as he arrives.
    crate::attack::set::meet_charge(ctx, fig, f.pos)?;
    Ok(Some(crossed))
}
