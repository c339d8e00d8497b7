//! The PostgreSQL store: production, and the one several server nodes can share.

use sqlx::postgres::{PgPool, PgPoolOptions, PgQueryResult};
use sqlx::Postgres;
use uuid::Uuid;

use super::sql::{Dialect, SqlStore};
use super::StoreError;

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
