//! Rematch offers. After a game any player may offer the others a new game on the same terms with the seats
//! rotated by one (two players swap). The offer is a challenge that names the game it follows and invites every
//! other player, so it is listed, pushed (`challenge_updated`), accepted, declined and expires like any other
//! challenge, and starts when all of them accepted; another player asking for a rematch accepts the open one.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use kartka_protocol::rest::Challenge;
use kartka_protocol::{ErrorCode, ServerFrame};
use uuid::Uuid;

use super::challenges::{accept_open, load_view};
use super::{ApiError, Authenticated};
use crate::api::input::Path;
use crate::state::AppState;
use crate::store::{ChallengeRow, Millis, OfferRow, OfferSeat};
use crate::time::now_ms;

/// How long a rematch offer stays open.
const REMATCH_EXPIRY_MS: i64 = 5 * 60 * 1000;

/// `POST /api/games/{id}/rematch`: offers the other players a rematch (201). If another player already offered
/// one, accepts it instead, and if I already offered or accepted one, returns it (200).
pub async fn offer(
    State(state): State<AppState>,
    auth: Authenticated,
    Path(game_id): Path<Uuid>,
) -> Result<(StatusCode, Json<Challenge>), ApiError> {
    let game = state.store.game(game_id).await?.ok_or_else(|| ApiError::new(ErrorCode::UnknownGame, "no such game"))?;
    let me = auth.account.id;
    if game.seat_index_of(me).is_none() {
        return Err(ApiError::new(ErrorCode::NotAPlayer, "only the players of a game can ask for a rematch"));
    }
    if game.state.status == "active" {
        return Err(ApiError::new(ErrorCode::NotAllowed, "the game is still being played"));
    }
    let now = now_ms();
    let open = state.store.open_rematches(game_id, now).await?;
    // Mine, or one I already took a seat in: asking again changes nothing.
    if let Some(seated) = open.iter().find(|offer| offer.offer.has_joined(me)) {
        return Ok((StatusCode::OK, Json(load_view(&state, seated, now).await?)));
    }
    if let Some(theirs) = open.iter().find(|offer| offer.offer.invites(me)) {
        let accepted = accept_open(&state, theirs.clone(), &auth.account).await?;
        return Ok((StatusCode::OK, Json(accepted)));
    }
    let seats = rotated_seats(&game.players, me, now);
    let my_seat = seats[0].seat;
    let offer = OfferRow {
        id: Uuid::new_v4(),
        creator_id: me,
        ruleset: game.ruleset,
        time_control: game.time_control,
        // The seats are fixed below; the colour tells a two-seat client its seat as before.
        colour: match my_seat {
            Some(0) => "first",
            Some(1) => "second",
            _ => "random",
        }
        .to_owned(),
        rated: game.rated,
        status: "open".to_owned(),
        game_id: None,
        created_at: now,
        expires_at: now + REMATCH_EXPIRY_MS,
        revision: 0,
        seats,
    };
    let row = ChallengeRow { offer, rematch_of: Some(game_id) };
    state.store.insert_challenge(&row).await?;
    let challenge = load_view(&state, &row, now).await?;
    for invited in row.offer.invited() {
        state.connections.notify(invited.account_id, &ServerFrame::ChallengeUpdated { challenge: challenge.clone() });
    }
    Ok((StatusCode::CREATED, Json(challenge)))
}

/// The seats of a rematch of a game whose players sat in `players` (first seat first), offered by `creator`:
/// everyone moves on by one seat, the last to the first (with two seats, they swap). The creator first, joined
/// `now`; the others invited.
fn rotated_seats(players: &[Uuid], creator: Uuid, now: Millis) -> Vec<OfferSeat> {
    let rotated = |seat: usize| (seat + 1) % players.len();
    let creator_seat = players.iter().position(|&player| player == creator).map(rotated);
    let mine =
        OfferSeat { account_id: creator, invited: None, seat: creator_seat, joined_at: Some(now), join_order: Some(0) };
    // The others are invited in the order they sat.
    let others = players.iter().enumerate().filter(|&(_, &player)| player != creator).enumerate().map(
        |(place, (seat, &account_id))| OfferSeat {
            account_id,
            invited: Some(place),
            seat: Some(rotated(seat)),
            joined_at: None,
            join_order: None,
        },
    );
    std::iter::once(mine).chain(others).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rematch_moves_everyone_on_by_one_seat() {
        let players: Vec<Uuid> = (0..3).map(|_| Uuid::new_v4()).collect();
        let seats = rotated_seats(&players, players[1], 5);
        let by_account: Vec<(Uuid, Option<usize>, Option<usize>)> =
            seats.iter().map(|seat| (seat.account_id, seat.seat, seat.invited)).collect();
        assert_eq!(
            by_account,
            [(players[1], Some(2), None), (players[0], Some(1), Some(0)), (players[2], Some(0), Some(1))]
        );
        assert_eq!((seats[0].joined_at, seats[0].join_order), (Some(5), Some(0)));
        let two: Vec<Uuid> = (0..2).map(|_| Uuid::new_v4()).collect();
        let swapped: Vec<Option<usize>> = rotated_seats(&two, two[0], 5).iter().map(|seat| seat.seat).collect();
        assert_eq!(swapped, [Some(1), Some(0)]);
    }
}
