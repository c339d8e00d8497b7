//! Ratings computed anew from the results: what an admin's change of a finished rated game's result calls for.
//! Neither Glicko-2 nor Weng-Lin is a sum of per-game changes (each update depends on the ratings of the
//! moment), so changing one old result means replaying every later rated result of the same game kind, speed
//! class and rating model; this does that, in the order the games ended, from newcomers' ratings.

use std::collections::HashMap;

use kartka_engine::Seat;
use kartka_protocol::GameEvent;
use uuid::Uuid;

use super::glicko::Score;
use super::{current, current_skill, model_for_seats, ranking};
use crate::games::convert::seat_text;
use crate::store::{RatedGame, RatingRow, GLICKO2};

/// The ratings of one game kind, speed class and `model` that `history` (rated results, in the order they ended)
/// gives, one row per player who has a rated result there: the games of two seats for Glicko-2, of more for
/// Weng-Lin; games of the other model are passed over.
#[must_use]
pub fn replay(kind: &str, speed: &str, model: &str, history: &[RatedGame]) -> Vec<RatingRow> {
    let mut ratings: HashMap<Uuid, RatingRow> = HashMap::new();
    for game in history.iter().filter(|game| model_for_seats(game.players.len()) == model) {
        let at = game.finished_at;
        let stored: Vec<Option<&RatingRow>> = game.players.iter().map(|id| ratings.get(id)).collect();
        let after: Vec<(f64, f64, Option<f64>)> = if model == GLICKO2 {
            let before = [current(stored[0], at), current(stored[1], at)];
            let score = match game.winner.as_deref() {
                Some("first") => Score::FirstWon,
                Some("second") => Score::SecondWon,
                _ => Score::Draw,
            };
            let (first, second) = super::glicko::rate(before[0], before[1], score);
            [first, second].iter().map(|rating| (rating.rating, rating.deviation, Some(rating.volatility))).collect()
        } else {
            let ranked: Vec<(ranking::Skill, u8)> =
                stored.iter().map(|row| current_skill(*row, at)).zip(ranks_of(game)).collect();
            match ranking::rate(&ranked) {
                Ok(after) => after.iter().map(|skill| (skill.rating, skill.uncertainty, None)).collect(),
                Err(error) => {
                    tracing::error!(%error, "a stored ranking could not be rated; the replay passes it over");
                    continue;
                }
            }
        };
        for (&id, (rating, deviation, volatility)) in game.players.iter().zip(after) {
            let games = ratings.get(&id).map_or(0, |row| row.games) + 1;
            let row = RatingRow {
                account_id: id,
                kind: kind.to_owned(),
                speed: speed.to_owned(),
                model: model.to_owned(),
                rating,
                deviation,
                volatility,
                games,
                updated_at: at,
            };
            ratings.insert(id, row);
        }
    }
    let mut rows: Vec<RatingRow> = ratings.into_values().collect();
    rows.sort_by_key(|row| row.account_id);
    rows
}

/// Each seat's rank in `game`'s result, from its last result event; from its winner (ranked first, the others
/// tied behind, or all tied) when no event says more.
fn ranks_of(game: &RatedGame) -> Vec<u8> {
    let from_event = game.result_event.as_deref().and_then(|payload| match serde_json::from_str(payload) {
        Ok(GameEvent::Ended { result, .. } | GameEvent::Adjudicated { result, .. }) => Some(result.ranks),
        _ => None,
    });
    match from_event {
        Some(ranks) if ranks.len() == game.players.len() => ranks,
        _ => Seat::all(game.players.len())
            .map(|seat| match game.winner.as_deref() {
                Some(winner) if winner == seat_text(seat) => 1,
                Some(_) => 2,
                None => 1,
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ratings::glicko::{rate, NEWCOMER as GLICKO_NEWCOMER};
    use crate::ratings::ranking::NEWCOMER;
    use crate::store::{Millis, WENG_LIN};

    fn game(first: Uuid, second: Uuid, winner: Option<&str>, at: Millis) -> RatedGame {
        RatedGame {
            players: vec![first, second],
            winner: winner.map(str::to_owned),
            result_event: None,
            finished_at: at,
        }
    }

    #[test]
    fn one_result_rates_two_newcomers_as_a_live_result_would() {
        let (alice, bob) = (Uuid::new_v4(), Uuid::new_v4());
        let rows = replay("kind", "speed", GLICKO2, &[game(alice, bob, Some("first"), 1_000)]);
        let (won, lost) = rate(GLICKO_NEWCOMER, GLICKO_NEWCOMER, Score::FirstWon);
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
        let as_played = replay("k", "s", GLICKO2, &[game(alice, bob, Some("first"), 1_000), later.clone()]);
        let adjudicated = replay("k", "s", GLICKO2, &[game(alice, bob, Some("second"), 1_000), later.clone()]);
        let rating = |rows: &[RatingRow], id| rows.iter().find(|row| row.account_id == id).expect("a row").rating;
        assert!(rating(&adjudicated, bob) > rating(&as_played, bob), "bob's loss became a win");
        assert!(rating(&adjudicated, alice) < rating(&as_played, alice), "alice's win became a loss");
        assert_ne!(rating(&adjudicated, carol), rating(&as_played, carol), "carol's later game met another alice");
        assert_eq!(
            rating(&as_played, carol),
            rating(&replay("k", "s", GLICKO2, &[game(alice, bob, Some("first"), 1_000), later]), carol)
        );
    }

    #[test]
    fn no_history_is_no_ratings() {
        assert!(replay("k", "s", GLICKO2, &[]).is_empty());
    }

    fn ranked(players: &[Uuid], ranks: &[u8], at: Millis) -> RatedGame {
        let seats = players.len();
        let result = kartka_protocol::GameResult {
            ranks: ranks.to_vec(),
            winner: None,
            reason: kartka_protocol::EndReasonName::Agreement,
            scores: None,
            half_points: false,
        };
        let clocks = kartka_protocol::Clocks::new(vec![0; seats], None);
        let event = GameEvent::Ended { result, clocks, rating_changes: Vec::new(), revealed: Vec::new() };
        RatedGame {
            players: players.to_vec(),
            winner: None,
            result_event: Some(serde_json::to_string(&event).expect("events serialise")),
            finished_at: at,
        }
    }

    #[test]
    fn games_of_three_replay_by_weng_lin_from_their_ranks_and_games_of_two_are_passed_over() {
        let (alice, bob, carol) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());
        let three = [alice, bob, carol];
        let history = [
            ranked(&three, &[1, 2, 3], 1_000),
            game(alice, bob, Some("second"), 1_500),
            ranked(&three, &[3, 1, 2], 2_000),
        ];
        let rows = replay("k", "s", WENG_LIN, &history);
        let first = crate::ratings::ranking::rate(&[(NEWCOMER, 1), (NEWCOMER, 2), (NEWCOMER, 3)]).expect("rates");
        // Between the games each skill's uncertainty grows with the idle time, as a live result's would.
        let idle = |skill| crate::ratings::ranking::decayed(skill, 1_000, 2_000);
        let seats = [(idle(first[0]), 3), (idle(first[1]), 1), (idle(first[2]), 2)];
        let skills = crate::ratings::ranking::rate(&seats).expect("three seats rate");
        for (id, skill) in three.iter().zip(skills) {
            let row = rows.iter().find(|row| row.account_id == *id).expect("a row per player");
            assert_eq!((row.model.as_str(), row.games, row.volatility), (WENG_LIN, 2, None), "{row:?}");
            assert!((row.rating - skill.rating).abs() < 1e-9 && (row.deviation - skill.uncertainty).abs() < 1e-9);
        }
        let glicko = replay("k", "s", GLICKO2, &history);
        assert_eq!(glicko.len(), 2, "only the game of two is Glicko-2's");
        assert!(glicko.iter().all(|row| row.games == 1 && row.model == GLICKO2));
    }

    #[test]
    fn a_game_of_three_without_a_result_event_ranks_its_winner_first_and_the_others_tied() {
        let players = [Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4()];
        let game = RatedGame {
            players: players.to_vec(),
            winner: Some("third".to_owned()),
            result_event: None,
            finished_at: 1,
        };
        assert_eq!(ranks_of(&game), vec![2, 2, 1]);
        assert_eq!(ranks_of(&RatedGame { winner: None, ..game }), vec![1, 1, 1]);
    }
}
