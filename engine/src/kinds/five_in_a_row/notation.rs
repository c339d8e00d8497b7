//! Actions in text (rules §1, §3): `h8` on a bounded board (file letter `a`–`z` from the left, rank from 1 at
//! the bottom), `3,-2` on the endless board, `=B` and `=W` for the swap openings' colour choices. A run of
//! actions is written with single spaces between them (`3,-2` and `4,5` written together would be ambiguous).
//!
//! Reading does not know the board: `z99` and `9999,0` are points, which the rules then refuse as off the board.

use std::fmt::Write;

use super::board::{Colour, Point};
use super::position::Action;
use crate::game::NotationError;

/// The largest coordinate the endless notation reads: four digits.
const MAX_COORDINATE: i16 = 9999;

/// Reads a run of actions separated by ASCII spaces (any number, leading and trailing too). File letters may be
/// upper or lower case; ranks have no leading zero; coordinates are optionally signed integers of up to four
/// digits.
pub fn parse_actions(text: &str) -> Result<Vec<Action>, NotationError> {
    let mut actions = Vec::new();
    let mut chars = text.char_indices().map(|(_, c)| c).enumerate().peekable();
    while let Some(&(at, c)) = chars.peek() {
        if c == ' ' {
            chars.next();
            continue;
        }
        let token: Vec<(usize, char)> = std::iter::from_fn(|| chars.next_if(|&(_, c)| c != ' ')).collect();
        actions.push(parse_token(at, &token)?);
    }
    Ok(actions)
}

/// One action from its characters, each with its offset in the whole text.
fn parse_token(at: usize, token: &[(usize, char)]) -> Result<Action, NotationError> {
    let end = at + token.len();
    let char_at = |index: usize| token.get(index).map(|&(_, c)| c);
    match char_at(0) {
        Some('=') => {
            let colour = match char_at(1) {
                Some('B') => Colour::Black,
                Some('W') => Colour::White,
                _ => return Err(NotationError { at: at + 1, expected: "B or W after =" }),
            };
            if token.len() > 2 {
                return Err(NotationError { at: at + 2, expected: "a space after a colour choice" });
            }
            Ok(Action::Choose(colour))
        }
        Some(letter @ ('a'..='z' | 'A'..='Z')) => {
            let x = (letter.to_ascii_lowercase() as u8 - b'a') as i16;
            let expected = "a rank 1-99";
            let (rank, used) = digits(&token[1..], 2).ok_or(NotationError { at: at + 1, expected })?;
            if rank == 0 || char_at(1) == Some('0') {
                return Err(NotationError { at: at + 1, expected });
            }
            if let Some(&(offset, _)) = token.get(1 + used) {
                return Err(NotationError { at: offset, expected: "a space after a point" });
            }
            Ok(Action::Stone(Point::new(x, rank - 1)))
        }
        Some('-' | '0'..='9') => {
            let (x, used) = signed(token).ok_or(NotationError { at, expected: "a coordinate x" })?;
            match token.get(used) {
                Some(&(_, ',')) => {}
                Some(&(offset, _)) => return Err(NotationError { at: offset, expected: "a comma after x" }),
                None => return Err(NotationError { at: end, expected: "a comma after x" }),
            }
            let rest = &token[used + 1..];
            let after_comma = at + used + 1;
            let (y, used_y) = signed(rest).ok_or(NotationError { at: after_comma, expected: "a coordinate y" })?;
            if let Some(&(offset, _)) = rest.get(used_y) {
                return Err(NotationError { at: offset, expected: "a space after a point" });
            }
            Ok(Action::EndlessStone(Point::new(x, y)))
        }
        _ => Err(NotationError { at, expected: "a point (h8 or 3,-2) or a colour choice (=B, =W)" }),
    }
}

/// The number of up to `most` leading digits, and how many characters it took; `None` without a digit.
fn digits(token: &[(usize, char)], most: usize) -> Option<(i16, usize)> {
    let count = token.iter().take(most).take_while(|(_, c)| c.is_ascii_digit()).count();
    // Saturating: a run of five digits may pass `i16::MAX`, and the callers refuse any such value by its length.
    let value = token[..count]
        .iter()
        .fold(0i16, |value, &(_, c)| value.saturating_mul(10).saturating_add(i16::from(c as u8 - b'0')));
    (count > 0).then_some((value, count))
}

/// An optionally negative integer of up to four digits (no `-0`, no leading zeros) and its length.
fn signed(token: &[(usize, char)]) -> Option<(i16, usize)> {
    let negative = token.first().is_some_and(|&(_, c)| c == '-');
    let sign = usize::from(negative);
    let (value, count) = digits(&token[sign..], 5)?;
    let leading_zero = count > 1 && token[sign].1 == '0';
    if count > 4 || value > MAX_COORDINATE || leading_zero || (negative && value == 0) {
        return None;
    }
    Some((if negative { -value } else { value }, sign + count))
}

/// Writes `action` in its canonical form: a lower-case file and the rank (`h8`), `x,y` (`3,-2`), `=B`, `=W`.
pub fn write_action(action: Action, out: &mut String) {
    match action {
        Action::Stone(point) => {
            let file = u8::try_from(point.x).ok().filter(|&x| x < 26).map_or('?', |x| char::from(b'a' + x));
            write!(out, "{file}{}", i32::from(point.y) + 1)
        }
        Action::EndlessStone(point) => write!(out, "{},{}", point.x, point.y),
        Action::Choose(colour) => write!(out, "={}", colour.letter()),
    }
    .expect("writing to a String cannot fail");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(actions: &[Action]) -> String {
        let mut out = String::new();
        for (index, &action) in actions.iter().enumerate() {
            if index > 0 {
                out.push(' ');
            }
            write_action(action, &mut out);
        }
        out
    }

    #[test]
    fn coordinates_of_five_digits_beyond_a_16_bit_number_are_refused_not_overflowed() {
        for text in ["99999,1", "1,-99999", "40000,0"] {
            assert!(parse_actions(text).is_err(), "{text}");
        }
    }

    #[test]
    fn every_kind_of_action_reads_and_writes_back() {
        let actions = parse_actions(" h8  a1 Y25 =B =W 3,-2 -1000,0 0,0 ").expect("readable");
        assert_eq!(
            actions,
            [
                Action::Stone(Point::new(7, 7)),
                Action::Stone(Point::new(0, 0)),
                Action::Stone(Point::new(24, 24)),
                Action::Choose(Colour::Black),
                Action::Choose(Colour::White),
                Action::EndlessStone(Point::new(3, -2)),
                Action::EndlessStone(Point::new(-1000, 0)),
                Action::EndlessStone(Point::new(0, 0)),
            ]
        );
        let text = written(&actions);
        assert_eq!(text, "h8 a1 y25 =B =W 3,-2 -1000,0 0,0");
        assert_eq!(parse_actions(&text), Ok(actions));
        assert_eq!(parse_actions(""), Ok(vec![]));
        assert_eq!(parse_actions("z99"), Ok(vec![Action::Stone(Point::new(25, 98))]), "past every board");
    }

    #[test]
    fn unreadable_text_names_the_character() {
        let cases = [
            ("8h", 1, "a comma after x"),
            ("h", 1, "a rank 1-99"),
            ("h0", 1, "a rank 1-99"),
            ("h08", 1, "a rank 1-99"),
            ("h100", 3, "a space after a point"),
            ("h8h9", 2, "a space after a point"),
            ("=X", 1, "B or W after ="),
            ("=Bh8", 2, "a space after a colour choice"),
            ("3,", 2, "a coordinate y"),
            ("3", 1, "a comma after x"),
            ("-0,1", 0, "a coordinate x"),
            ("03,1", 0, "a coordinate x"),
            ("10000,1", 0, "a coordinate x"),
            ("1,2,3", 3, "a space after a point"),
            ("h8 ł", 3, "a point (h8 or 3,-2) or a colour choice (=B, =W)"),
        ];
        for (text, at, expected) in cases {
            assert_eq!(parse_actions(text), Err(NotationError { at, expected }), "{text:?}");
        }
    }
}
