//! The sheet's rules played through the engine with forced dice, each number checked against a
//! hand calculation. Characters and weapons are the INVENTED data of GAPS.md Part D.

mod common;

use common::*;
use fireteam_tactical_3d6::event::Event;
use fireteam_tactical_3d6::Options;

fn wounds(events: &[Event]) -> Vec<&fireteam_tactical_3d6::event::Wound> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Wounded(w) => Some(w),
            _ => None,
        })
        .collect()
}

#[test]
fn a_rifle_shot_through_a_failed_dodge_t3_checklist_01_t3_damage_01_t3_shock_02() {
    let mut s = battle(
        vec![alice(), boris()],
        &[(1, 1), (2, 1)],
        Options::default(),
        8,
        4,
    );
    play(&mut s, "order", &[]);
    // Alice: Guns (Rifle) 14 at close range, torso: 14. Rolls 10: made by 4, one hit.
    let e = play(
        &mut s,
        "attack Alice -> Boris with test-rifle at torso shots 1",
        &[3, 4, 3],
    );
    let c = checks(&e);
    assert_eq!(
        (c[0].value, c[0].total, c[0].margin, c[0].success),
        (14, 10, 4, true)
    );
    // Boris: Dodge floor(5.75) + 3 = 8, +2 for the shield (T3-DEFENSE-05). Rolls 18.
    // 7d = 21, DR 4 (jacket): 17 injury (pi ×1). Shock: HP 24 > 20, so 17 / 2.4 = 7, capped
    // at 4. Knockdown: 17 > 12, HT 12 + 3 (High Pain Threshold) = 15; rolls 6.
    let e = play(
        &mut s,
        "dodge Boris",
        &[6, 6, 6, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2],
    );
    let c = checks(&e);
    assert_eq!((c[0].what, c[0].value, c[0].success), ("dodge", 10, false));
    let w = wounds(&e);
    assert_eq!(
        (w[0].rolled, w[0].dr, w[0].penetrating, w[0].injury),
        (21, 4, 17, 17)
    );
    assert_eq!(s.fighter(1).hp, 7);
    // Boris's turn has begun: the shock is in force for it (T3-SHOCK-01).
    assert_eq!(s.fighter(1).shock, 4);
    assert_eq!(
        (c[1].what, c[1].value, c[1].success),
        ("HT (knockdown)", 15, true)
    );
}

/// Alice with the rifle 3 yards from Boris (sword and shield), Alice's turn.
fn rifle_at_three() -> fireteam_tactical_3d6::State {
    let mut s = battle(
        vec![alice(), boris()],
        &[(1, 1), (4, 1)],
        Options::default(),
        10,
        4,
    );
    play(&mut s, "order", &[]);
    s
}

#[test]
fn autofire_scores_a_hit_per_full_rcl_and_four_hits_use_average_damage_t3_autofire_01_02_03() {
    let mut s = rifle_at_three();
    // 9 shots: +2 (T3-TAB-AUTOFIRE) → 16. Rolls 6: made by 10, so 1 + 10/2 = 6 hits.
    let e = play(
        &mut s,
        "attack Alice -> Boris with test-rifle at torso shots 9",
        &[2, 2, 2],
    );
    let c = checks(&e);
    assert_eq!((c[0].value, c[0].margin), (16, 10));
    let hits = e.iter().find_map(|e| match e {
        Event::AttackRolled { hits, .. } => Some(*hits),
        _ => None,
    });
    assert_eq!(hits, Some(6));
    // Boris dodges at 10, rolls 8: made by 2, which stops 1 + 2/2 = 2 hits (T3-G17).
    // Four hits remain: average damage, floor(3.5 × 7) = 24 each (T3-G18), through DR 4.
    let e = play(&mut s, "dodge Boris", &[2, 3, 3, 2, 2, 2, 3, 3, 3, 3, 3, 3]);
    let stopped = e.iter().find_map(|e| match e {
        Event::HitsStopped { stopped, left, .. } => Some((*stopped, *left)),
        _ => None,
    });
    assert_eq!(stopped, Some((2, 4)));
    let w = wounds(&e);
    assert_eq!(w.len(), 4);
    assert!(w
        .iter()
        .all(|w| w.rolled == 24 && w.faces.is_empty() && w.injury == 20));
    // 24 − 80 = −56 HP: death checks at −24 and −48 (T3-HP-03), each HT 12 (rolls 6 and 9),
    // then a knockdown roll (80 > 12) at HT 12 + 3 = 15 (rolls 9).
    assert_eq!(s.fighter(1).hp, 24 - 80);
    let c = checks(&e);
    let whats: Vec<&str> = c.iter().map(|c| c.what).collect();
    assert_eq!(
        whats,
        ["dodge", "HT (death)", "HT (death)", "HT (knockdown)"]
    );
    assert!(s.fighter(1).conscious && !s.fighter(1).dead);
}

fn modifier(c: &fireteam_tactical_3d6::event::Check, id: &str) -> Option<i32> {
    c.modifiers
        .iter()
        .find(|m| m.id == id && m.applied)
        .map(|m| m.value)
}

#[test]
fn aim_builds_acc_then_one_a_second_and_the_scope_after_its_seconds_t3_aim_01_02_03() {
    let mut s = rifle_at_three();
    // Rifle Acc 4+2 (scope 2): after 1 s +4; after 2 s +4 +1 +2 (the scope's 2 seconds);
    // after 3 s +4 +2 +2 = 8 (T3-G14). Boris waits each second.
    for _ in 0..3 {
        play(&mut s, "aim Alice -> Boris", &[]);
        play(&mut s, "nothing Boris", &[]);
    }
    assert_eq!(s.fighter(0).aim.map(|a| a.2), Some(3));
    let e = play(
        &mut s,
        "attack Alice -> Boris with test-rifle at torso shots 1",
        &[5, 5, 5],
    );
    let c = checks(&e);
    assert_eq!(modifier(c[0], "aim"), Some(8));
    assert_eq!(c[0].value, 14 + 8);
    assert_eq!(s.fighter(0).aim, None, "the attack spends the aim");
}

#[test]
fn an_active_defense_loses_the_aim_but_not_an_evaluate_t3_aim_05_t3_maneuver_06_t3_g44() {
    let mut s = battle(
        vec![alice(), boris()],
        &[(1, 1), (4, 1)],
        Options::default(),
        10,
        4,
    );
    play(&mut s, "order", &[]);
    play(&mut s, "aim Alice -> Boris", &[]);
    assert!(s.fighter(0).aim.is_some());
    // Boris closes in: Move to (2,1), next to Alice.
    play(&mut s, "move Boris to 2,1", &[]);
    play(&mut s, "evaluate Alice -> Boris", &[]);
    assert_eq!(
        s.fighter(0).aim,
        None,
        "another maneuver drops the aim (T3-G14)"
    );
    assert_eq!(s.fighter(0).evaluate, Some((1, 1)));
    // Boris attacks; Alice dodges (and keeps her Evaluate).
    play(
        &mut s,
        "attack Boris -> Alice with test-sword at torso",
        &[3, 3, 3],
    );
    play(&mut s, "dodge Alice", &[2, 2, 2]);
    assert_eq!(s.fighter(0).evaluate, Some((1, 1)));
}

/// T3-TEST-CARL (DX 10, HT 10, HP 10, Basic Speed 5, male) with a knife at 12, next to Boris.
fn melee() -> fireteam_tactical_3d6::State {
    let carl = fireteam_tactical_3d6::state::Character {
        dx: 10,
        iq: 10,
        ht: 10,
        will: 10,
        speed_q: 20,
        male: true,
        weapons: vec![(3, 12)],
        skills: vec![("knife".into(), 12), ("boxing".into(), 12)],
        ..character("Carl", 0)
    };
    let mut s = battle(
        vec![carl, boris()],
        &[(1, 1), (2, 1)],
        Options::default(),
        8,
        4,
    );
    play(&mut s, "order", &[]);
    s
}

fn defense_values(s: &fireteam_tactical_3d6::State) -> Vec<(String, i32)> {
    use fireteam_engine::RuleSystem;
    let r = fireteam_tactical_3d6::Tactical3d6;
    let fireteam_tactical_3d6::state::Phase::Defend(p) = &s.phase else {
        panic!("no defense awaited: {:?}", s.phase)
    };
    let mut legal = vec![];
    r.legal_actions(s, &mut legal);
    legal
        .iter()
        .filter_map(|a| match a {
            fireteam_tactical_3d6::Action::Defend { defense, .. } => {
                let (base, mods, _) = fireteam_tactical_3d6::combat::defense_value(s, p, *defense);
                Some((
                    r.action_text(s, a),
                    base + fireteam_engine::Modifier::total(&mods),
                ))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn melee_defenses_dodge_parry_block_and_retreat_t3_defense_02_03_04_05_08() {
    let mut s = melee();
    // Boris (Broadsword 14) attacks Carl, torso: 14, rolls 9.
    play(
        &mut s,
        "attack Boris -> Carl with test-sword at torso",
        &[3, 3, 3],
    );
    // Carl: Dodge 5 + 3 = 8 (+3 retreating); Parry with the knife 12/2 + 3 = 9 (+1
    // retreating); no shield, so no Block (T3-DEFENSE-02..04, T3-DEFENSE-08).
    let v = defense_values(&s);
    let get = |t: &str| v.iter().find(|(a, _)| a == t).map(|x| x.1);
    assert_eq!(get("no-defense Carl"), Some(0));
    assert_eq!(get("dodge Carl"), Some(8));
    assert_eq!(get("dodge Carl retreat"), Some(11));
    assert_eq!(get("parry Carl with test-knife"), Some(9));
    assert_eq!(get("parry Carl with test-knife retreat"), Some(10));
    assert_eq!(get("block Carl"), None);
    // Against bullets only Dodge (T3-G30): no parry offered to a rifle (see the rifle tests).
}

#[test]
fn each_earlier_parry_costs_four_and_a_retreat_is_once_a_turn_t3_defense_03_t3_g31() {
    let mut s = melee();
    // Boris attacks with All-Out Attack (double): two attacks (T3-G08). Carl parries the
    // first (9, rolls 6).
    play(
        &mut s,
        "aoa double Boris -> Carl with test-sword at torso",
        &[3, 3, 3],
    );
    play(&mut s, "parry Carl with test-knife", &[2, 2, 2, 3, 3, 3]);
    // The second: a parry is now 9 − 4 (T3-DEFENSE-03); the retreat is still open.
    let v = defense_values(&s);
    let get = |t: &str| v.iter().find(|(a, _)| a == t).map(|x| x.1);
    assert_eq!(get("parry Carl with test-knife"), Some(9 - 4));
    assert_eq!(get("parry Carl with test-knife retreat"), Some(9 - 4 + 1));
}

#[test]
fn a_retreat_takes_the_defender_out_of_reach_of_the_second_strike_t3_defense_08() {
    let mut s = melee();
    play(
        &mut s,
        "aoa double Boris -> Carl with test-sword at torso",
        &[3, 3, 3],
    );
    let e = play(&mut s, "parry Carl with test-knife retreat", &[2, 2, 2]);
    assert!(e.iter().any(|e| matches!(e, Event::Retreated { .. })));
    assert!(e.iter().any(|e| matches!(e, Event::StrikeLost { .. })));
    let d = fireteam_tactical_3d6::state::distance(s.fighter(0).at, s.fighter(1).at);
    assert_eq!(d, 2);
}

#[test]
fn a_feint_takes_its_margin_off_the_defenses_for_a_second_t3_maneuver_08_t3_g07() {
    let mut s = melee();
    // Boris: Broadsword 14, rolls 9 (made by 5). Carl resists with his best of knife 12, DX
    // 10: rolls 12 (made by 0). Both made it: 5 − 0 = 5.
    let e = play(&mut s, "feint Boris -> Carl", &[3, 3, 3, 4, 4, 4]);
    assert!(e
        .iter()
        .any(|e| matches!(e, Event::Feinted { penalty: 5, .. })));
    play(&mut s, "nothing Carl", &[]);
    play(
        &mut s,
        "attack Boris -> Carl with test-sword at torso",
        &[3, 3, 3],
    );
    let v = defense_values(&s);
    let get = |t: &str| v.iter().find(|(a, _)| a == t).map(|x| x.1);
    assert_eq!(get("dodge Carl"), Some(8 - 5));
    assert_eq!(get("parry Carl with test-knife"), Some(9 - 5));
    play(&mut s, "no-defense Carl", &[1, 1]);
    // The feint lapses at the end of Boris's next turn.
    assert_eq!(s.fighter(0).feinted, None);
}

#[test]
fn all_out_attack_gives_plus_four_and_no_defense_until_the_next_turn_t3_maneuver_10() {
    let mut s = melee();
    let e = play(
        &mut s,
        "aoa +4 Boris -> Carl with test-sword at torso",
        &[6, 6, 5],
    );
    assert_eq!(checks(&e)[0].value, 18);
    // Carl stabs back: Boris may not defend, so no question is asked and the damage is rolled
    // at once: 1d-1 imp, 6 − 1 = 5, DR 4 (jacket), 1 × 2 (imp) = 2.
    let e = play(
        &mut s,
        "attack Carl -> Boris with test-knife at torso",
        &[3, 3, 3, 6],
    );
    assert!(!e.iter().any(|e| matches!(e, Event::DefenseAwaited(_))));
    let w = wounds(&e);
    assert_eq!((w[0].damage, w[0].dr, w[0].injury), (5, 4, 2));
    assert_eq!(s.fighter(1).hp, 22);
}

#[test]
fn all_out_defense_adds_two_or_allows_a_second_defense_t3_maneuver_14_t3_g10() {
    let mut s = melee();
    play(&mut s, "nothing Boris", &[]);
    play(&mut s, "aod Carl double", &[]);
    play(
        &mut s,
        "attack Boris -> Carl with test-sword at torso",
        &[3, 3, 3],
    );
    // The dodge fails (8, rolls 12); a second, different defense is asked: the parry.
    play(&mut s, "dodge Carl", &[4, 4, 4]);
    let v = defense_values(&s);
    assert!(v.iter().all(|(a, _)| !a.starts_with("dodge")), "{v:?}");
    assert!(v.iter().any(|(a, _)| a == "parry Carl with test-knife"));

    let mut s = melee();
    play(&mut s, "nothing Boris", &[]);
    play(&mut s, "aod Carl dodge", &[]);
    play(
        &mut s,
        "attack Boris -> Carl with test-sword at torso",
        &[3, 3, 3],
    );
    let v = defense_values(&s);
    let get = |t: &str| v.iter().find(|(a, _)| a == t).map(|x| x.1);
    assert_eq!(get("dodge Carl"), Some(8 + 2));
    assert_eq!(get("parry Carl with test-knife"), Some(9));
}

#[test]
fn move_and_attack_in_melee_is_at_the_worse_of_minus_four_and_nine_t3_maneuver_13() {
    let mut s = battle(
        vec![boris(), melee_carl()],
        &[(1, 1), (5, 1)],
        Options::default(),
        8,
        4,
    );
    play(&mut s, "order", &[]);
    play(&mut s, "move-attack Boris to 4,1", &[]);
    let e = play(
        &mut s,
        "attack Boris -> Carl with test-sword at torso",
        &[3, 3, 3],
    );
    // Broadsword 14: min(14 − 4, 9) = 9.
    assert_eq!(checks(&e)[0].value, 9);
    play(&mut s, "no-defense Carl", &[1, 1]);
    // Carl attacks Boris, who moved and attacked: Dodge or Block only, no retreat
    // (T3-MANEUVER-12). (Carl is at −4 from the shock of his 4 injury: 8, rolls 6.)
    play(
        &mut s,
        "attack Carl -> Boris with test-knife at torso",
        &[2, 2, 2],
    );
    let v = defense_values(&s);
    let names: Vec<&str> = v.iter().map(|(a, _)| a.as_str()).collect();
    assert_eq!(
        names,
        [
            "no-defense Boris",
            "dodge Boris",
            "dodge Boris acrobatic",
            "block Boris"
        ]
    );
}

fn melee_carl() -> fireteam_tactical_3d6::state::Character {
    fireteam_tactical_3d6::state::Character {
        dx: 10,
        iq: 10,
        ht: 10,
        will: 10,
        speed_q: 20,
        male: true,
        weapons: vec![(3, 12)],
        skills: vec![("knife".into(), 12), ("boxing".into(), 12)],
        ..character("Carl", 0)
    }
}

#[test]
fn a_deceptive_attack_trades_two_to_hit_for_one_to_defend_t3_deceptive_01() {
    let mut s = melee();
    let e = play(
        &mut s,
        "attack Boris -> Carl with test-sword at torso deceptive 1",
        &[3, 3, 3],
    );
    assert_eq!(checks(&e)[0].value, 12);
    let v = defense_values(&s);
    let get = |t: &str| v.iter().find(|(a, _)| a == t).map(|x| x.1);
    assert_eq!(get("dodge Carl"), Some(7));
}

#[test]
fn a_miss_by_one_at_the_skull_hits_the_torso_t3_hitloc_02_05() {
    let mut s = melee();
    // Skull −7: 14 − 7 = 7; rolls 8, missing by one: the torso is hit instead.
    let e = play(
        &mut s,
        "attack Boris -> Carl with test-sword at skull",
        &[2, 3, 3],
    );
    assert!(e.iter().any(|e| matches!(
        e,
        Event::AttackRolled {
            torso_instead: true,
            hits: 1,
            ..
        }
    )));
    let fireteam_tactical_3d6::state::Phase::Defend(p) = &s.phase else {
        panic!()
    };
    assert_eq!(
        p.strike.location,
        fireteam_tactical_3d6::data::Location::Torso
    );
}

#[test]
fn a_limb_cripples_over_half_hp_and_excess_injury_is_ignored_t3_cripple_01_02_05() {
    let mut s = melee();
    // Right arm −2: 12, rolls 9. No defense. 2d+1 = 13 cut, ×1.5 = 19. Carl HP 10: over 5
    // cripples; the minimum is 6, so 13 is ignored; 19 > 2 × 6, so the arm is destroyed.
    // The knockdown roll (crippled, and 6 > 5): HT 10, rolls 10.
    play(
        &mut s,
        "attack Boris -> Carl with test-sword at right-arm",
        &[3, 3, 3],
    );
    let e = play(&mut s, "no-defense Carl", &[6, 6, 3, 3, 4]);
    let w = wounds(&e);
    assert_eq!(
        (w[0].damage, w[0].multiplier, w[0].injury, w[0].ignored),
        (13, 3, 6, 13)
    );
    assert!(e.iter().any(|e| matches!(
        e,
        Event::Crippled {
            destroyed: true,
            ..
        }
    )));
    assert_eq!(s.fighter(0).hp, 4);
    // The useless arm drops the knife (T3-CRIPPLE-03).
    assert_eq!(s.fighter(0).ready_slot(), None);
}

#[test]
fn a_failed_knockdown_roll_fells_and_stuns_and_ht_ends_the_stun_t3_knockdown_03_t3_stun_01() {
    let mut s = melee();
    // Torso: 2d+1 = 12 cut ×1.5 = 18 → Carl at −8. Knockdown HT 10 rolls 14: fails by 4:
    // prone, stunned, the knife dropped (by 5 or more he would be unconscious).
    play(
        &mut s,
        "attack Boris -> Carl with test-sword at torso",
        &[3, 3, 3],
    );
    let e = play(&mut s, "no-defense Carl", &[5, 6, 4, 5, 5]);
    assert!(e.iter().any(|e| matches!(
        e,
        Event::KnockedDown {
            unconscious: false,
            ..
        }
    )));
    let c = s.fighter(0);
    assert!(c.stunned && c.posture == fireteam_tactical_3d6::tables::Posture::Prone);
    assert_eq!(c.ready_slot(), None);
    // Stunned, Carl can only Do Nothing (and so needs no consciousness roll at −8 HP,
    // T3-HP-02); its HT roll at the end (T3-G33) is made: the stun ends.
    {
        use fireteam_engine::RuleSystem;
        let mut legal = vec![];
        fireteam_tactical_3d6::Tactical3d6.legal_actions(&s, &mut legal);
        assert_eq!(legal.len(), 1);
    }
    let e = play(&mut s, "nothing Carl", &[3, 3, 3]);
    assert!(e.iter().any(|e| matches!(e, Event::Recovered { .. })));
    assert!(!s.fighter(0).stunned);
}

#[test]
fn below_zero_hp_anything_but_do_nothing_needs_an_ht_roll_t3_hp_02() {
    let mut s = melee();
    s.fighters[0].hp = -11;
    play(&mut s, "nothing Boris", &[]);
    // −11 is one full multiple of HP 10 below zero: HT 10 − 1 = 9; rolls 10: unconscious.
    let e = play(&mut s, "posture Carl kneeling", &[4, 3, 3]);
    let c = checks(&e);
    assert_eq!(
        (c[0].what, c[0].value, c[0].success),
        ("HT (consciousness)", 9, false)
    );
    assert!(!s.fighter(0).conscious);
    assert!(matches!(s.phase, fireteam_tactical_3d6::state::Phase::Over));
}

/// Alice with `slot` weapons of her own at `a`, Boris at `b`, on an open 12×5 field.
fn alice_with(
    weapons: Vec<(usize, i32)>,
    a: (i16, i16),
    b: (i16, i16),
    o: Options,
) -> fireteam_tactical_3d6::State {
    let mut al = alice();
    al.weapons = weapons;
    let mut s = battle(vec![al, boris()], &[a, b], o, 12, 5);
    play(&mut s, "order", &[]);
    s
}

#[test]
fn a_shotgun_at_close_range_multiplies_damage_and_dr_by_four_t3_shotgun_01() {
    let mut s = alice_with(vec![(4, 12)], (1, 1), (4, 1), Options::default());
    // Close range (3 yd): 12, rolls 9. Boris dodges and fails.
    play(
        &mut s,
        "attack Alice -> Boris with test-shotgun at torso shots 1",
        &[3, 3, 3],
    );
    // 1d+1 = 7, ×4 = 28; DR 4 ×4 = 16: 12 pi.
    let e = play(&mut s, "dodge Boris", &[6, 6, 6, 6]);
    let w = wounds(&e);
    assert_eq!((w[0].damage, w[0].dr, w[0].injury), (28, 16, 12));
}

#[test]
fn a_shotgun_beyond_close_range_is_nine_pellets_of_autofire_at_rcl_one_t3_shotgun_02() {
    let mut s = alice_with(vec![(4, 12)], (1, 1), (9, 1), Options::default());
    // 8 yd, Short: −3; 9 pellets: +2 (T3-TAB-AUTOFIRE) → 11. Rolls 6: made by 5, 1 + 5 = 6
    // hits.
    let e = play(
        &mut s,
        "attack Alice -> Boris with test-shotgun at torso shots 1",
        &[2, 2, 2],
    );
    let c = checks(&e);
    assert_eq!(modifier(c[0], "range"), Some(-3));
    assert_eq!(modifier(c[0], "rof"), Some(2));
    let hits = e.iter().find_map(|e| match e {
        Event::AttackRolled { hits, .. } => Some(*hits),
        _ => None,
    });
    assert_eq!(hits, Some(6));
}

#[test]
fn several_targets_with_rof_three_or_less_are_at_minus_six_each_t3_autofire_04_t3_g19() {
    for (exempt, first, second) in [(false, -6, -6), (true, 0, -6)] {
        let o = Options {
            multi_target_penalty_first_exempt: exempt,
            ..Options::default()
        };
        let mut al = alice();
        al.weapons = vec![(1, 13)];
        let mut carl = boris();
        carl.name = "Carl".into();
        let mut s = battle(vec![al, boris(), carl], &[(1, 1), (4, 1), (4, 3)], o, 12, 5);
        play(&mut s, "order", &[6, 6, 6, 1, 1, 1]);
        let e = play(
            &mut s,
            "attack Alice -> Boris+Carl with test-pistol at torso shots 2+1",
            &[6, 5, 5, 6, 5, 5],
        );
        let c = checks(&e);
        assert_eq!(
            modifier(c[0], "targets").unwrap_or(0),
            first,
            "exempt {exempt}"
        );
        assert_eq!(
            modifier(c[1], "targets").unwrap_or(0),
            second,
            "exempt {exempt}"
        );
        // Three shots fired in all.
        assert_eq!(s.fighter(0).guns[0].shots, 15 - 3);
    }
}

#[test]
fn a_target_that_moved_is_harder_to_hit_t3_speed_01_t3_range_01() {
    let mut s = alice_with(vec![(0, 14)], (1, 1), (10, 1), Options::default());
    play(&mut s, "nothing Alice", &[]);
    // Boris runs 5 yards.
    play(&mut s, "move Boris to 5,1", &[]);
    // 4 yd: Close; Boris moved 5 yd/s: −2 (T3-TAB-SPEED).
    let e = play(
        &mut s,
        "attack Alice -> Boris with test-rifle at torso shots 1",
        &[6, 5, 5],
    );
    let c = checks(&e);
    assert_eq!(modifier(c[0], "speed"), Some(-2));
    assert_eq!(modifier(c[0], "range"), None);
}

#[test]
fn crouching_and_low_postures_protect_the_torso_groin_and_legs_t3_crouch_02_t3_posture_05_t3_g16() {
    for (posture, crawling_opt, expect) in [
        ("kneeling", false, Some(-2)),
        ("crawling", false, None),
        ("crawling", true, Some(-2)),
    ] {
        let o = Options {
            crawling_as_crouched: crawling_opt,
            ..Options::default()
        };
        let mut s = alice_with(vec![(0, 14)], (1, 1), (8, 1), o);
        play(&mut s, "nothing Alice", &[]);
        play(&mut s, &format!("posture Boris {posture}"), &[]);
        let e = play(
            &mut s,
            "attack Alice -> Boris with test-rifle at torso shots 1",
            &[6, 5, 5],
        );
        assert_eq!(
            modifier(checks(&e)[0], "as-crouched"),
            expect,
            "{posture} {crawling_opt}"
        );
    }
    // Crouching (T3-CROUCH-01/02): a free choice at the start of Boris's turn.
    let mut s = alice_with(vec![(0, 14)], (1, 1), (8, 1), Options::default());
    play(&mut s, "nothing Alice", &[]);
    play(&mut s, "crouch Boris", &[]);
    play(&mut s, "nothing Boris", &[]);
    let e = play(
        &mut s,
        "attack Alice -> Boris with test-rifle at torso shots 1",
        &[6, 5, 5],
    );
    assert_eq!(modifier(checks(&e)[0], "crouched"), Some(-2));
    play(&mut s, "nothing Boris", &[]);
    let e = play(
        &mut s,
        "attack Alice -> Boris with test-rifle at skull shots 1",
        &[6, 5, 5],
    );
    assert_eq!(
        modifier(checks(&e)[0], "crouched"),
        None,
        "the head is not protected"
    );
}

#[test]
fn suppression_fire_attacks_whoever_enters_its_zone_at_a_random_location_t3_suppress_01_02_03() {
    // Alice (rifle, RoF 10) lays a zone down the south-east diagonal; Boris then steps in.
    let mut s = alice_with(vec![(0, 14)], (1, 1), (10, 0), Options::default());
    play(
        &mut s,
        "suppress Alice toward 7,4 with test-rifle shots 10",
        &[],
    );
    let z = s.zones[0].clone();
    // 10 bullets: 6 + 2 (T3-TAB-AUTOFIRE 9-12) = 8, not mounted.
    assert_eq!((z.bullets, z.skill), (10, 8));
    assert!(z.cells.contains(&(7, 4)) && !z.cells.contains(&(1, 1)));
    assert_eq!(s.fighter(0).guns[0].shots, 20);
    // Boris stands next to the lane, three hexes out, and steps into it.
    let c = z.cells[2];
    let n = fireteam_tactical_3d6::state::hex(c)
        .neighbours()
        .into_iter()
        .map(|h| {
            let (x, y) = h.to_offset();
            (x as i16, y as i16)
        })
        .find(|n| !z.cells.contains(n) && n.0 >= 0 && n.1 >= 0 && n.1 < 5 && *n != (1, 1))
        .unwrap();
    s.fighters[1].at = n;
    // The worse of 8 and Alice's own skill against him (14 at Close range): 8. Rolls 6: made
    // by 2, 1 + 2/2 = 2 hits.
    let mv = play(
        &mut s,
        &format!("move Boris to {},{}", c.0, c.1),
        &[2, 2, 2],
    );
    let c0 = checks(&mv);
    assert_eq!(c0[0].value, 8, "{:?}", c0[0].modifiers);
    assert!(matches!(
        s.phase,
        fireteam_tactical_3d6::state::Phase::Defend(_)
    ));
    // Dive for Cover is open against it (T3-DEFENSE-09, T3-G31).
    assert!(defense_values(&s)
        .iter()
        .any(|(a, v)| a == "dive Boris" && *v == 8 + 2 + 3));
    // His dodge (10) rolls 18; two random locations (3d6 10: torso), each 7d = 7, DR 4: 3.
    let e = play(
        &mut s,
        "dodge Boris",
        &[
            6, 6, 6, 4, 3, 3, 1, 1, 1, 1, 1, 1, 1, 4, 3, 3, 1, 1, 1, 1, 1, 1, 1,
        ],
    );
    let locs: Vec<_> = e
        .iter()
        .filter_map(|e| match e {
            Event::LocationRolled { location, .. } => Some(*location),
            _ => None,
        })
        .collect();
    assert_eq!(locs, [fireteam_tactical_3d6::data::Location::Torso; 2]);
    assert!(wounds(&e).iter().all(|w| w.rolled == 7 && w.injury == 3));
    assert_eq!(s.fighter(1).at, c);
    // The zone's hits count against its bullets (T3-G21 (3)); it lasted until Alice's next
    // turn, which has now begun (T3-G21 (1)).
    assert!(mv
        .iter()
        .any(|e| matches!(e, Event::ZoneHit { hits: 2, .. })));
    assert!(s.zones.is_empty());
}

#[test]
fn a_waiter_acts_when_its_trigger_fires_and_the_move_goes_on_after_t3_maneuver_18_t3_g11() {
    let mut s = melee();
    // Put Carl four hexes away from Boris.
    s.fighters[0].at = (6, 1);
    play(&mut s, "nothing Boris", &[]);
    play(&mut s, "wait Carl within 1", &[]);
    // Boris walks toward Carl; stepping next to him fires the trigger.
    play(&mut s, "move Boris to 5,1", &[]);
    assert!(matches!(
        s.phase,
        fireteam_tactical_3d6::state::Phase::Triggered { waiter: 0, by: 1 }
    ));
    // Carl stabs (12, rolls 9); Boris blocks (Block 12/2 + 3 = 9, +2 shield: 11), rolls 10.
    play(
        &mut s,
        "attack Carl -> Boris with test-knife at torso",
        &[3, 3, 3],
    );
    let e = play(&mut s, "block Boris", &[4, 3, 3]);
    assert!(e
        .iter()
        .any(|e| matches!(e, Event::HitsStopped { stopped: 1, .. })));
    // Boris's turn goes on: he chooses nothing more (his Move is done).
    assert!(matches!(
        s.phase,
        fireteam_tactical_3d6::state::Phase::Act { unit: 0 }
    ));
}

#[test]
fn a_malfunction_replaces_the_shot_and_a_tl4_gun_explodes_t3_malf_01_02_04() {
    // The musket (Malf 14, TL4): an attack roll of 14 malfunctions; the table roll 16 at TL4
    // explodes: 1d+2 cr to the shooter (T3-MALF-04), and the gun is gone.
    let mut s = alice_with(vec![(8, 12)], (1, 1), (6, 1), Options::default());
    let e = play(
        &mut s,
        "attack Alice -> Boris with test-musket at torso",
        &[5, 5, 4, 6, 5, 5, 3],
    );
    assert!(e.iter().any(|e| matches!(
        e,
        Event::Malfunctioned {
            roll: 16,
            effect: fireteam_tactical_3d6::tables::Malfunction::Explodes,
            ..
        }
    )));
    assert_eq!(s.fighter(0).hp, 10 - 5);
    // A TL8 rifle's 15-18 is treated as 3: broken (T3-E05).
    let mut s = alice_with(vec![(0, 14)], (1, 1), (6, 1), Options::default());
    play(
        &mut s,
        "attack Alice -> Boris with test-rifle at torso shots 1",
        &[6, 6, 5, 6, 5, 5],
    );
    assert_eq!(
        s.fighter(0).guns[0].jam,
        fireteam_tactical_3d6::state::Jam::Broken { diagnosed: false }
    );
}

#[test]
fn a_jam_is_diagnosed_then_cleared_in_three_seconds_t3_malf_03_t3_g22() {
    let mut s = alice_with(vec![(0, 14)], (1, 1), (6, 1), Options::default());
    // 17 malfunctions; the table roll 6: jammed.
    play(
        &mut s,
        "attack Alice -> Boris with test-rifle at torso shots 1",
        &[6, 6, 5, 1, 2, 3],
    );
    use fireteam_tactical_3d6::state::Jam;
    assert_eq!(s.fighter(0).guns[0].jam, Jam::Jammed { diagnosed: false });
    play(&mut s, "nothing Boris", &[]);
    // Diagnosis: the best of Armory 12 + 2, IQ-based Guns 14 − 12 + 11 = 13, Soldier 12 − 2:
    // 14. Rolls 10.
    let e = play(&mut s, "ready Alice diagnose test-rifle", &[4, 3, 3]);
    assert_eq!(checks(&e)[0].value, 14);
    assert_eq!(s.fighter(0).guns[0].jam, Jam::Jammed { diagnosed: true });
    for _ in 0..2 {
        play(&mut s, "nothing Boris", &[]);
        play(&mut s, "ready Alice clear test-rifle", &[]);
    }
    play(&mut s, "nothing Boris", &[]);
    // The third second: the clearing roll (Armory + 2 = 14), rolls 9.
    play(&mut s, "ready Alice clear test-rifle", &[3, 3, 3]);
    assert_eq!(s.fighter(0).guns[0].jam, Jam::Ok);
}

#[test]
fn drawing_takes_a_second_and_sheathing_two_t3_tab_ready_t3_ready_01() {
    let mut s = alice_with(vec![(0, 14), (1, 13)], (1, 1), (6, 1), Options::default());
    play(&mut s, "ready Alice sheathe test-rifle", &[]);
    assert_eq!(s.fighter(0).ready_slot(), Some(0), "2 seconds: not yet");
    play(&mut s, "nothing Boris", &[]);
    play(&mut s, "ready Alice sheathe test-rifle", &[]);
    assert_eq!(s.fighter(0).ready_slot(), None);
    play(&mut s, "nothing Boris", &[]);
    play(&mut s, "ready Alice draw test-pistol", &[]);
    assert_eq!(s.fighter(0).ready_slot(), Some(1));
}

#[test]
fn a_laser_burns_clothes_and_halves_dr_t3_burn_01_t3_g25_t3_locdmg_01() {
    let mut s = alice_with(vec![(5, 14)], (1, 1), (6, 1), Options::default());
    // Vitals −3: 11, rolls 9. Boris's dodge 10 rolls 18. 3d = 6+6+6 = 18 burn; DR 4 / 2 = 2;
    // 16 × 3 (vitals, a laser) = 48. 18 ≥ 10 before DR: all his clothes burn (T3-BURN-02).
    play(
        &mut s,
        "attack Alice -> Boris with test-laser at vitals shots 1",
        &[3, 3, 3],
    );
    // Then Boris's turn begins, and his clothes burn: 1d−1 (rolls 1: nothing).
    let e = play(
        &mut s,
        "dodge Boris",
        &[6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1],
    );
    let w = wounds(&e);
    assert_eq!(
        (w[0].damage, w[0].dr, w[0].multiplier, w[0].injury),
        (18, 2, 6, 48)
    );
    assert!(e
        .iter()
        .any(|e| matches!(e, Event::OnFire { level: 2, .. })));
    // 24 − 48 = −24: a death check at −1 × HP (made, 3), then the knockdown roll at
    // HT 12 − 5 (vitals) + 3 (High Pain Threshold) = 10 (made, 3).
    assert_eq!(s.fighter(1).hp, -24);
}

#[test]
fn below_a_third_of_hp_move_and_dodge_are_halved_t3_hp_01() {
    let mut s = melee();
    s.fighters[0].hp = 3; // Carl: 3 < 10 / 3
    play(
        &mut s,
        "attack Boris -> Carl with test-sword at torso",
        &[3, 3, 3],
    );
    let v = defense_values(&s);
    let get = |t: &str| v.iter().find(|(a, _)| a == t).map(|x| x.1);
    assert_eq!(get("dodge Carl"), Some(4), "Dodge 8 halved");
    assert_eq!(
        fireteam_tactical_3d6::turn::move_allowance(&s, 0, false),
        3,
        "Move 5 → 3"
    );
}

#[test]
fn minus_five_times_hp_is_death_t3_hp_04_and_death_checks_fail_by_three_t3_hp_03() {
    let mut s = melee();
    s.fighters[0].hp = -45;
    play(
        &mut s,
        "attack Boris -> Carl with test-sword at torso",
        &[3, 3, 3],
    );
    // 2d+1 = 7 cut ×1.5 = 10: −55 ≤ −50. Dead, with no roll.
    let e = play(&mut s, "no-defense Carl", &[3, 3]);
    assert!(e.iter().any(|e| matches!(e, Event::Died { .. })));

    let mut s = melee();
    play(
        &mut s,
        "attack Boris -> Carl with test-sword at torso",
        &[3, 3, 3],
    );
    // 2d+1 = 13 ×1.5 = 19: 10 → −9; then knockdown HT 10 rolls 9 (made); no threshold yet.
    play(&mut s, "no-defense Carl", &[6, 6, 3, 3, 3]);
    assert_eq!(s.fighter(0).hp, -9);
    play(&mut s, "nothing Carl", &[]);
    play(
        &mut s,
        "attack Boris -> Carl with test-sword at torso",
        &[3, 3, 3],
    );
    // 7 ×1.5 = 10: −19, past −10: a death check, HT 10, rolls 13: failed by 3: dead.
    let e = play(&mut s, "no-defense Carl", &[3, 3, 5, 4, 4]);
    assert!(e.iter().any(|e| matches!(e, Event::Died { .. })), "{e:?}");
}

#[test]
fn against_bullets_only_dodge_and_its_variants_t3_g30_t3_defense_06_07() {
    let mut s = rifle_at_three();
    play(
        &mut s,
        "attack Alice -> Boris with test-rifle at torso shots 1",
        &[3, 3, 3],
    );
    let v = defense_values(&s);
    let names: Vec<&str> = v.iter().map(|(a, _)| a.as_str()).collect();
    assert_eq!(
        names,
        [
            "no-defense Boris",
            "dodge Boris",
            "dodge Boris acrobatic",
            "dodge Boris drop"
        ]
    );
    // Dodge and Drop: +3 (T3-DEFENSE-07), then prone (T3-POSTURE-06).
    assert_eq!(v[3].1, 10 + 3);
    let e = play(&mut s, "dodge Boris drop", &[2, 2, 2]);
    assert_eq!(
        s.fighter(1).posture,
        fireteam_tactical_3d6::tables::Posture::Prone
    );
    assert!(e
        .iter()
        .any(|e| matches!(e, Event::DroppedAgainst { unit: 1, foe: 0 })));
}

#[test]
fn an_acrobatic_dodge_rolls_acrobatics_or_dx_minus_six_first_t3_defense_06() {
    let mut s = rifle_at_three();
    play(
        &mut s,
        "attack Alice -> Boris with test-rifle at torso shots 1",
        &[3, 3, 3],
    );
    // Boris has no Acrobatics: DX 11 − 6 = 5, rolls 9: failed, so the dodge is at 10 − 2.
    let e = play(&mut s, "dodge Boris acrobatic", &[3, 3, 3, 2, 2, 2]);
    let c = checks(&e);
    assert_eq!(
        (c[0].what, c[0].value, c[0].success),
        ("Acrobatics", 5, false)
    );
    assert_eq!((c[1].what, c[1].value, c[1].success), ("dodge", 8, true));
}

#[test]
fn a_block_with_a_shield_and_its_defense_bonus_t3_defense_04_05() {
    let mut s = melee();
    play(&mut s, "nothing Boris", &[]);
    play(
        &mut s,
        "attack Carl -> Boris with test-knife at torso",
        &[3, 3, 3],
    );
    let v = defense_values(&s);
    let get = |t: &str| v.iter().find(|(a, _)| a == t).map(|x| x.1);
    // Shield 12: 12/2 + 3 = 9, +2 DB (T3-DEFENSE-05) = 11; the DB helps every defense.
    assert_eq!(get("block Boris"), Some(11));
    assert_eq!(get("dodge Boris"), Some(10));
    assert_eq!(get("parry Boris with test-sword"), Some(14 / 2 + 3 + 2));
}

#[test]
fn auto_success_and_failure_on_3_4_and_17_18_t3_core_02_t3_g01() {
    for (auto, expect) in [(true, true), (false, false)] {
        let o = Options {
            auto_success_failure: auto,
            ..Options::default()
        };
        let mut s = alice_with(vec![(0, 14)], (1, 1), (8, 1), o);
        // The eye at −9, shooting at 7 yd (Short −3): 2; rolls 4.
        let e = play(
            &mut s,
            "attack Alice -> Boris with test-rifle at eye shots 1",
            &[1, 1, 2],
        );
        let c = checks(&e);
        assert_eq!(c[0].value, 14 - 9 - 3);
        assert_eq!(c[0].success, expect, "auto {auto}");
    }
}

#[test]
fn evaluate_helps_ranged_attacks_unless_the_option_limits_it_to_melee_t3_g06() {
    for (melee_only, expect) in [(false, Some(1)), (true, None)] {
        let o = Options {
            evaluate_melee_only: melee_only,
            ..Options::default()
        };
        let mut s = alice_with(vec![(0, 14)], (1, 1), (6, 1), o);
        play(&mut s, "evaluate Alice -> Boris", &[]);
        play(&mut s, "nothing Boris", &[]);
        let e = play(
            &mut s,
            "attack Alice -> Boris with test-rifle at torso shots 1",
            &[6, 5, 5],
        );
        assert_eq!(modifier(checks(&e)[0], "evaluate"), expect);
    }
}

#[test]
fn one_successful_defense_stops_every_autofire_hit_with_the_option_t3_g17() {
    for (all, left) in [(false, 4), (true, 0)] {
        let o = Options {
            defense_negates_all_autofire_hits: all,
            ..Options::default()
        };
        let mut s = alice_with(vec![(0, 14)], (1, 1), (4, 1), o);
        play(
            &mut s,
            "attack Alice -> Boris with test-rifle at torso shots 9",
            &[2, 2, 2],
        );
        let faces: &[i64] = if all {
            &[2, 3, 3]
        } else {
            &[2, 3, 3, 2, 2, 2, 3, 3, 3, 3, 3, 3]
        };
        let e = play(&mut s, "dodge Boris", faces);
        let got = e.iter().find_map(|e| match e {
            Event::HitsStopped { left, .. } => Some(*left),
            _ => None,
        });
        assert_eq!(got, Some(left), "option {all}");
    }
}

#[test]
fn average_damage_rounds_down_or_half_up_t3_g18() {
    for (half_up, each) in [(false, 24), (true, 25)] {
        let o = Options {
            average_round_half_up: half_up,
            ..Options::default()
        };
        let mut s = alice_with(vec![(0, 14)], (1, 1), (4, 1), o);
        play(
            &mut s,
            "attack Alice -> Boris with test-rifle at torso shots 9",
            &[2, 2, 2],
        );
        // Six hits, no defense: average 3.5 × 7 = 24.5.
        let e = play(
            &mut s,
            "no-defense Boris",
            &[3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3],
        );
        assert!(
            wounds(&e).iter().all(|w| w.rolled == each),
            "half up {half_up}"
        );
    }
}

#[test]
fn suppression_fire_attacks_those_already_in_the_zone_with_the_option_t3_g21() {
    for (occupants, attacked) in [(false, false), (true, true)] {
        let o = Options {
            suppress_attacks_occupants: occupants,
            ..Options::default()
        };
        let mut s = alice_with(vec![(0, 14)], (1, 1), (6, 3), o);
        let faces: &[i64] = if occupants { &[6, 6, 6] } else { &[] };
        let e = play(
            &mut s,
            "suppress Alice toward 6,3 with test-rifle shots 10",
            faces,
        );
        let rolled = !checks(&e).is_empty();
        assert_eq!(rolled, attacked, "option {occupants}");
    }
}

#[test]
fn damage_that_penetrates_injures_at_least_one_with_the_option_t3_g26() {
    for (min_one, injury) in [(true, 1), (false, 0)] {
        let o = Options {
            min_injury_one: min_one,
            ..Options::default()
        };
        let mut carl = melee_carl();
        carl.weapons = vec![(6, 12)];
        let mut s = battle(vec![carl, boris()], &[(1, 1), (2, 1)], o, 8, 4);
        play(&mut s, "order", &[]);
        play(&mut s, "nothing Boris", &[]);
        // The dart: 1d pi− = 5 against DR 4: 1 penetrates, × 0.5 = 0.5.
        play(
            &mut s,
            "attack Carl -> Boris with test-dart at torso",
            &[3, 3, 3],
        );
        let e = play(&mut s, "no-defense Boris", &[5]);
        assert_eq!(wounds(&e)[0].injury, injury, "option {min_one}");
    }
}

#[test]
fn hands_keep_the_impaling_multiplier_unless_the_option_t3_g27() {
    for (as_limbs, mult) in [(false, 4), (true, 2)] {
        let o = Options {
            extremities_as_limbs: as_limbs,
            ..Options::default()
        };
        let mut s = battle(vec![melee_carl(), boris()], &[(1, 1), (2, 1)], o, 8, 4);
        play(&mut s, "order", &[]);
        play(&mut s, "nothing Boris", &[]);
        play(
            &mut s,
            "attack Carl -> Boris with test-knife at left-hand",
            &[2, 2, 2],
        );
        let e = play(&mut s, "no-defense Boris", &[4]);
        assert_eq!(wounds(&e)[0].multiplier, mult, "option {as_limbs}");
    }
}

#[test]
fn crippling_knocks_down_with_a_roll_or_outright_with_the_option_t3_g32() {
    for (auto, rolled) in [(false, true), (true, false)] {
        let o = Options {
            crippling_auto_knockdown: auto,
            ..Options::default()
        };
        let mut s = battle(vec![melee_carl(), boris()], &[(1, 1), (2, 1)], o, 8, 4);
        play(&mut s, "order", &[]);
        play(&mut s, "nothing Boris", &[]);
        // Boris's left foot (HP 24: over 8 cripples): the knife, 1d−1 = 5 imp ×2 = 10 (no DR
        // there). 10 is not over 12, so only the crippling calls for a knockdown.
        play(
            &mut s,
            "attack Carl -> Boris with test-knife at left-foot",
            &[2, 2, 2],
        );
        let faces: &[i64] = if rolled { &[6, 3, 3, 3] } else { &[6] };
        let e = play(&mut s, "no-defense Boris", faces);
        let knock = checks(&e).iter().any(|c| c.what == "HT (knockdown)");
        assert_eq!(knock, rolled, "option {auto}");
        if auto {
            assert!(s.fighter(1).stunned);
        }
    }
}

#[test]
fn a_limb_is_destroyed_past_twice_the_minimum_or_twice_the_threshold_t3_g35() {
    // Carl (HP 10) hit in the left leg by 2d+1 cut: 3 + 4 + 1 = 8, ×1.5 = 12. The threshold
    // is 5 and the minimum 6 (T3-G35): 12 is not over 2 × 6, so the leg is only crippled;
    // with the option it is over 2 × 5, and destroyed. (The knockdown roll fails: 18.)
    for (threshold, destroyed) in [(false, false), (true, true)] {
        let o = Options {
            destroy_vs_threshold: threshold,
            ..Options::default()
        };
        let mut s = battle(vec![boris(), melee_carl()], &[(1, 1), (2, 1)], o, 8, 4);
        play(&mut s, "order", &[]);
        play(
            &mut s,
            "attack Boris -> Carl with test-sword at left-leg",
            &[2, 2, 2],
        );
        let e = play(&mut s, "no-defense Carl", &[3, 4, 6, 6, 6]);
        let d = e.iter().find_map(|e| match e {
            Event::Crippled { destroyed, .. } => Some(*destroyed),
            _ => None,
        });
        assert_eq!(d, Some(destroyed), "option {threshold}");
    }
}

#[test]
fn standing_up_from_sitting_is_one_change_unless_the_option_t3_g15() {
    use fireteam_engine::RuleSystem;
    for (always, can) in [(false, true), (true, false)] {
        let o = Options {
            stand_up_two_actions_always: always,
            ..Options::default()
        };
        let mut s = alice_with(vec![(0, 14)], (1, 1), (6, 1), o);
        play(&mut s, "posture Alice sitting", &[]);
        play(&mut s, "nothing Boris", &[]);
        let mut legal = vec![];
        fireteam_tactical_3d6::Tactical3d6.legal_actions(&s, &mut legal);
        let texts: Vec<String> = legal
            .iter()
            .map(|a| fireteam_tactical_3d6::Tactical3d6.action_text(&s, a))
            .collect();
        assert_eq!(texts.iter().any(|t| t == "posture Alice standing"), can);
    }
}

fn brick() -> fireteam_tactical_3d6::data::CoverMaterial {
    fireteam_tactical_3d6::data::CoverMaterial {
        id: "brick".into(),
        name: "brick".into(),
        dr: 25,
        per_cm_tenths: 20,
        wears: true,
        glass: false,
    }
}

fn glass() -> fireteam_tactical_3d6::data::CoverMaterial {
    fireteam_tactical_3d6::data::CoverMaterial {
        id: "glass".into(),
        name: "glass".into(),
        dr: 1,
        per_cm_tenths: 20,
        wears: false,
        glass: true,
    }
}

/// Alice (rifle) at 1,1 shooting at Boris at 6,1, who stands behind cover of `material`.
fn behind(material: fireteam_tactical_3d6::data::CoverMaterial) -> fireteam_tactical_3d6::State {
    let mut f = Field::open(10, 4);
    f.cover = vec![material];
    f.set(
        (6, 1),
        fireteam_tactical_3d6::data::Terrain {
            id: "wall".into(),
            cover: Some(0),
            ..open()
        },
    );
    let mut al = alice();
    al.weapons = vec![(0, 14)];
    let mut s = battle_on(
        vec![al, boris()],
        &[(1, 1), (6, 1)],
        Options::default(),
        f,
        weapons(),
    );
    play(&mut s, "order", &[]);
    s
}

#[test]
fn shooting_through_cover_is_minus_two_and_adds_the_cover_dr_t3_cover_01_02_05_t3_tab_coverdr() {
    let mut s = behind(brick());
    // Boris holds a sword, so he is only looking out: skull, face, eyes and neck exposed
    // (T3-COVER-01). The torso is fully covered: −2 and the brick's 25 DR (T3-COVER-05).
    let e = play(
        &mut s,
        "attack Alice -> Boris with test-rifle at torso shots 1",
        &[3, 3, 3],
    );
    assert_eq!(modifier(checks(&e)[0], "through-cover"), Some(-2));
    // 7d = 35; DR 4 + 25 = 29: 6.
    let e = play(&mut s, "dodge Boris", &[6, 6, 6, 5, 5, 5, 5, 5, 5, 5]);
    let w = wounds(&e);
    assert_eq!((w[0].damage, w[0].dr, w[0].injury), (35, 29, 6));
    // The brick wears: 35 damage of piercing counts a tenth (T3-COVER-07, T3-G29 (4)).
    assert!(e.iter().any(|e| matches!(
        e,
        Event::CoverWorn {
            light: 35,
            heavy: 0,
            broken: false,
            ..
        }
    )));
    // The skull is exposed: no cover modifier (T3-COVER-04).
    play(&mut s, "nothing Boris", &[]);
    let e = play(
        &mut s,
        "attack Alice -> Boris with test-rifle at skull shots 1",
        &[6, 5, 5],
    );
    assert_eq!(modifier(checks(&e)[0], "through-cover"), None);
}

#[test]
fn a_shooter_with_a_two_handed_gun_shows_arms_and_half_the_torso_t3_tab_exposure_t3_cover_02_04() {
    let mut f = Field::open(10, 4);
    f.cover = vec![brick()];
    f.set(
        (6, 1),
        fireteam_tactical_3d6::data::Terrain {
            id: "wall".into(),
            cover: Some(0),
            ..open()
        },
    );
    let mut al = alice();
    al.weapons = vec![(0, 14)];
    let mut b = boris();
    b.weapons = vec![(0, 12)];
    let mut s = battle_on(
        vec![al, b],
        &[(1, 1), (6, 1)],
        Options::default(),
        f,
        weapons(),
    );
    play(&mut s, "order", &[]);
    // Boris fires a two-handed rifle over the wall: both arms exposed, the torso partly (−2,
    // no cover DR), the legs covered (−2 and cover DR).
    let cases = [
        ("right-arm", None, None),
        ("torso", Some(-2), None),
        ("left-leg", None, Some(-2)),
    ];
    for (loc, partly, through) in cases {
        let e = play(
            &mut s,
            &format!("attack Alice -> Boris with test-rifle at {loc} shots 1"),
            &[6, 5, 5],
        );
        let c = checks(&e);
        assert_eq!(modifier(c[0], "partly-covered"), partly, "{loc}");
        assert_eq!(modifier(c[0], "through-cover"), through, "{loc}");
        play(&mut s, "nothing Boris", &[]);
    }
}

#[test]
fn glass_breaks_when_penetrated_and_costs_no_penalty_t3_cover_08() {
    let mut s = behind(glass());
    let e = play(
        &mut s,
        "attack Alice -> Boris with test-rifle at torso shots 1",
        &[3, 3, 3],
    );
    let c = checks(&e);
    assert_eq!(modifier(c[0], "through-cover"), None, "transparent");
    assert!(c[0]
        .modifiers
        .iter()
        .any(|m| m.id == "through-cover" && !m.applied));
    let e = play(&mut s, "dodge Boris", &[6, 6, 6, 1, 1, 1, 1, 1, 1, 1]);
    assert!(e
        .iter()
        .any(|e| matches!(e, Event::CoverWorn { broken: true, .. })));
    assert!(s.cover_at((6, 1)).is_none());
}

/// Boris on a ledge `height` yards above the cell east of him.
fn ledge(
    height: i32,
    ground: Option<fireteam_tactical_3d6::data::Terrain>,
    o: Options,
) -> fireteam_tactical_3d6::State {
    let mut f = Field::open(8, 3);
    for c in 0..3 {
        f.elevation[(8 + c) as usize] = height;
    }
    if let Some(t) = ground {
        f.set((3, 1), t);
    }
    let mut s = battle_on(
        vec![boris(), melee_carl()],
        &[(2, 1), (7, 2)],
        o,
        f,
        weapons(),
    );
    play(&mut s, "order", &[]);
    s
}

#[test]
fn a_fall_deals_the_table_damage_through_averaged_armour_t3_fall_01_04_t3_tab_fall() {
    // Boris steps off a 4-yard ledge: 2d−1 cr. 6 + 6 − 1 = 11. Armour: the average of the
    // torso's 4 and the least armoured location's 0: 2. 11 − 2 = 9, plus blunt trauma
    // floor(2 / 5) = 0: 9.
    let mut s = ledge(4, None, Options::default());
    let e = play(&mut s, "move Boris to 3,1", &[6, 6]);
    assert!(e.iter().any(|e| matches!(
        e,
        Event::Fell {
            yards: 4,
            counted: 4,
            ..
        }
    )));
    let w = wounds(&e);
    assert_eq!((w[0].rolled, w[0].dr, w[0].injury), (11, 2, 9));
    assert_eq!(s.fighter(0).hp, 24 - 9);
}

#[test]
fn a_soft_landing_halves_and_a_landing_site_adds_dr_t3_fall_05() {
    let soft = fireteam_tactical_3d6::data::Terrain {
        id: "bed".into(),
        soft: true,
        landing_dr: 2,
        ..open()
    };
    let mut s = ledge(4, Some(soft), Options::default());
    // 11 halved: 5; DR 2 (bed) + 2 (armour): 1.
    let e = play(&mut s, "move Boris to 3,1", &[6, 6]);
    assert_eq!(wounds(&e)[0].injury, 1);
}

#[test]
fn acrobatics_takes_five_yards_off_and_swimming_negates_a_fall_into_water_t3_fall_02_03() {
    let water = fireteam_tactical_3d6::data::Terrain {
        id: "water".into(),
        fluid: true,
        ..open()
    };
    let mut b = boris();
    b.skills.push(("acrobatics".into(), 12));
    b.skills.push(("swimming".into(), 12));
    let mut f = Field::open(8, 3);
    for c in 0..3 {
        f.elevation[8 + c] = 10;
    }
    f.set((3, 1), water);
    let mut s = battle_on(
        vec![b, melee_carl()],
        &[(2, 1), (7, 2)],
        Options::default(),
        f,
        weapons(),
    );
    play(&mut s, "order", &[]);
    // Acrobatics 12 rolls 9: 10 − 5 = 5 yd counted; Swimming at the 10-yard speed penalty
    // (−4): 8, rolls 8: no damage.
    let e = play(&mut s, "move Boris to 3,1", &[3, 3, 3, 2, 3, 3]);
    assert!(e.iter().any(|e| matches!(
        e,
        Event::Fell {
            yards: 10,
            counted: 5,
            ..
        }
    )));
    let c = checks(&e);
    assert_eq!((c[1].what, c[1].value, c[1].success), ("Swimming", 8, true));
    assert!(wounds(&e).is_empty());
}

#[test]
fn blunt_trauma_of_a_fall_applies_even_when_damage_penetrates_unless_the_option_t3_g38() {
    // A 20-yard fall on a heavily armoured Boris (DR 20 everywhere): 4d.
    for (only_blocked, expect) in [(false, 1 + 4), (true, 1)] {
        let o = Options {
            fall_bt_only_if_no_penetration: only_blocked,
            ..Options::default()
        };
        let mut s = ledge(20, None, o);
        let mut b = s.rules.characters[0].clone();
        b.dr = [20; 15];
        let mut rules = fireteam_tactical_3d6::state::Rules {
            ..clone_rules(s.rules)
        };
        rules.characters[0] = b;
        s.rules = Box::leak(Box::new(rules));
        // 4d = 21: DR 20 blocks 20, 1 through; blunt trauma 20 / 5 = 4.
        let e = play(&mut s, "move Boris to 3,1", &[6, 6, 6, 3]);
        assert_eq!(wounds(&e)[0].injury, expect, "option {only_blocked}");
    }
}

fn clone_rules(r: &fireteam_tactical_3d6::state::Rules) -> fireteam_tactical_3d6::state::Rules {
    fireteam_tactical_3d6::state::Rules {
        title: r.title.clone(),
        options: r.options,
        weapons: r.weapons.clone(),
        armor: r.armor.clone(),
        shields: r.shields.clone(),
        cover: r.cover.clone(),
        items: r.items.clone(),
        terrain: r.terrain.clone(),
        width: r.width,
        height: r.height,
        cells: r.cells.clone(),
        elevation: r.elevation.clone(),
        sides: r.sides.clone(),
        characters: r.characters.clone(),
        explicit_order: r.explicit_order.clone(),
        max_turns: r.max_turns,
    }
}

fn legal_texts(s: &fireteam_tactical_3d6::State) -> Vec<String> {
    use fireteam_engine::RuleSystem;
    let r = fireteam_tactical_3d6::Tactical3d6;
    let mut legal = vec![];
    r.legal_actions(s, &mut legal);
    legal.iter().map(|a| r.action_text(s, a)).collect()
}

#[test]
fn kneeling_can_be_the_step_of_a_maneuver_that_has_one_t3_move_01_t3_posture_02() {
    let mut s = rifle_at_three();
    play(&mut s, "kneel Alice", &[]);
    assert_eq!(
        s.fighter(0).posture,
        fireteam_tactical_3d6::tables::Posture::Kneeling
    );
    let t = legal_texts(&s);
    // The step is spent: no Move, no Do Nothing, no Change Posture; Attack and Aim remain.
    assert!(!t
        .iter()
        .any(|a| a.starts_with("move ") || a.starts_with("nothing ")));
    assert!(!t.iter().any(|a| a.starts_with("posture ")));
    assert!(t.iter().any(|a| a == "aim Alice -> Boris"));
    play(&mut s, "aim Alice -> Boris", &[]);
    play(&mut s, "nothing Boris", &[]);
    assert!(legal_texts(&s).iter().any(|a| a == "rise Alice"));
}

#[test]
fn posture_limits_movement_and_sprinting_adds_a_fifth_from_the_second_second_t3_posture_01_t3_move_02(
) {
    use fireteam_tactical_3d6::turn::move_allowance;
    let mut s = rifle_at_three();
    assert_eq!(move_allowance(&s, 0, false), 5);
    assert_eq!(
        move_allowance(&s, 0, true),
        6,
        "Move 5: +max(1, floor(1)) = 6"
    );
    s.fighters[0].posture = fireteam_tactical_3d6::tables::Posture::Kneeling;
    assert_eq!(move_allowance(&s, 0, false), 2, "×1/3 rounded up");
    s.fighters[0].posture = fireteam_tactical_3d6::tables::Posture::Prone;
    assert_eq!(move_allowance(&s, 0, false), 1);
    s.fighters[0].posture = fireteam_tactical_3d6::tables::Posture::Sitting;
    assert_eq!(move_allowance(&s, 0, false), 0);
    // In play: a first Move goes 5 yards; the second in a row may sprint 6.
    let mut s = alice_with(vec![(0, 14)], (0, 0), (11, 4), Options::default());
    let t = legal_texts(&s);
    assert!(
        t.iter().any(|a| a == "move Alice to 5,0") && !t.iter().any(|a| a == "move Alice to 6,0")
    );
    play(&mut s, "move Alice to 5,0", &[]);
    play(&mut s, "nothing Boris", &[]);
    assert!(legal_texts(&s).iter().any(|a| a == "move Alice to 11,0"));
    let e = play(&mut s, "move Alice to 11,0", &[]);
    assert!(e
        .iter()
        .any(|e| matches!(e, Event::Moved { sprint: true, .. })));
}

#[test]
fn random_hit_locations_pick_a_hand_or_foot_side_by_a_die_t3_hitloc_03_07_t3_hitloc_04() {
    let o = Options {
        random_hit_locations: true,
        ..Options::default()
    };
    let mut s = alice_with(vec![(0, 14)], (1, 1), (4, 1), o);
    // With random locations ruled, an attack names none.
    assert!(legal_texts(&s)
        .iter()
        .any(|a| a == "attack Alice -> Boris with test-rifle at random shots 1"));
    play(
        &mut s,
        "attack Alice -> Boris with test-rifle at random shots 1",
        &[3, 3, 3],
    );
    // Location 3d6 = 15: a hand; 1d = 5: the left (note [3]).
    let e = play(
        &mut s,
        "no-defense Boris",
        &[5, 5, 5, 5, 1, 1, 1, 1, 1, 1, 1],
    );
    let loc = e.iter().find_map(|e| match e {
        Event::LocationRolled { location, .. } => Some(*location),
        _ => None,
    });
    assert_eq!(loc, Some(fireteam_tactical_3d6::data::Location::LeftHand));
}

#[test]
fn a_concentrator_rolls_will_minus_three_when_it_defends_or_the_gm_rules_it_distracted_t3_maneuver_15_16(
) {
    let mut s = melee();
    play(&mut s, "nothing Boris", &[]);
    play(&mut s, "concentrate Carl", &[]);
    assert_eq!(s.fighter(0).concentrating, 1);
    play(
        &mut s,
        "attack Boris -> Carl with test-sword at torso",
        &[3, 3, 3],
    );
    // Carl dodges: first Will 10 − 3 = 7, rolls 12: the concentration starts over.
    let e = play(&mut s, "dodge Carl", &[4, 4, 4, 2, 2, 2]);
    let c = checks(&e);
    assert_eq!((c[0].what, c[0].value, c[0].success), ("Will", 7, false));
    assert_eq!(s.fighter(0).concentrating, 0);

    let mut carl = melee_carl();
    carl.distracted = true;
    let mut s = battle(
        vec![boris(), carl],
        &[(1, 1), (2, 1)],
        Options::default(),
        8,
        4,
    );
    play(&mut s, "order", &[]);
    play(&mut s, "nothing Boris", &[]);
    let e = play(&mut s, "concentrate Carl", &[2, 2, 2]);
    assert_eq!(checks(&e)[0].what, "Will");
}

#[test]
fn burning_clothes_are_put_out_with_a_ready_and_a_dx_roll_t3_burn_01_t3_g39() {
    let mut s = melee();
    s.fighters[0].burning = 1;
    play(&mut s, "nothing Boris", &[5]);
    // Carl's turn began with 1d−4 of fire (rolls 5: 1). Ready: DX 10 − 2 = 8, rolls 8.
    let e = play(&mut s, "ready Carl extinguish", &[2, 3, 3]);
    assert_eq!(checks(&e)[0].value, 8);
    assert!(e.iter().any(|e| matches!(e, Event::Extinguished { .. })));
}

#[test]
fn a_male_groin_takes_double_shock_from_crushing_up_to_eight_t3_shock_03_t3_locdmg_06() {
    let mut club_man = boris();
    club_man.weapons = vec![(7, 14)];
    let mut s = battle(
        vec![club_man, melee_carl()],
        &[(1, 1), (2, 1)],
        Options::default(),
        8,
        4,
    );
    play(&mut s, "order", &[]);
    // Groin −3: 11, rolls 9. 2d cr = 3 → 3 injury; shock 3 × 2 = 6 (cap 8).
    play(
        &mut s,
        "attack Boris -> Carl with test-club at groin",
        &[3, 3, 3],
    );
    play(&mut s, "no-defense Carl", &[1, 2]);
    assert_eq!(s.fighter(1).shock, 6);
}

#[test]
fn a_hit_to_the_skull_calls_for_a_knockdown_roll_at_minus_ten_t3_knockdown_01_02_t3_locdmg_03() {
    let mut s = melee();
    // Skull −7: 7, rolls 6. 2d+1 = 3, DR 2 (the skull): 1 cut ×4 = 4. HT 10 − 10 = 0.
    play(
        &mut s,
        "attack Boris -> Carl with test-sword at skull",
        &[2, 2, 2],
    );
    let e = play(&mut s, "no-defense Carl", &[1, 1, 3, 3, 3]);
    let w = wounds(&e);
    assert_eq!((w[0].dr, w[0].multiplier, w[0].injury), (2, 8, 4));
    let c = checks(&e);
    assert_eq!((c[0].what, c[0].value), ("HT (knockdown)", 0));
}

#[test]
fn an_unconscious_fighter_has_a_prospect_after_the_battle_t3_uncon_01_02_03() {
    use fireteam_engine::Aftermath;
    let mut s = melee();
    for (hp, rule) in [(3, "T3-UNCON-01"), (0, "T3-UNCON-02"), (-10, "T3-UNCON-03")] {
        s.fighters[0].hp = hp;
        s.fighters[0].conscious = false;
        let mut events = vec![];
        fireteam_tactical_3d6::Tactical3d6.aftermath(&s, &mut events);
        assert!(
            matches!(&events[0], Event::Recovery { rule: r, .. } if r.0 == rule),
            "{hp}: {events:?}"
        );
    }
}

#[test]
fn after_fifteen_seconds_of_sprinting_ht_or_running_or_lose_a_fatigue_point_t3_move_04() {
    let mut s = alice_with(vec![(0, 14)], (0, 0), (11, 4), Options::default());
    s.fighters[0].maneuver = fireteam_tactical_3d6::state::Maneuver::Move;
    s.fighters[0].moving = 1;
    s.fighters[0].sprinted = 14;
    // The fifteenth second of sprinting: HT 11 (Alice has no Running), rolls 12: −1 FP.
    let e = play(&mut s, "move Alice to 6,0", &[4, 4, 4]);
    assert_eq!(checks(&e)[0].what, "HT or Running");
    assert_eq!(s.fighter(0).fp, 11 - 1);
}

#[test]
fn bracing_adds_one_to_the_aim_and_an_adjustable_sight_builds_a_second_at_a_time_t3_brace_01_t3_aim_04(
) {
    // The pistol (one-handed) held in both hands: braced, Acc 2 + 1.
    let mut s = alice_with(vec![(1, 13)], (1, 1), (6, 1), Options::default());
    play(&mut s, "aim Alice -> Boris", &[]);
    assert_eq!(
        fireteam_tactical_3d6::combat::aim_bonus(&s, 0, 1, 0).map(|a| a.0),
        Some(3)
    );
    // An adjustable sight on the rifle (Acc 4+2): +1 a second up to the scope's 2.
    let mut w = weapons();
    w[0].adjustable_sight = true;
    let mut al = alice();
    al.weapons = vec![(0, 14)];
    let mut s = battle_on(
        vec![al, boris()],
        &[(1, 1), (6, 1)],
        Options::default(),
        Field::open(10, 3),
        w,
    );
    play(&mut s, "order", &[]);
    play(&mut s, "aim Alice -> Boris", &[]);
    // One second: 4 + 1 (sight) = 5; not braced (a two-handed gun with nothing to rest on).
    assert_eq!(
        fireteam_tactical_3d6::combat::aim_bonus(&s, 0, 1, 0).map(|a| a.0),
        Some(5)
    );
}

#[test]
fn crouched_behind_cover_a_second_of_aim_counts_for_nothing_t3_crouch_03_t3_g13() {
    let mut f = Field::open(10, 3);
    f.cover = vec![brick()];
    f.set(
        (1, 1),
        fireteam_tactical_3d6::data::Terrain {
            id: "wall".into(),
            cover: Some(0),
            ..open()
        },
    );
    let mut al = alice();
    al.weapons = vec![(0, 14)];
    let mut s = battle_on(
        vec![al, boris()],
        &[(1, 1), (6, 1)],
        Options::default(),
        f,
        weapons(),
    );
    play(&mut s, "order", &[]);
    play(&mut s, "crouch Alice", &[]);
    play(&mut s, "aim Alice -> Boris", &[]);
    assert_eq!(s.fighter(0).aim, None);
}

#[test]
fn a_stunned_defender_is_at_minus_four_t3_maneuver_02_t3_defense_12() {
    let mut s = melee();
    s.fighters[0].stunned = true;
    play(
        &mut s,
        "attack Boris -> Carl with test-sword at torso",
        &[3, 3, 3],
    );
    let v = defense_values(&s);
    let get = |t: &str| v.iter().find(|(a, _)| a == t).map(|x| x.1);
    assert_eq!(get("dodge Carl"), Some(8 - 4));
}

#[test]
fn ranged_move_and_attack_takes_the_worse_of_minus_two_and_bulk_and_no_aim_t3_maneuver_12_t3_aim_05(
) {
    let mut s = alice_with(vec![(0, 14)], (1, 1), (9, 1), Options::default());
    play(&mut s, "aim Alice -> Boris", &[]);
    play(&mut s, "nothing Boris", &[]);
    let t = legal_texts(&s);
    let to = t
        .iter()
        .find(|a| a.starts_with("move-attack Alice to "))
        .expect("a place to shoot from")
        .clone();
    play(&mut s, &to, &[]);
    let e = play(
        &mut s,
        "attack Alice -> Boris with test-rifle at torso shots 1",
        &[6, 5, 5],
    );
    let c = checks(&e);
    // Bulk −5 is worse than −2.
    assert_eq!(modifier(c[0], "move-attack"), Some(-5));
    // The aim built last second does not apply (it is dropped by the new maneuver).
    assert_eq!(modifier(c[0], "aim"), None);
}

#[test]
fn ranged_all_out_attack_is_plus_one_t3_maneuver_11() {
    let mut s = alice_with(vec![(0, 14)], (1, 1), (6, 1), Options::default());
    let e = play(
        &mut s,
        "aoa +1 Alice -> Boris with test-rifle at torso shots 1",
        &[6, 5, 5],
    );
    assert_eq!(modifier(checks(&e)[0], "aoa"), Some(1));
}

#[test]
fn the_order_is_basic_speed_then_dx_then_a_roll_off_or_the_scenarios_t3_g02() {
    // Alice and Boris share Basic Speed 5.75; Alice's DX 12 beats Boris's 11.
    let s = rifle_at_three();
    assert_eq!(s.order, [0, 1]);
    // Two Alices tie on both: a 3d6 roll-off, highest first.
    let mut twin = alice();
    twin.name = "Twin".into();
    twin.side = 1;
    let mut s = battle(
        vec![alice(), twin],
        &[(1, 1), (4, 1)],
        Options::default(),
        8,
        3,
    );
    let e = play(&mut s, "order", &[1, 1, 1, 6, 6, 6]);
    assert!(matches!(&e[0], Event::OrderSet { rolls, .. } if rolls.len() == 2));
    assert_eq!(s.order, [1, 0]);
}

#[test]
fn failing_knockdown_by_five_is_unconsciousness_t3_knockdown_03() {
    let mut s = melee();
    play(
        &mut s,
        "attack Boris -> Carl with test-sword at torso",
        &[3, 3, 3],
    );
    // 12 ×1.5 = 18 > 5; HT 10 rolls 16: failed by 6.
    let e = play(&mut s, "no-defense Carl", &[5, 6, 6, 5, 5]);
    assert!(e.iter().any(|e| matches!(
        e,
        Event::KnockedDown {
            unconscious: true,
            ..
        }
    )));
    assert!(!s.fighter(0).conscious);
}

#[test]
fn a_death_check_failed_by_one_or_two_is_a_mortal_wound_and_minus_ten_hp_destroys_t3_hp_03_05() {
    let mut s = melee();
    s.fighters[0].hp = -5;
    play(
        &mut s,
        "attack Boris -> Carl with test-sword at torso",
        &[3, 3, 3],
    );
    // 7 ×1.5 = 10: −15, past −10: HT 10 rolls 11, failed by 1: mortally wounded.
    let e = play(&mut s, "no-defense Carl", &[3, 3, 4, 4, 3]);
    assert!(e.iter().any(|e| matches!(e, Event::MortallyWounded { .. })));

    let mut s = melee();
    s.fighters[0].hp = -95;
    play(
        &mut s,
        "attack Boris -> Carl with test-sword at torso",
        &[3, 3, 3],
    );
    let e = play(&mut s, "no-defense Carl", &[3, 3]);
    assert!(e
        .iter()
        .any(|e| matches!(e, Event::Died { rule, .. } if rule.0 == "T3-HP-05")));
}

#[test]
fn a_dive_for_cover_from_suppression_fire_reaches_cover_within_a_step_t3_defense_09_10() {
    // A zone laid down the south-east diagonal; a brick wall stands next to where Boris steps in.
    let mut f = Field::open(12, 5);
    f.cover = vec![brick()];
    let mut al = alice();
    al.weapons = vec![(0, 14)];
    let s0 = battle_on(
        vec![al.clone(), boris()],
        &[(1, 1), (10, 0)],
        Options::default(),
        Field::open(12, 5),
        weapons(),
    );
    let mut probe = s0.clone();
    play(&mut probe, "order", &[]);
    play(
        &mut probe,
        "suppress Alice toward 7,4 with test-rifle shots 10",
        &[],
    );
    let lane = probe.zones[0].cells.clone();
    let c = lane[2];
    let near: Vec<(i16, i16)> = fireteam_tactical_3d6::state::hex(c)
        .neighbours()
        .into_iter()
        .map(|h| {
            let (x, y) = h.to_offset();
            (x as i16, y as i16)
        })
        .filter(|n| !lane.contains(n) && n.0 >= 0 && n.1 >= 0 && n.1 < 5 && *n != (1, 1))
        .collect();
    let (from, wall) = (near[0], near[1]);
    f.set(
        (i32::from(wall.0), i32::from(wall.1)),
        fireteam_tactical_3d6::data::Terrain {
            id: "wall".into(),
            cover: Some(0),
            ..open()
        },
    );
    let mut s = battle_on(
        vec![al, boris()],
        &[(1, 1), from],
        Options::default(),
        f,
        weapons(),
    );
    play(&mut s, "order", &[]);
    play(
        &mut s,
        "suppress Alice toward 7,4 with test-rifle shots 10",
        &[],
    );
    play(
        &mut s,
        &format!("move Boris to {},{}", c.0, c.1),
        &[2, 2, 2],
    );
    // Dive for Cover: Dodge 8 + 2 (shield) + 3 = 13, rolls 9; both hits stopped? One hit plus
    // one per full Rcl (2) of the margin 4: 3, capped at the 2 hits.
    let e = play(&mut s, "dive Boris", &[3, 3, 3]);
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::Dived { to, .. } if *to == wall)),
        "{e:?}"
    );
    assert!(e.iter().any(|e| matches!(
        e,
        Event::HitsStopped {
            stopped: 2,
            left: 0,
            ..
        }
    )));
}
