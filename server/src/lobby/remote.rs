//! The lobby across nodes: one node, the lobby node, runs the cluster's lobby; the others forward to it.
//!
//! The lobby node is whichever node holds [`LOBBY_LOCK`], a PostgreSQL session advisory lock taken on a
//! connection of its own. Every node campaigns for it each heartbeat; PostgreSQL frees it when the holder's
//! session ends, gracefully or because the node died (its socket closes), so the next node to ask takes it.
//! A node that loses its connection stops leading at once, whether or not another took over yet. A node that
//! leads and hears another node announce that it leads (or may have missed such news) checks its connection at
//! once rather than at its next heartbeat, so two nodes believe they lead for no longer than that check takes.
//!
//! Everything else rides the cluster bus ([`LobbyWire`] inside `ClusterMessage::Lobby`): a request is a
//! [`LobbyWire::Call`] naming the asking node and its call number, answered by a [`LobbyWire::Reply`] addressed to
//! that node; news is one [`LobbyWire::News`] that every node hands to its own lobby subscribers. Because the
//! lobby node publishes all of it through one ordered queue, a subscriber's snapshot and the news after it
//! arrive in order.

use std::collections::{HashMap, HashSet};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgConnection};
use sqlx::Connection;
use tokio::sync::{mpsc, oneshot, Notify};
use tokio::time::MissedTickBehavior;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

use super::wire::{entrant_from_wire, LobbyAnswer, LobbyCall, LobbyWire};
use super::{Command, GameRequest, Lobby, LobbyError, CALL_TIMEOUT};
use crate::cluster::bus::ClusterMessage;
use crate::cluster::relay::Listener;
use crate::cluster::Relay;

/// The advisory lock whose holder is the lobby node ("kartkaLB" in ASCII).
pub const LOBBY_LOCK: i64 = 0x6b61_7274_6b61_4c42;

/// This node's end of the cluster's lobby.
pub(super) struct Remote {
    relay: Relay,
    leading: AtomicBool,
    /// Woken when another node may have taken the lobby lock, so that the campaign checks its hold at once.
    challenged: Notify,
    next_call: AtomicU64,
    /// Calls waiting for the lobby node's answer, by number.
    pending: Mutex<HashMap<u64, oneshot::Sender<LobbyAnswer>>>,
    /// Players who joined a pool or opened a seek through this node since the lobby last moved, while they
    /// stay connected here (the lobby task forgets those who leave).
    entered: Entered,
}

/// Players who entered the lobby through this node; shared with the lobby task, which forgets departed ones.
pub(super) type Entered = Arc<Mutex<HashSet<Uuid>>>;

impl Remote {
    pub(super) fn new(relay: Relay) -> Remote {
        Remote {
            relay,
            leading: AtomicBool::new(false),
            challenged: Notify::new(),
            next_call: AtomicU64::new(1),
            pending: Mutex::new(HashMap::new()),
            entered: Entered::default(),
        }
    }

    /// The players who entered the lobby through this node, for the lobby task to forget departed ones.
    pub(super) fn entrants(&self) -> Entered {
        self.entered.clone()
    }

    /// Whether this node holds the lobby lock.
    pub(super) fn leading(&self) -> bool {
        self.leading.load(Ordering::Acquire)
    }

    /// Asks the lobby node and waits for its answer; [`LobbyError::Unavailable`] when none comes in time.
    pub(super) async fn call(&self, request: LobbyCall) -> Result<LobbyAnswer, LobbyError> {
        let call = self.next_call.fetch_add(1, Ordering::Relaxed);
        let (reply, answer) = oneshot::channel();
        self.pending.lock().expect("lobby calls lock").insert(call, reply);
        let from = self.relay.node();
        if let Err(error) = self.relay.send(ClusterMessage::Lobby(LobbyWire::Call { from, call, request })) {
            tracing::warn!(%error, "could not forward a lobby request to the lobby node");
            self.pending.lock().expect("lobby calls lock").remove(&call);
            return Err(LobbyError::Unavailable);
        }
        match tokio::time::timeout(CALL_TIMEOUT, answer).await {
            Ok(Ok(answer)) => Ok(answer),
            _ => {
                self.pending.lock().expect("lobby calls lock").remove(&call);
                Err(LobbyError::Unavailable)
            }
        }
    }

    /// Asks the lobby node for something answered with [`LobbyAnswer::Done`].
    pub(super) async fn done(&self, request: LobbyCall) -> Result<(), LobbyError> {
        match self.call(request).await? {
            LobbyAnswer::Done(done) => Ok(done?),
            other => Err(unexpected(&other)),
        }
    }

    /// Tells the lobby node something it does not answer.
    pub(super) fn tell(&self, request: LobbyCall) {
        tell(&self.relay, request);
    }

    /// Remembers a player who entered the lobby through this node.
    pub(super) fn entered(&self, account: Uuid) {
        self.entered.lock().expect("lobby entrants lock").insert(account);
    }

    /// The players who entered the lobby through this node, forgotten: the lobby they entered is gone.
    fn take_entered(&self) -> Vec<Uuid> {
        self.entered.lock().expect("lobby entrants lock").drain().collect()
    }

    /// Another node said it leads, or news may have been lost: while this node leads, its campaign checks at
    /// once that it still holds the lock. A permit is kept if the campaign is busy, so the check is not lost.
    fn challenge(&self) {
        if self.leading() {
            self.challenged.notify_one();
        }
    }

    fn answered(&self, call: u64, answer: LobbyAnswer) {
        // A call no longer waiting timed out: its answer is dropped.
        if let Some(reply) = self.pending.lock().expect("lobby calls lock").remove(&call) {
            let _ = reply.send(answer);
        }
    }
}

/// Sends the lobby node a call it does not answer.
pub(super) fn tell(relay: &Relay, request: LobbyCall) {
    if let Err(error) = relay.send(ClusterMessage::Lobby(LobbyWire::Call { from: relay.node(), call: 0, request })) {
        tracing::warn!(%error, "could not tell the lobby node");
    }
}

/// An answer of the wrong kind: a node of another version answered. The request may be retried.
pub(super) fn unexpected(answer: &LobbyAnswer) -> LobbyError {
    tracing::error!(?answer, "the lobby node answered a call with an answer of another kind");
    LobbyError::Unavailable
}

/// Starts the campaign for the lobby lock and the receiver of lobby messages of other nodes. The first attempt
/// is made before this returns, so that a node alone, or the first of a cluster, serves its first lobby request
/// itself.
pub(super) async fn spawn(
    lobby: Lobby,
    remote: Arc<Remote>,
    database_url: &str,
    heartbeat: Duration,
    shutdown: CancellationToken,
    tasks: &TaskTracker,
) -> Result<(), sqlx::Error> {
    let options = PgConnectOptions::from_str(database_url)?.application_name(&lock_holder_name(remote.relay.node()));
    // Listening before the campaign starts, so no answer to this node is missed.
    let (heard, queue) = mpsc::channel(HEARD_QUEUE);
    remote.relay.listen(Arc::new(Hearing { remote: Arc::downgrade(&remote), heard }));
    tasks.spawn(receive(lobby.clone(), remote.clone(), queue, shutdown.clone(), tasks.clone()));
    let mut connection = None;
    let leading = try_lock(&mut connection, &options).await?;
    if leading {
        lead(&lobby, &remote, true).await;
    }
    tasks.spawn(campaign(lobby, remote, Campaign { options, connection, leading }, heartbeat, shutdown));
    Ok(())
}

/// Where a node's campaign for the lobby lock stands.
struct Campaign {
    options: PgConnectOptions,
    /// The connection that asks for (and holds) the lock, while it works.
    connection: Option<PgConnection>,
    /// Whether it holds the lock.
    leading: bool,
}

/// The `application_name` of the connection on which node `node` campaigns for (and holds) the lobby lock.
#[must_use]
pub fn lock_holder_name(node: Uuid) -> String {
    format!("kartka-lobby {node}")
}

/// Every heartbeat, asks for the lobby lock, then leads for as long as the connection holding it works, which it
/// checks each heartbeat and whenever another node may have taken the lock.
async fn campaign(
    lobby: Lobby,
    remote: Arc<Remote>,
    mut campaign: Campaign,
    heartbeat: Duration,
    shutdown: CancellationToken,
) {
    let mut ticks = tokio::time::interval(heartbeat);
    ticks.set_missed_tick_behavior(MissedTickBehavior::Skip);
    loop {
        tokio::select! {
            // The lock goes with the connection, when the process ends.
            () = shutdown.cancelled() => return,
            _ = ticks.tick() => {}
            () = remote.challenged.notified() => {}
        }
        if campaign.leading {
            let Some(holding) = campaign.connection.as_mut() else { continue };
            if let Err(error) = holding.ping().await {
                tracing::error!(%error, "lost the lobby lock's connection: this node no longer runs the lobby");
                campaign.connection = None;
                campaign.leading = false;
                lead(&lobby, &remote, false).await;
            }
            continue;
        }
        match try_lock(&mut campaign.connection, &campaign.options).await {
            Ok(false) => {}
            Ok(true) => {
                campaign.leading = true;
                lead(&lobby, &remote, true).await;
            }
            Err(error) => {
                tracing::warn!(%error, "could not ask for the lobby lock");
                campaign.connection = None;
            }
        }
    }
}

/// Takes the lobby lock if it is free, connecting first if need be.
async fn try_lock(connection: &mut Option<PgConnection>, options: &PgConnectOptions) -> Result<bool, sqlx::Error> {
    let connection = match connection {
        Some(connection) => connection,
        None => connection.insert(PgConnection::connect_with(options).await?),
    };
    sqlx::query_scalar("SELECT pg_try_advisory_lock($1)").bind(LOBBY_LOCK).fetch_one(connection).await
}

/// Starts or stops leading the lobby. A new lobby node says so, and every node (this one too) tells the players
/// who entered the lobby through it that their pool entries and seeks are gone.
async fn lead(lobby: &Lobby, remote: &Remote, leading: bool) {
    if leading {
        tracing::info!(node = %remote.relay.node(), "this node runs the cluster's lobby");
    }
    remote.leading.store(leading, Ordering::Release);
    lobby.command(Command::Lead { leading }).await;
    if leading {
        if let Err(error) = remote.relay.send(ClusterMessage::Lobby(LobbyWire::Leading)) {
            tracing::warn!(%error, "could not tell the other nodes that this node runs the lobby");
        }
        lobby.command(Command::Dropped { accounts: remote.take_entered() }).await;
    }
}

/// Lobby messages of other nodes waiting for the receiver before more are dropped (logged).
const HEARD_QUEUE: usize = 1_024;

/// What the relay hands the lobby.
// A lobby message may carry a ruleset, which names a Racetrack track inline to stay `Copy`; `Resync` is rare,
// and boxing every message to shrink it would allocate on every message instead.
#[allow(clippy::large_enum_variant)]
enum Heard {
    /// A lobby message of another node that is not an answer to this node.
    Wire(LobbyWire),
    /// Lobby news may have been lost.
    Resync,
}

/// The lobby's listener on the relay: answers to this node's calls are handed to their callers at once, in the
/// order the relay hears them; the rest waits for the receiver task.
struct Hearing {
    /// Weak: the relay keeps its listener, and `Remote` keeps the relay, so a strong one would be a cycle that
    /// outlives the server (its store never dropped).
    remote: Weak<Remote>,
    heard: mpsc::Sender<Heard>,
}

impl Hearing {
    fn queue(&self, heard: Heard) {
        if self.heard.try_send(heard).is_err() {
            tracing::warn!("the lobby fell behind the other nodes: a lobby message was dropped");
        }
    }
}

impl Listener for Hearing {
    fn heard(&self, message: ClusterMessage) {
        let ClusterMessage::Lobby(wire) = message else { return };
        match wire {
            LobbyWire::Reply { to, call, answer } => {
                if let Some(remote) = self.remote.upgrade().filter(|remote| remote.relay.node() == to) {
                    remote.answered(call, answer);
                }
            }
            wire => self.queue(Heard::Wire(wire)),
        }
    }

    fn resync(&self) {
        self.queue(Heard::Resync);
    }
}

/// Hands the lobby messages of other nodes to this node's lobby: calls while it leads, snapshots for its
/// subscribers and news.
async fn receive(
    lobby: Lobby,
    remote: Arc<Remote>,
    mut queue: mpsc::Receiver<Heard>,
    shutdown: CancellationToken,
    tasks: TaskTracker,
) {
    loop {
        let heard = tokio::select! {
            () = shutdown.cancelled() => return,
            heard = queue.recv() => match heard {
                Some(heard) => heard,
                None => return,
            },
        };
        match heard {
            Heard::Resync => {
                remote.challenge();
                lobby.command(Command::Resync).await;
            }
            Heard::Wire(wire) => handle(&lobby, &remote, wire, &tasks).await,
        }
    }
}

async fn handle(lobby: &Lobby, remote: &Arc<Remote>, wire: LobbyWire, tasks: &TaskTracker) {
    let me = remote.relay.node();
    match wire {
        // Only the lobby node acts on calls; one sent while none leads times out at its sender.
        LobbyWire::Call { from, call, request } if remote.leading() => {
            serve(lobby, remote, from, call, request, tasks).await
        }
        LobbyWire::Snapshot { to, connection, frame, last } if to == me => {
            lobby
                .command(Command::Relayed {
                    frame: frame.into(),
                    chat_author: None,
                    connection: Some(connection),
                    last,
                })
                .await;
        }
        LobbyWire::News { frame, chat_author } => {
            lobby.command(Command::Relayed { frame: frame.into(), chat_author, connection: None, last: false }).await;
        }
        LobbyWire::Mute { account, author, muted } => {
            lobby.command(Command::Mute { account, author, muted, relay: false }).await;
        }
        LobbyWire::Leading => {
            remote.challenge();
            lobby.command(Command::Dropped { accounts: remote.take_entered() }).await;
        }
        LobbyWire::Call { .. } | LobbyWire::Reply { .. } | LobbyWire::Snapshot { .. } => {}
    }
}

/// Serves another node's call on the lobby node: requests that take an answer in tasks of their own, since
/// starting a game takes a while.
async fn serve(lobby: &Lobby, remote: &Arc<Remote>, from: Uuid, call: u64, request: LobbyCall, tasks: &TaskTracker) {
    match request {
        LobbyCall::Snapshot { connection } => lobby.command(Command::SnapshotFor { node: from, connection }).await,
        LobbyCall::StartedElsewhere { game_id, players } => {
            lobby.command(Command::StartedElsewhere { game_id, players }).await;
        }
        LobbyCall::Departed { account } => lobby.command(Command::Departed { account, from }).await,
        request => {
            let (lobby, remote) = (lobby.clone(), remote.clone());
            tasks.spawn(async move {
                let Some(answer) = answer(&lobby, request).await else { return };
                let reply = ClusterMessage::Lobby(LobbyWire::Reply { to: from, call, answer });
                if let Err(error) = remote.relay.send(reply) {
                    tracing::warn!(%error, "could not answer another node's lobby request");
                }
            });
        }
    }
}

/// This node's lobby task's answer to a call that takes one; `None` for a malformed call (logged).
async fn answer(lobby: &Lobby, request: LobbyCall) -> Option<LobbyAnswer> {
    let refused = |error: LobbyError| error.into();
    Some(match request {
        LobbyCall::JoinPool { entrant, pool } => {
            let entrant = entrant_from_wire(entrant)?;
            LobbyAnswer::Done(
                flatten(lobby.ask(|reply| Command::Play(GameRequest::JoinPool { entrant, pool, reply })).await)
                    .map_err(refused),
            )
        }
        LobbyCall::LeavePools { account, pool } => LobbyAnswer::Done(
            flatten(lobby.ask(|reply| Command::LeavePools { account, pool, reply }).await).map_err(refused),
        ),
        LobbyCall::CreateSeek { entrant, request } => {
            let entrant = entrant_from_wire(entrant)?;
            LobbyAnswer::SeekCreated(
                flatten(lobby.ask(|reply| Command::Play(GameRequest::CreateSeek { entrant, request, reply })).await)
                    .map_err(refused),
            )
        }
        LobbyCall::CancelSeek { account, seek_id } => LobbyAnswer::Done(
            flatten(lobby.ask(|reply| Command::CancelSeek { account, seek_id, reply }).await).map_err(refused),
        ),
        LobbyCall::AcceptSeek { entrant, seek_id } => {
            let entrant = entrant_from_wire(entrant)?;
            LobbyAnswer::GameStarted(
                flatten(lobby.ask(|reply| Command::Play(GameRequest::AcceptSeek { entrant, seek_id, reply })).await)
                    .map_err(refused),
            )
        }
        LobbyCall::Snapshot { .. } | LobbyCall::StartedElsewhere { .. } | LobbyCall::Departed { .. } => return None,
    })
}

fn flatten<T>(asked: Result<Result<T, LobbyError>, LobbyError>) -> Result<T, LobbyError> {
    asked?
}
