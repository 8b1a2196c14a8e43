//! The mirrored arena (`scenarios/skirmish/arena-mirror.toml`) is a fair battle: its map is its
//! own mirror image, its squads are each other's mirror, and the geometry the rules read gives
//! mirrored answers for mirrored places: distances, lines of fire (what blocks them, the walls on
//! them with whether each is next to the target or the firer, the smoke crossed, the figures in
//! the way), arcs from mirrored facings, threat zones and engagement, and movement reaches (the
//! same mirrored destinations at the same MOV spent, stopping where the mirror stops).
//!
//! The mirror takes column c to W − 1 − c and keeps the row; on the flat-topped odd-q layout it
//! is a symmetry of the hex grid because W is odd (columns keep their parity). A facing f
//! (0 = N, clockwise) becomes (6 − f) mod 6: N and S stay, NE and NW trade places, as do SE
//! and SW.

use fireteam_grid::Arc;
use fireteam_scenario::Loader;
use fireteam_skirmish::geometry::{self, Reached};
use fireteam_skirmish::scenario::setup;
use fireteam_skirmish::schema::SkirmishSchema;
use fireteam_skirmish::state::{Cloud, CloudKind, FigId, Figure, Pos, Posture};
use fireteam_skirmish::State;

fn mirrored_arena() -> State {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
    let loader = Loader::new()
        .schema(&SkirmishSchema)
        .data_dir(root.join("data"));
    let loaded = loader
        .load_path(&root.join("scenarios/skirmish/arena-mirror.toml"))
        .unwrap_or_else(|d| panic!("{}", d.render_plain()));
    setup(&loaded).build()
}

fn mirror(s: &State, p: Pos) -> Pos {
    Pos {
        col: s.rules.width as i16 - 1 - p.col,
        row: p.row,
    }
}

fn mirror_facing(f: u8) -> u8 {
    (6 - f % 6) % 6
}

fn cells(s: &State) -> Vec<Pos> {
    let mut v = Vec::new();
    for col in 0..s.rules.width as i16 {
        for row in 0..s.rules.height as i16 {
            v.push(Pos { col, row });
        }
    }
    v
}

/// The figure standing on the mirror of figure `id`'s hex.
fn twin(s: &State, id: FigId) -> FigId {
    let at = mirror(s, s.fig(id).pos);
    s.figures
        .iter()
        .position(|f| f.pos == at)
        .unwrap_or_else(|| panic!("no figure on the mirror of {}", s.name(id))) as FigId
}

/// Gives every figure of side 0 a random hex, facing and posture (standing, kneeling, prone
/// or fallen), and its twin of side 1 the mirror of each, so the state is its own mirror
/// image. The hexes are on open ground, all different.
fn scatter_mirrored(s: &mut State, seed: u64) {
    let mut rng = seed;
    let mut next = move |n: u64| {
        // SplitMix64.
        rng = rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    };
    let open: Vec<Pos> = cells(s)
        .into_iter()
        .filter(|&p| s.terrain(p).is_some_and(|t| t.id == "open") && p != mirror(s, p))
        .collect();
    let west: Vec<FigId> = s
        .figures
        .iter()
        .filter(|f| f.side == 0)
        .map(|f| f.id)
        .collect();
    let pairs: Vec<(FigId, FigId)> = west.iter().map(|&w| (w, twin(s, w))).collect();
    let mut taken: Vec<Pos> = Vec::new();
    for (w, e) in pairs {
        let p = loop {
            let p = open[next(open.len() as u64) as usize];
            if !taken.contains(&p) {
                break p;
            }
        };
        taken.push(p);
        taken.push(mirror(s, p));
        let facing = next(6) as u8;
        let posture = [
            Posture::Standing,
            Posture::Standing,
            Posture::Kneeling,
            Posture::Prone,
            Posture::Fallen,
        ][next(5) as usize];
        let m = mirror(s, p);
        let f = s.fig_mut(w);
        (f.pos, f.facing, f.posture) = (p, facing, posture);
        let f = s.fig_mut(e);
        (f.pos, f.facing, f.posture) = (m, mirror_facing(facing), posture);
    }
}

#[test]
fn the_mirrored_arena_is_its_own_mirror_image() {
    let s = mirrored_arena();
    assert_eq!(
        s.rules.width % 2,
        1,
        "an odd width keeps every column's parity"
    );
    for p in cells(&s) {
        assert_eq!(s.terrain(p), s.terrain(mirror(&s, p)), "{p}");
    }
    let (west, east): (Vec<&Figure>, Vec<&Figure>) = s.figures.iter().partition(|f| f.side == 0);
    assert_eq!((west.len(), east.len()), (3, 3));
    for (w, e) in west.iter().zip(&east) {
        assert_eq!(
            mirror(&s, w.pos),
            e.pos,
            "{} and {}",
            s.name(w.id),
            s.name(e.id)
        );
        assert_eq!(mirror_facing(w.facing), e.facing, "{}", s.name(e.id));
        assert_eq!(mirror(&s, w.tether_anchor), e.tether_anchor);
        // Everything else alike: stats, skills, weapons, armor, posture, MOV.
        let mut same = (*e).clone();
        (same.id, same.side, same.pos, same.facing) = (w.id, w.side, w.pos, w.facing);
        same.tether_anchor = w.tether_anchor;
        assert_eq!(&same, *w, "{} and {}", s.name(w.id), s.name(e.id));
    }
}

#[test]
fn distances_mirror() {
    let s = mirrored_arena();
    let all = cells(&s);
    for &a in &all {
        for &b in &all {
            assert_eq!(
                a.distance(b),
                mirror(&s, a).distance(mirror(&s, b)),
                "{a} → {b}"
            );
        }
    }
}

/// Every line between two hexes, with the squads where the file puts them and smoke clouds on
/// mirrored hexes: the same blocking, the same highest wall with the same next-to-the-target and
/// next-to-the-firer flags, the same smoke count, and the twins of the figures in the way, in
/// the same order.
#[test]
fn lines_of_fire_mirror() {
    let mut s = mirrored_arena();
    let all = cells(&s);
    for (id, c) in [(0, Pos::new(6, 2)), (1, Pos::new(8, 8))] {
        for (k, center) in [c, mirror(&s, c)].into_iter().enumerate() {
            s.clouds.push(Cloud {
                id: 2 * id + k as u16,
                center,
                radius: 1,
                age: 1,
                kind: CloudKind::Smoke,
                weapon: 0,
                grenade: false,
            });
        }
    }
    let twins: Vec<FigId> = (0..s.figures.len() as FigId).map(|i| twin(&s, i)).collect();
    for &a in &all {
        for &b in &all {
            let (ma, mb) = (mirror(&s, a), mirror(&s, b));
            assert_eq!(
                geometry::sight(&s, a, b),
                geometry::sight(&s, ma, mb),
                "sight {a} → {b} against {ma} → {mb}"
            );
            let (here, there) = (
                geometry::line_of_fire(&s, a, b),
                geometry::line_of_fire(&s, ma, mb),
            );
            let what = format!("{a} → {b} against {ma} → {mb}: {here:?} and {there:?}");
            assert_eq!(here.blocked, there.blocked, "{what}");
            assert_eq!(here.wall, there.wall, "{what}");
            assert_eq!(here.smoke, there.smoke, "{what}");
            let between: Vec<FigId> = here
                .between
                .iter()
                .map(|&i| twins[usize::from(i)])
                .collect();
            assert_eq!(between, there.between.to_vec(), "{what}");
        }
    }
}

#[test]
fn arcs_from_mirrored_facings_mirror() {
    let s = mirrored_arena();
    let all = cells(&s);
    let mut f = s.fig(0).clone();
    let mut m = f.clone();
    for martial_arts in [0, 4] {
        (f.martial_arts, m.martial_arts) = (martial_arts, martial_arts);
        for &p in &all {
            for facing in 0..6 {
                (f.pos, f.facing) = (p, facing);
                (m.pos, m.facing) = (mirror(&s, p), mirror_facing(facing));
                for &t in &all {
                    let a = geometry::arc_from(&f, t);
                    assert_eq!(
                        a,
                        geometry::arc_from(&m, mirror(&s, t)),
                        "from {p} facing {facing} to {t}, Martial Arts {martial_arts}"
                    );
                    assert_eq!(geometry::in_front(&f, t), a == Arc::Front);
                }
            }
        }
    }
}

#[test]
fn threat_zones_from_mirrored_facings_mirror() {
    let s = mirrored_arena();
    let mut f = s.fig(0).clone();
    let mut m = f.clone();
    for martial_arts in [0, 4] {
        (f.martial_arts, m.martial_arts) = (martial_arts, martial_arts);
        for p in cells(&s) {
            for facing in 0..6 {
                (f.pos, f.facing) = (p, facing);
                (m.pos, m.facing) = (mirror(&s, p), mirror_facing(facing));
                let (here, n) = geometry::threat_hexes(&f);
                let (there, k) = geometry::threat_hexes(&m);
                let mut here: Vec<Pos> = here[..n].iter().map(|&q| mirror(&s, q)).collect();
                let mut there = there[..k].to_vec();
                here.sort();
                there.sort();
                assert_eq!(
                    here, there,
                    "{p} facing {facing}, Martial Arts {martial_arts}"
                );
            }
        }
    }
}

/// With both squads scattered on mirrored hexes, mirrored facings and the same postures, an
/// enemy threatens a hex exactly when his twin threatens its mirror, and a figure is engaged
/// exactly when his twin is.
#[test]
fn engagement_mirrors() {
    let base = mirrored_arena();
    for seed in 0..200 {
        let mut s = base.clone();
        scatter_mirrored(&mut s, seed);
        let twins: Vec<FigId> = (0..s.figures.len() as FigId).map(|i| twin(&s, i)).collect();
        let twin_mask = |m: u64| {
            (0..s.figures.len())
                .filter(|&i| m & (1 << i) != 0)
                .fold(0u64, |acc, i| acc | 1 << twins[i])
        };
        for p in cells(&s) {
            for side in 0..2u8 {
                assert_eq!(
                    twin_mask(geometry::engagers_at(&s, side, p)),
                    geometry::engagers_at(&s, 1 - side, mirror(&s, p)),
                    "seed {seed}: side {side} at {p}"
                );
            }
        }
        for f in &s.figures {
            assert_eq!(
                geometry::engaged(&s, f.id),
                geometry::engaged(&s, twins[usize::from(f.id)]),
                "seed {seed}: {}",
                s.name(f.id)
            );
        }
    }
}

/// The destinations of a reach, mirrored or not, with the MOV spent and whether the move stops
/// there, sorted.
fn destinations(s: &State, r: &[Reached], mirrored: bool) -> Vec<(Pos, u32, bool)> {
    let mut v: Vec<(Pos, u32, bool)> = r
        .iter()
        .filter(|e| e.dest)
        .map(|e| {
            let p = if mirrored { mirror(s, e.pos) } else { e.pos };
            (p, e.dist, e.stop)
        })
        .collect();
    v.sort();
    v
}

/// The map alone (one figure on it, nobody in the way): from every hex a figure can stand on,
/// the mirrored start reaches the mirrored hexes at the same MOV spent, walking (jumps over the
/// 1 m walls included) and crawling.
#[test]
fn moves_over_the_empty_map_mirror() {
    let mut s = mirrored_arena();
    s.figures.truncate(1);
    for p in cells(&s) {
        if !s.passable(p) {
            continue;
        }
        for walking in [true, false] {
            let budget = if walking { 10 } else { 2 };
            let here = geometry::reach_from(&s, 0, p, budget, walking);
            let there = geometry::reach_from(&s, 0, mirror(&s, p), budget, walking);
            assert_eq!(
                destinations(&s, &here, true),
                destinations(&s, &there, false),
                "from {p}, walking {walking}"
            );
        }
    }
}

/// With both squads on mirrored hexes (the file's, then 300 random scatterings with mirrored
/// facings and the same postures), each figure and his twin reach mirrored destinations at the
/// same MOV spent, stopping in the same places: threat zones (SK-10-d), fallen figures to stop
/// in or jump over (SK-10.6-b/c) and standing ones in the way (SK-10.6-a) mirror.
#[test]
fn moves_among_the_squads_mirror() {
    let base = mirrored_arena();
    for seed in 0..=300 {
        let mut s = base.clone();
        if seed > 0 {
            scatter_mirrored(&mut s, seed);
        }
        for f in &s.figures {
            let t = twin(&s, f.id);
            let mov = fireteam_skirmish::turn::movement::movement_allowance(&s, f);
            assert_eq!(
                mov,
                fireteam_skirmish::turn::movement::movement_allowance(&s, s.fig(t))
            );
            for budget in [mov, 2 * mov] {
                let here = geometry::reach(&s, f.id, budget);
                let there = geometry::reach(&s, t, budget);
                assert_eq!(
                    destinations(&s, &here, true),
                    destinations(&s, &there, false),
                    "seed {seed}: {} and {}, budget {budget}",
                    s.name(f.id),
                    s.name(t)
                );
            }
        }
    }
}
