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
