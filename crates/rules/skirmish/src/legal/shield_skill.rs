//! The Shield skill (SK-6.1.7-a, SK-14.1-g): "the ability to hold a shield in one hand while
//! fighting with a weapon in another". A figure without it may still hold a shield in hand for
//! its defense (SK-14.1-c), but makes no attack with a weapon while it is there: no blow, shot,
//! throw or grenade, no parting blow, set pole arm or opportunity fire. What uses no weapon stays
//! open: a punch with the empty hand, a slam ("a shield-rush", SK-16.14-a), Martial Arts
//! knockdowns and throws, going hand to hand. To fight with his weapon he slings the shield on
//! his back first (`Action::SlingShield`, the re-sling of a Ready, SK-11.7.4-a, within a Ready's
//! limits), or readies a weapon that needs both hands (SK-13.3-a).
//!
//! Our reading (no GAPS.md entry): §6.9.1 lists Shield among the weapon groups, whose lack costs
//! −4 "on all rolls to hit" with the weapon; a shield makes no roll to hit of its own (GAPS §E
//! #1: defence only), so the only thing the missing skill can take away is the fighting beside
//! it. A parrying dagger (SK-14.1-d) is no shield and needs no Shield skill.

use crate::action::{Action, Strike};
use crate::data::ArmorKind;
use crate::skills;
use crate::state::{FigId, Figure, Guard, State};

/// The Shield skill's bit.
const SHIELD: u64 = skills::bit("shield");

/// Whether `f` holds a shield in hand without the Shield skill.
pub(crate) fn barred(s: &State, f: &Figure) -> bool {
    crate::hands::shield_in_hand(f)
        && !skills::has(f.skills, SHIELD)
        && f.shield
            .and_then(|a| s.rules.armor.get(usize::from(a)))
            .is_some_and(|a| a.kind == ArmorKind::Shield)
}

/// SK-6.1.7-a: the attacks with a weapon of the barred figures are struck from `out[start..]`.
/// Cheap when no figure is barred (every shipped battle but a shield-bearer's without the skill).
pub(crate) fn strip(s: &State, out: &mut Vec<Action>, start: usize) {
    if !s.figures.iter().any(|f| f.active() && barred(s, f)) {
        return;
    }
    let mut k = 0;
    out.retain(|a| {
        k += 1;
        k <= start
            || !a
                .fig()
                .is_some_and(|fig| barred(s, s.fig(fig)) && with_weapon(s, a))
    });
}

/// SK-6.1.7-a: the shield slung, offered to a barred figure within a Ready's limits.
pub(crate) fn sling_actions(s: &State, id: FigId, out: &mut Vec<Action>) {
    if barred(s, s.fig(id)) {
        out.push(Action::SlingShield { fig: id });
    }
}

/// A weapon in the main hand.
fn armed(s: &State, fig: FigId) -> bool {
    let f = s.fig(fig);
    f.ready_slot().is_some()
}

/// Whether `a` attacks with a weapon (see the module doc).
fn with_weapon(s: &State, a: &Action) -> bool {
    match *a {
        Action::Attack { fig, strike, .. } => match strike {
            Strike::Slam
            | Strike::Knockdown
            | Strike::KnockdownStr
            | Strike::Throw
            | Strike::ThrowStr => false,
            Strike::Normal => armed(s, fig),
            _ => true,
        },
        Action::Punish { fig, .. } => armed(s, fig),
        Action::StandStill { guard, .. } => guard == Guard::Set,
        Action::Shoot { .. }
        | Action::Throw { .. }
        | Action::AimedShot { .. }
        | Action::QuickShot { .. }
        | Action::Grenade { .. }
        | Action::GrenadeNextMovement { .. }
        | Action::ThrowAgain { .. }
        | Action::Flame { .. }
        | Action::Sweep { .. }
        | Action::Suppress { .. }
        | Action::Cover { .. }
        | Action::PowerThrow { .. }
        | Action::ShootAndStab { .. }
        | Action::TwoWeapons { .. }
        | Action::ShootTether { .. } => true,
        _ => false,
    }
}
