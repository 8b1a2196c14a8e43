//! The §21 optional rules through the engine with forced dice: quick shots (SK-21.5-b, G-21),
//! aimed shots and critical hits (SK-21.4, G-23, G-60), partial armor (SK-21.6-b), degraded
//! armor (SK-21.7-a, E-19) and nonlethal damage with breathers and waking (SK-21.3, G-24, G-61,
//! E-18). Every option is tested off (the rule does not apply) and on (exact modifiers, dice
//! counts, target numbers, damage, effects and state after).
//!
//! The scenarios use the real catalog plus a few test-only entries (a jacket, which the book
//! gives no numbers for (G-26), and weapons of a given SK-21.3-b attack type).

mod common;

use common::*;
use fireteam_dice::ScriptedSource;
use fireteam_engine::RuleSystem;
use fireteam_scenario::{Loader, SourceFile};
use fireteam_skirmish::action::Action;
use fireteam_skirmish::autoresult::{Location, ToHit};
use fireteam_skirmish::event::{AttackKind, Effect};
use fireteam_skirmish::schema::SkirmishSchema;
use fireteam_skirmish::state::{Condition, FigId, Phase, Pos, Posture, ShieldAt, WeaponState};
use fireteam_skirmish::{Event, Skirmish, State};

/// STR 10, DEX 12, INT 10, no skills.
const PLAIN: &str = "str = 10, dex = 12, int = 10";
/// STR 10, DEX 12, INT 10 with Sidearms (pistols).
const GUNNER: &str = "str = 10, dex = 12, int = 10, sidearms = 1";
/// The gunner with nothing in hand (the pistol on his belt).
const GUNNER_EMPTY: &str = "str = 10, dex = 12, int = 10, sidearms = 1, ready = 0";
/// STR 10, DEX 12, INT 10 with the Sword skill.
const FIGHTER: &str = "str = 10, dex = 12, int = 10, sword = 1";

const QUICK: (&str, &str) = ("sk.quick_shot", "true");
const SEPARATE_DRAW: (&str, &str) = ("sk.quickdraw_model", "\"separate_draw_roll_minus2\"");
const AIMED: (&str, &str) = ("sk.aimed_shots", "true");
const PARTIAL: (&str, &str) = ("sk.partial_armor", "true");
const DEGRADED: (&str, &str) = ("sk.degraded_armor", "true");
const NONLETHAL: (&str, &str) = ("sk.nonlethal", "true");
const KO_WW: (&str, &str) = ("sk.nonlethal_ko", "\"ww\"");

const PLAIN_HIT: ToHit = ToHit::Hit {
    mult: 1,
    automatic: false,
};
const PLAIN_MISS: ToHit = ToHit::Miss { automatic: false };

/// Test-only catalog entries, loaded after the real catalog.
const EXTRA: &str = r#"
[[armor]]
id = "test-jacket"
name = "Test Jacket"
kind = "jacket"
defense = 4
provenance = { invented = "optional.rs", note = "SK-21.6-a gives no jacket numbers (G-26)" }

[[weapon]]
id = "test-sap"
name = "Sap"
class = "melee"
damage = "2d6"
length = "medium"
attack_type = "stunning"
provenance = { invented = "optional.rs", note = "a stunning weapon without the stun roll" }

[[weapon]]
id = "test-shock-rod"
name = "Shock Rod"
class = "melee"
damage = "1d6"
length = "medium"
attack_type = "shock"
provenance = { invented = "optional.rs", note = "SK-21.3-b shock: no catalog weapon is shock" }

[[weapon]]
id = "test-peashooter"
name = "Peashooter"
class = "missile"
damage = "1"
length = "short"
shots = 1
auto = 20
rounds = 100
provenance = { invented = "optional.rs", note = "one hit a round, 20 rounds of full auto" }
"#;

/// Loads a scenario with the real catalog and [`EXTRA`].
fn load_extra(text: &str) -> State {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../data/skirmish");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("data/skirmish")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    let mut files: Vec<SourceFile> = paths
        .iter()
        .map(|p| SourceFile::read(p).unwrap_or_else(|d| panic!("{}", d.render_plain())))
        .collect();
    files.push(SourceFile::new("zz-optional-test.toml", EXTRA));
    let loader = Loader::new()
        .schema(&SkirmishSchema)
        .catalog_files("skirmish", files);
    match loader.load(&SourceFile::new("test.toml", text)) {
        Ok(loaded) => fireteam_skirmish::scenario::setup(&loaded).build(),
        Err(d) => panic!("scenario does not load:\n{}\n{text}", d.render_plain()),
    }
}

fn battle(opts: &[(&str, &str)], rows: &[String], units: &[Unit]) -> Game {
    Game {
        s: load_extra(&scenario_toml(opts, rows, &[], units)),
        log: Vec::new(),
    }
}

/// Ash (side A) at [1, 0] facing S and Bay (side B) three hexes south at [1, 3] facing N, in
/// turn 1's action phase with Ash to act first.
fn range(opts: &[(&str, &str)], ash: (&[&str], &str), bay: (&[&str], &str)) -> Game {
    let mut g = battle(
        opts,
        &open(3, 8),
        &[
            unit("Ash", 0, (1, 0), S, ash.0, ash.1),
            unit("Bay", 1, (1, 3), N, bay.0, bay.1),
        ],
    );
    g.reach_actions(0);
    g
}

/// The same two, Bay dodging (SK-11.4-c: one die more against missiles).
fn range_dodging(opts: &[(&str, &str)], ash: (&[&str], &str), bay: (&[&str], &str)) -> Game {
    let mut g = battle(
        opts,
        &open(3, 8),
        &[
            unit("Ash", 0, (1, 0), S, ash.0, ash.1),
            unit("Bay", 1, (1, 3), N, bay.0, bay.1),
        ],
    );
    g.start_turn(0);
    g.act("Ash stands facing S");
    g.act("Bay stands facing N and dodges");
    assert_eq!(g.s.phase, Phase::Action);
    g
}

/// Ash at [1, 1] facing S and Bay in his front hex [1, 2] facing N: turn 1's action phase.
fn melee(opts: &[(&str, &str)], ash: (&[&str], &str), bay: (&[&str], &str)) -> Game {
    let mut g = battle(
        opts,
        &open(3, 6),
        &[
            unit("Ash", 0, (1, 1), S, ash.0, ash.1),
            unit("Bay", 1, (1, 2), N, bay.0, bay.1),
        ],
    );
    g.reach_actions(0);
    g
}

/// A damage event with its nonlethal part.
#[derive(Debug, Clone, PartialEq)]
struct Hurt {
    target: FigId,
    rolled: i32,
    mult: u8,
    armor: i16,
    tough: i16,
    lethal: i16,
    nonlethal: i16,
    total: i16,
}

fn hurts(events: &[Event]) -> Vec<Hurt> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Damage {
                target,
                rolled,
                mult,
                armor,
                tough,
                taken,
                nonlethal,
                total,
                ..
            } => Some(Hurt {
                target: *target,
                rolled: *rolled,
                mult: *mult,
                armor: *armor,
                tough: *tough,
                lethal: *taken,
                nonlethal: *nonlethal,
                total: *total,
            }),
            _ => None,
        })
        .collect()
}

/// The one damage event.
fn hurt(events: &[Event]) -> Hurt {
    let h = hurts(events);
    assert_eq!(h.len(), 1, "expected one damage event: {events:#?}");
    h[0].clone()
}

/// The hit locations in these events: (figure, location, aimed, 2d6 roll).
fn locations(events: &[Event]) -> Vec<(FigId, Location, bool, Option<u8>)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Location {
                fig,
                location,
                aimed,
                roll,
            } => Some((*fig, *location, *aimed, *roll)),
            _ => None,
        })
        .collect()
}

/// The nonlethal recoveries in these events: (figure, amount, woke).
fn recoveries(events: &[Event]) -> Vec<(FigId, i16, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Recovered { fig, amount, woke } => Some((*fig, *amount, *woke)),
            _ => None,
        })
        .collect()
}

/// A way to let the turn go on without doing anything.
fn pass_action(g: &Game) -> Action {
    g.legal()
        .into_iter()
        .find(|a| {
            matches!(
                a,
                Action::Pass { .. }
                    | Action::HoldFire { .. }
                    | Action::NoPush { .. }
                    | Action::LetGo { .. }
            )
        })
        .unwrap_or_else(|| panic!("no way to pass: {:?}", g.texts()))
}

/// The events of the turn that ended last, up to its end.
fn last_turn(g: &Game) -> Vec<Event> {
    let ends: Vec<usize> = g
        .log
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, Event::TurnEnded { .. }))
        .map(|(i, _)| i)
        .collect();
    let end = *ends.last().expect("a turn has ended");
    let start = if ends.len() > 1 {
        ends[ends.len() - 2] + 1
    } else {
        0
    };
    g.log[start..=end].to_vec()
}

/// Passes until the turn ends; the action that ends it (and so makes the end-of-turn rolls)
/// gets exactly `faces`. Returns the events of the whole turn. If the turn is already over
/// (the last action ended it, with its own faces), `faces` must be empty.
fn end_turn_rolling(g: &mut Game, faces: &[i64]) -> Vec<Event> {
    if g.s.phase == Phase::TurnStart {
        assert!(faces.is_empty(), "the turn is over already");
        return last_turn(g);
    }
    loop {
        assert!(
            matches!(g.s.phase, Phase::Action | Phase::Retreat { .. }),
            "{:?}",
            g.s.phase
        );
        let a = pass_action(g);
        let mut dice = ScriptedSource::new(Vec::<i64>::new());
        let mut out = Vec::new();
        let rolls = Skirmish.resolve(&g.s, &a, &mut dice, &mut out).is_err();
        let ends = out.iter().any(|e| matches!(e, Event::TurnEnded { .. }));
        if rolls || ends {
            let ev = g.play_action(&a, faces);
            assert!(
                ev.iter().any(|e| matches!(e, Event::TurnEnded { .. })),
                "{ev:#?}"
            );
            return last_turn(g);
        }
        g.play_action(&a, &[]);
    }
}

fn has_readied(events: &[Event], who: FigId, slot: u8) -> bool {
    events
        .iter()
        .any(|e| matches!(e, Event::Readied { fig, slot: s } if *fig == who && *s == slot))
}

// =============================================================================================
// 1. Quick shot (SK-21.5-b; G-21: +1 die, or a separate draw roll then −2).
// =============================================================================================

#[test]
fn sk_21_5_b_off_no_quick_shot_from_the_belt() {
    let g = range(&[], (&["pistol"], GUNNER_EMPTY), (&[], PLAIN));
    assert!(
        !g.texts().iter().any(|t| t.contains("quick-draws")),
        "{:?}",
        g.texts()
    );
    assert!(!g.can("Ash shoots Bay"), "nothing in hand");
    assert!(g.can("Ash readies the Pistol"), "{:?}", g.texts());
}

#[test]
fn sk_21_5_b_quick_shot_draws_and_fires_at_four_dice() {
    let mut g = range(&[QUICK], (&["pistol"], GUNNER_EMPTY), (&[], PLAIN));
    assert!(!g.can("Ash shoots Bay"));
    let (ash, bay) = (g.id("Ash"), g.id("Bay"));
    let ev = g.play(
        "Ash quick-draws the Pistol and shoots Bay",
        &faces(&[&d4(12), &[3, 4]]),
    );
    assert!(has_readied(&ev, ash, 0), "{ev:#?}");
    let r = roll(&ev);
    assert_eq!(
        (r.kind, r.dice, r.total, r.target_number, r.result, r.rule),
        (AttackKind::Missile, 4, 12, 12, PLAIN_HIT, "SK-12.1-a")
    );
    assert!(
        r.modifiers.is_empty(),
        "no −2 with the +1 die: {:?}",
        r.ids()
    );
    r.assert_adds_up(12);
    let h = hurt(&ev);
    assert_eq!((h.target, h.rolled, h.lethal), (bay, 7, 7));
    assert_eq!(g.fig("Bay").damage, 7);
    // The pistol is in hand now, one round spent.
    assert_eq!(g.fig("Ash").ready, Some(0));
    assert_eq!(g.fig("Ash").weapons[0].unwrap().rounds, 5);
}

#[test]
fn sk_21_5_b_quick_shot_at_a_dodging_target_rolls_five_dice() {
    let mut g = range_dodging(&[QUICK], (&["pistol"], GUNNER_EMPTY), (&[], PLAIN));
    let ev = g.play(
        "Ash quick-draws the Pistol and shoots Bay",
        &faces(&[&d5(12), &[1, 1]]),
    );
    let r = roll(&ev);
    assert_eq!(
        (r.dice, r.target_number, r.result),
        (5, 12, PLAIN_HIT),
        "{:?}",
        r.ids()
    );
    assert_eq!(hurt(&ev).lethal, 2);
}

#[test]
fn sk_21_5_b_sk_6_4_5_a_quick_reflexes_takes_the_extra_die_away() {
    let stats = format!("{GUNNER_EMPTY}, quick_reflexes = 1");
    let mut g = range(&[QUICK], (&["pistol"], &stats), (&[], PLAIN));
    let ev = g.play(
        "Ash quick-draws the Pistol and shoots Bay",
        &faces(&[&d3(12), &[2, 2]]),
    );
    let r = roll(&ev);
    assert_eq!((r.dice, r.target_number, r.result), (3, 12, PLAIN_HIT));
    assert!(r.modifiers.is_empty(), "{:?}", r.ids());
}

#[test]
fn sk_21_5_b_no_quick_shot_with_a_weapon_in_hand() {
    let g = range(&[QUICK], (&["pistol"], GUNNER), (&[], PLAIN));
    assert!(g.can("Ash shoots Bay"));
    assert!(
        !g.texts().iter().any(|t| t.contains("quick-draws")),
        "{:?}",
        g.texts()
    );
}

#[test]
fn sk_21_5_b_no_quick_shot_with_a_long_missile_weapon() {
    let stats = "str = 10, dex = 12, int = 10, shoulderarms = 1, ready = 0";
    let g = range(&[QUICK], (&["rifle"], stats), (&[], PLAIN));
    assert!(
        !g.texts().iter().any(|t| t.contains("quick-draws")),
        "{:?}",
        g.texts()
    );
}

#[test]
fn sk_21_5_b_thrown_weapon_quick_shot_needs_thrown_weapons() {
    let without = "str = 10, dex = 12, int = 10, knife = 1, ready = 0";
    let g = range(&[QUICK], (&["utility-knife"], without), (&[], PLAIN));
    assert!(
        !g.texts().iter().any(|t| t.contains("quick-draws")),
        "{:?}",
        g.texts()
    );

    let with = "str = 10, dex = 12, int = 10, knife = 1, thrown_weapons = 1, ready = 0";
    let mut g = range(&[QUICK], (&["utility-knife"], with), (&[], PLAIN));
    let (ash, bay) = (g.id("Ash"), g.id("Bay"));
    let ev = g.play(
        "Ash quick-draws the Utility Knife and shoots Bay",
        &faces(&[&d4(11), &[5]]),
    );
    assert!(has_readied(&ev, ash, 0), "{ev:#?}");
    let r = roll(&ev);
    assert_eq!((r.kind, r.dice), (AttackKind::Thrown, 4));
    r.assert_mod("thrown-skill", 2, "SK-6.2.10-a");
    r.assert_mod("range", -3, "SK-13.5-b");
    assert_eq!(r.ids(), ["thrown-skill", "range"]);
    r.assert_adds_up(12);
    assert_eq!((r.target_number, r.result), (11, PLAIN_HIT));
    // 1d6−1: 5 → 4.
    let h = hurt(&ev);
    assert_eq!((h.target, h.rolled, h.lethal), (bay, 4, 4));
    // SK-12.2-d: the knife lies in Bay's hex.
    assert!(
        effects(&ev).contains(&(
            ash,
            Effect::WeaponThrown {
                slot: 0,
                to: Pos::new(1, 3)
            },
            "SK-12.2-d"
        )),
        "{:?}",
        effects(&ev)
    );
    assert_eq!(g.fig("Ash").weapons[0].unwrap().state, WeaponState::Dropped);
}

#[test]
fn sk_21_5_b_g_21_separate_draw_roll_then_minus_two() {
    let mut g = range(
        &[QUICK, SEPARATE_DRAW],
        (&["pistol"], GUNNER_EMPTY),
        (&[], PLAIN),
    );
    let ash = g.id("Ash");
    let ev = g.play(
        "Ash quick-draws the Pistol and shoots Bay",
        &faces(&[&d3(12), &d3(10), &[1, 2]]),
    );
    assert_eq!(
        checks(&ev),
        [(ash, "quick-draw", 3, 12, 12, true, "SK-21.5-b")]
    );
    assert!(has_readied(&ev, ash, 0));
    let r = roll(&ev);
    assert_eq!(r.dice, 3, "no extra die in this model");
    r.assert_mod("quickdraw", -2, "SK-24-T1");
    assert_eq!(r.ids(), ["quickdraw"]);
    r.assert_adds_up(12);
    assert_eq!((r.target_number, r.result), (10, PLAIN_HIT));
    assert_eq!(hurt(&ev).lethal, 3);
}

#[test]
fn sk_6_4_5_a_g_21_quick_reflexes_rolls_the_separate_draw_on_two_dice() {
    // §20's model: the draw is a check of its own (3d6 vs DEX 12); Quick Reflexes rolls one
    // die fewer on it (SK-6.4.5-a: "checks for a quick-shot"): 2d6 = 6 + 6 = 12 draws. The
    // shot then rolls 3d6 at −2 as always: 12 − 2 = 10; 9 hits; the pistol's 2d6: 1 + 1 = 2.
    let stats = format!("{GUNNER_EMPTY}, quick_reflexes = 1");
    let mut g = range(&[QUICK, SEPARATE_DRAW], (&["pistol"], &stats), (&[], PLAIN));
    let ash = g.id("Ash");
    let ev = g.play(
        "Ash quick-draws the Pistol and shoots Bay",
        &faces(&[&[6, 6], &d3(9), &[1, 1]]),
    );
    assert_eq!(
        checks(&ev),
        [(ash, "quick-draw", 2, 12, 12, true, "SK-6.4.5-a")]
    );
    let r = roll(&ev);
    assert_eq!(r.dice, 3);
    r.assert_mod("quickdraw", -2, "SK-24-T1");
    assert_eq!((r.target_number, r.result), (10, PLAIN_HIT));
    assert_eq!(hurt(&ev).lethal, 2);
    // Without the skill the same 12 needs three dice: 6 + 6 + 1 = 13 fails.
    let mut g = range(
        &[QUICK, SEPARATE_DRAW],
        (&["pistol"], GUNNER_EMPTY),
        (&[], PLAIN),
    );
    let ev = g.play(
        "Ash quick-draws the Pistol and shoots Bay",
        &faces(&[&[6, 6, 1]]),
    );
    assert_eq!(
        checks(&ev),
        [(ash, "quick-draw", 3, 13, 12, false, "SK-21.5-b")]
    );
}

#[test]
fn sk_21_5_b_g_21_failed_draw_roll_fires_nothing() {
    let mut g = range(
        &[QUICK, SEPARATE_DRAW],
        (&["pistol"], GUNNER_EMPTY),
        (&[], PLAIN),
    );
    let ash = g.id("Ash");
    let ev = g.play("Ash quick-draws the Pistol and shoots Bay", &d3(13));
    assert_eq!(
        checks(&ev),
        [(ash, "quick-draw", 3, 13, 12, false, "SK-21.5-b")]
    );
    assert!(rolls(&ev).is_empty(), "{ev:#?}");
    assert!(!has_readied(&ev, ash, 0));
    assert_eq!(g.fig("Ash").ready, None);
    assert_eq!(g.fig("Ash").weapons[0].unwrap().rounds, 6);
    assert!(g.fig("Ash").acted);
    assert_eq!(g.decider(), Some(g.id("Bay")));
}

// =============================================================================================
// 2. Aimed shots and critical hits (SK-21.4; G-23, G-60).
// =============================================================================================

/// Ash with a pistol against Bay three hexes away.
fn aimed(opts: &[(&str, &str)], bay_gear: &[&str], bay_stats: &str) -> Game {
    range(opts, (&["pistol"], GUNNER), (bay_gear, bay_stats))
}

#[test]
fn sk_21_4_c_off_no_aimed_shots() {
    let g = aimed(&[], &[], PLAIN);
    assert!(g.can("Ash shoots Bay"));
    assert!(
        !g.texts().iter().any(|t| t.contains(" in the ")),
        "{:?}",
        g.texts()
    );
}

#[test]
fn sk_21_4_b_off_no_critical_on_a_natural_six() {
    // Every face is used: no 2d6 location roll after the 6.
    let mut g = aimed(&[], &[], PLAIN);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(6), &[1, 1]]));
    assert_eq!(roll(&ev).result, PLAIN_HIT);
    assert!(locations(&ev).is_empty());
    assert_eq!(hurt(&ev).lethal, 2);
    assert_eq!(g.fig("Bay").head_turn, 0);
}

#[test]
fn sk_21_4_c_every_aimed_shot_is_offered() {
    let g = aimed(&[AIMED], &[], PLAIN);
    for part in ["head", "weapon arm", "other arm", "right leg", "left leg"] {
        assert!(
            g.can(&format!("Ash shoots Bay in the {part}")),
            "{part}: {:?}",
            g.texts()
        );
    }
}

#[test]
fn sk_21_4_c_head_shot_minus_six() {
    let mut g = aimed(&[AIMED], &[], PLAIN);
    let ev = g.play("Ash shoots Bay in the head", &d3(7));
    let r = roll(&ev);
    r.assert_mod("aimed-shot", -6, "SK-21.4-c");
    assert_eq!(r.ids(), ["aimed-shot"]);
    r.assert_adds_up(12);
    assert_eq!((r.target_number, r.result), (6, PLAIN_MISS));
    assert!(hurts(&ev).is_empty());
}

#[test]
fn sk_21_4_c_arm_and_leg_shots_minus_four() {
    for part in ["weapon arm", "other arm", "right leg", "left leg"] {
        let mut g = aimed(&[AIMED], &[], PLAIN);
        let ev = g.play(&format!("Ash shoots Bay in the {part}"), &d3(9));
        let r = roll(&ev);
        r.assert_mod("aimed-shot", -4, "SK-21.4-c");
        assert_eq!(r.ids(), ["aimed-shot"], "{part}");
        r.assert_adds_up(12);
        assert_eq!((r.target_number, r.result), (8, PLAIN_MISS), "{part}");
    }
}

#[test]
fn sk_21_4_c_sk_24_t4_arm_shot_with_a_thrown_knife_minus_six() {
    let stats = "str = 10, dex = 12, int = 10, knife = 1, thrown_weapons = 1";
    let mut g = range(&[AIMED], (&["utility-knife"], stats), (&[], PLAIN));
    let ash = g.id("Ash");
    let a = g
        .legal()
        .into_iter()
        .find(
            |a| matches!(a, Action::AimedShot { fig, at: Location::WeaponArm, .. } if *fig == ash),
        )
        .unwrap_or_else(|| panic!("no aimed throw at the arm: {:?}", g.texts()));
    let ev = g.play_action(&a, &d3(16));
    let r = roll(&ev);
    assert_eq!(r.kind, AttackKind::Thrown);
    r.assert_mod("aimed-shot", -6, "SK-21.4-c");
}

#[test]
fn sk_21_4_c_sk_24_t4_aimed_blow_at_the_arm_with_a_knife_minus_six() {
    let stats = "str = 10, dex = 12, int = 10, knife = 1";
    let mut g = melee(&[AIMED], (&["fighting-knife"], stats), (&[], PLAIN));
    let ash = g.id("Ash");
    let a = g
        .legal()
        .into_iter()
        .find(|a| matches!(a, Action::AimedShot { fig, at: Location::OtherArm, .. } if *fig == ash))
        .unwrap_or_else(|| panic!("no aimed blow at the arm: {:?}", g.texts()));
    let ev = g.play_action(&a, &d3(16));
    let r = roll(&ev);
    assert_eq!(r.kind, AttackKind::Melee);
    r.assert_mod("aimed-shot", -6, "SK-21.4-c");
}

#[test]
fn sk_21_4_d_head_hit_two_gives_minus_four_next_turn() {
    let bay_stats = GUNNER;
    let mut g = aimed(&[AIMED], &["pistol"], bay_stats);
    let bay = g.id("Bay");
    // An aimed shot names its place: no 2d6 location roll on the natural 6 (G-60).
    let ev = g.play("Ash shoots Bay in the head", &faces(&[&d3(6), &[1, 1]]));
    let r = roll(&ev);
    assert_eq!((r.target_number, r.result), (6, PLAIN_HIT));
    assert_eq!(locations(&ev), [(bay, Location::Head, true, None)]);
    assert_eq!(hurt(&ev).lethal, 2);
    assert_eq!(
        effects(&ev),
        [(bay, Effect::HeadHit { turn: 2 }, "SK-21.4-d")]
    );
    // Not this turn: Bay's own shot has no head-hit penalty.
    let ev = g.play("Bay shoots Ash", &d3(15));
    assert!(!roll(&ev).has("head-hit"), "{:?}", roll(&ev).ids());
    g.finish_turn();

    // Turn 2: −4 on every roll (Bay's eDEX 8 now acts after Ash's 12).
    g.reach_actions(0);
    g.act("Ash does nothing");
    let ev = g.play("Bay shoots Ash", &d3(15));
    let r = roll(&ev);
    r.assert_mod("head-hit", -4, "SK-21.4-d");
    assert_eq!(r.ids(), ["head-hit"]);
    r.assert_adds_up(12);
    assert_eq!(r.target_number, 8);
    g.finish_turn();

    // Turn 3: gone.
    g.reach_actions(0);
    g.act("Ash does nothing");
    let ev = g.play("Bay shoots Ash", &d3(15));
    assert!(roll(&ev).modifiers.is_empty(), "{:?}", roll(&ev).ids());
}

#[test]
fn sk_21_4_d_head_hit_of_one_does_nothing_more() {
    // Without partial armor the leather covers the head too: 3 − 2 = 1 hit.
    let mut g = aimed(&[AIMED], &["leather"], PLAIN);
    let ev = g.play("Ash shoots Bay in the head", &faces(&[&d3(6), &[1, 2]]));
    let h = hurt(&ev);
    assert_eq!((h.rolled, h.armor, h.lethal), (3, 2, 1));
    assert!(effects(&ev).is_empty(), "{:?}", effects(&ev));
    assert_eq!(g.fig("Bay").head_turn, 0);
}

#[test]
fn sk_21_4_d_g_23_head_hit_five_knocks_out() {
    let mut g = aimed(&[AIMED], &[], PLAIN);
    let bay = g.id("Bay");
    let ev = g.play("Ash shoots Bay in the head", &faces(&[&d3(6), &[2, 3]]));
    assert_eq!(hurt(&ev).lethal, 5);
    let fx = effects(&ev);
    assert!(
        fx.contains(&(bay, Effect::Unconscious, "SK-21.4-d")),
        "{fx:?}"
    );
    assert!(!fx
        .iter()
        .any(|(_, e, _)| matches!(e, Effect::HeadHit { .. })));
    assert_eq!(g.fig("Bay").condition, Condition::Unconscious);
    assert_eq!(g.fig("Bay").st - g.fig("Bay").damage, 5, "STR 5 is left");
}

#[test]
fn sk_21_4_d_sk_13_7_d_head_hit_cancels_aiming() {
    let mut g = aimed(&[AIMED], &["pistol"], GUNNER);
    let bay = g.id("Bay");
    g.act("Ash does nothing");
    g.act("Bay aims at Ash");
    g.finish_turn();
    g.reach_actions(0);
    assert_eq!(g.fig("Bay").aim_turns, 1);
    let ev = g.play("Ash shoots Bay in the head", &faces(&[&d3(6), &[1, 1]]));
    assert_eq!(hurt(&ev).lethal, 2);
    assert!(
        effects(&ev).contains(&(bay, Effect::AimLost, "SK-13.7-d")),
        "{:?}",
        effects(&ev)
    );
    assert_eq!(g.fig("Bay").aim_turns, 0);
}

#[test]
fn sk_21_4_e_weapon_arm_hit_three_drops_the_weapon() {
    let mut g = aimed(&[AIMED], &["pistol"], GUNNER);
    let bay = g.id("Bay");
    let ev = g.play(
        "Ash shoots Bay in the weapon arm",
        &faces(&[&d3(8), &[1, 2]]),
    );
    assert_eq!(locations(&ev), [(bay, Location::WeaponArm, true, None)]);
    assert_eq!(hurt(&ev).lethal, 3);
    assert_eq!(
        effects(&ev),
        [(bay, Effect::WeaponDropped { slot: 0 }, "SK-21.4-e")]
    );
    let b = g.fig("Bay");
    assert_eq!(b.ready, None);
    assert_eq!(b.weapons[0].unwrap().state, WeaponState::Dropped);
    assert!(!b.arm_out);
    assert!(g.s.dropped.iter().any(|d| d.owner == bay && d.slot == 0));
}

#[test]
fn sk_21_4_e_weapon_arm_hit_two_keeps_the_weapon() {
    let mut g = aimed(&[AIMED], &["pistol"], GUNNER);
    let ev = g.play(
        "Ash shoots Bay in the weapon arm",
        &faces(&[&d3(8), &[1, 1]]),
    );
    assert_eq!(hurt(&ev).lethal, 2);
    assert!(effects(&ev).is_empty(), "{:?}", effects(&ev));
    assert_eq!(g.fig("Bay").ready, Some(0));
}

#[test]
fn sk_21_4_e_other_arm_hit_three_keeps_the_weapon() {
    let mut g = aimed(&[AIMED], &["pistol"], GUNNER);
    let ev = g.play(
        "Ash shoots Bay in the other arm",
        &faces(&[&d3(8), &[1, 2]]),
    );
    assert_eq!(hurt(&ev).lethal, 3);
    assert!(effects(&ev).is_empty(), "{:?}", effects(&ev));
    assert_eq!(g.fig("Bay").ready, Some(0));
}

#[test]
fn sk_21_4_e_arm_hit_six_puts_the_arm_out() {
    // The other arm: out of use, the weapon kept.
    let mut g = aimed(&[AIMED], &["pistol"], GUNNER);
    let bay = g.id("Bay");
    let ev = g.play(
        "Ash shoots Bay in the other arm",
        &faces(&[&d3(8), &[3, 3]]),
    );
    assert_eq!(hurt(&ev).lethal, 6);
    let fx = effects(&ev);
    assert!(
        fx.contains(&(
            bay,
            Effect::ArmOut {
                arm: Location::OtherArm
            },
            "SK-21.4-e"
        )),
        "{fx:?}"
    );
    assert!(!fx
        .iter()
        .any(|(_, e, _)| matches!(e, Effect::WeaponDropped { .. })));
    assert!(g.fig("Bay").arm_out);
    assert_eq!(g.fig("Bay").ready, Some(0));

    // The weapon arm: both.
    let mut g = aimed(&[AIMED], &["pistol"], GUNNER);
    let ev = g.play(
        "Ash shoots Bay in the weapon arm",
        &faces(&[&d3(8), &[3, 3]]),
    );
    let fx = effects(&ev);
    assert!(
        fx.contains(&(bay, Effect::WeaponDropped { slot: 0 }, "SK-21.4-e")),
        "{fx:?}"
    );
    assert!(
        fx.contains(&(
            bay,
            Effect::ArmOut {
                arm: Location::WeaponArm
            },
            "SK-21.4-e"
        )),
        "{fx:?}"
    );
    assert!(g.fig("Bay").arm_out);
    assert_eq!(g.fig("Bay").ready, None);
}

#[test]
fn sk_21_4_e_arm_damage_past_eight_passes_by() {
    let mut g = aimed(&[AIMED], &[], PLAIN);
    let ev = g.play(
        "Ash shoots Bay in the other arm",
        &faces(&[&d3(8), &[6, 6]]),
    );
    let h = hurt(&ev);
    assert_eq!((h.rolled, h.lethal, h.total), (12, 8, 8));
    let b = g.fig("Bay");
    assert_eq!((b.damage, b.condition), (8, Condition::Active));
    assert!(b.arm_out);

    // The same 12 hits on the body kill him.
    let mut g = aimed(&[AIMED], &[], PLAIN);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(8), &[6, 6]]));
    assert_eq!(hurt(&ev).lethal, 12);
    assert_eq!(g.fig("Bay").condition, Condition::Dead);
}

/// Plays on to `name`'s decision in the action phase: the others do nothing or hold fire.
fn on_to(g: &mut Game, name: &str) {
    let who = g.id(name);
    while g.decider() != Some(who) {
        let a = g
            .legal()
            .into_iter()
            .find(|a| matches!(a, Action::Pass { .. } | Action::HoldFire { .. }))
            .expect("a way to pass");
        g.play_action(&a, &[]);
    }
}

/// The arm hits of these events (SK-21.4-e): (figure, the arm put out of use).
fn arms_out(events: &[Event]) -> Vec<(FigId, Location)> {
    effects(events)
        .into_iter()
        .filter_map(|(f, e, _)| match e {
            Effect::ArmOut { arm } => Some((f, arm)),
            _ => None,
        })
        .collect()
}

#[test]
fn sk_21_4_e_with_the_weapon_arm_out_the_other_arm_holds_the_weapon_and_then_neither() {
    // Bay (STR 30, a fighting knife in hand, a pistol on his belt), Ash aiming at his arms with
    // a pistol: 12 − 4 (an arm, SK-21.4-c) = 8; each 8 hits; Bay acts after him (DEX 10).
    let bay_stats = "str = 30, dex = 10, int = 10, knife = 1, sidearms = 1";
    let mut g = aimed(&[AIMED], &["fighting-knife", "pistol"], bay_stats);
    let bay = g.id("Bay");
    // Turn 1: 2d6 [3, 3] = 6 in the weapon arm: the knife falls (3+) and the arm is out (6+).
    let ev = g.play(
        "Ash shoots Bay in the weapon arm",
        &faces(&[&d3(8), &[3, 3]]),
    );
    assert_eq!(arms_out(&ev), [(bay, Location::WeaponArm)]);
    assert!(effects(&ev).contains(&(bay, Effect::WeaponDropped { slot: 0 }, "SK-21.4-e")));
    // He readies the pistol in the hand he has left.
    on_to(&mut g, "Bay");
    g.act("Bay readies the Pistol");
    assert_eq!(g.fig("Bay").ready, Some(1));
    g.finish_turn();
    // Turn 2: 3 hits in the other arm, which now holds his weapon: he drops it (SK-21.4-e
    // "drops his weapon if it hit the weapon hand"), the arm still in use.
    g.reach_actions(0);
    let ev = g.play(
        "Ash shoots Bay in the other arm",
        &faces(&[&d3(8), &[2, 1]]),
    );
    assert_eq!(
        effects(&ev),
        [(bay, Effect::WeaponDropped { slot: 1 }, "SK-21.4-e")]
    );
    assert_eq!(g.fig("Bay").ready, None);
    g.finish_turn();
    // Turn 3: 6 in the other arm: both arms are out of use. Nothing can be taken up, readied or
    // grappled with: no hand for it.
    g.reach_actions(0);
    let ev = g.play(
        "Ash shoots Bay in the other arm",
        &faces(&[&d3(8), &[3, 3]]),
    );
    assert_eq!(arms_out(&ev), [(bay, Location::OtherArm)]);
    assert_eq!(g.fig("Bay").damage, 15);
    on_to(&mut g, "Bay");
    let texts = g.texts();
    assert!(
        !texts
            .iter()
            .any(|t| t.contains("readies") || t.contains("picks up") || t.contains("hand")),
        "{texts:?}"
    );
    assert_eq!(texts[0], "Bay does nothing");
}

#[test]
fn sk_21_4_e_an_arm_out_lets_go_of_the_shield_it_held() {
    // Bay holds a fighting knife and a large shield (2, covering his front). 2d6 [4, 4] = 8 − 2
    // = 6 in the other arm, the shield's: the arm is out of use and the shield falls to the
    // ground; the knife, in the weapon hand, stays ready. (8 before armor: a DEX check to stay
    // up, SK-12.4-e: 3d6 = 3, made.)
    let mut g = aimed(
        &[AIMED],
        &["fighting-knife", "large-shield"],
        "str = 30, dex = 10, int = 10, knife = 1",
    );
    let bay = g.id("Bay");
    assert_eq!(g.fig("Bay").shield_at, ShieldAt::Hand);
    let ev = g.play(
        "Ash shoots Bay in the other arm",
        &faces(&[&d3(8), &[4, 4], &d3(3)]),
    );
    assert_eq!(hurt(&ev).lethal, 6);
    assert_eq!(arms_out(&ev), [(bay, Location::OtherArm)]);
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::Hands {
                fig,
                off_hand: None,
                shield_at: ShieldAt::Ground,
                ..
            } if *fig == bay
        )),
        "{ev:#?}"
    );
    assert_eq!(g.fig("Bay").shield_at, ShieldAt::Ground);
    assert_eq!(g.fig("Bay").ready, Some(0));
}

#[test]
fn sk_21_4_e_a_broadsword_with_an_arm_out_is_held_in_one_hand() {
    // G-05: the Broadsword is 2d6−1 in one hand, 2d6+1 in both. Bay (STR 13, his other arm out
    // of use) strikes with it in one hand: 2d6 [3, 3] − 1 = 5 on Ash; and it does not sweep
    // (SK-16.4-a, a two-handed grip).
    let mut g = battle(
        &[AIMED],
        &open(3, 6),
        &[
            unit("Ash", 0, (1, 1), S, &[], "str = 30, dex = 12, int = 10"),
            unit(
                "Bay",
                1,
                (1, 2),
                N,
                &["broadsword"],
                "str = 13, dex = 10, int = 10, sword = 1",
            ),
        ],
    );
    g.s.figures[1].arm_out = true;
    g.s.figures[1].arms_out = 1 << (Location::OtherArm as u8);
    g.reach_actions(0);
    on_to(&mut g, "Bay");
    assert!(
        !g.texts().iter().any(|t| t.contains("sweep")),
        "{:?}",
        g.texts()
    );
    let ev = g.play("Bay attacks Ash", &faces(&[&d3(10), &[3, 3]]));
    let h = hurt(&ev);
    assert_eq!((h.rolled, h.lethal), (5, 5));
}

#[test]
fn sk_21_4_e_sk_16_15_3_t1_the_last_arm_put_out_calls_off_the_draw_in_hand_to_hand() {
    use fireteam_engine::Present;
    // Bay (STR 30, a broadsword in hand, a utility knife on his belt) has his weapon arm put
    // out; in hand to hand his reaction of 3 promises him the knife next turn (SK-16.15.3-T1),
    // since he has a hand left to draw it with; then his other arm is put out too, before the
    // turn is over. With no hand left he can draw nothing (SK-21.4-e "the arm cannot be used"):
    // the draw is called off, and the knife stays on his belt.
    let mut g = battle(
        &[AIMED],
        &open(3, 6),
        &[
            unit("Ash", 0, (1, 1), S, &[], "str = 30, dex = 14, int = 10"),
            unit(
                "Cal",
                0,
                (2, 2),
                SW,
                &["broadsword"],
                "str = 13, dex = 14, int = 10, sword = 1",
            ),
            unit(
                "Bay",
                1,
                (1, 2),
                N,
                &["broadsword", "utility-knife"],
                "str = 30, dex = 10, int = 10, sword = 1, knife = 1",
            ),
        ],
    );
    let bay = g.id("Bay");
    // Turn 1: Cal's blow at the weapon arm, 14 − 4 = 10: 3d6 = 10 hits; 2d6 [3, 2] + 1 (both
    // hands, G-05) = 6: the broadsword falls (3+) and the arm is out of use (6+).
    g.reach_actions(0);
    g.act("Ash does nothing");
    let ev = g.play(
        "Cal strikes at Bay's weapon arm",
        &faces(&[&d3(10), &[3, 2]]),
    );
    assert_eq!(
        effects(&ev),
        [
            (bay, Effect::Shaken { until: 4 }, "SK-12.4-d"),
            (bay, Effect::WeaponDropped { slot: 0 }, "SK-21.4-e"),
            (
                bay,
                Effect::ArmOut {
                    arm: Location::WeaponArm
                },
                "SK-21.4-e"
            ),
        ]
    );
    g.finish_turn();
    // Turn 2: Ash goes hand to hand, Bay wants it too; the reaction die 3: both go down, and
    // Bay, with his other hand left, will have the belt knife (slot 1) next turn.
    g.reach_actions(0);
    g.act("Ash goes hand to hand with Bay");
    let ev = g.play("Bay accepts hand to hand with Ash", &[3]);
    assert!(effects(&ev).contains(&(bay, Effect::DrawsNextTurn { slot: 1 }, "SK-16.15.3-T1")));
    assert_eq!(g.fig("Bay").hth_draw, 2);
    // Cal's blow at the other arm: 14 + 4 (prone) + 4 (into the brawl) − 4 (an arm) = 18;
    // 3d6 = 10 hits; 6 hits: that arm is out of use too, and the draw is called off.
    let ev = g.play(
        "Cal strikes at Bay's other arm",
        &faces(&[&d3(10), &[3, 2]]),
    );
    assert_eq!(hurt(&ev).lethal, 6);
    assert_eq!(
        effects(&ev),
        [
            (bay, Effect::Shaken { until: 6 }, "SK-12.4-d"),
            (
                bay,
                Effect::ArmOut {
                    arm: Location::OtherArm
                },
                "SK-21.4-e"
            ),
            (bay, Effect::DrawCalledOff { slot: 1 }, "SK-21.4-e"),
        ]
    );
    let lines: Vec<String> = ev
        .iter()
        .filter_map(|e| Skirmish.narrate(&g.s, e))
        .collect();
    assert_eq!(
        lines.last().map(String::as_str),
        Some("  Bay has no hand left to draw his Utility Knife: it stays on his belt [SK-21.4-e]")
    );
    assert_eq!(g.fig("Bay").hth_draw, 0);
    // Turn 3 begins with no draw: his hands are empty and the knife is still carried.
    g.finish_turn();
    let from = g.log.len();
    g.start_turn(0);
    assert!(
        !effects(&g.log[from..])
            .iter()
            .any(|(_, e, _)| matches!(e, Effect::DrawnInHth { .. })),
        "{:?}",
        effects(&g.log[from..])
    );
    let b = g.fig("Bay");
    assert_eq!((b.ready, b.off_hand, b.in_hth), (None, None, true));
    assert_eq!(b.weapons[1].map(|w| w.state), Some(WeaponState::Ok));
    assert_eq!(b.weapons[0].map(|w| w.state), Some(WeaponState::Dropped));
}

#[test]
fn sk_21_4_e_sk_11_7_4_b_a_friend_with_no_hand_left_takes_no_weapon_in_an_exchange() {
    // Ash (a pistol in hand) stands next to Cal, empty-handed, with Bay far off. Two disengaged
    // friends may exchange weapons (SK-11.7.4-b), but Cal with both arms out of use has no hand
    // to take the pistol with (SK-21.4-e): the exchange is not offered. With one arm left it
    // is, and the pistol goes into his one hand.
    let friends = |arms_out: u8| {
        let mut g = battle(
            &[AIMED],
            &open(3, 6),
            &[
                unit(
                    "Ash",
                    0,
                    (1, 1),
                    S,
                    &["pistol"],
                    "str = 10, dex = 14, int = 10, sidearms = 1",
                ),
                unit(
                    "Cal",
                    0,
                    (2, 1),
                    S,
                    &[],
                    "str = 10, dex = 10, int = 10, sidearms = 1",
                ),
                unit("Bay", 1, (1, 5), N, &[], PLAIN),
            ],
        );
        g.s.figures[1].arm_out = true;
        g.s.figures[1].arms_out = arms_out;
        g.reach_actions(0);
        g
    };
    let both = (1 << (Location::WeaponArm as u8)) | (1 << (Location::OtherArm as u8));
    let g = friends(both);
    assert!(g.can("Ash does nothing"));
    assert!(
        !g.texts().iter().any(|t| t.contains("exchanges")),
        "{:?}",
        g.texts()
    );
    let mut g = friends(1 << (Location::OtherArm as u8));
    let (ash, cal) = (g.id("Ash"), g.id("Cal"));
    let ev = g.act("Ash exchanges weapons with Cal");
    assert_eq!(
        ev,
        [
            Event::Acted { fig: ash },
            Event::Acted { fig: cal },
            Event::Exchanged {
                fig: ash,
                with: cal,
                fig_slot: 0,
                with_slot: 0,
                rule: fireteam_engine::RuleId("SK-11.7.4-b"),
            },
        ]
    );
    assert_eq!((g.fig("Ash").ready, g.fig("Cal").ready), (None, Some(0)));
}

#[test]
fn sk_21_4_e_sk_16_15_7_b_one_hand_left_takes_a_disarmed_weapon_as_a_ready_would() {
    // Bay, empty-handed with a large shield in hand, has his other arm put out: the shield
    // stays in the one hand he has left. He joins the brawl of Cal (a fighting knife) and Dee,
    // then disarms Cal and takes the knife: "now your ready weapon" (SK-16.15.7-b). A Ready
    // with one hand left takes that hand (SK-21.4-e): the shield is slung on his back, so that
    // he holds one thing.
    let mut g = battle(
        &[AIMED],
        &open(4, 6),
        &[
            unit(
                "Ash",
                0,
                (1, 1),
                S,
                &["broadsword"],
                "str = 13, dex = 16, int = 10, sword = 1",
            ),
            unit(
                "Cal",
                0,
                (2, 2),
                SW,
                &["fighting-knife"],
                "str = 30, dex = 15, int = 10, knife = 1",
            ),
            unit("Dee", 1, (1, 2), N, &[], "str = 30, dex = 10, int = 10").stance("kneeling"),
            unit(
                "Bay",
                1,
                (0, 2),
                NE,
                &["large-shield"],
                "str = 30, dex = 12, int = 10, shield = 1",
            ),
        ],
    );
    let (cal, bay) = (g.id("Cal"), g.id("Bay"));
    assert_eq!(g.fig("Bay").shield_at, ShieldAt::Hand);
    g.reach_actions(0);
    // Ash's blow at Bay's other arm: 16 − 4 = 12; 3d6 = 10 hits; 2d6 [4, 4] + 1 = 9 − 2 (the
    // shield in front) = 7: the arm is out of use (6+); the shield stays in the hand he has
    // left, which holds nothing else. (9 before armor: a DEX check to stay up, SK-12.4-e:
    // 3d6 = 3, made.)
    let ev = g.play(
        "Ash strikes at Bay's other arm",
        &faces(&[&d3(10), &[4, 4], &d3(3)]),
    );
    let h = hurt(&ev);
    assert_eq!((h.rolled, h.armor, h.lethal), (9, 2, 7));
    assert_eq!(arms_out(&ev), [(bay, Location::OtherArm)]);
    assert_eq!(
        (g.fig("Bay").ready, g.fig("Bay").shield_at),
        (None, ShieldAt::Hand)
    );
    // Cal goes hand to hand with the kneeling Dee (reaction 1: both down, Cal keeps his knife);
    // Bay joins the brawl with no roll (SK-16.15.3-d).
    g.play("Cal goes hand to hand with Dee", &[1]);
    g.act("Bay goes hand to hand with Cal");
    assert!(g.fig("Bay").in_hth);
    g.finish_turn();
    // Turn 2: the disarm, eSTR against eSTR: 3 against 18; Bay wins and takes the knife.
    g.reach_actions(1);
    on_to(&mut g, "Bay");
    let ev = g.play(
        "Bay tries to disarm Cal and take his weapon",
        &[1, 1, 1, 6, 6, 6],
    );
    assert!(
        matches!(ev[1], Event::Contest { won: true, .. }),
        "{:?}",
        ev[1]
    );
    assert_eq!(
        ev[2..],
        [
            Event::Exchanged {
                fig: bay,
                with: cal,
                fig_slot: 0,
                with_slot: 0,
                rule: fireteam_engine::RuleId("SK-16.15.7-b"),
            },
            Event::Hands {
                fig: bay,
                off_hand: None,
                shield_at: ShieldAt::Back,
                rule: fireteam_engine::RuleId("SK-13.3-a"),
            },
        ]
    );
    let b = g.fig("Bay");
    assert_eq!((b.ready, b.shield_at), (Some(0), ShieldAt::Back));
    assert_eq!(g.fig("Cal").ready, None);
}

#[test]
fn sk_21_4_b_c_the_place_of_a_hit_is_narrated_in_english() {
    use fireteam_engine::Present;
    let mut g = aimed(&[AIMED], &["pistol"], "str = 30, dex = 12, int = 10");
    let ev = g.play(
        "Ash shoots Bay in the other arm",
        &faces(&[&d3(8), &[3, 3]]),
    );
    let lines: Vec<String> = ev
        .iter()
        .filter_map(|e| Skirmish.narrate(&g.s, e))
        .collect();
    assert!(
        lines
            .iter()
            .any(|l| l == "  aimed at Bay's other arm [SK-21.4-c]"),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Bay's other arm is out of use")),
        "{lines:#?}"
    );
}

#[test]
fn sk_21_4_f_leg_hit_three_kneels_this_turn_and_next() {
    let mut g = aimed(&[AIMED], &["pistol"], GUNNER);
    let bay = g.id("Bay");
    let ev = g.play(
        "Ash shoots Bay in the right leg",
        &faces(&[&d3(8), &[1, 2]]),
    );
    assert_eq!(locations(&ev), [(bay, Location::RightLeg, true, None)]);
    assert_eq!(hurt(&ev).lethal, 3);
    assert_eq!(
        effects(&ev),
        [(
            bay,
            Effect::LegHit {
                until: 3,
                out: false
            },
            "SK-21.4-f"
        )]
    );
    assert_eq!(posture(&g, "Bay"), Posture::Kneeling);
    assert!(!g.fig("Bay").leg_out);
    g.finish_turn();

    // Turn 2: down on the knee; he may only turn.
    g.start_turn(0);
    g.act("Ash stands facing S");
    assert_eq!(g.decider(), Some(bay));
    let texts = g.texts();
    assert!(!texts.iter().any(|t| t == "Bay stands up"), "{texts:?}");
    assert!(
        texts.iter().all(|t| t.starts_with("Bay stands facing")),
        "{texts:?}"
    );
    g.act("Bay stands facing N");
    assert_eq!(posture(&g, "Bay"), Posture::Kneeling);
    g.finish_turn();

    // Turn 3: he may stand up.
    g.start_turn(0);
    g.act("Ash stands facing S");
    assert!(g.can("Bay stands up"), "{:?}", g.texts());
    g.act("Bay stands up");
    assert_eq!(posture(&g, "Bay"), Posture::Standing);
}

#[test]
fn sk_21_4_f_leg_hit_two_does_nothing_more() {
    let mut g = aimed(&[AIMED], &[], PLAIN);
    let ev = g.play("Ash shoots Bay in the left leg", &faces(&[&d3(8), &[1, 1]]));
    assert_eq!(hurt(&ev).lethal, 2);
    assert!(effects(&ev).is_empty(), "{:?}", effects(&ev));
    assert_eq!(posture(&g, "Bay"), Posture::Standing);
}

#[test]
fn sk_21_4_f_leg_hit_six_falls_and_mov_zero() {
    let mut g = aimed(&[AIMED], &[], PLAIN);
    let bay = g.id("Bay");
    let ev = g.play("Ash shoots Bay in the left leg", &faces(&[&d3(8), &[3, 3]]));
    assert_eq!(hurt(&ev).lethal, 6);
    let fx = effects(&ev);
    assert!(
        fx.contains(&(
            bay,
            Effect::LegHit {
                until: 3,
                out: true
            },
            "SK-21.4-f"
        )),
        "{fx:?}"
    );
    assert!(fx.contains(&(bay, Effect::Fell, "SK-21.4-f")), "{fx:?}");
    assert_eq!(posture(&g, "Bay"), Posture::Fallen);
    assert!(g.fig("Bay").leg_out);
    g.finish_turn();
    g.start_turn(0);
    g.act("Ash stands facing S");
    g.act("Bay stands facing N");
    g.finish_turn();

    // Turn 3 and after: no walking or crawling (MOV 0); the only way up is onto the good knee
    // (G-41: fallen is an involuntary prone; fireteam lets him kneel to fight on).
    g.start_turn(0);
    g.act("Ash stands facing S");
    let texts = g.texts();
    assert!(
        texts
            .iter()
            .all(|t| t.starts_with("Bay stands facing") || t == "Bay stands up"),
        "{texts:?}"
    );
    g.act("Bay stands up");
    assert_eq!(posture(&g, "Bay"), Posture::Kneeling);
}

#[test]
fn sk_21_4_f_g_41_a_figure_with_a_leg_out_may_still_shoot_from_the_ground() {
    let mut g = aimed(&[AIMED], &["pistol"], GUNNER);
    g.play("Ash shoots Bay in the left leg", &faces(&[&d3(8), &[3, 3]]));
    g.finish_turn();
    // Next turn he gets up on his good knee (SK-21.4-f, G-41); the turn after, he shoots.
    g.start_turn(0);
    g.act("Ash stands facing S");
    g.act("Bay stands up");
    g.finish_turn();
    g.start_turn(0);
    g.stand_all();
    g.act("Ash does nothing");
    assert!(g.can("Bay shoots Ash"), "{:?}", g.texts());
}

#[test]
fn sk_21_4_f_leg_damage_past_eighteen_passes_by() {
    let ash = "str = 10, dex = 12, int = 10, sidearms = 1";
    let bay = "str = 20, dex = 12, int = 10";
    let mut g = range(&[AIMED], (&["laser-pistol"], ash), (&[], bay));
    let ev = g.play(
        "Ash shoots Bay in the left leg",
        &faces(&[&d3(8), &[6, 6, 6, 6]]),
    );
    let h = hurt(&ev);
    assert_eq!((h.rolled, h.lethal, h.total), (26, 18, 18));
    let b = g.fig("Bay");
    assert_eq!((b.damage, b.condition), (18, Condition::Active));
    assert!(b.leg_out);
}

#[test]
fn sk_21_4_b_natural_six_hit_rolls_2d6_for_a_critical() {
    let mut g = aimed(&[AIMED], &[], PLAIN);
    let bay = g.id("Bay");
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(6), &[6, 6], &[1, 1]]));
    let r = roll(&ev);
    assert!(r.modifiers.is_empty(), "{:?}", r.ids());
    assert_eq!((r.target_number, r.result), (12, PLAIN_HIT));
    assert_eq!(locations(&ev), [(bay, Location::Head, false, Some(12))]);
    assert_eq!(
        effects(&ev),
        [(bay, Effect::HeadHit { turn: 2 }, "SK-21.4-d")]
    );
}

#[test]
fn sk_21_4_b_critical_location_table() {
    for (two, want) in [
        ([1, 1], None),
        ([3, 4], None),
        ([4, 4], Some(Location::RightLeg)),
        ([4, 5], Some(Location::LeftLeg)),
        ([5, 5], Some(Location::WeaponArm)),
        ([5, 6], Some(Location::OtherArm)),
        ([6, 6], Some(Location::Head)),
    ] {
        let mut g = aimed(&[AIMED], &[], PLAIN);
        let bay = g.id("Bay");
        let ev = g.play("Ash shoots Bay", &faces(&[&d3(5), &two, &[1, 1]]));
        let r = (two[0] + two[1]) as u8;
        let want: Vec<_> = want.into_iter().map(|l| (bay, l, false, Some(r))).collect();
        assert_eq!(locations(&ev), want, "2d6 = {r}");
        assert_eq!(hurt(&ev).lethal, 2);
    }
}

#[test]
fn sk_21_4_b_no_critical_on_a_natural_seven() {
    let mut g = aimed(&[AIMED], &[], PLAIN);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(7), &[1, 1]]));
    assert_eq!(roll(&ev).result, PLAIN_HIT);
    assert!(locations(&ev).is_empty());
}

#[test]
fn sk_21_4_b_g_60_no_critical_on_a_missed_natural_six() {
    // DEX 5: the 6 misses, and a miss is no critical.
    let mut g = range(
        &[AIMED],
        (&["pistol"], "str = 10, dex = 5, int = 10, sidearms = 1"),
        (&[], PLAIN),
    );
    g.act("Bay does nothing");
    let ev = g.play("Ash shoots Bay", &d3(6));
    let r = roll(&ev);
    assert_eq!((r.target_number, r.result), (5, PLAIN_MISS));
    assert!(locations(&ev).is_empty());
}

#[test]
fn sk_21_4_b_four_dice_critical_on_four_to_six() {
    let mut g = range_dodging(&[AIMED], (&["pistol"], GUNNER), (&["pistol"], GUNNER));
    let bay = g.id("Bay");
    let ev = g.play("Ash shoots Bay", &faces(&[&d4(6), &[5, 5], &[1, 2]]));
    let r = roll(&ev);
    assert_eq!((r.dice, r.result), (4, PLAIN_HIT));
    assert_eq!(
        locations(&ev),
        [(bay, Location::WeaponArm, false, Some(10))]
    );
    assert_eq!(
        effects(&ev),
        [(bay, Effect::WeaponDropped { slot: 0 }, "SK-21.4-e")]
    );

    // 7 on 4d6: none.
    let mut g = range_dodging(&[AIMED], (&["pistol"], GUNNER), (&["pistol"], GUNNER));
    let ev = g.play("Ash shoots Bay", &faces(&[&d4(7), &[1, 2]]));
    assert_eq!(roll(&ev).dice, 4);
    assert!(locations(&ev).is_empty());
}

#[test]
fn sk_21_4_b_no_critical_on_five_dice() {
    // A quick shot at a dodging target: 5d6, and a natural 6 is no critical.
    let mut g = range_dodging(&[AIMED, QUICK], (&["pistol"], GUNNER_EMPTY), (&[], PLAIN));
    let ev = g.play(
        "Ash quick-draws the Pistol and shoots Bay",
        &faces(&[&d5(6), &[1, 1]]),
    );
    let r = roll(&ev);
    assert_eq!((r.dice, r.result), (5, PLAIN_HIT));
    assert!(locations(&ev).is_empty());
}

#[test]
fn sk_21_4_b_melee_blow_can_be_critical() {
    let mut g = melee(&[AIMED], (&["duel-blade"], FIGHTER), (&[], PLAIN));
    let bay = g.id("Bay");
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(6), &[4, 4], &[1, 2]]));
    assert_eq!(roll(&ev).kind, AttackKind::Melee);
    assert_eq!(locations(&ev), [(bay, Location::RightLeg, false, Some(8))]);
    assert_eq!(
        effects(&ev),
        [(
            bay,
            Effect::LegHit {
                until: 3,
                out: false
            },
            "SK-21.4-f"
        )]
    );
    assert_eq!(posture(&g, "Bay"), Posture::Kneeling);
}

#[test]
fn sk_21_4_b_e_triple_damage_critical_counts_the_multiplied_hits() {
    // A natural 3: ×3 (SK-12.1-c); 2 × 3 = 6 hits in the other arm: out.
    let mut g = aimed(&[AIMED], &["pistol"], GUNNER);
    let bay = g.id("Bay");
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(3), &[5, 6], &[1, 1]]));
    assert_eq!(
        roll(&ev).result,
        ToHit::Hit {
            mult: 3,
            automatic: true
        }
    );
    assert_eq!(locations(&ev), [(bay, Location::OtherArm, false, Some(11))]);
    let h = hurt(&ev);
    assert_eq!((h.rolled, h.mult, h.lethal), (2, 3, 6));
    assert!(
        effects(&ev).contains(&(
            bay,
            Effect::ArmOut {
                arm: Location::OtherArm
            },
            "SK-21.4-e"
        )),
        "{:?}",
        effects(&ev)
    );
}

// =============================================================================================
// 3. Partial armor (SK-21.6-b).
// =============================================================================================

/// The armor counted against one aimed pistol hit of 2 at `part` ("" = an ordinary shot, a
/// natural 7: no critical).
fn armor_against(opts: &[(&str, &str)], armor: &str, part: &str) -> i16 {
    let mut g = aimed(opts, &[armor], PLAIN);
    let (text, to_hit) = if part.is_empty() {
        ("Ash shoots Bay".to_string(), d3(7))
    } else {
        (format!("Ash shoots Bay in the {part}"), d3(6))
    };
    let ev = g.play(&text, &faces(&[&to_hit, &[1, 1]]));
    assert!(locations(&ev).len() == usize::from(!part.is_empty()));
    hurt(&ev).armor
}

#[test]
fn sk_21_6_b_off_armor_covers_every_aimed_place() {
    for part in ["head", "weapon arm", "other arm", "right leg", "left leg"] {
        assert_eq!(armor_against(&[AIMED], "kevlar-vest", part), 10, "{part}");
        assert_eq!(armor_against(&[AIMED], "test-jacket", part), 4, "{part}");
        assert_eq!(armor_against(&[AIMED], "steel", part), 5, "{part}");
    }
}

#[test]
fn sk_21_6_b_vest_leaves_arms_legs_and_head_open() {
    let o = [AIMED, PARTIAL];
    for part in ["head", "weapon arm", "other arm", "right leg", "left leg"] {
        assert_eq!(armor_against(&o, "kevlar-vest", part), 0, "{part}");
    }
    // A natural 9: an ordinary body hit, no critical.
    let mut g = aimed(&o, &["kevlar-vest"], PLAIN);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(9), &[3, 4]]));
    let h = hurt(&ev);
    assert_eq!((h.rolled, h.armor, h.lethal), (7, 10, 0));
}

#[test]
fn sk_21_6_b_jacket_leaves_legs_and_head_open() {
    let o = [AIMED, PARTIAL];
    for (part, want) in [
        ("head", 0),
        ("weapon arm", 4),
        ("other arm", 4),
        ("right leg", 0),
        ("left leg", 0),
        ("", 4),
    ] {
        assert_eq!(armor_against(&o, "test-jacket", part), want, "'{part}'");
    }
}

#[test]
fn sk_21_6_b_body_armor_covers_limbs_but_not_the_head() {
    let o = [AIMED, PARTIAL];
    for (part, want) in [
        ("head", 0),
        ("weapon arm", 5),
        ("other arm", 5),
        ("right leg", 5),
        ("left leg", 5),
        ("", 5),
    ] {
        assert_eq!(armor_against(&o, "steel", part), want, "'{part}'");
    }
}

#[test]
fn sk_21_6_b_critical_leg_hit_goes_through_a_vest() {
    let o = [AIMED, PARTIAL];
    let mut g = aimed(&o, &["kevlar-vest"], PLAIN);
    let bay = g.id("Bay");
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(6), &[4, 4], &[2, 2]]));
    assert_eq!(locations(&ev), [(bay, Location::RightLeg, false, Some(8))]);
    let h = hurt(&ev);
    assert_eq!((h.rolled, h.armor, h.lethal), (4, 0, 4));
    assert_eq!(posture(&g, "Bay"), Posture::Kneeling);

    // Without the option the vest stops it all, and nothing happens to the leg.
    let mut g = aimed(&[AIMED], &["kevlar-vest"], PLAIN);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(6), &[4, 4], &[2, 2]]));
    let h = hurt(&ev);
    assert_eq!((h.armor, h.lethal), (10, 0));
    assert!(effects(&ev).is_empty(), "{:?}", effects(&ev));
    assert_eq!(posture(&g, "Bay"), Posture::Standing);
}

// =============================================================================================
// 4. Degraded armor (SK-21.7-a, E-19).
// =============================================================================================

/// Ash with `gear` against Bay in `armor` whose armor has already absorbed `absorbed` hits.
fn worn(opts: &[(&str, &str)], armor: &str, absorbed: u16) -> Game {
    let mut g = range(opts, (&["pistol"], GUNNER), (&[armor], PLAIN));
    let bay = g.id("Bay");
    g.s.fig_mut(bay).absorbed = absorbed;
    g
}

#[test]
fn sk_21_7_a_off_armor_never_wears_out() {
    let mut g = worn(&[], "padded-cloth", 1000);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[2, 2]]));
    let h = hurt(&ev);
    assert_eq!((h.armor, h.lethal), (1, 3));
}

#[test]
fn sk_21_7_a_armor_useless_after_forty_times_its_defense() {
    let mut g = worn(&[DEGRADED], "padded-cloth", 39);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[1, 2]]));
    let h = hurt(&ev);
    assert_eq!((h.armor, h.lethal), (1, 2), "39 absorbed: still whole");
    assert_eq!(g.fig("Bay").absorbed, 40);
    g.act("Bay does nothing");
    // The pistol's second shot of the turn.
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[1, 2]]));
    let h = hurt(&ev);
    assert_eq!((h.armor, h.lethal), (0, 3), "40 absorbed: useless");
    assert_eq!(g.fig("Bay").damage, 5);
}

#[test]
fn sk_21_7_a_e_19_ceramic_lasts_five_hundred_twenty_hits() {
    let mut g = worn(&[DEGRADED], "ceramic", 519);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[1, 1]]));
    assert_eq!(hurt(&ev).armor, 13);
    assert_eq!(g.fig("Bay").absorbed, 521, "a hit of 2 absorbs 2");

    let mut g = worn(&[DEGRADED], "ceramic", 520);
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[1, 1]]));
    let h = hurt(&ev);
    assert_eq!((h.armor, h.lethal), (0, 2));
}

#[test]
fn sk_21_7_a_forty_hits_on_padded_cloth_wear_it_out() {
    // The peashooter does 1 a round: the cloth stops each (0 through) and absorbs 1. Two
    // 20-round bursts absorb 40; the next hit goes through.
    let ash = "str = 10, dex = 20, int = 10, automatic_weapons = 1";
    let bay = "str = 10, dex = 12, int = 10";
    let mut g = battle(
        &[DEGRADED],
        &open(3, 10),
        &[
            unit("Ash", 0, (1, 0), S, &["test-peashooter"], ash),
            unit("Bay", 1, (1, 3), N, &["padded-cloth"], bay),
        ],
    );
    for turn in 1..=2u16 {
        g.reach_actions(0);
        // 26 (DEX 20 + 6 for 20 rounds) − 5: 20 bullets. The 8th round's 8 hits before armor
        // call for the stay-up check (SK-12.4-e), passed: Bay steps back a hex.
        let ev = g.play("Ash fires full auto at Bay", &faces(&[&d3(5), &d3(3)]));
        let r = roll(&ev);
        assert_eq!((r.target_number, r.bullets), (26, 20), "turn {turn}");
        let bay = g.id("Bay");
        assert_eq!(
            checks(&ev),
            [(bay, "stay-up", 3, 3, 10, true, "SK-12.4-e")],
            "turn {turn}"
        );
        let h = hurts(&ev);
        assert_eq!(h.len(), 20, "turn {turn}");
        assert!(
            h.iter().all(|h| (h.armor, h.lethal) == (1, 0)),
            "turn {turn}: {h:?}"
        );
        assert_eq!(g.fig("Bay").absorbed, 20 * turn);
        assert_eq!(g.fig("Bay").damage, 0);
        g.finish_turn();
    }
    g.reach_actions(0);
    let ev = g.play("Ash shoots Bay", &d3(5));
    let h = hurt(&ev);
    assert_eq!((h.armor, h.lethal), (0, 1));
    assert_eq!(g.fig("Bay").damage, 1);
}

#[test]
fn sk_21_7_a_armor_worn_out_mid_burst_stops_no_more_rounds() {
    // DEX 10 + 6 for 20 rounds = 16; a 14 hits by 2: two rounds. The cloth has absorbed 39: the
    // first round wears it out (40), the second goes through.
    let ash = "str = 10, dex = 10, int = 10, automatic_weapons = 1";
    let mut g = battle(
        &[DEGRADED],
        &open(3, 10),
        &[
            unit("Ash", 0, (1, 0), S, &["test-peashooter"], ash),
            unit("Bay", 1, (1, 3), N, &["padded-cloth"], PLAIN),
        ],
    );
    g.reach_actions(0);
    let bay = g.id("Bay");
    g.s.fig_mut(bay).absorbed = 39;
    g.act("Bay does nothing");
    let ev = g.play("Ash fires full auto at Bay", &d3(14));
    let r = roll(&ev);
    assert_eq!((r.target_number, r.bullets), (16, 2));
    let h: Vec<(i16, i16)> = hurts(&ev).iter().map(|h| (h.armor, h.lethal)).collect();
    assert_eq!(h, [(1, 0), (0, 1)]);
    assert_eq!(g.fig("Bay").damage, 1);
}

#[test]
fn sk_21_7_a_hits_stopped_by_a_shield_do_not_wear_the_body_armor() {
    // Padded cloth (1) and a large shield (2) in front. The cloth has absorbed 38; a hit of 3
    // is all stopped, the cloth taking at most 1 of it (39): the next hit of 3 is still all
    // stopped (3 = 1 + 2).
    let mut g = range(
        &[DEGRADED],
        (&["pistol"], GUNNER),
        (&["padded-cloth", "large-shield"], PLAIN),
    );
    let bay = g.id("Bay");
    g.s.fig_mut(bay).absorbed = 38;
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[1, 2]]));
    let h = hurt(&ev);
    assert_eq!((h.armor, h.lethal), (3, 0));
    g.act("Bay does nothing");
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(10), &[1, 2]]));
    let h = hurt(&ev);
    assert_eq!((h.armor, h.lethal), (3, 0));
}

// =============================================================================================
// 5. Nonlethal damage (SK-21.3; G-24, G-61, E-18).
// =============================================================================================

/// Ash (no skills) with `weapon` in Bay's front hex.
fn blow(opts: &[(&str, &str)], weapon: &[&str], bay: (&[&str], &str)) -> Game {
    melee(opts, (weapon, PLAIN), bay)
}

/// [`blow`] with Cal, a friend of Bay's standing by at [0, 5], so that the battle goes on
/// while Bay is out.
fn blow_watched(opts: &[(&str, &str)], weapon: &[&str], ash: &str) -> Game {
    let mut g = battle(
        opts,
        &open(3, 6),
        &[
            unit("Ash", 0, (1, 1), S, weapon, ash),
            unit("Bay", 1, (1, 2), N, &[], PLAIN),
            unit("Cal", 1, (0, 5), N, &[], "str = 10, dex = 11, int = 10"),
        ],
    );
    g.reach_actions(0);
    g
}

/// (lethal, nonlethal) of the one damage event.
fn split(events: &[Event]) -> (i16, i16) {
    let h = hurt(events);
    (h.lethal, h.nonlethal)
}

fn has_effect(events: &[Event], who: FigId, effect: Effect) -> bool {
    effects(events)
        .iter()
        .any(|(f, e, _)| *f == who && *e == effect)
}

#[test]
fn sk_21_3_b_off_every_hit_is_lethal() {
    let mut g = blow(&[], &["club-baton"], (&[], PLAIN));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[6]]));
    assert_eq!(split(&ev), (6, 0));
    assert_eq!((g.fig("Bay").damage, g.fig("Bay").nonlethal), (6, 0));

    // A stunning weapon's 12 kills a STR 10 figure.
    let mut g = blow(&[], &["test-sap"], (&[], PLAIN));
    let bay = g.id("Bay");
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[6, 6]]));
    assert_eq!(split(&ev), (12, 0));
    assert!(has_effect(&ev, bay, Effect::Dead), "{:?}", effects(&ev));
    assert_eq!(g.fig("Bay").condition, Condition::Dead);
}

#[test]
fn sk_21_3_b_g_61_club_is_bludgeoning_a_third_lethal() {
    for (die, want) in [
        (1, (0, 1)),
        (2, (0, 2)),
        (3, (1, 2)),
        (4, (1, 3)),
        (5, (1, 4)),
        (6, (2, 4)),
    ] {
        let mut g = blow(&[NONLETHAL], &["club-baton"], (&[], PLAIN));
        let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[die]]));
        assert_eq!(split(&ev), want, "1d6 = {die}");
        let b = g.fig("Bay");
        assert_eq!((b.damage, b.nonlethal), want, "1d6 = {die}");
        assert_eq!(b.est(), 10 - want.0 - want.1);
    }
}

#[test]
fn sk_21_3_b_g_61_double_damage_club_twelve_is_four_and_eight() {
    // A natural 4: ×2 (SK-12.1-c) → 12 bludgeoning: 4 lethal, 8 nonlethal.
    let mut g = blow(&[NONLETHAL], &["club-baton"], (&[], PLAIN));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(4), &[6]]));
    let h = hurt(&ev);
    assert_eq!(
        (h.rolled, h.mult, h.lethal, h.nonlethal, h.total),
        (6, 2, 4, 8, 4)
    );
}

#[test]
fn sk_21_3_b_g_61_punch_is_bludgeoning() {
    // STR 10 punch 1d6−3: 6 → 3 hits: 1 lethal, 2 nonlethal.
    let mut g = blow(&[NONLETHAL], &[], (&[], PLAIN));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[6]]));
    assert_eq!(hurt(&ev).rolled, 3);
    assert_eq!(split(&ev), (1, 2));
    // 4 → 1 hit: nonlethal.
    let mut g = blow(&[NONLETHAL], &[], (&[], PLAIN));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[4]]));
    assert_eq!(split(&ev), (0, 1));
}

#[test]
fn sk_21_3_b_sk_12_3_c_punch_minimum_hit_is_nonlethal() {
    // STR 10 punch 1d6−3: 2 → −1 → 1 hit against an unarmored target (SK-12.3-c).
    let mut g = blow(&[NONLETHAL], &[], (&[], PLAIN));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[2]]));
    assert_eq!(split(&ev), (0, 1));
    assert_eq!(g.fig("Bay").damage, 0);
}

#[test]
fn sk_21_3_b_stunning_attack_is_all_nonlethal() {
    let mut g = blow(&[NONLETHAL], &["test-sap"], (&[], PLAIN));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[3, 3]]));
    assert_eq!(split(&ev), (0, 6));
    let b = g.fig("Bay");
    assert_eq!((b.damage, b.nonlethal, b.est()), (0, 6, 4));
}

#[test]
fn sk_21_3_b_damaging_attack_is_all_lethal() {
    let mut g = melee(&[NONLETHAL], (&["duel-blade"], FIGHTER), (&[], PLAIN));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[3, 3]]));
    assert_eq!(split(&ev), (6, 0));
    assert_eq!((g.fig("Bay").damage, g.fig("Bay").nonlethal), (6, 0));
}

#[test]
fn sk_21_3_b_shock_attack_is_lethal_and_as_much_again_nonlethal() {
    let mut g = blow(&[NONLETHAL], &["test-shock-rod"], (&[], PLAIN));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[4]]));
    assert_eq!(split(&ev), (4, 4));
    assert_eq!(g.fig("Bay").est(), 2);
}

#[test]
fn sk_21_3_d_sk_14_1_b_armor_stops_lethal_first_and_two_nonlethal_more() {
    // (armor, weapon, damage faces, lethal, nonlethal)
    let cases: [(&str, &str, &[i64], i16, i16); 6] = [
        // Club 6: 2 lethal, 4 nonlethal. Leather 2: the 2 lethal, then 2 nonlethal.
        ("leather", "club-baton", &[6], 0, 2),
        // Padded 1: 1 lethal; 2 nonlethal.
        ("padded-cloth", "club-baton", &[6], 1, 2),
        // Steel 5: 2 lethal, then 3 + 2 nonlethal (all 4).
        ("steel", "club-baton", &[6], 0, 0),
        // Sap 6, all nonlethal: leather's 2 and the 2 more.
        ("leather", "test-sap", &[3, 3], 0, 2),
        // Shock rod 4: 4 lethal (leather 2) and 4 nonlethal (2).
        ("leather", "test-shock-rod", &[4], 2, 2),
        // Shock rod 4 against steel: 4 lethal (4 of 5), 4 nonlethal (1 + 2).
        ("steel", "test-shock-rod", &[4], 0, 1),
    ];
    for (armor, weapon, dmg, l, n) in cases {
        let mut g = blow(&[NONLETHAL], &[weapon], (&[armor], PLAIN));
        let ev = g.play("Ash attacks Bay", &faces(&[&d3(8), dmg]));
        let h = hurt(&ev);
        assert_eq!((h.lethal, h.nonlethal), (l, n), "{weapon} against {armor}");
        let b = g.fig("Bay");
        assert_eq!((b.damage, b.nonlethal), (l, n), "{weapon} against {armor}");
    }
}

#[test]
fn sk_21_3_d_sk_6_3_9_a_tough_takes_one_lethal_and_two_nonlethal_less() {
    let tough = "str = 14, dex = 12, int = 10, tough = 1";
    let mut g = blow(&[NONLETHAL], &["club-baton"], (&[], tough));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[6]]));
    let h = hurt(&ev);
    assert_eq!((h.tough, h.lethal, h.nonlethal), (1, 1, 2));

    let mut g = blow(&[NONLETHAL], &["test-sap"], (&[], tough));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[3, 3]]));
    assert_eq!(split(&ev), (0, 4));
}

#[test]
fn sk_21_3_c_g_24_unconscious_at_total_damage_str_minus_one() {
    // 8 nonlethal of STR 10: STR 2, awake.
    let mut g = blow(&[NONLETHAL], &["test-sap"], (&[], PLAIN));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[4, 4]]));
    assert!(!has_effect(&ev, g.id("Bay"), Effect::Unconscious));
    assert_eq!(g.fig("Bay").condition, Condition::Active);

    // 9: STR 1, out.
    let mut g = blow(&[NONLETHAL], &["test-sap"], (&[], PLAIN));
    let bay = g.id("Bay");
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[4, 5]]));
    assert!(
        has_effect(&ev, bay, Effect::Unconscious),
        "{:?}",
        effects(&ev)
    );
    assert!(!has_effect(&ev, bay, Effect::Dead));
    let b = g.fig("Bay");
    assert_eq!(
        (b.condition, b.posture),
        (Condition::Unconscious, Posture::Fallen)
    );
    assert_eq!((b.damage, b.nonlethal), (0, 9));
}

#[test]
fn sk_21_3_c_g_24_option_ww_unconscious_at_str() {
    let o = [NONLETHAL, KO_WW];
    let mut g = blow(&o, &["test-sap"], (&[], PLAIN));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[4, 5]]));
    assert!(!has_effect(&ev, g.id("Bay"), Effect::Unconscious));
    assert_eq!(g.fig("Bay").condition, Condition::Active);
    assert_eq!(g.fig("Bay").est(), 1);

    let mut g = blow(&o, &["test-sap"], (&[], PLAIN));
    let bay = g.id("Bay");
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[5, 5]]));
    assert!(
        has_effect(&ev, bay, Effect::Unconscious),
        "{:?}",
        effects(&ev)
    );
    assert_eq!(g.fig("Bay").condition, Condition::Unconscious);
}

#[test]
fn sk_21_3_c_dead_only_when_lethal_damage_reaches_str() {
    // 12 nonlethal of STR 10: out, not dead.
    let mut g = blow(&[NONLETHAL], &["test-sap"], (&[], PLAIN));
    let bay = g.id("Bay");
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[6, 6]]));
    assert!(
        has_effect(&ev, bay, Effect::Unconscious),
        "{:?}",
        effects(&ev)
    );
    assert!(!has_effect(&ev, bay, Effect::Dead));
    assert_eq!(g.fig("Bay").condition, Condition::Unconscious);
    assert_eq!(g.fig("Bay").est(), -2);

    // 10 lethal: dead.
    let mut g = melee(&[NONLETHAL], (&["duel-blade"], FIGHTER), (&[], PLAIN));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[4, 6]]));
    assert!(has_effect(&ev, bay, Effect::Dead), "{:?}", effects(&ev));
    assert_eq!(g.fig("Bay").condition, Condition::Dead);
}

#[test]
fn sk_21_3_e_off_no_breather() {
    // Without the nonlethal rules there is no breather.
    let mut g = blow(&[], &["club-baton"], (&[], PLAIN));
    g.play("Ash attacks Bay", &faces(&[&d3(10), &[3]]));
    assert!(!g.can("Bay takes a breather"), "{:?}", g.texts());
    // With them but sk.take_a_breather off, neither.
    let mut g = blow(
        &[NONLETHAL, ("sk.take_a_breather", "false")],
        &["club-baton"],
        (&[], PLAIN),
    );
    g.play("Ash attacks Bay", &faces(&[&d3(10), &[3]]));
    assert_eq!(g.fig("Bay").nonlethal, 2);
    assert!(!g.can("Bay takes a breather"), "{:?}", g.texts());
}

#[test]
fn sk_21_3_e_breather_only_with_nonlethal_damage_to_recover() {
    let g = blow(
        &[NONLETHAL],
        &["test-sap"],
        (&[], "str = 10, dex = 13, int = 10"),
    );
    // Bay (DEX 13) acts first, unhurt: no breather.
    assert_eq!(g.decider(), Some(g.id("Bay")));
    assert!(!g.can("Bay takes a breather"), "{:?}", g.texts());
}

#[test]
fn sk_21_3_e_breather_recovers_1d6_at_the_end_of_the_turn() {
    let bay_stats = "str = 10, dex = 13, int = 10";
    let mut g = blow(&[NONLETHAL], &["test-sap"], (&[], bay_stats));
    let bay = g.id("Bay");
    g.act("Bay does nothing");
    g.play("Ash attacks Bay", &faces(&[&d3(10), &[2, 2]]));
    assert_eq!(g.fig("Bay").nonlethal, 4);
    let ev = end_turn_rolling(&mut g, &[]);
    assert!(recoveries(&ev).is_empty(), "no breather, no recovery");

    // Turn 2: a breather, unhurt: 1d6 = 3 back.
    g.reach_actions(0);
    let ev = g.act("Bay takes a breather");
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Breathing { fig } if *fig == bay)),
        "{ev:#?}"
    );
    assert!(g.fig("Bay").breather);
    let ev = end_turn_rolling(&mut g, &[3]);
    assert_eq!(recoveries(&ev), [(bay, 3, false)]);
    assert_eq!(g.fig("Bay").nonlethal, 1);

    // Turn 3: a 6, but only 1 is left to recover.
    g.reach_actions(0);
    g.act("Bay takes a breather");
    let ev = end_turn_rolling(&mut g, &[6]);
    assert_eq!(recoveries(&ev), [(bay, 1, false)]);
    assert_eq!(g.fig("Bay").nonlethal, 0);

    // Nothing left: no breather.
    g.reach_actions(0);
    assert!(!g.can("Bay takes a breather"), "{:?}", g.texts());
}

#[test]
fn sk_21_3_e_no_breather_after_moving() {
    let bay_stats = "str = 10, dex = 13, int = 10";
    let mut g = blow(&[NONLETHAL], &["test-sap"], (&[], bay_stats));
    g.act("Bay does nothing");
    g.play("Ash attacks Bay", &faces(&[&d3(10), &[2, 2]]));
    end_turn_rolling(&mut g, &[]);
    g.start_turn(0);
    g.act("Ash stands facing S");
    g.act("Bay shifts to 2,2 facing N");
    assert_eq!(g.s.phase, Phase::Action);
    assert_eq!(g.decider(), Some(g.id("Bay")));
    assert!(!g.can("Bay takes a breather"), "{:?}", g.texts());
}

#[test]
fn sk_21_3_e_breather_target_plus_three_and_damage_spoils_it() {
    // Bay DEX 13 acts before Ash: he breathes, then Ash hits him at +3.
    let bay_stats = "str = 10, dex = 13, int = 10";
    let mut g = blow(&[NONLETHAL], &["test-sap"], (&[], bay_stats));
    g.act("Bay does nothing");
    g.play("Ash attacks Bay", &faces(&[&d3(10), &[2, 2]]));
    end_turn_rolling(&mut g, &[]);

    g.reach_actions(0);
    g.act("Bay takes a breather");
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(15), &[1, 1]]));
    let r = roll(&ev);
    r.assert_mod("breather", 3, "SK-21.3-e");
    assert_eq!(r.ids(), ["breather"]);
    r.assert_adds_up(12);
    assert_eq!((r.target_number, r.result), (15, PLAIN_HIT));
    assert_eq!(split(&ev), (0, 2));
    // Damage that turn: no recovery.
    let ev = end_turn_rolling(&mut g, &[]);
    assert!(recoveries(&ev).is_empty(), "{ev:#?}");
    assert_eq!(g.fig("Bay").nonlethal, 6);
}

#[test]
fn sk_21_3_e_breather_kept_when_armor_stops_the_hit() {
    // Leather (2, −1 DEX): Bay's eDEX 13 still acts first. The sap's 6 → 2 nonlethal through.
    let bay_stats = "str = 10, dex = 14, int = 10";
    let mut g = blow(&[NONLETHAL], &["test-sap"], (&["leather"], bay_stats));
    let bay = g.id("Bay");
    g.act("Bay does nothing");
    g.play("Ash attacks Bay", &faces(&[&d3(10), &[3, 3]]));
    assert_eq!(g.fig("Bay").nonlethal, 2);
    end_turn_rolling(&mut g, &[]);

    g.reach_actions(0);
    g.act("Bay takes a breather");
    // 2 nonlethal: all stopped (2 + 2): nothing through armor, the breather holds. Ash's
    // blow ends the turn: its faces include the recovery die.
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[1, 1], &[4]]));
    assert_eq!(split(&ev), (0, 0));
    let ev = end_turn_rolling(&mut g, &[]);
    assert_eq!(recoveries(&ev), [(bay, 2, false)]);
    assert_eq!(g.fig("Bay").nonlethal, 0);
}

#[test]
fn sk_21_3_f_off_no_recovery_while_unconscious() {
    let mut g = blow_watched(&[], &["duel-blade"], FIGHTER);
    g.play("Ash attacks Bay", &faces(&[&d3(10), &[4, 5]]));
    assert_eq!(g.fig("Bay").condition, Condition::Unconscious);
    for _ in 0..3 {
        let ev = end_turn_rolling(&mut g, &[]);
        assert!(recoveries(&ev).is_empty());
        g.reach_actions(0);
    }
    assert_eq!(g.fig("Bay").condition, Condition::Unconscious);
}

#[test]
fn sk_21_3_f_e_18_unconscious_recovers_1d6_a_turn_and_wakes_above_lethal() {
    // E-18: STR 10, 4 lethal + 8 nonlethal (a club's 6 doubled): STR −2. He wakes when his
    // STR is above 4, so after 7 nonlethal back.
    let mut g = blow_watched(&[NONLETHAL], &["club-baton"], PLAIN);
    let bay = g.id("Bay");
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(4), &[6]]));
    assert_eq!(split(&ev), (4, 8));
    assert!(
        has_effect(&ev, bay, Effect::Unconscious),
        "{:?}",
        effects(&ev)
    );
    assert_eq!(g.fig("Bay").est(), -2);
    // End of turn 1: 6 back: STR 4, not above 4.
    let ev = if matches!(g.s.phase, Phase::TurnStart) {
        panic!("turn 1 ended with the blow: {:#?}", g.log)
    } else {
        end_turn_rolling(&mut g, &[6])
    };
    assert_eq!(recoveries(&ev), [(bay, 6, false)]);
    let b = g.fig("Bay");
    assert_eq!((b.damage, b.nonlethal, b.est()), (4, 2, 4));
    assert_eq!(b.condition, Condition::Unconscious);

    // End of turn 2: 1 back: STR 5 > 4: awake (still on the ground).
    g.reach_actions(0);
    let ev = end_turn_rolling(&mut g, &[1]);
    assert_eq!(recoveries(&ev), [(bay, 1, true)]);
    let b = g.fig("Bay");
    assert_eq!((b.damage, b.nonlethal, b.est()), (4, 1, 5));
    assert_eq!(
        (b.condition, b.posture),
        (Condition::Active, Posture::Fallen)
    );
}

#[test]
fn sk_21_3_g_more_than_half_str_lethal_does_not_wake() {
    // A club's 6 tripled: 18 → 6 lethal (more than half of STR 10), 12 nonlethal.
    let mut g = blow_watched(&[NONLETHAL], &["club-baton"], PLAIN);
    let bay = g.id("Bay");
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(3), &[6]]));
    assert_eq!(split(&ev), (6, 12));
    assert_eq!(g.fig("Bay").condition, Condition::Unconscious);
    let ev = end_turn_rolling(&mut g, &[6]);
    assert_eq!(recoveries(&ev), [(bay, 6, false)]);
    g.reach_actions(0);
    let ev = end_turn_rolling(&mut g, &[6]);
    assert_eq!(recoveries(&ev), [(bay, 6, false)]);
    let b = g.fig("Bay");
    assert_eq!(
        (b.damage, b.nonlethal, b.condition),
        (6, 0, Condition::Unconscious)
    );
    // Nothing left to recover: no more rolls, still out.
    g.reach_actions(0);
    let ev = end_turn_rolling(&mut g, &[]);
    assert!(recoveries(&ev).is_empty());
    assert_eq!(g.fig("Bay").condition, Condition::Unconscious);
}

#[test]
fn sk_21_3_b_sk_16_9_a_nonlethal_stun_hit_still_calls_for_the_stun_roll() {
    // Stun baton 1d6−2: 6 → 4 nonlethal; 4d6 vs eSTR 6, 20: failed: weapon dropped, stunned.
    let mut g = blow(&[NONLETHAL], &["stun-baton"], (&["pistol"], GUNNER));
    let bay = g.id("Bay");
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[6], &d4(20)]));
    assert_eq!(split(&ev), (0, 4));
    assert_eq!(checks(&ev), [(bay, "stun", 4, 20, 6, false, "SK-16.9-a")]);
    assert!(has_effect(&ev, bay, Effect::Stunned));
}

#[test]
fn sk_21_3_b_sk_12_5_a_nonlethal_damage_still_forces_a_retreat() {
    let pushes = |g: &Game| g.legal().iter().any(|a| matches!(a, Action::Push { .. }));
    // Without the option: a club's 2 lets Ash force Bay back.
    let mut g = blow(&[], &["club-baton"], (&[], PLAIN));
    g.play("Ash attacks Bay", &faces(&[&d3(10), &[2]]));
    g.act("Bay does nothing");
    assert!(pushes(&g), "{:?} {:?}", g.s.phase, g.texts());

    // With it: the 2 is nonlethal, and still damage.
    let mut g = blow(&[NONLETHAL], &["club-baton"], (&[], PLAIN));
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[2]]));
    assert_eq!(split(&ev), (0, 2));
    g.act("Bay does nothing");
    assert!(pushes(&g), "{:?} {:?}", g.s.phase, g.texts());
}

// --- Shielding (SK-14.3-b/c, G-27; option sk.shielding) -------------------------------------

#[test]
fn sk_14_3_c_shielding_removes_r_dice_from_an_energy_weapon() {
    // The spacesuit carries R1 shielding (G-26): a laser pistol's 4d6+2 becomes 3d6+2 against
    // it, and its defense 1 still stops a hit (E-14: 6d6 against R2 is 4d6).
    let ash = "str = 10, dex = 12, int = 10, sidearms = 1";
    let mut g = range(&[], (&["laser-pistol"], ash), (&["spacesuit-armor"], PLAIN));
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(8), &[6, 6, 6]]));
    let d = damages(&ev);
    assert_eq!(d.len(), 1);
    assert_eq!((d[0].rolled, d[0].armor, d[0].taken), (20, 1, 19));
}

#[test]
fn sk_14_3_b_option_roll_and_subtract_rolls_r_dice() {
    // sk.shielding = "roll_and_subtract": all four dice are rolled, and 1d6 (a 5) is stopped on
    // top of the suit's defense 1.
    let ash = "str = 10, dex = 12, int = 10, sidearms = 1";
    let mut g = range(
        &[("sk.shielding", "\"roll_and_subtract\"")],
        (&["laser-pistol"], ash),
        (&["spacesuit-armor"], PLAIN),
    );
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(8), &[5], &[6, 6, 6, 6]]));
    let d = damages(&ev);
    assert_eq!((d[0].rolled, d[0].armor, d[0].taken), (26, 6, 20));
}

#[test]
fn g_27_shielding_stops_r_hits_of_other_weapons() {
    // G-26/G-27: against a bullet the suit stops "a total of 2": defense 1 + R1.
    let ash = "str = 10, dex = 12, int = 10, sidearms = 1";
    let mut g = range(&[], (&["pistol"], ash), (&["spacesuit-armor"], PLAIN));
    let ev = g.play("Ash shoots Bay", &faces(&[&d3(8), &[3, 3]]));
    let d = damages(&ev);
    assert_eq!((d[0].rolled, d[0].armor, d[0].taken), (6, 2, 4));
}

// --- Opportunity fire (SK-21.8, option sk.opportunity_fire) ---------------------------------

/// Ash with a pistol at [1, 0] facing S; Bay six hexes south facing N; turn 1 up to Ash's action.
fn watch(opts: &[(&str, &str)]) -> Game {
    let ash = "str = 10, dex = 12, int = 10, sidearms = 1";
    let mut g = battle(
        opts,
        &open(3, 9),
        &[
            unit("Ash", 0, (1, 0), S, &["pistol"], ash),
            unit("Bay", 1, (1, 7), N, &[], PLAIN),
        ],
    );
    g.reach_actions(0);
    g
}

#[test]
fn sk_21_8_a_off_no_covering_a_hex() {
    let g = watch(&[]);
    assert!(!g.texts().iter().any(|t| t.contains("covers")));
}

#[test]
fn sk_21_8_b_c_f_a_foe_coming_next_to_the_covered_hex_is_shot_at_once() {
    let mut g = watch(&[("sk.opportunity_fire", "true")]);
    g.act("Ash covers 1,3");
    assert_eq!(g.fig("Ash").overwatch, Some(Pos::new(1, 3)));
    g.finish_turn();
    g.start_turn(1);
    // Bay walks north; entering [1, 4], next to the covered hex, draws the shot at
    // 12 - 2 (opportunity, SK-21.8-c) - 1 (one hex off, SK-21.8-f) = 9; a 16 misses.
    let ev = g.play("Bay moves to 1,2 facing N", &d3(16));
    let r = roll(&ev);
    r.assert_mod("opportunity", -2, "SK-21.8-c");
    r.assert_mod("off-hex", -1, "SK-21.8-f");
    r.assert_adds_up(12);
    assert_eq!(g.fig("Ash").overwatch, None, "the cover is spent");
    assert_eq!(g.fig("Bay").pos, Pos::new(1, 2), "a miss does not stop him");
}

#[test]
fn sk_21_8_b_a_foe_who_falls_stops_where_he_was_shot() {
    let mut g = watch(&[("sk.opportunity_fire", "true")]);
    g.act("Ash covers 1,4");
    g.finish_turn();
    g.start_turn(1);
    // Bay is shot on entering [1, 5], next to the covered hex (SK-21.8-f): a 4 always hits and
    // doubles the pistol's 2d6 (6 + 6 = 12 → 24): he is dead there (SK-12.4-c) and goes no
    // further.
    let ev = g.play("Bay moves to 1,2 facing N", &faces(&[&d3(4), &[6, 6]]));
    assert!(roll(&ev).result.is_hit());
    assert_eq!(g.fig("Bay").pos, Pos::new(1, 5));
    assert_eq!(g.fig("Bay").condition, Condition::Dead);
}

// --- Leaving hand-to-hand (SK-11.9.3-a, G-39 (1); option sk.hth_disengage) ------------------

/// Ash grapples the kneeling Bay (SK-16.15.3-a (2)); a reaction die of 1 puts them in HTH in
/// Bay's hex [1, 2]. Next turn Ash does nothing and it is Bay's action.
fn brawl(opts: &[(&str, &str)]) -> Game {
    let mut g = battle(
        opts,
        &open(3, 6),
        &[
            unit("Ash", 0, (1, 1), S, &[], PLAIN),
            unit("Bay", 1, (1, 2), N, &[], PLAIN).stance("kneeling"),
        ],
    );
    g.reach_actions(0);
    g.play("Ash goes hand to hand with Bay", &[1]);
    assert!(g.fig("Ash").in_hth && g.fig("Bay").in_hth);
    g.finish_turn();
    g.start_turn(0);
    g.stand_all();
    g.act("Ash does nothing");
    g
}

#[test]
fn sk_11_9_3_a_g_39_leaving_hth_is_a_dex_roll_by_default() {
    let mut g = brawl(&[]);
    let ev = g.play("Bay breaks free to 1,3", &d3(12));
    let c = checks(&ev);
    assert_eq!(c.len(), 1);
    assert_eq!((c[0].1, c[0].2, c[0].4, c[0].5), ("leave-hth", 3, 12, true));
    assert!(!g.fig("Bay").in_hth && !g.fig("Ash").in_hth);
    assert_eq!(g.fig("Bay").pos, Pos::new(1, 3));
}

#[test]
fn g_39_option_opposed_estr_to_leave_hth() {
    // Bay rolls 9 against STR 10 (margin 1); Ash 12 (margin -2): Bay breaks free.
    let mut g = brawl(&[("sk.hth_disengage", "\"opposed_estr\"")]);
    let ev = g.play("Bay breaks free to 1,3", &faces(&[&d3(9), &d3(12)]));
    // Both rolls are recorded in one opposed roll (SK-5.9.3-a).
    let c = ev
        .iter()
        .find_map(|e| match e {
            Event::Contest {
                what,
                attacker,
                defender,
                won,
                ..
            } => Some((
                *what,
                attacker.target,
                attacker.margin,
                defender.target,
                defender.margin,
                *won,
            )),
            _ => None,
        })
        .expect("an opposed roll");
    assert_eq!(c, ("leave-hth", 10, 1, 10, -2, true));
    assert!(!g.fig("Bay").in_hth);
    // And a tie goes to the one holding on (G-74).
    let mut g = brawl(&[("sk.hth_disengage", "\"opposed_estr\"")]);
    g.play("Bay breaks free to 1,3", &faces(&[&d3(9), &d3(9)]));
    assert!(g.fig("Bay").in_hth);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// SK-21.4-e: random legal play with aimed shots and blows at arms and critical hits: the
    /// hands never hold more than the arms in use can (`invariants`: one thing in the one hand
    /// left, nothing with both arms out), and every action's text is distinct and reads back.
    #[test]
    fn sk_21_4_e_random_play_with_arm_hits_keeps_the_hands_whole(seed in 0u64..1_000_000) {
        use fireteam_dice::{DiceSource, SeededSource};
        let stats = "str = 40, dex = 12, int = 10, sidearms = 1, knife = 1, sword = 1";
        let mut g = battle(
            &[AIMED],
            &open(4, 6),
            &[
                unit("Ash", 0, (1, 1), S, &["pistol", "fighting-knife", "large-shield"], stats),
                unit("Cal", 0, (2, 1), S, &["saber", "pistol"], stats),
                unit("Bay", 1, (1, 3), N, &["fighting-knife", "large-shield", "pistol"], stats),
                unit("Dee", 1, (2, 3), N, &["broadsword", "utility-knife"], stats),
            ],
        );
        let mut dice = SeededSource::new(seed);
        let mut pick = seed;
        for step in 0..300u64 {
            let legal = g.legal();
            if legal.is_empty() {
                break;
            }
            let texts = g.texts();
            let mut sorted = texts.clone();
            sorted.sort();
            sorted.dedup();
            proptest::prop_assert_eq!(sorted.len(), texts.len(), "duplicate texts: {:?}", texts);
            pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            // Half the time an attack at an arm, when there is one, so arms go out often.
            let at_arms: Vec<usize> = (0..texts.len()).filter(|&i| texts[i].ends_with(" arm")).collect();
            let k = if !at_arms.is_empty() && (pick >> 20) & 1 == 1 {
                at_arms[((pick >> 33) % at_arms.len() as u64) as usize]
            } else {
                ((pick >> 33) % legal.len() as u64) as usize
            };
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
        }
    }
}
