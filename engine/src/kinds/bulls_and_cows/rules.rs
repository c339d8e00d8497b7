//! The options of a Bulls and Cows game (rules 1 and 5), validated.

use std::fmt;

/// The fewest digits of a secret.
pub const MIN_DIGITS: u8 = 3;
/// The most digits of a secret.
pub const MAX_DIGITS: u8 = 6;
/// The most rounds a game may be set to.
pub const MAX_ROUNDS: u8 = 100;

/// The options of one Bulls and Cows game: secrets of `digits` different digits (3–6), whether a secret may start
/// with 0, and the rounds after which the game is drawn. The default is the rules document's: four digits, a
/// leading zero allowed (5,040 secrets), ten rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BullsAndCowsRules {
    digits: u8,
    leading_zero: bool,
    max_rounds: u8,
}

/// Options outside what the rules allow. Nothing is built from them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// Digits outside `MIN_DIGITS..=MAX_DIGITS`.
    #[error("a secret has {MIN_DIGITS} to {MAX_DIGITS} digits, not {0}")]
    Digits(u8),
    /// Rounds outside `1..=MAX_ROUNDS`.
    #[error("a game has 1 to {MAX_ROUNDS} rounds, not {0}")]
    Rounds(u8),
}

impl BullsAndCowsRules {
    /// Secrets of `digits` digits, a leading zero allowed or not, drawn after `max_rounds` rounds; if the rules
    /// allow them.
    pub const fn new(digits: u8, leading_zero: bool, max_rounds: u8) -> Result<BullsAndCowsRules, RulesError> {
        if digits < MIN_DIGITS || digits > MAX_DIGITS {
            return Err(RulesError::Digits(digits));
        }
        if max_rounds == 0 || max_rounds > MAX_ROUNDS {
            return Err(RulesError::Rounds(max_rounds));
        }
        Ok(BullsAndCowsRules { digits, leading_zero, max_rounds })
    }

    /// How many digits a secret and a guess have.
    #[must_use]
    pub const fn digits(self) -> u8 {
        self.digits
    }

    /// Whether a secret or a guess may start with 0.
    #[must_use]
    pub const fn leading_zero(self) -> bool {
        self.leading_zero
    }

    /// The rounds after which the game is drawn.
    #[must_use]
    pub const fn max_rounds(self) -> u8 {
        self.max_rounds
    }
}

impl Default for BullsAndCowsRules {
    fn default() -> BullsAndCowsRules {
        BullsAndCowsRules { digits: 4, leading_zero: true, max_rounds: 10 }
    }
}

impl fmt::Display for BullsAndCowsRules {
    /// The options as `4 digits, leading zero, 10 rounds`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let zero = if self.leading_zero { "leading zero" } else { "no leading zero" };
        write!(f, "{} digits, {zero}, {} rounds", self.digits, self.max_rounds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bounds_are_checked_one_option_at_a_time() {
        assert_eq!(BullsAndCowsRules::new(2, true, 10), Err(RulesError::Digits(2)));
        assert_eq!(BullsAndCowsRules::new(7, true, 10), Err(RulesError::Digits(7)));
        assert_eq!(BullsAndCowsRules::new(4, true, 0), Err(RulesError::Rounds(0)));
        assert_eq!(BullsAndCowsRules::new(4, true, 101), Err(RulesError::Rounds(101)));
        assert_eq!(BullsAndCowsRules::new(4, true, 10), Ok(BullsAndCowsRules::default()));
        assert_eq!(BullsAndCowsRules::default().to_string(), "4 digits, leading zero, 10 rounds");
    }
}
