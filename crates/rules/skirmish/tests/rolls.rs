//! SKIRMISH! rolls with forced values and exact odds: the damage ladder (SK-12.6), the unarmed
//! table (SK-16.15.1-T1) and the automatic results of the roll to hit (SK-12.1, G-01).
//! Test names carry the rule IDs; the gap (G-nn) and worked-example (E-nn) numbers are GAPS.md's.

use fireteam_skirmish::autoresult::*;
use fireteam_skirmish::progression::*;
use fireteam_skirmish::schema::parse_damage;
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------------
// The damage ladder (SK-12.6-a…T1, SK-16.15.2-a).

fn d(dice: u8, adds: i16) -> Damage {
    Damage::new(dice, adds)
}

#[test]
fn sk_12_6_t1_step_values_of_the_printed_table() {
    // SK-12.6-T1: column k dice at row +b is step 6k + b; both forms of "A / B" cells.
    let cells: [(&str, i32); 30] = [
        ("1", 1),
        ("2", 2),
        ("1d6-4", 2),
        ("1d6-3", 3),
        ("1d6-2", 4),
        ("1d6-1", 5),
        ("1d6", 6),
        ("1d6+1", 7),
        ("1d6+2", 8),
        ("1d6+3", 9),
        ("2d6-3", 9),
        ("2d6-2", 10),
        ("2d6-1", 11),
        ("2d6", 12),
        ("2d6+1", 13),
        ("2d6+2", 14),
        ("2d6+3", 15),
        ("3d6-3", 15),
        ("3d6-2", 16),
        ("3d6-1", 17),
        ("3d6", 18),
        ("3d6+1", 19),
        ("3d6+2", 20),
        ("3d6+3", 21),
        ("4d6-3", 21),
        ("4d6-2", 22),
        ("4d6-1", 23),
        ("4d6", 24),
        ("4d6+1", 25),
        ("1d6-5", 1),
    ];
    for (text, n) in cells {
        let (dice, adds) = parse_damage(text).unwrap();
        assert_eq!(d(dice, adds).step(), n, "{text}");
    }
}

#[test]
fn sk_12_6_b_cusps_go_to_fewer_dice_plus_three() {
    // SK-12.6-b / G-34: "usually the better choice is fewer dice with the bonus".
    assert_eq!(d(2, -3).plus(0), d(1, 3));
    assert_eq!(d(3, -3).plus(0), d(2, 3));
    assert_eq!(d(4, -3).plus(0), d(3, 3));
    assert_eq!(Damage::points(0).plus(21), d(3, 3));
}

#[test]
fn e_08_sk_12_6_a_and_c_the_books_progression_examples() {
    // SK-12.6-a: 1d6+2 with +1 -> 1d6+3 (or 2d6-3); +1 more -> 2d6-2.
    let once = d(1, 2).plus(1);
    assert_eq!(once, d(1, 3));
    assert_eq!(once.step(), d(2, -3).step());
    assert_eq!(once.plus(1), d(2, -2));
    // SK-12.6-c: 1d6+3 with +4 -> 1d6+7 -> 2d6+1; 1d6-3 with +4 -> 1d6+1.
    assert_eq!(d(1, 3).plus(4), d(2, 1));
    assert_eq!(d(1, -3).plus(4), d(1, 1));
    // E-08 note: the ladder does not keep the mean (10.5 against 8); as written.
    assert_eq!(d(1, 7).plus(0), d(2, 1));
}

#[test]
fn g_34_sk_12_6_a_bottom_of_the_ladder() {
    // Steps 1 and 2 from a 0-dice source stay points.
    assert_eq!(Damage::points(0).plus(1), Damage::points(1));
    assert_eq!(Damage::points(0).plus(2), Damage::points(2));
    assert_eq!(Damage::points(1).plus(1), Damage::points(2));
    // Step 3 from points reads the 0-dice column's +3 row: 1d6-3.
    assert_eq!(Damage::points(2).plus(1), d(1, -3));
    // A dice source that falls to step 2 stays 1d6-4; to step 1, 1d6-5 (INVENTED, G-34).
    assert_eq!(d(1, -2).plus(-2), d(1, -4));
    assert_eq!(d(1, -2).plus(-3), d(1, -5));
    assert_eq!(d(2, 0).plus(-11), d(1, -5));
    // Step <= 0 -> 0 damage (SK-12.3-c's minimum of 1 against unarmored is applied later).
    assert_eq!(d(1, -2).plus(-4), Damage::points(0));
    assert_eq!(d(1, 0).plus(-20), Damage::points(0));
    assert_eq!(Damage::points(2).plus(-2), Damage::points(0));
    // Back up from the bottom forms.
    assert_eq!(d(1, -5).plus(2), d(1, -3));
    assert_eq!(d(1, -4).plus(0), d(1, -4));
}

#[test]
fn sk_12_6_a_step_min_max_and_display() {
    assert_eq!(d(2, -2).to_string(), "2d6-2");
    assert_eq!(d(1, 0).to_string(), "1d6");
    assert_eq!(d(3, 1).to_string(), "3d6+1");
    assert_eq!(Damage::points(4).to_string(), "4");
    assert_eq!(Damage::points(0).to_string(), "0");
    assert_eq!(d(1, -5).to_string(), "1d6-5");
    assert_eq!(d(7, 3).to_string(), "7d6+3");
    assert_eq!(d(2, -2).step(), 10);
    assert_eq!(Damage::points(4).step(), 4);
    assert_eq!((d(2, -2).min(), d(2, -2).max()), (0, 10));
    assert_eq!((d(3, 1).min(), d(3, 1).max()), (4, 19));
    assert_eq!((Damage::points(4).min(), Damage::points(4).max()), (4, 4));
    assert_eq!((d(1, -5).min(), d(1, -5).max()), (-4, 1));
    // Display round-trips through the schema's reader.
    for x in [d(2, -2), d(1, 0), d(3, 1), Damage::points(4), d(5, 3)] {
        let (dice, adds) = parse_damage(&x.to_string()).unwrap();
        assert_eq!(d(dice, adds), x);
    }
}

#[test]
fn sk_16_15_2_a_repeats_the_ladder() {
    // SK-16.15.2-a: §16.15.2 is §12.6 word for word; the same function serves both.
    assert_eq!(d(1, 2).plus(2), d(2, -2));
}

// ---------------------------------------------------------------------------------------------
// The unarmed table (SK-16.15.1-T1, SK-16.15.1-b; G-02, E-11).

/// SK-16.15.1-T1 exactly as printed: (a STR value in the row, the row's other ends, cells).
const UNARMED_TABLE: [(&str, &[i32], [&str; 5]); 8] = [
    (
        "8 or less",
        &[8, 3, 1, 0, -5],
        ["1d6 – 4", "1d6 – 3", "1d6 – 2", "1d6 – 1", "1d6"],
    ),
    (
        "9 or 10",
        &[9, 10],
        ["1d6 – 3", "1d6 – 2", "1d6 – 1", "1d6", "1d6 + 1"],
    ),
    (
        "11 or 12",
        &[11, 12],
        ["1d6 – 2", "1d6 – 1", "1d6", "1d6 + 1", "1d6 + 2"],
    ),
    (
        "13 or 14",
        &[13, 14],
        ["1d6 – 1", "1d6", "1d6 + 1", "1d6 + 2", "1d6 + 3"],
    ),
    (
        "15 or 16",
        &[15, 16],
        ["1d6", "1d6 + 1", "1d6 + 2", "1d6 + 3", "2d6 – 2"],
    ),
    (
        "17 to 20",
        &[17, 18, 19, 20],
        ["1d6 + 1", "1d6 + 2", "1d6 + 3", "2d6 – 2", "2d6 – 1"],
    ),
    (
        "21 to 24",
        &[21, 22, 23, 24],
        ["1d6 + 2", "1d6 + 3", "2d6 – 2", "2d6 – 1", "2d6"],
    ),
    (
        "25 to 30",
        &[25, 27, 30],
        ["1d6 + 3", "2d6 – 2", "2d6 – 1", "2d6", "2d6 + 1"],
    ),
];

#[test]
fn sk_16_15_1_t1_all_40_printed_cells_e_11() {
    let mut cells = 0;
    for (row, strengths, printed) in UNARMED_TABLE {
        for (column, text) in StrColumn::ALL.into_iter().zip(printed) {
            let (dice, adds) = parse_damage(text).unwrap();
            let want = d(dice, adds);
            for &s in strengths {
                let got = unarmed_damage(s, column);
                assert_eq!(got, want, "STR {s} ({row}), {column:?}: printed {text}");
                // The printed typography, normalised, is the Display form.
                assert_eq!(
                    got.to_string(),
                    text.replace(" – ", "-").replace(" + ", "+")
                );
            }
            cells += 1;
        }
    }
    assert_eq!(cells, 40);
}

#[test]
fn sk_16_15_1_b_columns_are_offsets_on_the_ladder_e_11() {
    // SK-16.15.1-b: HTH +1, brass knuckles +2, one-handed club +3, two-handed club / knife +4.
    let offsets: Vec<i32> = StrColumn::ALL.iter().map(|c| c.steps()).collect();
    assert_eq!(offsets, vec![0, 1, 2, 3, 4]);
    for s in -2..=40 {
        let base = unarmed_damage(s, StrColumn::Damage);
        for c in StrColumn::ALL {
            assert_eq!(unarmed_damage(s, c), base.plus(c.steps()), "STR {s} {c:?}");
        }
    }
    // E-11's base steps by band.
    let bases: Vec<i32> = [8, 10, 12, 14, 16, 20, 24, 30]
        .iter()
        .map(|&s| unarmed_damage(s, StrColumn::Damage).step())
        .collect();
    assert_eq!(bases, vec![2, 3, 4, 5, 6, 7, 8, 9]);
}

#[test]
fn g_02_sk_16_15_1_t1_beyond_str_30_is_invented_bands_of_six() {
    // G-02 (INVENTED): 31-36 -> step 10, 37-42 -> step 11, ...
    assert_eq!(unarmed_damage(31, StrColumn::Damage), d(2, -2));
    assert_eq!(unarmed_damage(36, StrColumn::Damage), d(2, -2));
    assert_eq!(unarmed_damage(37, StrColumn::Damage), d(2, -1));
    assert_eq!(unarmed_damage(43, StrColumn::Damage), d(2, 0));
    assert_eq!(unarmed_damage(31, StrColumn::Club2), d(2, 2));
    // STR below 1 reads the "8 or less" row.
    assert_eq!(unarmed_damage(-3, StrColumn::Damage), d(1, -4));
    assert_eq!(unarmed_damage(0, StrColumn::Hth), d(1, -3));
}

#[test]
fn e_03_sk_12_6_d_punch_on_the_str_ladder() {
    // G-02 option sk.punch_damage = str_ladder: STR 10 -> 2d6-2, STR 14 -> 2d6+2.
    assert_eq!(punch_str_ladder(10), d(2, -2));
    assert_eq!(punch_str_ladder(14), d(2, 2));
    assert_eq!(punch_str_ladder(1), Damage::points(1));
    assert_eq!(punch_str_ladder(2), Damage::points(2));
    assert_eq!(punch_str_ladder(3), d(1, -3));
    assert_eq!(punch_str_ladder(0), Damage::points(0));
    assert_eq!(punch_str_ladder(24), d(4, 0));
    // E-03's clash with the table (the G-02 default): 7 steps apart at STR 10, 9 at STR 14.
    assert_eq!(
        punch_str_ladder(10).step() - unarmed_damage(10, StrColumn::Damage).step(),
        7
    );
    assert_eq!(
        punch_str_ladder(14).step() - unarmed_damage(14, StrColumn::Damage).step(),
        9
    );
}

fn any_damage() -> impl Strategy<Value = Damage> {
    (0u8..=10, -12i16..=12).prop_map(|(dice, adds)| Damage::new(dice, adds))
}

/// SK-12.6-a / G-34: ladder form. 0 dice: 0, 1 or 2 points; dice: adds in -3..=3, except the
/// bottom forms 1d6-4 (step 2) and 1d6-5 (step 1).
fn is_ladder_form(x: Damage) -> bool {
    if x.dice == 0 {
        (0..=2).contains(&x.adds)
    } else {
        (-3..=3).contains(&x.adds) || (x.dice == 1 && (x.adds == -4 || x.adds == -5))
    }
}

proptest! {
    /// SK-12.6-c / G-34: plus() moves exactly `bonus` steps (or to 0).
    #[test]
    fn sk_12_6_c_plus_moves_along_the_ladder(x in any_damage(), a in -40i32..=40) {
        let y = x.plus(a);
        prop_assert_eq!(y.step(), (x.step() + a).max(0));
        prop_assert!(is_ladder_form(y), "{} + {} = {:?}", x, a, y);
        if y.step() >= 3 {
            prop_assert!(y.dice >= 1 && (-3..=3).contains(&y.adds));
        }
    }

    /// SK-12.6-c / G-34: adding in two goes is adding once, while the value stays on the ladder.
    #[test]
    fn sk_12_6_c_plus_is_step_additive(x in any_damage(), a in -30i32..=30, b in -30i32..=30) {
        let once = x.plus(a + b);
        let twice = x.plus(a).plus(b);
        if x.step() + a >= 1 {
            prop_assert_eq!(twice.step(), once.step());
        }
        if x.step() + a >= 3 && x.step() + a + b >= 3 {
            prop_assert_eq!(twice, once);
        }
        prop_assert!(is_ladder_form(twice));
    }
}

// ---------------------------------------------------------------------------------------------
// The roll to hit (SK-12.1, SK-5.9.1-c, SK-11.4-d, SK-16.15.4-e, SK-6.4.3-a; G-01, G-15, G-47).

/// One letter per outcome: '3' '2' '1' automatic hit ×3/×2/×1; 'd' ordinary hit ×2 (Fencing);
/// 'h' ordinary hit ×1; 'm' ordinary miss; 'M' automatic miss; 'D' dropped; 'B' broken.
fn code(r: ToHit) -> char {
    match r {
        ToHit::Hit {
            mult: 3,
            automatic: true,
        } => '3',
        ToHit::Hit {
            mult: 2,
            automatic: true,
        } => '2',
        ToHit::Hit {
            mult: 1,
            automatic: true,
        } => '1',
        ToHit::Hit {
            mult: 2,
            automatic: false,
        } => 'd',
        ToHit::Hit {
            mult: 1,
            automatic: false,
        } => 'h',
        ToHit::Miss { automatic: false } => 'm',
        ToHit::Miss { automatic: true } => 'M',
        ToHit::Dropped => 'D',
        ToHit::Broken => 'B',
        other => panic!("unexpected {other:?}"),
    }
}

/// Expected outcomes written as runs: `runs(&[('1', 2), ('m', 14)])` = "11mmmmmmmmmmmmmm".
fn runs(parts: &[(char, usize)]) -> String {
    parts
        .iter()
        .flat_map(|&(c, n)| std::iter::repeat_n(c, n))
        .collect()
}

/// Every roll `dice` d6 can make, classified against `target`.
fn outcomes(dice: u8, target: i32, version: AutoVersion, fencing: bool) -> String {
    let lo = i32::from(dice);
    (lo..=6 * lo)
        .map(|roll| code(classify(dice, roll, target, version, fencing).result))
        .collect()
}

fn check(dice: u8, version: AutoVersion, fencing: bool, target: i32, want: &[(char, usize)]) {
    let want = runs(want);
    assert_eq!(want.len(), 5 * usize::from(dice) + 1, "test table length");
    assert_eq!(
        outcomes(dice, target, version, fencing),
        want,
        "{dice}d6 {version:?} fencing {fencing} vs {target}"
    );
}

use AutoVersion::{A, B};

#[test]
fn sk_12_1_c_3d6_automatic_hits_triple_double_normal() {
    for v in [A, B] {
        check(
            3,
            v,
            false,
            2,
            &[
                ('3', 1),
                ('2', 1),
                ('1', 1),
                ('m', 10),
                ('M', 1),
                ('D', 1),
                ('B', 1),
            ],
        );
        check(
            3,
            v,
            false,
            12,
            &[
                ('3', 1),
                ('2', 1),
                ('1', 1),
                ('h', 7),
                ('m', 3),
                ('M', 1),
                ('D', 1),
                ('B', 1),
            ],
        );
        check(
            3,
            v,
            false,
            20,
            &[
                ('3', 1),
                ('2', 1),
                ('1', 1),
                ('h', 10),
                ('M', 1),
                ('D', 1),
                ('B', 1),
            ],
        );
    }
    let c = classify(3, 3, -10, A, false);
    assert_eq!(
        c.result,
        ToHit::Hit {
            mult: 3,
            automatic: true
        }
    );
    assert_eq!(c.rule.0, "SK-12.1-c");
    assert_eq!(c.margin, -13);
    assert_eq!(
        classify(3, 4, 2, A, false).result,
        ToHit::Hit {
            mult: 2,
            automatic: true
        }
    );
    assert_eq!(
        classify(3, 5, 2, A, false).result,
        ToHit::Hit {
            mult: 1,
            automatic: true
        }
    );
    assert_eq!(classify(3, 5, 2, A, false).rule.0, "SK-12.1-c");
}

#[test]
fn sk_12_1_d_3d6_16_miss_17_dropped_18_broken() {
    for target in [2, 12, 20, 30] {
        let r = |roll| classify(3, roll, target, A, false);
        assert_eq!(r(16).result, ToHit::Miss { automatic: true });
        assert_eq!(r(17).result, ToHit::Dropped);
        assert_eq!(r(18).result, ToHit::Broken);
        for roll in 16..=18 {
            assert_eq!(r(roll).rule.0, "SK-12.1-d");
            assert_eq!(r(roll).margin, target - roll);
        }
    }
}

#[test]
fn sk_12_1_a_g_15_hit_on_equal_or_less() {
    // G-15: "≤", not "<".
    let c = classify(3, 12, 12, A, false);
    assert_eq!(
        c.result,
        ToHit::Hit {
            mult: 1,
            automatic: false
        }
    );
    assert_eq!((c.rule.0, c.margin), ("SK-12.1-a", 0));
    let c = classify(3, 13, 12, A, false);
    assert_eq!(c.result, ToHit::Miss { automatic: false });
    assert_eq!((c.rule.0, c.margin), ("SK-12.1-a", -1));
    // E-01 / SK-5.9.2-a: DEX 12, roll 9 -> margin 3.
    assert_eq!(classify(3, 9, 12, A, false).margin, 3);
}

#[test]
fn sk_6_4_3_a_g_47_fencing_replaces_the_3d6_multipliers() {
    for v in [A, B] {
        check(
            3,
            v,
            true,
            2,
            &[('3', 2), ('2', 1), ('m', 10), ('M', 1), ('D', 1), ('B', 1)],
        );
        check(
            3,
            v,
            true,
            12,
            &[
                ('3', 2),
                ('2', 1),
                ('d', 2),
                ('h', 5),
                ('m', 3),
                ('M', 1),
                ('D', 1),
                ('B', 1),
            ],
        );
        check(
            3,
            v,
            true,
            20,
            &[
                ('3', 2),
                ('2', 1),
                ('d', 2),
                ('h', 8),
                ('M', 1),
                ('D', 1),
                ('B', 1),
            ],
        );
    }
    for roll in 3..=7 {
        assert_eq!(
            classify(3, roll, 14, A, true).rule.0,
            "SK-6.4.3-a",
            "roll {roll}"
        );
    }
    // A 6 or 7 that misses is an ordinary miss.
    assert_eq!(classify(3, 7, 6, A, true).rule.0, "SK-12.1-a");
    assert_eq!(classify(3, 8, 14, A, true).rule.0, "SK-12.1-a");
    // Fencing does nothing on other dice counts (G-01: no multipliers on 4d6/5d6).
    for dice in [1u8, 2, 4, 5, 6] {
        for v in [A, B] {
            for target in [2, 12, 20] {
                assert_eq!(
                    outcomes(dice, target, v, true),
                    outcomes(dice, target, v, false)
                );
            }
        }
    }
}

#[test]
fn sk_5_9_1_c_sk_11_4_d_4d6_version_a() {
    // 4-5 hit (no other effects), 20 miss, 21-22 dropped, 23-24 broken.
    check(
        4,
        A,
        false,
        2,
        &[('1', 2), ('m', 14), ('M', 1), ('D', 2), ('B', 2)],
    );
    check(
        4,
        A,
        false,
        12,
        &[('1', 2), ('h', 7), ('m', 7), ('M', 1), ('D', 2), ('B', 2)],
    );
    check(
        4,
        A,
        false,
        20,
        &[('1', 2), ('h', 14), ('M', 1), ('D', 2), ('B', 2)],
    );
    check(
        4,
        A,
        false,
        30,
        &[('1', 2), ('h', 14), ('M', 1), ('D', 2), ('B', 2)],
    );
    for roll in [4, 5, 20, 21, 22, 23, 24] {
        assert_eq!(classify(4, roll, 12, A, false).rule.0, "SK-5.9.1-c");
    }
    assert_eq!(classify(4, 6, 12, A, false).rule.0, "SK-12.1-a");
    assert_eq!(classify(4, 19, 12, A, false).rule.0, "SK-12.1-a");
}

#[test]
fn sk_12_1_g_4d6_version_b() {
    // Below 8 (4-7) hit, above 20 (21-24) miss; nothing is dropped or broken.
    check(4, B, false, 2, &[('1', 4), ('m', 13), ('M', 4)]);
    check(4, B, false, 12, &[('1', 4), ('h', 5), ('m', 8), ('M', 4)]);
    check(4, B, false, 20, &[('1', 4), ('h', 13), ('M', 4)]);
    for roll in [4, 7, 21, 24] {
        assert_eq!(classify(4, roll, 12, B, false).rule.0, "SK-12.1-g");
    }
}

#[test]
fn sk_16_15_4_e_5d6_version_a() {
    // 5 hit, 24-26 miss, 27-28 dropped, 29-30 broken.
    check(
        5,
        A,
        false,
        2,
        &[('1', 1), ('m', 18), ('M', 3), ('D', 2), ('B', 2)],
    );
    check(
        5,
        A,
        false,
        12,
        &[('1', 1), ('h', 7), ('m', 11), ('M', 3), ('D', 2), ('B', 2)],
    );
    check(
        5,
        A,
        false,
        20,
        &[('1', 1), ('h', 15), ('m', 3), ('M', 3), ('D', 2), ('B', 2)],
    );
    check(
        5,
        A,
        false,
        30,
        &[('1', 1), ('h', 18), ('M', 3), ('D', 2), ('B', 2)],
    );
    for roll in [5, 24, 26, 27, 28, 29, 30] {
        assert_eq!(classify(5, roll, 12, A, false).rule.0, "SK-16.15.4-e");
    }
}

#[test]
fn sk_12_1_g_5d6_version_b() {
    // Below 11 (5-10) hit, above 24 (25-30) miss.
    check(5, B, false, 2, &[('1', 6), ('m', 14), ('M', 6)]);
    check(5, B, false, 12, &[('1', 6), ('h', 2), ('m', 12), ('M', 6)]);
    check(5, B, false, 20, &[('1', 6), ('h', 10), ('m', 4), ('M', 6)]);
    for roll in [5, 10, 25, 30] {
        assert_eq!(classify(5, roll, 12, B, false).rule.0, "SK-12.1-g");
    }
}

#[test]
fn sk_12_1_g_2d6_two_hits_twelve_misses() {
    for v in [A, B] {
        check(2, v, false, 0, &[('1', 1), ('m', 9), ('M', 1)]);
        check(2, v, false, 2, &[('1', 1), ('m', 9), ('M', 1)]);
        check(2, v, false, 12, &[('1', 1), ('h', 9), ('M', 1)]);
        check(2, v, false, 20, &[('1', 1), ('h', 9), ('M', 1)]);
        assert_eq!(classify(2, 2, 0, v, false).rule.0, "SK-12.1-g");
        assert_eq!(classify(2, 12, 20, v, false).rule.0, "SK-12.1-g");
    }
}

#[test]
fn sk_12_1_g_1d6_one_hits() {
    for v in [A, B] {
        check(1, v, false, 0, &[('1', 1), ('m', 5)]);
        check(1, v, false, 2, &[('1', 1), ('h', 1), ('m', 4)]);
        check(1, v, false, 12, &[('1', 1), ('h', 5)]);
        check(1, v, false, 20, &[('1', 1), ('h', 5)]);
        assert_eq!(classify(1, 1, 0, v, false).rule.0, "SK-12.1-g");
    }
}

#[test]
fn g_01_6d6_and_more_have_no_automatic_results() {
    for v in [A, B] {
        check(6, v, false, 2, &[('m', 31)]);
        check(6, v, false, 12, &[('h', 7), ('m', 24)]);
        check(6, v, false, 20, &[('h', 15), ('m', 16)]);
        check(6, v, false, 36, &[('h', 31)]);
        for dice in [7u8, 10] {
            let lo = i32::from(dice);
            for roll in lo..=6 * lo {
                let c = classify(dice, roll, 20, v, false);
                assert_eq!(c.result.is_hit(), roll <= 20);
                assert_eq!(c.rule.0, "SK-12.1-a");
            }
        }
    }
}

/// All 6^n face combinations of n d6, as their totals.
fn totals(n: u32) -> Vec<i32> {
    (0..6usize.pow(n))
        .map(|mut i| {
            let mut t = 0;
            for _ in 0..n {
                t += (i % 6) as i32 + 1;
                i /= 6;
            }
            t
        })
        .collect()
}

/// (automatic hit, automatic miss, dropped, broken) ways out of 6^n.
fn band_ways(n: u8, version: AutoVersion) -> [usize; 4] {
    let mut ways = [0; 4];
    for roll in totals(u32::from(n)) {
        match classify(n, roll, 10, version, false).result {
            ToHit::Hit {
                automatic: true, ..
            } => ways[0] += 1,
            ToHit::Miss { automatic: true } => ways[1] += 1,
            ToHit::Dropped => ways[2] += 1,
            ToHit::Broken => ways[3] += 1,
            _ => {}
        }
    }
    ways
}

fn pct(ways: usize, n: u32) -> String {
    format!("{:.2}", 100.0 * ways as f64 / 6f64.powi(n as i32))
}

#[test]
fn sk_27_t1_g_01_exact_probability_of_every_automatic_band() {
    // GAPS.md §D, "Probability of each automatic band", counted over all 6^n faces.
    // 3d6: hit 3-5 = 1+3+6; miss 16 = 6; dropped 17 = 3; broken 18 = 1 (of 216).
    assert_eq!(band_ways(3, A), [10, 6, 3, 1]);
    assert_eq!(band_ways(3, B), [10, 6, 3, 1]);
    assert_eq!(pct(10, 3), "4.63");
    assert_eq!(pct(6 + 3 + 1, 3), "4.63");
    assert_eq!((pct(3, 3), pct(1, 3)), ("1.39".into(), "0.46".into()));
    // 4d6 A: hit 4-5 = 1+4; miss 20 = 35; dropped 21-22 = 20+10; broken 23-24 = 4+1 (of 1296).
    let w = band_ways(4, A);
    assert_eq!(w, [5, 35, 30, 5]);
    assert_eq!(w.map(|x| pct(x, 4)), ["0.39", "2.70", "2.31", "0.39"]);
    assert_eq!(pct(35 + 30 + 5, 4), "5.40");
    // 4d6 B: hit 4-7 = 1+4+10+20; miss 21-24 = 20+10+4+1.
    let w = band_ways(4, B);
    assert_eq!(w, [35, 35, 0, 0]);
    assert_eq!(w.map(|x| pct(x, 4)), ["2.70", "2.70", "0.00", "0.00"]);
    // 5d6 A: hit 5 = 1; miss 24-26 = 205+126+70; dropped 27-28 = 35+15; broken 29-30 = 5+1.
    let w = band_ways(5, A);
    assert_eq!(w, [1, 401, 50, 6]);
    assert_eq!(w.map(|x| pct(x, 5)), ["0.01", "5.16", "0.64", "0.08"]);
    // 5d6 B: hit 5-10 = 1+5+15+35+70+126; miss 25-30 = 126+70+35+15+5+1.
    let w = band_ways(5, B);
    assert_eq!(w, [252, 252, 0, 0]);
    assert_eq!(w.map(|x| pct(x, 5)), ["3.24", "3.24", "0.00", "0.00"]);
    // 2d6: 2 and 12, one way each of 36.
    assert_eq!(band_ways(2, A), [1, 1, 0, 0]);
    assert_eq!(pct(1, 2), "2.78");
    // 1d6: 1, one way of 6.
    assert_eq!(band_ways(1, A), [1, 0, 0, 0]);
    // 6d6: nothing automatic.
    assert_eq!(band_ways(6, A), [0, 0, 0, 0]);
    assert_eq!(band_ways(6, B), [0, 0, 0, 0]);
}

#[test]
fn sk_12_1_c_exact_probability_of_each_multiplier() {
    // 3d6: ×3 on 3 (1/216), ×2 on 4 (3/216); Fencing: ×3 on 3-4 (4/216), ×2 on 5-7 when
    // they hit (6+10+15 = 31/216 against a target of 7 or more).
    let count = |fencing: bool, mult: u8| {
        totals(3)
            .into_iter()
            .filter(|&r| matches!(classify(3, r, 14, A, fencing).result, ToHit::Hit { mult: m, .. } if m == mult))
            .count()
    };
    assert_eq!((count(false, 3), count(false, 2)), (1, 3));
    assert_eq!((count(true, 3), count(true, 2)), (4, 31));
}

// ---------------------------------------------------------------------------------------------
// Grenades, knockdowns, opposed rolls, critical locations, breaks.

#[test]
fn sk_16_12_d_grenade_throw_every_3d6_roll() {
    use GrenadeThrow::*;
    let on = |automatic| OnTarget { automatic };
    let sc = |hexes| Scatter { hexes };
    // Against 13 (E-13's target).
    let want13 = [
        on(true),
        on(true),
        on(true), // 3 4 5
        on(false),
        on(false),
        on(false),
        on(false),
        on(false),
        on(false),
        on(false),
        on(false), // 6-13
        sc(1),
        sc(2), // 14 15
        sc(3),
        sc(4),  // 16 17: automatic misses, real MoF
        OwnHex, // 18
    ];
    let got: Vec<_> = (3..=18).map(|r| classify_grenade(r, 13)).collect();
    assert_eq!(got, want13);
    // Against 2: every ordinary roll scatters by its MoF; 3-5 still land.
    let got: Vec<_> = (3..=18).map(|r| classify_grenade(r, 2)).collect();
    let mut want2 = vec![on(true), on(true), on(true)];
    want2.extend((6..=17).map(|r| sc(r - 2)));
    want2.push(OwnHex);
    assert_eq!(got, want2);
    // Against 20: 16 and 17 still miss, at least 1 hex (G-51); 18 is the own hex.
    assert_eq!(classify_grenade(15, 20), on(false));
    assert_eq!(classify_grenade(16, 20), sc(1));
    assert_eq!(classify_grenade(17, 20), sc(1));
    assert_eq!(classify_grenade(18, 20), OwnHex);
}

#[test]
fn e_13_sk_16_12_c_scatter_is_the_margin_of_failure() {
    // Needs 13 or less, rolls 15: lands 2 hexes away.
    assert_eq!(classify_grenade(15, 13), GrenadeThrow::Scatter { hexes: 2 });
}

#[test]
fn sk_16_15_5_c_knockdown_3_4_5_succeed_16_17_18_fail() {
    for target in [2, 12, 20] {
        for roll in 3..=18 {
            let want = match roll {
                3..=5 => true,
                16..=18 => false,
                _ => roll <= target,
            };
            assert_eq!(
                check_with_auto(roll, target),
                (want, target - roll),
                "{roll} vs {target}"
            );
        }
    }
    assert_eq!(check_with_auto(5, -1), (true, -6));
    assert_eq!(check_with_auto(16, 20), (false, 4));
    assert_eq!(check_with_auto(15, 2), (false, -13));
    assert_eq!(check_with_auto(6, 6), (true, 0));
}

#[test]
fn sk_5_9_3_a_g_74_opposed_rolls() {
    // The higher margin wins.
    assert!(opposed(3, true, 1, true));
    assert!(!opposed(1, true, 3, true));
    // G-74: ties go to the defender (the second side).
    assert!(!opposed(2, true, 2, true));
    assert!(!opposed(-2, false, -2, false));
    // SK-5.9.2-b / G-74: any success ranks above any failure; automatic results outrank margins.
    let (a_ok, a_m) = check_with_auto(5, 3); // automatic success, margin -2
    let (b_ok, b_m) = check_with_auto(12, 11); // failure, margin -1
    assert!(opposed(a_m, a_ok, b_m, b_ok));
    let (c_ok, c_m) = check_with_auto(16, 18); // automatic failure, margin 2
    let (d_ok, d_m) = check_with_auto(10, 10); // success, margin 0
    assert!(!opposed(c_m, c_ok, d_m, d_ok));
    assert!(opposed(d_m, d_ok, c_m, c_ok));
    // Two failures: the smaller failure is the higher margin (SK-5.9.3-a as written).
    assert!(opposed(-1, false, -3, false));
    // Net margin: the higher minus the lower.
    assert_eq!(net_margin(3, 1), 2);
    assert_eq!(net_margin(-1, 4), 5);
}

#[test]
fn sk_21_4_b_g_60_critical_location_on_2d6() {
    for roll in 2..=7 {
        assert_eq!(critical_location(roll), None);
    }
    assert_eq!(critical_location(8), Some(Location::RightLeg));
    assert_eq!(critical_location(9), Some(Location::LeftLeg));
    assert_eq!(critical_location(10), Some(Location::WeaponArm));
    assert_eq!(critical_location(11), Some(Location::OtherArm));
    assert_eq!(critical_location(12), Some(Location::Head));
    // GAPS §D: 13.89 / 11.11 / 8.33 / 5.56 / 2.78, and 58.33 no critical.
    let faces = totals(2);
    let share = |want: Option<Location>| {
        pct(
            faces
                .iter()
                .filter(|&&r| critical_location(r) == want)
                .count(),
            2,
        )
    };
    assert_eq!(share(Some(Location::RightLeg)), "13.89");
    assert_eq!(share(Some(Location::LeftLeg)), "11.11");
    assert_eq!(share(Some(Location::WeaponArm)), "8.33");
    assert_eq!(share(Some(Location::OtherArm)), "5.56");
    assert_eq!(share(Some(Location::Head)), "2.78");
    assert_eq!(share(None), "58.33");
}

#[test]
fn sk_21_4_b_g_60_critical_chance_only_on_a_hit_with_3_to_6() {
    for roll in 3..=18 {
        assert_eq!(
            critical_chance(3, roll, true),
            (3..=6).contains(&roll),
            "3d6 {roll}"
        );
        assert!(!critical_chance(3, roll, false));
    }
    for roll in 4..=24 {
        assert_eq!(
            critical_chance(4, roll, true),
            (4..=6).contains(&roll),
            "4d6 {roll}"
        );
    }
    assert!(!critical_chance(5, 5, true));
    assert!(!critical_chance(2, 3, true));
}

#[test]
fn sk_12_1_e_g_36_break_severity() {
    use Break::*;
    let row = |energy, gas| {
        (1..=6)
            .map(|die| break_severity(die, energy, gas))
            .collect::<Vec<_>>()
    };
    // Energy weapons: 1-3 permanent (shop repair).
    assert_eq!(
        row(true, false),
        [Permanent, Permanent, Permanent, Temporary, Temporary, Temporary]
    );
    // Gas-action: 1 permanent.
    assert_eq!(
        row(false, true),
        [Permanent, Temporary, Temporary, Temporary, Temporary, Temporary]
    );
    // Other missile weapons (bows, revolvers, bolt-action): always temporary (G-36).
    assert_eq!(row(false, false), [Temporary; 6]);
}
