//! Opportunity fire (SK-21.8, optional): the shot or blow at a foe who moves into a covered hex
//! or next to it, rolled at once with no decision; it spends the cover. The hex is covered as an
//! action (`resolve`), and the move is cut where the foe is shot at (`turn::movement::move_to`).
//! In the action phase the shot also comes when a foe "under cover leaves cover for any reason"
//! (SK-21.8-b): at his own action (rising over a wall to fire, breaking free of hand to hand),
//! when he disengages, or when he is pushed in a forced retreat (`left_cover`). The shot is one
//! attack (SK-21.8-d); an automatic weapon's is a 3-round burst (G-62; option
//! `sk.opportunity_burst`); a miss goes on to whoever else is on the line, as any shot's does
//! (G-14).

use crate::action::FireMode;
use crate::attack::autofire::string_at;
use crate::attack::finish_attack;
use crate::attack::missile::{expose_if_over_wall, spend_shot};
use crate::combat::ctx::Ctx;
use crate::combat::modifiers::AttackSpec;
use crate::combat::weapon_of;
use crate::data::Class;
use crate::event::{AttackKind, Event};
use crate::geometry::{in_front, line_of_fire};
use crate::legal::targets::shootable;
use crate::state::{FigId, Figure, Pos, Posture, State};
use fireteam_engine::ResolveError;

/// Whether `o` covers hex `p` against a figure of `side`: the hex he covers is `p` or next to it
/// (SK-21.8-f), `p` is in front of him and his line to it is clear.
pub(crate) fn covers(s: &State, o: &Figure, side: u8, p: Pos) -> bool {
    o.side != side
        && o.active()
        && !o.posture.down()
        && o.overwatch.is_some_and(|h| h.distance(p) <= 1)
        && in_front(o, p)
        && !line_of_fire(s, o.pos, p).blocked
}

/// The figures covering `fig`'s hex who could shoot him there, one bit each: he is out of cover
/// for them (not hidden by a wall, SK-17.7; not hidden from them, SK-6.3.8). None without
/// `sk.opportunity_fire`.
pub(crate) fn exposed_to(s: &State, fig: FigId) -> u64 {
    let f = s.fig(fig);
    if !s.rules.options.opportunity_fire || f.hidden || !f.active() {
        return 0;
    }
    let mut mask = 0u64;
    for (i, o) in s.figures.iter().enumerate() {
        if o.overwatch.is_some() && covers(s, o, f.side, f.pos) && shootable(s, o, f) {
            mask |= 1u64 << i;
        }
    }
    mask
}

/// SK-21.8-b: `fig` has just left cover in the action phase (or a forced retreat): every figure
/// covering him now that could not shoot him before (`before`, from [`exposed_to`]) fires at
/// once, in figure order, while he is still on his feet.
pub(crate) fn left_cover(ctx: &mut Ctx, fig: FigId, before: u64) -> Result<(), ResolveError> {
    let fresh = exposed_to(&ctx.s, fig) & !before;
    if fresh == 0 {
        return Ok(());
    }
    for o in 0..ctx.s.figures.len() {
        let f = ctx.s.fig(fig);
        if !f.active() || f.posture == Posture::Fallen {
            break;
        }
        if fresh & (1u64 << o) == 0 || exposed_to(&ctx.s, fig) & (1u64 << o) == 0 {
            continue;
        }
        let at = ctx.s.fig(fig).pos;
        let off = ctx.s.figures[o].overwatch.map_or(0, |h| h.distance(at)) as u8;
        opportunity_shot(ctx, o as FigId, fig, off)?;
    }
    Ok(())
}

/// SK-21.8-b/c/d: one shot (or blow) of opportunity fire at a foe that came into the covered
/// hex, or next to it `off` hexes away; it spends the cover.
pub(crate) fn opportunity_shot(
    ctx: &mut Ctx,
    watcher: FigId,
    target: FigId,
    off: u8,
) -> Result<(), ResolveError> {
    ctx.emit(Event::Covering {
        fig: watcher,
        at: None,
    });
    let o = ctx.s.fig(watcher).clone();
    let Some(slot) = o.ready_slot().map(|_| o.ready.unwrap_or(0)) else {
        return Ok(());
    };
    let w = weapon_of(&ctx.s, &o, Some(slot))
        .cloned()
        .expect("ready weapon");
    let kind = match w.class {
        Class::Missile => AttackKind::Missile,
        Class::Melee if o.pos.distance(ctx.s.fig(target).pos) == 1 => AttackKind::Melee,
        Class::Melee if w.throwable => AttackKind::Thrown,
        Class::Thrown => AttackKind::Thrown,
        _ => return Ok(()),
    };
    let in_mag = o.weapons[usize::from(slot)].map_or(0, |s| s.rounds);
    if kind == AttackKind::Missile && w.rounds > 0 && in_mag == 0 {
        return Ok(());
    }
    // SK-21.8-d, G-62: one attack, even with a weapon that fires several; an automatic weapon's
    // is a 3-round burst (full auto's first 3 rounds for a weapon with no burst mode), unless
    // `sk.opportunity_burst = "single"`.
    let loaded = |n: u16| w.rounds == 0 || in_mag >= n;
    let burst = kind == AttackKind::Missile && !w.energy && !ctx.s.rules.options.opportunity_single;
    let (mode, rounds) = if burst && w.bursts > 0 && loaded(3) {
        (FireMode::Burst, 3)
    } else if burst && w.auto > 0 {
        let n = if w.rounds == 0 { 3 } else { in_mag.min(3) };
        (FireMode::Auto, n as u8)
    } else {
        (FireMode::Single, 1)
    };
    let spec = AttackSpec {
        attacker: watcher,
        target,
        kind,
        slot: Some(slot),
        mode: (kind == AttackKind::Missile).then_some(mode),
        rounds,
        disengaging: false,
        quick: false,
        aim: None,
        opportunity: Some(off),
        maneuver: None,
    };
    if mode == FireMode::Single {
        // SK-21.8-b, G-14: a miss goes on to those in the way and past the foe; a thrown
        // weapon comes to rest in his hex.
        return finish_attack(ctx, &spec, &w, kind != AttackKind::Melee, None);
    }
    if !expose_if_over_wall(ctx, watcher, target)? {
        return Ok(());
    }
    // SK-16.6-g, G-14: the burst goes down the line as any burst does.
    string_at(ctx, &spec)?;
    spend_shot(ctx, watcher, slot, &w, rounds);
    Ok(())
}
