//! Melee (SK-11.3-a, SK-11.7.8-a, SK-11.8.4-a) and its special strikes: a sweep of the threat
//! zone (SK-16.4-a, G-47), a staff's disarm or trip (SK-16.5-b/c), a slam (SK-16.14), Martial
//! Arts knockdowns and throws (SK-16.15.5), and a blow in hand to hand (SK-11.9.1-a,
//! SK-16.15.4-f).

use crate::action::Strike;
use crate::combat;
use crate::combat::armor::martial_arts_allowed;
use crate::combat::ctx::Ctx;
use crate::combat::edex::order_dex;
use crate::combat::modifiers::{attack_mods, AttackSpec};
use crate::event::{AttackKind, Effect, Event};
use crate::geometry;
use crate::legal::targets::enemies;
use crate::state::{FigId, Figure, Pos, Posture, State};
use fireteam_engine::{ResolveError, RuleId};
use smallvec::SmallVec;

pub(crate) fn melee(
    ctx: &mut Ctx,
    fig: FigId,
    target: FigId,
    strike: Strike,
    disengaging: bool,
) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let kind = if f.in_hth {
        AttackKind::Hth
    } else {
        AttackKind::Melee
    };
    let slot = f.ready_slot().map(|_| f.ready.unwrap_or(0));
    match strike {
        Strike::Sweep => {
            // G-47: one roll per foe in the threat zone, each at −4.
            let foes: SmallVec<[FigId; 5]> = enemies(&ctx.s, &f)
                .filter(|(_, e)| !e.in_hth && geometry::threatens(&f, e.pos))
                .map(|(t, _)| t)
                .collect();
            for t in foes {
                let me = ctx.s.fig(fig);
                // The sweep ends when the sweeper falls or loses his weapon (a 17 or 18).
                if !me.active() || me.posture == Posture::Fallen || me.ready_slot().is_none() {
                    break;
                }
                let spec = AttackSpec {
                    attacker: fig,
                    target: t,
                    kind,
                    slot,
                    mode: None,
                    rounds: 1,
                    disengaging,
                    quick: false,
                    aim: None,
                    opportunity: None,
                    maneuver: Some(Strike::Sweep),
                };
                combat::strike::strike(ctx, &spec)?;
            }
            Ok(())
        }
        Strike::Disarm | Strike::Trip => {
            // SK-16.5-b/c: a roll to hit at −4, then the defender's 3d6 save (DEX to keep his
            // weapon, STR to stay up).
            let spec = AttackSpec {
                attacker: fig,
                target,
                kind,
                slot,
                mode: None,
                rounds: 1,
                disengaging,
                quick: false,
                aim: None,
                opportunity: None,
                maneuver: Some(strike),
            };
            let (mods, dice, _) = attack_mods(&ctx.s, &spec);
            let tn = f.dex + fireteam_engine::Modifier::total(&mods) as i16;
            let (faces, total) = ctx.roll("to-hit", dice)?;
            let c = crate::autoresult::classify(
                dice,
                total,
                i32::from(tn),
                ctx.s.rules.options.auto_numbers,
                false,
            );
            let rule = if strike == Strike::Disarm {
                "SK-16.5-b"
            } else {
                "SK-16.5-c"
            };
            ctx.emit(Event::Roll {
                attacker: fig,
                target,
                kind,
                weapon_name: "staff".into(),
                mode: None,
                rounds: 0,
                dice,
                faces,
                total,
                base: f.dex,
                modifiers: mods,
                target_number: tn,
                result: c.result,
                rule: RuleId(rule),
                margin: c.margin,
                bullets: 0,
                avoid: false,
            });
            // SK-12.1-d/f: a 17 drops the staff, an 18 breaks it.
            match (c.result, slot) {
                (crate::autoresult::ToHit::Dropped, Some(sl)) => ctx.emit(Event::Effect {
                    fig,
                    effect: Effect::WeaponDropped { slot: sl },
                    rule: RuleId("SK-12.1-d"),
                }),
                (crate::autoresult::ToHit::Broken, Some(sl)) => ctx.emit(Event::Effect {
                    fig,
                    effect: Effect::WeaponBroken {
                        slot: sl,
                        permanent: true,
                    },
                    rule: RuleId("SK-12.1-f"),
                }),
                _ => {}
            }
            if c.result.is_hit() {
                let t = ctx.s.fig(target).clone();
                if strike == Strike::Disarm {
                    if !ctx.check(target, "keep-weapon", 3, t.dex, RuleId(rule))? {
                        if let Some(ts) = t.ready_slot().map(|_| t.ready.unwrap_or(0)) {
                            ctx.emit(Event::Effect {
                                fig: target,
                                effect: Effect::WeaponDropped { slot: ts },
                                rule: RuleId(rule),
                            });
                        }
                    }
                } else if !ctx.check(target, "stay-standing", 3, t.est(), RuleId(rule))? {
                    ctx.emit(Event::Effect {
                        fig: target,
                        effect: Effect::Fell,
                        rule: RuleId(rule),
                    });
                }
            }
            Ok(())
        }
        Strike::Normal | Strike::Club => {
            let spec = AttackSpec {
                attacker: fig,
                target,
                kind,
                slot,
                mode: None,
                rounds: 1,
                disengaging,
                quick: false,
                aim: None,
                opportunity: None,
                // SK-21.5-e (optional): the engaged shoulderarm swung as a club.
                maneuver: (strike == Strike::Club).then_some(Strike::Club),
            };
            let r = combat::strike::strike(ctx, &spec)?;
            // SK-16.15.3-f: a miss in a brawl, or into it from next door, may hit another.
            if !r.is_hit() {
                crate::attack::brawl::others_after_miss(ctx, &spec, 1)?;
            }
            if kind == AttackKind::Hth {
                // SK-16.15.4-f: a Master's bare-handed 3+ hits make the foe drop his weapon.
                let t = ctx.s.fig(target).clone();
                if f.martial_arts >= 5 && slot.is_none() && t.turn_damage >= 3 {
                    if let Some(ts) = t.ready {
                        ctx.emit(Event::Effect {
                            fig: target,
                            effect: Effect::WeaponDropped { slot: ts },
                            rule: RuleId("SK-16.15.4-f"),
                        });
                    }
                }
            }
            Ok(())
        }
        Strike::Slam => {
            // SK-16.14-a/b/c: an attack roll, then the target's 3d6 STR check on unwounded
            // STR ± the STR difference, or he is down.
            let spec = AttackSpec {
                attacker: fig,
                target,
                kind,
                slot: None,
                mode: None,
                rounds: 1,
                disengaging,
                quick: false,
                aim: None,
                opportunity: None,
                maneuver: None,
            };
            let (mods, dice, _) = attack_mods(&ctx.s, &spec);
            let tn = f.dex + fireteam_engine::Modifier::total(&mods) as i16;
            let (faces, total) = ctx.roll("to-hit", dice)?;
            let c = crate::autoresult::classify(
                dice,
                total,
                i32::from(tn),
                ctx.s.rules.options.auto_numbers,
                false,
            );
            ctx.emit(Event::Roll {
                attacker: fig,
                target,
                kind,
                weapon_name: "slam".into(),
                mode: None,
                rounds: 0,
                dice,
                faces,
                total,
                base: f.dex,
                modifiers: mods,
                target_number: tn,
                result: c.result,
                rule: RuleId("SK-16.14-a"),
                margin: c.margin,
                bullets: 0,
                avoid: false,
            });
            if c.result.is_hit() {
                let t = ctx.s.fig(target).clone();
                let need = t.st + (t.st - f.st);
                if !ctx.check(target, "stay-standing", 3, need, RuleId("SK-16.14-b"))? {
                    ctx.emit(Event::Effect {
                        fig: target,
                        effect: Effect::Fell,
                        rule: RuleId("SK-16.14-b"),
                    });
                }
            }
            Ok(())
        }
        Strike::Knockdown | Strike::Throw => {
            // SK-16.15.5-a/b/c: opposed 3d6 vs eSTR (Martial Arts: eDEX + level).
            let t = ctx.s.fig(target).clone();
            let score = |s: &State, g: &Figure| -> i16 {
                if g.martial_arts > 0 && martial_arts_allowed(s, g) {
                    order_dex(s, g) + i16::from(g.martial_arts.min(4))
                } else {
                    g.est()
                }
            };
            let (a_n, d_n) = (score(&ctx.s, &f), score(&ctx.s, &t));
            let (_, ra) = ctx.roll("contest", 3)?;
            let (_, rd) = ctx.roll("contest", 3)?;
            let (a_ok, a_m) = crate::autoresult::check_with_auto(ra, i32::from(a_n));
            let (d_ok, d_m) = crate::autoresult::check_with_auto(rd, i32::from(d_n));
            let win = crate::autoresult::opposed(a_m, a_ok, d_m, d_ok) && a_ok;
            ctx.emit(Event::Check {
                fig,
                what: if strike == Strike::Throw {
                    "throw"
                } else {
                    "knockdown"
                },
                dice: 3,
                faces: SmallVec::new(),
                total: ra,
                target: a_n,
                success: win,
                rule: RuleId("SK-16.15.5-a"),
            });
            if win {
                ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::Fell,
                    rule: RuleId("SK-16.15.5-c"),
                });
                if strike == Strike::Throw {
                    let away = t.pos.hex() + (t.pos.hex() - f.pos.hex());
                    let p = Pos::from_hex(away);
                    if ctx.s.passable(p) && !ctx.s.anyone_at(p) {
                        ctx.emit(Event::Effect {
                            fig: target,
                            effect: Effect::MovedBack { to: p },
                            rule: RuleId("SK-16.15.5-c"),
                        });
                    }
                }
            }
            Ok(())
        }
    }
}
