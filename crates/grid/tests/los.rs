//! Line of sight: blocking, the edge rules, elevation, and maps.

use fireteam_grid::{
    first_blocker, los, los_elevated, los_with, EdgeRule, Eyes, Grid, Hex, HexGrid, LineStep, Map,
    MapError, Scale, Square,
};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum T {
    Open,
    Wall,
    Wood,
}

fn terrain(ch: char) -> Option<T> {
    match ch {
        '.' => Some(T::Open),
        '#' => Some(T::Wall),
        'w' => Some(T::Wood),
        _ => None,
    }
}

#[test]
fn a_single_blocking_hex_blocks() {
    let a = Hex::from_offset(0, 0);
    let b = Hex::from_offset(0, 4);
    let wall = Hex::from_offset(0, 2);
    let sight = los(a, b, |c| c == wall);
    assert!(!sight.is_clear());
    assert_eq!(sight.blocker, Some(LineStep::Single(wall)));
    assert_eq!(
        sight.steps,
        (1..4)
            .map(|r| LineStep::Single(Hex::from_offset(0, r)))
            .collect::<Vec<_>>()
    );
    assert!(
        los(a, b, |c| c == a || c == b).is_clear(),
        "the ends never block"
    );
    assert!(los(a, a, |_| true).is_clear());
    assert!(
        los(a, Hex::from_offset(0, 1), |_| true).is_clear(),
        "adjacent: nothing between"
    );
}

#[test]
fn edge_rules() {
    // Due east along a hex-side: between (1,-1) and (1,0) as drawn.
    let a = Hex::from_offset(0, 0);
    let b = Hex::from_offset(2, 0);
    let up = Hex::from_offset(1, -1);
    let down = Hex::from_offset(1, 0);
    let one = |c: Hex| c == down;
    let both = |c: Hex| c == down || c == up;
    assert!(los(a, b, one).is_clear(), "default: one side is not enough");
    assert!(!los(a, b, both).is_clear());
    assert!(!los_with(a, b, EdgeRule::EitherBlocks, one).is_clear());
    assert_eq!(
        los_with(a, b, EdgeRule::EitherBlocks, one).blocker,
        Some(LineStep::Edge(up, down))
    );
    assert_eq!(first_blocker(a, b, EdgeRule::BothMustBlock, one), None);
    assert_eq!(
        first_blocker(a, b, EdgeRule::BothMustBlock, both),
        Some(LineStep::Edge(up, down))
    );
}

#[test]
fn corner_rules() {
    let a = Hex::ORIGIN;
    let b = Hex::new(4, -5);
    let los_all = los(a, b, |_| false);
    let corner = los_all
        .steps
        .iter()
        .find_map(|s| match s {
            LineStep::Corner(c) => Some(*c),
            _ => None,
        })
        .expect("this line passes a hex corner");
    assert!(los(a, b, |c| c == corner).is_clear());
    assert_eq!(
        los_with(a, b, EdgeRule::EitherBlocks, |c| c == corner).blocker,
        Some(LineStep::Corner(corner))
    );
}

#[test]
fn square_corners_follow_the_edge_rule() {
    let a = Square::new(0, 0);
    let b = Square::new(2, 2);
    let left = Square::new(0, 1);
    let right = Square::new(1, 0);
    assert!(los(a, b, |c| c == left).is_clear());
    assert!(!los(a, b, |c| c == left || c == right).is_clear());
    assert!(!los_with(a, b, EdgeRule::EitherBlocks, |c| c == left).is_clear());
}

#[test]
fn the_blocker_is_the_first_and_all_steps_are_listed() {
    let a = Hex::from_offset(0, 0);
    let b = Hex::from_offset(0, 5);
    let sight = los(a, b, |c| c.to_offset().1 >= 2);
    assert_eq!(
        sight.blocker,
        Some(LineStep::Single(Hex::from_offset(0, 2)))
    );
    assert_eq!(sight.steps.len(), 4);
}

#[test]
fn elevation_rule() {
    // Viewer and target on the ground with eyes at 2; a 1-high wall halfway does not block, a
    // 2-high one does (at or above the line).
    let a = Hex::from_offset(0, 0);
    let b = Hex::from_offset(0, 4);
    let wall = Hex::from_offset(0, 2);
    let eyes = Eyes {
        viewer: 2,
        target: 2,
    };
    let top = |h: i32| move |c: Hex| (c == wall).then_some(h);
    assert!(los_elevated(a, b, EdgeRule::default(), eyes, top(1)).is_clear());
    assert!(!los_elevated(a, b, EdgeRule::default(), eyes, top(2)).is_clear());
    // Looking down from 10 to 0: the line is at 5 over the middle hex (s = 1/2).
    let down = Eyes {
        viewer: 10,
        target: 0,
    };
    assert!(los_elevated(a, b, EdgeRule::default(), down, top(4)).is_clear());
    assert!(!los_elevated(a, b, EdgeRule::default(), down, top(5)).is_clear());
    // Over the hex next to the target (s = 3/4) the line is at 2.5.
    let near = Hex::from_offset(0, 3);
    let near_top = |h: i32| move |c: Hex| (c == near).then_some(h);
    assert!(los_elevated(a, b, EdgeRule::default(), down, near_top(2)).is_clear());
    assert!(!los_elevated(a, b, EdgeRule::default(), down, near_top(3)).is_clear());
}

#[test]
fn map_parse_and_los() {
    let grid = HexGrid::new(5, 4);
    let map = Map::parse(
        grid,
        Scale::METRE,
        "
.....
..#..
..w..
.....
",
        terrain,
    )
    .unwrap();
    assert_eq!(map.get(Hex::from_offset(2, 1)), Some(&T::Wall));
    assert_eq!(map.get(Hex::from_offset(2, 2)), Some(&T::Wood));
    assert_eq!(map.get(Hex::from_offset(5, 0)), None);
    let order: Vec<_> = map.iter().map(|(c, _)| c.to_offset()).take(6).collect();
    assert_eq!(order, vec![(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (0, 1)]);
    let a = Hex::from_offset(2, 0);
    let b = Hex::from_offset(2, 3);
    let walls = |_: Hex, t: &T| *t == T::Wall;
    let sight = map.los(a, b, EdgeRule::default(), walls);
    assert_eq!(
        sight.blocker,
        Some(LineStep::Single(Hex::from_offset(2, 1)))
    );
    // Along the top edge: (0,0) -> (2,0) runs between (1,-1), off the map, and (1,0).
    let mut map2 = map.clone();
    map2.set(Hex::from_offset(1, 0), T::Wall);
    let edge = map2.los(
        Hex::from_offset(0, 0),
        Hex::from_offset(2, 0),
        EdgeRule::default(),
        walls,
    );
    assert!(edge.is_clear(), "off-map cells never block");
    let strict = map2.los(
        Hex::from_offset(0, 0),
        Hex::from_offset(2, 0),
        EdgeRule::EitherBlocks,
        walls,
    );
    assert!(!strict.is_clear());
}

#[test]
fn map_los_with_elevation() {
    let grid = HexGrid::new(1, 5);
    let mut map = Map::filled(grid, Scale::METRE, T::Open);
    assert!(!map.has_elevation());
    let hill = Hex::from_offset(0, 2);
    assert!(map.set_elevation(hill, 3));
    assert!(!map.set_elevation(Hex::from_offset(0, 9), 3));
    assert_eq!(map.elevation(hill), Some(3));
    assert_eq!(map.elevation(Hex::from_offset(0, 0)), Some(0));
    let a = Hex::from_offset(0, 0);
    let b = Hex::from_offset(0, 4);
    let ground = |_: Hex, _: &T| Some(0);
    let eyes = Eyes {
        viewer: 2,
        target: 2,
    };
    // The hill (top 3) rises above the eyes at 2.
    assert!(!map
        .los_elevated(a, b, EdgeRule::default(), eyes, ground)
        .is_clear());
    // Stand the viewer and target on 2-high ground: eyes at 4, over the hill.
    map.set_elevation(a, 2);
    map.set_elevation(b, 2);
    assert!(map
        .los_elevated(a, b, EdgeRule::default(), eyes, ground)
        .is_clear());
    // Woods 2 high on the hill block again.
    map.set(hill, T::Wood);
    let woods = |_: Hex, t: &T| match t {
        T::Wood => Some(2),
        _ => Some(0),
    };
    assert!(!map
        .los_elevated(a, b, EdgeRule::default(), eyes, woods)
        .is_clear());
}

#[test]
fn map_errors_name_the_place() {
    let grid = HexGrid::new(3, 2);
    assert_eq!(
        Map::parse(grid, Scale::METRE, "...\n", terrain),
        Err(MapError::Rows {
            found: 1,
            expected: 2
        })
    );
    assert_eq!(
        Map::parse(grid, Scale::METRE, "...\n..\n", terrain),
        Err(MapError::Columns {
            row: 1,
            found: 2,
            expected: 3
        })
    );
    let err = Map::parse(grid, Scale::METRE, "...\n.x.\n", terrain).unwrap_err();
    assert_eq!(
        err,
        MapError::Terrain {
            row: 1,
            col: 1,
            ch: 'x'
        }
    );
    assert_eq!(err.to_string(), "row 1, column 1: unknown terrain 'x'");
}

#[test]
fn map_distances_in_units() {
    let map = Map::filled(
        HexGrid::new(40, 1),
        Scale::new(4, 3, fireteam_grid::Unit::Metre),
        T::Open,
    );
    let a = Hex::from_offset(0, 0);
    let b = Hex::from_offset(30, 0);
    assert_eq!(map.distance(a, b), 30);
    assert_eq!(map.distance_units(a, b), fireteam_grid::Frac::integer(40));
    assert_eq!(map.grid().len(), 40);
}
