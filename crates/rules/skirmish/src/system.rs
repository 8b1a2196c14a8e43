//! The SKIRMISH turn as a decision protocol: initiative (SK-9), the movement phase in
//! initiative order (SK-8.4.2-a, SK-10), the action phase in eDEX order with later shots
//! interleaved (SK-8.4.3-a, SK-11, SK-12-e), forced retreats (SK-8.4.4-a, SK-12.5), and the
//! end of the turn (grenades, clouds, fires).
//!
//! Legal actions are listed most direct first (attack before anything else, stand still
//! before moving, declining an optional reaction first), so the `first` policy plays the
//! plain duel the benchmark asks for.

use crate::action::{Action, FireMode, Strike};
use crate::combat::{self, order_dex, weapon_of, AttackSpec, Ctx};
use crate::data::{Class, GrenadeKind, Length, Wall};
use crate::event::{AttackKind, Effect, Event};
use crate::geometry::{self, engagers_at, has_tz, in_front, line_of_fire, reach};
use crate::skills;
use crate::state::{
    Condition, FigId, Figure, Guard, LiveGrenade, MoveKind, Phase, Pos, Posture, State, WeaponState,
};
use fireteam_dice::DiceSource;
use fireteam_engine::{BattleStats, Checksum, Decision, Outcome, ResolveError, RuleId, RuleSystem};
use smallvec::SmallVec;

/// The SKIRMISH rule system.
#[derive(Debug, Clone, Copy, Default)]
pub struct Skirmish;

/// The figure whose decision it is in the action phase, and whether it is a later shot.
pub fn next_actor(s: &State) -> Option<(FigId, bool)> {
    let main = s
        .act_order
        .iter()
        .copied()
        .find(|&f| !s.fig(f).acted && can_act(s.fig(f)));
    let e_main = main.map_or(i16::MIN, |f| s.fig(f).order_dex);
    let mut best: Option<(FigId, i16, usize)> = None;
    for (k, &f) in s.act_order.iter().enumerate() {
        let g = s.fig(f);
        if g.shots_left > 0 && g.acted && can_act(g) && g.next_shot_at >= e_main {
            let better = match best {
                None => true,
                Some((_, at, _)) => g.next_shot_at > at,
            };
            if better {
                best = Some((f, g.next_shot_at, k));
            }
        }
    }
    match best {
        Some((f, _, _)) => Some((f, true)),
        None => main.map(|f| (f, false)),
    }
}

/// SK-8.4.3-b: a figure knocked down or out before its turn does not act.
fn can_act(f: &Figure) -> bool {
    f.active() && f.posture != Posture::Fallen && f.stunned == 0
}

/// Whether a figure takes a movement decision (SK-11.9-a: none in HTH).
fn can_move(f: &Figure) -> bool {
    f.active() && !f.in_hth && f.stunned == 0
}

/// MOV this turn (SK-10-a, SK-21.2-a, SK-14.1-e, G-25, SK-17.2/17.3, SK-10-b).
pub fn movement_allowance(s: &State, f: &Figure) -> u32 {
    let opts = &s.rules.options;
    let mut mov = if opts.movement_formula {
        (i32::from(f.est()) + i32::from(order_dex(s, f)) + 1) / 2
    } else {
        i32::from(f.mov)
    };
    let armor_pen = f
        .armor
        .and_then(|a| s.rules.armor.get(usize::from(a)))
        .map_or(0, |a| a.mov_penalty);
    if !opts.movement_formula {
        // G-25: armor and encumbrance MOV penalties do not add; the largest applies.
        mov += i32::from(armor_pen.min(f.enc_mov));
    }
    // SK-14.2-T1: at maximum lift (or over the §13.1 cap) one hex at most, on a 4d6 eSTR check.
    if f.immobile {
        return 1;
    }
    if let Some(t) = s.terrain(f.pos) {
        if t.mov_quartered {
            mov = (mov + 3) / 4;
        } else if t.mov_halved {
            mov = (mov + 1) / 2;
        }
        mov += i32::from(t.mov_cut);
    }
    mov.max(1) as u32
}

fn move_kind(d: u32, mov: u32) -> MoveKind {
    match d {
        0 => MoveKind::StandStill,
        1 => MoveKind::Step,
        2 => MoveKind::Pace,
        _ if d <= mov.div_ceil(2) => MoveKind::Half,
        _ => MoveKind::Full,
    }
}

/// Movement so far, in hexes, within the option lists' limits (SK-25-a).
fn moved_at_most(f: &Figure, limit: MoveKind, mov: u32) -> bool {
    let d = u32::from(f.moved);
    let allowed = match limit {
        MoveKind::StandStill => 0,
        MoveKind::Step | MoveKind::Shift => 1,
        MoveKind::Pace => 2,
        MoveKind::Half => mov.div_ceil(2),
        MoveKind::Full | MoveKind::Crawl | MoveKind::StandUp => mov,
    };
    d <= allowed && f.move_kind != MoveKind::StandUp
}

fn enemies<'s>(s: &'s State, f: &Figure) -> impl Iterator<Item = (FigId, &'s Figure)> + 's {
    let side = f.side;
    // SK-19.2-a: in a fight to the death the unconscious may still be attacked.
    let dead_only = s.rules.options.victory_dead;
    s.figures
        .iter()
        .enumerate()
        .filter(move |(_, e)| {
            e.side != side && (e.active() || (dead_only && e.condition == Condition::Unconscious))
        })
        .map(|(i, e)| (i as FigId, e))
}

/// A target a missile or thrown weapon can be aimed at: in front (SK-10.5-d), on a clear line
/// (SK-13.6-b), not hidden by a wall (SK-17.7), not inside an HTH brawl.
fn shootable(s: &State, f: &Figure, t: &Figure) -> bool {
    if !in_front(f, t.pos) || t.in_hth {
        return false;
    }
    let lof = line_of_fire(s, f.pos, t.pos);
    if lof.blocked {
        return false;
    }
    if let Some((wall, near_target, near_firer)) = lof.wall {
        if near_firer && !geometry::can_fire_over(wall, f.posture) {
            return false;
        }
        if wall == Wall::High {
            return false;
        }
        if near_target
            && !t.exposed
            && geometry::wall_hides(wall, t.posture, f.pos.distance(t.pos), near_firer)
        {
            return false;
        }
        if !near_target && !near_firer && wall >= Wall::Two {
            return false;
        }
    }
    true
}

/// Whether `f` may attack `t` in melee now: adjacent in front (Long weapons also jab at 2,
/// SK-16.2-c / G-46).
fn melee_reach(s: &State, f: &Figure, t: &Figure) -> bool {
    if !in_front(f, t.pos) {
        return false;
    }
    let d = f.pos.distance(t.pos);
    if d == 1 {
        return true;
    }
    let long = weapon_of(s, f, f.ready).is_some_and(|w| {
        w.class == Class::Melee && w.length == Length::Long && !w.is_group("knife")
    });
    if d == 2 && long {
        let ahead = f.pos.neighbour(f.facing);
        let straight = ahead.neighbour(f.facing) == t.pos;
        return !straight || s.occupant(ahead).is_none();
    }
    false
}

/// SK-16.15.3-a: when hand-to-hand may be attempted.
fn may_grapple(s: &State, f: &Figure, t: &Figure) -> bool {
    if t.in_hth {
        // SK-16.15.3-d: joining an HTH fight needs no roll and no condition.
        return true;
    }
    let rear = geometry::arc_from(t, f.pos) == fireteam_grid::Arc::Rear;
    let low = t.posture != Posture::Standing;
    let slower = movement_allowance(s, t) < movement_allowance(s, f);
    let cornered = (0..6).all(|d| {
        let p = t.pos.neighbour(d);
        p == f.pos || !s.passable(p) || s.anyone_at(p)
    });
    rear || low || slower || cornered
}

fn push_guard_variants(
    out: &mut Vec<Action>,
    s: &State,
    f: &Figure,
    make: impl Fn(Guard) -> Action,
    dodge_ok: bool,
    engaged_at_end: bool,
) {
    out.push(make(Guard::None));
    if !s.rules.options.defense_in_movement {
        return;
    }
    if dodge_ok && !engaged_at_end {
        out.push(make(Guard::Dodge));
    }
    if engaged_at_end && can_defend(s, f) {
        out.push(make(Guard::Defend));
    }
}

/// SK-11.4-b: Defend needs something in hand; bare hands only with Martial Arts 3+
/// (SK-16.15.4-d, G-44).
fn can_defend(s: &State, f: &Figure) -> bool {
    f.ready_slot().is_some() || (f.martial_arts >= 3 && combat::martial_arts_allowed(s, f))
}

fn movement_actions(s: &State, id: FigId, out: &mut Vec<Action>) {
    let f = s.fig(id);
    let mov = movement_allowance(s, f);
    let engaged = engagers_at(s, f.side, f.pos);
    if f.leg_out || s.turn < f.leg_down_until {
        // SK-21.4-f: down on a knee (or the leg is out, MOV 0): he may only turn, and one who
        // fell may get up on his good knee.
        if f.posture == Posture::Fallen {
            out.push(Action::StandUp { fig: id });
        }
        for k in 0..6u8 {
            out.push(Action::StandStill {
                fig: id,
                facing: (f.facing + k) % 6,
                guard: Guard::None,
            });
        }
        return;
    }
    if f.floating {
        // SK-17.10-g/h: a floating figure cannot walk; it turns or tries to regain footing.
        for k in 0..6u8 {
            out.push(Action::StandStill {
                fig: id,
                facing: (f.facing + k) % 6,
                guard: Guard::None,
            });
        }
        out.push(Action::StandUp { fig: id });
        return;
    }
    match f.posture {
        Posture::Fallen | Posture::Prone | Posture::Kneeling => {
            // Stand still (any facing, SK-10.5-a), stand up (SK-10.7.2-a), or crawl at MOV 2
            // (SK-10-c), staying down. A fallen figure's most direct choice is to get up.
            if f.posture == Posture::Fallen {
                out.push(Action::StandUp { fig: id });
            }
            for k in 0..6u8 {
                let facing = (f.facing + k) % 6;
                out.push(Action::StandStill {
                    fig: id,
                    facing,
                    guard: Guard::None,
                });
            }
            if f.posture != Posture::Fallen {
                out.push(Action::StandUp { fig: id });
            }
            if engaged == 0 {
                let crawl = if mov <= 1 { 1 } else { 2 };
                let r = reach(s, id, crawl);
                for (p, d, _) in r.iter().skip(1) {
                    if *d > 0 {
                        for facing in 0..6u8 {
                            out.push(Action::Crawl {
                                fig: id,
                                to: *p,
                                facing,
                            });
                        }
                    }
                }
            }
        }
        Posture::Standing => {
            if engaged != 0 {
                // SK-10.8: stand still or shift within the engagement.
                for k in 0..6u8 {
                    let facing = (f.facing + k) % 6;
                    push_guard_variants(
                        out,
                        s,
                        f,
                        |guard| Action::StandStill {
                            fig: id,
                            facing,
                            guard,
                        },
                        false,
                        true,
                    );
                }
                for dir in 0..6u8 {
                    let p = f.pos.neighbour(dir);
                    if !s.passable(p) || s.anyone_at(p) {
                        continue;
                    }
                    let now = engagers_at(s, f.side, p);
                    if now & engaged != engaged {
                        continue;
                    }
                    for facing in 0..6u8 {
                        push_guard_variants(
                            out,
                            s,
                            f,
                            |guard| Action::Shift {
                                fig: id,
                                to: p,
                                facing,
                                guard,
                            },
                            false,
                            true,
                        );
                    }
                }
            } else {
                for k in 0..6u8 {
                    let facing = (f.facing + k) % 6;
                    push_guard_variants(
                        out,
                        s,
                        f,
                        |guard| Action::StandStill {
                            fig: id,
                            facing,
                            guard,
                        },
                        true,
                        false,
                    );
                }
                let r = reach(s, id, mov);
                for (p, d, _) in r.iter().skip(1) {
                    let eng = engagers_at(s, f.side, *p) != 0;
                    let half = *d <= mov.div_ceil(2);
                    for facing in 0..6u8 {
                        push_guard_variants(
                            out,
                            s,
                            f,
                            |guard| Action::Move {
                                fig: id,
                                to: *p,
                                facing,
                                guard,
                            },
                            half,
                            eng,
                        );
                    }
                }
            }
        }
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

fn ready_limit(s: &State, f: &Figure, engaged: bool) -> bool {
    let mov = movement_allowance(s, f);
    if engaged {
        moved_at_most(f, MoveKind::Shift, mov)
    } else {
        moved_at_most(f, MoveKind::Pace, mov)
    }
}

fn action_actions(s: &State, id: FigId, extra: bool, out: &mut Vec<Action>) {
    let f = s.fig(id);
    let opts = &s.rules.options;
    let mov = movement_allowance(s, f);
    let engaged = engagers_at(s, f.side, f.pos) != 0;
    let w = weapon_of(s, f, f.ready).filter(|_| f.ready_slot().is_some());
    let slot = f.ready_slot();

    if extra {
        // SK-12-e: a later shot of this turn, at any target it could shoot.
        if let (Some(w), Some(sl)) = (w, slot) {
            if w.class == Class::Missile && (w.rounds == 0 || sl.rounds > 0) {
                for (t, tf) in enemies(s, f) {
                    if shootable(s, f, tf) {
                        // The later bursts of a burst-fire turn stay bursts (SK-16.6-b, E-09).
                        let mode = if w.bursts > 0
                            && f.shots_fired > 0
                            && sl.rounds >= 3
                            && f.burst_turn
                        {
                            FireMode::Burst
                        } else {
                            FireMode::Single
                        };
                        out.push(Action::Shoot {
                            fig: id,
                            target: t,
                            mode,
                        });
                    }
                }
            }
        }
        out.push(Action::HoldFire { fig: id });
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
                let small = w.is_group("knife") || w.is_group("pistol");
                if small && f.ready != Some(k as u8) && sl.state == WeaponState::Ok {
                    out.push(Action::Ready {
                        fig: id,
                        slot: k as u8,
                    });
                }
            }
        }
        for (t, tf) in enemies(s, f) {
            if tf.in_hth && tf.pos == f.pos {
                out.push(Action::Subdue { fig: id, target: t });
                if f.ready_slot().is_none() && tf.ready_slot().is_some() {
                    out.push(Action::Disarm { fig: id, target: t });
                }
            }
        }
        out.push(Action::Pass { fig: id });
        return;
    }

    let down = f.posture.down();
    // Empty-handed with a weapon to take up: that comes first (the most direct action).
    let rearm_first = slot.is_none()
        && (s.dropped.iter().any(|d| d.owner == id && d.pos == f.pos)
            || f.weapons
                .iter()
                .flatten()
                .any(|w| w.state == WeaponState::Ok));
    if rearm_first {
        rearm_actions(s, id, engaged, out);
    }
    // Melee (SK-11.3-a; charge SK-11.7.8-a ≤ Half Move; engaged SK-11.8.4-a ≤ Shift).
    // A figure that moved into contact charged (SK-11.7.8-a, SK-11.6-b): Half Move; one that
    // was engaged could only shift.
    let melee_ok = moved_at_most(f, MoveKind::Half, mov);
    let melee_weapon = match w {
        None => true,
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
            let two_handed = w.hands == 2 || w.damage_two_handed.is_some();
            if w.cutting && two_handed {
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
    if let (Some(w), Some(sl)) = (w, slot) {
        let shoot_ok = if engaged {
            f.moved == 0 && f.charged_by != 0
        } else {
            moved_at_most(f, MoveKind::Step, mov)
                || (opts.move_and_shoot && moved_at_most(f, MoveKind::Half, mov))
        };
        if shoot_ok && w.class == Class::Missile && (w.rounds == 0 || sl.rounds > 0) {
            for (t, tf) in enemies(s, f) {
                if engaged && f.charged_by & (1 << t) == 0 {
                    continue;
                }
                if !shootable(s, f, tf) {
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
                if opts.aimed_shots {
                    push_aimed(out, id, t);
                }
            }
        }
        let throw_ok = !engaged && moved_at_most(f, MoveKind::Step, mov) && !down;
        if throw_ok && (w.class == Class::Thrown || w.throwable) {
            let max = (9 * i32::from(f.st) / 4) as u32;
            for (t, tf) in enemies(s, f) {
                if f.pos.distance(tf.pos) <= max && shootable(s, f, tf) {
                    out.push(Action::Throw { fig: id, target: t });
                    if opts.aimed_shots && f.pos.distance(tf.pos) > 1 {
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
    // SK-21.5-b (optional): a quick shot from the belt with empty hands: a short missile
    // weapon (a pistol), or a thrown weapon with Thrown Weapons.
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
                    || ((w.class == Class::Thrown || w.throwable)
                        && skills::has(f.skills, skills::THROWN_WEAPONS)));
            if !ok {
                continue;
            }
            for (t, tf) in enemies(s, f) {
                if shootable(s, f, tf) {
                    out.push(Action::QuickShot {
                        fig: id,
                        target: t,
                        slot: k as u8,
                    });
                }
            }
        }
    }
    // Attempt HTH (SK-11.7.8-a / SK-11.8.6-a, SK-16.15.3-a).
    if melee_ok && !down {
        for (t, tf) in enemies(s, f) {
            if f.pos.distance(tf.pos) == 1 && in_front(f, tf.pos) && may_grapple(s, f, tf) {
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
                if f.martial_arts >= 2 && combat::martial_arts_allowed(s, f) {
                    out.push(Action::Attack {
                        fig: id,
                        target: t,
                        strike: Strike::Knockdown,
                    });
                }
                if f.martial_arts >= 3 && combat::martial_arts_allowed(s, f) {
                    out.push(Action::Attack {
                        fig: id,
                        target: t,
                        strike: Strike::Throw,
                    });
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
            let ranged = w.class == Class::Missile || w.class == Class::Thrown || w.throwable;
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
    // Dodge / Defend at the action slot (when not declared with the movement).
    if !opts.defense_in_movement {
        if !engaged && moved_at_most(f, MoveKind::Half, mov) && !down {
            out.push(Action::Guard {
                fig: id,
                guard: Guard::Dodge,
            });
        }
        if engaged && moved_at_most(f, MoveKind::Shift, mov) && can_defend(s, f) {
            out.push(Action::Guard {
                fig: id,
                guard: Guard::Defend,
            });
        }
    }
    // Disengage (SK-11.5-a, SK-11.8.7-a; G-43: standing, not moved).
    if engaged && f.moved == 0 && f.posture == Posture::Standing {
        for dir in 0..6u8 {
            let p = f.pos.neighbour(dir);
            if s.passable(p) && !s.anyone_at(p) && engagers_at(s, f.side, p) == 0 {
                out.push(Action::Disengage { fig: id, to: p });
            }
        }
    }
    // Take a breather (SK-11.7.2-a OPT, SK-21.3-e).
    if opts.nonlethal && opts.take_a_breather && f.moved == 0 && f.nonlethal > 0 {
        out.push(Action::Breather { fig: id });
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
                let w = &s.rules.weapons[usize::from(sl.weapon)];
                if engaged && w.class == Class::Missile {
                    continue;
                }
                // SK-21.4-e: not with an arm out of use.
                if f.arm_out && w.hands == 2 {
                    continue;
                }
                out.push(Action::Ready {
                    fig: id,
                    slot: k as u8,
                });
            }
        }
        if let (Some(w), Some(sl)) = (w, slot) {
            if w.rounds > 0 && sl.rounds < w.rounds && f.spare_magazines > 0 {
                out.push(Action::Reload { fig: id });
            }
        }
        if s.dropped.iter().any(|d| d.owner == id && d.pos == f.pos) {
            out.push(Action::PickUp { fig: id });
        }
    }
}

fn retreat_victims(s: &State, id: FigId) -> SmallVec<[FigId; 4]> {
    let f = s.fig(id);
    let mut v = SmallVec::new();
    if !f.active() || f.posture.down() || !has_tz(f) {
        return v;
    }
    for (t, tf) in enemies(s, f) {
        // SK-12.5-a / G-37: damaged an adjacent standing enemy in his TZ and took no hit from it.
        if tf.posture == Posture::Standing
            && !tf.retreated
            && !tf.in_hth
            && f.pos.distance(tf.pos) == 1
            && geometry::threatens(f, tf.pos)
            && tf.damaged_by & (1 << id) != 0
            && f.hit_by & (1 << t) == 0
        {
            v.push(t);
        }
    }
    v
}

fn retreat_actions(s: &State, id: FigId, out: &mut Vec<Action>) {
    out.push(Action::NoPush { fig: id });
    let f = s.fig(id);
    for t in retreat_victims(s, id) {
        let tf = s.fig(t);
        for dir in 0..6u8 {
            let p = tf.pos.neighbour(dir);
            if p == f.pos || !s.passable(p) || s.anyone_at(p) {
                continue;
            }
            for follow in [false, true] {
                out.push(Action::Push {
                    fig: id,
                    victim: t,
                    to: p,
                    follow,
                });
            }
        }
    }
}

/// The side that has lost: every figure out of action (SK-19.1-b, SK-19.2-a).
fn standing_sides(s: &State) -> SmallVec<[u8; 4]> {
    let dead_only = s.rules.options.victory_dead;
    let mut v = SmallVec::new();
    for side in 0..s.side_count() as u8 {
        let alive = s.figures.iter().any(|f| {
            f.side == side
                && if dead_only {
                    f.condition != Condition::Dead
                } else {
                    f.active()
                }
        });
        if alive {
            v.push(side);
        }
    }
    v
}

fn outcome(s: &State) -> Option<Outcome> {
    let standing = standing_sides(s);
    match standing.len() {
        0 => Some(Outcome::Draw),
        1 => Some(Outcome::Winner { side: standing[0] }),
        _ => None,
    }
}

impl RuleSystem for Skirmish {
    type State = State;
    type Action = Action;
    type Event = Event;

    fn name(&self) -> &'static str {
        "skirmish"
    }

    fn version(&self) -> &'static str {
        "skirmish-2.0c/1"
    }

    fn decision(&self, s: &State) -> Decision {
        match s.phase {
            Phase::Over => Decision::Over {
                outcome: outcome(s).unwrap_or(Outcome::Draw),
            },
            Phase::TurnStart => Decision::Choose {
                side: 0,
                unit: None,
            },
            Phase::ChooseOrder { winner } => Decision::Choose {
                side: winner,
                unit: None,
            },
            Phase::Movement { next } => {
                let f = s.move_order[usize::from(next)];
                Decision::Choose {
                    side: s.fig(f).side,
                    unit: Some(f),
                }
            }
            Phase::Action => match next_actor(s) {
                Some((f, _)) => Decision::Choose {
                    side: s.fig(f).side,
                    unit: Some(f),
                },
                None => Decision::Over {
                    outcome: Outcome::Draw,
                },
            },
            Phase::DisengageReaction { opponent, .. } => Decision::Choose {
                side: s.fig(opponent).side,
                unit: Some(opponent),
            },
            Phase::Retreat { next } => {
                let f = s.act_order[usize::from(next)];
                Decision::Choose {
                    side: s.fig(f).side,
                    unit: Some(f),
                }
            }
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        match s.phase {
            Phase::Over => {}
            Phase::TurnStart => out.push(Action::StartTurn),
            Phase::ChooseOrder { .. } => {
                out.push(Action::Order { first: true });
                out.push(Action::Order { first: false });
            }
            Phase::Movement { next } => movement_actions(s, s.move_order[usize::from(next)], out),
            Phase::Action => {
                if let Some((f, extra)) = next_actor(s) {
                    action_actions(s, f, extra, out);
                }
            }
            Phase::DisengageReaction {
                mover, opponent, ..
            } => {
                // SK-11.5-b with SK-11.8.4-a: the parting blow is a melee attack (a ready
                // non-missile weapon, or bare hands) into a front hex.
                let o = s.fig(opponent);
                let melee = weapon_of(s, o, o.ready)
                    .filter(|_| o.ready_slot().is_some())
                    .is_none_or(|w| w.class == Class::Melee);
                if melee && melee_reach(s, o, s.fig(mover)) && !o.posture.down() {
                    out.push(Action::Punish {
                        fig: opponent,
                        target: mover,
                    });
                }
                out.push(Action::LetGo { fig: opponent });
            }
            Phase::Retreat { next } => retreat_actions(s, s.act_order[usize::from(next)], out),
        }
    }

    fn resolve(
        &self,
        state: &State,
        action: &Action,
        dice: &mut dyn DiceSource,
        events: &mut Vec<Event>,
    ) -> Result<(), ResolveError> {
        let mut ctx = Ctx::new(state, dice, events);
        resolve_action(&mut ctx, action)?;
        advance(&mut ctx)
    }

    fn apply(&self, state: &mut State, event: &Event) {
        crate::apply::apply(state, event);
    }

    fn action_text(&self, s: &State, a: &Action) -> String {
        crate::text::action_text(s, a)
    }

    fn checksum(&self, s: &State) -> u64 {
        let mut c = Checksum::new();
        c.u64(u64::from(s.turn));
        c.str(&format!("{:?}", s.phase));
        for f in &s.figures {
            c.u64(f.pos.col as u64);
            c.u64(f.pos.row as u64);
            c.u64(u64::from(f.facing));
            c.u64(f.damage as u64);
            c.u64(f.nonlethal as u64);
            c.u64(f.posture as u64);
            c.u64(f.condition as u64);
            c.u64(u64::from(f.ready.unwrap_or(9)));
            c.u64(u64::from(f.acted));
            c.u64(u64::from(f.shots_left));
            c.u64(f.turn_damage as u64);
            c.u64(u64::from(f.in_hth));
            for w in f.weapons.iter().flatten() {
                c.u64(u64::from(w.rounds));
                c.u64(w.state as u64);
            }
        }
        c.finish()
    }

    fn invariants(&self, s: &State) -> Result<(), String> {
        // One standing figure per hex, except figures in HTH (SK-10.6-a).
        for (i, a) in s.figures.iter().enumerate() {
            for b in &s.figures[i + 1..] {
                if a.pos == b.pos
                    && a.active()
                    && b.active()
                    && !a.posture.down()
                    && !b.posture.down()
                    && !(a.in_hth && b.in_hth)
                {
                    return Err(format!(
                        "{} and {} share {}",
                        s.name(a.id),
                        s.name(b.id),
                        a.pos
                    ));
                }
            }
            if a.condition == Condition::Dead && a.damage < a.st {
                return Err(format!("{} is dead with STR left", s.name(a.id)));
            }
            if !s.on_map(a.pos) {
                return Err(format!("{} is off the map", s.name(a.id)));
            }
            for w in a.weapons.iter().flatten() {
                let cap = s.rules.weapons[usize::from(w.weapon)].rounds;
                if cap > 0 && w.rounds > cap {
                    return Err(format!(
                        "{} has more rounds than the magazine holds",
                        s.name(a.id)
                    ));
                }
            }
        }
        Ok(())
    }
}

impl BattleStats for Skirmish {
    fn sides(&self, s: &State) -> usize {
        s.side_count()
    }

    fn casualties(&self, s: &State, side: u8) -> u32 {
        s.figures
            .iter()
            .filter(|f| f.side == side && !f.active())
            .count() as u32
    }

    fn rounds(&self, s: &State) -> u32 {
        s.turn
    }
}

fn resolve_action(ctx: &mut Ctx, a: &Action) -> Result<(), ResolveError> {
    match *a {
        Action::StartTurn => start_turn(ctx),
        Action::Order { first } => {
            let Phase::ChooseOrder { winner } = ctx.s.phase else {
                return Err(ResolveError::Illegal("no order to choose".into()));
            };
            let mut sides: SmallVec<[u8; 4]> = SmallVec::new();
            let others = (0..ctx.s.side_count() as u8).filter(|&x| x != winner);
            if first {
                sides.push(winner);
                sides.extend(others);
            } else {
                sides.extend(others);
                sides.push(winner);
            }
            ctx.emit(Event::MoveOrder { sides });
            Ok(())
        }
        Action::StandStill { fig, facing, guard } => {
            let f = ctx.s.fig(fig);
            if f.facing != facing {
                ctx.emit(Event::Faced { fig, facing });
            }
            declare_guard(ctx, fig, guard);
            done_moving(ctx);
            Ok(())
        }
        Action::Move {
            fig,
            to,
            facing,
            guard,
        }
        | Action::Shift {
            fig,
            to,
            facing,
            guard,
        } => {
            let shift = matches!(a, Action::Shift { .. });
            move_to(
                ctx,
                fig,
                to,
                facing,
                if shift { Some(MoveKind::Shift) } else { None },
            )?;
            declare_guard(ctx, fig, guard);
            done_moving(ctx);
            Ok(())
        }
        Action::Crawl { fig, to, facing } => {
            move_to(ctx, fig, to, facing, Some(MoveKind::Crawl))?;
            done_moving(ctx);
            Ok(())
        }
        Action::StandUp { fig } if ctx.s.fig(fig).floating => {
            // SK-17.10-h: the Stand Up option with the save at +1 die.
            if combat::footing_save(ctx, fig, true)? {
                ctx.emit(Event::Effect {
                    fig,
                    effect: Effect::Floating { on: false },
                    rule: RuleId("SK-17.10-h"),
                });
            }
            ctx.emit(Event::Acted { fig });
            done_moving(ctx);
            Ok(())
        }
        Action::StandUp { fig } => {
            // SK-10.7.2-a / SK-11.1-a / G-41: one Stand Up turn; with a leg out or still down
            // from a leg hit (SK-21.4-f), only up to a knee.
            let g = ctx.s.fig(fig);
            let knee = g.leg_out || ctx.s.turn < g.leg_down_until;
            ctx.emit(Event::Posture {
                fig,
                posture: if knee {
                    Posture::Kneeling
                } else {
                    Posture::Standing
                },
                rule: RuleId(if knee { "SK-21.4-f" } else { "SK-10.7.2-a" }),
            });
            ctx.emit(Event::Moved {
                fig,
                path: SmallVec::from_slice(&[ctx.s.fig(fig).pos]),
                facing: ctx.s.fig(fig).facing,
                kind: MoveKind::StandUp,
                engaged: false,
            });
            ctx.emit(Event::Acted { fig });
            done_moving(ctx);
            Ok(())
        }
        Action::Attack {
            fig,
            target,
            strike,
        } => {
            ctx.emit(Event::Acted { fig });
            melee(ctx, fig, target, strike, false)
        }
        Action::Shoot { fig, target, mode } => shoot(ctx, fig, target, mode),
        Action::Throw { fig, target } => {
            ctx.emit(Event::Acted { fig });
            let f = ctx.s.fig(fig).clone();
            let spec = AttackSpec {
                attacker: fig,
                target,
                kind: AttackKind::Thrown,
                slot: f.ready,
                mode: None,
                rounds: 1,
                disengaging: false,
                quick: false,
                aim: None,
                opportunity: None,
                maneuver: None,
            };
            let Some(w) = weapon_of(&ctx.s, &f, f.ready).cloned() else {
                return Err(ResolveError::Illegal("nothing in hand".into()));
            };
            single_attack(ctx, &spec, &w, false)
        }
        Action::Grenade { fig, at } => {
            ctx.emit(Event::Acted { fig });
            throw_grenade(ctx, fig, at)
        }
        Action::AimedShot { fig, target, at } => {
            ctx.emit(Event::Acted { fig });
            let f = ctx.s.fig(fig).clone();
            let Some(slot) = f.ready else {
                return Err(ResolveError::Illegal("nothing in hand".into()));
            };
            let w = weapon_of(&ctx.s, &f, Some(slot))
                .cloned()
                .expect("ready weapon");
            let d = f.pos.distance(ctx.s.fig(target).pos);
            let kind = match w.class {
                Class::Missile => AttackKind::Missile,
                Class::Melee if d <= 2 && melee_reach(&ctx.s, &f, ctx.s.fig(target)) => {
                    AttackKind::Melee
                }
                _ => AttackKind::Thrown,
            };
            let spec = AttackSpec {
                attacker: fig,
                target,
                kind,
                slot: Some(slot),
                mode: (kind == AttackKind::Missile).then_some(FireMode::Single),
                rounds: 1,
                disengaging: false,
                quick: false,
                aim: Some(at),
                opportunity: None,
                maneuver: None,
            };
            single_attack(ctx, &spec, &w, true)
        }
        Action::QuickShot { fig, target, slot } => {
            ctx.emit(Event::Acted { fig });
            let f = ctx.s.fig(fig).clone();
            // G-21 option: a separate 3d6 vs DEX draw roll first (§20), then −2 to hit.
            if ctx.s.rules.options.quickdraw_separate_roll
                && !ctx.check(
                    fig,
                    "quick-draw",
                    3,
                    order_dex(&ctx.s, &f),
                    RuleId("SK-21.5-b"),
                )?
            {
                return Ok(());
            }
            ctx.emit(Event::Readied { fig, slot });
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
            single_attack(ctx, &spec, &w, true)
        }
        Action::Cover { fig, at } => {
            ctx.emit(Event::Acted { fig });
            ctx.emit(Event::Covering { fig, at: Some(at) });
            Ok(())
        }
        Action::Aim { fig, target } => {
            ctx.emit(Event::Acted { fig });
            let f = ctx.s.fig(fig);
            let turns = if f.aim_target == Some(target) {
                f.aim_turns.saturating_add(1).min(2)
            } else {
                1
            };
            ctx.emit(Event::Aimed { fig, target, turns });
            Ok(())
        }
        Action::Ready { fig, slot } => {
            ctx.emit(Event::Acted { fig });
            let f = ctx.s.fig(fig).clone();
            // SK-11.7.4-c prone: 3d6 vs DEX; SK-11.9.2-a in HTH: 3d6 vs DEX without the +4.
            if f.posture.down() || f.in_hth {
                let rule = if f.in_hth {
                    "SK-11.9.2-a"
                } else {
                    "SK-11.7.4-c"
                };
                if !ctx.check(fig, "ready", 3, order_dex(&ctx.s, &f), RuleId(rule))? {
                    return Ok(());
                }
            }
            ctx.emit(Event::Readied { fig, slot });
            Ok(())
        }
        Action::Reload { fig } => {
            ctx.emit(Event::Acted { fig });
            let f = ctx.s.fig(fig);
            if let Some(slot) = f.ready {
                let cap = weapon_of(&ctx.s, f, Some(slot)).map_or(0, |w| w.rounds);
                ctx.emit(Event::Reloaded {
                    fig,
                    slot,
                    rounds: cap,
                });
            }
            Ok(())
        }
        Action::PickUp { fig } => {
            ctx.emit(Event::Acted { fig });
            let f = ctx.s.fig(fig);
            if let Some(d) = ctx
                .s
                .dropped
                .iter()
                .find(|d| d.owner == fig && d.pos == f.pos)
            {
                let slot = d.slot;
                ctx.emit(Event::PickedUp { fig, slot });
            }
            Ok(())
        }
        Action::Drop { fig, posture } => {
            ctx.emit(Event::Acted { fig });
            ctx.emit(Event::Posture {
                fig,
                posture,
                rule: RuleId("SK-11.7.5-a"),
            });
            Ok(())
        }
        Action::Guard { fig, guard } => {
            ctx.emit(Event::Acted { fig });
            ctx.emit(Event::Guarded { fig, guard });
            Ok(())
        }
        Action::Disengage { fig, to } => {
            ctx.emit(Event::Acted { fig });
            let f = ctx.s.fig(fig).clone();
            let opp = engagers_at(&ctx.s, f.side, f.pos);
            match first_unacted(&ctx.s, opp) {
                Some(o) => ctx.emit(Event::Phase {
                    phase: Phase::DisengageReaction {
                        mover: fig,
                        opponent: o,
                        to,
                    },
                }),
                None => ctx.emit(Event::Disengaged { fig, to }),
            }
            Ok(())
        }
        Action::Punish { fig, target } => {
            ctx.emit(Event::Acted { fig });
            melee(ctx, fig, target, Strike::Normal, true)?;
            after_reaction(ctx, fig)
        }
        Action::LetGo { fig } => after_reaction(ctx, fig),
        Action::Grapple { fig, target } => {
            ctx.emit(Event::Acted { fig });
            grapple(ctx, fig, target)
        }
        Action::Escape { fig, to } => {
            ctx.emit(Event::Acted { fig });
            let f = ctx.s.fig(fig).clone();
            // G-39 (1): 3d6 vs eDEX, no +4; option: an opposed eSTR roll against a foe in
            // the hex (ties to the one holding on, G-74).
            let foe = ctx
                .s
                .figures
                .iter()
                .position(|o| o.side != f.side && o.in_hth && o.pos == f.pos && o.active());
            let free = match foe {
                Some(o) if ctx.s.rules.options.hth_disengage_opposed => {
                    let foe_st = ctx.s.figures[o].est();
                    let (fa, ra) = ctx.roll("contest", 3)?;
                    let (_, rd) = ctx.roll("contest", 3)?;
                    let a_m = i32::from(f.est()) - ra;
                    let d_m = i32::from(foe_st) - rd;
                    let win = a_m >= 0 && crate::autoresult::opposed(a_m, true, d_m, d_m >= 0);
                    ctx.emit(Event::Check {
                        fig,
                        what: "leave-hth",
                        dice: 3,
                        faces: fa,
                        total: ra,
                        target: f.est(),
                        success: win,
                        rule: RuleId("SK-11.9.3-a"),
                    });
                    win
                }
                _ => ctx.check(
                    fig,
                    "leave-hth",
                    3,
                    order_dex(&ctx.s, &f),
                    RuleId("SK-11.9.3-a"),
                )?,
            };
            if free {
                ctx.emit(Event::HthEnded { fig, to });
            }
            Ok(())
        }
        Action::Subdue { fig, target } | Action::Disarm { fig, target } => {
            ctx.emit(Event::Acted { fig });
            let subdue = matches!(a, Action::Subdue { .. });
            contest(ctx, fig, target, subdue)
        }
        Action::Breather { fig } => {
            ctx.emit(Event::Acted { fig });
            ctx.emit(Event::Breathing { fig });
            Ok(())
        }
        Action::Pass { fig } => {
            ctx.emit(Event::Acted { fig });
            Ok(())
        }
        Action::HoldFire { fig } => {
            ctx.emit(Event::Shots {
                fig,
                left: 0,
                next_at: i16::MIN,
            });
            Ok(())
        }
        Action::NoPush { fig: _ } => {
            if let Phase::Retreat { next } = ctx.s.phase {
                ctx.emit(Event::Phase {
                    phase: Phase::Retreat { next: next + 1 },
                });
            }
            Ok(())
        }
        Action::Push {
            fig,
            victim,
            to,
            follow,
        } => {
            ctx.emit(Event::Pushed {
                fig,
                victim,
                to,
                follow,
            });
            Ok(())
        }
    }
}

fn first_unacted(s: &State, mask: u64) -> Option<FigId> {
    s.act_order
        .iter()
        .copied()
        .find(|&o| mask & (1 << o) != 0 && !s.fig(o).acted && can_act(s.fig(o)))
}

fn after_reaction(ctx: &mut Ctx, fig: FigId) -> Result<(), ResolveError> {
    let Phase::DisengageReaction { mover, to, .. } = ctx.s.phase else {
        return Ok(());
    };
    let m = ctx.s.fig(mover).clone();
    let mut opp = engagers_at(&ctx.s, m.side, m.pos);
    opp &= !(1u64 << fig);
    // Every engaging opponent who has not acted may attack (G-43).
    let later = ctx
        .s
        .act_order
        .iter()
        .copied()
        .skip_while(|&o| o != fig)
        .skip(1)
        .find(|&o| opp & (1 << o) != 0 && !ctx.s.fig(o).acted && can_act(ctx.s.fig(o)));
    match later {
        Some(o) => ctx.emit(Event::Phase {
            phase: Phase::DisengageReaction {
                mover,
                opponent: o,
                to,
            },
        }),
        None => {
            ctx.emit(Event::Phase {
                phase: Phase::Action,
            });
            let m = ctx.s.fig(mover);
            if m.active() && m.posture == Posture::Standing && !ctx.s.anyone_at(to) {
                ctx.emit(Event::Disengaged { fig: mover, to });
            }
        }
    }
    Ok(())
}

fn declare_guard(ctx: &mut Ctx, fig: FigId, guard: Guard) {
    if guard != Guard::None {
        ctx.emit(Event::Guarded { fig, guard });
        // Dodge and Defend are the figure's action (SK-11.4-e).
        ctx.emit(Event::Acted { fig });
    }
}

fn done_moving(ctx: &mut Ctx) {
    if let Phase::Movement { next } = ctx.s.phase {
        ctx.emit(Event::Phase {
            phase: Phase::Movement { next: next + 1 },
        });
    }
}

fn move_to(
    ctx: &mut Ctx,
    fig: FigId,
    to: Pos,
    facing: u8,
    kind: Option<MoveKind>,
) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let mov = movement_allowance(&ctx.s, &f);
    let budget = match kind {
        Some(MoveKind::Shift) => 1,
        Some(MoveKind::Crawl) => 2,
        _ => mov,
    };
    let r = reach(&ctx.s, fig, budget);
    let Some(k) = r.iter().position(|(p, _, _)| *p == to) else {
        return Err(ResolveError::Illegal(format!(
            "{} cannot reach {to}",
            ctx.s.name(fig)
        )));
    };
    let path = geometry::path_to(&r, k);
    let d = r[k].1;
    if f.immobile && !ctx.check(fig, "lift-and-move", 4, f.est(), RuleId("SK-14.2-T1"))? {
        return Ok(());
    }
    let engaged_at_end = engagers_at(&ctx.s, f.side, to);
    let kind = kind.unwrap_or_else(|| move_kind(d, mov));
    // SK-21.8-b (optional): a foe entering a covered hex, or one next to it (SK-21.8-f), is
    // shot at once; the move stops if he falls or is out.
    let mut start = 0usize;
    if ctx.s.rules.options.opportunity_fire {
        for i in 1..path.len() {
            let p = path[i];
            let watcher = ctx.s.figures.iter().position(|o| {
                o.side != f.side
                    && o.active()
                    && !o.posture.down()
                    && o.overwatch.is_some_and(|h| h.distance(p) <= 1)
                    && in_front(o, p)
                    && !line_of_fire(&ctx.s, o.pos, p).blocked
            });
            let Some(o) = watcher else { continue };
            let off = ctx.s.figures[o].overwatch.map_or(0, |h| h.distance(p)) as u8;
            ctx.emit(Event::Moved {
                fig,
                path: path[start..=i].iter().copied().collect(),
                facing,
                kind,
                engaged: false,
            });
            start = i;
            opportunity_shot(ctx, o as FigId, fig, off)?;
            let m = ctx.s.fig(fig);
            if !m.active() || m.posture == Posture::Fallen {
                return Ok(());
            }
        }
    }
    let whole = path.clone();
    let path: SmallVec<[Pos; 12]> = path[start..].iter().copied().collect();
    ctx.emit(Event::Moved {
        fig,
        path,
        facing,
        kind,
        engaged: engaged_at_end != 0,
    });
    // SK-16.12-j/m: fire hexes crossed (2 hits; incendiary 4) and the one stopped in (4;
    // incendiary 8) add up before armor, and only full body armor stops fire (SK-16.12-k).
    let mut hits = 0i16;
    for (i, p) in whole.iter().enumerate().skip(1) {
        if let Some(fire) = ctx.s.fires.iter().find(|x| x.pos == *p) {
            let last = i + 1 == whole.len();
            hits += match (last, fire.incendiary) {
                (false, false) => 2,
                (false, true) => 4,
                (true, false) => 4,
                (true, true) => 8,
            };
        }
    }
    if hits > 0 && ctx.s.fig(fig).active() {
        let g = ctx.s.fig(fig).clone();
        let armor = g
            .armor
            .and_then(|a| ctx.s.rules.armor.get(usize::from(a)))
            .filter(|a| a.kind == crate::data::ArmorKind::Body)
            .map_or(0, |a| a.defense);
        combat::deal_damage(
            ctx,
            fig,
            None,
            crate::progression::Damage::points(hits),
            1,
            armor,
            false,
            RuleId("SK-16.12-m"),
        )?;
    }
    // SK-17.10-b: moving more than 3 hexes in microgravity.
    if d > 3 {
        combat::microgravity_check(ctx, fig)?;
    }
    // SK-17.1-b, SK-17.5-a, SK-17.6-a: bad footing or darkness when moving more than half.
    let half = mov.div_ceil(2);
    if d > half {
        let t = ctx.s.terrain(to).cloned();
        let acro = skills::has(f.skills, skills::ACROBATICS);
        let dark = combat::dark(&ctx.s, ctx.s.fig(fig));
        let (need, dice, rule) = match t.as_ref().map(|t| t.footing) {
            Some(crate::data::Footing::Broken) => {
                (f.dex - 2, if acro { 2 } else { 3 }, "SK-17.1-b")
            }
            Some(crate::data::Footing::Ice) => (f.dex, if d > 5 { 3 } else { 2 }, "SK-17.6-a"),
            _ if dark => (f.dex, 3, "SK-17.5-a"),
            _ => (0, 0, ""),
        };
        if dice > 0 && !ctx.check(fig, "footing", dice, need, RuleId(rule))? {
            ctx.emit(Event::Effect {
                fig,
                effect: Effect::Fell,
                rule: RuleId(rule),
            });
        }
    }
    Ok(())
}

/// SK-21.8-b/c/d: one shot (or blow) of opportunity fire at a foe that came into the covered
/// hex; it spends the cover.
fn opportunity_shot(
    ctx: &mut Ctx,
    watcher: FigId,
    target: FigId,
    off: u8,
) -> Result<(), ResolveError> {
    ctx.emit(Event::Covering {
        fig: watcher,
        at: None,
    });
    let o = ctx.s.fig(watcher).clone();
    let Some(slot) = o.ready_slot().map(|_| o.ready.unwrap_or(0)) else {
        return Ok(());
    };
    let w = weapon_of(&ctx.s, &o, Some(slot))
        .cloned()
        .expect("ready weapon");
    let kind = match w.class {
        Class::Missile => AttackKind::Missile,
        Class::Melee if o.pos.distance(ctx.s.fig(target).pos) == 1 => AttackKind::Melee,
        Class::Melee if w.throwable => AttackKind::Thrown,
        Class::Thrown => AttackKind::Thrown,
        _ => return Ok(()),
    };
    if kind == AttackKind::Missile
        && w.rounds > 0
        && o.weapons[usize::from(slot)].is_some_and(|s| s.rounds == 0)
    {
        return Ok(());
    }
    let spec = AttackSpec {
        attacker: watcher,
        target,
        kind,
        slot: Some(slot),
        mode: (kind == AttackKind::Missile).then_some(FireMode::Single),
        rounds: 1,
        disengaging: false,
        quick: false,
        aim: None,
        opportunity: Some(off),
        maneuver: None,
    };
    expose_if_over_wall(ctx, watcher, target);
    combat::strike(ctx, &spec)?;
    if kind == AttackKind::Missile {
        spend_shot(ctx, watcher, slot, &w, 1);
    }
    Ok(())
}

/// One attack with the weapon in `spec.slot`, start to finish: the roll and its damage, the
/// ammunition a missile spends (G-73), rolls to avoid after a ranged miss (SK-12.2), and a
/// thrown weapon coming to rest in the target's hex (SK-12.2-d). `expose`: the shot can expose
/// the firer behind a wall (SK-13.6-e).
fn single_attack(
    ctx: &mut Ctx,
    spec: &AttackSpec,
    w: &crate::data::Weapon,
    expose: bool,
) -> Result<(), ResolveError> {
    let (fig, target) = (spec.attacker, spec.target);
    if expose {
        expose_if_over_wall(ctx, fig, target);
    }
    let r = combat::strike(ctx, spec)?;
    if let (AttackKind::Missile, Some(slot)) = (spec.kind, spec.slot) {
        spend_shot(ctx, fig, slot, w, 1);
    }
    if spec.kind != AttackKind::Melee && !r.is_hit() {
        avoid_rolls(ctx, spec)?;
    }
    if let (AttackKind::Thrown, Some(slot)) = (spec.kind, spec.slot) {
        if ctx.s.fig(fig).weapons[usize::from(slot)].is_some_and(|w| w.state == WeaponState::Ok) {
            let to = ctx.s.fig(target).pos;
            ctx.emit(Event::Effect {
                fig,
                effect: Effect::WeaponThrown { slot, to },
                rule: RuleId("SK-12.2-d"),
            });
        }
    }
    Ok(())
}

/// Walls: firing over one exposes the firer to −6 for the rest of the turn (SK-17.7-a,
/// SK-13.6-e).
fn expose_if_over_wall(ctx: &mut Ctx, fig: FigId, target: FigId) {
    let lof = line_of_fire(&ctx.s, ctx.s.fig(fig).pos, ctx.s.fig(target).pos);
    if lof.wall.is_some_and(|w| w.2) {
        ctx.emit(Event::Exposed { fig });
    }
}

/// Ammunition for one shot (G-73): rounds, or for an energy weapon the shot's dice of battery
/// (G-48).
fn spend_shot(ctx: &mut Ctx, fig: FigId, slot: u8, w: &crate::data::Weapon, rounds: u8) {
    if w.rounds == 0 {
        return;
    }
    let spent = if w.energy {
        u16::from(w.damage.map_or(1, |d| d.dice.max(1)))
    } else {
        u16::from(rounds)
    };
    ctx.emit(Event::Spent {
        fig,
        slot,
        rounds: spent,
    });
}

/// SK-9-d / G-13: each side rolls 1d6 + its leader's Tactics (+1) or Strategy (+2); the
/// highest wins, ties reroll; with two sides the winner chooses to move first or last.
/// SK-21.1-a OPT: every figure makes a DEX check and moves in order of margin.
fn start_turn(ctx: &mut Ctx) -> Result<(), ResolveError> {
    let last = ctx.s.initiative_winner;
    let turn = ctx.s.turn + 1;
    ctx.emit(Event::TurnBegan { turn });
    let n = ctx.s.side_count() as u8;
    if ctx.s.rules.options.advanced_initiative {
        return advanced_initiative(ctx);
    }
    // SK-6.5.2-b / SK-6.7.1-a / G-13: the side's leader's Strategy (+2) or Tactics (+1), not
    // added together; a side that names no leader (unit stat `leader`) takes its best figure's.
    let bonus: SmallVec<[i8; 4]> = (0..n)
        .map(|side| {
            let mut b = 0i8;
            let named = ctx
                .s
                .figures
                .iter()
                .any(|f| f.side == side && f.active() && f.leader);
            for f in ctx
                .s
                .figures
                .iter()
                .filter(|f| f.side == side && f.active() && (f.leader || !named))
            {
                let m = f.skills;
                let fb = if skills::has(m, skills::STRATEGY) {
                    2
                } else if skills::has(m, skills::TACTICS) {
                    1
                } else {
                    0
                };
                b = b.max(fb);
            }
            b
        })
        .collect();
    // Ties roll again (G-13), at most three times; a fourth tie goes to the side that lost the
    // last initiative, else the first side (ours: it keeps exact odds finite, at 1 in 1,296).
    for attempt in 0..4 {
        let mut rolls: SmallVec<[(u8, u8, i8); 4]> = SmallVec::new();
        for side in 0..n {
            let (_, die) = ctx.roll("initiative", 1)?;
            rolls.push((side, die as u8, bonus[usize::from(side)]));
        }
        let best = rolls
            .iter()
            .map(|r| i16::from(r.1) + i16::from(r.2))
            .max()
            .unwrap_or(0);
        let top: SmallVec<[u8; 4]> = rolls
            .iter()
            .filter(|r| i16::from(r.1) + i16::from(r.2) == best)
            .map(|r| r.0)
            .collect();
        let mut winner = (top.len() == 1).then(|| top[0]);
        if winner.is_none() && attempt == 3 {
            winner = top
                .iter()
                .copied()
                .find(|&x| Some(x) != last)
                .or(top.first().copied());
        }
        ctx.emit(Event::Initiative {
            rolls: rolls.clone(),
            winner,
            rule: RuleId("SK-9-d"),
        });
        if let Some(w) = winner {
            if n == 2 {
                ctx.emit(Event::Phase {
                    phase: Phase::ChooseOrder { winner: w },
                });
            } else {
                let mut order: SmallVec<[(u8, i16); 4]> = rolls
                    .iter()
                    .map(|r| (r.0, i16::from(r.1) + i16::from(r.2)))
                    .collect();
                order.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
                ctx.emit(Event::MoveOrder {
                    sides: order.iter().map(|o| o.0).collect(),
                });
            }
            return Ok(());
        }
        if n < 2 {
            ctx.emit(Event::MoveOrder {
                sides: (0..n).collect(),
            });
            return Ok(());
        }
    }
    Ok(())
}

fn advanced_initiative(ctx: &mut Ctx) -> Result<(), ResolveError> {
    // SK-21.1-a: a DEX check each; order by margin (+ Tactics/Strategy), ties by eDEX, then id.
    let mut scored: SmallVec<[(FigId, i32, i16); 8]> = SmallVec::new();
    for i in 0..ctx.s.figures.len() {
        let f = ctx.s.figures[i].clone();
        if !f.active() {
            continue;
        }
        let (_, total) = ctx.roll("initiative", 3)?;
        let m = f.skills;
        let b = if skills::has(m, skills::STRATEGY) {
            2
        } else if skills::has(m, skills::TACTICS) {
            1
        } else {
            0
        };
        let edex = order_dex(&ctx.s, &f);
        scored.push((i as FigId, i32::from(edex) - total + b, edex));
    }
    scored.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)).then(a.0.cmp(&b.0)));
    let sides: SmallVec<[u8; 4]> = (0..ctx.s.side_count() as u8).collect();
    ctx.emit(Event::Initiative {
        rolls: SmallVec::new(),
        winner: scored.first().map(|f| ctx.s.fig(f.0).side),
        rule: RuleId("SK-21.1-a"),
    });
    ctx.emit(Event::MoveOrder { sides });
    ctx.emit(Event::FigureOrder {
        figures: scored.iter().map(|f| f.0).collect(),
    });
    Ok(())
}

/// Moves the turn on until someone has a decision (or the battle is over).
fn advance(ctx: &mut Ctx) -> Result<(), ResolveError> {
    loop {
        if !matches!(ctx.s.phase, Phase::Over) {
            if let Some(o) = outcome(&ctx.s) {
                ctx.emit(Event::BattleOver { outcome: o });
                return Ok(());
            }
        }
        match ctx.s.phase {
            Phase::Over | Phase::TurnStart | Phase::ChooseOrder { .. } => return Ok(()),
            Phase::DisengageReaction { .. } => return Ok(()),
            Phase::Movement { next } => {
                let k = (usize::from(next)..ctx.s.move_order.len())
                    .find(|&k| can_move(ctx.s.fig(ctx.s.move_order[k])));
                match k {
                    Some(k) if k == usize::from(next) => return Ok(()),
                    Some(k) => ctx.emit(Event::Phase {
                        phase: Phase::Movement { next: k as u8 },
                    }),
                    None => begin_actions(ctx)?,
                }
            }
            Phase::Action => {
                if let Some((f, extra)) = next_actor(&ctx.s) {
                    // A figure that stood up this turn has nothing left to do (G-41).
                    if !extra && ctx.s.fig(f).move_kind == MoveKind::StandUp {
                        ctx.emit(Event::Acted { fig: f });
                        continue;
                    }
                    return Ok(());
                }
                ctx.emit(Event::Phase {
                    phase: Phase::Retreat { next: 0 },
                });
            }
            Phase::Retreat { next } => {
                let k = (usize::from(next)..ctx.s.act_order.len())
                    .find(|&k| !retreat_victims(&ctx.s, ctx.s.act_order[k]).is_empty());
                match k {
                    Some(k) if k == usize::from(next) => return Ok(()),
                    Some(k) => ctx.emit(Event::Phase {
                        phase: Phase::Retreat { next: k as u8 },
                    }),
                    None => end_turn(ctx)?,
                }
            }
        }
    }
}

/// SK-11-c / G-12: the action order by frozen ordering eDEX, ties by this turn's movement
/// order (options: the initiative winner first, or a die).
fn begin_actions(ctx: &mut Ctx) -> Result<(), ResolveError> {
    // The ordering eDEX is read in the action phase (SK-12.4-d's window may have closed).
    ctx.emit(Event::Phase {
        phase: Phase::Action,
    });
    let s = &ctx.s;
    let mut list: SmallVec<[(FigId, i16, usize, i32); 8]> = SmallVec::new();
    for (k, &f) in s.move_order.iter().enumerate() {
        let g = s.fig(f);
        if g.active() {
            list.push((f, order_dex(s, g), k, 0));
        }
    }
    // Figures not in the movement order (none today) go last.
    for (i, g) in s.figures.iter().enumerate() {
        if g.active() && !s.move_order.contains(&(i as FigId)) {
            list.push((i as FigId, order_dex(s, g), usize::MAX, 0));
        }
    }
    let winner = s.initiative_winner;
    match s.rules.options.tie_break {
        crate::options::TieBreak::InitiativeOrder => {}
        crate::options::TieBreak::InitiativeWinner => {
            for e in list.iter_mut() {
                e.3 = i32::from(Some(ctx.s.fig(e.0).side) != winner);
            }
        }
        crate::options::TieBreak::DieRoll => {
            // G-12: 1d6 each among equal eDEX, rolled again while two of them tie.
            for k in 0..list.len() {
                let tied = (0..list.len()).any(|j| j != k && list[j].1 == list[k].1);
                if tied {
                    let (_, d) = ctx.roll("tie-break", 1)?;
                    list[k].3 = -d;
                }
            }
            for _ in 0..32 {
                let clash = (0..list.len()).find(|&i| {
                    (0..list.len())
                        .any(|j| j != i && list[j].1 == list[i].1 && list[j].3 == list[i].3)
                });
                let Some(i) = clash else { break };
                let (e, d) = (list[i].1, list[i].3);
                for k in 0..list.len() {
                    if list[k].1 == e && list[k].3 == d {
                        let (_, d) = ctx.roll("tie-break", 1)?;
                        list[k].3 = -d;
                    }
                }
            }
        }
    }
    list.sort_by(|a, b| b.1.cmp(&a.1).then(a.3.cmp(&b.3)).then(a.2.cmp(&b.2)));
    ctx.emit(Event::ActionOrder {
        order: list.iter().map(|e| (e.0, e.1)).collect(),
    });
    Ok(())
}

fn end_turn(ctx: &mut Ctx) -> Result<(), ResolveError> {
    // Grenades on an end-of-turn fuse (SK-16.12-g).
    let live: Vec<LiveGrenade> = ctx.s.grenades.clone();
    for g in live.iter().filter(|g| g.end_of_turn) {
        explode(ctx, g)?;
    }
    // Clouds grow and clear (SK-16.12-q, G-51).
    for c in ctx.s.clouds.clone() {
        let age = c.age + 1;
        if age >= 7 {
            ctx.emit(Event::CloudChanged {
                center: c.center,
                radius: c.radius,
                gone: true,
                tear_gas: c.tear_gas,
            });
        } else {
            let radius = if age <= 4 { age.min(4) } else { c.radius };
            ctx.emit(Event::CloudChanged {
                center: c.center,
                radius,
                gone: false,
                tear_gas: c.tear_gas,
            });
        }
    }
    // Tear gas (SK-16.12-s): anyone in a gas cloud without a mask.
    for i in 0..ctx.s.figures.len() {
        let f = &ctx.s.figures[i];
        if f.active()
            && !f.gassed
            && ctx
                .s
                .clouds
                .iter()
                .any(|c| c.tear_gas && c.center.distance(f.pos) <= u32::from(c.radius))
        {
            ctx.emit(Event::Effect {
                fig: i as FigId,
                effect: Effect::Gassed,
                rule: RuleId("SK-16.12-s"),
            });
        }
    }
    // SK-16.12-j/k: a soaked figure burns, 4 hits a turn; full body armor protects him for the
    // first turn only.
    for i in 0..ctx.s.figures.len() {
        let f = ctx.s.figures[i].clone();
        if f.burning == 0 || !f.active() {
            continue;
        }
        let armor = if f.burning == 12 {
            f.armor
                .and_then(|a| ctx.s.rules.armor.get(usize::from(a)))
                .filter(|a| a.kind == crate::data::ArmorKind::Body)
                .map_or(0, |a| a.defense)
        } else {
            0
        };
        combat::deal_damage(
            ctx,
            i as FigId,
            None,
            crate::progression::Damage::points(4),
            1,
            armor,
            false,
            RuleId("SK-16.12-k"),
        )?;
        ctx.emit(Event::Effect {
            fig: i as FigId,
            effect: Effect::Burning {
                turns: f.burning - 1,
            },
            rule: RuleId("SK-16.12-j"),
        });
    }
    // Fires burn those who stay in them (SK-16.12-j).
    for fire in ctx.s.fires.clone() {
        for i in 0..ctx.s.figures.len() {
            if ctx.s.figures[i].pos == fire.pos && ctx.s.figures[i].active() {
                let hits = if fire.incendiary { 8 } else { 4 };
                combat::deal_damage(
                    ctx,
                    i as FigId,
                    None,
                    crate::progression::Damage::points(hits),
                    1,
                    0,
                    false,
                    RuleId("SK-16.12-j"),
                )?;
            }
        }
    }
    // SK-21.3-e/f (optional): a breather not spoiled by damage, and every unconscious figure,
    // recovers 1d6 nonlethal; he wakes once his STR is above his lethal damage, unless that
    // is more than half his STR (SK-21.3-g).
    if ctx.s.rules.options.nonlethal {
        for i in 0..ctx.s.figures.len() {
            let f = ctx.s.figures[i].clone();
            let out = f.condition == Condition::Unconscious;
            let breath = f.active() && f.breather && f.turn_damage == 0;
            if (out || breath) && f.nonlethal > 0 {
                let (_, d) = ctx.roll("recover", 1)?;
                let amount = (d as i16).min(f.nonlethal);
                let now = f.st - f.damage - (f.nonlethal - amount);
                let woke = out && now > f.damage && f.damage * 2 <= f.st;
                ctx.emit(Event::Recovered {
                    fig: i as FigId,
                    amount,
                    woke,
                });
            }
        }
    }
    let turn = ctx.s.turn;
    ctx.emit(Event::TurnEnded { turn });
    if turn >= ctx.s.rules.max_turns {
        let o = outcome(&ctx.s).unwrap_or(Outcome::Draw);
        ctx.emit(Event::BattleOver { outcome: o });
    }
    Ok(())
}

fn melee(
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
                combat::strike(ctx, &spec)?;
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
            let (mods, dice, _) = combat::attack_mods(&ctx.s, &spec);
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
        Strike::Normal => {
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
                maneuver: None,
            };
            combat::strike(ctx, &spec)?;
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
            let (mods, dice, _) = combat::attack_mods(&ctx.s, &spec);
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
                if g.martial_arts > 0 && combat::martial_arts_allowed(s, g) {
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

fn shoot(ctx: &mut Ctx, fig: FigId, target: FigId, mode: FireMode) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let Some(slot) = f.ready else {
        return Err(ResolveError::Illegal("nothing in hand".into()));
    };
    let w = weapon_of(&ctx.s, &f, Some(slot))
        .cloned()
        .expect("ready weapon");
    let first = !f.acted;
    let in_mag = f.weapons[usize::from(slot)].map_or(0, |s| s.rounds);
    let rounds: u8 = match mode {
        FireMode::Single => 1,
        FireMode::Burst => 3,
        FireMode::Auto => (u16::from(w.auto).min(in_mag.max(1))) as u8,
    };
    if first {
        ctx.emit(Event::Acted { fig });
    }
    let spec = AttackSpec {
        attacker: fig,
        target,
        kind: AttackKind::Missile,
        slot: Some(slot),
        mode: Some(mode),
        rounds,
        disengaging: false,
        quick: false,
        aim: None,
        opportunity: None,
        maneuver: None,
    };
    expose_if_over_wall(ctx, fig, target);
    let r = combat::strike(ctx, &spec)?;
    if w.rounds > 0 {
        // G-48: a battery spends the shot's dice.
        let spent = if w.energy {
            u16::from(w.damage.map_or(1, |d| d.dice.max(1)))
        } else {
            u16::from(rounds)
        };
        ctx.emit(Event::Spent {
            fig,
            slot,
            rounds: spent,
        });
    }
    if !r.is_hit() {
        avoid_rolls(ctx, &spec)?;
    }
    // SK-11.8.2-a: a weapon longer than short is dropped after shooting a charger.
    let engaged = engagers_at(&ctx.s, f.side, f.pos) != 0;
    if engaged && w.length > Length::Short && ctx.s.fig(fig).ready == Some(slot) {
        ctx.emit(Event::Effect {
            fig,
            effect: Effect::WeaponDropped { slot },
            rule: RuleId("SK-11.8.2-a"),
        });
    }
    // SK-12-e / G-33: later shots of the turn at later eDEX steps.
    let per_turn = match mode {
        FireMode::Single => {
            let mut n = w.shots.max(1);
            if f.moved > 1 {
                // SK-13.6-i: shots halved after moving more than one hex.
                n = (n / 2).max(1);
            }
            n
        }
        FireMode::Burst => w.bursts.max(1),
        FireMode::Auto => 1,
    };
    // G-48: an energy weapon fires its full power once a turn here (no power split).
    let per_turn = if w.energy { 1 } else { per_turn };
    if first && mode == FireMode::Burst {
        ctx.emit(Event::BurstTurn { fig });
    }
    let g = ctx.s.fig(fig).clone();
    if first {
        let left = per_turn.saturating_sub(1);
        if left > 0 && g.ready == Some(slot) && engagers_at(&ctx.s, g.side, g.pos) == 0 {
            ctx.emit(Event::Shots {
                fig,
                left,
                next_at: g.order_dex - 1,
            });
        }
    } else {
        let left = g.shots_left.saturating_sub(1);
        ctx.emit(Event::Shots {
            fig,
            left,
            next_at: g.next_shot_at - 1,
        });
    }
    Ok(())
}

/// SK-12.2 / G-14: after a missed shot or throw, the figures in the way may be hit instead.
fn avoid_rolls(ctx: &mut Ctx, spec: &AttackSpec) -> Result<(), ResolveError> {
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
    let penalty = i32::from(combat::intervening_penalty(&ctx.s, spec, &lof));
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
            let (mods, dice, _) = combat::attack_mods(&ctx.s, &sub);
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
                let expr = combat::damage_expr(&ctx.s, &att, spec.slot, spec.kind);
                let w = weapon_of(&ctx.s, &att, spec.slot).cloned();
                let armor = combat::armor_value(&ctx.s, &of, att.pos, w.as_ref());
                combat::deal_damage(
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
fn roll_to_avoid(
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
    if !avoided {
        let expr = combat::damage_expr(&ctx.s, &att, spec.slot, spec.kind);
        let w = weapon_of(&ctx.s, &att, spec.slot).cloned();
        let armor = combat::armor_value(&ctx.s, &by, att.pos, w.as_ref());
        combat::deal_damage(
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

/// SK-16.12-b…d: a grenade thrown at a hex; a miss scatters by the margin of failure.
fn throw_grenade(ctx: &mut Ctx, fig: FigId, at: Pos) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let slot = f.ready.unwrap_or(0);
    let w = weapon_of(&ctx.s, &f, Some(slot)).cloned().expect("grenade");
    let d = f.pos.distance(at);
    let mut mods = crate::event::Mods::new();
    combat::standing_mods(&ctx.s, &f, &mut mods);
    if skills::has(f.skills, skills::THROWN_WEAPONS) {
        mods.push(fireteam_engine::Modifier::applied(
            "thrown-skill",
            "Thrown Weapons",
            2,
            RuleId("SK-6.2.10-a"),
        ));
    }
    // SK-17.7-e / G-20: thrown blind over a wall the thrower cannot see over: −8.
    let lof = line_of_fire(&ctx.s, f.pos, at);
    if lof.blocked || lof.wall.is_some_and(|w| w.0 >= Wall::Two) {
        mods.push(fireteam_engine::Modifier::applied(
            "blind-throw",
            "grenade thrown blind over a wall",
            -8,
            RuleId("SK-17.7-e"),
        ));
    }
    if !skills::has(f.skills, skills::THROWN_WEAPONS) {
        mods.push(fireteam_engine::Modifier::applied(
            "unskilled",
            "grenade without Thrown Weapons",
            -4,
            RuleId("SK-6-b"),
        ));
    }
    let mh = geometry::multihexes(d) as i32;
    if mh > 0 {
        mods.push(fireteam_engine::Modifier::applied(
            "range",
            "range (grenade, per MH)",
            -mh,
            RuleId("SK-16.12-b"),
        ));
    }
    let tn = f.dex + fireteam_engine::Modifier::total(&mods) as i16;
    let (faces, total) = ctx.roll("to-hit", 3)?;
    let g = crate::autoresult::classify_grenade(total, i32::from(tn));
    let landing = match g {
        crate::autoresult::GrenadeThrow::OnTarget { .. } => (at, None),
        crate::autoresult::GrenadeThrow::OwnHex => (f.pos, None),
        crate::autoresult::GrenadeThrow::Scatter { hexes } => {
            // G-51: 1d6 direction, 1 = the thrower's facing, clockwise.
            let (_, die) = ctx.roll("scatter", 1)?;
            let dir = (f.facing + (die as u8 - 1)) % 6;
            let mut p = at;
            for _ in 0..hexes {
                let n = p.neighbour(dir);
                if !ctx.s.on_map(n) || !ctx.s.passable(n) {
                    break;
                }
                p = n;
            }
            (p, Some((die as u8, hexes as u8)))
        }
    };
    ctx.emit(Event::Roll {
        attacker: fig,
        target: fig,
        kind: AttackKind::Grenade,
        weapon_name: w.name.as_str().into(),
        mode: None,
        rounds: 1,
        dice: 3,
        faces,
        total,
        base: f.dex,
        modifiers: mods,
        target_number: tn,
        result: if landing.1.is_none() && landing.0 == at {
            crate::autoresult::ToHit::Hit {
                mult: 1,
                automatic: total <= 5,
            }
        } else {
            crate::autoresult::ToHit::Miss {
                automatic: total >= 16,
            }
        },
        rule: RuleId("SK-16.12-d"),
        margin: i32::from(tn) - total,
        bullets: 0,
        avoid: false,
    });
    let weapon_index = f.weapons[usize::from(slot)].map_or(0, |s| s.weapon);
    let instant = matches!(
        w.grenade,
        Some(GrenadeKind::Molotov) | Some(GrenadeKind::Smoke) | Some(GrenadeKind::TearGas)
    );
    ctx.emit(Event::GrenadeLanded {
        thrower: fig,
        at: landing.0,
        scatter: landing.1,
        weapon: weapon_index,
        live: !instant,
    });
    // The grenade leaves the hand.
    ctx.emit(Event::Effect {
        fig,
        effect: Effect::WeaponBroken {
            slot,
            permanent: true,
        },
        rule: RuleId("SK-16.12-b"),
    });
    // SK-16.12-g: a molotov takes effect at once (smoke and gas start their cloud at once).
    if instant {
        let live = LiveGrenade {
            pos: landing.0,
            weapon: weapon_index,
            thrower: fig,
            end_of_turn: true,
        };
        explode(ctx, &live)?;
    }
    Ok(())
}

/// SK-16.12-h…t, G-51: what a grenade does where it lands.
fn explode(ctx: &mut Ctx, g: &LiveGrenade) -> Result<(), ResolveError> {
    let w = ctx.s.rules.weapons[usize::from(g.weapon)].clone();
    ctx.emit(Event::Exploded {
        at: g.pos,
        weapon_name: w.name.as_str().into(),
    });
    let targets: Vec<(FigId, u32)> = ctx
        .s
        .figures
        .iter()
        .enumerate()
        .filter(|(_, f)| f.active())
        .map(|(i, f)| (i as FigId, f.pos.distance(g.pos)))
        .collect();
    match w.grenade {
        Some(GrenadeKind::He) => {
            // 4d6 in the MH it lands in, 2d6 in the ring around it (G-51).
            for (t, d) in targets {
                let expr = match d {
                    0 | 1 => crate::progression::Damage::new(4, 0),
                    2 => crate::progression::Damage::new(2, 0),
                    _ => continue,
                };
                let tf = ctx.s.fig(t).clone();
                let armor = combat::armor_value(&ctx.s, &tf, g.pos, Some(&w));
                combat::deal_damage(
                    ctx,
                    t,
                    Some(g.thrower),
                    expr,
                    1,
                    armor,
                    false,
                    RuleId("SK-16.12-o"),
                )?;
            }
        }
        Some(GrenadeKind::Molotov) | Some(GrenadeKind::Incendiary) => {
            let inc = w.grenade == Some(GrenadeKind::Incendiary);
            let (near, far, r) = if inc { (8, 4, 1) } else { (4, 2, 0) };
            for (t, d) in targets {
                let hits = if d <= r {
                    near
                } else if d == r + 1 {
                    far
                } else {
                    continue;
                };
                let tf = ctx.s.fig(t).clone();
                // SK-16.12-k: only full body armor protects against fire.
                let armor = tf
                    .armor
                    .and_then(|a| ctx.s.rules.armor.get(usize::from(a)))
                    .filter(|a| a.kind == crate::data::ArmorKind::Body)
                    .map_or(0, |a| a.defense);
                combat::deal_damage(
                    ctx,
                    t,
                    Some(g.thrower),
                    crate::progression::Damage::points(hits),
                    1,
                    armor,
                    false,
                    RuleId(if inc { "SK-16.12-p" } else { "SK-16.12-h" }),
                )?;
                // SK-16.12-i: everyone in the target hex rolls 4d6 vs eDEX or is soaked and
                // burns (SK-16.12-j/k: 12 turns, 4 hits a turn).
                let now = ctx.s.fig(t).clone();
                if d == 0 && now.active() {
                    let need = order_dex(&ctx.s, &now);
                    if !ctx.check(t, "not-soaked", 4, need, RuleId("SK-16.12-i"))? {
                        ctx.emit(Event::Effect {
                            fig: t,
                            effect: Effect::Burning { turns: 12 },
                            rule: RuleId("SK-16.12-i"),
                        });
                    }
                }
            }
            ctx.emit(Event::FireLit {
                at: g.pos,
                turns: 12,
                incendiary: inc,
            });
        }
        Some(GrenadeKind::Smoke) | Some(GrenadeKind::TearGas) => {
            ctx.emit(Event::CloudChanged {
                center: g.pos,
                radius: 0,
                gone: false,
                tear_gas: w.grenade == Some(GrenadeKind::TearGas),
            });
        }
        None => {}
    }
    Ok(())
}

/// SK-16.15.3: attempting hand-to-hand combat; the defender's reaction on 1d6.
fn grapple(ctx: &mut Ctx, fig: FigId, target: FigId) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let t = ctx.s.fig(target).clone();
    if t.in_hth {
        ctx.emit(Event::HthBegan {
            attacker: fig,
            defender: target,
            at: t.pos,
        });
        return Ok(());
    }
    let (_, die) = ctx.roll("hth-reaction", 1)?;
    let mut m = 0i8;
    if geometry::arc_from(&t, f.pos) == fireteam_grid::Arc::Rear {
        m -= 2;
    }
    let ma_diff = t.martial_arts as i8 - f.martial_arts as i8;
    if ma_diff > 0 {
        m += ma_diff;
    }
    let result = die as i8 + m;
    ctx.emit(Event::HthReaction {
        attacker: fig,
        defender: target,
        die: die as u8,
        modifier: m,
        result: result.max(0) as u8,
    });
    if result <= 4 {
        ctx.emit(Event::HthBegan {
            attacker: fig,
            defender: target,
            at: t.pos,
        });
        for who in [fig, target] {
            let g = ctx.s.fig(who).clone();
            if let Some(slot) = g.ready {
                let small = weapon_of(&ctx.s, &g, Some(slot))
                    .is_some_and(|w| w.is_group("knife") || w.is_group("pistol"));
                if !small {
                    ctx.emit(Event::Effect {
                        fig: who,
                        effect: Effect::WeaponDropped { slot },
                        rule: RuleId("SK-16.15.3-b"),
                    });
                }
            }
            ctx.emit(Event::Posture {
                fig: who,
                posture: Posture::Prone,
                rule: RuleId("SK-16.15.3-T1"),
            });
        }
    } else if result >= 7 {
        // The defender gets one automatic hit with his ready weapon.
        let expr = combat::damage_expr(
            &ctx.s,
            &t,
            t.ready_slot().map(|_| t.ready.unwrap_or(0)),
            AttackKind::Melee,
        );
        let w = weapon_of(&ctx.s, &t, t.ready).cloned();
        let armor = combat::armor_value(&ctx.s, &f, t.pos, w.as_ref());
        combat::deal_damage(
            ctx,
            fig,
            Some(target),
            expr,
            1,
            armor,
            false,
            RuleId("SK-16.15.3-T1"),
        )?;
    }
    Ok(())
}

/// SK-16.15.6 subdue and SK-16.15.7 disarm: opposed rolls vs eSTR (+1 per Martial Arts level).
fn contest(ctx: &mut Ctx, fig: FigId, target: FigId, subdue: bool) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let t = ctx.s.fig(target).clone();
    let a_n = f.est() + i16::from(f.martial_arts.min(4));
    let d_n = t.est() + i16::from(t.martial_arts.min(4));
    let (fa, ra) = ctx.roll("contest", 3)?;
    let (_, rd) = ctx.roll("contest", 3)?;
    let (a_ok, a_m) = (ra <= i32::from(a_n), i32::from(a_n) - ra);
    let (d_ok, d_m) = (rd <= i32::from(d_n), i32::from(d_n) - rd);
    let win = crate::autoresult::opposed(a_m, a_ok, d_m, d_ok) && a_ok;
    let rule = if subdue {
        "SK-16.15.6-a"
    } else {
        "SK-16.15.7-a"
    };
    ctx.emit(Event::Check {
        fig,
        what: if subdue { "subdue" } else { "disarm" },
        dice: 3,
        faces: fa,
        total: ra,
        target: a_n,
        success: win,
        rule: RuleId(rule),
    });
    if win {
        if subdue {
            ctx.emit(Event::Effect {
                fig: target,
                effect: Effect::Stunned,
                rule: RuleId("SK-16.15.6-b"),
            });
        } else if let Some(slot) = t.ready {
            ctx.emit(Event::Effect {
                fig: target,
                effect: Effect::WeaponDropped { slot },
                rule: RuleId("SK-16.15.7-b"),
            });
        }
    }
    Ok(())
}
