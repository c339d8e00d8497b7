//! The opening explorer: for each position reached in the first turns of finished games, which turn was played
//! and how those games ended, by rating band and speed.
//!
//! Positions are keyed by the engine's canonical position bytes (`AnyGame::position_key`), hashed with SHA-256:
//! stable across versions (the keys are stored) and the same for every move order that reaches a position, so
//! transpositions meet. `opening.rs` replays an opening into its turns and keys, `rows.rs` makes a stored game's
//! rows, `index.rs` writes them (when a game finishes, after an import, and for a rebuild of every game).

pub mod index;
pub mod opening;
pub mod rows;

use crate::store::StoreError;

/// Turns of each game's opening the explorer keeps.
pub const OPENING_TURNS: usize = 12;

/// Why the explorer cannot answer or index a game.
#[derive(Debug, thiserror::Error)]
pub enum ExplorerError {
    /// The ruleset is not one this server plays.
    #[error("the ruleset is not valid: {0}")]
    BadRuleset(String),
    /// The moves are not legal actions of the game, in its notation.
    #[error("the moves do not replay: {0}")]
    BadMoves(String),
    /// The moves stop inside a turn: explorer positions are those where a turn begins.
    #[error("the moves stop inside a turn")]
    MidTurn,
    /// The kind keeps secrets: the explorer is off for it (its positions are no one's view while games run).
    #[error("the explorer is off for a game with secrets")]
    HiddenInformation,
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}
