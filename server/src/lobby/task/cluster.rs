//! The lobby task's side of a cluster: one node leads the lobby and the others relay. The leader sends news
//! to the other nodes' subscribers and answers their new subscribers with a snapshot; a follower hands what it
//! hears to its own subscribers and asks the leader for their snapshots.

use std::sync::Arc;

use kartka_protocol::{ErrorCode, ServerFrame};
use uuid::Uuid;

use super::super::pools::Pools;
use super::super::remote::tell;
use super::super::seeks::Seeks;
use super::super::wire::{LobbyCall, LobbyWire};
use crate::cluster::bus::ClusterMessage;
use crate::cluster::relay::RelayError;
use crate::cluster::Relay;
use crate::outbox::encode;

use super::LobbyTask;

impl LobbyTask {
    /// The relay, when this node is in a cluster and another node runs the lobby.
    pub(super) fn follower(&self) -> Option<&Relay> {
        self.relay.as_ref().filter(|_| !self.leading)
    }

    /// Starts or stops running the cluster's lobby. Either way the lobby starts empty: whatever this node held
    /// as the lobby node before is gone (another node may have run the lobby meanwhile). A new lobby node sends
    /// every subscriber, on every node, the empty lobby. A node that stops leading asks the lobby node for each
    /// of its subscribers' snapshots: it may have missed the new lobby node's news, and the `Resync` that followed
    /// was ignored while it still thought it led, so otherwise its subscribers would keep the lost lobby.
    pub(super) fn lead(&mut self, leading: bool) {
        self.leading = leading;
        self.pools = Pools::new(self.settings.windows);
        self.seeks = Seeks::default();
        self.playing.clear();
        if leading {
            // The broadcast brings them the snapshot they were waiting for.
            for waiting in self.awaiting_snapshot.drain().map(|(_, waiting)| waiting) {
                let _ = waiting.send(());
            }
            self.broadcast(&self.snapshot());
        } else {
            // Lost if no node leads yet: the next lobby node's broadcast then brings the empty lobby instead.
            for &connection in self.subscribers.keys() {
                self.request_snapshot(connection);
            }
        }
    }

    /// Asks the lobby node for a subscriber's snapshot.
    pub(super) fn request_snapshot(&self, connection: u64) {
        if let Some(relay) = &self.relay {
            tell(relay, LobbyCall::Snapshot { connection });
        }
    }

    /// Hands another node's frame to this node's subscribers: news to all of them (a chat message of
    /// `chat_author` to its readers), or a part of one subscriber's snapshot to that one.
    pub(super) fn relayed(&mut self, frame: &Arc<str>, chat_author: Option<Uuid>, connection: Option<u64>, last: bool) {
        match connection {
            Some(connection) => {
                if let Some(outbox) = self.subscribers.get(&connection) {
                    outbox.push(frame.clone());
                }
                if last {
                    if let Some(waiting) = self.awaiting_snapshot.remove(&connection) {
                        let _ = waiting.send(());
                    }
                }
            }
            None => match chat_author {
                Some(author) => self.deliver_chat(frame, author),
                None => {
                    for outbox in self.subscribers.values() {
                        outbox.push(frame.clone());
                    }
                }
            },
        }
    }

    /// Sends another node's new subscriber the lobby snapshot: one frame, or when the seeks do not fit in one
    /// notification, the lobby without them followed by a `seek_added` for each. Through the relay's one queue,
    /// so that the news after it follows it.
    pub(super) fn snapshot_for(&self, node: Uuid, connection: u64) {
        let Some(relay) = self.relay.as_ref().filter(|_| self.leading) else { return };
        let part = |frame: &ServerFrame, last: bool| {
            let frame = encode(frame).to_string();
            relay.send(ClusterMessage::Lobby(LobbyWire::Snapshot { to: node, connection, frame, last }))
        };
        let sent = match part(&self.snapshot(), true) {
            Err(RelayError::TooLong { .. }) => {
                let seeks = self.seeks.list();
                let mut sent =
                    part(&ServerFrame::Lobby { seeks: Vec::new(), pools: self.pools.statuses() }, seeks.is_empty());
                let count = seeks.len();
                for (index, seek) in seeks.into_iter().enumerate() {
                    sent = sent.and_then(|()| part(&ServerFrame::SeekAdded { seek }, index + 1 == count));
                }
                sent
            }
            sent => sent,
        };
        if let Err(error) = sent {
            tracing::warn!(%error, "could not send another node's lobby subscriber its snapshot");
        }
    }

    /// Sends news to the other nodes' lobby subscribers, when there are other nodes (with `chat_author`, a chat
    /// message for their chat readers).
    pub(super) fn relay_news(&self, frame: &str, chat_author: Option<Uuid>) {
        let Some(relay) = self.relay.as_ref().filter(|relay| relay.has_company()) else { return };
        if let Err(error) = relay.send(ClusterMessage::Lobby(LobbyWire::News { frame: frame.to_owned(), chat_author }))
        {
            tracing::warn!(%error, "lobby news reached this node's subscribers only");
        }
    }
}

/// What a player who entered the lobby through a node is told there when the lobby node died.
pub(super) fn lobby_restarted() -> ServerFrame {
    ServerFrame::Error {
        id: None,
        code: ErrorCode::LobbyRestarted,
        message: "the lobby restarted on another server node: your pool entries and seeks are gone; join again".into(),
        game_id: None,
    }
}
