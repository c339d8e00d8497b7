//! This node's game actors: a game's actor is started on first use, from the store, once this node holds the
//! game's lease; every request for a game shares one slot while its actor starts; an actor that stopped is
//! forgotten. The `*_here` methods are [`Games`]' requests carried out on this node only (the routing in
//! `routing.rs` decides where a request runs).

use std::borrow::Cow;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

use kartka_protocol::GameSnapshot;
use tokio::sync::{mpsc, oneshot};
use uuid::Uuid;

use super::super::actor::{
    Action, AdminAction, Command, GameActor, GameError, LoadError, StoredGame, Subscribed, Subscriber,
};
use super::{Games, COMMAND_QUEUE};
use crate::store::{AuditRow, ChatRow, EventRow, GameRow, LeaseTake, Millis};

impl Games {
    /// [`Games::act`] on this node only.
    pub(in crate::games) async fn act_here(
        &self,
        game_id: Uuid,
        account: Uuid,
        action: Action,
    ) -> Result<u64, GameError> {
        let (reply, answer) = oneshot::channel();
        self.send(game_id, Command::Act { account, action, reply }).await?;
        answer.await.map_err(|_| GameError::UnknownGame)?
    }

    /// [`Games::admin`] on this node only.
    pub(in crate::games) async fn admin_here(
        &self,
        game_id: Uuid,
        action: AdminAction,
        audit: AuditRow,
    ) -> Result<u64, GameError> {
        let (reply, answer) = oneshot::channel();
        self.send(game_id, Command::Admin { action, audit, reply }).await?;
        answer.await.map_err(|_| GameError::UnknownGame)?
    }

    /// [`Games::subscribe`] on this node only.
    pub(in crate::games) async fn subscribe_here(
        &self,
        game_id: Uuid,
        subscriber: Subscriber,
        after_seq: Option<u64>,
    ) -> Result<Subscribed, GameError> {
        let (reply, answer) = oneshot::channel();
        self.send(game_id, Command::Subscribe { subscriber, after_seq, reply }).await?;
        answer.await.map_err(|_| GameError::UnknownGame)?
    }

    /// [`Games::chat`] on this node only.
    pub(in crate::games) async fn chat_here(&self, game_id: Uuid, message: ChatRow) -> Result<(), GameError> {
        let (reply, answer) = oneshot::channel();
        self.send(game_id, Command::Chat { message, reply }).await?;
        answer.await.map_err(|_| GameError::UnknownGame)?
    }

    /// [`Games::mute_opponent`] on this node only.
    pub(in crate::games) async fn mute_opponent_here(
        &self,
        game_id: Uuid,
        account: Uuid,
        muted: bool,
    ) -> Result<(), GameError> {
        let (reply, answer) = oneshot::channel();
        self.send(game_id, Command::MuteOpponent { account, muted, reply }).await?;
        answer.await.map_err(|_| GameError::UnknownGame)?
    }

    /// [`Games::snapshot`] on this node only.
    pub(in crate::games) async fn snapshot_here(&self, game_id: Uuid) -> Result<GameSnapshot, GameError> {
        let (reply, answer) = oneshot::channel();
        self.send(game_id, Command::Snapshot { reply }).await?;
        answer.await.map_err(|_| GameError::UnknownGame)
    }

    /// [`Games::unsubscribe`] on this node only.
    pub(in crate::games) async fn unsubscribe_here(
        &self,
        game_id: Uuid,
        connection: u64,
        closed_because: Option<Cow<'static, str>>,
    ) {
        if let Some(sender) = self.actor_of(game_id) {
            let _ = sender.send(Command::Unsubscribe { connection, closed_because }).await;
        }
    }

    /// [`RemoteCommand::Refresh`] on this node: a no-op when no actor of the game runs here.
    pub(in crate::games) async fn refresh_here(&self, game_id: Uuid, subscription: u64) {
        if let Some(sender) = self.actor_of(game_id) {
            let _ = sender.send(Command::Refresh { connection: subscription }).await;
        }
    }

    /// [`Games::announce_rematch`] on this node only; whether an actor of the game runs here.
    pub(in crate::games) async fn announce_rematch_here(&self, game_id: Uuid, rematch_id: Uuid) -> bool {
        match self.actor_of(game_id) {
            Some(sender) => sender.send(Command::Rematch { rematch_id }).await.is_ok(),
            None => false,
        }
    }

    /// Whether this node has a running actor for the game.
    pub(in crate::games) fn runs_here(&self, game_id: Uuid) -> bool {
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
    /// is watched there, which is no failure.
    pub async fn ensure_running(&self, game_id: Uuid) -> Result<(), GameError> {
        match self.actor(game_id).await {
            Ok(_) | Err(GameError::OwnedElsewhere { .. }) => Ok(()),
            Err(error) => Err(error),
        }
    }

    /// The queue of the game's actor, if one runs here (without starting one).
    pub(super) fn actor_of(&self, game_id: Uuid) -> Option<mpsc::Sender<Command>> {
        self.actors.lock().expect("registry lock").get(&game_id).and_then(|slot| slot.get().cloned())
    }

    /// Sends a command, starting the actor if needed. An actor that just stopped (its game over and
    /// unwatched) is started again once.
    pub(super) async fn send(&self, game_id: Uuid, command: Command) -> Result<(), GameError> {
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
    pub(super) async fn actor(&self, game_id: Uuid) -> Result<mpsc::Sender<Command>, GameError> {
        self.actor_from(game_id, None).await
    }

    /// Starts the actor of a game this node has just stored with its lease (`row` and its `started` event),
    /// from those rows rather than from the store. A request for the game that came first has started it
    /// already, from the store, which is the same game.
    pub async fn start_new(&self, row: GameRow, started: EventRow) -> Result<(), GameError> {
        match self.actor_from(row.id, Some(StoredGame::new(row, started))).await {
            Ok(_) | Err(GameError::OwnedElsewhere { .. }) => Ok(()),
            Err(error) => Err(error),
        }
    }

    /// [`Games::actor`], starting it from `stored` rather than from the store when it must start.
    async fn actor_from(&self, game_id: Uuid, stored: Option<StoredGame>) -> Result<mpsc::Sender<Command>, GameError> {
        let slot = self.actors.lock().expect("registry lock").entry(game_id).or_default().clone();
        // Boxed: an actor starts once, but every request for the game awaits this, and inline the loading's
        // state would be copied into each request's future.
        let sender = slot.get_or_try_init(|| Box::pin(self.start(game_id, stored))).await.cloned();
        if sender.is_err() {
            drop(slot);
            self.forget_unstarted(game_id);
        }
        sender
    }

    /// Takes the game's lease for this node, or says which live node holds it. When taken from a dead node:
    /// that node's last heartbeat, since when nobody watched the game's clock.
    pub(super) async fn take_lease(&self, game_id: Uuid) -> Result<Option<Millis>, GameError> {
        self.lease_takes.fetch_add(1, Ordering::Relaxed);
        match self.leases.take(game_id).await.map_err(GameError::Store)? {
            LeaseTake::Taken => Ok(None),
            LeaseTake::TakenFromDead { last_beat } => Ok(Some(last_beat)),
            LeaseTake::HeldBy(node) => Err(GameError::OwnedElsewhere { node }),
            LeaseTake::NoSuchGame => Err(GameError::UnknownGame),
        }
    }

    async fn start(&self, game_id: Uuid, stored: Option<StoredGame>) -> Result<mpsc::Sender<Command>, GameError> {
        // Requests that waited on the slot while another found the owner unreachable take no lease each.
        if self.stalled.is_stalled(game_id, Instant::now()) {
            return Err(GameError::Unreachable);
        }
        // A new game was stored with this node's lease (`start_new`): taking it again where it cannot have
        // changed hands would only write the same row, in SQLite a transaction and a sync of its own per game.
        let owner_lost_at =
            if stored.is_some() && self.leases.stored_lease_stays() { None } else { self.take_lease(game_id).await? };
        let actor = match self.load(game_id, stored).await {
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

    /// The game's actor, from `stored` when given, else from the store.
    async fn load(&self, game_id: Uuid, stored: Option<StoredGame>) -> Result<GameActor, GameError> {
        let loaded = match stored {
            Some(stored) => GameActor::from_stored(self.store.clone(), stored, self.config.clone()).map(Some),
            None => GameActor::load(self.store.clone(), game_id, self.config.clone()).await,
        };
        match loaded {
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
    pub(super) fn forget_stopped(&self, game_id: Uuid) {
        let mut actors = self.actors.lock().expect("registry lock");
        if actors.get(&game_id).is_some_and(|slot| slot.get().is_some_and(mpsc::Sender::is_closed)) {
            actors.remove(&game_id);
        }
    }

    /// Drops the registry entry of a game whose actor did not start, once no other request holds it. Requests
    /// take the entry only under the registry's lock, so one held by the registry alone has nobody starting
    /// or waiting on it; one still held is kept, for a waiting request may yet start the actor in it, and an
    /// entry made anew beside it would start a second actor of the game.
    pub(super) fn forget_unstarted(&self, game_id: Uuid) {
        let mut actors = self.actors.lock().expect("registry lock");
        if actors.get(&game_id).is_some_and(|slot| slot.get().is_none() && Arc::strong_count(slot) == 1) {
            actors.remove(&game_id);
        }
    }
}
