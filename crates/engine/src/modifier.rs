//! Modifiers as typed records: what changes a roll, by how much, under which rule, and whether
//! it applied. The GM's breakdown, the event log, the AI and the odds engine read the same
//! records; nothing is matched by its description.

use serde::Serialize;
use std::fmt;

/// A rule ID from a system's inventory, such as `DP-MOD-01` or `SK-10.5-e`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct RuleId(pub &'static str);

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// One modifier to a roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Modifier {
    /// A short stable id, e.g. `running`, `cover-50`.
    pub id: &'static str,
    /// What a person reads, e.g. "Running".
    pub label: &'static str,
    /// The change (dice, points, DEX…; the system says which).
    pub value: i32,
    /// The rule that gives it.
    pub rule: RuleId,
    /// Whether it counts for this roll.
    pub applied: bool,
    /// Why it does not count, when it does not (e.g. "laser sights do not help autofire").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
}

impl Modifier {
    pub fn applied(id: &'static str, label: &'static str, value: i32, rule: RuleId) -> Self {
        Modifier {
            id,
            label,
            value,
            rule,
            applied: true,
            reason: None,
        }
    }

    pub fn not_applied(
        id: &'static str,
        label: &'static str,
        value: i32,
        rule: RuleId,
        reason: &'static str,
    ) -> Self {
        Modifier {
            id,
            label,
            value,
            rule,
            applied: false,
            reason: Some(reason),
        }
    }

    /// The sum of the applied modifiers.
    pub fn total(mods: &[Modifier]) -> i32 {
        mods.iter().filter(|m| m.applied).map(|m| m.value).sum()
    }
}

impl fmt::Display for Modifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.applied {
            write!(f, "{} {:+} [{}]", self.label, self.value, self.rule)
        } else {
            write!(
                f,
                "({} {:+} [{}] not applied: {})",
                self.label,
                self.value,
                self.rule,
                self.reason.unwrap_or("")
            )
        }
    }
}
