//! Cheapest paths and movement ranges, with ties broken by a fixed rule.
//!
//! # Costs
//!
//! `cost(from, to)` is the price of one step between adjacent cells on the grid, `None` if the
//! step is not allowed. Steps may cost 0. Totals are `u64`, so they cannot overflow.
//!
//! # Which path, when several are cheapest
//!
//! [`shortest_path`] returns the cheapest path; among the cheapest, the one with the fewest
//! steps; among those, the one that at each step takes the lowest-numbered direction that
//! still lies on such a path (directions are numbered clockwise from north: on hexes N, NE,
//! SE, S, SW, NW). This depends only on the costs, not on the search's internals, so it is the
//! same on every run, machine and version.
//!
//! It is found by a Dijkstra search backwards from the goal (the `pathfinding` crate's
//! `dijkstra_partial`), which gives the exact remaining cost from every cell that can lie on a
//! cheapest path; the path is then walked forwards choosing directions in order. A* would visit
//! fewer cells, but it does not settle every cell of every cheapest path, which the tie rule
//! needs; tactical maps are small enough that this costs nothing noticeable.

use std::ops::Add;

use pathfinding::num_traits::Zero;
use pathfinding::prelude::{dijkstra_partial, dijkstra_reach};

use crate::grid::Grid;

/// Total cost, then number of steps: the order in which paths are preferred.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
struct Cost {
    total: u64,
    steps: u64,
}

impl Cost {
    fn step(cost: u32) -> Cost {
        Cost {
            total: u64::from(cost),
            steps: 1,
        }
    }
}

impl Add for Cost {
    type Output = Cost;
    fn add(self, o: Cost) -> Cost {
        Cost {
            total: self.total + o.total,
            steps: self.steps + o.steps,
        }
    }
}

impl Zero for Cost {
    fn zero() -> Cost {
        Cost { total: 0, steps: 0 }
    }
    fn is_zero(&self) -> bool {
        *self == Cost::zero()
    }
}

/// A path: the cells from start to goal, both included, and its total cost.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Path<C> {
    /// The cells visited, from the start to the goal.
    pub cells: Vec<C>,
    /// The sum of the steps' costs.
    pub cost: u64,
}

impl<C> Path<C> {
    /// The number of steps (one less than the number of cells).
    pub fn steps(&self) -> usize {
        self.cells.len().saturating_sub(1)
    }
}

/// The on-grid cells adjacent to `cell` with the cost of stepping from `cell` to each, in
/// direction order.
fn forward<'a, G: Grid>(
    grid: &'a G,
    cost: &'a impl Fn(G::Cell, G::Cell) -> Option<u32>,
    cell: G::Cell,
) -> impl Iterator<Item = (G::Cell, Cost)> + 'a {
    grid.neighbours(cell)
        .filter(move |&n| grid.contains(n))
        .filter_map(move |n| cost(cell, n).map(|c| (n, Cost::step(c))))
}

/// The cheapest path from `start` to `goal` over the grid's adjacency, or `None` if there is
/// none (or either end is off the grid). Ties are broken as the [module docs](self) say.
pub fn shortest_path<G: Grid>(
    grid: &G,
    start: G::Cell,
    goal: G::Cell,
    cost: impl Fn(G::Cell, G::Cell) -> Option<u32>,
) -> Option<Path<G::Cell>> {
    if !grid.contains(start) || !grid.contains(goal) {
        return None;
    }
    // Backwards from the goal: the predecessors of `n` are its neighbours `m` with a step m → n.
    let back = &cost;
    let (parents, reached) = dijkstra_partial(
        &goal,
        |&n: &G::Cell| {
            grid.neighbours(n)
                .filter(move |&m| grid.contains(m))
                .filter_map(move |m| back(m, n).map(|c| (m, Cost::step(c))))
        },
        |&n| n == start,
    );
    if reached != Some(start) {
        return None;
    }
    let remaining = |c: G::Cell| -> Option<Cost> {
        if c == goal {
            Some(Cost::zero())
        } else {
            parents.get(&c).map(|&(_, k)| k)
        }
    };
    walk(grid, start, goal, &cost, remaining)
}

/// Walks from `start` to `goal`, at each cell taking the first direction whose step lies on a
/// cheapest path according to `remaining` (exact for every cell on a cheapest path).
fn walk<G: Grid>(
    grid: &G,
    start: G::Cell,
    goal: G::Cell,
    cost: &impl Fn(G::Cell, G::Cell) -> Option<u32>,
    remaining: impl Fn(G::Cell) -> Option<Cost>,
) -> Option<Path<G::Cell>> {
    let total = remaining(start)?;
    let mut cells = vec![start];
    let mut here = start;
    let mut left = total;
    while here != goal {
        // Every step strictly lowers the remaining step count, so this ends.
        let (next, k) = forward(grid, cost, here)
            .find(|&(n, k)| remaining(n).is_some_and(|r| r + k == left))?;
        cells.push(next);
        left = Cost {
            total: left.total - k.total,
            steps: left.steps - 1,
        };
        here = next;
    }
    Some(Path {
        cells,
        cost: total.total,
    })
}

/// Every cell reachable from `start` for a total cost of at most `budget`, with its cost.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Reach<C> {
    start: C,
    /// Sorted by cell.
    costs: Vec<(C, u64)>,
}

impl<C: Copy + Ord> Reach<C> {
    /// Where the movement starts.
    pub fn start(&self) -> C {
        self.start
    }

    /// The cheapest cost to reach `cell`, if it is within the budget.
    pub fn cost(&self, cell: C) -> Option<u64> {
        self.costs
            .binary_search_by(|(c, _)| c.cmp(&cell))
            .ok()
            .map(|i| self.costs[i].1)
    }

    /// Whether `cell` is within the budget.
    pub fn contains(&self, cell: C) -> bool {
        self.cost(cell).is_some()
    }

    /// Every reachable cell (the start included, at cost 0) with its cost, in reading order.
    pub fn iter(&self) -> impl Iterator<Item = (C, u64)> + '_ {
        self.costs.iter().copied()
    }

    /// The reachable cells, in reading order.
    pub fn cells(&self) -> impl Iterator<Item = C> + '_ {
        self.costs.iter().map(|&(c, _)| c)
    }

    /// How many cells are reachable (at least 1: the start).
    pub fn len(&self) -> usize {
        self.costs.len()
    }

    /// Always `false` for a start on the grid; `true` if the start was off the grid.
    pub fn is_empty(&self) -> bool {
        self.costs.is_empty()
    }
}

/// Every cell reachable from `start` within `budget` (Dijkstra, via `pathfinding`'s
/// `dijkstra_reach`), in reading order. Empty if `start` is off the grid.
///
/// To move to one of them, call [`shortest_path`] with the same costs: its path costs exactly
/// what [`Reach::cost`] says.
pub fn reachable<G: Grid>(
    grid: &G,
    start: G::Cell,
    budget: u64,
    cost: impl Fn(G::Cell, G::Cell) -> Option<u32>,
) -> Reach<G::Cell> {
    let mut costs = Vec::new();
    if grid.contains(start) {
        let cost = &cost;
        let search = dijkstra_reach(&start, |&n: &G::Cell| forward(grid, cost, n));
        // Cells come out cheapest first, so the first one over budget ends the search.
        costs.extend(
            search
                .take_while(|item| item.total_cost.total <= budget)
                .map(|item| (item.node, item.total_cost.total)),
        );
    }
    costs.sort_unstable_by_key(|&(c, _)| c);
    Reach { start, costs }
}
