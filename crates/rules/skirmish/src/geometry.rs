//! The map as SKIRMISH reads it: threat zones and engagement (SK-8.1 … SK-8.3), arcs for
//! facing modifiers (SK-10.5-e), movement reach (SK-10, SK-10.6), lines of fire (SK-13.6-b)
//! with walls (SK-17.7) and smoke (SK-17.4).

use crate::data::Wall;
use crate::state::{FigId, Figure, Pos, Posture, State};
use fireteam_grid::{arc, line, Arc, LineStep};

/// The three front hexes (SK-8.1-a), plus the side hexes for Martial Arts Level 4 and up
/// (SK-16.15.4-e: "all their side hexes count as front hexes").
pub fn threat_hexes(f: &Figure) -> ([Pos; 5], usize) {
    let d = f.facing;
    let mut out = [f.pos; 5];
    out[0] = f.pos.neighbour(d + 5);
    out[1] = f.pos.neighbour(d);
    out[2] = f.pos.neighbour(d + 1);
    if f.martial_arts >= 4 {
        out[3] = f.pos.neighbour(d + 4);
        out[4] = f.pos.neighbour(d + 2);
        (out, 5)
    } else {
        (out, 3)
    }
}

/// SK-8.1-b / G-41: the unconscious, dead, fallen, prone, stunned and those in HTH have no
/// threat zone; kneeling figures keep theirs.
pub fn has_tz(f: &Figure) -> bool {
    f.active() && !f.posture.down() && !f.in_hth && f.stunned == 0
}

/// Whether figure `a` threatens hex `p` (SK-8.1-a).
pub fn threatens(a: &Figure, p: Pos) -> bool {
    if !has_tz(a) {
        return false;
    }
    let (hexes, n) = threat_hexes(a);
    hexes[..n].contains(&p)
}

/// The enemies whose threat zone holds `p`, as a mask (SK-8.3-a; same side never engages,
/// SK-10.5-d).
pub fn engagers_at(s: &State, side: u8, p: Pos) -> u64 {
    let mut m = 0u64;
    for (i, e) in s.figures.iter().enumerate() {
        if e.side != side && threatens(e, p) {
            m |= 1 << i;
        }
    }
    m
}

pub fn engaged(s: &State, id: FigId) -> bool {
    let f = s.fig(id);
    engagers_at(s, f.side, f.pos) != 0
}

/// The arc of `target` seen from a figure (SK-8.1-c): front 3, side 2, rear 1 hex-sides,
/// widened by Martial Arts Level 4 (SK-16.15.4-e: sides count as front, rear as side).
pub fn arc_from(f: &Figure, target: Pos) -> Arc {
    let a = arc(f.pos.hex(), crate::state::hex_dir(f.facing), target.hex()).unwrap_or(Arc::Front);
    if f.martial_arts >= 4 {
        match a {
            Arc::Side => Arc::Front,
            Arc::Rear => Arc::Side,
            Arc::Front => Arc::Front,
        }
    } else {
        a
    }
}

/// Attacks go only into the attacker's front (SK-10.5-d).
pub fn in_front(f: &Figure, target: Pos) -> bool {
    arc_from(f, target) == Arc::Front
}

/// Hexes a figure can reach this movement, with the distance and the path, in a fixed order
/// (BFS, neighbours in direction order): it may not pass standing or kneeling figures
/// (SK-10.6-a) nor impassable terrain, and it stops on entering an enemy threat zone
/// (SK-10-d). Hexes holding anyone are not offered as destinations (SK-10.6-b's "move into a
/// fallen figure's hex" is not offered).
pub fn reach(s: &State, id: FigId, budget: u32) -> Vec<(Pos, u32, u16)> {
    let f = s.fig(id);
    // (pos, distance, parent index)
    let mut out: Vec<(Pos, u32, u16)> = vec![(f.pos, 0, u16::MAX)];
    let mut i = 0;
    while i < out.len() {
        let (p, d, _) = out[i];
        let stop = i > 0 && engagers_at(s, f.side, p) != 0;
        if d < budget && !stop {
            for dir in 0..6u8 {
                let n = p.neighbour(dir);
                if !s.passable(n) || out.iter().any(|(q, _, _)| *q == n) {
                    continue;
                }
                if s.figures.iter().enumerate().any(|(j, o)| {
                    j != usize::from(id) && o.pos == n && (o.active() || o.posture.down())
                }) {
                    continue;
                }
                out.push((n, d + 1, i as u16));
            }
        }
        i += 1;
    }
    out
}

/// The path to entry `k` of a [`reach`] result, start first.
pub fn path_to(r: &[(Pos, u32, u16)], k: usize) -> smallvec::SmallVec<[Pos; 12]> {
    let mut p = smallvec::SmallVec::new();
    let mut i = k;
    loop {
        p.push(r[i].0);
        if r[i].2 == u16::MAX {
            break;
        }
        i = usize::from(r[i].2);
    }
    p.reverse();
    p
}

/// What lies on a line of fire (SK-13.6-b), from the centre of the firer's hex to the
/// target's: the figures in between (in order from the firer), the smoke hexes crossed
/// (SK-17.4-a, G-51: including the firer's and the target's), the walls between, and whether
/// something blocks sight.
#[derive(Debug, Clone, Default)]
pub struct LineOfFire {
    pub between: smallvec::SmallVec<[FigId; 4]>,
    pub smoke: u8,
    /// The highest wall crossed and whether it is next to the target / next to the firer.
    pub wall: Option<(Wall, bool, bool)>,
    pub blocked: bool,
}

pub fn line_of_fire(s: &State, from: Pos, to: Pos) -> LineOfFire {
    let mut lof = LineOfFire::default();
    let (a, b) = (from.hex(), to.hex());
    // SK-17.4-a / G-51: smoke counts "through, from or into". The grid's line lists only the
    // cells *between* the two centres (what blocks sight, for every system), so the firer's
    // and the target's own hexes are counted here.
    if s.smoky(from) {
        lof.smoke += 1;
    }
    if to != from && s.smoky(to) {
        lof.smoke += 1;
    }
    for step in line(a, b) {
        let cells: smallvec::SmallVec<[fireteam_grid::Hex; 2]> = match step {
            LineStep::Single(c) => smallvec::smallvec![c],
            LineStep::Edge(c, d) => smallvec::smallvec![c, d],
            LineStep::Corner(c) => smallvec::smallvec![c],
        };
        let mut all_block = true;
        let mut smoky = false;
        for c in &cells {
            let p = Pos::from_hex(*c);
            let t = s.terrain(p);
            let sight = t.is_some_and(|t| t.blocks_sight || t.wall == Wall::High);
            if !sight {
                all_block = false;
            }
            if let Some(t) = t {
                if t.wall != Wall::None && t.wall != Wall::High {
                    let near_target = p.distance(to) == 1;
                    let near_firer = p.distance(from) == 1;
                    let w = lof.wall.map_or(Wall::None, |w| w.0);
                    if t.wall >= w {
                        lof.wall = Some((t.wall, near_target, near_firer));
                    }
                }
            }
            if s.smoky(p) {
                smoky = true;
            }
            for (i, f) in s.figures.iter().enumerate() {
                if f.pos == p && f.active() && !lof.between.contains(&(i as FigId)) {
                    lof.between.push(i as FigId);
                }
            }
        }
        if all_block {
            lof.blocked = true;
        }
        if smoky {
            lof.smoke += 1;
        }
    }
    lof
}

/// SK-17.7-a…d: whether a wall on the line protects the target completely. A ½ m wall hides a
/// prone figure (not from a standing firer closer than 3 hexes); a 1 m wall hides kneeling and
/// prone figures (not from a firer next to it); a 2 m wall hides everyone.
pub fn wall_hides(wall: Wall, target: Posture, distance: u32, firer_next_to_wall: bool) -> bool {
    match wall {
        Wall::None => false,
        Wall::Half => target.down() && distance >= 3,
        Wall::One => target != Posture::Standing && !firer_next_to_wall,
        Wall::Two | Wall::High => true,
    }
}

/// SK-17.7-b/c: whether a figure of this posture can fire over a wall of this height.
pub fn can_fire_over(wall: Wall, firer: Posture) -> bool {
    match wall {
        Wall::None | Wall::Half => true,
        Wall::One => firer != Posture::Prone && firer != Posture::Fallen,
        Wall::Two => firer == Posture::Standing,
        Wall::High => false,
    }
}

/// Multihexes for a hex distance (G-16): ceil(d / 3).
pub fn multihexes(d: u32) -> u32 {
    d.div_ceil(3)
}

/// SK-13.6-a / SK-24-T7: the missile range penalty, −1 per 2 MH beyond 2.
pub fn missile_range_penalty(d: u32) -> i16 {
    let mh = multihexes(d) as i16;
    if mh == 0 {
        0
    } else {
        -((mh - 1) / 2)
    }
}
