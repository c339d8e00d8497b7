//! Points and segments for the command-line tools: perft and the exact solver from a start of any size after a
//! run of segments, and replaying files of Points and segments records.

use kartka_engine::points_and_segments::{
    parse_segments, IllegalMove, PointsRecord, PointsRules, Position, ReplayError, RulesError, Segment, Solver, Start,
    Verdict, DEFAULT_POINTS,
};
use kartka_engine::NotationError;

use crate::games::records::split_records;
use crate::games::tools::{Recorded, Replayed, Setup, Solved, Tally, ToolError};

/// Why the options cannot give a position.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
enum SetupError {
    /// `--size` (the number of points) is outside the rules.
    #[error("--size: {0}")]
    Points(RulesError),
    /// `--start` is not `convex`, `lattice` or `lattice:SEED`.
    #[error("--start: {0:?} is not convex, lattice or lattice:SEED")]
    Start(String),
    /// `--moves` is not a run of segments.
    #[error("--moves: {0}")]
    Notation(NotationError),
    /// A move cannot be played in the position reached before it.
    #[error("--moves: move {number} ({segment}) is illegal: {reason}")]
    Illegal {
        /// The 1-based number of the move in `--moves`.
        number: usize,
        /// The segment.
        segment: Segment,
        /// Why the engine refused it.
        reason: IllegalMove,
    },
}

/// The start the setup names: `--size` points (15 when not given) placed by `--start` (`convex`, `lattice` for
/// seed 0, or `lattice:SEED`; `lattice` when not given), after its moves, segments such as `1-4 2-3`.
fn position_after(setup: &Setup) -> Result<Position, ToolError> {
    let position = || -> Result<Position, SetupError> {
        let start = match setup.start.as_deref() {
            None | Some("lattice") => Start::Lattice { seed: 0 },
            Some("convex") => Start::Convex,
            Some(other) => {
                let seed = other.strip_prefix("lattice:").and_then(|seed| seed.parse().ok());
                Start::Lattice { seed: seed.ok_or_else(|| SetupError::Start(other.to_owned()))? }
            }
        };
        let rules = PointsRules::new(setup.size.unwrap_or(DEFAULT_POINTS), start).map_err(SetupError::Points)?;
        let mut position = Position::new(rules);
        for (index, segment) in parse_segments(&setup.moves).map_err(SetupError::Notation)?.into_iter().enumerate() {
            position.play(segment).map_err(|reason| SetupError::Illegal { number: index + 1, segment, reason })?;
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
    for segment in solution.line {
        line.push((seat, segment.to_string()));
        seat = seat.other();
    }
    Ok(Solved { line, margin: None, winner: Some(solution.winner) })
}

/// Replays every record of a file, reporting the malformed and illegal ones on stderr.
pub fn replay(file: &str, text: &str) -> Tally {
    let records = split_records(text).into_iter().map(|text| PointsRecord::read(&text));
    Tally::of_records(file, records, |record| match record.replay() {
        Err(error @ ReplayError::WrongResult { .. }) => {
            Replayed::Finished { ending: Some("stuck"), recorded: Recorded::Disagrees(error.to_string()) }
        }
        Err(error) => Replayed::Illegal(error.to_string()),
        Ok(position) if position.is_over() => {
            let recorded = if record.winner.is_some() { Recorded::Agrees } else { Recorded::Missing };
            Replayed::Finished { ending: Some("stuck"), recorded }
        }
        Ok(_) => Replayed::Unfinished { mid_turn: false },
    })
}

#[cfg(test)]
mod tests {
    use kartka_engine::Seat;

    use super::*;

    fn setup(size: u8, start: &str, moves: &str) -> Setup {
        Setup { size: Some(size), start: Some(start.to_owned()), moves: moves.to_owned(), ..Setup::default() }
    }

    #[test]
    fn the_solver_answers_from_a_convex_start_after_moves() {
        // Five points on a circle lose for the player to move: 7 points after 1-2 leave 5 on one arc.
        let solved = solve(&setup(7, "convex", "1-2"), 1_000).expect("solved");
        assert_eq!(solved.winner, Some(Seat::FIRST));
        assert_eq!(solved.line.first().map(|(seat, _)| *seat), Some(Seat::SECOND));
        let fifteen = solve(&setup(15, "convex", ""), 1_000).expect("solved");
        assert_eq!(fifteen.winner, Some(Seat::SECOND), "15 is a loss for the first player");
    }

    #[test]
    fn bad_setups_are_named() {
        assert!(perft(&setup(5, "convex", ""), 1).is_err_and(|e| e.0.starts_with("--size")));
        assert!(perft(&setup(8, "spiral", ""), 1).is_err_and(|e| e.0.starts_with("--start")));
        assert!(perft(&setup(8, "convex", "1-2 2-3"), 1).is_err_and(|e| e.0.contains("move 2 (2-3) is illegal")));
        assert_eq!(perft(&setup(8, "convex", ""), 2), Ok(vec![28, 280]));
        assert_eq!(perft(&setup(15, "lattice:0", ""), 1), perft(&setup(15, "lattice", ""), 1));
    }
}
