//! Committing a change: stored first, under the game's sequence number, then adopted and pushed.

use std::time::Instant;

use kartka_protocol::{EventEnvelope, GameEvent, GameStatus};

use super::{GameActor, GameError, Live};
use crate::games::audience::Projected;
use crate::games::convert::{self, seat_text};
use crate::outbox::event_frame;
use crate::store::{
    AuditRow, EventRow, ExplorerRow, GameChange, GameState, Millis, MoveRow, PrivatePart, RatingUpdate, StoreError,
};
use crate::telemetry;

/// What a change that ends a game writes beside its event and state, in the same transaction; nothing for any
/// other change.
#[derive(Debug, Default)]
pub(super) struct EndWrites {
    /// The players' new ratings, when the result is rated.
    pub(super) ratings: Vec<RatingUpdate>,
    /// The game's explorer rows.
    pub(super) explorer: Vec<ExplorerRow>,
}

impl GameActor {
    /// Commits `event` (and `new_move`) with `next` as the game's new state; only on success adopts `next`,
    /// keeps the event and pushes it to every subscriber. Returns the event's sequence number.
    pub(super) async fn commit(
        &mut self,
        next: Live,
        event: GameEvent,
        new_move: Option<MoveRow>,
        now: Millis,
    ) -> Result<u64, GameError> {
        self.commit_change(next, Projected::public(event), new_move, EndWrites::default(), None, now).await
    }

    /// [`GameActor::commit`] of an event that may have a private part for one seat (see [`Projected`]), with
    /// what an end writes besides and an admin's audit entry, in the same transaction. Each subscriber is pushed
    /// the part it may see.
    pub(super) async fn commit_change(
        &mut self,
        next: Live,
        event: Projected<GameEvent>,
        new_move: Option<MoveRow>,
        end_writes: EndWrites,
        audit: Option<&AuditRow>,
        now: Millis,
    ) -> Result<u64, GameError> {
        let seq = self.seq + 1;
        // Each part of the event is serialised once: its stored payload, inside which its frames carry it.
        let payloads = event.map(|event| serde_json::to_string(event).expect("game events always serialise"));
        let frames = payloads.map(|payload| event_frame(self.id, seq, now, payload));
        let Projected { public: payload, private } = payloads;
        let private = private.map(|(seat, payload)| PrivatePart { seat: seat_text(seat).to_owned(), payload });
        let change = GameChange {
            expected_seq: self.seq as i64,
            event: EventRow { seq: seq as i64, kind: event_kind(&event.public).to_owned(), payload, at: now, private },
            new_move,
            state: stored_state(&next, seq),
            ratings: end_writes.ratings,
            explorer: end_writes.explorer,
        };
        let is_move = change.new_move.is_some();
        let started = Instant::now();
        let recorded = match audit {
            Some(audit) => self.store.record_admin_action(self.id, &change, audit).await,
            None => self.store.record(self.id, &change).await,
        };
        if let Err(error) = recorded {
            if matches!(error, StoreError::Conflict) {
                self.notice_other_writer().await;
            }
            return Err(GameError::Store(error));
        }
        if is_move {
            telemetry::move_committed(started.elapsed());
        }
        let fanning_out = Instant::now();
        self.live = next;
        self.seq = seq;
        let Projected { public, private } = event;
        let envelope = |event| EventEnvelope { game_id: self.id, seq, at_ms: now, event };
        let envelopes =
            Projected { public: envelope(public), private: private.map(|(seat, event)| (seat, envelope(event))) };
        // A relayed subscriber's node reads the event from the store, after the commit's notification.
        for subscriber in self.subscribers.values().filter(|subscriber| subscriber.relayed_by.is_none()) {
            let viewer = self.viewer(self.seat_of(subscriber.account));
            subscriber.outbox.push(frames.for_viewer(viewer).clone());
        }
        if let Some(private) = envelopes.private {
            self.private_events.insert(seq, private);
        }
        self.events.push(envelopes.public);
        self.announce_turn().await;
        telemetry::fanned_out(fanning_out.elapsed());
        Ok(seq)
    }

    /// After a refused commit: marks the actor stale when the stored game has moved past its view, which only
    /// another actor of the game can have done (on a node that took the game over). A refusal that leaves the
    /// game's sequence number alone (a rating written in between) changes nothing.
    async fn notice_other_writer(&mut self) {
        match self.store.game(self.id).await {
            Ok(Some(row)) if row.state.seq != self.seq as i64 => {
                tracing::warn!(game = %self.id, "another node moved this game on: stopping its stale actor here");
                self.stale = true;
            }
            Ok(_) => {}
            Err(error) => tracing::warn!(game = %self.id, %error, "could not read a game after a refused commit"),
        }
    }
}

/// The stored form of a live state after event `seq`.
fn stored_state(live: &Live, seq: u64) -> GameState {
    GameState {
        status: convert::status_text(live.status).to_owned(),
        winner: stored_winner(live),
        end_reason: live.result.as_ref().map(|r| convert::end_reason_text(r.reason)),
        ply: i64::from(live.ply),
        seq: seq as i64,
        clocks_ms: live.clock.stored_remaining().as_slice().to_vec(),
        clock_at: live.clock.since(),
        to_act: live.seats_to_act().first().map(|seat| seat_text(seat).to_owned()),
        seats_to_act: convert::seats_text(live.seats_to_act()),
        // A timed window's end is a deadline too: the actor's timer closes it, or for a correspondence game the
        // sweeper, which starts the actor.
        deadline: (live.status == GameStatus::Active).then(|| live.clock.deadline().or(live.window_ends)).flatten(),
        finished_at: live.finished_at,
        scores: live.result.as_ref().and_then(convert::scores_text),
        ranks: live.result.as_ref().map(convert::ranks_text),
    }
}

/// The stored winner of a live state: the winning seat's text, none while the game runs or after a draw.
pub(super) fn stored_winner(live: &Live) -> Option<String> {
    live.result.as_ref().and_then(|r| r.winner).map(|seat| seat_text(convert::seat(seat)).to_owned())
}

/// The stored `kind` of a `seat_left` event, which the records of stored games look for among its events.
pub(crate) const SEAT_LEFT_KIND: &str = "seat_left";

/// The stored `kind` of an event: its protocol tag.
pub(crate) fn event_kind(event: &GameEvent) -> &'static str {
    match event {
        GameEvent::Started { .. } => "started",
        GameEvent::Moved { .. } => "moved",
        GameEvent::DrawOffered { .. } => "draw_offered",
        GameEvent::DrawDeclined { .. } => "draw_declined",
        GameEvent::DrawAccepted { .. } => "draw_accepted",
        GameEvent::SeatLeft { .. } => SEAT_LEFT_KIND,
        GameEvent::AgreedEndAccepted { .. } => "agreed_end_accepted",
        GameEvent::AgreedEndOffered { .. } => "agreed_end_offered",
        GameEvent::AgreedEndDeclined { .. } => "agreed_end_declined",
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
