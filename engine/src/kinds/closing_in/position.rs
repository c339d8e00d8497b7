//! A Closing In position: the removed squares, both markers, whose move it is, and how the game ended.

use super::board::{BoardSize, Square, SquareSet};
use crate::game::Progress;
use crate::position_key::PositionKey;
use crate::{EndReason, Outcome, Seat};

/// The eight queen directions as (column, row) steps, in the fixed order moves are listed: up, then clockwise.
const DIRECTIONS: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// Why a move is refused. The position is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalMove {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The square is not on the board.
    #[error("the square is off the board")]
    OffBoard,
    /// The square has been removed from play.
    #[error("the square has been removed")]
    Removed,
    /// The opponent's marker stands on the square.
    #[error("the opponent's marker stands there")]
    Occupied,
    /// The square is not along a row, column or diagonal of the mover's marker (or is the marker's own square).
    #[error("the square is not a queen move away")]
    NotQueenLine,
    /// A removed square or the opponent's marker lies between the marker and the square.
    #[error("the way there is blocked")]
    Blocked,
}

/// A Closing In position. It is `Copy` and fixed-size, so checking and playing a move never allocate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    size: BoardSize,
    removed: SquareSet,
    markers: [Option<Square>; 2],
    to_move: Seat,
    outcome: Option<Outcome>,
}

impl Default for Position {
    fn default() -> Position {
        Position::new(BoardSize::default())
    }
}

impl Position {
    /// The empty board of `size`: A (the first seat) is to place a marker.
    #[must_use]
    pub const fn new(size: BoardSize) -> Position {
        Position { size, removed: SquareSet::EMPTY, markers: [None, None], to_move: Seat::FIRST, outcome: None }
    }

    /// The board size.
    #[must_use]
    pub const fn size(&self) -> BoardSize {
        self.size
    }

    /// The squares removed from play so far.
    #[must_use]
    pub const fn removed(&self) -> SquareSet {
        self.removed
    }

    /// Where `seat`'s marker stands, once it has been placed.
    #[must_use]
    pub const fn marker(&self, seat: Seat) -> Option<Square> {
        self.markers[seat.index()]
    }

    /// The seat whose move it is (after the end: the seat that was stuck).
    #[must_use]
    pub const fn to_move(&self) -> Seat {
        self.to_move
    }

    /// Whether the seat to move is still placing its marker rather than moving it.
    #[must_use]
    pub const fn is_placing(&self) -> bool {
        self.markers[self.to_move.index()].is_none()
    }

    /// How the game ended, once the seat to move had no move.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Writes the position's canonical bytes: format 1, the seat to move, whether the game is over, each
    /// seat's marker (a switch, then its column and row), then every removed square's column and row, in the
    /// board's fixed order (A1, B1, …, A2, …). The board size is the ruleset's and left out.
    pub fn write_key(&self, key: &mut PositionKey) {
        key.byte(1).seat(self.to_move).flag(self.is_over());
        for marker in self.markers {
            key.flag(marker.is_some());
            if let Some(square) = marker {
                key.byte(square.column).byte(square.row);
            }
        }
        for square in self.removed.iter(self.size) {
            key.byte(square.column).byte(square.row);
        }
    }

    /// Whether the seat to move may move (or place its marker) on `square`, and if not, why.
    pub fn check(&self, square: Square) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        if !self.size.contains(square) {
            return Err(IllegalMove::OffBoard);
        }
        if self.removed.contains(square) {
            return Err(IllegalMove::Removed);
        }
        let opponent = self.markers[self.to_move.other().index()];
        if opponent == Some(square) {
            return Err(IllegalMove::Occupied);
        }
        let Some(from) = self.markers[self.to_move.index()] else {
            return Ok(());
        };
        let columns = i16::from(square.column) - i16::from(from.column);
        let rows = i16::from(square.row) - i16::from(from.row);
        if (columns, rows) == (0, 0) || (columns != 0 && rows != 0 && columns.abs() != rows.abs()) {
            return Err(IllegalMove::NotQueenLine);
        }
        let step = (columns.signum() as i8, rows.signum() as i8);
        let mut between = from;
        for _ in 1..columns.abs().max(rows.abs()) {
            between = shifted(between, step);
            if self.removed.contains(between) || opponent == Some(between) {
                return Err(IllegalMove::Blocked);
            }
        }
        Ok(())
    }

    /// Plays the move of the seat to move onto `square`: the placement of its marker, or a queen move that
    /// removes the square it leaves. The turn always passes; the game ends when the next seat has no move.
    /// On error the position is unchanged.
    pub fn play(&mut self, square: Square) -> Result<Progress, IllegalMove> {
        self.check(square)?;
        let mover = self.to_move.index();
        if let Some(from) = self.markers[mover] {
            self.removed.insert(from);
        }
        self.markers[mover] = Some(square);
        self.to_move = self.to_move.other();
        if self.has_move() {
            Ok(Progress::TurnEnded)
        } else {
            let outcome = Outcome::win(2, self.to_move.other(), EndReason::Stuck);
            self.outcome = Some(outcome);
            Ok(Progress::GameOver(outcome))
        }
    }

    /// Calls `visit` with every legal move in a fixed order: while placing, every free square in the board's
    /// order (A1, B1, …, A2, …); afterwards the queen moves, direction by direction (up first, then clockwise),
    /// nearest square first.
    pub fn for_each_legal_move(&self, mut visit: impl FnMut(Square)) {
        if self.is_over() {
            return;
        }
        let opponent = self.markers[self.to_move.other().index()];
        match self.markers[self.to_move.index()] {
            None => self
                .size
                .squares()
                .filter(|&square| !self.removed.contains(square) && opponent != Some(square))
                .for_each(visit),
            Some(from) => {
                for step in DIRECTIONS {
                    let mut square = from;
                    loop {
                        square = shifted(square, step);
                        if !self.size.contains(square) || self.removed.contains(square) || opponent == Some(square) {
                            break;
                        }
                        visit(square);
                    }
                }
            }
        }
    }

    /// The number of legal moves.
    #[must_use]
    pub fn mobility(&self) -> usize {
        let mut count = 0;
        self.for_each_legal_move(|_| count += 1);
        count
    }

    /// Whether the seat to move has any move, ignoring whether the game has been declared over.
    fn has_move(&self) -> bool {
        let opponent = self.markers[self.to_move.other().index()];
        match self.markers[self.to_move.index()] {
            // A board of at least 3×3 always leaves a free square for the second placement.
            None => true,
            Some(from) => DIRECTIONS.iter().any(|&step| {
                let square = shifted(from, step);
                self.size.contains(square) && !self.removed.contains(square) && opponent != Some(square)
            }),
        }
    }
}

/// `square` moved by `step`. Stepping off the left or bottom edge wraps to a column or row of 255, which no
/// board contains, so callers need only [`BoardSize::contains`].
const fn shifted(square: Square, (columns, rows): (i8, i8)) -> Square {
    Square { column: square.column.wrapping_add_signed(columns), row: square.row.wrapping_add_signed(rows) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(text: &str) -> Square {
        let mut chars = text.chars();
        let column = chars.next().expect("a column") as u8 - b'A';
        let row: u8 = chars.as_str().parse().expect("a row");
        Square::new(column, row - 1)
    }

    fn played(moves: &[&str]) -> Position {
        let mut position = Position::default();
        for text in moves {
            position.play(square(text)).unwrap_or_else(|error| panic!("{text}: {error}"));
        }
        position
    }

    #[test]
    fn placements_then_queen_moves() {
        let mut position = Position::default();
        assert!(position.is_placing());
        assert_eq!(position.mobility(), 36);
        assert_eq!(position.play(square("D5")), Ok(Progress::TurnEnded));
        assert_eq!(position.to_move(), Seat::SECOND);
        assert_eq!(position.mobility(), 35, "B may not place on A's square");
        assert_eq!(position.check(square("D5")), Err(IllegalMove::Occupied));
        position.play(square("B2")).expect("B places");
        assert!(!position.is_placing());
        assert_eq!(position.play(square("B3")), Ok(Progress::TurnEnded));
        assert!(position.removed().contains(square("D5")));
        assert_eq!(position.marker(Seat::FIRST), Some(square("B3")));
    }

    #[test]
    fn every_kind_of_illegal_move_is_named_and_changes_nothing() {
        // A on A1, B on C3; A moves to A3 (removing A1); B moves to C1 (removing C3).
        let position = played(&["A1", "C3", "A3", "C1"]);
        let cases = [
            ("G1", IllegalMove::OffBoard),
            ("A1", IllegalMove::Removed),
            ("C1", IllegalMove::Occupied),
            ("B5", IllegalMove::NotQueenLine),
            ("A3", IllegalMove::NotQueenLine),
            ("D3", IllegalMove::Blocked),
        ];
        for (text, reason) in cases {
            let mut after = position;
            assert_eq!(after.play(square(text)), Err(reason), "{text}");
            assert_eq!(after, position, "{text} changed the position");
        }
        // Along a diagonal through the removed C3, and along a row through B's marker.
        assert_eq!(played(&["A1", "C3", "B2", "C1"]).check(square("D4")), Err(IllegalMove::Blocked));
        assert_eq!(played(&["A1", "C1"]).check(square("D1")), Err(IllegalMove::Blocked));
        assert_eq!(played(&["A1", "C1"]).check(square("B1")), Ok(()));
    }

    #[test]
    fn a_seat_without_a_move_loses() {
        // 3x3. A: A1, then A2, A3, C3, B3. B: B2, then B1, C2, C1, after which every neighbour of C1 (B1, B2,
        // C2) is removed.
        let mut position = Position::new(BoardSize::new(3).expect("a valid size"));
        for text in ["A1", "B2", "A2", "B1", "A3", "C2", "C3", "C1"] {
            assert_eq!(position.play(square(text)), Ok(Progress::TurnEnded), "{text}");
        }
        assert_eq!(position.play(square("B3")), Ok(Progress::GameOver(Outcome::win(2, Seat::FIRST, EndReason::Stuck))));
        assert_eq!(position.outcome(), Some(Outcome::win(2, Seat::FIRST, EndReason::Stuck)));
        assert_eq!(position.to_move(), Seat::SECOND, "the stuck seat");
        assert_eq!(position.check(square("B1")), Err(IllegalMove::GameOver));
        assert_eq!(position.mobility(), 0);
    }
}
