//! How many seats an offered game (a lobby seek or pool, a challenge, a correspondence seek) has.

use kartka_protocol::RulesetSpec;

use super::kinds;

/// Why a game of these seats cannot be offered. Nothing was changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeatsError {
    /// The ruleset itself is invalid.
    #[error("{0}")]
    Ruleset(String),
}

/// The seats a game of `ruleset` has.
pub fn seat_count(ruleset: &RulesetSpec) -> Result<usize, SeatsError> {
    kinds::ruleset(ruleset).map(|rules| rules.seat_count()).map_err(|error| SeatsError::Ruleset(error.to_string()))
}

#[cfg(test)]
mod tests {
    use kartka_protocol::kinds::dots_and_boxes::DotsAndBoxesOptions;

    use super::*;

    fn boxes(players: u8) -> RulesetSpec {
        RulesetSpec::DotsAndBoxes(DotsAndBoxesOptions { rows: 3, cols: 3, players })
    }

    #[test]
    fn seats_come_from_the_ruleset() {
        assert_eq!(seat_count(&boxes(3)), Ok(3));
        assert!(matches!(seat_count(&boxes(5)), Err(SeatsError::Ruleset(_))));
    }
}
