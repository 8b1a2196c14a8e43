//! The mirrored yard (`scenarios/dice-pool/yard-mirror.toml`) is a fair battle: its map is its own
//! mirror image, and the geometry the rules read (distances, lines of sight with their cover and
//! darkness, moves, scatter) gives mirrored answers for mirrored places.

use fireteam_dice_pool::geometry::{self, Reach};
use fireteam_dice_pool::resolve::Scatter;
use fireteam_dice_pool::scenario::{setup, DicePoolSchema};
use fireteam_dice_pool::state::{Pos, State};
use fireteam_scenario::Loader;

fn mirrored_yard() -> State {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
    let loader = Loader::new()
        .schema(&DicePoolSchema)
        .data_dir(root.join("data"));
    let loaded = loader
        .load_path(&root.join("scenarios/dice-pool/yard-mirror.toml"))
        .unwrap_or_else(|d| panic!("{}", d.render_plain()));
    setup(&loaded).build()
}

fn mirror(s: &State, p: Pos) -> Pos {
    Pos {
        col: s.field.width - 1 - p.col,
        row: p.row,
    }
}

fn cells(s: &State) -> Vec<Pos> {
    let mut v = Vec::new();
    for col in 0..s.field.width {
        for row in 0..s.field.height {
            v.push(Pos { col, row });
        }
    }
    v
}

#[test]
fn the_mirrored_yard_is_its_own_mirror_image() {
    let s = mirrored_yard();
    assert_eq!(
        s.field.width % 2,
        1,
        "an odd width keeps every column's parity"
    );
    for p in cells(&s) {
        assert_eq!(
            s.field.terrain_at(p),
            s.field.terrain_at(mirror(&s, p)),
            "{p}"
        );
    }
    let (west, east): (Vec<_>, Vec<_>) = s.units.iter().partition(|u| u.side == 0);
    assert_eq!(west.len(), east.len());
    for (w, e) in west.iter().zip(&east) {
        assert_eq!(mirror(&s, w.pos), e.pos);
        assert_eq!(
            (w.stats, &w.weapons, &w.loaded),
            (e.stats, &e.weapons, &e.loaded)
        );
    }
}

#[test]
fn distances_and_lines_of_sight_mirror() {
    let s = mirrored_yard();
    let all = cells(&s);
    for &a in &all {
        for &b in &all {
            let (ma, mb) = (mirror(&s, a), mirror(&s, b));
            assert_eq!(geometry::distance(a, b), geometry::distance(ma, mb));
            assert_eq!(
                geometry::trace(&s, a, b),
                geometry::trace(&s, ma, mb),
                "{a} → {b} against {ma} → {mb}"
            );
        }
    }
}

#[test]
fn moves_mirror() {
    let mut s = mirrored_yard();
    // The map alone: every cell a start, no figure in the way.
    for u in s.units.iter_mut() {
        u.out = true;
    }
    for p in cells(&s) {
        if s.field.terrain_at(p).blocks_movement {
            continue;
        }
        let (r, m) = (Reach::new(&s, p, 10), Reach::new(&s, mirror(&s, p), 10));
        for q in cells(&s) {
            assert_eq!(r.cost(q), m.cost(mirror(&s, q)), "from {p} to {q}");
        }
    }
}

#[test]
fn scatter_lands_on_mirrored_cells_over_its_36_faces() {
    let s = mirrored_yard();
    let all = cells(&s);
    for &by in &all {
        for &at in &all {
            if geometry::distance(by, at) == 0 {
                continue;
            }
            let mut here: Vec<Pos> = Vec::new();
            let mut there: Vec<Pos> = Vec::new();
            for distance_m in 1..=6 {
                for direction in 1..=6 {
                    let sc = Scatter {
                        distance_m,
                        direction,
                    };
                    here.push(mirror(&s, geometry::scatter(&s, by, at, sc)));
                    there.push(geometry::scatter(&s, mirror(&s, by), mirror(&s, at), sc));
                }
            }
            here.sort();
            there.sort();
            assert_eq!(here, there, "a throw from {by} at {at}");
        }
    }
}
