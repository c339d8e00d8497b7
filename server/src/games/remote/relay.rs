//! The relaying node's end of forwarded subscriptions: which connections here watch which game through the node
//! running it, and the task that brings them the game's frames.
//!
//! - A stored event reaches this node as the bus's `GamesAdvanced` (one notification per committed batch) and
//!   is read here from the store, once per game whatever the number of its watchers here, after the lowest
//!   sequence number delivered to them; each watcher gets the events after its own. The frame is the one the
//!   owner's actor pushes to its own subscribers (`ServerFrame::Event`, the same for every subscriber). A
//!   `Resync` reads every relayed game again.
//! - Every other frame (viewer counts, chat, presence, rematch notices: what the owner's actor chose for the
//!   subscriber) comes addressed to the connection as a `ConnectionFrame`.
//! - Every heartbeat, a game whose lease holder is no longer the node a watcher subscribed through (it died, or
//!   the game moved) closes that watcher's socket with [`kartka_protocol::RESUBSCRIBE_CLOSE_CODE`]: the client
//!   subscribes again, anywhere, with `after_seq`.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard};

use kartka_protocol::{EventEnvelope, GameEvent, ServerFrame};
use tokio::sync::Notify;
use tokio::time::MissedTickBehavior;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use crate::cluster::bus::{BusEvent, BusSubscription, ClusterMessage};
use crate::cluster::Node;
use crate::outbox::{encode, Outbox};
use crate::store::{EventRow, Store};

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
    games: Arc<Mutex<HashMap<Uuid, HashMap<u64, Watcher>>>>,
    /// Games to read at once: one just subscribed to may have advanced before its watcher was recorded here. A
    /// set, so that it holds each relayed game at most once.
    to_read: Arc<Mutex<HashSet<Uuid>>>,
    /// Wakes the task that reads them.
    added: Arc<Notify>,
}

/// A connection here watching a game another node runs.
struct Watcher {
    owner: Owner,
    outbox: Outbox,
    /// The sequence number of the last event it was given.
    delivered: u64,
}

impl Relays {
    /// Records that `connection` watches `game_id` through `owner`, its queue `outbox` having every event up to
    /// `delivered`; returns the subscription it replaces, if any.
    pub fn start(
        &self,
        (game_id, connection): (Uuid, u64),
        owner: Owner,
        outbox: Outbox,
        delivered: u64,
    ) -> Option<Owner> {
        let previous = self.lock().entry(game_id).or_default().insert(connection, Watcher { owner, outbox, delivered });
        self.to_read.lock().expect("relays lock").insert(game_id);
        self.added.notify_one();
        previous.map(|watcher| watcher.owner)
    }

    /// Forgets the connection's relayed subscription of the game, if it has one; returns where it lived.
    pub fn stop(&self, game_id: Uuid, connection: u64) -> Option<Owner> {
        let mut games = self.lock();
        let watchers = games.get_mut(&game_id)?;
        let gone = watchers.remove(&connection);
        if watchers.is_empty() {
            games.remove(&game_id);
        }
        gone.map(|watcher| watcher.owner)
    }

    /// Brings the relayed games' frames to their watchers until `shutdown`: hears `events` (the other nodes'
    /// messages) and checks the games' owners every heartbeat of `node`.
    pub async fn run(
        self,
        store: Arc<dyn Store>,
        node: Node,
        mut events: BusSubscription,
        shutdown: CancellationToken,
    ) {
        let mut ticks = tokio::time::interval(node.settings().heartbeat);
        ticks.set_missed_tick_behavior(MissedTickBehavior::Skip);
        loop {
            tokio::select! {
                () = shutdown.cancelled() => return,
                event = events.recv() => match event {
                    Some(BusEvent::Message(envelope)) => self.heard(store.as_ref(), node.id(), envelope.message).await,
                    Some(BusEvent::Resync) => {
                        let games: Vec<Uuid> = self.lock().keys().copied().collect();
                        for game_id in games {
                            self.read(store.as_ref(), game_id).await;
                        }
                    }
                    None => return,
                },
                () = self.added.notified() => {
                    let games = std::mem::take(&mut *self.to_read.lock().expect("relays lock"));
                    for game_id in games {
                        self.read(store.as_ref(), game_id).await;
                    }
                }
                _ = ticks.tick() => self.check_owners(store.as_ref(), node).await,
            }
        }
    }

    async fn heard(&self, store: &dyn Store, here: Uuid, message: ClusterMessage) {
        match message {
            ClusterMessage::GamesAdvanced(games) => {
                for advanced in games {
                    if self.behind(advanced.game_id, advanced.seq) {
                        self.read(store, advanced.game_id).await;
                    }
                }
            }
            ClusterMessage::ConnectionFrame { node, game_id, connections, frame } if node == here => {
                let frame: Arc<str> = frame.into();
                if let Some(watchers) = self.lock().get(&game_id) {
                    for watcher in connections.iter().filter_map(|connection| watchers.get(connection)) {
                        watcher.outbox.push(frame.clone());
                    }
                }
            }
            _ => {}
        }
    }

    /// Whether a watcher of the game here has not had the event `seq`.
    fn behind(&self, game_id: Uuid, seq: i64) -> bool {
        let games = self.lock();
        let Some(watchers) = games.get(&game_id) else { return false };
        watchers.values().any(|watcher| (watcher.delivered as i64) < seq)
    }

    /// Reads the game's events after the lowest sequence number its watchers here have, and gives each watcher
    /// those after its own.
    async fn read(&self, store: &dyn Store, game_id: Uuid) {
        let Some(after) = self.lock().get(&game_id).and_then(|watchers| watchers.values().map(|w| w.delivered).min())
        else {
            return;
        };
        let rows = match store.events_after(game_id, after as i64).await {
            Ok(rows) => rows,
            Err(error) => {
                tracing::warn!(game = %game_id, %error, "could not read a relayed game's events; its watchers resubscribe");
                self.resubscribe_all(game_id);
                return;
            }
        };
        let frames = match event_frames(game_id, &rows) {
            Ok(frames) => frames,
            Err(error) => {
                tracing::error!(game = %game_id, %error, "a relayed game's stored event is unreadable");
                self.resubscribe_all(game_id);
                return;
            }
        };
        let mut games = self.lock();
        let Some(watchers) = games.get_mut(&game_id) else { return };
        for watcher in watchers.values_mut() {
            let had = watcher.delivered;
            for (seq, frame) in frames.iter().filter(|(seq, _)| *seq > had) {
                watcher.outbox.push(frame.clone());
                watcher.delivered = *seq;
            }
        }
    }

    /// Closes, for them to subscribe again, the watchers of a game whose events cannot be brought here.
    fn resubscribe_all(&self, game_id: Uuid) {
        if let Some(watchers) = self.lock().remove(&game_id) {
            watchers.values().for_each(|watcher| watcher.outbox.resubscribe());
        }
    }

    /// Closes, for them to subscribe again, the watchers whose game's lease is no longer held by the live node
    /// they subscribed through.
    async fn check_owners(&self, store: &dyn Store, node: Node) {
        let games: Vec<Uuid> = self.lock().keys().copied().collect();
        if games.is_empty() {
            return;
        }
        let live: HashSet<Uuid> = match store.live_nodes(node.ttl_ms()).await {
            Ok(nodes) => nodes.into_iter().map(|row| row.id).collect(),
            Err(error) => {
                tracing::warn!(%error, "could not read the live nodes to check the relayed games");
                return;
            }
        };
        let holders = match store.lease_holders(&games).await {
            Ok(holders) => holders,
            Err(error) => {
                tracing::warn!(%error, "could not read who runs the relayed games");
                return;
            }
        };
        let mut relayed = self.lock();
        for game_id in games {
            let holder = holders.get(&game_id).filter(|holder| live.contains(*holder));
            let Some(watchers) = relayed.get_mut(&game_id) else { continue };
            watchers.retain(|_, watcher| {
                let owned = Some(&watcher.owner.node) == holder;
                if !owned {
                    tracing::info!(game = %game_id, "a relayed game's node is gone or gave it up; its client resubscribes");
                    watcher.outbox.resubscribe();
                }
                owned
            });
            if watchers.is_empty() {
                relayed.remove(&game_id);
            }
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<Uuid, HashMap<u64, Watcher>>> {
        self.games.lock().expect("relays lock")
    }
}

/// The frames of a game's stored events, with their sequence numbers: each as the game's actor pushes it to its
/// own subscribers.
fn event_frames(game_id: Uuid, rows: &[EventRow]) -> Result<Vec<(u64, Arc<str>)>, serde_json::Error> {
    rows.iter()
        .map(|row| {
            let event: GameEvent = serde_json::from_str(&row.payload)?;
            let envelope = EventEnvelope { game_id, seq: row.seq as u64, at_ms: row.at, event };
            Ok((row.seq as u64, encode(&ServerFrame::Event(envelope))))
        })
        .collect()
}
