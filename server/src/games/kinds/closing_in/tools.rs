//! Closing In for the command-line tools: perft and the exact solver from a board of any size after a run of
//! squares, and replaying files of Closing In records.

use kartka_engine::closing_in::{
    parse_squares, BoardSize, ClosingInRecord, IllegalMove, Position, ReplayError, SizeError, Solver, Square, Verdict,
};
use kartka_engine::NotationError;

use crate::games::records::split_records;
use crate::games::tools::{Recorded, Replayed, Setup, Solved, Tally, ToolError};

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
    let records = split_records(text).into_iter().map(|text| ClosingInRecord::read(&text));
    Tally::of_records(file, records, |record| match record.replay() {
        Err(error @ ReplayError::WrongResult { .. }) => {
            Replayed::Finished { ending: Some("stuck"), recorded: Recorded::Disagrees(error.to_string()) }
        }
        Err(error) => Replayed::Illegal(error.to_string()),
        Ok(position) if position.is_over() => {
            let recorded = if record.result.winner().is_some() { Recorded::Agrees } else { Recorded::Missing };
            Replayed::Finished { ending: Some("stuck"), recorded }
        }
        Ok(_) => Replayed::Unfinished { mid_turn: false },
    })
}
