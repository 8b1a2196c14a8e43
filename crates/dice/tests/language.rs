//! The dice language: what parses, what is refused, and where the error points.

use fireteam_dice::{exact, fraction_string, parse, ExprErrorKind};

fn error(src: &str) -> fireteam_dice::ExprError {
    match parse(src) {
        Ok(p) => match exact(&p) {
            Ok(_) => panic!("`{src}` should be refused"),
            Err(e) => e,
        },
        Err(e) => e,
    }
}

fn value(src: &str) -> i64 {
    let d = exact(&parse(src).unwrap()).unwrap();
    assert_eq!(d.len(), 1, "`{src}` should be a constant");
    d.values()[0]
}

fn dist(src: &str) -> Vec<(i64, String)> {
    exact(&parse(src).unwrap())
        .unwrap()
        .probabilities()
        .into_iter()
        .map(|(v, p)| (v, fraction_string(&p)))
        .collect()
}

#[test]
fn arithmetic_precedence_and_unary_minus() {
    assert_eq!(value("1 + 2 * 3"), 7);
    assert_eq!(value("(1 + 2) * 3"), 9);
    assert_eq!(value("10 - 3 - 2"), 5);
    assert_eq!(value("-2 * 3"), -6);
    assert_eq!(value("- -4"), 4);
    assert_eq!(value("2 - -4"), 6);
}

#[test]
fn division_floor_and_ceiling_round_as_documented() {
    assert_eq!(value("7 / 2"), 3);
    assert_eq!(value("7 /^ 2"), 4);
    assert_eq!(value("-7 / 2"), -4);
    assert_eq!(value("-7 /^ 2"), -3);
    assert_eq!(value("7 / -2"), -4);
    assert_eq!(value("7 /^ -2"), -3);
    assert_eq!(value("6 / 3"), 2);
    assert_eq!(value("6 /^ 3"), 2);
    assert_eq!(value("-6 /^ 3"), -2);
}

#[test]
fn min_max_abs() {
    assert_eq!(value("min(3, 1, 2)"), 1);
    assert_eq!(value("max(3, 1, 2)"), 3);
    assert_eq!(value("abs(-5)"), 5);
    assert_eq!(
        dist("max(0, 1d4 - 2)"),
        vec![(0, "1/2".into()), (1, "1/4".into()), (2, "1/4".into())]
    );
}

#[test]
fn comparisons_and_logic_give_zero_or_one() {
    assert_eq!(value("3 < 4"), 1);
    assert_eq!(value("3 >= 4"), 0);
    assert_eq!(value("1 == 1 and 2 != 2"), 0);
    assert_eq!(value("1 == 1 or 2 != 2"), 1);
    assert_eq!(value("not 0"), 1);
    assert_eq!(value("not (3 > 2)"), 0);
    assert!(parse("3d6 <= 12").unwrap().is_boolean());
    assert!(parse("let r = 3d6 in r <= 12 and r != 3")
        .unwrap()
        .is_boolean());
    assert!(!parse("3d6 + 1").unwrap().is_boolean());
}

#[test]
fn let_binds_one_roll_and_each_term_is_independent() {
    // One roll seen twice: always even.
    assert_eq!(
        dist("let x = 1d2 in x + x"),
        vec![(2, "1/2".into()), (4, "1/2".into())]
    );
    // Two rolls: 1/4, 1/2, 1/4.
    assert_eq!(
        dist("1d2 + 1d2"),
        vec![(2, "1/4".into()), (3, "1/2".into()), (4, "1/4".into())]
    );
    assert_eq!(value("let x = 1d6 in x - x"), 0);
    // Shadowing: the inner name wins.
    assert_eq!(value("let x = 1 in let x = 2 in x"), 2);
}

#[test]
fn if_evaluates_only_the_branch_that_can_happen() {
    // The else branch would divide by zero, but x is never 0 there.
    assert_eq!(
        dist("let x = 1d2 - 1 in if x == 0 then 0 else 6 / x"),
        vec![(0, "1/2".into()), (6, "1/2".into())]
    );
    assert_eq!(value("if 1 then 5 else 1 / 0"), 5);
    assert_eq!(value("0 and 1 / 0 > 1"), 0);
}

#[test]
fn percentile_is_uniform_on_1_to_100() {
    let d = dist("d%");
    assert_eq!(d.len(), 100);
    assert_eq!(d[0], (1, "1/100".into()));
    assert_eq!(d[99], (100, "1/100".into()));
}

#[test]
fn count_may_be_omitted() {
    assert_eq!(dist("d6"), dist("1d6"));
    assert_eq!(dist("d20kh1"), dist("1d20"));
}

#[test]
fn syntax_errors_point_at_the_place_and_help() {
    let e = error("3d6 + * 2");
    assert_eq!(e.kind, ExprErrorKind::Syntax);
    assert_eq!(e.offset(), 6);
    assert!(e.help.is_some());
    let plain = e.render_plain();
    assert!(plain.contains("3d6 + * 2\n        ^"), "{plain}");

    let e = error("(3d6 + 2");
    assert_eq!(e.offset(), 8);
    assert!(e.message.contains("')'"), "{}", e.message);

    let e = error("3d6 = 12");
    assert_eq!(e.offset(), 4);
    assert!(e.help.as_deref().unwrap().contains("=="));

    let e = error("1 < 2 < 3");
    assert!(e.message.contains("do not chain"));

    let e = error("3d");
    assert_eq!(e.offset(), 1);
    assert!(e.help.as_deref().unwrap().contains("3d6"), "{:?}", e.help);

    let e = error("3d6 && 2");
    assert!(e.help.as_deref().unwrap().contains("and"));

    let e = error("let = 3 in 1");
    assert_eq!(e.offset(), 4);

    let e = error("let x = 3d6 x");
    assert!(e.message.contains("'in'"), "{}", e.message);

    let e = error("if 1 then 2");
    assert!(e.message.contains("'else'"), "{}", e.message);

    let e = error("max(1)");
    assert!(e.message.contains("max got 1 argument"), "{}", e.message);

    let e = error("");
    assert_eq!(e.kind, ExprErrorKind::Syntax);
    assert!(e.message.contains("end of the expression"));

    let e = error("3d6x");
    assert_eq!(e.offset(), 3);
}

#[test]
fn unknown_names_suggest_a_fix() {
    let e = error("let rr = 3d6 in r + 1");
    assert_eq!(e.kind, ExprErrorKind::UnknownName);
    assert_eq!(e.offset(), 16);
    assert_eq!(e.help.as_deref(), Some("did you mean 'rr'?"));
    let e = error("dx + 1");
    assert_eq!(e.kind, ExprErrorKind::UnknownName);
}

#[test]
fn dice_limits_are_refused_with_the_term_marked() {
    for (src, fragment) in [
        ("0d6", "0 dice"),
        ("d0", "at least one side"),
        ("3d0", "at least one side"),
        ("1000000000d6", "more than the limit"),
        ("99999999999999999999999d6", "more than the limit"),
        ("1d2000000", "larger than the largest die"),
        ("4d6kh5", "cannot keep 5 of 4 dice"),
        ("1d6kh2", "cannot keep 2 of 1 die"),
        ("4d6kh0", "keeps nothing"),
    ] {
        let e = error(src);
        assert_eq!(e.kind, ExprErrorKind::DiceLimit, "{src}");
        assert!(e.message.contains(fragment), "{src}: {}", e.message);
        assert_eq!(e.offset(), 0, "{src}");
    }
}

#[test]
fn division_by_zero_is_reported_at_the_divisor() {
    let e = error("6 / 0");
    assert_eq!(e.kind, ExprErrorKind::DivisionByZero);
    assert_eq!(e.offset(), 4);
    let e = error("6 /^ (1d3 - 1)");
    assert_eq!(e.kind, ExprErrorKind::DivisionByZero);
    assert!(e.message.contains("can be 0"));
}

#[test]
fn overflowing_values_are_errors_not_wraparound() {
    let e = error("9223372036854775807 + 1d2");
    assert_eq!(e.kind, ExprErrorKind::ValueOverflow);
    let e = error("99999999999999999999");
    assert_eq!(e.kind, ExprErrorKind::ValueOverflow);
    let e = error("-(-9223372036854775807 - 1)");
    assert_eq!(e.kind, ExprErrorKind::ValueOverflow);
}

#[test]
fn deep_or_long_input_is_refused_not_a_stack_overflow() {
    let deep = format!("{}1{}", "(".repeat(5000), ")".repeat(5000));
    assert_eq!(error(&deep).kind, ExprErrorKind::Syntax);
    let long_chain = vec!["1"; 4000].join("+");
    assert_eq!(error(&long_chain).kind, ExprErrorKind::Syntax);
    let negs = format!("{}1", "-".repeat(3000));
    assert_eq!(error(&negs).kind, ExprErrorKind::Syntax);
    let huge = "1+".repeat(6000) + "1";
    assert!(error(&huge).message.contains("limit"));
}

#[test]
fn too_much_exact_work_is_refused_with_a_way_out() {
    let p = parse("let a = 2000d6 in let b = 2000d6 in a * b").unwrap();
    let e =
        fireteam_dice::exact_with(&p, fireteam_dice::Limits { budget: 10_000_000 }).unwrap_err();
    assert_eq!(e.kind, ExprErrorKind::TooComplex);
    assert!(e.help.as_deref().unwrap().contains("--sample"));
}

#[test]
fn keywords_are_not_names() {
    let e = error("let if = 3 in 1");
    assert!(e.message.contains("keyword"));
}
