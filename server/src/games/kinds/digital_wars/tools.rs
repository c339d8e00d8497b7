//! Digital Wars for the command-line tools: perft and the exact solver from a given string (misère, the seed's
//! ending), and replaying files of Digital Wars records.

use kartka_engine::digital_wars::{
    parse_actions, write_action, DigitalWarsRecord, Ending, Position, ReplayError, Solver, Verdict, MAX_LENGTH,
};

use crate::games::records::split_records;
use crate::games::tools::{Recorded, Replayed, Setup, Solved, Tally, ToolError};

/// The position `--moves` describes: its first token the start string (`31415`, 1 to 30 digits, the first seat
/// to move, the last eraser losing), then actions played from it (`4:1>0 2:x`).
fn position_after(setup: &Setup) -> Result<Position, ToolError> {
    let mut tokens = setup.moves.split_ascii_whitespace();
    let start = tokens.next().unwrap_or_default();
    let digits: Option<Vec<u8>> = start.chars().map(|c| c.to_digit(10).map(|digit| digit as u8)).collect();
    let position =
        digits.filter(|digits| !digits.is_empty()).and_then(|digits| Position::of_digits(&digits, Ending::Misere));
    let mut position = position.ok_or_else(|| {
        ToolError(format!("--moves: begin with the start string, 1 to {MAX_LENGTH} digits, not {start:?}"))
    })?;
    let rest: Vec<&str> = tokens.collect();
    let actions = parse_actions(&rest.join(" ")).map_err(|error| ToolError(format!("--moves: {error}")))?;
    for (index, action) in actions.into_iter().enumerate() {
        position
            .play(action)
            .map_err(|reason| ToolError(format!("--moves: action {} is illegal: {reason}", index + 1)))?;
    }
    Ok(position)
}

/// Action sequences per depth, 1 to `depth`.
pub fn perft(setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
    Ok(kartka_engine::perft::counts_by_depth(&position_after(setup)?, depth))
}

/// Perfect play from the setup's string, evaluating at most `budget` strings: a game to the end, each of the
/// winner's moves leaving the opponent lost, and the winner.
pub fn solve(setup: &Setup, budget: u64) -> Result<Solved, ToolError> {
    let position = position_after(setup)?;
    if position.is_over() {
        return Err(ToolError("--moves: the game is over".into()));
    }
    let Verdict::Proven(solution) = Solver::new(Ending::Misere, budget).solve(&position) else {
        return Err(ToolError(format!("no proof within {budget} strings (raise --budget)")));
    };
    let mut replay = position;
    let mut line = Vec::with_capacity(solution.line.len());
    for action in solution.line {
        let mut text = String::new();
        write_action(action, &mut text);
        line.push((replay.to_move(), text));
        replay.play(action).expect("the solver's line is legal");
    }
    Ok(Solved { line, margin: None, winner: Some(solution.winner) })
}

/// Replays every record of a file, reporting the malformed and illegal ones on stderr.
pub fn replay(file: &str, text: &str) -> Tally {
    let records = split_records(text).into_iter().map(|text| DigitalWarsRecord::read(&text));
    Tally::of_records(file, records, |record| match record.replay() {
        Err(error @ ReplayError::WrongResult { .. }) => {
            Replayed::Finished { ending: Some("stuck"), recorded: Recorded::Disagrees(error.to_string()) }
        }
        Err(error) => Replayed::Illegal(error.to_string()),
        Ok(position) if position.is_over() => {
            let recorded = if record.result.winner().is_some() { Recorded::Agrees } else { Recorded::Missing };
            Replayed::Finished { ending: Some("stuck"), recorded }
        }
        Ok(position) => Replayed::Unfinished { mid_turn: position.mid_turn() },
    })
}

#[cfg(test)]
mod tests {
    use kartka_engine::Seat;

    use super::*;

    fn moves(text: &str) -> Setup {
        Setup {
            size: None,
            width: None,
            height: None,
            line: None,
            rows: None,
            cols: None,
            start: None,
            moves: text.to_owned(),
            ruleset: None,
        }
    }

    #[test]
    fn solve_from_a_string_and_its_moves() {
        // Misère: "0" loses for the player to move, "1" wins (lower it to 0).
        assert_eq!(solve(&moves("0"), u64::MAX).map(|solved| solved.winner), Ok(Some(Seat::SECOND)));
        assert_eq!(solve(&moves("1"), u64::MAX).map(|solved| solved.winner), Ok(Some(Seat::FIRST)));
        let after = solve(&moves("31415 5:5>0"), u64::MAX).expect("solved");
        assert_eq!(after.line.first().map(|(seat, _)| *seat), Some(Seat::SECOND), "the second seat moves after 5:5>0");
        // "10": lower the 1 (to "00") or erase the 0 (to "1"); then "00" has two erasures and "1" one lowering.
        assert_eq!(perft(&moves("10"), 2), Ok(vec![2, 3]));
    }

    #[test]
    fn bad_setups_are_refused() {
        for text in ["", "x", "4:1>0", "31415 6:x", &"1".repeat(31)] {
            assert!(perft(&moves(text), 1).is_err(), "{text:?}");
        }
        assert!(solve(&moves(&"9".repeat(20)), 10).is_err(), "a budget too small");
    }
}
