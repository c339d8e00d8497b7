//! Gallows for the command-line tools: perft from a game of the default rules after `--moves` (a word, then
//! guesses: `W:kobra a e`). The word is set by its setter, so the start lists no actions and counts nothing; the
//! counts are of guesses, letters and dictionary words, from a word set.

use kartka_engine::gallows::{GallowsRules, Position};
use kartka_engine::Game;

use crate::games::tools::{Setup, ToolError};

/// The default game after the setup's moves, each played by the seat to act.
fn position_after(setup: &Setup) -> Result<Position, ToolError> {
    let mut game = Position::new(GallowsRules::default());
    let actions = Position::parse_actions(&setup.moves).map_err(|error| ToolError(format!("--moves: {error}")))?;
    for (index, action) in actions.into_iter().enumerate() {
        game.apply(action).map_err(|reason| ToolError(format!("--moves: move {} is illegal: {reason}", index + 1)))?;
    }
    Ok(game)
}

/// Guess sequences per depth, 1 to `depth`.
pub fn perft(setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
    Ok(kartka_engine::perft::counts_by_depth(&position_after(setup)?, depth))
}
