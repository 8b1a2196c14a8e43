//! Coordinates: offset layout, distance, neighbours, rings and areas, checked by hand and
//! against `hexx`, an independent hex implementation.

use fireteam_grid::area::{ring, within};
use fireteam_grid::{Adjacency, Cell, Direction, Grid, Hex, HexDir, HexGrid, Square, SquareGrid};
use hexx::{EdgeDirection, HexOrientation, OffsetHexMode};
use proptest::prelude::*;

fn hexx_of(h: Hex) -> hexx::Hex {
    hexx::Hex::new(h.q, h.r)
}

#[test]
fn hex_distances_by_hand() {
    let o = Hex::from_offset(0, 0);
    assert_eq!(o.distance(o), 0);
    assert_eq!(o.distance(Hex::from_offset(1, 0)), 1);
    assert_eq!(o.distance(Hex::from_offset(2, 0)), 2);
    assert_eq!(o.distance(Hex::from_offset(0, 5)), 5);
    assert_eq!(o.distance(Hex::from_offset(3, 1)), 3);
    assert_eq!(o.distance(Hex::from_offset(4, 0)), 4);
    assert_eq!(o.distance(Hex::from_offset(4, 4)), 6);
    assert_eq!(Hex::from_offset(1, 1).distance(Hex::from_offset(5, 1)), 4);
    assert_eq!(
        Hex::from_offset(1, 1).distance(Hex::from_offset(1, 1) + Hex::new(3, -7)),
        7
    );
}

#[test]
fn hex_directions_agree_with_hexx_flat_names() {
    let names = [
        EdgeDirection::FLAT_NORTH,
        EdgeDirection::FLAT_NORTH_EAST,
        EdgeDirection::FLAT_SOUTH_EAST,
        EdgeDirection::FLAT_SOUTH,
        EdgeDirection::FLAT_SOUTH_WEST,
        EdgeDirection::FLAT_NORTH_WEST,
    ];
    let h = Hex::new(3, -2);
    for (d, name) in HexDir::ALL.into_iter().zip(names) {
        let ours = h.neighbour(d);
        assert_eq!(hexx_of(ours), hexx_of(h).neighbor(name), "{d:?}");
    }
    // Clockwise: turning right from each name gives hexx's clockwise neighbour.
    for d in HexDir::ALL {
        assert_eq!(
            hexx_of(Hex::ORIGIN.neighbour(d.turn_right())),
            hexx_of(Hex::ORIGIN.neighbour(d)).clockwise()
        );
    }
}

#[test]
fn ring_and_area_sizes() {
    let grid = HexGrid::new(61, 61);
    let c = Hex::from_offset(30, 30);
    assert_eq!(ring(&grid, c, 0), vec![c]);
    for n in 1..=12u32 {
        assert_eq!(ring(&grid, c, n).len() as u32, 6 * n, "ring {n}");
        assert_eq!(
            within(&grid, c, n).len() as u32,
            3 * n * (n + 1) + 1,
            "area {n}"
        );
    }
    let eight = SquareGrid::new(41, 41, Adjacency::Eight);
    let four = SquareGrid::new(41, 41, Adjacency::Four);
    let s = Square::new(20, 20);
    for n in 1..=10u32 {
        assert_eq!(ring(&eight, s, n).len() as u32, 8 * n);
        assert_eq!(within(&eight, s, n).len() as u32, (2 * n + 1).pow(2));
        assert_eq!(ring(&four, s, n).len() as u32, 4 * n);
        assert_eq!(within(&four, s, n).len() as u32, 2 * n * (n + 1) + 1);
    }
}

#[test]
fn areas_are_sorted_and_clipped_to_the_grid() {
    let grid = HexGrid::new(5, 4);
    let corner = Hex::from_offset(0, 0);
    let area = within(&grid, corner, 1);
    let offsets: Vec<_> = area.iter().map(|h| h.to_offset()).collect();
    // (0,0)'s neighbours on the grid: (1,0) to the south-east and (0,1) to the south; (1,-1)
    // north-east is off the map.
    assert_eq!(offsets, vec![(0, 0), (1, 0), (0, 1)]);
    let ring2: Vec<_> = ring(&grid, Hex::from_offset(2, 2), 1)
        .iter()
        .map(|h| h.to_offset())
        .collect();
    assert_eq!(ring2, vec![(1, 1), (2, 1), (3, 1), (1, 2), (3, 2), (2, 3)]);
}

#[test]
fn ring_matches_hexx() {
    let grid = HexGrid::new(41, 41);
    let c = Hex::from_offset(20, 20);
    for n in 0..=8 {
        let mut theirs: Vec<Hex> = hexx_of(c).ring(n).map(|h| Hex::new(h.x, h.y)).collect();
        theirs.sort();
        theirs.dedup();
        assert_eq!(ring(&grid, c, n), theirs, "ring {n}");
    }
}

#[test]
fn square_neighbours_and_grid() {
    let g = SquareGrid::new(3, 3, Adjacency::Four);
    let n: Vec<_> = g
        .neighbours(Square::new(0, 0))
        .filter(|&c| g.contains(c))
        .collect();
    assert_eq!(n, vec![Square::new(1, 0), Square::new(0, 1)]);
    assert_eq!(g.distance(Square::new(0, 0), Square::new(2, 2)), 4);
    let g8 = SquareGrid::new(3, 3, Adjacency::Eight);
    assert_eq!(g8.distance(Square::new(0, 0), Square::new(2, 2)), 2);
    assert_eq!(g8.neighbours(Square::new(1, 1)).len(), 8);
}

proptest! {
    #[test]
    fn offset_round_trip(col in -1000i32..1000, row in -1000i32..1000) {
        let h = Hex::from_offset(col, row);
        prop_assert_eq!(h.to_offset(), (col, row));
        prop_assert_eq!(Hex::from_offset(h.to_offset().0, h.to_offset().1), h);
        // hexx's odd-q flat layout agrees.
        let theirs = hexx_of(h).to_offset_coordinates(OffsetHexMode::Odd, HexOrientation::Flat);
        prop_assert_eq!(theirs, [col, row]);
    }

    #[test]
    fn axial_round_trip(q in -1000i32..1000, r in -1000i32..1000) {
        let h = Hex::new(q, r);
        let (col, row) = h.to_offset();
        prop_assert_eq!(Hex::from_offset(col, row), h);
        prop_assert_eq!(h.q + h.r + h.s(), 0);
    }

    #[test]
    fn distance_matches_hexx_and_is_a_metric(
        a in (-50i32..50, -50i32..50),
        b in (-50i32..50, -50i32..50),
        c in (-50i32..50, -50i32..50),
    ) {
        let (a, b, c) = (Hex::new(a.0, a.1), Hex::new(b.0, b.1), Hex::new(c.0, c.1));
        prop_assert_eq!(a.distance(b), hexx_of(a).unsigned_distance_to(hexx_of(b)));
        prop_assert_eq!(a.distance(b), b.distance(a));
        prop_assert!(a.distance(c) <= a.distance(b) + b.distance(c));
    }

    #[test]
    fn grid_index_round_trip(w in 1u32..30, h in 1u32..30, i in 0usize..900) {
        let g = HexGrid::new(w, h);
        if i < g.len() {
            let c = g.cell_at_index(i).unwrap();
            prop_assert!(g.contains(c));
            prop_assert_eq!(g.index(c), Some(i));
        } else {
            prop_assert_eq!(g.cell_at_index(i), None);
        }
    }

    #[test]
    fn direction_to_inverts_step(q in -20i32..20, r in -20i32..20, d in 0u8..6) {
        let h = Hex::new(q, r);
        let dir = HexDir::from_index(d);
        prop_assert_eq!(h.direction_to(h.step(dir)), Some(dir));
        prop_assert_eq!(h.step(dir).direction_to(h), Some(dir.opposite()));
    }
}
