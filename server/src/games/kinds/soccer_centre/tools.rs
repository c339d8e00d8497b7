//! Matches of points for the command-line tools: perft after turn tokens, and replaying record files.

use kartka_engine::soccer_centre::{counts_by_depth, replay_tokens, CentreRecord, Position};
use kartka_engine::Ruleset;

use crate::games::records::split_at_tag;
use crate::games::tools::{Setup, Tally, ToolError};

/// The match after the setup's turn tokens (`0 3 67`, `-` for a skipped slot), on the pitch `--rules` gave.
fn position_after(setup: &Setup) -> Result<Position, ToolError> {
    if setup.size.is_some() {
        return Err(ToolError("--size: a match of points is played on a pitch; --rules names it".into()));
    }
    let pitch = match setup.ruleset {
        Some(Ruleset::PaperSoccerCentre(rules)) => rules.pitch,
        _ => Position::default().pitch(),
    };
    replay_tokens(pitch, &setup.moves).map_err(|error| ToolError(format!("--moves: {error}")))
}

/// Distinct turn tokens per depth, 1 to `depth` (a due `-` is one token; turns that draw the same segments
/// and end on the same point are one).
pub fn perft(setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
    Ok(counts_by_depth(&position_after(setup)?, depth))
}

/// Replays every record of a file, reporting the malformed, illegal and contradicted ones on stderr. A
/// recorded score or winner the rules do not give is a disagreeing result when the match is over, and makes
/// the record illegal when it is not (the rules have no result to agree with).
pub fn replay(file: &str, text: &str) -> Tally {
    let mut tally = Tally::default();
    for (index, text) in split_at_tag(text, "Variant").iter().enumerate() {
        let game = index + 1;
        tally.games += 1;
        let record = match CentreRecord::read(text) {
            Ok(record) => record,
            Err(error) => {
                eprintln!("{file}: game {game}: malformed record: {error}");
                tally.illegal += 1;
                tally.malformed += 1;
                continue;
            }
        };
        let tokens_only = CentreRecord { score: None, winner: None, ..record.clone() };
        let position = match tokens_only.replay() {
            Ok(position) => position,
            Err(error) => {
                eprintln!("{file}: game {game}: illegal: {error}");
                tally.illegal += 1;
                continue;
            }
        };
        let contradiction = record.replay().err();
        if let Some(error) = contradiction {
            eprintln!("{file}: game {game}: {error}");
        }
        if !position.is_over() {
            if contradiction.is_some() {
                tally.illegal += 1;
            } else {
                tally.unfinished += 1;
                tally.mid_turn += usize::from(position.must_continue());
            }
            continue;
        }
        tally.finished += 1;
        *tally.endings.entry("score").or_default() += 1;
        match (contradiction, record.score.is_some() || record.winner.is_some()) {
            (Some(_), _) => tally.result_disagrees += 1,
            (None, true) => tally.result_agrees += 1,
            (None, false) => tally.no_result += 1,
        }
    }
    tally
}
