//! Hand to hand (SK-16.15.3, SK-11.9): attempting it, asking the defender when only condition 5
//! can allow it, and the defender's reaction on 1d6 (SK-16.15.3-a..d, -T1), trying to leave it
//! and the foes' blows as he goes (SK-11.9.3-a, G-39, G-74), picking up a dropped weapon
//! (SK-11.9.2-a), subduing, the hold and the roll to break away (SK-16.15.6), disarming
//! (SK-16.15.7), and the end of a brawl with no foe left in it (G-39 (5)). Blows in hand to hand
//! are melee (`melee`).

use crate::combat::armor::armor_value;
use crate::combat::contest::{contest, Attr, Kind};
use crate::combat::ctx::Ctx;
use crate::combat::damage::{damage_expr, deal_damage};
use crate::combat::edex::order_dex;
use crate::combat::weapon_of;
use crate::event::{AttackKind, Effect, Event};
use crate::geometry;
use crate::hands::hth_weapon;
use crate::legal::targets::may_grapple;
use crate::state::{FigId, Phase, Pos, Posture, State, WeaponState};
use crate::turn::action_phase::can_act;
use fireteam_engine::{ResolveError, RuleId};
use smallvec::SmallVec;

/// SK-16.15.3: attempting hand-to-hand combat. Joining a fight already going on needs no
/// roll (SK-16.15.3-d); when none of conditions 1–4 allows it, the defender is asked whether he
/// also wants it (condition 5); otherwise the defender's reaction is rolled at once.
pub(crate) fn grapple(ctx: &mut Ctx, fig: FigId, target: FigId) -> Result<(), ResolveError> {
    let t = ctx.s.fig(target).clone();
    if t.in_hth {
        ctx.emit(Event::HthBegan {
            attacker: fig,
            defender: target,
            at: t.pos,
        });
        return Ok(());
    }
    if !may_grapple(&ctx.s, ctx.s.fig(fig), &t) {
        ctx.emit(Event::HthOffered {
            attacker: fig,
            defender: target,
        });
        ctx.emit(Event::Phase {
            phase: Phase::HthOffer {
                attacker: fig,
                defender: target,
            },
        });
        return Ok(());
    }
    reaction(ctx, fig, target)
}

/// SK-16.15.3-a (5): the defender accepts hand to hand (the reaction is rolled) or refuses
/// (nothing happens; the attempt was the attacker's action).
pub(crate) fn answer(
    ctx: &mut Ctx,
    fig: FigId,
    attacker: FigId,
    accept: bool,
) -> Result<(), ResolveError> {
    ctx.emit(Event::HthAnswered {
        attacker,
        defender: fig,
        accepted: accept,
    });
    ctx.emit(Event::Phase {
        phase: Phase::Action,
    });
    if accept {
        reaction(ctx, attacker, fig)?;
    }
    Ok(())
}

/// SK-16.15.3-T1: the defender's reaction on 1d6, from behind −2, +1 per Martial Arts level
/// the defender has above the attacker (SK-16.15.3-c).
fn reaction(ctx: &mut Ctx, fig: FigId, target: FigId) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let t = ctx.s.fig(target).clone();
    let (_, die) = ctx.roll("hth-reaction", 1)?;
    let mut m = 0i8;
    // SK-10.5-c: from any hex, when the defender crawled or picked up a weapon this turn.
    if geometry::attacked_from(&t, f.pos) == fireteam_grid::Arc::Rear {
        m -= 2;
    }
    let ma_diff = t.martial_arts as i8 - f.martial_arts as i8;
    if ma_diff > 0 {
        m += ma_diff;
    }
    let result = die as i8 + m;
    ctx.emit(Event::HthReaction {
        attacker: fig,
        defender: target,
        die: die as u8,
        modifier: m,
        result: result.max(0) as u8,
    });
    if result <= 4 {
        // 2 or less: the defender drops everything in his hands but a pistol or knife, and both
        // go down; the attacker keeps only a knife or pistol too (SK-16.15.3-b).
        ctx.emit(Event::HthBegan {
            attacker: fig,
            defender: target,
            at: t.pos,
        });
        for who in [fig, target] {
            drop_for_hth(ctx, who);
            ctx.emit(Event::Posture {
                fig: who,
                posture: Posture::Prone,
                rule: RuleId("SK-16.15.3-T1"),
            });
        }
        // 3 or 4: "as above, but if the defender has a pistol or knife on their belt, they have
        // it ready within HTH Combat on the next turn".
        let d = ctx.s.fig(target).clone();
        // SK-21.4-e: not with both arms out of use.
        if result >= 3 && d.ready_slot().is_none() && !crate::hands::no_hands(&d) {
            let belt = d.weapons.iter().enumerate().find_map(|(k, sl)| {
                let sl = (*sl)?;
                let w = &ctx.s.rules.weapons[usize::from(sl.weapon)];
                (sl.state == WeaponState::Ok && hth_weapon(w)).then_some(k as u8)
            });
            if let Some(slot) = belt {
                ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::DrawsNextTurn { slot },
                    rule: RuleId("SK-16.15.3-T1"),
                });
            }
        }
    } else if result >= 7
        // SK-19.3-a: a practice weapon's automatic hit is only recorded.
        && !crate::practice::practice_hit(ctx, target, t.ready_slot().map(|_| t.ready.unwrap_or(0)), fig)?
    {
        // The defender gets one automatic hit with his ready weapon.
        let expr = damage_expr(
            &ctx.s,
            &t,
            t.ready_slot().map(|_| t.ready.unwrap_or(0)),
            AttackKind::Melee,
        );
        let w = weapon_of(&ctx.s, &t, t.ready).cloned();
        // ---- shots (SK-14.3-a, G-27; SK-21.3-b, G-61): the attacker's shielding, and the
        // weapon's attack type (bare hands are bludgeoning).
        let shot =
            crate::combat::shielding::on_hit(ctx, &t, &f, w.as_ref(), AttackKind::Melee, expr)?;
        let armor = armor_value(&ctx.s, &f, t.pos, w.as_ref()) + shot.hits;
        ctx.hit.kind = crate::combat::damage::attack_type(w.as_ref());
        deal_damage(
            ctx,
            fig,
            Some(target),
            shot.expr,
            1,
            armor,
            false,
            RuleId("SK-16.15.3-T1"),
        )?;
    }
    Ok(())
}

/// Entering HTH: everything in the figure's hands but a knife or pistol is dropped
/// (SK-16.15.3-b).
fn drop_for_hth(ctx: &mut Ctx, who: FigId) {
    let g = ctx.s.fig(who).clone();
    let off = g
        .off_hand
        .filter(|&k| g.weapons[usize::from(k)].is_some_and(|w| w.state == WeaponState::Ok));
    for slot in [g.ready_slot().map(|_| g.ready.unwrap_or(0)), off]
        .into_iter()
        .flatten()
    {
        let small = weapon_of(&ctx.s, &g, Some(slot)).is_some_and(hth_weapon);
        if !small {
            ctx.emit(Event::Effect {
                fig: who,
                effect: Effect::WeaponDropped { slot },
                rule: RuleId("SK-16.15.3-b"),
            });
        }
    }
    // A knife or pistol kept in the other hand is the one he fights with now.
    let now = ctx.s.fig(who).clone();
    if now.ready_slot().is_none() {
        if let Some(k) = now.off_hand {
            ctx.emit(Event::Readied { fig: who, slot: k });
        }
    }
    // A shield in hand is an item in his hands too.
    if crate::hands::shield_in_hand(&g) {
        let now = ctx.s.fig(who);
        ctx.emit(Event::Hands {
            fig: who,
            off_hand: now.off_hand,
            shield_at: crate::state::ShieldAt::Ground,
            rule: RuleId("SK-16.15.3-b"),
        });
    }
}

/// Trying to leave an HTH fight for `to` (SK-11.9.3-a): 3d6 against eDEX, or, as an option, an
/// opposed eSTR roll (G-39, G-74).
pub(crate) fn escape(ctx: &mut Ctx, fig: FigId, to: Pos) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    // G-39 (1): 3d6 vs eDEX, no +4; option: an opposed eSTR roll against a foe in
    // the hex (ties to the one holding on, G-74).
    let foe = ctx
        .s
        .figures
        .iter()
        .position(|o| o.side != f.side && o.in_hth && o.pos == f.pos && o.active());
    let free = match foe {
        Some(o) if ctx.s.rules.options.hth_disengage_opposed => {
            let kind = Kind {
                what: "leave-hth",
                rule: "SK-11.9.3-a",
                automatic: false,
                martial_arts: false,
                dex_allowed: false,
            };
            contest(ctx, &kind, fig, Attr::Str, o as FigId)?
        }
        _ => ctx.check(
            fig,
            "leave-hth",
            3,
            order_dex(&ctx.s, &f),
            RuleId("SK-11.9.3-a"),
        )?,
    };
    if free {
        // ---- SK-11.9.3-a, G-39 (1): each foe in the hex who has not acted may strike him as
        // he goes, at -1 per point of eDEX he has more (as SK-11.5-b; G-43: the blow is that
        // foe's action); `let_go` lets him go after the last of them.
        match next_to_strike(&ctx.s, fig, None) {
            Some(o) => ctx.emit(Event::Phase {
                phase: Phase::HthLeaving {
                    mover: fig,
                    opponent: o,
                    to,
                },
            }),
            None => leave(ctx, fig, to)?,
        }
    }
    Ok(())
}

/// He breaks free to `to`; opportunity fire (SK-21.8-b) sees breaking free as leaving cover
/// at his action.
fn leave(ctx: &mut Ctx, fig: FigId, to: Pos) -> Result<(), ResolveError> {
    let before = crate::attack::opportunity::exposed_to(&ctx.s, fig);
    ctx.emit(Event::HthEnded { fig, to });
    crate::attack::opportunity::left_cover(ctx, fig, before)
}

// ---- hand to hand: the blows at one who breaks free (SK-11.9.3-a, G-39 (1), G-43)

/// The next foe, in action order after `after` (from the start without it), who is in the
/// brawl in `mover`'s hex, has not acted and can act: he may strike `mover` as he leaves.
fn next_to_strike(s: &State, mover: FigId, after: Option<FigId>) -> Option<FigId> {
    let m = s.fig(mover);
    let start = after
        .and_then(|a| s.act_order.iter().position(|&o| o == a))
        .map_or(0, |k| k + 1);
    s.act_order[start..].iter().copied().find(|&o| {
        let g = s.fig(o);
        g.side != m.side && g.in_hth && g.pos == m.pos && !g.acted && can_act(g)
    })
}

/// A foe's blow at the figure breaking free (SK-11.9.3-a): a hand-to-hand attack (+4,
/// SK-16.15.3-e) at -1 per point of eDEX the leaver has more; then the next foe is asked.
pub(crate) fn parting_blow(ctx: &mut Ctx, fig: FigId, target: FigId) -> Result<(), ResolveError> {
    crate::attack::melee::melee(ctx, fig, target, crate::action::Strike::Normal, true)?;
    let_go(ctx, fig)
}

/// `fig` is done with the leaver: the next foe is asked, or the leaver goes, if he still can
/// (not put out of the fight, not knocked down, the hex still free).
pub(crate) fn let_go(ctx: &mut Ctx, fig: FigId) -> Result<(), ResolveError> {
    let Phase::HthLeaving { mover, to, .. } = ctx.s.phase else {
        return Ok(());
    };
    match next_to_strike(&ctx.s, mover, Some(fig)) {
        Some(o) => ctx.emit(Event::Phase {
            phase: Phase::HthLeaving {
                mover,
                opponent: o,
                to,
            },
        }),
        None => {
            ctx.emit(Event::Phase {
                phase: Phase::Action,
            });
            let m = ctx.s.fig(mover);
            if m.active() && m.in_hth && m.posture != Posture::Fallen && !ctx.s.anyone_at(to) {
                leave(ctx, mover, to)?;
            }
        }
    }
    Ok(())
}

// ---- hand to hand: picking up a dropped weapon (SK-11.9.2-a)

/// The dropped weapons in `f`'s hex that he may pick up in hand to hand (SK-11.9.2-a): a
/// knife, pistol or brass knuckles (the weapons of SK-11.9.1-a), his own or anyone's; another's
/// only into a free slot of his. Each is (owner, owner's slot).
pub(crate) fn pick_ups(s: &State, f: &crate::state::Figure) -> SmallVec<[(FigId, u8); 4]> {
    let room = f.weapons.iter().any(|w| w.is_none());
    s.dropped
        .iter()
        .filter(|d| d.pos == f.pos && d.slot != crate::state::SHIELD_SLOT)
        .filter(|d| d.owner == f.id || room)
        .filter(|d| {
            s.fig(d.owner).weapons[usize::from(d.slot)].is_some_and(|sl| {
                sl.state == WeaponState::Dropped
                    && hth_weapon(&s.rules.weapons[usize::from(sl.weapon)])
            })
        })
        .map(|d| (d.owner, d.slot))
        .collect()
}

/// SK-11.9.2-a: "pick up a dropped weapon. This requires a 3d6/DEX roll … The +4 DEX bonus does
/// not apply": DEX, as for drawing one (`resolve`'s Ready). On a success it is his ready
/// weapon: his own back in its slot, another's in a free slot of his.
pub(crate) fn pick_up(
    ctx: &mut Ctx,
    fig: FigId,
    owner: FigId,
    slot: u8,
) -> Result<(), ResolveError> {
    ctx.emit(Event::Acted { fig });
    let f = ctx.s.fig(fig).clone();
    if !ctx.check(fig, "ready", 3, f.dex, RuleId("SK-11.9.2-a"))? {
        return Ok(());
    }
    if owner == fig {
        crate::readying::free_hands_for(ctx, fig, slot);
        ctx.emit(Event::PickedUp { fig, slot });
    } else if let Some(into) = f.weapons.iter().position(|w| w.is_none()) {
        ctx.emit(Event::Grabbed {
            fig,
            owner,
            slot,
            into: into as u8,
            at: f.pos,
            rule: RuleId("SK-11.9.2-a"),
        });
    }
    Ok(())
}

// ---- hand to hand: the hold and the roll to break away (SK-16.15.6-b)

/// SK-16.15.6-b: "After that they may make another opposed rolls to break away, otherwise they
/// have been subdued." At the start of each turn, every figure whose two turns held are over
/// rolls to break away: opposed 3d6 on eSTR (a Martial Artist on the better of eSTR and eDEX),
/// +1 per Martial Arts level, as the subduing roll (SK-16.15.6-a); a tie goes to the holder
/// (G-74: the hold stands). Won: he is back in the fight; lost: subdued for good. With his
/// holder out of the fight or gone from the brawl, nobody holds him and no roll is made. The
/// roll is made for him: declining it would leave him held with no end.
pub(crate) fn break_away(ctx: &mut Ctx) -> Result<(), ResolveError> {
    for i in 0..ctx.s.figures.len() {
        let f = ctx.s.figures[i].clone();
        let Some(holder) = f.held_by else { continue };
        if !f.active() || f.stunned > 0 {
            continue;
        }
        let fig = i as FigId;
        let h = ctx.s.fig(holder);
        let holding = h.active() && h.in_hth && f.in_hth && h.pos == f.pos;
        let broke = if holding {
            let kind = Kind {
                what: "break-away",
                rule: "SK-16.15.6-b",
                automatic: false,
                martial_arts: true,
                dex_allowed: true,
            };
            let attr = crate::combat::contest::defender_attr(&ctx.s, &f, &kind);
            contest(ctx, &kind, fig, attr, holder)?
        } else {
            true
        };
        ctx.emit(Event::Effect {
            fig,
            effect: if broke {
                Effect::BrokeAway
            } else {
                Effect::Subdued
            },
            rule: RuleId("SK-16.15.6-b"),
        });
    }
    Ok(())
}

// ---- hand to hand: a brawl with no foe left (G-39 (5))

/// G-39 (5): "Leaving HTH is only by disengage (1) or by the other side being killed, knocked
/// out or subdued": a brawler with no foe left fighting in his hex is out of hand to hand where
/// he is (he may then stand up and move). Called as the turn moves on, after every action.
pub(crate) fn end_lone_brawls(ctx: &mut Ctx) {
    if !ctx.s.figures.iter().any(|f| f.in_hth) {
        return;
    }
    for i in 0..ctx.s.figures.len() {
        let f = &ctx.s.figures[i];
        if !f.in_hth {
            continue;
        }
        let foe = ctx
            .s
            .figures
            .iter()
            .any(|g| g.side != f.side && g.in_hth && g.pos == f.pos && g.active());
        if !foe {
            ctx.emit(Event::HthOver {
                fig: i as FigId,
                rule: RuleId("SK-11.9.3-a"),
            });
        }
    }
}

/// SK-16.15.6 subdue and SK-16.15.7 disarm: opposed 3d6 against eSTR, +1 per Martial Arts
/// level; a Martial Artist may subdue on eDEX (`attr`, SK-16.15.6-a); a disarmer takes the
/// weapon (`take`) or knocks it to the ground (SK-16.15.7-b).
pub(crate) fn contest_hth(
    ctx: &mut Ctx,
    fig: FigId,
    target: FigId,
    subdue: bool,
    attr: Attr,
    take: bool,
) -> Result<(), ResolveError> {
    let t = ctx.s.fig(target).clone();
    let kind = if subdue {
        Kind {
            what: "subdue",
            rule: "SK-16.15.6-a",
            automatic: false,
            martial_arts: true,
            dex_allowed: true,
        }
    } else {
        Kind {
            what: "disarm",
            rule: "SK-16.15.7-a",
            automatic: false,
            martial_arts: true,
            dex_allowed: false,
        }
    };
    if contest(ctx, &kind, fig, attr, target)? {
        if subdue {
            ctx.emit(Event::Effect {
                fig: target,
                effect: Effect::Stunned,
                rule: RuleId("SK-16.15.6-b"),
            });
            // He is held by his subduer until the roll to break away (`break_away`).
            ctx.emit(Event::Effect {
                fig: target,
                effect: Effect::Held { by: fig },
                rule: RuleId("SK-16.15.6-b"),
            });
        } else if let Some(slot) = t.ready_slot().map(|_| t.ready.unwrap_or(0)) {
            // SK-16.15.7-b: "now your ready weapon or (your option) on the ground"; taken only
            // into an empty hand and a free slot, else it falls. Taken, it is his ready weapon
            // as a Ready would make it (SK-21.4-e: with one hand left, a shield in that hand is
            // slung, `free_hands_for`).
            let me = ctx.s.fig(fig).clone();
            let free = me.weapons.iter().position(|w| w.is_none());
            match free {
                Some(k) if take && me.ready_slot().is_none() => {
                    ctx.emit(Event::Exchanged {
                        fig,
                        with: target,
                        fig_slot: k as u8,
                        with_slot: slot,
                        rule: RuleId("SK-16.15.7-b"),
                    });
                    crate::readying::free_hands_for(ctx, fig, k as u8);
                }
                _ => ctx.emit(Event::Effect {
                    fig: target,
                    effect: Effect::WeaponDropped { slot },
                    rule: RuleId("SK-16.15.7-b"),
                }),
            }
        }
    }
    Ok(())
}
