//! Bulls and Cows in the server: the rules from a client's options (digits, a leading zero, the rounds),
//! checked against the engine's bounds; the record of a game that is over (the shared record of the kinds with
//! secrets, [`super::hidden`], with the rules tags), and `kartka replay` by the engine's verification.
//!
//! Record files of Bulls and Cows are not imported (the import refuses every kind with secrets); there is no
//! perft (every round offers every code to both seats) and no solver.

use kartka_engine::bulls_and_cows::{BullsAndCowsRecord, BullsAndCowsRules, RulesError};
use kartka_engine::{EndReason, GameKind, Ruleset};
use kartka_protocol::kinds::bulls_and_cows::BullsAndCowsOptions;
use kartka_protocol::RulesetSpec;

use super::{hidden, Kind, RulesetError};
use crate::games::records::{ExportError, ReadGames, RecordParts};
use crate::games::tools::{Setup, Tally, ToolError};

/// Turns per player in a typical game: a secret and five or six guesses.
const TYPICAL_TURNS_PER_PLAYER: u64 = 7;

/// Bulls and Cows, as the registry lists it.
pub struct BullsAndCows;

/// Why a client's Bulls and Cows options cannot be played here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// The digits or the rounds are outside the rules.
    #[error("bulls-and-cows: {0}")]
    Rules(#[from] RulesError),
}

/// The rules of a client's options, checked against the rules.
pub fn checked(options: &BullsAndCowsOptions) -> Result<BullsAndCowsRules, OptionsError> {
    let BullsAndCowsOptions { digits, leading_zero, max_rounds } = *options;
    Ok(BullsAndCowsRules::new(digits, leading_zero, max_rounds)?)
}

/// The rules of a client's options, validated ([`checked`]).
pub fn ruleset(options: &BullsAndCowsOptions) -> Result<Ruleset, RulesetError> {
    checked(options).map(Ruleset::BullsAndCows).map_err(RulesetError::invalid)
}

/// The protocol's ruleset of Bulls and Cows' rules (the registry's `spec` hands them over).
pub fn spec(rules: &BullsAndCowsRules) -> RulesetSpec {
    RulesetSpec::BullsAndCows(BullsAndCowsOptions {
        digits: rules.digits(),
        leading_zero: rules.leading_zero(),
        max_rounds: rules.max_rounds(),
    })
}

impl Kind for BullsAndCows {
    fn kind(&self) -> GameKind {
        GameKind::BullsAndCows
    }

    fn display_name(&self) -> &'static str {
        "Bulls and Cows"
    }

    fn typical_turns_per_player(&self) -> u64 {
        TYPICAL_TURNS_PER_PLAYER
    }

    fn record(&self, game: &RecordParts<'_>) -> Result<String, ExportError> {
        let Ruleset::BullsAndCows(rules) =
            super::ruleset(&game.ruleset).map_err(|error| ExportError::Ruleset(error.to_string()))?
        else {
            return Err(ExportError::Ruleset(format!("{:?} is not a Bulls and Cows ruleset", game.ruleset)));
        };
        Ok(BullsAndCowsRecord { rules, record: hidden::record(game)? }.write())
    }

    fn read_records(&self, text: &str) -> ReadGames {
        hidden::not_imported(text)
    }

    fn perft(&self, _setup: &Setup, _depth: usize) -> Result<Vec<u64>, ToolError> {
        Err(ToolError("--game: bulls-and-cows has no perft: every round offers every code to both seats".to_owned()))
    }

    fn replay(&self, file: &str, text: &str) -> Tally {
        hidden::replay(file, text, BullsAndCowsRecord::read, BullsAndCowsRecord::verify, |reason| match reason {
            EndReason::CodeBroken => "code broken",
            EndReason::RoundsOut => "rounds out",
            _ => "other",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kartka_protocol::kinds::bulls_and_cows::{MAX_CODE_DIGITS, MAX_GAME_ROUNDS, MIN_CODE_DIGITS, MIN_GAME_ROUNDS};

    #[test]
    fn the_default_options_are_the_engines_default_rules() {
        assert_eq!(ruleset(&BullsAndCowsOptions::default()).expect("valid"), GameKind::BullsAndCows.default_ruleset());
        assert_eq!(
            super::super::default_spec(GameKind::BullsAndCows),
            RulesetSpec::BullsAndCows(BullsAndCowsOptions::default())
        );
    }

    #[test]
    fn the_wire_bounds_are_the_engines() {
        use kartka_engine::bulls_and_cows::{MAX_DIGITS, MAX_ROUNDS, MIN_DIGITS};
        assert_eq!((MIN_CODE_DIGITS, MAX_CODE_DIGITS), (MIN_DIGITS, MAX_DIGITS));
        assert_eq!(MAX_GAME_ROUNDS, MAX_ROUNDS);
        let options = |max_rounds| BullsAndCowsOptions { max_rounds, ..BullsAndCowsOptions::default() };
        assert_eq!(checked(&options(MIN_GAME_ROUNDS - 1)), Err(OptionsError::Rules(RulesError::Rounds(0))));
        assert!(checked(&options(MIN_GAME_ROUNDS)).is_ok());
    }
}
