//! Resolving the chosen action. Each action goes to the module of the rule it follows: the
//! movement options to `turn::movement`, each kind of attack to its module under `attack`,
//! disengaging and forced retreats to `turn::disengage` and `turn::retreat`. The options that only
//! declare something or take up a weapon are resolved here: covering a hex (SK-21.8-a), aiming
//! (SK-13.7), readying, reloading and picking up (SK-11.7.4, SK-11.8.3, SK-11.9.2, G-73), dropping
//! (SK-11.7.5-a), Dodge or Defend at the action slot (SK-11.4), a breather (SK-21.3-e), doing
//! nothing, and holding one's later shots (SK-12-e).

use crate::action::Action;
use crate::attack;
use crate::attack::melee::melee;
use crate::attack::{aimed, autofire, flame, grenade, hth, missile, quick_shot, suppression};
use crate::combat::contest::Attr;
use crate::combat::ctx::Ctx;
use crate::combat::weapon_of;
use crate::event::Event;
use crate::readying;
use crate::state::{FigId, MoveKind, Phase, SHIELD_SLOT};
use crate::turn::{disengage, initiative, movement, retreat};
use fireteam_engine::{ResolveError, RuleId};

/// Plays one action on the scratch state; `turn::advance` then moves the turn on.
pub(crate) fn resolve_action(ctx: &mut Ctx, a: &Action) -> Result<(), ResolveError> {
    match *a {
        Action::StartTurn => initiative::start_turn(ctx),
        Action::Order { first } => initiative::choose_order(ctx, first),
        Action::StandStill { fig, facing, guard } => movement::stand_still(ctx, fig, facing, guard),
        Action::Move {
            fig,
            to,
            facing,
            guard,
        } => movement::move_option(ctx, fig, to, facing, guard, None),
        Action::Shift {
            fig,
            to,
            facing,
            guard,
        } => movement::move_option(ctx, fig, to, facing, guard, Some(MoveKind::Shift)),
        Action::Crawl { fig, to, facing } => movement::crawl(ctx, fig, to, facing),
        Action::StandUp { fig } if ctx.s.fig(fig).floating => movement::regain_footing(ctx, fig),
        Action::StandUp { fig } => movement::stand_up(ctx, fig),
        // ---- G-41: standing up from kneeling, then a Half Move or (engaged) a Shift.
        Action::StandUpAndMove {
            fig,
            to,
            facing,
            shift,
        } => crate::turn::standing::stand_up_and_move(ctx, fig, to, facing, shift),
        // ---- SK-6.1.7-a: the shield slung to free the hand.
        Action::SlingShield { fig } => {
            ctx.emit(Event::Acted { fig });
            readying::sling_shield(ctx, fig);
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
        Action::Shoot { fig, target, mode } => missile::shoot(ctx, fig, target, mode),
        Action::Throw { fig, target } => {
            ctx.emit(Event::Acted { fig });
            missile::throw(ctx, fig, target)
        }
        Action::Grenade { fig, at } => {
            ctx.emit(Event::Acted { fig });
            grenade::throw_grenade(ctx, fig, at, false)
        }
        Action::AimedShot { fig, target, at } => {
            ctx.emit(Event::Acted { fig });
            aimed::aimed_attack(ctx, fig, target, at)
        }
        Action::QuickShot { fig, target, slot } => quick_shot::declare(ctx, fig, target, slot),
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
            // DEX, not eDEX: the book writes eDEX where it means it (SK-12.2-b's 3d6/eDEX).
            if f.posture.down() || f.in_hth {
                let rule = if f.in_hth {
                    "SK-11.9.2-a"
                } else {
                    "SK-11.7.4-c"
                };
                if !ctx.check(fig, "ready", 3, f.dex, RuleId(rule))? {
                    return Ok(());
                }
            }
            readying::free_hands_for(ctx, fig, slot);
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
                .find(|d| d.owner == fig && d.pos == f.pos && d.slot != SHIELD_SLOT)
            {
                let slot = d.slot;
                // SK-13.3-a: a weapon that needs both hands slings the shield as it comes up.
                readying::free_hands_for(ctx, fig, slot);
                ctx.emit(Event::PickedUp { fig, slot });
            }
            Ok(())
        }
        Action::Drop { fig, posture } => {
            // SK-11.7.3-a: a figure that has not moved may drop and still shoot; its action
            // stays open for the shot (`legal::action` offers only shots or nothing then).
            if !crate::legal::action::may_shoot_after_drop(&ctx.s, fig) {
                ctx.emit(Event::Acted { fig });
            }
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
            disengage::disengage(ctx, fig, to)
        }
        // ---- hand to hand (§11.9.3): a foe's blow at one breaking free of the brawl.
        Action::Punish { fig, target } if matches!(ctx.s.phase, Phase::HthLeaving { .. }) => {
            ctx.emit(Event::Acted { fig });
            hth::parting_blow(ctx, fig, target)
        }
        Action::LetGo { fig } if matches!(ctx.s.phase, Phase::HthLeaving { .. }) => {
            hth::let_go(ctx, fig)
        }
        Action::Punish { fig, target } => {
            ctx.emit(Event::Acted { fig });
            disengage::parting_blow(ctx, fig, target)
        }
        Action::LetGo { fig } => disengage::after_reaction(ctx, fig),
        Action::Grapple { fig, target } => {
            ctx.emit(Event::Acted { fig });
            hth::grapple(ctx, fig, target)
        }
        Action::Escape { fig, to } => {
            ctx.emit(Event::Acted { fig });
            hth::escape(ctx, fig, to)
        }
        Action::Subdue { fig, target } => {
            ctx.emit(Event::Acted { fig });
            hth::contest_hth(ctx, fig, target, true, Attr::Str, false)
        }
        Action::Disarm { fig, target } => {
            ctx.emit(Event::Acted { fig });
            hth::contest_hth(ctx, fig, target, false, Attr::Str, false)
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
        Action::NoPush { fig: _ } => retreat::hold_ground(ctx),
        // ---- movement over terrain (SK-10.3-b, SK-6.4.1-c, SK-10.4)
        Action::Climb { fig, to } => crate::terrain::climbing::climb(ctx, fig, to),
        Action::Grab {
            fig,
            at,
            to,
            facing,
            spend,
        } => crate::terrain::on_the_run::grab_on_the_run(ctx, fig, at, to, facing, spend),
        Action::Push {
            fig,
            victim,
            to,
            follow,
        } => retreat::push(ctx, fig, victim, to, follow),
        // ---- weapons and melee
        Action::HthAnswer {
            fig,
            attacker,
            accept,
        } => hth::answer(ctx, fig, attacker, accept),
        Action::ReadyOffHand { fig, slot } => {
            ctx.emit(Event::Acted { fig });
            if prone_ready_fails(ctx, fig)? {
                return Ok(());
            }
            readying::ready_off_hand(ctx, fig, slot);
            Ok(())
        }
        Action::ReadyShield { fig } => {
            ctx.emit(Event::Acted { fig });
            if prone_ready_fails(ctx, fig)? {
                return Ok(());
            }
            readying::ready_shield(ctx, fig);
            Ok(())
        }
        Action::ReadyDropShield { fig, slot } => {
            ctx.emit(Event::Acted { fig });
            if prone_ready_fails(ctx, fig)? {
                return Ok(());
            }
            readying::ready_dropping_shield(ctx, fig, slot);
            Ok(())
        }
        Action::PickUpShield { fig } => {
            ctx.emit(Event::Acted { fig });
            readying::pick_up_shield(ctx, fig);
            Ok(())
        }
        Action::TwoWeapons { fig, first, second } => {
            ctx.emit(Event::Acted { fig });
            attack::two_weapons::both_attacks(ctx, fig, first, second)
        }
        Action::FixBayonet { fig, knife, rifle } => {
            ctx.emit(Event::Acted { fig });
            if prone_ready_fails(ctx, fig)? {
                return Ok(());
            }
            attack::bayonet::fix(ctx, fig, knife, rifle)
        }
        Action::UnfixBayonet { fig } => {
            ctx.emit(Event::Acted { fig });
            attack::bayonet::unfix(ctx, fig)
        }
        Action::ShootAndStab {
            fig,
            target,
            stab_first,
        } => attack::bayonet::shoot_and_stab(ctx, fig, target, stab_first),
        Action::Exchange { fig, with } => readying::exchange(ctx, fig, with),
        Action::SubdueByDex { fig, target } => {
            ctx.emit(Event::Acted { fig });
            hth::contest_hth(ctx, fig, target, true, Attr::Dex, false)
        }
        Action::DisarmAndTake { fig, target } => {
            ctx.emit(Event::Acted { fig });
            hth::contest_hth(ctx, fig, target, false, Attr::Str, true)
        }
        Action::WaitTurn { fig } => {
            attack::bayonet::wait_turn(ctx, fig);
            Ok(())
        }
        Action::PowerThrow { fig, target, bonus } => {
            ctx.emit(Event::Acted { fig });
            attack::power::power_throw(ctx, fig, target, bonus)
        }
        // ---- fire (§16.11, §16.12, §16.13)
        Action::StopDropRoll { fig } => crate::fire::stop_drop_roll(ctx, fig),
        Action::Flame { fig, target, burst } => flame::flame(ctx, fig, target, burst),
        Action::Extinguish { fig, at } => crate::fire::extinguish(ctx, fig, at),
        Action::HelpPutOut { fig, target } => crate::fire::help_put_out(ctx, fig, target),
        // ---- energy weapons, shields, protective gear, smoke and gas
        Action::GrenadeNextMovement { fig, at } => {
            ctx.emit(Event::Acted { fig });
            grenade::throw_grenade(ctx, fig, at, true)
        }
        Action::PickUpGrenade { fig } => crate::cloud::pick_up(ctx, fig),
        Action::ThrowAgain { fig, at } => crate::cloud::throw_again(ctx, fig, at),
        Action::Mask { fig, on } => {
            crate::cloud::mask(ctx, fig, on);
            Ok(())
        }
        Action::Shield { fig, on } => crate::shield::declare(ctx, fig, on),
        Action::Light { fig, on } => {
            crate::light::switch(ctx, fig, on);
            Ok(())
        }
        Action::MovePack { fig, slot } => {
            crate::attack::energy::move_pack(ctx, fig, slot);
            Ok(())
        }
        // ---- ranged fire (§16.6, §21.5, §21.8)
        Action::Sweep { fig, from, to } => autofire::sweep(ctx, fig, from, to),
        Action::Suppress { fig, at } => suppression::suppress(ctx, fig, at),
        Action::LetDraw { fig } => quick_shot::let_draw(ctx, fig),
        // ---- order of the turn, awareness (§6.3.8, §9, §11.6)
        Action::Run { side, again } => crate::turn::running::declare(ctx, side, again),
        Action::Listen { fig } => {
            ctx.emit(Event::Acted { fig });
            ctx.emit(Event::Listening { fig });
            Ok(())
        }
        Action::KeepGuard { fig } => {
            ctx.emit(Event::Acted { fig });
            Ok(())
        }
        // ---- microgravity and vacuum (§17.10, §17.11)
        Action::Float { fig, to } => crate::microgravity::float(ctx, fig, to),
        Action::Pull { fig, to } => crate::microgravity::pull(ctx, fig, to),
        Action::Brake { fig } => crate::microgravity::brake(ctx, fig),
        Action::Patch { fig } => crate::vacuum::patch(ctx, fig),
        Action::ShootTether { fig, target } => crate::microgravity::shoot_tether(ctx, fig, target),
        // ---- hand to hand and the arena (§11.9.2, §19.1)
        Action::PickUpInHth { fig, owner, slot } => hth::pick_up(ctx, fig, owner, slot),
        Action::EscapeArena { fig } => crate::escape::escape(ctx, fig),
    }
}

/// SK-11.7.4-c: a prone figure readying rolls 3d6 against DEX; true when it fails.
fn prone_ready_fails(ctx: &mut Ctx, fig: FigId) -> Result<bool, ResolveError> {
    let f = ctx.s.fig(fig).clone();
    if !f.posture.down() {
        return Ok(false);
    }
    let ok = ctx.check(fig, "ready", 3, f.dex, RuleId("SK-11.7.4-c"))?;
    Ok(!ok)
}
