//! The end of the turn: grenades on an end-of-turn fuse go off (SK-16.12-g), clouds grow and
//! clear (SK-16.12-q), tear gas takes effect (SK-16.12-s), soaked figures and fires burn
//! (SK-16.12-j/k), nonlethal damage is recovered (SK-21.3-e/f), and the battle ends at the turn
//! limit.

use crate::attack::grenade::explode;
use crate::combat::ctx::Ctx;
use crate::event::{Effect, Event};
use crate::state::{Condition, FigId, LiveGrenade};
use crate::turn::victory::outcome;
use fireteam_engine::{Outcome, ResolveError, RuleId};

pub(crate) fn end_turn(ctx: &mut Ctx) -> Result<(), ResolveError> {
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
    // ---- fire (SK-16.11, SK-16.12-j/k): soaked figures, figures on fire, and those who
    // stayed in a fire burn.
    crate::fire::end_of_turn(ctx)?;
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
    let turn = ctx.s.turn;
    ctx.emit(Event::TurnEnded { turn });
    if turn >= ctx.s.rules.max_turns {
        let o = outcome(&ctx.s).unwrap_or(Outcome::Draw);
        ctx.emit(Event::BattleOver { outcome: o });
    }
    Ok(())
}
