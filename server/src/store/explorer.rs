//! What the store keeps for the opening explorer: one row per finished game and turn of its opening, keyed by
//! the position before the turn, and the counts of the turns played from a position.

use async_trait::async_trait;
use uuid::Uuid;

use super::{GameRow, StoreError};

/// One turn of a finished game's opening, as the explorer keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplorerRow {
    /// The game.
    pub game_id: Uuid,
    /// The turn's number in the game, from 0.
    pub turn_index: i64,
    /// The game's ruleset as canonical protocol JSON.
    pub ruleset: String,
    /// The position before the turn: the hex SHA-256 of its canonical bytes (the engine's `position_key`).
    pub position: String,
    /// The turn's actions in the kind's notation.
    pub turn: String,
    /// How the game ended: `first`, `second` (the winner's seat) or `draw`.
    pub result: String,
    /// The players' average rating at the start, rounded down to a multiple of 200; 0 when it is not known.
    pub band: i64,
    /// `bullet`, `blitz`, `rapid`, `classical` or `correspondence`.
    pub speed: String,
}

/// A turn played from a position, with how the games that played it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnCount {
    /// The turn in the kind's notation.
    pub turn: String,
    /// Games that played it.
    pub games: i64,
    /// Of those, games the first seat won.
    pub first_wins: i64,
    /// Drawn games.
    pub draws: i64,
    /// Games the second seat won.
    pub second_wins: i64,
}

/// Which games a position's turns are counted over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplorerQuery {
    /// The ruleset as canonical protocol JSON.
    pub ruleset: String,
    /// The position's key.
    pub position: String,
    /// Only games of this rating band.
    pub band: Option<i64>,
    /// Only games of this speed.
    pub speed: Option<String>,
}

/// The explorer part of the [`Store`](super::Store).
#[async_trait]
pub trait ExplorerStore {
    /// Replaces the explorer rows of `games` with `rows` (each of which belongs to one of them), in one
    /// transaction.
    async fn replace_explorer_rows(&self, games: &[Uuid], rows: &[ExplorerRow]) -> Result<(), StoreError>;
    /// The turns played from a position, most played first (then by notation), with their games' results: one
    /// range of the explorer's index.
    async fn explorer_turns(&self, query: &ExplorerQuery) -> Result<Vec<TurnCount>, StoreError>;
    /// Up to `limit` finished games, by id, after `after`: for rebuilding the explorer.
    async fn finished_games_after(&self, after: Option<Uuid>, limit: u32) -> Result<Vec<GameRow>, StoreError>;
}
