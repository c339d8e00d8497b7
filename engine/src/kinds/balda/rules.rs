//! The options of a Balda game (rules 1): the grid's size, the players, the dictionary by its identity, and
//! the seed the start word is drawn from.

use std::sync::Arc;

use crate::dictionary::{registry, Dictionary, DictionaryId, Language};

/// The smallest grid's side, and the default.
pub const MIN_SIZE: u8 = 5;
/// The largest grid's side.
pub const MAX_SIZE: u8 = super::geometry::MAX_SIZE;
/// The fewest players.
pub const MIN_PLAYERS: u8 = 2;
/// The most players.
pub const MAX_PLAYERS: u8 = 4;
/// The shortest word a move may name (rules 3).
pub const MIN_WORD_LEN: usize = 3;

/// The options of one game: the grid's side, the number of players, the dictionary words are judged by (by its
/// identity: the list itself is shared data, see [`registry`]), and the seed of the start word, which the
/// server draws when it creates the game (`Kind::settle`), so a replay needs no random source.
///
/// A value exists only if its dictionary was registered when it was built and holds a word of the grid's
/// length ([`BaldaRules::new`] checks; the default names the shipped Polish list), and the registry never
/// forgets a list, so a game built from rules always finds its words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BaldaRules {
    size: u8,
    players: u8,
    dictionary: DictionaryId,
    seed: u64,
}

/// Options outside what the rules allow, or a dictionary this process does not have. Nothing is built from
/// them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// No dictionary of this identity is registered: the game is refused, never judged by another list.
    #[error("the dictionary {0} is not known here")]
    DictionaryMissing(DictionaryId),
    /// A side outside `MIN_SIZE..=MAX_SIZE`.
    #[error("a Balda grid is {MIN_SIZE} to {MAX_SIZE} cells wide, not {0}")]
    Size(u8),
    /// Players outside `MIN_PLAYERS..=MAX_PLAYERS`.
    #[error("Balda has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {0}")]
    Players(u8),
    /// The dictionary has no word as long as the grid is wide, so no start word can be drawn.
    #[error("the dictionary {dictionary} has no word of {size} letters to start with")]
    NoStartWord {
        /// The dictionary.
        dictionary: DictionaryId,
        /// The grid's side.
        size: u8,
    },
}

impl BaldaRules {
    /// A game on a `size` × `size` grid for `players`, judged by the registered `dictionary`, its start word
    /// drawn from `seed`.
    pub fn new(size: u8, players: u8, dictionary: DictionaryId, seed: u64) -> Result<BaldaRules, RulesError> {
        let found = registry::find(&dictionary).ok_or(RulesError::DictionaryMissing(dictionary))?;
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(RulesError::Size(size));
        }
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(RulesError::Players(players));
        }
        let rules = BaldaRules { size, players, dictionary, seed };
        if rules.draw_start_word(&found).is_none() {
            return Err(RulesError::NoStartWord { dictionary, size });
        }
        Ok(rules)
    }

    /// The grid's side.
    #[must_use]
    pub const fn size(self) -> u8 {
        self.size
    }

    /// The number of players, and so of seats.
    #[must_use]
    pub const fn players(self) -> u8 {
        self.players
    }

    /// The dictionary, by its identity.
    #[must_use]
    pub const fn dictionary(self) -> DictionaryId {
        self.dictionary
    }

    /// The game's language (its dictionary's).
    #[must_use]
    pub const fn language(self) -> Language {
        self.dictionary.language
    }

    /// The seed of the start word.
    #[must_use]
    pub const fn seed(self) -> u64 {
        self.seed
    }

    /// The dictionary itself, from the registry.
    #[must_use]
    pub fn words(self) -> Arc<Dictionary> {
        // Rules exist only for registered dictionaries and the registry never forgets one (see BaldaRules).
        registry::find(&self.dictionary)
            .unwrap_or_else(|| panic!("balda rules name the unregistered dictionary {}", self.dictionary))
    }

    /// The start word: the dictionary's word of `size` letters the seed draws ([`Dictionary::draw`]).
    #[must_use]
    pub fn start_word(self) -> String {
        let words = self.words();
        // Rules exist only when the draw finds a word (see BaldaRules::new).
        self.draw_start_word(&words)
            .unwrap_or_else(|| panic!("balda rules without a start word in {}", self.dictionary))
    }

    fn draw_start_word(self, words: &Dictionary) -> Option<String> {
        words.draw(self.seed, |word| word.chars().count() == usize::from(self.size))
    }
}

impl Default for BaldaRules {
    /// Two players on a 5 × 5 grid, judged by the shipped Polish list, the start word of seed 0.
    fn default() -> BaldaRules {
        let dictionary = registry::shipped(Language::Pl).id();
        BaldaRules { size: MIN_SIZE, players: MIN_PLAYERS, dictionary, seed: 0 }
    }
}
