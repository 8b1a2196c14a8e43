//! Grenades and molotovs (SK-16.12, G-51): the throw at a hex and its scatter on a miss
//! (SK-16.12-b..d), and what each kind does where it lands: blast, fire, smoke and tear gas
//! (SK-16.12-g..t).

use crate::combat::armor::armor_value;
use crate::combat::ctx::Ctx;
use crate::combat::damage::deal_damage;
use crate::combat::edex::{order_dex, standing_mods};
use crate::combat::weapon_of;
use crate::data::{GrenadeKind, Wall};
use crate::event::{AttackKind, Effect, Event};
use crate::geometry::{self, line_of_fire};
use crate::skills;
use crate::state::{FigId, LiveGrenade, Pos};
use fireteam_engine::{ResolveError, RuleId};

/// SK-16.12-b…d: a grenade thrown at a hex; a miss scatters by the margin of failure.
/// `next_movement`: the thrower set the fuse for the end of the next movement phase rather than
/// the end of this turn (SK-16.12-g).
pub(crate) fn throw_grenade(
    ctx: &mut Ctx,
    fig: FigId,
    at: Pos,
    next_movement: bool,
) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let slot = f.ready.unwrap_or(0);
    let w = weapon_of(&ctx.s, &f, Some(slot)).cloned().expect("grenade");
    let landing = throw_roll(ctx, fig, at, &w)?;
    let weapon_index = f.weapons[usize::from(slot)].map_or(0, |s| s.weapon);
    // SK-16.12-g: only a molotov takes effect at once; every other grenade, smoke and tear gas
    // included, waits for its fuse.
    let instant = w.grenade == Some(GrenadeKind::Molotov);
    ctx.emit(Event::GrenadeLanded {
        thrower: fig,
        at: landing.0,
        scatter: landing.1,
        weapon: weapon_index,
        live: !instant,
        next_movement: next_movement && !instant,
    });
    // The grenade leaves the hand.
    ctx.emit(Event::Effect {
        fig,
        effect: Effect::WeaponBroken {
            slot,
            permanent: true,
        },
        rule: RuleId("SK-16.12-b"),
    });
    // SK-16.12-g: a molotov takes effect at once.
    if instant {
        let live = LiveGrenade {
            pos: landing.0,
            weapon: weapon_index,
            thrower: fig,
            end_of_turn: true,
        };
        explode(ctx, &live)?;
    }
    Ok(())
}

/// SK-16.12-b…d: the roll of a grenade (`w`) thrown at `at`, and where it lands: the hex, and
/// on a miss the scatter die and hexes (SK-16.12-c, G-51). Also the throw of a burning smoke or
/// gas grenade picked up (SK-16.12-u).
pub(crate) fn throw_roll(
    ctx: &mut Ctx,
    fig: FigId,
    at: Pos,
    w: &crate::data::Weapon,
) -> Result<(Pos, Option<(u8, u8)>), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let d = f.pos.distance(at);
    let mut mods = crate::event::Mods::new();
    standing_mods(&ctx.s, &f, &mut mods);
    if skills::has(f.skills, skills::THROWN_WEAPONS) {
        mods.push(fireteam_engine::Modifier::applied(
            "thrown-skill",
            "Thrown Weapons",
            2,
            RuleId("SK-6.2.10-a"),
        ));
    }
    // SK-17.7-e / G-20: thrown blind over a wall the thrower cannot see over: −8.
    let lof = line_of_fire(&ctx.s, f.pos, at);
    if lof.blocked || lof.wall.is_some_and(|w| w.0 >= Wall::Two) {
        mods.push(fireteam_engine::Modifier::applied(
            "blind-throw",
            "grenade thrown blind over a wall",
            -8,
            RuleId("SK-17.7-e"),
        ));
    }
    if !skills::has(f.skills, skills::THROWN_WEAPONS) {
        mods.push(fireteam_engine::Modifier::applied(
            "unskilled",
            "grenade without Thrown Weapons",
            -4,
            RuleId("SK-6-b"),
        ));
    }
    let mh = geometry::multihexes(d) as i32;
    if mh > 0 {
        mods.push(fireteam_engine::Modifier::applied(
            "range",
            "range (grenade, per MH)",
            -mh,
            RuleId("SK-16.12-b"),
        ));
    }
    let tn = f.dex + fireteam_engine::Modifier::total(&mods) as i16;
    let (faces, total) = ctx.roll("to-hit", 3)?;
    let g = crate::autoresult::classify_grenade(total, i32::from(tn));
    let landing = match g {
        crate::autoresult::GrenadeThrow::OnTarget { .. } => (at, None),
        crate::autoresult::GrenadeThrow::OwnHex => (f.pos, None),
        crate::autoresult::GrenadeThrow::Scatter { hexes } => {
            // G-51: 1d6 direction, 1 = the thrower's facing, clockwise.
            let (_, die) = ctx.roll("scatter", 1)?;
            let dir = (f.facing + (die as u8 - 1)) % 6;
            let mut p = at;
            for _ in 0..hexes {
                let n = p.neighbour(dir);
                if !ctx.s.on_map(n) || !ctx.s.passable(n) {
                    break;
                }
                p = n;
            }
            (p, Some((die as u8, hexes as u8)))
        }
    };
    ctx.emit(Event::Roll {
        attacker: fig,
        target: fig,
        kind: AttackKind::Grenade,
        weapon_name: w.name.as_str().into(),
        mode: None,
        rounds: 1,
        dice: 3,
        faces,
        total,
        base: f.dex,
        modifiers: mods,
        target_number: tn,
        result: if landing.1.is_none() && landing.0 == at {
            crate::autoresult::ToHit::Hit {
                mult: 1,
                automatic: total <= 5,
            }
        } else {
            crate::autoresult::ToHit::Miss {
                automatic: total >= 16,
            }
        },
        rule: RuleId("SK-16.12-d"),
        margin: i32::from(tn) - total,
        bullets: 0,
        avoid: false,
    });
    Ok(landing)
}

/// SK-16.12-g: the grenades set for the end of the movement phase go off now (the phase after
/// the turn they were thrown in).
pub(crate) fn movement_fuses(ctx: &mut Ctx) -> Result<(), ResolveError> {
    if ctx.s.grenades.iter().all(|g| g.end_of_turn) {
        return Ok(());
    }
    let live: Vec<LiveGrenade> = ctx.s.grenades.clone();
    for g in live.iter().filter(|g| !g.end_of_turn) {
        explode(ctx, g)?;
    }
    Ok(())
}

/// SK-16.12-h…t, G-51: what a grenade does where it lands.
pub(crate) fn explode(ctx: &mut Ctx, g: &LiveGrenade) -> Result<(), ResolveError> {
    let w = ctx.s.rules.weapons[usize::from(g.weapon)].clone();
    ctx.emit(Event::Exploded {
        at: g.pos,
        weapon_name: w.name.as_str().into(),
    });
    let targets: Vec<(FigId, u32)> = ctx
        .s
        .figures
        .iter()
        .enumerate()
        .filter(|(_, f)| f.active())
        .map(|(i, f)| (i as FigId, f.pos.distance(g.pos)))
        .collect();
    match w.grenade {
        Some(GrenadeKind::He) => {
            // 4d6 in the MH it lands in, 2d6 in the ring around it (G-51).
            for (t, d) in targets {
                let expr = match d {
                    0 | 1 => crate::progression::Damage::new(4, 0),
                    2 => crate::progression::Damage::new(2, 0),
                    _ => continue,
                };
                let tf = ctx.s.fig(t).clone();
                // SK-14.3-a, G-27: shielding stops R hits of a blast too; SK-21.3-b: the
                // grenade's attack type.
                let shielding = i16::from(crate::combat::shielding::worn_r(&ctx.s, &tf));
                let armor = armor_value(&ctx.s, &tf, g.pos, Some(&w)) + shielding;
                ctx.hit.kind = w.attack_type;
                let taken = deal_damage(
                    ctx,
                    t,
                    Some(g.thrower),
                    expr,
                    1,
                    armor,
                    false,
                    RuleId("SK-16.12-o"),
                )?;
                // ---- vacuum (SK-17.11-c): fragments through a sealed suit make a leak.
                crate::vacuum::pierced(ctx, t, taken);
            }
        }
        Some(GrenadeKind::Molotov) | Some(GrenadeKind::Incendiary) => {
            let inc = w.grenade == Some(GrenadeKind::Incendiary);
            let (near, far, r) = if inc { (8, 4, 1) } else { (4, 2, 0) };
            for (t, d) in targets {
                let hits = if d <= r {
                    near
                } else if d == r + 1 {
                    far
                } else {
                    continue;
                };
                let tf = ctx.s.fig(t).clone();
                // SK-16.12-k: only full body armor protects against fire; SK-16.12-m,
                // SK-14.3-a: with the turn's other fire hits, and shielding against them.
                let armor = crate::fire::fire_armor(&ctx.s, &tf, crate::fire::Exposure::Soaked);
                crate::fire::scorch(
                    ctx,
                    t,
                    Some(g.thrower),
                    hits,
                    armor,
                    true,
                    RuleId(if inc { "SK-16.12-p" } else { "SK-16.12-h" }),
                )?;
                // SK-16.12-i: everyone in the target hex rolls 4d6 vs eDEX or is soaked and
                // burns (SK-16.12-j/k: 12 turns, 4 hits a turn); an incendiary's target is its
                // MH (SK-16.12-p: "molotov rules … into the MH it lands in").
                let now = ctx.s.fig(t).clone();
                if d <= r && now.active() {
                    let need = order_dex(&ctx.s, &now);
                    if !ctx.check(t, "not-soaked", 4, need, RuleId("SK-16.12-i"))? {
                        ctx.emit(Event::Effect {
                            fig: t,
                            effect: Effect::Burning { turns: 12 },
                            rule: RuleId("SK-16.12-i"),
                        });
                        // SK-16.12-p: an incendiary soak cannot be put out.
                        if inc {
                            ctx.emit(Event::Effect {
                                fig: t,
                                effect: Effect::SoakIncendiary,
                                rule: RuleId("SK-16.12-p"),
                            });
                        }
                    }
                }
            }
            // SK-16.12-j: the hex burns 12 turns; SK-16.12-p: an incendiary's whole MH does.
            ctx.emit(Event::FireLit {
                at: g.pos,
                turns: 12,
                incendiary: inc,
            });
            if inc {
                for dir in 0..6u8 {
                    let at = g.pos.neighbour(dir);
                    if ctx.s.passable(at) {
                        ctx.emit(Event::FireLit {
                            at,
                            turns: 12,
                            incendiary: true,
                        });
                    }
                }
            }
        }
        Some(k @ (GrenadeKind::Smoke | GrenadeKind::TearGas | GrenadeKind::AntiLaser)) => {
            // SK-16.12-q: smoke and gas make a cloud, one hex on its first turn.
            crate::cloud::form(ctx, g.pos, crate::cloud::cloud_kind(k), g.weapon, 0);
        }
        None => {}
    }
    Ok(())
}
