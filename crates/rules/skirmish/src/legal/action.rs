//! The action options, limited by the movement made (SK-11.7 not engaged, SK-11.8 engaged,
//! SK-11.9 in HTH, SK-25-a), and the targets of a later shot (SK-12-e): taking up a weapon when
//! empty-handed, melee, shooting, throwing, grenades, quick shots (SK-21.5-b), going hand to hand,
//! slams and Martial Arts, doing nothing, aiming, covering a hex (SK-21.8-a), readying and
//! reloading, dropping, Dodge or Defend, disengaging and a breather.

use crate::action::{Action, FireMode, Strike};
use crate::combat::armor::martial_arts_allowed;
use crate::combat::weapon_of;
use crate::data::{Class, Length};
use crate::geometry::{self, engagers_of, in_front, line_of_fire};
use crate::legal::targets::{can_defend, enemies, melee_reach, shootable};
use crate::skills;
use crate::state::{
    FigId, Figure, Guard, MoveKind, Pos, Posture, ShieldAt, State, WeaponState, SHIELD_SLOT,
};
use crate::turn::movement::movement_allowance;
use smallvec::SmallVec;

/// Movement so far, in hexes, within the option lists' limits (SK-25-a).
pub(crate) fn moved_at_most(f: &Figure, limit: MoveKind, mov: u32) -> bool {
    let d = u32::from(f.moved);
    let allowed = match limit {
        MoveKind::StandStill => 0,
        MoveKind::Step | MoveKind::Shift => 1,
        MoveKind::Pace => 2,
        MoveKind::Half => mov.div_ceil(2),
        MoveKind::Full | MoveKind::Crawl | MoveKind::StandUp => mov,
        MoveKind::StandUpThenReady | MoveKind::StandUpThenHalf | MoveKind::StandUpThenShift => mov,
    };
    match f.move_kind {
        MoveKind::StandUp | MoveKind::StandUpThenShift => false,
        // ---- G-41: up from a knee and a Half Move: standing took the other half, so only
        // the options allowed after a Half Move (or more).
        MoveKind::StandUpThenHalf => {
            matches!(
                limit,
                MoveKind::Half | MoveKind::Full | MoveKind::Crawl | MoveKind::StandUp
            ) && d <= allowed
        }
        _ => d <= allowed,
    }
}

/// SK-21.4-c: the five places an aimed attack can be made at.
fn push_aimed(out: &mut Vec<Action>, fig: FigId, target: FigId) {
    use crate::autoresult::Location;
    for at in [
        Location::Head,
        Location::WeaponArm,
        Location::OtherArm,
        Location::RightLeg,
        Location::LeftLeg,
    ] {
        out.push(Action::AimedShot { fig, target, at });
    }
}

/// Whether the figure may shoot now, by the movement it made (SK-11.7.3-a, SK-25-a; OPT
/// SK-11.7.7-a) or, engaged, at a charger only (SK-11.8.2-a).
pub(crate) fn may_shoot(s: &State, f: &Figure, engaged: bool) -> bool {
    let mov = movement_allowance(s, f);
    if engaged {
        f.moved == 0 && f.charged_by != 0
    } else {
        moved_at_most(f, MoveKind::Step, mov)
            || (s.rules.options.move_and_shoot && moved_at_most(f, MoveKind::Half, mov))
    }
}

/// Whether `t` is someone the figure may shoot at: a charger when engaged (SK-11.8.2-a), and in
/// front with a line of fire (SK-10.5-d, SK-13.6-b).
pub(crate) fn may_shoot_at(s: &State, f: &Figure, engaged: bool, t: FigId, tf: &Figure) -> bool {
    !(engaged && f.charged_by & (1 << t) == 0) && shootable(s, f, tf)
}

/// How far a figure may have moved and still ready something (SK-11.7.4-a, SK-11.8.3-a).
pub(crate) fn ready_limit(s: &State, f: &Figure, engaged: bool) -> bool {
    let mov = movement_allowance(s, f);
    if engaged {
        moved_at_most(f, MoveKind::Shift, mov)
    } else {
        moved_at_most(f, MoveKind::Pace, mov)
    }
}

pub(crate) fn action_actions(s: &State, id: FigId, extra: bool, out: &mut Vec<Action>) {
    let start = out.len();
    options(s, id, extra, out);
    // ---- G-41: up from a knee where he was, a Ready or nothing.
    crate::turn::standing::ready_only(s, id, out, start);
}

/// The action options of `action_actions`, before G-41's limit on a figure who stood up.
fn options(s: &State, id: FigId, extra: bool, out: &mut Vec<Action>) {
    let f = s.fig(id);
    let opts = &s.rules.options;
    let mov = movement_allowance(s, f);
    let engaged = engagers_of(s, f, f.pos) != 0;
    let w = weapon_of(s, f, f.ready).filter(|_| f.ready_slot().is_some());
    let slot = f.ready_slot();

    if extra {
        // SK-12-e: a later shot of this turn, at any target it could shoot.
        if let (Some(w), Some(sl)) = (w, slot) {
            if w.energy {
                // SK-16.8-b: an energy weapon's later shots are lower-power shots.
                crate::legal::gear::later_power_shots(s, id, out);
            } else if w.class == Class::Missile && (w.rounds == 0 || sl.rounds > 0) {
                // ---- shots (SK-16.6-a): the turn's mode, then, after holding fire, the one
                // switch a turn to another mode.
                let switches = crate::attack::selective::switches(s, f, w, sl.rounds);
                let turn = crate::attack::selective::turn_mode(f);
                // The later bursts of a burst-fire turn stay bursts (SK-16.6-b, E-09); a
                // magazine too low for one more leaves a switch to single shots in its place.
                let mode = if turn == FireMode::Burst && w.rounds > 0 && sl.rounds < 3 {
                    switches
                        .contains(&FireMode::Single)
                        .then_some(FireMode::Single)
                } else {
                    Some(turn)
                };
                for (t, tf) in enemies(s, f) {
                    if let Some(mode) = mode.filter(|_| shootable(s, f, tf)) {
                        out.push(Action::Shoot {
                            fig: id,
                            target: t,
                            mode,
                        });
                    }
                }
                out.push(Action::HoldFire { fig: id });
                for (t, tf) in enemies(s, f) {
                    if !shootable(s, f, tf) {
                        continue;
                    }
                    for &m in switches.iter().filter(|&&m| Some(m) != mode) {
                        out.push(Action::Shoot {
                            fig: id,
                            target: t,
                            mode: m,
                        });
                    }
                }
                return;
            }
        }
        out.push(Action::HoldFire { fig: id });
        return;
    }

    // ---- SK-9-c: a side that declared it runs again does nothing but run.
    if f.runs {
        out.push(Action::Pass { fig: id });
        return;
    }
    if f.in_hth {
        // SK-11.9: attack, ready, disengage, subdue, disarm.
        for (t, tf) in enemies(s, f) {
            if tf.in_hth && tf.pos == f.pos {
                out.push(Action::Attack {
                    fig: id,
                    target: t,
                    strike: Strike::Normal,
                });
            }
        }
        for dir in 0..6u8 {
            let p = f.pos.neighbour(dir);
            if s.passable(p) && !s.anyone_at(p) {
                out.push(Action::Escape { fig: id, to: p });
            }
        }
        for (k, sl) in f.weapons.iter().enumerate() {
            if let Some(sl) = sl {
                let w = &s.rules.weapons[usize::from(sl.weapon)];
                // SK-11.9.2-a: a knife or pistol (or brass knuckles, SK-16.1-d); not a knife
                // fixed as a bayonet (SK-16.3).
                let small = crate::hands::hth_weapon(w)
                    && f.bayonet.is_none_or(|(knife, _)| knife != k as u8);
                if small && f.ready != Some(k as u8) && sl.state == WeaponState::Ok {
                    out.push(Action::Ready {
                        fig: id,
                        slot: k as u8,
                    });
                }
            }
        }
        // SK-16.1-d: brass knuckles cannot be taken off a fist.
        let can_lose = |e: &Figure| {
            weapon_of(s, e, e.ready)
                .filter(|_| e.ready_slot().is_some())
                .is_some_and(crate::hands::droppable)
        };
        for (t, tf) in enemies(s, f) {
            if tf.in_hth && tf.pos == f.pos {
                out.push(Action::Subdue { fig: id, target: t });
                if f.ready_slot().is_none() && can_lose(tf) {
                    out.push(Action::Disarm { fig: id, target: t });
                }
            }
        }
        out.push(Action::Pass { fig: id });
        // ---- weapons and melee: subduing on eDEX (SK-16.15.6-a) and taking the weapon one
        // disarms (SK-16.15.7-b).
        for (t, tf) in enemies(s, f) {
            if tf.in_hth && tf.pos == f.pos {
                if f.martial_arts > 0 && martial_arts_allowed(s, f) {
                    out.push(Action::SubdueByDex { fig: id, target: t });
                }
                let room = f.weapons.iter().any(|w| w.is_none());
                if f.ready_slot().is_none() && can_lose(tf) && room {
                    out.push(Action::DisarmAndTake { fig: id, target: t });
                }
            }
        }
        // ---- hand to hand (§11.9.2): picking up a dropped knife, pistol or brass knuckles
        // (SK-11.9.2-a).
        for (owner, k) in crate::attack::hth::pick_ups(s, f) {
            out.push(Action::PickUpInHth {
                fig: id,
                owner,
                slot: k,
            });
        }
        return;
    }

    // G-56: deep water cannot be fought in: no attacks (SK-17.2-a, SK-6.2.9-a).
    if crate::terrain::swimming::in_deep_water(s, f) {
        out.push(Action::Pass { fig: id });
        return;
    }
    // SK-6.5.3-b: parrying with the other weapon (declared with the movement), the main one
    // may still strike, and nothing else.
    if f.guard == Guard::Parry {
        parry_actions(s, id, out);
        return;
    }
    // ---- SK-11.6-a: a Dodge or Defend declared with the movement is kept, first; until an
    // attack has met it, any other option the movement allows may replace it.
    if crate::turn::changing::declared_guard(f) {
        out.push(Action::KeepGuard { fig: id });
        if !crate::turn::changing::may_change(f) {
            return;
        }
    }
    // SK-16.3-d: the bayonet's first strike: thrust at a foe, or wait for his own eDEX.
    if f.bayonet_first {
        for t in crate::attack::bayonet::targets(s, f) {
            out.push(Action::Attack {
                fig: id,
                target: t,
                strike: Strike::Bayonet,
            });
        }
        out.push(Action::WaitTurn { fig: id });
        return;
    }
    // SK-11.7.3-a: a figure that dropped to the ground without moving may still shoot, or
    // quick-draw and shoot, and do nothing else (E-17 turn 1).
    if f.dropped_this_turn {
        push_shots(s, id, out);
        push_quick_shots(s, id, false, false, out);
        out.push(Action::Pass { fig: id });
        return;
    }
    let down = f.posture.down();
    // Empty-handed with a weapon to take up: that comes first (the most direct action); so
    // does a new battery for a flat sword in hand (SK-15.1-a).
    let rearm_first = slot.is_none()
        && (s
            .dropped
            .iter()
            .any(|d| d.owner == id && d.pos == f.pos && d.slot != SHIELD_SLOT)
            || f.weapons
                .iter()
                .flatten()
                .any(|w| w.state == WeaponState::Ok)
            || flat_sword_reload(f));
    if rearm_first {
        rearm_actions(s, id, engaged, out);
    }
    // Melee (SK-11.3-a; charge SK-11.7.8-a ≤ Half Move; engaged SK-11.8.4-a ≤ Shift).
    // A figure that moved into contact charged (SK-11.7.8-a, SK-11.6-b): Half Move; one that
    // was engaged could only shift.
    let melee_ok = moved_at_most(f, MoveKind::Half, mov);
    // SK-16.10-d: a weapon broken as a weapon only parries; it does not leave a hand free to
    // punch either.
    let parry_only = f
        .ready
        .and_then(|k| f.weapons[usize::from(k)])
        .is_some_and(|sl| matches!(sl.state, WeaponState::ParryOnly | WeaponState::Drained));
    let melee_weapon = match w {
        None => !parry_only,
        Some(w) => w.class == Class::Melee,
    };
    if melee_ok && !down && melee_weapon {
        for (t, tf) in enemies(s, f) {
            if melee_reach(s, f, tf) && (!tf.in_hth || f.pos.distance(tf.pos) == 1) {
                out.push(Action::Attack {
                    fig: id,
                    target: t,
                    strike: Strike::Normal,
                });
                // SK-21.4-c / SK-24-T4 (optional): aimed blows, any weapon.
                if opts.aimed_shots && w.is_some() {
                    push_aimed(out, id, t);
                }
                // SK-16.5-b/c: a staff may disarm or trip.
                if w.is_some_and(|w| w.is_group("staff")) && f.pos.distance(tf.pos) == 1 {
                    out.push(Action::Attack {
                        fig: id,
                        target: t,
                        strike: Strike::Disarm,
                    });
                    out.push(Action::Attack {
                        fig: id,
                        target: t,
                        strike: Strike::Trip,
                    });
                }
            }
        }
        // SK-16.4-a: a two-handed cutting weapon may sweep the whole threat zone.
        if let Some(w) = w {
            if crate::hands::sweeps(f, w) {
                let first = enemies(s, f)
                    .find(|(_, e)| !e.in_hth && geometry::threatens(f, e.pos))
                    .map(|(t, _)| t);
                if let Some(t) = first {
                    out.push(Action::Attack {
                        fig: id,
                        target: t,
                        strike: Strike::Sweep,
                    });
                }
            }
        }
    }
    // Shooting (SK-11.7.3-a; engaged: only at a charging enemy, SK-11.8.2-a).
    push_shots(s, id, out);
    if let (Some(w), Some(_)) = (w, slot) {
        let throw_ok = !engaged && moved_at_most(f, MoveKind::Step, mov) && !down;
        if throw_ok && (w.class == Class::Thrown || w.throwable) {
            let max = (9 * i32::from(f.st) / 4) as u32;
            for (t, tf) in enemies(s, f) {
                if f.pos.distance(tf.pos) <= max && shootable(s, f, tf) {
                    out.push(Action::Throw { fig: id, target: t });
                    if opts.aimed_shots && f.pos.distance(tf.pos) > 1 && !tf.in_hth {
                        push_aimed(out, id, t);
                    }
                }
            }
        }
        if throw_ok && w.class == Class::Grenade {
            // G-51: maximum range floor(2.25 × STR) hexes; thrown at an enemy's hex.
            let max = (9 * i32::from(f.st) / 4) as u32;
            let mut seen: SmallVec<[Pos; 8]> = SmallVec::new();
            for (_, tf) in enemies(s, f) {
                if f.pos.distance(tf.pos) <= max && in_front(f, tf.pos) && !seen.contains(&tf.pos) {
                    seen.push(tf.pos);
                    out.push(Action::Grenade {
                        fig: id,
                        at: tf.pos,
                    });
                }
            }
        }
    }
    push_quick_shots(s, id, down, true, out);
    push_engaged_shoulderarm(s, id, out);
    // Attempt HTH (SK-11.7.8-a / SK-11.8.6-a, SK-16.15.3-a).
    if melee_ok && !down {
        for (t, tf) in enemies(s, f) {
            if f.pos.distance(tf.pos) == 1 && in_front(f, tf.pos) {
                out.push(Action::Grapple { fig: id, target: t });
            }
        }
    }
    // Martial Arts knockdowns and throws (SK-16.15.4-c/d) and slams (SK-16.14-a).
    if melee_ok && !down {
        for (t, tf) in enemies(s, f) {
            if tf.in_hth || f.pos.distance(tf.pos) != 1 || !in_front(f, tf.pos) {
                continue;
            }
            if tf.posture == Posture::Standing {
                out.push(Action::Attack {
                    fig: id,
                    target: t,
                    strike: Strike::Slam,
                });
                // SK-16.15.5-b: on eDEX or on eSTR, the Martial Artist's choice.
                if f.martial_arts >= 2 && martial_arts_allowed(s, f) {
                    for strike in [Strike::Knockdown, Strike::KnockdownStr] {
                        out.push(Action::Attack {
                            fig: id,
                            target: t,
                            strike,
                        });
                    }
                }
                if f.martial_arts >= 3 && martial_arts_allowed(s, f) {
                    for strike in [Strike::Throw, Strike::ThrowStr] {
                        out.push(Action::Attack {
                            fig: id,
                            target: t,
                            strike,
                        });
                    }
                }
            }
        }
    }
    // Doing nothing comes before fiddling with weapons and postures: the `first` policy and
    // the greedy AI's ties then hold still rather than swap weapons for nothing.
    out.push(Action::Pass { fig: id });
    // Aim (SK-13.7-a/b): no movement, no turning.
    if f.moved == 0 && !f.turned && slot.is_some() {
        for (t, tf) in enemies(s, f) {
            let ok = match w {
                Some(w) if w.class == Class::Melee => melee_reach(s, f, tf),
                _ => shootable(s, f, tf),
            };
            if ok {
                out.push(Action::Aim { fig: id, target: t });
            }
        }
    }
    // SK-21.8-a (optional): cover a hex: any hex in front within 6 with a missile or thrown
    // weapon, or a threatened hex with a melee weapon.
    if opts.opportunity_fire && !down && moved_at_most(f, MoveKind::Step, mov) {
        if let Some(w) = w {
            // A flame thrower has no opportunity shot (its bursts are SK-16.13's).
            let ranged = (w.class == Class::Missile && !w.is_group("flamer"))
                || w.class == Class::Thrown
                || w.throwable;
            if (ranged && !engaged) || w.class == Class::Melee {
                let reach = if w.class == Class::Melee && !ranged {
                    1
                } else {
                    6
                };
                for dc in -6i16..=6 {
                    for dr in -6i16..=6 {
                        let p = Pos::new(f.pos.col + dc, f.pos.row + dr);
                        let d = f.pos.distance(p);
                        if d == 0 || d > reach || !s.on_map(p) || !in_front(f, p) {
                            continue;
                        }
                        if w.class == Class::Melee && !geometry::threatens(f, p) {
                            continue;
                        }
                        if line_of_fire(s, f.pos, p).blocked {
                            continue;
                        }
                        out.push(Action::Cover { fig: id, at: p });
                    }
                }
            }
        }
    }
    // SK-21.8-g (optional): suppression fire into the same hexes a missile weapon may cover.
    if opts.opportunity_fire && !engaged && moved_at_most(f, MoveKind::Step, mov) {
        if let (Some(w), Some(sl)) = (w, slot) {
            if w.class == Class::Missile && (w.rounds == 0 || sl.rounds > 0) {
                for dc in -6i16..=6 {
                    for dr in -6i16..=6 {
                        let p = Pos::new(f.pos.col + dc, f.pos.row + dr);
                        let d = f.pos.distance(p);
                        if d == 0 || d > 6 || !s.on_map(p) || !in_front(f, p) {
                            continue;
                        }
                        if line_of_fire(s, f.pos, p).blocked {
                            continue;
                        }
                        out.push(Action::Suppress { fig: id, at: p });
                    }
                }
            }
        }
    }
    // Ready, reload, pick up (SK-11.7.4-a, SK-11.8.3-a, G-73), unless listed first above.
    if slot.is_some() || !rearm_first {
        rearm_actions(s, id, engaged, out);
    }
    // Drop to the ground (SK-11.7.5-a).
    if !engaged && moved_at_most(f, MoveKind::Half, mov) {
        match f.posture {
            Posture::Standing => {
                out.push(Action::Drop {
                    fig: id,
                    posture: Posture::Kneeling,
                });
                out.push(Action::Drop {
                    fig: id,
                    posture: Posture::Prone,
                });
            }
            Posture::Kneeling => out.push(Action::Drop {
                fig: id,
                posture: Posture::Prone,
            }),
            _ => {}
        }
    }
    // Dodge / Defend at the action slot: the way to guard with `sk.defense_declared =
    // "action"`; with "movement", a change from the option intended (SK-11.6-a).
    if !engaged && moved_at_most(f, MoveKind::Half, mov) && !down && f.guard != Guard::Dodge {
        out.push(Action::Guard {
            fig: id,
            guard: Guard::Dodge,
        });
    }
    if engaged
        && moved_at_most(f, MoveKind::Shift, mov)
        && can_defend(s, f)
        && f.guard != Guard::Defend
    {
        out.push(Action::Guard {
            fig: id,
            guard: Guard::Defend,
        });
    }
    // Disengage (SK-11.5-a, SK-11.8.7-a; G-43: standing, not moved).
    if engaged && f.moved == 0 && f.posture == Posture::Standing {
        for dir in 0..6u8 {
            let p = f.pos.neighbour(dir);
            if s.passable(p) && !s.anyone_at(p) && engagers_of(s, f, p) == 0 {
                out.push(Action::Disengage { fig: id, to: p });
            }
        }
    }
    // Take a breather (SK-11.7.2-a OPT, SK-21.3-e).
    if opts.nonlethal && opts.take_a_breather && f.moved == 0 && f.nonlethal > 0 {
        out.push(Action::Breather { fig: id });
    }
    // ---- weapons and melee: after every action the book lists first.
    melee_extras(s, id, engaged, melee_ok && !down, out);
    // ---- fire (§16.11, §16.12): the extinguisher, and helping a rolling ally.
    crate::fire::fire_actions(s, id, out);
    // Energy weapons, shields, protective gear, smoke and gas: after every other option.
    crate::legal::gear::gear_actions(s, id, out);
    // ---- SK-16.12-b: grenades thrown at an area, after every other grenade option.
    crate::legal::area::area_actions(s, id, out);
    // ---- SK-6.3.8-b: listening actively, where an enemy could move unheard.
    if crate::stealth::may_listen(s, f) {
        out.push(Action::Listen { fig: id });
    }
    // ---- microgravity (§17.10-i): firing against the drift.
    crate::microgravity::action_actions(s, id, out);
    // ---- the arena (§19.1): leaving through one of his side's entrance hexes (SK-19.1-b),
    // after every other option.
    if crate::escape::may_escape(s, f) {
        out.push(Action::EscapeArena { fig: id });
    }
}

/// The choices of §6.5.3, §13 and §16.1 that come after the plain ones: blows and throws with
/// STR put in (SK-13.2-b), and what is taken in hand: a second weapon (SK-6.5.3), the shield
/// (SK-13.3-a), dropping the shield to ready a two-handed weapon, picking the shield up.
fn melee_extras(s: &State, id: FigId, engaged: bool, melee_ok: bool, out: &mut Vec<Action>) {
    let f = s.fig(id);
    let slot = f.ready_slot().map(|_| f.ready.unwrap_or(0));
    let w = weapon_of(s, f, slot);
    // SK-13.2-b: +1 damage per 2 STR above the minimum at −1 DEX each, up to +3, melee and
    // thrown only (G-35); not on a jab (SK-16.2-d: a jab never gets a damage bonus).
    if let Some(w) = w {
        let most = crate::hands::str_surplus(f, slot, w);
        if most > 0 && melee_ok && w.class == Class::Melee {
            for (t, tf) in enemies(s, f) {
                if f.pos.distance(tf.pos) == 1 && melee_reach(s, f, tf) {
                    for n in 1..=most {
                        out.push(Action::Attack {
                            fig: id,
                            target: t,
                            strike: Strike::Power(n),
                        });
                    }
                }
            }
        }
        let mov = movement_allowance(s, f);
        let throw_ok = !engaged && moved_at_most(f, MoveKind::Step, mov) && !f.posture.down();
        if most > 0 && throw_ok && (w.class == Class::Thrown || w.throwable) {
            let max = (9 * i32::from(f.st) / 4) as u32;
            for (t, tf) in enemies(s, f) {
                if f.pos.distance(tf.pos) <= max && shootable(s, f, tf) {
                    for bonus in 1..=most {
                        out.push(Action::PowerThrow {
                            fig: id,
                            target: t,
                            bonus,
                        });
                    }
                }
            }
        }
    }
    // SK-6.5.3-b: both weapons at one slot (the second at −4), at the same foe or another; or
    // one attacking while the other parries, at the slot when Defend is not declared with the
    // movement.
    if melee_ok && crate::attack::two_weapons::may_fight_with_both(s, f) {
        use crate::attack::two_weapons::reaches_with;
        let off = crate::hands::off_weapon(s, f);
        for (a, af) in enemies(s, f) {
            if !melee_reach(s, f, af) || af.in_hth && f.pos.distance(af.pos) != 1 {
                continue;
            }
            for (b, bf) in enemies(s, f) {
                let ok = off.is_some_and(|w| reaches_with(s, f, w, bf));
                if ok && (!bf.in_hth || f.pos.distance(bf.pos) == 1) {
                    out.push(Action::TwoWeapons {
                        fig: id,
                        first: a,
                        second: b,
                    });
                }
            }
            if !s.rules.options.defense_in_movement && engaged {
                out.push(Action::Attack {
                    fig: id,
                    target: a,
                    strike: Strike::Parrying,
                });
            }
        }
    }
    // SK-16.3: the bayonet on the rifle in hand, at an adjacent foe; and firing at him and
    // bayoneting him in one turn, in either order (SK-16.3-c), where the shot alone is legal.
    if melee_ok {
        for t in crate::attack::bayonet::targets(s, f) {
            out.push(Action::Attack {
                fig: id,
                target: t,
                strike: Strike::Bayonet,
            });
            let shot = Action::Shoot {
                fig: id,
                target: t,
                mode: crate::action::FireMode::Single,
            };
            if out.contains(&shot) {
                // SK-21.5-e: an engaged shot drops the rifle, so it can only come second.
                let drops = crate::attack::bayonet::engaged_shot_drops(s, f, t);
                for stab_first in [false, true] {
                    if drops && !stab_first {
                        continue;
                    }
                    out.push(Action::ShootAndStab {
                        fig: id,
                        target: t,
                        stab_first,
                    });
                }
            }
        }
    }
    if !ready_limit(s, f, engaged) {
        return;
    }
    // SK-16.3-a: fixing a knife to a rifle takes the turn's action; so does taking it off.
    match f.bayonet {
        Some(_) => out.push(Action::UnfixBayonet { fig: id }),
        None => {
            for (k, ks) in f.weapons.iter().enumerate() {
                for (r, rs) in f.weapons.iter().enumerate() {
                    let (Some(ks), Some(rs)) = (ks, rs) else {
                        continue;
                    };
                    let knife = &s.rules.weapons[usize::from(ks.weapon)];
                    let rifle = &s.rules.weapons[usize::from(rs.weapon)];
                    let ok = ks.state == WeaponState::Ok
                        && rs.state == WeaponState::Ok
                        && crate::attack::bayonet::fits(knife, rifle)
                        && !(engaged && f.ready != Some(r as u8))
                        && !(f.arm_out && crate::hands::needs_both_hands(f, rifle));
                    if ok {
                        out.push(Action::FixBayonet {
                            fig: id,
                            knife: k as u8,
                            rifle: r as u8,
                        });
                    }
                }
            }
        }
    }
    // SK-11.7.4-b: two disengaged figures next to each other exchange the weapons in their
    // hands; the partner, of the same side, must still have his Ready to give (not acted, no
    // more than a Pace moved, not down), and a hand to take with (SK-21.4-e: with both arms out
    // of use he holds nothing, `without_hands` strikes the exchange from his own list). A rifle
    // with a bayonet is not handed over.
    if !engaged && !f.posture.down() && f.bayonet.is_none() {
        for (k, o) in s.figures.iter().enumerate() {
            let k = k as FigId;
            let partner = k != id
                && o.side == f.side
                && o.active()
                && !o.acted
                && crate::turn::changing::may_change(o)
                && !o.in_hth
                && !o.posture.down()
                && o.bayonet.is_none()
                && !crate::hands::no_hands(o)
                && o.pos.distance(f.pos) == 1
                && engagers_of(s, o, o.pos) == 0
                && ready_limit(s, o, false);
            let something = f.ready_slot().is_some() || o.ready_slot().is_some();
            let room = crate::readying::exchange_slot(f).is_some()
                && crate::readying::exchange_slot(o).is_some();
            // What each receives must fit his hands (SK-21.4-e: an arm out).
            let fits = |g: &Figure, from: &Figure| {
                weapon_of(s, from, from.ready)
                    .filter(|_| from.ready_slot().is_some())
                    .is_none_or(|w| !(g.arm_out && crate::hands::needs_both_hands(g, w)))
            };
            if partner && something && room && fits(f, o) && fits(o, f) {
                out.push(Action::Exchange { fig: id, with: k });
            }
        }
    }
    // SK-6.5.3 / SK-13.1-b: a second one-handed weapon in the other hand, beside a main weapon
    // held in one hand (a shield in hand is slung to free the hand).
    if let Some(w) = w {
        if !f.arm_out && crate::hands::one_handed_ok(f, w) {
            for (k, sl) in f.weapons.iter().enumerate() {
                let Some(sl) = sl else { continue };
                let k = k as u8;
                let o = &s.rules.weapons[usize::from(sl.weapon)];
                let free = sl.state == WeaponState::Ok
                    && Some(k) != f.ready
                    && Some(k) != f.off_hand
                    && f.bayonet.is_none_or(|(knife, _)| knife != k);
                let engaged_ok = !engaged || o.class != Class::Missile;
                if free && engaged_ok && o.hands < 2 && o.class != Class::Grenade {
                    out.push(Action::ReadyOffHand { fig: id, slot: k });
                }
            }
        }
    }
    // SK-13.3-a: the slung shield taken in hand, when the main weapon can be held in one hand.
    // The weapon in hand counts whatever its state (a weapon broken as a weapon still fills
    // the hand, SK-16.10-d).
    let in_hand = weapon_of(s, f, f.ready);
    if f.shield.is_some()
        && f.shield_at == ShieldAt::Back
        && !f.arm_out
        && in_hand.is_none_or(|w| crate::hands::one_handed_ok(f, w))
    {
        out.push(Action::ReadyShield { fig: id });
    }
    // SK-13.3-a: a weapon that needs both hands, readied by dropping the shield instead of
    // slinging it (which plain readying does).
    if crate::hands::shield_in_hand(f) {
        for (k, sl) in f.weapons.iter().enumerate() {
            let Some(sl) = sl else { continue };
            let o = &s.rules.weapons[usize::from(sl.weapon)];
            let k = k as u8;
            if sl.state == WeaponState::Ok
                && f.ready != Some(k)
                && crate::hands::needs_both_hands(f, o)
                && !(engaged && o.class == Class::Missile)
                && !f.arm_out
            {
                out.push(Action::ReadyDropShield { fig: id, slot: k });
            }
        }
    }
    if s.dropped
        .iter()
        .any(|d| d.owner == id && d.pos == f.pos && d.slot == SHIELD_SLOT)
    {
        out.push(Action::PickUpShield { fig: id });
    }
    // ---- SK-6.1.7-a: without the Shield skill, the shield slung to fight with a weapon.
    crate::legal::shield_skill::sling_actions(s, id, out);
}

/// SK-6.5.3-b: a figure parrying with its other weapon attacks with the main one (any blow
/// the main weapon may make, STR put in or not) or does nothing.
fn parry_actions(s: &State, id: FigId, out: &mut Vec<Action>) {
    let f = s.fig(id);
    let mov = movement_allowance(s, f);
    let w = weapon_of(s, f, f.ready).filter(|_| f.ready_slot().is_some());
    if moved_at_most(f, MoveKind::Half, mov) && !f.posture.down() {
        if let Some(w) = w.filter(|w| w.class == Class::Melee) {
            let most = crate::hands::str_surplus(f, f.ready, w);
            for (t, tf) in enemies(s, f) {
                if melee_reach(s, f, tf) && (!tf.in_hth || f.pos.distance(tf.pos) == 1) {
                    out.push(Action::Attack {
                        fig: id,
                        target: t,
                        strike: Strike::Normal,
                    });
                    if f.pos.distance(tf.pos) == 1 {
                        for n in 1..=most {
                            out.push(Action::Attack {
                                fig: id,
                                target: t,
                                strike: Strike::Power(n),
                            });
                        }
                    }
                }
            }
        }
    }
    out.push(Action::Pass { fig: id });
}

/// Shooting the ready missile weapon (SK-11.7.3-a: after at most One Step, or after dropping
/// without moving; engaged: only at a charging enemy, SK-11.8.2-a), in each fire mode it has
/// (SK-16.6-b), and aimed shots with the option (SK-21.4-c).
fn push_shots(s: &State, id: FigId, out: &mut Vec<Action>) {
    let f = s.fig(id);
    let opts = &s.rules.options;
    let engaged = engagers_of(s, f, f.pos) != 0;
    let w = weapon_of(s, f, f.ready).filter(|_| f.ready_slot().is_some());
    if let (Some(w), Some(sl)) = (w, f.ready_slot()) {
        let shoot_ok = may_shoot(s, f, engaged);
        // An energy weapon needs its full power's dice of battery (G-48); its lower-power shots
        // are listed with the other energy-weapon options (`legal::gear`).
        if shoot_ok
            && w.class == Class::Missile
            && crate::attack::energy::full_power_ready(f, w, &sl)
        {
            for (t, tf) in enemies(s, f) {
                if !may_shoot_at(s, f, engaged, t, tf) {
                    continue;
                }
                // ---- fire (§16.13): a flame thrower fires bursts of burning oil, in the
                // canonical shapes its fuel allows (SK-16.13-a…c).
                if w.is_group("flamer") {
                    for burst in crate::action::Burst::ALL {
                        if sl.rounds >= crate::attack::flame::fuel(burst)
                            && crate::attack::flame::burst_allowed(s, f.pos, tf.pos, burst)
                        {
                            out.push(Action::Flame {
                                fig: id,
                                target: t,
                                burst,
                            });
                        }
                    }
                    continue;
                }
                out.push(Action::Shoot {
                    fig: id,
                    target: t,
                    mode: FireMode::Single,
                });
                if w.bursts > 0 && sl.rounds >= 3 {
                    out.push(Action::Shoot {
                        fig: id,
                        target: t,
                        mode: FireMode::Burst,
                    });
                }
                if w.auto > 0 && sl.rounds >= 1 {
                    out.push(Action::Shoot {
                        fig: id,
                        target: t,
                        mode: FireMode::Auto,
                    });
                }
                if opts.aimed_shots && !tf.in_hth {
                    push_aimed(out, id, t);
                }
            }
            // SK-16.6-j/k: a full-auto sweep from one foe's line to another's, each ordered
            // pair whose lines differ (n foes: at most n(n − 1) sweeps).
            if w.auto > 0 && sl.rounds >= 1 && !engaged {
                for (a, af) in enemies(s, f) {
                    if af.in_hth || !shootable(s, f, af) {
                        continue;
                    }
                    for (b, bf) in enemies(s, f) {
                        if a != b
                            && !bf.in_hth
                            && shootable(s, f, bf)
                            && crate::attack::autofire::lines_differ(s, id, a, b)
                        {
                            out.push(Action::Sweep {
                                fig: id,
                                from: a,
                                to: b,
                            });
                        }
                    }
                }
            }
        }
    }
}

/// SK-21.5-e (optional): an engaged figure with a shoulderarm in hand, standing still, may fire
/// it once at a foe engaging him (two rounds on full auto) and drop it, or swing it as a club at
/// an adjacent foe. A charger he may already shoot (SK-11.8.2-a) is not listed twice.
fn push_engaged_shoulderarm(s: &State, id: FigId, out: &mut Vec<Action>) {
    let f = s.fig(id);
    let Some(sl) = f.ready_slot() else { return };
    let w = &s.rules.weapons[usize::from(sl.weapon)];
    let shoulderarm = w.class == Class::Missile
        && matches!(
            w.skill.as_deref(),
            Some("shoulderarms") | Some("shotguns") | Some("machine_gun")
        );
    let engagers = engagers_of(s, f, f.pos);
    if !s.rules.options.engaged_shoulderarms
        || !shoulderarm
        || engagers == 0
        || f.moved != 0
        || f.posture.down()
    {
        return;
    }
    for (t, tf) in enemies(s, f) {
        if engagers & (1 << t) == 0 {
            continue;
        }
        if f.charged_by & (1 << t) == 0 && (w.rounds == 0 || sl.rounds > 0) && shootable(s, f, tf) {
            out.push(Action::Shoot {
                fig: id,
                target: t,
                mode: FireMode::Single,
            });
            if w.auto > 0 {
                out.push(Action::Shoot {
                    fig: id,
                    target: t,
                    mode: FireMode::Auto,
                });
            }
        }
        if f.pos.distance(tf.pos) == 1 && in_front(f, tf.pos) && !tf.in_hth {
            out.push(Action::Attack {
                fig: id,
                target: t,
                strike: Strike::Club,
            });
        }
    }
}

/// SK-21.5-b (optional): a quick shot from the belt with empty hands: a short missile weapon (a
/// pistol), or a thrown weapon with Thrown Weapons (`thrown_too`). `down`: the figure is prone
/// and may not draw (it may, right after dropping: SK-11.7.3-a "may also attempt a quick draw",
/// a shot and not a throw).
fn push_quick_shots(s: &State, id: FigId, down: bool, thrown_too: bool, out: &mut Vec<Action>) {
    push_quick_shots_at(s, id, down, thrown_too, None, out);
}

/// The quick shots of `push_quick_shots`, at `only` if given.
fn push_quick_shots_at(
    s: &State,
    id: FigId,
    down: bool,
    thrown_too: bool,
    only: Option<FigId>,
    out: &mut Vec<Action>,
) {
    let f = s.fig(id);
    let opts = &s.rules.options;
    let mov = movement_allowance(s, f);
    let engaged = engagers_of(s, f, f.pos) != 0;
    let slot = f.ready_slot();
    if opts.quick_shot
        && slot.is_none()
        && !engaged
        && !down
        && moved_at_most(f, MoveKind::Step, mov)
    {
        for (k, sl) in f.weapons.iter().enumerate() {
            let Some(sl) = sl else { continue };
            let w = &s.rules.weapons[usize::from(sl.weapon)];
            let ok = sl.state == WeaponState::Ok
                && ((w.class == Class::Missile
                    && w.length == Length::Short
                    && (w.rounds == 0 || sl.rounds > 0))
                    || (thrown_too
                        && (w.class == Class::Thrown || w.throwable)
                        && skills::has(f.skills, skills::THROWN_WEAPONS)));
            if !ok {
                continue;
            }
            for (t, tf) in enemies(s, f) {
                if only.is_none_or(|o| o == t) && shootable(s, f, tf) {
                    out.push(Action::QuickShot {
                        fig: id,
                        target: t,
                        slot: k as u8,
                    });
                }
            }
        }
    }
}

/// SK-21.5-c (optional quick shot): `target`, quick-drawn at by `fig` at the same eDEX, lets
/// him draw first (listed first: declining the reaction) or quick-draws back at him.
pub(crate) fn quick_draw_reaction(s: &State, fig: FigId, target: FigId, out: &mut Vec<Action>) {
    out.push(Action::LetDraw { fig: target });
    let t = s.fig(target);
    // SK-21.4-e: no hand to draw with.
    if crate::hands::no_hands(t) {
        return;
    }
    let down = t.posture.down() && !t.dropped_this_turn;
    push_quick_shots_at(s, target, down, true, Some(fig), out);
}

/// SK-11.7.3-a: whether a figure that drops now may still shoot: it has not moved, is not
/// engaged, and has a loaded missile weapon in hand, or (with the quick shot, SK-21.5-b) empty
/// hands and a short missile weapon on the belt.
pub(crate) fn may_shoot_after_drop(s: &State, id: FigId) -> bool {
    let f = s.fig(id);
    if f.moved != 0 || engagers_of(s, f, f.pos) != 0 {
        return false;
    }
    let loaded = |sl: &crate::state::Slot| {
        let w = &s.rules.weapons[usize::from(sl.weapon)];
        sl.state == WeaponState::Ok && w.class == Class::Missile && (w.rounds == 0 || sl.rounds > 0)
    };
    match f.ready_slot() {
        Some(sl) => loaded(&sl),
        None => {
            s.rules.options.quick_shot
                && f.weapons.iter().flatten().any(|sl| {
                    loaded(sl) && s.rules.weapons[usize::from(sl.weapon)].length == Length::Short
                })
        }
    }
}

/// Ready a weapon, reload, or pick up one's own dropped weapon (SK-11.7.4-a, SK-11.8.3-a, G-73).
fn rearm_actions(s: &State, id: FigId, engaged: bool, out: &mut Vec<Action>) {
    let f = s.fig(id);
    let w = weapon_of(s, f, f.ready).filter(|_| f.ready_slot().is_some());
    let slot = f.ready_slot();
    if ready_limit(s, f, engaged) {
        for (k, sl) in f.weapons.iter().enumerate() {
            if let Some(sl) = sl {
                // SK-16.6-l: a jam is cleared by readying the weapon, with the skill.
                let jam_clear = sl.state == WeaponState::Jammed
                    && (skills::has(f.skills, skills::AUTOMATIC_WEAPONS)
                        || skills::has(f.skills, skills::bit("small_arms")));
                if !jam_clear && (sl.state != WeaponState::Ok || f.ready == Some(k as u8)) {
                    continue;
                }
                // SK-16.3: a knife fixed as a bayonet rides on its rifle.
                if f.bayonet.is_some_and(|(knife, _)| knife == k as u8) {
                    continue;
                }
                let w = &s.rules.weapons[usize::from(sl.weapon)];
                if engaged && w.class == Class::Missile {
                    continue;
                }
                // SK-21.4-e: not with an arm out of use, unless strong enough for one hand
                // (SK-13.3-b).
                if f.arm_out && crate::hands::needs_both_hands(f, w) {
                    continue;
                }
                out.push(Action::Ready {
                    fig: id,
                    slot: k as u8,
                });
            }
        }
        // SK-15.1-a: the flat battery of the sword in hand changed for a spare.
        if flat_sword_reload(f) {
            out.push(Action::Reload { fig: id });
        }
        if let (Some(w), Some(sl)) = (w, slot) {
            // A flame thrower carries no spare fuel (SK-16.13-a).
            if w.rounds > 0
                && sl.rounds < w.rounds
                && f.spare_magazines > 0
                && !w.is_group("flamer")
            {
                out.push(Action::Reload { fig: id });
            }
        }
        if s.dropped
            .iter()
            .any(|d| d.owner == id && d.pos == f.pos && d.slot != SHIELD_SLOT)
        {
            out.push(Action::PickUp { fig: id });
        }
    }
}

/// SK-15.1-a: the sword in hand has a flat battery (`WeaponState::Drained`) and he carries a
/// spare one (`Figure::spare_magazines`, unit stat `rounds_carried`).
fn flat_sword_reload(f: &Figure) -> bool {
    f.spare_magazines > 0
        && f.ready
            .and_then(|k| f.weapons[usize::from(k)])
            .is_some_and(|sl| sl.state == WeaponState::Drained)
}

/// SK-21.4-e: a figure with both arms out of use ("the arm cannot be used") holds, takes up
/// and uses nothing in his hands: no weapon, blow, grapple, throw or item. Of the actions
/// listed from `start`, only those that need no hand stay, in their order: keeping a declared
/// guard, a slam (SK-16.14-a) or a Martial Arts knockdown (SK-16.15.4-c: the legs), doing
/// nothing, holding fire, dropping to the ground, Dodge and Defend (Martial Arts 3+ only, with
/// nothing in hand, SK-11.4-b), disengaging, breaking free of hand to hand, waiting, taking a
/// breather and listening.
pub(crate) fn without_hands(s: &State, id: FigId, start: usize, out: &mut Vec<Action>) {
    use crate::action::Strike;
    if !crate::hands::no_hands(s.fig(id)) {
        return;
    }
    let mut k = start;
    out.retain(|a| {
        k += 1;
        k <= start
            || matches!(
                a,
                Action::Pass { .. }
                    | Action::HoldFire { .. }
                    | Action::KeepGuard { .. }
                    | Action::Guard { .. }
                    | Action::Drop { .. }
                    | Action::Disengage { .. }
                    | Action::Escape { .. }
                    | Action::WaitTurn { .. }
                    | Action::Breather { .. }
                    | Action::Listen { .. }
                    | Action::Attack {
                        strike: Strike::Slam | Strike::Knockdown | Strike::KnockdownStr,
                        ..
                    }
            )
    });
}
