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

/// No entry for a cell yet.
const NO_ENTRY: u16 = u16::MAX;
/// A cell not reached yet, in `Reaches::known`.
const UNKNOWN: u32 = u32::MAX;

// What a cell holds, for the movement search: the terrain's part, fixed for the battle
// (`HexTable::kinds`)...
/// Ordinary ground, entered by a step ([`crate::terrain::crossing::ground`]).
const GROUND: u8 = 1;
/// Crossed only by a jump ([`crate::terrain::crossing::obstacle`]).
const OBSTACLE: u8 = 2;
/// A pit 1 m deep or more ([`crate::terrain::crossing::pit`]).
const PIT: u8 = 4;
/// A pit over 2 m deep ([`crate::terrain::crossing::deep_pit`]).
const DEEP_PIT: u8 = 8;
// ... and the figures' part, marked for each search ([`Marks`]).
/// Inside an enemy's threat zone (SK-8.1-a).
const THREAT: u8 = 16;
/// Someone else stands or kneels there, or is in a brawl there: never passed (SK-10.6-a).
const UP: u8 = 32;
/// Someone else lies there, and no one stands there (SK-10.6-b).
const DOWN: u8 = 64;

/// The battle map as the movement search reads it: each cell's neighbours, what its terrain
/// makes of it, and the straight jumps that start over it, computed once per battle
/// (`Rules::hexes`, from the map and the options, which never change in a battle). Cells are
/// numbered row-major, as `Rules::cells`; one more cell, `off`, stands for every hex off the
/// map: it is nothing, and the search never enters it.
#[derive(Clone, Default, PartialEq)]
pub struct HexTable {
    width: u16,
    height: u16,
    /// Each cell's hex.
    positions: Vec<Pos>,
    /// Each cell's neighbour in each direction.
    neighbours: Vec<[u32; 6]>,
    /// `GROUND`, `OBSTACLE`, `PIT`, `DEEP_PIT`, for every cell and `off`.
    kinds: Vec<u8>,
    /// For an obstacle cell entered in each direction: the width of the jump over it and the
    /// cell landed in ([`crate::terrain::crossing::jump_landing`] but for the figures, which
    /// the search reads from its marks); `off`: no jump.
    jumps: Vec<[(u8, u32); 6]>,
}

impl std::fmt::Debug for HexTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HexTable({} × {})", self.width, self.height)
    }
}

impl HexTable {
    /// The table of `rules`' map under its options (gravity, for the widths of jumps).
    pub fn build(rules: &crate::data::Rules) -> HexTable {
        use crate::terrain::crossing::{effective_width, jump_dice, MAX_RUN};
        let mut t = HexTable {
            width: rules.width,
            height: rules.height,
            ..HexTable::default()
        };
        let terrain = |p: Pos| rules.terrain_at(i32::from(p.col), i32::from(p.row));
        let on_map = |p: Pos| t.cell(p) != t.off();
        // As `crossing::ground` and `crossing::obstacle`.
        let ground = |p: Pos| on_map(p) && terrain(p).is_some_and(|t| !t.impassable());
        let obstacle = |p: Pos| on_map(p) && terrain(p).is_some_and(|t| t.must_jump());
        let mut positions = Vec::new();
        let mut neighbours = Vec::new();
        let mut kinds = Vec::new();
        let mut jumps = Vec::new();
        for row in 0..t.height as i16 {
            for col in 0..t.width as i16 {
                let p = Pos::new(col, row);
                positions.push(p);
                neighbours.push(t.around(p));
                let mut kind = 0;
                if ground(p) {
                    kind |= GROUND;
                }
                if obstacle(p) {
                    kind |= OBSTACLE;
                }
                if terrain(p).is_some_and(|t| t.is_pit()) {
                    kind |= PIT;
                }
                if terrain(p).is_some_and(|t| t.deep_pit()) {
                    kind |= DEEP_PIT;
                }
                kinds.push(kind);
                // As `crossing::jump_landing`, from this (first) obstacle in each direction.
                let mut from_here = [(0u8, t.off()); 6];
                for (dir, jump) in from_here.iter_mut().enumerate() {
                    let mut at = p;
                    let mut width = 0u8;
                    while obstacle(at) && width <= MAX_RUN {
                        width += 1;
                        at = at.neighbour(dir as u8);
                    }
                    let eff = effective_width(width, rules.options.gravity_percent);
                    if width > 0 && width <= MAX_RUN && jump_dice(eff).is_some() && ground(at) {
                        *jump = (width, t.cell(at));
                    }
                }
                jumps.push(from_here);
            }
        }
        kinds.push(0);
        t.positions = positions;
        t.neighbours = neighbours;
        t.kinds = kinds;
        t.jumps = jumps;
        t
    }

    /// The cell standing for every hex off the map: one past the last.
    fn off(&self) -> u32 {
        u32::from(self.width) * u32::from(self.height)
    }

    /// The cell of `p` (`off` off the map).
    fn cell(&self, p: Pos) -> u32 {
        if p.col >= 0 && p.row >= 0 && p.col < self.width as i16 && p.row < self.height as i16 {
            p.row as u32 * u32::from(self.width) + p.col as u32
        } else {
            self.off()
        }
    }

    fn pos(&self, c: u32) -> Pos {
        self.positions[c as usize]
    }

    /// The cells around `p`, in direction order.
    fn around(&self, p: Pos) -> [u32; 6] {
        let mut around = [0; 6];
        for (dir, c) in around.iter_mut().enumerate() {
            *c = self.cell(p.neighbour(dir as u8));
        }
        around
    }

    /// The words of a bit set over the cells and `off`.
    fn words(&self) -> usize {
        (self.off() as usize + 1).div_ceil(64)
    }
}

/// What a search reads of the figures, one bit per map cell in each of three runs of
/// `HexTable::words` words: `THREAT`, `UP` and `DOWN`. With these (and the map, the start, the
/// budget and the gait) a search is settled, for a mover of size 1: the marks are the key of
/// the searches kept per thread.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Marks(Vec<u64>);

impl Marks {
    /// Marks the threat zones of every enemy of `me` (SK-8.1-a) and the hexes the others stand
    /// or lie in, as [`crate::terrain::crossing::occupied`] reads them.
    fn mark(&mut self, s: &State, me: FigId) {
        let t = &s.rules.hexes;
        let words = t.words();
        self.0.clear();
        self.0.resize(3 * words, 0);
        let side = s.fig(me).side;
        let off = t.off();
        let mut set = |run: usize, c: u32| {
            if c != off {
                let c = c as usize;
                self.0[run * words + c / 64] |= 1 << (c % 64);
            }
        };
        for e in &s.figures {
            if e.side != side && has_tz(e) {
                let (hexes, n) = threat_hexes(e);
                for &p in &hexes[..n] {
                    set(0, t.cell(p));
                }
            }
            // As `occupied`: one who escaped the arena is no longer in his hex (SK-19.1-b);
            // someone standing there, or in a brawl, is never passed (SK-10.6-a, G-39 (5)),
            // else someone down is.
            if e.id == me || e.condition == crate::state::Condition::Escaped {
                continue;
            }
            let up = e.active() && (!e.posture.down() || e.in_hth);
            set(if up { 1 } else { 2 }, t.cell(e.pos));
        }
    }

    fn bit(&self, run: usize, words: usize, c: u32) -> bool {
        let c = c as usize;
        self.0[run * words + c / 64] & (1 << (c % 64)) != 0
    }
}

/// A movement search's result, as [`with_reach`] lends it: the entries in [`reach`]'s order,
/// and the marks it was made with.
pub struct Reach<'a> {
    pub entries: &'a [Reached],
    /// Each entry's cell.
    cells: &'a [u32],
    marks: &'a Marks,
    table: &'a HexTable,
}

impl Reach<'_> {
    /// Whether the mover `f` is engaged at entry `k`'s hex: [`engagers_of`]` != 0`, read
    /// from the marks for a mover of size 1.
    #[inline]
    pub fn engaged(&self, s: &State, f: &Figure, k: usize) -> bool {
        if f.size > 1 {
            return engagers_of(s, f, self.entries[k].pos) != 0;
        }
        self.marks.bit(0, self.table.words(), self.cells[k])
    }

    /// The MOV spent to the first entry at each hex (a hex only jumped over counts too), `0`
    /// where there is none: what a search of the entries for the hex, first to last, finds.
    pub fn first_dists(&self) -> FirstDists<'_> {
        let mut dist: smallvec::SmallVec<[u32; 512]> =
            smallvec::smallvec![u32::MAX; self.table.off() as usize + 1];
        for e in self.entries {
            let d = &mut dist[self.table.cell(e.pos) as usize];
            if *d == u32::MAX {
                *d = e.dist;
            }
        }
        FirstDists {
            reach: self.entries,
            table: self.table,
            dist,
        }
    }
}

/// [`Reach::first_dists`].
pub struct FirstDists<'a> {
    reach: &'a [Reached],
    table: &'a HexTable,
    dist: smallvec::SmallVec<[u32; 512]>,
}

impl FirstDists<'_> {
    /// The MOV spent to the first entry at `p`, `0` if none.
    pub fn get(&self, p: Pos) -> u32 {
        let c = self.table.cell(p);
        if c == self.table.off() {
            // Off the map: only a start off the map is there.
            return self.reach.iter().find(|e| e.pos == p).map_or(0, |e| e.dist);
        }
        match self.dist[c as usize] {
            u32::MAX => 0,
            d => d,
        }
    }
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
    with_reach(s, id, start, budget, walking, |r| r.entries.to_vec())
}

/// [`reach_from`], lent to `f` without a copy. Each thread keeps its last few searches, keyed
/// by what they read (the rules, the marks, the start, the budget and the gait), so the
/// legal list's search serves the move's resolution ([`route_to`]) and every later call with
/// the same key. `f` may search again: it then searches anew.
pub fn with_reach<T>(
    s: &State,
    id: FigId,
    start: Pos,
    budget: u32,
    walking: bool,
    f: impl FnOnce(&Reach) -> T,
) -> T {
    let (slot, kept) = REACHES.with(|r| r.borrow_mut().full(s, id, start, budget, walking));
    let out = f(&Reach {
        entries: &kept.out,
        cells: &kept.cells,
        marks: &kept.marks,
        table: &s.rules.hexes,
    });
    REACHES.with(|r| r.borrow_mut().kept[slot] = kept);
    out
}

/// The path [`reach_from`] finds to `to` (start first) and the MOV it spends, or `None` when
/// `to` is out of reach: from a search kept by [`with_reach`], or else a search that stops as
/// soon as `to` is settled: its entries are expanded in order of MOV spent and a route is
/// replaced only by a strictly cheaper one, so the path is the one the whole search would
/// give, at a fraction of the work when `to` is near.
pub fn route_to(
    s: &State,
    id: FigId,
    start: Pos,
    budget: u32,
    walking: bool,
    to: Pos,
) -> Option<(smallvec::SmallVec<[Pos; 12]>, u32)> {
    REACHES.with(|r| {
        let mut r = r.borrow_mut();
        let r = &mut *r;
        r.marks.mark(s, id);
        let found = match r.find(s, id, start, budget, walking) {
            Some(k) => &r.kept[k].out,
            None => {
                let mut out = std::mem::take(&mut r.partial);
                let mut cells = std::mem::take(&mut r.cells);
                r.search(
                    s,
                    id,
                    start,
                    budget,
                    walking,
                    Some(to),
                    &mut out,
                    &mut cells,
                );
                r.partial = out;
                r.cells = cells;
                &r.partial
            }
        };
        let k = found.iter().position(|e| e.dest && e.pos == to)?;
        Some((path_to(found, k), found[k].dist))
    })
}

/// How many searches each thread keeps.
const KEPT: usize = 4;

/// One kept search: its key and its entries.
struct Kept {
    /// The rules' address (`0`: nothing kept), the start, the budget, the gait.
    rules: usize,
    start: Pos,
    budget: u32,
    walking: bool,
    marks: Marks,
    out: Vec<Reached>,
    /// Each entry's cell.
    cells: Vec<u32>,
}

impl Default for Kept {
    fn default() -> Self {
        Kept {
            rules: 0,
            start: Pos::new(0, 0),
            budget: 0,
            walking: false,
            marks: Marks::default(),
            out: Vec::new(),
            cells: Vec::new(),
        }
    }
}

/// Each thread's searches: the scratch of the search and the searches kept.
#[derive(Default)]
struct Reaches {
    /// The marks of the search at hand.
    marks: Marks,
    /// Each cell's `HexTable::kinds` with the marks added.
    kind: Vec<u8>,
    /// Each cell's MOV spent, `| STOP` for a hex the move stops in, as its entry has it
    /// (`UNKNOWN`: not reached; `off`: 0, so that it is never entered); all `UNKNOWN` between
    /// searches.
    known: Vec<u32>,
    /// Each cell's entry (`NO_ENTRY`: none); all `NO_ENTRY` between searches.
    entry: Vec<u16>,
    /// The entries to expand, by MOV spent.
    queue: Vec<Vec<u16>>,
    /// Each entry's cell, for a search that stops at its goal.
    cells: Vec<u32>,
    kept: [Kept; KEPT],
    /// The kept search to replace next.
    next: usize,
    /// The last search that stopped at its goal.
    partial: Vec<Reached>,
}

thread_local! {
    static REACHES: std::cell::RefCell<Reaches> = std::cell::RefCell::new(Reaches::default());
}

impl Reaches {
    /// The kept search for this key, if any; `self.marks` must be marked for `id`. A mover
    /// larger than one hex reads more than the marks (SK-8.3-c): his searches are not kept.
    fn find(&self, s: &State, id: FigId, start: Pos, budget: u32, walking: bool) -> Option<usize> {
        let rules = std::ptr::from_ref(s.rules) as usize;
        if s.fig(id).size > 1 {
            return None;
        }
        self.kept.iter().position(|k| {
            k.rules == rules
                && k.start == start
                && k.budget == budget
                && k.walking == walking
                && k.marks == self.marks
        })
    }

    /// The whole search for this key, taken out of its slot (kept or made anew) for the
    /// caller to put back.
    fn full(
        &mut self,
        s: &State,
        id: FigId,
        start: Pos,
        budget: u32,
        walking: bool,
    ) -> (usize, Kept) {
        self.marks.mark(s, id);
        if let Some(k) = self.find(s, id, start, budget, walking) {
            return (k, std::mem::take(&mut self.kept[k]));
        }
        let slot = self.next;
        self.next = (self.next + 1) % KEPT;
        let mut kept = std::mem::take(&mut self.kept[slot]);
        self.search(
            s,
            id,
            start,
            budget,
            walking,
            None,
            &mut kept.out,
            &mut kept.cells,
        );
        kept.marks.0.clone_from(&self.marks.0);
        kept.rules = if s.fig(id).size > 1 {
            0
        } else {
            std::ptr::from_ref(s.rules) as usize
        };
        kept.start = start;
        kept.budget = budget;
        kept.walking = walking;
        (slot, kept)
    }

    /// The search of [`reach_from`] into `out`, with `self.marks` marked for `id`; with a
    /// `goal`, it stops once the goal is settled ([`route_to`]).
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        s: &State,
        id: FigId,
        start: Pos,
        budget: u32,
        walking: bool,
        goal: Option<Pos>,
        out: &mut Vec<Reached>,
        cells: &mut Vec<u32>,
    ) {
        let t = &s.rules.hexes;
        let off = t.off();
        let n = off as usize + 1;
        if self.known.len() != n {
            self.known.clear();
            self.known.resize(n, UNKNOWN);
            self.known[off as usize] = 0;
            self.entry.clear();
            self.entry.resize(n, NO_ENTRY);
        }
        self.kind.clear();
        self.kind.extend_from_slice(&t.kinds);
        let words = t.words();
        for (run, flag) in [THREAT, UP, DOWN].into_iter().enumerate() {
            for (w, &bits) in self.marks.0[run * words..(run + 1) * words]
                .iter()
                .enumerate()
            {
                let mut b = bits;
                while b != 0 {
                    self.kind[w * 64 + b.trailing_zeros() as usize] |= flag;
                    b &= b - 1;
                }
            }
        }
        let f = s.fig(id);
        // SK-8.3-c: a mover larger than one hex is engaged only by enough foes.
        let engaged = |p: Pos| f.size <= 1 || engagers_of(s, f, p) != 0;
        let way = Way {
            table: t,
            kind: &self.kind,
            budget,
            walking,
            over_figure: u32::from(s.rules.options.jump_figure_mov),
            goal,
        };
        if self.queue.len() <= budget as usize {
            self.queue.resize_with(budget as usize + 1, Vec::new);
        }
        let mut r = Search {
            known: &mut self.known,
            entry: &mut self.entry,
            queue: &mut self.queue[..=budget as usize],
            cells,
            out,
            dist: 0,
            head: 0,
        };
        way.search(&mut r, start, engaged);
        // Leave every cell unreached for the next search.
        for &c in r.cells.iter() {
            if c != off {
                r.known[c as usize] = UNKNOWN;
                r.entry[c as usize] = NO_ENTRY;
            }
        }
    }
}

/// What a search reads: the map with the figures marked, the MOV to spend, the gait, and the
/// goal if any.
struct Way<'a> {
    table: &'a HexTable,
    kind: &'a [u8],
    budget: u32,
    walking: bool,
    /// MOV to jump over a fallen figure (`sk.jump_figure_mov`, SK-10.6-c).
    over_figure: u32,
    goal: Option<Pos>,
}

impl Way<'_> {
    /// Expands the entries in order of MOV spent, then as found: with steps of 1 only, this is
    /// a plain breadth-first search. `engaged(p)`: whether the mover, in a marked threat zone
    /// at `p`, is engaged there (SK-8.3-c).
    fn search(&self, r: &mut Search, start: Pos, engaged: impl Fn(Pos) -> bool) {
        let t = self.table;
        let off = t.off();
        let kind = self.kind;
        let budget = self.budget;
        r.out.clear();
        for q in r.queue.iter_mut() {
            q.clear();
        }
        r.cells.clear();
        r.out.push(Reached {
            pos: start,
            dist: 0,
            parent: NO_ENTRY,
            dest: true,
            stop: false,
        });
        let start_cell = t.cell(start);
        r.cells.push(start_cell);
        if start_cell != off {
            r.known[start_cell as usize] = 0;
            r.entry[start_cell as usize] = 0;
        }
        r.queue[0].push(0);
        while let Some(i) = r.next() {
            let e = r.out[i];
            let d = e.dist;
            if self.goal == Some(e.pos) && e.dest {
                break;
            }
            let here = r.cells[i];
            let here_kind = kind[here as usize];
            // SK-10-d: the move stops on entering an enemy threat zone.
            if e.stop || d >= budget || (i > 0 && here_kind & THREAT != 0 && engaged(e.pos)) {
                continue;
            }
            let from = i as u16;
            let around = if here == off {
                t.around(e.pos)
            } else {
                t.neighbours[here as usize]
            };
            let step = d + 1;
            if here_kind & PIT != 0 {
                self.out_of_pit(r, &around, here_kind, step, from);
                continue;
            }
            // The common cases first, while they last: a neighbour reached as plain ground at
            // no more than `step` or off the map (nothing new can come of it), and a new hex
            // of empty ground (`add`'s common case: `step` is within the budget).
            let mut dir = 0;
            {
                let (known, entry, out, cells) =
                    (&mut *r.known, &mut *r.entry, &mut *r.out, &mut *r.cells);
                let queue = &mut r.queue[step as usize];
                while dir < 6 {
                    let n = around[dir] as usize;
                    let was = known[n];
                    if was <= step {
                        dir += 1;
                        continue;
                    }
                    if was != UNKNOWN || kind[n] & (GROUND | UP | DOWN) != GROUND {
                        break;
                    }
                    let j = out.len() as u16;
                    out.push(Reached {
                        pos: t.positions[n],
                        dist: step,
                        parent: from,
                        dest: true,
                        stop: false,
                    });
                    cells.push(n as u32);
                    entry[n] = j;
                    known[n] = step;
                    queue.push(j);
                    dir += 1;
                }
            }
            for (dir, &n) in around.iter().enumerate().skip(dir) {
                if r.known_plain(n, step) {
                    continue;
                }
                let k = kind[n as usize];
                if k & (GROUND | UP | DOWN) == GROUND {
                    r.add(t, n, step, from, false, budget);
                } else if k & GROUND != 0 {
                    if self.walking && k & UP == 0 {
                        self.over_figure(r, n, dir, d, from);
                    }
                } else if self.walking && k & OBSTACLE != 0 {
                    self.over_obstacle(r, n, k, dir, d, from);
                }
            }
        }
    }

    /// From the pit `here` (of kind `here_kind`): its floor, or out over its rim (SK-10.3-b:
    /// not out of a deep pit).
    #[inline(never)]
    fn out_of_pit(&self, r: &mut Search, around: &[u32; 6], here_kind: u8, step: u32, from: u16) {
        for &n in around {
            if r.known_plain(n, step) {
                continue;
            }
            let k = self.kind[n as usize];
            let out_ok = k & GROUND != 0 && here_kind & DEEP_PIT == 0;
            if k & (UP | DOWN) == 0 && (k & PIT != 0 || out_ok) {
                r.add(self.table, n, step, from, false, self.budget);
            }
        }
    }

    /// SK-10.6-b: into a fallen figure's hex `n`, and stop; SK-10.6-c: over him.
    #[inline(never)]
    fn over_figure(&self, r: &mut Search, n: u32, dir: usize, d: u32, from: u16) {
        let t = self.table;
        r.add(t, n, d + 1, from, true, self.budget);
        let land = t.neighbours[n as usize][dir];
        let cost = d + self.over_figure + 1;
        if cost <= self.budget
            && self.kind[land as usize] & (GROUND | UP | DOWN) == GROUND
            && r.better(land, cost)
        {
            let over = r.scaffold(t, n, d + self.over_figure, from);
            r.add(t, land, cost, over, false, self.budget);
        }
    }

    /// The obstacle `n` (of kind `k`): down into it if it is a pit up to 2 m deep, ending the
    /// move (SK-17.8-a), and a straight jump over the obstacles to the hex beyond (SK-10.2-a,
    /// SK-17.9-d).
    #[inline(never)]
    fn over_obstacle(&self, r: &mut Search, n: u32, k: u8, dir: usize, d: u32, from: u16) {
        let t = self.table;
        if k & (PIT | DEEP_PIT | UP | DOWN) == PIT {
            r.add(t, n, d + 1, from, true, self.budget);
        }
        let (width, land) = t.jumps[n as usize][dir];
        if land != t.off() && self.kind[land as usize] & (UP | DOWN) == 0 {
            let cost = d + u32::from(width) + 1;
            if cost <= self.budget && r.better(land, cost) {
                let mut parent = from;
                let mut h = n;
                for k in 0..u32::from(width) {
                    parent = r.scaffold(t, h, d + k + 1, parent);
                    h = t.neighbours[h as usize][dir];
                }
                r.add(t, land, cost, parent, false, self.budget);
            }
        }
    }
}

/// In `Reaches::known`: the hex is one to stop in.
const STOP: u32 = 1 << 31;

/// The working state of a search: the entries, the entry of each map cell, and the entries
/// to expand, queued by MOV spent.
struct Search<'a> {
    /// Each cell's MOV spent, `| STOP` for a hex the move stops in, as its entry has it
    /// (`UNKNOWN`: not reached; `off`: 0, so that it is never entered).
    known: &'a mut [u32],
    entry: &'a mut [u16],
    /// The entries to expand at each MOV spent, in the order they were queued; an entry
    /// queued again at a lower cost is passed over at the higher one.
    queue: &'a mut [Vec<u16>],
    cells: &'a mut Vec<u32>,
    out: &'a mut Vec<Reached>,
    /// The MOV spent of the entries being expanded, and the next of them.
    dist: usize,
    head: usize,
}

impl Search<'_> {
    /// The next entry to expand: the cheapest, then the first queued.
    #[inline]
    fn next(&mut self) -> Option<usize> {
        loop {
            let queue = self.queue.get(self.dist)?;
            match queue.get(self.head) {
                Some(&i) => {
                    self.head += 1;
                    let i = usize::from(i);
                    if self.out[i].dist as usize == self.dist {
                        return Some(i);
                    }
                }
                None => {
                    self.dist += 1;
                    self.head = 0;
                }
            }
        }
    }

    /// Queues entry `i` after every queued entry that costs no more.
    #[inline]
    fn enqueue(&mut self, i: u16) {
        let d = self.out[usize::from(i)].dist as usize;
        self.queue[d].push(i);
    }

    /// Whether reaching cell `c` at `cost` would be new or cheaper than what is known.
    #[inline]
    fn better(&self, c: u32, cost: u32) -> bool {
        self.known[c as usize] & !STOP > cost
    }

    /// Already reached as plain ground (not a hex to stop in) at no more than `cost`, or off
    /// the map: nothing new can come of it (the common case, checked first).
    #[inline]
    fn known_plain(&self, c: u32, cost: u32) -> bool {
        self.known[c as usize] <= cost
    }

    /// A hex only jumped over; returns its entry.
    fn scaffold(&mut self, t: &HexTable, c: u32, dist: u32, parent: u16) -> u16 {
        self.out.push(Reached {
            pos: t.pos(c),
            dist,
            parent,
            dest: false,
            stop: false,
        });
        self.cells.push(c);
        (self.out.len() - 1) as u16
    }

    /// Records a hex reached, or a cheaper way to a known one.
    fn add(&mut self, t: &HexTable, c: u32, dist: u32, parent: u16, stop: bool, budget: u32) {
        if dist > budget {
            return;
        }
        let known = self.known[c as usize];
        let mark = dist | if stop { STOP } else { 0 };
        if known == UNKNOWN {
            self.out.push(Reached {
                pos: t.pos(c),
                dist,
                parent,
                dest: true,
                stop,
            });
            self.cells.push(c);
            let i = (self.out.len() - 1) as u16;
            self.entry[c as usize] = i;
            self.known[c as usize] = mark;
            self.enqueue(i);
        } else if known & !STOP > dist {
            // Not expanded yet (it cost more than anything expanded so far): queued again, and
            // passed over at its old cost.
            let k = self.entry[c as usize];
            let e = &mut self.out[usize::from(k)];
            e.dist = dist;
            e.parent = parent;
            e.stop = stop;
            self.known[c as usize] = mark;
            self.enqueue(k);
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
type LineCache = rustc_hash::FxHashMap<(i32, i32), std::rc::Rc<[LineStep<fireteam_grid::Hex>]>>;

thread_local! {
    static LINES: std::cell::RefCell<LineCache> = std::cell::RefCell::new(LineCache::default());
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
type MapLineCache = rustc_hash::FxHashMap<(usize, Pos, Pos), std::rc::Rc<MapLine>>;

thread_local! {
    static MAP_LINES: std::cell::RefCell<MapLineCache> = std::cell::RefCell::new(MapLineCache::default());
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
