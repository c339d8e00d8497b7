//! Where a game stands in its opening (rules §3): who acts, what they may do, and what colour a stone they
//! place has, until the colours of the seats are settled.

use super::board::Colour;
use super::rules::Opening;
use crate::Seat;

/// The phase of a game: an opening step, or play once the seats' colours are settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Swap and swap2: the first seat places the first three stones, black, white, black.
    FirstStones,
    /// Swap: the second seat chooses a colour (`=B` or `=W`).
    SwapChoice,
    /// Swap2: the second seat chooses Black (a), chooses White (b), or places a black stone (c).
    Swap2Choice,
    /// Swap2 (b): the second seat, now White, places White's fourth stone in the same turn.
    Swap2WhiteStone,
    /// Swap2 (c): the second seat placed its black stone and places a white one in the same turn.
    Swap2ExtraWhite,
    /// Swap2 (c): the first seat chooses a colour.
    Swap2LastChoice,
    /// The colours are settled; the colours alternate, Black after White.
    Play,
}

impl Phase {
    /// The phase a game of `opening` starts in.
    #[must_use]
    pub const fn start(opening: Opening) -> Phase {
        match opening {
            Opening::None | Opening::Pro | Opening::LongPro => Phase::Play,
            Opening::Swap | Opening::Swap2 => Phase::FirstStones,
        }
    }

    /// The byte of the phase in position keys.
    #[must_use]
    pub const fn key_byte(self) -> u8 {
        self as u8
    }

    /// Whether the phase asks for a colour choice (and, for [`Phase::Swap2Choice`], allows a stone too).
    #[must_use]
    pub const fn takes_choice(self) -> bool {
        matches!(self, Phase::SwapChoice | Phase::Swap2Choice | Phase::Swap2LastChoice)
    }

    /// Whether the phase allows a stone.
    #[must_use]
    pub const fn takes_stone(self) -> bool {
        !matches!(self, Phase::SwapChoice | Phase::Swap2LastChoice)
    }

    /// The seat to act in an opening phase; `None` in [`Phase::Play`], where colours decide.
    #[must_use]
    pub const fn opening_seat(self) -> Option<Seat> {
        match self {
            Phase::FirstStones | Phase::Swap2LastChoice => Some(Seat::FIRST),
            Phase::SwapChoice | Phase::Swap2Choice | Phase::Swap2WhiteStone | Phase::Swap2ExtraWhite => {
                Some(Seat::SECOND)
            }
            Phase::Play => None,
        }
    }

    /// The colour of the next stone: in play and while the first three stones go down, White when Black has
    /// more stones, else Black; swap2's extra stones are black then white, and (b)'s fourth is white.
    #[must_use]
    pub const fn stone_colour(self, black: usize, white: usize) -> Colour {
        match self {
            Phase::Swap2Choice => Colour::Black,
            Phase::Swap2WhiteStone | Phase::Swap2ExtraWhite => Colour::White,
            Phase::FirstStones | Phase::SwapChoice | Phase::Swap2LastChoice | Phase::Play => {
                if black > white {
                    Colour::White
                } else {
                    Colour::Black
                }
            }
        }
    }
}
