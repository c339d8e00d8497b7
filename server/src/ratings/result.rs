//! A rated result: the rating updates a game's end commits with it, and what the players are shown.

use kartka_engine::Seat;
use kartka_protocol::RatingChange;
use uuid::Uuid;

use super::current;
use super::glicko::{is_provisional, rate, Score};
use crate::games::convert::seat_name;
use crate::store::{Millis, RatingRow, RatingUpdate, Store, StoreError};

/// The ratings a rated game's result writes, and the changes its `ended` event shows.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedResult {
    /// Both players' new ratings, guarded by the game counts they were computed from.
    pub updates: Vec<RatingUpdate>,
    /// Both players' changes, first seat first.
    pub changes: Vec<RatingChange>,
}

/// The rating updates of a game of `kind` and `speed` between `players` (first seat first) that `winner`
/// won (a draw when `None`), ending at `now`. Reads the players' current ratings; the store writes the
/// updates only if nobody changed those ratings in between.
pub async fn rated_result(
    store: &dyn Store,
    kind: &str,
    speed: &str,
    players: [Uuid; 2],
    winner: Option<Seat>,
    now: Millis,
) -> Result<RatedResult, StoreError> {
    let mut stored = Vec::with_capacity(2);
    for account in players {
        stored.push(store.rating(account, kind, speed).await?);
    }
    let before = [&stored[0], &stored[1]].map(|row| current(row.as_ref(), now));
    let score = match winner {
        Some(Seat::FIRST) => Score::FirstWon,
        Some(_) => Score::SecondWon,
        None => Score::Draw,
    };
    let (first, second) = rate(before[0], before[1], score);
    let mut updates = Vec::with_capacity(2);
    let mut changes = Vec::with_capacity(2);
    for (seat, after) in [(Seat::FIRST, first), (Seat::SECOND, second)] {
        let expected_games = stored[seat.index()].as_ref().map_or(0, |row| row.games);
        updates.push(RatingUpdate {
            expected_games,
            rating: RatingRow {
                account_id: players[seat.index()],
                kind: kind.to_owned(),
                speed: speed.to_owned(),
                rating: after.rating,
                deviation: after.deviation,
                volatility: after.volatility,
                games: expected_games + 1,
                updated_at: now,
            },
        });
        changes.push(RatingChange {
            seat: seat_name(seat),
            rating_before: before[seat.index()].rating.round() as i32,
            rating_after: after.rating.round() as i32,
            deviation: after.deviation.round() as i32,
            provisional: is_provisional(after.deviation),
        });
    }
    Ok(RatedResult { updates, changes })
}
