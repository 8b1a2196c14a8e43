//! The battle in words: one line per event, with every roll's make-up and rule IDs.

use crate::action::Defense;
use crate::event::{Check, Event, Wound};
use crate::state::{Cell, Held, Jam, ReadyWhat, State};
use crate::tables::{Malfunction, Posture};
use fireteam_engine::{count, Modifier, Outcome, UnitId};
use std::fmt::Write;

/// How a defense is named in the log.
pub fn defense_label(d: Defense) -> String {
    match d {
        Defense::None => "no defense".into(),
        Defense::Dodge {
            retreat,
            drop,
            acrobatic,
        } => {
            let mut s = String::from(if acrobatic {
                "acrobatic dodge"
            } else {
                "dodge"
            });
            if retreat {
                s.push_str(" and retreat");
            }
            if drop {
                s.push_str(" and drop");
            }
            s
        }
        Defense::Dive => "dive for cover".into(),
        Defense::Parry { retreat, .. } => {
            if retreat {
                "parry and retreat".into()
            } else {
                "parry".into()
            }
        }
        Defense::Block { retreat } => {
            if retreat {
                "block and retreat".into()
            } else {
                "block".into()
            }
        }
    }
}

/// A signed number with a true minus sign: `+3`, `−2`, `0`.
pub fn signed(n: i32) -> String {
    if n < 0 {
        format!("−{}", -n)
    } else {
        format!("+{n}")
    }
}

/// A wounding multiplier kept in halves (3 is ×1.5).
pub fn multiplier(halves: u32) -> String {
    if halves.is_multiple_of(2) {
        format!("×{}", halves / 2)
    } else {
        format!("×{}.5", halves / 2)
    }
}

/// A modifier as the log writes it: `range −3 [T3-RANGE-01]`; a step worth nothing is named
/// only (`average damage [T3-AUTOFIRE-03]`).
fn modifier(m: &Modifier) -> String {
    if !m.applied {
        return m.to_string();
    }
    if m.value == 0 {
        format!("{} [{}]", m.label, m.rule)
    } else {
        format!("{} {} [{}]", m.label, signed(m.value), m.rule)
    }
}

/// What a check is rolled against: `skill 14, range −3 [T3-RANGE-01], aim +6 [T3-AIM-01] → 17`.
pub fn make_up(c: &Check) -> String {
    // "HT (knockdown)" is rolled against HT: the line already says what the roll is for.
    let base = match c.what {
        "attack" | "feint" => "skill",
        w => w.split(" (").next().unwrap_or(w),
    };
    if c.modifiers.is_empty() {
        return format!("{base} {}", c.base);
    }
    let mut parts = vec![format!("{base} {}", c.base)];
    parts.extend(c.modifiers.iter().map(modifier));
    format!("{} → {}", parts.join(", "), c.value)
}

/// The dice of a check and what they came to: `rolled 4+3+5 = 12, made by 5`.
pub fn roll(c: &Check) -> String {
    let faces: Vec<String> = c.faces.iter().map(u32::to_string).collect();
    let result = match (c.success, c.auto) {
        (true, Some(why)) => format!("success ({why})"),
        (false, Some(why)) => format!("failure ({why})"),
        (true, None) => format!("made by {}", c.margin),
        (false, None) => format!("failed by {}", -c.margin),
    };
    format!("rolled {} = {}, {result}", faces.join("+"), c.total)
}

/// The whole line of a check: its make-up and its roll.
pub fn check_line(c: &Check) -> String {
    format!("{}; {}", make_up(c), roll(c))
}

/// T3-TAB-MALF's row for a roll.
fn malfunction_row(roll: u32) -> &'static str {
    match roll {
        0..=4 => "3-4",
        5..=8 => "5-8",
        9..=11 => "9-11",
        12..=14 => "12-14",
        _ => "15-18",
    }
}

fn malfunction_word(m: Malfunction) -> &'static str {
    match m {
        Malfunction::Broken => "broken: diagnose, then an hour's repair",
        Malfunction::Jammed => "jammed: diagnose, then 3 seconds to clear",
        Malfunction::OneShotThenJam => "one shot, then jammed",
        Malfunction::Explodes => "the weapon explodes",
    }
}

/// A wound's line: the roll, each step, DR with its parts, penetration, the multiplier with
/// its rule, the injury, and what beyond a limb's crippling minimum is ignored.
pub fn wound_line(who: &str, w: &Wound) -> String {
    let mut t = String::new();
    let Some(loc) = w.location else {
        // Damage from outside an attack: fire, an exploding weapon, a fall.
        let _ = write!(t, "{who} takes {} injury", w.injury);
        if !w.faces.is_empty() {
            let faces: Vec<String> = w.faces.iter().map(u32::to_string).collect();
            let sum: i32 = w.faces.iter().map(|&f| f as i32).sum();
            let adds = w.rolled - sum;
            let _ = write!(t, " (rolled {}", faces.join("+"));
            if adds != 0 {
                let _ = write!(t, " {}", signed(adds));
            }
            let _ = write!(t, " = {})", w.rolled);
        }
        let _ = write!(t, " [{}]", w.multiplier_rule);
        return t;
    };
    let _ = write!(t, "{who} is hit in the {loc}: ");
    if w.faces.is_empty() {
        let _ = write!(t, "damage {}", w.rolled);
    } else {
        let faces: Vec<String> = w.faces.iter().map(u32::to_string).collect();
        let sum: i32 = w.faces.iter().map(|&f| f as i32).sum();
        let adds = w.rolled - sum;
        let _ = write!(t, "damage {}", faces.join("+"));
        if adds != 0 {
            let _ = write!(t, " {}", signed(adds));
        }
        let _ = write!(t, " = {}", w.rolled);
    }
    for s in &w.steps {
        let _ = write!(t, ", {}", modifier(s));
    }
    if !w.steps.is_empty() || w.damage != w.rolled {
        let _ = write!(t, " → {}", w.damage);
    }
    if w.dr_parts.is_empty() {
        t.push_str("; no DR");
    } else {
        let parts: Vec<String> = w.dr_parts.iter().map(modifier).collect();
        let _ = write!(t, "; DR {} = {}", parts.join(", "), w.dr);
    }
    let _ = write!(
        t,
        "; {} penetrating {} [{}] → {} injury",
        w.penetrating,
        multiplier(w.multiplier),
        w.multiplier_rule,
        w.injury
    );
    if w.ignored > 0 {
        let _ = write!(
            t,
            " ({} more ignored beyond crippling [T3-CRIPPLE-02])",
            w.ignored
        );
    }
    t
}

/// A task of the Ready maneuver, in words.
fn task_words(s: &State, u: UnitId, what: ReadyWhat) -> String {
    let weapon = |slot: u8| s.rules.weapon(u, slot).name.clone();
    match what {
        ReadyWhat::Draw { slot } => format!("drawing the {}", weapon(slot)),
        ReadyWhat::Sheathe { slot } => format!("putting away the {}", weapon(slot)),
        ReadyWhat::PickUp { slot } => format!("picking up the {}", weapon(slot)),
        ReadyWhat::Diagnose { slot } => format!("diagnosing the {}", weapon(slot)),
        ReadyWhat::Clear { slot } => format!("clearing the {}", weapon(slot)),
        ReadyWhat::Extinguish => "putting out the fire".into(),
        ReadyWhat::Item { item, task } => format!("{} the {}", task.name(), item_name(s, u, item)),
    }
}

fn item_name(s: &State, u: UnitId, item: u8) -> String {
    s.character(u)
        .items
        .get(usize::from(item))
        .and_then(|&i| s.rules.items.get(i))
        .map_or_else(|| "item".to_string(), |i| i.name.clone())
}

fn cell(c: Cell) -> String {
    format!("{},{}", c.0, c.1)
}

/// One line for an event a person should read, naming fighters by name; None for bookkeeping
/// (work put aside and taken up, the next decision, the end of a turn).
///
/// The state may be later than the event (the front ends narrate a whole step's events after
/// applying them), so everything that changes is read from the event; the state gives names.
pub fn narrate(s: &State, e: &Event) -> Option<String> {
    let name = |u: UnitId| s.character(u).name.clone();
    let weapon = |u: UnitId, slot: u8| s.rules.weapon(u, slot).name.clone();
    Some(match e {
        Event::OrderSet { order, rolls } => {
            let names: Vec<String> = order.iter().map(|&u| name(u)).collect();
            let mut t = format!("Turn order: {}", names.join(", "));
            if !rolls.is_empty() {
                let r: Vec<String> = rolls
                    .iter()
                    .map(|&(u, n)| format!("{} {n}", name(u)))
                    .collect();
                let _ = write!(t, " (ties rolled off on 3d6: {})", r.join(", "));
            }
            t.push_str(" [T3-G02]");
            t
        }
        Event::SecondBegins { turn } => format!("── Second {turn} ──"),
        Event::TurnBegins { unit, shock } => {
            if *shock > 0 {
                format!(
                    "{}'s turn: shock {} to DX and IQ this turn [T3-SHOCK-01]",
                    name(*unit),
                    signed(-shock)
                )
            } else {
                format!("{}'s turn", name(*unit))
            }
        }
        Event::Skipped { unit } => format!("{} cannot act and is passed over", name(*unit)),
        Event::Crouched { unit, down: true } => {
            format!("{} crouches [T3-CROUCH-01]", name(*unit))
        }
        Event::Crouched { unit, down: false } => {
            format!("{} stands up straight [T3-CROUCH-01]", name(*unit))
        }
        Event::SteppedPosture { unit, to } => format!(
            "{} {} as the maneuver's step [T3-MOVE-01]",
            name(*unit),
            if *to == Posture::Kneeling {
                "kneels".to_string()
            } else {
                format!("rises to {}", to.name())
            }
        ),
        Event::ManeuverChosen {
            unit,
            maneuver,
            aod,
        } => match aod {
            Some(o) => format!(
                "{} chooses {} ({}) [T3-MANEUVER-14]",
                name(*unit),
                maneuver.name(),
                o.name()
            ),
            None => format!("{} chooses {}", name(*unit), maneuver.name()),
        },
        Event::Moved { unit, path, sprint } => {
            let (from, to) = (path.first()?, path.last()?);
            let yards = path.len().saturating_sub(1);
            format!(
                "{} moves {} {} → {}{}",
                name(*unit),
                count(yards as u32, "yard", "yards"),
                cell(*from),
                cell(*to),
                if *sprint {
                    ", sprinting [T3-MOVE-02]"
                } else {
                    ""
                }
            )
        }
        Event::FatigueLost { unit, fp, rule } => {
            format!("{} loses {fp} FP [{rule}]", name(*unit))
        }
        Event::PostureChanged { unit, to, rule } => {
            format!("{} is now {} [{rule}]", name(*unit), to.name())
        }
        Event::AimBuilt {
            unit,
            target,
            slot,
            seconds,
            braced,
        } => format!(
            "{} aims the {} at {}: {}{} [T3-AIM-01]",
            name(*unit),
            weapon(*unit, *slot),
            name(*target),
            count(*seconds, "second", "seconds"),
            if *braced {
                ", braced [T3-BRACE-01]"
            } else {
                ""
            }
        ),
        Event::AimLost { unit, rule } => format!("{} loses the aim [{rule}]", name(*unit)),
        Event::Evaluated {
            unit,
            target,
            count: n,
        } => format!(
            "{} evaluates {} ({}) [T3-MANEUVER-06]",
            name(*unit),
            name(*target),
            count(*n, "time", "times")
        ),
        Event::Rolled(c) => {
            let what = match c.what {
                "dodge" | "parry" | "block" => format!("{}s", c.what),
                w => format!("rolls {w}"),
            };
            format!("{} {what}: {} [{}]", name(c.unit), check_line(c), c.rule)
        }
        Event::AttackRolled {
            attacker,
            target,
            slot,
            location,
            shots,
            check,
            hits,
            torso_instead,
        } => {
            let w = s.rules.weapon(*attacker, *slot);
            let mut t = format!(
                "{} attacks {} with {} at {location}",
                name(*attacker),
                name(*target),
                w.name
            );
            if !w.melee && *shots > 1 {
                let _ = write!(t, " ({})", count(*shots, "shot", "shots"));
            }
            let _ = write!(t, ": {}", check_line(check));
            if *torso_instead {
                t.push_str(": the torso is hit instead [T3-HITLOC-05]");
            } else if *hits > 0 {
                let _ = write!(t, ": {}", count(*hits, "hit", "hits"));
            } else if !w.melee && check.total as u32 >= w.malf {
                let _ = write!(t, ": a malfunction (Malf {}) [T3-MALF-01]", w.malf);
            } else {
                t.push_str(": miss");
            }
            let _ = write!(t, " [{}]", check.rule);
            t
        }
        Event::Malfunctioned {
            unit,
            slot,
            faces,
            roll,
            effect,
            rule,
        } => {
            let f: Vec<String> = faces.iter().map(u32::to_string).collect();
            format!(
                "{}'s {} malfunctions: rolled {} = {roll}, T3-TAB-MALF row {}: {} [{rule}]",
                name(*unit),
                weapon(*unit, *slot),
                f.join("+"),
                malfunction_row(*roll),
                malfunction_word(*effect)
            )
        }
        Event::ShotsFired { unit, slot, shots } => format!(
            "{} fires {} from the {}",
            name(*unit),
            count(*shots, "round", "rounds"),
            weapon(*unit, *slot)
        ),
        Event::StrikeLost { attacker, target } => format!(
            "{}'s strike at {} is lost: out of reach, or the weapon failed",
            name(*attacker),
            name(*target)
        ),
        Event::WeaponChanged {
            unit,
            slot,
            held,
            jam,
        } => {
            let place = match held {
                Held::Ready => "ready",
                Held::Holstered => "put away",
                Held::Dropped => "dropped",
            };
            let condition = match jam {
                Jam::Ok => String::new(),
                Jam::Jammed { diagnosed: false } => ", jammed [T3-MALF-02]".into(),
                Jam::Jammed { diagnosed: true } => ", jammed, diagnosed [T3-MALF-03]".into(),
                Jam::Broken { diagnosed: false } => ", broken [T3-MALF-02]".into(),
                Jam::Broken { diagnosed: true } => ", broken, diagnosed [T3-MALF-03]".into(),
            };
            format!(
                "{}'s {}: {place}{condition}",
                name(*unit),
                weapon(*unit, *slot)
            )
        }
        Event::DefenseAwaited(p) => format!(
            "{} may defend against {} from {} [T3-DEFENSE-01]",
            name(p.strike.target),
            count(p.hits, "hit", "hits"),
            name(p.strike.attacker)
        ),
        Event::DefenseChosen { unit, kind, label } => match kind {
            None => format!("{} does not defend", name(*unit)),
            Some(_) => format!("{} chooses to {label}", name(*unit)),
        },
        Event::HitsStopped {
            unit,
            stopped,
            left,
        } => {
            if *left == 0 {
                format!(
                    "{} stops {} [T3-G17]",
                    name(*unit),
                    if *stopped == 1 {
                        "the hit".to_string()
                    } else {
                        format!("all {stopped} hits")
                    }
                )
            } else {
                format!(
                    "{} stops {}; {} still land [T3-G17]",
                    name(*unit),
                    count(*stopped, "hit", "hits"),
                    left
                )
            }
        }
        Event::Retreated { unit, to } => {
            format!("{} retreats to {} [T3-DEFENSE-08]", name(*unit), cell(*to))
        }
        Event::DroppedAgainst { unit, foe } => format!(
            "{} drops against {}'s fire until its next turn [T3-DEFENSE-07]",
            name(*unit),
            name(*foe)
        ),
        Event::Dived { unit, to } => format!(
            "{} dives for cover to {} [T3-DEFENSE-09]",
            name(*unit),
            cell(*to)
        ),
        Event::LocationRolled {
            target,
            faces,
            location,
        } => {
            let f: Vec<String> = faces.iter().map(u32::to_string).collect();
            format!(
                "hit location on {}: rolled {} → {location} [T3-HITLOC-03]",
                name(*target),
                f.join("+")
            )
        }
        Event::Wounded(w) => wound_line(&name(w.target), w),
        Event::CoverWorn {
            at,
            heavy,
            light,
            broken,
        } => {
            if *broken {
                format!("the glass at {} shatters [T3-COVER-08]", cell(*at))
            } else {
                format!(
                    "the cover at {} wears: {heavy} heavy, {light} light damage taken [T3-COVER-07]",
                    cell(*at)
                )
            }
        }
        Event::Crippled {
            unit,
            location,
            destroyed,
        } => format!(
            "{}'s {location} is {} [T3-CRIPPLE-01]",
            name(*unit),
            if *destroyed { "destroyed" } else { "crippled" }
        ),
        Event::Shock { unit, pending, cap } => format!(
            "{}: shock {} on the next turn (at most {}) [T3-SHOCK-01]",
            name(*unit),
            signed(-pending),
            signed(-cap)
        ),
        Event::KnockedDown { unit, unconscious } => format!(
            "{} is knocked down{} [T3-KNOCKDOWN-03]",
            name(*unit),
            if *unconscious {
                " and out"
            } else {
                " and stunned"
            }
        ),
        Event::Stunned { unit } => format!("{} is stunned [T3-STUN-01]", name(*unit)),
        Event::Recovered { unit } => format!("{} recovers from the stun [T3-STUN-01]", name(*unit)),
        Event::Unconscious { unit, rule } => {
            format!("{} falls unconscious [{rule}]", name(*unit))
        }
        Event::MortallyWounded { unit } => {
            format!("{} is mortally wounded [T3-HP-03]", name(*unit))
        }
        Event::Died { unit, rule } => format!("{} dies [{rule}]", name(*unit)),
        Event::DeathChecked { unit, multiple } => format!(
            "{} is down to −{}×HP: a death check [T3-HP-03]",
            name(*unit),
            multiple
        ),
        Event::Woke { unit } => format!("{} wakes [T3-G36]", name(*unit)),
        Event::Feinted {
            unit,
            target,
            penalty,
        } => {
            if *penalty > 0 {
                format!(
                    "{}'s feint: {} defends at {} against {} until the end of its next turn [T3-MANEUVER-08]",
                    name(*unit),
                    name(*target),
                    signed(-penalty),
                    name(*unit)
                )
            } else {
                format!(
                    "no feint penalty on {} from {} [T3-MANEUVER-08]",
                    name(*target),
                    name(*unit)
                )
            }
        }
        Event::OnFire { unit, level } => format!(
            "{}'s clothes catch fire{} [{}]",
            name(*unit),
            if *level >= 2 { ": wholly" } else { ": partly" },
            if *level >= 2 {
                "T3-BURN-02"
            } else {
                "T3-BURN-01"
            }
        ),
        Event::Extinguished { unit } => {
            format!("{} puts out the fire [T3-BURN-01]", name(*unit))
        }
        Event::ExtinguishProgress { unit, seconds } => format!(
            "{} works at the fire: {} [T3-BURN-02]",
            name(*unit),
            count(*seconds, "second", "seconds")
        ),
        Event::TaskSet { unit, task } => {
            let t = task.as_ref()?;
            format!(
                "{} is {}: {} to go [T3-READY-01]",
                name(*unit),
                task_words(s, *unit, t.what),
                count(t.left, "second", "seconds")
            )
        }
        Event::ItemReadied { unit, item } => format!(
            "{} readies the {} [T3-MANEUVER-17]",
            name(*unit),
            item_name(s, *unit, *item)
        ),
        Event::Concentration { unit, seconds } => {
            if *seconds == 0 {
                format!("{}'s concentration is broken [T3-MANEUVER-15]", name(*unit))
            } else {
                format!(
                    "{} concentrates: {} [T3-MANEUVER-15]",
                    name(*unit),
                    count(*seconds, "second", "seconds")
                )
            }
        }
        Event::ZoneSet(z) => format!(
            "{} lays down suppression fire with the {}: {} over {}, skill {} [T3-SUPPRESS-01]",
            name(z.shooter),
            weapon(z.shooter, z.slot),
            count(z.bullets, "round", "rounds"),
            count(z.cells.len() as u32, "hex", "hexes"),
            z.skill
        ),
        Event::ZoneHit { zone, unit, hits } => {
            if *hits > 0 {
                return None;
            }
            let shooter = s
                .zones
                .get(usize::from(*zone))
                .map_or_else(|| "a".to_string(), |z| format!("{}'s", name(z.shooter)));
            format!(
                "{} is in {shooter} suppression fire [T3-SUPPRESS-02]",
                name(*unit)
            )
        }
        Event::ZonesEnded { shooter } => {
            format!("{}'s suppression fire ends [T3-G21]", name(*shooter))
        }
        Event::WaitSet { unit, within } => format!(
            "{} waits for a foe within {} in sight [T3-MANEUVER-18]",
            name(*unit),
            count(u32::from(*within), "yard", "yards")
        ),
        Event::WaitTriggered { waiter, by } => format!(
            "{} springs {}'s Wait [T3-MANEUVER-18]",
            name(*by),
            name(*waiter)
        ),
        Event::WaitEnded { unit } => format!("{} stops waiting", name(*unit)),
        Event::Fell {
            unit,
            yards,
            counted,
        } => {
            if counted != yards {
                format!(
                    "{} falls {}, counted as {} [T3-FALL-01]",
                    name(*unit),
                    count(*yards, "yard", "yards"),
                    counted
                )
            } else {
                format!(
                    "{} falls {} [T3-FALL-01]",
                    name(*unit),
                    count(*yards, "yard", "yards")
                )
            }
        }
        Event::Recovery {
            unit,
            hp,
            prospect,
            rule,
        } => format!("{} (HP {hp}) {prospect} [{rule}]", name(*unit)),
        Event::Over { outcome } => match outcome {
            Outcome::Winner { side } => format!(
                "══ {} wins ══",
                s.rules
                    .sides
                    .get(usize::from(*side))
                    .map_or("?", String::as_str)
            ),
            Outcome::Draw => "══ The battle ends in a draw ══".to_string(),
        },
        Event::TurnEnds { .. }
        | Event::EvaluateSpent { .. }
        | Event::WorkPushed(_)
        | Event::WorkPopped
        | Event::Struck { .. }
        | Event::Await { .. } => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Location;
    use fireteam_engine::RuleId;
    use smallvec::smallvec;

    fn m(label: &'static str, value: i32, rule: &'static str) -> Modifier {
        Modifier::applied("x", label, value, RuleId(rule))
    }

    #[test]
    fn multipliers_are_kept_in_halves_and_numbers_carry_a_true_minus() {
        assert_eq!(multiplier(1), "×0.5");
        assert_eq!(multiplier(2), "×1");
        assert_eq!(multiplier(3), "×1.5");
        assert_eq!(multiplier(6), "×3");
        assert_eq!(signed(-3), "−3");
        assert_eq!(signed(6), "+6");
    }

    #[test]
    fn a_check_shows_its_make_up_and_its_faces() {
        let c = Check {
            unit: 0,
            what: "attack",
            base: 14,
            modifiers: vec![m("range", -3, "T3-RANGE-01"), m("aim", 6, "T3-AIM-01")],
            value: 17,
            faces: smallvec![4, 3, 5],
            total: 12,
            success: true,
            margin: 5,
            auto: None,
            rule: RuleId("T3-CHECKLIST-01"),
        };
        assert_eq!(
            check_line(&c),
            "skill 14, range −3 [T3-RANGE-01], aim +6 [T3-AIM-01] → 17; rolled 4+3+5 = 12, made by 5"
        );
        let crit = Check {
            success: false,
            margin: -1,
            total: 18,
            faces: smallvec![6, 6, 6],
            auto: Some("critical failure"),
            what: "dodge",
            base: 8,
            modifiers: vec![],
            value: 8,
            ..c
        };
        assert_eq!(
            check_line(&crit),
            "dodge 8; rolled 6+6+6 = 18, failure (critical failure)"
        );
    }

    #[test]
    fn a_wound_shows_roll_steps_dr_penetration_multiplier_and_ignored_injury() {
        let w = Wound {
            target: 1,
            location: Some(Location::RightArm),
            faces: smallvec![3, 4],
            rolled: 9,
            steps: vec![m("beyond 1/2D", -4, "T3-DAMAGE-01")],
            damage: 5,
            dr_parts: vec![m("armour", 2, "T3-DAMAGE-03")],
            dr: 2,
            penetrating: 3,
            multiplier: 3,
            multiplier_rule: RuleId("T3-TAB-WOUNDING"),
            injury: 4,
            ignored: 1,
        };
        assert_eq!(
            wound_line("Boris", &w),
            "Boris is hit in the right-arm: damage 3+4 +2 = 9, beyond 1/2D −4 [T3-DAMAGE-01] → 5; \
             DR armour +2 [T3-DAMAGE-03] = 2; 3 penetrating ×1.5 [T3-TAB-WOUNDING] → 4 injury \
             (1 more ignored beyond crippling [T3-CRIPPLE-02])"
        );
        let fire = Wound {
            location: None,
            faces: smallvec![5],
            rolled: 5,
            steps: vec![],
            damage: 1,
            dr_parts: vec![],
            dr: 0,
            penetrating: 1,
            multiplier: 2,
            multiplier_rule: RuleId("T3-BURN-01"),
            injury: 1,
            ignored: 0,
            ..w
        };
        assert_eq!(
            wound_line("Boris", &fire),
            "Boris takes 1 injury (rolled 5 = 5) [T3-BURN-01]"
        );
    }

    #[test]
    fn malfunction_rows_follow_the_table() {
        assert_eq!(malfunction_row(4), "3-4");
        assert_eq!(malfunction_row(10), "9-11");
        assert_eq!(malfunction_row(13), "12-14");
        assert_eq!(malfunction_row(17), "15-18");
    }
}
