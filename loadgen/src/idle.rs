//! Idle sockets: authenticated with a player's token, as another open tab of theirs would be, and otherwise
//! silent. They cost the server memory and pings, which is what they are there to measure. Each has a task
//! that reads it (answering pings) and, with `--allow-disconnects`, reopens it when it drops.

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use kartka_protocol::ServerFrame;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use crate::context::Context;
use crate::metrics::Metrics;
use crate::socket::{Incoming, Socket};

/// How long to wait before reopening a dropped idle socket.
const REOPEN_DELAY: Duration = Duration::from_millis(500);
/// Sockets opened at once.
const OPEN_AT_ONCE: usize = 32;

/// An open idle socket.
struct IdleSocket {
    socket: Socket,
    incoming: mpsc::Receiver<Incoming>,
    index: usize,
    token: String,
}

/// Opens `count` idle sockets, taking `tokens` and the servers in turn, and starts their tasks, which end when the run stops.
/// A socket that cannot be opened is counted as an error.
pub async fn start(context: &Arc<Context>, count: usize, tokens: &[String]) -> Vec<JoinHandle<()>> {
    if tokens.is_empty() {
        if count > 0 {
            context.metrics.error("connect");
        }
        return Vec::new();
    }
    let opened: Vec<Option<IdleSocket>> = futures_util::stream::iter(0..count)
        .map(|index| open(context, index, tokens[index % tokens.len()].clone()))
        .buffer_unordered(OPEN_AT_ONCE)
        .collect()
        .await;
    opened
        .into_iter()
        .filter_map(|idle| {
            if idle.is_none() {
                context.metrics.error("connect");
            }
            idle
        })
        .map(|idle| tokio::spawn(watch(Arc::clone(context), idle)))
        .collect()
}

/// Opens idle socket `index` on the servers' `index`th (cyclically).
async fn open(context: &Context, index: usize, token: String) -> Option<IdleSocket> {
    let (sender, incoming) = mpsc::channel(16);
    let socket = Socket::open(&context.server(index).base, &token, 0, sender).await.ok()?;
    Some(IdleSocket { socket, incoming, index, token })
}

/// Reads the socket until the run stops, then closes it.
async fn watch(context: Arc<Context>, mut idle: IdleSocket) {
    loop {
        let incoming = tokio::select! {
            () = context.stop.wait() => break,
            incoming = idle.incoming.recv() => incoming,
        };
        match incoming {
            Some(Incoming::Frame { frame, .. }) => {
                if let ServerFrame::Error { code, .. } = *frame {
                    context.metrics.error_frame(code);
                }
            }
            Some(Incoming::Unreadable) => context.metrics.error("unreadable_frame"),
            Some(Incoming::Closed) | None => {
                Metrics::count(&context.metrics.disconnects);
                if !context.allow_disconnects {
                    return;
                }
                match reopen(&context, idle.index, idle.token).await {
                    Some(reopened) => idle = reopened,
                    None => return,
                }
            }
        }
    }
    idle.socket.close().await;
}

/// Opens the socket again, retrying while the server is down, until the run stops.
async fn reopen(context: &Context, index: usize, token: String) -> Option<IdleSocket> {
    while !context.stop.is_set() {
        tokio::time::sleep(REOPEN_DELAY).await;
        if let Some(idle) = open(context, index, token.clone()).await {
            Metrics::count(&context.metrics.reconnects);
            return Some(idle);
        }
    }
    None
}
