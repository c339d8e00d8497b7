//! Squares in text: a column letter, then the row number from the bottom (`D5`, `L12`).
//!
//! Reading does not know the board: any letter `A`–`Z` and any row 1–99 is a square, so a square past the
//! board is refused by the rules (as off the board), not by the notation.

use std::fmt::Write;

use super::board::Square;
use crate::game::NotationError;

/// Reads a run of squares written together (`D5B2`, `A12B3`) or separated by ASCII spaces; letters may be
/// lower case. A row has one or two digits and no leading zero, so `A12B3` is `A12` then `B3`.
pub fn parse_squares(text: &str) -> Result<Vec<Square>, NotationError> {
    let mut squares = Vec::new();
    let mut chars = text.chars().enumerate().peekable();
    while let Some((at, c)) = chars.next() {
        if c == ' ' {
            continue;
        }
        let column = match c {
            'A'..='Z' => c as u8 - b'A',
            'a'..='z' => c as u8 - b'a',
            _ => return Err(NotationError { at, expected: "a column letter A-Z" }),
        };
        let row_expected = "a row number 1-99";
        let mut row = match chars.next() {
            Some((_, digit @ '1'..='9')) => digit as u8 - b'0',
            Some((at, _)) => return Err(NotationError { at, expected: row_expected }),
            None => return Err(NotationError { at: at + 1, expected: row_expected }),
        };
        if let Some(&(_, digit @ '0'..='9')) = chars.peek() {
            chars.next();
            row = row * 10 + (digit as u8 - b'0');
        }
        squares.push(Square::new(column, row - 1));
    }
    Ok(squares)
}

/// Writes `square` in the canonical form: upper-case column letter, then the row (`D5`).
pub fn write_square(square: Square, out: &mut String) {
    write!(out, "{square}").expect("writing to a String cannot fail");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(squares: &[Square]) -> String {
        let mut out = String::new();
        for &square in squares {
            write_square(square, &mut out);
        }
        out
    }

    #[test]
    fn runs_of_squares_with_or_without_spaces() {
        let expected = vec![Square::new(3, 4), Square::new(1, 1)];
        assert_eq!(parse_squares("D5B2"), Ok(expected.clone()));
        assert_eq!(parse_squares(" d5 b2 "), Ok(expected));
        assert_eq!(parse_squares("A12B3"), Ok(vec![Square::new(0, 11), Square::new(1, 2)]));
        assert_eq!(parse_squares("L12"), Ok(vec![Square::new(11, 11)]));
        assert_eq!(parse_squares("Z99"), Ok(vec![Square::new(25, 98)]), "past every board, still notation");
        assert_eq!(parse_squares(""), Ok(vec![]));
    }

    #[test]
    fn unreadable_text_names_the_character() {
        let cases = [
            ("5D", 0, "a column letter A-Z"),
            ("D", 1, "a row number 1-99"),
            ("D0", 1, "a row number 1-99"),
            ("D5 B", 4, "a row number 1-99"),
            ("A123", 3, "a column letter A-Z"),
            ("D5,B2", 2, "a column letter A-Z"),
            ("D\t5", 1, "a row number 1-99"),
            ("Ä1", 0, "a column letter A-Z"),
        ];
        for (text, at, expected) in cases {
            assert_eq!(parse_squares(text), Err(NotationError { at, expected }), "{text:?}");
        }
    }

    #[test]
    fn writing_is_canonical_and_reads_back() {
        let squares = parse_squares("a1 l12 c10 b2").expect("readable");
        assert_eq!(written(&squares), "A1L12C10B2");
        assert_eq!(parse_squares(&written(&squares)), Ok(squares));
        assert_eq!(Square::new(3, 4).to_string(), "D5");
    }
}
