//! Finds the actor of a game, loading the game and starting its actor on first use.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use kartka_protocol::GameSnapshot;
use tokio::sync::{mpsc, oneshot, OnceCell};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

use super::actor::{Action, ActorConfig, AdminAction, Command, GameActor, GameError, LoadError, Subscriber};
use crate::cluster::{GameHost, Leases};
use crate::store::{AuditRow, ChatRow, LeaseTake, Store};

/// Commands a game's actor queues before senders wait.
const COMMAND_QUEUE: usize = 64;

type Slot = Arc<OnceCell<mpsc::Sender<Command>>>;

/// The running game actors. Cheap to clone.
///
/// A game's actor runs on the node holding the game's lease: the registry takes it before it loads the game,
/// and refuses with [`GameError::OwnedElsewhere`] while another live node holds it; the actor gives it back when
/// it stops (not at a shutdown: the node's row goes then, and every lease with it).
#[derive(Clone)]
pub struct Games {
    store: Arc<dyn Store>,
    actors: Arc<Mutex<HashMap<Uuid, Slot>>>,
    config: ActorConfig,
    leases: Leases,
    shutdown: CancellationToken,
    tasks: TaskTracker,
}

impl Games {
    /// An empty registry whose actors run with `config` under `leases`, stop when `shutdown` is cancelled and
    /// are tracked by `tasks`.
    #[must_use]
    pub fn new(
        store: Arc<dyn Store>,
        config: ActorConfig,
        leases: Leases,
        shutdown: CancellationToken,
        tasks: TaskTracker,
    ) -> Games {
        Games { store, actors: Arc::default(), config, leases, shutdown, tasks }
    }

    /// The clock rules (a correspondence day, the first-move time) of the games this registry runs.
    #[must_use]
    pub fn clock_rules(&self) -> super::clock::ClockRules {
        self.config.clocks
    }

    /// Starts the actors of every active live game no other live node runs, so their clocks run (after a
    /// restart, or at start-up); returns how many run here.
    /// Correspondence games load when asked for, and the sweeper starts those whose clock has fallen: the store
    /// does not even read them here, so that a start's memory does not grow with their number.
    pub async fn resume_active(&self) -> Result<usize, crate::store::StoreError> {
        let active = self.store.active_live_games().await?;
        let mut resumed = 0;
        for game in active {
            match self.actor(game.id).await {
                Ok(_) => resumed += 1,
                Err(GameError::OwnedElsewhere { .. }) => {}
                Err(error) => tracing::error!(game = %game.id, %error, "could not resume a game"),
            }
        }
        Ok(resumed)
    }

    /// Asks a game to perform a player's action; returns the sequence number of the resulting event.
    pub async fn act(&self, game_id: Uuid, account: Uuid, action: Action) -> Result<u64, GameError> {
        let (reply, answer) = oneshot::channel();
        self.send(game_id, Command::Act { account, action, reply }).await?;
        answer.await.map_err(|_| GameError::UnknownGame)?
    }

    /// Has a game carry out an admin's action, committing `audit` (its time set by the game) with the change;
    /// returns the sequence number of the resulting event.
    pub async fn admin(&self, game_id: Uuid, action: AdminAction, audit: AuditRow) -> Result<u64, GameError> {
        let (reply, answer) = oneshot::channel();
        self.send(game_id, Command::Admin { action, audit, reply }).await?;
        answer.await.map_err(|_| GameError::UnknownGame)?
    }

    /// Subscribes a connection to a game; the game first pushes a snapshot, or the events after `after_seq`.
    /// Returns the game's sequence number at that moment.
    pub async fn subscribe(
        &self,
        game_id: Uuid,
        subscriber: Subscriber,
        after_seq: Option<u64>,
    ) -> Result<u64, GameError> {
        let (reply, answer) = oneshot::channel();
        self.send(game_id, Command::Subscribe { subscriber, after_seq, reply }).await?;
        answer.await.map_err(|_| GameError::UnknownGame)?
    }

    /// Has a game store a message said in one of its chat channels and deliver it to the channel's readers.
    pub async fn chat(&self, game_id: Uuid, message: ChatRow) -> Result<(), GameError> {
        let (reply, answer) = oneshot::channel();
        self.send(game_id, Command::Chat { message, reply }).await?;
        answer.await.map_err(|_| GameError::UnknownGame)?
    }

    /// A player of a game mutes or unmutes their opponent's chat there.
    pub async fn mute_opponent(&self, game_id: Uuid, account: Uuid, muted: bool) -> Result<(), GameError> {
        let (reply, answer) = oneshot::channel();
        self.send(game_id, Command::MuteOpponent { account, muted, reply }).await?;
        answer.await.map_err(|_| GameError::UnknownGame)?
    }

    /// The whole state of a game now.
    pub async fn snapshot(&self, game_id: Uuid) -> Result<GameSnapshot, GameError> {
        let (reply, answer) = oneshot::channel();
        self.send(game_id, Command::Snapshot { reply }).await?;
        answer.await.map_err(|_| GameError::UnknownGame)
    }

    /// How many game actors are running now: live games, and the correspondence games someone watches or
    /// asked something of lately.
    #[must_use]
    pub fn running(&self) -> usize {
        let actors = self.actors.lock().expect("registry lock");
        actors.values().filter(|slot| slot.get().is_some_and(|sender| !sender.is_closed())).count()
    }

    /// Starts a game's actor if it is not running, so that its clock is watched.
    pub async fn ensure_running(&self, game_id: Uuid) -> Result<(), GameError> {
        self.actor(game_id).await.map(drop)
    }

    /// Removes a connection from a game's subscribers (a no-op if the game's actor is gone). `closed_because`
    /// is set when the server closed the connection for breaking its rules.
    pub async fn unsubscribe(&self, game_id: Uuid, connection: u64, closed_because: Option<&'static str>) {
        let sender = self.actors.lock().expect("registry lock").get(&game_id).and_then(|slot| slot.get().cloned());
        if let Some(sender) = sender {
            let _ = sender.send(Command::Unsubscribe { connection, closed_because }).await;
        }
    }

    /// Tells a game's subscribers that its rematch `rematch_id` started (a no-op if the game's actor is gone:
    /// nobody watches it).
    pub async fn announce_rematch(&self, game_id: Uuid, rematch_id: Uuid) {
        let sender = self.actors.lock().expect("registry lock").get(&game_id).and_then(|slot| slot.get().cloned());
        if let Some(sender) = sender {
            let _ = sender.send(Command::Rematch { rematch_id }).await;
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

    async fn actor(&self, game_id: Uuid) -> Result<mpsc::Sender<Command>, GameError> {
        let slot = self.actors.lock().expect("registry lock").entry(game_id).or_default().clone();
        let sender = slot.get_or_try_init(|| self.start(game_id)).await;
        if sender.is_err() {
            self.forget_stopped(game_id);
        }
        sender.cloned()
    }

    /// Takes the game's lease for this node, or says which live node holds it.
    async fn take_lease(&self, game_id: Uuid) -> Result<(), GameError> {
        match self.leases.take(game_id).await.map_err(GameError::Store)? {
            LeaseTake::Taken => Ok(()),
            LeaseTake::HeldBy(node) => Err(GameError::OwnedElsewhere { node }),
            LeaseTake::NoSuchGame => Err(GameError::UnknownGame),
        }
    }

    async fn start(&self, game_id: Uuid) -> Result<mpsc::Sender<Command>, GameError> {
        self.take_lease(game_id).await?;
        let actor = match self.load(game_id).await {
            Ok(actor) => actor,
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
                Err(GameError::NotAllowed("this game's record is damaged; an admin has been told"))
            }
        }
    }

    /// Drops the registry entry of a game whose actor has stopped (or never started).
    fn forget_stopped(&self, game_id: Uuid) {
        let mut actors = self.actors.lock().expect("registry lock");
        if actors.get(&game_id).is_some_and(|slot| slot.get().is_none_or(mpsc::Sender::is_closed)) {
            actors.remove(&game_id);
        }
    }
}

#[async_trait]
impl GameHost for Games {
    async fn take_over(&self, game_id: Uuid) -> bool {
        let running = {
            let actors = self.actors.lock().expect("registry lock");
            actors.get(&game_id).is_some_and(|slot| slot.get().is_some_and(|sender| !sender.is_closed()))
        };
        // An actor still running here lost its lease while this node was taken for dead: take the lease back.
        let taken = if running { self.take_lease(game_id).await } else { self.ensure_running(game_id).await };
        match taken {
            Ok(()) => true,
            Err(GameError::OwnedElsewhere { .. }) => false,
            Err(error) => {
                tracing::error!(game = %game_id, %error, "could not take over a game");
                false
            }
        }
    }
}
