//! Rows of stones through a point, and what wins by each rule (rules §2).

use super::board::{Colour, Point};
use super::rules::{Rules, WinRule};

/// The four directions of a row: horizontal, vertical, and the two diagonals.
pub const DIRECTIONS: [(i16, i16); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// What is on a point, as far as rows are concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// No stone.
    Empty,
    /// A stone.
    Stone(Colour),
    /// Past the board's edge.
    Off,
}

/// The unbroken row of one colour through a point in one direction, and what lies just past each end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// How many stones, the point's included.
    pub length: u8,
    /// The cells just past the two ends.
    pub ends: [Cell; 2],
}

/// The row of `colour` through `point` along `direction`, the point counted as a stone of `colour`.
pub fn run_through(cell: &impl Fn(Point) -> Cell, point: Point, colour: Colour, direction: (i16, i16)) -> Run {
    let mut length = 1u8;
    let mut ends = [Cell::Off; 2];
    for (end, sign) in ends.iter_mut().zip([1, -1]) {
        let step = (direction.0 * sign, direction.1 * sign);
        let mut at = point.shifted(step, 1);
        loop {
            match cell(at) {
                Cell::Stone(found) if found == colour => {
                    // A row is at most a board's side long, so the length fits a byte.
                    length = length.saturating_add(1);
                    at = at.shifted(step, 1);
                }
                other => {
                    *end = other;
                    break;
                }
            }
        }
    }
    Run { length, ends }
}

/// Whether a stone of `colour` on `point` wins by `rules` (the point is counted as that stone whatever `cell`
/// says of it).
pub fn wins(rules: Rules, cell: &impl Fn(Point) -> Cell, point: Point, colour: Colour) -> bool {
    let line = rules.line();
    DIRECTIONS.into_iter().any(|direction| {
        let run = run_through(cell, point, colour, direction);
        match rules.win() {
            WinRule::Freestyle => run.length >= line,
            WinRule::Exact => run.length == line,
            WinRule::Caro => {
                let blocked = run.ends.iter().all(|&end| end == Cell::Stone(colour.other()));
                run.length > line || (run.length == line && !blocked)
            }
            WinRule::Renju => match colour {
                Colour::Black => run.length == line,
                Colour::White => run.length >= line,
            },
        }
    })
}
