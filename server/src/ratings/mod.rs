//! Ratings: Glicko-2 per game kind and speed class for two-seat games; Weng-Lin for games of more seats.
//!
//! [`glicko`] is the two-seat arithmetic (pure), [`ranking`] the arithmetic of a ranking of more seats (pure),
//! [`speed`] the speed class of a time control, [`result`] turns a game's result into the rating updates the
//! store commits in the same transaction as the result, and [`recompute`] replays a pool's rated results after
//! an admin changed one.

pub mod glicko;
pub mod ranking;
pub mod recompute;
pub mod result;
pub mod speed;

pub use result::{rated_result, RatedResult};

use crate::store::{Millis, RatingRow, GLICKO2, WENG_LIN};

/// The rating model of games of `seats` seats: Glicko-2 for two, Weng-Lin for more. Each model keeps its own
/// ratings and leaderboards.
#[must_use]
pub fn model_for_seats(seats: usize) -> &'static str {
    if seats == 2 {
        GLICKO2
    } else {
        WENG_LIN
    }
}

/// A stored Glicko-2 rating as of `now` (its deviation grown by the idle time since its last game); a newcomer's
/// when there is none.
#[must_use]
pub fn current(row: Option<&RatingRow>, now: Millis) -> glicko::Rating {
    row.map_or(glicko::NEWCOMER, |row| {
        let volatility = row.volatility.unwrap_or(glicko::NEWCOMER.volatility);
        let stored = glicko::Rating { rating: row.rating, deviation: row.deviation, volatility };
        glicko::decayed(stored, row.updated_at, now)
    })
}

/// A stored Weng-Lin skill as of `now` (its uncertainty grown by the idle time); a newcomer's when there is none.
#[must_use]
pub fn current_skill(row: Option<&RatingRow>, now: Millis) -> ranking::Skill {
    row.map_or(ranking::NEWCOMER, |row| {
        ranking::decayed(ranking::Skill { rating: row.rating, uncertainty: row.deviation }, row.updated_at, now)
    })
}

/// A rating of either model as people see it at `now`: (rating, deviation) on the rating scale; a newcomer's
/// (1500 ± 350 in both models) when there is none.
#[must_use]
pub fn shown_or_newcomer(row: Option<&RatingRow>, now: Millis) -> (f64, f64) {
    row.map_or((glicko::NEWCOMER.rating, glicko::NEWCOMER.deviation), |row| shown_now(row, now))
}

/// A stored rating of either model as people see it at `now`: (rating, deviation) on the rating scale.
#[must_use]
pub fn shown_now(row: &RatingRow, now: Millis) -> (f64, f64) {
    if row.model == WENG_LIN {
        ranking::shown(current_skill(Some(row), now))
    } else {
        let rating = current(Some(row), now);
        (rating.rating, rating.deviation)
    }
}
