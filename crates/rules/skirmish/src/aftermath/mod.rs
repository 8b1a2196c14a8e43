//! After the battle (book §5, §6.5.1, §6.8.1, §15.1, §19, §21.4, §21.6, §21.7): what happens
//! once a battle is over and before the next. Medics and doctors heal "immediately after the combat" (SK-6.5.1-a,
//! SK-6.8.1-a, G-67: [`healing`]); what the wounds leave is assessed: limbs put out of use heal
//! between combats, lost limbs and sight do not (SK-5-a, SK-21.4-e/f, SK-21.6-e: [`injuries`]);
//! the kind of fight pays its rewards (SK-19-a: the arena's credits and EP, SK-19.1-c/d; the
//! duel's spoils, SK-19.2-b; the practice's EP and stake, SK-19.3-b: [`rewards`]); and the bills
//! between combats come in (batteries recharged, SK-15.1-c; worn armor at an armorer, SK-21.7-b:
//! [`bills`]). [`ledger`] sums it up per character.
//!
//! The aftermath is resolved from the battle's final state alone ([`settle`]): it rolls no dice
//! and asks no one, since nothing in it is a choice. One healer may treat every wounded
//! character ("each use … takes 5 minutes", nothing limits the uses), so the best healing each
//! one can get is unique, and the rewards and bills are fixed by the book or by GM inputs the
//! scenario sets (`sk.scenario_type`, `sk.medics_heal`, `sk.practice_stake`, the armor's
//! `repair_cost`). So it is no part of the battle's protocol: a battle ends at `Phase::Over`
//! as before (the simulator, the odds and the AI stop there), and a front end that shows a
//! finished battle asks for its aftermath (`fireteam_engine::Aftermath`). Its events are
//! applied like any other (`apply`): healing lowers the damage, a limb that heals is back in use,
//! the rest is the ledger's.
//!
//! What the aftermath needs to know of the battle is kept as the battle's events are applied
//! ([`record`]): who fought, whom a foe hurt, who put whom out of the fight, the practice
//! weapons' recorded hits, the batteries swapped out, and the limbs put out of use.

pub mod bills;
pub mod healing;
pub mod injuries;
pub mod ledger;
mod narrate;
mod record;
pub mod rewards;

pub use narrate::narrate;
pub use record::record;

use crate::data::{ItemKind, Rules};
use crate::event::Event;
use crate::state::{Phase, State};
use fireteam_engine::Outcome;
use fireteam_scenario::Loaded;
use serde::Serialize;

/// What a duel's victor takes from a foe (SK-19.2-b).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Gear {
    /// A weapon of the battle's list (a fixed bayonet is its knife).
    Weapon { weapon: u16 },
    /// Armor, a shield or a backpack of the battle's list.
    Armor { armor: u16 },
    /// A miscellaneous item (SK-15.2-a).
    Item { item: ItemKind },
    /// Spare magazines (batteries for an energy weapon) for this weapon (G-73).
    Magazines { weapon: u16 },
}

/// Why credits change hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Why {
    /// SK-19.1-c: each victor of an arena fight.
    ArenaVictor,
    /// SK-19.1-c: each loser (nothing if he ran away unhurt).
    ArenaLoser,
    // ---- the arena's entrance hexes (SK-19.1-b)
    /// SK-19.1-c: a loser who ran away unhurt: nothing.
    ArenaRanAway,
    /// SK-19.3-b: a practice's winner, his share of the losers' stakes.
    StakeWon,
    /// SK-19.3-b: a practice's loser pays the agreed stake.
    StakePaid,
}

/// A miscellaneous item's catalog name and price.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ItemPrice {
    pub kind: ItemKind,
    pub name: String,
    pub cost: Option<u32>,
}

/// What the aftermath reads beyond the battle's weapons and armor: the names and prices of the
/// items carried (one entry per kind, the first in scenario order), and each figure's backpack
/// (an armor entry; a figure only records that it wears one).
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Terms {
    pub items: Vec<ItemPrice>,
    pub backpacks: Vec<Option<u16>>,
}

impl Terms {
    /// The terms of a loaded scenario; `armor_ids` is the battle's armor list.
    pub fn of(loaded: &Loaded, armor_ids: &[String]) -> Terms {
        let mut t = Terms::default();
        for u in &loaded.scenario.units {
            let mut backpack = None;
            for id in &u.equipment {
                let Some(e) = loaded.catalog.get(id) else {
                    continue;
                };
                match e.kind.as_str() {
                    "armor" if e.text("kind") == Some("backpack") => {
                        backpack = armor_ids.iter().position(|a| a == id).map(|i| i as u16);
                    }
                    "item" => {
                        let Some(kind) = e.text("kind").and_then(ItemKind::from_id) else {
                            continue;
                        };
                        if !t.items.iter().any(|p| p.kind == kind) {
                            t.items.push(ItemPrice {
                                kind,
                                name: e.name.clone().unwrap_or_else(|| e.id.clone()),
                                cost: e.int("cost").map(|c| c.clamp(0, 1_000_000) as u32),
                            });
                        }
                    }
                    _ => {}
                }
            }
            t.backpacks.push(backpack);
        }
        t
    }

    pub fn item(&self, kind: ItemKind) -> Option<&ItemPrice> {
        self.items.iter().find(|p| p.kind == kind)
    }
}

/// How the battle ended, as `decision` reports it (a battle stopped at the turn limit with
/// more than one side standing is a draw).
pub fn outcome(s: &State) -> Outcome {
    crate::turn::victory::outcome(s).unwrap_or(Outcome::Draw)
}

/// The aftermath of a finished battle, in the book's order: healing immediately after the
/// combat, what the wounds leave (limbs that heal, losses for good), the rewards of the kind of
/// fight, then the bills between combats. Nothing for a
/// battle that is not over, and nothing at all (not even the opening `Aftermath` event) when
/// there is nothing to heal, pay or bill.
pub fn settle(s: &State, out: &mut Vec<Event>) {
    if s.phase != Phase::Over {
        return;
    }
    let outcome = outcome(s);
    let mark = out.len();
    out.push(Event::Aftermath {
        scenario: s.rules.options.scenario_type,
        outcome,
    });
    healing::heal(s, out);
    injuries::assess(s, out);
    rewards::pay(s, outcome, out);
    bills::bill(s, outcome, out);
    if out.len() == mark + 1 {
        out.truncate(mark);
    }
}

/// A piece of gear's name: "Rifle", "Leather", "Medical Kit", "2 spare magazines for the
/// Rifle".
pub fn gear_name(rules: &Rules, gear: Gear, count: u8) -> String {
    match gear {
        Gear::Weapon { weapon } => rules.weapons[usize::from(weapon)].name.clone(),
        Gear::Armor { armor } => rules.armor[usize::from(armor)].name.clone(),
        Gear::Item { item } => rules
            .aftermath
            .item(item)
            .map_or_else(|| item.id().replace('_', " "), |p| p.name.clone()),
        Gear::Magazines { weapon } => {
            let w = &rules.weapons[usize::from(weapon)];
            let what = if w.energy { "batter" } else { "magazine" };
            let plural = match (count == 1, w.energy) {
                (true, true) => "y",
                (true, false) => "",
                (false, true) => "ies",
                (false, false) => "s",
            };
            format!("{count} spare {what}{plural} for the {}", w.name)
        }
    }
}

/// How worn an `ArmorRepair`'s armor is, in words: "120 of 520 hits absorbed", "30 of 80 dice
/// of shielding taken", or both.
pub fn wear(e: &Event) -> Option<String> {
    let Event::ArmorRepair {
        absorbed,
        limit,
        dice,
        dice_limit,
        ..
    } = e
    else {
        return None;
    };
    let mut parts = Vec::new();
    if *absorbed > 0 {
        let hits = fireteam_engine::plural(*limit, "hit", "hits");
        parts.push(format!("{absorbed} of {limit} {hits} absorbed"));
    }
    if *dice > 0 {
        let noun = fireteam_engine::plural(*dice_limit, "die", "dice");
        parts.push(format!("{dice} of {dice_limit} {noun} of shielding taken"));
    }
    Some(parts.join(", "))
}

/// A piece of gear's catalog price, `count` of it (None where the catalog gives none).
pub fn gear_price(rules: &Rules, gear: Gear, count: u8) -> Option<u32> {
    match gear {
        Gear::Weapon { weapon } => rules.weapons[usize::from(weapon)].cost,
        Gear::Armor { armor } => rules.armor[usize::from(armor)].cost,
        Gear::Item { item } => rules.aftermath.item(item).and_then(|p| p.cost),
        Gear::Magazines { weapon } => rules.weapons[usize::from(weapon)]
            .reload_cost
            .map(|c| c.saturating_mul(u32::from(count))),
    }
}

/// The aftermath as the engine's front ends ask for it.
impl fireteam_engine::Aftermath for crate::system::Skirmish {
    fn aftermath(&self, state: &State, events: &mut Vec<Event>) {
        settle(state, events);
    }
}
