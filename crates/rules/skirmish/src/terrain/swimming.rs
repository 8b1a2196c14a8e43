//! Deep water (SK-17.2-a, SK-6.2.9-a, G-56, G-68): it cannot be fought in (no attacks, G-56);
//! a figure in it swims at a GM-set share of his MOV (option `sk.swim_mov_percent`, half by
//! default, G-68); one without the Swimming skill makes a 3d6 DEX check every turn, the
//! encumbrance DEX penalty applying ("encumbrance reduces this directly"), or begins to drown:
//! 1d6 damage, nonlethal under the optional nonlethal rules, lethal otherwise (G-68, invented).
//! With Swimming the roll is only for emergencies, which the GM calls: none in battle.

use crate::combat::ctx::Ctx;
use crate::combat::damage::deal_damage;
use crate::data::AttackType;
use crate::progression::Damage;
use crate::skills;
use crate::state::{FigId, Figure, State};
use fireteam_engine::{ResolveError, RuleId};

/// The figure is in deep water.
pub fn in_deep_water(s: &State, f: &Figure) -> bool {
    s.terrain(f.pos).is_some_and(|t| t.deep_water)
}

/// G-68: swimming MOV, a share of MOV rounded up.
pub fn swimming_mov(s: &State, mov: i32) -> i32 {
    (mov * i32::from(s.rules.options.swim_mov_percent) + 99) / 100
}

/// SK-6.2.9-a: at the end of the turn, everyone in deep water without Swimming rolls or
/// begins to drown.
pub(crate) fn drowning(ctx: &mut Ctx) -> Result<(), ResolveError> {
    for i in 0..ctx.s.figures.len() {
        let f = &ctx.s.figures[i];
        if !f.active()
            || !in_deep_water(&ctx.s, f)
            || skills::has(f.skills, skills::bit("swimming"))
        {
            continue;
        }
        let fig = i as FigId;
        let target = f.dex + f.enc_dex;
        if ctx.check(fig, "swim", 3, target, RuleId("SK-6.2.9-a"))? {
            continue;
        }
        if ctx.s.rules.options.nonlethal {
            ctx.hit.kind = AttackType::Stunning;
        }
        deal_damage(
            ctx,
            fig,
            None,
            Damage::new(1, 0),
            1,
            0,
            false,
            RuleId("SK-6.2.9-a"),
        )?;
    }
    Ok(())
}
