//! The PostgreSQL store: production, and the one several server nodes can share.

use std::collections::HashSet;
use std::num::NonZeroUsize;
use std::time::Duration;

use futures_util::future::BoxFuture;
use sqlx::postgres::{PgArguments, PgConnection, PgPool, PgPoolOptions, PgQueryResult};
use sqlx::query::Query;
use sqlx::{Connection, Postgres, Row};
use uuid::Uuid;

use super::sql::{clocks_text, CommitSettings, Dialect, NodeLockSql, SqlStore};
use super::{EventRow, ExplorerRow, GameChange, GameState, MoveRow, StoreError};
use crate::cluster::bus::{self, ClusterMessage, GameAdvanced};

/// Moves as one array per column: one statement for any number of rows, which PostgreSQL parses and plans
/// once instead of once per value of a VALUES list.
const INSERT_MOVES_UNNEST: &str = "INSERT INTO moves \
    (game_id, ply, seat, notation, turn_ended, client_move_id, clocks_ms, received_at) \
    SELECT * FROM UNNEST($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::boolean[], $6::text[], \
    $7::text[], $8::bigint[])";

/// Events as one array per column, like [`INSERT_MOVES_UNNEST`]: one statement, planned once, whatever the
/// number of rows.
const INSERT_EVENTS_UNNEST: &str = "INSERT INTO game_events \
    (game_id, seq, kind, payload, at, private_seat, private_payload) \
    SELECT * FROM UNNEST($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[])";

/// The arrays of a group's new states, one per column, and the sequence checks and new progress (`moved`): the
/// game, its expected `seq` and the progress columns are `$1`–`$9`, all that a group whose games stay in play
/// binds (`states_unnest!()`). A group where a game ended adds the outcome columns `status`, `winner`,
/// `end_reason`, `finished_at`, `scores` and `ranks`, whose six placeholders it names (`states_unnest!("$10",
/// …)`): they come after every other parameter of the statement, so that the others keep their numbers.
macro_rules! states_unnest {
    () => {
        states_unnest!("", "")
    };
    ($status:literal, $winner:literal, $end_reason:literal, $finished_at:literal, $scores:literal, $ranks:literal) => {
        states_unnest!(
            concat!(
                ", ",
                $status,
                "::text[], ",
                $winner,
                "::text[], ",
                $end_reason,
                "::text[], ",
                $finished_at,
                "::bigint[], ",
                $scores,
                "::text[], ",
                $ranks,
                "::text[]"
            ),
            ", status, winner, end_reason, finished_at, scores, ranks"
        )
    };
    ($outcome_arrays:expr, $outcome_columns:expr) => {
        concat!(
            "WITH c AS (SELECT * FROM UNNEST($1::uuid[], $2::bigint[], $3::bigint[], $4::bigint[], $5::text[], \
            $6::bigint[], $7::text[], $8::text[], $9::bigint[]",
            $outcome_arrays,
            ") AS c(id, expected_seq, ply, seq, clocks_ms, clock_at, to_act, seats_to_act, deadline",
            $outcome_columns,
            ")), moved AS (UPDATE game_progress AS p SET seq = c.seq, ply = c.ply, clocks_ms = c.clocks_ms, \
            clock_at = c.clock_at, to_act = c.to_act, seats_to_act = c.seats_to_act, deadline = c.deadline, \
            swept_deadline = CASE WHEN p.swept THEN c.deadline END FROM c \
            WHERE p.game_id = c.id AND p.seq = c.expected_seq RETURNING p.game_id)"
        )
    };
}

/// Many games' new progress from one array per column, in one statement: each game's progress moves on only if
/// its `seq` is still the expected one (the sequence check of a whole group commit). It answers the games it
/// moved. For a group whose games are all still in play: their `games` rows need no write, and an UPDATE of
/// that wide, heavily indexed table costs even when it changes no row (see
/// migrations/postgres/0015_game_progress.sql and docs/performance.md).
const UPDATE_PROGRESS_UNNEST: &str = concat!(states_unnest!(), " SELECT game_id FROM moved");

/// The `games` rows of the games that passed, written only where their status or result changed.
macro_rules! outcomes_update {
    () => {
        ", outcomes AS (UPDATE games AS g SET status = c.status, winner = c.winner, end_reason = c.end_reason, \
        length = c.ply, finished_at = c.finished_at, scores = c.scores, ranks = c.ranks \
        FROM c JOIN moved ON moved.game_id = c.id \
        WHERE g.id = c.id AND (g.status IS DISTINCT FROM c.status OR g.winner IS DISTINCT FROM c.winner \
        OR g.end_reason IS DISTINCT FROM c.end_reason OR g.finished_at IS DISTINCT FROM c.finished_at \
        OR g.scores IS DISTINCT FROM c.scores OR g.ranks IS DISTINCT FROM c.ranks))"
    };
}

/// [`UPDATE_PROGRESS_UNNEST`] for a group with a game that ended: its `games` row is written too, from the
/// outcome arrays `$10`–`$15`.
const UPDATE_STATES_UNNEST: &str =
    concat!(states_unnest!("$10", "$11", "$12", "$13", "$14", "$15"), outcomes_update!(), " SELECT game_id FROM moved");

/// A whole group commit in one statement, its own transaction (the states' progress arrays are `$1`–`$9`): the
/// sequence checks and new progress (`moved`), the events (`$10`–`$16`) and moves (`$17`–`$24`) of the games
/// that passed, and the announcement of the group (channel `$25`, payloads `$26`) if every game passed; it
/// answers each game it moved and whether the announcement was sent. One round trip instead of six (BEGIN,
/// four statements, COMMIT): at low load each group is a move or two, and PostgreSQL's cost per statement is
/// most of a move's (docs/performance.md). `$states` is the states' part: a group with a game that ended binds
/// the outcome arrays after the rest, `$27`–`$32`, and its `$explorer` part the explorer rows of the games that
/// ended, `$33`–`$40`.
macro_rules! group_in_one_statement {
    ($states:expr, $outcomes:expr, $explorer:expr) => {
        concat!(
            $states,
            $outcomes,
            $explorer,
            ", events AS (INSERT INTO game_events \
            (game_id, seq, kind, payload, at, private_seat, private_payload) \
            SELECT * FROM UNNEST($10::uuid[], $11::bigint[], $12::text[], $13::text[], $14::bigint[], \
            $15::text[], $16::text[]) \
            AS e(game_id, seq, kind, payload, at, private_seat, private_payload) \
            WHERE e.game_id IN (SELECT game_id FROM moved)), \
            new_moves AS (INSERT INTO moves \
            (game_id, ply, seat, notation, turn_ended, client_move_id, clocks_ms, received_at) \
            SELECT * FROM UNNEST($17::uuid[], $18::bigint[], $19::text[], $20::text[], $21::boolean[], \
            $22::text[], $23::text[], $24::bigint[]) \
            AS m(game_id, ply, seat, notation, turn_ended, client_move_id, clocks_ms, received_at) \
            WHERE m.game_id IN (SELECT game_id FROM moved)), \
            told AS (SELECT pg_notify($25, payload) FROM UNNEST($26::text[]) AS payload \
            WHERE (SELECT count(*) FROM moved) = cardinality($1::uuid[])) \
            SELECT game_id, (SELECT count(*) FROM told) > 0 AS told FROM moved"
        )
    };
}

/// The explorer rows of the games of a group that passed their sequence check, from one array per column,
/// `$33`–`$40`. Inserted, not replaced: a game has explorer rows only once finished, and every change with rows
/// that a group commits ends a running game (an adjudication of a finished one goes alone, with its audit entry).
macro_rules! explorer_insert {
    () => {
        ", explorer AS (INSERT INTO explorer_turns \
        (game_id, turn_index, ruleset, position, turn, result, band, speed) \
        SELECT * FROM UNNEST($33::uuid[], $34::bigint[], $35::text[], $36::text[], $37::text[], $38::text[], \
        $39::bigint[], $40::text[]) AS x(game_id, turn_index, ruleset, position, turn, result, band, speed) \
        WHERE x.game_id IN (SELECT game_id FROM moved))"
    };
}

/// The group of [`group_in_one_statement`] when all its games are still in play: no outcome arrays.
const GROUP_IN_PLAY: &str = group_in_one_statement!(states_unnest!(), "", "");

/// The group of [`group_in_one_statement`] when a game ended: its `games` row and explorer rows are written too.
const GROUP_WITH_OUTCOMES: &str = group_in_one_statement!(
    states_unnest!("$27", "$28", "$29", "$30", "$31", "$32"),
    outcomes_update!(),
    explorer_insert!()
);

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
    const RELEASES_IN_GROUPS: bool = false;
    // Session-level advisory locks: PostgreSQL lets one go when its session ends, however the process ended.
    // `CASE` fixes the order: the probe unlocks only what it has just taken.
    const NODE_LOCK: Option<NodeLockSql> = Some(NodeLockSql {
        take: "SELECT pg_try_advisory_lock($1) AS locked",
        held: "SELECT CASE WHEN pg_try_advisory_lock($1) THEN NOT pg_advisory_unlock($1) ELSE TRUE END AS locked",
        release: "SELECT pg_advisory_unlock_all()",
    });

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
        Some(Box::pin(
            async move { bind_events(sqlx::query(INSERT_EVENTS_UNNEST), events).execute(conn).await.map(drop) },
        ))
    }

    fn insert_moves_at_once<'a>(
        conn: &'a mut PgConnection,
        moves: &'a [(Uuid, &'a MoveRow)],
    ) -> Option<BoxFuture<'a, Result<(), sqlx::Error>>> {
        Some(Box::pin(async move { bind_moves(sqlx::query(INSERT_MOVES_UNNEST), moves).execute(conn).await.map(drop) }))
    }

    fn update_states_at_once<'a>(
        conn: &'a mut PgConnection,
        changes: &'a [(Uuid, &'a GameChange)],
    ) -> Option<BoxFuture<'a, Result<HashSet<Uuid>, sqlx::Error>>> {
        Some(Box::pin(async move {
            let in_play = changes.iter().all(|(_, change)| change.state.is_in_play());
            let query = bind_progress(
                sqlx::query(if in_play { UPDATE_PROGRESS_UNNEST } else { UPDATE_STATES_UNNEST }),
                changes,
            );
            let query = if in_play { query } else { bind_outcomes(query, changes) };
            let rows = query.fetch_all(conn).await?;
            rows.iter().map(|row| row.try_get::<Uuid, _>(0)).collect()
        }))
    }

    fn write_group_at_once<'a>(
        pool: &'a PgPool,
        origin: Uuid,
        changes: &'a [(Uuid, &'a GameChange)],
    ) -> Option<BoxFuture<'a, Result<HashSet<Uuid>, sqlx::Error>>> {
        Some(Box::pin(async move {
            let in_play = changes.iter().all(|(_, change)| change.state.is_in_play());
            let advanced: Vec<GameAdvanced> = changes
                .iter()
                .map(|(game_id, change)| GameAdvanced { game_id: *game_id, seq: change.state.seq })
                .collect();
            let events: Vec<(Uuid, &EventRow)> =
                changes.iter().map(|(game_id, change)| (*game_id, &change.event)).collect();
            let moves: Vec<(Uuid, &MoveRow)> =
                changes.iter().filter_map(|(game_id, change)| Some((*game_id, change.new_move.as_ref()?))).collect();
            let query = sqlx::query(if in_play { GROUP_IN_PLAY } else { GROUP_WITH_OUTCOMES });
            let query = bind_moves(bind_events(bind_progress(query, changes), &events), &moves)
                .bind(bus::CHANNEL)
                .bind(bus::encode(origin, &ClusterMessage::GamesAdvanced(advanced.clone())));
            let query = if in_play { query } else { bind_explorer(bind_outcomes(query, changes), changes) };
            let rows = query.fetch_all(pool).await?;
            let moved: HashSet<Uuid> = rows.iter().map(|row| row.try_get::<Uuid, _>(0)).collect::<Result<_, _>>()?;
            let told = rows.first().map(|row| row.try_get::<bool, _>(1)).transpose()?.unwrap_or(true);
            if !told {
                // A game failed its sequence check, so the statement told nobody: announce the others now that
                // they are committed (a message names committed changes only).
                let passed = advanced.into_iter().filter(|advance| moved.contains(&advance.game_id)).collect();
                bus::publish(pool, origin, &ClusterMessage::GamesAdvanced(passed)).await?;
            }
            Ok(moved)
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

type PgQuery<'q> = Query<'q, Postgres, PgArguments>;

/// Binds the progress arrays of [`states_unnest`], `$1`–`$9`: the games, their expected `seq` and their new
/// states' progress columns.
fn bind_progress<'q>(query: PgQuery<'q>, changes: &'q [(Uuid, &'q GameChange)]) -> PgQuery<'q> {
    let int = |value: fn(&GameState) -> i64| changes.iter().map(|(_, c)| value(&c.state)).collect::<Vec<_>>();
    let text = |value: fn(&GameState) -> Option<&str>| changes.iter().map(|(_, c)| value(&c.state)).collect::<Vec<_>>();
    query
        .bind(changes.iter().map(|(game_id, _)| *game_id).collect::<Vec<Uuid>>())
        .bind(changes.iter().map(|(_, change)| change.expected_seq).collect::<Vec<i64>>())
        .bind(int(|state| state.ply))
        .bind(int(|state| state.seq))
        .bind(changes.iter().map(|(_, change)| clocks_text(&change.state.clocks_ms)).collect::<Vec<String>>())
        .bind(int(|state| state.clock_at))
        .bind(text(|state| state.to_act.as_deref()))
        .bind(text(|state| state.seats_to_act.as_deref()))
        .bind(changes.iter().map(|(_, change)| change.state.deadline).collect::<Vec<Option<i64>>>())
}

/// Binds the outcome arrays of [`states_unnest`], after every other parameter of the statement: the new states'
/// `status`, `winner`, `end_reason`, `finished_at`, `scores` and `ranks`.
fn bind_outcomes<'q>(query: PgQuery<'q>, changes: &'q [(Uuid, &'q GameChange)]) -> PgQuery<'q> {
    let text = |value: fn(&GameState) -> Option<&str>| changes.iter().map(|(_, c)| value(&c.state)).collect::<Vec<_>>();
    query
        .bind(text(|state| Some(state.status.as_str())))
        .bind(text(|state| state.winner.as_deref()))
        .bind(text(|state| state.end_reason.as_deref()))
        .bind(changes.iter().map(|(_, change)| change.state.finished_at).collect::<Vec<Option<i64>>>())
        .bind(text(|state| state.scores.as_deref()))
        .bind(text(|state| state.ranks.as_deref()))
}

/// Binds the arrays of [`explorer_insert`]'s columns, after the outcome arrays: the explorer rows of every change.
fn bind_explorer<'q>(query: PgQuery<'q>, changes: &'q [(Uuid, &'q GameChange)]) -> PgQuery<'q> {
    let rows: Vec<&ExplorerRow> = changes.iter().flat_map(|(_, change)| &change.explorer).collect();
    let text = |value: fn(&ExplorerRow) -> &str| rows.iter().map(|&row| value(row)).collect::<Vec<&str>>();
    query
        .bind(rows.iter().map(|row| row.game_id).collect::<Vec<Uuid>>())
        .bind(rows.iter().map(|row| row.turn_index).collect::<Vec<i64>>())
        .bind(text(|row| row.ruleset.as_str()))
        .bind(text(|row| row.position.as_str()))
        .bind(text(|row| row.turn.as_str()))
        .bind(text(|row| row.result.as_str()))
        .bind(rows.iter().map(|row| row.band).collect::<Vec<i64>>())
        .bind(text(|row| row.speed.as_str()))
}

/// Binds the arrays of [`INSERT_EVENTS_UNNEST`]'s columns.
fn bind_events<'q>(query: PgQuery<'q>, events: &'q [(Uuid, &'q EventRow)]) -> PgQuery<'q> {
    query
        .bind(events.iter().map(|(game_id, _)| *game_id).collect::<Vec<Uuid>>())
        .bind(events.iter().map(|(_, row)| row.seq).collect::<Vec<i64>>())
        .bind(events.iter().map(|(_, row)| row.kind.as_str()).collect::<Vec<&str>>())
        .bind(events.iter().map(|(_, row)| row.payload.as_str()).collect::<Vec<&str>>())
        .bind(events.iter().map(|(_, row)| row.at).collect::<Vec<i64>>())
        .bind(events.iter().map(|(_, row)| row.private.as_ref().map(|part| part.seat.as_str())).collect::<Vec<_>>())
        .bind(events.iter().map(|(_, row)| row.private.as_ref().map(|part| part.payload.as_str())).collect::<Vec<_>>())
}

/// Binds the arrays of [`INSERT_MOVES_UNNEST`]'s columns.
fn bind_moves<'q>(query: PgQuery<'q>, moves: &'q [(Uuid, &'q MoveRow)]) -> PgQuery<'q> {
    let column = |value: fn(&MoveRow) -> i64| moves.iter().map(|(_, row)| value(row)).collect::<Vec<i64>>();
    let text = |value: fn(&MoveRow) -> &str| moves.iter().map(|(_, row)| value(row)).collect::<Vec<&str>>();
    query
        .bind(moves.iter().map(|(game_id, _)| *game_id).collect::<Vec<Uuid>>())
        .bind(column(|row| row.ply))
        .bind(text(|row| row.seat.as_str()))
        .bind(text(|row| row.notation.as_str()))
        .bind(moves.iter().map(|(_, row)| row.turn_ended).collect::<Vec<bool>>())
        .bind(text(|row| row.client_move_id.as_str()))
        .bind(moves.iter().map(|(_, row)| clocks_text(&row.clocks_ms)).collect::<Vec<String>>())
        .bind(column(|row| row.received_at))
}

/// The connections of the pool beside the committers': sqlx's default pool size, which every other statement
/// shares.
const OTHER_CONNECTIONS: u32 = 10;

/// How long a pooled connection may have been idle before it is pinged as it is taken. sqlx pings every
/// connection as it goes back to the pool, so one taken again sooner was seen working moments ago; one idle
/// longer may have been closed by the server meanwhile (a restart, an administrator), and is pinged and replaced
/// rather than failing its first statement. Pinging every connection as it is taken, sqlx's default, put a round
/// trip in front of every group commit (docs/performance.md, "Fewer round trips to PostgreSQL").
const PING_IDLE_AFTER: Duration = Duration::from_secs(1);

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
        let pool: PgPool = PgPoolOptions::new()
            .max_connections(OTHER_CONNECTIONS.saturating_add(committers))
            .test_before_acquire(false)
            .before_acquire(|connection, meta| {
                Box::pin(async move {
                    if meta.idle_for >= PING_IDLE_AFTER {
                        connection.ping().await?;
                    }
                    Ok(true)
                })
            })
            .connect(url)
            .await?;
        sqlx::migrate!("../migrations/postgres").run(&pool).await?;
        // Row locks let PostgreSQL's writers run side by side: one pool for everything.
        Ok(Self::new(pool.clone(), pool, node, settings))
    }
}
