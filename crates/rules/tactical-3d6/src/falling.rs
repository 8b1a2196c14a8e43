//! Falling (T3-FALL-01..05, T3-G38): a drop of more than a yard while moving.

use crate::combat::after_injury;
use crate::ctx::{m, Ctx, R};
use crate::data::Location;
use crate::event::{Event, Wound};
use crate::tables;
use fireteam_engine::{RuleId, UnitId};

/// `unit` falls `yards`: Acrobatics first, then the table, the landing and armour.
pub fn fall(ctx: &mut Ctx, unit: UnitId, yards: u32) -> R<()> {
    let c = ctx.s.character(unit);
    let at = ctx.s.fighter(unit).at;
    let ground = ctx.s.rules.terrain_at(at).cloned();
    let mut counted = yards;
    // T3-FALL-02: a successful Acrobatics roll takes 5 yards off (not below 0).
    if let Some(acro) = c.skill("acrobatics") {
        let roll = ctx.check(unit, "Acrobatics", acro, vec![], RuleId("T3-FALL-02"))?;
        let ok = roll.success;
        ctx.emit(Event::Rolled(roll));
        if ok {
            counted = counted.saturating_sub(5);
        }
    }
    ctx.emit(Event::Fell {
        unit,
        yards,
        counted,
    });
    // T3-FALL-03: into a fluid, a Swimming roll at the speed penalty of the distance (T3-G38
    // (5)) negates the damage.
    if ground.as_ref().is_some_and(|t| t.fluid) {
        if let Some(swim) = c.skill("swimming") {
            let p = tables::speed_penalty(yards);
            let mods = if p != 0 {
                vec![m("fall-speed", "distance fallen", p, "T3-FALL-03")]
            } else {
                vec![]
            };
            let roll = ctx.check(unit, "Swimming", swim, mods, RuleId("T3-FALL-03"))?;
            let ok = roll.success;
            ctx.emit(Event::Rolled(roll));
            if ok {
                return Ok(());
            }
        }
    }
    let Some((dice, adds)) = tables::fall_damage(counted) else {
        return Ok(());
    };
    let (faces, sum) = ctx.roll("falling damage", dice)?;
    let rolled = sum + i32::from(adds);
    let mut d = rolled.max(0);
    let mut steps = Vec::new();
    // T3-G38 (6): soft surface halves, the landing site's DR, then the armour's.
    if ground.as_ref().is_some_and(|t| t.soft) {
        let half = d / 2;
        steps.push(m("soft", "soft surface", half - d, "T3-FALL-05"));
        d = half;
    }
    let mut dr_parts = Vec::new();
    let landing = ground.as_ref().map_or(0, |t| t.landing_dr) as i32;
    if landing > 0 {
        dr_parts.push(m("landing", "landing site", landing, "T3-FALL-05"));
    }
    let after_landing = (d - landing).max(0);
    // T3-FALL-04: the average of the torso's DR and the least armoured location's.
    let dr_of = |l: Location| c.dr[l as usize] as i32;
    let least = Location::ALL.iter().map(|&l| dr_of(l)).min().unwrap_or(0);
    let armor = (dr_of(Location::Torso) + least) / 2;
    if armor > 0 {
        dr_parts.push(m("armor", "armour (torso and least)", armor, "T3-FALL-04"));
    }
    let through = (after_landing - armor).max(0);
    let blocked = after_landing.min(armor);
    let trauma = if ctx.s.rules.options.fall_bt_only_if_no_penetration && through > 0 {
        0
    } else {
        blocked / 5
    };
    if trauma > 0 {
        steps.push(m("blunt-trauma", "blunt trauma", trauma, "T3-FALL-04"));
    }
    let injury = through + trauma;
    let hp0 = ctx.s.fighter(unit).hp;
    ctx.emit(Event::Wounded(Wound {
        target: unit,
        location: None,
        faces: faces.iter().copied().collect(),
        rolled,
        steps,
        damage: d,
        dr_parts,
        dr: landing + armor,
        penetrating: through,
        multiplier: 2,
        multiplier_rule: RuleId("T3-FALL-01"),
        injury,
        ignored: 0,
    }));
    if injury > 0 {
        after_injury(ctx, unit, hp0, injury, false, None, false, false)?;
    }
    Ok(())
}
