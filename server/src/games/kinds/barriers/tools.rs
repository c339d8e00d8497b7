//! Barriers for the command-line tools: perft and the exact solver from a board of any size after a run of
//! bars, and replaying files of Barriers records.

use kartka_engine::barriers::{
    parse_bars, write_bar, BarriersRecord, BarriersRules, Position, ReplayError, Solver, Touch, Verdict, DEFAULT_SIDE,
};

use crate::games::records::split_records;
use crate::games::tools::{Recorded, Replayed, Setup, Solved, Tally, ToolError};

/// The empty board the setup describes (`--width` and `--height`, or `--size` for a square, 8 when not given;
/// bars may touch: Cram) after its bars, such as `e2e3 f5g5`.
fn position_after(setup: &Setup) -> Result<Position, ToolError> {
    let side = |given: Option<u8>| given.or(setup.size).unwrap_or(DEFAULT_SIDE);
    let rules = BarriersRules::new(side(setup.width), side(setup.height), Touch::Cells)
        .map_err(|error| ToolError(format!("--width, --height: {error}")))?;
    let mut position = Position::new(rules);
    let bars = parse_bars(&setup.moves).map_err(|error| ToolError(format!("--moves: {error}")))?;
    for (index, bar) in bars.into_iter().enumerate() {
        position.play(bar).map_err(|reason| ToolError(format!("--moves: bar {} is illegal: {reason}", index + 1)))?;
    }
    Ok(position)
}

/// Bar sequences per depth, 1 to `depth`.
pub fn perft(setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
    Ok(kartka_engine::perft::counts_by_depth(&position_after(setup)?, depth))
}

/// Perfect play from the setup's position, evaluating at most `budget` regions: the winner, and a game to the
/// end in which the winner keeps the win.
pub fn solve(setup: &Setup, budget: u64) -> Result<Solved, ToolError> {
    let position = position_after(setup)?;
    let Verdict::Proven(solution) = Solver::new(position.rules().touch(), budget).solve(&position) else {
        return Err(ToolError(format!("no proof within {budget} regions (raise --budget)")));
    };
    let mut seat = position.to_move();
    let mut line = Vec::with_capacity(solution.line.len());
    for bar in solution.line {
        let mut text = String::new();
        write_bar(bar, &mut text);
        line.push((seat, text));
        seat = seat.other();
    }
    Ok(Solved { line, margin: None, winner: Some(solution.winner) })
}

/// Replays every record of a file, reporting the malformed and illegal ones on stderr.
pub fn replay(file: &str, text: &str) -> Tally {
    let records = split_records(text).into_iter().map(|text| BarriersRecord::read(&text));
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

#[cfg(test)]
mod tests {
    use kartka_engine::Seat;

    use super::*;

    fn board(width: u8, height: u8) -> Setup {
        Setup {
            size: None,
            width: Some(width),
            height: Some(height),
            line: None,
            rows: None,
            cols: None,
            start: None,
            moves: String::new(),
            ruleset: None,
        }
    }

    /// Cram's mirror strategies: on an even × even board the second player answers each bar with its image
    /// through the centre; on an even × odd one the first player covers the two middle cells and then mirrors.
    #[test]
    fn the_solver_agrees_with_the_mirror_strategies() {
        for (width, height) in [(2, 2), (2, 4), (4, 2), (4, 4), (2, 3), (3, 2), (2, 5), (4, 3), (4, 5), (3, 4)] {
            let solved = solve(&board(width, height), u64::MAX).expect("small boards are solved");
            let expected = if width % 2 == 0 && height % 2 == 0 { Seat::SECOND } else { Seat::FIRST };
            assert_eq!(solved.winner, Some(expected), "{width}x{height}");
            assert_eq!(
                solved.line.last().map(|(seat, _)| *seat),
                Some(expected),
                "{width}x{height}: the winner moves last"
            );
        }
    }

    #[test]
    fn bad_setups_are_refused() {
        assert!(solve(&board(13, 2), u64::MAX).is_err());
        assert!(perft(&Setup { moves: "a1a3".into(), ..board(4, 4) }, 1).is_err());
        assert!(perft(&Setup { moves: "a1a2 a2b2".into(), ..board(4, 4) }, 1).is_err());
        assert_eq!(perft(&board(2, 2), 3), Ok(vec![4, 4, 0]));
        assert!(solve(&board(8, 8), 10).is_err(), "a budget too small for the board");
    }
}
