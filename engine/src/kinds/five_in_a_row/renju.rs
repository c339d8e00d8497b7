//! Renju's forbidden moves for Black (rules §2): an overline, a double-four, a double-three, where a *four* is
//! a row one more stone turns into exactly five, a *straight four* one with two such points, and a *three* a
//! row one more stone turns into a straight four by a move that is itself not forbidden. A move that makes
//! exactly five is never forbidden.
//!
//! The search works on a 15×15 grid of its own (renju is played on 15×15 only), copied from the position onto
//! the stack, so checking a move allocates nothing; trial stones are put on it and taken off again.

use super::board::{Colour, Point, Stones};
use super::lines::{run_through, Cell, DIRECTIONS};

/// The side of a renju board.
const SIDE: i16 = 15;
/// The winning length in renju.
const FIVE: u8 = 5;

/// Which forbidden shape a black stone would make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ForbiddenShape {
    /// Six or more black stones in a row.
    #[error("an overline")]
    Overline,
    /// Two fours at once (in two rows, or two in one row).
    #[error("a double four")]
    DoubleFour,
    /// Two open threes at once.
    #[error("a double three")]
    DoubleThree,
}

/// A 15×15 board for the forbidden-move search.
#[derive(Clone, Copy, Debug)]
pub struct Grid {
    cells: [Option<Colour>; (SIDE * SIDE) as usize],
}

impl Grid {
    /// The grid of `stones`, which lie on 15×15.
    #[must_use]
    pub fn of(stones: &Stones) -> Grid {
        let mut grid = Grid { cells: [None; (SIDE * SIDE) as usize] };
        stones.for_each(|point, colour| grid.set(point, Some(colour)));
        grid
    }

    fn index(point: Point) -> Option<usize> {
        ((0..SIDE).contains(&point.x) && (0..SIDE).contains(&point.y)).then(|| (point.y * SIDE + point.x) as usize)
    }

    fn set(&mut self, point: Point, colour: Option<Colour>) {
        let index = Grid::index(point).expect("a point of the 15x15 board");
        self.cells[index] = colour;
    }

    /// What is on `point`.
    #[must_use]
    pub fn cell(&self, point: Point) -> Cell {
        match Grid::index(point) {
            None => Cell::Off,
            Some(index) => self.cells[index].map_or(Cell::Empty, Cell::Stone),
        }
    }

    /// The forbidden shape a black stone on the empty `point` would make, if any.
    pub fn forbidden(&mut self, point: Point) -> Option<ForbiddenShape> {
        debug_assert_eq!(self.cell(point), Cell::Empty, "only an empty point is tried");
        self.set(point, Some(Colour::Black));
        let shape = self.shape_of_placed(point);
        self.set(point, None);
        shape
    }

    /// The forbidden shape of the black stone just put on `point`.
    fn shape_of_placed(&mut self, point: Point) -> Option<ForbiddenShape> {
        let cell = |at| self.cell(at);
        let runs = DIRECTIONS.map(|direction| run_through(&cell, point, Colour::Black, direction).length);
        if runs.contains(&FIVE) {
            return None;
        }
        if runs.iter().any(|&length| length > FIVE) {
            return Some(ForbiddenShape::Overline);
        }
        let fours = DIRECTIONS.map(|direction| self.fours(point, direction));
        if fours.iter().sum::<u32>() >= 2 {
            return Some(ForbiddenShape::DoubleFour);
        }
        let mut threes = 0;
        for (direction, fours) in DIRECTIONS.into_iter().zip(fours) {
            if fours == 0 && self.is_three(point, direction) {
                threes += 1;
            }
        }
        (threes >= 2).then_some(ForbiddenShape::DoubleThree)
    }

    /// The number of fours through `point` (black) along `direction`: the different sets of four black
    /// stones, `point`'s among them, that one more stone in the same five cells turns into exactly five. A
    /// straight four is one set with two completing points; `●_●●●_●` around the middle stone is two.
    fn fours(&self, point: Point, direction: (i16, i16)) -> u32 {
        let mut sets = [0u16; 5];
        let mut count = 0;
        for start in -4..=0 {
            let mut black = 0;
            let mut empty = 0;
            let mut set = 0u16;
            for offset in start..start + 5 {
                match self.cell(point.shifted(direction, offset)) {
                    Cell::Stone(Colour::Black) => {
                        black += 1;
                        set |= 1 << (offset + 4);
                    }
                    Cell::Empty => empty += 1,
                    Cell::Stone(Colour::White) | Cell::Off => {}
                }
            }
            let black_outside = |offset| self.cell(point.shifted(direction, offset)) == Cell::Stone(Colour::Black);
            let makes_five = black == 4 && empty == 1 && !black_outside(start - 1) && !black_outside(start + 5);
            if makes_five && !sets[..count].contains(&set) {
                sets[count] = set;
                count += 1;
            }
        }
        count as u32
    }

    /// Whether the black stone on `point` is part of a three along `direction`: some empty point nearby turns
    /// the row through `point` into a straight four, and a black stone there is not itself forbidden.
    fn is_three(&mut self, point: Point, direction: (i16, i16)) -> bool {
        for offset in (-4..=4).filter(|&offset| offset != 0) {
            let completing = point.shifted(direction, offset);
            if self.cell(completing) != Cell::Empty {
                continue;
            }
            self.set(completing, Some(Colour::Black));
            let straight = self.is_straight_four(point, completing, direction);
            self.set(completing, None);
            if straight && self.forbidden(completing).is_none() {
                return true;
            }
        }
        false
    }

    /// Whether the black row through `completing` along `direction` is four stones holding `point`, with an
    /// empty point at each end that a fifth stone would turn into exactly five.
    fn is_straight_four(&self, point: Point, completing: Point, direction: (i16, i16)) -> bool {
        let black = |at: Point| self.cell(at) == Cell::Stone(Colour::Black);
        let mut low = 0;
        while black(completing.shifted(direction, low - 1)) {
            low -= 1;
        }
        let mut high = 0;
        while black(completing.shifted(direction, high + 1)) {
            high += 1;
        }
        let holds_point = (low..=high).any(|offset| completing.shifted(direction, offset) == point);
        let open_end = |end: i16, beyond: i16| {
            self.cell(completing.shifted(direction, end)) == Cell::Empty
                && !black(completing.shifted(direction, beyond))
        };
        high - low + 1 == 4 && holds_point && open_end(low - 1, low - 2) && open_end(high + 1, high + 2)
    }
}
