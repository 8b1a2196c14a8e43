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
use fireteam_dice_pool::{DicePool, Options, Setup, State, UnitSetup};
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
    let ev = b.step(&action, &mut dice).unwrap().to_vec();
    assert_eq!(dice.remaining(), 0, "{text}: faces left over");
    ev
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
