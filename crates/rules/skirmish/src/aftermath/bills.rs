//! The bills between combats (book §15.1, §21.7).
//!
//! - **Batteries** (SK-15.1-c): "batteries from every weapon may be recharged between combats
//!   for 5 ₢", read as 5 ₢ a battery: the battery in each energy weapon that is no longer full,
//!   and each drained battery swapped out during the battle.
//! - **Armor repairs** (SK-21.7-b, optional with `sk.degraded_armor`): worn armor taken to an
//!   armorer before it is more than half used up (no more than 20 × its value of the 40 × it
//!   absorbs, SK-21.7-a) can be fully repaired. The book asks "(cost?)" (GAPS §E #47): the price
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
/// SK-21.7-a: armor is used up after absorbing this many times its value.
pub const WEAR_FACTOR: u32 = 40;

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
/// first energy weapon.
fn recharge(s: &State, f: &Figure, out: &mut Vec<Event>) {
    let mut drained = f.drained;
    for sl in f.weapons.iter().flatten() {
        let w = &s.rules.weapons[usize::from(sl.weapon)];
        if !w.energy || w.rounds == 0 || sl.state == WeaponState::Broken {
            continue;
        }
        let batteries = u8::from(sl.rounds < w.rounds) + std::mem::take(&mut drained);
        if batteries > 0 {
            out.push(Event::Recharge {
                fig: f.id,
                weapon: sl.weapon,
                batteries,
                cost: RECHARGE_CREDITS * u32::from(batteries),
                rule: RuleId("SK-15.1-c"),
            });
        }
    }
}

/// SK-21.7-b: the worn armor's state at the armorer's.
fn repair(s: &State, f: &Figure, out: &mut Vec<Event>) {
    let Some(a) = f.armor else { return };
    let armor = &s.rules.armor[usize::from(a)];
    if f.absorbed == 0 || armor.defense <= 0 {
        return;
    }
    let limit = WEAR_FACTOR * armor.defense as u32;
    let repairable = u32::from(f.absorbed) * 2 <= limit;
    out.push(Event::ArmorRepair {
        fig: f.id,
        armor: a,
        absorbed: f.absorbed,
        limit: limit.min(u32::from(u16::MAX)) as u16,
        repairable,
        cost: armor.repair_cost.filter(|_| repairable),
        rule: RuleId("SK-21.7-b"),
    });
}
