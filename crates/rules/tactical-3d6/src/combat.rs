//! The attack checklist (T3-CHECKLIST-01): 1 the attack roll, 2 the active defense, 3 the
//! damage roll, 4 DR, 5 the wounding multiplier, 6 the injury, 7 whether the target is taken
//! out (shock, crippling, knockdown, stun, consciousness and death).

use crate::action::Defense;
use crate::ctx::{m, Ctx, R};
use crate::data::{DamageType, Location};
use crate::event::{Event, Wound};
use crate::state::{
    distance, Cell, DefenseKind, Held, Jam, Maneuver, Pending, State, Strike, StrikeKind,
};
use crate::tables::{self, Covered, Exposure, Malfunction, Posture};
use fireteam_engine::{Modifier, RuleId, UnitId};
use smallvec::SmallVec;

/// How a target stands in its cover against an attacker (T3-COVER-*), if it has any.
pub fn target_cover(s: &State, attacker: UnitId, target: UnitId) -> Option<Exposure> {
    let t = s.fighter(target);
    let a = s.fighter(attacker);
    // Cover is between the two; a foe in reach of it (adjacent) is past it.
    if distance(a.at, t.at) <= 1 {
        return None;
    }
    let (_, terrain) = s.cover_at(t.at)?;
    if let Some(e) = s.character(target).exposure {
        return Some(e);
    }
    // T3-COVER-02, T3-G13: a fighter behind cover fires from it with what it holds, and one
    // crouched behind it is hidden.
    if t.crouching {
        return Some(Exposure::Hidden);
    }
    let ranged = t
        .ready_slot()
        .map(|slot| s.rules.weapon(target, slot))
        .filter(|w| !w.melee);
    Some(match ranged {
        Some(_) if terrain.slit => Exposure::Slit,
        Some(w) if w.two_handed => Exposure::TwoHanded,
        Some(_) => Exposure::OneHanded,
        None => Exposure::Looking,
    })
}

/// The cover a hit at `loc` goes through, if the location is fully covered (T3-COVER-05).
pub fn through_cover(s: &State, st: &Strike, loc: Location) -> bool {
    let w = s.rules.weapon(st.attacker, st.slot);
    !w.melee
        && target_cover(s, st.attacker, st.target)
            .is_some_and(|e| tables::covered(e, loc) == Covered::Fully)
}

/// The speed the target is moving at, in yards per second (T3-SPEED-01, T3-G23): what it
/// moved on its last turn, or so far on this one if it is moving now.
pub fn target_speed(s: &State, target: UnitId) -> u32 {
    let f = s.fighter(target);
    if s.actor() == Some(target) {
        f.moved.max(f.moved_last)
    } else {
        f.moved_last
    }
}

/// The aim bonus a fighter has built against a target with a weapon (T3-AIM-01..04, T3-G14).
pub fn aim_bonus(s: &State, unit: UnitId, target: UnitId, slot: u8) -> Option<(i32, u32)> {
    let (t, sl, n, braced) = s.fighter(unit).aim?;
    if t != target || sl != slot || n == 0 {
        return None;
    }
    let w = s.rules.weapon(unit, slot);
    let scope = if w.adjustable_sight {
        (n as i32).min(w.scope)
    } else if n as i32 >= w.scope {
        w.scope
    } else {
        0
    };
    Some((w.acc + i32::from(braced) + (n as i32 - 1).min(2) + scope, n))
}

/// The attack roll's base skill and every modifier, applied or not, with its rule.
pub fn attack_modifiers(s: &State, st: &Strike) -> (i32, Vec<Modifier>) {
    let rules = s.rules;
    let w = rules.weapon(st.attacker, st.slot);
    let base = rules.weapon_skill(st.attacker, st.slot);
    let a = s.fighter(st.attacker);
    let t = s.fighter(st.target);
    let mut mods = Vec::new();
    let random = random_location(s, st);
    if !random {
        let p = tables::location_penalty(st.location);
        if p != 0 {
            mods.push(m("location", "hit location", p, "T3-HITLOC-02"));
        }
    }
    if !w.melee {
        let d = distance(a.at, t.at);
        let (band, p) = tables::range_band(d);
        if p != 0 {
            mods.push(m("range", band.name(), p, "T3-RANGE-01"));
        }
        let speed = target_speed(s, st.target);
        let p = tables::speed_penalty(speed);
        if speed > 0 && p != 0 {
            mods.push(m("speed", "target's speed", p, "T3-SPEED-01"));
        }
        // T3-CROUCH-02, T3-POSTURE-05: torso, groin or legs of a crouched target.
        let low = matches!(
            st.location,
            Location::Torso | Location::Groin | Location::RightLeg | Location::LeftLeg
        );
        if low && !random {
            if t.crouching {
                mods.push(m("crouched", "target crouching", -2, "T3-CROUCH-02"));
            } else if tables::posture_as_crouched(t.posture, rules.options.crawling_as_crouched) {
                mods.push(m("as-crouched", "target's posture", -2, "T3-POSTURE-05"));
            }
        }
        if let Some(e) = target_cover(s, st.attacker, st.target) {
            match tables::covered(e, st.location) {
                Covered::Exposed => {}
                Covered::Partly => {
                    mods.push(m("partly-covered", "partly covered", -2, "T3-COVER-04"))
                }
                Covered::Fully => {
                    let glass = s.cover_at(t.at).is_some_and(|(c, _)| c.glass);
                    if glass {
                        mods.push(Modifier::not_applied(
                            "through-cover",
                            "through cover",
                            -2,
                            RuleId("T3-COVER-08"),
                            "glass is transparent",
                        ));
                    } else {
                        mods.push(m("through-cover", "through cover", -2, "T3-COVER-05"));
                    }
                }
            }
        }
        // Aim (T3-AIM-*); never with Move and Attack (T3-MANEUVER-12, T3-AIM-05).
        if let Some((bonus, n)) = aim_bonus(s, st.attacker, st.target, st.slot) {
            if st.kind == StrikeKind::MoveAndAttack {
                mods.push(Modifier::not_applied(
                    "aim",
                    "aim",
                    bonus,
                    RuleId("T3-AIM-05"),
                    "no aim with Move and Attack",
                ));
            } else {
                let rule = if n > 1 { "T3-AIM-02" } else { "T3-AIM-01" };
                mods.push(m("aim", "aim", bonus, rule));
            }
        }
        // Autofire, shotguns (T3-AUTOFIRE-01, T3-SHOTGUN-02).
        let projectiles = projectiles(s, st);
        let b = tables::autofire_bonus(projectiles);
        if b != 0 {
            let rule = if w.is_shotgun() {
                "T3-SHOTGUN-02"
            } else if projectiles >= 50 {
                "T3-AUTOFIRE-05"
            } else {
                "T3-AUTOFIRE-01"
            };
            mods.push(m("rof", "rate of fire", b, rule));
        }
        if st.targets > 1 && w.rof <= 3 {
            let n = i32::from(st.targets) - 1;
            if rules.options.multi_target_penalty_first_exempt {
                if st.nth > 0 {
                    mods.push(m("targets", "another target", -6, "T3-AUTOFIRE-04"));
                }
            } else {
                mods.push(m("targets", "several targets", -6 * n, "T3-AUTOFIRE-04"));
            }
        }
    }
    // Evaluate (T3-MANEUVER-06, T3-G06).
    if let Some((target, n)) = a.evaluate {
        if target == st.target && st.kind != StrikeKind::Zone {
            if rules.options.evaluate_melee_only && !w.melee {
                mods.push(Modifier::not_applied(
                    "evaluate",
                    "evaluate",
                    n as i32,
                    RuleId("T3-MANEUVER-06"),
                    "t3.evaluate_melee_only",
                ));
            } else {
                mods.push(m("evaluate", "evaluate", n as i32, "T3-MANEUVER-06"));
            }
        }
    }
    match st.kind {
        StrikeKind::AllOutHit if w.melee => {
            mods.push(m("aoa", "All-Out Attack", 4, "T3-MANEUVER-10"))
        }
        StrikeKind::AllOutHit => mods.push(m("aoa", "All-Out Attack", 1, "T3-MANEUVER-11")),
        StrikeKind::MoveAndAttack if !w.melee => mods.push(m(
            "move-attack",
            "Move and Attack",
            w.bulk.min(-2),
            "T3-MANEUVER-12",
        )),
        _ => {}
    }
    if st.deceptive > 0 {
        mods.push(m(
            "deceptive",
            "deceptive attack",
            -2 * i32::from(st.deceptive),
            "T3-DECEPTIVE-01",
        ));
    }
    if a.shock > 0 {
        mods.push(m("shock", "shock", -a.shock, "T3-SHOCK-01"));
    }
    match a.burning {
        1 => mods.push(m("burning", "clothes on fire", -2, "T3-BURN-01")),
        2 => mods.push(m("burning", "clothes on fire", -3, "T3-BURN-02")),
        _ => {}
    }
    // T3-MANEUVER-13: melee Move and Attack is at the worse of −4 and a 9- roll.
    if st.kind == StrikeKind::MoveAndAttack && w.melee {
        let eff = base + Modifier::total(&mods);
        let cut = (eff - 4).min(9) - eff;
        mods.push(m("move-attack", "Move and Attack", cut, "T3-MANEUVER-13"));
    }
    // T3-SUPPRESS-02: a zone attacks at the worse of 6 + its RoF bonus and the shooter's own
    // effective skill.
    if let Some(z) = st.zone {
        let zone_skill = s.zones[usize::from(z)].skill;
        let eff = base + Modifier::total(&mods);
        if zone_skill < eff {
            mods.push(m(
                "zone",
                "suppression zone",
                zone_skill - eff,
                "T3-SUPPRESS-02",
            ));
        }
    }
    (base, mods)
}

/// Projectiles for the autofire table: shots, or shells × pellets beyond Close range.
pub fn projectiles(s: &State, st: &Strike) -> u32 {
    let w = s.rules.weapon(st.attacker, st.slot);
    if st.zone.is_some() {
        return 0;
    }
    if w.is_shotgun() {
        if close_shotgun(s, st) {
            0
        } else {
            st.shots * w.pellets
        }
    } else if st.shots >= 2 {
        st.shots
    } else {
        0
    }
}

/// T3-SHOTGUN-01: a shotgun at Close range.
pub fn close_shotgun(s: &State, st: &Strike) -> bool {
    let w = s.rules.weapon(st.attacker, st.slot);
    w.is_shotgun()
        && tables::range_band(distance(s.fighter(st.attacker).at, s.fighter(st.target).at)).0
            == tables::RangeBand::Close
}

/// The Rcl a margin is counted in for extra hits (T3-AUTOFIRE-02/04, T3-SHOTGUN-02).
pub fn effective_rcl(s: &State, st: &Strike) -> u32 {
    let w = s.rules.weapon(st.attacker, st.slot);
    if w.is_shotgun() && !close_shotgun(s, st) {
        return 1;
    }
    let rcl = w.rcl.max(1);
    if st.targets > 1 && w.rof > 3 {
        rcl * 2
    } else {
        rcl
    }
}

/// The most hits an attack can score.
fn max_hits(s: &State, st: &Strike) -> u32 {
    let w = s.rules.weapon(st.attacker, st.slot);
    if w.is_shotgun() {
        if close_shotgun(s, st) {
            st.shots
        } else {
            st.shots * w.pellets
        }
    } else {
        st.shots.max(1)
    }
}

/// Step 1: the attack roll, with a malfunction check (T3-MALF-01), then the defense or the
/// damage. Returns after the last event it could write: a `DefenseAwaited` leaves the rest
/// to the defender's choice.
pub fn attack(ctx: &mut Ctx, st: Strike) -> R<()> {
    let rules = ctx.s.rules;
    let w = rules.weapon(st.attacker, st.slot);
    if !ctx.s.fighter(st.attacker).active() || ctx.s.fighter(st.target).dead {
        return Ok(());
    }
    // A queued strike with a weapon that has since jammed is lost.
    if !w.melee
        && st.zone.is_none()
        && ctx.s.fighter(st.attacker).guns[usize::from(st.slot)].jam != Jam::Ok
    {
        ctx.emit(Event::StrikeLost {
            attacker: st.attacker,
            target: st.target,
        });
        return Ok(());
    }
    // A queued melee strike whose target stepped out of reach (a retreat) is lost.
    let d = distance(ctx.s.fighter(st.attacker).at, ctx.s.fighter(st.target).at);
    if w.melee && d > w.reach {
        ctx.emit(Event::StrikeLost {
            attacker: st.attacker,
            target: st.target,
        });
        return Ok(());
    }
    let (base, mods) = attack_modifiers(&ctx.s, &st);
    // What the attack reads of its roll: a malfunction (by total), the hits its margin
    // scores, a miss by exactly one at a small location, or a miss.
    let malf = if w.melee || st.zone.is_some() {
        u32::MAX
    } else {
        w.malf
    };
    let (rcl, many, most) = (
        effective_rcl(&ctx.s, &st).max(1),
        projectiles(&ctx.s, &st) >= 2 || st.zone.is_some(),
        max_hits(&ctx.s, &st),
    );
    let small = tables::torso_on_miss_by_one(st.location) && !random_location(&ctx.s, &st);
    let reads = move |total: i32, ok: bool, margin: i32| -> i64 {
        if total as u32 >= malf {
            10_000 + i64::from(total)
        } else if ok {
            let hits = if many {
                (1 + margin.max(0) as u32 / rcl).min(most)
            } else {
                1
            };
            1000 + i64::from(hits)
        } else if margin == -1 && small {
            500
        } else {
            0
        }
    };
    let check = ctx.check_reading(
        st.attacker,
        "attack",
        base,
        mods,
        RuleId("T3-CHECKLIST-01"),
        &reads,
    )?;
    // Aim and Evaluate are spent by the attack (T3-G06, T3-G14).
    if st.zone.is_none() {
        if ctx.s.fighter(st.attacker).aim.is_some() {
            ctx.emit(Event::AimLost {
                unit: st.attacker,
                rule: RuleId("T3-AIM-01"),
            });
        }
        if ctx
            .s
            .fighter(st.attacker)
            .evaluate
            .is_some_and(|(t, _)| t == st.target)
        {
            ctx.emit(Event::EvaluateSpent { unit: st.attacker });
        }
    }
    // T3-MALF-01: a roll of Malf or more is a malfunction instead of the shot.
    if !w.melee && st.zone.is_none() && check.total as u32 >= w.malf {
        let roll = check.total;
        ctx.emit(Event::AttackRolled {
            attacker: st.attacker,
            target: st.target,
            slot: st.slot,
            location: st.location,
            shots: st.shots,
            check: check.clone(),
            hits: 0,
            torso_instead: false,
        });
        let (faces, table) = ctx.roll("malfunction", 3)?;
        let effect = tables::malfunction(table as u32, w.tl);
        let _ = roll;
        ctx.emit(Event::Malfunctioned {
            unit: st.attacker,
            slot: st.slot,
            faces: faces.iter().copied().collect(),
            roll: table as u32,
            effect,
            rule: RuleId("T3-MALF-02"),
        });
        let held = ctx.s.fighter(st.attacker).guns[usize::from(st.slot)].held;
        match effect {
            Malfunction::Broken => ctx.emit(Event::WeaponChanged {
                unit: st.attacker,
                slot: st.slot,
                held,
                jam: Jam::Broken { diagnosed: false },
            }),
            // T3-G22 (4): a revolver loses the shot but does not jam.
            Malfunction::Jammed if w.revolver => ctx.emit(Event::ShotsFired {
                unit: st.attacker,
                slot: st.slot,
                shots: 1,
            }),
            Malfunction::Jammed => ctx.emit(Event::WeaponChanged {
                unit: st.attacker,
                slot: st.slot,
                held,
                jam: Jam::Jammed { diagnosed: false },
            }),
            Malfunction::OneShotThenJam => {
                ctx.emit(Event::WeaponChanged {
                    unit: st.attacker,
                    slot: st.slot,
                    held,
                    jam: Jam::Jammed { diagnosed: false },
                });
                // T3-G22 (2): one shot with the original roll, as a single shot.
                let single = Strike { shots: 1, ..st };
                ctx.emit(Event::ShotsFired {
                    unit: st.attacker,
                    slot: st.slot,
                    shots: 1,
                });
                let (base, mods) = attack_modifiers(&ctx.s, &single);
                let value = base + Modifier::total(&mods);
                let (ok, _) =
                    crate::ctx::success(check.total, value, rules.options.auto_success_failure);
                if ok {
                    return scored(ctx, single, 1);
                }
            }
            Malfunction::Explodes => {
                // T3-MALF-04, T3-G40: 1d+2 cr to the shooter, no location; the weapon is
                // gone.
                ctx.emit(Event::WeaponChanged {
                    unit: st.attacker,
                    slot: st.slot,
                    held: Held::Dropped,
                    jam: Jam::Broken { diagnosed: true },
                });
                let (faces, rolled) = ctx.roll("explosion", 1)?;
                let dmg = (rolled + 2).max(0);
                external_wound(
                    ctx,
                    st.attacker,
                    faces,
                    rolled,
                    dmg,
                    DamageType::Crushing,
                    "T3-MALF-04",
                )?;
            }
        }
        return Ok(());
    }
    let spent = if w.melee { 0 } else { st.shots };
    if spent > 0 && st.zone.is_none() && st.targets == 1 {
        let total: u32 = spent;
        ctx.emit(Event::ShotsFired {
            unit: st.attacker,
            slot: st.slot,
            shots: total,
        });
    }
    if check.success {
        let rcl = effective_rcl(&ctx.s, &st);
        let mut hits = if projectiles(&ctx.s, &st) >= 2 || st.zone.is_some() {
            // T3-AUTOFIRE-02, T3-SHOTGUN-02, T3-G17: 1 + one per full Rcl of margin.
            (1 + check.margin.max(0) as u32 / rcl).min(max_hits(&ctx.s, &st))
        } else {
            1
        };
        if let Some(z) = st.zone {
            // T3-G21 (3): a zone's hits on everyone together stay within its bullets.
            hits = hits.min(ctx.s.zones[usize::from(z)].hits_left);
            ctx.emit(Event::ZoneHit {
                zone: z,
                unit: st.target,
                hits,
            });
        }
        ctx.emit(Event::AttackRolled {
            attacker: st.attacker,
            target: st.target,
            slot: st.slot,
            location: st.location,
            shots: st.shots,
            check: check.clone(),
            hits,
            torso_instead: false,
        });
        scored(ctx, st, hits)
    } else if check.margin == -1
        && !random_location(&ctx.s, &st)
        && tables::torso_on_miss_by_one(st.location)
        && check.auto.is_none()
    {
        // T3-HITLOC-05, note [1]: a miss by one hits the torso.
        ctx.emit(Event::AttackRolled {
            attacker: st.attacker,
            target: st.target,
            slot: st.slot,
            location: st.location,
            shots: st.shots,
            check,
            hits: 1,
            torso_instead: true,
        });
        scored(
            ctx,
            Strike {
                location: Location::Torso,
                ..st
            },
            1,
        )
    } else {
        ctx.emit(Event::AttackRolled {
            attacker: st.attacker,
            target: st.target,
            slot: st.slot,
            location: st.location,
            shots: st.shots,
            check,
            hits: 0,
            torso_instead: false,
        });
        Ok(())
    }
}

/// After a hit: ask for the defense, or go straight to the damage when none is allowed.
fn scored(ctx: &mut Ctx, st: Strike, hits: u32) -> R<()> {
    if hits == 0 {
        return Ok(());
    }
    let pending = Pending {
        strike: st,
        hits,
        rcl: effective_rcl(&ctx.s, &st),
        first: None,
    };
    if defenses(&ctx.s, &pending).len() > 1 {
        ctx.emit(Event::DefenseAwaited(pending));
        return Ok(());
    }
    // No defense possible: skip the question (docs/ARCHITECTURE.md).
    damage(ctx, &st, hits)
}

/// Whether an attack is a bullet or a beam (T3-G30: only Dodge), melee, or area fire.
fn is_ranged(s: &State, st: &Strike) -> bool {
    !s.rules.weapon(st.attacker, st.slot).melee
}

/// The defenses the target may choose (always including none), T3-DEFENSE-01..09, the
/// target's maneuver (T3-TAB-MANEUVERS) and T3-G30/G31.
pub fn defenses(s: &State, p: &Pending) -> Vec<Defense> {
    let st = &p.strike;
    let u = st.target;
    let f = s.fighter(u);
    let mut out = vec![Defense::None];
    // T3-MANEUVER-10/11: no defense after All-Out Attack; nor when out of the fight.
    if !f.active() || f.maneuver == Maneuver::AllOutAttack {
        return out;
    }
    let ranged = is_ranged(s, st);
    let move_attack = f.maneuver == Maneuver::MoveAndAttack;
    // T3-MANEUVER-12: Dodge or Block, no Retreat, after Move and Attack.
    let first = p.first;
    let attacker_at = s.fighter(st.attacker).at;
    let can_retreat = !ranged
        && !move_attack
        && !f.retreated
        && !crate::geometry::steps_away(s, u, attacker_at).is_empty();
    if first != Some(DefenseKind::Dodge) {
        out.push(Defense::Dodge {
            retreat: false,
            drop: false,
            acrobatic: false,
        });
        // T3-DEFENSE-06: anyone may try it, on Acrobatics or DX−6.
        out.push(Defense::Dodge {
            retreat: false,
            drop: false,
            acrobatic: true,
        });
        if can_retreat {
            out.push(Defense::Dodge {
                retreat: true,
                drop: false,
                acrobatic: false,
            });
        }
        // T3-DEFENSE-07: Dodge and Drop against ranged attacks.
        if ranged && !f.posture.lying() {
            out.push(Defense::Dodge {
                retreat: false,
                drop: true,
                acrobatic: false,
            });
        }
        // T3-DEFENSE-09, T3-G31: Dive for Cover against area fire.
        if st.zone.is_some() {
            out.push(Defense::Dive);
        }
    }
    if !ranged && !move_attack && first != Some(DefenseKind::Parry) {
        if let Some(slot) = f.ready_slot() {
            let w = s.rules.weapon(u, slot);
            if w.melee && w.parry && f.guns[usize::from(slot)].held == Held::Ready {
                out.push(Defense::Parry {
                    slot,
                    retreat: false,
                });
                if can_retreat {
                    out.push(Defense::Parry {
                        slot,
                        retreat: true,
                    });
                }
            }
        }
    }
    // T3-G30: Block against melee (and thrown weapons, which fireteam has none of).
    if !ranged && first != Some(DefenseKind::Block) && block_skill(s, u).is_some() {
        out.push(Defense::Block { retreat: false });
        if can_retreat {
            out.push(Defense::Block { retreat: true });
        }
    }
    out
}

fn block_skill(s: &State, u: UnitId) -> Option<i32> {
    let (_, skill) = s.character(u).shield?;
    // A hand free to use it: not with a two-handed weapon ready (T3-DEFENSE-05).
    let two = s
        .fighter(u)
        .ready_slot()
        .is_some_and(|slot| s.rules.weapon(u, slot).two_handed);
    (!two).then_some(skill)
}

/// A defense's base value and modifiers (T3-DEFENSE-02..12).
pub fn defense_value(s: &State, p: &Pending, d: Defense) -> (i32, Vec<Modifier>, &'static str) {
    let st = &p.strike;
    let u = st.target;
    let f = s.fighter(u);
    let c = s.character(u);
    let mut mods = Vec::new();
    let (base, what) = match d {
        Defense::None => return (0, mods, "none"),
        Defense::Dodge { .. } | Defense::Dive => {
            let mut v = c.dodge();
            // T3-HP-01: below a third of HP, Dodge is halved (rounded up, T3-G36).
            if 3 * f.hp < c.hp {
                let half = (v + 1) / 2;
                mods.push(m(
                    "hp-third",
                    "below 1/3 HP: half Dodge",
                    half - v,
                    "T3-HP-01",
                ));
                v = c.dodge();
            }
            (v, "dodge")
        }
        Defense::Parry { slot, .. } => {
            let skill = s.rules.weapon_skill(u, slot);
            let v = skill / 2 + 3;
            if f.parries > 0 {
                mods.push(m(
                    "parries",
                    "earlier parries",
                    -4 * i32::from(f.parries),
                    "T3-DEFENSE-03",
                ));
            }
            (v, "parry")
        }
        Defense::Block { .. } => (block_skill(s, u).unwrap_or(0) / 2 + 3, "block"),
    };
    // T3-DEFENSE-05: a shield or cloak helps every defense, with a hand free.
    if let Some((i, _)) = c.shield {
        if block_skill(s, u).is_some() {
            mods.push(m(
                "db",
                "shield or cloak",
                s.rules.shields[i].db,
                "T3-DEFENSE-05",
            ));
        }
    }
    let p4 = tables::posture_defense(f.posture);
    if p4 != 0 {
        mods.push(m("posture", f.posture.name(), p4, "T3-POSTURE-04"));
    }
    if f.stunned {
        mods.push(m("stunned", "stunned", -4, "T3-MANEUVER-02"));
    }
    if let Some((feinter, pen, _)) = f.feinted {
        if feinter == st.attacker {
            mods.push(m("feint", "feinted", -pen, "T3-MANEUVER-08"));
        }
    }
    if st.deceptive > 0 {
        mods.push(m(
            "deceptive",
            "deceptive attack",
            -i32::from(st.deceptive),
            "T3-DECEPTIVE-01",
        ));
    }
    let aod = matches!(
        (f.aod, d),
        (
            Some(crate::state::AllOutDefense::Dodge),
            Defense::Dodge { .. } | Defense::Dive
        ) | (
            Some(crate::state::AllOutDefense::Parry),
            Defense::Parry { .. }
        ) | (
            Some(crate::state::AllOutDefense::Block),
            Defense::Block { .. }
        )
    );
    if aod {
        mods.push(m("aod", "All-Out Defense", 2, "T3-MANEUVER-14"));
    }
    match d {
        Defense::Dodge { retreat: true, .. } => {
            mods.push(m("retreat", "retreat", 3, "T3-DEFENSE-08"))
        }
        Defense::Parry {
            slot,
            retreat: true,
        } => {
            let fencing = s.rules.weapon(u, slot).fencing;
            mods.push(m(
                "retreat",
                "retreat",
                if fencing { 3 } else { 1 },
                "T3-DEFENSE-08",
            ))
        }
        Defense::Block { retreat: true } => mods.push(m("retreat", "retreat", 1, "T3-DEFENSE-08")),
        Defense::Dive => mods.push(m("dive", "dive for cover", 3, "T3-DEFENSE-09")),
        _ => {}
    }
    if let Defense::Dodge { drop, .. } = d {
        if drop || f.dropped_against == Some(st.attacker) {
            mods.push(m("drop", "dodge and drop", 3, "T3-DEFENSE-07"));
        }
    }
    (base, mods, what)
}

/// Step 2: the defender's choice and roll, then the damage of what gets through.
pub fn defend(ctx: &mut Ctx, p: Pending, d: Defense) -> R<()> {
    let st = p.strike;
    let u = st.target;
    let kind = match d {
        Defense::None => None,
        Defense::Dodge { .. } | Defense::Dive => Some(DefenseKind::Dodge),
        Defense::Parry { .. } => Some(DefenseKind::Parry),
        Defense::Block { .. } => Some(DefenseKind::Block),
    };
    let label = crate::narrate::defense_label(d);
    let (base, mut mods, what) = defense_value(&ctx.s, &p, d);
    ctx.emit(Event::DefenseChosen {
        unit: u,
        kind,
        label,
    });
    if kind.is_none() {
        return damage(ctx, &st, p.hits);
    }
    // The aim is lost on any active defense (T3-AIM-05); a concentrator rolls Will−3
    // (T3-MANEUVER-15).
    if ctx.s.fighter(u).aim.is_some() {
        ctx.emit(Event::AimLost {
            unit: u,
            rule: RuleId("T3-AIM-05"),
        });
    }
    distracted(ctx, u)?;
    if let Defense::Dodge {
        acrobatic: true, ..
    } = d
    {
        // T3-DEFENSE-06: Acrobatics, or DX−6, first.
        let c = ctx.s.character(u);
        let (skill, mods0) = match c.skill("acrobatics") {
            Some(a) => (a, vec![]),
            None => (c.dx, vec![m("dx-6", "DX-6 default", -6, "T3-DEFENSE-06")]),
        };
        let roll = ctx.check(u, "Acrobatics", skill, mods0, RuleId("T3-DEFENSE-06"))?;
        let ok = roll.success;
        ctx.emit(Event::Rolled(roll));
        mods.push(m(
            "acrobatic",
            if ok {
                "acrobatic dodge made"
            } else {
                "acrobatic dodge failed"
            },
            if ok { 2 } else { -2 },
            "T3-DEFENSE-06",
        ));
    }
    // The defense reads success and, against several hits, how many its margin stops.
    let (hits, rcl) = (p.hits, p.rcl.max(1));
    let all = ctx.s.rules.options.defense_negates_all_autofire_hits;
    let reads = move |_: i32, ok: bool, margin: i32| -> i64 {
        match (ok, all) {
            (false, _) => 0,
            (true, true) => 1,
            (true, false) => 1 + i64::from((1 + margin.max(0) as u32 / rcl).min(hits)),
        }
    };
    let roll = ctx.check_reading(u, what, base, mods, RuleId("T3-DEFENSE-01"), &reads)?;
    let ok = roll.success;
    let margin = roll.margin;
    ctx.emit(Event::Rolled(roll));
    let attacker_at = ctx.s.fighter(st.attacker).at;
    match d {
        Defense::Dodge { retreat: true, .. }
        | Defense::Parry { retreat: true, .. }
        | Defense::Block { retreat: true } => {
            if let Some(&to) = crate::geometry::steps_away(&ctx.s, u, attacker_at).first() {
                ctx.emit(Event::Retreated { unit: u, to });
            }
        }
        _ => {}
    }
    if let Defense::Dodge { drop: true, .. } = d {
        ctx.emit(Event::DroppedAgainst {
            unit: u,
            foe: st.attacker,
        });
        ctx.emit(Event::PostureChanged {
            unit: u,
            to: Posture::Prone,
            rule: RuleId("T3-POSTURE-06"),
        });
    }
    if d == Defense::Dive && ok {
        // T3-DEFENSE-09/10: into cover within a step if the map has some there, else a step
        // farther from the fire.
        let at = ctx.s.fighter(u).at;
        let into_cover = crate::geometry::neighbours(&ctx.s, at)
            .into_iter()
            .find(|&c| crate::geometry::free(&ctx.s, u, c) && ctx.s.cover_at(c).is_some());
        let away = crate::geometry::steps_away(&ctx.s, u, attacker_at)
            .first()
            .copied();
        if let Some(to) = into_cover.or(away) {
            ctx.emit(Event::Dived { unit: u, to });
        }
    }
    let mut left = p.hits;
    if ok {
        // T3-G17: one hit plus one per full Rcl of the defense's margin (or all of them).
        let stopped = if ctx.s.rules.options.defense_negates_all_autofire_hits {
            left
        } else {
            (1 + margin.max(0) as u32 / p.rcl.max(1)).min(left)
        };
        left -= stopped;
        ctx.emit(Event::HitsStopped {
            unit: u,
            stopped,
            left,
        });
    }
    if left > 0 {
        // T3-G10: All-Out Defense (double): a second, different defense.
        if ok {
            // Some hits got through a successful defense: no second defense.
        } else if p.first.is_none()
            && ctx.s.fighter(u).aod == Some(crate::state::AllOutDefense::Double)
        {
            let again = Pending { first: kind, ..p };
            if defenses(&ctx.s, &again).len() > 1 {
                ctx.emit(Event::DefenseAwaited(again));
                return Ok(());
            }
        }
        return damage(ctx, &st, left);
    }
    Ok(())
}

/// T3-MANEUVER-15: a concentrating fighter who defends, is knocked down or injured rolls
/// Will−3 or starts over.
pub fn distracted(ctx: &mut Ctx, u: UnitId) -> R<()> {
    if ctx.s.fighter(u).concentrating == 0 {
        return Ok(());
    }
    let will = ctx.s.character(u).will;
    let roll = ctx.check(
        u,
        "Will",
        will,
        vec![m("distracted", "distracted", -3, "T3-MANEUVER-15")],
        RuleId("T3-MANEUVER-15"),
    )?;
    let ok = roll.success;
    ctx.emit(Event::Rolled(roll));
    if !ok {
        ctx.emit(Event::Concentration {
            unit: u,
            seconds: 0,
        });
    }
    Ok(())
}

/// Whether a strike's location is rolled: zone fire (T3-SUPPRESS-03), or ranged fire the GM
/// rules blind (`t3.random_hit_locations`, T3-HITLOC-04).
pub fn random_location(s: &State, st: &Strike) -> bool {
    st.zone.is_some()
        || (s.rules.options.random_hit_locations && !s.rules.weapon(st.attacker, st.slot).melee)
}

/// A hit's location: aimed, or rolled (T3-HITLOC-03, T3-G28).
fn hit_location(ctx: &mut Ctx, st: &Strike) -> R<Location> {
    if !random_location(&ctx.s, st) {
        return Ok(st.location);
    }
    let (mut faces, roll) = ctx.roll("location", 3)?;
    let rolled = tables::random_location(roll as u32);
    let loc = match rolled {
        tables::Rolled::At(l) => l,
        _ => {
            let (side, d) = ctx.roll("location side", 1)?;
            faces.extend(side);
            tables::side_of(rolled, d as u32)
        }
    };
    ctx.emit(Event::LocationRolled {
        target: st.target,
        faces: faces.iter().copied().collect(),
        location: loc,
    });
    Ok(loc)
}

/// Steps 3-7 for the hits that got through.
pub fn damage(ctx: &mut Ctx, st: &Strike, hits: u32) -> R<()> {
    let rules = ctx.s.rules;
    let w = rules.weapon(st.attacker, st.slot);
    let target = st.target;
    let hp0 = ctx.s.fighter(target).hp;
    if hits > 0 {
        ctx.emit(Event::Struck { unit: target });
    }
    // T3-AUTOFIRE-03: four or more hits use average damage.
    let average = hits >= 4;
    let mut by_location: SmallVec<[(Location, i32, i32); 4]> = SmallVec::new();
    let mut total = 0;
    let mut shock_crushing_groin = false;
    let mut head_hit: Option<Location> = None;
    let mut groin_hit = false;
    // For the exact odds: before each hit and after the last, everything the rest of the
    // resolution reads is the scratch state and these running totals, so paths that reach
    // equal ones share their outcomes, whatever rolls led there (a checkpoint with mark 0).
    for i in 0..hits {
        if ctx.s.fighter(target).dead {
            break;
        }
        if i > 0 {
            let key = (
                i as usize,
                hits,
                resolution_key(&ctx.s, st),
                by_location.to_vec(),
                total,
                shock_crushing_groin,
                head_hit,
                groin_hit,
            );
            ctx.dice.checkpoint(0, &DamageKey(key))?;
        }
        let loc = hit_location(ctx, st)?;
        let mut wound = wound(ctx, st, loc, average)?;
        // T3-CRIPPLE-01/02, T3-G35: injury past a limb's crippling minimum is ignored.
        let k = crippling_divisor(&ctx.s, target, loc);
        if let Some(k) = k {
            let hp = ctx.s.character(target).hp;
            let minimum = hp / k + 1;
            let entry = match by_location.iter().position(|e| e.0 == loc) {
                Some(i) => i,
                None => {
                    by_location.push((loc, 0, 0));
                    by_location.len() - 1
                }
            };
            let (_, taken, uncapped) = by_location[entry];
            let capped = loc != Location::Eye;
            let allowed = if capped {
                (minimum - taken).max(0)
            } else {
                wound.injury
            };
            if wound.injury > allowed {
                wound.ignored = wound.injury - allowed;
                wound.injury = allowed;
            }
            by_location[entry] = (
                loc,
                taken + wound.injury,
                uncapped + wound.injury + wound.ignored,
            );
        }
        if wound.injury > 0 {
            if matches!(
                loc,
                Location::Skull | Location::Face | Location::Eye | Location::Vitals
            ) {
                head_hit = Some(match head_hit {
                    Some(Location::Skull | Location::Eye) => head_hit.unwrap(),
                    _ => loc,
                });
            }
            if loc == Location::Groin {
                groin_hit = true;
                if w.damage.kind == DamageType::Crushing && ctx.s.character(target).male {
                    shock_crushing_groin = true;
                }
            }
        }
        total += wound.injury;
        ctx.emit(Event::Wounded(wound));
    }
    let key = (
        hits,
        resolution_key(&ctx.s, st),
        by_location.to_vec(),
        total,
        shock_crushing_groin,
        head_hit,
        groin_hit,
    );
    ctx.dice.checkpoint(
        0,
        &DamageKey((usize::MAX, key.0, key.1, key.2, key.3, key.4, key.5, key.6)),
    )?;
    // Crippling (T3-CRIPPLE-01/05).
    let mut crippled_now = false;
    for &(loc, _, uncapped) in &by_location {
        let hp = ctx.s.character(target).hp;
        let k = crippling_divisor(&ctx.s, target, loc).unwrap_or(2);
        // Crippled when the injury is over HP/k: k·injury > HP.
        if uncapped * k > hp && ctx.s.fighter(target).crippled & loc.bit() == 0 {
            let minimum = hp / k + 1;
            let destroyed = if rules.options.destroy_vs_threshold {
                uncapped * k > 2 * hp
            } else {
                uncapped > 2 * minimum
            };
            ctx.emit(Event::Crippled {
                unit: target,
                location: loc,
                destroyed,
            });
            crippled_now = true;
            cripple_effects(ctx, target, loc)?;
        }
    }
    if total > 0 {
        after_injury(
            ctx,
            target,
            hp0,
            total,
            shock_crushing_groin,
            head_hit,
            groin_hit,
            crippled_now,
        )?;
    } else if crippled_now {
        knockdown(ctx, target, None, false, true)?;
    }
    Ok(())
}

/// What the rest of a resolution can read that its rolls so far have changed, for the exact
/// odds' checkpoints: every fighter (an earlier target of the same burst differs between paths
/// too), the phase, the work left, the zones and the cover's wear. The turn, its order and the
/// rules are the same on every path of one action.
type ResolutionKey = (
    Vec<crate::state::Fighter>,
    crate::state::Phase,
    Vec<crate::state::Work>,
    Vec<crate::state::Zone>,
    Vec<crate::state::Wear>,
);

/// A damage checkpoint's key: the hit it stands before (`usize::MAX` after the last), the hits,
/// the resolution's changeable state, and the running totals of `damage`.
type DamageParts = (
    usize,
    u32,
    ResolutionKey,
    Vec<(Location, i32, i32)>,
    i32,
    bool,
    Option<Location>,
    bool,
);

/// `DamageParts` as a checkpoint. Its hash reads only what varies most between paths (each
/// fighter's HP and the totals), an FNV-1a hint that spares hashing every field; equality
/// compares everything.
struct DamageKey(DamageParts);

impl fireteam_dice::Checkpoint for DamageKey {
    fn key_hash(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |v: i64| {
            for b in v.to_le_bytes() {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
        };
        let (i, hits, (fighters, ..), locs, total, ..) = &self.0;
        mix(*i as i64);
        mix(i64::from(*hits));
        mix(i64::from(*total));
        for f in fighters {
            mix(i64::from(f.hp));
            mix(i64::from(f.shock_pending));
        }
        for &(_, a, b) in locs {
            mix(i64::from(a));
            mix(i64::from(b));
        }
        h
    }

    fn same(&self, kept: &dyn std::any::Any) -> bool {
        kept.downcast_ref::<DamageParts>() == Some(&self.0)
    }

    fn keep(&self) -> Box<dyn std::any::Any> {
        Box::new(self.0.clone())
    }
}

fn resolution_key(s: &State, _st: &Strike) -> ResolutionKey {
    (
        s.fighters.clone(),
        s.phase.clone(),
        s.work.clone(),
        s.zones.clone(),
        s.wear.clone(),
    )
}

/// The k of HP/k a location cripples at (T3-CRIPPLE-01), if it can be crippled.
fn crippling_divisor(s: &State, u: UnitId, loc: Location) -> Option<i32> {
    let c = s.character(u);
    match loc {
        Location::RightArm | Location::LeftArm if c.arms > 2 => Some(c.arms),
        l if l.is_limb() => Some(2),
        l if l.is_extremity() => Some(3),
        Location::Eye => Some(10),
        _ => None,
    }
}

/// T3-CRIPPLE-03: a useless arm or hand drops its weapon; a useless leg or foot brings the
/// fighter down.
fn cripple_effects(ctx: &mut Ctx, u: UnitId, loc: Location) -> R<()> {
    match loc {
        Location::RightArm | Location::RightHand | Location::LeftArm | Location::LeftHand => {
            if let Some(slot) = ctx.s.fighter(u).ready_slot() {
                let jam = ctx.s.fighter(u).guns[usize::from(slot)].jam;
                ctx.emit(Event::WeaponChanged {
                    unit: u,
                    slot,
                    held: Held::Dropped,
                    jam,
                });
            }
        }
        l if l.is_leg_or_foot() && !ctx.s.fighter(u).posture.lying() => {
            ctx.emit(Event::PostureChanged {
                unit: u,
                to: Posture::Prone,
                rule: RuleId("T3-CRIPPLE-03"),
            })
        }
        _ => {}
    }
    Ok(())
}

/// Steps 3-6 for one hit (T3-DAMAGE-01..03, T3-LOCDMG-*, T3-COVER-05/07/08, T3-SHOTGUN-01,
/// T3-BURN-01/02).
fn wound(ctx: &mut Ctx, st: &Strike, loc: Location, average: bool) -> R<Wound> {
    let rules = ctx.s.rules;
    let w = rules.weapon(st.attacker, st.slot);
    let dmg = w.damage;
    let opts = rules.options;
    let (faces, rolled) = if average {
        // T3-G18: 3.5 per die, rounded down (or half up), adds added.
        let doubled = 7 * i32::from(dmg.dice);
        let avg = if opts.average_round_half_up {
            (doubled + 1) / 2
        } else {
            doubled / 2
        };
        (SmallVec::new(), avg + i32::from(dmg.adds))
    } else {
        let (faces, sum) = ctx.roll("damage", dmg.dice)?;
        (faces, sum + i32::from(dmg.adds))
    };
    let mut steps = Vec::new();
    if average {
        steps.push(m("average", "average damage", 0, "T3-AUTOFIRE-03"));
    }
    // T3-G25: rolled damage below 0 counts as 0.
    let mut d = rolled.max(0);
    if st.kind == StrikeKind::AllOutDamage {
        let bonus = i32::from(dmg.dice).max(2);
        steps.push(m(
            "aoa-damage",
            "All-Out Attack damage",
            bonus,
            "T3-MANEUVER-10",
        ));
        d += bonus;
    }
    let close = close_shotgun(&ctx.s, st);
    let k = if w.sawn_off { 6 } else { 4 };
    if close {
        steps.push(m(
            "shotgun",
            "close-range shotgun",
            d * (k - 1),
            "T3-SHOTGUN-01",
        ));
        d *= k;
    }
    let range = distance(ctx.s.fighter(st.attacker).at, ctx.s.fighter(st.target).at);
    if !w.melee && w.half_damage > 0 && range > w.half_damage {
        let half = d / 2;
        steps.push(m("half-damage", "beyond 1/2D", half - d, "T3-DAMAGE-01"));
        d = half;
    }
    // DR (T3-DAMAGE-03).
    let mut dr_parts = Vec::new();
    let mut dr = ctx.s.location_dr(st.target, loc) as i32;
    if dr > 0 {
        dr_parts.push(m("armor", "armour", dr, "T3-DAMAGE-03"));
    }
    if loc == Location::Skull {
        dr_parts.push(m("skull", "skull", 2, "T3-LOCDMG-03"));
        dr += 2;
    }
    let cover = through_cover(&ctx.s, st, loc);
    let at = ctx.s.fighter(st.target).at;
    if cover {
        if let Some((mat, terrain)) = ctx.s.cover_at(at) {
            // T3-COVER-06, T3-G29 (3): per-cm DR (the printed range's lower bound) × the
            // thickness when known, else the typical cover DR; less what wear took.
            let full = match terrain.cover_cm {
                Some(cm) => (mat.per_cm_tenths * cm / 10) as i32,
                None => mat.dr as i32,
            };
            let worn = ctx
                .s
                .wear_at(at)
                .map_or(0, |w| (w.heavy + w.light / 10) as i32);
            let cdr = (full - worn).max(0);
            dr_parts.push(m("cover", mat.name.as_str(), cdr, "T3-COVER-05"));
            dr += cdr;
        }
    }
    if close {
        dr_parts.push(m(
            "shotgun",
            "close-range shotgun",
            dr * (k - 1),
            "T3-SHOTGUN-01",
        ));
        dr *= k;
    }
    if dmg.divisor > 1 {
        let div = dr / i32::from(dmg.divisor);
        dr_parts.push(m("divisor", "armour divisor", div - dr, "T3-G25"));
        dr = div;
    }
    let penetrating = (d - dr).max(0);
    let (mult, rule) =
        tables::wounding_at(dmg.kind, loc, w.laser && !w.aoe, opts.extremities_as_limbs);
    let mut injury = penetrating * mult as i32 / 2;
    if penetrating > 0 && injury == 0 && opts.min_injury_one {
        injury = 1;
    }
    // Cover wear and glass (T3-COVER-07/08, T3-G29 (4)(5)): the damage before cover DR.
    if cover {
        if let Some((mat, _)) = ctx.s.cover_at(at) {
            let old = ctx.s.wear_at(at).copied();
            let (mut heavy, mut light) = old.map_or((0, 0), |w| (w.heavy, w.light));
            let mut broken = false;
            if mat.wears {
                if matches!(
                    dmg.kind,
                    DamageType::Burning
                        | DamageType::Corrosion
                        | DamageType::Crushing
                        | DamageType::Cutting
                        | DamageType::HugePiercing
                ) {
                    heavy += d as u32;
                } else {
                    light += d as u32;
                }
            }
            if mat.glass && d > mat.dr as i32 {
                broken = true;
            }
            if mat.wears || broken {
                ctx.emit(Event::CoverWorn {
                    at,
                    heavy,
                    light,
                    broken,
                });
            }
        }
    }
    // Burning clothes (T3-BURN-01/02, T3-G39): the rolled damage before DR.
    if dmg.kind == DamageType::Burning {
        let level = if d >= 10 {
            2
        } else if d >= 3 {
            1
        } else {
            0
        };
        if level > ctx.s.fighter(st.target).burning {
            ctx.emit(Event::OnFire {
                unit: st.target,
                level,
            });
        }
    }
    Ok(Wound {
        target: st.target,
        location: Some(loc),
        faces: faces.iter().copied().collect(),
        rolled,
        steps,
        damage: d,
        dr_parts,
        dr,
        penetrating,
        multiplier: mult,
        multiplier_rule: RuleId(rule),
        injury,
        ignored: 0,
    })
}

/// Damage from outside an attack (an exploding weapon, burning clothes, a fall): no location,
/// through no DR, ×1.
pub fn external_wound(
    ctx: &mut Ctx,
    u: UnitId,
    faces: SmallVec<[u32; 8]>,
    rolled: i32,
    dmg: i32,
    _kind: DamageType,
    rule: &'static str,
) -> R<()> {
    let hp0 = ctx.s.fighter(u).hp;
    let injury = dmg.max(0);
    ctx.emit(Event::Wounded(Wound {
        target: u,
        location: None,
        faces,
        rolled,
        steps: vec![],
        damage: injury,
        dr_parts: vec![],
        dr: 0,
        penetrating: injury,
        multiplier: 2,
        multiplier_rule: RuleId(rule),
        injury,
        ignored: 0,
    }));
    if injury > 0 {
        after_injury(ctx, u, hp0, injury, false, None, false, false)?;
    }
    Ok(())
}

/// Step 7 (T3-CHECKLIST-01): shock, knockdown, and the HP thresholds.
#[allow(clippy::too_many_arguments)]
pub fn after_injury(
    ctx: &mut Ctx,
    u: UnitId,
    hp0: i32,
    injury: i32,
    crushing_groin: bool,
    head: Option<Location>,
    groin: bool,
    crippled: bool,
) -> R<()> {
    let c = ctx.s.character(u);
    let hp = c.hp;
    // Shock (T3-SHOCK-01..03, T3-G34).
    let per = if hp > 20 { injury * 10 / hp } else { injury };
    let (per, cap) = if crushing_groin {
        (per * 2, 8)
    } else {
        (per, 4)
    };
    let f = ctx.s.fighter(u);
    let cap = cap.max(f.shock_cap);
    let pending = (f.shock_pending + per).min(cap);
    if pending != f.shock_pending || cap != f.shock_cap {
        ctx.emit(Event::Shock {
            unit: u,
            pending,
            cap,
        });
    }
    distracted(ctx, u)?;
    // Death first: a fighter killed by the blow has nothing left to knock down.
    thresholds(ctx, u, hp0)?;
    // Knockdown (T3-KNOCKDOWN-01, T3-G32).
    let big = 2 * injury > hp;
    if big || head.is_some() || crippled {
        knockdown(ctx, u, head, groin, crippled && !big && head.is_none())?;
    }
    Ok(())
}

/// T3-KNOCKDOWN-02/03, T3-STUN-01: the knockdown roll and its failure.
fn knockdown(
    ctx: &mut Ctx,
    u: UnitId,
    head: Option<Location>,
    groin: bool,
    only_crippling: bool,
) -> R<()> {
    let c = ctx.s.character(u);
    if !ctx.s.fighter(u).active() {
        return Ok(());
    }
    if only_crippling && ctx.s.rules.options.crippling_auto_knockdown {
        // T3-G32's flag: crippling knocks down with no roll.
        return fall(ctx, u, false);
    }
    let mut mods = Vec::new();
    match head {
        Some(Location::Skull) => mods.push(m("skull", "skull", -10, "T3-LOCDMG-03")),
        Some(Location::Eye) => mods.push(m("eye", "eye", -10, "T3-LOCDMG-02")),
        Some(Location::Face) => mods.push(m("face", "face", -5, "T3-LOCDMG-04")),
        Some(Location::Vitals) => mods.push(m("vitals", "vitals", -5, "T3-KNOCKDOWN-02")),
        _ if groin && c.male => mods.push(m("groin", "male groin", -5, "T3-LOCDMG-06")),
        _ => {}
    }
    if c.high_pain_threshold {
        mods.push(m("hpt", "High Pain Threshold", 3, "T3-KNOCKDOWN-02"));
    }
    // Made, failed, or failed by 5 or more (T3-KNOCKDOWN-03).
    let reads = |_: i32, ok: bool, margin: i32| -> i64 {
        if ok {
            1
        } else if margin <= -5 {
            2
        } else {
            0
        }
    };
    let roll = ctx.check_reading(
        u,
        "HT (knockdown)",
        c.ht,
        mods,
        RuleId("T3-KNOCKDOWN-02"),
        &reads,
    )?;
    let ok = roll.success;
    let margin = roll.margin;
    ctx.emit(Event::Rolled(roll));
    if !ok {
        fall(ctx, u, margin <= -5)?;
    }
    Ok(())
}

/// T3-KNOCKDOWN-03: prone, stunned (or unconscious), and what it held is dropped.
fn fall(ctx: &mut Ctx, u: UnitId, unconscious: bool) -> R<()> {
    if let Some(slot) = ctx.s.fighter(u).ready_slot() {
        let jam = ctx.s.fighter(u).guns[usize::from(slot)].jam;
        ctx.emit(Event::WeaponChanged {
            unit: u,
            slot,
            held: Held::Dropped,
            jam,
        });
    }
    ctx.emit(Event::KnockedDown {
        unit: u,
        unconscious,
    });
    distracted(ctx, u)
}

/// T3-HP-03..05, T3-G36: death checks for every multiple of −HP crossed, and death at −5×HP.
pub fn thresholds(ctx: &mut Ctx, u: UnitId, hp0: i32) -> R<()> {
    let c = ctx.s.character(u);
    let hp = c.hp;
    let now = ctx.s.fighter(u).hp;
    if ctx.s.fighter(u).dead {
        return Ok(());
    }
    if now <= -5 * hp {
        ctx.emit(Event::Died {
            unit: u,
            rule: RuleId(if now <= -10 * hp {
                "T3-HP-05"
            } else {
                "T3-HP-04"
            }),
        });
        return Ok(());
    }
    for k in 1..=4 {
        if hp0 > -k * hp && now <= -k * hp {
            ctx.emit(Event::DeathChecked {
                unit: u,
                multiple: k as u8,
            });
            // Made, failed by 1 or 2, or by 3 or more (T3-HP-03).
            let reads = |_: i32, ok: bool, margin: i32| -> i64 {
                if ok {
                    1
                } else if margin <= -3 {
                    2
                } else {
                    0
                }
            };
            let roll =
                ctx.check_reading(u, "HT (death)", c.ht, vec![], RuleId("T3-HP-03"), &reads)?;
            let (ok, margin) = (roll.success, roll.margin);
            ctx.emit(Event::Rolled(roll));
            if !ok {
                if margin <= -3 {
                    ctx.emit(Event::Died {
                        unit: u,
                        rule: RuleId("T3-HP-03"),
                    });
                    return Ok(());
                }
                if !ctx.s.fighter(u).mortal_wound {
                    ctx.emit(Event::MortallyWounded { unit: u });
                }
            }
        }
    }
    Ok(())
}

/// Where `unit` can put a Move and Attack's melee attack from: a neighbour of `target`
/// within its reach.
pub fn in_reach(s: &State, unit: UnitId, slot: u8, from: Cell, target: UnitId) -> bool {
    let w = s.rules.weapon(unit, slot);
    let d = distance(from, s.fighter(target).at);
    w.melee && d >= 1 && d <= w.reach
}
