//! `Tactical3d6`: the rule system on the engine's protocol. The phase is data
//! (`state::Phase`); `resolve` works on a scratch copy (`ctx::Ctx`) and hands back events.

use crate::action::{self, Action};
use crate::ctx::Ctx;
use crate::event::Event;
use crate::state::{Phase, State};
use fireteam_dice::DiceSource;
use fireteam_engine::{
    ActionError, Aftermath, BattleStats, Checksum, Decision, ResolveError, RuleSystem, SideId,
};

/// The tactical-3d6 rule system.
#[derive(Debug, Clone, Copy, Default)]
pub struct Tactical3d6;

impl RuleSystem for Tactical3d6 {
    type State = State;
    type Action = Action;
    type Event = Event;

    fn name(&self) -> &'static str {
        "tactical-3d6"
    }

    fn version(&self) -> &'static str {
        env!("CARGO_PKG_VERSION")
    }

    fn decision(&self, s: &State) -> Decision {
        match &s.phase {
            Phase::Over => Decision::Over {
                outcome: outcome(s),
            },
            Phase::Order => Decision::Choose {
                side: 0,
                unit: None,
            },
            Phase::Act { unit } => Decision::Choose {
                side: s.side_of(*unit),
                unit: Some(*unit),
            },
            Phase::Defend(p) => Decision::Choose {
                side: s.side_of(p.strike.target),
                unit: Some(p.strike.target),
            },
            Phase::Triggered { waiter, .. } => Decision::Choose {
                side: s.side_of(*waiter),
                unit: Some(*waiter),
            },
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        crate::legal::legal(s, out);
    }

    fn resolve(
        &self,
        s: &State,
        action: &Action,
        dice: &mut dyn DiceSource,
        events: &mut Vec<Event>,
    ) -> Result<(), ResolveError> {
        let mut ctx = Ctx::new(s, dice, events);
        crate::maneuver::resolve(&mut ctx, action)
    }

    fn apply(&self, s: &mut State, e: &Event) {
        crate::apply::apply(s, e);
    }

    fn action_text(&self, s: &State, a: &Action) -> String {
        action::text(s, a)
    }

    fn parse_action(&self, s: &State, text: &str) -> Result<Action, ActionError> {
        let mut legal = Vec::new();
        self.legal_actions(s, &mut legal);
        let wanted = fireteam_engine::canonical_cells(
            &text.split_whitespace().collect::<Vec<_>>().join(" "),
        );
        legal
            .iter()
            .find(|a| fireteam_engine::canonical_cells(&action::text(s, a)) == wanted)
            .cloned()
            .ok_or_else(|| {
                let first = wanted.split(' ').next().unwrap_or("");
                ActionError {
                    message: format!("'{text}' is not a legal action now"),
                    suggestions: legal
                        .iter()
                        .map(|a| action::text(s, a))
                        .filter(|t| t.split(' ').next() == Some(first))
                        .take(5)
                        .collect(),
                }
            })
    }

    fn checksum(&self, s: &State) -> u64 {
        // The state serialised field by field (serde's order is the declaration order, and
        // the state holds no maps), so the same state gives the same bytes everywhere.
        let bytes = fireteam_engine::serde_json::to_vec(s).expect("a state serialises");
        let mut c = Checksum::new();
        c.bytes(&bytes);
        c.finish()
    }

    fn invariants(&self, s: &State) -> Result<(), String> {
        crate::apply::invariants(s)
    }
}

fn outcome(s: &State) -> fireteam_engine::Outcome {
    let sides = s.sides_standing();
    if sides.len() == 1 {
        fireteam_engine::Outcome::Winner { side: sides[0] }
    } else {
        fireteam_engine::Outcome::Draw
    }
}

impl BattleStats for Tactical3d6 {
    fn sides(&self, s: &State) -> usize {
        s.rules.sides.len()
    }

    fn casualties(&self, s: &State, side: SideId) -> u32 {
        s.units()
            .filter(|&u| s.side_of(u) == side && !s.fighter(u).active())
            .count() as u32
    }

    fn rounds(&self, s: &State) -> u32 {
        s.turn
    }
}

/// What follows a battle: each unconscious fighter's prospect of waking (T3-UNCON-01..03,
/// T3-G37: exactly 0 HP takes the hourly roll). The times are minutes to days, so the battle
/// never plays them; the table does.
impl Aftermath for Tactical3d6 {
    fn aftermath(&self, s: &State, events: &mut Vec<Event>) {
        for u in s.units() {
            let f = s.fighter(u);
            if f.dead || f.conscious {
                continue;
            }
            let hp = s.character(u).hp;
            let (prospect, rule) = if f.hp >= 1 {
                ("wakes after 15 minutes", "T3-UNCON-01")
            } else if f.hp > -hp {
                (
                    "rolls HT every hour to wake; then half Move and Dodge",
                    "T3-UNCON-02",
                )
            } else {
                (
                    "one HT roll to wake after 12 hours, then HT every 12 hours or die",
                    "T3-UNCON-03",
                )
            };
            events.push(Event::Recovery {
                unit: u,
                hp: f.hp,
                prospect,
                rule: fireteam_engine::RuleId(rule),
            });
        }
    }
}
