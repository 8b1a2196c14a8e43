//! Effective DEX (SK-5.7-a): the adjustments every roll of a figure carries (armor, shield,
//! backpack, encumbrance, eSTR 3 or less, a head hit last turn, blinding, tear gas, a gas mask,
//! being shaken by 5+ damage), and
//! the ordering eDEX of the action phase (SK-8.4.3-a, G-12).

use crate::event::Mods;
use crate::state::{Figure, State};
use fireteam_engine::{Modifier, RuleId};

/// The eDEX adjustments every roll of a figure carries (SK-5.7-a): armor (SK-14.1-e),
/// encumbrance (SK-14.2-a), wounds (SK-12.4-b, SK-12.4-d).
pub fn standing_mods(s: &State, f: &Figure, mods: &mut Mods) {
    if let Some(a) = f.armor.and_then(|a| s.rules.armor.get(usize::from(a))) {
        if a.dex_penalty != 0 {
            mods.push(Modifier::applied(
                "armor",
                "armor",
                i32::from(a.dex_penalty),
                RuleId("SK-14.1-e"),
            ));
        }
    }
    // A shield on the ground no longer weighs on him (SK-13.3-a).
    if let Some(a) = crate::hands::shield_carried(s, f) {
        if a.dex_penalty != 0 {
            mods.push(Modifier::applied(
                "shield",
                "shield",
                i32::from(a.dex_penalty),
                RuleId("SK-14.1-e"),
            ));
        }
    }
    if f.backpack {
        // SK-14.1-h, G-26: the full backpack's −1 DEX, −2 when its contents weigh more than
        // STR kg (INVENTED threshold).
        mods.push(Modifier::applied(
            "backpack",
            "full backpack",
            if f.backpack_heavy { -2 } else { -1 },
            RuleId("SK-14.1-h"),
        ));
    }
    if f.enc_dex != 0 {
        mods.push(Modifier::applied(
            "encumbrance",
            "encumbrance",
            i32::from(f.enc_dex),
            RuleId("SK-14.2-a"),
        ));
    }
    if f.est() <= 3 {
        mods.push(Modifier::applied(
            "low-str",
            "STR 3 or less",
            -3,
            RuleId("SK-12.4-b"),
        ));
    }
    if f.head_turn != 0 && s.turn == f.head_turn {
        mods.push(Modifier::applied(
            "head-hit",
            "hit in the head last turn",
            -4,
            RuleId("SK-21.4-d"),
        ));
    }
    // ---- energy weapons and protective gear
    if f.blinded {
        // SK-21.6-e: blinded by an energy weapon's flash, for good.
        mods.push(Modifier::applied(
            "blinded",
            "blinded by an energy weapon's flash",
            -4,
            RuleId("SK-21.6-e"),
        ));
    }
    if let Some(a) = f.suit.and_then(|a| s.rules.armor.get(usize::from(a))) {
        // SK-14.1-T1: the protective energy suit's −1 DEX (SK-14.1-e), beside any armor.
        if a.dex_penalty != 0 {
            mods.push(Modifier::applied(
                "suit",
                "protective suit",
                i32::from(a.dex_penalty),
                RuleId("SK-14.1-e"),
            ));
        }
    }
    if let Some(h) = f.helmet.and_then(|a| s.rules.armor.get(usize::from(a))) {
        // SK-21.6: a helmet costs no DEX; a catalog helmet that says otherwise is counted.
        if h.dex_penalty != 0 {
            mods.push(Modifier::applied(
                "helmet",
                "helmet",
                i32::from(h.dex_penalty),
                RuleId("SK-14.1-e"),
            ));
        }
    }
    if f.gassed {
        // SK-16.12-s: tear gas, −4 DEX to the end of the combat (every roll and the order).
        mods.push(Modifier::applied(
            "tear-gas",
            "tear gas",
            -4,
            RuleId("SK-16.12-s"),
        ));
    }
    if f.mask_on {
        // SK-16.12-v: a gas mask costs 1 DEX while it is worn.
        mods.push(Modifier::applied(
            "gas-mask",
            "wearing a gas mask",
            -1,
            RuleId("SK-16.12-v"),
        ));
    }
    if s.clock() <= f.shaken_until && f.shaken_until > 0 {
        mods.push(Modifier::applied(
            "shaken",
            "took 5+ damage",
            -2,
            RuleId("SK-12.4-d"),
        ));
    }
}

/// The ordering eDEX: DEX with armor, encumbrance and wounds only (SK-8.4.3-a, G-12).
pub fn order_dex(s: &State, f: &Figure) -> i16 {
    let mut m = Mods::new();
    standing_mods(s, f, &mut m);
    f.dex + Modifier::total(&m) as i16
}
