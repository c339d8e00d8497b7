//! The wire types the word games share (Balda, Gallows, Superghost): a game's language and the hash of the word
//! list it is judged by.
//!
//! A word list is shared data, not an option (ARCHITECTURE.md, "Rules that carry data"): a ruleset names it by
//! its language and, once a game exists, the hash of its file (docs/dictionaries.md). A request may leave the
//! hash out; the server then plays with the largest list of the language it has, and the game keeps that list's
//! hash, so a word is always judged by the list the game was created with.

use std::borrow::Cow;
use std::fmt;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};

/// A word game's language: the language of its word list and its letters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum LanguageCode {
    /// Polish.
    #[default]
    Pl,
    /// English.
    En,
    /// Russian.
    Ru,
}

impl LanguageCode {
    /// Every language, in order.
    pub const ALL: [LanguageCode; 3] = [LanguageCode::Pl, LanguageCode::En, LanguageCode::Ru];

    /// The code on the wire: `pl`, `en` or `ru`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            LanguageCode::Pl => "pl",
            LanguageCode::En => "en",
            LanguageCode::Ru => "ru",
        }
    }
}

impl fmt::Display for LanguageCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The SHA-256 of a dictionary file (docs/dictionaries.md), written as 64 lowercase hexadecimal digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct DictionaryHashText(pub [u8; 32]);

/// Text that is not 64 hexadecimal digits.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a dictionary hash is 64 hexadecimal digits, not {0:?}")]
pub struct BadDictionaryHash(pub String);

impl DictionaryHashText {
    /// The hash read from 64 hexadecimal digits (either case).
    pub fn from_hex(hex: &str) -> Result<DictionaryHashText, BadDictionaryHash> {
        let refused = || BadDictionaryHash(hex.to_owned());
        if hex.len() != 64 || !hex.bytes().all(|byte| byte.is_ascii_hexdigit()) {
            return Err(refused());
        }
        let mut bytes = [0; 32];
        for (index, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&hex[2 * index..2 * index + 2], 16).map_err(|_| refused())?;
        }
        Ok(DictionaryHashText(bytes))
    }
}

impl fmt::Display for DictionaryHashText {
    /// 64 lowercase hexadecimal digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|byte| write!(f, "{byte:02x}"))
    }
}

impl fmt::Debug for DictionaryHashText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl Serialize for DictionaryHashText {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for DictionaryHashText {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<DictionaryHashText, D::Error> {
        let text = Cow::<'de, str>::deserialize(deserializer)?;
        DictionaryHashText::from_hex(&text).map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for DictionaryHashText {
    fn schema_name() -> Cow<'static, str> {
        "DictionaryHash".into()
    }

    fn json_schema(_generator: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "The SHA-256 of a dictionary file, as 64 hexadecimal digits.",
            "type": "string",
            "pattern": "^[0-9a-fA-F]{64}$",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_are_their_codes_on_the_wire() {
        for language in LanguageCode::ALL {
            let written = serde_json::to_value(language).expect("writes");
            assert_eq!(written, serde_json::json!(language.code()));
            assert_eq!(serde_json::from_value::<LanguageCode>(written).ok(), Some(language));
        }
        for code in ["PL", "de", "", "polish"] {
            assert!(serde_json::from_value::<LanguageCode>(serde_json::json!(code)).is_err(), "{code:?}");
        }
    }

    #[test]
    fn hashes_are_64_hexadecimal_digits_written_lowercase() {
        let upper = "AB".repeat(32);
        let hash = DictionaryHashText::from_hex(&upper).expect("a hash");
        assert_eq!(hash.to_string(), "ab".repeat(32));
        let written = serde_json::to_value(hash).expect("writes");
        assert_eq!(serde_json::from_value::<DictionaryHashText>(written).ok(), Some(hash));
        for hex in ["", "ab", &"g".repeat(64), &"a".repeat(65), &"é".repeat(32)] {
            assert!(DictionaryHashText::from_hex(hex).is_err(), "{hex:?}");
            assert!(serde_json::from_value::<DictionaryHashText>(serde_json::json!(hex)).is_err(), "{hex:?}");
        }
    }
}
