//! Seats, which every part of the protocol names: a leaf that imports nothing else of the crate.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A seat at a game, by its ordinal: `first` moves first (White in records that name seats by colour). A game
/// has from two to six seats (its ruleset says how many); every list of seats on the wire (`players`,
/// `clocks.ms`, `result.ranks`, `result.scores`) is in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatName {
    /// The seat the game's rules let move first.
    First,
    /// The seat that moves second.
    Second,
    /// The third seat (games of three or more).
    Third,
    /// The fourth seat (games of four or more).
    Fourth,
    /// The fifth seat (games of five or more).
    Fifth,
    /// The sixth seat (games of six).
    Sixth,
}

impl SeatName {
    /// Every seat name, first seat first: `ALL[i]` is the seat of index `i`.
    pub const ALL: [SeatName; 6] =
        [SeatName::First, SeatName::Second, SeatName::Third, SeatName::Fourth, SeatName::Fifth, SeatName::Sixth];

    /// The seat's index in the lists of seats: 0 for `first`.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat of index `index`, or `None` past the sixth.
    #[must_use]
    pub fn from_index(index: usize) -> Option<SeatName> {
        SeatName::ALL.get(index).copied()
    }
}
