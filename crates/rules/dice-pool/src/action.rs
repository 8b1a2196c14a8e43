//! The choices of dice-pool, with their text forms (used in logs, scripts, the CLI and tests).

use crate::data::FireMode;
use crate::state::{Pos, State};
use fireteam_engine::UnitId;
use std::fmt;

/// How a unit moves this turn (DP-TAB-MOVEMENT).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gait {
    Walk,
    Run,
    Crawl,
}

impl Gait {
    /// Metres per turn (DP-MOVE-01, -02, -03).
    pub fn metres(self) -> u32 {
        match self {
            Gait::Walk => 5,
            Gait::Run => 10,
            Gait::Crawl => 2,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Gait::Walk => "walk",
            Gait::Run => "run",
            Gait::Crawl => "crawl",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Roll initiative and start the turn (DP-INIT-01).
    StartTurn,
    Move {
        unit: UnitId,
        gait: Gait,
        to: Pos,
    },
    /// DP-MOVE-04.
    FallProne {
        unit: UnitId,
    },
    /// DP-MOVE-05.
    StandUp {
        unit: UnitId,
    },
    /// Fire `shots` shots or bursts (DP-FIRE-01..03); drawing first if the weapon is not in
    /// hand (DP-DRAW-01), with a fast draw if asked (DP-DRAW-02).
    Shoot {
        unit: UnitId,
        target: UnitId,
        weapon: u16,
        mode: FireMode,
        shots: u8,
        fast_draw: bool,
    },
    /// DP-AIM-01.
    Aim {
        unit: UnitId,
    },
    /// DP-RELOAD-01.
    Reload {
        unit: UnitId,
        weapon: u16,
    },
    /// DP-MELEE-01.
    Melee {
        unit: UnitId,
        target: UnitId,
        weapon: u16,
    },
    /// DP-GRENADE-01.
    Throw {
        unit: UnitId,
        weapon: u16,
        at: Pos,
    },
    /// Ends the unit's activation.
    End {
        unit: UnitId,
    },
    /// Assign dodge (or parry, in melee) dice to the pending attack (DP-DODGE-02,
    /// DP-MELEE-03, DP-GRENADE-05).
    Defend {
        unit: UnitId,
        dice: u8,
    },
    /// Roll the pending attack on `unit`, defense dice assigned (DP-DODGE-03), and its damage
    /// on a hit: the step after every defense, nobody's choice.
    Roll {
        unit: UnitId,
    },
}

/// An action with the state it belongs to, for its text form (names instead of indices).
pub struct Text<'a>(pub &'a Action, pub &'a State);

fn weapon_key(s: &State, w: u16) -> String {
    s.weapons[usize::from(w)]
        .name
        .to_lowercase()
        .replace(' ', "-")
}

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.1;
        let name = |u: UnitId| &*s.unit(u).name;
        match *self.0 {
            Action::StartTurn => write!(f, "start turn {}", s.turn + 1),
            Action::Move { unit, gait, to } => write!(f, "{} {} to {to}", gait.name(), name(unit)),
            Action::FallProne { unit } => write!(f, "prone {}", name(unit)),
            Action::StandUp { unit } => write!(f, "stand {}", name(unit)),
            Action::Shoot {
                unit,
                target,
                weapon,
                mode,
                shots,
                fast_draw,
            } => {
                write!(
                    f,
                    "shoot {} -> {} with {} mode={} shots={shots}",
                    name(unit),
                    name(target),
                    weapon_key(s, weapon),
                    mode.name()
                )?;
                if fast_draw {
                    write!(f, " fast-draw")?;
                }
                Ok(())
            }
            Action::Aim { unit } => write!(f, "aim {}", name(unit)),
            Action::Reload { unit, weapon } => {
                write!(f, "reload {} {}", name(unit), weapon_key(s, weapon))
            }
            Action::Melee {
                unit,
                target,
                weapon,
            } => {
                write!(
                    f,
                    "melee {} -> {} with {}",
                    name(unit),
                    name(target),
                    weapon_key(s, weapon)
                )
            }
            Action::Throw { unit, weapon, at } => {
                write!(f, "throw {} {} -> {at}", name(unit), weapon_key(s, weapon))
            }
            Action::End { unit } => write!(f, "end {}", name(unit)),
            Action::Roll { unit } => write!(f, "roll {}", name(unit)),
            Action::Defend { unit, dice } => {
                let verb = match &s.phase {
                    crate::state::Phase::Defense(crate::state::Pending::Melee { .. }) => "parry",
                    _ => "dodge",
                };
                write!(f, "{verb} {} {dice}", name(unit))
            }
        }
    }
}
