//! Gallows in the server: the rules from a client's options (the language, the dictionary by its hash, who sets
//! the words, the misses and the hint), the dictionary found in the process's registry (a ruleset without a
//! hash plays the largest list of its language, and the game keeps that hash: [`Kind::settle`]); the record of
//! a game that is over (the shared record of the kinds with secrets, [`super::hidden`], with the rules tags), and
//! `kartka replay` by the engine's verification.
//!
//! A dictionary the server lacks is refused when the ruleset is read ([`OptionsError::DictionaryMissing`]),
//! before any game exists. Record files of Gallows are not imported (the import refuses every kind with
//! secrets); `kartka perft` counts the guesses from the position after `--moves` (a word, then guesses), and there is
//! no solver.

mod tools;

use kartka_engine::dictionary::{registry, Language};
use kartka_engine::gallows::{GallowsRecord, GallowsRules, Hint, RulesError, WordSource};
use kartka_engine::{EndReason, GameKind, Ruleset};
use kartka_protocol::kinds::dictionary::DictionaryHashText;
use kartka_protocol::kinds::gallows::{GallowsOptions, GallowsReveal, GallowsWord};
use kartka_protocol::RulesetSpec;

use super::word_lists::{language, language_code};
use super::{hidden, word_lists, Kind, RulesetError};
use crate::games::data_files::DataFiles;
use crate::games::records::{ExportError, ReadGames, RecordParts};
use crate::games::tools::{Setup, Tally, ToolError};

/// Turns per player in a typical game: a word and some twelve guesses.
const TYPICAL_TURNS_PER_PLAYER: u64 = 13;

/// Gallows, as the registry lists it.
pub struct Gallows;

/// Why a client's Gallows options cannot be played here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// No dictionary of that language and hash is registered here: nothing is created.
    #[error("gallows: there is no {language} dictionary of hash {hash} here")]
    DictionaryMissing {
        /// The language asked for.
        language: Language,
        /// The hash asked for.
        hash: DictionaryHashText,
    },
    /// The misses are outside the rules.
    #[error("gallows: {0}")]
    Rules(#[from] RulesError),
}

/// The rules of a client's options, checked against the registry of dictionaries and the rules.
pub fn checked(options: &GallowsOptions) -> Result<GallowsRules, OptionsError> {
    let language = language(options.language);
    let dictionary = match options.dictionary {
        None => registry::default_for(language).id(),
        Some(hash) => {
            word_lists::named(language, Some(hash)).ok_or(OptionsError::DictionaryMissing { language, hash })?
        }
    };
    let source = match options.word {
        GallowsWord::Setter => WordSource::Setter,
        GallowsWord::Server => WordSource::Server,
    };
    let hint = match options.reveal {
        GallowsReveal::None => Hint::None,
        GallowsReveal::Ends => Hint::Ends,
    };
    Ok(GallowsRules::new(dictionary, source, options.misses, hint)?)
}

/// The rules of a client's options, validated ([`checked`]).
pub fn ruleset(options: &GallowsOptions) -> Result<Ruleset, RulesetError> {
    checked(options).map(Ruleset::Gallows).map_err(RulesetError::from)
}

impl From<OptionsError> for RulesetError {
    /// Data this server lacks is refused apart from options that break the rules.
    fn from(error: OptionsError) -> RulesetError {
        match error {
            OptionsError::DictionaryMissing { .. } => RulesetError::UnknownDictionary(error.to_string()),
            OptionsError::Rules(_) => RulesetError::invalid(error),
        }
    }
}

/// The protocol's ruleset of Gallows' rules, naming the dictionary by its hash.
pub fn spec(rules: &GallowsRules) -> RulesetSpec {
    let dictionary = rules.dictionary();
    RulesetSpec::Gallows(GallowsOptions {
        language: language_code(dictionary.language),
        dictionary: Some(DictionaryHashText(dictionary.hash.0)),
        word: match rules.source() {
            WordSource::Setter => GallowsWord::Setter,
            WordSource::Server => GallowsWord::Server,
        },
        misses: rules.misses(),
        reveal: match rules.hint() {
            Hint::None => GallowsReveal::None,
            Hint::Ends => GallowsReveal::Ends,
        },
    })
}

impl Kind for Gallows {
    fn kind(&self) -> GameKind {
        GameKind::Gallows
    }

    fn display_name(&self) -> &'static str {
        "Gallows"
    }

    fn typical_turns_per_player(&self) -> u64 {
        TYPICAL_TURNS_PER_PLAYER
    }

    fn data_files(&self) -> Option<&'static DataFiles> {
        Some(&word_lists::DICTIONARY_FILES)
    }

    /// A ruleset without a dictionary's hash gets the hash of the list the game is played with, so that the
    /// stored game judges its words by that very list whatever lists are registered later.
    fn settle(&self, spec: RulesetSpec, _draw: u32) -> RulesetSpec {
        match spec {
            RulesetSpec::Gallows(options) => match checked(&options) {
                Ok(rules) => self::spec(&rules),
                // Refused when the game's rules are read, with the reason.
                Err(_) => spec,
            },
            other => other,
        }
    }

    fn record(&self, game: &RecordParts<'_>) -> Result<String, ExportError> {
        let Ruleset::Gallows(rules) =
            super::ruleset(&game.ruleset).map_err(|error| ExportError::Ruleset(error.to_string()))?
        else {
            return Err(ExportError::Ruleset(format!("{:?} is not a Gallows ruleset", game.ruleset)));
        };
        Ok(GallowsRecord { rules, record: hidden::record(game)? }.write())
    }

    fn read_records(&self, text: &str) -> ReadGames {
        hidden::not_imported(text)
    }

    fn perft(&self, setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
        tools::perft(setup, depth)
    }

    fn replay(&self, file: &str, text: &str) -> Tally {
        hidden::replay(file, text, GallowsRecord::read, GallowsRecord::verify, |reason| match reason {
            EndReason::Score => "misses counted",
            _ => "other",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kartka_protocol::kinds::gallows::{MAX_GALLOWS_MISSES, MIN_GALLOWS_MISSES};

    #[test]
    fn the_default_options_are_the_engines_default_rules_once_settled() {
        let settled = Gallows.settle(RulesetSpec::Gallows(GallowsOptions::default()), 0);
        let RulesetSpec::Gallows(options) = settled else { panic!("a gallows ruleset") };
        assert!(options.dictionary.is_some(), "the game keeps the hash of its list");
        assert_eq!(ruleset(&options).expect("valid"), GameKind::Gallows.default_ruleset());
        assert_eq!(super::super::default_spec(GameKind::Gallows), settled);
    }

    #[test]
    fn the_wire_bounds_are_the_engines_and_a_missing_dictionary_is_refused() {
        use kartka_engine::gallows::{MAX_MISSES, MISSES};
        assert_eq!((MIN_GALLOWS_MISSES, MAX_GALLOWS_MISSES), (MISSES[0], MAX_MISSES));
        let options = |misses| GallowsOptions { misses, ..GallowsOptions::default() };
        assert_eq!(checked(&options(7)), Err(OptionsError::Rules(RulesError::Misses(7))));
        assert!(checked(&options(8)).is_ok());
        let hash = DictionaryHashText([0xab; 32]);
        let unknown = GallowsOptions { dictionary: Some(hash), ..GallowsOptions::default() };
        assert_eq!(checked(&unknown), Err(OptionsError::DictionaryMissing { language: Language::Pl, hash }));
        assert!(matches!(ruleset(&unknown), Err(RulesetError::UnknownDictionary(_))));
        assert!(matches!(ruleset(&options(7)), Err(RulesetError::Invalid(_))));
    }
}
