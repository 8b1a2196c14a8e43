//! Brawls: what strays inside a hand-to-hand fight (SK-16.15.3-f/g, SK-13.8, G-14, G-39). A
//! member who misses, or an adjacent outsider who misses a member, rolls to avoid the others;
//! a shot or throw into the brawl rolls to hit first and then hits a member picked at random
//! (or, with §13.8's bracketed reading, `sk.brawl_fire = "section_13_8"`, the target, a miss
//! rolling to avoid the others in a random order).

use crate::attack::stray::{avoid, avoid_mods};
use crate::combat::ctx::Ctx;
use crate::combat::modifiers::AttackSpec;
use crate::event::{AttackKind, Event, Mods};
use crate::state::{FigId, Pos, State};
use fireteam_engine::{ResolveError, RuleId};
use smallvec::SmallVec;

/// The members of the brawl in `at`: every active figure in hand to hand there, in figure order.
pub(crate) fn members(s: &State, at: Pos) -> SmallVec<[FigId; 6]> {
    s.figures
        .iter()
        .enumerate()
        .filter(|(_, f)| f.pos == at && f.in_hth && f.active())
        .map(|(i, _)| i as FigId)
        .collect()
}

/// One of `among` (2 or more) at random. The book has no die for it: 1d6 (2d6 read as 1 to 36
/// past six members) split evenly among them, rolled again up to three times when it falls
/// past an even split, then taken modulo their number (so the odds stay finite for the exact
/// enumeration). Returns the index and the die.
fn pick(ctx: &mut Ctx, among: usize) -> Result<(usize, u8), ResolveError> {
    let (dice, span) = if among <= 6 { (1, 6) } else { (2, 36) };
    let even = span / among * among;
    let mut v = 0usize;
    for _ in 0..4 {
        // The faces are read one by one, as the digits of a d36.
        let (faces, _) = ctx.roll_faces("brawl", dice)?;
        v = faces
            .iter()
            .fold(0usize, |acc, &f| acc * 6 + usize::from(f - 1));
        if v < even {
            break;
        }
    }
    Ok((v % among, (v + 1).min(255) as u8))
}

/// SK-16.15.3-g: who a shot or throw into a brawl hits: a member at random, the target among
/// them. Anything else hits its target.
pub(crate) fn victim(ctx: &mut Ctx, a: &AttackSpec) -> Result<FigId, ResolveError> {
    let ranged = matches!(a.kind, AttackKind::Missile | AttackKind::Thrown);
    let t = ctx.s.fig(a.target);
    if !ranged || !t.in_hth || ctx.s.rules.options.brawl_fire_13_8 {
        return Ok(a.target);
    }
    let m = members(&ctx.s, t.pos);
    if m.len() < 2 {
        return Ok(a.target);
    }
    let (k, die) = pick(ctx, m.len())?;
    ctx.emit(Event::BrawlPick {
        attacker: a.attacker,
        picked: m[k],
        among: m.len() as u8,
        die,
        rule: RuleId("SK-16.15.3-g"),
    });
    Ok(m[k])
}

/// After a miss at a member of a brawl, the others are rolled to avoid, in a random order
/// (SK-13.8-c: "choose the order randomly"), the first failure hit; returns the rounds still
/// flying (`left` less those that hit). Who rolls: a member who missed another, or an adjacent
/// outsider who missed with a melee weapon (SK-16.15.3-f); with `sk.brawl_fire = "section_13_8"`
/// also a shot or throw from outside (SK-13.8-a).
pub(crate) fn others_after_miss(
    ctx: &mut Ctx,
    a: &AttackSpec,
    left: u8,
) -> Result<u8, ResolveError> {
    let att = ctx.s.fig(a.attacker).clone();
    let t = ctx.s.fig(a.target).clone();
    if !t.in_hth {
        return Ok(left);
    }
    let rule = match a.kind {
        AttackKind::Hth => "SK-16.15.3-f",
        AttackKind::Melee if att.pos.distance(t.pos) == 1 => "SK-16.15.3-f",
        AttackKind::Missile | AttackKind::Thrown if ctx.s.rules.options.brawl_fire_13_8 => {
            "SK-13.8-a"
        }
        _ => return Ok(left),
    };
    let mut rest: SmallVec<[FigId; 6]> = members(&ctx.s, t.pos)
        .into_iter()
        .filter(|&m| m != a.attacker && m != a.target)
        .collect();
    let mut left = left;
    while !rest.is_empty() && left > 0 {
        let k = if rest.len() > 1 {
            let (k, die) = pick(ctx, rest.len())?;
            ctx.emit(Event::BrawlPick {
                attacker: a.attacker,
                picked: rest[k],
                among: rest.len() as u8,
                die,
                rule: RuleId(rule),
            });
            k
        } else {
            0
        };
        let b = rest.remove(k);
        if !ctx.s.fig(b).active() {
            continue;
        }
        // A shot or throw: "at standard penalties for ranged combat" (SK-13.8-c), read as
        // every roll to avoid (SK-12.2-e). A blow inside or into the brawl: plain 3d6 against
        // the attacker's eDEX (no distance, and no sign reversal named for melee).
        let mods = if matches!(a.kind, AttackKind::Missile | AttackKind::Thrown) {
            avoid_mods(ctx, a, b, left)
        } else {
            Mods::new()
        };
        let landed = avoid(ctx, a, b, left, mods, RuleId(rule))?;
        left -= landed;
        if landed > 0 && a.mode.is_none_or(|m| m == crate::action::FireMode::Single) {
            return Ok(0);
        }
    }
    Ok(left)
}
