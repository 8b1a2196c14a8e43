//! What a front end needs of a rule system beyond playing it: the words and the JSON that show a
//! battle ([`Present`]), and what the odds of one action are reported by ([`ActionOdds`]).
//!
//! The battle protocol ([`RuleSystem`]) is enough to play, save, replay and simulate. A front end
//! such as the command line also narrates, draws and explains, and every system does that with
//! its own vocabulary. These traits are that vocabulary, implemented beside each system's rules,
//! so a front end can be written once over `R: Present` and know no system's types.

use crate::protocol::{RuleSystem, SideId, UnitId};
use crate::view::{ActionView, Board, Focus};

/// What a front end needs to show a battle of one system: narration and the viewer header.
pub trait Present: RuleSystem {
    /// One line of narration for an event, read after the event was applied; None for events
    /// that say nothing.
    fn narrate(&self, state: &Self::State, event: &Self::Event) -> Option<String>;
    /// The JSON header of `run --json` / `--log`: system, title, grid, map, sides, units —
    /// everything a viewer needs to draw the battle before the first event.
    fn header(&self, state: &Self::State, title: &str) -> serde_json::Value;
    fn side_name(&self, state: &Self::State, side: SideId) -> String;
    fn unit_name(&self, state: &Self::State, unit: UnitId) -> String;
    /// Short lines listing the units at the start (name, side, position), for the text header.
    fn roster(&self, state: &Self::State) -> Vec<String>;
    /// The board now, as every front end draws it (see [`crate::view`]).
    fn board(&self, state: &Self::State) -> Board;
    /// What a legal action does on the board: its unit, kind, and the cell or unit it points at.
    fn action_view(&self, state: &Self::State, action: &Self::Action) -> ActionView;
    /// What `unit` threatens and sees, for the front end to shade when it is selected. Nothing
    /// by default.
    fn focus(&self, _state: &Self::State, _unit: UnitId) -> Focus {
        Focus::default()
    }
}

/// What the exact odds of one action (`fireteam odds FILE --action …`) need of a system.
///
/// The odds run the system's own `resolve` once per path through the dice, and group the paths
/// by [`ActionOdds::effect`]. An action is followed through the reactions it provokes (a
/// defender's dodge dice), answered by [`ActionOdds::reaction`], so the odds are those of the
/// whole exchange.
pub trait ActionOdds: RuleSystem {
    /// Actions (as text) to play before the asked one when the caller named none, so that it can
    /// be legal: dice-pool rolls the opening initiative. `asked` is the asked action's text.
    /// None by default.
    fn opening(&self, _state: &Self::State, _asked: &str) -> Vec<String> {
        Vec::new()
    }

    /// After an action resolved, the reaction the odds assume when the battle now waits on one
    /// (a defender assigning dice), or None when the action is done. `defend` is the caller's
    /// `--defend`: how much defense each defender puts up, as the system reads it (dice-pool:
    /// dodge or parry dice, or as many as are left).
    fn reaction(&self, state: &Self::State, defend: u8) -> Option<Self::Action>;

    /// What an action did, in words, from the state before and after it: the outcome the paths
    /// are grouped by, e.g. `Ivo:  3 wounds stunned`, or `no effect`. Keep it coarse (no faces),
    /// or every path is its own outcome.
    fn effect(&self, before: &Self::State, after: &Self::State) -> String;

    /// One line on what the roll is made of (skill, modifiers with rule IDs, dice, difficulty),
    /// from the events of one seeded resolution; None when there is nothing to show (the
    /// default).
    fn roll_make_up(&self, _events: &[Self::Event], _defend: u8) -> Option<String> {
        None
    }
}
