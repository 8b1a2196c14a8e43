//! One roll to hit and everything after it (SK-12.1, SK-12.3-b): bullets by margin of success
//! for bursts and full auto (SK-16.6-f, G-32), damage per bullet with shielding (SK-14.3-b/c),
//! smoke against lasers (SK-17.4-b) and charges that double it (SK-16.2-a, SK-16.3-b), aimed and
//! critical hits (SK-21.4-b/c), stun weapons (SK-16.9-a), recoil in microgravity (SK-17.10-b),
//! and the automatic results: dropped, broken and jammed weapons (SK-12.1-d..f, SK-16.6-l) and an
//! unarmed fumble (SK-16.15.1-a).

use crate::action::FireMode;
use crate::autoresult::{break_severity, classify, Break, Classified, ToHit};
use crate::combat::armor::armor_hit;
use crate::combat::ctx::Ctx;
use crate::combat::damage::{damage_expr, deal_damage, HitInfo};
use crate::combat::edex::order_dex;
use crate::combat::footing::microgravity_check;
use crate::combat::located::{located_cap, located_effects};
use crate::combat::modifiers::{attack_mods_in, AttackSpec};
use crate::combat::weapon_of;
use crate::data::{Class, Weapon};
use crate::event::{AttackKind, Effect, Event, Faces, Mods};
use crate::progression::Damage;
use crate::skills;
use crate::state::{FigId, Figure, Posture, WeaponState};
use fireteam_engine::{Modifier, ResolveError, RuleId};

/// A to-hit roll and everything after it, for one shot, burst, blow or throw.
pub fn strike(ctx: &mut Ctx, a: &AttackSpec) -> Result<ToHit, ResolveError> {
    let prepared = attack_mods_in(ctx, a);
    let rolled = roll_to_land(ctx, a, prepared, a.rounds)?;
    Ok(land(ctx, a, rolled, a.rounds)?.result)
}

/// A roll to hit made and not yet played out: its adjustments, dice and result. Automatic fire
/// and quick-draw ties (SK-16.6-g/k, SK-21.5-c) roll first and play the roll out later.
pub struct Rolled {
    pub mods: Mods,
    pub dice: u8,
    pub faces: Faces,
    pub total: i32,
    pub target_number: i16,
    pub c: Classified,
    /// The roll fires the weapon (its recoil in microgravity, SK-17.10-b); not so for the same
    /// shot going on to a figure behind its target (G-14 step 5).
    pub fires: bool,
}

/// How `land` and what follows it read a roll to hit, for a roll landed with at most `cap`
/// bullets: its result, its bullets in automatic fire (SK-16.6-f, G-32: from the margin,
/// whatever the result, as a hit on a subdued foe takes them too), the margin of a missed
/// single shot (read again from the event by `stray::avoid_rolls`), and its total when a
/// critical may be rolled (SK-21.4-b, `sk.aimed_shots`). Rolls to hit that are landed read by this class and nothing
/// else (`roll_to_land`), so the exact odds branch once per way a roll lands.
pub fn landing_class(
    c: &Classified,
    total: i32,
    a: &AttackSpec,
    cap: u8,
    aimed_shots: bool,
) -> i64 {
    let code = match c.result {
        ToHit::Hit { mult, automatic } => 10 + 2 * i64::from(mult) + i64::from(automatic),
        ToHit::Miss { automatic } => 1 + i64::from(automatic),
        ToHit::Dropped => 3,
        ToHit::Broken => 4,
    };
    let bullets = match a.mode {
        Some(FireMode::Burst) | Some(FireMode::Auto) => {
            i64::from(c.margin.clamp(1, i32::from(cap.max(1))))
        }
        _ => 0,
    };
    let crit = if aimed_shots { i64::from(total) } else { 0 };
    // A missed single shot or throw reads its margin again, from its `Roll` event, to see
    // whether it may hit those in the way (`stray::avoid_rolls`, SK-12.2-g).
    let miss_margin = match (c.result, a.mode) {
        (_, Some(FireMode::Burst) | Some(FireMode::Auto)) | (ToHit::Hit { .. }, _) => 0,
        _ => i64::from(c.margin) + 100,
    };
    ((code * 1_000 + bullets) * 1_000 + miss_margin) * 1_000 + crit
}

/// What a roll played out did: its result, the bullets that hit (SK-16.6-f), those that
/// landed before the figure hit fell (SK-16.6-i: the rest fly past), and who was hit (the
/// target, or a random member of his brawl, SK-16.15.3-g).
#[derive(Debug, Clone, Copy)]
pub struct Struck {
    pub result: ToHit,
    pub bullets: u8,
    pub landed: u8,
    pub victim: FigId,
}

/// The number a roll to hit must not exceed: DEX with every adjustment, or 5 when firing in
/// complete darkness (SK-17.5-b).
pub fn target_number(dex: i16, mods: &Mods, darkness: bool) -> i16 {
    if darkness {
        5
    } else {
        dex + Modifier::total(mods) as i16
    }
}

/// Rolls to hit with these adjustments and dice (`attack_mods`, perhaps adjusted) without
/// playing the roll out.
pub fn roll_to_hit(
    ctx: &mut Ctx,
    a: &AttackSpec,
    prepared: (Mods, u8, bool),
) -> Result<Rolled, ResolveError> {
    roll_to_hit_read(ctx, a, prepared, None)
}

/// Rolls to hit for a roll that `land` plays out next with at most `cap` bullets, and that the
/// caller reads no further: the roll is read by its `landing_class`.
pub fn roll_to_land(
    ctx: &mut Ctx,
    a: &AttackSpec,
    prepared: (Mods, u8, bool),
    cap: u8,
) -> Result<Rolled, ResolveError> {
    let aimed = ctx.s.rules.options.aimed_shots;
    roll_to_hit_read(
        ctx,
        a,
        prepared,
        Some(&|c: &Classified, total: i32| landing_class(c, total, a, cap, aimed)),
    )
}

/// What a roll to hit is read by: a class of its classification and total.
pub type ReadBy<'a> = dyn Fn(&Classified, i32) -> i64 + 'a;

/// Rolls to hit, read only through `class` of its classification and total when one is given.
pub fn roll_to_hit_read(
    ctx: &mut Ctx,
    a: &AttackSpec,
    prepared: (Mods, u8, bool),
    class: Option<&ReadBy>,
) -> Result<Rolled, ResolveError> {
    let (mods, dice, darkness) = prepared;
    let s = &ctx.s;
    let att = s.fig(a.attacker).clone();
    let target_number = target_number(att.dex, &mods, darkness);
    let mut mods = mods;
    if darkness {
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
    let auto = ctx.s.rules.options.auto_numbers;
    let tn = i32::from(target_number);
    let (faces, total) = match class {
        Some(class) => ctx.roll_classed("to-hit", dice, &|t| {
            class(&classify(dice, t, tn, auto, fencing), t)
        })?,
        None => ctx.roll("to-hit", dice)?,
    };
    let c = classify(dice, total, tn, auto, fencing);
    Ok(Rolled {
        mods,
        dice,
        faces,
        total,
        target_number,
        c,
        fires: true,
    })
}

/// Plays out a roll to hit: the `Roll` event, then the hit and its damage (at most `cap`
/// bullets in automatic fire), or the automatic results of a miss.
pub fn land(ctx: &mut Ctx, a: &AttackSpec, r: Rolled, cap: u8) -> Result<Struck, ResolveError> {
    let Rolled {
        mods,
        dice,
        faces,
        total,
        target_number,
        c,
        fires,
    } = r;
    let att = ctx.s.fig(a.attacker).clone();
    let base = att.dex;
    let w = weapon_of(&ctx.s, &att, a.slot).cloned();
    // SK-16.15.6-c: "Any attacks against a subdued foe are an automatic hit": one held by
    // his subduer (SK-16.15.6-b) or subdued for good, whoever attacks him with whatever (a
    // brawler, an outsider's blow into the brawl, SK-16.15.3-e, a shot or a throw: a shot into
    // a brawl still hits a member at random, SK-16.15.3-g); and a blow in HTH at a figure
    // stunned there.
    let tgt_subdued = {
        let t = ctx.s.fig(a.target);
        t.held_by.is_some()
            || t.condition == crate::state::Condition::Subdued
            || (t.in_hth && t.stunned > 0 && a.kind == AttackKind::Hth)
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
            c.margin.clamp(1, i32::from(cap.max(1))) as u8
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
        rounds: cap,
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
    if fires && a.kind == AttackKind::Missile && w.as_ref().is_some_and(|w| w.str_min.is_some()) {
        microgravity_check(ctx, a.attacker)?;
        // ---- microgravity (SK-17.10-e/f): the recoil pushes a floating firer back.
        if let Some(w) = w.as_ref() {
            crate::microgravity::recoil(ctx, a.attacker, a.target, w, a.rounds);
        }
    }
    let mut victim = a.target;
    let mut landed = 0u8;
    match result {
        // ---- after the battle (§19.3): a practice weapon does no damage; its hits are
        // recorded (SK-19.3-a).
        ToHit::Hit { .. } if crate::practice::is_practice(w.as_ref()) => {
            crate::practice::record_hit(ctx, a.attacker, a.target, bullets)?;
            landed = bullets;
        }
        ToHit::Hit { mult, .. } => {
            // SK-16.15.3-g: a shot into a brawl hits one of its members at random.
            victim = crate::attack::brawl::victim(ctx, a)?;
            let was_fallen = ctx.s.fig(victim).posture == Posture::Fallen;
            // SK-17.10-b: hit by a weapon with recoil.
            if a.kind == AttackKind::Missile && w.as_ref().is_some_and(|w| w.str_min.is_some()) {
                microgravity_check(ctx, victim)?;
                // ---- microgravity (SK-17.10-e/f): each bullet pushes a floating target on.
                if let Some(w) = w.as_ref() {
                    crate::microgravity::hit_push(ctx, a.attacker, victim, w, bullets);
                }
            }
            let mut expr = if a.maneuver == Some(crate::action::Strike::Club) {
                // SK-21.5-e: a shoulderarm as a club does a two-handed club's damage (SK-16.1).
                crate::progression::unarmed_damage(
                    i32::from(att.st),
                    crate::progression::StrColumn::Club2,
                )
            } else {
                // SK-16.8-b: a lower-power shot is its dice, without the fixed bonus (G-48).
                crate::attack::energy::shot_damage(
                    damage_expr(&ctx.s, &att, a.slot, a.kind),
                    a.mode,
                )
            };
            // SK-13.2-b: the damage put in from STR above the minimum (G-34: on the ladder).
            if let Some(crate::action::Strike::Power(n)) = a.maneuver {
                expr = expr.plus(i32::from(n));
            }
            let tgt = ctx.s.fig(victim).clone();
            // SK-12.3-e: smoke and shielding on an energy weapon's way (SK-14.3, SK-16.8-d,
            // SK-16.12-t, SK-17.4-b/d); against other weapons the target's shielding (G-27).
            let shot = crate::combat::shielding::on_hit(ctx, &att, &tgt, w.as_ref(), a.kind, expr)?;
            let (expr, shield_hits) = (shot.expr, shot.hits);
            if let Some(wearer) = shot.reflected_by {
                // SK-14.3-f: a Reflector sends the hit back at half damage; the target is spared.
                crate::combat::shielding::reflect(
                    ctx,
                    a.attacker,
                    victim,
                    wearer,
                    expr,
                    w.as_ref(),
                )?;
                return Ok(Struck {
                    result,
                    bullets,
                    landed,
                    victim,
                });
            }
            // SK-21.4-b/c (optional): an aimed shot's place, or a critical on a natural 3–6.
            let mut loc = a.aim;
            if let Some(location) = loc {
                ctx.emit(Event::Location {
                    fig: victim,
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
                        fig: victim,
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
            // The exact odds: every bullet after the first is a checkpoint since the loop
            // began. What the loop and everything after it read of the bullets so far is the
            // state, the bullet's number and, on a victim carrying a flame thrower's tank, the
            // damage rolled at him since `mark` (`flame::tank_hit`); all else in hand was
            // settled before the loop. (A figure gains no tank during a burst.)
            let since = ctx.mark();
            for b in 0..bullets {
                if b > 0 {
                    let rolled = if crate::attack::flame::tank(&ctx.s, victim).is_some() {
                        rolled_at(&ctx.out[mark..], victim)
                    } else {
                        0
                    };
                    ctx.checkpoint(since, "bullet", &[i64::from(b), i64::from(rolled)])?;
                }
                if !crate::combat::damage::may_be_hurt(&ctx.s, ctx.s.fig(victim)) {
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
                let tgt_now = ctx.s.fig(victim).clone();
                // SK-21.6-c: an aimed throw of a knife finds a helmet's open face.
                let knife_throw = a.aim.is_some()
                    && a.kind == AttackKind::Thrown
                    && w.as_ref().is_some_and(|w| w.is_group("knife"));
                let armor = armor_hit(&ctx.s, &tgt_now, att.pos, w.as_ref(), loc, knife_throw)
                    + shield_hits;
                ctx.hit = HitInfo {
                    kind,
                    cap: loc.map(located_cap),
                };
                let taken = deal_damage(
                    ctx,
                    victim,
                    Some(a.attacker),
                    expr,
                    m,
                    armor,
                    halve,
                    RuleId("SK-12.3-b"),
                )?;
                landed += 1;
                // ---- vacuum (SK-17.11-c): a hit through a sealed suit makes a leak.
                crate::vacuum::pierced(ctx, victim, taken);
                if b == 0 {
                    if let Some(l) = loc {
                        located_effects(ctx, victim, l, taken)?;
                        // SK-16.8-e, SK-21.6-e: an energy weapon's flash in the eyes.
                        crate::combat::located::flash_blinding(ctx, victim, l, w.as_ref())?;
                    }
                    // SK-14.3-h: a hit from the rear hex may break an energy shield.
                    crate::shield::rear_hit(ctx, victim, att.pos, a.aim.is_some(), taken)?;
                }
                // SK-16.6-i: 8+ hits during automatic fire: he falls, the rest fly past.
                if !was_fallen && ctx.s.fig(victim).posture == Posture::Fallen && bullets > 1 {
                    break;
                }
            }
            if w.as_ref().is_some_and(|w| w.stun)
                && ctx.s.fig(victim).damaged_by & (1 << a.attacker) != 0
            {
                stun_check(ctx, victim)?;
            }
            // ---- fire: a weapon on fire may light a flammable target (SK-16.11-c); a hit
            // from behind may ignite a flame thrower's tank (SK-16.13-f). On the one hit, who
            // may be another member of a brawl (SK-16.15.3-g).
            let on_victim = AttackSpec {
                target: victim,
                ..a.clone()
            };
            crate::fire::flaming_hit(ctx, &on_victim, w.as_ref(), loc)?;
            crate::attack::flame::tank_hit(ctx, &on_victim, mark)?;
        }
        ToHit::Dropped | ToHit::Broken if w.is_none() => {
            // SK-16.15.1-a: an unarmed fumble does 1d6 to the attacker (G-36: no armor); his own
            // fist's, so bludgeoning (SK-21.3-b, G-61, optional nonlethal).
            ctx.hit.kind = crate::data::AttackType::Bludgeoning;
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
    Ok(Struck {
        result,
        bullets,
        landed,
        victim,
    })
}

/// The damage rolled at `victim` in `events` (times its multiplier), as `flame::tank_hit`
/// reads it.
fn rolled_at(events: &[Event], victim: FigId) -> i32 {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Damage {
                target,
                rolled,
                mult,
                ..
            } if *target == victim => Some(*rolled * i32::from((*mult).max(1))),
            _ => None,
        })
        .sum()
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
