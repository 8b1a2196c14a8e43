//! The battle's record that the aftermath reads (SK-19.1-d, SK-19.3-b, SK-15.1-c), kept as each
//! event is applied (`apply` calls [`record`] first): who fought, whom a foe hurt, who put whom
//! out of the fight, the practice weapons' recorded hits, the batteries swapped out, and the limbs
//! put out of use (SK-21.4-e/f). It follows from the events alone, so replaying a battle rebuilds
//! it.

use crate::autoresult::Location;
use crate::event::{Effect, Event};
use crate::state::State;

/// Updates the record for one event.
pub fn record(s: &mut State, e: &Event) {
    match e {
        // SK-19.1-d "participated in combat": he attacked someone, or a foe attacked him (a
        // roll to avoid a bystander is no attack on him).
        Event::Roll {
            attacker,
            target,
            avoid: false,
            ..
        } => {
            s.fig_mut(*attacker).fought = true;
            if s.fig(*attacker).side != s.fig(*target).side {
                s.fig_mut(*target).fought = true;
            }
        }
        Event::HthBegan {
            attacker, defender, ..
        } => {
            s.fig_mut(*attacker).fought = true;
            s.fig_mut(*defender).fought = true;
        }
        Event::Contest {
            what,
            attacker,
            defender,
            won,
            ..
        } => {
            s.fig_mut(attacker.fig).fought = true;
            s.fig_mut(defender.fig).fought = true;
            // SK-16.15.6: subduing a foe puts him out of the fight (SK-19.1-d "subdue").
            if *what == "subdue" && *won {
                s.fig_mut(defender.fig).downed_by = Some(attacker.fig);
            }
        }
        // Who last did him harm, and whether a foe ever did (SK-19.1-d "took damage from a
        // foe"). Harm from no one (a fire, a fall) clears who did it.
        Event::Damage {
            target,
            source,
            taken,
            nonlethal,
            ..
        } if *taken + *nonlethal > 0 => {
            let foe = source.is_some_and(|src| s.fig(src).side != s.fig(*target).side);
            let t = s.fig_mut(*target);
            t.last_hurt_by = *source;
            t.hurt_by_foe |= foe;
        }
        // SK-19.3-b: a practice weapon's hits, counted like harm for who beat him.
        Event::PracticeHit { fig, by, hits, .. } => {
            let t = s.fig_mut(*fig);
            t.practice_hits = *hits;
            t.last_hurt_by = Some(*by);
        }
        // SK-19.1-d "kill or subdue each foe": the one whose harm put him out of the fight.
        Event::Effect {
            fig,
            effect: Effect::Unconscious | Effect::Dead | Effect::Beaten,
            ..
        } => {
            let f = s.fig_mut(*fig);
            f.downed_by = f.last_hurt_by;
        }
        // Back in the fight: nobody has put him out.
        Event::Recovered {
            fig, woke: true, ..
        } => s.fig_mut(*fig).downed_by = None,
        // ---- hand to hand (§16.15.6): one who breaks away from a hold is back in the fight;
        // one who fails is subdued by his holder for good (SK-19.1-d "subdue").
        Event::Effect {
            fig,
            effect: crate::event::Effect::BrokeAway,
            ..
        } => s.fig_mut(*fig).downed_by = None,
        Event::Effect {
            fig,
            effect: crate::event::Effect::Subdued,
            ..
        } => {
            let f = s.fig_mut(*fig);
            f.downed_by = f.held_by.or(f.downed_by);
        }
        // SK-15.1-c: a drained battery swapped out of an energy weapon (or a battery sword,
        // SK-15.1-a) is to be recharged.
        Event::Reloaded { fig, slot, .. } => {
            let energy = s.fig(*fig).weapons[usize::from(*slot)]
                .is_some_and(|w| s.rules.weapons[usize::from(w.weapon)].on_battery());
            if energy {
                let f = s.fig_mut(*fig);
                f.drained = f.drained.saturating_add(1);
            }
        }
        // ---- lasting injuries (SK-21.4-e/f): which limb a 6+ hit put out of use: the arm the
        // `ArmOut` names, the leg from the place of the aimed or critical hit that did it (the
        // `Location` just before its damage).
        Event::Location { fig, location, .. } => s.fig_mut(*fig).struck_at = Some(*location),
        Event::Effect {
            fig,
            effect: Effect::ArmOut { arm },
            ..
        } => {
            s.fig_mut(*fig).limbs_out |= crate::aftermath::injuries::limb_bit(*arm);
        }
        Event::Effect {
            fig,
            effect: Effect::LegHit { out: true, .. },
            ..
        } => limb_out(s, *fig, Location::RightLeg),
        _ => {}
    }
}

/// SK-21.4-f: the leg last struck is out of use; `or` when the last place struck is not a leg
/// (no such hit is made today: legs are put out only by located hits).
fn limb_out(s: &mut State, fig: crate::state::FigId, or: Location) {
    use crate::aftermath::injuries::{is_arm, limb_bit};
    let f = s.fig_mut(fig);
    let limb = f
        .struck_at
        .filter(|l| *l != Location::Head && is_arm(*l) == is_arm(or))
        .unwrap_or(or);
    f.limbs_out |= limb_bit(limb);
}
