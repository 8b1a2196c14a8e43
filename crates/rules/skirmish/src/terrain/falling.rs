//! Falling (SK-10.3-a, G-57): 1d6 for every whole 5 m fallen (so nothing under 5 m), armor
//! stopping at most 2 hits. A pit's depth is map data (terrain `pit_depth`, a GM input); a
//! wall fallen onto is 1 m.

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
