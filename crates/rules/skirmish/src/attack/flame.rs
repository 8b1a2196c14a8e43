//! Flame throwers (SK-16.13, G-53): a small or a large burst of burning oil (3 or 7 fire hexes)
//! out of four small bursts' fuel (SK-16.13-a/b), rolled with the missile weapon adjustments and
//! placed by the firer in one of a few canonical shapes (SK-16.13-c), a roll to hit for every
//! other figure inside the area (SK-16.13-d), 4 hits in the fire, 2 next to it and a 4d6 roll
//! not to be soaked (SK-16.13-e), and the tank on a wearer's back that a hit from behind may
//! ignite (SK-16.13-f). The flame-thrower fires then burn as a molotov's (`crate::fire`).

use crate::action::Burst;
use crate::autoresult::{break_severity, classify, Break, ToHit};
use crate::combat::ctx::Ctx;
use crate::combat::edex::order_dex;
use crate::combat::modifiers::{attack_mods_in, AttackSpec};
use crate::combat::weapon_of;
use crate::data::{Length, Weapon};
use crate::event::{AttackKind, Effect, Event};
use crate::fire::{fire_armor, Exposure};
use crate::geometry::{attacked_from, engagers_of};
use crate::state::{FigId, Pos, State};
use fireteam_engine::{Modifier, ResolveError, RuleId};
use fireteam_grid::Arc;
use smallvec::SmallVec;

/// The hexes of a burst (SK-16.13-b/c). The book lets the firer arrange the counters as he
/// likes, connected; the engine offers canonical shapes oriented along the line of fire
/// (`f` = the hex direction from the firer's side of the target to its far side):
/// * on a hit, the target's hex and the hexes beyond it: a small line (the target and the two
///   hexes straight beyond), a small fan (the target and the two hexes beyond it on either side
///   of the line), a large ring (the target's multihex) or a large cone (the target, the three
///   hexes beyond it and the three beyond those);
/// * on a miss, never the target's hex (SK-16.13-c): the stream overshoots; a small burst lands
///   on the hex beyond the target and two hexes next to it and to each other, a large one on the
///   multihex whose centre is two hexes beyond the target (it holds the hex next to him).
///
/// Hexes off the map or impassable (walls) take no fire; where the map's edge or a wall cuts the
/// shape, it turns (one hex-side, then two, then back toward the firer) to the first orientation
/// that keeps the most counters, never onto the firer's hex.
pub fn burst_hexes(
    s: &State,
    firer: Pos,
    target: Pos,
    burst: Burst,
    hit: bool,
) -> SmallVec<[Pos; 8]> {
    let back = (0..6u8)
        .min_by_key(|&d| (target.neighbour(d).distance(firer), d))
        .unwrap_or(0);
    let f = (back + 3) % 6;
    let full = if burst.large() { 7 } else { 3 };
    let mut best: SmallVec<[Pos; 8]> = SmallVec::new();
    for turn in [0u8, 1, 5, 2, 4, 3] {
        let v = shape(s, target, (f + turn) % 6, burst, hit);
        if v.contains(&firer) {
            continue;
        }
        if v.len() > best.len() {
            best = v;
        }
        if best.len() == full {
            break;
        }
    }
    best
}

/// One canonical shape facing `f` (see [`burst_hexes`]), cut to the passable hexes.
fn shape(s: &State, t: Pos, f: u8, burst: Burst, hit: bool) -> SmallVec<[Pos; 8]> {
    let n = |p: Pos, d: u8| p.neighbour(d % 6);
    let mut v: SmallVec<[Pos; 8]> = SmallVec::new();
    match (burst, hit) {
        (Burst::SmallLine, true) => v.extend([t, n(t, f), n(n(t, f), f)]),
        (Burst::SmallFan, true) => v.extend([t, n(t, f + 5), n(t, f + 1)]),
        (Burst::LargeRing, true) => {
            v.push(t);
            v.extend((0..6).map(|d| n(t, d)));
        }
        (Burst::LargeCone, true) => {
            let a = n(t, f);
            v.extend([
                t,
                n(t, f + 5),
                a,
                n(t, f + 1),
                n(a, f + 5),
                n(a, f),
                n(a, f + 1),
            ]);
        }
        (Burst::SmallLine, false) => {
            let a = n(t, f);
            v.extend([a, n(a, f), n(a, f + 1)]);
        }
        (Burst::SmallFan, false) => {
            let a = n(t, f);
            v.extend([a, n(a, f + 5), n(a, f)]);
        }
        (Burst::LargeRing | Burst::LargeCone, false) => {
            let c = n(n(t, f), f);
            v.push(c);
            v.extend((0..6).map(|d| n(c, d)));
        }
    }
    v.retain(|p| s.passable(*p));
    v
}

/// Whether a burst shape is offered at a target: the firer keeps out of his own fire (a large
/// ring at an adjacent target would burn his own hex, whichever way it turns).
pub fn burst_allowed(s: &State, firer: Pos, target: Pos, burst: Burst) -> bool {
    burst_hexes(s, firer, target, burst, true).contains(&target)
}

/// SK-16.13-a: fuel is counted in small bursts (`rounds` = 4); a large burst burns two.
pub fn fuel(burst: Burst) -> u16 {
    if burst.large() {
        2
    } else {
        1
    }
}

/// A flame thrower burst at `target` (SK-16.13-a…e). One burst a turn (G-53: the catalog's one
/// shot); no rolls to avoid: the area's own rolls to hit replace them (SK-16.13-d).
pub(crate) fn flame(
    ctx: &mut Ctx,
    fig: FigId,
    target: FigId,
    burst: Burst,
) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let slot = f.ready.unwrap_or(0);
    let Some(w) = weapon_of(&ctx.s, &f, Some(slot)).cloned() else {
        return Err(ResolveError::Illegal("no flame thrower in hand".into()));
    };
    let left = f.weapons[usize::from(slot)].map_or(0, |s| s.rounds);
    if !w.is_group("flamer") || left < fuel(burst) {
        return Err(ResolveError::Illegal(
            "no flame thrower with fuel in hand".into(),
        ));
    }
    ctx.emit(Event::Acted { fig });
    let at = ctx.s.fig(target).pos;
    // SK-16.13-b: the roll to hit with the missile weapon adjustments.
    let hit = to_hit(ctx, fig, target, slot, &w, true)?;
    let hexes = burst_hexes(&ctx.s, f.pos, at, burst, hit);
    ctx.emit(Event::FlameBurst {
        fig,
        target,
        large: burst.large(),
        hit,
        hexes: hexes.clone(),
    });
    ctx.emit(Event::Spent {
        fig,
        slot,
        rounds: fuel(burst),
    });
    // SK-16.13-d: every other figure where the oil lands is rolled for separately.
    let mut struck = 0u64;
    if hit && hexes.contains(&at) {
        struck |= 1 << target;
    }
    for i in 0..ctx.s.figures.len() {
        let o = &ctx.s.figures[i];
        let id = i as FigId;
        if id != fig
            && id != target
            && o.active()
            && hexes.contains(&o.pos)
            && to_hit(ctx, fig, id, slot, &w, false)?
        {
            struck |= 1 << i;
        }
    }
    oil_lands(ctx, &hexes, Some(fig), struck, 4, RuleId("SK-16.13-e"))?;
    // SK-11.8.2-a: a weapon longer than short is dropped after shooting a charger.
    let engaged = engagers_of(&ctx.s, &f, f.pos) != 0;
    if engaged && w.length > Length::Short && ctx.s.fig(fig).ready == Some(slot) {
        ctx.emit(Event::Effect {
            fig,
            effect: Effect::WeaponDropped { slot },
            rule: RuleId("SK-11.8.2-a"),
        });
    }
    Ok(())
}

/// One roll to hit with the flame thrower (SK-16.13-b: the missile weapon adjustments, the
/// Flame Thrower skill's −4 unskilled among them, G-53). The firer's own automatic results
/// (dropped, broken) follow the missile rules (SK-12.1-d/e) on the roll at his target only.
fn to_hit(
    ctx: &mut Ctx,
    fig: FigId,
    target: FigId,
    slot: u8,
    w: &Weapon,
    primary: bool,
) -> Result<bool, ResolveError> {
    let spec = AttackSpec {
        attacker: fig,
        target,
        kind: AttackKind::Missile,
        slot: Some(slot),
        mode: None,
        rounds: 1,
        disengaging: false,
        quick: false,
        aim: None,
        opportunity: None,
        maneuver: None,
    };
    let (mut mods, dice, darkness) = attack_mods_in(ctx, &spec);
    if !primary {
        // SK-16.13-d: the area's rolls belong to the one burst: no "another target this turn"
        // (SK-16.6-h) for them.
        mods.retain(|m| m.id != "new-target");
    }
    let base = ctx.s.fig(fig).dex;
    let mut target_number = base + Modifier::total(&mods) as i16;
    if darkness {
        // SK-17.5-b: firing in complete darkness, DEX is 5.
        target_number = 5;
        mods.push(Modifier::applied(
            "darkness",
            "complete darkness: DEX is 5",
            0,
            RuleId("SK-17.5-b"),
        ));
    }
    // Read only for a hit and, on the primary target, a dropped or broken weapon.
    let (tn, auto) = (i32::from(target_number), ctx.s.rules.options.auto_numbers);
    let class = |t: i32| match classify(dice, t, tn, auto, false).result {
        ToHit::Hit { .. } => 1,
        ToHit::Dropped if primary => 2,
        ToHit::Broken if primary => 3,
        _ => 0,
    };
    let (faces, total) = ctx.roll_classed("to-hit", dice, &class)?;
    let c = classify(dice, total, tn, auto, false);
    ctx.emit(Event::Roll {
        attacker: fig,
        target,
        kind: AttackKind::Missile,
        weapon_name: w.name.as_str().into(),
        mode: None,
        rounds: 1,
        dice,
        faces,
        total,
        base,
        modifiers: mods,
        target_number,
        result: c.result,
        rule: c.rule,
        margin: c.margin,
        bullets: u8::from(c.result.is_hit()),
        avoid: false,
    });
    if primary {
        match c.result {
            ToHit::Dropped => ctx.emit(Event::Effect {
                fig,
                effect: Effect::WeaponDropped { slot },
                rule: RuleId("SK-12.1-d"),
            }),
            ToHit::Broken => {
                let (_, die) = ctx.roll("break", 1)?;
                let permanent = break_severity(die, w.energy, w.gas_action) == Break::Permanent;
                ctx.emit(Event::Effect {
                    fig,
                    effect: Effect::WeaponBroken { slot, permanent },
                    rule: RuleId("SK-12.1-e"),
                });
            }
            _ => {}
        }
    }
    Ok(c.result.is_hit())
}

/// Burning oil lands on `hexes` (SK-16.13-e, as the molotov SK-16.12-h…k): 4 hits to everyone
/// in them who was hit (`struck`, one bit per figure), 2 to everyone else in them and next to
/// them, only full body armor helping; the hit roll `soak_dice` d6 against eDEX not to be soaked
/// (then they burn 12 turns); and every hex burns 12 turns.
pub(crate) fn oil_lands(
    ctx: &mut Ctx,
    hexes: &[Pos],
    source: Option<FigId>,
    struck: u64,
    soak_dice: u8,
    rule: RuleId,
) -> Result<(), ResolveError> {
    for i in 0..ctx.s.figures.len() {
        let o = &ctx.s.figures[i];
        if !o.active() {
            continue;
        }
        let id = i as FigId;
        let inside = hexes.contains(&o.pos);
        let near = !inside && hexes.iter().any(|h| h.distance(o.pos) == 1);
        let hit = inside && struck & (1 << i) != 0;
        let hits = if hit {
            4
        } else if inside || near {
            2
        } else {
            continue;
        };
        let armor = fire_armor(&ctx.s, o, Exposure::Soaked);
        // SK-16.12-m, SK-14.3-a: fire hits, with the turn's others, against armor and shielding.
        crate::fire::scorch(ctx, id, source, hits, armor, true, rule)?;
        if hit && ctx.s.fig(id).active() {
            let need = order_dex(&ctx.s, ctx.s.fig(id));
            if !crate::fire::check_total(ctx, id, "not-soaked", soak_dice, need, rule)? {
                ctx.emit(Event::Effect {
                    fig: id,
                    effect: Effect::Burning { turns: 12 },
                    rule,
                });
            }
        }
    }
    for &at in hexes {
        ctx.emit(Event::FireLit {
            at,
            turns: 12,
            incendiary: false,
        });
    }
    Ok(())
}

/// The slot and fuel of the flame thrower with fuel `fig` carries, if any: `tank_hit` reads the
/// damage of a hit only then.
pub(crate) fn tank(s: &State, fig: FigId) -> Option<(u8, u16)> {
    s.fig(fig).weapons.iter().enumerate().find_map(|(k, w)| {
        w.filter(|w| w.rounds > 0 && s.rules.weapons[usize::from(w.weapon)].is_group("flamer"))
            .map(|w| (k as u8, w.rounds))
    })
}

/// SK-16.13-f, G-53: a figure carrying a flame thrower with fuel, hit from his rear hex (any hit
/// by default; aimed shots only with `sk.flame_thrower_ignition = "aimed_only"`), rolls 3d6: at
/// or under the damage the attack rolled (before armor: the tank is outside it; the events since
/// `mark`) the fuel ignites, as a molotov centred on him with a 5d6 roll against eDEX not to be
/// soaked; the fuel is gone.
pub(crate) fn tank_hit(ctx: &mut Ctx, a: &AttackSpec, mark: usize) -> Result<(), ResolveError> {
    let t = ctx.s.fig(a.target).clone();
    let Some((slot, rounds)) = tank(&ctx.s, a.target) else {
        return Ok(());
    };
    let from = ctx.s.fig(a.attacker).pos;
    // SK-10.5-c: a crawling figure's tank is hit "from the rear" from any hex.
    if from == t.pos || attacked_from(&t, from) != Arc::Rear {
        return Ok(());
    }
    if ctx.s.rules.options.flame_ignition_aimed_only && a.aim.is_none() {
        return Ok(());
    }
    let damage: i32 = ctx.out[mark..]
        .iter()
        .filter_map(|e| match e {
            Event::Damage {
                target,
                rolled,
                mult,
                ..
            } if *target == a.target => Some(*rolled * i32::from((*mult).max(1))),
            _ => None,
        })
        .sum();
    let need = damage.clamp(0, i32::from(i16::MAX)) as i16;
    if !crate::fire::check_total(ctx, a.target, "tank-ignites", 3, need, RuleId("SK-16.13-f"))? {
        return Ok(());
    }
    ctx.emit(Event::Spent {
        fig: a.target,
        slot,
        rounds,
    });
    let struck = ctx
        .s
        .figures
        .iter()
        .enumerate()
        .filter(|(_, f)| f.pos == t.pos)
        .fold(0u64, |m, (i, _)| m | 1 << i);
    oil_lands(
        ctx,
        &[t.pos],
        Some(a.attacker),
        struck,
        5,
        RuleId("SK-16.13-f"),
    )
}
