//! Who watches a game: subscribing connections, players coming and going, and the snapshot a newcomer gets.

use std::borrow::Cow;

use kartka_engine::{Seat, Viewer};
use kartka_protocol::{Departure, EventEnvelope, GameEvent, GameSnapshot, GameStatus, ServerFrame};
use uuid::Uuid;

use super::{GameActor, GameError, StandingOffer, Subscribed, Subscriber};
use crate::games::audience::{sees_private, viewer_of};
use crate::games::convert::{self, end_reason_name, seat_name};
use crate::long_lists;
use crate::outbox::encode;
use crate::store::Millis;
use crate::time::now_ms;

impl GameActor {
    pub(super) async fn subscribe(
        &mut self,
        subscriber: Subscriber,
        after_seq: Option<u64>,
    ) -> Result<Subscribed, GameError> {
        // A refused request takes nothing: the resume is checked before the game takes a watched place.
        if after_seq.is_some_and(|after| after > self.seq) {
            return Err(GameError::InvalidRequest("after_seq is beyond the game's last event".into()));
        }
        self.take_watched_place()?;
        let seat = self.seat_of(subscriber.account);
        let viewer = self.viewer(seat);
        let frames = match after_seq {
            Some(after) => long_lists::events_frames(self.id, self.events_after(after, viewer)),
            None => long_lists::snapshot_frames(self.snapshot(now_ms(), viewer)),
        };
        for frame in &frames {
            subscriber.outbox.push_frame(frame);
        }
        let initial_through = self.seq;
        self.send_chat_history(&subscriber).await;
        self.tell_rematch(&subscriber);
        let connection = subscriber.connection;
        self.subscribers.insert(connection, subscriber);
        self.announce_viewers(Some(connection));
        if let Some(seat) = seat {
            if self.absent_since[seat].is_some() {
                self.absent_since[seat] = None;
                self.record_presence(GameEvent::PlayerConnected { seat: seat_name(seat) }).await;
            }
        }
        Ok(Subscribed { seq: self.seq, initial_through, seat: seat.map(seat_name) })
    }

    /// Who a connection of `seat` is in this game: that seat's player or a spectator while the game runs; once it
    /// is over nothing is secret, and every viewer sees what admins see.
    pub(super) fn viewer(&self, seat: Option<Seat>) -> Viewer {
        if self.live.status == GameStatus::Active {
            viewer_of(seat)
        } else {
            Viewer::Admin
        }
    }

    /// Every mover's own version of its moves, where it had one: what the end of the game reveals.
    pub(super) fn revealed_moves(&self) -> Vec<kartka_protocol::MoveRecord> {
        self.moves.iter().filter_map(|m| m.private.as_ref().map(|(_, record)| record.clone())).collect()
    }

    /// The events after `after` as `viewer` may see them.
    fn events_after(&self, after: u64, viewer: Viewer) -> Vec<EventEnvelope> {
        self.events
            .iter()
            .filter(|event| event.seq > after)
            .map(|event| match self.private_events.get(&event.seq) {
                Some((owner, private)) if sees_private(viewer, *owner) => private.clone(),
                _ => event.clone(),
            })
            .collect()
    }

    /// Sends a subscriber again what its subscription brought besides the game's events: the chat history, the
    /// spectator count and the rematch, each if it asked for it. A relaying node asks for this after its cluster bus
    /// lost messages, among which frames for the subscriber may have been.
    pub(super) async fn refresh(&mut self, connection: u64) {
        let Some(subscriber) = self.subscribers.get(&connection).cloned() else { return };
        self.send_chat_history(&subscriber).await;
        self.tell_rematch(&subscriber);
        self.announce_viewers(Some(connection));
    }

    /// Takes a place among the finished games kept in memory for spectators, when the game is finished and has
    /// none yet (a game that ended while watched takes one at its next subscription). A finished game is kept
    /// only while watched (the actor stops when its last subscriber goes, and the place with it), so the places
    /// bound how many finished games memory holds however many are watched.
    fn take_watched_place(&mut self) -> Result<(), GameError> {
        if self.live.status == GameStatus::Active || self.watched_place.is_some() {
            return Ok(());
        }
        let place = self.config.watched_finished.clone().try_acquire_owned().map_err(|_| GameError::TooManyWatched)?;
        self.watched_place = Some(place);
        Ok(())
    }

    /// Removes a subscriber. A player's connection that the server closed for breaking its rules leaves a
    /// `connection_closed` event first, so the timeline shows why the player went away.
    pub(super) async fn unsubscribe(&mut self, connection: u64, closed_because: Option<Cow<'static, str>>) {
        let Some(gone) = self.subscribers.remove(&connection) else { return };
        if self.subscribers.is_empty() {
            self.watched_place = None;
        }
        self.announce_viewers(None);
        let Some(seat) = self.seat_of(gone.account) else { return };
        if let Some(reason) = closed_because {
            self.record_presence(GameEvent::ConnectionClosed { seat: seat_name(seat), reason: reason.into_owned() })
                .await;
        }
        if self.subscribers.values().any(|s| s.account == gone.account) {
            return;
        }
        let now = now_ms();
        self.absent_since[seat] = Some(now);
        let claimable_at_ms = now + self.config.disconnect_grace.as_millis() as i64;
        self.record_presence(GameEvent::PlayerDisconnected { seat: seat_name(seat), claimable_at_ms }).await;
    }

    /// Tells the subscribers that asked for it how many accounts watch the game, when the number changed; and
    /// the connection `newcomer` in any case.
    fn announce_viewers(&mut self, newcomer: Option<u64>) {
        // Signed-in spectators count once however many connections they have; each connection without an
        // account (the nil id) counts on its own.
        let mut watching: Vec<Uuid> = self
            .subscribers
            .values()
            .filter(|subscriber| self.seat_of(subscriber.account).is_none())
            .map(|subscriber| subscriber.account)
            .collect();
        let anonymous = watching.iter().filter(|account| account.is_nil()).count();
        watching.retain(|account| !account.is_nil());
        watching.sort_unstable();
        watching.dedup();
        let spectators = u32::try_from(watching.len() + anonymous).unwrap_or(u32::MAX);
        let changed = spectators != self.spectators;
        self.spectators = spectators;
        let text = encode(&ServerFrame::Viewers { game_id: self.id, spectators });
        for (connection, subscriber) in &self.subscribers {
            if subscriber.viewers && (changed || newcomer == Some(*connection)) {
                subscriber.outbox.push(text.clone());
            }
        }
    }

    /// Records a connect, a disconnect or a closed connection while the game is active. Presence is
    /// informative, so a failure is logged rather than reported to anyone.
    pub(super) async fn record_presence(&mut self, event: GameEvent) {
        if self.live.status != GameStatus::Active {
            return;
        }
        let next = self.live.clone();
        if let Err(error) = self.commit(next, event, None, now_ms()).await {
            tracing::warn!(game = %self.id, %error, "could not record a presence change");
        }
    }

    /// The game as `viewer` may see it.
    pub(super) fn snapshot(&self, now: Millis, viewer: Viewer) -> GameSnapshot {
        GameSnapshot {
            id: self.id,
            ruleset: self.ruleset,
            time_control: self.time_control,
            speed: self.speed,
            rated: self.rated,
            players: self.players.to_vec(),
            status: self.live.status,
            result: self.live.result.clone(),
            moves: self
                .moves
                .iter()
                .map(|m| match &m.private {
                    Some((owner, private)) if sees_private(viewer, *owner) => private.clone(),
                    _ => m.record.clone(),
                })
                .collect(),
            earlier_moves: 0,
            ply: self.live.ply,
            to_act: self.live.seats_to_act().first().map(seat_name),
            seats_to_act: convert::seat_names(self.live.seats_to_act()),
            mid_turn: self.live.game.mid_turn(),
            clocks: self.live.clocks(now),
            clocks_at_ms: now,
            departed: self
                .live
                .departed
                .iter()
                .map(|&(seat, ply, reason)| Departure { seat: seat_name(seat), ply, reason: end_reason_name(reason) })
                .collect(),
            draw_offer: self.live.draw_offer.map(|offer| seat_name(offer.by)),
            draw_accepted_by: self.live.draw_offer.iter().flat_map(StandingOffer::acceptors).map(seat_name).collect(),
            agreed_end_offer: self.live.agreed_end_offer.map(|offer| seat_name(offer.by)),
            agreed_end_accepted_by: self
                .live
                .agreed_end_offer
                .iter()
                .flat_map(StandingOffer::acceptors)
                .map(seat_name)
                .collect(),
            on_vacation: Seat::all(self.players.len())
                .filter(|seat| self.live.clock.is_paused(*seat))
                .map(seat_name)
                .collect(),
            seq: self.seq,
            created_at_ms: self.created_at,
        }
    }
}
