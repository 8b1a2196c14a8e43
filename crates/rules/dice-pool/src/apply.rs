//! Applying dice-pool events to the state, and the invariants the conformance suite checks.

use crate::event::{AttackKindTag, Event};
use crate::state::{Pending, Phase, State};

pub fn apply(s: &mut State, e: &Event) {
    match e {
        Event::TurnStarted { turn } => {
            s.turn = *turn;
            s.pass = 1;
            s.cursor = 0;
            s.deferred.clear();
            let opts = s.opts;
            for u in &mut s.units {
                u.movement = Default::default();
                u.moved = false;
                u.metres = 0;
                u.actions_left = 0;
                u.drew = false;
                u.fast_draw = false;
                u.shots_fired = 0;
                u.draw_failed = false;
                // DP-G07: stunned for the round, which ends here.
                u.stunned = false;
                // DP-DODGE-01, DP-MELEE-02, DP-G14: the pools refill each turn.
                u.dodge_left = u.stats.dodge;
                u.parry_left = if opts.parry_uses_melee_skill {
                    u.stats.melee
                } else {
                    u.stats.dodge
                };
                if opts.shared_defense_pool {
                    u.parry_left = 0;
                }
            }
        }
        Event::InitiativeRolled { unit, roll, .. } => {
            let immediate = s.opts.extra_action_immediate;
            let u = &mut s.units[usize::from(*unit)];
            u.initiative = roll.total;
            u.extra_action = roll.extra_action;
            u.actions_left = 1 + u8::from(roll.extra_action && immediate);
        }
        Event::TieOrdered { .. } => {}
        Event::OrderSet { order } => {
            s.order = order.clone();
            s.cursor = 0;
        }
        Event::Activated { unit, pass } => {
            s.pass = *pass;
            s.cursor = s.order.iter().position(|u| u == unit).unwrap_or(0);
            s.phase = Phase::Activation;
            if *pass == 2 {
                s.units[usize::from(*unit)].actions_left = 1;
            }
        }
        Event::Moved {
            unit,
            movement,
            path,
            ..
        } => {
            let metres: u32 = path
                .iter()
                .skip(1)
                .map(|p| s.field.terrain_at(*p).move_cost.max(1))
                .sum();
            let u = &mut s.units[usize::from(*unit)];
            if let Some(last) = path.last() {
                u.pos = *last;
            }
            u.movement = *movement;
            u.moved = true;
            u.metres = metres.min(u32::from(u8::MAX)) as u8;
        }
        Event::StanceChanged {
            unit,
            stance,
            movement,
            ..
        } => {
            let u = &mut s.units[usize::from(*unit)];
            u.stance = *stance;
            u.movement = *movement;
            u.moved = true;
        }
        Event::Drew {
            unit,
            weapon,
            fast_draw,
            ..
        } => {
            let u = &mut s.units[usize::from(*unit)];
            u.ready = Some(*weapon);
            u.drew = true;
            u.fast_draw = fast_draw.as_ref().is_some_and(|r| r.hit);
            if fast_draw.as_ref().is_some_and(|r| !r.hit) {
                u.draw_failed = true;
                u.actions_left = u.actions_left.saturating_sub(1);
            }
        }
        Event::Aimed { unit, .. } => {
            let u = &mut s.units[usize::from(*unit)];
            u.aiming = true;
            u.actions_left = u.actions_left.saturating_sub(1);
        }
        Event::Reloaded {
            unit,
            weapon,
            loaded,
            ..
        } => {
            let whole_turn = s.opts.reload_takes_whole_turn;
            let u = &mut s.units[usize::from(*unit)];
            if let Some(i) = u.slot(*weapon) {
                u.loaded[i] = *loaded;
            }
            // DP-G12: any other action loses the aim.
            u.aiming = false;
            // DP-G20: a whole-turn reload also spends the extra action of DP-INIT-04.
            if whole_turn {
                u.actions_left = 0;
                u.extra_action = false;
            } else {
                u.actions_left = u.actions_left.saturating_sub(1);
            }
        }
        Event::AttackDeclared {
            attacker,
            target,
            weapon,
            kind,
            shot,
            of,
        } => {
            let u = &mut s.units[usize::from(*attacker)];
            let aimed = u.aiming;
            if matches!(kind, AttackKindTag::Shot(_)) {
                // DP-DRAW-01: counted for the one-shot limit of a turn with a draw.
                u.shots_fired = u.shots_fired.saturating_add(1);
            }
            if *shot == 1 {
                u.actions_left = u.actions_left.saturating_sub(1);
                // DP-G12: the aim serves the first shot only, and any other action loses it.
                u.aiming = false;
            }
            s.phase = Phase::Defense(match kind {
                AttackKindTag::Shot(mode) => Pending::Shot {
                    attacker: *attacker,
                    target: *target,
                    weapon: *weapon,
                    mode: *mode,
                    shot: *shot,
                    of: *of,
                    aimed: aimed && *shot == 1,
                },
                _ => Pending::Melee {
                    attacker: *attacker,
                    target: *target,
                    weapon: *weapon,
                },
            });
        }
        Event::DefenseAssigned {
            unit, dice, parry, ..
        } => {
            let shared = s.opts.shared_defense_pool;
            let u = &mut s.units[usize::from(*unit)];
            if *parry && !shared {
                u.parry_left -= i32::from(*dice);
            } else {
                u.dodge_left -= i32::from(*dice);
            }
            if let Phase::Defense(p) = std::mem::replace(&mut s.phase, Phase::Over) {
                s.phase = Phase::Roll(p, *dice);
            }
        }
        Event::AmmoSpent {
            unit, weapon, left, ..
        } => {
            let u = &mut s.units[usize::from(*unit)];
            if let Some(i) = u.slot(*weapon) {
                u.loaded[i] = *left;
            }
        }
        Event::AttackRolled {
            kind: AttackKindTag::Blast,
            ..
        } => {
            // The next target of the blast assigns his dice next.
            if let Phase::Roll(Pending::Blast { .. }, _) = &s.phase {
                if let Phase::Roll(mut p, _) = std::mem::replace(&mut s.phase, Phase::Over) {
                    if let Pending::Blast { targets, .. } = &mut p {
                        targets.remove(0);
                    }
                    s.phase = Phase::Defense(p);
                }
            }
        }
        Event::AttackRolled { .. } => {}
        Event::Damaged {
            target,
            roll,
            deferred,
            ..
        } => {
            if *deferred {
                s.deferred.push((*target, roll.wounds as i32));
            } else {
                let u = &mut s.units[usize::from(*target)];
                u.wounds += roll.wounds as i32;
                u.stunned = true;
            }
        }
        Event::CountResolved { .. } => {
            for (unit, w) in std::mem::take(&mut s.deferred) {
                let u = &mut s.units[usize::from(unit)];
                u.wounds += w;
                u.stunned = true;
            }
        }
        Event::OutOfAction { unit, .. } => s.units[usize::from(*unit)].out = true,
        Event::Thrown { unit, weapon, .. } => {
            let u = &mut s.units[usize::from(*unit)];
            if let Some(i) = u.slot(*weapon) {
                u.loaded[i] = u.loaded[i].saturating_sub(1);
            }
            u.aiming = false;
            u.actions_left = u.actions_left.saturating_sub(1);
        }
        Event::Blast { .. } => {}
        Event::BlastPending {
            thrower,
            weapon,
            at,
            throw_difficulty,
            targets,
        } => {
            s.phase = Phase::Defense(Pending::Blast {
                thrower: *thrower,
                weapon: *weapon,
                at: *at,
                throw_difficulty: *throw_difficulty,
                targets: targets.clone(),
            });
        }
        Event::ActionDone { .. } => s.phase = Phase::Activation,
        Event::ActivationEnded { unit } => s.units[usize::from(*unit)].actions_left = 0,
        Event::TurnEnded { .. } => s.phase = Phase::TurnStart,
        Event::BattleEnded { .. } => s.phase = Phase::Over,
    }
}

/// The invariants: the dead never act, ammunition stays within the clip, one figure per cell.
pub fn invariants(s: &State) -> Result<(), String> {
    if let Some(u) = s.active() {
        if s.unit(u).out {
            return Err(format!("{} acts while out of action", s.unit(u).name));
        }
    }
    for (i, a) in s.units.iter().enumerate() {
        for (slot, &w) in a.weapons.iter().enumerate() {
            let weapon = &s.weapons[usize::from(w)];
            if weapon.kind == crate::data::WeaponKind::Firearm
                && u32::from(a.loaded[slot]) > weapon.clip
            {
                return Err(format!(
                    "{} holds {} rounds in a {}-round {}",
                    a.name, a.loaded[slot], weapon.clip, weapon.name
                ));
            }
        }
        if a.out {
            continue;
        }
        for b in &s.units[i + 1..] {
            if !b.out && a.pos == b.pos {
                return Err(format!(
                    "{} and {} stand in one cell {}",
                    a.name, b.name, a.pos
                ));
            }
        }
    }
    Ok(())
}
