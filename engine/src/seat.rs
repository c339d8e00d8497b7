//! Seats at a game and [`BySeat`], the container of one value per seat.
//!
//! A seat is an index below the ruleset's seat count ([`Game::seat_count`](crate::Game::seat_count)); seat 0
//! makes the first move. Whose turn it is always comes from the game, never from the seat's number.

use std::fmt;
use std::ops::{Index, IndexMut};

/// One seat at a game: an index below the game's seat count, at most [`Seat::MAX_SEATS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seat(u8);

impl Seat {
    /// The most seats any game has (Racetrack and the word games seat six).
    pub const MAX_SEATS: usize = 6;
    /// The seat that makes the first move ("White" in records that name seats by colour).
    pub const FIRST: Seat = Seat(0);
    /// The seat that moves after the first ("Black" in records that name seats by colour).
    pub const SECOND: Seat = Seat(1);

    /// The seat with this index, or `None` at [`Seat::MAX_SEATS`] and beyond.
    #[must_use]
    pub const fn new(index: usize) -> Option<Seat> {
        if index < Seat::MAX_SEATS {
            // The bound above keeps the index below 6, so it fits a byte.
            Some(Seat(index as u8))
        } else {
            None
        }
    }

    /// The seat's index: 0 for the first seat.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Every seat of a game with `count` seats, first seat first.
    pub fn all(count: usize) -> impl DoubleEndedIterator<Item = Seat> + ExactSizeIterator + Clone {
        // The bound keeps every index below 6, so it fits a byte.
        (0..count.min(Seat::MAX_SEATS)).map(|index| Seat(index as u8))
    }

    /// In a game of two seats, the other one. Only two-seat kinds and the two-seat paths of the server (its
    /// pairwise rating, its two-seat wire aliases) ask this: it has no meaning for more seats.
    #[must_use]
    pub const fn other(self) -> Seat {
        debug_assert!(self.0 < 2, "other() is a two-seat question");
        Seat(1 - self.0)
    }
}

impl Seat {
    /// The seat's ordinal in words: `first`, `second`, … `sixth` (the names records, storage and the wire use).
    #[must_use]
    pub const fn ordinal(self) -> &'static str {
        const ORDINALS: [&str; Seat::MAX_SEATS] = ["first", "second", "third", "fourth", "fifth", "sixth"];
        ORDINALS[self.index()]
    }

    /// The seat whose ordinal is `text` (see [`Seat::ordinal`]).
    #[must_use]
    pub fn from_ordinal(text: &str) -> Option<Seat> {
        Seat::all(Seat::MAX_SEATS).find(|seat| seat.ordinal() == text)
    }
}

impl fmt::Display for Seat {
    /// The seat's ordinal (see [`Seat::ordinal`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.ordinal())
    }
}

/// One value per seat of a game, indexed by [`Seat`]: what `[T; 2]` was when every game had two seats.
///
/// It holds up to [`Seat::MAX_SEATS`] values inline, so it is `Copy` when `T` is and never allocates. The slots
/// past the seat count hold `T::default()` and take part in no comparison.
#[derive(Clone, Copy)]
pub struct BySeat<T> {
    len: u8,
    values: [T; Seat::MAX_SEATS],
}

impl<T: Copy + Default> BySeat<T> {
    /// `count` seats, each holding `value`. Panics when `count` is above [`Seat::MAX_SEATS`].
    #[must_use]
    pub fn splat(count: usize, value: T) -> BySeat<T> {
        BySeat::from_fn(count, |_| value)
    }

    /// `count` seats, seat `s` holding `value(s)`. Panics when `count` is above [`Seat::MAX_SEATS`].
    #[must_use]
    pub fn from_fn(count: usize, mut value: impl FnMut(Seat) -> T) -> BySeat<T> {
        assert!(count <= Seat::MAX_SEATS, "a game seats at most {} players, not {count}", Seat::MAX_SEATS);
        let mut values = [T::default(); Seat::MAX_SEATS];
        for seat in Seat::all(count) {
            values[seat.index()] = value(seat);
        }
        BySeat { len: count as u8, values }
    }

    /// One seat a value of the slice, first seat first; `None` when the slice has more than
    /// [`Seat::MAX_SEATS`] values.
    #[must_use]
    pub fn from_slice(values: &[T]) -> Option<BySeat<T>> {
        (values.len() <= Seat::MAX_SEATS).then(|| BySeat::from_fn(values.len(), |seat| values[seat.index()]))
    }
}

impl<T> BySeat<T> {
    /// How many seats.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there are no seats at all.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The value of `seat`, or `None` when the game has no such seat.
    #[must_use]
    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.as_slice().get(seat.index())
    }

    /// The value of `seat` to change, or `None` when the game has no such seat.
    #[must_use]
    pub fn get_mut(&mut self, seat: Seat) -> Option<&mut T> {
        self.as_mut_slice().get_mut(seat.index())
    }

    /// The values, first seat first.
    #[must_use]
    pub fn as_slice(&self) -> &[T] {
        &self.values[..self.len()]
    }

    /// The values, first seat first, to change in place.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        let len = self.len();
        &mut self.values[..len]
    }

    /// Each seat with its value, first seat first.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (Seat, &T)> + ExactSizeIterator {
        Seat::all(self.len()).zip(self.as_slice())
    }

    /// The seats.
    pub fn seats(&self) -> impl DoubleEndedIterator<Item = Seat> + ExactSizeIterator + Clone {
        Seat::all(self.len())
    }

    /// A value per seat made from this one's.
    #[must_use]
    pub fn map<U: Copy + Default>(&self, mut f: impl FnMut(&T) -> U) -> BySeat<U> {
        BySeat::from_fn(self.len(), |seat| f(&self[seat]))
    }
}

impl<T: Copy + Default, const N: usize> From<[T; N]> for BySeat<T> {
    /// One seat a value, first seat first. Fails to compile for more than [`Seat::MAX_SEATS`] values.
    fn from(values: [T; N]) -> BySeat<T> {
        const { assert!(N <= Seat::MAX_SEATS, "a game seats at most six players") };
        BySeat::from_fn(N, |seat| values[seat.index()])
    }
}

impl<T: PartialEq, const N: usize> PartialEq<[T; N]> for BySeat<T> {
    /// Whether the values are `other`'s, seat by seat (and as many).
    fn eq(&self, other: &[T; N]) -> bool {
        self.as_slice() == other
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;

    /// The value of `seat`; panics when the game has no such seat.
    fn index(&self, seat: Seat) -> &T {
        &self.as_slice()[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.as_mut_slice()[seat.index()]
    }
}

impl<T: PartialEq> PartialEq for BySeat<T> {
    fn eq(&self, other: &BySeat<T>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Eq> Eq for BySeat<T> {}

impl<T: std::hash::Hash> std::hash::Hash for BySeat<T> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl<T: fmt::Debug> fmt::Debug for BySeat<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_are_indices_below_the_maximum() {
        assert_eq!(Seat::new(0), Some(Seat::FIRST));
        assert_eq!(Seat::new(5).map(Seat::index), Some(5));
        assert_eq!(Seat::new(6), None);
        assert_eq!(
            Seat::all(4).map(|seat| seat.to_string()).collect::<Vec<_>>(),
            ["first", "second", "third", "fourth"]
        );
        assert_eq!(Seat::all(9).count(), Seat::MAX_SEATS);
        assert!(Seat::all(Seat::MAX_SEATS).all(|seat| Seat::from_ordinal(seat.ordinal()) == Some(seat)));
        assert_eq!(Seat::from_ordinal("seventh"), None);
    }

    #[test]
    fn the_other_of_two_seats() {
        assert_eq!(Seat::FIRST.other(), Seat::SECOND);
        assert_eq!(Seat::SECOND.other(), Seat::FIRST);
    }

    #[test]
    fn a_container_compares_only_its_seats() {
        let mut three = BySeat::splat(3, 0u32);
        three[Seat::new(2).unwrap()] = 7;
        assert_eq!(three.as_slice(), [0, 0, 7]);
        assert_eq!(three, BySeat::from([0, 0, 7]));
        assert_ne!(three, BySeat::from([0, 0]));
        assert_eq!(three.get(Seat::new(3).unwrap()), None);
        assert_eq!(BySeat::from_slice(&[1, 2, 3, 4, 5, 6, 7]), None);
        assert_eq!(three.map(|value| value + 1), BySeat::from([1, 1, 8]));
        assert_eq!(format!("{three:?}"), "[0, 0, 7]");
    }

    #[test]
    #[should_panic(expected = "at most 6")]
    fn more_than_six_seats_are_refused() {
        let _ = BySeat::splat(7, 0u8);
    }
}
