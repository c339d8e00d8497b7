//! The options of a Gallows game (rules 1 and 2), validated: the dictionary the words are judged by, who sets
//! the words, the misses a round allows and whether the ends of the word are shown at the start.

use std::fmt;

use super::word::Word;
use crate::dictionary::{registry, DictionaryId, Language};

/// The misses a round allows, as the rules offer them; the first is the default.
pub const MISSES: [u8; 3] = [6, 8, 10];
/// The most misses a round allows.
pub const MAX_MISSES: u8 = 10;

/// Who chooses each round's word.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum WordSource {
    /// The round's setter types a dictionary word (the default).
    #[default]
    Setter,
    /// The server draws a dictionary word for the setter's seat from its own randomness; the setter types
    /// nothing.
    Server,
}

/// What the guesser sees of the word at the start of a round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Hint {
    /// Blanks only (the default).
    #[default]
    None,
    /// The first and last letters, every occurrence of each shown, both counted as tried.
    Ends,
}

impl Hint {
    /// Whether `word` keeps a letter hidden at the start under this hint: always without one; with the ends
    /// shown, when it holds a letter other than its first and last.
    #[must_use]
    pub fn hides_something(self, word: Word) -> bool {
        let letters = word.letters();
        match (self, letters.first(), letters.last()) {
            (Hint::Ends, Some(&first), Some(&last)) => letters.iter().any(|&letter| letter != first && letter != last),
            _ => true,
        }
    }
}

/// The options of one Gallows game. Its fields are private: rules exist only for a dictionary this process has
/// registered (see "Rules that carry data" in ARCHITECTURE.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GallowsRules {
    dictionary: DictionaryId,
    source: WordSource,
    misses: u8,
    hint: Hint,
}

/// Options outside what the rules allow. Nothing is built from them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The dictionary the rules name is not registered in this process.
    #[error("the dictionary {0} is not available here")]
    DictionaryMissing(DictionaryId),
    /// Misses other than 6, 8 or 10.
    #[error("a round allows 6, 8 or 10 misses, not {0}")]
    Misses(u8),
}

impl GallowsRules {
    /// Rules judged by `dictionary`, words from `source`, `misses` misses a round, `hint` at the start; if the
    /// dictionary is registered and the misses are one of [`MISSES`].
    pub fn new(
        dictionary: DictionaryId,
        source: WordSource,
        misses: u8,
        hint: Hint,
    ) -> Result<GallowsRules, RulesError> {
        if !MISSES.contains(&misses) {
            return Err(RulesError::Misses(misses));
        }
        if registry::find(&dictionary).is_none() {
            return Err(RulesError::DictionaryMissing(dictionary));
        }
        Ok(GallowsRules { dictionary, source, misses, hint })
    }

    /// The dictionary words are judged by.
    #[must_use]
    pub const fn dictionary(self) -> DictionaryId {
        self.dictionary
    }

    /// The language of the game: of its dictionary.
    #[must_use]
    pub const fn language(self) -> Language {
        self.dictionary.language
    }

    /// Who chooses each round's word.
    #[must_use]
    pub const fn source(self) -> WordSource {
        self.source
    }

    /// The misses that hang the guesser.
    #[must_use]
    pub const fn misses(self) -> u8 {
        self.misses
    }

    /// What the guesser sees at the start of a round.
    #[must_use]
    pub const fn hint(self) -> Hint {
        self.hint
    }
}

impl Default for GallowsRules {
    /// Polish words from the shipped list, set by the players, 6 misses, no letters shown.
    fn default() -> GallowsRules {
        let dictionary = registry::shipped(Language::Pl).id();
        GallowsRules { dictionary, source: WordSource::Setter, misses: MISSES[0], hint: Hint::None }
    }
}

impl fmt::Display for GallowsRules {
    /// The options as `pl/sjp-small@0123456789ab, words by the setters, 6 misses, no hint`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let source = match self.source {
            WordSource::Setter => "words by the setters",
            WordSource::Server => "words by the server",
        };
        let hint = match self.hint {
            Hint::None => "no hint",
            Hint::Ends => "ends shown",
        };
        write!(f, "{}, {source}, {} misses, {hint}", self.dictionary, self.misses)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_misses_are_six_eight_or_ten_and_the_dictionary_registered() {
        let shipped = registry::shipped(Language::En).id();
        for misses in [0, 5, 7, 9, 11] {
            assert_eq!(
                GallowsRules::new(shipped, WordSource::Setter, misses, Hint::None),
                Err(RulesError::Misses(misses))
            );
        }
        for misses in MISSES {
            let rules = GallowsRules::new(shipped, WordSource::Server, misses, Hint::Ends).expect("valid");
            assert_eq!((rules.misses(), rules.language(), rules.source()), (misses, Language::En, WordSource::Server));
        }
        let mut unknown = shipped;
        unknown.hash = crate::dictionary::DictionaryHash::from_hex(&"ab".repeat(32)).expect("64 hex digits");
        assert_eq!(
            GallowsRules::new(unknown, WordSource::Setter, 6, Hint::None),
            Err(RulesError::DictionaryMissing(unknown))
        );
        assert_eq!(GallowsRules::default().language(), Language::Pl);
    }
}
