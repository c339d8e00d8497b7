//! The REST API: JSON in and out, errors as [`ErrorBody`](kartka_protocol::rest::ErrorBody) with a stable code.

mod accounts;
pub mod admin;
mod challenges;
mod error;
mod extract;
mod games;
mod input;
mod limits;
mod live;
mod notifications;
mod play;
mod ratings;
mod rematch;
mod seeks;
mod starting;
mod vacation;

use axum::extract::State;
use axum::http::header::{CACHE_CONTROL, X_CONTENT_TYPE_OPTIONS};
use axum::http::HeaderValue;
use axum::middleware;
use axum::response::Response;
use axum::routing::{get, post, put};
use axum::{Json, Router};
use kartka_protocol::rest::Health;
use kartka_protocol::PROTOCOL_VERSION;

pub use error::ApiError;
pub use extract::Authenticated;
pub use input::plain_json;

use crate::state::AppState;

/// The REST routes, each answering with [`api_headers`].
pub fn routes() -> Router<AppState> {
    api_routes().layer(middleware::map_response(api_headers))
}

/// Headers on every API response: `nosniff`, so that no browser takes a JSON body (which may echo what a
/// client sent) for a page or a script, and `no-store` unless the handler chose caching itself, since
/// answers are per account and change with every move.
pub async fn api_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.entry(CACHE_CONTROL).or_insert(HeaderValue::from_static("no-store"));
    response
}

fn api_routes() -> Router<AppState> {
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
        .merge(admin::routes())
        .route("/api/me/games", get(play::mine))
        .route("/api/games/{id}/moves", post(play::play))
        .route("/api/games/{id}/resign", post(play::resign))
        .route("/api/games/{id}/draw", post(play::draw))
        .route(
            "/api/games/{id}/conditional-moves",
            put(play::set_conditional_moves).get(play::conditional_moves).delete(play::clear_conditional_moves),
        )
        .route("/api/me/vacation", get(vacation::show).post(vacation::start).delete(vacation::end))
        .route("/api/me/notifications/settings", get(notifications::settings).put(notifications::save_settings))
        .route("/api/notifications", get(notifications::recent))
        .route("/api/notifications/stream", get(notifications::stream))
        .route("/api/seeks", post(seeks::create).get(seeks::list))
        .route("/api/seeks/{id}", get(seeks::show))
        .route("/api/seeks/{id}/accept", post(seeks::accept))
        .route("/api/seeks/{id}/cancel", post(seeks::cancel))
        .route("/api/games/{id}/rematch", post(rematch::offer))
}

/// `GET /healthz`: ok when the store answers.
async fn health(State(state): State<AppState>) -> Result<Json<Health>, ApiError> {
    state.store.ping().await?;
    Ok(Json(Health { status: "ok".into(), protocol: PROTOCOL_VERSION }))
}
