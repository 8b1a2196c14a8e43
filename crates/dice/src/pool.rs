//! Exact distributions of dice pools: the sum of N dice, and the sum of the highest or lowest K.

use crate::dist::{Dist, EvalError};
use crate::weight::Weight;

/// The number of weight operations [`sum_of_dice`] performs, for the work budget.
pub fn sum_cost(count: u32, sides: u32) -> u64 {
    let n = u64::from(count);
    let s = u64::from(sides);
    // Each of the n steps sweeps about half of its (step·(s−1)+1)-long row.
    n * (n * s.saturating_sub(1) / 2 + 1) + s
}

/// The distribution of the sum of `count` dice numbered 1..=sides.
///
/// Multiplies the generating polynomial by (x + … + x^s) once per die with a sliding-window sum,
/// so each step costs one addition and one subtraction per coefficient; the row is symmetric, so
/// only half of it is computed.
pub fn sum_of_dice<W: Weight>(count: u32, sides: u32) -> Result<Dist<W>, EvalError> {
    let s = sides as usize;
    if s == 1 || count == 0 {
        return Ok(Dist::constant(i64::from(count)));
    }
    let mut cur: Vec<W> = vec![W::one(); s];
    let mut next: Vec<W> = Vec::new();
    for _ in 1..count {
        let len = cur.len() + s - 1;
        next.clear();
        next.reserve(len);
        let mut acc = W::zero();
        let half = len.div_ceil(2);
        for k in 0..half {
            if k < cur.len() {
                acc.add_assign(&cur[k])?;
            }
            if k >= s {
                acc.sub_assign(&cur[k - s]);
            }
            next.push(acc.clone());
        }
        for k in half..len {
            next.push(next[len - 1 - k].clone());
        }
        std::mem::swap(&mut cur, &mut next);
    }
    Ok(Dist::from_dense(i64::from(count), cur)?)
}

/// The number of weight operations [`keep_dice`] performs, for the work budget.
pub fn keep_cost(count: u32, sides: u32, keep: u32) -> u64 {
    let (n, s, k) = (u64::from(count), u64::from(sides), u64::from(keep));
    s.saturating_mul(k)
        .saturating_mul(n + 1)
        .saturating_mul(k * s + 1)
}

/// The distribution of the sum of the highest (or lowest) `keep` of `count` dice.
///
/// Walks the faces from best to worst, deciding how many dice show each face. The state is
/// (dice placed so far, sum kept so far) with placements weighted by binomial coefficients.
/// Once `keep` dice are placed the sum is settled, and the dice still unplaced may show any of
/// the remaining worse faces, so that path is finished at once with weight r^(dice left).
pub fn keep_dice<W: Weight>(
    count: u32,
    sides: u32,
    keep: u32,
    highest: bool,
) -> Result<Dist<W>, EvalError> {
    if keep >= count {
        return sum_of_dice(count, sides);
    }
    let (n, k, s) = (count as usize, keep as usize, sides as usize);
    let max_sum = k * s;
    // dp[m][sum]: ways with m < k dice placed on the faces seen so far.
    let mut dp: Vec<Vec<W>> = vec![vec![W::zero(); max_sum + 1]; k];
    dp[0][0] = W::one();
    let mut fin: Vec<W> = vec![W::zero(); max_sum + 1];
    let mut binom: Vec<W> = Vec::with_capacity(n + 1);
    let mut powers: Vec<W> = Vec::with_capacity(n + 1);
    for step in 0..s {
        let face = if highest { s - step } else { step + 1 };
        let rest = (s - step - 1) as u64; // faces still to come
        powers.clear();
        powers.push(W::one());
        let r = W::from_u64(rest);
        for e in 1..=n {
            let p = powers[e - 1].mul(&r)?;
            powers.push(p);
        }
        let mut new_dp: Vec<Vec<W>> = vec![vec![W::zero(); max_sum + 1]; k];
        for (m, row) in dp.iter().enumerate() {
            let free = n - m; // dice not yet placed
            binomial_row(free, &mut binom)?;
            for (sum, ways) in row.iter().enumerate() {
                if ways.is_zero() {
                    continue;
                }
                for (c, binom_c) in binom.iter().enumerate() {
                    let placed = m + c;
                    let kept = c.min(k - m);
                    let new_sum = sum + face * kept;
                    let w = ways.mul(binom_c)?;
                    if placed >= k {
                        let w = w.mul(&powers[n - placed])?;
                        fin[new_sum].add_assign(&w)?;
                    } else {
                        new_dp[placed][new_sum].add_assign(&w)?;
                    }
                }
            }
        }
        dp = new_dp;
    }
    Ok(Dist::from_dense(0, fin)?)
}

/// Fills `row` with C(n, 0..=n).
fn binomial_row<W: Weight>(n: usize, row: &mut Vec<W>) -> Result<(), EvalError> {
    row.clear();
    row.push(W::one());
    for c in 0..n {
        // C(n, c+1) = C(n, c) · (n − c) / (c + 1), exact at every step.
        let next = row[c]
            .mul(&W::from_u64((n - c) as u64))?
            .div_exact(&W::from_u64(c as u64 + 1));
        row.push(next);
    }
    Ok(())
}
