//! How a front end shows tactical-3d6: narration, the viewer header, the roster and the board
//! ([`Present`]), and what the exact odds of one action report ([`ActionOdds`]).

use crate::action::{self, Action, Defense};
use crate::combat;
use crate::data::Location;
use crate::event::Event;
use crate::narrate::{make_up, narrate};
use crate::state::{Cell, Fighter, Held, Jam, Maneuver, Phase, State};
use crate::system::Tactical3d6;
use fireteam_engine::serde_json::{self, json};
use fireteam_engine::view::{
    self, ActionView, Board, Focus, GridShape, Mark, SideView, TerrainView, UnitView,
};
use fireteam_engine::{ActionOdds, Present, RuleSystem, SideId, UnitId};

/// The six hex facings, from 0 = north, clockwise.
pub const FACINGS: [&str; 6] = ["N", "NE", "SE", "S", "SW", "NW"];

fn cell(c: Cell) -> view::Cell {
    view::Cell::new(i32::from(c.0), i32::from(c.1))
}

impl Present for Tactical3d6 {
    fn narrate(&self, state: &State, event: &Event) -> Option<String> {
        narrate(state, event)
    }

    fn header(&self, s: &State, title: &str) -> serde_json::Value {
        let r = s.rules;
        let units: Vec<_> = s
            .units()
            .map(|u| {
                let c = s.character(u);
                let f = s.fighter(u);
                let weapons: Vec<_> = c
                    .weapons
                    .iter()
                    .map(|&(w, skill)| json!({"name": r.weapons[w].name, "skill": skill}))
                    .collect();
                json!({
                    "name": c.name, "side": c.side, "at": [f.at.0, f.at.1],
                    "facing": f.facing, "posture": f.posture.name(),
                    "stats": {"dx": c.dx, "iq": c.iq, "ht": c.ht, "will": c.will, "hp": c.hp,
                              "fp": c.fp, "basic_speed": f64::from(c.speed_q) / 4.0,
                              "move": c.move_, "dodge": c.dodge()},
                    "weapons": weapons, "ready": f.ready_slot(),
                    "shield": c.shield.map(|(i, _)| r.shields[i].name.clone()),
                })
            })
            .collect();
        let terrain: Vec<_> = r
            .terrain
            .iter()
            .map(|t| {
                json!({"id": t.id, "name": t.name, "look": t.look,
                       "blocks_sight": t.blocks_sight, "blocks_movement": t.blocks_movement,
                       "difficult": t.difficult,
                       "cover": t.cover.map(|i| r.cover[i].name.clone())})
            })
            .collect();
        json!({
            "type": "battle",
            "system": self.name(),
            "title": title,
            "grid": {"kind": "hex", "layout": "flat-top odd-q", "yards_per_cell": 1, "facings": FACINGS},
            "map": {"width": r.width, "height": r.height, "cells": r.cells, "elevation": r.elevation, "terrain": terrain},
            "options": r.options,
            "sides": r.sides,
            "units": units,
        })
    }

    fn side_name(&self, s: &State, side: SideId) -> String {
        s.rules
            .sides
            .get(usize::from(side))
            .cloned()
            .unwrap_or_else(|| format!("side {side}"))
    }

    fn unit_name(&self, s: &State, unit: UnitId) -> String {
        s.character(unit).name.clone()
    }

    fn roster(&self, s: &State) -> Vec<String> {
        s.units()
            .map(|u| {
                let c = s.character(u);
                let f = s.fighter(u);
                let mut line = format!(
                    "{} ({}) at {},{}: HP {}/{}, {}",
                    c.name,
                    self.side_name(s, c.side),
                    f.at.0,
                    f.at.1,
                    f.hp,
                    c.hp,
                    posture(f)
                );
                if let Some(w) = ready_weapon(s, u) {
                    line.push_str(&format!(", {w} ready"));
                }
                let status = status(s, u);
                if !status.is_empty() {
                    line.push_str(&format!(", {}", status.join(", ")));
                }
                line
            })
            .collect()
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
}

/// The posture word the board draws: the sheet's posture, or `crouching` for a crouched
/// stand (T3-CROUCH-01).
fn posture(f: &Fighter) -> String {
    if f.crouching && f.posture == crate::tables::Posture::Standing {
        "crouching".into()
    } else {
        f.posture.name().into()
    }
}

fn ready_weapon(s: &State, u: UnitId) -> Option<String> {
    s.fighter(u)
        .ready_slot()
        .map(|slot| s.rules.weapon(u, slot).name.clone())
}

/// A fighter's status words, with rule IDs where a rule gives them.
pub fn status(s: &State, u: UnitId) -> Vec<String> {
    let f = s.fighter(u);
    let mut out = Vec::new();
    if f.dead {
        out.push("dead".to_string());
    } else if !f.conscious {
        out.push("unconscious".to_string());
    }
    if f.mortal_wound && !f.dead {
        out.push("mortally wounded [T3-HP-03]".into());
    }
    if f.stunned && !f.dead {
        out.push("stunned [T3-STUN-01]".into());
    }
    if f.shock > 0 {
        out.push(format!("shock −{} [T3-SHOCK-01]", f.shock));
    } else if f.shock_pending > 0 {
        out.push(format!(
            "shock −{} next turn [T3-SHOCK-01]",
            f.shock_pending
        ));
    }
    if f.crouching && f.posture != crate::tables::Posture::Standing {
        out.push("crouching [T3-CROUCH-01]".into());
    }
    if f.burning > 0 {
        out.push(
            if f.burning >= 2 {
                "on fire [T3-BURN-02]"
            } else {
                "on fire [T3-BURN-01]"
            }
            .into(),
        );
    }
    if let Some((t, _, secs, _)) = f.aim {
        out.push(format!(
            "aiming at {} ({}s) [T3-AIM-01]",
            s.character(t).name,
            secs
        ));
    }
    if let Some((t, n)) = f.evaluate {
        out.push(format!(
            "evaluating {} ({n}) [T3-MANEUVER-06]",
            s.character(t).name
        ));
    }
    if let Some(t) = f.wait {
        out.push(format!("waiting ({} yd) [T3-MANEUVER-18]", t.within));
    }
    if f.active() {
        match f.maneuver {
            Maneuver::AllOutAttack => out.push("All-Out Attack [T3-MANEUVER-10]".into()),
            Maneuver::AllOutDefense => out.push(match f.aod {
                Some(o) => format!("All-Out Defense ({}) [T3-MANEUVER-14]", o.name()),
                None => "All-Out Defense [T3-MANEUVER-14]".into(),
            }),
            _ => {}
        }
    }
    if f.concentrating > 0 {
        out.push(format!("concentrating ({}s)", f.concentrating));
    }
    for loc in Location::ALL {
        if f.destroyed & loc.bit() != 0 {
            out.push(format!("{loc} destroyed [T3-CRIPPLE-01]"));
        } else if f.crippled & loc.bit() != 0 {
            out.push(format!("{loc} crippled [T3-CRIPPLE-01]"));
        }
    }
    out
}

/// One character for text maps, from the terrain's drawing hint.
fn symbol(look: &str, name: &str) -> char {
    match look {
        "open" => '.',
        "wall" | "building" => '#',
        "low-wall" => '=',
        "water" | "deep-water" => '~',
        "brush" => '"',
        "rough" => ',',
        "pit" => 'O',
        "smoke" => '%',
        "fire" => '^',
        "dark" => ':',
        "window" | "glass" => '|',
        _ => name.chars().next().unwrap_or('?'),
    }
}

fn terrain(s: &State, t: &crate::data::Terrain) -> TerrainView {
    let mut note = Vec::new();
    if let Some(i) = t.cover {
        let m = &s.rules.cover[i];
        let mut c = format!("cover: {} (DR {}", m.name, m.dr);
        if let Some(cm) = t.cover_cm {
            c.push_str(&format!(", {cm} cm"));
        }
        c.push(')');
        if m.wears {
            c.push_str(", wears down [T3-COVER-07]");
        }
        if m.glass {
            c.push_str(", glass [T3-COVER-08]");
        }
        c.push_str(" [T3-COVER-05]");
        note.push(c);
    }
    if t.difficult {
        note.push("difficult: no sprinting [T3-MOVE-03]".into());
    }
    if t.slit {
        note.push("firing slit [T3-TAB-EXPOSURE]".into());
    }
    if t.brace {
        note.push("a rest to brace on [T3-BRACE-01]".into());
    }
    if t.soft {
        note.push(format!("soft landing, DR {} [T3-FALL-05]", t.landing_dr));
    }
    if t.fluid {
        note.push("swimmable [T3-FALL-03]".into());
    }
    TerrainView {
        name: t.name.clone(),
        symbol: symbol(&t.look, &t.name),
        look: if t.look.is_empty() {
            "open".into()
        } else {
            t.look.clone()
        },
        blocks_sight: t.blocks_sight,
        blocks_movement: t.blocks_movement,
        note: note.join(", "),
    }
}

fn gear(s: &State, u: UnitId) -> Vec<String> {
    let c = s.character(u);
    let f = s.fighter(u);
    let mut out: Vec<String> = f
        .guns
        .iter()
        .enumerate()
        .map(|(slot, g)| {
            let w = s.rules.weapon(u, slot as u8);
            let mut t = w.name.clone();
            if !w.melee && w.shots > 0 {
                t.push_str(&format!(" {}/{}", g.shots, w.shots));
            }
            match g.held {
                Held::Ready => {}
                Held::Holstered => t.push_str(" (holstered)"),
                Held::Dropped => t.push_str(" (dropped)"),
            }
            match g.jam {
                Jam::Ok => {}
                Jam::Jammed { .. } => t.push_str(" (jammed)"),
                Jam::Broken { .. } => t.push_str(" (broken)"),
            }
            t
        })
        .collect();
    if let Some((i, _)) = c.shield {
        out.push(s.rules.shields[i].name.clone());
    }
    for (k, &i) in c.items.iter().enumerate() {
        if let Some(item) = s.rules.items.get(i) {
            let ready = f.items_ready & (1 << k) != 0;
            out.push(if ready {
                format!("{} (ready)", item.name)
            } else {
                item.name.clone()
            });
        }
    }
    out
}

fn unit(s: &State, u: UnitId) -> UnitView {
    let c = s.character(u);
    let f = s.fighter(u);
    UnitView {
        id: u,
        name: c.name.clone(),
        side: c.side,
        at: Some(cell(f.at)),
        facing: Some(f.facing % 6),
        posture: posture(f),
        damage: c.hp - f.hp,
        damage_max: Some(c.hp),
        out: !f.active(),
        status: status(s, u),
        weapon: ready_weapon(s, u),
        gear: gear(s, u),
    }
}

fn phase(s: &State) -> String {
    match &s.phase {
        Phase::Order => "turn order [T3-G02]".into(),
        Phase::Act { unit } => format!("second {}: {}'s turn", s.turn, s.character(*unit).name),
        Phase::Defend(p) => format!(
            "second {}: {} defends [T3-DEFENSE-01]",
            s.turn,
            s.character(p.strike.target).name
        ),
        Phase::Triggered { waiter, .. } => format!(
            "second {}: {}'s Wait is triggered [T3-MANEUVER-18]",
            s.turn,
            s.character(*waiter).name
        ),
        Phase::Over => "over".into(),
    }
}

/// The board now: the map's terrain, suppression zones and dropped weapons, and the fighters.
pub fn board(s: &State) -> Board {
    let r = s.rules;
    let mut marks = Vec::new();
    for z in &s.zones {
        let label = format!(
            "{}'s suppression fire, {} left [T3-SUPPRESS-01]",
            s.character(z.shooter).name,
            fireteam_engine::count(z.hits_left, "hit", "hits")
        );
        for &c in &z.cells {
            marks.push(Mark {
                at: cell(c),
                kind: "zone".into(),
                label: label.clone(),
            });
        }
    }
    for u in s.units() {
        for (slot, g) in s.fighter(u).guns.iter().enumerate() {
            if g.held == Held::Dropped {
                marks.push(Mark {
                    at: cell(g.dropped_at),
                    kind: "item".into(),
                    label: format!(
                        "{}'s {}, dropped",
                        s.character(u).name,
                        r.weapon(u, slot as u8).name
                    ),
                });
            }
        }
    }
    for w in &s.wear {
        if w.broken {
            marks.push(Mark {
                at: cell(w.at),
                kind: "broken".into(),
                label: "broken glass [T3-COVER-08]".into(),
            });
        }
    }
    Board {
        shape: GridShape::Hex,
        width: r.width.max(0) as u32,
        height: r.height.max(0) as u32,
        facings: FACINGS.iter().map(|f| f.to_string()).collect(),
        terrain: r.terrain.iter().map(|t| terrain(s, t)).collect(),
        cells: r.cells.clone(),
        marks,
        sides: r
            .sides
            .iter()
            .map(|n| SideView { name: n.clone() })
            .collect(),
        units: s.units().map(|u| unit(s, u)).collect(),
        turn: s.turn,
        phase: phase(s),
    }
}

/// What an action does on the board: its fighter, its kind (the first word of its text), the
/// cell it goes to or aims at, the fighter it aims at, and the facing a move ends in.
pub fn action_view(s: &State, a: &Action) -> ActionView {
    let text = action::text(s, a);
    let kind = text.split(' ').next().unwrap_or("action").to_string();
    let at = |u: UnitId| Some(cell(s.fighter(u).at));
    let moved_facing = |u: UnitId, to: Cell| {
        let from = s.fighter(u).at;
        let path = crate::geometry::path(s, u, to);
        let prev = path
            .as_ref()
            .and_then(|p| p.iter().rev().nth(1).copied())
            .unwrap_or(from);
        crate::geometry::facing_toward(prev, to)
            .or_else(|| (from != to).then(|| crate::geometry::facing_at(from, to)))
    };
    let (cell_, target, facing, attack) = match a {
        Action::Order => (None, None, None, false),
        Action::Move { unit, to } | Action::MoveAndAttack { unit, to } => {
            (Some(cell(*to)), None, moved_facing(*unit, *to), false)
        }
        Action::Aim { target, .. } | Action::Evaluate { target, .. } => {
            (at(*target), Some(*target), None, false)
        }
        Action::Feint { target, .. } => (at(*target), Some(*target), None, true),
        Action::Attack(spec) => {
            let t = spec.targets.first().map(|&(t, _)| t);
            (t.and_then(at), t, None, true)
        }
        Action::Suppress { toward, .. } => (Some(cell(*toward)), None, None, true),
        Action::Defend { .. } => match &s.phase {
            Phase::Defend(p) => (at(p.strike.attacker), Some(p.strike.attacker), None, false),
            _ => (None, None, None, false),
        },
        Action::Pass { .. } => match &s.phase {
            Phase::Triggered { by, .. } => (at(*by), Some(*by), None, false),
            _ => (None, None, None, false),
        },
        // Nothing to point at: the battle map offers these as plain choices.
        Action::Crouch { .. }
        | Action::StepPosture { .. }
        | Action::DoNothing { .. }
        | Action::ChangePosture { .. }
        | Action::AllOutDefense { .. }
        | Action::Concentrate { .. }
        | Action::Ready { .. }
        | Action::Wait { .. } => (None, None, None, false),
    };
    ActionView {
        unit: a.unit(),
        kind,
        cell: cell_,
        target,
        facing,
        attack,
    }
}

/// What a fighter sees (every hex in a clear line of sight) and threatens (the hexes within
/// reach of its ready melee weapon).
pub fn focus(s: &State, u: UnitId) -> Focus {
    let f = s.fighter(u);
    let mut out = Focus::default();
    let reach = f
        .ready_slot()
        .map(|slot| s.rules.weapon(u, slot))
        .filter(|w| w.melee && f.active())
        .map(|w| w.reach);
    for row in 0..s.rules.height as i16 {
        for col in 0..s.rules.width as i16 {
            let c = (col, row);
            if c == f.at {
                continue;
            }
            if crate::geometry::sight(s, f.at, c) {
                out.sight.push(cell(c));
            }
            if let Some(reach) = reach {
                let d = crate::state::distance(f.at, c);
                if d >= 1 && d <= reach {
                    out.threat.push(cell(c));
                }
            }
        }
    }
    out
}

/// The defense the odds assume: `defend` 0 is the legal defense with the best value (ties to
/// the first listed; no defense only when there is nothing else), k ≥ 1 the k-th listed (the
/// last when there are fewer).
pub fn chosen_defense(s: &State, defend: u8) -> Option<Action> {
    let Phase::Defend(p) = &s.phase else {
        return None;
    };
    let mut legal = Vec::new();
    crate::legal::legal(s, &mut legal);
    let defenses: Vec<(Action, Defense)> = legal
        .into_iter()
        .filter_map(|a| match a {
            Action::Defend { defense, .. } => Some((a, defense)),
            _ => None,
        })
        .collect();
    if defend >= 1 {
        let i = usize::from(defend - 1).min(defenses.len().checked_sub(1)?);
        return Some(defenses[i].0.clone());
    }
    let mut best: Option<(i32, &Action)> = None;
    for (a, d) in &defenses {
        if *d == Defense::None {
            continue;
        }
        let (base, mods, _) = combat::defense_value(s, p, *d);
        let v = base + fireteam_engine::Modifier::total(&mods);
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, a));
        }
    }
    best.map(|(_, a)| a.clone())
        .or_else(|| defenses.first().map(|(a, _)| a.clone()))
}

/// What happened to one fighter, from its state before and after, in coarse words: `Boris
/// dead`, `Boris down`, `hit: Boris 7 injury, stunned`, `Boris: feinted −3`; None when nothing
/// did.
fn fighter_effect(name: &str, b: &Fighter, a: &Fighter) -> Option<String> {
    if a.dead && !b.dead {
        return Some(format!("{name} dead"));
    }
    if !a.conscious && b.conscious {
        return Some(format!("{name} down"));
    }
    let mut p = Vec::new();
    let injury = b.hp - a.hp;
    if injury > 0 {
        p.push(format!("{injury} injury"));
    }
    if a.mortal_wound && !b.mortal_wound {
        p.push("mortally wounded".into());
    }
    let crippled = a.crippled & !b.crippled;
    for loc in Location::ALL {
        if crippled & loc.bit() != 0 {
            p.push(format!("{loc} crippled"));
        }
    }
    let stunned = a.stunned && !b.stunned;
    let fell = a.posture.lying() && !b.posture.lying();
    match (stunned, fell) {
        (true, true) => p.push("knocked down".into()),
        (true, false) => p.push("stunned".into()),
        (false, true) => p.push("prone".into()),
        (false, false) => {}
    }
    if a.burning > b.burning {
        p.push("on fire".into());
    }
    if a.feinted != b.feinted {
        if let Some((_, pen, _)) = a.feinted {
            p.push(format!("feinted −{pen}"));
        }
    }
    if p.is_empty() {
        None
    } else if injury > 0 {
        Some(format!("hit: {name} {}", p.join(", ")))
    } else {
        Some(format!("{name}: {}", p.join(", ")))
    }
}

impl ActionOdds for Tactical3d6 {
    /// A battle opens with the roll-off for the turn order.
    fn opening(&self, s: &State, asked: &str) -> Vec<String> {
        if s.phase == Phase::Order && asked.split_whitespace().next() != Some("order") {
            vec!["order".into()]
        } else {
            Vec::new()
        }
    }

    /// While an attack waits on its target's defense: the defense `defend` names (see
    /// [`chosen_defense`]). Nothing otherwise.
    fn reaction(&self, s: &State, defend: u8) -> Option<Action> {
        chosen_defense(s, defend)
    }

    /// Who was hurt and how: `hit: Boris 7 injury, stunned`, `Boris down`, `Boris dead`;
    /// with no one hurt, `defended` when a defense was rolled, `miss` after an attack, else
    /// `no effect`.
    ///
    /// The states keep no trace of a hit that DR stopped wholly: it reads as a miss. A
    /// defense is seen in the defender's state until its own turn begins; when that turn
    /// begins within the resolution (the defender acts next), a defense that stopped every
    /// hit cannot be told from a miss, and the outcome reads `miss or defended`.
    fn effect(&self, before: &State, after: &State) -> String {
        let parts: Vec<String> = after
            .units()
            .filter_map(|u| {
                fighter_effect(
                    &after.character(u).name,
                    before.fighter(u),
                    after.fighter(u),
                )
            })
            .collect();
        if !parts.is_empty() {
            return parts.join("; ");
        }
        // Nothing hurt: a hit the armour stopped, a defense that stopped it, or a miss.
        let hit = after
            .units()
            .find(|&u| after.fighter(u).hits_taken > before.fighter(u).hits_taken);
        if let Some(u) = hit {
            return format!("hit: {} no injury", after.character(u).name);
        }
        let defended = before.units().any(|u| {
            let (b, a) = (before.fighter(u), after.fighter(u));
            a.defenses_made > b.defenses_made
        });
        if defended {
            return "defended".into();
        }
        let attacker = before.actor().filter(|&u| {
            matches!(
                after.fighter(u).maneuver,
                Maneuver::Attack | Maneuver::AllOutAttack | Maneuver::MoveAndAttack
            ) && after.zones.len() <= before.zones.len()
        });
        if attacker.is_some() {
            return "miss".into();
        }
        if after.zones.len() > before.zones.len() {
            return "suppression fire laid".into();
        }
        "no effect".into()
    }

    /// The attack roll's make-up: skill, each modifier with its rule, the effective skill;
    /// and the defense the odds assume.
    fn roll_make_up(&self, events: &[Event], defend: u8) -> Option<String> {
        events.iter().find_map(|e| match e {
            Event::AttackRolled { check, hits, .. } => {
                let defense = match defend {
                    0 => "the target's best defense".to_string(),
                    k => format!("defense {k} as listed"),
                };
                Some(format!(
                    "3d6 vs {} ({defense}{})",
                    make_up(check),
                    if *hits == 0 {
                        "; this sample missed"
                    } else {
                        ""
                    }
                ))
            }
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    //! `setup.rs` is not in the crate yet, so these build a small battle by hand: Alice with a
    //! rifle against Boris with a sword and shield, on an open 8×4 map.
    use super::*;
    use crate::data::{Damage, Shield, Terrain, Weapon};
    use crate::options::Options;
    use crate::state::{Character, Gun, Rules};
    use fireteam_dice::SeededSource;
    use smallvec::smallvec;

    fn weapon(name: &str, damage: &str, melee: bool) -> Weapon {
        Weapon {
            id: name.into(),
            name: name.into(),
            skill: if melee { "broadsword" } else { "guns_rifle" }.into(),
            melee,
            damage: Damage::parse(damage).unwrap(),
            acc: if melee { 0 } else { 4 },
            scope: 0,
            adjustable_sight: false,
            half_damage: if melee { 0 } else { 500 },
            max_range: if melee { 0 } else { 3000 },
            rof: 1,
            pellets: 0,
            shots: if melee { 0 } else { 30 },
            bulk: -5,
            rcl: 2,
            malf: 17,
            tl: 8,
            revolver: false,
            sawn_off: false,
            mounted: false,
            laser: false,
            aoe: false,
            two_handed: !melee,
            unbalanced: melee,
            reach: 1,
            parry: melee,
            fencing: false,
        }
    }

    fn character(name: &str, side: u8, weapon: usize, shield: bool) -> Character {
        Character {
            name: name.into(),
            side,
            dx: 12,
            iq: 11,
            ht: 11,
            will: 11,
            hp: 10,
            fp: 11,
            speed_q: 23,
            move_: 5,
            bl: 20,
            male: false,
            high_pain_threshold: false,
            arms: 2,
            weapons: vec![(weapon, 14)],
            dr: [0; 15],
            shield: shield.then_some((0, 12)),
            items: vec![],
            skills: vec![],
            exposure: None,
            distracted: false,
        }
    }

    fn fighter(at: Cell, shots: u32) -> Fighter {
        let guns = smallvec![Gun {
            held: Held::Ready,
            shots,
            jam: Jam::Ok,
            dropped_at: at,
        }];
        Fighter {
            facing: 2,
            ..Fighter::new(at, 10, 11, guns)
        }
    }

    fn battle(boris_at: Cell) -> State {
        let terrain = Terrain {
            id: "open".into(),
            name: "open".into(),
            blocks_sight: false,
            blocks_movement: false,
            difficult: false,
            cover: None,
            cover_cm: None,
            slit: false,
            brace: false,
            soft: false,
            landing_dr: 0,
            fluid: false,
            look: "open".into(),
        };
        let wall = Terrain {
            id: "wall".into(),
            name: "wall".into(),
            blocks_sight: true,
            blocks_movement: true,
            look: "wall".into(),
            ..terrain.clone()
        };
        let (w, h) = (8, 4);
        let mut cells = vec![0u16; (w * h) as usize];
        // A wall at 4,0 hides 5,0 and beyond along the top row from 3,0.
        cells[4] = 1;
        let rules = Rules {
            title: "test".into(),
            options: Options::default(),
            weapons: vec![
                weapon("rifle", "7d pi", false),
                weapon("sword", "2d+1 cut", true),
            ],
            armor: vec![],
            shields: vec![Shield {
                id: "shield".into(),
                name: "shield".into(),
                skill: "shield".into(),
                db: 2,
            }],
            cover: vec![],
            items: vec![],
            terrain: vec![terrain, wall],
            width: w,
            height: h,
            cells,
            elevation: vec![0; (w * h) as usize],
            sides: vec!["Red".into(), "Blue".into()],
            characters: vec![
                // DX 13: Alice acts first, with no roll-off (T3-G02).
                Character {
                    dx: 13,
                    ..character("Alice", 0, 0, false)
                },
                character("Boris", 1, 1, true),
            ],
            explicit_order: vec![i32::MAX; 2],
            max_turns: 60,
        };
        State {
            rules: Box::leak(Box::new(rules)),
            fighters: vec![fighter((1, 1), 30), fighter(boris_at, 0)],
            turn: 0,
            order: vec![],
            cursor: 0,
            phase: Phase::Order,
            work: vec![],
            zones: vec![],
            wear: vec![],
        }
    }

    fn play(s: &mut State, text: &str, seed: u64) -> Vec<Event> {
        let a = Tactical3d6.parse_action(s, text).unwrap();
        let mut events = Vec::new();
        Tactical3d6
            .resolve(s, &a, &mut SeededSource::new(seed), &mut events)
            .unwrap();
        for e in &events {
            Tactical3d6.apply(s, e);
        }
        events
    }

    #[test]
    fn the_header_and_roster_name_everyone() {
        let s = battle((2, 1));
        let h = Tactical3d6.header(&s, "Duel");
        assert_eq!(h["type"], "battle");
        assert_eq!(h["system"], "tactical-3d6");
        assert_eq!(h["title"], "Duel");
        assert_eq!(h["grid"]["kind"], "hex");
        assert_eq!(h["map"]["width"], 8);
        assert_eq!(h["sides"], json!(["Red", "Blue"]));
        assert_eq!(h["units"][1]["name"], "Boris");
        assert_eq!(h["units"][1]["at"], json!([2, 1]));
        assert_eq!(Tactical3d6.side_name(&s, 1), "Blue");
        assert_eq!(Tactical3d6.unit_name(&s, 0), "Alice");
        assert_eq!(
            Tactical3d6.roster(&s),
            vec![
                "Alice (Red) at 1,1: HP 10/10, standing, rifle ready",
                "Boris (Blue) at 2,1: HP 10/10, standing, sword ready",
            ]
        );
    }

    #[test]
    fn the_board_has_hexes_six_facings_terrain_and_fighters() {
        let mut s = battle((2, 1));
        s.fighters[1].hp = 4;
        s.fighters[1].stunned = true;
        s.fighters[1].crouching = true;
        s.fighters[0].guns[0].held = Held::Dropped;
        let b = Tactical3d6.board(&s);
        assert_eq!(b.shape, GridShape::Hex);
        assert_eq!(b.facings.len(), 6);
        assert_eq!((b.width, b.height), (8, 4));
        assert_eq!(b.terrain[1].look, "wall");
        assert_eq!(b.terrain_at(view::Cell::new(4, 0)).unwrap().name, "wall");
        let boris = &b.units[1];
        assert_eq!(boris.posture, "crouching");
        assert_eq!((boris.damage, boris.damage_max), (6, Some(10)));
        assert!(boris.status.iter().any(|w| w.starts_with("stunned")));
        assert_eq!(boris.weapon.as_deref(), Some("sword"));
        assert_eq!(b.units[0].weapon, None);
        assert_eq!(b.marks.len(), 1);
        assert_eq!(b.marks[0].kind, "item");
        assert_eq!(b.marks[0].label, "Alice's rifle, dropped");
    }

    #[test]
    fn focus_sees_past_open_ground_not_walls_and_threatens_within_reach() {
        let s = battle((3, 0));
        let f = Tactical3d6.focus(&s, 1);
        assert!(f.sight.contains(&view::Cell::new(1, 1)));
        assert!(!f.sight.contains(&view::Cell::new(6, 0)));
        assert_eq!(f.threat.len(), 5, "{:?}", f.threat);
        assert!(Tactical3d6.focus(&s, 0).threat.is_empty());
    }

    #[test]
    fn the_odds_open_with_the_roll_off() {
        let s = battle((2, 1));
        assert_eq!(
            Tactical3d6.opening(&s, "attack Alice -> Boris"),
            vec!["order"]
        );
        assert!(Tactical3d6.opening(&s, "order").is_empty());
        assert_eq!(Tactical3d6.reaction(&s, 0), None);
        assert_eq!(Tactical3d6.effect(&s, &s), "no effect");
    }

    #[test]
    fn an_attack_is_narrated_viewed_and_defended_as_the_odds_assume() {
        let mut s = battle((4, 1));
        play(&mut s, "order", 1);
        assert_eq!(s.phase, Phase::Act { unit: 0 });
        let mut legal = Vec::new();
        Tactical3d6.legal_actions(&s, &mut legal);
        let attack = legal
            .iter()
            .find(|a| matches!(a, Action::Attack(spec) if spec.location == Location::Torso))
            .unwrap()
            .clone();
        let v = Tactical3d6.action_view(&s, &attack);
        assert_eq!(v.kind, "attack");
        assert_eq!(v.target, Some(1));
        assert_eq!(v.cell, Some(view::Cell::new(4, 1)));
        assert!(v.attack);
        // Find a seed whose shot hits, so Boris must choose a defense.
        let before = s.clone();
        let (events, after) = (1..200)
            .find_map(|seed| {
                let mut t = before.clone();
                let mut events = Vec::new();
                Tactical3d6
                    .resolve(&t, &attack, &mut SeededSource::new(seed), &mut events)
                    .unwrap();
                for e in &events {
                    Tactical3d6.apply(&mut t, e);
                }
                matches!(t.phase, Phase::Defend(_)).then_some((events, t))
            })
            .expect("some seed hits");
        let lines: Vec<String> = events
            .iter()
            .filter_map(|e| Tactical3d6.narrate(&after, e))
            .collect();
        let shot = lines
            .iter()
            .find(|l| l.starts_with("Alice attacks Boris with rifle at torso: skill 14"))
            .unwrap_or_else(|| panic!("{lines:?}"));
        assert!(shot.contains("; rolled "), "{shot}");
        assert!(shot.ends_with(": 1 hit [T3-CHECKLIST-01]"), "{shot}");
        let make_up = Tactical3d6.roll_make_up(&events, 0).unwrap();
        assert!(make_up.starts_with("3d6 vs skill 14"), "{make_up}");
        // Against a bullet Boris's best is Dodge and Drop (+3); the first listed is none.
        let best = Tactical3d6.reaction(&after, 0).unwrap();
        assert_eq!(action::text(&after, &best), "dodge Boris drop");
        let first = Tactical3d6.reaction(&after, 1).unwrap();
        assert_eq!(action::text(&after, &first), "no-defense Boris");
        let v = Tactical3d6.action_view(&after, &best);
        assert_eq!((v.kind.as_str(), v.target), ("dodge", Some(0)));
        // Taking the hit: an injury, or worse, and it reads as such.
        let mut t = after.clone();
        let mut events = Vec::new();
        Tactical3d6
            .resolve(&t, &first, &mut SeededSource::new(3), &mut events)
            .unwrap();
        for e in &events {
            Tactical3d6.apply(&mut t, e);
        }
        let wound = events
            .iter()
            .find_map(|e| match e {
                Event::Wounded(w) => Some(Tactical3d6.narrate(&t, &Event::Wounded(w.clone()))),
                _ => None,
            })
            .flatten()
            .unwrap();
        assert!(
            wound.starts_with("Boris is hit in the torso: damage "),
            "{wound}"
        );
        let effect = Tactical3d6.effect(&before, &t);
        assert!(
            effect.starts_with("hit: Boris ") || effect.starts_with("Boris d"),
            "{effect}"
        );
    }

    #[test]
    fn bookkeeping_says_nothing() {
        let s = battle((2, 1));
        assert_eq!(narrate(&s, &Event::WorkPopped), None);
        assert_eq!(narrate(&s, &Event::TurnEnds { unit: 0 }), None);
        assert_eq!(
            narrate(&s, &Event::SecondBegins { turn: 2 }).as_deref(),
            Some("── Second 2 ──")
        );
    }
}
