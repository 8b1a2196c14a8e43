//! Armor, shields and backpacks (SK-14.1, SK-16.7-f): the hits they stop, with the optional
//! partial and degraded armor (SK-21.6-b, SK-21.7-a), and the armor Martial Arts allows
//! (SK-16.15.4-a, G-09).

use crate::data::{ArmorKind, Class, Spread, Weapon};
use crate::geometry;
use crate::state::{Figure, State};
use fireteam_grid::Arc;

/// SK-16.15.4-a / G-09: Martial Arts only with armor and shields costing no more than 2 DEX,
/// or a vest (option: cloth only).
pub fn martial_arts_allowed(s: &State, f: &Figure) -> bool {
    let armor = f.armor.and_then(|a| s.rules.armor.get(usize::from(a)));
    let shield = crate::hands::shield_carried(s, f);
    if s.rules.options.ma_cloth_only {
        return armor.is_none_or(|a| a.defense <= 1) && shield.is_none();
    }
    let pen = armor.map_or(0, |a| a.dex_penalty) + shield.map_or(0, |a| a.dex_penalty);
    pen >= -2 || armor.is_some_and(|a| a.kind == ArmorKind::Vest)
}

/// Hits stopped by the target's protection against this attack (SK-14.1-a/c/g/h, SK-16.7-f,
/// SK-21.6-f).
pub fn armor_value(s: &State, tgt: &Figure, from: crate::state::Pos, w: Option<&Weapon>) -> i16 {
    armor_at(s, tgt, from, w, None)
}

/// [`armor_value`] for a hit in a known place: with partial armor (SK-21.6-b) a vest does not
/// cover arms and legs, a jacket not the legs, and nothing covers the head (no helmets are
/// modelled); degraded armor (SK-21.7-a) is useless after absorbing 40 × its value.
pub fn armor_at(
    s: &State,
    tgt: &Figure,
    from: crate::state::Pos,
    w: Option<&Weapon>,
    loc: Option<crate::autoresult::Location>,
) -> i16 {
    use crate::autoresult::Location;
    let mut v = 0;
    let opts = &s.rules.options;
    let shotgun = w.is_some_and(|w| matches!(w.spread, Some(Spread::Wide) | Some(Spread::Narrow)));
    let blast = w.is_some_and(|w| w.class == Class::Grenade) || shotgun;
    if let Some(a) = tgt.armor.and_then(|a| s.rules.armor.get(usize::from(a))) {
        let worn_out = opts.degraded_armor
            && a.defense > 0
            && u32::from(tgt.absorbed) >= 40 * a.defense as u32;
        let uncovered = opts.partial_armor
            && match loc {
                Some(Location::Head) => true,
                Some(Location::RightLeg | Location::LeftLeg) => {
                    matches!(a.kind, ArmorKind::Vest | ArmorKind::Jacket)
                }
                Some(Location::WeaponArm | Location::OtherArm) => a.kind == ArmorKind::Vest,
                None => false,
            };
        v += if worn_out || uncovered {
            0
        } else {
            match a.kind {
                ArmorKind::Body if shotgun => a.defense * 2,
                ArmorKind::Vest if blast => a.defense / 3,
                ArmorKind::Jacket if blast => a.defense / 2,
                _ => a.defense,
            }
        };
    }
    let arc = geometry::arc_from(tgt, from);
    // A shield in hand covers the front, one slung on the back the rear (G-26).
    if tgt.pos != from {
        v += crate::hands::shield_covers(s, tgt, arc);
    }
    if tgt.backpack && arc == Arc::Rear {
        v += 1;
    }
    v
}
