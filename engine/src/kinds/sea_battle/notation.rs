//! Sea Battle's notation. Actions: a shot is a cell, column letter `A`–`J` then row `1`–`10` (`E5`, `J10`); a
//! fleet is `F:` and its ships separated by commas, each by its end cells (`A1-A4`) or its one cell (`C7`), in any
//! order and either end first; it is written back in canonical order (longest ship first, then by the top-left
//! cell, row by row), each ship top-left end first. Several actions of one turn are separated by spaces
//! (`E5 E6`).
//!
//! Public texts (what everyone sees of a move, [`Disclosure::public`](crate::Disclosure)): `F` for a fleet, and
//! for shots each shot with its answer, separated by spaces: `E5.` a miss, `E5x` a hit, `E5#E3-E6` a sink followed
//! by the sunk ship in the fleet notation (`E5#E5` for a ship of one cell).

use std::fmt;

use super::fleet::{Fleet, Ship, MAX_SHIPS};
use super::grid::Cell;
use crate::game::NotationError;

/// One Sea Battle action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A seat's fleet, placed during setup.
    Fleet(Fleet),
    /// A shot at a cell of the opponent's grid.
    Shot(Cell),
}

/// The answer to a shot (rule 2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// No ship there.
    Miss,
    /// A ship that still has unhit cells.
    Hit,
    /// The last cell of this ship.
    Sunk(Ship),
}

impl fmt::Display for Cell {
    /// The cell as the notation writes it: `A1`, `J10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'A' + self.column()), self.row() + 1)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Fleet(fleet) => write!(f, "{fleet}"),
            Action::Shot(cell) => write!(f, "{cell}"),
        }
    }
}

/// Writes one action.
pub fn write_action(action: Action, out: &mut String) {
    use std::fmt::Write;
    let _ = write!(out, "{action}");
}

/// Writes a shot with its answer, as the public text does: `E5.`, `E5x`, `E5#E3-E6`.
pub fn write_answered_shot(cell: Cell, answer: Answer, out: &mut String) {
    use std::fmt::Write;
    let _ = match answer {
        Answer::Miss => write!(out, "{cell}."),
        Answer::Hit => write!(out, "{cell}x"),
        Answer::Sunk(ship) => write!(out, "{cell}#{ship}"),
    };
}

/// Reads actions separated by spaces.
pub fn parse_actions(text: &str) -> Result<Vec<Action>, NotationError> {
    let mut cursor = Cursor { bytes: text.as_bytes(), at: 0 };
    let mut actions = Vec::new();
    while cursor.skip_spaces() {
        // `F` starts a fleet only with its colon: `F2` is a cell of column F.
        let action = if cursor.bytes[cursor.at..].starts_with(b"F:") {
            cursor.at += 2;
            Action::Fleet(cursor.fleet()?)
        } else {
            Action::Shot(cursor.cell()?)
        };
        cursor.end_of_token()?;
        actions.push(action);
    }
    Ok(actions)
}

/// Reads a public text of shots (`E5x E6.`), each shot with its answer; `None` when the text is not one.
#[must_use]
pub fn parse_answered_shots(text: &str) -> Option<Vec<(Cell, Answer)>> {
    let mut cursor = Cursor { bytes: text.as_bytes(), at: 0 };
    let mut shots = Vec::new();
    while cursor.skip_spaces() {
        let cell = cursor.cell().ok()?;
        let answer = if cursor.eat(b'.') {
            Answer::Miss
        } else if cursor.eat(b'x') {
            Answer::Hit
        } else if cursor.eat(b'#') {
            Answer::Sunk(cursor.ship().ok()?)
        } else {
            return None;
        };
        cursor.end_of_token().ok()?;
        shots.push((cell, answer));
    }
    (!shots.is_empty()).then_some(shots)
}

/// Reads a fleet's text, `F:` and its ships (a revealed secret).
pub fn parse_fleet(text: &str) -> Result<Fleet, NotationError> {
    match parse_actions(text)?.as_slice() {
        [Action::Fleet(fleet)] => Ok(*fleet),
        _ => Err(NotationError { at: 0, expected: "one fleet" }),
    }
}

/// A reading position in a text of ASCII notation (any other character is refused where it stands).
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    /// Skips spaces; whether a token follows.
    fn skip_spaces(&mut self) -> bool {
        while self.bytes.get(self.at) == Some(&b' ') {
            self.at += 1;
        }
        self.at < self.bytes.len()
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        self.at += usize::from(found);
        found
    }

    /// An error at the current character (counted in characters, so that a multi-byte character before it
    /// counts once).
    fn error(&self, expected: &'static str) -> NotationError {
        let at = String::from_utf8_lossy(&self.bytes[..self.at.min(self.bytes.len())]).chars().count();
        NotationError { at, expected }
    }

    fn end_of_token(&self) -> Result<(), NotationError> {
        match self.peek() {
            None | Some(b' ') => Ok(()),
            Some(_) => Err(self.error("a space or the end")),
        }
    }

    /// `A`–`J` then `1`–`10`.
    fn cell(&mut self) -> Result<Cell, NotationError> {
        let column = match self.peek() {
            Some(letter @ b'A'..=b'J') => letter - b'A',
            _ => return Err(self.error("a column letter A-J")),
        };
        self.at += 1;
        let row = match self.peek() {
            Some(digit @ b'1'..=b'9') => digit - b'0',
            _ => return Err(self.error("a row number 1-10")),
        };
        self.at += 1;
        let row = if row == 1 && self.eat(b'0') { 10 } else { row };
        if matches!(self.peek(), Some(b'0'..=b'9')) {
            return Err(self.error("a row number 1-10"));
        }
        Ok(Cell::new(column, row - 1).expect("a column and row read within the grid"))
    }

    /// A cell, or two joined by `-` in one row or column.
    fn ship(&mut self) -> Result<Ship, NotationError> {
        let start_at = self.at;
        let first = self.cell()?;
        let second = if self.eat(b'-') { self.cell()? } else { first };
        Ship::between(first, second).ok_or_else(|| {
            let mut error = self.error("a straight ship");
            error.at -= self.at - start_at;
            error
        })
    }

    /// Ships separated by commas, at most [`MAX_SHIPS`].
    fn fleet(&mut self) -> Result<Fleet, NotationError> {
        let mut ships = [Ship::between(Cell::TOP_LEFT, Cell::TOP_LEFT).expect("one cell"); MAX_SHIPS];
        let mut count = 0;
        loop {
            if count == MAX_SHIPS {
                return Err(self.error("at most ten ships"));
            }
            ships[count] = self.ship()?;
            count += 1;
            if !self.eat(b',') {
                break;
            }
        }
        Ok(Fleet::new(&ships[..count]).expect("at most ten ships"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canonical(text: &str) -> String {
        let mut out = String::new();
        for (index, action) in parse_actions(text).expect("readable").into_iter().enumerate() {
            if index > 0 {
                out.push(' ');
            }
            write_action(action, &mut out);
        }
        out
    }

    #[test]
    fn actions_read_and_write_back_canonically() {
        assert_eq!(canonical("E5 J10 A1"), "E5 J10 A1");
        assert_eq!(canonical("F:C7,A4-A1,J8-H8"), "F:A1-A4,H8-J8,C7");
        assert_eq!(canonical("F:B2-B2"), "F:B2");
    }

    #[test]
    fn unreadable_text_says_where() {
        let at = |text| parse_actions(text).expect_err("unreadable").at;
        assert_eq!(at("K1"), 0);
        assert_eq!(at("A11"), 2);
        assert_eq!(at("A0"), 1);
        assert_eq!(at("E5E6"), 2);
        assert_eq!(at("F:A1-B2"), 2);
        assert_eq!(at("F A1"), 1);
        assert_eq!(canonical("F2 F10"), "F2 F10", "a cell of column F is no fleet");
        assert_eq!(at("F:A1,B3,C5,D7,E9,G1,G3,G5,G7,G9,J1"), 32);
    }

    #[test]
    fn answered_shots_read_back() {
        let cell = |text| parse_actions(text).map(|actions| actions[0]).expect("a cell");
        let Action::Shot(e5) = cell("E5") else { panic!("a shot") };
        let ship = Ship::between(Cell::new(4, 2).expect("E3"), Cell::new(4, 5).expect("E6")).expect("straight");
        let mut text = String::new();
        write_answered_shot(e5, Answer::Miss, &mut text);
        text.push(' ');
        write_answered_shot(e5, Answer::Hit, &mut text);
        text.push(' ');
        write_answered_shot(e5, Answer::Sunk(ship), &mut text);
        assert_eq!(text, "E5. E5x E5#E3-E6");
        assert_eq!(
            parse_answered_shots(&text),
            Some(vec![(e5, Answer::Miss), (e5, Answer::Hit), (e5, Answer::Sunk(ship))])
        );
        assert_eq!(parse_answered_shots("E5"), None);
        assert_eq!(parse_answered_shots(""), None);
    }
}
