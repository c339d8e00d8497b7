//! The fragment on the table: at most [`MAX_WORD_LETTERS`] letters, held in place so that playing a letter never
//! allocates.

use std::fmt;

use crate::dictionary::MAX_WORD_LETTERS;

/// Where a letter goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Before the fragment's first letter.
    Start,
    /// After its last letter.
    End,
}

/// The letters played this round, in order.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fragment {
    letters: [char; MAX_WORD_LETTERS],
    len: u8,
}

/// The bytes of a fragment's UTF-8 text at most: four a letter.
const MAX_BYTES: usize = 4 * MAX_WORD_LETTERS;

impl Fragment {
    /// No letters: the start of a round.
    pub const EMPTY: Fragment = Fragment { letters: ['\0'; MAX_WORD_LETTERS], len: 0 };

    /// How many letters.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no letter was played this round.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether no letter more fits: no word is longer.
    #[must_use]
    pub const fn is_full(&self) -> bool {
        self.len() == MAX_WORD_LETTERS
    }

    /// The letters.
    #[must_use]
    pub fn letters(&self) -> &[char] {
        &self.letters[..self.len()]
    }

    /// `letter` put at `side`, when the fragment is not full.
    pub(super) fn add(&mut self, side: Side, letter: char) {
        debug_assert!(!self.is_full());
        let len = self.len();
        match side {
            Side::Start => {
                self.letters.copy_within(..len, 1);
                self.letters[0] = letter;
            }
            Side::End => self.letters[len] = letter,
        }
        self.len += 1;
    }

    /// Runs `read` over the fragment as text, written on the stack.
    pub(super) fn with_text<T>(&self, read: impl FnOnce(&str) -> T) -> T {
        let mut bytes = [0; MAX_BYTES];
        let mut end = 0;
        for letter in self.letters() {
            end += letter.encode_utf8(&mut bytes[end..]).len();
        }
        // Whole characters were encoded.
        read(std::str::from_utf8(&bytes[..end]).unwrap_or_default())
    }
}

impl fmt::Display for Fragment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.letters().iter().try_for_each(|letter| write!(f, "{letter}"))
    }
}

impl fmt::Debug for Fragment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.to_string())
    }
}
