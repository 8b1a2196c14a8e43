//! Two-weapon fighting (SK-6.5.3, G-44, G-47): who may fight with a weapon in each hand, and
//! both attacks at one action slot, the first at its normal value and the second at −4, at the
//! same target or another (G-47: the second comes at the same slot, not staggered). Attacking
//! with one weapon while the other parries is a Defend (`Guard::Parry`, G-44: parrying with
//! both is a plain Defend, with nothing more).

use crate::action::Strike;
use crate::attack::melee::melee;
use crate::combat::ctx::Ctx;
use crate::data::{Class, Length, Weapon};
use crate::geometry::in_front;
use crate::hands::{combination, off_weapon};
use crate::skills;
use crate::state::{FigId, Figure, Posture, State};
use fireteam_engine::ResolveError;

/// Whether `f` may fight with both weapons in hand (SK-6.5.3-a): two melee weapons that are a
/// combination (sword and dagger, …: the catalog's `combination`), which anyone may fight
/// with; or any two with Two Weapon Fighting and the skills for both ("Prerequisites: … skills
/// for all weapons used"). The book's list of what a two-weapon fighter "can" do is read as
/// what fighting with a combination allows too (the skill only widens which pairs).
pub(crate) fn may_fight_with_both(s: &State, f: &Figure) -> bool {
    let (Some(main), Some(off)) = (
        f.ready_slot()
            .and_then(|sl| s.rules.weapons.get(usize::from(sl.weapon))),
        off_weapon(s, f),
    ) else {
        return false;
    };
    if main.class != Class::Melee || off.class != Class::Melee {
        return false;
    }
    if combination(main, off) {
        return true;
    }
    let knows = |w: &Weapon| w.skill.is_none() || skills::has(f.skills, w.skill_bit);
    skills::has(f.skills, skills::bit("two_weapon_fighting")) && knows(main) && knows(off)
}

/// Whether the weapon `w` in `f`'s hand reaches `t` (SK-13.4-a, SK-16.2-c): adjacent in front,
/// or two hexes for a long pole weapon (as `legal::targets::melee_reach` for the main hand).
pub(crate) fn reaches_with(s: &State, f: &Figure, w: &Weapon, t: &Figure) -> bool {
    if !in_front(f, t.pos) {
        return false;
    }
    match f.pos.distance(t.pos) {
        1 => true,
        2 if w.length == Length::Long && !w.is_group("knife") => {
            let ahead = f.pos.neighbour(f.facing);
            ahead.neighbour(f.facing) != t.pos || s.occupant(ahead).is_none()
        }
        _ => false,
    }
}

/// SK-6.5.3-b: the main weapon at `first`, then the other at `second` at −4, both at this
/// slot. The second blow is not struck if the fighter fell, lost his other weapon, or its
/// target is out or out of reach.
pub(crate) fn both_attacks(
    ctx: &mut Ctx,
    fig: FigId,
    first: FigId,
    second: FigId,
) -> Result<(), ResolveError> {
    melee(ctx, fig, first, Strike::Normal, false)?;
    let f = ctx.s.fig(fig).clone();
    let t = ctx.s.fig(second).clone();
    let ok = f.active()
        && f.posture == Posture::Standing
        && t.active()
        && off_weapon(&ctx.s, &f).is_some_and(|w| reaches_with(&ctx.s, &f, w, &t));
    if ok {
        melee(ctx, fig, second, Strike::SecondWeapon, false)?;
    }
    Ok(())
}
