//! Challenges: to a named player, or an open link anyone may accept. A challenge is an open offer of a game
//! (`offers.rs`); what is its own is the player it may be for, their decline, and the rematch it may be.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use kartka_protocol::rest::{Challenge, ChallengeList, ChallengeStatus, CreateChallenge};
use kartka_protocol::{ErrorCode, ServerFrame};
use uuid::Uuid;

use super::offers::{self, colour_choice, registration_required, Standing, Terms};
use super::starting;
use super::{ApiError, Authenticated};
use crate::accounts::info;
use crate::api::input::{JsonBody, Path};
use crate::games::convert;
use crate::games::seats::refuse_stored_offer_of_many_seats;
use crate::state::AppState;
use crate::store::{AccountKind, AccountRow, ChallengeRow, Millis, OfferKind, OfferRow};
use crate::time::now_ms;

/// `POST /api/challenges`.
pub async fn create(
    State(state): State<AppState>,
    auth: Authenticated,
    JsonBody(request): JsonBody<CreateChallenge>,
) -> Result<(StatusCode, Json<Challenge>), ApiError> {
    refuse_stored_offer_of_many_seats(&request.ruleset)
        .map_err(|e| ApiError::new(ErrorCode::InvalidRequest, e.to_string()))?;
    convert::validate_time_control(&request.time_control)
        .map_err(|e| ApiError::new(ErrorCode::InvalidRequest, e.to_string()))?;
    let expires_in = offers::expiry_seconds(&request.time_control, request.expires_in_seconds)?;
    let opponent = match &request.opponent {
        Some(name) => {
            let opponent = state
                .store
                .account_by_name(name)
                .await?
                .ok_or_else(|| ApiError::new(ErrorCode::UnknownPlayer, "no player with that name"))?;
            if opponent.id == auth.account.id {
                return Err(ApiError::new(ErrorCode::InvalidRequest, "you cannot challenge yourself"));
            }
            Some(opponent)
        }
        None => None,
    };
    let guest_plays = auth.account.kind == AccountKind::Guest
        || opponent.as_ref().is_some_and(|opponent| opponent.kind == AccountKind::Guest);
    if request.rated && guest_plays {
        return Err(registration_required());
    }
    let now = now_ms();
    let terms = Terms {
        ruleset: &request.ruleset,
        time_control: &request.time_control,
        colour: request.colour,
        rated: request.rated,
    };
    let offer = offers::open_offer(auth.account.id, opponent.as_ref().map(|o| o.id), terms, expires_in, now);
    let row = ChallengeRow { offer, rematch_of: None };
    state.store.insert_challenge(&row).await?;
    let challenge = view(&row, &auth.account, opponent.as_ref(), now)?;
    if let Some(opponent) = &opponent {
        state.connections.notify(opponent.id, &ServerFrame::ChallengeUpdated { challenge: challenge.clone() });
    }
    Ok((StatusCode::CREATED, Json(challenge)))
}

/// `GET /api/challenges`: my open challenges, both ways.
pub async fn list(State(state): State<AppState>, auth: Authenticated) -> Result<Json<ChallengeList>, ApiError> {
    let now = now_ms();
    let mut list = ChallengeList { incoming: Vec::new(), outgoing: Vec::new() };
    for row in state.store.open_challenges_of(auth.account.id, now).await? {
        let challenge = load_view(&state, &row, now).await?;
        if row.offer.creator_id == auth.account.id {
            list.outgoing.push(challenge);
        } else {
            list.incoming.push(challenge);
        }
    }
    Ok(Json(list))
}

/// `GET /api/challenges/{id}`: a challenge, for anyone holding its id (the open link).
pub async fn show(
    State(state): State<AppState>,
    _auth: Authenticated,
    Path(id): Path<Uuid>,
) -> Result<Json<Challenge>, ApiError> {
    let row = find(&state, id).await?;
    Ok(Json(load_view(&state, &row, now_ms()).await?))
}

/// `POST /api/challenges/{id}/accept`: starts the game.
pub async fn accept(
    State(state): State<AppState>,
    auth: Authenticated,
    Path(id): Path<Uuid>,
) -> Result<Json<Challenge>, ApiError> {
    let row = find(&state, id).await?;
    Ok(Json(accept_open(&state, row, &auth.account).await?))
}

/// Accepts a challenge for `me`: starts the game and tells both players.
pub(super) async fn accept_open(state: &AppState, row: ChallengeRow, me: &AccountRow) -> Result<Challenge, ApiError> {
    let may_take = |offer: &OfferRow| match offer.taker_id {
        Some(opponent) if opponent != me.id => {
            Err(ApiError::new(ErrorCode::Forbidden, "this challenge is for another player"))
        }
        None if offer.creator_id == me.id => {
            Err(ApiError::new(ErrorCode::InvalidRequest, "you cannot accept your own challenge"))
        }
        _ => Ok(()),
    };
    let taken = offers::take(state, OfferKind::Challenge, row.offer, me, may_take, no_longer_open).await?;
    let accepted = ChallengeRow { offer: taken.offer, rematch_of: row.rematch_of };
    let challenge = view(&accepted, &taken.creator, Some(me), taken.at)?;
    for account in [taken.creator.id, me.id] {
        state.connections.notify(account, &ServerFrame::ChallengeUpdated { challenge: challenge.clone() });
    }
    starting::start(state, taken.game_id, &taken.players, &taken.time_control).await?;
    if let Some(played) = accepted.rematch_of {
        state.games.announce_rematch(played, taken.game_id).await;
    }
    Ok(challenge)
}

/// `POST /api/challenges/{id}/decline`: the challenged player says no.
pub async fn decline(
    State(state): State<AppState>,
    auth: Authenticated,
    Path(id): Path<Uuid>,
) -> Result<Json<Challenge>, ApiError> {
    let row = find(&state, id).await?;
    if row.offer.taker_id != Some(auth.account.id) {
        return Err(ApiError::new(ErrorCode::Forbidden, "only the challenged player can decline"));
    }
    close(&state, row, "declined").await
}

/// `POST /api/challenges/{id}/cancel`: the challenger withdraws.
pub async fn cancel(
    State(state): State<AppState>,
    auth: Authenticated,
    Path(id): Path<Uuid>,
) -> Result<Json<Challenge>, ApiError> {
    let row = find(&state, id).await?;
    if row.offer.creator_id != auth.account.id {
        return Err(ApiError::new(ErrorCode::Forbidden, "only the challenger can cancel"));
    }
    close(&state, row, "cancelled").await
}

async fn close(state: &AppState, row: ChallengeRow, status: &str) -> Result<Json<Challenge>, ApiError> {
    let now = now_ms();
    if !state.store.close_challenge(row.offer.id, status, now).await? {
        return Err(no_longer_open());
    }
    let closed = ChallengeRow { offer: OfferRow { status: status.to_owned(), ..row.offer }, ..row };
    let challenge = load_view(state, &closed, now).await?;
    for account in [Some(closed.offer.creator_id), closed.offer.taker_id].into_iter().flatten() {
        state.connections.notify(account, &ServerFrame::ChallengeUpdated { challenge: challenge.clone() });
    }
    Ok(Json(challenge))
}

async fn find(state: &AppState, id: Uuid) -> Result<ChallengeRow, ApiError> {
    state.store.challenge(id).await?.ok_or_else(|| ApiError::new(ErrorCode::UnknownChallenge, "no such challenge"))
}

pub(super) async fn load_view(state: &AppState, row: &ChallengeRow, now: Millis) -> Result<Challenge, ApiError> {
    let (challenger, opponent) = offers::parties(state, &row.offer).await?;
    view(row, &challenger, opponent.as_ref(), now)
}

pub(super) fn view(
    row: &ChallengeRow,
    challenger: &AccountRow,
    opponent: Option<&AccountRow>,
    now: Millis,
) -> Result<Challenge, ApiError> {
    let offer = &row.offer;
    let status = match offers::standing(offer, now) {
        Standing::Open => ChallengeStatus::Open,
        Standing::Expired => ChallengeStatus::Expired,
        Standing::Accepted => ChallengeStatus::Accepted,
        Standing::Declined => ChallengeStatus::Declined,
        Standing::Cancelled => ChallengeStatus::Cancelled,
    };
    let (ruleset, time_control) = offers::stored_terms(OfferKind::Challenge, offer)?;
    Ok(Challenge {
        id: offer.id,
        challenger: info(challenger),
        opponent: opponent.map(info),
        ruleset,
        time_control,
        colour: colour_choice(&offer.colour),
        rated: offer.rated,
        rematch_of: row.rematch_of,
        status,
        game_id: offer.game_id,
        created_at_ms: offer.created_at,
        expires_at_ms: offer.expires_at,
    })
}

fn no_longer_open() -> ApiError {
    ApiError::new(ErrorCode::UnknownChallenge, "the challenge is no longer open")
}
