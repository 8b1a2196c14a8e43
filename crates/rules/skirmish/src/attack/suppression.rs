//! Suppression fire (SK-21.8-g, optional with `sk.opportunity_fire`, G-62): a figure fires
//! actively into a hex. The weapon's full shots for the turn are spent when it is declared,
//! "even if no foe enters the hex, or no foe is hit"; every foe inside the hex then, or entering
//! it before the figure acts again, is fired at in turn until the shots run out. No extra DEX
//! penalty; normal range penalties. With a full-auto weapon the shots are its rounds per turn,
//! one round at each foe met (a single-bullet roll at full-auto's recoil, no +1 per 3 rounds);
//! otherwise its single shots per turn (an energy weapon's one full-power shot, G-48).

use crate::action::FireMode;
use crate::attack::missile::{expose_if_over_wall, spend_shot};
use crate::combat::ctx::Ctx;
use crate::combat::modifiers::{attack_mods_in, set_autofire, AttackSpec};
use crate::combat::strike::{land, roll_to_land};
use crate::combat::weapon_of;
use crate::data::Weapon;
use crate::event::{AttackKind, Event};
use crate::state::{FigId, Pos};
use fireteam_engine::ResolveError;

/// The shots of one turn of suppression fire with `w`, `loaded` rounds in it (0 = not counted).
pub(crate) fn shots_per_turn(w: &Weapon, loaded: u16) -> u8 {
    let n = if w.energy {
        1
    } else if w.auto > 0 {
        w.auto
    } else {
        w.shots.max(1)
    };
    if w.rounds > 0 && !w.energy {
        (u16::from(n).min(loaded)) as u8
    } else {
        n
    }
}

/// SK-21.8-g: suppression fire declared into `at`: the shots are spent now, and the foes
/// already inside are fired at.
pub(crate) fn suppress(ctx: &mut Ctx, fig: FigId, at: Pos) -> Result<(), ResolveError> {
    ctx.emit(Event::Acted { fig });
    let f = ctx.s.fig(fig).clone();
    let Some(slot) = f.ready_slot().map(|_| f.ready.unwrap_or(0)) else {
        return Err(ResolveError::Illegal("nothing in hand".into()));
    };
    let w = weapon_of(&ctx.s, &f, Some(slot))
        .cloned()
        .expect("ready weapon");
    let loaded = f.weapons[usize::from(slot)].map_or(0, |s| s.rounds);
    let shots = shots_per_turn(&w, loaded);
    spend_shot(ctx, fig, slot, &w, shots);
    ctx.emit(Event::Suppressing {
        fig,
        at: Some(at),
        shots,
    });
    let inside: smallvec::SmallVec<[FigId; 4]> = ctx
        .s
        .figures
        .iter()
        .enumerate()
        .filter(|(_, o)| o.pos == at && o.side != f.side && o.active())
        .map(|(i, _)| i as FigId)
        .collect();
    for foe in inside {
        fire_into(ctx, fig, foe)?;
    }
    Ok(())
}

/// The figures suppressing hex `p` against a figure of `side`, in figure order.
pub(crate) fn suppressors(ctx: &Ctx, side: u8, p: Pos) -> smallvec::SmallVec<[FigId; 2]> {
    ctx.s
        .figures
        .iter()
        .enumerate()
        .filter(|(_, o)| {
            o.side != side
                && o.active()
                && o.suppress_at == Some(p)
                && o.suppress_shots > 0
                && crate::geometry::in_front(o, p)
                && !crate::geometry::line_of_fire(&ctx.s, o.pos, p).blocked
        })
        .map(|(i, _)| i as FigId)
        .collect()
}

/// One shot of suppression fire at `foe`, inside the suppressed hex.
pub(crate) fn fire_into(ctx: &mut Ctx, fig: FigId, foe: FigId) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    if f.suppress_shots == 0 || !ctx.s.fig(foe).active() {
        return Ok(());
    }
    let Some(slot) = f.ready_slot().map(|_| f.ready.unwrap_or(0)) else {
        ctx.emit(Event::Suppressing {
            fig,
            at: None,
            shots: 0,
        });
        return Ok(());
    };
    let w = weapon_of(&ctx.s, &f, Some(slot))
        .cloned()
        .expect("ready weapon");
    let auto = w.auto > 0 && !w.energy;
    let spec = AttackSpec {
        attacker: fig,
        target: foe,
        kind: AttackKind::Missile,
        slot: Some(slot),
        mode: Some(if auto {
            FireMode::Auto
        } else {
            FireMode::Single
        }),
        rounds: if auto { w.auto } else { 1 },
        disengaging: false,
        quick: false,
        aim: None,
        opportunity: None,
        maneuver: None,
    };
    expose_if_over_wall(ctx, fig, foe)?;
    let (mut mods, dice, dark) = attack_mods_in(ctx, &spec);
    // One round at each foe met: no automatic fire bonus; many foes in one hex are one fire,
    // not new targets of the turn (SK-16.6-h).
    set_autofire(&mut mods, 1);
    mods.retain(|x| x.id != "new-target");
    let rolled = roll_to_land(ctx, &spec, (mods, dice, dark), 1)?;
    land(ctx, &spec, rolled, 1)?;
    let g = ctx.s.fig(fig);
    let (at, shots) = if g.ready_slot().is_some() && g.suppress_shots > 1 {
        (f.suppress_at, g.suppress_shots - 1)
    } else {
        (None, 0)
    };
    ctx.emit(Event::Suppressing { fig, at, shots });
    Ok(())
}
