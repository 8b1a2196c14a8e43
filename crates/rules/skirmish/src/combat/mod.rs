//! Rolls to hit and damage, shared by every attack: the resolution context (`ctx`), effective
//! DEX (`edex`), every adjustment of an attack's roll (`modifiers`, the SK-24 table), one roll to
//! hit and what follows it (`strike`), damage and its effects (`damage`), armor (`armor`), hits
//! in a known place (`located`, SK-21.4), what an energy weapon's shot meets on its way
//! (`shielding`, SK-14.3, SK-16.8-d, SK-17.4), footing in microgravity (`footing`) and the opposed
//! rolls of hand to hand and Martial Arts (`contest`).

pub mod armor;
pub(crate) mod contest;
pub mod ctx;
pub mod damage;
pub mod edex;
pub mod footing;
pub(crate) mod located;
pub mod modifiers;
pub(crate) mod shielding;
pub mod strike;

use crate::data::Weapon;
use crate::state::{Figure, State};

/// The weapon in slot `slot` of `f`, if there is one.
pub fn weapon_of<'s>(s: &'s State, f: &Figure, slot: Option<u8>) -> Option<&'s Weapon> {
    let slot = slot?;
    let w = f.weapons[usize::from(slot)]?;
    s.rules.weapons.get(usize::from(w.weapon))
}
