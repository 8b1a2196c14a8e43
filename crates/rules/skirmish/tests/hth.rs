//! Hand to hand in SKIRMISH! through the engine with forced dice, the parts of §11.9 and §16.15.6
//! that finish a brawl: picking up a dropped weapon (SK-11.9.2-a), the foes' blows at one who
//! breaks free (SK-11.9.3-a, G-39 (1)), the hold of a subdued foe, the roll to break away and
//! the lasting "subdued" (SK-16.15.6-b), the automatic hit on a subdued foe whoever strikes
//! (SK-16.15.6-c), the end of a brawl with no foe left in it (G-39 (5)), and a subdued side in
//! a duel (SK-19.2-a, `sk.victory`).
//!
//! Test names carry the rule IDs; G-nn are GAPS.md's numbers. Every action is played by its text
//! with exactly the faces it rolls (tests/common checks that none are left over), and each
//! expected number is worked out by hand from the book in a comment.

mod common;

use common::*;
use fireteam_engine::Outcome;
use fireteam_skirmish::action::Action;
use fireteam_skirmish::autoresult::ToHit;
use fireteam_skirmish::event::{ContestSide, Effect};
use fireteam_skirmish::state::{Condition, Phase, Pos, Posture};
use fireteam_skirmish::Event;

/// The opposed rolls in these events: (what, attacker, defender, won, rule).
fn contests(events: &[Event]) -> Vec<(&'static str, ContestSide, ContestSide, bool, &'static str)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Contest {
                what,
                attacker,
                defender,
                won,
                rule,
            } => Some((
                *what,
                (**attacker).clone(),
                (**defender).clone(),
                *won,
                rule.0,
            )),
            _ => None,
        })
        .collect()
}

/// A contest side as (figure, attribute, target, total, margin).
fn side(c: &ContestSide) -> (u16, &'static str, i16, i32, i32) {
    (c.fig, c.attribute, c.target, c.total, c.margin)
}

/// Everyone before `name` in the action phase does nothing.
fn until(g: &mut Game, name: &str) {
    let who = g.id(name);
    while g.decider() != Some(who) {
        let id = g.decider().expect("someone to act");
        let a = g
            .legal()
            .into_iter()
            .find(|a| matches!(a, Action::Pass { fig } if *fig == id))
            .expect("a way to pass");
        g.play_action(&a, &[]);
    }
}

/// The next turn, its start rolling `first` (rolls to break away) before the initiative (side A
/// wins, 6 against 1, and moves first); everyone outside a brawl stands still.
fn next_turn(g: &mut Game, first: &[i64]) -> Vec<Event> {
    let text = format!("start turn {}", g.s.turn + 1);
    let ev = g.play(&text, &faces(&[first, &[6, 1]]));
    g.act("move first");
    g.stand_all();
    ev
}

/// Ash (side A; STR 10, DEX 14, bare hands and `ash_gear`) at [1, 1] facing S goes hand to hand
/// with Bay (side B; STR 12, DEX 10, Knife skill, a fighting knife), who kneels at [1, 2] facing
/// N (SK-16.15.3-a (2)). The reaction die 1 puts both down in Bay's hex, [1, 2] (SK-16.15.3-T1).
/// Cal (side A; STR 10, DEX 12, a duel blade) stands next to the brawl at [1, 3] facing N, and
/// `more` are there too. Turn 2's action phase follows, Ash (DEX 14) to act first.
fn brawl(options: &[(&str, &str)], ash_gear: &[&str], more: &[Unit]) -> Game {
    let mut units = vec![
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            ash_gear,
            "str = 10, dex = 14, int = 10",
        ),
        unit(
            "Bay",
            1,
            (1, 2),
            N,
            &["fighting-knife"],
            "str = 12, dex = 10, int = 10, knife = 1",
        )
        .stance("kneeling"),
        unit(
            "Cal",
            0,
            (1, 3),
            N,
            &["duel-blade"],
            "str = 10, dex = 12, int = 10, sword = 1",
        ),
    ];
    units.extend(more.iter().cloned());
    let mut g = game(options, &open(4, 6), &[], &units);
    g.reach_actions(0);
    until(&mut g, "Ash");
    g.play("Ash goes hand to hand with Bay", &[1]);
    assert!(g.fig("Ash").in_hth && g.fig("Bay").in_hth);
    assert_eq!(g.fig("Ash").pos, Pos::new(1, 2));
    g.finish_turn();
    next_turn(&mut g, &[]);
    assert_eq!(g.decider(), Some(g.id("Ash")));
    g
}

// =============================================================================================
// SK-11.9.2-a: "Attempt to draw a knife or pistol, or pick up a dropped weapon. This requires a
// 3d6/DEX roll to succeed. … The +4 DEX bonus does not apply to this roll."
// =============================================================================================

#[test]
fn sk_11_9_2_a_a_dropped_knife_is_picked_up_in_the_brawl_on_3d6_against_dex() {
    // Ash went into the brawl with a rifle in hand: he dropped it (SK-16.15.3-b). Turn 2: bare-
    // handed, he disarms Bay: opposed eSTR, Ash 10 rolls 6 (margin 4), Bay 12 rolls 10 (margin
    // 2): the knife falls in the hex (SK-16.15.7-b).
    let mut g = brawl(&[], &["rifle"], &[]);
    g.play("Ash tries to disarm Bay", &faces(&[&d3(6), &d3(10)]));
    until(&mut g, "Bay");
    // Bay may pick it up again; the rifle, no weapon for hand to hand (SK-11.9.1-a), is no
    // choice for anyone.
    let texts = g.texts();
    assert!(texts.contains(&"Bay picks up his Fighting Knife in the brawl".to_string()));
    assert!(!texts.iter().any(|t| t.contains("Rifle")), "{texts:#?}");
    // 3d6 against DEX 10, without the +4 of hand to hand: an 11 fails, and the knife stays on
    // the ground.
    let ev = g.play("Bay picks up his Fighting Knife in the brawl", &d3(11));
    assert_eq!(
        checks(&ev),
        [(g.id("Bay"), "ready", 3, 11, 10, false, "SK-11.9.2-a")]
    );
    assert_eq!(g.fig("Bay").ready, None);
    assert_eq!(g.s.dropped.len(), 2, "the rifle and the knife");
    // Turn 3: Ash takes Bay's knife: 3d6 against his DEX 14 (not 18): 14 succeeds. It goes into
    // his free slot 1 (the dropped rifle keeps slot 0) and is his ready weapon.
    g.finish_turn();
    next_turn(&mut g, &[]);
    assert!(!g.can("Ash picks up his Rifle in the brawl"));
    let ev = g.play("Ash picks up Bay's Fighting Knife in the brawl", &d3(14));
    assert_eq!(
        checks(&ev),
        [(g.id("Ash"), "ready", 3, 14, 14, true, "SK-11.9.2-a")]
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Grabbed { fig: 0, owner: 1, slot: 0, into: 1, at, rule }
            if *at == Pos::new(1, 2) && rule.0 == "SK-11.9.2-a"
    )));
    let ash = g.fig("Ash");
    assert_eq!(ash.ready, Some(1));
    let knife = ash.weapons[1].expect("the knife");
    assert_eq!(
        g.s.rules.weapons[usize::from(knife.weapon)].name,
        "Fighting Knife"
    );
    assert_eq!(g.fig("Bay").weapons[0], None);
    assert_eq!(g.s.dropped.len(), 1, "only the rifle is left");
}

#[test]
fn sk_11_9_2_a_his_own_knife_back_in_hand_on_a_success() {
    // As above; Bay rolls 10 against DEX 10: his knife is back in his hand.
    let mut g = brawl(&[], &[], &[]);
    g.play("Ash tries to disarm Bay", &faces(&[&d3(6), &d3(10)]));
    until(&mut g, "Bay");
    let ev = g.play("Bay picks up his Fighting Knife in the brawl", &d3(10));
    assert_eq!(
        checks(&ev),
        [(g.id("Bay"), "ready", 3, 10, 10, true, "SK-11.9.2-a")]
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::PickedUp { fig: 1, slot: 0 })));
    assert_eq!(g.fig("Bay").ready, Some(0));
    assert!(g.s.dropped.is_empty());
}

// =============================================================================================
// SK-11.9.3-a, G-39 (1): breaking free of hand to hand; "each opponent in the hex may get one
// free HTH attack at −1 per point of eDEX by which the disengager beats him (mirrors §11.5)".
// =============================================================================================

/// Ash (side A; STR 10, DEX 10, bare hands) at [1, 1] facing S goes hand to hand with Bay (side
/// B; STR 10, DEX 13), kneeling at [1, 2] facing N: reaction die 1, both down in [1, 2]. In turn
/// 2 Bay (eDEX 13) acts before Ash (10).
fn leaving(options: &[(&str, &str)]) -> Game {
    let mut g = game(
        options,
        &open(3, 6),
        &[],
        &[
            unit("Ash", 0, (1, 1), S, &[], "str = 10, dex = 10, int = 10"),
            unit("Bay", 1, (1, 2), N, &[], "str = 10, dex = 13, int = 10").stance("kneeling"),
        ],
    );
    g.reach_actions(0);
    until(&mut g, "Ash");
    g.play("Ash goes hand to hand with Bay", &[1]);
    g.finish_turn();
    next_turn(&mut g, &[]);
    assert_eq!(g.decider(), Some(g.id("Bay")));
    g
}

#[test]
fn sk_11_9_3_a_g_39_a_foe_who_has_not_acted_strikes_at_one_breaking_free() {
    // Bay rolls 12 against eDEX 13 (no +4): he is free to go to [1, 3], but Ash, in the hex and
    // yet to act, is asked first: the blow, or let him go.
    let mut g = leaving(&[]);
    let ev = g.play("Bay breaks free to 1,3", &d3(12));
    assert_eq!(
        checks(&ev),
        [(g.id("Bay"), "leave-hth", 3, 12, 13, true, "SK-11.9.3-a")]
    );
    assert!(
        matches!(g.s.phase, Phase::HthLeaving { mover: 1, opponent: 0, to } if to == Pos::new(1, 3))
    );
    assert_eq!(g.decider(), Some(g.id("Ash")));
    assert_eq!(
        g.texts(),
        ["Ash attacks Bay as he disengages", "Ash lets him go"]
    );
    assert!(g.fig("Bay").in_hth, "not gone yet");
    // Ash's blow is a hand-to-hand attack: DEX 10, +4 in hand to hand (SK-16.15.3-e), −3 for
    // Bay's eDEX 13 over his 10 (as SK-11.5-b): 11. He rolls 11: a hit; bare hands at STR 10 in
    // hand to hand are 1d6−2 (SK-16.15.1-T1): a 5 does 3. Then Bay goes to [1, 3].
    let ev = g.play("Ash attacks Bay as he disengages", &faces(&[&d3(11), &[5]]));
    let r = roll(&ev);
    r.assert_mod("hth", 4, "SK-16.15.3-e");
    r.assert_mod("disengaging", -3, "SK-11.9.3-a");
    assert_eq!(r.ids(), ["hth", "disengaging"]);
    r.assert_adds_up(10);
    assert_eq!((r.target_number, r.result.is_hit()), (11, true));
    let d = &damages(&ev)[0];
    assert_eq!((d.expr.as_str(), d.rolled, d.taken), ("1d6-2", 3, 3));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::HthEnded { fig: 1, to } if *to == Pos::new(1, 3))));
    assert_eq!(g.fig("Bay").pos, Pos::new(1, 3));
    assert!(!g.fig("Bay").in_hth && !g.fig("Ash").in_hth);
    // The blow was Ash's action (G-43).
    assert!(g.fig("Ash").acted);
    assert_eq!(g.s.phase, Phase::TurnStart);
}

#[test]
fn sk_11_9_3_a_a_foe_may_let_him_go_and_keep_his_action() {
    let mut g = leaving(&[]);
    g.play("Bay breaks free to 1,3", &d3(12));
    let ev = g.act("Ash lets him go");
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::HthEnded { fig: 1, .. })));
    assert!(!g.fig("Ash").in_hth && !g.fig("Ash").acted);
    // Ash, out of the brawl and prone, still has his action.
    assert_eq!(g.decider(), Some(g.id("Ash")));
    assert_eq!(g.fig("Ash").posture, Posture::Prone);
}

#[test]
fn sk_11_9_3_a_a_failed_attempt_gives_no_blow() {
    // 14 against eDEX 13 fails: Bay stays, and nobody is asked.
    let mut g = leaving(&[]);
    g.play("Bay breaks free to 1,3", &d3(14));
    assert_eq!(g.s.phase, Phase::Action);
    assert!(g.fig("Bay").in_hth);
    assert_eq!(g.decider(), Some(g.id("Ash")));
    assert!(!g.can("Ash lets him go"));
}

#[test]
fn sk_11_9_3_a_g_39_option_opposed_estr_the_blow_comes_too() {
    // With `sk.hth_disengage = "opposed_estr"`: Bay's eSTR 10 rolls 9 (margin 1), Ash's 10 rolls
    // 12 (margin −2): Bay is free, and Ash may strike as he goes.
    let mut g = leaving(&[("sk.hth_disengage", "\"opposed_estr\"")]);
    let ev = g.play("Bay breaks free to 1,3", &faces(&[&d3(9), &d3(12)]));
    let c = contests(&ev);
    assert_eq!(c.len(), 1);
    assert_eq!((c[0].0, c[0].3, c[0].4), ("leave-hth", true, "SK-11.9.3-a"));
    assert!(matches!(
        g.s.phase,
        Phase::HthLeaving {
            mover: 1,
            opponent: 0,
            ..
        }
    ));
}

#[test]
fn sk_11_9_3_a_a_foe_who_has_acted_gets_no_blow() {
    // Turn 2: Bay (eDEX 13) does nothing; then Ash breaks free, 10 against his eDEX 10. Bay has
    // acted, so he gets no blow (G-43): Ash is at once in [1, 1], and Bay, alone in the hex, is
    // out of the brawl too.
    let mut g = leaving(&[]);
    g.act("Bay does nothing");
    let ev = g.play("Ash breaks free to 1,1", &d3(10));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::HthEnded { fig: 0, to } if *to == Pos::new(1, 1))));
    assert!(!g.fig("Bay").in_hth);
    assert_eq!(g.s.phase, Phase::TurnStart);
}

// =============================================================================================
// SK-16.15.6-b: "If the roll is successful the enemy can not move or take any other action for
// two turns. After that they may make another opposed rolls to break away, otherwise they have
// been subdued." SK-16.15.6-c: "Any attacks against a subdued foe are an automatic hit."
// =============================================================================================

/// Turn 2: Ash (eSTR 10) subdues Bay (eSTR 12): Ash rolls 7 (margin 3), Bay 10 (margin 2). Bay
/// is held by Ash: down, no move nor action through turn 3 (G-49's timing).
fn subdued(g: &mut Game) {
    let ev = g.play("Ash tries to subdue Bay", &faces(&[&d3(7), &d3(10)]));
    assert_eq!(
        effects(&ev),
        [
            (g.id("Bay"), Effect::Stunned, "SK-16.15.6-b"),
            (g.id("Bay"), Effect::Held { by: 0 }, "SK-16.15.6-b"),
        ]
    );
    assert_eq!(g.fig("Bay").held_by, Some(g.id("Ash")));
    assert_eq!(g.fig("Bay").downed_by, Some(g.id("Ash")));
}

/// Turn 3: nobody acts but to pass (Bay cannot); no roll to break away at its start (Bay's
/// second turn held).
fn turn_three(g: &mut Game) {
    g.finish_turn();
    let ev = next_turn(g, &[]);
    assert!(contests(&ev).is_empty());
    assert_eq!(g.fig("Bay").stunned, 1);
    g.finish_turn();
    assert_eq!(g.fig("Bay").stunned, 0);
}

#[test]
fn sk_16_15_6_b_after_two_turns_held_he_breaks_away_and_fights_on() {
    let mut g = brawl(&[], &[], &[]);
    subdued(&mut g);
    turn_three(&mut g);
    // Turn 4 begins with Bay's roll to break away, opposed 3d6 on eSTR as the subduing roll
    // (SK-16.15.6-a): Bay 12 rolls 9 (margin 3) against Ash 10 rolling 9 (margin 1): he breaks
    // away. Then the initiative (6 against 1).
    let ev = next_turn(&mut g, &faces(&[&d3(9), &d3(9)]));
    let c = contests(&ev);
    assert_eq!(c.len(), 1);
    let (what, a, d, won, rule) = &c[0];
    assert_eq!((*what, *won, *rule), ("break-away", true, "SK-16.15.6-b"));
    assert_eq!(side(a), (1, "eSTR", 12, 9, 3));
    assert_eq!(side(d), (0, "eSTR", 10, 9, 1));
    assert_eq!(
        effects(&ev),
        [(g.id("Bay"), Effect::BrokeAway, "SK-16.15.6-b")]
    );
    let said: Vec<String> = ev
        .iter()
        .filter_map(|e| fireteam_skirmish::present::narrate(&g.s, e))
        .collect();
    assert!(
        said.contains(&"  Bay breaks away from the hold [SK-16.15.6-b]".to_string()),
        "{said:#?}"
    );
    let bay = g.fig("Bay");
    assert_eq!(
        (bay.held_by, bay.condition, bay.posture, bay.in_hth),
        (None, Condition::Active, Posture::Prone, true)
    );
    // Back in the fight: nobody has put him out (SK-19.1-d), and he acts this turn.
    assert_eq!(bay.downed_by, None);
    g.act("Ash does nothing");
    g.act("Cal does nothing");
    assert_eq!(g.decider(), Some(g.id("Bay")));
    assert!(g.can("Bay attacks Ash"));
}

#[test]
fn sk_16_15_6_b_sk_19_2_a_a_failed_roll_subdues_him_and_ends_the_duel_by_default() {
    // A duel to "unconscious or subdued" (the default `sk.victory = "out_of_action"`): at turn
    // 4's start Bay rolls 12 against his eSTR 12 (margin 0), Ash 8 against 10 (margin 2): Bay
    // is subdued for good, and side B has no one left in the fight: A wins, before any
    // initiative is rolled.
    let mut g = brawl(&[("sk.scenario_type", "\"duel\"")], &[], &[]);
    subdued(&mut g);
    turn_three(&mut g);
    let ev = g.play("start turn 4", &faces(&[&d3(12), &d3(8)]));
    let c = contests(&ev);
    assert_eq!((c[0].0, c[0].3), ("break-away", false));
    assert_eq!(side(&c[0].1), (1, "eSTR", 12, 12, 0));
    assert_eq!(side(&c[0].2), (0, "eSTR", 10, 8, 2));
    assert_eq!(
        effects(&ev),
        [(g.id("Bay"), Effect::Subdued, "SK-16.15.6-b")]
    );
    let bay = g.fig("Bay");
    assert_eq!(
        (bay.condition, bay.posture, bay.in_hth, bay.held_by),
        (Condition::Subdued, Posture::Fallen, false, None)
    );
    // Put out of the fight by Ash (SK-19.1-d "subdue").
    assert_eq!(bay.downed_by, Some(g.id("Ash")));
    // G-39 (5): Ash has no foe left in the brawl.
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::HthOver { fig: 0, rule } if rule.0 == "SK-11.9.3-a"
    )));
    assert!(!g.fig("Ash").in_hth);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::BattleOver {
            outcome: Outcome::Winner { side: 0 }
        }
    )));
    assert_eq!(g.s.phase, Phase::Over);
}

#[test]
fn sk_19_2_a_option_sk_victory_dead_a_subdued_side_fights_on_and_sk_16_15_6_c_he_is_hit() {
    // A duel to the death (`sk.victory = "dead"`): the subdued Bay does not end it. Turn 4: the
    // break-away fails as above; the initiative is rolled. Cal, next to him, strikes: a 16 is
    // always a miss (SK-12.1-c), but "any attacks against a subdued foe are an automatic hit";
    // the duel blade's 2d6 [6, 6] = 12 is Bay's STR: he is dead (SK-12.4-c), and with him side
    // B: A wins.
    let mut g = brawl(&[("sk.victory", "\"dead\"")], &[], &[]);
    subdued(&mut g);
    turn_three(&mut g);
    next_turn(&mut g, &faces(&[&d3(12), &d3(8)]));
    assert_eq!(g.fig("Bay").condition, Condition::Subdued);
    assert_ne!(g.s.phase, Phase::Over);
    g.act("Ash does nothing");
    let ev = g.play("Cal attacks Bay", &faces(&[&d3(16), &[6, 6]]));
    let r = roll(&ev);
    assert_eq!(
        r.result,
        ToHit::Hit {
            mult: 1,
            automatic: true
        }
    );
    let d = &damages(&ev)[0];
    assert_eq!((d.taken, d.total), (12, 12));
    assert_eq!(effects(&ev), [(g.id("Bay"), Effect::Dead, "SK-12.4-c")]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::BattleOver {
            outcome: Outcome::Winner { side: 0 }
        }
    )));
}

#[test]
fn sk_16_15_6_c_an_outsiders_blow_at_a_held_foe_hits_automatically() {
    // Turn 2: Ash subdues Bay; Cal, outside the brawl, strikes at the held Bay with his blade
    // (+4 into hand to hand, SK-16.15.3-e). He rolls 16, always a miss (SK-12.1-c), and so a
    // roll to avoid Ash would follow (SK-16.15.3-f); but a subdued foe is hit whatever the
    // roll: 2d6 [3, 4] = 7.
    let mut g = brawl(&[], &[], &[]);
    subdued(&mut g);
    let ev = g.play("Cal attacks Bay", &faces(&[&d3(16), &[3, 4]]));
    let r = roll(&ev);
    assert_eq!(r.kind, fireteam_skirmish::event::AttackKind::Melee);
    r.assert_mod("into-hth", 4, "SK-16.15.3-e");
    assert_eq!(
        r.result,
        ToHit::Hit {
            mult: 1,
            automatic: true
        }
    );
    assert_eq!(rolls(&ev).len(), 1, "no roll to avoid");
    let d = &damages(&ev)[0];
    assert_eq!((d.target, d.rolled, d.taken), (g.id("Bay"), 7, 7));
}

#[test]
fn sk_16_15_6_b_with_his_holder_gone_he_is_free_without_a_roll() {
    // Turn 3: Ash breaks free of the brawl to [1, 1] (10 against eDEX 14; the held Bay cannot
    // strike). At turn 4's start nobody holds Bay: he breaks away without a roll.
    let mut g = brawl(&[], &[], &[]);
    subdued(&mut g);
    g.finish_turn();
    next_turn(&mut g, &[]);
    let ev = g.play("Ash breaks free to 1,1", &d3(10));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::HthEnded { fig: 0, .. })));
    g.finish_turn();
    let ev = next_turn(&mut g, &[]);
    assert!(contests(&ev).is_empty());
    assert_eq!(
        effects(&ev),
        [(g.id("Bay"), Effect::BrokeAway, "SK-16.15.6-b")]
    );
    assert_eq!(g.fig("Bay").held_by, None);
}

// =============================================================================================
// G-39 (5): "Leaving HTH is only by disengage (1) or by the other side being killed, knocked out
// or subdued."
// =============================================================================================

#[test]
fn g_39_a_brawler_whose_foe_is_knocked_out_is_out_of_hand_to_hand() {
    // Dee (side B) stands far off, so the battle goes on. Turn 2: Ash does nothing; Cal strikes
    // Bay in the brawl: DEX 12 +4 = 16; he rolls 8, a hit; 2d6 [5, 6] = 11 leaves Bay at eSTR 1:
    // unconscious (SK-12.4-c). Ash has no foe left in his hex: he is out of hand to hand.
    let dee = unit("Dee", 1, (3, 5), N, &[], "str = 10, dex = 8, int = 10");
    let mut g = brawl(&[], &[], &[dee]);
    g.act("Ash does nothing");
    let ev = g.play("Cal attacks Bay", &faces(&[&d3(8), &[5, 6]]));
    assert_eq!(g.fig("Bay").condition, Condition::Unconscious);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::HthOver { fig: 0, rule } if rule.0 == "SK-11.9.3-a"
    )));
    assert!(!g.fig("Ash").in_hth);
    // Next turn he may get up and go: he takes a movement decision again.
    g.finish_turn();
    g.play("start turn 3", &[6, 1]);
    g.act("move first");
    assert_eq!(g.decider(), Some(g.id("Ash")));
    assert!(g.can("Ash stands up"));
}
