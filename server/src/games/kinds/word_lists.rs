//! What the word games share in the server (Balda, Gallows, Superghost): the wire's language codes as the
//! engine's languages, the list a ruleset names, found in the process's registry, and the lists a server adds
//! to the shipped small ones from its data directory (docs/dictionaries.md).

use kartka_engine::dictionary::{registry, DictionaryHash, DictionaryId, Language};
use kartka_protocol::kinds::dictionary::{DictionaryHashText, LanguageCode};

use crate::games::data_files::{DataFiles, Refusal};

/// The word games' dictionary files (`*.dict`, built by `kartka dictionary build`), one folder for the three
/// games. The largest list of a language becomes the one new games of it play with.
pub static DICTIONARY_FILES: DataFiles = DataFiles { folder: "dictionaries", extension: "dict", register };

/// Reads a dictionary file and registers its list, known by its identity (`language/name@hash`), and prepares
/// its draws so that no game's creation pays for the pass.
fn register(bytes: Vec<u8>) -> Result<String, Refusal> {
    let list = registry::register(bytes)?;
    list.prepare_draws();
    Ok(list.id().to_string())
}

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
    use kartka_engine::dictionary::{build, Dictionary, DictionaryName};

    use super::*;

    #[test]
    fn a_dictionary_file_is_registered_and_a_broken_one_is_named() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let folder = dir.path().join("dictionaries");
        std::fs::create_dir(&folder).expect("created");
        let name = DictionaryName::new("dir-test").expect("a name");
        let bytes = build(Language::En, name, ["cat", "dog"]).expect("builds");
        std::fs::write(folder.join("en-dir-test.dict"), &bytes).expect("written");
        let loaded = DICTIONARY_FILES.load(dir.path()).expect("loads");
        let id = Dictionary::read(bytes.clone()).expect("reads").id();
        assert_eq!(loaded, [id.to_string()]);
        assert_eq!(registry::find(&id).map(|list| list.len()), Some(2));
        std::fs::write(folder.join("zz-broken.dict"), &bytes[..bytes.len() / 2]).expect("written");
        let error = DICTIONARY_FILES.load(dir.path()).expect_err("the broken file is refused").to_string();
        assert!(error.contains("zz-broken.dict") && error.contains("word set"), "{error}");
    }

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
