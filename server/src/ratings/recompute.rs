//! Ratings computed anew from the results: what an admin's change of a finished rated game's result calls for.
//! Glicko-2 is not a sum of per-game changes (each update depends on the ratings of the moment), so changing
//! one old result means replaying every later rated result of the same game kind and speed class; this does
//! that, in the order the games ended, from newcomers' ratings.

use std::collections::HashMap;

use uuid::Uuid;

use super::current;
use super::glicko::Score;
use crate::store::{Millis, RatedGame, RatingRow, GLICKO2};

/// The ratings of one game kind and speed class that `history` (rated results, in the order they ended)
/// gives, one row per player who has a rated result there.
#[must_use]
pub fn replay(kind: &str, speed: &str, history: &[RatedGame]) -> Vec<RatingRow> {
    let mut ratings: HashMap<Uuid, RatingRow> = HashMap::new();
    // Glicko-2 rates games of two; no game of more seats is rated (`new_game`).
    for game in history {
        let &[first_id, second_id] = game.players.as_slice() else { continue };
        let before = [first_id, second_id].map(|id| current(ratings.get(&id), game.finished_at));
        let score = match game.winner.as_deref() {
            Some("first") => Score::FirstWon,
            Some("second") => Score::SecondWon,
            _ => Score::Draw,
        };
        let (first, second) = super::glicko::rate(before[0], before[1], score);
        for (id, after) in [(first_id, first), (second_id, second)] {
            let games = ratings.get(&id).map_or(0, |row| row.games) + 1;
            ratings.insert(id, row(id, kind, speed, after, games, game.finished_at));
        }
    }
    let mut rows: Vec<RatingRow> = ratings.into_values().collect();
    rows.sort_by_key(|row| row.account_id);
    rows
}

fn row(account_id: Uuid, kind: &str, speed: &str, rating: super::glicko::Rating, games: i64, at: Millis) -> RatingRow {
    RatingRow {
        account_id,
        kind: kind.to_owned(),
        speed: speed.to_owned(),
        rating: rating.rating,
        deviation: rating.deviation,
        model: GLICKO2.to_owned(),
        volatility: Some(rating.volatility),
        games,
        updated_at: at,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ratings::glicko::{rate, NEWCOMER};

    fn game(first: Uuid, second: Uuid, winner: Option<&str>, at: Millis) -> RatedGame {
        RatedGame { players: vec![first, second], winner: winner.map(str::to_owned), finished_at: at }
    }

    #[test]
    fn one_result_rates_two_newcomers_as_a_live_result_would() {
        let (alice, bob) = (Uuid::new_v4(), Uuid::new_v4());
        let rows = replay("kind", "speed", &[game(alice, bob, Some("first"), 1_000)]);
        let (won, lost) = rate(NEWCOMER, NEWCOMER, Score::FirstWon);
        let of = |id| rows.iter().find(|row| row.account_id == id).expect("a row");
        assert_eq!((of(alice).rating, of(alice).games), (won.rating, 1));
        assert_eq!((of(bob).rating, of(bob).games), (lost.rating, 1));
        assert_eq!(
            (of(alice).kind.as_str(), of(alice).speed.as_str()),
            ("kind", "speed"),
            "the rows are of the kind and class"
        );
    }

    #[test]
    fn changing_an_early_result_changes_every_later_rating_and_order_matters() {
        let (alice, bob, carol) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());
        let later = game(alice, carol, Some("first"), 2_000);
        let as_played = replay("k", "s", &[game(alice, bob, Some("first"), 1_000), later.clone()]);
        let adjudicated = replay("k", "s", &[game(alice, bob, Some("second"), 1_000), later.clone()]);
        let rating = |rows: &[RatingRow], id| rows.iter().find(|row| row.account_id == id).expect("a row").rating;
        assert!(rating(&adjudicated, bob) > rating(&as_played, bob), "bob's loss became a win");
        assert!(rating(&adjudicated, alice) < rating(&as_played, alice), "alice's win became a loss");
        assert_ne!(rating(&adjudicated, carol), rating(&as_played, carol), "carol's later game met another alice");
        assert_eq!(
            rating(&as_played, carol),
            rating(&replay("k", "s", &[game(alice, bob, Some("first"), 1_000), later]), carol)
        );
    }

    #[test]
    fn no_history_is_no_ratings() {
        assert!(replay("k", "s", &[]).is_empty());
    }
}
