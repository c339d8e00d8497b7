//! Events and moves inserted many at a time, as the group commit and the import write them.

use uuid::Uuid;

use super::assembled::{power_of_two_chunks, value_groups, MAX_BOUND_VALUES};
use super::seat_lists::clocks_text;
use super::{conflict_if_unique, Dialect, SqlStore};
use crate::store::{EventRow, MoveRow, StoreError};

/// A move row's columns, its game's id first.
pub(super) const MOVE_COLUMNS: &str =
    "game_id, ply, seat, notation, turn_ended, client_move_id, clocks_ms, received_at";
const MOVE_COLUMN_COUNT: usize = 8;
const EVENT_COLUMNS: &str = "game_id, seq, kind, payload, at, private_seat, private_payload";
const EVENT_COLUMN_COUNT: usize = 7;

impl<DB: Dialect> SqlStore<DB> {
    /// Inserts any number of events (with their games' ids): at once where the database has a way
    /// ([`Dialect::insert_events_at_once`]), else in multi-row statements of
    /// [`power_of_two_chunks`], so that the statement texts stay few.
    pub(super) async fn insert_events(
        conn: &mut DB::Connection,
        events: &[(Uuid, &EventRow)],
    ) -> Result<(), StoreError> {
        if let Some(inserting) = DB::insert_events_at_once(&mut *conn, events) {
            return inserting.await.map_err(conflict_if_unique);
        }
        for chunk in power_of_two_chunks(events, MAX_BOUND_VALUES / EVENT_COLUMN_COUNT) {
            Self::insert_event_rows(&mut *conn, chunk).await?;
        }
        Ok(())
    }

    /// Inserts any number of moves (with their games' ids): at once where the database has a way
    /// ([`Dialect::insert_moves_at_once`]), else in multi-row statements of
    /// [`power_of_two_chunks`], so that the statement texts stay few.
    pub(super) async fn insert_moves(conn: &mut DB::Connection, moves: &[(Uuid, &MoveRow)]) -> Result<(), StoreError> {
        if let Some(inserting) = DB::insert_moves_at_once(&mut *conn, moves) {
            return inserting.await.map_err(conflict_if_unique);
        }
        for chunk in power_of_two_chunks(moves, MAX_BOUND_VALUES / MOVE_COLUMN_COUNT) {
            Self::insert_move_rows(&mut *conn, chunk).await?;
        }
        Ok(())
    }

    async fn insert_move_rows(conn: &mut DB::Connection, moves: &[(Uuid, &MoveRow)]) -> Result<(), StoreError> {
        let sql = format!(
            "INSERT INTO moves ({MOVE_COLUMNS}) VALUES {}",
            value_groups(DB::placeholder, moves.len(), MOVE_COLUMN_COUNT)
        );
        let mut query = DB::statement(&sql);
        for (game_id, row) in moves {
            query = query
                .bind(DB::to_id(*game_id))
                .bind(row.ply)
                .bind(row.seat.as_str())
                .bind(row.notation.as_str())
                .bind(row.turn_ended)
                .bind(row.client_move_id.as_str())
                .bind(clocks_text(&row.clocks_ms))
                .bind(row.received_at);
        }
        query.execute(conn).await.map_err(conflict_if_unique)?;
        Ok(())
    }

    async fn insert_event_rows(conn: &mut DB::Connection, events: &[(Uuid, &EventRow)]) -> Result<(), StoreError> {
        let sql = format!(
            "INSERT INTO game_events ({EVENT_COLUMNS}) VALUES {}",
            value_groups(DB::placeholder, events.len(), EVENT_COLUMN_COUNT)
        );
        let mut query = DB::statement(&sql);
        for (game_id, event) in events {
            query = query
                .bind(DB::to_id(*game_id))
                .bind(event.seq)
                .bind(event.kind.as_str())
                .bind(event.payload.as_str())
                .bind(event.at)
                .bind(event.private.as_ref().map(|part| part.seat.as_str()))
                .bind(event.private.as_ref().map(|part| part.payload.as_str()));
        }
        query.execute(conn).await.map_err(conflict_if_unique)?;
        Ok(())
    }
}
