//! Missile and thrown weapons (SK-11.7.3-a, SK-11.8.2-a, SK-13.5, SK-13.6): a shot, burst or
//! full-auto string and the later shots it leaves this turn (SK-12-e, SK-13.6-i, SK-16.6, G-33),
//! a thrown weapon, the ammunition a shot spends (G-73; batteries, SK-16.8, G-48), and firing over
//! a wall, which exposes the firer (SK-13.6-e, SK-17.7-a).

use crate::action::FireMode;
use crate::attack::autofire::string_at;
use crate::attack::single_attack;
use crate::attack::stray::avoid_rolls;
use crate::combat::ctx::Ctx;
use crate::combat::modifiers::AttackSpec;
use crate::combat::strike::strike;
use crate::combat::weapon_of;
use crate::data::Length;
use crate::event::{AttackKind, Effect, Event};
use crate::geometry::{engagers_of, line_of_fire};
use crate::state::FigId;
use fireteam_engine::{ResolveError, RuleId};

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
    // SK-16.8-b, G-48: an energy weapon's shots, full power or split, follow §16.8.
    if w.energy {
        return crate::attack::energy::shoot(ctx, fig, target, mode);
    }
    let first = !f.acted;
    let in_mag = f.weapons[usize::from(slot)].map_or(0, |s| s.rounds);
    let engaged_now = engagers_of(&ctx.s, &f, f.pos) != 0;
    // SK-16.6-a: a later shot in another mode than the turn's is its one switch; that mode has
    // its share of what is left of the turn (G-32, `attack::selective`).
    let switch = !first && mode != crate::attack::selective::turn_mode(&f);
    let share = if switch {
        if !crate::attack::selective::switches(&ctx.s, &f, &w, in_mag).contains(&mode) {
            return Err(ResolveError::Illegal("no switch to that mode now".into()));
        }
        crate::attack::selective::share(&ctx.s, &f, &w, mode)
    } else {
        0
    };
    let shoulderarm_shot = crate::attack::bayonet::engaged_shot_drops(&ctx.s, &f, target);
    let rounds: u8 = match mode {
        FireMode::Single | FireMode::Power { .. } => 1,
        FireMode::Burst => 3,
        // SK-21.5-e (optional): an engaged shoulderarm on full auto fires two rounds.
        FireMode::Auto if engaged_now && ctx.s.rules.options.engaged_shoulderarms => {
            in_mag.clamp(1, 2) as u8
        }
        FireMode::Auto if switch => (u16::from(share).min(in_mag.max(1))) as u8,
        FireMode::Auto => (u16::from(w.auto).min(in_mag.max(1))) as u8,
    };
    if first {
        ctx.emit(Event::Acted { fig });
    }
    if switch {
        ctx.emit(Event::FireModeSwitched {
            fig,
            mode,
            shots: share,
            rule: RuleId("SK-16.6-a"),
        });
    }
    let spec = AttackSpec {
        attacker: fig,
        target,
        kind: AttackKind::Missile,
        slot: Some(slot),
        mode: Some(mode),
        rounds,
        disengaging: false,
        quick: false,
        aim: None,
        opportunity: None,
        maneuver: None,
    };
    if !expose_if_over_wall(ctx, fig, target)? {
        return Ok(());
    }
    if mode == FireMode::Single {
        let r = strike(ctx, &spec)?;
        spend_shot(ctx, fig, slot, &w, rounds);
        if !r.is_hit() {
            avoid_rolls(ctx, &spec)?;
        }
    } else {
        // SK-16.6-g/i, G-14: a burst or a string goes down the line bullet by bullet.
        string_at(ctx, &spec)?;
        spend_shot(ctx, fig, slot, &w, rounds);
    }
    drop_after_engaged_shot(ctx, &f, slot, &w, shoulderarm_shot);
    // SK-12-e / G-33: later shots of the turn at later eDEX steps.
    let per_turn = match mode {
        FireMode::Single => {
            let mut n = w.shots.max(1);
            if f.moved > 1 {
                // SK-13.6-i: shots halved after moving more than one hex.
                n = (n / 2).max(1);
            }
            n
        }
        FireMode::Burst => w.bursts.max(1),
        FireMode::Auto | FireMode::Power { .. } => 1,
    };
    if first && mode == FireMode::Burst {
        ctx.emit(Event::BurstTurn { fig });
    }
    let g = ctx.s.fig(fig).clone();
    if first {
        let left = per_turn.saturating_sub(1);
        if left > 0 && g.ready == Some(slot) && engagers_of(&ctx.s, &g, g.pos) == 0 {
            ctx.emit(Event::Shots {
                fig,
                left,
                next_at: g.order_dex - 1,
            });
        }
    } else {
        let left = g.shots_left.saturating_sub(1);
        ctx.emit(Event::Shots {
            fig,
            left,
            next_at: g.next_shot_at - 1,
        });
    }
    Ok(())
}

/// A thrown weapon (SK-13.5): it comes to rest in the target's hex.
pub(crate) fn throw(ctx: &mut Ctx, fig: FigId, target: FigId) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let spec = AttackSpec {
        attacker: fig,
        target,
        kind: AttackKind::Thrown,
        slot: f.ready,
        mode: None,
        rounds: 1,
        disengaging: false,
        quick: false,
        aim: None,
        opportunity: None,
        maneuver: None,
    };
    let Some(w) = weapon_of(&ctx.s, &f, f.ready).cloned() else {
        return Err(ResolveError::Illegal("nothing in hand".into()));
    };
    single_attack(ctx, &spec, &w, false)
}

/// Walls: firing over one exposes the firer to −6 for the rest of the turn (SK-17.7-a,
/// SK-13.6-e). Rising over it outside the movement phase is leaving cover: a foe covering him
/// fires at once (SK-21.8-b, optional). Returns whether he can still fire.
pub(crate) fn expose_if_over_wall(
    ctx: &mut Ctx,
    fig: FigId,
    target: FigId,
) -> Result<bool, ResolveError> {
    let lof = line_of_fire(&ctx.s, ctx.s.fig(fig).pos, ctx.s.fig(target).pos);
    if lof.wall.is_some_and(|w| w.2) {
        let before = crate::attack::opportunity::exposed_to(&ctx.s, fig);
        ctx.emit(Event::Exposed { fig });
        if !matches!(ctx.s.phase, crate::state::Phase::Movement { .. }) {
            crate::attack::opportunity::left_cover(ctx, fig, before)?;
        }
    }
    let f = ctx.s.fig(fig);
    Ok(f.active() && f.posture != crate::state::Posture::Fallen && f.ready_slot().is_some())
}

/// Ammunition for one shot (G-73): rounds, or for an energy weapon the shot's dice of battery
/// (G-48).
pub(crate) fn spend_shot(ctx: &mut Ctx, fig: FigId, slot: u8, w: &crate::data::Weapon, rounds: u8) {
    if w.rounds == 0 {
        return;
    }
    if w.energy {
        // G-48: a full-power shot's dice, from the battery pack first (SK-15.1-b).
        crate::attack::energy::spend(ctx, fig, slot, crate::attack::energy::full_dice(w));
        return;
    }
    ctx.emit(Event::Spent {
        fig,
        slot,
        rounds: u16::from(rounds),
    });
}

/// After a shot fired engaged: SK-11.8.2-a, a weapon longer than short is dropped after
/// shooting a charger, but not a rifle with a bayonet, which fights on (SK-16.3-c); SK-21.5-e
/// (optional, `shoulderarm_shot`: the engaged shot at a foe who did not charge, read before the
/// shot), the shoulderarm is dropped whatever the shot did, with a bayonet too ("if he fires
/// while using the bayonet, he must then drop it"). `f` is the firer before the shot.
pub(crate) fn drop_after_engaged_shot(
    ctx: &mut Ctx,
    f: &crate::state::Figure,
    slot: u8,
    w: &crate::data::Weapon,
    shoulderarm_shot: bool,
) {
    let fig = f.id;
    let engaged = shoulderarm_shot || engagers_of(&ctx.s, f, f.pos) != 0;
    let bayonet = f.bayonet.is_some_and(|b| b.1 == slot) && !shoulderarm_shot;
    if engaged && !bayonet && w.length > Length::Short && ctx.s.fig(fig).ready == Some(slot) {
        ctx.emit(Event::Effect {
            fig,
            effect: Effect::WeaponDropped { slot },
            rule: RuleId(if shoulderarm_shot {
                "SK-21.5-e"
            } else {
                "SK-11.8.2-a"
            }),
        });
    }
}
