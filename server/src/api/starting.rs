//! What accepting a challenge and accepting a correspondence seek share: seating the players by the offer's
//! colour choice and join order, and starting and announcing the game once the store has it.

use kartka_protocol::{ErrorCode, PlayerInfo, ServerFrame, TimeControl};
use rand::seq::SliceRandom;
use rand::Rng;
use uuid::Uuid;

use super::ApiError;
use crate::state::AppState;
use crate::store::{AccountRow, EventRow, GameRow};

/// The players, first seat first, from `players` in join order (the offer's maker first), each with the seat
/// fixed for them if any (the maker's `first` or `second`, every seat of a rematch). Fixed seats are kept; the
/// others take the free seats in join order, or in an order drawn at random when the maker asked for `random`
/// (`shuffle`): with two seats, the coin toss of the maker's seat.
pub(super) fn seat(seats: usize, players: Vec<(PlayerInfo, Option<usize>)>, shuffle: bool) -> Vec<PlayerInfo> {
    seat_with(seats, players, shuffle, &mut rand::rng())
}

fn seat_with<T>(seats: usize, players: Vec<(T, Option<usize>)>, shuffle: bool, rng: &mut impl Rng) -> Vec<T> {
    let mut placed: Vec<Option<T>> = (0..seats).map(|_| None).collect();
    let mut unfixed = Vec::new();
    for (player, fixed) in players {
        match fixed {
            Some(seat) if seat < seats && placed[seat].is_none() => placed[seat] = Some(player),
            _ => unfixed.push(player),
        }
    }
    if shuffle {
        unfixed.shuffle(rng);
    }
    let mut unfixed = unfixed.into_iter();
    placed.into_iter().filter_map(|player| player.or_else(|| unfixed.next())).collect()
}

/// Starts the actor of the new game an offer's last seat stored (from the rows it stored), so its clock runs,
/// and tells every player's connections. Players of a live game leave the lobby (pools and seeks) as if it had
/// paired them; a correspondence game does not keep anyone from playing live.
pub(super) async fn start(
    state: &AppState,
    game: GameRow,
    started: EventRow,
    players: &[PlayerInfo],
    time_control: &TimeControl,
) -> Result<Uuid, ApiError> {
    let game_id = game.id;
    state.games.start_new(game, started).await?;
    if !time_control.is_correspondence() {
        state.lobby.started_elsewhere(game_id, players.iter().map(|player| player.account_id).collect()).await;
    }
    for player in players {
        state.connections.notify(player.account_id, &ServerFrame::GameStarted { game_id });
    }
    Ok(game_id)
}

/// The account with this id.
pub(super) async fn account(state: &AppState, id: Uuid) -> Result<AccountRow, ApiError> {
    state.store.account_by_id(id).await?.ok_or_else(|| ApiError::new(ErrorCode::UnknownPlayer, "no such player"))
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    use super::*;

    #[test]
    fn fixed_seats_are_kept_and_the_others_fill_the_free_seats_in_join_order() {
        let mut rng = StdRng::seed_from_u64(7);
        // The maker chose `first`: the joiners follow in the order they joined.
        assert_eq!(
            seat_with(3, vec![("maker", Some(0)), ("a", None), ("b", None)], false, &mut rng),
            ["maker", "a", "b"]
        );
        // The maker chose `second`: the first joiner moves first, the next takes the third seat.
        assert_eq!(
            seat_with(3, vec![("maker", Some(1)), ("a", None), ("b", None)], false, &mut rng),
            ["a", "maker", "b"]
        );
        // A rematch fixes every seat, whoever joined first.
        let rotated = vec![("maker", Some(2)), ("b", Some(1)), ("a", Some(0))];
        assert_eq!(seat_with(3, rotated, false, &mut rng), ["a", "b", "maker"]);
    }

    #[test]
    fn a_random_choice_deals_every_seat_that_is_not_fixed() {
        let mut rng = StdRng::seed_from_u64(7);
        let mut orders = std::collections::HashSet::new();
        for _ in 0..200 {
            let players = vec![("maker", None), ("a", None), ("b", None)];
            let order = seat_with(3, players, true, &mut rng);
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, ["a", "b", "maker"]);
            orders.insert(order);
        }
        assert_eq!(orders.len(), 6, "every order of three is dealt");
    }
}
