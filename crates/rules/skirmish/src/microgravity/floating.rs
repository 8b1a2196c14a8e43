//! The options of a floating figure, and of one who would float (§17.10): letting go and
//! pushing off (SK-17.10-d), turning one hex-side a turn (SK-17.10-g), firing against the
//! drift (SK-17.10-i); the tether's limit on moves and its pulls (SK-17.10-k, `tether.rs`).

use super::tether::{pull_path, tether_reaches};
use super::{add, nearest_side, push, recoil_quarters, set_drift, side_gap, wide, Q};
use crate::action::Action;
use crate::combat::ctx::Ctx;
use crate::data::Weapon;
use crate::event::{Effect, Event};
use crate::geometry::engagers_at;
use crate::skills;
use crate::state::{FigId, Figure, Pos, State};
use crate::turn::movement::{done_moving, move_kind, movement_allowance, walk_path};
use fireteam_engine::{ResolveError, RuleId};
use smallvec::SmallVec;

/// SK-17.10-g: a floating figure turns one hex-side a turn, two with Astrobatics.
pub fn may_face(f: &Figure, facing: u8) -> bool {
    let most = if skills::has(f.skills, skills::bit("astrobatics")) {
        2
    } else {
        1
    };
    side_gap(facing, f.facing) <= most
}

/// SK-17.10-d: the hexes a standing figure may push off to in a straight line, up to his MOV:
/// free, within his tether, stopping at the first hex in an enemy's threat zone (SK-10-d).
fn push_offs(s: &State, f: &Figure, out: &mut Vec<Action>) {
    let mov = movement_allowance(s, f);
    for d in 0..6u8 {
        let mut p = f.pos;
        for _ in 0..mov {
            p = p.neighbour(d);
            if !s.passable(p) || s.anyone_at(p) || !tether_reaches(f, p) {
                break;
            }
            out.push(Action::Float { fig: f.id, to: p });
            if engagers_at(s, f.side, p) != 0 {
                break;
            }
        }
    }
}

/// The hex-side of a straight push-off from `from` to `to`, if `to` is on one.
fn straight(from: Pos, to: Pos) -> Option<(u8, u32)> {
    let n = from.distance(to);
    (0..6u8).find_map(|d| {
        let mut p = from;
        for _ in 0..n {
            p = p.neighbour(d);
        }
        (p == to && n > 0).then_some((d, n))
    })
}

/// The movement options of §17.10 after every other one: moves kept within the tether
/// (SK-17.10-k), letting go or pushing off to float (SK-17.10-d), and a floater's pulls
/// along his tether (SK-17.10-k).
pub(crate) fn movement_actions(s: &State, id: FigId, out: &mut Vec<Action>, start: usize) {
    let f = s.fig(id);
    if f.tether > 0 {
        let mut k = 0;
        out.retain(|a| {
            k += 1;
            k <= start
                || match a {
                    Action::Move { to, .. }
                    | Action::Shift { to, .. }
                    | Action::Crawl { to, .. }
                    | Action::Grab { to, .. }
                    | Action::StandUpAndMove { to, .. } => tether_reaches(f, *to),
                    _ => true,
                }
        });
    }
    if !s.rules.options.microgravity || f.in_hth {
        return;
    }
    if f.floating {
        let mut path = SmallVec::new();
        pull_path(s, f, &mut path);
        for &to in path.iter().skip(1) {
            out.push(Action::Pull { fig: id, to });
        }
    } else if !f.posture.down() && !f.leg_out && s.turn >= f.leg_down_until {
        out.push(Action::Float { fig: id, to: f.pos });
        push_offs(s, f, out);
    }
}

/// SK-17.10-d: he lets go and floats where he is, or pushes off in a straight line to `to`
/// (a move like any other on the way) and drifts on that way at as many hexes a turn
/// (SK-17.10-c).
pub(crate) fn float(ctx: &mut Ctx, fig: FigId, to: Pos) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let mut side = f.facing;
    let mut moved = 0u32;
    if to != f.pos {
        let Some((d, n)) = straight(f.pos, to) else {
            return Err(ResolveError::Illegal(format!(
                "{} cannot push off to {to}",
                ctx.s.name(fig)
            )));
        };
        let mut path: SmallVec<[Pos; 12]> = SmallVec::new();
        path.push(f.pos);
        for _ in 0..n {
            let p = path[path.len() - 1].neighbour(d);
            path.push(p);
        }
        let mov = movement_allowance(&ctx.s, &f);
        walk_path(ctx, fig, &path, n, mov, d, move_kind(n, mov), false)?;
        side = d;
        moved = f.pos.distance(ctx.s.fig(fig).pos);
    }
    if ctx.s.fig(fig).active() {
        ctx.emit(Event::Effect {
            fig,
            effect: Effect::Floating { on: true },
            rule: RuleId("SK-17.10-d"),
        });
        if moved > 0 {
            let vel = add([0, 0], side, moved as i32 * Q);
            set_drift(ctx, fig, vel, [0, 0], "SK-17.10-d");
        }
    }
    done_moving(ctx);
    Ok(())
}

/// SK-17.10-i: the ready weapon a floating figure may fire against his drift: one with recoil
/// and a round left, with the drift's hex-side in his front (SK-17.10-g).
pub(crate) fn brake_slot(s: &State, f: &Figure) -> Option<(u8, &'static Weapon)> {
    if !s.rules.options.microgravity || !f.floating || f.drift == [0, 0] || f.acted {
        return None;
    }
    let k = f.ready?;
    let slot = f.ready_slot()?;
    let w: &'static Weapon = &s.rules.weapons[usize::from(slot.weapon)];
    let side = nearest_side(wide(f.drift), f.facing);
    let ok = w.class == crate::data::Class::Missile
        && recoil_quarters(w).is_some()
        && (w.rounds == 0 || slot.rounds > 0)
        && side_gap(side, f.facing) <= 1;
    ok.then_some((k, w))
}

/// The actions of §17.10 after every other one: firing against the drift (SK-17.10-i), and
/// a shot or throw at the tether of a foe he may shoot or throw at now (SK-17.10-k).
pub(crate) fn action_actions(s: &State, id: FigId, out: &mut Vec<Action>) {
    if brake_slot(s, s.fig(id)).is_some() {
        out.push(Action::Brake { fig: id });
    }
    let mut tethered: SmallVec<[FigId; 4]> = SmallVec::new();
    for a in out.iter() {
        let t = match *a {
            Action::Shoot {
                fig,
                target,
                mode: crate::action::FireMode::Single,
            }
            | Action::Throw { fig, target }
                if fig == id =>
            {
                target
            }
            _ => continue,
        };
        if s.fig(t).tether > 0 && !tethered.contains(&t) {
            tethered.push(t);
        }
    }
    for target in tethered {
        out.push(Action::ShootTether { fig: id, target });
    }
}

/// SK-17.10-i, G-54: he turns and fires one round along his drift, at no one; its recoil
/// pushes against the drift and can bring it to 0.
pub(crate) fn brake(ctx: &mut Ctx, fig: FigId) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let Some((slot, w)) = brake_slot(&ctx.s, &f) else {
        return Err(ResolveError::Illegal(format!(
            "{} cannot fire against his drift",
            ctx.s.name(fig)
        )));
    };
    ctx.emit(Event::Acted { fig });
    crate::attack::missile::spend_shot(ctx, fig, slot, w, 1);
    let side = nearest_side(wide(f.drift), f.facing);
    let q = recoil_quarters(w).unwrap_or(0);
    push(ctx, fig, (side + 3) % 6, q, "SK-17.10-i");
    Ok(())
}
