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
//! - He drifts at the start of every turn, before initiative ([`drift::drift_all`]): the book's
//!   floater moves "every turn" and cannot use his feet, so his drift is his movement, made
//!   before anyone else's.
//! - A wall stops him, with 1 hit per 3 hexes a turn of speed (SK-17.10-i, G-54); a person he
//!   drifts into makes the footing save: kept, he stops; lost, both float at half his speed
//!   (SK-17.10-j); his tether stops him at its length (SK-17.10-k); past the map's edge he
//!   floats off and is lost to the battle.
//! - A floater turns 1 hex-side a turn (2 with Astrobatics) (SK-17.10-g), may turn and fire
//!   against his drift to slow it ([`floating::brake`], SK-17.10-i), and pulls himself along his tether
//!   at half MOV ([`tether::pull`], SK-17.10-k).
//!
//! Directions: a line of fire from hex A to hex B is the hex-side whose step is nearest in
//! angle to B − A (the largest dot product in cube coordinates); a line exactly between two
//! hex-sides goes to the one nearer the firer's facing ([`nearest_side`]).
//!
//! `drift.rs`: the drift of each turn and what stops it. `floating.rs`: the floater's and the
//! would-be floater's options. `tether.rs`: the tether's reach, pulling along it, shooting at
//! it, and the scenario's tethers.

pub mod drift;
pub mod floating;
pub mod tether;

pub(crate) use drift::drift_all;
pub use floating::may_face;
pub(crate) use floating::{action_actions, brake, float, movement_actions};
pub use tether::{check_scenario, tether_reaches, TETHER_ST};
pub(crate) use tether::{pull, shoot_tether};

use crate::combat::ctx::Ctx;
use crate::data::Weapon;
use crate::event::Event;
use crate::hands::{str_for_grip, Grip};
use crate::state::{hex_dir, FigId, Pos};
use fireteam_engine::RuleId;

/// Quarter-hexes in a hex (G-54).
pub const Q: i32 = 4;

/// The largest drift component kept, in quarter-hexes (30 hexes a turn).
pub(crate) const MAX_Q: i32 = 120;

/// A hex-side's axial step (0..6 clockwise from north).
pub(crate) fn step(d: u8) -> [i32; 2] {
    let v = hex_dir(d).vector();
    [v.q, v.r]
}

/// Cube coordinates [q, s, r] of an axial vector: their dot product is the Euclidean one.
pub(crate) fn cube(v: [i32; 2]) -> [i32; 3] {
    [v[0], -v[0] - v[1], v[1]]
}

pub(crate) fn wide(v: [i8; 2]) -> [i32; 2] {
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
pub(crate) fn split(v: [i32; 2]) -> (u8, i32, i32) {
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
pub(crate) fn add(v: [i8; 2], d: u8, quarters: i32) -> [i8; 2] {
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
pub(crate) fn set_drift(ctx: &mut Ctx, fig: FigId, vel: [i8; 2], acc: [i8; 2], rule: &'static str) {
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
pub(crate) fn push(ctx: &mut Ctx, fig: FigId, dir: u8, quarters: i32, rule: &'static str) {
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
