//! The REST API: JSON in and out, errors as [`ErrorBody`](kartka_protocol::rest::ErrorBody) with a stable code.

mod accounts;
pub mod admin;
mod analysis;
mod bots;
mod challenges;
mod error;
mod explorer;
mod extract;
mod games;
mod input;
pub(crate) mod limits;
mod live;
mod notifications;
mod offers;
pub mod openapi;
mod play;
mod players;
mod ratings;
mod rematch;
mod reports;
mod seeks;
mod starting;
mod tracks;
pub mod uri_limit;
mod vacation;

use aide::axum::routing::{get_with, post_with, put_with};
use aide::axum::ApiRouter;
use aide::openapi::OpenApi;
use axum::extract::State;
use axum::http::header::{CACHE_CONTROL, X_CONTENT_TYPE_OPTIONS};
use axum::http::HeaderValue;
use axum::middleware;
use axum::response::Response;
use axum::{Json, Router};
use kartka_protocol::correspondence::Seek;
use kartka_protocol::report::Report;
use kartka_protocol::rest::{Challenge, Health, Session};
use kartka_protocol::PROTOCOL_VERSION;

pub use error::ApiError;
pub use extract::Authenticated;
pub use input::plain_json;

use crate::state::AppState;

/// The REST API as the app mounts it, each route answering with [`api_headers`].
pub struct Rest {
    /// Every route but the admin import.
    pub routes: Router<AppState>,
    /// The admin import, apart because its body limit is its own, far above the app's default.
    pub import: Router<AppState>,
    /// The OpenAPI document of both, as `/api/openapi.json` serves it.
    pub document: OpenApi,
}

/// The REST routes and their OpenAPI document, built from the same registrations; the admin import takes
/// bodies of up to `import_max_bytes`.
pub fn rest(import_max_bytes: usize) -> Rest {
    let mut document = openapi::document();
    let routes = api_routes().layer(middleware::map_response(api_headers)).finish_api(&mut document);
    let import =
        admin::import_routes(import_max_bytes).layer(middleware::map_response(api_headers)).finish_api(&mut document);
    Rest { routes, import, document: openapi::finish(document) }
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

fn api_routes() -> ApiRouter<AppState> {
    use openapi::{created, doc, file, no_content};
    ApiRouter::new()
        .api_route("/healthz", get_with(health, doc("accounts", "Whether the server and its database answer")))
        .api_route("/api/guest", post_with(accounts::guest, doc("accounts", "A guest account and its session")))
        .api_route(
            "/api/register",
            post_with(accounts::register, created::<Session>("accounts", "A registered account and its session")),
        )
        .api_route("/api/login", post_with(accounts::login, doc("accounts", "A new session for a registered account")))
        .api_route(
            "/api/logout",
            post_with(accounts::logout, no_content("accounts", "Ends the session and closes its WebSockets")),
        )
        .api_route("/api/me", get_with(accounts::me, doc("accounts", "The signed-in account and its role now")))
        .api_route(
            "/api/challenges",
            post_with(challenges::create, created::<Challenge>("challenges", "Challenge a player, or open a link"))
                .get_with(challenges::list, doc("challenges", "My open challenges, incoming and outgoing")),
        )
        .api_route("/api/challenges/{id}", get_with(challenges::show, doc("challenges", "One challenge")))
        .api_route(
            "/api/challenges/{id}/accept",
            post_with(
                challenges::accept,
                doc("challenges", "Accept: take my seat; the last seat taken starts the game"),
            ),
        )
        .api_route(
            "/api/challenges/{id}/decline",
            post_with(challenges::decline, doc("challenges", "Decline a challenge to me")),
        )
        .api_route(
            "/api/challenges/{id}/cancel",
            post_with(challenges::cancel, doc("challenges", "Withdraw my challenge")),
        )
        .api_route(
            "/api/players/{name}",
            get_with(ratings::profile, doc("players", "A player's profile: ratings and results")),
        )
        .api_route(
            "/api/players/{name}/games",
            get_with(games::of_player, doc("players", "A player's games, newest first")),
        )
        .api_route(
            "/api/players/{name}/rating-history",
            get_with(players::rating_history, doc("players", "How a player's rating moved, game by game")),
        )
        .api_route(
            "/api/players/{name}/versus",
            get_with(players::versus, doc("players", "My results against a player")),
        )
        .api_route(
            "/api/explorer",
            get_with(explorer::position, doc("games", "The turns finished games played from an opening position")),
        )
        .api_route("/api/players", get_with(players::search, doc("players", "Players whose names start so")))
        .api_route("/api/online", get_with(players::online, doc("players", "The players connected now")))
        .api_route("/api/games", get_with(live::list, doc("games", "The games being played")))
        .api_route("/api/bots", get_with(bots::list, doc("players", "The built-in bot's accounts, one per level")))
        .api_route("/api/tracks/{hash}", get_with(tracks::show, doc("games", "A Racetrack track's map, by its hash")))
        .api_route(
            "/api/leaderboard/{kind}",
            get_with(ratings::leaderboard, doc("players", "The best ratings of a game kind")),
        )
        .api_route(
            "/api/analysis/suggestion",
            post_with(analysis::suggestion, doc("analysis", "The bot's turn and evaluation in any position")),
        )
        .api_route("/api/games/{id}", get_with(games::show, doc("games", "A game with every move")))
        .api_route(
            "/api/games/{id}/record",
            get_with(games::record, file("games", "The game as a record file of its kind", "text/plain")),
        )
        .merge(admin::routes())
        .api_route("/api/me/games", get_with(play::mine, doc("games", "My active games, my turn first")))
        .api_route("/api/games/{id}/moves", post_with(play::play, doc("games", "Play a move (correspondence or live)")))
        .api_route("/api/games/{id}/resign", post_with(play::resign, doc("games", "Resign")))
        .api_route("/api/games/{id}/draw", post_with(play::draw, doc("games", "Offer, accept or decline a draw")))
        .api_route(
            "/api/games/{id}/agreed-end",
            post_with(play::agreed_end, doc("games", "Offer, accept or decline to end the game scored by its rules")),
        )
        .api_route(
            "/api/games/{id}/conditional-moves",
            put_with(play::set_conditional_moves, doc("correspondence", "Set my conditional moves"))
                .get_with(play::conditional_moves, doc("correspondence", "My conditional moves"))
                .delete_with(play::clear_conditional_moves, doc("correspondence", "Clear my conditional moves")),
        )
        .api_route(
            "/api/me/vacation",
            get_with(vacation::show, doc("correspondence", "My vacation bank and current vacation"))
                .post_with(vacation::start, doc("correspondence", "Start a vacation"))
                .delete_with(vacation::end, doc("correspondence", "End my vacation early")),
        )
        .api_route(
            "/api/me/notifications/settings",
            get_with(notifications::settings, doc("correspondence", "My reminder and webhook settings")).put_with(
                notifications::save_settings,
                doc("correspondence", "Change my reminder and webhook settings"),
            ),
        )
        .api_route(
            "/api/me/language",
            put_with(notifications::save_language, doc("correspondence", "The language of my notifications")),
        )
        .api_route(
            "/api/me/notifications/test",
            post_with(notifications::test_webhook, doc("correspondence", "Send a test notification to my webhook")),
        )
        .api_route(
            "/api/notifications",
            get_with(notifications::recent, doc("correspondence", "My recent notifications")),
        )
        .api_route(
            "/api/notifications/stream",
            get_with(
                notifications::stream,
                file("correspondence", "My notifications as they happen", "application/x-ndjson"),
            ),
        )
        .api_route(
            "/api/seeks",
            post_with(seeks::create, created::<Seek>("seeks", "Open a seek"))
                .get_with(seeks::list, doc("seeks", "The open seeks")),
        )
        .api_route("/api/seeks/{id}", get_with(seeks::show, doc("seeks", "One seek")))
        .api_route(
            "/api/seeks/{id}/accept",
            post_with(seeks::accept, doc("seeks", "Take a seat in a seek: the last seat taken starts the game")),
        )
        .api_route(
            "/api/seeks/{id}/leave",
            post_with(seeks::leave, doc("seeks", "Leave the seat I took in a seek that is not full yet")),
        )
        .api_route("/api/seeks/{id}/cancel", post_with(seeks::cancel, doc("seeks", "Withdraw my seek")))
        .api_route(
            "/api/games/{id}/rematch",
            post_with(rematch::offer, created::<Challenge>("challenges", "Offer the other players a rematch")),
        )
        .api_route(
            "/api/reports",
            post_with(
                reports::create,
                created::<Report>("players", "Report a chat message or an account to the admins"),
            ),
        )
}

/// `GET /healthz`: ok when the store answers.
async fn health(State(state): State<AppState>) -> Result<Json<Health>, ApiError> {
    state.store.ping().await?;
    Ok(Json(Health { status: "ok".into(), protocol: PROTOCOL_VERSION }))
}
