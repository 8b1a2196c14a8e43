//! One headless battle: AI on every side, seeded dice, no log, no narration.

use crate::error::SimError;
use crate::seeds::{ai_seed, dice_seed};
use crate::side::Side;
use fireteam_ai::Explain;
use fireteam_dice::SeededSource;
use fireteam_engine::{Battle, BattleStats, Decision, Outcome, SideId};
use serde::{Deserialize, Serialize};

/// How one battle ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BattleResult {
    Winner(SideId),
    /// The rules declared a draw.
    Draw,
    /// The battle hit the step limit undecided; it counts as a draw too.
    Timeout,
}

/// The result of one battle: one CSV row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleRecord {
    pub index: u64,
    pub result: BattleResult,
    /// Game rounds, as the rule system counts them.
    pub rounds: u32,
    /// Actions taken.
    pub steps: u64,
    /// Units out of action, per side in scenario order.
    pub casualties: Vec<u32>,
    /// Actions each side chose, in scenario order (what a policy's time per decision is
    /// reckoned from).
    #[serde(default)]
    pub actions: Vec<u32>,
}

/// Plays battle `index` of a run seeded `seed` from `initial` to its end or to `max_steps`
/// actions. The same arguments give the same record on any thread or machine, so a battle that
/// looks odd in a batch can be replayed alone.
pub fn run_battle<R: BattleStats>(
    rules: &R,
    initial: R::State,
    sides: &[Side<R>],
    seed: u64,
    index: u64,
    max_steps: u32,
) -> Result<BattleRecord, SimError> {
    let count = rules.sides(&initial);
    if count != sides.len() {
        return Err(SimError::Sides {
            index,
            expected: sides.len(),
            got: count,
        });
    }
    let dice_seed = dice_seed(seed, index);
    let stop = |step: u64, message: String| SimError::Battle {
        index,
        dice_seed,
        step,
        message,
    };
    let mut policies: Vec<_> = (0..count)
        .map(|s| sides[s].build(ai_seed(seed, index, s as SideId)))
        .collect();
    let mut dice = SeededSource::new(dice_seed);
    let mut battle = Battle::new(rules, initial).without_log();
    let mut legal = Vec::new();
    let mut actions = vec![0u32; count];
    let result = loop {
        let side = match battle.decision() {
            Decision::Over {
                outcome: Outcome::Winner { side },
            } => break BattleResult::Winner(side),
            Decision::Over {
                outcome: Outcome::Draw,
            } => break BattleResult::Draw,
            Decision::Choose { side, .. } => side,
        };
        if battle.steps() >= u64::from(max_steps) {
            break BattleResult::Timeout;
        }
        legal.clear();
        rules.legal_actions(battle.state(), &mut legal);
        if legal.is_empty() {
            return Err(stop(
                battle.steps(),
                format!("side {side} must decide but has no legal action"),
            ));
        }
        let Some(policy) = policies.get_mut(usize::from(side)) else {
            return Err(stop(
                battle.steps(),
                format!("the rules ask side {side}, which the battle does not have"),
            ));
        };
        let choice = policy.choose(rules, battle.state(), side, &legal, Explain::No);
        actions[usize::from(side)] += 1;
        let Some(action) = legal.get(choice.index) else {
            return Err(stop(
                battle.steps(),
                format!(
                    "policy {} chose action {} of {}",
                    policy.name(),
                    choice.index,
                    legal.len()
                ),
            ));
        };
        if let Err(e) = battle.step(action, &mut dice) {
            // Text only on this error path: batches format nothing while all is well.
            let text = rules.action_text(battle.state(), action);
            return Err(stop(battle.steps(), format!("'{text}': {e}")));
        }
    };
    let state = battle.state();
    Ok(BattleRecord {
        index,
        result,
        rounds: rules.rounds(state),
        steps: battle.steps(),
        casualties: (0..count)
            .map(|s| rules.casualties(state, s as SideId))
            .collect(),
        actions,
    })
}
