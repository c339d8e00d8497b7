//! The store logic both backends share: SQL text, row mapping and transactions, written once and generic over
//! the sqlx database. A backend supplies only what really differs between them (see [`Dialect`]); its own
//! module opens the pool and runs its migrations.
//!
//! The SQL text is in [`statements`].

mod admin;
mod assembled;
mod batch;
mod chat;
mod cluster;
mod correspondence;
mod dialect;
mod explorer;
mod import;
mod multi_row;
mod offers;
mod profile;
mod reports;
mod seat_lists;
mod shared;
mod statements;

pub(in crate::store) use seat_lists::clocks_text;

use std::collections::HashMap;

use async_trait::async_trait;
use sqlx::database::Database;
use sqlx::Pool;
use tokio::sync::{mpsc, oneshot};
use uuid::Uuid;

use self::assembled::{Assembled, Value};
pub use self::batch::CommitSettings;
use self::batch::Pending;
pub use self::dialect::{Dialect, NodeLockSql};
use self::statements::*;
use super::sole_node::SoleNodeLock;
use super::{
    AccountKind, AccountRow, ChallengeRow, EventRow, GameChange, GameCursor, GameRow, Millis, MoveRow, RatingRow,
    ResultCounts, SessionRow, Store, StoreError, EVENT_READ_GAMES,
};
use crate::telemetry::PoolUse;

/// A [`Store`] over one sqlx connection pool; [`PostgresStore`](super::PostgresStore) and
/// [`SqliteStore`](super::SqliteStore) are its two kinds.
pub struct SqlStore<DB: Database> {
    /// Where reads go.
    pub(super) pool: Pool<DB>,
    /// Where every statement that writes goes, the group commit's included. The same pool as `pool` in
    /// PostgreSQL, which locks rows; in SQLite, whose writers take one lock for the whole database, a pool of one
    /// connection, so that writers queue for it in the process instead of retrying the lock (see
    /// [`SqliteStore::connect`](super::SqliteStore::connect)).
    pub(super) writer: Pool<DB>,
    /// The queue of the committer task that writes changes of games in groups (see [`batch`]).
    committer: mpsc::Sender<Pending>,
    /// The server node this store writes for: the origin of the news of its commits (see
    /// [`Dialect::announce_advanced`]).
    node: Uuid,
    /// The lock that makes one process the database's only node; `None` where nodes share it (PostgreSQL).
    pub(super) sole_node: Option<SoleNodeLock>,
    /// The connection of this process's node lock, taken out of the pool for as long as the lock is held (see
    /// [`crate::store::ClusterStore::hold_node_lock`], which one task at a time calls: the node's start, then its
    /// heartbeat); `None` before, and where the database has no node locks.
    pub(super) node_lock: std::sync::Mutex<Option<DB::Connection>>,
}

/// The key that makes account names unique regardless of letter case. Computed here rather than with the
/// database's `lower()`, which folds only ASCII in SQLite.
fn name_key(name: &str) -> String {
    name.to_lowercase()
}

/// The key of an imported player: a namespace of its own (no real name has a `:`), so an imported name never
/// keeps a real player from taking it.
fn imported_name_key(name: &str) -> String {
    format!("imported:{}", name.to_lowercase())
}

/// The key an account is stored under.
fn account_name_key(account: &AccountRow) -> String {
    match account.kind {
        AccountKind::Imported => imported_name_key(&account.name),
        AccountKind::Guest | AccountKind::Registered => name_key(&account.name),
    }
}

/// The stored `kind` and `imported` columns of an account kind. Imported players are stored as `registered`
/// with the flag set, which keeps the first migration's CHECK (see migrations/*/0003_admin.sql).
fn kind_columns(kind: AccountKind) -> (&'static str, bool) {
    match kind {
        AccountKind::Guest => ("guest", false),
        AccountKind::Registered => ("registered", false),
        AccountKind::Imported => ("registered", true),
    }
}

fn parse_kind(name: &str, imported: bool) -> Result<AccountKind, sqlx::Error> {
    match (name, imported) {
        ("guest", false) => Ok(AccountKind::Guest),
        ("registered", false) => Ok(AccountKind::Registered),
        ("registered", true) => Ok(AccountKind::Imported),
        (other, _) => Err(sqlx::Error::Decode(format!("unknown account kind {other:?}").into())),
    }
}

/// A write refused by a uniqueness rule is a [`StoreError::Conflict`]; anything else is a database failure.
pub(super) fn conflict_if_unique(error: sqlx::Error) -> StoreError {
    match &error {
        sqlx::Error::Database(database_error) if database_error.is_unique_violation() => StoreError::Conflict,
        _ => StoreError::Database(error),
    }
}

impl<DB: Dialect> SqlStore<DB> {
    /// Hands a write to the committer ([`batch`]) and waits until it is committed.
    async fn commit_in_group(
        &self,
        (pending, answer): (Pending, oneshot::Receiver<Result<(), StoreError>>),
    ) -> Result<(), StoreError> {
        self.committer.send(pending).await.map_err(|_| StoreError::CommitterGone)?;
        answer.await.map_err(|_| StoreError::CommitterGone)?
    }
}

/// The position before every game: no game is created at the end of time.
const NEWEST_CURSOR: GameCursor = GameCursor { created_at: Millis::MAX, id: Uuid::max() };

#[async_trait]
impl<DB: Dialect> Store for SqlStore<DB> {
    fn pool_use(&self) -> PoolUse {
        PoolUse {
            connections: self.pool.size(),
            idle: u32::try_from(self.pool.num_idle()).unwrap_or(u32::MAX),
            max_connections: self.pool.options().get_max_connections(),
        }
    }

    async fn ping(&self) -> Result<(), StoreError> {
        DB::statement(PING).execute(&self.pool).await?;
        Ok(())
    }

    async fn insert_account(&self, account: &AccountRow) -> Result<(), StoreError> {
        let (kind, imported) = kind_columns(account.kind);
        DB::statement(INSERT_ACCOUNT)
            .bind(DB::to_id(account.id))
            .bind(account.name.as_str())
            .bind(account_name_key(account))
            .bind(kind)
            .bind(imported)
            .bind(account.password_hash.as_deref())
            .bind(account.is_admin)
            .bind(account.is_bot)
            .bind(account.banned)
            .bind(account.created_at)
            .bind(account.created_from.as_deref())
            .execute(&self.writer)
            .await
            .map_err(conflict_if_unique)?;
        Ok(())
    }

    async fn guest_banned_from(&self, address: &str, since: Millis) -> Result<bool, StoreError> {
        let row = DB::statement(GUEST_BANNED_FROM).bind(address).bind(since).fetch_optional(&self.pool).await?;
        Ok(row.is_some())
    }

    async fn account_by_id(&self, id: Uuid) -> Result<Option<AccountRow>, StoreError> {
        let row = DB::statement(ACCOUNT_BY_ID).bind(DB::to_id(id)).fetch_optional(&self.pool).await?;
        Ok(row.as_ref().map(Self::account_from_row).transpose()?)
    }

    async fn account_by_name(&self, name: &str) -> Result<Option<AccountRow>, StoreError> {
        let row = DB::statement(ACCOUNT_BY_NAME_KEY).bind(name_key(name)).fetch_optional(&self.pool).await?;
        Ok(row.as_ref().map(Self::account_from_row).transpose()?)
    }

    async fn set_admin(&self, name: &str, is_admin: bool) -> Result<bool, StoreError> {
        let result = DB::statement(SET_ADMIN).bind(name_key(name)).bind(is_admin).execute(&self.writer).await?;
        Ok(DB::rows_affected(&result) > 0)
    }

    async fn insert_session(&self, session: &SessionRow) -> Result<(), StoreError> {
        DB::statement(INSERT_SESSION)
            .bind(session.token_hash.as_str())
            .bind(DB::to_id(session.account_id))
            .bind(session.created_at)
            .bind(session.expires_at)
            .execute(&self.writer)
            .await
            .map_err(conflict_if_unique)?;
        Ok(())
    }

    async fn session_account(&self, token_hash: &str, now: Millis) -> Result<Option<AccountRow>, StoreError> {
        let row = DB::statement(SESSION_ACCOUNT).bind(token_hash).bind(now).fetch_optional(&self.pool).await?;
        Ok(row.as_ref().map(Self::account_from_row).transpose()?)
    }

    async fn delete_session(&self, token_hash: &str) -> Result<bool, StoreError> {
        let result = DB::statement(DELETE_SESSION).bind(token_hash).execute(&self.writer).await?;
        Ok(DB::rows_affected(&result) > 0)
    }

    async fn insert_challenge(&self, challenge: &ChallengeRow) -> Result<(), StoreError> {
        let mut tx = self.writer.begin_with(DB::BEGIN_WRITE).await?;
        Self::bind_offer(DB::statement(INSERT_CHALLENGE), &challenge.offer)
            .bind(challenge.rematch_of.map(DB::to_id))
            .execute(&mut *tx)
            .await
            .map_err(conflict_if_unique)?;
        Self::insert_offer_seats(&mut tx, &challenge.offer).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn challenge(&self, id: Uuid) -> Result<Option<ChallengeRow>, StoreError> {
        let row = DB::statement(CHALLENGE_BY_ID).bind(DB::to_id(id)).fetch_optional(&self.pool).await?;
        Ok(self.challenges_with_seats(row.as_slice()).await?.pop())
    }

    async fn open_challenges_of(&self, account_id: Uuid, now: Millis) -> Result<Vec<ChallengeRow>, StoreError> {
        let rows =
            DB::statement(OPEN_CHALLENGES_OF).bind(DB::to_id(account_id)).bind(now).fetch_all(&self.pool).await?;
        self.challenges_with_seats(&rows).await
    }

    async fn close_challenge(&self, id: Uuid, status: &str, now: Millis) -> Result<bool, StoreError> {
        debug_assert!(matches!(status, "declined" | "cancelled" | "expired"), "not a closing status: {status}");
        let result =
            DB::statement(CLOSE_CHALLENGE).bind(DB::to_id(id)).bind(status).bind(now).execute(&self.writer).await?;
        Ok(DB::rows_affected(&result) > 0)
    }

    async fn insert_game(&self, game: &GameRow, started: &EventRow, runner: Option<Uuid>) -> Result<(), StoreError> {
        let mut tx = self.writer.begin_with(DB::BEGIN_WRITE).await?;
        Self::insert_game_with_event(&mut tx, game, started, runner).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn game(&self, id: Uuid) -> Result<Option<GameRow>, StoreError> {
        let row = DB::statement(GAME_BY_ID).bind(DB::to_id(id)).fetch_optional(&self.pool).await?;
        Ok(row.as_ref().map(Self::game_from_row).transpose()?)
    }

    async fn games_of(
        &self,
        account_id: Uuid,
        before: Option<GameCursor>,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        let before = before.unwrap_or(NEWEST_CURSOR);
        let rows = DB::statement(GAMES_OF)
            .bind(DB::to_id(account_id))
            .bind(before.created_at)
            .bind(DB::to_id(before.id))
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(Self::game_from_row).collect::<Result<_, _>>()?)
    }

    async fn active_live_games(&self) -> Result<Vec<GameRow>, StoreError> {
        let rows = DB::statement(ACTIVE_LIVE_GAMES).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(Self::game_from_row).collect::<Result<_, _>>()?)
    }

    async fn moves(&self, game_id: Uuid) -> Result<Vec<MoveRow>, StoreError> {
        let rows = DB::statement(MOVES_OF).bind(DB::to_id(game_id)).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(Self::move_from_row).collect::<Result<_, _>>()?)
    }

    async fn events_after(&self, game_id: Uuid, after_seq: i64) -> Result<Vec<EventRow>, StoreError> {
        let rows = DB::statement(EVENTS_AFTER).bind(DB::to_id(game_id)).bind(after_seq).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(Self::event_from_row).collect::<Result<_, _>>()?)
    }

    async fn events_after_each(&self, after: &[(Uuid, i64)]) -> Result<HashMap<Uuid, Vec<EventRow>>, StoreError> {
        let mut events: HashMap<Uuid, Vec<EventRow>> = HashMap::with_capacity(after.len());
        for chunk in after.chunks(EVENT_READ_GAMES) {
            let mut query = Assembled::new(DB::placeholder, EVENTS_AFTER_EACH);
            for (index, (game_id, after_seq)) in chunk.iter().enumerate() {
                query.text(if index == 0 { "(game_id = " } else { " OR (game_id = " });
                query.value(Value::Id(*game_id)).text(" AND seq > ").value(Value::Int(*after_seq)).text(")");
            }
            query.text(EVENTS_AFTER_EACH_ORDER);
            for row in Self::bind_assembled(&query).fetch_all(&self.pool).await? {
                events.entry(Self::uuid(&row, "game_id")?).or_default().push(Self::event_from_row(&row)?);
            }
        }
        Ok(events)
    }

    async fn record(&self, game_id: Uuid, change: &GameChange) -> Result<(), StoreError> {
        // Rating updates have guards of their own: a rated result is rare and goes alone.
        if !change.ratings.is_empty() {
            return Self::record_alone(&self.writer, self.node, game_id, change).await;
        }
        self.commit_in_group(Pending::new(game_id, change.clone())).await
    }

    async fn record_many(&self, changes: &[(Uuid, GameChange)]) -> Vec<Result<(), StoreError>> {
        Self::record_together(&self.writer, self.node, changes).await
    }

    async fn open_rematches(&self, game_id: Uuid, now: Millis) -> Result<Vec<ChallengeRow>, StoreError> {
        let rows = DB::statement(OPEN_REMATCHES).bind(DB::to_id(game_id)).bind(now).fetch_all(&self.pool).await?;
        self.challenges_with_seats(&rows).await
    }

    async fn accepted_rematch(&self, game_id: Uuid) -> Result<Option<Uuid>, StoreError> {
        let row = DB::statement(ACCEPTED_REMATCH).bind(DB::to_id(game_id)).fetch_optional(&self.pool).await?;
        Ok(row.as_ref().map(|row| Self::optional_uuid(row, "game_id")).transpose()?.flatten())
    }

    async fn result_counts(&self, account_id: Uuid) -> Result<ResultCounts, StoreError> {
        let row = DB::statement(RESULT_COUNTS).bind(DB::to_id(account_id)).fetch_one(&self.pool).await?;
        Ok(Self::result_counts_from_row(&row)?)
    }

    async fn rating(
        &self,
        account_id: Uuid,
        kind: &str,
        speed: &str,
        model: &str,
    ) -> Result<Option<RatingRow>, StoreError> {
        let row = DB::statement(RATING)
            .bind(DB::to_id(account_id))
            .bind(kind)
            .bind(speed)
            .bind(model)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(Self::rating_from_row).transpose()?)
    }

    async fn ratings_of(&self, account_id: Uuid) -> Result<Vec<RatingRow>, StoreError> {
        let rows = DB::statement(RATINGS_OF).bind(DB::to_id(account_id)).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(Self::rating_from_row).collect::<Result<_, _>>()?)
    }

    async fn leaderboard(
        &self,
        kind: &str,
        speed: &str,
        model: &str,
        max_deviation: f64,
        offset: u32,
        limit: u32,
    ) -> Result<Vec<(AccountRow, RatingRow)>, StoreError> {
        let rows = DB::statement(LEADERBOARD)
            .bind(kind)
            .bind(speed)
            .bind(max_deviation)
            .bind(i64::from(offset))
            .bind(i64::from(limit))
            .bind(model)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| Ok((Self::account_from_row(row)?, Self::rating_from_row(row)?)))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }
}
