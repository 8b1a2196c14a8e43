//! The conformance suite every rule system runs, as OpenSpiel's basic tests do. It plays random
//! legal games and checks the protocol's promises; a system's test calls [`check`].

use crate::battle::Battle;
use crate::protocol::{Decision, RuleSystem};
use crate::save::Save;
use fireteam_dice::{enumerate_within, DiceSource, SeededSource, SourceError};
use num_rational::BigRational;
use num_traits::One;
use std::collections::{BTreeMap, HashSet};

/// How much to play.
#[derive(Debug, Clone, Copy)]
pub struct Config {
    pub games: u32,
    pub max_steps: u32,
    pub seed: u64,
    /// Actions whose outcome distribution is enumerated (and compared with sampling).
    pub enumerated_actions: u32,
    /// Samples per enumerated action for the Monte Carlo comparison.
    pub samples: u32,
    /// The most paths through its dice an action may have to be enumerated. One with more is
    /// skipped (counted in [`Report::too_large`]) as soon as the walk passes this many paths.
    pub enumeration_paths: u64,
}

/// The default [`Config::enumeration_paths`]. A SKIRMISH full-auto string, rolled bullet by
/// bullet down the line, has far more paths than any limit: at this one the suite gives up on
/// the arena's in about 9 s of a test build (some 44 µs a path on a 2-core machine), where the
/// enumerator's own limit (`fireteam_dice::MAX_PATHS`, 20 million) would take a quarter of an
/// hour. The actions the shipped scenarios' suites enumerate have at most about 9,000 paths.
pub const ENUMERATION_PATHS: u64 = 200_000;

impl Default for Config {
    fn default() -> Self {
        Config {
            games: 50,
            max_steps: 400,
            seed: 1,
            enumerated_actions: 20,
            samples: 2000,
            enumeration_paths: ENUMERATION_PATHS,
        }
    }
}

/// What the suite saw.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    pub games: u32,
    pub finished: u32,
    pub steps: u64,
    pub actions_checked: u64,
    pub enumerations: u32,
    /// Sampled actions not enumerated: more paths than [`Config::enumeration_paths`], or a roll
    /// with more branches than the enumerator takes.
    pub too_large: u32,
}

/// A small deterministic chooser for random play (SplitMix64), independent of the dice.
struct Chooser(u64);

impl Chooser {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        ((u128::from(z) * n as u128) >> 64) as usize
    }
}

/// Plays `config.games` random games from `initial(game_index)` and checks, failing with a
/// message on the first broken promise:
/// - legal actions are unique (by text) and each one resolves;
/// - play ends or reaches `max_steps` without panicking, and the invariants hold after every
///   action;
/// - a replay of the log reproduces every checksum, and a save written and read back mid-game
///   replays to the same state;
/// - the enumerated outcomes of sampled actions sum to exactly 1 and agree with Monte Carlo
///   (an action with more than `config.enumeration_paths` paths is skipped and counted).
pub fn check<R: RuleSystem>(
    rules: &R,
    initial: impl Fn(u32) -> R::State,
    config: Config,
) -> Result<Report, String> {
    let mut report = Report::default();
    let mut chooser = Chooser(config.seed);
    let mut legal = Vec::new();
    for game in 0..config.games {
        let seed = config
            .seed
            .wrapping_mul(1_000_003)
            .wrapping_add(u64::from(game));
        let mut dice = SeededSource::new(seed);
        let mut battle = Battle::new(rules, initial(game));
        let save_at = chooser.below(config.max_steps as usize / 4 + 1);
        let mut saved: Option<(Save, u64)> = None;
        report.games += 1;
        for step in 0..config.max_steps {
            if let Decision::Over { .. } = battle.decision() {
                report.finished += 1;
                break;
            }
            legal.clear();
            rules.legal_actions(battle.state(), &mut legal);
            if legal.is_empty() {
                return Err(format!(
                    "game {game} step {step}: a side must decide but has no legal action"
                ));
            }
            let texts: HashSet<String> = legal
                .iter()
                .map(|a| rules.action_text(battle.state(), a))
                .collect();
            if texts.len() != legal.len() {
                return Err(format!(
                    "game {game} step {step}: two legal actions share a text form: {legal:?}"
                ));
            }
            for a in &legal {
                let text = rules.action_text(battle.state(), a);
                let mut probe = SeededSource::new(seed ^ 0xA5A5);
                let mut events = Vec::new();
                rules
                    .resolve(battle.state(), a, &mut probe, &mut events)
                    .map_err(|e| {
                        format!(
                            "game {game} step {step}: legal action '{text}' does not resolve: {e}"
                        )
                    })?;
                let parsed = rules.parse_action(battle.state(), &text).map_err(|e| {
                    format!("game {game} step {step}: '{text}' does not parse back: {e}")
                })?;
                if &parsed != a {
                    return Err(format!(
                        "game {game} step {step}: '{text}' parses back as {parsed:?}"
                    ));
                }
                report.actions_checked += 1;
            }
            let action = legal[chooser.below(legal.len())].clone();
            let text = rules.action_text(battle.state(), &action);
            if report.enumerations < config.enumerated_actions && chooser.below(8) == 0 {
                let enumerated =
                    enumeration_agrees(rules, battle.state(), &action, &text, config, seed)?;
                if enumerated {
                    report.enumerations += 1;
                } else {
                    report.too_large += 1;
                }
            }
            battle
                .step(&action, &mut dice)
                .map_err(|e| format!("game {game} step {step}: '{text}' failed: {e}"))?;
            rules
                .invariants(battle.state())
                .map_err(|e| format!("game {game} step {step}: after '{text}': {e}"))?;
            report.steps += 1;
            if step as usize == save_at {
                saved = Some((
                    Save::new(rules, seed, BTreeMap::new(), battle.log().to_vec()),
                    rules.checksum(battle.state()),
                ));
            }
        }
        // The replay of the whole log reproduces every checksum.
        let full = Save::new(rules, seed, BTreeMap::new(), battle.log().to_vec());
        let replayed = full
            .replay(rules, initial(game))
            .map_err(|e| format!("game {game}: replay failed: {e}"))?;
        if rules.checksum(replayed.state()) != rules.checksum(battle.state()) {
            return Err(format!("game {game}: the replayed final state differs"));
        }
        // A save taken mid-game, written as text and read back, replays to the same state.
        if let Some((save, checksum)) = saved {
            let text = serde_json::to_string(&save).map_err(|e| e.to_string())?;
            let back = Save::parse(&text, std::path::Path::new("<memory>"))
                .map_err(|e| format!("game {game}: save does not read back: {e}"))?;
            let b = back
                .replay(rules, initial(game))
                .map_err(|e| format!("game {game}: loading the mid-game save failed: {e}"))?;
            if rules.checksum(b.state()) != checksum {
                return Err(format!(
                    "game {game}: the loaded save differs from the saved state"
                ));
            }
        }
    }
    Ok(report)
}

/// Enumerates the outcomes of one action (by resulting state checksum) and compares them with
/// seeded sampling. Returns false when the action has too many paths to enumerate
/// (`config.enumeration_paths`).
fn enumeration_agrees<R: RuleSystem>(
    rules: &R,
    state: &R::State,
    action: &R::Action,
    text: &str,
    config: Config,
    seed: u64,
) -> Result<bool, String> {
    let samples = config.samples;
    let resolve_to_checksum = |dice: &mut dyn fireteam_dice::DiceSource| {
        let mut events = Vec::new();
        rules
            .resolve(state, action, dice, &mut events)
            .map_err(|e| e.to_string())?;
        let mut s = state.clone();
        for e in &events {
            rules.apply(&mut s, e);
        }
        Ok::<u64, String>(rules.checksum(&s))
    };
    let exact = match enumerate_within(config.enumeration_paths, |e| {
        resolve_to_checksum(e).map_err(EnumError::Other)
    }) {
        Ok(x) => x,
        Err(EnumError::TooLarge) => return Ok(false),
        Err(EnumError::Other(m)) => return Err(m),
    };
    let total: BigRational = exact.outcomes.iter().map(|(_, p)| p).sum();
    if !total.is_one() {
        return Err(format!(
            "the enumerated outcomes of '{text}' sum to {}, not 1",
            fireteam_dice::fraction_string(&total)
        ));
    }
    let mut counts: BTreeMap<u64, u32> = BTreeMap::new();
    let mut dice = SeededSource::new(seed ^ 0x5A5A_5A5A);
    for i in 0..samples {
        dice.begin_scope(u64::from(i));
        *counts.entry(resolve_to_checksum(&mut dice)?).or_insert(0) += 1;
    }
    let n = f64::from(samples);
    for (outcome, p) in &exact.outcomes {
        let p = fireteam_dice::to_f64(p);
        let seen = f64::from(counts.remove(outcome).unwrap_or(0)) / n;
        // Five standard errors, plus a floor for outcomes too rare to show in the sample.
        let tolerance = 5.0 * (p * (1.0 - p) / n).sqrt() + 1.0 / n;
        if (seen - p).abs() > tolerance {
            return Err(format!(
                "'{text}': an outcome has exact probability {p:.4} but was sampled {seen:.4} of {samples} times"
            ));
        }
    }
    if let Some((_, c)) = counts.into_iter().next() {
        return Err(format!(
            "'{text}': sampling produced an outcome ({c} times) that enumeration says is impossible"
        ));
    }
    Ok(true)
}

enum EnumError {
    /// Too many paths to enumerate; the action is skipped, not failed.
    TooLarge,
    Other(String),
}

impl From<SourceError> for EnumError {
    fn from(e: SourceError) -> Self {
        match e {
            SourceError::TooManyPaths { .. } | SourceError::TooManyBranches { .. } => {
                EnumError::TooLarge
            }
            other => EnumError::Other(other.to_string()),
        }
    }
}
