//! The movement options (SK-10): a figure on a knee or floating only turns (SK-21.4-f,
//! SK-17.10-g/h); one that is down stands up, stays down or crawls (SK-10-c, SK-10.7.2-a); a
//! standing figure stands still or moves within MOV, or shifts when engaged (SK-10.8). Each comes
//! in every facing, with Dodge or Defend declared with the movement when the options say so
//! (SK-11.4).

use crate::action::Action;
use crate::geometry::{engagers_of, with_reach};
use crate::legal::targets::can_defend;
use crate::state::{FigId, Figure, Guard, Pos, Posture, State};
use crate::terrain::climbing::climb_targets;
use crate::terrain::on_the_run::{grab_routes, grabbable};
use crate::turn::movement::movement_allowance;

/// The guards a movement option may carry (SK-11.4, SK-6.5.3-b), read once per figure: none
/// first, then Dodge (not engaged where the move ends, at most a Half Move), or Defend and
/// Parry (engaged where it ends).
struct Guards {
    in_movement: bool,
    defend: bool,
    parry: bool,
}

impl Guards {
    fn of(s: &State, f: &Figure) -> Guards {
        let in_movement = s.rules.options.defense_in_movement;
        Guards {
            in_movement,
            defend: in_movement && can_defend(s, f),
            // SK-6.5.3-b: parry with the other weapon, keeping the main one's attack.
            parry: in_movement && crate::attack::two_weapons::may_fight_with_both(s, f),
        }
    }

    /// The guards of one option, in their order, and how many.
    fn list(&self, dodge_ok: bool, engaged_at_end: bool) -> ([Guard; 3], usize) {
        let mut g = [Guard::None; 3];
        let mut n = 1;
        if !self.in_movement {
            return (g, n);
        }
        if dodge_ok && !engaged_at_end {
            g[n] = Guard::Dodge;
            n += 1;
        }
        if engaged_at_end && self.defend {
            g[n] = Guard::Defend;
            n += 1;
        }
        if engaged_at_end && self.parry {
            g[n] = Guard::Parry;
            n += 1;
        }
        (g, n)
    }

    /// Pushes `make(facing, guard)` for every facing from `first` round, each with every guard.
    fn push(
        &self,
        out: &mut Vec<Action>,
        first: u8,
        dodge_ok: bool,
        engaged_at_end: bool,
        make: impl Fn(u8, Guard) -> Action,
    ) {
        let (guards, n) = self.list(dodge_ok, engaged_at_end);
        push_facings(out, first, &guards[..n], make);
    }
}

/// Pushes `make(facing, guard)` for every facing from `first` round, each with every guard.
#[inline]
fn push_facings(
    out: &mut Vec<Action>,
    first: u8,
    guards: &[Guard],
    make: impl Fn(u8, Guard) -> Action,
) {
    match *guards {
        [a] => push_block(out, first, [a], make),
        [a, b] => push_block(out, first, [a, b], make),
        [a, b, c] => push_block(out, first, [a, b, c], make),
        _ => {
            for k in 0..6u8 {
                let facing = (first + k) % 6;
                out.extend(guards.iter().map(|&guard| make(facing, guard)));
            }
        }
    }
}

/// [`push_facings`] with `N` guards: one block of `6 × N` actions.
#[inline]
fn push_block<const N: usize>(
    out: &mut Vec<Action>,
    first: u8,
    guards: [Guard; N],
    make: impl Fn(u8, Guard) -> Action,
) {
    out.extend((0..6 * N).map(|j| make((first + (j / N) as u8) % 6, guards[j % N])));
}

/// Whether `f` may get up where he lies: no one else stands in his hex. A figure may stop in a
/// fallen figure's hex (SK-10.6-b); the book does not say what happens when the fallen one
/// rises, and one hex holds one standing figure (SK-10.6-a), so he must crawl out first.
/// The hexes an engaged figure may shift to (SK-10.8.3-a): a free neighbour where every foe
/// engaging him (`engaged`) still does, and that one step reaches as the move's resolution
/// searches it (not out over a deep pit's rim, SK-10.3-b).
pub(crate) fn shift_hexes(s: &State, f: &Figure, engaged: u64) -> smallvec::SmallVec<[Pos; 6]> {
    with_reach(s, f.id, f.pos, 1, true, |step| {
        (0..6u8)
            .map(|dir| f.pos.neighbour(dir))
            .filter(|&p| {
                s.passable(p)
                    && !s.anyone_at(p)
                    && engagers_of(s, f, p) & engaged == engaged
                    && step.entries.iter().any(|e| e.dest && e.pos == p)
            })
            .collect()
    })
}

fn room_to_stand(s: &State, f: &crate::state::Figure) -> bool {
    !s.figures.iter().any(|o| {
        o.id != f.id && o.pos == f.pos && o.active() && !o.posture.down() && !(o.in_hth && f.in_hth)
    })
}

pub(crate) fn movement_actions(s: &State, id: FigId, out: &mut Vec<Action>) {
    // ---- SK-17.9-c: completely incapacitated by his load: he lies still, as he is.
    let f = s.fig(id);
    if f.overloaded {
        out.push(Action::StandStill {
            fig: id,
            facing: f.facing,
            guard: Guard::None,
        });
        return;
    }
    let start = out.len();
    options(s, id, out);
    // ---- microgravity and vacuum (§17.10, §17.11): the tether's reach, floating on purpose,
    // pulling along the tether, patching a leak; after every other option.
    crate::microgravity::movement_actions(s, id, out, start);
    crate::vacuum::movement_actions(s, id, out);
    // ---- fire (§16.11): stop, drop and roll, after every other option (SK-16.11-d); a failed
    // INT check binds him to run or to leave a burning hex (SK-16.11-f/h).
    let f = s.fig(id);
    if crate::fire::may_roll(f) {
        out.push(Action::StopDropRoll { fig: id });
    }
    if f.must_run || f.must_leave {
        crate::fire::constrain_moves(s, id, out, start);
    }
    // ---- SK-9-c: a side that declared it runs again makes running moves only.
    if f.runs {
        crate::turn::running::constrain_moves(s, id, out, start);
    }
}

fn options(s: &State, id: FigId, out: &mut Vec<Action>) {
    let f = s.fig(id);
    let can_rise = room_to_stand(s, f);
    let mov = movement_allowance(s, f);
    let engaged = engagers_of(s, f, f.pos);
    if f.leg_out || s.turn < f.leg_down_until {
        // SK-21.4-f: down on a knee (or the leg is out, MOV 0): he may only turn, and one who
        // fell may get up on his good knee.
        if f.posture == Posture::Fallen && can_rise {
            out.push(Action::StandUp { fig: id });
        }
        for k in 0..6u8 {
            out.push(Action::StandStill {
                fig: id,
                facing: (f.facing + k) % 6,
                guard: Guard::None,
            });
        }
        return;
    }
    if f.floating {
        // SK-17.10-g/h: a floating figure cannot walk; it turns one hex-side (two with
        // Astrobatics) or tries to regain footing.
        for k in 0..6u8 {
            if !crate::microgravity::may_face(f, (f.facing + k) % 6) {
                continue;
            }
            out.push(Action::StandStill {
                fig: id,
                facing: (f.facing + k) % 6,
                guard: Guard::None,
            });
        }
        out.push(Action::StandUp { fig: id });
        return;
    }
    match f.posture {
        Posture::Fallen | Posture::Prone | Posture::Kneeling => {
            // Stand still (any facing, SK-10.5-a), stand up (SK-10.7.2-a), or crawl at MOV 2
            // (SK-10-c), staying down. A fallen figure's most direct choice is to get up.
            if f.posture == Posture::Fallen && can_rise {
                out.push(Action::StandUp { fig: id });
            }
            for k in 0..6u8 {
                let facing = (f.facing + k) % 6;
                out.push(Action::StandStill {
                    fig: id,
                    facing,
                    guard: Guard::None,
                });
            }
            if f.posture != Posture::Fallen && can_rise {
                out.push(Action::StandUp { fig: id });
            }
            if engaged == 0 {
                let crawl = if mov <= 1 { 1 } else { 2 };
                with_reach(s, id, f.pos, crawl, false, |r| {
                    for e in r.entries.iter().skip(1).filter(|e| e.dest && e.dist > 0) {
                        out.extend((0..6u8).map(|facing| Action::Crawl {
                            fig: id,
                            to: e.pos,
                            facing,
                        }));
                    }
                });
            }
            // ---- G-41: up from a knee, then a Half Move (engaged: a Shift).
            if can_rise {
                crate::turn::standing::stand_up_actions(s, f, engaged, out);
            }
        }
        Posture::Standing => {
            let guards = Guards::of(s, f);
            if engaged != 0 {
                // SK-10.8: stand still or shift within the engagement.
                guards.push(out, f.facing, false, true, |facing, guard| {
                    Action::StandStill {
                        fig: id,
                        facing,
                        guard,
                    }
                });
                for p in shift_hexes(s, f, engaged) {
                    guards.push(out, 0, false, true, |facing, guard| Action::Shift {
                        fig: id,
                        to: p,
                        facing,
                        guard,
                    });
                }
            } else {
                guards.push(out, f.facing, true, false, |facing, guard| {
                    Action::StandStill {
                        fig: id,
                        facing,
                        guard,
                    }
                });
                let half = mov.div_ceil(2);
                // The guards of a move, by whether it is at most a Half Move and whether it
                // ends engaged.
                let lists =
                    [false, true].map(|half| [false, true].map(|eng| guards.list(half, eng)));
                with_reach(s, id, f.pos, mov, true, |r| {
                    for (k, e) in r.entries.iter().enumerate().skip(1) {
                        if !e.dest {
                            continue;
                        }
                        let to = e.pos;
                        let eng = r.engaged(s, f, k);
                        let (g, n) = &lists[usize::from(e.dist <= half)][usize::from(eng)];
                        push_facings(out, 0, &g[..*n], |facing, guard| Action::Move {
                            fig: id,
                            to,
                            facing,
                            guard,
                        });
                    }
                });
                terrain_actions(s, f, out);
            }
        }
    }
    // ---- weapons and melee
    // SK-16.2-b, G-46: a pole arm in hand may be set to meet a charge, standing still (any
    // facing); chosen in the movement phase whatever `sk.defense_declared` says.
    let pole = crate::combat::weapon_of(s, f, f.ready)
        .is_some_and(|w| f.ready_slot().is_some() && w.is_group("polearm"));
    if f.posture == Posture::Standing && pole {
        for k in 0..6u8 {
            out.push(Action::StandStill {
                fig: id,
                facing: (f.facing + k) % 6,
                guard: Guard::Set,
            });
        }
    }
}

// ---- movement over terrain (SK-10.3-b, SK-6.4.1-c, SK-10.4)
/// After the ordinary moves: climbing a rope (SK-10.3-b, SK-6.4.1-c), and grabbing each
/// reachable dropped weapon on the run by either method (SK-10.4-a/b), to every hex reachable
/// from it in every facing, with no guard (G-41: no other action that turn). Jumps need no
/// action of their own: a move whose path crosses a pit or a 1 m wall is the jump
/// (`geometry::reach`).
fn terrain_actions(s: &State, f: &Figure, out: &mut Vec<Action>) {
    // SK-21.4-e: no hand to climb a rope or grab a weapon with.
    if crate::hands::no_hands(f) {
        return;
    }
    let id = f.id;
    let mut climbs = smallvec::SmallVec::<[crate::state::Pos; 6]>::new();
    climb_targets(s, f, &mut climbs);
    for to in climbs {
        out.push(Action::Climb { fig: id, to });
    }
    if s.dropped.is_empty() {
        return;
    }
    let mut seen = smallvec::SmallVec::<[crate::state::Pos; 4]>::new();
    for d in &s.dropped {
        if seen.contains(&d.pos) || grabbable(s, f, d.pos).is_none() {
            continue;
        }
        seen.push(d.pos);
        for spend in [true, false] {
            let Some((_, _, second)) = grab_routes(s, id, d.pos, spend) else {
                continue;
            };
            for e in second.iter().filter(|e| e.dest) {
                for facing in 0..6u8 {
                    out.push(Action::Grab {
                        fig: id,
                        at: d.pos,
                        to: e.pos,
                        facing,
                        spend,
                    });
                }
            }
        }
    }
}
