//! Open offers of a game: a challenge (to named players, or an open link) and a correspondence seek are one model,
//! stored in a table each. An offer is made with its terms and an expiry, listed, filled seat by seat (the last
//! seat taken starts the game in the same transaction), and withdrawn or left to expire.
//!
//! Who is in an offer is one table for both kinds, `offer_seats` (migrations/*/0025_offer_seats.sql): what is
//! kept per seat is the same for both, and one code path reads and writes it. Each change of an open offer's
//! seats is guarded by the offer's `revision`, so two players racing for the last seat cannot both take it.

use async_trait::async_trait;
use uuid::Uuid;

use super::{EventRow, GameRow, Millis, StoreError};

/// An offer of a game as stored: open until someone takes it, its maker withdraws it, or it expires.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OfferRow {
    /// The offer's id.
    pub id: Uuid,
    /// Who offers the game: a challenge's challenger, a seek's creator.
    pub creator_id: Uuid,
    /// The protocol's `RulesetSpec` as JSON.
    pub ruleset: String,
    /// The protocol's `TimeControl` as JSON.
    pub time_control: String,
    /// `first`, `second` or `random`: the creator's seat.
    pub colour: String,
    /// Whether the game will change ratings.
    pub rated: bool,
    /// `open`, `accepted`, `cancelled`, and for a challenge `declined` or `expired` (an open offer past
    /// `expires_at` reads as expired).
    pub status: String,
    /// The game, once accepted.
    pub game_id: Option<Uuid>,
    /// When it was made.
    pub created_at: Millis,
    /// When it expires if still open.
    pub expires_at: Millis,
    /// How many times its seats changed: the guard of the next change.
    pub revision: i64,
    /// Who is in it: the creator first, then who took a seat in join order, then who is invited and has not
    /// answered.
    pub seats: Vec<OfferSeat>,
}

/// One player in an offer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OfferSeat {
    /// The player.
    pub account_id: Uuid,
    /// For a player a challenge's creator named, their place in the creator's list (0 first); `None` for anyone
    /// else. Only invited players may take a challenge that names any.
    pub invited: Option<usize>,
    /// A seat fixed in advance (0 is the first): the creator's `first` or `second`, every seat of a rematch.
    pub seat: Option<usize>,
    /// When they took a seat (the creator: when they made the offer); `None` while invited and unanswered.
    pub joined_at: Option<Millis>,
    /// Their place in the join order (the creator's is 0); `None` while invited and unanswered.
    pub join_order: Option<i64>,
}

impl OfferRow {
    /// The players who took a seat, the creator first, in join order.
    pub fn joined(&self) -> impl Iterator<Item = &OfferSeat> {
        self.seats.iter().filter(|seat| seat.joined_at.is_some())
    }

    /// The players the creator invited, whether they answered or not, in the order the creator named them.
    pub fn invited(&self) -> Vec<&OfferSeat> {
        let mut invited: Vec<&OfferSeat> = self.seats.iter().filter(|seat| seat.invited.is_some()).collect();
        invited.sort_by_key(|seat| seat.invited);
        invited
    }

    /// Whether `account_id` has taken a seat (the creator has).
    pub fn has_joined(&self, account_id: Uuid) -> bool {
        self.joined().any(|seat| seat.account_id == account_id)
    }

    /// Whether `account_id` is invited.
    pub fn invites(&self, account_id: Uuid) -> bool {
        self.seats.iter().any(|seat| seat.account_id == account_id && seat.invited.is_some())
    }
}

/// A challenge as stored: an offer, to a player or as an open link, which may be a rematch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    /// What every offer has.
    pub offer: OfferRow,
    /// For a rematch offer: the game it follows.
    pub rematch_of: Option<Uuid>,
}

/// A correspondence seek as stored: an offer to anyone, which outlives its creator's session.
pub type SeekRow = OfferRow;

/// Which kind of offer: each is a table of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferKind {
    /// A challenge (`/api/challenges`).
    Challenge,
    /// A correspondence seek (`/api/seeks`).
    Seek,
}

impl OfferKind {
    /// What players call it.
    pub fn noun(self) -> &'static str {
        match self {
            OfferKind::Challenge => "challenge",
            OfferKind::Seek => "seek",
        }
    }
}

/// A change of an open offer's seats by one player, decided on the offer as it was at `revision`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatChange {
    /// Which kind of offer.
    pub kind: OfferKind,
    /// The offer.
    pub offer_id: Uuid,
    /// The revision the change was decided on.
    pub revision: i64,
    /// Who joins, leaves or takes the last seat.
    pub account_id: Uuid,
    /// When.
    pub at: Millis,
}

/// What the [`Store`](super::Store) does with offers of either kind. Each change is written only if the offer
/// is still open, unexpired and at the change's revision; false (and nothing written) otherwise.
#[async_trait]
pub trait OfferStore {
    /// The offer of `kind` with this id, with its seats (a challenge's rematch is read by `Store::challenge`).
    async fn offer(&self, kind: OfferKind, id: Uuid) -> Result<Option<OfferRow>, StoreError>;

    /// Seats the player in the offer, which stays open: their invitation answered, or a new seat.
    async fn join_offer(&self, change: &SeatChange) -> Result<bool, StoreError>;

    /// Frees the seat the player took (never the creator's).
    async fn leave_offer(&self, change: &SeatChange) -> Result<bool, StoreError>;

    /// In one transaction: seats the player in the last free seat, marks the offer accepted with the game's id,
    /// and inserts the game and its first event, with `runner`'s lease of it as [`Store::insert_game`](super::Store::insert_game) does.
    async fn accept_offer(
        &self,
        change: &SeatChange,
        game: &GameRow,
        started: &EventRow,
        runner: Option<Uuid>,
    ) -> Result<bool, StoreError>;
}
