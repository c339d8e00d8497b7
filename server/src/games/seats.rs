//! How many seats an offered game (a lobby seek or pool, a challenge, a correspondence seek) has.

use kartka_protocol::RulesetSpec;

use super::kinds::{self, RulesetError};

/// The seats a game of `ruleset` has, or why the ruleset cannot be offered (nothing was changed).
pub fn seat_count(ruleset: &RulesetSpec) -> Result<usize, RulesetError> {
    kinds::ruleset(ruleset).map(|rules| rules.seat_count())
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
        assert!(matches!(seat_count(&boxes(5)), Err(RulesetError::Invalid(_))));
    }
}
