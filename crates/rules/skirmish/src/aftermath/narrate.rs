//! The narration of the aftermath's events and of the practice weapons' recorded hits, with
//! their rule IDs.

use crate::aftermath::injuries::{limb_name, stats_text, Loss, BLINDED_DEX, ONE_LEG_MOV};
use crate::aftermath::{gear_name, Why};
use crate::event::Event;
use crate::options::ScenarioType;
use crate::state::State;

/// One line for an aftermath event (None for any other event).
pub fn narrate(s: &State, e: &Event) -> Option<String> {
    let name = |id: u16| s.name(id).to_string();
    Some(match e {
        Event::PracticeHit {
            fig,
            by,
            hits,
            rule,
        } => {
            let limit = s.rules.options.practice_hits;
            let of = if limit > 0 {
                format!("{hits} of {limit}")
            } else {
                hits.to_string()
            };
            format!(
                "  {} scores a hit on {}: {of} recorded [{rule}]",
                name(*by),
                name(*fig)
            )
        }
        Event::Aftermath { scenario, .. } => match scenario {
            ScenarioType::Adventure => "— After the battle —".to_string(),
            ScenarioType::Arena => "— After the battle: an arena fight [SK-19.1] —".to_string(),
            ScenarioType::Duel => "— After the battle: a duel [SK-19.2] —".to_string(),
            ScenarioType::Practice => {
                "— After the battle: a practice combat [SK-19.3] —".to_string()
            }
        },
        Event::Healed {
            fig,
            by,
            lethal,
            nonlethal,
            kit,
            rule,
        } => {
            let whom = if fig == by {
                "himself".to_string()
            } else {
                name(*fig)
            };
            let mut what = Vec::new();
            if *lethal > 0 {
                what.push(format!("{lethal} lethal"));
            }
            if *nonlethal > 0 {
                what.push(format!("{nonlethal} nonlethal"));
            }
            let healer = match (rule.0, kit) {
                ("SK-6.8.1-a", true) => "a Doctor with a medical kit",
                ("SK-6.8.1-a", false) => "a Doctor without a medical kit",
                _ => "a Medic with a medical kit",
            };
            format!(
                "{} heals {whom} of {} damage ({healer}) [{rule}]",
                name(*by),
                what.join(" and ")
            )
        }
        Event::Credits {
            fig,
            amount,
            why,
            rule,
        } => match why {
            Why::ArenaVictor => format!("{} gets {amount} ₢ as a victor [{rule}]", name(*fig)),
            Why::ArenaLoser => format!("{} gets {amount} ₢ as a loser [{rule}]", name(*fig)),
            Why::ArenaRanAway => format!(
                "{} gets {amount} ₢: a loser who ran away unhurt [{rule}]",
                name(*fig)
            ),
            Why::StakeWon => format!("{} wins {amount} ₢ of the stakes [{rule}]", name(*fig)),
            Why::StakePaid => format!("{} pays the {} ₢ stake [{rule}]", name(*fig), -amount),
        },
        Event::Experience {
            fig,
            ep,
            arena,
            rule,
        } => match arena {
            Some(r) if !r.took_part => format!(
                "{} earns no EP: he took no part in the fight (cowards get nothing) [{rule}]",
                name(*fig)
            ),
            Some(r) => {
                let mut parts = vec!["1 took part".to_string()];
                if r.won {
                    parts.push("1 winning side".to_string());
                }
                if r.foes_downed > 0 {
                    parts.push(format!(
                        "{} foe{} put out of the fight",
                        r.foes_downed,
                        if r.foes_downed == 1 { "" } else { "s" }
                    ));
                }
                if r.took_damage {
                    parts.push("1 hurt by a foe".to_string());
                }
                format!(
                    "{} earns {ep} EP = {} [{rule}]",
                    name(*fig),
                    parts.join(" + ")
                )
            }
            None => format!("{} earns {ep} EP [{rule}]", name(*fig)),
        },
        Event::ItemWon {
            fig,
            from,
            item,
            count,
            price,
            resale,
            rule,
        } => {
            let value = match (price, resale) {
                (Some(p), Some(r)) => format!("{p} ₢, resells for {r} ₢"),
                _ => "no price in the catalog".to_string(),
            };
            format!(
                "{} takes {}'s {} ({value}) [{rule}]",
                name(*fig),
                name(*from),
                gear_name(s.rules, *item, *count)
            )
        }
        Event::Recharge {
            fig,
            weapon,
            pack,
            batteries,
            cost,
            rule,
        } => {
            let w = &s.rules.weapons[usize::from(*weapon)].name;
            if *pack {
                format!(
                    "{} recharges the battery pack of his {w} ({batteries} {} worth): \
                     {cost} ₢ [{rule}]",
                    name(*fig),
                    fireteam_engine::plural(*batteries, "battery's", "batteries'")
                )
            } else {
                format!(
                    "{} recharges {batteries} batter{} of the {w}: {cost} ₢ [{rule}]",
                    name(*fig),
                    if *batteries == 1 { "y" } else { "ies" }
                )
            }
        }
        Event::ArmorRepair {
            fig,
            armor,
            repairable,
            cost,
            rule,
            ..
        } => {
            let a = &s.rules.armor[usize::from(*armor)].name;
            let wear = crate::aftermath::wear(e).unwrap_or_default();
            match (repairable, cost) {
                (false, _) => format!(
                    "{}'s {a} is more than half used up ({wear}): it cannot be fully repaired \
                     [{rule}]",
                    name(*fig)
                ),
                (true, Some(c)) => format!(
                    "{}'s {a} can be fully repaired at an armorer ({wear}): {c} ₢ [{rule}]",
                    name(*fig)
                ),
                (true, None) => format!(
                    "{}'s {a} can be fully repaired at an armorer ({wear}); the price is a GM \
                     input (repair_cost) [{rule}]",
                    name(*fig)
                ),
            }
        }
        // ---- lasting injuries (§5, §21.4-e/f, §21.6-e)
        Event::LimbHealed { fig, limb, rule } => format!(
            "{}'s {}, out of use, heals before the next combat [{rule}]",
            name(*fig),
            limb_name(*limb)
        ),
        Event::PermanentLoss { fig, loss, rule } => match loss {
            Loss::Arm { arm } => format!(
                "{} has lost his {} for good: no healing brings it back [{rule}]",
                name(*fig),
                limb_name(*arm)
            ),
            Loss::Leg { leg } => format!(
                "{} has lost his {} for good: MOV {ONE_LEG_MOV} in any later combat [{rule}]",
                name(*fig),
                limb_name(*leg)
            ),
            Loss::Sight => format!(
                "{} stays blinded by the flash: −{BLINDED_DEX} DEX for good [{rule}]",
                name(*fig)
            ),
        },
        Event::Attributes { fig, next, rule } => {
            let stats = next.changed_stats(s.fig(*fig));
            let write = if stats.is_empty() {
                String::new()
            } else {
                format!(" (unit stats {})", stats_text(&stats))
            };
            format!(
                "{} fights his next battle with {}{write} [{rule}]",
                name(*fig),
                next.describe()
            )
        }
        _ => return None,
    })
}
