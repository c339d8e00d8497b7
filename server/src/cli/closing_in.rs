//! What `kartka perft` and `kartka solve` share for Closing In: the board from `--size` and the position
//! after `--moves`.

use kartka_engine::closing_in::{parse_squares, BoardSize, IllegalMove, Position, SizeError, Square};
use kartka_engine::NotationError;

/// The game a command works on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum GameName {
    /// Paper Soccer on the standard pitch.
    #[default]
    PaperSoccer,
    /// Closing In on an N x N board.
    ClosingIn,
}

/// Why the Closing In options cannot give a position.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClosingInArgsError {
    /// `--size` is outside the rules.
    #[error("--size: {0}")]
    Size(SizeError),
    /// `--moves` is not a run of squares.
    #[error("--moves: {0}")]
    Notation(NotationError),
    /// A move cannot be played in the position reached before it.
    #[error("--moves: move {number} ({square}) is illegal: {reason}")]
    Illegal {
        /// The 1-based number of the move in `--moves` (the placements are moves 1 and 2).
        number: usize,
        /// The square moved to.
        square: Square,
        /// Why the engine refused it.
        reason: IllegalMove,
    },
}

/// The empty board of `size` (6 when not given) after playing `moves`, squares such as `D5 B2` or `D5B2`.
pub fn position_after(size: Option<u8>, moves: &str) -> Result<Position, ClosingInArgsError> {
    let size = size.map_or(Ok(BoardSize::default()), BoardSize::new).map_err(ClosingInArgsError::Size)?;
    let mut position = Position::new(size);
    for (index, square) in parse_squares(moves).map_err(ClosingInArgsError::Notation)?.into_iter().enumerate() {
        position.play(square).map_err(|reason| ClosingInArgsError::Illegal { number: index + 1, square, reason })?;
    }
    Ok(position)
}
