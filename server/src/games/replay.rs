//! The departures of a game rebuilt from its moves: a seat that left a game that plays on (`seat_left`) changed
//! whose turn it is from its ply on, so the moves after it replay only with it applied, at its place among them.

use std::iter::Peekable;
use std::slice::Iter;

use kartka_engine::{AnyGame, EndReason, Seat};
use kartka_protocol::Departure;

use super::convert;

/// A seat's departure at a ply: it left after the moves before that ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Left {
    /// The game's ply when it left.
    pub ply: u32,
    /// The seat that left.
    pub seat: Seat,
    /// Why it left.
    pub reason: EndReason,
}

impl Left {
    /// The departure a snapshot or a stored `seat_left` event names, or why it is none (its reason is not one
    /// a seat leaves for).
    pub fn of_departure(departure: &Departure) -> Result<Left, String> {
        let reason = convert::departure_reason(departure.reason)
            .ok_or_else(|| format!("{:?} is no departure", departure.reason))?;
        Ok(Left { ply: departure.ply, seat: convert::seat(departure.seat), reason })
    }
}

/// The departures of a game still to apply while its moves are replayed in order.
pub struct Departures<'a> {
    pending: Peekable<Iter<'a, Left>>,
}

impl<'a> Departures<'a> {
    /// The departures of a game, in the order they happened.
    #[must_use]
    pub fn new(departures: &'a [Left]) -> Departures<'a> {
        Departures { pending: departures.iter().peekable() }
    }

    /// Applies to `game` every departure that came before the move at `ply`.
    pub fn before(&mut self, game: &mut AnyGame, ply: u32) {
        while let Some(left) = self.pending.next_if(|left| left.ply <= ply) {
            game.seat_left(left.seat, left.reason);
        }
    }

    /// Applies to `game` the departures after its last move.
    pub fn after_the_last(self, game: &mut AnyGame) {
        for left in self.pending {
            game.seat_left(left.seat, left.reason);
        }
    }
}
