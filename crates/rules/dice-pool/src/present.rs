//! How a front end shows dice-pool: narration, the viewer header and the roster
//! ([`Present`]), and what the exact odds of one action report ([`ActionOdds`]).

use crate::event::{AttackKindTag, Event};
use crate::narrate::{narrate, pool_line};
use crate::state::{Phase, Pos, State};
use crate::{Action, DicePool};
use fireteam_engine::serde_json::{self, json};
use fireteam_engine::{ActionOdds, Present, RuleSystem, SideId, UnitId};

/// The dice-pool book has nothing after a battle.
impl fireteam_engine::Aftermath for DicePool {}

impl Present for DicePool {
    fn narrate(&self, state: &State, event: &Event) -> Option<String> {
        narrate(state, event)
    }

    fn header(&self, s: &State, title: &str) -> serde_json::Value {
        let units: Vec<_> = s
            .units
            .iter()
            .map(|u| {
                let weapons: Vec<_> = u
                    .weapons
                    .iter()
                    .map(|&w| s.weapons[usize::from(w)].name.clone())
                    .collect();
                json!({"name": &*u.name, "side": u.side, "at": [u.pos.col, u.pos.row], "stance": u.stance, "weapons": weapons, "stats": u.stats})
            })
            .collect();
        let rows: Vec<String> = (0..s.field.height)
            .map(|r| {
                (0..s.field.width)
                    .map(|c| {
                        let t = s.field.terrain_at(Pos { col: c, row: r });
                        t.name.chars().next().unwrap_or('?')
                    })
                    .collect()
            })
            .collect();
        let terrain: Vec<_> = s
            .field
            .terrain
            .iter()
            .map(|t| json!({"name": t.name, "blocks_sight": t.blocks_sight, "blocks_movement": t.blocks_movement}))
            .collect();
        json!({
            "type": "battle",
            "system": self.name(),
            "title": title,
            "grid": {"kind": "hex", "layout": "flat-top odd-q", "metres_per_cell": 1},
            "map": {"width": s.field.width, "height": s.field.height, "cells": s.field.cells, "terrain": terrain, "rows_by_initial": rows},
            "sides": &*s.side_names,
            "units": units,
        })
    }

    fn side_name(&self, state: &State, side: SideId) -> String {
        state.side_names[usize::from(side)].clone()
    }

    fn unit_name(&self, state: &State, unit: UnitId) -> String {
        state.unit(unit).name.to_string()
    }

    fn roster(&self, s: &State) -> Vec<String> {
        s.units
            .iter()
            .map(|u| {
                format!(
                    "{} ({}) at {}",
                    u.name,
                    s.side_names[usize::from(u.side)],
                    u.pos
                )
            })
            .collect()
    }
}

impl ActionOdds for DicePool {
    /// A battle opens with the initiative roll: roll it unless the caller asks for it.
    fn opening(&self, s: &State, asked: &str) -> Vec<String> {
        if s.phase == Phase::TurnStart && !asked.trim().starts_with("start turn") {
            vec!["start turn 1".into()]
        } else {
            Vec::new()
        }
    }

    /// Each defender assigns `defend` dodge or parry dice, or as many as it has left, and the
    /// attack is rolled.
    fn reaction(&self, s: &State, defend: u8) -> Option<Action> {
        if let Phase::Roll(p, _) = &s.phase {
            return Some(Action::Roll {
                unit: crate::system::defender(p),
            });
        }
        let Phase::Defense(_) = s.phase else {
            return None;
        };
        let mut legal = Vec::new();
        self.legal_actions(s, &mut legal);
        legal
            .iter()
            .rfind(|a| matches!(a, Action::Defend { dice, .. } if *dice <= defend))
            .or(legal.first())
            .cloned()
    }

    /// Who was hurt and how: wounds (counting those deferred to the end of a simultaneous
    /// count), stunned, out of action.
    fn effect(&self, before: &State, after: &State) -> String {
        let mut parts = Vec::new();
        for (b, a) in before.units.iter().zip(&after.units) {
            let wounds = a.wounds - b.wounds
                + after
                    .deferred
                    .iter()
                    .filter(|(u, _)| after.unit(*u).name == a.name)
                    .map(|(_, w)| w)
                    .sum::<i32>()
                - before
                    .deferred
                    .iter()
                    .filter(|(u, _)| before.unit(*u).name == b.name)
                    .map(|(_, w)| w)
                    .sum::<i32>();
            let stunned = (a.stunned && !b.stunned)
                || after
                    .deferred
                    .iter()
                    .any(|(u, _)| after.unit(*u).name == a.name)
                    && !before
                        .deferred
                        .iter()
                        .any(|(u, _)| before.unit(*u).name == b.name);
            if wounds > 0 || stunned || (a.out && !b.out) {
                let mut p = format!("{}:", a.name);
                if wounds > 0 {
                    let noun = fireteam_engine::plural(wounds, "wound", "wounds");
                    p.push_str(&format!(" {wounds:>2} {noun}"));
                }
                if a.out && !b.out {
                    p.push_str(" out of action");
                } else if stunned {
                    p.push_str(" stunned");
                }
                parts.push(p);
            }
        }
        if parts.is_empty() {
            "no effect".into()
        } else {
            parts.join("; ")
        }
    }

    /// The first attack roll's pool: skill, modifiers, dice and difficulty.
    fn roll_make_up(&self, events: &[Event], defend: u8) -> Option<String> {
        events.iter().find_map(|e| match e {
            Event::AttackRolled {
                roll, band, kind, ..
            } => {
                let skill = match kind {
                    AttackKindTag::Melee => "melee",
                    AttackKindTag::Blast => "blast",
                    AttackKindTag::Shot(_) => "firearms",
                };
                Some(format!(
                    "{} (defender assigns up to {})",
                    pool_line(skill, roll, *band),
                    fireteam_engine::count(defend, "die", "dice")
                ))
            }
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::demo;
    use fireteam_dice::SeededSource;

    #[test]
    fn the_header_has_what_a_viewer_draws_from() {
        let s = demo().build();
        let h = DicePool.header(&s, "Demo");
        assert_eq!(h["type"], "battle");
        assert_eq!(h["system"], "dice-pool");
        assert_eq!(h["title"], "Demo");
        assert_eq!(h["grid"]["kind"], "hex");
        assert_eq!(h["map"]["width"], 20);
        assert_eq!(h["map"]["rows_by_initial"][1], "oooloooooooorooooooo");
        assert_eq!(h["sides"], json!(["Red", "Blue"]));
        assert_eq!(h["units"][0]["name"], "Anna");
        assert_eq!(h["units"][0]["at"], json!([1, 1]));
        assert_eq!(h["units"].as_array().map(Vec::len), Some(6));
        // The keys come out sorted, so the line is the same on every run.
        let line = h.to_string();
        assert!(line.starts_with("{\"grid\":{\"kind\":\"hex\","), "{line}");
    }

    #[test]
    fn names_and_roster() {
        let s = demo().build();
        assert_eq!(DicePool.side_name(&s, 1), "Blue");
        assert_eq!(DicePool.unit_name(&s, 3), "Ben");
        let roster = DicePool.roster(&s);
        assert_eq!(roster.len(), 6);
        assert_eq!(roster[0], "Anna (Red) at 1,1");
        assert_eq!(roster[5], "Fay (Blue) at 18,6");
    }

    #[test]
    fn narration_is_the_narrate_module() {
        let mut s = demo().build();
        let mut events = Vec::new();
        DicePool
            .resolve(
                &s,
                &Action::StartTurn,
                &mut SeededSource::new(1),
                &mut events,
            )
            .unwrap();
        for e in &events {
            DicePool.apply(&mut s, e);
        }
        let lines: Vec<String> = events
            .iter()
            .filter_map(|e| DicePool.narrate(&s, e))
            .collect();
        assert_eq!(lines[0], "── Turn 1 ──");
        assert!(
            lines.iter().any(|l| l.contains("[DP-INIT-01]")),
            "{lines:?}"
        );
    }

    #[test]
    fn the_odds_open_with_the_initiative_and_need_no_reaction_outside_a_defense() {
        let s = demo().build();
        assert_eq!(
            DicePool.opening(&s, "walk Anna to 2,1"),
            vec!["start turn 1"]
        );
        assert!(DicePool.opening(&s, " start turn 1").is_empty());
        assert_eq!(DicePool.reaction(&s, 2), None);
        assert_eq!(DicePool.effect(&s, &s), "no effect");
        assert_eq!(DicePool.roll_make_up(&[], 0), None);
    }
}
