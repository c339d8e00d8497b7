//! The game actor: the one task that mutates a game.
//!
//! Architecture invariant: a change is computed on a copy of the game's live state, committed to the store
//! with the game's sequence number as an optimistic check, and only then adopted and pushed to subscribers.
//! A failed commit leaves the game exactly as it was, and the client is told so.

use std::borrow::Cow;
use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use kartka_engine::{AnyGame, BySeat, EndReason, Outcome, Progress, Seat, SeatSet};
use kartka_protocol::{
    DrawAction, ErrorCode, EventEnvelope, GameEvent, GameResult, GameSnapshot, GameStatus, MoveRecord, PlayerInfo,
    RulesetSpec, SeatName, SpeedClass, TimeControl,
};
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use self::retry::{DeadlineRetry, FLAG_FALL, WINDOW_CLOSE};
use super::clock::{ClockRules, GameClock};
use super::convert::{self, seat_name};
use super::hooks::{GameHooks, TurnState};
use crate::outbox::Outbox;
use crate::store::{AuditRow, ChatRow, Millis, Store, StoreError};
use crate::telemetry::{self, GameClass};
use crate::time::now_ms;

/// Why a game refused an action. Nothing changed.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// No such game.
    #[error("no such game")]
    UnknownGame,
    /// The sender does not play in this game.
    #[error("you do not play in this game")]
    NotAPlayer,
    /// The other seat must act.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The sender's ply is not the game's.
    #[error("stale ply: the game is at ply {current}")]
    StalePly {
        /// The game's ply.
        current: u32,
    },
    /// The move text is unreadable or empty.
    #[error("{0}")]
    BadNotation(String),
    /// The engine refused the move.
    #[error("{0}")]
    IllegalMove(String),
    /// The engine refused the move as a point the rules forbid to the mover for its shape (renju).
    #[error("{0}")]
    ForbiddenMove(String),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Not allowed in the game's current state.
    #[error("{0}")]
    NotAllowed(Cow<'static, str>),
    /// The game's rules do not offer this.
    #[error("{0}")]
    UnsupportedByRules(Cow<'static, str>),
    /// A request field is invalid.
    #[error("{0}")]
    InvalidRequest(Cow<'static, str>),
    /// The store failed; nothing changed.
    #[error("the game could not be saved; nothing changed, retrying is safe")]
    Store(#[source] StoreError),
    /// Another live server node runs the game (holds its lease); this node does not. Nothing changed.
    #[error("this game is moving between servers; nothing changed, try again in a moment")]
    OwnedElsewhere {
        /// The node holding the game's lease.
        node: Uuid,
    },
    /// Every place for a finished game kept in memory for its spectators is taken, and this finished game has
    /// none: loading it for one more spectator would let memory grow with the games watched. Nothing changed.
    #[error("the server keeps as many finished games open for spectators as it may; try again later")]
    TooManyWatched,
    /// The node running the game could not be reached, or its answer was unreadable. Nothing changed here; the
    /// owner may or may not have applied a forwarded change, which a retry (the same `client_move_id`) settles.
    #[error("the game's server could not be reached; try again in a moment")]
    Unreachable,
}

impl GameError {
    /// The stable protocol code.
    #[must_use]
    pub fn code(&self) -> ErrorCode {
        match self {
            GameError::UnknownGame => ErrorCode::UnknownGame,
            GameError::NotAPlayer => ErrorCode::NotAPlayer,
            GameError::NotYourTurn => ErrorCode::NotYourTurn,
            GameError::StalePly { .. } => ErrorCode::StalePly,
            GameError::BadNotation(_) => ErrorCode::BadNotation,
            GameError::IllegalMove(_) => ErrorCode::IllegalMove,
            GameError::ForbiddenMove(_) => ErrorCode::Forbidden,
            GameError::GameOver => ErrorCode::GameOver,
            GameError::NotAllowed(_) => ErrorCode::NotAllowed,
            GameError::UnsupportedByRules(_) => ErrorCode::UnsupportedByRules,
            GameError::InvalidRequest(_) => ErrorCode::InvalidRequest,
            GameError::TooManyWatched => ErrorCode::TooManyWatchedGames,
            // `internal` tells a client that nothing changed and that retrying is safe, which is what to do.
            GameError::Store(_) | GameError::OwnedElsewhere { .. } | GameError::Unreachable => ErrorCode::Internal,
        }
    }
}

/// What a player asks of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Play actions in the game's notation at `ply`.
    Move {
        /// The game's ply as the client believes it.
        ply: u32,
        /// The client's id for the move.
        client_move_id: String,
        /// The actions.
        notation: String,
    },
    /// Resign.
    Resign,
    /// Offer, accept or decline a draw.
    Draw(DrawAction),
    /// Offer, accept or decline to end the game scored by its rules.
    AgreedEnd(DrawAction),
    /// Abort before both players moved.
    Abort,
    /// Claim the win from an absent opponent.
    ClaimVictory,
    /// Replace my conditional moves (correspondence games, on my opponent's turn).
    SetConditionalMoves(Vec<kartka_protocol::correspondence::ConditionalLine>),
    /// My vacation started (`true`) or ended: pause or resume my clock (correspondence games that allow it).
    Vacation(bool),
}

/// What an admin does to a game. It goes through the game's actor like a player's action, so the game keeps one
/// owner; its audit entry is committed in the same transaction as the change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AdminAction {
    /// Call a running game off, without a result.
    Abort,
    /// Decide the result of a running or finished game: each seat's rank, first seat first (competition ranks
    /// of the game's seat count, checked by the actor).
    Adjudicate(BySeat<u8>),
}

/// How every game actor is run.
#[derive(Clone)]
pub struct ActorConfig {
    /// How long an absent player has before the opponent may claim the win.
    pub disconnect_grace: Duration,
    /// How long a correspondence day lasts, and the first-move time of live games.
    pub clocks: ClockRules,
    /// How long an unwatched active correspondence game's actor waits for a request before it stops.
    pub idle_unload: Duration,
    /// Who hears about turns.
    pub hooks: Arc<dyn GameHooks>,
    /// Places for finished games kept in memory for their spectators, shared by every actor of the node: a
    /// finished game's actor holds one while anyone watches it (see [`GameError::TooManyWatched`]).
    pub watched_finished: Arc<tokio::sync::Semaphore>,
}

/// A connection that receives a game's events.
#[derive(Clone, Debug)]
pub struct Subscriber {
    /// The connection's id, unique within the server.
    pub connection: u64,
    /// The connection's account; the nil id for a connection that has not said hello (it only watches).
    pub account: Uuid,
    /// Where the game's frames go.
    pub outbox: Outbox,
    /// Whether it receives the game's chat.
    pub chat: bool,
    /// Whether it receives the number of spectators.
    pub viewers: bool,
    /// Whether it hears of a rematch of the game.
    pub rematch: bool,
    /// The node the connection is on, when that is another node: its stored events are not pushed from here,
    /// since that node reads them from the store itself (`games/remote/`).
    pub relayed_by: Option<Uuid>,
}

/// A subscription's answer; it crosses between nodes as it is (`remote/wire.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Subscribed {
    /// The game's sequence number once subscribed: it counts the event the subscription brought (a player's
    /// return), if it brought one.
    pub seq: u64,
    /// The number of the last event that the frames pushed while subscribing hold (the snapshot's, or the last
    /// of the `events` frame): a relaying node reads the events after it from the store.
    pub initial_through: u64,
    /// The subscriber's seat in the game, if it plays one: a relaying node gives it the private parts of that
    /// seat's events, and no other.
    #[serde(default)]
    pub seat: Option<SeatName>,
}

mod chat;
mod commit;
mod correspondence;
mod downtime;
mod ending;
mod load;
mod move_key;
mod new_game;
mod play;
mod presence;
mod rematch;
mod retry;
mod window;

pub(crate) use commit::{event_kind, SEAT_LEFT_KIND};
pub(super) use load::{LoadError, StoredGame};
pub use new_game::new_game;

/// A request to a game actor.
pub(super) enum Command {
    Act { account: Uuid, action: Action, reply: oneshot::Sender<Result<u64, GameError>> },
    Subscribe { subscriber: Subscriber, after_seq: Option<u64>, reply: oneshot::Sender<Result<Subscribed, GameError>> },
    Unsubscribe { connection: u64, closed_because: Option<Cow<'static, str>> },
    Refresh { connection: u64 },
    Admin { action: AdminAction, audit: AuditRow, reply: oneshot::Sender<Result<u64, GameError>> },
    Snapshot { reply: oneshot::Sender<GameSnapshot> },
    Chat { message: ChatRow, reply: oneshot::Sender<Result<(), GameError>> },
    MuteOpponent { account: Uuid, muted: bool, reply: oneshot::Sender<Result<(), GameError>> },
    Rematch { rematch_id: Uuid },
}

/// The parts of a game a change replaces as a whole.
#[derive(Clone, Debug)]
struct Live {
    /// Boxed: an `AnyGame` is as large as its largest kind (about 7 KiB), and a `Live` sits in the future of
    /// every change (twice, as an async fn keeps its arguments beside its locals). Inline, each change's futures
    /// are copied with it whenever they are made and awaited; boxed, with a pointer.
    game: Box<AnyGame>,
    status: GameStatus,
    result: Option<GameResult>,
    ply: u32,
    clock: GameClock,
    /// The standing draw offer.
    draw_offer: Option<StandingOffer>,
    /// The standing offer to end the game scored by its rules.
    agreed_end_offer: Option<StandingOffer>,
    has_moved: BySeat<bool>,
    /// The seats that left a game that plays on without them, in the order they left, with the ply they left at
    /// and why.
    departed: Vec<(Seat, u32, EndReason)>,
    finished_at: Option<Millis>,
    /// When the timed window the game is in ends (see `window.rs`); none outside one.
    window_ends: Option<Millis>,
}

impl Live {
    /// The seats to act while the game is active: one, several in a simultaneous phase; none once it is over.
    fn seats_to_act(&self) -> SeatSet {
        if self.status == GameStatus::Active {
            self.game.seats_to_act()
        } else {
            SeatSet::EMPTY
        }
    }

    /// The clocks as the protocol shows them at `now`, with the time left in a timed window.
    fn clocks(&self, now: Millis) -> kartka_protocol::Clocks {
        let window_ends = self.window_ends.filter(|_| self.status == GameStatus::Active);
        kartka_protocol::Clocks { window_ms: window_ends.map(|end| (end - now).max(0)), ..self.clock.view(now) }
    }
}

/// An offer to end the game (a draw, an agreed end) that stands: the seat that made it and the seats that have
/// accepted it so far. It passes when every seat has accepted (in a game of two, when the other seat accepts),
/// and lapses when a seat moves that has not accepted it: moving is answering no.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct StandingOffer {
    by: Seat,
    accepted: BySeat<bool>,
}

impl StandingOffer {
    /// `by`'s offer in a game of `seats` seats, accepted by no one else yet; the seats that `departed` have no
    /// say.
    fn new(by: Seat, seats: usize, departed: &[Seat]) -> StandingOffer {
        let answered = |seat: Seat| seat == by || departed.contains(&seat);
        StandingOffer { by, accepted: BySeat::from_fn(seats, answered) }
    }

    /// Whether `seat` still has to answer it.
    fn awaits(&self, seat: Seat) -> bool {
        !self.accepted.get(seat).copied().unwrap_or(true)
    }

    /// The offer accepted by `seat` too, or `None` once that makes every seat's acceptance: it passes.
    fn accepted_by(self, seat: Seat) -> Option<StandingOffer> {
        let mut offer = self;
        if let Some(accepted) = offer.accepted.get_mut(seat) {
            *accepted = true;
        }
        (!offer.accepted.as_slice().iter().all(|&accepted| accepted)).then_some(offer)
    }

    /// The seats that accepted it besides the one that made it, in seat order.
    fn acceptors(&self) -> impl Iterator<Item = Seat> + '_ {
        self.accepted.iter().filter(|&(seat, &accepted)| accepted && seat != self.by).map(|(seat, _)| seat)
    }
}

/// A committed move with what a retry must be answered with.
#[derive(Clone, Debug)]
struct CommittedMove {
    /// The move as everyone may see it.
    record: MoveRecord,
    /// The move as its mover (and admins) see it, in a game with secrets, when that differs.
    private: Option<(Seat, MoveRecord)>,
    /// The seats that could act just before it: several in a simultaneous phase (`move_key.rs`).
    to_act_before: SeatSet,
    client_move_id: String,
    seq: u64,
    /// The move's text as the store keeps it, when the record tells it otherwise (a move disclosed with the
    /// list's verdict, or with a secret kept back): the text a replay from the start plays.
    stored_notation: Option<String>,
}

impl CommittedMove {
    /// The move's text as the store keeps it.
    fn stored_notation(&self) -> &str {
        self.stored_notation.as_deref().unwrap_or(&self.record.notation)
    }
}

pub(super) struct GameActor {
    id: Uuid,
    store: Arc<dyn Store>,
    config: ActorConfig,
    announced: Option<TurnState>,
    /// Each seat's player, in seat order: as many as the game has seats.
    players: Vec<PlayerInfo>,
    ruleset: RulesetSpec,
    time_control: TimeControl,
    speed: SpeedClass,
    rated: bool,
    created_at: Millis,
    live: Live,
    seq: u64,
    moves: Vec<CommittedMove>,
    /// Every event as everyone may see it.
    events: Vec<EventEnvelope>,
    /// The private parts of events, by sequence number: what one seat sees of an event instead (`audience.rs`).
    private_events: HashMap<u64, (Seat, EventEnvelope)>,
    subscribers: HashMap<u64, Subscriber>,
    absent_since: BySeat<Option<Millis>>,
    /// Per seat: whether that player muted the other players' chat.
    opponent_muted: BySeat<bool>,
    /// The number of spectators last announced.
    spectators: u32,
    /// The game's rematch, once one started (read from the store when a finished game's actor starts).
    rematch: Option<Uuid>,
    /// Set when another writer moved the stored game past this actor's view (a node taken for dead while it
    /// ran, see `crate::cluster`): every commit of this actor would fail, so it stops, and a fresh actor loads
    /// the game wherever its lease is.
    stale: bool,
    /// Failed tries at what a passed deadline calls for, and when to try again (`retry.rs`).
    deadline_retry: DeadlineRetry,
    /// When this node took the game's lease from a dead node: that node's last heartbeat. Nobody watched the
    /// clock from then until this actor started, an outage of this game alone, credited like the server's.
    unowned_since: Option<Millis>,
    /// The game's place among the finished games kept for spectators, while it is finished and watched.
    watched_place: Option<tokio::sync::OwnedSemaphorePermit>,
}

impl GameActor {
    /// Serves commands until the game is over and nobody watches, or the server shuts down; then awaits
    /// `stopping` (the registry gives the game's lease back) before it closes its queue.
    pub(super) async fn run(
        mut self,
        mut commands: mpsc::Receiver<Command>,
        shutdown: CancellationToken,
        stopping: impl Future<Output = ()> + Send,
    ) {
        let class = if self.time_control.is_correspondence() { GameClass::Correspondence } else { GameClass::Live };
        let _running = telemetry::game_running(class);
        self.credit_downtime().await;
        self.credit_window_downtime().await;
        self.follow_stored_vacations().await;
        self.finish_if_engine_ended().await;
        self.play_server_draws().await;
        self.announce_turn().await;
        loop {
            // A clock never runs in a timed window, so at most one of the two is set.
            let deadline = self.flag_deadline().or_else(|| self.window_deadline());
            let unloadable = self.unloadable();
            tokio::select! {
                biased;
                () = shutdown.cancelled() => break,
                command = commands.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                () = sleep_until_ms_and(deadline, self.deadline_retry.next_try()), if deadline.is_some() => {
                    self.time_up().await;
                }
                () = tokio::time::sleep(self.config.idle_unload), if unloadable => break,
            }
            if self.stale || (self.live.status != GameStatus::Active && self.subscribers.is_empty()) {
                break;
            }
        }
        stopping.await;
        // Commands sent before the queue closed still get their answer; later ones find the actor gone and
        // the registry starts a new one.
        commands.close();
        while let Some(command) = commands.recv().await {
            self.handle(command).await;
        }
        if self.stale {
            self.send_watchers_where_the_game_runs();
        }
    }

    /// Closes this node's connections that watch the game with the resubscribe code, once the game runs on
    /// another node: this actor will push nothing more, and a subscription made again reaches the game wherever
    /// its lease is. Relayed watchers are their own node's to move (its relay checks this node's heartbeat).
    fn send_watchers_where_the_game_runs(&self) {
        for subscriber in self.subscribers.values().filter(|subscriber| subscriber.relayed_by.is_none()) {
            subscriber.outbox.resubscribe();
        }
    }

    /// Answers a command. A player's action, a move most often, runs inline; every other command is boxed, so
    /// that the future made for each command holds (and is copied with) the state of an action alone.
    async fn handle(&mut self, command: Command) {
        match command {
            Command::Act { account, action, reply } => {
                let _ = reply.send(self.act(account, action).await);
            }
            Command::Subscribe { subscriber, after_seq, reply } => {
                let _ = reply.send(Box::pin(self.subscribe(subscriber, after_seq)).await);
            }
            Command::Unsubscribe { connection, closed_because } => {
                Box::pin(self.unsubscribe(connection, closed_because)).await;
            }
            Command::Refresh { connection } => Box::pin(self.refresh(connection)).await,
            Command::Admin { action, audit, reply } => {
                let _ = reply.send(Box::pin(self.admin(action, audit)).await);
            }
            Command::Snapshot { reply } => {
                let _ = reply.send(self.snapshot(now_ms(), self.viewer(None)));
            }
            Command::Chat { message, reply } => {
                let _ = reply.send(Box::pin(self.chat(message)).await);
            }
            Command::MuteOpponent { account, muted, reply } => {
                let _ = reply.send(Box::pin(self.mute_opponent(account, muted)).await);
            }
            Command::Rematch { rematch_id } => self.rematch_started(rematch_id),
        }
    }

    /// Whether the actor may stop while its game goes on: a correspondence game nobody watches needs nothing
    /// from memory. Everything it is is in the store, and its clock is the sweeper's to watch
    /// (`correspondence::sweeper`), so that an idle game costs no memory however many there are.
    fn unloadable(&self) -> bool {
        self.time_control.is_correspondence() && self.subscribers.is_empty()
    }

    /// `seat` leaves the game (it resigned, ran out of time or abandoned it; `reason` says which). A kind that
    /// plays on without it (`seat_left`) goes on, the seat ranked below those still playing; otherwise the game
    /// ends with that seat last and the others sharing the places above it (in a game of two, the other wins).
    async fn leave(&mut self, seat: Seat, reason: EndReason, now: Millis) -> Result<u64, GameError> {
        let mut next = self.live.clone();
        match next.game.seat_left(seat, reason) {
            None => {
                let departed: Vec<Seat> = self.live.departed.iter().map(|&(gone, _, _)| gone).chain([seat]).collect();
                self.finish(Outcome::draw(self.players.len(), reason).with_departures(&departed), now).await
            }
            Some(Progress::GameOver(outcome)) => self.finish(outcome, now).await,
            Some(Progress::TurnEnded | Progress::TurnContinues) => {
                next.departed.push((seat, next.ply, reason));
                // A standing offer lapses: it was made to seats of which one has gone.
                next.draw_offer = None;
                next.agreed_end_offer = None;
                let to_act = next.game.seats_to_act();
                if self.live.clock.running().contains(seat) {
                    next.clock = self.live.clock.after_action(now, seat, false, true, to_act);
                }
                let event = GameEvent::SeatLeft {
                    seat: seat_name(seat),
                    reason: convert::end_reason_name(reason),
                    ply: next.ply,
                    to_act: to_act.first().map(seat_name),
                    seats_to_act: convert::seat_names(to_act),
                    clocks: next.clocks(now),
                };
                self.commit(next, event, None, now).await
            }
        }
    }

    /// The committed moves, as the rules of a move's key read them (`move_key.rs`).
    fn keyed_moves(&self) -> impl DoubleEndedIterator<Item = move_key::KeyedMove<'_>> {
        self.moves.iter().map(|m| move_key::KeyedMove {
            ply: m.record.ply,
            seat: convert::seat(m.record.seat),
            to_act_before: m.to_act_before,
            client_move_id: &m.client_move_id,
            seq: m.seq,
        })
    }

    fn seat_of(&self, account: Uuid) -> Option<Seat> {
        Seat::all(self.players.len()).find(|seat| self.players[seat.index()].account_id == account)
    }

    /// Carries out a player's action. A move runs inline; what else may happen (a fallen flag, a window's
    /// end, every other action) is boxed, so that a move's future holds the state of the move alone.
    async fn act(&mut self, account: Uuid, action: Action) -> Result<u64, GameError> {
        let seat = self.seat_of(account).ok_or(GameError::NotAPlayer)?;
        if let Action::Move { ply, client_move_id, .. } = &action {
            if let Some(original) = move_key::original(*ply, seat, client_move_id, self.keyed_moves()) {
                return Ok(original.seq);
            }
        }
        if self.live.status != GameStatus::Active {
            return Err(GameError::GameOver);
        }
        if self.live.departed.iter().any(|&(gone, _, _)| gone == seat) {
            return Err(GameError::NotAllowed("you have left this game".into()));
        }
        let now = now_ms();
        // Until the store records it, the request fails like any unsaved change (nothing changed, retry).
        // Of seats acting at once, every flag that fell is dealt with; another seat's fallen flag filled in by a
        // random action leaves this seat's move to be played.
        while let Some(fallen) = self.live.clock.flag().filter(|&(_, deadline)| deadline <= now) {
            let fell = Box::pin(self.flag_fall()).await;
            self.deadline_retry.outcome(self.id, FLAG_FALL, fell)?;
            if self.live.status != GameStatus::Active || fallen.0 == seat || self.live.clock.flag() == Some(fallen) {
                return Err(GameError::GameOver);
            }
        }
        if self.window_deadline().is_some_and(|deadline| deadline <= now) {
            let closed = Box::pin(self.close_window()).await;
            self.deadline_retry.outcome(self.id, WINDOW_CLOSE, closed)?;
            return Err(GameError::GameOver);
        }
        match action {
            Action::Move { ply, client_move_id, notation } => {
                if correspondence::is_conditional_reply(&client_move_id) {
                    return Err(GameError::InvalidRequest(
                        "client_move_id may not start with `conditional-`: the server's conditional replies use it"
                            .into(),
                    ));
                }
                self.play_server_draws().await;
                if self.live.game.move_drawn_by_server() {
                    return Err(GameError::NotAllowed("the server draws this move".into()));
                }
                let seq = self.play(seat, ply, client_move_id, &notation, now).await?;
                while self.play_conditional_reply().await {}
                self.play_server_draws().await;
                Ok(seq)
            }
            Action::SetConditionalMoves(lines) => Box::pin(self.set_conditional_moves(seat, lines)).await,
            Action::Vacation(on) => Box::pin(self.vacation(seat, on, now)).await,
            Action::Resign => Box::pin(self.leave(seat, EndReason::Resignation, now)).await,
            Action::Draw(draw) => Box::pin(self.draw(seat, draw, now)).await,
            Action::AgreedEnd(answer) => Box::pin(self.agreed_end(seat, answer, now)).await,
            Action::Abort => Box::pin(self.abort(seat, now)).await,
            Action::ClaimVictory => Box::pin(self.claim_victory(seat, now)).await,
        }
    }
}

/// Sleeps until the wall-clock time `deadline` and, after a failed try at what it calls for, until the next try
/// is due (`retry.rs`).
async fn sleep_until_ms_and(deadline: Option<Millis>, next_try: Option<tokio::time::Instant>) {
    sleep_until_ms(deadline).await;
    if let Some(next_try) = next_try {
        tokio::time::sleep_until(next_try).await;
    }
}

/// Sleeps until the wall-clock time `deadline` (ms since the epoch); forever when there is none.
async fn sleep_until_ms(deadline: Option<Millis>) {
    match deadline {
        Some(deadline) => {
            let wait = (deadline - now_ms()).max(0) as u64;
            tokio::time::sleep(Duration::from_millis(wait)).await;
        }
        None => std::future::pending().await,
    }
}
