//! Every adjustment of an attack's roll to hit as a `Modifier` with its rule (SK-12.1-b and the
//! SK-24 table: missile and thrown weapons, concealment, support, aiming and aimed shots, adverse
//! conditions), and the dice: 4d6 against a dodger or defender, 5d6 against a defender of Martial
//! Arts 4+ or a dodging Master (SK-5.9.1-b, SK-11.4-c, SK-16.15.4-e/f), one more for a quick shot
//! (SK-21.5-b). `AttackSpec` says what the attack is.

use crate::action::FireMode;
use crate::combat::ctx::Ctx;
use crate::combat::edex::{order_dex, standing_mods};
use crate::combat::weapon_of;
use crate::data::{Class, Spread, Wall, Weapon};
use crate::event::{AttackKind, Mods};
use crate::geometry::{self, line_of_fire};
use crate::skills;
use crate::state::{FigId, Figure, Guard, Posture, State};
use fireteam_dice::SourceKind;
use fireteam_engine::{Modifier, RuleId};
use fireteam_grid::Arc;

/// The weapon's STR requirement for this attack (SK-13.2-a, SK-16.6-d recoil of bursts and
/// full automatic, G-35), in the grip it is held in (SK-13.1-g, SK-13.3-b; `hands`).
fn str_needed(
    att: &Figure,
    slot: Option<u8>,
    w: &Weapon,
    rounds: u8,
    mode: Option<FireMode>,
) -> Option<i16> {
    let base = crate::hands::str_need(att, slot, w)?;
    let extra = match mode {
        Some(FireMode::Burst) | Some(FireMode::Auto) => (i16::from(rounds) - 1).max(0) / 3,
        _ => 0,
    };
    Some(base + extra)
}

/// What an attack is, for the modifier list.
#[derive(Debug, Clone, PartialEq)]
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
/// [`attack_mods`] of the scratch state. The exact odds run one resolution many times and meet
/// the same states again and again, so while enumerating, the last few answers are kept (per
/// thread) and given back for an equal attack on an equal state (every field compared): the
/// lines of fire behind them are the dearest part of a run. Other sources compute it afresh.
pub fn attack_mods_in(ctx: &Ctx, a: &AttackSpec) -> (Mods, u8, bool) {
    if ctx.dice.kind() != SourceKind::Enumerating {
        return attack_mods(&ctx.s, a);
    }
    KEPT.with(|kept| {
        let mut kept = kept.borrow_mut();
        if let Some((_, _, m)) = kept
            .entries
            .iter()
            .find(|(spec, s, _)| spec == a && crate::combat::ctx::equal_state(s, &ctx.s))
        {
            return m.clone();
        }
        let m = attack_mods(&ctx.s, a);
        let entry = (a.clone(), ctx.s.clone(), m.clone());
        if kept.entries.len() < KEPT_MODS {
            kept.entries.push(entry);
        } else {
            let at = kept.next;
            kept.entries[at] = entry;
        }
        kept.next = (kept.next + 1) % KEPT_MODS;
        m
    })
}

/// How many answers of `attack_mods_in` a thread keeps.
const KEPT_MODS: usize = 32;

#[derive(Default)]
struct KeptMods {
    entries: Vec<(AttackSpec, State, (Mods, u8, bool))>,
    next: usize,
}

thread_local! {
    static KEPT: std::cell::RefCell<KeptMods> = std::cell::RefCell::new(KeptMods::default());
}

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

    // Weapon skill (SK-6-b, SK-6.9.1-a). A shoulderarm swung as a club (SK-21.5-e) is a club:
    // no skill, and its STR minimum is for firing it.
    let club = a.maneuver == Some(crate::action::Strike::Club);
    if let Some(w) = w.filter(|_| !club) {
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
        if let Some(need) = str_needed(att, a.slot, w, a.rounds, a.mode) {
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
                // Held in both hands, a one-handed weapon asks half its STR (SK-13.1-g).
                let halved = crate::hands::str_need(att, a.slot, w)
                    .zip(w.str_min)
                    .is_some_and(|(n, m)| n < m);
                let (label, rule) = if halved {
                    (
                        "STR below half the minimum (held in both hands)",
                        "SK-13.1-g",
                    )
                } else {
                    ("STR below the weapon's minimum", "SK-13.2-a")
                };
                m.push(Modifier::applied(
                    "str-short",
                    label,
                    -i32::from(short),
                    RuleId(rule),
                ));
            }
        }
        // SK-16.1-e, G-40: an unbalanced improvised item's DEX penalty (catalog `dex_penalty`).
        if w.dex_penalty != 0 {
            m.push(Modifier::applied(
                "unbalanced",
                "unbalanced improvised weapon",
                i32::from(w.dex_penalty),
                RuleId("SK-16.1-e"),
            ));
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
                let b = spread_bonus(s, w, d);
                if b != 0 {
                    let (label, rule) = if opts.shotgun_long_bonus {
                        ("shotgun at 15+ hexes", "SK-24-T1")
                    } else {
                        ("shotgun spread", "SK-16.7-b")
                    };
                    m.push(Modifier::applied("spread", label, b, RuleId(rule)));
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
            // Intervening figures (SK-12.2-f, SK-13.8-b; G-14's floor); a shotgun's arc
            // (SK-13.6-b).
            let mut lof = lof;
            crate::attack::arc::widen_between(s, a, &mut lof.between);
            let penalty = intervening_penalty(s, a, &lof);
            if penalty != 0 {
                m.push(Modifier::applied(
                    "in-the-way",
                    "figures in the line of fire",
                    -i32::from(penalty),
                    RuleId("SK-12.2-f"),
                ));
            }
            // ---- ranged fire: a shot into a brawl (SK-13.8-b, SK-16.15.3-g, G-39 (6)): −1 for
            // each other member; §13.8's bracketed −4 for each member above one as an option.
            if tgt.in_hth {
                let others = s
                    .figures
                    .iter()
                    .enumerate()
                    .filter(|(i, f)| {
                        *i != usize::from(a.target) && f.pos == tgt.pos && f.in_hth && f.active()
                    })
                    .count() as i32;
                if others > 0 {
                    let (per, label, rule) = if opts.brawl_fire_13_8 {
                        (4, "into a brawl (-4 per member above one)", "SK-13.8-a")
                    } else {
                        (1, "into a brawl (-1 per other member)", "SK-13.8-b")
                    };
                    m.push(Modifier::applied(
                        "brawl",
                        label,
                        -per * others,
                        RuleId(rule),
                    ));
                }
            }
            if dark(s, att) || dark(s, tgt) {
                if crate::light::lit(s, att, tgt) {
                    m.push(lifted());
                } else {
                    darkness_set = true;
                }
            }
        }
        AttackKind::Melee | AttackKind::Hth => {
            // Facing (SK-10.5-e), regular weapons only (G-70).
            if a.kind == AttackKind::Melee {
                // SK-10.5-c: a crawling figure has only rear hexes.
                match geometry::attacked_from(tgt, att.pos) {
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
            if (dark(s, att) || dark(s, tgt)) && crate::light::lit(s, att, tgt) {
                m.push(lifted());
            } else if dark(s, att) || dark(s, tgt) {
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
    // SK-16.12-s: tear gas is a DEX penalty of the figure (`combat::edex::standing_mods`).
    // SK-17.4-c: standing in smoke without a gas mask (SK-16.12-v).
    if s.smoky(att.pos) && !att.mask_on {
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
        // ---- SK-11.9.3-a, G-39 (1): the blow at one breaking free of hand to hand mirrors
        // SK-11.5-b's.
        let rule = if a.kind == AttackKind::Hth {
            "SK-11.9.3-a"
        } else {
            "SK-11.5-b"
        };
        if diff > 0 {
            m.push(Modifier::applied(
                "disengaging",
                "target disengaging with higher eDEX",
                -i32::from(diff),
                RuleId(rule),
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
        // SK-6.5.3-b: the second weapon's attack is at −4.
        Some(crate::action::Strike::SecondWeapon) => m.push(Modifier::applied(
            "second-weapon",
            "second weapon's attack",
            -4,
            RuleId("SK-6.5.3-b"),
        )),
        // SK-16.2-b: a set pole arm strikes the charger at +2.
        Some(crate::action::Strike::Set) => m.push(Modifier::applied(
            "set",
            "pole arm set against the charge",
            2,
            RuleId("SK-16.2-b"),
        )),
        // SK-13.2-b: each +1 damage from STR above the minimum costs −1 DEX.
        Some(crate::action::Strike::Power(n)) => m.push(Modifier::applied(
            "str-surplus",
            "damage from STR above the minimum",
            -i32::from(n),
            RuleId("SK-13.2-b"),
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
        // SK-6.5.3-b: parrying with the other weapon is a Defend (G-44: nothing more).
        Guard::Defend | Guard::Parry => {
            matches!(a.kind, AttackKind::Melee | AttackKind::Hth)
                && geometry::in_front(tgt, att.pos)
        }
        Guard::None | Guard::Set => false,
    };
    if tgt.martial_arts >= 5 {
        // SK-16.15.4-f: 4d6 always; 5d6 when he dodges (and, as MA4, when he defends).
        dice = if guarded { 5 } else { 4 };
    } else if guarded {
        dice = if matches!(tgt.guard, Guard::Defend | Guard::Parry) && tgt.martial_arts >= 4 {
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

/// SK-16.7-b / G-19: a shotgun's spread bonus at `d` hexes: +1 within half the effective range,
/// +2 beyond (option `sk.shotgun_long_bonus`: +3 at 15 hexes or more); none for slugs.
pub(crate) fn spread_bonus(s: &State, w: &Weapon, d: u32) -> i32 {
    match (w.spread, w.effective_range) {
        (Some(sp), Some(er)) if sp != Spread::Slug => {
            if s.rules.options.shotgun_long_bonus {
                if d >= 15 {
                    3
                } else {
                    0
                }
            } else if d * 2 < er {
                1
            } else {
                2
            }
        }
        _ => 0,
    }
}

/// G-14's automatic-fire procedure, G-32: a string's roll at a figure counts only the rounds
/// still flying when it reaches him (SK-16.6-e: +1 per 3), and nobody is "in the way": those
/// in front were rolled to avoid first (SK-16.6-g).
pub(crate) fn string_mods(m: &mut Mods, left: u8) {
    m.retain(|x| x.id != "in-the-way");
    set_autofire(m, left);
}

/// SK-16.6-e: the automatic fire bonus for `rounds` at one figure, +1 per 3 (none under 3).
pub(crate) fn set_autofire(m: &mut Mods, rounds: u8) {
    let b = i32::from(rounds / 3);
    match m.iter().position(|x| x.id == "autofire") {
        Some(k) if b == 0 => {
            m.remove(k);
        }
        Some(k) => m[k].value = b,
        None if b > 0 => m.push(Modifier::applied(
            "autofire",
            "automatic fire",
            b,
            RuleId("SK-16.6-e"),
        )),
        None => {}
    }
}

/// G-14 step 5, SK-13.6-c: a shot going on past the figure it was fired at is rolled against
/// the next one "with his own modifiers": it is the same shot, not a new target of the turn
/// (SK-16.6-h); those in front of him were rolled for already, so nobody is "in the way"
/// (SK-12.2-f); and the aim was at the first target (SK-13.7-c, G-45).
pub(crate) fn continuing_mods(m: &mut Mods) {
    m.retain(|x| !matches!(x.id, "new-target" | "in-the-way" | "aim"));
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
    crate::geometry::line_steps(a.hex(), b.hex()).any(|step| step.cells().any(|c| c == p.hex()))
}

/// SK-17.5-c: the darkness penalty a flashlight lifts, recorded at 0 so the roll shows why.
fn lifted() -> Modifier {
    Modifier::applied(
        "flashlight",
        "darkness lifted by a flashlight",
        0,
        RuleId("SK-17.5-c"),
    )
}

pub fn dark(s: &State, f: &Figure) -> bool {
    s.rules.options.complete_darkness || s.terrain(f.pos).is_some_and(|t| t.dark)
}

fn on_broken(s: &State, f: &Figure) -> bool {
    s.terrain(f.pos)
        .is_some_and(|t| t.footing == crate::data::Footing::Broken)
}
