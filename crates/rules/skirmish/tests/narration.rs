//! The words of the narration: a count of one takes the singular.

mod common;

use common::*;
use fireteam_skirmish::present::narrate;
use fireteam_skirmish::state::Pos;
use fireteam_skirmish::Event;

#[test]
fn one_turn_one_round_and_one_die_are_singular() {
    let g = game(
        &[],
        &open(4, 3),
        &[],
        &[
            unit(
                "Ash",
                0,
                (0, 1),
                SE,
                &["pistol"],
                "str = 10, dex = 12, int = 10",
            ),
            unit(
                "Bay",
                1,
                (3, 1),
                NW,
                &["pistol"],
                "str = 10, dex = 12, int = 10",
            ),
        ],
    );
    let line = |e: &Event| narrate(&g.s, e).unwrap();
    let fire = Event::FireLit {
        at: Pos::new(1, 1),
        turns: 1,
        incendiary: false,
    };
    assert!(
        line(&fire).contains("for 1 turn [SK-16.12-j]"),
        "{}",
        line(&fire)
    );
    let reload = Event::Reloaded {
        fig: g.id("Ash"),
        slot: 0,
        rounds: 1,
    };
    assert!(
        line(&reload).contains("reloads (1 round)"),
        "{}",
        line(&reload)
    );
    let pack = Event::PackSpent {
        fig: g.id("Ash"),
        dice: 1,
    };
    assert!(line(&pack).contains("gives 1 die ("), "{}", line(&pack));
}

#[test]
fn cells_are_written_col_row_and_read_in_any_of_the_usual_ways() {
    let mut g = game(
        &[],
        &open(4, 5),
        &[],
        &[
            unit(
                "Ash",
                0,
                (1, 0),
                S,
                &["pistol"],
                "str = 10, dex = 12, int = 10",
            ),
            unit(
                "Bay",
                1,
                (3, 4),
                N,
                &["pistol"],
                "str = 10, dex = 12, int = 10",
            ),
        ],
    );
    assert_eq!(Pos::new(14, 1).to_string(), "14,1");
    g.start_turn(0);
    let texts = g.texts();
    assert!(
        texts.contains(&"Ash moves to 1,2 facing S".to_string()),
        "{texts:?}"
    );
    for text in [
        "Ash moves to 1, 2 facing S",
        "Ash moves to [1, 2] facing S",
        "Ash moves to (1,2) facing S",
        "Ash moves to 1 2 facing S",
    ] {
        assert!(g.can(text), "{text}");
    }
    g.act("Ash moves to [1, 2] facing S");
    assert_eq!(g.fig("Ash").pos, Pos::new(1, 2));
}
