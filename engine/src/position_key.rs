//! Position keys: a position written as canonical bytes, for what is stored by position (the server's opening
//! explorer). The bytes are a format, not a memory image: each kind writes what the rules look at (what is drawn
//! or placed, where the ball or markers are, whose turn it is and in which phase) field by field in an order
//! its `write_key` documents, never a derived `Hash` or a struct's layout. Two positions that play alike give
//! the same bytes however they were reached (transpositions meet); a kind changes its layout only with a new
//! format tag, because stored keys must keep meaning the same position.

use crate::Seat;

/// The canonical bytes of a position, built by a kind's [`Game::write_key`](crate::Game::write_key).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PositionKey {
    bytes: Vec<u8>,
}

impl PositionKey {
    /// An empty key.
    #[must_use]
    pub fn new() -> PositionKey {
        PositionKey::default()
    }

    /// Appends one byte.
    pub fn byte(&mut self, value: u8) -> &mut Self {
        self.bytes.push(value);
        self
    }

    /// Appends a number as four bytes, least significant first.
    pub fn number(&mut self, value: u32) -> &mut Self {
        self.bytes.extend_from_slice(&value.to_le_bytes());
        self
    }

    /// Appends a seat: its index (0 for the first, 1 for the second, …).
    pub fn seat(&mut self, seat: Seat) -> &mut Self {
        // A seat's index is below six, so it fits a byte.
        self.byte(seat.index() as u8)
    }

    /// Appends an optional seat: 0 for none, else one more than its index (1 for the first, 2 for the second).
    pub fn optional_seat(&mut self, seat: Option<Seat>) -> &mut Self {
        self.byte(seat.map_or(0, |seat| seat.index() as u8 + 1))
    }

    /// Appends a switch: 0 or 1.
    pub fn flag(&mut self, value: bool) -> &mut Self {
        self.byte(u8::from(value))
    }

    /// Appends a text with its length first (one byte: texts written here are short names and tags).
    pub fn tag(&mut self, text: &str) -> &mut Self {
        let length = u8::try_from(text.len()).unwrap_or(u8::MAX);
        self.byte(length);
        self.bytes.extend_from_slice(&text.as_bytes()[..usize::from(length)]);
        self
    }

    /// The bytes written so far.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }
}
