//! Finds the actor of a game, loading the game and starting its actor on first use: [`Games`], every part's way
//! to a game. Its requests run where the game runs (`routing.rs`); `here.rs` holds this node's actors.

mod here;
mod routing;

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use async_trait::async_trait;
use kartka_protocol::GameSnapshot;
use tokio::sync::{mpsc, OnceCell};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

use super::actor::{Action, ActorConfig, AdminAction, Command, GameError, Subscriber};
use super::remote::wire::RemoteCommand;
use super::remote::{Forwarded, Owner, Relays, Remote, Repeats, Stalled, Watchers, REPEAT_LOG_INTERVAL};
use crate::cluster::relay::Relay;
use crate::cluster::{GameHost, Leases};
use crate::store::{AuditRow, ChatRow, Store};

/// Commands a game's actor queues before senders wait.
const COMMAND_QUEUE: usize = 64;

/// How many times a request for a game another node runs is sent, each after looking the lease up again, while
/// the node it reached says it no longer runs the game: the owner may have just stopped, or handed it on.
const FORWARD_ATTEMPTS: u32 = 3;

/// The pause before sending a forwarded request again, times the attempt's number.
const FORWARD_PAUSE: Duration = Duration::from_millis(100);

/// A game whose owner could not be reached is tried again after a heartbeat interval over this: a lease freed by
/// the owner's death is taken that much after the TTL at most, and a dead owner's game costs this node a few
/// lease takes per heartbeat however many clients retry it.
const STALLED_PER_HEARTBEAT: u32 = 4;

type Slot = Arc<OnceCell<mpsc::Sender<Command>>>;

/// Drops, when it goes, what [`Relays::expect`] kept for a subscription.
struct Abandon<'a> {
    relays: &'a Relays,
    key: (Uuid, u64),
}

impl Drop for Abandon<'_> {
    fn drop(&mut self) {
        self.relays.abandon(self.key.0, self.key.1);
    }
}

/// The running game actors. Cheap to clone.
///
/// A game's actor runs on the node holding the game's lease: the registry takes it before it loads the game,
/// and while another live node holds it, forwards the request to that node ([`Remote`], see
/// `games/remote/`), or without a cluster listener refuses with [`GameError::OwnedElsewhere`]. The actor gives
/// the lease back when it stops (not at a shutdown: the node's row goes then, and every lease with it).
#[derive(Clone)]
pub struct Games {
    store: Arc<dyn Store>,
    actors: Arc<Mutex<HashMap<Uuid, Slot>>>,
    config: ActorConfig,
    leases: Leases,
    remote: Option<Remote>,
    /// Subscriptions of connections here to games other nodes run.
    relays: Relays,
    /// Subscriptions of connections of other nodes to games this node runs.
    watchers: Watchers,
    /// The cluster bus's relay, once this node has joined the others.
    relay: Arc<OnceLock<Relay>>,
    /// Games whose owner could not be reached lately: their requests are answered at once for a while.
    stalled: Arc<Stalled>,
    /// Relayed subscriptions whose owner could not be told of their end or refresh, counted per owner node and
    /// logged once a minute: while a node is down every watcher of its games fails alike.
    untold: Arc<Repeats<Uuid>>,
    /// How many times this node has asked the database for a game's lease.
    lease_takes: Arc<AtomicU64>,
    shutdown: CancellationToken,
    tasks: TaskTracker,
}

impl Games {
    /// An empty registry whose actors run with `config` under `leases`, stop when `shutdown` is cancelled and
    /// are tracked by `tasks`; requests for games other nodes run go to them through `remote`, when set.
    #[must_use]
    pub fn new(
        store: Arc<dyn Store>,
        config: ActorConfig,
        leases: Leases,
        remote: Option<Remote>,
        shutdown: CancellationToken,
        tasks: TaskTracker,
    ) -> Games {
        Games {
            store,
            actors: Arc::default(),
            config,
            leases: leases.clone(),
            remote,
            relays: Relays::default(),
            watchers: Watchers::default(),
            relay: Arc::default(),
            stalled: Arc::new(Stalled::new(leases.node().settings().heartbeat / STALLED_PER_HEARTBEAT)),
            untold: Arc::new(Repeats::new(REPEAT_LOG_INTERVAL)),
            lease_takes: Arc::default(),
            shutdown,
            tasks,
        }
    }

    /// Joins the other nodes through `relay`: from now on the games other nodes run bring their frames to the
    /// connections here that watch them, and the connections of other nodes watching games here get theirs.
    pub fn join_cluster(&self, relay: Relay) {
        let events = relay.subscribe();
        if self.relay.set(relay).is_err() {
            tracing::warn!("the games already joined the cluster");
            return;
        }
        let node = self.leases.node();
        let games = self.clone();
        let refresh = move |subscriptions: Vec<(Uuid, Owner)>| {
            let games = games.clone();
            games.tasks.clone().spawn(async move {
                for (game_id, owner) in subscriptions {
                    games.refresh_remotely(game_id, owner).await;
                }
            });
        };
        self.tasks.spawn(self.relays.clone().run(self.store.clone(), node, events, refresh, self.shutdown.clone()));
        let games = self.clone();
        let unsubscribe = move |game_id, subscription| {
            let games = games.clone();
            async move { games.unsubscribe_here(game_id, subscription, None).await }
        };
        let dropping = super::remote::drop_dead(
            self.watchers.clone(),
            self.store.clone(),
            node,
            unsubscribe,
            self.shutdown.clone(),
        );
        self.tasks.spawn(dropping);
    }

    /// The cluster bus's relay, once this node has joined the others.
    pub(super) fn cluster_relay(&self) -> Option<Relay> {
        self.relay.get().cloned()
    }

    /// The subscriptions of other nodes' connections to the games here.
    pub(super) fn watchers(&self) -> &Watchers {
        &self.watchers
    }

    /// The id of this node, which runs the games this registry starts: a new game is stored with its lease
    /// (see [`Store::insert_game`]).
    #[must_use]
    pub fn node_id(&self) -> Uuid {
        self.leases.node().id()
    }

    /// The clock rules (a correspondence day, the first-move time) of the games this registry runs.
    #[must_use]
    pub fn clock_rules(&self) -> super::clock::ClockRules {
        self.config.clocks
    }

    /// Starts the actors of every active live game no live node runs, so their clocks run (after a restart, or
    /// at start-up); returns how many it started (a game this node already runs holds a live lease, so it is not
    /// among them). One query finds them: the games other nodes run cost nothing.
    /// Correspondence games load when asked for, and the sweeper starts those whose clock has fallen: the store
    /// does not even read them here, so that a start's memory does not grow with their number.
    pub async fn resume_active(&self) -> Result<usize, crate::store::StoreError> {
        let unowned = self.store.unowned_live_games(self.leases.node().ttl_ms()).await?;
        let mut resumed = 0;
        for game_id in unowned {
            match self.actor(game_id).await {
                Ok(_) => resumed += 1,
                // Another node's sweep took it meanwhile.
                Err(GameError::OwnedElsewhere { .. }) => {}
                Err(error) => tracing::error!(game = %game_id, %error, "could not resume a game"),
            }
        }
        Ok(resumed)
    }

    /// Called before a connection's request on a game is acknowledged with the event `seq`: a connection that
    /// watches the game through another node is given the events up to `seq` first, so that, as on the game's
    /// own node, a mover sees its event before its `ack` (the bus would bring them a moment later).
    pub async fn before_ack(&self, game_id: Uuid, connection: u64, seq: u64) {
        self.relays.catch_up(self.store.as_ref(), game_id, connection, seq).await;
    }

    /// Asks a game to perform a player's action; returns the sequence number of the resulting event.
    pub async fn act(&self, game_id: Uuid, account: Uuid, action: Action) -> Result<u64, GameError> {
        let command = || RemoteCommand::Act { account, action: action.clone().into() };
        self.routed(game_id, || self.act_here(game_id, account, action.clone()), command).await
    }

    /// Has a game carry out an admin's action, committing `audit` (its time set by the game) with the change;
    /// returns the sequence number of the resulting event.
    pub async fn admin(&self, game_id: Uuid, action: AdminAction, audit: AuditRow) -> Result<u64, GameError> {
        let command = || RemoteCommand::Admin { action: action.into(), audit: audit.clone().into() };
        self.routed(game_id, || self.admin_here(game_id, action, audit.clone()), command).await
    }

    /// Subscribes a connection to a game; the game first pushes a snapshot, or the events after `after_seq`.
    /// Returns the game's sequence number at that moment. A game another node runs is subscribed to there, and
    /// its frames relayed into the connection's queue until it unsubscribes.
    pub async fn subscribe(
        &self,
        game_id: Uuid,
        subscriber: Subscriber,
        after_seq: Option<u64>,
    ) -> Result<u64, GameError> {
        // A subscription anew replaces the connection's relayed one of the game, if it had one.
        if let Some(previous) = self.relays.stop(game_id, subscriber.connection) {
            self.unsubscribe_remotely(game_id, previous, None).await;
        }
        // The owner may push a frame for the subscription before its answer arrives here; what is kept for it
        // goes when this ends, however it ends (a no-op once the subscription has started).
        self.relays.expect(game_id, subscriber.connection);
        let _abandon = Abandon { relays: &self.relays, key: (game_id, subscriber.connection) };
        self.subscribe_anywhere(game_id, subscriber, after_seq).await.map(|subscribed| subscribed.seq)
    }

    /// How many times this node has asked the database for a game's lease (to start a game's actor, or to find
    /// which node runs it): the cost of requests for games other nodes hold.
    #[must_use]
    pub fn lease_takes(&self) -> u64 {
        self.lease_takes.load(Ordering::Relaxed)
    }

    /// Has a game store a message said in one of its chat channels and deliver it to the channel's readers.
    pub async fn chat(&self, game_id: Uuid, message: ChatRow) -> Result<(), GameError> {
        let command = || RemoteCommand::Chat { message: message.clone().into() };
        self.routed(game_id, || self.chat_here(game_id, message.clone()), command).await
    }

    /// A player of a game mutes or unmutes their opponent's chat there.
    pub async fn mute_opponent(&self, game_id: Uuid, account: Uuid, muted: bool) -> Result<(), GameError> {
        let command = || RemoteCommand::MuteOpponent { account, muted };
        self.routed(game_id, || self.mute_opponent_here(game_id, account, muted), command).await
    }

    /// The whole state of a game now.
    pub async fn snapshot(&self, game_id: Uuid) -> Result<GameSnapshot, GameError> {
        self.routed(game_id, || self.snapshot_here(game_id), || RemoteCommand::Snapshot).await
    }

    /// Removes a connection from a game's subscribers (a no-op if the game's actor is gone); a subscription
    /// relayed from another node is ended there. `closed_because` is set when the server closed the connection
    /// for breaking its rules: the game records it, wherever it runs.
    pub async fn unsubscribe(&self, game_id: Uuid, connection: u64, closed_because: Option<&'static str>) {
        match self.relays.stop(game_id, connection) {
            Some(owner) => self.unsubscribe_remotely(game_id, owner, closed_because.map(str::to_owned)).await,
            None => self.unsubscribe_here(game_id, connection, closed_because.map(Cow::Borrowed)).await,
        }
    }

    /// Tells a game's subscribers that its rematch `rematch_id` started: here, or on the node that runs the game
    /// (a no-op if no actor of the game runs: nobody watches it).
    pub async fn announce_rematch(&self, game_id: Uuid, rematch_id: Uuid) {
        if self.announce_rematch_here(game_id, rematch_id).await {
            return;
        }
        let Some(remote) = &self.remote else { return };
        let holder = match self.store.lease_holder(game_id).await {
            Ok(holder) => holder,
            Err(error) => {
                tracing::warn!(game = %game_id, %error, "could not find who runs a game to announce its rematch");
                return;
            }
        };
        if let Some(node) = holder.filter(|node| *node != self.leases.node().id()) {
            let command = RemoteCommand::AnnounceRematch { rematch_id };
            match remote.command::<()>(node, game_id, &command).await {
                Forwarded::Answer(Ok(())) => {}
                Forwarded::Answer(Err(error)) => {
                    tracing::warn!(game = %game_id, %error, "could not announce a rematch where the game runs");
                }
                Forwarded::NotSent => {
                    tracing::warn!(game = %game_id, "could not announce a rematch where the game runs")
                }
            }
        }
    }
}

#[async_trait]
impl GameHost for Games {
    async fn take_over(&self, game_id: Uuid) -> bool {
        // An actor still running here lost its lease while this node was taken for dead: take the lease back.
        let taken = if self.runs_here(game_id) {
            self.take_lease(game_id).await.map(drop)
        } else {
            self.actor(game_id).await.map(drop)
        };
        match taken {
            Ok(()) => true,
            // Another node was quicker, or the game's owner was unreachable a moment ago (the next sweep sees).
            Err(GameError::OwnedElsewhere { .. } | GameError::Unreachable) => false,
            Err(error) => {
                tracing::error!(game = %game_id, %error, "could not take over a game");
                false
            }
        }
    }
}
