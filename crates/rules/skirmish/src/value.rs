//! A heuristic value for the greedy AI (section 5 of the issue): wounds and losses first, then
//! small positional terms that encode what a SKIRMISH player knows: stay out of enemy threat
//! zones you cannot fight from (SK-8.3-a), get low or behind a wall when enemies can shoot
//! (SK-17.7, SK-24-T2), keep an aim (SK-13.7-c), and close with the enemy when you carry a
//! melee weapon (or go hand to hand when stronger, SK-16.15.3).

use crate::action::Action;
use crate::data::Class;
use crate::geometry::{self, threatens};
use crate::legal::targets::shootable;
use crate::state::{FigId, Figure, Phase, Pos, Posture, State};
use crate::system::Skirmish;
use fireteam_engine::{Evaluate, SideId};

pub(crate) fn harm(s: &State, f: &Figure) -> f64 {
    if !f.active() {
        return 1.5;
    }
    let st = f64::from(f.st.max(1));
    let mut h = f64::from(f.damage.max(0)) / st;
    if f.posture == Posture::Fallen {
        h += 0.05;
    }
    h += unready(s, f);
    // ---- SK-6.1.7-a: a weapon he may not fight with (a shield in hand without the Shield
    // skill) is as good as none until the shield is slung.
    if f.ready_slot().is_some() && crate::legal::shield_skill::barred(s, f) {
        h += 0.1;
    }
    let h = h + fire_harm(s, f) / st + practice_harm(s, f);
    h + blast_harm(s, f, h)
}

/// ---- grenades (§16.12): the harm the HE grenades lying live on the map are expected to do
/// him when they go off (SK-16.12-g, SK-16.12-o: 4d6 in the MH they land in, 2d6 in the ring
/// around it, through his armor as the blast meets it), so that a throw is worth its blast
/// before the fuse burns down, and standing by a live grenade is worth leaving. Zero with no
/// grenade live.
fn blast_harm(s: &State, f: &Figure, before: f64) -> f64 {
    if s.grenades.is_empty() {
        return 0.0;
    }
    let mut h = 0.0;
    for g in &s.grenades {
        let w = &s.rules.weapons[usize::from(g.weapon)];
        if w.grenade != Some(crate::data::GrenadeKind::He) {
            continue;
        }
        let dice = match f.pos.distance(g.pos) {
            0 | 1 => 4,
            2 => 2,
            _ => continue,
        };
        let armor = crate::combat::armor::armor_value(s, f, g.pos, Some(w))
            + i16::from(crate::combat::shielding::worn_r(s, f));
        h += crate::threat::expected_blast_harm(f, before, dice, armor);
    }
    h
}

/// How far he is from fighting with what he has, in harm: nothing while a weapon that can do
/// harm here is in hand and loaded; an action's worth (0.03) for an empty gun he has a magazine
/// for (a reload, G-73) or for hands that hold nothing to fight with here (empty, a smoke
/// grenade, a dropped or jammed weapon, a gun with nothing to reload it, a gun or grenade with
/// a foe at close quarters, SK-11.8-a) while he has something that would (carried, or lying at
/// his feet: a Ready or a pick-up, SK-11.7.4, SK-11.9.2-a; two actions' worth, 0.05, when that
/// is an empty gun, which then wants a reload too); a little for a magazine part spent
/// (so a quiet moment is used to reload) and for a grenade held while a gun waits. Graded, so
/// that each step toward fighting is worth taking, and shooting the last round costs only the
/// action that follows it.
fn unready(s: &State, f: &Figure) -> f64 {
    use crate::state::WeaponState;
    let close = close_quarters(s, f);
    let reloadable = |w: &crate::data::Weapon| w.rounds > 0 && f.spare_magazines > 0;
    // What can do harm here: at close quarters only a blade or club (SK-11.8-a).
    let fits = |w: &crate::data::Weapon| harmful(w) && (!close || w.class == Class::Melee);
    let gun_to_hand = || {
        f.weapons.iter().flatten().any(|sl| {
            let w = &s.rules.weapons[usize::from(sl.weapon)];
            sl.state == WeaponState::Ok
                && w.class == Class::Missile
                && (w.rounds == 0 || sl.rounds > 0 || reloadable(w))
        })
    };
    if let Some(sl) = f.ready_slot() {
        let w = &s.rules.weapons[usize::from(sl.weapon)];
        if fits(w) {
            // A grenade is thrown once: between throws, the gun is the weapon to hold.
            if w.class == Class::Grenade && gun_to_hand() {
                return 0.02;
            }
            if w.class != Class::Missile || w.rounds == 0 {
                return 0.0;
            }
            if sl.rounds > 0 {
                return if reloadable(w) {
                    0.01 * f64::from(w.rounds - sl.rounds.min(w.rounds)) / f64::from(w.rounds)
                } else {
                    0.0
                };
            }
            if reloadable(w) {
                return 0.03;
            }
        }
    }
    // Something else to fight with: carried, or his own dropped weapon at his feet, an action
    // away (a Ready or a pick-up), or two for an empty gun (and then a reload).
    let mut cost = 0.0f64;
    for sl in f.weapons.iter().flatten() {
        let w = &s.rules.weapons[usize::from(sl.weapon)];
        let usable = match sl.state {
            WeaponState::Ok | WeaponState::Jammed => true,
            WeaponState::Dropped => s.dropped.iter().any(|d| d.owner == f.id && d.pos == f.pos),
            _ => false,
        };
        if !usable || !fits(w) {
            continue;
        }
        let away = if w.class != Class::Missile || w.rounds == 0 || sl.rounds > 0 {
            0.03
        } else if reloadable(w) {
            0.05
        } else {
            continue;
        };
        cost = if cost == 0.0 { away } else { cost.min(away) };
    }
    cost
}

/// The nearest a grenade is thrown: out of its blast (SK-16.12-o: the MH it lands in and the
/// hexes next to it) with a hex to spare.
const GRENADE_CLEAR: u32 = 4;

/// A foe at close quarters: one whose threat zone he is in (SK-8.3-a), or a standing one
/// beside him, who engages him by turning to face him in the next movement (SK-10.5-a).
pub(crate) fn close_quarters(s: &State, f: &Figure) -> bool {
    s.figures.iter().any(|e| {
        e.side != f.side
            && e.active()
            && (threatens(e, f.pos)
                || (e.posture == Posture::Standing && e.pos.distance(f.pos) == 1))
    })
}

/// Whether he still has a gun to fight with (one with two shots or more in it, or a magazine
/// to fill it, G-73) or a grenade that wounds or burns, in hand or carried: a shooter, who
/// keeps his distance; otherwise a blade or his fists are what he fights with.
fn shooter(s: &State, f: &Figure) -> bool {
    f.weapons.iter().flatten().any(|sl| {
        let w = &s.rules.weapons[usize::from(sl.weapon)];
        matches!(
            sl.state,
            crate::state::WeaponState::Ok | crate::state::WeaponState::Jammed
        ) && match w.class {
            Class::Missile => {
                w.rounds == 0 || sl.rounds >= 2 || (w.rounds > 0 && f.spare_magazines > 0)
            }
            Class::Grenade => harmful(w),
            _ => false,
        }
    })
}

/// Whether he carries a blade or club (in hand or not): a gunman without one has no way to
/// fight at close quarters but to step away (SK-11.5-a).
fn carries_melee(s: &State, f: &Figure) -> bool {
    f.weapons.iter().flatten().any(|sl| {
        sl.state == crate::state::WeaponState::Ok
            && s.rules.weapons[usize::from(sl.weapon)].class == Class::Melee
    })
}

/// Whether a weapon can do harm: a blade or club, a thrown weapon, a gun, a grenade that
/// wounds or burns (not smoke or gas).
fn harmful(w: &crate::data::Weapon) -> bool {
    use crate::data::GrenadeKind;
    match w.class {
        Class::Melee | Class::Thrown | Class::Missile => true,
        Class::Grenade => matches!(
            w.grenade,
            Some(GrenadeKind::He | GrenadeKind::Molotov | GrenadeKind::Incendiary)
        ),
    }
}

/// ---- after the battle (§19.3): recorded hits of practice weapons, each a step toward the
/// agreed number that loses the practice (SK-19.3-b; a third of a loss with no agreed number).
/// Zero outside a practice.
fn practice_harm(s: &State, f: &Figure) -> f64 {
    if f.practice_hits == 0 {
        return 0.0;
    }
    let limit = match s.rules.options.practice_hits {
        0 => 3,
        n => n,
    };
    1.5 * f64::from(f.practice_hits) / f64::from(limit)
}

/// ---- fire (§16.11, §16.12): the hits fire is about to do him, so that putting a fire out
/// (rolling, an extinguisher, water) or leaving a burning hex is worth something. A soak burns 4
/// a turn (SK-16.12-k); a §16.11 fire its expected dice (limb ½, half 1⅔, whole 3½), counted
/// twice unless he is rolling it out this turn (SK-16.11-d); a fire hex he stands in, what
/// staying costs (SK-16.11-g, SK-16.12-j). Zero for a figure nowhere near a fire.
fn fire_harm(s: &State, f: &Figure) -> f64 {
    use crate::state::Blaze;
    let mut h = if f.burning > 0 { 4.0 } else { 0.0 };
    let blaze = match f.on_fire {
        Blaze::None => 0.0,
        Blaze::Limb => 0.5,
        Blaze::Half => 10.0 / 6.0,
        Blaze::Whole => 3.5,
    };
    h += if f.rolling { blaze } else { 2.0 * blaze };
    h += match crate::fire::hex_fire(s, f.pos) {
        Some(crate::data::HexFire::Burning) => 3.5,
        Some(crate::data::HexFire::Coals) => 7.0,
        None => 0.0,
    };
    if let Some(x) = s.fires.iter().find(|x| x.pos == f.pos) {
        h += if x.incendiary { 8.0 } else { 4.0 };
    }
    h
}

impl Evaluate for Skirmish {
    fn value(&self, s: &State, side: SideId) -> f64 {
        if let Phase::DisengageReaction {
            mover,
            opponent,
            to,
        } = s.phase
        {
            return disengaging(s, side, mover, opponent, to);
        }
        settled(s, side)
    }

    fn estimate(&self, s: &State, side: SideId, legal: &[Action], out: &mut Vec<Option<f64>>) {
        crate::estimate::estimate(s, side, legal, out);
    }
}

thread_local! {
    // The state a pending disengagement is valued in, reused (see `disengaging`).
    static AFTER_STEP: std::cell::RefCell<Option<State>> = const { std::cell::RefCell::new(None) };
}

/// SK-11.5-a/b: a disengagement waits on the opponent's attack before the step away, so the
/// state in between says nothing yet of what the step is for. It is valued as done: the mover
/// in his new hex, less the harm the opponent's blow is expected to do him (or, for the
/// opponent's side, plus it).
fn disengaging(s: &State, side: SideId, mover: FigId, opponent: FigId, to: Pos) -> f64 {
    // The attack of SK-11.5-b is made in melee (`legal::disengage`): a gun in hand makes none.
    let blow = crate::threat::plain_attack(s, opponent, mover)
        .filter(|spec| spec.kind == crate::event::AttackKind::Melee)
        .map_or(0.0, |spec| crate::threat::expected_harm(s, &spec));
    let stepped = AFTER_STEP.with(|cell| {
        let mut cell = cell.borrow_mut();
        let after = match cell.as_mut() {
            Some(a) => {
                a.copy_from(s);
                a
            }
            None => cell.insert(s.clone()),
        };
        after.phase = Phase::Action;
        let m = &mut after.figures[usize::from(mover)];
        m.pos = to;
        settled(after, side)
    });
    if s.fig(mover).side == side {
        stepped - blow
    } else {
        stepped + blow
    }
}

/// The value of a state with nothing pending.
fn settled(s: &State, side: SideId) -> f64 {
    let mut v = 0.0;
    for f in &s.figures {
        v += signed_harm(s, f, side);
    }
    for f in &s.figures {
        if f.side == side && f.active() {
            v += placed(s, side, f);
        }
    }
    v
}

/// How hard the clock pushes toward a fight: 1 at the start, 4 at the turn limit. A battle
/// still undecided at the limit is a draw (SK-19.2-a), which no side fights for (in the arena
/// every fighter of a draw is paid as a loser, SK-19.1-c), so waiting behind cover is worth less
/// the fewer turns are left.
fn urgency(s: &State) -> f64 {
    let limit = f64::from(s.rules.max_turns.max(1));
    1.0 + 3.0 * (f64::from(s.turn) / limit).min(1.0)
}

/// A figure's harm as it counts for `side`: his own side's is a loss, the enemy's a gain.
pub(crate) fn signed_harm(s: &State, f: &Figure, side: SideId) -> f64 {
    if f.side == side {
        -harm(s, f)
    } else {
        harm(s, f)
    }
}

/// What an active figure of `side` gains or loses by where he stands and faces, beyond his
/// harm: the positional terms of the value.
pub(crate) fn placed(s: &State, side: SideId, f: &Figure) -> f64 {
    let mut v = 0.0;
    let w = f
        .ready_slot()
        .map(|sl| &s.rules.weapons[usize::from(sl.weapon)]);
    // An empty gun is no shot: he wants to reload, or to close in with what else he has.
    let loaded = f
        .ready_slot()
        .is_some_and(|sl| sl.rounds > 0 || s.rules.weapons[usize::from(sl.weapon)].rounds == 0);
    // A grenade that wounds or burns, thrown like a shot, from outside its own blast: the MH it
    // lands in and the hexes around it (SK-16.12-o), with a hex to spare for a miss.
    let grenade = w.is_some_and(|w| w.class == Class::Grenade && harmful(w));
    let missile = w.is_some_and(|w| w.class == Class::Missile) && loaded || grenade;
    // A gunman with a foe at close quarters cannot fight from there, whatever he holds: taking
    // up another ranged weapon, or none, is no way out; stepping away is (SK-11.5-a), and a
    // step that stays beside a standing foe buys nothing.
    if !carries_melee(s, f) && close_quarters(s, f) {
        v -= 0.06;
    }
    // A shooter wants a clear shot; an empty hand wants a weapon.
    if missile {
        let engaged = s
            .figures
            .iter()
            .any(|e| e.side != side && e.active() && threatens(e, f.pos));
        // A shot the rules allow (SK-10.5-d, SK-13.6-b, SK-17.7): in front, on a line of fire
        // no wall or smoke closes, at a foe he can see; none while engaged (SK-11.8-a).
        // A shot is worth what it can do: the best chance among the foes he can shoot that a
        // hit gets through the armor (a pistol against a heavy vest is no shot at all).
        let mut best = 0.0f64;
        if !engaged {
            for e in &s.figures {
                if e.side != side
                    && e.active()
                    && !e.hidden
                    && (!grenade || f.pos.distance(e.pos) >= GRENADE_CLEAR)
                    && shootable(s, f, e)
                {
                    best = best.max(crate::threat::penetration(s, f, e));
                }
            }
        }
        if best > 0.0 {
            // With a shot, closing in only costs range (SK-13.6-a).
            v += 0.05 * best;
            return v;
        }
    }
    let mut nearest = u32::MAX;
    let mut seen_by = 0u32;
    let mut shooters = 0u32;
    for e in s.figures.iter().filter(|e| e.side != side && e.active()) {
        let d = f.pos.distance(e.pos);
        // Standing over a fallen foe in his hex (SK-10.6-b) is no place to strike him from
        // (a blow needs him in a front hex, SK-10.5-d, and a shot a line to him): counted as
        // a step further off than beside him.
        nearest = nearest.min(if d == 0 { 2 } else { d });
        let e_missile = e
            .ready_slot()
            .is_some_and(|sl| s.rules.weapons[usize::from(sl.weapon)].class == Class::Missile);
        if e_missile && d > 1 {
            shooters += 1;
            let (blocked, wall) = geometry::sight(s, e.pos, f.pos);
            let hidden = blocked
                || wall.is_some_and(|(w, near_target, near_firer)| {
                    near_target && geometry::wall_hides(w, f.posture, d, near_firer)
                });
            if !hidden {
                seen_by += 1;
            }
        }
        // In an enemy's threat zone without facing him: he gets the flank bonus.
        if threatens(e, f.pos) && !geometry::in_front(f, e.pos) {
            v -= 0.02;
        }
    }
    // A blade (or fists) is used on one's feet: lying low is worth nothing to him when no gun
    // is pointed his way (SK-11.1-a: he stands up and fights).
    if shooters == 0 && f.posture == Posture::Prone && !shooter(s, f) {
        v -= 0.01;
    }
    // Cover from the enemy's guns (SK-17.7, SK-24-T2): hidden from all of them, or low.
    if shooters > 0 {
        if seen_by == 0 {
            v += 0.03;
        } else if f.posture != Posture::Standing {
            v += 0.01;
        }
    }
    if nearest != u32::MAX {
        // Close in to fight: gently while he has a gun to fight with (so a hidden enemy is
        // hunted down rather than waited out: an empty gun's answer is a reload, G-73), hard
        // once a blade or his fists are all he has left. What he has, not what he holds: a
        // weapon taken in hand never makes the distance dearer.
        let pull = if shooter(s, f) { 0.004 } else { 0.01 };
        v -= pull * urgency(s) * f64::from(nearest);
    }
    v += 0.01 * f64::from(f.aim_turns.min(2));
    // Hand to hand (SK-16.15.3): +4 to hit both ways and STR-driven damage, so a
    // brawl favours the stronger, the better martial artist and the one with a knife.
    if f.in_hth {
        for e in s
            .figures
            .iter()
            .filter(|e| e.side != side && e.active() && e.in_hth && e.pos == f.pos)
        {
            let edge = f64::from(f.est() - e.est())
                + 2.0 * (f64::from(f.martial_arts) - f64::from(e.martial_arts));
            v += 0.01 * edge.clamp(-5.0, 5.0);
        }
    }
    v
}
