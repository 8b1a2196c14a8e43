//! `apply`: the only code that changes a `State`, one event at a time.

use crate::event::Event;
use crate::state::{Gun, Maneuver, Phase, State, Wear};
use crate::tables::Posture;

pub fn apply(s: &mut State, e: &Event) {
    match e {
        Event::OrderSet { order, .. } => {
            s.order = order.clone();
            s.cursor = 0;
        }
        Event::SecondBegins { turn } => {
            s.turn = *turn;
            s.cursor = 0;
        }
        Event::TurnBegins { unit, shock } => {
            let f = &mut s.fighters[usize::from(*unit)];
            f.shock = *shock;
            f.shock_pending = 0;
            f.shock_cap = 4;
            f.aod = None;
            f.defended = false;
            f.parries = 0;
            f.retreated = false;
            f.dropped_against = None;
            f.crouch_done = false;
            f.step_used = false;
            f.moved_to_attack = false;
            f.zone_hits = 0;
            f.wait = None;
            if let Some(i) = s.order.iter().position(|&u| u == *unit) {
                s.cursor = i;
            }
            s.phase = Phase::Act { unit: *unit };
        }
        Event::TurnEnds { unit } => {
            let f = &mut s.fighters[usize::from(*unit)];
            f.moved_last = f.moved;
            f.moved = 0;
            f.shock = 0;
            s.cursor += 1;
        }
        Event::Skipped { .. } => s.cursor += 1,
        Event::SteppedPosture { unit, to } => {
            let f = &mut s.fighters[usize::from(*unit)];
            f.posture = *to;
            f.step_used = true;
        }
        Event::Crouched { unit, down } => {
            let f = &mut s.fighters[usize::from(*unit)];
            f.crouching = *down;
            f.crouch_done = true;
        }
        Event::ManeuverChosen {
            unit,
            maneuver,
            aod,
        } => {
            let f = &mut s.fighters[usize::from(*unit)];
            // T3-MOVE-02: consecutive Move maneuvers count toward sprinting.
            if *maneuver == Maneuver::Move {
                f.moving += 1;
            } else {
                f.moving = 0;
            }
            f.maneuver = *maneuver;
            f.aod = *aod;
            // Move and Attack: once it has moved, the fighter's next choice is its attack.
            f.moved_to_attack = *maneuver == Maneuver::MoveAndAttack;
            if *maneuver != Maneuver::Concentrate {
                f.concentrating = 0;
            }
        }
        Event::Moved { unit, path, sprint } => {
            let f = &mut s.fighters[usize::from(*unit)];
            if let Some(&last) = path.last() {
                if let Some(&prev) = path.iter().rev().nth(1) {
                    f.facing = crate::geometry::facing_toward(prev, last).unwrap_or(f.facing);
                }
                f.at = last;
            }
            f.moved += path.len().saturating_sub(1) as u32;
            if *sprint {
                f.sprinted += 1;
            }
        }
        Event::FatigueLost { unit, fp, .. } => s.fighters[usize::from(*unit)].fp -= fp,
        Event::PostureChanged { unit, to, .. } => {
            let f = &mut s.fighters[usize::from(*unit)];
            f.posture = *to;
            if *to != Posture::Standing && *to != Posture::Kneeling {
                f.crouching = false;
            }
        }
        Event::AimBuilt {
            unit,
            target,
            slot,
            seconds,
            braced,
        } => s.fighters[usize::from(*unit)].aim = Some((*target, *slot, *seconds, *braced)),
        Event::AimLost { unit, .. } => s.fighters[usize::from(*unit)].aim = None,
        Event::Evaluated {
            unit,
            target,
            count,
        } => s.fighters[usize::from(*unit)].evaluate = Some((*target, *count)),
        Event::EvaluateSpent { unit } => s.fighters[usize::from(*unit)].evaluate = None,
        Event::Rolled(_) | Event::AttackRolled { .. } | Event::LocationRolled { .. } => {}
        Event::Malfunctioned { .. } | Event::StrikeLost { .. } | Event::Recovery { .. } => {}
        Event::ShotsFired { unit, slot, shots } => {
            let g = &mut s.fighters[usize::from(*unit)].guns[usize::from(*slot)];
            g.shots = g.shots.saturating_sub(*shots);
        }
        Event::WeaponChanged {
            unit,
            slot,
            held,
            jam,
        } => {
            let at = s.fighters[usize::from(*unit)].at;
            let g: &mut Gun = &mut s.fighters[usize::from(*unit)].guns[usize::from(*slot)];
            if *held == crate::state::Held::Dropped && g.held != crate::state::Held::Dropped {
                g.dropped_at = at;
            }
            g.held = *held;
            g.jam = *jam;
        }
        Event::DefenseAwaited(p) => s.phase = Phase::Defend(*p),
        Event::DefenseChosen { unit, kind, .. } => {
            let f = &mut s.fighters[usize::from(*unit)];
            if kind.is_some() {
                f.defended = true;
            }
            if *kind == Some(crate::state::DefenseKind::Parry) {
                f.parries += 1;
            }
        }
        Event::Struck { unit } => {
            let f = &mut s.fighters[usize::from(*unit)];
            f.hits_taken = f.hits_taken.saturating_add(1);
        }
        Event::HitsStopped {
            unit,
            stopped,
            left,
        } => {
            // Only a defense that stopped everything counts: one that let hits through ends
            // in damage, which tells its own story (and equal damage merges in the odds).
            if *stopped > 0 && *left == 0 {
                let f = &mut s.fighters[usize::from(*unit)];
                f.defenses_made = f.defenses_made.saturating_add(1);
            }
        }
        Event::Retreated { unit, to } => {
            let f = &mut s.fighters[usize::from(*unit)];
            f.at = *to;
            f.retreated = true;
        }
        Event::DroppedAgainst { unit, foe } => {
            s.fighters[usize::from(*unit)].dropped_against = Some(*foe)
        }
        Event::Dived { unit, to } => s.fighters[usize::from(*unit)].at = *to,
        Event::Wounded(w) => {
            let f = &mut s.fighters[usize::from(w.target)];

            f.hp -= w.injury;
            if w.injury > 0 {
                f.awake_below_zero = false;
            }
        }
        Event::CoverWorn {
            at,
            heavy,
            light,
            broken,
        } => {
            let w = Wear {
                at: *at,
                heavy: *heavy,
                light: *light,
                broken: *broken,
            };
            match s.wear.iter_mut().find(|w| w.at == *at) {
                Some(old) => *old = w,
                None => s.wear.push(w),
            }
        }
        Event::Crippled {
            unit,
            location,
            destroyed,
        } => {
            let f = &mut s.fighters[usize::from(*unit)];
            f.crippled |= location.bit();
            if *destroyed {
                f.destroyed |= location.bit();
            }
        }
        Event::Shock { unit, pending, cap } => {
            let f = &mut s.fighters[usize::from(*unit)];
            f.shock_pending = *pending;
            f.shock_cap = *cap;
        }
        Event::KnockedDown { unit, unconscious } => {
            let f = &mut s.fighters[usize::from(*unit)];
            f.posture = Posture::Prone;
            f.crouching = false;
            if *unconscious {
                f.conscious = false;
            } else {
                f.stunned = true;
            }
            f.aim = None;
        }
        Event::Stunned { unit } => s.fighters[usize::from(*unit)].stunned = true,
        Event::Recovered { unit } => s.fighters[usize::from(*unit)].stunned = false,
        Event::Unconscious { unit, .. } => {
            let f = &mut s.fighters[usize::from(*unit)];
            f.conscious = false;
            f.aim = None;
            f.wait = None;
        }
        Event::MortallyWounded { unit } => {
            let f = &mut s.fighters[usize::from(*unit)];
            f.mortal_wound = true;
            f.conscious = false;
        }
        Event::Died { unit, .. } => {
            let f = &mut s.fighters[usize::from(*unit)];
            f.dead = true;
            f.conscious = false;
        }
        Event::DeathChecked { unit, multiple } => {
            s.fighters[usize::from(*unit)].death_checks = *multiple
        }
        Event::Woke { unit } => {
            let f = &mut s.fighters[usize::from(*unit)];
            f.conscious = true;
            f.awake_below_zero = true;
        }
        Event::Feinted {
            unit,
            target,
            penalty,
        } => {
            let turn = s.turn;
            s.fighters[usize::from(*target)].feinted =
                (*penalty > 0).then_some((*unit, *penalty, turn + 1));
        }
        Event::OnFire { unit, level } => {
            let f = &mut s.fighters[usize::from(*unit)];
            f.burning = f.burning.max(*level);
            f.extinguish = 0;
        }
        Event::Extinguished { unit } => {
            let f = &mut s.fighters[usize::from(*unit)];
            f.burning = 0;
            f.extinguish = 0;
        }
        Event::ExtinguishProgress { unit, seconds } => {
            s.fighters[usize::from(*unit)].extinguish = *seconds
        }
        Event::TaskSet { unit, task } => s.fighters[usize::from(*unit)].task = *task,
        Event::ItemReadied { unit, item } => {
            s.fighters[usize::from(*unit)].items_ready |= 1 << item
        }
        Event::Concentration { unit, seconds } => {
            s.fighters[usize::from(*unit)].concentrating = *seconds
        }
        Event::ZoneSet(z) => s.zones.push(z.clone()),
        Event::ZoneHit { zone, unit, hits } => {
            let z = &mut s.zones[usize::from(*zone)];
            z.hits_left = z.hits_left.saturating_sub(*hits);
            s.fighters[usize::from(*unit)].zone_hits |= 1 << zone;
        }
        Event::ZonesEnded { shooter } => s.zones.retain(|z| z.shooter != *shooter),
        Event::WaitSet { unit, within } => {
            s.fighters[usize::from(*unit)].wait = Some(crate::state::Trigger { within: *within })
        }
        Event::WaitTriggered { waiter, by } => {
            s.fighters[usize::from(*waiter)].wait = None;
            s.phase = Phase::Triggered {
                waiter: *waiter,
                by: *by,
            };
        }
        Event::WaitEnded { unit } => s.fighters[usize::from(*unit)].wait = None,
        Event::Fell { unit, .. } => {
            let f = &mut s.fighters[usize::from(*unit)];
            f.posture = Posture::Prone;
            f.crouching = false;
        }
        Event::WorkPushed(w) => s.work.push(w.clone()),
        Event::WorkPopped => {
            s.work.pop();
        }
        Event::Await { phase } => s.phase = phase.clone(),
        Event::Over { .. } => s.phase = Phase::Over,
    }
}

/// What must hold after every action.
pub fn invariants(s: &State) -> Result<(), String> {
    for u in s.units() {
        let f = s.fighter(u);
        if f.dead && f.conscious {
            return Err(format!("{} is dead but conscious", s.character(u).name));
        }
        if s.rules.index(f.at).is_none() {
            return Err(format!("{} is off the map", s.character(u).name));
        }
        if f.guns
            .iter()
            .filter(|g| g.held == crate::state::Held::Ready)
            .count()
            > 1
        {
            return Err(format!("{} holds two weapons ready", s.character(u).name));
        }
        if f.active() {
            if let Some(other) = s
                .units()
                .find(|&o| o != u && s.fighter(o).active() && s.fighter(o).at == f.at)
            {
                return Err(format!(
                    "{} and {} share a hex",
                    s.character(u).name,
                    s.character(other).name
                ));
            }
        }
    }
    Ok(())
}
