//! # fireteam-dice
//!
//! The dice engine of fireteam: a small dice language (`docs/dice.md`), exact distributions with
//! arbitrary-precision counts, rolls that show every face, and the dice sources that every rule
//! of every system rolls through.
//!
//! ```
//! use fireteam_dice::{parse, exact, fraction_string};
//! let attack = parse("3d6 <= 12").unwrap();
//! let odds = exact(&attack).unwrap();
//! assert_eq!(fraction_string(&odds.probability_true()), "20/27");
//! ```
//!
//! Rolling with a seed, with faces recorded:
//!
//! ```
//! use fireteam_dice::{parse, roll, SeededSource};
//! let expr = parse("4d6kh3").unwrap();
//! let rolled = roll(&expr, &mut SeededSource::new(7)).unwrap();
//! assert_eq!(rolled.rolls[0].faces.len(), 4);
//! assert!((3..=18).contains(&rolled.value));
//! ```

pub mod ast;
mod dist;
mod distribution;
pub mod error;
mod exact;
mod lexer;
mod parser;
mod pool;
mod roll;
mod sample;
pub mod source;
mod weight;

pub use distribution::{fraction_string, to_f64, Distribution};
pub use error::{ExprError, ExprErrorKind, SourceError, Span};
pub use exact::{exact, exact_with, Limits, DEFAULT_BUDGET};
pub use parser::{parse, Parsed};
pub use roll::{roll, ExprRoller, RollError, Rolled, TermRoll};
pub use sample::{sample, Sampled};
pub use source::{
    enumerate, enumerate_plain_within, enumerate_within, Checkpoint, Dice, DiceSource, Enumerated,
    Enumerator, Key, ManualSource, Purpose, RollRecord, ScriptedSource, SeededSource, SourceKind,
    MAX_PATHS,
};

/// Exact pool distributions, for rule code and benchmarks that want them without parsing.
pub mod pools {
    use crate::distribution::Distribution;
    use crate::pool;
    use num_bigint::BigUint;

    /// The exact distribution of the sum of `count` dice of `sides` sides.
    pub fn sum(count: u32, sides: u32) -> Distribution {
        match pool::sum_of_dice::<u128>(count, sides) {
            Ok(d) => Distribution::from_dist(&d),
            Err(_) => Distribution::from_dist(
                &pool::sum_of_dice::<BigUint>(count, sides)
                    .unwrap_or_else(|_| unreachable!("BigUint counts do not overflow")),
            ),
        }
    }
}
