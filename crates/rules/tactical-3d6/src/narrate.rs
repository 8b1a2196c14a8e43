//! The battle in words: one line per event, with every roll's make-up and rule IDs.

use crate::action::Defense;

/// How a defense is named in the log.
pub fn defense_label(d: Defense) -> String {
    match d {
        Defense::None => "no defense".into(),
        Defense::Dodge {
            retreat,
            drop,
            acrobatic,
        } => {
            let mut s = String::from(if acrobatic {
                "acrobatic dodge"
            } else {
                "dodge"
            });
            if retreat {
                s.push_str(" and retreat");
            }
            if drop {
                s.push_str(" and drop");
            }
            s
        }
        Defense::Dive => "dive for cover".into(),
        Defense::Parry { retreat, .. } => {
            if retreat {
                "parry and retreat".into()
            } else {
                "parry".into()
            }
        }
        Defense::Block { retreat } => {
            if retreat {
                "block and retreat".into()
            } else {
                "block".into()
            }
        }
    }
}
