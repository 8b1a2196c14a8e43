//! The action phase (SK-8.4.3-a, SK-11-c, G-12): the action order by frozen ordering eDEX, who
//! acts next, and which figures may act (SK-8.4.3-b). A missile weapon's later shots of the turn
//! come in at later eDEX steps (SK-12-e, G-33).

use crate::combat::ctx::Ctx;
use crate::combat::edex::order_dex;
use crate::event::Event;
use crate::state::{FigId, Figure, Phase, Posture, State};
use fireteam_engine::ResolveError;
use smallvec::SmallVec;

/// The figure whose decision it is in the action phase, and whether it is a later shot.
pub fn next_actor(s: &State) -> Option<(FigId, bool)> {
    // SK-16.3-d: a bayonet strikes before any other weapon, whatever the eDEX.
    if let Some(f) = s.act_order.iter().copied().find(|&f| {
        let g = s.fig(f);
        g.bayonet_first && !g.acted && can_act(g)
    }) {
        return Some((f, false));
    }
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
pub(crate) fn can_act(f: &Figure) -> bool {
    f.active() && f.posture != Posture::Fallen && f.stunned == 0
}

/// SK-11-c / G-12: the action order by frozen ordering eDEX, ties by this turn's movement
/// order (options: the initiative winner first, or a die).
pub(crate) fn begin_actions(ctx: &mut Ctx) -> Result<(), ResolveError> {
    // The ordering eDEX is read in the action phase (SK-12.4-d's window may have closed).
    ctx.emit(Event::Phase {
        phase: Phase::Action,
    });
    let s = &ctx.s;
    let mut list: SmallVec<[(FigId, i16, usize, i32); 8]> = SmallVec::new();
    for &f in s.move_order.iter() {
        let g = s.fig(f);
        if g.active() {
            // Ties in the initiative order, which a chase does not change (SK-10-e).
            list.push((f, order_dex(s, g), usize::from(g.init_rank), 0));
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
    // SK-16.3-d: fixed bayonets with a foe in reach strike first.
    crate::attack::bayonet::strike_first(ctx);
    Ok(())
}
