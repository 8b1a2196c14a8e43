//! A resolution's scratch state: every event is applied to it as it is written, so the rules
//! read what has happened so far, and only what an event carries reaches the real state.

use crate::event::{Check, Event};
use crate::state::State;
use fireteam_dice::{Dice, DiceSource, Purpose};
use fireteam_engine::{Modifier, ResolveError, RuleId, UnitId};
use smallvec::SmallVec;

pub struct Ctx<'a> {
    pub s: State,
    /// A decision is now awaited (or the battle is over): the resolution stops here.
    pub awaiting: bool,
    pub dice: &'a mut dyn DiceSource,
    pub out: &'a mut Vec<Event>,
}

pub type R<T> = Result<T, ResolveError>;

impl<'a> Ctx<'a> {
    pub fn new(s: &State, dice: &'a mut dyn DiceSource, out: &'a mut Vec<Event>) -> Self {
        Ctx {
            s: s.clone(),
            awaiting: false,
            dice,
            out,
        }
    }

    pub fn emit(&mut self, e: Event) {
        if matches!(
            e,
            Event::DefenseAwaited(_)
                | Event::WaitTriggered { .. }
                | Event::Await { .. }
                | Event::Over { .. }
        ) {
            self.awaiting = true;
        }
        crate::apply::apply(&mut self.s, &e);
        self.out.push(e);
    }

    /// `n`d6, the faces kept for the record; the enumerator branches on the sum.
    pub fn roll(&mut self, tag: &str, n: u8) -> R<(SmallVec<[u32; 8]>, i32)> {
        let mut faces = Vec::with_capacity(usize::from(n));
        self.dice
            .roll_sum_into(&Purpose::new(tag), Dice::new(u32::from(n), 6), &mut faces)?;
        let total = faces.iter().sum::<u32>() as i32;
        Ok((faces.into_iter().collect(), total))
    }

    /// T3-CORE-02, T3-CORE-03, T3-G01: a 3d6 success roll against `base` plus `modifiers`,
    /// for a caller that reads only whether it succeeded.
    pub fn check(
        &mut self,
        unit: UnitId,
        what: &'static str,
        base: i32,
        modifiers: Vec<Modifier>,
        rule: RuleId,
    ) -> R<Check> {
        self.check_reading(unit, what, base, modifiers, rule, &|_, ok, _| i64::from(ok))
    }

    /// A success roll for a caller that reads more of it: `reads(total, success, margin)`
    /// names every distinction the caller draws, so the exact odds branch once per distinct
    /// answer rather than once per total (the faces shown are those of its lowest total).
    pub fn check_reading(
        &mut self,
        unit: UnitId,
        what: &'static str,
        base: i32,
        modifiers: Vec<Modifier>,
        rule: RuleId,
        reads: &dyn Fn(i32, bool, i32) -> i64,
    ) -> R<Check> {
        let value = base + Modifier::total(&modifiers);
        let auto = self.s.rules.options.auto_success_failure;
        let class = move |t: i64| -> i64 {
            let t = t as i32;
            reads(t, success(t, value, auto).0, value - t)
        };
        let mut faces = Vec::with_capacity(3);
        self.dice
            .roll_sum_classed(&Purpose::new(what), Dice::new(3, 6), &mut faces, &class)?;
        let total = faces.iter().sum::<u32>() as i32;
        let (ok, why) = success(total, value, auto);
        Ok(Check {
            unit,
            what,
            base,
            modifiers,
            value,
            faces: faces.into_iter().collect(),
            total,
            success: ok,
            margin: value - total,
            auto: why,
            rule,
        })
    }
}

/// T3-CORE-02 with T3-G01's `t3.auto_success_failure`: success on total ≤ value; with the
/// option, 3-4 always succeeds and 17-18 always fails.
pub fn success(total: i32, value: i32, auto: bool) -> (bool, Option<&'static str>) {
    if auto && total <= 4 && total > value {
        (true, Some("3 or 4 always succeeds (T3-G01)"))
    } else if auto && total >= 17 && total <= value {
        (false, Some("17 or 18 always fails (T3-G01)"))
    } else {
        (total <= value, None)
    }
}

/// A modifier that applies.
pub fn m(id: &'static str, label: &'static str, value: i32, rule: &'static str) -> Modifier {
    Modifier::applied(id, label, value, RuleId(rule))
}
