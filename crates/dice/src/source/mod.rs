//! Dice sources: where the faces of every roll come from. All rule code rolls through the
//! [`DiceSource`] trait, so one resolution path serves play, table play, tests and exact odds.
//!
//! - [`SeededSource`]: a portable generator; streams are derived from (seed, scope, purpose).
//! - [`ScriptedSource`]: faces given in advance, from tests or a game played at the table.
//! - [`ManualSource`]: asks a person at the terminal, and can roll for them on request.
//! - [`Enumerator`]: walks every outcome with its exact probability (see [`enumerate`], and
//!   [`enumerate_within`] for a caller's limit on the paths walked).

mod enumerate;
mod manual;
mod prob;
mod scripted;
mod seeded;

pub use enumerate::{
    enumerate, enumerate_plain_within, enumerate_within, Checkpoint, Enumerated, Enumerator, Key,
    MAX_PATHS,
};
pub use manual::ManualSource;
pub use scripted::ScriptedSource;
pub use seeded::SeededSource;

use crate::error::SourceError;
use serde::Serialize;
use std::fmt;

/// A request for `count` dice numbered 1..=sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Dice {
    pub count: u32,
    pub sides: u32,
}

impl Dice {
    pub fn new(count: u32, sides: u32) -> Self {
        Dice { count, sides }
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)
    }
}

/// What a roll is for.
///
/// `tag` is a short stable key ("to-hit", "damage") from which the seeded source derives the
/// roll's stream. `detail` says it in words for a person ("to hit: Zorgo fires at Bruce, needs 13
/// or less"); it is only formatted when someone reads it, so the simulator's inner loop pays
/// nothing.
#[derive(Clone, Copy)]
pub struct Purpose<'a> {
    pub tag: &'a str,
    pub detail: &'a dyn fmt::Display,
}

impl<'a> Purpose<'a> {
    pub fn new(tag: &'a str) -> Self {
        Purpose { tag, detail: &"" }
    }

    pub fn with_detail(tag: &'a str, detail: &'a dyn fmt::Display) -> Self {
        Purpose { tag, detail }
    }

    /// The purpose in words: the detail, or the tag when there is none.
    pub fn describe(&self) -> String {
        let d = self.detail.to_string();
        if d.is_empty() {
            self.tag.to_string()
        } else {
            d
        }
    }
}

impl fmt::Debug for Purpose<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Purpose({:?})", self.describe())
    }
}

/// Which kind of source produced a roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SourceKind {
    Seeded,
    Scripted,
    Manual,
    Enumerating,
}

/// The record of one roll: what was rolled, for what, the faces and the total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RollRecord {
    pub purpose: String,
    pub dice: Dice,
    /// One face per die, in the order rolled. The enumerating source yields faces as a sorted
    /// multiset (for a roll read by its sum, one multiset of that sum), and none at all for
    /// rolls asked for their total only.
    pub faces: Vec<u32>,
    pub total: i64,
    pub source: SourceKind,
}

/// Where dice faces come from.
pub trait DiceSource {
    /// Rolls `dice` for `purpose`, replacing the contents of `faces` with one face per die.
    fn roll_into(
        &mut self,
        purpose: &Purpose<'_>,
        dice: Dice,
        faces: &mut Vec<u32>,
    ) -> Result<(), SourceError>;

    /// Rolls `dice` and returns only their sum. Rules that read only the total should call this:
    /// the enumerating source then branches on sums instead of on every combination of faces.
    fn roll_total(&mut self, purpose: &Purpose<'_>, dice: Dice) -> Result<i64, SourceError> {
        let mut faces = Vec::with_capacity(dice.count as usize);
        self.roll_into(purpose, dice, &mut faces)?;
        Ok(faces.iter().map(|&f| i64::from(f)).sum())
    }

    /// Rolls one die of `sides` sides for `purpose` into each of `faces`, in order: what as
    /// many [`DiceSource::roll_total`] calls of one die each would give, which is the default.
    /// For a caller that keeps the faces without a buffer on the heap, such as a pool rolled
    /// die by die; the seeded source finds the purpose's stream once for all of them.
    fn roll_each(
        &mut self,
        purpose: &Purpose<'_>,
        sides: u32,
        faces: &mut [u32],
    ) -> Result<(), SourceError> {
        for f in faces {
            *f = self.roll_total(purpose, Dice::new(1, sides))? as u32;
        }
        Ok(())
    }

    /// Rolls `dice` for a caller that reads only the sum of the faces: the faces are for the
    /// record (an event, a log). Every source but the enumerating one rolls exactly as
    /// [`DiceSource::roll_into`] (the default), so seeds, scripts and logs are unchanged; the
    /// enumerating source branches on the sums, each shown as the faces of one sorted multiset
    /// of that sum. Faces read one by one (doubles, a die picked out) need `roll_into`.
    fn roll_sum_into(
        &mut self,
        purpose: &Purpose<'_>,
        dice: Dice,
        faces: &mut Vec<u32>,
    ) -> Result<(), SourceError> {
        self.roll_into(purpose, dice, faces)
    }

    /// Rolls `dice` for a caller that reads the faces only through `class` of their sum (a
    /// check's success, an attack's result): the faces and their sum are for the record. Every
    /// source but the enumerating one rolls exactly as [`DiceSource::roll_into`] (the default);
    /// the enumerating source branches once per class, showing the faces of its lowest sum.
    /// `class` must be a function of the sum alone.
    fn roll_sum_classed(
        &mut self,
        purpose: &Purpose<'_>,
        dice: Dice,
        faces: &mut Vec<u32>,
        _class: &dyn Fn(i64) -> i64,
    ) -> Result<(), SourceError> {
        self.roll_into(purpose, dice, faces)
    }

    /// [`DiceSource::roll_total`] for a caller that reads the total only through `class`: every
    /// source but the enumerating one rolls exactly as `roll_total` (the default); the
    /// enumerating source branches once per class, showing its lowest total.
    fn roll_total_classed(
        &mut self,
        purpose: &Purpose<'_>,
        dice: Dice,
        _class: &dyn Fn(i64) -> i64,
    ) -> Result<i64, SourceError> {
        self.roll_total(purpose, dice)
    }

    /// A mark of how far the current path through the dice has gone, for
    /// [`DiceSource::checkpoint`]: the enumerating source gives the number of rolls made so far
    /// on this path, every other source 0.
    fn mark(&self) -> u64 {
        0
    }

    /// A point of a resolution where `key`, together with the rolls made before `since` (a
    /// [`DiceSource::mark`] taken earlier on the same path), holds everything that can still
    /// affect its outcome (see [`Checkpoint`]). With `since` 0 the key alone must; with a mark
    /// taken just before a roll, the key need only say what the code after the checkpoint can
    /// still learn of the rolls made since the mark. Only the enumerating source reads it: when
    /// an earlier path reached an equal key after the same rolls before `since`, and everything
    /// below it has been walked, the rest of this path is known, and it returns
    /// [`SourceError::Answered`], which the resolution passes up as it does any dice error.
    /// Every other source returns `Ok` and rolls on as if it were not there.
    fn checkpoint(&mut self, _since: u64, _key: &dyn Checkpoint) -> Result<(), SourceError> {
        Ok(())
    }

    /// Starts a new scope (for example one action of a battle). The seeded source derives each
    /// roll's stream from (seed, scope, purpose), so a roll added in one scope shifts no roll in
    /// any other.
    fn begin_scope(&mut self, _scope: u64) {}

    fn kind(&self) -> SourceKind;

    /// Rolls and returns the full record.
    fn roll(&mut self, purpose: &Purpose<'_>, dice: Dice) -> Result<RollRecord, SourceError> {
        let mut faces = Vec::with_capacity(dice.count as usize);
        self.roll_into(purpose, dice, &mut faces)?;
        Ok(RollRecord {
            purpose: purpose.describe(),
            dice,
            total: faces.iter().map(|&f| i64::from(f)).sum(),
            faces,
            source: self.kind(),
        })
    }
}

impl<S: DiceSource + ?Sized> DiceSource for &mut S {
    fn roll_into(
        &mut self,
        purpose: &Purpose<'_>,
        dice: Dice,
        faces: &mut Vec<u32>,
    ) -> Result<(), SourceError> {
        (**self).roll_into(purpose, dice, faces)
    }
    fn roll_sum_into(
        &mut self,
        purpose: &Purpose<'_>,
        dice: Dice,
        faces: &mut Vec<u32>,
    ) -> Result<(), SourceError> {
        (**self).roll_sum_into(purpose, dice, faces)
    }
    fn roll_total(&mut self, purpose: &Purpose<'_>, dice: Dice) -> Result<i64, SourceError> {
        (**self).roll_total(purpose, dice)
    }
    fn roll_each(
        &mut self,
        purpose: &Purpose<'_>,
        sides: u32,
        faces: &mut [u32],
    ) -> Result<(), SourceError> {
        (**self).roll_each(purpose, sides, faces)
    }
    fn roll_sum_classed(
        &mut self,
        purpose: &Purpose<'_>,
        dice: Dice,
        faces: &mut Vec<u32>,
        class: &dyn Fn(i64) -> i64,
    ) -> Result<(), SourceError> {
        (**self).roll_sum_classed(purpose, dice, faces, class)
    }
    fn roll_total_classed(
        &mut self,
        purpose: &Purpose<'_>,
        dice: Dice,
        class: &dyn Fn(i64) -> i64,
    ) -> Result<i64, SourceError> {
        (**self).roll_total_classed(purpose, dice, class)
    }
    fn mark(&self) -> u64 {
        (**self).mark()
    }
    fn checkpoint(&mut self, since: u64, key: &dyn Checkpoint) -> Result<(), SourceError> {
        (**self).checkpoint(since, key)
    }
    fn begin_scope(&mut self, scope: u64) {
        (**self).begin_scope(scope)
    }
    fn kind(&self) -> SourceKind {
        (**self).kind()
    }
}
