//! Open offers of a game: a challenge (to a named player, or an open link) and a correspondence seek are one model,
//! stored in a table each. An offer is made with its terms and an expiry, listed, taken (the game starts in the
//! same transaction), and withdrawn or left to expire.

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
    /// Who takes it: a challenge's named opponent (from the start) or whoever accepted it; `None` while nobody has.
    pub taker_id: Option<Uuid>,
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

/// What the [`Store`](super::Store) does with offers of either kind.
#[async_trait]
pub trait OfferStore {
    /// In one transaction: marks an open, unexpired offer accepted by `acceptor_id` with the game's id (a
    /// challenge's named opponent stays as it is), inserts the game and its first event. False (and nothing
    /// written) when the offer was not open any more.
    async fn accept_offer(
        &self,
        kind: OfferKind,
        id: Uuid,
        acceptor_id: Uuid,
        game: &GameRow,
        started: &EventRow,
        now: Millis,
    ) -> Result<bool, StoreError>;
}
