//! The battle state: the figures, the turn and phase, and what lies on the map (dropped weapons,
//! clouds, fires, live grenades). Figures are small plain structs so a state clones cheaply
//! for search; the fixed rules and catalog are shared behind an `Arc`.

use crate::data::Rules;
use fireteam_grid::{Hex, HexDir};
use serde::Serialize;
use smallvec::SmallVec;

pub type FigId = u16;

/// The most figures a battle can hold: per-turn "who hit whom" records are 64-bit masks.
pub const MAX_FIGURES: usize = 64;

/// A map position as drawn: column and row of the odd-q layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Pos {
    pub col: i16,
    pub row: i16,
}

impl Pos {
    pub fn new(col: i16, row: i16) -> Self {
        Pos { col, row }
    }

    pub fn hex(self) -> Hex {
        Hex::from_offset(i32::from(self.col), i32::from(self.row))
    }

    pub fn from_hex(h: Hex) -> Self {
        let (c, r) = h.to_offset();
        Pos {
            col: c as i16,
            row: r as i16,
        }
    }

    pub fn distance(self, other: Pos) -> u32 {
        self.hex().distance(other.hex())
    }

    pub fn neighbour(self, dir: u8) -> Pos {
        Pos::from_hex(self.hex().neighbour(hex_dir(dir)))
    }
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{}", self.col, self.row)
    }
}

pub fn hex_dir(d: u8) -> HexDir {
    HexDir::ALL[usize::from(d % 6)]
}

/// Positions (SK-10.5-b, G-41): sitting and crouching are kneeling; crawling is prone; fallen
/// is involuntary prone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Posture {
    Standing,
    Kneeling,
    Prone,
    Fallen,
}

impl Posture {
    pub fn down(self) -> bool {
        matches!(self, Posture::Prone | Posture::Fallen)
    }

    pub fn name(self) -> &'static str {
        match self {
            Posture::Standing => "standing",
            Posture::Kneeling => "kneeling",
            Posture::Prone => "prone",
            Posture::Fallen => "fallen",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    Active,
    Unconscious,
    Dead,
    // ---- microgravity and vacuum (§17.10)
    /// Floated off the map's edge: out of the battle for good (SK-17.10-k: "one could float
    /// off and never come back").
    Lost,
    // ---- after the battle (§19.3)
    /// SK-19.3-b: lost a practice combat on the agreed number of recorded hits: out of the
    /// fight, unhurt. Like the fallen, he is no obstacle.
    Beaten,
    // ---- hand to hand and the arena (§16.15.6, §19.1)
    /// SK-16.15.6-b: failed to break away after his two turns held: subdued, out of the fight
    /// (SK-19.2-a: it ends a duel only when agreed, `sk.victory`). He lies where he was held.
    Subdued,
    /// SK-19.1-b: escaped through one of his side's entrance hexes: off the board, out of the
    /// battle for good. His `pos` stays the hex he left by, where nothing of him remains.
    Escaped,
}

/// A weapon's state (SK-12.1-d/e/f, G-36).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WeaponState {
    Ok,
    /// Unusable this combat; repairable between combats.
    TemporarilyBroken,
    /// Destroyed, or needs a weaponsmith's shop.
    Broken,
    /// Lying on the ground in the figure's hex (SK-12.1-d).
    Dropped,
    /// Jammed on a broken-weapon result in burst or automatic fire (SK-16.6-l, G-32); a Ready
    /// action clears it with the Automatic Weapons (or Small Arms) skill.
    Jammed,
    /// Broken as a weapon by parrying a mono-filament or plasma sword: it still Defends, it
    /// no longer attacks (SK-16.10-d, G-50).
    ParryOnly,
    // ---- sword batteries (SK-15.1-a, G-48)
    /// A mono-filament or plasma sword whose battery is flat: no blade, so it neither attacks
    /// nor Defends until a new battery is put in (a reload, one turn).
    Drained,
}

/// One weapon a figure carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Slot {
    /// Index into the battle's weapon list.
    pub weapon: u16,
    /// Rounds in the magazine (or battery dice).
    pub rounds: u16,
    pub state: WeaponState,
    /// 18s a club has taken (it breaks on the second, SK-12.1-f).
    pub club_breaks: u8,
}

/// Dodge or Defend (SK-11.4-a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Guard {
    None,
    Dodge,
    Defend,
    // ---- weapons and melee (§6.5.3, §16.2)
    /// Defend with the weapon in the other hand while the main hand still attacks at the
    /// figure's slot (SK-6.5.3-b).
    Parry,
    /// A pole arm set to meet a charge (SK-16.2-b, G-46): the figure's action.
    Set,
}

/// How far a figure moved this turn, as the option lists count it (SK-25-a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveKind {
    StandStill,
    Step,
    Pace,
    Half,
    Full,
    Shift,
    Crawl,
    StandUp,
    // ---- standing up from kneeling (SK-10.7.2-a, SK-10.8.2-a, G-41)
    /// Stood up from kneeling where he was: his action may only Ready or change weapons.
    StandUpThenReady,
    /// Stood up from kneeling, then a Half Move: only the actions allowed after a Half Move.
    StandUpThenHalf,
    /// Stood up from kneeling while engaged, then a Shift: nothing more this turn.
    StandUpThenShift,
}

/// One figure.
#[derive(Debug, PartialEq, Serialize)]
pub struct Figure {
    /// Its index in [`State::figures`]; the name is in the battle's rules ([`State::name`]).
    pub id: FigId,
    pub side: u8,
    pub pos: Pos,
    /// Hex-side faced, 0..6 clockwise from north.
    pub facing: u8,
    pub posture: Posture,
    pub condition: Condition,
    pub st: i16,
    pub dex: i16,
    pub int: i16,
    pub mov: i16,
    /// Skills known, by the index of [`crate::skills::SKILLS`].
    pub skills: u64,
    /// Martial Arts level, 0..=5 (5 = Master).
    pub martial_arts: u8,
    /// Body armor, vest, suit: an index into the battle's armor list (a helmet has its own
    /// place, [`Figure::helmet`]).
    pub armor: Option<u16>,
    /// A shield or parry item (SK-14.1-c/d).
    pub shield: Option<u16>,
    pub backpack: bool,
    /// Encumbrance penalties (SK-14.2), fixed for the battle.
    pub enc_dex: i16,
    pub enc_mov: i16,
    /// Carrying at maximum lift or beyond the model's cap (SK-14.2-T1).
    pub immobile: bool,
    /// SK-14.2-T1: carrying 5–7 × STR, which tires him: −1 STR (nonlethal) every 2 minutes.
    pub tiring_load: bool,
    /// SK-17.9-c: more than he can carry at all (over 5 × STR under §13.1, over STR² under
    /// §14.2), his own weight under the gravity included: "completely incapacitated", he lies
    /// fallen and makes no move, so he never acts.
    pub overloaded: bool,
    pub weapons: [Option<Slot>; 4],
    /// The slot in hand (SK-12-b).
    pub ready: Option<u8>,
    pub spare_magazines: u8,
    /// Damage taken (lethal).
    pub damage: i16,
    /// Nonlethal damage (SK-21.3, optional).
    pub nonlethal: i16,
    /// Damage taken this turn, after and before armor (SK-12.4-d/e).
    pub turn_damage: i16,
    pub turn_damage_raw: i16,
    /// The −2 of SK-12.4-d lasts through this phase index (turn × 2 + phase; see [`State::clock`]).
    pub shaken_until: u32,
    pub moved: u8,
    pub move_kind: MoveKind,
    /// Dropped to kneeling or prone this turn without moving: may still shoot (SK-11.7.3-a).
    pub dropped_this_turn: bool,
    pub guard: Guard,
    pub acted: bool,
    /// Shots still to fire this turn, the ordering eDEX below which the next one goes, and the
    /// shots fired (SK-12-e, G-33).
    pub shots_left: u8,
    pub next_shot_at: i16,
    pub shots_fired: u8,
    /// The frozen ordering eDEX of this turn's action phase (SK-11-d).
    pub order_dex: i16,
    /// Aiming at a target for this many turns (SK-13.7-c).
    pub aim_target: Option<FigId>,
    pub aim_turns: u8,
    pub aiming_now: bool,
    /// Engaged in hand-to-hand combat in its hex (SK-11-a).
    pub in_hth: bool,
    /// Who hit this figure this turn, and who did it damage (SK-12.5-a); bit i = figure i.
    pub hit_by: u64,
    pub damaged_by: u64,
    /// Charged this turn by an enemy that moved into contact (SK-11.8.2-a).
    pub charged_by: u64,
    pub retreated: bool,
    /// Turns left knocked down by a stun weapon (SK-16.9-a).
    pub stunned: u8,
    /// Turned this turn (aiming needs a still figure, SK-13.7-b).
    pub turned: bool,
    /// Fired over a wall this turn, so exposed to fire at −6 (SK-13.6-e, SK-17.7-a).
    pub exposed: bool,
    /// Taking a breather this turn (SK-21.3-e).
    pub breather: bool,
    /// Lost footing in microgravity (SK-17.10-b): no walking until recovered.
    pub floating: bool,
    /// This turn's shooting is in bursts (SK-16.6-a: the mode changes at most once a turn).
    pub burst_turn: bool,
    /// Turns left on fire after a molotov soaking (SK-16.12-i/j).
    pub burning: u8,
    /// The side's leader for initiative (G-13).
    pub leader: bool,
    /// Carries a bipod or a tripod for a shoulderarm (SK-13.6-g, SK-24-T3).
    pub bipod: bool,
    pub tripod: bool,
    /// Crawled, or picked up a dropped weapon, this turn: every hex counts as rear when he is
    /// attacked (SK-10.5-c).
    pub crawled: bool,
    /// Hexes moved this turn and whether the last three were straight (SK-16.2-a, SK-16.3-b);
    /// `trail` holds the last four hexes of the move (a move may come in pieces).
    pub run_up: u8,
    pub straight: bool,
    pub trail: [Pos; 4],
    pub trail_len: u8,
    /// The first target fired at this turn (SK-16.6-h).
    pub first_target: Option<FigId>,
    /// The hex covered by opportunity fire (SK-21.8-a, optional), until the figure acts again.
    pub overwatch: Option<Pos>,
    /// Hits body armor has absorbed (SK-21.7-a, optional degraded armor).
    pub absorbed: u16,
    /// SK-21.4-d: a head hit of 2+ gives −4 DEX during this turn.
    pub head_turn: u32,
    /// SK-21.4-e: an arm put out of use (no two-handed weapons).
    pub arm_out: bool,
    /// SK-21.4-e: which arms are out of use in the battle, lost ones included
    /// (`aftermath::injuries::limb_bit`); both out leaves no hand (`hands::hands_left`).
    pub arms_out: u8,
    /// SK-21.4-f: a leg hit keeps him down until this turn; a 6+ leg hit leaves MOV 0.
    pub leg_down_until: u32,
    pub leg_out: bool,
    /// Hits taken in the battle (bullets, blows, blasts), for reports.
    pub hits_taken: u16,
    /// Breathed tear gas without a mask: −4 DEX for the rest of the combat (SK-16.12-s).
    pub gassed: bool,
    /// Miscellaneous items carried (SK-15.2-a), one bit per [`crate::data::ItemKind`].
    pub items: u16,
    // ---- weapons and melee (§6.5.3, §13.1–13.3, §16.1–16.3, §16.10, §16.15)
    /// The weapon slot held in the other hand (SK-6.5.3); `ready` is the main hand's.
    pub off_hand: Option<u8>,
    /// Where the shield is: in hand, slung on the back (SK-13.3-a, G-26) or on the ground.
    pub shield_at: ShieldAt,
    /// A knife fixed to a rifle as a bayonet: (knife slot, rifle slot) (SK-16.3-a). While it is
    /// fixed the knife's slot holds the bayonet weapon (`data::BayonetPair`).
    pub bayonet: Option<(u8, u8)>,
    /// SK-16.15.3-T1 (3–4): the belt knife or pistol (slot + 1) that is ready next turn.
    pub hth_draw: u8,
    /// SK-16.3-d: strikes first this action phase with its fixed bayonet.
    pub bayonet_first: bool,
    // ---- movement over terrain (SK-10.3-b, SK-6.4.1-c)
    /// Metres climbed up a rope so far (lost on moving off).
    pub climbed: u8,
    // ---- fire (§16.11, §16.13): a §16.11 fire on the figure, apart from the molotov soak
    // (`burning`, G-52), and what it makes him do this turn.
    /// SK-16.11-T1: how much of him is on fire.
    pub on_fire: Blaze,
    /// SK-16.11-e/f: ran while on fire in the last turn played (stopping is then +1 die).
    pub fire_ran: bool,
    /// SK-16.11-f: failed this turn's INT check: he must run (a Full Move).
    pub must_run: bool,
    /// SK-16.11-h: failed this turn's INT check to stay in a burning hex: he must leave it.
    pub must_leave: bool,
    /// SK-16.11-d: stopping, dropping and rolling this turn.
    pub rolling: bool,
    /// SK-16.11-c GM input: doused in gasoline or the like (unit stat `flammable`).
    pub flammable: bool,
    /// The soak (`burning`) is an incendiary's, which cannot be put out (SK-16.12-p).
    pub soak_incendiary: bool,
    // ---- Energy weapons, energy shields, protective gear, smoke and gas (§14.3, §15.1, §16.8,
    // §16.12, §17.5, §21.6)
    /// G-26: the full backpack's contents weigh more than STR kg: −2 DEX, not −1 (SK-14.1-h).
    pub backpack_heavy: bool,
    /// A helmet (SK-21.6-b/c, G-26), worn beside the body armor: it covers the head.
    pub helmet: Option<u16>,
    /// SK-21.7-a, E-19 (optional degraded armor): dice of energy damage the worn shielding has
    /// taken off; it is useless after 40 × its R-factor.
    pub shielding_dice: u16,
    /// SK-14.3-d: the protective suit against an energy shield's field (the "Energy Suit").
    pub suit: Option<u16>,
    /// SK-14.3-d…h: an energy shield worn; whether it is on, whether it broke, and the turn its
    /// setting was last written down (SK-14.3-g).
    pub energy_shield: Option<u16>,
    pub shield_on: bool,
    pub shield_broken: bool,
    pub shield_declared: u32,
    /// SK-17.5-c: the flashlight switched on.
    pub light_on: bool,
    /// SK-21.6-e: blinded by an energy weapon's flash: a permanent −4 DEX.
    pub blinded: bool,
    /// SK-16.12-v: wearing the gas mask (a figure carrying one starts with it on).
    pub mask_on: bool,
    /// SK-16.12-u: a burning smoke or gas grenade picked up and held.
    pub holding: Option<HeldGrenade>,
    /// SK-16.8-b, G-48: dice of power the energy weapon in hand has left to fire this turn.
    pub power_left: u8,
    /// SK-15.1-b, G-48: the battery pack's dice (96 when charged: two batteries) and the slot of
    /// the weapon it feeds.
    pub pack_dice: u8,
    pub pack_slot: Option<u8>,
    // ---- ranged fire (§21.8)
    /// Suppression fire into this hex (SK-21.8-g, optional) until the figure acts again, with
    /// the shots (or full-auto rounds) still to fire into it.
    pub suppress_at: Option<Pos>,
    pub suppress_shots: u8,
    // ---- after the battle (§15.1, §19): the battle's record the aftermath reads, kept by
    // `aftermath::record` as events are applied. Not in the checksum: it follows from events.
    /// Made an attack, or was attacked by a foe (SK-19.1-d: he took part; cowards get nothing).
    pub fought: bool,
    /// A foe did him damage (SK-19.1-d).
    pub hurt_by_foe: bool,
    /// Who last did him harm (None: nobody, or a fire, a fall…).
    pub last_hurt_by: Option<FigId>,
    /// Who last put him out of the fight: knocked him out, killed, subdued or beat him on
    /// recorded hits (SK-19.1-d); cleared when he wakes.
    pub downed_by: Option<FigId>,
    /// SK-19.3-b: hits of practice weapons recorded on him.
    pub practice_hits: u8,
    /// SK-15.1-c: drained batteries swapped out of his energy weapons.
    pub drained: u8,
    // ---- order of the turn, awareness, fatigue (§6.3.8, §8.3, §9, §10, §11.6, §21.3)
    /// SK-8.3-c GM input (unit stat `size`): the hexes the creature would cover; figures are
    /// one hex each here, and size only decides who can engage it.
    pub size: u8,
    /// SK-9-b, SK-8.1-b: caught by surprise: no threat zone through the first turn.
    pub surprised: bool,
    /// SK-9-c: did nothing but run (a Full Move) in the last turn played.
    pub ran: bool,
    /// SK-9-c: his side declared it runs again this turn: running moves only, no action.
    pub runs: bool,
    /// SK-10-e GM input (unit field `chases`): the figure he chases, who moves before him.
    pub chases: Option<FigId>,
    /// SK-6.3.8: unseen and unheard by the enemy: no attack can be aimed at him.
    pub hidden: bool,
    /// SK-6.3.8-b: actively listening, from his action until he next acts or moves.
    pub listening: bool,
    /// SK-11.6-a: a Dodge or Defend declared with the movement has already met an attack this
    /// turn, so it can no longer be changed at the figure's action.
    pub guard_tested: bool,
    /// SK-21.3-h: made a melee or hand-to-hand attack, or Defended, this turn.
    pub exerted: bool,
    /// SK-11-c, G-12: the figure's place in this turn's initiative order (the movement order
    /// before any chase, SK-10-e), which breaks ties in the action order.
    pub init_rank: u8,
    // ---- microgravity and vacuum (§17.10, §17.11; G-54, G-55)
    /// SK-17.10-c/e/f: the drift of a floating figure, in quarter-hexes per turn, as an axial
    /// vector (q, r) (`crate::microgravity`); [0, 0]: still.
    pub drift: [i8; 2],
    /// G-54: the quarter-hexes drifted toward the next hex, not yet a whole hex (axial q, r).
    pub drift_acc: [i8; 2],
    /// SK-17.10-k GM input: the tether's length in hexes (unit field `tether_length`; 0: none)
    /// and where it is anchored (`tether_anchor`, default the starting hex).
    pub tether: u8,
    pub tether_anchor: Pos,
    /// SK-17.10-k: hits the tether has taken (it parts at its ST of 25).
    pub tether_damage: u8,
    /// SK-17.11-c, G-55: leaks open in the suit, how many were made this turn, the
    /// consecutive turns a leak has been open, and whether he spends this turn patching one.
    pub leaks: u8,
    pub leaks_new: u8,
    pub leak_turns: u8,
    pub patching: bool,
    // ---- lasting injuries (§5, §21.4-e/f, §21.6-e): what the wounds leave after the battle
    // (`aftermath::injuries`); `arm_out`, `leg_out` and `blinded` are what they do in it. One bit
    // per limb, `aftermath::injuries::limb_bit`.
    /// SK-21.4-e/f: limbs lost for good (8+ hits on an arm, 18+ on a leg), with those lost
    /// before this battle.
    pub limbs_lost: u8,
    /// The limbs he had lost before this battle (unit stat `arms`).
    pub lost_before: u8,
    /// SK-21.4-e/f: limbs put out of use in this battle (6+ hits), and the place of the last
    /// aimed or critical hit on him, which tells which one; kept by `aftermath::record`, not in
    /// the checksum.
    pub limbs_out: u8,
    pub struck_at: Option<crate::autoresult::Location>,
    // ---- hand to hand (§16.15.6)
    /// SK-16.15.6-b: held by this foe, who subdued him: two turns without moving or acting
    /// (`stunned`), then the roll to break away.
    pub held_by: Option<FigId>,
    // ---- shots and fire (SK-16.6-a, SK-16.12-m)
    /// SK-16.6-a: this turn's one switch of fire mode is spent.
    pub mode_switched: bool,
    /// SK-16.12-m: the fire hits his armor and shielding stopped this turn; the turn's later
    /// fire hits meet only what is left of them (all fire hits add up before armor).
    pub fire_stopped: u8,
}

/// How much of a figure is on fire (SK-16.11-T1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Blaze {
    #[default]
    None,
    /// One limb (an arm): 1d6−4 a turn.
    Limb,
    /// Half the body: 1d6−2 a turn.
    Half,
    /// The whole body: 1d6 a turn.
    Whole,
}

impl Blaze {
    /// SK-16.11-e: one turn of running spreads the fire one step (the whole body stays whole).
    pub fn fanned(self) -> Blaze {
        match self {
            Blaze::None => Blaze::None,
            Blaze::Limb => Blaze::Half,
            Blaze::Half | Blaze::Whole => Blaze::Whole,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Blaze::None => "no fire",
            Blaze::Limb => "one limb",
            Blaze::Half => "half the body",
            Blaze::Whole => "the whole body",
        }
    }
}

/// Where a figure's shield is (SK-13.3-a, SK-14.1-c, G-26).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ShieldAt {
    /// Ready in hand: it covers the front hexes.
    Hand,
    /// Slung on the back: it covers the rear hex.
    Back,
    /// Dropped in the figure's hex (`State::dropped`, slot [`SHIELD_SLOT`]).
    Ground,
}

/// The `Dropped::slot` of a dropped shield (weapons use 0..4).
pub const SHIELD_SLOT: u8 = 255;

impl Clone for Figure {
    /// A plain copy: every field is `Copy` (a figure holds nothing on the heap), so the copy is
    /// one block move rather than a clone per field. Resolution copies the whole state for
    /// every action ([`State::copy_from`]).
    fn clone(&self) -> Self {
        Figure { ..*self }
    }
}

impl Figure {
    pub fn active(&self) -> bool {
        self.condition == Condition::Active
    }

    /// Current STR (SK-5.1-a, SK-12.4-a): STR less all damage, nonlethal included (SK-21.3-c).
    pub fn est(&self) -> i16 {
        self.st - self.damage - self.nonlethal
    }

    /// Carries an item of this kind (SK-15.2-a).
    pub fn has_item(&self, kind: crate::data::ItemKind) -> bool {
        self.items & kind.bit() != 0
    }

    pub fn ready_slot(&self) -> Option<Slot> {
        self.ready
            .and_then(|i| self.weapons[usize::from(i)])
            .filter(|s| s.state == WeaponState::Ok)
    }
}

/// A weapon lying on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Dropped {
    pub pos: Pos,
    pub owner: FigId,
    pub slot: u8,
}

/// What a cloud is made of (SK-16.12-q/s/t, SK-16.8-d).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CloudKind {
    /// A smoke grenade's smoke (SK-16.12-t).
    Smoke,
    /// Tear gas (SK-16.12-s).
    TearGas,
    /// Anti-laser smoke: R1 shielding against lasers (SK-16.8-d, SK-17.4-d).
    AntiLaser,
}

/// A smoke or gas cloud and the grenade burning at its centre (SK-16.12-q, G-51).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Cloud {
    /// Unique among the clouds on the map: events name a cloud by it.
    pub id: u16,
    pub center: Pos,
    pub radius: u8,
    /// Turns its grenade has burned: the cloud grows while that is under 5 and clears 2 turns
    /// after (G-51).
    pub age: u8,
    pub kind: CloudKind,
    /// The grenade's catalog index, and whether it still lies burning at the centre, where it
    /// can be picked up (SK-16.12-u).
    pub weapon: u16,
    pub grenade: bool,
}

/// A burning smoke or gas grenade in someone's hand (SK-16.12-u).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct HeldGrenade {
    /// The grenade's catalog index.
    pub weapon: u16,
    /// Turns it has burned.
    pub age: u8,
}

/// A burning hex (SK-16.12-j).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Fire {
    pub pos: Pos,
    pub turns_left: u8,
    /// Incendiary fire does 4 through / 8 stopping; molotov 2 / 4 (SK-16.12-j/p).
    pub incendiary: bool,
}

/// A thrown grenade waiting for its fuse (SK-16.12-g).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct LiveGrenade {
    pub pos: Pos,
    pub weapon: u16,
    pub thrower: FigId,
    /// Goes off at the end of this turn (true) or the next movement phase.
    pub end_of_turn: bool,
}

/// Where the turn is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Side 0 starts the turn; initiative is rolled (SK-8.4.1-a).
    TurnStart,
    /// The initiative winner chooses to move first or last (G-13).
    ChooseOrder {
        winner: u8,
    },
    /// Figures move in movement order (SK-8.4.2-a); `next` indexes [`State::move_order`].
    Movement {
        next: u8,
    },
    /// SK-14.3-e/g: at the start of the turn's movement, a figure wearing an energy shield writes
    /// down whether it is on.
    Shields {
        fig: FigId,
    },
    /// Actions in eDEX order (SK-8.4.3-a).
    Action,
    /// A disengaging figure's opponent may attack it (SK-11.5-b) before it steps to `to`.
    DisengageReaction {
        mover: FigId,
        opponent: FigId,
        to: Pos,
    },
    /// Forced retreats (SK-8.4.4-a); `next` indexes [`State::act_order`].
    Retreat {
        next: u8,
    },
    Over,
    // ---- weapons and melee (§16.15)
    /// SK-16.15.3-a (5): the defender says whether he also wants hand to hand.
    HthOffer {
        attacker: FigId,
        defender: FigId,
    },
    // ---- ranged fire (§21.5)
    /// SK-21.5-c (optional quick shot): `fig` quick-draws at `target`, who has the same eDEX
    /// and has not acted: he may quick-draw back, the higher margin firing first.
    QuickDraw {
        fig: FigId,
        target: FigId,
        slot: u8,
    },
    // ---- order of the turn (§9)
    /// SK-9-c: `side` did nothing but run last turn and says whether it runs again (and so
    /// takes the initiative) or turns to fight (the initiative is rolled).
    Runners {
        side: u8,
    },
    // ---- hand to hand (§11.9.3)
    /// SK-11.9.3-a, G-39 (1): `mover` broke free of hand to hand; `opponent`, a foe in his hex
    /// who has not acted, may strike him as he leaves for `to`.
    HthLeaving {
        mover: FigId,
        opponent: FigId,
        to: Pos,
    },
}

/// The whole battle state.
#[derive(Debug, Clone, Serialize)]
pub struct State {
    /// Fixed for the whole battle and shared by every state and worker thread. A `&'static`
    /// rather than an `Arc`: a battle's rules live as long as the process that plays it, and
    /// cloning a state millions of times must not bounce one reference count between cores.
    #[serde(skip)]
    pub rules: &'static Rules,
    pub figures: Vec<Figure>,
    pub turn: u32,
    pub phase: Phase,
    /// Side order of this turn's movement (the initiative result).
    pub side_order: SmallVec<[u8; 4]>,
    /// Figures in movement order (SK-8.4.2-a).
    pub move_order: SmallVec<[FigId; 8]>,
    /// Figures in action order (SK-11-c), frozen at the start of the action phase.
    pub act_order: SmallVec<[FigId; 8]>,
    pub dropped: Vec<Dropped>,
    pub clouds: Vec<Cloud>,
    pub fires: Vec<Fire>,
    pub grenades: Vec<LiveGrenade>,
    /// The initiative winner of this turn (last turn's until this turn's is settled; None
    /// before the first).
    pub initiative_winner: Option<u8>,
}

impl State {
    /// An empty state of these rules (no figures), for buffers.
    pub fn placeholder(rules: &'static Rules) -> State {
        State {
            rules,
            figures: Vec::new(),
            turn: 0,
            phase: Phase::Over,
            side_order: SmallVec::new(),
            move_order: SmallVec::new(),
            act_order: SmallVec::new(),
            dropped: Vec::new(),
            clouds: Vec::new(),
            fires: Vec::new(),
            grenades: Vec::new(),
            initiative_winner: None,
        }
    }

    /// Makes `self` a copy of `other`, reusing `self`'s buffers (no allocation once they have
    /// grown): resolution's scratch state is refreshed this way for every action.
    pub fn copy_from(&mut self, other: &State) {
        self.rules = other.rules;
        self.figures.clone_from(&other.figures);
        self.turn = other.turn;
        self.phase = other.phase;
        self.side_order.clone_from(&other.side_order);
        self.move_order.clone_from(&other.move_order);
        self.act_order.clone_from(&other.act_order);
        self.dropped.clone_from(&other.dropped);
        self.clouds.clone_from(&other.clouds);
        self.fires.clone_from(&other.fires);
        self.grenades.clone_from(&other.grenades);
        self.initiative_winner = other.initiative_winner;
    }

    /// A figure's name.
    pub fn name(&self, id: FigId) -> &str {
        &self.rules.names[usize::from(id)]
    }

    pub fn fig(&self, id: FigId) -> &Figure {
        &self.figures[usize::from(id)]
    }

    pub fn fig_mut(&mut self, id: FigId) -> &mut Figure {
        &mut self.figures[usize::from(id)]
    }

    /// The phase clock: turn × 2, +1 in the action phase (SK-12.4-d's window is one movement
    /// phase and one action phase).
    pub fn clock(&self) -> u32 {
        let action = !matches!(
            self.phase,
            Phase::TurnStart
                | Phase::ChooseOrder { .. }
                | Phase::Movement { .. }
                | Phase::Shields { .. }
                | Phase::Runners { .. }
        );
        self.turn * 2 + u32::from(action)
    }

    pub fn side_count(&self) -> usize {
        self.rules.side_names.len()
    }

    /// The figure standing in `pos` (not counting the fallen, unconscious or dead).
    pub fn occupant(&self, pos: Pos) -> Option<FigId> {
        self.figures
            .iter()
            .position(|f| f.pos == pos && f.active() && !f.posture.down())
            .map(|i| i as FigId)
    }

    /// Any figure in `pos`, in any condition (but one who escaped the arena from it, SK-19.1-b).
    pub fn anyone_at(&self, pos: Pos) -> bool {
        self.figures
            .iter()
            .any(|f| f.pos == pos && f.condition != Condition::Escaped)
    }

    pub fn on_map(&self, p: Pos) -> bool {
        p.col >= 0
            && p.row >= 0
            && p.col < self.rules.width as i16
            && p.row < self.rules.height as i16
    }

    pub fn terrain(&self, p: Pos) -> Option<&crate::data::Terrain> {
        self.rules.terrain_at(i32::from(p.col), i32::from(p.row))
    }

    pub fn passable(&self, p: Pos) -> bool {
        self.on_map(p) && self.terrain(p).is_some_and(|t| !t.impassable())
    }

    /// Smoke or fog in `p`: the terrain, a cloud, or a fire's own smoke (SK-16.12-n; a burning
    /// terrain hex too, G-52).
    pub fn smoky(&self, p: Pos) -> bool {
        self.terrain(p).is_some_and(|t| t.smoke || t.fire.is_some())
            || self.fires.iter().any(|f| f.pos == p)
            || self
                .clouds
                .iter()
                .any(|c| c.center.distance(p) <= u32::from(c.radius))
    }
}
