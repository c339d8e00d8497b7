//! Who may read which part of a game's events: the one place the server decides it (issue #35).
//!
//! A game whose kind has secrets (a fleet, a secret number) projects each event once, when it is committed: the
//! public part everyone may read, and at most one private part, for one seat (the mover's own fleet, its guess
//! before the round resolves) and admins. Both are stored in the event's row, and every read path (the live
//! push, a resume, the snapshot, the relay between nodes) serves a viewer only its projection. Events of a kind
//! of perfect information have no private part: every viewer reads the same.
//!
//! Architecture invariant: a private part leaves the server only towards its own seat's connections; nothing
//! here hands it to a spectator, another seat or a node's watcher of another seat.

use kartka_engine::commitment::{commitment, to_hex, NONCE_LEN};
use kartka_engine::{Disclosure, Seat, Viewer};
use kartka_protocol::{EventEnvelope, GameEvent, MoveRecord};
use uuid::Uuid;

use crate::games::convert::seat_from_text;
use crate::store::EventRow;

/// A value (an event, a move's record) as everyone may see it and, in a game with secrets, as one seat and admins
/// see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Projected<T> {
    /// What everyone may see.
    pub public: T,
    /// What one seat (and admins) see instead, when the value holds something of theirs the others may not see.
    pub private: Option<(Seat, T)>,
}

impl<T> Projected<T> {
    /// A value everyone sees alike.
    pub fn public(value: T) -> Projected<T> {
        Projected { public: value, private: None }
    }

    /// The version `viewer` may see: the private one for its own seat and for admins, else the public one.
    pub fn for_viewer(&self, viewer: Viewer) -> &T {
        match &self.private {
            Some((owner, private)) if sees_private(viewer, *owner) => private,
            _ => &self.public,
        }
    }

    /// Both versions changed by `change`.
    pub fn map<U>(&self, mut change: impl FnMut(&T) -> U) -> Projected<U> {
        Projected {
            public: change(&self.public),
            private: self.private.as_ref().map(|(seat, private)| (*seat, change(private))),
        }
    }
}

/// Whether `viewer` may see the private part that belongs to `owner`: its own seat's, and every one for admins.
pub fn sees_private(viewer: Viewer, owner: Seat) -> bool {
    match viewer {
        Viewer::Admin => true,
        Viewer::Seat(seat) => seat == owner,
        Viewer::Spectator => false,
    }
}

/// The viewer a connection of `seat` is: that seat's player, or a spectator.
pub fn viewer_of(seat: Option<Seat>) -> Viewer {
    seat.map_or(Viewer::Spectator, Viewer::Seat)
}

/// The move `record` (its notation the mover's whole text) by `mover` in the game `game_id`, projected as the
/// engine's `disclosure` says: everyone sees the public text, with the commitment to the secret the move fixed;
/// the mover (and admins) see the private text, the secret and the `nonce` it is committed with.
pub fn disclosed_move(
    game_id: Uuid,
    mover: Seat,
    record: MoveRecord,
    disclosure: Disclosure,
    nonce: &[u8; NONCE_LEN],
) -> Projected<MoveRecord> {
    let committed = disclosure
        .secret
        .as_ref()
        .map(|secret| to_hex(&commitment(&game_id.hyphenated().to_string(), mover, secret, nonce)));
    let public = MoveRecord { notation: disclosure.public, commitment: committed.clone(), ..record.clone() };
    let private = (disclosure.private.is_some() || disclosure.secret.is_some()).then(|| {
        let nonce = disclosure.secret.is_some().then(|| to_hex(nonce));
        let notation = disclosure.private.unwrap_or_else(|| public.notation.clone());
        (mover, MoveRecord { notation, commitment: committed, secret: disclosure.secret, nonce, ..record })
    });
    Projected { public, private }
}

/// Why a stored event could not be read back.
#[derive(Debug, thiserror::Error)]
pub enum StoredEventError {
    /// A payload is not a protocol event.
    #[error("event {seq}: {source}")]
    Payload {
        /// The event's sequence number.
        seq: i64,
        /// What the JSON reader said.
        source: serde_json::Error,
    },
    /// A private part names no seat.
    #[error("event {seq}: private part for an unknown seat {seat:?}")]
    Seat {
        /// The event's sequence number.
        seq: i64,
        /// The stored seat text.
        seat: String,
    },
}

/// A stored event of `game_id`, both its parts, as envelopes.
pub fn stored_event(game_id: Uuid, row: &EventRow) -> Result<Projected<EventEnvelope>, StoredEventError> {
    let envelope = |payload: &str| {
        let event: GameEvent =
            serde_json::from_str(payload).map_err(|source| StoredEventError::Payload { seq: row.seq, source })?;
        Ok(EventEnvelope { game_id, seq: row.seq as u64, at_ms: row.at, event })
    };
    let private = match &row.private {
        None => None,
        Some(part) => {
            let seat = seat_from_text(&part.seat)
                .ok_or_else(|| StoredEventError::Seat { seq: row.seq, seat: part.seat.clone() })?;
            Some((seat, envelope(&part.payload)?))
        }
    };
    Ok(Projected { public: envelope(&row.payload)?, private })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::PrivatePart;

    #[test]
    fn a_private_version_reaches_its_seat_and_admins_and_no_one_else() {
        let projected = Projected { public: "F", private: Some((Seat::SECOND, "F:A1-A4")) };
        assert_eq!(*projected.for_viewer(Viewer::Seat(Seat::SECOND)), "F:A1-A4");
        assert_eq!(*projected.for_viewer(Viewer::Admin), "F:A1-A4");
        assert_eq!(*projected.for_viewer(Viewer::Seat(Seat::FIRST)), "F");
        assert_eq!(*projected.for_viewer(Viewer::Spectator), "F");
        let public = Projected::public("E5x");
        for viewer in [Viewer::Admin, Viewer::Spectator, Viewer::Seat(Seat::FIRST)] {
            assert_eq!(*public.for_viewer(viewer), "E5x");
        }
    }

    fn record(notation: &str) -> MoveRecord {
        MoveRecord {
            ply: 0,
            seat: kartka_protocol::SeatName::First,
            notation: notation.to_owned(),
            turn_ended: true,
            at_ms: 1,
            clocks: kartka_protocol::Clocks::new(vec![1_000, 1_000], None),
            conditional: false,
            commitment: None,
            secret: None,
            nonce: None,
        }
    }

    #[test]
    fn a_secret_move_tells_everyone_its_commitment_and_only_its_mover_the_secret_and_nonce() {
        let game_id = Uuid::from_u128(7);
        let nonce = [3; NONCE_LEN];
        let disclosure = Disclosure {
            public: "F".to_owned(),
            private: Some("F:A1-A4".to_owned()),
            secret: Some("F:A1-A4".to_owned()),
        };
        let projected = disclosed_move(game_id, Seat::FIRST, record("F:A4-A1"), disclosure, &nonce);

        let expected = to_hex(&commitment(&game_id.to_string(), Seat::FIRST, "F:A1-A4", &nonce));
        assert_eq!(projected.public.notation, "F");
        assert_eq!(projected.public.commitment.as_deref(), Some(expected.as_str()));
        assert_eq!((projected.public.secret.as_deref(), projected.public.nonce.as_deref()), (None, None));
        let (owner, private) = projected.private.expect("a private version");
        assert_eq!(owner, Seat::FIRST);
        assert_eq!(private.notation, "F:A1-A4");
        assert_eq!(private.secret.as_deref(), Some("F:A1-A4"));
        assert_eq!(private.nonce, Some(to_hex(&nonce)));
        assert_eq!(private.commitment.as_deref(), Some(expected.as_str()));
    }

    #[test]
    fn a_move_that_only_answers_in_public_has_no_private_version() {
        let disclosure = Disclosure { public: "E5x".to_owned(), private: None, secret: None };
        let projected = disclosed_move(Uuid::from_u128(7), Seat::SECOND, record("E5"), disclosure, &[0; NONCE_LEN]);
        assert_eq!(projected.public.notation, "E5x");
        assert_eq!(projected.public.commitment, None);
        assert_eq!(projected.private, None);
    }

    #[test]
    fn a_stored_event_reads_back_with_its_private_part_for_its_seat() {
        let game_id = Uuid::new_v4();
        let row = EventRow {
            seq: 4,
            kind: "draw_offered".to_owned(),
            payload: r#"{"type":"draw_offered","seat":"first"}"#.to_owned(),
            at: 9,
            private: Some(PrivatePart {
                seat: "second".to_owned(),
                payload: r#"{"type":"draw_offered","seat":"second"}"#.to_owned(),
            }),
        };
        let projected = stored_event(game_id, &row).unwrap();
        assert_eq!(projected.public.seq, 4);
        let (seat, private) = projected.private.as_ref().unwrap();
        assert_eq!(*seat, Seat::SECOND);
        assert_ne!(private.event, projected.public.event);
        let unknown = EventRow {
            private: Some(PrivatePart { seat: "ninth".to_owned(), payload: row.payload.clone() }),
            ..row.clone()
        };
        assert!(matches!(stored_event(game_id, &unknown), Err(StoredEventError::Seat { .. })));
    }
}
