//! Bulls and Cows' own wire constants and options: the digits of a secret, whether it may start with 0, and the
//! rounds after which the game is drawn.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The fewest digits of a secret (the engine's `MIN_DIGITS`).
pub const MIN_CODE_DIGITS: u8 = 3;
/// The most digits of a secret (the engine's `MAX_DIGITS`).
pub const MAX_CODE_DIGITS: u8 = 6;
/// The fewest rounds a game may be set to.
pub const MIN_GAME_ROUNDS: u8 = 1;
/// The most rounds a game may be set to (the engine's `MAX_ROUNDS`).
pub const MAX_GAME_ROUNDS: u8 = 100;

/// A Bulls and Cows game: the options of `bulls-and-cows`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BullsAndCowsOptions {
    /// Digits of a secret and of a guess, all different (3–6; the rules' default: 4).
    #[serde(default = "default_digits")]
    #[schemars(range(min = MIN_CODE_DIGITS, max = MAX_CODE_DIGITS))]
    pub digits: u8,
    /// Whether a secret or a guess may start with 0 (the rules' default: `true`).
    #[serde(default = "default_leading_zero")]
    pub leading_zero: bool,
    /// Rounds after which the game is drawn (1–100; the rules' default: 10).
    #[serde(default = "default_max_rounds")]
    #[schemars(range(min = MIN_GAME_ROUNDS, max = MAX_GAME_ROUNDS))]
    pub max_rounds: u8,
}

impl Default for BullsAndCowsOptions {
    fn default() -> BullsAndCowsOptions {
        BullsAndCowsOptions {
            digits: default_digits(),
            leading_zero: default_leading_zero(),
            max_rounds: default_max_rounds(),
        }
    }
}

fn default_digits() -> u8 {
    4
}

fn default_leading_zero() -> bool {
    true
}

fn default_max_rounds() -> u8 {
    10
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wire_fields_are_digits_leading_zero_and_max_rounds_with_the_rules_defaults() {
        let read: BullsAndCowsOptions = serde_json::from_value(serde_json::json!({})).expect("defaults");
        assert_eq!(read, BullsAndCowsOptions { digits: 4, leading_zero: true, max_rounds: 10 });
        let spec =
            crate::RulesetSpec::BullsAndCows(BullsAndCowsOptions { digits: 5, leading_zero: false, max_rounds: 7 });
        let written = serde_json::to_value(spec).expect("writes");
        let wire = serde_json::json!({ "kind": "bulls-and-cows", "digits": 5, "leading_zero": false, "max_rounds": 7 });
        assert_eq!(written, wire);
        assert_eq!(serde_json::from_value::<crate::RulesetSpec>(wire).ok(), Some(spec));
    }
}
