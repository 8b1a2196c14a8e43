//! What an energy weapon's shot meets on its way and what it takes off its damage (SK-12.3-e):
//! smoke, which takes 1 a hex off a laser (SK-17.4-b); and shielding, which takes R dice off
//! (SK-14.3-c, or R dice rolled and subtracted with `sk.shielding = "roll_and_subtract"`,
//! SK-14.3-b, G-27): the target's own shielding (SK-14.3-a), a smoke grenade's cloud on the line
//! of fire (R1, SK-16.12-t; option `sk.smoke_shielding`), anti-laser smoke (R1 against lasers,
//! SK-16.8-d, SK-17.4-d) and energy shields whose field the shot crosses (SK-14.3-d/f, G-27),
//! one of which, a Reflector, sends the hit back to its firer at half damage. Against any other
//! weapon only the target's own shielding counts, as R hits stopped (G-27).

use crate::cloud::covers;
use crate::combat::armor::armor_value;
use crate::combat::ctx::Ctx;
use crate::combat::damage::deal_damage;
use crate::data::{EnergyShieldKind, Weapon};
use crate::event::{AttackKind, Event, Shielder};
use crate::geometry::line_of_fire;
use crate::progression::Damage;
use crate::shield::{fields, meets};
use crate::state::{CloudKind, FigId, Figure, Pos, State};
use fireteam_engine::{ResolveError, RuleId};
use fireteam_grid::LineStep;
use smallvec::SmallVec;

/// A hit's damage after what it met on its way.
pub(crate) struct Shot {
    pub expr: Damage,
    /// Hits stopped on top of the armor (shielding rolled, SK-14.3-b; or R against other
    /// weapons, G-27).
    pub hits: i16,
    /// A Reflector's wearer that sends the hit back (SK-14.3-f).
    pub reflected_by: Option<FigId>,
}

/// The clouds the line of fire from `from` to `to` passes through, the firer's and the target's
/// hexes included (G-51), each once.
fn clouds_crossed(s: &State, from: Pos, to: Pos) -> SmallVec<[(u16, CloudKind); 4]> {
    let mut out: SmallVec<[(u16, CloudKind); 4]> = SmallVec::new();
    let mut look = |p: Pos| {
        for c in s.clouds.iter().filter(|c| covers(c, p)) {
            if !out.iter().any(|(id, _)| *id == c.id) {
                out.push((c.id, c.kind));
            }
        }
    };
    // `line` gives the cells between the two centres only.
    look(from);
    look(to);
    for step in crate::geometry::line_steps(from.hex(), to.hex()) {
        match step {
            LineStep::Single(c) | LineStep::Corner(c) => look(Pos::from_hex(c)),
            LineStep::Edge(c, d) => {
                look(Pos::from_hex(c));
                look(Pos::from_hex(d));
            }
        }
    }
    out
}

/// Whether a cloud is R1 shielding against this weapon's shot, and by which rule: anti-laser
/// smoke against lasers (SK-16.8-d, SK-17.4-d); a smoke grenade's cloud, anti-laser or not,
/// against every energy weapon (SK-16.12-t; not with `sk.smoke_shielding = "anti_laser_only"`);
/// tear gas never.
fn cloud_r1(s: &State, kind: CloudKind, w: &Weapon) -> Option<&'static str> {
    match kind {
        CloudKind::AntiLaser if w.laser => Some("SK-16.8-d"),
        CloudKind::Smoke | CloudKind::AntiLaser if s.rules.options.smoke_shielding => {
            Some("SK-16.12-t")
        }
        _ => None,
    }
}

/// The R-factor of the shielding a figure wears (SK-14.3-a); none once worn out (SK-21.7-a,
/// E-19, optional degraded armor: after taking 40 × R dice off energy weapons, R2: 80 dice).
pub(crate) fn worn_r(s: &State, f: &Figure) -> u8 {
    let worn = f
        .armor
        .map_or(0, |i| s.rules.armor[usize::from(i)].r_factor);
    if s.rules.options.degraded_armor && u32::from(f.shielding_dice) >= 40 * u32::from(worn) {
        0
    } else {
        worn
    }
}

/// What the hit of `w` (an attack of `kind` by `att` on `tgt`, damage `expr`) meets on its way.
pub(crate) fn on_hit(
    ctx: &mut Ctx,
    att: &Figure,
    tgt: &Figure,
    w: Option<&Weapon>,
    kind: AttackKind,
    mut expr: Damage,
) -> Result<Shot, ResolveError> {
    let worn = worn_r(&ctx.s, tgt);
    let energy_shot = w.filter(|w| w.energy && kind == AttackKind::Missile);
    let Some(w) = energy_shot else {
        // G-27: against every other weapon the target's shielding stops R hits; clouds and
        // energy shields stop nothing (energy shields guard against energy weapons and fire).
        let energy = w.is_some_and(|w| w.energy);
        let hits = if energy { 0 } else { i16::from(worn) };
        let mut shot = Shot {
            expr,
            hits,
            reflected_by: None,
        };
        if energy && worn > 0 {
            // An energy weapon that is not fired (a plasma sword): its dice still come off.
            shot.expr = remove_or_roll(ctx, &mut shot.hits, expr, worn)?;
        }
        return Ok(shot);
    };
    // SK-17.4-b: a laser loses 1 damage for each smoke hex it crosses (G-34: normalised on the
    // ladder).
    if w.laser {
        let smoke = line_of_fire(&ctx.s, att.pos, tgt.pos).smoke;
        if smoke > 0 {
            expr = expr.plus(-i32::from(smoke));
        }
    }
    let mut r = 0u8;
    if worn > 0 {
        r += worn;
        ctx.emit(Event::Shielded {
            target: tgt.id,
            by: Shielder::Worn,
            r: worn,
            rule: RuleId("SK-14.3-c"),
        });
    }
    for (id, ck) in clouds_crossed(&ctx.s, att.pos, tgt.pos) {
        if let Some(rule) = cloud_r1(&ctx.s, ck, w) {
            r += 1;
            ctx.emit(Event::Shielded {
                target: tgt.id,
                by: Shielder::Cloud { id, kind: ck },
                r: 1,
                rule: RuleId(rule),
            });
        }
    }
    let met: SmallVec<[(FigId, EnergyShieldKind, u8); 2]> = fields(&ctx.s)
        .filter_map(|(wearer, a)| {
            let k = a.shield_type?;
            meets(k, ctx.s.fig(wearer), att.pos, tgt.pos).then_some((wearer, k, a.r_factor))
        })
        .collect();
    // SK-14.3-f, G-27: a Reflector sends the hit back; nothing else matters then.
    if let Some(&(wearer, _, _)) = met
        .iter()
        .find(|(_, k, _)| *k == EnergyShieldKind::Reflector)
    {
        ctx.emit(Event::Shielded {
            target: tgt.id,
            by: Shielder::Field {
                wearer,
                kind: EnergyShieldKind::Reflector,
            },
            r: 0,
            rule: RuleId("SK-14.3-f"),
        });
        return Ok(Shot {
            expr,
            hits: 0,
            reflected_by: Some(wearer),
        });
    }
    for (wearer, k, fr) in met {
        r += fr;
        ctx.emit(Event::Shielded {
            target: tgt.id,
            by: Shielder::Field { wearer, kind: k },
            r: fr,
            rule: RuleId("SK-14.3-f"),
        });
    }
    let mut hits = 0;
    if r > 0 {
        expr = remove_or_roll(ctx, &mut hits, expr, r)?;
    }
    Ok(Shot {
        expr,
        hits,
        reflected_by: None,
    })
}

/// SK-14.3-c (default): R dice come off the damage (E-14: 6d6 against R2 is 4d6); SK-14.3-b
/// (`sk.shielding = "roll_and_subtract"`): R dice are rolled and stop that many hits.
fn remove_or_roll(
    ctx: &mut Ctx,
    hits: &mut i16,
    expr: Damage,
    r: u8,
) -> Result<Damage, ResolveError> {
    if ctx.s.rules.options.shielding_roll {
        let (_, stopped) = ctx.roll("shielding", r)?;
        *hits += stopped as i16;
        Ok(expr)
    } else {
        Ok(Damage::new(expr.dice.saturating_sub(r), expr.adds))
    }
}

/// SK-14.3-f, G-27: a Reflector sends a hit back to its firer: the shot's damage, halved
/// (rounded down), against the firer's own armor; the target takes nothing.
pub(crate) fn reflect(
    ctx: &mut Ctx,
    firer: FigId,
    target: FigId,
    wearer: FigId,
    expr: Damage,
    w: Option<&Weapon>,
) -> Result<(), ResolveError> {
    ctx.emit(Event::Reflected {
        wearer,
        firer,
        target,
        rule: RuleId("SK-14.3-f"),
    });
    let f = ctx.s.fig(firer).clone();
    let from = ctx.s.fig(target).pos;
    let armor = armor_value(&ctx.s, &f, from, w);
    // SK-21.3-b (optional): the weapon's own attack type.
    ctx.hit.kind = crate::combat::damage::attack_type(w);
    deal_damage(
        ctx,
        firer,
        Some(wearer),
        expr,
        1,
        armor,
        true,
        RuleId("SK-14.3-f"),
    )?;
    Ok(())
}
