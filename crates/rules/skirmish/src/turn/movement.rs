//! The movement phase (SK-8.4.2-a, SK-10): a figure's MOV this turn, the movement options
//! (stand still, move, shift, crawl, stand up: SK-10-c, SK-10.7, SK-10.8), Dodge or Defend
//! declared with the movement (SK-11.4), and what a move runs into: opportunity fire at a
//! covered hex (SK-21.8-b), fire hexes (SK-16.12-m), footing on broken ground, ice, in the dark
//! and in microgravity (SK-17.1-b, SK-17.5-a, SK-17.6-a, SK-17.10), and the lift-and-move check
//! (SK-14.2-T1).

use crate::attack::opportunity::opportunity_shot;
use crate::combat::ctx::Ctx;
use crate::combat::damage::deal_damage;
use crate::combat::edex::order_dex;
use crate::combat::footing::{footing_save, microgravity_check};
use crate::combat::modifiers::dark;
use crate::event::{Effect, Event};
use crate::geometry::{self, engagers_at, in_front, line_of_fire, reach};
use crate::skills;
use crate::state::{FigId, Figure, Guard, MoveKind, Phase, Pos, Posture, State};
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
    }
    mov.max(1) as u32
}

fn move_kind(d: u32, mov: u32) -> MoveKind {
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
    }
    ctx.emit(Event::Acted { fig });
    done_moving(ctx);
    Ok(())
}

/// Stand Up: the whole turn (SK-10.7.2-a, SK-11.1-a, G-41).
pub(crate) fn stand_up(ctx: &mut Ctx, fig: FigId) -> Result<(), ResolveError> {
    // SK-10.7.2-a / SK-11.1-a / G-41: one Stand Up turn; with a leg out or still down
    // from a leg hit (SK-21.4-f), only up to a knee.
    let g = ctx.s.fig(fig);
    let knee = g.leg_out || ctx.s.turn < g.leg_down_until;
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
        kind: MoveKind::StandUp,
        engaged: false,
    });
    ctx.emit(Event::Acted { fig });
    done_moving(ctx);
    Ok(())
}

fn declare_guard(ctx: &mut Ctx, fig: FigId, guard: Guard) {
    if guard != Guard::None {
        ctx.emit(Event::Guarded { fig, guard });
        // Dodge and Defend are the figure's action (SK-11.4-e).
        ctx.emit(Event::Acted { fig });
    }
}

fn done_moving(ctx: &mut Ctx) {
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
        _ => mov,
    };
    let r = reach(&ctx.s, fig, budget);
    let Some(k) = r.iter().position(|(p, _, _)| *p == to) else {
        return Err(ResolveError::Illegal(format!(
            "{} cannot reach {to}",
            ctx.s.name(fig)
        )));
    };
    let path = geometry::path_to(&r, k);
    let d = r[k].1;
    if f.immobile && !ctx.check(fig, "lift-and-move", 4, f.est(), RuleId("SK-14.2-T1"))? {
        return Ok(());
    }
    let engaged_at_end = engagers_at(&ctx.s, f.side, to);
    let kind = kind.unwrap_or_else(|| move_kind(d, mov));
    // SK-21.8-b (optional): a foe entering a covered hex, or one next to it (SK-21.8-f), is
    // shot at once; the move stops if he falls or is out.
    let mut start = 0usize;
    if ctx.s.rules.options.opportunity_fire {
        for i in 1..path.len() {
            let p = path[i];
            let watcher = ctx.s.figures.iter().position(|o| {
                o.side != f.side
                    && o.active()
                    && !o.posture.down()
                    && o.overwatch.is_some_and(|h| h.distance(p) <= 1)
                    && in_front(o, p)
                    && !line_of_fire(&ctx.s, o.pos, p).blocked
            });
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
                return Ok(());
            }
        }
    }
    let whole = path.clone();
    let path: SmallVec<[Pos; 12]> = path[start..].iter().copied().collect();
    ctx.emit(Event::Moved {
        fig,
        path,
        facing,
        kind,
        engaged: engaged_at_end != 0,
    });
    // SK-16.12-j/m: fire hexes crossed (2 hits; incendiary 4) and the one stopped in (4;
    // incendiary 8) add up before armor, and only full body armor stops fire (SK-16.12-k).
    let mut hits = 0i16;
    for (i, p) in whole.iter().enumerate().skip(1) {
        if let Some(fire) = ctx.s.fires.iter().find(|x| x.pos == *p) {
            let last = i + 1 == whole.len();
            hits += match (last, fire.incendiary) {
                (false, false) => 2,
                (false, true) => 4,
                (true, false) => 4,
                (true, true) => 8,
            };
        }
    }
    if hits > 0 && ctx.s.fig(fig).active() {
        let g = ctx.s.fig(fig).clone();
        let armor = g
            .armor
            .and_then(|a| ctx.s.rules.armor.get(usize::from(a)))
            .filter(|a| a.kind == crate::data::ArmorKind::Body)
            .map_or(0, |a| a.defense);
        deal_damage(
            ctx,
            fig,
            None,
            crate::progression::Damage::points(hits),
            1,
            armor,
            false,
            RuleId("SK-16.12-m"),
        )?;
    }
    // SK-17.10-b: moving more than 3 hexes in microgravity.
    if d > 3 {
        microgravity_check(ctx, fig)?;
    }
    // SK-17.1-b, SK-17.5-a, SK-17.6-a: bad footing or darkness when moving more than half.
    let half = mov.div_ceil(2);
    if d > half {
        let t = ctx.s.terrain(to).cloned();
        let acro = skills::has(f.skills, skills::ACROBATICS);
        let dark = dark(&ctx.s, ctx.s.fig(fig));
        let (need, dice, rule) = match t.as_ref().map(|t| t.footing) {
            Some(crate::data::Footing::Broken) => {
                (f.dex - 2, if acro { 2 } else { 3 }, "SK-17.1-b")
            }
            Some(crate::data::Footing::Ice) => (f.dex, if d > 5 { 3 } else { 2 }, "SK-17.6-a"),
            _ if dark => (f.dex, 3, "SK-17.5-a"),
            _ => (0, 0, ""),
        };
        if dice > 0 && !ctx.check(fig, "footing", dice, need, RuleId(rule))? {
            ctx.emit(Event::Effect {
                fig,
                effect: Effect::Fell,
                rule: RuleId(rule),
            });
        }
    }
    Ok(())
}
