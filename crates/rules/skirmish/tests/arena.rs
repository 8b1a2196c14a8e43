//! The arena's entrance hexes (book §19.1) through the engine with forced dice: "Combat
//! continues until all on one side have fallen or escaped through the entrance hexes on the side
//! of the board they started at" (SK-19.1-b), and "Each loser gets 25₢ unless he ran away
//! unhurt, in which case he would get nothing" (SK-19.1-c). The entrance hexes are the map's
//! `escape` field, a GM input (`[[column, row, side]]`, side 1 = the first `[[sides]]`); the
//! book draws no arena, so these maps are the tests' own.
//!
//! Test names carry the rule IDs. Every action is played by its text with exactly the faces it
//! rolls (tests/common checks that none are left over), and each expected number is worked out
//! by hand from the book in a comment.

mod common;

use common::*;
use fireteam_engine::{Outcome, RuleId};
use fireteam_skirmish::aftermath::{settle, Why};
use fireteam_skirmish::experience::ArenaRecord;
use fireteam_skirmish::options::ScenarioType;
use fireteam_skirmish::state::{Condition, Phase, Pos};
use fireteam_skirmish::Event;

/// A 6 × 4 arena of open ground whose entrance hexes are `escape` (the TOML of the map's
/// `escape` field).
fn arena_text(options: &[(&str, &str)], escape: &str, units: &[Unit]) -> String {
    scenario_toml(options, &open(6, 4), &[], units)
        .replace("[map]\n", &format!("[map]\nescape = {escape}\n"))
}

fn arena(options: &[(&str, &str)], escape: &str, units: &[Unit]) -> Game {
    Game {
        s: load(&arena_text(options, escape, units)),
        log: Vec::new(),
    }
}

const B_WINS: Outcome = Outcome::Winner { side: 1 };

fn battle_over(ev: &[Event]) -> Option<Outcome> {
    ev.iter().find_map(|e| match e {
        Event::BattleOver { outcome } => Some(*outcome),
        _ => None,
    })
}

// =============================================================================================
// SK-19.1-b: escaping through one's own side's entrance hexes.
// =============================================================================================

#[test]
fn sk_19_1_b_a_figure_on_his_sides_entrance_hex_escapes_and_his_side_is_out() {
    // Side A's entrances are [0, 1] and [0, 3], side B's [5, 1]. Ash (A) stands on [0, 1]; Zed
    // (B) on A's [0, 3], two hexes off, so neither is engaged. Zed (DEX 14) acts first: an
    // entrance of the other side is no way out for him. Ash escapes, his action: side A has no
    // one left in the arena, so B wins, whether the fight is to "out of action" or to the death
    // (an escaped figure is out either way, `sk.victory`).
    for victory in ["\"out_of_action\"", "\"dead\""] {
        let mut g = arena(
            &[("sk.victory", victory)],
            "[[0, 1, 1], [5, 1, 2], [0, 3, 1]]",
            &[
                unit("Ash", 0, (0, 1), SE, &[], "str = 10, dex = 13, int = 10"),
                unit("Zed", 1, (0, 3), N, &[], "str = 10, dex = 14, int = 10"),
            ],
        );
        g.reach_actions(0);
        assert_eq!(g.decider(), Some(g.id("Zed")));
        assert!(!g.texts().iter().any(|t| t.contains("escapes")));
        g.act("Zed does nothing");
        // The escape is listed after every other option.
        assert_eq!(
            g.texts().last().map(String::as_str),
            Some("Ash escapes through the entrance at 0,1")
        );
        let ev = g.act("Ash escapes through the entrance at 0,1");
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::Escaped { fig: 0, at, rule } if *at == Pos::new(0, 1) && rule.0 == "SK-19.1-b"
        )));
        assert_eq!(g.fig("Ash").condition, Condition::Escaped);
        // `fireteam run` says so, with the rule.
        let said: Vec<String> = ev
            .iter()
            .filter_map(|e| fireteam_skirmish::present::narrate(&g.s, e))
            .collect();
        assert!(
            said.contains(
                &"Ash escapes from the arena through the entrance at 0,1 [SK-19.1-b]".to_string()
            ),
            "{said:#?}"
        );
        assert_eq!(battle_over(&ev), Some(B_WINS), "{victory}");
        assert_eq!(g.s.phase, Phase::Over);
    }
}

#[test]
fn sk_19_1_b_the_battle_goes_on_until_all_on_one_side_have_escaped() {
    // Ash (A, DEX 13) escapes through [0, 1] in turn 1; Bo (A, DEX 11), next to it at [0, 2],
    // is still in the arena, so the battle goes on. Turn 2: Bo steps onto [0, 1], where nothing
    // of Ash remains, and escapes too: B wins.
    let mut g = arena(
        &[],
        "[[0, 1, 1], [5, 1, 2]]",
        &[
            unit("Ash", 0, (0, 1), N, &[], "str = 10, dex = 13, int = 10"),
            unit("Bo", 0, (0, 2), N, &[], "str = 10, dex = 11, int = 10"),
            unit("Zed", 1, (5, 3), N, &[], "str = 10, dex = 12, int = 10"),
        ],
    );
    g.reach_actions(0);
    let ev = g.act("Ash escapes through the entrance at 0,1");
    assert_eq!(battle_over(&ev), None);
    g.act("Zed does nothing");
    assert!(
        !g.texts().iter().any(|t| t.contains("escapes")),
        "Bo is on no entrance"
    );
    g.act("Bo does nothing");
    g.start_turn(0);
    // Ash, out of the battle, moves no more: Bo is the first to move.
    assert_eq!(g.decider(), Some(g.id("Bo")));
    g.act("Bo moves to 0,1 facing N");
    assert_eq!(g.fig("Bo").pos, Pos::new(0, 1));
    g.stand_all();
    g.act("Zed does nothing");
    let ev = g.act("Bo escapes through the entrance at 0,1");
    assert_eq!(battle_over(&ev), Some(B_WINS));
}

#[test]
fn sk_19_1_b_no_escape_while_engaged() {
    // Ash stands on his entrance [0, 1] with Zed next to him at [1, 1], each in the other's
    // front: engaged, Ash must disengage first (SK-11.5); no escape is offered.
    let mut g = arena(
        &[],
        "[[0, 1, 1]]",
        &[
            unit("Ash", 0, (0, 1), SE, &[], "str = 10, dex = 13, int = 10"),
            unit("Zed", 1, (1, 1), NW, &[], "str = 10, dex = 12, int = 10"),
        ],
    );
    g.reach_actions(0);
    assert_eq!(g.decider(), Some(g.id("Ash")));
    assert!(!g.texts().iter().any(|t| t.contains("escapes")));
    assert!(g.texts().iter().any(|t| t.starts_with("Ash disengages")));
}

// =============================================================================================
// SK-19.1-c: "Each loser gets 25₢ unless he ran away unhurt, in which case he would get
// nothing."
// =============================================================================================

fn credits(fig: u16, amount: i64, why: Why) -> Event {
    Event::Credits {
        fig,
        amount,
        why,
        rule: RuleId("SK-19.1-c"),
    }
}

fn arena_ep(fig: u16, took_part: bool, won: bool, took_damage: bool) -> Event {
    let r = ArenaRecord {
        took_part,
        won,
        foes_downed: 0,
        took_damage,
    };
    Event::Experience {
        fig,
        ep: fireteam_skirmish::experience::arena_ep(&r),
        arena: Some(r),
        rule: RuleId("SK-19.1-d"),
    }
}

/// An arena fight: Ash (A; STR 10, DEX 12, duel blade) at [1, 1] facing NE and Zed (B; DEX 13)
/// at [2, 1] facing SW, each in the other's front. Turn 1: Zed strikes Ash with `zed` (3d6, then
/// the blade's 2d6 on a hit); Ash disengages to his entrance [0, 1] (Zed has acted: no parting
/// blow). Turn 2: Zed does nothing, Ash escapes: B wins. Returns the aftermath's events after
/// its opening `Aftermath`.
fn ran_away(zed: &[i64]) -> Vec<Event> {
    let blade = |name: &str, side, at, facing, dex: i32| {
        unit(
            name,
            side,
            at,
            facing,
            &["duel-blade"],
            &format!("str = 10, dex = {dex}, int = 10, sword = 1"),
        )
    };
    let mut g = arena(
        &[("sk.scenario_type", "\"arena\"")],
        "[[0, 1, 1], [5, 1, 2]]",
        &[
            blade("Ash", 0, (1, 1), NE, 12),
            blade("Zed", 1, (2, 1), SW, 13),
        ],
    );
    g.reach_actions(0);
    g.play("Zed attacks Ash", zed);
    g.act("Ash disengages to 0,1");
    g.finish_turn();
    g.reach_actions(0);
    g.act("Zed does nothing");
    let ev = g.act("Ash escapes through the entrance at 0,1");
    assert_eq!(battle_over(&ev), Some(B_WINS));
    let mut out = Vec::new();
    settle(&g.s, &mut out);
    assert_eq!(
        out.first(),
        Some(&Event::Aftermath {
            scenario: ScenarioType::Arena,
            outcome: B_WINS,
        })
    );
    out[1..].to_vec()
}

#[test]
fn sk_19_1_c_a_loser_who_ran_away_unhurt_gets_nothing() {
    // Zed rolls 16, always a miss (SK-12.1-c): Ash runs away unhurt. He gets nothing (SK-19.1-c);
    // his EP: 1 for taking part (a foe attacked him). Zed: 100, and 1 for taking part + 1 for
    // the winning side = 2 EP (Ash ran, so Zed put no foe out of the fight).
    let out = ran_away(&d3(16));
    assert_eq!(
        out,
        [
            credits(0, 0, Why::ArenaRanAway),
            arena_ep(0, true, false, false),
            credits(1, 100, Why::ArenaVictor),
            arena_ep(1, true, true, false),
        ]
    );
}

#[test]
fn sk_19_1_c_a_loser_who_ran_away_hurt_gets_a_losers_25() {
    // Zed rolls 8 (a hit) and the blade's 2d6 [2, 2] = 4: Ash runs away hurt. A loser's 25₢;
    // EP 1 for taking part + 1 for damage from a foe = 2.
    let out = ran_away(&faces(&[&d3(8), &[2, 2]]));
    assert_eq!(
        out,
        [
            credits(0, 25, Why::ArenaLoser),
            arena_ep(0, true, false, true),
            credits(1, 100, Why::ArenaVictor),
            arena_ep(1, true, true, false),
        ]
    );
}

// =============================================================================================
// Bad input: the map's `escape` field is checked, never a panic.
// =============================================================================================

fn load_error(escape: &str) -> String {
    load_error_in(&arena_text(
        &[],
        escape,
        &[
            unit("Ash", 0, (0, 1), SE, &[], "str = 10, dex = 13, int = 10"),
            unit("Zed", 1, (5, 1), NW, &[], "str = 10, dex = 12, int = 10"),
        ],
    ))
}

fn load_error_in(text: &str) -> String {
    let loader = fireteam_scenario::Loader::new()
        .schema(&fireteam_skirmish::schema::SkirmishSchema)
        .data_dir("../../../data");
    loader
        .load(&fireteam_scenario::SourceFile::new("test.toml", text))
        .map(|_| ())
        .expect_err("a bad escape field")
        .render_plain()
}

#[test]
fn sk_19_1_b_a_bad_escape_hex_is_reported_at_file_line_and_field() {
    // A side that does not exist (two sides): its place, file and line, with the sides named.
    let err = load_error("[[0, 1, 1], [5, 1, 3]]");
    assert!(err.contains("test.toml:"), "the file and line: {err}");
    assert!(err.contains("map.escape[1]"), "{err}");
    assert!(err.contains("1 = 'A', 2 = 'B'"), "a suggestion: {err}");
    // Off the map (6 × 4).
    let err = load_error("[[6, 1, 1]]");
    assert!(
        err.contains("map.escape[0]") && err.contains("off the map"),
        "{err}"
    );
    // Not [column, row, side].
    let err = load_error("[[0, 1]]");
    assert!(
        err.contains("test.toml:") && err.contains("map.escape"),
        "{err}"
    );
    // A misspelt field name.
    let units = [
        unit("Ash", 0, (0, 1), SE, &[], "str = 10, dex = 13, int = 10"),
        unit("Zed", 1, (5, 1), NW, &[], "str = 10, dex = 12, int = 10"),
    ];
    let text = arena_text(&[], "[[0, 1, 1]]", &units).replace("escape =", "escapes =");
    let err = load_error_in(&text);
    assert!(
        err.contains("map.escapes") && err.contains("did you mean 'escape'?"),
        "{err}"
    );
}
