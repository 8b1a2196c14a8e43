//! What a figure holds, and how (SK-13.1-b, SK-13.1-g, SK-13.2, SK-13.3, SK-6.5.3, G-05, G-35):
//! the weapon in the main hand (`Figure::ready`), a second one-handed weapon in the other hand
//! (`Figure::off_hand`, SK-6.5.3), and the shield, ready in hand, slung on the back or on the
//! ground (`Figure::shield_at`, SK-13.3-a, G-26). Every rule that asks "what is in his hands"
//! asks here.
//!
//! The grip follows from the hands: a weapon is held in both hands whenever the other hand is
//! free (no second weapon, no shield in hand, both arms in use), because the two-handed grip is
//! never worse: it is the table's better row for the Broadsword/Katana and the Spear (G-05),
//! half the STR for a one-handed gun (SK-13.1-g), and what a two-handed weapon needs
//! (SK-13.3-a). A two-handed weapon is held in one hand only when the other hand holds
//! something, and only at the STR that allows it (SK-13.3-b, SK-13.1-g).

use crate::data::{ArmorKind, Class, Weapon};
use crate::progression::StrColumn;
use crate::state::{Figure, ShieldAt, State, WeaponState};

/// How the main-hand weapon is held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grip {
    OneHand,
    TwoHands,
}

/// The shield (or parrying dagger) occupies a hand (SK-14.1-c/d).
pub fn shield_in_hand(f: &Figure) -> bool {
    f.shield.is_some() && f.shield_at == ShieldAt::Hand
}

/// Nothing in the other hand and both arms in use (SK-21.4-e: an arm out leaves one hand).
pub fn other_hand_free(f: &Figure) -> bool {
    f.off_hand.is_none() && !shield_in_hand(f) && !f.arm_out
}

// ---- arms out of use (SK-21.4-e)

/// SK-21.4-e: the hands he can use, one for each arm not out of use (nor lost).
pub fn hands_left(f: &Figure) -> u8 {
    2u8.saturating_sub((f.arms_out & crate::aftermath::injuries::ARMS).count_ones() as u8)
}

/// SK-21.4-e: both arms out of use: he can hold, take up or use nothing in his hands.
pub fn no_hands(f: &Figure) -> bool {
    hands_left(f) == 0
}

/// A hand free for a small item (a flashlight, a burning grenade picked up, SK-17.5-c,
/// SK-16.12-u) beside the main weapon: not with a two-handed weapon ready, nor with the one hand
/// an arm out of use leaves holding a weapon (SK-21.4-e).
pub fn item_hand_free(s: &State, f: &Figure) -> bool {
    let main = crate::combat::weapon_of(s, f, f.ready)
        .filter(|_| f.ready.is_some())
        .map_or(0, |w| if w.hands >= 2 { 2 } else { 1 });
    hands_left(f) > main
}

/// SK-21.4-e "drops his weapon if it hit the weapon hand": the arm whose hand holds his main
/// weapon: his weapon arm, or, once it is out of use, the other arm, the one hand he has left
/// (a one-armed figure's arm left is his weapon arm, `scenario::setup`).
pub fn weapon_hand(f: &Figure) -> crate::autoresult::Location {
    use crate::aftermath::injuries::limb_bit;
    use crate::autoresult::Location;
    if f.arms_out & limb_bit(Location::WeaponArm) != 0 {
        Location::OtherArm
    } else {
        Location::WeaponArm
    }
}

/// The main-hand weapon's grip (see the module doc).
pub fn grip(f: &Figure) -> Grip {
    if other_hand_free(f) {
        Grip::TwoHands
    } else {
        Grip::OneHand
    }
}

/// The STR to hold a two-handed weapon in one hand: the catalog's `str_one_handed` (the shotgun
/// table, SK-16.7-T1; twice the STR for the Automatic Rifle and the SMG, SK-13.1-g), else the
/// minimum + 10 (SK-13.3-b; a weapon with no minimum counts it as 0, G-04). One-handed weapons
/// need nothing more.
pub fn str_one_handed(w: &Weapon) -> Option<i16> {
    (w.hands >= 2).then(|| {
        w.str_one_handed
            .unwrap_or_else(|| w.str_min.unwrap_or(0) + 10)
    })
}

/// Whether `f` may hold `w` in one hand (SK-13.3-b).
pub fn one_handed_ok(f: &Figure, w: &Weapon) -> bool {
    str_one_handed(w).is_none_or(|need| f.st >= need)
}

/// Whether the weapon needs both of `f`'s hands.
pub fn needs_both_hands(f: &Figure, w: &Weapon) -> bool {
    !one_handed_ok(f, w)
}

/// The STR a weapon asks of its holder in this grip (SK-13.2-a, G-35), before the recoil of
/// bursts: the table's minimum; half of it, rounded up, for a one-handed missile weapon held in
/// both hands (SK-13.1-g); a two-handed weapon held in one hand is allowed only at its
/// one-handed STR (SK-13.3-b), so it never falls short of it. `None`: no minimum (G-04).
///
/// The halving is for missile weapons only: §13.1 gives it for the STR that controls recoil
/// "when firing", and the table's own two-handed rows for melee weapons keep their STR (G-05:
/// the Broadsword/Katana is 13 and the Spear 11 in either grip). G-35 states the rule without
/// naming the weapons; this is our reading of its scope.
pub fn str_for_grip(w: &Weapon, grip: Grip) -> Option<i16> {
    let min = w.str_min?;
    Some(match (w.hands >= 2, grip) {
        (false, Grip::TwoHands) if w.class == Class::Missile => (min + 1) / 2,
        (true, Grip::OneHand) => str_one_handed(w).unwrap_or(min),
        _ => min,
    })
}

/// The grip a weapon in `slot` is used in: the main hand's grip (a bayonet's is its rifle's,
/// SK-16.3), or one hand for the off hand.
pub fn grip_of_slot(f: &Figure, slot: Option<u8>) -> Grip {
    match slot {
        Some(k) if f.ready == Some(k) => grip(f),
        Some(k) if f.bayonet.is_some_and(|(knife, _)| knife == k) => grip(f),
        _ => Grip::OneHand,
    }
}

/// A weapon's STR requirement as `f` holds the weapon in `slot`.
pub fn str_need(f: &Figure, slot: Option<u8>, w: &Weapon) -> Option<i16> {
    str_for_grip(w, grip_of_slot(f, slot))
}

/// G-05: the table's two-handed row applies when the weapon is held in both hands.
pub fn two_handed_row(f: &Figure, slot: Option<u8>, w: &Weapon) -> bool {
    w.damage_two_handed.is_some() && grip_of_slot(f, slot) == Grip::TwoHands
}

/// SK-16.4-a: a two-handed cutting weapon, held in both hands (G-05: the one-handed Broadsword
/// does not sweep).
pub fn sweeps(f: &Figure, w: &Weapon) -> bool {
    w.cutting && (w.hands >= 2 || w.damage_two_handed.is_some()) && grip(f) == Grip::TwoHands
}

/// The shield's item, if it is carried (not on the ground).
pub fn shield_carried<'s>(s: &'s State, f: &Figure) -> Option<&'s crate::data::Armor> {
    f.shield
        .filter(|_| f.shield_at != ShieldAt::Ground)
        .and_then(|a| s.rules.armor.get(usize::from(a)))
}

/// Whether the shield covers the front (ready in hand) or the rear (a shield slung on the back,
/// G-26; a parrying dagger put away covers nothing).
pub fn shield_covers(s: &State, f: &Figure, arc: fireteam_grid::Arc) -> i16 {
    let Some(a) = shield_carried(s, f) else {
        return 0;
    };
    match (f.shield_at, arc) {
        (ShieldAt::Hand, fireteam_grid::Arc::Front) => a.defense,
        (ShieldAt::Back, fireteam_grid::Arc::Rear) if a.kind == ArmorKind::Shield => a.defense,
        _ => 0,
    }
}

/// The weapon in the other hand, usable.
pub fn off_weapon<'s>(s: &'s State, f: &Figure) -> Option<&'s Weapon> {
    let k = f.off_hand?;
    let sl = f.weapons[usize::from(k)].filter(|w| w.state == WeaponState::Ok)?;
    s.rules.weapons.get(usize::from(sl.weapon))
}

/// SK-13.2-b, G-35: how much more damage `f` may put into a blow or a throw with the weapon in
/// `slot`: +1 per 2 STR above the weapon's minimum, at most +3. The minimum is the table's, or
/// the higher STR a two-handed weapon held in one hand asks (SK-13.3-b). Melee and thrown
/// weapons only (G-35's scope, INVENTED); a weapon with no minimum gives nothing.
pub fn str_surplus(f: &Figure, slot: Option<u8>, w: &Weapon) -> u8 {
    if !matches!(w.class, Class::Melee | Class::Thrown) || w.str_table.is_some() {
        return 0;
    }
    let (Some(min), Some(need)) = (w.str_min, str_need(f, slot, w)) else {
        return 0;
    };
    ((f.st - min.max(need)).max(0) / 2).min(3) as u8
}

/// Whether the two weapons are a combination anyone may fight with (SK-6.5.3-a): the catalog's
/// `combination` of either names the other's id or group.
pub fn combination(a: &Weapon, b: &Weapon) -> bool {
    let names = |x: &Weapon, y: &Weapon| {
        x.combination
            .iter()
            .any(|c| *c == y.id || y.group.as_deref() == Some(c.as_str()))
    };
    names(a, b) || names(b, a)
}

/// SK-16.1-d: brass knuckles (the weapon read from the Brass Knuckles column) "can't be
/// dropped": no roll or blow makes a figure let go of them.
pub fn droppable(w: &Weapon) -> bool {
    w.str_table != Some(StrColumn::Brass)
}

/// A weapon that may be used in hand to hand: a knife or a pistol (SK-16.15.3-b, SK-11.9.1-a),
/// and brass knuckles (SK-16.1-d: "can be used in HTH combat").
pub fn hth_weapon(w: &Weapon) -> bool {
    w.is_group("knife") || w.is_group("pistol") || w.str_table == Some(StrColumn::Brass)
}
