//! The game actor's part in surviving server downtime: the time the server was down while a clock ran is
//! given back to that clock, live and correspondence games alike, so nobody loses on time to an outage.

use kartka_protocol::{GameEvent, GameStatus};

use super::GameActor;
use crate::downtime;
use crate::games::convert::seat_name;
use crate::store::{Millis, Outage, StoreError};
use crate::time::now_ms;

impl GameActor {
    /// The actor of a game whose lease was taken from a dead node whose last heartbeat was `last_beat` (if
    /// it was): that outage is credited too when the actor starts.
    pub(in crate::games) fn unowned_since(mut self, last_beat: Option<Millis>) -> GameActor {
        self.unowned_since = last_beat;
        self
    }

    /// The server's outages ending after `since`, and this game's own since its node died, if it moved here
    /// from a dead node (it ends now: the actor runs again).
    pub(super) async fn outages_ending_after(&self, since: Millis, now: Millis) -> Result<Vec<Outage>, StoreError> {
        let mut outages = self.store.outages_ending_after(since).await?;
        if let Some(started_at) = self.unowned_since.filter(|started_at| *started_at < now) {
            outages.push(Outage { started_at, ended_at: now });
        }
        Ok(outages)
    }

    /// Gives the running seat back the time the server was down since its clock was last taken. A per-move
    /// clock's reference time may lie before its last credit (it keeps the move time already used, see
    /// `games::clock`), so outages before the last credit, which that credit covered, are never counted again.
    pub(super) async fn credit_downtime(&mut self) {
        if self.live.status != GameStatus::Active {
            return;
        }
        // The event names the first of the running seats; every one of them gets the credit.
        let Some(seat) = self.live.clock.ticking().first() else { return };
        let last_credit = self
            .events
            .iter()
            .rev()
            .find(|envelope| matches!(envelope.event, GameEvent::ClockCredited { .. }))
            .map_or(Millis::MIN, |envelope| envelope.at_ms);
        let since = self.live.clock.since().max(last_credit);
        let now = now_ms();
        let outages = match self.outages_ending_after(since, now).await {
            Ok(outages) => outages,
            Err(error) => {
                tracing::error!(game = %self.id, %error, "could not read server outages");
                return;
            }
        };
        let credit = downtime::overlap(since, now, &outages);
        if credit <= 0 {
            return;
        }
        let mut next = self.live.clone();
        next.clock = self.live.clock.credited(credit, now);
        let event =
            GameEvent::ClockCredited { seat: seat_name(seat), credited_ms: credit, clocks: next.clock.view(now) };
        match self.commit(next, event, None, now).await {
            Ok(_) => tracing::info!(game = %self.id, credit_ms = credit, "credited server downtime"),
            Err(error) => tracing::error!(game = %self.id, %error, "could not credit server downtime"),
        }
    }
}
