//! The seeded source: ChaCha8, a portable generator with documented, value-stable output, keyed
//! by the seed. Each (scope, purpose) pair reads its own ChaCha stream, so adding a roll in one
//! place never shifts the rolls of another.

use super::{Dice, DiceSource, Purpose, SourceKind};
use crate::error::SourceError;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

#[derive(Debug, Clone)]
pub struct SeededSource {
    seed: u64,
    key: ChaCha8Rng,
    scope: u64,
    /// The streams opened in the current scope, by purpose hash: the first `open` of them. The
    /// rest are left from earlier scopes, and the next streams opened are written over them, so
    /// a long simulation allocates nothing after its first actions.
    streams: Vec<(u64, ChaCha8Rng)>,
    open: usize,
}

impl SeededSource {
    pub fn new(seed: u64) -> Self {
        // The key is expanded from the seed with SplitMix64, written out here so the mapping
        // from seed to key is fixed by this crate and not by a dependency's default.
        let mut state = seed;
        let mut key = [0u8; 32];
        for chunk in key.chunks_mut(8) {
            chunk.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
        }
        SeededSource {
            seed,
            key: ChaCha8Rng::from_seed(key),
            scope: 0,
            streams: Vec::new(),
            open: 0,
        }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    fn stream(&mut self, tag: &str) -> &mut ChaCha8Rng {
        let h = purpose_hash(tag);
        let at = match self.streams[..self.open].iter().position(|(k, _)| *k == h) {
            Some(i) => i,
            None => {
                if self.open == self.streams.len() {
                    self.streams.push((h, self.key.clone()));
                } else {
                    // A fresh copy of the key: one that has generated nothing yet takes its new
                    // stream number without generating a block for the old one first.
                    self.streams[self.open].1.clone_from(&self.key);
                }
                let (k, rng) = &mut self.streams[self.open];
                *k = h;
                let mut mix = self.scope ^ h.rotate_left(32);
                rng.set_stream(splitmix64(&mut mix));
                rng.set_word_pos(0);
                self.open += 1;
                self.open - 1
            }
        };
        &mut self.streams[at].1
    }
}

impl DiceSource for SeededSource {
    fn roll_into(
        &mut self,
        purpose: &Purpose<'_>,
        dice: Dice,
        faces: &mut Vec<u32>,
    ) -> Result<(), SourceError> {
        faces.clear();
        let rng = self.stream(purpose.tag);
        for _ in 0..dice.count {
            faces.push(uniform(rng, dice.sides));
        }
        Ok(())
    }

    fn roll_total(&mut self, purpose: &Purpose<'_>, dice: Dice) -> Result<i64, SourceError> {
        let rng = self.stream(purpose.tag);
        let mut total = 0i64;
        for _ in 0..dice.count {
            total += i64::from(uniform(rng, dice.sides));
        }
        Ok(total)
    }

    fn begin_scope(&mut self, scope: u64) {
        if scope != self.scope || self.open != 0 {
            self.scope = scope;
            self.open = 0;
        }
    }

    fn kind(&self) -> SourceKind {
        SourceKind::Seeded
    }
}

/// A uniform face in 1..=sides by Lemire's multiply-and-reject method. Written here rather than
/// taken from `rand`, whose sampling algorithms may change between versions: replays must give
/// the same faces for as long as a save exists.
#[inline]
pub(crate) fn uniform(rng: &mut impl RngCore, sides: u32) -> u32 {
    let s = u64::from(sides);
    let mut m = u64::from(rng.next_u32()) * s;
    if (m as u32) < sides {
        let threshold = sides.wrapping_neg() % sides;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * s;
        }
    }
    (m >> 32) as u32 + 1
}

/// SplitMix64: a fixed, well-known 64-bit mixer used to expand seeds and mix stream numbers.
pub(crate) fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// FNV-1a over the purpose's bytes. `std`'s `Hash` is not promised to be stable across Rust
/// versions, and the stream of a purpose must never change.
pub(crate) fn purpose_hash(tag: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in tag.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}
