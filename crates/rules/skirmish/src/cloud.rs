//! Smoke and gas clouds (SK-16.12-q…v, G-51): a cloud forms where a smoke, tear-gas or
//! anti-laser grenade goes off, grows while its grenade burns and clears two turns after; a
//! slight wind drifts it and a strong wind disperses it (SK-16.12-r, GM input); tear gas works
//! on everyone in it without a gas mask (SK-16.12-s/v); and the burning grenade can be picked up
//! and thrown again, burning the hand that holds it (SK-16.12-u).

use crate::attack::grenade::throw_roll;
use crate::combat::ctx::Ctx;
use crate::combat::damage::deal_damage;
use crate::data::{ArmorKind, GrenadeKind};
use crate::event::{Effect, Event};
use crate::options::Wind;
use crate::progression::Damage;
use crate::state::{Cloud, CloudKind, FigId, Figure, HeldGrenade, Pos, State};
use fireteam_engine::{ResolveError, RuleId};

/// G-51: a grenade has burned out after 5 turns; its cloud is gone 2 turns later.
const BURN_TURNS: u8 = 5;
const GONE_AT: u8 = BURN_TURNS + 2;
/// G-51: the cloud grows one ring a turn up to radius 4 (INVENTED cap).
const MAX_RADIUS: u8 = 4;

/// The cloud a smoke or gas grenade makes (the others make none).
pub fn cloud_kind(k: GrenadeKind) -> CloudKind {
    match k {
        GrenadeKind::TearGas => CloudKind::TearGas,
        GrenadeKind::AntiLaser => CloudKind::AntiLaser,
        _ => CloudKind::Smoke,
    }
}

/// Whether the cloud covers the hex.
pub fn covers(c: &Cloud, p: Pos) -> bool {
    c.center.distance(p) <= u32::from(c.radius)
}

/// SK-16.12-q: a one-hex cloud forms at `at` around a grenade that has burned `age` turns (0
/// when it just went off; more when a burning grenade is thrown again, SK-16.12-u).
pub(crate) fn form(ctx: &mut Ctx, at: Pos, kind: CloudKind, weapon: u16, age: u8) {
    let id = ctx.s.clouds.iter().map(|c| c.id + 1).max().unwrap_or(0);
    ctx.emit(Event::CloudChanged {
        cloud: Cloud {
            id,
            center: at,
            radius: 0,
            age,
            kind,
            weapon,
            grenade: true,
        },
        gone: false,
        rule: RuleId("SK-16.12-q"),
    });
}

/// The end of the turn, before the turn's grenades go off (so a cloud is one hex for the whole
/// of the turn it forms in). SK-16.12-q, G-51: while its grenade burns (under 5 turns), a cloud
/// grows one ring a turn (one hex, then a MH, …, radius 4 at most); it clears 2 turns after the
/// grenade burned out. SK-16.12-r (GM input `sk.wind`): a slight wind drifts every cloud
/// `sk.wind_drift` hexes toward `sk.wind_direction` (one blown off the map is gone); a strong
/// wind disperses every cloud at the end of the turn it formed in, so it never grows (INVENTED:
/// "with few effects on characters").
pub(crate) fn grow_and_clear(ctx: &mut Ctx) {
    let opts = ctx.s.rules.options;
    for c in ctx.s.clouds.clone() {
        let age = c.age.saturating_add(1);
        let burning = c.grenade && age < BURN_TURNS;
        let mut next = Cloud {
            age,
            grenade: burning,
            ..c
        };
        if burning {
            next.radius = (c.radius + 1).min(MAX_RADIUS);
        }
        let mut rule = "SK-16.12-q";
        let mut gone = age >= GONE_AT;
        match opts.wind {
            Wind::Strong => {
                gone = true;
                rule = "SK-16.12-r";
            }
            Wind::Slight if !gone => {
                for _ in 0..opts.wind_drift {
                    next.center = next.center.neighbour(opts.wind_direction);
                }
                gone = !ctx.s.on_map(next.center);
                rule = "SK-16.12-r";
            }
            _ => {}
        }
        ctx.emit(Event::CloudChanged {
            cloud: next,
            gone,
            rule: RuleId(rule),
        });
    }
}

/// SK-16.12-s/v: at the end of the turn, anyone in a tear-gas cloud without his gas mask on
/// breathes it: −4 DEX for the rest of the combat.
pub(crate) fn tear_gas(ctx: &mut Ctx) {
    for i in 0..ctx.s.figures.len() {
        let f = &ctx.s.figures[i];
        let in_gas = ctx
            .s
            .clouds
            .iter()
            .any(|c| c.kind == CloudKind::TearGas && covers(c, f.pos));
        if f.active() && !f.gassed && !f.mask_on && in_gas {
            ctx.emit(Event::Effect {
                fig: i as FigId,
                effect: Effect::Gassed,
                rule: RuleId("SK-16.12-s"),
            });
        }
    }
}

/// SK-16.12-s: tear gas works on "everyone that stands or moves through the cloud" without a
/// mask on: a figure whose move enters a tear-gas hex breathes it there and then, even if he
/// walks out of it again ([`tear_gas`] at the end of the turn takes those who stand in it).
pub(crate) fn breathed_on_the_way(ctx: &mut Ctx, fig: FigId, path: &[Pos]) {
    let f = ctx.s.fig(fig);
    if f.gassed || f.mask_on || !f.active() {
        return;
    }
    let gas = |p: &Pos| {
        ctx.s
            .clouds
            .iter()
            .any(|c| c.kind == CloudKind::TearGas && covers(c, *p))
    };
    if path.iter().skip(1).any(gas) {
        ctx.emit(Event::Effect {
            fig,
            effect: Effect::Gassed,
            rule: RuleId("SK-16.12-s"),
        });
    }
}

/// SK-16.12-u: at the end of the turn a burning grenade in the hand does its holder 2 hits, which
/// only a jacket or body armor stops (the only armor with gloves); it burns on, and is spent
/// when it has burned 5 turns.
pub(crate) fn burning_hands(ctx: &mut Ctx) -> Result<(), ResolveError> {
    for i in 0..ctx.s.figures.len() {
        let f = ctx.s.figures[i].clone();
        let Some(h) = f.holding else { continue };
        let id = i as FigId;
        if f.active() {
            let armor = gloved(&ctx.s, &f);
            deal_damage(
                ctx,
                id,
                None,
                Damage::points(2),
                1,
                armor,
                false,
                RuleId("SK-16.12-u"),
            )?;
        }
        let age = h.age.saturating_add(1);
        ctx.emit(Event::Holding {
            fig: id,
            grenade: (age < BURN_TURNS).then_some(HeldGrenade { age, ..h }),
            rule: RuleId("SK-16.12-u"),
        });
    }
    Ok(())
}

/// SK-16.12-u: the armor that protects the hands, a jacket's or body armor's.
fn gloved(s: &State, f: &Figure) -> i16 {
    f.armor
        .and_then(|a| s.rules.armor.get(usize::from(a)))
        .filter(|a| matches!(a.kind, ArmorKind::Body | ArmorKind::Jacket))
        .map_or(0, |a| a.defense)
}

/// The burning grenade lying in the figure's hex, if there is one to pick up (SK-16.12-u).
pub(crate) fn grenade_at(s: &State, p: Pos) -> Option<&Cloud> {
    s.clouds.iter().find(|c| c.grenade && c.center == p)
}

/// SK-16.12-u: the figure picks up the burning grenade in his hex. The cloud it leaves stops
/// growing and clears 2 turns later, as if the grenade had burned out there (INVENTED: the
/// grenade makes no cloud while in the hand).
pub(crate) fn pick_up(ctx: &mut Ctx, fig: FigId) -> Result<(), ResolveError> {
    ctx.emit(Event::Acted { fig });
    let pos = ctx.s.fig(fig).pos;
    let Some(c) = grenade_at(&ctx.s, pos).copied() else {
        return Err(ResolveError::Illegal("no burning grenade here".into()));
    };
    ctx.emit(Event::CloudChanged {
        cloud: Cloud {
            grenade: false,
            age: c.age.max(BURN_TURNS),
            ..c
        },
        gone: false,
        rule: RuleId("SK-16.12-u"),
    });
    ctx.emit(Event::Holding {
        fig,
        grenade: Some(HeldGrenade {
            weapon: c.weapon,
            age: c.age,
        }),
        rule: RuleId("SK-16.12-u"),
    });
    Ok(())
}

/// SK-16.12-u: the held grenade thrown again, with a grenade's roll and scatter (SK-16.12-b…d).
/// It is already burning: its cloud forms where it lands at once, and grows for the turns it has
/// left to burn.
pub(crate) fn throw_again(ctx: &mut Ctx, fig: FigId, at: Pos) -> Result<(), ResolveError> {
    ctx.emit(Event::Acted { fig });
    let Some(h) = ctx.s.fig(fig).holding else {
        return Err(ResolveError::Illegal("no grenade in hand".into()));
    };
    let w = ctx.s.rules.weapons[usize::from(h.weapon)].clone();
    let (to, scatter) = throw_roll(ctx, fig, at, &w)?;
    ctx.emit(Event::GrenadeLanded {
        thrower: fig,
        at: to,
        scatter,
        weapon: h.weapon,
        live: false,
        next_movement: false,
    });
    ctx.emit(Event::Holding {
        fig,
        grenade: None,
        rule: RuleId("SK-16.12-u"),
    });
    let kind = cloud_kind(w.grenade.unwrap_or(GrenadeKind::Smoke));
    form(ctx, to, kind, h.weapon, h.age);
    Ok(())
}

/// SK-16.12-v: the gas mask put on or taken off (INVENTED: one action, as readying an item).
pub(crate) fn mask(ctx: &mut Ctx, fig: FigId, on: bool) {
    ctx.emit(Event::Acted { fig });
    ctx.emit(Event::Mask { fig, on });
}
