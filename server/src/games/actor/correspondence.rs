//! The game actor's part in correspondence play: vacation pauses, conditional moves, and
//! announcing turns to the hooks. Kept apart from the actor's core so that each stays readable.

use kartka_engine::{BySeat, Seat, SeatSet};
use kartka_protocol::correspondence::ConditionalLine;
use kartka_protocol::{EventEnvelope, GameEvent, GameStatus, TimeControl};

use super::{CommittedMove, GameActor, GameError};
use crate::correspondence::conditional;
use crate::games::convert::{self, seat_name};
use crate::games::hooks::TurnState;
use crate::store::{ConditionalRow, Millis};
use crate::time::now_ms;

/// The start of the `client_move_id` of a move the server played from a conditional line; reserved for it, so
/// that a stored move tells whether it was one (a client's own id may not start so).
const CONDITIONAL_MOVE_PREFIX: &str = "conditional-";

/// Whether a stored or played move was a conditional reply, by its `client_move_id`.
pub(super) fn is_conditional_reply(client_move_id: &str) -> bool {
    client_move_id.starts_with(CONDITIONAL_MOVE_PREFIX)
}

impl GameActor {
    /// Pauses or resumes a seat's clock for its player's vacation.
    pub(super) async fn vacation(&mut self, seat: Seat, on: bool, now: Millis) -> Result<u64, GameError> {
        if !matches!(self.time_control, TimeControl::Correspondence { vacation_allowed: true, .. }) {
            return Err(GameError::NotAllowed("this game does not pause for vacations".into()));
        }
        if self.live.clock.is_paused(seat) == on {
            return Ok(self.seq);
        }
        let mut next = self.live.clone();
        next.clock = self.live.clock.with_pause(seat, on, now);
        let (seat_name, clocks) = (seat_name(seat), next.clock.view(now));
        let event = if on {
            GameEvent::VacationStarted { seat: seat_name, clocks }
        } else {
            GameEvent::VacationEnded { seat: seat_name, clocks }
        };
        self.commit(next, event, None, now).await
    }

    /// Pauses the clocks of players on vacation and resumes the others, as the store has it: a new game
    /// starts paused for a player already away, and a crash between storing a vacation's start or end and
    /// telling this game is made good.
    pub(super) async fn follow_stored_vacations(&mut self) {
        if self.live.status != GameStatus::Active
            || !matches!(self.time_control, TimeControl::Correspondence { vacation_allowed: true, .. })
        {
            return;
        }
        for seat in Seat::all(self.players.len()) {
            let account = self.players[seat.index()].account_id;
            let on = match self.store.current_vacation(account).await {
                Ok(current) => current.is_some(),
                Err(error) => {
                    tracing::error!(game = %self.id, %error, "could not read a player's vacation");
                    continue;
                }
            };
            if on != self.live.clock.is_paused(seat) {
                if let Err(error) = self.vacation(seat, on, now_ms()).await {
                    tracing::error!(game = %self.id, %error, "could not follow a player's vacation");
                }
            }
        }
    }

    /// Validates and stores a player's conditional moves; they are private, so no event is recorded.
    pub(super) async fn set_conditional_moves(
        &mut self,
        seat: Seat,
        lines: Vec<ConditionalLine>,
    ) -> Result<u64, GameError> {
        if !self.time_control.is_correspondence() {
            return Err(GameError::NotAllowed("conditional moves are for correspondence games".into()));
        }
        let to_act = self.live.game.seats_to_act();
        if !lines.is_empty() && (to_act.is_empty() || to_act.contains(seat)) {
            return Err(GameError::NotAllowed("conditional moves are stored on your opponent's turn".into()));
        }
        let played = self.current_turn_notation();
        conditional::validate(&self.live.game, seat, &played, &lines).map_err(|error| match error {
            conditional::LineError::Notation(message) => GameError::BadNotation(message),
            conditional::LineError::Illegal(message) => GameError::IllegalMove(message),
            conditional::LineError::Invalid(message) => GameError::InvalidRequest(message.into()),
            error @ conditional::LineError::HiddenInformation => {
                GameError::UnsupportedByRules(error.to_string().into())
            }
        })?;
        let account_id = self.players[seat.index()].account_id;
        let rows: Vec<ConditionalRow> = lines
            .into_iter()
            .map(|line| ConditionalRow { account_id, if_turn: line.condition, reply_turn: line.reply })
            .collect();
        self.store.replace_conditional_moves(self.id, account_id, &rows).await.map_err(GameError::Store)?;
        Ok(self.seq)
    }

    /// After a turn ended: if the player now to act stored a reply to exactly that turn, plays it as their
    /// move; their other lines can no longer match and are dropped. Returns whether a reply was played.
    pub(super) async fn play_conditional_reply(&mut self) -> bool {
        if self.live.status != GameStatus::Active || !self.time_control.is_correspondence() || self.live.game.mid_turn()
        {
            return false;
        }
        // Boxed: this is asked after every move, and only a correspondence game's turn reads and plays a reply.
        Box::pin(self.play_stored_conditional_reply()).await
    }

    /// [`GameActor::play_conditional_reply`] of a correspondence game at the end of a turn.
    async fn play_stored_conditional_reply(&mut self) -> bool {
        // A simultaneous phase has no one turn to reply to: its seats act without seeing each other's moves.
        let to_act = self.live.game.seats_to_act();
        let Some(seat) = to_act.first().filter(|_| to_act.len() == 1) else { return false };
        let account_id = self.players[seat.index()].account_id;
        let lines: Vec<ConditionalRow> = match self.store.conditional_moves(self.id).await {
            Ok(rows) => rows.into_iter().filter(|row| row.account_id == account_id).collect(),
            Err(error) => {
                tracing::error!(game = %self.id, %error, "could not read conditional moves");
                return false;
            }
        };
        if lines.is_empty() {
            return false;
        }
        if let Err(error) = self.store.replace_conditional_moves(self.id, account_id, &[]).await {
            tracing::error!(game = %self.id, %error, "could not use up conditional moves");
            return false;
        }
        let Some(reply) = conditional::reply_to(&lines, &self.last_turn_notation()) else { return false };
        let ply = self.live.ply;
        let client_move_id = format!("{CONDITIONAL_MOVE_PREFIX}{ply}");
        match self.play(seat, ply, client_move_id, &reply, now_ms()).await {
            Ok(_) => true,
            Err(error) => {
                tracing::warn!(game = %self.id, %error, "a stored conditional reply could not be played");
                false
            }
        }
    }

    /// The notation of the last completed turn: its moves since the turn before it ended.
    fn last_turn_notation(&self) -> String {
        let Some((last, earlier)) = self.moves.split_last() else { return String::new() };
        let start = earlier.iter().rposition(|m| m.record.turn_ended).map_or(0, |at| at + 1);
        earlier[start..].iter().chain([last]).map(|m| m.record.notation.as_str()).collect()
    }

    /// The notation played so far in the turn under way.
    fn current_turn_notation(&self) -> String {
        let start = self.moves.iter().rposition(|m| m.record.turn_ended).map_or(0, |at| at + 1);
        self.moves[start..].iter().map(|m| m.record.notation.as_str()).collect()
    }

    /// Tells the hooks where the turn stands, when that changed since they were last told.
    pub(super) async fn announce_turn(&mut self) {
        let active = self.live.status == GameStatus::Active;
        let to_act = if active { self.live.game.seats_to_act() } else { SeatSet::EMPTY };
        // In a simultaneous phase the turn began with the phase: the moves other seats of it made meanwhile, while
        // the seats still to act could already act, do not begin a turn of theirs.
        let of_this_phase = |m: &CommittedMove| {
            m.to_act_before.len() > 1
                && !to_act.is_empty()
                && to_act.iter().all(|seat| m.to_act_before.contains(seat))
                && !to_act.contains(convert::seat(m.record.seat))
        };
        let turn_start =
            self.moves.iter().rposition(|m| m.record.turn_ended && !of_this_phase(m)).map_or(0, |at| at + 1);
        let turn = TurnState {
            game_id: self.id,
            players: self.players.iter().map(|player| player.account_id).collect(),
            time_control: self.time_control,
            seats_to_act: to_act,
            turn_ply: self.moves.get(turn_start).map_or(self.live.ply, |first| first.record.ply),
            deadline: self.flag_deadline(),
            allotment: self.live.clock.turn_allotment(),
        };
        if self.announced.as_ref() != Some(&turn) {
            self.config.hooks.turn_changed(&turn).await;
            self.announced = Some(turn);
        }
    }
}

/// The seats whose clocks a game's events leave paused for a vacation.
pub(super) fn paused_seats(events: &[EventEnvelope], seats: usize) -> BySeat<bool> {
    let mut paused = BySeat::splat(seats, false);
    for event in events {
        let (seat, on) = match &event.event {
            GameEvent::VacationStarted { seat, .. } => (seat, true),
            GameEvent::VacationEnded { seat, .. } => (seat, false),
            _ => continue,
        };
        if let Some(paused) = paused.get_mut(convert::seat(*seat)) {
            *paused = on;
        }
    }
    paused
}
