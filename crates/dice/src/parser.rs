//! A recursive-descent parser for the dice language. Precedence, loosest first:
//! `let`/`if`, `or`, `and`, `not`, comparisons (not chained), `+ -`, `* / /^`, unary `-`, atoms.

use crate::ast::{BinOp, Expr, ExprKind, Func};
use crate::error::{ExprError, ExprErrorKind, Span};
use crate::lexer::{lex, Tok, Token};

/// A parsed expression together with its source text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    pub source: String,
    pub expr: Expr,
}

impl Parsed {
    /// Whether the expression is a truth value, so its odds are one probability.
    pub fn is_boolean(&self) -> bool {
        self.expr.is_boolean()
    }
}

const KEYWORDS: &[&str] = &[
    "let", "in", "if", "then", "else", "and", "or", "not", "min", "max", "abs",
];

/// How deeply expressions may nest; deeper input is refused instead of overflowing the stack.
pub const MAX_DEPTH: usize = 256;

pub fn parse(src: &str) -> Result<Parsed, ExprError> {
    let tokens = lex(src)?;
    let mut p = Parser {
        src,
        tokens,
        pos: 0,
        scope: Vec::new(),
        depth: 0,
    };
    let expr = p.expr()?;
    let t = p.peek().clone();
    if t.tok != Tok::Eof {
        let help = match &t.tok {
            Tok::RParen => "this ')' has no matching '('".to_string(),
            Tok::Assign => "write '==' to compare".to_string(),
            Tok::Int(_) | Tok::Dice(_) | Tok::LParen | Tok::Ident(_) => {
                "join terms with an operator such as +".to_string()
            }
            _ => "remove it, or finish the expression before it".to_string(),
        };
        return Err(p.error_at(
            t.span,
            format!(
                "unexpected {} after a complete expression",
                t.tok.describe()
            ),
            "not expected here",
            Some(help),
        ));
    }
    Ok(Parsed {
        source: src.to_string(),
        expr,
    })
}

struct Parser<'a> {
    src: &'a str,
    tokens: Vec<Token>,
    pos: usize,
    /// Names bound by enclosing `let`s, innermost last.
    scope: Vec<String>,
    depth: usize,
}

impl<'a> Parser<'a> {
    fn peek(&self) -> &Token {
        &self.tokens[self.pos.min(self.tokens.len() - 1)]
    }

    fn bump(&mut self) -> Token {
        let t = self.peek().clone();
        if self.pos < self.tokens.len() - 1 {
            self.pos += 1;
        }
        t
    }

    fn at_keyword(&self, kw: &str) -> bool {
        matches!(&self.peek().tok, Tok::Ident(s) if s == kw)
    }

    fn error_at(
        &self,
        span: Span,
        msg: impl Into<String>,
        label: &str,
        help: Option<String>,
    ) -> ExprError {
        ExprError::new(ExprErrorKind::Syntax, self.src, span, msg, label, help)
    }

    fn expect_keyword(&mut self, kw: &str, context: &str) -> Result<Token, ExprError> {
        if self.at_keyword(kw) {
            return Ok(self.bump());
        }
        let t = self.peek().clone();
        Err(self.error_at(
            t.span,
            format!("expected '{kw}' {context}, but found {}", t.tok.describe()),
            &format!("expected '{kw}'"),
            Some(match kw {
                "in" => "a let reads: let NAME = EXPR in EXPR".into(),
                "then" | "else" => "an if reads: if COND then EXPR else EXPR".into(),
                _ => format!("insert '{kw}'"),
            }),
        ))
    }

    fn expect(&mut self, tok: Tok, context: &str, help: &str) -> Result<Token, ExprError> {
        if self.peek().tok == tok {
            return Ok(self.bump());
        }
        let t = self.peek().clone();
        Err(self.error_at(
            t.span,
            format!(
                "expected {} {context}, but found {}",
                tok.describe(),
                t.tok.describe()
            ),
            &format!("expected {}", tok.describe()),
            Some(help.to_string()),
        ))
    }

    fn enter(&mut self, span: Span) -> Result<(), ExprError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error_at(
                span,
                format!("the expression nests more than {MAX_DEPTH} levels deep"),
                "too deep",
                Some("use let to name parts of the expression".into()),
            ));
        }
        Ok(())
    }

    fn expr(&mut self) -> Result<Expr, ExprError> {
        let span = self.peek().span;
        self.enter(span)?;
        let r = if self.at_keyword("let") {
            self.let_expr()
        } else if self.at_keyword("if") {
            self.if_expr()
        } else {
            self.or_expr()
        };
        self.depth -= 1;
        r
    }

    fn let_expr(&mut self) -> Result<Expr, ExprError> {
        let kw = self.bump();
        let name_tok = self.bump();
        let name = match &name_tok.tok {
            Tok::Ident(s) if !KEYWORDS.contains(&s.as_str()) => s.clone(),
            Tok::Ident(s) => {
                return Err(self.error_at(
                    name_tok.span,
                    format!("'{s}' is a keyword and cannot be a name"),
                    "reserved",
                    Some("pick another name, e.g. r".into()),
                ))
            }
            other => {
                return Err(self.error_at(
                    name_tok.span,
                    format!(
                        "expected a name after 'let', but found {}",
                        other.describe()
                    ),
                    "expected a name",
                    Some("a let reads: let NAME = EXPR in EXPR, e.g. let r = 3d6 in r + r".into()),
                ))
            }
        };
        self.expect(
            Tok::Assign,
            &format!("after 'let {name}'"),
            "a let reads: let NAME = EXPR in EXPR",
        )?;
        let value = self.expr()?;
        self.expect_keyword("in", &format!("after the value of '{name}'"))?;
        self.scope.push(name.clone());
        let body = self.expr();
        self.scope.pop();
        let body = body?;
        let span = kw.span.to(body.span);
        Ok(Expr {
            kind: ExprKind::Let {
                name,
                value: Box::new(value),
                body: Box::new(body),
            },
            span,
        })
    }

    fn if_expr(&mut self) -> Result<Expr, ExprError> {
        let kw = self.bump();
        let cond = self.expr()?;
        self.expect_keyword("then", "after the condition of 'if'")?;
        let then = self.expr()?;
        self.expect_keyword("else", "after the 'then' branch")?;
        let otherwise = self.expr()?;
        let span = kw.span.to(otherwise.span);
        Ok(Expr {
            kind: ExprKind::If {
                cond: Box::new(cond),
                then: Box::new(then),
                otherwise: Box::new(otherwise),
            },
            span,
        })
    }

    fn or_expr(&mut self) -> Result<Expr, ExprError> {
        let mut lhs = self.and_expr()?;
        let mut chain = Chain::default();
        while self.at_keyword("or") {
            let t = self.bump();
            chain.link(self, t.span)?;
            let rhs = self.and_expr()?;
            lhs = binary(BinOp::Or, lhs, rhs);
        }
        chain.end(self);
        Ok(lhs)
    }

    fn and_expr(&mut self) -> Result<Expr, ExprError> {
        let mut lhs = self.not_expr()?;
        let mut chain = Chain::default();
        while self.at_keyword("and") {
            let t = self.bump();
            chain.link(self, t.span)?;
            let rhs = self.not_expr()?;
            lhs = binary(BinOp::And, lhs, rhs);
        }
        chain.end(self);
        Ok(lhs)
    }

    fn not_expr(&mut self) -> Result<Expr, ExprError> {
        if self.at_keyword("not") {
            let kw = self.bump();
            self.enter(kw.span)?;
            let inner = self.not_expr();
            self.depth -= 1;
            let inner = inner?;
            let span = kw.span.to(inner.span);
            return Ok(Expr {
                kind: ExprKind::Not(Box::new(inner)),
                span,
            });
        }
        self.cmp_expr()
    }

    fn cmp_op(&self) -> Option<BinOp> {
        Some(match self.peek().tok {
            Tok::Lt => BinOp::Lt,
            Tok::Le => BinOp::Le,
            Tok::Gt => BinOp::Gt,
            Tok::Ge => BinOp::Ge,
            Tok::EqEq => BinOp::Eq,
            Tok::NotEq => BinOp::Ne,
            _ => return None,
        })
    }

    fn cmp_expr(&mut self) -> Result<Expr, ExprError> {
        let lhs = self.add_expr()?;
        if self.peek().tok == Tok::Assign {
            let t = self.peek().clone();
            return Err(self.error_at(
                t.span,
                "'=' is not a comparison",
                "did you mean '=='?",
                Some("write '==' to compare two values; '=' only appears in let".into()),
            ));
        }
        let Some(op) = self.cmp_op() else {
            return Ok(lhs);
        };
        self.bump();
        let rhs = self.add_expr()?;
        if self.cmp_op().is_some() {
            let t = self.peek().clone();
            return Err(self.error_at(
                t.span,
                "comparisons do not chain",
                "second comparison",
                Some("join them with 'and', e.g. 1 < x and x < 3".into()),
            ));
        }
        Ok(binary(op, lhs, rhs))
    }

    fn add_expr(&mut self) -> Result<Expr, ExprError> {
        let mut lhs = self.mul_expr()?;
        let mut chain = Chain::default();
        loop {
            let op = match self.peek().tok {
                Tok::Plus => BinOp::Add,
                Tok::Minus => BinOp::Sub,
                _ => {
                    chain.end(self);
                    return Ok(lhs);
                }
            };
            let t = self.bump();
            chain.link(self, t.span)?;
            let rhs = self.mul_expr()?;
            lhs = binary(op, lhs, rhs);
        }
    }

    fn mul_expr(&mut self) -> Result<Expr, ExprError> {
        let mut lhs = self.unary()?;
        let mut chain = Chain::default();
        loop {
            let op = match self.peek().tok {
                Tok::Star => BinOp::Mul,
                Tok::Slash => BinOp::DivFloor,
                Tok::SlashUp => BinOp::DivCeil,
                _ => {
                    chain.end(self);
                    return Ok(lhs);
                }
            };
            let t = self.bump();
            chain.link(self, t.span)?;
            let rhs = self.unary()?;
            lhs = binary(op, lhs, rhs);
        }
    }

    fn unary(&mut self) -> Result<Expr, ExprError> {
        if self.peek().tok == Tok::Minus {
            let t = self.bump();
            self.enter(t.span)?;
            let inner = self.unary();
            self.depth -= 1;
            let inner = inner?;
            let span = t.span.to(inner.span);
            return Ok(Expr {
                kind: ExprKind::Neg(Box::new(inner)),
                span,
            });
        }
        self.atom()
    }

    fn atom(&mut self) -> Result<Expr, ExprError> {
        let t = self.peek().clone();
        match &t.tok {
            Tok::Int(n) => {
                self.bump();
                Ok(Expr {
                    kind: ExprKind::Int(*n),
                    span: t.span,
                })
            }
            Tok::Dice(d) => {
                self.bump();
                Ok(Expr {
                    kind: ExprKind::Dice(*d),
                    span: t.span,
                })
            }
            Tok::LParen => {
                self.bump();
                let inner = self.expr()?;
                let close = self.expect(
                    Tok::RParen,
                    "to close the '('",
                    "add ')' to close the parenthesis",
                )?;
                Ok(Expr {
                    kind: inner.kind,
                    span: t.span.to(close.span),
                })
            }
            Tok::Ident(name) if name == "let" || name == "if" => self.expr(),
            Tok::Ident(name) if matches!(name.as_str(), "min" | "max" | "abs") => {
                let func = match name.as_str() {
                    "min" => Func::Min,
                    "max" => Func::Max,
                    _ => Func::Abs,
                };
                self.call(func)
            }
            Tok::Ident(name) if KEYWORDS.contains(&name.as_str()) => Err(self.error_at(
                t.span,
                format!("expected a value, but found the keyword '{name}'"),
                "expected a number, a die or '('",
                Some(match name.as_str() {
                    "then" | "else" => "an if reads: if COND then EXPR else EXPR".into(),
                    "in" => "a let reads: let NAME = EXPR in EXPR".into(),
                    _ => "put a value before it".into(),
                }),
            )),
            Tok::Ident(name) => {
                self.bump();
                match self.scope.iter().rposition(|s| s == name) {
                    Some(slot) => Ok(Expr {
                        kind: ExprKind::Var {
                            name: name.clone(),
                            slot,
                        },
                        span: t.span,
                    }),
                    None => Err(ExprError::new(
                        ExprErrorKind::UnknownName,
                        self.src,
                        t.span,
                        format!("unknown name '{name}'"),
                        "not bound by any let",
                        Some(self.unknown_name_help(name)),
                    )),
                }
            }
            other => Err(self.error_at(
                t.span,
                format!(
                    "expected a number, a die or '(' but found {}",
                    other.describe()
                ),
                "expected a value here",
                Some(match other {
                    Tok::Eof => "the expression ends too early; finish it, e.g. 3d6 + 2".into(),
                    Tok::RParen => "put a value inside the parentheses".into(),
                    _ => "put a value such as 2 or 3d6 here".into(),
                }),
            )),
        }
    }

    fn unknown_name_help(&self, name: &str) -> String {
        if let Some(close) = self
            .scope
            .iter()
            .rev()
            .find(|s| edit_distance(s, name) <= 2)
        {
            return format!("did you mean '{close}'?");
        }
        if name.starts_with('d') || name.contains('d') {
            return "dice are written NdS with a number of sides, e.g. 3d6 or d%".into();
        }
        if self.scope.is_empty() {
            "names come from let, e.g. let r = 3d6 in r + r".into()
        } else {
            format!("names in scope here: {}", self.scope.join(", "))
        }
    }

    fn call(&mut self, func: Func) -> Result<Expr, ExprError> {
        let name = self.bump();
        let usage = match func {
            Func::Abs => "abs takes one value: abs(x)",
            Func::Min => "min takes two or more values: min(a, b)",
            Func::Max => "max takes two or more values: max(a, b)",
        };
        self.expect(Tok::LParen, &format!("after '{}'", func.name()), usage)?;
        let mut args = vec![self.expr()?];
        while self.peek().tok == Tok::Comma {
            self.bump();
            args.push(self.expr()?);
        }
        let close = self.expect(Tok::RParen, "to close the argument list", usage)?;
        let span = name.span.to(close.span);
        let ok = match func {
            Func::Abs => args.len() == 1,
            Func::Min | Func::Max => args.len() >= 2,
        };
        if !ok {
            return Err(self.error_at(
                span,
                format!("{} got {} argument(s)", func.name(), args.len()),
                "wrong number of arguments",
                Some(usage.into()),
            ));
        }
        Ok(Expr {
            kind: ExprKind::Call(func, args),
            span,
        })
    }
}

/// Counts the links of a left-leaning operator chain (`1+1+1…`) into the nesting depth, since
/// each link adds a level to the tree that evaluation recurses through.
#[derive(Default)]
struct Chain(usize);

impl Chain {
    fn link(&mut self, p: &mut Parser<'_>, span: Span) -> Result<(), ExprError> {
        self.0 += 1;
        p.enter(span)
    }

    fn end(self, p: &mut Parser<'_>) {
        p.depth -= self.0;
    }
}

fn binary(op: BinOp, lhs: Expr, rhs: Expr) -> Expr {
    let span = lhs.span.to(rhs.span);
    Expr {
        kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
        span,
    }
}

/// Levenshtein distance, for "did you mean" hints on short names.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}
