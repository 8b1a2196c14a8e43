//! Exact pool odds for the AI, from the number of ways n d6 make each sum: the chance that an
//! attack pool beats its difficulty raised by the defender's dice (DP-SHOOT-01, DP-DODGE-03,
//! DP-G02), and the wounds of Damage Level dice against Pain Resistance and armor dice
//! (DP-DAMAGE-01..03, DP-G05). Counts are integers (`u128`), so every probability is exact until
//! its one conversion to `f64`.
//!
//! Pools are counted up to [`MAX_DICE`] dice; a larger pool is counted as [`MAX_DICE`] (20 dice
//! make any difficulty of the book raised by two dodge dice, 30 + 12, with certainty or nearly).

use std::cell::RefCell;
use std::sync::OnceLock;

/// The largest pool counted: the ways of two such pools, times their greatest difference
/// (6^40 · 120), still fit a `u128`.
pub const MAX_DICE: usize = 20;

/// `ways(n)[s]`: the ways n d6 sum to s (0 ≤ s ≤ 6n).
fn ways(n: usize) -> &'static [u128] {
    static TABLE: OnceLock<Vec<Vec<u128>>> = OnceLock::new();
    &TABLE.get_or_init(|| {
        let mut t: Vec<Vec<u128>> = vec![vec![1]];
        for n in 1..=MAX_DICE {
            let prev = &t[n - 1];
            let mut next = vec![0u128; 6 * n + 1];
            for (s, &w) in prev.iter().enumerate() {
                if w == 0 {
                    continue;
                }
                for face in 1..=6 {
                    next[s + face] += w;
                }
            }
            t.push(next);
        }
        t
    })[n.min(MAX_DICE)]
}

fn dice(n: i32) -> usize {
    (n.max(0) as usize).min(MAX_DICE)
}

/// 6^n.
fn outcomes(n: usize) -> u128 {
    6u128.pow(n as u32)
}

/// The ways n d6 make at least `t`.
fn ways_at_least(n: usize, t: i64) -> u128 {
    let w = ways(n);
    let from = t.max(0) as usize;
    if from >= w.len() {
        return 0;
    }
    w[from..].iter().sum()
}

/// The chance that `pool` d6 make the difficulty `base` raised by `defense` d6 (total ≥
/// difficulty, or > with `strict`, DP-G02). A pool of 0 or fewer dice fails (DP-G15).
pub fn p_hit(pool: i32, base: i64, defense: i32, strict: bool) -> f64 {
    thread_local! {
        static MEMO: RefCell<Memo<(i32, i64, i32, bool), f64>> = RefCell::default();
    }
    if pool <= 0 {
        return 0.0;
    }
    let key = (pool, base, defense, strict);
    if let Some(p) = MEMO.with(|m| m.borrow().get(&key).copied()) {
        return p;
    }
    let p = count_hits(pool, base, defense, strict);
    MEMO.with(|m| m.borrow_mut().insert(key, p));
    p
}

fn count_hits(pool: i32, base: i64, defense: i32, strict: bool) -> f64 {
    let (k, n) = (dice(pool), dice(defense));
    let mut hits: u128 = 0;
    for (d, &w) in ways(n).iter().enumerate() {
        if w != 0 {
            hits += w * ways_at_least(k, base + d as i64 + i64::from(strict));
        }
    }
    hits as f64 / outcomes(k + n) as f64
}

/// The chance of each number of wounds of `dl` Damage Level dice against `pr` Pain Resistance
/// (and armor) dice and `flat` armor points: `max(0, DL − PR − flat)` (DP-DAMAGE-01, DP-G22),
/// index = wounds. Kept per thread, by its three numbers.
pub fn with_wounds<T>(dl: i32, pr: i32, flat: i32, f: impl FnOnce(&[f64]) -> T) -> T {
    thread_local! {
        static MEMO: RefCell<Memo<(i32, i32, i32), Vec<f64>>> = RefCell::default();
    }
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        let d = m
            .entry((dl, pr, flat))
            .or_insert_with(|| wounds(dice(dl), dice(pr), flat));
        f(d)
    })
}

fn wounds(dl: usize, pr: usize, flat: i32) -> Vec<f64> {
    let (a, b) = (ways(dl), ways(pr));
    let mut counts = vec![0u128; a.len().max(1)];
    for (x, &wa) in a.iter().enumerate() {
        if wa == 0 {
            continue;
        }
        for (y, &wb) in b.iter().enumerate() {
            if wb == 0 {
                continue;
            }
            let w = (x as i64 - y as i64 - i64::from(flat)).max(0) as usize;
            counts[w] += wa * wb;
        }
    }
    while counts.len() > 1 && counts.last() == Some(&0) {
        counts.pop();
    }
    let total = outcomes(dl + pr) as f64;
    counts.iter().map(|&c| c as f64 / total).collect()
}

/// The mean wounds of `dl` dice against `pr` dice and `flat` points, exact until its
/// conversion to `f64`. Kept per thread.
pub fn mean_wounds(dl: i32, pr: i32, flat: i32) -> f64 {
    thread_local! {
        static MEMO: RefCell<Memo<(i32, i32, i32), f64>> = RefCell::default();
    }
    if let Some(v) = MEMO.with(|m| m.borrow().get(&(dl, pr, flat)).copied()) {
        return v;
    }
    let (dl_n, pr_n) = (dice(dl), dice(pr));
    let (a, b) = (ways(dl_n), ways(pr_n));
    let mut sum: u128 = 0;
    for (x, &wa) in a.iter().enumerate() {
        for (y, &wb) in b.iter().enumerate() {
            let w = (x as i64 - y as i64 - i64::from(flat)).max(0) as u128;
            sum += wa * wb * w;
        }
    }
    let v = sum as f64 / outcomes(dl_n + pr_n) as f64;
    MEMO.with(|m| m.borrow_mut().insert((dl, pr, flat), v));
    v
}

/// A per-thread table of answers by their question.
type Memo<K, V> = rustc_hash::FxHashMap<K, V>;

#[cfg(test)]
mod tests {
    use super::*;

    fn exact(expr: &str) -> f64 {
        let d = fireteam_dice::exact(&fireteam_dice::parse(expr).unwrap()).unwrap();
        fireteam_dice::to_f64(&d.mean())
    }

    #[test]
    fn the_counts_give_the_dice_languages_exact_odds() {
        for pool in [1, 3, 6, 9] {
            for base in [5, 10, 15, 20] {
                for defense in 0..=2 {
                    for strict in [false, true] {
                        let cmp = if strict { ">" } else { ">=" };
                        let d = if defense > 0 {
                            format!(" + {defense}d6")
                        } else {
                            String::new()
                        };
                        let want = exact(&format!("{pool}d6 {cmp} {base}{d}"));
                        let got = p_hit(pool, base, defense, strict);
                        assert!((got - want).abs() < 1e-12, "{pool} {base} {defense}");
                    }
                }
            }
        }
        for (dl, pr, flat) in [(3, 2, 0), (5, 4, 0), (4, 3, 1), (7, 0, 2), (0, 3, 0)] {
            let p = if pr > 0 {
                format!(" - {pr}d6")
            } else {
                String::new()
            };
            let dlx = if dl > 0 {
                format!("{dl}d6")
            } else {
                "0".into()
            };
            let want = exact(&format!("max(0, {dlx}{p} - {flat})"));
            assert!((mean_wounds(dl, pr, flat) - want).abs() < 1e-12);
            let by_dist = with_wounds(dl, pr, flat, |d| {
                d.iter().enumerate().map(|(w, p)| w as f64 * p).sum::<f64>()
            });
            assert!((by_dist - want).abs() < 1e-12);
            let total: f64 = with_wounds(dl, pr, flat, |d| d.iter().sum());
            assert!((total - 1.0).abs() < 1e-12);
        }
    }
}
