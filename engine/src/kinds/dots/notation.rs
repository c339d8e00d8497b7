//! Points and actions in text: the SGF two-letter point (`qv`; `a`–`z` are 0–25, `A`–`Z` 26–51, column
//! first) and the action tokens of rule 10.6 (`qv`, `qv~`, `P:qv`, `STOP`, `DONE`).

use super::action::Action;
use super::field::Point;
use crate::game::NotationError;

/// The letter of coordinate `value` (0–51).
#[must_use]
pub fn coordinate_letter(value: u8) -> char {
    match value {
        0..=25 => char::from(b'a' + value),
        _ => char::from(b'A' + (value - 26).min(25)),
    }
}

/// The coordinate a letter stands for.
#[must_use]
pub fn letter_coordinate(letter: u8) -> Option<u8> {
    match letter {
        b'a'..=b'z' => Some(letter - b'a'),
        b'A'..=b'Z' => Some(letter - b'A' + 26),
        _ => None,
    }
}

/// Writes `point` as two letters.
pub fn write_point(point: Point, out: &mut String) {
    out.push(coordinate_letter(point.x));
    out.push(coordinate_letter(point.y));
}

/// Reads a two-letter point from the start of `text`, if there is one.
#[must_use]
pub fn read_point(text: &[u8]) -> Option<Point> {
    match text {
        [x, y, ..] => Some(Point::new(letter_coordinate(*x)?, letter_coordinate(*y)?)),
        _ => None,
    }
}

/// Reads actions separated by ASCII whitespace. Points are not checked against a field: a point past the
/// field is refused by the rules, not the notation.
pub fn parse_actions(text: &str) -> Result<Vec<Action>, NotationError> {
    let mut actions = Vec::new();
    let mut at = 0;
    for token in text.split(|c: char| c.is_ascii_whitespace()) {
        if !token.is_empty() {
            actions.push(parse_action(token).map_err(|offset| NotationError {
                at: at + offset,
                expected: "a point (two letters), a point and ~, P: and a point, STOP or DONE",
            })?);
        }
        at += token.len() + 1;
    }
    Ok(actions)
}

/// One action token; on error, the offset in the token of the first character that does not fit.
fn parse_action(token: &str) -> Result<Action, usize> {
    match token {
        "STOP" => return Ok(Action::Stop),
        "DONE" => return Ok(Action::Done),
        _ => {}
    }
    let bytes = token.as_bytes();
    let (offset, make): (usize, fn(Point) -> Action) = match bytes {
        [b'P', b':', ..] => (2, Action::Paint),
        [_, _, b'~'] => (0, Action::DotPaintLater),
        _ => (0, Action::Dot),
    };
    let rest = &bytes[offset..];
    let point = read_point(rest).ok_or(offset)?;
    let expected_len = if bytes.len() == 3 && bytes[2] == b'~' { 3 } else { offset + 2 };
    if bytes.len() != expected_len {
        return Err(expected_len.min(bytes.len()));
    }
    Ok(make(point))
}

/// Writes one action token.
pub fn write_action(action: Action, out: &mut String) {
    match action {
        Action::Dot(point) => write_point(point, out),
        Action::DotPaintLater(point) => {
            write_point(point, out);
            out.push('~');
        }
        Action::Paint(point) => {
            out.push_str("P:");
            write_point(point, out);
        }
        Action::Stop => out.push_str("STOP"),
        Action::Done => out.push_str("DONE"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_is_read_back_as_written() {
        let actions = [
            Action::Dot(Point::new(16, 21)),
            Action::Dot(Point::new(51, 26)),
            Action::DotPaintLater(Point::new(0, 0)),
            Action::Paint(Point::new(30, 2)),
            Action::Stop,
            Action::Done,
        ];
        let mut text = String::new();
        for action in actions {
            if !text.is_empty() {
                text.push(' ');
            }
            write_action(action, &mut text);
        }
        assert_eq!(text, "qv ZA aa~ P:Ec STOP DONE");
        assert_eq!(parse_actions(&text), Ok(actions.to_vec()));
    }

    #[test]
    fn bad_tokens_are_located() {
        assert_eq!(parse_actions("qv q1").map_err(|e| e.at), Err(3));
        assert_eq!(parse_actions("qvx").map_err(|e| e.at), Err(2));
        assert_eq!(parse_actions("P:").map_err(|e| e.at), Err(2));
        assert!(parse_actions("stop").is_err());
        assert_eq!(parse_actions("  "), Ok(Vec::new()));
    }
}
