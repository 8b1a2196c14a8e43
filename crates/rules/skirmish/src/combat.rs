//! Rolls to hit and damage: the effective DEX with every adjustment as a [`Modifier`] record
//! (SK-24), the dice count (SK-5.9.1, SK-11.4-c), the automatic results (SK-12.1), damage and
//! armor (SK-12.3, SK-14), and the effects of damage (SK-12.4).
//!
//! Resolution works on a scratch copy of the state: every event is applied to it as it is
//! emitted, so later steps of one action (the fall check after a second bullet, say) see the
//! state the earlier steps made, while the real state stays untouched until the engine applies
//! the same events.

use crate::action::FireMode;
use crate::apply::apply;
use crate::autoresult::{break_severity, classify, Break, ToHit};
use crate::data::{ArmorKind, Class, Spread, Wall, Weapon};
use crate::event::{AttackKind, Effect, Event, Faces, Mods};
use crate::geometry::{self, line_of_fire};
use crate::progression::{unarmed_damage, Damage, StrColumn};
use crate::skills;
use crate::state::{FigId, Figure, Guard, Posture, State, WeaponState};
use fireteam_dice::{Dice, DiceSource, Purpose};
use fireteam_engine::{Modifier, ResolveError, RuleId};
use fireteam_grid::Arc;

/// What kind of hit the next damage roll is, beyond its dice: the nonlethal split
/// (SK-21.3-b) and a located hit's cap (SK-21.4-e/f).
#[derive(Debug, Clone, Copy, Default)]
pub struct HitInfo {
    pub kind: crate::data::AttackType,
    pub cap: Option<i16>,
}

/// Resolution context: the scratch state, the dice and the events so far.
pub struct Ctx<'a> {
    pub s: State,
    pub dice: &'a mut dyn DiceSource,
    pub out: &'a mut Vec<Event>,
    pub hit: HitInfo,
    faces: Vec<u32>,
}

thread_local! {
    /// One scratch state per thread, reused by every resolution on it.
    static SCRATCH: std::cell::RefCell<Option<State>> = const { std::cell::RefCell::new(None) };
}

impl<'a> Ctx<'a> {
    pub fn new(s: &State, dice: &'a mut dyn DiceSource, out: &'a mut Vec<Event>) -> Self {
        let scratch = match SCRATCH.with(|c| c.borrow_mut().take()) {
            Some(mut old) => {
                old.copy_from(s);
                old
            }
            None => s.clone(),
        };
        Ctx {
            s: scratch,
            dice,
            out,
            hit: HitInfo::default(),
            faces: Vec::with_capacity(8),
        }
    }

    /// Applies `e` to the scratch state and records it.
    pub fn emit(&mut self, e: Event) {
        apply(&mut self.s, &e);
        self.out.push(e);
    }

    /// Rolls `n` d6 for `tag`; returns the faces and their total.
    pub fn roll(&mut self, tag: &str, n: u8) -> Result<(Faces, i32), ResolveError> {
        self.faces.clear();
        self.dice.roll_into(
            &Purpose::new(tag),
            Dice::new(u32::from(n), 6),
            &mut self.faces,
        )?;
        let faces: Faces = self.faces.iter().map(|&f| f as u8).collect();
        let total = self.faces.iter().map(|&f| f as i32).sum();
        Ok((faces, total))
    }

    /// A check: `n` d6 against `target`, success on ≤ (SK-5.9-a).
    pub fn check(
        &mut self,
        fig: FigId,
        what: &'static str,
        n: u8,
        target: i16,
        rule: RuleId,
    ) -> Result<bool, ResolveError> {
        let (faces, total) = self.roll(what, n)?;
        let success = total <= i32::from(target);
        self.emit(Event::Check {
            fig,
            what,
            dice: n,
            faces,
            total,
            target,
            success,
            rule,
        });
        Ok(success)
    }
}

impl Drop for Ctx<'_> {
    /// Hands the scratch state back for the next resolution on this thread.
    fn drop(&mut self) {
        let rules = self.s.rules;
        let s = std::mem::replace(&mut self.s, State::placeholder(rules));
        SCRATCH.with(|c| *c.borrow_mut() = Some(s));
    }
}

pub fn weapon_of<'s>(s: &'s State, f: &Figure, slot: Option<u8>) -> Option<&'s Weapon> {
    let slot = slot?;
    let w = f.weapons[usize::from(slot)]?;
    s.rules.weapons.get(usize::from(w.weapon))
}

/// The eDEX adjustments every roll of a figure carries (SK-5.7-a): armor (SK-14.1-e),
/// encumbrance (SK-14.2-a), wounds (SK-12.4-b, SK-12.4-d).
pub fn standing_mods(s: &State, f: &Figure, mods: &mut Mods) {
    if let Some(a) = f.armor.and_then(|a| s.rules.armor.get(usize::from(a))) {
        if a.dex_penalty != 0 {
            mods.push(Modifier::applied(
                "armor",
                "armor",
                i32::from(a.dex_penalty),
                RuleId("SK-14.1-e"),
            ));
        }
    }
    if let Some(a) = f.shield.and_then(|a| s.rules.armor.get(usize::from(a))) {
        if a.dex_penalty != 0 {
            mods.push(Modifier::applied(
                "shield",
                "shield",
                i32::from(a.dex_penalty),
                RuleId("SK-14.1-e"),
            ));
        }
    }
    if f.backpack {
        // SK-14.1-h, G-26: the full backpack's −1 DEX (INVENTED: −2 is not modelled).
        mods.push(Modifier::applied(
            "backpack",
            "full backpack",
            -1,
            RuleId("SK-14.1-h"),
        ));
    }
    if f.enc_dex != 0 {
        mods.push(Modifier::applied(
            "encumbrance",
            "encumbrance",
            i32::from(f.enc_dex),
            RuleId("SK-14.2-a"),
        ));
    }
    if f.est() <= 3 {
        mods.push(Modifier::applied(
            "low-str",
            "STR 3 or less",
            -3,
            RuleId("SK-12.4-b"),
        ));
    }
    if f.head_turn != 0 && s.turn == f.head_turn {
        mods.push(Modifier::applied(
            "head-hit",
            "hit in the head last turn",
            -4,
            RuleId("SK-21.4-d"),
        ));
    }
    if s.clock() <= f.shaken_until && f.shaken_until > 0 {
        mods.push(Modifier::applied(
            "shaken",
            "took 5+ damage",
            -2,
            RuleId("SK-12.4-d"),
        ));
    }
}

/// The ordering eDEX: DEX with armor, encumbrance and wounds only (SK-8.4.3-a, G-12).
pub fn order_dex(s: &State, f: &Figure) -> i16 {
    let mut m = Mods::new();
    standing_mods(s, f, &mut m);
    f.dex + Modifier::total(&m) as i16
}

/// The weapon's STR requirement for this attack (SK-13.2-a, SK-16.6-d recoil of bursts and
/// full automatic, G-35).
fn str_needed(w: &Weapon, rounds: u8, mode: Option<FireMode>) -> Option<i16> {
    let base = w.str_min?;
    let extra = match mode {
        Some(FireMode::Burst) | Some(FireMode::Auto) => (i16::from(rounds) - 1).max(0) / 3,
        _ => 0,
    };
    Some(base + extra)
}

/// What an attack is, for the modifier list.
pub struct AttackSpec {
    pub attacker: FigId,
    pub target: FigId,
    pub kind: AttackKind,
    pub slot: Option<u8>,
    pub mode: Option<FireMode>,
    pub rounds: u8,
    /// A figure disengaging from this attacker (SK-11.5-b).
    pub disengaging: bool,
    /// A quick shot from the belt (SK-21.5-b, optional).
    pub quick: bool,
    /// An aimed shot at a body part (SK-21.4-c, optional).
    pub aim: Option<crate::autoresult::Location>,
    /// Opportunity fire, with the hexes between the covered hex and the foe (SK-21.8).
    pub opportunity: Option<u8>,
    /// A sweep (SK-16.4-a) or a staff disarm or trip (SK-16.5-b/c): −4 DEX.
    pub maneuver: Option<crate::action::Strike>,
}

/// Every DEX adjustment of an attack, with its rule (SK-12.1-b, SK-24-T1…T8), and the dice.
pub fn attack_mods(s: &State, a: &AttackSpec) -> (Mods, u8, bool) {
    let att = s.fig(a.attacker);
    let tgt = s.fig(a.target);
    let w = weapon_of(s, att, a.slot);
    let mut m = Mods::new();
    standing_mods(s, att, &mut m);
    let opts = &s.rules.options;
    let d = att.pos.distance(tgt.pos);
    let ranged = matches!(a.kind, AttackKind::Missile | AttackKind::Thrown);
    let mask = att.skills;
    let mut darkness_set = false;

    // Weapon skill (SK-6-b, SK-6.9.1-a).
    if let Some(w) = w {
        let thrown_ok = a.kind == AttackKind::Thrown && skills::has(mask, skills::THROWN_WEAPONS);
        if w.skill.is_some() && !skills::has(mask, w.skill_bit) && !thrown_ok {
            m.push(Modifier::applied(
                "unskilled",
                "no skill with the weapon",
                -4,
                RuleId("SK-6-b"),
            ));
        }
        // STR short (SK-13.2-a / SK-13.1-f / SK-16.6-c), counted once (G-35).
        if let Some(need) = str_needed(w, a.rounds, a.mode) {
            let mut short = need - att.st;
            if short > 0 && w.class == Class::Missile {
                // SK-16.6-c / G-22: a tripod takes the recoil penalty away, a bipod halves it
                // (the reduction rounded down), a rest on a wall takes 2 off.
                let by_wall = line_of_fire(s, att.pos, tgt.pos).wall.is_some_and(|x| x.2);
                short = if att.tripod && w.is_group("rifle") {
                    0
                } else if att.bipod && w.is_group("rifle") {
                    short - short / 2
                } else if by_wall {
                    (short - 2).max(0)
                } else {
                    short
                };
            }
            if short > 0 {
                m.push(Modifier::applied(
                    "str-short",
                    "STR below the weapon's minimum",
                    -i32::from(short),
                    RuleId("SK-13.2-a"),
                ));
            }
        }
    }
    match a.kind {
        AttackKind::Missile | AttackKind::Thrown => {
            let w = w.expect("ranged attacks have a weapon");
            if a.kind == AttackKind::Missile {
                if skills::has(mask, skills::MARKSMANSHIP)
                    && (w.skill.is_none() || skills::has(mask, w.skill_bit))
                {
                    m.push(Modifier::applied(
                        "marksmanship",
                        "Marksmanship",
                        3,
                        RuleId("SK-6.3.6-a"),
                    ));
                }
                let mut r = geometry::missile_range_penalty(d);
                if w.energy && r != 0 {
                    // SK-16.8-c: half the penalty, rounded in the firer's favour (G-16).
                    r = -((-r) / 2);
                    m.push(Modifier::applied(
                        "range",
                        "range (energy weapon: half)",
                        i32::from(r),
                        RuleId("SK-16.8-c"),
                    ));
                } else if r != 0 {
                    m.push(Modifier::applied(
                        "range",
                        "range",
                        i32::from(r),
                        RuleId("SK-13.6-a"),
                    ));
                }
                // Shotgun spread (SK-16.7-b, G-19).
                if let (Some(sp), Some(er)) = (w.spread, w.effective_range) {
                    if sp != Spread::Slug {
                        if opts.shotgun_long_bonus {
                            if d >= 15 {
                                m.push(Modifier::applied(
                                    "spread",
                                    "shotgun at 15+ hexes",
                                    3,
                                    RuleId("SK-24-T1"),
                                ));
                            }
                        } else {
                            let b = if d * 2 < er { 1 } else { 2 };
                            m.push(Modifier::applied(
                                "spread",
                                "shotgun spread",
                                b,
                                RuleId("SK-16.7-b"),
                            ));
                        }
                    }
                }
                // Automatic fire (SK-16.6-e; SK-6.3.2-a without the skill).
                if matches!(a.mode, Some(FireMode::Burst) | Some(FireMode::Auto)) {
                    let b = i32::from(a.rounds / 3);
                    if b > 0 {
                        m.push(Modifier::applied(
                            "autofire",
                            "automatic fire",
                            b,
                            RuleId("SK-16.6-e"),
                        ));
                    }
                    if a.mode == Some(FireMode::Auto)
                        && !skills::has(mask, skills::AUTOMATIC_WEAPONS)
                    {
                        m.push(Modifier::applied(
                            "no-auto-skill",
                            "full auto without Automatic Weapons",
                            -4,
                            RuleId("SK-6.3.2-a"),
                        ));
                    }
                }
                // SK-16.6-h / G-32: a new target this turn, −1 per MH from the first.
                if let Some(first) = att.first_target.filter(|&t| t != a.target) {
                    let mh = geometry::multihexes(s.fig(first).pos.distance(tgt.pos)) as i32;
                    if mh > 0 {
                        m.push(Modifier::applied(
                            "new-target",
                            "another target this turn (per MH from the first)",
                            -mh,
                            RuleId("SK-16.6-h"),
                        ));
                    }
                }
                // Support, the largest only (SK-13.6-g, SK-24-T3): a tripod +4, a bipod +3
                // (shoulderarms, and only prone, kneeling behind a 1 m wall or standing behind
                // a ½ m wall, G-22), a weapon rested on a wall +2, a rifle's stock +1 (moved no
                // more than a hex), a pistol fired prone +1.
                let lof_here = line_of_fire(s, att.pos, tgt.pos);
                let wall_by_me = lof_here.wall.filter(|w| w.2).map(|w| w.0);
                let mount_ok = w.is_group("rifle")
                    && (att.posture.down()
                        || (att.posture == Posture::Kneeling && wall_by_me == Some(Wall::One))
                        || (att.posture == Posture::Standing && wall_by_me == Some(Wall::Half)));
                let support: Option<(i32, &'static str, &'static str)> = if att.tripod && mount_ok {
                    Some((4, "tripod", "supported by a tripod"))
                } else if att.bipod && mount_ok {
                    Some((3, "bipod", "supported by a bipod"))
                } else if wall_by_me.is_some() {
                    Some((2, "rested", "weapon rested on the wall"))
                } else if w.is_group("rifle") && att.moved <= 1 {
                    Some((1, "stock", "rifle, moved no more than one hex"))
                } else if w.is_group("pistol") && att.posture.down() {
                    Some((1, "pistol-prone", "pistol fired prone"))
                } else {
                    None
                };
                if let Some((v, id, label)) = support {
                    let rule = if id == "tripod" {
                        "SK-24-T3"
                    } else {
                        "SK-13.6-g"
                    };
                    m.push(Modifier::applied(id, label, v, RuleId(rule)));
                }
                if att.moved > 1 {
                    m.push(Modifier::applied(
                        "moving",
                        "moved more than one hex and fired",
                        i32::from(opts.move_and_shoot_penalty),
                        RuleId("SK-13.6-i"),
                    ));
                }
            } else {
                if skills::has(mask, skills::THROWN_WEAPONS) {
                    m.push(Modifier::applied(
                        "thrown-skill",
                        "Thrown Weapons",
                        2,
                        RuleId("SK-6.2.10-a"),
                    ));
                }
                m.push(Modifier::applied(
                    "range",
                    "range (thrown, per hex)",
                    -(d as i32),
                    RuleId("SK-13.5-b"),
                ));
            }
            // Concealment, the largest only (SK-24-T2, G-17).
            let lof = line_of_fire(s, att.pos, tgt.pos);
            let posture_mod = match tgt.posture {
                Posture::Prone | Posture::Fallen => i32::from(opts.prone_missile_mod),
                Posture::Kneeling => -2,
                Posture::Standing => 0,
            };
            let exposed_mod = if tgt.exposed { -6 } else { 0 };
            // SK-13.6-e / SK-24-T2: a prone or kneeling target behind a body (a fallen,
            // unconscious or dead figure next to him on the line of fire): −4.
            let body = tgt.posture != Posture::Standing
                && s.figures.iter().any(|b| {
                    (b.posture == Posture::Fallen || !b.active())
                        && b.pos.distance(tgt.pos) == 1
                        && b.pos.distance(att.pos) < tgt.pos.distance(att.pos)
                        && line_crosses(s, att.pos, tgt.pos, b.pos)
                });
            // SK-24-T2 / SK-13.6-e: half hidden: a wall next to the target on the line covers
            // part of him without hiding him (a standing figure behind a 1 m wall, a kneeling
            // one behind a ½ m wall, or one the wall does not protect at this range): −4.
            let half_hidden = !tgt.exposed
                && lof.wall.is_some_and(|(w, near_target, near_firer)| {
                    near_target
                        && w != Wall::High
                        && !geometry::wall_hides(w, tgt.posture, d, near_firer)
                        && match w {
                            Wall::Half => tgt.posture != Posture::Standing,
                            Wall::One => true,
                            _ => false,
                        }
                });
            let exposed_mod = if body || half_hidden {
                exposed_mod.min(-4)
            } else {
                exposed_mod
            };
            let conceal = posture_mod.min(exposed_mod);
            if conceal != 0 {
                let (id, label, rule) = if exposed_mod <= posture_mod && half_hidden && !body {
                    ("half-hidden", "target half hidden by a wall", "SK-24-T2")
                } else if exposed_mod <= posture_mod && !tgt.exposed {
                    ("behind-body", "prone or kneeling behind a body", "SK-24-T2")
                } else if exposed_mod <= posture_mod {
                    ("over-wall", "target firing over a wall", "SK-13.6-e")
                } else if tgt.posture == Posture::Kneeling {
                    ("kneeling-target", "kneeling target", "SK-24-T2")
                } else {
                    ("prone-target", "prone target", "SK-24-T2")
                };
                m.push(Modifier::applied(id, label, conceal, RuleId(rule)));
            }
            if let Some((_, _, true)) = lof.wall {
                m.push(Modifier::applied(
                    "leaning",
                    "firing from behind a wall",
                    -2,
                    RuleId("SK-13.6-f"),
                ));
            }
            if lof.smoke > 0 {
                m.push(Modifier::applied(
                    "smoke",
                    "smoke on the line of fire (per hex)",
                    -i32::from(lof.smoke),
                    RuleId("SK-17.4-a"),
                ));
            }
            // Intervening figures (SK-12.2-f, SK-13.8-b; G-14's floor).
            let penalty = intervening_penalty(s, a, &lof);
            if penalty != 0 {
                m.push(Modifier::applied(
                    "in-the-way",
                    "figures in the line of fire",
                    -i32::from(penalty),
                    RuleId("SK-12.2-f"),
                ));
            }
            if dark(s, att) || dark(s, tgt) {
                darkness_set = true;
            }
        }
        AttackKind::Melee | AttackKind::Hth => {
            // Facing (SK-10.5-e), regular weapons only (G-70).
            if a.kind == AttackKind::Melee {
                // SK-10.5-c: a crawling figure has only rear hexes.
                let arc = if tgt.crawled {
                    Arc::Rear
                } else {
                    geometry::arc_from(tgt, att.pos)
                };
                match arc {
                    Arc::Side => m.push(Modifier::applied(
                        "side",
                        "attack from the side",
                        2,
                        RuleId("SK-10.5-e"),
                    )),
                    Arc::Rear => m.push(Modifier::applied(
                        "rear",
                        "attack from the rear",
                        4,
                        RuleId("SK-10.5-e"),
                    )),
                    Arc::Front => {}
                }
                match tgt.posture {
                    Posture::Kneeling => m.push(Modifier::applied(
                        "kneeling-target",
                        "target kneeling",
                        2,
                        RuleId("SK-10.5-f"),
                    )),
                    Posture::Prone | Posture::Fallen => m.push(Modifier::applied(
                        "prone-target",
                        "target prone",
                        4,
                        RuleId("SK-10.5-g"),
                    )),
                    Posture::Standing => {}
                }
                if att.posture == Posture::Kneeling {
                    m.push(Modifier::applied(
                        "kneeling",
                        "attacking from kneeling",
                        -2,
                        RuleId("SK-10.5-f"),
                    ));
                }
                if let Some(w) = w {
                    if w.length == crate::data::Length::Short && d == 1 {
                        m.push(Modifier::applied(
                            "short",
                            "short weapon into the next hex",
                            -1,
                            RuleId("SK-13.4-a"),
                        ));
                    }
                }
                if tgt.in_hth {
                    m.push(Modifier::applied(
                        "into-hth",
                        "melee into a hand-to-hand fight",
                        4,
                        RuleId("SK-16.15.3-e"),
                    ));
                }
            } else {
                m.push(Modifier::applied(
                    "hth",
                    "hand-to-hand",
                    4,
                    RuleId("SK-16.15.3-e"),
                ));
            }
            if att.floating || tgt.floating {
                m.push(Modifier::applied(
                    "floating",
                    "regular weapon from or against a floating figure",
                    -4,
                    RuleId("SK-17.10-l"),
                ));
            }
            if on_broken(s, att) {
                m.push(Modifier::applied(
                    "footing",
                    "broken ground",
                    -2,
                    RuleId("SK-17.1-a"),
                ));
            }
            if dark(s, att) || dark(s, tgt) {
                m.push(Modifier::applied(
                    "darkness",
                    "complete darkness",
                    -8,
                    RuleId("SK-17.5-a"),
                ));
            }
        }
        AttackKind::Grenade => {}
    }
    if ranged && on_broken(s, att) && att.moved > 0 {
        m.push(Modifier::applied(
            "footing",
            "broken ground (moved)",
            -2,
            RuleId("SK-17.1-a"),
        ));
    }
    if att.gassed {
        m.push(Modifier::applied(
            "tear-gas",
            "tear gas",
            -4,
            RuleId("SK-16.12-s"),
        ));
    }
    if s.smoky(att.pos) {
        m.push(Modifier::applied(
            "in-smoke",
            "standing in smoke",
            -2,
            RuleId("SK-17.4-c"),
        ));
    }
    // Aiming (SK-13.7-c): the first attack of the turn at the aimed-at target (G-45).
    if att.aim_target == Some(a.target) && att.aim_turns > 0 && att.shots_fired == 0 {
        m.push(Modifier::applied(
            "aim",
            "aimed",
            i32::from(att.aim_turns.min(2)),
            RuleId("SK-13.7-c"),
        ));
    }
    if a.disengaging {
        let diff = order_dex(s, tgt) - order_dex(s, att);
        if diff > 0 {
            m.push(Modifier::applied(
                "disengaging",
                "target disengaging with higher eDEX",
                -i32::from(diff),
                RuleId("SK-11.5-b"),
            ));
        }
    }
    if tgt.breather {
        m.push(Modifier::applied(
            "breather",
            "target taking a breather",
            3,
            RuleId("SK-21.3-e"),
        ));
    }

    // Aimed shots (SK-21.4-c, SK-24-T4).
    if let Some(loc) = a.aim {
        use crate::autoresult::Location;
        let knife = w.is_some_and(|w| w.is_group("knife"));
        let (v, label) = match loc {
            Location::Head => (-6, "head shot"),
            Location::WeaponArm | Location::OtherArm if knife => (-6, "arm shot with a knife"),
            Location::WeaponArm | Location::OtherArm => (-4, "arm shot"),
            Location::RightLeg | Location::LeftLeg => (-4, "leg shot"),
        };
        m.push(Modifier::applied(
            "aimed-shot",
            label,
            v,
            RuleId("SK-21.4-c"),
        ));
    }
    match a.maneuver {
        Some(crate::action::Strike::Sweep) => m.push(Modifier::applied(
            "sweep",
            "sweep attack",
            -4,
            RuleId("SK-16.4-a"),
        )),
        Some(crate::action::Strike::Disarm) => m.push(Modifier::applied(
            "staff-disarm",
            "staff disarm",
            -4,
            RuleId("SK-16.5-b"),
        )),
        Some(crate::action::Strike::Trip) => m.push(Modifier::applied(
            "staff-trip",
            "staff trip",
            -4,
            RuleId("SK-16.5-c"),
        )),
        _ => {}
    }
    if let Some(off) = a.opportunity {
        // SK-21.8-c: −2, removed by aiming; SK-21.8-f: −1 per hex off the covered hex.
        if att.aim_turns == 0 {
            m.push(Modifier::applied(
                "opportunity",
                "opportunity fire",
                -2,
                RuleId("SK-21.8-c"),
            ));
        }
        if off > 0 {
            m.push(Modifier::applied(
                "off-hex",
                "foe off the covered hex",
                -i32::from(off),
                RuleId("SK-21.8-f"),
            ));
        }
    }
    if a.quick && opts.quickdraw_separate_roll {
        m.push(Modifier::applied(
            "quickdraw",
            "firing after a quickdraw",
            -2,
            RuleId("SK-24-T1"),
        ));
    }
    // Dice (SK-5.9.1-b, SK-11.4-c, SK-16.15.4-e/f).
    let mut dice = 3u8;
    let guarded = match tgt.guard {
        Guard::Dodge => ranged,
        Guard::Defend => {
            matches!(a.kind, AttackKind::Melee | AttackKind::Hth)
                && geometry::in_front(tgt, att.pos)
        }
        Guard::None => false,
    };
    if tgt.martial_arts >= 5 {
        // SK-16.15.4-f: 4d6 always; 5d6 when he dodges (and, as MA4, when he defends).
        dice = if guarded { 5 } else { 4 };
    } else if guarded {
        dice = if tgt.guard == Guard::Defend && tgt.martial_arts >= 4 {
            5
        } else {
            4
        };
    }
    // SK-21.5-b: a quick shot rolls one die more; Quick Reflexes takes it away (SK-6.4.5-a).
    if a.quick
        && !opts.quickdraw_separate_roll
        && !skills::has(att.skills, skills::bit("quick_reflexes"))
    {
        dice += 1;
    }
    (m, dice, darkness_set)
}

/// G-14 (2): the penalty for figures between the attacker and the target: the distance
/// modifier of the farthest one, floored at their number.
pub fn intervening_penalty(s: &State, a: &AttackSpec, lof: &geometry::LineOfFire) -> i16 {
    let att = s.fig(a.attacker);
    let mut n = 0i16;
    let mut far = 0i16;
    for &b in &lof.between {
        let f = s.fig(b);
        // SK-12.2-c: an adjacent friend beside the attacker is never in the way.
        if f.side == att.side && f.pos.distance(att.pos) == 1 {
            continue;
        }
        n += 1;
        let d = att.pos.distance(f.pos);
        let m = if a.kind == AttackKind::Thrown {
            d as i16
        } else {
            -geometry::missile_range_penalty(d)
        };
        far = far.max(m);
    }
    match s.rules.options.avoid_penalty {
        crate::options::AvoidPenalty::Floor => far.max(n),
        crate::options::AvoidPenalty::Literal => far,
        crate::options::AvoidPenalty::ThirteenEightOnly => n,
    }
}

/// Whether the line of fire from `a` to `b` passes through `p`.
fn line_crosses(
    _s: &State,
    a: crate::state::Pos,
    b: crate::state::Pos,
    p: crate::state::Pos,
) -> bool {
    fireteam_grid::line(a.hex(), b.hex()).any(|step| step.cells().any(|c| c == p.hex()))
}

pub fn dark(s: &State, f: &Figure) -> bool {
    s.rules.options.complete_darkness || s.terrain(f.pos).is_some_and(|t| t.dark)
}

fn on_broken(s: &State, f: &Figure) -> bool {
    s.terrain(f.pos)
        .is_some_and(|t| t.footing == crate::data::Footing::Broken)
}

/// The damage expression of an attack (SK-13-T1, G-05, SK-16.15.1, G-39), before multipliers,
/// with the STR-minimum damage penalty (SK-13.2-a, G-35).
pub fn damage_expr(s: &State, att: &Figure, slot: Option<u8>, kind: AttackKind) -> Damage {
    let opts = &s.rules.options;
    let base = match weapon_of(s, att, slot) {
        None => {
            // Bare hands (SK-16.15.1-T1; G-02 default table, option STR ladder).
            let mut d = if opts.punch_str_ladder {
                crate::progression::punch_str_ladder(i32::from(att.st))
            } else if kind == AttackKind::Hth {
                unarmed_damage(i32::from(att.st), StrColumn::Hth)
            } else {
                unarmed_damage(i32::from(att.st), StrColumn::Damage)
            };
            // SK-16.15.4-b/c/d: Martial Arts +1/+2/+3 bare-handed (level 4+ keeps +3).
            let ma = i32::from(att.martial_arts.min(3));
            if ma > 0 && martial_arts_allowed(s, att) {
                d = d.plus(ma);
            }
            return d;
        }
        Some(w) => {
            if let Some(col) = w.str_table {
                // Brass knuckles: the club column in regular combat (G-39 (3)).
                let col = match (col, kind) {
                    (StrColumn::Brass, AttackKind::Melee) => StrColumn::Club1,
                    (c, _) => c,
                };
                unarmed_damage(i32::from(att.st), col)
            } else if kind == AttackKind::Hth && w.is_group("knife") {
                // G-39 (4): a knife in HTH uses the Knife HTH column.
                unarmed_damage(i32::from(att.st), StrColumn::Club2)
            } else {
                let one = w.damage.unwrap_or(Damage::new(1, 0));
                w.damage_two_handed.unwrap_or(one)
            }
        }
    };
    let w = weapon_of(s, att, slot).expect("weapon present");
    match w.str_min {
        Some(min) if w.muscle_powered() && att.st < min => {
            base.plus(-i32::from((min - att.st) / 2))
        }
        _ => base,
    }
}

/// SK-16.15.4-a / G-09: Martial Arts only with armor and shields costing no more than 2 DEX,
/// or a vest (option: cloth only).
pub fn martial_arts_allowed(s: &State, f: &Figure) -> bool {
    let armor = f.armor.and_then(|a| s.rules.armor.get(usize::from(a)));
    let shield = f.shield.and_then(|a| s.rules.armor.get(usize::from(a)));
    if s.rules.options.ma_cloth_only {
        return armor.is_none_or(|a| a.defense <= 1) && shield.is_none();
    }
    let pen = armor.map_or(0, |a| a.dex_penalty) + shield.map_or(0, |a| a.dex_penalty);
    pen >= -2 || armor.is_some_and(|a| a.kind == ArmorKind::Vest)
}

/// Hits stopped by the target's protection against this attack (SK-14.1-a/c/g/h, SK-16.7-f,
/// SK-21.6-f).
pub fn armor_value(s: &State, tgt: &Figure, from: crate::state::Pos, w: Option<&Weapon>) -> i16 {
    armor_at(s, tgt, from, w, None)
}

/// [`armor_value`] for a hit in a known place: with partial armor (SK-21.6-b) a vest does not
/// cover arms and legs, a jacket not the legs, and nothing covers the head (no helmets are
/// modelled); degraded armor (SK-21.7-a) is useless after absorbing 40 × its value.
pub fn armor_at(
    s: &State,
    tgt: &Figure,
    from: crate::state::Pos,
    w: Option<&Weapon>,
    loc: Option<crate::autoresult::Location>,
) -> i16 {
    use crate::autoresult::Location;
    let mut v = 0;
    let opts = &s.rules.options;
    let shotgun = w.is_some_and(|w| matches!(w.spread, Some(Spread::Wide) | Some(Spread::Narrow)));
    let blast = w.is_some_and(|w| w.class == Class::Grenade) || shotgun;
    if let Some(a) = tgt.armor.and_then(|a| s.rules.armor.get(usize::from(a))) {
        let worn_out = opts.degraded_armor
            && a.defense > 0
            && u32::from(tgt.absorbed) >= 40 * a.defense as u32;
        let uncovered = opts.partial_armor
            && match loc {
                Some(Location::Head) => true,
                Some(Location::RightLeg | Location::LeftLeg) => {
                    matches!(a.kind, ArmorKind::Vest | ArmorKind::Jacket)
                }
                Some(Location::WeaponArm | Location::OtherArm) => a.kind == ArmorKind::Vest,
                None => false,
            };
        v += if worn_out || uncovered {
            0
        } else {
            match a.kind {
                ArmorKind::Body if shotgun => a.defense * 2,
                ArmorKind::Vest if blast => a.defense / 3,
                ArmorKind::Jacket if blast => a.defense / 2,
                _ => a.defense,
            }
        };
    }
    let arc = geometry::arc_from(tgt, from);
    if let Some(a) = tgt.shield.and_then(|a| s.rules.armor.get(usize::from(a))) {
        if arc == Arc::Front && tgt.pos != from {
            v += a.defense;
        }
    }
    if tgt.backpack && arc == Arc::Rear {
        v += 1;
    }
    v
}

/// Rolls and applies damage to `target` (SK-12.3, SK-12.4).
#[allow(clippy::too_many_arguments)]
pub fn deal_damage(
    ctx: &mut Ctx,
    target: FigId,
    source: Option<FigId>,
    expr: Damage,
    mult: u8,
    armor: i16,
    halve: bool,
    rule: RuleId,
) -> Result<i16, ResolveError> {
    let (faces, sum) = if expr.dice > 0 {
        ctx.roll("damage", expr.dice)?
    } else {
        (Faces::new(), 0)
    };
    let mut rolled = (sum + i32::from(expr.adds)).max(0);
    if halve {
        rolled /= 2;
    }
    let raw = rolled * i32::from(mult.max(1));
    let hit = std::mem::take(&mut ctx.hit);
    let unarmored = armor == 0;
    let t = ctx.s.fig(target);
    let mask = t.skills;
    // G-47: Very Tough −2 in all, Tough −1, after armor.
    let tough = if skills::has(mask, skills::VERY_TOUGH) {
        2
    } else if skills::has(mask, skills::TOUGH) {
        1
    } else {
        0
    };
    let (after_tough, nonlethal) = if ctx.s.rules.options.nonlethal {
        // SK-21.3-b: split by attack type; SK-14.1-b: armor stops lethal first, and every
        // armor also stops 2 nonlethal; SK-6.3.9-a/10-a: Tough −1/−2, Very Tough −2/−4.
        use crate::data::AttackType;
        let (l, n) = match hit.kind {
            AttackType::Damaging => (raw, 0),
            AttackType::Bludgeoning => (raw / 3, raw - raw / 3),
            AttackType::Stunning => (0, raw),
            AttackType::Shock => (raw, raw),
        };
        let a = i32::from(armor);
        let stop_l = a.min(l);
        let stop_n = (a - stop_l + if unarmored { 0 } else { 2 }).min(n);
        let (mut l, mut n) = (l - stop_l, n - stop_n);
        if unarmored && l + n <= 0 && expr.min() <= 0 {
            if matches!(hit.kind, AttackType::Stunning | AttackType::Bludgeoning) {
                n = 1;
            } else {
                l = 1;
            }
        }
        if let Some(cap) = hit.cap {
            l = l.min(i32::from(cap));
        }
        l = (l - tough).max(0);
        n = (n - 2 * tough).max(0);
        (l as i16, n as i16)
    } else {
        let mut taken = (raw - i32::from(armor)).max(0);
        // SK-12.3-c: against an unarmored foe a weapon that can roll 0 or less does 1 hit.
        if unarmored && taken <= 0 && expr.min() <= 0 {
            taken = 1;
        }
        // SK-21.4-e/f: damage past an arm's 8 or a leg's 18 passes by.
        if let Some(cap) = hit.cap {
            taken = taken.min(i32::from(cap));
        }
        ((taken - tough).max(0) as i16, 0)
    };
    let before = t.turn_damage;
    let before_raw = t.turn_damage_raw;
    ctx.emit(Event::Damage {
        target,
        source,
        expr,
        faces,
        rolled,
        mult,
        armor,
        tough: tough as i16,
        taken: after_tough,
        nonlethal,
        total: t.damage + after_tough,
        rule,
    });
    let raw16 = raw.clamp(0, i32::from(i16::MAX)) as i16;
    effects(ctx, target, source, before, before_raw, after_tough, raw16)?;
    Ok(after_tough + nonlethal)
}

/// The effects of damage just taken (SK-12.4-b…e, SK-13.7-d).
fn effects(
    ctx: &mut Ctx,
    target: FigId,
    source: Option<FigId>,
    before: i16,
    before_raw: i16,
    taken: i16,
    raw: i16,
) -> Result<(), ResolveError> {
    let t = ctx.s.fig(target).clone();
    if !t.active() {
        return Ok(());
    }
    let now = t.turn_damage;
    let est = t.est();
    // SK-12.4-c: STR 1 unconscious, 0 dead (G-24); with nonlethal damage only lethal damage
    // kills (SK-21.3-c), and the W&W reading knocks out at 0.
    let opts = ctx.s.rules.options;
    if t.st - t.damage <= 0 {
        ctx.emit(Event::Effect {
            fig: target,
            effect: Effect::Dead,
            rule: RuleId(if opts.nonlethal {
                "SK-21.3-c"
            } else {
                "SK-12.4-c"
            }),
        });
        return Ok(());
    }
    let ko = if opts.nonlethal && opts.nonlethal_ko_ww {
        0
    } else {
        1
    };
    if est <= ko {
        ctx.emit(Event::Effect {
            fig: target,
            effect: Effect::Unconscious,
            rule: RuleId("SK-12.4-c"),
        });
        return Ok(());
    }
    if before < 5 && now >= 5 {
        // The window is one movement and one action phase from the damage (E-21); damage
        // after the action phase (retreats, fire, grenades) opens it at the next turn.
        let late = matches!(ctx.s.phase, crate::state::Phase::Retreat { .. });
        let clock = ctx.s.clock() + u32::from(late);
        ctx.emit(Event::Effect {
            fig: target,
            effect: Effect::Shaken { until: clock + 1 },
            rule: RuleId("SK-12.4-d"),
        });
        if t.aim_turns > 0 || t.aiming_now {
            ctx.emit(Event::Effect {
                fig: target,
                effect: Effect::AimLost,
                rule: RuleId("SK-13.7-d"),
            });
        }
    }
    let standing = matches!(t.posture, Posture::Standing | Posture::Kneeling);
    if standing && before < 8 && now >= 8 {
        ctx.emit(Event::Effect {
            fig: target,
            effect: Effect::Fell,
            rule: RuleId("SK-12.4-e"),
        });
    } else if standing && now < 8 && before_raw + raw >= 8 && before_raw < 8 && taken >= 0 {
        // 8+ before armor only: a DEX check at −2 (none with Acrobatics) to stay up.
        let acro = skills::has(t.skills, skills::ACROBATICS);
        let target_n = order_dex(&ctx.s, &t) - if acro { 0 } else { 2 };
        if ctx.check(target, "stay-up", 3, target_n, RuleId("SK-12.4-e"))? {
            if let Some(to) = back_hex(&ctx.s, target, source) {
                ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::MovedBack { to },
                    rule: RuleId("SK-12.4-e"),
                });
            }
        } else {
            ctx.emit(Event::Effect {
                fig: target,
                effect: Effect::Fell,
                rule: RuleId("SK-12.4-e"),
            });
        }
    }
    Ok(())
}

/// G-38: the hex directly away from the attacker, if free.
fn back_hex(s: &State, target: FigId, source: Option<FigId>) -> Option<crate::state::Pos> {
    let t = s.fig(target);
    let src = s.fig(source?);
    let away = t.pos.hex() + (t.pos.hex() - src.pos.hex());
    let p = crate::state::Pos::from_hex(away);
    (t.pos.distance(p) == 1 && s.passable(p) && !s.anyone_at(p)).then_some(p)
}

/// A to-hit roll and everything after it, for one shot, burst, blow or throw.
pub fn strike(ctx: &mut Ctx, a: &AttackSpec) -> Result<ToHit, ResolveError> {
    let s = &ctx.s;
    let (mods, dice, darkness) = attack_mods(s, a);
    let att = s.fig(a.attacker).clone();
    let base = att.dex;
    let mut target_number = base + Modifier::total(&mods) as i16;
    let mut mods = mods;
    if darkness {
        // SK-17.5-b: firing a missile or thrown weapon in complete darkness, DEX is 5.
        target_number = 5;
        mods.push(Modifier::applied(
            "darkness",
            "complete darkness: DEX is 5",
            0,
            RuleId("SK-17.5-b"),
        ));
    }
    let w = weapon_of(s, &att, a.slot).cloned();
    let fencing = w.as_ref().is_some_and(|w| w.is_group("sword"))
        && skills::has(att.skills, skills::FENCING)
        && order_dex(s, &att) >= 14;
    let (faces, total) = ctx.roll("to-hit", dice)?;
    let c = classify(
        dice,
        total,
        i32::from(target_number),
        ctx.s.rules.options.auto_numbers,
        fencing,
    );
    // SK-16.15.6-c: any attack on a subdued foe (held in HTH, unable to act) hits.
    let tgt_subdued = {
        let t = ctx.s.fig(a.target);
        t.in_hth && t.stunned > 0 && a.kind == AttackKind::Hth
    };
    let mut result = c.result;
    if tgt_subdued {
        result = ToHit::Hit {
            mult: 1,
            automatic: true,
        };
    }
    let bullets = match (result, a.mode) {
        (ToHit::Hit { .. }, Some(FireMode::Burst) | Some(FireMode::Auto)) => {
            // SK-16.6-f / G-32: bullets = MoS, at least 1, at most the rounds fired.
            c.margin.clamp(1, i32::from(a.rounds)) as u8
        }
        (ToHit::Hit { .. }, _) => 1,
        _ => 0,
    };
    let name: std::sync::Arc<str> = w
        .as_ref()
        .map_or_else(|| "bare hands".into(), |w| w.name.as_str().into());
    ctx.emit(Event::Roll {
        attacker: a.attacker,
        target: a.target,
        kind: a.kind,
        weapon_name: name,
        mode: a.mode,
        rounds: a.rounds,
        dice,
        faces,
        total,
        base,
        modifiers: mods,
        target_number,
        result,
        rule: c.rule,
        margin: c.margin,
        bullets,
        avoid: false,
    });
    // SK-17.10-b: firing a weapon with recoil (one that needs STR) in microgravity.
    if a.kind == AttackKind::Missile && w.as_ref().is_some_and(|w| w.str_min.is_some()) {
        microgravity_check(ctx, a.attacker)?;
    }
    match result {
        ToHit::Hit { mult, .. } => {
            // SK-17.10-b: hit by a weapon with recoil.
            if a.kind == AttackKind::Missile && w.as_ref().is_some_and(|w| w.str_min.is_some()) {
                microgravity_check(ctx, a.target)?;
            }
            let mut expr = damage_expr(&ctx.s, &att, a.slot, a.kind);
            let tgt = ctx.s.fig(a.target).clone();
            // SK-14.3-b/c, G-27: shielding (R-factor) against energy weapons removes R dice
            // (option: rolls R dice and subtracts them); against other weapons it stops R hits.
            let r = tgt
                .armor
                .map_or(0, |i| ctx.s.rules.armor[usize::from(i)].r_factor);
            let mut shield_hits = 0i16;
            // SK-17.4-b: a laser loses 1 damage for each smoke hex it crosses.
            if w.as_ref().is_some_and(|w| w.energy) && a.kind == AttackKind::Missile {
                let smoke = line_of_fire(&ctx.s, att.pos, tgt.pos).smoke;
                if smoke > 0 {
                    // G-34: normalised on the ladder.
                    expr = expr.plus(-i32::from(smoke));
                }
            }
            if r > 0 {
                if w.as_ref().is_some_and(|w| w.energy) {
                    if ctx.s.rules.options.shielding_roll {
                        let (_, stopped) = ctx.roll("shielding", r)?;
                        shield_hits = stopped as i16;
                    } else {
                        expr =
                            crate::progression::Damage::new(expr.dice.saturating_sub(r), expr.adds);
                    }
                } else {
                    shield_hits = i16::from(r);
                }
            }
            // SK-21.4-b/c (optional): an aimed shot's place, or a critical on a natural 3–6.
            let mut loc = a.aim;
            if let Some(location) = loc {
                ctx.emit(Event::Location {
                    fig: a.target,
                    location,
                    aimed: true,
                    roll: None,
                });
            } else if ctx.s.rules.options.aimed_shots
                && crate::autoresult::critical_chance(dice, total, true)
            {
                let (_, r) = ctx.roll("critical", 2)?;
                loc = crate::autoresult::critical_location(r);
                if let Some(l) = loc {
                    ctx.emit(Event::Location {
                        fig: a.target,
                        location: l,
                        aimed: false,
                        roll: Some(r as u8),
                    });
                }
            }
            let halve = w.as_ref().is_some_and(|w| {
                w.effective_range
                    .is_some_and(|er| att.pos.distance(tgt.pos) > er)
            });
            let kind = w
                .as_ref()
                .map_or(crate::data::AttackType::Bludgeoning, |w| w.attack_type);
            for b in 0..bullets {
                if !ctx.s.fig(a.target).active() {
                    break;
                }
                // G-32: the multiplier applies to the first bullet only.
                let adjacent = att.pos.distance(tgt.pos) == 1;
                let m = if b == 0 {
                    mult * charge_mult(&att, w.as_ref(), a, adjacent)
                } else {
                    1
                };
                // Armor is read for every bullet: it may wear out mid-burst (SK-21.7-a).
                let tgt_now = ctx.s.fig(a.target).clone();
                let armor = armor_at(&ctx.s, &tgt_now, att.pos, w.as_ref(), loc) + shield_hits;
                ctx.hit = HitInfo {
                    kind,
                    cap: loc.map(located_cap),
                };
                let taken = deal_damage(
                    ctx,
                    a.target,
                    Some(a.attacker),
                    expr,
                    m,
                    armor,
                    halve,
                    RuleId("SK-12.3-b"),
                )?;
                if b == 0 {
                    if let Some(l) = loc {
                        located_effects(ctx, a.target, l, taken)?;
                    }
                }
                // SK-16.6-i: 8+ hits during automatic fire: he falls, the rest fly past.
                if ctx.s.fig(a.target).posture == Posture::Fallen && bullets > 1 {
                    break;
                }
            }
            if w.as_ref().is_some_and(|w| w.stun)
                && ctx.s.fig(a.target).damaged_by & (1 << a.attacker) != 0
            {
                stun_check(ctx, a.target)?;
            }
        }
        ToHit::Dropped | ToHit::Broken if w.is_none() => {
            // SK-16.15.1-a: an unarmed fumble does 1d6 to the attacker (G-36: no armor).
            deal_damage(
                ctx,
                a.attacker,
                None,
                Damage::new(1, 0),
                1,
                0,
                false,
                RuleId("SK-16.15.1-a"),
            )?;
        }
        ToHit::Dropped => {
            if let Some(slot) = a.slot {
                ctx.emit(Event::Effect {
                    fig: a.attacker,
                    effect: Effect::WeaponDropped { slot },
                    rule: RuleId("SK-12.1-d"),
                });
            }
        }
        ToHit::Broken
            if matches!(a.mode, Some(FireMode::Burst) | Some(FireMode::Auto))
                && a.slot.is_some() =>
        {
            // SK-16.6-l / G-32: a broken-weapon result in burst or full auto is a jam.
            ctx.emit(Event::Effect {
                fig: a.attacker,
                effect: Effect::Jammed {
                    slot: a.slot.unwrap_or(0),
                },
                rule: RuleId("SK-16.6-l"),
            });
        }
        ToHit::Broken => {
            if let (Some(slot), Some(w)) = (a.slot, w.as_ref()) {
                let permanent = match w.class {
                    Class::Missile => {
                        let (_, die) = ctx.roll("break", 1)?;
                        break_severity(die, w.energy, w.gas_action) == Break::Permanent
                    }
                    _ => true,
                };
                let club_saved = w.is_club()
                    && att.weapons[usize::from(slot)].is_some_and(|s| s.club_breaks == 0);
                let effect = if club_saved {
                    Effect::ClubCracked { slot }
                } else {
                    Effect::WeaponBroken { slot, permanent }
                };
                ctx.emit(Event::Effect {
                    fig: a.attacker,
                    effect,
                    rule: if w.class == Class::Missile {
                        RuleId("SK-12.1-e")
                    } else {
                        RuleId("SK-12.1-f")
                    },
                });
            }
        }
        ToHit::Miss { .. } => {}
    }
    Ok(result)
}

/// SK-16.2-a: a pole arm charged in a straight line for the last 3 hexes doubles its damage;
/// SK-16.3-b: a bayonet after 3 or more hexes doubles too (G-34: multipliers multiply).
/// SK-16.2-d: a jab (at 2 hexes) is never a charge.
fn charge_mult(att: &Figure, w: Option<&Weapon>, a: &AttackSpec, adjacent: bool) -> u8 {
    let Some(w) = w else { return 1 };
    if a.kind != AttackKind::Melee || a.disengaging || !adjacent {
        return 1;
    }
    let pole = w.is_group("polearm") && att.straight && att.run_up >= 3;
    let bayonet = w.skill.as_deref() == Some("bayonet") && att.run_up >= 3;
    if pole || bayonet {
        2
    } else {
        1
    }
}

/// SK-21.4-e/f: damage past 8 on an arm or 18 on a leg passes by.
fn located_cap(l: crate::autoresult::Location) -> i16 {
    use crate::autoresult::Location;
    match l {
        Location::WeaponArm | Location::OtherArm => 8,
        Location::RightLeg | Location::LeftLeg => 18,
        Location::Head => i16::MAX,
    }
}

/// SK-21.4-d/e/f: what a hit in a given place does, by the hits that got through.
fn located_effects(
    ctx: &mut Ctx,
    target: FigId,
    l: crate::autoresult::Location,
    taken: i16,
) -> Result<(), ResolveError> {
    use crate::autoresult::Location;
    let t = ctx.s.fig(target).clone();
    if !t.active() {
        return Ok(());
    }
    let turn = ctx.s.turn;
    match l {
        Location::Head => {
            if taken >= 5 {
                ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::Unconscious,
                    rule: RuleId("SK-21.4-d"),
                });
            } else if taken >= 2 {
                ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::HeadHit { turn: turn + 1 },
                    rule: RuleId("SK-21.4-d"),
                });
            }
            // SK-13.7-d: damage to the head ends aiming.
            let t = ctx.s.fig(target);
            if taken > 0 && t.active() && (t.aim_turns > 0 || t.aiming_now) {
                ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::AimLost,
                    rule: RuleId("SK-13.7-d"),
                });
            }
        }
        Location::WeaponArm | Location::OtherArm => {
            if l == Location::WeaponArm && taken >= 3 {
                if let Some(slot) = t.ready_slot().map(|_| t.ready.unwrap_or(0)) {
                    ctx.emit(Event::Effect {
                        fig: target,
                        effect: Effect::WeaponDropped { slot },
                        rule: RuleId("SK-21.4-e"),
                    });
                }
            }
            if taken >= 6 {
                ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::ArmOut,
                    rule: RuleId("SK-21.4-e"),
                });
            }
        }
        Location::RightLeg | Location::LeftLeg => {
            if taken >= 3 {
                // Down on a knee for the rest of this turn and the next; up on the third.
                ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::LegHit {
                        until: turn + 2,
                        out: taken >= 6,
                    },
                    rule: RuleId("SK-21.4-f"),
                });
            }
            if taken >= 6 && ctx.s.fig(target).posture != Posture::Fallen {
                ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::Fell,
                    rule: RuleId("SK-21.4-f"),
                });
            }
        }
    }
    Ok(())
}

/// SK-16.9-a: a stun hit of 1+ damage: 4d6 vs eSTR (Tough 3d6, Very Tough 2d6) or drop
/// weapons and be knocked down for two turns.
fn stun_check(ctx: &mut Ctx, target: FigId) -> Result<(), ResolveError> {
    let t = ctx.s.fig(target).clone();
    if !t.active() {
        return Ok(());
    }
    let mask = t.skills;
    let n = if skills::has(mask, skills::VERY_TOUGH) {
        2
    } else if skills::has(mask, skills::TOUGH) {
        3
    } else {
        4
    };
    if !ctx.check(target, "stun", n, t.est(), RuleId("SK-16.9-a"))? {
        if let Some(slot) = t.ready {
            if t.weapons[usize::from(slot)].is_some_and(|w| w.state == WeaponState::Ok) {
                ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::WeaponDropped { slot },
                    rule: RuleId("SK-16.9-a"),
                });
            }
        }
        ctx.emit(Event::Effect {
            fig: target,
            effect: Effect::Stunned,
            rule: RuleId("SK-16.9-a"),
        });
    }
    Ok(())
}

/// SK-17.10-b / G-54: the microgravity save, 4d6 vs floor((eSTR + eDEX) / 2): −1 die holding a
/// rail, −2 dice with Astrobatics (never below 1), +1 die to recover (SK-17.10-h); prone
/// figures always succeed. Returns whether the figure keeps (or regains) its footing.
pub fn footing_save(ctx: &mut Ctx, fig: FigId, recovering: bool) -> Result<bool, ResolveError> {
    let f = ctx.s.fig(fig).clone();
    if f.posture.down() && !recovering {
        return Ok(true);
    }
    let mut dice: i32 = 4;
    let rail = ctx.s.terrain(f.pos).is_some_and(|t| t.handhold)
        || (0..6).any(|d| {
            ctx.s
                .terrain(f.pos.neighbour(d))
                .is_some_and(|t| t.handhold)
        });
    if rail {
        dice -= 1;
    }
    if skills::has(f.skills, skills::bit("astrobatics")) {
        dice -= 2;
    }
    if recovering {
        dice += 1;
    }
    let target = (f.est() + order_dex(&ctx.s, &f)) / 2;
    ctx.check(
        fig,
        "footing",
        dice.max(1) as u8,
        target,
        RuleId("SK-17.10-b"),
    )
}

/// Loses footing on a failed save (SK-17.10-b).
pub fn microgravity_check(ctx: &mut Ctx, fig: FigId) -> Result<(), ResolveError> {
    if !ctx.s.rules.options.microgravity || ctx.s.fig(fig).floating || !ctx.s.fig(fig).active() {
        return Ok(());
    }
    if !footing_save(ctx, fig, false)? {
        ctx.emit(Event::Effect {
            fig,
            effect: Effect::Floating { on: true },
            rule: RuleId("SK-17.10-b"),
        });
    }
    Ok(())
}
