//! Damage (SK-12.3, SK-12.4): an attack's damage expression (SK-13-T1, SK-16.15.1, G-05, G-39),
//! rolled against armor and Tough (G-47), split into lethal and nonlethal with the optional rule
//! (SK-21.3-b), and its effects: shaken at 5, a fall at 8, unconscious and dead
//! (SK-12.4-b..e, SK-13.7-d).

use crate::combat::armor::martial_arts_allowed;
use crate::combat::ctx::Ctx;
use crate::combat::edex::order_dex;
use crate::combat::weapon_of;
use crate::event::{AttackKind, Effect, Event, Faces};
use crate::progression::{unarmed_damage, Damage, StrColumn};
use crate::skills;
use crate::state::{FigId, Figure, Posture, State};
use fireteam_engine::{ResolveError, RuleId};

/// What kind of hit the next damage roll is, beyond its dice: the nonlethal split
/// (SK-21.3-b) and a located hit's cap (SK-21.4-e/f).
#[derive(Debug, Clone, Copy, Default)]
pub struct HitInfo {
    pub kind: crate::data::AttackType,
    pub cap: Option<i16>,
}

/// SK-21.3-b, G-61: the attack type of a hit with this weapon (bare hands are bludgeoning), for
/// the hits that come from no roll to hit: a bystander's, the HTH reaction's, a fumble's.
pub fn attack_type(w: Option<&crate::data::Weapon>) -> crate::data::AttackType {
    w.map_or(crate::data::AttackType::Bludgeoning, |w| w.attack_type)
}

/// The damage expression of an attack (SK-13-T1, G-05, SK-16.15.1, G-39), before multipliers,
/// with the STR-minimum damage penalty (SK-13.2-a, G-35).
pub fn damage_expr(s: &State, att: &Figure, slot: Option<u8>, kind: AttackKind) -> Damage {
    let opts = &s.rules.options;
    let base = match weapon_of(s, att, slot) {
        None => {
            // Bare hands (SK-16.15.1-T1; G-02 default table, option STR ladder).
            let mut d = if opts.punch_str_ladder {
                crate::progression::punch_str_ladder(i32::from(att.st))
            } else if kind == AttackKind::Hth {
                unarmed_damage(i32::from(att.st), StrColumn::Hth)
            } else {
                unarmed_damage(i32::from(att.st), StrColumn::Damage)
            };
            // SK-16.15.4-b/c/d: Martial Arts +1/+2/+3 bare-handed (level 4+ keeps +3).
            let ma = i32::from(att.martial_arts.min(3));
            if ma > 0 && martial_arts_allowed(s, att) {
                d = d.plus(ma);
            }
            return d;
        }
        Some(w) => {
            if let Some(col) = w.str_table {
                // Brass knuckles: the club column in regular combat (G-39 (3)).
                let col = match (col, kind) {
                    (StrColumn::Brass, AttackKind::Melee) => StrColumn::Club1,
                    (c, _) => c,
                };
                unarmed_damage(i32::from(att.st), col)
            } else if kind == AttackKind::Hth && w.is_group("knife") {
                // G-39 (4): a knife in HTH uses the Knife HTH column.
                unarmed_damage(i32::from(att.st), StrColumn::Club2)
            } else {
                // G-05: the two-handed row when held in both hands (SK-13.1-g, `hands`).
                let one = w.damage.unwrap_or(Damage::new(1, 0));
                match w.damage_two_handed {
                    // A thrown spear is the one-handed row (G-05: "one-handed or thrown 1d6").
                    Some(two)
                        if kind != AttackKind::Thrown
                            && crate::hands::two_handed_row(att, slot, w) =>
                    {
                        two
                    }
                    _ => one,
                }
            }
        }
    };
    let w = weapon_of(s, att, slot).expect("weapon present");
    // SK-13.2-a: −1 per 2 STR short of the requirement in this grip (SK-13.1-g).
    let base = match crate::hands::str_need(att, slot, w) {
        Some(min) if w.muscle_powered() && att.st < min => {
            base.plus(-i32::from((min - att.st) / 2))
        }
        _ => base,
    };
    // SK-16.11-b: a weapon on fire does +2 damage.
    if w.flaming {
        base.plus(2)
    } else {
        base
    }
}

/// Rolls and applies damage to `target` (SK-12.3, SK-12.4).
#[allow(clippy::too_many_arguments)]
pub fn deal_damage(
    ctx: &mut Ctx,
    target: FigId,
    source: Option<FigId>,
    expr: Damage,
    mult: u8,
    armor: i16,
    halve: bool,
    rule: RuleId,
) -> Result<i16, ResolveError> {
    let (faces, sum) = if expr.dice > 0 {
        ctx.roll("damage", expr.dice)?
    } else {
        (Faces::new(), 0)
    };
    let mut rolled = (sum + i32::from(expr.adds)).max(0);
    if halve {
        rolled /= 2;
    }
    let raw = rolled * i32::from(mult.max(1));
    let hit = std::mem::take(&mut ctx.hit);
    let unarmored = armor == 0;
    let t = ctx.s.fig(target);
    let mask = t.skills;
    // G-47: Very Tough −2 in all, Tough −1, after armor.
    let tough = if skills::has(mask, skills::VERY_TOUGH) {
        2
    } else if skills::has(mask, skills::TOUGH) {
        1
    } else {
        0
    };
    let (after_tough, nonlethal) = if ctx.s.rules.options.nonlethal {
        // SK-21.3-b: split by attack type; SK-14.1-b: armor stops lethal first, and every
        // armor also stops 2 nonlethal; SK-6.3.9-a/10-a: Tough −1/−2, Very Tough −2/−4.
        use crate::data::AttackType;
        let (l, n) = match hit.kind {
            AttackType::Damaging => (raw, 0),
            AttackType::Bludgeoning => (raw / 3, raw - raw / 3),
            AttackType::Stunning => (0, raw),
            AttackType::Shock => (raw, raw),
        };
        let a = i32::from(armor);
        let stop_l = a.min(l);
        let stop_n = (a - stop_l + if unarmored { 0 } else { 2 }).min(n);
        let (mut l, mut n) = (l - stop_l, n - stop_n);
        if unarmored && l + n <= 0 && expr.min() <= 0 {
            if matches!(hit.kind, AttackType::Stunning | AttackType::Bludgeoning) {
                n = 1;
            } else {
                l = 1;
            }
        }
        if let Some(cap) = hit.cap {
            l = l.min(i32::from(cap));
        }
        l = (l - tough).max(0);
        n = (n - 2 * tough).max(0);
        (l as i16, n as i16)
    } else {
        let mut taken = (raw - i32::from(armor)).max(0);
        // SK-12.3-c: against an unarmored foe a weapon that can roll 0 or less does 1 hit.
        if unarmored && taken <= 0 && expr.min() <= 0 {
            taken = 1;
        }
        // SK-21.4-e/f: damage past an arm's 8 or a leg's 18 passes by.
        if let Some(cap) = hit.cap {
            taken = taken.min(i32::from(cap));
        }
        ((taken - tough).max(0) as i16, 0)
    };
    let before = t.turn_damage;
    // Read only against 8 below; the exact odds' checkpoint keys rely on it (`combat::ctx`).
    let before_raw = t.turn_damage_raw;
    ctx.emit(Event::Damage {
        target,
        source,
        expr,
        faces,
        rolled,
        mult,
        armor,
        tough: tough as i16,
        taken: after_tough,
        nonlethal,
        total: t.damage + after_tough,
        rule,
    });
    let raw16 = raw.clamp(0, i32::from(i16::MAX)) as i16;
    effects(ctx, target, source, before, before_raw, after_tough, raw16)?;
    Ok(after_tough + nonlethal)
}

/// Whether a blow or a bullet still does `t` harm: he is in the fight, or (SK-19.2-a, with
/// `sk.victory = "dead"`) he lies unconscious or subdued and may be finished off.
pub(crate) fn may_be_hurt(s: &State, t: &Figure) -> bool {
    use crate::state::Condition;
    t.active()
        || (s.rules.options.victory_dead
            && matches!(t.condition, Condition::Unconscious | Condition::Subdued))
}

/// The effects of damage just taken (SK-12.4-b…e, SK-13.7-d).
fn effects(
    ctx: &mut Ctx,
    target: FigId,
    source: Option<FigId>,
    before: i16,
    before_raw: i16,
    taken: i16,
    raw: i16,
) -> Result<(), ResolveError> {
    let t = ctx.s.fig(target).clone();
    if !t.active() {
        // ---- SK-19.2-a: in a fight to the death, one lying unconscious or subdued dies of
        // lethal damage up to his STR (SK-12.4-c).
        if may_be_hurt(&ctx.s, &t) && t.st - t.damage <= 0 {
            ctx.emit(Event::Effect {
                fig: target,
                effect: Effect::Dead,
                rule: RuleId("SK-12.4-c"),
            });
        }
        return Ok(());
    }
    let now = t.turn_damage;
    let est = t.est();
    // SK-12.4-c: STR 1 unconscious, 0 dead (G-24); with nonlethal damage only lethal damage
    // kills (SK-21.3-c), and the W&W reading knocks out at 0.
    let opts = ctx.s.rules.options;
    if t.st - t.damage <= 0 {
        ctx.emit(Event::Effect {
            fig: target,
            effect: Effect::Dead,
            rule: RuleId(if opts.nonlethal {
                "SK-21.3-c"
            } else {
                "SK-12.4-c"
            }),
        });
        return Ok(());
    }
    let ko = if opts.nonlethal && opts.nonlethal_ko_ww {
        0
    } else {
        1
    };
    if est <= ko {
        ctx.emit(Event::Effect {
            fig: target,
            effect: Effect::Unconscious,
            rule: RuleId("SK-12.4-c"),
        });
        return Ok(());
    }
    if before < 5 && now >= 5 {
        // The window is one movement and one action phase from the damage (E-21); damage
        // after the action phase (retreats, fire, grenades) opens it at the next turn.
        let late = matches!(ctx.s.phase, crate::state::Phase::Retreat { .. });
        let clock = ctx.s.clock() + u32::from(late);
        ctx.emit(Event::Effect {
            fig: target,
            effect: Effect::Shaken { until: clock + 1 },
            rule: RuleId("SK-12.4-d"),
        });
        if t.aim_turns > 0 || t.aiming_now {
            ctx.emit(Event::Effect {
                fig: target,
                effect: Effect::AimLost,
                rule: RuleId("SK-13.7-d"),
            });
        }
    }
    let standing = matches!(t.posture, Posture::Standing | Posture::Kneeling);
    if standing && before < 8 && now >= 8 {
        ctx.emit(Event::Effect {
            fig: target,
            effect: Effect::Fell,
            rule: RuleId("SK-12.4-e"),
        });
    } else if standing && now < 8 && before_raw + raw >= 8 && before_raw < 8 && taken >= 0 {
        // 8+ before armor only: a DEX check at −2 (none with Acrobatics) to stay up.
        let acro = skills::has(t.skills, skills::ACROBATICS);
        let target_n = order_dex(&ctx.s, &t) - if acro { 0 } else { 2 };
        if ctx.check(target, "stay-up", 3, target_n, RuleId("SK-12.4-e"))? {
            if let Some(to) = back_hex(&ctx.s, target, source) {
                ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::MovedBack { to },
                    rule: RuleId("SK-12.4-e"),
                });
            }
        } else {
            ctx.emit(Event::Effect {
                fig: target,
                effect: Effect::Fell,
                rule: RuleId("SK-12.4-e"),
            });
        }
    }
    Ok(())
}

/// G-38: the hex directly away from the attacker, if free.
fn back_hex(s: &State, target: FigId, source: Option<FigId>) -> Option<crate::state::Pos> {
    let t = s.fig(target);
    let src = s.fig(source?);
    let away = t.pos.hex() + (t.pos.hex() - src.pos.hex());
    let p = crate::state::Pos::from_hex(away);
    (t.pos.distance(p) == 1 && s.passable(p) && !s.anyone_at(p)).then_some(p)
}
