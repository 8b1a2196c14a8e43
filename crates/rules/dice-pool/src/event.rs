//! What happens in a dice-pool battle, complete enough to draw it: every move with its path,
//! every roll with its modifiers, faces and rule IDs, and every change of condition.

use crate::data::{Band, FireMode};
use crate::resolve::{AttackRoll, DamageRoll, Initiative, Movement, Scatter};
use crate::state::{Pos, Stance};
use fireteam_engine::{RuleId, UnitId};
use serde::Serialize;
use smallvec::SmallVec;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A new turn; dodge and parry pools refill (DP-G14).
    TurnStarted {
        turn: u32,
    },
    /// DP-INIT-01..04.
    InitiativeRolled {
        unit: UnitId,
        roll: Initiative,
        rule: RuleId,
    },
    /// Units tied on initiative `count` act in `order`, drawn by the dice (DP-INIT-03,
    /// DP-G09): a Fisher–Yates shuffle of the tied units in scenario order, `draws` the faces of
    /// its dice (a d`n`, then a d`n − 1`, … a d2; face f swaps the last unit not yet placed with
    /// the f-th).
    TieOrdered {
        count: i64,
        order: SmallVec<[UnitId; 16]>,
        draws: SmallVec<[u8; 16]>,
        rule: RuleId,
    },
    /// The activation order of the turn, highest initiative first (DP-INIT-02).
    OrderSet {
        order: SmallVec<[UnitId; 16]>,
    },
    /// `unit` acts now, in pass 1 or 2 (DP-G08).
    Activated {
        unit: UnitId,
        pass: u8,
    },
    Moved {
        unit: UnitId,
        movement: Movement,
        path: SmallVec<[Pos; 12]>,
        rule: RuleId,
    },
    StanceChanged {
        unit: UnitId,
        stance: Stance,
        movement: Movement,
        rule: RuleId,
    },
    /// A weapon was drawn (DP-DRAW-01); with the fast-draw roll when one was tried (DP-DRAW-02).
    Drew {
        unit: UnitId,
        weapon: u16,
        fast_draw: Option<AttackRoll>,
        rule: RuleId,
    },
    Aimed {
        unit: UnitId,
        rule: RuleId,
    },
    Reloaded {
        unit: UnitId,
        weapon: u16,
        loaded: u16,
        rule: RuleId,
    },
    /// An attack is declared and waits for the defender's dice.
    AttackDeclared {
        attacker: UnitId,
        target: UnitId,
        weapon: u16,
        kind: AttackKindTag,
        shot: u8,
        of: u8,
    },
    /// Dodge or parry dice assigned (DP-DODGE-02, DP-MELEE-03, DP-GRENADE-05).
    DefenseAssigned {
        unit: UnitId,
        dice: u8,
        parry: bool,
        rule: RuleId,
    },
    /// Rounds spent (DP-G10): what is left in the weapon.
    AmmoSpent {
        unit: UnitId,
        weapon: u16,
        rounds: u16,
        left: u16,
    },
    /// An attack roll, with its pool, modifiers, difficulty and faces.
    AttackRolled {
        attacker: UnitId,
        target: UnitId,
        weapon: u16,
        kind: AttackKindTag,
        band: Option<Band>,
        distance_m: u32,
        roll: AttackRoll,
        rule: RuleId,
    },
    /// DL against PR (DP-DAMAGE-01..03); the wounds and stun wait when `deferred` (DP-G09).
    Damaged {
        target: UnitId,
        dl: i32,
        roll: DamageRoll,
        deferred: bool,
        rule: RuleId,
    },
    /// The wounds and stuns of a simultaneous count land together (DP-INIT-03, DP-G09).
    CountResolved {
        rule: RuleId,
    },
    /// Wounds reached the wound limit (DP-G06, invented limit).
    OutOfAction {
        unit: UnitId,
        rule: RuleId,
    },
    /// DP-GRENADE-01/02.
    Thrown {
        unit: UnitId,
        weapon: u16,
        aim: Pos,
        landed: Pos,
        scatter: Option<Scatter>,
        roll: AttackRoll,
        rule: RuleId,
    },
    /// The blast and who it reaches (DP-GRENADE-03).
    Blast {
        at: Pos,
        radius_m: u32,
        targets: SmallVec<[UnitId; 8]>,
        rule: RuleId,
    },
    /// A blast waits for each target's dodge dice, first target first (DP-GRENADE-05).
    BlastPending {
        thrower: UnitId,
        weapon: u16,
        at: Pos,
        throw_difficulty: i64,
        targets: SmallVec<[UnitId; 8]>,
    },
    /// The unit's action is over; its activation goes on.
    ActionDone {
        unit: UnitId,
    },
    ActivationEnded {
        unit: UnitId,
    },
    TurnEnded {
        turn: u32,
    },
    BattleEnded {
        winner: Option<u8>,
    },
}

/// The kind of an attack, for events.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum AttackKindTag {
    Shot(FireMode),
    Melee,
    Blast,
}
