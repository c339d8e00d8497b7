//! The notation of a move: the cell, the letter and the path, `c4=к:b4,c4,c3,d3` (rules 2), or `pass`. Moves of
//! a run are separated by spaces.
//!
//! Reading does not know the grid or the language: any column `a`–`z`, any row 1–99 and any one letter read,
//! so a cell past the grid or a letter outside the alphabet is refused by the rules, not by the notation.
//! Column letters may be upper case; the placed letter is taken as written.

use super::action::{Move, Placement};
use super::geometry::{Cell, Path, MAX_CELLS};
use crate::game::NotationError;

/// The text of a pass.
pub const PASS: &str = "pass";

/// Reads moves separated by spaces; blank text is no moves.
pub fn parse_moves(text: &str) -> Result<Vec<Move>, NotationError> {
    let mut moves = Vec::new();
    let mut offset = 0;
    for token in text.split(' ') {
        if !token.is_empty() {
            moves.push(parse_move(token).map_err(|error| NotationError { at: offset + error.at, ..error })?);
        }
        offset += token.chars().count() + 1;
    }
    // Blank text is no moves, as every kind reads it: the caller refuses an empty move (`MoveError::Empty`).
    Ok(moves)
}

/// Reads one move; on error the offset is within the token.
fn parse_move(token: &str) -> Result<Move, NotationError> {
    if token.eq_ignore_ascii_case(PASS) {
        return Ok(Move::Pass);
    }
    let mut chars = token.chars().enumerate().peekable();
    let cell = parse_cell(&mut chars, 0)?;
    expect(&mut chars, token, '=', "'=' after the cell")?;
    let letter = match chars.next() {
        Some((_, letter)) if letter.is_alphabetic() => letter,
        Some((at, _)) => return Err(NotationError { at, expected: "a letter" }),
        None => return Err(NotationError { at: token.chars().count(), expected: "a letter" }),
    };
    expect(&mut chars, token, ':', "':' before the path")?;
    let mut cells = Vec::new();
    loop {
        let at = chars.peek().map_or(token.chars().count(), |&(at, _)| at);
        if cells.len() == MAX_CELLS {
            return Err(NotationError { at, expected: "at most 49 cells in the path" });
        }
        cells.push(parse_cell(&mut chars, at)?);
        match chars.next() {
            None => break,
            Some((_, ',')) => {}
            Some((at, _)) => return Err(NotationError { at, expected: "',' between the path's cells" }),
        }
    }
    let path = Path::new(&cells).ok_or(NotationError { at: 0, expected: "a path of 1 to 49 cells" })?;
    Ok(Move::Place(Placement { cell, letter, path }))
}

/// Takes `wanted` from the front of `chars`.
fn expect(
    chars: &mut impl Iterator<Item = (usize, char)>,
    token: &str,
    wanted: char,
    expected: &'static str,
) -> Result<(), NotationError> {
    match chars.next() {
        Some((_, found)) if found == wanted => Ok(()),
        Some((at, _)) => Err(NotationError { at, expected }),
        None => Err(NotationError { at: token.chars().count(), expected }),
    }
}

/// Reads one cell at the front of `chars`, whose first character is at `at`.
fn parse_cell(
    chars: &mut std::iter::Peekable<impl Iterator<Item = (usize, char)>>,
    at: usize,
) -> Result<Cell, NotationError> {
    let column_expected = "a column letter a-z";
    let column = match chars.next() {
        Some((_, c @ 'a'..='z')) => c as u8 - b'a',
        Some((_, c @ 'A'..='Z')) => c as u8 - b'A',
        Some((at, _)) => return Err(NotationError { at, expected: column_expected }),
        None => return Err(NotationError { at, expected: column_expected }),
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

/// Writes one move: `c4=к:b4,c4,c3,d3` or `pass`.
pub fn write_move(action: Move, out: &mut String) {
    use std::fmt::Write;
    match action {
        Move::Pass => out.push_str(PASS),
        Move::Place(placement) => {
            write!(out, "{}={}:{}", placement.cell, placement.letter, placement.path)
                .expect("writing to a String cannot fail");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(moves: &[Move]) -> String {
        let mut out = String::new();
        for (at, &action) in moves.iter().enumerate() {
            if at > 0 {
                out.push(' ');
            }
            write_move(action, &mut out);
        }
        out
    }

    #[test]
    fn placements_and_passes_read_and_write_back() {
        let text = "c4=к:b4,c4,c3,d3 pass a1=ż:a1,a2,b2";
        let moves = parse_moves(text).expect("readable");
        assert_eq!(moves.len(), 3);
        assert_eq!(moves[1], Move::Pass);
        let Move::Place(first) = moves[0] else { panic!("a placement first") };
        assert_eq!((first.cell, first.letter), (Cell::new(2, 3), 'к'));
        assert_eq!(first.path.cells(), [Cell::new(1, 3), Cell::new(2, 3), Cell::new(2, 2), Cell::new(3, 2)]);
        assert_eq!(written(&moves), text);
        assert_eq!(parse_moves("C4=k:C4 PASS").map(|moves| written(&moves)), Ok("c4=k:c4 pass".to_owned()));
        assert_eq!(parse_moves("  "), Ok(Vec::new()));
    }

    #[test]
    fn unreadable_moves_name_the_character_where_they_fail() {
        for (text, at) in [
            ("c", 1),
            ("c4", 2),
            ("c4k", 2),
            ("c4=", 3),
            ("c4=1:c4", 3),
            ("c4=k", 4),
            ("c4=k:", 5),
            ("c4=k:c4,", 8),
            ("c4=k:c4;c5", 7),
            ("c0=k:c4", 1),
            ("pass c4=k:c4,x", 14),
        ] {
            assert_eq!(parse_moves(text).map_err(|error| error.at), Err(at), "{text:?}");
        }
    }
}
