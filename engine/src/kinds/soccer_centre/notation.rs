//! Turn tokens of a `classic+centre` record: a turn's step digits run together as in classic kurnik
//! notation (`754`), or `-` for a seat that draws nothing (§5.4: the scorer's slot when the player who just
//! moved kicks off).

use std::fmt;

use crate::soccer::{parse_turn, write_turn, Direction, ParseTurnError};

/// One turn token of a record.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CentreToken {
    /// `-`: the seat draws nothing; the opponent kicks off again after scoring against themself.
    Pass,
    /// The steps of one turn (the last token of a record may stop on a bounce).
    Turn(Vec<Direction>),
}

/// Reads one turn token: `-`, or one or more digits 0–7.
pub fn parse_token(token: &str) -> Result<CentreToken, ParseTurnError> {
    if token == "-" {
        Ok(CentreToken::Pass)
    } else {
        parse_turn(token).map(CentreToken::Turn)
    }
}

impl fmt::Display for CentreToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CentreToken::Pass => f.write_str("-"),
            CentreToken::Turn(steps) => f.write_str(&write_turn(steps)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_passes_and_turns() {
        assert_eq!(parse_token("-"), Ok(CentreToken::Pass));
        let turn = parse_token("754").expect("a turn");
        assert_eq!(turn, CentreToken::Turn(vec![Direction::NorthWest, Direction::SouthWest, Direction::South]));
        for text in ["-", "754", "0"] {
            assert_eq!(parse_token(text).expect("readable").to_string(), text);
        }
    }

    #[test]
    fn refuses_anything_else() {
        assert_eq!(parse_token(""), Err(ParseTurnError::Empty));
        assert_eq!(parse_token("--"), Err(ParseTurnError::NotADigit { at: 0, found: '-' }));
        assert_eq!(parse_token("0-"), Err(ParseTurnError::NotADigit { at: 1, found: '-' }));
        assert_eq!(parse_token("8"), Err(ParseTurnError::NotADigit { at: 0, found: '8' }));
    }
}
