//! The SKIRMISH board as every front end draws it ([`fireteam_engine::view`]): hexes with their
//! terrain, walls, smoke, gas and fire; figures with facing, posture, damage against STR and
//! their status; what each action does on the board; and a figure's threat zone (SK-8.1-a)
//! and what it sees.

use crate::action::Action;
use crate::data::{Footing, Wall};
use crate::state::{Blaze, CloudKind, Condition, Pos, State, WeaponState};
use crate::text::FACINGS;
use fireteam_engine::serde_json::{self, Value};
use fireteam_engine::view::{
    ActionView, Board, Cell, Focus, GridShape, Mark, SideView, TerrainView, UnitView,
};
use fireteam_engine::UnitId;

fn cell(p: Pos) -> Cell {
    Cell::new(i32::from(p.col), i32::from(p.row))
}

fn terrain(t: &crate::data::Terrain) -> TerrainView {
    let (symbol, look) = if t.fire.is_some() {
        ('^', "fire")
    } else if t.pit_dm > 0 {
        ('O', "pit")
    } else {
        match t.wall {
            Wall::High | Wall::Two if t.blocks_sight => ('#', "wall"),
            Wall::None => match () {
                _ if t.deep_water => ('~', "deep-water"),
                _ if t.mov_halved || t.mov_quartered => ('~', "water"),
                _ if t.blocks_movement => ('#', "wall"),
                _ if t.smoke => ('%', "smoke"),
                _ if t.dark => (':', "dark"),
                _ if t.footing == Footing::Ice => ('=', "ice"),
                _ if t.footing == Footing::Broken => (',', "rough"),
                _ => ('.', "open"),
            },
            _ => ('=', "low-wall"),
        }
    };
    let mut note = Vec::new();
    if t.wall != Wall::None {
        note.push(format!("wall {:?} [SK-13.6, SK-17.7]", t.wall).to_lowercase());
    }
    if t.footing != Footing::Firm {
        note.push(format!("{:?} footing [SK-17.1]", t.footing).to_lowercase());
    }
    if t.pit_dm > 0 {
        note.push(format!(
            "pit {}.{} m deep [SK-10.2]",
            t.pit_dm / 10,
            t.pit_dm % 10
        ));
    }
    if t.fire.is_some() {
        note.push("burning [SK-16.11-g]".into());
    }
    TerrainView {
        name: t.id.clone(),
        symbol,
        look: look.into(),
        blocks_sight: t.blocks_sight,
        blocks_movement: t.impassable(),
        note: note.join(", "),
    }
}

/// The board now.
pub fn board(s: &State) -> Board {
    let r = s.rules;
    let mut marks = Vec::new();
    for c in &s.clouds {
        let (kind, what) = match c.kind {
            CloudKind::Smoke => ("smoke", "smoke [SK-16.12-t]"),
            CloudKind::TearGas => ("gas", "tear gas [SK-16.12-s]"),
            CloudKind::AntiLaser => ("smoke", "anti-laser smoke [SK-16.8-d]"),
        };
        let centre = c.center.hex();
        for row in 0..r.height as i16 {
            for col in 0..r.width as i16 {
                let p = Pos::new(col, row);
                if p.hex().distance(centre) <= u32::from(c.radius) {
                    marks.push(Mark {
                        at: cell(p),
                        kind: kind.into(),
                        label: format!("{what}, {} turns old", c.age),
                    });
                }
            }
        }
    }
    for f in &s.fires {
        marks.push(Mark {
            at: cell(f.pos),
            kind: "fire".into(),
            label: format!("fire, {} turns left [SK-16.11]", f.turns_left),
        });
    }
    for d in &s.dropped {
        let owner = s.fig(d.owner);
        let name = owner.weapons[usize::from(d.slot)]
            .map(|w| r.weapons[usize::from(w.weapon)].name.as_str())
            .unwrap_or("weapon");
        marks.push(Mark {
            at: cell(d.pos),
            kind: "item".into(),
            label: format!("{}'s {name}, dropped [SK-12.1-d]", s.name(d.owner)),
        });
    }
    for g in &s.grenades {
        marks.push(Mark {
            at: cell(g.pos),
            kind: "grenade".into(),
            label: format!(
                "live {} thrown by {} [SK-16.12]",
                r.weapons[usize::from(g.weapon)].name,
                s.name(g.thrower)
            ),
        });
    }
    for (p, side) in &r.escape {
        marks.push(Mark {
            at: cell(*p),
            kind: "escape".into(),
            label: format!(
                "entrance: {} may escape here [SK-19.1-b]",
                r.side_names[usize::from(*side)]
            ),
        });
    }
    let units = s.figures.iter().map(|f| unit(s, f)).collect();
    Board {
        shape: GridShape::Hex,
        width: u32::from(r.width),
        height: u32::from(r.height),
        facings: FACINGS.iter().map(|f| f.to_string()).collect(),
        terrain: r.terrain.iter().map(terrain).collect(),
        cells: r.cells.iter().map(|&c| u16::from(c)).collect(),
        marks,
        sides: r
            .side_names
            .iter()
            .map(|n| SideView { name: n.clone() })
            .collect(),
        units,
        turn: s.turn,
        phase: phase(s),
    }
}

fn phase(s: &State) -> String {
    use crate::state::Phase as P;
    match s.phase {
        P::TurnStart | P::Runners { .. } => "initiative [SK-9]",
        P::ChooseOrder { .. } => "movement order [SK-8.4.2]",
        P::Movement { .. } | P::Shields { .. } => "movement [SK-8.4]",
        P::Action => "actions [SK-11]",
        P::DisengageReaction { .. } | P::HthLeaving { .. } => "reaction [SK-11.9]",
        P::Retreat { .. } => "retreats [SK-12.3]",
        P::HthOffer { .. } => "hand-to-hand offer [SK-16.15]",
        P::QuickDraw { .. } => "quick draw [SK-21.5]",
        P::Over => "over",
    }
    .into()
}

fn unit(s: &State, f: &crate::state::Figure) -> UnitView {
    let r = s.rules;
    let mut status = Vec::new();
    let condition = match f.condition {
        Condition::Active => None,
        Condition::Unconscious => Some("unconscious"),
        Condition::Dead => Some("dead"),
        Condition::Lost => Some("lost in space"),
        Condition::Beaten => Some("beaten"),
        Condition::Subdued => Some("subdued"),
        Condition::Escaped => Some("escaped"),
    };
    status.extend(condition.map(String::from));
    if f.stunned > 0 {
        status.push("stunned [SK-12.4]".into());
    }
    if f.in_hth {
        status.push("in hand-to-hand [SK-11.9]".into());
    } else if f.active() && crate::geometry::engaged(s, f.id) {
        status.push("engaged [SK-10-d]".into());
    }
    if let Some(t) = f.aim_target {
        status.push(format!(
            "aiming at {} ({} turns) [SK-13.5]",
            s.name(t),
            f.aim_turns
        ));
    }
    if f.hidden {
        status.push("hidden [SK-6.3.8]".into());
    }
    if f.surprised {
        status.push("surprised [SK-9-b]".into());
    }
    if f.on_fire != Blaze::None || f.burning > 0 {
        status.push("on fire [SK-16.11]".into());
    }
    if f.shaken_until >= s.turn && f.shaken_until > 0 {
        status.push("shaken".into());
    }
    if f.nonlethal > 0 {
        status.push(format!("{} nonlethal [SK-21.3-c]", f.nonlethal));
    }
    let gear = f
        .weapons
        .iter()
        .flatten()
        .map(|w| {
            let wp = &r.weapons[usize::from(w.weapon)];
            let mut g = wp.name.clone();
            if wp.rounds > 0 {
                g.push_str(&format!(" {}/{}", w.rounds, wp.rounds));
            }
            if w.state != WeaponState::Ok {
                g.push_str(&format!(" ({:?})", w.state).to_lowercase());
            }
            g
        })
        .chain(f.armor.map(|a| r.armor[usize::from(a)].name.clone()))
        .collect();
    let weapon = f
        .ready
        .and_then(|k| f.weapons[usize::from(k)])
        .map(|w| r.weapons[usize::from(w.weapon)].name.clone());
    let off_board = matches!(f.condition, Condition::Lost | Condition::Escaped);
    UnitView {
        id: f.id,
        name: s.name(f.id).to_string(),
        side: f.side,
        at: (!off_board).then(|| cell(f.pos)),
        facing: Some(f.facing % 6),
        posture: f.posture.name().into(),
        damage: i32::from(f.damage),
        damage_max: Some(i32::from(f.st)),
        out: !f.active(),
        status,
        weapon,
        gear,
    }
}

/// Kinds whose odds a player wants before committing: every action aimed at a foe to harm him.
const ATTACKS: &[&str] = &[
    "attack",
    "shoot",
    "throw",
    "aimed_shot",
    "quick_shot",
    "grenade",
    "grapple",
    "subdue",
    "disarm",
    "shoot_and_stab",
    "subdue_by_dex",
    "disarm_and_take",
    "power_throw",
    "flame",
    "sweep",
    "two_weapons",
    "suppress",
    "shoot_tether",
];

/// What an action does on the board, read from its serialised form: the acting figure (`fig`),
/// the figure it aims at (`target`, `victim`, `with`, `first`), the hex (`to`, `at`) and the
/// facing. Reading the fields by name keeps this one function right for every kind of action,
/// including those added later.
pub fn action_view(s: &State, a: &Action) -> ActionView {
    let v = serde_json::to_value(a).unwrap_or(Value::Null);
    let kind = v["kind"].as_str().unwrap_or("action").to_string();
    let num = |k: &str| v.get(k).and_then(Value::as_u64);
    let unit = num("fig").map(|f| f as UnitId);
    let target = ["target", "victim", "with", "first"]
        .iter()
        .find_map(|k| num(k))
        .map(|t| t as UnitId);
    let pos = |k: &str| {
        let p = v.get(k)?;
        Some(Cell::new(
            p["col"].as_i64()? as i32,
            p["row"].as_i64()? as i32,
        ))
    };
    let cell = pos("to")
        .or_else(|| pos("at"))
        .or_else(|| target.map(|t| self::cell(s.fig(t).pos)))
        .or_else(|| {
            // Standing still, turning: the figure's own hex.
            matches!(a, Action::StandStill { .. })
                .then(|| unit.map(|u| self::cell(s.fig(u).pos)))
                .flatten()
        });
    ActionView {
        unit,
        attack: ATTACKS.contains(&kind.as_str()),
        kind,
        cell,
        target,
        facing: num("facing").map(|f| f as u8),
    }
}

/// A figure's threat zone (SK-8.1-a, with SK-16.15.4-e's side hexes) and the hexes the map lets
/// it see (walls and sight-blocking terrain; figures and smoke are left to the shot's own
/// modifiers).
pub fn focus(s: &State, id: UnitId) -> Focus {
    let f = s.fig(id);
    let mut out = Focus::default();
    if crate::geometry::has_tz(f) {
        let (hexes, n) = crate::geometry::threat_hexes(f);
        out.threat = hexes[..n]
            .iter()
            .filter(|p| {
                s.rules
                    .terrain_at(i32::from(p.col), i32::from(p.row))
                    .is_some()
            })
            .map(|&p| cell(p))
            .collect();
    }
    for row in 0..s.rules.height as i16 {
        for col in 0..s.rules.width as i16 {
            let p = Pos::new(col, row);
            if p != f.pos && !crate::geometry::sight(s, f.pos, p).0 {
                out.sight.push(cell(p));
            }
        }
    }
    out
}
