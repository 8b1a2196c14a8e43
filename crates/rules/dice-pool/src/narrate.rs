//! Turn-by-turn narration of dice-pool events: every roll with its target, modifiers and rule
//! IDs, faces and result. Reads the state as it was before the event.

use crate::data::Band;
use crate::event::{AttackKindTag, Event};
use crate::resolve::{AttackRoll, Faces, Movement};
use crate::state::{Stance, State};
use fireteam_engine::{count, Modifier};

fn faces(f: &Faces) -> String {
    let v: Vec<String> = f.iter().map(u8::to_string).collect();
    format!("[{}]", v.join(", "))
}

fn signed(m: &Modifier) -> String {
    format!("{} {:+} [{}]", m.label, m.value, m.rule)
}

/// What a roll is made of: skill, every modifier with its rule, the dice and the difficulty.
pub fn pool_line(skill_name: &str, r: &AttackRoll, band: Option<Band>) -> String {
    let mut parts = vec![format!("{skill_name} {}", r.skill)];
    for m in &r.modifiers {
        if m.applied {
            parts.push(signed(m));
        } else {
            parts.push(format!(
                "({} not applied: {})",
                m.label,
                m.reason.unwrap_or("")
            ));
        }
    }
    let target = match band {
        Some(b) => format!("{} {}", b.name(), r.base_difficulty),
        None => format!("{}", r.base_difficulty),
    };
    format!(
        "{} → {} vs {target}",
        parts.join(", "),
        count(r.pool, "die", "dice")
    )
}

/// The pool line of an attack roll: skill, modifiers, dice, difficulty, faces, result.
pub fn attack_line(skill_name: &str, r: &AttackRoll, band: Option<Band>) -> String {
    let defense = if r.defense_dice > 0 {
        format!(
            " + defense {}d6 {} = {}",
            r.defense_dice,
            faces(&r.defense_faces),
            r.difficulty
        )
    } else {
        String::new()
    };
    let outcome = if r.automatic_failure {
        "no dice: automatic failure [DP-G15]".to_string()
    } else {
        format!(
            "{} = {} → {}",
            if r.faces.is_empty() {
                String::from("(total)")
            } else {
                faces(&r.faces)
            },
            r.total,
            if r.hit { "HIT" } else { "miss" }
        )
    };
    format!("{}{defense}: {outcome}", pool_line(skill_name, r, band))
}

/// One line for an event, or `None` for bookkeeping events a reader does not need.
pub fn narrate(s: &State, e: &Event) -> Option<String> {
    let name = |u: u16| s.unit(u).name.to_string();
    let weapon = |w: u16| s.weapons[usize::from(w)].name.clone();
    Some(match e {
        Event::TurnStarted { turn } => format!("── Turn {turn} ──"),
        Event::InitiativeRolled { unit, roll, rule } => format!(
            "{} initiative: 1d6 [{}] + Dexterity {} = {}{} [{rule}]",
            name(*unit),
            roll.die,
            roll.dexterity,
            roll.total,
            if roll.extra_action {
                ", an extra action (10 or more) [DP-INIT-04]"
            } else {
                ""
            }
        ),
        Event::TieOrdered {
            count,
            order,
            draws,
            rule,
        } => {
            let v: Vec<String> = order.iter().map(|u| name(*u)).collect();
            let d: Vec<String> = draws.iter().map(u8::to_string).collect();
            format!(
                "Tied at {count}, acting together: the dice [{}] draw the order {} [{rule}]",
                d.join(", "),
                v.join(", ")
            )
        }
        Event::OrderSet { order } => {
            let v: Vec<String> = order.iter().map(|u| name(*u)).collect();
            format!("Order: {} [DP-INIT-02]", v.join(", "))
        }
        Event::Activated { unit, pass } => {
            if *pass == 2 {
                format!("{} takes the extra action [DP-G08]", name(*unit))
            } else {
                format!("{} acts", name(*unit))
            }
        }
        Event::Moved {
            unit,
            movement,
            path,
            rule,
        } => {
            let verb = match movement {
                Movement::Run => "runs",
                Movement::Crawl => "crawls",
                _ => "walks",
            };
            let (from, to) = (path.first()?, path.last()?);
            format!(
                "  {} {verb} {from} → {to} ({} m) [{rule}]",
                name(*unit),
                path.len().saturating_sub(1)
            )
        }
        Event::StanceChanged {
            unit, stance, rule, ..
        } => format!(
            "  {} {} [{rule}]",
            name(*unit),
            if *stance == Stance::Prone {
                "drops prone"
            } else {
                "stands up (−1 die this turn)"
            }
        ),
        Event::Drew {
            unit,
            weapon: w,
            fast_draw,
            rule,
        } => match fast_draw {
            Some(r) => format!(
                "  {} fast-draws the {}: {} [{rule}]",
                name(*unit),
                weapon(*w),
                attack_line("Dexterity", r, None)
            ),
            None => format!(
                "  {} draws the {} (−1 die, one shot this turn) [DP-DRAW-01]",
                name(*unit),
                weapon(*w)
            ),
        },
        Event::Aimed { unit, rule } => {
            format!("  {} aims (+2 dice to the next shot) [{rule}]", name(*unit))
        }
        Event::Reloaded {
            unit,
            weapon: w,
            loaded,
            rule,
        } => {
            format!(
                "  {} reloads the {}: {} [{rule}]",
                name(*unit),
                weapon(*w),
                count(*loaded, "round", "rounds")
            )
        }
        Event::AttackDeclared {
            attacker,
            target,
            weapon: w,
            kind,
            shot,
            of,
        } => match kind {
            AttackKindTag::Shot(mode) => format!(
                "  {} fires the {} at {} ({}, shot {shot} of {of})",
                name(*attacker),
                weapon(*w),
                name(*target),
                mode.name()
            ),
            _ => format!(
                "  {} attacks {} with the {}",
                name(*attacker),
                name(*target),
                weapon(*w)
            ),
        },
        Event::DefenseAssigned {
            unit,
            dice,
            parry,
            rule,
        } => {
            if *dice == 0 {
                return None;
            }
            format!(
                "  {} puts {dice} {} {} against it [{rule}]",
                name(*unit),
                if *parry { "parry" } else { "dodge" },
                fireteam_engine::plural(*dice, "die", "dice")
            )
        }
        Event::AttackRolled {
            kind,
            band,
            distance_m,
            roll,
            rule,
            ..
        } => {
            let skill = match kind {
                AttackKindTag::Shot(_) => "firearms",
                AttackKindTag::Melee => "melee",
                AttackKindTag::Blast => "blast",
            };
            format!(
                "    to hit at {distance_m} m: {} [{rule}]",
                attack_line(skill, roll, *band)
            )
        }
        Event::Damaged {
            target,
            dl,
            roll,
            deferred,
            rule,
        } => format!(
            "    damage: DL {dl}d6 {} = {} vs PR {}d6 {} = {} → {}{}{} [{rule}]",
            faces(&roll.dl_faces),
            roll.dl_total,
            roll.pr_dice,
            faces(&roll.pr_faces),
            roll.pr_total,
            if roll.wounds > 0 {
                format!("{}, ", count(roll.wounds, "wound", "wounds"))
            } else {
                String::new()
            },
            format_args!("{} stunned", name(*target)),
            if *deferred {
                " (lands when the count ends, DP-G09)"
            } else {
                ""
            }
        ),
        Event::CountResolved { rule } => {
            format!("  the simultaneous count ends: its wounds land [{rule}]")
        }
        Event::OutOfAction { unit, rule } => format!("  {} is out of action [{rule}]", name(*unit)),
        Event::Thrown {
            unit,
            weapon: w,
            aim,
            landed,
            scatter,
            roll,
            rule,
        } => {
            let mut line = format!(
                "  {} throws the {} at {aim}: {} [{rule}]",
                name(*unit),
                weapon(*w),
                attack_line("throwing", roll, None)
            );
            if let Some(sc) = scatter {
                line.push_str(&format!(
                    "\n    it scatters {} m toward face {} and lands at {landed} [DP-GRENADE-02]",
                    sc.distance_m, sc.direction
                ));
            }
            line
        }
        Event::Blast {
            at,
            radius_m,
            targets,
            rule,
        } => {
            let v: Vec<String> = targets.iter().map(|u| name(*u)).collect();
            format!(
                "    the blast at {at} reaches {} within {radius_m} m [{rule}]",
                if v.is_empty() {
                    "no one".to_string()
                } else {
                    v.join(", ")
                }
            )
        }
        Event::BattleEnded { winner } => match winner {
            Some(side) => format!("══ {} wins ══", s.side_names[usize::from(*side)]),
            None => "══ The battle ends in a draw ══".to_string(),
        },
        Event::AmmoSpent { .. }
        | Event::BlastPending { .. }
        | Event::ActionDone { .. }
        | Event::ActivationEnded { .. }
        | Event::TurnEnded { .. } => return None,
    })
}
