//! Rematch offers. After a game either player may offer the other a new game on the same terms with the seats
//! swapped. The offer is a challenge that names the game it follows, so it is listed, pushed
//! (`challenge_updated`), accepted, declined and expires like any other challenge.

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
use crate::store::{ChallengeRow, OfferRow};
use crate::time::now_ms;

/// How long a rematch offer stays open.
const REMATCH_EXPIRY_MS: i64 = 5 * 60 * 1000;

/// `POST /api/games/{id}/rematch`: offers the opponent a rematch (201). If the opponent already offered one,
/// accepts it instead, and if I already offered one, returns it (200).
pub async fn offer(
    State(state): State<AppState>,
    auth: Authenticated,
    Path(game_id): Path<Uuid>,
) -> Result<(StatusCode, Json<Challenge>), ApiError> {
    let game = state.store.game(game_id).await?.ok_or_else(|| ApiError::new(ErrorCode::UnknownGame, "no such game"))?;
    let me = auth.account.id;
    let Some(my_seat) = game.seat_index_of(me) else {
        return Err(ApiError::new(ErrorCode::NotAPlayer, "only the players of a game can ask for a rematch"));
    };
    // A rematch is a challenge to the one opponent; a game of more seats is offered again through the lobby.
    let &[first, second] = game.players.as_slice() else {
        return Err(ApiError::new(ErrorCode::NotAllowed, "a rematch is offered in games of two players"));
    };
    let my_seat_was_first = my_seat == 0;
    let opponent = if my_seat_was_first { second } else { first };
    if game.state.status == "active" {
        return Err(ApiError::new(ErrorCode::NotAllowed, "the game is still being played"));
    }
    let now = now_ms();
    let open = state.store.open_rematches(game_id, now).await?;
    if let Some(theirs) = open.iter().find(|offer| offer.offer.creator_id == opponent) {
        let accepted = accept_open(&state, theirs.clone(), &auth.account).await?;
        return Ok((StatusCode::OK, Json(accepted)));
    }
    if let Some(mine) = open.iter().find(|offer| offer.offer.creator_id == me) {
        return Ok((StatusCode::OK, Json(load_view(&state, mine, now).await?)));
    }
    let offer = OfferRow {
        id: Uuid::new_v4(),
        creator_id: me,
        taker_id: Some(opponent),
        ruleset: game.ruleset,
        time_control: game.time_control,
        colour: if my_seat_was_first { "second" } else { "first" }.to_owned(),
        rated: game.rated,
        status: "open".to_owned(),
        game_id: None,
        created_at: now,
        expires_at: now + REMATCH_EXPIRY_MS,
    };
    let row = ChallengeRow { offer, rematch_of: Some(game_id) };
    state.store.insert_challenge(&row).await?;
    let challenge = load_view(&state, &row, now).await?;
    state.connections.notify(opponent, &ServerFrame::ChallengeUpdated { challenge: challenge.clone() });
    Ok((StatusCode::CREATED, Json(challenge)))
}
