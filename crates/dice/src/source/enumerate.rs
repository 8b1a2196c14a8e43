//! The enumerating source. [`enumerate`] runs a resolution function once per distinct path
//! through its chance nodes, depth first, and adds up each path's exact probability by outcome.
//! The same code that plays a roll thus yields its exact odds.

use super::{Dice, DiceSource, Purpose, SourceKind};
use crate::error::SourceError;
use crate::pool;
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{One, ToPrimitive};
use std::collections::BTreeMap;

/// The most branches one chance node may have.
pub const MAX_BRANCHES: u128 = 1_000_000;
/// The most paths one enumeration may walk.
pub const MAX_PATHS: u64 = 20_000_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Faces,
    Total,
}

#[derive(Debug)]
struct Node {
    dice: Dice,
    mode: Mode,
    /// Faces per branch (sorted multisets), flattened; empty in `Total` mode.
    faces: Vec<u32>,
    /// The sum per branch.
    totals: Vec<i64>,
    weights: Vec<BigUint>,
    total: BigUint,
    /// The same weights and total as `u128`, when they all fit (empty / `None` otherwise), so
    /// the common case multiplies machine integers.
    small_weights: Vec<u128>,
    small_total: Option<u128>,
    index: usize,
}

impl Node {
    fn with_small(mut self) -> Self {
        let small: Option<Vec<u128>> = self.weights.iter().map(ToPrimitive::to_u128).collect();
        self.small_weights = small.unwrap_or_default();
        self.small_total = self.total.to_u128();
        self
    }
}

/// A [`DiceSource`] that answers each roll with the branch currently being explored.
#[derive(Debug, Default)]
pub struct Enumerator {
    nodes: Vec<Node>,
    depth: usize,
    paths: u64,
}

/// The outcome distribution of an enumeration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Enumerated<T> {
    /// Each distinct outcome with its exact probability, in ascending order of outcome.
    pub outcomes: Vec<(T, BigRational)>,
    /// How many paths through the chance nodes were walked.
    pub paths: u64,
}

/// Runs `resolve` once for every path through its dice and returns the exact probability of
/// each outcome. `resolve` must be deterministic given the faces it is shown. It gives up with
/// [`SourceError::TooManyPaths`] past [`MAX_PATHS`] paths; [`enumerate_within`] takes a
/// smaller limit.
pub fn enumerate<T, E, F>(resolve: F) -> Result<Enumerated<T>, E>
where
    T: Ord,
    E: From<SourceError>,
    F: FnMut(&mut Enumerator) -> Result<T, E>,
{
    enumerate_within(MAX_PATHS, resolve)
}

/// [`enumerate`] with at most `limit` paths. A resolution of exactly `limit` paths is
/// enumerated; one of more gives [`SourceError::TooManyPaths`] with this `limit` as soon as the
/// walk finishes path `limit` and finds another to take, so `resolve` runs at most `limit` times
/// (never, for a limit of 0). Each path is walked once, so the time it takes to give up is the
/// time of `limit` resolutions.
///
/// ```
/// use fireteam_dice::{enumerate_within, Dice, DiceSource, Purpose, SourceError};
/// // 3d6 by its faces: 56 sorted multisets of faces, so 56 paths.
/// let to_hit = |e: &mut fireteam_dice::Enumerator| -> Result<bool, SourceError> {
///     Ok(e.roll_total(&Purpose::new("to hit"), Dice::new(3, 6))? <= 12)
/// };
/// assert!(enumerate_within(16, to_hit).is_ok()); // 16 sums, 3 to 18
/// assert!(matches!(
///     enumerate_within(15, to_hit),
///     Err(SourceError::TooManyPaths { limit: 15 })
/// ));
/// ```
pub fn enumerate_within<T, E, F>(limit: u64, mut resolve: F) -> Result<Enumerated<T>, E>
where
    T: Ord,
    E: From<SourceError>,
    F: FnMut(&mut Enumerator) -> Result<T, E>,
{
    let too_many = || Err(SourceError::TooManyPaths { limit }.into());
    if limit == 0 {
        return too_many();
    }
    let mut e = Enumerator::default();
    let mut acc = Accumulator::default();
    loop {
        e.depth = 0;
        let outcome = resolve(&mut e)?;
        e.paths += 1;
        // The nodes below the depth reached were not visited on this path.
        e.nodes.truncate(e.depth);
        acc.add(outcome, &e.nodes);
        // Advance the deepest node that has branches left; drop the exhausted ones.
        loop {
            let Some(last) = e.nodes.last_mut() else {
                return Ok(Enumerated {
                    outcomes: acc.finish(),
                    paths: e.paths,
                });
            };
            last.index += 1;
            if last.index < last.weights.len() {
                break;
            }
            e.nodes.pop();
        }
        // There is another path to walk: one more than the limit allows.
        if e.paths == limit {
            return too_many();
        }
    }
}

/// Sums path probabilities by outcome. A path's probability is Π weight / Π total; paths are
/// grouped by outcome and denominator and their numerators added as integers (in `u128` while
/// they fit), so fractions are reduced once per group at the end, not once per path.
struct Accumulator<T> {
    small: BTreeMap<(T, u128), u128>,
    big: BTreeMap<(T, BigUint), BigUint>,
}

impl<T> Default for Accumulator<T> {
    fn default() -> Self {
        Accumulator {
            small: BTreeMap::new(),
            big: BTreeMap::new(),
        }
    }
}

impl<T: Ord> Accumulator<T> {
    fn add(&mut self, outcome: T, nodes: &[Node]) {
        let mut num: Option<u128> = Some(1);
        let mut den: Option<u128> = Some(1);
        for n in nodes {
            num = num.and_then(|x| n.small_weights.get(n.index).and_then(|w| x.checked_mul(*w)));
            den = den.and_then(|x| n.small_total.and_then(|t| x.checked_mul(t)));
        }
        if let (Some(num), Some(den)) = (num, den) {
            let key = (outcome, den);
            match self.small.get_mut(&key) {
                Some(slot) => match slot.checked_add(num) {
                    Some(sum) => *slot = sum,
                    None => {
                        // The group's sum outgrew u128: carry on in the big map.
                        let prev = self.small.remove(&key).unwrap_or(0);
                        let (t, d) = key;
                        *self.big.entry((t, BigUint::from(d))).or_default() +=
                            BigUint::from(prev) + BigUint::from(num);
                    }
                },
                None => {
                    self.small.insert(key, num);
                }
            }
            return;
        }
        let mut num = BigUint::one();
        let mut den = BigUint::one();
        for n in nodes {
            num *= &n.weights[n.index];
            den *= &n.total;
        }
        *self.big.entry((outcome, den)).or_default() += num;
    }

    fn finish(self) -> Vec<(T, BigRational)> {
        let mut out: BTreeMap<T, BigRational> = BTreeMap::new();
        let zero = || BigRational::new(0.into(), 1.into());
        for ((t, den), num) in self.small {
            *out.entry(t).or_insert_with(zero) +=
                BigRational::new(BigInt::from(num), BigInt::from(den));
        }
        for ((t, den), num) in self.big {
            *out.entry(t).or_insert_with(zero) +=
                BigRational::new(BigInt::from(num), BigInt::from(den));
        }
        out.into_iter().collect()
    }
}

impl Enumerator {
    /// The node for the roll at the current depth: the existing one on a replayed prefix, or a
    /// new one at the frontier.
    fn node(
        &mut self,
        purpose: &Purpose<'_>,
        dice: Dice,
        mode: Mode,
    ) -> Result<&Node, SourceError> {
        let d = self.depth;
        self.depth += 1;
        if d < self.nodes.len() {
            let n = &self.nodes[d];
            if n.dice != dice || n.mode != mode {
                return Err(SourceError::Nondeterministic {
                    depth: d,
                    expected: n.dice.to_string(),
                    got: format!("{dice} ({})", purpose.describe()),
                });
            }
            return Ok(&self.nodes[d]);
        }
        let node = match mode {
            Mode::Faces => faces_node(purpose, dice)?,
            Mode::Total => total_node(purpose, dice)?,
        };
        self.nodes.push(node);
        Ok(&self.nodes[d])
    }
}

impl DiceSource for Enumerator {
    fn roll_into(
        &mut self,
        purpose: &Purpose<'_>,
        dice: Dice,
        faces: &mut Vec<u32>,
    ) -> Result<(), SourceError> {
        let n = self.node(purpose, dice, Mode::Faces)?;
        let k = dice.count as usize;
        faces.clear();
        faces.extend_from_slice(&n.faces[n.index * k..(n.index + 1) * k]);
        Ok(())
    }

    fn roll_total(&mut self, purpose: &Purpose<'_>, dice: Dice) -> Result<i64, SourceError> {
        let n = self.node(purpose, dice, Mode::Total)?;
        Ok(n.totals[n.index])
    }

    fn kind(&self) -> SourceKind {
        SourceKind::Enumerating
    }
}

/// Branches over the sorted multisets of faces, each weighted by the number of ordered rolls
/// that show it (n! / Π cᵢ!).
fn faces_node(purpose: &Purpose<'_>, dice: Dice) -> Result<Node, SourceError> {
    let n = dice.count as usize;
    let s = dice.sides;
    let branches = multiset_count(n as u128, u128::from(s));
    if branches > MAX_BRANCHES {
        return Err(too_many_branches(purpose, dice, branches));
    }
    let mut factorial = vec![BigUint::one()];
    for i in 1..=n {
        let f = &factorial[i - 1] * BigUint::from(i);
        factorial.push(f);
    }
    let mut node = Node {
        dice,
        mode: Mode::Faces,
        faces: Vec::with_capacity(branches as usize * n),
        totals: Vec::with_capacity(branches as usize),
        weights: Vec::with_capacity(branches as usize),
        total: BigUint::from(s).pow(dice.count),
        small_weights: Vec::new(),
        small_total: None,
        index: 0,
    };
    let mut cur = vec![1u32; n];
    loop {
        node.faces.extend_from_slice(&cur);
        node.totals.push(cur.iter().map(|&f| i64::from(f)).sum());
        let mut w = factorial[n].clone();
        let mut run = 1;
        for i in 1..=n {
            if i < n && cur[i] == cur[i - 1] {
                run += 1;
            } else {
                w /= &factorial[run];
                run = 1;
            }
        }
        node.weights.push(w);
        // Next non-decreasing sequence.
        let Some(i) = (0..n).rev().find(|&i| cur[i] < s) else {
            break;
        };
        let v = cur[i] + 1;
        cur[i..].iter_mut().for_each(|f| *f = v);
    }
    Ok(node.with_small())
}

/// Branches over the possible sums, with the exact distribution of the pool.
fn total_node(purpose: &Purpose<'_>, dice: Dice) -> Result<Node, SourceError> {
    let branches = u128::from(dice.count) * u128::from(dice.sides.max(1) - 1) + 1;
    if branches > MAX_BRANCHES {
        return Err(too_many_branches(purpose, dice, branches));
    }
    let d = match pool::sum_of_dice::<u128>(dice.count, dice.sides) {
        Ok(d) => d.widen(),
        Err(_) => pool::sum_of_dice::<BigUint>(dice.count, dice.sides)
            .map_err(|_| too_many_branches(purpose, dice, branches))?,
    };
    Ok(Node {
        dice,
        mode: Mode::Total,
        faces: Vec::new(),
        totals: d.values,
        weights: d.weights,
        total: d.total,
        small_weights: Vec::new(),
        small_total: None,
        index: 0,
    }
    .with_small())
}

fn too_many_branches(purpose: &Purpose<'_>, dice: Dice, branches: u128) -> SourceError {
    SourceError::TooManyBranches {
        purpose: purpose.describe(),
        dice: dice.to_string(),
        branches,
        limit: MAX_BRANCHES,
    }
}

/// C(n + s − 1, n): the number of multisets of n faces from s, saturating.
fn multiset_count(n: u128, s: u128) -> u128 {
    if n > 1_000_000 && s > 1 {
        return u128::MAX;
    }
    if s == 1 {
        return 1;
    }
    let mut r: u128 = 1;
    for i in 1..=n {
        // r · (s − 1 + i) / i stays an integer at every step.
        r = match r.checked_mul(s - 1 + i) {
            Some(x) => x / i,
            None => return u128::MAX,
        };
    }
    r
}
