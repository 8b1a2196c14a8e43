//! Characters as data, checked against the creation rules (SK-5.6, SK-6).

use fireteam_scenario::{Catalog, FieldError, Scenario};

/// Every unit of a scenario checked against the creation rules.
pub fn check_scenario(_scenario: &Scenario, _catalog: &Catalog) -> Vec<FieldError> {
    Vec::new()
}
