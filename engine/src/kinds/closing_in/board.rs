//! The board: its validated size, squares, and a fixed-size set of squares.

use std::fmt;

/// The smallest board the rules allow: on 2×2 the second placement decides the game.
pub const MIN_SIZE: u8 = 3;
/// The largest board: 12 columns fit the letters `A`–`L` and two-digit rows.
pub const MAX_SIZE: u8 = 12;
/// The rules document's default board, 6×6.
pub const DEFAULT_SIZE: u8 = 6;

/// Squares in a [`SquareSet`] are numbered `row * MAX_SIZE + column` whatever the board size, so a set needs
/// `MAX_SIZE²` = 144 bits: more than a `u128`.
const WORDS: usize = (MAX_SIZE as usize * MAX_SIZE as usize).div_ceil(64);

/// The rules of a Closing In game: the side of its square board, validated to `MIN_SIZE..=MAX_SIZE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoardSize(u8);

/// A board size outside `MIN_SIZE..=MAX_SIZE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a Closing In board is {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}, not {0}x{0}")]
pub struct SizeError(pub u8);

impl BoardSize {
    /// The board of `size` × `size` squares, if the rules allow it.
    pub const fn new(size: u8) -> Result<BoardSize, SizeError> {
        if size >= MIN_SIZE && size <= MAX_SIZE {
            Ok(BoardSize(size))
        } else {
            Err(SizeError(size))
        }
    }

    /// The number of columns (and of rows).
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// Whether `square` lies on this board.
    #[must_use]
    pub const fn contains(self, square: Square) -> bool {
        square.column < self.0 && square.row < self.0
    }

    /// Every square of the board in the fixed order A1, B1, …, A2, …: rows from the bottom, columns from the
    /// left.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        let size = self.0;
        (0..size).flat_map(move |row| (0..size).map(move |column| Square { column, row }))
    }

    /// `square` under symmetry `symmetry` (0–7) of the square board: bit 0 mirrors the columns, bit 1 the rows,
    /// bit 2 swaps columns and rows (after the mirrors). Symmetry 0 is the identity.
    #[must_use]
    pub const fn transform(self, square: Square, symmetry: u8) -> Square {
        let last = self.0 - 1;
        let column = if symmetry & 1 != 0 { last - square.column } else { square.column };
        let row = if symmetry & 2 != 0 { last - square.row } else { square.row };
        if symmetry & 4 != 0 {
            Square { column: row, row: column }
        } else {
            Square { column, row }
        }
    }
}

impl Default for BoardSize {
    fn default() -> BoardSize {
        BoardSize(DEFAULT_SIZE)
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}x{0}", self.0)
    }
}

/// A square by column and row, both from 0 (column `A`, row `1`). Notation reads squares past any board (up
/// to column `Z` and row 99), so a square may lie off the board it is played on; the rules refuse it then.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// The column, 0 for `A`.
    pub column: u8,
    /// The row from the bottom, 0 for `1`.
    pub row: u8,
}

impl Square {
    /// The square in `column` and `row`, both from 0.
    #[must_use]
    pub const fn new(column: u8, row: u8) -> Square {
        Square { column, row }
    }

    /// The square's number in a [`SquareSet`]; only for squares on the largest board.
    const fn index(self) -> usize {
        self.row as usize * MAX_SIZE as usize + self.column as usize
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'A' + self.column), u32::from(self.row) + 1)
    }
}

/// A set of squares of any board, as a fixed-size bitset: copying and comparing it never allocates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareSet([u64; WORDS]);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet([0; WORDS]);

    /// Whether `square` is in the set. Squares off the largest board never are.
    #[must_use]
    pub const fn contains(&self, square: Square) -> bool {
        if square.column >= MAX_SIZE || square.row >= MAX_SIZE {
            return false;
        }
        let index = square.index();
        self.0[index / 64] & (1 << (index % 64)) != 0
    }

    /// Adds `square`, which must lie on the largest board.
    pub fn insert(&mut self, square: Square) {
        debug_assert!(square.column < MAX_SIZE && square.row < MAX_SIZE, "{square:?} is off every board");
        let index = square.index();
        self.0[index / 64] |= 1 << (index % 64);
    }

    /// The number of squares in the set.
    #[must_use]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|word| word.count_ones()).sum()
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&word| word == 0)
    }

    /// The squares of the set that lie on `size`, in the board's fixed order (see [`BoardSize::squares`]).
    pub fn iter(self, size: BoardSize) -> impl Iterator<Item = Square> {
        size.squares().filter(move |&square| self.contains(square))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_three_to_twelve_are_refused() {
        assert_eq!(BoardSize::new(2), Err(SizeError(2)));
        assert_eq!(BoardSize::new(13), Err(SizeError(13)));
        assert_eq!(BoardSize::new(3).map(BoardSize::get), Ok(3));
        assert_eq!(BoardSize::new(12).map(BoardSize::get), Ok(12));
        assert_eq!(BoardSize::default().get(), 6);
        assert_eq!(SizeError(13).to_string(), "a Closing In board is 3x3 to 12x12, not 13x13");
    }

    #[test]
    fn a_set_holds_every_square_of_the_largest_board() {
        let size = BoardSize::new(MAX_SIZE).expect("a valid size");
        let mut set = SquareSet::EMPTY;
        for (count, square) in (1..).zip(size.squares()) {
            assert!(!set.contains(square));
            set.insert(square);
            assert!(set.contains(square));
            assert_eq!(set.len(), count);
        }
        assert!(!set.contains(Square::new(MAX_SIZE, 0)), "off the board");
        assert_eq!(set.iter(size).count(), 144);
    }

    #[test]
    fn the_eight_symmetries_are_distinct_and_keep_the_board() {
        let size = BoardSize::new(5).expect("a valid size");
        let square = Square::new(0, 1);
        let images: std::collections::BTreeSet<Square> = (0..8).map(|g| size.transform(square, g)).collect();
        assert_eq!(images.len(), 8, "A2 has no symmetry of its own on 5x5");
        for g in 0..8 {
            assert!(size.squares().all(|s| size.contains(size.transform(s, g))));
        }
        assert_eq!(size.transform(Square::new(2, 2), 5), Square::new(2, 2), "the centre is fixed");
    }
}
