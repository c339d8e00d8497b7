//! Cells of the grid and the paths a word is traced along.

use std::fmt;

/// The largest grid's side.
pub const MAX_SIZE: u8 = 7;
/// The most cells a grid has, and so the longest path.
pub const MAX_CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// A cell: its column from the left and its row from the bottom, both from 0. Written `c4` (column `c`, row 4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
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

    /// Whether the cell lies on a grid of `size` × `size`.
    #[must_use]
    pub const fn is_on(self, size: u8) -> bool {
        self.column < size && self.row < size
    }

    /// Whether `other` shares a side with this cell (no diagonals).
    #[must_use]
    pub const fn touches(self, other: Cell) -> bool {
        self.column.abs_diff(other.column) + self.row.abs_diff(other.row) == 1
    }

    /// The cell's place in a grid of `size` × `size`, row by row from the bottom left.
    #[must_use]
    pub const fn index(self, size: u8) -> usize {
        self.row as usize * size as usize + self.column as usize
    }

    /// The cell at `index` of a grid of `size` × `size` (see [`Cell::index`]).
    #[must_use]
    pub const fn at(index: usize, size: u8) -> Cell {
        // Indices of a grid of at most 7 × 7 fit a byte.
        Cell { column: (index % size as usize) as u8, row: (index / size as usize) as u8 }
    }

    /// Calls `visit` with each cell of a grid of `size` × `size` sharing a side with this one: left, right,
    /// below, above.
    pub fn for_each_neighbour(self, size: u8, mut visit: impl FnMut(Cell)) {
        if self.column > 0 {
            visit(Cell::new(self.column - 1, self.row));
        }
        if self.column + 1 < size {
            visit(Cell::new(self.column + 1, self.row));
        }
        if self.row > 0 {
            visit(Cell::new(self.column, self.row - 1));
        }
        if self.row + 1 < size {
            visit(Cell::new(self.column, self.row + 1));
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.column % 26), u32::from(self.row) + 1)
    }
}

/// The cells a word is traced along, in order: at least one, at most [`MAX_CELLS`]. `Copy`, so a move carries
/// its path without allocating. Whether the cells are neighbours, each visited once, is the rules' question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Path {
    cells: [Cell; MAX_CELLS],
    len: u8,
}

impl Path {
    /// The path along `cells`, if there are 1 to [`MAX_CELLS`] of them.
    #[must_use]
    pub fn new(cells: &[Cell]) -> Option<Path> {
        if cells.is_empty() || cells.len() > MAX_CELLS {
            return None;
        }
        let mut path = Path { cells: [Cell::default(); MAX_CELLS], len: 0 };
        path.cells[..cells.len()].copy_from_slice(cells);
        // At most MAX_CELLS, which fits a byte.
        path.len = cells.len() as u8;
        Some(path)
    }

    /// The cells in order.
    #[must_use]
    pub fn cells(&self) -> &[Cell] {
        &self.cells[..usize::from(self.len)]
    }

    /// How many cells (and so letters) the path has.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Always false: a path has at least one cell (for clippy's `len` without `is_empty`).
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (at, cell) in self.cells().iter().enumerate() {
            if at > 0 {
                f.write_str(",")?;
            }
            write!(f, "{cell}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_touch_by_a_side_and_list_their_neighbours_on_the_grid() {
        assert!(Cell::new(2, 3).touches(Cell::new(2, 4)));
        assert!(!Cell::new(2, 3).touches(Cell::new(3, 4)), "no diagonals");
        assert!(!Cell::new(2, 3).touches(Cell::new(2, 3)));
        let mut corner = Vec::new();
        Cell::new(0, 0).for_each_neighbour(5, |cell| corner.push(cell));
        assert_eq!(corner, [Cell::new(1, 0), Cell::new(0, 1)]);
        let mut middle = 0;
        Cell::new(2, 2).for_each_neighbour(5, |_| middle += 1);
        assert_eq!(middle, 4);
        assert_eq!(Cell::at(Cell::new(3, 4).index(6), 6), Cell::new(3, 4));
        assert_eq!(Cell::new(2, 3).to_string(), "c4");
    }

    #[test]
    fn a_path_holds_one_to_forty_nine_cells_and_writes_them_with_commas() {
        assert_eq!(Path::new(&[]), None);
        assert_eq!(Path::new(&[Cell::default(); MAX_CELLS + 1]), None);
        let path = Path::new(&[Cell::new(1, 3), Cell::new(2, 3), Cell::new(2, 2)]).expect("three cells");
        assert_eq!(path.len(), 3);
        assert_eq!(path.to_string(), "b4,c4,c3");
    }
}
