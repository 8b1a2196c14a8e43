//! Merged enumeration (sums rolled by their totals, equal checkpoints answered from the first
//! path that reached them) gives exactly the outcomes, probabilities and path counts of the plain
//! walk of every sorted multiset of faces.

use fireteam_dice::{
    enumerate_plain_within, enumerate_within, Dice, DiceSource, Enumerated, Enumerator, Key,
    Purpose, SourceError,
};
use proptest::prelude::*;

/// One step of a made-up resolution: roll `count`d`sides` (by its sum, by its faces, or by its
/// total), fold it into the state, and stop when the state passes `stop`.
#[derive(Debug, Clone)]
struct Step {
    count: u32,
    sides: u32,
    how: u8,
    mul: i64,
    stop: i64,
    checkpoint: bool,
}

fn step() -> impl Strategy<Value = Step> {
    (
        1u32..=3,
        2u32..=6,
        0u8..3,
        1i64..=3,
        4i64..=30,
        any::<bool>(),
    )
        .prop_map(|(count, sides, how, mul, stop, checkpoint)| Step {
            count,
            sides,
            how,
            mul,
            stop,
            checkpoint,
        })
}

/// Runs the steps; the outcome is the state, folded so that many paths share one. A
/// checkpoint's key is the step and the state, everything the rest reads.
fn run(steps: &[Step], e: &mut Enumerator, fold: i64) -> Result<i64, SourceError> {
    let mut state = 0i64;
    let mut faces = Vec::new();
    for (i, s) in steps.iter().enumerate() {
        if s.checkpoint {
            e.checkpoint(0, &Key((i, state)))?;
        }
        let dice = Dice::new(s.count, s.sides);
        let mark = e.mark();
        let v = match s.how {
            0 => {
                e.roll_sum_into(&Purpose::new("sum"), dice, &mut faces)?;
                assert_eq!(faces.len(), s.count as usize);
                assert!(faces.iter().all(|&f| (1..=s.sides).contains(&f)));
                faces.iter().map(|&f| i64::from(f)).sum::<i64>()
            }
            1 => {
                e.roll_into(&Purpose::new("faces"), dice, &mut faces)?;
                // The faces matter one by one: the highest counts double.
                let hi = i64::from(*faces.iter().max().unwrap());
                faces.iter().map(|&f| i64::from(f)).sum::<i64>() + hi
            }
            2 => e.roll_total(&Purpose::new("total"), dice)?,
            3 => {
                let class = |t: i64| t / 4;
                class(e.roll_total_classed(&Purpose::new("total-classed"), dice, &class)?)
            }
            _ => {
                // Read only through a class of the sum.
                let class = |t: i64| (t * 5 / 4) % 3;
                e.roll_sum_classed(&Purpose::new("classed"), dice, &mut faces, &class)?;
                class(faces.iter().map(|&f| i64::from(f)).sum::<i64>())
            }
        };
        state = (state + v * s.mul) % fold;
        // The rest reads the roll only through the state: a checkpoint since the mark before
        // the roll needs no more than the step and the state.
        if s.mul == 2 {
            e.checkpoint(mark, &Key((i, "after", state)))?;
        }
        if state > s.stop {
            return Ok(state);
        }
    }
    Ok(state)
}

fn both(steps: &[Step], fold: i64) -> (Enumerated<i64>, Enumerated<i64>) {
    let merged = enumerate_within(1_000_000, |e| run(steps, e, fold)).unwrap();
    let plain = enumerate_plain_within(1_000_000, |e| run(steps, e, fold)).unwrap();
    (merged, plain)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn merged_enumeration_equals_the_plain_walk(
        steps in prop::collection::vec(step(), 1..5),
        fold in 5i64..40,
    ) {
        let (merged, plain) = both(&steps, fold);
        prop_assert_eq!(&merged.outcomes, &plain.outcomes);
        prop_assert_eq!(merged.paths, plain.paths);
        prop_assert!(merged.walked <= plain.walked);
    }
}

#[test]
fn a_sum_branches_on_totals_and_still_counts_every_multiset() {
    let merged = enumerate_within(100, |e| -> Result<i64, SourceError> {
        let mut f = Vec::new();
        e.roll_sum_into(&Purpose::new("to-hit"), Dice::new(3, 6), &mut f)?;
        Ok(f.iter().map(|&x| i64::from(x)).sum())
    })
    .unwrap();
    assert_eq!(merged.walked, 16);
    assert_eq!(merged.paths, 56);
    let exact = fireteam_dice::exact(&fireteam_dice::parse("3d6").unwrap()).unwrap();
    assert_eq!(merged.outcomes, exact.probabilities());
}

/// A burst: to hit on 3d6, then up to three bullets of 2d6 each, the damage added up. The key
/// after each bullet is the bullets left and the damage so far.
fn burst(e: &mut Enumerator) -> Result<i64, SourceError> {
    let mut f = Vec::new();
    e.roll_sum_into(&Purpose::new("to-hit"), Dice::new(3, 6), &mut f)?;
    let total: u32 = f.iter().sum();
    let bullets = if total <= 13 { (14 - total).min(3) } else { 0 };
    let mut damage = 0i64;
    for left in (1..=bullets).rev() {
        e.checkpoint(0, &Key((left, damage)))?;
        e.roll_sum_into(&Purpose::new("damage"), Dice::new(2, 6), &mut f)?;
        damage += f.iter().map(|&x| i64::from(x)).sum::<i64>() - 2;
        if damage >= 16 {
            break;
        }
    }
    Ok(damage)
}

#[test]
fn a_burst_merges_by_bullets_left_and_damage_so_far() {
    let merged = enumerate_within(1_000_000, burst).unwrap();
    let plain = enumerate_plain_within(10_000_000, burst).unwrap();
    assert_eq!(merged.outcomes, plain.outcomes);
    assert_eq!(merged.paths, plain.paths);
    assert!(
        merged.walked * 100 < plain.walked,
        "{} vs {}",
        merged.walked,
        plain.walked
    );
}

#[test]
fn a_resolution_that_swallows_the_answer_is_still_answered() {
    // The resolution ignores the `Answered` error and rolls on: the source refuses every roll
    // after it, and the walk takes the kept distribution whatever the resolution returns.
    let f = |e: &mut Enumerator| -> Result<i64, SourceError> {
        let a = e.roll_total(&Purpose::new("a"), Dice::new(1, 6))?;
        let _ = e.checkpoint(0, &Key(a % 2));
        let b = e
            .roll_total(&Purpose::new("b"), Dice::new(1, 6))
            .unwrap_or(0);
        Ok((a % 2) * 10 + b)
    };
    let merged = enumerate_within(100, f).unwrap();
    let plain = enumerate_plain_within(100, f).unwrap();
    assert_eq!(merged.outcomes, plain.outcomes);
    assert_eq!(merged.paths, 36);
    // Two keys walked in full (6 runs each), then one run for each later face.
    assert_eq!(merged.walked, 6 + 6 + 4);
}

#[test]
fn checkpoints_at_one_depth_nest() {
    let f = |e: &mut Enumerator| -> Result<i64, SourceError> {
        let a = e.roll_total(&Purpose::new("a"), Dice::new(1, 4))?;
        e.checkpoint(0, &Key(("outer", a / 2)))?;
        e.checkpoint(0, &Key(("inner", a / 2)))?;
        let b = e.roll_total(&Purpose::new("b"), Dice::new(2, 3))?;
        e.checkpoint(0, &Key(("after", a / 2, b)))?;
        Ok(a / 2 * 100 + b)
    };
    let merged = enumerate_within(100, f).unwrap();
    let plain = enumerate_plain_within(100, f).unwrap();
    assert_eq!(merged.outcomes, plain.outcomes);
    assert_eq!(merged.paths, plain.paths);
}

#[test]
fn the_limit_counts_the_runs_after_merging() {
    // Ten d6 one at a time, keyed by the running sum: 6^10 paths, a few hundred runs.
    let f = |e: &mut Enumerator| -> Result<i64, SourceError> {
        let mut sum = 0;
        for i in 0..10 {
            e.checkpoint(0, &Key((i, sum)))?;
            sum += e.roll_total(&Purpose::new("d6"), Dice::new(1, 6))?;
        }
        Ok(sum)
    };
    let merged = enumerate_within(2_000, f).unwrap();
    assert_eq!(merged.paths, 6u64.pow(10));
    assert!(merged.walked < 2_000);
    let exact = fireteam_dice::exact(&fireteam_dice::parse("10d6").unwrap()).unwrap();
    assert_eq!(merged.outcomes, exact.probabilities());
    assert!(matches!(
        enumerate_within(100, f),
        Err(SourceError::TooManyPaths { limit: 100 })
    ));
}

#[test]
fn sources_other_than_the_enumerator_roll_sums_as_faces_and_pass_checkpoints() {
    let dice = Dice::new(3, 6);
    let mut a = fireteam_dice::SeededSource::new(42);
    let mut b = fireteam_dice::SeededSource::new(42);
    let (mut fa, mut fb) = (Vec::new(), Vec::new());
    for _ in 0..20 {
        a.roll_into(&Purpose::new("x"), dice, &mut fa).unwrap();
        b.checkpoint(0, &Key(1u8)).unwrap();
        b.roll_sum_into(&Purpose::new("x"), dice, &mut fb).unwrap();
        assert_eq!(fa, fb);
    }
    let mut s = fireteam_dice::ScriptedSource::new(vec![6, 1, 3]);
    s.roll_sum_into(&Purpose::new("x"), dice, &mut fa).unwrap();
    assert_eq!(fa, vec![6, 1, 3]);
}

/// After each roll, the code that rolled keeps only whether it passed: a checkpoint since the
/// mark taken before the roll, keyed by the result, merges the roll's branches.
fn checks(e: &mut Enumerator) -> Result<(bool, bool, i64), SourceError> {
    let mut f = Vec::new();
    let mut check = |e: &mut Enumerator, n: u32, target: i64| -> Result<bool, SourceError> {
        let m = e.mark();
        e.roll_sum_into(&Purpose::new("check"), Dice::new(n, 6), &mut f)?;
        let ok = f.iter().map(|&x| i64::from(x)).sum::<i64>() <= target;
        e.checkpoint(m, &Key(("check", ok)))?;
        Ok(ok)
    };
    let a = check(e, 3, 10)?;
    let b = check(e, if a { 2 } else { 4 }, 8)?;
    let extra = if a && b {
        e.roll_total(&Purpose::new("bonus"), Dice::new(2, 6))?
    } else {
        0
    };
    Ok((a, b, extra))
}

#[test]
fn a_checkpoint_since_a_mark_merges_the_branches_of_the_rolls_after_it() {
    let merged = enumerate_within(1_000, checks).unwrap();
    let plain = enumerate_plain_within(100_000, checks).unwrap();
    assert_eq!(merged.outcomes, plain.outcomes);
    assert_eq!(merged.paths, plain.paths);
    assert!(merged.walked < 60, "{}", merged.walked);
}

#[test]
fn a_classed_roll_branches_once_per_class() {
    let f = |e: &mut Enumerator| -> Result<bool, SourceError> {
        let mut faces = Vec::new();
        let class = |t: i64| i64::from(t <= 10);
        e.roll_sum_classed(&Purpose::new("check"), Dice::new(3, 6), &mut faces, &class)?;
        Ok(class(faces.iter().map(|&x| i64::from(x)).sum()) == 1)
    };
    let merged = enumerate_within(100, f).unwrap();
    let plain = enumerate_plain_within(100, f).unwrap();
    assert_eq!(merged.outcomes, plain.outcomes);
    assert_eq!(merged.paths, 56);
    assert_eq!(merged.walked, 2);
}
