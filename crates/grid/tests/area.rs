//! Templates: rays, cones, circles.

use fireteam_grid::area::{circle, cone, ray, ring, within};
use fireteam_grid::{
    Adjacency, Frac, Hex, HexDir, HexGrid, Scale, Square, SquareDir, SquareGrid, Unit,
};

fn counts_by_distance(center: Hex, cells: &[Hex], max: u32) -> Vec<usize> {
    (1..=max)
        .map(|d| cells.iter().filter(|c| center.distance(**c) == d).count())
        .collect()
}

#[test]
fn hex_cone_widens_by_two_every_other_step() {
    let grid = HexGrid::new(31, 31);
    let me = Hex::from_offset(15, 15);
    for facing in HexDir::ALL {
        let c = cone(&grid, me, facing, 6);
        assert_eq!(
            counts_by_distance(me, &c, 6),
            vec![1, 3, 3, 5, 5, 7],
            "{facing:?}"
        );
        let mut sorted = c.clone();
        sorted.sort();
        assert_eq!(c, sorted);
    }
    let c: Vec<_> = cone(&grid, me, HexDir::N, 2)
        .iter()
        .map(|h| h.to_offset())
        .collect();
    // N of (15,15) is (15,14); at 2, (15,13) and the two corner-ray hexes, which the odd-q
    // layout draws beside (15,14) because even columns sit half a hex higher.
    assert_eq!(c, vec![(15, 13), (14, 14), (15, 14), (16, 14)]);
}

#[test]
fn square_cone() {
    let grid = SquareGrid::new(11, 11, Adjacency::Eight);
    let me = Square::new(5, 5);
    let c = cone(&grid, me, SquareDir::N, 2);
    assert_eq!(c.len(), 8);
    assert!(c.contains(&Square::new(3, 3)) && c.contains(&Square::new(7, 3)));
    assert!(!c.contains(&Square::new(6, 5)));
}

#[test]
fn circles() {
    let grid = HexGrid::new(21, 21);
    let c = Hex::from_offset(10, 10);
    assert_eq!(circle(&grid, c, Frac::new(1, 2)), vec![c]);
    assert_eq!(circle(&grid, c, Frac::integer(1)).len(), 7);
    // The six hexes at distance 2 on the corner rays are √3 away, the other six 2 away.
    assert_eq!(circle(&grid, c, Frac::new(7, 4)).len(), 13);
    assert_eq!(circle(&grid, c, Frac::integer(2)), within(&grid, c, 2));
    assert!(circle(&grid, c, Frac::integer(-1)).is_empty());
    // A 3 m blast at 4/3 m per hex: radius 9/4 hexes.
    let r = Scale::new(4, 3, Unit::Metre).cells(3);
    assert_eq!(r, Frac::new(9, 4));
    assert_eq!(circle(&grid, c, r).len(), 19);

    let squares = SquareGrid::new(11, 11, Adjacency::Eight);
    let s = Square::new(5, 5);
    assert_eq!(circle(&squares, s, Frac::integer(1)).len(), 5);
    assert_eq!(circle(&squares, s, Frac::new(3, 2)).len(), 9);
    assert_eq!(circle(&squares, s, Frac::integer(2)).len(), 13);
}

#[test]
fn rays_stop_at_the_edge() {
    let grid = HexGrid::new(5, 5);
    let start = Hex::from_offset(2, 2);
    let r: Vec<_> = ray(&grid, start, HexDir::N, 5)
        .iter()
        .map(|h| h.to_offset())
        .collect();
    assert_eq!(r, vec![(2, 1), (2, 0)]);
    let r: Vec<_> = ray(&grid, start, HexDir::SE, 1)
        .iter()
        .map(|h| h.to_offset())
        .collect();
    assert_eq!(r, vec![(3, 2)]);
    assert!(ray(&grid, start, HexDir::S, 0).is_empty());
}

#[test]
fn empty_and_tiny_grids() {
    let grid = HexGrid::new(0, 0);
    assert!(within(&grid, Hex::ORIGIN, 3).is_empty());
    let one = HexGrid::new(1, 1);
    assert_eq!(within(&one, Hex::ORIGIN, 3), vec![Hex::ORIGIN]);
    assert!(ring(&one, Hex::ORIGIN, 1).is_empty());
    // A centre off the grid still finds the cells in reach.
    assert_eq!(within(&one, Hex::from_offset(0, -1), 1), vec![Hex::ORIGIN]);
}
