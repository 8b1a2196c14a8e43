//! What happens: every roll with its modifiers, faces and rule ID, every move with its path,
//! and every change of condition, so a viewer can draw the battle from events alone.

use crate::data::Location;
use crate::state::{
    AllOutDefense, Cell, DefenseKind, Held, Jam, Maneuver, Pending, Task, Work, Zone,
};
use crate::tables::{Malfunction, Posture};
use fireteam_engine::{Modifier, Outcome, RuleId, UnitId};
use serde::Serialize;
use smallvec::SmallVec;

/// A 3d6 success roll (T3-CORE-02): the base, every modifier with its rule, the faces and the
/// margin (T3-CORE-03).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Check {
    pub unit: UnitId,
    /// What is rolled: `attack`, `dodge`, `parry`, `block`, `HT`, `Will`, `feint`, …
    pub what: &'static str,
    pub base: i32,
    pub modifiers: Vec<Modifier>,
    /// The effective value rolled against.
    pub value: i32,
    pub faces: SmallVec<[u32; 3]>,
    pub total: i32,
    pub success: bool,
    /// Value − total: the margin of success, or minus the margin of failure.
    pub margin: i32,
    /// The automatic result that decided it (T3-G01), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auto: Option<&'static str>,
    pub rule: RuleId,
}

/// One hit's damage through DR (T3-DAMAGE-01, T3-CHECKLIST-01 steps 3-6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Wound {
    pub target: UnitId,
    pub location: Option<Location>,
    /// The roll (empty when average damage was used, T3-AUTOFIRE-03).
    pub faces: SmallVec<[u32; 8]>,
    pub rolled: i32,
    /// Each step applied to the damage before DR, with its rule.
    pub steps: Vec<Modifier>,
    pub damage: i32,
    /// The DR it went through, each part with its rule, and the effective total.
    pub dr_parts: Vec<Modifier>,
    pub dr: i32,
    pub penetrating: i32,
    /// The wounding multiplier in halves (×1.5 is 3) and its rule.
    pub multiplier: u32,
    pub multiplier_rule: RuleId,
    pub injury: i32,
    /// Injury beyond a limb's crippling minimum, not taken off HP (T3-CRIPPLE-02).
    pub ignored: i32,
}

/// What changed the battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Event {
    /// The turn order, with the roll-off for ties (T3-G02).
    OrderSet {
        order: Vec<UnitId>,
        rolls: Vec<(UnitId, u32)>,
    },
    /// A new second begins (T3-CORE-04).
    SecondBegins {
        turn: u32,
    },
    /// A fighter's turn begins: last turn's maneuver stops binding (T3-MANEUVER-01), shock
    /// taken since comes into force (T3-SHOCK-01).
    TurnBegins {
        unit: UnitId,
        shock: i32,
    },
    /// A fighter's turn ends.
    TurnEnds {
        unit: UnitId,
    },
    /// A fighter who cannot act this turn (unconscious or dead) is passed over.
    Skipped {
        unit: UnitId,
    },
    Crouched {
        unit: UnitId,
        down: bool,
    },
    /// Kneeling or rising as the maneuver's step (T3-MOVE-01).
    SteppedPosture {
        unit: UnitId,
        to: Posture,
    },
    ManeuverChosen {
        unit: UnitId,
        maneuver: Maneuver,
        #[serde(skip_serializing_if = "Option::is_none")]
        aod: Option<AllOutDefense>,
    },
    Moved {
        unit: UnitId,
        path: Vec<Cell>,
        sprint: bool,
    },
    /// Sprinting past 15 seconds (T3-MOVE-04) or another cost in fatigue.
    FatigueLost {
        unit: UnitId,
        fp: i32,
        rule: RuleId,
    },
    PostureChanged {
        unit: UnitId,
        to: Posture,
        rule: RuleId,
    },
    AimBuilt {
        unit: UnitId,
        target: UnitId,
        slot: u8,
        seconds: u32,
        braced: bool,
    },
    AimLost {
        unit: UnitId,
        rule: RuleId,
    },
    Evaluated {
        unit: UnitId,
        target: UnitId,
        count: u32,
    },
    EvaluateSpent {
        unit: UnitId,
    },
    Rolled(Check),
    /// The attack roll, and what it scored: hits, or a miss (T3-CHECKLIST-01 step 1).
    AttackRolled {
        attacker: UnitId,
        target: UnitId,
        slot: u8,
        location: Location,
        shots: u32,
        check: Check,
        hits: u32,
        /// T3-HITLOC-05: missed by one at a small location, so the torso is hit.
        torso_instead: bool,
    },
    Malfunctioned {
        unit: UnitId,
        slot: u8,
        faces: SmallVec<[u32; 3]>,
        roll: u32,
        effect: Malfunction,
        rule: RuleId,
    },
    ShotsFired {
        unit: UnitId,
        slot: u8,
        shots: u32,
    },
    /// An attack got through to its target (one per attack, however many hits).
    Struck {
        unit: UnitId,
    },
    /// A queued melee strike whose target is now out of reach.
    StrikeLost {
        attacker: UnitId,
        target: UnitId,
    },
    WeaponChanged {
        unit: UnitId,
        slot: u8,
        held: Held,
        jam: Jam,
    },
    /// The target must choose a defense.
    DefenseAwaited(Pending),
    DefenseChosen {
        unit: UnitId,
        kind: Option<DefenseKind>,
        label: String,
    },
    /// Hits the defense stopped, and those left (T3-G17).
    HitsStopped {
        unit: UnitId,
        stopped: u32,
        left: u32,
    },
    Retreated {
        unit: UnitId,
        to: Cell,
    },
    DroppedAgainst {
        unit: UnitId,
        foe: UnitId,
    },
    /// Dive for Cover's step (T3-DEFENSE-09).
    Dived {
        unit: UnitId,
        to: Cell,
    },
    /// A random location (T3-HITLOC-03).
    LocationRolled {
        target: UnitId,
        faces: SmallVec<[u32; 4]>,
        location: Location,
    },
    Wounded(Wound),
    CoverWorn {
        at: Cell,
        heavy: u32,
        light: u32,
        broken: bool,
    },
    Crippled {
        unit: UnitId,
        location: Location,
        destroyed: bool,
    },
    Shock {
        unit: UnitId,
        pending: i32,
        cap: i32,
    },
    KnockedDown {
        unit: UnitId,
        unconscious: bool,
    },
    Stunned {
        unit: UnitId,
    },
    Recovered {
        unit: UnitId,
    },
    Unconscious {
        unit: UnitId,
        rule: RuleId,
    },
    MortallyWounded {
        unit: UnitId,
    },
    Died {
        unit: UnitId,
        rule: RuleId,
    },
    DeathChecked {
        unit: UnitId,
        multiple: u8,
    },
    Woke {
        unit: UnitId,
    },
    /// A feint's result (T3-MANEUVER-08).
    Feinted {
        unit: UnitId,
        target: UnitId,
        penalty: i32,
    },
    OnFire {
        unit: UnitId,
        level: u8,
    },
    Extinguished {
        unit: UnitId,
    },
    ExtinguishProgress {
        unit: UnitId,
        seconds: u8,
    },
    TaskSet {
        unit: UnitId,
        task: Option<Task>,
    },
    ItemReadied {
        unit: UnitId,
        item: u8,
    },
    Concentration {
        unit: UnitId,
        seconds: u32,
    },
    ZoneSet(Zone),
    ZoneHit {
        zone: u8,
        unit: UnitId,
        hits: u32,
    },
    ZonesEnded {
        shooter: UnitId,
    },
    WaitSet {
        unit: UnitId,
        within: u8,
    },
    WaitTriggered {
        waiter: UnitId,
        by: UnitId,
    },
    WaitEnded {
        unit: UnitId,
    },
    /// A fall (T3-FALL-01..04).
    Fell {
        unit: UnitId,
        yards: u32,
        counted: u32,
    },
    /// What an unconscious fighter faces after the battle (T3-UNCON-01..03), from
    /// `Aftermath`: the sheet's times are far longer than a fight.
    Recovery {
        unit: UnitId,
        hp: i32,
        prospect: &'static str,
        rule: RuleId,
    },
    /// Work is put aside for a decision, or taken up again.
    WorkPushed(Work),
    WorkPopped,
    /// The next decision.
    Await {
        phase: crate::state::Phase,
    },
    Over {
        outcome: Outcome,
    },
}
