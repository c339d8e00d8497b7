//! Bars in text: the two cells, each a column letter and a row number from the bottom (`e2e3`).
//!
//! Reading does not know the board: any letter `a`–`z` and any row 1–99 is a cell, so a bar past the board is
//! refused by the rules (as off the board), not by the notation. Two cells that share no side are no bar and
//! are refused here. Either cell may come first; a bar is written lower-left cell first.

use super::cells::Cell;
use super::position::Bar;
use crate::game::NotationError;

/// Reads one cell at the front of `chars`, whose first character is at `at`.
fn parse_cell(
    chars: &mut std::iter::Peekable<impl Iterator<Item = (usize, char)>>,
    at: usize,
) -> Result<Cell, NotationError> {
    let column = match chars.next() {
        Some((_, c @ 'a'..='z')) => c as u8 - b'a',
        Some((_, c @ 'A'..='Z')) => c as u8 - b'A',
        Some((at, _)) => return Err(NotationError { at, expected: "a column letter a-z" }),
        None => return Err(NotationError { at, expected: "a column letter a-z" }),
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
    Ok(Cell::new(column, row - 1))
}

/// Reads a run of bars written together (`e2e3f5g5`) or separated by ASCII spaces; letters may be upper case.
pub fn parse_bars(text: &str) -> Result<Vec<Bar>, NotationError> {
    let mut bars = Vec::new();
    let mut chars = text.chars().enumerate().peekable();
    while let Some(&(at, c)) = chars.peek() {
        if c == ' ' {
            chars.next();
            continue;
        }
        let first = parse_cell(&mut chars, at)?;
        let second_at = chars.peek().map_or(text.chars().count(), |&(at, _)| at);
        let second = parse_cell(&mut chars, second_at)?;
        let bar = Bar::between(first, second)
            .ok_or(NotationError { at: second_at, expected: "a cell sharing a side with the bar's first cell" })?;
        bars.push(bar);
    }
    Ok(bars)
}

/// Writes `bar` in the canonical form: lower-case, the lower-left cell first (`e2e3`).
pub fn write_bar(bar: Bar, out: &mut String) {
    use std::fmt::Write;
    write!(out, "{}{}", bar.cell, bar.second()).expect("writing to a String cannot fail");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::barriers::Orientation;

    fn written(bars: &[Bar]) -> String {
        let mut out = String::new();
        for &bar in bars {
            write_bar(bar, &mut out);
        }
        out
    }

    #[test]
    fn runs_of_bars_in_either_order_of_cells() {
        let expected = vec![
            Bar { cell: Cell::new(4, 1), orientation: Orientation::Vertical },
            Bar { cell: Cell::new(10, 11), orientation: Orientation::Horizontal },
        ];
        assert_eq!(parse_bars("e2e3k12l12"), Ok(expected.clone()));
        assert_eq!(parse_bars(" E3e2  l12K12 "), Ok(expected.clone()));
        assert_eq!(written(&expected), "e2e3k12l12");
        assert_eq!(parse_bars(&written(&expected)), Ok(expected));
        assert_eq!(parse_bars(""), Ok(vec![]));
        assert_eq!(parse_bars("y98z98").map(|bars| bars.len()), Ok(1), "past every board, still notation");
    }

    #[test]
    fn unreadable_text_names_the_character() {
        let cases = [
            ("2e", 0, "a column letter a-z"),
            ("e", 1, "a row number 1-99"),
            ("e0e1", 1, "a row number 1-99"),
            ("e2", 2, "a column letter a-z"),
            ("e2 e3", 2, "a column letter a-z"),
            ("e2f3", 2, "a cell sharing a side with the bar's first cell"),
            ("e2e4", 2, "a cell sharing a side with the bar's first cell"),
            ("e2e2", 2, "a cell sharing a side with the bar's first cell"),
            ("e2e3,", 4, "a column letter a-z"),
            ("é1", 0, "a column letter a-z"),
        ];
        for (text, at, expected) in cases {
            assert_eq!(parse_bars(text), Err(NotationError { at, expected }), "{text:?}");
        }
    }
}
