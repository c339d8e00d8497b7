//! A rematch of the game: the subscribers that asked for it (`rematch` in `subscribe`) hear of the new game,
//! so that players and spectators can follow.

use kartka_protocol::ServerFrame;
use uuid::Uuid;

use super::{GameActor, Subscriber};
use crate::outbox::encode;

impl GameActor {
    /// The game's rematch started: tells every subscriber that asked, and later ones when they subscribe.
    pub(super) fn rematch_started(&mut self, rematch_id: Uuid) {
        self.rematch = Some(rematch_id);
        let frame = encode(&ServerFrame::Rematch { game_id: self.id, rematch_id });
        for subscriber in self.subscribers.values().filter(|subscriber| subscriber.rematch) {
            subscriber.outbox.push(frame.clone());
        }
    }

    /// Tells a new subscriber that asked of the rematch that already started, if any (also one that started
    /// before this actor did: `load` reads it from the store).
    pub(super) fn tell_rematch(&self, subscriber: &Subscriber) {
        if let Some(rematch_id) = self.rematch.filter(|_| subscriber.rematch) {
            subscriber.outbox.push_frame(&ServerFrame::Rematch { game_id: self.id, rematch_id });
        }
    }
}
