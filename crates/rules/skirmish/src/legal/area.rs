//! Grenades thrown at an area (SK-16.12-b: "you aren't trying to strike an enemy, but an area
//! near enemies"). A grenade may land on any hex; the legal list offers a small canonical set, so
//! that the greedy AI, which scores every legal action, stays cheap:
//!
//! * every enemy's hex (listed with the other attacks, `legal::action`);
//! * then, here, after every other option of the action phase: every hex next to an enemy (the
//!   blast or the cloud catches him there, and a foe between two friends can be hit from his far
//!   side; a hex next to two foes catches both);
//! * for a screening grenade (smoke, anti-laser smoke) also the hex halfway to each enemy (smoke
//!   laid between the shooters and the thrower) and each friend's hex (smoke laid on him).
//!
//! Every hex lies in the thrower's front arc (SK-10.5-d), within floor(2.25 × STR) hexes
//! (SK-16.12-f, G-51) and on ground a grenade can land on. Each throw comes with either fuse
//! (SK-16.12-g), and a burning smoke or gas grenade picked up is thrown again at the same hexes
//! (SK-16.12-u). Hidden enemies give nothing away: only the enemies a figure may attack count.

use crate::action::Action;
use crate::data::{Class, GrenadeKind};
use crate::geometry::{engagers_of, in_front};
use crate::legal::action::moved_at_most;
use crate::legal::targets::enemies;
use crate::state::{FigId, Figure, MoveKind, Pos, State};
use crate::turn::movement::movement_allowance;
use fireteam_grid::{line, LineStep};
use smallvec::SmallVec;

/// The canonical area hexes, at most a few dozen.
type Hexes = SmallVec<[Pos; 24]>;

/// SK-16.12-b: the throws at an area of `id`, after every other option of the action phase.
pub(crate) fn area_actions(s: &State, id: FigId, out: &mut Vec<Action>) {
    let f = s.fig(id);
    let ready = crate::combat::weapon_of(s, f, f.ready).filter(|_| f.ready_slot().is_some());
    let grenade = ready.filter(|w| w.class == Class::Grenade);
    if grenade.is_none() && f.holding.is_none() {
        return;
    }
    // As any grenade throw: not engaged, after at most a Step, on his feet (SK-25-a, SK-16.12-b).
    let mov = movement_allowance(s, f);
    if engagers_of(s, f, f.pos) != 0 || !moved_at_most(f, MoveKind::Step, mov) || f.posture.down() {
        return;
    }
    if let Some(w) = grenade {
        let hexes = area_hexes(s, f, screens(w.grenade));
        for &at in &hexes {
            out.push(Action::Grenade { fig: id, at });
        }
        // SK-16.12-g: the other fuse; a molotov has none.
        if w.grenade != Some(GrenadeKind::Molotov) {
            for &at in &hexes {
                out.push(Action::GrenadeNextMovement { fig: id, at });
            }
        }
    }
    // SK-16.12-u: a burning smoke or gas grenade in hand, thrown again.
    if let Some(h) = f.holding {
        let kind = s.rules.weapons[usize::from(h.weapon)].grenade;
        for at in area_hexes(s, f, screens(kind)) {
            out.push(Action::ThrowAgain { fig: id, at });
        }
    }
}

/// Smoke and anti-laser smoke are thrown to screen, tear gas and blast grenades at foes.
fn screens(kind: Option<GrenadeKind>) -> bool {
    matches!(kind, Some(GrenadeKind::Smoke | GrenadeKind::AntiLaser))
}

/// The canonical area hexes of `f` (see the module doc), in a fixed order, each once, none an
/// enemy's hex (those are offered with the attacks).
fn area_hexes(s: &State, f: &Figure, screen: bool) -> Hexes {
    let max = (9 * i32::from(f.st) / 4).max(0) as u32;
    let foe_at = |p: Pos| enemies(s, f).any(|(_, e)| e.pos == p);
    let mut out = Hexes::new();
    let offer = |p: Pos, out: &mut Hexes| {
        let d = f.pos.distance(p);
        if d > 0 && d <= max && s.passable(p) && in_front(f, p) && !foe_at(p) && !out.contains(&p) {
            out.push(p);
        }
    };
    for (_, e) in enemies(s, f) {
        for dir in 0..6u8 {
            offer(e.pos.neighbour(dir), &mut out);
        }
    }
    if screen {
        for (_, e) in enemies(s, f) {
            if let Some(p) = halfway(f.pos, e.pos) {
                offer(p, &mut out);
            }
        }
        for o in s.figures.iter() {
            if o.side == f.side && o.id != f.id && o.active() {
                offer(o.pos, &mut out);
            }
        }
    }
    out
}

/// The middle hex of those between `a` and `b` (the line of fire's own cells, SK-13.6-b; on an
/// edge between two hexes, the first of them); `None` when they are adjacent.
fn halfway(a: Pos, b: Pos) -> Option<Pos> {
    let cells: SmallVec<[Pos; 24]> = line(a.hex(), b.hex())
        .map(|step| match step {
            LineStep::Single(c) | LineStep::Edge(c, _) | LineStep::Corner(c) => Pos::from_hex(c),
        })
        .collect();
    cells.get(cells.len() / 2).copied()
}
