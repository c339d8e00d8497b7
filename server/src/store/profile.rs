//! What players' profiles read beyond accounts and ratings: the rated results that moved a rating (for its
//! history), results between two players, a player's games by filters, names by prefix, and how many players a
//! leaderboard could hold.

use async_trait::async_trait;
use uuid::Uuid;

use super::{AccountRow, GameCursor, GameRow, Millis, ResultCounts, StoreError};

/// The event that ended a rated game, with the game's players: its `rating_changes` say how their ratings moved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedEnd {
    /// The game.
    pub game_id: Uuid,
    /// Its players, in seat order.
    pub players: Vec<Uuid>,
    /// When the event was recorded.
    pub at: Millis,
    /// The protocol's `GameEvent` (`ended` or `adjudicated`) as JSON.
    pub payload: String,
}

/// Which of a player's games a history page lists; every filter left `None` lets all games through.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HistoryFilter {
    /// The stored game kind (the registry's name).
    pub kind: Option<String>,
    /// Finished games with this result from the player's side.
    pub result: Option<HistoryResult>,
    /// Games against this account.
    pub opponent_id: Option<Uuid>,
    /// Games of this speed.
    pub speed: Option<HistorySpeed>,
}

/// A finished game's result from one player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryResult {
    /// The player won.
    Win,
    /// The player lost.
    Loss,
    /// Nobody won.
    Draw,
}

/// A speed as a history page tells them apart: the live classes, and correspondence apart from classical (whose
/// rating it shares).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistorySpeed {
    /// A live game of the speed class with this stored text (`bullet`, `blitz`, `rapid`, `classical`).
    Live(&'static str),
    /// A correspondence game.
    Correspondence,
}

/// The profile part of the [`Store`](super::Store).
#[async_trait]
pub trait ProfileStore {
    /// The events that ended an account's rated games of a game kind and speed class, in the order they
    /// happened.
    async fn rated_ends(&self, account_id: Uuid, kind: &str, speed: &str) -> Result<Vec<RatedEnd>, StoreError>;
    /// The results of `account_id`'s games against `opponent_id`, counted from `account_id`'s side.
    async fn results_between(&self, account_id: Uuid, opponent_id: Uuid) -> Result<ResultCounts, StoreError>;
    /// A page of an account's games that pass `filter`, newest first, after `before`.
    async fn game_history(
        &self,
        account_id: Uuid,
        filter: &HistoryFilter,
        before: Option<GameCursor>,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError>;
    /// Up to `limit` accounts, guests and registered, not banned, whose names start with `prefix` in any letter
    /// case, in name order.
    async fn accounts_by_prefix(&self, prefix: &str, limit: u32) -> Result<Vec<AccountRow>, StoreError>;
    /// Up to `limit` accounts of every kind, banned or not, whose names start with `prefix` in any letter case,
    /// in name order: the admins' search.
    async fn any_accounts_by_prefix(&self, prefix: &str, limit: u32) -> Result<Vec<AccountRow>, StoreError>;
    /// How many people (no bots, no banned accounts) have a rating of a game kind and speed class, established or
    /// not.
    async fn rated_players(&self, kind: &str, speed: &str, model: &str) -> Result<i64, StoreError>;
}
