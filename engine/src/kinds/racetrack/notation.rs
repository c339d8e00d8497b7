//! The notation of a move: a keypad digit `1`–`9`, or the point reached, `x,y` (rules 2.2). Moves of a run are
//! separated by spaces.

use super::geometry::Point;
use super::position::Move;
use crate::game::NotationError;

/// What a move token must be.
const EXPECTED: &str = "a keypad digit 1-9 or a point x,y";

/// Reads moves separated by blanks; blank text is no moves.
pub fn parse_moves(text: &str) -> Result<Vec<Move>, NotationError> {
    let mut moves = Vec::new();
    let mut offset = 0;
    for token in text.split(' ') {
        if !token.is_empty() {
            moves.push(parse_move(token).map_err(|at| NotationError { at: offset + at, expected: EXPECTED })?);
        }
        offset += token.chars().count() + 1;
    }
    // Blank text is no moves, as every kind reads it: the caller refuses an empty move (`MoveError::Empty`).
    Ok(moves)
}

/// Reads one token; on error the character offset within it.
fn parse_move(token: &str) -> Result<Move, usize> {
    if let [digit @ b'1'..=b'9'] = token.as_bytes() {
        return Ok(Move::Keypad(digit - b'0'));
    }
    let (x, y) = token.split_once(',').ok_or(0usize)?;
    let coordinate = |text: &str, at: usize| -> Result<i16, usize> {
        let digits = text.strip_prefix('-').unwrap_or(text);
        if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
            return Err(at);
        }
        text.parse::<i16>().map_err(|_| at)
    };
    let x = coordinate(x, 0)?;
    let y = coordinate(y, x_len(token) + 1)?;
    Ok(Move::Point(Point::new(x, y)))
}

/// The characters before the comma of a token that has one.
fn x_len(token: &str) -> usize {
    token.split(',').next().map_or(0, |x| x.chars().count())
}

/// Writes one move.
pub fn write_move(action: Move, out: &mut String) {
    match action {
        Move::Keypad(digit) => out.push(char::from(b'0' + digit % 10)),
        Move::Point(point) => out.push_str(&point.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_and_points_read_and_write_back() {
        assert_eq!(parse_moves("5"), Ok(vec![Move::Keypad(5)]));
        assert_eq!(parse_moves("7 12,-3"), Ok(vec![Move::Keypad(7), Move::Point(Point::new(12, -3))]));
        assert_eq!(parse_moves(""), Ok(Vec::new()));
        for text in ["0", "10", "a", "1,", ",2", "1,2,3", "99999,1"] {
            assert!(parse_moves(text).is_err(), "{text:?}");
        }
        assert_eq!(parse_moves("5 1,x").map_err(|error| error.at), Err(4));
        let mut out = String::new();
        write_move(Move::Point(Point::new(3, 14)), &mut out);
        write_move(Move::Keypad(9), &mut out);
        assert_eq!(out, "3,149");
    }
}
