//! A missed shot or throw may hit someone else: rolls to avoid the figures in the way (SK-12.2,
//! G-14), then the shot going on past the target (SK-13.6-b/c/d, G-14 step 5, E-22).

use crate::combat::armor::armor_value;
use crate::combat::ctx::Ctx;
use crate::combat::damage::{damage_expr, deal_damage};
use crate::combat::edex::order_dex;
use crate::combat::modifiers::{attack_mods, intervening_penalty, AttackSpec};
use crate::combat::weapon_of;
use crate::data::Wall;
use crate::event::{AttackKind, Event};
use crate::geometry::{self, line_of_fire};
use crate::state::{FigId, Pos};
use fireteam_engine::{ResolveError, RuleId};
use smallvec::SmallVec;

/// SK-12.2 / G-14: after a missed shot or throw, the figures in the way may be hit instead.
pub(crate) fn avoid_rolls(ctx: &mut Ctx, spec: &AttackSpec) -> Result<(), ResolveError> {
    let att = ctx.s.fig(spec.attacker).clone();
    let tgt = ctx.s.fig(spec.target).clone();
    let lof = line_of_fire(&ctx.s, att.pos, tgt.pos);
    // The miss's margin must be less than the intervening penalty (SK-12.2-g).
    let Some(Event::Roll { margin, .. }) = ctx
        .out
        .iter()
        .rev()
        .find(|e| matches!(e, Event::Roll { avoid: false, .. }))
    else {
        return Ok(());
    };
    let mof = -*margin;
    let penalty = i32::from(intervening_penalty(&ctx.s, spec, &lof));
    if penalty == 0 || mof >= penalty.max(1) {
        return beyond(ctx, spec);
    }
    for &b in &lof.between {
        let by = ctx.s.fig(b).clone();
        if by.side == att.side && by.pos.distance(att.pos) == 1 {
            continue;
        }
        if roll_to_avoid(ctx, spec, b, "SK-12.2-b")? {
            return Ok(());
        }
    }
    beyond(ctx, spec)
}

/// G-14 step 5: a shot that hit nobody goes on past the target (SK-13.6-b/c). A foe on the
/// line is rolled against with the attacker's own adjustments, where 16–18 only stop the shot
/// (SK-13.6-d, E-22); anyone else is rolled to avoid with his distance as a bonus (SK-12.2-h).
/// Thrown weapons look no further than 10 hexes (GAPS §E note 10).
fn beyond(ctx: &mut Ctx, spec: &AttackSpec) -> Result<(), ResolveError> {
    let att = ctx.s.fig(spec.attacker).clone();
    let tgt = ctx.s.fig(spec.target).clone();
    let d0 = att.pos.distance(tgt.pos).max(1) as i32;
    let (a, b) = (att.pos.hex(), tgt.pos.hex());
    let reach = i32::from(ctx.s.rules.width.max(ctx.s.rules.height)) * 2;
    let k = reach / d0 + 1;
    let far = a + fireteam_grid::Hex::new((b.q - a.q) * k, (b.r - a.r) * k);
    let mut past = false;
    let mut order: SmallVec<[FigId; 4]> = SmallVec::new();
    for step in fireteam_grid::line(a, far) {
        let c = match step {
            fireteam_grid::LineStep::Single(c) | fireteam_grid::LineStep::Corner(c) => c,
            fireteam_grid::LineStep::Edge(c, _) => c,
        };
        if c == b {
            past = true;
            continue;
        }
        let p = Pos::from_hex(c);
        if !ctx.s.on_map(p) {
            if past {
                break;
            }
            continue;
        }
        if !past {
            continue;
        }
        if ctx
            .s
            .terrain(p)
            .is_some_and(|t| t.blocks_sight || t.wall == Wall::High)
        {
            break;
        }
        if spec.kind == AttackKind::Thrown && att.pos.distance(p) > 10 {
            break;
        }
        for (i, f) in ctx.s.figures.iter().enumerate() {
            if f.pos == p
                && f.active()
                && i as FigId != spec.target
                && !order.contains(&(i as FigId))
            {
                order.push(i as FigId);
            }
        }
    }
    for o in order {
        let of = ctx.s.fig(o).clone();
        if of.side != att.side {
            let sub = AttackSpec {
                attacker: spec.attacker,
                target: o,
                kind: spec.kind,
                slot: spec.slot,
                mode: spec.mode,
                rounds: 1,
                disengaging: false,
                quick: false,
                aim: None,
                opportunity: None,
                maneuver: None,
            };
            let (mods, dice, _) = attack_mods(&ctx.s, &sub);
            let tn = att.dex + fireteam_engine::Modifier::total(&mods) as i16;
            let (faces, total) = ctx.roll("to-hit", dice)?;
            let c = crate::autoresult::classify(
                dice,
                total,
                i32::from(tn),
                ctx.s.rules.options.auto_numbers,
                false,
            );
            // SK-13.6-d: fumbles on a later target only stop the shot.
            let result = match c.result {
                crate::autoresult::ToHit::Dropped | crate::autoresult::ToHit::Broken => {
                    crate::autoresult::ToHit::Miss { automatic: true }
                }
                r => r,
            };
            ctx.emit(Event::Roll {
                attacker: spec.attacker,
                target: o,
                kind: spec.kind,
                weapon_name: "".into(),
                mode: spec.mode,
                rounds: 1,
                dice,
                faces,
                total,
                base: att.dex,
                modifiers: mods,
                target_number: tn,
                result,
                rule: RuleId("SK-13.6-d"),
                margin: c.margin,
                bullets: u8::from(result.is_hit()),
                avoid: false,
            });
            if let crate::autoresult::ToHit::Hit { mult, .. } = result {
                // SK-19.3-a: a practice weapon's hit is only recorded.
                if crate::practice::practice_hit(ctx, spec.attacker, spec.slot, o)? {
                    return Ok(());
                }
                let expr = damage_expr(&ctx.s, &att, spec.slot, spec.kind);
                let w = weapon_of(&ctx.s, &att, spec.slot).cloned();
                let armor = armor_value(&ctx.s, &of, att.pos, w.as_ref());
                deal_damage(
                    ctx,
                    o,
                    Some(spec.attacker),
                    expr,
                    mult,
                    armor,
                    false,
                    RuleId("SK-13.6-c"),
                )?;
                return Ok(());
            }
            if total >= 16 && dice == 3 {
                return Ok(());
            }
        } else if roll_to_avoid(ctx, spec, o, "SK-12.2-h")? {
            return Ok(());
        }
    }
    Ok(())
}

/// A roll to avoid a bystander (SK-12.2-b): 3d6 against the attacker's eDEX plus the
/// bystander's distance modifier as a bonus (SK-12.2-e/h); a failure hits him for normal
/// damage. Returns whether he was hit.
pub(crate) fn roll_to_avoid(
    ctx: &mut Ctx,
    spec: &AttackSpec,
    bystander: FigId,
    rule: &'static str,
) -> Result<bool, ResolveError> {
    let att = ctx.s.fig(spec.attacker).clone();
    let by = ctx.s.fig(bystander).clone();
    let d = att.pos.distance(by.pos);
    let bonus = if spec.kind == AttackKind::Thrown {
        d as i16
    } else {
        -geometry::missile_range_penalty(d)
    };
    let target_n = order_dex(&ctx.s, &att) + bonus;
    let (faces, total) = ctx.roll("avoid", 3)?;
    let avoided = total <= i32::from(target_n);
    ctx.emit(Event::Roll {
        attacker: spec.attacker,
        target: bystander,
        kind: spec.kind,
        weapon_name: "".into(),
        mode: spec.mode,
        rounds: spec.rounds,
        dice: 3,
        faces,
        total,
        base: att.dex,
        modifiers: SmallVec::from_vec(vec![fireteam_engine::Modifier::applied(
            "avoid-distance",
            "distance (a bonus to avoid)",
            i32::from(bonus),
            RuleId("SK-12.2-e"),
        )]),
        target_number: target_n,
        result: if avoided {
            crate::autoresult::ToHit::Miss { automatic: false }
        } else {
            crate::autoresult::ToHit::Hit {
                mult: 1,
                automatic: false,
            }
        },
        rule: RuleId(rule),
        margin: i32::from(target_n) - total,
        bullets: u8::from(!avoided),
        avoid: true,
    });
    // SK-19.3-a: a practice weapon's hit on the bystander is only recorded.
    if !avoided && !crate::practice::practice_hit(ctx, spec.attacker, spec.slot, bystander)? {
        let expr = damage_expr(&ctx.s, &att, spec.slot, spec.kind);
        let w = weapon_of(&ctx.s, &att, spec.slot).cloned();
        let armor = armor_value(&ctx.s, &by, att.pos, w.as_ref());
        deal_damage(
            ctx,
            bystander,
            Some(spec.attacker),
            expr,
            1,
            armor,
            false,
            RuleId(rule),
        )?;
    }
    Ok(!avoided)
}
