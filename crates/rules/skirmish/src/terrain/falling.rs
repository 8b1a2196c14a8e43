//! Falling (SK-10.3-a, G-57): 1d6 for every whole 5 m fallen (so nothing under 5 m), armor
//! stopping at most 2 hits. A pit's depth is map data (terrain `pit_depth`, a GM input); a
//! wall fallen onto is 1 m. [`fall_on_path`]: a fall "somewhere in his path", at a hex picked at
//! random (SK-17.1-b, SK-17.6-a).

use crate::combat::ctx::Ctx;
use crate::combat::damage::deal_damage;
use crate::event::Event;
use crate::progression::Damage;
use crate::state::{FigId, Pos};
use fireteam_engine::{ResolveError, RuleId};

/// The depth of a fall into `at`, in decimetres: a pit's depth, a wall's 1 m.
pub fn drop_dm(s: &crate::state::State, at: Pos) -> u16 {
    match s.terrain(at) {
        Some(t) if t.pit_dm > 0 => t.pit_dm,
        Some(t) if t.wall == crate::data::Wall::One => 10,
        _ => 0,
    }
}

/// SK-10.3-a, G-57: the dice of a fall of `dm` decimetres: floor(metres / 5).
pub fn falling_dice(dm: u16) -> u8 {
    (dm / 50).min(30) as u8
}

/// The figure falls into `at` (a pit, or onto a wall), lies there fallen, and takes the
/// fall's damage.
pub(crate) fn fall_into(
    ctx: &mut Ctx,
    fig: FigId,
    at: Pos,
    rule: RuleId,
) -> Result<(), ResolveError> {
    let depth_dm = drop_dm(&ctx.s, at);
    ctx.emit(Event::FellInto {
        fig,
        at,
        depth_dm,
        rule,
    });
    falling_damage(ctx, fig, depth_dm)
}

/// SK-10.3-a: the damage of a fall, armor stopping no more than 2 hits.
pub(crate) fn falling_damage(ctx: &mut Ctx, fig: FigId, depth_dm: u16) -> Result<(), ResolveError> {
    let dice = falling_dice(depth_dm);
    if dice == 0 || !ctx.s.fig(fig).active() {
        return Ok(());
    }
    let f = ctx.s.fig(fig);
    let armor = f
        .armor
        .and_then(|a| ctx.s.rules.armor.get(usize::from(a)))
        .map_or(0, |a| a.defense)
        .clamp(0, 2);
    deal_damage(
        ctx,
        fig,
        None,
        Damage::new(dice, 0),
        1,
        armor,
        false,
        RuleId("SK-10.3-a"),
    )?;
    Ok(())
}

/// SK-17.1-b, SK-17.6-a: a failed footing check: "the figure falls down somewhere in this path,
/// roll randomly to find where". The hexes he entered on ordinary ground with no one else in
/// them, the last one always among them, are split into six equal parts nearest first, and 1d6
/// picks one (invented: the book names no die); with one hex there is no roll. He lies fallen
/// there, and the rest of the move did not happen.
pub(crate) fn fall_on_path(
    ctx: &mut Ctx,
    fig: FigId,
    path: &[Pos],
    rule: RuleId,
) -> Result<(), ResolveError> {
    use crate::terrain::crossing::{ground, occupied, Occupied};
    let last = *path.last().expect("a path");
    let mut hexes: smallvec::SmallVec<[Pos; 12]> = path
        .iter()
        .skip(1)
        .copied()
        .filter(|p| {
            *p != last && ground(&ctx.s, *p) && occupied(&ctx.s, *p, fig) == Occupied::Empty
        })
        .collect();
    hexes.push(last);
    let at = if hexes.len() > 1 {
        let (_, face) = ctx.roll("fall-where", 1)?;
        hexes[((face.clamp(1, 6) - 1) as usize * hexes.len()) / 6]
    } else {
        last
    };
    if at == last {
        ctx.emit(Event::Effect {
            fig,
            effect: crate::event::Effect::Fell,
            rule,
        });
    } else {
        ctx.emit(Event::FellInto {
            fig,
            at,
            depth_dm: 0,
            rule,
        });
    }
    Ok(())
}
