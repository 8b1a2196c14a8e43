//! Energy shields (SK-14.3-d…h, G-27): a Force Field, Deflector or Reflector protects its
//! wearer and every figure in the hexes next to him against energy weapons; its field does its
//! R-factor in hits each turn to everyone there without a protective suit; its owner writes down
//! at the start of the turn whether it is on, and each time it is switched on 3d6 may break it
//! (an 18); a hit from the rear hex that is not an aimed shot may break it too.
//!
//! Hidden information (SK-14.3-g): nobody can tell a shield's kind or whether it is on until he
//! fires into it. The state and the events hold the truth (the JSON log is the game master's
//! record); the narration keeps the setting and the switching roll to itself and tells a shield's
//! kind only when a shot meets it (`present.rs`).

use crate::combat::ctx::Ctx;
use crate::combat::damage::deal_damage;
use crate::data::{Armor, EnergyShieldKind};
use crate::event::Event;
use crate::progression::Damage;
use crate::state::{FigId, Figure, Phase, Pos, State};
use fireteam_engine::{ResolveError, RuleId};

/// The energy shield a figure wears, if it works (not broken).
pub fn worn(s: &State, f: &Figure) -> Option<&'static Armor> {
    let rules: &'static crate::data::Rules = s.rules;
    f.energy_shield
        .filter(|_| !f.shield_broken)
        .and_then(|a| rules.armor.get(usize::from(a)))
}

/// SK-14.3-d: the field of a shield on covers its wearer's hex and the hexes next to it.
pub fn in_field(wearer: &Figure, p: Pos) -> bool {
    wearer.pos.distance(p) <= 1
}

/// The shields switched on now, with their wearers.
pub fn fields(s: &State) -> impl Iterator<Item = (FigId, &'static Armor)> + '_ {
    s.figures
        .iter()
        .enumerate()
        .filter_map(move |(i, f)| worn(s, f).filter(|_| f.shield_on).map(|a| (i as FigId, a)))
}

/// What a shield's field does to a shot from `from` at `to` (SK-14.3-f, G-27): a Force Field
/// stops shots that cross it either way, a Deflector shots fired into it from outside, and a
/// Reflector sends those back. A shot that neither starts nor ends in the field does not meet
/// it.
pub fn meets(kind: EnergyShieldKind, wearer: &Figure, from: Pos, to: Pos) -> bool {
    let (inside_from, inside_to) = (in_field(wearer, from), in_field(wearer, to));
    match kind {
        EnergyShieldKind::ForceField => inside_from != inside_to,
        EnergyShieldKind::Deflector | EnergyShieldKind::Reflector => inside_to && !inside_from,
    }
}

/// The next figure to write down its shield's setting this turn (SK-14.3-g): one wearing a
/// working shield, still in action, that has not yet done so, in figure order.
pub(crate) fn undeclared(s: &State) -> Option<FigId> {
    s.figures
        .iter()
        .position(|f| f.active() && worn(s, f).is_some() && f.shield_declared != s.turn)
        .map(|i| i as FigId)
}

/// SK-14.3-e/g: the figure writes down whether its shield is on this turn. Switching it on rolls
/// 3d6: an 18 breaks it. Then the next wearer declares, or the movement begins.
pub(crate) fn declare(ctx: &mut Ctx, fig: FigId, on: bool) -> Result<(), ResolveError> {
    let was_on = ctx.s.fig(fig).shield_on;
    ctx.emit(Event::ShieldSet { fig, on });
    if on && !was_on && !ctx.check(fig, "shield-holds", 3, 17, RuleId("SK-14.3-e"))? {
        ctx.emit(Event::ShieldBroken {
            fig,
            rule: RuleId("SK-14.3-e"),
        });
    }
    let phase = match undeclared(&ctx.s) {
        Some(next) => Phase::Shields { fig: next },
        None => Phase::Movement { next: 0 },
    };
    ctx.emit(Event::Phase { phase });
    Ok(())
}

/// SK-14.3-d: at the end of the turn, a shield on does its R-factor in hits to everyone in its
/// field without a protective suit, its wearer too (armor does not stop it: INVENTED, the field
/// is not a blow; the timing at the turn's end is INVENTED too).
pub(crate) fn field_damage(ctx: &mut Ctx) -> Result<(), ResolveError> {
    let on: smallvec::SmallVec<[(FigId, u8); 4]> =
        fields(&ctx.s).map(|(w, a)| (w, a.r_factor)).collect();
    for (wearer, r) in on {
        let centre = ctx.s.fig(wearer).clone();
        for i in 0..ctx.s.figures.len() {
            let f = &ctx.s.figures[i];
            if f.active() && f.suit.is_none() && in_field(&centre, f.pos) {
                deal_damage(
                    ctx,
                    i as FigId,
                    Some(wearer).filter(|&w| w != i as FigId),
                    Damage::points(i16::from(r)),
                    1,
                    0,
                    false,
                    RuleId("SK-14.3-d"),
                )?;
            }
        }
    }
    Ok(())
}

/// SK-14.3-h: a wearer hit from the rear hex by an attack that is not an aimed shot rolls 4d6; a
/// roll no higher than the damage it did breaks the shield (on or off).
pub(crate) fn rear_hit(
    ctx: &mut Ctx,
    target: FigId,
    from: Pos,
    aimed: bool,
    taken: i16,
) -> Result<(), ResolveError> {
    if aimed || taken <= 0 || ctx.s.fig(target).energy_shield.is_none() {
        return Ok(());
    }
    let t = ctx.s.fig(target).clone();
    if worn(&ctx.s, &t).is_none() {
        return Ok(());
    }
    // The rear hex-side itself, not widened by Martial Arts (SK-16.15.4-e is about attacks);
    // every hex while he crawls or picks up a weapon (SK-10.5-c).
    let rear = t.crawled
        || fireteam_grid::arc(t.pos.hex(), crate::state::hex_dir(t.facing), from.hex())
            == Some(fireteam_grid::Arc::Rear);
    if !rear {
        return Ok(());
    }
    let (faces, total) = ctx.roll("shield-breaks", 4)?;
    let breaks = total <= i32::from(taken);
    ctx.emit(Event::Check {
        fig: target,
        what: "shield-breaks",
        dice: 4,
        faces,
        total,
        target: taken,
        success: breaks,
        rule: RuleId("SK-14.3-h"),
    });
    if breaks {
        ctx.emit(Event::ShieldBroken {
            fig: target,
            rule: RuleId("SK-14.3-h"),
        });
    }
    Ok(())
}
