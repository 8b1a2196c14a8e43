//! Actions in words: the text form logs, scripts, the CLI and tests use. Every legal action has
//! a distinct text (a figure's name, what it does, and where or at whom).

use crate::action::{Action, FireMode, Strike};
use crate::state::{Guard, Posture, State};
use std::fmt::Write;

/// Hex-side names, 0..6 clockwise from north.
pub const FACINGS: [&str; 6] = ["N", "NE", "SE", "S", "SW", "NW"];

fn guard_suffix(g: Guard) -> &'static str {
    match g {
        Guard::None => "",
        Guard::Dodge => " and dodges",
        Guard::Defend => " and defends",
        Guard::Parry => " and parries with his other weapon",
        Guard::Set => " and sets his pole arm",
    }
}

fn weapon_name(s: &State, fig: u16, slot: u8) -> String {
    let f = s.fig(fig);
    let Some(w) = f.weapons[usize::from(slot)] else {
        return format!("slot {slot}");
    };
    let name = &s.rules.weapons[usize::from(w.weapon)].name;
    let twins = f
        .weapons
        .iter()
        .flatten()
        .filter(|o| o.weapon == w.weapon)
        .count();
    if twins > 1 {
        format!("{name} #{}", slot + 1)
    } else {
        name.clone()
    }
}

pub fn action_text(s: &State, a: &Action) -> String {
    let name = |id: u16| s.name(id).to_string();
    let mut t = String::new();
    match *a {
        Action::StartTurn => {
            let _ = write!(t, "start turn {}", s.turn + 1);
        }
        Action::Order { first } => t.push_str(if first { "move first" } else { "move last" }),
        Action::StandStill { fig, facing, guard } => {
            let _ = write!(
                t,
                "{} stands facing {}{}",
                name(fig),
                FACINGS[usize::from(facing % 6)],
                guard_suffix(guard)
            );
        }
        Action::Move {
            fig,
            to,
            facing,
            guard,
        } => {
            let _ = write!(
                t,
                "{} moves to {to} facing {}{}",
                name(fig),
                FACINGS[usize::from(facing % 6)],
                guard_suffix(guard)
            );
        }
        Action::Shift {
            fig,
            to,
            facing,
            guard,
        } => {
            let _ = write!(
                t,
                "{} shifts to {to} facing {}{}",
                name(fig),
                FACINGS[usize::from(facing % 6)],
                guard_suffix(guard)
            );
        }
        Action::Crawl { fig, to, facing } => {
            let _ = write!(
                t,
                "{} crawls to {to} facing {}",
                name(fig),
                FACINGS[usize::from(facing % 6)]
            );
        }
        Action::StandUp { fig } => {
            let _ = write!(t, "{} stands up", name(fig));
        }
        Action::Attack {
            fig,
            target,
            strike,
        } => {
            let verb = match strike {
                Strike::Normal => "attacks",
                Strike::Slam => "slams",
                Strike::Knockdown | Strike::KnockdownStr => "knocks down",
                Strike::Throw | Strike::ThrowStr => "throws",
                Strike::Sweep => "sweeps at",
                Strike::Disarm => "tries to knock the weapon from",
                Strike::Trip => "tries to trip",
                Strike::Power(_) | Strike::Parrying | Strike::SecondWeapon | Strike::Set => {
                    "attacks"
                }
                Strike::Bayonet => "thrusts his bayonet at",
                Strike::Club => "clubs",
            };
            let _ = write!(t, "{} {verb} {}", name(fig), name(target));
            // SK-16.15.5-b: the attribute a knockdown or throw is made on.
            match strike {
                Strike::Knockdown | Strike::Throw => t.push_str(" using DEX"),
                Strike::KnockdownStr | Strike::ThrowStr => t.push_str(" using STR"),
                // SK-13.2-b: the damage put in from STR above the minimum.
                Strike::Power(n) => {
                    let _ = write!(t, " with +{n} from STR");
                }
                Strike::Parrying => t.push_str(" and parries with his other weapon"),
                _ => {}
            }
        }
        Action::Shoot { fig, target, mode } => {
            let _ = match mode {
                FireMode::Single => write!(t, "{} shoots {}", name(fig), name(target)),
                FireMode::Burst => write!(t, "{} fires a burst at {}", name(fig), name(target)),
                FireMode::Auto => write!(t, "{} fires full auto at {}", name(fig), name(target)),
                FireMode::Power { dice } => {
                    write!(t, "{} fires a {dice}d6 shot at {}", name(fig), name(target))
                }
            };
        }
        Action::Throw { fig, target } => {
            let w = s
                .fig(fig)
                .ready
                .map_or_else(String::new, |k| weapon_name(s, fig, k));
            let _ = write!(t, "{} throws the {w} at {}", name(fig), name(target));
        }
        Action::AimedShot { fig, target, at } => {
            let part = match at {
                crate::autoresult::Location::Head => "head",
                crate::autoresult::Location::WeaponArm => "weapon arm",
                crate::autoresult::Location::OtherArm => "other arm",
                crate::autoresult::Location::RightLeg => "right leg",
                crate::autoresult::Location::LeftLeg => "left leg",
            };
            let missile = s
                .fig(fig)
                .ready
                .and_then(|k| s.fig(fig).weapons[usize::from(k)])
                .is_some_and(|w| {
                    s.rules.weapons[usize::from(w.weapon)].class == crate::data::Class::Missile
                });
            let _ = if missile {
                write!(t, "{} shoots {} in the {part}", name(fig), name(target))
            } else {
                write!(t, "{} strikes at {}'s {part}", name(fig), name(target))
            };
        }
        Action::QuickShot { fig, target, slot } => {
            let _ = write!(
                t,
                "{} quick-draws the {} and shoots {}",
                name(fig),
                weapon_name(s, fig, slot),
                name(target)
            );
        }
        Action::Grenade { fig, at } => {
            let w = s
                .fig(fig)
                .ready
                .map_or_else(String::new, |k| weapon_name(s, fig, k));
            let _ = write!(t, "{} throws the {w} at {at}", name(fig));
        }
        Action::Cover { fig, at } => {
            let _ = write!(t, "{} covers {at}", name(fig));
        }
        Action::Aim { fig, target } => {
            let _ = write!(t, "{} aims at {}", name(fig), name(target));
        }
        Action::Ready { fig, slot } => {
            let _ = write!(t, "{} readies the {}", name(fig), weapon_name(s, fig, slot));
        }
        Action::Reload { fig } => {
            let _ = write!(t, "{} reloads", name(fig));
        }
        Action::PickUp { fig } => {
            let _ = write!(t, "{} picks up his weapon", name(fig));
        }
        Action::Drop { fig, posture } => {
            let p = if posture == Posture::Kneeling {
                "kneels"
            } else {
                "drops prone"
            };
            let _ = write!(t, "{} {p}", name(fig));
        }
        Action::Guard { fig, guard } => {
            let g = if guard == Guard::Dodge {
                "dodges"
            } else {
                "defends"
            };
            let _ = write!(t, "{} {g}", name(fig));
        }
        Action::Disengage { fig, to } => {
            let _ = write!(t, "{} disengages to {to}", name(fig));
        }
        Action::Grapple { fig, target } => {
            let _ = write!(t, "{} goes hand to hand with {}", name(fig), name(target));
        }
        Action::Escape { fig, to } => {
            let _ = write!(t, "{} breaks free to {to}", name(fig));
        }
        Action::Subdue { fig, target } => {
            let _ = write!(t, "{} tries to subdue {}", name(fig), name(target));
        }
        Action::Disarm { fig, target } => {
            let _ = write!(t, "{} tries to disarm {}", name(fig), name(target));
        }
        Action::Breather { fig } => {
            let _ = write!(t, "{} takes a breather", name(fig));
        }
        Action::Pass { fig } => {
            let _ = write!(t, "{} does nothing", name(fig));
        }
        Action::HoldFire { fig } => {
            let _ = write!(t, "{} holds fire", name(fig));
        }
        Action::Punish { fig, target } => {
            let _ = write!(t, "{} attacks {} as he disengages", name(fig), name(target));
        }
        Action::LetGo { fig } => {
            let _ = write!(t, "{} lets him go", name(fig));
        }
        Action::Push {
            fig,
            victim,
            to,
            follow,
        } => {
            let _ = write!(
                t,
                "{} forces {} back to {to}{}",
                name(fig),
                name(victim),
                if follow { " and follows" } else { "" }
            );
        }
        Action::NoPush { fig } => {
            let _ = write!(t, "{} holds his ground", name(fig));
        }
        // ---- weapons and melee
        Action::HthAnswer {
            fig,
            attacker,
            accept,
        } => {
            let _ = write!(
                t,
                "{} {} hand to hand with {}",
                name(fig),
                if accept { "accepts" } else { "refuses" },
                name(attacker)
            );
        }
        Action::ReadyOffHand { fig, slot } => {
            let _ = write!(
                t,
                "{} readies the {} in his other hand",
                name(fig),
                weapon_name(s, fig, slot)
            );
        }
        Action::ReadyShield { fig } => {
            let _ = write!(t, "{} readies his shield", name(fig));
        }
        Action::ReadyDropShield { fig, slot } => {
            let _ = write!(
                t,
                "{} drops his shield and readies the {}",
                name(fig),
                weapon_name(s, fig, slot)
            );
        }
        Action::PickUpShield { fig } => {
            let _ = write!(t, "{} picks up his shield", name(fig));
        }
        Action::TwoWeapons { fig, first, second } => {
            let _ = if first == second {
                write!(t, "{} attacks {} with both weapons", name(fig), name(first))
            } else {
                write!(
                    t,
                    "{} attacks {}, then {} with his other weapon",
                    name(fig),
                    name(first),
                    name(second)
                )
            };
        }
        Action::FixBayonet { fig, knife, rifle } => {
            let _ = write!(
                t,
                "{} fixes the {} to the {}",
                name(fig),
                weapon_name(s, fig, knife),
                weapon_name(s, fig, rifle)
            );
        }
        Action::UnfixBayonet { fig } => {
            let _ = write!(t, "{} takes his bayonet off", name(fig));
        }
        Action::ShootAndStab {
            fig,
            target,
            stab_first,
        } => {
            let _ = if stab_first {
                write!(
                    t,
                    "{} thrusts his bayonet at {}, then shoots him",
                    name(fig),
                    name(target)
                )
            } else {
                write!(
                    t,
                    "{} shoots {}, then thrusts his bayonet at him",
                    name(fig),
                    name(target)
                )
            };
        }
        Action::SubdueByDex { fig, target } => {
            let _ = write!(
                t,
                "{} tries to subdue {} using DEX",
                name(fig),
                name(target)
            );
        }
        Action::DisarmAndTake { fig, target } => {
            let _ = write!(
                t,
                "{} tries to disarm {} and take his weapon",
                name(fig),
                name(target)
            );
        }
        Action::Exchange { fig, with } => {
            let _ = write!(t, "{} exchanges weapons with {}", name(fig), name(with));
        }
        Action::WaitTurn { fig } => {
            let _ = write!(t, "{} waits for his turn", name(fig));
        }
        Action::PowerThrow { fig, target, bonus } => {
            let w = s
                .fig(fig)
                .ready
                .map_or_else(String::new, |k| weapon_name(s, fig, k));
            let _ = write!(
                t,
                "{} throws the {w} at {} with +{bonus} from STR",
                name(fig),
                name(target)
            );
        }
        // ---- movement over terrain (SK-10.3-b, SK-6.4.1-c, SK-10.4)
        Action::Climb { fig, to } => {
            let _ = write!(t, "{} climbs toward {to}", name(fig));
        }
        Action::Grab {
            fig,
            at,
            to,
            facing,
            spend,
        } => {
            let _ = write!(
                t,
                "{} grabs the weapon at {at}{} and moves to {to} facing {}",
                name(fig),
                if spend { " (3 MOV)" } else { " on the run" },
                FACINGS[usize::from(facing % 6)]
            );
        }
        // ---- fire (§16.11, §16.12, §16.13)
        Action::StopDropRoll { fig } => {
            let _ = write!(t, "{} stops, drops and rolls", name(fig));
        }
        Action::Flame { fig, target, burst } => {
            let _ = write!(
                t,
                "{} fires {} at {}",
                name(fig),
                burst.name(),
                name(target)
            );
        }
        Action::Extinguish { fig, at } => {
            let _ = write!(t, "{} sprays the fire extinguisher at {at}", name(fig));
        }
        Action::HelpPutOut { fig, target } => {
            let _ = write!(t, "{} helps {} put out his fire", name(fig), name(target));
        }
        // ---- energy weapons, shields, protective gear, smoke and gas
        Action::GrenadeNextMovement { fig, at } => {
            let w = s
                .fig(fig)
                .ready
                .map_or_else(String::new, |k| weapon_name(s, fig, k));
            let _ = write!(
                t,
                "{} throws the {w} at {at} to go off after the next movement",
                name(fig)
            );
        }
        Action::PickUpGrenade { fig } => {
            let w = crate::cloud::grenade_at(s, s.fig(fig).pos).map_or("grenade", |c| {
                s.rules.weapons[usize::from(c.weapon)].name.as_str()
            });
            let _ = write!(t, "{} picks up the burning {w}", name(fig));
        }
        Action::ThrowAgain { fig, at } => {
            let w = s.fig(fig).holding.map_or("grenade", |h| {
                s.rules.weapons[usize::from(h.weapon)].name.as_str()
            });
            let _ = write!(t, "{} throws the burning {w} at {at}", name(fig));
        }
        Action::Shield { fig, on } => {
            let verb = if on == s.fig(fig).shield_on {
                "keeps"
            } else {
                "switches"
            };
            let _ = write!(
                t,
                "{} {verb} his energy shield {}",
                name(fig),
                if on { "on" } else { "off" }
            );
        }
        Action::Light { fig, on } => {
            let _ = write!(
                t,
                "{} switches {} his flashlight",
                name(fig),
                if on { "on" } else { "off" }
            );
        }
        Action::MovePack { fig, slot } => {
            let _ = write!(
                t,
                "{} moves the battery pack to the {}",
                name(fig),
                weapon_name(s, fig, slot)
            );
        }
        Action::Mask { fig, on } => {
            let _ = write!(
                t,
                "{} {} his gas mask",
                name(fig),
                if on { "puts on" } else { "takes off" }
            );
        }
        // ---- ranged fire (§16.6, §21.5, §21.8)
        Action::Sweep { fig, from, to } => {
            let _ = write!(
                t,
                "{} sweeps full auto from {} to {}",
                name(fig),
                name(from),
                name(to)
            );
        }
        Action::Suppress { fig, at } => {
            let _ = write!(t, "{} lays suppression fire on {at}", name(fig));
        }
        Action::LetDraw { fig } => {
            let _ = write!(t, "{} lets him draw first", name(fig));
        }
        // ---- order of the turn, awareness (§6.3.8, §9, §11.6)
        Action::Run { side, again } => {
            let _ = write!(
                t,
                "{} {}",
                s.rules.side_names[usize::from(side)],
                if again {
                    "runs again"
                } else {
                    "turns to fight"
                }
            );
        }
        Action::Listen { fig } => {
            let _ = write!(t, "{} listens", name(fig));
        }
        Action::KeepGuard { fig } => {
            let g = if s.fig(fig).guard == Guard::Defend {
                "defending"
            } else {
                "dodging"
            };
            let _ = write!(t, "{} keeps {g}", name(fig));
        }
        // ---- microgravity and vacuum (§17.10, §17.11)
        Action::Float { fig, to } if to == s.fig(fig).pos => {
            let _ = write!(t, "{} lets go and floats", name(fig));
        }
        Action::Float { fig, to } => {
            let _ = write!(t, "{} pushes off to {to} and floats", name(fig));
        }
        Action::Pull { fig, to } => {
            let _ = write!(t, "{} pulls himself along his tether to {to}", name(fig));
        }
        Action::Brake { fig } => {
            let _ = write!(t, "{} fires against his drift", name(fig));
        }
        Action::Patch { fig } => {
            let _ = write!(t, "{} patches a leak", name(fig));
        }
        Action::ShootTether { fig, target } => {
            let _ = write!(t, "{} attacks {}'s tether", name(fig), name(target));
        }
        // ---- hand to hand and the arena (§11.9.2, §19.1)
        Action::PickUpInHth { fig, owner, slot } => {
            let whose = if owner == fig {
                "his".to_string()
            } else {
                format!("{}'s", name(owner))
            };
            let _ = write!(
                t,
                "{} picks up {whose} {} in the brawl",
                name(fig),
                weapon_name(s, owner, slot)
            );
        }
        Action::EscapeArena { fig } => {
            let _ = write!(
                t,
                "{} escapes through the entrance at {}",
                name(fig),
                s.fig(fig).pos
            );
        }
        // ---- standing up from kneeling (G-41), the Shield skill (SK-6.1.7-a)
        Action::StandUpAndMove {
            fig,
            to,
            facing,
            shift,
        } => {
            let _ = write!(
                t,
                "{} stands up and {} to {to} facing {}",
                name(fig),
                if shift { "shifts" } else { "moves" },
                FACINGS[usize::from(facing % 6)]
            );
        }
        Action::SlingShield { fig } => {
            let _ = write!(t, "{} slings his shield", name(fig));
        }
    }
    t
}
