//! What happened, complete enough to draw and explain the battle: every roll carries its dice
//! count, faces, target number, each DEX adjustment with its rule ID, and the automatic result
//! that applied; every change of place, posture or condition is its own event.

use crate::action::FireMode;
use crate::autoresult::ToHit;
use crate::data::ItemKind;
use crate::progression::Damage;
use crate::state::{Blaze, FigId, Guard, MoveKind, Pos, Posture};
use fireteam_engine::{Modifier, Outcome, RuleId};
use serde::Serialize;
use smallvec::SmallVec;

pub type Faces = SmallVec<[u8; 6]>;

/// For `skip_serializing_if`: a field added after the golden logs were recorded stays out of the
/// JSON while it has its old meaning.
fn is_false(b: &bool) -> bool {
    !*b
}
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
    /// SK-21.4-e: this arm is out of use.
    ArmOut {
        arm: crate::autoresult::Location,
    },
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
    // ---- weapons and melee (§16.15)
    /// SK-16.10-d, G-50: the weapon in `slot` parried a mono-filament or plasma sword and is
    /// broken as a weapon; it can still Defend.
    BrokenAsWeapon {
        slot: u8,
    },
    /// SK-16.15.3-T1 (3–4): the belt knife or pistol in `slot` will be ready next turn.
    DrawsNextTurn {
        slot: u8,
    },
    /// SK-16.15.3-T1 (3–4): that knife or pistol is ready now.
    DrawnInHth {
        slot: u8,
    },
    /// SK-21.4-e: the draw promised in `slot` (SK-16.15.3-T1, 3–4) is not made: his last arm in
    /// use was put out before it, and the knife or pistol stays where he carries it.
    DrawCalledOff {
        slot: u8,
    },
    // ---- fire (§16.11, §16.12, §16.13)
    /// SK-16.11-T1: on fire over this much of the body (a §16.11 fire, not the molotov soak);
    /// `ran`: he ran while on fire this turn (SK-16.11-e/f).
    OnFire {
        extent: Blaze,
        ran: bool,
    },
    /// SK-16.11-f: failed the INT check not to run: he must run this turn.
    MustRun,
    /// SK-16.11-h: failed the INT check to stay in a burning hex: he must leave it this turn.
    MustLeave,
    /// SK-16.11-d: stops, drops and rolls this turn.
    Rolling,
    /// SK-16.12-p: the soak is an incendiary's, which cannot be put out.
    SoakIncendiary,
    /// Every fire on him is out, the molotov soak and the §16.11 fire (SK-16.11-d, SK-16.12-k).
    FireOut,
    /// A one-use item is used up (SK-16.12-k: the fire extinguisher).
    ItemSpent {
        item: ItemKind,
    },
    // ---- energy weapons, shields, protective gear
    /// SK-21.6-e: blinded by an energy weapon's flash: −4 DEX for good.
    Blinded,
    // ---- microgravity and vacuum (§17.10, §17.11)
    /// SK-17.10-k: drifted off the map's edge into space, out of the battle.
    FloatedAway,
    /// SK-17.11-c: a hit got through the sealed suit: `leaks` open now, `new` of them made
    /// this turn.
    Leak {
        leaks: u8,
        new: u8,
    },
    /// SK-17.11-c, G-55: spends this whole turn patching a leak.
    Patching,
    /// SK-17.11-c, G-55: a leak patched; `leaks` still open.
    Patched {
        leaks: u8,
    },
    /// G-55: a leak has now been open this many turns running (0: the count starts again).
    LeakTurns {
        turns: u8,
    },
    // ---- after the battle (§19.3)
    /// SK-19.3-b: the agreed number of hits recorded: he has lost the practice.
    Beaten,
    // ---- lasting injuries (§21.4-e/f)
    /// SK-21.4-e/f: the limb is lost for good (8+ hits on an arm, 18+ on a leg); out of use for
    /// the rest of the battle, and kept after it (`aftermath::injuries`).
    LimbLost {
        limb: crate::autoresult::Location,
    },
    // ---- hand to hand (§16.15.6)
    /// SK-16.15.6-b: subdued by `by`, who holds him: he can neither move nor act for two turns
    /// (the `Stunned` before it), then rolls to break away.
    Held {
        by: FigId,
    },
    /// SK-16.15.6-b: broke away from the hold (or no one holds him any more): back in the
    /// fight, on the ground in the brawl's hex.
    BrokeAway,
    /// SK-16.15.6-b: failed to break away: subdued, out of the fight.
    Subdued,
    // ---- sword batteries (SK-15.1-a, G-48)
    /// The battery of the mono-filament or plasma sword in `slot` is flat (the sword is
    /// `WeaponState::Drained` until a reload).
    BatteryDead {
        slot: u8,
    },
}

/// What took dice off an energy weapon's shot on its way (SK-14.3, SK-16.8-d, SK-16.12-t).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Shielder {
    /// Shielding the target wears (SK-14.3-c).
    Worn,
    /// A smoke grenade's or anti-laser cloud on the line of fire (SK-16.12-t, SK-16.8-d).
    Cloud {
        id: u16,
        kind: crate::state::CloudKind,
    },
    /// An energy shield's field (SK-14.3-f).
    Field {
        wearer: FigId,
        kind: crate::data::EnergyShieldKind,
    },
}

/// One side of an opposed roll (SK-5.9.3-a): the attribute it rolls against, every adjustment
/// with its rule, the faces, and whether it succeeded by itself.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ContestSide {
    pub fig: FigId,
    /// "eSTR", "eDEX" or "STR" (unwounded).
    pub attribute: &'static str,
    pub base: i16,
    pub modifiers: Mods,
    pub target: i16,
    pub faces: Faces,
    pub total: i32,
    pub success: bool,
    pub margin: i32,
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
        /// SK-16.12-g: the fuse is set for the end of the next movement phase, not this turn's
        /// end (left out of the JSON when false).
        #[serde(default, skip_serializing_if = "is_false")]
        next_movement: bool,
    },
    Exploded {
        at: Pos,
        weapon_name: std::sync::Arc<str>,
    },
    /// A cloud forms, grows, drifts, loses its grenade or clears (`gone`): its whole new state
    /// (SK-16.12-q/r/u, G-51).
    CloudChanged {
        cloud: crate::state::Cloud,
        gone: bool,
        rule: RuleId,
    },
    FireLit {
        at: Pos,
        turns: u8,
        incendiary: bool,
    },
    // ---- fire (§16.11, §16.12, §16.13)
    /// Hits of fire before armor, one part of a fire's damage (SK-16.11-g/T1: a rolled
    /// expression; SK-16.12-j: fixed hits); the parts of one move or turn add up before armor
    /// (SK-16.12-m) in the `Damage` that follows.
    Burn {
        fig: FigId,
        what: &'static str,
        expr: Damage,
        /// The dice's total (fire reads only the total).
        rolled: i32,
        hits: i16,
        rule: RuleId,
    },
    /// SK-16.13-b/c: a flame thrower's burst lands in these hexes (`hit`: the roll at the target
    /// hit, so the target's hex may be among them).
    FlameBurst {
        fig: FigId,
        target: FigId,
        large: bool,
        hit: bool,
        hexes: SmallVec<[Pos; 8]>,
    },
    /// A fire hex put out (SK-16.12-k: a fire extinguisher).
    FireOut {
        at: Pos,
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
    // ---- weapons and melee (§16.15)
    /// An opposed roll (SK-5.9.3-a): a knockdown or throw (SK-16.15.5), subduing (SK-16.15.6),
    /// disarming (SK-16.15.7) or breaking free (G-39). `won`: the attacker won (ties go to the
    /// defender, G-74).
    Contest {
        what: &'static str,
        // Boxed: the two sides with their modifiers are the largest event by far, and every
        // event in the buffer is as large as the largest; contests are rare, rolls are not.
        attacker: Box<ContestSide>,
        defender: Box<ContestSide>,
        won: bool,
        rule: RuleId,
    },
    /// SK-16.15.3-a (5): no other condition allows hand to hand; the defender is asked.
    HthOffered {
        attacker: FigId,
        defender: FigId,
    },
    /// The defender's answer.
    HthAnswered {
        attacker: FigId,
        defender: FigId,
        accepted: bool,
    },
    /// SK-16.3-a: a knife fixed to a rifle as a bayonet (`fixed`), or taken off; the knife's
    /// slot now holds `weapon` (the bayonet, or the knife again).
    Bayonet {
        fig: FigId,
        knife: u8,
        rifle: u8,
        weapon: u16,
        fixed: bool,
    },
    /// SK-11.7.4-b: the weapon in `fig`'s slot `fig_slot` and the one in `with`'s slot
    /// `with_slot` change hands (an empty slot gives nothing); each holds what he received.
    /// Also a weapon taken by disarming (SK-16.15.7-b).
    Exchanged {
        fig: FigId,
        with: FigId,
        fig_slot: u8,
        with_slot: u8,
        /// SK-11.7.4-b, or SK-16.15.7-b for a weapon taken by disarming.
        rule: RuleId,
    },
    /// SK-16.3-d: the figure strikes first with its bayonet this action phase (`first`), or has
    /// given that up.
    StrikesFirst {
        fig: FigId,
        first: bool,
    },
    /// What the figure's other hand and shield now hold (SK-6.5.3, SK-13.3-a, G-26): a weapon
    /// slot in the other hand, and the shield in hand, on the back or on the ground.
    Hands {
        fig: FigId,
        off_hand: Option<u8>,
        shield_at: crate::state::ShieldAt,
        rule: RuleId,
    },
    // ---- movement over terrain (SK-10.2 … SK-10.6, SK-12.5-c)
    /// A jump from `from` over `width` hexes to `to` made it (SK-10.2-a; over a fallen figure,
    /// SK-10.6-c; pulled up from the far edge, SK-10.2-c); `effective` is the width counted
    /// under gravity (SK-17.9-d). The move through it is in the `Moved` events.
    Jumped {
        fig: FigId,
        from: Pos,
        to: Pos,
        width: u8,
        effective: u8,
        rule: RuleId,
    },
    /// Fell into the pit (or onto the wall) at `at`, `depth_dm` decimetres down, and lies there
    /// fallen (SK-10.2-b, SK-12.5-c); the fall's damage follows (SK-10.3-a).
    FellInto {
        fig: FigId,
        at: Pos,
        depth_dm: u16,
        rule: RuleId,
    },
    /// Climbed a rope: `metres` up so far; `out`: at the top, and now in that hex (SK-10.3-b,
    /// SK-6.4.1-c).
    Climbed {
        fig: FigId,
        metres: u8,
        out: Option<Pos>,
        rule: RuleId,
    },
    /// Picked up a dropped weapon on the run: the owner's slot, into the grabber's slot, ready
    /// (SK-10.4-a/b).
    Grabbed {
        fig: FigId,
        owner: FigId,
        slot: u8,
        into: u8,
        at: Pos,
        rule: RuleId,
    },
    /// MOV spent beyond the hexes moved (SK-10.4-a, SK-10.6-c).
    MovSpent {
        fig: FigId,
        mov: u8,
        rule: RuleId,
    },
    /// Kept his place rather than retreat into danger (SK-12.5-c).
    StoodFast {
        fig: FigId,
        rule: RuleId,
    },
    // ---- Energy weapons, energy shields, protective gear, smoke and gas (§14.3, §15.1, §16.8,
    // §16.12, §17.5, §21.6)
    /// SK-16.8-b, G-48: dice of power the energy weapon in hand has left this turn.
    PowerLeft {
        fig: FigId,
        dice: u8,
    },
    /// SK-15.1-b, G-48: battery dice drawn from the battery pack.
    PackSpent {
        fig: FigId,
        dice: u8,
    },
    /// SK-15.1-b: the battery pack moved to the energy weapon in this slot.
    PackMoved {
        fig: FigId,
        slot: u8,
    },
    /// SK-14.3-g: an energy shield's setting for the turn, written down (hidden from the other
    /// side until someone fires into it).
    ShieldSet {
        fig: FigId,
        on: bool,
    },
    /// SK-14.3-e/h: an energy shield breaks (and is off for the rest of the battle).
    ShieldBroken {
        fig: FigId,
        rule: RuleId,
    },
    /// SK-14.3-c/f, SK-16.8-d, SK-16.12-t: R dice come off an energy weapon's shot.
    Shielded {
        target: FigId,
        by: Shielder,
        r: u8,
        rule: RuleId,
    },
    /// SK-14.3-f, G-27: a Reflector sends a hit back to its firer, at half damage.
    Reflected {
        wearer: FigId,
        firer: FigId,
        target: FigId,
        rule: RuleId,
    },
    /// SK-17.5-c: the flashlight switched on or off.
    Light {
        fig: FigId,
        on: bool,
    },
    /// SK-16.12-v: the gas mask put on or taken off.
    Mask {
        fig: FigId,
        on: bool,
    },
    /// SK-16.12-u: a burning smoke or gas grenade picked up, burning on in the hand, or gone from
    /// it (`None`: thrown, or burned out).
    Holding {
        fig: FigId,
        grenade: Option<crate::state::HeldGrenade>,
        rule: RuleId,
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
    // ---- after the battle (§6.5.1, §6.8.1, §15.1, §19, §21.7). `PracticeHit` is played in
    // battle; the others are the aftermath (`crate::aftermath::settle`), after `BattleOver`.
    /// SK-19.3-a/b: a practice weapon's hit, recorded instead of damage; `hits`: his total.
    PracticeHit {
        fig: FigId,
        by: FigId,
        hits: u8,
        rule: RuleId,
    },
    /// The aftermath begins: the kind of fight (SK-19-a) and how it ended.
    Aftermath {
        scenario: crate::options::ScenarioType,
        outcome: Outcome,
    },
    /// SK-6.5.1-a, SK-6.8.1-a (G-67): `by` heals him `lethal` + `nonlethal` points (lethal
    /// first), with a medical kit or without.
    Healed {
        fig: FigId,
        by: FigId,
        lethal: i16,
        nonlethal: i16,
        kit: bool,
        rule: RuleId,
    },
    /// Credits paid to him (or, negative, by him): the arena's purse (SK-19.1-c) or a
    /// practice's stake (SK-19.3-b).
    Credits {
        fig: FigId,
        amount: i64,
        why: crate::aftermath::Why,
        rule: RuleId,
    },
    /// Experience points (SK-19.1-d with the arena's reasons, or SK-19.3-b's 1 for a practice).
    Experience {
        fig: FigId,
        ep: u32,
        arena: Option<crate::experience::ArenaRecord>,
        rule: RuleId,
    },
    /// SK-19.2-b: a duel's victor takes an item of his foe's `from`: its price and 75% resale
    /// when the catalog prices it.
    ItemWon {
        fig: FigId,
        from: FigId,
        item: crate::aftermath::Gear,
        count: u8,
        price: Option<u32>,
        resale: Option<u32>,
        rule: RuleId,
    },
    /// SK-15.1-c: `batteries` of his to recharge between combats, 5 ₢ each: those of this energy
    /// weapon, or (`pack`) the battery pack that feeds it, two batteries' worth (SK-15.1-b).
    Recharge {
        fig: FigId,
        weapon: u16,
        pack: bool,
        batteries: u8,
        cost: u32,
        rule: RuleId,
    },
    /// SK-21.7-b OPT: his worn armor at an armorer: `absorbed` of the `limit` hits it takes, and
    /// for shielding `dice` of the `dice_limit` dice it takes off energy weapons (SK-21.7-a,
    /// E-19); repairable when neither is more than half used up, at the catalog's `repair_cost`
    /// (a GM input; None: not set).
    ArmorRepair {
        fig: FigId,
        armor: u16,
        absorbed: u16,
        limit: u16,
        dice: u16,
        dice_limit: u16,
        repairable: bool,
        cost: Option<u32>,
        rule: RuleId,
    },
    // ---- lasting injuries (§5, §21.4-e/f, §21.6-e; `aftermath::injuries`)
    /// SK-21.4-e/f: an arm or a leg put out of use in the battle (6+ hits) heals between combats.
    LimbHealed {
        fig: FigId,
        limb: crate::autoresult::Location,
        rule: RuleId,
    },
    /// SK-21.4-e (an arm), SK-21.4-f (a leg), SK-21.6-e (sight): a loss he keeps for good.
    PermanentLoss {
        fig: FigId,
        loss: crate::aftermath::injuries::Loss,
        rule: RuleId,
    },
    /// SK-5-a: after his losses for good, his attributes for the next fight.
    Attributes {
        fig: FigId,
        next: crate::aftermath::injuries::NextFight,
        rule: RuleId,
    },
    // ---- order of the turn, awareness, fatigue (§6.3.8, §9, §10, §11.6, §21.3)
    /// Caught by surprise (`on`: SK-9-b), or no longer: he noticed the ambush (SK-6.3.1-a) or
    /// the first turn is over (SK-8.1-b).
    Surprised {
        fig: FigId,
        on: bool,
        rule: RuleId,
    },
    /// SK-9-c: a side that did nothing but run last turn runs again (`again`: its figures may
    /// only run this turn, and it has the initiative) or turns to fight.
    Runs {
        side: u8,
        again: bool,
    },
    /// SK-10-e: chases, each (quarry, pursuer): the quarry is ahead and moves first; `order` is
    /// this turn's movement order with every such pursuer moved to just after his quarry. The
    /// initiative order (ties in the action phase, SK-11-c) stays as it was.
    Chase {
        chases: SmallVec<[(FigId, FigId); 2]>,
        order: SmallVec<[FigId; 8]>,
    },
    /// SK-6.3.8: the figure is now hidden from the enemy (`hidden`), or found: heard by `by`
    /// (SK-6.3.8-c), seen by `by`, or giving himself away by attacking (`by` None).
    Hidden {
        fig: FigId,
        hidden: bool,
        by: Option<FigId>,
        rule: RuleId,
    },
    /// SK-6.3.8-b/c: a listener's INT check to hear a moving figure: heard when it succeeds
    /// with a margin greater than the mover's Stealth margin (`stealth`: None when the mover
    /// made no Stealth roll).
    Hearing {
        listener: FigId,
        fig: FigId,
        dice: u8,
        faces: Faces,
        total: i32,
        int: i16,
        stealth: Option<i32>,
        heard: bool,
        rule: RuleId,
    },
    /// SK-6.3.8-b: actively listening until the figure next acts or moves.
    Listening {
        fig: FigId,
    },
    /// SK-21.3-h (optional): a turn of melee, Defend or a full run: 1 nonlethal of fatigue.
    Fatigued {
        fig: FigId,
        amount: i16,
        rule: RuleId,
    },
    // ---- microgravity (§17.10, G-54)
    /// A floating figure's drift is now `vel` quarter-hexes per turn (axial q, r), with `acc`
    /// quarter-hexes on the way to the next hex: pushed by running (SK-17.10-c), a shot's
    /// recoil or a hit (SK-17.10-e/f), stopped by a wall, a person or the tether
    /// (SK-17.10-i/j/k), or at rest on regaining footing (SK-17.10-h). `speed_q` is its length
    /// in quarter-hexes per turn and `dir` the nearest hex-side (0..6 from north), for drawing.
    Drift {
        fig: FigId,
        vel: [i8; 2],
        acc: [i8; 2],
        speed_q: u8,
        dir: u8,
        rule: RuleId,
    },
    /// SK-17.10-k: a roll to hit `target`'s tether (3d6 against the attacker's eDEX with its
    /// adjustments, −8 among them), like a `Roll` but at a line, not a figure.
    TetherShot {
        attacker: FigId,
        target: FigId,
        weapon_name: std::sync::Arc<str>,
        faces: Faces,
        total: i32,
        base: i16,
        modifiers: Mods,
        target_number: i16,
        result: ToHit,
        margin: i32,
    },
    /// SK-17.10-k: the tether of `fig` takes `hits` (rolled on the weapon's damage); `total`
    /// so far against its ST of 25; `cut`: it has parted.
    TetherHit {
        fig: FigId,
        hits: i16,
        total: u8,
        cut: bool,
    },
    /// SK-17.10-c, G-54: the drift of one turn: the hexes passed from `path[0]` to where he
    /// ends, and the quarter-hexes `acc` left toward the next hex. A path of one hex: he drifted
    /// less than a hex.
    Drifted {
        fig: FigId,
        path: SmallVec<[Pos; 12]>,
        acc: [i8; 2],
        speed_q: u8,
        dir: u8,
        rule: RuleId,
    },
    // ---- hand to hand and the arena (§11.9, §16.15.6, §19.1)
    /// G-39 (5): no foe is left fighting in his hex (knocked out, killed, subdued, gone): he is
    /// out of hand to hand where he is.
    HthOver {
        fig: FigId,
        rule: RuleId,
    },
    /// SK-19.1-b: escaped the arena through his side's entrance hex `at`: off the board, out of
    /// the battle.
    Escaped {
        fig: FigId,
        at: Pos,
        rule: RuleId,
    },
    // ---- shots and fire (SK-16.6-a, SK-14.3-a, SK-16.12-m)
    /// SK-16.6-a, G-32: a later shot switches the turn's fire mode to `mode`, once a turn;
    /// `shots` is what that mode has left of the turn, this shot included: single shots, bursts,
    /// or full auto's rounds (option `sk.selective_switch`).
    FireModeSwitched {
        fig: FigId,
        mode: FireMode,
        shots: u8,
        rule: RuleId,
    },
    /// SK-14.3-a, G-27: shielding worn and the energy shields whose field he is in, R-factor
    /// `r` in all, against fire: `dice` taken off a rolled fire's damage, or `hits` stopped of
    /// fixed fire hits (R × 3.5 rounded down, or R dice rolled with `sk.shielding =
    /// "roll_and_subtract"`).
    FireShielded {
        fig: FigId,
        r: u8,
        dice: u8,
        hits: i16,
        rule: RuleId,
    },
    /// SK-16.12-m: his armor and shielding stopped `stopped` fire hits; the turn's later fire
    /// hits meet only what is left of them (every fire hit of a turn adds up before armor).
    FireArmor {
        fig: FigId,
        stopped: i16,
        rule: RuleId,
    },
}
