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

use crate::store::{Millis, RatingRow};

/// A stored rating as of `now` (its deviation grown by the idle time since its last game); a newcomer's when
/// there is none.
#[must_use]
pub fn current(row: Option<&RatingRow>, now: Millis) -> glicko::Rating {
    row.map_or(glicko::NEWCOMER, |row| {
        let stored = glicko::Rating { rating: row.rating, deviation: row.deviation, volatility: row.volatility };
        glicko::decayed(stored, row.updated_at, now)
    })
}
