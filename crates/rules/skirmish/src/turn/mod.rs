//! The turn as the book orders it (SK-8.4-a): initiative (SK-9), the movement phase in
//! initiative order (SK-8.4.2-a, SK-10), the action phase in eDEX order with later shots
//! interleaved (SK-8.4.3-a, SK-11, SK-12-e) and disengaging (SK-11.5), forced retreats
//! (SK-8.4.4-a, SK-12.5), and the end of the turn and of the battle. `advance` moves the turn on
//! after each action until someone has a decision.

pub mod action_phase;
// ---- order of the turn, awareness, fatigue (§6.3.1, §9, §10, §11.6, §21.3)
pub(crate) mod changing;
pub(crate) mod chase;
pub(crate) mod disengage;
pub(crate) mod end;
pub(crate) mod fatigue;
pub(crate) mod initiative;
pub mod movement;
pub(crate) mod retreat;
pub(crate) mod running;
// ---- standing up from kneeling (SK-10.7.2-a, SK-10.8.2-a, G-41)
pub(crate) mod standing;
pub(crate) mod surprise;
pub(crate) mod victory;

use crate::combat::ctx::Ctx;
use crate::event::Event;
use crate::state::{MoveKind, Phase};
use crate::turn::action_phase::{begin_actions, next_actor};
use crate::turn::end::end_turn;
use crate::turn::movement::can_move;
use crate::turn::retreat::retreat_victims;
use crate::turn::victory::outcome;
use fireteam_engine::ResolveError;

/// Moves the turn on until someone has a decision (or the battle is over).
pub(crate) fn advance(ctx: &mut Ctx) -> Result<(), ResolveError> {
    loop {
        // ---- G-39 (5): a brawler with no foe left in his hex is out of hand to hand.
        if !matches!(ctx.s.phase, Phase::Over) {
            crate::attack::hth::end_lone_brawls(ctx);
        }
        if !matches!(ctx.s.phase, Phase::Over) {
            if let Some(o) = outcome(&ctx.s) {
                ctx.emit(Event::BattleOver { outcome: o });
                return Ok(());
            }
        }
        match ctx.s.phase {
            Phase::Over | Phase::TurnStart | Phase::ChooseOrder { .. } => return Ok(()),
            Phase::DisengageReaction { .. }
            | Phase::HthOffer { .. }
            | Phase::Shields { .. }
            | Phase::QuickDraw { .. } => return Ok(()),
            // ---- SK-9-c: a side that ran last turn declares whether it runs again.
            Phase::Runners { .. } => return Ok(()),
            // ---- SK-11.9.3-a: a foe in the brawl may strike at one breaking free.
            Phase::HthLeaving { .. } => return Ok(()),
            // SK-14.3-g: before anyone moves, each wearer of an energy shield writes down its
            // setting for the turn.
            Phase::Movement { next: 0 } if crate::shield::undeclared(&ctx.s).is_some() => {
                let fig = crate::shield::undeclared(&ctx.s).unwrap_or(0);
                ctx.emit(Event::Phase {
                    phase: Phase::Shields { fig },
                });
                return Ok(());
            }
            Phase::Movement { next } => {
                // ---- SK-10-e: before anyone moves, a pursuer waits for his quarry.
                if next == 0 {
                    chase::order(ctx);
                }
                let k = (usize::from(next)..ctx.s.move_order.len())
                    .find(|&k| can_move(ctx.s.fig(ctx.s.move_order[k])));
                match k {
                    Some(k) if k == usize::from(next) => return Ok(()),
                    Some(k) => ctx.emit(Event::Phase {
                        phase: Phase::Movement { next: k as u8 },
                    }),
                    None => {
                        // SK-16.12-g: grenades set for the end of the movement phase.
                        crate::attack::grenade::movement_fuses(ctx)?;
                        begin_actions(ctx)?
                    }
                }
            }
            Phase::Action => {
                if let Some((f, extra)) = next_actor(&ctx.s) {
                    // A figure that stood up this turn has nothing left to do (G-41), unless
                    // he got up from a knee and kept a Ready or a Half Move's action.
                    let kind = ctx.s.fig(f).move_kind;
                    if !extra && matches!(kind, MoveKind::StandUp | MoveKind::StandUpThenShift) {
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
