//! The syntax tree of the dice language. See `docs/dice.md` for the language itself.

use crate::error::Span;
use std::fmt;

/// The largest number of dice one term may roll. Exact odds of 1000d6 are instant; the bound
/// stops absurd terms such as `1000000000d6` before they cost memory or time.
pub const MAX_DICE: u32 = 10_000;
/// The largest die.
pub const MAX_SIDES: u32 = 1_000_000;

/// Which kind of die a term rolls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Die {
    /// A die numbered 1..=sides.
    Standard(u32),
    /// `d%`: two d10 read as tens and ones, where 00 reads as 100.
    Percentile,
}

impl Die {
    /// The value range is 1..=sides for both kinds.
    pub fn sides(self) -> u32 {
        match self {
            Die::Standard(s) => s,
            Die::Percentile => 100,
        }
    }
}

/// Keep the highest or the lowest `count` dice of a pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Keep {
    pub highest: bool,
    pub count: u32,
}

/// One dice term such as `3d6`, `d%` or `4d6kh3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DiceTerm {
    pub count: u32,
    pub die: Die,
    pub keep: Option<Keep>,
}

impl fmt::Display for DiceTerm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.die {
            Die::Standard(s) => write!(f, "{}d{}", self.count, s)?,
            Die::Percentile if self.count == 1 => write!(f, "d%")?,
            Die::Percentile => write!(f, "{}d%", self.count)?,
        }
        if let Some(k) = self.keep {
            write!(f, "{}{}", if k.highest { "kh" } else { "kl" }, k.count)?;
        }
        Ok(())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// Integer division rounding toward negative infinity (`/`).
    DivFloor,
    /// Integer division rounding toward positive infinity (`/^`).
    DivCeil,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Or,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::DivFloor => "/",
            BinOp::DivCeil => "/^",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::And => "and",
            BinOp::Or => "or",
        }
    }

    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne
        )
    }

    pub fn is_logical(self) -> bool {
        matches!(self, BinOp::And | BinOp::Or)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Func {
    Min,
    Max,
    Abs,
}

impl Func {
    pub fn name(self) -> &'static str {
        match self {
            Func::Min => "min",
            Func::Max => "max",
            Func::Abs => "abs",
        }
    }
}

/// An expression node with its place in the source text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExprKind {
    Int(i64),
    Dice(DiceTerm),
    /// A `let`-bound name, resolved at parse time to its depth in the binding stack
    /// (0 = outermost `let`), so evaluation indexes a slice instead of looking up strings.
    Var {
        name: String,
        slot: usize,
    },
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Call(Func, Vec<Expr>),
    Let {
        name: String,
        value: Box<Expr>,
        body: Box<Expr>,
    },
    If {
        cond: Box<Expr>,
        then: Box<Expr>,
        otherwise: Box<Expr>,
    },
}

impl Expr {
    /// Whether the expression is a truth value (a comparison, `and`, `or`, `not`, or an `if`/`let`
    /// whose results are). `fireteam odds` reports a probability for these.
    pub fn is_boolean(&self) -> bool {
        match &self.kind {
            ExprKind::Not(_) => true,
            ExprKind::Binary(op, _, _) => op.is_comparison() || op.is_logical(),
            ExprKind::Let { body, .. } => body.is_boolean(),
            ExprKind::If {
                then, otherwise, ..
            } => then.is_boolean() && otherwise.is_boolean(),
            _ => false,
        }
    }

    /// Whether the `let` slot `slot` is read anywhere in this expression.
    pub fn uses_slot(&self, slot: usize) -> bool {
        match &self.kind {
            ExprKind::Int(_) | ExprKind::Dice(_) => false,
            ExprKind::Var { slot: s, .. } => *s == slot,
            ExprKind::Neg(e) | ExprKind::Not(e) => e.uses_slot(slot),
            ExprKind::Binary(_, a, b) => a.uses_slot(slot) || b.uses_slot(slot),
            ExprKind::Call(_, args) => args.iter().any(|a| a.uses_slot(slot)),
            ExprKind::Let { value, body, .. } => value.uses_slot(slot) || body.uses_slot(slot),
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => cond.uses_slot(slot) || then.uses_slot(slot) || otherwise.uses_slot(slot),
        }
    }

    /// Visits every dice term, outermost first, left to right.
    pub fn dice_terms(&self, out: &mut Vec<(DiceTerm, Span)>) {
        match &self.kind {
            ExprKind::Dice(t) => out.push((*t, self.span)),
            ExprKind::Int(_) | ExprKind::Var { .. } => {}
            ExprKind::Neg(e) | ExprKind::Not(e) => e.dice_terms(out),
            ExprKind::Binary(_, a, b) => {
                a.dice_terms(out);
                b.dice_terms(out);
            }
            ExprKind::Call(_, args) => args.iter().for_each(|a| a.dice_terms(out)),
            ExprKind::Let { value, body, .. } => {
                value.dice_terms(out);
                body.dice_terms(out);
            }
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => {
                cond.dice_terms(out);
                then.dice_terms(out);
                otherwise.dice_terms(out);
            }
        }
    }
}
