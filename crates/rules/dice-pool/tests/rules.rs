//! Every table and rule of the dice-pool page played through the engine with forced dice: each
//! test sets up a small battle, scripts the faces, and checks the pool, difficulty, total and
//! outcome against a hand calculation from the book (and the GAPS.md default where the book is
//! silent). Weapons and characters are the INVENTED sample data of GAPS.md Part D.

use fireteam_dice::ScriptedSource;
use fireteam_dice_pool::data::sample;
use fireteam_dice_pool::event::Event;
use fireteam_dice_pool::resolve::{AttackRoll, DamageRoll};
use fireteam_dice_pool::setup::sample_field;
use fireteam_dice_pool::state::{Pos, Stance};
use fireteam_dice_pool::{Action, DicePool, Options, Setup, State, UnitSetup};
use fireteam_engine::{Battle, RuleSystem};

/// Weapon indices of [`setup`].
const PISTOL: u16 = 0;
const RIFLE: u16 = 1;
const SMG: u16 = 2;
const KNIFE: u16 = 3;
const REVOLVER: u16 = 5;

/// Anna (Dex 4, Firearms 5, Melee 3, Throwing 4, Dodge 2, PR 3, Armor 1) at 1,1 against Ben
/// (Dex 2, Firearms 3, Melee 4, Throwing 2, Dodge 3, PR 4, Armor 0) at `ben`, on `rows`.
fn setup(rows: &[&str], ben: Pos, opts: Options) -> Setup {
    let unit = |name: &str, side, stats, pos, weapons: Vec<u16>| UnitSetup {
        name: name.into(),
        side,
        stats,
        size: Default::default(),
        pos,
        stance: Stance::Standing,
        weapons,
    };
    Setup {
        options: opts,
        field: sample_field(rows),
        weapons: vec![
            sample::pistol(),
            sample::rifle(),
            sample::smart_smg(),
            sample::knife(),
            sample::grenade(),
            sample::revolver(),
        ],
        sides: vec!["Red".into(), "Blue".into()],
        units: vec![
            unit(
                "Anna",
                0,
                sample::anna(),
                Pos { col: 1, row: 1 },
                vec![0, 1, 2, 3, 4, 5],
            ),
            unit("Ben", 1, sample::ben(), ben, vec![0, 3]),
        ],
        max_turns: 5,
    }
}

const OPEN: &[&str] = &[
    "............................",
    "............................",
    "............................",
];

/// A battle on open ground with Ben `cols` metres east of Anna on her row, Anna holding
/// `ready` (no drawing), and the first turn started: Anna 6 + 4 = 10 (an extra action), Ben
/// 1 + 2 = 3, so Anna acts first.
fn start(cols: u16, ready: Option<u16>, opts: Options) -> Battle<'static, DicePool> {
    let mut state = setup(
        OPEN,
        Pos {
            col: 1 + cols,
            row: 1,
        },
        opts,
    )
    .build();
    state.units[0].ready = ready;
    begin(state)
}

fn begin(state: State) -> Battle<'static, DicePool> {
    let mut b = Battle::new(&DicePool, state);
    play(&mut b, "start turn 1", &[6, 1]);
    b
}

fn play(b: &mut Battle<'_, DicePool>, text: &str, faces: &[i64]) -> Vec<Event> {
    let action = DicePool
        .parse_action(b.state(), text)
        .unwrap_or_else(|e| panic!("{text}: {e}: {:?}", e.suggestions));
    let mut dice = ScriptedSource::new(faces.to_vec());
    let mut ev = b.step(&action, &mut dice).unwrap().to_vec();
    // A defense is followed by its roll, the step nobody chooses, with the same dice.
    if matches!(action, Action::Defend { .. }) {
        let roll = DicePool.parse_action(b.state(), &roll_text(b)).unwrap();
        ev.extend_from_slice(b.step(&roll, &mut dice).unwrap());
    }
    assert_eq!(dice.remaining(), 0, "{text}: faces left over");
    ev
}

/// The text of the only legal action, which must be a roll.
fn roll_text(b: &Battle<'_, DicePool>) -> String {
    let mut legal = Vec::new();
    DicePool.legal_actions(b.state(), &mut legal);
    assert!(matches!(legal[..], [Action::Roll { .. }]), "{legal:?}");
    DicePool.action_text(b.state(), &legal[0])
}

fn attack(ev: &[Event]) -> AttackRoll {
    ev.iter()
        .find_map(|e| match e {
            Event::AttackRolled { roll, .. } | Event::Thrown { roll, .. } => Some(roll.clone()),
            _ => None,
        })
        .expect("an attack roll")
}

fn damage(ev: &[Event]) -> Option<DamageRoll> {
    ev.iter().find_map(|e| match e {
        Event::Damaged { roll, .. } => Some(roll.clone()),
        _ => None,
    })
}

/// (id, value, applied, rule) of every modifier of a roll.
fn mods(r: &AttackRoll) -> Vec<(&'static str, i32, bool, &'static str)> {
    r.modifiers
        .iter()
        .map(|m| (m.id, m.value, m.applied, m.rule.0))
        .collect()
}

fn legal(b: &Battle<'_, DicePool>) -> Vec<String> {
    let mut v = Vec::new();
    DicePool.legal_actions(b.state(), &mut v);
    v.iter()
        .map(|a| DicePool.action_text(b.state(), a))
        .collect()
}

/// DP-DRAW-01: drawing is "−1 to any skill use" that turn, so a grenade thrown in the extra
/// action after a draw is one die short. Anna draws her pistol and misses (4 dice: 1+1+1+1);
/// in the second pass she throws at Ben 5 m away (grenade bands 5/10/20/30: short, 10) with
/// Throwing 4 − 1 = 3 dice: 4+4+4 = 12 ≥ 10, on target.
#[test]
fn dp_draw_01_a_throw_after_a_draw_is_one_die_short() {
    let mut b = start(5, None, Options::default());
    play(&mut b, "shoot Anna -> Ben with pistol mode=SS shots=1", &[]);
    play(&mut b, "dodge Ben 0", &[1, 1, 1, 1]);
    play(&mut b, "end Anna", &[]);
    play(&mut b, "end Ben", &[]);
    let ev = play(&mut b, "throw Anna grenade -> 6,1", &[4, 4, 4]);
    let r = attack(&ev);
    assert_eq!(mods(&r), vec![("drawing", -1, true, "DP-DRAW-01")]);
    assert_eq!((r.pool, r.difficulty, r.total, r.hit), (3, 10, 12, true));
}

/// DP-G10 reading B (`dp.fa_five_bullets_total`): full auto fires 5 bullets in the whole turn,
/// so two bursts from the 40-round smart SMG leave 35 (3 in the first burst, 2 in the second);
/// by default (reading A) each burst is 5 bullets and two leave 30. Each burst: Firearms 5 − 2
/// (FA) + 1 (smart) = 4 dice against short 10: 1+1+1+1 = 4, a miss.
#[test]
fn dp_g10_full_auto_spends_five_bullets_a_burst_or_five_a_turn() {
    for (flag, first, left) in [(false, 35, 30), (true, 37, 35)] {
        let opts = Options {
            fa_five_bullets_total: flag,
            ..Options::default()
        };
        let mut b = start(5, Some(SMG), opts);
        play(
            &mut b,
            "shoot Anna -> Ben with smart-smg mode=FA shots=2",
            &[],
        );
        let r = attack(&play(&mut b, "dodge Ben 0", &[1, 1, 1, 1]));
        assert_eq!((r.pool, r.total, r.hit), (4, 4, false));
        assert_eq!(b.state().unit(0).loaded[2], first, "flag {flag}");
        play(&mut b, "dodge Ben 0", &[1, 1, 1, 1]);
        assert_eq!(b.state().unit(0).loaded[2], left, "flag {flag}");
    }
}

/// DP-G20 (`dp.reload_takes_whole_turn`): a reload takes the whole turn, so Anna, whose
/// initiative of 10 would give her an extra action in the second pass (DP-INIT-04), gets none
/// after reloading. Without the flag the reload is one action and the extra action comes.
#[test]
fn dp_g20_a_whole_turn_reload_leaves_no_extra_action() {
    for flag in [false, true] {
        let opts = Options {
            reload_takes_whole_turn: flag,
            ..Options::default()
        };
        let mut state = setup(OPEN, Pos { col: 6, row: 1 }, opts).build();
        state.units[0].loaded[0] = 0;
        let mut b = begin(state);
        play(&mut b, "reload Anna pistol", &[]);
        assert_eq!(
            b.state().unit(0).loaded[0],
            12,
            "a clip refills (DP-RELOAD-01)"
        );
        play(&mut b, "end Anna", &[]);
        let ev = play(&mut b, "end Ben", &[]);
        let second_pass = matches!(ev.last(), Some(Event::Activated { unit: 0, pass: 2 }));
        assert_eq!(second_pass, !flag, "flag {flag}: {ev:?}");
    }
}

/// A row of `width` open cells, three rows high.
fn wide(width: usize) -> Vec<String> {
    vec![".".repeat(width); 3]
}

fn start_on(
    rows: &[String],
    ben: Pos,
    ready: Option<u16>,
    opts: Options,
) -> Battle<'static, DicePool> {
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut state = setup(&rows, ben, opts).build();
    state.units[0].ready = ready;
    begin(state)
}

/// DP-TAB-RANGE, DP-SHOOT-01/02: the pistol's bands are 10/25/50/100 m (GAPS Part D); a shot at
/// the limit of each band has that band's difficulty, 10, 15, 20, 30. Pistol in hand: 5 dice,
/// 1+1+1+1+1 = 5, a miss every time.
#[test]
fn dp_tab_range_each_band_sets_the_difficulty_of_a_shot() {
    let rows = wide(103);
    for (metres, difficulty) in [(10, 10), (25, 15), (50, 20), (100, 30)] {
        let mut b = start_on(
            &rows,
            Pos {
                col: 1 + metres,
                row: 1,
            },
            Some(PISTOL),
            Options::default(),
        );
        play(&mut b, "shoot Anna -> Ben with pistol mode=SS shots=1", &[]);
        let r = attack(&play(&mut b, "dodge Ben 0", &[1, 1, 1, 1, 1]));
        assert_eq!(
            (r.pool, r.base_difficulty, r.difficulty),
            (5, difficulty, difficulty),
            "{metres} m"
        );
    }
    // DP-G04: beyond the extreme limit no shot is offered.
    let b = start_on(
        &rows,
        Pos { col: 102, row: 1 },
        Some(PISTOL),
        Options::default(),
    );
    assert!(!legal(&b).iter().any(|t| t.contains("with pistol")));
}

/// DP-MOD-04 (suggested from the map): Ben on a low wall has 50% cover (−1); in smoke, partial
/// darkness (−1). Pistol in hand at 5 m: 5 − 1 = 4 dice, 1+1+1+1 = 4, a miss.
#[test]
fn dp_mod_04_cover_and_darkness_come_from_the_map() {
    for (row, id) in [
        ("......h.....", "cover-50"),
        ("......~.....", "darkness-partial"),
    ] {
        let rows = vec![
            "............".to_string(),
            row.to_string(),
            "............".to_string(),
        ];
        let mut b = start_on(
            &rows,
            Pos { col: 6, row: 1 },
            Some(PISTOL),
            Options::default(),
        );
        play(&mut b, "shoot Anna -> Ben with pistol mode=SS shots=1", &[]);
        let r = attack(&play(&mut b, "dodge Ben 0", &[1, 1, 1, 1]));
        assert_eq!(mods(&r), vec![(id, -1, true, "DP-MOD-04")]);
        assert_eq!((r.pool, r.difficulty), (4, 10));
    }
}

/// DP-FIRE-03, DP-DAMAGE-03, DP-MOD-02, DP-G10: the rifle on full auto fires two bursts of 5
/// rounds at −2 dice, and the laser sight does not help autofire: 5 − 2 = 3 dice. First burst
/// 6+6+6 = 18 ≥ 10 hits; damage DL 5 + 2 = 7 dice, 1×7 = 7, against Ben's PR 4 dice, 1×4 = 4:
/// 3 wounds. Second burst 1+1+1 = 3, a miss. 30 − 10 = 20 rounds left.
#[test]
fn dp_fire_03_full_auto_is_two_bursts_at_minus_two_with_two_more_damage_dice() {
    let mut b = start(5, Some(RIFLE), Options::default());
    play(&mut b, "shoot Anna -> Ben with rifle mode=FA shots=2", &[]);
    let ev = play(
        &mut b,
        "dodge Ben 0",
        &[6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    );
    let r = attack(&ev);
    assert_eq!(
        mods(&r),
        vec![
            ("laser-sight", 1, false, "DP-MOD-02"),
            ("full-auto", -2, true, "DP-FIRE-03")
        ]
    );
    assert_eq!((r.pool, r.total, r.hit), (3, 18, true));
    let d = damage(&ev).unwrap();
    assert_eq!(
        (d.dl_dice, d.dl_total, d.pr_dice, d.pr_total, d.wounds),
        (7, 7, 4, 4, 3)
    );
    assert_eq!(b.state().unit(1).wounds, 3);
    let r = attack(&play(&mut b, "dodge Ben 0", &[1, 1, 1]));
    assert_eq!((r.pool, r.total, r.hit), (3, 3, false));
    assert_eq!(b.state().unit(0).loaded[1], 20);
}

/// DP-MOD-02, DP-MOD-05, DP-FIRE-01: a single rifle shot takes the laser sight's +1: 6 dice.
/// DP-MOD-05: the smart SMG's +1 on a semi-automatic shot: 6 dice. 1×6 = 6, misses.
#[test]
fn dp_mod_02_05_laser_sight_and_smart_weapon_add_a_die() {
    for (weapon, text, id, rule) in [
        (
            RIFLE,
            "shoot Anna -> Ben with rifle mode=SS shots=1",
            "laser-sight",
            "DP-MOD-02",
        ),
        (
            SMG,
            "shoot Anna -> Ben with smart-smg mode=SA shots=1",
            "smart-weapon",
            "DP-MOD-05",
        ),
    ] {
        let mut b = start(5, Some(weapon), Options::default());
        play(&mut b, text, &[]);
        let r = attack(&play(&mut b, "dodge Ben 0", &[1; 6]));
        assert_eq!(mods(&r), vec![(id, 1, true, rule)]);
        assert_eq!(r.pool, 6);
    }
}

/// DP-AIM-01, DP-SCOPE-01/02, DP-G12, DP-G13: 51 m is the rifle's medium band (bands
/// 50/150/300/600), difficulty 15. Aimed, the rating-1 scope brings it to short (10) and the aim
/// adds 2 dice: 5 + 1 (laser) + 2 = 8 dice. Unaimed, the scope does nothing: 6 dice against 15.
#[test]
fn dp_scope_01_02_an_aimed_scoped_shot_is_one_band_closer_with_two_more_dice() {
    let rows = wide(60);
    let mut b = start_on(
        &rows,
        Pos { col: 52, row: 1 },
        Some(RIFLE),
        Options::default(),
    );
    play(&mut b, "shoot Anna -> Ben with rifle mode=SS shots=1", &[]);
    let r = attack(&play(&mut b, "dodge Ben 0", &[1; 6]));
    assert_eq!((r.pool, r.difficulty), (6, 15));

    let mut b = start_on(
        &rows,
        Pos { col: 52, row: 1 },
        Some(RIFLE),
        Options::default(),
    );
    play(&mut b, "aim Anna", &[]);
    play(&mut b, "end Anna", &[]);
    play(&mut b, "end Ben", &[]);
    play(&mut b, "shoot Anna -> Ben with rifle mode=SS shots=1", &[]);
    let r = attack(&play(&mut b, "dodge Ben 0", &[1; 8]));
    assert_eq!(
        mods(&r),
        vec![
            ("laser-sight", 1, true, "DP-MOD-02"),
            ("aiming", 2, true, "DP-AIM-01")
        ]
    );
    assert_eq!((r.pool, r.difficulty), (8, 10));
}

/// DP-DRAW-02: a fast draw rolls Dexterity (4 dice) against 10. Success (3+3+3+3 = 12) lifts
/// the −1: the shot rolls all 5 dice. Failure (1+1+1+1 = 4) means no shot that turn.
#[test]
fn dp_draw_02_fast_draw_success_and_failure() {
    let mut b = start(5, None, Options::default());
    play(
        &mut b,
        "shoot Anna -> Ben with pistol mode=SS shots=1 fast-draw",
        &[3, 3, 3, 3],
    );
    let r = attack(&play(&mut b, "dodge Ben 0", &[1; 5]));
    assert_eq!(
        mods(&r),
        vec![("drawing", -1, false, "DP-DRAW-01")],
        "recorded as not applied"
    );
    assert_eq!(r.pool, 5);

    let mut b = start(5, None, Options::default());
    let ev = play(
        &mut b,
        "shoot Anna -> Ben with pistol mode=SS shots=1 fast-draw",
        &[1, 1, 1, 1],
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::AttackDeclared { .. })));
    play(&mut b, "end Anna", &[]);
    play(&mut b, "end Ben", &[]);
    assert!(
        !legal(&b).iter().any(|t| t.starts_with("shoot")),
        "no shot that turn"
    );
}

/// DP-RELOAD-01, DP-G20, DP-E07: an empty 6-shot revolver takes 5 rounds a reload: 5, then 6.
#[test]
fn dp_reload_01_a_revolver_takes_five_rounds_a_reload() {
    let mut state = setup(OPEN, Pos { col: 6, row: 1 }, Options::default()).build();
    state.units[0].loaded[5] = 0;
    let mut b = begin(state);
    play(&mut b, "reload Anna revolver", &[]);
    assert_eq!(b.state().unit(0).loaded[5], 5);
    play(&mut b, "end Anna", &[]);
    play(&mut b, "end Ben", &[]);
    play(&mut b, "reload Anna revolver", &[]);
    assert_eq!(b.state().unit(0).loaded[5], 6);
    let _ = REVOLVER;
}

/// DP-MOVE-02, DP-MOVE-06: Anna runs 7 m and shoots: −1 die. Ben is then 13 m away (medium, 15):
/// 5 − 1 = 4 dice, 1×4, a miss. DP-MOD-03: a wounded Anna also loses a die.
#[test]
fn dp_move_02_a_run_and_dp_mod_03_a_wound_cost_a_die_each() {
    let mut state = setup(OPEN, Pos { col: 21, row: 1 }, Options::default()).build();
    state.units[0].ready = Some(PISTOL);
    state.units[0].wounds = 1;
    let mut b = begin(state);
    play(&mut b, "run Anna to 8,1", &[]);
    play(&mut b, "shoot Anna -> Ben with pistol mode=SS shots=1", &[]);
    let r = attack(&play(&mut b, "dodge Ben 0", &[1, 1, 1]));
    assert_eq!(
        mods(&r),
        vec![
            ("running", -1, true, "DP-MOVE-02"),
            ("stunned-or-wounded", -1, true, "DP-MOD-03")
        ]
    );
    assert_eq!((r.pool, r.difficulty), (3, 15));
}

/// DP-MELEE-01..04: Anna stabs Ben (knife in hand): Melee 3 dice against 10 plus Ben's 2 parry
/// dice (3+4 = 7): 17. 6+6+5 = 17 hits. Knife DL 2: 6+6 = 12 against PR 4 dice 1×4 = 4: 8
/// wounds. Ben has 3 − 2 = 1 parry die left.
#[test]
fn dp_melee_parry_dice_raise_ten_and_damage_is_as_for_shooting() {
    let mut b = start(1, Some(KNIFE), Options::default());
    play(&mut b, "melee Anna -> Ben with knife", &[]);
    let ev = play(&mut b, "parry Ben 2", &[3, 4, 6, 6, 5, 6, 6, 1, 1, 1, 1]);
    let r = attack(&ev);
    assert_eq!(
        (
            r.pool,
            r.base_difficulty,
            r.defense_total,
            r.difficulty,
            r.total,
            r.hit
        ),
        (3, 10, 7, 17, 17, true)
    );
    assert_eq!(damage(&ev).unwrap().wounds, 8);
    assert_eq!(b.state().unit(1).wounds, 8);
    assert_eq!(b.state().unit(1).parry_left, 1);
}

/// DP-GRENADE-01/03/04/05/06, DP-G19: Anna throws at Ben 5 m away (short, 10): 4 dice, 3×4 = 12,
/// on target. The radius is 9 m, so both are in the blast. Anna, 5 m from the burst (5·3 > 9,
/// ≤ 18: medium, 15): 4 dice 1×4 = 4, missed. Ben at the burst (short, 10) dodges 1 die (2):
/// 12; 6×4 = 24 hits; grenade DL 6 dice 2×6 = 12 against PR 4 dice 1×4 = 4: 8 wounds.
#[test]
fn dp_grenade_a_blast_rolls_four_dice_by_distance_with_the_grenades_dl() {
    let mut b = start(5, None, Options::default());
    let ev = play(&mut b, "throw Anna grenade -> 6,1", &[3, 3, 3, 3]);
    let r = attack(&ev);
    assert_eq!((r.pool, r.difficulty, r.total, r.hit), (4, 10, 12, true));
    let r = attack(&play(&mut b, "dodge Anna 0", &[1, 1, 1, 1]));
    assert_eq!((r.pool, r.difficulty, r.hit), (4, 15, false));
    let ev = play(
        &mut b,
        "dodge Ben 1",
        &[2, 6, 6, 6, 6, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1],
    );
    let r = attack(&ev);
    assert_eq!((r.pool, r.difficulty, r.total, r.hit), (4, 12, 24, true));
    let d = damage(&ev).unwrap();
    assert_eq!((d.dl_dice, d.dl_total, d.pr_total, d.wounds), (6, 12, 4, 8));
}

/// DP-DAMAGE-01/02, DP-G05: Ben with Armor 2 rolls PR 4 + 2 = 6 dice (1×6 = 6) against the
/// pistol's DL 3 (4+4+4 = 12): 6 wounds. With `dp.armor_flat`: 4 dice (1×4) + 2 = 6, 6 wounds.
/// PR ≥ DL (DL 1+1+1 = 3): no wound, but stunned (DP-G07).
#[test]
fn dp_damage_armor_adds_pain_resistance_dice_or_points() {
    for (flat, faces, pr_dice) in [
        (false, vec![2, 2, 2, 2, 2, 4, 4, 4, 1, 1, 1, 1, 1, 1], 6),
        (true, vec![2, 2, 2, 2, 2, 4, 4, 4, 1, 1, 1, 1], 4),
    ] {
        let opts = Options {
            armor_flat: flat,
            ..Options::default()
        };
        let mut state = setup(OPEN, Pos { col: 6, row: 1 }, opts).build();
        state.units[0].ready = Some(PISTOL);
        state.units[1].stats.armor = 2;
        let mut b = begin(state);
        play(&mut b, "shoot Anna -> Ben with pistol mode=SS shots=1", &[]);
        let d = damage(&play(&mut b, "dodge Ben 0", &faces)).unwrap();
        assert_eq!(
            (d.dl_total, d.pr_dice, d.pr_total, d.wounds),
            (12, pr_dice, 6, 6)
        );
    }
    let mut b = start(5, Some(PISTOL), Options::default());
    play(&mut b, "shoot Anna -> Ben with pistol mode=SS shots=1", &[]);
    let d = damage(&play(
        &mut b,
        "dodge Ben 0",
        &[2, 2, 2, 2, 2, 1, 1, 1, 6, 6, 6, 6],
    ))
    .unwrap();
    assert_eq!((d.dl_total, d.pr_total, d.wounds), (3, 24, 0));
    assert!(b.state().unit(1).stunned);
    assert_eq!(b.state().unit(1).wounds, 0);
}
