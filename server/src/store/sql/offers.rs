//! [`OfferStore`] over both backends, and what challenges and seeks share in SQL: an offer's columns, bound and
//! read once (each table's SELECTs name them as `offer_from_row` reads them), and the acceptance that starts a
//! game in the same transaction.

use async_trait::async_trait;
use uuid::Uuid;

use super::dialect::{ReadColumn, Statement};
use super::statements::{ACCEPT_CHALLENGE, ACCEPT_SEEK};
use super::{Dialect, SqlStore};
use crate::store::{ChallengeRow, EventRow, GameRow, Millis, OfferKind, OfferRow, OfferStore, StoreError};

impl<DB: Dialect> SqlStore<DB> {
    /// Binds an offer's columns in the order both tables' inserts list them.
    pub(super) fn bind_offer<'q>(query: Statement<'q, DB>, offer: &'q OfferRow) -> Statement<'q, DB> {
        query
            .bind(DB::to_id(offer.id))
            .bind(DB::to_id(offer.creator_id))
            .bind(offer.taker_id.map(DB::to_id))
            .bind(offer.ruleset.as_str())
            .bind(offer.time_control.as_str())
            .bind(offer.colour.as_str())
            .bind(offer.status.as_str())
            .bind(offer.game_id.map(DB::to_id))
            .bind(offer.created_at)
            .bind(offer.expires_at)
            .bind(offer.rated)
    }

    /// An offer from a row whose maker is read as `creator_id` and whose taker as `taker_id`.
    pub(super) fn offer_from_row(row: &DB::Row) -> Result<OfferRow, sqlx::Error> {
        Ok(OfferRow {
            id: Self::uuid(row, "id")?,
            creator_id: Self::uuid(row, "creator_id")?,
            taker_id: Self::optional_uuid(row, "taker_id")?,
            ruleset: row.read("ruleset")?,
            time_control: row.read("time_control")?,
            colour: row.read("colour")?,
            status: row.read("status")?,
            game_id: Self::optional_uuid(row, "game_id")?,
            created_at: row.read("created_at")?,
            expires_at: row.read("expires_at")?,
            rated: row.read("rated")?,
        })
    }

    pub(super) fn challenge_from_row(row: &DB::Row) -> Result<ChallengeRow, sqlx::Error> {
        Ok(ChallengeRow { offer: Self::offer_from_row(row)?, rematch_of: Self::optional_uuid(row, "rematch_of")? })
    }
}

#[async_trait]
impl<DB: Dialect> OfferStore for SqlStore<DB> {
    async fn accept_offer(
        &self,
        kind: OfferKind,
        id: Uuid,
        acceptor_id: Uuid,
        game: &GameRow,
        started: &EventRow,
        now: Millis,
    ) -> Result<bool, StoreError> {
        let accept = match kind {
            OfferKind::Challenge => ACCEPT_CHALLENGE,
            OfferKind::Seek => ACCEPT_SEEK,
        };
        let mut tx = self.writer.begin_with(DB::BEGIN_WRITE).await?;
        // The conditional UPDATE decides: in PostgreSQL a concurrent acceptor waits for the row's lock and then
        // finds the offer taken.
        let accepted = DB::statement(accept)
            .bind(DB::to_id(id))
            .bind(DB::to_id(game.id))
            .bind(DB::to_id(acceptor_id))
            .bind(now)
            .execute(&mut *tx)
            .await?;
        if DB::rows_affected(&accepted) == 0 {
            return Ok(false);
        }
        Self::insert_game_with_event(&mut tx, game, started).await?;
        tx.commit().await?;
        Ok(true)
    }
}
