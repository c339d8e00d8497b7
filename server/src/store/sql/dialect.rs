//! What differs between PostgreSQL and SQLite inside the shared store logic ([`Dialect`]), the statements of a
//! node's database lock where the database has them, and how the shared logic binds, runs and reads its
//! statements ([`Dialect::statement`], [`Statement`], [`ReadColumn`]).
//!
//! sqlx states what a database can do as bounds on other types (`i64: Encode<'q, DB>`, `&mut DB::Connection:
//! Executor`), and Rust does not carry such bounds from a trait to its users, so every generic `impl` block
//! once had to repeat all of them. Here each is named once, on a blanket impl of a small trait whose subject is
//! the database itself ([`Binds`], [`Reads`], [`Columns`], [`Runs`]); [`Dialect`] has those traits as supertraits,
//! which Rust does carry, so the store's code needs `DB: Dialect` alone. A query site says its SQL and its
//! values: `DB::statement(SQL).bind(a).bind(b).execute(&self.writer)`.

use std::collections::HashSet;

use futures_util::future::BoxFuture;
use sqlx::database::Database;
use sqlx::query::Query;
use sqlx::{ColumnIndex, Decode, Encode, Executor, IntoArguments, Pool, Row, Type};
use uuid::Uuid;

use super::super::{EventRow, GameChange, MoveRow};
use crate::cluster::bus::GameAdvanced;

/// A sqlx query with its arguments, as the database builds it.
pub type DbQuery<'q, DB> = Query<'q, DB, <DB as Database>::Arguments<'q>>;

/// A database that can bind a value of type `T` to a statement that lives for `'q`.
pub trait Binds<'q, T: 'q>: Database {
    /// `query` with `value` bound to its next placeholder.
    fn bind_value(query: DbQuery<'q, Self>, value: T) -> DbQuery<'q, Self>;
}

impl<'q, DB: Database, T> Binds<'q, T> for DB
where
    T: 'q + Encode<'q, DB> + Type<DB>,
{
    fn bind_value(query: DbQuery<'q, Self>, value: T) -> DbQuery<'q, Self> {
        query.bind(value)
    }
}

/// A database whose rows can be read by column name.
pub trait Columns: Database {
    /// The column `name` of `row`, as any type the database decodes.
    fn column<T>(row: &Self::Row, name: &str) -> Result<T, sqlx::Error>
    where
        T: for<'r> Decode<'r, Self> + Type<Self>;
}

impl<DB: Database> Columns for DB
where
    for<'a> &'a str: ColumnIndex<DB::Row>,
{
    fn column<T>(row: &Self::Row, name: &str) -> Result<T, sqlx::Error>
    where
        T: for<'r> Decode<'r, Self> + Type<Self>,
    {
        row.try_get(name)
    }
}

/// A database that can read a column as a value of type `T`.
pub trait Reads<T>: Database {
    /// The column `name` of `row`.
    fn read_column(row: &Self::Row, name: &str) -> Result<T, sqlx::Error>;
}

impl<DB: Columns, T> Reads<T> for DB
where
    T: for<'r> Decode<'r, DB> + Type<DB>,
{
    fn read_column(row: &Self::Row, name: &str) -> Result<T, sqlx::Error> {
        DB::column(row, name)
    }
}

/// Where a statement runs: on a pool (a connection of its own), or on a connection the caller holds, in a
/// transaction or not.
pub enum On<'e, DB: Database> {
    /// Any connection of the pool.
    Pool(&'e Pool<DB>),
    /// This connection.
    Connection(&'e mut DB::Connection),
}

impl<'e, DB: Database> From<&'e Pool<DB>> for On<'e, DB> {
    fn from(pool: &'e Pool<DB>) -> Self {
        On::Pool(pool)
    }
}

impl<'e, DB: Database> From<&'e mut DB::Connection> for On<'e, DB> {
    fn from(connection: &'e mut DB::Connection) -> Self {
        On::Connection(connection)
    }
}

/// A database that can run statements on its pools and connections.
pub trait Runs: Database {
    /// Runs `query`; what it changed.
    fn execute<'e, 'q: 'e>(
        query: DbQuery<'q, Self>,
        on: On<'e, Self>,
    ) -> BoxFuture<'e, Result<Self::QueryResult, sqlx::Error>>;
    /// Runs `query`; every row it returned.
    fn fetch_all<'e, 'q: 'e>(
        query: DbQuery<'q, Self>,
        on: On<'e, Self>,
    ) -> BoxFuture<'e, Result<Vec<Self::Row>, sqlx::Error>>;
    /// Runs `query`; its first row, if any.
    fn fetch_optional<'e, 'q: 'e>(
        query: DbQuery<'q, Self>,
        on: On<'e, Self>,
    ) -> BoxFuture<'e, Result<Option<Self::Row>, sqlx::Error>>;
}

/// Runs `$query.$run(…)` on the pool or the connection `$on` names: sqlx's two executors are two types.
macro_rules! on_either {
    ($on:ident, $query:ident . $run:ident) => {
        match $on {
            On::Pool(pool) => Box::pin($query.$run(pool)),
            On::Connection(connection) => Box::pin($query.$run(connection)),
        }
    };
}

impl<DB: Database> Runs for DB
where
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
{
    fn execute<'e, 'q: 'e>(
        query: DbQuery<'q, Self>,
        on: On<'e, Self>,
    ) -> BoxFuture<'e, Result<Self::QueryResult, sqlx::Error>> {
        on_either!(on, query.execute)
    }

    fn fetch_all<'e, 'q: 'e>(
        query: DbQuery<'q, Self>,
        on: On<'e, Self>,
    ) -> BoxFuture<'e, Result<Vec<Self::Row>, sqlx::Error>> {
        on_either!(on, query.fetch_all)
    }

    fn fetch_optional<'e, 'q: 'e>(
        query: DbQuery<'q, Self>,
        on: On<'e, Self>,
    ) -> BoxFuture<'e, Result<Option<Self::Row>, sqlx::Error>> {
        on_either!(on, query.fetch_optional)
    }
}

/// A statement of the shared store: its SQL, then its values in placeholder order (`.bind(…)`), then where it
/// runs (`.execute(&self.writer)`, `.fetch_all(&mut *tx)`, …). Binding a type the database cannot take does not
/// compile.
pub struct Statement<'q, DB: Database>(DbQuery<'q, DB>);

impl<'q, DB: Runs> Statement<'q, DB> {
    /// The statement with `value` bound to its next placeholder.
    pub(super) fn bind<T: 'q>(self, value: T) -> Self
    where
        DB: Binds<'q, T>,
    {
        Statement(DB::bind_value(self.0, value))
    }

    /// Runs the statement; what it changed.
    pub(super) fn execute<'e>(self, on: impl Into<On<'e, DB>>) -> BoxFuture<'e, Result<DB::QueryResult, sqlx::Error>>
    where
        'q: 'e,
        DB::Connection: 'e,
    {
        DB::execute(self.0, on.into())
    }

    /// Runs the statement; every row it returned.
    pub(super) fn fetch_all<'e>(self, on: impl Into<On<'e, DB>>) -> BoxFuture<'e, Result<Vec<DB::Row>, sqlx::Error>>
    where
        'q: 'e,
        DB::Connection: 'e,
    {
        DB::fetch_all(self.0, on.into())
    }

    /// Runs the statement; its first row, if any.
    pub(super) fn fetch_optional<'e>(
        self,
        on: impl Into<On<'e, DB>>,
    ) -> BoxFuture<'e, Result<Option<DB::Row>, sqlx::Error>>
    where
        'q: 'e,
        DB::Connection: 'e,
    {
        DB::fetch_optional(self.0, on.into())
    }

    /// Runs the statement; its first row, which it must return.
    pub(super) async fn fetch_one<'e>(self, on: impl Into<On<'e, DB>>) -> Result<DB::Row, sqlx::Error>
    where
        'q: 'e,
        DB::Connection: 'e,
    {
        self.fetch_optional(on).await?.ok_or(sqlx::Error::RowNotFound)
    }
}

/// Reading a column of a row by name, as any type its database [`Reads`].
pub(super) trait ReadColumn: Row {
    /// The column `name`.
    fn read<T>(&self, name: &str) -> Result<T, sqlx::Error>
    where
        Self::Database: Reads<T>;
}

impl<R: Row> ReadColumn for R {
    fn read<T>(&self, name: &str) -> Result<T, sqlx::Error>
    where
        Self::Database: Reads<T>,
    {
        <R::Database as Reads<T>>::read_column(self, name)
    }
}

/// What differs between PostgreSQL and SQLite inside the shared store logic, and (as supertraits) every value type
/// the store binds and reads and the running of statements, which both must support.
pub trait Dialect:
    Runs
    + Columns
    + for<'q> Binds<'q, i64>
    + for<'q> Binds<'q, Option<i64>>
    + for<'q> Binds<'q, bool>
    + for<'q> Binds<'q, f64>
    + for<'q> Binds<'q, Option<f64>>
    + for<'q> Binds<'q, String>
    + for<'q> Binds<'q, &'q str>
    + for<'q> Binds<'q, Option<&'q str>>
    + for<'q> Binds<'q, Option<<Self as Dialect>::Id>>
    + Reads<i64>
    + Reads<Option<i64>>
    + Reads<bool>
    + Reads<f64>
    + Reads<Option<f64>>
    + Reads<String>
    + Reads<Option<String>>
{
    /// How a uuid is bound and read: a native UUID in PostgreSQL, hyphenated TEXT in SQLite.
    type Id: for<'q> Encode<'q, Self> + for<'r> Decode<'r, Self> + Type<Self> + Send + Sync + 'static;
    /// The statement that opens a transaction that is going to write.
    const BEGIN_WRITE: &'static str;
    /// The database's own clock as an SQL expression: milliseconds since the Unix epoch, as a 64-bit integer.
    /// Node heartbeats and lease expiry are judged by it alone, so clock skew between nodes cannot matter.
    const NOW_MS: &'static str;
    /// Whether several server nodes may share the database.
    const SHARED_BY_NODES: bool;
    /// Whether a game's lease given back joins the group commit's next transaction instead of committing on its
    /// own: where the database has one writer connection (SQLite), a transaction of its own waits its turn for
    /// it and syncs the log once more for every game; PostgreSQL writes each group in one statement, which a
    /// release would turn into a transaction of several.
    const RELEASES_IN_GROUPS: bool;
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
    /// The statement `sql`, nothing bound yet.
    fn statement(sql: &str) -> Statement<'_, Self> {
        Statement(sqlx::query(sql))
    }
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
