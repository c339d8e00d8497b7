//! Cells of the board and a fixed-size set of them.

use std::fmt;

use super::rules::{BarriersRules, MAX_SIDE};

/// Cells in a [`CellSet`] are numbered `row * MAX_SIDE + column` whatever the board, so a set needs 144 bits.
const WORDS: usize = (MAX_SIDE as usize * MAX_SIDE as usize).div_ceil(64);

/// A cell: its column from the left and its row from the bottom, both from 0. Written `e2` (column `e`, row 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The column, 0 for `a`.
    pub column: u8,
    /// The row, 0 for the bottom row (written 1).
    pub row: u8,
}

impl Cell {
    /// The cell in `column` and `row`, both from 0.
    #[must_use]
    pub const fn new(column: u8, row: u8) -> Cell {
        Cell { column, row }
    }

    /// The cell `columns` and `rows` away, if neither falls below 0 (it may lie past the board).
    #[must_use]
    pub const fn shifted(self, columns: i8, rows: i8) -> Option<Cell> {
        match (self.column.checked_add_signed(columns), self.row.checked_add_signed(rows)) {
            (Some(column), Some(row)) => Some(Cell { column, row }),
            _ => None,
        }
    }

    const fn index(self) -> usize {
        self.row as usize * MAX_SIDE as usize + self.column as usize
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.column), u32::from(self.row) + 1)
    }
}

/// A set of cells of a board of at most `MAX_SIDE` × `MAX_SIDE`: `Copy`, so positions never allocate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellSet([u64; WORDS]);

impl CellSet {
    /// No cell.
    pub const EMPTY: CellSet = CellSet([0; WORDS]);

    /// Every cell of the board of `rules`.
    #[must_use]
    pub fn board(rules: BarriersRules) -> CellSet {
        let mut set = CellSet::EMPTY;
        for row in 0..rules.height() {
            for column in 0..rules.width() {
                set.insert(Cell::new(column, row));
            }
        }
        set
    }

    /// Whether `cell` is in the set; a cell past `MAX_SIDE` never is.
    #[must_use]
    pub const fn contains(&self, cell: Cell) -> bool {
        if cell.column >= MAX_SIDE || cell.row >= MAX_SIDE {
            return false;
        }
        let index = cell.index();
        self.0[index / 64] & (1 << (index % 64)) != 0
    }

    /// Adds `cell`, which must lie within `MAX_SIDE` × `MAX_SIDE`.
    pub fn insert(&mut self, cell: Cell) {
        debug_assert!(cell.column < MAX_SIDE && cell.row < MAX_SIDE, "{cell} is past every board");
        let index = cell.index();
        self.0[index / 64] |= 1 << (index % 64);
    }

    /// Takes `cell` out, if it is in.
    pub fn remove(&mut self, cell: Cell) {
        if cell.column < MAX_SIDE && cell.row < MAX_SIDE {
            let index = cell.index();
            self.0[index / 64] &= !(1 << (index % 64));
        }
    }

    /// The cells in both sets.
    #[must_use]
    pub fn and(self, other: CellSet) -> CellSet {
        CellSet(std::array::from_fn(|word| self.0[word] & other.0[word]))
    }

    /// The cells of this set that are not in `other`.
    #[must_use]
    pub fn without(self, other: CellSet) -> CellSet {
        CellSet(std::array::from_fn(|word| self.0[word] & !other.0[word]))
    }

    /// The cells in either set.
    #[must_use]
    pub fn or(self, other: CellSet) -> CellSet {
        CellSet(std::array::from_fn(|word| self.0[word] | other.0[word]))
    }

    /// Whether the set holds no cell.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&word| word == 0)
    }

    /// How many cells the set holds.
    #[must_use]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|word| word.count_ones()).sum()
    }

    /// The cells in the fixed order a1, b1, …, a2, …: rows from the bottom, columns from the left.
    pub fn iter(self) -> impl Iterator<Item = Cell> {
        (0..WORDS).flat_map(move |word| {
            let mut bits = self.0[word];
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let bit = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let index = word * 64 + bit;
                    Cell::new((index % MAX_SIDE as usize) as u8, (index / MAX_SIDE as usize) as u8)
                })
            })
        })
    }

    /// The lowest cell in the fixed order, if any.
    #[must_use]
    pub fn first(self) -> Option<Cell> {
        self.iter().next()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_in_board_order_and_set_algebra() {
        let rules = BarriersRules::new(12, 12, super::super::Touch::Cells).expect("valid");
        let board = CellSet::board(rules);
        assert_eq!(board.len(), 144);
        let cells: Vec<Cell> = board.iter().collect();
        assert_eq!(
            (cells[0], cells[1], cells[12], cells[143]),
            (Cell::new(0, 0), Cell::new(1, 0), Cell::new(0, 1), Cell::new(11, 11))
        );
        let mut some = CellSet::EMPTY;
        some.insert(Cell::new(11, 11));
        some.insert(Cell::new(3, 5));
        assert_eq!(some.iter().collect::<Vec<_>>(), [Cell::new(3, 5), Cell::new(11, 11)]);
        assert_eq!(board.without(some).len(), 142);
        assert_eq!(board.and(some), some);
        assert!(!some.contains(Cell::new(12, 0)), "past every board");
        some.remove(Cell::new(3, 5));
        assert_eq!(some.first(), Some(Cell::new(11, 11)));
        assert_eq!(Cell::new(4, 1).to_string(), "e2");
    }
}
