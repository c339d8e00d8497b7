//! What players do in a game: moves, offers (a draw, an agreed end), aborts, claims, and what happens when a
//! clock falls.

use kartka_engine::{EndReason, MoveError, Outcome, Progress, Seat, TimeoutPolicy};
use kartka_protocol::{AbortReason, DrawAction, GameEvent, GameStatus, MoveRecord, OnTimeout, TimeControl};

use super::correspondence::is_conditional_reply;
use super::window::window_end;
use super::{CommittedMove, GameActor, GameError};
use crate::games::convert::{seat_name, seat_text};
use crate::store::{Millis, MoveRow};
use crate::time::now_ms;

/// The start of the `client_move_id` of a move the server played for a player whose time ran out.
pub(crate) const TIMEOUT_MOVE_PREFIX: &str = "timeout-";

impl GameActor {
    pub(super) async fn play(
        &mut self,
        seat: Seat,
        ply: u32,
        client_move_id: String,
        notation: &str,
        now: Millis,
    ) -> Result<u64, GameError> {
        if client_move_id.is_empty() || client_move_id.chars().count() > 64 {
            return Err(GameError::InvalidRequest("client_move_id must be 1 to 64 characters".into()));
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
            MoveError::Forbidden { .. } => GameError::ForbiddenMove(error.to_string()),
        })?;
        let turn_ended = played.progress != Progress::TurnContinues;
        let to_act = next.game.to_act();
        // The main clocks stand still in a timed window (Dots' STOP window); the window keeps its first end.
        let window = next.game.timed_window();
        let clock_runs = if window.is_some() { None } else { to_act };
        next.clock = self.live.clock.after_action(now, turn_ended, next.game.move_begins(), clock_runs);
        next.window_ends = window.map(|window| self.live.window_ends.unwrap_or_else(|| window_end(&window, now)));
        next.ply += played.actions as u32;
        next.has_moved[seat.index()] = true;
        if next.draw_offer == Some(seat.other()) {
            next.draw_offer = None;
        }
        if next.agreed_end_offer == Some(seat.other()) {
            next.agreed_end_offer = None;
        }
        let record = MoveRecord {
            ply,
            seat: seat_name(seat),
            notation: notation.to_owned(),
            turn_ended,
            at_ms: now,
            clocks: next.clocks(now),
            conditional: is_conditional_reply(&client_move_id),
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

    pub(super) async fn draw(&mut self, seat: Seat, action: DrawAction, now: Millis) -> Result<u64, GameError> {
        let offer = self.live.draw_offer;
        match action {
            DrawAction::Offer if offer.is_some() => {
                Err(GameError::NotAllowed("a draw offer is already standing".into()))
            }
            DrawAction::Offer => {
                let mut next = self.live.clone();
                next.draw_offer = Some(seat);
                self.commit(next, GameEvent::DrawOffered { seat: seat_name(seat) }, None, now).await
            }
            DrawAction::Accept | DrawAction::Decline if offer != Some(seat.other()) => {
                Err(GameError::NotAllowed("there is no draw offer from your opponent".into()))
            }
            DrawAction::Accept => self.finish(Outcome::draw(2, EndReason::Agreement), now).await,
            DrawAction::Decline => {
                let mut next = self.live.clone();
                next.draw_offer = None;
                self.commit(next, GameEvent::DrawDeclined { seat: seat_name(seat) }, None, now).await
            }
        }
    }

    /// An offer to end the game now, scored by its rules (the engine's `agreed_end`): made on one's own turn,
    /// standing like a draw offer; accepting ends the game with the score of that moment.
    pub(super) async fn agreed_end(&mut self, seat: Seat, action: DrawAction, now: Millis) -> Result<u64, GameError> {
        let Some(outcome) = self.live.game.agreed_end() else {
            return Err(GameError::UnsupportedByRules("the rules of this game do not score an agreed end".into()));
        };
        let offer = self.live.agreed_end_offer;
        match action {
            DrawAction::Offer if offer.is_some() => {
                Err(GameError::NotAllowed("an offer to end the game is already standing".into()))
            }
            DrawAction::Offer if self.live.game.to_act() != Some(seat) => Err(GameError::NotYourTurn),
            DrawAction::Offer => {
                let mut next = self.live.clone();
                next.agreed_end_offer = Some(seat);
                self.commit(next, GameEvent::AgreedEndOffered { seat: seat_name(seat) }, None, now).await
            }
            DrawAction::Accept | DrawAction::Decline if offer != Some(seat.other()) => {
                Err(GameError::NotAllowed("there is no offer to end the game from your opponent".into()))
            }
            DrawAction::Accept => self.finish(outcome, now).await,
            DrawAction::Decline => {
                let mut next = self.live.clone();
                next.agreed_end_offer = None;
                self.commit(next, GameEvent::AgreedEndDeclined { seat: seat_name(seat) }, None, now).await
            }
        }
    }

    pub(super) async fn abort(&mut self, seat: Seat, now: Millis) -> Result<u64, GameError> {
        if self.live.has_moved == [true, true] {
            return Err(GameError::NotAllowed("a game can only be aborted before both players have moved".into()));
        }
        self.call_off(seat, None, now).await
    }

    /// Aborts the game: no result, nothing rated; `seat` aborted it, or with a `reason` is the seat it names.
    async fn call_off(&mut self, seat: Seat, reason: Option<AbortReason>, now: Millis) -> Result<u64, GameError> {
        let mut next = self.live.clone();
        next.status = GameStatus::Aborted;
        next.clock = self.live.clock.stopped(now);
        next.draw_offer = None;
        next.finished_at = Some(now);
        self.commit(next, GameEvent::Aborted { seat: seat_name(seat), reason }, None, now).await
    }

    pub(super) async fn claim_victory(&mut self, seat: Seat, now: Millis) -> Result<u64, GameError> {
        if self.time_control.is_correspondence() {
            return Err(GameError::NotAllowed(
                "correspondence players are away most of the time; the clock decides".into(),
            ));
        }
        let opponent = seat.other();
        if self.live.game.to_act() != Some(opponent) {
            return Err(GameError::NotAllowed("you can only claim the win on your opponent's turn".into()));
        }
        let grace = self.config.disconnect_grace.as_millis() as i64;
        match self.absent_since[opponent.index()] {
            Some(since) if now - since >= grace => {
                self.finish(Outcome::win(2, seat, EndReason::Abandonment), now).await
            }
            Some(_) => Err(GameError::NotAllowed("your opponent's grace period has not run out yet".into())),
            None => Err(GameError::NotAllowed("your opponent is connected".into())),
        }
    }

    /// Ends the game with the engine's outcome if the last move finished it.
    pub(super) async fn finish_if_engine_ended(&mut self) {
        if self.live.status != GameStatus::Active {
            return;
        }
        if let Some(outcome) = self.live.game.outcome() {
            if let Err(error) = self.finish(outcome, now_ms()).await {
                tracing::error!(game = %self.id, %error, "could not record the end of a game");
            }
        }
    }

    /// The running clock fell: a first-move time aborts the game; otherwise the time control (a per-move clock's
    /// `on_timeout`) or else the game's rules say what that means, a loss or a random legal move played for the
    /// player (an ordinary move in the record).
    pub(super) async fn flag_fall(&mut self) -> Result<(), GameError> {
        let Some(flagged) = self.live.clock.running() else { return Ok(()) };
        let Some(deadline) = self.live.clock.deadline() else { return Ok(()) };
        let at = deadline.max(self.live.clock.since());
        if self.live.clock.awaiting_first_move() == Some(flagged) {
            return self.call_off(flagged, Some(AbortReason::NoFirstMove), at).await.map(drop);
        }
        let policy = match self.time_control {
            TimeControl::PerMove { on_timeout: OnTimeout::RandomMove, .. } => TimeoutPolicy::RandomAction,
            TimeControl::PerMove { on_timeout: OnTimeout::Lose, .. }
            | TimeControl::Fischer { .. }
            | TimeControl::Correspondence { .. } => self.live.game.timeout_policy(),
        };
        match policy {
            TimeoutPolicy::Loss => self.finish(Outcome::win(2, flagged.other(), EndReason::Time), at).await.map(drop),
            TimeoutPolicy::RandomAction => self.play_random_turn(flagged, at).await,
        }
    }

    /// Plays uniformly random legal actions for `seat` (from the engine's legal actions of any kind, the choice
    /// drawn from the server's RNG) until its move is over, each stored and pushed as a move of its own whose
    /// `client_move_id` starts with `timeout-`: one point in Dots (an extra move it earns is a new move, with
    /// its own time), every step of a whole turn in Paper Soccer.
    async fn play_random_turn(&mut self, seat: Seat, at: Millis) -> Result<(), GameError> {
        while self.live.status == GameStatus::Active && self.live.game.to_act() == Some(seat) {
            let Some(action) = self.live.game.pick_legal_action(rand::random()) else { return Ok(()) };
            let ply = self.live.ply;
            self.play(seat, ply, format!("{TIMEOUT_MOVE_PREFIX}{ply}"), &action, at).await?;
            if self.live.game.move_begins() {
                return Ok(());
            }
        }
        Ok(())
    }

    /// The moment the running clock falls, if the game is active.
    pub(super) fn flag_deadline(&self) -> Option<Millis> {
        (self.live.status == GameStatus::Active).then(|| self.live.clock.deadline()).flatten()
    }
}
