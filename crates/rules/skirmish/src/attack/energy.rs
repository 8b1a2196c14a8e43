//! Energy weapons (SK-16.8, SK-15.1, G-48): a shot at full power or split into lower-power shots
//! of whole dice (SK-16.8-b: up to the weapon's full dice a turn, each shot at least 1d6, the
//! fixed bonus only at full power), each split shot being one of the turn's several shots
//! (SK-12-e); the battery dice each shot spends (SK-16.8-a, G-48: one die of battery a die of
//! damage), and the battery pack that feeds the weapon (SK-15.1-b).

use crate::action::FireMode;
use crate::attack::missile::expose_if_over_wall;
use crate::attack::stray::avoid_rolls;
use crate::combat::ctx::Ctx;
use crate::combat::modifiers::AttackSpec;
use crate::combat::strike::strike;
use crate::combat::weapon_of;
use crate::data::Weapon;
use crate::event::{AttackKind, Event};
use crate::geometry::engagers_of;
use crate::progression::Damage;
use crate::state::{FigId, Figure, Slot};
use fireteam_engine::ResolveError;

/// G-48: a battery pack holds two batteries of 48 dice.
pub const PACK_DICE: u8 = 96;

/// The weapon's full power in dice (SK-16.8-b: a laser rifle's 6d6).
pub fn full_dice(w: &Weapon) -> u8 {
    w.damage.map_or(1, |d| d.dice.max(1))
}

/// The battery dice a figure can fire from the weapon in `slot`: its own battery and the
/// battery pack plugged into it (SK-15.1-b).
pub fn available(f: &Figure, slot: u8, sl: &Slot) -> u16 {
    let pack = if f.pack_slot == Some(slot) {
        u16::from(f.pack_dice)
    } else {
        0
    };
    sl.rounds + pack
}

/// Whether the weapon in hand can fire a full-power shot (G-48: a shot spends its dice): every
/// other missile weapon as before (a magazine not empty, or no ammunition tracked).
pub(crate) fn full_power_ready(f: &Figure, w: &Weapon, sl: &Slot) -> bool {
    if w.rounds == 0 {
        return true;
    }
    match (w.energy, f.ready) {
        (true, Some(k)) => available(f, k, sl) >= u16::from(full_dice(w)),
        _ => sl.rounds > 0,
    }
}

/// SK-16.8-b, G-48: the damage of a lower-power shot: its dice, without the fixed bonus, which
/// goes only to a full-power shot (INVENTED). Any other shot keeps its damage.
pub(crate) fn shot_damage(expr: Damage, mode: Option<FireMode>) -> Damage {
    match mode {
        Some(FireMode::Power { dice }) => Damage::new(dice, 0),
        _ => expr,
    }
}

/// G-48, SK-15.1-b: a shot's dice of battery, drawn from the battery pack while it has any
/// (INVENTED order), the rest from the weapon's own battery.
pub(crate) fn spend(ctx: &mut Ctx, fig: FigId, slot: u8, dice: u8) {
    let f = ctx.s.fig(fig);
    let from_pack = if f.pack_slot == Some(slot) {
        f.pack_dice.min(dice)
    } else {
        0
    };
    if from_pack > 0 {
        ctx.emit(Event::PackSpent {
            fig,
            dice: from_pack,
        });
    }
    let rest = dice - from_pack;
    if rest > 0 {
        ctx.emit(Event::Spent {
            fig,
            slot,
            rounds: u16::from(rest),
        });
    }
}

/// One shot of an energy weapon, full power (`Single`) or lower power (`Power`): the roll
/// (SK-12.1), its battery dice (G-48), rolls to avoid after a miss (SK-12.2), a long weapon
/// dropped after shooting a charger (SK-11.8.2-a), and the later shots it leaves this turn:
/// SK-16.8-b, G-48, up to the weapon's full dice a turn in all, in as many shots as the weapon
/// fires a turn (its dice; halved after moving more than one hex, SK-13.6-i), each at a later
/// eDEX step (SK-12-e, G-33).
pub(crate) fn shoot(
    ctx: &mut Ctx,
    fig: FigId,
    target: FigId,
    mode: FireMode,
) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let Some(slot) = f.ready else {
        return Err(ResolveError::Illegal("nothing in hand".into()));
    };
    let w = weapon_of(&ctx.s, &f, Some(slot))
        .cloned()
        .expect("ready weapon");
    let full = full_dice(&w);
    let dice = match mode {
        FireMode::Power { dice } if (1..full).contains(&dice) => dice,
        FireMode::Single => full,
        _ => return Err(ResolveError::Illegal("not a shot this weapon fires".into())),
    };
    let first = !f.acted;
    let shoulderarm_shot = crate::attack::bayonet::engaged_shot_drops(&ctx.s, &f, target);
    let left_before = if first { full } else { f.power_left };
    if dice > left_before {
        return Err(ResolveError::Illegal(
            "more power than is left this turn".into(),
        ));
    }
    if first {
        ctx.emit(Event::Acted { fig });
    }
    let spec = AttackSpec {
        attacker: fig,
        target,
        kind: AttackKind::Missile,
        slot: Some(slot),
        mode: Some(mode),
        rounds: 1,
        disengaging: false,
        quick: false,
        aim: None,
        opportunity: None,
        maneuver: None,
    };
    if !expose_if_over_wall(ctx, fig, target)? {
        return Ok(());
    }
    let r = strike(ctx, &spec)?;
    if w.rounds > 0 {
        spend(ctx, fig, slot, dice);
    }
    if !r.is_hit() {
        avoid_rolls(ctx, &spec)?;
    }
    // SK-11.8.2-a, SK-21.5-e: dropped after a shot fired engaged, as any missile weapon.
    crate::attack::missile::drop_after_engaged_shot(ctx, &f, slot, &w, shoulderarm_shot);
    // SK-16.8-b / SK-12-e: the power and the shots left for later eDEX steps.
    let power_left = left_before - dice;
    let g = ctx.s.fig(fig).clone();
    if first {
        let mut shots = w.shots.max(1);
        if f.moved > 1 {
            // SK-13.6-i: shots halved after moving more than one hex.
            shots = (shots / 2).max(1);
        }
        let left = (shots - 1).min(power_left);
        if left > 0 && g.ready == Some(slot) && engagers_of(&ctx.s, &g, g.pos) == 0 {
            ctx.emit(Event::PowerLeft {
                fig,
                dice: power_left,
            });
            ctx.emit(Event::Shots {
                fig,
                left,
                next_at: g.order_dex - 1,
            });
        }
    } else {
        ctx.emit(Event::PowerLeft {
            fig,
            dice: power_left,
        });
        ctx.emit(Event::Shots {
            fig,
            left: g.shots_left.saturating_sub(1).min(power_left),
            next_at: g.next_shot_at - 1,
        });
    }
    Ok(())
}

/// SK-15.1-b: the battery pack unplugged from one energy weapon and plugged into another, in one
/// turn (the book: "can be removed in one turn"; plugging it in that same turn is INVENTED).
pub(crate) fn move_pack(ctx: &mut Ctx, fig: FigId, slot: u8) {
    ctx.emit(Event::Acted { fig });
    ctx.emit(Event::PackMoved { fig, slot });
}
