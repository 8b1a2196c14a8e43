//! The choices a side can make. Each is small and `Copy`; its text form is
//! [`crate::system::Skirmish::action_text`].

use crate::state::{FigId, Guard, Pos, Posture};
use serde::Serialize;

/// A missile weapon's fire mode (SK-16.6-b).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FireMode {
    /// One shot (semi-automatic weapons fire several in a turn, SK-12-e).
    Single,
    /// A three-round burst (SK-16.6-e).
    Burst,
    /// Full automatic: the weapon's rounds per turn, or what is left (SK-16.6-e).
    Auto,
}

/// A melee attack's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Strike {
    /// With the ready weapon, or bare-handed without one (SK-11.3-a).
    Normal,
    /// A slam: knock the target down (SK-16.14-a).
    Slam,
    /// Martial Arts knockdown (MA2+) or throw (MA3+) (SK-16.15.5-a).
    Knockdown,
    Throw,
    /// A sweep of every foe in the threat zone with a two-handed cutting weapon (SK-16.4-a).
    Sweep,
    /// Staff disarm and trip (SK-16.5-b/c).
    Disarm,
    Trip,
    /// An engaged figure's shoulderarm used as a club (SK-21.5-e, optional).
    Club,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Action {
    /// Begin the turn: initiative is rolled (SK-9-d).
    StartTurn,
    /// The initiative winner moves first or last (G-13).
    Order {
        first: bool,
    },
    // ---- Movement phase (SK-10.7, SK-10.8)
    StandStill {
        fig: FigId,
        facing: u8,
        guard: Guard,
    },
    Move {
        fig: FigId,
        to: Pos,
        facing: u8,
        guard: Guard,
    },
    Shift {
        fig: FigId,
        to: Pos,
        facing: u8,
        guard: Guard,
    },
    Crawl {
        fig: FigId,
        to: Pos,
        facing: u8,
    },
    StandUp {
        fig: FigId,
    },
    // ---- Action phase (SK-11.7, SK-11.8, SK-11.9)
    Attack {
        fig: FigId,
        target: FigId,
        strike: Strike,
    },
    Shoot {
        fig: FigId,
        target: FigId,
        mode: FireMode,
    },
    Throw {
        fig: FigId,
        target: FigId,
    },
    /// An aimed shot at a body part (SK-21.4-c, optional).
    AimedShot {
        fig: FigId,
        target: FigId,
        at: crate::autoresult::Location,
    },
    /// Draw a short missile weapon from the belt and fire at once (SK-21.5-b, optional).
    QuickShot {
        fig: FigId,
        target: FigId,
        slot: u8,
    },
    Grenade {
        fig: FigId,
        at: Pos,
    },
    Aim {
        fig: FigId,
        target: FigId,
    },
    /// Cover a hex with opportunity fire (SK-21.8-a, optional).
    Cover {
        fig: FigId,
        at: Pos,
    },
    Ready {
        fig: FigId,
        slot: u8,
    },
    Reload {
        fig: FigId,
    },
    PickUp {
        fig: FigId,
    },
    Drop {
        fig: FigId,
        posture: Posture,
    },
    Guard {
        fig: FigId,
        guard: Guard,
    },
    Disengage {
        fig: FigId,
        to: Pos,
    },
    /// Attempt hand-to-hand combat (SK-16.15.3-a).
    Grapple {
        fig: FigId,
        target: FigId,
    },
    /// Leave hand-to-hand combat (G-39 (1)).
    Escape {
        fig: FigId,
        to: Pos,
    },
    Subdue {
        fig: FigId,
        target: FigId,
    },
    Disarm {
        fig: FigId,
        target: FigId,
    },
    Breather {
        fig: FigId,
    },
    Pass {
        fig: FigId,
    },
    /// Give up the rest of this turn's shots (SK-12-e).
    HoldFire {
        fig: FigId,
    },
    // ---- Reactions
    /// Attack an opponent who disengages (SK-11.5-b).
    Punish {
        fig: FigId,
        target: FigId,
    },
    LetGo {
        fig: FigId,
    },
    /// Force an enemy back one hex (SK-12.5-a), following or not (SK-12.5-b).
    Push {
        fig: FigId,
        victim: FigId,
        to: Pos,
        follow: bool,
    },
    NoPush {
        fig: FigId,
    },
    // ---- ranged fire (§16.6, §21.5, §21.8)
    /// A full-auto sweep from the line through `from` to the line through `to` (SK-16.6-j/k).
    Sweep {
        fig: FigId,
        from: FigId,
        to: FigId,
    },
    /// Suppression fire into a hex (SK-21.8-g, optional).
    Suppress {
        fig: FigId,
        at: Pos,
    },
    /// Let a foe of the same eDEX draw first rather than quick-draw back (SK-21.5-c).
    LetDraw {
        fig: FigId,
    },
}

impl Action {
    /// The figure the action belongs to, if any.
    pub fn fig(&self) -> Option<FigId> {
        use Action::*;
        match *self {
            StartTurn | Order { .. } => None,
            StandStill { fig, .. }
            | Move { fig, .. }
            | Shift { fig, .. }
            | Crawl { fig, .. }
            | StandUp { fig }
            | Attack { fig, .. }
            | Shoot { fig, .. }
            | Throw { fig, .. }
            | AimedShot { fig, .. }
            | QuickShot { fig, .. }
            | Grenade { fig, .. }
            | Aim { fig, .. }
            | Cover { fig, .. }
            | Ready { fig, .. }
            | Reload { fig }
            | PickUp { fig }
            | Drop { fig, .. }
            | Guard { fig, .. }
            | Disengage { fig, .. }
            | Grapple { fig, .. }
            | Escape { fig, .. }
            | Subdue { fig, .. }
            | Disarm { fig, .. }
            | Breather { fig }
            | Pass { fig }
            | HoldFire { fig }
            | Punish { fig, .. }
            | LetGo { fig }
            | Push { fig, .. }
            | NoPush { fig }
            | Sweep { fig, .. }
            | Suppress { fig, .. }
            | LetDraw { fig } => Some(fig),
        }
    }
}
