//! The `t3.*` options: one per GAPS.md flag, each with the GAPS default. `OPTIONS` is what the
//! scenario schema admits; `Options` is what the rules read.

use fireteam_scenario::{OptionSpec, Scenario};
use serde::Serialize;

/// Every option, with its gap and default, in the schema's form.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec::bool(
        "t3.auto_success_failure",
        true,
        "T3-G01: 3-4 always succeeds, 17-18 always fails",
    ),
    OptionSpec::bool(
        "t3.evaluate_melee_only",
        false,
        "T3-G06: Evaluate helps melee attacks only",
    ),
    OptionSpec::bool(
        "t3.stand_up_two_actions_always",
        false,
        "T3-G15: standing up always takes two actions",
    ),
    OptionSpec::bool(
        "t3.crawling_as_crouched",
        false,
        "T3-G16: crawling gives the crouched -2 to attackers",
    ),
    OptionSpec::bool(
        "t3.defense_negates_all_autofire_hits",
        false,
        "T3-G17: one successful defense stops every autofire hit",
    ),
    OptionSpec::bool(
        "t3.average_round_half_up",
        false,
        "T3-G18: average damage rounds halves up",
    ),
    OptionSpec::bool(
        "t3.multi_target_penalty_first_exempt",
        false,
        "T3-G19: the first of several targets takes no -6",
    ),
    OptionSpec::bool(
        "t3.suppress_attacks_occupants",
        false,
        "T3-G21: suppression fire attacks those already in a zone",
    ),
    OptionSpec::bool(
        "t3.random_hit_locations",
        false,
        "T3-HITLOC-04: the GM rules ranged fire blind or similar: random locations",
    ),
    OptionSpec::bool(
        "t3.min_injury_one",
        true,
        "T3-G26: damage that penetrates injures at least 1",
    ),
    OptionSpec::bool(
        "t3.extremities_as_limbs",
        false,
        "T3-G27: hands and feet take imp, pi+ and pi++ as limbs do",
    ),
    OptionSpec::bool(
        "t3.crippling_auto_knockdown",
        false,
        "T3-G32: a crippled limb knocks down with no roll",
    ),
    OptionSpec::bool(
        "t3.destroy_vs_threshold",
        false,
        "T3-G35: destroyed above twice the threshold, not the minimum",
    ),
    OptionSpec::bool(
        "t3.fall_bt_only_if_no_penetration",
        false,
        "T3-G38: a fall's blunt trauma only when nothing penetrates",
    ),
];

/// The options one battle plays with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Options {
    pub auto_success_failure: bool,
    pub evaluate_melee_only: bool,
    pub stand_up_two_actions_always: bool,
    pub crawling_as_crouched: bool,
    pub defense_negates_all_autofire_hits: bool,
    pub average_round_half_up: bool,
    pub multi_target_penalty_first_exempt: bool,
    pub suppress_attacks_occupants: bool,
    pub random_hit_locations: bool,
    pub min_injury_one: bool,
    pub extremities_as_limbs: bool,
    pub crippling_auto_knockdown: bool,
    pub destroy_vs_threshold: bool,
    pub fall_bt_only_if_no_penetration: bool,
}

impl Default for Options {
    /// The GAPS.md defaults.
    fn default() -> Self {
        Options {
            auto_success_failure: true,
            evaluate_melee_only: false,
            stand_up_two_actions_always: false,
            crawling_as_crouched: false,
            defense_negates_all_autofire_hits: false,
            average_round_half_up: false,
            multi_target_penalty_first_exempt: false,
            suppress_attacks_occupants: false,
            random_hit_locations: false,
            min_injury_one: true,
            extremities_as_limbs: false,
            crippling_auto_knockdown: false,
            destroy_vs_threshold: false,
            fall_bt_only_if_no_penetration: false,
        }
    }
}

impl Options {
    /// The options a loaded scenario sets (the loader has filled in every default).
    pub fn from_scenario(sc: &Scenario) -> Options {
        let flag = |name: &str| {
            sc.option(name)
                .and_then(|v| v.as_bool())
                .unwrap_or_else(|| {
                    OPTIONS
                        .iter()
                        .find(|o| o.name == name)
                        .and_then(|o| o.default_value().as_bool())
                        .unwrap_or(false)
                })
        };
        Options {
            auto_success_failure: flag("t3.auto_success_failure"),
            evaluate_melee_only: flag("t3.evaluate_melee_only"),
            stand_up_two_actions_always: flag("t3.stand_up_two_actions_always"),
            crawling_as_crouched: flag("t3.crawling_as_crouched"),
            defense_negates_all_autofire_hits: flag("t3.defense_negates_all_autofire_hits"),
            average_round_half_up: flag("t3.average_round_half_up"),
            multi_target_penalty_first_exempt: flag("t3.multi_target_penalty_first_exempt"),
            suppress_attacks_occupants: flag("t3.suppress_attacks_occupants"),
            random_hit_locations: flag("t3.random_hit_locations"),
            min_injury_one: flag("t3.min_injury_one"),
            extremities_as_limbs: flag("t3.extremities_as_limbs"),
            crippling_auto_knockdown: flag("t3.crippling_auto_knockdown"),
            destroy_vs_threshold: flag("t3.destroy_vs_threshold"),
            fall_bt_only_if_no_penetration: flag("t3.fall_bt_only_if_no_penetration"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_gaps_defaults_and_the_schemas() {
        let d = Options::default();
        for spec in OPTIONS {
            let field = spec.name.trim_start_matches("t3.");
            let json = serde_json::to_value(d).unwrap();
            assert_eq!(
                json[field].as_bool(),
                spec.default_value().as_bool(),
                "{}",
                spec.name
            );
        }
        assert_eq!(
            serde_json::to_value(d).unwrap().as_object().unwrap().len(),
            OPTIONS.len()
        );
    }
}
