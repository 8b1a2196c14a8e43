//! How good a battle state is for a side, for the greedy AI (the engine's `Evaluate`): harm done
//! minus harm taken, then, as tie-breakers, shots available, cover, and closing the distance.

use crate::geometry;
use crate::state::State;
use crate::system::DicePool;
use fireteam_engine::{Evaluate, SideId};

impl Evaluate for DicePool {
    fn value(&self, s: &State, side: SideId) -> f64 {
        let harm = |u: &crate::state::Unit| {
            if u.out {
                1.0
            } else {
                (f64::from(u.wounds) / f64::from(u.stats.wound_limit.max(1))).min(1.0) * 0.8
                    + if u.stunned { 0.05 } else { 0.0 }
            }
        };
        let mut v = 0.0;
        for u in &s.units {
            if u.side == side {
                v -= harm(u);
            } else {
                v += harm(u);
            }
        }
        // Positional tie-breakers, small beside any wound: be in cover from the enemies that
        // see you, and be closer to the nearest enemy when no one can shoot.
        for u in s.units.iter().filter(|u| u.side == side && !u.out) {
            let mut nearest = u32::MAX;
            for e in s.units.iter().filter(|e| e.side != side && !e.out) {
                nearest = nearest.min(geometry::distance(u.pos, e.pos));
                let sight = geometry::sight(s, e.pos, u.pos);
                if sight.clear {
                    v += 0.01 * f64::from(sight.cover as u8);
                } else {
                    v += 0.015;
                }
            }
            if nearest != u32::MAX {
                v -= 0.0005 * f64::from(nearest);
            }
        }
        v
    }
}
