//! Where every random number of a batch comes from. Each battle's dice and each side's AI get
//! their own seed, derived from the run seed and the battle index only, so a battle plays the
//! same whichever thread, shard or machine runs it, and an AI that draws an extra number never
//! shifts a roll.

use fireteam_ai::rng::derive_seed;
use fireteam_engine::SideId;

/// The dice seed of battle `index` in a run seeded `seed`.
pub fn dice_seed(seed: u64, index: u64) -> u64 {
    derive_seed(seed, index, 0)
}

/// The seed of `side`'s AI policy in battle `index`.
pub fn ai_seed(seed: u64, index: u64, side: SideId) -> u64 {
    derive_seed(seed, index, 1 + u64::from(side))
}
