//! Finds the actor of a game, loading the game and starting its actor on first use.

use std::borrow::Cow;
use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use kartka_protocol::GameSnapshot;
use tokio::sync::{mpsc, oneshot, OnceCell};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

use super::actor::{
    Action, ActorConfig, AdminAction, Command, GameActor, GameError, LoadError, Subscribed, Subscriber,
};
use super::remote::wire::{RemoteCommand, SubscribeRequest};
use super::remote::{Forwarded, Owner, Relays, Remote, Stalled, Watchers};
use crate::cluster::relay::Relay;
use crate::cluster::{GameHost, Leases};
use crate::store::{AuditRow, ChatRow, LeaseTake, Millis, Store};

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
        let command = RemoteCommand::Act { account, action: action.clone().into() };
        self.routed(game_id, || self.act_here(game_id, account, action.clone()), &command).await
    }

    /// [`Games::act`] on this node only.
    pub(super) async fn act_here(&self, game_id: Uuid, account: Uuid, action: Action) -> Result<u64, GameError> {
        let (reply, answer) = oneshot::channel();
        self.send(game_id, Command::Act { account, action, reply }).await?;
        answer.await.map_err(|_| GameError::UnknownGame)?
    }

    /// Has a game carry out an admin's action, committing `audit` (its time set by the game) with the change;
    /// returns the sequence number of the resulting event.
    pub async fn admin(&self, game_id: Uuid, action: AdminAction, audit: AuditRow) -> Result<u64, GameError> {
        let command = RemoteCommand::Admin { action: action.into(), audit: audit.clone().into() };
        self.routed(game_id, || self.admin_here(game_id, action, audit.clone()), &command).await
    }

    /// [`Games::admin`] on this node only.
    pub(super) async fn admin_here(
        &self,
        game_id: Uuid,
        action: AdminAction,
        audit: AuditRow,
    ) -> Result<u64, GameError> {
        let (reply, answer) = oneshot::channel();
        self.send(game_id, Command::Admin { action, audit, reply }).await?;
        answer.await.map_err(|_| GameError::UnknownGame)?
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

    /// [`Games::subscribe`] after the connection's previous relayed subscription of the game, if any, ended.
    async fn subscribe_anywhere(
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
                            if let Some(replaced) = self.relays.start(key, owner, subscriber.outbox, delivered) {
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
    /// reached a moment ago ([`Stalled`]), and this node has not taken the game since.
    fn is_stalled(&self, game_id: Uuid) -> bool {
        self.stalled.is_stalled(game_id, Instant::now()) && !self.runs_here(game_id)
    }

    /// Remembers that the game's owner could not be reached, for [`Games::is_stalled`]: the requests for the game
    /// are answered at once for a while, those already waiting to start its actor here included. The error to
    /// answer.
    fn owner_unreachable(&self, game_id: Uuid) -> GameError {
        self.stalled.owner_unreachable(game_id, Instant::now());
        GameError::Unreachable
    }

    /// How many times this node has asked the database for a game's lease (to start a game's actor, or to find
    /// which node runs it): the cost of requests for games other nodes hold.
    #[must_use]
    pub fn lease_takes(&self) -> u64 {
        self.lease_takes.load(Ordering::Relaxed)
    }

    /// [`Games::subscribe`] on this node only.
    pub(super) async fn subscribe_here(
        &self,
        game_id: Uuid,
        subscriber: Subscriber,
        after_seq: Option<u64>,
    ) -> Result<Subscribed, GameError> {
        let (reply, answer) = oneshot::channel();
        self.send(game_id, Command::Subscribe { subscriber, after_seq, reply }).await?;
        answer.await.map_err(|_| GameError::UnknownGame)?
    }

    /// Has a game store a message said in one of its chat channels and deliver it to the channel's readers.
    pub async fn chat(&self, game_id: Uuid, message: ChatRow) -> Result<(), GameError> {
        let command = RemoteCommand::Chat { message: message.clone().into() };
        self.routed(game_id, || self.chat_here(game_id, message.clone()), &command).await
    }

    /// [`Games::chat`] on this node only.
    pub(super) async fn chat_here(&self, game_id: Uuid, message: ChatRow) -> Result<(), GameError> {
        let (reply, answer) = oneshot::channel();
        self.send(game_id, Command::Chat { message, reply }).await?;
        answer.await.map_err(|_| GameError::UnknownGame)?
    }

    /// A player of a game mutes or unmutes their opponent's chat there.
    pub async fn mute_opponent(&self, game_id: Uuid, account: Uuid, muted: bool) -> Result<(), GameError> {
        let command = RemoteCommand::MuteOpponent { account, muted };
        self.routed(game_id, || self.mute_opponent_here(game_id, account, muted), &command).await
    }

    /// [`Games::mute_opponent`] on this node only.
    pub(super) async fn mute_opponent_here(&self, game_id: Uuid, account: Uuid, muted: bool) -> Result<(), GameError> {
        let (reply, answer) = oneshot::channel();
        self.send(game_id, Command::MuteOpponent { account, muted, reply }).await?;
        answer.await.map_err(|_| GameError::UnknownGame)?
    }

    /// The whole state of a game now.
    pub async fn snapshot(&self, game_id: Uuid) -> Result<GameSnapshot, GameError> {
        self.routed(game_id, || self.snapshot_here(game_id), &RemoteCommand::Snapshot).await
    }

    /// [`Games::snapshot`] on this node only.
    pub(super) async fn snapshot_here(&self, game_id: Uuid) -> Result<GameSnapshot, GameError> {
        let (reply, answer) = oneshot::channel();
        self.send(game_id, Command::Snapshot { reply }).await?;
        answer.await.map_err(|_| GameError::UnknownGame)
    }

    /// Runs a request here (`here`) or, when another live node runs the game, sends it there as `command`; a
    /// request that found that the lease had moved on starts again from the lease, at most [`FORWARD_ATTEMPTS`]
    /// times. One that did not reach the owner is answered [`GameError::Unreachable`] at once, and so are the
    /// game's requests for a while after it ([`Stalled`]): the client retries, and the lease decides again. A forwarded request whose answer was lost is not sent again (the
    /// owner may have carried it out): the client is told `internal`, and its retry settles it (a move's
    /// retry with the same `client_move_id` is answered with the original).
    async fn routed<T, Here, Running>(&self, game_id: Uuid, here: Here, command: &RemoteCommand) -> Result<T, GameError>
    where
        T: serde::de::DeserializeOwned,
        Here: Fn() -> Running,
        Running: Future<Output = Result<T, GameError>>,
    {
        if self.is_stalled(game_id) {
            return Err(GameError::Unreachable);
        }
        if let Some(answer) = self.send_to_known_owner(game_id, command).await {
            return answer;
        }
        let mut attempt = 1;
        loop {
            let node = match here().await {
                Err(GameError::OwnedElsewhere { node }) => node,
                answer => return answer,
            };
            let Some(remote) = &self.remote else { return Err(GameError::OwnedElsewhere { node }) };
            match remote.command(node, game_id, command).await {
                Forwarded::Answer(Err(GameError::OwnedElsewhere { .. })) if attempt < FORWARD_ATTEMPTS => {}
                Forwarded::Answer(answer) => return answer,
                Forwarded::NotSent => return Err(self.owner_unreachable(game_id)),
            }
            tokio::time::sleep(FORWARD_PAUSE * attempt).await;
            attempt += 1;
        }
    }

    /// Sends a command for a game a connection here watches through another node straight to that node, with
    /// no lease read: `None` when there is no such node, or it did not take the command because it no longer
    /// runs the game or could not be reached (the relay closes such watchers at the next heartbeat, and the
    /// lease then says where the game is). A node that holds the lease no longer but still runs a stale actor
    /// may take it; the sequence check keeps its commit from overwriting another's, as for its own clients.
    async fn send_to_known_owner<T: serde::de::DeserializeOwned>(
        &self,
        game_id: Uuid,
        command: &RemoteCommand,
    ) -> Option<Result<T, GameError>> {
        let remote = self.remote.as_ref()?;
        let node = self.relays.owner_of(game_id)?;
        if self.runs_here(game_id) {
            return None;
        }
        match remote.command(node, game_id, command).await {
            Forwarded::Answer(Err(GameError::OwnedElsewhere { .. })) | Forwarded::NotSent => None,
            Forwarded::Answer(answer) => Some(answer),
        }
    }

    /// Whether this node has a running actor for the game.
    fn runs_here(&self, game_id: Uuid) -> bool {
        let actors = self.actors.lock().expect("registry lock");
        actors.get(&game_id).is_some_and(|slot| slot.get().is_some_and(|sender| !sender.is_closed()))
    }

    /// How many game actors are running now: live games, and the correspondence games someone watches or
    /// asked something of lately.
    #[must_use]
    pub fn running(&self) -> usize {
        let actors = self.actors.lock().expect("registry lock");
        actors.values().filter(|slot| slot.get().is_some_and(|sender| !sender.is_closed())).count()
    }

    /// Starts a game's actor if no node runs it, so that its clock is watched. A game another live node runs
    /// is watched there: a new game that another node's sweep took before its creator started it is no failure.
    pub async fn ensure_running(&self, game_id: Uuid) -> Result<(), GameError> {
        match self.actor(game_id).await {
            Ok(_) | Err(GameError::OwnedElsewhere { .. }) => Ok(()),
            Err(error) => Err(error),
        }
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

    /// Ends a relayed subscription on the node that holds it. When that node cannot be told, its subscriber
    /// stays until the game stops there (logged): only a dead node's subscribers are dropped without being told.
    async fn unsubscribe_remotely(&self, game_id: Uuid, owner: Owner, closed_because: Option<String>) {
        let Some(remote) = &self.remote else { return };
        let command = RemoteCommand::Unsubscribe { subscription: owner.subscription, closed_because };
        if !matches!(remote.command::<()>(owner.node, game_id, &command).await, Forwarded::Answer(Ok(()))) {
            tracing::warn!(game = %game_id, node = %owner.node, "could not end a relayed subscription on the game's node");
        }
    }

    /// [`Games::unsubscribe`] on this node only.
    pub(super) async fn unsubscribe_here(
        &self,
        game_id: Uuid,
        connection: u64,
        closed_because: Option<Cow<'static, str>>,
    ) {
        if let Some(sender) = self.actor_of(game_id) {
            let _ = sender.send(Command::Unsubscribe { connection, closed_because }).await;
        }
    }

    /// Asks the node running a game to send a relayed subscription here its frames other than events again
    /// ([`RemoteCommand::Refresh`]).
    async fn refresh_remotely(&self, game_id: Uuid, owner: Owner) {
        let Some(remote) = &self.remote else { return };
        let command = RemoteCommand::Refresh { subscription: owner.subscription };
        if !matches!(remote.command::<()>(owner.node, game_id, &command).await, Forwarded::Answer(Ok(()))) {
            tracing::warn!(game = %game_id, node = %owner.node, "could not have a relayed subscription refreshed");
        }
    }

    /// [`RemoteCommand::Refresh`] on this node: a no-op when no actor of the game runs here.
    pub(super) async fn refresh_here(&self, game_id: Uuid, subscription: u64) {
        if let Some(sender) = self.actor_of(game_id) {
            let _ = sender.send(Command::Refresh { connection: subscription }).await;
        }
    }

    /// The queue of the game's actor, if one runs here (without starting one).
    fn actor_of(&self, game_id: Uuid) -> Option<mpsc::Sender<Command>> {
        self.actors.lock().expect("registry lock").get(&game_id).and_then(|slot| slot.get().cloned())
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

    /// [`Games::announce_rematch`] on this node only; whether an actor of the game runs here.
    pub(super) async fn announce_rematch_here(&self, game_id: Uuid, rematch_id: Uuid) -> bool {
        match self.actor_of(game_id) {
            Some(sender) => sender.send(Command::Rematch { rematch_id }).await.is_ok(),
            None => false,
        }
    }

    /// Sends a command, starting the actor if needed. An actor that just stopped (its game over and
    /// unwatched) is started again once.
    async fn send(&self, game_id: Uuid, command: Command) -> Result<(), GameError> {
        let sender = self.actor(game_id).await?;
        match sender.send(command).await {
            Ok(()) => Ok(()),
            Err(mpsc::error::SendError(command)) => {
                self.forget_stopped(game_id);
                let sender = self.actor(game_id).await?;
                sender.send(command).await.map_err(|_| GameError::UnknownGame)
            }
        }
    }

    /// The queue of the game's actor, started here if it runs nowhere. Every request for a game shares its one
    /// slot while the actor starts, so that one actor starts however many ask at once.
    async fn actor(&self, game_id: Uuid) -> Result<mpsc::Sender<Command>, GameError> {
        let slot = self.actors.lock().expect("registry lock").entry(game_id).or_default().clone();
        let sender = slot.get_or_try_init(|| self.start(game_id)).await.cloned();
        if sender.is_err() {
            drop(slot);
            self.forget_unstarted(game_id);
        }
        sender
    }

    /// Takes the game's lease for this node, or says which live node holds it. When taken from a dead node:
    /// that node's last heartbeat, since when nobody watched the game's clock.
    async fn take_lease(&self, game_id: Uuid) -> Result<Option<Millis>, GameError> {
        self.lease_takes.fetch_add(1, Ordering::Relaxed);
        match self.leases.take(game_id).await.map_err(GameError::Store)? {
            LeaseTake::Taken => Ok(None),
            LeaseTake::TakenFromDead { last_beat } => Ok(Some(last_beat)),
            LeaseTake::HeldBy(node) => Err(GameError::OwnedElsewhere { node }),
            LeaseTake::NoSuchGame => Err(GameError::UnknownGame),
        }
    }

    async fn start(&self, game_id: Uuid) -> Result<mpsc::Sender<Command>, GameError> {
        // Requests that waited on the slot while another found the owner unreachable take no lease each.
        if self.stalled.is_stalled(game_id, Instant::now()) {
            return Err(GameError::Unreachable);
        }
        let owner_lost_at = self.take_lease(game_id).await?;
        let actor = match self.load(game_id).await {
            Ok(actor) => actor.unowned_since(owner_lost_at),
            Err(error) => {
                self.leases.release(game_id).await;
                return Err(error);
            }
        };
        let (sender, commands) = mpsc::channel(COMMAND_QUEUE);
        let registry = self.clone();
        let shutdown = self.shutdown.clone();
        let (leases, stopping) = (self.leases.clone(), self.shutdown.clone());
        self.tasks.spawn(async move {
            // The lease goes back while the actor's queue is still open, so that no new actor of this node can
            // take the lease before the old one's release lands. A shutdown releases every lease at once.
            let release = async move {
                if !stopping.is_cancelled() {
                    leases.release(game_id).await;
                }
            };
            actor.run(commands, shutdown, release).await;
            registry.forget_stopped(game_id);
        });
        Ok(sender)
    }

    async fn load(&self, game_id: Uuid) -> Result<GameActor, GameError> {
        match GameActor::load(self.store.clone(), game_id, self.config.clone()).await {
            Ok(Some(actor)) => Ok(actor),
            Ok(None) => Err(GameError::UnknownGame),
            Err(LoadError::Store(error)) => Err(GameError::Store(error)),
            Err(error @ LoadError::Corrupt(..)) => {
                tracing::error!(%error, "refusing to run a game");
                Err(GameError::NotAllowed("this game's record is damaged; an admin has been told".into()))
            }
        }
    }

    /// Drops the registry entry of a game whose actor has stopped. An entry whose actor is still starting is
    /// not this one's: the requests waiting for it would start a second actor if the next request found no entry.
    fn forget_stopped(&self, game_id: Uuid) {
        let mut actors = self.actors.lock().expect("registry lock");
        if actors.get(&game_id).is_some_and(|slot| slot.get().is_some_and(mpsc::Sender::is_closed)) {
            actors.remove(&game_id);
        }
    }

    /// Drops the registry entry of a game whose actor did not start, once no other request holds it. Requests
    /// take the entry only under the registry's lock, so one held by the registry alone has nobody starting
    /// or waiting on it; one still held is kept, for a waiting request may yet start the actor in it, and an
    /// entry made anew beside it would start a second actor of the game.
    fn forget_unstarted(&self, game_id: Uuid) {
        let mut actors = self.actors.lock().expect("registry lock");
        if actors.get(&game_id).is_some_and(|slot| slot.get().is_none() && Arc::strong_count(slot) == 1) {
            actors.remove(&game_id);
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
