//! Changing options (SK-11.6-a): a figure may change the option it intended as things change,
//! as long as it has not moved more than the new option allows. With Dodge and Defend declared
//! with the movement (`sk.defense_declared = "movement"`), the declared guard protects the
//! figure from the movement on, and the figure still gets its action slot: there it keeps the
//! guard (its action, SK-11.4-e) or takes any other option its movement allows (the option lists
//! already hold those limits), dropping the guard. A guard that an attack has already met
//! (a shot at a dodger, a blow from the front at a defender) has been carried out, not merely
//! intended, so it can no longer be changed. A figure that declared no guard may take one at
//! its slot, as with `sk.defense_declared = "action"`.

use crate::action::Action;
use crate::combat::ctx::Ctx;
use crate::event::{AttackKind, Event};
use crate::geometry::in_front;
use crate::state::{FigId, Figure, Guard, Phase, State};

/// Whether an attack of this kind from `attacker` meets `target`'s guard (SK-11.4-a/b): a
/// missile or thrown attack meets a Dodge, a melee or hand-to-hand attack from the front meets
/// a Defend.
pub(crate) fn guard_meets(s: &State, attacker: FigId, target: FigId, kind: AttackKind) -> bool {
    let t = s.fig(target);
    match t.guard {
        Guard::Dodge => matches!(kind, AttackKind::Missile | AttackKind::Thrown),
        Guard::Defend | Guard::Parry => {
            matches!(kind, AttackKind::Melee | AttackKind::Hth) && in_front(t, s.fig(attacker).pos)
        }
        Guard::None | Guard::Set => false,
    }
}

/// A Dodge or Defend declared with the movement that the figure has not yet kept or given up.
pub(crate) fn declared_guard(f: &Figure) -> bool {
    matches!(f.guard, Guard::Dodge | Guard::Defend) && !f.acted
}

/// SK-11.6-a: the figure may still change its declared guard for another option.
pub(crate) fn may_change(f: &Figure) -> bool {
    !(declared_guard(f) && f.guard_tested)
}

/// SK-11.6-a: an action other than keeping the declared guard (or a parting blow at a
/// disengaging foe, SK-11.5-b) gives the guard up before it is played; so does a friend's
/// Ready spent on an exchange of weapons (SK-11.7.4-b).
pub(crate) fn change_option(ctx: &mut Ctx, a: &Action) {
    let Some(fig) = a.fig() else { return };
    if let Action::Exchange { with, .. } = *a {
        if declared_guard(ctx.s.fig(with)) {
            ctx.emit(Event::Guarded {
                fig: with,
                guard: Guard::None,
            });
        }
    }
    if !declared_guard(ctx.s.fig(fig)) {
        return;
    }
    let changes = match ctx.s.phase {
        Phase::Action => !matches!(a, Action::KeepGuard { .. }),
        Phase::DisengageReaction { .. } => matches!(a, Action::Punish { .. }),
        _ => false,
    };
    if changes {
        ctx.emit(Event::Guarded {
            fig,
            guard: Guard::None,
        });
    }
}
