//! The `russian` game (§3, kia84): moves of three steps that end early at a self-clamp, penalties of 6 with
//! post tips beside a 5-point mouth.

use super::drawing::Drawing;
use super::field::{Field, FieldError, Point, SizeRange};
use super::play::{Play, Variant};
use crate::Seat;

const SIZES: SizeRange = SizeRange { min_width: 10, max_width: 40, min_length: 10, max_length: 52 };

/// The rules of a `russian` game: the field size, 40 × 52 by default. The mouth is 5 points (m = 2) between
/// post strips at x = ±3 whose tips are forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RussianRules {
    width: u8,
    length: u8,
}

impl Default for RussianRules {
    fn default() -> Self {
        RussianRules { width: 40, length: 52 }
    }
}

impl RussianRules {
    /// A W × L field, if allowed: both even, W 10–40, L 10–52.
    pub const fn new(width: u8, length: u8) -> Result<RussianRules, FieldError> {
        match SIZES.check(width, length) {
            Ok(()) => Ok(RussianRules { width, length }),
            Err(error) => Err(error),
        }
    }

    /// The field these rules play on.
    #[must_use]
    pub const fn field(self) -> Field {
        Field::new(self.width, self.length, 2, true)
    }

    /// The penalty's length.
    #[must_use]
    pub const fn kick_lengths(self) -> &'static [u8] {
        Variant::Russian.kick_lengths()
    }
}

/// A game of `russian`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RussianGame {
    rules: RussianRules,
    play: Play,
}

impl RussianGame {
    /// The start of a game by `rules`.
    #[must_use]
    pub fn start(rules: RussianRules) -> RussianGame {
        RussianGame { rules, play: Play::new(Variant::Russian, rules.field()) }
    }
}

impl RussianGame {
    /// A position to study or test: `drawing` (see [`Drawing::draw_segment`]) with the ball at `ball`, and
    /// `to_act` to draw a line. Nothing is checked: the caller chooses a position in which `to_act` has a
    /// full move (§1.6), as every line of a real game starts.
    #[must_use]
    pub fn setup(rules: RussianRules, drawing: Drawing, ball: Point, to_act: Seat) -> RussianGame {
        RussianGame { rules, play: Play::setup(Variant::Russian, rules.field(), drawing, ball, to_act) }
    }
}

line_soccer_game!(RussianGame, RussianRules);
