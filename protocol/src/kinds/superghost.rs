//! Superghost's own wire options: the players, the language, and the word list by the hash of its file.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::dictionary::{DictionaryHashText, LanguageCode};

/// The fewest players (the engine's `MIN_PLAYERS`).
pub const MIN_SUPERGHOST_PLAYERS: u8 = 2;
/// The most players (the engine's `MAX_PLAYERS`).
pub const MAX_SUPERGHOST_PLAYERS: u8 = 4;

/// A Superghost game: the options of `superghost`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SuperghostOptions {
    /// Players, and so seats, in seat order (2–4; default 2).
    #[serde(default = "default_players")]
    #[schemars(range(min = MIN_SUPERGHOST_PLAYERS, max = MAX_SUPERGHOST_PLAYERS))]
    pub players: u8,
    /// The language of the words and letters (default `pl`).
    #[serde(default)]
    pub language: LanguageCode,
    /// The hash of the word list's file. A request may leave it out: the server then plays with the largest list
    /// of the language it has, and every game it creates names the hash, so its words are always judged by that
    /// very list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dictionary: Option<DictionaryHashText>,
}

fn default_players() -> u8 {
    MIN_SUPERGHOST_PLAYERS
}

impl Default for SuperghostOptions {
    fn default() -> SuperghostOptions {
        SuperghostOptions { players: default_players(), language: LanguageCode::default(), dictionary: None }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wire_fields_have_the_rules_defaults_and_the_hash_is_optional() {
        let read: SuperghostOptions = serde_json::from_value(serde_json::json!({})).expect("defaults");
        assert_eq!((read.players, read.language, read.dictionary), (2, LanguageCode::Pl, None));
        let hash = "cd".repeat(32);
        let options = SuperghostOptions {
            players: 4,
            language: LanguageCode::Ru,
            dictionary: Some(DictionaryHashText::from_hex(&hash).expect("a hash")),
        };
        let written = serde_json::to_value(options).expect("writes");
        assert_eq!(written, serde_json::json!({ "players": 4, "language": "ru", "dictionary": hash }));
        assert_eq!(serde_json::from_value::<SuperghostOptions>(written).ok(), Some(options));
        for refused in [
            serde_json::json!({ "language": "de" }),
            serde_json::json!({ "dictionary": "abc" }),
            serde_json::json!({ "word": "kot" }),
        ] {
            assert!(serde_json::from_value::<SuperghostOptions>(refused.clone()).is_err(), "{refused}");
        }
    }
}
