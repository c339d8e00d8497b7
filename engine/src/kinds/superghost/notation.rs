//! Superghost's notation: `>x` adds `x` at the end of the fragment, `<x` at its start, `?` challenges. Letters
//! are read lower-cased (Russian `ё` as `е`); whether one belongs to the game's language is the rules' question.
//! Tokens end by themselves, so a run needs no separator, though moves are written one a turn.
//!
//! A move's public text (what every viewer is sent, `Game::disclose`) adds the verdict of the game's list, which
//! a browser without the list cannot reach: a letter that completes a word and loses the round is marked `!`
//! (`>s!`); a challenge is `?+` when some word holds the fragment (the challenger loses) and `?-` when none
//! does (the challenged player loses). A mark is read and ignored: the list judges the action again, so a
//! public text replays as the action it shows.

use super::fragment::Side;
use super::position::{Action, RoundLoss};
use crate::game::NotationError;

/// The mark of a letter that completes a word.
const COMPLETED: char = '!';
/// The mark of a challenge of a fragment some word holds.
const HELD: char = '+';
/// The mark of a challenge of a fragment no word holds.
const NOT_HELD: char = '-';

/// Reads a run of actions, with or without the marks of their public texts.
pub fn parse_actions(text: &str) -> Result<Vec<Action>, NotationError> {
    let mut actions = Vec::new();
    let mut chars = text.chars().enumerate().peekable();
    while let Some((at, token)) = chars.next() {
        let side = match token {
            '?' => {
                chars.next_if(|&(_, mark)| mark == HELD || mark == NOT_HELD);
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
        chars.next_if(|&(_, mark)| mark == COMPLETED);
        actions.push(Action::Add { side, letter });
    }
    // An empty text is no actions, as in every kind: the caller refuses an empty move.
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

/// Writes one action's public text: the action, and the mark of how it ended the round (`loss`, the position's
/// [`round_loss`](super::Position::round_loss) of it).
pub fn write_public(action: Action, loss: Option<RoundLoss>, out: &mut String) {
    write_action(action, out);
    match loss {
        None => {}
        Some(RoundLoss::Completed) => out.push(COMPLETED),
        Some(RoundLoss::ChallengeFailed) => out.push(HELD),
        Some(RoundLoss::Challenged) => out.push(NOT_HELD),
    }
}
