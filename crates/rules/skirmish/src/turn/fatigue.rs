//! Fatigue (SK-21.3-h, optional; G-61): "each turn of melee attack, defense or full run
//! increase fatigue by one", read by G-61 as 1 nonlethal point per such turn. The book writes
//! it as an optional line of its own under the nonlethal rule, so it is its own option,
//! `sk.fatigue`, and it needs `sk.nonlethal` (fatigue is nonlethal damage).
//!
//! A turn of exertion is one in which the figure rolled a melee or hand-to-hand attack (a
//! parting blow and a set pole arm's strike too), started an opposed hand-to-hand struggle
//! (`Contest`), Defended (or parried with its other weapon), or made a Full Move (SK-10.7.6-a).
//! However many of these, the turn costs 1. It is added at the end of the turn, after the
//! nonlethal recovery, so a figure worn out at the end of a turn starts recovering at the end
//! of the next (SK-21.3-f). Fatigue is no hit: it spoils no breather, shakes no one and forces
//! no retreat; it can knock a figure out (SK-21.3-c), never kill him.
//!
//! The fatigue of a heavy load (SK-14.2-T1: 5–7 × STR, −1 STR every 2 minutes) is a rule of
//! the base game, dealt the same way at the end of every 24th turn.

use crate::combat::ctx::Ctx;
use crate::event::{Effect, Event};
use crate::state::{FigId, MoveKind};
use fireteam_engine::{ResolveError, RuleId};
use fireteam_scenario::{FieldError, Scenario};

/// At the end of the turn: 1 nonlethal for each active figure that exerted itself.
pub(crate) fn end_of_turn(ctx: &mut Ctx) -> Result<(), ResolveError> {
    let opts = ctx.s.rules.options;
    if !(opts.nonlethal && opts.fatigue) {
        return Ok(());
    }
    // SK-21.3-c, G-24: unconscious when the current STR is down to 1 (0 with the W&W reading).
    let ko = if opts.nonlethal_ko_ww { 0 } else { 1 };
    for i in 0..ctx.s.figures.len() {
        let f = &ctx.s.figures[i];
        if !f.active() || !(f.exerted || f.move_kind == MoveKind::Full) {
            continue;
        }
        let fig = i as FigId;
        ctx.emit(Event::Fatigued {
            fig,
            amount: 1,
            rule: RuleId("SK-21.3-h"),
        });
        if ctx.s.fig(fig).est() <= ko {
            ctx.emit(Event::Effect {
                fig,
                effect: Effect::Unconscious,
                rule: RuleId("SK-21.3-c"),
            });
        }
    }
    Ok(())
}

/// SK-14.2-T1: the turns of a tiring load's fatigue: 2 minutes of 5 s turns (SK-8.4-a).
pub const LOAD_FATIGUE_TURNS: u32 = 24;
/// SK-14.2-T1 "Max of 10 minutes": the fatigue stops after 120 turns, 5 points at most.
pub const LOAD_FATIGUE_MAX_TURNS: u32 = 120;

/// SK-14.2-T1: a figure carrying 5–7 × STR (the band fixed for the battle from his load under
/// its gravity, `Figure::tiring_load`) loses 1 STR of fatigue at the end of every 24th turn of
/// the battle, through the 120th (ours: the book's "Max of 10 minutes" read as the most the
/// loss runs, 5 points; the battle is taken to start with the load freshly taken up). The book
/// calls it nonlethal, so it is a `Fatigued` point of nonlethal damage whether or not the
/// optional nonlethal rules are on: it lowers eSTR and can knock him out (SK-12.4-c, G-24),
/// never kill him; without those rules nothing takes it away in the battle.
pub(crate) fn tiring_load(ctx: &mut Ctx) -> Result<(), ResolveError> {
    let turn = ctx.s.turn;
    if turn == 0 || !turn.is_multiple_of(LOAD_FATIGUE_TURNS) || turn > LOAD_FATIGUE_MAX_TURNS {
        return Ok(());
    }
    let opts = ctx.s.rules.options;
    let ko = if opts.nonlethal && opts.nonlethal_ko_ww {
        0
    } else {
        1
    };
    for i in 0..ctx.s.figures.len() {
        let f = &ctx.s.figures[i];
        if !f.active() || !f.tiring_load {
            continue;
        }
        let fig = i as FigId;
        ctx.emit(Event::Fatigued {
            fig,
            amount: 1,
            rule: RuleId("SK-14.2-T1"),
        });
        if ctx.s.fig(fig).est() <= ko {
            ctx.emit(Event::Effect {
                fig,
                effect: Effect::Unconscious,
                rule: RuleId("SK-12.4-c"),
            });
        }
    }
    Ok(())
}

/// `sk.fatigue` adds nonlethal damage, so it needs `sk.nonlethal`.
pub(crate) fn check_scenario(scenario: &Scenario) -> Vec<FieldError> {
    let on = |n: &str| scenario.option(n).and_then(|v| v.as_bool()) == Some(true);
    if on("sk.fatigue") && !on("sk.nonlethal") {
        return vec![FieldError::new(
            "options.\"sk.fatigue\"",
            "sk.fatigue adds nonlethal damage, but sk.nonlethal is off",
        )
        .with_help("add \"sk.nonlethal\" = true, or remove sk.fatigue")];
    }
    Vec::new()
}
