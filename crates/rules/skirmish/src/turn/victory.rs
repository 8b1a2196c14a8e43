//! Who has won (SK-19.1-b, SK-19.2-a): the battle is over when at most one side has a figure in
//! action (or alive, in a fight to the death; beaten on recorded hits in a practice, SK-19.3-b,
//! and escaped through an entrance hex, SK-19.1-b, are out either way). The subdued
//! (SK-16.15.6-b) are out of action: they end a duel only when that was agreed, the default
//! `sk.victory = "out_of_action"`, not in a fight to the death (SK-19.2-a).

use crate::state::{Condition, State};
use fireteam_engine::Outcome;
use smallvec::SmallVec;

/// The side that has lost: every figure out of action (SK-19.1-b, SK-19.2-a).
fn standing_sides(s: &State) -> SmallVec<[u8; 4]> {
    let dead_only = s.rules.options.victory_dead;
    let mut v = SmallVec::new();
    for side in 0..s.side_count() as u8 {
        let alive = s.figures.iter().any(|f| {
            f.side == side
                && if dead_only {
                    // SK-17.10-k: one who floated off never comes back; SK-19.3-b: a practice's
                    // beaten fighter has lost, even in a fight to the death.
                    // SK-19.1-b: one who escaped has left the arena.
                    !matches!(
                        f.condition,
                        Condition::Dead | Condition::Lost | Condition::Beaten | Condition::Escaped
                    )
                } else {
                    f.active()
                }
        });
        if alive {
            v.push(side);
        }
    }
    v
}

pub(crate) fn outcome(s: &State) -> Option<Outcome> {
    let standing = standing_sides(s);
    match standing.len() {
        0 => Some(Outcome::Draw),
        1 => Some(Outcome::Winner { side: standing[0] }),
        _ => None,
    }
}
