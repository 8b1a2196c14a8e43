//! Exact evaluation of a parsed expression into a distribution.
//!
//! Every subexpression is evaluated in an environment where each `let`-bound name holds one
//! known value: `let x = A in B` evaluates B once per outcome of A and mixes the results. So all
//! distributions being combined are independent, and a bound roll is the same roll everywhere.

use crate::ast::{BinOp, DiceTerm, Expr, ExprKind, Func};
use crate::dist::{Cmp, Dist, EvalError};
use crate::distribution::Distribution;
use crate::error::{ExprError, ExprErrorKind, Span};
use crate::parser::Parsed;
use crate::pool;
use crate::weight::Weight;
use num_bigint::BigUint;
use std::collections::HashMap;

/// The default bound on the work of one exact evaluation, in weight operations (about a few
/// seconds at worst). Larger questions are refused with a message, never approximated silently.
pub const DEFAULT_BUDGET: u64 = 400_000_000;

/// Limits on exact evaluation.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Weight operations allowed (additions and multiplications of counts).
    pub budget: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            budget: DEFAULT_BUDGET,
        }
    }
}

/// The exact distribution of `parsed`, within the default limits.
pub fn exact(parsed: &Parsed) -> Result<Distribution, ExprError> {
    exact_with(parsed, Limits::default())
}

/// The exact distribution of `parsed`. Runs with `u128` counts first and again with
/// arbitrary-precision counts if any count overflows.
pub fn exact_with(parsed: &Parsed, limits: Limits) -> Result<Distribution, ExprError> {
    match Evaluator::<u128>::new(parsed, limits).run() {
        Ok(d) => return Ok(Distribution::from_dist(&d)),
        Err(EvalError::Expr(e)) => return Err(*e),
        Err(EvalError::Overflow) => {}
    }
    match Evaluator::<BigUint>::new(parsed, limits).run() {
        Ok(d) => Ok(Distribution::from_dist(&d)),
        Err(EvalError::Expr(e)) => Err(*e),
        // BigUint never overflows; keep the arm total all the same.
        Err(EvalError::Overflow) => Err(ExprError::new(
            ExprErrorKind::TooComplex,
            &parsed.source,
            parsed.expr.span,
            "the counts grew too large",
            "this expression",
            None,
        )),
    }
}

struct Evaluator<'p, W> {
    parsed: &'p Parsed,
    spent: u64,
    budget: u64,
    /// Dice terms are evaluated once each, however often a `let` revisits them.
    cache: HashMap<DiceTerm, Dist<W>>,
}

impl<'p, W: Weight> Evaluator<'p, W> {
    fn new(parsed: &'p Parsed, limits: Limits) -> Self {
        Evaluator {
            parsed,
            spent: 0,
            budget: limits.budget,
            cache: HashMap::new(),
        }
    }

    fn run(&mut self) -> Result<Dist<W>, EvalError> {
        let mut env = Vec::new();
        let expr = &self.parsed.expr;
        self.eval(expr, &mut env)
    }

    fn err(
        &self,
        kind: ExprErrorKind,
        span: Span,
        msg: impl Into<String>,
        label: &str,
        help: Option<String>,
    ) -> EvalError {
        ExprError::new(kind, &self.parsed.source, span, msg, label, help).into()
    }

    /// Charges `ops` weight operations against the budget, scaled by the size of the counts.
    fn charge(&mut self, ops: u64, words: usize, span: Span) -> Result<(), EvalError> {
        self.spent = self
            .spent
            .saturating_add(ops.saturating_mul(words.max(1) as u64));
        if self.spent > self.budget {
            return Err(self.err(
                ExprErrorKind::TooComplex,
                span,
                format!(
                    "too large to compute exactly: more than {} operations (the bound is {})",
                    self.spent, self.budget
                ),
                "the work grows past the bound here",
                Some(
                    "ask for an estimate by sampling instead (fireteam odds --sample 1000000), \
                     or simplify the expression"
                        .into(),
                ),
            ));
        }
        Ok(())
    }

    fn overflow(&self, span: Span) -> EvalError {
        self.err(
            ExprErrorKind::ValueOverflow,
            span,
            "a value of this expression leaves the 64-bit integer range",
            "overflows here",
            Some("use smaller numbers".into()),
        )
    }

    fn eval(&mut self, e: &Expr, env: &mut Vec<i64>) -> Result<Dist<W>, EvalError> {
        match &e.kind {
            ExprKind::Int(n) => Ok(Dist::constant(*n)),
            ExprKind::Var { slot, .. } => Ok(Dist::constant(env[*slot])),
            ExprKind::Dice(term) => self.dice(*term, e.span),
            ExprKind::Neg(inner) => {
                let d = self.eval(inner, env)?;
                self.charge(d.len() as u64, 1, e.span)?;
                d.map(|v| v.checked_neg().ok_or_else(|| self.overflow(e.span)))
            }
            ExprKind::Not(inner) => {
                let d = self.eval(inner, env)?;
                d.map(|v| Ok(i64::from(v == 0)))
            }
            ExprKind::Call(func, args) => self.call(*func, args, e.span, env),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, e.span, env),
            ExprKind::Let { value, body, .. } => {
                let v = self.eval(value, env)?;
                let slot = env.len();
                if !body.uses_slot(slot) {
                    env.push(0);
                    let r = self.eval(body, env);
                    env.pop();
                    return r;
                }
                let mut parts = Vec::with_capacity(v.len());
                for (x, w) in v.values.iter().zip(&v.weights) {
                    self.charge(1, 1, e.span)?;
                    env.push(*x);
                    let r = self.eval(body, env);
                    env.pop();
                    let part = r?;
                    self.charge(part.len() as u64, part.total.words(), e.span)?;
                    parts.push((w.clone(), part));
                }
                Dist::mix(&parts)
            }
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => {
                let c = self.eval(cond, env)?;
                let mut truth = W::zero();
                let mut falsity = W::zero();
                for (v, w) in c.values.iter().zip(&c.weights) {
                    if *v != 0 {
                        truth.add_assign(w)?;
                    } else {
                        falsity.add_assign(w)?;
                    }
                }
                // Only the branches that can happen are evaluated, so a guarded division by
                // zero is not an error.
                if falsity.is_zero() {
                    return self.eval(then, env);
                }
                if truth.is_zero() {
                    return self.eval(otherwise, env);
                }
                let t = self.eval(then, env)?;
                let f = self.eval(otherwise, env)?;
                self.charge((t.len() + f.len()) as u64, t.total.words(), e.span)?;
                Dist::mix(&[(truth, t), (falsity, f)])
            }
        }
    }

    fn dice(&mut self, term: DiceTerm, span: Span) -> Result<Dist<W>, EvalError> {
        if let Some(d) = self.cache.get(&term) {
            return Ok(d.clone());
        }
        let sides = term.die.sides();
        // Counts of n dice span about n·log2(sides) bits.
        let words = (f64::from(term.count) * f64::from(sides).log2() / 64.0).ceil() as usize;
        let d = match term.keep {
            None => {
                self.charge(pool::sum_cost(term.count, sides), words, span)?;
                pool::sum_of_dice(term.count, sides)?
            }
            Some(k) => {
                self.charge(pool::keep_cost(term.count, sides, k.count), words, span)?;
                pool::keep_dice(term.count, sides, k.count, k.highest)?
            }
        };
        self.cache.insert(term, d.clone());
        Ok(d)
    }

    fn call(
        &mut self,
        func: Func,
        args: &[Expr],
        span: Span,
        env: &mut Vec<i64>,
    ) -> Result<Dist<W>, EvalError> {
        let mut acc = self.eval(&args[0], env)?;
        if func == Func::Abs {
            return acc.map(|v| v.checked_abs().ok_or_else(|| self.overflow(span)));
        }
        for arg in &args[1..] {
            let d = self.eval(arg, env)?;
            self.charge((acc.len() * d.len()) as u64, acc.total.words(), span)?;
            acc = match func {
                Func::Min => acc.combine(&d, |a, b| Ok(a.min(b)))?,
                _ => acc.combine(&d, |a, b| Ok(a.max(b)))?,
            };
        }
        Ok(acc)
    }

    fn binary(
        &mut self,
        op: BinOp,
        a: &Expr,
        b: &Expr,
        span: Span,
        env: &mut Vec<i64>,
    ) -> Result<Dist<W>, EvalError> {
        let da = self.eval(a, env)?;
        // `and` / `or` skip their right side when the left side already decides.
        if op.is_logical() {
            if let Some(v) = da.as_constant() {
                let decided = if op == BinOp::And { v == 0 } else { v != 0 };
                if decided {
                    return Ok(Dist::constant(i64::from(v != 0)));
                }
                let db = self.eval(b, env)?;
                return db.map(|x| Ok(i64::from(x != 0)));
            }
        }
        let db = self.eval(b, env)?;
        let words = da.total.words() + db.total.words();
        if op.is_comparison() {
            self.charge((da.len() + db.len()) as u64, words, span)?;
            let cmp = match op {
                BinOp::Lt => Cmp::Lt,
                BinOp::Le => Cmp::Le,
                BinOp::Gt => Cmp::Gt,
                BinOp::Ge => Cmp::Ge,
                BinOp::Eq => Cmp::Eq,
                _ => Cmp::Ne,
            };
            return da.compare(&db, cmp);
        }
        self.charge((da.len() * db.len()) as u64, words, span)?;
        match op {
            BinOp::Add | BinOp::Sub => {
                let negate = op == BinOp::Sub;
                let (lo, hi) = if negate {
                    (
                        da.min().checked_sub(db.max()),
                        da.max().checked_sub(db.min()),
                    )
                } else {
                    (
                        da.min().checked_add(db.min()),
                        da.max().checked_add(db.max()),
                    )
                };
                if lo.is_none() || hi.is_none() {
                    return Err(self.overflow(span));
                }
                da.add_scaled(&db, negate)
            }
            BinOp::Mul => da.combine(&db, |x, y| {
                x.checked_mul(y).ok_or_else(|| self.overflow(span))
            }),
            BinOp::DivFloor | BinOp::DivCeil => {
                if db.weight_of(0) != W::zero() {
                    return Err(self.err(
                        ExprErrorKind::DivisionByZero,
                        b.span,
                        if db.as_constant() == Some(0) {
                            "division by zero".to_string()
                        } else {
                            "division by zero: the divisor can be 0".to_string()
                        },
                        "this divisor can be 0",
                        Some(
                            "guard the division, e.g. let d = EXPR in if d == 0 then 0 else X / d"
                                .into(),
                        ),
                    ));
                }
                let ceil = op == BinOp::DivCeil;
                da.combine(&db, |x, y| {
                    divide(x, y, ceil).ok_or_else(|| self.overflow(span))
                })
            }
            BinOp::And => da.combine(&db, |x, y| Ok(i64::from(x != 0 && y != 0))),
            BinOp::Or => da.combine(&db, |x, y| Ok(i64::from(x != 0 || y != 0))),
            _ => unreachable!("comparisons are handled above"),
        }
    }
}

/// Integer division rounding down (`ceil == false`) or up; `None` on overflow. `y != 0`.
pub fn divide(x: i64, y: i64, ceil: bool) -> Option<i64> {
    let q = x.checked_div(y)?;
    let r = x.checked_rem(y)?;
    if r == 0 {
        return Some(q);
    }
    // Truncation went toward zero; the exact quotient lies between q and q ± 1.
    let exact_is_negative = (r < 0) != (y < 0);
    Some(match (ceil, exact_is_negative) {
        (false, true) => q - 1,
        (true, false) => q + 1,
        _ => q,
    })
}
