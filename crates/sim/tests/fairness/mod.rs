//! What the mirrored scenarios' fairness tests share: the check that a report's two sides won
//! alike, and that West and East did over both listings.

use fireteam_sim::SimReport;

/// The sides' win rates agree within their 95% interval: in a fair battle each decided battle
/// is either side's with chance one half, so the 95% Wilson interval of the first side's share
/// of the decided battles must hold one half. `map` names the scenario in the failure.
pub fn assert_fair(report: &SimReport, what: &str, map: &str) {
    let (a, b) = (report.sides[0].wins, report.sides[1].wins);
    let rate = |w: u64| 100.0 * w as f64 / report.runs as f64;
    let (ci_a, ci_b) = (report.ci95(0), report.ci95(1));
    let share = fireteam_sim::stats::wilson95(a, a + b);
    eprintln!(
        "{what}: {} {a} wins ({:.2}%, 95% {:.2}–{:.2}%), {} {b} ({:.2}%, 95% {:.2}–{:.2}%), \
         {} draws in {} (mean {:.1} rounds); {}'s share of the decided battles {:.2}%, \
         95% {:.2}–{:.2}%",
        report.sides[0].name,
        rate(a),
        100.0 * ci_a.0,
        100.0 * ci_a.1,
        report.sides[1].name,
        rate(b),
        100.0 * ci_b.0,
        100.0 * ci_b.1,
        report.draws,
        report.runs,
        report.mean_rounds(),
        report.sides[0].name,
        100.0 * a as f64 / (a + b) as f64,
        100.0 * share.0,
        100.0 * share.1,
    );
    assert!(
        share.0 <= 0.5 && 0.5 <= share.1,
        "{what}: the {map} favours one side"
    );
}

/// West against East over both listings: `a` lists West first, `b` East first.
pub fn assert_listings_fair(name: &str, a: &SimReport, b: &SimReport) {
    let (west, east) = (
        a.sides[0].wins + b.sides[1].wins,
        a.sides[1].wins + b.sides[0].wins,
    );
    let share = fireteam_sim::stats::wilson95(west, west + east);
    eprintln!(
        "{name}, both listings: West {west}, East {east} wins; West's share {:.2}%, 95% {:.2}–{:.2}%",
        100.0 * west as f64 / (west + east) as f64,
        100.0 * share.0,
        100.0 * share.1
    );
    assert!(
        share.0 <= 0.5 && 0.5 <= share.1,
        "{name}: West and East differ"
    );
}
