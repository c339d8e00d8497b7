//! [`OfferStore`] over both backends, and what challenges and seeks share in SQL: an offer's columns, bound and
//! read once (each table's SELECTs name them as `offer_from_row` reads them), its seats (`offer_seats`), and the
//! changes of an open offer's seats, each guarded by its revision, the last of which starts a game in the same
//! transaction.

use std::collections::HashMap;

use async_trait::async_trait;
use uuid::Uuid;

use super::assembled::{Assembled, MAX_BOUND_VALUES};

use super::correspondence::SEEK_BY_ID;
use super::dialect::{ReadColumn, Statement};
use super::statements::*;
use super::{Dialect, SqlStore};
use crate::store::{
    ChallengeRow, EventRow, GameRow, OfferKind, OfferRow, OfferSeat, OfferStore, SeatChange, StoreError,
};

impl<DB: Dialect> SqlStore<DB> {
    /// Binds an offer's columns in the order both tables' inserts list them.
    pub(super) fn bind_offer<'q>(query: Statement<'q, DB>, offer: &'q OfferRow) -> Statement<'q, DB> {
        query
            .bind(DB::to_id(offer.id))
            .bind(DB::to_id(offer.creator_id))
            .bind(offer.ruleset.as_str())
            .bind(offer.time_control.as_str())
            .bind(offer.colour.as_str())
            .bind(offer.status.as_str())
            .bind(offer.game_id.map(DB::to_id))
            .bind(offer.created_at)
            .bind(offer.expires_at)
            .bind(offer.rated)
            .bind(offer.revision)
    }

    /// An offer from a row whose maker is read as `creator_id`, without its seats (see [`Self::with_seats`]).
    pub(super) fn offer_from_row(row: &DB::Row) -> Result<OfferRow, sqlx::Error> {
        Ok(OfferRow {
            id: Self::uuid(row, "id")?,
            creator_id: Self::uuid(row, "creator_id")?,
            ruleset: row.read("ruleset")?,
            time_control: row.read("time_control")?,
            colour: row.read("colour")?,
            status: row.read("status")?,
            game_id: Self::optional_uuid(row, "game_id")?,
            created_at: row.read("created_at")?,
            expires_at: row.read("expires_at")?,
            rated: row.read("rated")?,
            revision: row.read("revision")?,
            seats: Vec::new(),
        })
    }

    pub(super) fn challenge_from_row(row: &DB::Row) -> Result<ChallengeRow, sqlx::Error> {
        Ok(ChallengeRow { offer: Self::offer_from_row(row)?, rematch_of: Self::optional_uuid(row, "rematch_of")? })
    }

    /// `offer` with its seats read.
    pub(super) async fn with_seats(&self, offer: OfferRow) -> Result<OfferRow, StoreError> {
        let rows = DB::statement(OFFER_SEATS).bind(DB::to_id(offer.id)).fetch_all(&self.pool).await?;
        let seats = rows.iter().map(Self::offer_seat_from_row).collect::<Result<_, _>>()?;
        Ok(OfferRow { seats, ..offer })
    }

    /// Offers with their seats read, in one query per [`MAX_BOUND_VALUES`] offers rather than one per offer.
    pub(super) async fn all_with_seats(&self, mut offers: Vec<OfferRow>) -> Result<Vec<OfferRow>, StoreError> {
        let ids: Vec<Uuid> = offers.iter().map(|offer| offer.id).collect();
        let mut seats: HashMap<Uuid, Vec<OfferSeat>> = HashMap::with_capacity(ids.len());
        for chunk in ids.chunks(MAX_BOUND_VALUES) {
            let mut query = Assembled::new(DB::placeholder, SEATS_OF_OFFERS);
            query.id_list(chunk).text(SEATS_OF_OFFERS_ORDER);
            for row in Self::bind_assembled(&query).fetch_all(&self.pool).await? {
                seats.entry(Self::uuid(&row, "offer_id")?).or_default().push(Self::offer_seat_from_row(&row)?);
            }
        }
        for offer in &mut offers {
            offer.seats = seats.remove(&offer.id).unwrap_or_default();
        }
        Ok(offers)
    }

    /// Challenges with their seats read.
    pub(super) async fn challenges_with_seats(&self, rows: &[DB::Row]) -> Result<Vec<ChallengeRow>, StoreError> {
        let challenges: Vec<ChallengeRow> = rows.iter().map(Self::challenge_from_row).collect::<Result<_, _>>()?;
        let offers = self.all_with_seats(challenges.iter().map(|challenge| challenge.offer.clone()).collect()).await?;
        Ok(challenges.into_iter().zip(offers).map(|(challenge, offer)| ChallengeRow { offer, ..challenge }).collect())
    }

    fn offer_seat_from_row(row: &DB::Row) -> Result<OfferSeat, sqlx::Error> {
        let seat: Option<i64> = row.read("seat")?;
        let invited: Option<i64> = row.read("invited")?;
        Ok(OfferSeat {
            account_id: Self::uuid(row, "account_id")?,
            invited: invited.map(|place| place as usize),
            seat: seat.map(|seat| seat as usize),
            joined_at: row.read("joined_at")?,
            join_order: row.read("join_order")?,
        })
    }

    /// Inserts the seats of a new offer, in the transaction that inserts the offer.
    pub(super) async fn insert_offer_seats(conn: &mut DB::Connection, offer: &OfferRow) -> Result<(), StoreError> {
        for seat in &offer.seats {
            DB::statement(INSERT_OFFER_SEAT)
                .bind(DB::to_id(offer.id))
                .bind(DB::to_id(seat.account_id))
                .bind(seat.invited.map(|place| place as i64))
                .bind(seat.seat.map(|seat| seat as i64))
                .bind(seat.joined_at)
                .bind(seat.join_order)
                .execute(&mut *conn)
                .await?;
        }
        Ok(())
    }

    /// Moves an open offer on from `change.revision`, in `conn`'s transaction: false when it was not open, had
    /// expired, or had moved on.
    async fn advance_offer(conn: &mut DB::Connection, change: &SeatChange) -> Result<bool, StoreError> {
        let advance = match change.kind {
            OfferKind::Challenge => ADVANCE_CHALLENGE,
            OfferKind::Seek => ADVANCE_SEEK,
        };
        // The conditional UPDATE decides: in PostgreSQL a concurrent change waits for the row's lock and then
        // finds the revision moved on.
        let advanced = DB::statement(advance)
            .bind(DB::to_id(change.offer_id))
            .bind(change.revision)
            .bind(change.at)
            .execute(&mut *conn)
            .await?;
        Ok(DB::rows_affected(&advanced) == 1)
    }

    /// Seats `change`'s player, in `conn`'s transaction, at the join order of the offer's new revision.
    async fn take_seat(conn: &mut DB::Connection, change: &SeatChange) -> Result<(), StoreError> {
        DB::statement(JOIN_OFFER_SEAT)
            .bind(DB::to_id(change.offer_id))
            .bind(DB::to_id(change.account_id))
            .bind(change.at)
            .bind(change.revision + 1)
            .execute(&mut *conn)
            .await?;
        Ok(())
    }
}

#[async_trait]
impl<DB: Dialect> OfferStore for SqlStore<DB> {
    async fn offer(&self, kind: OfferKind, id: Uuid) -> Result<Option<OfferRow>, StoreError> {
        let by_id = match kind {
            OfferKind::Challenge => CHALLENGE_BY_ID,
            OfferKind::Seek => SEEK_BY_ID,
        };
        let Some(row) = DB::statement(by_id).bind(DB::to_id(id)).fetch_optional(&self.pool).await? else {
            return Ok(None);
        };
        Ok(Some(self.with_seats(Self::offer_from_row(&row)?).await?))
    }

    async fn join_offer(&self, change: &SeatChange) -> Result<bool, StoreError> {
        let mut tx = self.writer.begin_with(DB::BEGIN_WRITE).await?;
        if !Self::advance_offer(&mut tx, change).await? {
            return Ok(false);
        }
        Self::take_seat(&mut tx, change).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn leave_offer(&self, change: &SeatChange) -> Result<bool, StoreError> {
        let mut tx = self.writer.begin_with(DB::BEGIN_WRITE).await?;
        if !Self::advance_offer(&mut tx, change).await? {
            return Ok(false);
        }
        let left = DB::statement(LEAVE_OFFER_SEAT)
            .bind(DB::to_id(change.offer_id))
            .bind(DB::to_id(change.account_id))
            .execute(&mut *tx)
            .await?;
        if DB::rows_affected(&left) == 0 {
            // Dropping the transaction rolls the revision back: nothing changed.
            return Ok(false);
        }
        tx.commit().await?;
        Ok(true)
    }

    async fn accept_offer(
        &self,
        change: &SeatChange,
        game: &GameRow,
        started: &EventRow,
        runner: Option<Uuid>,
    ) -> Result<bool, StoreError> {
        let accept = match change.kind {
            OfferKind::Challenge => ACCEPT_CHALLENGE,
            OfferKind::Seek => ACCEPT_SEEK,
        };
        let mut tx = self.writer.begin_with(DB::BEGIN_WRITE).await?;
        let accepted = DB::statement(accept)
            .bind(DB::to_id(change.offer_id))
            .bind(change.revision)
            .bind(change.at)
            .bind(DB::to_id(game.id))
            .execute(&mut *tx)
            .await?;
        if DB::rows_affected(&accepted) == 0 {
            return Ok(false);
        }
        Self::take_seat(&mut tx, change).await?;
        Self::insert_game_with_event(&mut tx, game, started, runner).await?;
        tx.commit().await?;
        Ok(true)
    }
}
