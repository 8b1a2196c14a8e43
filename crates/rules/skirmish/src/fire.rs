//! Fire (§16.11, and the fire hexes of §16.12): a figure on fire (SK-16.11-T1) and what it makes
//! him do (the INT check not to run, SK-16.11-f; running fans the flames, SK-16.11-e; stop, drop
//! and roll, SK-16.11-d), burning hexes set by the scenario (SK-16.11-g/h) beside the molotov,
//! incendiary and flame-thrower fire hexes (SK-16.12-j, G-52), armor against fire (SK-16.11-i,
//! SK-14.1-f, G-28), weapons on fire (SK-16.11-b/c), and putting fires out: help, the fire
//! extinguisher and deep water (SK-16.11-d, SK-16.12-k).
//!
//! Two kinds of burning coexist on a figure (G-52). The **molotov soak** of §16.12
//! (`Figure::burning`): 4 hits a turn for 12 turns, full body armor helping the first turn only,
//! put out only by a fire extinguisher or deep water (an incendiary soak not at all). A **§16.11
//! fire** (`Figure::on_fire`): one limb, half or the whole body, 1d6−4 / 1d6−2 / 1d6 a turn, put
//! out by rolling, an extinguisher or water; only this one makes him panic and run. A figure can
//! have both; each burns on its own numbers at the end of the turn.

use crate::action::Action;
use crate::autoresult::Location;
use crate::combat::ctx::Ctx;
use crate::combat::damage::deal_damage;
use crate::combat::modifiers::AttackSpec;
use crate::data::{ArmorKind, HexFire, ItemKind, Weapon};
use crate::event::{Effect, Event, Faces};
use crate::geometry::{engagers_of, with_reach};
use crate::progression::Damage;
use crate::state::{Blaze, FigId, Figure, MoveKind, Pos, Posture, State};
use crate::turn::movement::{can_move, done_moving, movement_allowance};
use fireteam_dice::{Dice, Purpose};
use fireteam_engine::{ResolveError, RuleId};

/// How a fire reaches a figure, for the armor it meets (SK-16.11-i, SK-16.12-k, G-28). A
/// burning weapon (torch, flaming arrow) meets armor at its full value, on the ordinary path of
/// an attack's damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exposure {
    /// On fire, or inside a burning hex (§16.11): non-fireproofed medieval-type armor at half,
    /// modern full body armor at its full value; vests a third and jackets half (G-28).
    Immolated,
    /// Burning oil: a molotov, an incendiary, a flame thrower (§16.12, §16.13): only full body
    /// armor protects (the soak itself: the first turn only, SK-16.12-k).
    Soaked,
}

/// The hits a figure's armor stops against fire (SK-16.11-i, SK-16.12-k, SK-14.1-f, G-28).
/// Shields do not count: fire is not an attack from a hex-side. Full body armor "will only
/// protect a soaked figure for one turn" (SK-16.12-k): once his soak has burned a turn, no
/// armor stops any fire on him.
pub fn fire_armor(s: &State, f: &Figure, how: Exposure) -> i16 {
    if f.burning > 0 && f.burning < 12 {
        return 0;
    }
    let Some(a) = f.armor.and_then(|a| s.rules.armor.get(usize::from(a))) else {
        return 0;
    };
    match (how, a.kind) {
        (Exposure::Soaked, ArmorKind::Body) => a.defense,
        (Exposure::Soaked, _) => 0,
        (Exposure::Immolated, ArmorKind::Body) if a.medieval && !a.fireproof => a.defense / 2,
        (Exposure::Immolated, ArmorKind::Body) => a.defense,
        (Exposure::Immolated, ArmorKind::Vest) => a.defense / 3,
        (Exposure::Immolated, ArmorKind::Jacket) => a.defense / 2,
        (Exposure::Immolated, _) => 0,
    }
}

/// The §16.11 fire of a burning hex the scenario sets (terrain `fire`, SK-16.11-g).
pub fn hex_fire(s: &State, p: Pos) -> Option<HexFire> {
    s.terrain(p).and_then(|t| t.fire)
}

/// A hex whose fire calls for the INT check to enter or stay (SK-16.11-h): a §16.11 burning
/// hex, and with `sk.fire_int_check = "every_fire"` (the default) a molotov, incendiary or
/// flame-thrower fire too.
pub fn daunting(s: &State, p: Pos) -> bool {
    hex_fire(s, p).is_some()
        || (s.rules.options.fire_check_every_fire && s.fires.iter().any(|f| f.pos == p))
}

/// SK-16.11-T1: a turn's burn for each extent.
fn blaze_damage(b: Blaze) -> Damage {
    match b {
        Blaze::None => Damage::points(0),
        Blaze::Limb => Damage::new(1, -4),
        Blaze::Half => Damage::new(1, -2),
        Blaze::Whole => Damage::new(1, 0),
    }
}

/// n d6 read only by their total. Fire's checks and burns need no faces, and asking for the
/// total lets the AI's exact enumeration branch on sums (16 for 3d6) instead of on faces (56),
/// which keeps every move through a fire cheap to score.
fn roll_total(ctx: &mut Ctx, what: &'static str, n: u8) -> Result<i32, ResolveError> {
    if n == 0 {
        return Ok(0);
    }
    let total = ctx
        .dice
        .roll_total(&Purpose::new(what), Dice::new(u32::from(n), 6))?;
    Ok(total as i32)
}

/// A check read by its total (SK-5.9-a: n d6 against `target`, success on ≤); the event has
/// the total and no faces.
pub(crate) fn check_total(
    ctx: &mut Ctx,
    fig: FigId,
    what: &'static str,
    n: u8,
    target: i16,
    rule: RuleId,
) -> Result<bool, ResolveError> {
    // Read only for its success: the exact odds branch twice.
    let total = if n == 0 {
        0
    } else {
        let t = i64::from(target);
        ctx.dice
            .roll_total_classed(&Purpose::new(what), Dice::new(u32::from(n), 6), &|x| {
                i64::from(x <= t)
            })? as i32
    };
    let success = total <= i32::from(target);
    ctx.emit(Event::Check {
        fig,
        what,
        dice: n,
        faces: Faces::new(),
        total,
        target,
        success,
        rule,
    });
    Ok(success)
}

/// Rolls one part of a fire's damage and records it; a total of 0 or less is no hit (fire is not
/// a weapon, so SK-12.3-c's "at least 1" does not apply). Shielding and energy shields take
/// their R dice off a rolled fire first (SK-14.3-a, G-27; [`fire_r`]).
fn burn(
    ctx: &mut Ctx,
    fig: FigId,
    what: &'static str,
    expr: Damage,
    rule: RuleId,
) -> Result<i16, ResolveError> {
    let mut expr = expr;
    if expr.dice > 0 && !ctx.s.rules.options.shielding_roll {
        let r = fire_r(&ctx.s, ctx.s.fig(fig));
        let off = r.min(expr.dice);
        if off > 0 {
            ctx.emit(Event::FireShielded {
                fig,
                r,
                dice: off,
                hits: 0,
                rule: RuleId("SK-14.3-a"),
            });
            expr = Damage::new(expr.dice - off, expr.adds);
        }
    }
    let rolled = roll_total(ctx, what, expr.dice)?;
    let hits = (rolled + i32::from(expr.adds)).max(0) as i16;
    ctx.emit(Event::Burn {
        fig,
        what,
        expr,
        rolled,
        hits,
        rule,
    });
    Ok(hits)
}

// ---- Fire hits against armor and shielding (SK-16.12-m, SK-14.3-a, G-27).

/// The R-factor that guards a figure against fire (SK-14.3-a: shielding and energy shields
/// "protect from energy weapons, fire"): the shielding he wears, and every energy shield
/// switched on whose field he is in. Ours: a fire reaches him from outside the field (the
/// inside and outside of SK-14.3-f are those of shots), and a Reflector, with no firer to send
/// it back to, stops it as the others do.
pub(crate) fn fire_r(s: &State, f: &Figure) -> u8 {
    let mut r = crate::combat::shielding::worn_r(s, f);
    for (wearer, a) in crate::shield::fields(s) {
        if crate::shield::in_field(s.fig(wearer), f.pos) {
            r = r.saturating_add(a.r_factor);
        }
    }
    r
}

/// Deals fire hits that have been added up (SK-16.12-m) against `armor` (the figure's armor
/// against this fire, [`fire_armor`]) and his shielding: against fixed hits (`fixed`) R × 3.5
/// rounded down (G-27, INVENTED), or with `sk.shielding = "roll_and_subtract"` R dice rolled
/// against any fire (SK-14.3-b); a rolled fire has had its R dice taken off already ([`burn`]).
/// Every fire hit of a turn adds up before armor (SK-16.12-m): what the armor and shielding
/// stopped earlier this turn (`Figure::fire_stopped`) is gone from them for the turn's later
/// fire, so the turn's hits meet them once.
pub(crate) fn scorch(
    ctx: &mut Ctx,
    fig: FigId,
    source: Option<FigId>,
    hits: i16,
    armor: i16,
    fixed: bool,
    rule: RuleId,
) -> Result<i16, ResolveError> {
    if hits <= 0 {
        return Ok(0);
    }
    let r = fire_r(&ctx.s, ctx.s.fig(fig));
    let mut shielding = 0i16;
    if r > 0 && ctx.s.rules.options.shielding_roll {
        let (_, rolled) = ctx.roll("shielding", r)?;
        shielding = rolled as i16;
    } else if r > 0 && fixed {
        shielding = i16::from(r) * 7 / 2;
    }
    if shielding > 0 {
        ctx.emit(Event::FireShielded {
            fig,
            r,
            dice: 0,
            hits: shielding,
            rule: RuleId(if ctx.s.rules.options.shielding_roll {
                "SK-14.3-b"
            } else {
                "SK-14.3-a"
            }),
        });
    }
    let left = (armor + shielding - i16::from(ctx.s.fig(fig).fire_stopped)).max(0);
    let taken = deal_damage(ctx, fig, source, Damage::points(hits), 1, left, false, rule)?;
    let stopped = hits.min(left);
    if stopped > 0 {
        ctx.emit(Event::FireArmor {
            fig,
            stopped,
            rule: RuleId("SK-16.12-m"),
        });
    }
    Ok(taken)
}

/// Puts out the fires on a figure: his §16.11 fire, and the molotov soak when `soak` (an
/// incendiary soak cannot be put out, SK-16.12-p).
fn put_out(ctx: &mut Ctx, fig: FigId, soak: bool, rule: RuleId) {
    let f = ctx.s.fig(fig);
    if soak && f.burning > 0 && !f.soak_incendiary {
        ctx.emit(Event::Effect {
            fig,
            effect: Effect::FireOut,
            rule,
        });
    } else if f.on_fire != Blaze::None {
        ctx.emit(Event::Effect {
            fig,
            effect: Effect::OnFire {
                extent: Blaze::None,
                ran: false,
            },
            rule,
        });
    }
}

/// Whether anything in `p` can be put out: a figure's fire, or a fire hex that is not
/// incendiary (SK-16.12-k, SK-16.12-p).
fn quenchable(s: &State, p: Pos) -> bool {
    s.figures.iter().any(|f| {
        f.pos == p
            && f.condition != crate::state::Condition::Dead
            && ((f.burning > 0 && !f.soak_incendiary) || f.on_fire != Blaze::None)
    }) || s.fires.iter().any(|f| f.pos == p && !f.incendiary)
}

// ---- The start of the turn: the INT checks (SK-16.11-f, SK-16.11-h).

/// At the start of each turn (after it begins, before initiative): a standing figure on fire
/// checks INT not to run (3d6 a limb, 4d6 half, 5d6 the whole body, +1 die when he ran last
/// turn, SK-16.11-f), and a figure in a burning hex checks 3d6 against INT to stay in it
/// (SK-16.11-h). A failure binds his movement this turn ([`constrain_moves`]).
pub(crate) fn start_of_turn(ctx: &mut Ctx) -> Result<(), ResolveError> {
    for i in 0..ctx.s.figures.len() {
        let f = &ctx.s.figures[i];
        // Most figures are neither on fire nor in a fire: no copy of them is made.
        if !can_move(f) || (f.on_fire == Blaze::None && !daunting(&ctx.s, f.pos)) {
            continue;
        }
        let f = f.clone();
        let id = i as FigId;
        if f.on_fire != Blaze::None && f.posture == Posture::Standing {
            // SK-16.11-f: a figure already down is rolling or cannot run; only standing ones
            // are tempted to.
            let dice = match f.on_fire {
                Blaze::Limb => 3,
                Blaze::Half => 4,
                _ => 5,
            } + u8::from(f.fire_ran);
            if !check_total(ctx, id, "not-run", dice, f.int, RuleId("SK-16.11-f"))? {
                ctx.emit(Event::Effect {
                    fig: id,
                    effect: Effect::MustRun,
                    rule: RuleId("SK-16.11-f"),
                });
            }
        }
        if daunting(&ctx.s, f.pos)
            && !check_total(ctx, id, "stay-in-fire", 3, f.int, RuleId("SK-16.11-h"))?
        {
            ctx.emit(Event::Effect {
                fig: id,
                effect: Effect::MustLeave,
                rule: RuleId("SK-16.11-h"),
            });
        }
    }
    Ok(())
}

/// SK-16.11-f/h: the movement options left to a figure that must run or leave a burning hex,
/// among `out[start..]`. Running is a Full Move (more than half his MOV, SK-10.7.6-a), or, when
/// no such hex can be reached, a move as far as he can; leaving is any move that ends outside
/// a daunting hex. A figure that cannot comply (engaged, down, hemmed in) keeps his options.
pub(crate) fn constrain_moves(s: &State, id: FigId, out: &mut Vec<Action>, start: usize) {
    let f = s.fig(id);
    if f.must_run {
        let mov = movement_allowance(s, f);
        with_reach(s, id, f.pos, mov, true, |r| {
            let dists = r.first_dists();
            let dist = |to: Pos| dists.get(to);
            let far = out[start..]
                .iter()
                .filter_map(|a| match a {
                    Action::Move { to, .. } => Some(dist(*to)),
                    _ => None,
                })
                .max()
                .unwrap_or(0);
            if far > 0 {
                let need = far.min(mov.div_ceil(2) + 1);
                let mut k = 0;
                out.retain(|a| {
                    k += 1;
                    k <= start || matches!(a, Action::Move { to, .. } if dist(*to) >= need)
                });
            }
        });
    }
    if f.must_leave {
        let leaves = |a: &Action| match a {
            Action::Move { to, .. }
            | Action::Shift { to, .. }
            | Action::Crawl { to, .. }
            | Action::StandUpAndMove { to, .. } => !daunting(s, *to),
            _ => false,
        };
        if out[start..].iter().any(leaves) {
            let mut k = 0;
            out.retain(|a| {
                k += 1;
                k <= start || leaves(a)
            });
        }
    }
}

// ---- Moving through fire (SK-16.11-g/h, SK-16.12-j/m).

/// SK-16.11-h: the 3d6 INT check to move into a burning hex, once a move, at the first daunting
/// hex the path enters (ours: the decision to go through fire is taken once); a failure stops
/// the move in the hex before it. Returns how many hexes of `path` (start included) he keeps.
pub(crate) fn nerve(ctx: &mut Ctx, fig: FigId, path: &[Pos]) -> Result<usize, ResolveError> {
    let Some(k) = (1..path.len()).find(|&k| daunting(&ctx.s, path[k])) else {
        return Ok(path.len());
    };
    let int = ctx.s.fig(fig).int;
    if check_total(ctx, fig, "enter-fire", 3, int, RuleId("SK-16.11-h"))? {
        Ok(path.len())
    } else {
        Ok(k)
    }
}

/// What a finished move ran into: the fire hexes crossed and the one stopped in. The molotov,
/// incendiary and flame-thrower fires (SK-16.12-j: 2 through, 4 stopping; incendiary 4 and 8)
/// add up and meet full body armor only (SK-16.12-k, -m); the §16.11 burning hexes
/// (SK-16.11-g: 1d6−4 through, +2 for each further hex, 1d6−2 stopping, +1d6 for each hex of
/// hot coals) add up and meet armor as immolation does (SK-16.11-i). Deep water on the way puts
/// fires out (SK-16.12-k: "diving underwater").
pub(crate) fn crossing(ctx: &mut Ctx, fig: FigId, path: &[Pos]) -> Result<(), ResolveError> {
    if path.len() < 2 {
        return Ok(());
    }
    let last = path.len() - 1;
    let mut oil = 0i16;
    for (i, p) in path.iter().enumerate().skip(1) {
        let Some(fire) = ctx.s.fires.iter().find(|x| x.pos == *p).copied() else {
            continue;
        };
        let (what, hits) = match (i == last, fire.incendiary) {
            (false, false) => ("through-fire", 2),
            (false, true) => ("through-fire", 4),
            (true, false) => ("stop-in-fire", 4),
            (true, true) => ("stop-in-fire", 8),
        };
        let rule = RuleId(if fire.incendiary {
            "SK-16.12-p"
        } else {
            "SK-16.12-j"
        });
        oil += burn(ctx, fig, what, Damage::points(hits), rule)?;
    }
    if ctx.s.fig(fig).active() {
        let armor = fire_armor(&ctx.s, ctx.s.fig(fig), Exposure::Soaked);
        scorch(ctx, fig, None, oil, armor, true, RuleId("SK-16.12-m"))?;
    }
    // SK-16.11-g: the burning hexes passed through, then the one stopped in.
    let through = path[1..last]
        .iter()
        .filter(|p| hex_fire(&ctx.s, **p).is_some())
        .count() as i16;
    let coals = path[1..last]
        .iter()
        .filter(|p| hex_fire(&ctx.s, **p) == Some(HexFire::Coals))
        .count() as u8;
    let mut heat = 0i16;
    if through > 0 {
        let expr = Damage::new(1 + coals, -4 + 2 * (through - 1));
        heat += burn(ctx, fig, "through-burning", expr, RuleId("SK-16.11-g"))?;
    }
    if let Some(h) = hex_fire(&ctx.s, path[last]) {
        let expr = Damage::new(1 + u8::from(h == HexFire::Coals), -2);
        heat += burn(ctx, fig, "stop-in-burning", expr, RuleId("SK-16.11-g"))?;
    }
    if ctx.s.fig(fig).active() {
        let armor = fire_armor(&ctx.s, ctx.s.fig(fig), Exposure::Immolated);
        scorch(ctx, fig, None, heat, armor, false, RuleId("SK-16.11-i"))?;
    }
    let wet = path[1..]
        .iter()
        .any(|p| ctx.s.terrain(*p).is_some_and(|t| t.deep_water));
    if wet {
        put_out(ctx, fig, true, RuleId("SK-16.12-k"));
    }
    Ok(())
}

// ---- The end of the turn (SK-16.11-T1, -d, -e, -g; SK-16.12-j/k).

/// The end of the turn: soaked figures burn (SK-16.12-j/k), figures on fire burn and running
/// fans their fire (SK-16.11-T1, -e), those who rolled are out (SK-16.11-d), and those who
/// stayed put in a fire take its heat (SK-16.11-g; the molotov's, SK-16.12-j).
pub(crate) fn end_of_turn(ctx: &mut Ctx) -> Result<(), ResolveError> {
    for i in 0..ctx.s.figures.len() {
        let id = i as FigId;
        let f = &ctx.s.figures[i];
        let in_fire =
            hex_fire(&ctx.s, f.pos).is_some() || ctx.s.fires.iter().any(|x| x.pos == f.pos);
        if !f.active() || (f.burning == 0 && f.on_fire == Blaze::None && !in_fire) {
            continue;
        }
        // SK-16.12-j/k: a soaked figure burns, 4 hits a turn; full body armor protects him for
        // the first turn only.
        let f = f.clone();
        if f.burning > 0 && f.active() {
            // (`fire_armor` reads nothing once the soak has burned a turn.)
            let armor = fire_armor(&ctx.s, &f, Exposure::Soaked);
            scorch(ctx, id, None, 4, armor, true, RuleId("SK-16.12-k"))?;
            // The soak burns down one turn (a figure it put out of the fight is left be).
            if ctx.s.fig(id).active() {
                ctx.emit(Event::Effect {
                    fig: id,
                    effect: Effect::Burning {
                        turns: f.burning - 1,
                    },
                    rule: RuleId("SK-16.12-j"),
                });
            }
        }
        // SK-16.11-T1: a §16.11 fire burns; a turn of running (a Full Move) spreads a limb to
        // half the body and half to the whole (SK-16.11-e), and a whole-body fire burns +2.
        let f = ctx.s.figures[i].clone();
        if f.on_fire != Blaze::None && f.active() {
            let ran = f.move_kind == MoveKind::Full;
            let extent = if ran { f.on_fire.fanned() } else { f.on_fire };
            let mut expr = blaze_damage(extent);
            if ran && f.on_fire == Blaze::Whole {
                expr = Damage::new(expr.dice, expr.adds + 2);
            }
            let rule = RuleId(if ran { "SK-16.11-e" } else { "SK-16.11-T1" });
            if extent != f.on_fire {
                ctx.emit(Event::Effect {
                    fig: id,
                    effect: Effect::OnFire { extent, ran },
                    rule: RuleId("SK-16.11-e"),
                });
            }
            let hits = burn(ctx, id, "on-fire", expr, rule)?;
            let armor = fire_armor(&ctx.s, ctx.s.fig(id), Exposure::Immolated);
            scorch(ctx, id, None, hits, armor, false, RuleId("SK-16.11-i"))?;
            let g = ctx.s.fig(id);
            if g.rolling {
                // SK-16.11-d: a turn of rolling puts it out, after the turn's burn.
                put_out(ctx, id, false, RuleId("SK-16.11-d"));
            } else if g.fire_ran != ran && g.on_fire != Blaze::None {
                let extent = g.on_fire;
                ctx.emit(Event::Effect {
                    fig: id,
                    effect: Effect::OnFire { extent, ran },
                    rule: RuleId("SK-16.11-e"),
                });
            }
        }
        // Staying put in a fire: the §16.11 burning hex, 1d6 a turn (+1d6 hot coals,
        // SK-16.11-g); a molotov, incendiary or flame-thrower fire, 4 hits (8 incendiary) a turn
        // behind full body armor (ours, G-52: the book gives no number for staying; its
        // stopping hits, and not in the turn the fire was lit, whose hits came with it).
        let f = ctx.s.figures[i].clone();
        if !f.active() || f.moved > 0 {
            continue;
        }
        if let Some(h) = hex_fire(&ctx.s, f.pos) {
            let expr = Damage::new(1 + u8::from(h == HexFire::Coals), 0);
            let hits = burn(ctx, id, "stay-in-burning", expr, RuleId("SK-16.11-g"))?;
            let armor = fire_armor(&ctx.s, ctx.s.fig(id), Exposure::Immolated);
            scorch(ctx, id, None, hits, armor, false, RuleId("SK-16.11-i"))?;
        }
        let fire = ctx.s.fires.iter().find(|x| x.pos == f.pos).copied();
        if let Some(fire) = fire.filter(|x| x.turns_left < 12) {
            let (hits, rule) = if fire.incendiary {
                (8, "SK-16.12-p")
            } else {
                (4, "SK-16.12-j")
            };
            let hits = burn(ctx, id, "stay-in-fire", Damage::points(hits), RuleId(rule))?;
            if ctx.s.fig(id).active() {
                let armor = fire_armor(&ctx.s, ctx.s.fig(id), Exposure::Soaked);
                scorch(ctx, id, None, hits, armor, true, RuleId("SK-16.12-k"))?;
            }
        }
    }
    Ok(())
}

// ---- Putting fires out (SK-16.11-d, SK-16.12-k).

/// Stop, drop and roll (SK-16.11-d): the whole turn; he drops prone, and his fire is out at the
/// end of the turn after one more turn of burning, or at once if an ally helps
/// ([`help_put_out`]). It does not put out a molotov soak (G-52).
pub(crate) fn stop_drop_roll(ctx: &mut Ctx, fig: FigId) -> Result<(), ResolveError> {
    if !ctx.s.fig(fig).posture.down() {
        ctx.emit(Event::Posture {
            fig,
            posture: Posture::Prone,
            rule: RuleId("SK-16.11-d"),
        });
    }
    ctx.emit(Event::Effect {
        fig,
        effect: Effect::Rolling,
        rule: RuleId("SK-16.11-d"),
    });
    ctx.emit(Event::Acted { fig });
    done_moving(ctx);
    Ok(())
}

/// SK-16.11-d: an adjacent ally's action puts out the fire of a figure who stops, drops and
/// rolls, before it burns him again.
pub(crate) fn help_put_out(ctx: &mut Ctx, fig: FigId, target: FigId) -> Result<(), ResolveError> {
    ctx.emit(Event::Acted { fig });
    put_out(ctx, target, false, RuleId("SK-16.11-d"));
    Ok(())
}

/// SK-16.12-k: the fire extinguisher, sprayed at his own hex or an adjacent one, puts out the
/// fires on everyone there (a molotov soak too, not an incendiary one) and a fire hex that is
/// not incendiary (SK-16.12-p); a §16.11 burning hex of the scenario is more than one
/// extinguisher can put out. One use (the catalog's item); using it is the action.
pub(crate) fn extinguish(ctx: &mut Ctx, fig: FigId, at: Pos) -> Result<(), ResolveError> {
    ctx.emit(Event::Acted { fig });
    ctx.emit(Event::Effect {
        fig,
        effect: Effect::ItemSpent {
            item: ItemKind::Extinguisher,
        },
        rule: RuleId("SK-16.12-k"),
    });
    for i in 0..ctx.s.figures.len() {
        let f = &ctx.s.figures[i];
        if f.pos == at && f.condition != crate::state::Condition::Dead {
            put_out(ctx, i as FigId, true, RuleId("SK-16.12-k"));
        }
    }
    if ctx.s.fires.iter().any(|f| f.pos == at && !f.incendiary) {
        ctx.emit(Event::FireOut { at });
    }
    Ok(())
}

/// The fire actions of the action phase, after every other (SK-16.12-k, SK-16.11-d): spraying
/// the extinguisher at his own hex or an adjacent one with something to put out (in direction
/// order), and helping an adjacent ally who rolls. Each is an action within the limits of
/// readying (SK-11.7.4-a: at most a Pace, a shift when engaged).
pub(crate) fn fire_actions(s: &State, id: FigId, out: &mut Vec<Action>) {
    let f = s.fig(id);
    let engaged = engagers_of(s, f, f.pos) != 0;
    if f.in_hth || u32::from(f.moved) > if engaged { 1 } else { 2 } {
        return;
    }
    if f.has_item(ItemKind::Extinguisher) {
        if quenchable(s, f.pos) {
            out.push(Action::Extinguish { fig: id, at: f.pos });
        }
        for dir in 0..6u8 {
            let p = f.pos.neighbour(dir);
            if s.on_map(p) && quenchable(s, p) {
                out.push(Action::Extinguish { fig: id, at: p });
            }
        }
    }
    for (t, o) in s.figures.iter().enumerate() {
        if t != usize::from(id)
            && o.side == f.side
            && o.rolling
            && o.on_fire != Blaze::None
            && o.pos.distance(f.pos) == 1
        {
            out.push(Action::HelpPutOut {
                fig: id,
                target: t as FigId,
            });
        }
    }
}

/// Whether stop, drop and roll is offered (SK-16.11-d): on fire (§16.11), and not bound to run.
pub(crate) fn may_roll(f: &Figure) -> bool {
    f.on_fire != Blaze::None && !f.must_run
}

// ---- Weapons on fire (SK-16.11-b/c).

/// SK-16.11-c: a weapon on fire that hits a highly flammable target (the unit's `flammable`, GM
/// input) sets him alight on a 50/50 chance (1d6: 1–3). Ours: one limb when the hit was in an
/// arm or a leg (SK-21.4 aimed shots and criticals), else half the body (the fuel he is doused
/// in spreads it). A figure already on fire is not lit again.
pub(crate) fn flaming_hit(
    ctx: &mut Ctx,
    a: &AttackSpec,
    w: Option<&Weapon>,
    loc: Option<Location>,
) -> Result<(), ResolveError> {
    if !w.is_some_and(|w| w.flaming) {
        return Ok(());
    }
    let t = ctx.s.fig(a.target);
    if !t.active() || !t.flammable || t.on_fire != Blaze::None {
        return Ok(());
    }
    if check_total(ctx, a.target, "catch-fire", 1, 3, RuleId("SK-16.11-c"))? {
        let extent = match loc {
            Some(Location::Head) | None => Blaze::Half,
            Some(_) => Blaze::Limb,
        };
        ctx.emit(Event::Effect {
            fig: a.target,
            effect: Effect::OnFire { extent, ran: false },
            rule: RuleId("SK-16.11-c"),
        });
    }
    Ok(())
}
