//! One of the N live games: a pair of guests (and the spectators given to it) playing games back to back
//! through the public protocol. The first guest challenges the second directly, taking the first seat, so
//! pairing is deterministic; both play random legal whole turns after a think time; every move is timed to
//! its `ack` on the mover's socket and to its `moved` event on the opponent's (and each spectator's).
//!
//! Each pair's sockets are read by tasks of their own, which hand every frame on, stamped with its arrival,
//! to this slot's one channel; the slot is the only writer. A problem (an error frame, a timeout, a dropped
//! socket) is counted and ends the slot, or, with `--allow-disconnects`, is repaired: the slot reconnects,
//! finds its game again, rebuilds it from a snapshot and goes on.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use kartka_engine::Seat;
use kartka_protocol::rest::Session;
use kartka_protocol::{ErrorCode, GameEvent, GameStatus, SeatName, ServerFrame};
use rand::rngs::SmallRng;
use rand::Rng;
use serde_json::json;
use tokio::sync::{mpsc, Barrier};
use uuid::Uuid;

use crate::context::{Context, Server};
use crate::metrics::Metrics;
use crate::record::RecordedMove;
use crate::rest::{RestError, TIME_CONTROL};
use crate::socket::{Incoming, Socket};
use crate::turn::{LocalGame, Turn};

/// How long an answer (an ack, a pushed event, a snapshot) may take before it counts as lost.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);
/// Frames a slot's sockets may hand on before their readers wait for it.
const INCOMING_QUEUE: usize = 256;
/// Sent moves remembered for timing the spectators' pushes.
const SENT_REMEMBERED: usize = 8;

/// How a slot ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlotOutcome {
    /// The slot was repairing a drop, or had not had a move accepted since its last one, when the run ended.
    pub awaiting_resume: bool,
}

/// A problem that ended what the slot was doing; it has been counted already.
struct Interrupted;

/// The guests of a slot.
struct Accounts {
    /// The first seat's player (the challenger), then the second's.
    players: [Session; 2],
    spectators: Vec<Session>,
}

/// The slot's open sockets (players first, then spectators) and the game they follow.
struct Table {
    sockets: Vec<Socket>,
    incoming: mpsc::Receiver<Incoming>,
    game_id: Uuid,
    local: LocalGame,
    sent: VecDeque<(u32, Instant)>,
    over: bool,
}

/// One pair of players and its spectators.
pub struct Slot {
    index: usize,
    spectators: usize,
    context: Arc<Context>,
    rng: SmallRng,
}

impl Slot {
    /// Slot `index` with `spectators` spectator sockets, choosing with `rng`.
    #[must_use]
    pub fn new(index: usize, spectators: usize, context: Arc<Context>, rng: SmallRng) -> Slot {
        Slot { index, spectators, context, rng }
    }

    /// Sets up (accounts, the first game, sockets), adds the players' tokens to `tokens` for the idle sockets,
    /// waits at `ready` and then at `go` (every slot and the run pass both), and plays until the run stops.
    pub async fn run(mut self, tokens: Arc<Mutex<Vec<String>>>, ready: Arc<Barrier>, go: Arc<Barrier>) -> SlotOutcome {
        let prepared = {
            let context = Arc::clone(&self.context);
            let _permit = context.setup.acquire().await;
            self.prepare().await
        };
        if let Ok((accounts, _)) = &prepared {
            let mut tokens = tokens.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            tokens.extend(accounts.players.iter().map(|player| player.token.clone()));
        }
        ready.wait().await;
        go.wait().await;
        match prepared {
            Ok((accounts, table)) => self.play(&accounts, table).await,
            Err(Interrupted) => SlotOutcome { awaiting_resume: false },
        }
    }

    async fn prepare(&mut self) -> Result<(Accounts, Table), Interrupted> {
        let accounts = self.create_accounts().await?;
        let table = loop {
            match self.open_table(&accounts, false).await {
                Ok(table) => break table,
                Err(Interrupted) if self.context.allow_disconnects && !self.context.stop.is_set() => {
                    tokio::time::sleep(self.context.retry).await;
                }
                Err(Interrupted) => return Err(Interrupted),
            }
        };
        Ok((accounts, table))
    }

    async fn play(&mut self, accounts: &Accounts, mut table: Table) -> SlotOutcome {
        let mut awaiting_resume = false;
        // When the connection first dropped, until a move is acknowledged again: later drops of the same outage
        // (a reconnect to a node that is not yet serving the game) do not restart the count.
        let mut dropped_at: Option<Instant> = None;
        while !self.context.stop.is_set() {
            match self.step(accounts, &mut table).await {
                Ok(acknowledged) => {
                    awaiting_resume &= !acknowledged;
                    if let Some(dropped) = dropped_at.filter(|_| acknowledged) {
                        self.context.metrics.drop_to_resume.record(dropped.elapsed());
                        dropped_at = None;
                    }
                }
                Err(Interrupted) if self.context.allow_disconnects => {
                    awaiting_resume = true;
                    dropped_at.get_or_insert_with(Instant::now);
                    match self.repair(accounts, table).await {
                        Some(repaired) => table = repaired,
                        None => return SlotOutcome { awaiting_resume },
                    }
                }
                Err(Interrupted) => break,
            }
        }
        for socket in table.sockets {
            socket.close().await;
        }
        SlotOutcome { awaiting_resume }
    }

    /// Drops the broken connection and opens a new one to the pair's game (or a new game, if it is over),
    /// until that works or the run stops.
    async fn repair(&mut self, accounts: &Accounts, broken: Table) -> Option<Table> {
        drop(broken);
        loop {
            if self.context.stop.is_set() {
                return None;
            }
            tokio::time::sleep(self.context.retry).await;
            if let Ok(table) = self.open_table(accounts, true).await {
                Metrics::count(&self.context.metrics.reconnects);
                return Some(table);
            }
        }
    }

    /// One step of play: the next game once this one is over, or the next turn. True when a move was
    /// acknowledged.
    async fn step(&mut self, accounts: &Accounts, table: &mut Table) -> Result<bool, Interrupted> {
        self.think(table).await?;
        if table.over {
            let previous = table.game_id;
            table.game_id = self.start_game(accounts).await?;
            self.subscribe(table, Some(previous)).await?;
            return Ok(false);
        }
        match table.local.play_random_turn(&mut self.rng) {
            Some(turn) => self.play_turn(table, turn).await.map(|()| true),
            None => {
                // The rules ended the game but its end has not been seen yet.
                self.until_over(table).await.map(|()| false)
            }
        }
    }

    /// Waits the think time, reading whatever arrives meanwhile.
    async fn think(&mut self, table: &mut Table) -> Result<(), Interrupted> {
        let mean = self.context.think.as_secs_f64();
        let think = Duration::from_secs_f64(mean * self.rng.random_range(0.5..1.5));
        let until = Instant::now() + think;
        while self.next(table, until).await?.is_some() {}
        Ok(())
    }

    async fn play_turn(&mut self, table: &mut Table, turn: Turn) -> Result<(), Interrupted> {
        let mover = turn.seat.index();
        let opponent = turn.seat.other().index();
        let frame = json!({
            "type": "move", "game_id": table.game_id, "ply": turn.ply,
            "client_move_id": format!("lg{}", turn.ply), "notation": turn.notation,
        });
        let sent = Instant::now();
        let id = self.send(table, mover, frame).await?;
        table.sent.push_back((turn.ply, sent));
        if table.sent.len() > SENT_REMEMBERED {
            table.sent.pop_front();
        }
        let deadline = sent + ANSWER_TIMEOUT;
        let (mut acked, mut pushed) = (None, false);
        while acked.is_none() || !pushed {
            let Some((socket, at, frame)) = self.next(table, deadline).await? else {
                return Err(self.timed_out());
            };
            match frame {
                ServerFrame::Ack { id: Some(answered), seq, .. } if socket == mover && answered == id => {
                    self.context.metrics.move_to_ack.record(at - sent);
                    acked = Some(seq);
                }
                ServerFrame::Event(envelope) if socket == opponent && envelope.game_id == table.game_id => {
                    if matches!(&envelope.event, GameEvent::Moved { record, .. } if record.ply == turn.ply) {
                        self.context.metrics.move_to_push.record(at - sent);
                        pushed = true;
                    }
                }
                _ => {}
            }
        }
        let recorded = RecordedMove {
            game_id: table.game_id,
            ply: turn.ply,
            seq: acked.flatten(),
            seat: seat_name(turn.seat),
            notation: turn.notation,
        };
        self.context.acknowledged(self.context.kind_of_pair(self.index), &recorded);
        if turn.ends_game {
            self.until_over(table).await?;
        }
        Ok(())
    }

    /// Reads until the first player's socket sees the game end.
    async fn until_over(&mut self, table: &mut Table) -> Result<(), Interrupted> {
        let deadline = Instant::now() + ANSWER_TIMEOUT;
        while !table.over {
            if self.next(table, deadline).await?.is_none() {
                return Err(self.timed_out());
            }
        }
        Ok(())
    }

    /// The next frame on any of the table's sockets, or `None` at `until`. Counts what every frame may tell
    /// (an error, a spectator's push, the end of the game); an error frame or a dropped socket interrupts.
    async fn next(
        &mut self,
        table: &mut Table,
        until: Instant,
    ) -> Result<Option<(usize, Instant, ServerFrame)>, Interrupted> {
        let incoming = match tokio::time::timeout_at(until.into(), table.incoming.recv()).await {
            Err(_) => return Ok(None),
            Ok(None) => return Err(self.dropped()),
            Ok(Some(incoming)) => incoming,
        };
        let (socket, at, frame) = match incoming {
            Incoming::Frame { socket, at, frame } => (socket, at, *frame),
            Incoming::Unreadable => {
                self.context.metrics.error("unreadable_frame");
                return Err(Interrupted);
            }
            Incoming::Closed => return Err(self.dropped()),
        };
        match &frame {
            // While a node is down the protocol answers `internal` (nothing changed, retry) for its games until a
            // survivor takes them: expected then, and counted apart.
            ServerFrame::Error { code: ErrorCode::Internal, .. } if self.context.allow_disconnects => {
                Metrics::count(&self.context.metrics.internal_retried);
                return Err(Interrupted);
            }
            ServerFrame::Error { code, .. } => {
                self.context.metrics.error_frame(*code);
                return Err(Interrupted);
            }
            ServerFrame::Event(envelope) if envelope.game_id == table.game_id => match &envelope.event {
                GameEvent::Moved { record, .. } if socket >= 2 => {
                    if let Some(&(_, sent)) = table.sent.iter().find(|(ply, _)| *ply == record.ply) {
                        self.context.metrics.move_to_spectator.record(at - sent);
                    }
                }
                GameEvent::Ended { .. }
                | GameEvent::Aborted { .. }
                | GameEvent::AbortedByAdmin { .. }
                | GameEvent::Adjudicated { .. }
                    if socket == 0 && !table.over =>
                {
                    table.over = true;
                    Metrics::count(&self.context.metrics.games_finished);
                }
                _ => {}
            },
            _ => {}
        }
        Ok(Some((socket, at, frame)))
    }

    async fn send(&mut self, table: &mut Table, socket: usize, frame: serde_json::Value) -> Result<u64, Interrupted> {
        match table.sockets.get_mut(socket) {
            Some(open) => open.request(frame).await.map_err(|_| self.dropped()),
            None => Err(self.dropped()),
        }
    }

    fn dropped(&self) -> Interrupted {
        Metrics::count(&self.context.metrics.disconnects);
        Interrupted
    }

    fn timed_out(&self) -> Interrupted {
        self.context.metrics.error("timeout");
        Interrupted
    }

    /// The server of the slot's socket `socket` (players first, then spectators), which also takes its
    /// owner's REST calls: with several servers the players of a pair are on neighbouring ones, so that every
    /// move crosses nodes, and the spectators follow in turn.
    fn server(&self, socket: usize) -> &Server {
        self.context.server(self.index + socket)
    }

    async fn create_accounts(&self) -> Result<Accounts, Interrupted> {
        let name = |role: String| format!("lg{}{}{role}", self.context.run_tag, self.index);
        let challenger = self.guest(0, &name("a".into())).await?;
        let opponent = self.guest(1, &name("b".into())).await?;
        let mut spectators = Vec::with_capacity(self.spectators);
        for spectator in 0..self.spectators {
            spectators.push(self.guest(2 + spectator, &name(format!("s{spectator}"))).await?);
        }
        Ok(Accounts { players: [challenger, opponent], spectators })
    }

    /// A guest account named `name`, made on the server of socket `socket`.
    async fn guest(&self, socket: usize, name: &str) -> Result<Session, Interrupted> {
        loop {
            match self.server(socket).rest.guest(name).await {
                Ok(session) => return Ok(session),
                Err(error) => self.rest_failed(&error).await?,
            }
        }
    }

    /// A new game of the pair: a direct challenge, accepted, each on its player's server.
    async fn start_game(&self, accounts: &Accounts) -> Result<Uuid, Interrupted> {
        let [challenger, opponent] = &accounts.players;
        let kind = self.context.kind_of_pair(self.index).name();
        let (challenging, accepting) = (self.server(0), self.server(1));
        let started = match challenging.rest.challenge(challenger, opponent, kind, TIME_CONTROL).await {
            Ok(challenge) => {
                accepting.rest.accept(opponent, &challenge).await.inspect_err(|e| accepting.unreachable(Some(e)))
            }
            Err(error) => {
                challenging.unreachable(Some(&error));
                Err(error)
            }
        };
        match started {
            Ok(game) => {
                Metrics::count(&self.context.metrics.games_started);
                Ok(game)
            }
            Err(error) => {
                self.context.rest_failed(&error);
                Err(Interrupted)
            }
        }
    }

    /// Counts a failed REST call; waits and allows a retry (`Ok`) only when the server is down while drops are
    /// expected.
    async fn rest_failed(&self, error: &RestError) -> Result<(), Interrupted> {
        self.context.rest_failed(error);
        let retry =
            self.context.allow_disconnects && matches!(error, RestError::Transport(_)) && !self.context.stop.is_set();
        if retry {
            tokio::time::sleep(self.context.retry).await;
            Ok(())
        } else {
            Err(Interrupted)
        }
    }

    /// Opens every socket of the slot and subscribes them to the pair's game: a new one, or after a drop
    /// (`resume`) the one the first player is still in, if any.
    async fn open_table(&mut self, accounts: &Accounts, resume: bool) -> Result<Table, Interrupted> {
        let running = if resume {
            let server = self.server(0);
            match server.rest.active_game(&accounts.players[0].token).await {
                Ok(game) => game,
                Err(error) => {
                    server.unreachable(Some(&error));
                    self.context.rest_failed(&error);
                    return Err(Interrupted);
                }
            }
        } else {
            None
        };
        let game_id = match running {
            Some(game) => game,
            None => self.start_game(accounts).await?,
        };
        let (sender, incoming) = mpsc::channel(INCOMING_QUEUE);
        let mut sockets = Vec::with_capacity(2 + accounts.spectators.len());
        for (index, session) in accounts.players.iter().chain(&accounts.spectators).enumerate() {
            let server = self.server(index);
            match Socket::open(&server.base, &session.token, index, sender.clone()).await {
                Ok(socket) => sockets.push(socket),
                Err(_) => {
                    server.unreachable(None);
                    if !self.context.allow_disconnects {
                        self.context.metrics.error("connect");
                    }
                    return Err(Interrupted);
                }
            }
        }
        // A placeholder until the subscription's snapshot says the game's own rules.
        let start = self.context.kind_of_pair(self.index).default_ruleset();
        let mut table =
            Table { sockets, incoming, game_id, local: LocalGame::new(&start), sent: VecDeque::new(), over: false };
        self.subscribe(&mut table, None).await?;
        Ok(table)
    }

    /// Subscribes every socket to the table's game (leaving `previous`), and takes the game from the first
    /// player's snapshot.
    async fn subscribe(&mut self, table: &mut Table, previous: Option<Uuid>) -> Result<(), Interrupted> {
        table.over = false;
        table.sent.clear();
        let mut pending = Vec::with_capacity(table.sockets.len());
        for socket in 0..table.sockets.len() {
            if let Some(previous) = previous {
                self.send(table, socket, json!({ "type": "unsubscribe", "game_id": previous })).await?;
            }
            let id = self.send(table, socket, json!({ "type": "subscribe", "game_id": table.game_id })).await?;
            pending.push((socket, id));
        }
        let deadline = Instant::now() + ANSWER_TIMEOUT;
        let mut snapshot = None;
        let mut parts = kartka_protocol::SnapshotParts::default();
        while !pending.is_empty() || snapshot.is_none() {
            let Some((socket, _, frame)) = self.next(table, deadline).await? else {
                return Err(self.timed_out());
            };
            match frame {
                ServerFrame::SnapshotMoves { game_id, moves } if socket == 0 && game_id == table.game_id => {
                    parts.add_moves(game_id, moves);
                }
                ServerFrame::Snapshot { game } if socket == 0 && game.id == table.game_id => {
                    snapshot = Some(parts.complete(game).map_err(|_| {
                        self.context.metrics.error("snapshot_incomplete");
                        Interrupted
                    })?);
                }
                ServerFrame::Ack { id: Some(id), .. } => pending.retain(|&waiting| waiting != (socket, id)),
                _ => {}
            }
        }
        let Some(snapshot) = snapshot else { return Err(self.timed_out()) };
        let Ok(rules) = kartka_server::games::kinds::ruleset(&snapshot.ruleset) else {
            self.context.metrics.error("ruleset_refused");
            return Err(Interrupted);
        };
        table.local = LocalGame::resume(&rules, &snapshot.moves, snapshot.ply, &table.local).map_err(|_| {
            self.context.metrics.error("replay_refused");
            Interrupted
        })?;
        table.over = snapshot.status != GameStatus::Active;
        Ok(())
    }
}

fn seat_name(seat: Seat) -> SeatName {
    match seat {
        Seat::FIRST => SeatName::First,
        _ => SeatName::Second,
    }
}
