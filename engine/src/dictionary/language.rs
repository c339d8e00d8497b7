//! The word games' languages, the letters a word of each may hold, and the normalisation every word goes through
//! before it is looked up or stored (docs/dictionaries.md).

use std::fmt;
use std::str::FromStr;

/// The longest word, in letters, a list holds or a player may name. Polish's longest common forms have about 35
/// letters; a bound keeps a hostile move text from costing more than a short walk of the list.
pub const MAX_WORD_LETTERS: usize = 48;

/// A language of the word games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Language {
    /// Polish.
    Pl,
    /// English.
    En,
    /// Russian.
    Ru,
}

/// Polish: the Latin a–z, q, v and x included (sjp.pl lists thousands of loan words with them: `boxerów`,
/// `divą`), and the nine Polish letters.
const POLISH: &[char] = &[
    'a', 'ą', 'b', 'c', 'ć', 'd', 'e', 'ę', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'ł', 'm', 'n', 'ń', 'o', 'ó', 'p', 'q',
    'r', 's', 'ś', 't', 'u', 'v', 'w', 'x', 'y', 'z', 'ź', 'ż',
];

/// English: a–z.
const ENGLISH: &[char] = &[
    'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's', 't', 'u', 'v', 'w',
    'x', 'y', 'z',
];

/// Russian: а–я without ё, which normalises to е.
const RUSSIAN: &[char] = &[
    'а', 'б', 'в', 'г', 'д', 'е', 'ж', 'з', 'и', 'й', 'к', 'л', 'м', 'н', 'о', 'п', 'р', 'с', 'т', 'у', 'ф', 'х', 'ц',
    'ч', 'ш', 'щ', 'ъ', 'ы', 'ь', 'э', 'ю', 'я',
];

/// Why a text is not a word of a language.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WordError {
    /// The text is empty.
    #[error("a word has at least one letter")]
    Empty,
    /// The text holds a character that is not a letter of the language, even lower-cased.
    #[error("{letter:?} is not a letter of {language}")]
    Letter {
        /// The character refused, as written.
        letter: char,
        /// The language asked.
        language: Language,
    },
    /// The text is longer than [`MAX_WORD_LETTERS`].
    #[error("a word has at most {MAX_WORD_LETTERS} letters")]
    TooLong,
}

/// A language code other than `pl`, `en` and `ru`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a language is pl, en or ru, not {0:?}")]
pub struct UnknownLanguage(pub String);

impl Language {
    /// Every language, in order.
    pub const ALL: [Language; 3] = [Language::Pl, Language::En, Language::Ru];

    /// The language's code: `pl`, `en` or `ru`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Language::Pl => "pl",
            Language::En => "en",
            Language::Ru => "ru",
        }
    }

    /// The letters a normalised word of the language may hold, in the language's alphabetical order.
    #[must_use]
    pub const fn alphabet(self) -> &'static [char] {
        match self {
            Language::Pl => POLISH,
            Language::En => ENGLISH,
            Language::Ru => RUSSIAN,
        }
    }

    /// `text` as the lists hold it: lower case, Russian `ё` as `е`, Polish letters kept. Refused when empty,
    /// longer than [`MAX_WORD_LETTERS`], or holding anything but the language's letters.
    pub fn normalise(self, text: &str) -> Result<String, WordError> {
        if text.is_empty() {
            return Err(WordError::Empty);
        }
        let mut word = String::with_capacity(text.len());
        let mut letters = 0;
        for written in text.chars() {
            let mut lower = written.to_lowercase();
            // Every letter of the three alphabets lower-cases to one character; one that gives more is no letter.
            let (Some(letter), None) = (lower.next(), lower.next()) else {
                return Err(WordError::Letter { letter: written, language: self });
            };
            let letter = if self == Language::Ru && letter == 'ё' { 'е' } else { letter };
            if !self.alphabet().contains(&letter) {
                return Err(WordError::Letter { letter: written, language: self });
            }
            letters += 1;
            if letters > MAX_WORD_LETTERS {
                return Err(WordError::TooLong);
            }
            word.push(letter);
        }
        Ok(word)
    }

    /// Whether `word` is already normalised: what a list may hold.
    #[must_use]
    pub fn is_normalised(self, word: &str) -> bool {
        !word.is_empty()
            && word.chars().count() <= MAX_WORD_LETTERS
            && word.chars().all(|letter| self.alphabet().contains(&letter))
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Language {
    type Err = UnknownLanguage;

    fn from_str(code: &str) -> Result<Language, UnknownLanguage> {
        Language::ALL
            .into_iter()
            .find(|language| language.code() == code)
            .ok_or_else(|| UnknownLanguage(code.to_owned()))
    }
}
