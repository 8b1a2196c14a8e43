//! Each character's ledger after the battle: how he ended it, the healing he got
//! (SK-6.5.1-a, SK-6.8.1-a), the credits and EP of the kind of fight (SK-19.1-c/d, SK-19.3-b),
//! the items he won and what they resell for (SK-19.2-b), his bills (SK-15.1-c, SK-21.7-b), the
//! limbs that heal and what he lost for good (SK-21.4-e/f, SK-21.6-e) with his attributes for the
//! next fight (SK-5-a), gathered from the aftermath's events. `fireteam aftermath` prints it.

use crate::aftermath::injuries::{next_fight, Loss, NextFight};
use crate::aftermath::{gear_name, Why};
use crate::autoresult::Location;
use crate::event::Event;
use crate::experience::ArenaRecord;
use crate::options::ScenarioType;
use crate::state::{Condition, FigId, State};
use fireteam_engine::Outcome;
use serde::Serialize;
use std::collections::BTreeMap;

/// The aftermath of one battle, character by character.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ledger {
    pub scenario: ScenarioType,
    pub outcome: Outcome,
    /// The winning side's name.
    pub winner: Option<String>,
    pub turns: u32,
    pub characters: Vec<Account>,
}

/// One character's account.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Account {
    pub fig: FigId,
    pub name: String,
    pub side: String,
    pub condition: Condition,
    pub won: bool,
    /// Damage at the end of the battle, and after healing.
    pub damage: i16,
    pub nonlethal: i16,
    pub damage_after: i16,
    pub nonlethal_after: i16,
    pub healed: Option<Healing>,
    /// SK-19.3-b: hits of practice weapons recorded on him.
    pub practice_hits: u8,
    pub credits: Vec<Credit>,
    pub ep: Option<Ep>,
    pub items_won: Vec<Won>,
    pub bills: Vec<Bill>,
    /// Credits won less the bills that have a price.
    pub net_credits: i64,
    /// What the items won resell for, of those the catalog prices (SK-19.2-b).
    pub resale_value: u64,
    // ---- lasting injuries (§5, §21.4-e/f, §21.6-e)
    /// SK-21.4-e/f: his arms and legs put out of use in the battle, which heal between combats.
    pub limbs_healed: Vec<LimbHealing>,
    /// SK-21.4-e/f, SK-21.6-e: what he lost for good.
    pub permanent: Vec<Permanent>,
    /// SK-5-a: his attributes for the next fight (None for the dead).
    pub next_fight: Option<NextFight>,
    /// The unit stats to write for it (`arms`, `dex`, `mov`), those that change; empty when
    /// nothing does.
    pub next_stats: BTreeMap<&'static str, i64>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LimbHealing {
    pub limb: Location,
    pub rule: &'static str,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Permanent {
    pub loss: Loss,
    pub rule: &'static str,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Healing {
    pub by: String,
    pub lethal: i16,
    pub nonlethal: i16,
    pub kit: bool,
    pub rule: &'static str,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Credit {
    pub amount: i64,
    pub why: Why,
    pub rule: &'static str,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ep {
    pub ep: u32,
    /// The arena's reasons (SK-19.1-d); None for a practice's 1 EP.
    pub arena: Option<ArenaRecord>,
    pub rule: &'static str,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Won {
    pub item: String,
    pub from: String,
    pub count: u8,
    pub price: Option<u32>,
    pub resale: Option<u32>,
    pub rule: &'static str,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Bill {
    pub what: String,
    /// None: the price is a GM input not set, or there is nothing to pay for (see `note`).
    pub cost: Option<u32>,
    pub note: Option<String>,
    pub rule: &'static str,
}

impl Ledger {
    /// The ledger of a finished battle: `end` is its final state (before the aftermath),
    /// `events` its aftermath ([`crate::aftermath::settle`]).
    pub fn of(end: &State, events: &[Event]) -> Ledger {
        let outcome = crate::aftermath::outcome(end);
        let side_name = |side: u8| end.rules.side_names[usize::from(side)].clone();
        let mut characters: Vec<Account> = end
            .figures
            .iter()
            .map(|f| Account {
                fig: f.id,
                name: end.name(f.id).to_string(),
                side: side_name(f.side),
                condition: f.condition,
                won: matches!(outcome, Outcome::Winner { side } if side == f.side),
                damage: f.damage,
                nonlethal: f.nonlethal,
                damage_after: f.damage,
                nonlethal_after: f.nonlethal,
                healed: None,
                practice_hits: f.practice_hits,
                credits: Vec::new(),
                ep: None,
                items_won: Vec::new(),
                bills: Vec::new(),
                net_credits: 0,
                resale_value: 0,
                limbs_healed: Vec::new(),
                permanent: Vec::new(),
                // SK-5-a: the dead have no next fight.
                next_fight: (f.condition != Condition::Dead).then(|| next_fight(f)),
                next_stats: if f.condition == Condition::Dead {
                    BTreeMap::new()
                } else {
                    next_fight(f).changed_stats(f)
                },
            })
            .collect();
        for e in events {
            match e {
                Event::Healed {
                    fig,
                    by,
                    lethal,
                    nonlethal,
                    kit,
                    rule,
                } => {
                    let a = &mut characters[usize::from(*fig)];
                    a.damage_after -= *lethal;
                    a.nonlethal_after -= *nonlethal;
                    a.healed = Some(Healing {
                        by: end.name(*by).to_string(),
                        lethal: *lethal,
                        nonlethal: *nonlethal,
                        kit: *kit,
                        rule: rule.0,
                    });
                }
                Event::Credits {
                    fig,
                    amount,
                    why,
                    rule,
                } => {
                    let a = &mut characters[usize::from(*fig)];
                    a.net_credits += *amount;
                    a.credits.push(Credit {
                        amount: *amount,
                        why: *why,
                        rule: rule.0,
                    });
                }
                Event::Experience {
                    fig,
                    ep,
                    arena,
                    rule,
                } => {
                    characters[usize::from(*fig)].ep = Some(Ep {
                        ep: *ep,
                        arena: *arena,
                        rule: rule.0,
                    });
                }
                Event::ItemWon {
                    fig,
                    from,
                    item,
                    count,
                    price,
                    resale,
                    rule,
                } => {
                    let a = &mut characters[usize::from(*fig)];
                    a.resale_value += u64::from(resale.unwrap_or(0));
                    a.items_won.push(Won {
                        item: gear_name(end.rules, *item, *count),
                        from: end.name(*from).to_string(),
                        count: *count,
                        price: *price,
                        resale: *resale,
                        rule: rule.0,
                    });
                }
                Event::Recharge {
                    fig,
                    weapon,
                    pack,
                    batteries,
                    cost,
                    rule,
                } => {
                    let a = &mut characters[usize::from(*fig)];
                    a.net_credits -= i64::from(*cost);
                    let w = &end.rules.weapons[usize::from(*weapon)].name;
                    a.bills.push(Bill {
                        what: if *pack {
                            format!(
                                "recharge the battery pack of the {w} ({})",
                                fireteam_engine::count(*batteries, "battery", "batteries")
                            )
                        } else {
                            format!(
                                "recharge {batteries} batter{} of the {w}",
                                if *batteries == 1 { "y" } else { "ies" }
                            )
                        },
                        cost: Some(*cost),
                        note: None,
                        rule: rule.0,
                    });
                }
                Event::ArmorRepair {
                    fig,
                    armor,
                    repairable,
                    cost,
                    rule,
                    ..
                } => {
                    let a = &mut characters[usize::from(*fig)];
                    a.net_credits -= i64::from(cost.unwrap_or(0));
                    let name = &end.rules.armor[usize::from(*armor)].name;
                    let wear = crate::aftermath::wear(e).unwrap_or_default();
                    let note = match (repairable, cost) {
                        (false, _) => {
                            format!("more than half used up ({wear}): it cannot be fully repaired")
                        }
                        (true, None) => format!(
                            "{wear}; the price is a GM input: set repair_cost in the catalog"
                        ),
                        (true, Some(_)) => wear,
                    };
                    a.bills.push(Bill {
                        what: format!("repair the {name} at an armorer"),
                        cost: *cost,
                        note: Some(note),
                        rule: rule.0,
                    });
                }
                Event::LimbHealed { fig, limb, rule } => {
                    characters[usize::from(*fig)]
                        .limbs_healed
                        .push(LimbHealing {
                            limb: *limb,
                            rule: rule.0,
                        });
                }
                Event::PermanentLoss { fig, loss, rule } => {
                    characters[usize::from(*fig)].permanent.push(Permanent {
                        loss: *loss,
                        rule: rule.0,
                    });
                }
                _ => {}
            }
        }
        Ledger {
            scenario: end.rules.options.scenario_type,
            outcome,
            winner: match outcome {
                Outcome::Winner { side } => Some(side_name(side)),
                Outcome::Draw => None,
            },
            turns: end.turn,
            characters,
        }
    }
}
