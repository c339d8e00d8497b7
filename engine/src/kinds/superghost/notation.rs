//! Superghost's notation: `>x` adds `x` at the end of the fragment, `<x` at its start, `?` challenges. Letters
//! are read lower-cased (Russian `ё` as `е`); whether one belongs to the game's language is the rules' question.
//! Tokens end by themselves, so a run needs no separator, though moves are written one a turn.

use super::position::{Action, Side};
use crate::game::NotationError;

/// Reads a run of actions.
pub fn parse_actions(text: &str) -> Result<Vec<Action>, NotationError> {
    let mut actions = Vec::new();
    let mut chars = text.chars().enumerate().peekable();
    while let Some((at, token)) = chars.next() {
        let side = match token {
            '?' => {
                actions.push(Action::Challenge);
                continue;
            }
            '<' => Side::Start,
            '>' => Side::End,
            _ => return Err(NotationError { at, expected: "`>` and a letter, `<` and a letter, or `?`" }),
        };
        let letter = chars
            .next()
            .and_then(|(_, written)| lower_letter(written))
            .ok_or(NotationError { at: at + 1, expected: "a letter" })?;
        actions.push(Action::Add { side, letter });
    }
    if actions.is_empty() {
        return Err(NotationError { at: 0, expected: "`>` and a letter, `<` and a letter, or `?`" });
    }
    Ok(actions)
}

/// `written` lower-cased, if it is one alphabetic character that stays one.
fn lower_letter(written: char) -> Option<char> {
    let mut lower = written.to_lowercase();
    let letter = lower.next().filter(|letter| letter.is_alphabetic())?;
    if lower.next().is_some() {
        return None;
    }
    Some(if letter == 'ё' { 'е' } else { letter })
}

/// Writes one action.
pub fn write_action(action: Action, out: &mut String) {
    match action {
        Action::Add { side: Side::Start, letter } => {
            out.push('<');
            out.push(letter);
        }
        Action::Add { side: Side::End, letter } => {
            out.push('>');
            out.push(letter);
        }
        Action::Challenge => out.push('?'),
    }
}
