//! Words as the notation carries them (a secret word, a guessed word): 1 to 12 lower-case letters, as a `Copy`
//! value so that a position copies without allocating; and the pattern a guesser sees.

use std::fmt;

/// The fewest letters of a round's word.
pub const MIN_LETTERS: usize = 4;
/// The most letters of a word.
pub const MAX_LETTERS: usize = 12;
/// The mark of a letter not shown in a pattern.
pub const BLANK: char = '_';

/// A word of 1 to [`MAX_LETTERS`] lower-case letters, as written. The notation takes any lower-case letter; the
/// rules check it against the game's alphabet, length and dictionary.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Word {
    len: u8,
    letters: [char; MAX_LETTERS],
}

impl Word {
    /// The word of `text`, when it is 1 to 12 lower-case letters.
    #[must_use]
    pub fn new(text: &str) -> Option<Word> {
        let mut word = Word { len: 0, letters: [BLANK; MAX_LETTERS] };
        for letter in text.chars() {
            if !is_letter(letter) || usize::from(word.len) == MAX_LETTERS {
                return None;
            }
            word.letters[usize::from(word.len)] = letter;
            word.len += 1;
        }
        (word.len > 0).then_some(word)
    }

    /// The letters, first first.
    #[must_use]
    pub fn letters(&self) -> &[char] {
        &self.letters[..usize::from(self.len)]
    }

    /// How many letters.
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Always false: a word has a letter at least (for clippy's `len_without_is_empty`).
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether `letter` occurs in the word.
    #[must_use]
    pub fn holds(&self, letter: char) -> bool {
        self.letters().contains(&letter)
    }

    /// The word as the guesser sees it when the letters `shown` accepts are shown: each other letter a
    /// [`BLANK`].
    #[must_use]
    pub fn pattern(&self, shown: impl Fn(char) -> bool) -> String {
        self.letters().iter().map(|&letter| if shown(letter) { letter } else { BLANK }).collect()
    }

    /// Whether the word fits `pattern` (as [`Word::pattern`] writes it) given the letters `tried`: each shown
    /// letter is the word's, and each blank hides a letter not tried.
    #[must_use]
    pub fn fits(&self, pattern: &str, tried: impl Fn(char) -> bool) -> bool {
        pattern.chars().count() == self.len()
            && pattern.chars().zip(self.letters()).all(
                |(shown, &letter)| {
                    if shown == BLANK {
                        !tried(letter)
                    } else {
                        shown == letter
                    }
                },
            )
    }
}

/// Whether the notation takes `letter`: a lower-case letter of any script.
#[must_use]
pub fn is_letter(letter: char) -> bool {
    letter.is_alphabetic() && letter.is_lowercase()
}

impl fmt::Display for Word {
    /// The letters: `kobra`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.letters().iter().try_for_each(|letter| write!(f, "{letter}"))
    }
}

impl fmt::Debug for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Word({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_one_to_twelve_lower_case_letters_of_any_script() {
        assert_eq!(Word::new("żółw").map(|word| word.len()), Some(4));
        assert_eq!(Word::new("ёлка").map(|word| word.to_string()), Some("ёлка".to_owned()));
        assert_eq!(Word::new("a").map(|word| word.len()), Some(1));
        assert_eq!(Word::new("abcdefghijkl").map(|word| word.len()), Some(12));
        for refused in ["", "abcdefghijklm", "Kot", "ko t", "k0t", "_ot"] {
            assert_eq!(Word::new(refused), None, "{refused:?}");
        }
    }

    #[test]
    fn a_pattern_shows_the_tried_letters_and_a_word_fits_it() {
        let word = Word::new("kobra").expect("a word");
        assert_eq!(word.pattern(|letter| "ka".contains(letter)), "k___a");
        assert!(word.fits("k___a", |letter| "ka".contains(letter)));
        assert!(!word.fits("k___a", |letter| "kab".contains(letter)), "a tried b is not behind a blank");
        assert!(!word.fits("k__a", |letter| "ka".contains(letter)), "the length counts");
        assert!(!Word::new("kebab").expect("a word").fits("k___a", |letter| "ka".contains(letter)));
    }
}
