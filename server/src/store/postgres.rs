//! The PostgreSQL store: production, and the one several server nodes can share.

use std::collections::HashSet;
use std::num::NonZeroUsize;

use futures_util::future::BoxFuture;
use sqlx::postgres::{PgConnection, PgPool, PgPoolOptions, PgQueryResult};
use sqlx::{Postgres, Row};
use uuid::Uuid;

use super::sql::{CommitSettings, Dialect, SqlStore};
use super::{EventRow, GameChange, GameState, MoveRow, StoreError};
use crate::cluster::bus::{self, ClusterMessage, GameAdvanced};

/// Moves as one array per column: one statement for any number of rows, which PostgreSQL parses and plans
/// once instead of once per value of a VALUES list.
const INSERT_MOVES_UNNEST: &str = "INSERT INTO moves \
    (game_id, ply, seat, notation, turn_ended, client_move_id, first_ms, second_ms, received_at) \
    SELECT * FROM UNNEST($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::boolean[], $6::text[], \
    $7::bigint[], $8::bigint[], $9::bigint[])";

/// Events as one array per column, like [`INSERT_MOVES_UNNEST`]: one statement, planned once, whatever the
/// number of rows.
const INSERT_EVENTS_UNNEST: &str = "INSERT INTO game_events (game_id, seq, kind, payload, at) \
    SELECT * FROM UNNEST($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::bigint[])";

/// Many games' new states from one array per column, in one statement: each game's progress moves on only if
/// its `seq` is still the expected one (the sequence check of a whole group commit), and the `games` rows of
/// those that passed are written only where their status or result changed, so that a move leaves the wide,
/// heavily indexed row alone (see migrations/postgres/0015_game_progress.sql). It answers the games it moved.
const UPDATE_STATES_UNNEST: &str = "WITH c AS (SELECT * FROM UNNEST($1::uuid[], $2::bigint[], $3::text[], \
    $4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::bigint[], $9::bigint[], $10::bigint[], $11::text[], \
    $12::bigint[], $13::bigint[], $14::text[]) \
    AS c(id, expected_seq, status, winner, end_reason, ply, seq, first_ms, second_ms, clock_at, to_act, deadline, \
    finished_at, scores)), \
    moved AS (UPDATE game_progress AS p SET seq = c.seq, ply = c.ply, first_ms = c.first_ms, \
    second_ms = c.second_ms, clock_at = c.clock_at, to_act = c.to_act, deadline = c.deadline \
    FROM c WHERE p.game_id = c.id AND p.seq = c.expected_seq RETURNING p.game_id), \
    outcomes AS (UPDATE games AS g SET status = c.status, winner = c.winner, end_reason = c.end_reason, \
    length = c.ply, finished_at = c.finished_at, scores = c.scores \
    FROM c JOIN moved ON moved.game_id = c.id \
    WHERE g.id = c.id AND (g.status IS DISTINCT FROM c.status OR g.winner IS DISTINCT FROM c.winner \
    OR g.end_reason IS DISTINCT FROM c.end_reason OR g.finished_at IS DISTINCT FROM c.finished_at \
    OR g.scores IS DISTINCT FROM c.scores)) \
    SELECT game_id FROM moved";

/// The [`Store`](super::Store) over a PostgreSQL pool ([`PgPool`]).
pub type PostgresStore = SqlStore<Postgres>;

impl Dialect for Postgres {
    type Id = Uuid;
    // Read committed is enough: every transaction starts with a conditional UPDATE or an INSERT, whose row
    // lock or unique index serializes concurrent writers.
    const BEGIN_WRITE: &'static str = "BEGIN";
    // `now()` is the statement's start in a statement of its own, which is how every cluster statement runs.
    const NOW_MS: &'static str = "(EXTRACT(EPOCH FROM now()) * 1000)::bigint";
    const SHARED_BY_NODES: bool = true;

    fn to_id(id: Uuid) -> Uuid {
        id
    }

    fn from_id(id: Uuid) -> Uuid {
        id
    }

    fn placeholder(sql: &mut String, number: usize) {
        use std::fmt::Write;
        let _ = write!(sql, "${number}");
    }

    fn insert_events_at_once<'a>(
        conn: &'a mut PgConnection,
        events: &'a [(Uuid, &'a EventRow)],
    ) -> Option<BoxFuture<'a, Result<(), sqlx::Error>>> {
        Some(Box::pin(async move {
            sqlx::query(INSERT_EVENTS_UNNEST)
                .bind(events.iter().map(|(game_id, _)| *game_id).collect::<Vec<Uuid>>())
                .bind(events.iter().map(|(_, row)| row.seq).collect::<Vec<i64>>())
                .bind(events.iter().map(|(_, row)| row.kind.as_str()).collect::<Vec<&str>>())
                .bind(events.iter().map(|(_, row)| row.payload.as_str()).collect::<Vec<&str>>())
                .bind(events.iter().map(|(_, row)| row.at).collect::<Vec<i64>>())
                .execute(conn)
                .await
                .map(drop)
        }))
    }

    fn insert_moves_at_once<'a>(
        conn: &'a mut PgConnection,
        moves: &'a [(Uuid, &'a MoveRow)],
    ) -> Option<BoxFuture<'a, Result<(), sqlx::Error>>> {
        Some(Box::pin(async move {
            let column = |value: fn(&MoveRow) -> i64| moves.iter().map(|(_, row)| value(row)).collect::<Vec<i64>>();
            let text = |value: fn(&MoveRow) -> &str| moves.iter().map(|(_, row)| value(row)).collect::<Vec<&str>>();
            sqlx::query(INSERT_MOVES_UNNEST)
                .bind(moves.iter().map(|(game_id, _)| *game_id).collect::<Vec<Uuid>>())
                .bind(column(|row| row.ply))
                .bind(text(|row| row.seat.as_str()))
                .bind(text(|row| row.notation.as_str()))
                .bind(moves.iter().map(|(_, row)| row.turn_ended).collect::<Vec<bool>>())
                .bind(text(|row| row.client_move_id.as_str()))
                .bind(column(|row| row.first_ms))
                .bind(column(|row| row.second_ms))
                .bind(column(|row| row.received_at))
                .execute(conn)
                .await
                .map(drop)
        }))
    }

    fn update_states_at_once<'a>(
        conn: &'a mut PgConnection,
        changes: &'a [(Uuid, &'a GameChange)],
    ) -> Option<BoxFuture<'a, Result<HashSet<Uuid>, sqlx::Error>>> {
        Some(Box::pin(async move {
            let int = |value: fn(&GameState) -> i64| changes.iter().map(|(_, c)| value(&c.state)).collect::<Vec<_>>();
            let maybe_int =
                |value: fn(&GameState) -> Option<i64>| changes.iter().map(|(_, c)| value(&c.state)).collect::<Vec<_>>();
            let text = |value: fn(&GameState) -> Option<&str>| {
                changes.iter().map(|(_, c)| value(&c.state)).collect::<Vec<Option<&str>>>()
            };
            let rows = sqlx::query(UPDATE_STATES_UNNEST)
                .bind(changes.iter().map(|(game_id, _)| *game_id).collect::<Vec<Uuid>>())
                .bind(changes.iter().map(|(_, change)| change.expected_seq).collect::<Vec<i64>>())
                .bind(text(|state| Some(state.status.as_str())))
                .bind(text(|state| state.winner.as_deref()))
                .bind(text(|state| state.end_reason.as_deref()))
                .bind(int(|state| state.ply))
                .bind(int(|state| state.seq))
                .bind(int(|state| state.first_ms))
                .bind(int(|state| state.second_ms))
                .bind(int(|state| state.clock_at))
                .bind(text(|state| state.to_act.as_deref()))
                .bind(maybe_int(|state| state.deadline))
                .bind(maybe_int(|state| state.finished_at))
                .bind(text(|state| state.scores.as_deref()))
                .fetch_all(conn)
                .await?;
            rows.iter().map(|row| row.try_get::<Uuid, _>(0)).collect()
        }))
    }

    fn rows_affected(result: &PgQueryResult) -> u64 {
        result.rows_affected()
    }

    /// Always, whether or not another node listens: one statement per transaction costs little (measured in
    /// docs/performance.md), and a node that starts listening later needs no one to notice it.
    fn announce_advanced<'a>(
        conn: &'a mut PgConnection,
        origin: Uuid,
        games: Vec<GameAdvanced>,
    ) -> Option<BoxFuture<'a, Result<(), sqlx::Error>>> {
        Some(Box::pin(async move { bus::publish(conn, origin, &ClusterMessage::GamesAdvanced(games)).await }))
    }
}

/// The connections of the pool beside the committers': sqlx's default pool size, which every other statement
/// shares.
const OTHER_CONNECTIONS: u32 = 10;

impl PostgresStore {
    /// How many group commits run at once unless told otherwise. PostgreSQL flushes the commits of concurrent
    /// transactions together, so while some wait for their flush another batch gathers and is written; beyond a
    /// few, batches only get smaller (see docs/performance.md).
    pub const DEFAULT_COMMITTERS: NonZeroUsize = NonZeroUsize::new(4).expect("4 is not zero");

    /// Connects to the database at `url` (`postgres://…`) and brings its schema up to date; commits with
    /// [`PostgresStore::DEFAULT_COMMITTERS`], announced as node `node`'s.
    pub async fn connect(url: &str, node: Uuid) -> Result<Self, StoreError> {
        Self::connect_with(url, node, CommitSettings { committers: Self::DEFAULT_COMMITTERS }).await
    }

    /// [`PostgresStore::connect`] with the committers of `settings`, each of which holds a connection of the
    /// pool while it writes: the pool has room for them beside the other statements.
    pub async fn connect_with(url: &str, node: Uuid, settings: CommitSettings) -> Result<Self, StoreError> {
        let committers = u32::try_from(settings.committers.get()).unwrap_or(u32::MAX);
        let pool: PgPool =
            PgPoolOptions::new().max_connections(OTHER_CONNECTIONS.saturating_add(committers)).connect(url).await?;
        sqlx::migrate!("../migrations/postgres").run(&pool).await?;
        // Row locks let PostgreSQL's writers run side by side: one pool for everything.
        Ok(Self::new(pool.clone(), pool, node, settings))
    }
}
