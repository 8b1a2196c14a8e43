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
    /// An energy weapon's lower-power shot of this many dice, fewer than its full power
    /// (SK-16.8-b, G-48); `Single` is the full-power shot.
    Power { dice: u8 },
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
    // ---- weapons and melee (§16.15.5)
    /// A Martial Arts knockdown or throw made on eSTR instead of eDEX (SK-16.15.5-b).
    KnockdownStr,
    ThrowStr,
    /// A blow with +n damage from STR above the weapon's minimum, at −n DEX (SK-13.2-b).
    Power(u8),
    /// A blow with the main weapon while the other one parries (SK-6.5.3-b).
    Parrying,
    /// The second weapon's blow, at −4 (SK-6.5.3-b); a maneuver, never an action.
    SecondWeapon,
    /// A set pole arm's blow at a charger, +2 and double damage (SK-16.2-b); a maneuver.
    Set,
    /// A thrust of the bayonet fixed to the rifle in hand (SK-16.3).
    Bayonet,
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
    // ---- weapons and melee (§6.5.3, §11.7.4, §13, §16.1–16.3, §16.15)
    /// SK-16.15.3-a (5): the defender says whether he also wants hand to hand.
    HthAnswer {
        fig: FigId,
        attacker: FigId,
        accept: bool,
    },
    /// Ready a one-handed weapon in the other hand (SK-6.5.3, SK-13.1-b).
    ReadyOffHand {
        fig: FigId,
        slot: u8,
    },
    /// Take the slung shield in hand (SK-13.3-a, SK-14.1-c).
    ReadyShield {
        fig: FigId,
    },
    /// Drop the shield in hand and ready a weapon that needs both hands (SK-13.3-a).
    ReadyDropShield {
        fig: FigId,
        slot: u8,
    },
    /// Pick up one's own dropped shield (SK-11.8.3-a).
    PickUpShield {
        fig: FigId,
    },
    /// Attack with both weapons at one slot, the main one at `first`, the other at `second`
    /// at −4 (SK-6.5.3-b, G-47).
    TwoWeapons {
        fig: FigId,
        first: FigId,
        second: FigId,
    },
    /// Fix the knife in `knife` to the rifle in `rifle` as a bayonet (SK-16.3-a).
    FixBayonet {
        fig: FigId,
        knife: u8,
        rifle: u8,
    },
    /// Take the bayonet off the rifle.
    UnfixBayonet {
        fig: FigId,
    },
    /// Fire at and bayonet the same target in one turn (SK-16.3-c), in either order.
    ShootAndStab {
        fig: FigId,
        target: FigId,
        stab_first: bool,
    },
    /// Give up the bayonet's first strike and act at one's own eDEX (SK-16.3-d).
    WaitTurn {
        fig: FigId,
    },
    /// A Martial Artist's attempt to subdue on eDEX instead of eSTR (SK-16.15.6-a).
    SubdueByDex {
        fig: FigId,
        target: FigId,
    },
    /// Disarm in HTH and take the weapon as one's own ready weapon (SK-16.15.7-b).
    DisarmAndTake {
        fig: FigId,
        target: FigId,
    },
    /// Two disengaged figures next to each other exchange the weapons in their hands, both
    /// spending their Ready (SK-11.7.4-b).
    Exchange {
        fig: FigId,
        with: FigId,
    },
    /// Throw with +n damage from STR above the weapon's minimum, at −n DEX (SK-13.2-b).
    PowerThrow {
        fig: FigId,
        target: FigId,
        bonus: u8,
    },
    // ---- movement over terrain (SK-10.3-b, SK-6.4.1-c, SK-10.4)
    /// Climb a rope toward `to`: out of a deep pit, or over a 2 m wall (SK-10.3-b, SK-6.4.1-c).
    Climb {
        fig: FigId,
        to: Pos,
    },
    /// Move to `to` by way of the dropped weapon at `at`, grabbing it: spending 3 MOV there
    /// (`spend`, SK-10.4-a) or rolling for it after the move (SK-10.4-b).
    Grab {
        fig: FigId,
        at: Pos,
        to: Pos,
        facing: u8,
        spend: bool,
    },
    // ---- fire (§16.11, §16.12, §16.13)
    /// Stop, drop and roll (SK-16.11-d): the whole turn, at the movement.
    StopDropRoll {
        fig: FigId,
    },
    /// A flame thrower burst at a target, in one of the canonical shapes (SK-16.13-a…c).
    Flame {
        fig: FigId,
        target: FigId,
        burst: Burst,
    },
    /// Spray the fire extinguisher at a hex: his own or an adjacent one (SK-16.12-k).
    Extinguish {
        fig: FigId,
        at: Pos,
    },
    /// Help an adjacent figure who stops, drops and rolls put his fire out (SK-16.11-d).
    HelpPutOut {
        fig: FigId,
        target: FigId,
    },
    // ---- Energy weapons, energy shields, protective gear, smoke and gas (§14.3, §15.1, §16.8,
    // §16.12, §17.5, §21.6)
    /// A grenade thrown on the fuse that sets it off at the end of the next movement phase
    /// (SK-16.12-g); `Grenade` is the end-of-turn fuse.
    GrenadeNextMovement {
        fig: FigId,
        at: Pos,
    },
    /// Pick up the burning smoke or gas grenade in one's hex (SK-16.12-u).
    PickUpGrenade {
        fig: FigId,
    },
    /// Throw the burning grenade in hand again (SK-16.12-u).
    ThrowAgain {
        fig: FigId,
        at: Pos,
    },
    /// Put the gas mask on or take it off (SK-16.12-v).
    Mask {
        fig: FigId,
        on: bool,
    },
    /// Move the battery pack to the energy weapon in this slot (SK-15.1-b).
    MovePack {
        fig: FigId,
        slot: u8,
    },
    /// Write down whether the energy shield is on this turn (SK-14.3-e/g).
    Shield {
        fig: FigId,
        on: bool,
    },
    /// Switch the flashlight on or off (SK-17.5-c).
    Light {
        fig: FigId,
        on: bool,
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
    // ---- order of the turn, awareness (§6.3.8, §9, §11.6)
    /// SK-9-c: a side that did nothing but run last turn runs again (`again`), taking the
    /// initiative, or turns to fight and rolls for it.
    Run {
        side: u8,
        again: bool,
    },
    /// SK-6.3.8-b: listen actively (the whole action) until the next action or move.
    Listen {
        fig: FigId,
    },
    /// SK-11.6-a: keep the Dodge or Defend declared with the movement as the action.
    KeepGuard {
        fig: FigId,
    },
    // ---- microgravity and vacuum (§17.10, §17.11)
    /// SK-17.10-d: let go and float, where he stands (`to` is his own hex), or pushing off in
    /// a straight line to `to` and drifting on at as many hexes a turn (SK-17.10-c).
    Float {
        fig: FigId,
        to: Pos,
    },
    /// SK-17.10-k: a floating figure pulls himself along his tether toward its anchor, to
    /// `to`, at half MOV.
    Pull {
        fig: FigId,
        to: Pos,
    },
    /// SK-17.10-i, G-54: a floating figure turns and fires his recoil weapon along his drift,
    /// at no one, to slow it.
    Brake {
        fig: FigId,
    },
    /// SK-17.11-c, G-55: spends the whole turn patching a leak in his suit.
    Patch {
        fig: FigId,
    },
    /// SK-17.10-k: a shot or throw at `target`'s tether, at −8.
    ShootTether {
        fig: FigId,
        target: FigId,
    },
    // ---- hand to hand and the arena (§11.9.2, §19.1)
    /// SK-11.9.2-a: in hand to hand, pick up the knife, pistol or brass knuckles that `owner`
    /// dropped (from his `slot`) in the brawl's hex, on a 3d6 roll against DEX.
    PickUpInHth {
        fig: FigId,
        owner: FigId,
        slot: u8,
    },
    /// SK-19.1-b: leave the arena through the entrance hex he stands on.
    EscapeArena {
        fig: FigId,
    },
    // ---- standing up from kneeling (SK-10.7.2-a, SK-10.8.2-a, G-41), the Shield skill
    // (SK-6.1.7-a)
    /// Stand up from kneeling, then a Half Move to `to` (or, engaged, a Shift: `shift`),
    /// facing `facing`. `StandUp` is standing up where he is.
    StandUpAndMove {
        fig: FigId,
        to: Pos,
        facing: u8,
        shift: bool,
    },
    /// Sling the shield in hand on the back (the re-sling of a Ready, SK-11.7.4-a), freeing a
    /// figure without the Shield skill to fight with a weapon (SK-6.1.7-a).
    SlingShield {
        fig: FigId,
    },
}

/// A flame thrower burst and its shape (SK-16.13-b/c). The book lets the firer place the fire
/// counters "in any arrangement"; the engine offers these canonical shapes, oriented along the
/// line of fire (`attack::flame::burst_hexes` gives the hexes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Burst {
    /// Small (3 hexes): the target's hex and the two beyond it, in a line.
    SmallLine,
    /// Small (3 hexes): the target's hex and the two hexes fanning out beyond it.
    SmallFan,
    /// Large (7 hexes): the target's hex and its six neighbours (its multihex).
    LargeRing,
    /// Large (7 hexes): the target's hex and a cone of six beyond it.
    LargeCone,
}

impl Burst {
    pub const ALL: [Burst; 4] = [
        Burst::SmallLine,
        Burst::SmallFan,
        Burst::LargeRing,
        Burst::LargeCone,
    ];

    /// SK-16.13-a: a large burst burns the fuel of two small ones.
    pub fn large(self) -> bool {
        matches!(self, Burst::LargeRing | Burst::LargeCone)
    }

    pub fn name(self) -> &'static str {
        match self {
            Burst::SmallLine => "a small burst in a line",
            Burst::SmallFan => "a small burst in a fan",
            Burst::LargeRing => "a large burst in a ring",
            Burst::LargeCone => "a large burst in a cone",
        }
    }
}

impl Action {
    /// The figure the action belongs to, if any.
    pub fn fig(&self) -> Option<FigId> {
        use Action::*;
        match *self {
            StartTurn | Order { .. } | Run { .. } => None,
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
            | HthAnswer { fig, .. }
            | ReadyOffHand { fig, .. }
            | ReadyShield { fig }
            | ReadyDropShield { fig, .. }
            | PickUpShield { fig }
            | TwoWeapons { fig, .. }
            | FixBayonet { fig, .. }
            | UnfixBayonet { fig }
            | ShootAndStab { fig, .. }
            | WaitTurn { fig }
            | Exchange { fig, .. }
            | SubdueByDex { fig, .. }
            | DisarmAndTake { fig, .. }
            | PowerThrow { fig, .. }
            | Climb { fig, .. }
            | Grab { fig, .. }
            | StopDropRoll { fig }
            | Flame { fig, .. }
            | Extinguish { fig, .. }
            | HelpPutOut { fig, .. }
            | GrenadeNextMovement { fig, .. }
            | PickUpGrenade { fig }
            | ThrowAgain { fig, .. }
            | Mask { fig, .. }
            | MovePack { fig, .. }
            | Shield { fig, .. }
            | Light { fig, .. }
            | Sweep { fig, .. }
            | Suppress { fig, .. }
            | LetDraw { fig }
            | Listen { fig }
            | KeepGuard { fig }
            | Float { fig, .. }
            | Pull { fig, .. }
            | Brake { fig }
            | Patch { fig }
            | ShootTether { fig, .. }
            | PickUpInHth { fig, .. }
            | EscapeArena { fig }
            | StandUpAndMove { fig, .. }
            | SlingShield { fig } => Some(fig),
        }
    }
}
