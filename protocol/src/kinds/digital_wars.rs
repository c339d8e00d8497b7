//! Digital Wars' own wire options: the string's length, the pie rule, the ending, and a random string's seed.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The shortest string a Digital Wars ruleset may name.
pub const MIN_DIGITAL_WARS_LENGTH: u8 = 5;
/// The longest string a Digital Wars ruleset may name.
pub const MAX_DIGITAL_WARS_LENGTH: u8 = 30;

/// Who wins when the last digit is erased.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DigitalWarsEnding {
    /// The seed's ending: the player who erases the last digit loses.
    #[default]
    Misere,
    /// The player who erases the last digit wins.
    Normal,
}

/// A Digital Wars (Digital Deletions) game: the options of `digital-wars`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DigitalWarsOptions {
    /// Digits in the string (5–30; the seed's: 20).
    #[serde(default = "default_length")]
    #[schemars(range(min = MIN_DIGITAL_WARS_LENGTH, max = MAX_DIGITAL_WARS_LENGTH))]
    pub length: u8,
    /// The pie rule: the first seat writes the string and the second chooses who moves first (default false:
    /// the server draws the string from `seed`).
    #[serde(default)]
    pub pie: bool,
    /// Who wins when the last digit is erased (default `misere`: that player loses).
    #[serde(default)]
    pub ending: DigitalWarsEnding,
    /// A drawn string's seed: the server draws it when the game is created (a seed in a request is replaced),
    /// and the game's ruleset keeps it so that the string replays exactly. Refused with `pie`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u32>,
}

impl Default for DigitalWarsOptions {
    fn default() -> DigitalWarsOptions {
        DigitalWarsOptions { length: default_length(), pie: false, ending: DigitalWarsEnding::Misere, seed: None }
    }
}

fn default_length() -> u8 {
    20
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wire_fields_are_length_pie_ending_and_seed() {
        let read: DigitalWarsOptions = serde_json::from_value(serde_json::json!({})).expect("defaults");
        assert_eq!(read, DigitalWarsOptions::default());
        let options = DigitalWarsOptions { length: 7, pie: true, ending: DigitalWarsEnding::Normal, seed: None };
        let json = serde_json::to_value(options).expect("serialises");
        assert_eq!(json, serde_json::json!({ "length": 7, "pie": true, "ending": "normal" }));
        assert!(serde_json::from_value::<DigitalWarsOptions>(serde_json::json!({ "ending": "later" })).is_err());
    }
}
