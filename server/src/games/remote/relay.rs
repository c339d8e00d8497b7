//! The relaying node's end of forwarded subscriptions: which connections here watch which game through the node
//! running it, and the task that brings them the game's frames.
//!
//! - A stored event reaches this node as the bus's `GamesAdvanced` (one notification per committed batch) and
//!   is read here from the store after the lowest sequence number delivered to the game's watchers here, in one
//!   read for every game of the notification however many watch them; each watcher gets the events after its
//!   own. The frame is the one the
//!   owner's actor pushes to its own subscribers (`ServerFrame::Event`, the same for every subscriber). A
//!   `Resync` reads every relayed game again.
//! - Every other frame (viewer counts, chat, presence, rematch notices: what the owner's actor chose for the
//!   subscriber) comes addressed to the connection as a `ConnectionFrame`. None overtakes an event committed
//!   before it: the commit's notification comes first (PostgreSQL delivers notifications in commit order), and
//!   the events it announces are read before the next message is heard. A `Resync` may have lost some, so every
//!   relayed subscription has its owner send again what its subscription brought besides events (the chat
//!   history, the spectator count, the rematch).
//! - Every heartbeat, a game whose lease holder is no longer the node a watcher subscribed through (it died, or
//!   the game moved) closes that watcher's socket with [`kartka_protocol::RESUBSCRIBE_CLOSE_CODE`]: the client
//!   subscribes again, anywhere, with `after_seq`.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard};

use kartka_engine::Viewer;
use kartka_protocol::ServerFrame;
use tokio::sync::Notify;
use tokio::time::MissedTickBehavior;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use crate::cluster::bus::{BusEvent, BusSubscription, ClusterMessage};
use crate::cluster::Node;
use crate::games::audience::{stored_event, Projected, StoredEventError};
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
    /// The addressed frames of subscriptions sent to their owner and not answered yet, kept until the answer's
    /// own frames are queued: the owner may push one (a chat line, a viewer count) before its answer arrives.
    pending: Arc<Mutex<Pending>>,
}

/// The frames kept for each subscription (game, connection) not answered yet.
type Pending = HashMap<(Uuid, u64), Vec<Arc<str>>>;

/// How many addressed frames a subscription not yet answered keeps; more would be a sign of an owner gone wrong.
const PENDING_FRAMES: usize = 64;

/// A connection here watching a game another node runs.
struct Watcher {
    owner: Owner,
    outbox: Outbox,
    /// The sequence number of the last event it was given.
    delivered: u64,
    /// Who the connection is in the game (its seat's player or a spectator): decides which part of an event with
    /// a private part it is given (`games/audience.rs`).
    viewer: Viewer,
}

impl Relays {
    /// Keeps the addressed frames for `connection`'s subscription of `game_id`, about to be sent to its owner,
    /// until [`Relays::start`] or [`Relays::abandon`].
    pub fn expect(&self, game_id: Uuid, connection: u64) {
        self.pending.lock().expect("relays lock").insert((game_id, connection), Vec::new());
    }

    /// Drops what [`Relays::expect`] kept for a subscription that did not start.
    pub fn abandon(&self, game_id: Uuid, connection: u64) {
        self.pending.lock().expect("relays lock").remove(&(game_id, connection));
    }

    /// Records that `connection` watches `game_id` through `owner`, its queue `outbox` having every event up to
    /// `delivered` (the answer's frames queued), and queues the frames kept for it since [`Relays::expect`];
    /// returns the subscription it replaces, if any.
    pub fn start(
        &self,
        (game_id, connection): (Uuid, u64),
        owner: Owner,
        outbox: Outbox,
        delivered: u64,
        viewer: Viewer,
    ) -> Option<Owner> {
        let mut games = self.lock();
        let early = self.pending.lock().expect("relays lock").remove(&(game_id, connection)).unwrap_or_default();
        for frame in early {
            outbox.push(frame);
        }
        let previous =
            games.entry(game_id).or_default().insert(connection, Watcher { owner, outbox, delivered, viewer });
        drop(games);
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

    /// Every relayed subscription: its game and where it lives.
    fn subscriptions(&self) -> Vec<(Uuid, Owner)> {
        let games = self.lock();
        games
            .iter()
            .flat_map(|(game_id, watchers)| watchers.values().map(|watcher| (*game_id, watcher.owner)))
            .collect()
    }

    /// The node a connection here watches `game_id` through, if any: where its commands go without a lease read.
    pub fn owner_of(&self, game_id: Uuid) -> Option<Uuid> {
        self.lock().get(&game_id)?.values().next().map(|watcher| watcher.owner.node)
    }

    /// Brings the relayed games' frames to their watchers until `shutdown`: hears `events` (the other nodes'
    /// messages) and checks the games' owners every heartbeat of `node`. After the bus lost messages it reads
    /// every relayed game's events again, and hands every relayed subscription to `refresh`, to have its owner send
    /// its other frames again.
    pub async fn run(
        self,
        store: Arc<dyn Store>,
        node: Node,
        mut events: BusSubscription,
        refresh: impl Fn(Vec<(Uuid, Owner)>) + Send + 'static,
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
                        self.read(store.as_ref(), &games).await;
                        refresh(self.subscriptions());
                    }
                    None => return,
                },
                () = self.added.notified() => {
                    let games = std::mem::take(&mut *self.to_read.lock().expect("relays lock"));
                    self.read(store.as_ref(), &games.into_iter().collect::<Vec<_>>()).await;
                }
                _ = ticks.tick() => self.check_owners(store.as_ref(), node).await,
            }
        }
    }

    async fn heard(&self, store: &dyn Store, here: Uuid, message: ClusterMessage) {
        match message {
            ClusterMessage::GamesAdvanced(games) => {
                let behind: Vec<Uuid> = games
                    .iter()
                    .filter(|advanced| self.behind(advanced.game_id, advanced.seq))
                    .map(|advanced| advanced.game_id)
                    .collect();
                self.read(store, &behind).await;
            }
            ClusterMessage::ConnectionFrame { node, game_id, connections, frame } if node == here => {
                self.deliver(game_id, &connections, &frame.into());
            }
            _ => {}
        }
    }

    /// Pushes a frame the game's owner addressed to `connections` here: to those watching the game, and kept for
    /// those whose subscription has not been answered yet; dropped for any other.
    fn deliver(&self, game_id: Uuid, connections: &[u64], frame: &Arc<str>) {
        let games = self.lock();
        let watchers = games.get(&game_id);
        let mut pending = self.pending.lock().expect("relays lock");
        for connection in connections {
            if let Some(watcher) = watchers.and_then(|watchers| watchers.get(connection)) {
                watcher.outbox.push(frame.clone());
            } else if let Some(kept) = pending.get_mut(&(game_id, *connection)) {
                if kept.len() < PENDING_FRAMES {
                    kept.push(frame.clone());
                } else {
                    tracing::warn!(game = %game_id, "dropped a frame for a subscription not answered yet");
                }
            }
        }
    }

    /// Whether a watcher of the game here has not had the event `seq`.
    fn behind(&self, game_id: Uuid, seq: i64) -> bool {
        let games = self.lock();
        let Some(watchers) = games.get(&game_id) else { return false };
        watchers.values().any(|watcher| (watcher.delivered as i64) < seq)
    }

    /// Gives `connection`'s relayed watch of `game_id` the events up to `seq` now, if it has not had them (a
    /// no-op for a connection that does not watch the game through another node).
    pub async fn catch_up(&self, store: &dyn Store, game_id: Uuid, connection: u64, seq: u64) {
        let behind = self
            .lock()
            .get(&game_id)
            .and_then(|watchers| watchers.get(&connection))
            .is_some_and(|watcher| watcher.delivered < seq);
        // Boxed: this runs before every acknowledgement, and only a connection watching through another node
        // reads; inline, the read's state would be copied into every acknowledgement's future.
        if behind {
            Box::pin(self.read(store, &[game_id])).await;
        }
    }

    /// Reads the games' events, each after the lowest sequence number its watchers here have, in one store
    /// read for all of them, and gives each watcher those after its own.
    async fn read(&self, store: &dyn Store, games: &[Uuid]) {
        let after: Vec<(Uuid, i64)> = {
            let relayed = self.lock();
            games
                .iter()
                .filter_map(|game_id| {
                    let lowest = relayed.get(game_id)?.values().map(|watcher| watcher.delivered).min()?;
                    Some((*game_id, lowest as i64))
                })
                .collect()
        };
        if after.is_empty() {
            return;
        }
        let mut events = match store.events_after_each(&after).await {
            Ok(events) => events,
            Err(error) => {
                tracing::warn!(games = after.len(), %error, "could not read relayed games' events; their watchers resubscribe");
                for (game_id, _) in &after {
                    self.resubscribe_all(*game_id);
                }
                return;
            }
        };
        for (game_id, _) in after {
            let rows = events.remove(&game_id).unwrap_or_default();
            match event_frames(game_id, &rows) {
                Ok(frames) => self.give(game_id, &frames),
                Err(error) => {
                    tracing::error!(game = %game_id, %error, "a relayed game's stored event is unreadable");
                    self.resubscribe_all(game_id);
                }
            }
        }
    }

    /// Gives each watcher of the game the frames after the last event it was given.
    fn give(&self, game_id: Uuid, frames: &[SequencedFrame]) {
        let mut relayed = self.lock();
        let Some(watchers) = relayed.get_mut(&game_id) else { return };
        for watcher in watchers.values_mut() {
            let had = watcher.delivered;
            for (seq, frame) in frames.iter().filter(|(seq, _)| *seq > had) {
                watcher.outbox.push(frame.for_viewer(watcher.viewer).clone());
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

/// A stored event's frames (its public one and any private one) with its sequence number.
type SequencedFrame = (u64, Projected<Arc<str>>);

/// The frames of a game's stored events, with their sequence numbers: each as the game's actor pushes it to its
/// own subscribers, both parts of an event with a private part.
fn event_frames(game_id: Uuid, rows: &[EventRow]) -> Result<Vec<SequencedFrame>, StoredEventError> {
    rows.iter()
        .map(|row| {
            let envelopes = stored_event(game_id, row)?;
            Ok((row.seq as u64, envelopes.map(|envelope| encode(&ServerFrame::Event(envelope.clone())))))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames_of(frames: &crate::outbox::Frames) -> Vec<String> {
        std::iter::from_fn(|| frames.try_frame()).map(|frame| frame.to_string()).collect()
    }

    #[test]
    fn a_frame_sent_before_the_answer_is_queued_after_the_answers_frames() {
        let relays = Relays::default();
        let (game, other_game) = (Uuid::from_u128(1), Uuid::from_u128(2));
        let owner = Owner { node: Uuid::from_u128(3), subscription: 9 };
        relays.expect(game, 7);
        relays.deliver(game, &[7, 8], &Arc::from("early"));
        relays.deliver(other_game, &[7], &Arc::from("another game's"));
        let (outbox, frames) = Outbox::new(16);
        outbox.push(Arc::from("answer"));

        assert_eq!(relays.start((game, 7), owner, outbox, 4, Viewer::Spectator), None);
        relays.deliver(game, &[7], &Arc::from("later"));

        assert_eq!(frames_of(&frames), ["answer", "early", "later"]);
        assert_eq!(relays.stop(game, 7), Some(owner));
        relays.deliver(game, &[7], &Arc::from("after the end"));
        assert!(frames_of(&frames).is_empty(), "a connection that stopped watching gets nothing");
    }

    /// A relayed event with a private part reaches its own seat's watcher as that seat sees it, and every other
    /// watcher (another seat, a spectator) as everyone sees it.
    #[test]
    fn a_private_part_is_relayed_only_to_its_own_seats_watcher() {
        use kartka_engine::Seat;
        let relays = Relays::default();
        let game = Uuid::from_u128(1);
        let owner = Owner { node: Uuid::from_u128(3), subscription: 9 };
        let watchers = [Viewer::Seat(Seat::FIRST), Viewer::Seat(Seat::SECOND), Viewer::Spectator];
        let outboxes: Vec<_> = watchers
            .iter()
            .enumerate()
            .map(|(connection, viewer)| {
                let (outbox, frames) = Outbox::new(16);
                relays.start((game, connection as u64), owner, outbox, 0, *viewer);
                frames
            })
            .collect();

        let fleet = Projected { public: Arc::from("F"), private: Some((Seat::FIRST, Arc::from("F:A1-A4"))) };
        relays.give(game, &[(1, fleet), (2, Projected::public(Arc::from("E5x")))]);

        assert_eq!(frames_of(&outboxes[0]), ["F:A1-A4", "E5x"]);
        assert_eq!(frames_of(&outboxes[1]), ["F", "E5x"]);
        assert_eq!(frames_of(&outboxes[2]), ["F", "E5x"]);
    }

    #[test]
    fn an_unanswered_subscription_keeps_a_bounded_number_of_frames_and_none_once_abandoned() {
        let relays = Relays::default();
        let game = Uuid::from_u128(1);
        relays.expect(game, 7);
        for _ in 0..PENDING_FRAMES + 5 {
            relays.deliver(game, &[7], &Arc::from("frame"));
        }
        let kept = relays.pending.lock().expect("relays lock").get(&(game, 7)).map(Vec::len);
        assert_eq!(kept, Some(PENDING_FRAMES));

        relays.abandon(game, 7);
        relays.deliver(game, &[7], &Arc::from("frame"));
        assert!(relays.pending.lock().expect("relays lock").is_empty());
    }
}
