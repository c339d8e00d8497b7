//! The PostgreSQL store: production, and the one several server nodes can share.

use futures_util::future::BoxFuture;
use sqlx::postgres::{PgConnection, PgPool, PgPoolOptions, PgQueryResult};
use sqlx::Postgres;
use uuid::Uuid;

use super::sql::{Dialect, SqlStore};
use super::{MoveRow, StoreError};

/// Moves as one array per column: one statement for any number of rows, which PostgreSQL parses and plans
/// once instead of once per value of a VALUES list.
const INSERT_MOVES_UNNEST: &str = "INSERT INTO moves \
    (game_id, ply, seat, notation, turn_ended, client_move_id, first_ms, second_ms, received_at) \
    SELECT * FROM UNNEST($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::boolean[], $6::text[], \
    $7::bigint[], $8::bigint[], $9::bigint[])";

/// The [`Store`](super::Store) over a PostgreSQL pool ([`PgPool`]).
pub type PostgresStore = SqlStore<Postgres>;

impl Dialect for Postgres {
    type Id = Uuid;
    // Read committed is enough: every transaction starts with a conditional UPDATE or an INSERT, whose row
    // lock or unique index serializes concurrent writers.
    const BEGIN_WRITE: &'static str = "BEGIN";

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

    fn rows_affected(result: &PgQueryResult) -> u64 {
        result.rows_affected()
    }
}

impl PostgresStore {
    /// Connects to the database at `url` (`postgres://…`) and brings its schema up to date.
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        let pool: PgPool = PgPoolOptions::new().connect(url).await?;
        sqlx::migrate!("../migrations/postgres").run(&pool).await?;
        Ok(Self::new(pool))
    }
}
