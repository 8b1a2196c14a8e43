//! Weapons and melee in SKIRMISH! through the engine with forced dice: what is in a figure's
//! hands and how it holds it (SK-13.1-g, SK-13.3, G-05), STR above a weapon's minimum (SK-13.2-b),
//! improvised weapons (SK-16.1-e), hand to hand (SK-16.15.3),
//! Martial Arts knockdowns and throws (SK-16.15.4/5), slams (SK-16.14), subduing and disarming
//! (SK-16.15.6/7).
//!
//! Test names carry the rule IDs; G-nn and E-nn are GAPS.md's numbers. Every action is played
//! by its text with exactly the faces it rolls (tests/common checks that none are left over),
//! and each expected number is worked out by hand from the book in a comment.

mod common;

use common::*;
use fireteam_scenario::{Loader, SourceFile};
use fireteam_skirmish::action::Action;
use fireteam_skirmish::event::{ContestSide, Effect};
use fireteam_skirmish::schema::SkirmishSchema;
use fireteam_skirmish::state::{FigId, Guard, Phase, Pos, Posture, ShieldAt, SHIELD_SLOT};
use fireteam_skirmish::Event;

/// STR 10, DEX 12, INT 10 with the Sword skill (the duel blade's).
const FIGHTER: &str = "str = 10, dex = 12, int = 10, sword = 1";
/// STR 10, DEX 10, INT 10, no skills: acts after the DEX-12 figures.
const SLOW: &str = "str = 10, dex = 10, int = 10";

fn p(col: i16, row: i16) -> Pos {
    Pos::new(col, row)
}

fn blade(name: &str, side: u8, at: (i32, i32), facing: u8) -> Unit {
    unit(name, side, at, facing, &["duel-blade"], FIGHTER)
}

/// The one opposed roll in these events: (what, attacker's side, defender's side, won, rule).
fn contest(events: &[Event]) -> (&'static str, ContestSide, ContestSide, bool, &'static str) {
    let c: Vec<_> = events
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
        .collect();
    assert_eq!(c.len(), 1, "expected one contest: {events:#?}");
    c.into_iter().next().unwrap()
}

/// A contest side's attribute, base, modifiers as (id, value, rule), target, total, success
/// and margin.
type SideView = (
    &'static str,
    i16,
    Vec<(&'static str, i32, &'static str)>,
    i16,
    i32,
    bool,
    i32,
);

fn side(c: &ContestSide) -> SideView {
    (
        c.attribute,
        c.base,
        c.modifiers
            .iter()
            .map(|m| (m.id, m.value, m.rule.0))
            .collect(),
        c.target,
        c.total,
        c.success,
        c.margin,
    )
}

/// The figure stands still, facing as it is, with no guard.
fn stand(g: &mut Game, id: FigId) {
    let facing = g.s.fig(id).facing;
    let a = g
        .legal()
        .into_iter()
        .find(|a| {
            matches!(a, Action::StandStill { fig, facing: f, guard }
                if *fig == id && *f == facing && *guard == Guard::None)
        })
        .unwrap_or_else(|| panic!("figure {id} cannot stand still"));
    g.play_action(&a, &[]);
}

/// Plays the movement phase: each figure named in `plan` does its action (with those faces),
/// everyone else stands still. Returns the events of the planned actions.
fn movement(g: &mut Game, plan: &[(&str, &str, &[i64])]) -> Vec<Event> {
    let mut out = Vec::new();
    while let Phase::Movement { .. } = g.s.phase {
        let id = g.decider().expect("a mover");
        match plan.iter().find(|(n, _, _)| g.id(n) == id) {
            Some((_, text, dice)) => out.extend(g.play(text, dice)),
            None => stand(g, id),
        }
    }
    out
}

/// Everyone before `name` in the action phase does nothing.
fn until(g: &mut Game, name: &str) {
    let who = g.id(name);
    while g.decider() != Some(who) {
        let id = g.decider().expect("someone to act");
        let a = g
            .legal()
            .into_iter()
            .find(|a| matches!(a, Action::Pass { fig } | Action::HoldFire { fig } if *fig == id))
            .expect("a way to pass");
        g.play_action(&a, &[]);
    }
}

/// Turn 1's action phase on open ground, side A having won the initiative.
fn fight(units: &[Unit]) -> Game {
    let mut g = game(&[], &open(4, 6), &[], units);
    g.reach_actions(0);
    g
}

// =============================================================================================
// SK-16.15.5-a/b: a Martial Artist chooses eDEX or eSTR for a knockdown or a throw.
// =============================================================================================

/// Ash, Martial Arts 2, STR 16, DEX 13, bare-handed at [1, 1] facing S; Bay (STR 10, DEX 10)
/// at [1, 2] facing N.
fn knockdown_scene() -> Game {
    fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &[],
            "str = 16, dex = 13, int = 10, martial_arts = 2",
        ),
        unit("Bay", 1, (1, 2), N, &[], SLOW),
    ])
}

#[test]
fn sk_16_15_5_b_a_martial_artist_may_knock_down_on_his_strength() {
    // SK-16.15.5-b: "Characters with Martial Arts training may choose to use eDEX instead of
    // eSTR and they get a +1 for each level": on STR, Ash's number is eSTR 16 + 2 = 18. He
    // rolls 14 (margin 4); Bay rolls 7 against his eSTR 10 (margin 3): Ash wins, Bay falls.
    let mut g = knockdown_scene();
    assert!(g.can("Ash knocks down Bay using DEX"));
    let ev = g.play("Ash knocks down Bay using STR", &faces(&[&d3(14), &d3(7)]));
    let (what, a, d, won, rule) = contest(&ev);
    assert_eq!((what, won, rule), ("knockdown", true, "SK-16.15.5-a"));
    assert_eq!(
        side(&a),
        (
            "eSTR",
            16,
            vec![("martial-arts", 2, "SK-16.15.5-a")],
            18,
            14,
            true,
            4
        )
    );
    assert_eq!(side(&d), ("eSTR", 10, vec![], 10, 7, true, 3));
    assert!(effects(&ev).contains(&(g.id("Bay"), Effect::Fell, "SK-16.15.5-c")));
    assert_eq!(g.fig("Bay").posture, Posture::Fallen);
}

#[test]
fn sk_16_15_5_b_on_dex_the_same_rolls_lose() {
    // On DEX: eDEX 13 + 2 = 15; 14 makes a margin of 1 against Bay's 3: Bay stays up.
    let mut g = knockdown_scene();
    let ev = g.play("Ash knocks down Bay using DEX", &faces(&[&d3(14), &d3(7)]));
    let (_, a, _, won, _) = contest(&ev);
    assert_eq!(
        side(&a),
        (
            "eDEX",
            13,
            vec![("martial-arts", 2, "SK-16.15.5-a")],
            15,
            14,
            true,
            1
        )
    );
    assert!(!won);
    assert!(effects(&ev).is_empty());
    assert_eq!(g.fig("Bay").posture, Posture::Standing);
}

#[test]
fn sk_16_15_5_a_a_throw_knocks_him_down_and_one_hex_away() {
    // Ash, Martial Arts 3 (DEX 14): eDEX 14 + 3 = 17, rolls 10 (margin 7); Bay rolls 9 against
    // eSTR 10 (margin 1). Bay falls and is moved one hex on, away from Ash: [1, 3].
    let mut g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &[],
            "str = 10, dex = 14, int = 10, martial_arts = 3",
        ),
        unit("Bay", 1, (1, 2), N, &[], SLOW),
    ]);
    let ev = g.play("Ash throws Bay using DEX", &faces(&[&d3(10), &d3(9)]));
    let (what, a, d, won, _) = contest(&ev);
    assert_eq!(
        (what, a.target, a.margin, d.margin, won),
        ("throw", 17, 7, 1, true)
    );
    let bay = g.id("Bay");
    assert_eq!(
        effects(&ev),
        [
            (bay, Effect::Fell, "SK-16.15.5-c"),
            (bay, Effect::MovedBack { to: p(1, 3) }, "SK-16.15.5-c")
        ]
    );
    assert_eq!(
        (g.fig("Bay").pos, g.fig("Bay").posture),
        (p(1, 3), Posture::Fallen)
    );
}

#[test]
fn sk_16_15_5_a_martial_arts_two_knocks_down_but_does_not_throw() {
    // SK-16.15.4-c/d (G-09): knockdowns from Level 2, throws from Level 3.
    let g = knockdown_scene();
    assert!(g.can("Ash knocks down Bay using STR"));
    assert!(!g.texts().iter().any(|t| t.starts_with("Ash throws Bay")));
}

#[test]
fn sk_16_15_5_b_a_trained_defender_resists_on_the_higher_of_estr_and_edex() {
    // Bay, Martial Arts 1, STR 10, DEX 14: eSTR 10 + 1 = 11 or eDEX 14 + 1 = 15; he takes 15.
    // Ash (eSTR 16 + 2 = 18) rolls 12 (margin 6); Bay rolls 8 (margin 7): Bay wins.
    let mut g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &[],
            "str = 16, dex = 15, int = 10, martial_arts = 2",
        ),
        unit(
            "Bay",
            1,
            (1, 2),
            N,
            &[],
            "str = 10, dex = 14, int = 10, martial_arts = 1",
        ),
    ]);
    let ev = g.play("Ash knocks down Bay using STR", &faces(&[&d3(12), &d3(8)]));
    let (_, a, d, won, _) = contest(&ev);
    assert_eq!((a.target, a.margin), (18, 6));
    assert_eq!(
        side(&d),
        (
            "eDEX",
            14,
            vec![("martial-arts", 1, "SK-16.15.5-a")],
            15,
            8,
            true,
            7
        )
    );
    assert!(!won);
    assert_eq!(g.fig("Bay").posture, Posture::Standing);
}

#[test]
fn sk_16_15_5_b_a_master_adds_five() {
    // Martial Arts Master is the fifth level (SK-6.8.4-a): eDEX 12 + 5 = 17.
    let mut g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &[],
            "str = 10, dex = 12, int = 10, martial_arts = 5",
        ),
        unit("Bay", 1, (1, 2), N, &[], SLOW),
    ]);
    let ev = g.play("Ash throws Bay using DEX", &faces(&[&d3(16), &d3(9)]));
    let (_, a, _, won, _) = contest(&ev);
    assert_eq!((a.target, a.total, a.success, won), (17, 16, false, false));
}

#[test]
fn sk_16_15_5_c_sixteen_always_fails_and_equal_margins_go_to_the_defender() {
    // Bay (STR 17) rolls 16: under his 17, but 16–18 always fail, so Ash (eDEX 13 + 2 = 15)
    // wins on a bare 15 (margin 0).
    let strong = "str = 17, dex = 10, int = 10";
    let ash = "str = 10, dex = 13, int = 10, martial_arts = 2";
    let mut g = fight(&[
        unit("Ash", 0, (1, 1), S, &[], ash),
        unit("Bay", 1, (1, 2), N, &[], strong),
    ]);
    let ev = g.play("Ash knocks down Bay using DEX", &faces(&[&d3(15), &d3(16)]));
    let (_, a, d, won, _) = contest(&ev);
    assert_eq!(
        (a.success, a.margin, d.success, d.margin, won),
        (true, 0, false, 1, true)
    );
    // G-74: equal margins (both 2) go to the defender.
    let mut g = fight(&[
        unit("Ash", 0, (1, 1), S, &[], ash),
        unit("Bay", 1, (1, 2), N, &[], SLOW),
    ]);
    let ev = g.play("Ash knocks down Bay using DEX", &faces(&[&d3(13), &d3(8)]));
    let (_, a, d, won, _) = contest(&ev);
    assert_eq!((a.margin, d.margin, won), (2, 2, false));
    assert_eq!(g.fig("Bay").posture, Posture::Standing);
}

// =============================================================================================
// SK-16.15.3-a (5): the enemy also wants hand to hand.
// =============================================================================================

#[test]
fn sk_16_15_3_a_condition_5_the_enemy_may_accept_hand_to_hand() {
    // Ash and Bay stand face to face with the same MOV: none of conditions 1 to 4 holds. Ash
    // may still try, and Bay is asked whether he wants hand to hand too (condition 5).
    let mut g = fight(&[blade("Ash", 0, (1, 1), S), blade("Bay", 1, (1, 2), N)]);
    let ev = g.act("Ash goes hand to hand with Bay");
    let (ash, bay) = (g.id("Ash"), g.id("Bay"));
    assert!(ev.contains(&Event::HthOffered {
        attacker: ash,
        defender: bay
    }));
    assert_eq!(
        g.s.phase,
        Phase::HthOffer {
            attacker: ash,
            defender: bay
        }
    );
    assert_eq!(g.decider(), Some(bay));
    assert_eq!(
        g.texts(),
        [
            "Bay refuses hand to hand with Ash",
            "Bay accepts hand to hand with Ash"
        ]
    );
    // He accepts; the reaction die (SK-16.15.3-T1) is 2: both drop their blades (neither is a
    // knife nor a pistol) and go down in Bay's hex.
    g.play("Bay accepts hand to hand with Ash", &[2]);
    assert!(g.fig("Ash").in_hth && g.fig("Bay").in_hth);
    assert_eq!(g.fig("Ash").pos, p(1, 2));
    assert_eq!((g.fig("Ash").ready, g.fig("Bay").ready), (None, None));
}

#[test]
fn sk_16_15_3_a_condition_5_a_refusal_keeps_them_apart() {
    let mut g = fight(&[blade("Ash", 0, (1, 1), S), blade("Bay", 1, (1, 2), N)]);
    g.act("Ash goes hand to hand with Bay");
    g.act("Bay refuses hand to hand with Ash");
    // The attempt was Ash's action; Bay now acts at his own slot.
    assert!(g.fig("Ash").acted && !g.fig("Ash").in_hth);
    assert_eq!(g.fig("Ash").pos, p(1, 1));
    assert_eq!(g.decider(), Some(g.id("Bay")));
    assert!(g.can("Bay attacks Ash"));
}

// =============================================================================================
// SK-16.15.3-T1: the defender's reaction 3 or 4.
// =============================================================================================

/// Ash (blade) at [1, 1] facing S; Bay kneeling at [1, 2] facing N with a blade in hand and a
/// Fighting Knife on his belt (condition 2: the enemy is kneeling).
fn belt_knife() -> Game {
    let bay = unit(
        "Bay",
        1,
        (1, 2),
        N,
        &["duel-blade", "fighting-knife"],
        FIGHTER,
    )
    .stance("kneeling");
    fight(&[blade("Ash", 0, (1, 1), S), bay])
}

#[test]
fn sk_16_15_3_t1_three_or_four_readies_the_belt_knife_next_turn() {
    // Die 3, no modifier (Ash is in Bay's front; no Martial Arts): "as above" (Bay drops the
    // blade, both fall), "but if the defender has a pistol or knife on their belt, they have it
    // ready within HTH Combat on the next turn".
    let mut g = belt_knife();
    let ev = g.play("Ash goes hand to hand with Bay", &[3]);
    let bay = g.id("Bay");
    assert!(
        effects(&ev).contains(&(bay, Effect::DrawsNextTurn { slot: 1 }, "SK-16.15.3-T1")),
        "{ev:#?}"
    );
    assert!(g.fig("Bay").in_hth);
    assert_eq!(g.fig("Bay").ready, None, "not this turn");
    g.finish_turn();
    g.start_turn(0);
    assert!(effects(&g.log).contains(&(bay, Effect::DrawnInHth { slot: 1 }, "SK-16.15.3-T1")));
    assert_eq!(g.fig("Bay").ready, Some(1), "the knife is ready next turn");
}

#[test]
fn sk_16_15_3_t1_one_or_two_leaves_the_belt_knife_on_the_belt() {
    let mut g = belt_knife();
    g.play("Ash goes hand to hand with Bay", &[2]);
    g.finish_turn();
    g.start_turn(0);
    assert_eq!(g.fig("Bay").ready, None);
}

// =============================================================================================
// SK-16.14-b: a target trained in Martial Arts throwing may check DEX against a slam.
// =============================================================================================

#[test]
fn sk_16_14_b_a_martial_artist_target_checks_dex_against_a_slam() {
    // Ash (STR 10, DEX 15) slams Bay (STR 10, DEX 14, Martial Arts 3: trained in throwing,
    // G-09). The roll to hit, 10 against Ash's DEX 15, hits; Bay's check: "3 die Strength Check (based on
    // his unwounded Strength) ... Anyone trained in Martial Arts throwing may substitute a
    // Dexterity Check", ± the STR difference (0). He rolls 12: a failure on STR 10, a success
    // on DEX 14. He checks DEX and stays up.
    let mut g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["duel-blade"],
            "str = 10, dex = 15, int = 10, sword = 1",
        ),
        unit(
            "Bay",
            1,
            (1, 2),
            N,
            &[],
            "str = 10, dex = 14, int = 10, martial_arts = 3",
        ),
    ]);
    let ev = g.play("Ash slams Bay", &faces(&[&d3(10), &d3(12)]));
    let c = checks(&ev);
    assert_eq!(c.len(), 1, "{c:?}");
    assert_eq!(c[0].4, 14, "DEX 14 ± 0");
    assert!(c[0].5);
    assert_eq!(g.fig("Bay").posture, Posture::Standing);
}

// =============================================================================================
// SK-16.15.4-f: a Master's bare-handed blow of 3+ hits makes the enemy drop his weapon.
// =============================================================================================

/// Cal (DEX 14, blade) at [2, 3] facing NW and Ash (Martial Arts Master, DEX 12, bare-handed)
/// at [1, 1] facing S, both next to Bay (STR 16, so that nothing knocks him out) at [1, 2]
/// facing N with `bay_gear`. Cal acts first, then Ash.
fn master_scene(bay_gear: &str, kneeling: bool) -> Game {
    let bay = unit(
        "Bay",
        1,
        (1, 2),
        N,
        &[bay_gear],
        "str = 16, dex = 10, int = 10, sword = 1",
    );
    fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &[],
            "str = 10, dex = 12, int = 10, martial_arts = 5",
        ),
        unit(
            "Cal",
            0,
            (2, 3),
            NW,
            &["duel-blade"],
            "str = 10, dex = 14, int = 10, sword = 1",
        ),
        if kneeling {
            bay.stance("kneeling")
        } else {
            bay
        },
    ])
}

#[test]
fn sk_16_15_4_f_the_masters_own_blow_must_do_the_three_hits() {
    // Turn 1: Ash goes hand to hand with the kneeling Bay (condition 2), die 1: both go down in
    // Bay's hex; Bay keeps his knife (SK-16.15.3-b).
    let mut g = master_scene("fighting-knife", true);
    g.act("Cal does nothing");
    g.play("Ash goes hand to hand with Bay", &[1]);
    assert!(g.fig("Bay").in_hth);
    g.finish_turn();
    g.reach_actions(0);
    // Turn 2: Cal strikes into the brawl (14 + side 2 + prone 4 + into HTH 4 = 24; 10 hits) for
    // 2d6 [1, 1] = 2. Ash then punches in HTH (12 + 4; 10 hits): STR 10's HTH column 1d6−2, +3
    // for Martial Arts = 1d6+1; a 1 does 2 hits. Bay has taken 4 this turn, but this blow did
    // 2: he keeps his knife.
    g.play("Cal attacks Bay", &faces(&[&d3(10), &[1, 1]]));
    g.play("Ash attacks Bay", &faces(&[&d3(10), &[1]]));
    assert_eq!(g.fig("Bay").damage, 4);
    assert_eq!(g.fig("Bay").ready, Some(0));
}

#[test]
fn sk_16_15_4_f_a_masters_bare_handed_blow_of_three_disarms_outside_hth_too() {
    // "When they try to attack bare handed and do 3 or more hits on an enemy, they have hit a
    // critical area and the enemy must drop their weapon", in or out of HTH. Ash punches from
    // Bay's front (12 against 12; 10 hits): STR 10's Damage column 1d6−3, +3 = 1d6; a 3.
    let mut g = master_scene("duel-blade", false);
    g.play("Cal attacks Bay", &d3(16));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[3]]));
    assert_eq!(g.fig("Bay").damage, 3);
    assert!(
        effects(&ev).iter().any(|(f, e, r)| *f == g.id("Bay")
            && matches!(e, Effect::WeaponDropped { slot: 0 })
            && *r == "SK-16.15.4-f"),
        "{ev:#?}"
    );
}

// =============================================================================================
// SK-16.15.3-a, -c, -d, -T1: when hand to hand may be tried, and the defender's reaction.
// =============================================================================================

fn reaction(events: &[Event]) -> (u8, i8, u8) {
    events
        .iter()
        .find_map(|e| match e {
            Event::HthReaction {
                die,
                modifier,
                result,
                ..
            } => Some((*die, *modifier, *result)),
            _ => None,
        })
        .expect("a reaction roll")
}

#[test]
fn sk_16_15_3_a_condition_1_an_enemy_with_his_back_to_the_wall() {
    // Bay at [1, 0] has walls on four sides, the map's edge to the north and Ash to the south:
    // he cannot move. Bay has Martial Arts 1 (SK-16.15.3-c: +1 for the level above Ash's 0);
    // die 6 + 1 = 7: "7 or more": no HTH, and Bay gets one automatic hit with his blade:
    // 2d6 [2, 3] = 5 on the unarmored Ash.
    let rows = vec!["#.#".to_string(), "#.#".to_string(), "...".to_string()];
    let bay = unit(
        "Bay",
        1,
        (1, 0),
        S,
        &["duel-blade"],
        "str = 10, dex = 12, int = 10, sword = 1, martial_arts = 1",
    );
    let mut g = game(
        &[],
        &rows,
        &[('#', "wall-1m")],
        &[blade("Ash", 0, (1, 1), N), bay],
    );
    g.reach_actions(0);
    let ev = g.play("Ash goes hand to hand with Bay", &[6, 2, 3]);
    assert!(!ev.iter().any(|e| matches!(e, Event::HthOffered { .. })));
    assert_eq!(reaction(&ev), (6, 1, 7));
    let d = damages(&ev);
    assert_eq!(
        (d[0].target, d[0].taken, d[0].rule),
        (g.id("Ash"), 5, "SK-16.15.3-T1")
    );
    assert!(!g.fig("Ash").in_hth && g.fig("Ash").pos == p(1, 1));
}

#[test]
fn sk_16_15_3_a_condition_3_a_slower_enemy_and_t1_five_or_six_keeps_them_apart() {
    // Bay's MOV 8 is lower than Ash's 10. Die 6: "The attacker stays in their hex. The
    // defender does not drop their weapons and HTH Combat does not take place."
    let bay = unit(
        "Bay",
        1,
        (1, 2),
        N,
        &["duel-blade"],
        "str = 10, dex = 12, int = 10, sword = 1, mov = 8",
    );
    let mut g = fight(&[blade("Ash", 0, (1, 1), S), bay]);
    let ev = g.play("Ash goes hand to hand with Bay", &[6]);
    assert_eq!(reaction(&ev), (6, 0, 6));
    assert!(damages(&ev).is_empty() && effects(&ev).is_empty());
    assert!(!g.fig("Ash").in_hth);
    assert_eq!((g.fig("Ash").ready, g.fig("Bay").ready), (Some(0), Some(0)));
}

#[test]
fn sk_16_15_3_a_condition_4_from_the_rear_hex_at_minus_two() {
    // Bay faces S, away from Ash: the attack comes from his rear hex (condition 4), and the
    // reaction takes −2 (SK-16.15.3-c): 5 − 2 = 3, hand to hand begins.
    let mut g = fight(&[blade("Ash", 0, (1, 1), S), blade("Bay", 1, (1, 2), S)]);
    let ev = g.play("Ash goes hand to hand with Bay", &[5]);
    assert_eq!(reaction(&ev), (5, -2, 3));
    assert!(g.fig("Ash").in_hth && g.fig("Bay").in_hth);
    assert_eq!(
        (g.fig("Ash").posture, g.fig("Bay").posture),
        (Posture::Prone, Posture::Prone)
    );
}

#[test]
fn sk_16_15_3_d_joining_a_fight_already_going_on_needs_no_roll() {
    // Ash brings the kneeling Bay down (die 1); Cal, next to them, joins with no roll.
    let cal = unit("Cal", 0, (2, 3), NW, &[], "str = 10, dex = 10, int = 10");
    let bay = blade("Bay", 1, (1, 2), N).stance("kneeling");
    let mut g = fight(&[blade("Ash", 0, (1, 1), S), bay, cal]);
    g.play("Ash goes hand to hand with Bay", &[1]);
    g.act("Bay does nothing");
    let ev = g.act("Cal goes hand to hand with Bay");
    assert!(!ev.iter().any(|e| matches!(e, Event::HthReaction { .. })));
    assert!(g.fig("Cal").in_hth);
    assert_eq!(g.fig("Cal").pos, p(1, 2));
}

// =============================================================================================
// SK-16.14-a/b/c: slams.
// =============================================================================================

#[test]
fn sk_16_14_a_a_slam_is_an_attack_roll_with_the_melee_adjustments() {
    // Bay faces SE, so Ash is in his side hex: +2 (SK-10.5-e), 12 + 2 = 14. Ash rolls 14: a
    // hit; Bay's check: STR 10 ± 0, rolls 11: he falls.
    let mut g = fight(&[blade("Ash", 0, (1, 1), S), blade("Bay", 1, (1, 2), SE)]);
    let ev = g.play("Ash slams Bay", &faces(&[&d3(14), &d3(11)]));
    let r = roll(&ev);
    assert_eq!((r.rule, r.target_number), ("SK-16.14-a", 14));
    r.assert_mod("side", 2, "SK-10.5-e");
    r.assert_adds_up(12);
    let bay = g.id("Bay");
    assert_eq!(
        checks(&ev),
        [(bay, "stay-standing", 3, 11, 10, false, "SK-16.14-b")]
    );
    assert_eq!(effects(&ev), [(bay, Effect::Fell, "SK-16.14-b")]);
}

#[test]
fn sk_16_14_b_the_check_is_on_unwounded_strength() {
    // Cal (DEX 14) cuts Bay (STR 12) for 2d6 [2, 2] = 4 first: eSTR 8. Ash (STR 10) then slams
    // (10 against 12 hits). Bay checks his unwounded STR 12 + the difference 2 = 14: 13 holds.
    let bay = unit("Bay", 1, (1, 2), N, &[], "str = 12, dex = 10, int = 10");
    let cal = unit(
        "Cal",
        0,
        (2, 3),
        NW,
        &["duel-blade"],
        "str = 10, dex = 14, int = 10, sword = 1",
    );
    let mut g = fight(&[blade("Ash", 0, (1, 1), S), bay, cal]);
    g.play("Cal attacks Bay", &faces(&[&d3(10), &[2, 2]]));
    assert_eq!(g.fig("Bay").est(), 8);
    let ev = g.play("Ash slams Bay", &faces(&[&d3(10), &d3(13)]));
    let bay = g.id("Bay");
    assert_eq!(
        checks(&ev),
        [(bay, "stay-standing", 3, 13, 14, true, "SK-16.14-b")]
    );
    assert_eq!(g.fig("Bay").posture, Posture::Standing);
}

#[test]
fn sk_16_14_c_a_weaker_target_checks_at_minus_the_difference() {
    // Ash STR 14 slams Bay STR 9: 9 − 5 = 4; a 5 fails and Bay falls.
    let ash = unit("Ash", 0, (1, 1), S, &[], "str = 14, dex = 12, int = 10");
    let bay = unit("Bay", 1, (1, 2), N, &[], "str = 9, dex = 10, int = 10");
    let mut g = fight(&[ash, bay]);
    let ev = g.play("Ash slams Bay", &faces(&[&d3(10), &d3(5)]));
    let bay = g.id("Bay");
    assert_eq!(
        checks(&ev),
        [(bay, "stay-standing", 3, 5, 4, false, "SK-16.14-b")]
    );
    assert_eq!(g.fig("Bay").posture, Posture::Fallen);
}

// =============================================================================================
// SK-13.1-g, SK-13.3-a/b, G-05, G-35: grips.
// =============================================================================================

/// Ash (side A) at [1, 0] facing S with `gear` and `stats`; Bay (STR 10, DEX 10) 3 hexes
/// south, facing N; Ash acts first.
fn at_range(gear: &[&str], stats: &str) -> Game {
    fight(&[
        unit("Ash", 0, (1, 0), S, gear, stats),
        unit("Bay", 1, (1, 3), N, &[], SLOW),
    ])
}

#[test]
fn sk_13_1_g_a_one_handed_gun_held_in_both_hands_needs_half_the_str() {
    // (A melee weapon keeps its STR in both hands: rules::sk_13_2_a_… has STR 8 on a STR-10
    // blade at −2, and G-05's two-handed rows print the same STR as the one-handed ones.)
    // The High-powered Pistol asks STR 15; Ash has 8. With his other hand free he holds it in
    // both and needs ceil(15 / 2) = 8: no penalty, 12 to hit (3 hexes is no range penalty).
    let mut g = at_range(
        &["high-powered-pistol"],
        "str = 8, dex = 12, int = 10, sidearms = 1",
    );
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    assert!(!r.has("str-short"), "{:?}", r.ids());
    assert_eq!(r.target_number, 12);
    // STR 7: one short of the 8: −1, by SK-13.1-g.
    let mut g = at_range(
        &["high-powered-pistol"],
        "str = 7, dex = 12, int = 10, sidearms = 1",
    );
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("str-short", -1, "SK-13.1-g");
    r.assert_adds_up(12);
}

#[test]
fn sk_13_1_g_with_a_shield_in_the_other_hand_the_full_str() {
    // A Large Shield (DEX 0) in his other hand (with the Shield skill, SK-6.1.7-a): one hand on
    // the pistol, STR 15 asked, −7.
    let mut g = at_range(
        &["high-powered-pistol", "large-shield"],
        "str = 8, dex = 12, int = 10, sidearms = 1, shield = 1",
    );
    assert_eq!(g.fig("Ash").shield_at, ShieldAt::Hand);
    let r = roll(&g.play("Ash shoots Bay", &d3(16)));
    r.assert_mod("str-short", -7, "SK-13.2-a");
    r.assert_adds_up(12);
}

/// Ash (STR 13, Sword, Shield: he may fight beside a shield, SK-6.1.7-a) at [1, 1] facing S with
/// the Broadsword/Katana and `more`; Bay (STR 16, DEX 10) at [1, 2] facing N.
fn broadsword(more: &[&str]) -> Game {
    let mut gear = vec!["broadsword"];
    gear.extend_from_slice(more);
    fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &gear,
            "str = 13, dex = 12, int = 10, sword = 1, shield = 1",
        ),
        unit("Bay", 1, (1, 2), N, &[], "str = 16, dex = 10, int = 10"),
    ])
}

#[test]
fn g_05_the_broadsword_in_both_hands_is_2d6_plus_1_and_sweeps() {
    // Nothing else in hand: the two-handed row, 2d6+1; 2d6 [3, 4] + 1 = 8. It sweeps (SK-16.4-a).
    let mut g = broadsword(&[]);
    assert!(g.can("Ash sweeps at Bay"));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[3, 4]]));
    let d = &damages(&ev)[0];
    assert_eq!((d.expr.as_str(), d.rolled, d.taken), ("2d6+1", 8, 8));
}

#[test]
fn g_05_the_broadsword_beside_a_shield_is_2d6_minus_1_and_does_not_sweep() {
    // With a shield in the other hand: the one-handed row, 2d6−1; [3, 4] − 1 = 6. "A one-handed
    // Broadsword does not count as a two-handed cutting weapon for sweeps" (G-05).
    let mut g = broadsword(&["large-shield"]);
    assert!(!g.can("Ash sweeps at Bay"));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[3, 4]]));
    let d = &damages(&ev)[0];
    assert_eq!((d.expr.as_str(), d.rolled, d.taken), ("2d6-1", 6, 6));
}

/// Ash (STR `st`, Axe, Shield: SK-6.1.7-a) at [1, 1] facing S with the Fire Axe and a Large
/// Shield; Bay (blade, DEX 14, so he acts first) at `bay` facing `facing`.
fn axe_and_shield(st: i32, bay: (i32, i32), facing: u8) -> Game {
    fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["fire-axe", "large-shield"],
            &format!("str = {st}, dex = 12, int = 10, axe = 1, shield = 1"),
        ),
        unit(
            "Bay",
            1,
            bay,
            facing,
            &["duel-blade"],
            "str = 10, dex = 14, int = 10, sword = 1",
        ),
    ])
}

#[test]
fn sk_13_3_a_g_26_a_two_handed_weapon_slings_the_shield_which_covers_the_rear() {
    // The Fire Axe needs both hands (STR 12 < 12 + 10), so the shield starts slung on the back.
    // Bay strikes from the rear (+4): the slung shield stops 2 (G-26): 2d6 [3, 4] = 7 − 2 = 5.
    let mut g = axe_and_shield(12, (1, 0), S);
    assert_eq!(g.fig("Ash").shield_at, ShieldAt::Back);
    let ev = g.play("Bay attacks Ash", &faces(&[&d3(10), &[3, 4]]));
    roll(&ev).assert_mod("rear", 4, "SK-10.5-e");
    let d = &damages(&ev)[0];
    assert_eq!((d.armor, d.taken), (2, 5));
}

#[test]
fn sk_13_3_a_a_slung_shield_does_not_cover_the_front() {
    let mut g = axe_and_shield(12, (1, 2), N);
    let ev = g.play("Bay attacks Ash", &faces(&[&d3(10), &[3, 4]]));
    let d = &damages(&ev)[0];
    assert_eq!((d.armor, d.taken), (0, 7));
    // Nor can he take it in hand while the axe needs both hands.
    assert_eq!(g.decider(), Some(g.id("Ash")));
    assert!(!g.texts().iter().any(|t| t.contains("shield")));
}

#[test]
fn sk_13_3_b_strong_enough_the_axe_goes_in_one_hand_beside_the_shield() {
    // STR 22 = 12 + 10: the Fire Axe in one hand, the shield in the other covering the front
    // (2 stopped: 7 − 2 = 5). No penalty to Ash's own blow (22 asked, 22 had), and no sweep: a
    // two-handed weapon in one hand is not swung two-handed (G-05).
    let mut g = axe_and_shield(22, (1, 2), N);
    assert_eq!(g.fig("Ash").shield_at, ShieldAt::Hand);
    let ev = g.play("Bay attacks Ash", &faces(&[&d3(10), &[3, 4]]));
    assert_eq!((damages(&ev)[0].armor, damages(&ev)[0].taken), (2, 5));
    let r = roll(&g.play("Ash attacks Bay", &d3(16)));
    assert!(!r.has("str-short"));
    assert!(!g.can("Ash sweeps at Bay"));
}

#[test]
fn sk_13_1_g_the_automatic_rifle_goes_in_one_hand_at_twice_its_str() {
    // Automatic Rifle STR 11; one-handed 2 × 11 = 22 (the catalog's str_one_handed).
    let ar = |st: i32| {
        let g = at_range(
            &["automatic-rifle", "large-shield"],
            &format!("str = {st}, dex = 12, int = 10, shoulderarms = 1"),
        );
        g.fig("Ash").shield_at
    };
    assert_eq!(ar(21), ShieldAt::Back);
    assert_eq!(ar(22), ShieldAt::Hand);
}

#[test]
fn sk_13_3_a_readying_a_two_handed_weapon_slings_or_drops_the_shield() {
    // Ash holds a Saber and a Tower Shield (−1 DEX), with the Fire Axe on his back. Readying
    // the axe slings the shield (SK-13.3-a); the −1 stays, the shield being still carried.
    let gear = ["saber", "fire-axe", "tower-shield"];
    let stats = "str = 12, dex = 12, int = 10, axe = 1, sword = 1";
    let mut g = at_range(&gear, stats);
    let ash = g.id("Ash");
    let ev = g.act("Ash readies the Fire Axe");
    assert!(ev.contains(&Event::Hands {
        fig: ash,
        off_hand: None,
        shield_at: ShieldAt::Back,
        rule: fireteam_engine::RuleId("SK-13.3-a")
    }));
    assert_eq!(
        (g.fig("Ash").ready, g.fig("Ash").shield_at),
        (Some(1), ShieldAt::Back)
    );
    // Or he drops it: it lies in his hex, and its −1 DEX is gone.
    let mut g = at_range(&gear, stats);
    assert_eq!(
        fireteam_skirmish::combat::edex::order_dex(&g.s, g.fig("Ash")),
        11
    );
    g.act("Ash drops his shield and readies the Fire Axe");
    assert_eq!(g.fig("Ash").shield_at, ShieldAt::Ground);
    assert!(g
        .s
        .dropped
        .iter()
        .any(|d| d.owner == ash && d.slot == SHIELD_SLOT && d.pos == p(1, 0)));
    assert_eq!(
        fireteam_skirmish::combat::edex::order_dex(&g.s, g.fig("Ash")),
        12
    );
    // Next turn he picks it up: slung, the axe still needing both hands.
    g.finish_turn();
    g.reach_actions(0);
    g.act("Ash picks up his shield");
    assert_eq!(g.fig("Ash").shield_at, ShieldAt::Back);
    assert!(g.s.dropped.is_empty());
}

// =============================================================================================
// SK-13.2-b, G-35: STR above the minimum.
// =============================================================================================

#[test]
fn sk_13_2_b_two_str_over_the_minimum_buy_plus_one_damage_at_minus_one_dex() {
    // Saber STR 10; Ash STR 14: (14 − 10) / 2 = +2 at most. He puts in +2: −2 DEX, 12 − 2 = 10; a 9
    // hits; 2d6−2 + 2 = 2d6 on the ladder (SK-12.6); [3, 4] = 7.
    let mut g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["saber"],
            "str = 14, dex = 12, int = 10, sword = 1",
        ),
        unit("Bay", 1, (1, 2), N, &[], "str = 16, dex = 10, int = 10"),
    ]);
    assert!(g.can("Ash attacks Bay with +1 from STR"));
    assert!(!g.can("Ash attacks Bay with +3 from STR"));
    let ev = g.play(
        "Ash attacks Bay with +2 from STR",
        &faces(&[&d3(9), &[3, 4]]),
    );
    let r = roll(&ev);
    r.assert_mod("str-surplus", -2, "SK-13.2-b");
    assert_eq!(r.ids(), ["str-surplus"]);
    assert_eq!(r.target_number, 10);
    let d = &damages(&ev)[0];
    assert_eq!((d.expr.as_str(), d.rolled, d.taken), ("2d6", 7, 7));
}

#[test]
fn sk_13_2_b_at_most_plus_three() {
    // STR 20 on a STR-10 saber: (20 − 10) / 2 = 5, capped at +3.
    let g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["saber"],
            "str = 20, dex = 12, int = 10, sword = 1",
        ),
        unit("Bay", 1, (1, 2), N, &[], SLOW),
    ]);
    assert!(g.can("Ash attacks Bay with +3 from STR"));
    assert!(!g.can("Ash attacks Bay with +4 from STR"));
}

#[test]
fn sk_13_2_b_a_thrown_spear_with_strength_behind_it() {
    // Spear STR 11, Ash STR 15: +2 at most. Thrown 3 hexes: −3 (SK-13.5-b), −2 for the
    // strength: 12 − 5 = 7; a 6 hits. A thrown spear is the one-handed row, 1d6 (G-05), + 2 =
    // 1d6+2; a 4 does 6. The spear lands in Bay's hex (SK-12.2-d).
    let mut g = at_range(&["spear"], "str = 15, dex = 12, int = 10, polearms = 1");
    let ev = g.play(
        "Ash throws the Spear at Bay with +2 from STR",
        &faces(&[&d3(6), &[4]]),
    );
    let r = roll(&ev);
    r.assert_mod("range", -3, "SK-13.5-b");
    r.assert_mod("str-surplus", -2, "SK-13.2-b");
    r.assert_adds_up(12);
    let d = &damages(&ev)[0];
    assert_eq!((d.expr.as_str(), d.rolled, d.taken), ("1d6+2", 6, 6));
    assert!(effects(&ev)
        .iter()
        .any(|(_, e, _)| matches!(e, Effect::WeaponThrown { to, .. } if *to == p(1, 3))));
}

#[test]
fn sk_13_2_b_not_for_missile_weapons_nor_at_or_below_the_minimum() {
    // G-35: melee and thrown weapons only; and STR 11 on a STR-10 saber is not 2 over.
    let g = at_range(
        &["high-powered-pistol"],
        "str = 20, dex = 12, int = 10, sidearms = 1",
    );
    assert!(!g.texts().iter().any(|t| t.contains("from STR")));
    let g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["saber"],
            "str = 11, dex = 12, int = 10, sword = 1",
        ),
        unit("Bay", 1, (1, 2), N, &[], SLOW),
    ]);
    assert!(!g.texts().iter().any(|t| t.contains("from STR")));
}

// =============================================================================================
// SK-16.1-e, G-40: unbalanced improvised weapons (catalog fields a GM fills in).
// =============================================================================================

/// The real catalog plus one more file of a GM's own entries.
fn game_with_catalog(extra: &str, units: &[Unit]) -> Game {
    let dir = std::path::Path::new("../../../data/skirmish");
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .expect("the catalog folder")
        .map(|e| e.expect("a catalog file").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    names.sort();
    let mut files: Vec<SourceFile> = names
        .iter()
        .map(|p| SourceFile::read(p).expect("a readable catalog file"))
        .collect();
    files.push(SourceFile::new("house.toml", extra));
    let loader = Loader::new()
        .schema(&SkirmishSchema)
        .catalog_files("skirmish", files);
    let text = scenario_toml(&[], &open(4, 6), &[], units);
    let s = match loader.load(&SourceFile::new("test.toml", &text)) {
        Ok(l) => fireteam_skirmish::scenario::setup(&l).build(),
        Err(d) => panic!("does not load:\n{}", d.render_plain()),
    };
    let mut g = Game { s, log: Vec::new() };
    g.reach_actions(0);
    g
}

const BAR_ROOM: &str = r#"
[[weapon]]
id = "bar-stool"
name = "Bar stool"
class = "melee"
str_table = "club2"
length = "medium"
hands = 2
group = "club"
dex_penalty = -2
breaks = "on_hit"
provenance = { invented = "test", note = "a GM's unbalanced improvised club" }

[[weapon]]
id = "bottle"
name = "Bottle"
class = "melee"
str_table = "club1"
length = "medium"
group = "club"
breaks = "on_use"
provenance = { invented = "test", note = "breaks whenever used" }
"#;

#[test]
fn sk_16_1_e_an_unbalanced_stool_is_minus_two_and_breaks_when_it_hits() {
    // The stool: STR 10's two-handed club column, 1d6+1 (SK-16.15.1-T1), at the GM's −2 DEX:
    // 12 − 2 = 10; a 9 hits, 3 + 1 = 4, and the stool breaks (breaks = "on_hit").
    let mut g = game_with_catalog(
        BAR_ROOM,
        &[
            unit(
                "Ash",
                0,
                (1, 1),
                S,
                &["bar-stool"],
                "str = 10, dex = 12, int = 10",
            ),
            unit("Bay", 1, (1, 2), N, &[], "str = 16, dex = 10, int = 10"),
        ],
    );
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(9), &[3]]));
    let r = roll(&ev);
    r.assert_mod("unbalanced", -2, "SK-16.1-e");
    assert_eq!(r.ids(), ["unbalanced"]);
    assert_eq!(r.target_number, 10);
    let d = &damages(&ev)[0];
    assert_eq!((d.expr.as_str(), d.taken), ("1d6+1", 4));
    let ash = g.id("Ash");
    assert_eq!(
        effects(&ev),
        [(
            ash,
            Effect::WeaponBroken {
                slot: 0,
                permanent: true
            },
            "SK-16.1-e"
        )]
    );
    assert_eq!(g.fig("Ash").ready, None);
}

#[test]
fn sk_16_1_e_a_miss_leaves_an_on_hit_item_whole_and_an_on_use_item_breaks_anyway() {
    let units = |gear: &'static str| {
        vec![
            unit("Ash", 0, (1, 1), S, &[gear], "str = 10, dex = 12, int = 10"),
            unit("Bay", 1, (1, 2), N, &[], SLOW),
        ]
    };
    let mut g = game_with_catalog(BAR_ROOM, &units("bar-stool"));
    let ev = g.play("Ash attacks Bay", &d3(15));
    assert!(effects(&ev).is_empty());
    let mut g = game_with_catalog(BAR_ROOM, &units("bottle"));
    let ev = g.play("Ash attacks Bay", &d3(15));
    let r = roll(&ev);
    assert!(!r.has("unbalanced"), "the bottle has no penalty");
    assert_eq!(
        effects(&ev),
        [(
            g.id("Ash"),
            Effect::WeaponBroken {
                slot: 0,
                permanent: true
            },
            "SK-16.1-e"
        )]
    );
}

#[test]
fn sk_16_1_e_g_40_the_shipped_improvised_weapons_have_no_penalty_and_do_not_break() {
    // G-40's default: 0 and never. A one-handed improvised club (STR 10: 1d6) hits for 4 and
    // stays whole.
    let mut g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["improvised-club"],
            "str = 10, dex = 12, int = 10",
        ),
        unit("Bay", 1, (1, 2), N, &[], "str = 16, dex = 10, int = 10"),
    ]);
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(9), &[4]]));
    assert_eq!(damages(&ev)[0].taken, 4);
    assert!(roll(&ev).modifiers.is_empty());
    assert!(effects(&ev).is_empty());
    assert_eq!(g.fig("Ash").ready, Some(0));
}

// =============================================================================================
// SK-6.5.3-a/b, G-44, G-47: two-weapon fighting.
// =============================================================================================

/// Ash (STR 10, DEX 12) at [1, 1] facing S with `gear` (the second weapon in his other hand)
/// and `skills`; Bay (STR 16, DEX 10) at [1, 2] facing N and Cal (STR 16, DEX 10) at [2, 2]
/// facing NW, both in Ash's front.
fn two_weapons(gear: &[&str], skills: &str) -> Game {
    fight(&two_weapon_units(
        gear,
        skills,
        "str = 16, dex = 10, int = 10",
    ))
}

fn two_weapon_units(gear: &[&str], skills: &str, foes: &str) -> Vec<Unit> {
    vec![
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            gear,
            &format!("str = 10, dex = 12, int = 10, off_hand = 1{skills}"),
        ),
        unit("Bay", 1, (1, 2), N, &[], foes),
        unit("Cal", 1, (2, 2), NW, &[], foes),
    ]
}

#[test]
fn sk_6_5_3_a_sword_and_dagger_are_a_combination_anyone_may_fight_with() {
    // Saber in hand, Fighting Knife in the other (unit stat off_hand), the Sword skill only (it
    // covers knives, G-07). SK-6.5.3-b: the saber at Bay at its normal value (12; 10 hits,
    // 2d6−2 one-handed [3, 4] = 5), then the knife at Cal at −4, and −1 for a short weapon into
    // the next hex (SK-13.4-a): 7; a 7 hits, 1d6+1 [2] = 3. Both at Ash's one slot (G-47).
    let mut g = two_weapons(&["saber", "fighting-knife"], ", sword = 1");
    assert_eq!(
        (g.fig("Ash").ready, g.fig("Ash").off_hand),
        (Some(0), Some(1))
    );
    assert!(g.can("Ash attacks Bay with both weapons"));
    let ev = g.play(
        "Ash attacks Bay, then Cal with his other weapon",
        &faces(&[&d3(10), &[3, 4], &d3(7), &[2]]),
    );
    let rs = rolls(&ev);
    let (bay, cal) = (g.id("Bay"), g.id("Cal"));
    assert_eq!(rs.iter().map(|r| r.target).collect::<Vec<_>>(), [bay, cal]);
    assert!(rs[0].modifiers.is_empty());
    assert_eq!(rs[0].target_number, 12);
    rs[1].assert_mod("second-weapon", -4, "SK-6.5.3-b");
    rs[1].assert_mod("short", -1, "SK-13.4-a");
    assert_eq!(rs[1].ids(), ["short", "second-weapon"]);
    assert_eq!(rs[1].target_number, 7);
    let d = damages(&ev);
    assert_eq!(
        d.iter()
            .map(|d| (d.target, d.expr.as_str(), d.taken))
            .collect::<Vec<_>>(),
        [(bay, "2d6-2", 5), (cal, "1d6+1", 3)]
    );
    assert!(g.fig("Ash").acted);
}

#[test]
fn sk_6_5_3_a_any_other_pair_needs_two_weapon_fighting_and_both_skills() {
    // Saber and Hatchet are no combination: with Sword and Axe but not the skill, no.
    let g = two_weapons(&["saber", "hatchet"], ", sword = 1, axe = 1");
    assert!(!g
        .texts()
        .iter()
        .any(|t| t.contains("other weapon") || t.contains("both")));
    // With Two Weapon Fighting, yes.
    let g = two_weapons(
        &["saber", "hatchet"],
        ", sword = 1, axe = 1, two_weapon_fighting = 1",
    );
    assert!(g.can("Ash attacks Bay with both weapons"));
    // "Prerequisites: … skills for all weapons used": not without Axe.
    let g = two_weapons(
        &["saber", "hatchet"],
        ", sword = 1, two_weapon_fighting = 1",
    );
    assert!(!g.can("Ash attacks Bay with both weapons"));
}

#[test]
fn sk_6_5_3_b_the_second_blow_waits_for_a_foe_still_standing() {
    // Bay (STR 4) dies of the first blow (2d6−2 [3, 4] = 5); the second, at him too, is not
    // struck.
    let mut g = fight(&two_weapon_units(
        &["saber", "fighting-knife"],
        ", sword = 1",
        "str = 4, dex = 10, int = 10",
    ));
    let ev = g.play(
        "Ash attacks Bay with both weapons",
        &faces(&[&d3(10), &[3, 4]]),
    );
    assert_eq!(rolls(&ev).len(), 1);
    assert!(!g.fig("Bay").active());
}

#[test]
fn sk_6_5_3_b_g_44_attack_with_one_and_parry_with_the_other() {
    // Declared with the movement: "stands … and parries with his other weapon". It is not his
    // action: at his slot he still strikes with the saber (and may do nothing else). Bay (DEX
    // 14, acting first) attacks him from the front on 4d6 (SK-11.4-c): a parry is a Defend.
    let mut units = two_weapon_units(&["saber", "fighting-knife"], ", sword = 1", SLOW);
    units[1] = unit(
        "Bay",
        1,
        (1, 2),
        N,
        &["duel-blade"],
        "str = 16, dex = 14, int = 10, sword = 1",
    );
    let mut g = game(&[], &open(4, 6), &[], &units);
    g.start_turn(0);
    let ev = movement(
        &mut g,
        &[(
            "Ash",
            "Ash stands facing S and parries with his other weapon",
            &[],
        )],
    );
    let ash = g.id("Ash");
    assert!(ev.contains(&Event::Guarded {
        fig: ash,
        guard: Guard::Parry
    }));
    assert!(!g.fig("Ash").acted);
    let r = roll(&g.play("Bay attacks Ash", &d4(16)));
    assert_eq!((r.dice, r.target_number), (4, 14));
    until(&mut g, "Ash");
    assert_eq!(
        g.texts(),
        ["Ash attacks Bay", "Ash attacks Cal", "Ash does nothing"]
    );
    let r = roll(&g.play("Ash attacks Bay", &d3(16)));
    assert_eq!(r.dice, 3);
}

#[test]
fn sk_6_5_3_b_at_the_action_slot_attack_and_parry() {
    // With Defend declared at the action slot: "Ash attacks Bay and parries with his other
    // weapon"; Bay, acting after him, rolls 4d6.
    let mut units = two_weapon_units(&["saber", "fighting-knife"], ", sword = 1", SLOW);
    units[1] = blade("Bay", 1, (1, 2), N);
    units[1].stats = "str = 16, dex = 10, int = 10, sword = 1".into();
    let mut g = game(
        &[("sk.defense_declared", "\"action\"")],
        &open(4, 6),
        &[],
        &units,
    );
    g.reach_actions(0);
    let ev = g.play("Ash attacks Bay and parries with his other weapon", &d3(16));
    assert!(ev.contains(&Event::Guarded {
        fig: g.id("Ash"),
        guard: Guard::Parry
    }));
    until(&mut g, "Bay");
    let r = roll(&g.play("Bay attacks Ash", &d4(16)));
    assert_eq!(r.dice, 4);
}

#[test]
fn sk_6_5_3_readying_a_second_weapon_in_the_other_hand() {
    // Ash holds the saber; "readies the Fighting Knife in his other hand" is his action.
    let mut g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["saber", "fighting-knife"],
            "str = 10, dex = 12, int = 10, sword = 1",
        ),
        unit("Bay", 1, (1, 4), N, &[], SLOW),
    ]);
    assert_eq!(g.fig("Ash").off_hand, None);
    let ev = g.act("Ash readies the Fighting Knife in his other hand");
    assert!(ev.contains(&Event::Hands {
        fig: g.id("Ash"),
        off_hand: Some(1),
        shield_at: ShieldAt::Hand,
        rule: fireteam_engine::RuleId("SK-6.5.3-a")
    }));
    assert_eq!(
        (g.fig("Ash").ready, g.fig("Ash").off_hand),
        (Some(0), Some(1))
    );
    assert!(g.fig("Ash").acted);
}

#[test]
fn sk_13_1_b_a_two_handed_weapon_leaves_no_hand_for_a_second() {
    // The unit stat asks for the Fighting Knife in the other hand, but the Fire Axe needs both.
    let g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["fire-axe", "fighting-knife"],
            "str = 12, dex = 12, int = 10, axe = 1, knife = 1, off_hand = 1",
        ),
        unit("Bay", 1, (1, 4), N, &[], SLOW),
    ]);
    assert_eq!((g.fig("Ash").ready, g.fig("Ash").off_hand), (Some(0), None));
    assert!(!g.texts().iter().any(|t| t.contains("other hand")));
}

#[test]
fn sk_16_15_3_b_hand_to_hand_keeps_the_knife_in_the_other_hand_and_drops_the_rest() {
    // Ash: saber in hand, Fighting Knife in the other. Into HTH (Bay kneels; die 1) the saber
    // is dropped and the knife is what he fights with.
    let bay = unit("Bay", 1, (1, 2), N, &[], SLOW).stance("kneeling");
    let ash = unit(
        "Ash",
        0,
        (1, 1),
        S,
        &["saber", "fighting-knife"],
        "str = 10, dex = 12, int = 10, sword = 1, off_hand = 1",
    );
    let mut g = fight(&[ash, bay]);
    let ev = g.play("Ash goes hand to hand with Bay", &[1]);
    let ash = g.id("Ash");
    assert!(effects(&ev).contains(&(ash, Effect::WeaponDropped { slot: 0 }, "SK-16.15.3-b")));
    assert_eq!((g.fig("Ash").ready, g.fig("Ash").off_hand), (Some(1), None));
}

#[test]
fn sk_16_15_3_b_hand_to_hand_drops_the_shield_in_hand() {
    let bay = unit("Bay", 1, (1, 2), N, &[], SLOW).stance("kneeling");
    let ash = unit(
        "Ash",
        0,
        (1, 1),
        S,
        &["fighting-knife", "large-shield"],
        "str = 10, dex = 12, int = 10, knife = 1",
    );
    let mut g = fight(&[ash, bay]);
    assert_eq!(g.fig("Ash").shield_at, ShieldAt::Hand);
    g.play("Ash goes hand to hand with Bay", &[1]);
    assert_eq!(g.fig("Ash").shield_at, ShieldAt::Ground);
    assert_eq!(g.fig("Ash").ready, Some(0), "the knife is kept");
}

// =============================================================================================
// SK-16.2-b, G-46: a pole arm set against a charge.
// =============================================================================================

/// Bay (Spear, Polearms, DEX 12) at [1, 4] facing N; Ash (STR 16, blade) at [1, 0] facing S.
/// Side B wins the initiative and moves first, so Bay declares before Ash moves.
fn set_scene() -> Game {
    let mut g = game(
        &[],
        &open(3, 7),
        &[],
        &[
            unit(
                "Ash",
                0,
                (1, 0),
                S,
                &["duel-blade"],
                "str = 16, dex = 12, int = 10, sword = 1",
            ),
            unit(
                "Bay",
                1,
                (1, 4),
                N,
                &["spear"],
                "str = 11, dex = 12, int = 10, polearms = 1",
            ),
        ],
    );
    g.start_turn(1);
    g
}

#[test]
fn sk_16_2_b_g_46_the_set_spear_strikes_the_charger_first_at_plus_two_and_double_damage() {
    // Bay sets the spear (his action, SK-11.4-e). Ash charges to [1, 3]; as he arrives Bay
    // strikes: 12 + 2 = 14, a 13 hits; the spear in both hands is 1d6+1 (G-05): [2] + 1 = 3,
    // doubled: 6. Only then does Ash act.
    let mut g = set_scene();
    let ev = g.act("Bay stands facing N and sets his pole arm");
    let bay = g.id("Bay");
    assert!(ev.contains(&Event::Guarded {
        fig: bay,
        guard: Guard::Set
    }));
    assert!(g.fig("Bay").acted);
    let ev = g.play("Ash moves to 1,3 facing S", &faces(&[&d3(13), &[2]]));
    let r = roll(&ev);
    assert_eq!((r.attacker, r.target), (bay, g.id("Ash")));
    r.assert_mod("set", 2, "SK-16.2-b");
    assert_eq!(r.ids(), ["set"]);
    r.assert_adds_up(12);
    let d = &damages(&ev)[0];
    assert_eq!(
        (d.expr.as_str(), d.rolled, d.mult, d.taken),
        ("1d6+1", 3, 2, 6)
    );
    assert_eq!(g.fig("Bay").guard, Guard::None, "the set is spent");
    assert_eq!(g.s.phase, Phase::Action);
    assert_eq!(g.decider(), Some(g.id("Ash")));
}

#[test]
fn sk_16_2_b_a_charger_who_stops_short_is_not_met() {
    let mut g = set_scene();
    g.act("Bay stands facing N and sets his pole arm");
    let ev = g.act("Ash moves to 1,2 facing S");
    assert!(rolls(&ev).is_empty());
    assert_eq!(g.fig("Bay").guard, Guard::Set);
}

#[test]
fn sk_16_2_b_only_a_pole_arm_is_set() {
    // Ash, with a blade, has no "sets his pole arm" (and Bay, with the spear, has).
    let g = set_scene();
    assert!(g.can("Bay stands facing N and sets his pole arm"));
    let g = game(
        &[],
        &open(3, 7),
        &[],
        &[
            unit("Ash", 0, (1, 0), S, &["duel-blade"], FIGHTER),
            unit("Bay", 1, (1, 4), N, &[], SLOW),
        ],
    );
    let mut g = g;
    g.start_turn(0);
    assert!(!g.texts().iter().any(|t| t.contains("sets")));
}

// =============================================================================================
// SK-16.3-a..d, G-06: bayonets.
// =============================================================================================

/// Rifle, Shoulderarms, Knife and Bayonet skills, STR 10; `more` adds stats.
fn rifleman(more: &str) -> String {
    format!("str = 10, dex = 12, int = 10, shoulderarms = 1, knife = 1, bayonet = 1{more}")
}

#[test]
fn sk_16_3_a_fixing_a_bayonet_takes_the_turn() {
    // Ash holds the Rifle and carries a Fighting Knife; Bay is far off. Fixing the knife is his
    // action; the rifle stays in hand with the bayonet on it.
    let mut g = fight(&[
        unit(
            "Ash",
            0,
            (1, 0),
            S,
            &["rifle", "fighting-knife"],
            &rifleman(""),
        ),
        unit("Bay", 1, (1, 5), N, &[], SLOW),
    ]);
    let ev = g.act("Ash fixes the Fighting Knife to the Rifle");
    let ash = g.id("Ash");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Bayonet { fig, knife: 1, rifle: 0, fixed: true, .. } if *fig == ash
    )));
    assert!(g.fig("Ash").acted);
    assert_eq!(
        (g.fig("Ash").bayonet, g.fig("Ash").ready),
        (Some((1, 0)), Some(0))
    );
    let knife = g.fig("Ash").weapons[1].unwrap().weapon;
    assert_eq!(
        g.s.rules.weapons[usize::from(knife)].name,
        "Bayonet (Fighting Knife)"
    );
    // It rides on the rifle: the knife cannot be readied while fixed.
    g.finish_turn();
    g.reach_actions(0);
    assert!(!g.can("Ash readies the Bayonet (Fighting Knife)"));
    g.act("Ash takes his bayonet off");
    assert_eq!(g.fig("Ash").bayonet, None);
    let knife = g.fig("Ash").weapons[1].unwrap().weapon;
    assert_eq!(g.s.rules.weapons[usize::from(knife)].name, "Fighting Knife");
}

#[test]
fn sk_16_3_b_g_06_a_bayonet_is_the_knife_on_the_rifle() {
    // A Utility Knife fixed before the battle (unit stat bayonet_fixed), and no Bayonet skill:
    // −4 unskilled (SK-6-b), 12 − 4 = 8; the knife's damage, 1d6−1 (SK-16.3-b): [4] − 1 = 3.
    // The rifle's STR 10 is met (STR 10).
    let mut g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["rifle", "utility-knife"],
            "str = 10, dex = 12, int = 10, shoulderarms = 1, knife = 1, bayonet_fixed = 1",
        ),
        unit("Bay", 1, (1, 2), N, &[], "str = 16, dex = 10, int = 10"),
    ]);
    let ev = g.play("Ash thrusts his bayonet at Bay", &faces(&[&d3(8), &[4]]));
    let r = roll(&ev);
    r.assert_mod("unskilled", -4, "SK-6-b");
    assert_eq!(r.ids(), ["unskilled"]);
    assert_eq!(r.target_number, 8);
    let d = &damages(&ev)[0];
    assert_eq!((d.expr.as_str(), d.taken), ("1d6-1", 3));
}

#[test]
fn sk_16_3_d_a_bayonet_reaches_the_adjacent_hexes_only() {
    // Bay two hexes off in front: no thrust (the table's "Long" does not apply, G-06).
    let g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["rifle", "fighting-knife"],
            &rifleman(", bayonet_fixed = 1"),
        ),
        unit("Bay", 1, (1, 3), N, &[], SLOW),
    ]);
    assert!(!g.texts().iter().any(|t| t.contains("thrusts")));
    assert!(g.can("Ash takes his bayonet off"));
}

/// Ash (bayonet fixed) at [1, 1] facing S; Bay at [1, 2] with his back to Ash (so Ash is not
/// engaged and may shoot). Ash first strikes first (SK-16.3-d) and waits for his turn.
fn shoot_and_stab_scene() -> Game {
    let mut g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["rifle", "fighting-knife"],
            &rifleman(", bayonet_fixed = 1"),
        ),
        unit("Bay", 1, (1, 2), S, &[], "str = 16, dex = 10, int = 10"),
    ]);
    g.act("Ash waits for his turn");
    assert_eq!(g.decider(), Some(g.id("Ash")));
    g
}

#[test]
fn sk_16_3_c_fire_and_bayonet_the_same_target_with_no_adjustment() {
    // The shot: 12 + 1 for the rifle's stock (SK-13.6-g) = 13; a 10 hits, 4d6+1 [1, 1, 1, 1] = 5.
    // Then the bayonet from Bay's rear: 12 + 4 = 16, nothing for having fired; a 10 hits,
    // 1d6+1 [1] = 2.
    let mut g = shoot_and_stab_scene();
    let ev = g.play(
        "Ash shoots Bay, then thrusts his bayonet at him",
        &faces(&[&d3(10), &[1, 1, 1, 1], &d3(10), &[1]]),
    );
    let rs = rolls(&ev);
    assert_eq!(rs.len(), 2);
    assert_eq!(rs[0].ids(), ["stock"]);
    assert_eq!(rs[0].target_number, 13);
    assert_eq!(rs[1].ids(), ["rear"]);
    assert_eq!(rs[1].target_number, 16);
    assert_eq!(
        damages(&ev)
            .iter()
            .map(|d| (d.expr.clone(), d.taken))
            .collect::<Vec<_>>(),
        [("4d6+1".to_string(), 5), ("1d6+1".to_string(), 2)]
    );
    assert!(g.fig("Ash").acted);
}

#[test]
fn sk_16_3_c_or_the_bayonet_first_then_the_shot() {
    let mut g = shoot_and_stab_scene();
    let ev = g.play(
        "Ash thrusts his bayonet at Bay, then shoots him",
        &faces(&[&d3(16), &d3(16)]),
    );
    let rs = rolls(&ev);
    assert_eq!(
        rs.iter().map(|r| r.kind).collect::<Vec<_>>(),
        [
            fireteam_skirmish::event::AttackKind::Melee,
            fireteam_skirmish::event::AttackKind::Missile
        ]
    );
}

/// Ash (DEX 10, bayonet) at [1, 1] facing S and Bay (DEX 14, blade) at [1, 2] facing N.
fn first_strike_scene() -> Game {
    fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["rifle", "fighting-knife"],
            "str = 10, dex = 10, int = 10, bayonet = 1, bayonet_fixed = 1",
        ),
        unit(
            "Bay",
            1,
            (1, 2),
            N,
            &["duel-blade"],
            "str = 16, dex = 14, int = 10, sword = 1",
        ),
    ])
}

#[test]
fn sk_16_3_d_the_bayonet_strikes_before_any_other_weapon() {
    // Bay's eDEX 14 would act before Ash's 10, but "because of the length of the bayonet it will
    // strike before any other weapon will, no matter what the attacker's DEX is".
    let mut g = first_strike_scene();
    let (ash, bay) = (g.id("Ash"), g.id("Bay"));
    assert_eq!(g.s.act_order.as_slice(), [bay, ash]);
    assert!(g.log.contains(&Event::StrikesFirst {
        fig: ash,
        first: true
    }));
    assert_eq!(g.decider(), Some(ash));
    assert_eq!(
        g.texts(),
        ["Ash thrusts his bayonet at Bay", "Ash waits for his turn"]
    );
    g.play("Ash thrusts his bayonet at Bay", &d3(16));
    assert_eq!(g.decider(), Some(bay));
}

#[test]
fn sk_16_3_d_waiting_gives_the_first_strike_up() {
    // He may keep his action for his own eDEX (to shoot, say): Bay then acts first.
    let mut g = first_strike_scene();
    g.act("Ash waits for his turn");
    assert_eq!(g.decider(), Some(g.id("Bay")));
    g.act("Bay does nothing");
    assert_eq!(g.decider(), Some(g.id("Ash")));
    assert!(g.can("Ash thrusts his bayonet at Bay"));
}

#[test]
fn sk_11_8_2_a_sk_16_3_c_a_rifle_with_a_bayonet_is_not_dropped_after_shooting_a_charger() {
    // Bay charges Ash, who has not moved; Ash waits out his first strike, then shoots the
    // charger (SK-11.8.2-a) and keeps the rifle, which fights on with its bayonet.
    let mut g = game(
        &[],
        &open(3, 7),
        &[],
        &[
            unit(
                "Ash",
                0,
                (1, 4),
                N,
                &["rifle", "fighting-knife"],
                &rifleman(", bayonet_fixed = 1"),
            ),
            unit("Bay", 1, (1, 0), S, &["duel-blade"], FIGHTER),
        ],
    );
    g.start_turn(0);
    movement(&mut g, &[("Bay", "Bay moves to 1,3 facing S", &[])]);
    g.act("Ash waits for his turn");
    until(&mut g, "Ash");
    let ev = g.play("Ash shoots Bay", &d3(16));
    assert!(effects(&ev).is_empty(), "{ev:#?}");
    assert_eq!(g.fig("Ash").ready, Some(0));
}

// =============================================================================================
// SK-16.10-d, G-50: a weapon that parries a mono-filament or plasma sword.
// =============================================================================================

/// Ash at [1, 1] facing S with `ash_gear`, Defending (declared with the movement); Bay (DEX 14,
/// so he acts first) at [1, 2] facing N with `bay_gear`.
fn parried(ash_gear: &str, bay_gear: &str) -> Game {
    let mut g = game(
        &[],
        &open(3, 6),
        &[],
        &[
            unit(
                "Ash",
                0,
                (1, 1),
                S,
                &[ash_gear],
                "str = 10, dex = 12, int = 10, sword = 1",
            ),
            unit(
                "Bay",
                1,
                (1, 2),
                N,
                &[bay_gear],
                "str = 16, dex = 14, int = 10, sword = 1",
            ),
        ],
    );
    g.start_turn(0);
    movement(&mut g, &[("Ash", "Ash stands facing S and defends", &[])]);
    g
}

#[test]
fn sk_16_10_d_g_50_a_saber_that_parries_a_plasma_sword_is_broken_as_a_weapon() {
    // Bay's plasma sword at the Defending Ash: 4d6 against 14 (SK-11.4-c); an 18 misses. Hit or
    // miss, the saber that parried is broken as a weapon: it may still Defend, not attack.
    let mut g = parried("saber", "plasma-sword");
    let ev = g.play("Bay attacks Ash", &d4(18));
    let r = roll(&ev);
    assert_eq!((r.dice, r.target_number), (4, 14));
    let ash = g.id("Ash");
    assert_eq!(
        effects(&ev),
        [(ash, Effect::BrokenAsWeapon { slot: 0 }, "SK-16.10-d")]
    );
    assert_eq!(
        g.fig("Ash").weapons[0].unwrap().state,
        fireteam_skirmish::state::WeaponState::ParryOnly
    );
    g.finish_turn();
    g.start_turn(0);
    assert!(g.can("Ash stands facing S and defends"));
    movement(&mut g, &[]);
    until(&mut g, "Ash");
    assert!(
        !g.texts().iter().any(|t| t.starts_with("Ash attacks")),
        "{:?}",
        g.texts()
    );
}

#[test]
fn sk_16_10_d_a_mono_filament_sword_breaks_even_a_mono_filament_parry() {
    let mut g = parried("mono-filament-sword", "mono-filament-sword");
    let ev = g.play("Bay attacks Ash", &d4(18));
    assert_eq!(
        effects(&ev),
        [(
            g.id("Ash"),
            Effect::BrokenAsWeapon { slot: 0 },
            "SK-16.10-d"
        )]
    );
}

#[test]
fn sk_16_10_d_a_plasma_sword_parrying_a_plasma_sword_is_spared() {
    let mut g = parried("plasma-sword", "plasma-sword");
    let ev = g.play("Bay attacks Ash", &d4(18));
    assert!(effects(&ev).is_empty());
}

#[test]
fn sk_16_10_d_only_a_parry_breaks() {
    // Not Defending, Ash's saber is not touched by the blow.
    let mut g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["saber"],
            "str = 10, dex = 12, int = 10, sword = 1",
        ),
        unit(
            "Bay",
            1,
            (1, 2),
            N,
            &["plasma-sword"],
            "str = 16, dex = 14, int = 10, sword = 1",
        ),
    ]);
    let ev = g.play("Bay attacks Ash", &d3(16));
    assert!(effects(&ev).is_empty());
}

// =============================================================================================
// SK-6.9.4-a, G-04: an uncommon weapon and its own skill, from a GM's catalog entry.
// =============================================================================================

/// Catalog ids are unique across kinds, and the skill is `naginata`: the weapon takes another id.
const NAGINATA: &str = r#"
[[weapon]]
id = "house-naginata"
name = "Naginata"
class = "melee"
damage = "1d6+2"
str_min = 11
length = "long"
hands = 2
skill = "naginata"
group = "polearm"
cutting = true
provenance = { invented = "test", note = "a GM's uncommon weapon (SK-6.9.4-a)" }
"#;

#[test]
fn sk_6_9_4_a_an_uncommon_weapon_is_its_own_skill() {
    // With the Naginata skill no penalty; with Polearms only, −4 (SK-6-b): the naginata is not
    // a common pole arm.
    let play = |skills: &str| {
        let mut g = game_with_catalog(
            NAGINATA,
            &[
                unit(
                    "Ash",
                    0,
                    (1, 1),
                    S,
                    &["house-naginata"],
                    &format!("str = 11, dex = 12, int = 10{skills}"),
                ),
                unit("Bay", 1, (1, 2), N, &[], SLOW),
            ],
        );
        roll(&g.play("Ash attacks Bay", &d3(16)))
    };
    let r = play(", naginata = 1");
    assert!(r.modifiers.is_empty(), "{:?}", r.ids());
    let r = play(", polearms = 1");
    r.assert_mod("unskilled", -4, "SK-6-b");
}

#[test]
fn sk_6_9_4_a_a_weapon_naming_no_known_skill_does_not_load() {
    let bad = NAGINATA.replace("skill = \"naginata\"", "skill = \"naginatta\"");
    let loader = Loader::new().schema(&SkirmishSchema).catalog_files(
        "skirmish",
        vec![SourceFile::new("house.toml", bad.as_str())],
    );
    let err = loader
        .load_catalog("skirmish")
        .expect_err("an unknown skill");
    let text = err.render_plain();
    assert!(
        text.contains("'naginatta' is not a skill") && text.contains("did you mean 'naginata'"),
        "{text}"
    );
}

// =============================================================================================
// SK-11.7.4-b: two disengaged figures next to each other exchange weapons.
// =============================================================================================

fn exchange_scene() -> Game {
    fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["saber"],
            "str = 10, dex = 12, int = 10, sword = 1",
        ),
        unit(
            "Cal",
            0,
            (2, 1),
            S,
            &["rifle"],
            "str = 10, dex = 11, int = 10, shoulderarms = 1",
        ),
        unit("Bay", 1, (1, 5), N, &[], SLOW),
    ])
}

#[test]
fn sk_11_7_4_b_adjacent_friends_exchange_the_weapons_in_their_hands() {
    // Ash gives his Saber for Cal's Rifle; both spend their Ready.
    let mut g = exchange_scene();
    let ev = g.act("Ash exchanges weapons with Cal");
    let (ash, cal) = (g.id("Ash"), g.id("Cal"));
    assert!(ev.contains(&Event::Exchanged {
        fig: ash,
        with: cal,
        fig_slot: 0,
        with_slot: 0,
        rule: fireteam_engine::RuleId("SK-11.7.4-b")
    }));
    let name = |g: &Game, n: &str| {
        let f = g.fig(n);
        let w = f.weapons[usize::from(f.ready.unwrap())].unwrap().weapon;
        g.s.rules.weapons[usize::from(w)].name.clone()
    };
    assert_eq!(name(&g, "Ash"), "Rifle");
    assert_eq!(name(&g, "Cal"), "Saber / Machete / Cutlass");
    assert!(g.fig("Ash").acted && g.fig("Cal").acted);
    assert_eq!(g.decider(), Some(g.id("Bay")));
}

#[test]
fn sk_11_7_4_b_not_with_a_friend_who_has_acted_or_is_engaged() {
    let mut g = exchange_scene();
    g.act("Ash does nothing");
    // Cal acts after Ash: Ash has acted, so Cal has no partner.
    assert!(!g.texts().iter().any(|t| t.contains("exchanges")));
    let g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["saber"],
            "str = 10, dex = 12, int = 10, sword = 1",
        ),
        unit(
            "Cal",
            0,
            (2, 1),
            S,
            &["rifle"],
            "str = 10, dex = 11, int = 10, shoulderarms = 1",
        ),
        unit("Bay", 1, (2, 2), N, &[], SLOW),
    ]);
    // Bay engages Cal (Cal is in his front): no exchange.
    assert!(!g.texts().iter().any(|t| t.contains("exchanges")));
}

// =============================================================================================
// SK-16.1-b/c/d: improvised weapons and brass knuckles, damage by STR.
// =============================================================================================

#[test]
fn sk_16_1_d_brass_knuckles_cannot_be_dropped() {
    // "Brass knuckles count as clubs but are always one-handed, can't be thrown, can't be
    // dropped": a 17 (SK-12.1-d) is a miss and nothing more.
    let mut g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["brass-knuckles"],
            "str = 10, dex = 12, int = 10",
        ),
        unit("Bay", 1, (1, 2), N, &[], SLOW),
    ]);
    let ev = g.play("Ash attacks Bay", &d3(17));
    assert_eq!(
        roll(&ev).result,
        fireteam_skirmish::autoresult::ToHit::Dropped
    );
    assert!(effects(&ev).is_empty(), "{ev:#?}");
    assert_eq!(g.fig("Ash").ready, Some(0));
}

#[test]
fn sk_16_1_d_brass_knuckles_are_kept_in_hand_to_hand() {
    // "… and can be used in HTH combat": going hand to hand does not drop them.
    let mut g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["brass-knuckles"],
            "str = 10, dex = 12, int = 10",
        ),
        unit("Bay", 1, (1, 2), N, &[], SLOW).stance("kneeling"),
    ]);
    g.play("Ash goes hand to hand with Bay", &[1]);
    assert_eq!(g.fig("Ash").ready, Some(0));
}

// =============================================================================================
// SK-16.15.6, SK-16.15.7: subduing and disarming in hand to hand.
// =============================================================================================

/// Ash (Martial Arts `ma`, STR 10, DEX 14) and Bay (STR 12, fighting knife) in hand to hand
/// since turn 1 (Bay knelt; reaction die 1); turn 2, Ash to act.
fn brawl(ma: u8) -> Game {
    let mut g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &[],
            &format!("str = 10, dex = 14, int = 10, martial_arts = {ma}"),
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
    ]);
    g.play("Ash goes hand to hand with Bay", &[1]);
    g.finish_turn();
    g.start_turn(0);
    movement(&mut g, &[]);
    assert_eq!(g.decider(), Some(g.id("Ash")));
    g
}

#[test]
fn sk_16_15_6_a_a_martial_artist_may_subdue_on_edex() {
    // "A character with Martial Arts training may optionally use eDEX instead of eSTR. Add +1
    // for every level": Martial Arts 1, eDEX 14 + 1 = 15 against Bay's eSTR 12. Ash rolls 13
    // (margin 2; on eSTR 10 + 1 = 11 he would fail), Bay 11 (margin 1): subdued.
    let mut g = brawl(1);
    assert!(g.can("Ash tries to subdue Bay"));
    let ev = g.play(
        "Ash tries to subdue Bay using DEX",
        &faces(&[&d3(13), &d3(11)]),
    );
    let (what, a, d, won, rule) = contest(&ev);
    assert_eq!((what, won, rule), ("subdue", true, "SK-16.15.6-a"));
    assert_eq!(
        side(&a),
        (
            "eDEX",
            14,
            vec![("martial-arts", 1, "SK-16.15.6-a")],
            15,
            13,
            true,
            2
        )
    );
    assert_eq!(side(&d), ("eSTR", 12, vec![], 12, 11, true, 1));
    assert!(effects(&ev).contains(&(g.id("Bay"), Effect::Stunned, "SK-16.15.6-b")));
}

#[test]
fn sk_16_15_6_a_subdue_on_estr_and_b_two_turns_without_acting_and_c_blows_hit() {
    // No Martial Arts: eSTR 10 against Bay's 12. Ash 7 (margin 3), Bay 10 (margin 2): Bay is
    // subdued: down, no move nor action for two turns (SK-16.15.6-b).
    let mut g = brawl(0);
    assert!(!g.can("Ash tries to subdue Bay using DEX"));
    let ev = g.play("Ash tries to subdue Bay", &faces(&[&d3(7), &d3(10)]));
    let (_, a, d, won, _) = contest(&ev);
    assert_eq!(
        (a.target, a.margin, d.target, d.margin, won),
        (10, 3, 12, 2, true)
    );
    // Bay, down and stunned, cannot act: the turn ends at once; one more turn to go (G-49's
    // timing: through the end of the next turn).
    assert_eq!(
        (g.s.phase, g.fig("Bay").stunned, g.fig("Bay").posture),
        (Phase::TurnStart, 1, Posture::Fallen)
    );
    g.start_turn(0);
    movement(&mut g, &[]);
    // SK-16.15.6-c: "Any attacks against a subdued foe are an automatic hit": 16 hits. In HTH
    // bare-handed: STR 10's HTH column 1d6−2; a 4 does 2.
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(16), &[4]]));
    assert_eq!(
        roll(&ev).result,
        fireteam_skirmish::autoresult::ToHit::Hit {
            mult: 1,
            automatic: true
        }
    );
    assert_eq!(damages(&ev)[0].taken, 2);
    assert_ne!(g.decider(), Some(g.id("Bay")), "Bay does not act");
}

#[test]
fn sk_16_15_7_a_disarm_knocks_the_weapon_to_the_ground() {
    // Unarmed Ash against Bay's knife: opposed eSTR, 10 against 12; Ash 6, Bay 10: the knife is
    // on the ground in their hex.
    let mut g = brawl(0);
    let ev = g.play("Ash tries to disarm Bay", &faces(&[&d3(6), &d3(10)]));
    let (what, _, _, won, rule) = contest(&ev);
    assert_eq!((what, won, rule), ("disarm", true, "SK-16.15.7-a"));
    assert_eq!(
        effects(&ev),
        [(
            g.id("Bay"),
            Effect::WeaponDropped { slot: 0 },
            "SK-16.15.7-b"
        )]
    );
}

#[test]
fn sk_16_15_7_b_the_disarmed_weapon_may_be_taken() {
    // "Success means the enemy has lost their weapon and its now your ready weapon or (your
    // option) on the ground": eSTR 10 + 0 against eSTR 12; Ash rolls 6 (margin 4), Bay 10
    // (margin 2). Ash takes the knife.
    let mut g = brawl(0);
    g.play(
        "Ash tries to disarm Bay and take his weapon",
        &faces(&[&d3(6), &d3(10)]),
    );
    assert!(g.log.iter().any(|e| matches!(
        e,
        Event::Exchanged { rule, .. } if rule.0 == "SK-16.15.7-b"
    )));
    let ash = g.fig("Ash");
    let knife = ash.weapons[usize::from(ash.ready.expect("a weapon in hand"))].unwrap();
    assert_eq!(
        g.s.rules.weapons[usize::from(knife.weapon)].name,
        "Fighting Knife"
    );
    assert_eq!(g.fig("Bay").ready, None);
}

#[test]
fn sk_16_1_d_g_39_brass_knuckles_are_a_club_outside_hth_and_the_brass_column_inside() {
    // STR 10: the One-Handed Club column 1d6 in regular combat (G-39 (3)); [4] = 4.
    let mut g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["brass-knuckles"],
            "str = 10, dex = 12, int = 10",
        ),
        unit("Bay", 1, (1, 2), N, &[], "str = 16, dex = 10, int = 10").stance("kneeling"),
    ]);
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[4]]));
    assert_eq!(damages(&ev)[0].expr, "1d6");
    // In HTH the Brass Knuckles column: 1d6−1; [4] − 1 = 3.
    g.finish_turn();
    g.reach_actions(0);
    g.play("Ash goes hand to hand with Bay", &[1]);
    g.finish_turn();
    g.start_turn(0);
    movement(&mut g, &[]);
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[4]]));
    let d = &damages(&ev)[0];
    assert_eq!((d.expr.as_str(), d.taken), ("1d6-1", 3));
}

#[test]
fn sk_16_1_b_c_improvised_weapons_do_damage_by_str() {
    // A two-handed improvised club at STR 14: the table's Two-handed Club column, 1d6+3 (the
    // Damage column's 1d6−1 plus 4); a rock thrown at STR 10: the Damage column, 1d6−3.
    let mut g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["improvised-club-two-handed"],
            "str = 14, dex = 12, int = 10",
        ),
        unit("Bay", 1, (1, 2), N, &[], "str = 16, dex = 10, int = 10"),
    ]);
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[1]]));
    let d = &damages(&ev)[0];
    assert_eq!((d.expr.as_str(), d.taken), ("1d6+3", 4));
    let mut g = at_range(
        &["rock"],
        "str = 10, dex = 12, int = 10, thrown_weapons = 1",
    );
    let ev = g.play("Ash throws the Rock at Bay", &faces(&[&d3(8), &[6]]));
    let r = roll(&ev);
    // SK-6.2.10-a +2, SK-13.5-b −3: 12 − 1 = 11.
    assert_eq!(r.target_number, 11);
    let d = &damages(&ev)[0];
    assert_eq!((d.expr.as_str(), d.taken), ("1d6-3", 3));
}

// =============================================================================================
// SK-16.15-a, SK-16.15.4-c/d: bare hands and Martial Arts.
// =============================================================================================

#[test]
fn sk_16_15_a_a_punch_is_the_damage_column_and_hth_the_hth_column() {
    // STR 14: Damage column 1d6−1 into the next hex; [5] − 1 = 4.
    let mut g = fight(&[
        unit("Ash", 0, (1, 1), S, &[], "str = 14, dex = 12, int = 10"),
        unit("Bay", 1, (1, 2), N, &[], "str = 16, dex = 10, int = 10").stance("kneeling"),
    ]);
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[5]]));
    let d = &damages(&ev)[0];
    assert_eq!((d.expr.as_str(), d.taken), ("1d6-1", 4));
    // In HTH: the HTH column, 1d6.
    g.finish_turn();
    g.reach_actions(0);
    g.play("Ash goes hand to hand with Bay", &[1]);
    g.finish_turn();
    g.start_turn(0);
    movement(&mut g, &[]);
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[5]]));
    assert_eq!(damages(&ev)[0].expr, "1d6");
}

#[test]
fn sk_16_15_4_c_d_martial_arts_two_and_three_add_damage_and_their_moves() {
    // STR 10's Damage column 1d6−3: Level 2 makes it 1d6−1, Level 3 1d6 (Level 4 stays +3).
    let punch = |ma: u8| {
        let mut g = fight(&[
            unit(
                "Ash",
                0,
                (1, 1),
                S,
                &[],
                &format!("str = 10, dex = 15, int = 10, martial_arts = {ma}"),
            ),
            unit("Bay", 1, (1, 2), N, &[], "str = 16, dex = 10, int = 10"),
        ]);
        let texts = g.texts();
        let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[4]]));
        (damages(&ev)[0].expr.clone(), texts)
    };
    let (two, texts) = punch(2);
    assert_eq!(two, "1d6-1");
    assert!(texts.contains(&"Ash knocks down Bay using DEX".to_string()));
    assert!(!texts.iter().any(|t| t.starts_with("Ash throws")));
    let (three, texts) = punch(3);
    assert_eq!(three, "1d6");
    assert!(texts.contains(&"Ash throws Bay using DEX".to_string()));
    assert_eq!(punch(4).0, "1d6");
}

#[test]
fn sk_16_15_4_d_level_three_defends_bare_handed_and_level_two_does_not() {
    let can = |ma: u8| {
        let mut g = game(
            &[],
            &open(3, 6),
            &[],
            &[
                unit(
                    "Ash",
                    0,
                    (1, 1),
                    S,
                    &[],
                    &format!("str = 10, dex = 15, int = 10, martial_arts = {ma}"),
                ),
                unit("Bay", 1, (1, 2), N, &[], SLOW),
            ],
        );
        g.start_turn(0);
        g.can("Ash stands facing S and defends")
    };
    assert!(can(3));
    assert!(!can(2));
}

// =============================================================================================
// SK-16.2-c, SK-13.4-a: reach.
// =============================================================================================

#[test]
fn sk_16_2_c_a_long_pole_arm_jabs_two_hexes_ahead_past_an_empty_hex() {
    // Spear at [1, 1] facing S; Bay two hexes straight ahead at [1, 3].
    let spear = || {
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["spear"],
            "str = 15, dex = 12, int = 10, polearms = 1",
        )
    };
    let g = fight(&[spear(), unit("Bay", 1, (1, 3), N, &[], SLOW)]);
    assert!(g.can("Ash attacks Bay"));
    // No damage bonus on a jab (SK-16.2-d): no blow with STR put in (a throw may have it).
    assert!(!g
        .texts()
        .iter()
        .any(|t| t.starts_with("Ash attacks Bay with")));
    assert!(g.can("Ash throws the Spear at Bay with +2 from STR"));
    // With Cal standing in [1, 2] between them, Bay cannot be jabbed.
    let g = fight(&[
        spear(),
        unit("Cal", 0, (1, 2), S, &[], SLOW),
        unit("Bay", 1, (1, 3), N, &[], SLOW),
    ]);
    assert!(!g.can("Ash attacks Bay"));
    // A Medium weapon reaches the next hex only (SK-13.4-a).
    let g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["saber"],
            "str = 10, dex = 12, int = 10, sword = 1",
        ),
        unit("Bay", 1, (1, 3), N, &[], SLOW),
    ]);
    assert!(!g.can("Ash attacks Bay"));
}

#[test]
fn sk_16_2_c_a_jab_to_the_side_of_the_cone() {
    // G-46: any hex two away in the front arc; [2, 3] is two hexes off, front-right of Ash.
    let g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["spear"],
            "str = 11, dex = 12, int = 10, polearms = 1",
        ),
        unit("Bay", 1, (2, 3), N, &[], SLOW),
    ]);
    assert_eq!(p(1, 1).distance(p(2, 3)), 2);
    assert!(g.can("Ash attacks Bay"));
}

// =============================================================================================
// SK-11.7.4-a/c: readying.
// =============================================================================================

#[test]
fn sk_11_7_4_a_ready_after_a_pace_at_most() {
    // Ash (Saber in hand, Hatchet carried) moves two hexes: he may ready; three: he may not.
    let ready_after = |to: &str| {
        let mut g = game(
            &[],
            &open(3, 8),
            &[],
            &[
                unit(
                    "Ash",
                    0,
                    (1, 0),
                    S,
                    &["saber", "hatchet"],
                    "str = 10, dex = 12, int = 10, sword = 1, axe = 1",
                ),
                unit("Bay", 1, (1, 7), N, &[], SLOW),
            ],
        );
        g.start_turn(0);
        movement(&mut g, &[("Ash", to, &[])]);
        g.can("Ash readies the Hatchet")
    };
    assert!(ready_after("Ash moves to 1,2 facing S"));
    assert!(!ready_after("Ash moves to 1,3 facing S"));
}

#[test]
fn sk_11_7_4_c_a_prone_figure_rolls_3d6_against_dex_to_ready() {
    // Prone, DEX 12: 13 fails, the Hatchet stays on his belt; 12 succeeds.
    let prone = || {
        fight(&[
            unit(
                "Ash",
                0,
                (1, 0),
                S,
                &["saber", "hatchet"],
                "str = 10, dex = 12, int = 10, sword = 1, axe = 1",
            )
            .stance("prone"),
            unit("Bay", 1, (1, 5), N, &[], SLOW),
        ])
    };
    let mut g = prone();
    let ev = g.play("Ash readies the Hatchet", &d3(13));
    let ash = g.id("Ash");
    assert_eq!(
        checks(&ev),
        [(ash, "ready", 3, 13, 12, false, "SK-11.7.4-c")]
    );
    assert_eq!(g.fig("Ash").ready, Some(0));
    let mut g = prone();
    g.play("Ash readies the Hatchet", &d3(12));
    assert_eq!(g.fig("Ash").ready, Some(1));
}

// =============================================================================================
// SK-16.15.3-f: a miss in a brawl may hit another brawler.
// =============================================================================================

/// Ash and Cal (side A) in hand to hand with Bay in [1, 2] since turn 1 (Bay knelt; die 1; Cal
/// joined); Dan (side B, blade, DEX 9) outside at [1, 3] facing the brawl; turn 2's action
/// phase.
fn three_way() -> Game {
    let mut g = fight(&[
        unit("Ash", 0, (1, 1), S, &[], "str = 12, dex = 12, int = 10"),
        unit("Cal", 0, (2, 2), NW, &[], "str = 12, dex = 11, int = 10"),
        unit("Bay", 1, (1, 2), N, &[], "str = 12, dex = 10, int = 10").stance("kneeling"),
        unit(
            "Dan",
            1,
            (1, 3),
            N,
            &["duel-blade"],
            "str = 12, dex = 9, int = 10, sword = 1",
        ),
    ]);
    g.play("Ash goes hand to hand with Bay", &[1]);
    g.act("Cal goes hand to hand with Bay");
    g.finish_turn();
    g.start_turn(0);
    movement(&mut g, &[]);
    g
}

#[test]
fn sk_16_15_3_f_a_brawler_who_misses_rolls_to_avoid_the_others() {
    // Bay swings at Ash and misses (16); he rolls to avoid Cal, 3d6 against his eDEX 10: 12
    // fails, and Cal takes the blow: STR 12's HTH column 1d6−1, [4] − 1 = 3.
    let mut g = three_way();
    until(&mut g, "Bay");
    let ev = g.play("Bay attacks Ash", &faces(&[&d3(16), &d3(12), &[4]]));
    let rs = rolls(&ev);
    assert_eq!(rs.len(), 2);
    let cal = g.id("Cal");
    assert!(rs[1].avoid);
    assert_eq!(
        (rs[1].target, rs[1].rule, rs[1].target_number, rs[1].total),
        (cal, "SK-16.15.3-f", 10, 12)
    );
    let d = &damages(&ev)[0];
    assert_eq!((d.target, d.expr.as_str(), d.taken), (cal, "1d6-1", 3));
}

#[test]
fn sk_16_15_3_f_a_hit_rolls_nothing_more() {
    let mut g = three_way();
    until(&mut g, "Bay");
    let ev = g.play("Bay attacks Ash", &faces(&[&d3(10), &[4]]));
    assert_eq!(rolls(&ev).len(), 1);
}

#[test]
fn sk_16_15_3_f_an_outsider_who_misses_rolls_to_avoid_everyone_else_in_the_brawl() {
    // Dan strikes into the brawl at Ash (+4, SK-16.15.3-e) and misses (16). The other members
    // are rolled to avoid in a random order (SK-13.8-c): a 1 on 1d6 picks Cal, the first of
    // the two left. He rolls to avoid Cal (9 against his eDEX 9: missed him) and then Bay, his
    // own side (13: hit): the blade's 2d6 [1, 2] = 3 on Bay.
    let mut g = three_way();
    until(&mut g, "Dan");
    let ev = g.play(
        "Dan attacks Ash",
        &faces(&[&d3(16), &[1], &d3(9), &d3(13), &[1, 2]]),
    );
    let rs = rolls(&ev);
    let (cal, bay) = (g.id("Cal"), g.id("Bay"));
    assert_eq!(
        rs.iter().map(|r| (r.target, r.avoid)).collect::<Vec<_>>(),
        [(g.id("Ash"), false), (cal, true), (bay, true)]
    );
    let d = &damages(&ev)[0];
    assert_eq!((d.target, d.taken), (bay, 3));
}

#[test]
fn sk_13_3_a_picking_up_a_two_handed_weapon_slings_the_shield_in_hand() {
    // Ash drops the Fire Axe on a 17 (SK-12.1-d); next turn he takes his shield in hand; the
    // turn after, picking the axe up slings the shield again.
    let mut g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["fire-axe", "large-shield"],
            "str = 12, dex = 12, int = 10, axe = 1",
        ),
        unit("Bay", 1, (1, 2), N, &[], "str = 16, dex = 10, int = 10"),
    ]);
    g.play("Ash attacks Bay", &d3(17));
    assert_eq!(g.fig("Ash").ready, None);
    g.finish_turn();
    g.reach_actions(0);
    g.act("Ash readies his shield");
    assert_eq!(g.fig("Ash").shield_at, ShieldAt::Hand);
    g.finish_turn();
    g.reach_actions(0);
    g.act("Ash picks up his weapon");
    assert_eq!(
        (g.fig("Ash").ready, g.fig("Ash").shield_at),
        (Some(0), ShieldAt::Back)
    );
}

// =============================================================================================
// SK-16.5-c: the staff's trip.
// =============================================================================================

#[test]
fn sk_16_5_c_the_trip_save_is_on_str_not_wounded_str() {
    // "the defender must make a 3d6/STR saving throw": the book writes eSTR where it means it
    // (SK-16.9-a "4d6/eSTR"), so this is STR. Cal (DEX 14) first cuts Bay (STR 12) for 2d6
    // [2, 2] = 4: eSTR 8. Ash's trip hits (12 − 4 = 8; an 8); Bay rolls 10: under STR 12, he
    // stays up.
    let mut g = fight(&[
        unit(
            "Ash",
            0,
            (1, 1),
            S,
            &["quarterstaff"],
            "str = 11, dex = 12, int = 10, staff = 1",
        ),
        unit(
            "Cal",
            0,
            (2, 3),
            NW,
            &["duel-blade"],
            "str = 10, dex = 14, int = 10, sword = 1",
        ),
        unit("Bay", 1, (1, 2), N, &[], "str = 12, dex = 10, int = 10"),
    ]);
    g.play("Cal attacks Bay", &faces(&[&d3(10), &[2, 2]]));
    assert_eq!(g.fig("Bay").est(), 8);
    let ev = g.play("Ash tries to trip Bay", &faces(&[&d3(8), &d3(10)]));
    let bay = g.id("Bay");
    assert_eq!(
        checks(&ev),
        [(bay, "stay-standing", 3, 10, 12, true, "SK-16.5-c")]
    );
    assert_eq!(g.fig("Bay").posture, Posture::Standing);
}

#[test]
fn sk_11_7_4_c_sk_11_9_2_a_the_ready_roll_is_against_dex_not_edex() {
    // "A prone figure must roll 3 dice against DEX": the book writes eDEX where it means it
    // (SK-12.2-b's 3d6/eDEX). In leather (−1 DEX, eDEX 11) Ash's 12 still readies: DEX 12.
    let mut g = fight(&[
        unit(
            "Ash",
            0,
            (1, 0),
            S,
            &["saber", "hatchet", "leather"],
            "str = 10, dex = 12, int = 10, sword = 1, axe = 1",
        )
        .stance("prone"),
        unit("Bay", 1, (1, 5), N, &[], SLOW),
    ]);
    let ev = g.play("Ash readies the Hatchet", &d3(12));
    let ash = g.id("Ash");
    assert_eq!(
        checks(&ev),
        [(ash, "ready", 3, 12, 12, true, "SK-11.7.4-c")]
    );
    assert_eq!(g.fig("Ash").ready, Some(1));
}

// =============================================================================================
// SK-13.1-b, SK-13.3-a: random play with every kind of hand never holds more than two hands can.
// =============================================================================================

/// Six figures with a second weapon, shields, a two-handed axe, a spear, a bayonet, brass
/// knuckles and a Martial Artist, close together.
fn hands_melee() -> Game {
    game(
        &[],
        &open(6, 6),
        &[],
        &[
            unit(
                "Ash",
                0,
                (1, 1),
                S,
                &["saber", "fighting-knife", "large-shield"],
                "str = 12, dex = 13, int = 10, sword = 1, two_weapon_fighting = 1",
            ),
            unit(
                "Cal",
                0,
                (2, 1),
                S,
                &["fire-axe", "tower-shield", "hatchet"],
                "str = 14, dex = 12, int = 10, axe = 1",
            ),
            unit(
                "Eve",
                0,
                (3, 1),
                S,
                &["rifle", "fighting-knife"],
                "str = 11, dex = 12, int = 10, shoulderarms = 1, bayonet = 1, knife = 1",
            ),
            unit(
                "Bay",
                1,
                (1, 3),
                N,
                &["spear", "brass-knuckles"],
                "str = 14, dex = 12, int = 10, polearms = 1",
            ),
            unit(
                "Dan",
                1,
                (2, 3),
                N,
                &["plasma-sword", "utility-knife"],
                "str = 12, dex = 13, int = 10, sword = 1, off_hand = 1",
            ),
            unit(
                "Fay",
                1,
                (3, 3),
                N,
                &[],
                "str = 11, dex = 15, int = 10, martial_arts = 4",
            ),
        ],
    )
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

    /// Random legal play: every action's text is distinct and reads back as itself, and the
    /// state's invariants (two hands at most among them) hold after every action.
    #[test]
    fn sk_13_1_b_random_melee_play_keeps_the_hands_whole(seed in 0u64..1_000_000) {
        use fireteam_dice::{DiceSource, SeededSource};
        use fireteam_engine::RuleSystem;
        use fireteam_skirmish::Skirmish;
        let mut g = hands_melee();
        let mut dice = SeededSource::new(seed);
        let mut pick = seed;
        for step in 0..160u64 {
            let legal = g.legal();
            if legal.is_empty() {
                break;
            }
            let texts = g.texts();
            let mut sorted = texts.clone();
            sorted.sort();
            sorted.dedup();
            proptest::prop_assert_eq!(sorted.len(), texts.len(), "duplicate texts: {:?}", texts);
            pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let k = ((pick >> 33) % legal.len() as u64) as usize;
            let a = legal[k];
            proptest::prop_assert_eq!(Skirmish.parse_action(&g.s, &texts[k]).ok(), Some(a));
            dice.begin_scope(step);
            let mut out = Vec::new();
            Skirmish
                .resolve(&g.s, &a, &mut dice, &mut out)
                .map_err(|e| proptest::test_runner::TestCaseError::fail(format!("{}: {e}", texts[k])))?;
            for e in &out {
                Skirmish.apply(&mut g.s, e);
            }
            if let Err(e) = Skirmish.invariants(&g.s) {
                return Err(proptest::test_runner::TestCaseError::fail(format!("after '{}': {e}", texts[k])));
            }
        }
    }
}

// =============================================================================================
// SK-6.1.7-a, SK-14.1-g: the Shield skill is "the ability to hold a shield in one hand while
// fighting with a weapon in another". Without it, a figure with a shield in hand makes no attack
// with a weapon (blow, shot, throw); the shield still protects, and he may punch, slam or go
// hand to hand. Slinging the shield (a Ready, SK-11.7.4-a) frees him to fight.
// =============================================================================================

/// Ash (side A) at [1, 1] facing S with `gear` and `stats`; Bay (a blade) at [1, 2] facing N;
/// Ash acts first.
fn shield_bearer(gear: &[&str], stats: &str) -> Game {
    fight(&[
        unit("Ash", 0, (1, 1), S, gear, stats),
        blade("Bay", 1, (1, 2), N),
    ])
}

#[test]
fn sk_6_1_7_a_sk_14_1_g_without_the_shield_skill_no_blow_with_the_shield_in_hand() {
    let mut g = shield_bearer(&["saber", "large-shield"], FIGHTER);
    assert_eq!(g.fig("Ash").shield_at, ShieldAt::Hand);
    let texts = g.texts();
    assert!(
        !texts.iter().any(|t| t.starts_with("Ash attacks")),
        "{texts:?}"
    );
    // A slam leads with the shield (SK-16.14-a): no weapon in it.
    assert!(g.can("Ash slams Bay"), "{texts:?}");
    assert!(g.can("Ash goes hand to hand with Bay"), "{texts:?}");
    // He slings it (a Ready, SK-11.7.4-a): on his back it covers the rear only (SK-14.1-c), so
    // Bay's blow from the front, 2d6 [3, 4] = 7, meets no shield.
    let ash = g.id("Ash");
    let ev = g.act("Ash slings his shield");
    assert!(ev.contains(&Event::Hands {
        fig: ash,
        off_hand: None,
        shield_at: ShieldAt::Back,
        rule: fireteam_engine::RuleId("SK-6.1.7-a"),
    }));
    let ev = g.play("Bay attacks Ash", &faces(&[&d3(10), &[3, 4]]));
    assert_eq!((damages(&ev)[0].armor, damages(&ev)[0].taken), (0, 7));
    // Next turn he fights with the saber (Bay, unhurt, acts first: Ash took 5 or more, −2 to
    // his ordering eDEX, SK-12.4-d).
    g.finish_turn();
    g.reach_actions(0);
    g.act("Bay does nothing");
    assert!(g.can("Ash attacks Bay"), "{:?}", g.texts());
}

#[test]
fn sk_6_1_7_a_with_the_shield_skill_he_fights_with_the_shield_in_hand() {
    let g = shield_bearer(
        &["saber", "large-shield"],
        "str = 10, dex = 12, int = 10, sword = 1, shield = 1",
    );
    assert!(g.can("Ash attacks Bay"));
    assert!(!g.can("Ash slings his shield"));
}

#[test]
fn sk_6_1_7_a_without_the_skill_no_shot_either_but_bare_hands_are_no_weapon() {
    // A pistol with the shield in hand: no shot (the skill is for fighting with any weapon).
    let mut g = at_range(
        &["pistol", "large-shield"],
        "str = 10, dex = 12, int = 10, sidearms = 1",
    );
    assert_eq!(g.fig("Ash").shield_at, ShieldAt::Hand);
    assert!(!g.can("Ash shoots Bay"), "{:?}", g.texts());
    g.act("Ash slings his shield");
    g.finish_turn();
    g.reach_actions(0);
    assert!(g.can("Ash shoots Bay"), "{:?}", g.texts());
    // Empty-handed with the shield in hand, a punch is no weapon: he may throw it.
    let g = shield_bearer(&["large-shield"], "str = 10, dex = 12, int = 10");
    assert_eq!(g.fig("Ash").shield_at, ShieldAt::Hand);
    assert!(g.can("Ash attacks Bay"), "{:?}", g.texts());
}

#[test]
fn sk_14_1_d_a_parrying_dagger_is_no_shield_and_needs_no_shield_skill() {
    let g = shield_bearer(&["saber", "dagger"], FIGHTER);
    assert_eq!(g.fig("Ash").shield_at, ShieldAt::Hand);
    assert!(g.can("Ash attacks Bay"));
    assert!(!g.can("Ash slings his shield"));
}
