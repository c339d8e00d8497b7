//! The state of every point (rule 1.4) in fixed storage, with the counts kept up to date as points change.

use std::hash::{Hash, Hasher};

use super::field::{FieldSize, Point, MAX_POINTS};
use crate::Seat;

/// What is on a point (rule 1.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Free and unmarked.
    #[default]
    Free,
    /// Free, inside a pocket of the seat that held no enemy dot (4.7).
    House(Seat),
    /// Empty, inside an area the seat captured with paint=later (6.5): playable like a house.
    Deferred(Seat),
    /// Empty and unplayable: painted by the seat's capture (4.6).
    Territory(Seat),
    /// A live dot of the seat.
    Live(Seat),
    /// A dot of the seat, captured by the other seat.
    Captured(Seat),
}

impl Cell {
    /// Whether a dot may be placed here (3.1): free, any house, any deferred point.
    #[must_use]
    pub const fn is_playable(self) -> bool {
        matches!(self, Cell::Free | Cell::House(_) | Cell::Deferred(_))
    }

    /// Whether the point holds no dot.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        !matches!(self, Cell::Live(_) | Cell::Captured(_))
    }
}

/// Every point's [`Cell`], the number of dots each seat holds captured (its count, 5.1) and the number of
/// playable points. All changes go through [`Grid::set`], which keeps the counts.
///
/// Only the field's points are ever set, so two grids are equal when their sizes, counts and the rows of
/// their fields are: equality and hashing look at those rows, not at the whole storage.
#[derive(Clone, Debug)]
pub struct Grid {
    size: FieldSize,
    cells: [Cell; MAX_POINTS],
    counts: [u32; 2],
    playable: u32,
}

impl Grid {
    /// An empty field.
    #[must_use]
    pub fn new(size: FieldSize) -> Grid {
        let playable = u32::from(size.width()) * u32::from(size.height());
        Grid { size, cells: [Cell::Free; MAX_POINTS], counts: [0; 2], playable }
    }

    /// The field's size.
    #[must_use]
    pub const fn size(&self) -> FieldSize {
        self.size
    }

    /// What is on `point`.
    #[must_use]
    pub const fn get(&self, point: Point) -> Cell {
        self.cells[point.index()]
    }

    /// Puts `cell` on `point`, keeping the counts.
    pub fn set(&mut self, point: Point, cell: Cell) {
        let old = std::mem::replace(&mut self.cells[point.index()], cell);
        if let Cell::Captured(colour) = old {
            self.counts[colour.other().index()] -= 1;
        }
        if let Cell::Captured(colour) = cell {
            self.counts[colour.other().index()] += 1;
        }
        self.playable = self.playable - u32::from(old.is_playable()) + u32::from(cell.is_playable());
    }

    /// The number of `seat`'s opponent's dots that `seat` holds captured: its count (5.1).
    #[must_use]
    pub const fn count(&self, seat: Seat) -> u32 {
        self.counts[seat.index()]
    }

    /// Both counts, first seat first.
    #[must_use]
    pub const fn counts(&self) -> [u32; 2] {
        self.counts
    }

    /// The number of points a dot may be placed on.
    #[must_use]
    pub const fn playable(&self) -> u32 {
        self.playable
    }

    /// Whether `point` is a wall for `seat`: one of its live dots (4.3).
    #[must_use]
    pub fn is_wall(&self, seat: Seat, point: Point) -> bool {
        self.get(point) == Cell::Live(seat)
    }

    /// The field's cells, one row (top first) at a time.
    fn rows(&self) -> impl Iterator<Item = &[Cell]> {
        let width = usize::from(self.size.width());
        (0..self.size.height()).map(move |y| {
            let start = Point::new(0, y).index();
            &self.cells[start..start + width]
        })
    }
}

impl PartialEq for Grid {
    fn eq(&self, other: &Grid) -> bool {
        (self.size, self.counts, self.playable) == (other.size, other.counts, other.playable)
            && self.rows().eq(other.rows())
    }
}

impl Eq for Grid {}

impl Hash for Grid {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.size, self.counts, self.playable).hash(state);
        self.rows().for_each(|row| row.hash(state));
    }
}
