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
use crate::state::{FigId, Figure, State};
use fireteam_dice::{Checkpoint, Dice, DiceSource, Purpose};
use fireteam_engine::{ResolveError, RuleId};
use std::any::Any;
use std::hash::{Hash, Hasher};

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

    /// Rolls `n` d6 for `tag`; returns the faces and their total. The rules read such a roll
    /// by its total only (the faces are for the record), so the exact enumeration branches on
    /// totals (`roll_sum_into`); every other source rolls as ever.
    pub fn roll(&mut self, tag: &str, n: u8) -> Result<(Faces, i32), ResolveError> {
        self.faces.clear();
        self.dice.roll_sum_into(
            &Purpose::new(tag),
            Dice::new(u32::from(n), 6),
            &mut self.faces,
        )?;
        Ok(self.faces_and_total())
    }

    /// Rolls `n` d6 for `tag` whose total is read only through `class` (a check's success, an
    /// attack's result and bullets); returns the faces and their total. The exact enumeration
    /// branches once per class, showing its lowest total; every other source rolls as ever.
    pub fn roll_classed(
        &mut self,
        tag: &str,
        n: u8,
        class: &dyn Fn(i32) -> i64,
    ) -> Result<(Faces, i32), ResolveError> {
        self.faces.clear();
        self.dice.roll_sum_classed(
            &Purpose::new(tag),
            Dice::new(u32::from(n), 6),
            &mut self.faces,
            &|t| class(t as i32),
        )?;
        Ok(self.faces_and_total())
    }

    /// Rolls `n` d6 for `tag` whose faces are read one by one (a die picked out); returns the
    /// faces and their total.
    pub fn roll_faces(&mut self, tag: &str, n: u8) -> Result<(Faces, i32), ResolveError> {
        self.faces.clear();
        self.dice.roll_into(
            &Purpose::new(tag),
            Dice::new(u32::from(n), 6),
            &mut self.faces,
        )?;
        Ok(self.faces_and_total())
    }

    fn faces_and_total(&self) -> (Faces, i32) {
        let faces: Faces = self.faces.iter().map(|&f| f as u8).collect();
        let total = self.faces.iter().map(|&f| f as i32).sum();
        (faces, total)
    }

    /// A check: `n` d6 against `target`, success on ≤ (SK-5.9-a). Only the success comes back
    /// (the total is in the event, for the record), so the roll is read by its class, success
    /// or failure: the exact odds branch twice.
    pub fn check(
        &mut self,
        fig: FigId,
        what: &'static str,
        n: u8,
        target: i16,
        rule: RuleId,
    ) -> Result<bool, ResolveError> {
        let target32 = i32::from(target);
        let (faces, total) = self.roll_classed(what, n, &|t| i64::from(t <= target32))?;
        Ok(self.checked(fig, what, n, faces, total, target, rule).0)
    }

    /// A check whose total the caller reads too (a margin): no checkpoint.
    pub fn check_total(
        &mut self,
        fig: FigId,
        what: &'static str,
        n: u8,
        target: i16,
        rule: RuleId,
    ) -> Result<(bool, i32), ResolveError> {
        let (faces, total) = self.roll(what, n)?;
        Ok(self.checked(fig, what, n, faces, total, target, rule))
    }

    /// The `Check` event of a check rolled.
    #[allow(clippy::too_many_arguments)]
    fn checked(
        &mut self,
        fig: FigId,
        what: &'static str,
        n: u8,
        faces: Faces,
        total: i32,
        target: i16,
        rule: RuleId,
    ) -> (bool, i32) {
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
        (success, total)
    }

    /// A mark of the rolls made so far, for [`Ctx::checkpoint`].
    pub fn mark(&self) -> u64 {
        self.dice.mark()
    }

    /// A checkpoint for the exact odds (`DiceSource::checkpoint`): from here on the resolution
    /// depends on nothing but the rolls made before the mark `since`, the `site`, the `locals`
    /// given, the scratch state and who has attacked so far (`stealth::attackers`, the one
    /// thing read later from the events). The caller vouches for that: `locals` must hold every
    /// value still in hand here, in this function and in those it returns to, that came from a
    /// roll made since `since`. With a mark taken just before a roll whose result goes no
    /// further than `locals`, this merges the roll's branches that come to the same thing.
    /// Every source but the enumerating one ignores it.
    pub fn checkpoint(
        &mut self,
        since: u64,
        site: &'static str,
        locals: &[i64],
    ) -> Result<(), ResolveError> {
        let key = StateKey {
            site,
            locals,
            state: &self.s,
            out: self.out,
        };
        self.dice.checkpoint(since, &key)?;
        Ok(())
    }
}

/// A checkpoint's key, borrowed from the resolution (see [`Ctx::checkpoint`]).
struct StateKey<'k> {
    site: &'static str,
    locals: &'k [i64],
    state: &'k State,
    out: &'k [Event],
}

/// A checkpoint's key as the enumeration keeps it.
struct KeptKey {
    site: &'static str,
    locals: Vec<i64>,
    state: State,
    attackers: smallvec::SmallVec<[FigId; 4]>,
}

impl Checkpoint for StateKey<'_> {
    fn key_hash(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.site.hash(&mut h);
        self.locals.hash(&mut h);
        for f in &self.state.figures {
            (
                f.damage,
                f.nonlethal,
                f.turn_damage,
                f.pos,
                f.posture,
                f.condition,
            )
                .hash(&mut h);
        }
        h.finish()
    }

    fn same(&self, kept: &dyn Any) -> bool {
        let Some(k) = kept.downcast_ref::<KeptKey>() else {
            return false;
        };
        k.site == self.site
            && k.locals == self.locals
            && same_state(&k.state, self.state)
            && k.attackers == crate::stealth::attackers(self.out)
    }

    fn keep(&self) -> Box<dyn Any> {
        let mut state = self.state.clone();
        let rules = state.rules;
        for f in state.figures.iter_mut() {
            *f = canonical(f, rules);
        }
        Box::new(KeptKey {
            site: self.site,
            locals: self.locals.to_vec(),
            state,
            attackers: crate::stealth::attackers(self.out),
        })
    }
}

/// A figure as a checkpoint's key holds it. Two counters are read during a resolution only
/// against a threshold, and by nothing that reports an outcome (the odds' effect, the AI's
/// value, the checksum), so past the threshold their exact values are left out and the states
/// of automatic fire merge by the damage that got through: the damage before armor taken this
/// turn, read only against 8 (`combat::damage`, SK-12.4-e: 8+ before armor, a check to stay
/// up), and the hits body armor has absorbed, read only against 40 × its defense with
/// `sk.degraded_armor` (`combat::armor`, SK-21.7-a) and otherwise not at all (the armorer's bill
/// after the battle reads it, never an action's odds).
fn canonical(f: &Figure, rules: &crate::data::Rules) -> Figure {
    let mut f = f.clone();
    f.turn_damage_raw = f.turn_damage_raw.min(8);
    let worn_at = match f.armor.and_then(|a| rules.armor.get(usize::from(a))) {
        Some(a) if rules.options.degraded_armor && a.defense > 0 => 40 * a.defense as u32,
        _ => 0,
    };
    f.absorbed = u32::from(f.absorbed).min(worn_at) as u16;
    f
}

/// Whether the kept state `a` (its figures `canonical`) and the state `b` of one battle are
/// equal in every field.
fn same_state(a: &State, b: &State) -> bool {
    states_match(a, b, |x, y| *x == canonical(y, b.rules))
}

/// Whether two states of one battle are equal in every field.
pub(crate) fn equal_state(a: &State, b: &State) -> bool {
    states_match(a, b, |x, y| x == y)
}

/// Whether two states are equal in every field, figures compared by `fig` (every field is
/// named, so a new one must be added here before this compiles).
fn states_match(a: &State, b: &State, fig: impl Fn(&Figure, &Figure) -> bool) -> bool {
    let State {
        rules,
        figures,
        turn,
        phase,
        side_order,
        move_order,
        act_order,
        dropped,
        clouds,
        fires,
        grenades,
        initiative_winner,
    } = a;
    std::ptr::eq(*rules, b.rules)
        && figures.len() == b.figures.len()
        && figures.iter().zip(&b.figures).all(|(x, y)| fig(x, y))
        && *turn == b.turn
        && *phase == b.phase
        && *side_order == b.side_order
        && *move_order == b.move_order
        && *act_order == b.act_order
        && *dropped == b.dropped
        && *clouds == b.clouds
        && *fires == b.fires
        && *grenades == b.grenades
        && *initiative_winner == b.initiative_winner
}

impl Drop for Ctx<'_> {
    /// Hands the scratch state back for the next resolution on this thread.
    fn drop(&mut self) {
        let rules = self.s.rules;
        let s = std::mem::replace(&mut self.s, State::placeholder(rules));
        SCRATCH.with(|c| *c.borrow_mut() = Some(s));
    }
}
