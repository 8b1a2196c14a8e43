//! Exact odds checked against golden values computed independently with icepool.
//!
//! The golden file is made by `scripts/icepool-golden.py` (icepool 2.1.3) and committed, so this
//! test needs no Python. Every outcome's probability, and the mean and variance of every
//! distribution, must match icepool's exact fraction string for string.

use fireteam_dice::{exact, fraction_string, parse};
use serde_json::Value;

/// The number of cases the script writes; the file must not silently shrink.
const EXPECTED_CASES: usize = 156;

fn golden() -> Vec<Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/icepool.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    let value: Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("parsing {path}: {e}"));
    match value {
        Value::Array(cases) => cases,
        other => panic!("{path}: expected a JSON list of cases, found {other}"),
    }
}

fn field<'a>(case: &'a Value, key: &str) -> &'a str {
    case[key]
        .as_str()
        .unwrap_or_else(|| panic!("case {case}: missing string field {key:?}"))
}

/// Checks one case, returning a description of every disagreement.
fn check(case: &Value) -> Vec<String> {
    let name = field(case, "name");
    let expr = field(case, "expr");
    let parsed = match parse(expr) {
        Ok(p) => p,
        Err(e) => return vec![format!("{name}: `{expr}` does not parse: {e}")],
    };
    let dist = match exact(&parsed) {
        Ok(d) => d,
        Err(e) => return vec![format!("{name}: `{expr}` has no exact distribution: {e}")],
    };
    let mut errors = Vec::new();
    match field(case, "kind") {
        "probability" => {
            let want = field(case, "p");
            let got = fraction_string(&dist.probability_true());
            if got != want {
                errors.push(format!("{name}: `{expr}`: P = {got}, icepool {want}"));
            }
        }
        "distribution" => {
            let want: Vec<(i64, String)> = case["outcomes"]
                .as_array()
                .unwrap_or_else(|| panic!("{name}: missing outcomes"))
                .iter()
                .map(|pair| {
                    let v = pair[0]
                        .as_i64()
                        .unwrap_or_else(|| panic!("{name}: bad outcome {pair}"));
                    let p = pair[1]
                        .as_str()
                        .unwrap_or_else(|| panic!("{name}: bad outcome {pair}"));
                    (v, p.to_string())
                })
                .collect();
            assert!(!want.is_empty(), "{name}: no outcomes in the golden file");
            // icepool's outcomes omit zero probabilities; so must fireteam's.
            let got: Vec<(i64, String)> = dist
                .probabilities()
                .iter()
                .map(|(v, p)| (*v, fraction_string(p)))
                .collect();
            if got != want {
                let mut detail = format!(
                    "{name}: `{expr}`: {} outcomes, icepool {}",
                    got.len(),
                    want.len()
                );
                let shown = got
                    .iter()
                    .map(|(v, p)| (*v, Some(p), want.iter().find(|w| w.0 == *v).map(|w| &w.1)))
                    .chain(
                        want.iter()
                            .filter(|w| !got.iter().any(|g| g.0 == w.0))
                            .map(|(v, p)| (*v, None, Some(p))),
                    )
                    .filter(|(_, g, w)| g != w)
                    .take(5);
                for (v, g, w) in shown {
                    detail.push_str(&format!(
                        "\n    {v}: fireteam {}, icepool {}",
                        g.map_or("absent", |s| s.as_str()),
                        w.map_or("absent", |s| s.as_str())
                    ));
                }
                errors.push(detail);
            }
            for (key, got) in [
                ("mean", fraction_string(&dist.mean())),
                ("variance", fraction_string(&dist.variance())),
            ] {
                let want = field(case, key);
                if got != want {
                    errors.push(format!("{name}: `{expr}`: {key} {got}, icepool {want}"));
                }
            }
        }
        other => panic!("{name}: unknown kind {other:?}"),
    }
    errors
}

#[test]
fn exact_odds_match_icepool() {
    let cases = golden();
    assert!(
        cases.len() >= EXPECTED_CASES,
        "golden file holds {} cases, expected at least {EXPECTED_CASES}",
        cases.len()
    );
    let failures: Vec<String> = cases.iter().flat_map(check).collect();
    assert!(
        failures.is_empty(),
        "{} disagreement(s) with icepool:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn golden_file_covers_the_required_cases() {
    let cases = golden();
    let names: Vec<&str> = cases.iter().map(|c| field(c, "name")).collect();
    let mut required: Vec<String> = Vec::new();
    for (n, top) in [(3, 18), (4, 24), (5, 30)] {
        required.push(format!("{n}d6"));
        for k in n..=top {
            required.push(format!("{n}d6 <= {k}"));
        }
    }
    for b in [0, 3, 7] {
        for t in [10, 15, 20, 25] {
            required.push(format!("d20+{b} vs {t}: success"));
            required.push(format!("d20+{b} vs {t}: fail/hit/critical"));
        }
    }
    for n in [2, 4, 6, 8, 10] {
        for d in [10, 15, 20, 30] {
            required.push(format!("{n}d6 >= {d}"));
            required.push(format!("{n}d6 >= {d} + 2d6 (dodge)"));
        }
    }
    for s in [1, 2, 45, 50, 99, 100, 101] {
        required.push(format!("d% < {s}"));
    }
    for name in [
        "SKIRMISH attack",
        "4d6kh3",
        "10d6kh3",
        "2d20kl1",
        "2d20kh1",
        "5d10kl2",
        "3d6 / 2",
        "3d6 /^ 2",
        "(2d6 - 7) / 2",
        "(2d6 - 7) /^ 3",
        "100d6",
    ] {
        required.push(name.to_string());
    }
    let missing: Vec<&String> = required
        .iter()
        .filter(|r| !names.contains(&r.as_str()))
        .collect();
    assert!(missing.is_empty(), "golden file lacks cases: {missing:?}");
}

#[test]
fn skirmish_attack_mean_is_835_over_216() {
    let cases = golden();
    let case = cases
        .iter()
        .find(|c| field(c, "name") == "SKIRMISH attack")
        .expect("SKIRMISH attack case");
    assert_eq!(field(case, "mean"), "835/216");
    let dist = exact(&parse(field(case, "expr")).unwrap()).unwrap();
    assert_eq!(fraction_string(&dist.mean()), "835/216");
}
