//! Who may be attacked, and how: the enemies (SK-19.2-a), targets for a missile or thrown weapon
//! (SK-10.5-d, SK-13.6-b, SK-17.7), melee reach (SK-16.2-c, G-46), when hand to hand may be
//! attempted (SK-16.15.3-a), and who may Defend (SK-11.4-b).

use crate::combat::armor::martial_arts_allowed;
use crate::combat::weapon_of;
use crate::data::{Class, Length, Wall};
use crate::geometry::{self, in_front};
use crate::state::{Condition, FigId, Figure, Posture, State, WeaponState};
use crate::turn::movement::movement_allowance;

pub(crate) fn enemies<'s>(
    s: &'s State,
    f: &Figure,
) -> impl Iterator<Item = (FigId, &'s Figure)> + 's {
    let side = f.side;
    // SK-19.2-a: in a fight to the death the unconscious (and the subdued, SK-16.15.6-b) may
    // still be attacked. SK-6.3.8: a hidden figure cannot be attacked (`crate::stealth`).
    let dead_only = s.rules.options.victory_dead;
    s.figures
        .iter()
        .enumerate()
        .filter(move |(_, e)| {
            e.side != side
                && !e.hidden
                && (e.active()
                    || (dead_only
                        && matches!(e.condition, Condition::Unconscious | Condition::Subdued)))
        })
        .map(|(i, e)| (i as FigId, e))
}

/// A target a missile or thrown weapon can be aimed at: in front (SK-10.5-d), on a clear line
/// (SK-13.6-b), not hidden by a wall (SK-17.7). A figure in an HTH brawl may be shot at: the
/// shot hits a member at random (SK-16.15.3-g, `attack::brawl`).
pub(crate) fn shootable(s: &State, f: &Figure, t: &Figure) -> bool {
    if !in_front(f, t.pos) {
        return false;
    }
    // SK-17.8-a, SK-10.3-c: pits protect those in them, and deep pits limit fire.
    if crate::terrain::pits::pit_blocks(s, f, t) {
        return false;
    }
    // Only the map's part of the line decides (the figures on it are hit or missed, SK-13.6-b).
    let (blocked, wall) = geometry::sight(s, f.pos, t.pos);
    if blocked {
        return false;
    }
    if let Some((wall, near_target, near_firer)) = wall {
        if near_firer && !geometry::can_fire_over(wall, f.posture) {
            return false;
        }
        if wall == Wall::High {
            return false;
        }
        if near_target
            && !t.exposed
            && geometry::wall_hides(wall, t.posture, f.pos.distance(t.pos), near_firer)
        {
            return false;
        }
        if !near_target && !near_firer && wall >= Wall::Two {
            return false;
        }
    }
    true
}

/// Whether `f` may attack `t` in melee now: adjacent in front (Long weapons also jab at 2,
/// SK-16.2-c / G-46).
pub(crate) fn melee_reach(s: &State, f: &Figure, t: &Figure) -> bool {
    if !in_front(f, t.pos) {
        return false;
    }
    let d = f.pos.distance(t.pos);
    if d == 1 {
        return true;
    }
    let long = weapon_of(s, f, f.ready).is_some_and(|w| {
        w.class == Class::Melee && w.length == Length::Long && !w.is_group("knife")
    });
    if d == 2 && long {
        let ahead = f.pos.neighbour(f.facing);
        let straight = ahead.neighbour(f.facing) == t.pos;
        return !straight || s.occupant(ahead).is_none();
    }
    false
}

/// SK-16.15.3-a: when hand-to-hand may be attempted.
pub(crate) fn may_grapple(s: &State, f: &Figure, t: &Figure) -> bool {
    // Hand to hand is fought in the defender's hex (SK-16.15.3-a); one standing outside the
    // brawl there (stopped over the fallen defender, SK-10.6-b) leaves no room for it.
    let crowded = s.figures.iter().any(|o| {
        o.id != t.id
            && o.id != f.id
            && o.pos == t.pos
            && o.active()
            && !o.posture.down()
            && !o.in_hth
    });
    if crowded {
        return false;
    }
    if t.in_hth {
        // SK-16.15.3-d: joining an HTH fight needs no roll and no condition.
        return true;
    }
    // SK-10.5-c: a crawling figure is come at from behind from any hex.
    let rear = geometry::attacked_from(t, f.pos) == fireteam_grid::Arc::Rear;
    let low = t.posture != Posture::Standing;
    let slower = movement_allowance(s, t) < movement_allowance(s, f);
    let cornered = (0..6).all(|d| {
        let p = t.pos.neighbour(d);
        p == f.pos || !s.passable(p) || s.anyone_at(p)
    });
    rear || low || slower || cornered
}

/// SK-11.4-b: Defend needs something in hand; bare hands only with Martial Arts 3+
/// (SK-16.15.4-d, G-44).
pub(crate) fn can_defend(s: &State, f: &Figure) -> bool {
    // SK-16.10-d: a weapon broken as a weapon by a parried sword still Defends.
    let parries = |slot: Option<u8>| {
        slot.and_then(|k| f.weapons[usize::from(k)])
            .is_some_and(|w| matches!(w.state, WeaponState::Ok | WeaponState::ParryOnly))
    };
    parries(f.ready) || parries(f.off_hand) || (f.martial_arts >= 3 && martial_arts_allowed(s, f))
}
