//! `status`: every unit's place, posture, wounds, weapon in hand, gear with its ammunition and
//! status words, two lines a unit, from the engine's [`Board`] only.

use super::map::{arrow, letters};
use fireteam_engine::Board;

pub fn lines(board: &Board) -> Vec<String> {
    let letters = letters(board);
    let mut out = vec![format!("Turn {}, {}", board.turn, board.phase)];
    let mut last_side = None;
    for u in &board.units {
        if last_side != Some(u.side) {
            let side = board
                .sides
                .get(usize::from(u.side))
                .map_or_else(|| format!("side {}", u.side), |s| s.name.clone());
            out.push(format!("{side}:"));
            last_side = Some(u.side);
        }
        let at =
            u.at.map_or_else(|| "off the board".into(), |c| format!("at {c}"));
        let facing = u
            .facing
            .and_then(|f| board.facings.get(usize::from(f)))
            .map(|f| format!(" facing {f}"))
            .unwrap_or_default();
        let damage = match u.damage_max {
            Some(m) => format!("damage {}/{m}", u.damage),
            None => format!("damage {}", u.damage),
        };
        let status = if u.status.is_empty() {
            String::new()
        } else {
            format!(" — {}", u.status.join(", "))
        };
        let letter = letters.get(&u.id).copied().unwrap_or('?');
        let mark = if u.out {
            format!("{}×", letter.to_ascii_lowercase())
        } else {
            format!("{letter}{}", arrow(board, u.facing))
        };
        out.push(format!(
            "  {mark} {} {at}{facing}, {}, {damage}{status}",
            u.name, u.posture
        ));
        let hand = u.weapon.as_deref().unwrap_or("nothing");
        let gear = if u.gear.is_empty() {
            "none".to_string()
        } else {
            u.gear.join(", ")
        };
        out.push(format!("       in hand: {hand}; gear: {gear}"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_gives_each_unit_its_wounds_gear_posture_and_place() {
        let mut b = super::super::map::tests::board();
        b.units[0].gear = vec!["rifle 5/6".into(), "leather".into()];
        b.units[0].weapon = Some("rifle".into());
        b.units[1].damage = 4;
        b.units[1].posture = "prone".into();
        b.units[1].status = vec!["stunned".into()];
        assert_eq!(
            lines(&b),
            vec![
                "Turn 1, movement",
                "Red:",
                "  A↘ Ana at 0,1 facing SE, standing, damage 0/12",
                "       in hand: rifle; gear: rifle 5/6, leather",
                "Blue:",
                "  D↙ Dee at 1,0 facing SW, prone, damage 4/12 — stunned",
                "       in hand: nothing; gear: none",
            ]
        );
    }
}
