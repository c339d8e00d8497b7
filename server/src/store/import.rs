//! What the store keeps of imported record files: their players and games, written many at a time.

use std::collections::{HashMap, HashSet};

use async_trait::async_trait;
use uuid::Uuid;

use super::{EventRow, GameOrigin, GameRow, Millis, MoveRow, StoreError};

/// A game read from a record file, ready to store: the game, its events and its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportedGame {
    /// The game row (never active).
    pub game: GameRow,
    /// Its origin; `import` is always set.
    pub origin: GameOrigin,
    /// Its events: `started`, then `ended` when it has a result.
    pub events: Vec<EventRow>,
    /// Its moves, one per turn.
    pub moves: Vec<MoveRow>,
}

/// Imported players and games. Every [`Store`](super::Store) is one.
#[async_trait]
pub trait ImportStore: Send + Sync {
    /// The ids of imported players called `names`, creating the missing ones, by name as given.
    async fn imported_players(&self, names: &[String], now: Millis) -> Result<HashMap<String, Uuid>, StoreError>;
    /// The numbers of the games already imported from `source`.
    async fn imported_indexes(&self, source: &str) -> Result<HashSet<i64>, StoreError>;
    /// Stores imported games with their events and moves, in one transaction with few statements.
    /// [`StoreError::Conflict`] (nothing written) when one of them was imported already.
    async fn insert_imported(&self, games: &[ImportedGame]) -> Result<(), StoreError>;
}
