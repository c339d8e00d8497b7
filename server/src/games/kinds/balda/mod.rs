//! Balda in the server: the game from a client's ruleset, its word list found in the process's registry by
//! language and hash (a ruleset without a hash plays the largest list of the language, and the game keeps that
//! hash: [`Kind::settle`], which also draws the start word's seed and the word); the rules' tagged records out
//! and in; `kartka perft` and `kartka replay` (Balda has no solver: `kartka solve` says so).
//!
//! A list the server lacks is refused when the ruleset is read ([`OptionsError::DictionaryMissing`]), before
//! any game exists: a word is never judged by another list than the one the ruleset names.

mod import;
mod record;
mod tools;

use kartka_engine::balda::{BaldaRules, RulesError};
use kartka_engine::dictionary::DictionaryId;
use kartka_engine::{GameKind, Ruleset};
use kartka_protocol::kinds::balda::{BaldaOptions, StartWordText, MAX_BALDA_PLAYERS};
use kartka_protocol::kinds::dictionary::{DictionaryHashText, LanguageCode};
use kartka_protocol::RulesetSpec;

use super::word_lists::{language, language_code};
use super::{word_lists, Kind, RulesetError};
use crate::games::data_files::DataFiles;
use crate::games::records::{ExportError, ReadGames, RecordParts};
use crate::games::tools::{Setup, Tally, ToolError};

/// Moves per player in a typical game: a 5 × 5 grid takes twenty words, some passes besides.
const TYPICAL_TURNS_PER_PLAYER: u64 = 12;

/// Balda, as the registry lists it.
pub struct Balda;

/// Why a client's Balda options cannot be played here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// No list of that language (and hash, when given) is registered here: nothing is created.
    #[error("balda: there is no {language} dictionary{} here", hash.map(|hash| format!(" of hash {hash}")).unwrap_or_default())]
    DictionaryMissing {
        /// The language.
        language: LanguageCode,
        /// The list's hash, when the ruleset gave one.
        hash: Option<DictionaryHashText>,
    },
    /// The size or players are outside the rules, or the start word is not a word of the list.
    #[error("balda: {0}")]
    Rules(#[from] RulesError),
}

/// The list a client's options name: by language and hash, or the language's largest.
fn dictionary_of(options: &BaldaOptions) -> Result<DictionaryId, OptionsError> {
    let language = language(options.language);
    word_lists::named(language, options.dictionary)
        .ok_or(OptionsError::DictionaryMissing { language: options.language, hash: options.dictionary })
}

/// The rules of a client's options, checked against the registry of lists and the rules: from the start word
/// the ruleset names, else drawn from its seed (0 when it names none).
pub fn checked(options: &BaldaOptions) -> Result<BaldaRules, OptionsError> {
    let dictionary = dictionary_of(options)?;
    let seed = options.seed.map_or(0, u64::from);
    let rules = match options.start {
        Some(start) => BaldaRules::new(options.size, options.players, dictionary, seed, start.as_str())?,
        None => BaldaRules::drawn(options.size, options.players, dictionary, seed)?,
    };
    Ok(rules)
}

/// The rules of a client's options, validated ([`checked`]).
pub fn ruleset(options: &BaldaOptions) -> Result<Ruleset, RulesetError> {
    checked(options).map(Ruleset::Balda).map_err(RulesetError::from)
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

/// The protocol's ruleset of Balda's rules, naming the list by hash and the start word with its seed. The server
/// draws 32-bit seeds, and the import refuses a record whose seed is larger, so every seed here fits the wire's.
pub fn spec(rules: &BaldaRules) -> RulesetSpec {
    // A start word has at most seven letters, which the wire's text holds.
    let start = StartWordText::new(rules.start().as_str()).ok();
    RulesetSpec::Balda(BaldaOptions {
        size: rules.size(),
        players: rules.players(),
        language: language_code(rules.language()),
        dictionary: Some(DictionaryHashText(rules.dictionary().hash.0)),
        seed: Some(rules.seed() as u32),
        start,
    })
}

impl Kind for Balda {
    fn kind(&self) -> GameKind {
        GameKind::Balda
    }

    fn display_name(&self) -> &'static str {
        "Balda"
    }

    fn typical_turns_per_player(&self) -> u64 {
        TYPICAL_TURNS_PER_PLAYER
    }

    fn data_files(&self) -> Option<&'static DataFiles> {
        Some(&word_lists::DICTIONARY_FILES)
    }

    /// A new game's seed is `draw` and its start word the one that seed draws from the list; a ruleset without
    /// a hash gets the hash of the list it will be judged by, whatever lists are registered later.
    fn settle(&self, spec: RulesetSpec, draw: u32) -> RulesetSpec {
        match spec {
            RulesetSpec::Balda(options) => {
                match checked(&BaldaOptions { seed: Some(draw), start: None, ..options }) {
                    Ok(rules) => self::spec(&rules),
                    // Refused when the game's rules are read, with the reason.
                    Err(_) => spec,
                }
            }
            other => other,
        }
    }

    fn rulesets_of_more_seats(&self) -> Vec<RulesetSpec> {
        (3..=MAX_BALDA_PLAYERS)
            .filter_map(|players| checked(&BaldaOptions { players, ..BaldaOptions::default() }).ok())
            .map(|rules| spec(&rules))
            .collect()
    }

    fn record(&self, game: &RecordParts<'_>) -> Result<String, ExportError> {
        record::record(game)
    }

    fn read_records(&self, text: &str) -> ReadGames {
        import::read_games(text)
    }

    fn sized_ruleset(&self, size: u8) -> Result<Ruleset, ToolError> {
        let options = BaldaOptions { size, ..BaldaOptions::default() };
        checked(&options).map(Ruleset::Balda).map_err(|error| ToolError(format!("--size: {error}")))
    }

    fn perft(&self, setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
        tools::perft(setup, depth)
    }

    fn replay(&self, file: &str, text: &str) -> Tally {
        tools::replay(file, text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kartka_engine::balda::{MAX_PLAYERS, MAX_SIZE, MIN_PLAYERS, MIN_SIZE};
    use kartka_engine::dictionary::{registry, Language};
    use kartka_protocol::kinds::balda::{MAX_BALDA_SIZE, MIN_BALDA_PLAYERS, MIN_BALDA_SIZE};

    #[test]
    fn settle_draws_the_start_word_and_names_the_lists_hash() {
        let settled = Balda.settle(RulesetSpec::Balda(BaldaOptions::default()), 5);
        let RulesetSpec::Balda(options) = settled else { panic!("balda") };
        let rules = checked(&options).expect("a settled ruleset reads");
        assert_eq!(options.seed, Some(5));
        assert_eq!(options.dictionary.map(|hash| hash.0), Some(registry::default_for(Language::Pl).id().hash.0));
        assert_eq!(options.start.map(|start| start.to_string()), Some(rules.start().to_string()));
        assert_eq!(spec(&rules), settled, "the settled ruleset is the rules' own");
        let given =
            BaldaOptions { start: StartWordText::new("żółwie").ok(), seed: Some(1), ..BaldaOptions::default() };
        let RulesetSpec::Balda(replaced) = Balda.settle(RulesetSpec::Balda(given), 5) else { panic!("balda") };
        assert_eq!(replaced.start, options.start, "a start word in a request is replaced by the draw");
    }

    #[test]
    fn a_list_the_server_lacks_and_a_start_word_outside_it_are_refused() {
        let other = Some(DictionaryHashText([9; 32]));
        let options = BaldaOptions { language: LanguageCode::Ru, dictionary: other, ..BaldaOptions::default() };
        assert_eq!(checked(&options), Err(OptionsError::DictionaryMissing { language: LanguageCode::Ru, hash: other }));
        let refused = ruleset(&options).expect_err("refused");
        assert!(matches!(refused, RulesetError::UnknownDictionary(_)), "{refused:?}");
        assert_eq!(refused.code(), kartka_protocol::ErrorCode::UnknownDictionary);
        assert!(refused.to_string().contains("no ru dictionary of hash 0909"), "{refused}");
        let bad_start = BaldaOptions { start: StartWordText::new("qqqqq").ok(), ..BaldaOptions::default() };
        assert_eq!(checked(&bad_start), Err(OptionsError::Rules(RulesError::StartWord { size: 5 })));
        assert_eq!(
            checked(&BaldaOptions { players: 5, ..BaldaOptions::default() }),
            Err(OptionsError::Rules(RulesError::Players(5)))
        );
    }

    #[test]
    fn the_wire_bounds_are_the_engines() {
        assert_eq!((MIN_BALDA_SIZE, MAX_BALDA_SIZE), (MIN_SIZE, MAX_SIZE));
        assert_eq!((MIN_BALDA_PLAYERS, MAX_BALDA_PLAYERS), (MIN_PLAYERS, MAX_PLAYERS));
    }
}
