//! What players do in a game: moves, offers (a draw, an agreed end), aborts, claims, and what happens when a
//! clock falls.

use kartka_engine::{EndReason, MoveError, Outcome, Progress, Seat, SeatSet, TimeoutPolicy};
use kartka_protocol::{AbortReason, DrawAction, GameEvent, GameStatus, MoveRecord, OnTimeout, SeatName, TimeControl};

use super::commit::EndWrites;
use super::correspondence::is_conditional_reply;
use super::window::window_end;
use super::{move_key, CommittedMove, GameActor, GameError, Live, StandingOffer};
use crate::games::audience::{disclosed_move, Projected};
use crate::games::convert::{seat_name, seat_names, seat_text};
use crate::store::{Millis, MoveRow};
use crate::time::now_ms;

/// The start of the `client_move_id` of a move the server played for a player whose time ran out.
pub(crate) const TIMEOUT_MOVE_PREFIX: &str = "timeout-";
/// The start of the `client_move_id` of a move the rules leave to the server's draw (a Gallows word under
/// `word: server`).
pub(crate) const SERVER_MOVE_PREFIX: &str = "server-";

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
        if !move_key::is_current(ply, self.live.ply, seat, self.keyed_moves()) {
            return Err(GameError::StalePly { current: self.live.ply });
        }
        let to_act_before = self.live.game.seats_to_act();
        if !to_act_before.contains(seat) {
            return Err(GameError::NotYourTurn);
        }
        // Stored at the game's ply, which in a simultaneous phase may be past the one the mover saw.
        let ply = self.live.ply;
        let mut next = self.live.clone();
        let (played, disclosure) = next.game.play_as(seat, notation).map_err(|error| match error {
            MoveError::Notation(_) | MoveError::Empty => GameError::BadNotation(error.to_string()),
            MoveError::GameOver => GameError::GameOver,
            MoveError::NotToAct { .. } => GameError::NotYourTurn,
            MoveError::PastTurnEnd { .. } | MoveError::Illegal { .. } => GameError::IllegalMove(error.to_string()),
            MoveError::Forbidden { .. } => GameError::ForbiddenMove(error.to_string()),
        })?;
        let turn_ended = played.progress != Progress::TurnContinues;
        let to_act = next.game.seats_to_act();
        // The main clocks stand still in a timed window (Dots' STOP window); the window keeps its first end.
        let window = next.game.timed_window();
        let clock_runs = if window.is_some() { SeatSet::EMPTY } else { to_act };
        next.clock = self.live.clock.after_action(now, seat, turn_ended, next.game.move_begins(), clock_runs);
        next.window_ends = window.map(|window| self.live.window_ends.unwrap_or_else(|| window_end(&window, now)));
        next.ply += played.actions as u32;
        next.has_moved[seat] = true;
        for offer in [&mut next.draw_offer, &mut next.agreed_end_offer] {
            if offer.is_some_and(|offer| offer.awaits(seat)) {
                *offer = None;
            }
        }
        let record = MoveRecord {
            ply,
            seat: seat_name(seat),
            notation: notation.to_owned(),
            turn_ended,
            at_ms: now,
            clocks: next.clocks(now),
            conditional: is_conditional_reply(&client_move_id),
            commitment: None,
            secret: None,
            nonce: None,
        };
        let record = match disclosure {
            None => Projected::public(record),
            Some(disclosure) => disclosed_move(self.id, seat, record, disclosure, &rand::random()),
        };
        let stored_notation = (record.public.notation != notation).then(|| notation.to_owned());
        let stored_move = MoveRow {
            ply: i64::from(ply),
            seat: seat_text(seat).to_owned(),
            notation: notation.to_owned(),
            turn_ended,
            client_move_id: client_move_id.clone(),
            clocks_ms: record.public.clocks.ms.clone(),
            received_at: now,
        };
        let event = record.map(|record| GameEvent::Moved {
            record: record.clone(),
            client_move_id: client_move_id.clone(),
            to_act: to_act.first().map(seat_name),
            seats_to_act: seat_names(to_act),
        });
        let seq = self.commit_change(next, event, Some(stored_move), EndWrites::default(), None, now).await?;
        self.moves.push(CommittedMove {
            record: record.public,
            private: record.private,
            client_move_id,
            seq,
            to_act_before,
            stored_notation,
        });
        self.finish_if_engine_ended().await;
        Ok(seq)
    }

    pub(super) async fn draw(&mut self, seat: Seat, action: DrawAction, now: Millis) -> Result<u64, GameError> {
        self.answer_offer(OfferKind::Draw, seat, action, Outcome::draw(self.players.len(), EndReason::Agreement), now)
            .await
    }

    /// An offer to end the game now, scored by its rules (the engine's `agreed_end`): made on one's own turn,
    /// standing like a draw offer; when it passes the game ends with the score of that moment.
    pub(super) async fn agreed_end(&mut self, seat: Seat, action: DrawAction, now: Millis) -> Result<u64, GameError> {
        let Some(outcome) = self.live.game.agreed_end() else {
            return Err(GameError::UnsupportedByRules("the rules of this game do not score an agreed end".into()));
        };
        if action == DrawAction::Offer
            && self.live.agreed_end_offer.is_none()
            && !self.live.game.seats_to_act().contains(seat)
        {
            return Err(GameError::NotYourTurn);
        }
        self.answer_offer(OfferKind::AgreedEnd, seat, action, outcome, now).await
    }

    /// `seat` offers, accepts or declines the offer of `kind`; `passes` is the game's end once every seat has
    /// accepted it.
    async fn answer_offer(
        &mut self,
        kind: OfferKind,
        seat: Seat,
        action: DrawAction,
        passes: Outcome,
        now: Millis,
    ) -> Result<u64, GameError> {
        let standing = kind.standing(&self.live);
        let mut next = self.live.clone();
        let event = match action {
            DrawAction::Offer if standing.is_some() => {
                return Err(GameError::NotAllowed(kind.already_standing().into()))
            }
            DrawAction::Offer => {
                let departed: Vec<Seat> = self.live.departed.iter().map(|&(gone, _, _)| gone).collect();
                *kind.offer(&mut next) = Some(StandingOffer::new(seat, self.players.len(), &departed));
                kind.offered(seat_name(seat))
            }
            DrawAction::Accept | DrawAction::Decline if !standing.is_some_and(|offer| offer.awaits(seat)) => {
                return Err(GameError::NotAllowed(kind.none_to_answer().into()));
            }
            DrawAction::Accept => match standing.and_then(|offer| offer.accepted_by(seat)) {
                None => return self.finish(passes, now).await,
                Some(offer) => {
                    *kind.offer(&mut next) = Some(offer);
                    kind.accepted(seat_name(seat))
                }
            },
            DrawAction::Decline => {
                *kind.offer(&mut next) = None;
                kind.declined(seat_name(seat))
            }
        };
        self.commit(next, event, None, now).await
    }

    pub(super) async fn abort(&mut self, seat: Seat, now: Millis) -> Result<u64, GameError> {
        if self.every_seat_moved() {
            return Err(GameError::NotAllowed("a game can only be aborted before every seat has moved or left".into()));
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
        let others = self.live.game.seats_to_act().without(seat);
        if others.is_empty() {
            return Err(GameError::NotAllowed("you can only claim the win on your opponent's turn".into()));
        }
        // In a simultaneous phase any seat still to act that has been away long enough may be claimed; the one
        // away longest first.
        let grace = self.config.disconnect_grace.as_millis() as i64;
        let away = others.iter().filter_map(|other| self.absent_since[other].map(|since| (since, other))).min();
        match away {
            Some((since, absent)) if now - since >= grace => self.leave(absent, EndReason::Abandonment, now).await,
            Some(_) => Err(GameError::NotAllowed("your opponent's grace period has not run out yet".into())),
            None => Err(GameError::NotAllowed("your opponent is connected".into())),
        }
    }

    /// Ends the game with the engine's outcome if the last move finished it.
    pub(super) async fn finish_if_engine_ended(&mut self) {
        if self.live.status != GameStatus::Active {
            return;
        }
        // Boxed: this follows every move, and a game ends once; inline, the ending's state would be part of
        // every move's future.
        if let Some(outcome) = self.live.game.outcome() {
            if let Err(error) = Box::pin(self.finish(outcome, now_ms())).await {
                tracing::error!(game = %self.id, %error, "could not record the end of a game");
            }
        }
    }

    /// The first of the running clocks fell (of several seats acting at once, the one whose deadline came
    /// first; the others run on): a first-move time aborts the game; otherwise the time control (a per-move
    /// clock's `on_timeout`) or else the game's rules say what that means, a loss (in a game that plays on
    /// without the seat, its departure) or a random legal action played for that seat (an ordinary move in the
    /// record, a random secret committed like a chosen one).
    ///
    /// In a simultaneous phase whose policy is a random action, a first-move time that runs out aborts the
    /// game only while no seat has acted yet; once one has, the absent seat gets the random action (see the
    /// decision in `games::clock`'s doc).
    pub(super) async fn flag_fall(&mut self) -> Result<(), GameError> {
        let Some((flagged, deadline)) = self.live.clock.flag() else { return Ok(()) };
        let at = deadline.max(self.live.clock.since());
        let policy = match self.time_control {
            TimeControl::PerMove { on_timeout: OnTimeout::RandomMove, .. } => TimeoutPolicy::RandomAction,
            TimeControl::PerMove { on_timeout: OnTimeout::Lose, .. }
            | TimeControl::Fischer { .. }
            | TimeControl::Correspondence { .. } => self.live.game.timeout_policy(),
        };
        if self.live.clock.awaiting_first_move().contains(flagged) {
            let filled_in = policy == TimeoutPolicy::RandomAction
                && self.in_simultaneous_phase(flagged)
                && self.live.has_moved.as_slice().iter().any(|&moved| moved);
            if !filled_in {
                return self.call_off(flagged, Some(AbortReason::NoFirstMove), at).await.map(drop);
            }
        }
        match policy {
            TimeoutPolicy::Loss => self.leave(flagged, EndReason::Time, at).await.map(drop),
            TimeoutPolicy::RandomAction => self.play_random_turn(flagged, at).await,
        }
    }

    /// Plays random legal actions for `seat` (each the kind's `pick_legal_action_as` of a choice drawn from the
    /// server's RNG: uniform among the legal actions, or among a Bulls and Cows seat's consistent guesses) until
    /// its move is over, each stored and pushed as a move of its own whose
    /// `client_move_id` starts with `timeout-`: one point in Dots (an extra move it earns is a new move, with
    /// its own time), every step of a whole turn in Paper Soccer.
    async fn play_random_turn(&mut self, seat: Seat, at: Millis) -> Result<(), GameError> {
        while self.live.status == GameStatus::Active && self.live.game.seats_to_act().contains(seat) {
            let Some(action) = self.live.game.pick_legal_action_as(seat, rand::random()) else { return Ok(()) };
            let ply = self.live.ply;
            self.play(seat, ply, format!("{TIMEOUT_MOVE_PREFIX}{ply}"), &action, at).await?;
            if self.live.game.move_begins() {
                return Ok(());
            }
        }
        Ok(())
    }

    /// Plays the moves the rules leave to the server's draw (the engine's `move_drawn_by_server`: a Gallows word
    /// under `word: server`), each drawn from the server's RNG, never from anything public, and stored and pushed
    /// as a move of the seat to act whose `client_move_id` starts with `server-`, its secret committed like a
    /// player's. A draw the store refuses is logged and tried again before the next move is taken.
    pub(super) async fn play_server_draws(&mut self) {
        while self.live.status == GameStatus::Active && self.live.game.move_drawn_by_server() {
            let Some(seat) = self.live.game.seats_to_act().first() else { return };
            let Some(action) = self.live.game.pick_legal_action_as(seat, rand::random()) else { return };
            let ply = self.live.ply;
            // Boxed: this is asked around every move, and only a few kinds ever draw one.
            let drawn = Box::pin(self.play(seat, ply, format!("{SERVER_MOVE_PREFIX}{ply}"), &action, now_ms()));
            if let Err(error) = drawn.await {
                tracing::error!(game = %self.id, %error, "could not play the server's draw");
                return;
            }
        }
    }

    /// Whether `seat` acts in a simultaneous phase: several seats act now, or the last move was made while
    /// `seat` could act too (another seat of the same phase submitted first).
    fn in_simultaneous_phase(&self, seat: Seat) -> bool {
        self.live.game.seats_to_act().len() > 1
            || self.moves.last().is_some_and(|last| last.to_act_before.len() > 1 && last.to_act_before.contains(seat))
    }

    /// The moment the first running clock falls, if the game is active.
    pub(super) fn flag_deadline(&self) -> Option<Millis> {
        (self.live.status == GameStatus::Active).then(|| self.live.clock.deadline()).flatten()
    }
}

/// The two offers a player may make to end a game, and what each one's events and refusals say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OfferKind {
    Draw,
    AgreedEnd,
}

impl OfferKind {
    fn standing(self, live: &Live) -> Option<StandingOffer> {
        match self {
            OfferKind::Draw => live.draw_offer,
            OfferKind::AgreedEnd => live.agreed_end_offer,
        }
    }

    fn offer(self, live: &mut Live) -> &mut Option<StandingOffer> {
        match self {
            OfferKind::Draw => &mut live.draw_offer,
            OfferKind::AgreedEnd => &mut live.agreed_end_offer,
        }
    }

    fn offered(self, seat: SeatName) -> GameEvent {
        match self {
            OfferKind::Draw => GameEvent::DrawOffered { seat },
            OfferKind::AgreedEnd => GameEvent::AgreedEndOffered { seat },
        }
    }

    fn accepted(self, seat: SeatName) -> GameEvent {
        match self {
            OfferKind::Draw => GameEvent::DrawAccepted { seat },
            OfferKind::AgreedEnd => GameEvent::AgreedEndAccepted { seat },
        }
    }

    fn declined(self, seat: SeatName) -> GameEvent {
        match self {
            OfferKind::Draw => GameEvent::DrawDeclined { seat },
            OfferKind::AgreedEnd => GameEvent::AgreedEndDeclined { seat },
        }
    }

    fn already_standing(self) -> &'static str {
        match self {
            OfferKind::Draw => "a draw offer is already standing",
            OfferKind::AgreedEnd => "an offer to end the game is already standing",
        }
    }

    fn none_to_answer(self) -> &'static str {
        match self {
            OfferKind::Draw => "there is no draw offer awaiting your answer",
            OfferKind::AgreedEnd => "there is no offer to end the game awaiting your answer",
        }
    }
}
