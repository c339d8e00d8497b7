//! Finding players and reading about them beyond the profile: search by name, who is online, a rating's
//! history, and the viewer's results against a player.

use axum::extract::State;
use axum::Json;
use kartka_protocol::rest::{
    PlayerList, RatingHistory, RatingPoint, ResultCounts, Versus, MAX_PLAYER_SEARCH, MAX_PREFIX_CHARS,
};
use kartka_protocol::{ErrorCode, GameEvent, GameKindName, SeatName, SpeedClass};
use serde::Deserialize;

use super::extract::Authenticated;
use super::ApiError;
use crate::accounts::info;
use crate::api::input::{Path, Query};
use crate::games::convert::{speed_from_text, speed_text};
use crate::state::AppState;
use crate::store::{AccountRow, RatedEnd};

/// Names a search returns unless the client asks otherwise.
const DEFAULT_SEARCH: u32 = 20;
/// The most accounts the online list shows.
const MAX_ONLINE: usize = 200;

/// A player search.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct Search {
    /// The start of the name, in any letter case (1–32 characters).
    #[schemars(length(min = 1, max = MAX_PREFIX_CHARS))]
    prefix: String,
    /// How many names at most (default 20, at most 100).
    #[schemars(range(min = 1, max = MAX_PLAYER_SEARCH))]
    limit: Option<u32>,
}

/// `GET /api/players?prefix=al&limit=20`: accounts whose names start so, by name (imported players and banned
/// accounts left out).
pub async fn search(State(state): State<AppState>, Query(search): Query<Search>) -> Result<Json<PlayerList>, ApiError> {
    let length = search.prefix.chars().count();
    if !(1..=MAX_PREFIX_CHARS).contains(&length) {
        return Err(ApiError::new(ErrorCode::InvalidRequest, "prefix must be 1–32 characters"));
    }
    let limit = search.limit.unwrap_or(DEFAULT_SEARCH).clamp(1, MAX_PLAYER_SEARCH);
    let accounts = state.store.accounts_by_prefix(&search.prefix, limit).await?;
    Ok(Json(PlayerList { players: accounts.iter().map(info).collect() }))
}

/// `GET /api/online`: accounts with an open connection now, on any node, by name (at most 200).
pub async fn online(State(state): State<AppState>) -> Result<Json<PlayerList>, ApiError> {
    let ids = state.connections.online().await?;
    let mut accounts = state.store.accounts_by_ids(&ids).await?;
    accounts.sort_by_key(|account| account.name.to_lowercase());
    accounts.truncate(MAX_ONLINE);
    Ok(Json(PlayerList { players: accounts.iter().map(info).collect() }))
}

/// Which rating's history.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct HistoryQuery {
    /// The game kind (its name, e.g. `paper-soccer`).
    kind: String,
    /// The speed class (default `blitz`).
    speed: Option<String>,
}

/// `GET /api/players/{name}/rating-history?kind=paper-soccer&speed=blitz`: the rating after each rated game
/// that changed it, oldest first.
pub async fn rating_history(
    State(state): State<AppState>,
    Path(name): Path<String>,
    Query(query): Query<HistoryQuery>,
) -> Result<Json<RatingHistory>, ApiError> {
    let player = player_named(&state, &name).await?;
    let kind: GameKindName = serde_json::from_value(serde_json::Value::String(query.kind.clone()))
        .map_err(|_| ApiError::new(ErrorCode::InvalidRequest, "unknown game kind"))?;
    let speed = match query.speed.as_deref() {
        None => SpeedClass::Blitz,
        Some(text) => speed_from_text(text).ok_or_else(|| {
            ApiError::new(ErrorCode::InvalidRequest, "speed must be bullet, blitz, rapid or classical")
        })?,
    };
    let ends = state.store.rated_ends(player.id, &query.kind, speed_text(speed)).await?;
    let points = ends.iter().filter_map(|end| point(end, &player)).collect();
    Ok(Json(RatingHistory { kind, speed, points }))
}

/// The player's rating after the game `end` finished, if the end changed it.
fn point(end: &RatedEnd, player: &AccountRow) -> Option<RatingPoint> {
    let seat = end.players.iter().position(|&id| id == player.id).and_then(SeatName::from_index)?;
    let event: GameEvent = match serde_json::from_str(&end.payload) {
        Ok(event) => event,
        Err(error) => {
            tracing::error!(game = %end.game_id, %error, "a stored end event does not parse");
            return None;
        }
    };
    let (GameEvent::Ended { rating_changes, .. } | GameEvent::Adjudicated { rating_changes, .. }) = event else {
        return None;
    };
    let change = rating_changes.into_iter().find(|change| change.seat == seat)?;
    Some(RatingPoint {
        game_id: end.game_id,
        at_ms: end.at,
        rating: change.rating_after,
        provisional: change.provisional,
    })
}

/// `GET /api/players/{name}/versus`: the viewer's results against that player.
pub async fn versus(
    viewer: Authenticated,
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<Json<Versus>, ApiError> {
    let opponent = player_named(&state, &name).await?;
    let counts = state.store.results_between(viewer.account.id, opponent.id).await?;
    let count = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
    Ok(Json(Versus {
        opponent: info(&opponent),
        results: ResultCounts {
            finished: count(counts.finished),
            wins: count(counts.wins),
            losses: count(counts.losses),
            draws: count(counts.draws),
            aborted: count(counts.aborted),
            active: count(counts.active),
        },
    }))
}

/// The account of this name, or `unknown_player`.
pub(super) async fn player_named(state: &AppState, name: &str) -> Result<AccountRow, ApiError> {
    state
        .store
        .account_by_name(name)
        .await?
        .ok_or_else(|| ApiError::new(ErrorCode::UnknownPlayer, "no player with that name"))
}
