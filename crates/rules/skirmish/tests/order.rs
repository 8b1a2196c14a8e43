//! The order of the turn, awareness and fatigue through the engine with forced dice: surprise
//! (SK-9-b, SK-8.1-b, SK-6.3.1-a), runners (SK-9-c), chases (SK-10-e, G-72), size and
//! engagement (SK-8.3, G-69), stealth, hearing and hidden figures (SK-6.3.8, SK-6.3.4-a),
//! changing options (SK-11.6-a), fatigue (SK-21.3-h, G-61), and the rules of §8.3, §9, §10 and
//! §11 that order the turn. Each test checks the exact events against a hand calculation from
//! the book, written in a comment; every option is played both ways.

mod common;

use common::*;
use fireteam_scenario::{Loader, SourceFile};
use fireteam_skirmish::event::Effect;
use fireteam_skirmish::geometry::has_tz;
use fireteam_skirmish::schema::SkirmishSchema;
use fireteam_skirmish::state::{Condition, FigId, Guard, Phase, Pos};
use fireteam_skirmish::{Action, Event};

/// STR 10, DEX 12, INT 10, no skills.
const PLAIN: &str = "str = 10, dex = 12, int = 10";
/// The same with Sidearms (pistols).
const GUNNER: &str = "str = 10, dex = 12, int = 10, sidearms = 1";
/// The same with the Sword skill.
const FIGHTER: &str = "str = 10, dex = 12, int = 10, sword = 1";

const NONLETHAL: (&str, &str) = ("sk.nonlethal", "true");
const FATIGUE: (&str, &str) = ("sk.fatigue", "true");
const DARK: (&str, &str) = ("sk.complete_darkness", "true");

fn p(c: i16, r: i16) -> Pos {
    Pos::new(c, r)
}

/// A scenario text with extra lines added to named units (`(name, "field = value")`).
fn with_fields(text: String, fields: &[(&str, &str)]) -> String {
    let mut t = text;
    for (name, line) in fields {
        let head = format!("name = \"{name}\"\n");
        assert!(t.contains(&head), "no unit {name}");
        t = t.replacen(&head, &format!("{head}{line}\n"), 1);
    }
    t
}

fn game_with(
    options: &[(&str, &str)],
    rows: &[String],
    units: &[Unit],
    fields: &[(&str, &str)],
) -> Game {
    let text = with_fields(scenario_toml(options, rows, &[], units), fields);
    Game {
        s: load(&text),
        log: Vec::new(),
    }
}

/// The loader's complaint about a scenario that must not load.
fn load_error(options: &[(&str, &str)], units: &[Unit], fields: &[(&str, &str)]) -> String {
    let text = with_fields(scenario_toml(options, &open(5, 5), &[], units), fields);
    let loader = Loader::new()
        .schema(&SkirmishSchema)
        .data_dir("../../../data");
    match loader.load(&SourceFile::new("test.toml", &text)) {
        Ok(_) => panic!("the scenario loaded:\n{text}"),
        Err(d) => d.render_plain(),
    }
}

/// An initiative event: each side's (side, die, bonus), the winner, the rule.
type Initiative = (Vec<(u8, u8, i8)>, Option<u8>, &'static str);

fn initiative(events: &[Event]) -> Vec<Initiative> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Initiative {
                rolls,
                winner,
                rule,
            } => Some((rolls.to_vec(), *winner, rule.0)),
            _ => None,
        })
        .collect()
}

fn surprised(events: &[Event]) -> Vec<(FigId, bool, &'static str)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Surprised { fig, on, rule } => Some((*fig, *on, rule.0)),
            _ => None,
        })
        .collect()
}

fn hidden(events: &[Event]) -> Vec<(FigId, bool, Option<FigId>, &'static str)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Hidden {
                fig,
                hidden,
                by,
                rule,
            } => Some((*fig, *hidden, *by, rule.0)),
            _ => None,
        })
        .collect()
}

/// (listener, dice, total, stealth margin, heard)
fn hearings(events: &[Event]) -> Vec<(FigId, u8, i32, Option<i32>, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Hearing {
                listener,
                dice,
                total,
                stealth,
                heard,
                ..
            } => Some((*listener, *dice, *total, *stealth, *heard)),
            _ => None,
        })
        .collect()
}

fn fatigue(events: &[Event]) -> Vec<(FigId, i16, &'static str)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Fatigued { fig, amount, rule } => Some((*fig, *amount, rule.0)),
            _ => None,
        })
        .collect()
}

/// Plays the rest of the turn with no action (as `finish_turn`) and returns the events of the
/// whole turn, from its start.
fn finish(g: &mut Game) -> Vec<Event> {
    let from = g
        .log
        .iter()
        .rposition(|e| matches!(e, Event::TurnBegan { .. }))
        .unwrap_or(0);
    g.finish_turn();
    g.log[from..].to_vec()
}

// ---- §9 surprise (SK-9-b, SK-8.1-b, SK-6.3.1-a)

/// Ash (side A) at [1, 2] facing S, threatening [0, 3], [1, 3] and [2, 3]; Bay (side B) at
/// [1, 5] facing N, on a map three hexes wide, so any way north passes Ash's front.
fn ambush(opts: &[(&str, &str)], ash: &str) -> Game {
    game(
        opts,
        &open(3, 7),
        &[],
        &[
            unit("Ash", 0, (1, 2), S, &[], ash),
            unit("Bay", 1, (1, 5), N, &[], PLAIN),
        ],
    )
}

#[test]
fn sk_9_b_the_surprising_side_has_the_first_initiative_without_a_roll() {
    // sk.surprise = 2: side B surprises side A. Turn 1 rolls no die: B has the initiative
    // (SK-9-b) and, with two sides, chooses to move first or last (G-13); Ash is surprised.
    let mut g = ambush(&[("sk.surprise", "2")], PLAIN);
    let (ash, bay) = (g.id("Ash"), g.id("Bay"));
    let ev = g.play("start turn 1", &[]);
    assert_eq!(surprised(&ev), [(ash, true, "SK-9-b")]);
    assert_eq!(initiative(&ev), [(vec![], Some(1), "SK-9-b")]);
    assert_eq!(g.s.phase, Phase::ChooseOrder { winner: 1 });
    assert!(g.fig("Ash").surprised && !g.fig("Bay").surprised);
    g.act("move first");
    assert_eq!(g.decider(), Some(bay));
    // The surprise lasts the first turn (SK-8.1-b); turn 2 rolls as usual (SK-9-d): 6 against 1.
    let ev = finish(&mut g);
    assert_eq!(
        surprised(&ev),
        [(ash, true, "SK-9-b"), (ash, false, "SK-8.1-b")]
    );
    let ev = g.play("start turn 2", &[6, 1]);
    assert_eq!(
        initiative(&ev),
        [(vec![(0, 6, 0), (1, 1, 0)], Some(0), "SK-9-d")]
    );
    assert!(surprised(&ev).is_empty());
}

#[test]
fn sk_9_b_off_without_surprise_the_first_initiative_is_rolled() {
    // sk.surprise = 0 (the default): 1d6 a side, 1 against 6: B wins; no one is surprised.
    let mut g = ambush(&[], PLAIN);
    let ev = g.play("start turn 1", &[1, 6]);
    assert!(surprised(&ev).is_empty());
    assert_eq!(
        initiative(&ev),
        [(vec![(0, 1, 0), (1, 6, 0)], Some(1), "SK-9-d")]
    );
    assert!(has_tz(g.fig("Ash")));
}

#[test]
fn sk_8_1_b_sk_9_b_a_surprised_figure_has_no_threat_zone_in_the_first_turn() {
    // Surprised, Ash has no threat zone: Bay walks north past his front, [1, 5] → [1, 4] →
    // [0, 4] → [0, 3] → [0, 2] → [0, 1], 5 hexes, without stopping at [0, 3] (SK-10-d).
    let mut g = ambush(&[("sk.surprise", "2")], PLAIN);
    g.play("start turn 1", &[]);
    g.act("move first");
    assert!(!has_tz(g.fig("Ash")));
    let ev = g.act("Bay moves to 0,1 facing N");
    let moved: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Moved { path, engaged, .. } => Some((path.len() - 1, *engaged)),
            _ => None,
        })
        .collect();
    assert_eq!(moved, [(5, false)]);
    // Without the surprise his threat zone stops that move at [0, 3]: [0, 1] is out of reach.
    let mut g = ambush(&[], PLAIN);
    g.start_turn(1);
    assert!(!g.can("Bay moves to 0,1 facing N"));
    assert!(g.can("Bay moves to 0,3 facing N"));
    // After the first turn the surprise is over and the threat zone is back.
    let mut g = ambush(&[("sk.surprise", "2")], PLAIN);
    g.play("start turn 1", &[]);
    g.act("move first");
    g.finish_turn();
    assert!(has_tz(g.fig("Ash")));
}

#[test]
fn sk_6_3_1_a_an_alert_figure_notices_the_ambush_on_3d6_against_int() {
    // Alertness: 3d6 against INT 10 to notice the ambush. 10 succeeds: Ash is not surprised
    // and keeps his threat zone; his side still loses the initiative (SK-9-b).
    let alert = "str = 10, dex = 12, int = 10, alertness = 1";
    let mut g = ambush(&[("sk.surprise", "2")], alert);
    let ash = g.id("Ash");
    let ev = g.play("start turn 1", &d3(10));
    assert_eq!(
        checks(&ev),
        [(ash, "notice-ambush", 3, 10, 10, true, "SK-6.3.1-a")]
    );
    assert_eq!(
        surprised(&ev),
        [(ash, true, "SK-9-b"), (ash, false, "SK-6.3.1-a")]
    );
    assert_eq!(initiative(&ev), [(vec![], Some(1), "SK-9-b")]);
    assert!(has_tz(g.fig("Ash")));
    // 11 fails: he stays surprised.
    let mut g = ambush(&[("sk.surprise", "2")], alert);
    let ev = g.play("start turn 1", &d3(11));
    assert_eq!(
        checks(&ev),
        [(ash, "notice-ambush", 3, 11, 10, false, "SK-6.3.1-a")]
    );
    assert!(g.fig("Ash").surprised && !has_tz(g.fig("Ash")));
}

#[test]
fn sk_9_b_sk_21_1_a_with_advanced_initiative_the_surprisers_move_first() {
    // Advanced initiative: 3d6 against eDEX 12 each, in figure order: Ash 3 (margin 9), Bay 18
    // (margin −6). Ash's margin would put him first; B's surprise puts Bay first.
    let opts = [("sk.surprise", "2"), ("sk.advanced_initiative", "true")];
    let mut g = ambush(&opts, PLAIN);
    let (ash, bay) = (g.id("Ash"), g.id("Bay"));
    let ev = g.play("start turn 1", &faces(&[&d3(3), &d3(18)]));
    assert_eq!(initiative(&ev), [(vec![], Some(1), "SK-9-b")]);
    assert_eq!(g.s.move_order.to_vec(), [bay, ash]);
    // Without the surprise the same dice put Ash first (SK-21.1-a).
    let mut g = ambush(&[("sk.advanced_initiative", "true")], PLAIN);
    g.play("start turn 1", &faces(&[&d3(3), &d3(18)]));
    assert_eq!(g.s.move_order.to_vec(), [ash, bay]);
}

#[test]
fn sk_9_b_sk_surprise_must_name_a_side() {
    let units = [
        unit("Ash", 0, (1, 1), S, &[], PLAIN),
        unit("Bay", 1, (1, 3), N, &[], PLAIN),
    ];
    let e = load_error(&[("sk.surprise", "3")], &units, &[]);
    assert!(
        e.contains("options.\"sk.surprise\"") && e.contains("the scenario has 2 sides"),
        "{e}"
    );
    assert!(e.contains("1 = 'A', 2 = 'B'"), "{e}");
}

// ---- §9 runners (SK-9-c)

/// Ash and Cid (side A) in the west, Bay (side B) in the east of a wide field; Ash runs in
/// turn 1 (A moves first), the others stand.
fn runners(cid_runs: bool, bay_runs: bool) -> Game {
    let mut g = game(
        &[],
        &open(16, 6),
        &[],
        &[
            unit("Ash", 0, (0, 1), SE, &[], PLAIN),
            unit("Cid", 0, (0, 4), SE, &[], PLAIN),
            unit("Bay", 1, (15, 2), SW, &[], PLAIN),
        ],
    );
    g.start_turn(0);
    // MOV 10: a Half Move is up to 5 hexes; 7 hexes is a Full Move (SK-10.7.6-a), a run.
    g.act("Ash moves to 7,1 facing SE");
    if cid_runs {
        g.act("Cid moves to 7,4 facing SE");
    } else {
        g.act("Cid moves to 3,4 facing SE");
    }
    if bay_runs {
        g.act("Bay moves to 8,2 facing SW");
    } else {
        g.act("Bay stands facing SW");
    }
    g.finish_turn();
    g
}

#[test]
fn sk_9_c_a_side_that_ran_and_runs_again_has_the_initiative() {
    // Ash and Cid both ran (7 hexes > 5): at the start of turn 2 side A is asked first; it
    // runs again: the initiative is A's without a roll (SK-9-c).
    let mut g = runners(true, false);
    let ev = g.play("start turn 2", &[]);
    assert!(initiative(&ev).is_empty());
    assert_eq!(g.s.phase, Phase::Runners { side: 0 });
    assert_eq!(g.texts(), ["A turns to fight", "A runs again"]);
    let ev = g.act("A runs again");
    assert!(ev.contains(&Event::Runs {
        side: 0,
        again: true
    }));
    assert_eq!(initiative(&ev), [(vec![], Some(0), "SK-9-c")]);
    g.act("move first");
    // Bound to run: Ash may only move more than a Half Move, 6 hexes or more; no standing.
    let ash = g.id("Ash");
    let from = g.fig("Ash").pos;
    let legal = g.legal();
    assert!(!legal.is_empty());
    for a in &legal {
        match a {
            Action::Move { fig, to, .. } if *fig == ash => {
                assert!(from.distance(*to) >= 6, "{to}")
            }
            other => panic!("{:?} is not a run", other),
        }
    }
    g.act("Ash moves to 13,1 facing SE");
    g.act("Cid moves to 13,4 facing SE");
    g.act("Bay stands facing SW");
    // A running side does nothing but run: no action.
    assert_eq!(g.decider(), Some(ash));
    assert_eq!(g.texts(), ["Ash does nothing"]);
}

#[test]
fn sk_9_c_a_side_that_turns_to_fight_rolls_for_the_initiative() {
    // A turns to fight: 1d6 a side, 1 against 6: B wins (SK-9-d); A may stand still.
    let mut g = runners(true, false);
    g.play("start turn 2", &[]);
    let ev = g.play("A turns to fight", &[1, 6]);
    assert_eq!(
        initiative(&ev),
        [(vec![(0, 1, 0), (1, 6, 0)], Some(1), "SK-9-d")]
    );
    g.act("move first");
    g.act("Bay stands facing SW");
    assert!(g.can("Ash stands facing SE"));
}

#[test]
fn sk_9_c_a_side_not_all_of_whom_ran_is_not_asked() {
    // Cid moved 3 hexes, a Half Move: side A did not only run. The initiative is rolled at once.
    let mut g = runners(false, false);
    let ev = g.play("start turn 2", &[6, 1]);
    assert_eq!(
        initiative(&ev),
        [(vec![(0, 6, 0), (1, 1, 0)], Some(0), "SK-9-d")]
    );
    assert_eq!(g.s.phase, Phase::ChooseOrder { winner: 0 });
}

#[test]
fn sk_9_c_when_both_sides_run_again_the_initiative_is_rolled() {
    // Everyone ran: A is asked, then B; both run again, so neither can have it: 1d6 a side.
    let mut g = runners(true, true);
    g.play("start turn 2", &[]);
    g.act("A runs again");
    assert_eq!(g.s.phase, Phase::Runners { side: 1 });
    let ev = g.play("B runs again", &[2, 5]);
    assert_eq!(
        initiative(&ev),
        [(vec![(0, 2, 0), (1, 5, 0)], Some(1), "SK-9-d")]
    );
    assert!(g.fig("Ash").runs && g.fig("Bay").runs);
    // One of them running again: that one has it, without a roll.
    let mut g = runners(true, true);
    g.play("start turn 2", &[]);
    g.act("A turns to fight");
    let ev = g.act("B runs again");
    assert_eq!(initiative(&ev), [(vec![], Some(1), "SK-9-c")]);
}

// ---- §10 chases (SK-10-e, G-72)

/// Ash and Cid (side A), Bay (side B); Ash chases Bay.
fn chase() -> Game {
    game_with(
        &[],
        &open(8, 6),
        &[
            unit("Ash", 0, (0, 0), SE, &[], PLAIN),
            unit("Cid", 0, (0, 4), SE, &[], PLAIN),
            unit("Bay", 1, (5, 0), SE, &[], PLAIN),
        ],
        &[("Ash", "chases = \"Bay\"")],
    )
}

#[test]
fn sk_10_e_the_character_ahead_moves_before_his_pursuer() {
    // A wins and moves first: the initiative order is Ash, Cid, Bay. Ash chases Bay, so Bay
    // moves before Ash, who waits for him: Cid, Bay, Ash (SK-10-e).
    let mut g = chase();
    let (ash, cid, bay) = (g.id("Ash"), g.id("Cid"), g.id("Bay"));
    g.play("start turn 1", &[6, 1]);
    let ev = g.act("move first");
    let chase: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Chase { chases, order } => Some((chases.to_vec(), order.to_vec())),
            _ => None,
        })
        .collect();
    assert_eq!(chase, [(vec![(bay, ash)], vec![cid, bay, ash])]);
    assert_eq!(g.decider(), Some(cid));
    g.act("Cid stands facing SE");
    assert_eq!(g.decider(), Some(bay));
    g.act("Bay moves to 7,1 facing SE");
    assert_eq!(g.decider(), Some(ash));
    g.act("Ash moves to 5,1 facing SE");
    // The action phase is in eDEX order (all 12); ties keep the initiative order, Ash, Cid,
    // Bay, not the chase's (SK-11-c, G-12).
    let order: Vec<FigId> = g.s.act_order.to_vec();
    assert_eq!(order, [ash, cid, bay]);
}

#[test]
fn sk_10_e_no_reorder_when_the_quarry_already_moves_first() {
    // B wins and moves first: Bay already moves before Ash; nothing changes, no event.
    let mut g = chase();
    g.play("start turn 1", &[1, 6]);
    let ev = g.act("move first");
    assert!(!ev.iter().any(|e| matches!(e, Event::Chase { .. })));
    assert_eq!(g.decider(), Some(g.id("Bay")));
}

#[test]
fn sk_10_e_g_72_chases_must_name_another_unit_and_make_no_ring() {
    let units = [
        unit("Ash", 0, (1, 1), S, &[], PLAIN),
        unit("Bay", 1, (1, 3), N, &[], PLAIN),
    ];
    let e = load_error(&[], &units, &[("Ash", "chases = \"Bea\"")]);
    assert!(
        e.contains("units[0].chases") && e.contains("no unit is named 'Bea'"),
        "{e}"
    );
    let e = load_error(&[], &units, &[("Ash", "chases = \"Ash\"")]);
    assert!(e.contains("cannot chase himself"), "{e}");
    let e = load_error(
        &[],
        &units,
        &[("Ash", "chases = \"Bay\""), ("Bay", "chases = \"Ash\"")],
    );
    assert!(e.contains("ring of chases"), "{e}");
}

// ---- §8.3 engagement and size (SK-8.3-a…d, G-69)

/// Ash (side A) at [2, 3] facing N has the dragon's hex [2, 2] in front; Cid (side A), when
/// there, at [1, 2] facing NE too. The dragon (side B) moves first.
fn dragon(opts: &[(&str, &str)], size: u8, with_cid: bool) -> Game {
    let mut units = vec![
        unit("Ash", 0, (2, 3), N, &[], PLAIN),
        unit(
            "Dragon",
            1,
            (2, 2),
            N,
            &[],
            &format!("str = 10, dex = 12, int = 10, size = {size}"),
        ),
    ];
    if with_cid {
        units.push(unit("Cid", 0, (1, 2), NE, &[], PLAIN));
    }
    let mut g = game(opts, &open(6, 8), &[], &units);
    g.start_turn(1);
    g
}

fn moves_freely(g: &Game) -> bool {
    g.texts().iter().any(|t| t.contains(" moves to "))
}

#[test]
fn sk_8_3_c_a_one_hex_human_alone_cannot_engage_a_dragon_of_seven_hexes() {
    // Size 7, ratio 7 (the default): 1 × 7 ≤ 7: Ash alone cannot engage it; the dragon moves
    // freely (SK-10.7).
    let g = dragon(&[], 7, false);
    assert!(moves_freely(&g));
    // Size 6: 1 × 7 > 6: engaged: stand still or shift only (SK-10.8).
    let g = dragon(&[], 6, false);
    assert!(!moves_freely(&g));
    assert!(g.can("Dragon shifts to 1,2 facing N"), "{:?}", g.texts());
    // Two humans together: (1 + 1) × 7 = 14 > 7: engaged.
    let g = dragon(&[], 7, true);
    assert!(!moves_freely(&g));
    // sk.size_ratio = 8: 1 × 8 > 7: Ash alone engages it.
    let g = dragon(&[("sk.size_ratio", "8")], 7, false);
    assert!(!moves_freely(&g));
}

#[test]
fn sk_8_3_c_size_does_not_stop_the_dragon_engaging_a_man() {
    // The dragon (size 7) faces N at [2, 2]; Ash at [2, 1] facing S is in its front. Ash is
    // engaged (a size-1 figure is engaged by anyone): he may only stand or shift.
    let units = [
        unit("Ash", 0, (2, 1), S, &[], PLAIN),
        unit(
            "Dragon",
            1,
            (2, 2),
            N,
            &[],
            "str = 10, dex = 12, int = 10, size = 7",
        ),
    ];
    let mut g = game(&[], &open(6, 8), &[], &units);
    g.start_turn(0);
    assert!(!moves_freely(&g), "{:?}", g.texts());
    // Ash faces the dragon too, [2, 2] is in his front; alone he cannot engage it: the dragon
    // moves freely.
    g.act("Ash stands facing S");
    assert!(moves_freely(&g));
}

#[test]
fn sk_8_3_a_engagement_need_not_be_mutual_and_sk_8_3_b_a_back_turned_foe_cannot_engage() {
    // Ash at [1, 1] facing S threatens [0, 2], [1, 2], [2, 2]; Bay at [1, 2] faces S, his back
    // to Ash. Bay is engaged (SK-8.3-a) and only stands or shifts (SK-10.8); Ash is not: Bay's
    // back cannot engage him (SK-8.3-b), and he moves freely (SK-8.3-d).
    let units = [
        unit("Ash", 0, (1, 1), S, &[], PLAIN),
        unit("Bay", 1, (1, 2), S, &[], PLAIN),
    ];
    let mut g = game(&[], &open(3, 6), &[], &units);
    g.start_turn(1);
    assert!(!moves_freely(&g));
    // SK-10.8-a: engaged, he may only stand still (SK-10.8.1-a, in any facing) or shift
    // (SK-10.8.3-a); standing up is for those who are down (SK-10.8.2-a).
    for a in g.legal() {
        assert!(
            matches!(a, Action::StandStill { .. } | Action::Shift { .. }),
            "{a:?}"
        );
    }
    // SK-10.8.3-a: a shift keeps every engagement: to a hex next to [1, 2] in Ash's threat
    // zone, [0, 2] or [2, 2], in any facing; nothing else moves him.
    let mut shifts: Vec<Pos> = g
        .legal()
        .iter()
        .filter_map(|a| match a {
            Action::Shift { to, .. } => Some(*to),
            _ => None,
        })
        .collect();
    shifts.dedup();
    assert_eq!(shifts, [p(2, 2), p(0, 2)]);
    g.act("Bay stands facing S");
    assert!(moves_freely(&g));
    g.act("Ash stands facing S");
    // Bay, facing away, cannot attack Ash (SK-8.3-b); Ash can attack Bay.
    assert_eq!(g.decider(), Some(g.id("Bay")));
    assert!(!g.texts().iter().any(|t| t.starts_with("Bay attacks")));
    g.act("Bay does nothing");
    assert!(g.can("Ash attacks Bay"));
}

// ---- §8.4, §9, §11 the order of the turn (SK-8.4.2-a, SK-9-a, SK-11-d)

#[test]
fn sk_8_4_2_a_sk_9_a_movement_in_initiative_order_actions_in_edex_order() {
    // B wins and moves first: Bay, then A's figures in scenario order, Ash and Cid
    // (SK-8.4.2-a). The initiative only sets who moves first (SK-9-a): the actions go by
    // eDEX, Cid 14, Ash 12, Bay 10 (SK-11-c).
    let units = [
        unit("Ash", 0, (0, 0), S, &[], PLAIN),
        unit("Cid", 0, (2, 0), S, &[], "str = 10, dex = 14, int = 10"),
        unit("Bay", 1, (1, 5), N, &[], "str = 10, dex = 10, int = 10"),
    ];
    let mut g = game(&[], &open(4, 6), &[], &units);
    let (ash, cid, bay) = (g.id("Ash"), g.id("Cid"), g.id("Bay"));
    g.start_turn(1);
    let mut movers = Vec::new();
    while let Phase::Movement { .. } = g.s.phase {
        let f = g.decider().unwrap();
        movers.push(f);
        let facing = g.s.fig(f).facing;
        let a = Action::StandStill {
            fig: f,
            facing,
            guard: Guard::None,
        };
        g.play_action(&a, &[]);
    }
    assert_eq!(movers, [bay, ash, cid]);
    let order: Vec<(FigId, i16)> = g
        .log
        .iter()
        .filter_map(|e| match e {
            Event::ActionOrder { order } => Some(order.to_vec()),
            _ => None,
        })
        .next_back()
        .unwrap();
    assert_eq!(order, [(cid, 14), (ash, 12), (bay, 10)]);
}

#[test]
fn sk_8_4_3_a_the_action_order_counts_armor_but_not_the_attack() {
    // Ash DEX 14 in steel armor (−3 DEX, SK-14.1-e): ordering eDEX 11. Bay DEX 12 with
    // Marksmanship (+3 on his shots, SK-6.3.6-a): the ordering eDEX counts only armor,
    // encumbrance and damage, so 12. Bay acts first, though Ash's side moved first.
    let units = [
        unit(
            "Ash",
            0,
            (1, 0),
            S,
            &["steel"],
            "str = 10, dex = 14, int = 10",
        ),
        unit(
            "Bay",
            1,
            (1, 4),
            N,
            &["pistol"],
            "str = 10, dex = 12, int = 10, sidearms = 1, marksmanship = 1",
        ),
    ];
    let mut g = game(&[], &open(3, 6), &[], &units);
    let (ash, bay) = (g.id("Ash"), g.id("Bay"));
    g.reach_actions(0);
    let order: Vec<(FigId, i16)> = g
        .log
        .iter()
        .filter_map(|e| match e {
            Event::ActionOrder { order } => Some(order.to_vec()),
            _ => None,
        })
        .next_back()
        .unwrap();
    assert_eq!(order, [(bay, 12), (ash, 11)]);
}

#[test]
fn sk_10_5_a_sk_10_7_1_a_standing_still_in_any_facing() {
    // A disengaged figure may stand still facing any of the six ways (SK-10.7.1-a, SK-10.5-a):
    // facing SE, he turns to NW without moving; he has moved 0 hexes.
    let units = [
        unit("Ash", 0, (1, 1), SE, &[], PLAIN),
        unit("Bay", 1, (1, 5), N, &[], PLAIN),
    ];
    let mut g = game(&[], &open(3, 7), &[], &units);
    g.start_turn(0);
    let ash = g.id("Ash");
    for facing in ["N", "NE", "SE", "S", "SW", "NW"] {
        assert!(g.can(&format!("Ash stands facing {facing}")), "{facing}");
    }
    let ev = g.act("Ash stands facing NW");
    assert_eq!(
        ev[0],
        Event::Faced {
            fig: ash,
            facing: NW
        }
    );
    assert_eq!((g.fig("Ash").facing, g.fig("Ash").moved), (NW, 0));
}

#[test]
fn sk_11_d_the_action_order_holds_when_edex_changes() {
    // Ash (DEX 14) shoots Bay (DEX 12) before Bay acts: 3d6 8 against 14 hits; the pistol's
    // 2d6 rolls 3 + 3 = 6 damage, 5 or more: Bay is shaken, −2 (SK-12.4-d), eDEX 10, below
    // Cid's 11. The order frozen at the start of the phase stands: Bay still acts before Cid.
    let units = [
        unit(
            "Ash",
            0,
            (1, 0),
            S,
            &["pistol"],
            "str = 10, dex = 14, int = 10, sidearms = 1",
        ),
        unit("Bay", 1, (1, 2), N, &[], PLAIN),
        unit("Cid", 1, (3, 4), N, &[], "str = 10, dex = 11, int = 10"),
    ];
    let mut g = game(&[], &open(5, 6), &[], &units);
    let (bay, cid) = (g.id("Bay"), g.id("Cid"));
    g.reach_actions(0);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(8), &[3, 3]]));
    assert_eq!(damages(&ev)[0].taken, 6);
    assert!(effects(&ev)
        .iter()
        .any(|(f, e, _)| *f == bay && matches!(e, Effect::Shaken { .. })));
    assert_eq!(
        fireteam_skirmish::combat::edex::order_dex(&g.s, g.fig("Bay")),
        10
    );
    g.act("Ash holds fire"); // the pistol's second shot, at eDEX 13 (SK-12-e)
    assert_eq!(g.decider(), Some(bay));
    g.act("Bay does nothing");
    assert_eq!(g.decider(), Some(cid));
}

// ---- §11.6 changing options (SK-11.6-a)

/// Ash (side A) at [1, 0] facing S and Bay (side B) at [1, 4] facing N, both with pistols;
/// `winner` moves first.
fn duel_at_range(winner: u8) -> Game {
    let units = [
        unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER),
        unit("Bay", 1, (1, 4), N, &["pistol"], GUNNER),
    ];
    let mut g = game(&[], &open(3, 9), &[], &units);
    g.start_turn(winner);
    g
}

#[test]
fn sk_11_6_a_a_dodge_declared_with_the_movement_may_become_a_shot() {
    // Ash dodges with his movement (no hexes moved) and his slot comes first (A moved first,
    // eDEX 12 each). He keeps dodging, or changes to any option: he moved 0 hexes. He shoots:
    // the dodge is given up first, so Bay's shot after it rolls 3d6, not 4d6.
    let mut g = duel_at_range(0);
    let ash = g.id("Ash");
    g.act("Ash stands facing S and dodges");
    g.act("Bay stands facing N");
    assert_eq!(g.decider(), Some(ash));
    let t = g.texts();
    assert_eq!(t[0], "Ash keeps dodging");
    assert!(t.contains(&"Ash shoots Bay".to_string()), "{t:?}");
    let ev = g.play("Ash shoots Bay", &d3(16));
    assert_eq!(
        ev[0],
        Event::Guarded {
            fig: ash,
            guard: Guard::None
        }
    );
    assert_eq!(roll(&ev).dice, 3);
    // His pistol's second shot waits for eDEX 11 (SK-12-e): Bay's slot comes before it.
    let r = roll(&g.play("Bay shoots Ash", &d3(16)));
    assert_eq!(r.dice, 3);
}

#[test]
fn sk_11_6_a_a_dodge_met_by_a_shot_cannot_be_changed() {
    // B moved first, so Bay's slot comes first: his shot meets Ash's dodge (4d6, SK-11.4-c).
    // The dodge has been carried out, no longer only intended: Ash may only keep it.
    let mut g = duel_at_range(1);
    g.act("Bay stands facing N");
    g.act("Ash stands facing S and dodges");
    let r = roll(&g.play("Bay shoots Ash", &d4(19)));
    assert_eq!(r.dice, 4);
    assert!(g.fig("Ash").guard_tested);
    // Bay's second shot waits for eDEX 11 (SK-12-e): Ash's slot is next.
    assert_eq!(g.texts(), ["Ash keeps dodging"]);
    let ev = g.act("Ash keeps dodging");
    assert_eq!(ev[0], Event::Acted { fig: g.id("Ash") });
    assert_eq!(g.fig("Ash").guard, Guard::Dodge);
}

#[test]
fn sk_11_6_a_not_to_an_option_that_allows_less_movement() {
    // Ash moves a Half Move (5 hexes of MOV 10) and dodges. At his slot: shooting needs at most
    // one hex (SK-11.7.3-a), readying two: he may keep dodging, drop (≤ Half Move,
    // SK-11.7.5-a), or do nothing, and no more.
    let units = [
        unit("Ash", 0, (1, 0), S, &["pistol"], GUNNER),
        unit("Bay", 1, (1, 9), N, &["pistol"], GUNNER),
    ];
    let mut g = game(&[], &open(3, 10), &[], &units);
    g.start_turn(0);
    g.act("Ash moves to 1,5 facing S and dodges");
    g.act("Bay stands facing N");
    assert_eq!(
        g.texts(),
        [
            "Ash keeps dodging",
            "Ash does nothing",
            "Ash kneels",
            "Ash drops prone"
        ]
    );
    // After one hex he could shoot.
    let mut g = duel_at_range(0);
    g.act("Ash moves to 1,1 facing S and dodges");
    g.act("Bay stands facing N");
    assert!(g.can("Ash shoots Bay"));
}

#[test]
fn sk_11_6_a_a_figure_that_declared_no_guard_may_dodge_at_his_slot() {
    // Ash declared nothing; at his slot he changes to Dodge: Bay's shot after it rolls 4d6.
    let mut g = duel_at_range(0);
    g.act("Ash stands facing S");
    g.act("Bay stands facing N");
    let ev = g.act("Ash dodges");
    assert!(ev.contains(&Event::Guarded {
        fig: g.id("Ash"),
        guard: Guard::Dodge
    }));
    let r = roll(&g.play("Bay shoots Ash", &d4(19)));
    assert_eq!(r.dice, 4);
}

#[test]
fn sk_11_6_a_a_declared_defend_may_become_a_blow_until_a_blow_meets_it() {
    // Ash and Bay face each other, next to each other, with sabres. Ash defends with his
    // movement; his slot comes first (A moved first): he changes to an attack (3d6 16 misses).
    let units = [
        unit("Ash", 0, (1, 1), S, &["saber"], FIGHTER),
        unit("Bay", 1, (1, 2), N, &["saber"], FIGHTER),
    ];
    let mut g = game(&[], &open(3, 5), &[], &units);
    g.start_turn(0);
    g.act("Ash stands facing S and defends");
    g.act("Bay stands facing N");
    let ev = g.play("Ash attacks Bay", &d3(16));
    assert_eq!(
        ev[0],
        Event::Guarded {
            fig: g.id("Ash"),
            guard: Guard::None
        }
    );
    // B first: Bay's blow from Ash's front meets the Defend (4d6); Ash may only keep it.
    let mut g = game(&[], &open(3, 5), &[], &units);
    g.start_turn(1);
    g.act("Bay stands facing N");
    g.act("Ash stands facing S and defends");
    let r = roll(&g.play("Bay attacks Ash", &d4(19)));
    assert_eq!(r.dice, 4);
    assert_eq!(g.texts(), ["Ash keeps defending"]);
}

// ---- §21.3 fatigue (SK-21.3-h, optional; G-61)

fn fencers(opts: &[(&str, &str)], ash: &str) -> Game {
    let units = [
        unit("Ash", 0, (1, 1), S, &["saber"], ash),
        unit("Bay", 1, (1, 2), N, &["saber"], FIGHTER),
    ];
    game(opts, &open(3, 12), &[], &units)
}

#[test]
fn sk_21_3_h_a_turn_of_melee_attack_costs_one_nonlethal() {
    // Ash attacks (3d6 16 against 12: a miss); Bay does nothing. At the end of the turn Ash
    // tires, 1 nonlethal; Bay, who did not exert himself, does not.
    let mut g = fencers(&[NONLETHAL, FATIGUE], FIGHTER);
    let ash = g.id("Ash");
    g.reach_actions(0);
    g.play("Ash attacks Bay", &d3(16));
    g.act("Bay does nothing");
    let ev = finish(&mut g);
    assert_eq!(fatigue(&ev), [(ash, 1, "SK-21.3-h")]);
    assert_eq!(g.fig("Ash").nonlethal, 1);
    assert_eq!(g.fig("Ash").est(), 9);
    assert_eq!(g.fig("Bay").nonlethal, 0);
}

#[test]
fn sk_21_3_h_off_no_fatigue() {
    // sk.fatigue off (the default), nonlethal on: the same turn costs nothing.
    let mut g = fencers(&[NONLETHAL], FIGHTER);
    g.reach_actions(0);
    g.play("Ash attacks Bay", &d3(16));
    g.act("Bay does nothing");
    let ev = finish(&mut g);
    assert!(fatigue(&ev).is_empty());
    assert_eq!(g.fig("Ash").nonlethal, 0);
}

#[test]
fn sk_21_3_h_a_full_run_and_a_defend_tire_a_half_move_does_not() {
    // Ash defends (kept at his slot); Bay runs 7 hexes away, a Full Move: both tire.
    let mut g = fencers(&[NONLETHAL, FATIGUE], FIGHTER);
    let (ash, bay) = (g.id("Ash"), g.id("Bay"));
    g.start_turn(0);
    g.act("Ash stands facing S and defends");
    // Bay is engaged: he may only shift; let him stand; the run comes next turn.
    g.act("Bay stands facing N");
    g.act("Ash keeps defending");
    g.act("Bay does nothing");
    let ev = finish(&mut g);
    assert_eq!(fatigue(&ev), [(ash, 1, "SK-21.3-h")]);
    // Ash runs 7 hexes of his MOV 10 (a Full Move); Bay moves 3 (a Half Move).
    let units = [
        unit("Ash", 0, (1, 0), S, &[], PLAIN),
        unit("Bay", 1, (1, 11), N, &[], PLAIN),
    ];
    let mut g = game(&[NONLETHAL, FATIGUE], &open(3, 12), &[], &units);
    g.start_turn(0);
    g.act("Ash moves to 1,7 facing S"); // 7 hexes: a Full Move
    g.act("Bay moves to 1,8 facing N"); // 3 hexes: a Half Move
    let ev = finish(&mut g);
    assert_eq!(fatigue(&ev), [(ash, 1, "SK-21.3-h")]);
    assert!(!fatigue(&ev).iter().any(|f| f.0 == bay));
}

#[test]
fn sk_21_3_h_sk_21_3_c_fatigue_can_knock_a_figure_out() {
    // STR 2: a Full Move costs 1 nonlethal; current STR 1 is unconscious (SK-21.3-c, G-24).
    let units = [
        unit("Ash", 0, (1, 0), S, &[], "str = 2, dex = 12, int = 10"),
        unit("Bay", 1, (1, 11), N, &[], PLAIN),
    ];
    let mut g = game(&[NONLETHAL, FATIGUE], &open(3, 12), &[], &units);
    let ash = g.id("Ash");
    g.start_turn(0);
    g.act("Ash moves to 1,7 facing S");
    g.act("Bay stands facing N");
    let ev = finish(&mut g);
    assert_eq!(fatigue(&ev), [(ash, 1, "SK-21.3-h")]);
    assert!(effects(&ev).contains(&(ash, Effect::Unconscious, "SK-21.3-c")));
    assert_eq!(g.fig("Ash").condition, Condition::Unconscious);
}

#[test]
fn sk_21_3_h_needs_nonlethal_damage() {
    let units = [
        unit("Ash", 0, (1, 1), S, &[], PLAIN),
        unit("Bay", 1, (1, 3), N, &[], PLAIN),
    ];
    let e = load_error(&[FATIGUE], &units, &[]);
    assert!(
        e.contains("options.\"sk.fatigue\"") && e.contains("sk.nonlethal is off"),
        "{e}"
    );
}

// ---- §6.3.8 stealth, hearing and hidden figures (SK-6.3.8-a/b/c, SK-6.3.4-a, SK-6.3.1-a)

/// In complete darkness (only the next hex is seen): Ash (side A, with Stealth) at [1, 0]
/// facing S, Bay (side B) at [1, 4] facing N, with pistols. `ash` and `bay` add stats.
fn night(opts: &[(&str, &str)], ash: &str, bay: &str, bay_at: (i32, i32)) -> Game {
    let mut o = vec![DARK];
    o.extend_from_slice(opts);
    let units = [
        unit("Ash", 0, (1, 0), S, &["pistol"], &format!("{GUNNER}{ash}")),
        unit("Bay", 1, bay_at, N, &["pistol"], &format!("{GUNNER}{bay}")),
    ];
    game(&o, &open(3, 16), &[], &units)
}

#[test]
fn sk_6_3_8_a_a_stealthy_move_out_of_sight_hides_him_unheard() {
    // Ash (Stealth) steps to [1, 1], 3 hexes from Bay, in the dark: out of sight. Bay has
    // normal hearing and is not listening: he cannot hear him whatever the Stealth roll, so
    // none is made, and Ash is hidden. Bay cannot shoot him.
    let mut g = night(&[], ", stealth = 1", "", (1, 4));
    let ash = g.id("Ash");
    g.start_turn(0);
    let ev = g.act("Ash moves to 1,1 facing S");
    assert_eq!(hidden(&ev), [(ash, true, None, "SK-6.3.8-a")]);
    assert!(checks(&ev).is_empty());
    g.act("Bay stands facing N");
    g.act("Ash does nothing");
    assert!(!g.can("Bay shoots Ash"), "{:?}", g.texts());
    // Without Stealth he does not move silently: not hidden, and Bay may shoot.
    let mut g = night(&[], "", "", (1, 4));
    g.start_turn(0);
    let ev = g.act("Ash moves to 1,1 facing S");
    assert!(hidden(&ev).is_empty());
    g.act("Bay stands facing N");
    g.act("Ash does nothing");
    assert!(g.can("Bay shoots Ash"));
}

/// Ash hidden from the start (unit stat `hidden`), Bay listening from turn 1; turn 2 is at
/// its movement phase, A first.
fn listened(ash: &str, bay: &str, bay_at: (i32, i32)) -> Game {
    let mut g = night(&[], &format!(", hidden = 1{ash}"), bay, bay_at);
    g.start_turn(0);
    assert!(g.fig("Ash").hidden);
    g.stand_all();
    g.act("Ash does nothing");
    g.act("Bay listens");
    assert!(g.fig("Bay").listening);
    g.finish_turn();
    g.start_turn(0);
    g
}

#[test]
fn sk_6_3_8_b_a_failed_stealth_roll_is_heard_by_a_listener_within_3_mh() {
    // Ash (Stealth, eDEX 12) steps to [1, 1], 3 hexes (1 MH) from Bay, who listens. Stealth
    // 3d6 14 > 12 fails, margin −2; Bay (normal hearing, listening) may hear: 3d6 10 against
    // INT 10, margin 0 > −2: heard (SK-6.3.8-b/c). Found, Ash can be shot.
    let mut g = listened(", stealth = 1", "", (1, 4));
    let (ash, bay) = (g.id("Ash"), g.id("Bay"));
    let ev = g.play("Ash moves to 1,1 facing S", &faces(&[&d3(14), &d3(10)]));
    assert_eq!(
        checks(&ev),
        [(ash, "stealth", 3, 14, 12, false, "SK-6.3.8-a")]
    );
    assert_eq!(hearings(&ev), [(bay, 3, 10, Some(-2), true)]);
    assert_eq!(hidden(&ev), [(ash, false, Some(bay), "SK-6.3.8-c")]);
    g.act("Bay stands facing N");
    g.act("Ash does nothing");
    assert!(g.can("Bay shoots Ash"));
}

#[test]
fn sk_6_3_8_a_on_a_successful_roll_normal_hearing_hears_nothing() {
    // Stealth 3d6 9 ≤ 12 succeeds (margin 3): only Enhanced Hearing could hear him now; Bay
    // has normal hearing, so no INT roll: Ash stays hidden.
    let mut g = listened(", stealth = 1", "", (1, 4));
    let ev = g.play("Ash moves to 1,1 facing S", &d3(9));
    assert!(hearings(&ev).is_empty());
    assert!(hidden(&ev).is_empty());
    assert!(g.fig("Ash").hidden);
}

#[test]
fn sk_6_3_8_c_the_listener_must_beat_the_stealth_margin() {
    // Bay has Enhanced Hearing and listens: he rolls 2d6 (one die fewer, SK-6.3.4-a). Stealth
    // 3d6 10 ≤ 12, margin 2. Bay 2d6 8 against INT 10: margin 2, not more than 2: not heard.
    let eh = ", enhanced_hearing = 1";
    let mut g = listened(", stealth = 1", eh, (1, 4));
    let bay = g.id("Bay");
    let ev = g.play("Ash moves to 1,1 facing S", &faces(&[&d3(10), &d2(8)]));
    assert_eq!(hearings(&ev), [(bay, 2, 8, Some(2), false)]);
    assert!(g.fig("Ash").hidden);
    // 2d6 7: margin 3 > 2: heard.
    let mut g = listened(", stealth = 1", eh, (1, 4));
    let ev = g.play("Ash moves to 1,1 facing S", &faces(&[&d3(10), &d2(7)]));
    assert_eq!(hearings(&ev), [(bay, 2, 7, Some(2), true)]);
    assert!(!g.fig("Ash").hidden);
}

#[test]
fn sk_6_3_4_a_enhanced_hearing_hears_a_failure_without_listening() {
    // Bay has Enhanced Hearing and does not listen. Stealth 3d6 13 > 12 fails, margin −1: he
    // hears passively within 3 MH: 2d6 10 against INT 10, margin 0 > −1: heard.
    let mut g = night(
        &[],
        ", stealth = 1, hidden = 1",
        ", enhanced_hearing = 1",
        (1, 4),
    );
    let bay = g.id("Bay");
    g.start_turn(0);
    let ev = g.play("Ash moves to 1,1 facing S", &faces(&[&d3(13), &d2(10)]));
    assert_eq!(hearings(&ev), [(bay, 2, 10, Some(-1), true)]);
    // A success (3d6 12, margin 0) is heard only by a listener: no roll, still hidden.
    let mut g = night(
        &[],
        ", stealth = 1, hidden = 1",
        ", enhanced_hearing = 1",
        (1, 4),
    );
    g.start_turn(0);
    let ev = g.play("Ash moves to 1,1 facing S", &d3(12));
    assert!(hearings(&ev).is_empty());
    assert!(g.fig("Ash").hidden);
}

#[test]
fn sk_6_3_1_a_alertness_takes_one_more_die_off_hearing() {
    // Enhanced Hearing and Alertness (perception): 3 − 1 − 1 = 1 die. Stealth 3d6 13 fails
    // (margin −1); Bay 1d6 4 against INT 10, margin 6: heard.
    let bay = ", enhanced_hearing = 1, alertness = 1";
    let mut g = night(&[], ", stealth = 1, hidden = 1", bay, (1, 4));
    let b = g.id("Bay");
    g.start_turn(0);
    let ev = g.play("Ash moves to 1,1 facing S", &faces(&[&d3(13), &[4]]));
    assert_eq!(hearings(&ev), [(b, 1, 4, Some(-1), true)]);
}

#[test]
fn sk_6_3_8_b_beyond_3_mh_nobody_hears() {
    // Bay with Enhanced Hearing at [1, 14]: after Ash's step to [1, 1] he is 13 hexes away,
    // 5 MH: no roll at all, and Ash stays hidden.
    let mut g = night(
        &[],
        ", stealth = 1, hidden = 1",
        ", enhanced_hearing = 1",
        (1, 14),
    );
    g.start_turn(0);
    let ev = g.act("Ash moves to 1,1 facing S");
    assert!(checks(&ev).is_empty() && hearings(&ev).is_empty());
    assert!(g.fig("Ash").hidden);
}

#[test]
fn sk_6_3_8_a_a_hidden_figure_without_stealth_is_heard_within_3_mh() {
    // Hidden, but without Stealth he does not move silently: Bay, 3 hexes away, hears him,
    // with no roll. At 13 hexes (5 MH) nobody does.
    let mut g = night(&[], ", hidden = 1", "", (1, 4));
    let (ash, bay) = (g.id("Ash"), g.id("Bay"));
    g.start_turn(0);
    let ev = g.act("Ash moves to 1,1 facing S");
    assert_eq!(hidden(&ev), [(ash, false, Some(bay), "SK-6.3.8-a")]);
    let mut g = night(&[], ", hidden = 1", "", (1, 14));
    g.start_turn(0);
    g.act("Ash moves to 1,1 facing S");
    assert!(g.fig("Ash").hidden);
}

#[test]
fn sk_6_3_8_a_attacking_gives_a_hidden_figure_away() {
    // Ash, hidden in the dark, shoots Bay (3d6 16: a miss): the shot gives him away.
    let mut g = night(&[], ", stealth = 1, hidden = 1", "", (1, 4));
    let ash = g.id("Ash");
    g.reach_actions(0);
    let ev = g.play("Ash shoots Bay", &d3(16));
    assert_eq!(hidden(&ev), [(ash, false, None, "SK-6.3.8-a")]);
}

#[test]
fn sk_6_3_8_a_a_hidden_figure_in_sight_is_found() {
    // In daylight Bay sees Ash 4 hexes away: the `hidden` he starts with is gone at once.
    let units = [
        unit("Ash", 0, (1, 0), S, &[], &format!("{PLAIN}, hidden = 1")),
        unit("Bay", 1, (1, 4), N, &[], PLAIN),
    ];
    let mut g = game(&[], &open(3, 6), &[], &units);
    let (ash, bay) = (g.id("Ash"), g.id("Bay"));
    let ev = g.play("start turn 1", &[6, 1]);
    assert_eq!(hidden(&ev), [(ash, false, Some(bay), "SK-6.3.8-a")]);
    // Behind a wall over 2 m (sight-blocking) he stays hidden.
    let rows = vec!["...".to_string(), "###".to_string(), "...".to_string()];
    let units = [
        unit("Ash", 0, (1, 0), S, &[], &format!("{PLAIN}, hidden = 1")),
        unit("Bay", 1, (1, 2), N, &[], PLAIN),
    ];
    let mut g = game(&[], &rows, &[('#', "wall-high")], &units);
    let ev = g.play("start turn 1", &[6, 1]);
    assert!(hidden(&ev).is_empty());
    assert!(g.fig("Ash").hidden);
}

#[test]
fn sk_6_3_8_b_listening_is_offered_only_against_a_stealthy_foe() {
    // No one has Stealth or hides: no "listens". Ash with Stealth: Bay may listen, as his
    // whole action, having not moved.
    let mut g = night(&[], "", "", (1, 4));
    g.reach_actions(0);
    g.act("Ash does nothing");
    assert!(!g.can("Bay listens"));
    let mut g = night(&[], ", stealth = 1", "", (1, 4));
    g.reach_actions(0);
    g.act("Ash does nothing");
    let ev = g.act("Bay listens");
    let bay = g.id("Bay");
    assert_eq!(
        ev[..2],
        [Event::Acted { fig: bay }, Event::Listening { fig: bay }]
    );
    // Moving ends it.
    g.finish_turn();
    g.start_turn(1);
    g.act("Bay moves to 1,5 facing N");
    assert!(!g.fig("Bay").listening);
}

// ---- properties of random play with every mechanism of this file at once

/// Fox (Red: Stealth, starting hidden) and Cub (Red), Hound (Blue: Enhanced Hearing, chasing
/// Fox) and Ogre (Blue, size 3), at night behind a wall; Blue surprises Red; fatigue is on.
fn melee_at_night() -> Game {
    let rows: Vec<String> = [
        "..........",
        "....#.....",
        "....#.....",
        "..........",
        "....#.....",
        "..........",
    ]
    .iter()
    .map(|r| r.to_string())
    .collect();
    let units = [
        unit(
            "Fox",
            0,
            (1, 2),
            SE,
            &["saber"],
            &format!("{FIGHTER}, stealth = 1, hidden = 1"),
        ),
        unit("Cub", 0, (1, 4), SE, &["pistol"], GUNNER),
        unit(
            "Hound",
            1,
            (8, 2),
            NW,
            &["saber"],
            &format!("{FIGHTER}, enhanced_hearing = 1, alertness = 1"),
        ),
        unit(
            "Ogre",
            1,
            (8, 4),
            NW,
            &["saber"],
            &format!("{FIGHTER}, size = 3"),
        ),
    ];
    let opts = [("sk.surprise", "2"), NONLETHAL, FATIGUE];
    let text = with_fields(
        scenario_toml(&opts, &rows, &[('#', "wall-high")], &units),
        &[("Hound", "chases = \"Fox\"")],
    );
    Game {
        s: load(&text),
        log: Vec::new(),
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

    /// Random legal play: texts distinct and read back; invariants hold; no action names a
    /// hidden enemy (SK-6.3.8); the quarry always moves before his pursuer (SK-10-e); only
    /// the first turn has surprised figures (SK-9-b); a side bound to run does nothing in the
    /// action phase (SK-9-c); fatigue never kills (SK-21.3-h).
    #[test]
    fn sk_10_e_sk_6_3_8_random_play_keeps_the_order_of_the_turn(seed in 0u64..1_000_000) {
        use fireteam_dice::{DiceSource, SeededSource};
        use fireteam_engine::RuleSystem;
        use fireteam_skirmish::Skirmish;
        let mut g = melee_at_night();
        let (fox, hound) = (g.id("Fox"), g.id("Hound"));
        let mut dice = SeededSource::new(seed);
        let mut pick = seed;
        for step in 0..200u64 {
            let legal = g.legal();
            if legal.is_empty() {
                break;
            }
            let texts = g.texts();
            let mut sorted = texts.clone();
            sorted.sort();
            sorted.dedup();
            proptest::prop_assert_eq!(sorted.len(), texts.len(), "duplicate texts: {:?}", texts);
            for a in &legal {
                let target = match *a {
                    Action::Attack { target, .. }
                    | Action::Shoot { target, .. }
                    | Action::Throw { target, .. }
                    | Action::Aim { target, .. }
                    | Action::Grapple { target, .. } => Some(target),
                    _ => None,
                };
                if let Some(t) = target {
                    proptest::prop_assert!(!g.s.fig(t).hidden, "{:?} names a hidden figure", a);
                }
            }
            if let Phase::Movement { next } = g.s.phase {
                let order = &g.s.move_order;
                let at = |f: FigId| order.iter().position(|&x| x == f);
                if g.s.fig(fox).active() && g.s.fig(hound).active() && next == 0 {
                    proptest::prop_assert!(at(fox) < at(hound), "{:?}", order);
                }
            }
            if g.s.turn > 1 || g.s.phase == Phase::TurnStart && g.s.turn == 1 {
                proptest::prop_assert!(!g.s.figures.iter().any(|f| f.surprised));
            }
            if g.s.phase == Phase::Action {
                if let Some(f) = g.decider() {
                    if g.s.fig(f).runs {
                        let passes = legal
                            .iter()
                            .all(|a| matches!(a, Action::Pass { .. } | Action::HoldFire { .. }));
                        proptest::prop_assert!(passes, "a runner may act: {:?}", texts);
                    }
                }
            }
            pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let k = ((pick >> 33) % legal.len() as u64) as usize;
            let a = legal[k];
            proptest::prop_assert_eq!(Skirmish.parse_action(&g.s, &texts[k]).ok(), Some(a));
            dice.begin_scope(step);
            let mut out = Vec::new();
            Skirmish
                .resolve(&g.s, &a, &mut dice, &mut out)
                .map_err(|e| proptest::test_runner::TestCaseError::fail(format!("{}: {e}", texts[k])))?;
            for e in &out {
                Skirmish.apply(&mut g.s, e);
            }
            if let Err(e) = Skirmish.invariants(&g.s) {
                return Err(proptest::test_runner::TestCaseError::fail(format!("after '{}': {e}", texts[k])));
            }
            for f in &g.s.figures {
                // Fatigue and nonlethal damage never kill (SK-21.3-c): the dead took lethal STR.
                if f.condition == Condition::Dead {
                    proptest::prop_assert!(f.damage >= f.st);
                }
            }
        }
    }
}
