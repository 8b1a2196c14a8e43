//! How a front end shows SKIRMISH: narration with every adjustment's rule ID, the viewer
//! header and roster ([`Present`]), and what the exact odds of an action report
//! ([`ActionOdds`]).

use crate::autoresult::ToHit;
use crate::event::{Effect, Event};
use crate::state::{Condition, MoveKind, Phase, State, WeaponState};
use crate::system::Skirmish;
use crate::text::FACINGS;
use crate::Action;
use fireteam_engine::serde_json::{self, json};
use fireteam_engine::{count, ActionOdds, Modifier, Present, RuleSystem, SideId, UnitId};
use std::fmt::Write;

fn name(s: &State, id: u16) -> &str {
    s.name(id)
}

/// One line per event that says something.
pub fn narrate(s: &State, e: &Event) -> Option<String> {
    let mut t = String::new();
    match e {
        Event::TurnBegan { turn } => {
            let _ = write!(t, "— Turn {turn} —");
        }
        Event::Initiative {
            rolls,
            winner,
            rule,
        } => {
            let _ = write!(t, "Initiative [{rule}]:");
            for (side, die, bonus) in rolls {
                let _ = write!(
                    t,
                    " {} {}{}",
                    s.rules.side_names[usize::from(*side)],
                    die,
                    if *bonus != 0 {
                        format!("{bonus:+}")
                    } else {
                        String::new()
                    }
                );
            }
            // ---- SK-9-b/c: the initiative given without a roll.
            match (winner, rule.0) {
                (Some(w), "SK-9-b") => {
                    let _ = write!(
                        t,
                        " {} surprises the others",
                        s.rules.side_names[usize::from(*w)]
                    );
                }
                (Some(w), "SK-9-c") => {
                    let _ = write!(t, " {} runs again", s.rules.side_names[usize::from(*w)]);
                }
                _ => {}
            }
            match winner {
                Some(w) => {
                    let _ = write!(t, " → {} wins", s.rules.side_names[usize::from(*w)]);
                }
                None => t.push_str(" → tie, roll again"),
            }
        }
        Event::MoveOrder { sides } => {
            let names: Vec<&str> = sides
                .iter()
                .map(|x| s.rules.side_names[usize::from(*x)].as_str())
                .collect();
            let _ = write!(t, "Movement order: {}", names.join(", "));
        }
        Event::ActionOrder { order } => {
            let parts: Vec<String> = order
                .iter()
                .map(|(f, d)| format!("{} ({d})", name(s, *f)))
                .collect();
            let _ = write!(t, "Action order by eDEX [SK-11-c]: {}", parts.join(", "));
        }
        Event::Moved {
            fig,
            path,
            facing,
            kind,
            engaged,
        } => {
            if path.len() <= 1 {
                return None;
            }
            // ---- G-41: up from a knee, then a Half Move or a Shift.
            let how = match kind {
                MoveKind::StandUpThenHalf => "stands up and moves".to_string(),
                MoveKind::StandUpThenShift => "stands up and shifts".to_string(),
                _ => format!("{kind:?}"),
            };
            let _ = write!(
                t,
                "{} {} {} hex{} to {} facing {}{}",
                name(s, *fig),
                how,
                path.len() - 1,
                if path.len() == 2 { "" } else { "es" },
                path.last().copied().unwrap_or(s.fig(*fig).pos),
                FACINGS[usize::from(*facing % 6)],
                if *engaged { ", engaged [SK-10-d]" } else { "" }
            );
        }
        Event::Posture { fig, posture, rule } => {
            let _ = write!(t, "{} is now {} [{rule}]", name(s, *fig), posture.name());
        }
        Event::Guarded { fig, guard } => {
            let _ = match guard {
                crate::state::Guard::Parry => write!(
                    t,
                    "{} parries with his other weapon [SK-6.5.3-b]",
                    name(s, *fig)
                ),
                crate::state::Guard::Set => {
                    write!(t, "{} sets his pole arm [SK-16.2-b]", name(s, *fig))
                }
                // ---- SK-11.6-a: the declared guard given up for another option.
                crate::state::Guard::None => write!(
                    t,
                    "{} gives up his guard for another option [SK-11.6-a]",
                    name(s, *fig)
                ),
                _ => write!(t, "{} {:?}s [SK-11.4-a]", name(s, *fig), guard),
            };
        }
        Event::Roll {
            attacker,
            target,
            kind,
            weapon_name,
            mode,
            rounds,
            dice,
            faces,
            total,
            base,
            modifiers,
            target_number,
            result,
            rule,
            bullets,
            avoid,
            ..
        } => {
            if *avoid {
                let e_dex = i32::from(*target_number) - Modifier::total(modifiers);
                let _ = write!(t, "  Roll to avoid {}: eDEX {e_dex}", name(s, *target));
                for m in modifiers.iter() {
                    let _ = write!(t, " {}", fmt_mod(m));
                }
                let _ = write!(
                    t,
                    " = {target_number}; {}d6 {:?} = {total} → {}{} [{rule}]",
                    dice,
                    faces.as_slice(),
                    if result.is_hit() {
                        "HIT instead"
                    } else {
                        "missed"
                    },
                    if *bullets > 1 {
                        format!(", {bullets} bullets [SK-16.6-g]")
                    } else {
                        String::new()
                    }
                );
                return Some(t);
            }
            let what = match mode {
                Some(crate::action::FireMode::Burst) => format!("a {rounds}-round burst"),
                Some(crate::action::FireMode::Auto) => {
                    format!("{} full auto", count(*rounds, "round", "rounds"))
                }
                Some(crate::action::FireMode::Power { dice }) => {
                    format!("a {dice}d6 lower-power shot [SK-16.8-b]")
                }
                _ => String::new(),
            };
            let verb = match kind {
                crate::event::AttackKind::Melee => "attacks",
                crate::event::AttackKind::Missile => "shoots at",
                crate::event::AttackKind::Thrown => "throws at",
                crate::event::AttackKind::Grenade => "throws",
                crate::event::AttackKind::Hth => "strikes hand to hand at",
            };
            let _ = write!(
                t,
                "{} {verb} {} with {}{}: DEX {}",
                name(s, *attacker),
                if attacker == target {
                    "a grenade".to_string()
                } else {
                    name(s, *target).to_string()
                },
                weapon_name,
                if what.is_empty() {
                    String::new()
                } else {
                    format!(" ({what})")
                },
                base
            );
            for m in modifiers.iter() {
                let _ = write!(t, " {}", fmt_mod(m));
            }
            let _ = write!(
                t,
                " = {target_number}; {dice}d6 {:?} = {total} → ",
                faces.as_slice()
            );
            let _ = match result {
                ToHit::Hit { mult, automatic } => write!(
                    t,
                    "{}HIT{}{}",
                    if *automatic { "automatic " } else { "" },
                    if *mult > 1 {
                        format!(" ×{mult} damage")
                    } else {
                        String::new()
                    },
                    if *bullets > 1 {
                        format!(", {bullets} bullets [SK-16.6-f]")
                    } else {
                        String::new()
                    }
                ),
                ToHit::Miss { automatic } => {
                    write!(t, "{}miss", if *automatic { "automatic " } else { "" })
                }
                ToHit::Dropped => write!(t, "miss, weapon DROPPED"),
                ToHit::Broken => write!(t, "miss, weapon BROKEN"),
            };
            let _ = write!(t, " [{rule}]");
        }
        Event::Damage {
            target,
            expr,
            faces,
            rolled,
            mult,
            armor,
            tough,
            taken,
            total,
            rule,
            ..
        } => {
            // Fixed hits (fire, molotovs) have no dice to show.
            let dice = if faces.is_empty() {
                String::new()
            } else {
                format!(" {:?} = {rolled}", faces.as_slice())
            };
            let _ = write!(
                t,
                "  damage {expr}{dice}{} − armor {armor}{} → {taken} to {} (total {total}, STR {}) [{rule}]",
                if *mult > 1 { format!(" ×{mult}") } else { String::new() },
                if *tough > 0 { format!(" − Tough {tough}") } else { String::new() },
                name(s, *target),
                s.fig(*target).st - total
            );
        }
        Event::Effect { fig, effect, rule } => {
            let what = match effect {
                Effect::Shaken { .. } => "takes −2 eDEX for a turn (5+ damage)".to_string(),
                Effect::Fell => "falls down".to_string(),
                Effect::MovedBack { to } => format!("is moved back to {to}"),
                Effect::Unconscious => "falls unconscious".to_string(),
                Effect::Dead => "is dead".to_string(),
                Effect::WeaponDropped { .. } => "drops his weapon".to_string(),
                Effect::WeaponThrown { to, .. } => format!("'s weapon lands at {to}"),
                Effect::WeaponBroken { permanent, .. } => format!(
                    "'s weapon is {}",
                    if *permanent {
                        "broken for good"
                    } else {
                        "broken until repaired"
                    }
                ),
                Effect::Jammed { .. } => "'s weapon jams".to_string(),
                Effect::Burning { turns: 0 } => "'s fire burns out".to_string(),
                Effect::Burning { turns } => {
                    format!("is on fire ({} left)", count(*turns, "turn", "turns"))
                }
                Effect::ClubCracked { .. } => "'s club takes its first 18".to_string(),
                Effect::AimLost => "loses his aim".to_string(),
                Effect::Stunned => "is knocked down for two turns".to_string(),
                Effect::Gassed => "breathes tear gas (−4 DEX)".to_string(),
                Effect::HeadHit { .. } => "is hit in the head: −4 DEX next turn".to_string(),
                Effect::ArmOut { arm } => format!(
                    "'s {} is out of use",
                    crate::aftermath::injuries::limb_name(*arm)
                ),
                Effect::LegHit { out, .. } => {
                    if *out {
                        "'s leg is out: MOV 0".to_string()
                    } else {
                        "drops to one knee".to_string()
                    }
                }
                Effect::Floating { on: true } => "loses his footing and floats".to_string(),
                Effect::Floating { on: false } => "regains his footing".to_string(),
                // ---- weapons and melee
                Effect::BrokenAsWeapon { slot } => format!(
                    "'s {} is broken as a weapon; it can still parry",
                    slot_name(s, *fig, *slot)
                ),
                Effect::DrawsNextTurn { slot } => {
                    format!(
                        "will have his {} ready next turn",
                        slot_name(s, *fig, *slot)
                    )
                }
                Effect::DrawnInHth { slot } => {
                    format!("has his {} ready", slot_name(s, *fig, *slot))
                }
                Effect::DrawCalledOff { slot } => format!(
                    "has no hand left to draw his {}: it stays on his belt",
                    slot_name(s, *fig, *slot)
                ),
                // ---- fire (§16.11, §16.12)
                Effect::OnFire {
                    extent: crate::state::Blaze::None,
                    ..
                } => "'s fire is out".to_string(),
                Effect::OnFire { extent, ran } => format!(
                    "is on fire: {}{}",
                    extent.name(),
                    if *ran { " (fanned by running)" } else { "" }
                ),
                Effect::MustRun => "panics and must run this turn".to_string(),
                Effect::MustLeave => "must leave the burning hex this turn".to_string(),
                Effect::Rolling => "stops, drops and rolls".to_string(),
                Effect::SoakIncendiary => {
                    "is soaked in incendiary that cannot be put out".to_string()
                }
                Effect::FireOut => "'s fires are put out".to_string(),
                Effect::ItemSpent { item } => {
                    format!("uses up his {}", item.id().replace('_', " "))
                }
                Effect::Blinded => "is blinded by the flash: −4 DEX for good".to_string(),
                // ---- sword batteries (SK-15.1-a)
                Effect::BatteryDead { slot } => format!(
                    "'s {} has run its battery flat: no blade until a new one is put in",
                    slot_name(s, *fig, *slot)
                ),
                // ---- microgravity and vacuum (§17.10, §17.11)
                Effect::FloatedAway => "floats off into space, lost to the battle".to_string(),
                Effect::Leak { leaks: 1, .. } => "'s suit is holed: a leak".to_string(),
                Effect::Leak { leaks, .. } => format!("'s suit is holed: {leaks} leaks open"),
                Effect::Patching => "spends the turn patching a leak".to_string(),
                Effect::Patched { leaks } => {
                    format!("patches a leak: {leaks} still open")
                }
                Effect::LeakTurns { turns: 0 } => "has no leak left open".to_string(),
                Effect::LeakTurns { turns: 1 } => "has had a leak open a whole turn".to_string(),
                Effect::LeakTurns { turns } => {
                    format!("has had a leak open {turns} turns running")
                }
                // ---- after the battle (§19.3)
                Effect::Beaten => "has lost the practice on recorded hits".to_string(),
                // ---- lasting injuries (§21.4-e/f)
                Effect::LimbLost { limb } => format!(
                    "loses his {} for good",
                    crate::aftermath::injuries::limb_name(*limb)
                ),
                // ---- hand to hand (§16.15.6)
                Effect::Held { by } => format!("is held by {}", name(s, *by)),
                Effect::BrokeAway => "breaks away from the hold".to_string(),
                Effect::Subdued => "is subdued, out of the fight".to_string(),
            };
            let sep = if what.starts_with('\'') { "" } else { " " };
            let _ = write!(t, "  {}{sep}{what} [{rule}]", name(s, *fig));
        }
        // SK-14.3-g: the roll for switching an energy shield on is part of its hidden setting.
        Event::Check {
            what: "shield-holds",
            ..
        } => return None,
        Event::Check {
            fig,
            what,
            dice,
            faces,
            total,
            target,
            success,
            rule,
        } => {
            // A check read by its total only (fire, SK-16.11) has no faces.
            let faces = if faces.is_empty() {
                String::new()
            } else {
                format!(" {:?}", faces.as_slice())
            };
            let _ = write!(
                t,
                "  {} {what} check: {dice}d6{faces} = {total} vs {target} → {} [{rule}]",
                name(s, *fig),
                if *success { "success" } else { "failure" }
            );
        }
        Event::Aimed { fig, target, turns } => {
            let _ = write!(
                t,
                "{} aims at {} ({turns} turn{}) [SK-13.7-c]",
                name(s, *fig),
                name(s, *target),
                if *turns == 1 { "" } else { "s" }
            );
        }
        Event::Readied { fig, .. } => {
            let _ = write!(t, "{} readies a weapon [SK-11.7.4-a]", name(s, *fig));
        }
        Event::Reloaded { fig, rounds, .. } => {
            let _ = write!(
                t,
                "{} reloads ({}) [G-73]",
                name(s, *fig),
                count(*rounds, "round", "rounds")
            );
        }
        Event::PickedUp { fig, slot } if *slot == crate::state::SHIELD_SLOT => {
            let _ = write!(t, "{} picks up his shield [SK-11.8.3-a]", name(s, *fig));
        }
        // ---- hand to hand (§11.9.2): his own weapon picked up in the brawl.
        Event::PickedUp { fig, slot } if s.fig(*fig).in_hth => {
            let _ = write!(
                t,
                "{} picks up his {} in the brawl [SK-11.9.2-a]",
                name(s, *fig),
                slot_name(s, *fig, *slot)
            );
        }
        Event::PickedUp { fig, .. } => {
            let _ = write!(t, "{} picks up his weapon [SK-11.8.3-a]", name(s, *fig));
        }
        Event::Disengaged { fig, to } => {
            let _ = write!(t, "{} disengages to {to} [SK-11.5-a]", name(s, *fig));
        }
        Event::HthBegan {
            attacker, defender, ..
        } => {
            let _ = write!(
                t,
                "{} and {} are in hand-to-hand combat [SK-16.15.3-b]",
                name(s, *attacker),
                name(s, *defender)
            );
        }
        Event::HthEnded { fig, to } => {
            let _ = write!(t, "{} breaks free to {to}", name(s, *fig));
        }
        Event::HthReaction {
            defender,
            die,
            modifier,
            result,
            ..
        } => {
            let _ = write!(
                t,
                "  {}'s reaction: 1d6 {die}{:+} = {result} [SK-16.15.3-T1]",
                name(s, *defender),
                modifier
            );
        }
        Event::Pushed {
            fig,
            victim,
            to,
            follow,
        } => {
            let _ = write!(
                t,
                "{} forces {} back to {to}{} [SK-12.5-a]",
                name(s, *fig),
                name(s, *victim),
                if *follow { " and follows" } else { "" }
            );
        }
        Event::GrenadeLanded {
            at,
            scatter,
            next_movement,
            ..
        } => {
            let _ = match scatter {
                Some((dir, hexes)) => write!(
                    t,
                    "  it scatters {hexes} hex(es) in direction {dir} to {at} [SK-16.12-c]"
                ),
                None => write!(t, "  it lands at {at}"),
            };
            if *next_movement {
                t.push_str(", set to go off after the next movement phase [SK-16.12-g]");
            }
        }
        Event::Exploded { at, weapon_name } => {
            let _ = write!(t, "The {weapon_name} goes off at {at}");
        }
        Event::TurnEnded { .. } => return None,
        // ---- fire (§16.11, §16.12, §16.13)
        Event::Burn {
            fig,
            what,
            expr,
            rolled,
            hits,
            rule,
        } => {
            let _ = write!(
                t,
                "  {} {what}: {expr}{} = {} of fire [{rule}]",
                name(s, *fig),
                if expr.dice > 0 {
                    format!(" (rolled {rolled})")
                } else {
                    String::new()
                },
                count(*hits, "hit", "hits")
            );
        }
        Event::FlameBurst {
            fig,
            target,
            large,
            hit,
            hexes,
        } => {
            let list: Vec<String> = hexes.iter().map(|p| p.to_string()).collect();
            let _ = write!(
                t,
                "  {}'s {} burst lands {} {}: fire at {} [SK-16.13-c]",
                name(s, *fig),
                if *large { "large" } else { "small" },
                if *hit { "on" } else { "beside" },
                name(s, *target),
                list.join(" ")
            );
        }
        Event::FireLit { at, turns, .. } => {
            let _ = write!(
                t,
                "  fire burns at {at} for {} [SK-16.12-j]",
                count(*turns, "turn", "turns")
            );
        }
        Event::FireOut { at } => {
            let _ = write!(t, "  the fire at {at} is put out [SK-16.12-k]");
        }
        Event::Location {
            fig,
            location,
            aimed,
            roll,
        } => {
            let _ = write!(
                t,
                "  {} {}'s {}{} [SK-21.4-{}]",
                if *aimed {
                    "aimed at"
                } else {
                    "critical hit in"
                },
                name(s, *fig),
                crate::aftermath::injuries::limb_name(*location),
                roll.map_or(String::new(), |r| format!(" (2d6 {r})")),
                if *aimed { "c" } else { "b" }
            );
        }
        Event::Recovered { fig, amount, woke } => {
            let _ = write!(
                t,
                "  {} recovers {amount} nonlethal{} [SK-21.3-e]",
                name(s, *fig),
                if *woke { " and wakes up" } else { "" }
            );
        }
        Event::Covering { fig, at } => {
            let _ = match at {
                Some(p) => write!(
                    t,
                    "{} covers {p} with opportunity fire [SK-21.8-a]",
                    name(s, *fig)
                ),
                None => write!(t, "{} fires from cover [SK-21.8-b]", name(s, *fig)),
            };
        }
        Event::Breathing { fig } => {
            let _ = write!(t, "{} takes a breather [SK-21.3-e]", name(s, *fig));
        }
        // ---- weapons and melee
        Event::Contest {
            what,
            attacker,
            defender,
            won,
            rule,
        } => {
            let _ = write!(
                t,
                "  {what}: {} {} {} {}",
                contest_side(s, attacker),
                if *won { "beats" } else { "does not beat" },
                contest_side(s, defender),
                format_args!("[{rule}]")
            );
        }
        Event::HthOffered { attacker, defender } => {
            let _ = write!(
                t,
                "{} tries to go hand to hand with {}, who is asked whether he wants it too [SK-16.15.3-a]",
                name(s, *attacker),
                name(s, *defender)
            );
        }
        Event::Bayonet {
            fig,
            knife,
            rifle,
            fixed,
            ..
        } => {
            let _ = if *fixed {
                write!(
                    t,
                    "{} fixes a bayonet to the {} [SK-16.3-a]",
                    name(s, *fig),
                    slot_name(s, *fig, *rifle)
                )
            } else {
                write!(
                    t,
                    "{} takes the bayonet off; the {} is a knife again [SK-16.3-a]",
                    name(s, *fig),
                    slot_name(s, *fig, *knife)
                )
            };
        }
        Event::Exchanged {
            fig, with, rule, ..
        } => {
            let _ = if rule.0 == "SK-16.15.7-b" {
                write!(
                    t,
                    "{} takes {}'s weapon [{rule}]",
                    name(s, *fig),
                    name(s, *with)
                )
            } else {
                write!(
                    t,
                    "{} and {} exchange weapons [{rule}]",
                    name(s, *fig),
                    name(s, *with)
                )
            };
        }
        Event::StrikesFirst { fig, first } => {
            let _ = if *first {
                write!(
                    t,
                    "{}'s bayonet strikes before any other weapon [SK-16.3-d]",
                    name(s, *fig)
                )
            } else {
                write!(t, "{} waits for his own turn [SK-16.3-d]", name(s, *fig))
            };
        }
        Event::Hands {
            fig,
            off_hand,
            shield_at,
            rule,
        } => {
            let other = match off_hand {
                Some(k) => format!("the {} in his other hand", slot_name(s, *fig, *k)),
                None => "nothing in his other hand".to_string(),
            };
            let shield = if s.fig(*fig).shield.is_some() {
                match shield_at {
                    crate::state::ShieldAt::Hand => ", his shield in hand",
                    crate::state::ShieldAt::Back => ", his shield slung on his back",
                    crate::state::ShieldAt::Ground => ", his shield on the ground",
                }
            } else {
                ""
            };
            let _ = write!(t, "{} has {other}{shield} [{rule}]", name(s, *fig));
        }
        Event::HthAnswered {
            defender, accepted, ..
        } => {
            let _ = write!(
                t,
                "{} {} [SK-16.15.3-a]",
                name(s, *defender),
                if *accepted {
                    "wants hand to hand too"
                } else {
                    "refuses hand to hand"
                }
            );
        }
        // ---- ranged fire (§13.8, §16.6, §16.15.3, §21.5, §21.8)
        Event::BrawlPick {
            picked,
            among,
            die,
            rule,
            ..
        } => {
            let _ = write!(
                t,
                "  Among {among} in the brawl, the die ({die}) picks {} [{rule}]",
                name(s, *picked)
            );
        }
        Event::Sweep {
            fig,
            from,
            to,
            reached,
            penalty,
        } => {
            let names: Vec<&str> = reached.iter().map(|f| name(s, *f)).collect();
            let _ = write!(
                t,
                "{} sweeps full auto from {} to {}, reaching {} ({penalty:+} on each roll) [SK-16.6-j]",
                name(s, *fig),
                name(s, *from),
                name(s, *to),
                names.join(", ")
            );
        }
        Event::Suppressing { fig, at, shots } => {
            let _ = match at {
                Some(p) => write!(
                    t,
                    "{} lays suppression fire on {p}, {shots} shot{} left [SK-21.8-g]",
                    name(s, *fig),
                    if *shots == 1 { "" } else { "s" }
                ),
                None => write!(
                    t,
                    "{}'s suppression fire is over [SK-21.8-g]",
                    name(s, *fig)
                ),
            };
        }
        Event::QuickDraw {
            first,
            second,
            margins,
        } => {
            let _ = write!(
                t,
                "Quick draw at the same eDEX: {} (margin {:+}) fires before {} ({:+}) [SK-21.5-c]",
                name(s, *first),
                margins.0,
                name(s, *second),
                margins.1
            );
        }
        Event::BattleOver { outcome } => {
            let _ = match outcome {
                fireteam_engine::Outcome::Winner { side } => {
                    write!(t, "{} wins.", s.rules.side_names[usize::from(*side)])
                }
                fireteam_engine::Outcome::Draw => write!(t, "The battle is a draw."),
            };
        }
        // ---- movement over terrain (SK-10.2 … SK-10.6, SK-12.5-c)
        Event::Jumped {
            fig,
            from,
            to,
            width,
            effective,
            rule,
        } => {
            let _ = write!(
                t,
                "  {} jumps from {from} over {width} hex{}{} to {to} [{rule}]",
                name(s, *fig),
                if *width == 1 { "" } else { "es" },
                if effective != width {
                    format!(" (counting {effective} under gravity)")
                } else {
                    String::new()
                }
            );
        }
        Event::FellInto {
            fig,
            at,
            depth_dm,
            rule,
        } => {
            let _ = if *depth_dm == 0 {
                write!(t, "  {} falls down at {at} [{rule}]", name(s, *fig))
            } else {
                write!(
                    t,
                    "  {} falls {}.{} m into {at} [{rule}]",
                    name(s, *fig),
                    depth_dm / 10,
                    depth_dm % 10
                )
            };
        }
        Event::Climbed {
            fig,
            metres,
            out,
            rule,
        } => {
            let _ = match out {
                Some(to) => write!(t, "{} climbs out to {to} [{rule}]", name(s, *fig)),
                None => write!(t, "{} has climbed {metres} m [{rule}]", name(s, *fig)),
            };
        }
        // ---- hand to hand (§11.9.2): a weapon picked up in the brawl.
        Event::Grabbed {
            fig,
            owner,
            slot,
            rule,
            ..
        } if rule.0 == "SK-11.9.2-a" => {
            let _ = write!(
                t,
                "  {} picks up {}'s {} in the brawl [{rule}]",
                name(s, *fig),
                name(s, *owner),
                slot_name(s, *owner, *slot)
            );
        }
        Event::Grabbed { fig, at, rule, .. } => {
            let _ = write!(
                t,
                "  {} grabs the weapon at {at} on the run [{rule}]",
                name(s, *fig)
            );
        }
        Event::MovSpent { fig, mov, rule } => {
            let _ = write!(t, "  {} spends {mov} more MOV [{rule}]", name(s, *fig));
        }
        Event::StoodFast { fig, rule } => {
            let _ = write!(
                t,
                "  {} keeps his place rather than retreat into danger [{rule}]",
                name(s, *fig)
            );
        }
        // ---- energy weapons, shields, protective gear, smoke and gas
        Event::CloudChanged { cloud, gone, rule } => {
            let kind = match cloud.kind {
                crate::state::CloudKind::Smoke => "smoke",
                crate::state::CloudKind::TearGas => "tear gas",
                crate::state::CloudKind::AntiLaser => "anti-laser smoke",
            };
            let _ = if *gone {
                write!(t, "  The {kind} cloud at {} clears [{rule}]", cloud.center)
            } else {
                write!(
                    t,
                    "  {}{kind} cloud at {}, radius {}{} [{rule}]",
                    if cloud.radius == 0 && cloud.grenade {
                        "A "
                    } else {
                        "The "
                    },
                    cloud.center,
                    cloud.radius,
                    if cloud.grenade {
                        ""
                    } else {
                        ", its grenade gone or burned out"
                    }
                )
            };
        }
        // SK-14.3-g: a shield's setting and kind stay hidden until someone fires into it.
        Event::ShieldSet { fig, .. } => {
            let _ = write!(
                t,
                "{} writes down his energy shield's setting [SK-14.3-g]",
                name(s, *fig)
            );
        }
        Event::ShieldBroken { fig, rule } => {
            if rule.0 == "SK-14.3-e" {
                // Broken as it was switched on: part of the hidden setting.
                return None;
            }
            let _ = write!(t, "  {}'s energy shield breaks [{rule}]", name(s, *fig));
        }
        Event::Shielded {
            target,
            by,
            r,
            rule,
        } => {
            let what = match by {
                crate::event::Shielder::Worn => format!("{}'s shielding", name(s, *target)),
                crate::event::Shielder::Cloud { kind, .. } => match kind {
                    crate::state::CloudKind::AntiLaser => "the anti-laser smoke".to_string(),
                    _ => "the smoke cloud".to_string(),
                },
                crate::event::Shielder::Field { wearer, kind } => {
                    format!(
                        "{}'s energy shield, a {} that is on,",
                        name(s, *wearer),
                        kind.name()
                    )
                }
            };
            let _ = if *r == 0 {
                write!(t, "  {what} meets the shot [{rule}]")
            } else {
                write!(
                    t,
                    "  {what} takes {} off the shot [{rule}]",
                    count(*r, "die", "dice")
                )
            };
        }
        Event::Reflected {
            wearer,
            firer,
            target,
            rule,
        } => {
            let _ = write!(
                t,
                "  {}'s Reflector sends the hit on {} back to {} at half damage [{rule}]",
                name(s, *wearer),
                name(s, *target),
                name(s, *firer)
            );
        }
        Event::PowerLeft { fig, dice } => {
            let _ = write!(
                t,
                "  {} has {dice}d6 of power left this turn [SK-16.8-b]",
                name(s, *fig)
            );
        }
        Event::PackSpent { fig, dice } => {
            let _ = write!(
                t,
                "  {}'s battery pack gives {} ({} left) [SK-15.1-b]",
                name(s, *fig),
                count(*dice, "die", "dice"),
                s.fig(*fig).pack_dice
            );
        }
        Event::PackMoved { fig, slot } => {
            let w = s.fig(*fig).weapons[usize::from(*slot)].map_or("weapon", |w| {
                s.rules.weapons[usize::from(w.weapon)].name.as_str()
            });
            let _ = write!(
                t,
                "{} moves his battery pack to the {w} [SK-15.1-b]",
                name(s, *fig)
            );
        }
        Event::Light { fig, on } => {
            let _ = write!(
                t,
                "{} switches {} his flashlight [SK-17.5-c]",
                name(s, *fig),
                if *on { "on" } else { "off" }
            );
        }
        Event::Mask { fig, on } => {
            let _ = write!(
                t,
                "{} {} his gas mask [SK-16.12-v]",
                name(s, *fig),
                if *on { "puts on" } else { "takes off" }
            );
        }
        Event::Holding { fig, grenade, rule } => {
            let _ = match grenade {
                Some(h) => write!(
                    t,
                    "  {} holds the burning {} ({} burned) [{rule}]",
                    name(s, *fig),
                    s.rules.weapons[usize::from(h.weapon)].name,
                    count(h.age, "turn", "turns")
                ),
                None => write!(
                    t,
                    "  {} no longer holds the burning grenade [{rule}]",
                    name(s, *fig)
                ),
            };
        }
        // ---- order of the turn, awareness, fatigue (§6.3.8, §9, §10, §11.6, §21.3)
        Event::Surprised { fig, on, rule } => {
            let _ = match (on, rule.0) {
                (true, _) => write!(
                    t,
                    "  {} is caught by surprise: no threat zone this turn [{rule}, SK-8.1-b]",
                    name(s, *fig)
                ),
                (false, "SK-6.3.1-a") => {
                    write!(t, "  {} notices the ambush [{rule}]", name(s, *fig))
                }
                (false, _) => write!(t, "  {} is no longer surprised [{rule}]", name(s, *fig)),
            };
        }
        Event::Runs { side, again } => {
            let _ = write!(
                t,
                "{} {} [SK-9-c]",
                s.rules.side_names[usize::from(*side)],
                if *again {
                    "ran last turn and runs again: it has the initiative, and its figures only run"
                } else {
                    "ran last turn and turns to fight: the initiative is rolled"
                }
            );
        }
        Event::Chase { chases, order } => {
            for (quarry, pursuer) in chases {
                let _ = write!(
                    t,
                    "{} chases {}, who moves first; ",
                    name(s, *pursuer),
                    name(s, *quarry)
                );
            }
            let names: Vec<&str> = order.iter().map(|f| name(s, *f)).collect();
            let _ = write!(t, "movement order: {} [SK-10-e]", names.join(", "));
        }
        Event::FigureOrder { figures } => {
            let names: Vec<&str> = figures.iter().map(|f| name(s, *f)).collect();
            let _ = write!(t, "Movement order: {}", names.join(", "));
        }
        Event::Hidden {
            fig,
            hidden,
            by,
            rule,
        } => {
            let _ = match (hidden, by) {
                (true, _) => write!(
                    t,
                    "  {} is out of sight and unheard: hidden from the enemy [{rule}]",
                    name(s, *fig)
                ),
                (false, Some(b)) if rule.0 == "SK-6.3.8-c" || rule.0 == "SK-6.3.8-b" => write!(
                    t,
                    "  {} is heard by {}: no longer hidden [{rule}]",
                    name(s, *fig),
                    name(s, *b)
                ),
                (false, Some(b)) => write!(
                    t,
                    "  {} is found by {}: no longer hidden [{rule}]",
                    name(s, *fig),
                    name(s, *b)
                ),
                (false, None) => write!(
                    t,
                    "  {} gives himself away by attacking: no longer hidden [{rule}]",
                    name(s, *fig)
                ),
            };
        }
        Event::Hearing {
            listener,
            fig,
            dice,
            faces,
            total,
            int,
            stealth,
            heard,
            rule,
        } => {
            let _ = write!(
                t,
                "  {} listens for {}: {dice}d6 {:?} = {total} vs INT {int}{} → {} [{rule}]",
                name(s, *listener),
                name(s, *fig),
                faces.as_slice(),
                stealth.map_or(String::new(), |m| format!(
                    ", margin {} against his Stealth margin {m}",
                    i32::from(*int) - total
                )),
                if *heard { "heard" } else { "not heard" }
            );
        }
        Event::Listening { fig } => {
            let _ = write!(t, "{} listens [SK-6.3.8-b]", name(s, *fig));
        }
        Event::Fatigued { fig, amount, rule } => {
            let _ = write!(
                t,
                "  {} tires: {amount} nonlethal of fatigue [{rule}]",
                name(s, *fig)
            );
        }
        // ---- microgravity (§17.10, G-54)
        Event::TetherShot {
            attacker,
            target,
            weapon_name,
            faces,
            total,
            modifiers,
            target_number,
            result,
            ..
        } => {
            let _ = write!(
                t,
                "  {} attacks {}'s tether with the {weapon_name}: {faces:?} = {total} against {target_number} ({}) → {} [SK-17.10-k]",
                name(s, *attacker),
                name(s, *target),
                modifiers
                    .iter()
                    .map(|m| format!("{} {:+}", m.id, m.value))
                    .collect::<Vec<_>>()
                    .join(", "),
                if result.is_hit() { "hit" } else { "miss" }
            );
        }
        Event::TetherHit {
            fig,
            hits,
            total,
            cut,
        } => {
            let _ = write!(
                t,
                "  {}'s tether takes {} ({total} of 25){} [SK-17.10-k]",
                name(s, *fig),
                count(*hits, "hit", "hits"),
                if *cut { " and parts" } else { "" }
            );
        }
        Event::Drift {
            fig,
            speed_q,
            dir,
            rule,
            ..
        } => {
            let _ = if *speed_q == 0 {
                write!(t, "  {} stops drifting [{rule}]", name(s, *fig))
            } else {
                write!(
                    t,
                    "  {} now drifts {} at {} a turn [{rule}]",
                    name(s, *fig),
                    FACINGS[usize::from(*dir % 6)],
                    quarters(*speed_q)
                )
            };
        }
        Event::Drifted {
            fig,
            path,
            speed_q,
            dir,
            rule,
            ..
        } => {
            let (from, to) = (path[0], path[path.len() - 1]);
            let _ = if from == to {
                write!(
                    t,
                    "  {} drifts {} at {} a turn, still in {from} [{rule}]",
                    name(s, *fig),
                    FACINGS[usize::from(*dir % 6)],
                    quarters(*speed_q)
                )
            } else {
                write!(
                    t,
                    "  {} drifts {} from {from} to {to} at {} a turn [{rule}]",
                    name(s, *fig),
                    FACINGS[usize::from(*dir % 6)],
                    quarters(*speed_q)
                )
            };
        }
        // ---- hand to hand and the arena (§11.9, §16.15.6, §19.1)
        Event::HthOver { fig, rule } => {
            let _ = write!(
                t,
                "  {} has no foe left in the brawl: out of hand to hand [{rule}]",
                name(s, *fig)
            );
        }
        Event::Escaped { fig, at, rule } => {
            let _ = write!(
                t,
                "{} escapes from the arena through the entrance at {at} [{rule}]",
                name(s, *fig)
            );
        }
        // ---- shots and fire (SK-16.6-a, SK-14.3-a, SK-16.12-m)
        Event::FireModeSwitched {
            fig,
            mode,
            shots,
            rule,
        } => {
            let rest = match mode {
                crate::action::FireMode::Burst => format!("bursts ({shots} this turn)"),
                crate::action::FireMode::Auto => {
                    format!("full auto ({})", count(*shots, "round", "rounds"))
                }
                _ => format!("single shots ({shots} this turn)"),
            };
            let _ = write!(t, "  {} switches to {rest} [{rule}]", name(s, *fig));
        }
        Event::FireShielded {
            fig,
            r,
            dice,
            hits,
            rule,
        } => {
            let _ = if *dice > 0 {
                write!(
                    t,
                    "  R{r} shielding takes {} off the fire on {} [{rule}]",
                    count(*dice, "die", "dice"),
                    name(s, *fig)
                )
            } else {
                write!(
                    t,
                    "  R{r} shielding stops {hits} of the fire's hits on {} [{rule}]",
                    name(s, *fig)
                )
            };
        }
        Event::FireArmor { fig, stopped, rule } => {
            let _ = write!(
                t,
                "  {}'s armor has stopped {stopped} fire hits this turn; later ones meet only what is left [{rule}]",
                name(s, *fig)
            );
        }
        // ---- after the battle (§6.5.1, §6.8.1, §15.1, §19, §21.7)
        Event::PracticeHit { .. }
        | Event::Aftermath { .. }
        | Event::Healed { .. }
        | Event::Credits { .. }
        | Event::Experience { .. }
        | Event::ItemWon { .. }
        | Event::Recharge { .. }
        | Event::ArmorRepair { .. } => return crate::aftermath::narrate(s, e),
        // ---- lasting injuries (§5, §21.4-e/f, §21.6-e)
        Event::LimbHealed { .. } | Event::PermanentLoss { .. } | Event::Attributes { .. } => {
            return crate::aftermath::narrate(s, e)
        }
        _ => return None,
    }
    Some(t)
}

/// A speed in quarter-hexes as hexes: `1/4 hex`, `1 hex`, `1 1/4 hexes`, `3 hexes` (G-54).
fn quarters(q: u8) -> String {
    let (whole, part) = (q / 4, q % 4);
    let frac = ["", "1/4", "1/2", "3/4"][usize::from(part)];
    let n = match (whole, part) {
        (w, 0) => w.to_string(),
        (0, _) => frac.to_string(),
        (w, _) => format!("{w} {frac}"),
    };
    format!("{n} {}", if q <= 4 { "hex" } else { "hexes" })
}

/// A weapon slot's name, for narration.
fn slot_name(s: &State, fig: u16, slot: u8) -> String {
    s.fig(fig).weapons[usize::from(slot)].map_or_else(
        || "weapon".to_string(),
        |w| s.rules.weapons[usize::from(w.weapon)].name.clone(),
    )
}

/// One side of an opposed roll: "Ash (eDEX 13 +2 Martial Arts = 15; 3d6 [..] = 14)".
fn contest_side(s: &State, c: &crate::event::ContestSide) -> String {
    let mut t = format!("{} ({} {}", name(s, c.fig), c.attribute, c.base);
    for m in c.modifiers.iter() {
        let _ = write!(t, " {}", fmt_mod(m));
    }
    let _ = write!(
        t,
        " = {}; 3d6 {:?} = {}, {})",
        c.target,
        c.faces.as_slice(),
        c.total,
        if c.success { "success" } else { "failure" }
    );
    t
}

fn fmt_mod(m: &Modifier) -> String {
    if m.applied {
        format!("{:+} {} [{}]", m.value, m.label, m.rule)
    } else {
        format!("({} not applied)", m.label)
    }
}

impl Present for Skirmish {
    fn narrate(&self, state: &State, event: &Event) -> Option<String> {
        narrate(state, event)
    }

    fn header(&self, s: &State, title: &str) -> serde_json::Value {
        let units: Vec<_> = s
            .figures
            .iter()
            .map(|f| {
                let weapons: Vec<_> = f
                    .weapons
                    .iter()
                    .flatten()
                    .map(|w| s.rules.weapons[usize::from(w.weapon)].name.clone())
                    .collect();
                let armor = f.armor.map(|a| s.rules.armor[usize::from(a)].name.clone());
                let mut u = json!({
                    "name": s.name(f.id), "side": f.side, "at": [f.pos.col, f.pos.row],
                    "facing": f.facing, "posture": f.posture,
                    "stats": {"str": f.st, "dex": f.dex, "int": f.int, "mov": f.mov},
                    "weapons": weapons, "ready": f.ready, "armor": armor,
                });
                // What else is in hand or carried (SK-6.5.3, SK-13.3-a, SK-16.3-a), only when
                // there is any.
                if let Some(map) = u.as_object_mut() {
                    if let Some(k) = f.off_hand {
                        map.insert("off_hand".into(), json!(k));
                    }
                    if let Some(sh) = f.shield {
                        let name = &s.rules.armor[usize::from(sh)].name;
                        map.insert("shield".into(), json!({"name": name, "at": f.shield_at}));
                    }
                    if let Some((k, r)) = f.bayonet {
                        map.insert("bayonet".into(), json!({"knife": k, "rifle": r}));
                    }
                }
                u
            })
            .collect();
        let terrain: Vec<_> = s
            .rules
            .terrain
            .iter()
            .map(|t| json!({"id": t.id, "wall": t.wall, "footing": t.footing, "smoke": t.smoke, "dark": t.dark, "blocks_movement": t.impassable(), "blocks_sight": t.blocks_sight, "deep_water": t.deep_water, "pit_depth_dm": t.pit_dm, "fire": t.fire}))
            .collect();
        json!({
            "type": "battle",
            "system": self.name(),
            "title": title,
            "grid": {"kind": "hex", "layout": "flat-top odd-q", "metres_per_cell": "4/3", "facings": FACINGS},
            "map": {"width": s.rules.width, "height": s.rules.height, "cells": s.rules.cells, "terrain": terrain},
            "options": s.rules.options,
            "sides": s.rules.side_names,
            "units": units,
        })
    }

    fn side_name(&self, s: &State, side: SideId) -> String {
        s.rules.side_names[usize::from(side)].clone()
    }

    fn unit_name(&self, s: &State, unit: UnitId) -> String {
        s.name(unit).to_string()
    }

    fn board(&self, s: &State) -> fireteam_engine::Board {
        crate::view::board(s)
    }

    fn action_view(&self, s: &State, a: &Action) -> fireteam_engine::ActionView {
        crate::view::action_view(s, a)
    }

    fn focus(&self, s: &State, unit: UnitId) -> fireteam_engine::Focus {
        crate::view::focus(s, unit)
    }

    fn roster(&self, s: &State) -> Vec<String> {
        s.figures
            .iter()
            .map(|f| {
                let mut line = format!(
                    "  {} ({}) at {} facing {}: STR {} DEX {} (eDEX {})",
                    s.name(f.id),
                    s.rules.side_names[usize::from(f.side)],
                    f.pos,
                    FACINGS[usize::from(f.facing % 6)],
                    f.st,
                    f.dex,
                    crate::combat::edex::order_dex(s, f)
                );
                // ---- order of the turn, awareness: size, hiding and chases, when given.
                if f.size > 1 {
                    let _ = write!(line, ", size {} [SK-8.3-c]", f.size);
                }
                if f.hidden {
                    line.push_str(", hidden [SK-6.3.8]");
                }
                if let Some(q) = f.chases {
                    let _ = write!(line, ", chases {} [SK-10-e]", s.name(q));
                }
                line
            })
            .collect()
    }
}

impl ActionOdds for Skirmish {
    /// Plays to the first moment the asked action is legal, touching nothing on the way: the
    /// turn starts (the initiative is rolled with the scenario's seed, as the odds command
    /// does), the winner moves first, every figure stands still, and figures acting before the
    /// asker do nothing.
    fn opening(&self, state: &State, asked: &str) -> Vec<String> {
        let mut battle = fireteam_engine::Battle::new(self, state.clone());
        let mut dice = fireteam_dice::SeededSource::new(state.rules.seed);
        let mut played = Vec::new();
        let mut legal = Vec::new();
        for _ in 0..200 {
            if !matches!(battle.decision(), fireteam_engine::Decision::Choose { .. }) {
                break;
            }
            legal.clear();
            self.legal_actions(battle.state(), &mut legal);
            let texts: Vec<String> = legal
                .iter()
                .map(|a| self.action_text(battle.state(), a))
                .collect();
            if texts.iter().any(|t| t == asked) {
                return played;
            }
            let pick = legal
                .iter()
                .position(|a| {
                    matches!(
                        a,
                        Action::Pass { .. }
                            | Action::StartTurn
                            | Action::Order { first: true }
                            | Action::NoPush { .. }
                            | Action::LetGo { .. }
                            | Action::HoldFire { .. }
                    ) || matches!(a, Action::StandStill { fig, facing, guard: crate::state::Guard::None }
                        if battle.state().fig(*fig).facing == *facing)
                })
                .unwrap_or(0);
            let a = legal[pick];
            played.push(texts[pick].clone());
            if battle.step(&a, &mut dice).is_err() {
                break;
            }
        }
        Vec::new()
    }

    fn reaction(&self, s: &State, _defend: u8) -> Option<Action> {
        match s.phase {
            Phase::DisengageReaction { opponent, .. } => Some(Action::LetGo { fig: opponent }),
            // SK-16.15.3-a (5): the odds of an attempt at hand to hand assume it is accepted.
            Phase::HthOffer { attacker, defender } => Some(Action::HthAnswer {
                fig: defender,
                attacker,
                accept: true,
            }),
            Phase::QuickDraw { target, .. } => Some(Action::LetDraw { fig: target }),
            // ---- SK-11.9.3-a: one breaking free of a brawl is let go.
            Phase::HthLeaving { opponent, .. } => Some(Action::LetGo { fig: opponent }),
            _ => None,
        }
    }

    fn effect(&self, before: &State, after: &State) -> String {
        let mut parts = Vec::new();
        for (i, (b, a)) in before.figures.iter().zip(&after.figures).enumerate() {
            let mut p = Vec::new();
            let hits = a.hits_taken - b.hits_taken;
            if hits > 1 {
                p.push(format!("{hits} hits"));
            } else if hits == 1 && a.damage == b.damage {
                p.push("hit, no damage".to_string());
            }
            if a.damage != b.damage {
                p.push(format!("{:>2} damage", a.damage - b.damage));
            }
            if a.posture != b.posture {
                p.push(a.posture.name().to_string());
            }
            if a.condition != b.condition {
                p.push(match a.condition {
                    Condition::Dead => "dead".to_string(),
                    Condition::Unconscious => "unconscious".to_string(),
                    Condition::Active => "active".to_string(),
                    Condition::Lost => "lost in space".to_string(),
                    Condition::Beaten => "beaten".to_string(),
                    Condition::Subdued => "subdued".to_string(),
                    Condition::Escaped => "escaped".to_string(),
                });
            }
            // ---- after the battle (§19.3): a practice weapon's hits are recorded, not dealt.
            if a.practice_hits != b.practice_hits {
                p.push(format!(
                    "{} hit{} recorded",
                    a.practice_hits - b.practice_hits,
                    if a.practice_hits - b.practice_hits == 1 {
                        ""
                    } else {
                        "s"
                    }
                ));
            }
            if a.pos != b.pos {
                p.push(format!("at {}", a.pos));
            }
            for (wb, wa) in b.weapons.iter().zip(&a.weapons) {
                if let (Some(wb), Some(wa)) = (wb, wa) {
                    if wb.state != wa.state {
                        p.push(match wa.state {
                            WeaponState::Dropped => "weapon dropped".to_string(),
                            WeaponState::Broken => "weapon broken".to_string(),
                            WeaponState::TemporarilyBroken => {
                                "weapon broken until repaired".to_string()
                            }
                            WeaponState::Jammed => "weapon jammed".to_string(),
                            WeaponState::ParryOnly => "weapon only parries".to_string(),
                            WeaponState::Drained => "battery flat".to_string(),
                            WeaponState::Ok => "weapon ok".to_string(),
                        });
                    }
                }
            }
            if !p.is_empty() {
                parts.push(format!("{}: {}", after.name(i as u16), p.join(", ")));
            }
        }
        for g in after.grenades.iter().skip(before.grenades.len()) {
            parts.push(format!("grenade lands at {}", g.pos));
        }
        let rolled = before
            .figures
            .iter()
            .zip(&after.figures)
            .any(|(b, a)| a.shots_fired != b.shots_fired);
        if parts.is_empty() && rolled {
            "miss".to_string()
        } else if parts.is_empty() {
            "no effect".to_string()
        } else {
            parts.join("; ")
        }
    }

    fn roll_make_up(&self, events: &[Event], _defend: u8) -> Option<String> {
        events.iter().find_map(|e| match e {
            Event::Roll {
                dice,
                base,
                modifiers,
                target_number,
                avoid: false,
                ..
            } => {
                let mut t = format!("{dice}d6 vs eDEX: DEX {base}");
                for m in modifiers.iter() {
                    let _ = write!(t, " {}", fmt_mod(m));
                }
                let _ = write!(t, " = {target_number}");
                Some(t)
            }
            _ => None,
        })
    }
}
