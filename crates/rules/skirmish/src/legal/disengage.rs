//! The choice of an opponent the figure disengages from (SK-11.5-b): a parting blow, when he can
//! strike it, or letting it go.

use crate::action::Action;
use crate::combat::weapon_of;
use crate::data::Class;
use crate::legal::targets::melee_reach;
use crate::state::{FigId, State};

/// What `opponent` may do as `mover` disengages from him.
pub(crate) fn reaction_actions(s: &State, mover: FigId, opponent: FigId, out: &mut Vec<Action>) {
    // SK-11.5-b with SK-11.8.4-a: the parting blow is a melee attack (a ready
    // non-missile weapon, or bare hands) into a front hex.
    let o = s.fig(opponent);
    let melee = weapon_of(s, o, o.ready)
        .filter(|_| o.ready_slot().is_some())
        .is_none_or(|w| w.class == Class::Melee);
    // SK-11.6-a: a declared guard that an attack has met cannot be changed for the blow.
    let free = crate::turn::changing::may_change(o);
    // SK-21.4-e: with both arms out of use there is no blow to strike.
    let hands = !crate::hands::no_hands(o);
    if melee && free && hands && melee_reach(s, o, s.fig(mover)) && !o.posture.down() {
        out.push(Action::Punish {
            fig: opponent,
            target: mover,
        });
    }
    out.push(Action::LetGo { fig: opponent });
}

// ---- hand to hand (§11.9.3)

/// SK-11.9.3-a, G-39 (1): what `opponent`, a foe in the brawl, may do as `mover` breaks free of
/// it: strike him as he goes (a hand-to-hand blow with bare hands or the knife, pistol or brass
/// knuckles in hand: every brawler has one), listed first as the parting blow of SK-11.5-b is,
/// or let him go.
pub(crate) fn hth_reaction_actions(mover: FigId, opponent: FigId, out: &mut Vec<Action>) {
    out.push(Action::Punish {
        fig: opponent,
        target: mover,
    });
    out.push(Action::LetGo { fig: opponent });
}
