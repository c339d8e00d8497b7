//! The owner's side: the cluster listener's router, answering the other nodes' forwarded commands and
//! subscriptions with this node's own games. It is served on a listener of its own (`--cluster-listen`), never
//! on the public one, and every request must carry the shared secret.

use axum::extract::{Path, Request, State};
use axum::http::StatusCode;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use tokio::net::TcpListener;
use uuid::Uuid;

use super::wire::{RemoteCommand, SubscribeReply, SubscribeRequest, WireGameError};
use super::{RemoteConnection, SECRET_HEADER};
use crate::games::{AdminAction, GameError, Subscriber};
use crate::outbox::Outbox;
use crate::state::AppState;

/// Serves the cluster router on `listener` until the server shuts down.
pub async fn serve(listener: TcpListener, state: AppState) {
    let limits = &state.settings.limits;
    let (header_read_timeout, body_read_timeout) = (limits.header_read_timeout, limits.body_read_timeout);
    let shutdown = state.shutdown.clone();
    crate::http::serve(listener, router(state), header_read_timeout, body_read_timeout, shutdown.cancelled_owned())
        .await;
}

/// The cluster listener's routes, all behind the secret check. Without cluster settings every request is
/// refused (401).
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/cluster/v1/games/{game_id}/command", post(command))
        .route("/cluster/v1/games/{game_id}/subscribe", post(subscribe))
        .layer(middleware::from_fn_with_state(state.clone(), require_secret))
        .with_state(state)
}

/// Refuses (401) a request without the shared secret, before its body is read.
async fn require_secret(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let given = request.headers().get(SECRET_HEADER).map(|value| value.as_bytes());
    let expected = state.settings.cluster.as_ref().map(|cluster| cluster.secret.as_bytes());
    match (expected, given) {
        (Some(expected), Some(given)) if same_secret(expected, given) => next.run(request).await,
        _ => StatusCode::UNAUTHORIZED.into_response(),
    }
}

/// Whether two secrets are equal, in time that does not depend on where they differ nor on their lengths
/// (their digests are compared).
fn same_secret(expected: &[u8], given: &[u8]) -> bool {
    Sha256::digest(expected).ct_eq(&Sha256::digest(given)).into()
}

/// Carries out a forwarded command here; never forwards it further (a lease that moved on is answered as
/// [`WireGameError::OwnedElsewhere`], for the caller to follow).
async fn command(
    State(state): State<AppState>,
    Path(game_id): Path<Uuid>,
    Json(command): Json<RemoteCommand>,
) -> Json<Result<serde_json::Value, WireGameError>> {
    let games = &state.games;
    let answer = match command {
        RemoteCommand::Act { account, action } => json(games.act_here(game_id, account, action.into()).await),
        RemoteCommand::Admin { action, audit } => match AdminAction::try_from(action) {
            Ok(action) => json(games.admin_here(game_id, action, audit.into()).await),
            Err(error) => Err(error),
        },
        RemoteCommand::Chat { message } => json(games.chat_here(game_id, message.into_row(game_id)).await),
        RemoteCommand::MuteOpponent { account, muted } => json(games.mute_opponent_here(game_id, account, muted).await),
        RemoteCommand::Snapshot => json(games.snapshot_here(game_id).await),
        RemoteCommand::Unsubscribe { subscription, closed_because } => {
            games.unsubscribe_here(game_id, subscription, closed_because.map(Into::into)).await;
            Ok(serde_json::Value::Null)
        }
        RemoteCommand::Refresh { subscription } => {
            games.refresh_here(game_id, subscription).await;
            Ok(serde_json::Value::Null)
        }
        RemoteCommand::AnnounceRematch { rematch_id } => {
            games.announce_rematch_here(game_id, rematch_id).await;
            Ok(serde_json::Value::Null)
        }
    };
    Json(answer.map_err(WireGameError::from))
}

fn json<T: serde::Serialize>(answer: Result<T, GameError>) -> Result<serde_json::Value, GameError> {
    answer.map(|value| serde_json::to_value(value).expect("a game's answer is plain data, always JSON"))
}

/// Subscribes a connection of another node to a game here, and answers with the frames pushed while
/// subscribing. From then on the subscriber's frames other than stored events go to its node on the cluster bus
/// (`watchers.rs`), until it unsubscribes, the game drops it, or its node dies.
async fn subscribe(
    State(state): State<AppState>,
    Path(game_id): Path<Uuid>,
    Json(request): Json<SubscribeRequest>,
) -> Json<SubscribeReply> {
    let subscription = state.next_connection_id();
    let SubscribeRequest { node, connection, account, chat, viewers, rematch, after_seq } = request;
    let Some(relay) = state.games.cluster_relay() else {
        tracing::error!("a subscription forwarded to a node that does not listen to the cluster bus");
        let result = Err(WireGameError::Unavailable);
        return Json(SubscribeReply { result, subscription, initial: Vec::new() });
    };
    let (outbox, frames) = Outbox::new(state.settings.outbound_queue);
    let subscriber =
        Subscriber { connection: subscription, account, outbox, chat, viewers, rematch, relayed_by: Some(node) };
    let result = state.games.subscribe_here(game_id, subscriber, after_seq).await;
    let initial = std::iter::from_fn(|| frames.try_frame()).map(|frame| frame.to_string()).collect();
    if result.is_ok() {
        let remote = RemoteConnection { node, connection };
        let forwarding =
            state.games.watchers().forward((game_id, subscription), remote, frames, relay, state.shutdown.clone());
        state.tasks.spawn(forwarding);
    }
    Json(SubscribeReply { result: result.map_err(WireGameError::from), subscription, initial })
}

#[cfg(test)]
mod tests {
    use super::same_secret;

    #[test]
    fn only_the_same_secret_matches() {
        assert!(same_secret(b"s3cret", b"s3cret"));
        assert!(!same_secret(b"s3cret", b"s3creT"));
        assert!(!same_secret(b"s3cret", b"s3cret-and-more"));
        assert!(!same_secret(b"s3cret", b""));
    }
}
