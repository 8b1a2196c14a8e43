//! Healing immediately after the combat (book §6.5.1 Medic, §6.8.1 Doctor; G-67).
//!
//! A Medic with a medical kit heals up to 2 points of damage, lethal or nonlethal, of any
//! character (SK-6.5.1-a); a Doctor heals 1 more, with or without a kit: 3 with one, 1 without
//! (SK-6.8.1-a, G-67's reading). Healers do not add up: each character is healed once, by the
//! best healer who may treat him (G-67). Nothing limits how many characters one healer treats
//! ("each use … takes 5 minutes"), so no choice is left: everyone wounded gets the best healing
//! he can. Who may treat whom is `sk.medics_heal`: the healer's own side (default) or every
//! character ("any character", foes too). The healer must be conscious; he may treat himself.
//! The dead are not healed. Lethal damage is healed first: nonlethal damage recovers by itself
//! (SK-21.3-e/f).

use crate::data::ItemKind;
use crate::event::Event;
use crate::skills;
use crate::state::{Condition, FigId, Figure, State};
use fireteam_engine::RuleId;

const MEDIC: u64 = skills::bit("medic");
const DOCTOR: u64 = skills::bit("doctor");

/// A healer's healing (G-67): the points, whether he uses a medical kit, and the rule. A Doctor
/// heals 3 with a kit and 1 without (SK-6.8.1-a); a Medic 2 with a kit and nothing without
/// (SK-6.5.1-a "He must have a medical kit").
pub fn healing_power(f: &Figure) -> (i16, bool, RuleId) {
    let kit = f.has_item(ItemKind::MedicalKit);
    if skills::has(f.skills, DOCTOR) {
        (if kit { 3 } else { 1 }, kit, RuleId("SK-6.8.1-a"))
    } else if skills::has(f.skills, MEDIC) && kit {
        (2, true, RuleId("SK-6.5.1-a"))
    } else {
        (0, kit, RuleId("SK-6.5.1-a"))
    }
}

/// A healer is conscious when the combat ends (a practice's beaten fighter is unhurt).
fn can_heal(f: &Figure) -> bool {
    matches!(f.condition, Condition::Active | Condition::Beaten)
}

/// The best healer for `patient`: the highest healing among those who may treat him, the
/// first in scenario order on a tie.
pub fn best_healer(s: &State, patient: &Figure) -> Option<(FigId, i16, bool, RuleId)> {
    let everyone = s.rules.options.heal_foes;
    let mut best: Option<(FigId, i16, bool, RuleId)> = None;
    for h in &s.figures {
        if !can_heal(h) || (h.side != patient.side && !everyone) {
            continue;
        }
        let (points, kit, rule) = healing_power(h);
        if points > 0 && best.is_none_or(|b| points > b.1) {
            best = Some((h.id, points, kit, rule));
        }
    }
    best
}

/// SK-6.5.1-a, SK-6.8.1-a: one `Healed` for each living wounded character someone may treat.
pub fn heal(s: &State, out: &mut Vec<Event>) {
    for p in &s.figures {
        let hurt = p.damage.max(0) + p.nonlethal.max(0);
        if p.condition == Condition::Dead || hurt <= 0 {
            continue;
        }
        let Some((by, points, kit, rule)) = best_healer(s, p) else {
            continue;
        };
        let amount = points.min(hurt);
        let lethal = amount.min(p.damage.max(0));
        out.push(Event::Healed {
            fig: p.id,
            by,
            lethal,
            nonlethal: amount - lethal,
            kit,
            rule,
        });
    }
}
