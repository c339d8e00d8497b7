//! The eight directions of a step, numbered as in kurnik notation.

use std::fmt;

/// A step direction in the absolute board frame, numbered clockwise from north as in kurnik notation:
/// `0`=N (towards the top goal), `1`=NE, `2`=E, `3`=SE, `4`=S, `5`=SW, `6`=W, `7`=NW.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Direction {
    /// Up, towards the top goal (`0`).
    North = 0,
    /// Up and right (`1`).
    NorthEast = 1,
    /// Right (`2`).
    East = 2,
    /// Down and right (`3`).
    SouthEast = 3,
    /// Down, towards the bottom goal (`4`).
    South = 4,
    /// Down and left (`5`).
    SouthWest = 5,
    /// Left (`6`).
    West = 6,
    /// Up and left (`7`).
    NorthWest = 7,
}

impl Direction {
    /// All eight directions in kurnik digit order.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// The direction for a kurnik digit value 0–7.
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Direction> {
        if index < 8 {
            Some(Direction::ALL[index as usize])
        } else {
            None
        }
    }

    /// The direction for a kurnik digit character `'0'`–`'7'`.
    #[must_use]
    pub const fn from_digit(digit: char) -> Option<Direction> {
        match digit {
            '0'..='7' => Direction::from_index(digit as u8 - b'0'),
            _ => None,
        }
    }

    /// The kurnik digit value 0–7.
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The kurnik digit character.
    #[must_use]
    pub const fn digit(self) -> char {
        (b'0' + self as u8) as char
    }

    /// The opposite direction (N ↔ S, NE ↔ SW, …).
    #[must_use]
    pub const fn opposite(self) -> Direction {
        Direction::ALL[((self as u8 + 4) & 7) as usize]
    }

    /// The change of (x, y) for one step; y grows downwards.
    #[must_use]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, -1),
            Direction::NorthEast => (1, -1),
            Direction::East => (1, 0),
            Direction::SouthEast => (1, 1),
            Direction::South => (0, 1),
            Direction::SouthWest => (-1, 1),
            Direction::West => (-1, 0),
            Direction::NorthWest => (-1, -1),
        }
    }

    /// This direction's bit in a [`Directions`] set.
    #[must_use]
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.digit())
    }
}

/// A set of directions, one bit each: a cheap `Copy` value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Directions(u8);

impl Directions {
    /// The empty set.
    pub const NONE: Directions = Directions(0);
    /// All eight directions.
    pub const ALL: Directions = Directions(0xFF);

    /// The set whose bit `d` is set for every direction `d` in `bits`.
    #[must_use]
    pub const fn from_bits(bits: u8) -> Directions {
        Directions(bits)
    }

    /// One bit per direction, bit `d` for kurnik digit `d`.
    #[must_use]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether `direction` is in the set.
    #[must_use]
    pub const fn contains(self, direction: Direction) -> bool {
        self.0 & direction.bit() != 0
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many directions are in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }
}

impl Iterator for Directions {
    type Item = Direction;

    fn next(&mut self) -> Option<Direction> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Direction::from_index(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        // Not `self.len()`: inside the iterator that resolves to `ExactSizeIterator::len`, which calls this.
        let remaining = self.0.count_ones() as usize;
        (remaining, Some(remaining))
    }
}

impl ExactSizeIterator for Directions {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn direction_sets_iterate_and_count() {
        let set = Directions::from_bits(Direction::North.bit() | Direction::SouthWest.bit());
        assert_eq!(set.collect::<Vec<_>>(), [Direction::North, Direction::SouthWest]);
        assert_eq!(ExactSizeIterator::len(&set), 2);
        assert_eq!(Directions::ALL.count(), 8);
        assert!(Directions::NONE.is_empty());
    }

    #[test]
    fn digits_and_opposites() {
        for direction in Direction::ALL {
            assert_eq!(Direction::from_digit(direction.digit()), Some(direction));
            assert_eq!(direction.opposite().opposite(), direction);
        }
        assert_eq!(Direction::from_digit('8'), None);
    }
}
