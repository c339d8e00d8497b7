//! Correspondence seeks: open offers of a game (`offers.rs`), stored so that they stay open while their creator
//! is offline, accepted by anyone else. Live seeks (quick pairing) are the lobby's; these are a separate,
//! persistent resource, whose changes the lobby announces to its subscribers (their expiry: the correspondence
//! sweeper). A seek of more than two seats fills as players accept it (each change announced again as
//! `correspondence_seek_added`, which replaces the seek of that id), and the last seat taken starts the game; until
//! then a player who took a seat may leave it (`POST /api/seeks/{id}/leave`) and the creator may cancel.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use kartka_protocol::correspondence::{CreateSeek, Seek, SeekList, SeekStatus};
use kartka_protocol::{ErrorCode, ServerFrame};
use uuid::Uuid;

use super::offers::{self, colour_choice, registration_required, Parties, Standing, Taken, Terms, Took};
use super::starting;
use super::{ApiError, Authenticated};
use crate::accounts::info;
use crate::api::input::{JsonBody, Path};
use crate::games::convert;
use crate::games::seats::seat_count;
use crate::state::AppState;
use crate::store::{AccountKind, Millis, OfferKind, SeekRow};
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
    seat_count(&request.ruleset)?;
    if !request.time_control.is_correspondence() {
        return Err(invalid("seeks here are for correspondence games".to_owned()));
    }
    convert::validate_time_control(&request.time_control).map_err(|e| invalid(e.to_string()))?;
    let expires_in = offers::expiry_seconds(&request.time_control, request.expires_in_seconds)?;
    if request.rated && auth.account.kind == AccountKind::Guest {
        return Err(registration_required());
    }
    let now = now_ms();
    let terms = Terms {
        ruleset: &request.ruleset,
        time_control: &request.time_control,
        colour: request.colour,
        rated: request.rated,
    };
    let row = offers::open_offer(auth.account.id, &[], terms, expires_in, now);
    state.store.insert_seek(&row).await?;
    let parties = Parties { creator: auth.account.clone(), invited: Vec::new(), joined: vec![auth.account.clone()] };
    let seek = view(&row, &parties, now)?;
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

/// `POST /api/seeks/{id}/accept`: takes a seat; the last seat taken starts the game.
pub async fn accept(
    State(state): State<AppState>,
    auth: Authenticated,
    Path(id): Path<Uuid>,
) -> Result<Json<Seek>, ApiError> {
    let row = find(&state, id).await?;
    let me = &auth.account;
    let may_take = |seek: &SeekRow| {
        if seek.creator_id == me.id {
            return Err(ApiError::new(ErrorCode::InvalidRequest, "you cannot accept your own seek"));
        }
        Ok(())
    };
    match offers::take(&state, OfferKind::Seek, row, me, may_take, no_longer_open).await? {
        Took::Joined(seek) => Ok(Json(announce_seats(&state, &seek).await?)),
        Took::Started(taken) => {
            let removed = ServerFrame::CorrespondenceSeekRemoved { seek_id: id, status: SeekStatus::Accepted };
            state.lobby.announce(removed).await;
            let Taken { offer, game, started, players, time_control, at } = *taken;
            starting::start(&state, game, started, &players, &time_control).await?;
            Ok(Json(load_view(&state, &offer, at).await?))
        }
    }
}

/// `POST /api/seeks/{id}/leave`: a player who took a seat in a seek that is not full yet frees it.
pub async fn leave(
    State(state): State<AppState>,
    auth: Authenticated,
    Path(id): Path<Uuid>,
) -> Result<Json<Seek>, ApiError> {
    let row = find(&state, id).await?;
    let seek = offers::leave(&state, OfferKind::Seek, row, &auth.account, no_longer_open).await?;
    Ok(Json(announce_seats(&state, &seek).await?))
}

/// Tells the lobby's subscribers who is seated in an open seek now: the seek announced again replaces it.
async fn announce_seats(state: &AppState, row: &SeekRow) -> Result<Seek, ApiError> {
    let seek = load_view(state, row, now_ms()).await?;
    state.lobby.announce(ServerFrame::CorrespondenceSeekAdded { seek: seek.clone() }).await;
    Ok(seek)
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
        return Err(no_longer_open());
    }
    state.lobby.announce(ServerFrame::CorrespondenceSeekRemoved { seek_id: id, status: SeekStatus::Cancelled }).await;
    let cancelled = SeekRow { status: "cancelled".to_owned(), ..row };
    Ok(Json(load_view(&state, &cancelled, now_ms()).await?))
}

async fn find(state: &AppState, id: Uuid) -> Result<SeekRow, ApiError> {
    state.store.seek(id).await?.ok_or_else(|| ApiError::new(ErrorCode::UnknownSeek, "no such seek"))
}

async fn load_view(state: &AppState, row: &SeekRow, now: Millis) -> Result<Seek, ApiError> {
    let parties = offers::parties(state, row).await?;
    view(row, &parties, now)
}

/// The seek as players see it. In a game of two, `acceptor` is whoever took the other seat.
fn view(row: &SeekRow, parties: &Parties, now: Millis) -> Result<Seek, ApiError> {
    let status = match offers::standing(row, now) {
        Standing::Open => SeekStatus::Open,
        Standing::Expired => SeekStatus::Expired,
        Standing::Accepted => SeekStatus::Accepted,
        // A seek is never declined: only its creator closes it.
        Standing::Declined | Standing::Cancelled => SeekStatus::Cancelled,
    };
    let (ruleset, time_control) = offers::stored_terms(OfferKind::Seek, row)?;
    let seats = offers::stored_seat_count(OfferKind::Seek, row, &ruleset)?;
    Ok(Seek {
        id: row.id,
        creator: info(&parties.creator),
        acceptor: if seats == 2 { parties.joined.get(1).map(info) } else { None },
        seats,
        joined: parties.joined.iter().map(info).collect(),
        ruleset,
        time_control,
        colour: colour_choice(&row.colour),
        rated: row.rated,
        status,
        game_id: row.game_id,
        created_at_ms: row.created_at,
        expires_at_ms: row.expires_at,
    })
}

fn no_longer_open() -> ApiError {
    ApiError::new(ErrorCode::UnknownSeek, "the seek is no longer open")
}
