//! Bayonets (SK-16.3, G-06): a knife fixed to a rifle-type weapon. Fixing it takes a turn in
//! combat, or is done before the battle (unit stat `bayonet_fixed`) (SK-16.3-a). The bayonet does
//! the knife's damage, doubled after a run of 3 hexes or more (SK-16.3-b, `combat::strike`),
//! uses the Bayonet skill and the rifle's STR, and reaches the adjacent hexes only (G-06). The
//! rifle may fire and bayonet the same target in one turn (SK-16.3-c), and the bayonet strikes
//! before any other weapon, whatever the eDEX (SK-16.3-d).
//!
//! While fixed, the knife's slot holds the bayonet weapon made of the pair (`make`, one per
//! knife and rifle of the battle, `data::BayonetPair`), so every rule reads its numbers the
//! usual way. The bayonet rides on the rifle: it is usable while the rifle is ready, drops
//! with it and comes back with it.

use crate::action::{FireMode, Strike};
use crate::attack::melee::melee;
use crate::attack::missile::shoot;
use crate::combat::ctx::Ctx;
use crate::data::{BayonetPair, Breaks, Class, Length, Rules, Weapon};
use crate::event::Event;
use crate::geometry::in_front;
use crate::legal::targets::enemies;
use crate::state::{FigId, Figure, Posture, State, WeaponState};
use fireteam_engine::ResolveError;

/// A knife fits a rifle-type weapon (SK-16.3-a: "A knife can be attached to a rifle type
/// weapon"): any melee weapon of the knife group, and any missile weapon of the rifle group.
pub fn fits(knife: &Weapon, rifle: &Weapon) -> bool {
    knife.class == Class::Melee
        && knife.is_group("knife")
        && rifle.class == Class::Missile
        && rifle.is_group("rifle")
}

/// The bayonet a knife makes on a rifle (G-06): the knife's damage (SK-16.3-b), the rifle's STR,
/// two hands, the Bayonet skill (SK-6.1.2), and Medium length, which reaches the adjacent hexes
/// only (SK-16.3-d); a knife for the rules that name the group.
pub fn make(knife: &Weapon, rifle: &Weapon) -> Weapon {
    Weapon {
        id: format!("bayonet:{}:{}", knife.id, rifle.id),
        name: format!("Bayonet ({})", knife.name),
        class: Class::Melee,
        damage: knife.damage,
        damage_two_handed: None,
        str_table: knife.str_table,
        str_min: rifle.str_min,
        str_one_handed: rifle.str_one_handed,
        length: Length::Medium,
        hands: 2,
        throwable: false,
        skill: Some("bayonet".to_string()),
        skill_bit: crate::skills::bit("bayonet"),
        group: Some("knife".to_string()),
        energy: false,
        gas_action: false,
        cutting: knife.cutting,
        shots: 1,
        bursts: 0,
        auto: 0,
        rounds: 0,
        spread: None,
        effective_range: None,
        grenade: None,
        stun: false,
        attack_type: knife.attack_type,
        provenance: format!(
            "SK-16.3-b, G-06: the {} fixed to the {}",
            knife.name, rifle.name
        ),
        combination: Vec::new(),
        dex_penalty: 0,
        breaks: Breaks::Never,
        breaks_parries: false,
        flaming: false,
        laser: false,
        // The knife's own price and practice flag (SK-19.2-b: it is the knife that is won).
        cost: knife.cost,
        reload_cost: None,
        practice: knife.practice,
    }
}

/// The bayonet weapon of a knife and a rifle of this battle.
pub fn pair(rules: &Rules, knife: u16, rifle: u16) -> Option<u16> {
    pair_in(&rules.bayonets, knife, rifle)
}

/// The bayonet weapon of a knife and a rifle in a list of pairs.
pub fn pair_in(pairs: &[BayonetPair], knife: u16, rifle: u16) -> Option<u16> {
    pairs
        .iter()
        .find(|b| b.knife == knife && b.rifle == rifle)
        .map(|b| b.weapon)
}

/// The knife slot of the bayonet on `f`'s ready rifle, when both are whole and in hand.
pub fn ready_bayonet(f: &Figure) -> Option<u8> {
    let (k, r) = f.bayonet?;
    let ok = |slot: u8| f.weapons[usize::from(slot)].is_some_and(|w| w.state == WeaponState::Ok);
    (f.ready == Some(r) && ok(k) && ok(r)).then_some(k)
}

/// The enemies `f` can bayonet now: adjacent, in front (SK-16.3-d, SK-10.5-d).
pub fn targets<'s>(s: &'s State, f: &'s Figure) -> impl Iterator<Item = FigId> + 's {
    let armed = ready_bayonet(f).is_some() && f.posture == Posture::Standing;
    enemies(s, f)
        .filter(move |(_, e)| {
            armed && f.pos.distance(e.pos) == 1 && in_front(f, e.pos) && !e.in_hth
        })
        .map(|(t, _)| t)
}

/// SK-16.3-a: fix the knife in `knife` to the rifle in `rifle`; the rifle is then the weapon in
/// hand (it needs both hands, so a shield is slung and a second weapon put away).
pub(crate) fn fix(ctx: &mut Ctx, fig: FigId, knife: u8, rifle: u8) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let (Some(k), Some(r)) = (f.weapons[usize::from(knife)], f.weapons[usize::from(rifle)]) else {
        return Err(ResolveError::Illegal("no knife or rifle".into()));
    };
    let Some(weapon) = pair(ctx.s.rules, k.weapon, r.weapon) else {
        return Err(ResolveError::Illegal(
            "the knife does not fit the rifle".into(),
        ));
    };
    crate::readying::free_hands_for(ctx, fig, rifle);
    ctx.emit(Event::Bayonet {
        fig,
        knife,
        rifle,
        weapon,
        fixed: true,
    });
    ctx.emit(Event::Readied { fig, slot: rifle });
    Ok(())
}

/// Take the bayonet off: the knife is a knife again, carried.
pub(crate) fn unfix(ctx: &mut Ctx, fig: FigId) -> Result<(), ResolveError> {
    let f = ctx.s.fig(fig).clone();
    let Some((knife, rifle)) = f.bayonet else {
        return Ok(());
    };
    let now = f.weapons[usize::from(knife)].map_or(0, |w| w.weapon);
    let weapon = ctx
        .s
        .rules
        .bayonets
        .iter()
        .find(|b| b.weapon == now)
        .map_or(now, |b| b.knife);
    ctx.emit(Event::Bayonet {
        fig,
        knife,
        rifle,
        weapon,
        fixed: false,
    });
    Ok(())
}

/// SK-16.3-c: fire and bayonet the same target in one turn, with no adjustment, in the order
/// chosen. The second half needs the rifle still in hand and the target still up and next to
/// him.
pub(crate) fn shoot_and_stab(
    ctx: &mut Ctx,
    fig: FigId,
    target: FigId,
    stab_first: bool,
) -> Result<(), ResolveError> {
    if stab_first {
        // The shot that follows is the turn's first: it marks the action and the later shots.
        melee(ctx, fig, target, Strike::Bayonet, false)?;
        let f = ctx.s.fig(fig).clone();
        let loaded = f.ready_slot().is_some_and(|sl| {
            sl.rounds > 0 || ctx.s.rules.weapons[usize::from(sl.weapon)].rounds == 0
        });
        if f.active() && f.posture != Posture::Fallen && ctx.s.fig(target).active() && loaded {
            shoot(ctx, fig, target, FireMode::Single)?;
        } else {
            ctx.emit(Event::Acted { fig });
        }
    } else {
        shoot(ctx, fig, target, FireMode::Single)?;
        let f = ctx.s.fig(fig).clone();
        let t = ctx.s.fig(target).clone();
        let next_to = f.pos.distance(t.pos) == 1 && in_front(&f, t.pos);
        if ready_bayonet(&f).is_some() && f.posture == Posture::Standing && t.active() && next_to {
            melee(ctx, fig, target, Strike::Bayonet, false)?;
        }
    }
    Ok(())
}

/// SK-21.5-e (optional engaged shoulderarms): "If he fires while using the bayonet, he must then
/// drop it". The shot the rule gives an engaged figure, at a foe who did not charge him, drops
/// the shoulderarm after it, bayonet and all; shooting a charger (SK-11.8.2-a) leaves a rifle
/// with a bayonet in hand (SK-16.3-c). So a thrust and that shot at one foe (SK-16.3-c) go
/// thrust first: the other order would drop the rifle before the thrust.
pub(crate) fn engaged_shot_drops(s: &State, f: &Figure, target: FigId) -> bool {
    s.rules.options.engaged_shoulderarms
        && f.charged_by & (1 << target) == 0
        && crate::geometry::engagers_of(s, f, f.pos) != 0
}

/// SK-16.3-d: at the start of the action phase, every figure with a bayonet on the rifle in its
/// hands and a foe to bayonet, able to attack after its movement (a Half Move at most), strikes
/// before any other weapon: it is asked first, in action order, to bayonet a foe or wait for
/// its own turn.
pub(crate) fn strike_first(ctx: &mut Ctx) {
    let movers: smallvec::SmallVec<[FigId; 8]> = ctx
        .s
        .act_order
        .iter()
        .copied()
        .filter(|&id| {
            let f = ctx.s.fig(id);
            let mov = crate::turn::movement::movement_allowance(&ctx.s, f);
            f.active()
                && !f.acted
                && u32::from(f.moved) <= mov.div_ceil(2)
                && targets(&ctx.s, f).next().is_some()
        })
        .collect();
    for fig in movers {
        ctx.emit(Event::StrikesFirst { fig, first: true });
    }
}

/// The hoisted slot's choice given up: the figure acts at its own eDEX.
pub(crate) fn wait_turn(ctx: &mut Ctx, fig: FigId) {
    ctx.emit(Event::StrikesFirst { fig, first: false });
}
