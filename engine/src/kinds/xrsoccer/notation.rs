//! Turn tokens of an xrsoccer record: a line's step digits (`012`), prefixed with `rX,Y:` when the ball was
//! relocated to kurnik-frame point (X, Y) before it (`r7,3:012`), or `-` for a skipped slot (§5.4).
//!
//! Rule 7 writes a relocation `r7,3` at the start of the token; the `:` that ends the coordinates is our
//! decision, because without it `r7,1012` could be (7, 1) then `012` or (7, 10) then `12`.

use std::fmt;

use crate::soccer::{write_turn, Direction, Point};

/// One turn token of an xrsoccer record.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum XrToken {
    /// `-`: the seat draws nothing; the opponent moves again after an own goal.
    Pass,
    /// One line, and where the ball was carried before it, if it was.
    Line {
        /// The relocation's target point, kurnik frame.
        relocated_to: Option<Point>,
        /// The steps of the line (the last token of a record may stop part-way).
        steps: Vec<Direction>,
    },
}

/// Why a turn token cannot be read. Offsets count characters from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    /// The token has no step.
    #[error("the token has no step")]
    NoStep,
    /// The relocation prefix is not `rX,Y:` with coordinates 0–99.
    #[error("character {at}: the relocation is not rX,Y: with coordinates 0-99")]
    BadRelocation {
        /// Where the prefix stops making sense.
        at: usize,
    },
    /// A character is not a direction digit.
    #[error("character {at} ({found:?}) is not a direction digit 0-7")]
    NotADigit {
        /// Its offset.
        at: usize,
        /// The character found there.
        found: char,
    },
}

/// Reads one turn token: `-`, or an optional `rX,Y:` and one or more digits 0–7.
pub fn parse_token(token: &str) -> Result<XrToken, TokenError> {
    if token == "-" {
        return Ok(XrToken::Pass);
    }
    let (relocated_to, steps_at) = match token.strip_prefix('r') {
        Some(rest) => {
            let end = rest.find(':').ok_or(TokenError::BadRelocation { at: token.chars().count() })?;
            let point = parse_point(&rest[..end]).ok_or(TokenError::BadRelocation { at: 1 })?;
            (Some(point), 1 + rest[..=end].chars().count())
        }
        None => (None, 0),
    };
    let steps = token
        .chars()
        .enumerate()
        .skip(steps_at)
        .map(|(at, found)| Direction::from_digit(found).ok_or(TokenError::NotADigit { at, found }))
        .collect::<Result<Vec<_>, _>>()?;
    if steps.is_empty() {
        return Err(TokenError::NoStep);
    }
    Ok(XrToken::Line { relocated_to, steps })
}

/// `X,Y` with each coordinate one or two digits, no sign and no leading zero.
fn parse_point(text: &str) -> Option<Point> {
    let (x, y) = text.split_once(',')?;
    let coordinate = |digits: &str| {
        let plain = (1..=2).contains(&digits.len())
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !(digits.len() == 2 && digits.starts_with('0'));
        plain.then(|| digits.parse::<i8>().ok()).flatten()
    };
    Some(Point::new(coordinate(x)?, coordinate(y)?))
}

impl fmt::Display for XrToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XrToken::Pass => f.write_str("-"),
            XrToken::Line { relocated_to, steps } => {
                if let Some(point) = relocated_to {
                    write!(f, "r{},{}:", point.x, point.y)?;
                }
                f.write_str(&write_turn(steps))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_every_form() {
        assert_eq!(parse_token("-"), Ok(XrToken::Pass));
        assert_eq!(
            parse_token("r7,3:012"),
            Ok(XrToken::Line {
                relocated_to: Some(Point::new(7, 3)),
                steps: vec![Direction::North, Direction::NorthEast, Direction::East],
            })
        );
        assert_eq!(
            parse_token("54"),
            Ok(XrToken::Line { relocated_to: None, steps: vec![Direction::SouthWest, Direction::South] })
        );
        for text in ["-", "r7,3:012", "r0,18:4", "r12,10:1", "765"] {
            assert_eq!(parse_token(text).expect("readable").to_string(), text);
        }
    }

    #[test]
    fn refuses_malformed_tokens() {
        let cases = [
            ("", TokenError::NoStep),
            ("r7,3:", TokenError::NoStep),
            ("r7,3012", TokenError::BadRelocation { at: 7 }),
            ("r7;3:0", TokenError::BadRelocation { at: 1 }),
            ("r07,3:0", TokenError::BadRelocation { at: 1 }),
            ("r-1,3:0", TokenError::BadRelocation { at: 1 }),
            ("r100,3:0", TokenError::BadRelocation { at: 1 }),
            ("r7,3:08", TokenError::NotADigit { at: 6, found: '8' }),
            ("0-", TokenError::NotADigit { at: 1, found: '-' }),
            ("--", TokenError::NotADigit { at: 0, found: '-' }),
            ("ł", TokenError::NotADigit { at: 0, found: 'ł' }),
        ];
        for (text, error) in cases {
            assert_eq!(parse_token(text), Err(error), "{text:?}");
        }
    }
}
