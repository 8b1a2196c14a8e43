//! The flashlight in complete darkness (SK-17.5-c): switched on and held ready in one hand, it
//! lifts every darkness penalty for 3 MH in the direction it points, for the one holding it and
//! for anyone firing at him; and its holder sees his footing when he moves (SK-17.5-a).

use crate::combat::ctx::Ctx;
use crate::data::ItemKind;
use crate::event::Event;
use crate::geometry::in_front;
use crate::state::{FigId, Figure, State};

/// 3 MH, in hexes.
const REACH: u32 = 9;

/// Whether the figure holds a lit flashlight: it carries one, switched on, with a hand free for
/// it (no two-handed weapon ready).
pub fn shining(s: &State, f: &Figure) -> bool {
    f.active()
        && f.light_on
        && f.has_item(ItemKind::Flashlight)
        && crate::hands::item_hand_free(s, f)
}

/// SK-17.5-c: whether a flashlight lifts the darkness between an attacker and his target: the
/// attacker's own, pointed where he faces, reaching the target within 3 MH; or the target's,
/// which shows him to anyone firing at him.
pub fn lit(s: &State, att: &Figure, tgt: &Figure) -> bool {
    let own = shining(s, att) && in_front(att, tgt.pos) && att.pos.distance(tgt.pos) <= REACH;
    own || shining(s, tgt)
}

/// SK-17.5-c with SK-17.5-a: whether the holder sees his footing as he moves in the dark. He
/// carries the light in his hand and points it where he goes, so the hexes he moves through are
/// always the ones it lights (each step is within its 3 MH), whatever facing he ends in; no one
/// else's light counts ("for the person holding it and for anyone firing at him").
pub fn lights_way(s: &State, f: &Figure) -> bool {
    shining(s, f)
}

/// SK-17.5-c: the flashlight switched on or off, as readying an item (INVENTED: one action).
pub(crate) fn switch(ctx: &mut Ctx, fig: FigId, on: bool) {
    ctx.emit(Event::Acted { fig });
    ctx.emit(Event::Light { fig, on });
}
