//! The quick shot from the belt (SK-21.5-b, optional, G-21): with empty hands, a short missile
//! weapon, or a thrown weapon with Thrown Weapons, drawn and fired at once at +1 die, or after a
//! separate draw roll at −2 (one die fewer with Quick Reflexes, SK-6.4.5-a). Two figures of the
//! same eDEX quick-drawing at each other fire in the order of their margins on the draw
//! (SK-21.5-c).

use crate::action::{Action, FireMode};
use crate::attack::{finish_attack, single_attack};
use crate::combat::ctx::Ctx;
use crate::combat::edex::order_dex;
use crate::combat::modifiers::{attack_mods, AttackSpec};
use crate::combat::strike::{roll_to_hit, Rolled};
use crate::combat::weapon_of;
use crate::data::{Class, Weapon};
use crate::event::{AttackKind, Event};
use crate::state::{FigId, Phase};
use crate::turn::action_phase::can_act;
use fireteam_engine::{ResolveError, RuleId};

/// The quick-shot action: a plain quick shot, or, when its target has the same eDEX, has not
/// acted and could quick-draw back, the question to him (SK-21.5-c); or his answer, drawing
/// back at the figure that drew on him.
pub(crate) fn declare(
    ctx: &mut Ctx,
    fig: FigId,
    target: FigId,
    slot: u8,
) -> Result<(), ResolveError> {
    if let Phase::QuickDraw {
        fig: first,
        slot: first_slot,
        ..
    } = ctx.s.phase
    {
        // The answer: both draw at the shared slot.
        ctx.emit(Event::Acted { fig });
        ctx.emit(Event::Phase {
            phase: Phase::Action,
        });
        return draw_against(ctx, (first, first_slot), (fig, slot));
    }
    ctx.emit(Event::Acted { fig });
    if draws_back(ctx, fig, target) {
        ctx.emit(Event::Phase {
            phase: Phase::QuickDraw { fig, target, slot },
        });
        return Ok(());
    }
    quick_shot(ctx, fig, target, slot)
}

/// SK-21.5-c: whether `target` could quick-draw back at `fig` at the same eDEX.
fn draws_back(ctx: &Ctx, fig: FigId, target: FigId) -> bool {
    let s = &ctx.s;
    let t = s.fig(target);
    if !s.rules.options.quick_shot
        || t.acted
        || !can_act(t)
        || t.order_dex != s.fig(fig).order_dex
        || !matches!(s.phase, Phase::Action)
    {
        return false;
    }
    let mut v = Vec::new();
    crate::legal::action::quick_draw_reaction(s, fig, target, &mut v);
    v.iter().any(|a| matches!(a, Action::QuickShot { .. }))
}

/// `target` lets the figure that drew on him fire first (SK-21.5-c declined): that quick shot
/// goes off now, and `target` acts at his own slot later.
pub(crate) fn let_draw(ctx: &mut Ctx, _target: FigId) -> Result<(), ResolveError> {
    let Phase::QuickDraw { fig, target, slot } = ctx.s.phase else {
        return Err(ResolveError::Illegal("nobody is drawing".into()));
    };
    ctx.emit(Event::Phase {
        phase: Phase::Action,
    });
    quick_shot(ctx, fig, target, slot)
}

/// A quick shot at `target` with the weapon in `slot`.
pub(crate) fn quick_shot(
    ctx: &mut Ctx,
    fig: FigId,
    target: FigId,
    slot: u8,
) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    // G-21 option: a separate 3d6 vs DEX draw roll first (§20), then −2 to hit.
    if ctx.s.rules.options.quickdraw_separate_roll {
        let (dice, rule) = draw_dice(&f, RuleId("SK-21.5-b"));
        if !ctx.check(fig, "quick-draw", dice, order_dex(&ctx.s, &f), rule)? {
            return Ok(());
        }
    }
    ctx.emit(Event::Readied { fig, slot });
    let (spec, w) = spec_of(ctx, fig, target, slot);
    single_attack(ctx, &spec, &w, true)
}

/// The separate draw roll's dice (G-21's §20 model): 3d6, or 2d6 with Quick Reflexes, which
/// rolls one die fewer on "checks for a quick-shot" (SK-6.4.5-a); the check then names that
/// skill's rule, so the narration says why it is two dice.
fn draw_dice(f: &crate::state::Figure, rule: RuleId) -> (u8, RuleId) {
    if crate::skills::has(f.skills, crate::skills::bit("quick_reflexes")) {
        (2, RuleId("SK-6.4.5-a"))
    } else {
        (3, rule)
    }
}

/// The quick shot's attack, once the weapon is drawn.
fn spec_of(ctx: &Ctx, fig: FigId, target: FigId, slot: u8) -> (AttackSpec, Weapon) {
    let w = weapon_of(&ctx.s, ctx.s.fig(fig), Some(slot))
        .cloned()
        .expect("drawn weapon");
    let kind = if w.class == Class::Missile {
        AttackKind::Missile
    } else {
        AttackKind::Thrown
    };
    let spec = AttackSpec {
        attacker: fig,
        target,
        kind,
        slot: Some(slot),
        mode: (kind == AttackKind::Missile).then_some(FireMode::Single),
        rounds: 1,
        disengaging: false,
        quick: true,
        aim: None,
        opportunity: None,
        maneuver: None,
    };
    (spec, w)
}

/// SK-21.5-c / G-21: two figures of the same eDEX quick-draw at each other; "the most
/// successful, that is has the highest margin, fires first" (equal margins: the one who drew
/// first, the tie order). With the separate draw roll (`sk.quickdraw_model =
/// "separate_draw_roll_minus2"`) the margins are the draw rolls', and a failed draw fires
/// nothing; with the §21.5 model the draw is the roll to hit itself, both rolled at the shared
/// slot. The second fires only if he still can (SK-8.4.3-b: not down, stunned or out).
fn draw_against(ctx: &mut Ctx, a: (FigId, u8), b: (FigId, u8)) -> Result<(), ResolveError> {
    let separate = ctx.s.rules.options.quickdraw_separate_roll;
    let mut draws: [(FigId, u8, FigId, i32, bool, Option<Rolled>); 2] = [
        (a.0, a.1, b.0, 0, true, None),
        (b.0, b.1, a.0, 0, true, None),
    ];
    if separate {
        for d in draws.iter_mut() {
            let g = ctx.s.fig(d.0).clone();
            let need = order_dex(&ctx.s, &g);
            let (dice, rule) = draw_dice(&g, RuleId("SK-21.5-c"));
            let (ok, total) = ctx.check_total(d.0, "quick-draw", dice, need, rule)?;
            d.4 = ok;
            d.3 = i32::from(need) - total;
        }
    }
    for d in draws.iter() {
        if d.4 {
            ctx.emit(Event::Readied {
                fig: d.0,
                slot: d.1,
            });
        }
    }
    if !separate {
        for d in draws.iter_mut() {
            let (spec, _) = spec_of(ctx, d.0, d.2, d.1);
            let prepared = attack_mods(&ctx.s, &spec);
            let r = roll_to_hit(ctx, &spec, prepared)?;
            d.3 = r.c.margin;
            d.5 = Some(r);
        }
    }
    if draws[1].3 > draws[0].3 {
        draws.swap(0, 1);
    }
    ctx.emit(Event::QuickDraw {
        first: draws[0].0,
        second: draws[1].0,
        margins: (draws[0].3, draws[1].3),
    });
    for (k, d) in draws.into_iter().enumerate() {
        let (fig, slot, target, _, drew, rolled) = d;
        if !drew || (k == 1 && !can_act(ctx.s.fig(fig))) {
            continue;
        }
        let (spec, w) = spec_of(ctx, fig, target, slot);
        finish_attack(ctx, &spec, &w, true, rolled)?;
    }
    Ok(())
}
