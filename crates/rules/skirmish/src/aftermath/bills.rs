//! The bills between combats (book §15.1, §21.7).
//!
//! - **Batteries** (SK-15.1-c): "batteries from every weapon may be recharged between combats
//!   for 5 ₢", read as 5 ₢ a battery: the battery in each energy weapon that is no longer full,
//!   each drained battery swapped out during the battle, and a battery pack no longer full as
//!   the two batteries it holds (SK-15.1-b).
//! - **Armor repairs** (SK-21.7-b, optional with `sk.degraded_armor`): worn armor taken to an
//!   armorer before it is more than half used up (no more than 20 × its value of the 40 × it
//!   absorbs, SK-21.7-a; for shielding, 20 × R of the 40 × R dice it takes off energy weapons,
//!   E-19) can be fully repaired. The book asks "(cost?)" (GAPS §E #47): the price
//!   is the armor's `repair_cost` in the catalog, a GM input; none is shipped.
//!
//! Each figure pays for what he keeps: the dead pay nothing, and in a duel the losers' gear is
//! the victors' (SK-19.2-b), so they pay nothing either.

use crate::event::Event;
use crate::options::ScenarioType;
use crate::state::{Condition, Figure, State, WeaponState};
use fireteam_engine::{Outcome, RuleId};

/// SK-15.1-c: credits to recharge one battery.
pub const RECHARGE_CREDITS: u32 = 5;
/// SK-21.7-a: armor is used up after absorbing this many times its value (shielding: dice
/// this many times its R-factor).
pub const WEAR_FACTOR: u32 = 40;
/// SK-15.1-b: a battery pack holds as much energy as two batteries, and recharges as two.
pub const PACK_BATTERIES: u8 = 2;

fn keeps_his_gear(f: &Figure, s: &State, outcome: Outcome) -> bool {
    if f.condition == Condition::Dead {
        return false;
    }
    match (s.rules.options.scenario_type, outcome) {
        (ScenarioType::Duel, Outcome::Winner { side }) => f.side == side,
        _ => true,
    }
}

/// The bills of every figure that keeps his gear.
pub fn bill(s: &State, outcome: Outcome, out: &mut Vec<Event>) {
    for f in s.figures.iter().filter(|f| keeps_his_gear(f, s, outcome)) {
        recharge(s, f, out);
        if s.rules.options.degraded_armor {
            repair(s, f, out);
        }
    }
}

/// SK-15.1-c: 5 ₢ for each battery to recharge, one event per energy weapon with batteries to
/// recharge: its own if it is not full, and the drained ones swapped out in the battle with his
/// first energy weapon; and one for a battery pack that is no longer full, two batteries' worth
/// (SK-15.1-b "as much energy as two batteries").
fn recharge(s: &State, f: &Figure, out: &mut Vec<Event>) {
    let mut drained = f.drained;
    for (k, sl) in f.weapons.iter().enumerate() {
        let Some(sl) = sl else { continue };
        let w = &s.rules.weapons[usize::from(sl.weapon)];
        // SK-15.1-a: energy weapons and the mono-filament and plasma swords.
        if !w.on_battery() || sl.state == WeaponState::Broken {
            continue;
        }
        let batteries = u8::from(sl.rounds < w.rounds) + std::mem::take(&mut drained);
        if batteries > 0 {
            out.push(Event::Recharge {
                fig: f.id,
                weapon: sl.weapon,
                pack: false,
                batteries,
                cost: RECHARGE_CREDITS * u32::from(batteries),
                rule: RuleId("SK-15.1-c"),
            });
        }
        if f.pack_slot == Some(k as u8) && f.pack_dice < crate::attack::energy::PACK_DICE {
            out.push(Event::Recharge {
                fig: f.id,
                weapon: sl.weapon,
                pack: true,
                batteries: PACK_BATTERIES,
                cost: RECHARGE_CREDITS * u32::from(PACK_BATTERIES),
                rule: RuleId("SK-15.1-c"),
            });
        }
    }
}

/// SK-21.7-b: the worn armor's state at the armorer's: the hits it absorbed of the 40 × its
/// value it takes, and for shielding the dice it took off energy weapons of the 40 × R it takes
/// (SK-21.7-a, E-19). Helmets and energy shields do not wear.
fn repair(s: &State, f: &Figure, out: &mut Vec<Event>) {
    let Some(a) = f.armor else { return };
    let armor = &s.rules.armor[usize::from(a)];
    let limit = WEAR_FACTOR * armor.defense.max(0) as u32;
    let dice_limit = WEAR_FACTOR * u32::from(armor.r_factor);
    let absorbed = if limit > 0 { f.absorbed } else { 0 };
    let dice = if dice_limit > 0 { f.shielding_dice } else { 0 };
    if absorbed == 0 && dice == 0 {
        return;
    }
    let repairable = u32::from(absorbed) * 2 <= limit && u32::from(dice) * 2 <= dice_limit;
    out.push(Event::ArmorRepair {
        fig: f.id,
        armor: a,
        absorbed,
        limit: limit.min(u32::from(u16::MAX)) as u16,
        dice,
        dice_limit: dice_limit.min(u32::from(u16::MAX)) as u16,
        repairable,
        cost: armor.repair_cost.filter(|_| repairable),
        rule: RuleId("SK-21.7-b"),
    });
}
