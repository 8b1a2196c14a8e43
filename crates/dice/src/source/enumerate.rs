//! The enumerating source. [`enumerate`] runs a resolution function once per distinct path
//! through its chance nodes, depth first, and adds up each path's exact probability by outcome.
//! The same code that plays a roll thus yields its exact odds.
//!
//! Two things keep the walk short without changing its answer:
//!
//! - A roll asked for with [`DiceSource::roll_sum_into`] (the caller reads only the sum of its
//!   faces) branches on its totals, each with the faces of one sorted multiset of that total,
//!   instead of on every multiset of faces.
//! - A resolution may call [`DiceSource::checkpoint`] with a key of everything that can still
//!   affect its outcome. The first path to reach a key explores the rest of the resolution from
//!   there; once every branch below it has been walked, the conditional distribution of the
//!   outcomes below it is kept under the key, and a later path reaching an equal key (compared
//!   in full, never by hash alone) takes that distribution instead of walking on: the checkpoint
//!   returns [`SourceError::Answered`], which the resolution passes up like any dice error.
//!
//! So the walk grows with the number of distinct states a resolution passes through, not with
//! the number of dice sequences. [`Enumerated::paths`] still counts the paths through the dice
//! that a walk of every sorted multiset of faces would take (today's count); `walked` counts
//! the resolutions actually run. [`enumerate_plain_within`] walks every path as before, with
//! checkpoints ignored and sums rolled by their faces, for tests that compare the two.

use super::prob::Prob;
use super::{Dice, DiceSource, Purpose, SourceKind};
use crate::error::SourceError;
use crate::pool;
use num_bigint::BigUint;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive};
use std::any::Any;
use std::collections::{BTreeMap, HashMap};
use std::hash::{Hash, Hasher};

/// The most branches one chance node may have.
pub const MAX_BRANCHES: u128 = 1_000_000;
/// The most paths one enumeration may walk.
pub const MAX_PATHS: u64 = 20_000_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Faces,
    Total,
    /// Branches on totals, each showing the faces of one sorted multiset of that total.
    Sum,
    /// Branches on classes of totals, each showing the faces of the lowest total of its class.
    Classed,
    /// `Classed` for a roll asked for its total: each total counts as one path.
    ClassedTotal,
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
    /// How many paths of a walk by faces each branch stands for (the sorted multisets of its
    /// total, in `Sum` mode); empty when every branch is one.
    multiplicity: Vec<u128>,
    index: usize,
}

impl Node {
    fn with_small(mut self) -> Self {
        let small: Option<Vec<u128>> = self.weights.iter().map(ToPrimitive::to_u128).collect();
        self.small_weights = small.unwrap_or_default();
        self.small_total = self.total.to_u128();
        self
    }

    fn paths(&self) -> u128 {
        self.multiplicity.get(self.index).copied().unwrap_or(1)
    }
}

/// A key of everything that can still affect the outcome of a resolution at a checkpoint
/// ([`DiceSource::checkpoint`]). Two keys that are [`Checkpoint::same`] must lead to the same
/// outcomes with the same probabilities, whatever path reached them: the key holds the state
/// the rest of the resolution reads, and whatever the code after the checkpoint has in hand.
/// [`Key`] makes one of any `Hash + Eq + Clone` value.
pub trait Checkpoint {
    /// A hash of the key: equal keys hash equal. Only a hint; keys are compared with `same`.
    fn key_hash(&self) -> u64;
    /// Whether `kept` (a value [`Checkpoint::keep`] returned) is equal to this key.
    fn same(&self, kept: &dyn Any) -> bool;
    /// An owned copy of the key, kept with the outcomes below it.
    fn keep(&self) -> Box<dyn Any>;
}

/// A checkpoint key made of one owned value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Key<K>(pub K);

impl<K: Hash + Eq + Clone + 'static> Checkpoint for Key<K> {
    fn key_hash(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.0.hash(&mut h);
        h.finish()
    }
    fn same(&self, kept: &dyn Any) -> bool {
        kept.downcast_ref::<K>() == Some(&self.0)
    }
    fn keep(&self) -> Box<dyn Any> {
        Box::new(self.0.clone())
    }
}

/// The conditional outcome distribution below one checkpoint: outcome index → probability,
/// and the paths by faces it stands for.
#[derive(Debug)]
struct Below {
    dist: Vec<(u32, Prob)>,
    paths: u128,
}

/// A key kept with its distribution: its hash, the branches taken before its `since`, and the
/// caller's key.
struct Kept {
    hash: u64,
    before: Vec<u32>,
    key: Box<dyn Any>,
}

/// A checkpoint whose subtree is being walked (or the root, with no key): the paths below it
/// share the first `depth` chance nodes.
struct Frame {
    depth: usize,
    key: Option<Kept>,
    dist: HashMap<u32, Prob>,
    paths: u128,
}

impl Frame {
    fn add(&mut self, outcome: u32, p: Prob) {
        match self.dist.get_mut(&outcome) {
            Some(q) => q.add_assign(&p),
            None => {
                self.dist.insert(outcome, p);
            }
        }
    }
}

/// A [`DiceSource`] that answers each roll with the branch currently being explored.
pub struct Enumerator {
    nodes: Vec<Node>,
    depth: usize,
    /// Whether checkpoints are kept and sums branch on totals (see the module doc).
    merge: bool,
    /// The frames of the current path, outermost (the root) first.
    frames: Vec<Frame>,
    /// Checkpoints reached on the current path.
    seen: usize,
    /// The kept distribution that answers the rest of the current path, if one did.
    answered: Option<usize>,
    kept: HashMap<u64, Vec<(Kept, usize)>>,
    below: Vec<Below>,
}

impl std::fmt::Debug for Enumerator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Enumerator")
            .field("nodes", &self.nodes.len())
            .field("depth", &self.depth)
            .field("merge", &self.merge)
            .field("frames", &self.frames.len())
            .field("kept", &self.below.len())
            .finish()
    }
}

impl Enumerator {
    fn new(merge: bool) -> Self {
        Enumerator {
            nodes: Vec::new(),
            depth: 0,
            merge,
            frames: vec![Frame {
                depth: 0,
                key: None,
                dist: HashMap::new(),
                paths: 0,
            }],
            seen: 0,
            answered: None,
            kept: HashMap::new(),
            below: Vec::new(),
        }
    }
}

impl Default for Enumerator {
    fn default() -> Self {
        Enumerator::new(true)
    }
}

/// The outcome distribution of an enumeration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Enumerated<T> {
    /// Each distinct outcome with its exact probability, in ascending order of outcome.
    pub outcomes: Vec<(T, BigRational)>,
    /// How many paths through the chance nodes a walk of every sorted multiset of faces takes
    /// (saturating): the paths the answer covers, whether or not they were walked one by one.
    pub paths: u64,
    /// How many times the resolution ran.
    pub walked: u64,
}

/// Runs `resolve` once for every path through its dice, merging equal checkpoints, and returns
/// the exact probability of each outcome. `resolve` must be deterministic given the faces it is
/// shown. It gives up with [`SourceError::TooManyPaths`] past [`MAX_PATHS`] runs;
/// [`enumerate_within`] takes a smaller limit.
pub fn enumerate<T, E, F>(resolve: F) -> Result<Enumerated<T>, E>
where
    T: Ord,
    E: From<SourceError>,
    F: FnMut(&mut Enumerator) -> Result<T, E>,
{
    enumerate_within(MAX_PATHS, resolve)
}

/// [`enumerate`] with at most `limit` runs of `resolve` (paths walked, after merging). A
/// resolution of exactly `limit` runs is enumerated; one of more gives
/// [`SourceError::TooManyPaths`] with this `limit` as soon as the walk finishes run `limit` and
/// finds another to take, so `resolve` runs at most `limit` times (never, for a limit of 0).
///
/// ```
/// use fireteam_dice::{enumerate_within, Dice, DiceSource, Purpose, SourceError};
/// // 3d6 by its total: 16 sums, 3 to 18.
/// let to_hit = |e: &mut fireteam_dice::Enumerator| -> Result<bool, SourceError> {
///     Ok(e.roll_total(&Purpose::new("to hit"), Dice::new(3, 6))? <= 12)
/// };
/// assert!(enumerate_within(16, to_hit).is_ok());
/// assert!(matches!(
///     enumerate_within(15, to_hit),
///     Err(SourceError::TooManyPaths { limit: 15 })
/// ));
/// ```
pub fn enumerate_within<T, E, F>(limit: u64, resolve: F) -> Result<Enumerated<T>, E>
where
    T: Ord,
    E: From<SourceError>,
    F: FnMut(&mut Enumerator) -> Result<T, E>,
{
    walk(Enumerator::new(true), limit, resolve)
}

/// [`enumerate_within`] without merging: every path through the sorted multisets of faces is
/// walked, checkpoints are ignored and sums roll by their faces. The answer is the same; this is
/// the reference that merged enumerations are tested against.
pub fn enumerate_plain_within<T, E, F>(limit: u64, resolve: F) -> Result<Enumerated<T>, E>
where
    T: Ord,
    E: From<SourceError>,
    F: FnMut(&mut Enumerator) -> Result<T, E>,
{
    walk(Enumerator::new(false), limit, resolve)
}

fn walk<T, E, F>(mut e: Enumerator, limit: u64, mut resolve: F) -> Result<Enumerated<T>, E>
where
    T: Ord,
    E: From<SourceError>,
    F: FnMut(&mut Enumerator) -> Result<T, E>,
{
    let too_many = || Err(SourceError::TooManyPaths { limit }.into());
    if limit == 0 {
        return too_many();
    }
    let mut outcomes: BTreeMap<T, u32> = BTreeMap::new();
    let mut walked = 0u64;
    loop {
        e.depth = 0;
        e.seen = 0;
        e.answered = None;
        let result = resolve(&mut e);
        walked += 1;
        // The nodes below the depth reached were not visited on this path.
        e.nodes.truncate(e.depth);
        match (e.answered.take(), result) {
            // A kept distribution answers the rest of the path, whatever the resolution made
            // of the `Answered` error it was given.
            (Some(id), _) => e.add_below(id),
            (None, Ok(outcome)) => {
                let next = outcomes.len() as u32;
                let id = *outcomes.entry(outcome).or_insert(next);
                e.add_leaf(id);
            }
            (None, Err(err)) => return Err(err),
        }
        // Advance the deepest node that has branches left; drop the exhausted ones. A frame
        // whose prefix is about to change has been walked in full: keep its distribution.
        loop {
            let Some(j) = e.nodes.len().checked_sub(1) else {
                e.close_frames(0, true);
                return Ok(e.finish(outcomes, walked));
            };
            e.close_frames(j, false);
            let last = &mut e.nodes[j];
            last.index += 1;
            if last.index < last.weights.len() {
                break;
            }
            e.nodes.pop();
        }
        // There is another path to walk: one more than the limit allows.
        if walked == limit {
            return too_many();
        }
    }
}

/// The probability of the branches taken at `nodes` and the paths by faces they stand for.
fn weight(nodes: &[Node]) -> (Prob, u128) {
    let mut paths: u128 = 1;
    for n in nodes {
        paths = paths.saturating_mul(n.paths());
    }
    let mut num: Option<u128> = Some(1);
    let mut den: Option<u128> = Some(1);
    for n in nodes {
        num = num.and_then(|x| n.small_weights.get(n.index).and_then(|w| x.checked_mul(*w)));
        den = den.and_then(|x| n.small_total.and_then(|t| x.checked_mul(t)));
    }
    if let (Some(num), Some(den)) = (num, den) {
        return (Prob::Small { num, den }, paths);
    }
    let mut num = BigUint::one();
    let mut den = BigUint::one();
    for n in nodes {
        num *= &n.weights[n.index];
        den *= &n.total;
    }
    (Prob::from_ratio(&num, &den), paths)
}

impl Enumerator {
    fn innermost(&mut self) -> (&mut Frame, &[Node]) {
        let f = self.frames.last_mut().expect("the root frame");
        let nodes = &self.nodes[f.depth.min(self.depth)..self.depth];
        (f, nodes)
    }

    /// A path that ended with `outcome`.
    fn add_leaf(&mut self, outcome: u32) {
        let (f, nodes) = self.innermost();
        let (p, paths) = weight(nodes);
        f.add(outcome, p);
        f.paths = f.paths.saturating_add(paths);
    }

    /// A path answered at a checkpoint by the kept distribution `id`.
    fn add_below(&mut self, id: usize) {
        let (f, nodes) = {
            let f = self.frames.last_mut().expect("the root frame");
            (f, &self.nodes[..])
        };
        let (p, paths) = weight(&nodes[f.depth.min(self.depth)..self.depth]);
        let below = &self.below[id];
        for (o, q) in &below.dist {
            f.add(*o, q.mul(&p));
        }
        f.paths = f.paths.saturating_add(below.paths.saturating_mul(paths));
    }

    /// Closes the frames deeper than `j` (every frame but the root when `all`): each one's
    /// distribution is kept under its key and added to the frame around it.
    fn close_frames(&mut self, j: usize, all: bool) {
        while self.frames.len() > 1 {
            let last = self.frames.last().expect("a frame");
            if !all && last.depth <= j {
                break;
            }
            let f = self.frames.pop().expect("a frame");
            let mut dist: Vec<(u32, Prob)> = f.dist.into_iter().collect();
            dist.sort_unstable_by_key(|(o, _)| *o);
            let parent = self.frames.last_mut().expect("the root frame");
            let (p, paths) = weight(&self.nodes[parent.depth..f.depth]);
            for (o, q) in &dist {
                parent.add(*o, q.mul(&p));
            }
            parent.paths = parent.paths.saturating_add(f.paths.saturating_mul(paths));
            if let Some(kept) = f.key {
                let id = self.below.len();
                self.below.push(Below {
                    dist,
                    paths: f.paths,
                });
                self.kept.entry(kept.hash).or_default().push((kept, id));
            }
        }
    }

    fn finish<T>(mut self, outcomes: BTreeMap<T, u32>, walked: u64) -> Enumerated<T> {
        let root = self.frames.pop().expect("the root frame");
        let mut p: HashMap<u32, Prob> = root.dist;
        let outcomes = outcomes
            .into_iter()
            .filter_map(|(t, id)| {
                let q = p.remove(&id)?;
                (!q.is_zero()).then(|| (t, q.big()))
            })
            .collect();
        Enumerated {
            outcomes,
            paths: u64::try_from(root.paths).unwrap_or(u64::MAX),
            walked,
        }
    }

    /// The node for the roll at the current depth: the existing one on a replayed prefix, or a
    /// new one at the frontier.
    fn node(
        &mut self,
        purpose: &Purpose<'_>,
        dice: Dice,
        mode: Mode,
    ) -> Result<&Node, SourceError> {
        self.node_classed(purpose, dice, mode, None)
    }

    fn node_classed(
        &mut self,
        purpose: &Purpose<'_>,
        dice: Dice,
        mode: Mode,
        class: Option<&dyn Fn(i64) -> i64>,
    ) -> Result<&Node, SourceError> {
        if self.answered.is_some() {
            return Err(SourceError::Answered);
        }
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
            Mode::Sum => sum_node(purpose, dice)?,
            Mode::Classed | Mode::ClassedTotal => match class {
                Some(class) => classed_node(purpose, dice, class, mode)?,
                None => sum_node(purpose, dice)?,
            },
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

    fn roll_sum_into(
        &mut self,
        purpose: &Purpose<'_>,
        dice: Dice,
        faces: &mut Vec<u32>,
    ) -> Result<(), SourceError> {
        let mode = if self.merge { Mode::Sum } else { Mode::Faces };
        let n = self.node(purpose, dice, mode)?;
        let k = dice.count as usize;
        faces.clear();
        faces.extend_from_slice(&n.faces[n.index * k..(n.index + 1) * k]);
        Ok(())
    }

    fn roll_sum_classed(
        &mut self,
        purpose: &Purpose<'_>,
        dice: Dice,
        faces: &mut Vec<u32>,
        class: &dyn Fn(i64) -> i64,
    ) -> Result<(), SourceError> {
        let mode = if self.merge {
            Mode::Classed
        } else {
            Mode::Faces
        };
        let n = self.node_classed(purpose, dice, mode, Some(class))?;
        let k = dice.count as usize;
        faces.clear();
        faces.extend_from_slice(&n.faces[n.index * k..(n.index + 1) * k]);
        Ok(())
    }

    fn roll_total_classed(
        &mut self,
        purpose: &Purpose<'_>,
        dice: Dice,
        class: &dyn Fn(i64) -> i64,
    ) -> Result<i64, SourceError> {
        let mode = if self.merge {
            Mode::ClassedTotal
        } else {
            Mode::Total
        };
        let n = self.node_classed(purpose, dice, mode, Some(class))?;
        Ok(n.totals[n.index])
    }

    fn roll_total(&mut self, purpose: &Purpose<'_>, dice: Dice) -> Result<i64, SourceError> {
        let n = self.node(purpose, dice, Mode::Total)?;
        Ok(n.totals[n.index])
    }

    fn mark(&self) -> u64 {
        self.depth as u64
    }

    fn checkpoint(&mut self, since: u64, key: &dyn Checkpoint) -> Result<(), SourceError> {
        if self.answered.is_some() {
            return Err(SourceError::Answered);
        }
        if !self.merge {
            return Ok(());
        }
        let k = self.seen;
        self.seen += 1;
        // The first checkpoints of a path replay those of the frames it shares with the paths
        // before it (everything before the node that advanced is replayed as it was).
        if k + 1 < self.frames.len() {
            debug_assert_eq!(self.frames[k + 1].depth, self.depth);
            return Ok(());
        }
        let since = (since as usize).min(self.depth);
        let before: Vec<u32> = self.nodes[..since].iter().map(|n| n.index as u32).collect();
        let hash = {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            before.hash(&mut h);
            key.key_hash().hash(&mut h);
            h.finish()
        };
        if let Some(list) = self.kept.get(&hash) {
            if let Some((_, id)) = list
                .iter()
                .find(|(kept, _)| kept.before == before && key.same(kept.key.as_ref()))
            {
                self.answered = Some(*id);
                return Err(SourceError::Answered);
            }
        }
        self.frames.push(Frame {
            depth: self.depth,
            key: Some(Kept {
                hash,
                before,
                key: key.keep(),
            }),
            dist: HashMap::new(),
            paths: 0,
        });
        Ok(())
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
        multiplicity: Vec::new(),
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
        multiplicity: Vec::new(),
        index: 0,
    }
    .with_small())
}

/// Branches over the possible sums, with the exact distribution of the pool, each showing the
/// faces of one sorted multiset of that sum (the lowest faces first, the excess on the last
/// dice) and standing for every sorted multiset of that sum.
fn sum_node(purpose: &Purpose<'_>, dice: Dice) -> Result<Node, SourceError> {
    let mut node = total_node(purpose, dice)?;
    node.mode = Mode::Sum;
    let (n, s) = (dice.count as usize, i64::from(dice.sides.max(1)));
    node.faces = Vec::with_capacity(node.totals.len() * n);
    for &t in &node.totals {
        let mut excess = t - n as i64;
        let mut faces = vec![1u32; n];
        for f in faces.iter_mut().rev() {
            let add = excess.min(s - 1);
            *f += add as u32;
            excess -= add;
        }
        node.faces.extend_from_slice(&faces);
    }
    let ways = multisets_by_excess(n as u128, s as u128);
    node.multiplicity = node
        .totals
        .iter()
        .map(|&t| match &ways {
            Some(w) => w[(t - n as i64) as usize],
            None => u128::MAX,
        })
        .collect();
    Ok(node)
}

/// Branches over the classes of the sums (in the order of their lowest sum), each weighted by
/// every roll whose sum is in it and showing the faces of its lowest sum.
fn classed_node(
    purpose: &Purpose<'_>,
    dice: Dice,
    class: &dyn Fn(i64) -> i64,
    mode: Mode,
) -> Result<Node, SourceError> {
    let mut sums = sum_node(purpose, dice)?;
    if mode == Mode::ClassedTotal {
        sums.multiplicity.iter_mut().for_each(|m| *m = 1);
    }
    let k = dice.count as usize;
    let mut classes: Vec<i64> = Vec::new();
    let mut node = Node {
        dice,
        mode,
        faces: Vec::new(),
        totals: Vec::new(),
        weights: Vec::new(),
        total: sums.total.clone(),
        small_weights: Vec::new(),
        small_total: None,
        multiplicity: Vec::new(),
        index: 0,
    };
    for (i, &t) in sums.totals.iter().enumerate() {
        let c = class(t);
        match classes.iter().position(|&x| x == c) {
            Some(b) => {
                node.weights[b] += &sums.weights[i];
                node.multiplicity[b] = node.multiplicity[b].saturating_add(sums.multiplicity[i]);
            }
            None => {
                classes.push(c);
                node.faces
                    .extend_from_slice(&sums.faces[i * k..(i + 1) * k]);
                node.totals.push(t);
                node.weights.push(sums.weights[i].clone());
                node.multiplicity.push(sums.multiplicity[i]);
            }
        }
    }
    Ok(node.with_small())
}

/// The number of sorted multisets of `n` faces of 1..=`s` by their excess over `n` (0 to
/// n(s − 1)): the coefficients of the Gaussian binomial [n + s − 1 choose n]_q. Built as
/// Π (1 − q^(N−k+i)) / (1 − q^i) for i = 1..k, k = min(n, s − 1), each step exact modulo
/// 2^128 (the division by 1 − q^i is a running sum). None when a count could pass `u128` or the
/// work is out of proportion (the counts are only the paths a walk by faces would take).
fn multisets_by_excess(n: u128, s: u128) -> Option<Vec<u128>> {
    if multiset_count(n, s) >= u128::MAX / 2 {
        return None;
    }
    let k = n.min(s - 1);
    let max = n.checked_mul(s - 1)?;
    if k.checked_mul(max)? > 100_000_000 {
        return None;
    }
    let big_n = n + s - 1;
    let (k, max) = (k as usize, max as usize);
    let mut c = vec![0u128; max + 1];
    c[0] = 1;
    for i in 1..=k {
        let m = (big_n as usize) - k + i;
        for e in (m..=max).rev() {
            c[e] = c[e].wrapping_sub(c[e - m]);
        }
        for e in i..=max {
            c[e] = c[e].wrapping_add(c[e - i]);
        }
    }
    Some(c)
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
