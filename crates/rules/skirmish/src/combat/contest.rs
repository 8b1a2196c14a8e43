//! Opposed rolls (SK-5.9.3-a, G-74) of hand to hand and Martial Arts: knockdowns and throws
//! (SK-16.15.5), subduing (SK-16.15.6), disarming (SK-16.15.7) and breaking free of HTH on
//! eSTR (G-39). Each side's number is built here with every adjustment as a `Modifier`, both
//! sides roll 3d6, and one `Contest` event records the two rolls and who won.

use crate::combat::armor::martial_arts_allowed;
use crate::combat::ctx::Ctx;
use crate::combat::edex::standing_mods;
use crate::event::{ContestSide, Event, Faces, Mods};
use crate::state::{FigId, Figure, State};
use fireteam_engine::{Modifier, ResolveError, RuleId};

/// The attribute a side rolls against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Attr {
    /// Current STR (SK-5.1-a).
    Str,
    /// Effective DEX (SK-5.7-a): a Martial Artist's choice (SK-16.15.5-b, SK-16.15.6-a).
    Dex,
}

/// What a contest is: its name, its rule, whether 3–5 and 16–18 are automatic (SK-16.15.5-c),
/// and whether Martial Arts add +1 per level and let a side use eDEX.
pub(crate) struct Kind {
    pub what: &'static str,
    pub rule: &'static str,
    pub automatic: bool,
    pub martial_arts: bool,
    pub dex_allowed: bool,
}

/// Martial Arts trained and usable in this armor (SK-16.15.4-a).
fn trained(s: &State, f: &Figure) -> bool {
    f.martial_arts > 0 && martial_arts_allowed(s, f)
}

/// A side's number on `attr`, with +1 per Martial Arts level when the contest allows it.
/// Martial Arts Master is the fifth level (SK-6.8.4-a): +5.
fn number(s: &State, f: &Figure, attr: Attr, kind: &Kind) -> (&'static str, i16, Mods) {
    let mut mods = Mods::new();
    let (name, base) = match attr {
        Attr::Str => ("eSTR", f.est()),
        Attr::Dex => {
            standing_mods(s, f, &mut mods);
            ("eDEX", f.dex)
        }
    };
    if kind.martial_arts && trained(s, f) {
        mods.push(Modifier::applied(
            "martial-arts",
            "Martial Arts, +1 per level",
            i32::from(f.martial_arts),
            RuleId(kind.rule),
        ));
    }
    (name, base, mods)
}

fn target(base: i16, mods: &Mods) -> i16 {
    base + Modifier::total(mods) as i16
}

/// The defender's attribute: eSTR, or for a trained Martial Artist whichever of eSTR and eDEX
/// is higher. In an opposed roll only the margin counts (SK-5.9.3-a), and a higher number gives
/// a margin at least as large on every roll, so the defender would never choose the lower one;
/// taking the higher spares him a question that has one sensible answer.
pub(crate) fn defender_attr(s: &State, f: &Figure, kind: &Kind) -> Attr {
    if !kind.dex_allowed || !trained(s, f) {
        return Attr::Str;
    }
    let (_, bs, ms) = number(s, f, Attr::Str, kind);
    let (_, bd, md) = number(s, f, Attr::Dex, kind);
    if target(bd, &md) > target(bs, &ms) {
        Attr::Dex
    } else {
        Attr::Str
    }
}

fn roll_side(
    ctx: &mut Ctx,
    fig: FigId,
    attr: Attr,
    kind: &Kind,
) -> Result<ContestSide, ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let (attribute, base, modifiers) = number(&ctx.s, &f, attr, kind);
    let t = target(base, &modifiers);
    let (faces, total): (Faces, i32) = ctx.roll("contest", 3)?;
    let (success, margin) = if kind.automatic {
        crate::autoresult::check_with_auto(total, i32::from(t))
    } else {
        (total <= i32::from(t), i32::from(t) - total)
    };
    Ok(ContestSide {
        fig,
        attribute,
        base,
        modifiers,
        target: t,
        faces,
        total,
        success,
        margin,
    })
}

/// Rolls an opposed contest, the attacker first; returns whether the attacker won. He must
/// succeed himself, and equal ranks go to the defender (G-74).
pub(crate) fn contest(
    ctx: &mut Ctx,
    kind: &Kind,
    attacker: FigId,
    attr: Attr,
    defender: FigId,
) -> Result<bool, ResolveError> {
    let d_attr = defender_attr(&ctx.s, ctx.s.fig(defender), kind);
    let a = roll_side(ctx, attacker, attr, kind)?;
    let d = roll_side(ctx, defender, d_attr, kind)?;
    let won = a.success && crate::autoresult::opposed(a.margin, a.success, d.margin, d.success);
    ctx.emit(Event::Contest {
        what: kind.what,
        attacker: Box::new(a),
        defender: Box::new(d),
        won,
        rule: RuleId(kind.rule),
    });
    Ok(won)
}
