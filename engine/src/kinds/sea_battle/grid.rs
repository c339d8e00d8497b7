//! The square grid ships stand on: cells, sets of cells as bit masks, and the cells around a set. The game's grid
//! is 10 × 10 ([`SIZE`]); the layout counter and generator take any side up to 11 (a mask holds 121 cells), so
//! that the rules document's counts on small boards can be checked.

use super::rules::Touching;

/// The side of the game's grid: columns `A`–`J`, rows `1`–`10`.
pub const SIZE: u8 = 10;

/// The largest side a mask holds.
pub const MAX_SIDE: u8 = 11;

/// One cell of the game's 10 × 10 grid: `A1` is the top-left one, columns are letters, rows numbers from the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// `A1`, the top-left cell.
    pub const TOP_LEFT: Cell = Cell(0);

    /// The cell in `column` and `row`, both from 0, when on the grid.
    #[must_use]
    pub const fn new(column: u8, row: u8) -> Option<Cell> {
        if column < SIZE && row < SIZE {
            Some(Cell(row * SIZE + column))
        } else {
            None
        }
    }

    /// The cell's column, from 0 (`A`).
    #[must_use]
    pub const fn column(self) -> u8 {
        self.0 % SIZE
    }

    /// The cell's row, from 0 (`1`).
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / SIZE
    }

    /// The cell's index, row by row from `A1`: 0 to 99.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The one-cell mask of this cell.
    #[must_use]
    pub const fn mask(self) -> u128 {
        1 << self.0
    }
}

/// The cells of a straight run of `length` cells from (`column`, `row`), rightwards or (`vertical`) downwards, on
/// a grid of side `side`; `None` when it leaves the grid.
#[must_use]
pub fn run_mask(side: u8, column: u8, row: u8, length: u8, vertical: bool) -> Option<u128> {
    if length == 0 || side > MAX_SIDE {
        return None;
    }
    let (column16, row16, last) = (u16::from(column), u16::from(row), u16::from(length) - 1);
    let (end_column, end_row) = if vertical { (column16, row16 + last) } else { (column16 + last, row16) };
    if end_column >= u16::from(side) || end_row >= u16::from(side) {
        return None;
    }
    let step = if vertical { u32::from(side) } else { 1 };
    let start = u32::from(row) * u32::from(side) + u32::from(column);
    Some((0..u32::from(length)).fold(0, |mask, at| mask | 1 << (start + at * step)))
}

/// `mask` and the cells around it that another ship may not take under `touching`: every neighbour with `None`,
/// the side neighbours with `Sides`, none with `Any` (the ship's own cells only).
#[must_use]
pub fn reach(side: u8, mask: u128, touching: Touching) -> u128 {
    let corners = touching == Touching::None;
    if touching == Touching::Any {
        return mask;
    }
    let side_i = i32::from(side);
    let mut out = mask;
    for index in 0..side_i * side_i {
        if mask >> index & 1 == 0 {
            continue;
        }
        let (row, column) = (index / side_i, index % side_i);
        for (d_row, d_column) in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)] {
            let diagonal = d_row != 0 && d_column != 0;
            let (r, c) = (row + d_row, column + d_column);
            if (!diagonal || corners) && (0..side_i).contains(&r) && (0..side_i).contains(&c) {
                out |= 1 << (r * side_i + c);
            }
        }
    }
    out
}
