//! Melee (SK-11.3-a, SK-11.7.8-a, SK-11.8.4-a) and its special strikes: a sweep of the threat
//! zone (SK-16.4-a, G-47), a staff's disarm or trip (SK-16.5-b/c), a slam (SK-16.14), Martial
//! Arts knockdowns and throws (SK-16.15.5), and a blow in hand to hand (SK-11.9.1-a,
//! SK-16.15.4-f).

use crate::action::Strike;
use crate::combat;
use crate::combat::armor::martial_arts_allowed;
use crate::combat::contest::{contest, Attr, Kind};
use crate::combat::ctx::Ctx;
use crate::combat::edex::order_dex;
use crate::combat::modifiers::{attack_mods, AttackSpec};
use crate::event::{AttackKind, Effect, Event};
use crate::geometry;
use crate::legal::targets::enemies;
use crate::state::{FigId, Pos, Posture};
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
            // weapon, STR to stay up: the attributes, unwounded).
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
                // SK-16.1-d: brass knuckles cannot be knocked away.
                let loses = crate::combat::weapon_of(&ctx.s, &t, t.ready)
                    .is_some_and(crate::hands::droppable);
                if strike == Strike::Disarm {
                    if loses && !ctx.check(target, "keep-weapon", 3, t.dex, RuleId(rule))? {
                        if let Some(ts) = t.ready_slot().map(|_| t.ready.unwrap_or(0)) {
                            ctx.emit(Event::Effect {
                                fig: target,
                                effect: Effect::WeaponDropped { slot: ts },
                                rule: RuleId(rule),
                            });
                        }
                    }
                // SK-16.5-c: "a 3d6/STR saving throw": STR, not eSTR (the book writes eSTR
                // where it means it, e.g. SK-16.9-a), as the disarm's is DEX.
                } else if !ctx.check(target, "stay-standing", 3, t.st, RuleId(rule))? {
                    ctx.emit(Event::Effect {
                        fig: target,
                        effect: Effect::Fell,
                        rule: RuleId(rule),
                    });
                }
            }
            Ok(())
        }
        Strike::Normal
        | Strike::Club
        | Strike::Power(_)
        | Strike::Parrying
        | Strike::SecondWeapon
        | Strike::Set
        | Strike::Bayonet => {
            if strike == Strike::Parrying {
                // SK-6.5.3-b: the other weapon parries (a Defend, G-44) while this one strikes.
                ctx.emit(Event::Guarded {
                    fig,
                    guard: crate::state::Guard::Parry,
                });
            }
            // SK-6.5.3-b: the second weapon is the one in the other hand.
            // SK-16.3: the bayonet is the knife's slot, fixed to the rifle in hand.
            let slot = match strike {
                Strike::SecondWeapon => f.off_hand,
                Strike::Bayonet => crate::attack::bayonet::ready_bayonet(&f),
                _ => slot,
            };
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
                // SK-13.2-b +n damage at −n DEX; SK-6.5.3-b the second weapon at −4;
                // SK-16.2-b a set pole arm at +2 and ×2.
                maneuver: match strike {
                    Strike::Normal | Strike::Parrying | Strike::Bayonet => None,
                    s => Some(s),
                },
            };
            let (before, guard) = {
                let t = ctx.s.fig(target);
                (t.damage + t.nonlethal, t.guard)
            };
            let result = combat::strike::strike(ctx, &spec)?;
            // SK-16.10-d: a weapon that parried a mono-filament or plasma sword.
            crate::attack::swords::parries_broken(ctx, &spec, guard);
            // SK-16.15.3-f: a blow that misses someone in HTH may hit another brawler.
            if !result.is_hit() {
                crate::attack::brawl::others_after_miss(ctx, &spec, 1)?;
            }
            // SK-16.15.4-f: a Master's bare-handed blow that does 3+ hits, in HTH or not, makes
            // the foe drop his weapon: this blow's hits, not the turn's.
            let t = ctx.s.fig(target).clone();
            let this_blow = t.damage + t.nonlethal - before;
            if f.martial_arts >= 5
                && martial_arts_allowed(&ctx.s, &f)
                && slot.is_none()
                && this_blow >= 3
                && t.active()
            {
                if let Some(ts) = t.ready_slot().map(|_| t.ready.unwrap_or(0)) {
                    ctx.emit(Event::Effect {
                        fig: target,
                        effect: Effect::WeaponDropped { slot: ts },
                        rule: RuleId("SK-16.15.4-f"),
                    });
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
                // SK-16.14-b/c: 3d6 against his unwounded STR, ± the STR difference; one trained
                // in Martial Arts throwing (Level 3+, G-09) may check eDEX instead, and takes the
                // higher (a higher number is never worse for him).
                let t = ctx.s.fig(target).clone();
                let diff = t.st - f.st;
                let mut need = t.st + diff;
                if t.martial_arts >= 3 && martial_arts_allowed(&ctx.s, &t) {
                    need = need.max(order_dex(&ctx.s, &t) + diff);
                }
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
        Strike::Knockdown | Strike::Throw | Strike::KnockdownStr | Strike::ThrowStr => {
            // SK-16.15.5-a/b/c: opposed 3d6; a Martial Artist rolls on eDEX or eSTR, his
            // choice, +1 per level; 3–5 always succeed, 16–18 always fail.
            let throw = matches!(strike, Strike::Throw | Strike::ThrowStr);
            let attr = match strike {
                Strike::KnockdownStr | Strike::ThrowStr => Attr::Str,
                _ => Attr::Dex,
            };
            let kind = Kind {
                what: if throw { "throw" } else { "knockdown" },
                rule: "SK-16.15.5-a",
                automatic: true,
                martial_arts: true,
                dex_allowed: true,
            };
            let t = ctx.s.fig(target).clone();
            if contest(ctx, &kind, fig, attr, target)? {
                ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::Fell,
                    rule: RuleId("SK-16.15.5-c"),
                });
                if throw {
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
