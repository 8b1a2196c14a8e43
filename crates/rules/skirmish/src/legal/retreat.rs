//! The choices of a forced retreat (SK-12.5-a/b): holding one's ground first, then each enemy
//! that may be pushed, to each free hex, without and then with following.

use crate::action::Action;
use crate::state::{FigId, State};
use crate::terrain::hazard::{dangerous, retreat_hex};
use crate::turn::retreat::retreat_victims;

pub(crate) fn retreat_actions(s: &State, id: FigId, out: &mut Vec<Action>) {
    out.push(Action::NoPush { fig: id });
    let f = s.fig(id);
    for t in retreat_victims(s, id) {
        let tf = s.fig(t);
        // SK-12.5-c: dangerous hexes only when no other is free.
        let free = |p: crate::state::Pos| p != f.pos && retreat_hex(s, p);
        let safe = (0..6u8).any(|d| {
            let p = tf.pos.neighbour(d);
            free(p) && s.passable(p) && !dangerous(s, p)
        });
        for dir in 0..6u8 {
            let p = tf.pos.neighbour(dir);
            if !free(p) || (safe && (dangerous(s, p) || !s.passable(p))) {
                continue;
            }
            for follow in [false, true] {
                out.push(Action::Push {
                    fig: id,
                    victim: t,
                    to: p,
                    follow,
                });
            }
        }
    }
}
