//! Facing arcs: the adjacent scheme (3 front, 2 side, 1 rear), distant targets, boundaries.

use fireteam_grid::area::arc_area;
use fireteam_grid::{
    arc, bearing, front_cells, front_hexes, Adjacency, Arc, Bearing, Cell, Direction, Hex, HexDir,
    HexGrid, Square, SquareDir, SquareGrid, Tie,
};

#[test]
fn every_neighbour_for_every_hex_facing() {
    let me = Hex::new(4, -1);
    for facing in HexDir::ALL {
        for side in HexDir::ALL {
            let turn = (side.index() + 6 - facing.index()) % 6;
            let expected = match turn {
                0 | 1 | 5 => Arc::Front,
                2 | 4 => Arc::Side,
                _ => Arc::Rear,
            };
            let target = me.neighbour(side);
            assert_eq!(
                arc(me, facing, target),
                Some(expected),
                "facing {facing:?}, {side:?}"
            );
            assert!(
                matches!(bearing(me, facing, target), Some(Bearing::Within(_))),
                "adjacent hexes are never on a boundary"
            );
        }
        let counts = |a: Arc| {
            me.neighbours()
                .iter()
                .filter(|&&n| arc(me, facing, n) == Some(a))
                .count()
        };
        assert_eq!(
            (counts(Arc::Front), counts(Arc::Side), counts(Arc::Rear)),
            (3, 2, 1)
        );
    }
}

#[test]
fn front_hexes_are_the_front_arc_neighbours() {
    let me = Hex::from_offset(3, 3);
    assert_eq!(
        front_hexes(me, HexDir::N),
        [
            me.neighbour(HexDir::NW),
            me.neighbour(HexDir::N),
            me.neighbour(HexDir::NE)
        ]
    );
    for facing in HexDir::ALL {
        for h in front_hexes(me, facing) {
            assert_eq!(arc(me, facing, h), Some(Arc::Front));
        }
    }
    // As drawn: (3,3) is an odd column, so its front hexes facing north are (2,3), (3,2), (4,3).
    let offsets = front_hexes(me, HexDir::N).map(|h| h.to_offset());
    assert_eq!(offsets, [(2, 3), (3, 2), (4, 3)]);
}

#[test]
fn distant_hexes_and_exact_boundaries() {
    let me = Hex::ORIGIN;
    let n = HexDir::N;
    // Straight ahead, far away.
    assert_eq!(arc(me, n, Hex::new(0, -7)), Some(Arc::Front));
    // Due east (90°): the front/side boundary, resolved frontward by default.
    let east = Hex::new(2, -1);
    assert_eq!(
        bearing(me, n, east),
        Some(Bearing::Boundary(Arc::Front, Arc::Side))
    );
    assert_eq!(arc(me, n, east), Some(Arc::Front));
    assert_eq!(
        bearing(me, n, east).unwrap().resolve(Tie::Rearward),
        Arc::Side
    );
    // Just north of east is front, just south is side.
    assert_eq!(arc(me, n, Hex::new(3, -2)), Some(Arc::Front));
    assert_eq!(arc(me, n, Hex::new(3, -1)), Some(Arc::Side));
    // 150°: the side/rear boundary (between the SE and S directions).
    assert_eq!(
        bearing(me, n, Hex::new(1, 1)),
        Some(Bearing::Boundary(Arc::Side, Arc::Rear))
    );
    assert_eq!(
        bearing(me, n, Hex::new(2, 2)),
        Some(Bearing::Boundary(Arc::Side, Arc::Rear))
    );
    assert_eq!(arc(me, n, Hex::new(1, 1)), Some(Arc::Side));
    // Either side of 150°.
    assert_eq!(arc(me, n, Hex::new(1, 2)), Some(Arc::Rear));
    assert_eq!(arc(me, n, Hex::new(2, 1)), Some(Arc::Side));
    assert_eq!(arc(me, n, me), None);
}

#[test]
fn arcs_rotate_with_the_facing() {
    let me = Hex::new(2, 2);
    for facing in HexDir::ALL {
        for q in -4..=4 {
            for r in -4..=4 {
                let v = Hex::new(q, r);
                if v == Hex::ORIGIN {
                    continue;
                }
                // Rotating the target 60° clockwise about `me` matches turning right.
                let rotated = Hex::new(-r, -(-q - r)); // (q, r, s) -> (-r, -s, -q)
                assert_eq!(
                    bearing(me, facing, me + v),
                    bearing(me, facing.turn_right(), me + rotated),
                    "{facing:?} {v:?}"
                );
            }
        }
    }
}

#[test]
fn arc_areas_partition_the_radius() {
    let grid = HexGrid::new(21, 21);
    let me = Hex::from_offset(10, 10);
    let front = arc_area(&grid, me, HexDir::N, 3, Arc::Front);
    let side = arc_area(&grid, me, HexDir::N, 3, Arc::Side);
    let rear = arc_area(&grid, me, HexDir::N, 3, Arc::Rear);
    assert_eq!(front.len() + side.len() + rear.len(), 36);
    // Radius 3: front is the half-plane, 17 hexes plus the 2 due east and west on its
    // boundary; rear is the wedge beyond 150°: S at 1, 2 and 3, and the two hexes either side
    // of S at 3 (the hexes on the 150° rays stay side).
    assert_eq!((front.len(), side.len(), rear.len()), (19, 12, 5));
    let rear_offsets: Vec<_> = rear.iter().map(|h| h.to_offset()).collect();
    // (Odd columns are drawn half a hex lower, so those two are on row 12.)
    assert_eq!(
        rear_offsets,
        vec![(10, 11), (9, 12), (10, 12), (11, 12), (10, 13)]
    );
    assert!(rear.contains(&me.neighbour(HexDir::S)));
}

#[test]
fn squares_facing_north() {
    let me = Square::new(5, 5);
    let n = SquareDir::N;
    let expect = [
        (SquareDir::N, Arc::Front),
        (SquareDir::NE, Arc::Front),
        (SquareDir::E, Arc::Side),
        (SquareDir::SE, Arc::Side),
        (SquareDir::S, Arc::Rear),
        (SquareDir::SW, Arc::Side),
        (SquareDir::W, Arc::Side),
        (SquareDir::NW, Arc::Front),
    ];
    for (d, a) in expect {
        assert_eq!(arc(me, n, me.step(d)), Some(a), "{d:?}");
    }
    assert_eq!(
        bearing(me, n, me.step(SquareDir::NE)),
        Some(Bearing::Boundary(Arc::Front, Arc::Side))
    );
    assert_eq!(
        bearing(me, n, me.step(SquareDir::SE)),
        Some(Bearing::Boundary(Arc::Side, Arc::Rear))
    );
    assert_eq!(
        bearing(me, n, me.step(SquareDir::SE))
            .unwrap()
            .resolve(Tie::Rearward),
        Arc::Rear
    );
    // Distant: (1, -3) is within 45° of north; (3, 1) is side; (1, 3) is rear.
    assert_eq!(arc(me, n, Square::new(6, 2)), Some(Arc::Front));
    assert_eq!(arc(me, n, Square::new(8, 6)), Some(Arc::Side));
    assert_eq!(arc(me, n, Square::new(6, 8)), Some(Arc::Rear));
    assert_eq!(
        front_cells(me, n),
        [Square::new(4, 4), Square::new(5, 4), Square::new(6, 4)]
    );
}

#[test]
fn squares_facing_a_diagonal() {
    let me = Square::new(0, 0);
    let ne = SquareDir::NE;
    assert_eq!(arc(me, ne, Square::new(1, -1)), Some(Arc::Front));
    assert_eq!(
        bearing(me, ne, Square::new(0, -1)),
        Some(Bearing::Boundary(Arc::Front, Arc::Side))
    );
    assert_eq!(arc(me, ne, Square::new(1, 1)), Some(Arc::Side));
    assert_eq!(arc(me, ne, Square::new(-1, 1)), Some(Arc::Rear));
    // Four-neighbour grids turn by 90°.
    let grid = SquareGrid::new(3, 3, Adjacency::Four);
    use fireteam_grid::Grid;
    assert_eq!(grid.turn(SquareDir::N, 2), SquareDir::S);
}
