//! One roll to hit and everything after it (SK-12.1, SK-12.3-b): bullets by margin of success
//! for bursts and full auto (SK-16.6-f, G-32), damage per bullet with shielding (SK-14.3-b/c),
//! smoke against lasers (SK-17.4-b) and charges that double it (SK-16.2-a, SK-16.3-b), aimed and
//! critical hits (SK-21.4-b/c), stun weapons (SK-16.9-a), recoil in microgravity (SK-17.10-b),
//! and the automatic results: dropped, broken and jammed weapons (SK-12.1-d..f, SK-16.6-l) and an
//! unarmed fumble (SK-16.15.1-a).

use crate::action::FireMode;
use crate::autoresult::{break_severity, classify, Break, ToHit};
use crate::combat::armor::armor_at;
use crate::combat::ctx::Ctx;
use crate::combat::damage::{damage_expr, deal_damage, HitInfo};
use crate::combat::edex::order_dex;
use crate::combat::footing::microgravity_check;
use crate::combat::located::{located_cap, located_effects};
use crate::combat::modifiers::{attack_mods, AttackSpec};
use crate::combat::weapon_of;
use crate::data::{Class, Weapon};
use crate::event::{AttackKind, Effect, Event};
use crate::geometry::line_of_fire;
use crate::progression::Damage;
use crate::skills;
use crate::state::{FigId, Figure, Posture, WeaponState};
use fireteam_engine::{Modifier, ResolveError, RuleId};

/// A to-hit roll and everything after it, for one shot, burst, blow or throw.
pub fn strike(ctx: &mut Ctx, a: &AttackSpec) -> Result<ToHit, ResolveError> {
    let s = &ctx.s;
    let (mods, dice, darkness) = attack_mods(s, a);
    let att = s.fig(a.attacker).clone();
    let base = att.dex;
    let mut target_number = base + Modifier::total(&mods) as i16;
    let mut mods = mods;
    if darkness {
        // SK-17.5-b: firing a missile or thrown weapon in complete darkness, DEX is 5.
        target_number = 5;
        mods.push(Modifier::applied(
            "darkness",
            "complete darkness: DEX is 5",
            0,
            RuleId("SK-17.5-b"),
        ));
    }
    let w = weapon_of(s, &att, a.slot).cloned();
    let fencing = w.as_ref().is_some_and(|w| w.is_group("sword"))
        && skills::has(att.skills, skills::FENCING)
        && order_dex(s, &att) >= 14;
    let (faces, total) = ctx.roll("to-hit", dice)?;
    let c = classify(
        dice,
        total,
        i32::from(target_number),
        ctx.s.rules.options.auto_numbers,
        fencing,
    );
    // SK-16.15.6-c: any attack on a subdued foe (held in HTH, unable to act) hits.
    let tgt_subdued = {
        let t = ctx.s.fig(a.target);
        t.in_hth && t.stunned > 0 && a.kind == AttackKind::Hth
    };
    let mut result = c.result;
    if tgt_subdued {
        result = ToHit::Hit {
            mult: 1,
            automatic: true,
        };
    }
    let bullets = match (result, a.mode) {
        (ToHit::Hit { .. }, Some(FireMode::Burst) | Some(FireMode::Auto)) => {
            // SK-16.6-f / G-32: bullets = MoS, at least 1, at most the rounds fired.
            c.margin.clamp(1, i32::from(a.rounds)) as u8
        }
        (ToHit::Hit { .. }, _) => 1,
        _ => 0,
    };
    let name: std::sync::Arc<str> = w
        .as_ref()
        .map_or_else(|| "bare hands".into(), |w| w.name.as_str().into());
    ctx.emit(Event::Roll {
        attacker: a.attacker,
        target: a.target,
        kind: a.kind,
        weapon_name: name,
        mode: a.mode,
        rounds: a.rounds,
        dice,
        faces,
        total,
        base,
        modifiers: mods,
        target_number,
        result,
        rule: c.rule,
        margin: c.margin,
        bullets,
        avoid: false,
    });
    // SK-17.10-b: firing a weapon with recoil (one that needs STR) in microgravity.
    if a.kind == AttackKind::Missile && w.as_ref().is_some_and(|w| w.str_min.is_some()) {
        microgravity_check(ctx, a.attacker)?;
    }
    match result {
        // ---- after the battle (§19.3): a practice weapon does no damage; its hits are
        // recorded (SK-19.3-a).
        ToHit::Hit { .. } if crate::practice::is_practice(w.as_ref()) => {
            crate::practice::record_hit(ctx, a.attacker, a.target, bullets)?;
        }
        ToHit::Hit { mult, .. } => {
            // SK-17.10-b: hit by a weapon with recoil.
            if a.kind == AttackKind::Missile && w.as_ref().is_some_and(|w| w.str_min.is_some()) {
                microgravity_check(ctx, a.target)?;
            }
            let mut expr = damage_expr(&ctx.s, &att, a.slot, a.kind);
            // SK-13.2-b: the damage put in from STR above the minimum (G-34: on the ladder).
            if let Some(crate::action::Strike::Power(n)) = a.maneuver {
                expr = expr.plus(i32::from(n));
            }
            let tgt = ctx.s.fig(a.target).clone();
            // SK-14.3-b/c, G-27: shielding (R-factor) against energy weapons removes R dice
            // (option: rolls R dice and subtracts them); against other weapons it stops R hits.
            let r = tgt
                .armor
                .map_or(0, |i| ctx.s.rules.armor[usize::from(i)].r_factor);
            let mut shield_hits = 0i16;
            // SK-17.4-b: a laser loses 1 damage for each smoke hex it crosses.
            if w.as_ref().is_some_and(|w| w.energy) && a.kind == AttackKind::Missile {
                let smoke = line_of_fire(&ctx.s, att.pos, tgt.pos).smoke;
                if smoke > 0 {
                    // G-34: normalised on the ladder.
                    expr = expr.plus(-i32::from(smoke));
                }
            }
            if r > 0 {
                if w.as_ref().is_some_and(|w| w.energy) {
                    if ctx.s.rules.options.shielding_roll {
                        let (_, stopped) = ctx.roll("shielding", r)?;
                        shield_hits = stopped as i16;
                    } else {
                        expr =
                            crate::progression::Damage::new(expr.dice.saturating_sub(r), expr.adds);
                    }
                } else {
                    shield_hits = i16::from(r);
                }
            }
            // SK-21.4-b/c (optional): an aimed shot's place, or a critical on a natural 3–6.
            let mut loc = a.aim;
            if let Some(location) = loc {
                ctx.emit(Event::Location {
                    fig: a.target,
                    location,
                    aimed: true,
                    roll: None,
                });
            } else if ctx.s.rules.options.aimed_shots
                && crate::autoresult::critical_chance(dice, total, true)
            {
                let (_, r) = ctx.roll("critical", 2)?;
                loc = crate::autoresult::critical_location(r);
                if let Some(l) = loc {
                    ctx.emit(Event::Location {
                        fig: a.target,
                        location: l,
                        aimed: false,
                        roll: Some(r as u8),
                    });
                }
            }
            let halve = w.as_ref().is_some_and(|w| {
                w.effective_range
                    .is_some_and(|er| att.pos.distance(tgt.pos) > er)
            });
            let kind = w
                .as_ref()
                .map_or(crate::data::AttackType::Bludgeoning, |w| w.attack_type);
            let mark = ctx.out.len();
            for b in 0..bullets {
                if !ctx.s.fig(a.target).active() {
                    break;
                }
                // G-32: the multiplier applies to the first bullet only.
                let adjacent = att.pos.distance(tgt.pos) == 1;
                let m = if b == 0 {
                    mult * charge_mult(&att, w.as_ref(), a, adjacent)
                } else {
                    1
                };
                // Armor is read for every bullet: it may wear out mid-burst (SK-21.7-a).
                let tgt_now = ctx.s.fig(a.target).clone();
                let armor = armor_at(&ctx.s, &tgt_now, att.pos, w.as_ref(), loc) + shield_hits;
                ctx.hit = HitInfo {
                    kind,
                    cap: loc.map(located_cap),
                };
                let taken = deal_damage(
                    ctx,
                    a.target,
                    Some(a.attacker),
                    expr,
                    m,
                    armor,
                    halve,
                    RuleId("SK-12.3-b"),
                )?;
                if b == 0 {
                    if let Some(l) = loc {
                        located_effects(ctx, a.target, l, taken)?;
                    }
                }
                // SK-16.6-i: 8+ hits during automatic fire: he falls, the rest fly past.
                if ctx.s.fig(a.target).posture == Posture::Fallen && bullets > 1 {
                    break;
                }
            }
            if w.as_ref().is_some_and(|w| w.stun)
                && ctx.s.fig(a.target).damaged_by & (1 << a.attacker) != 0
            {
                stun_check(ctx, a.target)?;
            }
            // ---- fire: a weapon on fire may light a flammable target (SK-16.11-c); a hit
            // from behind may ignite a flame thrower's tank (SK-16.13-f).
            crate::fire::flaming_hit(ctx, a, w.as_ref(), loc)?;
            crate::attack::flame::tank_hit(ctx, a, mark)?;
        }
        ToHit::Dropped | ToHit::Broken if w.is_none() => {
            // SK-16.15.1-a: an unarmed fumble does 1d6 to the attacker (G-36: no armor).
            deal_damage(
                ctx,
                a.attacker,
                None,
                Damage::new(1, 0),
                1,
                0,
                false,
                RuleId("SK-16.15.1-a"),
            )?;
        }
        // SK-16.1-d: brass knuckles "can't be dropped": a 17 is a plain miss.
        ToHit::Dropped if w.as_ref().is_some_and(|w| !crate::hands::droppable(w)) => {}
        ToHit::Dropped => {
            // SK-16.3: a bayonet drops with the rifle it is fixed to.
            let bayonet_rifle = att.bayonet.filter(|b| Some(b.0) == a.slot).map(|b| b.1);
            if let Some(slot) = bayonet_rifle.or(a.slot) {
                ctx.emit(Event::Effect {
                    fig: a.attacker,
                    effect: Effect::WeaponDropped { slot },
                    rule: RuleId("SK-12.1-d"),
                });
            }
        }
        ToHit::Broken
            if matches!(a.mode, Some(FireMode::Burst) | Some(FireMode::Auto))
                && a.slot.is_some() =>
        {
            // SK-16.6-l / G-32: a broken-weapon result in burst or full auto is a jam.
            ctx.emit(Event::Effect {
                fig: a.attacker,
                effect: Effect::Jammed {
                    slot: a.slot.unwrap_or(0),
                },
                rule: RuleId("SK-16.6-l"),
            });
        }
        ToHit::Broken => {
            if let (Some(slot), Some(w)) = (a.slot, w.as_ref()) {
                let permanent = match w.class {
                    Class::Missile => {
                        let (_, die) = ctx.roll("break", 1)?;
                        break_severity(die, w.energy, w.gas_action) == Break::Permanent
                    }
                    _ => true,
                };
                let club_saved = w.is_club()
                    && att.weapons[usize::from(slot)].is_some_and(|s| s.club_breaks == 0);
                let effect = if club_saved {
                    Effect::ClubCracked { slot }
                } else {
                    Effect::WeaponBroken { slot, permanent }
                };
                ctx.emit(Event::Effect {
                    fig: a.attacker,
                    effect,
                    rule: if w.class == Class::Missile {
                        RuleId("SK-12.1-e")
                    } else {
                        RuleId("SK-12.1-f")
                    },
                });
            }
        }
        ToHit::Miss { .. } => {}
    }
    // SK-16.1-e, G-40: an improvised item agreed to break when it hits, or whenever used.
    if let (Some(slot), Some(w)) = (a.slot, w.as_ref()) {
        let breaks = match w.breaks {
            crate::data::Breaks::Never => false,
            crate::data::Breaks::OnHit => result.is_hit(),
            crate::data::Breaks::OnUse => true,
        };
        let intact = ctx.s.fig(a.attacker).weapons[usize::from(slot)]
            .is_some_and(|x| x.state == WeaponState::Ok);
        if breaks && intact {
            ctx.emit(Event::Effect {
                fig: a.attacker,
                effect: Effect::WeaponBroken {
                    slot,
                    permanent: true,
                },
                rule: RuleId("SK-16.1-e"),
            });
        }
    }
    Ok(result)
}

/// SK-16.2-a: a pole arm charged in a straight line for the last 3 hexes doubles its damage;
/// SK-16.3-b: a bayonet after 3 or more hexes doubles too (G-34: multipliers multiply).
/// SK-16.2-d: a jab (at 2 hexes) is never a charge. SK-16.2-b: a set pole arm's blow doubles.
fn charge_mult(att: &Figure, w: Option<&Weapon>, a: &AttackSpec, adjacent: bool) -> u8 {
    let Some(w) = w else { return 1 };
    if a.kind != AttackKind::Melee || a.disengaging || !adjacent {
        return 1;
    }
    // SK-16.2-b: a pole arm set against a charge does double damage.
    if a.maneuver == Some(crate::action::Strike::Set) {
        return 2;
    }
    let pole = w.is_group("polearm") && att.straight && att.run_up >= 3;
    let bayonet = w.skill.as_deref() == Some("bayonet") && att.run_up >= 3;
    if pole || bayonet {
        2
    } else {
        1
    }
}

/// SK-16.9-a: a stun hit of 1+ damage: 4d6 vs eSTR (Tough 3d6, Very Tough 2d6) or drop
/// weapons and be knocked down for two turns.
fn stun_check(ctx: &mut Ctx, target: FigId) -> Result<(), ResolveError> {
    let t = ctx.s.fig(target).clone();
    if !t.active() {
        return Ok(());
    }
    let mask = t.skills;
    let n = if skills::has(mask, skills::VERY_TOUGH) {
        2
    } else if skills::has(mask, skills::TOUGH) {
        3
    } else {
        4
    };
    if !ctx.check(target, "stun", n, t.est(), RuleId("SK-16.9-a"))? {
        if let Some(slot) = t.ready {
            // SK-16.1-d: brass knuckles stay on the fist.
            let keeps = t.weapons[usize::from(slot)].is_some_and(|w| {
                !crate::hands::droppable(&ctx.s.rules.weapons[usize::from(w.weapon)])
            });
            if t.weapons[usize::from(slot)].is_some_and(|w| w.state == WeaponState::Ok) && !keeps {
                ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::WeaponDropped { slot },
                    rule: RuleId("SK-16.9-a"),
                });
            }
        }
        ctx.emit(Event::Effect {
            fig: target,
            effect: Effect::Stunned,
            rule: RuleId("SK-16.9-a"),
        });
    }
    Ok(())
}
