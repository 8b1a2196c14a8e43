//! Firing and pits (SK-17.8-a, SK-10.3-c): a pit protects those in it as a wall of its depth
//! would (a ½ m pit as a ½ m wall, 1 m as 1 m, 2 m as 2 m: SK-17.7-a…d), and the one in it
//! fires out over its rim as over such a wall. A pit over 2 m deep can be fired into only from
//! a hex next to it, and one inside it fires only into a hex next to him at ground level
//! (SK-10.3-c). Figures in the same pit, side by side, have no rim between them.

use crate::data::Wall;
use crate::geometry::{can_fire_over, wall_hides};
use crate::state::{Figure, State};

/// Whether a pit keeps `firer` from shooting or throwing at `target`.
pub fn pit_blocks(s: &State, firer: &Figure, target: &Figure) -> bool {
    let (Some(ft), Some(tt)) = (s.terrain(firer.pos), s.terrain(target.pos)) else {
        return false;
    };
    if ft.pit_dm == 0 && tt.pit_dm == 0 {
        return false;
    }
    let d = firer.pos.distance(target.pos);
    // SK-10.3-c: a deep pit, fired into only from next to it, and out of only into a next
    // hex at ground level.
    if ft.deep_pit() {
        return d > 1 || tt.pit_dm > 0;
    }
    if tt.deep_pit() {
        return d > 1;
    }
    if d == 1 && ft.pit_dm > 0 && tt.pit_dm > 0 {
        return false;
    }
    // SK-17.8-a: as a wall of the pit's depth, next to whoever is in it.
    let tw = tt.pit_wall();
    if tw != Wall::None && !target.exposed && wall_hides(tw, target.posture, d, d == 1) {
        return true;
    }
    let fw = ft.pit_wall();
    fw != Wall::None && !can_fire_over(fw, firer.posture)
}
