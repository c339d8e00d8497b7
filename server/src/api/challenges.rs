//! Challenges: to a named player, or an open link anyone may accept.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use kartka_protocol::rest::{Challenge, ChallengeList, ChallengeStatus, ColourChoice, CreateChallenge};
use kartka_protocol::{ErrorCode, ServerFrame, TimeControl};
use uuid::Uuid;

use super::starting::{self, account};
use super::{ApiError, Authenticated};
use crate::accounts::info;
use crate::api::input::{JsonBody, Path};
use crate::games::{convert, kinds, new_game};
use crate::state::AppState;
use crate::store::{AccountKind, AccountRow, ChallengeRow, Millis};
use crate::time::now_ms;

/// How long a challenge stays open unless the challenger says otherwise.
const DEFAULT_EXPIRY_SECONDS: u32 = 600;
/// The longest a challenge may stay open.
const MAX_EXPIRY_SECONDS: u32 = 7 * 24 * 3600;
/// How long a correspondence challenge stays open by default: its players are rarely online.
pub(super) const CORRESPONDENCE_DEFAULT_EXPIRY_SECONDS: u32 = 7 * 24 * 3600;
/// The longest a correspondence challenge may stay open.
pub(super) const CORRESPONDENCE_MAX_EXPIRY_SECONDS: u32 = 30 * 24 * 3600;

/// `POST /api/challenges`.
pub async fn create(
    State(state): State<AppState>,
    auth: Authenticated,
    JsonBody(request): JsonBody<CreateChallenge>,
) -> Result<(StatusCode, Json<Challenge>), ApiError> {
    kinds::ruleset(&request.ruleset).map_err(|e| ApiError::new(ErrorCode::InvalidRequest, e.to_string()))?;
    convert::validate_time_control(&request.time_control)
        .map_err(|e| ApiError::new(ErrorCode::InvalidRequest, e.to_string()))?;
    let (default_expiry, max_expiry) = if request.time_control.is_correspondence() {
        (CORRESPONDENCE_DEFAULT_EXPIRY_SECONDS, CORRESPONDENCE_MAX_EXPIRY_SECONDS)
    } else {
        (DEFAULT_EXPIRY_SECONDS, MAX_EXPIRY_SECONDS)
    };
    let expires_in = request.expires_in_seconds.unwrap_or(default_expiry);
    if !(1..=max_expiry).contains(&expires_in) {
        let message = format!("expires_in_seconds must be 1 to {max_expiry}");
        return Err(ApiError::new(ErrorCode::InvalidRequest, message));
    }
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
    let row = ChallengeRow {
        id: Uuid::new_v4(),
        challenger_id: auth.account.id,
        opponent_id: opponent.as_ref().map(|o| o.id),
        ruleset: serde_json::to_string(&request.ruleset).expect("rulesets serialise"),
        time_control: serde_json::to_string(&request.time_control).expect("time controls serialise"),
        colour: colour_text(request.colour).to_owned(),
        rated: request.rated,
        rematch_of: None,
        status: "open".to_owned(),
        game_id: None,
        created_at: now,
        expires_at: now + i64::from(expires_in) * 1000,
    };
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
        if row.challenger_id == auth.account.id {
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
    let id = row.id;
    if row.status != "open" || row.expires_at <= now_ms() {
        return Err(ApiError::new(ErrorCode::UnknownChallenge, "the challenge is no longer open"));
    }
    match row.opponent_id {
        Some(opponent) if opponent != me.id => {
            return Err(ApiError::new(ErrorCode::Forbidden, "this challenge is for another player"));
        }
        None if row.challenger_id == me.id => {
            return Err(ApiError::new(ErrorCode::InvalidRequest, "you cannot accept your own challenge"));
        }
        _ => {}
    }
    if row.rated && me.kind == AccountKind::Guest {
        return Err(registration_required());
    }
    let challenger = account(state, row.challenger_id).await?;
    if challenger.banned {
        // A banned account cannot start games, through a challenge it made before the ban either.
        return Err(ApiError::new(ErrorCode::UnknownChallenge, "the challenge is no longer open"));
    }
    let players = starting::seat(&challenger, me, &row.colour);
    let ruleset = serde_json::from_str(&row.ruleset).map_err(|_| corrupt(id))?;
    let time_control: TimeControl = serde_json::from_str(&row.time_control).map_err(|_| corrupt(id))?;
    let now = now_ms();
    let game_id = Uuid::new_v4();
    let rules = state.games.clock_rules();
    let (game, started) =
        new_game(game_id, players.clone(), ruleset, time_control, row.rated, rules, now).map_err(|_| corrupt(id))?;
    if !state.store.accept_challenge(id, me.id, &game, &started, now).await? {
        return Err(ApiError::new(ErrorCode::UnknownChallenge, "the challenge is no longer open"));
    }
    let accepted =
        ChallengeRow { status: "accepted".to_owned(), game_id: Some(game_id), opponent_id: Some(me.id), ..row };
    let challenge = view(&accepted, &challenger, Some(me), now)?;
    for account in [challenger.id, me.id] {
        state.connections.notify(account, &ServerFrame::ChallengeUpdated { challenge: challenge.clone() });
    }
    starting::start(state, game_id, &players, &time_control).await?;
    if let Some(played) = accepted.rematch_of {
        state.games.announce_rematch(played, game_id).await;
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
    if row.opponent_id != Some(auth.account.id) {
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
    if row.challenger_id != auth.account.id {
        return Err(ApiError::new(ErrorCode::Forbidden, "only the challenger can cancel"));
    }
    close(&state, row, "cancelled").await
}

async fn close(state: &AppState, row: ChallengeRow, status: &str) -> Result<Json<Challenge>, ApiError> {
    let now = now_ms();
    if !state.store.close_challenge(row.id, status, now).await? {
        return Err(ApiError::new(ErrorCode::UnknownChallenge, "the challenge is no longer open"));
    }
    let closed = ChallengeRow { status: status.to_owned(), ..row };
    let challenge = load_view(state, &closed, now).await?;
    for account in [Some(closed.challenger_id), closed.opponent_id].into_iter().flatten() {
        state.connections.notify(account, &ServerFrame::ChallengeUpdated { challenge: challenge.clone() });
    }
    Ok(Json(challenge))
}

async fn find(state: &AppState, id: Uuid) -> Result<ChallengeRow, ApiError> {
    state.store.challenge(id).await?.ok_or_else(|| ApiError::new(ErrorCode::UnknownChallenge, "no such challenge"))
}

pub(super) async fn load_view(state: &AppState, row: &ChallengeRow, now: Millis) -> Result<Challenge, ApiError> {
    let challenger = account(state, row.challenger_id).await?;
    let opponent = match row.opponent_id {
        Some(id) => Some(account(state, id).await?),
        None => None,
    };
    view(row, &challenger, opponent.as_ref(), now)
}

pub(super) fn view(
    row: &ChallengeRow,
    challenger: &AccountRow,
    opponent: Option<&AccountRow>,
    now: Millis,
) -> Result<Challenge, ApiError> {
    let status = match row.status.as_str() {
        "open" if row.expires_at <= now => ChallengeStatus::Expired,
        "open" => ChallengeStatus::Open,
        "accepted" => ChallengeStatus::Accepted,
        "declined" => ChallengeStatus::Declined,
        "cancelled" => ChallengeStatus::Cancelled,
        _ => ChallengeStatus::Expired,
    };
    Ok(Challenge {
        id: row.id,
        challenger: info(challenger),
        opponent: opponent.map(info),
        ruleset: serde_json::from_str(&row.ruleset).map_err(|_| corrupt(row.id))?,
        time_control: serde_json::from_str(&row.time_control).map_err(|_| corrupt(row.id))?,
        colour: colour_choice(&row.colour),
        rated: row.rated,
        rematch_of: row.rematch_of,
        status,
        game_id: row.game_id,
        created_at_ms: row.created_at,
        expires_at_ms: row.expires_at,
    })
}

/// The colour choice for its stored text.
pub(super) fn colour_choice(text: &str) -> ColourChoice {
    match text {
        "first" => ColourChoice::First,
        "second" => ColourChoice::Second,
        _ => ColourChoice::Random,
    }
}

/// The stored text of a colour choice.
pub(super) fn colour_text(colour: ColourChoice) -> &'static str {
    match colour {
        ColourChoice::First => "first",
        ColourChoice::Second => "second",
        ColourChoice::Random => "random",
    }
}

fn corrupt(id: Uuid) -> ApiError {
    tracing::error!(challenge = %id, "stored challenge does not parse");
    ApiError::new(ErrorCode::Internal, "the challenge record is damaged")
}

/// A guest asked for a rated game, as a challenge or a correspondence seek.
pub(super) fn registration_required() -> ApiError {
    ApiError::new(ErrorCode::RegistrationRequired, "rated games need registered accounts; guests play casual games")
}
