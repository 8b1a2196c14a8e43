//! Policies by name, as scenarios and the command line write them: a side's controller
//! `ai:greedy` plays it with [`GreedyPolicy`].

use crate::first::FirstPolicy;
use crate::greedy::GreedyPolicy;
use crate::policy::Policy;
use crate::random::RandomPolicy;
use crate::search::SearchPolicy;
use fireteam_engine::Evaluate;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The policies the registry knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PolicyKind {
    Random,
    Greedy,
    First,
    /// Rollouts per decision: `search:N`, or [`crate::search::DEFAULT_ROLLOUTS`].
    Search {
        rollouts: u32,
    },
}

impl PolicyKind {
    /// Every known policy, in the order error messages list them.
    pub const ALL: [PolicyKind; 4] = [
        PolicyKind::Random,
        PolicyKind::Greedy,
        PolicyKind::First,
        PolicyKind::Search {
            rollouts: crate::search::DEFAULT_ROLLOUTS,
        },
    ];

    pub fn name(self) -> &'static str {
        match self {
            PolicyKind::Random => "random",
            PolicyKind::Greedy => "greedy",
            PolicyKind::First => "first",
            PolicyKind::Search { .. } => "search",
        }
    }

    /// A new policy of this kind, seeded for one battle and side.
    pub fn build<R: Evaluate + 'static>(self, seed: u64) -> Box<dyn Policy<R>> {
        match self {
            PolicyKind::Random => Box::new(RandomPolicy::new(seed)),
            PolicyKind::Greedy => Box::new(GreedyPolicy::<R>::new(seed)),
            PolicyKind::First => Box::new(FirstPolicy),
            PolicyKind::Search { rollouts } => {
                Box::new(SearchPolicy::<R>::new(seed).with_rollouts(rollouts))
            }
        }
    }
}

impl fmt::Display for PolicyKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The known names, comma-separated, for messages.
fn known() -> String {
    PolicyKind::ALL.map(PolicyKind::name).join(", ")
}

/// A policy name or controller that names no policy. The message lists the known policies.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PolicyError {
    #[error("unknown AI policy '{name}'; known policies: {known}", known = known())]
    Unknown { name: String },
    #[error("search:{given}: the rollouts per decision must be a whole number from 1 up, e.g. search:64")]
    Rollouts { given: String },
    #[error("controller '{controller}' is not an AI controller; write ai:<policy>, where <policy> is one of: {known}", known = known())]
    NotAi { controller: String },
}

impl FromStr for PolicyKind {
    type Err = PolicyError;

    /// Reads a policy name, ignoring case and surrounding blanks; `search:N` sets the search
    /// policy's rollouts per decision.
    fn from_str(s: &str) -> Result<Self, PolicyError> {
        let wanted = s.trim();
        let unknown = || PolicyError::Unknown {
            name: wanted.to_string(),
        };
        if let Some((name, n)) = wanted.split_once(':') {
            if !name.trim().eq_ignore_ascii_case("search") {
                return Err(unknown());
            }
            return match n.trim().parse::<u32>() {
                Ok(rollouts) if rollouts > 0 => Ok(PolicyKind::Search { rollouts }),
                _ => Err(PolicyError::Rollouts {
                    given: n.trim().to_string(),
                }),
            };
        }
        PolicyKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(wanted))
            .ok_or_else(unknown)
    }
}

/// Reads a scenario controller of the form `ai:<policy>`.
pub fn parse_controller(controller: &str) -> Result<PolicyKind, PolicyError> {
    match controller.trim().split_once(':') {
        Some((prefix, name)) if prefix.trim().eq_ignore_ascii_case("ai") => name.parse(),
        _ => Err(PolicyError::NotAi {
            controller: controller.to_string(),
        }),
    }
}

/// A new policy by name (`random`, `greedy`), seeded for one battle and side.
pub fn build_policy<R: Evaluate + 'static>(
    name: &str,
    seed: u64,
) -> Result<Box<dyn Policy<R>>, PolicyError> {
    Ok(name.parse::<PolicyKind>()?.build(seed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_controllers_parse() {
        assert_eq!("random".parse::<PolicyKind>(), Ok(PolicyKind::Random));
        assert_eq!(" Greedy ".parse::<PolicyKind>(), Ok(PolicyKind::Greedy));
        assert_eq!(parse_controller("ai:greedy"), Ok(PolicyKind::Greedy));
        assert_eq!(parse_controller("AI: random"), Ok(PolicyKind::Random));
        assert_eq!(
            parse_controller("ai:search:16"),
            Ok(PolicyKind::Search { rollouts: 16 })
        );
        assert_eq!(
            "search".parse::<PolicyKind>(),
            Ok(PolicyKind::Search {
                rollouts: crate::search::DEFAULT_ROLLOUTS
            })
        );
        assert!("search:0"
            .parse::<PolicyKind>()
            .unwrap_err()
            .to_string()
            .contains("e.g. search:64"));
        assert!(matches!(
            "greedy:3".parse::<PolicyKind>(),
            Err(PolicyError::Unknown { .. })
        ));
    }

    #[test]
    fn errors_list_the_known_policies() {
        let e = "minimax".parse::<PolicyKind>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown AI policy 'minimax'; known policies: random, greedy, first, search"
        );
        let e = parse_controller("ai:smart").unwrap_err();
        assert!(e.to_string().contains("'smart'"), "{e}");
        let e = parse_controller("human").unwrap_err();
        assert_eq!(
            e.to_string(),
            "controller 'human' is not an AI controller; write ai:<policy>, where <policy> is one of: random, greedy, first, search"
        );
    }
}
