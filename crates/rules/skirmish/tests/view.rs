//! The board front ends draw (`view`): figures where the state has them with facing, posture and
//! damage against STR; terrain with its drawing hint; what an action points at; and a figure's
//! threat zone, its three front hexes (SK-8.1-a).

mod common;

use common::*;
use fireteam_engine::{Cell, Present};
use fireteam_skirmish::{Action, Skirmish};

fn two() -> Game {
    let mut rows = open(6, 5);
    rows[2] = ".#....".into();
    game(
        &[],
        &rows,
        &[('#', "wall-high")],
        &[
            unit(
                "Ash",
                0,
                (1, 1),
                SE,
                &["pistol"],
                "str = 10, dex = 12, int = 10",
            ),
            unit(
                "Bay",
                1,
                (4, 3),
                N,
                &["dagger"],
                "str = 11, dex = 11, int = 10",
            )
            .stance("kneeling"),
        ],
    )
}

#[test]
fn the_board_holds_the_figures_and_the_terrain_as_the_state_has_them() {
    let g = two();
    let b = Skirmish.board(&g.s);
    assert_eq!((b.width, b.height), (6, 5));
    assert_eq!(b.facings[SE as usize], "SE");
    let ash = &b.units[0];
    assert_eq!(ash.name, "Ash");
    assert_eq!(ash.at, Some(Cell::new(1, 1)));
    assert_eq!(ash.facing, Some(SE));
    assert_eq!((ash.damage, ash.damage_max), (0, Some(10)));
    assert!(ash
        .gear
        .iter()
        .any(|g| g.starts_with("Pistol") || g.starts_with("pistol")));
    assert_eq!(b.units[1].posture, "kneeling");
    let wall = b.terrain_at(Cell::new(1, 2)).unwrap();
    assert_eq!((wall.symbol, wall.look.as_str()), ('#', "wall"));
    assert!(wall.blocks_sight && wall.blocks_movement);
    assert_eq!(b.terrain_at(Cell::new(0, 0)).unwrap().look, "open");
}

#[test]
fn a_figure_threatens_its_three_front_hexes_and_sees_past_no_wall() {
    let g = two();
    let f = Skirmish.focus(&g.s, g.id("Bay"));
    // Bay at 4,3 facing N: NW, N and NE neighbours (odd-q, even column 4).
    let mut want = vec![Cell::new(3, 2), Cell::new(4, 2), Cell::new(5, 2)];
    want.sort();
    let mut got = f.threat.clone();
    got.sort();
    assert_eq!(got, want);
    let ash = Skirmish.focus(&g.s, g.id("Ash"));
    assert!(ash.sight.contains(&Cell::new(4, 3)));
    // The hexes straight down the column behind the wall from Ash's hex are hidden.
    assert!(!ash.sight.contains(&Cell::new(1, 3)));
    assert!(!ash.sight.contains(&Cell::new(1, 4)));
    assert!(ash.sight.contains(&Cell::new(0, 1)));
    assert!(!ash.sight.contains(&Cell::new(1, 1)), "not his own hex");
}

#[test]
fn an_action_points_at_its_hex_or_its_target() {
    let g = two();
    let (ash, bay) = (g.id("Ash"), g.id("Bay"));
    let mv = Action::Move {
        fig: ash,
        to: fireteam_skirmish::state::Pos::new(2, 1),
        facing: S,
        guard: fireteam_skirmish::state::Guard::None,
    };
    let v = Skirmish.action_view(&g.s, &mv);
    assert_eq!((v.unit, v.kind.as_str()), (Some(ash), "move"));
    assert_eq!(
        (v.cell, v.facing, v.attack),
        (Some(Cell::new(2, 1)), Some(S), false)
    );
    let shot = Action::Shoot {
        fig: ash,
        target: bay,
        mode: fireteam_skirmish::action::FireMode::Single,
    };
    let v = Skirmish.action_view(&g.s, &shot);
    assert_eq!(
        (v.kind.as_str(), v.target, v.attack),
        ("shoot", Some(bay), true)
    );
    assert_eq!(v.cell, Some(Cell::new(4, 3)));
}
