//! Playing without a socket: my games, moves, resignation, draws and conditional moves over REST. Every
//! action goes through the game's actor exactly as the WebSocket frames do, so validation, idempotency and
//! the push to connected clients are the same.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use kartka_engine::Seat;
use kartka_protocol::correspondence::{
    ActionDone, AgreedEndRequest, ConditionalLine, ConditionalMoves, DrawRequest, MyGame, MyGames, PlayMove,
};
use kartka_protocol::ErrorCode;
use uuid::Uuid;

use super::games::{damaged, summaries};
use super::{ApiError, Authenticated};
use crate::api::input::{JsonBody, Path};
use crate::games::{convert, Action};
use crate::state::AppState;
use crate::store::GameRow;
use crate::time::now_ms;

/// `GET /api/me/games`: my active games, those where it is my turn first, then by deadline.
pub async fn mine(State(state): State<AppState>, auth: Authenticated) -> Result<Json<MyGames>, ApiError> {
    let me = auth.account.id;
    let now = now_ms();
    let rows = state.store.active_games_of(me).await?;
    let clocks: Vec<(Seat, bool, i64, Option<i64>)> =
        rows.iter().map(|row| my_clock(row, me, now).ok_or_else(|| damaged(row.id))).collect::<Result<_, _>>()?;
    let mut games: Vec<MyGame> = summaries(&state, rows)
        .await?
        .into_iter()
        .zip(clocks)
        .map(|(game, (seat, my_turn, time_left_ms, deadline_ms))| MyGame {
            game,
            seat: convert::seat_name(seat),
            my_turn,
            time_left_ms,
            deadline_ms,
        })
        .collect();
    games.sort_by_key(|game| (!game.my_turn, game.deadline_ms.unwrap_or(i64::MAX)));
    Ok(Json(MyGames { games }))
}

/// My seat in a stored game, whether I must act, my time left at `now`, and the running clock's deadline.
/// None if the stored game does not seat me or has no clock for my seat: its rows disagree.
fn my_clock(row: &GameRow, me: Uuid, now: i64) -> Option<(Seat, bool, i64, Option<i64>)> {
    let seat = row.seat_index_of(me).and_then(Seat::new)?;
    let state = &row.state;
    // A game stored before `seats_to_act` names its one seat to act in `to_act`.
    let to_act = state.seats_to_act.as_deref().or(state.to_act.as_deref()).and_then(convert::seats_from_text);
    let my_turn = to_act.is_some_and(|seats| seats.contains(seat));
    let stored = *state.clocks_ms.get(seat.index())?;
    // A clock runs when the game has a deadline (none while its player is on vacation).
    let running = my_turn && state.deadline.is_some();
    let time_left = if running { stored - (now - state.clock_at).max(0) } else { stored };
    Some((seat, my_turn, time_left.max(0), state.deadline))
}

/// `POST /api/games/{id}/moves`: the `move` frame over REST.
pub async fn play(
    State(state): State<AppState>,
    auth: Authenticated,
    Path(id): Path<Uuid>,
    JsonBody(request): JsonBody<PlayMove>,
) -> Result<Json<ActionDone>, ApiError> {
    let action = Action::Move { ply: request.ply, client_move_id: request.client_move_id, notation: request.notation };
    act(&state, id, auth.account.id, action).await
}

/// `POST /api/games/{id}/resign`.
pub async fn resign(
    State(state): State<AppState>,
    auth: Authenticated,
    Path(id): Path<Uuid>,
) -> Result<Json<ActionDone>, ApiError> {
    act(&state, id, auth.account.id, Action::Resign).await
}

/// `POST /api/games/{id}/draw`: offer, accept or decline.
pub async fn draw(
    State(state): State<AppState>,
    auth: Authenticated,
    Path(id): Path<Uuid>,
    JsonBody(request): JsonBody<DrawRequest>,
) -> Result<Json<ActionDone>, ApiError> {
    act(&state, id, auth.account.id, Action::Draw(request.action)).await
}

/// `POST /api/games/{id}/agreed-end`: offer, accept or decline to end the game scored by its rules.
pub async fn agreed_end(
    State(state): State<AppState>,
    auth: Authenticated,
    Path(id): Path<Uuid>,
    JsonBody(request): JsonBody<AgreedEndRequest>,
) -> Result<Json<ActionDone>, ApiError> {
    act(&state, id, auth.account.id, Action::AgreedEnd(request.action)).await
}

async fn act(state: &AppState, game_id: Uuid, account: Uuid, action: Action) -> Result<Json<ActionDone>, ApiError> {
    let seq = state.games.act(game_id, account, action).await?;
    let game = state.games.snapshot(game_id).await?;
    Ok(Json(ActionDone { seq, game }))
}

/// `GET /api/games/{id}/conditional-moves`: my stored conditional moves in a game.
pub async fn conditional_moves(
    State(state): State<AppState>,
    auth: Authenticated,
    Path(id): Path<Uuid>,
) -> Result<Json<ConditionalMoves>, ApiError> {
    let me = auth.account.id;
    let game = state.store.game(id).await?.ok_or_else(|| ApiError::new(ErrorCode::UnknownGame, "no such game"))?;
    if !game.players.contains(&me) {
        return Err(ApiError::new(ErrorCode::NotAPlayer, "you do not play in this game"));
    }
    let lines = state
        .store
        .conditional_moves(id)
        .await?
        .into_iter()
        .filter(|row| row.account_id == me)
        .map(|row| ConditionalLine { condition: row.if_turn, reply: row.reply_turn })
        .collect();
    Ok(Json(ConditionalMoves { lines }))
}

/// `PUT /api/games/{id}/conditional-moves`: replaces my conditional moves (on my opponent's turn).
pub async fn set_conditional_moves(
    State(state): State<AppState>,
    auth: Authenticated,
    Path(id): Path<Uuid>,
    JsonBody(request): JsonBody<ConditionalMoves>,
) -> Result<Json<ConditionalMoves>, ApiError> {
    state.games.act(id, auth.account.id, Action::SetConditionalMoves(request.lines.clone())).await?;
    Ok(Json(request))
}

/// `DELETE /api/games/{id}/conditional-moves`: forgets my conditional moves.
pub async fn clear_conditional_moves(
    State(state): State<AppState>,
    auth: Authenticated,
    Path(id): Path<Uuid>,
) -> Result<StatusCode, ApiError> {
    state.games.act(id, auth.account.id, Action::SetConditionalMoves(Vec::new())).await?;
    Ok(StatusCode::NO_CONTENT)
}
