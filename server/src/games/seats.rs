//! How many seats an offered game (a lobby seek or pool, a challenge, a correspondence seek) has, and which offers
//! of more than two seats are not served yet: the one place to delete the refusal once what it waits for lands.

use kartka_protocol::RulesetSpec;

use super::kinds;

/// Why a game of these seats cannot be offered now. Nothing was changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeatsError {
    /// The ruleset itself is invalid.
    #[error("{0}")]
    Ruleset(String),
    /// Challenges and correspondence seeks are stored with one taker; more seats are offered in the lobby.
    #[error(
        "challenges and correspondence seeks seat two for now; offer a game of {0} seats as a live seek or a pool"
    )]
    StoredOfferOfManySeats(usize),
}

/// The seats a game of `ruleset` has.
pub fn seat_count(ruleset: &RulesetSpec) -> Result<usize, SeatsError> {
    kinds::ruleset(ruleset).map(|rules| rules.seat_count()).map_err(|error| SeatsError::Ruleset(error.to_string()))
}

/// Refuses a stored offer (a challenge or a correspondence seek) of more than two seats: it has one taker.
pub fn refuse_stored_offer_of_many_seats(ruleset: &RulesetSpec) -> Result<(), SeatsError> {
    match seat_count(ruleset)? {
        2 => Ok(()),
        seats => Err(SeatsError::StoredOfferOfManySeats(seats)),
    }
}

#[cfg(test)]
mod tests {
    use kartka_protocol::kinds::dots_and_boxes::DotsAndBoxesOptions;

    use super::*;

    fn boxes(players: u8) -> RulesetSpec {
        RulesetSpec::DotsAndBoxes(DotsAndBoxesOptions { rows: 3, cols: 3, players })
    }

    #[test]
    fn seats_come_from_the_ruleset_and_stored_offers_of_more_than_two_are_refused() {
        assert_eq!(seat_count(&boxes(3)), Ok(3));
        assert!(matches!(seat_count(&boxes(5)), Err(SeatsError::Ruleset(_))));
        assert_eq!(refuse_stored_offer_of_many_seats(&boxes(2)), Ok(()));
        assert_eq!(refuse_stored_offer_of_many_seats(&boxes(3)), Err(SeatsError::StoredOfferOfManySeats(3)));
    }
}
