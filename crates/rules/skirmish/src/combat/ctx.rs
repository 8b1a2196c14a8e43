//! The resolution context, `Ctx`: the scratch state, the dice and the events so far, with its
//! dice helpers (`roll`, and `check`: n d6 against a target, SK-5.9-a).
//!
//! Resolution works on a scratch copy of the state: every event is applied to it as it is
//! emitted, so later steps of one action (the fall check after a second bullet, say) see the
//! state the earlier steps made, while the real state stays untouched until the engine applies
//! the same events.

use crate::apply::apply;
use crate::combat::damage::HitInfo;
use crate::event::{Event, Faces};
use crate::state::{FigId, State};
use fireteam_dice::{Dice, DiceSource, Purpose};
use fireteam_engine::{ResolveError, RuleId};

/// Resolution context: the scratch state, the dice and the events so far.
pub struct Ctx<'a> {
    pub s: State,
    pub dice: &'a mut dyn DiceSource,
    pub out: &'a mut Vec<Event>,
    pub hit: HitInfo,
    faces: Vec<u32>,
}

thread_local! {
    /// One scratch state per thread, reused by every resolution on it.
    static SCRATCH: std::cell::RefCell<Option<State>> = const { std::cell::RefCell::new(None) };
}

impl<'a> Ctx<'a> {
    pub fn new(s: &State, dice: &'a mut dyn DiceSource, out: &'a mut Vec<Event>) -> Self {
        let scratch = match SCRATCH.with(|c| c.borrow_mut().take()) {
            Some(mut old) => {
                old.copy_from(s);
                old
            }
            None => s.clone(),
        };
        Ctx {
            s: scratch,
            dice,
            out,
            hit: HitInfo::default(),
            faces: Vec::with_capacity(8),
        }
    }

    /// Applies `e` to the scratch state and records it.
    pub fn emit(&mut self, e: Event) {
        apply(&mut self.s, &e);
        self.out.push(e);
    }

    /// Rolls `n` d6 for `tag`; returns the faces and their total.
    pub fn roll(&mut self, tag: &str, n: u8) -> Result<(Faces, i32), ResolveError> {
        self.faces.clear();
        self.dice.roll_into(
            &Purpose::new(tag),
            Dice::new(u32::from(n), 6),
            &mut self.faces,
        )?;
        let faces: Faces = self.faces.iter().map(|&f| f as u8).collect();
        let total = self.faces.iter().map(|&f| f as i32).sum();
        Ok((faces, total))
    }

    /// A check: `n` d6 against `target`, success on ≤ (SK-5.9-a).
    pub fn check(
        &mut self,
        fig: FigId,
        what: &'static str,
        n: u8,
        target: i16,
        rule: RuleId,
    ) -> Result<bool, ResolveError> {
        let (faces, total) = self.roll(what, n)?;
        let success = total <= i32::from(target);
        self.emit(Event::Check {
            fig,
            what,
            dice: n,
            faces,
            total,
            target,
            success,
            rule,
        });
        Ok(success)
    }
}

impl Drop for Ctx<'_> {
    /// Hands the scratch state back for the next resolution on this thread.
    fn drop(&mut self) {
        let rules = self.s.rules;
        let s = std::mem::replace(&mut self.s, State::placeholder(rules));
        SCRATCH.with(|c| *c.borrow_mut() = Some(s));
    }
}
