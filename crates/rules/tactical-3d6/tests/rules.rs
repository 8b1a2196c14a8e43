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
    let mut s = battle(vec![alice(), boris()], &[(1, 1), (2, 1)], Options::default(), 8, 4);
    play(&mut s, "order", &[]);
    // Alice: Guns (Rifle) 14 at close range, torso: 14. Rolls 10: made by 4, one hit.
    let e = play(&mut s, "attack Alice -> Boris with test-rifle at torso shots 1", &[3, 4, 3]);
    let c = checks(&e);
    assert_eq!((c[0].value, c[0].total, c[0].margin, c[0].success), (14, 10, 4, true));
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
    assert_eq!((w[0].rolled, w[0].dr, w[0].penetrating, w[0].injury), (21, 4, 17, 17));
    assert_eq!(s.fighter(1).hp, 7);
    // Boris's turn has begun: the shock is in force for it (T3-SHOCK-01).
    assert_eq!(s.fighter(1).shock, 4);
    assert_eq!((c[1].what, c[1].value, c[1].success), ("HT (knockdown)", 15, true));
}

/// Alice with the rifle 3 yards from Boris (sword and shield), Alice's turn.
fn rifle_at_three() -> fireteam_tactical_3d6::State {
    let mut s = battle(vec![alice(), boris()], &[(1, 1), (4, 1)], Options::default(), 10, 4);
    play(&mut s, "order", &[]);
    s
}

#[test]
fn autofire_scores_a_hit_per_full_rcl_and_four_hits_use_average_damage_t3_autofire_01_02_03() {
    let mut s = rifle_at_three();
    // 9 shots: +2 (T3-TAB-AUTOFIRE) → 16. Rolls 6: made by 10, so 1 + 10/2 = 6 hits.
    let e = play(&mut s, "attack Alice -> Boris with test-rifle at torso shots 9", &[2, 2, 2]);
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
    assert!(w.iter().all(|w| w.rolled == 24 && w.faces.is_empty() && w.injury == 20));
    // 24 − 80 = −56 HP: a knockdown roll (80 > 12) at HT 12 + 3 = 15 (rolls 6), then death
    // checks at −24 and −48 (T3-HP-03), each HT 12 (rolls 9 and 9).
    assert_eq!(s.fighter(1).hp, 24 - 80);
    let c = checks(&e);
    let whats: Vec<&str> = c.iter().map(|c| c.what).collect();
    assert_eq!(whats, ["dodge", "HT (knockdown)", "HT (death)", "HT (death)"]);
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
    let e = play(&mut s, "attack Alice -> Boris with test-rifle at torso shots 1", &[5, 5, 5]);
    let c = checks(&e);
    assert_eq!(modifier(c[0], "aim"), Some(8));
    assert_eq!(c[0].value, 14 + 8);
    assert_eq!(s.fighter(0).aim, None, "the attack spends the aim");
}

#[test]
fn an_active_defense_loses_the_aim_but_not_an_evaluate_t3_aim_05_t3_maneuver_06_t3_g44() {
    let mut s = battle(vec![alice(), boris()], &[(1, 1), (4, 1)], Options::default(), 10, 4);
    play(&mut s, "order", &[]);
    play(&mut s, "aim Alice -> Boris", &[]);
    assert!(s.fighter(0).aim.is_some());
    // Boris closes in: Move to (2,1), next to Alice.
    play(&mut s, "move Boris to 2,1", &[]);
    play(&mut s, "evaluate Alice -> Boris", &[]);
    assert_eq!(s.fighter(0).aim, None, "another maneuver drops the aim (T3-G14)");
    assert_eq!(s.fighter(0).evaluate, Some((1, 1)));
    // Boris attacks; Alice dodges (and keeps her Evaluate).
    play(&mut s, "attack Boris -> Alice with test-sword at torso", &[3, 3, 3]);
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
    let mut s = battle(vec![carl, boris()], &[(1, 1), (2, 1)], Options::default(), 8, 4);
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
    play(&mut s, "attack Boris -> Carl with test-sword at torso", &[3, 3, 3]);
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
    play(&mut s, "aoa double Boris -> Carl with test-sword at torso", &[3, 3, 3]);
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
    play(&mut s, "aoa double Boris -> Carl with test-sword at torso", &[3, 3, 3]);
    let e = play(&mut s, "parry Carl with test-knife retreat", &[2, 2, 2]);
    assert!(e.iter().any(|e| matches!(e, Event::Retreated { .. })));
    assert!(e.iter().any(|e| matches!(e, Event::StrikeLost { .. })));
    let d = fireteam_tactical_3d6::state::distance(s.fighter(0).at, s.fighter(1).at);
    assert_eq!(d, 2);
}
