//! Dots and Boxes for the command-line tools: perft from a field of any size after a run of edges, the exact
//! margin of an empty field, and replaying files of Dots and Boxes records.

use kartka_engine::dots_and_boxes::{
    counts_by_depth, parse_edges, solve as solve_field, DotsAndBoxesRecord, DotsAndBoxesRules, Edge, IllegalMove,
    Position, RulesError, SolveError,
};
use kartka_engine::{NotationError, Seat};

use super::import::recorded_result;
use crate::games::convert;
use crate::games::records::split_records;
use crate::games::tools::{Recorded, Replayed, Setup, Solved, Tally, ToolError};

/// Boxes along a side when `--rows` or `--cols` is not given: the rules' default field.
const DEFAULT_SIDE: u8 = 5;

/// Why the options cannot give a position.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
enum SetupError {
    /// `--rows` or `--cols` is outside the rules.
    #[error("--rows/--cols: {0}")]
    Field(RulesError),
    /// `--size` was given: a field has rows and columns of its own.
    #[error("--size: a Dots and Boxes field is given by --rows and --cols")]
    Size,
    /// `--moves` is not a run of edges.
    #[error("--moves: {0}")]
    Notation(NotationError),
    /// An edge cannot be drawn in the position reached before it.
    #[error("--moves: edge {number} ({edge}) is illegal: {reason}")]
    Illegal {
        /// The 1-based number of the edge in `--moves`.
        number: usize,
        /// The edge.
        edge: Edge,
        /// Why the engine refused it.
        reason: IllegalMove,
    },
    /// The solver answers for an empty field only.
    #[error("--moves: the Dots and Boxes solver answers for the empty field only")]
    SolveAfterMoves,
    /// The solver does not take the field.
    #[error("{0}")]
    Solve(SolveError),
}

/// The two-player rules of the setup's field (5×5 when not given).
fn rules_of(setup: &Setup) -> Result<DotsAndBoxesRules, SetupError> {
    if setup.size.is_some() {
        return Err(SetupError::Size);
    }
    let (rows, cols) = (setup.rows.unwrap_or(DEFAULT_SIDE), setup.cols.unwrap_or(DEFAULT_SIDE));
    DotsAndBoxesRules::new(rows, cols, 2).map_err(SetupError::Field)
}

/// The empty field of the setup after its edges, such as `a1h b1v` or `a1hb1v`.
fn position_after(setup: &Setup) -> Result<Position, SetupError> {
    let mut position = Position::new(rules_of(setup)?);
    for (index, edge) in parse_edges(&setup.moves).map_err(SetupError::Notation)?.into_iter().enumerate() {
        position.play(edge).map_err(|reason| SetupError::Illegal { number: index + 1, edge, reason })?;
    }
    Ok(position)
}

/// Edge sequences per depth, 1 to `depth`.
pub fn perft(setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
    let position = position_after(setup).map_err(|error| ToolError(error.to_string()))?;
    Ok(counts_by_depth(&position, depth))
}

/// The exact margin of the setup's empty field (the first player's boxes minus the second's with perfect play),
/// and who wins by it. The solver gives the value, not a line of play.
pub fn solve(setup: &Setup) -> Result<Solved, ToolError> {
    let margin = || -> Result<i32, SetupError> {
        let rules = rules_of(setup)?;
        if !setup.moves.trim().is_empty() {
            return Err(SetupError::SolveAfterMoves);
        }
        solve_field(rules).map_err(SetupError::Solve)
    };
    let margin = margin().map_err(|error| ToolError(error.to_string()))?;
    let winner = match margin.signum() {
        1 => Some(Seat::FIRST),
        -1 => Some(Seat::SECOND),
        _ => None,
    };
    Ok(Solved { line: Vec::new(), winner, margin: Some(margin) })
}

/// Replays every record of a file, reporting the malformed and illegal ones on stderr.
pub fn replay(file: &str, text: &str) -> Tally {
    // A record is readable when its tags are and its recorded result (if any) is a ranking of its seats.
    let records = split_records(text).into_iter().map(|text| {
        let record = DotsAndBoxesRecord::read(&text).map_err(|error| error.to_string())?;
        let recorded = recorded_result(&record).map_err(|error| error.to_string())?;
        Ok::<_, String>((record, recorded))
    });
    Tally::of_records(file, records, |(record, recorded)| match record.replay() {
        Err(error) => Replayed::Illegal(error.to_string()),
        Ok(position) => match position.outcome() {
            Some(outcome) => {
                let ranks = convert::game_result(outcome).ranks;
                let recorded = match recorded {
                    Some(recorded) if recorded.ranks == ranks => Recorded::Agrees,
                    Some(recorded) => {
                        Recorded::Disagrees(format!("recorded ranks {:?}, the rules' {ranks:?}", recorded.ranks))
                    }
                    None => Recorded::Missing,
                };
                Replayed::Finished { ending: Some("score"), recorded }
            }
            None => Replayed::Unfinished { mid_turn: position.captured() },
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(rows: u8, cols: u8, moves: &str) -> Setup {
        Setup { rows: Some(rows), cols: Some(cols), moves: moves.to_owned(), ..Setup::default() }
    }

    #[test]
    fn perft_counts_edges_from_the_field_after_the_moves() {
        // 1×1 has four edges: 4, 4·3, 4·3·2 sequences.
        assert_eq!(perft(&setup(1, 1, ""), 3), Ok(vec![4, 12, 24]));
        assert_eq!(perft(&setup(1, 1, "a1h"), 3), Ok(vec![3, 6, 6]));
        let errors = [
            (setup(0, 1, ""), "--rows/--cols: a field has 1 to 9 rows of boxes, not 0"),
            (setup(1, 1, "a1h a1h"), "--moves: edge 2 (a1h) is illegal: the edge is drawn already"),
            (
                Setup { size: Some(3), ..Setup::default() },
                "--size: a Dots and Boxes field is given by --rows and --cols",
            ),
        ];
        for (setup, message) in errors {
            assert_eq!(perft(&setup, 1), Err(ToolError(message.to_owned())));
        }
    }

    #[test]
    fn the_solver_answers_for_empty_fields_only() {
        let solved = solve(&setup(2, 2, "")).expect("solves");
        assert_eq!((solved.margin, solved.winner), (Some(2), Some(Seat::FIRST)));
        assert!(solve(&setup(2, 2, "a1h")).is_err());
        assert!(solve(&setup(4, 4, "")).expect_err("too large").0.contains("at most 24"));
    }

    #[test]
    fn replay_counts_finished_and_unfinished_games_and_checks_the_ranks() {
        let head = "[Game \"dots-and-boxes\"]\n[Boxes \"1x2\"]\n[Players \"2\"]\n";
        let finished = format!("{head}[Ranks \"2 1\"]\n\na1h\na2h\na1v\nc1v\nb1h\nb1v b2h\n");
        let wrong = finished.replace("[Ranks \"2 1\"]", "[Ranks \"1 2\"]");
        let unfinished = format!("{head}\na1h\n");
        let tally = replay("x", &format!("{finished}\n{wrong}\n{unfinished}\n{head}\na1h\na1h\n"));
        assert_eq!((tally.games, tally.finished, tally.unfinished, tally.illegal), (4, 2, 1, 1));
        assert_eq!((tally.result_agrees, tally.result_disagrees), (1, 1));
    }
}
