//! Paths and movement ranges: checked against Bellman-Ford and brute-force enumeration of the
//! cheapest paths, so both the cost and the tie rule are verified independently.

use std::collections::BTreeMap;

use fireteam_grid::{
    reachable, shortest_path, Adjacency, Cell, Direction, Grid, Hex, HexDir, HexGrid, Map, Scale,
    Square, SquareGrid,
};
use proptest::prelude::*;

fn open<C>(_: C, _: C) -> Option<u32> {
    Some(1)
}

#[test]
fn straight_and_trivial_paths() {
    let grid = HexGrid::new(5, 5);
    let a = Hex::from_offset(0, 0);
    let p = shortest_path(&grid, a, Hex::from_offset(0, 4), open).unwrap();
    assert_eq!(p.cost, 4);
    assert_eq!(p.steps(), 4);
    let offsets: Vec<_> = p.cells.iter().map(|h| h.to_offset()).collect();
    assert_eq!(offsets, vec![(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]);
    let here = shortest_path(&grid, a, a, open).unwrap();
    assert_eq!((here.cells, here.cost), (vec![a], 0));
    assert!(shortest_path(&grid, a, Hex::from_offset(9, 9), open).is_none());
    assert!(shortest_path(&grid, a, Hex::from_offset(4, 4), |_, _| None).is_none());
}

#[test]
fn ties_take_the_lowest_direction_first() {
    let grid = HexGrid::new(9, 9);
    let a = Hex::from_offset(2, 4);
    // Due east, two steps: via NE (direction 1) rather than SE (direction 2).
    let p = shortest_path(&grid, a, a + Hex::new(2, -1), open).unwrap();
    assert_eq!(
        p.cells,
        vec![a, a.neighbour(HexDir::NE), a + Hex::new(2, -1)]
    );
    // Three N and two NE: all N steps first, then NE.
    let goal = a + Hex::new(2, -5);
    let p = shortest_path(&grid, a, goal, open).unwrap();
    let dirs: Vec<_> = p
        .cells
        .windows(2)
        .map(|w| w[0].direction_to(w[1]).unwrap().index())
        .collect();
    assert_eq!(dirs, vec![0, 0, 0, 1, 1]);
    // The same answer every time.
    for _ in 0..5 {
        assert_eq!(shortest_path(&grid, a, goal, open).unwrap(), p);
    }
}

#[test]
fn fewer_steps_win_a_cost_tie() {
    // Entering (1,0) costs 2; going around through two 1-cost hexes also costs 2.
    let grid = SquareGrid::new(3, 2, Adjacency::Four);
    let cost = |_: Square, to: Square| Some(if to == Square::new(1, 0) { 2 } else { 1 });
    let p = shortest_path(&grid, Square::new(0, 0), Square::new(2, 0), cost).unwrap();
    assert_eq!(p.cost, 3);
    assert_eq!(
        p.cells,
        vec![Square::new(0, 0), Square::new(1, 0), Square::new(2, 0)]
    );
}

#[test]
fn walls_and_reach() {
    let map = Map::parse(
        HexGrid::new(5, 3),
        Scale::METRE,
        "
.....
.###.
.....
",
        |c| match c {
            '.' => Some(true),
            '#' => Some(false),
            _ => None,
        },
    )
    .unwrap();
    let cost = |_: Hex, to: Hex| map.get(to).copied().unwrap_or(false).then_some(1);
    let a = Hex::from_offset(2, 0);
    let b = Hex::from_offset(2, 2);
    let p = map.path(a, b, cost).unwrap();
    // Around the wall: 2 steps would go through it; the way round is 5 either side, and the
    // tie goes east because SE (direction 2) comes before SW (direction 4).
    assert_eq!(p.cost, 5);
    let offsets: Vec<_> = p.cells.iter().map(|h| h.to_offset()).collect();
    assert_eq!(
        offsets,
        vec![(2, 0), (3, 0), (4, 1), (4, 2), (3, 2), (2, 2)]
    );
    for w in p.cells.windows(2) {
        assert_eq!(w[0].distance(w[1]), 1);
        assert_eq!(map.get(w[1]), Some(&true));
    }
    let reach = map.reachable(a, 2, cost);
    let got: Vec<_> = reach.iter().map(|(c, k)| (c.to_offset(), k)).collect();
    assert_eq!(
        got,
        vec![
            ((0, 0), 2),
            ((1, 0), 1),
            ((2, 0), 0),
            ((3, 0), 1),
            ((4, 0), 2),
            ((0, 1), 2),
            ((4, 1), 2),
        ]
    );
    assert_eq!(reach.start(), a);
    assert_eq!(reach.cost(Hex::from_offset(2, 1)), None);
    assert!(reach.contains(Hex::from_offset(4, 1)));
    assert_eq!(reach.len(), 7);
    assert!(reachable(map.grid(), Hex::from_offset(-1, 0), 5, cost).is_empty());
}

/// Costs for the property tests: entering a cell costs its weight (`None`: impassable, 0
/// allowed), plus 1 for odd-numbered directions when `skew` is set, so that a step's cost
/// depends on its direction and not only on the cell entered.
fn make_cost<'a, G: Grid>(
    grid: &'a G,
    weights: &'a [Option<u8>],
    skew: bool,
) -> impl Fn(G::Cell, G::Cell) -> Option<u32> + 'a {
    move |from, to| {
        let w = weights[grid.index(to)?]?;
        let extra = match from.direction_to(to) {
            Some(d) if skew => u32::from(d.index() % 2),
            _ => 0,
        };
        Some(u32::from(w) + extra)
    }
}

type Key = (u64, u64);

/// Bellman-Ford over (total cost, steps), from `source`, following steps forwards (or
/// backwards, to get the cost of reaching `source`).
fn bellman_ford<G: Grid>(
    grid: &G,
    source: G::Cell,
    cost: &impl Fn(G::Cell, G::Cell) -> Option<u32>,
    backwards: bool,
) -> BTreeMap<G::Cell, Key> {
    let mut dist = BTreeMap::new();
    dist.insert(source, (0u64, 0u64));
    let cells: Vec<G::Cell> = grid.cells().collect();
    loop {
        let mut changed = false;
        for &u in &cells {
            let Some(&du) = dist.get(&u) else { continue };
            for v in grid.neighbours(u).filter(|&v| grid.contains(v)) {
                let step = if backwards { cost(v, u) } else { cost(u, v) };
                let Some(c) = step else { continue };
                let dv = (du.0 + u64::from(c), du.1 + 1);
                if dist.get(&v).is_none_or(|&old| dv < old) {
                    dist.insert(v, dv);
                    changed = true;
                }
            }
        }
        if !changed {
            return dist;
        }
    }
}

fn add(a: Key, c: u32) -> Key {
    (a.0 + u64::from(c), a.1 + 1)
}

/// Every cheapest (then fewest-step) path, by depth-first search over the steps that lie on
/// one; `None` if there are too many to list.
fn all_best_paths<G: Grid>(
    grid: &G,
    start: G::Cell,
    goal: G::Cell,
    cost: &impl Fn(G::Cell, G::Cell) -> Option<u32>,
) -> Option<Vec<Vec<G::Cell>>> {
    let from_start = bellman_ford(grid, start, cost, false);
    let to_goal = bellman_ford(grid, goal, cost, true);
    let best = *from_start.get(&goal)?;
    let mut out = Vec::new();
    let mut stack = vec![vec![start]];
    while let Some(path) = stack.pop() {
        let u = *path.last().unwrap();
        if u == goal {
            out.push(path);
            if out.len() > 20_000 {
                return None;
            }
            continue;
        }
        for v in grid.neighbours(u).filter(|&v| grid.contains(v)) {
            let (Some(c), Some(&du), Some(&dv)) = (cost(u, v), from_start.get(&u), to_goal.get(&v))
            else {
                continue;
            };
            let through = add(du, c);
            if (through.0 + dv.0, through.1 + dv.1) == best {
                let mut next = path.clone();
                next.push(v);
                stack.push(next);
            }
        }
    }
    Some(out)
}

fn directions<C: Cell>(path: &[C]) -> Vec<u8> {
    path.windows(2)
        .map(|w| w[0].direction_to(w[1]).unwrap().index())
        .collect()
}

fn check_paths<G: Grid>(
    grid: &G,
    weights: &[Option<u8>],
    skew: bool,
    start: usize,
    goal: usize,
    budget: u64,
) {
    let cost = make_cost(grid, weights, skew);
    let start = grid.cell_at_index(start % grid.len()).unwrap();
    let goal = grid.cell_at_index(goal % grid.len()).unwrap();
    let brute = bellman_ford(grid, start, &cost, false);

    // The cost is the cheapest, and the path is one of the cheapest with fewest steps whose
    // directions come first in order.
    let path = shortest_path(grid, start, goal, &cost);
    match (path, brute.get(&goal)) {
        (None, None) => {}
        (Some(p), Some(&(total, steps))) => {
            assert_eq!((p.cost, p.steps() as u64), (total, steps));
            let sum: u64 = p
                .cells
                .windows(2)
                .map(|w| u64::from(cost(w[0], w[1]).unwrap()))
                .sum();
            assert_eq!(sum, p.cost);
            if let Some(all) = all_best_paths(grid, start, goal, &cost) {
                let best = all.iter().min_by_key(|q| directions(q)).unwrap();
                assert_eq!(&p.cells, best, "{} cheapest paths", all.len());
            }
        }
        (p, b) => panic!("path {p:?} but brute force {b:?}"),
    }

    // The reachable set is exactly the cells within budget, with their cheapest costs.
    let reach = reachable(grid, start, budget, &cost);
    let expected: Vec<(G::Cell, u64)> = brute
        .iter()
        .filter(|(_, k)| k.0 <= budget)
        .map(|(&c, k)| (c, k.0))
        .collect();
    // Bellman-Ford's (cost, steps) minimum has the minimum cost too.
    let got: Vec<_> = reach.iter().collect();
    assert_eq!(got, expected);
    if let Some(&(cell, k)) = expected.last() {
        assert_eq!(shortest_path(grid, start, cell, &cost).unwrap().cost, k);
    }
}

fn weights(n: usize) -> impl Strategy<Value = Vec<Option<u8>>> {
    prop::collection::vec(
        prop_oneof![1 => Just(None), 4 => (0u8..4).prop_map(Some)],
        n,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn hex_paths_match_brute_force(
        w in weights(20), skew in any::<bool>(), s in 0usize..20, g in 0usize..20, budget in 0u64..8,
    ) {
        check_paths(&HexGrid::new(5, 4), &w, skew, s, g, budget);
    }

    #[test]
    fn square_paths_match_brute_force(
        w in weights(16), skew in any::<bool>(), s in 0usize..16, g in 0usize..16, budget in 0u64..8,
        eight in any::<bool>(),
    ) {
        let adjacency = if eight { Adjacency::Eight } else { Adjacency::Four };
        check_paths(&SquareGrid::new(4, 4, adjacency), &w, skew, s, g, budget);
    }
}
