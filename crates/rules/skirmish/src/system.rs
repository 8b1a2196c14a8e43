//! The SKIRMISH rule system as the engine sees it: `Skirmish`, with `RuleSystem` and
//! `BattleStats`. `decision` reads whose choice it is from the phase; `legal_actions` hands each
//! phase to its list in `legal`; `resolve` plays the action (`resolve::resolve_action`) and then
//! moves the turn on to the next decision (`turn::advance`).

use crate::action::Action;
use crate::combat::ctx::Ctx;
use crate::event::Event;
use crate::legal;
use crate::resolve::resolve_action;
use crate::state::{Condition, Phase, State};
use crate::turn;
use crate::turn::action_phase::next_actor;
use crate::turn::victory::outcome;
use fireteam_dice::DiceSource;
use fireteam_engine::{BattleStats, Checksum, Decision, Outcome, ResolveError, RuleSystem};

/// The SKIRMISH rule system.
#[derive(Debug, Clone, Copy, Default)]
pub struct Skirmish;

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
            // SK-14.3-g: an energy shield's wearer writes down its setting.
            Phase::Shields { fig } => Decision::Choose {
                side: s.fig(fig).side,
                unit: Some(fig),
            },
            Phase::Retreat { next } => {
                let f = s.act_order[usize::from(next)];
                Decision::Choose {
                    side: s.fig(f).side,
                    unit: Some(f),
                }
            }
            Phase::HthOffer { defender, .. } => Decision::Choose {
                side: s.fig(defender).side,
                unit: Some(defender),
            },
            Phase::QuickDraw { target, .. } => Decision::Choose {
                side: s.fig(target).side,
                unit: Some(target),
            },
            // ---- SK-9-c: the side that ran last turn.
            Phase::Runners { side } => Decision::Choose { side, unit: None },
            // ---- SK-11.9.3-a: a foe in the brawl strikes at one breaking free, or not.
            Phase::HthLeaving { opponent, .. } => Decision::Choose {
                side: s.fig(opponent).side,
                unit: Some(opponent),
            },
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        let start = out.len();
        match s.phase {
            Phase::Over => {}
            Phase::TurnStart => out.push(Action::StartTurn),
            Phase::ChooseOrder { .. } => {
                out.push(Action::Order { first: true });
                out.push(Action::Order { first: false });
            }
            Phase::Movement { next } => {
                legal::movement::movement_actions(s, s.move_order[usize::from(next)], out)
            }
            Phase::Action => {
                if let Some((f, extra)) = next_actor(s) {
                    let start = out.len();
                    legal::action::action_actions(s, f, extra, out);
                    // ---- SK-21.4-e: both arms out of use: only what needs no hand.
                    legal::action::without_hands(s, f, start, out);
                }
            }
            Phase::DisengageReaction {
                mover, opponent, ..
            } => {
                legal::disengage::reaction_actions(s, mover, opponent, out);
            }
            Phase::Retreat { next } => {
                legal::retreat::retreat_actions(s, s.act_order[usize::from(next)], out)
            }
            Phase::HthOffer { attacker, defender } => {
                // SK-16.15.3-a (5): declining first, as for every optional reaction.
                for accept in [false, true] {
                    out.push(Action::HthAnswer {
                        fig: defender,
                        attacker,
                        accept,
                    });
                }
            }
            // SK-14.3-e/g: keeping the shield as it is comes first, then switching it.
            Phase::Shields { fig } => {
                let on = s.fig(fig).shield_on;
                out.push(Action::Shield { fig, on });
                out.push(Action::Shield { fig, on: !on });
            }
            Phase::QuickDraw { fig, target, .. } => {
                legal::action::quick_draw_reaction(s, fig, target, out)
            }
            // ---- SK-9-c: turning to fight first, as declining comes first.
            Phase::Runners { side } => {
                for again in [false, true] {
                    out.push(Action::Run { side, again });
                }
            }
            // ---- SK-11.9.3-a: the blow first, as for one who disengages (SK-11.5-b).
            Phase::HthLeaving {
                mover, opponent, ..
            } => legal::disengage::hth_reaction_actions(mover, opponent, out),
        }
        // ---- SK-6.1.7-a: no attack with a weapon with a shield in hand without the skill.
        legal::shield_skill::strip(s, out, start);
    }

    fn resolve(
        &self,
        state: &State,
        action: &Action,
        dice: &mut dyn DiceSource,
        events: &mut Vec<Event>,
    ) -> Result<(), ResolveError> {
        let mut ctx = Ctx::new(state, dice, events);
        // ---- order of the turn, awareness: a declared guard given up for another option
        // (SK-11.6-a); after the action, hiding, hearing and sight (SK-6.3.8).
        turn::changing::change_option(&mut ctx, action);
        resolve_action(&mut ctx, action)?;
        crate::stealth::after_action(&mut ctx, state, action.fig())?;
        turn::advance(&mut ctx)
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
            // ---- weapons and melee: only when in use, so that battles without them keep
            // their checksums.
            if f.off_hand.is_some() || f.shield.is_some() || f.bayonet.is_some() {
                c.u64(u64::from(f.off_hand.unwrap_or(9)));
                c.u64(f.shield_at as u64);
                let (k, r) = f.bayonet.unwrap_or((9, 9));
                c.u64(u64::from(k) * 16 + u64::from(r));
            }
            // ---- order of the turn, awareness: only when set, for the same reason.
            let aware = u64::from(f.hidden)
                | u64::from(f.surprised) << 1
                | u64::from(f.runs) << 2
                | u64::from(f.listening) << 3;
            if aware != 0 {
                c.u64(aware);
            }
            // ---- microgravity and vacuum: only when in use, as above.
            if f.floating || f.leaks > 0 || f.leak_turns > 0 || f.tether_damage > 0 {
                for v in f.drift.iter().chain(f.drift_acc.iter()) {
                    c.u64(*v as u8 as u64);
                }
                c.u64(u64::from(f.floating));
                c.u64(u64::from(f.leaks) * 256 + u64::from(f.leak_turns));
                c.u64(u64::from(f.tether) * 256 + u64::from(f.tether_damage));
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
            // Two hands at most (SK-13.1-b, SK-13.3-a).
            let main_both = a
                .ready
                .and_then(|r| a.weapons[usize::from(r)])
                .is_some_and(|w| {
                    crate::hands::needs_both_hands(a, &s.rules.weapons[usize::from(w.weapon)])
                });
            let other = a.off_hand.is_some() || crate::hands::shield_in_hand(a);
            let twice = a.off_hand.is_some() && a.off_hand == a.ready;
            let three = a.off_hand.is_some() && crate::hands::shield_in_hand(a);
            if (main_both && other) || twice || three {
                return Err(format!("{} holds more than two hands can", s.name(a.id)));
            }
            // ---- SK-21.4-e: no more in hand than the arms in use can hold (brass knuckles,
            // which cannot be let go of, aside).
            let main = a
                .ready_slot()
                .map(|w| &s.rules.weapons[usize::from(w.weapon)])
                .filter(|w| crate::hands::droppable(w))
                .map_or(0, |w| 1 + u8::from(crate::hands::needs_both_hands(a, w)));
            let used =
                main + u8::from(a.off_hand.is_some()) + u8::from(crate::hands::shield_in_hand(a));
            if a.active() && used > crate::hands::hands_left(a) {
                return Err(format!(
                    "{} holds more than his arms in use can",
                    s.name(a.id)
                ));
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
