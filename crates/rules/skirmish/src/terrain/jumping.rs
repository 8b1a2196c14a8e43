//! Jumping (SK-10.2): a jump costs no extra MOV (a 2-hex pit takes 2 MOV), but needs a saving
//! roll of N d6 against STR + DEX (G-56): 2 dice for a 1-hex hole, 5 for 2 hexes, 8 for 3
//! (SK-10.2-a), the width counted under the battle's gravity (SK-17.9-d). A miss falls into the
//! pit or onto the wall, a random hex of a wider one (SK-10.2-b); over a pit more than 2 m deep
//! the jumper may first grab the other side (3d6 vs DEX) and pull himself up (4d6 vs STR), and
//! takes 1 hit on any failure (SK-10.2-c). An Acrobat's leap bonus is a GM input
//! (SK-6.4.1-b, option `sk.acrobatics_leap`, 0 by default).

use crate::combat::ctx::Ctx;
use crate::combat::damage::deal_damage;
use crate::data::AttackType;
use crate::event::Event;
use crate::progression::Damage;
use crate::skills;
use crate::state::{FigId, Pos};
use crate::terrain::crossing::{effective_width, jump_dice};
use crate::terrain::falling::fall_into;
use fireteam_engine::{ResolveError, RuleId};

/// How a jump ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Jump {
    /// Over: the move goes on.
    Landed,
    /// Missed, grabbed the other side and pulled himself up: he is on the far side and the
    /// move ends (SK-10.2-c).
    PulledUp,
    /// Fell into the `k`-th hex jumped (SK-10.2-b).
    Fell(usize),
}

/// The jump from `from` over the hexes `over` to `to`.
pub(crate) fn jump(
    ctx: &mut Ctx,
    fig: FigId,
    from: Pos,
    over: &[Pos],
    to: Pos,
) -> Result<Jump, ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let opts = ctx.s.rules.options;
    let width = over.len().min(255) as u8;
    // SK-17.9-d, G-56: the width under gravity.
    let mut effective = effective_width(width, opts.gravity_percent);
    // SK-6.4.1-b (GM input): an Acrobat's leap, on a 3d6 DEX check.
    if opts.acrobatics_leap > 0
        && effective > 1
        && skills::has(f.skills, skills::ACROBATICS)
        && ctx.check(fig, "leap", 3, f.dex, RuleId("SK-6.4.1-b"))?
    {
        effective = effective.saturating_sub(opts.acrobatics_leap).max(1);
    }
    // The reach offers only jumps the book gives dice for.
    let dice = jump_dice(effective).unwrap_or(8);
    // SK-10.2-a, G-56: N d6 ≤ STR + DEX (current STR).
    let target = f.est() + f.dex;
    if ctx.check(fig, "jump", dice, target, RuleId("SK-10.2-a"))? {
        ctx.emit(Event::Jumped {
            fig,
            from,
            to,
            width,
            effective,
            rule: RuleId("SK-10.2-a"),
        });
        return Ok(Jump::Landed);
    }
    // SK-10.2-b: into the pit or onto the wall; a random hex of a wider one (1d6 in equal
    // parts, nearest first).
    let k = if over.len() > 1 {
        let (_, face) = ctx.roll("fall-hex", 1)?;
        ((face.clamp(1, 6) - 1) as usize * over.len()) / 6
    } else {
        0
    };
    let at = over[k];
    let deep = ctx.s.terrain(at).is_some_and(|t| t.deep_pit());
    if deep {
        // SK-10.2-c: grab the other side (3d6 vs DEX), then pull up (4d6 vs STR).
        if ctx.check(fig, "grab", 3, f.dex, RuleId("SK-10.2-c"))? {
            let est = ctx.s.fig(fig).est();
            if ctx.check(fig, "pull-up", 4, est, RuleId("SK-10.2-c"))? {
                ctx.emit(Event::Jumped {
                    fig,
                    from,
                    to,
                    width,
                    effective,
                    rule: RuleId("SK-10.2-c"),
                });
                return Ok(Jump::PulledUp);
            }
        }
        // "whenever you fail you take 1 hit or fatigue damage" (G-56: nonlethal with the
        // optional rule, otherwise 1 lethal).
        one_hit(ctx, fig)?;
    }
    fall_into(ctx, fig, at, RuleId("SK-10.2-b"))?;
    Ok(Jump::Fell(k))
}

/// SK-10.2-c, G-56: one hit, fatigue (nonlethal) under the optional nonlethal rules.
fn one_hit(ctx: &mut Ctx, fig: FigId) -> Result<(), ResolveError> {
    if ctx.s.rules.options.nonlethal {
        ctx.hit.kind = AttackType::Stunning;
    }
    deal_damage(
        ctx,
        fig,
        None,
        Damage::points(1),
        1,
        0,
        false,
        RuleId("SK-10.2-c"),
    )?;
    Ok(())
}
