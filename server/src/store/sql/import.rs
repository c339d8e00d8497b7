//! The [`ImportStore`] part of the shared SQL store: imported players and games written many rows per
//! statement (the assembled SQL is here, because its VALUES lists are sized per call).

use std::collections::{HashMap, HashSet};

use async_trait::async_trait;
use uuid::Uuid;

use super::assembled::{value_groups, MAX_BOUND_VALUES};
use super::dialect::ReadColumn;
use super::{conflict_if_unique, imported_name_key, Dialect, SqlStore};
use crate::store::{ImportStore, ImportedGame, Millis, StoreError};

/// The columns of an imported game's `games` row: those `bind_game` binds, then its origin.
const IMPORTED_GAME_COLUMNS: &str = "id, kind, ruleset, time_control, players, created_at, speed, \
    status, winner, end_reason, length, finished_at, scores, ranks, rated, correspondence, imported, source, \
    source_index, imported_at";
const IMPORTED_GAME_COLUMN_COUNT: usize = 20;
/// The columns of a game's `game_seats` row, as `insert_seats` binds them.
const SEAT_COLUMNS: &str = "game_id, seat, account_id, kind, created_at";
const SEAT_COLUMN_COUNT: usize = 5;
/// The columns of a game's `game_progress` row: its id, the progress columns in the order `bind_progress`
/// binds them, and the sweeper's two (`bind_sweeping`).
const PROGRESS_COLUMNS: &str =
    "game_id, seq, ply, clocks_ms, clock_at, to_act, seats_to_act, deadline, swept, swept_deadline";
const PROGRESS_COLUMN_COUNT: usize = 10;
const IMPORTED_INDEXES: &str = "SELECT source_index FROM games WHERE source = $1";
// Insert-or-ignore, then read: the same statements in both databases, and safe against a concurrent import
// creating the same player.
const INSERT_IMPORTED_PLAYER: &str = "INSERT INTO accounts \
    (id, name, name_key, kind, imported, password_hash, is_admin, banned, created_at) \
    VALUES ($1, $2, $3, 'registered', TRUE, NULL, FALSE, FALSE, $4) ON CONFLICT (name_key) DO NOTHING";
const IMPORTED_PLAYER_ID: &str = "SELECT id FROM accounts WHERE name_key = $1";

impl<DB: Dialect> SqlStore<DB> {
    async fn insert_game_rows(conn: &mut DB::Connection, games: &[&ImportedGame]) -> Result<(), StoreError> {
        let sql = format!(
            "INSERT INTO games ({IMPORTED_GAME_COLUMNS}) VALUES {}",
            value_groups(DB::placeholder, games.len(), IMPORTED_GAME_COLUMN_COUNT)
        );
        let mut query = DB::statement(&sql);
        for imported in games {
            let game = &imported.game;
            let import = imported.origin.import.as_ref();
            query = Self::bind_game(query, game)
                .bind(import.is_some())
                .bind(import.map(|import| import.source.as_str()))
                .bind(import.map(|import| import.index))
                .bind(import.map(|import| import.imported_at));
        }
        query.execute(conn).await.map_err(conflict_if_unique)?;
        Ok(())
    }

    /// The `game_seats` rows of games whose `games` rows are inserted.
    async fn insert_seat_rows(conn: &mut DB::Connection, seats: &[(&ImportedGame, usize)]) -> Result<(), StoreError> {
        let sql = format!(
            "INSERT INTO game_seats ({SEAT_COLUMNS}) VALUES {}",
            value_groups(DB::placeholder, seats.len(), SEAT_COLUMN_COUNT)
        );
        let mut query = DB::statement(&sql);
        for &(imported, seat) in seats {
            let game = &imported.game;
            query = query
                .bind(DB::to_id(game.id))
                .bind(seat as i64)
                .bind(DB::to_id(game.players[seat]))
                .bind(game.kind.as_str())
                .bind(game.created_at);
        }
        query.execute(conn).await.map_err(conflict_if_unique)?;
        Ok(())
    }

    /// The `game_progress` rows of games whose `games` rows are inserted.
    async fn insert_progress_rows(conn: &mut DB::Connection, games: &[&ImportedGame]) -> Result<(), StoreError> {
        let sql = format!(
            "INSERT INTO game_progress ({PROGRESS_COLUMNS}) VALUES {}",
            value_groups(DB::placeholder, games.len(), PROGRESS_COLUMN_COUNT)
        );
        let mut query = DB::statement(&sql);
        for imported in games {
            query = Self::bind_sweeping(
                Self::bind_progress(query.bind(DB::to_id(imported.game.id)), &imported.game.state),
                &imported.game,
            );
        }
        query.execute(conn).await.map_err(conflict_if_unique)?;
        Ok(())
    }
}

#[async_trait]
impl<DB: Dialect> ImportStore for SqlStore<DB> {
    async fn imported_players(&self, names: &[String], now: Millis) -> Result<HashMap<String, Uuid>, StoreError> {
        let mut tx = self.writer.begin_with(DB::BEGIN_WRITE).await?;
        let mut ids = HashMap::with_capacity(names.len());
        for name in names {
            let key = imported_name_key(name);
            DB::statement(INSERT_IMPORTED_PLAYER)
                .bind(DB::to_id(Uuid::new_v4()))
                .bind(name.as_str())
                .bind(key.as_str())
                .bind(now)
                .execute(&mut *tx)
                .await?;
            let row = DB::statement(IMPORTED_PLAYER_ID).bind(key).fetch_one(&mut *tx).await?;
            ids.insert(name.clone(), Self::uuid(&row, "id")?);
        }
        tx.commit().await?;
        Ok(ids)
    }

    async fn imported_indexes(&self, source: &str) -> Result<HashSet<i64>, StoreError> {
        let rows = DB::statement(IMPORTED_INDEXES).bind(source).fetch_all(&self.pool).await?;
        rows.iter().map(|row| Ok(row.read::<i64>("source_index")?)).collect()
    }

    async fn insert_imported(&self, games: &[ImportedGame]) -> Result<(), StoreError> {
        let mut tx = self.writer.begin_with(DB::BEGIN_WRITE).await?;
        let all: Vec<&ImportedGame> = games.iter().collect();
        for chunk in all.chunks(MAX_BOUND_VALUES / IMPORTED_GAME_COLUMN_COUNT) {
            Self::insert_game_rows(&mut tx, chunk).await?;
            Self::insert_progress_rows(&mut tx, chunk).await?;
        }
        let seats: Vec<_> = games.iter().flat_map(|g| (0..g.game.players.len()).map(move |seat| (g, seat))).collect();
        for chunk in seats.chunks(MAX_BOUND_VALUES / SEAT_COLUMN_COUNT) {
            Self::insert_seat_rows(&mut tx, chunk).await?;
        }
        let events: Vec<_> = games.iter().flat_map(|g| g.events.iter().map(move |e| (g.game.id, e))).collect();
        Self::insert_events(&mut tx, &events).await?;
        let moves: Vec<_> = games.iter().flat_map(|g| g.moves.iter().map(move |m| (g.game.id, m))).collect();
        Self::insert_moves(&mut tx, &moves).await?;
        tx.commit().await?;
        Ok(())
    }
}
