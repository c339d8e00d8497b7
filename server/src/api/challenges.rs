//! Challenges: to named players, or an open link anyone may accept. A challenge is an open offer of a game
//! (`offers.rs`); what is its own is the players it may be for, their decline, and the rematch it may be.
//!
//! A game of two names its one opponent (`opponent`); a game of more seats names every other seat's player
//! (`invited`), or nobody, for an open link that fills seat by seat. Each invited player accepts and takes a seat,
//! any of them declining closes the challenge, and the last acceptance starts the game.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use kartka_protocol::rest::{Challenge, ChallengeList, ChallengeStatus, CreateChallenge};
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
use crate::store::{AccountKind, AccountRow, ChallengeRow, Millis, OfferKind, OfferRow};
use crate::time::now_ms;

/// `POST /api/challenges`.
pub async fn create(
    State(state): State<AppState>,
    auth: Authenticated,
    JsonBody(request): JsonBody<CreateChallenge>,
) -> Result<(StatusCode, Json<Challenge>), ApiError> {
    let invalid = |message: String| ApiError::new(ErrorCode::InvalidRequest, message);
    let seats = seat_count(&request.ruleset)?;
    convert::validate_time_control(&request.time_control).map_err(|e| invalid(e.to_string()))?;
    let expires_in = offers::expiry_seconds(&request.time_control, request.expires_in_seconds)?;
    let names = match (&request.opponent, request.invited.as_slice()) {
        (Some(_), [_, ..]) => return Err(invalid("name the opponent or the invited players, not both".to_owned())),
        (Some(_), []) if seats != 2 => {
            return Err(invalid(format!("a game of {seats} seats names its players in invited")));
        }
        (Some(name), []) => std::slice::from_ref(name),
        (None, names) => names,
    };
    if !names.is_empty() && names.len() != seats - 1 {
        let message = format!("a game of {seats} seats invites {} players, or none for an open link", seats - 1);
        return Err(invalid(message));
    }
    let mut invited: Vec<AccountRow> = Vec::with_capacity(names.len());
    for name in names {
        let player = state
            .store
            .account_by_name(name)
            .await?
            .ok_or_else(|| ApiError::new(ErrorCode::UnknownPlayer, "no player with that name"))?;
        if player.id == auth.account.id {
            return Err(invalid("you cannot challenge yourself".to_owned()));
        }
        if invited.iter().any(|other| other.id == player.id) {
            return Err(invalid("each invited player takes one seat: name them once".to_owned()));
        }
        invited.push(player);
    }
    let guest_plays =
        auth.account.kind == AccountKind::Guest || invited.iter().any(|player| player.kind == AccountKind::Guest);
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
    let invited_ids: Vec<Uuid> = invited.iter().map(|player| player.id).collect();
    let offer = offers::open_offer(auth.account.id, &invited_ids, terms, expires_in, now);
    let row = ChallengeRow { offer, rematch_of: None };
    state.store.insert_challenge(&row).await?;
    let parties = Parties { creator: auth.account.clone(), invited, joined: vec![auth.account.clone()] };
    let challenge = view(&row, &parties, now)?;
    for player in &parties.invited {
        state.connections.notify(player.id, &ServerFrame::ChallengeUpdated { challenge: challenge.clone() });
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

/// `POST /api/challenges/{id}/accept`: takes a seat; the last seat taken starts the game.
pub async fn accept(
    State(state): State<AppState>,
    auth: Authenticated,
    Path(id): Path<Uuid>,
) -> Result<Json<Challenge>, ApiError> {
    let row = find(&state, id).await?;
    Ok(Json(accept_open(&state, row, &auth.account).await?))
}

/// Takes a seat in a challenge for `me`, tells everyone in it, and starts the game once every seat is taken.
pub(super) async fn accept_open(state: &AppState, row: ChallengeRow, me: &AccountRow) -> Result<Challenge, ApiError> {
    let may_take = |offer: &OfferRow| {
        if !offer.invited().is_empty() && !offer.invites(me.id) {
            return Err(ApiError::new(ErrorCode::Forbidden, "this challenge is for other players"));
        }
        if offer.creator_id == me.id {
            return Err(ApiError::new(ErrorCode::InvalidRequest, "you cannot accept your own challenge"));
        }
        Ok(())
    };
    let rematch_of = row.rematch_of;
    let took = offers::take(state, OfferKind::Challenge, row.offer, me, may_take, no_longer_open).await?;
    let (offer, started) = match took {
        Took::Joined(offer) => (offer, None),
        Took::Started(taken) => {
            let Taken { offer, game, started, players, time_control, .. } = *taken;
            (offer, Some((game, started, players, time_control)))
        }
    };
    let now = now_ms();
    let row = ChallengeRow { offer, rematch_of };
    let parties = offers::parties_knowing(state, &row.offer, &[me]).await?;
    let challenge = view(&row, &parties, now)?;
    for account in parties.accounts() {
        state.connections.notify(account, &ServerFrame::ChallengeUpdated { challenge: challenge.clone() });
    }
    if let Some((game, started, players, time_control)) = started {
        let game_id = starting::start(state, game, started, &players, &time_control).await?;
        if let Some(played) = rematch_of {
            state.games.announce_rematch(played, game_id).await;
        }
    }
    Ok(challenge)
}

/// `POST /api/challenges/{id}/decline`: an invited player says no, which closes the challenge for everyone.
pub async fn decline(
    State(state): State<AppState>,
    auth: Authenticated,
    Path(id): Path<Uuid>,
) -> Result<Json<Challenge>, ApiError> {
    let row = find(&state, id).await?;
    if !row.offer.invites(auth.account.id) {
        return Err(ApiError::new(ErrorCode::Forbidden, "only a challenged player can decline"));
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
    let parties = offers::parties(state, &closed.offer).await?;
    let challenge = view(&closed, &parties, now)?;
    for account in parties.accounts() {
        state.connections.notify(account, &ServerFrame::ChallengeUpdated { challenge: challenge.clone() });
    }
    Ok(Json(challenge))
}

async fn find(state: &AppState, id: Uuid) -> Result<ChallengeRow, ApiError> {
    state.store.challenge(id).await?.ok_or_else(|| ApiError::new(ErrorCode::UnknownChallenge, "no such challenge"))
}

pub(super) async fn load_view(state: &AppState, row: &ChallengeRow, now: Millis) -> Result<Challenge, ApiError> {
    let parties = offers::parties(state, &row.offer).await?;
    view(row, &parties, now)
}

/// The challenge as players see it. In a game of two, `opponent` is its one other player, invited or joined.
pub(super) fn view(row: &ChallengeRow, parties: &Parties, now: Millis) -> Result<Challenge, ApiError> {
    let offer = &row.offer;
    let status = match offers::standing(offer, now) {
        Standing::Open => ChallengeStatus::Open,
        Standing::Expired => ChallengeStatus::Expired,
        Standing::Accepted => ChallengeStatus::Accepted,
        Standing::Declined => ChallengeStatus::Declined,
        Standing::Cancelled => ChallengeStatus::Cancelled,
    };
    let (ruleset, time_control) = offers::stored_terms(OfferKind::Challenge, offer)?;
    let seats = offers::stored_seat_count(OfferKind::Challenge, offer, &ruleset)?;
    let opponent = if seats == 2 { parties.invited.first().or(parties.joined.get(1)).map(info) } else { None };
    Ok(Challenge {
        id: offer.id,
        challenger: info(&parties.creator),
        opponent,
        seats,
        invited: parties.invited.iter().map(info).collect(),
        joined: parties.joined.iter().map(info).collect(),
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
