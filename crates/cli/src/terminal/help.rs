//! `help`: the action grammar and the commands, with examples taken from the choices open now
//! so they are always legal. docs/play.md says the same at length.

use super::chooser::{kind_name, Choice};

const GRAMMAR: &str = "\
To choose, type one of these and press Enter:
  a number        picks from the list shown
  a kind          `move`, `shoot`, `stand still`…: only that kind of action
  a cell          col,row: `13,2`, `13, 2`, `[13, 2]`, `(13,2)` or `13 2`: actions going there
  a name          `Ana`: actions that name that unit (any case: `ana`)
  words           any words of the action at once: `move 13,2 N`, `dodges`, `shoot ana`
  the action      its whole text, as the list writes it (any cell form, any case)
Each answer narrows what is open; when one action is left, it is played.
Commands:
  map             the board; `+` marks where the kind of action being chosen can go
  status          every unit: place, posture, damage, weapon in hand, gear and ammunition
  back            undo the last step
  save [FILE]     save the battle now, to --save or to FILE (later saves go there too)
  quit            save (when there is a save file) and stop; `run --resume SAVE` goes on
  help            this text
Ctrl-C stops at once, after saving when there is a save file.";

/// The help text, ending with examples of the kinds open now (at most three, so the whole
/// fits a screen of 20 lines).
pub fn text(choices: &[Choice]) -> Vec<String> {
    let mut lines: Vec<String> = GRAMMAR.lines().map(String::from).collect();
    let mut kinds: Vec<&str> = Vec::new();
    let mut examples = Vec::new();
    for c in choices {
        if kinds.len() < 3 && !kinds.contains(&c.view.kind.as_str()) {
            kinds.push(&c.view.kind);
            examples.push(format!("  {:<15} {}", kind_name(&c.view.kind), c.text));
        }
    }
    if !examples.is_empty() {
        lines.push("Open now, for example:".into());
        lines.extend(examples);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use fireteam_engine::ActionView;

    #[test]
    fn help_fits_a_screen_and_ends_with_legal_examples() {
        let choice = |text: &str, kind: &str| Choice {
            text: text.into(),
            view: ActionView {
                unit: Some(0),
                kind: kind.into(),
                cell: None,
                target: None,
                facing: None,
                attack: false,
            },
        };
        let choices = [
            choice("Dee stands facing SW", "stand_still"),
            choice("Dee stands facing N", "stand_still"),
            choice("Dee moves to 14,1 facing N", "move"),
            choice("Dee aims at Ana", "aim"),
            choice("Dee passes", "pass"),
        ];
        let lines = text(&choices);
        assert!(lines.len() <= 20, "{}", lines.len());
        assert_eq!(
            lines[lines.len() - 4..],
            [
                "Open now, for example:",
                "  stand still     Dee stands facing SW",
                "  move            Dee moves to 14,1 facing N",
                "  aim             Dee aims at Ana",
            ]
        );
    }
}
