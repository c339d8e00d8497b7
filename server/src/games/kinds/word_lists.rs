//! What the word games share in the server (Balda, Gallows, Superghost): the wire's language codes as the
//! engine's languages, and the list a ruleset names, found in the process's registry (docs/dictionaries.md).

use kartka_engine::dictionary::{registry, DictionaryHash, DictionaryId, Language};
use kartka_protocol::kinds::dictionary::{DictionaryHashText, LanguageCode};

/// The engine's language of a wire language code.
pub const fn language(code: LanguageCode) -> Language {
    match code {
        LanguageCode::Pl => Language::Pl,
        LanguageCode::En => Language::En,
        LanguageCode::Ru => Language::Ru,
    }
}

/// The wire's language code of an engine language.
pub const fn language_code(language: Language) -> LanguageCode {
    match language {
        Language::Pl => LanguageCode::Pl,
        Language::En => LanguageCode::En,
        Language::Ru => LanguageCode::Ru,
    }
}

/// The registered list of `language` whose file has the SHA-256 `hash`, or, without a hash, the language's
/// largest; `None` when the hash names no list of that language here.
pub fn named(language: Language, hash: Option<DictionaryHashText>) -> Option<DictionaryId> {
    match hash {
        Some(hash) => {
            registry::by_hash(&DictionaryHash(hash.0)).map(|list| list.id()).filter(|id| id.language == language)
        }
        None => Some(registry::default_for(language).id()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_wire_language_is_an_engine_language_and_back() {
        for code in LanguageCode::ALL {
            assert_eq!(language_code(language(code)), code);
        }
    }

    #[test]
    fn a_hash_names_a_list_of_its_own_language_only() {
        let polish = registry::shipped(Language::Pl).id();
        assert_eq!(named(Language::Pl, Some(DictionaryHashText(polish.hash.0))), Some(polish));
        assert_eq!(named(Language::En, Some(DictionaryHashText(polish.hash.0))), None, "another language's list");
        assert_eq!(named(Language::Pl, Some(DictionaryHashText([7; 32]))), None, "no such list");
        assert_eq!(named(Language::Ru, None), Some(registry::default_for(Language::Ru).id()));
    }
}
