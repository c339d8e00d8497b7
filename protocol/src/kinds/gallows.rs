//! Gallows' own wire constants and options: the game's language and dictionary (by the hash of its content,
//! once a game exists), who chooses the words, the misses a round allows and whether the ends of the word are
//! shown at the start.
//!
//! The dictionary is shared data, not an option (ARCHITECTURE.md, "Rules that carry data"): a ruleset names it
//! by its hash, and the server takes the list from its registry. Without a hash the server picks the largest
//! list it has of the language, and the game created keeps that hash.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::dictionary::{DictionaryHashText, LanguageCode};

/// The fewest misses a round may allow.
pub const MIN_GALLOWS_MISSES: u8 = 6;
/// The most misses a round may allow (the engine's `MAX_MISSES`).
pub const MAX_GALLOWS_MISSES: u8 = 10;

/// Who chooses each round's word.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum GallowsWord {
    /// The round's setter types a dictionary word.
    #[default]
    Setter,
    /// The server draws a dictionary word from its own randomness and commits to it like a setter.
    Server,
}

/// What the guesser sees of the word at the start of a round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum GallowsReveal {
    /// Blanks only.
    #[default]
    None,
    /// The first and last letters, every occurrence of each.
    Ends,
}

/// A Gallows game: the options of `gallows`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GallowsOptions {
    /// The language of the words (the rules' default: `pl`).
    #[serde(default = "default_language")]
    pub language: LanguageCode,
    /// The dictionary by the SHA-256 of its content (64 hexadecimal digits); absent, the server's largest list
    /// of the language, whose hash the game created keeps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dictionary: Option<DictionaryHashText>,
    /// Who chooses the words: `setter` (default) or `server`.
    #[serde(default)]
    pub word: GallowsWord,
    /// The misses that hang the guesser: 6 (default), 8 or 10.
    #[serde(default = "default_misses")]
    #[schemars(range(min = MIN_GALLOWS_MISSES, max = MAX_GALLOWS_MISSES))]
    pub misses: u8,
    /// Whether the first and last letters are shown at the start: `none` (default) or `ends`.
    #[serde(default)]
    pub reveal: GallowsReveal,
}

impl Default for GallowsOptions {
    fn default() -> GallowsOptions {
        GallowsOptions {
            language: default_language(),
            dictionary: None,
            word: GallowsWord::Setter,
            misses: default_misses(),
            reveal: GallowsReveal::None,
        }
    }
}

fn default_language() -> LanguageCode {
    LanguageCode::Pl
}

fn default_misses() -> u8 {
    MIN_GALLOWS_MISSES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wire_fields_are_language_dictionary_word_misses_and_reveal_with_the_rules_defaults() {
        let read: GallowsOptions = serde_json::from_value(serde_json::json!({})).expect("defaults");
        assert_eq!(read, GallowsOptions::default());
        let hash = "ab".repeat(32);
        let wire = serde_json::json!({
            "kind": "gallows", "language": "ru", "dictionary": hash, "word": "server", "misses": 8, "reveal": "ends"
        });
        let spec: crate::RulesetSpec = serde_json::from_value(wire.clone()).expect("reads");
        let crate::RulesetSpec::Gallows(options) = spec else { panic!("a gallows ruleset: {spec:?}") };
        assert_eq!(
            (options.language, options.word, options.misses, options.reveal),
            (LanguageCode::Ru, GallowsWord::Server, 8, GallowsReveal::Ends)
        );
        assert_eq!(serde_json::to_value(spec).expect("writes"), wire);
        let unknown = serde_json::json!({ "kind": "gallows", "letters": 5 });
        assert!(serde_json::from_value::<crate::RulesetSpec>(unknown).is_err());
    }
}
