//! The end of the turn: clouds grow and clear (SK-16.12-q), grenades on an end-of-turn fuse go
//! off (SK-16.12-g), tear gas takes effect (SK-16.12-s), soaked figures and fires burn
//! (SK-16.12-j/k), nonlethal damage is recovered (SK-21.3-e/f), and the battle ends at the turn
//! limit.

use crate::attack::grenade::explode;
use crate::combat::ctx::Ctx;
use crate::event::Event;
use crate::state::{Condition, FigId, LiveGrenade};
use crate::turn::victory::outcome;
use fireteam_engine::{Outcome, ResolveError};

pub(crate) fn end_turn(ctx: &mut Ctx) -> Result<(), ResolveError> {
    // Clouds grow, drift and clear (SK-16.12-q/r, G-51), before this turn's grenades go off: a
    // cloud that forms now is one hex for the whole of its first turn.
    crate::cloud::grow_and_clear(ctx);
    // Grenades on an end-of-turn fuse (SK-16.12-g).
    let live: Vec<LiveGrenade> = ctx.s.grenades.clone();
    for g in live.iter().filter(|g| g.end_of_turn) {
        explode(ctx, g)?;
    }
    // Tear gas (SK-16.12-s/v): anyone in a gas cloud without a mask on.
    crate::cloud::tear_gas(ctx);
    // SK-16.12-u: a burning grenade held in the hand.
    crate::cloud::burning_hands(ctx)?;
    // SK-14.3-d: an energy shield's field burns those in it without a protective suit.
    crate::shield::field_damage(ctx)?;
    // ---- fire (SK-16.11, SK-16.12-j/k): soaked figures, figures on fire, and those who
    // stayed in a fire burn.
    crate::fire::end_of_turn(ctx)?;
    // SK-15.1-a, G-48: a sword in hand spends a turn of its battery.
    crate::attack::swords::battery_turn(ctx);
    // SK-6.2.9-a: swimming or drowning in deep water.
    crate::terrain::swimming::drowning(ctx)?;
    // ---- vacuum (SK-17.11-c/d, G-55): patches, leaks and hostile air.
    crate::vacuum::end_of_turn(ctx)?;
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
    // ---- order of the turn, fatigue: a turn of exertion tires (SK-21.3-h, optional), and the
    // first turn's surprise is over (SK-8.1-b).
    crate::turn::fatigue::end_of_turn(ctx)?;
    crate::turn::fatigue::tiring_load(ctx)?;
    crate::turn::surprise::end_of_turn(ctx);
    let turn = ctx.s.turn;
    ctx.emit(Event::TurnEnded { turn });
    if turn >= ctx.s.rules.max_turns {
        let o = outcome(&ctx.s).unwrap_or(Outcome::Draw);
        ctx.emit(Event::BattleOver { outcome: o });
    }
    Ok(())
}
