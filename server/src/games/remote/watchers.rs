//! The owner's end of forwarded subscriptions: the subscribers its games' actors keep for connections of other
//! nodes, whose queues are emptied onto the cluster bus, and which go when their node dies.
//!
//! A remote subscriber's queue receives what the game's actor chose for it, stored events excepted (the actor
//! does not push those to a relayed subscriber: its node reads them from the store). Each frame is published as
//! a [`ClusterMessage::ConnectionFrame`] addressed to the subscriber's node and connection.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::time::MissedTickBehavior;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use crate::cluster::bus::ClusterMessage;
use crate::cluster::relay::Relay;
use crate::cluster::Node;
use crate::outbox::Frames;
use crate::store::Store;

/// How often a quiet remote subscriber's queue is checked for having been dropped by its game (unsubscribed, or
/// the actor stopped), which a queue does not announce.
const DROPPED_CHECK: Duration = Duration::from_secs(1);

/// A connection of another node subscribed to a game here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RemoteConnection {
    /// The node it is on.
    pub node: Uuid,
    /// Its id there.
    pub connection: u64,
}

/// The remote subscribers of this node's games, by game and subscription number. Cheap to clone.
#[derive(Clone, Default)]
pub struct Watchers {
    subscriptions: Arc<Mutex<HashMap<(Uuid, u64), Uuid>>>,
}

impl Watchers {
    /// Publishes through `relay` every frame that arrives on `frames`, the queue of the subscription
    /// `subscription` of game `game_id` for `remote`, until the game drops it or `shutdown`.
    pub fn forward(
        &self,
        (game_id, subscription): (Uuid, u64),
        remote: RemoteConnection,
        frames: Frames,
        relay: Relay,
        shutdown: CancellationToken,
    ) -> impl std::future::Future<Output = ()> + Send + 'static {
        self.lock().insert((game_id, subscription), remote.node);
        let watchers = self.clone();
        async move {
            let publish = |frame: Arc<str>| {
                let message = ClusterMessage::ConnectionFrame {
                    node: remote.node,
                    game_id,
                    connections: vec![remote.connection],
                    frame: frame.to_string(),
                };
                if let Err(error) = relay.send(message) {
                    tracing::warn!(game = %game_id, node = %remote.node, %error, "a frame for a relayed subscriber was not sent");
                }
            };
            loop {
                if frames.abandoned() {
                    std::iter::from_fn(|| frames.try_frame()).for_each(publish);
                    break;
                }
                tokio::select! {
                    () = shutdown.cancelled() => break,
                    frame = frames.next_frame() => publish(frame),
                    () = tokio::time::sleep(DROPPED_CHECK) => {}
                }
            }
            watchers.lock().remove(&(game_id, subscription));
        }
    }

    /// The subscriptions, by game, of connections on nodes that are not in `live`.
    fn of_dead_nodes(&self, live: &HashSet<Uuid>) -> Vec<(Uuid, u64)> {
        self.lock().iter().filter(|(_, node)| !live.contains(*node)).map(|(key, _)| *key).collect()
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<(Uuid, u64), Uuid>> {
        self.subscriptions.lock().expect("watchers lock")
    }
}

/// Every heartbeat of `node` until `shutdown`, ends the subscriptions of connections on nodes that died (by the
/// nodes table): their players count as gone, as for a closed socket. `unsubscribe` ends one.
pub async fn drop_dead<Unsubscribe, Ending>(
    watchers: Watchers,
    store: Arc<dyn Store>,
    node: Node,
    unsubscribe: Unsubscribe,
    shutdown: CancellationToken,
) where
    Unsubscribe: Fn(Uuid, u64) -> Ending,
    Ending: std::future::Future<Output = ()>,
{
    let mut ticks = tokio::time::interval(node.settings().heartbeat);
    ticks.set_missed_tick_behavior(MissedTickBehavior::Skip);
    loop {
        tokio::select! {
            () = shutdown.cancelled() => return,
            _ = ticks.tick() => {}
        }
        if watchers.lock().is_empty() {
            continue;
        }
        let live: HashSet<Uuid> = match store.live_nodes(node.ttl_ms()).await {
            Ok(nodes) => nodes.into_iter().map(|row| row.id).collect(),
            Err(error) => {
                tracing::warn!(%error, "could not read the live nodes to check the relayed subscribers");
                continue;
            }
        };
        for (game_id, subscription) in watchers.of_dead_nodes(&live) {
            tracing::info!(game = %game_id, "a relayed subscriber's node is gone; unsubscribing it");
            watchers.lock().remove(&(game_id, subscription));
            unsubscribe(game_id, subscription).await;
        }
    }
}
