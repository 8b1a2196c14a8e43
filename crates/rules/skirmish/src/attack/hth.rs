//! Hand to hand (SK-16.15.3, SK-11.9): attempting it, asking the defender when only condition 5
//! can allow it, and the defender's reaction on 1d6 (SK-16.15.3-a..d, -T1), trying to leave it (SK-11.9.3-a, G-39, G-74), subduing (SK-16.15.6) and
//! disarming (SK-16.15.7). Blows in hand to hand are melee (`melee`).

use crate::combat::armor::armor_value;
use crate::combat::contest::{contest, Attr, Kind};
use crate::combat::ctx::Ctx;
use crate::combat::damage::{damage_expr, deal_damage};
use crate::combat::edex::order_dex;
use crate::combat::weapon_of;
use crate::event::{AttackKind, Effect, Event};
use crate::geometry;
use crate::hands::hth_weapon;
use crate::legal::targets::may_grapple;
use crate::state::{FigId, Phase, Pos, Posture, WeaponState};
use fireteam_engine::{ResolveError, RuleId};

/// SK-16.15.3: attempting hand-to-hand combat. Joining a fight already going on needs no
/// roll (SK-16.15.3-d); when none of conditions 1–4 allows it, the defender is asked whether he
/// also wants it (condition 5); otherwise the defender's reaction is rolled at once.
pub(crate) fn grapple(ctx: &mut Ctx, fig: FigId, target: FigId) -> Result<(), ResolveError> {
    let t = ctx.s.fig(target).clone();
    if t.in_hth {
        ctx.emit(Event::HthBegan {
            attacker: fig,
            defender: target,
            at: t.pos,
        });
        return Ok(());
    }
    if !may_grapple(&ctx.s, ctx.s.fig(fig), &t) {
        ctx.emit(Event::HthOffered {
            attacker: fig,
            defender: target,
        });
        ctx.emit(Event::Phase {
            phase: Phase::HthOffer {
                attacker: fig,
                defender: target,
            },
        });
        return Ok(());
    }
    reaction(ctx, fig, target)
}

/// SK-16.15.3-a (5): the defender accepts hand to hand (the reaction is rolled) or refuses
/// (nothing happens; the attempt was the attacker's action).
pub(crate) fn answer(
    ctx: &mut Ctx,
    fig: FigId,
    attacker: FigId,
    accept: bool,
) -> Result<(), ResolveError> {
    ctx.emit(Event::HthAnswered {
        attacker,
        defender: fig,
        accepted: accept,
    });
    ctx.emit(Event::Phase {
        phase: Phase::Action,
    });
    if accept {
        reaction(ctx, attacker, fig)?;
    }
    Ok(())
}

/// SK-16.15.3-T1: the defender's reaction on 1d6, from behind −2, +1 per Martial Arts level
/// the defender has above the attacker (SK-16.15.3-c).
fn reaction(ctx: &mut Ctx, fig: FigId, target: FigId) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let t = ctx.s.fig(target).clone();
    let (_, die) = ctx.roll("hth-reaction", 1)?;
    let mut m = 0i8;
    // SK-10.5-c: from any hex, when the defender crawled or picked up a weapon this turn.
    if geometry::attacked_from(&t, f.pos) == fireteam_grid::Arc::Rear {
        m -= 2;
    }
    let ma_diff = t.martial_arts as i8 - f.martial_arts as i8;
    if ma_diff > 0 {
        m += ma_diff;
    }
    let result = die as i8 + m;
    ctx.emit(Event::HthReaction {
        attacker: fig,
        defender: target,
        die: die as u8,
        modifier: m,
        result: result.max(0) as u8,
    });
    if result <= 4 {
        // 2 or less: the defender drops everything in his hands but a pistol or knife, and both
        // go down; the attacker keeps only a knife or pistol too (SK-16.15.3-b).
        ctx.emit(Event::HthBegan {
            attacker: fig,
            defender: target,
            at: t.pos,
        });
        for who in [fig, target] {
            drop_for_hth(ctx, who);
            ctx.emit(Event::Posture {
                fig: who,
                posture: Posture::Prone,
                rule: RuleId("SK-16.15.3-T1"),
            });
        }
        // 3 or 4: "as above, but if the defender has a pistol or knife on their belt, they have
        // it ready within HTH Combat on the next turn".
        let d = ctx.s.fig(target).clone();
        // SK-21.4-e: not with both arms out of use.
        if result >= 3 && d.ready_slot().is_none() && !crate::hands::no_hands(&d) {
            let belt = d.weapons.iter().enumerate().find_map(|(k, sl)| {
                let sl = (*sl)?;
                let w = &ctx.s.rules.weapons[usize::from(sl.weapon)];
                (sl.state == WeaponState::Ok && hth_weapon(w)).then_some(k as u8)
            });
            if let Some(slot) = belt {
                ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::DrawsNextTurn { slot },
                    rule: RuleId("SK-16.15.3-T1"),
                });
            }
        }
    } else if result >= 7
        // SK-19.3-a: a practice weapon's automatic hit is only recorded.
        && !crate::practice::practice_hit(ctx, target, t.ready_slot().map(|_| t.ready.unwrap_or(0)), fig)?
    {
        // The defender gets one automatic hit with his ready weapon.
        let expr = damage_expr(
            &ctx.s,
            &t,
            t.ready_slot().map(|_| t.ready.unwrap_or(0)),
            AttackKind::Melee,
        );
        let w = weapon_of(&ctx.s, &t, t.ready).cloned();
        let armor = armor_value(&ctx.s, &f, t.pos, w.as_ref());
        deal_damage(
            ctx,
            fig,
            Some(target),
            expr,
            1,
            armor,
            false,
            RuleId("SK-16.15.3-T1"),
        )?;
    }
    Ok(())
}

/// Entering HTH: everything in the figure's hands but a knife or pistol is dropped
/// (SK-16.15.3-b).
fn drop_for_hth(ctx: &mut Ctx, who: FigId) {
    let g = ctx.s.fig(who).clone();
    let off = g
        .off_hand
        .filter(|&k| g.weapons[usize::from(k)].is_some_and(|w| w.state == WeaponState::Ok));
    for slot in [g.ready_slot().map(|_| g.ready.unwrap_or(0)), off]
        .into_iter()
        .flatten()
    {
        let small = weapon_of(&ctx.s, &g, Some(slot)).is_some_and(hth_weapon);
        if !small {
            ctx.emit(Event::Effect {
                fig: who,
                effect: Effect::WeaponDropped { slot },
                rule: RuleId("SK-16.15.3-b"),
            });
        }
    }
    // A knife or pistol kept in the other hand is the one he fights with now.
    let now = ctx.s.fig(who).clone();
    if now.ready_slot().is_none() {
        if let Some(k) = now.off_hand {
            ctx.emit(Event::Readied { fig: who, slot: k });
        }
    }
    // A shield in hand is an item in his hands too.
    if crate::hands::shield_in_hand(&g) {
        let now = ctx.s.fig(who);
        ctx.emit(Event::Hands {
            fig: who,
            off_hand: now.off_hand,
            shield_at: crate::state::ShieldAt::Ground,
            rule: RuleId("SK-16.15.3-b"),
        });
    }
}

/// Trying to leave an HTH fight for `to` (SK-11.9.3-a): 3d6 against eDEX, or, as an option, an
/// opposed eSTR roll (G-39, G-74).
pub(crate) fn escape(ctx: &mut Ctx, fig: FigId, to: Pos) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    // G-39 (1): 3d6 vs eDEX, no +4; option: an opposed eSTR roll against a foe in
    // the hex (ties to the one holding on, G-74).
    let foe = ctx
        .s
        .figures
        .iter()
        .position(|o| o.side != f.side && o.in_hth && o.pos == f.pos && o.active());
    let free = match foe {
        Some(o) if ctx.s.rules.options.hth_disengage_opposed => {
            let kind = Kind {
                what: "leave-hth",
                rule: "SK-11.9.3-a",
                automatic: false,
                martial_arts: false,
                dex_allowed: false,
            };
            contest(ctx, &kind, fig, Attr::Str, o as FigId)?
        }
        _ => ctx.check(
            fig,
            "leave-hth",
            3,
            order_dex(&ctx.s, &f),
            RuleId("SK-11.9.3-a"),
        )?,
    };
    if free {
        ctx.emit(Event::HthEnded { fig, to });
    }
    Ok(())
}

/// SK-16.15.6 subdue and SK-16.15.7 disarm: opposed 3d6 against eSTR, +1 per Martial Arts
/// level; a Martial Artist may subdue on eDEX (`attr`, SK-16.15.6-a); a disarmer takes the
/// weapon (`take`) or knocks it to the ground (SK-16.15.7-b).
pub(crate) fn contest_hth(
    ctx: &mut Ctx,
    fig: FigId,
    target: FigId,
    subdue: bool,
    attr: Attr,
    take: bool,
) -> Result<(), ResolveError> {
    let t = ctx.s.fig(target).clone();
    let kind = if subdue {
        Kind {
            what: "subdue",
            rule: "SK-16.15.6-a",
            automatic: false,
            martial_arts: true,
            dex_allowed: true,
        }
    } else {
        Kind {
            what: "disarm",
            rule: "SK-16.15.7-a",
            automatic: false,
            martial_arts: true,
            dex_allowed: false,
        }
    };
    if contest(ctx, &kind, fig, attr, target)? {
        if subdue {
            ctx.emit(Event::Effect {
                fig: target,
                effect: Effect::Stunned,
                rule: RuleId("SK-16.15.6-b"),
            });
        } else if let Some(slot) = t.ready_slot().map(|_| t.ready.unwrap_or(0)) {
            // SK-16.15.7-b: "now your ready weapon or (your option) on the ground"; taken only
            // into an empty hand and a free slot, else it falls.
            let me = ctx.s.fig(fig).clone();
            let free = me.weapons.iter().position(|w| w.is_none());
            match free {
                Some(k) if take && me.ready_slot().is_none() => ctx.emit(Event::Exchanged {
                    fig,
                    with: target,
                    fig_slot: k as u8,
                    with_slot: slot,
                    rule: RuleId("SK-16.15.7-b"),
                }),
                _ => ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::WeaponDropped { slot },
                    rule: RuleId("SK-16.15.7-b"),
                }),
            }
        }
    }
    Ok(())
}
