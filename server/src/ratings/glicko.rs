//! Glicko-2 arithmetic, by the `skillratings` crate, with kartka's choices: every rated game is its own rating
//! period, the deviation grows with inactivity, and a rating is provisional while its deviation is high.

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::store::Millis;

/// A rating: value, deviation and volatility on the Glicko-2 rating scale.
pub type Rating = Glicko2Rating;

/// Where every player starts: 1500 ± 350, volatility 0.06 (Glickman's recommended defaults).
pub const NEWCOMER: Rating = Glicko2Rating::new();

/// Above this deviation a rating is provisional: shown with a `?` and left off leaderboards (lichess's
/// threshold, about ±220 at 95 %).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// The deviation never grows beyond a newcomer's.
const MAX_DEVIATION: f64 = 350.0;

/// How long an idle rating period is: the deviation grows by one period's volatility per day without rated
/// games. From ±50 a rating becomes provisional after about three idle months.
pub const RATING_PERIOD_MS: Millis = 24 * 3600 * 1000;

/// Glickman's factor between the rating scale and the Glicko-2 scale.
const GLICKO2_SCALE: f64 = 173.7178;

/// The outcome of a game for the first seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// The first seat won.
    FirstWon,
    /// The second seat won.
    SecondWon,
    /// A draw.
    Draw,
}

/// A rating whose deviation has grown for the idle time from `since` to `now`: Glicko-2's step 6 for a
/// fractional number of rating periods, φ' = √(φ² + t·σ²), capped at a newcomer's deviation.
#[must_use]
pub fn decayed(rating: Rating, since: Millis, now: Millis) -> Rating {
    let periods = (now - since).max(0) as f64 / RATING_PERIOD_MS as f64;
    let phi = rating.deviation / GLICKO2_SCALE;
    let grown = periods.mul_add(rating.volatility.powi(2), phi.powi(2)).sqrt() * GLICKO2_SCALE;
    Rating { deviation: grown.min(MAX_DEVIATION), ..rating }
}

/// Both players' ratings after one game between them (one rating period with one game, τ = 0.5).
#[must_use]
pub fn rate(first: Rating, second: Rating, score: Score) -> (Rating, Rating) {
    let outcome = match score {
        Score::FirstWon => Outcomes::WIN,
        Score::SecondWon => Outcomes::LOSS,
        Score::Draw => Outcomes::DRAW,
    };
    glicko2(&first, &second, &outcome, &Glicko2Config::new())
}

/// Whether a rating with this deviation is provisional.
#[must_use]
pub fn is_provisional(deviation: f64) -> bool {
    deviation > PROVISIONAL_DEVIATION
}

#[cfg(test)]
mod tests {
    use skillratings::glicko2::glicko2_rating_period;

    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
        (actual - expected).abs() <= tolerance
    }

    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating { rating, deviation, volatility: 0.06 }
    }

    /// Glickman's worked example ("Example of the Glicko-2 system", glicko.net): the crate kartka relies on
    /// reproduces it.
    #[test]
    fn the_crate_reproduces_glickmans_worked_example() {
        let results = [
            (rating(1400.0, 30.0), Outcomes::WIN),
            (rating(1550.0, 100.0), Outcomes::LOSS),
            (rating(1700.0, 300.0), Outcomes::LOSS),
        ];
        let after = glicko2_rating_period(&rating(1500.0, 200.0), &results, &Glicko2Config::new());
        assert!(close(after.rating, 1464.06, 0.01), "{after:?}");
        assert!(close(after.deviation, 151.52, 0.01), "{after:?}");
        assert!(close(after.volatility, 0.05999, 0.00001), "{after:?}");
    }

    /// Values from an independent implementation of Glickman's paper (Python, τ = 0.5, ε = 1e-6).
    #[test]
    fn one_game_matches_an_independent_computation() {
        let (first, second) = rate(NEWCOMER, NEWCOMER, Score::FirstWon);
        assert!(close(first.rating, 1662.31, 0.01) && close(first.deviation, 290.32, 0.01), "{first:?}");
        assert!(close(second.rating, 1337.69, 0.01) && close(second.deviation, 290.32, 0.01), "{second:?}");

        let (first, second) = rate(rating(1700.0, 80.0), rating(1500.0, 120.0), Score::Draw);
        assert!(close(first.rating, 1691.69, 0.01) && close(first.deviation, 79.27, 0.01), "{first:?}");
        assert!(close(second.rating, 1518.91, 0.01) && close(second.deviation, 115.69, 0.01), "{second:?}");

        let (first, second) = rate(rating(1400.0, 60.0), rating(1800.0, 250.0), Score::FirstWon);
        assert!(close(first.rating, 1414.23, 0.01) && close(first.deviation, 60.62, 0.01), "{first:?}");
        assert!(close(second.rating, 1526.18, 0.01) && close(second.deviation, 231.22, 0.01), "{second:?}");
    }

    #[test]
    fn the_winner_gains_what_the_loser_would_and_a_draw_between_equals_changes_nothing() {
        let (winner, loser) = rate(rating(1500.0, 80.0), rating(1500.0, 80.0), Score::FirstWon);
        assert!(winner.rating > 1500.0 && loser.rating < 1500.0);
        assert!(close(winner.rating - 1500.0, 1500.0 - loser.rating, 1e-9));
        let (first, second) = rate(rating(1500.0, 80.0), rating(1500.0, 80.0), Score::Draw);
        assert!(close(first.rating, 1500.0, 1e-9) && close(second.rating, 1500.0, 1e-9));
    }

    #[test]
    fn the_deviation_grows_with_inactivity_up_to_a_newcomers() {
        let established = Rating { rating: 2720.0, deviation: 41.3, volatility: 0.06 };
        assert_eq!(decayed(established, 1_000, 1_000), established, "no time, no change");
        let one_day = decayed(established, 0, RATING_PERIOD_MS);
        assert_eq!(one_day, skillratings::glicko2::decay_deviation(&established), "one period, as the crate");
        assert!(close(one_day.deviation, 42.59, 0.01), "{one_day:?}");
        let quarter = decayed(rating(1500.0, 50.0), 0, 90 * RATING_PERIOD_MS);
        assert!(is_provisional(quarter.deviation) && quarter.deviation < 120.0, "{quarter:?}");
        assert!(!is_provisional(decayed(rating(1500.0, 50.0), 0, 30 * RATING_PERIOD_MS).deviation));
        assert_eq!(decayed(established, 0, 100 * 365 * RATING_PERIOD_MS).deviation, 350.0);
        assert_eq!(decayed(established, 10, 0), established, "a clock going backwards changes nothing");
    }
}
