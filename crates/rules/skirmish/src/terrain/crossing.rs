//! What a move crosses (SK-10.2-a, SK-10.6, SK-17.7-f, SK-17.8-a): ordinary ground is walked;
//! a 1 m wall or a pit 1 m deep or more is jumped in a straight line to the hex beyond, or a pit
//! up to 2 m deep is climbed down into (the move ends there); a fallen, unconscious or dead
//! figure's hex is stepped into (and the move ends) or jumped over. [`crate::geometry::reach`]
//! offers the paths; [`cross`] walks the chosen one, making the checks where the book puts them
//! and stopping where a check fails.

use crate::combat::ctx::Ctx;
use crate::event::{Effect, Event};
use crate::geometry::engagers_of;
use crate::skills;
use crate::state::{FigId, MoveKind, Pos, State};
use crate::terrain::jumping::{jump, Jump};
use fireteam_engine::{ResolveError, RuleId};

/// Who is in a hex, for moving into it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Occupied {
    Empty,
    /// Only fallen, prone, unconscious or dead figures (SK-10.6-b).
    Down,
    /// A standing or kneeling figure: never passed (SK-10.6-a).
    Up,
}

pub fn occupied(s: &State, p: Pos, me: FigId) -> Occupied {
    let mut o = Occupied::Empty;
    // SK-19.1-b: one who escaped the arena from this hex is no longer in it.
    let here = |f: &&crate::state::Figure| {
        f.pos == p && f.id != me && f.condition != crate::state::Condition::Escaped
    };
    for f in s.figures.iter().filter(here) {
        // A hand-to-hand brawl is joined only by going hand to hand (SK-16.15.3-d), never by
        // walking in or over it, even when its fighters are down (G-39 (5)).
        if (f.active() && !f.posture.down()) || (f.active() && f.in_hth) {
            return Occupied::Up;
        }
        o = Occupied::Down;
    }
    o
}

/// Ordinary ground: entered by a step.
pub fn ground(s: &State, p: Pos) -> bool {
    s.passable(p)
}

/// Crossed only by a jump: a 1 m wall or a pit 1 m deep or more (SK-17.7-f, SK-17.8-a).
pub fn obstacle(s: &State, p: Pos) -> bool {
    s.on_map(p) && s.terrain(p).is_some_and(|t| t.must_jump())
}

/// A pit 1 m deep or more (SK-17.8-a).
pub fn pit(s: &State, p: Pos) -> bool {
    s.terrain(p).is_some_and(|t| t.is_pit())
}

/// A pit over 2 m deep (SK-10.3-b).
pub fn deep_pit(s: &State, p: Pos) -> bool {
    s.terrain(p).is_some_and(|t| t.deep_pit())
}

/// A hex a path only passes over in a jump: a pit or 1 m wall, or a fallen figure's hex
/// (SK-10.2-a, SK-10.6-c). (A path that starts in a pit walks its floor instead; such paths
/// never go on into these hexes from ground level without a jump.)
pub fn in_the_air(s: &State, me: FigId, p: Pos) -> bool {
    let f = s.fig(me);
    (obstacle(s, p) && !pit(s, f.pos)) || occupied(s, p, me) == Occupied::Down
}

/// SK-17.9-d, G-56: a jump's width under gravity, round(width × g), at least 1 (integers:
/// gravity in percent, halves rounded up).
pub fn effective_width(width: u8, gravity_percent: u16) -> u8 {
    let w = (u32::from(width) * u32::from(gravity_percent) + 50) / 100;
    w.clamp(1, 255) as u8
}

/// SK-10.2-a: the dice of a jump's saving roll: 2 for one hex, 5 for two, 8 for three; no
/// wider jump (`None`).
pub fn jump_dice(effective: u8) -> Option<u8> {
    match effective {
        0 | 1 => Some(2),
        2 => Some(5),
        3 => Some(8),
        _ => None,
    }
}

/// The widest run of obstacles scanned for a jump: at the lowest gravity a long pit can still
/// count as three hexes or fewer (SK-17.9-d).
pub(crate) const MAX_RUN: u8 = 8;

/// A jump from the hex before `first` (the first obstacle) in direction `dir`: its width and
/// the landing hex, ordinary ground with no one in it, if the width under this gravity is one
/// the book gives dice for (SK-10.2-a, SK-17.9-d).
pub fn jump_landing(s: &State, first: Pos, dir: u8, me: FigId) -> Option<(u8, Pos)> {
    let mut h = first;
    let mut width = 0u8;
    while obstacle(s, h) {
        width += 1;
        if width > MAX_RUN {
            return None;
        }
        h = h.neighbour(dir);
    }
    let eff = effective_width(width, s.rules.options.gravity_percent);
    let ok = width > 0
        && jump_dice(eff).is_some()
        && ground(s, h)
        && occupied(s, h, me) == Occupied::Empty;
    ok.then_some((width, h))
}

/// Where a walk along a path ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Crossed {
    /// The index in the path of the hex the figure is in at the end.
    pub at: usize,
    /// A check failed on the way: the figure fell (or fell in) and the move ended there.
    pub fell: bool,
}

/// Walks `path` from index `start` (the figure's hex), emitting the move in pieces around
/// each check: a jump over pits and walls (SK-10.2), over a fallen figure (SK-10.6-c, 3 MOV),
/// or into a fallen figure's hex at the end (SK-10.6-b). A path with none of these is one
/// `Moved` event, as before. `engaged` says whether the whole path ends engaged.
pub(crate) fn cross(
    ctx: &mut Ctx,
    fig: FigId,
    path: &[Pos],
    start: usize,
    facing: u8,
    kind: MoveKind,
    engaged: bool,
) -> Result<Crossed, ResolveError> {
    let last = path.len() - 1;
    let mut piece = start;
    let mut i = start;
    let mut in_pit = pit(&ctx.s, path[start]);
    while i < last {
        let n = path[i + 1];
        if in_pit {
            in_pit = pit(&ctx.s, n);
            i += 1;
            continue;
        }
        if obstacle(&ctx.s, n) {
            if i + 1 == last {
                // SK-17.8-a: down into a pit, where the move ends.
                i += 1;
                in_pit = true;
                continue;
            }
            let mut j = i + 1;
            while j < last && obstacle(&ctx.s, path[j]) {
                j += 1;
            }
            emit_piece(ctx, fig, &path[piece..=i], facing, kind);
            match jump(ctx, fig, path[i], &path[i + 1..j], path[j])? {
                Jump::Landed => {
                    piece = i;
                    i = j;
                }
                Jump::PulledUp => {
                    emit_piece(ctx, fig, &path[i..=j], facing, kind);
                    return Ok(Crossed { at: j, fell: false });
                }
                Jump::Fell(k) => {
                    return Ok(Crossed {
                        at: i + 1 + k,
                        fell: true,
                    })
                }
            }
            continue;
        }
        if occupied(&ctx.s, n, fig) == Occupied::Down {
            if i + 1 == last {
                // SK-10.6-b: into a fallen figure's hex, and stop: 3d6 vs DEX not to fall.
                let piece_end = &path[piece..=last];
                ctx.emit(Event::Moved {
                    fig,
                    path: piece_end.iter().copied().collect(),
                    facing,
                    kind,
                    engaged,
                });
                let ok = balance(ctx, fig, RuleId("SK-10.6-b"))?;
                return Ok(Crossed {
                    at: last,
                    fell: !ok,
                });
            }
            // SK-10.6-c: over him, at 3 MOV for his hex, and the same roll.
            emit_piece(ctx, fig, &path[piece..=i], facing, kind);
            let extra = ctx.s.rules.options.jump_figure_mov.saturating_sub(1);
            if extra > 0 {
                ctx.emit(Event::MovSpent {
                    fig,
                    mov: extra,
                    rule: RuleId("SK-10.6-c"),
                });
            }
            let ok = balance(ctx, fig, RuleId("SK-10.6-c"))?;
            if ok {
                ctx.emit(Event::Jumped {
                    fig,
                    from: path[i],
                    to: path[i + 2],
                    width: 1,
                    effective: 1,
                    rule: RuleId("SK-10.6-c"),
                });
                piece = i;
                i += 2;
                continue;
            }
            // He falls where he lands, and the move ends there.
            emit_piece(ctx, fig, &path[i..=i + 2], facing, kind);
            ctx.emit(Event::Effect {
                fig,
                effect: Effect::Fell,
                rule: RuleId("SK-10.6-c"),
            });
            return Ok(Crossed {
                at: i + 2,
                fell: true,
            });
        }
        i += 1;
    }
    let engaged = if piece == start {
        engaged
    } else {
        engagers_of(&ctx.s, ctx.s.fig(fig), path[last]) != 0
    };
    ctx.emit(Event::Moved {
        fig,
        path: path[piece..].iter().copied().collect(),
        facing,
        kind,
        engaged,
    });
    Ok(Crossed {
        at: last,
        fell: false,
    })
}

/// A piece of the move up to a check, if it goes anywhere.
fn emit_piece(ctx: &mut Ctx, fig: FigId, piece: &[Pos], facing: u8, kind: MoveKind) {
    if piece.len() > 1 {
        ctx.emit(Event::Moved {
            fig,
            path: piece.iter().copied().collect(),
            facing,
            kind,
            engaged: false,
        });
    }
}

/// SK-10.6-b/c: 3d6 vs DEX to avoid falling (2d6 with Acrobatics, SK-6.4.1-a: a balance
/// check); a failure is a fall where he is.
fn balance(ctx: &mut Ctx, fig: FigId, rule: RuleId) -> Result<bool, ResolveError> {
    let f = ctx.s.fig(fig);
    let dice = if skills::has(f.skills, skills::ACROBATICS) {
        2
    } else {
        3
    };
    let dex = f.dex;
    let ok = ctx.check(fig, "balance", dice, dex, rule)?;
    if !ok && rule.0 == "SK-10.6-b" {
        ctx.emit(Event::Effect {
            fig,
            effect: Effect::Fell,
            rule,
        });
    }
    Ok(ok)
}
