//! Edges in text (rule 6): the lower or left dot's column letter from the left, its row number from the bottom,
//! and `h` (to the right) or `v` (upwards): `a1h`, `c3v`. The edges of one turn are written with spaces.
//!
//! Reading does not know the field: any letter `a`–`z` and any row 1–99 is an edge, so an edge past the field
//! is refused by the rules (as off the field), not by the notation.

use std::fmt::Write;

use super::edges::{Edge, Orientation};
use crate::game::NotationError;

/// Reads a run of edges separated by ASCII spaces (`a1h b1v`); every edge ends with its `h` or `v`, so edges
/// written together (`a1hb1v`) read too. Letters are lower case; a row has one or two digits and no leading
/// zero.
pub fn parse_edges(text: &str) -> Result<Vec<Edge>, NotationError> {
    let mut edges = Vec::new();
    let mut chars = text.chars().enumerate().peekable();
    while let Some((at, c)) = chars.next() {
        if c == ' ' {
            continue;
        }
        let column = match c {
            'a'..='z' => c as u8 - b'a',
            _ => return Err(NotationError { at, expected: "a column letter a-z" }),
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
        let orientation_expected = "h or v";
        let orientation = match chars.next() {
            Some((_, 'h')) => Orientation::Horizontal,
            Some((_, 'v')) => Orientation::Vertical,
            Some((at, _)) => return Err(NotationError { at, expected: orientation_expected }),
            None => return Err(NotationError { at: text.chars().count(), expected: orientation_expected }),
        };
        edges.push(Edge { column, row: row - 1, orientation });
    }
    Ok(edges)
}

/// Writes `edge` in the canonical form (`a1h`).
pub fn write_edge(edge: Edge, out: &mut String) {
    write!(out, "{edge}").expect("writing to a String cannot fail");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_read_with_or_without_spaces_and_write_back() {
        let expected = vec![Edge::horizontal(0, 0), Edge::vertical(2, 2)];
        assert_eq!(parse_edges("a1h c3v"), Ok(expected.clone()));
        assert_eq!(parse_edges(" a1hc3v "), Ok(expected.clone()));
        assert_eq!(parse_edges("j10v z99h"), Ok(vec![Edge::vertical(9, 9), Edge::horizontal(25, 98)]));
        assert_eq!(parse_edges(""), Ok(vec![]));
        let mut written = String::new();
        for edge in expected {
            write_edge(edge, &mut written);
        }
        assert_eq!(written, "a1hc3v");
        assert_eq!(Edge::vertical(9, 9).to_string(), "j10v");
    }

    #[test]
    fn unreadable_text_names_the_character() {
        let cases = [
            ("A1h", 0, "a column letter a-z"),
            ("a", 1, "a row number 1-99"),
            ("a0h", 1, "a row number 1-99"),
            ("a1", 2, "h or v"),
            ("a1x", 2, "h or v"),
            ("a100h", 3, "h or v"),
            ("a1h,b1v", 3, "a column letter a-z"),
            ("a1h\tb1v", 3, "a column letter a-z"),
            ("ä1h", 0, "a column letter a-z"),
        ];
        for (text, at, expected) in cases {
            assert_eq!(parse_edges(text), Err(NotationError { at, expected }), "{text:?}");
        }
    }
}
