//! Automatic fire down the line (SK-16.6, G-14, G-32): a burst or a full-auto string rolls to
//! avoid the figures in front first, each failure taking as many bullets as it failed by
//! (SK-16.6-g, E-10); then one roll at the target with the rounds still flying (the automatic
//! fire bonus recomputed); the rounds that miss him, or fly past when 8 hits knock him down
//! (SK-16.6-i), go on down the line (G-14 step 5). And the full-auto sweep across the arc of
//! fire (SK-16.6-j/k, GAPS §E #22).

use crate::action::FireMode;
use crate::attack::brawl;
use crate::attack::stray::{avoid, avoid_mods, beyond};
use crate::autoresult::ToHit;
use crate::combat::ctx::Ctx;
use crate::combat::modifiers::{attack_mods_in, string_mods, AttackSpec};
use crate::combat::strike::{land, roll_to_land};
use crate::combat::weapon_of;
use crate::event::{Event, Mods};
use crate::geometry::line_of_fire;
use crate::legal::targets::shootable;
use crate::state::{FigId, Figure, State};
use fireteam_engine::{Modifier, ResolveError, RuleId};
use smallvec::SmallVec;

/// A burst or full-auto string of `spec.rounds` rounds at `spec.target` (G-14's automatic-fire
/// procedure).
pub(crate) fn string_at(ctx: &mut Ctx, spec: &AttackSpec) -> Result<(), ResolveError> {
    let att = ctx.s.fig(spec.attacker).clone();
    let tgt = ctx.s.fig(spec.target).clone();
    let mut left = spec.rounds;
    // SK-16.6-g: the figures in the way first, nearest first; "any rounds that miss John could
    // still hit Zorgo's intended target".
    let mut lof = line_of_fire(&ctx.s, att.pos, tgt.pos);
    // SK-13.6-b: automatic fire's arc.
    crate::attack::arc::widen_between(&ctx.s, spec, &mut lof.between);
    // The exact odds: before each roll of the string, what is left of it depends on the rolls
    // so far only through the rounds left and the state (the line was drawn before them).
    let since = ctx.mark();
    for (i, &b) in lof.between.iter().enumerate() {
        ctx.checkpoint(since, "string-between", &[i as i64, i64::from(left)])?;
        let by = ctx.s.fig(b).clone();
        // SK-12.2-c: an adjacent friend beside the attacker is never in the way.
        if (by.side == att.side && by.pos.distance(att.pos) == 1) || !by.active() {
            continue;
        }
        let mods = avoid_mods(ctx, spec, b, left);
        left -= avoid(ctx, spec, b, left, mods, RuleId("SK-16.6-g"))?;
        if left == 0 {
            return Ok(());
        }
    }
    // The target, with the rounds still flying.
    ctx.checkpoint(since, "string-target", &[i64::from(left)])?;
    let (mut mods, dice, dark) = attack_mods_in(ctx, spec);
    string_mods(&mut mods, left);
    let rolled = roll_to_land(ctx, spec, (mods, dice, dark), left)?;
    let struck = land(ctx, spec, rolled, left)?;
    match struck.result {
        ToHit::Hit { .. } => left -= struck.landed,
        ToHit::Miss { .. } => {}
        // A dropped or jammed weapon fires no more of the string.
        ToHit::Dropped | ToHit::Broken => return Ok(()),
    }
    if left > 0 && !struck.result.is_hit() {
        left = brawl::others_after_miss(ctx, spec, left)?;
    }
    if left > 0 {
        beyond(ctx, spec, left)?;
    }
    Ok(())
}

/// SK-16.6-j/k: the figures a full-auto sweep from the line through `from` to the line through
/// `to` reaches, in the order the sweep meets them: every figure the firer could shoot whose
/// direction lies between the two lines (on the smaller side), the lines included, on to the
/// board's edge (SK-13.6-b); by direction from `from` towards `to`, then nearest first. Figures
/// in a brawl are left out (a brawl is shot into only as SK-16.15.3-g says).
pub(crate) fn swept(s: &State, fig: FigId, from: FigId, to: FigId) -> SmallVec<[FigId; 8]> {
    let f = s.fig(fig);
    let o = f.pos.hex();
    let v = |g: &Figure| {
        let h = g.pos.hex();
        (h.q - o.q, h.r - o.r)
    };
    let (va, vb) = (v(s.fig(from)), v(s.fig(to)));
    let turn = cross(va, vb).signum();
    if turn == 0 {
        return SmallVec::new();
    }
    let mut out: SmallVec<[FigId; 8]> = s
        .figures
        .iter()
        .enumerate()
        .filter(|(i, g)| {
            let vg = v(g);
            *i != usize::from(fig)
                && g.active()
                && !g.in_hth
                && cross(va, vg) * turn >= 0
                && cross(vg, vb) * turn >= 0
                && shootable(s, f, g)
        })
        .map(|(i, _)| i as FigId)
        .collect();
    out.sort_by(|&x, &y| {
        let (vx, vy) = (v(s.fig(x)), v(s.fig(y)));
        (-(cross(vx, vy) * turn).signum())
            .cmp(&0)
            .then(
                f.pos
                    .distance(s.fig(x).pos)
                    .cmp(&f.pos.distance(s.fig(y).pos)),
            )
            .then(x.cmp(&y))
    });
    out
}

/// The sign of the cross product of two directions in axial coordinates is the sign of their
/// true cross product on a flat-topped hex map (it is (3√3/2)(q₁r₂ − r₁q₂)): integers only.
fn cross(a: (i32, i32), b: (i32, i32)) -> i64 {
    i64::from(a.0) * i64::from(b.1) - i64::from(a.1) * i64::from(b.0)
}

/// Whether the lines from `fig` through `a` and through `b` differ, so a sweep from one to the
/// other has an arc (SK-16.6-j).
pub(crate) fn lines_differ(s: &State, fig: FigId, a: FigId, b: FigId) -> bool {
    let o = s.fig(fig).pos.hex();
    let (ha, hb) = (s.fig(a).pos.hex(), s.fig(b).pos.hex());
    cross((ha.q - o.q, ha.r - o.r), (hb.q - o.q, hb.r - o.r)) != 0
}

/// SK-16.6-j/k: a full-auto sweep. Every foe it reaches is rolled against in turn with the
/// rounds still left (the automatic fire bonus recomputed, G-32) at −4 for every target in the
/// sweep (option `sk.sweep_penalty = "per_roll_flat_-4"`: −4), the bullets that hit him spent;
/// every other figure it reaches is rolled to avoid (GAPS §E #22, G-14); one round is lost for
/// each hex between one figure and the next unless they are adjacent. It ends at the end of the
/// arc, when the rounds run out, or when the weapon jams or is dropped.
pub(crate) fn sweep(ctx: &mut Ctx, fig: FigId, from: FigId, to: FigId) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let Some(slot) = f.ready else {
        return Err(ResolveError::Illegal("nothing in hand".into()));
    };
    let w = weapon_of(&ctx.s, &f, Some(slot))
        .cloned()
        .expect("ready weapon");
    let in_mag = f.weapons[usize::from(slot)].map_or(0, |s| s.rounds);
    let rounds = u16::from(w.auto).min(in_mag.max(1)) as u8;
    let reached = swept(&ctx.s, fig, from, to);
    let targets = reached
        .iter()
        .filter(|&&t| ctx.s.fig(t).side != f.side)
        .count() as i32;
    let penalty = if ctx.s.rules.options.sweep_penalty_flat {
        -4
    } else {
        -4 * targets
    };
    ctx.emit(Event::Acted { fig });
    // SK-13.6-e: firing over a wall exposes the firer.
    if !crate::attack::missile::expose_if_over_wall(ctx, fig, from)? {
        return Ok(());
    }
    ctx.emit(Event::Sweep {
        fig,
        from,
        to,
        reached: reached.clone(),
        penalty: penalty.max(-127) as i8,
    });
    let mut left = rounds;
    let mut prev: Option<crate::state::Pos> = None;
    // The exact odds: before each figure of the sweep, the rest depends on the rolls so far
    // only through the rounds left, where the last figure stood and the state.
    let since = ctx.mark();
    for (i, &t) in reached.iter().enumerate() {
        let at = prev.map_or([-1, -1], |p| [i64::from(p.col), i64::from(p.row)]);
        ctx.checkpoint(since, "sweep", &[i as i64, i64::from(left), at[0], at[1]])?;
        let me = ctx.s.fig(fig);
        if !me.active() || me.ready_slot().is_none() {
            break;
        }
        let tp = ctx.s.fig(t).pos;
        // SK-16.6-k: one round lost for each hex between this figure and the last.
        if let Some(p) = prev {
            let gap = p.distance(tp).saturating_sub(1);
            left = left.saturating_sub(gap.min(255) as u8);
        }
        prev = Some(tp);
        if left == 0 {
            break;
        }
        if !ctx.s.fig(t).active() {
            continue;
        }
        let spec = AttackSpec {
            attacker: fig,
            target: t,
            kind: crate::event::AttackKind::Missile,
            slot: Some(slot),
            mode: Some(FireMode::Auto),
            rounds,
            disengaging: false,
            quick: false,
            aim: None,
            opportunity: None,
            maneuver: None,
        };
        if ctx.s.fig(t).side == f.side {
            // GAPS §E #22: "[roll to miss]": a friend in the arc is rolled to avoid.
            let mods = avoid_mods(ctx, &spec, t, left);
            left -= avoid(ctx, &spec, t, left, mods, RuleId("SK-16.6-k"))?;
            continue;
        }
        let (mut mods, dice, dark) = attack_mods_in(ctx, &spec);
        sweep_mods(&mut mods, left, penalty, targets);
        let rolled = roll_to_land(ctx, &spec, (mods, dice, dark), left)?;
        let struck = land(ctx, &spec, rolled, left)?;
        match struck.result {
            ToHit::Hit { .. } => left -= struck.landed,
            ToHit::Miss { .. } => {}
            ToHit::Dropped | ToHit::Broken => break,
        }
    }
    // G-73: the string's rounds are spent whatever it hit.
    if w.rounds > 0 {
        ctx.emit(Event::Spent {
            fig,
            slot,
            rounds: u16::from(rounds),
        });
    }
    Ok(())
}

/// A sweep's roll at one target: the rounds still left (G-32), nobody in the way (each figure
/// in the arc is rolled for in turn), no −1 per MH for a new target (the sweep's own −4 is the
/// price of its targets, SK-16.6-j), and the −4.
fn sweep_mods(m: &mut Mods, left: u8, penalty: i32, targets: i32) {
    string_mods(m, left);
    m.retain(|x| x.id != "new-target");
    let label = if targets > 1 && penalty != -4 {
        "full-auto sweep (-4 per target)"
    } else {
        "full-auto sweep"
    };
    m.push(Modifier::applied(
        "sweep",
        label,
        penalty,
        RuleId("SK-16.6-j"),
    ));
}
