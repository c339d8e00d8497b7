//! The relay: sockets in pairs, and for every text frame a socket sends, the frames a kartka server sends for a
//! move — that frame to both sockets of the pair (the `moved` event each player gets) and an acknowledgement to
//! the sender (the mover's `ack`) — with no decoding, no rules, no store and no clock. What it spends per move
//! is the floor under what the server spends on a move's frames (issue #39, docs/performance.md).
//!
//! Each socket has a reader (this connection's task) and a writer draining a bounded queue, as the frames of
//! several senders reach one socket; a full queue waits, so nothing is dropped and a slow reader slows its pair.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};

use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::serve::ListenerExt;
use axum::Router;
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpListener;
use tokio::sync::mpsc;

/// The acknowledgement written to the mover for every frame: as long as kartka's `ack` of a move.
pub const ACK: &str = r#"{"type":"ack","client_move_id":"m-000001","game_id":"00000000-0000-0000-0000-000000000000"}"#;

/// The sockets' read and write buffers, as kartka's (`server/src/ws/upgrade.rs`): tungstenite zero-fills the
/// free part of its read buffer before every read, so with axum's default of 128 KiB the relay spent nearly all
/// its instructions clearing memory kartka's 1 KiB buffer never has, and the floor was no floor.
const READ_BUFFER: usize = 1024;
const WRITE_BUFFER: usize = 8 * 1024;

/// Frames queued for one socket at most before its senders wait: a pair has at most three frames of one move in
/// flight, so the queue never fills unless its reader stops reading.
const QUEUE: usize = 16;

/// The outbound queues of a pair's two seats, each once its socket has connected.
type Pair = [Option<mpsc::Sender<Message>>; 2];

/// Every pair, by number.
#[derive(Clone, Default)]
struct Pairs(Arc<Mutex<HashMap<u32, Pair>>>);

impl Pairs {
    /// Seats `queue` at `seat` of pair `pair`: false when the seat is taken.
    fn join(&self, pair: u32, seat: usize, queue: mpsc::Sender<Message>) -> bool {
        let mut pairs = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let seats = pairs.entry(pair).or_default();
        if seats[seat].as_ref().is_some_and(|taken| !taken.is_closed()) {
            return false;
        }
        seats[seat] = Some(queue);
        true
    }

    /// The queues of pair `pair`'s seats now.
    fn seats(&self, pair: u32) -> Pair {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).get(&pair).cloned().unwrap_or_default()
    }
}

/// The relay's routes: `GET /relay/{pair}/{seat}` (seat 0 or 1) upgrades to a WebSocket.
pub fn app() -> Router {
    Router::new().route("/relay/{pair}/{seat}", get(upgrade)).with_state(Pairs::default())
}

/// Serves the relay on `listener` until `shutdown` resolves. Every socket gets TCP_NODELAY, as kartka's do.
pub async fn run(listener: TcpListener, shutdown: impl Future<Output = ()> + Send + 'static) -> std::io::Result<()> {
    let listener = listener.tap_io(|socket| {
        // A socket without it still relays, only later; there is nobody to tell.
        let _ = socket.set_nodelay(true);
    });
    axum::serve(listener, app()).with_graceful_shutdown(shutdown).await
}

async fn upgrade(Path((pair, seat)): Path<(u32, usize)>, State(pairs): State<Pairs>, ws: WebSocketUpgrade) -> Response {
    if seat > 1 {
        return (StatusCode::NOT_FOUND, "a pair has seats 0 and 1").into_response();
    }
    let (queue, outbound) = mpsc::channel(QUEUE);
    if !pairs.join(pair, seat, queue.clone()) {
        return (StatusCode::CONFLICT, "the seat is taken").into_response();
    }
    ws.read_buffer_size(READ_BUFFER)
        .write_buffer_size(WRITE_BUFFER)
        .on_upgrade(move |socket| relay(socket, pairs, pair, queue, outbound))
}

/// Relays what `socket` at a seat of `pair` sends until it closes.
async fn relay(
    socket: WebSocket,
    pairs: Pairs,
    pair: u32,
    own: mpsc::Sender<Message>,
    mut outbound: mpsc::Receiver<Message>,
) {
    let (mut sink, mut stream) = socket.split();
    let writer = tokio::spawn(async move {
        while let Some(frame) = outbound.recv().await {
            if sink.send(frame).await.is_err() {
                return;
            }
        }
    });
    let ack = Message::Text(Utf8Bytes::from_static(ACK));
    while let Some(Ok(frame)) = stream.next().await {
        let Message::Text(text) = frame else { continue };
        // The event to both seats (sharing the frame's bytes, as kartka writes one serialisation to a whole
        // audience), the ack to the mover.
        for seat in pairs.seats(pair).into_iter().flatten() {
            if seat.send(Message::Text(text.clone())).await.is_err() {
                break;
            }
        }
        if own.send(ack.clone()).await.is_err() {
            break;
        }
    }
    drop(own);
    writer.abort();
}
