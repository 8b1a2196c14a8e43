//! The legal actions of each phase. They are listed most direct first (standing up after a
//! fall, taking up a weapon when empty-handed, attacking before anything else, standing still
//! before moving, declining an optional reaction first), so the `first` policy plays the plain
//! duel the benchmark asks for: the order of each list is part of the behaviour.

pub(crate) mod action;
// ---- grenades thrown at an area (SK-16.12-b)
pub(crate) mod area;
pub(crate) mod disengage;
pub(crate) mod gear;
pub(crate) mod movement;
pub(crate) mod retreat;
// ---- the Shield skill (SK-6.1.7-a, SK-14.1-g)
pub(crate) mod shield_skill;
pub(crate) mod targets;
