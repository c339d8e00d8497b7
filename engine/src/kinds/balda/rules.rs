//! The options of a Balda game (rules 1): the grid's size, the players, the dictionary by its identity, and
//! the seed the start word is drawn from.

use std::sync::{Arc, OnceLock};

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

/// The most bytes a start word takes: [`MAX_SIZE`] letters of at most four bytes each in UTF-8.
const MAX_START_BYTES: usize = MAX_SIZE as usize * 4;

/// A start word as rules hold it: 1 to [`MAX_SIZE`] letters in a fixed buffer, so that rules stay `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct StartWord {
    bytes: [u8; MAX_START_BYTES],
    len: u8,
}

impl StartWord {
    /// `word` if it has 1 to [`MAX_SIZE`] characters.
    #[must_use]
    pub fn new(word: &str) -> Option<StartWord> {
        let letters = word.chars().count();
        if letters == 0 || letters > usize::from(MAX_SIZE) {
            return None;
        }
        let mut bytes = [0; MAX_START_BYTES];
        bytes[..word.len()].copy_from_slice(word.as_bytes());
        // At most 28 bytes.
        Some(StartWord { bytes, len: word.len() as u8 })
    }

    /// The word.
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only whole UTF-8 text is ever stored.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl std::fmt::Debug for StartWord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl std::fmt::Display for StartWord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The options of one game: the grid's side, the number of players, the dictionary words are judged by (by its
/// identity: the list itself is shared data, see [`registry`]), the seed the start word was drawn from and the
/// start word itself.
///
/// The server draws the seed when it creates the game (`Kind::settle`) and the start word from it
/// ([`BaldaRules::drawn`]: a uniformly chosen word of the list as long as the grid is wide); the rules keep both,
/// so a replay needs no random source and reading rules never repeats the draw, which is a pass over the whole
/// list (4.3 million forms for Polish). [`BaldaRules::new`] checks that the start word is a word of the list of
/// the grid's length.
///
/// A value exists only if its dictionary was registered when it was built (the default names the shipped
/// Polish list), and the registry never forgets a list, so a game built from rules always finds its words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BaldaRules {
    size: u8,
    players: u8,
    dictionary: DictionaryId,
    seed: u64,
    start: StartWord,
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
    /// The start word given is not a word of the dictionary as long as the grid is wide.
    #[error("the start word is not a word of {size} letters of the dictionary")]
    StartWord {
        /// The grid's side.
        size: u8,
    },
}

impl BaldaRules {
    /// A game on a `size` × `size` grid for `players`, judged by the registered `dictionary`, starting from
    /// `start`, which the server drew from `seed` ([`BaldaRules::drawn`]).
    pub fn new(
        size: u8,
        players: u8,
        dictionary: DictionaryId,
        seed: u64,
        start: &str,
    ) -> Result<BaldaRules, RulesError> {
        let found = Self::checked(size, players, dictionary)?;
        let fits = start.chars().count() == usize::from(size) && found.contains(start);
        let start = StartWord::new(start).filter(|_| fits).ok_or(RulesError::StartWord { size })?;
        Ok(BaldaRules { size, players, dictionary, seed, start })
    }

    /// The rules of a new game: its start word drawn from `seed`, as the word of `size` letters
    /// [`Dictionary::draw`] chooses.
    pub fn drawn(size: u8, players: u8, dictionary: DictionaryId, seed: u64) -> Result<BaldaRules, RulesError> {
        let found = Self::checked(size, players, dictionary)?;
        let word = found
            .draw(seed, usize::from(size)..=usize::from(size), |_| true)
            .ok_or(RulesError::NoStartWord { dictionary, size })?;
        let start = StartWord::new(&word).ok_or(RulesError::StartWord { size })?;
        Ok(BaldaRules { size, players, dictionary, seed, start })
    }

    /// The registered list `dictionary` names, if the size and players are within the rules.
    fn checked(size: u8, players: u8, dictionary: DictionaryId) -> Result<Arc<Dictionary>, RulesError> {
        let found = registry::find(&dictionary).ok_or(RulesError::DictionaryMissing(dictionary))?;
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(RulesError::Size(size));
        }
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(RulesError::Players(players));
        }
        Ok(found)
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

    /// The seed the start word was drawn from.
    #[must_use]
    pub const fn seed(self) -> u64 {
        self.seed
    }

    /// The start word, across the middle row.
    #[must_use]
    pub const fn start(self) -> StartWord {
        self.start
    }

    /// The dictionary itself, from the registry.
    #[must_use]
    pub fn words(self) -> Arc<Dictionary> {
        // Rules exist only for registered dictionaries and the registry never forgets one (see BaldaRules).
        registry::find(&self.dictionary)
            .unwrap_or_else(|| panic!("balda rules name the unregistered dictionary {}", self.dictionary))
    }
}

impl Default for BaldaRules {
    /// Two players on a 5 × 5 grid, judged by the shipped Polish list, the start word of seed 0 (drawn once per
    /// process).
    fn default() -> BaldaRules {
        static DEFAULT: OnceLock<BaldaRules> = OnceLock::new();
        *DEFAULT.get_or_init(|| {
            let dictionary = registry::shipped(Language::Pl).id();
            // The shipped list is checked by the engine's tests to hold five-letter words.
            BaldaRules::drawn(MIN_SIZE, MIN_PLAYERS, dictionary, 0)
                .unwrap_or_else(|error| panic!("the default Balda rules: {error}"))
        })
    }
}
