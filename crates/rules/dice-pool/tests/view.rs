//! The board front ends draw (`view`) for dice-pool: units where the state has them with their
//! wounds against the wound limit (DP-G06), each terrain with its drawing hint, and what a move
//! or a shot points at.

use fireteam_dice_pool::{Action, DicePool};
use fireteam_engine::{Cell, Present, RuleSystem};

#[test]
fn the_board_matches_the_state_and_actions_point_at_cells_and_targets() {
    let s = fireteam_dice_pool::setup::demo().build();
    let b = DicePool.board(&s);
    assert_eq!(b.units.len(), s.units.len());
    for (v, u) in b.units.iter().zip(&s.units) {
        assert_eq!(v.name, &*u.name);
        assert_eq!(
            v.at,
            Some(Cell::new(i32::from(u.pos.col), i32::from(u.pos.row)))
        );
        assert_eq!(
            (v.damage, v.damage_max),
            (u.wounds, Some(u.stats.wound_limit))
        );
        assert_eq!(v.facing, None, "dice-pool has no facing");
    }
    assert_eq!(b.cells.len(), (b.width * b.height) as usize);
    // Every terrain that blocks both sight and movement draws as a wall.
    for t in &b.terrain {
        if t.blocks_sight && t.blocks_movement {
            assert_eq!(t.look, "wall", "{}", t.name);
        }
    }
    // Roll the opening initiative, then look at the first unit's moves and shots.
    let mut state = s.clone();
    let mut dice = fireteam_dice::SeededSource::new(3);
    let mut events = Vec::new();
    DicePool
        .resolve(&state, &Action::StartTurn, &mut dice, &mut events)
        .unwrap();
    for e in &events {
        DicePool.apply(&mut state, e);
    }
    let mut legal = Vec::new();
    DicePool.legal_actions(&state, &mut legal);
    let mut saw_move = false;
    for a in &legal {
        let v = DicePool.action_view(&state, a);
        match a {
            Action::Move { to, .. } => {
                saw_move = true;
                assert_eq!(
                    v.cell,
                    Some(Cell::new(i32::from(to.col), i32::from(to.row)))
                );
                assert!(!v.attack);
            }
            Action::Shoot { target, .. } => {
                assert_eq!(v.target, Some(*target));
                assert!(v.attack);
            }
            _ => {}
        }
    }
    assert!(saw_move, "the first unit of the demo can move");
}
