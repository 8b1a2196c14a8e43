//! A pole arm set against a charge (SK-16.2-b, G-46): a figure that declared "set" in the
//! movement phase while holding a pole arm strikes the first enemy who charges into contact in
//! its front, at once, before the charger's own attack: +2 DEX and double damage. The blow
//! spends the set.

use crate::action::Strike;
use crate::attack::melee::melee;
use crate::combat::ctx::Ctx;
use crate::combat::weapon_of;
use crate::event::Event;
use crate::geometry::in_front;
use crate::state::{FigId, Guard, Pos, Posture};
use fireteam_engine::ResolveError;

/// After `mover` moved from `from`: every enemy set against a charge whom he now stands next to
/// (and was not next to before), in his front, strikes him, in figure order, while he stands.
pub(crate) fn meet_charge(ctx: &mut Ctx, mover: FigId, from: Pos) -> Result<(), ResolveError> {
    let n = ctx.s.figures.len();
    for i in 0..n {
        let m = ctx.s.fig(mover).clone();
        if !m.active() || m.posture != Posture::Standing || m.pos == from {
            return Ok(());
        }
        let setter = ctx.s.figures[i].clone();
        let ready = weapon_of(&ctx.s, &setter, setter.ready)
            .is_some_and(|w| setter.ready_slot().is_some() && w.is_group("polearm"));
        let charged = setter.side != m.side
            && setter.guard == Guard::Set
            && setter.active()
            && setter.posture == Posture::Standing
            && ready
            && setter.pos.distance(m.pos) == 1
            && setter.pos.distance(from) > 1
            && in_front(&setter, m.pos);
        if charged {
            let id = i as FigId;
            // The set is spent on this charger.
            ctx.emit(Event::Guarded {
                fig: id,
                guard: Guard::None,
            });
            melee(ctx, id, mover, Strike::Set, false)?;
        }
    }
    Ok(())
}
