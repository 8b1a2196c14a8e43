//! The action options of energy weapons, energy shields, protective gear and smoke and gas
//! (§14.3, §15.1, §16.8, §16.12, §17.5, §21.6), listed after every older option of the action
//! phase: the other fuse of a grenade (SK-16.12-g).

use crate::action::Action;
use crate::data::GrenadeKind;
use crate::state::{FigId, State};

/// The options of `id` beyond the ones `legal::action::action_actions` lists in `out` so far.
pub(crate) fn gear_actions(s: &State, id: FigId, out: &mut Vec<Action>) {
    // SK-16.12-g: every throw of a grenade with a fuse may instead set it for the end of the
    // next movement phase (a molotov has none: it takes effect at once).
    let f = s.fig(id);
    let fused = crate::combat::weapon_of(s, f, f.ready)
        .is_some_and(|w| w.grenade.is_some() && w.grenade != Some(GrenadeKind::Molotov));
    if fused {
        let n = out.len();
        for k in 0..n {
            if let Action::Grenade { fig, at } = out[k] {
                if fig == id {
                    out.push(Action::GrenadeNextMovement { fig, at });
                }
            }
        }
    }
}
