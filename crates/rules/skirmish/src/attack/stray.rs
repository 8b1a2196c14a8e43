//! A missed shot or throw may hit someone else: rolls to avoid the figures in the way (SK-12.2,
//! G-14), then the shot going on past the target (SK-13.6-b/c/d, G-14 step 5, E-22). The same
//! pieces serve automatic fire (`autofire`), where a failed roll to avoid takes as many bullets
//! as it failed by and the rest fly on (SK-16.6-g, E-10).

use crate::action::FireMode;
use crate::attack::brawl;
use crate::autoresult::{Classified, ToHit};
use crate::combat::armor::armor_value;
use crate::combat::ctx::Ctx;
use crate::combat::damage::{damage_expr, deal_damage};
use crate::combat::edex::order_dex;
use crate::combat::modifiers::{
    attack_mods_in, continuing_mods, intervening_penalty, spread_bonus, string_mods, AttackSpec,
};
use crate::combat::strike::{land, landing_class, roll_to_hit_read};
use crate::combat::weapon_of;
use crate::data::Wall;
use crate::event::{AttackKind, Event, Mods};
use crate::geometry::{self, line_of_fire};
use crate::state::{FigId, Pos, Posture};
use fireteam_engine::{Modifier, ResolveError, RuleId};
use smallvec::SmallVec;

/// SK-12.2 / G-14: after a missed single shot or throw, the figures in the way may be hit
/// instead; then, with §13.8's reading, the others of a brawl shot into (SK-13.8-a); then the
/// shot goes on past the target.
pub(crate) fn avoid_rolls(ctx: &mut Ctx, spec: &AttackSpec) -> Result<(), ResolveError> {
    let att = ctx.s.fig(spec.attacker).clone();
    let tgt = ctx.s.fig(spec.target).clone();
    let mut lof = line_of_fire(&ctx.s, att.pos, tgt.pos);
    // SK-13.6-b: a shotgun's arc.
    crate::attack::arc::widen_between(&ctx.s, spec, &mut lof.between);
    // The miss's margin must be within the intervening penalty (SK-12.2-g). (The exact odds
    // read the roll to hit by a class that keeps a missed single shot's margin for this:
    // `strike::landing_class`.)
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
    if penalty > 0 && threatens_the_way(&ctx.s.rules.options, mof, penalty) {
        for &b in &lof.between {
            let by = ctx.s.fig(b).clone();
            // SK-12.2-c: an adjacent friend beside the attacker is never in the way.
            if by.side == att.side && by.pos.distance(att.pos) == 1 {
                continue;
            }
            let mods = avoid_mods(ctx, spec, b, 1);
            if avoid(ctx, spec, b, 1, mods, RuleId("SK-12.2-b"))? > 0 {
                return Ok(());
            }
        }
    }
    if brawl::others_after_miss(ctx, spec, 1)? == 0 {
        return Ok(());
    }
    beyond(ctx, spec, 1).map(|_| ())
}

/// SK-12.2-g: whether a miss by `mof` may have hit those in the way, whose penalty was
/// `penalty`. G-14 step 4 with G-15: a roll hits at or under the target number, so the misses
/// the penalty caused are those by *at most* the penalty (without it they would have hit);
/// §12.2's "less than" counts the same rolls under its other reading of the roll, "below" the
/// target number (option `sk.avoid_margin = "literal_less_than"` takes the words as they
/// stand, and then a lone figure within 2 MH can never be hit). §13.8 alone (`sk.avoid_penalty
/// = "13_8_only"`) has no margin: any miss may hit those in the path.
fn threatens_the_way(opts: &crate::options::Options, mof: i32, penalty: i32) -> bool {
    match opts.avoid_penalty {
        crate::options::AvoidPenalty::ThirteenEightOnly => true,
        _ if opts.avoid_margin_literal => mof < penalty,
        _ => mof <= penalty,
    }
}

/// G-14 step 5: a shot that hit nobody goes on past the target (SK-13.6-b/c), with `left`
/// rounds (1 for a single shot). A foe on the line is rolled against "with his own modifiers"
/// (and, for automatic fire, the rounds still flying), where 16–18 only stop the shot
/// (SK-13.6-d, E-22); anyone else is rolled to avoid with his distance as a bonus (SK-12.2-h).
/// Thrown weapons look no further than 10 hexes (GAPS §E note 10). Returns the rounds still
/// flying past the last figure.
pub(crate) fn beyond(ctx: &mut Ctx, spec: &AttackSpec, left: u8) -> Result<u8, ResolveError> {
    let att = ctx.s.fig(spec.attacker).clone();
    let order = past_the_target(ctx, spec);
    let mut left = left;
    // The exact odds: before each figure past the target, the rest depends on the rolls so far
    // only through the rounds left and the state (the figures were found before them).
    let since = ctx.mark();
    for (i, o) in order.into_iter().enumerate() {
        ctx.checkpoint(since, "beyond", &[i as i64, i64::from(left)])?;
        if left == 0 {
            break;
        }
        let of = ctx.s.fig(o).clone();
        if !of.active() {
            continue;
        }
        if of.side == att.side {
            let mods = avoid_mods(ctx, spec, o, left);
            let landed = avoid(ctx, spec, o, left, mods, RuleId("SK-12.2-h"))?;
            left -= landed;
            if landed > 0 && !is_string(spec) {
                return Ok(0);
            }
            continue;
        }
        let sub = AttackSpec {
            attacker: spec.attacker,
            target: o,
            kind: spec.kind,
            slot: spec.slot,
            mode: spec.mode,
            rounds: spec.rounds,
            disengaging: false,
            quick: false,
            aim: None,
            opportunity: None,
            maneuver: None,
        };
        let (mut mods, dice, dark) = attack_mods_in(ctx, &sub);
        continuing_mods(&mut mods);
        if is_string(spec) {
            string_mods(&mut mods, left);
        }
        // SK-13.6-d: on a later target a fumble never touches the weapon (a miss) and 16–18
        // stop the shot; the roll is read by how it lands and whether it stops the shot.
        let later = |c: &Classified| -> Classified {
            let mut c = *c;
            if matches!(c.result, ToHit::Dropped | ToHit::Broken) {
                c.result = ToHit::Miss { automatic: true };
            }
            c.rule = RuleId("SK-13.6-d");
            c
        };
        let aimed = ctx.s.rules.options.aimed_shots;
        let class = |c: &Classified, total: i32| {
            landing_class(&later(c), total, &sub, left, aimed) * 2
                + i64::from(dice == 3 && total >= 16)
        };
        let mut rolled = roll_to_hit_read(ctx, &sub, (mods, dice, dark), Some(&class))?;
        rolled.fires = false;
        let stopped = dice == 3 && rolled.total >= 16;
        rolled.c = later(&rolled.c);
        let struck = land(ctx, &sub, rolled, left)?;
        if struck.result.is_hit() {
            left -= struck.landed;
            if !is_string(spec) {
                return Ok(0);
            }
        }
        if stopped {
            return Ok(0);
        }
    }
    Ok(left)
}

/// The figures past the target on the line of fire, nearest first, up to the map's edge, a
/// high wall or a sight-blocking hex (10 hexes for a thrown weapon): both hexes where the line
/// runs along a hex-side (SK-13.6-b "passes through").
fn past_the_target(ctx: &Ctx, spec: &AttackSpec) -> SmallVec<[FigId; 4]> {
    let att = ctx.s.fig(spec.attacker);
    let tgt = ctx.s.fig(spec.target);
    let d0 = att.pos.distance(tgt.pos).max(1) as i32;
    let (a, b) = (att.pos.hex(), tgt.pos.hex());
    let reach = i32::from(ctx.s.rules.width.max(ctx.s.rules.height)) * 2;
    let k = reach / d0 + 1;
    let far = a + fireteam_grid::Hex::new((b.q - a.q) * k, (b.r - a.r) * k);
    let mut past = false;
    let mut order: SmallVec<[FigId; 4]> = SmallVec::new();
    'line: for step in crate::geometry::line_steps(a, far) {
        let mut off_map = 0;
        let mut cells = 0;
        for c in step.cells() {
            cells += 1;
            if c == b {
                past = true;
                continue;
            }
            let p = Pos::from_hex(c);
            if !ctx.s.on_map(p) {
                off_map += 1;
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
                break 'line;
            }
            if spec.kind == AttackKind::Thrown && att.pos.distance(p) > 10 {
                break 'line;
            }
            for (i, f) in ctx.s.figures.iter().enumerate() {
                if f.pos == p
                    && f.active()
                    && i as FigId != spec.target
                    && i as FigId != spec.attacker
                    && !order.contains(&(i as FigId))
                {
                    order.push(i as FigId);
                }
            }
        }
        if past && off_map == cells {
            break;
        }
    }
    // SK-13.6-b: automatic fire and shotguns spread across their arc past the target.
    crate::attack::arc::widen_past(&ctx.s, spec, &mut order);
    order
}

fn is_string(spec: &AttackSpec) -> bool {
    matches!(spec.mode, Some(FireMode::Burst) | Some(FireMode::Auto))
}

/// The adjustments of a roll to avoid a figure on the line of fire (SK-12.2-e: bonuses to hit
/// become penalties to avoid, and the reverse): his distance modifier as a bonus (SK-12.2-g/h;
/// with automatic fire and `sk.auto_avoid_distance = "john_example"`, as a penalty, E-10); the
/// automatic-fire bonus of the rounds still flying as a penalty (SK-16.6-g); a shotgun's
/// spread bonus at his range as a penalty.
pub(crate) fn avoid_mods(ctx: &Ctx, spec: &AttackSpec, bystander: FigId, left: u8) -> Mods {
    let s = &ctx.s;
    let att = s.fig(spec.attacker);
    let d = att.pos.distance(s.fig(bystander).pos);
    let dist = if spec.kind == AttackKind::Thrown {
        d as i32
    } else {
        -i32::from(geometry::missile_range_penalty(d))
    };
    let mut m = Mods::new();
    if is_string(spec) && s.rules.options.auto_avoid_distance_penalty {
        m.push(Modifier::applied(
            "avoid-distance",
            "distance (a penalty to avoid, as in the John example)",
            -dist,
            RuleId("SK-16.6-g"),
        ));
    } else {
        m.push(Modifier::applied(
            "avoid-distance",
            "distance (a bonus to avoid)",
            dist,
            RuleId("SK-12.2-e"),
        ));
    }
    if is_string(spec) && left >= 3 {
        m.push(Modifier::applied(
            "avoid-autofire",
            "automatic fire (a penalty to avoid)",
            -i32::from(left / 3),
            RuleId("SK-16.6-g"),
        ));
    }
    if spec.kind == AttackKind::Missile {
        if let Some(w) = weapon_of(s, att, spec.slot) {
            let b = spread_bonus(s, w, d);
            if b != 0 {
                m.push(Modifier::applied(
                    "avoid-spread",
                    "shotgun spread (a penalty to avoid)",
                    -b,
                    RuleId("SK-12.2-e"),
                ));
            }
        }
    }
    m
}

/// A roll to avoid a bystander (SK-12.2-b): 3d6 against the attacker's eDEX with `mods`
/// (`avoid_mods`, or none inside a brawl); success misses him, and no automatic results apply
/// (G-14). A failure hits him with one bullet, or with automatic fire as many of the `left`
/// rounds as the roll failed by (G-14, SK-16.6-g). Returns the bullets that landed.
pub(crate) fn avoid(
    ctx: &mut Ctx,
    spec: &AttackSpec,
    bystander: FigId,
    left: u8,
    mods: Mods,
    rule: RuleId,
) -> Result<u8, ResolveError> {
    let att = ctx.s.fig(spec.attacker).clone();
    let target_n = order_dex(&ctx.s, &att) + Modifier::total(&mods) as i16;
    // The roll is read only through the bullets it lets through.
    let string = is_string(spec);
    let bullets_of = |total: i32| -> u8 {
        let margin = i32::from(target_n) - total;
        if margin >= 0 {
            0
        } else if string {
            (-margin).clamp(1, i32::from(left.max(1))) as u8
        } else {
            1
        }
    };
    let (faces, total) = ctx.roll_classed("avoid", 3, &|t| i64::from(bullets_of(t)))?;
    let avoided = total <= i32::from(target_n);
    let margin = i32::from(target_n) - total;
    let bullets = bullets_of(total);
    ctx.emit(Event::Roll {
        attacker: spec.attacker,
        target: bystander,
        kind: spec.kind,
        weapon_name: "".into(),
        mode: spec.mode,
        rounds: left,
        dice: 3,
        faces,
        total,
        base: att.dex,
        modifiers: mods,
        target_number: target_n,
        result: if avoided {
            crate::autoresult::ToHit::Miss { automatic: false }
        } else {
            crate::autoresult::ToHit::Hit {
                mult: 1,
                automatic: false,
            }
        },
        rule,
        margin,
        bullets,
        avoid: true,
    });
    bullets_into(ctx, spec, bystander, bullets, rule)
}

/// `n` bullets (or one blow) into a figure hit by chance, each with its damage and armor; an
/// 8-hit fall in automatic fire lets the rest fly past (SK-16.6-i). Returns those that landed.
pub(crate) fn bullets_into(
    ctx: &mut Ctx,
    spec: &AttackSpec,
    victim: FigId,
    n: u8,
    rule: RuleId,
) -> Result<u8, ResolveError> {
    let att = ctx.s.fig(spec.attacker).clone();
    // SK-16.8-b: a lower-power shot is its dice (G-48), as on its target.
    let expr = crate::attack::energy::shot_damage(
        damage_expr(&ctx.s, &att, spec.slot, spec.kind),
        spec.mode,
    );
    let w = weapon_of(&ctx.s, &att, spec.slot).cloned();
    // SK-19.3-a: a practice weapon's hits on him are only recorded.
    if crate::practice::is_practice(w.as_ref()) {
        crate::practice::record_hit(ctx, spec.attacker, victim, n)?;
        return Ok(n);
    }
    let was_fallen = ctx.s.fig(victim).posture == Posture::Fallen;
    let mut landed = 0;
    // The exact odds: each bullet after the first is a checkpoint since the loop began; the
    // bullets so far are read only through the state and the count landed.
    let since = ctx.mark();
    for b in 0..n {
        if b > 0 {
            ctx.checkpoint(
                since,
                "bystander-bullet",
                &[i64::from(b), i64::from(landed)],
            )?;
        }
        let by = ctx.s.fig(victim).clone();
        if !by.active() {
            break;
        }
        // SK-14.3-a, G-27: his shielding, as a target's (R hits; against an energy weapon R
        // dice, with whatever else the shot meets on its way to him, SK-12.3-e).
        let shot = crate::combat::shielding::on_hit(ctx, &att, &by, w.as_ref(), spec.kind, expr)?;
        landed += 1;
        if let Some(wearer) = shot.reflected_by {
            crate::combat::shielding::reflect(
                ctx,
                spec.attacker,
                victim,
                wearer,
                shot.expr,
                w.as_ref(),
            )?;
            continue;
        }
        let armor = armor_value(&ctx.s, &by, att.pos, w.as_ref()) + shot.hits;
        // SK-21.3-b, G-61 (optional nonlethal): the weapon's attack type.
        ctx.hit.kind = crate::combat::damage::attack_type(w.as_ref());
        deal_damage(
            ctx,
            victim,
            Some(spec.attacker),
            shot.expr,
            1,
            armor,
            false,
            rule,
        )?;
        if n > 1 && !was_fallen && ctx.s.fig(victim).posture == Posture::Fallen {
            break;
        }
    }
    Ok(landed)
}
