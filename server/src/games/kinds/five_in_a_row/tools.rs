//! Five in a row for the command-line tools: perft and the small-board solver from a board of any size and
//! line after a run of actions, and replaying files of Five in a row records.

use kartka_engine::five_in_a_row::{
    parse_actions, solve_position, write_action, BoardShape, FiveInARowRecord, Opening, Position, ReplayError, Rules,
    WinRule,
};
use kartka_engine::{EndReason, Game};
use kartka_protocol::kinds::five_in_a_row::DEFAULT_SIDE;

use crate::games::records::split_records;
use crate::games::tools::{Recorded, Replayed, Setup, Solved, Tally, ToolError};

/// The empty board the setup describes (`--width` and `--height`, or `--size` for a square, 15 when not given;
/// `--line`, 5 when not given; freestyle, no opening) after its actions, such as `b2 a1 c3`.
fn position_after(setup: &Setup) -> Result<Position, ToolError> {
    let side = |given: Option<u8>| given.or(setup.size).unwrap_or(DEFAULT_SIDE);
    let board = BoardShape::Bounded { width: side(setup.width), height: side(setup.height) };
    let rules = Rules::new(board, setup.line.unwrap_or(5), WinRule::Freestyle, Opening::None)
        .map_err(|error| ToolError(format!("--width, --height, --line: {error}")))?;
    let mut position = Position::new(rules);
    let actions = parse_actions(&setup.moves).map_err(|error| ToolError(format!("--moves: {error}")))?;
    for (index, action) in actions.into_iter().enumerate() {
        let mut text = String::new();
        write_action(action, &mut text);
        position
            .play(action)
            .map_err(|reason| ToolError(format!("--moves: action {} ({text}) is illegal: {reason}", index + 1)))?;
    }
    Ok(position)
}

/// Action sequences per depth, 1 to `depth`.
pub fn perft(setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
    Ok(kartka_engine::perft::counts_by_depth(&position_after(setup)?, depth))
}

/// Perfect play from the setup's position on a board the solver takes: who wins (or a draw), and a line that
/// keeps that result, each action the first one whose position the solver values the same.
pub fn solve(setup: &Setup) -> Result<Solved, ToolError> {
    let mut position = position_after(setup)?;
    let value = |position: &Position| {
        solve_position(position).map(|solved| solved.winner).map_err(|error| ToolError(error.to_string()))
    };
    let winner = value(&position)?;
    let mut line = Vec::new();
    while let Some(seat) = position.to_act() {
        let mut keeping = None;
        let mut actions = Vec::new();
        position.for_each_legal_action(|action| actions.push(action));
        for action in actions {
            let mut after = position.clone();
            after.play(action).expect("a listed action is legal");
            if value(&after)? == winner {
                keeping = Some((action, after));
                break;
            }
        }
        let (action, after) = keeping.expect("some action keeps the value of a solved position");
        let mut text = String::new();
        write_action(action, &mut text);
        line.push((seat, text));
        position = after;
    }
    Ok(Solved { line, margin: None, winner })
}

/// Replays every record of a file, reporting the malformed and illegal ones on stderr.
pub fn replay(file: &str, text: &str) -> Tally {
    let records = split_records(text).into_iter().map(|text| FiveInARowRecord::read(&text));
    Tally::of_records(file, records, |record| match record.replay() {
        Err(error @ ReplayError::WrongResult { .. }) => {
            Replayed::Finished { ending: None, recorded: Recorded::Disagrees(error.to_string()) }
        }
        Err(error) => Replayed::Illegal(error.to_string()),
        Ok(position) => match Game::outcome(&position) {
            Some(outcome) => {
                let ending = if outcome.reason == EndReason::Row { "row" } else { "full board" };
                let recorded = match record.result {
                    kartka_engine::five_in_a_row::RecordResult::Unknown => Recorded::Missing,
                    _ => Recorded::Agrees,
                };
                Replayed::Finished { ending: Some(ending), recorded }
            }
            None => Replayed::Unfinished { mid_turn: false },
        },
    })
}

#[cfg(test)]
mod tests {
    use kartka_engine::Seat;

    use super::*;

    fn setup(width: u8, height: u8, line: u8, moves: &str) -> Setup {
        Setup { width: Some(width), height: Some(height), line: Some(line), moves: moves.into(), ..Setup::default() }
    }

    #[test]
    fn solved_lines_are_played_to_the_solved_result() {
        let solved = solve(&setup(3, 3, 3, "")).expect("tic-tac-toe");
        assert_eq!(solved.winner, None, "tic-tac-toe is a draw");
        assert_eq!(solved.line.len(), 9, "a drawn game fills the board");
        // The centre answered on an edge loses (the well-known tic-tac-toe trap).
        let won = solve(&setup(3, 3, 3, "b2 b1")).expect("after two stones");
        assert_eq!(won.winner, Some(Seat::FIRST));
        let mut position = position_after(&setup(3, 3, 3, "b2 b1")).expect("legal");
        for (seat, text) in &won.line {
            assert_eq!(position.to_act(), Some(*seat));
            position.play(parse_actions(text).expect("an action")[0]).expect("legal");
        }
        assert_eq!(Game::outcome(&position).and_then(|outcome| outcome.winner()), won.winner);
    }

    #[test]
    fn bad_setups_are_errors() {
        assert!(perft(&setup(2, 3, 3, ""), 1).is_err());
        assert!(perft(&setup(3, 3, 3, "a1 a1"), 1).unwrap_err().0.contains("action 2 (a1) is illegal"));
        assert!(solve(&setup(9, 9, 5, "")).unwrap_err().0.contains("at most 64 points"));
    }
}
