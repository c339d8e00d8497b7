//! The kartka game server: REST and WebSocket over axum, one actor per game, storage behind [`store::Store`].
//!
//! Entry points: [`app`] builds the router over an [`AppState`]; [`run`] serves it on a listener until a
//! shutdown signal, then closes every WebSocket (1001), lets every game finish its pending write, and waits
//! for all tasks.

pub mod abuse;
pub mod accounts;
pub mod admin;
pub mod api;
pub mod auth;
pub mod bot_client;
pub mod builtin_bot;
pub mod chat;
pub mod cli;
pub mod cluster;
pub mod config;
pub mod correspondence;
pub mod downtime;
pub mod explorer;
pub mod games;
pub mod http;
pub mod lobby;
pub mod long_lists;
pub mod outbox;
pub mod ratings;
pub mod state;
pub mod store;
pub mod telemetry;
pub mod time;
pub mod web;
pub mod ws;

use std::future::Future;
use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::routing::get;
use axum::Router;
use tokio::net::TcpListener;
use tower_http::trace::TraceLayer;

pub use state::AppState;

/// The largest REST request body accepted.
const MAX_BODY_BYTES: usize = 64 * 1024;

/// The HTTP router: REST under `/api` (described at `/api/openapi.json`), `/healthz`, the WebSocket at `/ws`,
/// and the browser client for every
/// other path. Request bodies are limited to [`MAX_BODY_BYTES`], except the admin import's record files, which
/// have a limit of their own. The limit is enforced where a body is read (every handler reads JSON through
/// `api::input::JsonBody`), so an oversized body gets the typed `frame_too_large` error rather than a bare
/// 413 from a layer. A URI longer than `--max-uri-bytes` is refused before any route, with the typed
/// `uri_too_long` error.
pub fn app(state: AppState) -> Router {
    let max_uri_bytes = api::uri_limit::MaxUriBytes(state.settings.limits.max_uri_bytes);
    let rest = api::rest(state.settings.limits.import_max_bytes);
    rest.routes
        .route("/ws", get(ws::websocket))
        .fallback(web::serve)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .merge(rest.import)
        .layer(TraceLayer::new_for_http())
        .with_state(state)
        .merge(api::openapi::routes(rest.document))
        .layer(axum::middleware::from_fn_with_state(max_uri_bytes, api::uri_limit::refuse_long_uri))
}

/// Serves `state` on `listener` until `shutdown` resolves. First grants the configured admins their role and
/// records how long the server was down (since its last heartbeat), starts the node's heartbeat with its
/// failover sweep, resumes the clocks of every active game no other live node runs (crediting that downtime to
/// the clocks that ran during it) and starts the correspondence workers and the built-in bot. On shutdown:
/// stops accepting, closes every WebSocket with 1001 and every notification stream, lets each game actor finish
/// the change it is committing, waits for every task to end, and removes the node with its leases.
pub async fn run(listener: TcpListener, state: AppState, shutdown: impl Future<Output = ()> + Send + 'static) {
    admin::role::grant_configured(state.store.as_ref(), &state.settings.admins).await;
    // While another node is up, the service was not down: this start is no outage to credit.
    if !others_alive(&state).await {
        match downtime::record_outage(state.store.as_ref(), time::now_ms()).await {
            Ok(Some(outage)) => tracing::info!(down_ms = outage.ended_at - outage.started_at, "the server was down"),
            Ok(None) => {}
            Err(error) => tracing::error!(%error, "could not record the downtime before this start"),
        }
    }
    // Beating before the resume, however long it takes, so that other nodes never take this one for dead.
    let cluster_url = state.settings.cluster.as_ref().map(|cluster| cluster.url.clone());
    if let Some(url) = &cluster_url {
        // Before this node takes any game: a node forwards to it only once it holds a game's lease.
        cluster::announce_url(state.store.as_ref(), state.node, url).await;
    }
    let host: Arc<dyn cluster::GameHost> = Arc::new(state.games.clone());
    let connections = state.connections.clone();
    let registered_again = move || connections.record_presence_again();
    let beating = cluster::heartbeat(
        state.store.clone(),
        host,
        state.node,
        cluster_url,
        registered_again,
        state.shutdown.clone(),
    );
    state.tasks.spawn(beating);
    match state.games.resume_active().await {
        Ok(count) => tracing::info!(games = count, "resumed active games"),
        Err(error) => tracing::error!(%error, "could not resume active games"),
    }
    correspondence::spawn_workers(&state);
    if let Some(base) = state.settings.builtin_bot.clone() {
        match listener.local_addr() {
            Ok(address) => builtin_bot::start(&state, &base, address).await,
            Err(error) => tracing::error!(%error, "no address for the built-in bot"),
        }
    }
    let cancel = state.shutdown.clone();
    let (header_read_timeout, body_read_timeout) =
        (state.settings.limits.header_read_timeout, state.settings.limits.body_read_timeout);
    http::serve(listener, app(state.clone()), header_read_timeout, body_read_timeout, async move {
        shutdown.await;
        cancel.cancel();
    })
    .await;
    state.shutdown.cancel();
    state.tasks.close();
    state.tasks.wait().await;
    state.node.leave(state.store.as_ref()).await;
}

/// Whether a node other than this one is alive on the database (a failure to read says no: the start then
/// records the outage since the last heartbeat, as a single node does).
async fn others_alive(state: &AppState) -> bool {
    match state.store.live_nodes(state.node.ttl_ms()).await {
        Ok(nodes) => nodes.iter().any(|node| node.id != state.node.id()),
        Err(error) => {
            tracing::error!(%error, "could not read the live nodes");
            false
        }
    }
}
