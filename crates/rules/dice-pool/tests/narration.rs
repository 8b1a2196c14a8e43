//! The words of the narration: no doubled words, and a count of one takes the singular.

use fireteam_dice_pool::event::Event;
use fireteam_dice_pool::narrate::narrate;
use fireteam_dice_pool::resolve::{AttackRoll, DamageRoll, Faces, Modifiers};
use fireteam_dice_pool::setup::demo;
use fireteam_dice_pool::state::Pos;
use fireteam_engine::RuleId;

/// A roll of `pool` dice, each a 1, against 20: a miss.
fn roll(skill: i32, pool: i32) -> AttackRoll {
    let faces: Faces = (0..pool).map(|_| 1u8).collect();
    AttackRoll {
        skill,
        modifiers: Modifiers::new(),
        pool,
        base_difficulty: 20,
        defense_dice: 0,
        defense_faces: Faces::new(),
        defense_total: 0,
        difficulty: 20,
        total: i64::from(pool),
        faces,
        automatic_failure: false,
        hit: false,
    }
}

#[test]
fn a_throw_names_its_skill_once() {
    let s = demo().build();
    let at = Pos { col: 19, row: 1 };
    let line = narrate(
        &s,
        &Event::Thrown {
            unit: 0,
            weapon: 4,
            aim: at,
            landed: at,
            scatter: None,
            roll: roll(4, 4),
            rule: RuleId("DP-GRENADE-01"),
        },
    )
    .unwrap();
    assert!(line.contains(": throwing 4 → 4 dice vs 20"), "{line}");
    assert!(!line.contains("throwing throwing"), "{line}");
}

#[test]
fn one_die_one_wound_and_one_round_are_singular() {
    let s = demo().build();
    let at = Pos { col: 19, row: 1 };
    let line = narrate(
        &s,
        &Event::Thrown {
            unit: 0,
            weapon: 4,
            aim: at,
            landed: at,
            scatter: None,
            roll: roll(1, 1),
            rule: RuleId("DP-GRENADE-01"),
        },
    )
    .unwrap();
    assert!(line.contains("→ 1 die vs 20"), "{line}");

    let damage = DamageRoll {
        dl_dice: 2,
        dl_faces: Faces::from_slice(&[6, 5]),
        dl_total: 11,
        pr_dice: 2,
        pr_faces: Faces::from_slice(&[5, 5]),
        pr_total: 10,
        wounds: 1,
    };
    let line = narrate(
        &s,
        &Event::Damaged {
            target: 3,
            dl: 2,
            roll: damage,
            deferred: false,
            rule: RuleId("DP-DAMAGE-01"),
        },
    )
    .unwrap();
    assert!(line.contains("→ 1 wound, Ben stunned"), "{line}");

    let line = narrate(
        &s,
        &Event::Reloaded {
            unit: 0,
            weapon: 0,
            loaded: 1,
            rule: RuleId("DP-RELOAD-01"),
        },
    )
    .unwrap();
    assert!(line.ends_with(": 1 round [DP-RELOAD-01]"), "{line}");
}
