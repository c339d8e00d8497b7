//! Superghost in the server: the rules from a client's options (the players, the language, the word list by its
//! hash), the list found in the process's registry (a ruleset without a hash plays the largest list of its
//! language, and the game keeps that hash: [`Kind::settle`]); the rules' tagged records out and in
//! ([`record`]); `kartka perft` from a run of moves and `kartka replay` (Superghost has no solver).
//!
//! A list the server lacks is refused when the ruleset is read ([`OptionsError::DictionaryMissing`]), before
//! any game exists: a fragment is never judged by another list than the one the ruleset names.

mod record;

use kartka_engine::dictionary::DictionaryId;
use kartka_engine::superghost::{parse_actions, Position, RulesError, SuperghostRules};
use kartka_engine::{GameKind, Ruleset};
use kartka_protocol::kinds::dictionary::{DictionaryHashText, LanguageCode};
use kartka_protocol::kinds::superghost::{SuperghostOptions, MAX_SUPERGHOST_PLAYERS};
use kartka_protocol::RulesetSpec;

use super::word_lists::{self, language, language_code};
use super::{Kind, RulesetError};
use crate::games::data_files::DataFiles;
use crate::games::records::{ExportError, ReadGames, RecordParts};
use crate::games::tools::{Setup, Tally, ToolError};

/// Turns per player in a typical game: five lost rounds for all but one, a few letters a round.
const TYPICAL_TURNS_PER_PLAYER: u64 = 15;

/// Superghost, as the registry lists it.
pub struct Superghost;

/// Why a client's Superghost options cannot be played here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// No list of that language (and hash, when given) is registered here: nothing is created.
    #[error("superghost: there is no {language} dictionary{} here", hash.map(|hash| format!(" of hash {hash}")).unwrap_or_default())]
    DictionaryMissing {
        /// The language.
        language: LanguageCode,
        /// The list's hash, when the ruleset gave one.
        hash: Option<DictionaryHashText>,
    },
    /// The players are outside the rules.
    #[error("superghost: {0}")]
    Rules(#[from] RulesError),
}

/// The rules of a client's options, checked against the registry of lists and the rules.
pub fn checked(options: &SuperghostOptions) -> Result<SuperghostRules, OptionsError> {
    let dictionary: DictionaryId = word_lists::named(language(options.language), options.dictionary)
        .ok_or(OptionsError::DictionaryMissing { language: options.language, hash: options.dictionary })?;
    Ok(SuperghostRules::new(dictionary, options.players)?)
}

/// The rules of a client's options, validated ([`checked`]).
pub fn ruleset(options: &SuperghostOptions) -> Result<Ruleset, RulesetError> {
    checked(options).map(Ruleset::Superghost).map_err(RulesetError::from)
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

/// The protocol's ruleset of Superghost's rules, naming the list by its hash.
pub fn spec(rules: &SuperghostRules) -> RulesetSpec {
    RulesetSpec::Superghost(SuperghostOptions {
        players: rules.players(),
        language: language_code(rules.language()),
        dictionary: Some(DictionaryHashText(rules.dictionary().hash.0)),
    })
}

impl Kind for Superghost {
    fn kind(&self) -> GameKind {
        GameKind::Superghost
    }

    fn display_name(&self) -> &'static str {
        "Superghost"
    }

    fn typical_turns_per_player(&self) -> u64 {
        TYPICAL_TURNS_PER_PLAYER
    }

    fn data_files(&self) -> Option<&'static DataFiles> {
        Some(&word_lists::DICTIONARY_FILES)
    }

    /// A ruleset without a list's hash gets the hash of the list the game is played with, so that the stored
    /// game judges its fragments by that very list whatever lists are registered later.
    fn settle(&self, spec: RulesetSpec, _draw: u32) -> RulesetSpec {
        match spec {
            RulesetSpec::Superghost(options) => match checked(&options) {
                Ok(rules) => self::spec(&rules),
                // Refused when the game's rules are read, with the reason.
                Err(_) => spec,
            },
            other => other,
        }
    }

    fn rulesets_of_more_seats(&self) -> Vec<RulesetSpec> {
        (3..=MAX_SUPERGHOST_PLAYERS)
            .filter_map(|players| checked(&SuperghostOptions { players, ..SuperghostOptions::default() }).ok())
            .map(|rules| spec(&rules))
            .collect()
    }

    fn record(&self, game: &RecordParts<'_>) -> Result<String, ExportError> {
        record::record(game)
    }

    fn read_records(&self, text: &str) -> ReadGames {
        record::read_games(text)
    }

    /// From the default game (two players, the Polish list) after `--moves` (`>k >o <a`).
    fn perft(&self, setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
        let mut game = Position::new(SuperghostRules::default());
        let mut actions = Vec::new();
        for token in setup.moves.split_whitespace() {
            actions.extend(parse_actions(token).map_err(|error| ToolError(format!("--moves: {error}")))?);
        }
        for (index, action) in actions.into_iter().enumerate() {
            game.play(action)
                .map_err(|reason| ToolError(format!("--moves: move {} is illegal: {reason}", index + 1)))?;
        }
        Ok(kartka_engine::perft::counts_by_depth(&game, depth))
    }

    fn replay(&self, file: &str, text: &str) -> Tally {
        record::replay(file, text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kartka_engine::dictionary::{registry, Language};
    use kartka_engine::superghost::{MAX_PLAYERS, MIN_PLAYERS};
    use kartka_protocol::kinds::superghost::MIN_SUPERGHOST_PLAYERS;

    #[test]
    fn settle_names_the_lists_hash_and_the_default_options_are_the_default_rules() {
        let settled = Superghost.settle(RulesetSpec::Superghost(SuperghostOptions::default()), 3);
        let RulesetSpec::Superghost(options) = settled else { panic!("superghost") };
        assert_eq!(options.dictionary.map(|hash| hash.0), Some(registry::default_for(Language::Pl).id().hash.0));
        assert_eq!(spec(&checked(&options).expect("reads")), settled, "the settled ruleset is the rules' own");
        assert_eq!(super::super::default_spec(GameKind::Superghost), settled);
    }

    #[test]
    fn a_list_the_server_lacks_and_players_outside_the_rules_are_refused() {
        let other = Some(DictionaryHashText([9; 32]));
        let options =
            SuperghostOptions { language: LanguageCode::Ru, dictionary: other, ..SuperghostOptions::default() };
        assert_eq!(checked(&options), Err(OptionsError::DictionaryMissing { language: LanguageCode::Ru, hash: other }));
        let refused = ruleset(&options).expect_err("refused");
        assert!(matches!(refused, RulesetError::UnknownDictionary(_)), "{refused:?}");
        assert!(refused.to_string().contains("no ru dictionary of hash 0909"), "{refused}");
        let five = SuperghostOptions { players: 5, ..SuperghostOptions::default() };
        assert_eq!(checked(&five), Err(OptionsError::Rules(RulesError::Players(5))));
        assert_eq!((MIN_SUPERGHOST_PLAYERS, MAX_SUPERGHOST_PLAYERS), (MIN_PLAYERS, MAX_PLAYERS));
    }

    #[test]
    fn perft_counts_from_the_moves_and_refuses_bad_ones() {
        let setup = |moves: &str| Setup {
            size: None,
            width: None,
            height: None,
            line: None,
            rows: None,
            cols: None,
            start: None,
            moves: moves.to_owned(),
            ruleset: None,
        };
        let start = Superghost.perft(&setup(""), 1).expect("counts");
        let after = Superghost.perft(&setup(">k <o"), 1).expect("counts");
        // The start has only letters at the end; after one, a challenge and both ends.
        assert_eq!(after[0], 2 * start[0] + 1);
        assert!(Superghost.perft(&setup("<k"), 1).is_err());
        assert!(Superghost.perft(&setup(">1"), 1).is_err());
    }
}
