//! A rated result: the rating updates a game's end commits with it, and what the players are shown.

use kartka_engine::{Outcome, Seat};
use kartka_protocol::RatingChange;
use uuid::Uuid;

use super::glicko::{is_provisional, rate, Score};
use super::{current, current_skill, ranking};
use crate::games::convert::seat_name;
use crate::store::{Millis, RatingRow, RatingUpdate, Store, StoreError, GLICKO2};

/// The ratings a rated game's result writes, and the changes its `ended` event shows.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedResult {
    /// Every player's new rating, guarded by the game counts they were computed from.
    pub updates: Vec<RatingUpdate>,
    /// Every player's change, in seat order.
    pub changes: Vec<RatingChange>,
}

/// The rating updates of a game of `kind` and `speed` between `players` (in seat order) that ended with
/// `outcome` at `now`: Glicko-2 for a game of two, Weng-Lin from the ranks for a game of more. Reads the
/// players' current ratings; the store writes the updates only if nobody changed those ratings in between.
pub async fn rated_result(
    store: &dyn Store,
    kind: &str,
    speed: &str,
    players: &[Uuid],
    outcome: &Outcome,
    now: Millis,
) -> Result<RatedResult, StoreError> {
    let model = super::model_for_seats(players.len());
    let mut stored = Vec::with_capacity(players.len());
    for &account in players {
        stored.push(store.rating(account, kind, speed, model).await?);
    }
    let rated = if model == GLICKO2 { rate_pair(&stored, outcome, now) } else { rate_ranking(&stored, outcome, now) };
    let mut result = RatedResult { updates: Vec::with_capacity(players.len()), changes: Vec::new() };
    for (seat, rated) in Seat::all(players.len()).zip(rated) {
        let expected_games = stored[seat.index()].as_ref().map_or(0, |row| row.games);
        result.updates.push(RatingUpdate {
            expected_games,
            rating: RatingRow {
                account_id: players[seat.index()],
                kind: kind.to_owned(),
                speed: speed.to_owned(),
                model: model.to_owned(),
                rating: rated.stored.0,
                deviation: rated.stored.1,
                volatility: rated.volatility,
                games: expected_games + 1,
                updated_at: now,
            },
        });
        result.changes.push(RatingChange {
            seat: seat_name(seat),
            rating_before: rated.shown_before.round() as i32,
            rating_after: rated.shown_after.0.round() as i32,
            deviation: rated.shown_after.1.round() as i32,
            provisional: is_provisional(rated.shown_after.1),
        });
    }
    Ok(result)
}

/// One seat's new rating: the values stored (rating and deviation on its model's scale, Glicko-2's volatility)
/// and those shown (on the rating scale).
struct Rated {
    stored: (f64, f64),
    volatility: Option<f64>,
    shown_before: f64,
    shown_after: (f64, f64),
}

/// Glicko-2 for the two seats of `stored`, from the outcome's winner.
fn rate_pair(stored: &[Option<RatingRow>], outcome: &Outcome, now: Millis) -> Vec<Rated> {
    let before = [&stored[0], &stored[1]].map(|row| current(row.as_ref(), now));
    let score = match outcome.winner() {
        Some(Seat::FIRST) => Score::FirstWon,
        Some(_) => Score::SecondWon,
        None => Score::Draw,
    };
    let (first, second) = rate(before[0], before[1], score);
    [(before[0], first), (before[1], second)]
        .into_iter()
        .map(|(before, after)| Rated {
            stored: (after.rating, after.deviation),
            volatility: Some(after.volatility),
            shown_before: before.rating,
            shown_after: (after.rating, after.deviation),
        })
        .collect()
}

/// Weng-Lin for every seat of `stored`, from the outcome's ranks (ties share a rank). The engine ranks two to
/// six seats from 1, so the ranking is always one Weng-Lin rates.
fn rate_ranking(stored: &[Option<RatingRow>], outcome: &Outcome, now: Millis) -> Vec<Rated> {
    let before: Vec<ranking::Skill> = stored.iter().map(|row| current_skill(row.as_ref(), now)).collect();
    let ranked: Vec<(ranking::Skill, u8)> =
        before.iter().copied().zip(outcome.ranks.as_slice().iter().copied()).collect();
    let after = match ranking::rate(&ranked) {
        Ok(after) => after,
        Err(error) => {
            tracing::error!(%error, "an outcome's ranks could not be rated; the skills stay as they were");
            before.clone()
        }
    };
    before
        .into_iter()
        .zip(after)
        .map(|(before, after)| Rated {
            stored: (after.rating, after.uncertainty),
            volatility: None,
            shown_before: ranking::shown(before).0,
            shown_after: ranking::shown(after),
        })
        .collect()
}
