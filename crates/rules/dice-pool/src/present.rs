//! How a front end shows dice-pool: narration, the viewer header and the roster
//! ([`Present`]), and what the exact odds of one action report ([`ActionOdds`]).

use crate::event::{AttackKindTag, Event};
use crate::narrate::{narrate, pool_line};
use crate::state::{Phase, Pos, State};
use crate::{Action, DicePool};
use fireteam_engine::serde_json::{self, json};
use fireteam_engine::view::{
    ActionView, Board, Cell, Focus, GridShape, SideView, TerrainView, UnitView,
};
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

    fn board(&self, s: &State) -> Board {
        board(s)
    }

    fn action_view(&self, s: &State, a: &Action) -> ActionView {
        action_view(s, a)
    }

    fn focus(&self, s: &State, unit: UnitId) -> Focus {
        focus(s, unit)
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

/// A map cell as the board draws it.
fn cell(p: Pos) -> Cell {
    Cell::new(i32::from(p.col), i32::from(p.row))
}

/// The board of a dice-pool battle: the field's terrain, and each unit with its stance, wounds
/// against its wound limit (DP-G06) and the rounds in its weapons.
pub fn board(s: &State) -> Board {
    let f = &s.field;
    let terrain = f
        .terrain
        .iter()
        .map(|t| {
            let symbol = t.name.chars().next().unwrap_or('?');
            let look = match (t.blocks_movement, t.blocks_sight, t.name.as_str()) {
                (true, true, _) => "wall",
                (_, _, n) if n.contains("water") => "water",
                (_, true, _) => "smoke",
                (true, false, _) => "low-wall",
                _ if t.darkness != crate::resolve::Darkness::None => "dark",
                _ if t.cover != crate::resolve::Cover::None => "brush",
                _ if t.move_cost > 1 => "rough",
                _ => "open",
            };
            TerrainView {
                name: t.name.clone(),
                symbol,
                look: look.into(),
                blocks_sight: t.blocks_sight,
                blocks_movement: t.blocks_movement,
                note: format!(
                    "{} m to enter, cover {:?}, darkness {:?} [DP-TAB-MOVEMENT, DP-MOD-04]",
                    t.move_cost, t.cover, t.darkness
                ),
            }
        })
        .collect();
    let units = s
        .units
        .iter()
        .enumerate()
        .map(|(i, u)| {
            let mut status = Vec::new();
            if u.out {
                status.push("out of action".to_string());
            }
            if u.stunned {
                status.push("stunned [DP-G07]".to_string());
            }
            let gear = u
                .weapons
                .iter()
                .zip(&u.loaded)
                .map(|(&w, &n)| {
                    let wp = &s.weapons[usize::from(w)];
                    format!("{} {n}/{}", wp.name, wp.clip)
                })
                .collect();
            UnitView {
                id: i as UnitId,
                name: u.name.to_string(),
                side: u.side,
                at: Some(cell(u.pos)),
                facing: None,
                posture: match u.stance {
                    crate::state::Stance::Standing => "standing",
                    crate::state::Stance::Prone => "prone",
                }
                .into(),
                damage: u.wounds,
                damage_max: Some(u.stats.wound_limit),
                out: u.out,
                status,
                weapon: u.ready.map(|w| s.weapons[usize::from(w)].name.clone()),
                gear,
            }
        })
        .collect();
    let phase = match s.phase {
        Phase::TurnStart => "initiative",
        Phase::Activation => "activations",
        Phase::Defense(_) => "defense",
        Phase::Roll(..) => "attack roll",
        Phase::Over => "over",
    };
    Board {
        shape: GridShape::Hex,
        width: u32::from(f.width),
        height: u32::from(f.height),
        facings: Vec::new(),
        terrain,
        cells: f.cells.iter().map(|&c| u16::from(c)).collect(),
        marks: Vec::new(),
        sides: s
            .side_names
            .iter()
            .map(|n| SideView { name: n.clone() })
            .collect(),
        units,
        turn: s.turn,
        phase: phase.into(),
    }
}

/// What an action does on the board.
pub fn action_view(s: &State, a: &Action) -> ActionView {
    let v = |unit: UnitId, kind: &str| ActionView {
        unit: Some(unit),
        kind: kind.into(),
        cell: None,
        target: None,
        facing: None,
        attack: false,
    };
    match *a {
        Action::StartTurn => ActionView {
            unit: None,
            kind: "start turn".into(),
            cell: None,
            target: None,
            facing: None,
            attack: false,
        },
        Action::Move { unit, gait, to } => ActionView {
            cell: Some(cell(to)),
            ..v(unit, gait.name())
        },
        Action::FallProne { unit } => v(unit, "prone"),
        Action::StandUp { unit } => v(unit, "stand"),
        Action::Shoot { unit, target, .. } => ActionView {
            target: Some(target),
            cell: Some(cell(s.unit(target).pos)),
            attack: true,
            ..v(unit, "shoot")
        },
        Action::Aim { unit } => v(unit, "aim"),
        Action::Reload { unit, .. } => v(unit, "reload"),
        Action::Melee { unit, target, .. } => ActionView {
            target: Some(target),
            cell: Some(cell(s.unit(target).pos)),
            attack: true,
            ..v(unit, "melee")
        },
        Action::Throw { unit, at, .. } => ActionView {
            cell: Some(cell(at)),
            attack: true,
            ..v(unit, "throw")
        },
        Action::End { unit } => v(unit, "end"),
        Action::Defend { unit, .. } => v(unit, "defend"),
        // The roll after the defense is nobody's choice: a button, not a unit's action.
        Action::Roll { .. } => ActionView {
            unit: None,
            kind: "roll".into(),
            cell: None,
            target: None,
            facing: None,
            attack: false,
        },
    }
}

/// The cells a unit sees (DP-MOD-04's line of sight); dice-pool has no facing and no threat
/// zone.
pub fn focus(s: &State, unit: UnitId) -> Focus {
    let from = s.unit(unit).pos;
    let mut sight = Vec::new();
    for row in 0..s.field.height {
        for col in 0..s.field.width {
            let p = Pos { col, row };
            if p != from && crate::geometry::sight(s, from, p).clear {
                sight.push(cell(p));
            }
        }
    }
    Focus {
        threat: Vec::new(),
        sight,
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
