//! The arc of fire (SK-13.6-b): "missile weapons fire in a line of fire or, in the case of
//! automatic weapons and shotguns, an arc of fire", from the centre of the firer's hex "through
//! … any center point", on to the edge of the board; anyone in it the firer does not want to hit
//! is rolled to avoid. The book gives the arc no width. Ours (option `sk.arc_of_fire =
//! "flanks"`, the default): a shot at one figure spreads between the lines from the firer's
//! centre through the centres of the two hexes that flank the target at his distance (his two
//! neighbours as far from the firer as he is), those lines left out. In front of the target that
//! is the line itself (the arc is less than a hex wide there); past him it widens by a hex to
//! each side for every further stretch of his distance, so a close target spreads the shot wider
//! behind him. The arc is for bursts and full-auto strings (automatic fire; a semi-automatic
//! shot is one bullet) and for birdshot and buckshot (a slug "acts like a single bullet",
//! SK-16.7-b); a full-auto sweep has its own arc, from one line to another (SK-16.6-j,
//! `autofire::swept`). `sk.arc_of_fire = "line"` keeps every shot to its line.

use crate::action::FireMode;
use crate::combat::modifiers::AttackSpec;
use crate::combat::weapon_of;
use crate::data::Spread;
use crate::event::AttackKind;
use crate::geometry::line_of_fire;
use crate::state::{FigId, Pos, State};
use fireteam_grid::Hex;
use smallvec::SmallVec;

/// Whether the attack fires in an arc (SK-13.6-b): a burst or a full-auto string, or a shotgun's
/// birdshot or buckshot; not with `sk.arc_of_fire = "line"`.
pub(crate) fn fires_in_arc(s: &State, spec: &AttackSpec) -> bool {
    if s.rules.options.arc_line || spec.kind != AttackKind::Missile {
        return false;
    }
    if matches!(spec.mode, Some(FireMode::Burst) | Some(FireMode::Auto)) {
        return true;
    }
    weapon_of(s, s.fig(spec.attacker), spec.slot)
        .is_some_and(|w| w.spread.is_some_and(|sp| sp != Spread::Slug))
}

/// The sign of the cross product of two axial directions: the sign of their true cross product
/// on a flat-topped hex map, so integers decide which side of a line a hex lies on.
fn cross(a: (i32, i32), b: (i32, i32)) -> i64 {
    i64::from(a.0) * i64::from(b.1) - i64::from(a.1) * i64::from(b.0)
}

fn rel(o: Hex, h: Hex) -> (i32, i32) {
    (h.q - o.q, h.r - o.r)
}

/// Whether `p` lies strictly between the lines from `from` through the two hexes flanking `to`
/// at its distance (its neighbours on that ring; a ring is a cycle, so there are always two).
pub(crate) fn in_arc(from: Pos, to: Pos, p: Pos) -> bool {
    let (o, t) = (from.hex(), to.hex());
    let d = o.distance(t);
    if d == 0 {
        return false;
    }
    let mut flanks = fireteam_grid::HexDir::ALL
        .iter()
        .map(|&dir| t.neighbour(dir))
        .filter(|n| o.distance(*n) == d);
    let (Some(a), Some(b)) = (flanks.next(), flanks.next()) else {
        return false;
    };
    let (va, vb, vp) = (rel(o, a), rel(o, b), rel(o, p.hex()));
    let turn = cross(va, vb).signum();
    turn != 0 && cross(va, vp) * turn > 0 && cross(vp, vb) * turn > 0
}

/// The figures in the arc, off the line of fire and not already in `list`, nearer than the
/// target (`past` false) or farther (`past` true), each on a line of its own the firer's shot
/// can reach (SK-13.6-b: nothing blocks sight between).
fn arc_figures(s: &State, spec: &AttackSpec, list: &[FigId], past: bool) -> SmallVec<[FigId; 4]> {
    let att = s.fig(spec.attacker);
    let tgt = s.fig(spec.target);
    let d = att.pos.distance(tgt.pos);
    let mut out: SmallVec<[FigId; 4]> = SmallVec::new();
    for (i, g) in s.figures.iter().enumerate() {
        let id = i as FigId;
        let dg = att.pos.distance(g.pos);
        if id == spec.attacker
            || id == spec.target
            || !g.active()
            || list.contains(&id)
            || (dg > d) != past
            || dg == d
            || !in_arc(att.pos, tgt.pos, g.pos)
            || line_of_fire(s, att.pos, g.pos).blocked
        {
            continue;
        }
        out.push(id);
    }
    out
}

/// SK-13.6-b: adds to the figures in the way of a shot in an arc (`between`, from its line of
/// fire) those in its arc in front of the target, and orders them nearest first, as the shot
/// meets them. A shot that does not fire in an arc is left as it is.
pub(crate) fn widen_between(s: &State, spec: &AttackSpec, between: &mut SmallVec<[FigId; 4]>) {
    if !fires_in_arc(s, spec) {
        return;
    }
    let more = arc_figures(s, spec, between, false);
    if !more.is_empty() {
        between.extend(more);
        by_distance(s, spec.attacker, between);
    }
}

/// SK-13.6-b: adds to the figures past the target on the line of fire (`order`) those in the
/// arc past him, nearest first.
pub(crate) fn widen_past(s: &State, spec: &AttackSpec, order: &mut SmallVec<[FigId; 4]>) {
    if !fires_in_arc(s, spec) {
        return;
    }
    let more = arc_figures(s, spec, order, true);
    if !more.is_empty() {
        order.extend(more);
        by_distance(s, spec.attacker, order);
    }
}

/// Nearest the firer first; figures as near keep their order (the line's, then figure order).
fn by_distance(s: &State, firer: FigId, list: &mut SmallVec<[FigId; 4]>) {
    let from = s.fig(firer).pos;
    list.sort_by_key(|&f| from.distance(s.fig(f).pos));
}
