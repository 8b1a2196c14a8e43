//! The choices of the battle: one maneuver per fighter per second (T3-TAB-MANEUVERS), the free
//! crouch (T3-CROUCH-01), the target's active defense (T3-DEFENSE-*), and a waiter's answer
//! to its trigger (T3-MANEUVER-18). `text` gives each its one written form.

use crate::data::Location;
use crate::state::{AllOutDefense, Cell, ReadyWhat, State};
use crate::tables::Posture;
use fireteam_engine::UnitId;
use serde::Serialize;

/// The All-Out Attack options (T3-MANEUVER-10/11, T3-G08).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum AllOut {
    /// Melee +4, ranged +1.
    Hit,
    /// Melee: attack twice.
    Double,
    /// Melee: a free feint, then the attack.
    Feint,
    /// Melee: +2 damage (or +1 per die).
    Damage,
}

impl AllOut {
    pub fn word(self, melee: bool) -> &'static str {
        match self {
            AllOut::Hit if melee => "+4",
            AllOut::Hit => "+1",
            AllOut::Double => "double",
            AllOut::Feint => "feint",
            AllOut::Damage => "damage",
        }
    }
}

/// Which maneuver an attack is made under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "maneuver", content = "option", rename_all = "kebab-case")]
pub enum Mode {
    Attack,
    AllOut(AllOut),
    /// After the movement of Move and Attack.
    MoveAndAttack,
}

/// An attack's parameters (T3-CHECKLIST-01).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AttackSpec {
    pub unit: UnitId,
    /// One target, or several for autofire (T3-AUTOFIRE-04), each with its shots.
    pub targets: Vec<(UnitId, u32)>,
    pub slot: u8,
    pub location: Location,
    pub deceptive: u8,
    pub mode: Mode,
    /// A step taken first (a melee attack stepping into reach).
    pub step: Option<Cell>,
}

/// The target's answer to an attack that hit (T3-DEFENSE-*).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "defense", rename_all = "kebab-case")]
pub enum Defense {
    None,
    Dodge {
        retreat: bool,
        drop: bool,
        acrobatic: bool,
    },
    /// Dive for Cover (T3-DEFENSE-09).
    Dive,
    Parry {
        slot: u8,
        retreat: bool,
    },
    Block {
        retreat: bool,
    },
}

/// A choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Action {
    /// The roll-off for ties in the turn order (T3-G02).
    Order,
    /// Crouch or stand up straight, free, before the maneuver (T3-CROUCH-01).
    Crouch {
        unit: UnitId,
        down: bool,
    },
    /// Kneel or rise as the step of the coming maneuver (T3-MOVE-01, T3-POSTURE-02).
    StepPosture {
        unit: UnitId,
        to: Posture,
    },
    DoNothing {
        unit: UnitId,
    },
    Move {
        unit: UnitId,
        to: Cell,
    },
    ChangePosture {
        unit: UnitId,
        to: Posture,
    },
    Aim {
        unit: UnitId,
        target: UnitId,
    },
    Evaluate {
        unit: UnitId,
        target: UnitId,
    },
    Attack(AttackSpec),
    /// Ranged All-Out Attack, Suppression Fire toward a cell (T3-SUPPRESS-01).
    Suppress {
        unit: UnitId,
        toward: Cell,
        bullets: u32,
    },
    Feint {
        unit: UnitId,
        target: UnitId,
    },
    /// The movement of Move and Attack; the attack is the fighter's next choice.
    MoveAndAttack {
        unit: UnitId,
        to: Cell,
    },
    AllOutDefense {
        unit: UnitId,
        option: AllOutDefense,
    },
    Concentrate {
        unit: UnitId,
    },
    Ready {
        unit: UnitId,
        what: ReadyWhat,
    },
    Wait {
        unit: UnitId,
        within: u8,
    },
    Defend {
        unit: UnitId,
        defense: Defense,
    },
    /// A waiter lets its trigger pass.
    Pass {
        unit: UnitId,
    },
}

impl Action {
    /// The fighter the action belongs to.
    pub fn unit(&self) -> Option<UnitId> {
        match self {
            Action::Order => None,
            Action::Crouch { unit, .. }
            | Action::DoNothing { unit }
            | Action::StepPosture { unit, .. }
            | Action::Move { unit, .. }
            | Action::ChangePosture { unit, .. }
            | Action::Aim { unit, .. }
            | Action::Evaluate { unit, .. }
            | Action::Suppress { unit, .. }
            | Action::Feint { unit, .. }
            | Action::MoveAndAttack { unit, .. }
            | Action::AllOutDefense { unit, .. }
            | Action::Concentrate { unit }
            | Action::Ready { unit, .. }
            | Action::Wait { unit, .. }
            | Action::Defend { unit, .. }
            | Action::Pass { unit } => Some(*unit),
            Action::Attack(a) => Some(a.unit),
        }
    }
}

fn cell(c: Cell) -> String {
    format!("{},{}", c.0, c.1)
}

/// The written form of an action: `attack Alice -> Boris with rifle at skull shots 9`.
pub fn text(state: &State, action: &Action) -> String {
    let name = |u: UnitId| state.character(u).name.as_str();
    let weapon = |u: UnitId, slot: u8| state.rules.weapon(u, slot).name.as_str();
    match action {
        Action::Order => "order".into(),
        Action::Crouch { unit, down: true } => format!("crouch {}", name(*unit)),
        Action::Crouch { unit, down: false } => format!("uncrouch {}", name(*unit)),
        Action::DoNothing { unit } => format!("nothing {}", name(*unit)),
        Action::StepPosture { unit, to } => format!(
            "{} {}",
            if *to == Posture::Kneeling {
                "kneel"
            } else {
                "rise"
            },
            name(*unit)
        ),
        Action::Move { unit, to } => format!("move {} to {}", name(*unit), cell(*to)),
        Action::ChangePosture { unit, to } => format!("posture {} {}", name(*unit), to.name()),
        Action::Aim { unit, target } => format!("aim {} -> {}", name(*unit), name(*target)),
        Action::Evaluate { unit, target } => {
            format!("evaluate {} -> {}", name(*unit), name(*target))
        }
        Action::Attack(a) => {
            let w = state.rules.weapon(a.unit, a.slot);
            let verb = match a.mode {
                Mode::Attack | Mode::MoveAndAttack => "attack".to_string(),
                Mode::AllOut(o) => format!("aoa {}", o.word(w.melee)),
            };
            let targets = a
                .targets
                .iter()
                .map(|&(t, _)| name(t))
                .collect::<Vec<_>>()
                .join("+");
            let at = if state.rules.options.random_hit_locations && !w.melee {
                "random".to_string()
            } else {
                a.location.to_string()
            };
            let mut s = format!(
                "{verb} {} -> {targets} with {} at {at}",
                name(a.unit),
                weapon(a.unit, a.slot),
            );
            if !w.melee && (w.rof > 1 || a.targets.len() > 1) {
                let shots = a
                    .targets
                    .iter()
                    .map(|&(_, n)| n.to_string())
                    .collect::<Vec<_>>()
                    .join("+");
                s.push_str(&format!(" shots {shots}"));
            }
            if a.deceptive > 0 {
                s.push_str(&format!(" deceptive {}", a.deceptive));
            }
            if let Some(step) = a.step {
                s.push_str(&format!(" step {}", cell(step)));
            }
            s
        }
        Action::Suppress {
            unit,
            toward,
            bullets,
        } => format!(
            "suppress {} toward {} with {} shots {bullets}",
            name(*unit),
            cell(*toward),
            state
                .fighter(*unit)
                .ready_slot()
                .map_or("?", |s| weapon(*unit, s))
        ),
        Action::Feint { unit, target } => format!("feint {} -> {}", name(*unit), name(*target)),
        Action::MoveAndAttack { unit, to } => {
            format!("move-attack {} to {}", name(*unit), cell(*to))
        }
        Action::AllOutDefense { unit, option } => {
            format!("aod {} {}", name(*unit), option.name())
        }
        Action::Concentrate { unit } => format!("concentrate {}", name(*unit)),
        Action::Ready { unit, what } => {
            let u = *unit;
            let rest = match *what {
                ReadyWhat::Draw { slot } => format!("draw {}", weapon(u, slot)),
                ReadyWhat::Sheathe { slot } => format!("sheathe {}", weapon(u, slot)),
                ReadyWhat::PickUp { slot } => format!("pick up {}", weapon(u, slot)),
                ReadyWhat::Diagnose { slot } => format!("diagnose {}", weapon(u, slot)),
                ReadyWhat::Clear { slot } => format!("clear {}", weapon(u, slot)),
                ReadyWhat::Extinguish => "extinguish".into(),
                ReadyWhat::Item { item, task } => format!(
                    "{} {}",
                    task.name(),
                    state.rules.items[state.character(u).items[usize::from(item)]].name
                ),
            };
            format!("ready {} {rest}", name(u))
        }
        Action::Wait { unit, within } => format!("wait {} within {within}", name(*unit)),
        Action::Defend { unit, defense } => {
            let n = name(*unit);
            match *defense {
                Defense::None => format!("no-defense {n}"),
                Defense::Dodge {
                    retreat,
                    drop,
                    acrobatic,
                } => {
                    let mut s = format!("dodge {n}");
                    if acrobatic {
                        s.push_str(" acrobatic");
                    }
                    if retreat {
                        s.push_str(" retreat");
                    }
                    if drop {
                        s.push_str(" drop");
                    }
                    s
                }
                Defense::Dive => format!("dive {n}"),
                Defense::Parry { slot, retreat } => format!(
                    "parry {n} with {}{}",
                    weapon(*unit, slot),
                    if retreat { " retreat" } else { "" }
                ),
                Defense::Block { retreat } => {
                    format!("block {n}{}", if retreat { " retreat" } else { "" })
                }
            }
        }
        Action::Pass { unit } => format!("pass {}", name(*unit)),
    }
}
