//! The REST API: JSON in and out, errors as [`ErrorBody`](kartka_protocol::rest::ErrorBody) with a stable code.

mod accounts;
mod challenges;
mod error;
mod extract;
mod games;
mod live;
mod ratings;
mod rematch;

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use kartka_protocol::rest::Health;
use kartka_protocol::PROTOCOL_VERSION;

pub use error::ApiError;
pub use extract::Authenticated;

use crate::state::AppState;

/// The REST routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(health))
        .route("/api/guest", post(accounts::guest))
        .route("/api/register", post(accounts::register))
        .route("/api/login", post(accounts::login))
        .route("/api/logout", post(accounts::logout))
        .route("/api/me", get(accounts::me))
        .route("/api/challenges", post(challenges::create).get(challenges::list))
        .route("/api/challenges/{id}", get(challenges::show))
        .route("/api/challenges/{id}/accept", post(challenges::accept))
        .route("/api/challenges/{id}/decline", post(challenges::decline))
        .route("/api/challenges/{id}/cancel", post(challenges::cancel))
        .route("/api/players/{name}", get(ratings::profile))
        .route("/api/players/{name}/games", get(games::of_player))
        .route("/api/games", get(live::list))
        .route("/api/leaderboard/{kind}", get(ratings::leaderboard))
        .route("/api/games/{id}", get(games::show))
        .route("/api/games/{id}/record", get(games::record))
        .route("/api/games/{id}/rematch", post(rematch::offer))
}

/// `GET /healthz`: ok when the store answers.
async fn health(State(state): State<AppState>) -> Result<Json<Health>, ApiError> {
    state.store.ping().await?;
    Ok(Json(Health { status: "ok".into(), protocol: PROTOCOL_VERSION }))
}
