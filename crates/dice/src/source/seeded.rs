//! The seeded source: ChaCha8, a portable generator with documented, value-stable output, keyed
//! by the seed. Each (scope, purpose) pair reads its own ChaCha stream, so adding a roll in one
//! place never shifts the rolls of another.
//!
//! The generator is written out here ([`block`]), one 64-byte block at a time: a dice roll
//! reads a few words of a stream, and a stream is opened for every purpose of every action, so
//! opening one must cost nothing but its number and its first block. Its words are those of
//! `rand_chacha`'s `ChaCha8Rng` keyed with the same 32 bytes, set to the same stream and read
//! from word 0 (the tests compare the two), which is what this source used before.

use super::{Dice, DiceSource, Purpose, SourceKind};
use crate::error::SourceError;

#[derive(Debug, Clone)]
pub struct SeededSource {
    seed: u64,
    /// The ChaCha key, as the little-endian words of the 32 bytes expanded from the seed.
    key: [u32; 8],
    scope: u64,
    /// The streams opened in the current scope: the first `open` of them. The rest are left
    /// from earlier scopes, and the next streams opened are written over them, so a long
    /// simulation allocates nothing after its first actions.
    streams: Vec<Stream>,
    open: usize,
}

/// One ChaCha8 stream: the words of blocks 0, 1, 2, … of (key, stream number), in order.
#[derive(Debug, Clone)]
struct Stream {
    /// The purpose's hash, which names the stream in its scope.
    tag: u64,
    number: u64,
    /// The block that `words` will hold next.
    block: u64,
    words: [u32; 16],
    /// The next word of `words` to read; 16 when they are used up.
    next: usize,
}

impl Stream {
    #[inline]
    fn next_u32(&mut self, key: &[u32; 8]) -> u32 {
        if self.next >= 16 {
            self.refill(key);
        }
        let w = self.words[self.next];
        self.next += 1;
        w
    }

    #[inline(never)]
    fn refill(&mut self, key: &[u32; 8]) {
        self.words = block(key, self.block, self.number);
        self.block = self.block.wrapping_add(1);
        self.next = 0;
    }
}

impl SeededSource {
    pub fn new(seed: u64) -> Self {
        // The key is expanded from the seed with SplitMix64, written out here so the mapping
        // from seed to key is fixed by this crate and not by a dependency's default.
        let mut state = seed;
        let mut key = [0u32; 8];
        for pair in key.chunks_mut(2) {
            let k = splitmix64(&mut state);
            pair[0] = k as u32;
            pair[1] = (k >> 32) as u32;
        }
        SeededSource {
            seed,
            key,
            scope: 0,
            streams: Vec::new(),
            open: 0,
        }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The stream of `tag` in the current scope, opened on first use.
    fn stream(&mut self, tag: &str) -> usize {
        let h = purpose_hash(tag);
        if let Some(i) = self.streams[..self.open].iter().position(|s| s.tag == h) {
            return i;
        }
        let mut mix = self.scope ^ h.rotate_left(32);
        let number = splitmix64(&mut mix);
        if self.open == self.streams.len() {
            self.streams.push(Stream {
                tag: h,
                number,
                block: 0,
                words: [0; 16],
                next: 16,
            });
        } else {
            // The slot's old words are never read: `next` says they are used up.
            let s = &mut self.streams[self.open];
            (s.tag, s.number, s.block, s.next) = (h, number, 0, 16);
        }
        self.open += 1;
        self.open - 1
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
        let at = self.stream(purpose.tag);
        let (key, rng) = (&self.key, &mut self.streams[at]);
        for _ in 0..dice.count {
            faces.push(uniform(|| rng.next_u32(key), dice.sides));
        }
        Ok(())
    }

    fn roll_total(&mut self, purpose: &Purpose<'_>, dice: Dice) -> Result<i64, SourceError> {
        let at = self.stream(purpose.tag);
        let (key, rng) = (&self.key, &mut self.streams[at]);
        let mut total = 0i64;
        for _ in 0..dice.count {
            total += i64::from(uniform(|| rng.next_u32(key), dice.sides));
        }
        Ok(total)
    }

    fn roll_each(
        &mut self,
        purpose: &Purpose<'_>,
        sides: u32,
        faces: &mut [u32],
    ) -> Result<(), SourceError> {
        let at = self.stream(purpose.tag);
        let (key, rng) = (&self.key, &mut self.streams[at]);
        for f in faces {
            *f = uniform(|| rng.next_u32(key), sides);
        }
        Ok(())
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

/// A uniform face in 1..=sides by Lemire's multiply-and-reject method, from the words `next`
/// gives. Written here rather than taken from `rand`, whose sampling algorithms may change
/// between versions: replays must give the same faces for as long as a save exists.
#[inline]
pub(crate) fn uniform(mut next: impl FnMut() -> u32, sides: u32) -> u32 {
    let s = u64::from(sides);
    let mut m = u64::from(next()) * s;
    if (m as u32) < sides {
        let threshold = sides.wrapping_neg() % sides;
        while (m as u32) < threshold {
            m = u64::from(next()) * s;
        }
    }
    (m >> 32) as u32 + 1
}

/// Block `counter` of ChaCha8 (Bernstein's ChaCha with 8 rounds, a 64-bit block counter and a
/// 64-bit stream number) under `key`: the 16 words of its output, in order.
pub(crate) fn block(key: &[u32; 8], counter: u64, stream: u64) -> [u32; 16] {
    type Row = [u32; 4];
    #[inline(always)]
    fn add(a: Row, b: Row) -> Row {
        [
            a[0].wrapping_add(b[0]),
            a[1].wrapping_add(b[1]),
            a[2].wrapping_add(b[2]),
            a[3].wrapping_add(b[3]),
        ]
    }
    #[inline(always)]
    fn xor_rotate(a: Row, b: Row, n: u32) -> Row {
        [
            (a[0] ^ b[0]).rotate_left(n),
            (a[1] ^ b[1]).rotate_left(n),
            (a[2] ^ b[2]).rotate_left(n),
            (a[3] ^ b[3]).rotate_left(n),
        ]
    }
    /// The four quarter rounds on the columns of the rows.
    #[inline(always)]
    fn quarters(a: &mut Row, b: &mut Row, c: &mut Row, d: &mut Row) {
        *a = add(*a, *b);
        *d = xor_rotate(*d, *a, 16);
        *c = add(*c, *d);
        *b = xor_rotate(*b, *c, 12);
        *a = add(*a, *b);
        *d = xor_rotate(*d, *a, 8);
        *c = add(*c, *d);
        *b = xor_rotate(*b, *c, 7);
    }
    let a0: Row = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];
    let b0: Row = [key[0], key[1], key[2], key[3]];
    let c0: Row = [key[4], key[5], key[6], key[7]];
    let d0: Row = [
        counter as u32,
        (counter >> 32) as u32,
        stream as u32,
        (stream >> 32) as u32,
    ];
    let (mut a, mut b, mut c, mut d) = (a0, b0, c0, d0);
    // Four double rounds: the columns, then the diagonals (the rows turned so that each
    // diagonal stands in one column, and turned back).
    for _ in 0..4 {
        quarters(&mut a, &mut b, &mut c, &mut d);
        b = [b[1], b[2], b[3], b[0]];
        c = [c[2], c[3], c[0], c[1]];
        d = [d[3], d[0], d[1], d[2]];
        quarters(&mut a, &mut b, &mut c, &mut d);
        b = [b[3], b[0], b[1], b[2]];
        c = [c[2], c[3], c[0], c[1]];
        d = [d[1], d[2], d[3], d[0]];
    }
    let (a, b, c, d) = (add(a, a0), add(b, b0), add(c, c0), add(d, d0));
    [
        a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3], c[0], c[1], c[2], c[3], d[0], d[1], d[2],
        d[3],
    ]
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

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_core::{RngCore, SeedableRng};

    /// The words of `rand_chacha`'s ChaCha8, keyed and set as this source keyed and set it
    /// before it had a generator of its own.
    fn reference(seed: u64, number: u64, words: usize) -> Vec<u32> {
        let mut state = seed;
        let mut key = [0u8; 32];
        for chunk in key.chunks_mut(8) {
            chunk.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
        }
        let mut rng = ChaCha8Rng::from_seed(key);
        rng.set_stream(number);
        rng.set_word_pos(0);
        (0..words).map(|_| rng.next_u32()).collect()
    }

    #[test]
    fn the_streams_are_rand_chachas_chacha8_word_for_word() {
        let mut mix = 1u64;
        for case in 0..200u64 {
            let seed = if case < 3 { case } else { splitmix64(&mut mix) };
            let number = match case % 4 {
                0 => 0,
                1 => u64::MAX,
                _ => splitmix64(&mut mix),
            };
            // Past the 4-block buffer of `rand_chacha` and into its next refill.
            let words = 1 + (case as usize * 37) % 300;
            let source = SeededSource::new(seed);
            let mut s = Stream {
                tag: 0,
                number,
                block: 0,
                words: [0; 16],
                next: 16,
            };
            let ours: Vec<u32> = (0..words).map(|_| s.next_u32(&source.key)).collect();
            assert_eq!(
                ours,
                reference(seed, number, words),
                "seed {seed}, stream {number}"
            );
        }
    }
}
