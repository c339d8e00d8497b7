//! Correspondence seeks: open offers, stored so that they stay open while their creator is offline, accepted
//! by anyone else. Live seeks (quick pairing) are the lobby's; these are a separate, persistent resource, whose
//! changes the lobby announces to its subscribers (their expiry: the correspondence sweeper).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use kartka_protocol::correspondence::{CreateSeek, Seek, SeekList, SeekStatus};
use kartka_protocol::{ErrorCode, ServerFrame, TimeControl};
use uuid::Uuid;

use super::challenges::{
    colour_choice, colour_text, registration_required, CORRESPONDENCE_DEFAULT_EXPIRY_SECONDS,
    CORRESPONDENCE_MAX_EXPIRY_SECONDS,
};
use super::starting::{self, account};
use super::{ApiError, Authenticated};
use crate::accounts::info;
use crate::api::input::{JsonBody, Path};
use crate::games::{convert, kinds, new_game};
use crate::state::AppState;
use crate::store::{AccountKind, AccountRow, Millis, SeekRow};
use crate::time::now_ms;

/// Open seeks listed at most.
const LIST_LIMIT: u32 = 100;

/// `POST /api/seeks`.
pub async fn create(
    State(state): State<AppState>,
    auth: Authenticated,
    JsonBody(request): JsonBody<CreateSeek>,
) -> Result<(StatusCode, Json<Seek>), ApiError> {
    let invalid = |message: String| ApiError::new(ErrorCode::InvalidRequest, message);
    kinds::ruleset(&request.ruleset).map_err(|e| invalid(e.to_string()))?;
    if !request.time_control.is_correspondence() {
        return Err(invalid("seeks here are for correspondence games".to_owned()));
    }
    convert::validate_time_control(&request.time_control).map_err(|e| invalid(e.to_string()))?;
    let expires_in = request.expires_in_seconds.unwrap_or(CORRESPONDENCE_DEFAULT_EXPIRY_SECONDS);
    if !(1..=CORRESPONDENCE_MAX_EXPIRY_SECONDS).contains(&expires_in) {
        return Err(invalid(format!("expires_in_seconds must be 1 to {CORRESPONDENCE_MAX_EXPIRY_SECONDS}")));
    }
    if request.rated && auth.account.kind == AccountKind::Guest {
        return Err(registration_required());
    }
    let now = now_ms();
    let row = SeekRow {
        id: Uuid::new_v4(),
        creator_id: auth.account.id,
        acceptor_id: None,
        ruleset: serde_json::to_string(&request.ruleset).expect("rulesets serialise"),
        time_control: serde_json::to_string(&request.time_control).expect("time controls serialise"),
        colour: colour_text(request.colour).to_owned(),
        rated: request.rated,
        status: "open".to_owned(),
        game_id: None,
        created_at: now,
        expires_at: now + i64::from(expires_in) * 1000,
    };
    state.store.insert_seek(&row).await?;
    let seek = view(&row, &auth.account, None, now)?;
    state.lobby.announce(ServerFrame::CorrespondenceSeekAdded { seek: seek.clone() }).await;
    Ok((StatusCode::CREATED, Json(seek)))
}

/// `GET /api/seeks`: open seeks, newest first.
pub async fn list(State(state): State<AppState>) -> Result<Json<SeekList>, ApiError> {
    let now = now_ms();
    let mut seeks = Vec::new();
    for row in state.store.open_seeks(now, LIST_LIMIT).await? {
        seeks.push(load_view(&state, &row, now).await?);
    }
    Ok(Json(SeekList { seeks }))
}

/// `GET /api/seeks/{id}`.
pub async fn show(State(state): State<AppState>, Path(id): Path<Uuid>) -> Result<Json<Seek>, ApiError> {
    let row = find(&state, id).await?;
    Ok(Json(load_view(&state, &row, now_ms()).await?))
}

/// `POST /api/seeks/{id}/accept`: starts the game.
pub async fn accept(
    State(state): State<AppState>,
    auth: Authenticated,
    Path(id): Path<Uuid>,
) -> Result<Json<Seek>, ApiError> {
    let row = find(&state, id).await?;
    let closed = || ApiError::new(ErrorCode::UnknownSeek, "the seek is no longer open");
    if row.status != "open" || row.expires_at <= now_ms() {
        return Err(closed());
    }
    let me = &auth.account;
    if row.creator_id == me.id {
        return Err(ApiError::new(ErrorCode::InvalidRequest, "you cannot accept your own seek"));
    }
    if row.rated && me.kind == AccountKind::Guest {
        return Err(registration_required());
    }
    let creator = account(&state, row.creator_id).await?;
    if creator.banned {
        // A banned account cannot start games, through a seek it opened before the ban either.
        return Err(closed());
    }
    let players = starting::seat(&creator, me, &row.colour);
    let ruleset = serde_json::from_str(&row.ruleset).map_err(|_| corrupt(id))?;
    let time_control: TimeControl = serde_json::from_str(&row.time_control).map_err(|_| corrupt(id))?;
    let now = now_ms();
    let game_id = Uuid::new_v4();
    let rules = state.games.clock_rules();
    let (game, started) =
        new_game(game_id, players.clone(), ruleset, time_control, row.rated, rules, now).map_err(|_| corrupt(id))?;
    if !state.store.accept_seek(id, me.id, &game, &started, now).await? {
        return Err(closed());
    }
    state.lobby.announce(ServerFrame::CorrespondenceSeekRemoved { seek_id: id, status: SeekStatus::Accepted }).await;
    starting::start(&state, game_id, &players, &time_control).await?;
    let accepted = SeekRow { status: "accepted".to_owned(), game_id: Some(game_id), acceptor_id: Some(me.id), ..row };
    Ok(Json(view(&accepted, &creator, Some(me), now)?))
}

/// `POST /api/seeks/{id}/cancel`: its creator withdraws it.
pub async fn cancel(
    State(state): State<AppState>,
    auth: Authenticated,
    Path(id): Path<Uuid>,
) -> Result<Json<Seek>, ApiError> {
    let row = find(&state, id).await?;
    if row.creator_id != auth.account.id {
        return Err(ApiError::new(ErrorCode::Forbidden, "only its creator can cancel a seek"));
    }
    if row.expires_at <= now_ms() || !state.store.cancel_seek(id).await? {
        return Err(ApiError::new(ErrorCode::UnknownSeek, "the seek is no longer open"));
    }
    state.lobby.announce(ServerFrame::CorrespondenceSeekRemoved { seek_id: id, status: SeekStatus::Cancelled }).await;
    let cancelled = SeekRow { status: "cancelled".to_owned(), ..row };
    Ok(Json(view(&cancelled, &auth.account, None, now_ms())?))
}

async fn find(state: &AppState, id: Uuid) -> Result<SeekRow, ApiError> {
    state.store.seek(id).await?.ok_or_else(|| ApiError::new(ErrorCode::UnknownSeek, "no such seek"))
}

async fn load_view(state: &AppState, row: &SeekRow, now: Millis) -> Result<Seek, ApiError> {
    let creator = account(state, row.creator_id).await?;
    let acceptor = match row.acceptor_id {
        Some(id) => Some(account(state, id).await?),
        None => None,
    };
    view(row, &creator, acceptor.as_ref(), now)
}

fn view(row: &SeekRow, creator: &AccountRow, acceptor: Option<&AccountRow>, now: Millis) -> Result<Seek, ApiError> {
    let status = match row.status.as_str() {
        "open" if row.expires_at <= now => SeekStatus::Expired,
        "open" => SeekStatus::Open,
        "accepted" => SeekStatus::Accepted,
        _ => SeekStatus::Cancelled,
    };
    Ok(Seek {
        id: row.id,
        creator: info(creator),
        acceptor: acceptor.map(info),
        ruleset: serde_json::from_str(&row.ruleset).map_err(|_| corrupt(row.id))?,
        time_control: serde_json::from_str(&row.time_control).map_err(|_| corrupt(row.id))?,
        colour: colour_choice(&row.colour),
        rated: row.rated,
        status,
        game_id: row.game_id,
        created_at_ms: row.created_at,
        expires_at_ms: row.expires_at,
    })
}

fn corrupt(id: Uuid) -> ApiError {
    tracing::error!(seek = %id, "stored seek does not parse");
    ApiError::new(ErrorCode::Internal, "the seek record is damaged")
}
