//! Where a request for a game runs: here, when this node runs the game or can take its lease, or on the node
//! that holds the lease, forwarded over the cluster listener ([`super::super::remote`]), with the retries and
//! the memory of unreachable owners ([`super::super::remote::Stalled`]) that keep a dead node from costing more
//! than a few lease takes.

use std::future::Future;
use std::time::Instant;

use uuid::Uuid;

use super::super::actor::{GameError, Subscribed, Subscriber};
use super::super::audience::viewer_of;
use super::super::convert;
use super::super::remote::wire::{RemoteCommand, SubscribeRequest};
use super::super::remote::{Forwarded, Owner};
use super::{Games, FORWARD_ATTEMPTS, FORWARD_PAUSE};

impl Games {
    /// Runs a request here (`here`) or, when another live node runs the game, sends it there as `command`; a
    /// request that found that the lease had moved on starts again from the lease, at most [`FORWARD_ATTEMPTS`]
    /// times. One that did not reach the owner is answered [`GameError::Unreachable`] at once, and so are the
    /// game's requests for a while after it ([`Stalled`](super::super::remote::Stalled)): the client retries, and the lease decides again. A forwarded request whose answer was lost is not sent again (the
    /// owner may have carried it out): the client is told `internal`, and its retry settles it (a move's
    /// retry with the same `client_move_id` is answered with the original).
    ///
    /// `command` is built only when the request goes to another node, and the forwarding runs boxed: a request
    /// that runs here (every request without a cluster) neither copies its action into a command nor carries
    /// the HTTP client's state in its future.
    pub(super) async fn routed<T, Here, Running>(
        &self,
        game_id: Uuid,
        here: Here,
        command: impl Fn() -> RemoteCommand,
    ) -> Result<T, GameError>
    where
        T: serde::de::DeserializeOwned,
        Here: Fn() -> Running,
        Running: Future<Output = Result<T, GameError>>,
    {
        if self.is_stalled(game_id) {
            return Err(GameError::Unreachable);
        }
        if let Some(node) = self.known_owner(game_id) {
            if let Some(answer) = Box::pin(self.send_to_known_owner(node, game_id, &command())).await {
                return answer;
            }
        }
        let mut attempt = 1;
        loop {
            let node = match here().await {
                Err(GameError::OwnedElsewhere { node }) => node,
                answer => return answer,
            };
            let Some(remote) = &self.remote else { return Err(GameError::OwnedElsewhere { node }) };
            match Box::pin(remote.command(node, game_id, &command())).await {
                Forwarded::Answer(Err(GameError::OwnedElsewhere { .. })) if attempt < FORWARD_ATTEMPTS => {}
                Forwarded::Answer(answer) => return answer,
                Forwarded::NotSent => return Err(self.owner_unreachable(game_id)),
            }
            tokio::time::sleep(FORWARD_PAUSE * attempt).await;
            attempt += 1;
        }
    }

    /// The node a connection here watches a game through, when this node does not run the game itself: a
    /// request for the game goes straight there, with no lease read.
    fn known_owner(&self, game_id: Uuid) -> Option<Uuid> {
        self.remote.as_ref()?;
        let node = self.relays.owner_of(game_id)?;
        (!self.runs_here(game_id)).then_some(node)
    }

    /// Sends a command for a game a connection here watches through another node (the [`Games::known_owner`]
    /// `node`) straight to that node: `None` when it did not take the command because it no longer runs the
    /// game or could not be reached (the relay closes such watchers at the next heartbeat, and the lease then
    /// says where the game is). A node that holds the lease no longer but still runs a stale actor may take
    /// it; the sequence check keeps its commit from overwriting another's, as for its own clients.
    async fn send_to_known_owner<T: serde::de::DeserializeOwned>(
        &self,
        node: Uuid,
        game_id: Uuid,
        command: &RemoteCommand,
    ) -> Option<Result<T, GameError>> {
        let remote = self.remote.as_ref()?;
        match remote.command(node, game_id, command).await {
            Forwarded::Answer(Err(GameError::OwnedElsewhere { .. })) | Forwarded::NotSent => None,
            Forwarded::Answer(answer) => Some(answer),
        }
    }

    /// [`Games::subscribe`] after the connection's previous relayed subscription of the game, if any, ended.
    pub(super) async fn subscribe_anywhere(
        &self,
        game_id: Uuid,
        subscriber: Subscriber,
        after_seq: Option<u64>,
    ) -> Result<Subscribed, GameError> {
        if self.is_stalled(game_id) {
            return Err(GameError::Unreachable);
        }
        let mut attempt = 1;
        loop {
            let node = match self.subscribe_here(game_id, subscriber.clone(), after_seq).await {
                Err(GameError::OwnedElsewhere { node }) => node,
                answer => return answer,
            };
            let Some(remote) = &self.remote else { return Err(GameError::OwnedElsewhere { node }) };
            let request = SubscribeRequest {
                node: self.leases.node().id(),
                connection: subscriber.connection,
                account: subscriber.account,
                chat: subscriber.chat,
                viewers: subscriber.viewers,
                rematch: subscriber.rematch,
                after_seq,
            };
            match remote.subscribe(node, game_id, &request).await {
                Forwarded::Answer(Ok(reply)) => {
                    for frame in reply.initial {
                        subscriber.outbox.push(frame.into());
                    }
                    match reply.result.map_err(GameError::from) {
                        Ok(subscribed) => {
                            let owner = Owner { node, subscription: reply.subscription };
                            let key = (game_id, subscriber.connection);
                            // From the initial frames' end: the event the subscription brought (a player's
                            // return) was stored, not pushed here, so it is read like any later one.
                            let delivered = subscribed.initial_through;
                            let viewer = viewer_of(subscribed.seat.map(convert::seat));
                            let started = self.relays.start(key, owner, subscriber.outbox, delivered, viewer);
                            if let Some(replaced) = started {
                                self.unsubscribe_remotely(game_id, replaced, None).await;
                            }
                            return Ok(subscribed);
                        }
                        Err(GameError::OwnedElsewhere { .. }) if attempt < FORWARD_ATTEMPTS => {}
                        Err(error) => return Err(error),
                    }
                }
                Forwarded::Answer(Err(error)) => return Err(error),
                Forwarded::NotSent => return Err(self.owner_unreachable(game_id)),
            }
            tokio::time::sleep(FORWARD_PAUSE * attempt).await;
            attempt += 1;
        }
    }

    /// Whether a request for the game is answered [`GameError::Unreachable`] at once: its owner could not be
    /// reached a moment ago ([`Stalled`](super::super::remote::Stalled)), and this node has not taken the game since.
    pub(super) fn is_stalled(&self, game_id: Uuid) -> bool {
        self.stalled.is_stalled(game_id, Instant::now()) && !self.runs_here(game_id)
    }

    /// Remembers that the game's owner could not be reached, for [`Games::is_stalled`]: the requests for the game
    /// are answered at once for a while, those already waiting to start its actor here included. The error to
    /// answer.
    pub(super) fn owner_unreachable(&self, game_id: Uuid) -> GameError {
        self.stalled.owner_unreachable(game_id, Instant::now());
        GameError::Unreachable
    }

    /// Ends a relayed subscription on the node that holds it. When that node cannot be told, its subscriber
    /// stays until the game stops there (logged once a minute per node, with a count): only a dead node's
    /// subscribers are dropped without being told.
    pub(super) async fn unsubscribe_remotely(&self, game_id: Uuid, owner: Owner, closed_because: Option<String>) {
        let Some(remote) = &self.remote else { return };
        let command = RemoteCommand::Unsubscribe { subscription: owner.subscription, closed_because };
        if !matches!(remote.command::<()>(owner.node, game_id, &command).await, Forwarded::Answer(Ok(()))) {
            self.untold(game_id, owner, "could not end a relayed subscription on the game's node");
        }
    }

    /// Asks the node running a game to send a relayed subscription here its frames other than events again
    /// ([`RemoteCommand::Refresh`]).
    pub(super) async fn refresh_remotely(&self, game_id: Uuid, owner: Owner) {
        let Some(remote) = &self.remote else { return };
        let command = RemoteCommand::Refresh { subscription: owner.subscription };
        if !matches!(remote.command::<()>(owner.node, game_id, &command).await, Forwarded::Answer(Ok(()))) {
            self.untold(game_id, owner, "could not have a relayed subscription refreshed");
        }
    }

    /// Logs that the owner of a relayed subscription could not be told something: the first time at once, then
    /// once a minute per node with how many went unlogged.
    fn untold(&self, game_id: Uuid, owner: Owner, what: &'static str) {
        if let Some(unlogged) = self.untold.note(owner.node, Instant::now()) {
            tracing::warn!(game = %game_id, node = %owner.node, unlogged, "{what}");
        }
    }
}
