//! The named rule switches of dice-pool. Every gap resolution of `GAPS.md` that has a flag is an
//! option here; the defaults are the GAPS.md defaults, documented in `docs/rules/dice-pool.md`.

use serde::Serialize;

/// Every switch is off by default: the GAPS.md defaults are the plain readings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Options {
    /// DP-G02: a hit needs a total strictly greater than the difficulty (default: ≥).
    pub strictly_greater: bool,
    /// DP-G05: Armor Level adds to the Pain Resistance total instead of adding dice.
    pub armor_flat: bool,
    /// DP-G06: a stunned and wounded character takes −2 instead of −1.
    pub stun_and_wound_stack: bool,
    /// DP-G08: the extra action (initiative ≥ 10) comes at once, not in a second pass.
    pub extra_action_immediate: bool,
    /// DP-G10: a full-auto turn uses 5 bullets in all (reading B) instead of 5 per burst.
    pub fa_five_bullets_total: bool,
    /// DP-G11: a fast-draw success also lifts the one-shot limit of drawing.
    pub fast_draw_removes_shot_limit: bool,
    /// DP-G13: a scope's rating counts metres off the distance instead of range bands.
    pub scope_rating_metres: bool,
    /// DP-G14(a): parry dice come from the melee skill instead of Dodge, as written.
    pub parry_uses_melee_skill: bool,
    /// DP-G14(b): dodge and parry draw from one shared pool.
    pub shared_defense_pool: bool,
    /// DP-G19: every blast target uses the throw's own range difficulty.
    pub grenade_difficulty_from_thrower_range: bool,
    /// DP-G20: reloading takes the whole turn (both actions) instead of one action.
    pub reload_takes_whole_turn: bool,
}

/// Each option's scenario name, gap reference and meaning, for scenario validation and docs.
pub const OPTIONS: &[(&str, &str, &str)] = &[
    (
        "dp.strictly_greater",
        "DP-G02",
        "a hit needs total > difficulty (default: total ≥ difficulty)",
    ),
    (
        "dp.armor_flat",
        "DP-G05",
        "Armor Level adds to the PR total (default: adds PR dice)",
    ),
    (
        "dp.stun_and_wound_stack",
        "DP-G06",
        "stunned and wounded is −2 (default: −1)",
    ),
    (
        "dp.extra_action_immediate",
        "DP-G08",
        "the extra action comes at once (default: second pass)",
    ),
    (
        "dp.fa_five_bullets_total",
        "DP-G10",
        "full auto uses 5 bullets a turn (default: 5 per burst)",
    ),
    (
        "dp.fast_draw_removes_shot_limit",
        "DP-G11",
        "a fast draw lifts the one-shot limit (default: it stays)",
    ),
    (
        "dp.scope_rating_metres",
        "DP-G13",
        "scope rating in metres (default: range bands)",
    ),
    (
        "dp.parry_uses_melee_skill",
        "DP-G14",
        "parry dice = melee skill (default: Dodge, as written)",
    ),
    (
        "dp.shared_defense_pool",
        "DP-G14",
        "dodge and parry share one pool (default: two pools)",
    ),
    (
        "dp.grenade_difficulty_from_thrower_range",
        "DP-G19",
        "blast difficulty from the throw's range (default: each target's distance)",
    ),
    (
        "dp.reload_takes_whole_turn",
        "DP-G20",
        "reloading takes the whole turn (default: one action)",
    ),
];

impl Options {
    /// Sets an option by its scenario name; false when the name is unknown.
    pub fn set(&mut self, name: &str, value: bool) -> bool {
        let slot = match name {
            "dp.strictly_greater" => &mut self.strictly_greater,
            "dp.armor_flat" => &mut self.armor_flat,
            "dp.stun_and_wound_stack" => &mut self.stun_and_wound_stack,
            "dp.extra_action_immediate" => &mut self.extra_action_immediate,
            "dp.fa_five_bullets_total" => &mut self.fa_five_bullets_total,
            "dp.fast_draw_removes_shot_limit" => &mut self.fast_draw_removes_shot_limit,
            "dp.scope_rating_metres" => &mut self.scope_rating_metres,
            "dp.parry_uses_melee_skill" => &mut self.parry_uses_melee_skill,
            "dp.shared_defense_pool" => &mut self.shared_defense_pool,
            "dp.grenade_difficulty_from_thrower_range" => {
                &mut self.grenade_difficulty_from_thrower_range
            }
            "dp.reload_takes_whole_turn" => &mut self.reload_takes_whole_turn,
            _ => return false,
        };
        *slot = value;
        true
    }
}
