//! Segments in text: the two points' numbers from 1, joined by a hyphen (`3-11`); the segments of one text are
//! separated by ASCII spaces.
//!
//! Reading does not know the game: any numbers 1–99 make a segment, so a point past the game's is refused by the
//! rules (as no such point), not by the notation.

use std::fmt::Write;

use super::position::Segment;
use crate::game::NotationError;

/// The largest point number the notation reads.
const MAX_NUMBER: u8 = 99;

/// Reads the segments of `text`, separated by ASCII spaces (`3-11 4-5`); either point may come first.
pub fn parse_segments(text: &str) -> Result<Vec<Segment>, NotationError> {
    let mut segments = Vec::new();
    let mut chars = text.chars().enumerate().peekable();
    while let Some(&(at, c)) = chars.peek() {
        if c == ' ' {
            chars.next();
            continue;
        }
        let first = number(&mut chars, at)?;
        match chars.next() {
            Some((_, '-')) => {}
            Some((at, _)) => return Err(NotationError { at, expected: "a hyphen between the two points" }),
            None => {
                return Err(NotationError { at: text.chars().count(), expected: "a hyphen between the two points" })
            }
        }
        let at = chars.peek().map_or(text.chars().count(), |&(at, _)| at);
        let second = number(&mut chars, at)?;
        if let Some(&(at, next)) = chars.peek() {
            if next != ' ' {
                return Err(NotationError { at, expected: "a space after a segment" });
            }
        }
        segments.push(Segment::new(first - 1, second - 1));
    }
    Ok(segments)
}

/// Reads a point number 1–99 without a leading zero, starting at character `at`.
fn number(
    chars: &mut std::iter::Peekable<impl Iterator<Item = (usize, char)>>,
    at: usize,
) -> Result<u8, NotationError> {
    let expected = "a point number 1-99";
    let mut value = match chars.next() {
        Some((_, digit @ '1'..='9')) => digit as u8 - b'0',
        Some((at, _)) => return Err(NotationError { at, expected }),
        None => return Err(NotationError { at, expected }),
    };
    while let Some(&(at, digit @ '0'..='9')) = chars.peek() {
        value = value
            .checked_mul(10)
            .and_then(|tens| tens.checked_add(digit as u8 - b'0'))
            .filter(|&v| v <= MAX_NUMBER)
            .ok_or(NotationError { at, expected })?;
        chars.next();
    }
    Ok(value)
}

/// Writes `segment` in the canonical form: the lower number first (`3-11`).
pub fn write_segment(segment: Segment, out: &mut String) {
    write!(out, "{segment}").expect("writing to a String cannot fail");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_read_either_way_round_and_write_the_lower_first() {
        assert_eq!(parse_segments("3-11"), Ok(vec![Segment::new(2, 10)]));
        assert_eq!(parse_segments(" 11-3  4-5 "), Ok(vec![Segment::new(2, 10), Segment::new(3, 4)]));
        assert_eq!(parse_segments("99-1"), Ok(vec![Segment::new(0, 98)]), "past every game, still notation");
        assert_eq!(parse_segments(""), Ok(vec![]));
        let mut text = String::new();
        write_segment(Segment::new(10, 2), &mut text);
        assert_eq!(text, "3-11");
    }

    #[test]
    fn unreadable_text_names_the_character() {
        let cases = [
            ("-3", 0, "a point number 1-99"),
            ("3", 1, "a hyphen between the two points"),
            ("3-", 2, "a point number 1-99"),
            ("3-0", 2, "a point number 1-99"),
            ("03-4", 0, "a point number 1-99"),
            ("3-100", 4, "a point number 1-99"),
            ("3+4", 1, "a hyphen between the two points"),
            ("3-4,5-6", 3, "a space after a segment"),
            ("3-45-6", 4, "a space after a segment"),
        ];
        for (text, at, expected) in cases {
            assert_eq!(parse_segments(text), Err(NotationError { at, expected }), "{text:?}");
        }
    }
}
