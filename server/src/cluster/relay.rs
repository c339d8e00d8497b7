//! The relay: what this node tells the other nodes outside the store's transactions, in the order it says it,
//! and what it hears from them for its own connections.
//!
//! A frame for an account ([`ClusterMessage::AccountFrame`]) is delivered by every node to the account's
//! connections there, so a challenge, a started game or a notice reaches every device wherever it is connected.
//! Nothing is published while this node has no company: a single node (and SQLite, which has no relay at all)
//! pays nothing. Company is learnt at once from any message of another node (a starting node says
//! [`ClusterMessage::NodeUp`] as soon as it listens), and given up when the nodes table shows no other live node.
//!
//! Account frames are notices, not records: one lost with a bus connection is not sent again, as one sent to a
//! connection that drops is not. What matters is stored (challenges, notifications, games) and a client reloads
//! it when it reconnects.
//!
//! The relay also has which accounts have sockets on this node written to the presence table
//! ([`Relay::presence`], `presence.rs`), off the sockets' path, so that other nodes can ask whether a player is
//! online anywhere.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use tokio::sync::mpsc;
use tokio::time::MissedTickBehavior;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

use super::bus::{self, Bus, BusEvent, BusSubscription, ClusterMessage, MAX_PAYLOAD_BYTES};
use super::presence::{write_presence, PresenceChanges};
use super::Node;
use crate::store::{Store, StoreError};

/// Messages waiting to be published before a sender is told the queue is full.
const OUTGOING_QUEUE: usize = 4_096;

/// Why a message was not queued for the other nodes.
#[derive(Debug, thiserror::Error)]
pub enum RelayError {
    /// The message does not fit in one notification.
    #[error("a cluster message of {bytes} bytes does not fit in one notification")]
    TooLong {
        /// Its encoded length.
        bytes: usize,
    },
    /// The database does not keep up with what this node publishes.
    #[error("the cluster relay's queue is full")]
    QueueFull,
    /// The server is shutting down.
    #[error("the cluster relay has stopped")]
    Stopped,
}

/// This node's relay to the others. Cheap to clone.
#[derive(Clone)]
pub struct Relay {
    node: Node,
    outgoing: mpsc::Sender<ClusterMessage>,
    /// Accounts whose first socket on this node opened (`true`) or last closed, for the presence writer.
    presence: Arc<PresenceChanges>,
    store: Arc<dyn Store>,
    company: Arc<AtomicBool>,
    bus: Bus,
    listener: Arc<OnceLock<Arc<dyn Listener>>>,
}

/// What takes the other nodes' messages the relay does not handle itself (the lobby's end, `lobby/remote.rs`).
/// One receiver hands out everything a node hears, in order, so an answer is handed over only after the account
/// frames sent before it were delivered (a `pool_status` before the `ack` of the `pool_join` that caused it).
pub trait Listener: Send + Sync + 'static {
    /// A message of another node that is not an account frame. Must not wait.
    fn heard(&self, message: ClusterMessage);
    /// Messages may have been lost (see [`BusEvent::Resync`]). Must not wait.
    fn resync(&self);
}

/// Where the relay delivers a frame for an account: this node's open connections.
pub trait LocalDelivery: Send + Sync + 'static {
    /// Pushes the serialised frame to every connection the account has on this node.
    fn deliver(&self, account: Uuid, frame: Arc<str>);
    /// Closes the account's connections on this node with 1008: those opened with `session` (its token hash),
    /// or all of them.
    fn close(&self, account: Uuid, session: Option<&str>);
}

impl Relay {
    /// Starts the relay of `node` over `bus`, in tasks tracked by `tasks` that end with `shutdown`: a sender that
    /// publishes queued messages in order, a receiver that hands other nodes' account frames to `local`, and a
    /// watch of the nodes table that tells whether any other node lives. Says [`ClusterMessage::NodeUp`] once
    /// it listens.
    pub fn start(
        bus: Bus,
        store: Arc<dyn Store>,
        node: Node,
        local: Arc<dyn LocalDelivery>,
        shutdown: CancellationToken,
        tasks: &TaskTracker,
    ) -> Relay {
        let (outgoing, queue) = mpsc::channel(OUTGOING_QUEUE);
        let presence = Arc::new(PresenceChanges::default());
        tasks.spawn(write_presence(store.clone(), node, presence.clone(), shutdown.clone()));
        let relay = Relay {
            node,
            outgoing,
            presence,
            store: store.clone(),
            company: Arc::new(AtomicBool::new(false)),
            bus,
            listener: Arc::new(OnceLock::new()),
        };
        tasks.spawn(send_in_order(relay.bus.clone(), queue, shutdown.clone()));
        // Subscribed before the node says it is up, so no answer to it is missed.
        let events = relay.bus.subscribe();
        tasks.spawn(receive(relay.clone(), events, local, shutdown.clone()));
        tasks.spawn(watch_company(relay.company.clone(), store, node, shutdown));
        if relay.outgoing.try_send(ClusterMessage::NodeUp).is_err() {
            tracing::warn!("could not announce this node to the others");
        }
        relay
    }

    /// This node's id.
    #[must_use]
    pub fn node(&self) -> Uuid {
        self.node.id()
    }

    /// Records, in the database, that an account's first socket on this node opened (`present`) or its last
    /// closed, so that other nodes can tell whether the player is online. Written off the caller's path, the
    /// latest change of each account, until the server stops (its sockets then close with nothing left to
    /// record).
    pub fn presence(&self, account: Uuid, present: bool) {
        self.presence.mark(account, present);
    }

    /// Whether `account` has a socket on a live node other than this one and `also_except`, by the presence
    /// table (this node's own sockets are known better from its connections).
    pub async fn connected_elsewhere(&self, account: Uuid, also_except: Uuid) -> Result<bool, StoreError> {
        self.store.connected_elsewhere(account, [self.node.id(), also_except], self.node.ttl_ms()).await
    }

    /// Every account with a socket on a live node, by the presence table.
    pub async fn online_accounts(&self) -> Result<Vec<Uuid>, StoreError> {
        self.store.online_accounts(self.node.ttl_ms()).await
    }

    /// Sets what takes the messages of other nodes that are not account frames. Only the first is kept.
    pub fn listen(&self, listener: Arc<dyn Listener>) {
        if self.listener.set(listener).is_err() {
            tracing::warn!("the cluster relay already has a listener; ignoring another");
        }
    }

    /// Whether another node is alive: only then is anything published.
    #[must_use]
    pub fn has_company(&self) -> bool {
        self.company.load(Ordering::Relaxed)
    }

    /// Queues a message for the other nodes, after every message queued before it.
    pub fn send(&self, message: ClusterMessage) -> Result<(), RelayError> {
        fits_in_notifications(self.node.id(), &message)?;
        self.outgoing.try_send(message).map_err(|error| match error {
            mpsc::error::TrySendError::Full(_) => RelayError::QueueFull,
            mpsc::error::TrySendError::Closed(_) => RelayError::Stopped,
        })
    }

    /// A new subscriber to everything the other nodes say, from now on (see [`Bus::subscribe`]).
    pub fn subscribe(&self) -> BusSubscription {
        self.bus.subscribe()
    }

    /// Sends a serialised frame to the account's connections on the other nodes, if there are other nodes.
    pub fn account_frame(&self, account: Uuid, frame: &str) {
        if !self.has_company() {
            return;
        }
        if let Err(error) = self.send(ClusterMessage::AccountFrame { account, frame: frame.to_owned() }) {
            tracing::warn!(%account, %error, "a frame for an account reached this node's connections only");
        }
    }

    /// Has every other node close the account's connections there: those opened with `session` (its token
    /// hash; a logout), or all of them (a ban). Sent even while this node thinks itself alone: another node
    /// may have started a moment ago, and a ban must not leave a socket open anywhere.
    pub fn close_connections(&self, account: Uuid, session: Option<&str>) {
        let message = ClusterMessage::CloseConnections { account, session: session.map(str::to_owned) };
        if let Err(error) = self.send(message) {
            tracing::error!(%account, %error, "could not have the other nodes close an account's connections");
        }
    }
}

/// Refuses a message from `origin` that would not fit in its notifications (one that may not be split, too long
/// for one).
fn fits_in_notifications(origin: Uuid, message: &ClusterMessage) -> Result<(), RelayError> {
    let bytes = bus::encode(origin, message).iter().map(String::len).max().unwrap_or(0);
    if bytes > MAX_PAYLOAD_BYTES {
        return Err(RelayError::TooLong { bytes });
    }
    Ok(())
}

/// Publishes the queued messages one at a time, so the other nodes hear them in the order they were queued.
async fn send_in_order(bus: Bus, mut queue: mpsc::Receiver<ClusterMessage>, shutdown: CancellationToken) {
    loop {
        let message = tokio::select! {
            () = shutdown.cancelled() => return,
            message = queue.recv() => match message {
                Some(message) => message,
                None => return,
            },
        };
        if let Err(error) = bus.send(&message).await {
            tracing::warn!(%error, "could not publish a message to the other nodes");
        }
    }
}

/// Hands the account frames other nodes publish to this node's connections and everything else to the listener;
/// any message of another node tells this one it has company.
async fn receive(
    relay: Relay,
    mut events: BusSubscription,
    local: Arc<dyn LocalDelivery>,
    shutdown: CancellationToken,
) {
    loop {
        let event = tokio::select! {
            () = shutdown.cancelled() => return,
            event = events.recv() => match event {
                Some(event) => event,
                None => return,
            },
        };
        let listener = relay.listener.get();
        let envelope = match event {
            BusEvent::Message(envelope) => envelope,
            BusEvent::Resync => {
                listener.inspect(|listener| listener.resync());
                continue;
            }
        };
        relay.company.store(true, Ordering::Relaxed);
        match envelope.message {
            ClusterMessage::AccountFrame { account, frame } => local.deliver(account, frame.into()),
            ClusterMessage::CloseConnections { account, session } => local.close(account, session.as_deref()),
            message => {
                listener.inspect(|listener| listener.heard(message));
            }
        }
    }
}

/// Every heartbeat interval, reads whether another node is alive: the last node standing stops publishing.
async fn watch_company(company: Arc<AtomicBool>, store: Arc<dyn Store>, node: Node, shutdown: CancellationToken) {
    let mut ticks = tokio::time::interval(node.settings().heartbeat);
    ticks.set_missed_tick_behavior(MissedTickBehavior::Skip);
    loop {
        tokio::select! {
            () = shutdown.cancelled() => return,
            _ = ticks.tick() => {}
        }
        match store.live_nodes(node.ttl_ms()).await {
            Ok(nodes) => company.store(nodes.iter().any(|row| row.id != node.id()), Ordering::Relaxed),
            // Unsure: keep publishing, since a message to nobody costs less than one missed.
            Err(error) => tracing::warn!(%error, "could not read the live nodes"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_connection_frame_longer_than_a_notification_is_refused() {
        let node = Uuid::new_v4();
        let frame = |length| ClusterMessage::ConnectionFrame {
            node,
            game_id: node,
            connections: vec![7],
            frame: "x".repeat(length),
        };

        assert!(fits_in_notifications(node, &frame(7_800)).is_ok());
        assert!(matches!(
            fits_in_notifications(node, &frame(8_000)),
            Err(RelayError::TooLong { bytes }) if bytes > MAX_PAYLOAD_BYTES
        ));
    }
}
