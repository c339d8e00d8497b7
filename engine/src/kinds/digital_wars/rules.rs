//! The rules of a Digital Wars game: the string's length, how it is made, and who wins at the end.

use crate::splitmix::SplitMix64;

/// The shortest string the rules allow.
pub const MIN_LENGTH: u8 = 5;
/// The longest string the rules allow.
pub const MAX_LENGTH: u8 = 30;
/// The seed's string length.
pub const DEFAULT_LENGTH: u8 = 20;

/// How the string of digits is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Start {
    /// Drawn from `seed` (the server draws the seed when the game is created), the first seat moving first.
    Random {
        /// The seed of the digits' SplitMix64 draws.
        seed: u64,
    },
    /// The pie rule: the first seat writes the string, digit by digit in one turn, and the second chooses who
    /// moves first.
    Pie,
}

/// Who wins when the last digit is erased.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The seed's ending: the player who erases the last digit loses.
    #[default]
    Misere,
    /// The player who erases the last digit wins.
    Normal,
}

/// The rules of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DigitalWarsRules {
    length: u8,
    start: Start,
    ending: Ending,
}

/// A length outside `MIN_LENGTH..=MAX_LENGTH`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a Digital Wars string has {MIN_LENGTH} to {MAX_LENGTH} digits, not {0}")]
pub struct LengthError(pub u8);

impl DigitalWarsRules {
    /// The rules of a string of `length` digits made by `start`, ended by `ending`.
    pub const fn new(length: u8, start: Start, ending: Ending) -> Result<DigitalWarsRules, LengthError> {
        if length >= MIN_LENGTH && length <= MAX_LENGTH {
            Ok(DigitalWarsRules { length, start, ending })
        } else {
            Err(LengthError(length))
        }
    }

    /// The string's length at the start.
    #[must_use]
    pub const fn length(self) -> u8 {
        self.length
    }

    /// How the string is made.
    #[must_use]
    pub const fn start(self) -> Start {
        self.start
    }

    /// Who wins at the end.
    #[must_use]
    pub const fn ending(self) -> Ending {
        self.ending
    }

    /// The digits of a random start: each drawn in turn, left to right, as SplitMix64 seeded with the seed
    /// gives a number below 10 (draws past the largest multiple of 10 drawn again). `None` under the pie rule.
    #[must_use]
    pub fn drawn_digits(self) -> Option<Vec<u8>> {
        let Start::Random { seed } = self.start else { return None };
        let mut random = SplitMix64::new(seed);
        Some((0..self.length).map(|_| random.below(10) as u8).collect())
    }
}

impl Default for DigitalWarsRules {
    fn default() -> DigitalWarsRules {
        DigitalWarsRules { length: DEFAULT_LENGTH, start: Start::Random { seed: 0 }, ending: Ending::Misere }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_and_the_drawn_digits_of_pinned_seeds() {
        assert_eq!(DigitalWarsRules::new(4, Start::Pie, Ending::Normal), Err(LengthError(4)));
        assert_eq!(DigitalWarsRules::new(31, Start::Pie, Ending::Normal), Err(LengthError(31)));
        let rules = |seed| DigitalWarsRules::new(8, Start::Random { seed }, Ending::Misere).expect("valid");
        let digits = rules(7).drawn_digits().expect("a random start");
        assert_eq!(digits.len(), 8);
        assert_eq!(Some(digits), rules(7).drawn_digits(), "the same seed, the same digits");
        assert_ne!(rules(7).drawn_digits(), rules(8).drawn_digits());
        // Pinned: the browser draws the same digits (web/test/digital-wars.test.mjs).
        assert_eq!(rules(1_234_567).drawn_digits(), Some(PINNED.to_vec()));
        assert_eq!(DigitalWarsRules::new(5, Start::Pie, Ending::Misere).expect("valid").drawn_digits(), None);
    }

    /// The digits of seed 1234567, by a SplitMix64 written apart from the engine (Python).
    const PINNED: [u8; 8] = [7, 3, 3, 1, 1, 4, 7, 7];
}
