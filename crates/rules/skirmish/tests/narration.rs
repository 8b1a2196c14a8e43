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
