//! Armor, helmets, shields and backpacks (SK-14.1, SK-16.7-f): the hits they stop, with the
//! optional partial and degraded armor (SK-21.6-b/c, SK-21.7-a), and the armor Martial Arts
//! allows (SK-16.15.4-a, G-09).

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
/// cover arms and legs, a jacket not the legs, and only a helmet covers the head; degraded armor
/// (SK-21.7-a) is useless after absorbing 40 × its value.
pub fn armor_at(
    s: &State,
    tgt: &Figure,
    from: crate::state::Pos,
    w: Option<&Weapon>,
    loc: Option<crate::autoresult::Location>,
) -> i16 {
    armor_in(s, tgt, from, w, loc, false)
}

/// [`armor_at`] for a hit of an attack that may be an aimed throw of a knife: with partial armor
/// a helmet without a visor does not stop it (SK-21.6-c).
pub fn armor_hit(
    s: &State,
    tgt: &Figure,
    from: crate::state::Pos,
    w: Option<&Weapon>,
    loc: Option<crate::autoresult::Location>,
    aimed_thrown_knife: bool,
) -> i16 {
    armor_in(s, tgt, from, w, loc, aimed_thrown_knife)
}

fn armor_in(
    s: &State,
    tgt: &Figure,
    from: crate::state::Pos,
    w: Option<&Weapon>,
    loc: Option<crate::autoresult::Location>,
    aimed_thrown_knife: bool,
) -> i16 {
    use crate::autoresult::Location;
    let mut v = 0;
    let opts = &s.rules.options;
    let shotgun = w.is_some_and(|w| matches!(w.spread, Some(Spread::Wide) | Some(Spread::Narrow)));
    let blast = w.is_some_and(|w| w.class == Class::Grenade) || shotgun;
    if let Some(a) = tgt.armor.and_then(|a| s.rules.armor.get(usize::from(a))) {
        // Read only against this threshold; the exact odds' checkpoint keys rely on it
        // (`combat::ctx`).
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
    // ---- helmets (SK-21.6-b/c, G-26): a hit in the head meets the helmet. With partial armor
    // the helmet alone covers the head, and not against an aimed thrown knife without a visor;
    // without it, body armor covers the head as well and the better of the two counts.
    if loc == Some(Location::Head) {
        if let Some(h) = tgt.helmet.and_then(|a| s.rules.armor.get(usize::from(a))) {
            let open_face = opts.partial_armor
                && aimed_thrown_knife
                && !tgt.has_item(crate::data::ItemKind::Visor);
            let hv = if open_face { 0 } else { h.defense };
            v = if opts.partial_armor {
                v + hv
            } else {
                v.max(hv)
            };
        }
    }
    // SK-10.5-c: every hex is rear to a crawling figure's shield and backpack too.
    let arc = geometry::attacked_from(tgt, from);
    // A shield in hand covers the front, one slung on the back the rear (G-26).
    if tgt.pos != from {
        v += crate::hands::shield_covers(s, tgt, arc);
    }
    if tgt.backpack && arc == Arc::Rear {
        v += 1;
    }
    v
}
