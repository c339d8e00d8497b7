//! Closing In (Domykanie), Sid Sackson's game: two markers on a square board, each move removing the square
//! a marker leaves; the player left without a move loses.

mod board;
mod fuzz;
mod notation;
mod position;
mod record;
mod solve;

pub use board::{BoardSize, SizeError, Square, SquareSet, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};
pub use notation::{parse_squares, write_square};
pub use position::{IllegalMove, Position};
pub use record::{ClosingInRecord, ReadError, ReadErrorKind, RecordResult, ReplayError};
pub use solve::{opening_pairs, solve, Solution, Solver, Verdict};

use crate::game::{Game, NotationError, Progress};
use crate::{Outcome, Seat};

impl Game for Position {
    type Rules = BoardSize;
    type Action = Square;
    type Illegal = IllegalMove;

    fn new(rules: &BoardSize) -> Self {
        Position::new(*rules)
    }

    fn seat_count(_: &BoardSize) -> usize {
        2
    }

    fn rules(&self) -> BoardSize {
        self.size()
    }

    fn to_act(&self) -> Option<Seat> {
        (!self.is_over()).then(|| self.to_move())
    }

    fn mid_turn(&self) -> bool {
        false
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn check(&self, action: Square) -> Result<(), IllegalMove> {
        Position::check(self, action)
    }

    fn apply(&mut self, action: Square) -> Result<Progress, IllegalMove> {
        self.play(action)
    }

    fn for_each_legal_action(&self, visit: impl FnMut(Square)) {
        self.for_each_legal_move(visit);
    }

    fn write_key(&self, key: &mut crate::PositionKey) {
        Position::write_key(self, key);
    }

    fn parse_actions(text: &str) -> Result<Vec<Square>, NotationError> {
        parse_squares(text)
    }

    fn write_action(action: Square, out: &mut String) {
        write_square(action, out);
    }
}
