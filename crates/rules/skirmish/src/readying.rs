//! Taking up weapons and the shield (SK-11.7.4-a, SK-11.8.3-a, SK-13.3-a, SK-6.5.3): what a
//! Ready does to the other hand and the shield, readying a second weapon in the other hand,
//! taking the slung shield in hand, dropping the shield for a two-handed weapon, and picking the
//! shield up, and two figures exchanging weapons (SK-11.7.4-b). Each change of what is in the
//! hands is a `Hands` event.

use crate::combat::ctx::Ctx;
use crate::combat::weapon_of;
use crate::event::Event;
use crate::hands::{needs_both_hands, one_handed_ok, shield_in_hand};
use crate::state::{FigId, ShieldAt, SHIELD_SLOT};
use fireteam_engine::{ResolveError, RuleId};

fn hands(ctx: &mut Ctx, fig: FigId, off_hand: Option<u8>, shield_at: ShieldAt, rule: &'static str) {
    let f = ctx.s.fig(fig);
    if f.off_hand != off_hand || (f.shield.is_some() && f.shield_at != shield_at) {
        ctx.emit(Event::Hands {
            fig,
            off_hand,
            shield_at,
            rule: RuleId(rule),
        });
    }
}

/// Before a weapon in `slot` is readied in the main hand: a weapon that needs both hands puts
/// the other hand's weapon away and has the shield slung on the back (SK-13.3-a: "A shield must
/// be either slung on the back or dropped"); a weapon taken from the other hand leaves it empty.
pub(crate) fn free_hands_for(ctx: &mut Ctx, fig: FigId, slot: u8) {
    let f = ctx.s.fig(fig).clone();
    let Some(w) = weapon_of(&ctx.s, &f, Some(slot)).cloned() else {
        return;
    };
    // SK-21.4-e: with one hand left, whatever is readied takes that hand.
    let both = needs_both_hands(&f, &w) || crate::hands::hands_left(&f) < 2;
    let off = if f.off_hand == Some(slot) || both {
        None
    } else {
        f.off_hand
    };
    let shield = if both && shield_in_hand(&f) {
        ShieldAt::Back
    } else {
        f.shield_at
    };
    let rule = if shield != f.shield_at {
        "SK-13.3-a"
    } else {
        "SK-6.5.3-a"
    };
    hands(ctx, fig, off, shield, rule);
}

/// Drop the shield and ready a weapon that needs both hands (SK-13.3-a).
pub(crate) fn ready_dropping_shield(ctx: &mut Ctx, fig: FigId, slot: u8) {
    hands(ctx, fig, None, ShieldAt::Ground, "SK-13.3-a");
    ctx.emit(Event::Readied { fig, slot });
}

/// A second one-handed weapon in the other hand (SK-6.5.3, SK-13.1-b: "two one-handed ready
/// weapons"); a shield in hand is slung to free the hand.
pub(crate) fn ready_off_hand(ctx: &mut Ctx, fig: FigId, slot: u8) {
    let f = ctx.s.fig(fig);
    let shield = if shield_in_hand(f) {
        ShieldAt::Back
    } else {
        f.shield_at
    };
    hands(ctx, fig, Some(slot), shield, "SK-6.5.3-a");
}

/// ---- SK-6.1.7-a: the shield in hand slung on the back (the re-sling of a Ready,
/// SK-11.7.4-a), so that a figure without the Shield skill may fight with his weapon.
pub(crate) fn sling_shield(ctx: &mut Ctx, fig: FigId) {
    let off = ctx.s.fig(fig).off_hand;
    hands(ctx, fig, off, ShieldAt::Back, "SK-6.1.7-a");
}

/// The slung shield taken in hand; a weapon in the other hand is put away (SK-13.3-a).
pub(crate) fn ready_shield(ctx: &mut Ctx, fig: FigId) {
    hands(ctx, fig, None, ShieldAt::Hand, "SK-13.3-a");
}

/// The dropped shield picked up (SK-11.8.3-a): into the hand if the other hand is free and the
/// main weapon can be held in one hand, else slung on the back.
pub(crate) fn pick_up_shield(ctx: &mut Ctx, fig: FigId) {
    ctx.emit(Event::PickedUp {
        fig,
        slot: SHIELD_SLOT,
    });
    let f = ctx.s.fig(fig).clone();
    let main_one = weapon_of(&ctx.s, &f, f.ready).is_none_or(|w| one_handed_ok(&f, w));
    let at = if f.off_hand.is_none() && main_one && !f.arm_out {
        ShieldAt::Hand
    } else {
        ShieldAt::Back
    };
    ctx.emit(Event::Hands {
        fig,
        off_hand: f.off_hand,
        shield_at: at,
        rule: RuleId("SK-11.8.3-a"),
    });
}

/// The slot that gives (or receives) in an exchange (SK-11.7.4-b): the weapon in hand, or, for
/// an empty hand, the first empty slot. `None`: nothing to give and nowhere to put a weapon.
pub(crate) fn exchange_slot(f: &crate::state::Figure) -> Option<u8> {
    match f.ready_slot() {
        Some(_) => f.ready,
        None => f.weapons.iter().position(|w| w.is_none()).map(|k| k as u8),
    }
}

/// SK-11.7.4-b: "Two disengaged figures within a hex of each other may use this option to
/// exchange weapons": the weapons in their hands change hands; both spend their action, and
/// each takes a second hand to what he receives as readying it would (SK-13.3-a).
pub(crate) fn exchange(ctx: &mut Ctx, fig: FigId, with: FigId) -> Result<(), ResolveError> {
    let (a, b) = (ctx.s.fig(fig).clone(), ctx.s.fig(with).clone());
    let (Some(fa), Some(fb)) = (exchange_slot(&a), exchange_slot(&b)) else {
        return Err(ResolveError::Illegal("nothing to exchange".into()));
    };
    ctx.emit(Event::Acted { fig });
    ctx.emit(Event::Acted { fig: with });
    ctx.emit(Event::Exchanged {
        fig,
        with,
        fig_slot: fa,
        with_slot: fb,
        rule: RuleId("SK-11.7.4-b"),
    });
    for (who, slot) in [(fig, fa), (with, fb)] {
        if ctx.s.fig(who).ready == Some(slot) {
            free_hands_for(ctx, who, slot);
        }
    }
    Ok(())
}
