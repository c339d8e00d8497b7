//! Paper Soccer for the command-line tools: perft from the standard pitch after a flat run of kurnik digits,
//! and replaying kurnik record files.

use kartka_engine::soccer::{
    read_records, Direction, IllegalStep, KurnikRecord, Perft, Pitch, Position, RecordResult, ResultCheck,
};
use kartka_engine::{EndReason, Seat};

use crate::games::tools::{Setup, Tally, ToolError};

/// Why the `--moves` digits cannot be played.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
enum MovesError {
    /// A character is not a kurnik direction digit.
    #[error("--moves: step {step} is {found:?}, not a direction digit 0-7")]
    NotADigit {
        /// The 1-based position of the step in the digit string.
        step: usize,
        /// The character found there.
        found: char,
    },
    /// A step cannot be played in the position reached before it.
    #[error("--moves: step {step} ('{digit}') is illegal: {reason}")]
    Illegal {
        /// The 1-based position of the step in the digit string.
        step: usize,
        /// The step's digit.
        digit: char,
        /// Why the engine refused it.
        reason: IllegalStep,
    },
}

/// The standard start position after playing `digits` step by step (turns run together).
fn position_after(setup: &Setup) -> Result<Position, ToolError> {
    if setup.size.is_some() {
        return Err(ToolError(
            "--size is for games played on boards of a size; Paper Soccer is played on the standard pitch".into(),
        ));
    }
    let mut position = Position::default();
    for (index, digit) in setup.moves.chars().enumerate() {
        let step = index + 1;
        let direction = Direction::from_digit(digit).ok_or(MovesError::NotADigit { step, found: digit });
        let played = direction.and_then(|direction| {
            position.step(direction).map_err(|reason| MovesError::Illegal { step, digit, reason })
        });
        played.map_err(|error| ToolError(error.to_string()))?;
    }
    Ok(position)
}

/// Distinct complete turns per depth, 1 to `depth` (turns that draw the same segments and end on the same point
/// are one).
pub fn perft(setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
    Ok(Perft::new().counts_by_depth(&position_after(setup)?, depth))
}

/// Replays every game of a kurnik record file, reporting the games that are malformed, illegal or disagree
/// with their recorded result on stderr.
pub fn replay(file: &str, text: &str) -> Tally {
    let mut tally = Tally::default();
    for (index, game) in read_records(text).enumerate() {
        tally.games += 1;
        match game {
            Ok(record) => replay_one(&mut tally, file, index + 1, &record),
            Err(error) => {
                eprintln!("{file}: malformed record: {error}");
                tally.illegal += 1;
                tally.malformed += 1;
            }
        }
    }
    tally
}

fn replay_one(tally: &mut Tally, file: &str, game: usize, record: &KurnikRecord) {
    let replay = record.replay(Pitch::STANDARD);
    if let Some(fault) = replay.fault {
        tally.illegal += 1;
        eprintln!(
            "{file}: game {game}: illegal: move {} {}, turn {}: {}",
            fault.move_number(),
            colour(fault.seat),
            fault.turn,
            fault.kind
        );
        return;
    }
    let Some(outcome) = replay.outcome() else {
        tally.unfinished += 1;
        tally.mid_turn += usize::from(replay.ends_mid_turn());
        return;
    };
    tally.finished += 1;
    *tally.endings.entry(ending(outcome.reason)).or_default() += 1;
    match replay.result {
        ResultCheck::Agrees => tally.result_agrees += 1,
        ResultCheck::Disagrees => {
            tally.result_disagrees += 1;
            eprintln!(
                "{file}: game {game}: the rules give {} ({}) but the record says {}",
                RecordResult::from_outcome(&outcome),
                ending(outcome.reason),
                record.recorded_result().map_or("nothing", RecordResult::token)
            );
        }
        ResultCheck::NotRecorded | ResultCheck::Unfinished => tally.no_result += 1,
    }
}

/// How a game ended, in words.
fn ending(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Goal => "goal",
        EndReason::OwnGoal => "own goal",
        EndReason::Stuck => "stuck",
        _ => "not by the rules",
    }
}

/// The kurnik name of a seat.
fn colour(seat: Seat) -> &'static str {
    match seat {
        Seat::FIRST => "White",
        _ => "Black",
    }
}
