//! Balda's own wire constants and options: the grid's size, the players, the language and the dictionary (by
//! the hash of its file, once a game exists), and the start word with the seed it was drawn from, both set by
//! the server when it creates the game.
//!
//! The dictionary is shared data, not an option (ARCHITECTURE.md, "Rules that carry data"; the shared wire types
//! are in [`dictionary`](super::dictionary)). [`RulesetSpec`](crate::RulesetSpec) is `Copy`, so the start word
//! travels as a [`StartWordText`], a fixed-capacity text of at most [`MAX_BALDA_SIZE`] letters.

use std::borrow::Cow;
use std::fmt;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};

use super::dictionary::{DictionaryHashText, LanguageCode};

/// The smallest grid's side, and the default (the engine's `MIN_SIZE`).
pub const MIN_BALDA_SIZE: u8 = 5;
/// The largest grid's side (the engine's `MAX_SIZE`).
pub const MAX_BALDA_SIZE: u8 = 7;
/// The fewest players (the engine's `MIN_PLAYERS`).
pub const MIN_BALDA_PLAYERS: u8 = 2;
/// The most players (the engine's `MAX_PLAYERS`).
pub const MAX_BALDA_PLAYERS: u8 = 4;
/// The most bytes a start word takes: seven letters of at most four bytes in UTF-8.
const MAX_START_BYTES: usize = MAX_BALDA_SIZE as usize * 4;

/// A start word as the wire carries it: 1 to [`MAX_BALDA_SIZE`] characters, in a fixed buffer so that rulesets
/// stay `Copy`. Whether it is a word of the game's list is the server's check.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct StartWordText {
    len: u8,
    bytes: [u8; MAX_START_BYTES],
}

/// Text that is not 1 to 7 characters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a start word has 1 to {MAX_BALDA_SIZE} letters, not {0:?}")]
pub struct BadStartWord(pub String);

impl StartWordText {
    /// `word` if it has 1 to [`MAX_BALDA_SIZE`] characters.
    pub fn new(word: &str) -> Result<StartWordText, BadStartWord> {
        let letters = word.chars().count();
        if letters == 0 || letters > usize::from(MAX_BALDA_SIZE) {
            return Err(BadStartWord(word.to_owned()));
        }
        let mut bytes = [0; MAX_START_BYTES];
        bytes[..word.len()].copy_from_slice(word.as_bytes());
        // At most 28 bytes.
        Ok(StartWordText { len: word.len() as u8, bytes })
    }

    /// The word.
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only whole UTF-8 text is ever stored.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl fmt::Debug for StartWordText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl fmt::Display for StartWordText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for StartWordText {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for StartWordText {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<StartWordText, D::Error> {
        let text = Cow::<'de, str>::deserialize(deserializer)?;
        StartWordText::new(&text).map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for StartWordText {
    fn schema_name() -> Cow<'static, str> {
        "BaldaStartWord".into()
    }

    fn json_schema(_generator: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A Balda start word: 1 to 7 letters of the game's language.",
            "type": "string",
            "minLength": 1,
            "maxLength": MAX_BALDA_SIZE,
        })
    }
}

/// A Balda game: the options of `balda`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BaldaOptions {
    /// The grid's side (5–7, default 5).
    #[serde(default = "default_size")]
    #[schemars(range(min = MIN_BALDA_SIZE, max = MAX_BALDA_SIZE))]
    pub size: u8,
    /// The players (2–4, default 2).
    #[serde(default = "default_players")]
    #[schemars(range(min = MIN_BALDA_PLAYERS, max = MAX_BALDA_PLAYERS))]
    pub players: u8,
    /// The game's language (default `pl`): its word list and its letters.
    #[serde(default)]
    pub language: LanguageCode,
    /// The word list, by the hash of its file. Left out, the server plays the largest list of the language it
    /// has, and the game created keeps that list's hash; a list the server lacks is refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dictionary: Option<DictionaryHashText>,
    /// The seed the start word was drawn from: the server draws it when the game is created (a seed in a request
    /// is replaced).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u32>,
    /// The start word, across the middle row: the server draws it from `seed` when the game is created (a word
    /// in a request is replaced); a game's ruleset names it, so a client draws the grid without the list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<StartWordText>,
}

impl Default for BaldaOptions {
    fn default() -> BaldaOptions {
        BaldaOptions {
            size: default_size(),
            players: default_players(),
            language: LanguageCode::Pl,
            dictionary: None,
            seed: None,
            start: None,
        }
    }
}

fn default_size() -> u8 {
    MIN_BALDA_SIZE
}

fn default_players() -> u8 {
    MIN_BALDA_PLAYERS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wire_fields_are_size_players_language_dictionary_seed_and_start() {
        let read: BaldaOptions = serde_json::from_value(serde_json::json!({})).expect("defaults");
        assert_eq!(read, BaldaOptions::default());
        let options = BaldaOptions {
            size: 7,
            players: 3,
            language: LanguageCode::Ru,
            dictionary: Some(DictionaryHashText([0xab; 32])),
            seed: Some(9),
            start: Some(StartWordText::new("колокол").expect("seven letters")),
        };
        let json = serde_json::to_value(options).expect("serialises");
        assert_eq!(
            json,
            serde_json::json!({
                "size": 7, "players": 3, "language": "ru", "dictionary": "ab".repeat(32), "seed": 9, "start": "колокол"
            })
        );
        assert_eq!(serde_json::from_value::<BaldaOptions>(json).expect("reads back"), options);
        for bad in [
            serde_json::json!({ "language": "de" }),
            serde_json::json!({ "start": "" }),
            serde_json::json!({ "start": "колоколa" }),
            serde_json::json!({ "dictionary": "abc" }),
        ] {
            assert!(serde_json::from_value::<BaldaOptions>(bad.clone()).is_err(), "{bad}");
        }
    }
}
