//! Gomocup's board text (rules §4), the position format of the engine tournaments' `BOARD` command: one
//! `x,y,colour` line per stone in the order played, `x` from the left and `y` from the top, both from 0, the
//! colour 1 for Black and 2 for White. It can express a bounded board's stones, not the endless board's signed
//! points; and a list of stones cannot say who chose which colour, so only games whose opening has no choices
//! (`none`, `pro`, `long-pro`) are read back into a game.

use std::fmt::Write;

use super::board::{Colour, Point};
use super::position::{Action, Illegal, Position};
use super::rules::{BoardShape, Opening, Rules};

/// Why a Gomocup board cannot be written or read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GomocupError {
    /// The endless board's points have no place in the format.
    #[error("the Gomocup board format has no endless board")]
    Endless,
    /// A swap opening's colour choices have no place in the format.
    #[error("a game with the {} opening cannot be read from stones alone", .0.name())]
    Opening(Opening),
    /// A line that is not `x,y,colour` with colour 1 or 2.
    #[error("line {0} is not x,y,colour")]
    BadLine(usize),
    /// A stone of the colour that is not to play.
    #[error("line {0} has a stone of the colour not to play")]
    WrongColour(usize),
    /// A stone the rules refuse (the actions of a game to write, or a line read).
    #[error("stone {at} is illegal: {reason}")]
    Illegal {
        /// The stone's line read, or the action's number written, from 1.
        at: usize,
        /// Why.
        reason: Illegal,
    },
}

/// Writes the stones the `actions` of a game by `rules` place, in order.
pub fn write_gomocup_board(rules: Rules, actions: &[Action]) -> Result<String, GomocupError> {
    let BoardShape::Bounded { height, .. } = rules.board() else {
        return Err(GomocupError::Endless);
    };
    let mut position = Position::new(rules);
    let mut out = String::new();
    for (index, &action) in actions.iter().enumerate() {
        let colour = position.next_colour();
        position.play(action).map_err(|reason| GomocupError::Illegal { at: index + 1, reason })?;
        if let Action::Stone(point) = action {
            let code = if colour == Colour::Black { 1 } else { 2 };
            writeln!(out, "{},{},{code}", point.x, i16::from(height) - 1 - point.y).expect("writing to a String");
        }
    }
    Ok(out)
}

/// Plays the stones of a Gomocup board text by `rules` (blank lines skipped), Black first and alternating.
pub fn read_gomocup_board(text: &str, rules: Rules) -> Result<Position, GomocupError> {
    let BoardShape::Bounded { height, .. } = rules.board() else {
        return Err(GomocupError::Endless);
    };
    if matches!(rules.opening(), Opening::Swap | Opening::Swap2) {
        return Err(GomocupError::Opening(rules.opening()));
    }
    let mut position = Position::new(rules);
    for (index, line) in text.lines().enumerate().filter(|(_, line)| !line.trim().is_empty()) {
        let number = index + 1;
        let fields: Vec<&str> = line.trim().split(',').collect();
        let field =
            |i: usize| fields.get(i).and_then(|text| text.parse::<i16>().ok().filter(|_| !text.starts_with('+')));
        let (Some(x), Some(top), Some(code), 3) = (field(0), field(1), field(2), fields.len()) else {
            return Err(GomocupError::BadLine(number));
        };
        let colour = match code {
            1 => Colour::Black,
            2 => Colour::White,
            _ => return Err(GomocupError::BadLine(number)),
        };
        if colour != position.next_colour() {
            return Err(GomocupError::WrongColour(number));
        }
        let point = Point::new(x, i16::from(height) - 1 - top);
        position.play(Action::Stone(point)).map_err(|reason| GomocupError::Illegal { at: number, reason })?;
    }
    Ok(position)
}
