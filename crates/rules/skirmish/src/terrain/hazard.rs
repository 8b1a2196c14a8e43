//! Dangerous hexes for a forced retreat (SK-12.5-c, G-37): deep water, fire, a pit. If the only
//! free hexes to retreat into are dangerous, the retreating figure rolls 3d6 vs DEX: on a
//! success he does not retreat, otherwise he moves or falls into it.

use crate::state::{Pos, State};

/// Deep water (SK-17.2-a), a pit 1 m deep or more (SK-17.8-a), or a burning hex (SK-16.12-j).
/// Other dangers (clouds, say) can be added here.
pub fn dangerous(s: &State, p: Pos) -> bool {
    s.terrain(p).is_some_and(|t| t.deep_water || t.is_pit()) || s.fires.iter().any(|f| f.pos == p)
}

/// A hex a retreat may go into at all: ground, or a pit to fall into, on the map with no one
/// in it.
pub fn retreat_hex(s: &State, p: Pos) -> bool {
    s.on_map(p) && (s.passable(p) || s.terrain(p).is_some_and(|t| t.is_pit())) && !s.anyone_at(p)
}
