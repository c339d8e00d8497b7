//! The accept loop: every socket gets TCP_NODELAY, its peer address, HTTP/1's header read timeout, and a
//! deadline for reading each request's body.
//!
//! `axum::serve` sets neither a timer (so hyper's header read timeout never runs: a client that sends half a
//! request, or nothing, holds its socket forever) nor per-socket options, so the server serves connections with
//! hyper's HTTP/1 builder itself (hyper-util's automatic HTTP/1-or-2 builder would first wait, without a
//! timeout, for the bytes that tell the versions apart). The header read timeout also closes keep-alive
//! connections that stay idle between requests, since hyper starts it whenever it waits for a request's head.
//!
//! hyper has no timeout for a request's body, and one that trickles in a byte at a time would hold its
//! connection and its handler for as long as it likes; so each body reads within a deadline from its request's
//! head, past which reading it fails with [`BodyTimedOut`] (answered with 408 `request_timeout`). A deadline
//! for the whole body rather than between its pieces, which a trickle would meet.

use std::future::Future;
use std::net::SocketAddr;
use std::pin::pin;
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use axum::Router;
use futures_util::StreamExt;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tower::ServiceExt;

/// How long the loop pauses after a failed accept (e.g. out of file descriptors), so that it does not spin.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// Serves `router` on `listener` until `shutdown` resolves, then stops accepting and waits for every open
/// HTTP connection to finish (idle ones close at once; upgraded WebSockets are not waited for here).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    header_read_timeout: Duration,
    body_read_timeout: Duration,
    shutdown: impl Future<Output = ()>,
) {
    let mut builder = http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(header_read_timeout);
    let stopping = CancellationToken::new();
    let connections = TaskTracker::new();
    let mut shutdown = pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    tracing::warn!(%error, "could not accept a connection");
                    tokio::time::sleep(ACCEPT_BACKOFF).await;
                    continue;
                }
            },
        };
        if let Err(error) = stream.set_nodelay(true) {
            tracing::debug!(%error, %peer, "could not set TCP_NODELAY");
        }
        let service =
            router.clone().map_request(move |request: Request<Incoming>| with_peer(request, peer, body_read_timeout));
        let connection =
            builder.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service)).with_upgrades();
        let stopping = stopping.clone();
        connections.spawn(async move {
            let mut connection = pin!(connection);
            let result = tokio::select! {
                result = connection.as_mut() => result,
                () = stopping.cancelled() => {
                    connection.as_mut().graceful_shutdown();
                    connection.await
                }
            };
            if let Err(error) = result {
                tracing::debug!(%error, %peer, "connection ended with an error");
            }
        });
    }
    drop(listener);
    stopping.cancel();
    connections.close();
    connections.wait().await;
}

/// The request as axum takes it, with the socket's peer address (what `ConnectInfo` extracts), and its body
/// read within `body_read_timeout` from now.
fn with_peer(request: Request<Incoming>, peer: SocketAddr, body_read_timeout: Duration) -> Request<Body> {
    let mut request = request.map(|body| within(Body::new(body), body_read_timeout));
    request.extensions_mut().insert(ConnectInfo(peer));
    request
}

/// Reading a request's body took longer than the server allows.
#[derive(Debug, thiserror::Error)]
#[error("the request body did not arrive in time")]
pub struct BodyTimedOut;

/// `body`, whose reading fails with [`BodyTimedOut`] once `limit` has passed.
fn within(body: Body, limit: Duration) -> Body {
    let deadline = Box::pin(tokio::time::sleep(limit));
    let pieces = body.into_data_stream();
    let timed = futures_util::stream::unfold(Some((pieces, deadline)), |state| async move {
        let (mut pieces, mut deadline) = state?;
        tokio::select! {
            biased;
            piece = pieces.next() => {
                let piece = piece?.map_err(axum::BoxError::from);
                Some((piece, Some((pieces, deadline))))
            }
            () = &mut deadline => Some((Err(axum::BoxError::from(BodyTimedOut)), None)),
        }
    });
    Body::from_stream(timed)
}
