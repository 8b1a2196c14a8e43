//! What happened, complete enough to draw and explain the battle: every roll carries its dice
//! count, faces, target number, each DEX adjustment with its rule ID, and the automatic result
//! that applied; every change of place, posture or condition is its own event.

use crate::action::FireMode;
use crate::autoresult::ToHit;
use crate::progression::Damage;
use crate::state::{FigId, Guard, MoveKind, Pos, Posture};
use fireteam_engine::{Modifier, Outcome, RuleId};
use serde::Serialize;
use smallvec::SmallVec;

pub type Faces = SmallVec<[u8; 6]>;
pub type Mods = SmallVec<[Modifier; 6]>;

/// What a roll to hit was made with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackKind {
    Melee,
    Missile,
    Thrown,
    Grenade,
    Hth,
}

/// An effect of damage or of a roll (SK-12.4, SK-12.1-d …).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum Effect {
    /// SK-12.4-d: −2 eDEX through this phase index.
    Shaken {
        until: u32,
    },
    /// SK-12.4-e: fell down.
    Fell,
    /// SK-12.4-e: stayed up, moved back one hex instead.
    MovedBack {
        to: Pos,
    },
    /// SK-12.4-c.
    Unconscious,
    Dead,
    /// SK-12.1-d: the weapon in hand is on the ground.
    WeaponDropped {
        slot: u8,
    },
    /// SK-12.2-d: a thrown weapon lies in the target's hex.
    WeaponThrown {
        slot: u8,
        to: Pos,
    },
    /// SK-12.1-d/e/f.
    WeaponBroken {
        slot: u8,
        permanent: bool,
    },
    /// SK-13.7-d: aiming lost.
    AimLost,
    /// SK-16.9-a: knocked down by a stun weapon for two turns.
    Stunned,
    /// SK-16.12-s: tear gas.
    Gassed,
    /// SK-21.4-d: −4 DEX next turn from a head hit.
    HeadHit {
        turn: u32,
    },
    /// SK-21.4-e: an arm is out of use.
    ArmOut,
    /// SK-21.4-f: down on a knee until this turn (3+), or the leg is out (6+: MOV 0).
    LegHit {
        until: u32,
        out: bool,
    },
    /// SK-17.10-b: lost footing in microgravity; `false`: regained it (SK-17.10-h).
    Floating {
        on: bool,
    },
    /// SK-16.12-i/j: soaked in burning liquid, on fire for this many more turns (0: out).
    Burning {
        turns: u8,
    },
    /// SK-16.6-l: the weapon jams on a broken-weapon result in burst or automatic fire.
    Jammed {
        slot: u8,
    },
    /// SK-12.1-f: a club's first 18; the second breaks it.
    ClubCracked {
        slot: u8,
    },
}

// Events are plain records kept in a reused buffer; boxing the large ones (rolls with their
// modifiers) would cost an allocation per roll in the simulator's inner loop.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    TurnBegan {
        turn: u32,
    },
    /// SK-9-d: each side's die, bonus and total; `rule` names the rule used.
    Initiative {
        rolls: SmallVec<[(u8, u8, i8); 4]>,
        winner: Option<u8>,
        rule: RuleId,
    },
    /// The sides in movement order (G-13).
    MoveOrder {
        sides: SmallVec<[u8; 4]>,
    },
    /// SK-21.1-a OPT: the figures in movement order (advanced initiative).
    FigureOrder {
        figures: SmallVec<[FigId; 8]>,
    },
    /// SK-11-c: the action order with each figure's ordering eDEX (G-12).
    ActionOrder {
        order: SmallVec<[(FigId, i16); 8]>,
    },
    Moved {
        fig: FigId,
        path: SmallVec<[Pos; 12]>,
        facing: u8,
        kind: MoveKind,
        /// It stopped because it entered an enemy's threat zone (SK-10-d).
        engaged: bool,
    },
    Faced {
        fig: FigId,
        facing: u8,
    },
    Posture {
        fig: FigId,
        posture: Posture,
        rule: RuleId,
    },
    Guarded {
        fig: FigId,
        guard: Guard,
    },
    /// A roll to hit (SK-12.1), or to avoid a bystander (SK-12.2).
    Roll {
        attacker: FigId,
        target: FigId,
        kind: AttackKind,
        weapon_name: std::sync::Arc<str>,
        mode: Option<FireMode>,
        rounds: u8,
        dice: u8,
        faces: Faces,
        total: i32,
        /// The attacker's eDEX before this attack's adjustments (SK-5.7-a).
        base: i16,
        modifiers: Mods,
        /// What the roll had to make: `base` + adjustments (SK-12.1-a); Complete Darkness may
        /// replace it (SK-17.5-b).
        target_number: i16,
        result: ToHit,
        rule: RuleId,
        margin: i32,
        /// Automatic fire: bullets that hit (SK-16.6-f).
        bullets: u8,
        /// A roll to avoid: success means the bystander is missed (SK-12.2-b).
        avoid: bool,
    },
    /// A damage roll and what got through (SK-12.3).
    Damage {
        target: FigId,
        source: Option<FigId>,
        expr: Damage,
        faces: Faces,
        rolled: i32,
        mult: u8,
        armor: i16,
        /// Tough / Very Tough (SK-6.3.9-a/10-a).
        tough: i16,
        taken: i16,
        /// Nonlethal damage taken (SK-21.3-b, optional); 0 otherwise.
        nonlethal: i16,
        total: i16,
        rule: RuleId,
    },
    /// SK-21.3-e/f: nonlethal damage recovered by a breather (or while unconscious).
    Recovered {
        fig: FigId,
        amount: i16,
        woke: bool,
    },
    /// SK-21.3-e: taking a breather this turn.
    Breathing {
        fig: FigId,
    },
    /// SK-21.4-b: a critical or aimed hit's location.
    Location {
        fig: FigId,
        location: crate::autoresult::Location,
        aimed: bool,
        roll: Option<u8>,
    },
    Effect {
        fig: FigId,
        effect: Effect,
        rule: RuleId,
    },
    /// A check other than a roll to hit: falls, saves, readying prone, HTH reactions…
    Check {
        fig: FigId,
        what: &'static str,
        dice: u8,
        faces: Faces,
        total: i32,
        target: i16,
        success: bool,
        rule: RuleId,
    },
    Aimed {
        fig: FigId,
        target: FigId,
        turns: u8,
    },
    /// Opportunity fire declared at a hex (SK-21.8-a), or spent / given up (`at: None`).
    Covering {
        fig: FigId,
        at: Option<Pos>,
    },
    Readied {
        fig: FigId,
        slot: u8,
    },
    Reloaded {
        fig: FigId,
        slot: u8,
        rounds: u16,
    },
    PickedUp {
        fig: FigId,
        slot: u8,
    },
    Shots {
        fig: FigId,
        left: u8,
        next_at: i16,
    },
    Spent {
        fig: FigId,
        slot: u8,
        rounds: u16,
    },
    Acted {
        fig: FigId,
    },
    Disengaged {
        fig: FigId,
        to: Pos,
    },
    HthBegan {
        attacker: FigId,
        defender: FigId,
        at: Pos,
    },
    HthEnded {
        fig: FigId,
        to: Pos,
    },
    /// SK-16.15.3-T1: the defender's reaction die.
    HthReaction {
        attacker: FigId,
        defender: FigId,
        die: u8,
        modifier: i8,
        result: u8,
    },
    Pushed {
        fig: FigId,
        victim: FigId,
        to: Pos,
        follow: bool,
    },
    GrenadeLanded {
        thrower: FigId,
        at: Pos,
        scatter: Option<(u8, u8)>,
        /// The catalog index of the grenade, and whether it waits for its fuse (SK-16.12-g).
        weapon: u16,
        live: bool,
    },
    Exploded {
        at: Pos,
        weapon_name: std::sync::Arc<str>,
    },
    CloudChanged {
        center: Pos,
        radius: u8,
        gone: bool,
        tear_gas: bool,
    },
    FireLit {
        at: Pos,
        turns: u8,
        incendiary: bool,
    },
    /// This turn's shots are bursts (SK-16.6-b).
    BurstTurn {
        fig: FigId,
    },
    /// Fired over a wall this turn: exposed at −6 (SK-13.6-e).
    Exposed {
        fig: FigId,
    },
    TurnEnded {
        turn: u32,
    },
    /// The turn moves on to another phase or decider.
    Phase {
        phase: crate::state::Phase,
    },
    BattleOver {
        outcome: Outcome,
    },
    // ---- ranged fire (§13.8, §16.6, §16.15.3, §21.5, §21.8)
    /// A brawl member picked at random by `die` among `among` (SK-16.15.3-g: the one a shot
    /// into the brawl hits; SK-13.8-a, SK-16.15.3-f: the next one rolled to avoid).
    BrawlPick {
        attacker: FigId,
        picked: FigId,
        among: u8,
        die: u8,
        rule: RuleId,
    },
    /// SK-16.6-j/k: a full-auto sweep from the line through `from` to the line through `to`:
    /// the figures it reaches in order, and the DEX penalty on each roll.
    Sweep {
        fig: FigId,
        from: FigId,
        to: FigId,
        reached: SmallVec<[FigId; 8]>,
        penalty: i8,
    },
    /// SK-21.8-g: suppression fire into a hex with this many shots (rounds, on full auto);
    /// `at: None`: it is over.
    Suppressing {
        fig: FigId,
        at: Option<Pos>,
        shots: u8,
    },
    /// SK-21.5-c: two figures of the same eDEX quick-draw at each other; the higher margin on
    /// the draw fires first.
    QuickDraw {
        first: FigId,
        second: FigId,
        margins: (i32, i32),
    },
}
