//! What differs between PostgreSQL and SQLite inside the shared store logic ([`Dialect`]), and the statements of
//! a node's database lock where the database has them.

use std::collections::HashSet;

use futures_util::future::BoxFuture;
use sqlx::database::Database;
use sqlx::{Decode, Encode, Pool, Type};
use uuid::Uuid;

use super::super::{EventRow, GameChange, MoveRow};
use crate::cluster::bus::GameAdvanced;

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
