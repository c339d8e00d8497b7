//! The options of a Superghost game (rules 1): the players and the word list, named by its [`DictionaryId`] and
//! validated against the dictionary registry.

use crate::dictionary::{registry, DictionaryId, Language};

/// The fewest players.
pub const MIN_PLAYERS: u8 = 2;
/// The most players.
pub const MAX_PLAYERS: u8 = 4;
/// A completed word of at least this many letters loses the round (rules 2).
pub const MIN_WORD_LETTERS: usize = 4;
/// Lost rounds that eliminate a player: the letters of B-A-L-D-A, G-H-O-S-T or Б-А-Л-Д-А (rules 4).
pub const LOSSES_TO_ELIMINATE: u8 = 5;

/// The options of one game: how many play, and the word list words are judged by.
///
/// Rules are `Copy` because they name the list rather than hold it (ARCHITECTURE.md, "Rules that carry data").
/// A value exists only if its list was registered when it was built ([`SuperghostRules::new`] checks; the default
/// names the shipped Polish list), and the registry never forgets a list, so a game always finds its words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SuperghostRules {
    dictionary: DictionaryId,
    players: u8,
}

/// Options outside what the rules allow, or a word list this process does not have. Nothing is built from them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// No list of this language, name and hash is registered: the game is refused, never judged by another list.
    #[error("the dictionary {0} is not known here")]
    DictionaryMissing(DictionaryId),
    /// Players outside `MIN_PLAYERS..=MAX_PLAYERS`.
    #[error("Superghost has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {0}")]
    Players(u8),
}

impl SuperghostRules {
    /// A game of `players` judged by the registered list `dictionary`, if the rules allow it.
    pub fn new(dictionary: DictionaryId, players: u8) -> Result<SuperghostRules, RulesError> {
        registry::find(&dictionary).ok_or(RulesError::DictionaryMissing(dictionary))?;
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(RulesError::Players(players));
        }
        Ok(SuperghostRules { dictionary, players })
    }

    /// The word list words are judged by.
    #[must_use]
    pub const fn dictionary(&self) -> DictionaryId {
        self.dictionary
    }

    /// The game's language: its list's.
    #[must_use]
    pub const fn language(&self) -> Language {
        self.dictionary.language
    }

    /// How many play.
    #[must_use]
    pub const fn players(&self) -> u8 {
        self.players
    }
}

impl Default for SuperghostRules {
    /// Two players on the shipped Polish list.
    fn default() -> SuperghostRules {
        SuperghostRules { dictionary: registry::shipped(Language::Pl).id(), players: MIN_PLAYERS }
    }
}
