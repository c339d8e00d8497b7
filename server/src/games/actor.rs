//! The game actor: the one task that mutates a game.
//!
//! Architecture invariant: a change is computed on a copy of the game's live state, committed to the store
//! with the game's sequence number as an optimistic check, and only then adopted and pushed to subscribers.
//! A failed commit leaves the game exactly as it was, and the client is told so.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use kartka_engine::{AnyGame, EndReason, MoveError, Outcome, Progress, Seat};
use kartka_protocol::{
    DrawAction, ErrorCode, EventEnvelope, GameEvent, GameResult, GameSnapshot, GameStatus, MoveRecord, PlayerInfo,
    RulesetSpec, ServerFrame, SpeedClass, TimeControl,
};
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use super::clock::GameClock;
use super::convert::{self, seat_name, seat_text, speed_from_text, speed_text};
use super::hooks::{GameHooks, TurnState};
use super::kinds;
use crate::outbox::{encode, Outbox};
use crate::ratings::speed::speed_class;
use crate::ratings::{rated_result, RatedResult};
use crate::store::{
    AuditRow, EventRow, GameChange, GameRow, GameState, Millis, MoveRow, RatingUpdate, Store, StoreError,
};
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
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Not allowed in the game's current state.
    #[error("{0}")]
    NotAllowed(&'static str),
    /// A request field is invalid.
    #[error("{0}")]
    InvalidRequest(&'static str),
    /// The store failed; nothing changed.
    #[error("the game could not be saved; nothing changed, retrying is safe")]
    Store(#[source] StoreError),
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
            GameError::GameOver => ErrorCode::GameOver,
            GameError::NotAllowed(_) => ErrorCode::NotAllowed,
            GameError::InvalidRequest(_) => ErrorCode::InvalidRequest,
            GameError::Store(_) => ErrorCode::Internal,
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
    /// Decide the result of a running or finished game: a winner, or `None` for a draw.
    Adjudicate(Option<Seat>),
}

/// How every game actor is run.
#[derive(Clone)]
pub struct ActorConfig {
    /// How long an absent player has before the opponent may claim the win.
    pub disconnect_grace: Duration,
    /// How long a correspondence day lasts.
    pub correspondence_day: Duration,
    /// Who hears about turns.
    pub hooks: Arc<dyn GameHooks>,
}

/// A connection that receives a game's events.
#[derive(Clone, Debug)]
pub struct Subscriber {
    /// The connection's id, unique within the server.
    pub connection: u64,
    /// The connection's account.
    pub account: Uuid,
    /// Where the game's frames go.
    pub outbox: Outbox,
}

mod correspondence;
mod downtime;

use correspondence::paused_seats;

/// A request to a game actor.
pub(super) enum Command {
    Act { account: Uuid, action: Action, reply: oneshot::Sender<Result<u64, GameError>> },
    Subscribe { subscriber: Subscriber, after_seq: Option<u64>, reply: oneshot::Sender<Result<u64, GameError>> },
    Unsubscribe { connection: u64, closed_because: Option<&'static str> },
    Admin { action: AdminAction, audit: AuditRow, reply: oneshot::Sender<Result<u64, GameError>> },
    Snapshot { reply: oneshot::Sender<GameSnapshot> },
}

/// The parts of a game a change replaces as a whole.
#[derive(Clone, Debug)]
struct Live {
    game: AnyGame,
    status: GameStatus,
    result: Option<GameResult>,
    ply: u32,
    clock: GameClock,
    draw_offer: Option<Seat>,
    has_moved: [bool; 2],
    finished_at: Option<Millis>,
}

/// A committed move with what a retry must be answered with.
#[derive(Clone, Debug)]
struct CommittedMove {
    record: MoveRecord,
    client_move_id: String,
    seq: u64,
}

pub(super) struct GameActor {
    id: Uuid,
    store: Arc<dyn Store>,
    config: ActorConfig,
    announced: Option<TurnState>,
    players: [PlayerInfo; 2],
    ruleset: RulesetSpec,
    time_control: TimeControl,
    speed: SpeedClass,
    rated: bool,
    created_at: Millis,
    live: Live,
    seq: u64,
    moves: Vec<CommittedMove>,
    events: Vec<EventEnvelope>,
    subscribers: HashMap<u64, Subscriber>,
    absent_since: [Option<Millis>; 2],
}

/// Stored data that does not make a consistent game.
#[derive(Debug, thiserror::Error)]
pub(super) enum LoadError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("stored game {0} is inconsistent: {1}")]
    Corrupt(Uuid, String),
}

impl GameActor {
    /// Loads a game and everything needed to run it; `None` when there is no such game.
    pub(super) async fn load(
        store: Arc<dyn Store>,
        id: Uuid,
        config: ActorConfig,
    ) -> Result<Option<GameActor>, LoadError> {
        let Some(row) = store.game(id).await? else { return Ok(None) };
        let corrupt = |why: String| LoadError::Corrupt(id, why);
        let ruleset: RulesetSpec = serde_json::from_str(&row.ruleset).map_err(|e| corrupt(e.to_string()))?;
        let time_control: TimeControl = serde_json::from_str(&row.time_control).map_err(|e| corrupt(e.to_string()))?;
        let rules = kinds::ruleset(&ruleset).map_err(|e| corrupt(e.to_string()))?;
        let speed = speed_from_text(&row.speed).ok_or_else(|| corrupt(format!("speed {}", row.speed)))?;
        let event_rows = store.events_after(id, 0).await?;
        let mut events = Vec::with_capacity(event_rows.len());
        for row in &event_rows {
            let event: GameEvent = serde_json::from_str(&row.payload).map_err(|e| corrupt(e.to_string()))?;
            events.push(EventEnvelope { game_id: id, seq: row.seq as u64, at_ms: row.at, event });
        }
        let Some(GameEvent::Started { players, .. }) = events.first().map(|e| e.event.clone()) else {
            return Err(corrupt("the first event is not `started`".into()));
        };
        let mut game = AnyGame::new(&rules);
        let mut has_moved = [false; 2];
        let mut moves = Vec::new();
        let move_seqs: HashMap<u64, (String, u64)> = events
            .iter()
            .filter_map(|e| match &e.event {
                GameEvent::Moved { record, client_move_id, .. } => {
                    Some((u64::from(record.ply), (client_move_id.clone(), e.seq)))
                }
                _ => None,
            })
            .collect();
        for row in store.moves(id).await? {
            let seat = convert::seat_from_text(&row.seat).ok_or_else(|| corrupt(format!("seat {}", row.seat)))?;
            game.play(&row.notation).map_err(|e| corrupt(format!("move at ply {}: {e}", row.ply)))?;
            let running = game.to_act().map(seat_name);
            has_moved[seat.index()] = true;
            let seq = move_seqs.get(&(row.ply as u64)).map_or(0, |(_, seq)| *seq);
            moves.push(CommittedMove {
                record: MoveRecord {
                    ply: row.ply as u32,
                    seat: seat_name(seat),
                    notation: row.notation,
                    turn_ended: row.turn_ended,
                    at_ms: row.received_at,
                    clocks: kartka_protocol::Clocks { first_ms: row.first_ms, second_ms: row.second_ms, running },
                },
                client_move_id: row.client_move_id,
                seq,
            });
        }
        let state = &row.state;
        let status = match state.status.as_str() {
            "active" => GameStatus::Active,
            "finished" => GameStatus::Finished,
            "aborted" => GameStatus::Aborted,
            other => return Err(corrupt(format!("status {other}"))),
        };
        let result = convert::stored_result(state, status).map_err(|reason| corrupt(format!("reason {reason}")))?;
        let running = (status == GameStatus::Active).then(|| game.to_act()).flatten();
        let clock = GameClock::restore(
            &time_control,
            config.correspondence_day,
            [state.first_ms, state.second_ms],
            state.clock_at,
            running,
            paused_seats(&events),
        );
        let now = now_ms();
        Ok(Some(GameActor {
            id,
            store,
            config,
            announced: None,
            players,
            ruleset,
            time_control,
            speed,
            rated: row.rated,
            created_at: row.created_at,
            live: Live {
                game,
                status,
                result,
                ply: state.ply as u32,
                clock,
                draw_offer: standing_draw_offer(&events),
                has_moved,
                finished_at: state.finished_at,
            },
            seq: state.seq as u64,
            moves,
            events,
            subscribers: HashMap::new(),
            absent_since: [Some(now), Some(now)],
        }))
    }

    /// Serves commands until the game is over and nobody watches, or the server shuts down.
    pub(super) async fn run(mut self, mut commands: mpsc::Receiver<Command>, shutdown: CancellationToken) {
        self.credit_downtime().await;
        self.follow_stored_vacations().await;
        self.finish_if_engine_ended().await;
        self.announce_turn().await;
        loop {
            let deadline = self.flag_deadline();
            tokio::select! {
                biased;
                () = shutdown.cancelled() => break,
                command = commands.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                () = sleep_until_ms(deadline), if deadline.is_some() => self.flag_fall().await,
            }
            if self.live.status != GameStatus::Active && self.subscribers.is_empty() {
                break;
            }
        }
        // Commands sent before the queue closed still get their answer; later ones find the actor gone and
        // the registry starts a new one.
        commands.close();
        while let Some(command) = commands.recv().await {
            self.handle(command).await;
        }
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Act { account, action, reply } => {
                let _ = reply.send(self.act(account, action).await);
            }
            Command::Subscribe { subscriber, after_seq, reply } => {
                let _ = reply.send(self.subscribe(subscriber, after_seq).await);
            }
            Command::Unsubscribe { connection, closed_because } => self.unsubscribe(connection, closed_because).await,
            Command::Admin { action, audit, reply } => {
                let _ = reply.send(self.admin(action, audit).await);
            }
            Command::Snapshot { reply } => {
                let _ = reply.send(self.snapshot(now_ms()));
            }
        }
    }

    fn seat_of(&self, account: Uuid) -> Option<Seat> {
        Seat::BOTH.into_iter().find(|seat| self.players[seat.index()].account_id == account)
    }

    async fn act(&mut self, account: Uuid, action: Action) -> Result<u64, GameError> {
        let seat = self.seat_of(account).ok_or(GameError::NotAPlayer)?;
        if let Action::Move { ply, client_move_id, .. } = &action {
            if let Some(original) = self.moves.iter().find(|m| m.record.ply == *ply) {
                if original.client_move_id == *client_move_id && original.record.seat == seat_name(seat) {
                    return Ok(original.seq);
                }
            }
        }
        if self.live.status != GameStatus::Active {
            return Err(GameError::GameOver);
        }
        let now = now_ms();
        if self.live.clock.deadline().is_some_and(|deadline| deadline <= now) {
            self.flag_fall().await;
            return Err(GameError::GameOver);
        }
        match action {
            Action::Move { ply, client_move_id, notation } => {
                let seq = self.play(seat, ply, client_move_id, &notation, now).await?;
                while self.play_conditional_reply().await {}
                Ok(seq)
            }
            Action::SetConditionalMoves(lines) => self.set_conditional_moves(seat, lines).await,
            Action::Vacation(on) => self.vacation(seat, on, now).await,
            Action::Resign => self.finish(Outcome::win(seat.other(), EndReason::Resignation), now).await,
            Action::Draw(draw) => self.draw(seat, draw, now).await,
            Action::Abort => self.abort(seat, now).await,
            Action::ClaimVictory => self.claim_victory(seat, now).await,
        }
    }

    async fn play(
        &mut self,
        seat: Seat,
        ply: u32,
        client_move_id: String,
        notation: &str,
        now: Millis,
    ) -> Result<u64, GameError> {
        if client_move_id.is_empty() || client_move_id.chars().count() > 64 {
            return Err(GameError::InvalidRequest("client_move_id must be 1 to 64 characters"));
        }
        if ply != self.live.ply {
            return Err(GameError::StalePly { current: self.live.ply });
        }
        if self.live.game.to_act() != Some(seat) {
            return Err(GameError::NotYourTurn);
        }
        let mut next = self.live.clone();
        let played = next.game.play(notation).map_err(|error| match error {
            MoveError::Notation(_) | MoveError::Empty => GameError::BadNotation(error.to_string()),
            MoveError::GameOver => GameError::GameOver,
            MoveError::PastTurnEnd { .. } | MoveError::Illegal { .. } => GameError::IllegalMove(error.to_string()),
        })?;
        let turn_ended = played.progress != Progress::TurnContinues;
        let to_act = next.game.to_act();
        next.clock = self.live.clock.after_action(now, turn_ended, to_act);
        next.ply += played.actions as u32;
        next.has_moved[seat.index()] = true;
        if next.draw_offer == Some(seat.other()) {
            next.draw_offer = None;
        }
        let record = MoveRecord {
            ply,
            seat: seat_name(seat),
            notation: notation.to_owned(),
            turn_ended,
            at_ms: now,
            clocks: next.clock.view(now),
        };
        let stored_move = MoveRow {
            ply: i64::from(ply),
            seat: seat_text(seat).to_owned(),
            notation: notation.to_owned(),
            turn_ended,
            client_move_id: client_move_id.clone(),
            first_ms: record.clocks.first_ms,
            second_ms: record.clocks.second_ms,
            received_at: now,
        };
        let event = GameEvent::Moved {
            record: record.clone(),
            client_move_id: client_move_id.clone(),
            to_act: to_act.map(seat_name),
        };
        let seq = self.commit(next, event, Some(stored_move), now).await?;
        self.moves.push(CommittedMove { record, client_move_id, seq });
        self.finish_if_engine_ended().await;
        Ok(seq)
    }

    async fn draw(&mut self, seat: Seat, action: DrawAction, now: Millis) -> Result<u64, GameError> {
        let offer = self.live.draw_offer;
        match action {
            DrawAction::Offer if offer.is_some() => Err(GameError::NotAllowed("a draw offer is already standing")),
            DrawAction::Offer => {
                let mut next = self.live.clone();
                next.draw_offer = Some(seat);
                self.commit(next, GameEvent::DrawOffered { seat: seat_name(seat) }, None, now).await
            }
            DrawAction::Accept | DrawAction::Decline if offer != Some(seat.other()) => {
                Err(GameError::NotAllowed("there is no draw offer from your opponent"))
            }
            DrawAction::Accept => self.finish(Outcome::draw(EndReason::Agreement), now).await,
            DrawAction::Decline => {
                let mut next = self.live.clone();
                next.draw_offer = None;
                self.commit(next, GameEvent::DrawDeclined { seat: seat_name(seat) }, None, now).await
            }
        }
    }

    async fn abort(&mut self, seat: Seat, now: Millis) -> Result<u64, GameError> {
        if self.live.has_moved == [true, true] {
            return Err(GameError::NotAllowed("a game can only be aborted before both players have moved"));
        }
        let mut next = self.live.clone();
        next.status = GameStatus::Aborted;
        next.clock = self.live.clock.stopped(now);
        next.finished_at = Some(now);
        self.commit(next, GameEvent::Aborted { seat: seat_name(seat) }, None, now).await
    }

    async fn claim_victory(&mut self, seat: Seat, now: Millis) -> Result<u64, GameError> {
        if self.time_control.is_correspondence() {
            return Err(GameError::NotAllowed("correspondence players are away most of the time; the clock decides"));
        }
        let opponent = seat.other();
        if self.live.game.to_act() != Some(opponent) {
            return Err(GameError::NotAllowed("you can only claim the win on your opponent's turn"));
        }
        let grace = self.config.disconnect_grace.as_millis() as i64;
        match self.absent_since[opponent.index()] {
            Some(since) if now - since >= grace => self.finish(Outcome::win(seat, EndReason::Abandonment), now).await,
            Some(_) => Err(GameError::NotAllowed("your opponent's grace period has not run out yet")),
            None => Err(GameError::NotAllowed("your opponent is connected")),
        }
    }

    /// Carries out an admin's action; `audit` is committed with the change, stamped with its time.
    async fn admin(&mut self, action: AdminAction, audit: AuditRow) -> Result<u64, GameError> {
        let now = now_ms();
        let audit = AuditRow { at: now, ..audit };
        match action {
            AdminAction::Abort if self.live.status != GameStatus::Active => Err(GameError::GameOver),
            AdminAction::Abort => {
                let mut next = self.live.clone();
                next.status = GameStatus::Aborted;
                next.clock = self.live.clock.stopped(now);
                next.draw_offer = None;
                next.finished_at = Some(now);
                self.commit_change(next, GameEvent::AbortedByAdmin {}, None, Vec::new(), Some(&audit), now).await
            }
            AdminAction::Adjudicate(_) if self.live.status == GameStatus::Aborted => {
                Err(GameError::NotAllowed("an aborted game has no result to decide"))
            }
            AdminAction::Adjudicate(winner) => {
                let outcome = match winner {
                    Some(seat) => Outcome::win(seat, EndReason::Adjudication),
                    None => Outcome::draw(EndReason::Adjudication),
                };
                self.end(outcome, now, Some(&audit)).await
            }
        }
    }

    /// Ends the game with the engine's outcome if the last move finished it.
    async fn finish_if_engine_ended(&mut self) {
        if self.live.status != GameStatus::Active {
            return;
        }
        if let Some(outcome) = self.live.game.outcome() {
            if let Err(error) = self.finish(outcome, now_ms()).await {
                tracing::error!(game = %self.id, %error, "could not record the end of a game");
            }
        }
    }

    async fn flag_fall(&mut self) {
        let Some(flagged) = self.live.clock.running() else { return };
        let Some(deadline) = self.live.clock.deadline() else { return };
        let outcome = Outcome::win(flagged.other(), EndReason::Time);
        if let Err(error) = self.finish(outcome, deadline.max(self.live.clock.since())).await {
            tracing::error!(game = %self.id, %error, "could not record a flag fall");
        }
    }

    async fn finish(&mut self, outcome: Outcome, now: Millis) -> Result<u64, GameError> {
        self.end(outcome, now, None).await
    }

    /// Gives the game the result `outcome`, rating it when it counts. With an admin's audit entry it is an
    /// adjudication (`adjudicated`): a running game ends now, a finished game's result is replaced without
    /// touching ratings. Otherwise the running game ends (`ended`).
    async fn end(&mut self, outcome: Outcome, now: Millis, adjudication: Option<&AuditRow>) -> Result<u64, GameError> {
        let was_running = self.live.status == GameStatus::Active;
        let mut next = self.live.clone();
        next.status = GameStatus::Finished;
        next.result = Some(convert::game_result(outcome));
        next.clock = self.live.clock.stopped(now);
        next.draw_offer = None;
        next.finished_at = self.live.finished_at.or(Some(now));
        let mut attempt = 1;
        loop {
            let rated = if was_running { self.rated_result(outcome, now).await? } else { None };
            let (ratings, rating_changes) = rated.map(|r| (r.updates, r.changes)).unwrap_or_default();
            let is_rated = !ratings.is_empty();
            let (result, clocks) = (convert::game_result(outcome), next.clock.view(now));
            let event = match adjudication {
                Some(_) => GameEvent::Adjudicated { result, clocks, rating_changes },
                None => GameEvent::Ended { result, clocks, rating_changes },
            };
            match self.commit_change(next.clone(), event, None, ratings, adjudication, now).await {
                // Another game of one of the players ended between reading the ratings and writing them: rate
                // this result again from the new ratings.
                Err(GameError::Store(StoreError::Conflict)) if is_rated && attempt < RATING_ATTEMPTS => attempt += 1,
                committed => return committed,
            }
        }
    }

    /// The rating updates of ending the game with `outcome`: none for a casual game, and none for a game that
    /// ends before both players moved (aborted games never get here).
    async fn rated_result(&self, outcome: Outcome, now: Millis) -> Result<Option<RatedResult>, GameError> {
        if !self.rated || self.live.has_moved != [true, true] {
            return Ok(None);
        }
        let kind = self.ruleset.kind().name();
        let players = [self.players[0].account_id, self.players[1].account_id];
        let rated = rated_result(&*self.store, kind, speed_text(self.speed), players, outcome.winner, now).await;
        rated.map(Some).map_err(GameError::Store)
    }

    /// The moment the running clock falls, if the game is active.
    fn flag_deadline(&self) -> Option<Millis> {
        (self.live.status == GameStatus::Active).then(|| self.live.clock.deadline()).flatten()
    }

    async fn subscribe(&mut self, subscriber: Subscriber, after_seq: Option<u64>) -> Result<u64, GameError> {
        let frame = match after_seq {
            Some(after) if after > self.seq => {
                return Err(GameError::InvalidRequest("after_seq is beyond the game's last event"));
            }
            Some(after) => ServerFrame::Events {
                game_id: self.id,
                events: self.events.iter().filter(|e| e.seq > after).cloned().collect(),
            },
            None => ServerFrame::Snapshot { game: self.snapshot(now_ms()) },
        };
        subscriber.outbox.push_frame(&frame);
        let seat = self.seat_of(subscriber.account);
        let connection = subscriber.connection;
        self.subscribers.insert(connection, subscriber);
        if let Some(seat) = seat {
            if self.absent_since[seat.index()].is_some() {
                self.absent_since[seat.index()] = None;
                self.record_presence(GameEvent::PlayerConnected { seat: seat_name(seat) }).await;
            }
        }
        Ok(self.seq)
    }

    /// Removes a subscriber. A player's connection that the server closed for breaking its rules leaves a
    /// `connection_closed` event first, so the timeline shows why the player went away.
    async fn unsubscribe(&mut self, connection: u64, closed_because: Option<&'static str>) {
        let Some(gone) = self.subscribers.remove(&connection) else { return };
        let Some(seat) = self.seat_of(gone.account) else { return };
        if let Some(reason) = closed_because {
            self.record_presence(GameEvent::ConnectionClosed { seat: seat_name(seat), reason: reason.to_owned() })
                .await;
        }
        if self.subscribers.values().any(|s| s.account == gone.account) {
            return;
        }
        let now = now_ms();
        self.absent_since[seat.index()] = Some(now);
        let claimable_at_ms = now + self.config.disconnect_grace.as_millis() as i64;
        self.record_presence(GameEvent::PlayerDisconnected { seat: seat_name(seat), claimable_at_ms }).await;
    }

    /// Records a connect, a disconnect or a closed connection while the game is active. Presence is
    /// informative, so a failure is logged rather than reported to anyone.
    async fn record_presence(&mut self, event: GameEvent) {
        if self.live.status != GameStatus::Active {
            return;
        }
        let next = self.live.clone();
        if let Err(error) = self.commit(next, event, None, now_ms()).await {
            tracing::warn!(game = %self.id, %error, "could not record a presence change");
        }
    }

    /// Commits `event` (and `new_move`) with `next` as the game's new state; only on success adopts `next`,
    /// keeps the event and pushes it to every subscriber. Returns the event's sequence number.
    async fn commit(
        &mut self,
        next: Live,
        event: GameEvent,
        new_move: Option<MoveRow>,
        now: Millis,
    ) -> Result<u64, GameError> {
        self.commit_change(next, event, new_move, Vec::new(), None, now).await
    }

    /// [`GameActor::commit`], with rating updates and an admin's audit entry written in the same transaction.
    async fn commit_change(
        &mut self,
        next: Live,
        event: GameEvent,
        new_move: Option<MoveRow>,
        ratings: Vec<RatingUpdate>,
        audit: Option<&AuditRow>,
        now: Millis,
    ) -> Result<u64, GameError> {
        let seq = self.seq + 1;
        let payload = serde_json::to_string(&event).expect("game events always serialise");
        let change = GameChange {
            expected_seq: self.seq as i64,
            event: EventRow { seq: seq as i64, kind: event_kind(&event).to_owned(), payload, at: now },
            new_move,
            state: stored_state(&next, seq),
            ratings,
        };
        match audit {
            Some(audit) => self.store.record_admin_action(self.id, &change, audit).await,
            None => self.store.record(self.id, &change).await,
        }
        .map_err(GameError::Store)?;
        self.live = next;
        self.seq = seq;
        let envelope = EventEnvelope { game_id: self.id, seq, at_ms: now, event };
        let frame = encode(&ServerFrame::Event(envelope.clone()));
        self.events.push(envelope);
        for subscriber in self.subscribers.values() {
            subscriber.outbox.push(frame.clone());
        }
        self.announce_turn().await;
        Ok(seq)
    }

    fn snapshot(&self, now: Millis) -> GameSnapshot {
        GameSnapshot {
            id: self.id,
            ruleset: self.ruleset,
            time_control: self.time_control,
            speed: self.speed,
            rated: self.rated,
            players: self.players.clone(),
            status: self.live.status,
            result: self.live.result,
            moves: self.moves.iter().map(|m| m.record.clone()).collect(),
            ply: self.live.ply,
            to_act: (self.live.status == GameStatus::Active).then(|| self.live.game.to_act().map(seat_name)).flatten(),
            mid_turn: self.live.game.mid_turn(),
            clocks: self.live.clock.view(now),
            clocks_at_ms: now,
            draw_offer: self.live.draw_offer.map(seat_name),
            on_vacation: Seat::BOTH
                .into_iter()
                .filter(|seat| self.live.clock.is_paused(*seat))
                .map(seat_name)
                .collect(),
            seq: self.seq,
            created_at_ms: self.created_at,
        }
    }
}

/// The draw offer still standing after `events`: an offer stands until it is declined, the game ends, or the
/// offerer's opponent moves.
fn standing_draw_offer(events: &[EventEnvelope]) -> Option<Seat> {
    events.iter().fold(None, |offer, envelope| match &envelope.event {
        GameEvent::DrawOffered { seat } => Some(convert::seat(*seat)),
        GameEvent::DrawDeclined { .. }
        | GameEvent::Ended { .. }
        | GameEvent::Aborted { .. }
        | GameEvent::AbortedByAdmin {}
        | GameEvent::Adjudicated { .. } => None,
        GameEvent::Moved { record, .. } if offer == Some(convert::seat(record.seat).other()) => None,
        _ => offer,
    })
}

/// The stored form of a live state after event `seq`.
fn stored_state(live: &Live, seq: u64) -> GameState {
    let [first_ms, second_ms] = live.clock.stored_remaining();
    GameState {
        status: convert::status_text(live.status).to_owned(),
        winner: live.result.and_then(|r| r.winner).map(|seat| seat_text(convert::seat(seat)).to_owned()),
        end_reason: live.result.map(|r| convert::end_reason_text(r.reason)),
        ply: i64::from(live.ply),
        seq: seq as i64,
        first_ms,
        second_ms,
        clock_at: live.clock.since(),
        to_act: (live.status == GameStatus::Active)
            .then(|| live.game.to_act())
            .flatten()
            .map(|seat| seat_text(seat).to_owned()),
        deadline: (live.status == GameStatus::Active).then(|| live.clock.deadline()).flatten(),
        finished_at: live.finished_at,
    }
}

/// The stored `kind` of an event: its protocol tag.
pub(crate) fn event_kind(event: &GameEvent) -> &'static str {
    match event {
        GameEvent::Started { .. } => "started",
        GameEvent::Moved { .. } => "moved",
        GameEvent::DrawOffered { .. } => "draw_offered",
        GameEvent::DrawDeclined { .. } => "draw_declined",
        GameEvent::PlayerConnected { .. } => "player_connected",
        GameEvent::PlayerDisconnected { .. } => "player_disconnected",
        GameEvent::Ended { .. } => "ended",
        GameEvent::Aborted { .. } => "aborted",
        GameEvent::ClockCredited { .. } => "clock_credited",
        GameEvent::VacationStarted { .. } => "vacation_started",
        GameEvent::VacationEnded { .. } => "vacation_ended",
        GameEvent::ConnectionClosed { .. } => "connection_closed",
        GameEvent::AbortedByAdmin {} => "aborted_by_admin",
        GameEvent::Adjudicated { .. } => "adjudicated",
    }
}

/// A new game's stored row and its `started` event, with the clocks set at `now`; `correspondence_day` is
/// the length of a day of correspondence time controls.
pub fn new_game(
    id: Uuid,
    players: [PlayerInfo; 2],
    ruleset: RulesetSpec,
    time_control: TimeControl,
    rated: bool,
    correspondence_day: Duration,
    now: Millis,
) -> (GameRow, EventRow) {
    let clock = GameClock::start(&time_control, correspondence_day, now);
    let event = GameEvent::Started { players: players.clone(), ruleset, time_control, clocks: clock.view(now) };
    let [first_ms, second_ms] = clock.stored_remaining();
    let row = GameRow {
        id,
        kind: ruleset.kind().name().to_owned(),
        ruleset: serde_json::to_string(&ruleset).expect("rulesets always serialise"),
        time_control: serde_json::to_string(&time_control).expect("time controls always serialise"),
        speed: speed_text(speed_class(&ruleset, &time_control)).to_owned(),
        rated,
        first_id: players[0].account_id,
        second_id: players[1].account_id,
        created_at: now,
        state: GameState {
            status: "active".to_owned(),
            winner: None,
            end_reason: None,
            ply: 0,
            seq: 1,
            first_ms,
            second_ms,
            clock_at: now,
            to_act: Some(seat_text(Seat::First).to_owned()),
            deadline: clock.deadline(),
            finished_at: None,
        },
    };
    let started = EventRow {
        seq: 1,
        kind: event_kind(&event).to_owned(),
        payload: serde_json::to_string(&event).expect("game events always serialise"),
        at: now,
    };
    (row, started)
}

/// How often a rated result is computed again when the players' ratings changed under it.
const RATING_ATTEMPTS: u32 = 3;

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
