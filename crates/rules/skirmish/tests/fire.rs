//! Fire (§16.11, the fire hexes and extinguisher of §16.12, §16.13 flame throwers), each rule
//! played through the engine with forced dice and checked against a hand calculation from the
//! book (G-28, G-52, G-53 where it is silent).

mod common;

use common::*;
use fireteam_dice::ScriptedSource;
use fireteam_engine::RuleSystem;
use fireteam_skirmish::event::Effect;
use fireteam_skirmish::state::{Blaze, FigId, Fire, Guard, MoveKind, Phase, Pos, Posture};
use fireteam_skirmish::{Action, Event, Skirmish};

fn p(col: i16, row: i16) -> Pos {
    Pos::new(col, row)
}

fn rows(lines: &[&str]) -> Vec<String> {
    lines.iter().map(|s| s.to_string()).collect()
}

const FLAMER: &str = "str = 12, dex = 12, int = 10, flame_thrower = 1";
const GUNNER: &str = "str = 10, dex = 12, int = 10, sidearms = 1";
const PLAIN: &str = "str = 30, dex = 12, int = 10";

const PLAIN_HIT: fireteam_skirmish::autoresult::ToHit = fireteam_skirmish::autoresult::ToHit::Hit {
    mult: 1,
    automatic: false,
};
const PLAIN_MISS: fireteam_skirmish::autoresult::ToHit =
    fireteam_skirmish::autoresult::ToHit::Miss { automatic: false };

/// Starts the next turn: the fire INT checks roll first (`checks`, SK-16.11-f/h), then side
/// `winner` wins the initiative (6 against 1) and moves first.
fn start(g: &mut Game, winner: u8, checks: &[i64]) -> Vec<Event> {
    let init: [i64; 2] = if winner == 0 { [6, 1] } else { [1, 6] };
    let text = format!("start turn {}", g.s.turn + 1);
    // SK-9-c: a side whose every figure ran last turn (a Full Move) is asked first whether it
    // runs again; here it turns to fight, and the initiative is rolled after the last answer.
    let ran = |side: u8| {
        let mut them = g.s.figures.iter().filter(|f| f.side == side && f.active());
        let first = them.next();
        first.is_some_and(|f| f.move_kind == MoveKind::Full)
            && them.all(|f| f.move_kind == MoveKind::Full)
    };
    let runners: Vec<u8> = (0..2).filter(|&x| ran(x)).collect();
    let ev = if runners.is_empty() {
        g.play(&text, &faces(&[checks, &init]))
    } else {
        let ev = g.play(&text, checks);
        for (k, side) in runners.iter().enumerate() {
            let last = k + 1 == runners.len();
            let name = if *side == 0 { "A" } else { "B" };
            g.play(
                &format!("{name} turns to fight"),
                if last { &init } else { &[] },
            );
        }
        ev
    };
    g.act("move first");
    ev
}

/// Plays the movement phase: each figure named in `plan` does its action (with those faces),
/// everyone else stands still. Returns the events of the planned actions.
fn movement(g: &mut Game, plan: &[(&str, &str, &[i64])]) -> Vec<Event> {
    let mut out = Vec::new();
    while let Phase::Movement { .. } = g.s.phase {
        let id = g.decider().expect("a mover");
        match plan.iter().find(|(n, _, _)| g.id(n) == id) {
            Some((_, text, dice)) => out.extend(g.play(text, dice)),
            None => stand(g, id),
        }
    }
    out
}

fn stand(g: &mut Game, id: FigId) {
    let facing = g.s.fig(id).facing;
    let a = g
        .legal()
        .into_iter()
        .find(|a| {
            matches!(a, Action::StandStill { fig, facing: f, guard }
                if *fig == id && *f == facing && *guard == Guard::None)
        })
        .unwrap_or_else(|| panic!("figure {id} cannot stand still: {:?}", g.texts()));
    g.play_action(&a, &[]);
}

/// Everyone before `name` in the action phase does nothing (or holds fire).
fn until(g: &mut Game, name: &str) {
    let who = g.id(name);
    while g.decider() != Some(who) {
        let id = g.decider().expect("someone to act");
        let a = g
            .legal()
            .into_iter()
            .find(|a| matches!(a, Action::Pass { fig } | Action::HoldFire { fig } if *fig == id))
            .expect("a way to pass");
        g.play_action(&a, &[]);
    }
}

/// Plays out the rest of the turn doing nothing (standing still, passing); the end of the turn
/// rolls exactly `faces`. Returns every event.
fn finish(g: &mut Game, end: &[i64]) -> Vec<Event> {
    let mut dice = ScriptedSource::new(end.to_vec());
    let mut all = Vec::new();
    loop {
        let a = match g.s.phase {
            Phase::TurnStart | Phase::Over => break,
            Phase::ChooseOrder { .. } => Action::Order { first: true },
            Phase::Movement { .. } => {
                let id = g.decider().expect("a mover");
                let facing = g.s.fig(id).facing;
                Action::StandStill {
                    fig: id,
                    facing,
                    guard: Guard::None,
                }
            }
            _ => g
                .legal()
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
                .expect("a way to pass"),
        };
        let mut out = Vec::new();
        Skirmish
            .resolve(&g.s, &a, &mut dice, &mut out)
            .unwrap_or_else(|e| panic!("{e}: {out:#?}"));
        for e in &out {
            Skirmish.apply(&mut g.s, e);
        }
        g.log.extend(out.iter().cloned());
        all.extend(out);
    }
    assert_eq!(dice.remaining(), 0, "end-of-turn faces unused: {all:#?}");
    all
}

/// The parts of fire damage in these events: (figure, what, hits, rule).
fn burns(ev: &[Event]) -> Vec<(FigId, &'static str, i16, &'static str)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Burn {
                fig,
                what,
                hits,
                rule,
                ..
            } => Some((*fig, *what, *hits, rule.0)),
            _ => None,
        })
        .collect()
}

/// The burning hexes, sorted.
fn fires(g: &Game) -> Vec<Pos> {
    let mut v: Vec<Pos> = g.s.fires.iter().map(|f| f.pos).collect();
    v.sort();
    v
}

fn sorted(mut v: Vec<Pos>) -> Vec<Pos> {
    v.sort();
    v
}

fn burst(ev: &[Event]) -> (bool, Vec<Pos>) {
    ev.iter()
        .find_map(|e| match e {
            Event::FlameBurst { hit, hexes, .. } => Some((*hit, sorted(hexes.to_vec()))),
            _ => None,
        })
        .expect("a burst")
}

// =============================================================================================
// SK-16.13: flame throwers.
// =============================================================================================

/// Ann (side A, flame thrower, DEX 12, Flame Thrower skill) at [2, 0] facing S; Bob (side B,
/// DEX 12) at [2, 4] facing N, 4 hexes straight down the column: 2 MH, no range penalty
/// (SK-13.6-a: −1 per 2 MH beyond 2). `more` are further figures. The action phase of turn 1
/// is next, Ann to act.
fn flamer_scene(ann: &str, bob_gear: &[&str], more: &[Unit]) -> Game {
    let mut units = vec![
        unit("Ann", 0, (2, 0), S, &["flame-thrower"], ann),
        unit("Bob", 1, (2, 4), N, bob_gear, PLAIN),
    ];
    units.extend(more.iter().cloned());
    let mut g = game(&[], &open(6, 10), &[], &units);
    g.reach_actions(0);
    until(&mut g, "Ann");
    g
}

#[test]
fn sk_16_13_a_b_a_flame_thrower_lays_fire_hexes_instead_of_one_shot() {
    // The defect: the flame thrower played as a single-target gun ("Ann shoots Bob", 4 points).
    // SK-16.13-b/c: a small burst is 3 fire hexes; a hit may put one in Bob's hex; the line
    // shape runs from Bob's hex away from Ann: [2, 4], [2, 5], [2, 6]. SK-16.13-e: Bob takes 4
    // hits and rolls 4d6 against eDEX 12 not to be soaked: 13 fails.
    let mut g = flamer_scene(FLAMER, &[], &[]);
    assert!(!g.can("Ann shoots Bob"), "{:?}", g.texts());
    assert!(g.can("Ann fires a small burst in a fan at Bob"));
    assert!(g.can("Ann fires a large burst in a ring at Bob"));
    assert!(g.can("Ann fires a large burst in a cone at Bob"));
    let ev = g.play(
        "Ann fires a small burst in a line at Bob",
        &faces(&[&d3(10), &d4(13)]),
    );
    let r = roll(&ev);
    assert_eq!((r.target_number, r.result), (12, PLAIN_HIT));
    r.assert_adds_up(12);
    assert!(r.modifiers.is_empty(), "{:?}", r.ids());
    assert_eq!(burst(&ev), (true, sorted(vec![p(2, 4), p(2, 5), p(2, 6)])));
    assert_eq!(fires(&g), [p(2, 4), p(2, 5), p(2, 6)]);
    assert!(g
        .s
        .fires
        .iter()
        .all(|f| f.turns_left == 12 && !f.incendiary));
    let bob = g.id("Bob");
    let d = damages(&ev);
    assert_eq!(d.len(), 1);
    assert_eq!(
        (d[0].target, d[0].rolled, d[0].armor, d[0].taken, d[0].rule),
        (bob, 4, 0, 4, "SK-16.13-e")
    );
    assert_eq!(
        checks(&ev),
        [(bob, "not-soaked", 4, 13, 12, false, "SK-16.13-e")]
    );
    assert_eq!(g.fig("Bob").burning, 12);
    // SK-16.13-a: one small burst's fuel of four.
    assert_eq!(g.fig("Ann").weapons[0].unwrap().rounds, 3);
}

#[test]
fn sk_16_13_b_d_e_a_large_burst_lays_seven_fire_hexes_and_rolls_for_each_figure() {
    // The large ring: Bob's hex and its six neighbours. Cal (side B) at [3, 4] is inside it:
    // SK-16.13-d, rolled for separately at 12: 15 misses him, so he takes the 2 hits of the
    // hexes around (ours: a figure missed inside the area is treated as next to it). Dan at
    // [2, 6] is next to [2, 5]: 2 hits, no roll. Bob, hit: 4 and a soak roll (11 ≤ 12: not
    // soaked). A large burst is two small bursts' fuel: 4 − 2 = 2.
    let more = [
        unit("Cal", 1, (3, 4), N, &[], PLAIN),
        unit("Dan", 1, (2, 6), N, &[], PLAIN),
    ];
    let mut g = flamer_scene(FLAMER, &[], &more);
    let ev = g.play(
        "Ann fires a large burst in a ring at Bob",
        &faces(&[&d3(9), &d3(15), &d4(11)]),
    );
    let hexes = sorted(vec![
        p(2, 4),
        p(2, 3),
        p(3, 3),
        p(3, 4),
        p(2, 5),
        p(1, 4),
        p(1, 3),
    ]);
    assert_eq!(burst(&ev), (true, hexes.clone()));
    assert_eq!(fires(&g), hexes);
    let rs = rolls(&ev);
    assert_eq!(rs.len(), 2);
    // One burst: no "another target" penalty (SK-16.6-h) on the area's rolls.
    assert!(rs[1].modifiers.is_empty(), "{:?}", rs[1].ids());
    assert_eq!(
        (rs[1].target, rs[1].target_number, rs[1].result),
        (g.id("Cal"), 12, PLAIN_MISS)
    );
    let taken: Vec<(FigId, i16)> = damages(&ev).iter().map(|d| (d.target, d.taken)).collect();
    assert_eq!(
        taken,
        [(g.id("Bob"), 4), (g.id("Cal"), 2), (g.id("Dan"), 2)]
    );
    assert_eq!(
        checks(&ev),
        [(g.id("Bob"), "not-soaked", 4, 11, 12, true, "SK-16.13-e")]
    );
    assert_eq!(g.fig("Bob").burning, 0);
    assert_eq!(g.fig("Ann").weapons[0].unwrap().rounds, 2);
}

#[test]
fn sk_16_13_c_d_the_cone_reaches_beyond_the_target_and_a_second_figure_hit_is_soaked() {
    // The large cone: Bob's hex, the three hexes beyond him ([1, 4], [2, 5], [3, 4]) and the
    // three beyond those ([1, 5], [2, 6], [3, 5]). Cal at [2, 6]: rolled for at 12, 7 hits:
    // 4 hits and a soak roll, 20 > 12: soaked. Bob's roll 24 > 12: soaked too.
    let more = [unit("Cal", 1, (2, 6), N, &[], PLAIN)];
    let mut g = flamer_scene(FLAMER, &[], &more);
    let ev = g.play(
        "Ann fires a large burst in a cone at Bob",
        &faces(&[&d3(12), &d3(7), &d4(24), &d4(20)]),
    );
    assert_eq!(
        burst(&ev),
        (
            true,
            sorted(vec![
                p(2, 4),
                p(1, 4),
                p(2, 5),
                p(3, 4),
                p(1, 5),
                p(2, 6),
                p(3, 5)
            ])
        )
    );
    assert_eq!(g.fig("Bob").burning, 12);
    assert_eq!(g.fig("Cal").burning, 12);
    assert_eq!((g.fig("Bob").damage, g.fig("Cal").damage), (4, 4));
}

#[test]
fn sk_16_13_c_a_miss_never_burns_the_target_hex() {
    // A roll of 15 against 12 misses: one fire counter next to Bob, the others next to it and to
    // each other, none in his hex: the oil overshoots to [2, 5] and [2, 6], [1, 5]. Bob, next
    // to the fire, takes 2 hits and rolls nothing (SK-16.13-e).
    let mut g = flamer_scene(FLAMER, &[], &[]);
    let ev = g.play("Ann fires a small burst in a line at Bob", &d3(15));
    assert_eq!(roll(&ev).result, PLAIN_MISS);
    let (hit, hexes) = burst(&ev);
    assert!(!hit);
    assert_eq!(hexes, sorted(vec![p(2, 5), p(2, 6), p(1, 5)]));
    assert!(!hexes.contains(&p(2, 4)));
    assert_eq!(g.fig("Bob").damage, 2);
    assert!(checks(&ev).is_empty());
    // A large burst that misses: the multihex around [2, 6], two beyond Bob, holding [2, 5].
    let mut g = flamer_scene(FLAMER, &[], &[]);
    let ev = g.play("Ann fires a large burst in a cone at Bob", &d3(15));
    let (_, hexes) = burst(&ev);
    assert_eq!(
        hexes,
        sorted(vec![
            p(2, 6),
            p(2, 5),
            p(3, 5),
            p(3, 6),
            p(2, 7),
            p(1, 6),
            p(1, 5)
        ])
    );
}

#[test]
fn sk_16_13_b_missile_adjustments_and_the_unskilled_minus_four() {
    // Without the Flame Thrower skill: −4 (SK-6-b, G-53): 12 − 4 = 8. Bob 7 hexes away in a
    // taller map: 3 MH, −1 (SK-13.6-a): 7.
    let units = [
        unit(
            "Ann",
            0,
            (2, 0),
            S,
            &["flame-thrower"],
            "str = 12, dex = 12, int = 10",
        ),
        unit("Bob", 1, (2, 7), N, &[], PLAIN),
    ];
    let mut g = game(&[], &open(6, 12), &[], &units);
    g.reach_actions(0);
    until(&mut g, "Ann");
    let ev = g.play("Ann fires a small burst in a fan at Bob", &d3(8));
    let r = roll(&ev);
    r.assert_mod("unskilled", -4, "SK-6-b");
    r.assert_mod("range", -1, "SK-13.6-a");
    r.assert_adds_up(12);
    assert_eq!((r.target_number, r.result), (7, PLAIN_MISS));
}

#[test]
fn sk_16_13_a_fuel_for_four_small_or_two_large_bursts_and_no_spare() {
    // Two large bursts (misses, 15) empty the tank: 4 − 2 − 2 = 0; then no burst is offered and
    // there is no spare fuel to reload.
    let mut g = flamer_scene(FLAMER, &[], &[]);
    g.play("Ann fires a large burst in a cone at Bob", &d3(15));
    assert_eq!(g.fig("Ann").weapons[0].unwrap().rounds, 2);
    finish(&mut g, &[]);
    start(&mut g, 0, &[]);
    g.stand_all();
    until(&mut g, "Ann");
    assert!(g.can("Ann fires a large burst in a ring at Bob"));
    g.play("Ann fires a large burst in a ring at Bob", &d3(15));
    assert_eq!(g.fig("Ann").weapons[0].unwrap().rounds, 0);
    finish(&mut g, &[]);
    start(&mut g, 0, &[]);
    g.stand_all();
    until(&mut g, "Ann");
    let t = g.texts();
    assert!(!t.iter().any(|t| t.contains("burst")), "{t:?}");
    assert!(!g.can("Ann reloads"));
    // A large and a small burst leave one small burst's fuel: never a large one.
    let mut g = flamer_scene(FLAMER, &[], &[]);
    g.play("Ann fires a large burst in a cone at Bob", &d3(15));
    finish(&mut g, &[]);
    start(&mut g, 0, &[]);
    g.stand_all();
    until(&mut g, "Ann");
    g.play("Ann fires a small burst in a fan at Bob", &d3(15));
    finish(&mut g, &[]);
    start(&mut g, 0, &[]);
    g.stand_all();
    until(&mut g, "Ann");
    assert!(g.can("Ann fires a small burst in a line at Bob"));
    assert!(!g.can("Ann fires a large burst in a cone at Bob"));
}

#[test]
fn sk_16_13_c_no_ring_around_an_adjacent_target() {
    // The large ring around an adjacent Bob (his back to her, so she is not engaged) would burn
    // Ann's own hex: not offered; the cone is.
    let units = [
        unit("Ann", 0, (2, 0), S, &["flame-thrower"], FLAMER),
        unit("Bob", 1, (2, 1), S, &[], PLAIN),
    ];
    let mut g = game(&[], &open(6, 8), &[], &units);
    g.reach_actions(0);
    until(&mut g, "Ann");
    assert!(!g.can("Ann fires a large burst in a ring at Bob"));
    assert!(g.can("Ann fires a large burst in a cone at Bob"));
}

#[test]
fn sk_16_13_e_only_full_body_armor_stops_the_oil() {
    // SK-16.13-e "as a molotov", SK-16.12-k: Bob in a kevlar vest (10) takes the full 4; Cal in
    // ceramic body armor (13), next to the fire, takes 2 − 13: nothing.
    let more = [unit("Cal", 1, (3, 3), N, &["ceramic"], PLAIN)];
    let mut g = flamer_scene(FLAMER, &["kevlar-vest"], &more);
    let ev = g.play(
        "Ann fires a small burst in a line at Bob",
        &faces(&[&d3(10), &d4(4)]),
    );
    let d: Vec<(i16, i16, i16)> = damages(&ev)
        .iter()
        .map(|d| (d.rolled as i16, d.armor, d.taken))
        .collect();
    assert_eq!(d, [(4, 0, 4), (2, 13, 0)]);
}

/// Fay (side B) carries a flame thrower on her back, at [2, 4] facing N; Gus (side A, pistol)
/// at `gus` facing N; Hal (side B) next to Fay at [3, 4]. The action phase of turn 1, Gus to act.
fn tank_scene(options: &[(&str, &str)], gus: (i32, i32), gus_facing: u8) -> Game {
    let units = [
        unit("Gus", 0, gus, gus_facing, &["pistol"], GUNNER),
        unit("Fay", 1, (2, 4), N, &["flame-thrower"], PLAIN),
        unit("Hal", 1, (3, 4), N, &[], PLAIN),
    ];
    let mut g = game(options, &open(6, 10), &[], &units);
    g.reach_actions(0);
    until(&mut g, "Gus");
    g
}

#[test]
fn sk_16_13_f_a_hit_from_the_rear_hex_may_ignite_the_tank() {
    // Gus shoots Fay from directly behind (3 hexes, 1 MH: no penalty): 10 ≤ 12 hits; 2d6 = 8
    // damage. G-53: any rear hit; 3d6 = 8 ≤ 8: the fuel ignites, a molotov on Fay: 4 more hits
    // to her, 2 to Hal beside her; her save is 5d6 against eDEX (29: soaked). Her hex burns.
    let mut g = tank_scene(&[], (2, 7), N);
    let ev = g.play(
        "Gus shoots Fay",
        &faces(&[&d3(10), &[4, 4], &d3(8), &d5(29)]),
    );
    let fay = g.id("Fay");
    let c = checks(&ev);
    assert!(
        c.contains(&(fay, "tank-ignites", 3, 8, 8, true, "SK-16.13-f")),
        "{c:?}"
    );
    let soak = c.iter().find(|c| c.1 == "not-soaked").expect("a soak roll");
    assert_eq!(
        (soak.0, soak.2, soak.3, soak.5, soak.6),
        (fay, 5, 29, false, "SK-16.13-f")
    );
    let d: Vec<(FigId, i16, &str)> = damages(&ev)
        .iter()
        .map(|d| (d.target, d.taken, d.rule))
        .collect();
    assert_eq!(
        d,
        [
            (fay, 8, "SK-12.3-b"),
            (fay, 4, "SK-16.13-f"),
            (g.id("Hal"), 2, "SK-16.13-f")
        ]
    );
    assert_eq!(g.fig("Fay").burning, 12);
    assert_eq!(fires(&g), [p(2, 4)]);
    assert_eq!(
        g.fig("Fay").weapons[0].unwrap().rounds,
        0,
        "the fuel is gone"
    );
}

#[test]
fn sk_16_13_f_a_roll_over_the_damage_or_a_front_hit_leaves_the_tank() {
    // From behind, 3d6 = 9 > 8: nothing.
    let mut g = tank_scene(&[], (2, 7), N);
    let ev = g.play("Gus shoots Fay", &faces(&[&d3(10), &[4, 4], &d3(9)]));
    assert!(fires(&g).is_empty());
    assert_eq!(damages(&ev).len(), 1);
    // From the front (Gus at [2, 1] facing S): no check at all.
    let mut g = tank_scene(&[], (2, 1), S);
    let ev = g.play("Gus shoots Fay", &faces(&[&d3(10), &[4, 4]]));
    assert!(checks(&ev).iter().all(|c| c.1 != "tank-ignites"));
}

#[test]
fn g_53_option_aimed_only_ignites_on_aimed_shots_only() {
    // sk.flame_thrower_ignition = "aimed_only": an ordinary rear hit rolls nothing.
    let mut g = tank_scene(
        &[("sk.flame_thrower_ignition", "\"aimed_only\"")],
        (2, 7),
        N,
    );
    let ev = g.play("Gus shoots Fay", &faces(&[&d3(10), &[4, 4]]));
    assert!(checks(&ev).iter().all(|c| c.1 != "tank-ignites"));
    // An aimed shot (SK-21.4-c) at her leg from behind does roll: a 5 is an automatic hit
    // (SK-12.1-c, ×1), 2d6 = 8; the tank's 3d6 = 18 > 8: it holds.
    let mut g = tank_scene(
        &[
            ("sk.flame_thrower_ignition", "\"aimed_only\""),
            ("sk.aimed_shots", "true"),
        ],
        (2, 7),
        N,
    );
    let ev = g.play(
        "Gus shoots Fay in the left leg",
        &faces(&[&d3(5), &[4, 4], &d3(18)]),
    );
    let fay = g.id("Fay");
    let c = checks(&ev);
    assert!(
        c.contains(&(fay, "tank-ignites", 3, 18, 8, false, "SK-16.13-f")),
        "{c:?}"
    );
}

/// A scenario under the creation rules; the loader's problems, if any.
fn strict_problems(equipment: &[&str]) -> Option<String> {
    let u = unit(
        "Ann",
        0,
        (0, 0),
        S,
        equipment,
        "str = 10, dex = 12, int = 10, flame_thrower = 1",
    );
    let v = unit("Bob", 1, (3, 3), N, &[], "str = 10, dex = 12, int = 10");
    let text = scenario_toml(&[("sk.creation", "\"strict\"")], &open(4, 4), &[], &[u, v]);
    let loader = fireteam_scenario::Loader::new()
        .schema(&fireteam_skirmish::schema::SkirmishSchema)
        .data_dir("../../../data");
    loader
        .load(&fireteam_scenario::SourceFile::new("t.toml", &text))
        .err()
        .map(|d| d.render_plain())
}

#[test]
fn sk_16_13_g_no_flame_thrower_with_a_backpack_or_a_battery_pack() {
    assert_eq!(strict_problems(&["flame-thrower"]), None);
    for other in ["full-backpack", "battery-pack"] {
        let e = strict_problems(&["flame-thrower", other]).expect("a breach");
        assert!(e.contains("SK-16.13-g") && e.contains(other), "{e}");
    }
}

// =============================================================================================
// SK-16.11-b/c: weapons on fire.
// =============================================================================================

/// Tor (side A, burning torch, STR 11) at [1, 1] facing S, next to Vic (side B) at [1, 2]
/// facing N, `vic` his stats. The action phase of turn 1, Tor to act.
fn torch_scene(vic: &str, vic_gear: &[&str], options: &[(&str, &str)]) -> Game {
    let units = [
        unit(
            "Tor",
            0,
            (1, 1),
            S,
            &["burning-torch"],
            "str = 11, dex = 12, int = 9",
        ),
        unit("Vic", 1, (1, 2), N, vic_gear, vic),
    ];
    let mut g = game(options, &open(4, 5), &[], &units);
    g.reach_actions(0);
    until(&mut g, "Tor");
    g
}

#[test]
fn sk_16_11_b_i_a_burning_torch_is_a_club_on_fire_and_armor_counts_in_full() {
    // STR 11: the one-handed club column, 1d6+1 (SK-16.15.1-T1), +2 on fire = 1d6+3; a 4 is
    // 7. Against a burning weapon leather keeps its full 2 (SK-16.11-i): 5 taken.
    let mut g = torch_scene("str = 30, dex = 12, int = 10", &["leather"], &[]);
    let ev = g.play("Tor attacks Vic", &faces(&[&d3(10), &[4]]));
    let d = damages(&ev);
    assert_eq!(
        (d[0].expr.as_str(), d[0].rolled, d[0].armor, d[0].taken),
        ("1d6+3", 7, 2, 5)
    );
    assert!(checks(&ev).is_empty(), "Vic is not flammable: no roll");
    assert_eq!(g.fig("Vic").on_fire, Blaze::None);
}

#[test]
fn sk_16_11_c_a_flaming_weapon_sets_a_flammable_target_alight_on_one_to_three() {
    // Vic is doused in gasoline (flammable = 1). A hit (1d6+3: 1 → 4), then 1d6: 3 sets half
    // his body alight (ours: half the body unless the hit was in a limb); 4 does not.
    let vic = "str = 30, dex = 12, int = 10, flammable = 1";
    let mut g = torch_scene(vic, &[], &[]);
    let ev = g.play("Tor attacks Vic", &faces(&[&d3(10), &[1], &[3]]));
    let vid = g.id("Vic");
    assert_eq!(
        checks(&ev),
        [(vid, "catch-fire", 1, 3, 3, true, "SK-16.11-c")]
    );
    assert_eq!(g.fig("Vic").on_fire, Blaze::Half);
    let mut g = torch_scene(vic, &[], &[]);
    g.play("Tor attacks Vic", &faces(&[&d3(10), &[1], &[4]]));
    assert_eq!(g.fig("Vic").on_fire, Blaze::None);
    // An aimed blow at his arm (SK-21.4-c) lights one limb.
    let mut g = torch_scene(vic, &[], &[("sk.aimed_shots", "true")]);
    let ev = g.play(
        "Tor strikes at Vic's other arm",
        &faces(&[&d3(5), &[1], &[2]]),
    );
    assert!(effects(&ev).contains(&(
        vid,
        Effect::OnFire {
            extent: Blaze::Limb,
            ran: false
        },
        "SK-16.11-c"
    )));
}

// =============================================================================================
// SK-16.11-T1, -d, -e, -f: a figure on fire.
// =============================================================================================

/// Figures of side A on fire (name, extent, stats) in a row along row 5 of a 14 × 12 map, facing
/// N; Zed of side B far off at [13, 0]. The state is set as a torch would leave it (SK-16.11-c,
/// tested above); turn 1 is next.
fn burning_scene(figs: &[(&str, Blaze, &str, &[&str])]) -> Game {
    let mut units: Vec<Unit> = figs
        .iter()
        .enumerate()
        .map(|(i, (n, _, st, gear))| unit(n, 0, (2 + 3 * i as i32, 5), N, gear, st))
        .collect();
    units.push(unit("Zed", 1, (13, 0), S, &[], PLAIN));
    let mut g = game(&[], &open(14, 12), &[], &units);
    for (n, b, _, _) in figs {
        let id = g.id(n);
        g.s.fig_mut(id).on_fire = *b;
    }
    g
}

const CALM: &str = "str = 30, dex = 12, int = 10";

#[test]
fn sk_16_11_f_the_int_check_not_to_run_is_3d6_4d6_5d6_by_extent() {
    // INT 10: a limb 3d6, half the body 4d6, the whole body 5d6; each rolls 10, a success.
    let mut g = burning_scene(&[
        ("Lim", Blaze::Limb, CALM, &[]),
        ("Haf", Blaze::Half, CALM, &[]),
        ("Who", Blaze::Whole, CALM, &[]),
    ]);
    let ev = start(&mut g, 0, &faces(&[&d3(10), &d4(10), &d5(10)]));
    let c: Vec<(FigId, u8, bool, &str)> =
        checks(&ev).iter().map(|c| (c.0, c.2, c.5, c.6)).collect();
    assert_eq!(
        c,
        [
            (g.id("Lim"), 3, true, "SK-16.11-f"),
            (g.id("Haf"), 4, true, "SK-16.11-f"),
            (g.id("Who"), 5, true, "SK-16.11-f")
        ]
    );
    // Passed: he may stand still, and stop, drop and roll is offered last.
    let t = g.texts();
    assert!(t.contains(&"Lim stands facing N".to_string()));
    assert_eq!(
        t.last().map(String::as_str),
        Some("Lim stops, drops and rolls")
    );
}

#[test]
fn sk_16_11_f_a_failed_check_means_a_full_move() {
    // 11 > INT 10: he must run: only moves of more than half his MOV 10 (6 hexes or more, a
    // Full Move, SK-10.7.6-a) are offered, no standing still, no rolling.
    let mut g = burning_scene(&[("Lim", Blaze::Limb, CALM, &[])]);
    let ev = start(&mut g, 0, &d3(11));
    let lim = g.id("Lim");
    assert!(effects(&ev).contains(&(lim, Effect::MustRun, "SK-16.11-f")));
    let legal = g.legal();
    assert!(!legal.is_empty());
    for a in &legal {
        match a {
            Action::Move { to, .. } => assert!(p(2, 5).distance(*to) >= 6, "{to}"),
            other => panic!("{} is not a run", Skirmish.action_text(&g.s, other)),
        }
    }
    // He runs 6 hexes; at the end of the turn a limb fanned by running is half the body
    // (SK-16.11-e), burning 1d6−2: 5 → 3.
    g.play("Lim moves to 8,5 facing N", &[]);
    let ev = finish(&mut g, &[5]);
    assert!(effects(&ev).contains(&(
        lim,
        Effect::OnFire {
            extent: Blaze::Half,
            ran: true
        },
        "SK-16.11-e"
    )));
    assert_eq!(burns(&ev), [(lim, "on-fire", 3, "SK-16.11-e")]);
    assert_eq!(g.fig("Lim").damage, 3);
    // SK-16.11-f: stopping once running is +1 die: half the body, 4 + 1 = 5 dice.
    let ev = start(&mut g, 0, &d5(10));
    assert_eq!(checks(&ev)[0].2, 5);
}

#[test]
fn sk_16_11_e_t1_running_with_the_whole_body_on_fire_burns_two_more() {
    // The whole body, 5d6 = 20 > 10: he runs; 1d6 + 2 = 4 + 2 = 6.
    let mut g = burning_scene(&[("Who", Blaze::Whole, CALM, &[])]);
    start(&mut g, 0, &d5(20));
    g.play("Who moves to 2,11 facing S", &[]);
    let ev = finish(&mut g, &[4]);
    let who = g.id("Who");
    assert_eq!(burns(&ev), [(who, "on-fire", 6, "SK-16.11-e")]);
    assert_eq!(g.fig("Who").on_fire, Blaze::Whole);
    assert!(g.fig("Who").fire_ran);
}

#[test]
fn sk_16_11_t1_each_extent_burns_its_dice_every_turn_until_put_out() {
    // Standing still: a limb 1d6−4 (a 6: 2; a 3: nothing, not the 1 of SK-12.3-c), half 1d6−2
    // (6: 4), the whole body 1d6 (6: 6).
    let mut g = burning_scene(&[
        ("Lim", Blaze::Limb, CALM, &[]),
        ("Haf", Blaze::Half, CALM, &[]),
        ("Who", Blaze::Whole, CALM, &[]),
    ]);
    start(&mut g, 0, &faces(&[&d3(3), &d4(4), &d5(5)]));
    let ev = finish(&mut g, &[6, 6, 6]);
    let b: Vec<i16> = burns(&ev).iter().map(|b| b.2).collect();
    assert_eq!(b, [2, 4, 6]);
    assert_eq!(
        (
            g.fig("Lim").damage,
            g.fig("Haf").damage,
            g.fig("Who").damage
        ),
        (2, 4, 6)
    );
    start(&mut g, 0, &faces(&[&d3(3), &d4(4), &d5(5)]));
    let ev = finish(&mut g, &[3, 1, 1]);
    let b: Vec<i16> = burns(&ev).iter().map(|b| b.2).collect();
    assert_eq!(b, [0, 0, 1]);
    assert_eq!(damages(&ev).len(), 1, "no hit of 0 or less: {ev:#?}");
}

#[test]
fn sk_16_11_i_a_figure_on_fire_meets_medieval_armor_at_half() {
    // Immolated: steel (5, medieval) stops 2; ceramic (13, modern full body armor) all of a
    // whole-body 1d6 = 6.
    let mut g = burning_scene(&[
        ("Ste", Blaze::Whole, CALM, &["steel"]),
        ("Cer", Blaze::Whole, CALM, &["ceramic"]),
    ]);
    start(&mut g, 0, &faces(&[&d5(5), &d5(5)]));
    let ev = finish(&mut g, &[6, 6]);
    let d: Vec<(i16, i16, &str)> = damages(&ev)
        .iter()
        .map(|d| (d.armor, d.taken, d.rule))
        .collect();
    assert_eq!(d, [(2, 4, "SK-16.11-i"), (13, 0, "SK-16.11-i")]);
}

#[test]
fn sk_16_11_d_stop_drop_and_roll_puts_it_out_after_one_more_turn() {
    // Half the body: he rolls (prone, the whole turn); the turn's 1d6−2 burns him (5: 3), then
    // the fire is out; the next turn there is no check and no burn.
    let mut g = burning_scene(&[("Haf", Blaze::Half, CALM, &[])]);
    start(&mut g, 0, &d4(8));
    let ev = g.play("Haf stops, drops and rolls", &[]);
    let haf = g.id("Haf");
    assert!(effects(&ev).contains(&(haf, Effect::Rolling, "SK-16.11-d")));
    assert_eq!(posture(&g, "Haf"), Posture::Prone);
    let ev = finish(&mut g, &[5]);
    assert_eq!(burns(&ev), [(haf, "on-fire", 3, "SK-16.11-T1")]);
    assert!(effects(&ev).contains(&(
        haf,
        Effect::OnFire {
            extent: Blaze::None,
            ran: false
        },
        "SK-16.11-d"
    )));
    let ev = start(&mut g, 0, &[]);
    assert!(checks(&ev).is_empty());
    assert!(burns(&finish(&mut g, &[])).is_empty());
}

#[test]
fn sk_16_11_d_an_allys_help_puts_it_out_before_it_burns() {
    // Haf rolls; Ally next to him spends his action helping: the fire is out at once, and the
    // end of the turn burns nothing.
    let units = [
        unit("Haf", 0, (2, 5), N, &[], CALM),
        unit("Ally", 0, (2, 6), N, &[], CALM),
        unit("Zed", 1, (13, 0), S, &[], PLAIN),
    ];
    let mut g = game(&[], &open(14, 12), &[], &units);
    let haf = g.id("Haf");
    g.s.fig_mut(haf).on_fire = Blaze::Half;
    start(&mut g, 0, &d4(8));
    movement(&mut g, &[("Haf", "Haf stops, drops and rolls", &[])]);
    until(&mut g, "Ally");
    let ev = g.act("Ally helps Haf put out his fire");
    assert!(effects(&ev).contains(&(
        haf,
        Effect::OnFire {
            extent: Blaze::None,
            ran: false
        },
        "SK-16.11-d"
    )));
    assert!(burns(&finish(&mut g, &[])).is_empty());
    assert_eq!(g.fig("Haf").damage, 0);
}

#[test]
fn g_52_rolling_does_not_put_out_a_molotov_soak() {
    // A soaked figure (SK-16.12-k: only water or an extinguisher) is not offered the roll.
    let mut g = burning_scene(&[("Soa", Blaze::None, CALM, &[])]);
    let id = g.id("Soa");
    g.s.fig_mut(id).burning = 11;
    start(&mut g, 0, &[]);
    assert!(!g.can("Soa stops, drops and rolls"));
}

// =============================================================================================
// SK-16.11-g/h: burning hexes set by the scenario (terrain `fire`).
// =============================================================================================

/// Vic (side A, `gear`, INT 10) at [1, 0] facing S above a walled column of `col` (one character
/// a row from row 1: F burning, C hot coals, . open); Zed (side B) at the foot of the map. Turn
/// 1's movement is next.
fn hex_scene(col: &str, gear: &[&str], options: &[(&str, &str)]) -> Game {
    // Walls on both sides keep every move in the column.
    let mut lines = vec!["...".to_string()];
    for c in col.chars() {
        lines.push(format!("#{c}#"));
    }
    lines.push("...".to_string());
    let units = [
        unit("Vic", 0, (1, 0), S, gear, CALM),
        unit("Zed", 1, (0, lines.len() as i32 - 1), N, &[], PLAIN),
    ];
    let mut g = game(
        options,
        &lines,
        &[('F', "burning"), ('C', "coals"), ('#', "wall-2m")],
        &units,
    );
    g.start_turn(0);
    g
}

#[test]
fn sk_16_11_g_h_through_two_burning_hexes_is_one_d6_minus_two() {
    // The 3d6 INT check to enter (10 ≤ 10), then through [1, 1] and [1, 2]: 1d6−4, +2 for the
    // second hex = 1d6−2: a 6 is 4 hits. He stops on open ground: nothing at the end of turn.
    let mut g = hex_scene("FF..", &[], &[]);
    let ev = movement(
        &mut g,
        &[("Vic", "Vic moves to 1,3 facing S", &faces(&[&d3(10), &[6]]))],
    );
    let vic = g.id("Vic");
    assert_eq!(
        checks(&ev),
        [(vic, "enter-fire", 3, 10, 10, true, "SK-16.11-h")]
    );
    assert_eq!(burns(&ev), [(vic, "through-burning", 4, "SK-16.11-g")]);
    assert_eq!(g.fig("Vic").damage, 4);
    assert!(burns(&finish(&mut g, &[])).is_empty());
}

#[test]
fn sk_16_11_g_stopping_in_a_burning_hex_then_staying_put() {
    // Stopping in [1, 1]: 1d6−2, 5 → 3. The next turn he checks 3d6 against INT to stay (9:
    // stays), stands still, and takes 1d6 at the end of the turn: 4.
    let mut g = hex_scene("F...", &[], &[]);
    let ev = movement(
        &mut g,
        &[("Vic", "Vic moves to 1,1 facing S", &faces(&[&d3(10), &[5]]))],
    );
    let vic = g.id("Vic");
    assert_eq!(burns(&ev), [(vic, "stop-in-burning", 3, "SK-16.11-g")]);
    assert!(
        burns(&finish(&mut g, &[])).is_empty(),
        "stopping is this turn's burn"
    );
    let ev = start(&mut g, 0, &d3(9));
    assert_eq!(
        checks(&ev),
        [(vic, "stay-in-fire", 3, 9, 10, true, "SK-16.11-h")]
    );
    let ev = finish(&mut g, &[4]);
    assert_eq!(burns(&ev), [(vic, "stay-in-burning", 4, "SK-16.11-g")]);
    assert_eq!(g.fig("Vic").damage, 7);
}

#[test]
fn sk_16_11_g_hot_coals_add_a_die() {
    // Through coals then a burning hex, stopping on open ground: 1d6−4 +2 +1d6 (coals) =
    // 2d6−2: [6, 5] → 9. Stopping in coals: 2d6−2: [3, 4] → 5.
    let mut g = hex_scene("CF..", &[], &[]);
    let ev = movement(
        &mut g,
        &[(
            "Vic",
            "Vic moves to 1,3 facing S",
            &faces(&[&d3(10), &[6, 5]]),
        )],
    );
    assert_eq!(burns(&ev)[0].2, 9);
    let mut g = hex_scene("C...", &[], &[]);
    let ev = movement(
        &mut g,
        &[(
            "Vic",
            "Vic moves to 1,1 facing S",
            &faces(&[&d3(10), &[3, 4]]),
        )],
    );
    assert_eq!(burns(&ev)[0].2, 5);
}

#[test]
fn sk_16_11_h_a_failed_check_stops_the_move_before_the_burning_hex() {
    // 11 > INT 10: he stops before [1, 2], in [1, 1], unhurt.
    let mut g = hex_scene(".F..", &[], &[]);
    let ev = movement(&mut g, &[("Vic", "Vic moves to 1,4 facing S", &d3(11))]);
    assert_eq!(g.fig("Vic").pos, p(1, 1));
    assert!(burns(&ev).is_empty());
    assert_eq!(g.fig("Vic").damage, 0);
}

#[test]
fn sk_16_11_h_a_failed_check_to_stay_means_leaving_the_hex() {
    // He stands in [1, 1] burning at the start of turn 2; 12 > 10: he must leave: no standing
    // still, no move to another burning hex ([1, 2]).
    let mut g = hex_scene("FF..", &[], &[]);
    movement(
        &mut g,
        &[("Vic", "Vic moves to 1,1 facing S", &faces(&[&d3(10), &[1]]))],
    );
    finish(&mut g, &[]);
    let ev = start(&mut g, 0, &d3(12));
    let vic = g.id("Vic");
    assert!(effects(&ev).contains(&(vic, Effect::MustLeave, "SK-16.11-h")));
    let t = g.texts();
    assert!(!t.iter().any(|t| t.starts_with("Vic stands")), "{t:?}");
    assert!(
        !t.iter().any(|t| t.starts_with("Vic moves to 1,2 ")),
        "{t:?}"
    );
    assert!(t.contains(&"Vic moves to 1,0 facing N".to_string()));
}

#[test]
fn sk_16_11_h_option_the_check_for_every_fire_or_burning_hexes_only() {
    // A molotov's fire hex at [1, 1] (as a molotov leaves it, SK-16.12-j). Default
    // ("every_fire"): the 3d6 INT check to enter it, then the molotov's 4 for stopping.
    // "burning_hexes": no check.
    for (opt, check) in [("\"every_fire\"", true), ("\"burning_hexes\"", false)] {
        let mut g = hex_scene("....", &[], &[("sk.fire_int_check", opt)]);
        g.s.fires.push(Fire {
            pos: p(1, 1),
            turns_left: 10,
            incendiary: false,
        });
        let dice: Vec<i64> = if check { d3(10).to_vec() } else { vec![] };
        let ev = movement(&mut g, &[("Vic", "Vic moves to 1,1 facing S", &dice)]);
        assert_eq!(!checks(&ev).is_empty(), check, "{opt}");
        assert_eq!(g.fig("Vic").damage, 4);
    }
}

#[test]
fn sk_16_11_i_inside_a_burning_hex_medieval_armor_counts_half() {
    // Stopping in a burning hex: 1d6−2 = 6 − 2 = 4. Steel (5, medieval) stops 2: 2 taken;
    // ceramic (13, modern) all of it; a kevlar vest (10) a third, 3 (G-28): 1.
    for (gear, armor, taken) in [("steel", 2, 2), ("ceramic", 13, 0), ("kevlar-vest", 3, 1)] {
        let mut g = hex_scene("F...", &[gear], &[]);
        let ev = movement(
            &mut g,
            &[("Vic", "Vic moves to 1,1 facing S", &faces(&[&d3(10), &[6]]))],
        );
        let d = damages(&ev);
        assert_eq!(
            (d[0].rolled, d[0].armor, d[0].taken),
            (4, armor, taken),
            "{gear}"
        );
    }
}

#[test]
fn sk_16_12_n_a_burning_hex_makes_smoke() {
    // Gus fires through the burning [1, 2] at Zed: −1 for the smoke hex (SK-17.4-a, G-52).
    let units = [
        unit("Gus", 0, (1, 0), S, &["pistol"], GUNNER),
        unit("Zed", 1, (1, 4), N, &[], PLAIN),
    ];
    let mut g = game(
        &[],
        &rows(&["...", "...", ".F.", "...", "..."]),
        &[('F', "burning")],
        &units,
    );
    g.reach_actions(0);
    until(&mut g, "Gus");
    let ev = g.play("Gus shoots Zed", &d3(16));
    let r = roll(&ev);
    r.assert_mod("smoke", -1, "SK-17.4-a");
    assert_eq!(r.target_number, 11);
}

// =============================================================================================
// SK-16.12-j/k/l: molotov fire hexes, the extinguisher, deep water.
// =============================================================================================

#[test]
fn sk_16_12_j_stopping_in_a_molotov_fire_is_not_burned_twice_that_turn() {
    // Stopping in the fire: 4 hits (SK-16.12-j). The end of that turn adds nothing (it was this
    // turn's burn); staying the next turn: 4 behind full body armor (ours, G-52).
    let mut g = hex_scene("....", &[], &[("sk.fire_int_check", "\"burning_hexes\"")]);
    g.s.fires.push(Fire {
        pos: p(1, 1),
        turns_left: 10,
        incendiary: false,
    });
    movement(&mut g, &[("Vic", "Vic moves to 1,1 facing S", &[])]);
    assert_eq!(g.fig("Vic").damage, 4);
    finish(&mut g, &[]);
    assert_eq!(g.fig("Vic").damage, 4);
    start(&mut g, 0, &[]);
    let ev = finish(&mut g, &[]);
    let vic = g.id("Vic");
    assert_eq!(burns(&ev), [(vic, "stay-in-fire", 4, "SK-16.12-j")]);
    assert_eq!(g.fig("Vic").damage, 8);
}

/// Ext (side A, fire extinguisher, a pistol in hand) at [1, 1]; Soa (side A) soaked at [1, 2];
/// Zed (side B) far off. The action phase of turn 1, Ext to act.
fn extinguisher_scene(incendiary: bool) -> Game {
    let units = [
        unit(
            "Ext",
            0,
            (1, 1),
            S,
            &["pistol", "fire-extinguisher"],
            GUNNER,
        ),
        unit("Soa", 0, (1, 2), N, &[], CALM),
        unit("Zed", 1, (4, 8), N, &[], PLAIN),
    ];
    let mut g = game(&[], &open(6, 10), &[], &units);
    let soa = g.id("Soa");
    g.s.fig_mut(soa).burning = 11;
    g.s.fig_mut(soa).soak_incendiary = incendiary;
    g.s.fires.push(Fire {
        pos: p(1, 2),
        turns_left: 11,
        incendiary,
    });
    // Soa stands in the fire: his INT check to stay (SK-16.11-h), 5 ≤ 10.
    start(&mut g, 0, &d3(5));
    g.stand_all();
    until(&mut g, "Ext");
    g
}

#[test]
fn sk_16_12_k_l_the_extinguisher_puts_out_a_soak_and_the_fire_hex_once() {
    // No need to ready it (ours: drawing and spraying is the action); it puts out Soa's soak
    // and the fire hex under him, and is used up.
    let mut g = extinguisher_scene(false);
    let ev = g.act("Ext sprays the fire extinguisher at 1,2");
    let soa = g.id("Soa");
    let e = effects(&ev);
    assert!(e.contains(&(soa, Effect::FireOut, "SK-16.12-k")));
    assert!(e.contains(&(
        g.id("Ext"),
        Effect::ItemSpent {
            item: fireteam_skirmish::data::ItemKind::Extinguisher
        },
        "SK-16.12-k"
    )));
    assert_eq!(g.fig("Soa").burning, 0);
    assert!(fires(&g).is_empty());
    assert!(!g
        .fig("Ext")
        .has_item(fireteam_skirmish::data::ItemKind::Extinguisher));
    assert!(burns(&finish(&mut g, &[])).is_empty());
    assert_eq!(g.fig("Soa").damage, 0);
}

#[test]
fn sk_16_12_p_an_incendiary_fire_cannot_be_put_out() {
    let g = extinguisher_scene(true);
    assert!(
        !g.texts().iter().any(|t| t.contains("extinguisher")),
        "{:?}",
        g.texts()
    );
}

#[test]
fn sk_16_12_k_diving_into_deep_water_puts_out_a_soak() {
    let units = [
        unit("Soa", 0, (1, 0), S, &[], CALM),
        unit("Zed", 1, (0, 3), N, &[], PLAIN),
    ];
    let mut g = game(
        &[],
        &rows(&["...", "...", ".w.", "..."]),
        &[('w', "water-deep")],
        &units,
    );
    let soa = g.id("Soa");
    g.s.fig_mut(soa).burning = 12;
    g.start_turn(0);
    let ev = movement(&mut g, &[("Soa", "Soa moves to 1,2 facing S", &[])]);
    assert!(effects(&ev).contains(&(soa, Effect::FireOut, "SK-16.12-k")));
    assert_eq!(g.fig("Soa").burning, 0);
}

// =============================================================================================
// SK-16.13-b/c: the canonical shapes, for any firer and target (property test).
// =============================================================================================

/// Whether `hexes` are connected (SK-16.13-c: "connected").
fn connected(hexes: &[Pos]) -> bool {
    let mut seen = vec![hexes[0]];
    let mut k = 0;
    while k < seen.len() {
        let h = seen[k];
        for &o in hexes {
            if o.distance(h) == 1 && !seen.contains(&o) {
                seen.push(o);
            }
        }
        k += 1;
    }
    seen.len() == hexes.len()
}

proptest::proptest! {
    #[test]
    fn sk_16_13_b_c_every_burst_is_connected_and_places_its_counters_as_the_book_says(
        fc in 0i16..24, fr in 0i16..24, tc in 6i16..18, tr in 6i16..18,
    ) {
        use fireteam_skirmish::action::Burst;
        use fireteam_skirmish::attack::flame::{burst_allowed, burst_hexes};
        let (firer, target) = (p(fc, fr), p(tc, tr));
        proptest::prop_assume!(firer != target);
        let g = game(
            &[],
            &open(24, 24),
            &[],
            &[unit("A", 0, (0, 0), S, &[], PLAIN), unit("B", 1, (23, 23), N, &[], PLAIN)],
        );
        for burst in Burst::ALL {
            let size = if burst.large() { 7 } else { 3 };
            let hit = burst_hexes(&g.s, firer, target, burst, true);
            let miss = burst_hexes(&g.s, firer, target, burst, false);
            // Never the firer's own hex; a shape is offered exactly when its hit can be laid.
            proptest::prop_assert!(!hit.contains(&firer) && !miss.contains(&firer));
            let allowed = burst_allowed(&g.s, firer, target, burst);
            proptest::prop_assert_eq!(allowed, !hit.is_empty());
            // Only the ring around an adjacent target cannot be laid.
            proptest::prop_assert_eq!(
                allowed,
                !(burst == Burst::LargeRing && firer.distance(target) == 1)
            );
            // The target is at least 6 hexes from every edge: every counter is on the map.
            let shapes = if allowed {
                vec![(&hit, true), (&miss, false)]
            } else {
                vec![(&miss, false)]
            };
            for (hexes, is_hit) in shapes {
                let mut distinct = hexes.to_vec();
                distinct.sort();
                distinct.dedup();
                proptest::prop_assert_eq!(distinct.len(), size);
                proptest::prop_assert!(connected(hexes));
                // A hit may burn the target's hex; a miss never does, and burns next to him.
                proptest::prop_assert_eq!(hexes.contains(&target), is_hit);
                if !is_hit {
                    proptest::prop_assert!(hexes.iter().any(|h| h.distance(target) == 1));
                }
            }
        }
    }
}

// =============================================================================================
// SK-16.12-h/p: the molotov's and the incendiary's hits.
// =============================================================================================

/// Ash (Thrown Weapons) at [1, 0] facing S with `grenade`; Bay at `bay`, Cal next to him at
/// `cal`, Dan at `dan`, all of side B. The action phase of turn 1, Ash to act.
fn grenade_scene(grenade: &str, bay: (i32, i32), cal: (i32, i32), dan: (i32, i32)) -> Game {
    let units = [
        unit(
            "Ash",
            0,
            (1, 0),
            S,
            &[grenade],
            "str = 10, dex = 12, int = 10, thrown_weapons = 1",
        ),
        unit("Bay", 1, bay, N, &[], PLAIN),
        unit("Cal", 1, cal, N, &[], PLAIN),
        unit("Dan", 1, dan, N, &[], PLAIN),
    ];
    let mut g = game(&[], &open(5, 9), &[], &units);
    g.reach_actions(0);
    until(&mut g, "Ash");
    g
}

#[test]
fn sk_16_12_h_i_a_molotov_does_four_in_its_hex_and_two_around() {
    // 3 hexes, 1 MH: 12 + 2 (Thrown Weapons) − 1 = 13; 10 lands on Bay's hex. Bay 4 and a 4d6
    // roll not to be soaked (8 ≤ 12); Cal next to him ([2, 3]) 2; Dan two hexes off ([1, 5])
    // nothing. The hex burns 12 turns.
    let mut g = grenade_scene("molotov", (1, 3), (2, 3), (1, 5));
    let ev = g.play("Ash throws the Molotov at 1,3", &faces(&[&d3(10), &d4(8)]));
    assert_eq!(roll(&ev).target_number, 13);
    let d: Vec<(FigId, i16, &str)> = damages(&ev)
        .iter()
        .map(|d| (d.target, d.taken, d.rule))
        .collect();
    assert_eq!(
        d,
        [
            (g.id("Bay"), 4, "SK-16.12-h"),
            (g.id("Cal"), 2, "SK-16.12-h")
        ]
    );
    assert_eq!(
        checks(&ev),
        [(g.id("Bay"), "not-soaked", 4, 8, 12, true, "SK-16.12-i")]
    );
    assert_eq!(fires(&g), [p(1, 3)]);
    assert_eq!(g.s.fires[0].turns_left, 12);
}

#[test]
fn sk_16_12_p_an_incendiary_does_eight_in_its_multihex_and_four_around() {
    // 4 hexes, 2 MH: 12 + 2 − 2 = 12; 10 lands on Bay's hex; it goes off at the end of the turn
    // (SK-16.12-g): Bay 8, Cal in the multihex 8, Dan two hexes off 4 (G-51). Bay and Cal, both
    // in the MH the burning material covers, roll 4d6 not to be soaked (8 ≤ 12, 8 ≤ 12). The
    // whole MH burns, incendiary; lit this turn it burns nobody more at its end.
    let mut g = grenade_scene("incendiary-grenade", (1, 4), (2, 4), (1, 6));
    let ev = g.play("Ash throws the Incendiary grenade at 1,4", &d3(10));
    assert_eq!(roll(&ev).target_number, 12);
    assert!(damages(&ev).is_empty(), "it waits for the end of the turn");
    let ev = finish(&mut g, &faces(&[&d4(8), &d4(8)]));
    let d: Vec<(FigId, i16, &str)> = damages(&ev)
        .iter()
        .map(|d| (d.target, d.rolled as i16, d.rule))
        .collect();
    assert_eq!(
        d,
        [
            (g.id("Bay"), 8, "SK-16.12-p"),
            (g.id("Cal"), 8, "SK-16.12-p"),
            (g.id("Dan"), 4, "SK-16.12-p")
        ]
    );
    let soaks: Vec<FigId> = checks(&ev).iter().map(|c| c.0).collect();
    assert_eq!(soaks, [g.id("Bay"), g.id("Cal")]);
    assert_eq!(fires(&g), multihex(p(1, 4)));
    let turns = g.s.fires[0].turns_left;
    assert!(g
        .s
        .fires
        .iter()
        .all(|f| f.incendiary && f.turns_left == turns));
    assert!(burns(&ev).is_empty());
}

#[test]
fn sk_16_13_c_a_burst_at_the_map_edge_turns_to_keep_its_counters() {
    // Bob at the bottom edge ([2, 9] of a 10-row map). A miss overshoots off the map, so the
    // shape turns and still lays its 3 counters next to him. A hit: the line cannot run on
    // south beyond him (1 hex left), nor south-west or south-east (2 each), so it turns two
    // hex-sides, north-west: [2, 9], [1, 8], [0, 8].
    let units = [
        unit("Ann", 0, (2, 5), S, &["flame-thrower"], FLAMER),
        unit("Bob", 1, (2, 9), N, &[], PLAIN),
    ];
    let mut g = game(&[], &open(6, 10), &[], &units);
    g.reach_actions(0);
    until(&mut g, "Ann");
    let ev = g.play("Ann fires a small burst in a line at Bob", &d3(15));
    let (hit, hexes) = burst(&ev);
    assert!(!hit);
    assert_eq!(hexes.len(), 3, "{hexes:?}");
    assert!(!hexes.contains(&p(2, 9)));
    assert!(hexes.iter().any(|h| h.distance(p(2, 9)) == 1));
    let mut g = game(&[], &open(6, 10), &[], &units);
    g.reach_actions(0);
    until(&mut g, "Ann");
    let ev = g.play(
        "Ann fires a small burst in a line at Bob",
        &faces(&[&d3(10), &d4(10)]),
    );
    assert_eq!(burst(&ev), (true, vec![p(0, 8), p(1, 8), p(2, 9)]));
}

// =============================================================================================
// SK-16.12-p: an incendiary's fire covers the MH it lands in.
// =============================================================================================

/// The incendiary's MH: the landing hex and its six neighbours, sorted.
fn multihex(at: Pos) -> Vec<Pos> {
    let mut v = vec![at];
    v.extend((0..6).map(|d| at.neighbour(d)));
    v.sort();
    v
}

#[test]
fn sk_16_12_p_a_figure_who_stops_in_the_incendiarys_multihex_takes_eight() {
    // The incendiary of the test above burns the whole MH around [1, 4] (SK-16.12-p: "spreads a
    // burning material … into the MH it lands in"). Turn 2: Dan walks from [1, 6] into [1, 5],
    // a hex of that MH: the INT check to enter a fire (3d6: 10 ≤ 10, SK-16.11-h), then 8 hits for
    // stopping in an incendiary fire, against no armor: 12 with the blast's 4.
    let mut g = grenade_scene("incendiary-grenade", (1, 4), (2, 4), (1, 6));
    g.play("Ash throws the Incendiary grenade at 1,4", &d3(10));
    finish(&mut g, &faces(&[&d4(8), &d4(8)]));
    assert_eq!(fires(&g), multihex(p(1, 4)));
    // Bay and Cal, in the fire, check INT to stay (9, 9: they stay).
    start(&mut g, 1, &faces(&[&d3(9), &d3(9)]));
    let ev = movement(&mut g, &[("Dan", "Dan moves to 1,5 facing N", &d3(10))]);
    let dan = g.id("Dan");
    assert_eq!(
        checks(&ev),
        [(dan, "enter-fire", 3, 10, 10, true, "SK-16.11-h")]
    );
    assert_eq!(burns(&ev), [(dan, "stop-in-fire", 8, "SK-16.12-p")]);
    assert_eq!(g.fig("Dan").damage, 12);
}

// =============================================================================================
// SK-16.12-m: every fire hit of a turn adds up before armor.
// =============================================================================================

#[test]
fn sk_16_12_m_the_burns_at_the_end_of_a_turn_add_up_before_armor() {
    // Vic in steel (5, medieval: 2 against immolation, SK-16.11-i) stops in the burning hex
    // [1, 1] (1d6−2: a 1, nothing). Turn 2 he is on fire, the whole body, and stays put: at the
    // end of the turn his fire burns 1d6 = 6 and the hex 1d6 = 6. Added before armor: 12 − 2 =
    // 10 (each apart would be 4 + 4 = 8). The steel stops its 2 on the first burn; the second
    // meets what is left of it, nothing.
    let mut g = hex_scene("F...", &["steel"], &[]);
    movement(
        &mut g,
        &[("Vic", "Vic moves to 1,1 facing S", &faces(&[&d3(10), &[1]]))],
    );
    finish(&mut g, &[]);
    let vic = g.id("Vic");
    g.s.fig_mut(vic).on_fire = Blaze::Whole;
    // The INT checks: not to run (5d6: 5) and to stay in the fire (3d6: 9).
    start(&mut g, 0, &faces(&[&d5(5), &d3(9)]));
    let ev = finish(&mut g, &[6, 6]);
    let d: Vec<(i16, i16)> = damages(&ev).iter().map(|d| (d.armor, d.taken)).collect();
    assert_eq!(d, [(2, 4), (0, 6)]);
    assert_eq!(g.fig("Vic").damage, 10);
}

#[test]
fn sk_16_12_k_m_a_soaked_figure_past_his_first_turn_has_no_armor_against_any_fire() {
    // Vic in ceramic (13, full body armor) stands in a molotov fire lit before this turn,
    // soaked a turn ago (11 turns left). "Full body armor … will only protect a soaked figure
    // for one turn" (SK-16.12-k): the soak's 4 and the fire's 4 for staying (G-52) add up to 8
    // (SK-16.12-m), and no armor stops any of it.
    let mut g = hex_scene("....", &["ceramic"], &[]);
    let vic = g.id("Vic");
    g.s.fires.push(Fire {
        pos: p(1, 0),
        turns_left: 10,
        incendiary: false,
    });
    g.s.fig_mut(vic).burning = 11;
    let ev = finish(&mut g, &[]);
    let d: Vec<(i16, i16)> = damages(&ev).iter().map(|d| (d.armor, d.taken)).collect();
    assert_eq!(d, [(0, 4), (0, 4)]);
    assert_eq!(g.fig("Vic").damage, 8);
}

// =============================================================================================
// SK-14.3-a, G-27: shielding and energy shields against fire.
// =============================================================================================

/// Ash throws a molotov at Bay 3 hexes south (12 + 2 − 1 = 13; a 10 lands it), Bay wearing
/// `bay_gear`; it burns at once (SK-16.12-g).
fn molotov_on(opts: &[(&str, &str)], bay_gear: &[&str], faces_after: &[i64]) -> Vec<Event> {
    let units = [
        unit(
            "Ash",
            0,
            (1, 0),
            S,
            &["molotov"],
            "str = 10, dex = 12, int = 10, thrown_weapons = 1",
        ),
        unit("Bay", 1, (1, 3), N, bay_gear, PLAIN),
    ];
    let mut g = game(opts, &open(3, 6), &[], &units);
    g.reach_actions(0);
    until(&mut g, "Ash");
    g.play(
        "Ash throws the Molotov at 1,3",
        &faces(&[&d3(10), faces_after]),
    )
}

#[test]
fn sk_14_3_a_g_27_shielding_stops_r_times_three_and_a_half_fixed_fire_hits() {
    // The molotov's 4 hits on Bay in a spacesuit: its body armor 1, and its R1 shielding
    // against fire's fixed hits, R × 3.5 rounded down = 3 (G-27): nothing gets through. Then
    // his 4d6 not to be soaked (8 ≤ 12).
    let ev = molotov_on(&[], &["spacesuit-armor"], &d4(8));
    let d: Vec<(i16, i16)> = damages(&ev).iter().map(|d| (d.armor, d.taken)).collect();
    assert_eq!(d, [(4, 0)]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::FireShielded {
            r: 1,
            dice: 0,
            hits: 3,
            ..
        }
    )));
}

#[test]
fn sk_14_3_b_option_roll_and_subtract_rolls_r_dice_against_fire() {
    // `sk.shielding = "roll_and_subtract"` (SK-14.3-b): R1 rolls 1d6 (a 2) and stops that many
    // as armor does: 4 − (1 + 2) = 1.
    let ev = molotov_on(
        &[("sk.shielding", "\"roll_and_subtract\"")],
        &["spacesuit-armor"],
        &faces(&[&[2], &d4(8)]),
    );
    let d: Vec<(i16, i16)> = damages(&ev).iter().map(|d| (d.armor, d.taken)).collect();
    assert_eq!(d, [(3, 1)]);
}

#[test]
fn sk_14_3_a_g_27_shielding_takes_r_dice_off_a_rolled_fire() {
    // Vic in a spacesuit (R1) stops in a burning hex: 1d6−2 less one die is 0d6−2: no die is
    // rolled and nothing burns him (G-27: R dice off fire's rolled damage).
    let mut g = hex_scene("F...", &["spacesuit-armor"], &[]);
    let ev = movement(&mut g, &[("Vic", "Vic moves to 1,1 facing S", &d3(10))]);
    let vic = g.id("Vic");
    assert_eq!(burns(&ev), [(vic, "stop-in-burning", 0, "SK-16.11-g")]);
    assert_eq!(g.fig("Vic").damage, 0);
}

#[test]
fn sk_14_3_a_g_27_an_energy_shield_guards_its_field_against_fire() {
    // Vic switches on his Deflector (R2; 3d6: a 10 holds, SK-14.3-e) and stops in a burning
    // hex: energy shields protect against fire (SK-14.3-a), coming from outside the field: 1d6−2
    // less two dice: nothing is rolled.
    let mut g = hex_scene("F...", &["deflector"], &[]);
    g.play("Vic switches his energy shield on", &d3(10));
    let ev = movement(&mut g, &[("Vic", "Vic moves to 1,1 facing S", &d3(10))]);
    let vic = g.id("Vic");
    assert_eq!(burns(&ev), [(vic, "stop-in-burning", 0, "SK-16.11-g")]);
}
