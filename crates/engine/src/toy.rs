//! A toy rule system for the tests and examples of crates built on the engine: two duellists
//! alternate; an attack rolls 2d6 and hits on 7 or more for 1d6 damage; 40 actions end in a
//! draw. Small enough to check by hand, rich enough to exercise decisions, dice, events,
//! replays, saves, the conformance suite, AI policies and the simulator. It is no rule system
//! of a book.
//!
//! `flat` makes every state worth 0, to test tie-breaking. `quick` gives the AI fixed quick
//! estimates of an attack and a wait, right or wrong on purpose, to test how it uses them.

use crate::{BattleStats, Checksum, Decision, Evaluate, Outcome, ResolveError, RuleSystem, SideId};
use fireteam_dice::{Dice, DiceSource, Purpose};
use serde::Serialize;
use std::fmt;

#[derive(Default)]
pub struct Duel {
    pub flat: bool,
    /// The quick estimates of an attack and a wait ([`Evaluate::estimate`]); none by default.
    pub quick: Option<(f64, f64)>,
}

#[derive(Clone, Debug)]
pub struct State {
    pub hp: [i64; 2],
    pub turn: u8,
    pub rounds: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Attack,
    Wait,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Action::Attack => "attack",
            Action::Wait => "wait",
        })
    }
}

#[derive(Clone, Debug, Serialize)]
pub enum Event {
    Hit { target: u8, damage: i64 },
    Miss { roll: i64 },
    Passed,
}

pub fn start() -> State {
    State {
        hp: [10, 10],
        turn: 0,
        rounds: 0,
    }
}

impl RuleSystem for Duel {
    type State = State;
    type Action = Action;
    type Event = Event;

    fn name(&self) -> &'static str {
        "toy-duel"
    }
    fn version(&self) -> &'static str {
        "1"
    }
    fn decision(&self, s: &State) -> Decision {
        if s.hp[0] <= 0 {
            Decision::Over {
                outcome: Outcome::Winner { side: 1 },
            }
        } else if s.hp[1] <= 0 {
            Decision::Over {
                outcome: Outcome::Winner { side: 0 },
            }
        } else if s.rounds >= 40 {
            Decision::Over {
                outcome: Outcome::Draw,
            }
        } else {
            Decision::Choose {
                side: s.turn,
                unit: None,
            }
        }
    }
    fn action_text(&self, _s: &State, a: &Action) -> String {
        a.to_string()
    }
    fn legal_actions(&self, _s: &State, out: &mut Vec<Action>) {
        out.push(Action::Attack);
        out.push(Action::Wait);
    }
    fn resolve(
        &self,
        s: &State,
        a: &Action,
        dice: &mut dyn DiceSource,
        events: &mut Vec<Event>,
    ) -> Result<(), ResolveError> {
        match a {
            Action::Wait => events.push(Event::Passed),
            Action::Attack => {
                let roll = dice.roll_total(&Purpose::new("to-hit"), Dice::new(2, 6))?;
                if roll >= 7 {
                    let damage = dice.roll_total(&Purpose::new("damage"), Dice::new(1, 6))?;
                    events.push(Event::Hit {
                        target: 1 - s.turn,
                        damage,
                    });
                } else {
                    events.push(Event::Miss { roll });
                }
            }
        }
        Ok(())
    }
    fn apply(&self, s: &mut State, e: &Event) {
        if let Event::Hit { target, damage } = e {
            s.hp[*target as usize] -= damage;
        }
        s.turn = 1 - s.turn;
        s.rounds += 1;
    }
    fn checksum(&self, s: &State) -> u64 {
        Checksum::new()
            .i64(s.hp[0])
            .i64(s.hp[1])
            .u64(u64::from(s.turn))
            .u64(u64::from(s.rounds))
            .finish()
    }
    fn invariants(&self, s: &State) -> Result<(), String> {
        if s.hp.iter().all(|h| *h <= 0) {
            return Err("both duellists are down".into());
        }
        Ok(())
    }
}

impl BattleStats for Duel {
    fn sides(&self, _s: &State) -> usize {
        2
    }
    fn casualties(&self, s: &State, side: SideId) -> u32 {
        u32::from(s.hp[usize::from(side)] <= 0)
    }
    fn rounds(&self, s: &State) -> u32 {
        s.rounds
    }
}

impl Evaluate for Duel {
    /// Hit points kept minus hit points the enemy keeps.
    fn value(&self, s: &State, side: SideId) -> f64 {
        if self.flat {
            return 0.0;
        }
        let me = usize::from(side);
        (s.hp[me].max(0) - s.hp[1 - me].max(0)) as f64
    }

    fn estimate(&self, _s: &State, _side: SideId, legal: &[Action], out: &mut Vec<Option<f64>>) {
        out.clear();
        out.extend(legal.iter().map(|a| {
            self.quick.map(|(attack, wait)| match a {
                Action::Attack => attack,
                Action::Wait => wait,
            })
        }));
    }
}
