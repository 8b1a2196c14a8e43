//! The dice-pool turn: initiative (DP-INIT-*), one movement and one action per unit with an
//! extra action in a second pass (DP-G08), simultaneous ties (DP-G09), and attacks that wait
//! for the defender's dodge or parry dice (DP-DODGE-02, DP-MELEE-03, DP-GRENADE-05).

use crate::action::{Action, Gait, Text};
use crate::data::{band_of, Band, FireMode, Reload, WeaponKind};
use crate::event::{AttackKindTag, Event};
use crate::geometry;
use crate::resolve::{self, AttackKind, Modifiers, Movement, PoolInputs};
use crate::state::{Pending, Phase, Pos, Stance, State};
use fireteam_dice::{Dice, DiceSource, Purpose, SourceError};
use fireteam_engine::{
    BattleStats, Decision, Outcome, ResolveError, RuleId, RuleSystem, SideId, UnitId,
};
use smallvec::SmallVec;

/// The dice-pool rule system.
#[derive(Debug, Default, Clone, Copy)]
pub struct DicePool;

/// Rounds that shot or burst number `shot` of `of` uses (DP-FIRE-03, DP-G10).
fn rounds_of_shot(mode: FireMode, shot: u8, of: u8, opts: &crate::Options) -> u16 {
    match mode {
        FireMode::SS | FireMode::SA => 1,
        // Reading B (flag): 5 bullets for the turn, split over the bursts, the earlier bursts
        // taking the odd ones (3 and 2), so the turn spends exactly 5.
        FireMode::FA if opts.fa_five_bullets_total => {
            let of = u16::from(of.max(1));
            5 / of + u16::from(u16::from(shot) <= 5 % of)
        }
        // Reading A (default): 5 bullets a burst.
        FireMode::FA => 5,
    }
}

/// Rounds a declaration of `shots` shots or bursts needs in all.
fn rounds_needed(mode: FireMode, shots: u8, opts: &crate::Options) -> u16 {
    (1..=shots)
        .map(|k| rounds_of_shot(mode, k, shots, opts))
        .sum()
}

impl RuleSystem for DicePool {
    type State = State;
    type Action = Action;
    type Event = Event;

    fn name(&self) -> &'static str {
        "dice-pool"
    }

    /// 3: an attack is rolled in its own step after the defender's dice (`roll`), so logs
    /// and checksums differ from 2 (which counted the shots of each turn, DP-DRAW-01, unlike 1).
    fn version(&self) -> &'static str {
        "3"
    }

    fn decision(&self, s: &State) -> Decision {
        match &s.phase {
            Phase::Over => {
                let standing = standing(s, &[]);
                Decision::Over {
                    outcome: if standing.len() == 1 {
                        Outcome::Winner { side: standing[0] }
                    } else {
                        Outcome::Draw
                    },
                }
            }
            // The turn start is the GM's step; side 0 holds it so the protocol stays one of
            // choices. Its only legal action rolls the initiative.
            Phase::TurnStart => Decision::Choose {
                side: 0,
                unit: None,
            },
            Phase::Activation => {
                let u = s.active().unwrap_or(0);
                Decision::Choose {
                    side: s.unit(u).side,
                    unit: Some(u),
                }
            }
            Phase::Defense(p) => {
                let d = defender(p);
                Decision::Choose {
                    side: s.unit(d).side,
                    unit: Some(d),
                }
            }
            // The roll is nobody's choice; the attacker's side holds the step.
            Phase::Roll(p, _) => {
                let a = attacker(p);
                Decision::Choose {
                    side: s.unit(a).side,
                    unit: Some(a),
                }
            }
        }
    }

    fn action_text(&self, s: &State, a: &Action) -> String {
        Text(a, s).to_string()
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        match &s.phase {
            Phase::Over => {}
            Phase::TurnStart => out.push(Action::StartTurn),
            Phase::Defense(p) => {
                let d = defender(p);
                // DP-DODGE-02: at most 2 dice per attack.
                for dice in 0..=defense_left(s, p, d) {
                    out.push(Action::Defend { unit: d, dice });
                }
            }
            Phase::Roll(p, _) => out.push(Action::Roll { unit: defender(p) }),
            Phase::Activation => {
                if let Some(u) = s.active() {
                    activation_actions(s, u, out);
                }
            }
        }
    }

    fn resolve(
        &self,
        s: &State,
        action: &Action,
        dice: &mut dyn DiceSource,
        ev: &mut Vec<Event>,
    ) -> Result<(), ResolveError> {
        match *action {
            Action::StartTurn => start_turn(s, dice, ev)?,
            Action::Move { unit, gait, to } => {
                let path = geometry::path(s, s.unit(unit).pos, to, gait.metres())
                    .ok_or_else(|| ResolveError::Illegal(format!("no path to {to}")))?;
                let (movement, rule) = match gait {
                    Gait::Walk => (Movement::Walk, "DP-MOVE-01"),
                    Gait::Run => (Movement::Run, "DP-MOVE-02"),
                    Gait::Crawl => (Movement::Crawl, "DP-MOVE-03"),
                };
                ev.push(Event::Moved {
                    unit,
                    movement,
                    path,
                    rule: RuleId(rule),
                });
            }
            Action::FallProne { unit } => ev.push(Event::StanceChanged {
                unit,
                stance: Stance::Prone,
                movement: Movement::FallProne,
                rule: RuleId("DP-MOVE-04"),
            }),
            Action::StandUp { unit } => ev.push(Event::StanceChanged {
                unit,
                stance: Stance::Standing,
                movement: Movement::StandUp,
                rule: RuleId("DP-MOVE-05"),
            }),
            Action::Shoot {
                unit,
                target,
                weapon,
                mode,
                shots,
                fast_draw,
            } => {
                // DP-DRAW-01: a turn with a draw allows one shot; the legal actions never offer
                // more, and an action given directly is refused here.
                if shots > shot_limit(s, unit, weapon, mode, fast_draw) {
                    return Err(ResolveError::Illegal(format!(
                        "DP-DRAW-01: {} drew a weapon this turn and may make only one shot in it",
                        s.unit(unit).name
                    )));
                }
                let u = s.unit(unit);
                if u.ready != Some(weapon) {
                    let roll = if fast_draw {
                        Some(resolve::roll_fast_draw(
                            dice,
                            resolve::Who {
                                by: &u.name,
                                against: "",
                            },
                            u.stats.dexterity,
                            u.movement,
                            u.stunned,
                            u.wounded(),
                            &s.opts,
                        )?)
                    } else {
                        None
                    };
                    let failed = roll.as_ref().is_some_and(|r| !r.hit);
                    ev.push(Event::Drew {
                        unit,
                        weapon,
                        fast_draw: roll,
                        rule: RuleId("DP-DRAW-02"),
                    });
                    if failed {
                        // DP-DRAW-02: a failed fast draw means no shot this turn.
                        ev.push(Event::ActionDone { unit });
                        return Ok(());
                    }
                }
                ev.push(Event::AttackDeclared {
                    attacker: unit,
                    target,
                    weapon,
                    kind: AttackKindTag::Shot(mode),
                    shot: 1,
                    of: shots,
                });
            }
            Action::Aim { unit } => ev.push(Event::Aimed {
                unit,
                rule: RuleId("DP-AIM-01"),
            }),
            Action::Reload { unit, weapon } => {
                let u = s.unit(unit);
                let w = &s.weapons[usize::from(weapon)];
                let now = u.slot(weapon).map_or(0, |i| u.loaded[i]);
                // DP-RELOAD-01, DP-G20: a clip refills; a round-by-round weapon takes 5 more.
                let loaded = match w.reload {
                    Reload::Clip => w.clip as u16,
                    Reload::Rounds => (now + 5).min(w.clip as u16),
                };
                ev.push(Event::Reloaded {
                    unit,
                    weapon,
                    loaded,
                    rule: RuleId("DP-RELOAD-01"),
                });
            }
            Action::Melee {
                unit,
                target,
                weapon,
            } => {
                let u = s.unit(unit);
                if u.ready != Some(weapon) && s.weapons[usize::from(weapon)].id != "DP-UNARMED" {
                    ev.push(Event::Drew {
                        unit,
                        weapon,
                        fast_draw: None,
                        rule: RuleId("DP-DRAW-01"),
                    });
                }
                ev.push(Event::AttackDeclared {
                    attacker: unit,
                    target,
                    weapon,
                    kind: AttackKindTag::Melee,
                    shot: 1,
                    of: 1,
                });
            }
            Action::Throw { unit, weapon, at } => throw(s, unit, weapon, at, dice, ev)?,
            Action::End { unit } => end_activation(s, unit, ev),
            Action::Defend { unit, dice: n } => defend(s, unit, n, ev)?,
            Action::Roll { unit } => roll(s, unit, dice, ev)?,
        }
        Ok(())
    }

    fn apply(&self, s: &mut State, e: &Event) {
        crate::apply::apply(s, e);
    }

    fn checksum(&self, s: &State) -> u64 {
        s.checksum()
    }

    fn invariants(&self, s: &State) -> Result<(), String> {
        crate::apply::invariants(s)
    }
}

impl BattleStats for DicePool {
    fn sides(&self, s: &State) -> usize {
        s.side_names.len()
    }

    fn casualties(&self, s: &State, side: SideId) -> u32 {
        s.units.iter().filter(|u| u.side == side && u.out).count() as u32
    }

    fn rounds(&self, s: &State) -> u32 {
        s.turn
    }
}

/// Who decides a pending attack's defense.
pub fn defender(p: &Pending) -> UnitId {
    match p {
        Pending::Shot { target, .. } | Pending::Melee { target, .. } => *target,
        Pending::Blast { targets, .. } => targets[0],
    }
}

/// Who makes a pending attack (the thrower, for a blast).
pub fn attacker(p: &Pending) -> UnitId {
    match p {
        Pending::Shot { attacker, .. } | Pending::Melee { attacker, .. } => *attacker,
        Pending::Blast { thrower, .. } => *thrower,
    }
}

/// The defense dice `unit` may assign to `p` now: at most 2 per attack (DP-DODGE-02), from his
/// parry pool in melee (DP-MELEE-03) unless `dp.shared_defense_pool`, else his dodge pool.
fn defense_left(s: &State, p: &Pending, unit: UnitId) -> u8 {
    let u = s.unit(unit);
    let left = if matches!(p, Pending::Melee { .. }) && !s.opts.shared_defense_pool {
        u.parry_left
    } else {
        u.dodge_left
    };
    left.clamp(0, 2) as u8
}

/// An enemy in action, as the weapons of an active unit see it.
struct Foe {
    unit: UnitId,
    at: Pos,
    /// Its distance from the active unit.
    distance: u32,
    /// Whether the active unit sees it, once asked.
    seen: Option<bool>,
}

impl Foe {
    /// Whether `from` has a clear line of sight to it ([`geometry::sight`]).
    fn seen_from(&mut self, s: &State, from: Pos) -> bool {
        *self
            .seen
            .get_or_insert_with(|| geometry::sight(s, from, self.at).clear)
    }
}

/// The enemies of `u` in action, in the order of the units, each looked at once for all of
/// its weapons.
fn foes(s: &State, u: UnitId) -> SmallVec<[Foe; 16]> {
    let me = s.unit(u);
    let mut out = SmallVec::new();
    for (t, x) in s.units.iter().enumerate() {
        if x.side != me.side && !x.out {
            out.push(Foe {
                unit: t as UnitId,
                at: x.pos,
                distance: geometry::distance(me.pos, x.pos),
                seen: None,
            });
        }
    }
    out
}

/// How many shots or bursts a unit may declare with `weapon` in `mode` now. Drawing, now or
/// earlier this turn, allows one shot in the whole combat turn, even with an SA or FA weapon and
/// across the extra action of DP-INIT-04 (DP-DRAW-01). With `dp.fast_draw_removes_shot_limit`
/// (DP-G11) a fast draw, asked for now or succeeded earlier this turn, lifts that limit.
pub(crate) fn shot_limit(s: &State, u: UnitId, weapon: u16, mode: FireMode, fast_draw: bool) -> u8 {
    let unit = s.unit(u);
    let drawing = unit.ready != Some(weapon);
    if !drawing && !unit.drew {
        return mode.shots();
    }
    let fast = (drawing && fast_draw) || (!drawing && unit.drew && unit.fast_draw);
    if s.opts.fast_draw_removes_shot_limit && fast {
        return mode.shots();
    }
    1u8.saturating_sub(unit.shots_fired)
}

/// The actions of the active unit: one movement (if not moved yet), one action (if it has one
/// left), and ending its activation.
fn activation_actions(s: &State, u: UnitId, out: &mut Vec<Action>) {
    let unit = s.unit(u);
    if !unit.moved {
        match unit.stance {
            Stance::Standing => {
                // One search at the run's reach: a cell within 5 m is a walk (DP-MOVE-01), one
                // beyond it a run (DP-MOVE-02).
                geometry::with_reach(s, unit.pos, Gait::Run.metres(), |reach| {
                    reach.extend(s, 1..=Gait::Walk.metres(), out, |to| Action::Move {
                        unit: u,
                        gait: Gait::Walk,
                        to,
                    });
                    reach.extend(s, Gait::Walk.metres() + 1..=Gait::Run.metres(), out, |to| {
                        Action::Move {
                            unit: u,
                            gait: Gait::Run,
                            to,
                        }
                    });
                });
                out.push(Action::FallProne { unit: u });
            }
            Stance::Prone => {
                geometry::with_reach(s, unit.pos, Gait::Crawl.metres(), |reach| {
                    reach.extend(s, 1..=Gait::Crawl.metres(), out, |to| Action::Move {
                        unit: u,
                        gait: Gait::Crawl,
                        to,
                    })
                });
                out.push(Action::StandUp { unit: u });
            }
        }
    }
    if unit.actions_left > 0 {
        let mut foes = foes(s, u);
        let mut has_loaded_gun = false;
        for (slot, &w) in unit.weapons.iter().enumerate() {
            let weapon = &s.weapons[usize::from(w)];
            let loaded = unit.loaded[slot];
            match weapon.kind {
                WeaponKind::Firearm => {
                    // DP-G20: with `dp.reload_takes_whole_turn` a reload needs the whole turn,
                    // so only a unit that has not acted yet this turn may start one.
                    let fresh = s.pass == 1
                        && unit.actions_left
                            == 1 + u8::from(unit.extra_action && s.opts.extra_action_immediate);
                    if loaded < weapon.clip as u16 && (fresh || !s.opts.reload_takes_whole_turn) {
                        out.push(Action::Reload { unit: u, weapon: w });
                    }
                    if loaded == 0 || unit.draw_failed {
                        continue;
                    }
                    has_loaded_gun = true;
                    let drawing = unit.ready != Some(w);
                    for foe in &mut foes {
                        if band_of(weapon.range_bands, foe.distance).is_none()
                            || !foe.seen_from(s, unit.pos)
                        {
                            continue;
                        }
                        let t = foe.unit;
                        for &mode in &weapon.modes {
                            for shots in 1..=mode.shots() {
                                let need = rounds_needed(mode, shots, &s.opts);
                                if need > loaded {
                                    break;
                                }
                                for fast_draw in [false, true] {
                                    if fast_draw && !drawing {
                                        break;
                                    }
                                    if shots > shot_limit(s, u, w, mode, fast_draw) {
                                        continue;
                                    }
                                    out.push(Action::Shoot {
                                        unit: u,
                                        target: t,
                                        weapon: w,
                                        mode,
                                        shots,
                                        fast_draw,
                                    });
                                }
                            }
                        }
                    }
                }
                WeaponKind::Melee => {
                    for foe in &foes {
                        // DP-G17: melee reaches targets in contact.
                        if foe.distance == 1 {
                            out.push(Action::Melee {
                                unit: u,
                                target: foe.unit,
                                weapon: w,
                            });
                        }
                    }
                }
                WeaponKind::Grenade => {
                    if loaded == 0 {
                        continue;
                    }
                    for foe in &mut foes {
                        if band_of(weapon.range_bands, foe.distance).is_some()
                            && foe.seen_from(s, unit.pos)
                        {
                            out.push(Action::Throw {
                                unit: u,
                                weapon: w,
                                at: foe.at,
                            });
                        }
                    }
                }
            }
        }
        if has_loaded_gun && !unit.aiming {
            out.push(Action::Aim { unit: u });
        }
    }
    out.push(Action::End { unit: u });
}

fn start_turn(
    s: &State,
    dice: &mut dyn DiceSource,
    ev: &mut Vec<Event>,
) -> Result<(), SourceError> {
    // A battle with fewer than two sides standing (a scenario may even have no units) is over
    // before it starts.
    if battle_decided(s, &[]) {
        ev.push(Event::BattleEnded {
            winner: winner(s, &[]),
        });
        return Ok(());
    }
    ev.push(Event::TurnStarted { turn: s.turn + 1 });
    let mut order: SmallVec<[(i64, UnitId); 16]> = SmallVec::new();
    for (i, u) in s.units.iter().enumerate() {
        if u.out {
            continue;
        }
        // DP-INIT-01, DP-G09: rolled again every turn.
        let who = resolve::Who {
            by: &u.name,
            against: "",
        };
        let roll = resolve::roll_initiative(dice, who, u.stats.dexterity)?;
        order.push((roll.total, i as UnitId));
        ev.push(Event::InitiativeRolled {
            unit: i as UnitId,
            roll,
            rule: RuleId("DP-INIT-01"),
        });
    }
    // DP-INIT-02: higher first. Equal counts act simultaneously (DP-INIT-03, DP-G09): their
    // wounds and stuns land together when the count ends, but one of them still moves and acts
    // before the other, and the later one sees where the earlier one went. So no fixed rule
    // (such as the order the scenario lists them) orders a tie: the dice draw its order, every
    // order equally likely (a Fisher–Yates shuffle, `initiative-tie`).
    order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut i = 0;
    while i < order.len() {
        let j = order[i..].iter().take_while(|t| t.0 == order[i].0).count() + i;
        if j - i > 1 {
            let tied = &mut order[i..j];
            let mut draws: SmallVec<[u8; 16]> = SmallVec::new();
            for k in (1..tied.len()).rev() {
                let face =
                    dice.roll_total(&Purpose::new("initiative-tie"), Dice::new(1, k as u32 + 1))?;
                draws.push(face as u8);
                tied.swap(k, face as usize - 1);
            }
            ev.push(Event::TieOrdered {
                count: tied[0].0,
                order: tied.iter().map(|(_, u)| *u).collect(),
                draws,
                rule: RuleId("DP-G09"),
            });
        }
        i = j;
    }
    let order: SmallVec<[UnitId; 16]> = order.iter().map(|(_, u)| *u).collect();
    let first = order.first().copied();
    ev.push(Event::OrderSet { order });
    if let Some(u) = first {
        ev.push(Event::Activated { unit: u, pass: 1 });
    }
    Ok(())
}

/// Ends the active unit's activation and hands over to the next (DP-G08, DP-G09).
fn end_activation(s: &State, unit: UnitId, ev: &mut Vec<Event>) {
    ev.push(Event::ActivationEnded { unit });
    let init = s.unit(unit).initiative;
    let next = s.order[s.cursor + 1..]
        .iter()
        .copied()
        .find(|&u| s.acts_in_pass(u));
    let count_over = next.is_none_or(|n| s.unit(n).initiative != init);
    let mut newly_out: SmallVec<[UnitId; 8]> = SmallVec::new();
    if count_over && !s.deferred.is_empty() {
        ev.push(Event::CountResolved {
            rule: RuleId("DP-G09"),
        });
        for &(u, _) in &s.deferred {
            let x = s.unit(u);
            let total: i32 = x.wounds
                + s.deferred
                    .iter()
                    .filter(|(v, _)| *v == u)
                    .map(|(_, w)| w)
                    .sum::<i32>();
            if !x.out && total >= x.stats.wound_limit && !newly_out.contains(&u) {
                newly_out.push(u);
                ev.push(Event::OutOfAction {
                    unit: u,
                    rule: RuleId("DP-G06"),
                });
            }
        }
    }
    if battle_decided(s, &newly_out) {
        ev.push(Event::BattleEnded {
            winner: winner(s, &newly_out),
        });
        return;
    }
    // The next unit of this pass that is still in action.
    let acting = |u: UnitId| !s.unit(u).out && !newly_out.contains(&u);
    if let Some(n) = s.order[s.cursor + 1..]
        .iter()
        .copied()
        .find(|&u| s.acts_in_pass(u) && acting(u))
    {
        ev.push(Event::Activated {
            unit: n,
            pass: s.pass,
        });
        return;
    }
    // DP-G08: the extra actions come in a second pass, in initiative order.
    if s.pass == 1 && !s.opts.extra_action_immediate {
        if let Some(n) = s
            .order
            .iter()
            .copied()
            .find(|&u| s.unit(u).extra_action && acting(u))
        {
            ev.push(Event::Activated { unit: n, pass: 2 });
            return;
        }
    }
    ev.push(Event::TurnEnded { turn: s.turn });
    if s.turn >= s.max_turns {
        ev.push(Event::BattleEnded { winner: None });
    }
}

/// The sides with a unit still in action, once `newly_out` are out too.
fn standing(s: &State, newly_out: &[UnitId]) -> SmallVec<[SideId; 4]> {
    let mut sides: SmallVec<[SideId; 4]> = SmallVec::new();
    for (i, u) in s.units.iter().enumerate() {
        if !u.out && !newly_out.contains(&(i as UnitId)) && !sides.contains(&u.side) {
            sides.push(u.side);
        }
    }
    sides
}

fn battle_decided(s: &State, newly_out: &[UnitId]) -> bool {
    // Most calls find two sides standing among the first few units; the list is built only
    // for the few that may not.
    let mut first = None;
    for (i, u) in s.units.iter().enumerate() {
        if u.out || newly_out.contains(&(i as UnitId)) {
            continue;
        }
        match first {
            None => first = Some(u.side),
            Some(side) if side != u.side => return false,
            Some(_) => {}
        }
    }
    true
}

fn winner(s: &State, newly_out: &[UnitId]) -> Option<u8> {
    let sides = standing(s, newly_out);
    (sides.len() == 1).then(|| sides[0])
}

/// The pool inputs of an attacker against a target, with the GM inputs (darkness, cover, size)
/// suggested from the map (DP-MOD-04).
pub(crate) fn pool_inputs(
    s: &State,
    attacker: UnitId,
    target: UnitId,
    aimed: bool,
    weapon: u16,
) -> PoolInputs {
    let a = s.unit(attacker);
    let t = s.unit(target);
    let w = &s.weapons[usize::from(weapon)];
    let sight = geometry::sight(s, a.pos, t.pos);
    PoolInputs {
        movement: a.movement,
        stunned: a.stunned,
        wounded: a.wounded(),
        drawing: a.drew,
        fast_draw: a.fast_draw,
        aiming: aimed,
        darkness: sight.darkness,
        cover: sight.cover,
        size: t.size,
        laser_sight: w.laser_sight,
        smart: w.smart,
    }
}

/// The range band of a shot at `distance` metres (DP-SHOOT-02), brought closer by a scope on
/// an aimed shot only (DP-SCOPE-01/02, DP-G13).
pub(crate) fn shot_band(s: &State, w: &crate::data::Weapon, distance: u32, aimed: bool) -> Band {
    let band = band_of(w.range_bands, distance).unwrap_or(Band::Extreme);
    if !aimed || w.scope == 0 {
        return band;
    }
    if s.opts.scope_rating_metres {
        band_of(w.range_bands, distance.saturating_sub(w.scope)).unwrap_or(band)
    } else {
        band.closer(w.scope)
    }
}

/// The defender assigns `n` dice to the pending attack (DP-DODGE-02, DP-MELEE-03,
/// DP-GRENADE-05). The choice rolls nothing: the attack is rolled in the next step ([`roll`]),
/// so each side's choice carries no dice and the odds of an attack come from the roll alone.
fn defend(s: &State, unit: UnitId, n: u8, ev: &mut Vec<Event>) -> Result<(), ResolveError> {
    let Phase::Defense(p) = &s.phase else {
        return Err(ResolveError::Illegal(
            "no attack is waiting for defense".into(),
        ));
    };
    if unit != defender(p) || n > defense_left(s, p, unit) {
        return Err(ResolveError::Illegal(format!(
            "{} cannot assign {n} defense dice now",
            s.unit(unit).name
        )));
    }
    let parry = matches!(p, Pending::Melee { .. });
    ev.push(Event::DefenseAssigned {
        unit,
        dice: n,
        parry,
        rule: RuleId(if parry { "DP-MELEE-03" } else { "DP-DODGE-02" }),
    });
    Ok(())
}

/// Rolls the pending attack with the defense dice assigned to it: the defense dice raise the
/// difficulty (DP-DODGE-03), the pool is rolled (DP-SHOOT-01, DP-MELEE-01, DP-GRENADE-04), and a
/// hit rolls damage (DP-DAMAGE-01).
fn roll(
    s: &State,
    unit: UnitId,
    dice: &mut dyn DiceSource,
    ev: &mut Vec<Event>,
) -> Result<(), ResolveError> {
    let Phase::Roll(p, n) = &s.phase else {
        return Err(ResolveError::Illegal(
            "no attack is waiting to be rolled".into(),
        ));
    };
    if unit != defender(p) {
        return Err(ResolveError::Illegal(format!(
            "the attack waiting is not on {}",
            s.unit(unit).name
        )));
    }
    let n = *n;
    let deferred = s.in_simultaneous_count();
    let mut newly_out: SmallVec<[UnitId; 8]> = SmallVec::new();
    match p {
        Pending::Shot {
            attacker,
            target,
            weapon,
            mode,
            shot,
            of,
            aimed,
        } => {
            let a = s.unit(*attacker);
            let w = &s.weapons[usize::from(*weapon)];
            let kind = AttackKind::Shot(*mode);
            let distance = geometry::distance(a.pos, s.unit(*target).pos);
            let band = shot_band(s, w, distance, *aimed);
            let mods = resolve::attack_modifiers(
                kind,
                &pool_inputs(s, *attacker, *target, *aimed, *weapon),
                &s.opts,
            );
            let roll = resolve::roll_attack(
                dice,
                resolve::Who {
                    by: &a.name,
                    against: &s.unit(*target).name,
                },
                a.stats.firearms,
                mods,
                band.difficulty(),
                i32::from(n),
                &s.opts,
            )?;
            let hit = roll.hit;
            let slot = a.slot(*weapon).unwrap_or(0);
            let rounds = rounds_of_shot(*mode, *shot, *of, &s.opts);
            ev.push(Event::AmmoSpent {
                unit: *attacker,
                weapon: *weapon,
                rounds,
                left: a.loaded[slot].saturating_sub(rounds),
            });
            ev.push(Event::AttackRolled {
                attacker: *attacker,
                target: *target,
                weapon: *weapon,
                kind: AttackKindTag::Shot(*mode),
                band: Some(band),
                distance_m: distance,
                roll,
                rule: RuleId("DP-SHOOT-01"),
            });
            if hit {
                damage(
                    s,
                    *target,
                    resolve::damage_level(w.dl, kind),
                    deferred,
                    dice,
                    ev,
                    &mut newly_out,
                )?;
            }
            if battle_decided(s, &newly_out) {
                ev.push(Event::BattleEnded {
                    winner: winner(s, &newly_out),
                });
                return Ok(());
            }
            let target_down = newly_out.contains(target);
            if shot < of && !target_down {
                ev.push(Event::AttackDeclared {
                    attacker: *attacker,
                    target: *target,
                    weapon: *weapon,
                    kind: AttackKindTag::Shot(*mode),
                    shot: shot + 1,
                    of: *of,
                });
            } else {
                ev.push(Event::ActionDone { unit: *attacker });
            }
        }
        Pending::Melee {
            attacker,
            target,
            weapon,
        } => {
            let a = s.unit(*attacker);
            let w = &s.weapons[usize::from(*weapon)];
            let mods = resolve::attack_modifiers(
                AttackKind::Melee,
                &pool_inputs(s, *attacker, *target, false, *weapon),
                &s.opts,
            );
            // DP-MELEE-01: difficulty 10.
            let who = resolve::Who {
                by: &a.name,
                against: &s.unit(*target).name,
            };
            let roll =
                resolve::roll_attack(dice, who, a.stats.melee, mods, 10, i32::from(n), &s.opts)?;
            let hit = roll.hit;
            ev.push(Event::AttackRolled {
                attacker: *attacker,
                target: *target,
                weapon: *weapon,
                kind: AttackKindTag::Melee,
                band: None,
                distance_m: 1,
                roll,
                rule: RuleId("DP-MELEE-01"),
            });
            if hit {
                // DP-MELEE-04: damage as for shooting.
                damage(s, *target, w.dl, deferred, dice, ev, &mut newly_out)?;
            }
            if battle_decided(s, &newly_out) {
                ev.push(Event::BattleEnded {
                    winner: winner(s, &newly_out),
                });
                return Ok(());
            }
            ev.push(Event::ActionDone { unit: *attacker });
        }
        Pending::Blast {
            thrower,
            weapon,
            at,
            throw_difficulty,
            targets,
        } => {
            let w = &s.weapons[usize::from(*weapon)];
            let target = targets[0];
            let distance = geometry::distance(*at, s.unit(target).pos);
            // DP-G19: the difficulty comes from the target's distance to the burst.
            let (band, difficulty) = if s.opts.grenade_difficulty_from_thrower_range {
                (None, *throw_difficulty)
            } else {
                let b = resolve::blast_band(w.damage_radius, distance).unwrap_or(Band::Long);
                (Some(b), b.difficulty())
            };
            let roll = resolve::roll_attack(
                dice,
                resolve::Who {
                    by: "the blast",
                    against: &s.unit(target).name,
                },
                resolve::BLAST_DICE,
                Modifiers::new(),
                difficulty,
                i32::from(n),
                &s.opts,
            )?;
            let hit = roll.hit;
            ev.push(Event::AttackRolled {
                attacker: *thrower,
                target,
                weapon: *weapon,
                kind: AttackKindTag::Blast,
                band,
                distance_m: distance,
                roll,
                rule: RuleId("DP-GRENADE-04"),
            });
            if hit {
                // DP-GRENADE-06: the grenade's Damage Level.
                damage(s, target, w.dl, deferred, dice, ev, &mut newly_out)?;
            }
            // DP-GRENADE-03: one explosion attacks everyone in its radius, so the battle is
            // decided only once the last of them is rolled, whichever side was listed first
            // (deciding it after each target ended a blast on the earlier-listed side's last
            // fighter before the later side's were rolled).
            if targets.len() == 1 {
                if battle_decided(s, &newly_out) {
                    ev.push(Event::BattleEnded {
                        winner: winner(s, &newly_out),
                    });
                    return Ok(());
                }
                ev.push(Event::ActionDone { unit: *thrower });
            }
        }
    }
    Ok(())
}

fn damage(
    s: &State,
    target: UnitId,
    dl: i32,
    deferred: bool,
    dice: &mut dyn DiceSource,
    ev: &mut Vec<Event>,
    newly_out: &mut SmallVec<[UnitId; 8]>,
) -> Result<(), SourceError> {
    let t = s.unit(target);
    let who = resolve::Who {
        by: "the hit",
        against: &t.name,
    };
    let roll = resolve::roll_damage(
        dice,
        who,
        dl,
        t.stats.pain_resistance,
        t.stats.armor,
        &s.opts,
    )?;
    let wounds = roll.wounds as i32;
    ev.push(Event::Damaged {
        target,
        dl,
        roll,
        deferred,
        rule: RuleId("DP-DAMAGE-01"),
    });
    if !deferred
        && !t.out
        && t.wounds + wounds >= t.stats.wound_limit
        && !newly_out.contains(&target)
    {
        newly_out.push(target);
        ev.push(Event::OutOfAction {
            unit: target,
            rule: RuleId("DP-G06"),
        });
    }
    Ok(())
}

fn throw(
    s: &State,
    unit: UnitId,
    weapon: u16,
    at: Pos,
    dice: &mut dyn DiceSource,
    ev: &mut Vec<Event>,
) -> Result<(), ResolveError> {
    let u = s.unit(unit);
    let w = &s.weapons[usize::from(weapon)];
    let distance = geometry::distance(u.pos, at);
    let band = band_of(w.range_bands, distance).unwrap_or(Band::Extreme);
    let inputs = PoolInputs {
        movement: u.movement,
        stunned: u.stunned,
        wounded: u.wounded(),
        // DP-DRAW-01: a draw this turn is −1 to any skill use, a throw included.
        drawing: u.drew,
        fast_draw: u.fast_draw,
        darkness: geometry::sight(s, u.pos, at).darkness,
        ..PoolInputs::default()
    };
    // DP-GRENADE-01: resolved as a shot against the range difficulty.
    let mods = resolve::attack_modifiers(AttackKind::Throw, &inputs, &s.opts);
    let who = resolve::Who {
        by: &u.name,
        against: "",
    };
    let roll = resolve::roll_attack(
        dice,
        who,
        u.stats.throwing,
        mods,
        band.difficulty(),
        0,
        &s.opts,
    )?;
    let (landed, scatter) = if roll.hit {
        (at, None)
    } else {
        // DP-GRENADE-02, DP-G18.
        let sc = resolve::roll_scatter(dice)?;
        (geometry::scatter(s, u.pos, at, sc), Some(sc))
    };
    let difficulty = band.difficulty();
    ev.push(Event::Thrown {
        unit,
        weapon,
        aim: at,
        landed,
        scatter,
        roll,
        rule: RuleId("DP-GRENADE-01"),
    });
    // DP-GRENADE-03: everyone within the damage radius, friends and thrower included.
    let targets: SmallVec<[UnitId; 8]> = (0..s.units.len() as UnitId)
        .filter(|&t| !s.unit(t).out && geometry::distance(landed, s.unit(t).pos) <= w.damage_radius)
        .collect();
    ev.push(Event::Blast {
        at: landed,
        radius_m: w.damage_radius,
        targets: targets.clone(),
        rule: RuleId("DP-GRENADE-03"),
    });
    if targets.is_empty() {
        ev.push(Event::ActionDone { unit });
    } else {
        ev.push(Event::BlastPending {
            thrower: unit,
            weapon,
            at: landed,
            throw_difficulty: difficulty,
            targets,
        });
    }
    Ok(())
}
