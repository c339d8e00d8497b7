//! xrsoccer for the command-line tools: perft after turn tokens, and replaying record files.

use kartka_engine::xrsoccer::{counts_by_depth, replay_tokens, Position, XrRecord};
use kartka_engine::Ruleset;

use crate::games::kinds::scored;
use crate::games::tools::{Setup, Tally, ToolError};

/// The match after the setup's turn tokens (`012 r7,3:654`, `-` for a skipped slot), with the rules `--rules`
/// gave.
fn position_after(setup: &Setup) -> Result<Position, ToolError> {
    if setup.size.is_some() {
        return Err(ToolError("--size: xrsoccer's field is named by --rules".into()));
    }
    let rules = match setup.ruleset {
        Some(Ruleset::Xrsoccer(rules)) => rules,
        _ => Position::default().rules(),
    };
    replay_tokens(rules, &setup.moves).map_err(|error| ToolError(format!("--moves: {error}")))
}

/// Turn tokens per depth, 1 to `depth` (every legal line is its own token; a due `-` is one token).
pub fn perft(setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
    Ok(counts_by_depth(&position_after(setup)?, depth))
}

/// Replays every record of a file, reporting the malformed, illegal and contradicted ones on stderr.
pub fn replay(file: &str, text: &str) -> Tally {
    scored::replay::<XrRecord>(file, text)
}
