//! What the kind of fight pays (book §19, SK-19-a: `sk.scenario_type`, a GM input). An
//! adventure has no preset rewards: the GM awards EP (SK-18-a).
//!
//! - **Arena** (SK-19.1-c/d, G-59): each victor 100 ₢ and each loser 25 ₢, but nothing to a
//!   loser who ran away unhurt: he escaped through an entrance hex (SK-19.1-b, `crate::escape`)
//!   with no damage taken, lethal or nonlethal from a foe (a victor who escaped is still a
//!   victor: the book takes the purse only from losers); EP: 1 for taking part (a coward, who neither attacked nor was attacked by a
//!   foe, gets nothing at all), 1 for the winning side, 1 for each foe he was the last to put
//!   out of the fight (knocked out, killed or subdued), 1 if a foe did him damage. In a draw
//!   nobody won: everyone is paid as a loser.
//! - **Duel** (SK-19.2-b, G-59): the victors take every item their foes have at the end (what
//!   was thrown, spent or destroyed is gone; a weapon dropped in the arena is still his), to keep
//!   or resell at 75% of the catalog price (rounded down; no price, no resale). Each foe's items
//!   go to the victor who put him out of the fight, else to the first living victor (INVENTED
//!   division: the book gives them to "the victor(s)"). Surviving losers keep their wealth (unit
//!   stat `credits`) and what they did not bring. A draw gives no spoils.
//! - **Practice** (SK-19.3-b): 1 EP for each character, and each loser pays the agreed stake
//!   (`sk.practice_stake`, a GM input), shared evenly by the winners (the first in scenario order
//!   get the odd credits).
//!
//! The dead are paid nothing.

use crate::aftermath::{gear_price, Gear, Why};
use crate::data::ItemKind;
use crate::event::Event;
use crate::experience::{arena_credits, arena_ep, practice_ep, ArenaRecord};
use crate::options::ScenarioType;
use crate::state::{Condition, FigId, Figure, State, WeaponState};
use fireteam_engine::{Outcome, RuleId};

/// SK-19.2-b: resale is 75% of the original price (rounded down).
pub fn resale(price: u32) -> u32 {
    price.saturating_mul(3) / 4
}

fn on_side(f: &Figure, outcome: Outcome) -> bool {
    matches!(outcome, Outcome::Winner { side } if side == f.side)
}

/// The rewards of `s`'s kind of fight.
pub fn pay(s: &State, outcome: Outcome, out: &mut Vec<Event>) {
    match s.rules.options.scenario_type {
        ScenarioType::Adventure => {}
        ScenarioType::Arena => arena(s, outcome, out),
        ScenarioType::Duel => duel(s, outcome, out),
        ScenarioType::Practice => practice(s, outcome, out),
    }
}

/// SK-19.1-d: one character's part in the fight.
pub fn arena_record(s: &State, f: &Figure, outcome: Outcome) -> ArenaRecord {
    ArenaRecord {
        took_part: f.fought,
        won: on_side(f, outcome),
        foes_downed: s
            .figures
            .iter()
            .filter(|g| g.side != f.side && g.downed_by == Some(f.id))
            .count() as u32,
        took_damage: f.hurt_by_foe,
    }
}

fn arena(s: &State, outcome: Outcome, out: &mut Vec<Event>) {
    for f in s.figures.iter().filter(|f| f.condition != Condition::Dead) {
        let won = on_side(f, outcome);
        // ---- SK-19.1-c: "Each loser gets 25₢ unless he ran away unhurt": escaped through an
        // entrance hex (SK-19.1-b) without a point of damage.
        let ran = !won && ran_away_unhurt(f);
        out.push(Event::Credits {
            fig: f.id,
            amount: i64::from(arena_credits(won, ran)),
            why: if won {
                Why::ArenaVictor
            } else if ran {
                Why::ArenaRanAway
            } else {
                Why::ArenaLoser
            },
            rule: RuleId("SK-19.1-c"),
        });
        let record = arena_record(s, f, outcome);
        out.push(Event::Experience {
            fig: f.id,
            ep: arena_ep(&record),
            arena: Some(record),
            rule: RuleId("SK-19.1-d"),
        });
    }
}

/// SK-19.1-c: he ran away unhurt: escaped through an entrance hex (SK-19.1-b) with no lethal
/// damage, and no damage at all from a foe (nonlethal fatigue is no hurt).
pub fn ran_away_unhurt(f: &Figure) -> bool {
    f.condition == Condition::Escaped && f.damage <= 0 && !f.hurt_by_foe
}

/// What a figure has at the end of the battle, for the duel's victors (SK-19.2-b): his weapons
/// not destroyed (a fixed bayonet is his knife), armor, helmet, protective suit, energy shield,
/// shield, backpack, items and spare magazines, each with its count.
pub fn gear_of(s: &State, f: &Figure) -> Vec<(Gear, u8)> {
    let mut v = Vec::new();
    for sl in f.weapons.iter().flatten() {
        if sl.state == WeaponState::Broken {
            continue;
        }
        let weapon = s
            .rules
            .bayonets
            .iter()
            .find(|b| b.weapon == sl.weapon)
            .map_or(sl.weapon, |b| b.knife);
        v.push((Gear::Weapon { weapon }, 1));
    }
    let backpack = s.rules.aftermath.backpacks.get(usize::from(f.id)).copied();
    let worn = [
        f.armor,
        f.helmet,
        f.suit,
        f.energy_shield,
        f.shield,
        backpack.flatten(),
    ];
    for armor in worn.into_iter().flatten() {
        v.push((Gear::Armor { armor }, 1));
    }
    for item in ItemKind::ALL {
        if f.has_item(item) {
            v.push((Gear::Item { item }, 1));
        }
    }
    if f.spare_magazines > 0 {
        // G-73: the spares fit the weapons that take magazines; priced by the first one's.
        let fits = f.weapons.iter().flatten().find(|sl| {
            let w = &s.rules.weapons[usize::from(sl.weapon)];
            w.rounds > 0 && sl.state != WeaponState::Broken
        });
        if let Some(sl) = fits {
            v.push((Gear::Magazines { weapon: sl.weapon }, f.spare_magazines));
        }
    }
    v
}

fn duel(s: &State, outcome: Outcome, out: &mut Vec<Event>) {
    let Outcome::Winner { side } = outcome else {
        return;
    };
    let victor = |id: FigId| {
        let f = s.fig(id);
        f.side == side && f.condition != Condition::Dead
    };
    let Some(first) = s.figures.iter().find(|f| victor(f.id)).map(|f| f.id) else {
        return;
    };
    for foe in s.figures.iter().filter(|f| f.side != side) {
        let taker = foe.downed_by.filter(|&d| victor(d)).unwrap_or(first);
        for (item, count) in gear_of(s, foe) {
            let price = gear_price(s.rules, item, count);
            out.push(Event::ItemWon {
                fig: taker,
                from: foe.id,
                item,
                count,
                price,
                resale: price.map(resale),
                rule: RuleId("SK-19.2-b"),
            });
        }
    }
}

fn practice(s: &State, outcome: Outcome, out: &mut Vec<Event>) {
    for f in s.figures.iter().filter(|f| f.condition != Condition::Dead) {
        out.push(Event::Experience {
            fig: f.id,
            ep: practice_ep(),
            arena: None,
            rule: RuleId("SK-19.3-b"),
        });
    }
    let stake = s.rules.options.practice_stake;
    let Outcome::Winner { side } = outcome else {
        return;
    };
    if stake == 0 {
        return;
    }
    let losers: Vec<FigId> = s
        .figures
        .iter()
        .filter(|f| f.side != side && f.condition != Condition::Dead)
        .map(|f| f.id)
        .collect();
    let winners: Vec<FigId> = s
        .figures
        .iter()
        .filter(|f| f.side == side && f.condition != Condition::Dead)
        .map(|f| f.id)
        .collect();
    if losers.is_empty() || winners.is_empty() {
        return;
    }
    let pot = u64::from(stake) * losers.len() as u64;
    let share = pot / winners.len() as u64;
    let odd = pot % winners.len() as u64;
    for &id in &losers {
        out.push(Event::Credits {
            fig: id,
            amount: -i64::from(stake),
            why: Why::StakePaid,
            rule: RuleId("SK-19.3-b"),
        });
    }
    for (k, &id) in winners.iter().enumerate() {
        out.push(Event::Credits {
            fig: id,
            amount: (share + u64::from((k as u64) < odd)) as i64,
            why: Why::StakeWon,
            rule: RuleId("SK-19.3-b"),
        });
    }
}
