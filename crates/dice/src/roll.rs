//! Rolling an expression through a [`DiceSource`]: every dice term is rolled when evaluation
//! reaches it (a `let` rolls once, an `if` rolls only the branch taken), and each roll is kept as
//! a [`TermRoll`] so a person can see every face.

use crate::ast::{BinOp, DiceTerm, Die, Expr, ExprKind, Func};
use crate::error::{ExprError, ExprErrorKind, SourceError, Span};
use crate::exact::divide;
use crate::parser::Parsed;
use crate::source::{Dice, DiceSource, Purpose};
use serde::Serialize;
use std::fmt;

/// One dice term as rolled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TermRoll {
    /// The term as written in normal form, e.g. `4d6kh3`.
    pub term: String,
    /// The byte offset of the term in the expression.
    pub at: usize,
    /// One value per die: a face 1..=sides, or for `d%` the percentile 1..=100.
    pub faces: Vec<u32>,
    /// For `d%`: the two d10 faces of each percentile die, as (tens, ones), 10 reading as 0.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub percentile_d10s: Vec<(u32, u32)>,
    /// Whether each die counts (false for dice dropped by kh/kl).
    pub kept: Vec<bool>,
    pub total: i64,
}

impl fmt::Display for TermRoll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown: Vec<String> = self
            .faces
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let mut s = v.to_string();
                if let Some((t, o)) = self.percentile_d10s.get(i) {
                    s = format!("{s} ({}|{})", t % 10, o % 10);
                }
                if self.kept[i] {
                    s
                } else {
                    format!("~{s}~")
                }
            })
            .collect();
        write!(f, "{} → [{}] = {}", self.term, shown.join(", "), self.total)
    }
}

/// The result of rolling an expression once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rolled {
    pub value: i64,
    pub rolls: Vec<TermRoll>,
}

/// What can stop a roll: the expression (division by zero, overflow) or the dice source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RollError {
    Expr(Box<ExprError>),
    Source(SourceError),
}

impl fmt::Display for RollError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RollError::Expr(e) => write!(f, "{e}"),
            RollError::Source(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for RollError {}

impl From<SourceError> for RollError {
    fn from(e: SourceError) -> Self {
        RollError::Source(e)
    }
}

impl From<ExprError> for RollError {
    fn from(e: ExprError) -> Self {
        RollError::Expr(Box::new(e))
    }
}

/// Rolls `parsed` once, recording every term.
pub fn roll(parsed: &Parsed, source: &mut dyn DiceSource) -> Result<Rolled, RollError> {
    ExprRoller::new(parsed).roll(source)
}

/// The words that go with one dice term's rolls, built once per expression so that repeated
/// rolling (sampling) formats nothing.
struct TermLabel {
    at: usize,
    tag: String,
    detail: String,
    tens_tag: String,
    ones_tag: String,
    tens_detail: String,
    ones_detail: String,
}

/// Never used: every term of an expression gets a label; this keeps the lookup total.
static UNLABELLED: TermLabel = TermLabel {
    at: 0,
    tag: String::new(),
    detail: String::new(),
    tens_tag: String::new(),
    ones_tag: String::new(),
    tens_detail: String::new(),
    ones_detail: String::new(),
};

/// Rolls one expression many times, reusing its labels and buffers.
pub struct ExprRoller<'p> {
    parsed: &'p Parsed,
    labels: Vec<TermLabel>,
    faces: Vec<u32>,
    env: Vec<i64>,
}

impl<'p> ExprRoller<'p> {
    pub fn new(parsed: &'p Parsed) -> Self {
        let mut terms = Vec::new();
        parsed.expr.dice_terms(&mut terms);
        let labels = terms
            .into_iter()
            .map(|(t, span)| {
                // The purpose names the term and where it stands, so two `3d6` in one
                // expression read different streams.
                let tag = format!("{t}@{}", span.start);
                let detail = if parsed.source.trim() == t.to_string() {
                    t.to_string()
                } else {
                    format!("the {t} of `{}`", parsed.source.trim())
                };
                TermLabel {
                    at: span.start,
                    tens_tag: format!("{tag} tens"),
                    ones_tag: format!("{tag} ones"),
                    tens_detail: format!("the tens die of {detail}; 0 reads as 00"),
                    ones_detail: format!(
                        "the ones die of {detail}; 0 reads as 0, and 00 with 0 is 100"
                    ),
                    tag,
                    detail,
                }
            })
            .collect();
        ExprRoller {
            parsed,
            labels,
            faces: Vec::new(),
            env: Vec::new(),
        }
    }

    /// Rolls once, recording every term.
    pub fn roll(&mut self, source: &mut dyn DiceSource) -> Result<Rolled, RollError> {
        let mut rolls = Vec::new();
        let value = self.run(source, Some(&mut rolls))?;
        Ok(Rolled { value, rolls })
    }

    /// Rolls once and returns only the value; for sampling, where records would cost.
    pub fn roll_value(&mut self, source: &mut dyn DiceSource) -> Result<i64, RollError> {
        self.run(source, None)
    }

    fn run(
        &mut self,
        source: &mut dyn DiceSource,
        rolls: Option<&mut Vec<TermRoll>>,
    ) -> Result<i64, RollError> {
        self.env.clear();
        let mut r = Roller {
            parsed: self.parsed,
            labels: &self.labels,
            source,
            rolls,
            faces: &mut self.faces,
            env: &mut self.env,
        };
        r.eval(&self.parsed.expr)
    }
}

struct Roller<'a> {
    parsed: &'a Parsed,
    labels: &'a [TermLabel],
    source: &'a mut dyn DiceSource,
    rolls: Option<&'a mut Vec<TermRoll>>,
    faces: &'a mut Vec<u32>,
    env: &'a mut Vec<i64>,
}

impl Roller<'_> {
    fn overflow(&self, span: Span) -> RollError {
        ExprError::new(
            ExprErrorKind::ValueOverflow,
            &self.parsed.source,
            span,
            "a value of this expression leaves the 64-bit integer range",
            "overflows here",
            Some("use smaller numbers".into()),
        )
        .into()
    }

    fn eval(&mut self, e: &Expr) -> Result<i64, RollError> {
        let ovf = |r: &Self| r.overflow(e.span);
        Ok(match &e.kind {
            ExprKind::Int(n) => *n,
            ExprKind::Var { slot, .. } => self.env[*slot],
            ExprKind::Dice(t) => self.dice(*t, e.span)?,
            ExprKind::Neg(a) => {
                let v = self.eval(a)?;
                v.checked_neg().ok_or_else(|| ovf(self))?
            }
            ExprKind::Not(a) => i64::from(self.eval(a)? == 0),
            ExprKind::Call(func, args) => {
                let mut acc = self.eval(&args[0])?;
                if *func == Func::Abs {
                    return acc.checked_abs().ok_or_else(|| ovf(self));
                }
                for a in &args[1..] {
                    let v = self.eval(a)?;
                    acc = if *func == Func::Min {
                        acc.min(v)
                    } else {
                        acc.max(v)
                    };
                }
                acc
            }
            ExprKind::Let { value, body, .. } => {
                let v = self.eval(value)?;
                self.env.push(v);
                let r = self.eval(body);
                self.env.pop();
                r?
            }
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => {
                if self.eval(cond)? != 0 {
                    self.eval(then)?
                } else {
                    self.eval(otherwise)?
                }
            }
            ExprKind::Binary(op, a, b) => {
                let x = self.eval(a)?;
                match op {
                    BinOp::And if x == 0 => return Ok(0),
                    BinOp::Or if x != 0 => return Ok(1),
                    _ => {}
                }
                let y = self.eval(b)?;
                match op {
                    BinOp::Add => x.checked_add(y).ok_or_else(|| ovf(self))?,
                    BinOp::Sub => x.checked_sub(y).ok_or_else(|| ovf(self))?,
                    BinOp::Mul => x.checked_mul(y).ok_or_else(|| ovf(self))?,
                    BinOp::DivFloor | BinOp::DivCeil => {
                        if y == 0 {
                            return Err(ExprError::new(
                                ExprErrorKind::DivisionByZero,
                                &self.parsed.source,
                                b.span,
                                "division by zero",
                                "this divisor is 0",
                                Some("guard the division with if".into()),
                            )
                            .into());
                        }
                        divide(x, y, *op == BinOp::DivCeil).ok_or_else(|| ovf(self))?
                    }
                    BinOp::Lt => i64::from(x < y),
                    BinOp::Le => i64::from(x <= y),
                    BinOp::Gt => i64::from(x > y),
                    BinOp::Ge => i64::from(x >= y),
                    BinOp::Eq => i64::from(x == y),
                    BinOp::Ne => i64::from(x != y),
                    BinOp::And | BinOp::Or => i64::from(y != 0),
                }
            }
        })
    }

    fn dice(&mut self, t: DiceTerm, span: Span) -> Result<i64, RollError> {
        let label = self
            .labels
            .iter()
            .find(|l| l.at == span.start)
            .unwrap_or(&UNLABELLED);
        let mut values: Vec<u32> = Vec::with_capacity(t.count as usize);
        let mut d10s = Vec::new();
        match t.die {
            Die::Standard(s) => {
                if self.rolls.is_none() && t.keep.is_none() {
                    // Sampling: the total is all that is needed.
                    let purpose = Purpose::new(&label.tag);
                    return Ok(self.source.roll_total(&purpose, Dice::new(t.count, s))?);
                }
                let purpose = Purpose::with_detail(&label.tag, &label.detail);
                self.source
                    .roll_into(&purpose, Dice::new(t.count, s), self.faces)?;
                values.extend_from_slice(self.faces);
            }
            Die::Percentile => {
                // Two d10 per percentile die, rolled as separate purposes so the tens die and
                // the ones die are told apart at the table.
                for _ in 0..t.count {
                    let tens = self.source.roll_total(
                        &Purpose::with_detail(&label.tens_tag, &label.tens_detail),
                        Dice::new(1, 10),
                    )? as u32;
                    let ones = self.source.roll_total(
                        &Purpose::with_detail(&label.ones_tag, &label.ones_detail),
                        Dice::new(1, 10),
                    )? as u32;
                    let v = (tens % 10) * 10 + ones % 10;
                    values.push(if v == 0 { 100 } else { v });
                    d10s.push((tens, ones));
                }
            }
        }
        let mut kept = vec![true; values.len()];
        if let Some(k) = t.keep {
            let mut order: Vec<usize> = (0..values.len()).collect();
            // Stable sort: among equal faces the earlier die is kept.
            if k.highest {
                order.sort_by(|&a, &b| values[b].cmp(&values[a]));
            } else {
                order.sort_by(|&a, &b| values[a].cmp(&values[b]));
            }
            for &i in &order[k.count as usize..] {
                kept[i] = false;
            }
        }
        let total: i64 = values
            .iter()
            .zip(&kept)
            .filter(|(_, k)| **k)
            .map(|(v, _)| i64::from(*v))
            .sum();
        if let Some(rolls) = &mut self.rolls {
            rolls.push(TermRoll {
                term: t.to_string(),
                at: span.start,
                faces: values,
                percentile_d10s: d10s,
                kept,
                total,
            });
        }
        Ok(total)
    }
}
