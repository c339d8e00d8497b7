//! The store logic both backends share: SQL text, row mapping and transactions, written once and generic over
//! the sqlx database. A backend supplies only what really differs between them (see [`Dialect`]); its own
//! module opens the pool and runs its migrations.
//!
//! The SQL text is in [`statements`].

mod admin;
mod batch;
mod chat;
mod cluster;
mod correspondence;
mod explorer;
mod profile;
mod reports;
mod statements;

use std::collections::{HashMap, HashSet};

use async_trait::async_trait;
use futures_util::future::BoxFuture;
use sqlx::database::Database;
use sqlx::query::Query;
use sqlx::{ColumnIndex, Decode, Encode, Executor, IntoArguments, Pool, Row, Type};
use tokio::sync::mpsc;
use uuid::Uuid;

use self::admin::{Assembled, Value};
pub use self::batch::CommitSettings;
use self::batch::{Pending, QUEUE_LENGTH};
use self::statements::*;
use super::sole_node::SoleNodeLock;
use super::{
    AccountKind, AccountRow, ChallengeRow, EventRow, GameChange, GameCursor, GameRow, GameState, Millis, MoveRow,
    RatingRow, RatingUpdate, ResultCounts, SessionRow, Store, StoreError, EVENT_READ_GAMES,
};
use crate::cluster::bus::GameAdvanced;
use crate::telemetry::PoolUse;

/// What differs between PostgreSQL and SQLite inside the shared store logic.
pub trait Dialect: Database {
    /// How a uuid is bound and read: a native UUID in PostgreSQL, hyphenated TEXT in SQLite.
    type Id: for<'q> Encode<'q, Self> + for<'r> Decode<'r, Self> + Type<Self> + Send + Sync + 'static;
    /// The statement that opens a transaction that is going to write.
    const BEGIN_WRITE: &'static str;
    /// The database's own clock as an SQL expression: milliseconds since the Unix epoch, as a 64-bit integer.
    /// Node heartbeats and lease expiry are judged by it alone, so clock skew between nodes cannot matter.
    const NOW_MS: &'static str;
    /// Whether several server nodes may share the database.
    const SHARED_BY_NODES: bool;
    /// The statements of the nodes' database locks, where the database has them (PostgreSQL's session advisory
    /// locks); `None` in SQLite, whose lock file proves more (see [`crate::store::ClusterStore::hold_node_lock`]).
    const NODE_LOCK: Option<NodeLockSql>;
    /// Writes the placeholder of the `number`th value (from 1) of a statement assembled per call, whose values
    /// are bound in placeholder order: `$N` in PostgreSQL, an anonymous `?` in SQLite. (SQLite keeps `$N` and
    /// `?N` in a list that binding searches for each value, which makes a 30,000-value insert quadratic.)
    fn placeholder(sql: &mut String, number: usize);
    /// A uuid as the database stores it.
    fn to_id(id: Uuid) -> Self::Id;
    /// A uuid read back from the database.
    fn from_id(id: Self::Id) -> Uuid;
    /// Inserts many events (with their games' ids) in one statement, when the database has a faster way than
    /// multi-row VALUES lists; `None` when it has not (the caller then uses those).
    fn insert_events_at_once<'a>(
        conn: &'a mut Self::Connection,
        events: &'a [(Uuid, &'a EventRow)],
    ) -> Option<BoxFuture<'a, Result<(), sqlx::Error>>>;
    /// Inserts many moves (with their games' ids) in one statement, when the database has a faster way than
    /// multi-row VALUES lists; `None` when it has not (the caller then uses those).
    fn insert_moves_at_once<'a>(
        conn: &'a mut Self::Connection,
        moves: &'a [(Uuid, &'a MoveRow)],
    ) -> Option<BoxFuture<'a, Result<(), sqlx::Error>>>;
    /// Moves many games to their new states in one statement, each only if its stored `seq` is still the
    /// change's `expected_seq`, when the database has a way (the games are distinct); the ids of the games it
    /// moved. `None` when it has not: the caller then updates them one by one.
    fn update_states_at_once<'a>(
        conn: &'a mut Self::Connection,
        changes: &'a [(Uuid, &'a GameChange)],
    ) -> Option<BoxFuture<'a, Result<HashSet<Uuid>, sqlx::Error>>>;
    /// Writes a whole group of changes of distinct games (none with rating updates) in one statement, which is
    /// its own transaction, when the database has a way: each game's new state only if its stored `seq` is still
    /// the change's `expected_seq`, the events and moves of those that passed, and the announcement of what it
    /// committed from node `origin`; the ids of the games it moved. `None` when it has not: the caller then
    /// writes the group statement by statement in a transaction.
    fn write_group_at_once<'a>(
        pool: &'a Pool<Self>,
        origin: Uuid,
        changes: &'a [(Uuid, &'a GameChange)],
    ) -> Option<BoxFuture<'a, Result<HashSet<Uuid>, sqlx::Error>>>;
    /// How many rows an INSERT, UPDATE or DELETE touched.
    fn rows_affected(result: &Self::QueryResult) -> u64;
    /// Tells the other server nodes, from node `origin` and inside the transaction on `conn`, that `games`
    /// advanced to their new sequence numbers: delivered when the transaction commits, never if it rolls back
    /// (see [`crate::cluster::bus`]). `None` where no other node can listen: a SQLite database is one node's.
    fn announce_advanced<'a>(
        conn: &'a mut Self::Connection,
        origin: Uuid,
        games: Vec<GameAdvanced>,
    ) -> Option<BoxFuture<'a, Result<(), sqlx::Error>>>;
}

/// The statements of a node's database lock, held by a session of the node's own for the node's life; each takes
/// the node's key (see `node_lock_key` in `cluster.rs`) as `$1`, but `release`.
pub struct NodeLockSql {
    /// Takes the lock for the session that runs it, if no other session holds it; whether it did, as `locked`.
    pub take: &'static str,
    /// Whether another session holds the lock, as `locked`, leaving it as it was.
    pub held: &'static str,
    /// Lets go of every lock the session holds, before the session is closed: a closed session's locks go only
    /// once the database has noticed, which a graceful stop should not leave to chance.
    pub release: &'static str,
}

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

/// The position before every game: no game is created at the end of time.
const NEWEST_CURSOR: GameCursor = GameCursor { created_at: Millis::MAX, id: Uuid::max() };

type DbQuery<'q, DB> = Query<'q, DB, <DB as Database>::Arguments<'q>>;

// The bounds below are repeated on both impl blocks: Rust does not carry a trait's where clauses to its users.

impl<DB> SqlStore<DB>
where
    DB: Dialect,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
    for<'q> i64: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> bool: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> f64: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> String: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
    for<'q> Option<i64>: Encode<'q, DB>,
    for<'q> Option<&'q str>: Encode<'q, DB>,
    for<'q> Option<DB::Id>: Encode<'q, DB>,
    for<'a> &'a str: ColumnIndex<DB::Row>,
{
    /// A store reading from `pool` and writing through `writer` for server node `node`, over a database that is
    /// already migrated, with its committer task started on the current Tokio runtime.
    pub(super) fn new(pool: Pool<DB>, writer: Pool<DB>, node: Uuid, settings: CommitSettings) -> Self {
        let (committer, queue) = mpsc::channel(QUEUE_LENGTH);
        tokio::spawn(Self::run_committer(writer.clone(), node, queue, settings));
        Self { pool, writer, committer, node, sole_node: None, node_lock: std::sync::Mutex::new(None) }
    }

    /// The same store, served by one node at a time, which `lock` decides (SQLite).
    pub(super) fn with_sole_node(self, lock: SoleNodeLock) -> Self {
        Self { sole_node: Some(lock), ..self }
    }

    fn uuid(row: &DB::Row, column: &str) -> Result<Uuid, sqlx::Error> {
        row.try_get::<DB::Id, _>(column).map(DB::from_id)
    }

    fn optional_uuid(row: &DB::Row, column: &str) -> Result<Option<Uuid>, sqlx::Error> {
        Ok(row.try_get::<Option<DB::Id>, _>(column)?.map(DB::from_id))
    }

    fn account_from_row(row: &DB::Row) -> Result<AccountRow, sqlx::Error> {
        Ok(AccountRow {
            id: Self::uuid(row, "id")?,
            name: row.try_get("name")?,
            kind: parse_kind(&row.try_get::<String, _>("kind")?, row.try_get("imported")?)?,
            password_hash: row.try_get("password_hash")?,
            is_admin: row.try_get("is_admin")?,
            is_bot: row.try_get("is_bot")?,
            chat_muted: row.try_get("chat_muted")?,
            banned: row.try_get("banned")?,
            created_at: row.try_get("created_at")?,
            created_from: row.try_get("created_from")?,
        })
    }

    fn challenge_from_row(row: &DB::Row) -> Result<ChallengeRow, sqlx::Error> {
        Ok(ChallengeRow {
            id: Self::uuid(row, "id")?,
            challenger_id: Self::uuid(row, "challenger_id")?,
            opponent_id: Self::optional_uuid(row, "opponent_id")?,
            ruleset: row.try_get("ruleset")?,
            time_control: row.try_get("time_control")?,
            colour: row.try_get("colour")?,
            status: row.try_get("status")?,
            game_id: Self::optional_uuid(row, "game_id")?,
            created_at: row.try_get("created_at")?,
            expires_at: row.try_get("expires_at")?,
            rated: row.try_get("rated")?,
            rematch_of: Self::optional_uuid(row, "rematch_of")?,
        })
    }

    fn rating_from_row(row: &DB::Row) -> Result<RatingRow, sqlx::Error> {
        Ok(RatingRow {
            account_id: Self::uuid(row, "account_id")?,
            kind: row.try_get("game_kind")?,
            speed: row.try_get("speed")?,
            rating: row.try_get("rating")?,
            deviation: row.try_get("deviation")?,
            volatility: row.try_get("volatility")?,
            games: row.try_get("games")?,
            updated_at: row.try_get("updated_at")?,
        })
    }

    fn game_from_row(row: &DB::Row) -> Result<GameRow, sqlx::Error> {
        Ok(GameRow {
            id: Self::uuid(row, "id")?,
            kind: row.try_get("kind")?,
            ruleset: row.try_get("ruleset")?,
            time_control: row.try_get("time_control")?,
            speed: row.try_get("speed")?,
            rated: row.try_get("rated")?,
            correspondence: row.try_get("correspondence")?,
            first_id: Self::uuid(row, "first_id")?,
            second_id: Self::uuid(row, "second_id")?,
            created_at: row.try_get("created_at")?,
            state: GameState {
                status: row.try_get("status")?,
                winner: row.try_get("winner")?,
                end_reason: row.try_get("end_reason")?,
                ply: row.try_get("ply")?,
                seq: row.try_get("seq")?,
                first_ms: row.try_get("first_ms")?,
                second_ms: row.try_get("second_ms")?,
                clock_at: row.try_get("clock_at")?,
                to_act: row.try_get("to_act")?,
                deadline: row.try_get("deadline")?,
                finished_at: row.try_get("finished_at")?,
                scores: row.try_get("scores")?,
            },
        })
    }

    fn move_from_row(row: &DB::Row) -> Result<MoveRow, sqlx::Error> {
        Ok(MoveRow {
            ply: row.try_get("ply")?,
            seat: row.try_get("seat")?,
            notation: row.try_get("notation")?,
            turn_ended: row.try_get("turn_ended")?,
            client_move_id: row.try_get("client_move_id")?,
            first_ms: row.try_get("first_ms")?,
            second_ms: row.try_get("second_ms")?,
            received_at: row.try_get("received_at")?,
        })
    }

    fn event_from_row(row: &DB::Row) -> Result<EventRow, sqlx::Error> {
        Ok(EventRow {
            seq: row.try_get("seq")?,
            kind: row.try_get("kind")?,
            payload: row.try_get("payload")?,
            at: row.try_get("at")?,
        })
    }

    /// Binds the outcome columns of a state (those kept in `games`) in the order [`INSERT_GAME`] and the group
    /// commit's outcome update list them: the ply is bound as the game's `length`.
    fn bind_outcome<'q>(query: DbQuery<'q, DB>, state: &'q GameState) -> DbQuery<'q, DB> {
        query
            .bind(state.status.as_str())
            .bind(state.winner.as_deref())
            .bind(state.end_reason.as_deref())
            .bind(state.ply)
            .bind(state.finished_at)
            .bind(state.scores.as_deref())
    }

    /// Binds the progress columns of a state (those kept in `game_progress`) in the order [`INSERT_PROGRESS`]
    /// and the group commit's progress update list them.
    fn bind_progress<'q>(query: DbQuery<'q, DB>, state: &'q GameState) -> DbQuery<'q, DB> {
        query
            .bind(state.seq)
            .bind(state.ply)
            .bind(state.first_ms)
            .bind(state.second_ms)
            .bind(state.clock_at)
            .bind(state.to_act.as_deref())
            .bind(state.deadline)
    }

    /// Binds the sweeper's columns of a new progress row: whether it watches the game's deadline (a
    /// correspondence game's, migration 0018), and the deadline it watches.
    fn bind_sweeping<'q>(query: DbQuery<'q, DB>, game: &GameRow) -> DbQuery<'q, DB> {
        query.bind(game.correspondence).bind(game.state.deadline.filter(|_| game.correspondence))
    }

    /// Inserts a game's progress row, which every game has beside its `games` row.
    async fn insert_progress(conn: &mut DB::Connection, game: &GameRow) -> Result<(), StoreError> {
        Self::bind_sweeping(
            Self::bind_progress(sqlx::query(INSERT_PROGRESS).bind(DB::to_id(game.id)), &game.state),
            game,
        )
        .execute(conn)
        .await
        .map_err(conflict_if_unique)?;
        Ok(())
    }

    async fn insert_event(conn: &mut DB::Connection, game_id: Uuid, event: &EventRow) -> Result<(), StoreError> {
        sqlx::query(INSERT_EVENT)
            .bind(DB::to_id(game_id))
            .bind(event.seq)
            .bind(event.kind.as_str())
            .bind(event.payload.as_str())
            .bind(event.at)
            .execute(conn)
            .await
            .map_err(conflict_if_unique)?;
        Ok(())
    }

    async fn insert_move(conn: &mut DB::Connection, game_id: Uuid, new_move: &MoveRow) -> Result<(), StoreError> {
        sqlx::query(INSERT_MOVE)
            .bind(DB::to_id(game_id))
            .bind(new_move.ply)
            .bind(new_move.seat.as_str())
            .bind(new_move.notation.as_str())
            .bind(new_move.turn_ended)
            .bind(new_move.client_move_id.as_str())
            .bind(new_move.first_ms)
            .bind(new_move.second_ms)
            .bind(new_move.received_at)
            .execute(conn)
            .await
            .map_err(conflict_if_unique)?;
        Ok(())
    }

    /// Tells the other nodes, from node `node` and inside the transaction on `conn`, that `games` advanced (see
    /// [`Dialect::announce_advanced`]).
    async fn announce(conn: &mut DB::Connection, node: Uuid, games: Vec<GameAdvanced>) -> Result<(), StoreError> {
        if games.is_empty() {
            return Ok(());
        }
        if let Some(announcing) = DB::announce_advanced(conn, node, games) {
            announcing.await?;
        }
        Ok(())
    }

    /// Applies one change of a game on a connection inside a transaction, and announces it from node `node`.
    /// Returning an error before commit drops the transaction, which rolls it back.
    async fn apply_change(
        conn: &mut DB::Connection,
        node: Uuid,
        game_id: Uuid,
        change: &GameChange,
    ) -> Result<(), StoreError> {
        // The optimistic check, by the group commit's statement for one game: in PostgreSQL a concurrent writer
        // waits for the `game_progress` row's lock and then finds the seq moved on.
        if !Self::update_states(&mut *conn, &[(game_id, change)]).await?.contains(&game_id) {
            return Err(StoreError::Conflict);
        }
        Self::insert_event(&mut *conn, game_id, &change.event).await?;
        if let Some(new_move) = &change.new_move {
            Self::insert_move(&mut *conn, game_id, new_move).await?;
        }
        for update in &change.ratings {
            Self::write_rating(&mut *conn, update).await?;
        }
        Self::announce(conn, node, vec![GameAdvanced { game_id, seq: change.state.seq }]).await
    }

    /// One change in a transaction of its own, written for node `node`.
    async fn record_alone(pool: &Pool<DB>, node: Uuid, game_id: Uuid, change: &GameChange) -> Result<(), StoreError> {
        let mut tx = pool.begin_with(DB::BEGIN_WRITE).await?;
        Self::apply_change(&mut tx, node, game_id, change).await?;
        tx.commit().await?;
        Ok(())
    }

    /// In one transaction: `accept` (a conditional UPDATE of an open offer, bound as offer id, game id, acceptor
    /// id, now) and, if it took, the new game with its first event. False (and nothing written) when the offer
    /// was not open any more. The conditional UPDATE decides: in PostgreSQL a concurrent acceptor waits for the
    /// row's lock and then finds the offer taken.
    async fn accept_into_game(
        &self,
        accept: &'static str,
        id: Uuid,
        acceptor_id: Uuid,
        game: &GameRow,
        started: &EventRow,
        now: Millis,
    ) -> Result<bool, StoreError> {
        let mut tx = self.writer.begin_with(DB::BEGIN_WRITE).await?;
        let accepted = sqlx::query(accept)
            .bind(DB::to_id(id))
            .bind(DB::to_id(game.id))
            .bind(DB::to_id(acceptor_id))
            .bind(now)
            .execute(&mut *tx)
            .await?;
        if DB::rows_affected(&accepted) == 0 {
            return Ok(false);
        }
        Self::insert_game_with_event(&mut tx, game, started).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Inserts a game and its first event on a connection inside a transaction.
    async fn insert_game_with_event(
        conn: &mut DB::Connection,
        game: &GameRow,
        started: &EventRow,
    ) -> Result<(), StoreError> {
        debug_assert_eq!(game.state.seq, started.seq, "a new game's seq is its first event's");
        let query = sqlx::query(INSERT_GAME)
            .bind(DB::to_id(game.id))
            .bind(game.kind.as_str())
            .bind(game.ruleset.as_str())
            .bind(game.time_control.as_str())
            .bind(DB::to_id(game.first_id))
            .bind(DB::to_id(game.second_id))
            .bind(game.created_at)
            .bind(game.speed.as_str())
            .bind(game.rated)
            .bind(game.correspondence);
        Self::bind_outcome(query, &game.state).execute(&mut *conn).await.map_err(conflict_if_unique)?;
        Self::insert_progress(&mut *conn, game).await?;
        Self::insert_event(conn, game.id, started).await
    }

    /// Binds the rating columns in the order [`INSERT_RATING`] and [`UPDATE_RATING`] list them.
    fn bind_rating<'q>(query: DbQuery<'q, DB>, rating: &'q RatingRow) -> DbQuery<'q, DB> {
        query
            .bind(DB::to_id(rating.account_id))
            .bind(rating.kind.as_str())
            .bind(rating.speed.as_str())
            .bind(rating.rating)
            .bind(rating.deviation)
            .bind(rating.volatility)
            .bind(rating.games)
            .bind(rating.updated_at)
    }

    /// Writes a rating guarded by its game count: a first rating is inserted (a concurrent first insert hits
    /// the primary key), a later one updated only if its stored count is still the expected one.
    async fn write_rating(conn: &mut DB::Connection, update: &RatingUpdate) -> Result<(), StoreError> {
        debug_assert_eq!(update.rating.games, update.expected_games + 1, "a rated result adds one game");
        if update.expected_games == 0 {
            Self::bind_rating(sqlx::query(INSERT_RATING), &update.rating)
                .execute(conn)
                .await
                .map_err(conflict_if_unique)?;
            return Ok(());
        }
        let updated = Self::bind_rating(sqlx::query(UPDATE_RATING), &update.rating)
            .bind(update.expected_games)
            .execute(conn)
            .await?;
        if DB::rows_affected(&updated) == 0 {
            return Err(StoreError::Conflict);
        }
        Ok(())
    }
}

#[async_trait]
impl<DB> Store for SqlStore<DB>
where
    DB: Dialect,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
    for<'q> i64: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> bool: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> f64: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> String: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
    for<'q> Option<i64>: Encode<'q, DB>,
    for<'q> Option<&'q str>: Encode<'q, DB>,
    for<'q> Option<DB::Id>: Encode<'q, DB>,
    for<'a> &'a str: ColumnIndex<DB::Row>,
{
    fn pool_use(&self) -> PoolUse {
        PoolUse {
            connections: self.pool.size(),
            idle: u32::try_from(self.pool.num_idle()).unwrap_or(u32::MAX),
            max_connections: self.pool.options().get_max_connections(),
        }
    }

    async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query(PING).execute(&self.pool).await?;
        Ok(())
    }

    async fn insert_account(&self, account: &AccountRow) -> Result<(), StoreError> {
        let (kind, imported) = kind_columns(account.kind);
        sqlx::query(INSERT_ACCOUNT)
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
        let row = sqlx::query(GUEST_BANNED_FROM).bind(address).bind(since).fetch_optional(&self.pool).await?;
        Ok(row.is_some())
    }

    async fn account_by_id(&self, id: Uuid) -> Result<Option<AccountRow>, StoreError> {
        let row = sqlx::query(ACCOUNT_BY_ID).bind(DB::to_id(id)).fetch_optional(&self.pool).await?;
        Ok(row.as_ref().map(Self::account_from_row).transpose()?)
    }

    async fn account_by_name(&self, name: &str) -> Result<Option<AccountRow>, StoreError> {
        let row = sqlx::query(ACCOUNT_BY_NAME_KEY).bind(name_key(name)).fetch_optional(&self.pool).await?;
        Ok(row.as_ref().map(Self::account_from_row).transpose()?)
    }

    async fn set_admin(&self, name: &str, is_admin: bool) -> Result<bool, StoreError> {
        let result = sqlx::query(SET_ADMIN).bind(name_key(name)).bind(is_admin).execute(&self.writer).await?;
        Ok(DB::rows_affected(&result) > 0)
    }

    async fn insert_session(&self, session: &SessionRow) -> Result<(), StoreError> {
        sqlx::query(INSERT_SESSION)
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
        let row = sqlx::query(SESSION_ACCOUNT).bind(token_hash).bind(now).fetch_optional(&self.pool).await?;
        Ok(row.as_ref().map(Self::account_from_row).transpose()?)
    }

    async fn delete_session(&self, token_hash: &str) -> Result<bool, StoreError> {
        let result = sqlx::query(DELETE_SESSION).bind(token_hash).execute(&self.writer).await?;
        Ok(DB::rows_affected(&result) > 0)
    }

    async fn insert_challenge(&self, challenge: &ChallengeRow) -> Result<(), StoreError> {
        sqlx::query(INSERT_CHALLENGE)
            .bind(DB::to_id(challenge.id))
            .bind(DB::to_id(challenge.challenger_id))
            .bind(challenge.opponent_id.map(DB::to_id))
            .bind(challenge.ruleset.as_str())
            .bind(challenge.time_control.as_str())
            .bind(challenge.colour.as_str())
            .bind(challenge.status.as_str())
            .bind(challenge.game_id.map(DB::to_id))
            .bind(challenge.created_at)
            .bind(challenge.expires_at)
            .bind(challenge.rated)
            .bind(challenge.rematch_of.map(DB::to_id))
            .execute(&self.writer)
            .await
            .map_err(conflict_if_unique)?;
        Ok(())
    }

    async fn challenge(&self, id: Uuid) -> Result<Option<ChallengeRow>, StoreError> {
        let row = sqlx::query(CHALLENGE_BY_ID).bind(DB::to_id(id)).fetch_optional(&self.pool).await?;
        Ok(row.as_ref().map(Self::challenge_from_row).transpose()?)
    }

    async fn open_challenges_of(&self, account_id: Uuid, now: Millis) -> Result<Vec<ChallengeRow>, StoreError> {
        let rows = sqlx::query(OPEN_CHALLENGES_OF).bind(DB::to_id(account_id)).bind(now).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(Self::challenge_from_row).collect::<Result<_, _>>()?)
    }

    async fn close_challenge(&self, id: Uuid, status: &str, now: Millis) -> Result<bool, StoreError> {
        debug_assert!(matches!(status, "declined" | "cancelled" | "expired"), "not a closing status: {status}");
        let result =
            sqlx::query(CLOSE_CHALLENGE).bind(DB::to_id(id)).bind(status).bind(now).execute(&self.writer).await?;
        Ok(DB::rows_affected(&result) > 0)
    }

    async fn accept_challenge(
        &self,
        id: Uuid,
        acceptor_id: Uuid,
        game: &GameRow,
        started: &EventRow,
        now: Millis,
    ) -> Result<bool, StoreError> {
        self.accept_into_game(ACCEPT_CHALLENGE, id, acceptor_id, game, started, now).await
    }

    async fn insert_game(&self, game: &GameRow, started: &EventRow) -> Result<(), StoreError> {
        let mut tx = self.writer.begin_with(DB::BEGIN_WRITE).await?;
        Self::insert_game_with_event(&mut tx, game, started).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn game(&self, id: Uuid) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(GAME_BY_ID).bind(DB::to_id(id)).fetch_optional(&self.pool).await?;
        Ok(row.as_ref().map(Self::game_from_row).transpose()?)
    }

    async fn games_of(
        &self,
        account_id: Uuid,
        before: Option<GameCursor>,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        let before = before.unwrap_or(NEWEST_CURSOR);
        let rows = sqlx::query(GAMES_OF)
            .bind(DB::to_id(account_id))
            .bind(before.created_at)
            .bind(DB::to_id(before.id))
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(Self::game_from_row).collect::<Result<_, _>>()?)
    }

    async fn active_live_games(&self) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(ACTIVE_LIVE_GAMES).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(Self::game_from_row).collect::<Result<_, _>>()?)
    }

    async fn moves(&self, game_id: Uuid) -> Result<Vec<MoveRow>, StoreError> {
        let rows = sqlx::query(MOVES_OF).bind(DB::to_id(game_id)).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(Self::move_from_row).collect::<Result<_, _>>()?)
    }

    async fn events_after(&self, game_id: Uuid, after_seq: i64) -> Result<Vec<EventRow>, StoreError> {
        let rows = sqlx::query(EVENTS_AFTER).bind(DB::to_id(game_id)).bind(after_seq).fetch_all(&self.pool).await?;
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
        let (pending, answer) = Pending::new(game_id, change.clone());
        self.committer.send(pending).await.map_err(|_| StoreError::CommitterGone)?;
        answer.await.map_err(|_| StoreError::CommitterGone)?
    }

    async fn record_many(&self, changes: &[(Uuid, GameChange)]) -> Vec<Result<(), StoreError>> {
        Self::record_together(&self.writer, self.node, changes).await
    }

    async fn open_rematches(&self, game_id: Uuid, now: Millis) -> Result<Vec<ChallengeRow>, StoreError> {
        let rows = sqlx::query(OPEN_REMATCHES).bind(DB::to_id(game_id)).bind(now).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(Self::challenge_from_row).collect::<Result<_, _>>()?)
    }

    async fn accepted_rematch(&self, game_id: Uuid) -> Result<Option<Uuid>, StoreError> {
        let row = sqlx::query(ACCEPTED_REMATCH).bind(DB::to_id(game_id)).fetch_optional(&self.pool).await?;
        Ok(row.as_ref().map(|row| Self::optional_uuid(row, "game_id")).transpose()?.flatten())
    }

    async fn result_counts(&self, account_id: Uuid) -> Result<ResultCounts, StoreError> {
        let row = sqlx::query(RESULT_COUNTS).bind(DB::to_id(account_id)).fetch_one(&self.pool).await?;
        Ok(ResultCounts {
            finished: row.try_get("finished")?,
            wins: row.try_get("wins")?,
            losses: row.try_get("losses")?,
            draws: row.try_get("draws")?,
            aborted: row.try_get("aborted")?,
            active: row.try_get("active")?,
        })
    }

    async fn rating(&self, account_id: Uuid, kind: &str, speed: &str) -> Result<Option<RatingRow>, StoreError> {
        let row =
            sqlx::query(RATING).bind(DB::to_id(account_id)).bind(kind).bind(speed).fetch_optional(&self.pool).await?;
        Ok(row.as_ref().map(Self::rating_from_row).transpose()?)
    }

    async fn ratings_of(&self, account_id: Uuid) -> Result<Vec<RatingRow>, StoreError> {
        let rows = sqlx::query(RATINGS_OF).bind(DB::to_id(account_id)).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(Self::rating_from_row).collect::<Result<_, _>>()?)
    }

    async fn leaderboard(
        &self,
        kind: &str,
        speed: &str,
        max_deviation: f64,
        offset: u32,
        limit: u32,
    ) -> Result<Vec<(AccountRow, RatingRow)>, StoreError> {
        let rows = sqlx::query(LEADERBOARD)
            .bind(kind)
            .bind(speed)
            .bind(max_deviation)
            .bind(i64::from(offset))
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| Ok((Self::account_from_row(row)?, Self::rating_from_row(row)?)))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }
}
