//! Closing In for the command-line tools: perft and the exact solver from a board of any size after a run of
//! squares, and replaying files of Closing In records.

use kartka_engine::closing_in::{
    parse_squares, BoardSize, ClosingInRecord, IllegalMove, Position, ReplayError, SizeError, Solver, Square, Verdict,
};
use kartka_engine::NotationError;

use crate::games::records::split_records;
use crate::games::tools::{Setup, Solved, Tally, ToolError};

/// Why the options cannot give a position.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
enum SetupError {
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

/// The empty board of the setup's size (6 when not given) after its moves, squares such as `D5 B2` or `D5B2`.
fn position_after(setup: &Setup) -> Result<Position, ToolError> {
    let position = || -> Result<Position, SetupError> {
        let size = setup.size.map_or(Ok(BoardSize::default()), BoardSize::new).map_err(SetupError::Size)?;
        let mut position = Position::new(size);
        for (index, square) in parse_squares(&setup.moves).map_err(SetupError::Notation)?.into_iter().enumerate() {
            position.play(square).map_err(|reason| SetupError::Illegal { number: index + 1, square, reason })?;
        }
        Ok(position)
    };
    position().map_err(|error| ToolError(error.to_string()))
}

/// Move sequences per depth, 1 to `depth`.
pub fn perft(setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
    Ok(kartka_engine::perft::counts_by_depth(&position_after(setup)?, depth))
}

/// Perfect play from the setup's position, visiting at most `budget` positions.
pub fn solve(setup: &Setup, budget: u64) -> Result<Solved, ToolError> {
    let position = position_after(setup)?;
    let Verdict::Proven(solution) = Solver::new(budget).solve(&position) else {
        return Err(ToolError(format!("no proof within {budget} positions (raise --budget)")));
    };
    let mut seat = position.to_move();
    let mut line = Vec::with_capacity(solution.line.len());
    for square in solution.line {
        line.push((seat, square.to_string()));
        seat = seat.other();
    }
    Ok(Solved { line, margin: None, winner: Some(solution.winner) })
}

/// Replays every record of a file, reporting the malformed and illegal ones on stderr.
pub fn replay(file: &str, text: &str) -> Tally {
    let mut tally = Tally::default();
    for (index, text) in split_records(text).iter().enumerate() {
        tally.games += 1;
        let record = match ClosingInRecord::read(text) {
            Ok(record) => record,
            Err(error) => {
                tally.malformed(file, index + 1, error);
                continue;
            }
        };
        match record.replay() {
            Err(error @ ReplayError::WrongResult { .. }) => {
                eprintln!("{file}: game {}: {error}", index + 1);
                tally.finished += 1;
                *tally.endings.entry("stuck").or_default() += 1;
                tally.result_disagrees += 1;
            }
            Err(error) => {
                eprintln!("{file}: game {}: {error}", index + 1);
                tally.illegal += 1;
            }
            Ok(position) if position.is_over() => {
                tally.finished += 1;
                *tally.endings.entry("stuck").or_default() += 1;
                match record.result.winner() {
                    Some(_) => tally.result_agrees += 1,
                    None => tally.no_result += 1,
                }
            }
            Ok(_) => tally.unfinished += 1,
        }
    }
    tally
}
