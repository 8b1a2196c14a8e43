//! What each event does to the state. Resolution decides; this only records.

use crate::event::{AttackKind, Effect, Event};
use crate::state::{
    Condition, Dropped, FigId, Guard, MoveKind, Phase, Posture, ShieldAt, State, WeaponState,
    SHIELD_SLOT,
};

pub fn apply(s: &mut State, e: &Event) {
    // ---- after the battle (§19): the record of who fought, hurt and downed whom.
    crate::aftermath::record(s, e);
    match e {
        Event::TurnBegan { turn } => {
            s.turn = *turn;
            // `initiative_winner` keeps last turn's winner until this turn's is settled: a
            // fourth tie in a row reads it (SK-9-d), after a declaration of runners too.
            for f in &mut s.figures {
                // ---- order of the turn, awareness, fatigue: SK-9-c reads last turn's
                // movement before it is cleared; this turn's declarations start afresh.
                f.ran = f.active() && f.move_kind == MoveKind::Full;
                f.runs = false;
                f.guard_tested = false;
                f.exerted = false;
                f.turn_damage = 0;
                f.turn_damage_raw = 0;
                f.moved = 0;
                f.move_kind = MoveKind::StandStill;
                f.dropped_this_turn = false;
                f.guard = Guard::None;
                f.acted = false;
                f.shots_left = 0;
                f.shots_fired = 0;
                f.hit_by = 0;
                f.damaged_by = 0;
                f.charged_by = 0;
                f.retreated = false;
                f.turned = false;
                f.exposed = false;
                f.breather = false;
                f.crawled = false;
                f.run_up = 0;
                f.straight = false;
                f.trail_len = 0;
                f.first_target = None;
                f.burst_turn = false;
                // ---- fire (§16.11): this turn's INT checks and rolling are made anew.
                f.must_run = false;
                f.must_leave = false;
                f.rolling = false;
                // Aiming continues only while the figure keeps aiming (SK-13.7-b).
                if !f.aiming_now {
                    f.aim_turns = 0;
                    f.aim_target = None;
                }
                f.aiming_now = false;
                // SK-16.15.3-T1: a draw promised for this turn is made at its start or not at all.
                f.hth_draw = 0;
                f.bayonet_first = false;
                // ---- vacuum (§17.11-c): this turn's leaks and patching are counted anew.
                f.leaks_new = 0;
                f.patching = false;
                // ---- shots and fire (SK-16.6-a, SK-16.12-m): a new turn's switch of fire mode
                // and its fire armor.
                f.mode_switched = false;
                f.fire_stopped = 0;
            }
        }
        Event::Initiative { winner, .. } => {
            s.initiative_winner = *winner;
        }
        Event::MoveOrder { sides } => {
            s.side_order = sides.iter().copied().collect();
            s.move_order.clear();
            for &side in sides.iter() {
                for (i, f) in s.figures.iter().enumerate() {
                    if f.side == side {
                        s.move_order.push(i as FigId);
                    }
                }
            }
            s.phase = Phase::Movement { next: 0 };
            rank_initiative(s);
        }
        Event::FigureOrder { figures } => {
            s.move_order = figures.iter().copied().collect();
            rank_initiative(s);
        }
        Event::ActionOrder { order } => {
            s.act_order = order.iter().map(|(f, _)| *f).collect();
            for &(f, d) in order {
                s.fig_mut(f).order_dex = d;
            }
            s.phase = Phase::Action;
        }
        Event::Moved {
            fig,
            path,
            facing,
            kind,
            ..
        } => {
            // SK-11.8.2-a: moving into contact in front of a still enemy is a charge at him.
            if path.len() > 1 {
                if let Some(&to) = path.last() {
                    let side = s.fig(*fig).side;
                    for e in s.figures.iter_mut() {
                        if e.side != side
                            && e.active()
                            && e.moved == 0
                            && e.pos.distance(to) == 1
                            && crate::geometry::in_front(e, to)
                        {
                            e.charged_by |= 1u64 << fig;
                        }
                    }
                }
            }
            let f = s.fig_mut(*fig);
            if let Some(&last) = path.last() {
                f.pos = last;
            }
            f.moved = f.moved.saturating_add(path.len().saturating_sub(1) as u8);
            if *kind != MoveKind::StandStill || f.move_kind == MoveKind::StandStill {
                f.move_kind = *kind;
            }
            if f.facing != *facing {
                f.turned = true;
                // SK-21.8-e: turning ends opportunity fire (and suppression fire, SK-21.8-g);
                // SK-13.7-b: an aiming figure may not change facing, so it ends the aim.
                f.overwatch = None;
                f.suppress_at = None;
                f.aim_turns = 0;
                f.aim_target = None;
            }
            f.facing = *facing;
            if path.len() > 1 {
                // SK-13.7-d: moving ends aiming; SK-21.8-e: and opportunity (and suppression)
                // fire.
                f.aim_turns = 0;
                f.aim_target = None;
                f.overwatch = None;
                f.suppress_at = None;
                // SK-10.5-c: a crawling figure counts every hex as rear.
                f.crawled = *kind == MoveKind::Crawl;
                // SK-10.3-b: moving off loses a climb's progress.
                f.climbed = 0;
                // SK-6.3.8-b: active listening needs a still figure.
                f.listening = false;
                // SK-16.2-a / SK-16.3-b: the run-up of a charge (straight last 3 hexes), over
                // every piece of this turn's move.
                f.run_up = f.run_up.saturating_add((path.len() - 1) as u8);
                for (i, p) in path.iter().enumerate() {
                    if i == 0 && f.trail_len > 0 {
                        continue;
                    }
                    if f.trail_len < 4 {
                        f.trail[usize::from(f.trail_len)] = *p;
                        f.trail_len += 1;
                    } else {
                        f.trail.rotate_left(1);
                        f.trail[3] = *p;
                    }
                }
                // SK-16.2-a "(no facing changes)": the facing chosen at the end of the move is
                // the line's own, the way he ran.
                f.straight = f.trail_len == 4 && {
                    let t = f.trail;
                    let d1 = t[3].hex() - t[2].hex();
                    let d2 = t[2].hex() - t[1].hex();
                    let d3 = t[1].hex() - t[0].hex();
                    d1 == d2 && d2 == d3 && t[2].neighbour(*facing) == t[3]
                };
            }
        }
        Event::Faced { fig, facing } => {
            let f = s.fig_mut(*fig);
            if f.facing != *facing {
                f.turned = true;
                f.overwatch = None;
                f.suppress_at = None;
                // SK-13.7-b: changing facing ends aiming.
                f.aim_turns = 0;
                f.aim_target = None;
            }
            f.facing = *facing;
        }
        Event::Posture { fig, posture, rule } => {
            let f = s.fig_mut(*fig);
            // SK-11.7.3-a: only the Drop action (SK-11.7.5-a) leaves a shot to come, not a
            // fall to the ground in hand to hand.
            if *posture != Posture::Standing && f.moved == 0 && rule.0 == "SK-11.7.5-a" {
                f.dropped_this_turn = true;
            }
            f.posture = *posture;
        }
        Event::Guarded { fig, guard } => {
            let f = s.fig_mut(*fig);
            f.guard = *guard;
            // SK-21.3-h: Defend is a turn of exertion.
            f.exerted |= matches!(guard, Guard::Defend | Guard::Parry);
        }
        Event::Roll {
            attacker,
            target,
            kind,
            result,
            avoid,
            ..
        } => {
            // ---- SK-11.6-a: a guard met by an attack is no longer only intended; SK-21.3-h:
            // a melee or hand-to-hand attack is a turn of exertion.
            if !*avoid && attacker != target {
                if crate::turn::changing::guard_meets(s, *attacker, *target, *kind) {
                    s.fig_mut(*target).guard_tested = true;
                }
                if matches!(kind, AttackKind::Melee | AttackKind::Hth) {
                    s.fig_mut(*attacker).exerted = true;
                }
            }
            let a = s.fig_mut(*attacker);
            a.shots_fired = a.shots_fired.saturating_add(1);
            if !*avoid && a.first_target.is_none() && attacker != target {
                a.first_target = Some(*target);
            }
            if result.is_hit() {
                s.fig_mut(*target).hit_by |= 1u64 << attacker;
            }
        }
        Event::Damage {
            target,
            source,
            taken,
            nonlethal,
            rolled,
            mult,
            armor,
            ..
        } => {
            // SK-21.7-a: body armor wears by the hits it stopped (not the shield's share).
            let body = s
                .fig(*target)
                .armor
                .map_or(0, |a| s.rules.armor[usize::from(a)].defense);
            let t = s.fig_mut(*target);
            t.hits_taken = t.hits_taken.saturating_add(1);
            t.damage += *taken;
            t.nonlethal += *nonlethal;
            t.turn_damage += *taken + *nonlethal;
            let raw = (*rolled * i32::from((*mult).max(1))).clamp(0, 1000) as i16;
            t.turn_damage_raw += raw;
            t.absorbed = t
                .absorbed
                .saturating_add(raw.min(*armor).min(body).max(0) as u16);
            if let Some(src) = source {
                if *taken + *nonlethal > 0 {
                    t.damaged_by |= 1u64 << src;
                }
                t.hit_by |= 1u64 << src;
            }
        }
        Event::Effect { fig, effect, .. } => effect_on(s, *fig, effect),
        Event::Check { .. } | Event::Location { .. } => {}
        Event::Recovered { fig, amount, woke } => {
            let f = s.fig_mut(*fig);
            f.nonlethal = (f.nonlethal - *amount).max(0);
            if *woke {
                f.condition = Condition::Active;
            }
        }
        Event::Breathing { fig } => s.fig_mut(*fig).breather = true,
        Event::Aimed { fig, target, turns } => {
            let f = s.fig_mut(*fig);
            f.aim_target = Some(*target);
            f.aim_turns = *turns;
            f.aiming_now = true;
        }
        Event::Readied { fig, slot } => {
            let f = s.fig_mut(*fig);
            f.ready = Some(*slot);
            // The weapon moves to the main hand (SK-6.5.3).
            if f.off_hand == Some(*slot) {
                f.off_hand = None;
            }
            if let Some(w) = &mut f.weapons[usize::from(*slot)] {
                if w.state == WeaponState::Jammed {
                    w.state = WeaponState::Ok;
                }
            }
        }
        Event::Reloaded { fig, slot, rounds } => {
            let f = s.fig_mut(*fig);
            if let Some(w) = &mut f.weapons[usize::from(*slot)] {
                w.rounds = *rounds;
                // SK-15.1-a: a new battery gives a flat sword its blade back.
                if w.state == WeaponState::Drained {
                    w.state = WeaponState::Ok;
                }
            }
            f.spare_magazines = f.spare_magazines.saturating_sub(1);
        }
        Event::PickedUp { fig, slot } if *slot == SHIELD_SLOT => {
            // The shield comes back; the `Hands` event that follows says where it goes.
            let fig = *fig;
            s.dropped
                .retain(|d| !(d.owner == fig && d.slot == SHIELD_SLOT));
        }
        Event::PickedUp { fig, slot } => {
            let rules = s.rules;
            let f = s.fig_mut(*fig);
            if let Some(w) = &mut f.weapons[usize::from(*slot)] {
                // SK-15.1-a: a sword dropped with a flat battery comes up flat.
                let flat = w.rounds == 0 && rules.weapons[usize::from(w.weapon)].battery_sword();
                w.state = if flat {
                    WeaponState::Drained
                } else {
                    WeaponState::Ok
                };
            }
            f.ready = Some(*slot);
            // SK-10.5-c: picking up a dropped weapon, he has only rear hexes.
            f.crawled = true;
            let (fig, slot) = (*fig, *slot);
            s.dropped.retain(|d| !(d.owner == fig && d.slot == slot));
        }
        Event::Shots { fig, left, next_at } => {
            let f = s.fig_mut(*fig);
            f.shots_left = *left;
            f.next_shot_at = *next_at;
        }
        Event::Spent { fig, slot, rounds } => {
            if let Some(w) = &mut s.fig_mut(*fig).weapons[usize::from(*slot)] {
                w.rounds = w.rounds.saturating_sub(*rounds);
            }
        }
        Event::Acted { fig } => {
            let f = s.fig_mut(*fig);
            f.acted = true;
            f.overwatch = None;
            // SK-21.8-g: suppression fire lasts until the figure acts again.
            f.suppress_at = None;
            f.suppress_shots = 0;
            // SK-6.3.8-b: listening lasts until the figure's next action.
            f.listening = false;
        }
        Event::Covering { fig, at } => s.fig_mut(*fig).overwatch = *at,
        Event::Disengaged { fig, to } => {
            let f = s.fig_mut(*fig);
            f.pos = *to;
            f.moved = f.moved.saturating_add(1);
            f.aim_turns = 0;
            f.aim_target = None;
        }
        Event::HthBegan {
            attacker,
            defender,
            at,
        } => {
            for id in [*attacker, *defender] {
                let f = s.fig_mut(id);
                f.in_hth = true;
                f.aim_turns = 0;
                f.aim_target = None;
            }
            s.fig_mut(*attacker).pos = *at;
        }
        Event::HthEnded { fig, to } => {
            let f = s.fig_mut(*fig);
            f.in_hth = false;
            f.pos = *to;
            // The others left alone in the hex are out of the fight.
            let here: Vec<usize> = s
                .figures
                .iter()
                .enumerate()
                .filter(|(_, f)| f.in_hth)
                .map(|(i, _)| i)
                .collect();
            for i in here {
                let p = s.figures[i].pos;
                let partners = s
                    .figures
                    .iter()
                    .enumerate()
                    .filter(|(j, g)| *j != i && g.in_hth && g.pos == p && g.active())
                    .count();
                if partners == 0 {
                    s.figures[i].in_hth = false;
                }
            }
        }
        Event::HthReaction { .. } => {}
        Event::Pushed {
            fig,
            victim,
            to,
            follow,
        } => {
            let from = s.fig(*victim).pos;
            let v = s.fig_mut(*victim);
            v.pos = *to;
            v.retreated = true;
            v.aim_turns = 0;
            v.aim_target = None;
            if *follow {
                s.fig_mut(*fig).pos = from;
            }
        }
        Event::GrenadeLanded {
            thrower,
            at,
            weapon,
            live,
            next_movement,
            ..
        } => {
            if *live {
                s.grenades.push(crate::state::LiveGrenade {
                    pos: *at,
                    weapon: *weapon,
                    thrower: *thrower,
                    end_of_turn: !*next_movement,
                });
            }
        }
        Event::Exploded { at, .. } => {
            if let Some(k) = s.grenades.iter().position(|g| g.pos == *at) {
                s.grenades.remove(k);
            }
        }
        Event::Exposed { fig } => s.fig_mut(*fig).exposed = true,
        Event::BurstTurn { fig } => s.fig_mut(*fig).burst_turn = true,
        Event::CloudChanged { cloud, gone, .. } => {
            if *gone {
                s.clouds.retain(|c| c.id != cloud.id);
            } else if let Some(c) = s.clouds.iter_mut().find(|c| c.id == cloud.id) {
                *c = *cloud;
            } else {
                s.clouds.push(*cloud);
            }
        }
        Event::FireLit {
            at,
            turns,
            incendiary,
        } => {
            // A hex already burning burns on with the longer time (one fire per hex).
            if let Some(f) = s.fires.iter_mut().find(|f| f.pos == *at) {
                f.turns_left = f.turns_left.max(*turns);
                f.incendiary |= *incendiary;
            } else {
                s.fires.push(crate::state::Fire {
                    pos: *at,
                    turns_left: *turns,
                    incendiary: *incendiary,
                });
            }
        }
        // ---- fire (§16.11, §16.12, §16.13)
        Event::Burn { .. } | Event::FlameBurst { .. } => {}
        Event::FireOut { at } => s.fires.retain(|f| f.pos != *at),
        Event::Phase { phase } => s.phase = *phase,
        Event::TurnEnded { .. } => {
            s.phase = Phase::TurnStart;
            // Fires burn down (SK-16.12-j: 12 turns).
            for f in s.fires.iter_mut() {
                f.turns_left = f.turns_left.saturating_sub(1);
            }
            s.fires.retain(|f| f.turns_left > 0);
            for f in &mut s.figures {
                f.stunned = f.stunned.saturating_sub(1);
            }
        }
        Event::BattleOver { .. } => {
            s.phase = Phase::Over;
        }
        // ---- weapons and melee: rolls and questions that change nothing by themselves.
        Event::Contest { attacker, .. } => {
            // SK-21.3-h: a hand-to-hand struggle is a turn of exertion.
            s.fig_mut(attacker.fig).exerted = true;
        }
        Event::HthOffered { .. } | Event::HthAnswered { .. } => {}
        Event::Bayonet {
            fig,
            knife,
            rifle,
            weapon,
            fixed,
        } => {
            let f = s.fig_mut(*fig);
            if let Some(w) = &mut f.weapons[usize::from(*knife)] {
                w.weapon = *weapon;
            }
            f.bayonet = fixed.then_some((*knife, *rifle));
            if f.off_hand == Some(*knife) {
                f.off_hand = None;
            }
            if f.ready == Some(*knife) {
                f.ready = None;
            }
        }
        Event::StrikesFirst { fig, first } => s.fig_mut(*fig).bayonet_first = *first,
        Event::Exchanged {
            fig,
            with,
            fig_slot,
            with_slot,
            ..
        } => {
            let a = s.fig(*fig).weapons[usize::from(*fig_slot)];
            let b = s.fig(*with).weapons[usize::from(*with_slot)];
            for (who, slot, got) in [(*fig, *fig_slot, b), (*with, *with_slot, a)] {
                let f = s.fig_mut(who);
                f.weapons[usize::from(slot)] = got;
                f.ready = got.map(|_| slot);
            }
        }
        Event::Hands {
            fig,
            off_hand,
            shield_at,
            ..
        } => {
            let f = s.fig_mut(*fig);
            let dropping = *shield_at == ShieldAt::Ground && f.shield_at != ShieldAt::Ground;
            f.off_hand = *off_hand;
            f.shield_at = *shield_at;
            if dropping {
                let pos = f.pos;
                s.dropped.push(Dropped {
                    pos,
                    owner: *fig,
                    slot: SHIELD_SLOT,
                });
            }
        }
        // ---- movement over terrain (SK-10.2 … SK-10.6, SK-12.5-c)
        Event::Jumped { .. } => {}
        Event::FellInto { fig, at, .. } => {
            let f = s.fig_mut(*fig);
            f.pos = *at;
            f.posture = Posture::Fallen;
            f.aim_turns = 0;
            f.aim_target = None;
            f.climbed = 0;
        }
        Event::Climbed {
            fig, metres, out, ..
        } => {
            let f = s.fig_mut(*fig);
            f.climbed = *metres;
            if let Some(to) = out {
                f.pos = *to;
                f.climbed = 0;
                f.moved = f.moved.saturating_add(1);
            }
        }
        Event::Grabbed {
            fig,
            owner,
            slot,
            into,
            ..
        } => {
            let (fig, owner, slot, into) = (*fig, *owner, *slot, *into);
            let taken = s.fig(owner).weapons[usize::from(slot)];
            if owner != fig {
                let o = s.fig_mut(owner);
                o.weapons[usize::from(slot)] = None;
                if o.ready == Some(slot) {
                    o.ready = None;
                }
            }
            let f = s.fig_mut(fig);
            if let Some(mut w) = taken {
                w.state = WeaponState::Ok;
                f.weapons[usize::from(into)] = Some(w);
                f.ready = Some(into);
            }
            // SK-10.5-c: picking up a dropped weapon, he has only rear hexes (until he moves
            // on).
            f.crawled = true;
            s.dropped.retain(|d| !(d.owner == owner && d.slot == slot));
        }
        Event::MovSpent { fig, mov, .. } => {
            let f = s.fig_mut(*fig);
            f.moved = f.moved.saturating_add(*mov);
        }
        Event::StoodFast { fig, .. } => s.fig_mut(*fig).retreated = true,
        // ---- energy weapons, shields, protective gear, smoke and gas
        Event::Mask { fig, on } => s.fig_mut(*fig).mask_on = *on,
        Event::Light { fig, on } => s.fig_mut(*fig).light_on = *on,
        Event::PowerLeft { fig, dice } => s.fig_mut(*fig).power_left = *dice,
        Event::PackSpent { fig, dice } => {
            let f = s.fig_mut(*fig);
            f.pack_dice = f.pack_dice.saturating_sub(*dice);
        }
        Event::PackMoved { fig, slot } => s.fig_mut(*fig).pack_slot = Some(*slot),
        Event::ShieldSet { fig, on } => {
            let turn = s.turn;
            let f = s.fig_mut(*fig);
            f.shield_on = *on;
            f.shield_declared = turn;
        }
        Event::ShieldBroken { fig, .. } => {
            let f = s.fig_mut(*fig);
            f.shield_broken = true;
            f.shield_on = false;
        }
        Event::Shielded {
            target,
            by: crate::event::Shielder::Worn,
            r,
            ..
        } => {
            // SK-21.7-a, E-19: the worn shielding wears by the dice it takes off.
            let f = s.fig_mut(*target);
            f.shielding_dice = f.shielding_dice.saturating_add(u16::from(*r));
        }
        Event::Shielded { .. } | Event::Reflected { .. } => {}
        Event::Holding { fig, grenade, .. } => s.fig_mut(*fig).holding = *grenade,
        // ---- ranged fire (§13.8, §16.6, §16.15.3, §21.5, §21.8)
        Event::BrawlPick { .. } | Event::Sweep { .. } | Event::QuickDraw { .. } => {}
        Event::Suppressing { fig, at, shots } => {
            let f = s.fig_mut(*fig);
            f.suppress_at = *at;
            f.suppress_shots = *shots;
        }
        // ---- after the battle (§6.5.1, §6.8.1, §15.1, §19, §21.7): the recorded hits are in
        // the record above; of the aftermath only healing changes the figures (rewards and
        // bills are the ledger's, `aftermath::ledger`).
        Event::Healed {
            fig,
            lethal,
            nonlethal,
            ..
        } => {
            let f = s.fig_mut(*fig);
            f.damage = (f.damage - *lethal).max(0);
            f.nonlethal = (f.nonlethal - *nonlethal).max(0);
        }
        Event::PracticeHit { .. }
        | Event::Aftermath { .. }
        | Event::Credits { .. }
        | Event::Experience { .. }
        | Event::ItemWon { .. }
        | Event::Recharge { .. }
        | Event::ArmorRepair { .. } => {}
        // ---- lasting injuries (§21.4-e/f): a limb put out of use heals between combats; the
        // losses for good and the next fight's attributes are the ledger's.
        Event::LimbHealed { fig, limb, .. } => {
            use crate::aftermath::injuries::{limb_bit, ARMS, LEGS};
            let f = s.fig_mut(*fig);
            f.limbs_out &= !limb_bit(*limb);
            let out = f.limbs_out | f.limbs_lost;
            f.arm_out = out & ARMS != 0;
            f.arms_out = out & ARMS;
            f.leg_out = out & LEGS != 0;
        }
        Event::PermanentLoss { .. } | Event::Attributes { .. } => {}
        // ---- order of the turn, awareness, fatigue (§6.3.8, §9, §10, §21.3)
        Event::Surprised { fig, on, .. } => s.fig_mut(*fig).surprised = *on,
        Event::Runs { side, again } => {
            for f in s
                .figures
                .iter_mut()
                .filter(|f| f.side == *side && f.active())
            {
                f.runs = *again;
            }
        }
        // SK-10-e: the movement order only; the initiative ranks stay.
        Event::Chase { order, .. } => s.move_order = order.iter().copied().collect(),
        Event::Hearing { .. } => {}
        Event::Hidden { fig, hidden, .. } => s.fig_mut(*fig).hidden = *hidden,
        Event::Listening { fig } => s.fig_mut(*fig).listening = true,
        Event::Fatigued { fig, amount, .. } => s.fig_mut(*fig).nonlethal += *amount,
        // ---- microgravity (§17.10, G-54)
        Event::Drift { fig, vel, acc, .. } => {
            let f = s.fig_mut(*fig);
            f.drift = *vel;
            f.drift_acc = *acc;
        }
        Event::TetherShot { attacker, .. } => {
            let a = s.fig_mut(*attacker);
            a.shots_fired = a.shots_fired.saturating_add(1);
        }
        Event::TetherHit {
            fig, total, cut, ..
        } => {
            let f = s.fig_mut(*fig);
            f.tether_damage = *total;
            if *cut {
                f.tether = 0;
            }
        }
        // ---- hand to hand and the arena (§11.9, §16.15.6, §19.1)
        Event::HthOver { fig, .. } => s.fig_mut(*fig).in_hth = false,
        Event::Escaped { fig, .. } => {
            let f = s.fig_mut(*fig);
            f.condition = Condition::Escaped;
            f.in_hth = false;
            f.held_by = None;
        }
        Event::Drifted { fig, path, acc, .. } => {
            let f = s.fig_mut(*fig);
            if let Some(&last) = path.last() {
                f.pos = last;
            }
            f.drift_acc = *acc;
            if path.len() > 1 {
                // Drifting off ends aiming and opportunity fire, as moving does (SK-13.7-d,
                // SK-21.8-e).
                f.aim_turns = 0;
                f.aim_target = None;
                f.overwatch = None;
            }
        }
        // ---- shots and fire (SK-16.6-a, SK-14.3-a, SK-16.12-m)
        Event::FireModeSwitched {
            fig, mode, shots, ..
        } => {
            let f = s.fig_mut(*fig);
            f.mode_switched = true;
            f.burst_turn = *mode == crate::action::FireMode::Burst;
            // Full auto's share is the rounds of its one string.
            f.shots_left = if *mode == crate::action::FireMode::Auto {
                1
            } else {
                *shots
            };
        }
        Event::FireShielded { .. } => {}
        Event::FireArmor { fig, stopped, .. } => {
            let f = s.fig_mut(*fig);
            f.fire_stopped = f
                .fire_stopped
                .saturating_add((*stopped).clamp(0, 255) as u8);
        }
    }
}

/// SK-11-c, G-12: each figure's place in this turn's initiative order (the movement order as
/// the initiative set it).
fn rank_initiative(s: &mut State) {
    for k in 0..s.move_order.len() {
        let f = s.move_order[k];
        s.fig_mut(f).init_rank = k.min(255) as u8;
    }
}

/// SK-21.4-e: an arm out of use: the other hand's weapon is put away, and a main weapon that
/// needs both hands at his STR (SK-13.3-b) is no longer ready (it stays carried).
fn one_hand_less(rules: &crate::data::Rules, f: &mut crate::state::Figure) {
    f.off_hand = None;
    if let Some(k) = f.ready {
        let two = f.weapons[usize::from(k)].is_some_and(|w| {
            crate::hands::needs_both_hands(f, &rules.weapons[usize::from(w.weapon)])
        });
        if two {
            f.ready = None;
        }
    }
}

fn effect_on(s: &mut State, fig: FigId, effect: &Effect) {
    let s_rules = s.rules;
    let f = s.fig_mut(fig);
    match *effect {
        Effect::Shaken { until } => f.shaken_until = until,
        Effect::Fell => {
            f.posture = Posture::Fallen;
            f.aim_turns = 0;
            f.aim_target = None;
        }
        Effect::MovedBack { to } => f.pos = to,
        Effect::Unconscious => {
            f.condition = Condition::Unconscious;
            f.posture = Posture::Fallen;
            f.in_hth = false;
        }
        Effect::Dead => {
            f.condition = Condition::Dead;
            f.posture = Posture::Fallen;
            f.in_hth = false;
        }
        Effect::WeaponDropped { slot } => {
            if f.off_hand == Some(slot) {
                f.off_hand = None;
            }
            if let Some(w) = &mut f.weapons[usize::from(slot)] {
                w.state = WeaponState::Dropped;
            }
            if f.ready == Some(slot) {
                f.ready = None;
            }
            let pos = f.pos;
            s.dropped.push(Dropped {
                pos,
                owner: fig,
                slot,
            });
        }
        Effect::WeaponBroken { slot, permanent } => {
            if f.off_hand == Some(slot) {
                f.off_hand = None;
            }
            // A broken bayonet is off the rifle (SK-16.3).
            if f.bayonet.is_some_and(|(k, _)| k == slot) {
                f.bayonet = None;
            }
            if let Some(w) = &mut f.weapons[usize::from(slot)] {
                w.state = if permanent {
                    WeaponState::Broken
                } else {
                    WeaponState::TemporarilyBroken
                };
            }
            if f.ready == Some(slot) {
                f.ready = None;
            }
        }
        Effect::Burning { turns } => {
            f.burning = turns;
            if turns == 0 {
                f.soak_incendiary = false;
            }
        }
        Effect::Jammed { slot } => {
            if let Some(w) = &mut f.weapons[usize::from(slot)] {
                w.state = WeaponState::Jammed;
            }
        }
        Effect::ClubCracked { slot } => {
            if let Some(w) = &mut f.weapons[usize::from(slot)] {
                w.club_breaks = w.club_breaks.saturating_add(1);
            }
        }
        Effect::WeaponThrown { slot, to } => {
            if f.off_hand == Some(slot) {
                f.off_hand = None;
            }
            if let Some(w) = &mut f.weapons[usize::from(slot)] {
                w.state = WeaponState::Dropped;
            }
            if f.ready == Some(slot) {
                f.ready = None;
            }
            s.dropped.push(Dropped {
                pos: to,
                owner: fig,
                slot,
            });
        }
        Effect::AimLost => {
            f.aim_turns = 0;
            f.aim_target = None;
            f.aiming_now = false;
        }
        Effect::Stunned => {
            f.stunned = 2;
            f.posture = Posture::Fallen;
        }
        Effect::Gassed => f.gassed = true,
        Effect::Floating { on } => f.floating = on,
        Effect::HeadHit { turn } => f.head_turn = turn,
        Effect::ArmOut { arm } => {
            // SK-21.4-e: with an arm out of use, a weapon that needs both hands cannot be held
            // ready, and the other hand holds nothing (SK-6.5.3).
            f.arm_out = true;
            f.arms_out |= crate::aftermath::injuries::limb_bit(arm);
            one_hand_less(s_rules, f);
        }
        // ---- weapons and melee
        Effect::BrokenAsWeapon { slot } => {
            if let Some(w) = &mut f.weapons[usize::from(slot)] {
                w.state = WeaponState::ParryOnly;
            }
        }
        Effect::DrawsNextTurn { slot } => f.hth_draw = slot + 1,
        Effect::DrawCalledOff { .. } => f.hth_draw = 0,
        Effect::DrawnInHth { slot } => {
            f.ready = Some(slot);
            f.hth_draw = 0;
        }
        // ---- fire (§16.11, §16.12)
        Effect::OnFire { extent, ran } => {
            f.on_fire = extent;
            f.fire_ran = ran;
        }
        Effect::MustRun => f.must_run = true,
        Effect::MustLeave => f.must_leave = true,
        Effect::Rolling => f.rolling = true,
        Effect::SoakIncendiary => f.soak_incendiary = true,
        Effect::FireOut => {
            f.soak_incendiary = false;
            f.burning = 0;
            f.on_fire = crate::state::Blaze::None;
            f.fire_ran = false;
        }
        Effect::ItemSpent { item } => f.items &= !item.bit(),
        Effect::Blinded => f.blinded = true,
        // ---- sword batteries (SK-15.1-a)
        Effect::BatteryDead { slot } => {
            if let Some(w) = &mut f.weapons[usize::from(slot)] {
                w.state = WeaponState::Drained;
            }
        }
        // ---- after the battle (§19.3)
        Effect::Beaten => {
            f.condition = Condition::Beaten;
            f.in_hth = false;
        }
        Effect::LegHit { until, out } => {
            f.leg_down_until = until;
            f.leg_out |= out;
            if f.posture == Posture::Standing {
                f.posture = Posture::Kneeling;
            }
        }
        // ---- microgravity and vacuum (§17.10, §17.11)
        Effect::FloatedAway => {
            // A body that floats off stays dead; anyone else is lost.
            if f.condition != Condition::Dead {
                f.condition = Condition::Lost;
            }
            f.drift = [0, 0];
            f.drift_acc = [0, 0];
        }
        Effect::Leak { leaks, new } => {
            f.leaks = leaks;
            f.leaks_new = new;
        }
        Effect::Patching => f.patching = true,
        Effect::Patched { leaks } => {
            f.leaks = leaks;
            f.leaks_new = f.leaks_new.min(leaks);
        }
        Effect::LeakTurns { turns } => f.leak_turns = turns,
        // ---- lasting injuries (§21.4-e/f): a lost limb is out of use too, as `ArmOut` and
        // `LegHit` put it (the hit that took it may have knocked him out, and then neither says
        // so).
        Effect::LimbLost { limb } => {
            f.limbs_lost |= crate::aftermath::injuries::limb_bit(limb);
            if crate::aftermath::injuries::is_arm(limb) {
                f.arm_out = true;
                f.arms_out |= crate::aftermath::injuries::limb_bit(limb);
                one_hand_less(s_rules, f);
            } else {
                f.leg_out = true;
            }
        }
        // ---- hand to hand (§16.15.6)
        Effect::Held { by } => f.held_by = Some(by),
        Effect::BrokeAway => {
            // Back in the fight, on the ground with his foe (G-39 (5)): he may act again.
            f.held_by = None;
            f.stunned = 0;
            if f.posture == Posture::Fallen {
                f.posture = Posture::Prone;
            }
        }
        Effect::Subdued => {
            f.condition = Condition::Subdued;
            f.posture = Posture::Fallen;
            f.held_by = None;
            f.stunned = 0;
            f.in_hth = false;
        }
    }
}
