//! A stored game's position after any number of actions, whatever its kind.

use kartka_engine::AnyGame;
use kartka_protocol::RulesetSpec;

use super::kinds;

/// Why a position cannot be shown.
#[derive(Debug, thiserror::Error)]
pub enum PositionError {
    /// The game has fewer actions than asked for.
    #[error("the game has only {played} actions")]
    BeyondEnd {
        /// Actions the game has.
        played: u32,
    },
    /// The stored ruleset or moves do not replay.
    #[error("the stored game does not replay: {0}")]
    Corrupt(String),
}

/// The game after the first `ply` actions of `moves` (each a stored move's notation); `ply` may stop inside a
/// move.
pub fn position_after<'a>(
    ruleset: &RulesetSpec,
    moves: impl IntoIterator<Item = &'a str>,
    ply: u32,
) -> Result<AnyGame, PositionError> {
    let corrupt = |why: String| PositionError::Corrupt(why);
    let mut game = AnyGame::new(&kinds::ruleset(ruleset).map_err(|e| corrupt(e.to_string()))?);
    let kind = game.kind();
    let mut played = 0;
    for notation in moves {
        for action in kind.split_actions(notation).map_err(|e| corrupt(e.to_string()))? {
            if played == ply {
                return Ok(game);
            }
            game.play(&action).map_err(|e| corrupt(format!("action {played}: {e}")))?;
            played += 1;
        }
    }
    if played < ply {
        return Err(PositionError::BeyondEnd { played });
    }
    Ok(game)
}
