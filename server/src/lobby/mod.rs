//! The lobby: quick pairing pools, open seeks and the lobby's chat channel, run by one task that owns them in memory.
//!
//! Architecture invariant: one owner. The lobby task alone changes pools and seeks; requests reach it as
//! commands and get their answer on a oneshot channel. It never waits on the database: what it needs to know
//! of a player (ratings, recent seats) is loaded before the request is sent ([`Entrant`]), and games are
//! started by tasks of their own ([`start`]). It learns that a player's last connection closed from
//! [`Connections`], so waiting players and live seeks leave with their players.
//!
//! Several nodes on one PostgreSQL database have one lobby: the task of the node holding the lobby lock owns
//! pools and seeks, and the other nodes forward requests to it over the cluster bus and hand its news to their
//! own subscribers (`remote.rs`, `wire.rs`; ARCHITECTURE.md, "Several nodes").
//!
//! [`Connections`]: crate::ws::Connections

mod entrant;
pub mod pairing;
mod pools;
mod remote;
mod requests;
mod seeks;
mod start;
mod task;
pub mod wire;

use std::collections::HashSet;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use kartka_protocol::{ChatMessage, ErrorCode, PoolSpec, RatingRange, RulesetSpec, Seek, ServerFrame, TimeControl};
use tokio::sync::{mpsc, oneshot, Notify};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

pub use entrant::Entrant;
pub use requests::{answer, subscribe, LobbyRequest};
pub use start::{Matched, Starter};

use self::remote::Remote;
use self::task::LobbyTask;
use self::wire::{LobbyAnswer, LobbyCall};
use crate::cluster::Relay;
pub use crate::config::LobbySettings;
use crate::games::kinds::RulesetError;
use crate::games::GameError;
use crate::outbox::Outbox;
use crate::store::StoreError;
use kartka_protocol::rest::ColourChoice;

/// Requests the lobby task queues before senders wait.
const COMMAND_QUEUE: usize = 256;

/// Why the lobby refused a request. Nothing changed.
#[derive(Debug, thiserror::Error)]
pub enum LobbyError {
    /// No open seek with that id.
    #[error("no open seek with that id")]
    UnknownSeek,
    /// Not allowed now (own seek, rating outside the range, too many pools or seeks, …).
    #[error("{0}")]
    NotAllowed(&'static str),
    /// Someone else's seek.
    #[error("{0}")]
    Forbidden(&'static str),
    /// A guest asked for a rated game.
    #[error("rated games need a registered account; guests play casual games")]
    RegistrationRequired,
    /// A field is out of range.
    #[error("{0}")]
    InvalidRequest(String),
    /// The ruleset cannot be played here: its options break the rules, or it names a track or a word list this
    /// server lacks.
    #[error(transparent)]
    Ruleset(#[from] RulesetError),
    /// The lobby has stopped (the server is shutting down).
    #[error("the lobby is closed; the server is shutting down")]
    Closed,
    /// The store failed.
    #[error("the server could not complete the request; retrying is safe")]
    Store(#[source] StoreError),
    /// The matched game's actor could not start.
    #[error("the game could not be started")]
    Game(#[source] GameError),
    /// The lobby node (another node of the cluster) refused the request.
    #[error("{message}")]
    Remote {
        /// Its code.
        code: ErrorCode,
        /// Its text for the client.
        message: String,
    },
    /// No node answered for the lobby in time: the lobby node has just died and another is taking over.
    #[error("the lobby is moving to another server node; try again in a moment")]
    Unavailable,
}

impl LobbyError {
    /// The stable protocol code.
    #[must_use]
    pub fn code(&self) -> ErrorCode {
        match self {
            LobbyError::UnknownSeek => ErrorCode::UnknownSeek,
            LobbyError::NotAllowed(_) => ErrorCode::NotAllowed,
            LobbyError::Forbidden(_) => ErrorCode::Forbidden,
            LobbyError::RegistrationRequired => ErrorCode::RegistrationRequired,
            LobbyError::InvalidRequest(_) => ErrorCode::InvalidRequest,
            LobbyError::Ruleset(error) => error.code(),
            LobbyError::Remote { code, .. } => *code,
            LobbyError::Closed | LobbyError::Store(_) | LobbyError::Game(_) | LobbyError::Unavailable => {
                ErrorCode::Internal
            }
        }
    }
}

/// A seek as a player asks for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeekRequest {
    /// Game kind and options.
    pub ruleset: RulesetSpec,
    /// The time control.
    pub time_control: TimeControl,
    /// Whether the game changes ratings.
    pub rated: bool,
    /// The ratings that may accept.
    pub rating_range: Option<RatingRange>,
    /// The creator's seat.
    pub colour: ColourChoice,
}

/// How a connection reads the lobby's chat: as whom, and whose messages it is not delivered (the authors its
/// player muted, loaded from the store before the subscription reaches the task, which never waits on it).
#[derive(Clone, Debug, Default)]
pub struct ChatReading {
    /// The connection's account (the nil account for a connection that never said hello).
    pub account: Uuid,
    /// The authors that account muted.
    pub muted: HashSet<Uuid>,
}

/// A request to the lobby task.
enum Command {
    /// A request that would put its player in a new game.
    Play(GameRequest),
    LeavePools {
        account: Uuid,
        pool: Option<PoolSpec>,
        reply: oneshot::Sender<Result<(), LobbyError>>,
    },
    CancelSeek {
        account: Uuid,
        seek_id: Uuid,
        reply: oneshot::Sender<Result<(), LobbyError>>,
    },
    /// On a node that does not lead a clustered lobby, answered once the lobby node's snapshot has arrived.
    Subscribe {
        connection: u64,
        outbox: Outbox,
        chat: Option<ChatReading>,
        reply: oneshot::Sender<()>,
    },
    Unsubscribe {
        connection: u64,
    },
    /// A matched game could not be started: its players are free again.
    NotStarted {
        game_id: Uuid,
    },
    /// A live game started outside the lobby (a challenge was accepted): its players leave the lobby.
    StartedElsewhere {
        game_id: Uuid,
        players: Vec<Uuid>,
    },
    /// A stored message of the lobby's chat, for every subscriber; answered once it is queued for them all.
    Chat {
        message: ChatMessage,
        reply: oneshot::Sender<()>,
    },
    /// Player `account` muted (or unmuted) `author` in the lobby's chat: their chat-reading connections here
    /// stop (or start again) getting `author`'s messages. With `relay`, the other nodes are told too.
    Mute {
        account: Uuid,
        author: Uuid,
        muted: bool,
        relay: bool,
    },
    /// News of the lobby that another part of the server owns, for every subscriber (boxed: a frame may hold a
    /// whole game snapshot, far larger than every other command).
    Announce {
        frame: Box<ServerFrame>,
    },
    /// From now on the lobby is the cluster's: news goes to the other nodes through `relay` too, and players who
    /// leave this node are forgotten from `entered`.
    JoinCluster {
        relay: Relay,
        entered: remote::Entered,
    },
    /// This node has started (`true`) or stopped leading the cluster's lobby; either way it starts empty.
    Lead {
        leading: bool,
    },
    /// Another node's frame for this node's lobby subscribers: news for all of them (with `chat_author`, a chat
    /// message, for the chat's readers that did not mute its author), or with `connection`, a part of that
    /// subscriber's snapshot.
    Relayed {
        frame: Arc<str>,
        chat_author: Option<Uuid>,
        connection: Option<u64>,
        last: bool,
    },
    /// The lobby node sends node `node`'s new subscriber `connection` its snapshot.
    SnapshotFor {
        node: Uuid,
        connection: u64,
    },
    /// A player's last connection on another node closed.
    Departed {
        account: Uuid,
        from: Uuid,
    },
    /// A departed player is connected to no other node (the lobby node's check): they leave the lobby.
    Left {
        account: Uuid,
    },
    /// Lobby news may have been lost between nodes: every subscriber of this node gets a new snapshot.
    Resync,
    /// The lobby node changed and its pools and seeks are gone: these players, who entered the lobby through
    /// this node, are told on their connections here.
    Dropped {
        accounts: Vec<Uuid>,
    },
    /// Whether the game the lobby put a player in (`game_id`) is over, asked in a task of its own, so that the
    /// lobby never waits on a game (which may be loading, or run by another node): the player's held request
    /// is handled again when it is, and refused otherwise.
    PlayingChecked {
        account: Uuid,
        game_id: Uuid,
        over: Result<bool, GameError>,
        request: GameRequest,
    },
}

/// A request that would put its player in a new game: the lobby holds it while it asks whether the game it last
/// put the player in is over.
enum GameRequest {
    JoinPool { entrant: Entrant, pool: PoolSpec, reply: oneshot::Sender<Result<(), LobbyError>> },
    CreateSeek { entrant: Entrant, request: SeekRequest, reply: oneshot::Sender<Result<Seek, LobbyError>> },
    AcceptSeek { entrant: Entrant, seek_id: Uuid, reply: oneshot::Sender<Result<Option<Uuid>, LobbyError>> },
}

impl GameRequest {
    /// The player who asks.
    fn entrant(&self) -> &Entrant {
        match self {
            GameRequest::JoinPool { entrant, .. }
            | GameRequest::CreateSeek { entrant, .. }
            | GameRequest::AcceptSeek { entrant, .. } => entrant,
        }
    }

    /// Answers the request with `error`.
    fn refuse(self, error: LobbyError) {
        match self {
            GameRequest::JoinPool { reply, .. } => {
                let _ = reply.send(Err(error));
            }
            GameRequest::CreateSeek { reply, .. } => {
                let _ = reply.send(Err(error));
            }
            GameRequest::AcceptSeek { reply, .. } => {
                let _ = reply.send(Err(error));
            }
        }
    }
}

/// Accounts whose last connection closed, waiting for the lobby task to notice. A set, so it holds at most one
/// entry per account however often they come and go.
#[derive(Default)]
struct Departures {
    accounts: Mutex<HashSet<Uuid>>,
    arrived: Notify,
}

impl Departures {
    fn mark(&self, account: Uuid) {
        self.accounts.lock().expect("departures lock").insert(account);
        self.arrived.notify_one();
    }

    fn take(&self) -> Vec<Uuid> {
        self.accounts.lock().expect("departures lock").drain().collect()
    }
}

/// How long a node that does not lead the lobby waits for the lobby node's answer.
const CALL_TIMEOUT: Duration = Duration::from_secs(5);

/// The handle to the lobby task. Cheap to clone.
///
/// On one node (and on SQLite) requests go to this node's lobby task. In a cluster (see
/// [`Lobby::join_cluster`]) one node, the lobby node, runs the cluster's lobby; every other node forwards its
/// players' requests there and delivers the lobby's news to its own subscribers.
#[derive(Clone)]
pub struct Lobby {
    commands: mpsc::Sender<Command>,
    cluster: Arc<OnceLock<Arc<Remote>>>,
}

impl Lobby {
    /// Starts the lobby task, tracked by `tasks` and stopped by `shutdown`. Must be called inside a Tokio
    /// runtime.
    #[must_use]
    pub fn start(starter: Starter, settings: LobbySettings, shutdown: CancellationToken, tasks: TaskTracker) -> Lobby {
        let departures = Arc::new(Departures::default());
        let marks = departures.clone();
        starter.connections.on_last_closed(move |account| marks.mark(account));
        let (commands, queue) = mpsc::channel(COMMAND_QUEUE);
        let task = LobbyTask::new(starter, settings, departures, commands.downgrade(), tasks.clone());
        tasks.spawn(task.run(queue, shutdown));
        Lobby { commands, cluster: Arc::new(OnceLock::new()) }
    }

    /// Makes this node's lobby one of the cluster's: this node campaigns for the lobby node's advisory lock on a
    /// connection of its own to the PostgreSQL database at `database_url`, runs the lobby while it holds it and
    /// forwards requests to the lobby node otherwise, in tasks tracked by `tasks` until `shutdown`.
    pub async fn join_cluster(
        &self,
        relay: Relay,
        database_url: &str,
        heartbeat: Duration,
        shutdown: CancellationToken,
        tasks: &TaskTracker,
    ) -> Result<(), sqlx::Error> {
        let remote = Arc::new(Remote::new(relay.clone()));
        if self.cluster.set(remote.clone()).is_err() {
            tracing::warn!("the lobby already joined a cluster; ignoring another");
            return Ok(());
        }
        let _ = self.commands.send(Command::JoinCluster { relay, entered: remote.entrants() }).await;
        remote::spawn(self.clone(), remote, database_url, heartbeat, shutdown, tasks).await
    }

    /// Whether this node runs the lobby: on one node always, in a cluster while it holds the lobby lock.
    #[must_use]
    pub fn leads(&self) -> bool {
        self.cluster.get().is_none_or(|remote| remote.leading())
    }

    /// The lobby node's end when it is another node.
    fn remote(&self) -> Option<&Remote> {
        self.cluster.get().map(Arc::as_ref).filter(|remote| !remote.leading())
    }

    /// Puts a player in a pool (they get its `pool_status`).
    pub async fn join_pool(&self, entrant: Entrant, pool: PoolSpec) -> Result<(), LobbyError> {
        let account = entrant.account();
        if let Some(remote) = self.remote() {
            let entrant = wire::entrant_to_wire(&entrant);
            remote.done(LobbyCall::JoinPool { entrant, pool }).await?;
        } else {
            self.ask(|reply| Command::Play(GameRequest::JoinPool { entrant, pool, reply })).await??;
        }
        self.entered(account);
        Ok(())
    }

    /// Takes a player out of one pool, or every pool.
    pub async fn leave_pools(&self, account: Uuid, pool: Option<PoolSpec>) -> Result<(), LobbyError> {
        if let Some(remote) = self.remote() {
            return remote.done(LobbyCall::LeavePools { account, pool }).await;
        }
        self.ask(|reply| Command::LeavePools { account, pool, reply }).await?
    }

    /// Opens a seek.
    pub async fn create_seek(&self, entrant: Entrant, request: SeekRequest) -> Result<Seek, LobbyError> {
        let account = entrant.account();
        let seek = if let Some(remote) = self.remote() {
            let entrant = wire::entrant_to_wire(&entrant);
            match remote.call(LobbyCall::CreateSeek { entrant, request }).await? {
                LobbyAnswer::SeekCreated(created) => created?,
                other => return Err(remote::unexpected(&other)),
            }
        } else {
            self.ask(|reply| Command::Play(GameRequest::CreateSeek { entrant, request, reply })).await??
        };
        self.entered(account);
        Ok(seek)
    }

    /// Withdraws a player's own seek.
    pub async fn cancel_seek(&self, account: Uuid, seek_id: Uuid) -> Result<(), LobbyError> {
        if let Some(remote) = self.remote() {
            return remote.done(LobbyCall::CancelSeek { account, seek_id }).await;
        }
        self.ask(|reply| Command::CancelSeek { account, seek_id, reply }).await?
    }

    /// Takes a seat in a seek; returns the started game's id once every seat is taken, `None` while the seek is
    /// still open.
    pub async fn accept_seek(&self, entrant: Entrant, seek_id: Uuid) -> Result<Option<Uuid>, LobbyError> {
        if let Some(remote) = self.remote() {
            let entrant = wire::entrant_to_wire(&entrant);
            return match remote.call(LobbyCall::AcceptSeek { entrant, seek_id }).await? {
                LobbyAnswer::GameStarted(started) => Ok(started?),
                other => Err(remote::unexpected(&other)),
            };
        }
        self.ask(|reply| Command::Play(GameRequest::AcceptSeek { entrant, seek_id, reply })).await?
    }

    /// Tells the lobby that a live game started outside it (an accepted challenge or rematch): its players leave
    /// every pool, their seeks close, and they are not paired again until it is over.
    pub async fn started_elsewhere(&self, game_id: Uuid, players: Vec<Uuid>) {
        if let Some(remote) = self.remote() {
            remote.tell(LobbyCall::StartedElsewhere { game_id, players });
            return;
        }
        let _ = self.commands.send(Command::StartedElsewhere { game_id, players }).await;
    }

    /// Sends a stored message of the lobby's chat to every lobby subscriber that asked for the chat, and returns
    /// once it is queued for them all: the sender's `ack` then comes after every reader's copy was queued, so
    /// a reader that hears of it (the sender among them) finds it already on its way. In a cluster, readers on
    /// other nodes get it through the bus, after the sender's `ack`.
    pub async fn chat(&self, message: ChatMessage) {
        let _ = self.ask(|reply| Command::Chat { message, reply }).await;
    }

    /// Tells every node's lobby that `account` muted (or unmuted) `author` in the lobby's chat (already stored):
    /// `author`'s messages stop (or start again) reaching `account`'s connections.
    pub async fn mute(&self, account: Uuid, author: Uuid, muted: bool) {
        let _ = self.commands.send(Command::Mute { account, author, muted, relay: true }).await;
    }

    /// Sends a frame to every lobby subscriber: news of what the lobby shows but does not own, such as
    /// correspondence seeks (stored, and changed over REST).
    pub async fn announce(&self, frame: ServerFrame) {
        let _ = self.commands.send(Command::Announce { frame: Box::new(frame) }).await;
    }

    /// Sends a connection the lobby snapshot, then every lobby change (with `chat`, the lobby's chat too, but for
    /// the authors its player muted). On a node that does not lead a clustered lobby, the snapshot comes from the
    /// lobby node.
    pub async fn subscribe(
        &self,
        connection: u64,
        outbox: Outbox,
        chat: Option<ChatReading>,
    ) -> Result<(), LobbyError> {
        let subscribed = self.ask(|reply| Command::Subscribe { connection, outbox, chat, reply });
        if self.remote().is_some() {
            return tokio::time::timeout(CALL_TIMEOUT, subscribed).await.map_err(|_| LobbyError::Unavailable)?;
        }
        subscribed.await
    }

    /// Stops sending a connection lobby changes.
    pub async fn unsubscribe(&self, connection: u64) {
        let _ = self.commands.send(Command::Unsubscribe { connection }).await;
    }

    /// Remembers, in a cluster, that a player entered the lobby through this node, so this node tells them if
    /// the lobby node dies with their pool entries and seeks.
    fn entered(&self, account: Uuid) {
        if let Some(remote) = self.cluster.get() {
            remote.entered(account);
        }
    }

    async fn ask<T>(&self, command: impl FnOnce(oneshot::Sender<T>) -> Command) -> Result<T, LobbyError> {
        let (reply, answer) = oneshot::channel();
        self.commands.send(command(reply)).await.map_err(|_| LobbyError::Closed)?;
        answer.await.map_err(|_| LobbyError::Closed)
    }

    /// Queues a command for this node's lobby task.
    async fn command(&self, command: Command) {
        let _ = self.commands.send(command).await;
    }
}
