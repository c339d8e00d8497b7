//! The lobby task: the one owner of pools, seeks and lobby subscriptions; its side of a cluster is
//! `task/cluster.rs`.

mod cluster;

use std::collections::HashMap;
use std::sync::Arc;

use kartka_protocol::rest::{AccountInfo, ColourChoice};
use kartka_protocol::{ErrorCode, GameStatus, PlayerInfo, PoolSpec, RulesetSpec, Seek, ServerFrame};
use rand::seq::SliceRandom;
use tokio::sync::{mpsc, oneshot};
use tokio::time::MissedTickBehavior;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

use self::cluster::lobby_restarted;
use super::entrant::takes_first_seat;
use super::pools::{Pools, Waiter};
use super::remote::{tell, Entered};
use super::seeks::{OpenSeek, Seeks};
use super::wire::{LobbyCall, LobbyWire};
use super::{
    ChatReading, Command, Departures, Entrant, GameRequest, LobbyError, LobbySettings, Matched, SeekRequest, Starter,
};
use crate::cluster::bus::ClusterMessage;
use crate::cluster::relay::LocalDelivery;
use crate::cluster::Relay;
use crate::games::seats::seat_count;
use crate::games::GameError;
use crate::long_lists;
use crate::outbox::{encode, Outbox};
use crate::ratings::glicko::is_provisional;
use crate::ratings::speed::speed_class;
use crate::store::Millis;
use crate::telemetry;
use crate::time::now_ms;

/// A lobby game is forgotten after this long even if nobody asked whether it ended: longer than any live game.
const PLAYING_MEMORY_MS: Millis = 48 * 3_600_000;

pub(super) struct LobbyTask {
    pools: Pools,
    seeks: Seeks,
    subscribers: HashMap<u64, Outbox>,
    /// The subscribers that also receive the lobby's chat, with whose messages each is not delivered.
    chat_readers: HashMap<u64, (Outbox, ChatReading)>,
    /// Players the lobby put in a game, with the game and when: they get no second game from the lobby until
    /// that one is over, even if a request sent before the match arrives after it.
    playing: HashMap<Uuid, (Uuid, Millis)>,
    starter: Starter,
    settings: LobbySettings,
    departures: Arc<Departures>,
    /// The task's own queue, for start tasks to report a game that could not start (weak: the task must not
    /// keep its own queue open).
    commands: mpsc::WeakSender<Command>,
    tasks: TaskTracker,
    /// In a cluster, the way to the other nodes: news goes to their subscribers too.
    relay: Option<Relay>,
    /// In a cluster, the players who entered the lobby through this node (told if the lobby node dies).
    entered: Entered,
    /// In a cluster, whether this node runs the lobby (alone, it always does).
    leading: bool,
    /// Subscribers of this node waiting for the lobby node's snapshot, with whom to tell once it is here.
    awaiting_snapshot: HashMap<u64, oneshot::Sender<()>>,
}

impl LobbyTask {
    pub(super) fn new(
        starter: Starter,
        settings: LobbySettings,
        departures: Arc<Departures>,
        commands: mpsc::WeakSender<Command>,
        tasks: TaskTracker,
    ) -> LobbyTask {
        LobbyTask {
            pools: Pools::new(settings.windows),
            seeks: Seeks::default(),
            subscribers: HashMap::new(),
            chat_readers: HashMap::new(),
            playing: HashMap::new(),
            starter,
            settings,
            departures,
            commands,
            tasks,
            relay: None,
            entered: Entered::default(),
            leading: true,
            awaiting_snapshot: HashMap::new(),
        }
    }

    /// Serves requests, departures and pairing waves until shutdown.
    pub(super) async fn run(mut self, mut commands: mpsc::Receiver<Command>, shutdown: CancellationToken) {
        let mut waves = tokio::time::interval(self.settings.wave_interval);
        waves.set_missed_tick_behavior(MissedTickBehavior::Delay);
        let departures = self.departures.clone();
        loop {
            tokio::select! {
                biased;
                () = shutdown.cancelled() => break,
                () = departures.arrived.notified() => self.depart(departures.take(), None),
                command = commands.recv() => match command {
                    Some(command) => self.handle(command),
                    None => break,
                },
                _ = waves.tick() => {
                    let now = now_ms();
                    self.wave(None);
                    self.pools.sweep(now);
                    self.playing.retain(|_, (_, since)| now - *since < PLAYING_MEMORY_MS);
                    self.publish_pool_statuses();
                    telemetry::lobby_waiting(self.pools.statuses().iter().map(|pool| pool.waiting as usize).sum());
                }
            }
        }
    }

    fn handle(&mut self, command: Command) {
        if self.follower().is_some() {
            // Requests sent before this node stopped leading, or forwarded here while it was being elected.
            match command {
                Command::Play(request) => request.refuse(LobbyError::Unavailable),
                Command::LeavePools { reply, .. } | Command::CancelSeek { reply, .. } => {
                    let _ = reply.send(Err(LobbyError::Unavailable));
                }
                command => self.handle_always(command),
            }
            return;
        }
        self.handle_always(command);
    }

    fn handle_always(&mut self, command: Command) {
        match command {
            Command::Play(request) => self.play(request),
            Command::PlayingChecked { account, game_id, over, request } => {
                self.playing_checked(account, game_id, over, request);
            }
            Command::LeavePools { account, pool, reply } => {
                let _ = reply.send(self.leave_pools(account, pool));
            }
            Command::CancelSeek { account, seek_id, reply } => {
                let _ = reply.send(self.cancel_seek(account, seek_id));
            }
            Command::Subscribe { connection, outbox, chat, reply } => {
                if self.follower().is_some() {
                    self.awaiting_snapshot.insert(connection, reply);
                    self.request_snapshot(connection);
                } else {
                    for frame in self.snapshot_frames() {
                        outbox.push_frame(&frame);
                    }
                    let _ = reply.send(());
                }
                self.subscribers.insert(connection, outbox.clone());
                match chat {
                    Some(reading) => {
                        self.chat_readers.insert(connection, (outbox, reading));
                    }
                    None => {
                        self.chat_readers.remove(&connection);
                    }
                }
            }
            Command::Unsubscribe { connection } => {
                self.subscribers.remove(&connection);
                self.chat_readers.remove(&connection);
                self.awaiting_snapshot.remove(&connection);
            }
            Command::NotStarted { game_id } => self.playing.retain(|_, (game, _)| *game != game_id),
            Command::StartedElsewhere { game_id, players } => self.playing_in(game_id, &players),
            Command::Chat { message, reply } => {
                let author = message.account_id;
                let text = encode(&ServerFrame::Chat { message });
                self.deliver_chat(&text, author);
                self.relay_news(&text, Some(author));
                let _ = reply.send(());
            }
            Command::Mute { account, author, muted, relay: tell_others } => {
                for (_, reading) in self.chat_readers.values_mut().filter(|(_, reading)| reading.account == account) {
                    if muted {
                        reading.muted.insert(author);
                    } else {
                        reading.muted.remove(&author);
                    }
                }
                if let Some(relay) = self.relay.as_ref().filter(|relay| tell_others && relay.has_company()) {
                    let wire = LobbyWire::Mute { account, author, muted };
                    if let Err(error) = relay.send(ClusterMessage::Lobby(wire)) {
                        tracing::warn!(%error, "a lobby chat mute reached this node's connections only");
                    }
                }
            }
            Command::Announce { frame } => self.broadcast(&frame),
            Command::JoinCluster { relay, entered } => {
                self.relay = Some(relay);
                self.entered = entered;
                self.leading = false;
            }
            Command::Lead { leading } => self.lead(leading),
            Command::Relayed { frame, chat_author, connection, last } => {
                self.relayed(&frame, chat_author, connection, last);
            }
            Command::SnapshotFor { node, connection } => self.snapshot_for(node, connection),
            Command::Departed { account, from } => self.depart(vec![account], Some(from)),
            Command::Left { account } => self.leave_lobby(account),
            Command::Resync => {
                if self.follower().is_some() {
                    for connection in self.subscribers.keys().copied().collect::<Vec<_>>() {
                        self.request_snapshot(connection);
                    }
                }
            }
            Command::Dropped { accounts } => {
                let text = encode(&lobby_restarted());
                for account in accounts {
                    self.starter.connections.deliver(account, text.clone());
                }
            }
        }
    }

    /// What a new subscriber gets first.
    fn snapshot(&self) -> ServerFrame {
        ServerFrame::Lobby { seeks: self.seeks.list(), pools: self.pools.statuses() }
    }

    /// What a new subscriber here gets first, in frames that fit: the lobby with as many seeks as fit in one
    /// frame, then a `seek_added` for each of the others, oldest first.
    fn snapshot_frames(&self) -> Vec<ServerFrame> {
        let mut runs = long_lists::split_by_size(self.seeks.list(), long_lists::LIST_BYTES_PER_FRAME).into_iter();
        let lobby = ServerFrame::Lobby { seeks: runs.next().unwrap_or_default(), pools: self.pools.statuses() };
        std::iter::once(lobby).chain(runs.flatten().map(|seek| ServerFrame::SeekAdded { seek })).collect()
    }

    /// Hands a lobby chat message of `author` to this node's chat readers that did not mute `author`.
    fn deliver_chat(&self, frame: &Arc<str>, author: Uuid) {
        for (outbox, reading) in self.chat_readers.values() {
            if !reading.muted.contains(&author) {
                outbox.push(frame.clone());
            }
        }
    }

    /// Handles a request that would put its player in a new game, unless the lobby put them in a game it has
    /// not seen end: then that game is asked, in a task of its own (it may be loading, or run by another node
    /// behind retries), and the answer comes back as [`Command::PlayingChecked`].
    fn play(&mut self, request: GameRequest) {
        let account = request.entrant().account();
        if let Some(&(game_id, _)) = self.playing.get(&account) {
            let (games, commands) = (self.starter.games.clone(), self.commands.clone());
            self.tasks.spawn(async move {
                let over = games.snapshot(game_id).await.map(|game| game.status != GameStatus::Active);
                if let Some(commands) = commands.upgrade() {
                    let _ = commands.send(Command::PlayingChecked { account, game_id, over, request }).await;
                }
            });
            return;
        }
        match request {
            GameRequest::JoinPool { entrant, pool, reply } => {
                let _ = reply.send(self.join_pool(entrant, pool));
            }
            GameRequest::CreateSeek { entrant, request, reply } => {
                let _ = reply.send(self.create_seek(entrant, request));
            }
            GameRequest::AcceptSeek { entrant, seek_id, reply } => self.accept_seek(entrant, seek_id, reply),
        }
    }

    /// The answer to [`LobbyTask::play`]'s question: a player whose game is over is free again and their request
    /// is handled; one whose game goes on, here or on another node (after which this node loads it and sees it
    /// over), is refused.
    fn playing_checked(&mut self, account: Uuid, game_id: Uuid, over: Result<bool, GameError>, request: GameRequest) {
        match over {
            Ok(true) => {
                if self.playing.get(&account).is_some_and(|&(playing, _)| playing == game_id) {
                    self.playing.remove(&account);
                }
                self.handle(Command::Play(request));
            }
            Ok(false) | Err(GameError::UnknownGame | GameError::OwnedElsewhere { .. }) => {
                request.refuse(LobbyError::NotAllowed("you are in a game the lobby just started; finish it first"))
            }
            Err(error) => request.refuse(LobbyError::Game(error)),
        }
    }

    fn join_pool(&mut self, entrant: Entrant, pool: PoolSpec) -> Result<(), LobbyError> {
        let seats = seats_of(&pool.ruleset)?;
        let now = now_ms();
        let (rating, _) = entrant.rating_for(&pool.ruleset, &pool.time_control, seats, now);
        let account = entrant.account();
        let waiter = Waiter { player: entrant.player, rating, colour_balance: entrant.colour_balance, joined_at: now };
        self.pools.join(pool, usize::from(seats), waiter)?;
        self.starter.connections.notify(account, &ServerFrame::PoolStatus(self.pools.status(pool)));
        if self.pools.waiting_in(&pool) >= self.settings.wave_at_size {
            self.wave(Some(pool));
        }
        Ok(())
    }

    fn leave_pools(&mut self, account: Uuid, pool: Option<PoolSpec>) -> Result<(), LobbyError> {
        match pool {
            Some(pool) if !self.pools.leave(&pool, account) => Err(LobbyError::NotAllowed("not waiting in that pool")),
            Some(_) => Ok(()),
            None => {
                self.pools.leave_all(account);
                Ok(())
            }
        }
    }

    fn create_seek(&mut self, entrant: Entrant, request: SeekRequest) -> Result<Seek, LobbyError> {
        let now = now_ms();
        let seats = seats_of(&request.ruleset)?;
        let (rating, deviation) = entrant.rating_for(&request.ruleset, &request.time_control, seats, now);
        let creator = AccountInfo {
            id: entrant.player.account_id,
            name: entrant.player.name.clone(),
            guest: entrant.player.guest,
            bot: entrant.player.bot,
        };
        let seek = Seek {
            id: Uuid::new_v4(),
            creator: creator.clone(),
            rating: rating.round() as i32,
            provisional: is_provisional(deviation),
            ruleset: request.ruleset,
            time_control: request.time_control,
            speed: speed_class(&request.ruleset, &request.time_control),
            rated: request.rated,
            rating_range: request.rating_range,
            colour: request.colour,
            created_at_ms: now,
            seats,
            joined: vec![creator.clone()],
        };
        self.seeks.open(OpenSeek {
            seek: seek.clone(),
            creator: entrant.player,
            colour_balance: entrant.colour_balance,
            joined: Vec::new(),
        })?;
        self.broadcast(&ServerFrame::SeekAdded { seek: seek.clone() });
        Ok(seek)
    }

    /// Its creator closes a seek; a player who took a seat in it leaves that seat.
    fn cancel_seek(&mut self, account: Uuid, seek_id: Uuid) -> Result<(), LobbyError> {
        let open = self.seeks.get(seek_id).ok_or(LobbyError::UnknownSeek)?;
        if open.creator.account_id != account {
            let seek = self.seeks.free_seat(seek_id, account).map(|open| open.seek.clone());
            let seek = seek.ok_or(LobbyError::Forbidden("only its creator can cancel a seek"))?;
            self.broadcast(&ServerFrame::SeekAdded { seek });
            return Ok(());
        }
        self.seeks.close(seek_id);
        self.seek_removed(seek_id, account);
        Ok(())
    }

    /// Takes a seat in the seek for `entrant`. Once every seat is taken, claims the seek and its players and
    /// starts the game in a task of its own, which answers `reply` with its id; a seat taken in a seek still
    /// open is answered without a game at once.
    fn accept_seek(
        &mut self,
        entrant: Entrant,
        seek_id: Uuid,
        reply: oneshot::Sender<Result<Option<Uuid>, LobbyError>>,
    ) {
        let matched = match self.claim_seek(&entrant, seek_id) {
            Ok(Some(matched)) => matched,
            Ok(None) => {
                let _ = reply.send(Ok(None));
                return;
            }
            Err(error) => {
                let _ = reply.send(Err(error));
                return;
            }
        };
        let starter = self.starter.clone();
        let commands = self.commands.clone();
        self.tasks.spawn(async move {
            let game_id = matched.game_id;
            let started = starter.start(matched).await;
            if let Err(error) = &started {
                tracing::error!(%error, "could not start the game of an accepted seek");
                if let Some(commands) = commands.upgrade() {
                    let _ = commands.send(Command::NotStarted { game_id }).await;
                }
            }
            let _ = reply.send(started.map(Some));
        });
    }

    /// Seats `entrant` in the seek; once it is full, closes it and returns the game to start.
    fn claim_seek(&mut self, entrant: &Entrant, seek_id: Uuid) -> Result<Option<Matched>, LobbyError> {
        let open = self.seeks.get(seek_id).ok_or(LobbyError::UnknownSeek)?;
        if open.creator.account_id == entrant.account() {
            return Err(LobbyError::NotAllowed("you cannot accept your own seek"));
        }
        if open.seats(entrant.account()) {
            return Err(LobbyError::NotAllowed("you already took a seat in this seek"));
        }
        if open.seek.rated && entrant.player.guest {
            return Err(LobbyError::RegistrationRequired);
        }
        if let Some(range) = open.seek.rating_range {
            let seats = open.seek.seats;
            let (rating, _) = entrant.rating_for(&open.seek.ruleset, &open.seek.time_control, seats, now_ms());
            if !range.contains(rating.round() as i32) {
                return Err(LobbyError::NotAllowed("your rating is outside the seek's rating range"));
            }
        }
        if open.open_seats() > 1 {
            let seek = self.seeks.take_seat(seek_id, entrant.player.clone()).map(|open| open.seek.clone());
            if let Some(seek) = seek {
                self.broadcast(&ServerFrame::SeekAdded { seek });
            }
            return Ok(None);
        }
        let open = self.seeks.close(seek_id).ok_or(LobbyError::UnknownSeek)?;
        self.seek_removed(seek_id, open.creator.account_id);
        let players = if open.joined.is_empty() {
            let creator_first = match open.seek.colour {
                ColourChoice::First => true,
                ColourChoice::Second => false,
                ColourChoice::Random => takes_first_seat(open.colour_balance, entrant.colour_balance, rand::random()),
            };
            if creator_first {
                vec![open.creator.clone(), entrant.player.clone()]
            } else {
                vec![entrant.player.clone(), open.creator.clone()]
            }
        } else {
            // Seats beyond two have no colours to balance: they are dealt at random.
            let mut players: Vec<PlayerInfo> =
                std::iter::once(open.creator.clone()).chain(open.joined.iter().cloned()).collect();
            players.push(entrant.player.clone());
            players.shuffle(&mut rand::rng());
            players
        };
        let game_id = self.matched(&players);
        Ok(Some(Matched {
            game_id,
            players,
            ruleset: open.seek.ruleset,
            time_control: open.seek.time_control,
            rated: open.seek.rated,
        }))
    }

    /// Players who got a game leave every pool, close their other seeks and count as playing until the game
    /// is over: nobody is matched twice. Returns the id the game will have.
    fn matched(&mut self, players: &[PlayerInfo]) -> Uuid {
        let game_id = Uuid::new_v4();
        let accounts: Vec<Uuid> = players.iter().map(|player| player.account_id).collect();
        self.playing_in(game_id, &accounts);
        game_id
    }

    /// `players` are in game `game_id` from now on: out of every pool, their seeks closed, and counted as
    /// playing until it is over.
    fn playing_in(&mut self, game_id: Uuid, players: &[Uuid]) {
        let now = now_ms();
        for &account in players {
            self.leave_everything(account);
            self.playing.insert(account, (game_id, now));
        }
    }

    /// `account` leaves every pool, their seeks close and the seats they took in others' seeks are free again.
    fn leave_everything(&mut self, account: Uuid) {
        self.pools.leave_all(account);
        for seek_id in self.seeks.close_all_of(account) {
            self.seek_removed(seek_id, account);
        }
        for seek in self.seeks.free_seats_of(account) {
            self.broadcast(&ServerFrame::SeekAdded { seek });
        }
    }

    /// A pairing wave: starts a game for every pair found, each in a task of its own.
    fn wave(&mut self, only: Option<PoolSpec>) {
        let now = now_ms();
        for found in self.pools.wave(now, only) {
            for player in &found.players {
                telemetry::lobby_paired(now - player.joined_at);
            }
            let players = seated(found.players);
            let game_id = self.matched(&players);
            let matched = Matched {
                game_id,
                players,
                ruleset: found.pool.ruleset,
                time_control: found.pool.time_control,
                rated: found.pool.rated,
            };
            let starter = self.starter.clone();
            let commands = self.commands.clone();
            self.tasks.spawn(async move {
                let players = matched.players.clone();
                if let Err(error) = starter.start(matched).await {
                    tracing::error!(%error, "could not start a paired game");
                    if let Some(commands) = commands.upgrade() {
                        let _ = commands.send(Command::NotStarted { game_id }).await;
                    }
                    telemetry::error_answered(ErrorCode::Internal);
                    let frame = ServerFrame::Error {
                        id: None,
                        code: ErrorCode::Internal,
                        message: "the server could not start your game; join the pool again".into(),
                        game_id: None,
                    };
                    for player in &players {
                        starter.connections.notify(player.account_id, &frame);
                    }
                }
            });
        }
    }

    /// Players whose last connection on node `from` (this one, or another that told the lobby node) closed
    /// leave every pool, and their seeks close. One who came back in the meantime stays, and in a cluster so
    /// does one still connected to a third node (the presence table says; the answer comes back as
    /// [`Command::Left`], so the task does not wait for the database).
    fn depart(&mut self, accounts: Vec<Uuid>, from: Option<Uuid>) {
        for account in accounts {
            if self.starter.connections.is_connected(account) {
                continue;
            }
            // Gone from this node: nobody here to tell if the lobby node dies.
            self.entered.lock().expect("lobby entrants lock").remove(&account);
            match (&self.relay, self.leading) {
                // Alone (or without company: no other node has sockets): as on one node.
                (None, _) => self.leave_lobby(account),
                (Some(relay), true) if !relay.has_company() => self.leave_lobby(account),
                (Some(relay), false) => tell(relay, LobbyCall::Departed { account }),
                (Some(relay), true) => {
                    let (relay, commands) = (relay.clone(), self.commands.clone());
                    let from = from.unwrap_or_else(|| relay.node());
                    self.tasks.spawn(async move {
                        let elsewhere = relay.connected_elsewhere(account, from).await.unwrap_or_else(|error| {
                            // Taken for gone: a stale seek of a player who left misleads everyone else.
                            tracing::warn!(%account, %error, "could not tell whether a player is connected elsewhere");
                            false
                        });
                        if let Some(commands) = commands.upgrade().filter(|_| !elsewhere) {
                            let _ = commands.send(Command::Left { account }).await;
                        }
                    });
                }
            }
        }
    }

    /// A player is connected nowhere: out of every pool, their seeks closed. Unless they came back here.
    fn leave_lobby(&mut self, account: Uuid) {
        if self.starter.connections.is_connected(account) {
            return;
        }
        self.leave_everything(account);
    }

    /// Tells lobby subscribers and the seek's creator that a seek is gone.
    fn seek_removed(&self, seek_id: Uuid, creator: Uuid) {
        let frame = ServerFrame::SeekRemoved { seek_id };
        self.broadcast(&frame);
        self.starter.connections.notify(creator, &frame);
    }

    /// Sends the pools whose status changed to their waiting players and to lobby subscribers.
    fn publish_pool_statuses(&mut self) {
        for (status, waiting) in self.pools.take_changed() {
            let frame = ServerFrame::PoolStatus(status);
            self.broadcast(&frame);
            for account in waiting {
                self.starter.connections.notify(account, &frame);
            }
        }
    }

    /// Sends a frame to every lobby subscriber, on this node and the others.
    fn broadcast(&self, frame: &ServerFrame) {
        let text = encode(frame);
        for outbox in self.subscribers.values() {
            outbox.push(text.clone());
        }
        self.relay_news(&text, None);
    }
}

/// The seats of a game of `ruleset`, as the lobby shows them.
fn seats_of(ruleset: &RulesetSpec) -> Result<u8, LobbyError> {
    let seats = seat_count(ruleset)?;
    u8::try_from(seats).map_err(|_| LobbyError::InvalidRequest(format!("a game of {seats} seats is too large")))
}

/// The players a pool gathered, first seat first: of two, whoever played first less often lately plays first;
/// more seats have no colours to balance and are dealt at random.
fn seated(waiters: Vec<Waiter>) -> Vec<PlayerInfo> {
    match <[Waiter; 2]>::try_from(waiters) {
        Ok([a, b]) => {
            if takes_first_seat(a.colour_balance, b.colour_balance, rand::random()) {
                vec![a.player, b.player]
            } else {
                vec![b.player, a.player]
            }
        }
        Err(waiters) => {
            let mut players: Vec<PlayerInfo> = waiters.into_iter().map(|waiter| waiter.player).collect();
            players.shuffle(&mut rand::rng());
            players
        }
    }
}
