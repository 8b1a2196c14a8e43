//! The map as SKIRMISH reads it: threat zones and engagement (SK-8.1 … SK-8.3), arcs for
//! facing modifiers (SK-10.5-e), movement reach over terrain (SK-10, SK-10.2, SK-10.6, SK-17.8),
//! lines of fire (SK-13.6-b)
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

/// SK-8.1-b / G-41: the unconscious, dead, fallen, prone, stunned, surprised (SK-9-b) and those
/// in HTH have no threat zone; kneeling figures keep theirs.
pub fn has_tz(f: &Figure) -> bool {
    f.active() && !f.posture.down() && !f.in_hth && f.stunned == 0 && !f.surprised
}

/// Whether figure `a` threatens hex `p` (SK-8.1-a).
pub fn threatens(a: &Figure, p: Pos) -> bool {
    // A neighbour is at most one column and one row away in offset coordinates: the cheap
    // test first, since most figures are nowhere near `p`.
    if (a.pos.col - p.col).abs() > 1 || (a.pos.row - p.row).abs() > 1 || !has_tz(a) {
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
    engagers_of(s, f, f.pos) != 0
}

// ---- order of the turn: size and engagement (SK-8.3-c, G-69)
/// The enemies that engage `f` were he at `p` (SK-8.3-a), as a mask: [`engagers_at`] less
/// those too small to engage him (SK-8.3-c, G-69, GM input). A figure's `size` is the hexes the
/// creature would cover (every figure is one hex on this map): enemies whose sizes add up to
/// no more than 1/`sk.size_ratio` of his cannot engage him, not one of them; so a one-hex
/// human alone cannot engage a dragon of seven hexes, and two together can (ratio 7). Size
/// changes nothing else: the big figure still engages, is attacked from its six neighbours,
/// and moves, faces and fills one hex as any other.
pub fn engagers_of(s: &State, f: &Figure, p: Pos) -> u64 {
    let m = engagers_at(s, f.side, p);
    if m == 0 || f.size <= 1 {
        return m;
    }
    let total: u32 = s
        .figures
        .iter()
        .enumerate()
        .filter(|(i, _)| m & (1u64 << i) != 0)
        .map(|(_, e)| u32::from(e.size))
        .sum();
    if total * u32::from(s.rules.options.size_ratio) <= u32::from(f.size) {
        0
    } else {
        m
    }
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

/// SK-10.5-c: the arc an attack from `from` comes in at on `f`. A figure crawling or picking up a
/// dropped weapon this turn "counts all its hexes as rear hexes when attacked": everything an
/// attack reads of his facing (the side and rear bonus, what his shield and backpack cover, the
/// hand-to-hand rules' "from behind", a shield's rear hit) takes the attacker as behind him.
pub fn attacked_from(f: &Figure, from: Pos) -> Arc {
    if f.crawled {
        Arc::Rear
    } else {
        arc_from(f, from)
    }
}

/// Attacks go only into the attacker's front (SK-10.5-d).
pub fn in_front(f: &Figure, target: Pos) -> bool {
    arc_from(f, target) == Arc::Front
}

/// One hex of a movement reach ([`reach`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reached {
    pub pos: Pos,
    /// MOV spent to get there.
    pub dist: u32,
    /// The entry of the previous hex on the path (`u16::MAX` at the start).
    pub parent: u16,
    /// A hex the figure may end its move in; `false`: a hex only jumped over (SK-10.2-a,
    /// SK-10.6-c).
    pub dest: bool,
    /// The move ends here: into an enemy threat zone (SK-10-d), into a fallen figure's hex
    /// (SK-10.6-b), down into a pit (SK-17.8-a).
    pub stop: bool,
}

/// Hexes a figure can reach this movement, with the MOV spent and the path, in a fixed order
/// (by MOV spent, then as found, neighbours in direction order): it may not pass standing or
/// kneeling figures (SK-10.6-a) nor impassable terrain, and it stops on entering an enemy
/// threat zone (SK-10-d). Over terrain ([`crate::terrain::crossing`]): pits and 1 m walls are
/// jumped in a straight line, the jump implied by a path that crosses them (SK-10.2-a,
/// SK-17.7-f, SK-17.8-a); a fallen, unconscious or dead figure's hex may be entered to stop
/// there (SK-10.6-b) or jumped over (SK-10.6-c); a pit up to 2 m deep may be climbed down
/// into, ending the move, and out of (SK-10.3-b: not one over 2 m).
pub fn reach(s: &State, id: FigId, budget: u32) -> Vec<Reached> {
    reach_from(s, id, s.fig(id).pos, budget, true)
}

/// [`reach`] from any hex; `walking: false` is a crawl (SK-10-c): no jumps, and no hex
/// holding anyone.
pub fn reach_from(s: &State, id: FigId, start: Pos, budget: u32, walking: bool) -> Vec<Reached> {
    search(s, id, start, budget, walking, None)
}

/// The path [`reach_from`] finds to `to` (start first) and the MOV it spends, or `None` when
/// `to` is out of reach. The search stops as soon as `to` is settled: its entries are expanded
/// in order of MOV spent and a route is replaced only by a strictly cheaper one, so the path is
/// the one the whole search would give, at a fraction of the work when `to` is near.
pub fn route_to(
    s: &State,
    id: FigId,
    start: Pos,
    budget: u32,
    walking: bool,
    to: Pos,
) -> Option<(smallvec::SmallVec<[Pos; 12]>, u32)> {
    let r = search(s, id, start, budget, walking, Some(to));
    let k = r.iter().position(|e| e.dest && e.pos == to)?;
    Some((path_to(&r, k), r[k].dist))
}

fn search(
    s: &State,
    id: FigId,
    start: Pos,
    budget: u32,
    walking: bool,
    goal: Option<Pos>,
) -> Vec<Reached> {
    use crate::terrain::crossing::{self as x, Occupied};
    let f = s.fig(id);
    let mut r = Search::new(s, start);
    r.mark(id);
    let over_figure = u32::from(s.rules.options.jump_figure_mov);
    // Entries are expanded in order of MOV spent, then as found: with steps of 1 only, this is
    // a plain breadth-first search.
    while let Some(i) = r.next() {
        let e = r.out[i];
        let d = e.dist;
        if goal == Some(e.pos) && e.dest {
            break;
        }
        if e.stop || d >= budget || (i > 0 && r.threatened(e.pos) && engagers_of(s, f, e.pos) != 0)
        {
            continue;
        }
        let from = i as u16;
        let in_pit = x::pit(s, e.pos);
        for dir in 0..6u8 {
            let n = e.pos.neighbour(dir);
            if !s.on_map(n) || r.known_plain(n, d + 1) {
                continue;
            }
            let occ = r.occupied(n);
            if in_pit {
                // The pit's floor, or out over its rim (SK-10.3-b: not out of a deep pit).
                let out_ok = x::ground(s, n) && !x::deep_pit(s, e.pos);
                if occ == Occupied::Empty && (x::pit(s, n) || out_ok) {
                    r.add(n, d + 1, from, false, budget);
                }
                continue;
            }
            if x::ground(s, n) {
                match occ {
                    Occupied::Empty => r.add(n, d + 1, from, false, budget),
                    Occupied::Down if walking => {
                        // SK-10.6-b: into his hex, and stop; SK-10.6-c: over him.
                        r.add(n, d + 1, from, true, budget);
                        let land = n.neighbour(dir);
                        let cost = d + over_figure + 1;
                        if cost <= budget
                            && x::ground(s, land)
                            && r.occupied(land) == Occupied::Empty
                            && r.better(land, cost)
                        {
                            let over = r.scaffold(n, d + over_figure, from);
                            r.add(land, cost, over, false, budget);
                        }
                    }
                    _ => {}
                }
                continue;
            }
            if !walking || !x::obstacle(s, n) {
                continue;
            }
            // SK-17.8-a: down into a pit up to 2 m deep, ending the move.
            if x::pit(s, n) && !x::deep_pit(s, n) && occ == Occupied::Empty {
                r.add(n, d + 1, from, true, budget);
            }
            // SK-10.2-a, SK-17.9-d: a straight jump over the obstacles to the hex beyond.
            if let Some((width, land)) = x::jump_landing(s, n, dir, id) {
                let cost = d + u32::from(width) + 1;
                if cost <= budget && r.better(land, cost) {
                    let mut parent = from;
                    let mut h = n;
                    for k in 0..u32::from(width) {
                        parent = r.scaffold(h, d + k + 1, parent);
                        h = h.neighbour(dir);
                    }
                    r.add(land, cost, parent, false, budget);
                }
            }
        }
    }
    r.out
}

/// The working state of [`reach_from`]: the entries, the entry of each map cell, and the queue
/// of entries to expand, kept in order of MOV spent.
struct Search<'s> {
    s: &'s State,
    out: Vec<Reached>,
    cell: smallvec::SmallVec<[u16; 512]>,
    queue: smallvec::SmallVec<[u16; 256]>,
    head: usize,
    /// One bit per map cell: inside some enemy's threat zone. Marked once per search so that
    /// the engagement test (SK-10-d) runs only where an enemy threatens, not at every hex.
    threat: smallvec::SmallVec<[u64; 8]>,
    /// One bit per map cell each: someone else is there standing (or in a brawl), or only
    /// down: [`crate::terrain::crossing::occupied`] for every hex, read once per search.
    up: smallvec::SmallVec<[u64; 8]>,
    down: smallvec::SmallVec<[u64; 8]>,
}

impl<'s> Search<'s> {
    fn new(s: &'s State, start: Pos) -> Self {
        let n = usize::from(s.rules.width) * usize::from(s.rules.height);
        let mut r = Search {
            s,
            out: Vec::with_capacity(64),
            cell: smallvec::smallvec![u16::MAX; n],
            queue: smallvec::SmallVec::new(),
            head: 0,
            threat: smallvec::smallvec![0; n.div_ceil(64)],
            up: smallvec::smallvec![0; n.div_ceil(64)],
            down: smallvec::smallvec![0; n.div_ceil(64)],
        };
        r.out.push(Reached {
            pos: start,
            dist: 0,
            parent: u16::MAX,
            dest: true,
            stop: false,
        });
        if let Some(c) = r.index(start) {
            r.cell[c] = 0;
        }
        r.queue.push(0);
        r
    }

    /// Marks the threat zones of every enemy of `me` (SK-8.1-a) and the hexes the others stand
    /// or lie in, as [`crate::terrain::crossing::occupied`] reads them.
    fn mark(&mut self, me: FigId) {
        use crate::terrain::crossing::{occupied, Occupied};
        let side = self.s.fig(me).side;
        for e in &self.s.figures {
            if e.side != side && has_tz(e) {
                let (hexes, n) = threat_hexes(e);
                for &p in &hexes[..n] {
                    if let Some(c) = self.index(p) {
                        self.threat[c / 64] |= 1 << (c % 64);
                    }
                }
            }
            if e.id == me {
                continue;
            }
            if let Some(c) = self.index(e.pos) {
                match occupied(self.s, e.pos, me) {
                    Occupied::Up => self.up[c / 64] |= 1 << (c % 64),
                    Occupied::Down => self.down[c / 64] |= 1 << (c % 64),
                    Occupied::Empty => {}
                }
            }
        }
    }

    fn bit(bits: &[u64], c: usize) -> bool {
        bits[c / 64] & (1 << (c % 64)) != 0
    }

    /// Whether `p` lies in a marked threat zone.
    fn threatened(&self, p: Pos) -> bool {
        self.index(p).is_some_and(|c| Self::bit(&self.threat, c))
    }

    /// [`crate::terrain::crossing::occupied`] at `p`, from the marks.
    fn occupied(&self, p: Pos) -> crate::terrain::crossing::Occupied {
        use crate::terrain::crossing::Occupied;
        match self.index(p) {
            Some(c) if Self::bit(&self.up, c) => Occupied::Up,
            Some(c) if Self::bit(&self.down, c) => Occupied::Down,
            _ => Occupied::Empty,
        }
    }

    fn index(&self, p: Pos) -> Option<usize> {
        self.s
            .on_map(p)
            .then(|| p.row as usize * usize::from(self.s.rules.width) + p.col as usize)
    }

    fn next(&mut self) -> Option<usize> {
        let i = *self.queue.get(self.head)?;
        self.head += 1;
        Some(usize::from(i))
    }

    /// Queues entry `i` after every queued entry that costs no more.
    fn enqueue(&mut self, i: u16) {
        let d = self.out[usize::from(i)].dist;
        let mut at = self.queue.len();
        while at > self.head && self.out[usize::from(self.queue[at - 1])].dist > d {
            at -= 1;
        }
        self.queue.insert(at, i);
    }

    /// Whether reaching `p` at `cost` would be new or cheaper than what is known.
    fn better(&self, p: Pos, cost: u32) -> bool {
        match self.index(p).map(|c| self.cell[c]) {
            Some(k) if k != u16::MAX => self.out[usize::from(k)].dist > cost,
            _ => true,
        }
    }

    /// Already reached as plain ground (not a hex to stop in) at no more than `cost`: nothing
    /// new can come of it (the common case, checked first).
    fn known_plain(&self, p: Pos, cost: u32) -> bool {
        match self.index(p).map(|c| self.cell[c]) {
            Some(k) if k != u16::MAX => {
                let e = &self.out[usize::from(k)];
                !e.stop && e.dist <= cost
            }
            _ => false,
        }
    }

    /// A hex only jumped over; returns its entry.
    fn scaffold(&mut self, p: Pos, dist: u32, parent: u16) -> u16 {
        self.out.push(Reached {
            pos: p,
            dist,
            parent,
            dest: false,
            stop: false,
        });
        (self.out.len() - 1) as u16
    }

    /// Records a hex reached, or a cheaper way to a known one.
    fn add(&mut self, p: Pos, dist: u32, parent: u16, stop: bool, budget: u32) {
        let Some(c) = self.index(p) else { return };
        if dist > budget {
            return;
        }
        let k = self.cell[c];
        if k == u16::MAX {
            self.out.push(Reached {
                pos: p,
                dist,
                parent,
                dest: true,
                stop,
            });
            let i = (self.out.len() - 1) as u16;
            self.cell[c] = i;
            self.enqueue(i);
        } else if self.out[usize::from(k)].dist > dist {
            let e = &mut self.out[usize::from(k)];
            e.dist = dist;
            e.parent = parent;
            e.stop = stop;
            // Not expanded yet (it cost more than anything expanded so far): move it up.
            if let Some(q) = self.queue[self.head..].iter().position(|&x| x == k) {
                self.queue.remove(self.head + q);
                self.enqueue(k);
            }
        }
    }
}

/// The path to entry `k` of a [`reach`] result, start first.
pub fn path_to(r: &[Reached], k: usize) -> smallvec::SmallVec<[Pos; 12]> {
    let mut p = smallvec::SmallVec::new();
    let mut i = k;
    loop {
        p.push(r[i].pos);
        if r[i].parent == u16::MAX {
            break;
        }
        i = usize::from(r[i].parent);
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

// The steps of the grid's exact line from one hex centre to another depend only on where the
// second lies from the first (axial coordinates are a linear image of the centres), so they
// are computed once per offset and kept per thread: the lines of fire are most of what the
// greedy AI computes, and every one of them is the same few hundred offsets.
type LineCache = std::collections::HashMap<(i32, i32), std::rc::Rc<[LineStep<fireteam_grid::Hex>]>>;

thread_local! {
    static LINES: std::cell::RefCell<LineCache> = std::cell::RefCell::new(LineCache::new());
}

/// The grid's line from `a` to `b` ([`fireteam_grid::line`]), from the per-offset cache.
fn cached_line(
    a: fireteam_grid::Hex,
    b: fireteam_grid::Hex,
) -> smallvec::SmallVec<[LineStep<fireteam_grid::Hex>; 16]> {
    line_steps(a, b).collect()
}

/// The steps of the grid's line from `a` to `b` ([`fireteam_grid::line`], the same steps in
/// the same order), read from the per-offset cache: for every line a resolution walks (the
/// shot's way past its target, SK-13.6-b; what a line crosses), not only lines of fire.
pub(crate) fn line_steps(
    a: fireteam_grid::Hex,
    b: fireteam_grid::Hex,
) -> impl Iterator<Item = LineStep<fireteam_grid::Hex>> {
    let d = b - a;
    let steps = LINES.with(|m| {
        m.borrow_mut()
            .entry((d.q, d.r))
            .or_insert_with(|| line(fireteam_grid::Hex::new(0, 0), d).collect())
            .clone()
    });
    let at = move |c: fireteam_grid::Hex| c + a;
    (0..steps.len()).map(move |i| match steps[i] {
        LineStep::Single(c) => LineStep::Single(at(c)),
        // The grid puts the smaller cell of an edge first, by offset row and column, which a
        // shift by an odd column may turn around.
        LineStep::Edge(c, e) => LineStep::Edge(at(c).min(at(e)), at(c).max(at(e))),
        LineStep::Corner(c) => LineStep::Corner(at(c)),
    })
}

/// One step of a line with what the map (which never changes in a battle) puts there.
#[derive(Debug, Clone, Copy)]
struct MapStep {
    cells: [Pos; 2],
    /// 1, or 2 for a line exactly along the edge between two hexes.
    n: u8,
    /// The terrain smokes (SK-17.4-a) in one of its cells.
    smoke: bool,
}

/// What the map alone says about a line: its steps, whether it is blocked, and its highest
/// wall, computed once per pair of hexes and battle map ([`map_line`]).
#[derive(Debug)]
struct MapLine {
    steps: smallvec::SmallVec<[MapStep; 12]>,
    blocked: bool,
    wall: Option<(Wall, bool, bool)>,
}

// Keyed by the battle's rules (leaked once per loaded scenario, so its address names the map
// for the life of the process) and the two hexes.
type MapLineCache = std::collections::HashMap<(usize, Pos, Pos), std::rc::Rc<MapLine>>;

thread_local! {
    static MAP_LINES: std::cell::RefCell<MapLineCache> = std::cell::RefCell::new(MapLineCache::new());
}

/// The map's side of the line from `from` to `to`: walls and sight blockers (SK-17.7,
/// SK-13.6-b) and the terrain's smoke, from the per-thread cache.
fn map_line(s: &State, from: Pos, to: Pos) -> std::rc::Rc<MapLine> {
    let key = (std::ptr::from_ref(s.rules) as usize, from, to);
    if let Some(l) = MAP_LINES.with(|m| m.borrow().get(&key).cloned()) {
        return l;
    }
    let mut line = MapLine {
        steps: smallvec::SmallVec::new(),
        blocked: false,
        wall: None,
    };
    for step in cached_line(from.hex(), to.hex()) {
        let (cells, n) = match step {
            LineStep::Single(c) | LineStep::Corner(c) => ([Pos::from_hex(c); 2], 1),
            LineStep::Edge(c, d) => ([Pos::from_hex(c), Pos::from_hex(d)], 2),
        };
        let mut all_block = true;
        let mut smoke = false;
        for &p in &cells[..n] {
            let t = s.terrain(p);
            let sight = t.is_some_and(|t| t.blocks_sight || t.wall == Wall::High);
            if !sight {
                all_block = false;
            }
            if let Some(t) = t {
                if t.wall != Wall::None && t.wall != Wall::High {
                    let near_target = p.distance(to) == 1;
                    let near_firer = p.distance(from) == 1;
                    let w = line.wall.map_or(Wall::None, |w| w.0);
                    if t.wall >= w {
                        line.wall = Some((t.wall, near_target, near_firer));
                    }
                }
                smoke |= t.smoke || t.fire.is_some();
            }
        }
        line.blocked |= all_block;
        line.steps.push(MapStep {
            cells,
            n: n as u8,
            smoke,
        });
    }
    let line = std::rc::Rc::new(line);
    MAP_LINES.with(|m| m.borrow_mut().insert(key, line.clone()));
    line
}

/// Whether the map blocks the line from `from` to `to`, and its highest wall (with whether it
/// is next to the target and to the firer): [`line_of_fire`]'s `blocked` and `wall`, without
/// the figures and the smoke.
pub fn sight(s: &State, from: Pos, to: Pos) -> (bool, Option<(Wall, bool, bool)>) {
    let l = map_line(s, from, to);
    (l.blocked, l.wall)
}

pub fn line_of_fire(s: &State, from: Pos, to: Pos) -> LineOfFire {
    let mut lof = LineOfFire::default();
    // SK-17.4-a / G-51: smoke counts "through, from or into". The grid's line lists only the
    // cells *between* the two centres (what blocks sight, for every system), so the firer's
    // and the target's own hexes are counted here.
    if s.smoky(from) {
        lof.smoke += 1;
    }
    if to != from && s.smoky(to) {
        lof.smoke += 1;
    }
    let line = map_line(s, from, to);
    lof.blocked = line.blocked;
    lof.wall = line.wall;
    // Clouds and fires come and go; the map's smoke stays.
    let moving_smoke = !s.fires.is_empty() || !s.clouds.is_empty();
    for step in &line.steps {
        let cells = &step.cells[..usize::from(step.n)];
        if step.smoke || (moving_smoke && cells.iter().any(|&p| s.smoky(p))) {
            lof.smoke += 1;
        }
        for &p in cells {
            for (i, f) in s.figures.iter().enumerate() {
                if f.pos == p && f.active() && !lof.between.contains(&(i as FigId)) {
                    lof.between.push(i as FigId);
                }
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use fireteam_grid::Hex;

    /// The cached lines are the grid's own, step for step, between every two hexes of a map
    /// (both column parities, every direction and length up to 13).
    #[test]
    fn cached_lines_are_the_grids_lines() {
        let cells: Vec<Hex> = (0..14)
            .flat_map(|c| (0..14).map(move |r| Pos { col: c, row: r }.hex()))
            .collect();
        for &a in &cells {
            for &b in &cells {
                let want: Vec<LineStep<Hex>> = line(a, b).collect();
                assert_eq!(cached_line(a, b).to_vec(), want, "{a:?} -> {b:?}");
            }
        }
        // The long lines a shot follows past its target, far off the map (`attack::stray`).
        for &a in cells.iter().step_by(5) {
            for &b in cells.iter().step_by(3) {
                for k in [3, 7] {
                    let far = a + Hex::new((b.q - a.q) * k, (b.r - a.r) * k);
                    let want: Vec<LineStep<Hex>> = line(a, far).collect();
                    let got: Vec<LineStep<Hex>> = line_steps(a, far).collect();
                    assert_eq!(got, want, "{a:?} -> {far:?}");
                }
            }
        }
    }
}
