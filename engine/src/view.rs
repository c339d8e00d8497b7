//! Who may see what: viewers, the seats acting at once, and what one applied move discloses to each viewer.
//!
//! A kind of perfect information (every kind before Sea Battle) discloses each move whole to everyone: it
//! keeps the defaults of [`Game`](crate::Game), and its moves' texts are their own public parts; one whose
//! viewers cannot compute everything from the moves (Superghost's verdicts, judged by a list the browser lacks)
//! discloses a public text that adds it, with nothing private. A kind with
//! secrets (a fleet, a secret number, a guess not yet answered) says, per move, what everyone may see and what
//! only the mover may see ([`Disclosure`]); the server projects every move once, at commit, and serves each
//! viewer its projection alone.

use std::fmt;

use crate::Seat;

/// Who looks at a game: one of its seats, a spectator (anyone else, signed in or not), or an admin reviewing
/// it (who sees everything; the server audits that read).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    /// The player at this seat.
    Seat(Seat),
    /// Anyone who plays no seat of the game.
    Spectator,
    /// An admin reviewing the game: sees every secret.
    Admin,
}

/// A set of seats: the seats to act now, none when the game is over, several in a simultaneous phase (both
/// fleets placed at once). `Copy` and allocation-free.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set of the one seat `seat`.
    #[must_use]
    pub const fn only(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.index())
    }

    /// Every seat of a game of `count` seats.
    #[must_use]
    pub fn all(count: usize) -> SeatSet {
        Seat::all(count).collect()
    }

    /// This set and `seat`.
    #[must_use]
    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | 1 << seat.index())
    }

    /// This set without `seat`.
    #[must_use]
    pub const fn without(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 & !(1 << seat.index()))
    }

    /// Whether `seat` is in the set.
    #[must_use]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & 1 << seat.index() != 0
    }

    /// How many seats the set holds.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no seat.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest seat of the set, if any.
    #[must_use]
    pub fn first(self) -> Option<Seat> {
        self.iter().next()
    }

    /// The seats of the set, lowest first.
    pub fn iter(self) -> impl DoubleEndedIterator<Item = Seat> + Clone {
        Seat::all(Seat::MAX_SEATS).filter(move |&seat| self.contains(seat))
    }
}

impl From<Option<Seat>> for SeatSet {
    /// The set of that seat, or the empty set.
    fn from(seat: Option<Seat>) -> SeatSet {
        seat.map_or(SeatSet::EMPTY, SeatSet::only)
    }
}

impl FromIterator<Seat> for SeatSet {
    /// The set of the seats `seats` names (each once, however often named).
    fn from_iter<I: IntoIterator<Item = Seat>>(seats: I) -> SeatSet {
        seats.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// What one applied move tells each viewer, in the kind's notation. The move's full text (what the mover
/// submitted) is for the mover and admins; everyone else gets `public`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disclosure {
    /// What everyone may see of the move: a shot with its answer (`E5x`), "a fleet was placed" (`F`), or a round
    /// of guesses once all are in, answers included. Replaying the public parts in order rebuilds everything a
    /// spectator may know.
    pub public: String,
    /// What only the mover may see beyond the public part, in the form the mover's view replays (its own fleet,
    /// its own guess before the round resolves); `None` when the public part says all.
    pub private: Option<String>,
    /// The secret this move fixed, in its canonical text (a fleet with its ships in canonical order, a secret
    /// number): the server commits to it at once and reveals it at the end (see
    /// [`commitment`](crate::commitment)).
    pub secret: Option<String>,
}

impl Disclosure {
    /// The text `viewer` may see of a move by `mover`: admins and the mover the private part when there is one,
    /// everyone else the public part.
    #[must_use]
    pub fn for_viewer(&self, mover: Seat, viewer: Viewer) -> &str {
        match (viewer, &self.private) {
            (Viewer::Admin, Some(private)) => private,
            (Viewer::Seat(seat), Some(private)) if seat == mover => private,
            _ => &self.public,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_set_holds_what_was_put_in_and_lists_it_lowest_first() {
        let set = SeatSet::EMPTY.with(Seat::SECOND).with(Seat::FIRST).with(Seat::new(4).unwrap());
        assert_eq!(set.len(), 3);
        assert_eq!(set.iter().map(Seat::index).collect::<Vec<_>>(), [0, 1, 4]);
        assert_eq!(set.first(), Some(Seat::FIRST));
        assert!(!set.without(Seat::FIRST).contains(Seat::FIRST));
        assert!(SeatSet::from(None).is_empty());
        assert_eq!(SeatSet::all(3), SeatSet::EMPTY.with(Seat::FIRST).with(Seat::SECOND).with(Seat::new(2).unwrap()));
        assert_eq!([Seat::SECOND, Seat::FIRST, Seat::SECOND].into_iter().collect::<SeatSet>(), SeatSet::all(2));
    }

    #[test]
    fn a_private_part_reaches_only_its_mover_and_admins() {
        let disclosure = Disclosure { public: "F".into(), private: Some("F:A1-A4".into()), secret: None };
        assert_eq!(disclosure.for_viewer(Seat::FIRST, Viewer::Seat(Seat::FIRST)), "F:A1-A4");
        assert_eq!(disclosure.for_viewer(Seat::FIRST, Viewer::Admin), "F:A1-A4");
        assert_eq!(disclosure.for_viewer(Seat::FIRST, Viewer::Seat(Seat::SECOND)), "F");
        assert_eq!(disclosure.for_viewer(Seat::FIRST, Viewer::Spectator), "F");
    }
}
