//! The relaying node's end of forwarded subscriptions: which connections watch which game through another node,
//! and the tasks that copy the owner's frames into their clients' queues.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

use super::lines::Lines;
use super::SILENCE_LIMIT;
use crate::outbox::Outbox;

/// Where a relayed subscription lives: the node running the game, and the subscription's number there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Owner {
    /// The node running the game.
    pub node: Uuid,
    /// The subscription's number on that node.
    pub subscription: u64,
}

/// The subscriptions this node relays from others, by game and connection. Cheap to clone.
#[derive(Clone, Default)]
pub struct Relays {
    relays: Arc<Mutex<HashMap<(Uuid, u64), Relay>>>,
    next_number: Arc<AtomicU64>,
}

struct Relay {
    /// The relay's number, so that a relay that ends removes its own entry, not a newer one's.
    number: u64,
    stop: CancellationToken,
    owner: Owner,
}

impl Relays {
    /// Copies the frames of `lines`, the stream of the subscription `owner` holds for `connection`, into
    /// `outbox`, in a task tracked by `tasks` that ends with `stop` (a child of the server's shutdown), when the
    /// connection unsubscribes, or when the stream ends. Replaces the connection's relay of the game, if any.
    pub fn start(
        &self,
        (game_id, connection): (Uuid, u64),
        owner: Owner,
        lines: Lines,
        outbox: Outbox,
        (stop, tasks): (CancellationToken, &TaskTracker),
    ) {
        let key = (game_id, connection);
        let number = self.next_number.fetch_add(1, Ordering::Relaxed);
        let relay = Relay { number, stop: stop.clone(), owner };
        if let Some(previous) = self.lock().insert(key, relay) {
            previous.stop.cancel();
        }
        let relays = self.clone();
        tasks.spawn(async move {
            copy(lines, outbox, stop).await;
            let mut relays = relays.lock();
            if relays.get(&key).is_some_and(|current| current.number == number) {
                relays.remove(&key);
            }
        });
    }

    /// Where the connection's subscription of the game lives, if it is relayed.
    pub fn owner(&self, game_id: Uuid, connection: u64) -> Option<Owner> {
        self.lock().get(&(game_id, connection)).map(|relay| relay.owner)
    }

    /// Stops the connection's relay of the game, if it has one: its stream closes, and the owner unsubscribes.
    pub fn stop(&self, game_id: Uuid, connection: u64) {
        if let Some(relay) = self.lock().remove(&(game_id, connection)) {
            relay.stop.cancel();
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<(Uuid, u64), Relay>> {
        self.relays.lock().expect("relays lock")
    }
}

/// Copies every frame of `lines` into `outbox` until `stop` (the client unsubscribed, or left) or the client's
/// queue refuses one (the client is gone, or too slow and being closed). When the stream ends first — its owner
/// is gone, or gave the game up — the client's socket is closed for it to subscribe again (see
/// [`kartka_protocol::RESUBSCRIBE_CLOSE_CODE`]). Dropping `lines` closes the connection to the owner, which
/// unsubscribes.
async fn copy(mut lines: Lines, outbox: Outbox, stop: CancellationToken) {
    loop {
        let line = tokio::select! {
            () = stop.cancelled() => return,
            line = lines.next_line(SILENCE_LIMIT) => line,
        };
        match line {
            Some(frame) => {
                if !outbox.push(frame.into()) {
                    return;
                }
            }
            None => {
                tracing::info!("a relayed game subscription ended; its client resubscribes");
                outbox.resubscribe();
                return;
            }
        }
    }
}
