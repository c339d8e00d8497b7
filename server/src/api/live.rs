//! Games being played now, for spectators to pick from.

use axum::extract::State;
use axum::Json;
use kartka_protocol::rest::{GameList, MAX_LIVE_GAMES};
use kartka_protocol::ErrorCode;
use serde::Deserialize;

use super::games::summaries;
use super::ApiError;
use crate::api::input::Query;
use crate::state::AppState;
use crate::store::GameSearch;

/// Games listed unless the client asks otherwise.
const DEFAULT_LIMIT: u32 = 50;

/// The filter of `GET /api/games`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct Filter {
    status: String,
    /// Only correspondence games (`true`) or only live games (`false`); both when absent.
    correspondence: Option<bool>,
    /// How many games at most (default 50, at most 100).
    #[schemars(range(min = 1, max = MAX_LIVE_GAMES))]
    limit: Option<u32>,
}

/// `GET /api/games?status=active&correspondence=&limit=`: the games being played, newest first.
pub async fn list(State(state): State<AppState>, Query(filter): Query<Filter>) -> Result<Json<GameList>, ApiError> {
    if filter.status != "active" {
        return Err(ApiError::new(ErrorCode::InvalidRequest, "only status=active can be listed"));
    }
    let limit = filter.limit.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIVE_GAMES);
    // The archive's search reads one page through the (status, created_at, id) index, or with the
    // `correspondence` filter through the (status, correspondence, created_at, id) one.
    let newest_active = GameSearch {
        status: Some("active".to_owned()),
        correspondence: filter.correspondence,
        descending: true,
        ..GameSearch::default()
    };
    let rows = state.store.search_games(&newest_active, limit).await?.into_iter().map(|found| found.game).collect();
    Ok(Json(GameList { games: summaries(&state, rows).await?, next_before: None }))
}
