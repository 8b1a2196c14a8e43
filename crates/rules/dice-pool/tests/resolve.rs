//! dice-pool rolls with forced dice and exact odds. Test names carry the rule IDs.

use fireteam_dice::{enumerate, ScriptedSource, SourceError};
use fireteam_dice_pool::data::{band_of, sample, Band, FireMode};
use fireteam_dice_pool::resolve::*;
use fireteam_dice_pool::Options;
use num_bigint::BigInt;
use num_rational::BigRational;

fn script(v: &[i64]) -> ScriptedSource {
    ScriptedSource::new(v.to_vec())
}

fn ratio(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

fn ids(m: &Modifiers) -> Vec<(&str, i32, bool, &str)> {
    m.iter()
        .map(|x| (x.id, x.value, x.applied, x.rule.0))
        .collect()
}

#[test]
fn dp_tab_range_difficulties_and_bands() {
    let bands = sample::pistol().range_bands; // 10 / 25 / 50 / 100 m
    assert_eq!(band_of(bands, 0), Some(Band::Short));
    assert_eq!(band_of(bands, 10), Some(Band::Short));
    assert_eq!(band_of(bands, 11), Some(Band::Medium));
    assert_eq!(band_of(bands, 50), Some(Band::Long));
    assert_eq!(band_of(bands, 100), Some(Band::Extreme));
    assert_eq!(band_of(bands, 101), None, "DP-G04: no shot beyond extreme");
    let d: Vec<i64> = [Band::Short, Band::Medium, Band::Long, Band::Extreme]
        .iter()
        .map(|b| b.difficulty())
        .collect();
    assert_eq!(d, vec![10, 15, 20, 30]);
}

#[test]
fn dp_scope_01_moves_bands_closer_never_below_short() {
    assert_eq!(Band::Extreme.closer(1), Band::Long);
    assert_eq!(Band::Medium.closer(1), Band::Short);
    assert_eq!(Band::Short.closer(2), Band::Short);
}

#[test]
fn dp_mod_01_every_row_of_the_modifier_table() {
    let opts = Options::default();
    let all = PoolInputs {
        movement: Movement::Run,
        stunned: true,
        wounded: false,
        drawing: true,
        fast_draw: false,
        aiming: true,
        darkness: Darkness::Partial,
        cover: Cover::ThreeQuarters,
        size: Size::Large,
        laser_sight: true,
        smart: true,
    };
    let m = attack_modifiers(AttackKind::Shot(FireMode::SA), &all, &opts);
    assert_eq!(
        ids(&m),
        vec![
            ("running", -1, true, "DP-MOVE-02"),
            ("stunned-or-wounded", -1, true, "DP-MOD-03"),
            ("drawing", -1, true, "DP-DRAW-01"),
            ("darkness-partial", -1, true, "DP-MOD-04"),
            ("cover-75", -2, true, "DP-MOD-04"),
            ("size-large", 1, true, "DP-MOD-04"),
            ("laser-sight", 1, true, "DP-MOD-02"),
            ("smart-weapon", 1, true, "DP-MOD-05"),
            ("aiming", 2, true, "DP-AIM-01"),
        ]
    );
    assert_eq!(fireteam_dice_pool::resolve::total(&m), -1);
}

#[test]
fn dp_mod_02_laser_sight_never_helps_full_auto_and_dp_fire_03_costs_two_dice() {
    let p = PoolInputs {
        laser_sight: true,
        ..PoolInputs::default()
    };
    let m = attack_modifiers(AttackKind::Shot(FireMode::FA), &p, &Options::default());
    assert_eq!(
        ids(&m),
        vec![
            ("laser-sight", 1, false, "DP-MOD-02"),
            ("full-auto", -2, true, "DP-FIRE-03")
        ]
    );
    assert_eq!(m[0].reason, Some("only for non-autofire attacks"));
}

#[test]
fn dp_mod_03_stunned_and_wounded_is_one_row_unless_dp_g06_flag() {
    let both = PoolInputs {
        stunned: true,
        wounded: true,
        ..PoolInputs::default()
    };
    let m = attack_modifiers(AttackKind::Melee, &both, &Options::default());
    assert_eq!(ids(&m), vec![("stunned-or-wounded", -1, true, "DP-MOD-03")]);
    let opts = Options {
        stun_and_wound_stack: true,
        ..Options::default()
    };
    let m = attack_modifiers(AttackKind::Melee, &both, &opts);
    assert_eq!(
        ids(&m),
        vec![("stunned-and-wounded", -2, true, "DP-MOD-03")]
    );
}

#[test]
fn dp_move_02_03_05_movement_penalties() {
    let o = Options::default();
    for (mv, want) in [
        (Movement::Walk, None),
        (Movement::Run, Some(("running", "DP-MOVE-02"))),
        (Movement::Crawl, Some(("crawling", "DP-MOVE-03"))),
        (Movement::FallProne, None),
        (Movement::StandUp, Some(("standing-up", "DP-MOVE-05"))),
    ] {
        let m = attack_modifiers(
            AttackKind::Throw,
            &PoolInputs {
                movement: mv,
                ..PoolInputs::default()
            },
            &o,
        );
        assert_eq!(m.first().map(|x| (x.id, x.rule.0)), want, "{mv:?}");
    }
}

#[test]
fn dp_g17_melee_ignores_sights_aiming_and_smart_weapons() {
    let p = PoolInputs {
        aiming: true,
        laser_sight: true,
        smart: true,
        ..PoolInputs::default()
    };
    assert!(attack_modifiers(AttackKind::Melee, &p, &Options::default()).is_empty());
}

#[test]
fn dp_draw_02_fast_draw_success_lifts_the_penalty() {
    let p = PoolInputs {
        drawing: true,
        fast_draw: true,
        ..PoolInputs::default()
    };
    let m = attack_modifiers(AttackKind::Shot(FireMode::SS), &p, &Options::default());
    assert_eq!(ids(&m), vec![("drawing", -1, false, "DP-DRAW-01")]);
}

#[test]
fn dp_shoot_01_dodge_dice_raise_the_difficulty_then_the_pool_rolls() {
    // Dodge 2 dice: 3 + 4 → difficulty 10 + 7 = 17; pool 5: 6+5+4+1+1 = 17 → a hit (≥).
    let mut d = script(&[3, 4, 6, 5, 4, 1, 1]);
    let r = roll_attack(
        &mut d,
        Who::NONE,
        5,
        Modifiers::new(),
        10,
        2,
        &Options::default(),
    )
    .unwrap();
    assert_eq!(
        (r.defense_total, r.difficulty, r.total, r.hit),
        (7, 17, 17, true)
    );
    assert_eq!(r.faces.as_slice(), &[6, 5, 4, 1, 1]);
    assert_eq!(r.defense_faces.as_slice(), &[3, 4]);
    // DP-G02 flag: strictly greater turns the same roll into a miss.
    let mut d = script(&[3, 4, 6, 5, 4, 1, 1]);
    let strict = Options {
        strictly_greater: true,
        ..Options::default()
    };
    assert!(
        !roll_attack(&mut d, Who::NONE, 5, Modifiers::new(), 10, 2, &strict)
            .unwrap()
            .hit
    );
}

#[test]
fn dp_g15_a_pool_of_no_dice_fails_without_a_roll() {
    let mut d = script(&[]);
    let mods: Modifiers = attack_modifiers(
        AttackKind::Shot(FireMode::FA),
        &PoolInputs::default(),
        &Options::default(),
    );
    let r = roll_attack(&mut d, Who::NONE, 2, mods, 10, 0, &Options::default()).unwrap();
    assert_eq!((r.pool, r.automatic_failure, r.hit), (0, true, false));
}

#[test]
fn dp_damage_01_stun_or_wounds_by_the_difference() {
    // DL 3: 6+6+5 = 17 against PR 3 + armor 1 = 4 dice: 1+2+1+1 = 5 → 12 wounds.
    let mut d = script(&[6, 6, 5, 1, 2, 1, 1]);
    let r = roll_damage(&mut d, Who::NONE, 3, 3, 1, &Options::default()).unwrap();
    assert_eq!(
        (r.dl_total, r.pr_dice, r.pr_total, r.wounds),
        (17, 4, 5, 12)
    );
    // PR ≥ DL: stunned only, no wounds.
    let mut d = script(&[1, 1, 1, 6, 6, 6, 6]);
    let r = roll_damage(&mut d, Who::NONE, 3, 3, 1, &Options::default()).unwrap();
    assert_eq!(r.wounds, 0);
}

#[test]
fn dp_damage_02_armor_as_dice_or_flat_with_dp_g05_flag() {
    let flat = Options {
        armor_flat: true,
        ..Options::default()
    };
    let mut d = script(&[6, 6, 6, 1, 1, 1]);
    let r = roll_damage(&mut d, Who::NONE, 3, 3, 2, &flat).unwrap();
    assert_eq!((r.pr_dice, r.pr_total, r.wounds), (3, 5, 13));
}

#[test]
fn dp_damage_03_full_auto_adds_two_damage_dice() {
    assert_eq!(damage_level(3, AttackKind::Shot(FireMode::FA)), 5);
    assert_eq!(damage_level(3, AttackKind::Shot(FireMode::SA)), 3);
    assert_eq!(damage_level(2, AttackKind::Melee), 2);
}

#[test]
fn dp_init_01_04_initiative_and_the_extra_action() {
    let i = roll_initiative(&mut script(&[6]), Who::NONE, 4).unwrap();
    assert_eq!((i.total, i.extra_action), (10, true));
    let i = roll_initiative(&mut script(&[5]), Who::NONE, 4).unwrap();
    assert_eq!((i.total, i.extra_action), (9, false));
}

#[test]
fn dp_e02_extra_action_odds_are_dex_minus_3_over_6() {
    for dex in 4..=9 {
        let odds = enumerate(|e| -> Result<bool, SourceError> {
            Ok(roll_initiative(e, Who::NONE, dex)?.extra_action)
        })
        .unwrap();
        let p_true = odds
            .outcomes
            .iter()
            .find(|(v, _)| *v)
            .map(|(_, p)| p.clone())
            .unwrap();
        assert_eq!(p_true, ratio(i64::from(dex) - 3, 6), "Dex {dex}");
    }
}

#[test]
fn dp_e04_pool_odds_match_the_reference_table() {
    // P(sum of N d6 ≥ D) from GAPS.md Part A, exactly.
    let p = |n: i32, diff: i64| {
        let odds = enumerate(|e| -> Result<bool, SourceError> {
            Ok(roll_attack(
                e,
                Who::NONE,
                n,
                Modifiers::new(),
                diff,
                0,
                &Options::default(),
            )?
            .hit)
        })
        .unwrap();
        odds.outcomes
            .iter()
            .find(|(v, _)| *v)
            .map(|(_, p)| p.clone())
            .unwrap_or_else(|| ratio(0, 1))
    };
    assert_eq!(p(4, 10), ratio(1170, 1296)); // 90.3%
    assert_eq!(p(4, 15), ratio(575, 1296)); // 44.4%
    assert_eq!(p(5, 30), ratio(1, 7776));
    assert_eq!(p(3, 15), ratio(20, 216)); // 9.3%
    assert_eq!(p(1, 10), ratio(0, 1));
}

#[test]
fn dp_e06_a_blast_can_never_reach_the_extreme_difficulty() {
    let odds = enumerate(|e| -> Result<bool, SourceError> {
        Ok(roll_attack(
            e,
            Who::NONE,
            BLAST_DICE,
            Modifiers::new(),
            Band::Extreme.difficulty(),
            0,
            &Options::default(),
        )?
        .hit)
    })
    .unwrap();
    assert_eq!(odds.outcomes.len(), 1);
    assert!(!odds.outcomes[0].0);
}

#[test]
fn dp_g19_blast_bands_by_distance_from_the_burst() {
    // R = 9 m: ≤3 short, ≤6 medium, ≤9 long, beyond untouched.
    assert_eq!(blast_band(9, 0), Some(Band::Short));
    assert_eq!(blast_band(9, 3), Some(Band::Short));
    assert_eq!(blast_band(9, 4), Some(Band::Medium));
    assert_eq!(blast_band(9, 6), Some(Band::Medium));
    assert_eq!(blast_band(9, 9), Some(Band::Long));
    assert_eq!(blast_band(9, 10), None);
}

#[test]
fn dp_grenade_02_scatter_rolls_distance_then_direction() {
    let s = roll_scatter(&mut script(&[4, 1])).unwrap();
    assert_eq!((s.distance_m, s.direction), (4, 1));
}

#[test]
fn dp_draw_02_fast_draw_is_dexterity_against_ten_with_movement_penalties() {
    // Dexterity 4, running: 3 dice. 4+3+3 = 10 → success.
    let r = roll_fast_draw(
        &mut script(&[4, 3, 3]),
        Who::NONE,
        4,
        Movement::Run,
        false,
        false,
        &Options::default(),
    )
    .unwrap();
    assert_eq!((r.pool, r.total, r.hit), (3, 10, true));
}

#[test]
fn dp_draw_02_the_fast_draw_is_asked_for_as_fast_draw_dice() {
    // A person at the table reads what the roll is: a fast draw, not an attack.
    let mut asked = Vec::new();
    let mut dice = fireteam_dice::ManualSource::new(
        std::io::Cursor::new(b"4 3 3\n".to_vec()),
        &mut asked,
        fireteam_dice::SeededSource::new(1),
    );
    let who = Who {
        by: "Kit",
        against: "",
    };
    let r = roll_fast_draw(
        &mut dice,
        who,
        4,
        Movement::Run,
        false,
        false,
        &Options::default(),
    )
    .unwrap();
    assert!(r.hit);
    let asked = String::from_utf8(asked).unwrap();
    assert!(
        asked.contains("Roll 3d6 for Kit's fast-draw dice."),
        "{asked}"
    );
    assert!(!asked.contains("attack"), "{asked}");
}
