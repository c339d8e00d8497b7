//! Matches of points for the command-line tools: perft after turn tokens, and replaying record files.

use kartka_engine::soccer_centre::{counts_by_depth, replay_tokens, CentreRecord, Position};
use kartka_engine::Ruleset;

use crate::games::kinds::scored;
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

/// Replays every record of a file, reporting the malformed, illegal and contradicted ones on stderr.
pub fn replay(file: &str, text: &str) -> Tally {
    scored::replay::<CentreRecord>(file, text)
}
