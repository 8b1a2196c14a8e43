//! Microgravity (§17.10; G-54, E-20): how a figure who has lost his footing drifts. The
//! footing save itself is `combat::footing` (SK-17.10-b/h).
//!
//! A floating figure's drift is a vector in quarter-hexes per turn (`Figure::drift`, axial
//! q, r: G-54 counts speeds in quarter-hexes, integers only), so pushes from any side add up
//! (SK-17.10-e, E-20) and a push against the drift slows it down (SK-17.10-i). Where he is
//! between two hexes is kept in `Figure::drift_acc`, also in quarter-hexes.
//!
//! - He gets a drift by running when he loses his footing (SK-17.10-c: as many hexes a turn
//!   as he moved, the way his last step went), by pushing off on purpose (SK-17.10-d), by
//!   firing a weapon with recoil (straight back from the line of fire) or being hit by one
//!   (along it) (SK-17.10-e/f: ¼, ½ or 1 hex a turn by the weapon's two-handed ST, per round
//!   fired or bullet that hit).
//! - He drifts at the start of every turn, before initiative ([`drift_all`]): the book's
//!   floater moves "every turn" and cannot use his feet, so his drift is his movement, made
//!   before anyone else's.
//! - A wall stops him, with 1 hit per 3 hexes a turn of speed (SK-17.10-i, G-54); a person he
//!   drifts into makes the footing save: kept, he stops; lost, both float at half his speed
//!   (SK-17.10-j); his tether stops him at its length (SK-17.10-k); past the map's edge he
//!   floats off and is lost to the battle.
//! - A floater turns 1 hex-side a turn (2 with Astrobatics) (SK-17.10-g), may turn and fire
//!   against his drift to slow it ([`brake`], SK-17.10-i), and pulls himself along his tether
//!   at half MOV ([`pull`], SK-17.10-k).
//!
//! Directions: a line of fire from hex A to hex B is the hex-side whose step is nearest in
//! angle to B − A (the largest dot product in cube coordinates); a line exactly between two
//! hex-sides goes to the one nearer the firer's facing ([`nearest_side`]).

use crate::action::Action;
use crate::combat::ctx::Ctx;
use crate::combat::damage::deal_damage;
use crate::combat::footing::footing_save;
use crate::data::{Wall, Weapon};
use crate::event::{Effect, Event};
use crate::geometry::engagers_at;
use crate::hands::{str_for_grip, Grip};
use crate::progression::Damage;
use crate::skills;
use crate::state::{hex_dir, FigId, Figure, Pos, State};
use crate::turn::movement::{done_moving, move_kind, movement_allowance, walk_path};
use fireteam_engine::{ResolveError, RuleId};
use fireteam_scenario::{Catalog, FieldError, Scenario, Value};
use smallvec::SmallVec;

/// Quarter-hexes in a hex (G-54).
pub const Q: i32 = 4;

/// The largest drift component kept, in quarter-hexes (30 hexes a turn).
const MAX_Q: i32 = 120;

/// A hex-side's axial step (0..6 clockwise from north).
fn step(d: u8) -> [i32; 2] {
    let v = hex_dir(d).vector();
    [v.q, v.r]
}

/// Cube coordinates [q, s, r] of an axial vector: their dot product is the Euclidean one.
fn cube(v: [i32; 2]) -> [i32; 3] {
    [v[0], -v[0] - v[1], v[1]]
}

fn wide(v: [i8; 2]) -> [i32; 2] {
    [i32::from(v[0]), i32::from(v[1])]
}

/// Hex-sides between two facings (0..=3).
pub fn side_gap(a: u8, b: u8) -> u8 {
    let k = (a % 6 + 6 - b % 6) % 6;
    k.min(6 - k)
}

/// The length of an axial vector in hex steps (in quarter-hexes for a drift).
pub fn length(v: [i32; 2]) -> i32 {
    let c = cube(v);
    (c[0].abs() + c[1].abs() + c[2].abs()) / 2
}

/// SK-17.10-f: the hex-side nearest in angle to the vector `v`; a tie (a line exactly between
/// two hex-sides) goes to the side nearer to `prefer`, then to the lower index. The zero
/// vector gives `prefer`.
pub fn nearest_side(v: [i32; 2], prefer: u8) -> u8 {
    let c = cube(v);
    let mut best = (i32::MIN, u8::MAX, 0u8);
    for d in 0..6u8 {
        let u = cube(step(d));
        let dot = c[0] * u[0] + c[1] * u[1] + c[2] * u[2];
        let gap = side_gap(d, prefer);
        if dot > best.0 || (dot == best.0 && gap < best.1) {
            best = (dot, gap, d);
        }
    }
    best.2
}

/// The direction of the line from `a` to `b` (SK-17.10-f).
pub fn line_side(a: Pos, b: Pos, prefer: u8) -> u8 {
    let v = b.hex() - a.hex();
    nearest_side([v.q, v.r], prefer)
}

/// Splits an axial vector into `a` steps of hex-side `i` and `b` of hex-side `i + 1`, both
/// at least 0: every hex vector lies between two neighbouring hex-sides, which form a basis.
fn split(v: [i32; 2]) -> (u8, i32, i32) {
    for i in 0..6u8 {
        let (e, f) = (step(i), step((i + 1) % 6));
        let det = e[0] * f[1] - e[1] * f[0];
        let a = (v[0] * f[1] - v[1] * f[0]) / det;
        let b = (e[0] * v[1] - e[1] * v[0]) / det;
        if a >= 0 && b >= 0 {
            return (i, a, b);
        }
    }
    (0, 0, 0)
}

/// `v` plus `quarters` toward hex-side `d`, each component kept within ±30 hexes a turn.
fn add(v: [i8; 2], d: u8, quarters: i32) -> [i8; 2] {
    let s = step(d);
    [
        (i32::from(v[0]) + s[0] * quarters).clamp(-MAX_Q, MAX_Q) as i8,
        (i32::from(v[1]) + s[1] * quarters).clamp(-MAX_Q, MAX_Q) as i8,
    ]
}

/// SK-17.10-e, E-20: the push of one round of a weapon with recoil (one with a STR minimum,
/// SK-17.10-b), in quarter-hexes a turn, by the STR it asks held in both hands (half for a
/// one-handed gun, SK-13.1-g): 6 or less ¼ hex, 7 to 14 ½, over 14 1. `None`: no recoil.
pub fn recoil_quarters(w: &Weapon) -> Option<i32> {
    str_for_grip(w, Grip::TwoHands).map(push_for_st)
}

/// SK-17.10-e: quarter-hexes a turn by two-handed ST.
fn push_for_st(st: i16) -> i32 {
    match st {
        ..=6 => 1,
        7..=14 => 2,
        _ => 4,
    }
}

/// The drift of `fig` becomes `vel`, `acc` quarter-hexes on its way.
fn set_drift(ctx: &mut Ctx, fig: FigId, vel: [i8; 2], acc: [i8; 2], rule: &'static str) {
    let facing = ctx.s.fig(fig).facing;
    let v = wide(vel);
    ctx.emit(Event::Drift {
        fig,
        vel,
        acc,
        speed_q: length(v).clamp(0, 255) as u8,
        dir: nearest_side(v, facing),
        rule: RuleId(rule),
    });
}

/// Adds `quarters` of drift toward hex-side `dir` to a floating figure (SK-17.10-e: speeds
/// add up, E-20).
fn push(ctx: &mut Ctx, fig: FigId, dir: u8, quarters: i32, rule: &'static str) {
    let f = ctx.s.fig(fig);
    if !f.floating || !f.active() || quarters == 0 {
        return;
    }
    let (vel, acc) = (add(f.drift, dir, quarters), f.drift_acc);
    set_drift(ctx, fig, vel, acc, rule);
}

/// SK-17.10-e/f: firing `rounds` of a weapon with recoil pushes a floating firer straight back
/// from the line of fire.
pub(crate) fn recoil(ctx: &mut Ctx, attacker: FigId, target: FigId, w: &Weapon, rounds: u8) {
    let Some(q) = recoil_quarters(w).filter(|_| ctx.s.rules.options.microgravity) else {
        return;
    };
    let (a, t) = (ctx.s.fig(attacker), ctx.s.fig(target));
    if a.pos == t.pos {
        return;
    }
    let dir = line_side(a.pos, t.pos, a.facing);
    push(
        ctx,
        attacker,
        (dir + 3) % 6,
        q * i32::from(rounds.max(1)),
        "SK-17.10-f",
    );
}

/// SK-17.10-e/f: each bullet of a weapon with recoil that hits pushes a floating target the
/// way the shot was going (hit in the back, he drifts forward).
pub(crate) fn hit_push(ctx: &mut Ctx, attacker: FigId, target: FigId, w: &Weapon, bullets: u8) {
    let Some(q) = recoil_quarters(w).filter(|_| ctx.s.rules.options.microgravity) else {
        return;
    };
    let (a, t) = (ctx.s.fig(attacker), ctx.s.fig(target));
    if a.pos == t.pos || bullets == 0 {
        return;
    }
    let dir = line_side(a.pos, t.pos, a.facing);
    push(ctx, target, dir, q * i32::from(bullets), "SK-17.10-e");
}

/// SK-17.10-c: a figure who lost his footing running drifts on the way his last step went, as
/// many hexes a turn as he moved (`d`).
pub(crate) fn ran_adrift(ctx: &mut Ctx, fig: FigId, path: &[Pos], d: u32) {
    let f = ctx.s.fig(fig);
    if !f.floating || path.len() < 2 {
        return;
    }
    let dir = line_side(path[path.len() - 2], path[path.len() - 1], f.facing);
    let vel = add([0, 0], dir, d as i32 * Q);
    set_drift(ctx, fig, vel, [0, 0], "SK-17.10-c");
}

/// SK-17.10-h: regaining footing ends the drift.
pub(crate) fn at_rest(ctx: &mut Ctx, fig: FigId) {
    let f = ctx.s.fig(fig);
    if f.drift != [0, 0] || f.drift_acc != [0, 0] {
        set_drift(ctx, fig, [0, 0], [0, 0], "SK-17.10-h");
    }
}

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

/// The tether of `f` reaches `p` (SK-17.10-k).
pub fn tether_reaches(f: &Figure, p: Pos) -> bool {
    f.tether == 0 || f.tether_anchor.distance(p) <= u32::from(f.tether)
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

// ---- the floating figure's options

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

/// SK-17.10-k: the hexes along the tether toward its anchor, up to half MOV, before a wall or
/// a person.
fn pull_path(s: &State, f: &Figure, out: &mut SmallVec<[Pos; 12]>) {
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
                    | Action::Grab { to, .. } => tether_reaches(f, *to),
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
        .filter(|w| w.ranged())
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

// ---- the scenario's tethers (GM input)

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
                                "{}: the anchor is {} hexes from where he starts, past his {len}-hex tether",
                                u.name,
                                a.distance(at)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sk_17_10_f_a_line_between_two_hex_sides_goes_to_the_one_nearer_the_facing() {
        // (q, r) = (1, 1) lies exactly between SE (1, 0) and S (0, 1).
        assert_eq!(nearest_side([1, 1], 2), 2);
        assert_eq!(nearest_side([1, 1], 3), 3);
        // A facing as far from both goes to the lower index.
        assert_eq!(nearest_side([1, 1], 0), 2);
        // Along a hex-side, and nearer one side than the other.
        assert_eq!(nearest_side([0, -5], 3), 0);
        assert_eq!(nearest_side([2, 1], 0), 2);
        assert_eq!(nearest_side([0, 0], 4), 4);
    }

    #[test]
    fn g_54_every_drift_splits_into_two_neighbouring_hex_sides_and_adds_back_up() {
        for q in -40..=40 {
            for r in -40..=40 {
                let (i, a, b) = split([q, r]);
                let (e, f) = (step(i), step((i + 1) % 6));
                assert!(a >= 0 && b >= 0, "{q}, {r}");
                assert_eq!([a * e[0] + b * f[0], a * e[1] + b * f[1]], [q, r]);
                // The hex length is the number of steps.
                assert_eq!(a + b, length([q, r]), "{q}, {r}");
            }
        }
    }

    #[test]
    fn sk_17_10_e_the_push_by_two_handed_st() {
        let quarters: Vec<i32> = (1..=20).map(push_for_st).collect();
        // ¼ hex up to 6, ½ from 7 to 14, 1 hex over 14.
        assert_eq!(&quarters[..6], &[1; 6]);
        assert_eq!(&quarters[6..14], &[2; 8]);
        assert_eq!(&quarters[14..], &[4; 6]);
    }
}
