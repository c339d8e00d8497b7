//! A word read along a path, on the stack: checking a move and walking the board never allocate.

use super::geometry::MAX_CELLS;

/// The most bytes a word traced over the whole grid takes in UTF-8 (every letter at most 4 bytes).
const MAX_WORD_BYTES: usize = MAX_CELLS * 4;

/// A word read along a path, kept on the stack so that checking a move never allocates.
pub(crate) struct WordBuffer {
    bytes: [u8; MAX_WORD_BYTES],
    len: usize,
}

impl WordBuffer {
    pub(crate) const fn new() -> WordBuffer {
        WordBuffer { bytes: [0; MAX_WORD_BYTES], len: 0 }
    }

    pub(crate) fn push(&mut self, letter: char) {
        self.len += letter.encode_utf8(&mut self.bytes[self.len..]).len();
    }

    pub(crate) const fn len(&self) -> usize {
        self.len
    }

    pub(crate) fn truncate(&mut self, len: usize) {
        self.len = len.min(self.len);
    }

    pub(crate) fn as_str(&self) -> &str {
        // Only whole characters are ever written.
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}
