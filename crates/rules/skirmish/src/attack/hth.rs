//! Hand to hand (SK-16.15.3, SK-11.9): attempting it and the defender's reaction on 1d6
//! (SK-16.15.3-a..d), trying to leave it (SK-11.9.3-a, G-39, G-74), subduing (SK-16.15.6) and
//! disarming (SK-16.15.7). Blows in hand to hand are melee (`melee`).

use crate::combat::armor::armor_value;
use crate::combat::ctx::Ctx;
use crate::combat::damage::{damage_expr, deal_damage};
use crate::combat::edex::order_dex;
use crate::combat::weapon_of;
use crate::event::{AttackKind, Effect, Event};
use crate::geometry;
use crate::state::{FigId, Pos, Posture};
use fireteam_engine::{ResolveError, RuleId};

/// SK-16.15.3: attempting hand-to-hand combat; the defender's reaction on 1d6.
pub(crate) fn grapple(ctx: &mut Ctx, fig: FigId, target: FigId) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let t = ctx.s.fig(target).clone();
    if t.in_hth {
        ctx.emit(Event::HthBegan {
            attacker: fig,
            defender: target,
            at: t.pos,
        });
        return Ok(());
    }
    let (_, die) = ctx.roll("hth-reaction", 1)?;
    let mut m = 0i8;
    if geometry::arc_from(&t, f.pos) == fireteam_grid::Arc::Rear {
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
        ctx.emit(Event::HthBegan {
            attacker: fig,
            defender: target,
            at: t.pos,
        });
        for who in [fig, target] {
            let g = ctx.s.fig(who).clone();
            if let Some(slot) = g.ready {
                let small = weapon_of(&ctx.s, &g, Some(slot))
                    .is_some_and(|w| w.is_group("knife") || w.is_group("pistol"));
                if !small {
                    ctx.emit(Event::Effect {
                        fig: who,
                        effect: Effect::WeaponDropped { slot },
                        rule: RuleId("SK-16.15.3-b"),
                    });
                }
            }
            ctx.emit(Event::Posture {
                fig: who,
                posture: Posture::Prone,
                rule: RuleId("SK-16.15.3-T1"),
            });
        }
    } else if result >= 7 {
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
            let foe_st = ctx.s.figures[o].est();
            let (fa, ra) = ctx.roll("contest", 3)?;
            let (_, rd) = ctx.roll("contest", 3)?;
            let a_m = i32::from(f.est()) - ra;
            let d_m = i32::from(foe_st) - rd;
            let win = a_m >= 0 && crate::autoresult::opposed(a_m, true, d_m, d_m >= 0);
            ctx.emit(Event::Check {
                fig,
                what: "leave-hth",
                dice: 3,
                faces: fa,
                total: ra,
                target: f.est(),
                success: win,
                rule: RuleId("SK-11.9.3-a"),
            });
            win
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

/// SK-16.15.6 subdue and SK-16.15.7 disarm: opposed rolls vs eSTR (+1 per Martial Arts level).
pub(crate) fn contest(
    ctx: &mut Ctx,
    fig: FigId,
    target: FigId,
    subdue: bool,
) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let t = ctx.s.fig(target).clone();
    let a_n = f.est() + i16::from(f.martial_arts.min(4));
    let d_n = t.est() + i16::from(t.martial_arts.min(4));
    let (fa, ra) = ctx.roll("contest", 3)?;
    let (_, rd) = ctx.roll("contest", 3)?;
    let (a_ok, a_m) = (ra <= i32::from(a_n), i32::from(a_n) - ra);
    let (d_ok, d_m) = (rd <= i32::from(d_n), i32::from(d_n) - rd);
    let win = crate::autoresult::opposed(a_m, a_ok, d_m, d_ok) && a_ok;
    let rule = if subdue {
        "SK-16.15.6-a"
    } else {
        "SK-16.15.7-a"
    };
    ctx.emit(Event::Check {
        fig,
        what: if subdue { "subdue" } else { "disarm" },
        dice: 3,
        faces: fa,
        total: ra,
        target: a_n,
        success: win,
        rule: RuleId(rule),
    });
    if win {
        if subdue {
            ctx.emit(Event::Effect {
                fig: target,
                effect: Effect::Stunned,
                rule: RuleId("SK-16.15.6-b"),
            });
        } else if let Some(slot) = t.ready {
            ctx.emit(Event::Effect {
                fig: target,
                effect: Effect::WeaponDropped { slot },
                rule: RuleId("SK-16.15.7-b"),
            });
        }
    }
    Ok(())
}
