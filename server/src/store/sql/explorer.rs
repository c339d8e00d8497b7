//! [`ExplorerStore`] over both backends.

use std::borrow::Borrow;

use async_trait::async_trait;
use uuid::Uuid;

use super::assembled::{value_groups, Assembled, Value, MAX_BOUND_VALUES};
use super::dialect::ReadColumn;
use super::statements::{game_columns, games_with_progress};
use super::{Dialect, SqlStore};
use crate::store::explorer::{ExplorerQuery, ExplorerRow, ExplorerStore, TurnCount};
use crate::store::{GameRow, StoreError};

const EXPLORER_COLUMNS: &str = "game_id, turn_index, ruleset, position, turn, result, band, speed";
const EXPLORER_COLUMN_COUNT: usize = 8;
const FINISHED_GAMES_AFTER: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM ",
    games_with_progress!(),
    " WHERE status = 'finished' AND id > $1 ORDER BY id LIMIT $2"
);
const FINISHED_GAMES: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM ",
    games_with_progress!(),
    " WHERE status = 'finished' ORDER BY id LIMIT $1"
);

/// The counts of a position's turns: one range of `explorer_by_position` (ruleset, position, then band and
/// speed when given), grouped by turn; the index holds every column read, so no table row is visited.
fn turn_counts(placeholder: super::assembled::Placeholder, query: &ExplorerQuery) -> Assembled {
    let mut sql = Assembled::new(
        placeholder,
        "SELECT turn, COUNT(*) AS games, \
         COALESCE(SUM(CASE WHEN result = 'first' THEN 1 ELSE 0 END), 0) AS first_wins, \
         COALESCE(SUM(CASE WHEN result = 'draw' THEN 1 ELSE 0 END), 0) AS draws, \
         COALESCE(SUM(CASE WHEN result = 'second' THEN 1 ELSE 0 END), 0) AS second_wins \
         FROM explorer_turns WHERE ruleset = ",
    );
    sql.value(Value::Text(query.ruleset.clone())).text(" AND position = ").value(Value::Text(query.position.clone()));
    if let Some(band) = query.band {
        sql.text(" AND band = ").value(Value::Int(band));
    }
    if let Some(speed) = &query.speed {
        sql.text(" AND speed = ").value(Value::Text(speed.clone()));
    }
    sql.text(" GROUP BY turn ORDER BY games DESC, turn");
    sql
}

impl<DB: Dialect> SqlStore<DB> {
    /// Deletes the explorer rows of `games` on a connection inside a transaction.
    pub(super) async fn delete_explorer_rows(conn: &mut DB::Connection, games: &[Uuid]) -> Result<(), StoreError> {
        for chunk in games.chunks(MAX_BOUND_VALUES) {
            let mut delete = Assembled::new(DB::placeholder, "DELETE FROM explorer_turns WHERE game_id IN ");
            delete.id_list(chunk);
            Self::bind_assembled(&delete).execute(&mut *conn).await?;
        }
        Ok(())
    }

    /// Inserts explorer rows on a connection inside a transaction, in multi-row statements.
    pub(super) async fn insert_explorer_rows(
        conn: &mut DB::Connection,
        rows: &[impl Borrow<ExplorerRow> + Sync],
    ) -> Result<(), StoreError> {
        for chunk in rows.chunks(MAX_BOUND_VALUES / EXPLORER_COLUMN_COUNT) {
            let sql = format!(
                "INSERT INTO explorer_turns ({EXPLORER_COLUMNS}) VALUES {}",
                value_groups(DB::placeholder, chunk.len(), EXPLORER_COLUMN_COUNT)
            );
            let mut insert = DB::statement(&sql);
            for row in chunk {
                let row = row.borrow();
                insert = insert
                    .bind(DB::to_id(row.game_id))
                    .bind(row.turn_index)
                    .bind(row.ruleset.as_str())
                    .bind(row.position.as_str())
                    .bind(row.turn.as_str())
                    .bind(row.result.as_str())
                    .bind(row.band)
                    .bind(row.speed.as_str());
            }
            insert.execute(&mut *conn).await?;
        }
        Ok(())
    }
}

#[async_trait]
impl<DB: Dialect> ExplorerStore for SqlStore<DB> {
    async fn replace_explorer_rows(&self, games: &[Uuid], rows: &[ExplorerRow]) -> Result<(), StoreError> {
        let mut tx = self.writer.begin_with(DB::BEGIN_WRITE).await?;
        Self::delete_explorer_rows(&mut tx, games).await?;
        Self::insert_explorer_rows(&mut tx, rows).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn explorer_turns(&self, query: &ExplorerQuery) -> Result<Vec<TurnCount>, StoreError> {
        let assembled = turn_counts(DB::placeholder, query);
        let rows = Self::bind_assembled(&assembled).fetch_all(&self.pool).await?;
        let count = |row: &DB::Row| -> Result<TurnCount, sqlx::Error> {
            Ok(TurnCount {
                turn: row.read("turn")?,
                games: row.read("games")?,
                first_wins: row.read("first_wins")?,
                draws: row.read("draws")?,
                second_wins: row.read("second_wins")?,
            })
        };
        Ok(rows.iter().map(count).collect::<Result<_, _>>()?)
    }

    async fn finished_games_after(&self, after: Option<Uuid>, limit: u32) -> Result<Vec<GameRow>, StoreError> {
        let rows = match after {
            Some(after) => {
                let query = DB::statement(FINISHED_GAMES_AFTER).bind(DB::to_id(after));
                query.bind(i64::from(limit)).fetch_all(&self.pool).await?
            }
            None => DB::statement(FINISHED_GAMES).bind(i64::from(limit)).fetch_all(&self.pool).await?,
        };
        Ok(rows.iter().map(Self::game_from_row).collect::<Result<_, _>>()?)
    }
}
