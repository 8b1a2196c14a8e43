//! Stealth and hearing in battle (SK-6.3.8-a/b/c, SK-6.3.4-a, SK-6.3.1-a): figures hidden from
//! the enemy, moving silently, and listening for them.
//!
//! The book gives Stealth as a 3d6 check against eDEX to move unheard (SK-6.3.8-a); on a
//! failure those listening within 3 MH may hear (SK-6.3.8-b), each on a 3d6 INT check with a
//! margin greater than the Stealth margin (SK-6.3.8-c). fireteam makes that a state of the
//! battle, `Figure::hidden`:
//! - **What hidden means.** The enemy does not know where he is: no attack can be aimed at him
//!   (he is left out of `legal::targets::enemies`, so no shot, throw, blow, grenade, aim or hand
//!   to hand names him, for the AI as for a person). He is still there: he blocks the way, his
//!   threat zone engages and stops a foe who walks into it, and a stray shot or a blast can hit
//!   him.
//! - **Becoming hidden.** A GM sets it for the start (unit stat `hidden`), or a figure with
//!   Stealth makes a move that ends out of every active enemy's sight, unheard. A figure
//!   without Stealth does not move silently, so he never hides by moving.
//! - **Moving while hidden or hiding.** With Stealth, a move that ends out of sight is heard only
//!   by those who could hear it: within 3 MH (9 hexes), listeners with Enhanced Hearing who are
//!   actively listening (SK-6.3.8-a), or, when the Stealth check fails, anyone with Enhanced
//!   Hearing and anyone else actively listening (SK-6.3.8-b). With no such listener the check
//!   would change nothing and is not rolled. Otherwise he rolls 3d6 against his eDEX, and each
//!   listener who may hear, in figure order, rolls INT: 3d6, one die fewer with Enhanced Hearing
//!   (SK-6.3.4-a) and one fewer with Alertness (SK-6.3.1-a: perception), at least one. The
//!   first who succeeds with a margin greater than the Stealth margin hears him (SK-6.3.8-c), and
//!   he is found. A hidden figure without Stealth who moves is heard by the first enemy within
//!   3 MH, with no roll. Standing still (turning included) makes no noise.
//! - **Found.** At the end of every action, any active enemy who can see a hidden figure finds
//!   him: next to him always; otherwise on a line that a missile could be fired along whatever
//!   the facing (no sight-blocking hex, no wall or pit that hides him, SK-13.6-b, SK-17.7,
//!   SK-17.8), and not in the dark (`sk.complete_darkness`, a dark hex, SK-17.5), where only the
//!   next hex is seen. Facing does not limit sight (the book gives sight no arc). A hidden figure
//!   who attacks (a roll to hit, a grenade, a flame burst, a hand-to-hand struggle) gives himself
//!   away. Found, he is known to every enemy side: one state for all of them.
//! - **Listening** (`X listens`) is the whole action of a figure that has not moved, offered when
//!   an active enemy has Stealth or is hidden; it lasts until the figure acts again or moves.
//!
//! Expert Stealth's hiding in plain sight (SK-6.6.1-a) is not part of this: being seen finds a
//! hidden figure. The events (`Hidden`, `Hearing`, `Listening`, and the Stealth `Check`) say it
//! all in `fireteam run`, and the roster marks who starts hidden.

use crate::combat::ctx::Ctx;
use crate::combat::edex::order_dex;
use crate::combat::modifiers::dark;
use crate::event::Event;
use crate::geometry::multihexes;
use crate::legal::targets::shootable;
use crate::skills;
use crate::state::{FigId, Figure, State};
use fireteam_engine::{ResolveError, RuleId};

const STEALTH: u64 = skills::bit("stealth");
const ENHANCED_HEARING: u64 = skills::bit("enhanced_hearing");
const ALERTNESS: u64 = skills::bit("alertness");

/// SK-6.3.8-a/b: hearing reaches 3 multihexes.
const HEARING_MH: u32 = 3;

/// Whether anyone in the battle could be hidden (a hidden figure, or one with Stealth): the
/// rest of this module costs nothing in a battle without them.
fn in_play(s: &State) -> bool {
    s.figures
        .iter()
        .any(|f| f.hidden || skills::has(f.skills, STEALTH))
}

/// Whether `e` sees `h`: next to him, or on a clear line in the light (see the module doc).
pub(crate) fn sees(s: &State, e: &Figure, h: &Figure) -> bool {
    if !e.active() {
        return false;
    }
    let d = e.pos.distance(h.pos);
    if d <= 1 {
        return true;
    }
    if dark(s, h) {
        return false;
    }
    // A line a missile could take, whatever the facing: `shootable` with each facing.
    let mut look = e.clone();
    (0..6u8).any(|facing| {
        look.facing = facing;
        shootable(s, &look, h)
    })
}

/// Whether any active enemy of `f` sees him.
fn in_sight(s: &State, f: &Figure) -> bool {
    s.figures.iter().any(|e| e.side != f.side && sees(s, e, f))
}

/// SK-6.3.8-b: whether `f` may listen actively: he has not moved, is not in hand to hand, and an
/// active enemy has Stealth or is hidden.
pub(crate) fn may_listen(s: &State, f: &Figure) -> bool {
    f.moved == 0
        && !f.in_hth
        && s.figures
            .iter()
            .any(|e| e.side != f.side && e.active() && (e.hidden || skills::has(e.skills, STEALTH)))
}

/// Who attacked in these events (a roll at another figure, a grenade, a flame burst, a contest):
/// the figures whose attack makes noise. `after_action` reads the action's events only through
/// this, and the exact odds' checkpoints keep it in their keys (`combat::ctx`).
pub(crate) fn attackers(out: &[Event]) -> smallvec::SmallVec<[FigId; 4]> {
    let mut attackers: smallvec::SmallVec<[FigId; 4]> = smallvec::SmallVec::new();
    for e in out.iter() {
        let a = match e {
            Event::Roll {
                attacker,
                target,
                avoid: false,
                ..
            } if attacker != target => Some(*attacker),
            Event::GrenadeLanded { thrower, .. } => Some(*thrower),
            Event::FlameBurst { fig, .. } => Some(*fig),
            Event::Contest { attacker, .. } => Some(attacker.fig),
            _ => None,
        };
        if let Some(a) = a {
            if !attackers.contains(&a) {
                attackers.push(a);
            }
        }
    }
    attackers
}

/// After every action: a hidden figure who attacked gives himself away, the figure that moved
/// may hide or be heard, and every hidden figure an enemy can see is found.
pub(crate) fn after_action(
    ctx: &mut Ctx,
    before: &State,
    fig: Option<FigId>,
) -> Result<(), ResolveError> {
    if !in_play(&ctx.s) {
        return Ok(());
    }
    // Attacking makes noise (SK-6.3.8-a: Stealth is moving silently, nothing more).
    let attackers = attackers(ctx.out);
    for a in attackers {
        if ctx.s.fig(a).hidden {
            ctx.emit(Event::Hidden {
                fig: a,
                hidden: false,
                by: None,
                rule: RuleId("SK-6.3.8-a"),
            });
        }
    }
    // The figure that moved in this action.
    if let Some(f) = fig {
        let moved =
            ctx.s.fig(f).moved > before.fig(f).moved || ctx.s.fig(f).pos != before.fig(f).pos;
        if moved && ctx.s.fig(f).active() {
            moved_quietly(ctx, f)?;
        }
    }
    // Sight finds the hidden.
    for i in 0..ctx.s.figures.len() {
        let h = &ctx.s.figures[i];
        if !h.hidden || !h.active() {
            continue;
        }
        let seer = ctx
            .s
            .figures
            .iter()
            .position(|e| e.side != h.side && sees(&ctx.s, e, h));
        if let Some(e) = seer {
            ctx.emit(Event::Hidden {
                fig: i as FigId,
                hidden: false,
                by: Some(e as FigId),
                rule: RuleId("SK-6.3.8-a"),
            });
        }
    }
    Ok(())
}

/// A move by `fig` that may hide him, or give him away (SK-6.3.8-a/b/c).
fn moved_quietly(ctx: &mut Ctx, fig: FigId) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let skilled = skills::has(f.skills, STEALTH);
    if !(f.hidden || skilled) || in_sight(&ctx.s, &f) {
        // Seen where he stopped: the sight check finds him if he was hidden.
        return Ok(());
    }
    let near = |e: &Figure| {
        e.side != f.side && e.active() && multihexes(e.pos.distance(f.pos)) <= HEARING_MH
    };
    if !skilled {
        // No Stealth: he does not move silently, and anyone within 3 MH hears him.
        if let Some(e) = ctx.s.figures.iter().position(near) {
            ctx.emit(Event::Hidden {
                fig,
                hidden: false,
                by: Some(e as FigId),
                rule: RuleId("SK-6.3.8-a"),
            });
        }
        return Ok(());
    }
    let keen = |e: &Figure| skills::has(e.skills, ENHANCED_HEARING);
    // SK-6.3.8-b: on a failure, Enhanced Hearing hears passively, normal hearing when listening.
    let could: smallvec::SmallVec<[FigId; 4]> = ctx
        .s
        .figures
        .iter()
        .enumerate()
        .filter(|(_, e)| near(e) && (keen(e) || e.listening))
        .map(|(i, _)| i as FigId)
        .collect();
    let mut heard_by = None;
    if !could.is_empty() {
        let edex = order_dex(&ctx.s, &f);
        let (faces, total) = ctx.roll("stealth", 3)?;
        let success = total <= i32::from(edex);
        ctx.emit(Event::Check {
            fig,
            what: "stealth",
            dice: 3,
            faces,
            total,
            target: edex,
            success,
            rule: RuleId("SK-6.3.8-a"),
        });
        let margin = i32::from(edex) - total;
        for l in could {
            let e = ctx.s.fig(l).clone();
            // SK-6.3.8-a: on a success only Enhanced Hearing, actively listening, may hear.
            if success && !(keen(&e) && e.listening) {
                continue;
            }
            // SK-6.3.4-a, SK-6.3.1-a: one die fewer for each, at least one.
            let dice = (3 - u8::from(keen(&e)) - u8::from(skills::has(e.skills, ALERTNESS))).max(1);
            let (faces, total) = ctx.roll("hear", dice)?;
            let heard = total <= i32::from(e.int) && i32::from(e.int) - total > margin;
            ctx.emit(Event::Hearing {
                listener: l,
                fig,
                dice,
                faces,
                total,
                int: e.int,
                stealth: Some(margin),
                heard,
                rule: RuleId("SK-6.3.8-c"),
            });
            if heard {
                heard_by = Some(l);
                break;
            }
        }
    }
    match (heard_by, f.hidden) {
        (Some(l), true) => ctx.emit(Event::Hidden {
            fig,
            hidden: false,
            by: Some(l),
            rule: RuleId("SK-6.3.8-c"),
        }),
        (None, false) => ctx.emit(Event::Hidden {
            fig,
            hidden: true,
            by: None,
            rule: RuleId("SK-6.3.8-a"),
        }),
        _ => {}
    }
    Ok(())
}
