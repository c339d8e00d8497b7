//! The SQLite store: the embedded default, one file next to the server.

use std::collections::HashSet;
use std::num::NonZeroUsize;
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteQueryResult, SqliteSynchronous,
};
use sqlx::{Pool, Sqlite};
use uuid::fmt::Hyphenated;
use uuid::Uuid;

use futures_util::future::BoxFuture;
use sqlx::SqliteConnection;

use super::sole_node::SoleNodeLock;
use super::sql::{CommitSettings, Dialect, NodeLockSql, SqlStore};
use super::{EventRow, GameChange, MoveRow, StoreError};
use crate::cluster::bus::GameAdvanced;

/// How long a writer waits for another connection's write lock before giving up. Writes are short
/// transactions, so waiting this long means something is badly wrong.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// SQLite's database takes one writer at a time, and the store writes through one connection: one committer.
const COMMIT_SETTINGS: CommitSettings = CommitSettings { committers: NonZeroUsize::MIN };

/// The [`Store`](super::Store) over a SQLite pool ([`SqlitePool`]).
pub type SqliteStore = SqlStore<Sqlite>;

impl Dialect for Sqlite {
    type Id = Hyphenated;
    // IMMEDIATE takes the write lock up front (waiting up to the busy timeout) instead of upgrading a read
    // lock mid-transaction, which in WAL mode can fail at once with SQLITE_BUSY_SNAPSHOT.
    const BEGIN_WRITE: &'static str = "BEGIN IMMEDIATE";
    // `julianday('now')` has millisecond precision and is fixed for the whole statement; unixepoch('subsec')
    // would say the same but needs SQLite 3.42.
    const NOW_MS: &'static str = "CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)";
    // One server process owns the file: the write lock is taken in turn inside it (see `SqliteStore::connect`).
    const SHARED_BY_NODES: bool = false;
    // Each would otherwise be a transaction of its own through the one writer connection.
    const RELEASES_IN_GROUPS: bool = true;
    // The lock file proves more than a session lock would: that no other process uses the database at all.
    const NODE_LOCK: Option<NodeLockSql> = None;

    fn to_id(id: Uuid) -> Hyphenated {
        id.hyphenated()
    }

    fn from_id(id: Hyphenated) -> Uuid {
        id.into_uuid()
    }

    fn placeholder(sql: &mut String, _number: usize) {
        sql.push('?');
    }

    /// SQLite has no array parameters; multi-row VALUES lists with anonymous placeholders are its fast way.
    fn insert_events_at_once<'a>(
        _conn: &'a mut SqliteConnection,
        _events: &'a [(Uuid, &'a EventRow)],
    ) -> Option<BoxFuture<'a, Result<(), sqlx::Error>>> {
        None
    }

    /// As for events, VALUES lists.
    fn insert_moves_at_once<'a>(
        _conn: &'a mut SqliteConnection,
        _moves: &'a [(Uuid, &'a MoveRow)],
    ) -> Option<BoxFuture<'a, Result<(), sqlx::Error>>> {
        None
    }

    /// SQLite has no array parameters: the shared statement over a VALUES list is its way.
    fn update_states_at_once<'a>(
        _conn: &'a mut SqliteConnection,
        _changes: &'a [(Uuid, &'a GameChange)],
    ) -> Option<BoxFuture<'a, Result<HashSet<Uuid>, sqlx::Error>>> {
        None
    }

    /// SQLite has no array parameters and no data-modifying WITH clauses: the group goes statement by
    /// statement, each a call into the connection's thread, inside one transaction.
    fn write_group_at_once<'a>(
        _pool: &'a Pool<Sqlite>,
        _origin: Uuid,
        _changes: &'a [(Uuid, &'a GameChange)],
    ) -> Option<BoxFuture<'a, Result<HashSet<Uuid>, sqlx::Error>>> {
        None
    }

    fn rows_affected(result: &SqliteQueryResult) -> u64 {
        result.rows_affected()
    }

    /// A SQLite database belongs to one node: there is nobody to tell.
    fn announce_advanced<'a>(
        _conn: &'a mut SqliteConnection,
        _origin: Uuid,
        _games: Vec<GameAdvanced>,
    ) -> Option<BoxFuture<'a, Result<(), sqlx::Error>>> {
        None
    }
}

impl SqliteStore {
    /// Opens the database at `url` (`sqlite:path`, `sqlite://path` or `sqlite::memory:`), creating the file if
    /// it is missing, and brings its schema up to date. `node` is the server node it serves; one SQLite database
    /// has only one.
    pub async fn connect(url: &str, node: Uuid) -> Result<Self, StoreError> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT)
            // WAL lets readers run beside the writer. FULL syncs the log at every commit: a move is
            // acknowledged only after its commit, and with NORMAL a power cut could still undo that commit.
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full);
        if is_in_memory(url) {
            // An in-memory database lives only while a connection to it is open: keep exactly one, forever,
            // for reads and writes alike.
            let pool: SqlitePool = SqlitePoolOptions::new()
                .min_connections(1)
                .max_connections(1)
                .idle_timeout(None)
                .max_lifetime(None)
                .connect_with(options)
                .await?;
            sqlx::migrate!("../migrations/sqlite").run(&pool).await?;
            return Ok(Self::new(pool.clone(), pool, node, COMMIT_SETTINGS).with_sole_node(SoleNodeLock::in_memory()));
        }
        // SQLite has one write lock for the whole database. Writers on many connections retry it with sleeps
        // that grow (`busy_timeout`), so under load they wait long after it is free: writes go through one
        // connection instead and queue for it in the process, in order. Readers have a pool of their own,
        // which WAL lets read beside the writer, and which refuses to write, so a write sent there by mistake
        // fails at once instead of contending again.
        let lock = SoleNodeLock::beside(options.get_filename());
        let writer: SqlitePool =
            SqlitePoolOptions::new().min_connections(1).max_connections(1).connect_with(options.clone()).await?;
        sqlx::migrate!("../migrations/sqlite").run(&writer).await?;
        let pool: SqlitePool = SqlitePoolOptions::new().connect_with(options.pragma("query_only", "ON")).await?;
        Ok(Self::new(pool, writer, node, COMMIT_SETTINGS).with_sole_node(lock))
    }
}

/// Whether the URL names an in-memory database (`sqlite::memory:`, `sqlite://:memory:`, `?mode=memory`).
fn is_in_memory(url: &str) -> bool {
    url.contains(":memory:") || url.contains("mode=memory")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The settings "nothing acknowledged is ever lost" rests on; SQLite would silently run without them.
    #[tokio::test]
    async fn connections_use_wal_full_sync_and_foreign_keys() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("kartka.db").display());
        let store = SqliteStore::connect(&url, Uuid::new_v4()).await.unwrap();
        let journal_mode: String = sqlx::query_scalar("PRAGMA journal_mode").fetch_one(&store.pool).await.unwrap();
        let synchronous: i64 = sqlx::query_scalar("PRAGMA synchronous").fetch_one(&store.pool).await.unwrap();
        let foreign_keys: i64 = sqlx::query_scalar("PRAGMA foreign_keys").fetch_one(&store.pool).await.unwrap();
        assert_eq!(journal_mode, "wal");
        assert_eq!(synchronous, 2, "FULL");
        assert_eq!(foreign_keys, 1);
        assert!(dir.path().join("kartka.db").exists(), "the file is created");
    }

    /// Writers queue for one connection; the readers' pool cannot write, so no write can bypass that queue.
    #[tokio::test]
    async fn writes_go_through_one_connection_and_readers_cannot_write() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("kartka.db").display());
        let store = SqliteStore::connect(&url, Uuid::new_v4()).await.unwrap();
        assert_eq!(store.writer.options().get_max_connections(), 1);
        let write = "INSERT INTO server_heartbeat (id, beat_at) VALUES (1, 1)";
        let refused = sqlx::query(write).execute(&store.pool).await.unwrap_err();
        assert!(refused.to_string().contains("readonly"), "{refused}");
        sqlx::query(write).execute(&store.writer).await.unwrap();
        let beat: i64 =
            sqlx::query_scalar("SELECT beat_at FROM server_heartbeat").fetch_one(&store.pool).await.unwrap();
        assert_eq!(beat, 1, "readers see what the writer committed");
    }
}
