//! kurnik 0–7 notation for Paper Soccer turns.
//!
//! A turn is written as its step digits run together (`754`: two bounces, then a stop). Turn boundaries follow
//! from the rules, so a flat digit string is split back into turns by replaying it.

use super::direction::Direction;
use super::position::{IllegalStep, Position, StepResult};

/// Why a turn token is not in kurnik notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseTurnError {
    /// The token has no step; a turn has at least one.
    #[error("the turn is empty")]
    Empty,
    /// A character is not a direction digit.
    #[error("character {at} ({found:?}) is not a direction digit 0-7")]
    NotADigit {
        /// Character offset (0-based) of the offending character.
        at: usize,
        /// The character found there.
        found: char,
    },
}

/// Reads one turn token such as `"754"` into its directions.
pub fn parse_turn(token: &str) -> Result<Vec<Direction>, ParseTurnError> {
    if token.is_empty() {
        return Err(ParseTurnError::Empty);
    }
    token
        .chars()
        .enumerate()
        .map(|(at, found)| Direction::from_digit(found).ok_or(ParseTurnError::NotADigit { at, found }))
        .collect()
}

/// Writes directions as one kurnik token, e.g. `[West, NorthWest, South]` as `"674"`.
#[must_use]
pub fn write_turn(directions: &[Direction]) -> String {
    directions.iter().map(|direction| direction.digit()).collect()
}

/// A flat digit string split into turns by replaying it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitTurns {
    /// The turns in order, each a kurnik token. The last one may stop in the middle of a turn (on a bounce);
    /// [`SplitTurns::position`] then still has the same player to move.
    pub turns: Vec<String>,
    /// The position after the last step.
    pub position: Position,
}

/// Why a flat digit string cannot be split into turns. Steps are counted from 0 over the whole string, so a
/// step index is also the character offset of its digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SplitTurnsError {
    /// A character is not a direction digit.
    #[error("character {at} ({found:?}) is not a direction digit 0-7")]
    NotADigit {
        /// Character offset (0-based) of the offending character.
        at: usize,
        /// The character found there.
        found: char,
    },
    /// The engine refused a step.
    #[error("step {at} (digit {digit}) is illegal: {reason}")]
    Illegal {
        /// Index (0-based) of the refused step.
        at: usize,
        /// Its digit.
        digit: char,
        /// Why the engine refused it.
        reason: IllegalStep,
    },
    /// The game ended by the rules before the string did.
    #[error("the game is over before step {at}; {left} digit(s) are left")]
    GameOver {
        /// Index (0-based) of the first step after the end of the game.
        at: usize,
        /// How many characters are left from there on.
        left: usize,
    },
}

/// Replays `digits` from `start` and cuts it into turns where the rules end them: on a fresh point, in a goal,
/// or when the mover is stuck. An empty string gives no turns.
pub fn split_turns(start: &Position, digits: &str) -> Result<SplitTurns, SplitTurnsError> {
    let mut position = *start;
    let mut turns = Vec::new();
    let mut turn = String::new();
    let total = digits.chars().count();
    for (at, found) in digits.chars().enumerate() {
        let direction = Direction::from_digit(found).ok_or(SplitTurnsError::NotADigit { at, found })?;
        if position.is_over() {
            return Err(SplitTurnsError::GameOver { at, left: total - at });
        }
        let result =
            position.step(direction).map_err(|reason| SplitTurnsError::Illegal { at, digit: found, reason })?;
        turn.push(found);
        if result != StepResult::Bounce {
            turns.push(std::mem::take(&mut turn));
        }
    }
    if !turn.is_empty() {
        turns.push(turn);
    }
    Ok(SplitTurns { turns, position })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::soccer::Pitch;
    use crate::{EndReason, Seat};

    /// The digits of the first record of 2014-09-22, in which White scores in the top goal on the last turn.
    const FIRST_CORPUS_GAME: &str = "20534741614147200525744522123545741656725060714727147271472161411";

    fn start() -> Position {
        Position::new(Pitch::STANDARD)
    }

    #[test]
    fn parses_and_writes_a_turn() {
        let directions = parse_turn("754").unwrap();
        assert_eq!(directions, [Direction::NorthWest, Direction::SouthWest, Direction::South]);
        assert_eq!(write_turn(&directions), "754");
    }

    #[test]
    fn parse_errors_carry_the_character_offset() {
        assert_eq!(parse_turn(""), Err(ParseTurnError::Empty));
        assert_eq!(parse_turn("718"), Err(ParseTurnError::NotADigit { at: 2, found: '8' }));
        assert_eq!(parse_turn("ł0"), Err(ParseTurnError::NotADigit { at: 0, found: 'ł' }));
        assert_eq!(parse_turn("0 1"), Err(ParseTurnError::NotADigit { at: 1, found: ' ' }));
    }

    #[test]
    fn splits_the_wikipedia_opening() {
        let split = split_turns(&start(), "03675").unwrap();
        assert_eq!(split.turns, ["0", "3", "67", "5"]);
        assert_eq!(split.position.to_move(), Seat::FIRST);
        assert!(!split.position.must_continue());
    }

    #[test]
    fn keeps_a_turn_cut_off_on_a_bounce() {
        // 0 and 3 each stop on a fresh point; 6 comes back to the centre spot, touched by the first step.
        let split = split_turns(&start(), "036").unwrap();
        assert_eq!(split.turns, ["0", "3", "6"]);
        assert!(split.position.must_continue());
        assert_eq!(split.position.to_move(), Seat::FIRST);
    }

    #[test]
    fn splits_a_game_to_its_goal() {
        let split = split_turns(&start(), FIRST_CORPUS_GAME).unwrap();
        assert_eq!(split.turns.len(), 31);
        assert_eq!(split.turns.concat(), FIRST_CORPUS_GAME);
        assert_eq!(split.turns[..4], ["2", "0", "53", "4"]);
        assert_eq!(split.turns.last().map(String::as_str), Some("1411"));
        let outcome = split.position.outcome().unwrap();
        assert_eq!((outcome.winner(), outcome.reason), (Some(Seat::FIRST), EndReason::Goal));
    }

    #[test]
    fn reports_an_illegal_step() {
        assert_eq!(
            split_turns(&start(), "04"),
            Err(SplitTurnsError::Illegal { at: 1, digit: '4', reason: IllegalStep::AlreadyDrawn })
        );
        assert_eq!(split_turns(&start(), "0x"), Err(SplitTurnsError::NotADigit { at: 1, found: 'x' }));
    }

    #[test]
    fn reports_digits_after_the_end_of_the_game() {
        assert_eq!(
            split_turns(&start(), &format!("{FIRST_CORPUS_GAME}02")),
            Err(SplitTurnsError::GameOver { at: FIRST_CORPUS_GAME.len(), left: 2 })
        );
    }

    #[test]
    fn empty_string_has_no_turns() {
        let split = split_turns(&start(), "").unwrap();
        assert!(split.turns.is_empty());
        assert_eq!(split.position, start());
    }
}
